"""Short-deck (six-plus) high hands (Wikipedia, "Six-plus hold 'em").

The deck has 36 cards, sixes to aces. With fewer cards a flush is harder to make than a full
house, so **a flush beats a full house**; the ace plays low in the lowest straight,
**A-6-7-8-9** (nine high). Rooms differ on one more point, and each is a scale:

* :attr:`~pokerrules.evaluation.Scale.SHORT_DECK` -- a straight beats three of a kind, as in
  standard poker (the order PHH and pokerkit use);
* :attr:`~pokerrules.evaluation.Scale.SHORT_DECK_TRIPS_OVER_STRAIGHT` -- three of a kind beats
  a straight, being the rarer hand with 36 cards (the order of many live games).

A hand is the best five of any five or more cards.

>>> from pokerrules import parse_cards
>>> flush = parse_cards("Ah Jh 9h 7h 6h Kc Kd")
>>> full_house = parse_cards("Kh Ks Kc 7c 7d 6s 8s")
>>> evaluate_short_deck(flush) > evaluate_short_deck(full_house)
True
>>> evaluate_short_deck(parse_cards("Ah 6c 7d 8s 9h Jc Qd")).describe()
'Straight, Nine high'
"""

from __future__ import annotations

import sys
from array import array
from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final, cast

from pokerrules._validators import shown
from pokerrules.cards import AnyCard, Card, Rank
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation._core import compiled, core_bytes, native
from pokerrules.evaluation._hands import standard_hand
from pokerrules.evaluation.values import HandCategory, HandValue, Scale

__all__ = ["SHORT_DECK_RANKS", "evaluate_short_deck", "short_deck_values"]

#: The ranks of the short deck, six to ace.
SHORT_DECK_RANKS: Final = tuple(r for r in Rank if r >= Rank.SIX)

_C = HandCategory
#: Categories from worst to best on each short-deck scale.
_ORDER: Final = {
    Scale.SHORT_DECK: (
        _C.HIGH_CARD, _C.PAIR, _C.TWO_PAIR, _C.THREE_OF_A_KIND, _C.STRAIGHT,
        _C.FULL_HOUSE, _C.FLUSH, _C.FOUR_OF_A_KIND, _C.STRAIGHT_FLUSH,
    ),
    Scale.SHORT_DECK_TRIPS_OVER_STRAIGHT: (
        _C.HIGH_CARD, _C.PAIR, _C.TWO_PAIR, _C.STRAIGHT, _C.THREE_OF_A_KIND,
        _C.FULL_HOUSE, _C.FLUSH, _C.FOUR_OF_A_KIND, _C.STRAIGHT_FLUSH,
    ),
}  # fmt: skip
_SHORT_WHEEL: Final = frozenset({Rank.ACE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE})


def _classify(ranks: tuple[Rank, ...], flush: bool) -> tuple[HandCategory, tuple[Rank, ...]]:
    """The category of five cards of these ranks, and its ranks most significant first."""
    counts = Counter(ranks)
    # most cards of a rank first, then the higher rank
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    spelled = tuple(r for r in ordered for _ in range(counts[r]))
    shape = sorted(counts.values(), reverse=True)
    straight = len(counts) == 5 and (
        max(ranks) - min(ranks) == 4 or frozenset(ranks) == _SHORT_WHEEL
    )
    if straight and frozenset(ranks) == _SHORT_WHEEL:
        spelled = (Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.ACE)
    if straight:
        return (_C.STRAIGHT_FLUSH if flush else _C.STRAIGHT), spelled
    if shape[0] == 4:
        return _C.FOUR_OF_A_KIND, spelled
    if flush:
        return _C.FLUSH, spelled
    if shape[:2] == [3, 2]:
        return _C.FULL_HOUSE, spelled
    if shape[0] == 3:
        return _C.THREE_OF_A_KIND, spelled
    if shape[:2] == [2, 2]:
        return _C.TWO_PAIR, spelled
    if shape[0] == 2:
        return _C.PAIR, spelled
    return _C.HIGH_CARD, spelled


