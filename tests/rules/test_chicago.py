"""Swedish Chicago, rule by rule and option by option.

Each test is named after its source: ``pagat`` (pagat.com "Chicago"), ``wp`` (English
Wikipedia "Chicago (poker card game)", its basic game and its "Variations"), ``swedish_text``
(the project's Swedish description), ``kortspelsregler``/``pokernobless``/``spelakort`` (the
Swedish rule sites), ``rules_list`` (the option list, for options no source defines).

Most tests stack the deck with :func:`stacked_deck`. With three players and seat 0 dealing,
the turn order is seats 1, 2, 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
import pytest

from pokerrules import Card, Deck, Rank, Suit, parse_cards
from pokerrules.errors import (
    ActionNotAvailableError,
    CardNotHeldError,
    ChicagoCallError,
    DeclarationError,
    ExchangeStoppedError,
    InvalidDefinitionError,
    NotFollowingSuitError,
    StockExhaustedError,
)
from pokerrules.evaluation import evaluate_high
from pokerrules.games.chicago import (
    FINNISH_RULES,
    STOP_42_SIX_CARDS,
    STOP_45,
    STOP_46_NEXT_DEAL,
    SWEDISH_RULES,
    WIKIPEDIA_RULES,
    AcceptOneUp,
    Action,
    CallChicago,
    ChicagoGame,
    ChicagoRules,
    Declare,
    DeclineOneUp,
    Discard,
    EqualHands,
    Exchange,
    GameEnd,
    HandEffect,
    OneUp,
    Overshoot,
    Pass,
    Phase,
    PlayCard,
    PointsTable,
    ReplaceHand,
    Reshuffled,
    ScoreReason,
    Shown,
    StockRule,
    stacked_deck,
)

# --- helpers ----------------------------------------------------------------------------------


def start(
    hands: Sequence[str],
    stock: str = "",
    *,
    rules: ChicagoRules | None = None,
    dealer: int = 0,
    scores: Sequence[int] | None = None,
    more: Sequence[Deck] = (),
) -> ChicagoGame:
    """A game whose first deal gives ``hands`` (by seat) and then draws ``stock``."""
    deck = stacked_deck(hands, stock, dealer=dealer)
    return ChicagoGame.new(
        len(hands), rules=rules, seed=0, dealer=dealer, decks=[deck, *more], scores=scores
    )


def plain_action(game: ChicagoGame) -> Action:
    """Stand pat (six cards: discard the lowest), decline one-up cards, declare whenever
    allowed, never call, play the lowest legal card."""
    seat = game.to_act
    assert seat is not None, "the game is over"
    hand = game.hands[seat]
    phase = game.phase
    if phase is Phase.EXCHANGE:
        return Discard(min(hand)) if len(hand) > 5 else Exchange(())
    if phase is Phase.ONE_UP:
        return DeclineOneUp()
    if phase is Phase.DECLARATION:
        return Declare() if Declare() in game.legal_actions() else Pass()
    if phase is Phase.CHICAGO:
        return Pass()
    return PlayCard(game.playable_cards()[0])


def auto(game: ChicagoGame, until: Callable[[ChicagoGame], bool]) -> ChicagoGame:
    """Play :func:`plain_action` until ``until`` holds."""
    for _ in range(500):
        if until(game):
            return game
        game = game.apply(plain_action(game))
    raise AssertionError("auto() ran away")


def at(phase: Phase) -> Callable[[ChicagoGame], bool]:
    return lambda game: game.phase is phase


def play(game: ChicagoGame, text: str) -> ChicagoGame:
    """Play these cards in order, each by the player to act."""
    for card in parse_cards(text):
        game = game.apply(PlayCard(card))
    return game


def reasons(game: ChicagoGame, deal: int | None = None) -> list[tuple[int, int, ScoreReason]]:
    """(seat, points, reason) of every score entry (of one deal)."""
    return [
        (e.seat, e.points, e.reason) for e in game.sheet.entries if deal is None or e.deal == deal
    ]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# Hands holding nothing but a high card, for deals where only the tricks matter.
LOW_1 = "2c 3c 4d 5d 7h"
LOW_0 = "2h 3h 4h 5h 8s"
TOP_SPADES = "As Ks Qs Jd 9c"
# The tricks when seat 2 calls with TOP_SPADES against LOW_1 and LOW_0, leading every trick.
CHICAGO_MADE = "As 8s 2c Ks 2h 3c Qs 3h 4d Jd 4h 5d 9c 5h 7h"
# A deal in which seat 0 scores a pair, then takes the last trick with Ts.
PAIR_AND_LAST = ["9s 9c 8d Ts 2h", "Ah Kh 2c 3d 4s", "Qh Jh 5c 6d 7s"]


# --- dealing ----------------------------------------------------------------------------------


def test_pagat_five_cards_each_dealt_one_at_a_time_from_the_dealers_left() -> None:
    """pagat: "The dealer deals 5 cards to each player, one at a time", play is clockwise."""
    game = ChicagoGame.new(3, seed=0, dealer=0, decks=[Deck.standard()])
    # New-deck order is 2c 3c ... Ac 2d ...; seat 1 (left of the dealer) receives first.
    assert game.hands[1] == cards("2c 5c 8c Jc Ac")
    assert game.hands[2] == cards("3c 6c 9c Qc 2d")
    assert game.hands[0] == cards("4c 7c Tc Kc 3d")
    assert game.stock[0] == Card("4d") and len(game.stock) == 52 - 15
    assert game.turn_order == (1, 2, 0) and game.to_act == 1


def test_pagat_the_deal_passes_clockwise_after_each_hand() -> None:
    """pagat: "thereafter the turn to deal passes clockwise after each hand"."""
    game = auto(start(["Qs Js 8h 6d 4c", LOW_1, "Kh Kd 7s 7c 2d"]), lambda g: g.deal_number == 2)
    assert game.dealer == 1 and game.turn_order == (2, 0, 1) and game.to_act == 2
    assert game.sheet.dealers == (0, 1)


# --- exchanges --------------------------------------------------------------------------------


def test_pagat_exchange_any_number_of_cards_in_turn_from_the_dealers_left() -> None:
    """pagat: each player "starting with the player on the dealer's left ... may discard as
    many cards from his hand as he wishes and receive an equal number new cards"."""
    game = start(["Qs Js 8h 6d 4c", LOW_1, "Kh Kd 7s 7c 2d"], "As Ad Ah 9c")
    game = game.apply(Exchange("2c 3c 4d"))
    assert sorted(game.hands[1]) == sorted(cards("5d 7h As Ad Ah"))
    assert sorted(game.discards) == sorted(cards("2c 3c 4d"))
    assert game.to_act == 2 and game.stock[0] == Card("9c")
    game = game.apply(Exchange(()))  # seat 2 keeps its cards
    assert game.hands[2] == cards("Kh Kd 7s 7c 2d")
    game = game.apply(Exchange(game.hands[0]))  # seat 0 throws in all five
    assert set(game.hands[0]).isdisjoint(cards("Qs Js 8h 6d 4c")) and len(game.hands[0]) == 5


