"""Pots: side pots, uncalled bets, awards, odd chips and shares, with properties."""

from __future__ import annotations

from collections.abc import Collection

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.cards import parse_cards
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import evaluate_high
from pokerrules.pots import (
    Pot,
    Pots,
    Shares,
    award,
    award_pot,
    clockwise_from,
    odd_chip_order_by_card,
    side_pots,
    side_pots_batch,
    split_amount,
    uncalled_bet,
)


def test_single_pot_without_all_ins() -> None:
    pots = side_pots({1: 40, 2: 40, 3: 40})
    assert pots.pots == (Pot(120, (1, 2, 3)),) and pots.returned is None
    assert pots.main == Pot(120, (1, 2, 3)) and pots.side == ()


def test_three_all_in_levels() -> None:
    pots = side_pots({1: 10, 2: 30, 3: 60, 4: 100})
    assert [(p.amount, p.eligible) for p in pots] == [
        (40, (1, 2, 3, 4)),
        (60, (2, 3, 4)),
        (60, (3, 4)),
    ]
    assert pots.returned == (4, 40)
    assert pots.total == 160 and len(pots) == 3 and pots[0].amount == 40


def test_folded_chips_stay_in_and_do_not_make_a_level() -> None:
    pots = side_pots({1: 25, 2: 100, 3: 100, 4: 60}, folded={4})
    assert [(p.amount, p.eligible) for p in pots] == [(100, (1, 2, 3, 4)[:3]), (185, (2, 3))]


def test_folded_player_above_every_live_level() -> None:
    # seat 3 bet 80 and folded to a raise from seat 1, who was called all-in by seat 2 for 50
    pots = side_pots({1: 200, 2: 50, 3: 80}, folded={3})
    assert pots.returned == (1, 120)
    assert [(p.amount, p.eligible) for p in pots] == [(150, (1, 2)), (60, (1,))]


def test_uncalled_bet() -> None:
    assert uncalled_bet({1: 2, 2: 1}) == (1, 1)
    assert uncalled_bet({1: 5}) == (1, 5)
    assert uncalled_bet({}) is None
    assert uncalled_bet({1: 3, 2: 3}) is None


def test_bad_contributions() -> None:
    with pytest.raises(InvalidDefinitionError):
        side_pots({1: -1, 2: 5})
    with pytest.raises(InvalidDefinitionError):
        side_pots({1: 5, 2: 5}, folded={1, 2})
    with pytest.raises(InvalidDefinitionError):
        split_amount(5, 0)


def test_award_ties_split_and_odd_chip_order() -> None:
    pot = Pot(101, (1, 2, 3))
    result = award_pot(pot, {1: 5, 2: 9, 3: 9}, odd_chip_order=(3, 1, 2))
    assert result.winners == ((3, 2),)
    assert result.payouts == ((3, 51), (2, 50))


def test_award_with_hand_values_and_tiers() -> None:
    hands = {
        1: evaluate_high(parse_cards("As Ad Kc Qd 2h")),
        2: evaluate_high(parse_cards("Ks Kd Kh 2c 3c")),
        3: evaluate_high(parse_cards("Ah Ac Kd Qc 2s")),
    }
    assert award_pot(Pot(90, (1, 2, 3)), hands).payouts == ((2, 90),)
    assert award_pot(Pot(90, (1, 3)), hands).payouts == ((1, 45), (3, 45))
    assert award_pot(Pot(90, (1, 2, 3)), [[1, 3], [2]]).payouts == ((1, 45), (3, 45))


def test_share_without_a_qualifier_goes_to_the_other_share() -> None:
    result = award_pot(Pot(51, (1, 2)), Shares({1: 3, 2: 5}, {}))
    assert result.payouts == ((2, 51),)
    with pytest.raises(InvalidDefinitionError, match="no eligible player"):
        award_pot(Pot(51, (1, 2)), {3: 1})


def test_scoop_of_both_shares() -> None:
    result = award_pot(Pot(51, (1, 2)), Shares({1: 3, 2: 5}, {2: 1}))
    assert result.payouts == ((2, 51),)


def test_award_names_side_pots_first() -> None:
    result = award(side_pots({1: 10, 2: 20, 3: 30}), {1: 3, 2: 2, 3: 1})
    assert [a.name for a in result.pots] == ["side pot 1", "main pot"]
    assert result.payouts == {1: 30, 2: 20}


