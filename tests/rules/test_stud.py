"""Stud streets: door cards, the bring-in, the best exposed hand acting first, the open pair,
the common last card and the stud odd chip.

Sources: Robert's Rules of Poker (RRoP), "Seven-Card Stud" and "Seven-Card Stud Low (Razz)";
WSOP Tournament rule 73 / TDA (odd chips).
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules.actions import BringIn, Call, Check, Complete
from pokerrules.cards import Deck, parse_cards
from pokerrules.catalogue import RAZZ, SEVEN_CARD_STUD
from pokerrules.engine import Dealt, Hand, Phase, ShowHand
from pokerrules.engine.settle import settle
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import Scale
from pokerrules.forced_bets import ShortForcedBet
from pokerrules.pots import StudOddChip, stud_odd_chip_order
from pokerrules.showdown import HighHand, Holding, LowHand, Showdown
from pokerrules.variants import Stakes, Variant

STAKES = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)


def deal(variant: Variant, cards: str, players: int = 3) -> Hand:
    """Seats 0..n-1, button on the last seat: seat 0 is dealt first; no burns."""
    v = attrs.evolve(variant, burn=False)
    return Hand.start(
        v, stakes=STAKES, stacks=[100] * players, button=players - 1, deck=Deck.ordered(cards)
    )


def call_round(hand: Hand) -> Hand:
    street = hand.street
    while hand.phase is Phase.BET and hand.street == street:
        legal = hand.legal_actions()
        assert legal is not None and legal.kind == "bet"
        if legal.bring_in is not None:
            hand = hand.apply(BringIn())
        else:
            hand = hand.apply(Check() if legal.check else Call())
    return hand


def test_lowest_door_card_brings_in_ties_by_suit_rrop() -> None:
    """RRoP "Seven-Card Stud" 2: the lowest door card brings in; clubs are the lowest suit."""
    hand = deal(SEVEN_CARD_STUD, "Ah Kh 2d  Ad Kd 2c  As Ks Qs")
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.seat == 1
    assert legal.bring_in == 2 and legal.complete == 5


def test_the_bring_in_may_complete_rrop() -> None:
    """The bring-in may complete to a full bet instead."""
    hand = deal(SEVEN_CARD_STUD, "Ah Kh 2d  Ad Kd 2c  As Ks Qs").apply(Complete())
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.call == 5


def test_razz_highest_door_card_brings_in_aces_low_rrop() -> None:
    """RRoP "Razz": the highest door card brings in; the ace is low."""
    hand = deal(RAZZ, "2h 3h Ac  2d 3d Kc  2s 3s Qs")
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.seat == 1


def test_best_exposed_hand_acts_first_on_later_streets_rrop() -> None:
    """RRoP "Seven-Card Stud" 3: from fourth street the highest hand showing acts first."""
    hand = deal(SEVEN_CARD_STUD, "Ah Kh 9d  Ad Kd 2c  As Ks Qs  9c 5h 3d")
    hand = call_round(hand)
    # Seat 0 shows a pair of nines; seat 2 Q-3; seat 1 2-5.
    assert hand.street == "fourth street" and hand.actor == 0


def test_equal_hands_showing_the_first_from_the_dealers_left_acts_first_rrop() -> None:
    """RRoP "Seven-Card Stud" 3: with equal high hands showing, the player nearest the dealer's
    left acts first; suits do not break the tie (unlike the bring-in)."""
    v = attrs.evolve(SEVEN_CARD_STUD, burn=False)
    # Button on seat 1: the deal and the order start with seat 2, then 3, 0, 1.
    cards = "2h 3h 9c  4h 5h Kd  6h 7h Ks  8h 9h 2c  3c 7d 7s 4c"
    hand = Hand.start(v, stakes=STAKES, stacks=[100] * 4, button=1, deck=Deck.ordered(cards))
    hand = call_round(hand)
    # Seats 3 (Kd 7d) and 0 (Ks 7s) tie with king-seven; seat 3 is nearer the dealer's left.
    assert hand.street == "fourth street" and hand.actor == 3


def test_razz_lowest_hand_showing_acts_first_rrop() -> None:
    """RRoP "Razz" 2: the lowest hand showing acts first."""
    hand = deal(RAZZ, "Kh Qh 9d  Jd Td 2c  8s 7s Qs  9c 5h 3d")
    hand = call_round(hand)
    # Seat 0 shows 9-9 (a pair), seat 1 5-2, seat 2 Q-3: seat 1 is lowest.
    assert hand.street == "fourth street" and hand.actor == 1


def test_open_pair_on_fourth_street_allows_the_big_bet_rrop() -> None:
    """RRoP "Seven-Card Stud" 7: with an open pair on fourth street any player may bet the
    small or the big bet (option ``stud_fourth_street_open_pair``)."""
    hand = call_round(deal(SEVEN_CARD_STUD, "Ah Kh 9d  Ad Kd 2c  As Ks Qs  9c 5h 3d"))
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.bet is not None
    assert (legal.bet.low, legal.bet.high) == (5, 10)
    plain = attrs.evolve(SEVEN_CARD_STUD, open_pair_big_bet=False)
    off = call_round(deal(plain, "Ah Kh 9d  Ad Kd 2c  As Ks Qs  9c 5h 3d")).legal_actions()
    assert off is not None and off.kind == "bet" and off.bet is not None
    assert (off.bet.low, off.bet.high) == (5, 5)
    razz = call_round(deal(RAZZ, "Kh Qh 9d  Jd Td 2c  8s 7s Qs  9c 5h 3d"))
    razz_legal = razz.legal_actions()
    assert razz_legal is not None and razz_legal.kind == "bet" and razz_legal.bet is not None
    assert (razz_legal.bet.low, razz_legal.bet.high) == (5, 5)


def test_common_card_when_the_deck_runs_short_rrop() -> None:
    """RRoP "Seven-Card Stud" 9: with eight players and not enough cards for seventh street,
    one card is dealt face up to the middle for everyone."""
    variant = attrs.evolve(SEVEN_CARD_STUD, burn=True)
    hand = Hand.start(variant, stakes=STAKES, stacks=[200] * 8, button=7, seed=12)
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal is not None and legal.kind == "bet":
            hand = hand.apply(
                BringIn() if legal.bring_in is not None else Check() if legal.check else Call()
            )
        else:
            hand = hand.apply(ShowHand())
    seventh = [e for e in hand.log if isinstance(e, Dealt) and e.seat is None]
    assert len(seventh) == 1 and len(seventh[0].cards) == 1
    assert len(hand.board) == 1
    assert all(len(hand.holding(s).cards) == 6 for s in hand.seats)


def test_stud_odd_chip_goes_to_the_highest_card_by_suit_tda() -> None:
    """WSOP Tournament rule 73 / TDA: in stud the odd chip goes to the tied winner with the
    highest card by suit in the five-card hand (option ``stud_odd_chip``, the default)."""
    # Both make A-K-Q-J-9 high; seat 0 holds the ace of spades, seat 1 the ace of hearts.
    cards = "As 2c 3h  Ah 2d 3s  Kc Kd  Qc Qd  Jc Jd  9h 9s"
    variant = attrs.evolve(SEVEN_CARD_STUD, burn=False, open_pair_big_bet=False)
    hand = Hand.start(
        variant, stakes=STAKES, stacks=[100, 100], button=1, deck=Deck.ordered(cards), carried=1
    )
    hand = call_round(hand)
    while not hand.is_complete:
        legal = hand.legal_actions()
        hand = hand.apply(Check() if legal is not None and legal.kind == "bet" else ShowHand())
    out = hand.outcome
    assert out is not None and out.awards[0].winners == ((0, 1),)
    assert out.payouts == {0: 4, 1: 3}
    rrop = attrs.evolve(variant, stud_odd_chip=StudOddChip.ALL_CARDS)
    assert rrop.stud_odd_chip is StudOddChip.ALL_CARDS


def test_stud_hi_lo_odd_chip_of_the_low_half_goes_by_the_low_hands_rrop_tda() -> None:
    """RRoP "Ties" (the odd chip between tied lows goes as in a low game: the lowest card by
    suit) and WSOP Tournament rule 73 / TDA (the highest card by suit in the five-card hand --
    for the low half, the low hand): the high hand's cards never decide the low half's chip."""
    showdown = Showdown(shares=(HighHand(), LowHand(qualifier=8)))
    holdings = {
        1: Holding(down=parse_cards("Kc Kd 9h"), up=parse_cards("Ks Qh Jd Tc")),  # high: kings
        # both lows are 7-5-4-3-2; seat 2 holds the higher cards overall (Qd) and the 2h,
        # seat 3 the 7s (the highest card of the low hands) and the 2c (the lowest card)
        2: Holding(down=parse_cards("7h 5d 4h"), up=parse_cards("3s 2h Qc Qd")),
        3: Holding(down=parse_cards("7s 5c 4d"), up=parse_cards("3d 2c 9c 8d")),
    }
    for rule in StudOddChip:
        result = settle(
            showdown,
            contributions=dict.fromkeys(holdings, 5),
            out=(),
            holdings=holdings,
            stud_odd_chip=rule,
        )
        assert result.awards[0].payouts == ((1, 8), (2, 3), (3, 4)), rule


def test_a_short_bring_in_is_called_as_posted_under_as_posted_in_the_engine() -> None:
    """RRoP "Seven-Card Stud": a player all-in for less than the bring-in leaves the others to
    call the full bring-in -- unless the game plays short forced bets as posted
    (ShortForcedBet.AS_POSTED), when they call what was brought in."""
    stakes = Stakes(ante=1, bring_in=5, small_bet=10, big_bet=20)
    as_posted = attrs.evolve(
        SEVEN_CARD_STUD,
        name="stud, short bring-in as posted",
        aliases=(),
        forced_bets=attrs.evolve(SEVEN_CARD_STUD.forced_bets, short=ShortForcedBet.AS_POSTED),
    )
    for variant, call in ((SEVEN_CARD_STUD, 5), (as_posted, 2)):
        # seat 0 has the low door card and 3 chips: it antes 1 and brings in all-in for 2
        hand = Hand.start(variant, stakes=stakes, stacks=[3, 100, 100], button=2, seed=0)
        assert hand.actor == 0
        legal = hand.legal_actions()
        assert legal is not None and legal.kind == "bet" and legal.bring_in == 2
        legal = hand.apply(BringIn()).legal_actions()
        assert legal is not None and legal.kind == "bet"
        assert (legal.call, legal.complete) == (call, 10), variant.name


def test_stud_odd_chip_order_at_the_pots_level_wsop_t73_and_rrop() -> None:
    """WSOP Tournament rule 73 / TDA: the odd chip goes to the highest card by suit within the
    five-card hands; RRoP "Ties": the highest card of all the player's cards, the lowest in a
    low game. ``pokerrules.pots.stud_odd_chip_order`` states both without the engine."""
    hands = {
        1: parse_cards("Kh Jh 9h 5h 3h 2c 4c"),  # a king-high heart flush
        2: parse_cards("Kd Jd 9d 5d 3d As 4s"),  # the same in diamonds; an ace outside it
    }
    assert stud_odd_chip_order(hands) == (1, 2)
    assert stud_odd_chip_order(hands, StudOddChip.HIGH_CARD_IN_HAND) == (1, 2)
    assert stud_odd_chip_order(hands, StudOddChip.ALL_CARDS) == (2, 1)
    razz = {
        1: parse_cards("As 2h 3d 4c 6s Kd Qd"),
        2: parse_cards("Ac 2c 3c 4d 6d Ks Qs"),
    }
    # the low hands are the same A-2-3-4-6: the lowest card plays, the ace of clubs first
    assert stud_odd_chip_order(razz, StudOddChip.ALL_CARDS, scale=Scale.ACE_TO_FIVE_LOW) == (2, 1)
    # by the highest card within the five-card low hands: the six of spades
    assert stud_odd_chip_order(razz, scale=Scale.ACE_TO_FIVE_LOW) == (1, 2)


def test_stud_odd_chip_order_refuses_bad_input() -> None:
    hands = {1: parse_cards("Ks Kh 9c 9d 4c")}
    with pytest.raises(InvalidDefinitionError, match="rule must be a StudOddChip"):
        stud_odd_chip_order(hands, "all cards")  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="five-card Scale"):
        stud_odd_chip_order(hands, scale=Scale.BADUGI)
    with pytest.raises(InvalidDefinitionError, match="mapping of seat"):
        stud_odd_chip_order([parse_cards("Ks")])  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="cards"):
        stud_odd_chip_order({1: "Ks Kh"})  # type: ignore[dict-item]
    with pytest.raises(InvalidDefinitionError, match="not a seat number"):
        stud_odd_chip_order({"one": parse_cards("Ks")})  # type: ignore[dict-item]


@given(st.integers(0, 10**6), st.integers(2, 7), st.sampled_from(list(StudOddChip)))
def test_stud_odd_chip_order_lists_every_seat_once(
    seed: int, players: int, rule: StudOddChip
) -> None:
    deck = Deck.shuffled(seed=seed).cards
    hands = {seat: deck[7 * seat : 7 * seat + 7] for seat in range(players)}
    for scale in (Scale.HIGH, Scale.ACE_TO_FIVE_LOW):
        order = stud_odd_chip_order(hands, rule, scale=scale)
        assert sorted(order) == list(range(players))
