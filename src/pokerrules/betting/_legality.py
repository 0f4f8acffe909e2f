"""The rules of a betting round, as queries on a :class:`~pokerrules.betting.BettingRound` or
on its state: the cap, whether the betting reopened, the bet and raise amounts open to a player,
the legal actions, and the long way of applying an action -- every action checked against the
legal actions, and a refusal that says what is legal. :class:`~pokerrules.betting.BettingRound`
calls these (its fast path for the common actions too, for bets and raises it cannot size in
short); this module imports it only for its annotations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from pokerrules._validators import shown
from pokerrules.actions import (
    Bet,
    BettingAction,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    LegalActions,
    Raise,
    _legal_actions,
    _range,
)
from pokerrules.betting._turns import COMMITTED, Player
from pokerrules.betting.sizing import BETS, LAST_FULL, LEVEL, Parts, full_increment, raised, window
from pokerrules.betting.structures import FixedLimit, HeadsUpRaising, SpreadLimit
from pokerrules.errors import (
    ActionNotAvailableError,
    BetSizeError,
    CapReachedError,
    GameOverError,
    IllegalActionError,
    InvalidDefinitionError,
    OutOfTurnError,
)

if TYPE_CHECKING:
    from pokerrules.betting._setup import Setup
    from pokerrules.betting.round import BettingRound

__all__ = [
    "bring_in_to",
    "capped",
    "check_seat",
    "checked_apply",
    "error_for",
    "legal_of",
    "no_raise_reason",
    "raise_window",
    "raised_wager",
    "refuse",
    "reopened",
    "said",
    "wager_to",
    "window_of",
]


def capped(r: BettingRound) -> bool:
    """Whether the betting is capped (after the cap's bets, unless the pot went heads-up in
    time under the heads-up rule)."""
    setup, _, wager, _, _, _, at = r._s
    return _capped(setup, wager[BETS], at)


def _capped(setup: Setup, bets: int, at: int) -> bool:
    """:func:`capped` with ``bets`` in and the pot heads-up since ``at`` bets (-1: not)."""
    cap = setup.cap
    if cap is None or bets < cap:
        return False
    rule = setup.rules.heads_up
    if rule is HeadsUpRaising.BEFORE_CAP:
        return not 0 <= at < cap
    if rule is HeadsUpRaising.BEFORE_THIRD_BET:
        return not 0 <= at < min(3, cap)
    if rule is HeadsUpRaising.ROUND_BEGAN_HEADS_UP:
        return not setup.began_heads_up
    return True


def reopened(setup: Setup, wager: Parts, acted: int) -> bool:
    """Whether a player who last acted at level ``acted`` (-1: not yet) may raise at
    ``wager``: not yet acted, or a bet or raise reopened the betting since (RRoP "Betting and
    Raising" 6; WSOP Tournament rule 96a)."""
    if acted < 0 or wager[LAST_FULL] > acted:
        return True
    if not setup.rules.cumulative_all_ins:
        return False
    added = wager[LEVEL] - acted
    full = full_increment(setup.structure, wager)
    return 2 * added >= full if setup.half_bet else added >= full


def bring_in_to(r: BettingRound) -> int | None:
    """The completion amount while a stud bring-in stands uncompleted."""
    setup = r._s[0]
    if setup.bring_in and r._s[2][BETS] == 0:
        return setup.complete_to
    return None


def raise_window(r: BettingRound, i: int) -> tuple[int, int, int] | str:
    """The raise-to (or bet) amounts open to player ``i``, or why there are none."""
    setup, players, wager, _, _, live, at = r._s
    return window_of(setup, players, wager, i, live, at)


def window_of(  # noqa: PLR0917 -- a round's state, unpacked by the caller
    setup: Setup,
    players: tuple[Player, ...],
    wager: Parts,
    i: int,
    live: int,
    at: int,
) -> tuple[int, int, int] | str:
    """:func:`raise_window` on a round's state: its ``setup``, ``players`` and ``wager``,
    ``live`` players with chips, heads-up since ``at`` bets (-1: not)."""
    stack, committed, acted, _, checked = players[i]
    level, _, _, _, bets, last_full = wager
    if stack <= level - committed:
        return "has no chips beyond the call"
    if live <= 1:  # the player to act has chips: nobody else has any
        return "no other player has chips to respond"
    cap = setup.cap
    if cap is not None and bets >= cap and _capped(setup, bets, at):
        return f"betting is capped at {shown(setup.rules.cap)} bets"
    if checked and not setup.rules.check_raise:
        return "checked earlier and check-raising is not allowed in this round"
    if acted >= 0 and last_full <= acted and not reopened(setup, wager, acted):
        return (
            "the betting was not reopened: the all-in wager since the player acted was "
            "less than a full raise"
        )
    return window(
        setup.structure,
        wager,
        committed,
        stack,
        # only pot limit sizes by the pot
        setup.pot + sum([p[COMMITTED] for p in players]) if setup.pot_limit else 0,
        setup.complete_to if setup.bring_in and not bets else None,
    )


def raised_wager(  # noqa: PLR0917 -- a round's state, unpacked by the caller
    setup: Setup,
    players: tuple[Player, ...],
    wager: Parts,
    i: int,
    live: int,
    at: int,
    to: int,
) -> Parts | None:
    """The wager after player ``i`` bets or raises to ``to``, when betting or raising is open
    to the player at that size; else ``None``. The arguments are as for :func:`window_of`; no
    bring-in may be due."""
    sizes = window_of(setup, players, wager, i, live, at)
    if isinstance(sizes, str):
        return None
    low, high, step = sizes
    if to < low or to > high or (high > low and (to - low) % step):
        return None
    return wager_to(setup, wager, to)


def wager_to(setup: Setup, wager: Parts, to: int) -> Parts:
    """The wager after a bet, raise or completion to ``to``, known legal, in a round of
    ``setup``: the sizing rules of :func:`~pokerrules.betting.sizing.raised` with the round's
    half-bet rule, all-in rule and completion."""
    return raised(
        setup.structure,
        wager,
        to,
        setup.half_bet,
        setup.rules.cumulative_all_ins,
        setup.complete_to if setup.bring_in and not wager[BETS] else None,
    )


def legal_of(r: BettingRound, i: int) -> LegalActions:
    """The legal actions of player ``i``."""
    setup, players, wager, _, _, live, at = r._s
    seat = setup.seats[i]
    stack, committed, acted, _, _ = players[i]
    level = wager[LEVEL]
    bring_in = setup.bring_in
    if bring_in and i == 0 and level == 0 and acted < 0:
        complete = min(setup.complete_to, stack) if stack > bring_in else None
        return LegalActions(seat=seat, bring_in=min(bring_in, stack), complete=complete)
    to_call = level - committed
    window = window_of(setup, players, wager, i, live, at)
    bet = raise_to = None
    complete = None
    if not isinstance(window, str):
        low, high, step = window
        rng = _range(low, high, step if high > low else 1)
        if level == 0:
            bet = rng
        elif wager[BETS] == 0 and (
            isinstance(setup.structure, FixedLimit | SpreadLimit) or bring_in_to(r) is not None
        ):
            # facing a bring-in, or in limit play a wager short of a full bet: complete it
            complete = low
            if high > low:
                raise_to = rng
        else:
            raise_to = rng
    return _legal_actions(
        seat,
        to_call > 0 or setup.rules.fold_without_bet,
        to_call <= 0,
        (to_call if to_call < stack else stack) if to_call > 0 else None,
        bet,
        raise_to,
        complete,
    )


def refuse(
    r: BettingRound, kind: type[IllegalActionError], action: object, why: str, legal: LegalActions
) -> NoReturn:
    """Raise ``kind`` for ``action``: ``why`` it is refused and what is ``legal``."""
    text = legal.describe()
    msg = f"seat {shown(legal.seat)} cannot {said(action)}: {why} (legal: {text})"
    raise kind(msg, seat=legal.seat, legal=text)


def no_raise_reason(r: BettingRound, i: int, default: str) -> str:
    """Why player ``i`` may not bet or raise (``default`` when the window is open)."""
    window = raise_window(r, i)
    return window if isinstance(window, str) else default


def checked_apply(
    r: BettingRound, i: int, seat: int | None, action: BettingAction
) -> BettingRound:
    """:meth:`BettingRound.apply` the long way, for player ``i`` (``-1``: the round is closed):
    every action checked against the legal actions, and a refusal that says what is legal."""
    if i < 0:
        who = "a player" if seat is None else f"seat {shown(seat)}"
        msg = f"{who} cannot {said(action)}: the betting round is closed"
        raise GameOverError(msg, seat=seat, legal="nothing")
    me = r.seats[i]
    legal = legal_of(r, i)
    if seat is not None and seat != me:
        text = legal.describe()
        msg = (
            f"seat {shown(seat)} cannot {said(action)}: it is seat {shown(me)}'s turn "
            f"(legal: {text})"
        )
        raise OutOfTurnError(msg, seat=seat, legal=text)
    match action:
        case Fold():
            if not legal.fold:
                refuse(r, ActionNotAvailableError, action, "there is no bet to fold to", legal)
            return r._after_fold(i)
        case Check():
            if not legal.check:
                owed = r.current_bet - r._s[1][i][COMMITTED]
                why = f"facing a bet of {shown(owed)} more" if owed > 0 else "the bring-in is due"
                refuse(r, ActionNotAvailableError, action, why, legal)
            return r._after_check(i)
        case Call():
            if legal.call is None:
                why = "there is nothing to call" if legal.check else "the player must bring in"
                refuse(r, ActionNotAvailableError, action, why, legal)
            return r._after_call(i, legal.call)
        case BringIn():
            if legal.bring_in is None:
                refuse(r, ActionNotAvailableError, action, "there is no bring-in to post", legal)
            return r._after_bring_in(i, legal.bring_in)
        case Complete():
            if legal.complete is None:
                why = no_raise_reason(r, i, "nothing to complete")
                refuse(r, error_for(why), action, why, legal)
            return r._after_wager(i, legal.complete)
        case Bet(amount=amount):
            if legal.bet is None:
                why = (
                    f"facing a bet of {shown(r.current_bet)}; raise instead"
                    if r.current_bet
                    else no_raise_reason(r, i, "betting is not open")
                )
                refuse(r, error_for(why), action, why, legal)
            if amount not in legal.bet:
                why = f"the bet must be {legal.bet!s}"
                refuse(r, BetSizeError, action, why, legal)
            return r._after_wager(i, amount)
        case Raise(to=to):
            if legal.raise_to is None and legal.complete is None:
                why = (
                    "there is no bet to raise; bet instead"
                    if r.current_bet == 0 and legal.bet is not None
                    else no_raise_reason(r, i, "raising is not open")
                )
                refuse(r, error_for(why), action, why, legal)
            if action not in legal:
                allowed = [str(size) for size in (legal.raise_to,) if size is not None]
                if legal.complete is not None:
                    allowed.append(shown(legal.complete))
                why = f"a raise must be to {' or '.join(allowed)}"
                refuse(r, BetSizeError, action, why, legal)
            return r._after_wager(i, to)
    text = legal.describe()
    msg = f"{said(action)} is not a betting action (legal: {text})"
    raise ActionNotAvailableError(msg, seat=me, legal=text)


def check_seat(seat: object) -> None:
    """Refuse a ``seat`` argument that is not a seat number (an ``int``, not a ``bool``)."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise InvalidDefinitionError(f"seat must be a seat number or None, not {shown(seat)}")


def said(action: object) -> str:
    """``action`` in words for an error message; a huge amount is given by its size, and
    building the words never fails."""
    if isinstance(action, Bet):
        return f"bet {shown(action.amount)}"
    if isinstance(action, Raise):
        return f"raise to {shown(action.to)}"
    if isinstance(action, Fold | Check | Call | BringIn | Complete):
        return str(action)
    try:
        return shown(action)
    except ValueError:  # a repr holding an integer too long to print
        return f"a {type(action).__name__}"


def error_for(reason: str) -> type[IllegalActionError]:
    """The error a refusal for reason raises: the cap's own, or that the action is not open."""
    return CapReachedError if reason.startswith("betting is capped") else ActionNotAvailableError
