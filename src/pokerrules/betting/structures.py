"""Betting structures and the betting rules that rooms disagree on.

A :data:`Structure` says how much may be bet on one street; :class:`BettingRules` holds the
options (raise cap, heads-up exception, all-in reopening) with Robert's Rules of Poker (RRoP)
defaults.

>>> from pokerrules.betting import BettingRules, FixedLimit, HeadsUpRaising
>>> FixedLimit(bet=20)
FixedLimit(bet=20, double_bet=None)
>>> BettingRules(cap=5, heads_up=HeadsUpRaising.NEVER).cap
5
"""

from __future__ import annotations

import enum
from typing import TypeAlias

import attrs

from pokerrules._validators import is_chips, is_flag, is_member, optional, shown
from pokerrules.errors import InvalidDefinitionError

__all__ = [
    "BettingRules",
    "FixedLimit",
    "HeadsUpRaising",
    "IncompleteAllIn",
    "NoLimit",
    "PotLimit",
    "SpreadLimit",
    "Structure",
    "minimum_bet",
]


# --------------------------------------------------------------------------------------------
# Structures


@attrs.frozen
class FixedLimit:
    """Fixed limit: every bet and raise is exactly ``bet`` (the small or big bet of the street).

    ``double_bet`` allows a choice of two sizes, for the stud rule that an open pair on fourth
    street lets any player bet the big bet (RRoP, "Seven-Card Stud" 7): until someone bets or
    raises the larger amount, a bet or raise may be either size; after that, only the larger.
    """

    bet: int = attrs.field(validator=is_chips)
    double_bet: int | None = attrs.field(default=None, kw_only=True, validator=optional(is_chips))

    def __attrs_post_init__(self) -> None:
        if self.double_bet is not None and self.double_bet <= self.bet:
            msg = (
                f"double_bet ({shown(self.double_bet)}) must be larger than bet "
                f"({shown(self.bet)})"
            )
            raise InvalidDefinitionError(msg)

    @property
    def minimum(self) -> int:
        """The smallest bet: ``bet``."""
        return self.bet


@attrs.frozen(kw_only=True)
class SpreadLimit:
    """Spread limit: a bet or raise of any amount from ``minimum`` to ``maximum``; a raise must
    also be at least the previous bet or raise of the round (RRoP, "Betting and Raising" 5)."""

    minimum: int = attrs.field(validator=is_chips)
    maximum: int = attrs.field(validator=is_chips)

    def __attrs_post_init__(self) -> None:
        if self.maximum < self.minimum:
            msg = f"maximum ({shown(self.maximum)}) is below minimum ({shown(self.minimum)})"
            raise InvalidDefinitionError(msg)


@attrs.frozen
class PotLimit:
    """Pot limit: bets from ``minimum`` (usually the big blind) up to the pot; a raise at least
    the largest bet or raise of the round, at most the pot after calling (RRoP, "No-Limit and
    Pot-Limit")."""

    minimum: int = attrs.field(validator=is_chips)


@attrs.frozen
class NoLimit:
    """No limit: bets from ``minimum`` up to the player's stack; a raise at least the largest
    bet or raise of the round (RRoP, "No-Limit and Pot-Limit" 3)."""

    minimum: int = attrs.field(validator=is_chips)


#: A betting structure for one street.
Structure: TypeAlias = FixedLimit | SpreadLimit | PotLimit | NoLimit


# --------------------------------------------------------------------------------------------
# Rules


class HeadsUpRaising(enum.Enum):
    """When raising is unlimited in a limit pot that is heads-up (two players not all-in)."""

    #: Whenever the pot becomes heads-up before the cap is reached; once capped multiway, a
    #: fold does not uncap it (RRoP, "Betting and Raising" 4; cash games). The default.
    BEFORE_CAP = "before the cap"
    #: Only if it became heads-up before the third bet entered the pot on that round (a house
    #: rule of some cardrooms).
    BEFORE_THIRD_BET = "before the third bet"
    #: Only if the round began heads-up (WSOP Live-Action rule 127).
    ROUND_BEGAN_HEADS_UP = "round began heads-up"
    #: Never: the cap always holds (online rooms; WSOP tournaments until heads-up play).
    NEVER = "never"


class IncompleteAllIn(enum.Enum):
    """Whether a short all-in bet or raise in *limit* play reopens the betting."""

    #: An all-in of at least half a bet counts as a full bet or raise (RRoP "Betting and
    #: Raising" 6, WSOP Live-Action, BARGE). The default.
    HALF_BET = "half-bet rule"
    #: Only a full bet or raise reopens the betting (always the rule in no and pot limit).
    FULL_BET = "full-bet rule"


def _cap_value(_instance: object, _attribute: object, value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        msg = f"cap must be a number of bets >= 1 or None for unlimited, not {shown(value)}"
        raise InvalidDefinitionError(msg)


@attrs.frozen(kw_only=True)
class BettingRules:
    """The betting rules that rooms disagree on, with RRoP defaults.

    * ``cap`` -- the most bets in a limit round, the bet included: 4 (a bet and three raises;
      default, RRoP for games of three or more rounds), 5 (WSOP; RRoP for two-round draw and
      lowball games) or ``None`` (unlimited). A big blind or kill that is a full bet counts as the
      first bet. Pot and no limit are never capped.
    * ``heads_up`` -- :class:`HeadsUpRaising`, when a
      heads-up limit pot is uncapped.
    * ``incomplete_all_in`` -- :class:`IncompleteAllIn`, for
      fixed and spread limit.
    * ``cumulative_all_ins`` -- consecutive short all-ins that together make a full raise (half
      a bet under the half-bet rule) reopen the betting to a player facing that much (RRoP; WSOP
      Tournament rule 96a). Default on; off, only single all-ins count.
    * ``fold_without_bet`` -- whether a player may fold when they could check for free. Off by
      default: the fold is pointless and not offered; on, it is allowed and binding, and the
      hand is dead (the TDA's non-standard folds; several online rooms record such folds, and
      a PHH history says so with ``_fold_without_bet``).
    * ``check_raise`` -- a player who checked may raise later in the round (default); off for
      the draw round of limit California lowball (RRoP, "Lowball" 4).
    """

    cap: int | None = attrs.field(default=4, validator=_cap_value)
    heads_up: HeadsUpRaising = attrs.field(
        default=HeadsUpRaising.BEFORE_CAP, validator=is_member(HeadsUpRaising)
    )
    incomplete_all_in: IncompleteAllIn = attrs.field(
        default=IncompleteAllIn.HALF_BET, validator=is_member(IncompleteAllIn)
    )
    cumulative_all_ins: bool = attrs.field(default=True, validator=is_flag)
    fold_without_bet: bool = attrs.field(default=False, validator=is_flag)
    check_raise: bool = attrs.field(default=True, validator=is_flag)


def minimum_bet(structure: Structure) -> int:
    """The smallest bet the structure allows: the fixed bet, or the minimum."""
    if isinstance(structure, FixedLimit):
        return structure.bet
    if isinstance(structure, SpreadLimit | PotLimit | NoLimit):
        return structure.minimum
    msg = f"structure must be FixedLimit, SpreadLimit, PotLimit or NoLimit, not {shown(structure)}"
    raise InvalidDefinitionError(msg)
