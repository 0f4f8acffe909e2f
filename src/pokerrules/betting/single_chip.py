"""A single chip put in without a word: what it means."""

from __future__ import annotations

from pokerrules._validators import shown
from pokerrules.actions import Bet, BettingAction, BringIn, Call, Check
from pokerrules.betting.round import BettingRound
from pokerrules.betting.structures import FixedLimit
from pokerrules.errors import InvalidDefinitionError

__all__ = ["interpret_single_chip"]


def interpret_single_chip(round_: BettingRound, chip: int) -> BettingAction:
    """What a single chip put in without a word means.

    Facing a wager it is a :class:`Call`, however large the chip (RRoP, "Betting and Raising";
    Wikipedia, "Blind (poker)": with no blinds the minimum bet is the smallest chip and a
    one-chip toss is a call). From a stud player who must bring in it is the bring-in (the
    least the player must do, as a call is facing a wager). With nothing to call it is a bet
    of the chip's value (of the fixed bet in limit play), or a check if betting is not open.
    The action returned is always legal in ``round_``, or a :class:`Check` when the round is
    closed.

    ``chip`` is the chip's value, a positive whole number; anything else (and a ``round_``
    that is not a :class:`BettingRound`) raises
    :class:`~pokerrules.errors.InvalidDefinitionError`. Valid input never raises.

    >>> from pokerrules.betting import NoLimit
    >>> r = BettingRound.start(order=[1, 2], stacks={1: 500, 2: 500}, posted={2: 20},
    ...                        structure=NoLimit(20))
    >>> interpret_single_chip(r, 100)
    Call()
    """
    if not isinstance(round_, BettingRound):
        raise InvalidDefinitionError(f"round_ must be a BettingRound, not {shown(round_)}")
    if isinstance(chip, bool) or not isinstance(chip, int) or chip <= 0:
        msg = f"chip must be a chip's value, a positive whole number, not {shown(chip)}"
        raise InvalidDefinitionError(msg)
    legal = round_.legal_actions()
    if legal is None:
        return Check()
    if legal.bring_in is not None:
        return BringIn()
    if legal.call is not None:
        return Call()
    if legal.bet is not None:
        if isinstance(round_.structure, FixedLimit):
            return Bet(legal.bet.low)
        return Bet(min(max(chip, legal.bet.low), legal.bet.high))
    return Check()
