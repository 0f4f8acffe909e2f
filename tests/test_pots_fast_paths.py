"""``side_pots`` and the award of a pot take shortcuts; the results are the plain definition's.

``side_pots`` checks a plain ``dict`` of plain ints with one look at the types (the sign of the
chips is read off the sort it needs anyway), walks the seats once in order of their chips, and
builds its :class:`~pokerrules.pots.Pot` values without running their validators. The
reference here does it the long way: every input checked first, one item at a time, in the
order the documentation gives (the contributions, then ``folded``, then that someone is still
in), and the pots defined chip by chip -- each layer of chips is shared by the live players who
reached it, and layers nobody live reached go in the last pot.

A pot with one ranking and one best hand is given whole to its winner without splitting it;
the reference splits every pot among the best hands in odd-chip order. ``award`` checks its
input once and awards each pot without checking it again: the same awards as ``award_pot`` pot
by pot, side pots first.
"""

from __future__ import annotations

import pickle
from collections import Counter, OrderedDict
from collections.abc import Callable, Collection, Iterator, Mapping
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules._validators import shown
from pokerrules.errors import InvalidDefinitionError
from pokerrules.pots import (
    Award,
    Pot,
    PotAward,
    Pots,
    Shares,
    award,
    award_pot,
    side_pots,
    split_amount,
)

Plain = tuple[list[tuple[int, tuple[int, ...]]], tuple[int, int] | None]


class Contributions(Mapping[Any, Any]):
    """A mapping that is not a dict."""

    def __init__(self, items: dict[Any, Any]) -> None:
        self._items = items

    def __getitem__(self, key: Any) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)


def whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def reference(contributions: object, folded: object) -> Plain:
    """Check everything first, then cut the pots one chip layer at a time."""
    if not isinstance(contributions, Mapping):
        msg = f"contributions must be a mapping of seat -> chips, not {shown(contributions)}"
        raise InvalidDefinitionError(msg)
    for seat, amount in contributions.items():
        if not whole(seat):
            msg = f"contributions: {shown(seat)} is not a seat number (seats are ints)"
            raise InvalidDefinitionError(msg)
        if not whole(amount) or amount < 0:
            msg = (
                f"seat {shown(seat)}'s contribution must be a whole number of chips >= 0, "
                f"not {shown(amount)}"
            )
            raise InvalidDefinitionError(msg)
    not_seats = f"folded must list seat numbers, not {shown(folded)}"
    if isinstance(folded, str | bytes):
        raise InvalidDefinitionError(not_seats)
    try:
        out = list(folded)  # type: ignore[call-overload]
    except TypeError:
        raise InvalidDefinitionError(not_seats) from None
    for seat in out:
        if not whole(seat):
            raise InvalidDefinitionError(f"folded must list seat numbers, not {shown(seat)}")
    chips = {int(s): int(c) for s, c in contributions.items()}
    live = sorted(s for s in chips if s not in out)
    if not live:
        raise InvalidDefinitionError("every player folded: there is no one to win the pot")
    returned = None
    top_seat = max(chips, key=chips.__getitem__)
    second = max((c for s, c in chips.items() if s != top_seat), default=0)
    if chips[top_seat] > second:
        returned = (top_seat, chips[top_seat] - second)
        chips[top_seat] = second
    pots: list[tuple[int, tuple[int, ...]]] = []
    # chip by chip, one layer at a time: every layer between two amounts someone put in has
    # the same players in it, so each band of layers is added at once (amounts may be huge)
    below = 0
    for level in sorted(set(chips.values()) - {0}):
        size = sum(1 for c in chips.values() if c >= level) * (level - below)
        below = level
        sharing = tuple(s for s in live if chips[s] >= level)
        if not sharing:  # above every live player: the last pot takes it
            if pots:
                pots[-1] = (pots[-1][0] + size, pots[-1][1])
            continue
        if pots and pots[-1][1] == sharing:
            pots[-1] = (pots[-1][0] + size, sharing)
        else:
            pots.append((size, sharing))
    return pots or [(sum(chips.values()), tuple(live))], returned


seats = st.integers(-2, 9)
amounts = st.integers(0, 80)
odd_keys = st.sampled_from([True, False, 1.0, "1", None, 2**70, -(2**70)])
odd_amounts = st.sampled_from([True, False, -1, -(10**30), 2.5, 10.0, "5", None, 2**70])
odd_seats = st.sampled_from([True, 1.5, "2", None, b"3"])


