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
a new or returning player sitting there waits for the button to pass. When waiting players
would leave too few to deal a hand -- two newcomers alone at the table, say -- the game has
broken up and a new one starts with everyone present dealt in (:attr:`Table.starts_new_game`).
A player who has no chips
left after a hand busts out and leaves -- except at a cash table (opened with a
:class:`~pokerrules.seating.BuyIn`), where they keep the seat until they :meth:`Table.rebuy`
(not as a new player: they make up only the blinds that passed them) or leave. A cash table
also takes top-ups within the buy-in, seat changes that cannot dodge a big blind, and a return
that waits for the big blind instead of posting; it counts the chips brought in and taken out
and keeps a stack history by hand (the guide "Running a table" walks through it).

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

from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from pokerrules._validators import (
    is_count,
    is_flag,
    is_instance,
    is_int,
    is_seat,
    is_whole,
    optional,
    shown,
)
from pokerrules.blinds_due import Due, blinds_due, hand_blinds, place_hand, posting_blinds
from pokerrules.engine import Hand, Posted
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import KillPost
from pokerrules.kill import KillTracker
from pokerrules.pots import clockwise_from
from pokerrules.runouts import check_runout_choice
from pokerrules.seating import (
    BuyIn,
    HandRecord,
    Placement,
    added_chips,
    blinds_missed,
    check_join,
    check_move,
    check_opening,
    check_rebuy,
    check_seating,
    dodges_big_blind,
    history_tuple,
    missed_blinds,
    moved_seat,
    moved_seat_set,
    owed_blinds,
    sitting_out_seats,
    stacks_by_seat,
    waiting_seats,
)
from pokerrules.variants import Stakes, Variant

__all__ = ["BuyIn", "HandRecord", "Table"]

_NO_SEATS: Final[frozenset[int]] = frozenset()


