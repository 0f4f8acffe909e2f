"""The joker in deuce-to-seven lowball: an option, off by default.

Sources: BARGE rulebook, "Deuce-to-Seven Lowball" (the game is not played with the joker: the
default) and its appendix A, "Lowball Scales" (where it is, the joker is the best card it can
be: 6-5-4-3-Joker is 8-6-5-4-3).
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.actions import Call, Check
from pokerrules.cards import JOKER, STANDARD_CARDS, AnyCard, Card, Deck, parse_cards
from pokerrules.catalogue import DEUCE_TO_SEVEN_SINGLE_DRAW
from pokerrules.engine import Hand, ShowHand, StandPat
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import Scale, evaluate_deuce_to_seven_low
from pokerrules.showdown import Holding, LowHand, Showdown
from pokerrules.testing import check_variant
from pokerrules.variants import Stakes, Variant

JOKER_LOW = LowHand(scale=Scale.DEUCE_TO_SEVEN_LOW, deuce_to_seven_joker=True)


def joker_game() -> Variant:
    """Single-draw deuce-to-seven with the joker in the deck, playing as the best card."""
    return attrs.evolve(
        DEUCE_TO_SEVEN_SINGLE_DRAW,
        name="deuce-to-seven single draw with the joker",
        aliases=(),
        deck=Deck.standard(joker=True),
        showdown=Showdown(shares=(JOKER_LOW,)),
    )


def brute_force(real: tuple[Card, ...]) -> object:
    """The best deuce-to-seven low over every card the joker could stand for."""
    return max(
        evaluate_deuce_to_seven_low((*real, card)) for card in STANDARD_CARDS if card not in real
    )


def test_deuce_to_seven_joker_is_the_best_card_it_can_be_barge_lowball_scales() -> None:
    """BARGE appendix A, "Lowball Scales": 6-5-4-3-Joker is 8-6-5-4-3 (a seven or a deuce would
    make a straight)."""
    hand = parse_cards("6c 5d 4h 3s Jk", allow_joker=True)
    value = evaluate_deuce_to_seven_low(hand, joker=True)
    assert value.describe() == "8-6-5-4-3"
    assert value == evaluate_deuce_to_seven_low(parse_cards("8h 6c 5d 4h 3s"))
    # the joker never makes a flush: with four hearts it takes another suit
    hearts = parse_cards("7h 5h 4h 2h Jk", allow_joker=True)
    assert evaluate_deuce_to_seven_low(hearts, joker=True).describe() == "7-5-4-3-2"
    assert evaluate_deuce_to_seven_low(hearts, joker=True) == evaluate_deuce_to_seven_low(
        parse_cards("7h 5h 4h 3c 2h")
    )


def test_deuce_to_seven_is_not_played_with_the_joker_barge_deuce_to_seven() -> None:
    """BARGE, "Deuce-to-Seven Lowball": the game is not played with the joker -- the default."""
    hand = parse_cards("6c 5d 4h 3s Jk", allow_joker=True)
    with pytest.raises(InvalidDefinitionError, match="joker does not play in deuce-to-seven"):
        evaluate_deuce_to_seven_low(hand)
    with pytest.raises(InvalidDefinitionError, match="joker must be True or False"):
        evaluate_deuce_to_seven_low(hand, joker="yes")  # type: ignore[arg-type]
    assert LowHand(scale=Scale.DEUCE_TO_SEVEN_LOW).deuce_to_seven_joker is False
    with pytest.raises(InvalidDefinitionError, match="joker does not play"):
        attrs.evolve(DEUCE_TO_SEVEN_SINGLE_DRAW, deck=Deck.standard(joker=True))
    with pytest.raises(InvalidDefinitionError, match="deuce-to-seven option"):
        LowHand(deuce_to_seven_joker=True)  # the ace-to-five joker is always the bug


@settings(max_examples=300)
@given(st.integers(4, 6).flatmap(lambda n: st.permutations(STANDARD_CARDS).map(lambda d: d[:n])))
def test_deuce_to_seven_joker_matches_every_substitute_card_barge_lowball_scales(
    real: tuple[Card, ...],
) -> None:
    """The joker plays as the best card it can be: the value equals the best over every card
    not in the hand, standing in for it."""
    hand: tuple[AnyCard, ...] = (*real, JOKER)
    assert evaluate_deuce_to_seven_low(hand, joker=True) == brute_force(real)


def test_deuce_to_seven_joker_in_a_showdown_and_a_hand_barge_lowball_scales() -> None:
    """A share with the option ranks the joker hand; a deuce-to-seven game with a joker deck
    plays it at the showdown."""
    showdown = Showdown(shares=(JOKER_LOW,))
    holdings = {
        1: Holding(down=parse_cards("6c 5d 4h 3s Jk", allow_joker=True)),  # 8-6-5-4-3
        2: Holding(down=parse_cards("8d 7c 5h 4d 3c")),
    }
    assert showdown.winners(holdings) == ((1,),)
    assert str(JOKER_LOW) == "deuce-to-seven low, the joker plays"
    deck = Deck.ordered("6c 5d 4h 3s Jk  8d 7c 5h 4d 3c")  # seat 0 is dealt first
    hand = Hand.start(
        joker_game(), stakes=Stakes.no_limit(1, 2), stacks=[100, 100], button=1, deck=deck
    )
    hand = hand.apply(Call()).apply(Check())
    hand = hand.apply(StandPat()).apply(StandPat()).apply(Check()).apply(Check())
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    assert hand.outcome is not None and hand.outcome.payouts == {0: 4}


def test_deuce_to_seven_joker_variant_passes_check_variant() -> None:
    check_variant(joker_game(), max_examples=20)
