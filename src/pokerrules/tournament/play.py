"""A tournament in play: players over tables, hands dealt and recorded, eliminations, tables
broken and balanced, the chip race, payouts and ICM.

:class:`Tournament` is an immutable value, like :class:`~pokerrules.table.Table`:
:meth:`Tournament.deal` starts a hand at one of its tables and returns the tournament with that
table in play; :meth:`Tournament.record` takes the finished hand back. Each table is a
:class:`~pokerrules.table.Table`, so the blinds follow the dead-button rule through every
elimination (TDA Rules 2024, Rule 32: tournament play uses a dead button). Each hand is dealt
at the level in force when it starts (Rule 23); players who bust in the same hand finish in
the order of the chips they began it with, and tie when those were equal (see
:mod:`pokerrules.tournament.money`). When no hand is in play the tournament breaks and balances
its tables (Rules 10 and 11; :mod:`pokerrules.tournament.seating`).

In a fixed-limit tournament the cap on raises holds even heads-up until only two players
remain in the whole tournament; then raising is unlimited (WSOP Tournament Rules, rule 100b):
:func:`limit_stage` gives each hand's variant the betting rules of its stage.

Randomness comes from the tournament's ``seed`` alone (the draw for seats and buttons, the
two-step draw when a table breaks, the chip race's cards), so a tournament replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Final

import attrs

from pokerrules._validators import is_instance, shown
from pokerrules.betting import HeadsUpRaising
from pokerrules.engine import Hand
from pokerrules.errors import InvalidDefinitionError
from pokerrules.table import Table
from pokerrules.tournament.chip_race import ChipRace, RaceRounding, chip_race
from pokerrules.tournament.money import icm, split_places
from pokerrules.tournament.seating import (
    balance_moves,
    player_to_move,
    tables_to_break,
    worst_seat,
)
from pokerrules.tournament.structure import LevelClock, Structure
from pokerrules.variants import BettingStructure, Variant

__all__ = ["MAX_ENTRIES", "Finish", "Tournament", "limit_stage"]

#: The most entries a tournament takes.
MAX_ENTRIES: Final = 100_000


def limit_stage(variant: Variant, players_left: int) -> Variant:
    """The variant a tournament hand is played with when ``players_left`` players remain in
    the whole tournament (WSOP Tournament Rules, rule 100b): in fixed limit the cap holds
    even in a heads-up pot (:attr:`~pokerrules.betting.HeadsUpRaising.NEVER`) until only two
    players remain, and then raising is unlimited (no cap). Other structures are unchanged.

    >>> from pokerrules.variants import find_variant
    >>> limit = find_variant("limit hold'em")
    >>> limit_stage(limit, 3).betting.heads_up, limit_stage(limit, 2).betting.cap
    (<HeadsUpRaising.NEVER: 'never'>, None)
    """
    if not isinstance(variant, Variant):
        raise InvalidDefinitionError(f"variant must be a Variant, not {shown(variant)}")
    if isinstance(players_left, bool) or not isinstance(players_left, int) or players_left < 2:
        raise InvalidDefinitionError(
            f"players_left must be a whole number >= 2, not {shown(players_left)}"
        )
    if variant.structure is not BettingStructure.FIXED_LIMIT:
        return variant
    if players_left > 2:
        betting = attrs.evolve(variant.betting, heads_up=HeadsUpRaising.NEVER)
    else:
        betting = attrs.evolve(variant.betting, cap=None)
    return attrs.evolve(variant, betting=betting)


@attrs.frozen(kw_only=True)
class Finish:
    """Where a player finished: ``place`` (1 is the winner), ``tied`` -- how many players share
    it and the places after it (busted in one hand with equal stacks) -- and ``prize``."""

    player: int
    place: int
    tied: int = 1
    prize: int = 0


def _check_count(value: object, name: str, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise InvalidDefinitionError(
            f"{name} must be a whole number {least}-{most}, not {shown(value)}"
        )
    return value


@attrs.frozen(kw_only=True)
class Tournament:
    """A tournament between hands (or with hands in play at some tables).

    * ``variant``, ``structure`` -- the game and its levels; ``seats`` -- seats per table;
    * ``tables`` -- the tables by number; ``players`` -- each player's ``(table, seat)``;
    * ``clock`` -- hands and seconds played (:class:`~pokerrules.tournament.structure.LevelClock`);
    * ``in_play`` -- the tables with a hand in play, and the level each was dealt at;
    * ``finishes`` -- the players out, in the order they went out (the winner last);
    * ``prizes`` -- the prize of each paid place, first place first; ``entries`` -- the field;
    * ``seed`` and ``draws`` -- the source of every random draw, and how many were made.
    """

    variant: Variant = attrs.field(validator=is_instance(Variant))
    structure: Structure = attrs.field(validator=is_instance(Structure))
    seats: int
    tables: dict[int, Table]
    players: dict[int, tuple[int, int]]
    clock: LevelClock = attrs.field(factory=LevelClock)
    in_play: dict[int, int] = attrs.field(factory=dict)
    finishes: tuple[Finish, ...] = ()
    prizes: tuple[int, ...] = ()
    entries: int = 0
    seed: int = 0
    draws: int = 0

    def __attrs_post_init__(self) -> None:
        # a state built directly (or read back) must hang together: every player sits where
        # a table has their chips, and every table in play exists
        for player, place in self.players.items():
            if not isinstance(place, tuple) or len(place) != 2:
                raise InvalidDefinitionError(
                    f"player {shown(player)} must sit at a (table, seat), not {shown(place)}"
                )
            table, seat = place
            if table not in self.tables or seat not in self.tables[table].stacks:
                raise InvalidDefinitionError(
                    f"player {shown(player)} is placed at table {shown(table)}, seat "
                    f"{shown(seat)}, where no chips are"
                )
        stray = next((n for n in self.in_play if n not in self.tables), None)
        if stray is not None:
            raise InvalidDefinitionError(f"table {shown(stray)} is in play but does not exist")

    # -- starting -----------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        variant: Variant,
        *,
        structure: Structure,
        entries: int,
        stack: int,
        seats: int = 9,
        prizes: Sequence[int] = (),
        seed: int = 0,
    ) -> Tournament:
        """Seat ``entries`` players (numbered 1 to ``entries``), each with ``stack`` chips, at
        random at as few tables of ``seats`` seats as hold them, sizes within one (TDA Rule 7:
        random seating), each table's button drawn at random."""
        if not isinstance(variant, Variant):
            raise InvalidDefinitionError(f"variant must be a Variant, not {shown(variant)}")
        if not isinstance(structure, Structure):
            raise InvalidDefinitionError(f"structure must be a Structure, not {shown(structure)}")
        _check_count(entries, "entries", 2, MAX_ENTRIES)
        _check_count(stack, "stack", 1, 10**15)
        _check_count(seats, "seats", 2, variant.max_players)
        _check_count(seed, "seed", 0, 2**64)
        if isinstance(prizes, str) or not isinstance(prizes, Sequence):
            raise InvalidDefinitionError(
                f"prizes must be a sequence of amounts, not {shown(prizes)}"
            )
        for prize in prizes:
            _check_count(prize, "a prize", 0, 10**15)
        if len(prizes) > entries:
            raise InvalidDefinitionError(
                f"{entries} entries cannot fill {len(prizes)} paid places"
            )
        rng = random.Random(f"{seed}:seating")
        order = list(range(1, entries + 1))
        rng.shuffle(order)
        count = -(-entries // seats)
        stakes = structure.levels[0].stakes
        tables: dict[int, Table] = {}
        players: dict[int, tuple[int, int]] = {}
        for number in range(1, count + 1):
            mine = order[number - 1 :: count]
            chairs = sorted(rng.sample(range(seats), len(mine)))
            stacks = dict.fromkeys(chairs, stack)
            for player, chair in zip(mine, chairs, strict=True):
                players[player] = (number, chair)
            tables[number] = Table.open(
                variant, stakes=stakes, stacks=stacks, button=rng.choice(chairs), seat_count=seats
            )
        return cls(
            variant=variant,
            structure=structure,
            seats=seats,
            tables=tables,
            players=players,
            prizes=tuple(prizes),
            entries=entries,
            seed=seed,
        )

    # -- what stands -------------------------------------------------------------------------

    @property
    def remaining(self) -> int:
        """How many players are still in."""
        return len(self.players)

    @property
    def is_over(self) -> bool:
        """Whether one player has all the chips."""
        return len(self.players) <= 1

    @property
    def level(self) -> int:
        """The level the next hand is dealt at."""
        return self.structure.level_of(self.clock)

    @property
    def chips(self) -> int:
        """All the chips in play."""
        return sum(sum(t.stacks.values()) for t in self.tables.values())

    def stacks(self) -> dict[int, int]:
        """Each remaining player's chips (between hands at their table)."""
        return {p: self.tables[t].stacks[s] for p, (t, s) in sorted(self.players.items())}

    def ready_tables(self) -> tuple[int, ...]:
        """The tables that can deal a hand now: no hand in play, and two or more players."""
        return tuple(
            n
            for n, t in sorted(self.tables.items())
            if n not in self.in_play and len(t.stacks) > 1
        )

    def player_at(self, table: int, seat: int) -> int:
        """The player in ``seat`` at ``table``."""
        for player, place in self.players.items():
            if place == (table, seat):
                return player
        raise InvalidDefinitionError(f"nobody sits in seat {seat} at table {table}")

    def finish_of(self, player: int) -> Finish | None:
        """Where ``player`` finished, or ``None`` while they are still in."""
        return next((f for f in self.finishes if f.player == player), None)

    def icm(self, *, samples: int = 20_000, seed: int | random.Random = 0) -> dict[int, Fraction]:
        """The ICM value of each remaining player's stack, over the prizes still to be won
        (:func:`~pokerrules.tournament.money.icm`)."""
        if self.in_play:
            raise InvalidDefinitionError("ICM is taken between hands: a hand is in play")
        stacks = self.stacks()
        left = self.prizes[: len(stacks)]
        if not left:
            return dict.fromkeys(stacks, Fraction(0))
        values = icm(list(stacks.values()), left, samples=samples, seed=seed)
        return dict(zip(stacks, values, strict=True))

    # -- hands ----------------------------------------------------------------------------------

    def _table(self, number: int) -> Table:
        if isinstance(number, bool) or not isinstance(number, int) or number not in self.tables:
            raise InvalidDefinitionError(
                f"there is no table {shown(number)} (tables: {sorted(self.tables)})"
            )
        return self.tables[number]

    def _dressed(self, number: int, level: int) -> Table:
        """The table set for a hand at ``level``: its stakes, and the variant of the stage."""
        variant = limit_stage(self.variant, max(2, self.remaining))
        stakes = self.structure.levels[level].stakes
        return attrs.evolve(self._table(number), stakes=stakes, variant=variant)

    def deal(self, table: int, *, seed: int | None = None) -> tuple[Tournament, Hand]:
        """Start the next hand at ``table`` (dealt from ``seed``, or by hand); returns the
        tournament with the table in play, and the hand."""
        self._table(table)
        if table in self.in_play:
            raise InvalidDefinitionError(f"table {table} already has a hand in play")
        if self.is_over:
            raise InvalidDefinitionError("the tournament is over")
        hand = self._dressed(table, self.level).deal(seed=seed)
        return attrs.evolve(self, in_play={**self.in_play, table: self.level}), hand

    def record(self, table: int, hand: Hand) -> Tournament:
        """The tournament after ``hand``, dealt at ``table`` by :meth:`deal` and played to the
        end: stacks carried, busted players placed and paid, the clock moved on, and -- when
        no hand is in play -- tables broken and balanced."""
        self._table(table)
        if table not in self.in_play:
            raise InvalidDefinitionError(f"table {table} has no hand in play")
        before = self._dressed(table, self.in_play[table])
        after = before.record(hand)
        seated = {s: p for p, (t, s) in self.players.items() if t == table}
        busted = [seated[s] for s in before.stacks if s not in after.stacks]
        players = {p: at for p, at in self.players.items() if p not in busted}
        starting = hand.starting_stacks
        chips_of = {seated[s]: starting.get(s, before.stacks[s]) for s in before.stacks}
        finishes = list(self.finishes) + self._placed(busted, chips_of, len(players))
        if len(players) == 1:
            (winner,) = players
            finishes.append(Finish(player=winner, place=1, prize=self._prize(1, 1)[0]))
        state = attrs.evolve(
            self,
            tables={**self.tables, table: after},
            players=players,
            in_play={n: lv for n, lv in self.in_play.items() if n != table},
            clock=self.clock.after_hand(),
            finishes=tuple(finishes),
        )
        return state if state.in_play or state.is_over else state.rearranged()

    def _prize(self, place: int, tied: int) -> tuple[int, ...]:
        return split_places(self.prizes, place, tied)

    def _placed(self, busted: list[int], chips: Mapping[int, int], left: int) -> list[Finish]:
        """Places for the players who busted in one hand: more chips at its start finish
        higher; equal stacks tie and share their places' prizes."""
        out: list[Finish] = []
        ranked = sorted(busted, key=lambda p: (-chips[p], p))
        place = left + 1
        k = 0
        while k < len(ranked):
            group = [p for p in ranked[k:] if chips[p] == chips[ranked[k]]]
            shares = self._prize(place, len(group))
            for player, prize in zip(group, shares, strict=True):
                out.append(Finish(player=player, place=place, tied=len(group), prize=prize))
            place += len(group)
            k += len(group)
        # the worst place goes out first
        return sorted(out, key=lambda f: -f.place)

    def tick(self, seconds: int) -> Tournament:
        """The tournament after ``seconds`` more seconds of play, as the caller's clock says
        (hands in play keep their level; the next hand gets the new one)."""
        return attrs.evolve(self, clock=self.clock.tick(seconds))

    # -- tables ---------------------------------------------------------------------------------

    def _rng(self, purpose: str) -> tuple[random.Random, Tournament]:
        rng = random.Random(f"{self.seed}:{purpose}:{self.draws}")
        return rng, attrs.evolve(self, draws=self.draws + 1)

    def rearranged(self, *, max_difference: int = 1) -> Tournament:
        """Break the tables the players left no longer need, then balance the rest so that no
        table has more than ``max_difference`` players more than another (TDA Rules 10, 11).
        Only between hands."""
        if self.in_play:
            raise InvalidDefinitionError("tables are broken and balanced between hands")
        state = self
        sizes = {n: len(t.stacks) for n, t in state.tables.items()}
        for number in tables_to_break(sizes, seats=self.seats):
            state = state._broken(number)
        sizes = {n: len(t.stacks) for n, t in state.tables.items()}
        for source, destination in balance_moves(sizes, max_difference=max_difference):
            state = state._moved(source, destination)
        return state

    @staticmethod
    def _sit(
        tables: dict[int, Table],
        players: dict[int, tuple[int, int]],
        move: tuple[int, int, int, int],
    ) -> None:
        """``(player, table, seat, chips)``: the player sits there, dealt in from the next hand
        (the table itself keeps anyone between the button and the big blind out for one)."""
        player, table, seat, chips = move
        at = tables[table]
        tables[table] = attrs.evolve(at, stacks={**at.stacks, seat: chips})
        players[player] = (table, seat)

    def _moved(self, source: int, destination: int) -> Tournament:
        """One player moves to balance the tables: the next big blind at ``source``, to the
        worst position at ``destination`` (TDA Rule 11A)."""
        tables, players = dict(self.tables), dict(self.players)
        seat = player_to_move(tables[source])
        player, chips = self.player_at(source, seat), tables[source].stacks[seat]
        tables[source] = tables[source].leave(seat)
        self._sit(tables, players, (player, destination, worst_seat(tables[destination]), chips))
        return attrs.evolve(self, tables=tables, players=players)

    def _broken(self, number: int) -> Tournament:
        """Break table ``number``: its players draw a table, then a seat there (TDA Rule 10B),
        the tables filled so that they stay as even as they can."""
        rng, state = self._rng("break")
        leaving = sorted(p for p, (t, _) in self.players.items() if t == number)
        chips = {p: self.tables[number].stacks[self.players[p][1]] for p in leaving}
        tables = {n: t for n, t in self.tables.items() if n != number}
        players = dict(self.players)
        counts = {n: len(t.stacks) for n, t in tables.items()}
        slots: list[int] = []
        for _ in leaving:  # the tables to fill, the shortest first
            open_tables = [n for n in counts if counts[n] < self.seats]
            if not open_tables:
                raise InvalidDefinitionError("the other tables have no room for the players")
            short = min(open_tables, key=lambda n: (counts[n], n))
            slots.append(short)
            counts[short] += 1
        rng.shuffle(leaving)  # step one: a table for each player
        for player, table in zip(leaving, slots, strict=True):
            at = tables[table]
            empty = [s for s in range(at.seat_count) if s not in at.stacks]
            self._sit(tables, players, (player, table, rng.choice(empty), chips[player]))
        return attrs.evolve(state, tables=tables, players=players)

    # -- the chip race ------------------------------------------------------------------------

    def colour_up(
        self, *, small: int, large: int, rounding: RaceRounding = RaceRounding.NEAREST
    ) -> tuple[Tournament, dict[int, ChipRace]]:
        """Race off the ``small`` chips for ``large`` ones at every table (TDA Rule 24; see
        :mod:`pokerrules.tournament.chip_race`); only between hands. Returns the tournament
        after and each table's race."""
        if self.in_play:
            raise InvalidDefinitionError("the chips are raced off between hands")
        rng, state = self._rng("chip race")
        races: dict[int, ChipRace] = {}
        tables = dict(state.tables)
        for number, table in sorted(tables.items()):
            race = chip_race(table.stacks, small=small, large=large, rng=rng, rounding=rounding)
            races[number] = race
            tables[number] = attrs.evolve(table, stacks=race.stacks)
        return attrs.evolve(state, tables=tables), races