def test_wp_one_up_accepting_takes_the_face_up_card() -> None:
    """WP: exchanging one card, a player "may choose 'one up' ... dealt one card faced up,
    which he can either accept, or instead take the next card unseen"."""
    game = start(["Qs Js 8h 6d 4c", LOW_1, "Kh Kd 7s 7c 2d"], "Tc 9d")
    assert OneUp("7h") in game.legal_actions()
    game = game.apply(OneUp("7h"))
    assert game.phase is Phase.ONE_UP and game.up_card == Card("Tc") and game.to_act == 1
    assert game.legal_actions() == (AcceptOneUp(), DeclineOneUp())
    game = game.apply(AcceptOneUp())
    assert Card("Tc") in game.hands[1] and Card("7h") not in game.hands[1]
    assert Card("Tc") in game.exposed[1]  # everybody saw it
    assert game.to_act == 2 and game.stock[0] == Card("9d")


def test_wp_one_up_declining_discards_the_face_up_card_and_takes_the_next() -> None:
    """WP: "... or instead take the next card unseen"; the refused card is discarded."""
    game = start(["Qs Js 8h 6d 4c", LOW_1, "Kh Kd 7s 7c 2d"], "Tc 9d")
    game = game.apply(OneUp("7h")).apply(DeclineOneUp())
    assert Card("9d") in game.hands[1] and Card("Tc") not in game.hands[1]
    assert set(game.discards) == {Card("7h"), Card("Tc")}


def test_wp_variation_without_the_one_up_rule() -> None:
    """WP "Variations": "Some do not use the 'one up' rule"."""
    game = start(["Qs Js 8h 6d 4c", LOW_1, "Kh Kd 7s 7c 2d"], rules=ChicagoRules(one_up=False))
    assert not any(isinstance(a, OneUp) for a in game.legal_actions())
    with pytest.raises(ActionNotAvailableError, match="no one-up"):
        game.apply(OneUp("7h"))


# --- the points table and the declarations ----------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        ("Ah Kd 9c 5s 3h", 0),
        ("9h 9d Kc 5s 3h", 1),
        ("9h 9d 5c 5s 3h", 2),
        ("9h 9d 9c 5s 3h", 3),
        ("9h Td Jc Qs Kh", 4),
        ("2h 7h 9h Jh Kh", 5),
        ("9h 9d 9c 5s 5h", 6),
        ("9h 9d 9c 9s 5h", 7),
        ("5h 6h 7h 8h 9h", 8),
        ("Ah Kh Qh Jh Th", 52),
    ],
)
def test_pagat_points_table(hand: str, points: int) -> None:
    """pagat: one pair 1, two pairs 2, trips 3, straight 4, flush 5, full house 6, four of a
    kind 7, straight flush 8, royal straight flush 52; a high card scores nothing."""
    assert PointsTable().award(evaluate_high(cards(hand)))[0] == points


def test_pagat_only_the_single_best_hand_scores_after_a_scoring_exchange() -> None:
    """pagat: "the player with the best poker hand scores points for it"; WP: "the player
    with the best hand (and only one player) gets points for his hand"."""
    game = start(["Qs Js 8h 6d 4c", "9h 9d Ac 5s 3h", "Kh Kd 7s 7c 2d"])
    game = auto(game, at(Phase.DECLARATION))
    game = game.apply(Declare())  # seat 1: a pair of nines
    game = game.apply(Declare())  # seat 2: two pair beats it
    assert game.legal_actions() == (Pass(),)  # seat 0 holds a high card
    game = game.apply(Pass())
    assert reasons(game) == [(2, 2, ScoreReason.HAND)]
    assert game.scores == (0, 0, 2)


def test_kortspelsregler_only_a_better_hand_may_be_declared() -> None:
    """kortspelsregler.com: a player whose hand beats the last one announced says so; with a
    lower hand "säger han bara 'Pass'"."""
    game = start(["Qs Js 8h 6d 4c", "Kh Kd 7s 7c 2d", "9h 9d Ac 5s 3h"])
    game = auto(game, at(Phase.DECLARATION)).apply(Declare())
    assert game.legal_actions() == (Pass(),)
    with pytest.raises(DeclarationError, match="not better than the Two pair") as error:
        game.apply(Declare())
    assert error.value.seat == 2 and error.value.legal == "pass"
    with pytest.raises(DeclarationError, match="High card"):
        game.apply(Pass()).apply(Declare())


def test_kortspelsregler_equal_categories_compare_by_poker_rank() -> None:
    """kortspelsregler.com: equal kinds of hand are settled by "vanliga pokerregler"."""
    game = start(["Qs Js 8h 6d 4c", "Kh Kd 7s 7c 2d", "Ah Ad 2s 2c 3h"])
    game = auto(game, at(Phase.DECLARATION)).apply(Declare())
    assert Declare() in game.legal_actions()  # aces up beat kings up
    game = game.apply(Declare()).apply(Pass())
    assert reasons(game) == [(2, 2, ScoreReason.HAND)]


def test_rules_list_an_exact_tie_goes_to_the_player_earlier_in_turn() -> None:
    """Option list, equal hands: "poker rank, then earlier in turn order" (default)."""
    game = start(["Qs Js 8h 6d 4c", "Kh Kd 7s 7c 2d", "Ks Kc 7h 7d 2h"])
    game = auto(game, at(Phase.DECLARATION)).apply(Declare())
    with pytest.raises(DeclarationError):
        game.apply(Declare())
    game = auto(game, at(Phase.CHICAGO))
    assert reasons(game) == [(1, 2, ScoreReason.HAND)]


