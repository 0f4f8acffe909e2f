"""A session at one table: a sequence of hands with the button moving, stacks carried over,
players joining, leaving and busting, and the kill and missed blinds carried from hand to hand.

:class:`Table` is an immutable value: :meth:`Table.deal` starts the next
:class:`~pokerrules.engine.Hand`, and :meth:`Table.record` takes the finished hand and returns
the table for the hand after.

The button follows the dead-button rule (Robert's Rules of Poker, "Button and Blind Use"): the
big blind moves exactly one player clockwise every hand, the small blind is posted from the seat
the big blind had (none when that player has left: a dead small blind) and the button sits
where the small blind was, even on an empty seat (a dead button). Nobody posts two big blinds in
a row, and nobody escapes one.

A player who joins waits for the big blind to reach them; a player who sits out misses their
blinds and owes them on returning (the big blind live, the small blind dead); a player who has
no chips left after a hand busts out and leaves.

>>> from pokerrules.table import Table
>>> from pokerrules.variants import Stakes, find_variant
>>> table = Table.open(find_variant("limit hold'em with a full kill"), stakes=Stakes.limit(20, 40),
...                    stacks={1: 1000, 3: 1000, 6: 1000}, button=6)
>>> hand = table.deal(seed=1)
>>> hand.button, [e.seat for e in hand.log[:2]]
(6, [1, 3])
>>> from pokerrules.actions import Fold
>>> hand = hand.apply(Fold()).apply(Fold())      # the button and small blind fold
>>> table = table.record(hand)
>>> table.kill.leg, table.next_big_blind       # seat 3 won and holds a leg; the blind moves on
(3, 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from pokerrules._validators import is_count, is_instance, is_seat, is_whole, optional, shown
from pokerrules.engine import Hand, Posted
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import KillPost
from pokerrules.kill import KillTracker
from pokerrules.pots import clockwise_from
from pokerrules.variants import Stakes, Variant

__all__ = ["Table"]

_NO_SEATS: Final[frozenset[int]] = frozenset()


def _stacks(values: Mapping[int, int] | Sequence[int]) -> dict[int, int]:
    # a sequence means seats 0, 1, ... (as Hand.start reads it)
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


def _is_seat_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_set(values: Iterable[int], name: str) -> frozenset[int]:
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
        if not _is_seat_number(seat):
            raise InvalidDefinitionError(f"{name} must hold seat numbers, not {shown(seat)}")
    return seats


def _waiting(values: Iterable[int]) -> frozenset[int]:
    return _seat_set(values, "waiting")


def _sitting_out(values: Iterable[int]) -> frozenset[int]:
    return _seat_set(values, "sitting_out")


def _blinds(values: Mapping[int, int], name: str) -> dict[int, int]:
    """``values`` as a dict of blinds by seat: seat numbers to positive whole chips."""
    if not isinstance(values, Mapping):
        raise InvalidDefinitionError(
            f"{name} must be blinds by seat (a mapping), not {shown(values)}"
        )
    for seat, chips in values.items():
        if not _is_seat_number(seat):
            raise InvalidDefinitionError(
                f"{name} must be blinds by seat number, not by {shown(seat)}"
            )
        if not _is_seat_number(chips) or chips <= 0:
            raise InvalidDefinitionError(
                f"{name}: seat {seat} must owe a positive whole number of chips, "
                f"not {shown(chips)}"
            )
    return dict(values)


def _owed(values: Mapping[int, int]) -> dict[int, int]:
    return _blinds(values, "owed")


def _missed(values: Mapping[int, int]) -> dict[int, int]:
    return _blinds(values, "missed")


@attrs.frozen(kw_only=True)
class Table:
    """A table between hands.

    * ``stacks`` -- the seated players' chips, by seat;
    * ``seat_count`` -- the seats at the table (numbered 0 to ``seat_count - 1``);
    * ``first_button`` -- the button for the first hand;
    * ``button``, ``big_blind``, ``small_blind`` -- where the button was and the big and small
      blinds were last hand (``None`` before the first hand; the small blind's seat even when it
      was dead);
    * ``waiting`` -- players who joined and wait for the big blind; ``sitting_out`` -- players
      away, who miss their blinds; ``missed`` -- the big blind a player missed while away,
      posted live on return; ``owed`` -- the small blind a player missed, posted dead on return
      (Robert's Rules of Poker, "Button and Blind Use": one of each, however long the absence);
    * ``kill`` -- the :class:`~pokerrules.kill.KillTracker` of a kill game;
    * ``carried`` -- chips carried over into the next pot;
    * ``hands`` -- how many hands have been played.
    """

    variant: Variant = attrs.field(validator=is_instance(Variant))
    stakes: Stakes = attrs.field(validator=is_instance(Stakes))
    stacks: dict[int, int] = attrs.field(converter=_stacks)
    seat_count: int = 10
    first_button: int = 0
    button: int | None = attrs.field(default=None, validator=optional(is_seat))
    big_blind: int | None = attrs.field(default=None, validator=optional(is_seat))
    small_blind: int | None = attrs.field(default=None, validator=optional(is_seat))
    waiting: frozenset[int] = attrs.field(default=_NO_SEATS, converter=_waiting)
    sitting_out: frozenset[int] = attrs.field(default=_NO_SEATS, converter=_sitting_out)
    owed: dict[int, int] = attrs.field(factory=dict, converter=_owed)
    missed: dict[int, int] = attrs.field(factory=dict, converter=_missed)
    kill: KillTracker | None = attrs.field(
        default=None, validator=optional(is_instance(KillTracker))
    )
    carried: int = attrs.field(default=0, validator=is_whole)
    hands: int = attrs.field(default=0, validator=is_count)

    def __attrs_post_init__(self) -> None:
        count = self.seat_count
        if isinstance(count, bool) or not isinstance(count, int) or count < 2:
            raise InvalidDefinitionError(f"a table has 2 or more seats, not {shown(count)}")
        first = self.first_button
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < count:
            raise InvalidDefinitionError(
                f"the button must be a seat 0-{count - 1}, not {shown(first)}"
            )
        for seat, chips in self.stacks.items():
            if not 0 <= seat < self.seat_count:
                raise InvalidDefinitionError(
                    f"seat {shown(seat)} is not at a {self.seat_count}-seat table"
                )
            if chips <= 0:
                raise InvalidDefinitionError(f"seat {seat} needs chips to sit, not {shown(chips)}")
        for name in ("button", "big_blind", "small_blind"):
            seat = getattr(self, name)
            if seat is not None and not 0 <= seat < count:
                raise InvalidDefinitionError(
                    f"{name} must be a seat 0-{count - 1} or None, not {shown(seat)}"
                )
        players: dict[str, Any] = {
            "waiting": self.waiting,
            "sitting_out": self.sitting_out,
            "owed": self.owed,
            "missed": self.missed,
        }
        for name, seats in players.items():
            stranger = next((s for s in seats if s not in self.stacks), None)
            if stranger is not None:
                raise InvalidDefinitionError(
                    f"{name} names seat {shown(stranger)}, where nobody sits"
                )

    @classmethod
    def open(
        cls,
        variant: Variant,
        *,
        stakes: Stakes,
        stacks: Mapping[int, int] | Sequence[int],
        button: int = 0,
        seat_count: int = 10,
    ) -> Table:
        """A new table; the first hand's button is on ``button``."""
        if not isinstance(variant, Variant):
            raise InvalidDefinitionError(f"variant must be a Variant, not {shown(variant)}")
        if not isinstance(stakes, Stakes):
            raise InvalidDefinitionError(f"stakes must be Stakes, not {shown(stakes)}")
        kill = None
        if variant.kill is not None:
            kill = KillTracker(
                rules=variant.kill,
                small_bet=stakes.small_bet,
                big_bet=stakes.big_bet,
                big_blind=stakes.blinds[-1] if stakes.blinds else stakes.small_bet,
            )
        return cls(
            variant=variant,
            stakes=stakes,
            stacks=stacks,
            seat_count=seat_count,
            first_button=button,
            kill=kill,
        )

    # -- players --------------------------------------------------------------------------------

    def join(self, seat: int, stack: int, *, post: bool = False) -> Table:
        """A player takes an empty seat. They wait until the big blind reaches them, or with
        ``post`` they post a big blind (live) and are dealt in at once (Robert's Rules of
        Poker, "Button and Blind Use")."""
        # the seat's number and the stack are checked as the new table is made
        if not _is_seat_number(seat):
            raise InvalidDefinitionError(f"a seat is a seat number, not {shown(seat)}")
        if not isinstance(post, bool):
            raise InvalidDefinitionError(f"post must be True or False, not {shown(post)}")
        if seat in self.stacks:
            raise InvalidDefinitionError(f"seat {seat} is taken")
        started = self.big_blind is not None
        waiting = self.waiting | {seat} if started and not post else self.waiting
        missed = dict(self.missed)
        if started and post and self.stakes.blinds:
            missed[seat] = self.stakes.blinds[-1]
        return attrs.evolve(
            self, stacks={**self.stacks, seat: stack}, waiting=waiting, missed=missed
        )

    def leave(self, seat: int) -> Table:
        """A player leaves the table with their chips (and any blinds they owed). A leg toward a
        kill is lost: the kill button goes neutral (Robert's Rules of Poker, "Kill Pots" 1b)."""
        self._seated(seat)
        self._no_pending_kill(seat, "leave")
        kill = self.kill
        if kill is not None and kill.leg == seat:
            kill = attrs.evolve(kill, leg=None)
        return attrs.evolve(
            self,
            stacks={s: x for s, x in self.stacks.items() if s != seat},
            waiting=self.waiting - {seat},
            sitting_out=self.sitting_out - {seat},
            owed={s: x for s, x in self.owed.items() if s != seat},
            missed={s: x for s, x in self.missed.items() if s != seat},
            kill=kill,
        )

    def sit_out(self, seat: int) -> Table:
        """A player steps away: not dealt in, and owing the blinds that pass them."""
        self._seated(seat)
        self._no_pending_kill(seat, "sit out")
        return attrs.evolve(self, sitting_out=self.sitting_out | {seat})

    def sit_in(self, seat: int) -> Table:
        """A player comes back; on their next hand they post the blinds they missed: the big
        blind live, the small blind dead (Robert's Rules of Poker, "Button and Blind Use")."""
        self._seated(seat)
        return attrs.evolve(self, sitting_out=self.sitting_out - {seat})

    def _no_pending_kill(self, seat: int, doing: str) -> None:
        if self.kill is not None and self.kill.killer == seat:
            raise InvalidDefinitionError(
                f"seat {seat} cannot {doing}: a player due to kill posts it that hand, even if "
                'they wish to be dealt out or quit (Robert\'s Rules of Poker, "Kill Pots" 6)'
            )

    def _seated(self, seat: int) -> None:
        if not _is_seat_number(seat):
            raise InvalidDefinitionError(f"seat must be a seat number, not {shown(seat)}")
        if seat not in self.stacks:
            raise InvalidDefinitionError(f"nobody sits in seat {seat}")

    # -- the next hand --------------------------------------------------------------------------

    def _present(self) -> list[int]:
        return [s for s in self.stacks if s not in self.sitting_out]

    @property
    def next_big_blind(self) -> int | None:
        """Who posts the big blind next hand: one player on from the last big blind."""
        present = self._present()
        if self.big_blind is None or not present:
            return None
        return clockwise_from(self.big_blind, present)[0]

    @property
    def active(self) -> tuple[int, ...]:
        """The seats dealt into the next hand: a waiting player once the big blind is theirs; a
        player who owes missed blinds unless they sit between the button and the big blind,
        where they wait for the button to pass (Robert's Rules of Poker, "Button and Blind
        Use")."""
        big = self.next_big_blind
        seats = [s for s in self._present() if s not in self.waiting or s == big]
        if big is None or self.small_blind is None or len(seats) <= 3:
            return tuple(seats)
        between = clockwise_from(self.small_blind, range(self.seat_count))
        between = between[: between.index(big)] if big in between else ()
        owing = self.missed.keys() | self.owed.keys()
        return tuple(s for s in seats if not (s in owing and s in between and s != self.big_blind))

    def _next_hand(self) -> tuple[tuple[int, ...], Variant, Stakes, int, KillPost | None]:
        """The next hand's seats, variant, stakes, button and kill post."""
        active = self.active
        if len(active) < self.variant.min_players:
            raise InvalidDefinitionError(
                f"{len(active)} player(s) ready; {self.variant.name} needs "
                f"{self.variant.min_players}"
            )
        variant, stakes, button = self._positions(active)
        kill: KillPost | None = None
        if self.kill is not None and self.kill.is_kill and self.kill.killer in active:
            kill = self.kill.kill_post()
            small_bet, big_bet = self.kill.stakes
            stakes = attrs.evolve(stakes, small_bet=small_bet, big_bet=big_bet)
        return active, variant, stakes, button, kill

    def deal(self, *, seed: int | None = None, expose_all_ins: bool | None = None) -> Hand:
        """Start the next hand: dealt from ``seed``, or by hand when no seed is given."""
        active, variant, stakes, button, kill = self._next_hand()
        big = self.next_big_blind  # returning in the big blind: the big blind covers the debts
        return Hand.start(
            variant,
            stakes=stakes,
            stacks={s: self.stacks[s] for s in active},
            button=button,
            seed=seed,
            kill=kill,
            owed={s: x for s, x in self.owed.items() if s in active and s != big},
            missed={s: x for s, x in self.missed.items() if s in active and s != big},
            carried=self.carried,
            expose_all_ins=expose_all_ins,
        )

    def _positions(self, active: tuple[int, ...]) -> tuple[Variant, Stakes, int]:
        """The variant, stakes and button that put the blinds where the dead-button rule says:
        the big blind one player on, the small blind where the big blind was (none if that
        player has gone), the button where the small blind was."""
        variant, stakes = self.variant, self.stakes
        if self.button is None:
            return variant, stakes, self.first_button
        big = self.next_big_blind
        if big is None or self.big_blind is None:
            # No blinds (antes, stud): the button moves to the next player.
            return variant, stakes, clockwise_from(self.button, active)[0]
        if variant.forced_bets.blinds < 2:
            # one blind: the button is where the big blind was (dead if that player has gone)
            return variant, stakes, self.big_blind
        if len(active) == 2:
            # Heads-up the button posts the small blind: the player who is not the big blind.
            return variant, stakes, next(s for s in active if s != big)
        # the button where the small blind was: a player, or an empty seat (a dead button)
        button = self.small_blind if self.small_blind is not None else self._before(big)
        small = self.big_blind
        if small in active and small != big:
            return variant, stakes, button
        one = attrs.evolve(variant, forced_bets=attrs.evolve(variant.forced_bets, blinds=1))
        return one, attrs.evolve(stakes, blinds=stakes.blinds[1:]), button

    def _before(self, seat: int) -> int:
        """The button seat that makes ``seat`` the first dealt in after it: the seat just before
        it (an empty one is a dead button)."""
        return (seat - 1) % self.seat_count

    # -- after a hand ---------------------------------------------------------------------------

    def _check_dealt_here(self, hand: Hand) -> None:
        """Refuse a hand this table would not deal next: another table's, or one already
        recorded (its seats, stacks, button, variant or stakes differ)."""
        active, variant, stakes, button, _ = self._next_hand()
        expected = {
            "seats": (active, hand.seats),
            "starting stacks": ({s: self.stacks[s] for s in active}, hand.starting_stacks),
            "button": (button, hand.button),
            "variant": (variant, hand.variant),
            "stakes": (stakes, hand.stakes),
            "carried chips": (self.carried, hand.carried_in),
        }
        wrong = [what for what, (ours, theirs) in expected.items() if ours != theirs]
        if wrong:
            raise InvalidDefinitionError(
                f"this table did not deal that hand as its next one: its {', '.join(wrong)} "
                f"differ (record each hand from deal() once)"
            )

    def record(self, hand: Hand) -> Table:
        """The table after ``hand`` (dealt by :meth:`deal` and played to the end)."""
        if not isinstance(hand, Hand):
            raise InvalidDefinitionError(f"hand must be a Hand, not {shown(hand)}")
        outcome = hand.outcome
        if outcome is None:
            raise InvalidDefinitionError("the hand is not over yet")
        self._check_dealt_here(hand)
        stacks = {**self.stacks, **outcome.stacks}
        busted = {s for s, x in stacks.items() if x <= 0}
        posts = [e for e in hand.log if isinstance(e, Posted)]
        blinds = self.stakes.blinds
        # who this hand's big and small blinds were: as the table placed them (a kill may have
        # replaced the big blind's post), the small blind's seat even when it was dead
        big: int | None = None
        small: int | None = None
        if blinds:
            big = self.next_big_blind
            # heads-up the small blind is on the button
            small = self.big_blind if len(hand.seats) > 2 else hand.button
            if self.big_blind is None:  # the first hand: read its posts
                big = next((e.seat for e in posts if e.kind == "big blind"), None)
                small = next((e.seat for e in posts if e.kind == "small blind"), None)
            if len(blinds) > 2:
                small = next((e.seat for e in posts if e.kind == "small blind"), small)
        owed = {s: x for s, x in self.owed.items() if s not in hand.seats}
        missed = {s: x for s, x in self.missed.items() if s not in hand.seats}
        if big is not None and self.big_blind is not None:
            ring = clockwise_from(self.big_blind, self.stacks)
            for seat in ring[: ring.index(big) if big in ring else 0]:
                if seat in self.sitting_out:
                    # the blinds passed them: one big blind (live) and one small blind (dead)
                    missed[seat] = blinds[-1]
                    if len(blinds) > 1:
                        owed[seat] = blinds[0]
            # the last big blind was due the small blind this hand
            if len(blinds) > 1 and self.big_blind in self.sitting_out - set(hand.seats):
                owed[self.big_blind] = blinds[0]
        # a killer who was due a blind and owes it on the next hand (KillerInBlind.OWE_NEXT_HAND)
        for seat, amount in hand.owed_next.items():
            owed[seat] = owed.get(seat, 0) + amount
        kill = self.kill
        if kill is not None:
            kill = kill.record(outcome.kill_result(), departed=busted)
        return attrs.evolve(
            self,
            stacks={s: x for s, x in stacks.items() if s not in busted},
            button=hand.button,
            big_blind=big,
            small_blind=small,
            waiting=self.waiting - set(hand.seats) - busted,
            sitting_out=self.sitting_out - busted,
            owed={s: x for s, x in owed.items() if s not in busted},
            missed={s: x for s, x in missed.items() if s not in busted},
            kill=kill,
            carried=outcome.carried,
            hands=self.hands + 1,
        )