def test_split_amount_in_chip_units() -> None:
    assert split_amount(7, 2, chip=2) == (5, 2)  # 2 + odd 2-chip + the 1 left, then 2
    assert sum(split_amount(1000, 7, chip=5)) == 1000


def test_clockwise_order_and_stud_card_order() -> None:
    assert clockwise_from(9, [1, 9, 4]) == (1, 4, 9)
    order = odd_chip_order_by_card(
        {1: parse_cards("2c 3d"), 2: parse_cards("As 4h"), 3: parse_cards("Ac 5d")}
    )
    assert order == (2, 3, 1)
    low = odd_chip_order_by_card(
        {1: parse_cards("2c 9d"), 2: parse_cards("As 4h")}, lowest=True, ace_low=True
    )
    assert low == (2, 1)


def test_pots_sequence_protocol() -> None:
    pots = Pots((Pot(10, (1, 2)), Pot(5, (2,))))
    assert list(pots) == [Pot(10, (1, 2)), Pot(5, (2,))] and pots[-1].amount == 5
    assert str(Pot(10, (1, 2))) == "10 (1, 2)"


# ------------------------------------------------------------------------------------------
# properties

contributions_st = st.dictionaries(
    st.integers(1, 10), st.integers(0, 500), min_size=1, max_size=10
)


@st.composite
def hands(draw: st.DrawFn) -> tuple[dict[int, int], set[int]]:
    chips = draw(contributions_st)
    seats = sorted(chips)
    folded = set(draw(st.lists(st.sampled_from(seats), unique=True, max_size=len(seats) - 1)))
    return chips, folded


@settings(max_examples=1000)
@given(hands())
def test_pots_add_up_to_contributions_minus_the_returned_bet(
    hand: tuple[dict[int, int], set[int]],
) -> None:
    chips, folded = hand
    pots = side_pots(chips, folded)
    returned = pots.returned[1] if pots.returned else 0
    assert pots.total + returned == sum(chips.values())
    assert all(p.amount > 0 for p in pots) or pots.total == 0
    live = set(chips) - folded
    for k, pot in enumerate(pots):
        assert pot.eligible and set(pot.eligible) <= live
        # eligibility follows contributions: later pots have fewer or the same players
        if k:
            assert set(pot.eligible) < set(pots[k - 1].eligible)
    if pots.returned:
        seat, amount = pots.returned
        others = [c for s, c in chips.items() if s != seat]
        assert amount == chips[seat] - max(others, default=0)


@settings(max_examples=1000)
@given(hands(), st.data())
def test_awards_add_up_to_the_pot_and_go_only_to_eligible_players(
    hand: tuple[dict[int, int], set[int]], data: st.DataObject
) -> None:
    chips, folded = hand
    pots = side_pots(chips, folded)
    strength = {s: data.draw(st.integers(0, 3)) for s in chips}
    chip = data.draw(st.sampled_from([1, 5]))
    hi_lo = data.draw(st.booleans())
    low = {s: data.draw(st.integers(0, 3)) for s in chips if data.draw(st.booleans())}
    ranking = Shares(strength, low) if hi_lo else strength
    order = clockwise_from(data.draw(st.integers(1, 10)), chips)
    result = award(pots, ranking, odd_chip_order=order, chip=chip)
    assert result.total == pots.total
    assert sum(result.payouts.values()) == pots.total
    for pot_award in result.pots:
        assert sum(c for _, c in pot_award.payouts) == pot_award.pot.amount
        for seat, _ in pot_award.payouts:
            assert seat in pot_award.pot.eligible
        if not hi_lo:
            best = max(strength[s] for s in pot_award.pot.eligible)
            assert {s for s, _ in pot_award.payouts} == {
                s for s in pot_award.pot.eligible if strength[s] == best
            }
            shares = [c for _, c in pot_award.payouts]
            assert max(shares) - min(shares) < 2 * chip


