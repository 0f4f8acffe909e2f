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
    capped,
    check_seat,
    checked_apply,
    legal_of,
    raised_wager,
    wager_to,
)
from pokerrules.betting._setup import (
    Setup,
    check_bring_in,
    check_options,
    checked_chips,
    checked_no_option,
)
from pokerrules.betting._turns import COMMITTED, FOLDED, STACK, Player, next_to_act
from pokerrules.betting.sizing import (
    BETS,
    INCREMENT,
    LEVEL,
    Parts,
    Wager,
    opening,
    parts,
    wager_of,
)
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
#: A new round, its state set by the caller (``BettingRound(...)`` is refused: see ``start``).
_made = object.__new__


#: A round's state: what stays fixed, the players' entries in action order (see
#: :data:`~pokerrules.betting._turns.Player`), the wager (as
#: :data:`~pokerrules.betting.sizing.Parts`), the player to act (-1: the round is closed), the
#: number of players still in and of those of them with chips behind, and the number of bets
#: in when the pot became heads-up (-1: it has not).
RoundState = tuple[Setup, tuple[Player, ...], Parts, int, int, int, int]


@attrs.frozen(init=False, repr=False, slots=True, weakref_slot=False)
class BettingRound:
    """One betting round: an immutable state. Build it with :meth:`start`.

    Internally players are indexed in action order; the public API speaks of seat numbers.
    The state is one tuple (``RoundState``): an action builds the next round from it,
    sharing everything the action did not change.
    """

    _s: RoundState

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise InvalidDefinitionError(
            "a betting round is built with BettingRound.start(order=..., stacks=..., "
            "structure=...), not BettingRound(...)"
        )

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
        wager: Wager | Parts | None = None,
        bring_in: int = 0,
        complete_to: int | None = None,
        no_option: Collection[int] = (),
        full_bring_in: bool = True,
    ) -> BettingRound:
        """:meth:`start` on input the library built itself and knows valid (the hand engine's):
        no checks. ``stacks`` and ``committed`` (default: nothing posted) are by position in
        ``seats``; ``wager`` (a :class:`~pokerrules.betting.sizing.Wager`, or its plain
        ``Parts`` tuple) defaults to the opening wager at the largest
        post."""
        n = len(seats)
        if wager is None:
            level = 0 if committed is None else max(committed)
            opened = opening(structure, level, None, None)
            complete = opened[INCREMENT] if complete_to is None else complete_to
        else:
            opened = wager if isinstance(wager, tuple) else parts(wager)
            level = opened[LEVEL]
            complete = minimum_bet(structure) if complete_to is None else complete_to
        if committed is None and not no_option:
            # nothing posted (a later street): each entry is the player's stack and nothing else
            players = tuple([(stack, 0, -1, False, False) for stack in stacks])
        else:
            if committed is None:
                committed = (0,) * n
            nobody = [level if s in no_option else -1 for s in seats] if no_option else [-1] * n
            no = [False] * n
            players = tuple(zip(stacks, committed, nobody, no, no, strict=True))
        active = n - stacks.count(0)
        setup = Setup.of(structure, rules, seats, pot, bring_in, complete, active, full_bring_in)
        # a bring-in is due only when someone else has chips to answer it
        to_act = (
            0
            if bring_in and active > 1
            else next_to_act(players, setup.turns[-1], level, n, active)
        )
        new = _made(cls)
        _put(new, (setup, players, opened, to_act, n, active, opened[BETS] if active <= 2 else -1))
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
        return self._s[0].structure

    @property
    def rules(self) -> BettingRules:
        """The betting rules in force."""
        return self._s[0].rules

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in action order (the first acts first, then around)."""
        return self._s[0].seats

    @property
    def pot(self) -> int:
        """Chips in the pot before this round (earlier rounds, antes, dead blinds)."""
        return self._s[0].pot

    @property
    def current_bet(self) -> int:
        """What every player must have put in this round to stay in."""
        return self._s[2][LEVEL]

    @property
    def bets(self) -> int:
        """Bets and raises that count toward the cap (a full big blind or kill counts)."""
        return self._s[2][BETS]

    @property
    def wager(self) -> Wager:
        """The wager level and the sizes of the last bet or raise."""
        return wager_of(self._s[2])

    @property
    def seat_to_act(self) -> int | None:
        """The seat to act, or ``None`` when the round is closed."""
        setup, _, _, i, _, _, _ = self._s
        return None if i < 0 else setup.seats[i]

    @property
    def to_call(self) -> int:
        """The chips the seat to act must add to call (0: nothing to call, or the round is
        closed); an all-in for less calls with what it has."""
        _, players, wager, i, _, _, _ = self._s
        if i < 0:
            return 0
        stack, committed, _, _, _ = players[i]
        owed = wager[LEVEL] - committed
        return 0 if owed <= 0 else min(owed, stack)

    def stack(self, seat: int) -> int:
        """``seat``'s chips behind (0 for a seat not in the round)."""
        seats = self._s[0].seats
        return self._s[1][seats.index(seat)][STACK] if seat in seats else 0

    @property
    def is_closed(self) -> bool:
        """Whether the round is over: everyone able to act has acted and matched the wager,
        or at most one player can still act and owes nothing (has the wager in, or as much as
        every other player still in, all of them all-in)."""
        return self._s[3] < 0

    @property
    def stacks(self) -> dict[int, int]:
        """Each seat's chips behind."""
        setup, players, _, _, _, _, _ = self._s
        return {s: p[STACK] for s, p in zip(setup.seats, players, strict=True)}

    @property
    def contributions(self) -> dict[int, int]:
        """Chips each seat has put in this round (live posts included)."""
        setup, players, _, _, _, _, _ = self._s
        return {s: p[COMMITTED] for s, p in zip(setup.seats, players, strict=True)}

    @property
    def folded(self) -> frozenset[int]:
        """The seats that folded this round."""
        setup, players, _, _, _, _, _ = self._s
        return frozenset(s for s, p in zip(setup.seats, players, strict=True) if p[FOLDED])

    @property
    def all_in(self) -> frozenset[int]:
        """The seats still in the hand with no chips behind."""
        setup, players, _, _, _, _, _ = self._s
        return frozenset(
            s for s, p in zip(setup.seats, players, strict=True) if p[STACK] == 0 and not p[FOLDED]
        )

    @property
    def in_hand(self) -> tuple[int, ...]:
        """The seats that have not folded, in action order."""
        setup, players, _, _, _, _, _ = self._s
        return tuple(s for s, p in zip(setup.seats, players, strict=True) if not p[FOLDED])

    @property
    def total_pot(self) -> int:
        """The pot with this round's chips: ``pot`` plus every contribution."""
        setup, players, _, _, _, _, _ = self._s
        return setup.pot + sum([p[COMMITTED] for p in players])

    @property
    def is_capped(self) -> bool:
        """Whether limit betting has reached the cap (and heads-up play does not lift it)."""
        return capped(self)

    def legal_actions(self) -> LegalActions | None:
        """What the seat to act may do; ``None`` when the round is closed. Never raises."""
        i = self._s[3]
        return None if i < 0 else legal_of(self, i)

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
        setup, players, wager, i, in_hand, live, at = self._s
        if seat is not None:
            if type(seat) is not int:
                check_seat(seat)
            if i < 0 or seat != setup.seats[i]:
                return checked_apply(self, i, seat, action)
        elif i < 0:
            return checked_apply(self, i, seat, action)
        # the common actions, checked without building the legal actions: anything else, and
        # every refusal, takes the checked path (which words the refusal)
        kind = type(action)
        level = wager[0]
        stack, committed, acted, _, checked = players[i]
        if kind is Call and level > committed:  # facing a bet, so no bring-in is due
            if level - committed < stack:
                player = (stack - level + committed, level, level, False, checked)
            else:  # all in
                player = (0, committed + stack, level, False, checked)
                live -= 1
        elif kind is Fold and level > committed:
            player = (stack, committed, acted, True, checked)
            in_hand -= 1
            live -= 1
        elif kind is Raise or kind is Bet:
            if kind is Raise and level and wager[4]:  # no bring-in due, no completion
                to = action.to  # type: ignore[union-attr]
            elif kind is Bet and not level and (i or acted >= 0 or not setup.bring_in):
                to = action.amount  # type: ignore[union-attr]
            else:
                return checked_apply(self, i, seat, action)
            _, base, raise_size, increment, bets, last_full = wager
            if (
                setup.one_size
                and to == base + increment
                and level < to < committed + stack
                and live > 1
                and (setup.cap is None or bets < setup.cap)
                and (acted < 0 or last_full > acted)
                and (not checked or setup.rules.check_raise)
            ):
                # a full fixed-limit bet or raise, not all in, below the cap, by a player the
                # betting is open to: what raised_wager gives, in short
                wager = (to, to, raise_size, increment, bets + 1, to)
            else:
                after = raised_wager(setup, players, wager, i, live, at, to)
                if after is None:  # betting is not open to the player, or not this size
                    return checked_apply(self, i, seat, action)
                wager = after
                if to - committed == stack:
                    live -= 1
            player = (stack - (to - committed), to, to, False, checked)
            level = to
        elif (
            kind is Check
            and level <= committed
            and (level or i or acted >= 0 or not setup.bring_in)
        ):
            player = (stack, committed, level, False, True)
        else:
            return checked_apply(self, i, seat, action)
        return _advanced(setup, players, wager, i, player, level, in_hand, live, at)

    def trusted_check_or_call(
        self, kind: type[Check] | type[Call] | None = None
    ) -> tuple[BettingRound, int, int, bool] | None:
        """The round after the seat to act checks, or calls when facing a bet, with that seat,
        its chips behind after the call (-1 after a check) and whether the round is now closed:
        the hand engine's fast path
        for the most common action. ``kind`` (:class:`~pokerrules.actions.Check` or
        :class:`~pokerrules.actions.Call`) asks for that action only. ``None`` when the action
        is not the one to take: the round is closed, a bring-in is due, or ``kind`` does not
        fit (the caller then takes the checked path, which words the refusal).

        >>> from pokerrules.betting import NoLimit
        >>> r = BettingRound.start(order=[1, 2], stacks={1: 99, 2: 98}, posted={1: 1, 2: 2},
        ...                        structure=NoLimit(2))
        >>> after, seat, left, closed = r.trusted_check_or_call()   # seat 1 calls the big blind
        >>> seat, left, closed, after.stacks == r.apply(Call()).stacks
        (1, 98, False, True)
        >>> r.trusted_check_or_call(Check) is None          # seat 1 faces a bet: no check
        True
        """
        setup, players, wager, i, in_hand, live, at = self._s
        if i < 0:
            return None
        level = wager[LEVEL]
        stack, committed, acted, _, checked = players[i]
        if level > committed:
            if kind is Check:
                return None
            if level - committed < stack:
                left = stack - level + committed
                player = (left, level, level, False, checked)
            else:  # all in
                left = 0
                player = (0, committed + stack, level, False, checked)
                live -= 1
        elif kind is Call or (not level and not i and acted < 0 and setup.bring_in):
            return None  # a call with nothing to call, or the bring-in is due first
        else:
            left = -1
            player = (stack, committed, level, False, True)
        after = _advanced(setup, players, wager, i, player, level, in_hand, live, at)
        return after, setup.seats[i], left, after._s[3] < 0

    # ----------------------------------------------------------------------------------------
    # transitions (on actions known legal)

    def _after_fold(self, i: int) -> BettingRound:
        stack, committed, acted, _, checked = self._s[1][i]
        return _moved(self, i, (stack, committed, acted, True, checked), self._s[2])

    def _after_check(self, i: int) -> BettingRound:
        wager = self._s[2]
        stack, committed, _, _, _ = self._s[1][i]
        return _moved(self, i, (stack, committed, wager[LEVEL], False, True), wager)

    def _after_call(self, i: int, chips: int) -> BettingRound:
        wager = self._s[2]
        stack, committed, _, _, checked = self._s[1][i]
        player = (stack - chips, committed + chips, wager[LEVEL], False, checked)
        return _moved(self, i, player, wager)

    def _after_bring_in(self, i: int, amount: int) -> BettingRound:
        setup, players, wager, _, _, _, _ = self._s
        stack, committed, _, _, checked = players[i]
        committed += amount
        level = max(setup.bring_in, committed) if setup.full_bring_in else committed
        wager = (level, 0, wager[2], wager[3], 0, 0)
        return _moved(self, i, (stack - amount, committed, level, False, checked), wager)

    def _after_wager(self, i: int, to: int) -> BettingRound:
        """A bet, raise or completion to ``to`` (already checked legal)."""
        setup, players, wager, _, _, _, _ = self._s
        stack, committed, _, _, checked = players[i]
        after = wager_to(setup, wager, to)
        return _moved(self, i, (stack - (to - committed), to, to, False, checked), after)


