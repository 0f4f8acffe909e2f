"""Generate the evaluators' lookup tables from the plain rules in :mod:`._classes`.

Run ``python -m pokerrules.evaluation._build`` to rewrite ``_tables.bin``; a test regenerates
the tables and checks that the shipped file is identical. The file is a zlib-compressed
sequence of named :mod:`array` blocks.

Tables (strengths count from 1; 0 means "no hand"):

* ``<scale>_classes``: per strength, the category and five ranks (6 bytes each);
* ``<scale>_keys`` / ``<scale>_strengths``: for every rank multiset the scale looks up, its
  key (the multiset written in base 5) and its best five-card strength ignoring flushes;
* ``<scale>_flush``: for every 13-bit mask of ranks in one suit, the best flush strength;
* ``high_displacement``: the perfect hash of the high keys (see :func:`perfect_hash`).

High and ace-to-five tables cover multisets of 5 to 7 cards; deuce-to-seven covers 5.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Callable, Iterable
from itertools import combinations
from pathlib import Path

from pokerrules.evaluation._classes import (
    Signature,
    ace_to_five_signature,
    deuce_to_seven_signature,
    high_signature,
    rank_multisets,
    sub_multisets5,
)
from pokerrules.evaluation._core import HASH_BUCKETS, HASH_MASK
from pokerrules.evaluation.values import HandCategory

TABLES_PATH = Path(__file__).with_name("_tables.bin")
#: The compiled core's tables (see :func:`core_blob`), stored uncompressed so that loading
#: them is one read: the first evaluation stays cheap.
CORE_PATH = Path(__file__).with_name("_core.bin")

# The rank keys are also placed in a compact array by a perfect hash (HASH_BUCKETS and
# HASH_MASK, defined with the loaders). The array is far smaller than a dictionary of the same
# keys, so look-ups touch fewer cache lines; the evaluators trust it only for five to seven
# distinct cards, whose keys are all in it.


def multiset_key(ranks: Iterable[int]) -> int:
    """The rank part of a hand's key sum: digit ``r - 2`` in base 5 counts rank ``r``."""
    return sum(5 ** (r - 2) for r in ranks)


def _mask_ranks(mask: int) -> tuple[int, ...]:
    return tuple(r for r in range(14, 1, -1) if mask >> (r - 2) & 1)


def _pack_classes(signatures: list[Signature]) -> array[int]:
    out = array("B")
    for category, ranks in signatures:
        out.append(int(category))
        out.extend(14 if r == 1 else r for r in ranks)
    return out


def _strength_table(
    sizes: Iterable[int],
    best: Callable[[tuple[int, ...]], Signature],
    index: dict[Signature, int],
) -> tuple[array[int], array[int]]:
    keys, strengths = array("I"), array("H")
    for size in sizes:
        for multiset in rank_multisets(size):
            keys.append(multiset_key(multiset))
            strengths.append(index[best(multiset)])
    return keys, strengths


def perfect_hash(keys: list[int]) -> array[int]:
    """Displacements that put every key in its own slot (see ``HASH_BUCKETS``).

    Buckets are placed largest first, each with the smallest displacement whose slots are all
    free; the result depends only on the keys, so a rebuild reproduces it exactly."""
    buckets: list[list[int]] = [[] for _ in range(HASH_BUCKETS)]
    for key in keys:
        buckets[key % HASH_BUCKETS].append(key)
    taken = bytearray(HASH_MASK + 1)
    displacement = array("H", [0] * HASH_BUCKETS)
    for bucket in sorted(range(HASH_BUCKETS), key=lambda b: -len(buckets[b])):
        members = buckets[bucket]
        if not members:
            break
        shift = 0
        while True:
            slots = {(key + shift) & HASH_MASK for key in members}
            if len(slots) == len(members) and not any(taken[slot] for slot in slots):
                break
            shift += 1
        for slot in slots:
            taken[slot] = 1
        displacement[bucket] = shift
    return displacement


