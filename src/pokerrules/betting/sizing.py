"""Bet and raise sizes: the arithmetic of one wager level, for every structure.

:class:`Wager` is the part of a betting round that sizes depend on: the level to call, the
level and size of the last bet or raise that counted, the number of bets toward the cap.
:func:`raise_window` gives the amounts a player may bet or raise to, and :func:`after_raise`
the wager after a bet or raise -- including short all-ins under the full-bet and half-bet rules.
:class:`~pokerrules.betting.BettingRound` uses them; they are pure and usable on their own.

A $20 fixed-limit round: a $20 bet, then a $30 all-in. Under the half-bet rule the all-in
is at least half a bet more, so it counts as a raise and the next raise is to $50 (Robert's
Rules of Poker, "Betting and Raising" 6: "raising a $15 all-in bet to $35"):

>>> from pokerrules.betting import FixedLimit
>>> from pokerrules.betting.sizing import Wager, after_raise, raise_window
>>> limit = FixedLimit(bet=20)
>>> w = after_raise(limit, Wager.opening(limit), 20, half_bet=True)
>>> w = after_raise(limit, w, 30, half_bet=True)
>>> w.level, w.bets, raise_window(limit, w, committed=0, stack=1000, pot=0)
(30, 2, (50, 50, 1))
>>> w = after_raise(limit, after_raise(limit, Wager.opening(limit), 20), 30)   # full-bet rule
>>> w.level, w.bets, raise_window(limit, w, committed=0, stack=1000, pot=0)
(30, 1, (40, 40, 1))
"""

from __future__ import annotations

import attrs

from pokerrules._validators import is_chips, is_whole, require_whole, shown
from pokerrules.betting.structures import (
    FixedLimit,
    NoLimit,
    PotLimit,
    SpreadLimit,
    Structure,
    minimum_bet,
)
from pokerrules.errors import InvalidDefinitionError

__all__ = ["Wager", "after_raise", "raise_window"]

_new = object.__new__
_set_attr = object.__setattr__


@attrs.frozen(kw_only=True, slots=False)
class Wager:
    """The wager level of a round.

    * ``level`` -- what every player must have in to stay in;
    * ``base`` -- the level of the last bet or raise that counted as one (a short all-in under
      the full-bet rule does not), from which a limit raise is measured;
    * ``raise_size`` -- the largest full bet or raise so far (the no-limit minimum raise);
    * ``increment`` -- the fixed-limit bet (the double bet once someone chose it);
    * ``bets`` -- bets and raises counting toward the cap;
    * ``last_full`` -- the level of the last single bet or raise that reopens the betting.
    """

    level: int = attrs.field(default=0, validator=is_whole)
    base: int = attrs.field(default=0, validator=is_whole)
    raise_size: int = attrs.field(validator=is_chips)
    increment: int = attrs.field(validator=is_chips)
    bets: int = attrs.field(default=0, validator=is_whole)
    last_full: int = attrs.field(default=0, validator=is_whole)

    @classmethod
    def opening(
        cls,
        structure: Structure,
        *,
        level: int = 0,
        bets: int | None = None,
        raise_size: int | None = None,
    ) -> Wager:
        """The wager at the start of a round with ``level`` already to call (a big blind, a
        kill or a straddle). ``bets`` defaults to 1 when the level is a full bet or more;
        ``raise_size`` to the larger of the minimum bet and the level (no and pot limit: a
        straddle sets a new minimum, RRoP "No-Limit and Pot-Limit" 2)."""
        _check_amounts(level=level, bets=bets, raise_size=raise_size)
        return cls.trusted_opening(structure, level, bets, raise_size)

    @classmethod
    def trusted_opening(
        cls, structure: Structure, level: int, bets: int | None, raise_size: int | None
    ) -> Wager:
        """:meth:`opening` on amounts the library built itself: no checks."""
        return wager_of(opening(structure, level, bets, raise_size))

    def full_increment(self, structure: Structure) -> int:
        """What a raise must add to be a full raise."""
        return full_increment(structure, parts(self))


