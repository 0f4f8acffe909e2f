"""Tests for pot shares, selection rules and exposed-card ranking (pokerrules.showdown)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerrules.showdown
from pokerrules.cards import STANDARD_CARDS, Card, parse_cards
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import Scale, evaluate_high, evaluate_omaha
from pokerrules.showdown import (
    AnyFive,
    HighHand,
    HighSpadeInHole,
    Holding,
    HoleAndBoard,
    LowHand,
    LowSpadeInHole,
    NoHoleSpade,
    Showdown,
)


def _h(down: str, up: str = "") -> Holding:
    return Holding(down=parse_cards(down), up=parse_cards(up) if up else ())


def test_high_hand_ties_share() -> None:
    showdown = Showdown(shares=(HighHand(),))
    board = parse_cards("As Ks Qs Js Ts")
    assert showdown.winners({0: _h("2c 3d"), 1: _h("4c 5d")}, board) == ((0, 1),)


def test_hi_lo_with_no_qualifying_low_has_no_low_winner() -> None:
    showdown = Showdown(shares=(HighHand(), LowHand(qualifier=8)))
    board = parse_cards("Kc Qd 9h 9s Tc")
    assert showdown.winners({0: _h("Ac 2d"), 1: _h("Kd Kh")}, board) == ((1,), ())


def test_omaha_selection_uses_exactly_two_hole_cards() -> None:
    # Four spades in the hand and one on the board is no flush in Omaha.
    showdown = Showdown(shares=(HighHand(),), selection=HoleAndBoard())
    board = parse_cards("2s 7d 8c Jh Qd")
    holdings = {0: _h("As Ks 3s 4s"), 1: _h("Jd Jc 5h 6h")}
    assert showdown.winners(holdings, board) == ((1,),)
    value = showdown.values(holdings[0], board)[0]
    assert value == evaluate_omaha(parse_cards("As Ks 3s 4s"), board)


def test_omaha_eight_or_better_low_uses_two_plus_three() -> None:
    showdown = Showdown(shares=(HighHand(), LowHand(qualifier=8)), selection=HoleAndBoard())
    board = parse_cards("3c 5d 8h Qs Qd")
    # Seat 0 has A-2 for an 8-5-3-2-A low; seat 1 has only one low card in the hand.
    holdings = {0: _h("Ac 2d Kh Ks"), 1: _h("4c Jd Jc Th")}
    assert showdown.winners(holdings, board) == ((0,), (0,))


def test_selection_needs_five_cards() -> None:
    with pytest.raises(InvalidDefinitionError, match="five cards"):
        HoleAndBoard(hole=2, board=2)


def test_showdown_needs_a_share_that_always_has_a_winner() -> None:
    with pytest.raises(InvalidDefinitionError, match="unwon"):
        Showdown(shares=(LowHand(qualifier=8),))
    with pytest.raises(InvalidDefinitionError, match="unwon"):
        Showdown(shares=(HighSpadeInHole(),))
    with pytest.raises(InvalidDefinitionError, match="at least one"):
        Showdown(shares=())
    with pytest.raises(InvalidDefinitionError, match="twice"):
        Showdown(shares=(HighHand(), HighHand()))


def test_low_share_refuses_the_high_scale_and_bad_qualifiers() -> None:
    with pytest.raises(InvalidDefinitionError, match="low scale"):
        LowHand(scale=Scale.HIGH)
    with pytest.raises(InvalidDefinitionError, match="qualifier"):
        LowHand(qualifier=3)


def test_duplicate_cards_are_refused() -> None:
    showdown = Showdown(shares=(HighHand(),))
    with pytest.raises(InvalidDefinitionError, match="twice"):
        showdown.winners({0: _h("As Kd"), 1: _h("As Qd")}, parse_cards("2c 3c 4c"))


def test_deuce_to_seven_low_share() -> None:
    showdown = Showdown(shares=(LowHand(scale=Scale.DEUCE_TO_SEVEN_LOW),))
    holdings = {0: _h("7c 5d 4h 3s 2c"), 1: _h("6h 5h 4s 3h 2h"), 2: _h("Ad 2d 3d 4d 5s")}
    # The six-high straight and the ace-high straight are worse than 7-5-4-3-2.
    assert showdown.winners(holdings) == ((0,),)


_HOLDINGS = st.lists(st.sampled_from(STANDARD_CARDS), min_size=14, max_size=14, unique=True)


@given(_HOLDINGS)
def test_winners_hold_the_best_value_and_do_not_depend_on_seat_order(cards: list[Card]) -> None:
    """The high-share winners hold the maximum value; relabelling seats relabels the winners."""
    showdown = Showdown(shares=(HighHand(), HighSpadeInHole()))
    holdings = {
        seat: Holding(down=cards[7 * seat : 7 * seat + 3], up=cards[7 * seat + 3 : 7 * seat + 7])
        for seat in (0, 1)
    }
    high, spade = showdown.winners(holdings)
    values = {seat: evaluate_high(h.cards) for seat, h in holdings.items()}
    assert set(high) == {s for s, v in values.items() if v == max(values.values())}
    swapped = showdown.winners({1: holdings[0], 0: holdings[1]})
    assert swapped[0] == tuple(sorted(1 - s for s in high))
    hole_spades = {
        s
        for s, h in holdings.items()
        if any(isinstance(c, Card) and c.suit.name == "SPADES" for c in h.down)
    }
    assert bool(spade) == bool(hole_spades)
    assert set(spade) <= hole_spades


def test_any_five_is_the_best_of_all_cards() -> None:
    assert AnyFive().choices(parse_cards("As Ks"), parse_cards("Qs Js Ts")) == (
        parse_cards("As Ks Qs Js Ts"),
    )


def test_describe_and_carry_over() -> None:
    showdown = Showdown(shares=(HighHand(), LowSpadeInHole(if_none=NoHoleSpade.CARRY_OVER)))
    assert showdown.describe() == "high / low spade in the hole (ace high)"
    assert showdown.uses_hole_spades
    assert showdown.carried_over([(0,), ()]) == (False, True)
    assert showdown.carried_over([(0,), (1,)]) == (False, False)


@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=13, max_size=13, unique=True))
def test_integer_fast_path_ranks_like_hand_values(cards: list[Card]) -> None:
    """The integer shortcut for a single high (or unqualified A-5 low) share gives the same
    strengths as the hand values."""
    board = cards[:5]
    holdings = {seat: Holding(down=cards[5 + 2 * seat : 7 + 2 * seat]) for seat in range(4)}
    for share in (HighHand(), LowHand()):
        showdown = Showdown(shares=(share,))
        (ranking,) = showdown.rankings(holdings, board)
        for seat, holding in holdings.items():
            value = showdown.values(holding, board)[0]
            assert value is not None and not isinstance(value, Card)
            assert ranking[seat] == value.strength


def test_showdown_values_refuse_fields_of_the_wrong_kind() -> None:
    for make in (
        lambda: LowHand(scale="ace-to-five low"),  # type: ignore[arg-type]
        lambda: LowHand(qualifier=8.5),  # type: ignore[arg-type]
        lambda: Showdown(shares=(HighHand(),), selection="any"),  # type: ignore[arg-type]
        lambda: HighSpadeInHole(if_none="x"),  # type: ignore[arg-type]
        lambda: Holding(down=["As", "Kd"]),  # type: ignore[list-item]
    ):
        with pytest.raises(InvalidDefinitionError):
            make()
    assert Holding(down="As Kd").down == (Card("As"), Card("Kd"))  # type: ignore[arg-type]


def test_a_seat_without_five_cards_is_left_out_of_every_share_alike() -> None:
    """One share or several, a seat that cannot make a hand on a share's scale is left out of
    that share (and the others decide it)."""
    holdings = {0: Holding(down=parse_cards("As Kd")), 1: _h("2c 3d 4h 5s 7c")}
    assert Showdown(shares=(HighHand(),)).winners(holdings) == ((1,),)
    assert Showdown(shares=(HighHand(), HighSpadeInHole())).winners(holdings)[0] == (1,)


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"hole": 0, "board": 5}, "hole must be at least 1, not 0"),
        ({"hole": None}, "hole must be a whole number >= 0, not None"),
        ({"hole": 2.0, "board": 3}, "hole must be a whole number >= 0, not 2.0"),
        ({"hole": True, "board": 4}, "hole must be a whole number >= 0, not True"),
        ({"board": -1}, "board must be a whole number >= 0, not -1"),
        ({"board": "3"}, "board must be a whole number >= 0, not '3'"),
    ],
)
def test_hole_and_board_refuses_counts_that_are_not_whole(
    options: dict[str, object], fragment: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=fragment):
        HoleAndBoard(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("winners", "fragment"),
    [
        ("", "winners must be a sequence of each share's winning seats, not ''"),
        (None, "winners must be a sequence"),
        ((), "of each of the 2 share\\(s\\), not of 0"),
        (((0,),), "of each of the 2 share\\(s\\), not of 1"),
        (((0,), (1,), (2,)), "not of 3"),
        (((0,), 5), "a sequence of seats for each share, not 5"),
        (((0,), "1"), "a sequence of seats for each share, not '1'"),
    ],
)
def test_carried_over_refuses_winners_that_do_not_match_the_shares(
    winners: object, fragment: str
) -> None:
    showdown = Showdown(shares=(HighHand(), HighSpadeInHole(if_none=NoHoleSpade.CARRY_OVER)))
    with pytest.raises(InvalidDefinitionError, match=fragment):
        showdown.carried_over(winners)  # type: ignore[arg-type]


#: The module and values without static type checks, to call them with arguments of the wrong
#: kind.
unchecked: Any = pokerrules.showdown
HIGH: Any = Showdown(shares=(HighHand(),))
SPADE: Any = HighSpadeInHole()


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: unchecked.Showdown(shares=None), "shares must be a list of pot shares, not None"),
        (lambda: unchecked.Showdown(shares=HighHand()), "write shares=\\(share,\\)"),
        (
            lambda: unchecked.Holding(down=None),
            "a holding must be a collection of cards, not None",
        ),
        (lambda: unchecked.Holding(up=[1, 2]), "not 1"),
        (lambda: HIGH.values("As Kd"), "holding must be a Holding, not 'As Kd'"),
        (
            lambda: HIGH.values(_h("As Kd"), None),
            "board must be a collection of cards, not None",
        ),
        (lambda: HIGH.rankings(None), "holdings must be a mapping of seats to Holding"),
        (lambda: HIGH.rankings({True: _h("As Kd")}), "by seat number, not by True"),
        (lambda: HIGH.rankings({0: "As Kd"}), "the holding of seat 0 must be a Holding"),
        (
            lambda: HIGH.winners({0: _h("As Kd")}, 5),
            "board must be a collection of cards, not 5",
        ),
        (lambda: unchecked.HighHand().value(parse_cards("As Kd"), "any", ()), "selection must be"),
        (
            lambda: unchecked.LowHand().value(None, AnyFive(), ()),
            "cards must be a collection of cards, not None",
        ),
        (
            lambda: unchecked.AnyFive().choices(None, ()),
            "own must be a collection of cards, not None",
        ),
        (
            lambda: unchecked.HoleAndBoard().choices(parse_cards("As Kd"), 3),
            "board must be a collection of cards, not 3",
        ),
        (lambda: SPADE.spade(None), "holding must be a Holding, not None"),
        (lambda: SPADE.key("As"), "card must be a standard card, not 'As'"),
        (lambda: HIGH.rankings({0: _h("As Kd")}, [1, 2, 3]), "board must hold cards only, not 1"),
        (lambda: unchecked.LowSpadeInHole().key(None), "card must be a standard card, not None"),
    ],
)
def test_showdown_methods_refuse_arguments_of_the_wrong_kind(call: object, fragment: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=fragment):
        call()  # type: ignore[operator]
