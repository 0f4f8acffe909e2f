"""A tournament's structure: blind and ante levels, and the clock that moves them on.

A :class:`Structure` is a sequence of :class:`Level` values, each the
:class:`~pokerrules.variants.Stakes` of its hands and its length -- in hands or in seconds, as
the structure's ``clock`` says. The library never reads the wall clock: the caller says how much
time has passed (:meth:`LevelClock.tick`) and how many hands have been played
(:meth:`LevelClock.after_hand`). A new level applies to the next hand, never to one already
dealt (TDA Rules 2024, Rule 23, "New Hand and New Limits"). The last level lasts until the end.

>>> from pokerrules.tournament.structure import Clock, LevelClock, Structure
>>> structure = Structure.blinds([(10, 20), (15, 30), (25, 50, 5)], length=10)
>>> clock = LevelClock()
>>> structure.stakes(clock).blinds
(10, 20)
>>> for _ in range(10):
...     clock = clock.after_hand()
>>> structure.level_of(clock), structure.stakes(clock).blinds
(1, (15, 30))
>>> timed = Structure.blinds([(10, 20), (20, 40)], length=900, clock=Clock.SECONDS)
>>> timed.level_of(LevelClock().tick(899)), timed.level_of(LevelClock().tick(900))
(0, 1)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

import attrs

from pokerrules._validators import is_count, is_instance, is_member, shown
from pokerrules.errors import InvalidDefinitionError
from pokerrules.variants import Stakes

__all__ = ["MAX_LEVELS", "Clock", "Level", "LevelClock", "Structure"]

#: The most levels a structure holds.
MAX_LEVELS: Final = 1000


class Clock(enum.Enum):
    """What a level's length counts."""

    #: Hands played (at any table of the tournament).
    HANDS = "hands"
    #: Seconds of play, as the caller reports them with :meth:`LevelClock.tick`.
    SECONDS = "seconds"


def _positive(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidDefinitionError(
            f"{attribute.name} must be a whole number >= 1, not {shown(value)}"
        )


@attrs.frozen(kw_only=True)
class Level:
    """One level: the ``stakes`` its hands are played at, and its ``length`` (hands or
    seconds, by the structure's clock)."""

    stakes: Stakes = attrs.field(validator=is_instance(Stakes))
    length: int = attrs.field(validator=_positive)


def _levels(value: Sequence[Level]) -> tuple[Level, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise InvalidDefinitionError(f"levels must be a sequence of Level, not {shown(value)}")
    levels = tuple(value)
    if not 1 <= len(levels) <= MAX_LEVELS:
        raise InvalidDefinitionError(
            f"a structure has 1 to {MAX_LEVELS} levels, not {len(levels)}"
        )
    odd = next((level for level in levels if not isinstance(level, Level)), None)
    if odd is not None:
        raise InvalidDefinitionError(f"levels must hold Level values, not {shown(odd)}")
    return levels


@attrs.frozen(kw_only=True)
class LevelClock:
    """How far the tournament has come: ``hands`` played and ``seconds`` of play reported."""

    hands: int = attrs.field(default=0, validator=is_count)
    seconds: int = attrs.field(default=0, validator=is_count)

    def after_hand(self) -> LevelClock:
        """The clock after one more hand."""
        return attrs.evolve(self, hands=self.hands + 1)

    def tick(self, seconds: int) -> LevelClock:
        """The clock after ``seconds`` more seconds of play (the caller's clock, not the
        library's: nothing here reads the time)."""
        if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds < 0:
            raise InvalidDefinitionError(
                f"seconds must be a whole number >= 0, not {shown(seconds)}"
            )
        return attrs.evolve(self, seconds=self.seconds + seconds)


@attrs.frozen(kw_only=True)
class Structure:
    """The levels of a tournament and what their lengths count (:class:`Clock`)."""

    levels: tuple[Level, ...] = attrs.field(converter=_levels)
    clock: Clock = attrs.field(default=Clock.HANDS, validator=is_member(Clock))

    @classmethod
    def blinds(
        cls,
        schedule: Sequence[tuple[int, int] | tuple[int, int, int]],
        *,
        length: int,
        clock: Clock = Clock.HANDS,
    ) -> Structure:
        """No- and pot-limit levels from ``(small blind, big blind)`` or ``(small blind, big
        blind, ante)`` rows, each ``length`` long."""
        if isinstance(schedule, str) or not isinstance(schedule, Sequence):
            raise InvalidDefinitionError(
                f"schedule must be a sequence of (small, big[, ante]) rows, not {shown(schedule)}"
            )
        levels = []
        for row in schedule:
            if not isinstance(row, tuple) or len(row) not in (2, 3):
                raise InvalidDefinitionError(
                    f"a level is (small blind, big blind) or (small, big, ante), not {shown(row)}"
                )
            ante = row[2] if len(row) == 3 else 0
            levels.append(Level(stakes=Stakes.no_limit(row[0], row[1], ante=ante), length=length))
        return cls(levels=levels, clock=clock)

    def level_of(self, clock: LevelClock) -> int:
        """The index of the level in force for the next hand."""
        if not isinstance(clock, LevelClock):
            raise InvalidDefinitionError(f"clock must be a LevelClock, not {shown(clock)}")
        elapsed = clock.hands if self.clock is Clock.HANDS else clock.seconds
        for index, level in enumerate(self.levels):
            if elapsed < level.length:
                return index
            elapsed -= level.length
        return len(self.levels) - 1

    def stakes(self, clock: LevelClock) -> Stakes:
        """The stakes of the next hand."""
        return self.levels[self.level_of(clock)].stakes
