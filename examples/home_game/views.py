"""What each seat of the home game is sent, and how its messages become actions.

:func:`seat_view` is the one place that decides what a seat may see: its own cards, every
face-up card and the board, the cards shown at the showdown, the stacks, the pot and (once
the hand is over) how each pot was won, whose turn it is and, for the seat to act, its legal
actions. Another seat's face-down cards are only ever counted, never named, until they are
shown. It is written on the engine's public API, as plain JSON-ready data; a server built on
a library-wide view and serializer would swap this one function for them.

:func:`parse_action` reads an ``{"type": "act", ...}`` message into an engine action, refusing
anything malformed with a :class:`~pokerrules.errors.InvalidNotationError`.
"""

from __future__ import annotations

from typing import Any

from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, LegalActions, Raise
from pokerrules.cards import parse_cards
from pokerrules.engine import (
    Acted,
    Choices,
    Discard,
    DrawChoices,
    Hand,
    Muck,
    PlayerAction,
    ShowdownChoices,
    ShowHand,
    StandPat,
)
from pokerrules.errors import InvalidNotationError, PokerRulesError
from pokerrules.table import Table

__all__ = ["legal_moves", "parse_action", "seat_view"]

#: The longest list of cards a discard message may name.
MOST_CARDS = 16


def legal_moves(choices: Choices | None) -> list[dict[str, Any]]:
    """The legal actions as buttons: ``{"action": "raise", "min": 4, "max": 100}``, ..."""
    moves: list[dict[str, Any]] = []
    if isinstance(choices, LegalActions):
        if choices.fold:
            moves.append({"action": "fold"})
        if choices.check:
            moves.append({"action": "check"})
        if choices.call is not None:
            moves.append({"action": "call", "amount": choices.call})
        for name, span in (("bet", choices.bet), ("raise", choices.raise_to)):
            if span is not None:
                moves.append(
                    {"action": name, "min": span.low, "max": span.high, "step": span.step}
                )
        if choices.bring_in is not None:
            moves.append({"action": "bring_in", "amount": choices.bring_in})
        if choices.complete is not None:
            moves.append({"action": "complete", "amount": choices.complete})
    elif isinstance(choices, DrawChoices):
        moves.append({"action": "stand_pat"})
        if choices.max_discard:
            moves.append({"action": "discard", "max": choices.max_discard})
    elif isinstance(choices, ShowdownChoices):
        moves.append({"action": "show"})
        if choices.muck:
            moves.append({"action": "muck"})
    return moves


def _last_action(hand: Hand) -> str | None:
    """The last action, as words (a discard says how many cards, not which)."""
    for event in reversed(hand.log):
        if isinstance(event, Acted):
            if isinstance(event.action, Discard):
                return f"seat {event.seat}: discard {len(event.action.cards)}"
            return str(event)
    return None


def seat_view(table: Table, hand: Hand | None, seat: int | None, number: int) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) may know of the table and of ``hand``, the
    table's ``number``-th hand, as JSON-ready data."""
    view: dict[str, Any] = {
        "hand": number,
        "variant": table.variant.name,
        "seat": seat,
        "chips_in_play": table.brought_in - table.taken_out - table.raked,
        "seats": [],
        "board": [],
        "pot": 0,
        "pots": [],
        "actor": None,
        "legal": [],
        "complete": hand is None,
        "last": None,
    }
    if hand is None:
        view["seats"] = [{"seat": s, "stack": x} for s, x in table.stacks.items()]
        return view
    over = hand.is_complete
    stacks, bets = hand.stacks, hand.contributions
    live, folded = set(hand.in_hand), hand.folded
    for s in hand.seats:
        holding = hand.holding(s)
        open_hand = s == seat or hand.is_shown(s)
        view["seats"].append(
            {
                "seat": s,
                "stack": stacks[s],
                "bet": 0 if over else bets[s],
                "folded": s in folded,
                "in_hand": s in live,
                "down": [str(c) for c in holding.down] if open_hand else None,
                "hidden": 0 if open_hand else len(holding.down),
                "up": [str(c) for c in holding.up],
                "shown": hand.is_shown(s),
            }
        )
    view.update(
        button=hand.button,
        street=hand.street,
        board=[str(c) for c in hand.board],
        pot=hand.pot,
        actor=hand.actor,
        complete=over,
        last=_last_action(hand),
    )
    if seat is not None and hand.actor == seat:
        view["legal"] = legal_moves(hand.legal_actions())
    outcome = hand.outcome
    if outcome is not None:
        view["pots"] = [
            {
                "name": award.name,
                "amount": award.pot.amount,
                "eligible": list(award.pot.eligible),
                "payouts": {str(s): chips for s, chips in award.payouts},
            }
            for award in outcome.awards
        ]
    return view


def _amount(message: dict[str, Any]) -> int:
    amount = message.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise InvalidNotationError(f"an amount is a whole number of chips, not {amount!r}")
    return amount


def parse_action(message: dict[str, Any]) -> PlayerAction:
    """The engine action an ``{"type": "act", "action": ..., "amount": ..., "cards": [...]}``
    message names."""
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
