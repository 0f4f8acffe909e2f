"""Typed actions of Swedish Chicago and the entries of a game's log.

Actions are small frozen values; cards may be given as text:

>>> Exchange("7h 2c")
Exchange(cards=(Card('2c'), Card('7h')))
>>> str(Exchange(())), str(OneUp("Kd")), str(PlayCard("As"))
('stand pat', 'one up for Kd', 'play As')
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import Any

import attrs

from pokerrules._validators import is_instance, optional, shown
from pokerrules.cards import Card, Deck, format_cards, parse_card, parse_cards
from pokerrules.errors import InvalidDefinitionError
from pokerrules.games.chicago.rules import ChicagoRules

__all__ = [
    "AcceptOneUp",
    "Acted",
    "Action",
    "CallChicago",
    "Dealt",
    "Declare",
    "DeclineOneUp",
    "Discard",
    "Exchange",
    "GameStarted",
    "LogEntry",
    "OneUp",
    "Pass",
    "PlayCard",
    "Position",
    "ReplaceHand",
    "Reshuffled",
    "Shown",
]


def _card(value: object) -> Card:
    if isinstance(value, str):
        return parse_card(value)
    if not isinstance(value, Card):
        raise InvalidDefinitionError(f"Chicago is played with standard cards, not {shown(value)}")
    return value


def _cards(value: object) -> tuple[Card, ...]:
    if isinstance(value, str):
        cards: tuple[Card, ...] = parse_cards(value)
    elif isinstance(value, Iterable):
        cards = tuple(_card(c) for c in value)
    else:
        raise InvalidDefinitionError(f"expected cards, not {shown(value)}")
    if len(set(cards)) != len(cards):
        raise InvalidDefinitionError(f"a card is listed twice in {format_cards(cards)}")
    return tuple(sorted(cards))


@attrs.frozen
class Exchange:
    """Discard ``cards`` (any number, none to stand pat) and draw as many from the stock."""

    cards: tuple[Card, ...] = attrs.field(default=(), converter=_cards)

    def __str__(self) -> str:
        return f"exchange {format_cards(self.cards)}" if self.cards else "stand pat"


@attrs.frozen
class OneUp:
    """Discard one card and have the next card of the stock turned face up, to take or refuse
    for the card after it (WP; pokernobless.se)."""

    card: Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        return f"one up for {self.card}"


@attrs.frozen
class AcceptOneUp:
    """Take the face-up card offered by :class:`OneUp`."""

    def __str__(self) -> str:
        return "accept the face-up card"


@attrs.frozen
class DeclineOneUp:
    """Refuse the face-up card (it is discarded) and take the next card face down."""

    def __str__(self) -> str:
        return "decline the face-up card"


@attrs.frozen
class ReplaceHand:
    """Blind Chicago: throw in a dealt hand of low cards for five new ones before the first
    exchange (WP, "Variations")."""

    def __str__(self) -> str:
        return "replace the hand"


def _one_card(value: object) -> tuple[Card, ...]:
    """One card to discard, as a one-card tuple: a card, its notation or a one-card sequence."""
    cards = (_card(value),) if isinstance(value, Card) else _cards(value)
    if len(cards) != 1:
        msg = f"a player dealt six discards exactly one card, not {len(cards)}"
        raise InvalidDefinitionError(msg)
    return cards


#: The deprecated spelling of :attr:`Discard.cards`.
_CARD_DEPRECATED = (
    "Discard.card is deprecated and will be removed in pokerrules 0.3: use Discard.cards "
    "(a one-card tuple), as the engine's Discard has it"
)


@attrs.frozen(init=False)
class Discard:
    """Discard one of six cards, without drawing: the exchange-stop rule that deals six (WP).

    ``cards`` holds the one card, as the engine's :class:`~pokerrules.engine.Discard` holds its
    cards; a card, its notation or a one-card sequence are taken:

    >>> Discard("Ah").cards == Discard(["Ah"]).cards == (Card("Ah"),)
    True

    The older ``card`` keyword and attribute still work, with a :class:`DeprecationWarning`,
    until pokerrules 0.3.
    """

    cards: tuple[Card, ...] = attrs.field(converter=_one_card)

    def __init__(self, cards: object = None, *, card: object = None) -> None:
        if card is not None:
            if cards is not None:
                raise InvalidDefinitionError(
                    "Discard takes cards (card is its old name), not both"
                )
            warnings.warn(_CARD_DEPRECATED, DeprecationWarning, stacklevel=2)
            cards = card
        if cards is None:
            raise InvalidDefinitionError("Discard needs the card to discard")
        self.__attrs_init__(cards)

    @property
    def card(self) -> Card:
        """The card discarded. Deprecated: use ``cards`` (removed in pokerrules 0.3)."""
        warnings.warn(_CARD_DEPRECATED, DeprecationWarning, stacklevel=2)
        return self.cards[0]

    def __str__(self) -> str:
        return f"discard {format_cards(self.cards)}"


@attrs.frozen
class Declare:
    """Announce a hand better than every hand announced so far in this scoring round."""

    def __str__(self) -> str:
        return "declare"


@attrs.frozen
class Pass:
    """Say nothing: no declaration, or no Chicago call."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class CallChicago:
    """Undertake to win all five tricks."""

    def __str__(self) -> str:
        return "call Chicago"


@attrs.frozen
class PlayCard:
    """Play a card to the current trick."""

    card: Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        return f"play {self.card}"


#: Every action of the game.
Action = (
    Exchange
    | OneUp
    | AcceptOneUp
    | DeclineOneUp
    | ReplaceHand
    | Discard
    | Declare
    | Pass
    | CallChicago
    | PlayCard
)


