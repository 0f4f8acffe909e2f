"""What stays fixed through a betting round, and the checks on how a round starts."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import attrs

from pokerrules._validators import INT_ONLY, is_int, seat_tuple, shown
from pokerrules.betting._turns import turns
from pokerrules.betting.structures import (
    BettingRules,
    FixedLimit,
    IncompleteAllIn,
    NoLimit,
    PotLimit,
    SpreadLimit,
    Structure,
)
from pokerrules.errors import InvalidDefinitionError

__all__ = [
    "Setup",
    "check_bring_in",
    "check_options",
    "checked_chips",
    "checked_no_option",
]

_new = object.__new__
_set_attr = object.__setattr__


@attrs.frozen(slots=False)
class Setup:
    """What stays fixed through a round."""

    structure: Structure
    rules: BettingRules
    seats: tuple[int, ...]
    pot: int
    bring_in: int
    complete_to: int
    # a bring-in all-in for less still sets the full bring-in to call (RRoP); else what it was
    full_bring_in: bool
    began_heads_up: bool
    half_bet: bool
    # precomputed facts: the cap, or None when the structure or rules have none
    cap: int | None
    pot_limit: bool
    # fixed limit with one bet size (no choice of a double bet)
    one_size: bool
    # for each player in action order, the players in turn after it (see _turns.turns)
    turns: tuple[tuple[int, ...], ...]

    @classmethod
    def of(  # noqa: PLR0917 -- the facts of a round's start, all needed
        cls,
        structure: Structure,
        rules: BettingRules,
        seats: tuple[int, ...],
        pot: int,
        bring_in: int,
        complete_to: int,
        active: int,
        full_bring_in: bool = True,
    ) -> Setup:
        """The setup of a round with ``active`` players holding chips behind."""
        fields = _structure_facts(structure, rules).copy()
        fields["seats"] = seats
        fields["pot"] = pot
        fields["bring_in"] = bring_in
        fields["complete_to"] = complete_to
        fields["full_bring_in"] = full_bring_in
        fields["began_heads_up"] = active <= 2
        fields["turns"] = turns(len(seats))
        setup = _new(cls)
        _set_fields(setup, fields)
        return setup


_set_fields = Setup.__dict__["__dict__"].__set__

#: The facts of each (structure, rules) pair seen lately, by identity (both are immutable).
_FACTS: dict[tuple[int, int], tuple[Structure, BettingRules, dict[str, object]]] = {}
_MOST_FACTS = 256


def _structure_facts(structure: Structure, rules: BettingRules) -> dict[str, object]:
    """What a round's setup takes from its structure and rules alone (worked out once for each
    pair: every street of a hand starts a round with the same few)."""
    key = (id(structure), id(rules))
    known = _FACTS.get(key)
    if known is not None and known[0] is structure and known[1] is rules:
        return known[2]
    facts: dict[str, object] = {
        "structure": structure,
        "rules": rules,
        "half_bet": isinstance(structure, FixedLimit | SpreadLimit)
        and rules.incomplete_all_in is IncompleteAllIn.HALF_BET,
        "cap": None if isinstance(structure, PotLimit | NoLimit) else rules.cap,
        "pot_limit": isinstance(structure, PotLimit),
        "one_size": isinstance(structure, FixedLimit) and structure.double_bet is None,
    }
    if len(_FACTS) >= _MOST_FACTS:
        _FACTS.clear()
    _FACTS[key] = (structure, rules, facts)
    return facts


def _check_chips_by_seat(chips: object, what: str) -> None:
    """Refuse ``chips`` unless it maps seat numbers to whole chips >= 0."""
    if not isinstance(chips, Mapping):
        msg = f"{what} must be a mapping of seat -> chips, not {shown(chips)}"
        raise InvalidDefinitionError(msg)
    if set(map(type, chips)) <= INT_ONLY and set(map(type, chips.values())) <= INT_ONLY:
        if chips and min(chips.values()) < 0:
            seat = min(chips, key=chips.__getitem__)
            msg = f"{what}: seat {shown(seat)} has {shown(chips[seat])}, not whole chips >= 0"
            raise InvalidDefinitionError(msg)
        return
    for seat, amount in chips.items():
        if not is_int(seat):
            raise InvalidDefinitionError(f"{what}: {shown(seat)} is not a seat number")
        if not is_int(amount) or amount < 0:
            msg = f"{what}: seat {shown(seat)} has {shown(amount)}, not whole chips >= 0"
            raise InvalidDefinitionError(msg)


def checked_chips(
    order: Sequence[int], stacks: Mapping[int, int], posted: Mapping[int, int], pot: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The seats in action order, their stacks and their posts, once the input is checked:
    distinct seat numbers, a stack for each, posts only by seats in the order, whole chips
    >= 0."""
    seats = seat_tuple(order, "order")
    if not seats:
        raise InvalidDefinitionError("a betting round needs at least one player")
    if len(set(seats)) != len(seats):
        twice = next(s for k, s in enumerate(seats) if s in seats[:k])
        msg = f"seat {shown(twice)} appears twice in the order"
        raise InvalidDefinitionError(msg)
    _check_chips_by_seat(stacks, "stacks")
    _check_chips_by_seat(posted, "posted")
    if not is_int(pot) or pot < 0:
        raise InvalidDefinitionError(f"pot must be whole chips >= 0, not {shown(pot)}")
    missing = [s for s in seats if s not in stacks]
    if missing:
        msg = f"seat {shown(missing[0])} is in the order but has no stack"
        raise InvalidDefinitionError(msg)
    stranger = posted.keys() - set(seats)
    if stranger:
        msg = f"seat {shown(min(stranger))} posted but is not in the order"
        raise InvalidDefinitionError(msg)
    stack_t = tuple([stacks[s] for s in seats])
    committed = tuple([posted.get(s, 0) for s in seats])
    return seats, stack_t, committed


