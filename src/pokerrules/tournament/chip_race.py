"""The chip race: colouring up a denomination that the blinds no longer need.

The procedure (TDA Rules 2024, Rule 24, "Chip Race, Scheduled Color Ups"; Wikipedia, "Chip
race"):

1. Each player changes as many of the small chips as make whole larger chips. What is left --
   fewer small chips than one larger chip is worth -- goes into the race.
2. The race is for the larger chips the leftovers are worth: their value divided by the larger
   chip, rounded to the nearest chip (half a chip or more makes one more; Wikipedia), or down
   (:attr:`RaceRounding.DOWN`).
3. Each racing player is dealt one card per small chip they put in, all of theirs before the
   next player's, starting from seat 1 (here the lowest-numbered seat) and going round.
4. The highest cards win the larger chips, one chip at most to a player (Rule 24A); equal ranks
   are broken by suit: spades, hearts, diamonds, clubs.
5. Nobody can be raced out (Rule 24A): a player whose last chips were in the race and who wins
   none gets one chip of the smallest denomination still in play.

:func:`chip_race` takes each player's stack (in chips of value, the small chip being the
smallest) and returns a :class:`ChipRace` with the stacks after, the cards dealt and the
winners. The value in play changes only by the race's rounding and the chips given so that
nobody is raced out; :meth:`ChipRace.accounted` checks exactly that.

>>> import random
>>> from pokerrules.tournament.chip_race import chip_race
>>> race = chip_race({1: 1015, 2: 990, 3: 1000}, small=5, large=25, rng=random.Random(3))
>>> race.leftover, race.raced                  # 15 + 15 + 0 = 30 in small chips: one 25
({1: 3, 2: 3}, 1)
>>> sorted(race.stacks.items())
[(1, 1000), (2, 1000), (3, 1000)]
>>> race.winners
(2,)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from typing import Final

import attrs

from pokerrules._validators import shown
from pokerrules.cards import STANDARD_CARDS, Card, Suit
from pokerrules.errors import InvalidDefinitionError

__all__ = ["MAX_RACE_CARDS", "ChipRace", "RaceRounding", "chip_race", "race_order"]

#: The most cards one table's race deals: one deck.
MAX_RACE_CARDS: Final = len(STANDARD_CARDS)
_SUIT_ORDER: Final = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


class RaceRounding(enum.Enum):
    """How many larger chips the race is for, when the leftovers are not a whole number."""

    #: To the nearest chip: half a larger chip or more makes one more (Wikipedia). Default.
    NEAREST = "nearest"
    #: Down: the part of a chip left over is removed from play.
    DOWN = "down"


def race_order(card: Card) -> tuple[int, int]:
    """How a race card ranks: by rank, then by suit (spades, hearts, diamonds, clubs)."""
    return int(card.rank), _SUIT_ORDER[card.suit]


@attrs.frozen(kw_only=True)
class ChipRace:
    """The result of a chip race.

    * ``before`` and ``stacks`` -- each player's chips before and after;
    * ``leftover`` -- the small chips each racing player put in the race;
    * ``raced`` -- the larger chips raced for;
    * ``cards`` -- the cards each racing player was dealt, in the order dealt;
    * ``winners`` -- who won a larger chip, best card first; ``given`` -- who was given one so
      as not to be raced out.
    """

    small: int
    large: int
    before: dict[int, int]
    stacks: dict[int, int]
    leftover: dict[int, int]
    raced: int
    cards: dict[int, tuple[Card, ...]]
    winners: tuple[int, ...]
    given: tuple[int, ...]

    def accounted(self) -> bool:
        """Whether the chips add up: the value after is the value before, less the small chips
        raced, plus the larger chips won and given -- and every stack is whole larger chips."""
        in_race = sum(self.leftover.values()) * self.small
        won = (len(self.winners) + len(self.given)) * self.large
        whole = all(chips % self.large == 0 for chips in self.stacks.values())
        return whole and sum(self.stacks.values()) == sum(self.before.values()) - in_race + won


def _whole(value: object, name: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InvalidDefinitionError(
            f"{name} must be a whole number >= {least}, not {shown(value)}"
        )
    return value


def chip_race(
    stacks: Mapping[int, int],
    *,
    small: int,
    large: int,
    rng: random.Random,
    rounding: RaceRounding = RaceRounding.NEAREST,
) -> ChipRace:
    """Race off the ``small`` chips of one table for ``large`` ones (see the module
    documentation); ``stacks`` are chips by seat, each a whole number of small chips, and the
    cards are shuffled with ``rng``."""
    _whole(small, "small", 1)
    _whole(large, "large", 2)
    if large % small:
        raise InvalidDefinitionError(
            f"the larger chip ({large}) must be a whole number of small chips ({small})"
        )
    if not isinstance(rng, random.Random):
        raise InvalidDefinitionError(f"rng must be a random.Random, not {shown(rng)}")
    if not isinstance(rounding, RaceRounding):
        raise InvalidDefinitionError(f"rounding must be a RaceRounding, not {shown(rounding)}")
    if not isinstance(stacks, Mapping):
        raise InvalidDefinitionError(f"stacks must be chips by seat, not {shown(stacks)}")
    before: dict[int, int] = {}
    for seat, chips in sorted(stacks.items()):
        _whole(seat, "a seat", 0)
        _whole(chips, f"seat {seat}'s stack", 1)
        if chips % small:
            raise InvalidDefinitionError(
                f"seat {seat}'s stack ({chips}) is not a whole number of {small}-chips"
            )
        before[seat] = chips
    leftover = {s: (x % large) // small for s, x in before.items() if x % large}
    dealt = sum(leftover.values())
    if dealt > MAX_RACE_CARDS:
        raise InvalidDefinitionError(
            f"the race would deal {dealt} cards, more than a deck's {MAX_RACE_CARDS}: colour up "
            "fewer denominations at a time"
        )
    value = dealt * small
    raced, part = divmod(value, large)
    if rounding is RaceRounding.NEAREST and 2 * part >= large:
        raced += 1
    raced = min(raced, len(leftover))  # one chip at most to a player
    deck = list(STANDARD_CARDS)
    rng.shuffle(deck)
    cards: dict[int, tuple[Card, ...]] = {}
    at = 0
    for seat in sorted(leftover):  # from seat 1 on, all of a player's cards at once
        cards[seat] = tuple(deck[at : at + leftover[seat]])
        at += leftover[seat]
    best = {seat: max(race_order(c) for c in held) for seat, held in cards.items()}
    winners = tuple(sorted(best, key=best.__getitem__, reverse=True)[:raced])
    after = {s: x - x % large for s, x in before.items()}
    for seat in winners:
        after[seat] += large
    given = tuple(s for s in sorted(after) if after[s] == 0)
    for seat in given:
        after[seat] = large
    return ChipRace(
        small=small,
        large=large,
        before=before,
        stacks=after,
        leftover=leftover,
        raced=raced,
        cards=cards,
        winners=winners,
        given=given,
    )
