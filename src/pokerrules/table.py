"""A session at one table: a sequence of hands with the button moving, stacks carried over,
players joining, leaving and busting, and the kill and missed blinds carried from hand to hand.

:class:`Table` is an immutable value: :meth:`Table.deal` starts the next
:class:`~pokerrules.engine.Hand`, and :meth:`Table.record` takes the finished hand and returns
the table for the hand after.

The button follows the dead-button rule (Robert's Rules of Poker, "Button and Blind Use"): the
big blind moves exactly one player clockwise every hand, the small blind is posted from the seat
the big blind had (none when that player has left: a dead small blind) and the button sits
where the small blind was, even on an empty seat (a dead button). With three blinds each moves
one player the same way. Heads-up the button posts the small blind and the other player the big
blind -- still the player next after the last big blind. Nobody posts two big blinds in a row,
and nobody escapes one.

A player who joins waits for the big blind to reach them, or posts a big blind to be dealt in at
once; a player who sits out misses their blinds and owes them on returning (the big blind live,
the small blind dead). Nobody but the blinds is dealt in between the button and the big blind:
a new or returning player sitting there waits for the button to pass. A player who has no chips
left after a hand busts out and leaves.

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
from typing import Any, Final, NamedTuple

import attrs

from pokerrules._validators import (
    is_count,
    is_instance,
    is_int,
    is_seat,
    is_whole,
    optional,
    shown,
)
from pokerrules.engine import Hand, Posted
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import KillPost
from pokerrules.kill import KillTracker
from pokerrules.pots import clockwise_from
from pokerrules.variants import Stakes, Variant

__all__ = ["Table"]

_NO_SEATS: Final[frozenset[int]] = frozenset()


class _Placement(NamedTuple):
    """How the next hand is dealt: its ``seats``, its ``button`` and which of the stakes'
    ``blinds`` (their places, small first) are posted."""

    seats: tuple[int, ...]
    button: int
    blinds: tuple[int, ...]


def _seat_before(seat: int, seats: Sequence[int]) -> int:
    """The seat of ``seats`` that comes just before ``seat``, clockwise."""
    ring = clockwise_from(seat, seats)
    return ring[-2] if ring[-1] == seat else ring[-1]


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
        if not is_int(seat):
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
      was dead; heads-up, the small blind is the button); ``middle_blind`` -- with three blinds,
      where the middle one was (also even when dead);
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
    middle_blind: int | None = attrs.field(default=None, validator=optional(is_seat))
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
        for name in ("button", "big_blind", "small_blind", "middle_blind"):
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
        most = self.variant.max_players
        if len(self.stacks) > most:
            raise InvalidDefinitionError(
                f"the table is full: {self.variant.name} seats at most {most} players, "
                f"not {len(self.stacks)}"
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
        ``post`` they post a big blind (live) and are dealt in at once -- unless they sit
        between the button and the big blind, where they wait for the button to pass (Robert's
        Rules of Poker, "Button and Blind Use"). Before the first hand, and in a game without
        blinds, they are simply dealt in."""
        # the seat's number and the stack are checked as the new table is made
        if not is_int(seat):
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
        if not is_int(seat):
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
        """The seats dealt into the next hand. A waiting player is dealt in once the big blind
        is theirs. Between the button and the big blind only the blinds are dealt in: anyone
        else sitting there -- new, back from a break, or posting to come in -- waits for the
        button to pass, so that nobody plays a hand there without a blind (Robert's Rules of
        Poker, "Button and Blind Use")."""
        return self._placement().seats

    def _due(self) -> tuple[int, tuple[int | None, ...], int] | None:
        """The next hand's button, the seats due its smaller blinds (the small first) and the
        big blind's seat, by the dead-button rule: the big blind one player on from the last,
        each smaller blind where the next larger one was (dead when that player is not dealt
        in), the button where the small blind was -- with one blind, where the big blind was.
        ``None`` before the first hand, without blinds, and with a button blind (the button
        posts it, so the button moves on like a game's without blinds)."""
        count = self.variant.forced_bets.blinds
        big, last = self.next_big_blind, self.big_blind
        if self.button is None or big is None or last is None or count == 0:
            return None
        if self.variant.forced_bets.button_blind:
            return None
        if count == 1:
            return last, (), big
        smaller = (last,) if count == 2 else (self.middle_blind, last)
        if self.small_blind is not None:
            return self.small_blind, smaller, big
        return self._before(next(s for s in (*smaller, big) if s is not None)), smaller, big

    def _placement(self) -> _Placement:
        """Who is dealt into the next hand, the button that makes the next players the blinds
        the rule says, and which of the stakes' blinds are posted."""
        big = self.next_big_blind
        ready = tuple(s for s in self._present() if s not in self.waiting or s == big)
        every = tuple(range(self.variant.forced_bets.blinds))
        if self.button is None:  # the first hand: the blinds follow the button
            return _Placement(ready, self.first_button, every)
        due = self._due()
        if due is None:  # no blinds (antes, stud): the button moves to the next player
            button = clockwise_from(self.button, ready)[0] if ready else self.button
            return _Placement(ready, button, every)
        button, smaller, big = due
        blinds = (*smaller, big)
        # A smaller blind is dead when its player is not dealt in: gone, away, or replaced by
        # a new player (who owes a big blind to come in and waits, like anyone else sitting
        # between the button and the big blind).
        due_players = {s for s in smaller if s in ready and s not in self.missed} | {big}
        ring = clockwise_from(button, range(self.seat_count))
        reach = max(ring.index(s) for s in blinds if s is not None)
        between = set(ring[: reach + 1]) - due_players
        seats = tuple(s for s in ready if s not in between)
        if len(seats) < 2 <= len(ready):
            # Nobody to play the big blind against but players who wait: rather than no game,
            # the next of them comes in, heads-up.
            seats = tuple(sorted((big, clockwise_from(big, ready)[0])))
        if len(seats) < 2:
            return _Placement(seats, button, every)
        if len(seats) == 2:
            # Heads-up the big blind is still the next player's, and the other player, on
            # the button, posts the small blind: nobody has the big blind twice in a row.
            return _Placement(seats, next(s for s in seats if s != big), every)
        # the blinds whose players are dealt in (a seat due two blinds posts the larger)
        posted: list[int] = []
        live: list[int] = []
        for k, seat in enumerate(blinds):
            if seat in due_players and seat not in blinds[k + 1 :]:
                posted.append(k)
                live.append(seat)
        for candidate in (button, _seat_before(live[0], seats)):
            if clockwise_from(candidate, seats)[: len(live)] == tuple(live):
                return _Placement(seats, candidate, tuple(posted))
        raise InvalidDefinitionError(
            f"the blinds due to seats {list(live)} cannot be placed: the table's small_blind "
            f"({self.small_blind}), middle_blind ({self.middle_blind}) and big_blind "
            f"({self.big_blind}) do not follow the dead-button rule"
        )

    def _posting(self, posted: tuple[int, ...]) -> tuple[Variant, Stakes]:
        """The variant and stakes that post only the blinds ``posted`` (their places in the
        stakes' blinds): a dead blind is left out, the others keep their amounts."""
        variant, stakes = self.variant, self.stakes
        count = variant.forced_bets.blinds
        if len(posted) == count or len(stakes.blinds) != count:
            return variant, stakes  # all of them (wrong stakes are refused by Hand.start)
        fewer = attrs.evolve(variant.forced_bets, blinds=len(posted))
        return (
            attrs.evolve(variant, forced_bets=fewer),
            attrs.evolve(stakes, blinds=tuple(stakes.blinds[k] for k in posted)),
        )

    def _next_hand(self) -> tuple[tuple[int, ...], Variant, Stakes, int, KillPost | None]:
        """The next hand's seats, variant, stakes, button and kill post."""
        placement = self._placement()
        active = placement.seats
        if len(active) < self.variant.min_players:
            raise InvalidDefinitionError(
                f"{len(active)} player(s) ready; {self.variant.name} needs "
                f"{self.variant.min_players}"
            )
        variant, stakes = self._posting(placement.blinds)
        kill: KillPost | None = None
        if self.kill is not None and self.kill.is_kill and self.kill.killer in active:
            kill = self.kill.kill_post()
            small_bet, big_bet = self.kill.stakes
            stakes = attrs.evolve(stakes, small_bet=small_bet, big_bet=big_bet)
        return active, variant, stakes, placement.button, kill

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
        posts = {e.kind: e.seat for e in hand.log if isinstance(e, Posted)}
        blinds = self.stakes.blinds
        # who this hand's blinds were: the big blind who posted it (or, when a kill replaced
        # the post, who was due it), the smaller blinds' seats as the rule put them, even dead
        big: int | None = None
        small: int | None = None
        middle: int | None = None
        if blinds:
            big = posts.get("big blind")
            due = self._due()
            if due is None:  # the first hand: the blinds are where it posted them
                small, middle = posts.get("small blind"), posts.get("middle blind")
            else:
                _, smaller, due_big = due
                big = due_big if big is None else big
                small = smaller[0] if smaller else None
                middle = smaller[1] if len(smaller) > 1 else None
            if len(blinds) > 1 and len(hand.seats) == 2:
                # heads-up the other player (on the button) posts the small blind
                small = next(s for s in hand.seats if s != big)
                middle = small if len(blinds) > 2 else None
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
            middle_blind=middle,
            waiting=self.waiting - set(hand.seats) - busted,
            sitting_out=self.sitting_out - busted,
            owed={s: x for s, x in owed.items() if s not in busted},
            missed={s: x for s, x in missed.items() if s not in busted},
            kill=kill,
            carried=outcome.carried,
            hands=self.hands + 1,
        )