def _brought_in(table: Table) -> int:
    return sum(table.stacks.values())


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
    * ``hands`` -- how many hands have been played;
    * ``buy_in`` -- a cash game's :class:`~pokerrules.seating.BuyIn` limits (``None``: not a
      cash game, and a player who loses every chip leaves); at a cash table a player who busts
      keeps the seat, sitting out with no chips, until they :meth:`rebuy` or :meth:`leave`;
    * ``brought_in`` -- every chip players have brought to the table (stacks at the start,
      buy-ins, rebuys, top-ups); ``taken_out`` -- the chips players took away when they left;
      ``raked`` -- the house's rake. Chips are conserved: ``brought_in`` is always the chips
      on the table (:attr:`chips`) plus ``taken_out`` plus ``raked``;
    * ``added`` -- chips brought since the last hand, by seat; ``history`` -- a
      :class:`~pokerrules.seating.HandRecord` of each hand's stacks;
    * ``ask_runouts`` -- the players choose at an all-in how many times to run the board out
      (every hand is dealt with ``Hand.start(ask_runouts=True)``: a decision of
      ``kind='runouts'`` for each player still in; the board runs that many times when they
      all chose the same number, else once). Only for a board game without draws.
    """

    variant: Variant = attrs.field(validator=is_instance(Variant))
    stakes: Stakes = attrs.field(validator=is_instance(Stakes))
    stacks: dict[int, int] = attrs.field(converter=stacks_by_seat)
    seat_count: int = 10
    first_button: int = 0
    button: int | None = attrs.field(default=None, validator=optional(is_seat))
    big_blind: int | None = attrs.field(default=None, validator=optional(is_seat))
    small_blind: int | None = attrs.field(default=None, validator=optional(is_seat))
    middle_blind: int | None = attrs.field(default=None, validator=optional(is_seat))
    waiting: frozenset[int] = attrs.field(default=_NO_SEATS, converter=waiting_seats)
    sitting_out: frozenset[int] = attrs.field(default=_NO_SEATS, converter=sitting_out_seats)
    owed: dict[int, int] = attrs.field(factory=dict, converter=owed_blinds)
    missed: dict[int, int] = attrs.field(factory=dict, converter=missed_blinds)
    kill: KillTracker | None = attrs.field(
        default=None, validator=optional(is_instance(KillTracker))
    )
    carried: int = attrs.field(default=0, validator=is_whole)
    hands: int = attrs.field(default=0, validator=is_count)
    buy_in: BuyIn | None = attrs.field(default=None, validator=optional(is_instance(BuyIn)))
    brought_in: int = attrs.field(
        default=attrs.Factory(_brought_in, takes_self=True), validator=is_whole
    )
    taken_out: int = attrs.field(default=0, validator=is_whole)
    raked: int = attrs.field(default=0, validator=is_whole)
    added: dict[int, int] = attrs.field(factory=dict, converter=added_chips)
    history: tuple[HandRecord, ...] = attrs.field(default=(), converter=history_tuple)
    ask_runouts: bool = attrs.field(default=False, validator=is_flag)

    def __attrs_post_init__(self) -> None:
        if self.ask_runouts:
            check_runout_choice(self.variant)
        check_seating(
            seat_count=self.seat_count,
            first_button=self.first_button,
            stacks=self.stacks,
            busted_may_sit=self.buy_in is not None,
            blinds={
                "button": self.button,
                "big_blind": self.big_blind,
                "small_blind": self.small_blind,
                "middle_blind": self.middle_blind,
            },
            players={
                "waiting": self.waiting,
                "sitting_out": self.sitting_out,
                "owed": self.owed,
                "missed": self.missed,
                "added": self.added,
            },
            variant=self.variant,
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
        buy_in: BuyIn | None = None,
        ask_runouts: bool = False,
    ) -> Table:
        """A new table; the first hand's button is on ``button``. With ``buy_in`` it is a cash
        game: every stack must be within the buy-in, and a player who busts keeps the seat.
        With ``ask_runouts`` the players choose at each all-in how many times to run the board
        out."""
        check_opening(variant=variant, stakes=stakes, stacks=stacks, buy_in=buy_in)
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
            buy_in=buy_in,
            ask_runouts=ask_runouts,
        )

    # -- players --------------------------------------------------------------------------------

    @property
    def chips(self) -> int:
        """The chips on the table: every stack and the chips carried into the next pot."""
        return sum(self.stacks.values()) + self.carried

    @property
    def busted(self) -> frozenset[int]:
        """At a cash table, the players who have lost every chip and keep their seat until they
        rebuy or leave."""
        return frozenset(s for s, chips in self.stacks.items() if chips == 0)

    def _bring(self, seat: int, chips: int) -> dict[str, Any]:
        """The fields that record ``chips`` brought to ``seat``."""
        return {
            "brought_in": self.brought_in + chips,
            "added": {**self.added, seat: self.added.get(seat, 0) + chips},
        }

    def _newcomer(self, seat: int, post: bool) -> dict[str, Any]:
        """A player new to ``seat`` after the first hand waits for the big blind, or with
        ``post`` posts a big blind (live) to be dealt in at once (the fields to change)."""
        started = self.big_blind is not None
        waiting = self.waiting | {seat} if started and not post else self.waiting
        missed = dict(self.missed)
        if started and post and self.stakes.blinds:
            missed[seat] = self.stakes.blinds[-1]
        return {"waiting": waiting, "missed": missed}

    def join(self, seat: int, stack: int, *, post: bool = False) -> Table:
        """A player takes an empty seat. They wait until the big blind reaches them, or with
        ``post`` they post a big blind (live) and are dealt in at once -- unless they sit
        between the button and the big blind, where they wait for the button to pass (Robert's
        Rules of Poker, "Button and Blind Use"). Before the first hand, and in a game without
        blinds, they are simply dealt in. At a cash table ``stack`` must be a buy-in."""
        check_join(seat=seat, stack=stack, post=post, seated=self.stacks, buy_in=self.buy_in)
        return attrs.evolve(
            self,
            stacks={**self.stacks, seat: stack},
            **self._newcomer(seat, post),
            **self._bring(seat, stack),
        )

    def rebuy(self, seat: int, chips: int, *, wait_for_big_blind: bool = False) -> Table:
        """A cash-game player who lost every chip buys in again, within the buy-in, and sits
        back in. They keep their place: they are not a new player, but they make up any blind
        the button took past them while they had no chips (Robert's Rules of Poker, "Button
        and Blind Use": "A player who goes all in and loses is obligated to make up the blinds
        if they are missed before a rebuy is made"), or ``wait_for_big_blind``."""
        self._seated(seat)
        check_rebuy(seat=seat, stack=self.stacks[seat], chips=chips, buy_in=self.buy_in)
        table = attrs.evolve(self, stacks={**self.stacks, seat: chips}, **self._bring(seat, chips))
        return table.sit_in(seat, wait_for_big_blind=wait_for_big_blind)

    def top_up(self, seat: int, chips: int | None = None) -> Table:
        """A player adds ``chips`` to their stack between hands (table stakes: never during a
        hand), up to the maximum buy-in; with no ``chips``, up to the maximum itself."""
        self._seated(seat)
        stack = self.stacks[seat]
        if stack == 0:
            raise InvalidDefinitionError(f"seat {seat} has no chips: rebuy instead of a top-up")
        chips = (self.buy_in or BuyIn()).top_up(seat, stack, chips)
        return attrs.evolve(
            self, stacks={**self.stacks, seat: stack + chips}, **self._bring(seat, chips)
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
            added={s: x for s, x in self.added.items() if s != seat},
            kill=kill,
            taken_out=self.taken_out + self.stacks[seat],
        )

    def move(self, seat: int, to: int, *, post: bool = False) -> Table:
        """The player in ``seat`` changes to the empty seat ``to``, with their chips and any
        blinds they owe. "A player can change seats without penalty, provided a blind has not
        yet passed the new seat" (Robert's Rules of Poker, "Button and Blind Use"): a move to a
        seat the big blind reaches later than the old one (:func:`~pokerrules.seating.dodges_big_blind`)
        makes them a new player there, who waits for the big blind or, with ``post``, posts
        one. The player who posted the last big blind, a player due to kill and one holding a
        leg toward a kill wait until after the next hand."""
        self._seated(seat)
        check_move(
            seat=seat,
            to=to,
            seat_count=self.seat_count,
            seated=self.stacks,
            last_big_blind=self.big_blind if self.stakes.blinds else None,
            kill_seats=(self.kill.killer, self.kill.leg) if self.kill is not None else (),
        )
        table = attrs.evolve(
            self,
            stacks=moved_seat(self.stacks, seat, to),
            waiting=moved_seat_set(self.waiting, seat, to),
            sitting_out=moved_seat_set(self.sitting_out, seat, to),
            owed=moved_seat(self.owed, seat, to),
            missed=moved_seat(self.missed, seat, to),
            added=moved_seat(self.added, seat, to),
        )
        last = self.big_blind
        if last is None or not self.stakes.blinds or seat in table.missed:
            return table  # before the first hand, in a game without blinds, or already owing
        if seat in self.waiting or not dodges_big_blind(
            last_big_blind=last, seat=seat, to=to, seat_count=self.seat_count
        ):
            return table
        return attrs.evolve(table, **table._newcomer(to, post))

    def sit_out(self, seat: int) -> Table:
        """A player steps away: not dealt in, and owing the blinds that pass them."""
        self._seated(seat)
        self._no_pending_kill(seat, "sit out")
        return attrs.evolve(self, sitting_out=self.sitting_out | {seat})

    def sit_in(self, seat: int, *, wait_for_big_blind: bool = False) -> Table:
        """A player comes back. "A player who misses any or all blinds can resume play by
        either posting all the blinds missed or waiting for the big blind" (Robert's Rules of
        Poker, "Button and Blind Use"): on their next hand they post the blinds they missed --
        the big blind live, the small blind dead -- or, with ``wait_for_big_blind``, owe
        nothing and are dealt in when the big blind reaches them."""
        self._seated(seat)
        if not isinstance(wait_for_big_blind, bool):
            raise InvalidDefinitionError(
                f"wait_for_big_blind must be True or False, not {shown(wait_for_big_blind)}"
            )
        if self.stacks[seat] == 0:
            raise InvalidDefinitionError(f"seat {seat} has no chips: rebuy to sit back in")
        table = attrs.evolve(self, sitting_out=self.sitting_out - {seat})
        if not wait_for_big_blind or (seat not in self.missed and seat not in self.owed):
            return table
        return attrs.evolve(
            table,
            waiting=self.waiting | {seat},
            owed={s: x for s, x in self.owed.items() if s != seat},
            missed={s: x for s, x in self.missed.items() if s != seat},
        )

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

    def _ready(self) -> tuple[int, ...]:
        """The players present who may be dealt in: all but those waiting for the big blind,
        unless it is theirs."""
        big = self.next_big_blind
        return tuple(s for s in self._present() if s not in self.waiting or s == big)

    @property
    def starts_new_game(self) -> bool:
        """Whether the next hand starts a new game: too few players may be dealt in for a hand,
        the others waiting for the big blind, yet enough are present. The game has broken up,
        and the players present start a new one, where "any player who drew for the button is
        considered active" and "a new player is not required to post a blind until the button
        has made one complete revolution" (Robert's Rules of Poker, "Button and Blind Use" 5,
        the rules for a newly started game): all of them are dealt in, nobody waits, and only
        the blinds post -- blinds missed in the game that broke up are not owed in the new
        one. In place of a draw for the button, the big blind goes on one player from the last,
        as every hand; the small blind and the button fall before it."""
        return len(self._ready()) < self.variant.min_players <= len(self._present())

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
        Poker, "Button and Blind Use"). When that leaves too few for a hand, the players
        present start a new game, all dealt in (:attr:`starts_new_game`)."""
        return self._placement().seats

    def _due(self) -> Due | None:
        """Where the next hand's button and blinds fall (:func:`~pokerrules.blinds_due.blinds_due`)."""
        forced = self.variant.forced_bets
        return blinds_due(
            blinds=forced.blinds,
            button_blind=forced.button_blind,
            button=self.button,
            small_blind=self.small_blind,
            middle_blind=self.middle_blind,
            last_big_blind=self.big_blind,
            next_big_blind=self.next_big_blind,
            seat_count=self.seat_count,
        )

    def _placement(self) -> Placement:
        """Who is dealt into the next hand, on which button, and which of the stakes' blinds
        are posted (:func:`~pokerrules.blinds_due.place_hand`)."""
        placement = place_hand(
            ready=self._ready(),
            present=tuple(self._present()),
            new_game=self.starts_new_game,
            button=self.button,
            first_button=self.first_button,
            due=self._due(),
            missed=self.missed,
            seat_count=self.seat_count,
            blinds=self.variant.forced_bets.blinds,
        )
        if placement is None:
            raise InvalidDefinitionError(
                f"the blinds due cannot be placed: the table's small_blind "
                f"({self.small_blind}), middle_blind ({self.middle_blind}) and big_blind "
                f"({self.big_blind}) do not follow the dead-button rule"
            )
        return placement

    def _next_hand(self) -> tuple[tuple[int, ...], Variant, Stakes, int, KillPost | None]:
        """The next hand's seats, variant, stakes, button and kill post."""
        placement = self._placement()
        active = placement.seats
        if len(active) < self.variant.min_players:
            raise InvalidDefinitionError(
                f"{len(active)} player(s) ready; {self.variant.name} needs "
                f"{self.variant.min_players}"
            )
        variant, stakes = posting_blinds(self.variant, self.stakes, placement.blinds)
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
        debtors = () if self.starts_new_game else active  # a new game starts clear of debts
        return Hand.start(
            variant,
            stakes=stakes,
            stacks={s: self.stacks[s] for s in active},
            button=button,
            seed=seed,
            kill=kill,
            owed={s: x for s, x in self.owed.items() if s in debtors and s != big},
            missed={s: x for s, x in self.missed.items() if s in debtors and s != big},
            carried=self.carried,
            expose_all_ins=expose_all_ins,
            ask_runouts=self.ask_runouts,
        )

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
        blinds = self.stakes.blinds
        # who this hand's blinds were: the big blind who posted it, the smaller blinds' seats
        # as the rule put them, even dead (on a first hand, where it posted them)
        big, small, middle = hand_blinds(
            posted={e.kind: e.seat for e in hand.log if isinstance(e, Posted)},
            due=None if self.starts_new_game else self._due(),
            seats=hand.seats,
            blinds=len(blinds),
        )
        owed, missed = blinds_missed(
            owed={s: x for s, x in self.owed.items() if s not in hand.seats},
            missed={s: x for s, x in self.missed.items() if s not in hand.seats},
            blinds=blinds,
            last_big_blind=self.big_blind,
            big_blind=big,
            seated=tuple(self.stacks),
            away=self.sitting_out - set(hand.seats),
        )
        # a killer who was due a blind and owes it on the next hand (KillerInBlind.OWE_NEXT_HAND)
        for seat, amount in hand.owed_next.items():
            owed[seat] = owed.get(seat, 0) + amount
        kill = self.kill
        if kill is not None:
            kill = kill.record(outcome.kill_result(), departed=busted)
        record = HandRecord(
            number=self.hands + 1,
            button=hand.button,
            added=self.added,
            starting=self.stacks,
            ending=stacks,
        )
        common: dict[str, Any] = {
            "button": hand.button,
            "big_blind": big,
            "small_blind": small,
            "middle_blind": middle,
            "kill": kill,
            "carried": outcome.carried,
            "hands": self.hands + 1,
            "raked": self.raked + outcome.rake,
            "added": {},
            "history": (*self.history, record),
        }
        if self.buy_in is not None:
            # a cash game: a busted player keeps the seat, sitting out until a rebuy, and makes
            # up the blinds that pass meanwhile (Robert's Rules of Poker, "Button and Blind Use")
            return attrs.evolve(
                self,
                stacks=stacks,
                waiting=self.waiting - set(hand.seats),
                sitting_out=self.sitting_out | busted,
                owed=owed,
                missed=missed,
                **common,
            )
        return attrs.evolve(
            self,
            stacks={s: x for s, x in stacks.items() if s not in busted},
            waiting=self.waiting - set(hand.seats) - busted,
            sitting_out=self.sitting_out - busted,
            owed={s: x for s, x in owed.items() if s not in busted},
            missed={s: x for s, x in missed.items() if s not in busted},
            taken_out=self.taken_out + sum(stacks[s] for s in busted),
            **common,
        )

    def stack_history(self, seat: int) -> tuple[tuple[int, int], ...]:
        """``(hand number, stack after it)`` for each recorded hand ``seat`` had a seat in."""
        return tuple((r.number, r.ending[seat]) for r in self.history if seat in r.ending)