@settings(max_examples=300)
@given(st.lists(hands(), min_size=1, max_size=8))
def test_the_batch_path_matches_side_pots_hand_by_hand(
    batch: list[tuple[dict[int, int], set[int]]],
) -> None:
    width = 10
    chips = [[c.get(s, 0) for s in range(1, width + 1)] for c, _ in batch]
    folded = [[s in f or s not in c for s in range(1, width + 1)] for c, f in batch]
    table = side_pots_batch(chips, folded)
    assert len(table) == len(batch)
    for n, (c, f) in enumerate(batch):
        expected = side_pots(c, f)
        got = table.pots(n)
        assert [(p.amount, tuple(s + 1 for s in p.eligible)) for p in got if p.amount] == [
            (p.amount, p.eligible) for p in expected if p.amount
        ]
        assert (got.returned is None) == (expected.returned is None)
        if got.returned and expected.returned:
            assert (got.returned[0] + 1, got.returned[1]) == expected.returned


def reference_side_pots(
    chips: dict[int, int], folded: Collection[int]
) -> tuple[list[tuple[int, tuple[int, ...]]], tuple[int, int] | None]:
    """Side pots the plain way, one level and one player at a time (RRoP, "Side pots"): the
    unmatched part of the top bet goes back, then each live player's level cuts a pot from
    every contribution, and folded chips above the last live level go in the last pot."""
    chips = dict(chips)
    returned = None
    if chips:
        top_seat = max(chips, key=lambda s: chips[s])
        second = max((c for s, c in chips.items() if s != top_seat), default=0)
        if chips[top_seat] > second:
            returned = (top_seat, chips[top_seat] - second)
            chips[top_seat] = second
    live = sorted(s for s in chips if s not in folded)
    levels = sorted({chips[s] for s in live})
    pots = []
    previous = 0
    for n, level in enumerate(levels):
        last = n == len(levels) - 1
        amount = sum((c if last else min(c, level)) - min(c, previous) for c in chips.values())
        if amount:
            pots.append((amount, tuple(s for s in live if chips[s] >= level)))
        previous = level
    return pots or [(0, tuple(live))], returned


@st.composite
def hands_with_ties(draw: st.DrawFn) -> tuple[dict[int, int], Collection[int]]:
    """Contributions from a few amounts (so levels repeat), and folded seats as any plain
    collection, sometimes naming a seat that put in nothing."""
    amounts = draw(st.lists(st.integers(0, 60), min_size=1, max_size=4))
    chips = draw(st.dictionaries(st.integers(0, 9), st.sampled_from(amounts), max_size=9))
    folded = draw(st.lists(st.integers(0, 10), unique=True, max_size=len(chips)))
    kind = draw(st.sampled_from([set, frozenset, list, tuple]))
    return chips, kind(folded)


@settings(max_examples=1000)
@given(hands_with_ties())
def test_side_pots_match_a_straightforward_reference(
    hand: tuple[dict[int, int], Collection[int]],
) -> None:
    chips, folded = hand
    before = dict(chips)
    if not set(chips) - set(folded):
        with pytest.raises(InvalidDefinitionError, match="every player folded"):
            side_pots(chips, folded)
        return
    pots = side_pots(chips, folded)
    expected, returned = reference_side_pots(chips, folded)
    assert [(p.amount, p.eligible) for p in pots] == expected
    assert pots.returned == returned
    # the values built without checks equal (and hash like) the checked public constructors'
    checked = Pots(tuple(Pot(amount, eligible) for amount, eligible in expected), returned)
    assert pots == checked and hash(pots) == hash(checked)
    assert chips == before  # the caller's mapping is left as it was


def test_batch_input_errors() -> None:
    with pytest.raises(InvalidDefinitionError):
        side_pots_batch([1, 2, 3])
    with pytest.raises(InvalidDefinitionError):
        side_pots_batch([[1, 2]], [[True]])
    with pytest.raises(InvalidDefinitionError):
        side_pots_batch([[1, 2]], [[True, True]])


def test_pots_and_splits_refuse_amounts_that_are_not_whole_chips() -> None:
    for make in (
        lambda: Pot(-5, (1,)),
        lambda: Pot(10.5, (1, 2)),  # type: ignore[arg-type]
        lambda: Pot(5, 3),  # type: ignore[arg-type]
        lambda: split_amount(10.5, 2),  # type: ignore[arg-type]
        lambda: split_amount(10, 2, chip=True),
    ):
        with pytest.raises(InvalidDefinitionError):
            make()


