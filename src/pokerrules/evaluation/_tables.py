"""Load the shipped lookup tables.

The high and ace-to-five evaluators read :func:`core_view`: zero-copy views of the same
uncompressed file the compiled core reads (``_core.bin``), with the hand values made one by one
as they are first met, so their first evaluation reads one file and builds almost nothing. The
complete tables of a scale (every value, and dictionaries by rank key) are built by
:func:`tables` on first use, for deuce-to-seven, the integer API's lows, and the batch and
equity code. Nothing here is computed from
the rules at import; see :mod:`._build` for where the tables come from.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from functools import cache
from typing import Final, cast

import attrs

from pokerrules.cards import JOKER, SUIT_COUNT_MASK, SUIT_SHIFT, Rank
from pokerrules.evaluation._core import (
    CORE_SCALES,
    HASH_BUCKETS,
    HASH_MASK,
    core_bytes,
    value_cache,
)
from pokerrules.evaluation.values import HandCategory, HandValue, Scale

#: ``SUIT_STATE[key_sum >> SUIT_SHIFT & SUIT_COUNT_MASK]``: 0 for five to seven standard cards
#: without a flush, ``1 + suit`` when five or more of them share that suit, :data:`JOKER_STATE`
#: when the joker is in the hand, :data:`OTHER_STATE` for any other number of cards.
JOKER_STATE: Final = 5
OTHER_STATE: Final = 6


def _suit_states() -> list[int]:
    # Only hands of up to seven cards are looked up here; larger ones take the general path.
    states = [OTHER_STATE] * (SUIT_COUNT_MASK + 1)
    for counts in _suit_counts(4, 7):
        cards = sum(counts)
        packed = sum(count << (4 * suit) for suit, count in enumerate(counts))
        if cards <= 6:  # the same cards and the joker, whose key adds five to each suit
            states[packed + (JOKER >> SUIT_SHIFT)] = JOKER_STATE
        if cards >= 5:
            flush = [1 + suit for suit, count in enumerate(counts) if count >= 5]
            states[packed] = flush[0] if flush else 0
    return states


def _suit_counts(suits: int, most: int) -> list[tuple[int, ...]]:
    """Every way to hold at most ``most`` cards in ``suits`` suits (counts per suit)."""
    if suits == 0:
        return [()]
    return [
        (count, *rest)
        for count in range(most + 1)
        for rest in _suit_counts(suits - 1, most - count)
    ]


SUIT_STATE: Final = _suit_states()


@attrs.frozen
class CoreView:
    """The shipped core tables, as read-only views of one bytes object (no copies)."""

    #: The perfect hash's displacements (a list: read on every look-up).
    displacement: list[int]
    #: Per core scale (high, ace-to-five, deuce-to-seven), the strength in each slot.
    slots: tuple[Sequence[int], Sequence[int], Sequence[int]]
    #: Per 13-bit rank mask of one suit, the high and the deuce-to-seven flush strength.
    high_flush: Sequence[int]
    d27_flush: Sequence[int]


@cache
def core_view() -> CoreView:
    """Views of ``_core.bin`` (layout: :func:`pokerrules.evaluation._build.core_blob`)."""
    blob = core_bytes()
    words: Sequence[int]
    if sys.byteorder == "little":
        words = memoryview(blob).cast("B").cast("H")
    else:  # pragma: no cover - the file is little-endian: copy and swap
        swapped = array("H")
        swapped.frombytes(blob[: 2 * (HASH_BUCKETS + 3 * (HASH_MASK + 1) + 2 * 8192)])
        swapped.byteswap()
        words = swapped
    size, at = HASH_MASK + 1, HASH_BUCKETS
    slots = [words[at + i * size : at + (i + 1) * size] for i in range(len(CORE_SCALES))]
    at += len(CORE_SCALES) * size
    return CoreView(
        displacement=list(words[:HASH_BUCKETS]),
        slots=(slots[0], slots[1], slots[2]),
        high_flush=words[at : at + 8192],
        d27_flush=words[at + 8192 : at + 2 * 8192],
    )


def _raw() -> dict[str, array[int]]:
    from importlib import resources  # noqa: PLC0415 - only the full tables need these

    from pokerrules.evaluation._build import decode  # noqa: PLC0415

    blob = resources.files("pokerrules.evaluation").joinpath("_tables.bin").read_bytes()
    tables = decode(blob)
    if sys.byteorder != "little":  # the file is written little-endian
        for block in tables.values():
            block.byteswap()
    return tables


@attrs.frozen
class ScaleTables:
    """One scale's tables: ``values[strength]`` and the key -> strength maps."""

    scale: Scale
    values: tuple[HandValue, ...]  # index 0 is a placeholder; strengths start at 1
    by_rank_key: dict[int, HandValue]
    flush: tuple[HandValue | None, ...]


