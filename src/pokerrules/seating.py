"""Seats and money at a cash table: buy-in limits, the record of each hand's stacks, and the rule
that says when a change of seats dodges a blind.

:class:`~pokerrules.table.Table` uses these; they are plain values, usable alone.

The rules, from Robert's Rules of Poker, "Button and Blind Use" (rules for using blinds) and
"General Poker Rules" (buy-in):

* A player buys in for at least the table's minimum and at most its maximum, and may add chips
  only between hands (table stakes): a *top-up* may bring a stack up to the maximum, never past
  it. A player who loses every chip may *rebuy* for a full buy-in.
* "A player who goes all in and loses is obligated to make up the blinds if they are missed
  before a rebuy is made. (The person is not treated as a new player when reentering.)" -- a
  busted player keeps their seat and place; they miss blinds like anyone away from the table.
* "A player can change seats without penalty, provided a blind has not yet passed the new
  seat." -- :func:`dodges_big_blind`: moving to a seat the big blind reaches *later* than the
  old one would let a player skip a big blind; such a player is treated as a new one (they wait
  for the big blind or post one).

>>> from pokerrules.seating import BuyIn, dodges_big_blind
>>> BuyIn(40, 200).check(100, "a buy-in")
>>> BuyIn(40, 200).check(20, "a buy-in")
Traceback (most recent call last):
...
pokerrules.errors.InvalidDefinitionError: a buy-in must be 40 to 200 chips, not 20
>>> # the big blind was on seat 2 last hand, so it reaches seat 3 next, then 5, then 7 ...
>>> dodges_big_blind(last_big_blind=2, seat=3, to=7, seat_count=9)
True
>>> dodges_big_blind(last_big_blind=2, seat=7, to=4, seat_count=9)
False
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import NamedTuple

import attrs

from pokerrules._validators import is_count, is_int, optional, shown
from pokerrules.errors import InvalidDefinitionError
from pokerrules.pots import clockwise_from
from pokerrules.variants import Stakes, Variant

__all__ = ["BuyIn", "HandRecord", "Placement", "dead_button_placement", "dodges_big_blind"]


def _positive(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not is_int(value) or value <= 0:
        raise InvalidDefinitionError(
            f"{attribute.name} must be a positive whole number of chips, not {shown(value)}"
        )


@attrs.frozen
class BuyIn:
    """How many chips a player may bring to the table: at least ``minimum``, and at most
    ``maximum`` (``None``: no cap). A top-up may bring a stack up to ``maximum``."""

    minimum: int = attrs.field(default=1, validator=_positive)
    maximum: int | None = attrs.field(default=None, validator=optional(_positive))

    def __attrs_post_init__(self) -> None:
        if self.maximum is not None and self.maximum < self.minimum:
            raise InvalidDefinitionError(
                f"the maximum buy-in ({self.maximum}) is below the minimum ({self.minimum})"
            )

    def describe(self) -> str:
        """The range in words: ``'40 to 200 chips'``."""
        if self.maximum is None:
            return f"at least {self.minimum} chips"
        return f"{self.minimum} to {self.maximum} chips"

    def check(self, chips: object, what: str) -> None:
        """Refuse ``chips`` (``what`` names them) unless a whole number within the range."""
        if not is_int(chips):
            raise InvalidDefinitionError(f"{what} must be whole chips, not {shown(chips)}")
        if chips < self.minimum or (self.maximum is not None and chips > self.maximum):
            raise InvalidDefinitionError(f"{what} must be {self.describe()}, not {chips}")

    def top_up(self, seat: int, stack: int, chips: int | None) -> int:
        """The chips ``seat``, holding ``stack``, may add for a top-up of ``chips``: up to
        the maximum, never past it (``None``: all the way to the maximum)."""
        most = self.maximum
        if chips is None:
            if most is None:
                raise InvalidDefinitionError("say how many chips: the table has no maximum buy-in")
            chips = most - stack
            if chips <= 0:
                raise InvalidDefinitionError(
                    f"seat {seat} has {stack} chips, at or above the maximum buy-in ({most})"
                )
        if not is_int(chips) or chips <= 0:
            raise InvalidDefinitionError(
                f"a top-up must be a positive whole number of chips, not {shown(chips)}"
            )
        if most is not None and stack + chips > most:
            raise InvalidDefinitionError(
                f"seat {seat} may top up to the maximum buy-in of {most} chips: {stack} + "
                f"{chips} is more (at most {max(most - stack, 0)} more)"
            )
        return chips


@attrs.frozen(kw_only=True)
class HandRecord:
    """One hand in a table's stack history: its ``number`` (1 for the first), its ``button``,
    the ``added`` chips players brought (buy-ins, rebuys, top-ups) since the hand before,
    the stacks of the seated players when it was dealt (``starting``, whether dealt in or not)
    and when it ended (``ending``)."""

    number: int = attrs.field(validator=is_count)
    button: int = attrs.field(validator=is_count)
    added: dict[int, int] = attrs.field(factory=dict)
    starting: dict[int, int] = attrs.field(factory=dict)
    ending: dict[int, int] = attrs.field(factory=dict)

    def won(self, seat: int) -> int:
        """The chips ``seat`` won (negative: lost) in the hand."""
        return self.ending.get(seat, 0) - self.starting.get(seat, 0)


def dodges_big_blind(*, last_big_blind: int, seat: int, to: int, seat_count: int) -> bool:
    """Whether moving from ``seat`` to ``to`` would let a player skip a big blind: the big
    blind, last on ``last_big_blind``, moves clockwise and reaches ``to`` later than ``seat``
    (the blind has already passed the new seat this round)."""

    def distance(s: int) -> int:  # seats the big blind moves before it reaches s
        return (s - last_big_blind - 1) % seat_count

    return distance(to) > distance(seat)


class Placement(NamedTuple):
    """How a hand is dealt: its ``seats``, its ``button`` and which of the stakes'
    ``blinds`` (their places, small first) are posted."""

    seats: tuple[int, ...]
    button: int
    blinds: tuple[int, ...]


def _seat_before(seat: int, seats: Sequence[int]) -> int:
    """The seat of ``seats`` that comes just before ``seat``, clockwise."""
    ring = clockwise_from(seat, seats)
    return ring[-2] if ring[-1] == seat else ring[-1]


def dead_button_placement(
    *,
    ready: tuple[int, ...],
    due: tuple[int, tuple[int | None, ...], int],
    missed: Mapping[int, int],
    seat_count: int,
) -> Placement | None:
    """The dead-button rule (Robert's Rules of Poker, "Button and Blind Use" 2b) placing a hand:
    ``ready`` the players who may be dealt in, ``due`` the button, the seats due the smaller
    blinds (small first; ``None`` where nobody was) and the big blind's seat, ``missed`` who
    owes a big blind to come in. Nobody but the blinds is dealt in between the button and the
    big blind. Heads-up the button posts the small blind ("In heads-up play with two blinds,
    the small blind is on the button"), or, owing a big blind, posts that instead: a small
    blind never makes up a big one. ``None`` when the blinds due cannot be placed by the
    rule."""
    button, smaller, big = due
    every = tuple(range(len(smaller) + 1))
    blinds = (*smaller, big)
    # A smaller blind is dead when its player is not dealt in: gone, away, or replaced by
    # a new player (who owes a big blind to come in and waits, like anyone else sitting
    # between the button and the big blind).
    due_players = {s for s in smaller if s in ready and s not in missed} | {big}
    ring = clockwise_from(button, range(seat_count))
    reach = max(ring.index(s) for s in blinds if s is not None)
    between = set(ring[: reach + 1]) - due_players
    seats = tuple(s for s in ready if s not in between)
    if len(seats) < 2 <= len(ready):
        # Nobody to play the big blind against but players who wait: rather than no game,
        # the next of them comes in, heads-up.
        seats = tuple(sorted((big, clockwise_from(big, ready)[0])))
    if len(seats) < 2:
        return Placement(seats, button, every)
    if len(seats) == 2:
        # Heads-up the big blind is still the next player's, and the other player, on
        # the button, posts the small blind: nobody has the big blind twice in a row.
        on_button = next(s for s in seats if s != big)
        if on_button in missed and len(every) > 1:
            # The button owes a big blind: a small blind does not make it up, so the
            # button posts the big blind it owes, live, in place of the small blind.
            return Placement(seats, on_button, every[-1:])
        return Placement(seats, on_button, every)
    # the blinds whose players are dealt in (a seat due two blinds posts the larger)
    posted: list[int] = []
    live: list[int] = []
    for k, seat in enumerate(blinds):
        if seat in due_players and seat not in blinds[k + 1 :]:
            posted.append(k)
            live.append(seat)
    for candidate in (button, _seat_before(live[0], seats)):
        if clockwise_from(candidate, seats)[: len(live)] == tuple(live):
            return Placement(seats, candidate, tuple(posted))
    return None


def blinds_missed(
    *,
    owed: dict[int, int],
    missed: dict[int, int],
    blinds: tuple[int, ...],
    last_big_blind: int | None,
    big_blind: int | None,
    seated: tuple[int, ...],
    away: frozenset[int],
) -> tuple[dict[int, int], dict[int, int]]:
    """The blinds ``owed`` (dead) and ``missed`` (big blinds, live) after a hand whose big blind
    was on ``big_blind``, the one before it on ``last_big_blind``: each player ``away`` whom
    the big blind passed misses one big blind and one small blind however long they are gone,
    and the last big blind, away, misses the small blind it was due (Robert's Rules of Poker,
    "Button and Blind Use")."""
    if big_blind is None or last_big_blind is None:
        return owed, missed
    ring = clockwise_from(last_big_blind, seated)
    for seat in ring[: ring.index(big_blind) if big_blind in ring else 0]:
        if seat in away:
            missed[seat] = blinds[-1]
            if len(blinds) > 1:
                owed[seat] = blinds[0]
    if len(blinds) > 1 and last_big_blind in away:
        owed[last_big_blind] = blinds[0]
    return owed, missed


# -- checks of players sitting down and changing seats ------------------------------------------


def check_opening(
    *, variant: object, stakes: object, stacks: Mapping[int, int] | Sequence[int], buy_in: object
) -> None:
    """Refuse a table's opening unless ``variant`` is a Variant, ``stakes`` Stakes and, at a
    cash table, ``buy_in`` a :class:`BuyIn` every one of the ``stacks`` is within."""
    if not isinstance(variant, Variant):
        raise InvalidDefinitionError(f"variant must be a Variant, not {shown(variant)}")
    if not isinstance(stakes, Stakes):
        raise InvalidDefinitionError(f"stakes must be Stakes, not {shown(stakes)}")
    if buy_in is not None:
        if not isinstance(buy_in, BuyIn):
            raise InvalidDefinitionError(f"buy_in must be a BuyIn, not {shown(buy_in)}")
        for seat, chips in stacks_by_seat(stacks).items():
            buy_in.check(chips, f"seat {seat}'s buy-in")


def check_rebuy(*, seat: int, stack: int, chips: object, buy_in: BuyIn | None) -> None:
    """Refuse a rebuy of ``chips`` by ``seat``, holding ``stack``, unless at a cash table
    (a ``buy_in``), by a player with no chips, within the buy-in."""
    if buy_in is None:
        raise InvalidDefinitionError(
            "only a cash table (opened with a buy_in) keeps a busted player's seat"
        )
    if stack > 0:
        raise InvalidDefinitionError(
            f"seat {seat} still has {stack} chips: top up instead of a rebuy"
        )
    buy_in.check(chips, "a rebuy")


def check_join(
    *, seat: object, stack: object, post: object, seated: Collection[int], buy_in: BuyIn | None
) -> None:
    """Refuse a player sitting down in ``seat`` with ``stack`` chips (``post``: posting a big
    blind to come in) unless the seat is a number nobody in ``seated`` holds and the stack
    whole, positive and, at a cash table, within the ``buy_in``."""
    if not is_int(seat):
        raise InvalidDefinitionError(f"a seat is a seat number, not {shown(seat)}")
    if not isinstance(post, bool):
        raise InvalidDefinitionError(f"post must be True or False, not {shown(post)}")
    if seat in seated:
        raise InvalidDefinitionError(f"seat {seat} is taken")
    if buy_in is not None:
        buy_in.check(stack, "a buy-in")
    if not is_int(stack):
        raise InvalidDefinitionError(f"seat {seat} needs whole chips, not {shown(stack)}")
    if stack <= 0:
        raise InvalidDefinitionError(f"seat {seat} needs chips to sit, not {shown(stack)}")


def check_move(
    *,
    seat: int,
    to: object,
    seat_count: int,
    seated: Collection[int],
    last_big_blind: int | None,
    kill_seats: Collection[int | None],
) -> None:
    """Refuse the player in ``seat`` moving to ``to`` unless it is an empty seat of the
    ``seat_count``, and they neither posted the last big blind (``last_big_blind``: ``None``
    in a game without blinds) nor are due to kill or hold a leg toward one (``kill_seats``)."""
    if not is_int(to) or not 0 <= to < seat_count:
        raise InvalidDefinitionError(
            f"a seat is a seat number 0-{seat_count - 1}, not {shown(to)}"
        )
    if to in seated:
        raise InvalidDefinitionError(f"seat {to} is taken")
    if seat == last_big_blind:
        raise InvalidDefinitionError(
            f"seat {seat} posted the last big blind: they change seats after the next hand, "
            "so that the big blind cannot come to them twice in a row"
        )
    if seat in kill_seats:
        raise InvalidDefinitionError(
            f"seat {seat} cannot change seats with a kill pending or a leg up toward one"
        )


def moved_seat(values: Mapping[int, int], seat: int, to: int) -> dict[int, int]:
    """``values`` by seat with ``seat``'s entry moved to ``to``."""
    return {to if s == seat else s: x for s, x in values.items()}


def moved_seat_set(values: frozenset[int], seat: int, to: int) -> frozenset[int]:
    """``values`` with ``seat`` replaced by ``to`` when it holds it."""
    return values - {seat} | {to} if seat in values else values


# -- converters and checks for the table's fields ----------------------------------------------


def check_seating(
    *,
    seat_count: object,
    first_button: object,
    stacks: Mapping[int, int],
    busted_may_sit: bool,
    blinds: Mapping[str, int | None],
    players: Mapping[str, Collection[int]],
    variant: Variant,
) -> None:
    """Refuse a table whose seats do not fit together: ``seat_count`` seats (2 or more), the
    first button and the ``blinds`` (named seats, or ``None``) among them, every seated player
    with chips (or none, busted, sitting out, when ``busted_may_sit``), the ``players`` named
    in each field seated, and no more players than ``variant`` allows."""
    if not is_int(seat_count) or seat_count < 2:
        raise InvalidDefinitionError(f"a table has 2 or more seats, not {shown(seat_count)}")
    count = seat_count
    if not is_int(first_button) or not 0 <= first_button < count:
        raise InvalidDefinitionError(
            f"the button must be a seat 0-{count - 1}, not {shown(first_button)}"
        )
    away = players.get("sitting_out", ())
    for seat, chips in stacks.items():
        if not 0 <= seat < count:
            raise InvalidDefinitionError(f"seat {shown(seat)} is not at a {count}-seat table")
        busted = chips == 0 and busted_may_sit and seat in away
        if chips <= 0 and not busted:
            raise InvalidDefinitionError(f"seat {seat} needs chips to sit, not {shown(chips)}")
    for name, blind in blinds.items():
        if blind is not None and not 0 <= blind < count:
            raise InvalidDefinitionError(
                f"{name} must be a seat 0-{count - 1} or None, not {shown(blind)}"
            )
    for name, seats in players.items():
        stranger = next((s for s in seats if s not in stacks), None)
        if stranger is not None:
            raise InvalidDefinitionError(f"{name} names seat {shown(stranger)}, where nobody sits")
    most = variant.max_players
    if len(stacks) > most:
        raise InvalidDefinitionError(
            f"the table is full: {variant.name} seats at most {most} players, not {len(stacks)}"
        )


def stacks_by_seat(values: Mapping[int, int] | Sequence[int]) -> dict[int, int]:
    """``values`` as chips by seat, sorted by seat; a sequence means seats 0, 1, ... (as
    :meth:`~pokerrules.engine.Hand.start` reads it)."""
    if isinstance(values, Sequence) and not isinstance(values, str):
        values = dict(enumerate(values))
    if not isinstance(values, Mapping):
        raise InvalidDefinitionError(f"stacks are chips by seat (a mapping), not {shown(values)}")
    for seat, chips in values.items():
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidDefinitionError(f"a seat is a seat number, not {shown(seat)}")
        if isinstance(chips, bool) or not isinstance(chips, int):
            raise InvalidDefinitionError(f"seat {seat} needs whole chips, not {shown(chips)}")
    return dict(sorted(values.items()))


def seat_set(values: Iterable[int], name: str) -> frozenset[int]:
    """``values`` as a frozen set of seat numbers (``name`` names the field)."""
    if isinstance(values, str | Mapping):
        raise InvalidDefinitionError(f"{name} must be a set of seats, not {shown(values)}")
    try:
        seats = frozenset(values)
    except TypeError:
        raise InvalidDefinitionError(
            f"{name} must be a set of seats, not {shown(values)}"
        ) from None
    for seat in seats:
        if not is_int(seat):
            raise InvalidDefinitionError(f"{name} must hold seat numbers, not {shown(seat)}")
    return seats


def blinds_by_seat(values: Mapping[int, int], name: str) -> dict[int, int]:
    """``values`` as a dict of blinds by seat: seat numbers to positive whole chips."""
    if not isinstance(values, Mapping):
        raise InvalidDefinitionError(
            f"{name} must be blinds by seat (a mapping), not {shown(values)}"
        )
    for seat, chips in values.items():
        if not is_int(seat):
            raise InvalidDefinitionError(
                f"{name} must be blinds by seat number, not by {shown(seat)}"
            )
        if not is_int(chips) or chips <= 0:
            raise InvalidDefinitionError(
                f"{name}: seat {seat} must owe a positive whole number of chips, "
                f"not {shown(chips)}"
            )
    return dict(values)


def waiting_seats(values: Iterable[int]) -> frozenset[int]:
    """The table's ``waiting`` players as a set of seats."""
    return seat_set(values, "waiting")


def sitting_out_seats(values: Iterable[int]) -> frozenset[int]:
    """The table's ``sitting_out`` players as a set of seats."""
    return seat_set(values, "sitting_out")


def owed_blinds(values: Mapping[int, int]) -> dict[int, int]:
    """The table's ``owed`` blinds by seat."""
    return blinds_by_seat(values, "owed")


def missed_blinds(values: Mapping[int, int]) -> dict[int, int]:
    """The table's ``missed`` big blinds by seat."""
    return blinds_by_seat(values, "missed")


def added_chips(values: Mapping[int, int]) -> dict[int, int]:
    """The table's ``added`` chips by seat."""
    return blinds_by_seat(values, "added")


def history_tuple(values: Iterable[HandRecord]) -> tuple[HandRecord, ...]:
    """``values`` as a tuple of :class:`HandRecord`."""
    records = tuple(values)
    stranger = next((r for r in records if not isinstance(r, HandRecord)), None)
    if stranger is not None:
        raise InvalidDefinitionError(f"history holds HandRecords, not {shown(stranger)}")
    return records