def test_rules_list_exact_ties_can_be_shared() -> None:
    """Option list, equal hands: "... | shared": every equal best hand scores."""
    rules = ChicagoRules(equal_hands=EqualHands.SHARED)
    game = start(["Qs Js 8h 6d 4c", "Kh Kd 7s 7c 2d", "Ks Kc 7h 7d 2h"], rules=rules)
    game = auto(game, at(Phase.DECLARATION)).apply(Declare()).apply(Declare()).apply(Pass())
    assert reasons(game) == [(1, 2, ScoreReason.HAND), (2, 2, ScoreReason.HAND)]


def test_pagat_a_high_card_cannot_be_declared_and_nobody_scores() -> None:
    """pagat's table starts at one pair: a high card scores nothing."""
    game = start(["Qs Js 8h 6d 4c", LOW_1, "Kh Jd 9s 7c 2d"])
    game = auto(game, at(Phase.DECLARATION))
    assert game.legal_actions() == (Pass(),)
    game = auto(game, at(Phase.CHICAGO))
    assert game.sheet.entries == ()


def test_wp_two_exchanges_score_after_the_first_only() -> None:
    """WP: after the scoring exchange "follows another round of exchanges, but no hand
    scoring" (the default: two exchanges)."""
    game = start(["Qs Js 8h 6d 4c", LOW_1, "Kh Kd 7s 7c 2d"])
    assert game.rules.exchanges == 2
    game = auto(game, at(Phase.DECLARATION))
    assert game.exchange_number == 1
    game = auto(game, lambda g: g.phase is not Phase.DECLARATION)
    assert game.phase is Phase.EXCHANGE and game.exchange_number == 2
    game = auto(game, lambda g: g.phase is not Phase.EXCHANGE)
    assert game.phase is Phase.CHICAGO  # no declarations after the last exchange


def test_swedish_text_three_exchanges_score_after_the_first_and_second() -> None:
    """kortspelsregler.com: three exchanges, the best hand scoring
    after the first and the second; WP "Variations": "Some play with 3 exchanges"."""
    game = start(["Qs Js 8h 6d 4c", LOW_1, "Kh Kd 7s 7c 2d"], rules=ChicagoRules(exchanges=3))
    seen: list[tuple[str, int]] = []
    while game.phase is not Phase.CHICAGO:
        moment = (game.phase.name, game.exchange_number)
        if not seen or seen[-1] != moment:
            seen.append(moment)
        game = game.apply(plain_action(game))
    assert seen == [
        ("EXCHANGE", 1),
        ("DECLARATION", 1),
        ("EXCHANGE", 2),
        ("DECLARATION", 2),
        ("EXCHANGE", 3),
    ]
    assert reasons(game) == [(2, 2, ScoreReason.HAND), (2, 2, ScoreReason.HAND)]


def test_rules_list_which_exchanges_score_is_an_option() -> None:
    """WP "Variations" leaves the scoring exchanges to the table: score only after the
    second of three, say."""
    rules = ChicagoRules(exchanges=3, scoring_exchanges=(2,))
    game = auto(
        start(["Qs Js 8h 6d 4c", LOW_1, "Kh Kd 7s 7c 2d"], rules=rules), at(Phase.DECLARATION)
    )
    assert game.exchange_number == 2


def test_kortspelsregler_a_player_who_scored_shows_the_hand_before_exchanging_again() -> None:
    """kortspelsregler.com: a player who scored for the best hand shows it before breaking it
    up; here the scorer shows at the next exchange, before the last exchange."""
    game = start(["Qs Js 8h 6d 4c", LOW_1, "Kh Kd 7s 7c 2d"])
    game = auto(game, at(Phase.DECLARATION))
    game = auto(game, lambda g: g.phase is Phase.EXCHANGE)  # exchange 2 begins
    assert game.to_act == 1 and not game.exposed[2]
    game = game.apply(Exchange(()))
    assert game.to_act == 2
    shown = [e for e in game.log if isinstance(e, Shown)]
    assert shown == [Shown(deal=1, seat=2, cards=cards("Kh Kd 7s 7c 2d"))]
    assert game.exposed[2] == frozenset(cards("Kh Kd 7s 7c 2d"))
    game = game.apply(Exchange("2d"))  # breaking the hand: the discard is no longer exposed
    assert Card("2d") not in game.exposed[2]


# --- tricks -----------------------------------------------------------------------------------


def test_pagat_left_of_the_dealer_leads_and_the_trick_winner_leads_next() -> None:
    """pagat/WP: the player left of the dealer leads the first trick; "Ordinary whist rules
    apply": the winner of a trick leads the next."""
    game = auto(start([LOW_0, LOW_1, TOP_SPADES]), at(Phase.TRICKS))
    assert game.to_act == 1
    game = play(game, "7h 9c 2h")  # hearts led: seat 1's 7h beats seat 0's 2h
    assert game.tricks[0].winner == 1 and game.to_act == 1


def test_pagat_players_must_follow_suit() -> None:
    """pagat/WP: whist rules: a player must follow the suit led if able. The error names the
    suit led and the cards that may be played."""
    game = auto(start(["Qs Js 8h 6d 4c", "Ah Kh 2c 3d 4s", "Qh 9h 5c 6c 7s"]), at(Phase.TRICKS))
    game = game.apply(PlayCard("Kh"))
    assert game.playable_cards() == cards("9h Qh")
    with pytest.raises(NotFollowingSuitError) as error:
        game.apply(PlayCard("5c"))
    assert error.value.suit_led is Suit.HEARTS
    assert error.value.legal_cards == cards("9h Qh")
    assert "hearts" in str(error.value) and "9h Qh" in str(error.value)
    with pytest.raises(CardNotHeldError):
        game.apply(PlayCard("As"))


def test_pagat_no_trumps_the_highest_card_of_the_suit_led_wins() -> None:
    """pagat: no trumps; a card of another suit never wins, however high."""
    game = auto(start(["As Ks 8h 6d 4d", "2c 3h 5h 7d 9s", "Kh Qh Jh 6c 7s"]), at(Phase.TRICKS))
    game = play(game, "2c 6c As")  # seat 0 has no club: its ace of spades cannot win
    assert game.tricks[0].winner == 2


