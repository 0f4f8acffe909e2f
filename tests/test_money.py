"""Money in currency units (pokerrules.money), currency stakes and exact pot odds."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules.engine import Hand
from pokerrules.equity import pot_odds
from pokerrules.errors import InvalidDefinitionError
from pokerrules.money import Currency, exact
from pokerrules.variants import Stakes, find_variant

USD = Currency(Decimal("0.01"), symbol="$")


def test_amounts_convert_to_whole_units_and_back_exactly() -> None:
    assert USD.units("0.25") == 25
    assert USD.units(Decimal("0.50")) == 50
    assert USD.units(2.5) == 250
    assert USD.units(Fraction(3, 4)) == 75
    assert USD.units(7) == 700
    assert USD.amount(25) == Decimal("0.25")
    assert str(USD.amount(50)) == "0.50"
    assert USD.amounts({0: 1234, 3: -5}) == {0: Decimal("12.34"), 3: Decimal("-0.05")}
    assert USD.format(1234) == "$12.34"
    assert USD.format(-50) == "-$0.50"


def test_a_float_is_the_decimal_it_is_written_as() -> None:
    # 0.1 + 0.2 is not 0.3 in binary floating point, but 0.3 is thirty cents.
    assert USD.units(0.3) == 30
    assert exact(0.1) == Fraction(1, 10)


@pytest.mark.parametrize("amount", ["0.005", Decimal("1.001"), 0.125, Fraction(1, 3)])
def test_an_amount_that_is_not_whole_chips_is_refused(amount: object) -> None:
    with pytest.raises(InvalidDefinitionError, match=r"is not a whole number of 0\.01 units"):
        USD.units(amount)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "amount", [True, None, "ten", float("nan"), float("inf"), Decimal("NaN"), [1], "9" * 100]
)
def test_what_is_not_an_amount_is_refused(amount: object) -> None:
    with pytest.raises(InvalidDefinitionError):
        USD.units(amount)  # type: ignore[arg-type]


@pytest.mark.parametrize("unit", [0, -1, "x", True, None, Decimal("NaN")])
def test_a_currency_needs_a_positive_decimal_unit(unit: object) -> None:
    with pytest.raises(InvalidDefinitionError, match="unit"):
        Currency(unit)


def test_units_to_amounts_refuse_fractions_of_a_unit() -> None:
    with pytest.raises(InvalidDefinitionError, match="whole number"):
        USD.amount(2.5)  # type: ignore[arg-type]


@given(st.integers(-(10**12), 10**12), st.sampled_from(["0.01", "0.25", "1", "5", "0.001"]))
def test_units_round_trip_through_amounts(units: int, unit: str) -> None:
    currency = Currency(Decimal(unit))
    assert currency.units(currency.amount(units)) == units
    assert currency.units(str(currency.amount(units))) == units


def test_stakes_in_currency_count_whole_units() -> None:
    stakes = Stakes.in_currency(USD, blinds=("0.25", "0.50"))
    assert stakes == Stakes.no_limit(25, 50)
    assert USD.describe(stakes) == "$0.25/$0.50"
    limit = Stakes.in_currency(
        Currency("0.25", symbol="$"), small_bet=1, big_bet=2, blinds=("0.25", "0.50"), ante="0.25"
    )
    assert (limit.blinds, limit.small_bet, limit.big_bet, limit.ante) == ((1, 2), 4, 8, 1)
    assert Currency("0.25", symbol="$").describe(limit) == "$0.25/$0.50"
    stud = Stakes.in_currency(USD, small_bet=2, big_bet=4, bring_in="0.50", ante="0.25")
    assert USD.describe(stud) == "$2.00/$4.00"
    assert USD.describe(Stakes(ante=5)) == "$0.05"
    with pytest.raises(InvalidDefinitionError, match=r"0\.255 is not a whole number"):
        Stakes.in_currency(USD, blinds=("0.255", "0.50"))
    with pytest.raises(InvalidDefinitionError, match="blinds must be a sequence"):
        Stakes.in_currency(USD, blinds="0.25")


def test_a_hand_in_currency_pays_exact_amounts() -> None:
    stakes = Stakes.in_currency(USD, blinds=("0.25", "0.50"), chip="0.25")
    hand = Hand.start(
        find_variant("no-limit hold'em"),
        stakes=stakes,
        stacks=[USD.units("50.00"), USD.units("37.75")],
        button=0,
        seed=1,
    )
    assert USD.amounts(hand.stacks) == {0: Decimal("49.75"), 1: Decimal("37.25")}
    assert USD.amount(hand.pot) == Decimal("0.75")


def test_pot_odds_take_money_amounts_exactly() -> None:
    assert pot_odds(2.5, 7) == Fraction(5, 19)
    assert pot_odds(Decimal("0.25"), Decimal("0.75")) == Fraction(1, 4)
    assert pot_odds(Fraction(1, 2), 1) == Fraction(1, 3)
    assert pot_odds(0.1, 0.2) == Fraction(1, 3)
    assert pot_odds(5, 10) == Fraction(1, 3)
    for bad in ("1", -0.5, float("nan"), None):
        with pytest.raises(InvalidDefinitionError, match="call must be a non-negative amount"):
            pot_odds(bad, 1)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="pot odds need a call"):
        pot_odds(Decimal(0), 3)