def build() -> dict[str, array[int]]:
    """Compute every table."""
    tables: dict[str, array[int]] = {}
    five_rank_sets = list(rank_multisets(5))
    distinct_five = [m for m in five_rank_sets if len(set(m)) == 5]

    # High.
    high = sorted(
        {high_signature(m, flush=False) for m in five_rank_sets}
        | {high_signature(m, flush=True) for m in distinct_five}
    )
    high.append((HandCategory.FIVE_OF_A_KIND, (14,) * 5))  # four aces and the joker
    high_index = {sig: i + 1 for i, sig in enumerate(high)}
    tables["high_classes"] = _pack_classes(high)
    keys, strengths = _strength_table(
        (5, 6, 7),
        lambda m: max(high_signature(s, flush=False) for s in sub_multisets5(m)),
        high_index,
    )
    tables["high_keys"], tables["high_strengths"] = keys, strengths
    tables["high_displacement"] = perfect_hash(keys.tolist())
    flush = array("H", [0] * 8192)
    for mask in range(8192):
        ranks = _mask_ranks(mask)
        if len(ranks) >= 5:
            best = max(high_signature(s, flush=True) for s in combinations(ranks, 5))
            flush[mask] = high_index[best]
    tables["high_flush"] = flush

    # Ace-to-five low (greater strength is the better, i.e. lower, hand).
    a5 = sorted({ace_to_five_signature(m) for m in five_rank_sets}, reverse=True)
    a5_index = {sig: i + 1 for i, sig in enumerate(a5)}
    tables["a5_classes"] = _pack_classes(a5)
    keys, strengths = _strength_table(
        (5, 6, 7),
        lambda m: min(ace_to_five_signature(s) for s in sub_multisets5(m)),
        a5_index,
    )
    tables["a5_keys"], tables["a5_strengths"] = keys, strengths

    # Deuce-to-seven low, five cards.
    d27 = sorted(
        {deuce_to_seven_signature(m, flush=False) for m in five_rank_sets}
        | {deuce_to_seven_signature(m, flush=True) for m in distinct_five},
        reverse=True,
    )
    d27_index = {sig: i + 1 for i, sig in enumerate(d27)}
    tables["d27_classes"] = _pack_classes(d27)
    keys, strengths = _strength_table(
        (5,), lambda m: deuce_to_seven_signature(m, flush=False), d27_index
    )
    tables["d27_keys"], tables["d27_strengths"] = keys, strengths
    d27_flush = array("H", [0] * 8192)
    for mask in range(8192):
        ranks = _mask_ranks(mask)
        if len(ranks) == 5:
            d27_flush[mask] = d27_index[deuce_to_seven_signature(ranks, flush=True)]
    tables["d27_flush"] = d27_flush
    return tables


def encode(tables: dict[str, array[int]]) -> bytes:
    """Serialise tables: per block, name length, name, typecode, byte length, data."""
    parts = []
    for name, data in tables.items():
        raw = data.tobytes()
        parts.append(struct.pack("<B", len(name)) + name.encode() + data.typecode.encode())
        parts.append(struct.pack("<I", len(raw)) + raw)
    return zlib.compress(b"".join(parts), 9)


def decode(blob: bytes) -> dict[str, array[int]]:
    """Read what :func:`encode` wrote."""
    raw, pos, tables = zlib.decompress(blob), 0, {}
    while pos < len(raw):
        (name_len,) = struct.unpack_from("<B", raw, pos)
        name = raw[pos + 1 : pos + 1 + name_len].decode()
        pos += 1 + name_len
        typecode = chr(raw[pos])
        (size,) = struct.unpack_from("<I", raw, pos + 1)
        pos += 5
        block = array(typecode)
        block.frombytes(raw[pos : pos + size])
        tables[name] = block
        pos += size
    return tables


def core_blob(tables: dict[str, array[int]]) -> bytes:
    """The compiled core's tables, little-endian, in this order:

    * ``high_displacement`` (``H`` x 24,593);
    * per perfect-hash slot, the high, then ace-to-five, then deuce-to-seven strength of the
      rank multiset in it (``H`` x 131,072 each; 0 where the scale has no such multiset);
    * ``high_flush`` and ``d27_flush`` (``H`` x 8,192 each);
    * ``high_classes``, ``a5_classes`` and ``d27_classes`` (6 bytes per strength).
    """
    displacement = tables["high_displacement"]
    parts = [displacement]
    for prefix in ("high", "a5", "d27"):
        slots = array("H", [0] * (HASH_MASK + 1))
        keys, strengths = tables[prefix + "_keys"], tables[prefix + "_strengths"]
        for key, strength in zip(keys, strengths, strict=True):
            slots[(key + displacement[key % HASH_BUCKETS]) & HASH_MASK] = strength
        parts.append(slots)
    parts += [tables["high_flush"], tables["d27_flush"]]
    parts += [tables[prefix + "_classes"] for prefix in ("high", "a5", "d27")]
    out = bytearray()
    for part in parts:
        block = array(part.typecode, part)
        if sys.byteorder != "little":
            block.byteswap()
        out += block.tobytes()
    return bytes(out)


def main() -> None:
    """Rewrite the shipped tables files."""
    tables = build()
    TABLES_PATH.write_bytes(encode(tables))
    CORE_PATH.write_bytes(core_blob(tables))
    print(f"wrote {TABLES_PATH.name} and {CORE_PATH.name}")


if __name__ == "__main__":
    main()
