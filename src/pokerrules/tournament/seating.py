"""Balancing and breaking tables (TDA Rules 2024, Rules 10 and 11).

* **Breaking** (Rule 10; Rule 11C for which table): when the players left fit at one table
  fewer, a table is broken -- here by a predetermined order, the highest-numbered first. Its
  players get new tables and seats by a two-step random draw (Rule 10B): first a table, then a
  seat at it. They may land in any seat, blinds and button included, and are dealt in except
  between the small blind and the button (Rule 10A; :class:`~pokerrules.table.Table` deals
  nobody in between the button and the big blind but the blinds).
* **Balancing** (Rule 11): when one table has ``max_difference`` + 1 or more players than
  another (by default 2: the tables are kept within one, "more tightly balanced" as Rule 11D
  asks), a player moves from the table with the most players (the highest-numbered of equals:
  Rule 11C's predetermined procedure) to the one with the fewest (the lowest-numbered of equals).
  The player who would be big blind next moves, to the worst position at the short table: the
  seat that posts the big blind soonest, a single big blind if one is open, even if that makes
  the player big blind twice; never the small blind (Rule 11A).

The functions here are pure: :func:`balance_moves` and :func:`tables_to_break` work on table
sizes alone; :func:`player_to_move` and :func:`worst_seat` read a
:class:`~pokerrules.table.Table` through its public API.

>>> from pokerrules.tournament.seating import balance_moves, tables_to_break
>>> balance_moves({1: 9, 2: 9, 3: 6})
[(2, 3), (1, 3)]
>>> tables_to_break({1: 5, 2: 4, 3: 4}, seats=9)
[3]
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerrules._validators import shown
from pokerrules.errors import InvalidDefinitionError
from pokerrules.pots import clockwise_from
from pokerrules.table import Table

__all__ = ["balance_moves", "player_to_move", "tables_to_break", "worst_seat"]


def _sizes(sizes: Mapping[int, int]) -> dict[int, int]:
    if not isinstance(sizes, Mapping):
        raise InvalidDefinitionError(f"sizes must be players by table, not {shown(sizes)}")
    for table, players in sizes.items():
        for name, value in (("a table number", table), (f"table {table}'s players", players)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidDefinitionError(f"{name} must be a whole number, not {shown(value)}")
    return dict(sizes)


def balance_moves(sizes: Mapping[int, int], *, max_difference: int = 1) -> list[tuple[int, int]]:
    """The moves ``(from table, to table)``, one player each, that leave no table more than
    ``max_difference`` players larger than another (TDA Rule 11)."""
    if isinstance(max_difference, bool) or not isinstance(max_difference, int):
        raise InvalidDefinitionError(f"max_difference must be >= 1, not {shown(max_difference)}")
    if max_difference < 1:
        raise InvalidDefinitionError(f"max_difference must be >= 1, not {max_difference}")
    counts = _sizes(sizes)
    moves: list[tuple[int, int]] = []
    while counts:
        full = max(counts, key=lambda t: (counts[t], t))
        short = min(counts, key=lambda t: (counts[t], t))
        if counts[full] - counts[short] <= max_difference:
            break
        moves.append((full, short))
        counts[full] -= 1
        counts[short] += 1
    return moves


def tables_to_break(sizes: Mapping[int, int], *, seats: int) -> list[int]:
    """The tables to break, highest-numbered first, so that the players left fill as few
    tables of ``seats`` seats as they can (TDA Rules 10 and 11C)."""
    if isinstance(seats, bool) or not isinstance(seats, int) or seats < 2:
        raise InvalidDefinitionError(f"seats must be a whole number >= 2, not {shown(seats)}")
    counts = _sizes(sizes)
    players = sum(counts.values())
    order = sorted(counts, reverse=True)
    broken: list[int] = []
    while len(order) - len(broken) > 1 and players <= (len(order) - len(broken) - 1) * seats:
        broken.append(order[len(broken)])
    return broken


def player_to_move(table: Table) -> int:
    """The seat of the player who would be big blind next: the one a balancing move takes
    (TDA Rule 11A)."""
    if not isinstance(table, Table):
        raise InvalidDefinitionError(f"table must be a Table, not {shown(table)}")
    if not table.stacks:
        raise InvalidDefinitionError("nobody sits at the table")
    big = table.next_big_blind
    if big is not None:
        return big
    # before the first hand the big blind is the second player after the button (the button
    # itself heads-up)
    ring = clockwise_from(table.first_button, table.stacks)
    return ring[1] if len(ring) > 2 else ring[-1]


def worst_seat(table: Table) -> int:
    """The empty seat that posts the big blind soonest -- never the small blind's -- where a
    player moved to balance the tables sits (TDA Rule 11A)."""
    if not isinstance(table, Table):
        raise InvalidDefinitionError(f"table must be a Table, not {shown(table)}")
    empty = [s for s in range(table.seat_count) if s not in table.stacks]
    if not empty:
        raise InvalidDefinitionError("the table has no empty seat")
    last = table.big_blind if table.big_blind is not None else table.first_button
    ring = list(clockwise_from(last, range(table.seat_count)))
    if ring[-1] == last:
        ring.pop()  # the last big blind's seat is the small blind's next hand
    choice = next((s for s in ring if s in empty), None)
    return choice if choice is not None else empty[0]