@st.composite
def inputs(draw: st.DrawFn) -> tuple[Callable[[], Any], Callable[[], Any]]:
    """Contributions and folded seats, usually valid and sometimes wrong in one or more ways:
    each as a function making a fresh copy (a generator can be read once)."""
    chips: dict[Any, Any] = draw(st.dictionaries(seats, amounts, max_size=9))
    if draw(st.integers(0, 5)) == 0:
        chips.update(draw(st.dictionaries(odd_keys | seats, odd_amounts | amounts, max_size=2)))
    kind = draw(
        st.sampled_from(
            ["dict", "dict", "dict", "ordered", "proxy", "counter", "mapping", "pairs", "none"]
        )
    )
    folded: list[Any] = draw(st.lists(st.sampled_from([*chips, 11]) | seats, max_size=9))
    if draw(st.integers(0, 5)) == 0:
        folded.insert(draw(st.integers(0, len(folded))), draw(odd_seats))
    holder = draw(
        st.sampled_from(
            ["set", "set", "frozenset", "list", "tuple", "generator", "dict", "str", "none"]
        )
    )

    def make_chips() -> Any:
        makers: dict[str, Callable[[], Any]] = {
            "dict": lambda: dict(chips),
            "ordered": lambda: OrderedDict(chips),
            "proxy": lambda: MappingProxyType(dict(chips)),
            "counter": lambda: Counter(chips),
            "mapping": lambda: Contributions(dict(chips)),
            "pairs": lambda: list(chips.items()),
            "none": lambda: None,
        }
        return makers[kind]()

    def make_folded() -> Any:
        makers: dict[str, Callable[[], Any]] = {
            "set": lambda: set(folded),
            "frozenset": lambda: frozenset(folded),
            "list": lambda: list(folded),
            "tuple": lambda: tuple(folded),
            "generator": lambda: (s for s in folded),
            "dict": lambda: dict.fromkeys(folded, 0),
            "str": lambda: "".join(map(str, folded)),
            "none": lambda: None,
        }
        return makers[holder]()

    return make_chips, make_folded