@cache
def high_hash() -> tuple[list[int], list[HandValue | None]]:
    """The high scale's perfect hash: the displacements, and the slots holding the values."""
    raw = _raw()
    displacement = raw["high_displacement"].tolist()
    values = tables(Scale.HIGH).values
    slots: list[HandValue | None] = [None] * (HASH_MASK + 1)
    keys, strengths = raw["high_keys"].tolist(), raw["high_strengths"].tolist()
    for key, strength in zip(keys, strengths, strict=True):
        slots[(key + displacement[key % HASH_BUCKETS]) & HASH_MASK] = values[strength]
    return displacement, slots


_RANK_BY_VALUE: Final = (None, None, *Rank)
_CATEGORIES: Final = tuple(HandCategory)


def _values(scale: Scale, classes: array[int]) -> tuple[HandValue, ...]:
    # The objects are shared with the compiled core, which makes them one by one as it meets
    # them: fill in the ones not made yet.
    raw = classes.tobytes()
    ranks_of = _RANK_BY_VALUE.__getitem__
    cache = value_cache[scale]
    for i in range(0, len(raw), 6):
        if cache[i // 6 + 1] is None:
            cache[i // 6 + 1] = HandValue(
                scale, i // 6 + 1, _CATEGORIES[raw[i]], tuple(map(ranks_of, raw[i + 1 : i + 6]))
            )
    out = cast("list[HandValue]", cache[1:])
    return (out[0], *out)


_PREFIX: Final = {Scale.HIGH: "high", Scale.ACE_TO_FIVE_LOW: "a5", Scale.DEUCE_TO_SEVEN_LOW: "d27"}


@cache
def tables(scale: Scale) -> ScaleTables:
    """The tables of ``scale``, loaded once."""
    raw, prefix = _raw(), _PREFIX[scale]
    values = _values(scale, raw[prefix + "_classes"])
    keys, strengths = raw[prefix + "_keys"].tolist(), raw[prefix + "_strengths"].tolist()
    return ScaleTables(
        scale=scale,
        values=values,
        by_rank_key=dict(zip(keys, map(values.__getitem__, strengths), strict=True)),
        flush=tuple(values[s] if s else None for s in flush_strengths(scale)),
    )


@cache
def flush_strengths(scale: Scale) -> tuple[int, ...]:
    """Per 13-bit rank mask of one suit, the best flush strength (0: fewer than five cards)."""
    raw, prefix = _raw(), _PREFIX[scale]
    return tuple(raw[prefix + "_flush"]) if prefix + "_flush" in raw else (0,) * 8192


@cache
def strengths_by_rank_key(scale: Scale) -> dict[int, int]:
    """The integer twin of ``tables(scale).by_rank_key``, for the integer API.

    Equal strengths share one ``int`` object, which keeps the look-ups' memory small (and
    measurably faster: fewer cache lines per hot loop)."""
    raw, prefix = _raw(), _PREFIX[scale]
    canonical = list(range(1 << 16)).__getitem__
    strengths = map(canonical, raw[prefix + "_strengths"].tolist())
    return dict(zip(raw[prefix + "_keys"].tolist(), strengths, strict=True))
