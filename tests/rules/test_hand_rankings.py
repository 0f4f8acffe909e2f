"""Rule tests for hand rankings, each named after the rule and citing its source.

Sources: Robert's Rules of Poker (RRoP), "Rankings of Hands", "Lowball" and "Draw Poker"
sections; Wikipedia, "List of poker hands".
"""

from __future__ import annotations

import pytest

from pokerrules import (
    HandCategory,
    HandValue,
    evaluate_ace_to_five_low,
    evaluate_deuce_to_seven_low,
    evaluate_eight_or_better,
    evaluate_high,
    parse_cards,
)


def high(text: str) -> HandValue:
    return evaluate_high(parse_cards(text, allow_joker=True))


def a5(text: str) -> HandValue:
    return evaluate_ace_to_five_low(parse_cards(text, allow_joker=True))


def test_wheel_is_a_five_high_straight_rrop_rankings() -> None:
    """RRoP: the ace may be used low in a straight, A-2-3-4-5, the lowest straight."""
    wheel = evaluate_high(parse_cards("Ac 2d 3h 4s 5c"))
    assert wheel.category is HandCategory.STRAIGHT
    assert wheel.describe() == "Straight, Five high"
    assert wheel < evaluate_high(parse_cards("2d 3h 4s 5c 6d"))
    assert wheel > evaluate_high(parse_cards("Ac Ad Ah Kc Qd"))


def test_steel_wheel_is_a_five_high_straight_flush_rrop_rankings() -> None:
    """RRoP: the suited wheel is a straight flush, the lowest one."""
    steel = evaluate_high(parse_cards("Ah 2h 3h 4h 5h"))
    assert steel.describe() == "Straight flush, Five high"
    assert steel < evaluate_high(parse_cards("2c 3c 4c 5c 6c"))
    assert steel > evaluate_high(parse_cards("Ac Ad Ah As Kc"))


def test_no_wraparound_straight_wikipedia_list_of_poker_hands() -> None:
    """Wikipedia, List of poker hands: Q-K-A-2-3 is not a straight."""
    assert evaluate_high(parse_cards("Qc Kd Ah 2s 3c")).category is HandCategory.HIGH_CARD


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ac Ad Kh 9s 3c", "As Ah Kd 9c 2d"),  # pair: last kicker decides
        ("Kc Kd 7h 7s Qc", "Ks Kh 7d 7c Jd"),  # two pair: the fifth card decides
        ("9c 9d 9h Ac 2d", "9s 9h 9d Kc Qd"),  # trips (impossible in one deck, rule still holds)
        ("Ac Qd 9h 7s 5c", "Ad Qc 9s 7d 4h"),  # high card: compare down to the last card
        ("Ah Jh 9h 6h 3h", "As Js 9s 6s 2s"),  # flush: compare card by card
    ],
)
def test_kickers_compare_in_order_rrop_rankings(better: str, worse: str) -> None:
    """RRoP: hands of the same kind are compared card by card from the highest down."""
    assert evaluate_high(parse_cards(better)) > evaluate_high(parse_cards(worse))


def test_suits_never_break_ties_in_high_hands_rrop_rankings() -> None:
    """RRoP: all suits are equal in value for ranking hands."""
    assert evaluate_high(parse_cards("As Ks Qs Js 9s")) == evaluate_high(
        parse_cards("Ah Kh Qh Jh 9h")
    )


def test_the_board_plays_and_the_pot_is_split_rrop_holdem() -> None:
    """RRoP hold'em: when the best five cards are all on the board, every live hand ties."""
    board = parse_cards("Ts Js Qd Kc Ah")
    assert evaluate_high(board + parse_cards("2c 3d")) == evaluate_high(
        board + parse_cards("9c 9d")
    )


def test_two_pair_uses_the_best_two_of_three_pairs_rrop_holdem() -> None:
    """A seven-card hand with three pairs plays the two highest and the best remaining card."""
    value = evaluate_high(parse_cards("Kc Kd 7h 7s 2c 2d Qh"))
    assert value.describe() == "Two pair, Kings and Sevens"
    assert value == evaluate_high(parse_cards("Kc Kd 7h 7s Qh"))


def test_joker_plays_as_an_ace_rrop_draw() -> None:
    """RRoP, draw poker with the joker: the bug counts as an ace."""
    assert high("Jk As Kd 7c 2h").describe() == "Pair of Aces"


def test_joker_completes_a_straight_rrop_draw() -> None:
    """RRoP: the bug may be used to complete a straight."""
    assert high("Jk 9d 8c 7s 6h").describe() == "Straight, Ten high"
    assert high("Jk 2d 3c 4s 5h").describe() == "Straight, Six high"


