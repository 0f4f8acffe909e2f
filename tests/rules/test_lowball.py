"""California lowball: ace-to-five with the joker, played with blinds; no checking on the first
round, no check-raise after the draw, and the sevens rule with its options.

Sources: Robert's Rules of Poker (RRoP), "Lowball" and "Ace-to-Five Lowball"; BARGE rulebook,
appendix B "The Sevens Rule".
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from pokerrules.actions import Bet, Call, Check, Raise
from pokerrules.cards import Deck
from pokerrules.catalogue import CALIFORNIA_LOWBALL
from pokerrules.engine import Hand, Phase, ShowHand, StandPat
from pokerrules.errors import ActionNotAvailableError
from pokerrules.forced_bets import AnteKind
from pokerrules.variants import ForcedBetRules, LowballRules, SevensPenalty, Stakes

STAKES = Stakes.limit(10, 20)
# Heads-up, button 1: seat 0 (big blind) is dealt first. Seat 0 holds a seven-low, seat 1 an
# eight-low; both stand pat.
DECK = Deck.ordered("7c 5d 4h 3s 2c  8d 6h 4c 3d Ad  Kc Qd")


def lowball(**rules: Any) -> Hand:
    variant = attrs.evolve(
        CALIFORNIA_LOWBALL, burn=False, lowball=attrs.evolve(LowballRules(), **rules)
    )
    return Hand.start(variant, stakes=STAKES, stacks=[100, 100], button=1, deck=DECK)


def to_the_draw_and_past(hand: Hand) -> Hand:
    hand = hand.apply(Call()).apply(Check())  # the button completes, the big blind checks
    assert hand.phase is Phase.DRAW
    return hand.apply(StandPat()).apply(StandPat())


def showdown(hand: Hand) -> Hand:
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    return hand


def test_the_joker_is_the_lowest_card_not_in_the_hand_rrop() -> None:
    """RRoP "Ace-to-Five Lowball": the joker is the lowest card not present in the hand."""
    deck = Deck.ordered("Jk As 2d 3h 4s  6c 5d 4c 3d 2h")
    variant = attrs.evolve(CALIFORNIA_LOWBALL, burn=False)
    hand = Hand.start(variant, stakes=STAKES, stacks=[100, 100], button=1, deck=deck)
    hand = showdown(to_the_draw_and_past(hand).apply(Check()).apply(Check()))
    assert hand.outcome is not None and hand.outcome.payouts == {0: 20}


def test_sevens_rule_forfeits_post_draw_action_rrop() -> None:
    """RRoP: if you check a seven or better and it is the best hand, all action after the draw
    is void; you still win what was in the pot before the draw (the default penalty)."""
    hand = to_the_draw_and_past(lowball())
    hand = hand.apply(Check())  # seat 0 checks a seven-low
    hand = hand.apply(Bet(20)).apply(Call())
    hand = showdown(hand)
    out = hand.outcome
    assert out is not None and out.voided
    assert out.payouts == {0: 20}
    assert sorted(out.returned) == [(0, 20), (1, 20)]
    assert hand.stacks == {0: 110, 1: 90}


def test_sevens_rule_forfeit_the_pot_option_barge() -> None:
    """BARGE appendix B: in some clubs a player who passes a seven forfeits the entire pot."""
    hand = to_the_draw_and_past(lowball(sevens_rule=SevensPenalty.FORFEIT_POT))
    hand = showdown(hand.apply(Check()).apply(Bet(20)).apply(Call()))
    assert hand.stacks == {0: 70, 1: 130}


def test_sevens_rule_may_not_check_option_barge() -> None:
    """BARGE appendix B: after the draw you must bet a seven or better (option
    ``sevens_rule_penalty`` = may not check): bet it or fold it."""
    hand = to_the_draw_and_past(lowball(sevens_rule=SevensPenalty.NO_CHECK))
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and not legal.check and legal.bet is not None
    with pytest.raises(ActionNotAvailableError, match="seven or better may not be checked"):
        hand.apply(Check())
    hand = showdown(hand.apply(Bet(20)).apply(Call()))
    assert hand.stacks == {0: 130, 1: 70}


def test_without_the_sevens_rule_a_checked_seven_wins_everything() -> None:
    hand = to_the_draw_and_past(lowball(sevens_rule=None))
    hand = showdown(hand.apply(Check()).apply(Bet(20)).apply(Call()))
    assert hand.stacks == {0: 130, 1: 70}


def test_no_check_raise_after_the_draw_rrop() -> None:
    """RRoP "Ace-to-Five Lowball": in limit play, check-raise is not permitted."""
    hand = to_the_draw_and_past(lowball(sevens_rule=None))
    hand = hand.apply(Check()).apply(Bet(20))
    legal = hand.legal_actions()
    assert (
        legal is not None and legal.kind == "bet" and legal.raise_to is None and legal.call == 20
    )
    with pytest.raises(ActionNotAvailableError, match="check-raising is not allowed"):
        hand.apply(Raise(to=40))


def test_check_raise_allowed_before_the_draw_and_when_the_option_says_so() -> None:
    hand = to_the_draw_and_past(lowball(sevens_rule=None, check_raise_after_draw=True))
    legal = hand.apply(Check()).apply(Bet(20)).legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.raise_to is not None


def test_no_checking_on_the_first_round_pass_and_out_rrop() -> None:
    """RRoP "Lowball": no checking before the draw -- in a game without blinds the first
    player in must open or fold."""
    variant = attrs.evolve(
        CALIFORNIA_LOWBALL,
        forced_bets=ForcedBetRules(blinds=0, ante=AnteKind.EACH),
    )
    hand = Hand.start(
        variant,
        stakes=Stakes(ante=1, small_bet=10, big_bet=20),
        stacks=[100] * 3,
        button=2,
        seed=5,
    )
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet"
    assert not legal.check and legal.fold and legal.bet is not None
    with pytest.raises(ActionNotAvailableError, match="no checking on the first round"):
        hand.apply(Check())
    open_ = hand.apply(Bet(10))
    assert open_.actor == 1


def test_the_big_blind_keeps_its_option_rrop() -> None:
    """With blinds the big blind's blind has opened the pot: when only called, the big blind
    may check or raise."""
    hand = lowball().apply(Call())
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.check and not legal.fold


def test_two_round_games_cap_at_five_bets_rrop() -> None:
    """RRoP caps two-round draw and lowball games at five bets (the big blind counts)."""
    variant = attrs.evolve(CALIFORNIA_LOWBALL, burn=False)
    hand = Hand.start(
        variant, stakes=STAKES, stacks=[500] * 3, button=2, deck=Deck.shuffled(seed=1, joker=True)
    )
    for to in (20, 30, 40, 50):
        hand = hand.apply(Raise(to=to))
    legal = hand.legal_actions()
    assert (
        legal is not None
        and legal.kind == "bet"
        and legal.raise_to is None
        and legal.call is not None
    )
    assert hand.variant.deck.remaining == 53  # the deck with the joker


def test_sevens_rule_voids_only_the_pots_the_violator_plays_for_barge() -> None:
    """BARGE appendix B: when a seven-or-better checked after the draw, each bettor takes back
    their own post-draw money -- in the pots the violator is in. A side pot between two other
    players, above the violator's all-in, is played for normally."""
    variant = attrs.evolve(CALIFORNIA_LOWBALL, burn=False)
    # three-handed, button 0: seat 1 (small blind, 25 chips) gets Jk-3-4-5-7, seat 2 (big
    # blind) 9-8-4-3-2, seat 0 (button) 8-6-4-3-2; all stand pat
    deck = Deck.ordered("Jk 3c 4c 5c 7d  9s 8s 4s 3s 2h  8d 6h 4h 3h 2d")
    hand = Hand.start(variant, stakes=STAKES, stacks={0: 500, 1: 25, 2: 500}, button=0, deck=deck)
    hand = hand.apply(Call()).apply(Call()).apply(Check())
    for _ in range(3):
        hand = hand.apply(StandPat())
    hand = hand.apply(Check())  # seat 1 checks its seven-low: a violation
    hand = hand.apply(Bet(20)).apply(Raise(to=40)).apply(Call()).apply(Call())
    hand = showdown(hand)
    out = hand.outcome
    assert out is not None
    assert dict(out.returned) == {0: 15, 1: 15, 2: 15}  # the post-draw chips of the main pot
    assert out.payouts == {0: 50, 1: 30}  # the side pot to the 8-6 low; the pre-draw pot to 1
    assert sum(hand.stacks.values()) == 1025


def test_may_not_check_option_lets_only_a_seven_fold_without_a_bet_barge() -> None:
    """BARGE appendix B ("may not check"): only a seven or better is made to bet or fold; any
    other hand checks as usual and is not offered a pointless fold."""
    variant = attrs.evolve(
        CALIFORNIA_LOWBALL,
        burn=False,
        lowball=attrs.evolve(LowballRules(), sevens_rule=SevensPenalty.NO_CHECK),
    )
    deck = Deck.ordered("9c 5d 4h 3s 2c  7d 6h 4c 3d Ad  Kc Qd")  # seat 0 a nine, seat 1 a seven
    hand = to_the_draw_and_past(
        Hand.start(variant, stakes=STAKES, stacks=[100, 100], button=1, deck=deck)
    )
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.seat == 0
    assert legal.check and not legal.fold