def checked_no_option(no_option: Collection[int]) -> frozenset[int]:
    """``no_option`` once checked: seat numbers only."""
    return frozenset(seat_tuple(no_option, "no_option"))


def check_bring_in(
    bring_in: int | None, complete: int, level: int, first_seat: int, first_stack: int
) -> None:
    """Refuse a stud bring-in that cannot start the round."""
    if bring_in is None:
        return
    if bring_in <= 0 or level > 0 or complete <= bring_in:
        msg = (
            f"a bring-in ({shown(bring_in)}) must be positive, below the completion "
            f"({shown(complete)}), and start a round with nothing posted"
        )
        raise InvalidDefinitionError(msg)
    if first_stack == 0:
        msg = (
            f"seat {shown(first_seat)} has no chips left and cannot bring in; start with "
            "another seat"
        )
        raise InvalidDefinitionError(msg)


def check_options(  # noqa: PLR0917 -- the optional arguments of a round's start
    structure: object,
    rules: object,
    level: int | None,
    bets: int | None,
    raise_size: int | None,
    bring_in: int | None,
    complete_to: int | None,
) -> None:
    """Refuse a structure or rules of the wrong type, and amounts that are not whole chips."""
    if not isinstance(structure, FixedLimit | SpreadLimit | PotLimit | NoLimit):
        msg = (
            "structure must be FixedLimit, SpreadLimit, PotLimit or NoLimit, "
            f"not {shown(structure)}"
        )
        raise InvalidDefinitionError(msg)
    if not isinstance(rules, BettingRules):
        raise InvalidDefinitionError(f"rules must be BettingRules, not {shown(rules)}")
    amounts = {
        "level": level,
        "bets": bets,
        "raise_size": raise_size,
        "bring_in": bring_in,
        "complete_to": complete_to,
    }
    for name, value in amounts.items():
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidDefinitionError(f"{name} must be a whole number, not {shown(value)}")
