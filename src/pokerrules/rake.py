"""Rake: the house's cut of a pot in a cash game.

Rulebooks leave the size of the rake to the house, so every part of it is a setting:

* a **rate** of the pot (typically 5% or 10%), taken in whole **increments** and rounded
  down (10% in $1 increments takes $1 from every full $10);
* a **cap**, the most taken from one hand, whatever its pots ("10%, $4 maximum");
* a **minimum pot** below which nothing is taken;
* **no flop, no drop**: no rake at all when the hand ends during its first betting round
  (before the flop in flop games), the common cardroom practice and the default;
* how the hand's rake is shared among its **pots** when an all-in made side pots:
  proportionally to their sizes (the default) or from the main pot first.

The rake is worked out after the uncalled bet is returned (it is in no pot) and before the
pots are awarded, so the winners split what the house left:

>>> from pokerrules.pots import award, side_pots
>>> pots = side_pots({1: 100, 2: 100, 3: 100})
>>> raked = Rake(rate="10%", cap=5).take(pots)
>>> raked.total, [p.amount for p in raked.pots]
(5, [295])
>>> award(raked.pots, {1: 3, 2: 1, 3: 3}).payouts   # seats 1 and 3 split what is left
{1: 148, 3: 147}
"""

from __future__ import annotations

import enum
import math
from fractions import Fraction
from typing import Any, Final

import attrs

from pokerrules._validators import (
    is_chips,
    is_flag,
    is_member,
    is_whole,
    optional,
    shown,
    shown_number,
)
from pokerrules.errors import InvalidDefinitionError
from pokerrules.pots import Pot, Pots

__all__ = ["Rake", "RakeAllocation", "RakedPots"]


class RakeAllocation(enum.Enum):
    """Which pots pay a hand's rake when it has side pots."""

    #: Each pot pays its share of the rake in proportion to its size, in whole increments of
    #: the rake (the remainder from the pots that lost most in rounding down). Everyone pays
    #: at the same rate: the default.
    PROPORTIONAL = "proportional"
    #: The main pot pays first, then the side pots in order, as a dealer who drops the rake
    #: from the pot as it is built takes it.
    MAIN_POT_FIRST = "main pot first"


#: The finest rate read: a denominator above this (a rate such as 1e-5000) is refused.
_FINEST: Final = 10**12


def _rate(value: Fraction | int | float | str) -> Fraction:
    """A rate between 0 and 1 from a Fraction, an int, a float (the decimal it prints as), a
    decimal string or a percentage."""
    text = value.strip() if isinstance(value, str) else None
    try:
        if isinstance(value, bool):
            raise TypeError
        if text is not None and text.endswith("%"):
            rate = Fraction(text[:-1].strip()) / 100
        elif isinstance(value, float):
            # the decimal the float was written as: Fraction(0.29) is a hair below 29/100
            rate = Fraction(repr(value)).limit_denominator(_FINEST)
        else:
            rate = Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        msg = (
            "rate must be a number from 0 to 1 such as Fraction(1, 20), '0.05' or '5%', "
            f"not {shown_number(value)}"
        )
        raise InvalidDefinitionError(msg) from None
    if rate.denominator > _FINEST:
        msg = f"rate {shown_number(rate)} is finer than a rake can be: at most one part in 10**12"
        raise InvalidDefinitionError(msg)
    if not 0 <= rate <= 1:
        msg = f"rate must be from 0 to 1 (0% to 100%), not {shown_number(rate)}"
        raise InvalidDefinitionError(msg)
    return rate


def _pots(value: object) -> Pots:
    if not isinstance(value, Pots):
        msg = f"take() needs the hand's Pots (from side_pots), not {shown_number(value)}"
        raise InvalidDefinitionError(msg)
    return value


@attrs.frozen(kw_only=True)
class RakedPots:
    """The pots after the rake: what is left to award, and what the house took."""

    #: The pots to award (empty pots left out; eligibility is unchanged).
    pots: Pots
    #: Chips taken from each of the original pots, main pot first.
    taken: tuple[int, ...]
    #: For each pot of :attr:`pots`, its place among the original pots (0: the main pot), so
    #: that a side pot keeps its name when a pot before it was raked to nothing.
    indices: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        """The hand's rake."""
        return sum(self.taken)