def test_pagat_the_last_trick_scores_five_then_the_best_final_hand_scores() -> None:
    """pagat/WP: "The player who wins the last trick gets 5 points. Also, the player with
    the best hand (whether it is the same player or not) gets points for his hand"."""
    game = auto(start(PAIR_AND_LAST), at(Phase.TRICKS))
    # Lowest cards: 2c 5c 9c | 2h Kh Jh | 3d 6d 8d | 9s 4s 7s | Ts Ah Qh.
    game = auto(game, lambda g: g.deal_number == 2)
    assert reasons(game, 1) == [
        (0, 1, ScoreReason.HAND),
        (0, 5, ScoreReason.LAST_TRICK),
        (0, 1, ScoreReason.FINAL_HAND),
    ]
    assert game.scores == (7, 0, 0)


def test_pokernobless_the_last_trick_may_score_two() -> None:
    """pokernobless.se: the player who wins the tricks "får 2 poäng"."""
    game = start(PAIR_AND_LAST, rules=ChicagoRules(last_trick_points=2))
    game = auto(game, lambda g: g.deal_number == 2)
    assert (0, 2, ScoreReason.LAST_TRICK) in reasons(game, 1)


DEUCE_HANDS = ["3d 4d 5d 7d 9c", "As Ks Qs Js 2h", "3c 4c 5c 7c 9d"]
# Seat 1 wins four spade tricks, then its 2h wins the last: nobody else has a heart.
DEUCE_TRICKS = "As 3c 3d Ks 4c 4d Qs 5c 5d Js 7c 7d 2h 9d 9c"


def test_wp_variation_the_last_trick_won_with_a_deuce_scores_ten() -> None:
    """WP "Variations": "Some award 10 points instead of 5 if the last trick is taken with a
    deuce"."""
    rules = ChicagoRules(last_trick_deuce_points=10)
    game = play(auto(start(DEUCE_HANDS, rules=rules), at(Phase.TRICKS)), DEUCE_TRICKS)
    assert reasons(game, 1) == [(1, 10, ScoreReason.LAST_TRICK_DEUCE)]
    plain = play(auto(start(DEUCE_HANDS), at(Phase.TRICKS)), DEUCE_TRICKS)
    assert reasons(plain, 1) == [(1, 5, ScoreReason.LAST_TRICK)]


def test_wp_variation_a_chicago_won_with_a_deuce_scores_thirty() -> None:
    """WP "Variations": with the deuce rule, 30 points for a Chicago taken with a deuce."""
    rules = ChicagoRules(last_trick_deuce_points=10, chicago_deuce_points=30)
    game = auto(start(DEUCE_HANDS, rules=rules), at(Phase.CHICAGO)).apply(CallChicago())
    game = play(game, DEUCE_TRICKS)
    assert reasons(game, 1) == [(1, 30, ScoreReason.CHICAGO_WON_DEUCE)]


# --- Chicago ----------------------------------------------------------------------------------


def chicago_called(
    rules: ChicagoRules | None = None, seat1: str = LOW_1, **kw: object
) -> ChicagoGame:
    """Seat 2 calls Chicago with TOP_SPADES after plain exchanges and declarations."""
    game = auto(start([LOW_0, seat1, TOP_SPADES], rules=rules, **kw), at(Phase.CHICAGO))  # type: ignore[arg-type]
    assert game.to_act == 1
    return game.apply(Pass()).apply(CallChicago())


def test_wp_a_chicago_made_scores_fifteen_and_never_the_last_trick() -> None:
    """WP: a player who plays Chicago "pledges himself to win all the tricks ... If he does,
    he is awarded 15 points"; "The +5 for the game, however, can never be stacked with the
    +15 for Chicago"."""
    game = chicago_called()
    assert game.phase is Phase.TRICKS and game.caller == 2  # one call ends the calling
    game = play(game, CHICAGO_MADE)
    assert reasons(game, 1) == [(2, 15, ScoreReason.CHICAGO_WON)]
    assert game.deal_number == 2 and game.chicago_callers == frozenset({2})


def test_pokernobless_the_chicago_caller_leads() -> None:
    """pokernobless.se: "Spelaren som ropar Chicago får börja omgången" (the default)."""
    game = chicago_called()
    assert game.to_act == 2 and game.tricks[0].leader == 2


def test_wp_basic_game_the_player_left_of_the_dealer_leads_even_after_a_call() -> None:
    """WP's basic game: "the first player begins by playing one card"; the caller leads only
    in its 13-point variation."""
    game = chicago_called(ChicagoRules(chicago_caller_leads=False))
    assert game.to_act == 1
    game = play(game, "2c 9c 2h As 8s 3c Ks 3h 4d Qs 4h 5d Jd 5h 7h")
    assert reasons(game, 1) == [(2, 15, ScoreReason.CHICAGO_WON)]


def test_wp_a_chicago_lost_costs_fifteen_and_play_stops_at_the_first_lost_trick() -> None:
    """WP: "if he fails, the penalty is just as harsh: -15 points"; play stops at the first
    trick the caller loses, so nobody takes a last trick."""
    game = chicago_called(seat1="2c 3c 4d 5d Ad")  # seat 1 holds a wheel and the Ad
    game = play(game, "As 8s 2c Ks 2h 3c Qs 3h 4d Jd 4h Ad")
    assert len(game.tricks) <= 5 and game.deal_number == 2
    assert reasons(game, 1) == [
        (1, 4, ScoreReason.HAND),
        (2, -15, ScoreReason.CHICAGO_LOST),
        (1, 4, ScoreReason.FINAL_HAND),
    ]
    assert game.scores == (0, 8, -15)  # negative scores are allowed by default


def test_wp_variation_no_other_points_in_a_chicago_deal() -> None:
    """WP "Variations": "Some will argue that no player will get any points at all besides the
    +15 or -15"."""
    game = chicago_called(ChicagoRules(chicago_hand_points=False), seat1="2c 3c 4d 5d Ad")
    game = play(game, "As 8s 2c Ks 2h 3c Qs 3h 4d Jd 4h Ad")
    assert reasons(game, 1) == [(1, 4, ScoreReason.HAND), (2, -15, ScoreReason.CHICAGO_LOST)]


