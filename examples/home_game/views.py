"""What each seat of the home game is sent, and how its messages become actions.

:func:`state_message` is what a seat receives after every change: the library's own view of
the hand, :meth:`Hand.view(seat) <pokerrules.engine.Hand.view>`, written by
:func:`pokerrules.serialization.to_data` (the document :func:`~pokerrules.serialization.dumps`
writes), beside the table's hand number, stacks and chips in play. So the browser receives the
documented view format -- its own cards, every face-up card and the board, the hands turned
up, the stacks and pots, whose turn it is, the seat's
:class:`~pokerrules.actions.LegalActions` and the log -- and the library alone decides what a
seat may see: another seat's face-down cards are ``null``.

:func:`parse_action` reads an ``{"type": "act", ...}`` message into an engine action, refusing
anything malformed with a :class:`~pokerrules.errors.InvalidNotationError`.
"""

from __future__ import annotations

from typing import Any

from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, Raise
from pokerrules.cards import parse_cards
from pokerrules.engine import ChooseRunouts, Discard, Hand, Muck, PlayerAction, ShowHand, StandPat
from pokerrules.errors import InvalidNotationError, PokerRulesError
from pokerrules.serialization import to_data
from pokerrules.table import Table

__all__ = ["parse_action", "state_message"]

#: The longest list of cards a discard message may name.
MOST_CARDS = 16


def state_message(
    table: Table, hand: Hand | None, seat: int | None, number: int
) -> dict[str, Any]:
    """The ``{"type": "state", ...}`` message for ``seat`` (``None``: a spectator): ``view``
    is the serialized :class:`~pokerrules.views.HandView` of ``hand``, the table's
    ``number``-th hand (``None`` before the first hand); ``stacks`` are the table's stacks as
    the hand began, and ``chips_in_play`` the chips at the table."""
    return {
        "type": "state",
        "hand": number,
        "chips_in_play": table.brought_in - table.taken_out - table.raked,
        "stacks": {str(s): chips for s, chips in table.stacks.items()},
        "view": None if hand is None else to_data(hand.view(seat)),
    }


def _amount(message: dict[str, Any]) -> int:
    amount = message.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise InvalidNotationError(f"an amount is a whole number of chips, not {amount!r}")
    return amount


def _count(message: dict[str, Any]) -> int:
    count = message.get("count")
    if isinstance(count, bool) or not isinstance(count, int):
        raise InvalidNotationError(f"a count of runouts is a whole number, not {count!r}")
    return count


def parse_action(message: dict[str, Any]) -> PlayerAction:
    """The engine action an ``{"type": "act", "action": ..., "amount": ..., "cards": [...]}``
    message names (``{"type": "act", "action": "runouts", "count": 2}`` chooses how many
    times to run the board)."""
    name = message.get("action")
    simple: dict[str, PlayerAction] = {
        "fold": Fold(),
        "check": Check(),
        "call": Call(),
        "bring_in": BringIn(),
        "complete": Complete(),
        "stand_pat": StandPat(),
        "show": ShowHand(),
        "muck": Muck(),
    }
    if isinstance(name, str) and name in simple:
        return simple[name]
    try:
        if name == "bet":
            return Bet(_amount(message))
        if name == "raise":
            return Raise(to=_amount(message))
        if name == "runouts":
            return ChooseRunouts(_count(message))
        if name == "discard":
            cards = message.get("cards")
            if not isinstance(cards, list) or not cards or len(cards) > MOST_CARDS:
                raise InvalidNotationError("a discard names 1 or more cards, as a list")
            if not all(isinstance(c, str) and len(c) <= 4 for c in cards):
                raise InvalidNotationError("cards are written like 'As'")
            return Discard(parse_cards(" ".join(cards)))
    except PokerRulesError as error:
        raise InvalidNotationError(str(error)) from None
    raise InvalidNotationError(f"unknown action {name!r}")
