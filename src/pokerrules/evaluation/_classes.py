"""The rules of each scale, written plainly over five ranks: the reference the tables are built from.

A *signature* is a tuple that orders five-card hands on one scale: for the high scale a greater
signature is a better hand; for the low scales a smaller one is. These functions are slow and
obvious on purpose. The shipped lookup tables (:mod:`pokerrules.evaluation._tables`) are
generated from them by :mod:`pokerrules.evaluation._build`, and the exhaustive tests check both.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from pokerrules.evaluation.values import HandCategory as Cat

__all__ = [
    "ace_to_five_signature",
    "deuce_to_seven_signature",
    "high_signature",
    "rank_multisets",
]

Signature = tuple[int, tuple[int, ...]]

_WHEEL = (14, 5, 4, 3, 2)


def _grouped(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ranks ordered by (count, rank) descending, and the count pattern in that order."""
    counts = Counter(ranks)
    ordered = tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    pattern = tuple(sorted(counts.values(), reverse=True))
    return ordered, pattern


_PATTERN_CATEGORY = {
    (1, 1, 1, 1, 1): Cat.HIGH_CARD,
    (2, 1, 1, 1): Cat.PAIR,
    (2, 2, 1): Cat.TWO_PAIR,
    (3, 1, 1): Cat.THREE_OF_A_KIND,
    (3, 2): Cat.FULL_HOUSE,
    (4, 1): Cat.FOUR_OF_A_KIND,
    (5,): Cat.FIVE_OF_A_KIND,
}


def _straight_order(ordered: tuple[int, ...], *, wheel: bool) -> tuple[int, ...] | None:
    """The straight's ranks, top first (wheel: ace last), or ``None`` when not a straight."""
    if len(set(ordered)) != 5:
        return None
    if ordered[0] - ordered[4] == 4:
        return ordered
    if wheel and ordered == _WHEEL:
        return (5, 4, 3, 2, 14)
    return None


def high_signature(ranks: Sequence[int], *, flush: bool) -> Signature:
    """Standard high: five ranks (2-14) and whether they are suited. Greater is better."""
    ordered, pattern = _grouped(ranks)
    straight = _straight_order(ordered, wheel=True)
    if straight is not None:
        return (Cat.STRAIGHT_FLUSH if flush else Cat.STRAIGHT, straight)
    if flush:
        return (Cat.FLUSH, ordered)
    return (_PATTERN_CATEGORY[pattern], ordered)


def deuce_to_seven_signature(ranks: Sequence[int], *, flush: bool) -> Signature:
    """Deuce-to-seven low: aces are high only, so A-2-3-4-5 is no straight. Smaller is better."""
    ordered, pattern = _grouped(ranks)
    straight = _straight_order(ordered, wheel=False)
    if straight is not None:
        return (Cat.STRAIGHT_FLUSH if flush else Cat.STRAIGHT, straight)
    if flush:
        return (Cat.FLUSH, ordered)
    return (_PATTERN_CATEGORY[pattern], ordered)


def ace_to_five_signature(ranks: Sequence[int]) -> Signature:
    """Ace-to-five low: aces count 1, straights and flushes are ignored. Smaller is better.

    Returned ranks are in the 1-13 ace-low scale (the ace is 1)."""
    low = [1 if r == 14 else r for r in ranks]
    ordered, pattern = _grouped(low)
    return (_PATTERN_CATEGORY[pattern], ordered)


def rank_multisets(size: int, *, most: int = 4) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` ranks (2-14, ascending) with at most ``most`` of each rank."""

    def extend(start: int, left: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield ()
            return
        for rank in range(start, 15):
            for copies in range(1, min(most, left) + 1):
                for rest in extend(rank + 1, left - copies):
                    yield (rank,) * copies + rest

    return extend(2, size)


def sub_multisets5(ranks: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The distinct five-rank sub-multisets of a sorted multiset."""
    return set(combinations(ranks, 5))
