"""Badugi hands (Wikipedia, "Badugi").

A badugi hand is four cards. Only cards of different ranks *and* different suits count: from a
hand with a pair or two cards of a suit, the player keeps the largest set of cards with no rank
and no suit twice, and of those the lowest. Aces are low; straights do not count.

* Four such cards (a *badugi*) beat any three, three beat any two, two beat one.
* Hands of the same size compare by their highest card, then the next, and so on: the lower
  wins. The best hand is A-2-3-4 in four suits.

>>> from pokerrules import parse_cards
>>> evaluate_badugi(parse_cards("8h 5d 3s Ah")).describe()   # the higher heart does not play
'Three-card hand, 5-3-A'
>>> evaluate_badugi(parse_cards("Kc Qd Js Th")) > evaluate_badugi(parse_cards("2c 3c 4d 5h"))
True
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable
from functools import cache
from itertools import combinations
from typing import Final

from pokerrules.cards import AnyCard, Card, Rank
from pokerrules.evaluation._core import compiled, native
from pokerrules.evaluation._hands import standard_hand
from pokerrules.evaluation.values import HandCategory, HandValue, Scale

__all__ = ["BADUGI_CARDS", "badugi_values", "evaluate_badugi"]

#: A badugi hand is four cards.
BADUGI_CARDS: Final = 4

_LOW: Final = {r: r.low_value for r in Rank}


@cache
def _values() -> tuple[tuple[HandValue, ...], dict[tuple[int, ...], HandValue]]:
    """Every badugi value, worst first (index = strength), and each by its low ranks."""
    keys = [
        tuple(sorted(combo, reverse=True))
        for size in range(1, BADUGI_CARDS + 1)
        for combo in combinations(range(1, 14), size)
    ]
    # more cards is better; among as many cards, the lower (compared from the top) is better
    keys.sort(key=lambda key: (len(key), tuple(-v for v in key)))
    rank_of = {r.low_value: r for r in Rank}
    values = [
        HandValue(Scale.BADUGI, strength, HandCategory.HIGH_CARD, tuple(rank_of[v] for v in key))
        for strength, key in enumerate(keys, start=1)
    ]
    placeholder = HandValue(Scale.BADUGI, 0, HandCategory.HIGH_CARD, ())
    return (placeholder, *values), dict(zip(keys, values, strict=True))


def badugi_values() -> tuple[HandValue, ...]:
    """Every badugi value by strength (index 0 is a placeholder; strengths start at 1)."""
    return _values()[0]


@compiled("BADUGI")
def evaluate_badugi(cards: Iterable[AnyCard]) -> HandValue:
    """The best badugi hand in ``cards``: one or more distinct standard cards (a badugi hand is
    four cards; from more, as in badeucy, the best four play)."""
    hand = _hand(cards)
    by_key = _values()[1]
    for size in range(min(len(hand), BADUGI_CARDS), 0, -1):
        best: tuple[int, ...] | None = None
        for combo in combinations(hand, size):
            if len({c.suit for c in combo}) < size:
                continue
            lows = {_LOW[c.rank] for c in combo}
            if len(lows) < size:
                continue
            key = tuple(sorted(lows, reverse=True))
            if best is None or key < best:
                best = key
        if best is not None:
            return by_key[best]
    raise AssertionError("unreachable: one card is always a hand")  # pragma: no cover


def _hand(cards: Iterable[AnyCard]) -> tuple[Card, ...]:
    return standard_hand(cards, "badugi", least=1)


def _give_tables() -> None:
    """Hand the compiled core every badugi value and, per set of ranks (a bit per rank, ace
    low: bit 0 the ace), the strength of the hand those ranks make."""
    if native is None:  # pragma: no cover - only the compiled core calls this
        return
    values = badugi_values()
    strengths = array("H", bytes(2 * 8192))
    for value in values[1:]:
        strengths[sum(1 << (_LOW[r] - 1) for r in value.ranks)] = value.strength
    if sys.byteorder == "big":  # pragma: no cover - the core reads little-endian
        strengths.byteswap()
    native.setup_badugi(strengths.tobytes(), values)


if native is not None:
    native.set_badugi(_give_tables)
