"""Cards, the joker, decks and card notation.

A :class:`Card` is an immutable, hashable value. There are exactly 52 of them and each is
interned, so ``Card("As") is Card("As")``. For speed a card *is* its evaluation key: ``Card``
subclasses :class:`int`, and the integer value packs the card's rank and suit so that the sum of
a hand's cards identifies the hand for the lookup tables in :mod:`pokerrules.evaluation`. Treat
that integer as opaque; use :attr:`Card.rank` and :attr:`Card.suit`.

>>> from pokerrules.cards import Card, Rank, Suit, parse_cards
>>> card = Card("As")
>>> card.rank, card.suit
(<Rank.ACE: 14>, <Suit.SPADES: 3>)
>>> parse_cards("10h 9♠ Kd")
(Card('Th'), Card('9s'), Card('Kd'))
>>> Card(Rank.TEN, Suit.HEARTS) == Card("Th")
True

Suits compare in the stud order, clubs < diamonds < hearts < spades (Robert's Rules of Poker,
"Seven-Card Stud", used to break ties for the bring-in and to award odd chips).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, Literal, Self, TypeAlias, overload

import attrs

from pokerrules._validators import is_int, shown
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError

__all__ = [
    "JOKER",
    "AnyCard",
    "Card",
    "Deck",
    "Joker",
    "Rank",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
]


class Rank(enum.IntEnum):
    """A card rank; the value is the pip count with Jack 11, Queen 12, King 13, Ace 14."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-character symbol: ``'2'`` ... ``'9'``, ``'T'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'``."""
        return _RANK_SYMBOLS[self - 2]

    @property
    def noun(self) -> str:
        """The rank's name in words, singular: ``'Ace'``, ``'Seven'``."""
        return self.name.capitalize()

    @property
    def plural(self) -> str:
        """The rank's name in words, plural: ``'Aces'``, ``'Sixes'``."""
        return "Sixes" if self is Rank.SIX else self.noun + "s"

    @property
    def low_value(self) -> int:
        """The value when aces play low (ace-to-five games): Ace 1, others as ``value``."""
        return 1 if self is Rank.ACE else int(self)


class Suit(enum.IntEnum):
    """A suit, valued in the stud order clubs < diamonds < hearts < spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The one-letter symbol: ``'c'``, ``'d'``, ``'h'`` or ``'s'``."""
        return "cdhs"[self]

    @property
    def glyph(self) -> str:
        """The Unicode suit symbol: ``'♣'``, ``'♦'``, ``'♥'`` or ``'♠'``."""
        return "♣♦♥♠"[self]


_RANK_SYMBOLS: Final = "23456789TJQKA"
_RANK_BY_TOKEN: Final[dict[str, Rank]] = {s: Rank(i + 2) for i, s in enumerate(_RANK_SYMBOLS)}
_RANK_BY_TOKEN.update({s.lower(): r for s, r in list(_RANK_BY_TOKEN.items())})
_RANK_BY_TOKEN["10"] = Rank.TEN
_SUIT_BY_TOKEN: Final[dict[str, Suit]] = {}
for _suit in Suit:
    for _token in (_suit.symbol, _suit.symbol.upper(), _suit.glyph, "♧♢♡♤"[_suit]):
        _SUIT_BY_TOKEN[_token] = _suit

# A card's key packs three fields, so that the sum of a hand's (distinct) cards carries:
#   bits 0-30:  the rank multiset in base 5 (digit ``rank - 2`` counts the cards of that rank);
#   bits 31-46: the number of cards of each suit, four bits per suit;
#   bits 47-98: one bit per card, suit by suit, so a suit's 13 bits are its rank mask and the
#               bit count equals the number of cards exactly when no card is repeated.
RANK_KEY_MASK: Final = (1 << 31) - 1
SUIT_SHIFT: Final = 31
SUIT_COUNT_MASK: Final = 0xFFFF
CARD_SHIFT: Final = 47


def _card_key(rank: Rank, suit: Suit) -> int:
    rank_digit: int = 5 ** (rank - 2)
    return 1 << (CARD_SHIFT + 13 * suit + rank - 2) | 1 << (SUIT_SHIFT + 4 * suit) | rank_digit


