"""The checks and effects of each action, one handler per phase and action type, and
:func:`act`, the transition from one state to the next.

A handler receives the state, a ``Draft`` copy of it (:mod:`~pokerrules.games.chicago.flow`), the seat to act and the
action. It raises a precise :class:`~pokerrules.errors.IllegalActionError` before changing
the draft, or applies the action to the draft.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from pokerrules.cards import Card, Suit, format_cards
from pokerrules.errors import (
    ActionNotAvailableError,
    CardNotHeldError,
    ChicagoCallError,
    DeclarationError,
    ExchangeStoppedError,
    NotFollowingSuitError,
    StockExhaustedError,
)
from pokerrules.evaluation import evaluate_high
from pokerrules.games.chicago.actions import (
    AcceptOneUp,
    Acted,
    Action,
    CallChicago,
    Declare,
    DeclineOneUp,
    Discard,
    Exchange,
    OneUp,
    Pass,
    PlayCard,
    ReplaceHand,
)
from pokerrules.games.chicago.flow import Draft
from pokerrules.games.chicago.state import ChicagoState, Phase

__all__ = ["HANDLERS", "Handler", "act"]

#: A handler: ``(state, draft, seat, action)``.
Handler = Callable[[ChicagoState, Draft, int, Any], None]
K = TypeVar("K", bound=ChicagoState)

_SUIT_NAMES = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def _check_held(game: ChicagoState, seat: int, cards: Iterable[Card], verb: str) -> None:
    hand = game.hands[seat]
    for card in cards:
        if card not in hand:
            raise CardNotHeldError(
                f"{game.who(seat)} cannot {verb} {card}: it is not in the hand "
                f"{format_cards(sorted(hand))}",
                seat=seat,
                legal=game.legal_text(),
                card=card,
            )


def _check_may_exchange(game: ChicagoState, seat: int, what: str) -> None:
    if len(game.hands[seat]) > 5:
        stop = game.rules.exchange_stop
        threshold = stop.threshold if stop is not None else 0
        raise ExchangeStoppedError(
            f"{game.who(seat)} cannot {what}: with {game.scores[seat]} points (the exchange "
            f"stop is {threshold}) the player was dealt six cards and discards one",
            seat=seat,
            legal=game.legal_text(),
        )


def _exchange(game: ChicagoState, draft: Draft, seat: int, action: Any) -> None:
    cards: tuple[Card, ...] = action.cards
    _check_may_exchange(game, seat, str(action))
    _check_held(game, seat, cards, "exchange")
    if len(cards) > game.max_exchange(seat):
        raise StockExhaustedError(
            f"{game.who(seat)} cannot exchange {len(cards)} cards: only {len(game.stock)} are "
            "left and the discards are not reshuffled",
            seat=seat,
            legal=game.legal_text(),
        )
    drawn = draft.draw(len(cards), seat)
    draft.set_hand(seat, tuple(c for c in game.hands[seat] if c not in cards) + drawn)
    draft.discards = draft.discards + cards
    draft.pop_turn()


def _one_up(game: ChicagoState, draft: Draft, seat: int, action: Any) -> None:
    _check_may_exchange(game, seat, str(action))
    if not game.rules.one_up:
        raise ActionNotAvailableError(
            f"{game.who(seat)} cannot ask for one up: these rules have no one-up",
            seat=seat,
            legal=game.legal_text(),
        )
    _check_held(game, seat, (action.card,), "exchange")
    if not game.can_one_up():
        raise StockExhaustedError(
            f"{game.who(seat)} cannot ask for one up: fewer than two cards are left",
            seat=seat,
            legal=game.legal_text(),
        )
    (draft.up_card,) = draft.draw(1, seat)
    draft.up_discard = action.card
    draft.phase = Phase.ONE_UP


def _accept_up(game: ChicagoState, draft: Draft, seat: int, action: Any) -> None:
    up, old = game.up_card, game.up_discard
    if up is None or old is None:  # pragma: no cover - the ONE_UP phase always has both
        raise ActionNotAvailableError("no card is face up", seat=seat)
    draft.set_hand(seat, (*(c for c in game.hands[seat] if c is not old), up))
    draft.expose(seat, frozenset((up,)))
    draft.discards = (*draft.discards, old)
    draft.up_card = draft.up_discard = None
    draft.phase = Phase.EXCHANGE
    draft.pop_turn()


def _decline_up(game: ChicagoState, draft: Draft, seat: int, action: Any) -> None:
    up, old = game.up_card, game.up_discard
    if up is None or old is None:  # pragma: no cover - the ONE_UP phase always has both
        raise ActionNotAvailableError("no card is face up", seat=seat)
    (drawn,) = draft.draw(1, seat)
    draft.set_hand(seat, (*(c for c in game.hands[seat] if c is not old), drawn))
    draft.discards = (*draft.discards, old, up)
    draft.up_card = draft.up_discard = None
    draft.phase = Phase.EXCHANGE
    draft.pop_turn()


def _replace(game: ChicagoState, draft: Draft, seat: int, action: Any) -> None:
    if not game.can_replace(seat):
        limit = game.rules.blind_chicago
        why = (
            "these rules have no blind Chicago"
            if limit is None
            else f"only a dealt hand with no card above {limit.noun} may be replaced, once, "
            "before its first exchange"
        )
        raise ActionNotAvailableError(
            f"{game.who(seat)} cannot replace the hand: {why}", seat=seat, legal=game.legal_text()
        )
    hand = game.hands[seat]
    draft.set_hand(seat, draft.draw(5, seat))
    draft.discards = draft.discards + hand
    draft.replaced = draft.replaced | {seat}


def _discard(game: ChicagoState, draft: Draft, seat: int, action: Any) -> None:
    hand = game.hands[seat]
    if len(hand) <= 5:
        raise ActionNotAvailableError(
            f"{game.who(seat)} cannot discard without drawing: only a player dealt six does",
            seat=seat,
            legal=game.legal_text(),
        )
    _check_held(game, seat, action.cards, "discard")
    draft.set_hand(seat, tuple(c for c in hand if c not in action.cards))
    draft.discards = (*draft.discards, *action.cards)
    draft.pop_turn()


def _declare(game: ChicagoState, draft: Draft, seat: int, action: Any) -> None:
    problem = game.declaration_problem(seat)
    if problem is not None:
        raise DeclarationError(
            f"{game.who(seat)} cannot declare: {problem}", seat=seat, legal="pass"
        )
    value = evaluate_high(game.hands[seat])
    draft.declarers = (*draft.declarers, seat)
    if draft.best_declared is None or value > draft.best_declared:
        draft.best_declared = value
    draft.pop_turn()


def _pass(game: ChicagoState, draft: Draft, seat: int, action: Any) -> None:
    draft.pop_turn()


def _call(game: ChicagoState, draft: Draft, seat: int, action: Any) -> None:
    problem = game.call_problem(seat)
    if problem is not None:
        raise ChicagoCallError(
            f"{game.who(seat)} cannot call Chicago: {problem}", seat=seat, legal="pass"
        )
    draft.caller = seat
    draft.chicago_callers = draft.chicago_callers | {seat}
    draft.queue = ()


def _play(game: ChicagoState, draft: Draft, seat: int, action: Any) -> None:
    card: Card = action.card
    hand = game.hands[seat]
    _check_held(game, seat, (card,), "play")
    led = game.tricks[-1].suit_led
    if led is not None and card.suit is not led and any(c.suit is led for c in hand):
        legal = game.playable_cards(seat)
        suit = _SUIT_NAMES[led]
        raise NotFollowingSuitError(
            f"{game.who(seat)} cannot play {card}: {suit} were led and must be followed "
            f"(legal: {format_cards(legal)})",
            seat=seat,
            legal=f"play one of {format_cards(legal)}",
            suit_led=led,
            legal_cards=legal,
        )
    draft.play(seat, card)


HANDLERS: dict[tuple[Phase, type], Handler] = {
    (Phase.EXCHANGE, Exchange): _exchange,
    (Phase.EXCHANGE, OneUp): _one_up,
    (Phase.EXCHANGE, ReplaceHand): _replace,
    (Phase.EXCHANGE, Discard): _discard,
    (Phase.ONE_UP, AcceptOneUp): _accept_up,
    (Phase.ONE_UP, DeclineOneUp): _decline_up,
    (Phase.DECLARATION, Declare): _declare,
    (Phase.DECLARATION, Pass): _pass,
    (Phase.CHICAGO, CallChicago): _call,
    (Phase.CHICAGO, Pass): _pass,
    (Phase.TRICKS, PlayCard): _play,
}


def act(state: K, seat: int, action: Action) -> K:
    """The state after ``seat`` (the player to act) takes ``action``: a pure function of the
    state, which it never changes. An illegal action raises a precise
    :class:`~pokerrules.errors.IllegalActionError`."""
    handler = HANDLERS.get((state.phase, type(action)))
    if handler is None:
        raise ActionNotAvailableError(
            f"{state.who(seat)} cannot {action} during the {state.phase_text()}",
            seat=seat,
            legal=state.legal_text(),
        )
    draft = Draft(state.__dict__.copy())
    draft.record(Acted(deal=state.deal_number, seat=seat, action=action))
    handler(state, draft, seat, action)
    draft.advance()
    return draft.freeze(type(state))