@cache
def _tables(
    scale: Scale,
) -> tuple[tuple[HandValue, ...], dict[tuple[tuple[Rank, ...], bool], HandValue]]:
    """Every value of ``scale`` worst first (index = strength), and each five-card shape's."""
    order = {category: k for k, category in enumerate(_ORDER[scale])}
    shapes: dict[tuple[tuple[Rank, ...], bool], tuple[HandCategory, tuple[Rank, ...]]] = {}
    for ranks in combinations_with_replacement(SHORT_DECK_RANKS, 5):
        if max(Counter(ranks).values()) > 4:
            continue
        for flush in (False, True) if len(set(ranks)) == 5 else (False,):
            shapes[(ranks, flush)] = _classify(ranks, flush)
    classes = sorted(set(shapes.values()), key=lambda c: (order[c[0]], c[1][0], c[1]))
    if len(classes) != 1404:  # pragma: no cover - the count is checked in the tests as well
        raise AssertionError(f"{len(classes)} short-deck classes")
    values = [
        HandValue(scale, strength, category, ranks)
        for strength, (category, ranks) in enumerate(classes, start=1)
    ]
    by_class = dict(zip(classes, values, strict=True))
    placeholder = HandValue(scale, 0, _C.HIGH_CARD, ())
    return (placeholder, *values), {key: by_class[c] for key, c in shapes.items()}


def short_deck_values(scale: Scale = Scale.SHORT_DECK) -> tuple[HandValue, ...]:
    """Every value of a short-deck scale by strength (index 0 is a placeholder)."""
    if scale not in _ORDER:
        raise InvalidDefinitionError(f"{shown(scale)} is not a short-deck scale")
    return _tables(scale)[0]


@compiled("SHORT")
def evaluate_short_deck(cards: Iterable[AnyCard], scale: Scale = Scale.SHORT_DECK) -> HandValue:
    """The best short-deck high hand of five or more distinct cards, sixes to aces."""
    if scale not in _ORDER:
        raise InvalidDefinitionError(f"{shown(scale)} is not a short-deck scale")
    hand = _hand(cards)
    shapes = _tables(scale)[1]
    best: HandValue | None = None
    for five in combinations(hand, 5):
        ranks = tuple(sorted(c.rank for c in five))
        flush = len({c.suit for c in five}) == 1
        value = shapes[(ranks, flush)]
        if best is None or value.strength > best.strength:
            best = value
    return cast(HandValue, best)


def _hand(cards: Iterable[AnyCard]) -> tuple[Card, ...]:
    hand = standard_hand(cards, "short-deck", least=5)
    low = next((c for c in hand if c.rank < Rank.SIX), None)
    if low is not None:
        raise InvalidDefinitionError(
            f"{low} is not in the short deck (sixes to aces): a short-deck hand has none below six"
        )
    return hand


# --- the compiled core's short-deck tables --------------------------------------------------

_CORE_SCALES: Final = (Scale.SHORT_DECK, Scale.SHORT_DECK_TRIPS_OVER_STRAIGHT)
_HASH_BUCKETS: Final = 24_593
_HASH_MASK: Final = (1 << 17) - 1


def _core_tables(scale: Scale) -> tuple[array[int], array[int]]:
    """For the compiled core: per perfect-hash slot (the high scale's hash, which covers every
    multiset of five to seven ranks), the best short-deck strength of that rank multiset
    without a flush; and per 13-bit rank mask of one suit, the best flush."""
    shapes = _tables(scale)[1]
    displacement = array("H")
    displacement.frombytes(core_bytes()[: 2 * _HASH_BUCKETS])
    if sys.byteorder != "little":
        displacement.byteswap()
    slots = array("H", bytes(2 * (_HASH_MASK + 1)))

    def best(ranks: tuple[Rank, ...], flush: bool) -> int:
        return max(shapes[(five, flush)].strength for five in set(combinations(ranks, 5)))

    for size in (5, 6, 7):
        for ranks in combinations_with_replacement(SHORT_DECK_RANKS, size):
            if max(Counter(ranks).values()) > 4:
                continue
            key = sum(5 ** (r - 2) for r in ranks)
            slots[(key + displacement[key % _HASH_BUCKETS]) & _HASH_MASK] = best(ranks, False)
    flush = array("H", bytes(2 * 8192))
    for mask in range(8192):
        suited = tuple(Rank(r + 2) for r in range(13) if mask >> r & 1)
        if len(suited) >= 5 and suited[0] >= Rank.SIX:
            flush[mask] = best(suited, True)
    if sys.byteorder != "little":
        slots.byteswap()
        flush.byteswap()
    return slots, flush


def _load_core(index: int) -> None:
    """Give the compiled core one short-deck scale's tables (on its first use)."""
    if native is None:  # pragma: no cover - only the compiled core calls this
        return
    scale = _CORE_SCALES[index]
    slots, flush = _core_tables(scale)
    native.setup_short(index, slots.tobytes(), flush.tobytes(), _tables(scale)[0])


if native is not None:
    native.set_short(_load_core, _CORE_SCALES)