class _PlayingCard(int):
    """What every card and the joker share: the playing order and being a singleton."""

    __slots__ = ()

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, _PlayingCard):
            return NotImplemented
        return _ORDER[self] < _ORDER[other]

    def __le__(self, other: object) -> bool:
        if not isinstance(other, _PlayingCard):
            return NotImplemented
        return _ORDER[self] <= _ORDER[other]

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, _PlayingCard):
            return NotImplemented
        return _ORDER[self] > _ORDER[other]

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, _PlayingCard):
            return NotImplemented
        return _ORDER[self] >= _ORDER[other]

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


class Card(_PlayingCard):
    """One of the 52 standard playing cards.

    Construct from notation (``Card("As")``, ``Card("10h")``, ``Card("9♠")``) or from a rank and
    a suit (``Card(Rank.ACE, Suit.SPADES)``). Cards are interned singletons, ordered by rank
    and then by suit (the joker sorts above every card).
    """

    __slots__ = ()

    @overload
    def __new__(cls, rank_or_text: str) -> Card: ...

    @overload
    def __new__(cls, rank_or_text: Rank, suit: Suit) -> Card: ...

    def __new__(cls, rank_or_text: str | Rank, suit: Suit | None = None) -> Card:
        if isinstance(rank_or_text, str):
            if suit is not None:
                raise InvalidDefinitionError("Card() takes either notation or a rank and a suit")
            return parse_card(rank_or_text)
        if suit is None:
            raise InvalidDefinitionError(f"Card({shown(rank_or_text)}) needs a suit")
        # A rank and a suit are whole numbers: 14.0 or True would otherwise pass for a value.
        if is_int(rank_or_text) and is_int(suit):
            try:
                return _CARDS_BY_RANK_SUIT[Rank(rank_or_text), Suit(suit)]
            except (ValueError, KeyError):
                pass
        raise InvalidDefinitionError(
            f"no card with rank {shown(rank_or_text)} and suit {shown(suit)}: a rank is a Rank "
            "(2-14) and a suit a Suit (0-3)"
        )

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        return int.__new__(cls, _card_key(rank, suit))

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANK_OF[self]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUIT_OF[self]

    @property
    def index(self) -> int:
        """A dense index 0-51 (``4 * (rank - 2) + suit``), for arrays and bit masks."""
        return 4 * (_RANK_OF[self] - 2) + _SUIT_OF[self]

    @property
    def is_joker(self) -> bool:
        """Always ``False`` for a standard card (see :class:`Joker`)."""
        return False

    def __str__(self) -> str:
        return _RANK_OF[self].symbol + _SUIT_OF[self].symbol

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return _format_card(self, spec)

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (str(self),))


#: The joker's key adds five to every suit count, which sends any hand holding it down the
#: evaluators' rare path, where the joker is resolved by the rules of the hand's scale.
_JOKER_KEY: Final = 0x5555 << SUIT_SHIFT


class Joker(_PlayingCard):
    """The joker (the "bug"). There is one: :data:`JOKER`; ``Joker()`` returns it.

    How it plays depends on the game: in ace-to-five low it is the lowest rank not already in
    the hand; in high hands it is an ace or completes a straight, flush or straight flush
    (Robert's Rules of Poker, "Lowball" and "Draw poker"). Written ``Jk`` (also ``joker``).
    """

    __slots__ = ()
    _instance: Joker | None = None

    def __new__(cls) -> Joker:
        instance = cls._instance
        if instance is None:
            instance = int.__new__(cls, _JOKER_KEY)
            cls._instance = instance
        return instance

    @property
    def is_joker(self) -> bool:
        """Always ``True``."""
        return True

    def __str__(self) -> str:
        return "Jk"

    def __repr__(self) -> str:
        return "JOKER"

    def __format__(self, spec: str) -> str:
        return _format_card(self, spec)

    def __reduce__(self) -> tuple[type[Joker], tuple[()]]:
        return (Joker, ())