def test_swedish_text_scores_never_go_below_zero() -> None:
    """A Swedish house rule keeps scores at zero or more (with its 15-point minimum a Chicago
    cannot take a score below zero); the option floors any loss at zero."""
    game = chicago_called(ChicagoRules(negative_scores=False), seat1="2c 3c 4d 5d Ad")
    game = play(game, "As 8s 2c Ks 2h 3c Qs 3h 4d Jd 4h Ad")
    assert (2, -15, ScoreReason.CHICAGO_LOST) in reasons(game, 1)
    assert (2, 15, ScoreReason.FLOOR) in reasons(game, 1)
    assert game.scores[2] == 0


def test_wp_variation_chicago_for_thirteen() -> None:
    """WP "Variations": "award +13/-13 points for Chicago"."""
    game = play(chicago_called(ChicagoRules(chicago_points=13)), CHICAGO_MADE)
    assert reasons(game, 1) == [(2, 13, ScoreReason.CHICAGO_WON)]


@pytest.mark.parametrize("minimum", [13, 15])
def test_wp_variation_and_swedish_text_a_minimum_score_to_call_chicago(minimum: int) -> None:
    """WP "Variations": "forbidden to declare Chicago unless the player has reached 13
    points"; a Swedish house rule: 15 points."""
    rules = ChicagoRules(chicago_minimum_score=minimum)
    game = auto(start([LOW_0, LOW_1, TOP_SPADES], rules=rules), at(Phase.CHICAGO)).apply(Pass())
    assert game.legal_actions() == (Pass(),)
    with pytest.raises(ChicagoCallError, match=f"needs {minimum} points"):
        game.apply(CallChicago())
    rich = start([LOW_0, LOW_1, TOP_SPADES], rules=rules, scores=(0, 0, minimum))
    rich = auto(rich, at(Phase.CHICAGO)).apply(Pass())
    assert CallChicago() in rich.legal_actions()


# --- big hands --------------------------------------------------------------------------------

ROYAL = ["2h 3h 4h 5h 8s", "As Ks Qs Js Ts", "Kh Kd 7s 7c 2d"]


def test_pagat_the_royal_flush_scores_52_and_wins_at_once() -> None:
    """pagat: "royal straight flush 52"; kortspelsregler.com: 52 points and "automatiskt
    vinst" -- the game ends in the middle of the deal."""
    game = auto(start(ROYAL), at(Phase.DECLARATION)).apply(Declare()).apply(Pass()).apply(Pass())
    assert game.is_over and game.winner == 1 and game.deal_number == 1
    assert reasons(game) == [(1, 52, ScoreReason.HAND)]


def test_kortspelsregler_the_royal_flush_wins_whatever_the_end_rule() -> None:
    """kortspelsregler.com: the royal straight flush "ger automatiskt vinst" -- even where a
    Chicago is otherwise needed to win."""
    rules = ChicagoRules(game_end=GameEnd.CHICAGO_REQUIRED)
    game = auto(start(ROYAL, rules=rules), at(Phase.DECLARATION))
    game = game.apply(Declare()).apply(Pass()).apply(Pass())
    assert game.winner == 1 and not game.chicago_callers


@pytest.mark.parametrize(
    ("table", "points"),
    [
        (PointsTable(royal_flush=20, royal_flush_effect=HandEffect.POINTS), 20),
        (PointsTable(royal_flush=9, royal_flush_effect=HandEffect.POINTS), 9),
        (PointsTable(royal_flush=None), 8),
    ],
)
def test_wp_the_royal_flush_may_score_20_or_9_or_as_a_straight_flush(
    table: PointsTable, points: int
) -> None:
    """WP's table: "Royal Flush - 20 points"; WP "Variations": "awarding 9 points for a Royal
    Flush"; or no separate royal flush at all."""
    game = auto(start(ROYAL, rules=ChicagoRules(points=table)), at(Phase.DECLARATION))
    game = game.apply(Declare()).apply(Pass()).apply(Pass())
    assert not game.is_over and game.phase is Phase.EXCHANGE
    assert reasons(game) == [(1, points, ScoreReason.HAND)]


def test_wp_royal_flush_twenty_in_the_wikipedia_preset() -> None:
    """WP's table: "Royal Flush - 20 points"."""
    game = auto(start(ROYAL, rules=WIKIPEDIA_RULES), at(Phase.DECLARATION)).apply(Declare())
    game = game.apply(Pass()).apply(Pass())
    assert reasons(game) == [(1, 20, ScoreReason.HAND)] and not game.is_over


def test_wp_variation_four_of_a_kind_resets_the_opponents() -> None:
    """WP "Variations": "lowering ... all players ... to 0 points"; spelskoj.se: four of a
    kind "eller nollställning av övriga spelares poäng"."""
    rules = ChicagoRules(points=PointsTable(four_of_a_kind_effect=HandEffect.RESET_OPPONENTS))
    game = start(
        ["2h 3h 4h 5h 8s", "9h 9d 9c 9s 6h", "Kh Kd 7s 7c 2d"], rules=rules, scores=(10, 20, 30)
    )
    game = auto(game, at(Phase.DECLARATION)).apply(Declare()).apply(Pass()).apply(Pass())
    assert reasons(game) == [
        (1, 7, ScoreReason.HAND),
        (0, -10, ScoreReason.RESET),
        (2, -30, ScoreReason.RESET),
    ]
    assert game.scores == (0, 27, 0)


SF = ["2h 3h 4h 5h 8s", "5d 6d 7d 8d 9d", "Kh Kd 7s 7c 2d"]


def test_wp_variation_a_straight_flush_jumps_to_52() -> None:
    """WP "Variations": "elevating the player immediately to 52 points"."""
    table = PointsTable(straight_flush_effect=HandEffect.JUMP_TO_TARGET)
    rules = ChicagoRules(points=table, game_end=GameEnd.WIN_AGAIN)
    game = auto(start(SF, rules=rules, scores=(0, 3, 0)), at(Phase.DECLARATION)).apply(Declare())
    game = game.apply(Pass()).apply(Pass())
    assert reasons(game) == [(1, 8, ScoreReason.HAND), (1, 41, ScoreReason.JUMP)]
    assert game.scores[1] == 52 and not game.is_over  # must still win once more
    reach = ChicagoRules(points=table)
    won = auto(start(SF, rules=reach, scores=(0, 3, 0)), at(Phase.DECLARATION)).apply(Declare())
    assert won.apply(Pass()).apply(Pass()).winner == 1


