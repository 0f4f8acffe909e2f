"""What stays fixed through a betting round, and the checks on how a round starts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

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

__all__ = ["Setup", "check_bring_in", "check_options", "checked_chips"]

_INTS = frozenset({int})
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
    began_heads_up: bool
    half_bet: bool
    # precomputed facts: the cap, or None when the structure or rules have none
    cap: int | None
    pot_limit: bool

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
    ) -> Setup:
        """The setup of a round with ``active`` players holding chips behind."""
        setup = _new(cls)
        _set_attr(
            setup,
            "__dict__",
            {
                "structure": structure,
                "rules": rules,
                "seats": seats,
                "pot": pot,
                "bring_in": bring_in,
                "complete_to": complete_to,
                "began_heads_up": active <= 2,
                "half_bet": isinstance(structure, FixedLimit | SpreadLimit)
                and rules.incomplete_all_in is IncompleteAllIn.HALF_BET,
                "cap": None if isinstance(structure, PotLimit | NoLimit) else rules.cap,
                "pot_limit": isinstance(structure, PotLimit),
            },
        )
        return setup


def checked_chips(
    order: Sequence[int], stacks: Mapping[int, int], posted: Mapping[int, int], pot: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The seats in action order, their stacks and their posts, once the input is checked:
    distinct seats, a stack for each, posts only by seats in the order, whole chips >= 0."""
    seats = tuple(order)
    if not seats:
        raise InvalidDefinitionError("a betting round needs at least one player")
    if len(set(seats)) != len(seats):
        raise InvalidDefinitionError(f"a seat appears twice in the order {list(seats)}")
    missing = [s for s in seats if s not in stacks]
    if missing:
        raise InvalidDefinitionError(f"seat {missing[0]} is in the order but has no stack")
    stranger = posted.keys() - set(seats)
    if stranger:
        msg = f"seat {min(stranger)} posted but is not in the order"
        raise InvalidDefinitionError(msg)
    stack_t = tuple([stacks[s] for s in seats])
    committed = tuple([posted.get(s, 0) for s in seats])
    chips = (*stack_t, *committed, pot)
    if min(chips) < 0 or not set(map(type, chips)) <= _INTS:
        raise InvalidDefinitionError("stacks, posts and the pot must be whole chips >= 0")
    return seats, stack_t, committed


def check_bring_in(
    bring_in: int | None, complete: int, level: int, first_seat: int, first_stack: int
) -> None:
    """Refuse a stud bring-in that cannot start the round."""
    if bring_in is None:
        return
    if bring_in <= 0 or level > 0 or complete <= bring_in:
        msg = (
            f"a bring-in ({bring_in}) must be positive, below the completion ({complete}), "
            "and start a round with nothing posted"
        )
        raise InvalidDefinitionError(msg)
    if first_stack == 0:
        msg = f"seat {first_seat} has no chips left and cannot bring in; start with another seat"
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
        msg = f"structure must be FixedLimit, SpreadLimit, PotLimit or NoLimit, not {structure!r}"
        raise InvalidDefinitionError(msg)
    if not isinstance(rules, BettingRules):
        raise InvalidDefinitionError(f"rules must be BettingRules, not {rules!r}")
    amounts = {
        "level": level,
        "bets": bets,
        "raise_size": raise_size,
        "bring_in": bring_in,
        "complete_to": complete_to,
    }
    for name, value in amounts.items():
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidDefinitionError(f"{name} must be a whole number, not {value!r}")