def _format_card(card: Card | Joker, spec: str) -> str:
    """Cards format as their notation (``f"{card:>4}"``); integer format specs such as ``d``
    or ``x`` format the underlying key, as for any ``int``."""
    try:
        return format(str(card), spec)
    except ValueError:
        return int.__format__(card, spec)


#: The joker.
JOKER: Final = Joker()

#: A standard card or the joker.
AnyCard: TypeAlias = Card | Joker

_CARDS_BY_RANK_SUIT: Final[dict[tuple[Rank, Suit], Card]] = {
    (rank, suit): Card._make(rank, suit) for rank in Rank for suit in Suit
}
_RANK_OF: Final[dict[int, Rank]] = {c: r for (r, _), c in _CARDS_BY_RANK_SUIT.items()}
_SUIT_OF: Final[dict[int, Suit]] = {c: s for (_, s), c in _CARDS_BY_RANK_SUIT.items()}
#: The 52 cards in new-deck order: clubs 2-A, diamonds 2-A, hearts 2-A, spades 2-A.
STANDARD_CARDS: Final[tuple[Card, ...]] = tuple(
    _CARDS_BY_RANK_SUIT[rank, suit] for suit in Suit for rank in Rank
)
# Cards order by rank, then suit; the joker sorts above every card.
_ORDER: Final[dict[int, int]] = {c: 4 * c.rank + c.suit for c in STANDARD_CARDS} | {JOKER: 100}
_JOKER_TOKENS: Final = frozenset({"jk", "joker", "🃏", "*"})


def parse_card(token: str) -> Card:
    """Parse one standard card: ``'As'``, ``'Th'`` or ``'10h'``, ``'9♠'``.

    >>> parse_card("Qd")
    Card('Qd')
    >>> parse_card("Zz")
    Traceback (most recent call last):
    ...
    pokerrules.errors.InvalidNotationError: 'Zz' is not a card: the rank 'Z' is not one of 2-9, T (or 10), J, Q, K, A
    """
    if not isinstance(token, str):
        raise InvalidNotationError(f"a card is written as text such as 'As', not {shown(token)}")
    card = _parse_any(token)
    if isinstance(card, Joker):
        raise InvalidNotationError(f"{token!r} is the joker, but a standard card is required")
    return card


def _parse_any(token: str) -> AnyCard:
    text = token.strip()
    if text.lower() in _JOKER_TOKENS:
        return JOKER
    if len(text) < 2:
        raise InvalidNotationError(
            f"{token!r} is not a card: a card is a rank and a suit, such as 'As' or '10h'"
        )
    rank_token, suit_token = text[:-1], text[-1]
    rank = _RANK_BY_TOKEN.get(rank_token)
    if rank is None:
        raise InvalidNotationError(
            f"{token!r} is not a card: the rank {rank_token!r} is not one of "
            "2-9, T (or 10), J, Q, K, A"
        )
    suit = _SUIT_BY_TOKEN.get(suit_token)
    if suit is None:
        raise InvalidNotationError(
            f"{token!r} is not a card: the suit {suit_token!r} is not one of c, d, h, s "
            "(or ♣, ♦, ♥, ♠)"
        )
    return _CARDS_BY_RANK_SUIT[rank, suit]


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    for word in text.replace(",", " ").split():
        if len(word) <= 3 or word.lower() in _JOKER_TOKENS:
            out.append(word)
            continue
        # Run-together notation such as "AsKd" or "9s8s7s" (no card takes more than three
        # characters): split into two-character tokens, keeping "10" together.
        i = 0
        while i < len(word):
            step = 3 if word.startswith("10", i) else 2
            out.append(word[i : i + step])
            i += step
    return out


@overload
def parse_cards(
    text: str | Iterable[str],
    *,
    allow_joker: Literal[False] = False,
    distinct: bool = True,
    count: int | None = None,
) -> tuple[Card, ...]: ...


@overload
def parse_cards(
    text: str | Iterable[str],
    *,
    allow_joker: Literal[True],
    distinct: bool = True,
    count: int | None = None,
) -> tuple[AnyCard, ...]: ...