def test_wp_variation_a_big_hand_may_win_at_once() -> None:
    """WP "Variations": "Holding a Royal flush usually means immediate victory" -- any of the
    big hands can be given that effect."""
    rules = ChicagoRules(points=PointsTable(four_of_a_kind_effect=HandEffect.WIN))
    game = start(["2h 3h 4h 5h 8s", "9h 9d 9c 9s 6h", "Kh Kd 7s 7c 2d"], rules=rules)
    game = auto(game, at(Phase.DECLARATION)).apply(Declare()).apply(Pass()).apply(Pass())
    assert game.winner == 1 and game.scores == (0, 7, 0)


# --- the exchange stop ------------------------------------------------------------------------


def test_wp_exchange_stop_at_42_deals_six_cards_and_one_is_discarded() -> None:
    """WP: "After achieving 42 points a player is no longer permitted to trade cards ...
    they are dealt 6 cards ... and must discard one before the first scoring round" (the
    default)."""
    hands = [LOW_0, "Ah Kd 9c 5s 3d 2d", "Kh Qd 8c 6d 4s"]
    game = start(hands, scores=(0, 42, 0))
    assert len(game.hands[1]) == 6 and game.to_act == 1
    assert game.legal_actions() == tuple(Discard(c) for c in sorted(cards("Ah Kd 9c 5s 3d 2d")))
    with pytest.raises(ExchangeStoppedError, match="exchange stop is 42"):
        game.apply(Exchange("2d"))
    game = game.apply(Discard("2d"))
    assert game.hands[1] == cards("Ah Kd 9c 5s 3d") and game.to_act == 2
    game = auto(game, lambda g: g.exchange_number == 2)
    assert game.to_act == 2  # seat 1 may not exchange again


def test_wp_variation_exchange_stop_at_45_applies_at_once() -> None:
    """WP "Variations": "any player with 45 points or more is not allowed to replace any
    cards" -- from the moment the score is reached."""
    hands = [LOW_0, "9h 9d Ac 5s 6c", LOW_1.replace("2c", "Kc")]
    game = start(hands, rules=ChicagoRules(exchange_stop=STOP_45), scores=(0, 44, 0))
    assert game.to_act == 1 and len(game.hands[1]) == 5
    game = auto(game, lambda g: g.exchange_number == 2)
    assert game.scores[1] == 45 and game.to_act == 2


def test_swedish_text_exchange_stop_at_46_applies_from_the_following_deal() -> None:
    """A Swedish house rule: the exchange stop at 46 takes effect from the next deal."""
    hands = [LOW_0, "9h 9d Ac 5s 6c", LOW_1.replace("2c", "Kc")]
    rules = ChicagoRules(exchange_stop=STOP_46_NEXT_DEAL, target_score=100)
    game = start(hands, rules=rules, scores=(0, 45, 0))
    game = auto(game, lambda g: g.exchange_number == 2)
    assert game.scores[1] == 46 and game.to_act == 1  # still exchanges in this deal
    game = auto(game, lambda g: g.deal_number == 2)
    assert game.stopped == frozenset({1}) and game.is_stopped(1)
    game = auto(game, lambda g: g.to_act == 1 or g.phase is not Phase.EXCHANGE)
    assert game.phase is Phase.DECLARATION  # seat 1 was passed over in the exchange


def test_rules_list_no_exchange_stop() -> None:
    """Without an exchange stop a player at any score exchanges."""
    game = start(
        [LOW_0, LOW_1, TOP_SPADES], rules=ChicagoRules(exchange_stop=None), scores=(0, 50, 0)
    )
    assert game.to_act == 1 and Exchange("2c") in game.legal_actions()


# --- the end of the game ----------------------------------------------------------------------

NO_STOP = ChicagoRules(exchange_stop=None)


def test_pagat_the_first_to_reach_52_wins_at_once() -> None:
    """pagat/WP: "The objective is to reach, or exceed, 52 points" -- the game ends as soon as
    a score reaches it, before any later points of the deal."""
    game = auto(start(PAIR_AND_LAST, rules=NO_STOP, scores=(50, 0, 0)), at(Phase.OVER))
    assert game.winner == 0 and game.deal_number == 1
    assert reasons(game) == [(0, 1, ScoreReason.HAND), (0, 5, ScoreReason.LAST_TRICK)]
    assert game.legal_actions() == () and game.to_act is None


def test_rules_list_the_target_is_an_option() -> None:
    """The target (52 everywhere) is an option: here 6."""
    rules = ChicagoRules(exchange_stop=None, target_score=6)
    game = auto(start(PAIR_AND_LAST, rules=rules), at(Phase.OVER))
    assert game.winner == 0 and game.scores == (6, 0, 0)


WIN_DEAL = ["Ac Kc Qc Jc 9d", "2h 3h 4s 6c 8d", "2d 3d 4d 5h 7s"]  # dealer 1: seat 0 wins


def test_wp_variation_a_player_at_52_must_win_once_more() -> None:
    """WP "Variations": "after (and not in the same hand as) a player reaches 52 points, he
    must win the game once more" -- here by taking a later last trick."""
    rules = ChicagoRules(exchange_stop=None, game_end=GameEnd.WIN_AGAIN)
    second = stacked_deck(WIN_DEAL, dealer=1)
    game = start(PAIR_AND_LAST, rules=rules, scores=(50, 0, 0), more=[second])
    game = auto(game, lambda g: g.deal_number == 2)
    assert game.scores == (57, 0, 0) and not game.is_over and game.eligible == {0}
    game = auto(game, at(Phase.OVER))
    assert game.winner == 0 and game.deal_number == 2
    # The same second deal with seat 1 holding the winning cards: no winner yet.
    swapped = stacked_deck([WIN_DEAL[1], WIN_DEAL[0], WIN_DEAL[2]], dealer=1)
    game = start(PAIR_AND_LAST, rules=rules, scores=(50, 0, 0), more=[swapped])
    game = auto(game, lambda g: g.deal_number == 3)
    assert not game.is_over


