"""The exception hierarchy: every error the library raises is a :class:`PokerRulesError`.

Three families, each also a :class:`ValueError` so that generic callers can catch it:

* :class:`InvalidDefinitionError` -- a rule set, variant, stakes or table that cannot exist;
* :class:`InvalidNotationError` -- malformed text: cards, hand histories, command input;
* :class:`IllegalActionError` -- a well-formed action that the rules do not allow now.

Illegal-action errors carry structured fields (who tried what, and what is legal instead) as
well as a message that says the same in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pokerrules.cards import Card, Suit

__all__ = [
    "ActionNotAvailableError",
    "BetSizeError",
    "CapReachedError",
    "CardConflictError",
    "CardNotHeldError",
    "ChicagoCallError",
    "DealError",
    "DeclarationError",
    "EmptyRangeError",
    "ExchangeStoppedError",
    "GameOverError",
    "IllegalActionError",
    "InvalidDefinitionError",
    "InvalidNotationError",
    "NotFollowingSuitError",
    "OutOfTurnError",
    "PokerRulesError",
    "StockExhaustedError",
]


class PokerRulesError(Exception):
    """Base class of every error raised by pokerrules."""


class InvalidDefinitionError(PokerRulesError, ValueError):
    """A definition that cannot exist: a bad variant, rule option, stakes, table or hand."""


class InvalidNotationError(PokerRulesError, ValueError):
    """Malformed text: a card token, a hand history, a range or command-line input."""


class IllegalActionError(PokerRulesError, ValueError):
    """A well-formed action that the rules do not allow in the current state.

    ``seat`` is the seat that tried to act (``None`` when not seat-specific) and ``legal`` a
    short human description of what is legal instead.
    """

    def __init__(self, message: str, *, seat: int | None = None, legal: str = "") -> None:
        super().__init__(message)
        self.seat = seat
        self.legal = legal


class OutOfTurnError(IllegalActionError):
    """Someone acted when it was not their turn."""


class ActionNotAvailableError(IllegalActionError):
    """The kind of action is not available now (e.g. checking when facing a bet)."""


class BetSizeError(IllegalActionError):
    """A bet or raise of a size the betting structure does not allow."""


class CapReachedError(IllegalActionError):
    """A raise after the betting is capped."""


class GameOverError(IllegalActionError):
    """An action after the hand, round or game has already ended."""


class CardNotHeldError(IllegalActionError):
    """A card game action names a card the player does not hold (``card``)."""

    def __init__(
        self, message: str, *, seat: int | None = None, legal: str = "", card: Card | None = None
    ) -> None:
        super().__init__(message, seat=seat, legal=legal)
        self.card = card


class NotFollowingSuitError(IllegalActionError):
    """A card of another suit played to a trick while holding the suit led.

    ``suit_led`` is the suit led and ``legal_cards`` the cards that may be played.
    """

    def __init__(
        self,
        message: str,
        *,
        seat: int | None = None,
        legal: str = "",
        suit_led: Suit | None = None,
        legal_cards: tuple[Card, ...] = (),
    ) -> None:
        super().__init__(message, seat=seat, legal=legal)
        self.suit_led = suit_led
        self.legal_cards = legal_cards


class DeclarationError(IllegalActionError):
    """A declaration without a hand better than those already declared (Chicago)."""


class ChicagoCallError(IllegalActionError):
    """A Chicago call that the rules do not allow now (e.g. below the minimum score)."""


class ExchangeStoppedError(IllegalActionError):
    """An exchange by a player whose score has reached the exchange stop (Chicago)."""


class StockExhaustedError(IllegalActionError):
    """An exchange of more cards than the stock holds when it is not replenished."""


class CardConflictError(InvalidDefinitionError):
    """One card in two places at once: two players' hands, a hand and the board, or a dead card.

    Also raised when players' ranges cannot all be dealt together without sharing a card.
    """


class EmptyRangeError(InvalidDefinitionError):
    """A hand range with no hand left once the known cards (board, dead cards) are removed."""


class DealError(IllegalActionError):
    """A dealer's action that cannot be made now, in a hand dealt by hand: the wrong number of
    cards, a card not in the deck, or a card already in play."""