def outcome(run: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "ok", run()
    except InvalidDefinitionError as error:
        return "refused", str(error)


@settings(max_examples=3000)
@given(inputs())
def test_side_pots_give_the_pots_and_refusals_of_the_plain_definition(
    made: tuple[Callable[[], Any], Callable[[], Any]],
) -> None:
    make_chips, make_folded = made
    chips, folded = make_chips(), make_folded()
    chips_before = dict(chips) if isinstance(chips, Mapping) else chips
    folded_before = list(folded) if isinstance(folded, set | frozenset | list | tuple) else None
    got = outcome(lambda: side_pots(chips, folded))
    expected = outcome(lambda: reference(make_chips(), make_folded()))
    if got[0] == "ok":
        pots: Pots = got[1]
        assert expected[0] == "ok", expected[1]
        assert ([(p.amount, p.eligible) for p in pots], pots.returned) == expected[1]
        for pot in pots:
            assert type(pot.amount) is int and type(pot.eligible) is tuple
        # the values built without checks are the checked constructors' values in every way
        pairs, returned = expected[1]
        checked = Pots(tuple(Pot(amount, eligible) for amount, eligible in pairs), returned)
        assert pots == checked and hash(pots) == hash(checked) and repr(pots) == repr(checked)
        assert pickle.loads(pickle.dumps(pots)) == checked
    else:
        assert got == expected
    # the caller's values are left as they were, accepted or refused
    assert (dict(chips) if isinstance(chips, Mapping) else chips) == chips_before
    if folded_before is not None:
        assert list(folded) == folded_before


@st.composite
def all_in_hands(draw: st.DrawFn) -> tuple[dict[int, int], Collection[int]]:
    """Valid hands shaped like real ones: a few stacks all-in, repeated levels, folded players
    with chips below, between and above the live players' levels."""
    stacks = draw(st.lists(st.integers(0, 120), min_size=1, max_size=4))
    players = draw(st.lists(st.integers(0, 9), min_size=1, max_size=9, unique=True))
    chips = {s: draw(st.sampled_from(stacks) | st.integers(0, 150)) for s in players}
    out = draw(st.lists(st.sampled_from(players), unique=True, max_size=len(players) - 1))
    kind: Callable[[list[int]], Collection[int]] = draw(
        st.sampled_from([set, frozenset, list, tuple])
    )
    return chips, kind(out)


@settings(max_examples=3000)
@given(all_in_hands())
def test_side_pots_of_all_in_hands_match_the_chip_by_chip_definition(
    hand: tuple[dict[int, int], Collection[int]],
) -> None:
    chips, folded = hand
    pots = side_pots(chips, folded)
    assert ([(p.amount, p.eligible) for p in pots], pots.returned) == reference(chips, folded)


@pytest.mark.parametrize(
    ("chips", "folded", "pots", "returned"),
    [
        # nobody folded, nobody all-in: one pot, the top bet's extra given back
        ({1: 40, 2: 40, 3: 60}, (), [(120, (1, 2, 3))], (3, 20)),
        # folded chips above every live level go in the last pot
        ({1: 10, 2: 30, 3: 50, 4: 50}, {3, 4}, [(40, (1, 2)), (100, (2,))], None),
        # a folded top bet: its unmatched part goes back, the rest stays in
        ({1: 10, 2: 30, 3: 50, 4: 20}, {3}, [(40, (1, 2, 4)), (30, (2, 4)), (20, (2,))], (3, 20)),
        # the top bettor folded: their unmatched chips still go back
        ({1: 10, 2: 80}, [2], [(20, (1,))], (2, 70)),
        # every live player put in nothing
        ({1: 0, 2: 0, 3: 5, 4: 5}, {3, 4}, [(10, (1, 2))], None),
        # a live player with nothing in shares no pot; the others still cut theirs
        ({1: 0, 2: 10, 3: 20}, (), [(20, (2, 3))], (3, 10)),
    ],
)
def test_side_pots_edge_cases(
    chips: dict[int, int],
    folded: Collection[int],
    pots: list[tuple[int, tuple[int, ...]]],
    returned: tuple[int, int] | None,
) -> None:
    made = side_pots(chips, folded)
    assert [(p.amount, p.eligible) for p in made] == pots and made.returned == returned
    assert reference(chips, folded) == (pots, returned)


def reference_award(
    pot: Pot, ranking: dict[int, int] | list[list[int]], order: tuple[int, ...] | None, chip: int
) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """The winners of a one-ranking pot (the best eligible hands, in odd-chip order) and their
    payouts: the pot split among them, the odd chips to the first."""
    if isinstance(ranking, dict):
        held = {s: v for s, v in ranking.items() if s in pot.eligible}
        best = [s for s, v in held.items() if v == max(held.values())]
    else:
        best = next(
            [s for s in t if s in pot.eligible] for t in ranking if set(t) & set(pot.eligible)
        )
    if order is None:
        winners = sorted(best)
    else:
        winners = sorted(best, key=lambda s: (order.index(s) if s in order else len(order), s))
    shares = split_amount(pot.amount, len(winners), chip=chip)
    return tuple(winners), tuple(zip(winners, shares, strict=True))


@settings(max_examples=2000)
@given(st.data())
def test_a_pot_with_one_ranking_is_awarded_as_the_plain_definition_says(
    data: st.DataObject,
) -> None:
    eligible = tuple(sorted(data.draw(st.sets(st.integers(0, 8), min_size=1, max_size=9))))
    pot = Pot(data.draw(st.integers(0, 500)), eligible)
    shown_down = data.draw(st.lists(st.sampled_from(eligible), min_size=1, unique=True))
    others = data.draw(st.lists(st.integers(0, 9), unique=True, max_size=3))
    strengths = st.integers(0, data.draw(st.sampled_from([0, 1, 3, 1000])))
    strength = {s: data.draw(strengths) for s in [*shown_down, *others]}
    ranking: dict[int, int] | list[list[int]] = strength
    if data.draw(st.booleans()):  # the same ranking as tiers of seats, best first
        values = sorted(set(strength.values()), reverse=True)
        ranking = [[s for s, v in strength.items() if v == value] for value in values]
    order = data.draw(st.none() | st.permutations(range(10)).map(tuple))
    chip = data.draw(st.sampled_from([1, 1, 5]))
    index = data.draw(st.integers(0, 3))
    result = award_pot(pot, ranking, odd_chip_order=order, chip=chip, index=index)
    winners, payouts = reference_award(pot, ranking, order, chip)
    assert result == PotAward(pot, index, (winners,), payouts)
    assert sum(chips for _, chips in result.payouts) == pot.amount


@settings(max_examples=1000)
@given(all_in_hands(), st.data())
def test_award_gives_what_award_pot_gives_pot_by_pot(
    hand: tuple[dict[int, int], Collection[int]], data: st.DataObject
) -> None:
    chips, folded = hand
    pots = side_pots(chips, folded)
    strengths = st.integers(0, data.draw(st.sampled_from([1, 3, 1000])))
    high = {s: data.draw(strengths) for s in chips}
    ranking: dict[int, int] | Shares = high
    if data.draw(st.booleans()):
        ranking = Shares(
            high, {s: data.draw(strengths) for s in chips if data.draw(st.booleans())}
        )
    order = data.draw(st.none() | st.permutations(sorted(chips)).map(tuple))
    chip = data.draw(st.sampled_from([1, 1, 5]))
    result = award(pots, ranking, odd_chip_order=order, chip=chip)
    expected = [
        award_pot(pot, ranking, odd_chip_order=order, chip=chip, index=k)
        for k, pot in reversed(list(enumerate(pots)))
    ]
    assert result == Award(tuple(expected), pots.returned)