def test_wp_variation_a_declared_chicago_is_needed_to_win() -> None:
    """WP "Variations": "a game will require that a player declare 'Chicago' before they can
    win the game"."""
    rules = ChicagoRules(exchange_stop=None, game_end=GameEnd.CHICAGO_REQUIRED)
    second = stacked_deck(WIN_DEAL, dealer=1)
    game = start(PAIR_AND_LAST, rules=rules, scores=(50, 0, 0), more=[second])
    game = auto(game, lambda g: g.deal_number == 2)
    assert game.scores[0] == 57 and not game.is_over
    game = auto(game, at(Phase.CHICAGO))
    game = game.apply(Pass()).apply(CallChicago())  # seat 2 passes, seat 0 calls
    game = play(game, "Ac 6c 2d Kc 2h 3d Qc 3h 4d Jc 4s 5h 9d 8d 7s")
    assert game.winner == 0 and game.scores[0] == 72


# --- blind Chicago ----------------------------------------------------------------------------

BLIND = ["Ad Ac 8s 6h 4h", "2c 3d 5h 7s 9c", "Kc Qs 8d 6s 4d"]


def test_wp_variation_blind_chicago_replaces_five_cards_below_ten() -> None:
    """WP "Variations": "a player given five cards below ten ... is allowed to replace them
    before the exchanges begin"."""
    game = start(BLIND, "Ah Kd Qc Js 8h", rules=ChicagoRules(blind_chicago=Rank.NINE))
    assert ReplaceHand() in game.legal_actions()
    game = game.apply(ReplaceHand())
    assert game.hands[1] == cards("Ah Kd Qc Js 8h") and game.to_act == 1
    assert set(game.discards) == set(cards(BLIND[1]))
    assert ReplaceHand() not in game.legal_actions()  # once
    with pytest.raises(ActionNotAvailableError, match="replace"):
        game.apply(ReplaceHand())


@pytest.mark.parametrize(
    ("limit", "allowed"), [(Rank.NINE, False), (Rank.TEN, True), (None, False)]
)
def test_wp_variation_blind_chicago_ten_inclusive_or_exclusive(
    limit: Rank | None, allowed: bool
) -> None:
    """WP "Variations": "below ten (either inclusive or exclusive - must be decided before
    game starts)"; off by default."""
    hands = [BLIND[0], "2c 3d 5h 7s Tc", BLIND[2]]
    game = start(hands, rules=ChicagoRules(blind_chicago=limit))
    assert (ReplaceHand() in game.legal_actions()) is allowed
    if not allowed:
        with pytest.raises(ActionNotAvailableError):
            game.apply(ReplaceHand())


# --- players and the stock --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_regler_io_two_to_six_players(players: int) -> None:
    """regler.io: "Man kan vara mellan två och sex spelare"."""
    game = ChicagoGame.new(players, seed=3)
    assert all(len(h) == 5 for h in game.hands) and len(game.stock) == 52 - 5 * players


@pytest.mark.parametrize("players", [1, 7])
def test_regler_io_not_fewer_than_two_nor_more_than_six(players: int) -> None:
    """regler.io: two to six players."""
    with pytest.raises(InvalidDefinitionError, match="2 to 6 players"):
        ChicagoGame.new(players, seed=3)


def six_exchange_everything(rules: ChicagoRules | None = None) -> ChicagoGame:
    game = ChicagoGame.new(6, seed=0, decks=[Deck.standard()], rules=rules)
    for _ in range(4):  # seats 1-4 throw in their hands: 20 of the 22 stock cards
        game = game.apply(Exchange(game.hands[game.to_act or 0]))
    assert len(game.stock) == 2 and game.to_act == 5
    return game


def test_rules_list_when_the_stock_runs_out_the_discards_are_reshuffled() -> None:
    """Option list (2-6 players "with a rule for when the stock runs out"), default as in
    draw poker (Robert's Rules of Poker): the discards, except the player's own, are shuffled
    into a new stock."""
    game = six_exchange_everything()
    thrown = game.hands[5]
    earlier = set(game.discards)
    game = game.apply(Exchange(thrown))
    (reshuffle,) = [e for e in game.log if isinstance(e, Reshuffled)]
    assert set(reshuffle.stock) == earlier and len(reshuffle.stock) == 20
    assert set(thrown).isdisjoint(game.hands[5]) and set(thrown) == set(game.discards)
    assert len(game.stock) == 17 and len(set(game.all_cards())) == 52


def test_rules_list_or_no_more_cards_than_the_stock_holds() -> None:
    """Option list: alternatively a player may exchange only as many cards as are left
    (pokernobless.se: with three exchanges the cards may run out)."""
    game = six_exchange_everything(ChicagoRules(stock_rule=StockRule.NO_MORE_CARDS))
    assert game.max_exchange() == 2
    assert max(len(a.cards) for a in game.legal_actions() if isinstance(a, Exchange)) == 2
    with pytest.raises(StockExhaustedError, match="only 2 are left"):
        game.apply(Exchange(game.hands[5][:3]))
    game = game.apply(Exchange(game.hands[5][:2]))
    assert game.to_act == 0 and game.max_exchange() == 0 and not game.can_one_up()
    assert game.legal_actions() == (Exchange(()),)


# --- presets ----------------------------------------------------------------------------------


def test_swedish_sites_preset() -> None:
    """The rules common on the Swedish sites, with the Swedish house rules."""
    rules = ChicagoRules.swedish()
    assert rules is SWEDISH_RULES
    assert (rules.exchanges, rules.scoring_rounds, rules.one_up) == (3, (1, 2), True)
    assert (rules.points.royal_flush, rules.points.royal_flush_effect) == (52, HandEffect.WIN)
    assert (rules.last_trick_points, rules.chicago_points, rules.chicago_minimum_score) == (
        5,
        15,
        15,
    )
    assert not rules.negative_scores and rules.chicago_caller_leads
    assert rules.exchange_stop == STOP_46_NEXT_DEAL and rules.game_end is GameEnd.REACH_TARGET


def test_wp_preset() -> None:
    """The basic game of the English Wikipedia article."""
    rules = ChicagoRules.wikipedia()
    assert rules is WIKIPEDIA_RULES
    assert (rules.exchanges, rules.scoring_rounds, rules.one_up) == (2, (1,), True)
    assert (rules.points.royal_flush, rules.points.royal_flush_effect) == (20, HandEffect.POINTS)
    assert (rules.points.four_of_a_kind, rules.points.straight_flush) == (7, 8)
    assert (rules.last_trick_points, rules.chicago_points, rules.chicago_minimum_score) == (
        5,
        15,
        None,
    )
    assert rules.negative_scores and not rules.chicago_caller_leads
    assert rules.exchange_stop == STOP_42_SIX_CARDS and rules.target_score == 52


