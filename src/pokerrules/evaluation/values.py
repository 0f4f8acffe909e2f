"""Hand values: what an evaluator returns.

A :class:`HandValue` is a shared, prebuilt, immutable value. Within one :class:`Scale`, values
form a total order in which *greater means better* -- also for the low scales, where the better
hand is the lower one -- so ``max()`` picks the winner on every scale and two values are equal
exactly when the hands tie. Comparing values of different scales raises :class:`TypeError`.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from pokerrules.cards import Rank

__all__ = ["HandCategory", "HandValue", "Scale"]


class Scale(enum.Enum):
    """How hands are ranked."""

    #: Standard high poker: wheel A-2-3-4-5 is the lowest straight; the joker (if allowed) is an
    #: ace or completes a straight, flush or straight flush.
    HIGH = "high"
    #: Ace-to-five low (California lowball, razz): aces low, straights and flushes do not count;
    #: the joker is the lowest rank not already in the hand.
    ACE_TO_FIVE_LOW = "ace-to-five low"
    #: Deuce-to-seven low (Kansas City lowball): aces high, straights and flushes count against.
    DEUCE_TO_SEVEN_LOW = "deuce-to-seven low"
    #: Badugi: four cards, of which only those of different ranks and suits play; more playing
    #: cards are better, then the lower; aces low (:mod:`pokerrules.evaluation.badugi`).
    BADUGI = "badugi"
    #: Short-deck (six-plus) high, 36 cards: a flush beats a full house, A-6-7-8-9 is the lowest
    #: straight, a straight beats three of a kind (:mod:`pokerrules.evaluation.short_deck`).
    SHORT_DECK = "short-deck high"
    #: Short-deck high where three of a kind beats a straight.
    SHORT_DECK_TRIPS_OVER_STRAIGHT = "short-deck high, three of a kind over a straight"

    @property
    def is_low(self) -> bool:
        """Whether the scale ranks the lower hand better (the lowball scales and badugi)."""
        return self in _LOW_SCALES


_LOW_SCALES: Final = frozenset({Scale.ACE_TO_FIVE_LOW, Scale.DEUCE_TO_SEVEN_LOW, Scale.BADUGI})


class HandCategory(enum.IntEnum):
    """The kind of hand, in high order. Low scales use the same categories (an unpaired low is
    ``HIGH_CARD``)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    #: Only with the joker: four aces and the joker.
    FIVE_OF_A_KIND = 9

    @property
    def label(self) -> str:
        """The category in words: ``'Full house'``."""
        return _LABELS[self]


_LABELS: Final = {
    HandCategory.HIGH_CARD: "High card",
    HandCategory.PAIR: "Pair",
    HandCategory.TWO_PAIR: "Two pair",
    HandCategory.THREE_OF_A_KIND: "Three of a kind",
    HandCategory.STRAIGHT: "Straight",
    HandCategory.FLUSH: "Flush",
    HandCategory.FULL_HOUSE: "Full house",
    HandCategory.FOUR_OF_A_KIND: "Four of a kind",
    HandCategory.STRAIGHT_FLUSH: "Straight flush",
    HandCategory.FIVE_OF_A_KIND: "Five of a kind",
}


@attrs.frozen(eq=False, order=False, repr=False)
class HandValue:
    """The value of a hand on one scale.

    ``strength`` orders values within the scale (greater is better); ``ranks`` are the five
    ranks that make the hand, most significant first (a wheel lists the ace last; a badugi
    hand has one to four).

    >>> from pokerrules import evaluate_high, parse_cards
    >>> value = evaluate_high(parse_cards("Kh Kd Ks 7c 7d 2s 3h"))
    >>> value.describe(), value.category.name
    ('Full house, Kings full of Sevens', 'FULL_HOUSE')
    >>> value > evaluate_high(parse_cards("Qh Qd Qs Ac Ad 2s 3h"))
    True
    """

    scale: Scale
    strength: int
    category: HandCategory
    ranks: tuple[Rank, ...]

    def describe(self) -> str:
        """The hand in words: ``'Two pair, Kings and Sevens'``, ``'Straight, Five high'``,
        ``'Royal flush'``; low hands read like ``'7-5-4-3-A'``, badugi hands like
        ``'Badugi, 8-5-3-2'`` or ``'Three-card hand, 5-3-A'``."""
        return _describe(self)

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        return f"<HandValue {self.scale.value} #{self.strength}: {self.describe()}>"

    def __hash__(self) -> int:
        return hash((self.scale, self.strength))

    def _key(self, other: object) -> int:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare a hand value with {type(other).__name__}")
        if other.scale is not self.scale:
            raise TypeError(
                f"cannot compare a {self.scale.value} value with a {other.scale.value}"
            )
        return other.strength

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.scale is other.scale and self.strength == other.strength

    def __lt__(self, other: HandValue) -> bool:
        return self.strength < self._key(other)

    def __le__(self, other: HandValue) -> bool:
        return self.strength <= self._key(other)

    def __gt__(self, other: HandValue) -> bool:
        return self.strength > self._key(other)

    def __ge__(self, other: HandValue) -> bool:
        return self.strength >= self._key(other)


def _low_digits(value: HandValue) -> str:
    ace_low = value.scale is Scale.ACE_TO_FIVE_LOW
    return "-".join(
        "A" if (r is Rank.ACE and ace_low) else r.symbol for r in sorted_low(value.ranks, ace_low)
    )


def sorted_low(ranks: tuple[Rank, ...], ace_low: bool) -> list[Rank]:
    """Ranks from the highest down, counting the ace low when ``ace_low``."""
    return sorted(ranks, key=lambda r: r.low_value if ace_low else int(r), reverse=True)


_BADUGI_SIZES: Final = ("", "One-card hand", "Two-card hand", "Three-card hand", "Badugi")


def _describe(value: HandValue) -> str:
    category, ranks = value.category, value.ranks
    if value.scale is Scale.BADUGI:
        digits = "-".join("A" if r is Rank.ACE else r.symbol for r in ranks)
        return f"{_BADUGI_SIZES[len(ranks)]}, {digits}"
    if value.scale.is_low and category is HandCategory.HIGH_CARD:
        return _low_digits(value)
    first = ranks[0]
    match category:
        case HandCategory.HIGH_CARD:
            return f"High card, {first.noun}"
        case HandCategory.PAIR:
            return f"Pair of {first.plural}"
        case HandCategory.TWO_PAIR:
            return f"Two pair, {first.plural} and {ranks[2].plural}"
        case HandCategory.THREE_OF_A_KIND:
            return f"Three of a kind, {first.plural}"
        case HandCategory.STRAIGHT:
            return f"Straight, {first.noun} high"
        case HandCategory.FLUSH:
            return f"Flush, {first.noun} high"
        case HandCategory.FULL_HOUSE:
            return f"Full house, {first.plural} full of {ranks[3].plural}"
        case HandCategory.FOUR_OF_A_KIND:
            return f"Four of a kind, {first.plural}"
        case HandCategory.STRAIGHT_FLUSH:
            if first is Rank.ACE:
                return "Royal flush"
            return f"Straight flush, {first.noun} high"
        case HandCategory.FIVE_OF_A_KIND:
            return f"Five of a kind, {first.plural}"
