"""Fill in the folds and checks a PHH history leaves out.

Hand histories transcribed by hand (from a broadcast, say) sometimes skip a player's fold or
check: the next recorded action belongs to someone further round the table. PHH's reference
implementation (pokerkit's ``HandHistory.state_actions``) replays such a history by taking an
automatic step whenever the next recorded action cannot be applied: while actions remain, the
player to act checks when there is nothing to call, and folds otherwise.

:func:`fill_in` is that step for the engine, made narrower so that a repair never hides a real
disagreement: it fills in only while a betting decision is pending and the recorded action
cannot be that decision -- it is someone else's, or a deal or a show while the player to act
still has to bet. A recorded action by the player to act that the engine refuses (a wrong
amount) is not repaired: the replay reports it. Each action filled in is a :class:`Repair`.

:func:`pokerrules.history.replay.replay` uses it under ``repair=True``.
"""

from __future__ import annotations

from typing import Final

import attrs

from pokerrules.actions import Check, Fold, LegalActions
from pokerrules.engine import Hand
from pokerrules.history.phh import Notation, Verb

__all__ = ["Repair", "fill_in"]

#: The verbs of a betting decision.
_BETTING: Final = frozenset({Verb.FOLD, Verb.CHECK_OR_CALL, Verb.BET_OR_RAISE_TO, Verb.BRING_IN})


@attrs.frozen
class Repair:
    """An action the history leaves out, filled in before the history's action number
    ``before`` (counting from 1, as the replay's messages do)."""

    before: int
    action: Notation

    def __str__(self) -> str:
        return f"{self.action} before action {self.before}"


def _fits(hand: Hand, action: Notation, legal: LegalActions) -> bool:
    """Whether ``action`` can be the decision the player to act owes now."""
    return action.player == legal.seat and action.verb in _BETTING


def fill_in(hand: Hand, action: Notation, index: int) -> tuple[Hand, list[Repair]]:
    """The hand after the checks and folds omitted before ``action`` (the history's action at
    ``index``), and those repairs; the hand unchanged and no repairs when nothing is missing.

    Each step is a check when the player to act may check, else a fold; the steps end when the
    action fits or no betting decision is pending (so at most one step per player in the hand
    and betting round)."""
    repairs: list[Repair] = []
    if action.verb is Verb.NONE:
        return hand, repairs
    while True:
        legal = hand.legal_actions()
        if legal is None or legal.kind != "bet" or hand.actor is None:
            return hand, repairs
        if _fits(hand, action, legal):
            return hand, repairs
        if (
            action.verb is Verb.SHOW_OR_MUCK
            and action.player is not None
            and action.player != legal.seat
            and hand.is_shown(action.player)
        ):
            return hand, repairs  # a repeated show of a hand already face up: the replay skips it
        seat = legal.seat
        if not (legal.check or legal.fold):  # pragma: no cover - a decision allows one of them
            return hand, repairs
        if legal.check:
            hand = hand.apply(Check(), seat=seat)
            verb = Verb.CHECK_OR_CALL
        else:
            hand = hand.apply(Fold(), seat=seat)
            verb = Verb.FOLD
        repairs.append(Repair(before=index + 1, action=Notation(verb=verb, player=seat)))