def test_spelskoj_the_points_of_each_hand_are_options() -> None:
    """spelskoj.se scores four of a kind 8 and a straight flush 11; every entry of the table
    is an option."""
    table = PointsTable(four_of_a_kind=8, straight_flush=11, pair=2)
    assert table.award(evaluate_high(cards("9h 9d 9c 9s 5h")))[0] == 8
    assert table.award(evaluate_high(cards("5h 6h 7h 8h 9h")))[0] == 11
    game = start(
        ["2h 3h 4h 5h 8s", "9h 9d Ac 5s 6c", "Kh Jd 7s 4c 2d"], rules=ChicagoRules(points=table)
    )
    game = auto(game, at(Phase.DECLARATION)).apply(Declare())
    assert auto(game, at(Phase.CHICAGO)).scores == (0, 2, 0)


TIED = ["2h 3h 4h 5h 8s", "Kh Kd 7s 7c 2d", "Ks Kc 7h 7d 2c"]


@pytest.mark.parametrize(
    ("equal", "scorers"), [(EqualHands.EARLIER_IN_TURN, [1]), (EqualHands.SHARED, [1, 2])]
)
def test_rules_list_equal_final_hands(equal: EqualHands, scorers: list[int]) -> None:
    """Option list, equal hands: the earlier player in turn, or shared -- for the best
    final hand too."""
    game = start(TIED, rules=ChicagoRules(equal_hands=equal))
    game = auto(game, lambda g: g.deal_number == 2)
    final = [s for s, _, r in reasons(game, 1) if r is ScoreReason.FINAL_HAND]
    assert final == scorers


# --- the game end: exactly the target, and 51 ----------------------------------------------------


def exact(overshoot: Overshoot = Overshoot.STAYS, target: int = 52) -> ChicagoRules:
    return ChicagoRules(
        exchange_stop=None,
        game_end=GameEnd.EXACT_TARGET,
        overshoot=overshoot,
        target_score=target,
    )


def test_spelregel_se_the_game_is_won_at_exactly_52() -> None:
    """spelregel.se: the game is played to exactly 52. At 50, seat 0 scores its pair (51),
    the last trick would carry it to 56 -- those points do not count, the default overshoot
    rule -- and its final pair makes exactly 52: it wins."""
    game = auto(start(PAIR_AND_LAST, rules=exact(), scores=(50, 0, 0)), at(Phase.OVER))
    assert game.winner == 0 and game.scores == (52, 0, 0)
    assert reasons(game, 1) == [
        (0, 1, ScoreReason.HAND),
        (0, 5, ScoreReason.LAST_TRICK),
        (0, -5, ScoreReason.OVERSHOOT),
        (0, 1, ScoreReason.FINAL_HAND),
    ]


def test_rules_list_an_overshoot_past_an_exact_target_may_bounce_back() -> None:
    """The source is silent on an overshoot, so it is an option: under
    ``Overshoot.BOUNCES`` the score counts back from 52 by the excess (51 + 5 = 56 is 48),
    and the final pair leaves seat 0 at 49, the game going on."""
    game = start(PAIR_AND_LAST, rules=exact(Overshoot.BOUNCES), scores=(50, 0, 0))
    game = auto(game, lambda g: g.deal_number == 2)
    assert not game.is_over and game.scores == (49, 0, 0)
    assert (0, -8, ScoreReason.OVERSHOOT) in reasons(game, 1)


def test_spelregel_se_reaching_the_target_is_not_enough_under_exact_52() -> None:
    """The same deal under the default end rule ends at 56: passing 52 wins at once (WP:
    "reach, or exceed, 52"); under the exact rule it never passes 52."""
    reach = ChicagoRules(exchange_stop=None)
    game = auto(start(PAIR_AND_LAST, rules=reach, scores=(50, 0, 0)), at(Phase.OVER))
    assert game.winner == 0 and game.scores == (56, 0, 0)


def test_spelregel_se_a_game_cannot_start_past_an_exact_target() -> None:
    with pytest.raises(InvalidDefinitionError, match="pass the target of 52"):
        start(PAIR_AND_LAST, rules=exact(), scores=(53, 0, 0))
    with pytest.raises(InvalidDefinitionError, match="already over"):
        start(PAIR_AND_LAST, rules=exact(), scores=(52, 0, 0))


def test_finnish_wikipedia_the_game_is_played_to_51() -> None:
    """Finnish Wikipedia: "Peliä voi pelata esim. 51 pisteeseen saakka". From 45, the pair
    (46) and the last trick (51) end the game at 51, before the final hand scores."""
    assert FINNISH_RULES.target_score == 51
    game = auto(start(PAIR_AND_LAST, rules=FINNISH_RULES, scores=(45, 0, 0)), at(Phase.OVER))
    assert game.winner == 0 and game.scores == (51, 0, 0)


def test_finnish_wikipedia_the_points_table() -> None:
    """Four of a kind 8 and the others back to zero; a straight flush 51, the game; the last
    trick taken with a deuce 10 ("kakkos lopetus")."""
    points = FINNISH_RULES.points
    assert points.award(evaluate_high(cards("9s 9c 9d 9h 2c"))) == (8, HandEffect.RESET_OPPONENTS)
    assert points.award(evaluate_high(cards("5h 6h 7h 8h 9h"))) == (51, HandEffect.WIN)
    assert FINNISH_RULES.last_trick_deuce_points == 10


def test_finnish_wikipedia_51_exactly_is_an_option() -> None:
    """Whether 51 must be hit exactly the article does not say: with the exact end rule, the
    last trick that would carry seat 0 from 46 to 51 wins; one from 47 (to 52) does not
    count."""
    rules = attrs.evolve(FINNISH_RULES, game_end=GameEnd.EXACT_TARGET)
    game = auto(start(PAIR_AND_LAST, rules=rules, scores=(45, 0, 0)), at(Phase.OVER))
    assert game.winner == 0 and game.scores == (51, 0, 0)
    game = start(PAIR_AND_LAST, rules=rules, scores=(46, 0, 0))
    game = auto(game, lambda g: g.is_over or g.deal_number == 2)
    assert game.scores == (48, 0, 0) and not game.is_over