def parse_cards(
    text: str | Iterable[str],
    *,
    allow_joker: bool = False,
    distinct: bool = True,
    count: int | None = None,
) -> tuple[AnyCard, ...]:
    """Parse a list of cards separated by spaces or commas, or run together (``"As Kd"``,
    ``"AsKd"``, ``"10♥ 9♥"``, ``"AcKd Td"``).

    ``allow_joker`` admits the joker (``Jk``); ``distinct`` (default on) rejects the same card
    twice; ``count``, when given, is the exact number of cards required.

    >>> parse_cards("As Ks As")
    Traceback (most recent call last):
    ...
    pokerrules.errors.InvalidNotationError: 'As' appears twice in 'As Ks As'; the cards must be distinct
    >>> parse_cards("As Ks", count=5)
    Traceback (most recent call last):
    ...
    pokerrules.errors.InvalidNotationError: expected 5 cards, got 2 in 'As Ks'
    """
    for flag, name in ((allow_joker, "allow_joker"), (distinct, "distinct")):
        if not isinstance(flag, bool):
            raise InvalidDefinitionError(f"{name} must be True or False, not {shown(flag)}")
    if count is not None and (not is_int(count) or count < 0):
        raise InvalidDefinitionError(
            f"count must be a whole number of cards >= 0 or None, not {shown(count)}"
        )
    if not isinstance(text, str):
        try:
            tokens = [str(t) for t in text]
        except TypeError:
            raise InvalidNotationError(f"cards are given as text, not {shown(text)}") from None
    else:
        tokens = _tokens(text)
    written = text if isinstance(text, str) else " ".join(tokens)
    cards = tuple(_parse_any(token) for token in tokens)
    if not allow_joker:
        for token, card in zip(tokens, cards, strict=True):
            if isinstance(card, Joker):
                raise InvalidNotationError(f"{token!r} is the joker, which this hand cannot hold")
    if distinct:
        seen: set[int] = set()
        for token, card in zip(tokens, cards, strict=True):
            if card in seen:
                raise InvalidNotationError(
                    f"{token!r} appears twice in {written!r}; the cards must be distinct"
                )
            seen.add(card)
    if count is not None and len(cards) != count:
        raise InvalidNotationError(f"expected {count} cards, got {len(cards)} in {written!r}")
    return cards


def format_cards(cards: Iterable[AnyCard]) -> str:
    """Write cards in the notation :func:`parse_cards` reads back: ``'As Kd Jk'``."""
    return " ".join(str(card) for card in card_tuple(cards, "cards"))


def card_tuple(cards: Iterable[AnyCard], what: str) -> tuple[AnyCard, ...]:
    """``cards`` as a tuple, refusing a value that is not a collection of cards (``what`` names
    the argument in the message; text is refused too: parse it with :func:`parse_cards`)."""
    if isinstance(cards, str):
        raise InvalidDefinitionError(
            f"{what} must be cards, not the text {shown(cards)} (parse it with parse_cards)"
        )
    try:
        held = tuple(cards)
    except TypeError:
        raise InvalidDefinitionError(
            f"{what} must be a collection of cards, not {shown(cards)}"
        ) from None
    for card in held:
        if not isinstance(card, Card | Joker):
            raise InvalidDefinitionError(f"{what} must hold cards only, not {shown(card)}")
    return held


def _coerce_rng(rng: random.Random | int) -> random.Random:
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, int) and not isinstance(rng, bool):
        return random.Random(rng)
    raise InvalidDefinitionError(
        f"a shuffle needs a random.Random or an integer seed, not {shown(rng)}"
    )


def _card_tuple(cards: Iterable[AnyCard]) -> tuple[AnyCard, ...]:
    if isinstance(cards, str):
        raise InvalidDefinitionError(
            f"a deck's cards are cards, not the text {shown(cards)} (use Deck.ordered)"
        )
    try:
        return tuple(cards)
    except TypeError:
        raise InvalidDefinitionError(
            f"a deck's cards are a collection of cards, not {shown(cards)}"
        ) from None


def _check_joker_flag(joker: object) -> None:
    if not isinstance(joker, bool):
        raise InvalidDefinitionError(f"joker must be True or False, not {shown(joker)}")


