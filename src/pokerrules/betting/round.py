"""The betting-round state: :class:`BettingRound`.

See :mod:`pokerrules.betting` for an overview and a worked example.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import attrs

from pokerrules._validators import shown
from pokerrules.actions import (
    Bet,
    BettingAction,
    Call,
    Check,
    Fold,
    LegalActions,
    Raise,
)
from pokerrules.betting._legality import (
    bring_in_to,
    capped,
    check_seat,
    checked_apply,
    legal_of,
    no_raise_reason,
    raise_window,
    refuse,
    reopened,
)
from pokerrules.betting._setup import (
    Setup,
    check_bring_in,
    check_options,
    checked_chips,
    checked_no_option,
)
from pokerrules.betting._turns import advance, flag, next_to_act
from pokerrules.betting.sizing import Wager, _after_raise
from pokerrules.betting.structures import (
    BettingRules,
    Structure,
    minimum_bet,
)
from pokerrules.errors import (
    InvalidDefinitionError,
)

__all__ = ["BettingRound"]

_DEFAULT_RULES = BettingRules()


_INTS = frozenset({int})
_new = object.__new__
_set_attr = object.__setattr__


@attrs.frozen(repr=False, slots=False)
class BettingRound:
    """One betting round: an immutable state. Build it with :meth:`start`.

    Internally players are indexed in action order; the public API speaks of seat numbers.
    """

    _setup: Setup
    _stacks: tuple[int, ...]
    _committed: tuple[int, ...]
    _folded: tuple[bool, ...]
    # the wager level at which each player last acted voluntarily; -1 if not yet this round
    _acted: tuple[int, ...]
    _checked: tuple[bool, ...]
    _wager: Wager
    # the number of bets in when the pot became heads-up; -1 if it has not
    _heads_up_at: int
    _to_act: int
    # players not folded, and those of them with chips behind
    _in_hand: int
    _live: int

    # ----------------------------------------------------------------------------------------
    # construction

    @classmethod
    def start(
        cls,
        *,
        order: Sequence[int],
        stacks: Mapping[int, int],
        structure: Structure,
        rules: BettingRules = _DEFAULT_RULES,
        posted: Mapping[int, int] | None = None,
        pot: int = 0,
        level: int | None = None,
        bets: int | None = None,
        raise_size: int | None = None,
        bring_in: int | None = None,
        complete_to: int | None = None,
        no_option: Collection[int] = (),
        full_bring_in: bool = True,
    ) -> BettingRound:
        """Start a betting round.

        * ``order`` -- the seats still in the hand, in the order they act (first to act first);
          include all-in players, who are skipped.
        * ``stacks`` -- each seat's chips behind (not counting what it has posted this round).
        * ``posted`` -- chips already put in this round and live: blinds, straddles, a kill.
        * ``pot`` -- chips already in the pot (earlier rounds, antes, dead blinds).
        * ``level`` -- what every player must put in to stay in; defaults to the largest post.
          Give the full big blind when its poster was all-in for less: the others must still
          enter for the full amount (RRoP, "Button and Blind Use").
        * ``bets`` -- bets counting toward the cap already in: defaults to 1 when the level is
          at least a full bet, else 0 (RRoP: the big blind counts as the first bet).
        * ``raise_size`` -- the least a raise must add (no, pot and spread limit); defaults to
          the larger of the structure's minimum and the level (a straddle sets a new minimum,
          RRoP "No-Limit and Pot-Limit" 2).
        * ``bring_in`` -- stud: the first seat in ``order`` must bring in for this amount or
          complete to ``complete_to`` (default: the street's full bet). If the bring-in is
          all-in for less, the others must still call the full bring-in (RRoP) -- or, with
          ``full_bring_in=False``, only what was brought in
          (:attr:`~pokerrules.forced_bets.ShortForcedBet.AS_POSTED`).
        * ``no_option`` -- seats whose post counts as their action: a blind without the option
          to raise when the pot is only called to it. By default every blind is live and has
          the option (RRoP, "Button and Blind Use" 2).

        >>> from pokerrules.betting import NoLimit
        >>> r = BettingRound.start(order=[1, 2], stacks={1: 100, 2: 100}, structure=NoLimit(2))
        >>> r.legal_actions().describe()
        'check, bet 2-100'
        """
        check_options(structure, rules, level, bets, raise_size, bring_in, complete_to)
        seats, stack_t, committed = checked_chips(
            order, stacks, {} if posted is None else posted, pot
        )
        if no_option:
            no_option = checked_no_option(no_option)
        top = max(committed)
        level = top if level is None else level
        if level < top:
            msg = f"level {shown(level)} is below the largest post {shown(top)}"
            raise InvalidDefinitionError(msg)
        complete = minimum_bet(structure) if complete_to is None else complete_to
        check_bring_in(bring_in, complete, level, seats[0], stack_t[0])
        if full_bring_in is not True and full_bring_in is not False:
            msg = f"full_bring_in must be True or False, not {shown(full_bring_in)}"
            raise InvalidDefinitionError(msg)
        wager = Wager.opening(structure, level=level, bets=bets, raise_size=raise_size)
        if wager.raise_size <= 0 or wager.bets < 0:
            raise InvalidDefinitionError("raise_size must be positive and bets not negative")
        return cls.trusted_start(
            structure,
            rules,
            seats,
            stack_t,
            committed,
            pot=pot,
            wager=wager,
            bring_in=bring_in or 0,
            complete_to=complete,
            no_option=no_option,
            full_bring_in=full_bring_in,
        )

    @classmethod
    def trusted_start(
        cls,
        structure: Structure,
        rules: BettingRules,
        seats: tuple[int, ...],
        stacks: tuple[int, ...],
        committed: tuple[int, ...] | None = None,
        *,
        pot: int = 0,
        wager: Wager | None = None,
        bring_in: int = 0,
        complete_to: int | None = None,
        no_option: Collection[int] = (),
        full_bring_in: bool = True,
    ) -> BettingRound:
        """:meth:`start` on input the library built itself and knows valid (the hand engine's):
        no checks. ``stacks`` and ``committed`` (default: nothing posted) are by position in
        ``seats``; ``wager`` defaults to the opening wager at the largest post."""
        n = len(seats)
        if committed is None:
            committed = (0,) * n
            level = 0
        else:
            level = max(committed)
        if wager is None:
            wager = Wager.trusted_opening(structure, level, None, None)
        else:
            level = wager.level
        complete = minimum_bet(structure) if complete_to is None else complete_to
        active = n - stacks.count(0)
        nobody = (
            tuple([level if s in no_option else -1 for s in seats]) if no_option else (-1,) * n
        )
        no = (False,) * n
        setup = Setup.of(structure, rules, seats, pot, bring_in, complete, active, full_bring_in)
        # a bring-in is due only when someone else has chips to answer it
        to_act = (
            0
            if bring_in and active > 1
            else next_to_act(-1, stacks, committed, no, nobody, level, n, active)
        )
        new = _new(cls)
        _set_attr(
            new,
            "__dict__",
            {
                "_setup": setup,
                "_stacks": stacks,
                "_committed": committed,
                "_folded": no,
                "_acted": nobody,
                "_checked": no,
                "_wager": wager,
                "_heads_up_at": wager.bets if active <= 2 else -1,
                "_to_act": to_act,
                "_in_hand": n,
                "_live": active,
            },
        )
        return new

    def next_round(
        self,
        structure: Structure,
        *,
        order: Sequence[int] | None = None,
        rules: BettingRules | None = None,
    ) -> BettingRound:
        """The next street's round: the players still in, their stacks, and this round's chips
        added to the pot. ``order`` (default: this round's order) lists the seats in the order
        they act on the next street; folded seats in it are skipped.

        >>> from pokerrules.betting import NoLimit
        >>> r = BettingRound.start(order=[1, 2], stacks={1: 99, 2: 98}, posted={1: 1, 2: 2},
        ...                        structure=NoLimit(2))
        >>> r = r.apply(Call()).apply(Check()).next_round(NoLimit(2), order=[2, 1])
        >>> r.seat_to_act, r.pot, r.stacks
        (2, 4, {2: 98, 1: 98})
        """
        folded = self.folded
        seats = [s for s in (self.seats if order is None else order) if s not in folded]
        return BettingRound.start(
            order=seats,
            stacks=self.stacks,
            structure=structure,
            rules=self.rules if rules is None else rules,
            pot=self.total_pot,
        )

    # ----------------------------------------------------------------------------------------
    # queries

    @property
    def structure(self) -> Structure:
        """The betting structure of this street."""
        return self._setup.structure

    @property
    def rules(self) -> BettingRules:
        """The betting rules in force."""
        return self._setup.rules

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in action order (the first acts first, then around)."""
        return self._setup.seats

    @property
    def pot(self) -> int:
        """Chips in the pot before this round (earlier rounds, antes, dead blinds)."""
        return self._setup.pot

    @property
    def current_bet(self) -> int:
        """What every player must have put in this round to stay in."""
        return self._wager.level

    @property
    def bets(self) -> int:
        """Bets and raises that count toward the cap (a full big blind or kill counts)."""
        return self._wager.bets

    @property
    def wager(self) -> Wager:
        """The wager level and the sizes of the last bet or raise."""
        return self._wager

    @property
    def seat_to_act(self) -> int | None:
        """The seat to act, or ``None`` when the round is closed."""
        return None if self._to_act < 0 else self._setup.seats[self._to_act]

    @property
    def to_call(self) -> int:
        """The chips the seat to act must add to call (0: nothing to call, or the round is
        closed); an all-in for less calls with what it has."""
        i = self._to_act
        if i < 0:
            return 0
        owed = self._wager.level - self._committed[i]
        return 0 if owed <= 0 else min(owed, self._stacks[i])

    def stack(self, seat: int) -> int:
        """``seat``'s chips behind (0 for a seat not in the round)."""
        seats = self._setup.seats
        return self._stacks[seats.index(seat)] if seat in seats else 0

    @property
    def is_closed(self) -> bool:
        """Whether the round is over: everyone able to act has acted and matched the wager,
        or at most one player can still act and owes nothing (has the wager in, or as much as
        every other player still in, all of them all-in)."""
        return self._to_act < 0

    @property
    def stacks(self) -> dict[int, int]:
        """Each seat's chips behind."""
        return dict(zip(self.seats, self._stacks, strict=True))

    @property
    def contributions(self) -> dict[int, int]:
        """Chips each seat has put in this round (live posts included)."""
        return dict(zip(self.seats, self._committed, strict=True))

    @property
    def folded(self) -> frozenset[int]:
        """The seats that folded this round."""
        return frozenset(s for s, f in zip(self.seats, self._folded, strict=True) if f)

    @property
    def all_in(self) -> frozenset[int]:
        """The seats still in the hand with no chips behind."""
        return frozenset(
            s
            for s, x, f in zip(self.seats, self._stacks, self._folded, strict=True)
            if x == 0 and not f
        )

    @property
    def in_hand(self) -> tuple[int, ...]:
        """The seats that have not folded, in action order."""
        return tuple(s for s, f in zip(self.seats, self._folded, strict=True) if not f)

    @property
    def total_pot(self) -> int:
        """The pot with this round's chips: ``pot`` plus every contribution."""
        return self._setup.pot + sum(self._committed)

    @property
    def is_capped(self) -> bool:
        """Whether limit betting has reached the cap (and heads-up play does not lift it)."""
        return self._capped()

    def legal_actions(self) -> LegalActions | None:
        """What the seat to act may do; ``None`` when the round is closed. Never raises."""
        i = self._to_act
        return None if i < 0 else self._legal(i)

    def is_legal(self, action: BettingAction) -> bool:
        """Whether ``action`` is legal for the seat to act. Never raises."""
        legal = self.legal_actions()
        return legal is not None and action in legal

    def __repr__(self) -> str:
        return (
            f"BettingRound(to_act={self.seat_to_act}, current_bet={self.current_bet}, "
            f"bets={self.bets}, contributions={self.contributions}, stacks={self.stacks}, "
            f"folded={sorted(self.folded)}, pot={self.pot})"
        )

    # ----------------------------------------------------------------------------------------
    # the rules (pokerrules.betting._legality)

    _capped = capped
    _reopened = reopened
    _bring_in_to = bring_in_to
    _window = raise_window
    _legal = legal_of
    _refuse = refuse
    _no_raise_reason = no_raise_reason

    # ----------------------------------------------------------------------------------------
    # commands

    def apply(self, action: BettingAction, *, seat: int | None = None) -> BettingRound:
        """The state after the seat to act takes ``action``.

        ``seat``, if given, must be the seat to act. Raises
        :class:`~pokerrules.errors.OutOfTurnError`,
        :class:`~pokerrules.errors.ActionNotAvailableError`,
        :class:`~pokerrules.errors.BetSizeError`, :class:`~pokerrules.errors.CapReachedError`
        or :class:`~pokerrules.errors.GameOverError` (all
        :class:`~pokerrules.errors.IllegalActionError`) with a message that says what is legal;
        this state is unchanged.
        """
        i = self._to_act
        if seat is not None and type(seat) is not int:
            check_seat(seat)
        if i >= 0 and (seat is None or seat == self._setup.seats[i]):
            # the common actions, checked without building the legal actions
            kind = type(action)
            if kind is Call or kind is Check or kind is Fold:
                fields = self.__dict__
                level = fields["_wager"].level
                if level or i or not fields["_setup"].bring_in:  # no bring-in due first
                    committed = fields["_committed"][i]
                    owed = level - committed
                    if owed > 0:
                        if kind is Call:
                            stack = fields["_stacks"][i]
                            chips = owed if owed < stack else stack
                            wager = fields["_wager"]
                            return self._moved(i, stack - chips, committed + chips, level, wager)
                        if kind is Fold:
                            return self._after_fold(i)
                    elif kind is Check:
                        return self._after_check(i)
            fast = self._fast_apply(i, action)
            if fast is not None:
                return fast
        return checked_apply(self, i, seat, action)

    def trusted_check_or_call(
        self, kind: type[Check] | type[Call] | None = None
    ) -> tuple[BettingRound, int, int] | None:
        """The round after the seat to act checks, or calls when facing a bet, with that seat
        and its chips behind after the call (-1 after a check): the hand engine's fast path
        for the most common action. ``kind`` (:class:`~pokerrules.actions.Check` or
        :class:`~pokerrules.actions.Call`) asks for that action only. ``None`` when the action
        is not the one to take: the round is closed, a bring-in is due, or ``kind`` does not
        fit (the caller then takes the checked path, which words the refusal).

        >>> from pokerrules.betting import NoLimit
        >>> r = BettingRound.start(order=[1, 2], stacks={1: 99, 2: 98}, posted={1: 1, 2: 2},
        ...                        structure=NoLimit(2))
        >>> after, seat, left = r.trusted_check_or_call()   # seat 1 calls the big blind
        >>> seat, left, after.stacks == r.apply(Call()).stacks
        (1, 98, True)
        >>> r.trusted_check_or_call(Check) is None          # seat 1 faces a bet: no check
        True
        """
        fields = self.__dict__
        i: int = fields["_to_act"]
        if i < 0:
            return None
        wager: Wager = fields["_wager"]
        level = wager.level
        if not level and not i and fields["_setup"].bring_in and fields["_acted"][0] < 0:
            return None  # the bring-in must be posted first
        committed = fields["_committed"][i]
        owed = level - committed
        seat = fields["_setup"].seats[i]
        if owed > 0:
            if kind is Check:
                return None
            stack = fields["_stacks"][i]
            chips = owed if owed < stack else stack
            left = stack - chips
            return self._moved(i, left, committed + chips, level, wager), seat, left
        if kind is Call:
            return None
        if fields["_live"] <= 2:
            return self._after_check(i), seat, -1
        # a check with three or more players holding chips: _after_check, with the next to
        # act found inline (advance's other cases cannot arise: nobody's stack changed)
        new = _new(BettingRound)
        after = new.__dict__
        after.update(fields)
        acted = list(fields["_acted"])
        acted[i] = level
        after["_acted"] = tuple(acted)
        checked = list(fields["_checked"])
        checked[i] = True
        after["_checked"] = tuple(checked)
        stacks = fields["_stacks"]
        folded = fields["_folded"]
        chips_in = fields["_committed"]
        n = len(stacks)
        after["_to_act"] = -1
        for k in range(i + 1, i + 1 + n):
            j = k % n
            if stacks[j] and not folded[j] and (acted[j] < 0 or chips_in[j] < level):
                after["_to_act"] = j
                break
        return new, seat, -1

    def _fast_apply(self, i: int, action: BettingAction) -> BettingRound | None:
        """The common actions, checked without building the legal actions; ``None`` when the
        action needs the full check (which also words the error)."""
        fields = self.__dict__
        wager: Wager = fields["_wager"]
        level = wager.level
        setup: Setup = fields["_setup"]
        if level == 0 and i == 0 and setup.bring_in and fields["_acted"][0] < 0:
            return None  # the bring-in must be posted first
        kind = type(action)
        committed = fields["_committed"][i]
        owed = level - committed
        if kind is Call:
            if owed <= 0:
                return None
            stack = fields["_stacks"][i]
            chips = owed if owed < stack else stack
            return self._moved(i, stack - chips, committed + chips, level, wager)
        if kind is Check:
            return self._after_check(i) if owed <= 0 else None
        if kind is Fold:
            if owed > 0 or setup.rules.fold_without_bet:
                return self._after_fold(i)
            return None
        if kind is Raise:
            if level == 0 or wager.bets == 0:
                return None  # nothing to raise, or a completion
            to = action.to  # type: ignore[union-attr]
        elif kind is Bet:
            if level:
                return None
            to = action.amount  # type: ignore[union-attr]
        else:
            return None
        window = self._window(i)
        if isinstance(window, str):
            return None
        low, high, step = window
        if to < low or to > high or (to - low) % step:
            return None
        after = _after_raise(
            setup.structure,
            wager,
            to,
            half_bet=setup.half_bet,
            cumulative=setup.rules.cumulative_all_ins,
            bring_in_to=setup.complete_to if setup.bring_in and not wager.bets else None,
        )
        return self._moved(i, fields["_stacks"][i] - (to - committed), to, to, after)

    # ----------------------------------------------------------------------------------------
    # transitions

    def _after_fold(self, i: int) -> BettingRound:
        new = _new(BettingRound)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields["_folded"] = flag(fields["_folded"], i)
        fields["_in_hand"] -= 1
        fields["_live"] -= 1
        advance(fields, i)
        return new

    def _after_check(self, i: int) -> BettingRound:
        new = _new(BettingRound)
        fields = new.__dict__
        fields.update(self.__dict__)
        acted = list(fields["_acted"])
        acted[i] = fields["_wager"].level
        fields["_acted"] = tuple(acted)
        fields["_checked"] = flag(fields["_checked"], i)
        advance(fields, i)
        return new

    def _after_call(self, i: int, chips: int) -> BettingRound:
        stack = self._stacks[i] - chips
        return self._moved(i, stack, self._committed[i] + chips, self._wager.level, self._wager)

    def _after_bring_in(self, i: int, amount: int) -> BettingRound:
        committed = self._committed[i] + amount
        setup = self._setup
        level = max(setup.bring_in, committed) if setup.full_bring_in else committed
        stack = self._stacks[i] - amount
        wager = attrs.evolve(self._wager, level=level, base=0, bets=0, last_full=0)
        return self._moved(i, stack, committed, level, wager)

    def _after_wager(self, i: int, to: int) -> BettingRound:
        """A bet, raise or completion to ``to`` (already checked legal)."""
        setup = self._setup
        wager = _after_raise(
            setup.structure,
            self._wager,
            to,
            half_bet=setup.half_bet,
            cumulative=setup.rules.cumulative_all_ins,
            bring_in_to=self._bring_in_to(),
        )
        return self._moved(i, self._stacks[i] - (to - self._committed[i]), to, to, wager)

    def _moved(self, i: int, stack: int, committed: int, acted: int, wager: Wager) -> BettingRound:
        """The state after player ``i`` put chips in: ``stack`` behind, ``committed`` in
        front, having acted at level ``acted``; ``wager`` is the new wager."""
        new = _new(BettingRound)
        fields = new.__dict__
        fields.update(self.__dict__)
        changed = list(fields["_stacks"])
        changed[i] = stack
        fields["_stacks"] = tuple(changed)
        changed = list(fields["_committed"])
        changed[i] = committed
        fields["_committed"] = tuple(changed)
        changed = list(fields["_acted"])
        changed[i] = acted
        fields["_acted"] = tuple(changed)
        fields["_wager"] = wager
        if not stack:
            fields["_live"] -= 1
        advance(fields, i)
        return new
