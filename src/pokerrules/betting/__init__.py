"""Betting structures, raise caps, all-in rules and the betting-round state.

A :class:`BettingRound` is an immutable value for one round of betting (one street). Build it
with :meth:`BettingRound.start` from the players in the hand *in the order they act*, their
stacks, what they have already put in this round (blinds, straddles, a kill), the
:data:`~pokerrules.betting.structures.Structure` for the street and the :class:`BettingRules`. Ask it
:meth:`~BettingRound.legal_actions`, and :meth:`~BettingRound.apply` an action to get the next
state; an illegal action raises an :class:`~pokerrules.errors.IllegalActionError` subclass that
says what is legal, and the state you applied it to is unchanged (it is immutable). A hand engine
drives one round per street and does no chip arithmetic of its own.

A $20/$40 fixed-limit hold'em pre-flop round, blinds $10/$20 (seats 1 and 2), seat 3 first:

>>> from pokerrules.actions import Call, Check, Fold, Raise
>>> from pokerrules.betting import BettingRound, FixedLimit
>>> r = BettingRound.start(
...     order=[3, 4, 1, 2], stacks={1: 990, 2: 980, 3: 1000, 4: 1000},
...     posted={1: 10, 2: 20}, structure=FixedLimit(bet=20))
>>> r.legal_actions()
LegalActions(seat=3, fold=True, call=20, raise_to=Range(40, 40))
>>> r = r.apply(Call()).apply(Fold()).apply(Call())
>>> r.legal_actions().describe()    # the big blind's option
'check, raise to 40'
>>> r = r.apply(Check())
>>> r.is_closed, r.contributions, r.total_pot
(True, {3: 20, 4: 0, 1: 20, 2: 20}, 60)

Rule options (see :class:`BettingRules`) follow Robert's Rules of Poker (RRoP) by default: a cap
of a bet and three raises, unlimited raising whenever the pot is heads-up before the cap, and
the half-bet rule for short all-ins in limit play. No limit and pot limit always use the full-bet
rule. Chips are whole numbers (the smallest unit in play).
"""

from pokerrules.betting.round import BettingRound
from pokerrules.betting.single_chip import interpret_single_chip
from pokerrules.betting.structures import (
    BettingRules,
    FixedLimit,
    HeadsUpRaising,
    IncompleteAllIn,
    NoLimit,
    PotLimit,
    SpreadLimit,
    Structure,
    minimum_bet,
)

__all__ = [
    "BettingRound",
    "BettingRules",
    "FixedLimit",
    "HeadsUpRaising",
    "IncompleteAllIn",
    "NoLimit",
    "PotLimit",
    "SpreadLimit",
    "Structure",
    "interpret_single_chip",
    "minimum_bet",
]
