"""The rake: rate, increments, cap, minimum pot, no flop no drop, and its share of each pot."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules import InvalidDefinitionError
from pokerrules.pots import Pot, Pots, award, side_pots
from pokerrules.rake import Rake, RakeAllocation


def test_ten_percent_capped_at_four_takes_four_from_a_2000_pot() -> None:
    # the worked example of a capped rake: 10% of $2,000 would be $200; the cap takes $4
    assert Rake(rate="10%", cap=4).amount(2000) == 4


def test_no_flop_no_drop_leaves_a_pre_flop_pot_unraked() -> None:
    rake = Rake(rate="10%", cap=4)
    assert rake.amount(65, first_round_only=True) == 0
    assert rake.amount(65) == 4
    assert Rake(rate="10%", no_flop_no_drop=False).amount(65, first_round_only=True) == 6


def test_the_rake_is_taken_in_whole_increments_rounded_down() -> None:
    rake = Rake(rate="10%", increment=100)  # cents: $1 from every full $10
    assert [rake.amount(p) for p in (999, 1000, 1999, 2000)] == [0, 100, 100, 200]


def test_no_rake_below_the_minimum_pot() -> None:
    rake = Rake(rate="5%", minimum_pot=20)
    assert (rake.amount(19), rake.amount(20)) == (0, 1)


@pytest.mark.parametrize(
    ("rate", "expected"),
    [
        ("5%", Fraction(1, 20)),
        ("0.05", Fraction(1, 20)),
        (Fraction(1, 10), Fraction(1, 10)),
        (0, Fraction(0)),
        (" 2.5 % ", Fraction(1, 40)),
    ],
)
def test_rates_are_read_from_fractions_decimals_and_percentages(
    rate: object, expected: Fraction
) -> None:
    assert Rake(rate=rate).rate == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"rate": "110%"},
        {"rate": -0.1},
        {"rate": "ten"},
        {"rate": True},
        {"rate": float("nan")},
        {"rate": None},
        {"rate": "5%", "cap": -1},
        {"rate": "5%", "cap": 2.5},
        {"rate": "5%", "increment": 0},
        {"rate": "5%", "minimum_pot": -5},
        {"rate": "5%", "no_flop_no_drop": "yes"},
        {"rate": "5%", "allocation": "proportional"},
    ],
)
def test_a_bad_rake_setting_is_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidDefinitionError):
        Rake(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("pot", [-1, 2.5, "10", True, None])
def test_a_bad_pot_is_refused(pot: object) -> None:
    with pytest.raises(InvalidDefinitionError, match="whole number of chips"):
        Rake(rate="5%").amount(pot)  # type: ignore[arg-type]


def test_take_needs_pots() -> None:
    with pytest.raises(InvalidDefinitionError, match="Pots"):
        Rake(rate="5%").take([Pot(10, (1, 2))])  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="True or False"):
        Rake(rate="5%").amount(10, first_round_only=1)  # type: ignore[arg-type]


def test_the_uncalled_bet_is_returned_before_the_rake() -> None:
    pots = side_pots({1: 100, 2: 40})  # 60 of seat 1's bet was never called
    raked = Rake(rate="10%").take(pots)
    assert (raked.total, raked.pots.total, raked.pots.returned) == (8, 72, (1, 60))


def test_side_pots_pay_the_rake_in_proportion_by_default() -> None:
    # a 300 main pot and a 200 side pot; 10% capped at 20 takes 12 and 8
    pots = side_pots({1: 100, 2: 200, 3: 200})
    raked = Rake(rate="10%", cap=20).take(pots)
    assert raked.taken == (12, 8)
    assert [(p.amount, p.eligible) for p in raked.pots] == [(288, (1, 2, 3)), (192, (2, 3))]


def test_main_pot_first_takes_the_whole_rake_from_the_main_pot() -> None:
    pots = side_pots({1: 100, 2: 200, 3: 200})
    raked = Rake(rate="10%", cap=20, allocation=RakeAllocation.MAIN_POT_FIRST).take(pots)
    assert raked.taken == (20, 0)
    assert award(raked.pots, {1: 9, 2: 1, 3: 5}).payouts == {1: 280, 3: 200}


def test_a_pot_raked_to_nothing_leaves_one_empty_pot() -> None:
    raked = Rake(rate=1).take(side_pots({1: 10, 2: 10}))
    assert [(p.amount, p.eligible) for p in raked.pots] == [(0, (1, 2))]
    assert raked.total == 20


contributions = st.dictionaries(
    st.integers(0, 8), st.integers(0, 10_000), min_size=2, max_size=9
).filter(lambda c: sum(c.values()) > 0)
rakes = st.builds(
    Rake,
    rate=st.fractions(0, 1, max_denominator=1000),
    cap=st.none() | st.integers(0, 500),
    increment=st.integers(1, 100),
    minimum_pot=st.integers(0, 1000),
    no_flop_no_drop=st.booleans(),
    allocation=st.sampled_from(RakeAllocation),
)


@settings(max_examples=1000)
@given(contributions, rakes, st.booleans())
def test_the_rake_and_what_is_left_add_up_to_the_pots(
    chips: dict[int, int], rake: Rake, first_round_only: bool
) -> None:
    pots = side_pots(chips)
    raked = rake.take(pots, first_round_only=first_round_only)
    assert raked.total + raked.pots.total == pots.total
    assert raked.total == rake.amount(pots.total, first_round_only=first_round_only)
    assert raked.total <= pots.total * rake.rate
    assert rake.cap is None or raked.total <= rake.cap
    assert raked.total % rake.increment == 0 or raked.total == rake.cap
    assert all(0 <= cut <= p.amount for cut, p in zip(raked.taken, pots, strict=True))
    kept = [p.eligible for p, cut in zip(pots, raked.taken, strict=True) if p.amount > cut]
    assert [p.eligible for p in raked.pots if p.amount] == kept
    assert raked.pots.returned == pots.returned
    if rake.allocation is RakeAllocation.PROPORTIONAL:
        # within one unit of its share -- and of the units that pots too small to pay a
        # whole one leave to the others
        unit = math.gcd(rake.increment, raked.total)
        tiny = sum(p.amount for p in pots if p.amount < unit)
        for cut, p in zip(raked.taken, pots, strict=True):
            bound = (unit + tiny) * max(pots.total, 1)
            assert abs(cut * pots.total - raked.total * p.amount) < bound


def test_a_float_rate_is_read_as_the_decimal_it_was_written_as() -> None:
    # Fraction(0.29) is 0.28999999999999998..., which would take 28 from a 100 pot
    assert Rake(rate=0.29).rate == Fraction(29, 100)
    assert Rake(rate=0.29).amount(100) == 29
    assert Rake(rate=0.145).amount(200) == 29


def test_side_pots_pay_the_rake_in_whole_increments_so_no_pot_is_left_in_odd_chips() -> None:
    # $5 chips: 10% of 215 in $5 increments is 20; the 45 main pot's exact share is 4.2 and
    # the 170 side pot's 15.8, paid as 5 and 15, not 4 and 16
    pots = side_pots({1: 15, 2: 100, 3: 100})
    raked = Rake(rate="10%", increment=5).take(pots)
    assert raked.taken == (5, 15)
    assert [p.amount for p in raked.pots] == [40, 155]
    # a cap that is no number of increments: units of 5 still (the cap 15, increments 10)
    assert Rake(rate="10%", increment=10, cap=15).take(pots).taken == (5, 10)


@settings(max_examples=500)
@given(
    st.integers(1, 25),
    st.dictionaries(st.integers(0, 8), st.integers(0, 400), min_size=2, max_size=9),
    st.fractions(0, 1, max_denominator=100),
    st.integers(1, 4),
    st.none() | st.integers(0, 40),
)
def test_a_rake_in_whole_chips_takes_whole_chips_from_every_pot(
    chip: int, units: dict[int, int], rate: Fraction, increments: int, cap: int | None
) -> None:
    pots = side_pots({seat: n * chip for seat, n in units.items()})
    rake = Rake(rate=rate, increment=increments * chip, cap=None if cap is None else cap * chip)
    raked = rake.take(pots)
    assert all(cut % chip == 0 for cut in raked.taken)
    assert all(p.amount % chip == 0 for p in raked.pots)
    assert raked.total + raked.pots.total == pots.total


def test_rake_value_is_frozen_and_compares_by_value() -> None:
    assert Rake(rate="5%", cap=3) == Rake(rate=Fraction(1, 20), cap=3)
    with pytest.raises(AttributeError):
        Rake(rate="5%").cap = 2  # type: ignore[misc]
    assert isinstance(Pots((Pot(1, (1,)),)), Pots)


def test_a_pot_raked_to_nothing_leaves_the_side_pots_their_names() -> None:
    pots = side_pots({1: 1, 2: 100, 3: 100})  # a 3-chip main pot, a 198-chip side pot
    raked = Rake(rate="10%", allocation=RakeAllocation.MAIN_POT_FIRST).take(pots)
    assert raked.taken == (3, 17)
    assert [(p.amount, p.eligible) for p in raked.pots] == [(181, (2, 3))]
    assert raked.indices == (1,)
    assert Rake(rate="10%").take(pots).indices == (0, 1)


def test_a_rate_finer_than_one_part_in_a_trillion_is_refused() -> None:
    with pytest.raises(InvalidDefinitionError, match="finer than a rake can be"):
        Rake(rate="1e-5000")
    assert Rake(rate=1 / 3).rate == Fraction(1, 3)
