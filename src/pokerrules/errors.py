"""The exception hierarchy: every error the library raises is a :class:`PokerRulesError`.

Three families, each also a :class:`ValueError` so that generic callers can catch it:

* :class:`InvalidDefinitionError` -- a rule set, variant, stakes or table that cannot exist;
* :class:`InvalidNotationError` -- malformed text: cards, hand histories, command input;
* :class:`IllegalActionError` -- a well-formed action that the rules do not allow now.

Illegal-action errors carry structured fields (who tried what, and what is legal instead) as
well as a message that says the same in words.
"""

from __future__ import annotations

__all__ = [
    "ActionNotAvailableError",
    "BetSizeError",
    "CapReachedError",
    "GameOverError",
    "IllegalActionError",
    "InvalidDefinitionError",
    "InvalidNotationError",
    "OutOfTurnError",
    "PokerRulesError",
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