#: A wager as a plain tuple, the form a betting round keeps it in: ``(level, base,
#: raise_size, increment, bets, last_full)``, the fields of :class:`Wager` in order.
Parts = tuple[int, int, int, int, int, int]
LEVEL, BASE, RAISE_SIZE, INCREMENT, BETS, LAST_FULL = range(6)


def parts(wager: Wager) -> Parts:
    """``wager`` as a :data:`Parts` tuple."""
    return (
        wager.level,
        wager.base,
        wager.raise_size,
        wager.increment,
        wager.bets,
        wager.last_full,
    )


def wager_of(parts: Parts) -> Wager:
    """The :class:`Wager` of a :data:`Parts` tuple the library built (known valid)."""
    level, base, raise_size, increment, bets, last_full = parts
    new = _new(Wager)
    _set_attr(
        new,
        "__dict__",
        {
            "level": level,
            "base": base,
            "raise_size": raise_size,
            "increment": increment,
            "bets": bets,
            "last_full": last_full,
        },
    )
    return new


def opening(structure: Structure, level: int, bets: int | None, raise_size: int | None) -> Parts:
    """:meth:`Wager.trusted_opening` as a :data:`Parts` tuple."""
    minimum = minimum_bet(structure)
    if bets is None:
        bets = 1 if level >= minimum else 0
    if raise_size is None:
        raise_size = minimum if isinstance(structure, FixedLimit) else max(minimum, level)
    base = level if bets else 0
    return (level, base, raise_size, minimum, bets, base)


def full_increment(structure: Structure, wager: Parts) -> int:
    """What a raise must add to be a full raise, at ``wager``."""
    if isinstance(structure, FixedLimit):
        return wager[3]
    if isinstance(structure, SpreadLimit):
        return max(structure.minimum, wager[2])
    return wager[2]


def _check_amounts(*, optional: bool = True, **amounts: object) -> None:
    """Refuse amounts (named by keyword) that are not whole chips >= 0 (or ``None`` when
    ``optional``)."""
    for name, value in amounts.items():
        if value is None and optional:
            continue
        require_whole(value, name)


def _check_sizing(structure: object, wager: object) -> None:
    if not isinstance(structure, FixedLimit | SpreadLimit | PotLimit | NoLimit):
        msg = (
            "structure must be FixedLimit, SpreadLimit, PotLimit or NoLimit, "
            f"not {shown(structure)}"
        )
        raise InvalidDefinitionError(msg)
    if not isinstance(wager, Wager):
        raise InvalidDefinitionError(f"wager must be a Wager, not {shown(wager)}")


def raise_window(
    structure: Structure,
    wager: Wager,
    *,
    committed: int,
    stack: int,
    pot: int,
    bring_in_to: int | None = None,
) -> tuple[int, int, int]:
    """The amounts a player may bet or raise *to*, as ``(low, high, step)``.

    ``committed`` is what the player has in this round, ``stack`` their chips behind, ``pot``
    everything in the pot including this round's chips (for the pot-limit maximum: the pot
    after calling, RRoP "No-Limit and Pot-Limit"). ``bring_in_to`` is the completion amount
    while a stud bring-in has not been completed. A player who cannot reach ``low`` may go
    all-in: the window is then their all-in amount alone. The caller checks first that the
    player may raise at all (chips beyond the call, reopened, not capped).

    >>> from pokerrules.betting import NoLimit, PotLimit
    >>> w = Wager.opening(NoLimit(2), level=2)
    >>> raise_window(NoLimit(2), w, committed=0, stack=100, pot=3)      # min raise to 4
    (4, 100, 1)
    >>> raise_window(PotLimit(2), w, committed=0, stack=100, pot=3)     # pot raise to 7
    (4, 7, 1)
    """
    _check_sizing(structure, wager)
    _check_amounts(optional=False, committed=committed, stack=stack, pot=pot)
    _check_amounts(bring_in_to=bring_in_to)
    return window(structure, parts(wager), committed, stack, pot, bring_in_to)