@attrs.frozen
class Deck:
    """An ordered stack of cards; the next card dealt is ``cards[0]``.

    Decks are immutable: :meth:`deal` and :meth:`burn` return the cards and the rest of the
    deck. Randomness is always injected: pass a :class:`random.Random` or a seed.

    >>> deck = Deck.shuffled(seed=7)
    >>> hole, deck = deck.deal(2)
    >>> len(hole), len(deck)
    (2, 50)
    >>> Deck.shuffled(seed=7).deal(2)[0] == hole
    True
    >>> Deck.standard(joker=True).remaining
    53
    """

    cards: tuple[AnyCard, ...] = attrs.field(converter=_card_tuple)

    def __attrs_post_init__(self) -> None:
        seen: set[int] = set()
        for card in self.cards:
            if not isinstance(card, Card | Joker):
                raise InvalidDefinitionError(f"a deck holds cards, not {shown(card)}")
            if card in seen:
                raise InvalidDefinitionError(f"{card} appears twice in the deck")
            seen.add(card)

    @classmethod
    def _trusted(cls, cards: tuple[AnyCard, ...]) -> Deck:
        # Cards already known to be distinct (a slice of a valid deck): skip re-validation.
        deck = object.__new__(cls)
        object.__setattr__(deck, "cards", cards)
        return deck

    @classmethod
    def standard(cls, *, joker: bool = False) -> Deck:
        """A new deck in new-deck order (clubs, diamonds, hearts, spades; 2 to A), optionally
        with the joker on top."""
        _check_joker_flag(joker)
        return cls(((JOKER,) if joker else ()) + STANDARD_CARDS)

    @classmethod
    def ordered(cls, cards: str | Iterable[AnyCard]) -> Deck:
        """A deck in an explicit order (a stacked deck, e.g. to reproduce a hand)."""
        if isinstance(cards, str):
            return cls(parse_cards(cards, allow_joker=True))
        return cls(cards)

    @classmethod
    def shuffled(
        cls,
        rng: random.Random | int | None = None,
        *,
        seed: int | None = None,
        joker: bool = False,
    ) -> Deck:
        """A standard deck (optionally with the joker) shuffled by ``rng`` or ``seed``."""
        if (rng is None) == (seed is None):
            raise InvalidDefinitionError("shuffle with exactly one of rng or seed")
        _check_joker_flag(joker)
        source = _coerce_rng(rng if rng is not None else seed)  # type: ignore[arg-type]
        cards: list[AnyCard] = [JOKER, *STANDARD_CARDS] if joker else list(STANDARD_CARDS)
        source.shuffle(cards)
        return cls._trusted(tuple(cards))  # a permutation of a valid deck is valid

    @property
    def remaining(self) -> int:
        """How many cards are left."""
        return len(self.cards)

    def deal(self, n: int = 1) -> tuple[tuple[AnyCard, ...], Deck]:
        """Take ``n`` cards from the top; returns them and the rest of the deck."""
        if not is_int(n):
            raise InvalidDefinitionError(f"n must be a whole number of cards, not {shown(n)}")
        if n < 0 or n > len(self.cards):
            raise InvalidDefinitionError(
                f"cannot deal {shown(n)} cards from a deck of {len(self.cards)}"
            )
        return self.cards[:n], Deck._trusted(self.cards[n:])

    def burn(self) -> Deck:
        """Discard the top card face down; returns the rest of the deck."""
        return self.deal(1)[1]

    def without(self, cards: str | Iterable[AnyCard]) -> Deck:
        """The deck less some known cards (dead or dealt cards, or their notation), order
        kept."""
        if isinstance(cards, str):
            removed: set[int] = set(parse_cards(cards, allow_joker=True))
        else:
            removed = set(card_tuple(cards, "the cards to remove"))
        return Deck._trusted(tuple(c for c in self.cards if c not in removed))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[AnyCard]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards


def standard_cards() -> Sequence[Card]:
    """The 52 standard cards in new-deck order."""
    return STANDARD_CARDS