def test_share_orders_give_each_shares_odd_chip_by_its_own_order() -> None:
    pot = Pot(15, (1, 2, 3))
    ranking = Shares({1: 9, 2: 1, 3: 1}, {2: 5, 3: 5})  # seat 1 high; seats 2 and 3 tie low
    assert award_pot(pot, ranking, share_orders=[(1, 2, 3), (3, 2)]).payouts == (
        (1, 8),
        (2, 3),
        (3, 4),
    )
    assert award_pot(pot, ranking, share_orders=[(1, 2, 3), (2, 3)]).payouts == (
        (1, 8),
        (2, 4),
        (3, 3),
    )
    with pytest.raises(InvalidDefinitionError):
        award_pot(pot, ranking, share_orders=[(1, 2, 3)])


@pytest.mark.parametrize(
    ("contributions", "message"),
    [
        ([5, 5], "contributions must be a mapping of seat -> chips"),
        (None, "contributions must be a mapping of seat -> chips"),
        ({1.5: 10, 2: 5}, "1.5 is not a seat number"),
        ({None: 20, 2: 5}, "None is not a seat number"),
        ({True: 20, 2: 5}, "True is not a seat number"),
        ({"1": 20, 2: 5}, "'1' is not a seat number"),
        ({1: -(10**5000), 2: 5}, "about 5001 digits"),
        ({1: 10.0, 2: 5}, "seat 1's contribution must be a whole number"),
    ],
)
def test_side_pots_and_uncalled_bet_refuse_bad_contributions(
    contributions: object, message: str
) -> None:
    """Contributions are a mapping of seat numbers (ints, not bools) to whole chips."""
    with pytest.raises(InvalidDefinitionError, match=message):
        side_pots(contributions)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match=message):
        uncalled_bet(contributions)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("folded", "message"),
    [
        (None, "folded must list seat numbers"),
        (5, "folded must list seat numbers"),
        ("1", "folded must list seat numbers"),
        ({True}, "folded must list seat numbers, not True"),
        ([None], "folded must list seat numbers, not None"),
    ],
)
def test_side_pots_refuse_folded_seats_of_the_wrong_kind(folded: object, message: str) -> None:
    """A folded ``True`` would otherwise fold seat 1."""
    with pytest.raises(InvalidDefinitionError, match=message):
        side_pots({1: 10, 2: 10}, folded)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("pots", "ranking", "options", "message"),
    [
        (None, {1: 1}, {}, "pots must be a sequence of Pot values"),
        ([5], {1: 1}, {}, "pots must hold Pot values, not 5"),
        ([Pot(10, (1, 2))], None, {}, "a ranking must be a mapping"),
        ([Pot(10, (1, 2))], "12", {}, "a ranking must be a mapping"),
        ([Pot(10, (1, 2))], {None: 1}, {}, "a ranking's seats must be seat numbers"),
        ([Pot(10, (1, 2))], [1, 2], {}, "each tier of a ranking must list seat numbers"),
        ([Pot(10, (1, 2))], {1: "a", 2: 3}, {}, "strengths must be comparable"),
        ([Pot(10, (1, 2))], {1: 1}, {"chip": 0}, "chip must be a positive whole number"),
        ([Pot(10, (1, 2))], {1: 1}, {"chip": 2.5}, "chip must be a positive whole number"),
        (
            [Pot(10, (1, 2))],
            {1: 1},
            {"odd_chip_order": 3},
            "odd_chip_order must list seat numbers",
        ),
        ([Pot(10, (1, 2))], {1: 1}, {"odd_chip_order": [None]}, "odd_chip_order must list"),
    ],
)
def test_award_refuses_bad_input(
    pots: object, ranking: object, options: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        award(pots, ranking, **options)  # type: ignore[arg-type]


def test_award_pot_and_shares_refuse_bad_input() -> None:
    with pytest.raises(InvalidDefinitionError, match="pot must be a Pot"):
        award_pot((10, (1, 2)), {1: 1})  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="index must be a whole number"):
        award_pot(Pot(10, (1, 2)), {1: 1}, index=-1)
    with pytest.raises(InvalidDefinitionError, match="share_orders must be a sequence"):
        award_pot(Pot(10, (1, 2)), {1: 1}, share_orders=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="a ranking must be a mapping"):
        Shares({1: 1}, None)  # type: ignore[arg-type]