@attrs.frozen(kw_only=True)
class Rake:
    """How much of a pot the house takes (see the module docstring for each setting).

    ``rate`` is a :class:`~fractions.Fraction`, or anything it reads (``'0.05'``), or a
    percentage (``'5%'``). ``cap`` and ``minimum_pot`` are in chips; ``increment`` is the unit
    the rake is counted in (it is rounded down to whole increments).

    >>> rake = Rake(rate="10%", cap=4)
    >>> rake.amount(25), rake.amount(2000), rake.amount(35, first_round_only=True)
    (2, 4, 0)
    >>> Rake(rate="5%", increment=50).amount(1990)   # $0.50 units of 5% of $19.90
    50
    """

    #: The share of the pot taken, from 0 to 1.
    rate: Fraction = attrs.field(converter=_rate)
    #: The most taken from one hand, or ``None`` for no cap.
    cap: int | None = attrs.field(default=None, validator=optional(is_whole))
    #: The unit the rake is counted in; the rake is rounded down to whole increments.
    increment: int = attrs.field(default=1, validator=is_chips)
    #: The smallest pot that is raked.
    minimum_pot: int = attrs.field(default=0, validator=is_whole)
    #: No rake when the hand ends during its first betting round.
    no_flop_no_drop: bool = attrs.field(default=True, validator=is_flag)
    #: Which pots pay the rake when there are side pots.
    allocation: RakeAllocation = attrs.field(
        default=RakeAllocation.PROPORTIONAL, validator=is_member(RakeAllocation)
    )

    def amount(self, pot: int, *, first_round_only: bool = False) -> int:
        """The rake of a hand whose pots hold ``pot`` chips in all. ``first_round_only``: the
        hand ended during its first betting round (then nothing, under no flop, no drop)."""
        _check_pot(pot)
        if not isinstance(first_round_only, bool):
            msg = f"first_round_only must be True or False, not {shown_number(first_round_only)}"
            raise InvalidDefinitionError(msg)
        if (first_round_only and self.no_flop_no_drop) or pot < self.minimum_pot:
            return 0
        increments = int(pot * self.rate / self.increment)  # rounded down: whole increments
        taken = increments * self.increment
        if self.cap is not None and taken > self.cap:
            taken = self.cap
        return taken

    def take(
        self, pots: Pots, *, first_round_only: bool = False, carried_in: int = 0
    ) -> RakedPots:
        """The hand's rake, :meth:`amount` of all its pots together, taken from them by
        :attr:`allocation` (in proportion: in whole increments, or whole units of the cap
        when the cap is not a number of increments). The uncalled bet (``pots.returned``) is
        not raked, nor are ``carried_in`` chips in the pots that an earlier, raked pot left for
        this one."""
        pots = _pots(pots)
        amounts = [p.amount for p in pots]
        _check_pot(carried_in)
        if carried_in > sum(amounts):
            msg = f"carried_in ({shown(carried_in)}) is more than the pots hold ({sum(amounts)})"
            raise InvalidDefinitionError(msg)
        total = self.amount(sum(amounts) - carried_in, first_round_only=first_round_only)
        # the rake is whole increments (or the cap): each pot pays in units that divide both,
        # so that a game of larger chips never has a pot left in odd pieces of a chip
        taken = _allocate(total, amounts, self.allocation, math.gcd(self.increment, total))
        kept = [
            (k, Pot(p.amount - cut, p.eligible))
            for k, (p, cut) in enumerate(zip(pots, taken, strict=True))
            if p.amount - cut
        ]
        if not kept:  # everything was raked: one empty pot keeps the eligible players
            kept = [(0, Pot(0, pots.main.eligible))]
        return RakedPots(
            pots=Pots([p for _, p in kept], pots.returned),
            taken=tuple(taken),
            indices=tuple(k for k, _ in kept),
        )


def _check_pot(pot: Any) -> None:
    if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
        msg = f"a pot is a whole number of chips >= 0, not {shown_number(pot)}"
        raise InvalidDefinitionError(msg)


def _allocate(total: int, amounts: list[int], allocation: RakeAllocation, unit: int) -> list[int]:
    """``total`` chips of rake shared among pots of ``amounts`` (never more than a pot), in
    proportion in whole ``unit`` pieces (``unit`` divides ``total``)."""
    if allocation is RakeAllocation.MAIN_POT_FIRST:
        taken = []
        for amount in amounts:
            cut = min(amount, total)
            taken.append(cut)
            total -= cut
        return taken
    whole = sum(amounts)
    if not whole:
        return [0] * len(amounts)
    units = total // unit
    taken = [unit * (units * amount // whole) for amount in amounts]
    short = total - sum(taken)
    # the units left over go one each to the pots whose exact shares lost the most in rounding
    # down (the earliest first among equals): every pot pays within one unit of its share
    behind = sorted(range(len(amounts)), key=lambda k: -(units * amounts[k] % whole))
    for k in behind:
        if short and amounts[k] - taken[k] >= unit:
            taken[k] += unit
            short -= unit
    # a pot too small for a whole unit: what is still short comes from the pots in order
    for k, amount in enumerate(amounts):
        cut = min(amount - taken[k], short)
        taken[k] += cut
        short -= cut
    return taken
