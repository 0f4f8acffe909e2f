"""Equity kernels on the compiled evaluation core (used when it is built; see
:data:`pokerrules.evaluation.BACKEND`).

One call into C enumerates every runout of a deal of known hands, or samples runouts with
the core's own seeded generator (xoshiro256**), and returns the share counts. Exact results
are identical to the other kernels'; sampled results follow the core's generator, so for one
seed they differ from the pure-Python and numpy samplers' (each is reproducible).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Final

from pokerrules.equity._spec import Spec
from pokerrules.equity.results import Tally, code_count
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation._core import ensure_loaded, native

_MAX_PLAYERS: Final = 23
_MASK64: Final = (1 << 64) - 1


def supports(spec: Spec) -> bool:
    """Whether the compiled core is in use and takes this spot's game."""
    if native is None or spec.players > _MAX_PLAYERS:
        return False
    if spec.exactly_two:
        return 2 <= spec.hole_cards <= 10
    return 1 <= spec.hole_cards <= 2


def _counts(spec: Spec, hands: bytes, deck: Sequence[int], samples: int, seed: int) -> list[int]:
    if native is None:  # pragma: no cover - callers check supports() first
        raise InvalidDefinitionError("the compiled evaluation core is not in use")
    ensure_loaded()
    counts: list[int] = native.showdowns(
        hands,
        spec.hole_cards,
        spec.board,
        bytes(deck),
        spec.exactly_two,
        spec.hi_lo,
        samples,
        seed & _MASK64,
    )
    return counts


def _known(spec: Spec) -> list[tuple[int, ...]]:
    return [spec.combos(p)[0] for p in range(spec.players)]


def _tally(spec: Spec, flat: Sequence[int]) -> Tally:
    width = code_count(spec.players, spec.hi_lo)
    rows = tuple(tuple(flat[p * width : (p + 1) * width]) for p in range(spec.players))
    return Tally(spec.hi_lo, rows)


def exact_deal(spec: Spec, hands: Sequence[Sequence[int]]) -> list[int]:
    """Share counts (players x codes, flattened) over every runout of one deal of hands."""
    used = {card for hand in hands for card in hand}
    deck = [card for card in spec.deck if card not in used]
    return _counts(spec, bytes(card for hand in hands for card in hand), deck, 0, 0)


def exact_known(spec: Spec) -> Tally:
    """Every runout of a spot whose hands are all known."""
    return _tally(spec, exact_deal(spec, _known(spec)))


def chunk_seed(seed: int, chunk: int) -> int:
    """The core generator's seed for one chunk of a run: a hash of the run's seed and the
    chunk's number (the same under every backend, so both give the same sample)."""
    digest = hashlib.sha256(f"pokerrules-core-equity:{seed}:{chunk}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def sample_known(spec: Spec, seed: int, chunk: int, count: int) -> Tally:
    """``count`` runouts of chunk ``chunk`` of a run of ``seed``, for a spot whose hands are
    all known."""
    seed = chunk_seed(seed, chunk)
    hands = _known(spec)
    used = {card for hand in hands for card in hand}
    deck = [card for card in spec.deck if card not in used]
    flat = _counts(spec, bytes(card for hand in hands for card in hand), deck, count, seed)
    return _tally(spec, flat)


def add(total: list[int], more: Sequence[int]) -> None:
    """Add share counts in place."""
    for i, value in enumerate(more):
        total[i] += value


def tally_of(spec: Spec, flat: Sequence[int]) -> Tally:
    """The flat share counts as a :class:`Tally`."""
    return _tally(spec, flat)