def window(  # noqa: PLR0917 -- positional for speed: the betting round calls it per raise
    structure: Structure,
    wager: Parts,
    committed: int,
    stack: int,
    pot: int,
    bring_in_to: int | None,
) -> tuple[int, int, int]:
    """:func:`raise_window` on a :data:`Parts` wager, without checking its input (the
    betting round's values are known valid)."""
    cur, base, raise_size, increment, _, _ = wager
    step = 1
    if isinstance(structure, FixedLimit):
        low = high = base + increment
        if structure.double_bet is not None and increment == structure.bet:
            high = base + structure.double_bet
            step = high - low
    elif isinstance(structure, SpreadLimit):
        inc = max(structure.minimum, raise_size)
        anchor = base if base + inc > cur else cur
        low = anchor + inc
        high = max(low, anchor + structure.maximum)
    else:
        if cur == 0:
            low = structure.minimum
        elif bring_in_to is not None:
            low = max(bring_in_to, cur + 1)
        else:
            low = cur + raise_size
        if isinstance(structure, PotLimit):
            high = max(low, cur + pot + (cur - committed))
        else:
            high = committed + stack
    all_in = committed + stack
    if high >= all_in:
        high = all_in
        low = min(low, all_in)
        if step > 1 and high - low != step:
            step = max(1, high - low)
    return low, high, step


def after_raise(
    structure: Structure,
    wager: Wager,
    to: int,
    *,
    half_bet: bool = False,
    cumulative: bool = True,
    bring_in_to: int | None = None,
) -> Wager:
    """The wager after a bet or raise to ``to`` (above the level; all-ins may be short).

    A full bet or raise counts toward the cap and reopens the betting. A short all-in counts
    only under the half-bet rule (``half_bet``, limit play) when it adds at least half a bet --
    or, with ``cumulative``, when the short all-ins since the last counted bet add up to that.
    In no and pot limit the full-bet rule always applies (RRoP, "No-Limit and Pot-Limit" 3).
    """
    _check_sizing(structure, wager)
    _check_amounts(optional=False, to=to)
    _check_amounts(bring_in_to=bring_in_to)
    for name, value in (("half_bet", half_bet), ("cumulative", cumulative)):
        if not isinstance(value, bool):
            raise InvalidDefinitionError(f"{name} must be True or False, not {shown(value)}")
    if to <= wager.level:
        msg = f"to ({shown(to)}) must be above the wager level ({shown(wager.level)})"
        raise InvalidDefinitionError(msg)
    return wager_of(raised(structure, parts(wager), to, half_bet, cumulative, bring_in_to))


def raised(  # noqa: PLR0917 -- positional for speed: the betting round calls it per raise
    structure: Structure,
    wager: Parts,
    to: int,
    half_bet: bool,
    cumulative: bool,
    bring_in_to: int | None,
) -> Parts:
    """:func:`after_raise` on a :data:`Parts` wager, without checking its input (the betting
    round's values are known valid)."""
    cur, base, raise_size, increment, bets, last_full = wager
    # Under the half-bet rule a short all-in counts when it adds half a bet to the wager. Until
    # a bet has counted, what is in (a stud bring-in, a blind posted short, an all-in of less
    # than half a bet) is no bet at all: the all-in is then a bet of its whole size.
    over = cur if bets else 0
    if isinstance(structure, FixedLimit):
        double = structure.double_bet
        if double is not None and increment == structure.bet and to - base >= double:
            increment = double
        single = to >= base + increment or (half_bet and 2 * (to - over) >= increment)
        counted = single or (half_bet and cumulative and 2 * (to - base) >= increment)
    elif isinstance(structure, SpreadLimit):
        inc = max(structure.minimum, raise_size)
        full = to - (base if base + inc > cur else cur) >= inc
        if full:
            raise_size = max(raise_size, to - cur)
        single = full or (half_bet and 2 * (to - over) >= inc)
        counted = single or (half_bet and cumulative and 2 * (to - base) >= inc)
    elif cur == 0 or bring_in_to is not None:
        single = counted = to >= (structure.minimum if cur == 0 else bring_in_to or 0)
        if single:
            raise_size = max(raise_size, to - cur)
    else:
        single = counted = to - cur >= raise_size
        if single:
            raise_size = to - cur
    return (
        to,
        to if counted else base,
        raise_size,
        increment,
        bets + 1 if counted else bets,
        to if single else last_full,
    )