def test_joker_completes_a_flush_and_straight_flush_rrop_draw() -> None:
    """RRoP: the bug may be used to complete a flush or a straight flush."""
    assert high("Jk Ks 9s 7s 2s").describe() == "Flush, Ace high"
    assert high("Jk 9s 8s 7s 6s").describe() == "Straight flush, Ten high"


def test_joker_is_not_otherwise_wild_rrop_draw() -> None:
    """RRoP: beside a pair the bug is only an ace, so it cannot make trips of another rank."""
    assert high("Jk Kd Kc 7s 2h").describe() == "Pair of Kings"
    assert high("Jk Kd Kc As 2h").describe() == "Two pair, Aces and Kings"


def test_five_aces_is_the_best_hand_rrop_draw() -> None:
    """RRoP: with the joker, five aces is the best hand, above a royal flush."""
    five_aces = high("Ah Ad Ac As Jk")
    assert five_aces.category is HandCategory.FIVE_OF_A_KIND
    assert five_aces > evaluate_high(parse_cards("As Ks Qs Js Ts"))


def test_ace_to_five_ignores_straights_and_flushes_rrop_lowball() -> None:
    """RRoP lowball: straights and flushes do not count; 5-4-3-2-A is the best hand."""
    best = a5("Ah 2h 3h 4h 5h")
    assert best.describe() == "5-4-3-2-A"
    assert best == a5("Ac 2d 3h 4s 5c")
    assert best > a5("Ac 2d 3h 4s 6c")


def test_ace_to_five_compares_from_the_highest_card_down_rrop_lowball() -> None:
    """RRoP lowball: 7-6-4-3-2 beats 7-6-5-2-A? No: compare the highest card first, then the
    next: 7-6-4-3-2 against 7-6-5-2-A is decided by the four against the five."""
    assert a5("7c 6d 4h 3s 2c") > a5("7c 6d 5h 2s Ac")
    assert a5("8c 5d 4h 3s 2c") < a5("7c 6d 5h 4s 3c")


def test_paired_ace_to_five_hands_lose_to_unpaired_rrop_lowball() -> None:
    """RRoP lowball: any unpaired hand beats any paired hand; pairs rank by the pair first."""
    assert a5("Kc Qd Jh 9s 8c") > a5("Ac Ad 2h 3s 4c")
    assert a5("Ac Ad Kh Qs Jc") > a5("2c 2d 3h 4s 5c")  # aces are the lowest pair
    assert a5("2c 2d 3h 3s Ac") < a5("Kc Kd Qh Js Tc")  # two pair loses to one pair


def test_the_bug_is_the_lowest_missing_rank_rrop_lowball() -> None:
    """RRoP lowball: the joker is the lowest card not already in the hand."""
    assert a5("Jk 2d 3c 4s 6h").describe() == "6-4-3-2-A"
    assert a5("Jk Ad 3c 4s 6h").describe() == "6-4-3-2-A"
    assert a5("Jk Ad 2c 4s 6h").describe() == "6-4-3-2-A"
    assert a5("Jk Ad 2c 3s 4h").describe() == "5-4-3-2-A"


def test_deuce_to_seven_counts_straights_and_flushes_rrop_kansas_city() -> None:
    """RRoP deuce-to-seven: aces are high, straights and flushes count; 7-5-4-3-2 is best."""
    best = evaluate_deuce_to_seven_low(parse_cards("7c 5d 4h 3s 2c"))
    assert best.describe() == "7-5-4-3-2"
    assert best > evaluate_deuce_to_seven_low(parse_cards("7c 6d 4h 3s 2c"))
    assert evaluate_deuce_to_seven_low(parse_cards("Ac 2d 3h 4s 5c")).describe() == "A-5-4-3-2"
    assert (
        evaluate_deuce_to_seven_low(parse_cards("6c 5d 4h 3s 2c")).category
        is HandCategory.STRAIGHT
    )
    suited = evaluate_deuce_to_seven_low(parse_cards("7h 5h 4h 3h 2h"))
    assert suited.category is HandCategory.FLUSH
    assert suited < evaluate_deuce_to_seven_low(parse_cards("Kc Qd Jh 9s 8c"))


def test_eight_or_better_qualifier_rrop_high_low_split() -> None:
    """RRoP hi-lo split: a low must be five different ranks of eight or lower."""
    assert evaluate_eight_or_better(parse_cards("8c 7d 5h 3s Ac")) is not None
    assert evaluate_eight_or_better(parse_cards("9c 7d 5h 3s Ac")) is None
    assert evaluate_eight_or_better(parse_cards("8c 8d 5h 3s Ac")) is None
    seven = evaluate_eight_or_better(parse_cards("8c 7d 5h 3s Ac 2d 4h"))
    assert seven is not None and seven.describe() == "5-4-3-2-A"