# --- the log ----------------------------------------------------------------------------------


def _whole(minimum: int, what: str) -> Any:
    """A validator: a whole number (not a bool) of at least ``minimum``."""

    def check(_instance: object, attribute: Any, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise InvalidDefinitionError(f"{attribute.name} must be {what}, not {shown(value)}")

    return check


def _integer(_instance: object, attribute: Any, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidDefinitionError(f"{attribute.name} must be an integer, not {shown(value)}")


_DEAL = _whole(1, "a deal number (1 or more)")
_SEAT = _whole(0, "a seat number")


def _tuple_of(kind: type | Any, what: str) -> Any:
    """A validator: a tuple whose items are all of ``kind``."""

    def check(_instance: object, attribute: Any, value: Any) -> None:
        if not isinstance(value, tuple) or not all(
            isinstance(item, kind) and not isinstance(item, bool) for item in value
        ):
            raise InvalidDefinitionError(
                f"{attribute.name} must be a tuple of {what}, not {shown(value)}"
            )

    return check


def _action(_instance: object, attribute: Any, value: Any) -> None:
    if not isinstance(value, Action):
        raise InvalidDefinitionError(
            f"{attribute.name} must be a Chicago action (Exchange, PlayCard, ...), "
            f"not {shown(value)}"
        )


def _hands(value: object) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidDefinitionError(
            f"hands must be a list of hands, one per seat, not {shown(value)}"
        )
    return tuple(_cards(hand) for hand in value)


def _card_list(value: object) -> tuple[Card, ...] | None:
    """Cards in the given order (a stock is drawn from the front), or ``None``."""
    if value is None:
        return None
    if isinstance(value, str):
        return parse_cards(value)
    if not isinstance(value, Iterable):
        raise InvalidDefinitionError(f"expected cards, not {shown(value)}")
    return tuple(_card(c) for c in value)


def _exchange_number(_instance: object, attribute: Any, value: Any) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise InvalidDefinitionError(
            f"{attribute.name} must be an exchange number (1, 2, ...) or None, not {shown(value)}"
        )


@attrs.frozen(kw_only=True)
class Position:
    """A deal in progress to start a game from (:meth:`.ChicagoGame.from_position`): each
    seat's ``hands``; the top of the ``stock`` in drawing order (every card not in a hand, the
    discards or the given stock follows, shuffled from the game's seed); the ``discards``
    already thrown; and where
    the deal stands -- before exchange number ``exchange``, or with ``exchange=None`` after
    the exchanges, at the Chicago calls before trick play."""

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    stock: tuple[Card, ...] | None = attrs.field(default=None, converter=_card_list)
    discards: tuple[Card, ...] = attrs.field(default=(), converter=_cards)
    exchange: int | None = attrs.field(default=1, validator=_exchange_number)

    def __str__(self) -> str:
        where = "the Chicago calls" if self.exchange is None else f"exchange {self.exchange}"
        hands = "; ".join(format_cards(h) for h in self.hands)
        return f"a deal at {where}: {hands}"


@attrs.frozen
class GameStarted:
    """The first entry: everything needed to start the same game again, including the
    stacked ``decks`` of the first deals (top card first), dealt or not yet dealt, and the
    :class:`Position` the game started from, if any (then ``decks`` stack the deals after
    it)."""

    rules: ChicagoRules = attrs.field(validator=is_instance(ChicagoRules))
    names: tuple[str, ...] = attrs.field(validator=_tuple_of(str, "names"))
    dealer: int = attrs.field(validator=_SEAT)
    seed: int = attrs.field(validator=_integer)
    scores: tuple[int, ...] = attrs.field(validator=_tuple_of(int, "whole numbers"))
    decks: tuple[Deck, ...] = attrs.field(default=(), validator=_tuple_of(Deck, "Deck values"))
    position: Position | None = attrs.field(
        default=None, validator=optional(is_instance(Position))
    )

    def __str__(self) -> str:
        text = f"game of {', '.join(self.names)}; first dealer {self.names[self.dealer]}"
        return text if self.position is None else f"{text}; from {self.position}"


@attrs.frozen
class Dealt:
    """A deal began with this deck (top card first)."""

    deal: int = attrs.field(validator=_DEAL)
    dealer: int = attrs.field(validator=_SEAT)
    deck: Deck = attrs.field(validator=is_instance(Deck))

    def __str__(self) -> str:
        return f"deal {self.deal}, dealer seat {self.dealer}"


@attrs.frozen
class Acted:
    """A player acted."""

    deal: int = attrs.field(validator=_DEAL)
    seat: int = attrs.field(validator=_SEAT)
    action: Action = attrs.field(validator=_action)

    def __str__(self) -> str:
        return f"deal {self.deal}: seat {self.seat} {self.action}"


@attrs.frozen
class Shown:
    """A player who scored for a hand showed it before exchanging again."""

    deal: int = attrs.field(validator=_DEAL)
    seat: int = attrs.field(validator=_SEAT)
    cards: tuple[Card, ...] = attrs.field(validator=_tuple_of(Card, "cards"))

    def __str__(self) -> str:
        return f"deal {self.deal}: seat {self.seat} shows {format_cards(self.cards)}"


@attrs.frozen
class Reshuffled:
    """The stock ran out; the discards were shuffled into this new stock."""

    deal: int = attrs.field(validator=_DEAL)
    stock: tuple[Card, ...] = attrs.field(validator=_tuple_of(Card, "cards"))

    def __str__(self) -> str:
        return f"deal {self.deal}: {len(self.stock)} discards reshuffled into a new stock"


#: Every kind of log entry.
LogEntry = GameStarted | Dealt | Acted | Shown | Reshuffled