def test_pots_and_clockwise_refuse_values_of_the_wrong_kind() -> None:
    with pytest.raises(InvalidDefinitionError, match="pots must hold Pot values"):
        Pots((5,))  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match=r"returned must be a \(seat, chips\) pair"):
        Pots((Pot(5, (1,)),), returned=(1,))  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="eligible must list seat numbers, not None"):
        Pot(5, (1, None))  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="button must be a seat number"):
        clockwise_from("x", [1, 2])  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="seats must list seat numbers"):
        clockwise_from(1, [1, "2"])  # type: ignore[list-item]
    with pytest.raises(InvalidDefinitionError, match="cards must be a mapping"):
        odd_chip_order_by_card(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="seat 1's cards must be Card values"):
        odd_chip_order_by_card({1: "Kd"})  # type: ignore[dict-item]
    with pytest.raises(InvalidDefinitionError, match="about 5001 digits"):
        split_amount(-(10**5000), 2)


@pytest.mark.parametrize(
    ("contributions", "folded", "message"),
    [
        ([[20, 5.9, 20]], None, "integers that fit in 64 bits, not values of type float64"),
        ([[20.0, 5.0, 20.0]], None, "not values of type float64"),
        ([[20, float("nan"), 20]], None, "whole chips"),
        ([[20, float("inf"), 20]], None, "whole chips"),
        ([[True, False]], None, "not values of type bool"),
        ([["1", "2"]], None, "whole chips"),
        ([[10**30, 5]], None, "fit in 64 bits"),
        ([[2**62, 2**62, 5]], None, "add up to less than 2\\*\\*63"),
        ([[1, 2], [3]], None, "a list of equal rows of ints"),
        ([[1, -2]], None, "a contribution is negative"),
        ([[1, 2]], [[1, 0]], "folded must be a boolean array"),
        ([[1, 2]], [[True, False, True]], "folded must have the shape of contributions"),
    ],
)
def test_batch_refuses_amounts_that_are_not_whole_chips(
    contributions: object, folded: object, message: str
) -> None:
    """A float would be cut to a whole number (5.9 to 5), nan and inf would leak numpy's
    errors, and sums beyond 64 bits would wrap round."""
    with pytest.raises(InvalidDefinitionError, match=message):
        side_pots_batch(contributions, folded)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [-1, 2, 5, True, 1.0, "0", None])
def test_pot_table_refuses_hands_out_of_range(n: object) -> None:
    """A negative hand would silently read from the end; a hand past the end would leak
    numpy's IndexError."""
    table = side_pots_batch([[20, 5, 20], [1, 2, 3]])
    with pytest.raises(InvalidDefinitionError, match="hand number from 0 to 1"):
        table.pots(n)  # type: ignore[arg-type]
    assert table.pots(1) == side_pots_batch([[1, 2, 3]]).pots(0)


def test_pot_table_checks_its_arrays() -> None:
    from pokerrules.pots import PotTable

    table = side_pots_batch([[20, 5, 20]])
    assert len(PotTable(table.amounts, table.eligible, table.returned)) == 1
    with pytest.raises(InvalidDefinitionError, match="a PotTable needs numpy arrays"):
        PotTable(1, 2, 3)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="a PotTable needs numpy arrays"):
        PotTable(table.amounts, table.amounts, table.returned)  # type: ignore[arg-type]


@settings(max_examples=500)
@given(hands(), st.data())
def test_award_totals_per_seat_add_up_to_every_chip_put_in(
    hand: tuple[dict[int, int], set[int]], data: st.DataObject
) -> None:
    """Award.totals: each seat's winnings plus its uncalled bet, zero for a seat that was in
    and won nothing; together they are every chip put in, folded chips included."""
    chips, folded = hand
    pots = side_pots(chips, folded)
    strength = {s: data.draw(st.integers(0, 3)) for s in chips}
    result = award(pots, strength)
    totals = result.totals
    assert result.returned == pots.returned
    assert sum(totals.values()) == sum(chips.values())
    live = {s for s in chips if s not in folded and chips[s]}
    assert live <= set(totals) <= set(chips)
    for seat, chips_back in totals.items():
        won = result.payouts.get(seat, 0)
        back = pots.returned[1] if pots.returned and pots.returned[0] == seat else 0
        assert chips_back == won + back
    # a plain sequence of pots carries no uncalled bet
    assert award(list(pots), strength).returned is None