def _advanced(  # noqa: PLR0917 - the round's state, unpacked by every fast path
    setup: Setup,
    players: tuple[Player, ...],
    wager: Parts,
    i: int,
    player: Player,
    level: int,
    in_hand: int,
    live: int,
    at: int,
) -> BettingRound:
    """The round after player ``i`` acted: ``player`` is its new entry, ``wager`` the new wager
    (at ``level``), ``in_hand`` and ``live`` the players still in and those of them with chips
    behind, ``at`` the bets in when the pot became heads-up (-1: not yet). Every fast path ends
    here."""
    changed = list(players)
    changed[i] = player
    players = tuple(changed)
    if live > 1:
        if live == 2 and at < 0:
            at = wager[BETS]  # the pot is heads-up from here
        # the next to act (next_to_act's common case, inlined: this runs after every action)
        for j in setup.turns[i]:
            stack, committed, acted, folded, _ = players[j]
            if stack and not folded and (acted < 0 or committed < level):
                i = j
                break
        else:
            i = -1
    else:
        if at < 0:
            at = wager[BETS]
        i = next_to_act(players, setup.turns[i], level, in_hand, live)
    new = _made(BettingRound)
    _put(new, (setup, players, wager, i, in_hand, live, at))
    return new


def _moved(r: BettingRound, i: int, player: Player, wager: Parts) -> BettingRound:
    """The round after ``r``'s player ``i`` acted: ``player`` is its new entry and ``wager``
    the new wager."""
    setup, players, _, _, in_hand, live, at = r._s
    if player[FOLDED]:
        in_hand -= 1
        live -= 1
    elif not player[STACK]:
        live -= 1
    changed = list(players)
    changed[i] = player
    players = tuple(changed)
    if at < 0 and live <= 2:
        at = wager[BETS]
    to_act = next_to_act(players, setup.turns[i], wager[LEVEL], in_hand, live)
    new = _made(BettingRound)
    _put(new, (setup, players, wager, to_act, in_hand, live, at))
    return new


_put = BettingRound.__dict__["_s"].__set__
