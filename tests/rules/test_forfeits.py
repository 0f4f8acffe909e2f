"""Forfeit rules for party games, each test named after the rule and citing its source.

Sources: pagat = pagat.com / gambiter, "Strip Poker" (the worst hand, or everyone but the
winner, forfeits; chips bought with a forfeit); WP = Wikipedia, "Strip poker"; party-game rule
write-ups describing the biggest-loser, winner-chooses, reverse and buy-back variants (party).
"""

from __future__ import annotations

import pytest

from pokerrules.cards import parse_cards
from pokerrules.errors import ActionNotAvailableError, BetSizeError, IllegalActionError
from pokerrules.evaluation import Scale
from pokerrules.games.forfeits import (
    ForfeitGame,
    ForfeitRule,
    ForfeitRules,
    who_forfeits,
)

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HANDS = {
    "Ann": parse_cards("As Ad 7c 4h 2s"),  # pair of aces: best
    "Bob": parse_cards("Kc Qd 9h 5s 3c"),  # king high: worst, tied with Cat
    "Cat": parse_cards("Ks Qh 9c 5d 3h"),
    "Dan": parse_cards("8c 8d 6h 5c 2d"),  # pair of eights
}


def test_worst_hand_forfeits_with_ties_pagat() -> None:
    """pagat: the player with the worst hand forfeits; every tied worst hand does."""
    assert who_forfeits(ForfeitRule.WORST_HAND, players=PLAYERS, hands=HANDS) == ("Bob", "Cat")
    only_dan = {
        **HANDS,
        "Bob": parse_cards("Kc Kd 9h 5s 3c"),
        "Cat": parse_cards("Js Jh 9c 5d 3h"),
    }
    assert who_forfeits(ForfeitRule.WORST_HAND, players=PLAYERS, hands=only_dan) == ("Dan",)


def test_worst_hand_on_a_low_scale_party() -> None:
    """Seed: the worst hand is judged by the game played: seven-high is the worst high hand
    here but the best ace-to-five low."""
    hands = {"Ann": parse_cards("7c 5d 4h 3s 2c"), "Bob": parse_cards("Kc Qd 9h 5s 3c")}
    worst_low = who_forfeits(
        ForfeitRule.WORST_HAND, players=["Ann", "Bob"], hands=hands, scale=Scale.ACE_TO_FIVE_LOW
    )
    worst_high = who_forfeits(ForfeitRule.WORST_HAND, players=["Ann", "Bob"], hands=hands)
    assert (worst_low, worst_high) == (("Bob",), ("Ann",))


def test_biggest_loser_forfeits_party() -> None:
    """Seed: the player who lost the most chips in the hand forfeits (ties: all of them);
    nobody forfeits when nobody lost."""
    results = {"Ann": 50, "Bob": -20, "Cat": -20, "Dan": -10}
    assert who_forfeits(ForfeitRule.BIGGEST_LOSER, players=PLAYERS, results=results) == (
        "Bob",
        "Cat",
    )
    even = dict.fromkeys(PLAYERS, 0)
    assert who_forfeits(ForfeitRule.BIGGEST_LOSER, players=PLAYERS, results=even) == ()


def test_best_hand_takes_a_forfeit_party() -> None:
    """Seed: in the reverse game the best hand takes the forfeit."""
    assert who_forfeits(ForfeitRule.BEST_HAND_TAKES, players=PLAYERS, hands=HANDS) == ("Ann",)


def test_best_hand_chooses_who_forfeits_wp() -> None:
    """WP/seed: the winner of the hand chooses who forfeits (anyone but themself)."""
    chosen = who_forfeits(
        ForfeitRule.BEST_HAND_CHOOSES, players=PLAYERS, hands=HANDS, chosen={"Ann": "Dan"}
    )
    assert chosen == ("Dan",)
    with pytest.raises(ActionNotAvailableError, match="Ann holds the best hand") as missing:
        who_forfeits(ForfeitRule.BEST_HAND_CHOOSES, players=PLAYERS, hands=HANDS)
    assert missing.value.legal == "Bob, Cat, Dan"
    with pytest.raises(IllegalActionError, match="cannot choose 'Ann'"):
        who_forfeits(
            ForfeitRule.BEST_HAND_CHOOSES, players=PLAYERS, hands=HANDS, chosen={"Ann": "Ann"}
        )
    with pytest.raises(IllegalActionError, match="only the best hand chooses"):
        who_forfeits(
            ForfeitRule.BEST_HAND_CHOOSES,
            players=PLAYERS,
            hands=HANDS,
            chosen={"Ann": "Dan", "Bob": "Cat"},
        )


def test_everyone_but_the_winner_forfeits_pagat() -> None:
    """pagat: every player except the best hand forfeits (tied winners are all spared)."""
    assert who_forfeits(ForfeitRule.ALL_BUT_WINNER, players=PLAYERS, hands=HANDS) == (
        "Bob",
        "Cat",
        "Dan",
    )
    tied = {"Ann": HANDS["Bob"], "Bob": HANDS["Cat"]}
    assert who_forfeits(ForfeitRule.ALL_BUT_WINNER, players=["Ann", "Bob"], hands=tied) == ()


def test_trading_a_forfeit_for_chips_without_buy_back_pagat() -> None:
    """pagat: a player may give up a forfeit to get chips; without buy-back it is final."""
    game = ForfeitGame.start(PLAYERS, forfeits=3, chips=100, rules=ForfeitRules(trade_chips=50))
    game = game.trade("Bob")
    assert (game.forfeits_left("Bob"), game.chips("Bob")) == (2, 150)
    with pytest.raises(ActionNotAvailableError, match="buy-back is not allowed"):
        game.buy_back("Bob")
    no_trading = ForfeitGame.start(PLAYERS, forfeits=3)
    with pytest.raises(ActionNotAvailableError, match="trading is not allowed"):
        no_trading.trade("Bob")


def test_trading_with_buy_back_party() -> None:
    """Seed: with buy-back a player pays chips to recover a forfeit given up earlier."""
    rules = ForfeitRules(trade_chips=50, buy_back=True, buy_back_price=60)
    game = ForfeitGame.start(PLAYERS, forfeits=3, chips=20, rules=rules).trade("Cat")
    game = game.buy_back("Cat")
    assert (game.forfeits_left("Cat"), game.chips("Cat")) == (3, 10)
    with pytest.raises(ActionNotAvailableError, match="given nothing up"):
        game.buy_back("Cat")
    poor = ForfeitGame.start(PLAYERS, forfeits=3, rules=rules).trade("Cat")
    poor = poor.end_hand(results={"Cat": -50, "Ann": 50}, hands=HANDS)
    with pytest.raises(BetSizeError, match="costs 60 chips and they have 0"):
        poor.buy_back("Cat")


def test_forfeits_are_tracked_across_hands_until_one_player_is_left_pagat() -> None:
    """pagat: a player with nothing left to forfeit is out; the game ends with one left."""
    game = ForfeitGame.start(["Ann", "Bob", "Cat"], forfeits=1)
    game = game.end_hand(hands={"Ann": HANDS["Ann"], "Bob": HANDS["Bob"], "Cat": HANDS["Dan"]})
    assert game.last_forfeited == ("Bob",)
    assert game.in_game == ("Ann", "Cat")
    game = game.end_hand(hands={"Ann": HANDS["Ann"], "Cat": HANDS["Cat"]})
    assert game.is_over
    assert game.tally() == {"Ann": 0, "Bob": 1, "Cat": 1}
    assert [e.hand for e in game.events] == [1, 2]
