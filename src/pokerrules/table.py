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

from collections.abc import Mapping
from typing import Final

import attrs

from pokerrules.engine import Hand, Posted
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import KillPost
from pokerrules.kill import KillTracker
from pokerrules.pots import clockwise_from
from pokerrules.variants import Stakes, Variant

__all__ = ["Table"]

_NO_SEATS: Final[frozenset[int]] = frozenset()


def _stacks(values: Mapping[int, int]) -> dict[int, int]:
    for seat, chips in values.items():
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidDefinitionError(f"a seat is a seat number, not {seat!r}")
        if isinstance(chips, bool) or not isinstance(chips, int):
            raise InvalidDefinitionError(f"seat {seat} needs whole chips, not {chips!r}")
    return dict(sorted(values.items()))


@attrs.frozen(kw_only=True)
class Table:
    """A table between hands.

    * ``stacks`` -- the seated players' chips, by seat;
    * ``seat_count`` -- the seats at the table (numbered 0 to ``seat_count - 1``);
    * ``first_button`` -- the button for the first hand;
    * ``button``, ``big_blind`` -- where the button was and who posted the big blind last
      hand (``None`` before the first hand);
    * ``waiting`` -- players who joined and wait for the big blind; ``sitting_out`` -- players
      away, who miss their blinds; ``missed`` -- the big blind a player missed while away,
      posted live on return; ``owed`` -- the small blind a player missed, posted dead on return
      (Robert's Rules of Poker, "Button and Blind Use": one of each, however long the absence);
    * ``kill`` -- the :class:`~pokerrules.kill.KillTracker` of a kill game;
    * ``carried`` -- chips carried over into the next pot;
    * ``hands`` -- how many hands have been played.
    """

    variant: Variant
    stakes: Stakes
    stacks: dict[int, int] = attrs.field(converter=_stacks)
    seat_count: int = 10
    first_button: int = 0
    button: int | None = None
    big_blind: int | None = None
    waiting: frozenset[int] = _NO_SEATS
    sitting_out: frozenset[int] = _NO_SEATS
    owed: dict[int, int] = attrs.field(factory=dict)
    missed: dict[int, int] = attrs.field(factory=dict)
    kill: KillTracker | None = None
    carried: int = 0
    hands: int = 0

    def __attrs_post_init__(self) -> None:
        for seat, chips in self.stacks.items():
            if not 0 <= seat < self.seat_count:
                raise InvalidDefinitionError(
                    f"seat {seat} is not at a {self.seat_count}-seat table"
                )
            if chips <= 0:
                raise InvalidDefinitionError(f"seat {seat} needs chips to sit, not {chips}")

    @classmethod
    def open(
        cls,
        variant: Variant,
        *,
        stakes: Stakes,
        stacks: Mapping[int, int],
        button: int = 0,
        seat_count: int = 10,
    ) -> Table:
        """A new table; the first hand's button is on ``button``."""
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

    def join(self, seat: int, stack: int) -> Table:
        """A player takes an empty seat; they are dealt in when the big blind reaches them."""
        if seat in self.stacks:
            raise InvalidDefinitionError(f"seat {seat} is taken")
        waiting = self.waiting | {seat} if self.big_blind is not None else self.waiting
        return attrs.evolve(self, stacks={**self.stacks, seat: stack}, waiting=waiting)

    def leave(self, seat: int) -> Table:
        """A player leaves the table with their chips (and any blinds they owed)."""
        self._seated(seat)
        return attrs.evolve(
            self,
            stacks={s: x for s, x in self.stacks.items() if s != seat},
            waiting=self.waiting - {seat},
            sitting_out=self.sitting_out - {seat},
            owed={s: x for s, x in self.owed.items() if s != seat},
            missed={s: x for s, x in self.missed.items() if s != seat},
        )

    def sit_out(self, seat: int) -> Table:
        """A player steps away: not dealt in, and owing the blinds that pass them."""
        self._seated(seat)
        return attrs.evolve(self, sitting_out=self.sitting_out | {seat})

    def sit_in(self, seat: int) -> Table:
        """A player comes back; on their next hand they post the blinds they missed: the big
        blind live, the small blind dead (Robert's Rules of Poker, "Button and Blind Use")."""
        self._seated(seat)
        return attrs.evolve(self, sitting_out=self.sitting_out - {seat})

    def _seated(self, seat: int) -> None:
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
        """The seats dealt into the next hand (a waiting player once the big blind is theirs)."""
        big = self.next_big_blind
        return tuple(s for s in self._present() if s not in self.waiting or s == big)

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
        return Hand.start(
            variant,
            stakes=stakes,
            stacks={s: self.stacks[s] for s in active},
            button=button,
            seed=seed,
            kill=kill,
            owed={s: x for s, x in self.owed.items() if s in active},
            missed={s: x for s, x in self.missed.items() if s in active},
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
            return variant, stakes, self._before(big)
        if len(active) == 2:
            # Heads-up the button posts the small blind: the player who is not the big blind.
            return variant, stakes, next(s for s in active if s != big)
        small = self.big_blind
        if small in active and small != big:
            return variant, stakes, self._before(small)
        one = attrs.evolve(variant, forced_bets=attrs.evolve(variant.forced_bets, blinds=1))
        return one, attrs.evolve(stakes, blinds=stakes.blinds[1:]), self._before(big)

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
        outcome = hand.outcome
        if outcome is None:
            raise InvalidDefinitionError("the hand is not over yet")
        self._check_dealt_here(hand)
        stacks = {**self.stacks, **outcome.stacks}
        busted = {s for s, x in stacks.items() if x <= 0}
        kinds = {e.seat: e.kind for e in hand.log if isinstance(e, Posted)}
        big = next((s for s, k in kinds.items() if k == "big blind"), None)
        owed = {s: x for s, x in self.owed.items() if s not in hand.seats}
        missed = {s: x for s, x in self.missed.items() if s not in hand.seats}
        blinds = self.stakes.blinds
        if big is not None and self.big_blind is not None and blinds:
            ring = clockwise_from(self.big_blind, self.stacks)
            for seat in ring[: ring.index(big) if big in ring else 0]:
                if seat in self.sitting_out:
                    missed[seat] = blinds[-1]  # the big blind passed them
            # the last big blind was due the small blind this hand
            if len(blinds) > 1 and self.big_blind in self.sitting_out - set(hand.seats):
                owed[self.big_blind] = blinds[0]
        kill = self.kill
        if kill is not None:
            kill = kill.record(outcome.kill_result(), departed=busted)
        return attrs.evolve(
            self,
            stacks={s: x for s, x in stacks.items() if s not in busted},
            button=hand.button,
            big_blind=big,
            waiting=self.waiting - set(hand.seats) - busted,
            sitting_out=self.sitting_out - busted,
            owed={s: x for s, x in owed.items() if s not in busted},
            missed={s: x for s, x in missed.items() if s not in busted},
            kill=kill,
            carried=outcome.carried,
            hands=self.hands + 1,
        )
