"""Batch evaluation: over any buffer of card indices, or numpy arrays.

:func:`evaluate_batch` takes any buffer of integers (an ``array.array``, ``bytes``, a
numpy array, a :class:`memoryview`) and needs no numpy: on the compiled backend the whole batch
is one call into C, which releases the GIL while it runs.

>>> from array import array
>>> from pokerrules import parse_cards
>>> rows = array("b", [c.index for c in parse_cards("As Ks Qs Js Ts 2c 3d 2d 3h 4s 5c 7d")])
>>> list(evaluate_batch(rows, width=6))
[7462, 1504]

:func:`evaluate_high_batch` is the numpy path (install the ``fast`` extra: ``pip install
'pokerrules[fast]'``).

Hands are rows of an integer array of *card indices* (``Card.index``: ``4 * (rank - 2) +
suit``, 0-51), shaped ``(N, 5)``, ``(N, 6)`` or ``(N, 7)``. The result holds the same
strengths as :func:`~pokerrules.evaluation.evaluate_high` (``.strength``), so batch and scalar
results compare directly.

The algorithm mirrors the scalar one, vectorised: sum each row's rank digits (base 5) and count
its suits; rows without a flush map their rank key to a strength through a dense index (the
key's low and high digits are looked up separately, so no table is larger than 80,000
entries); rows with a flush look up the flush suit's 13-bit rank mask.

>>> import numpy as np
>>> from pokerrules import parse_cards, evaluate_high
>>> hands = [parse_cards("As Ks Qs Js Ts 2c 3d"), parse_cards("2c 3d 4h 5s 7c 8d 9h")]
>>> strengths = evaluate_high_batch(np.array([[c.index for c in h] for h in hands]))
>>> [int(s) for s in strengths] == [evaluate_high(h).strength for h in hands]
True
>>> from pokerrules.evaluation.fast import value_of
>>> value_of(int(strengths[0])).describe()
'Royal flush'
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final, cast

from pokerrules._validators import shown
from pokerrules.cards import STANDARD_CARDS, Card, card_tuple
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation._classes import rank_multisets
from pokerrules.evaluation._core import CORE_SCALES, ensure_loaded, native
from pokerrules.evaluation._tables import (
    JOKER_STATE,
    SUIT_STATE,
    flush_strengths,
    strengths_by_rank_key,
)
from pokerrules.evaluation.values import Scale

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from typing_extensions import Buffer

__all__ = [
    "card_indices",
    "combinations_array",
    "evaluate_batch",
    "evaluate_high_batch",
    "numpy_available",
]

# Ranks 2-8 form the key's low digits, ranks 9-A its high digits.
_LOW_RANKS = 7
_LOW_SPAN = 5**_LOW_RANKS
_HIGH_SPAN = 5 ** (13 - _LOW_RANKS)


def numpy_available() -> bool:
    """Whether numpy can be imported (the ``fast`` extra is installed)."""
    try:
        import numpy  # noqa: F401, PLC0415
    except ImportError:
        return False
    return True


def _numpy() -> Any:
    try:
        import numpy  # noqa: PLC0415
    except ImportError:
        raise InvalidDefinitionError(
            "batch evaluation needs numpy: install the extra with pip install 'pokerrules[fast]'"
        ) from None
    return numpy


class _Tables:
    """Dense numpy tables for the high scale, built once from the shipped scalar tables."""

    def __init__(self) -> None:
        np = _numpy()
        index = np.arange(52)
        ranks, suits = index // 4, index % 4
        digits = 5 ** ranks.astype(np.int64)
        low_digit = np.where(ranks < _LOW_RANKS, digits, 0)
        high_digit = np.where(ranks >= _LOW_RANKS, digits // _LOW_SPAN, 0)
        # One int64 key per card: low digits (17 bits), high digits (14 bits), suit counts.
        self.key = low_digit | high_digit << 17 | np.int64(1) << (31 + 4 * suits)
        self.card_bit = np.int64(1) << (13 * suits + ranks)
        # the flush suit + 1, or 0 (batch rows hold five to seven standard cards)
        self.suit_state = np.array([s if s < JOKER_STATE else 0 for s in SUIT_STATE], np.int8)
        # Dense numbering of every low-digit and high-digit multiset that can occur, by size.
        low_code = np.full(_LOW_SPAN, -1, dtype=np.int32)
        high_code = np.full(_HIGH_SPAN, -1, dtype=np.int32)
        low_parts: list[tuple[int, ...]] = []
        high_parts: list[tuple[int, ...]] = []
        for size in range(8):
            for multiset in rank_multisets(size):
                low = tuple(r for r in multiset if r - 2 < _LOW_RANKS)
                high = tuple(r for r in multiset if r - 2 >= _LOW_RANKS)
                if not high and multiset:
                    low_parts.append(low)
                if not low:
                    high_parts.append(high)
        for code, part in enumerate(dict.fromkeys([(), *low_parts])):
            low_code[sum(5 ** (r - 2) for r in part)] = code
        for code, part in enumerate(dict.fromkeys([(), *high_parts])):
            high_code[sum(5 ** (r - 2 - _LOW_RANKS) for r in part)] = code
        self.low_code, self.high_code = low_code, high_code
        width = int(low_code.max()) + 1
        strengths = np.zeros((int(high_code.max()) + 1) * width, dtype=np.int32)
        for key, strength in strengths_by_rank_key(Scale.HIGH).items():
            low, high = key % _LOW_SPAN, key // _LOW_SPAN
            strengths[high_code[high] * width + low_code[low]] = strength
        self.width = width
        self.strengths = strengths
        self.flush = np.array(flush_strengths(Scale.HIGH), dtype=np.int32)


@cache
def _tables() -> _Tables:
    return _Tables()


def evaluate_high_batch(indices: npt.ArrayLike) -> np.ndarray[Any, Any]:
    """Strengths (as in ``evaluate_high(...).strength``) of each row of card indices.

    Rows must hold 5 to 7 distinct card indices in 0-51; the joker is not supported here.
    """
    xp = _numpy()
    try:
        hands = xp.asarray(indices)
    except (TypeError, ValueError):  # ragged rows, or items numpy cannot read
        raise InvalidDefinitionError(
            "indices must be an (N, 5), (N, 6) or (N, 7) array of card indices, with every "
            "row as long"
        ) from None
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise InvalidDefinitionError(
            f"batch evaluation takes an (N, 5), (N, 6) or (N, 7) array, not shape {hands.shape}"
        )
    if hands.dtype.kind not in "iu":
        raise InvalidDefinitionError(f"card indices must be integers, not {hands.dtype}")
    if native is not None and hands.size:
        # the compiled core reads integers in the machine's byte order; it checks every row
        rows = xp.ascontiguousarray(hands, dtype=hands.dtype.newbyteorder("="))
        out = xp.empty(len(rows), dtype=xp.int32)
        ensure_loaded()
        if native.batch(rows, rows.shape[1], out, 0) < 0:
            return cast("np.ndarray[Any, Any]", out)
        # an index out of range or a repeated card: the checks below say which and where
    if hands.size and (hands.min() < 0 or hands.max() > 51):
        raise InvalidDefinitionError("card indices must be between 0 and 51")
    t = _tables()
    # Column by column: N-long gathers and in-place adds beat a gather-and-reduce over rows.
    columns = xp.ascontiguousarray(hands.T)
    # a card twice in a row: compare the columns pairwise (far cheaper than sorting rows)
    repeated = xp.zeros(len(hands), dtype=bool)
    for i, j in combinations(range(len(columns)), 2):
        repeated |= columns[i] == columns[j]
    if repeated.any():
        row = int(xp.flatnonzero(repeated)[0])
        raise InvalidDefinitionError(f"row {row} holds a card index twice")
    keys = t.key.take(columns[0])
    for column in columns[1:]:
        keys += t.key.take(column)
    code = t.high_code.take(keys >> 17 & 0x3FFF)
    code *= t.width
    code += t.low_code.take(keys & 0x1FFFF)
    result = t.strengths.take(code)
    state = t.suit_state[keys >> 31 & 0xFFFF]
    flush_rows = xp.flatnonzero(state)
    if flush_rows.size:
        bits = t.card_bit[hands[flush_rows]].sum(axis=1)
        shift = 13 * (state[flush_rows].astype(xp.int64) - 1)
        result[flush_rows] = t.flush[bits >> shift & 0x1FFF]
    return cast("np.ndarray[Any, Any]", result)


def card_indices(hands: Any) -> np.ndarray[Any, Any]:
    """Turn a sequence of equal-length card sequences into an index array for the batch API."""
    xp = _numpy()
    rows = [_indices_of(hand, i) for i, hand in enumerate(_hand_list(hands))]
    widths = {len(row) for row in rows}
    if len(widths) > 1:
        raise InvalidDefinitionError(
            f"hands must all hold as many cards; they hold {sorted(widths)} cards"
        )
    out: np.ndarray[Any, Any] = xp.array(rows, dtype=xp.int8)
    return out


def _hand_list(hands: Any) -> list[Any]:
    if isinstance(hands, str):
        raise InvalidDefinitionError(
            f"hands must be a sequence of hands of cards, not the text {shown(hands)}"
        )
    try:
        return list(hands)
    except TypeError:
        raise InvalidDefinitionError(
            f"hands must be a sequence of hands of cards, not {shown(hands)}"
        ) from None


def _indices_of(hand: Any, row: int) -> list[int]:
    indices = []
    for card in card_tuple(hand, f"hand {row}"):
        if not isinstance(card, Card):  # the joker has no index: batches are standard cards
            raise InvalidDefinitionError(
                f"hand {row} must hold standard cards only, not {shown(card)}"
            )
        indices.append(card.index)
    return indices


def combinations_array(n: int, k: int) -> np.ndarray[Any, Any]:
    """Every ``k``-subset of ``range(n)`` as rows of an int8 array, in colex order.

    In colex order the subsets of ``range(m)`` come first for every ``m < n``, so a prefix of
    the result enumerates a smaller set.

    >>> combinations_array(4, 2).tolist()
    [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
    """
    xp = _numpy()
    for value, name in ((n, "n"), (k, "k")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidDefinitionError(f"{name} must be a whole number, not {shown(value)}")
    if not 0 <= k <= n <= 127:
        raise InvalidDefinitionError(f"cannot choose {k} of {n} (0 <= k <= n <= 127)")
    # rows[m] holds the subsets of range(m) of the current size, for every m.
    rows = [xp.zeros((1, 0), dtype=xp.int8) for _ in range(n + 1)]
    for size in range(1, k + 1):
        grown = [xp.zeros((0, size), dtype=xp.int8) for _ in range(n + 1)]
        for m in range(size, n + 1):
            last = m - 1  # subsets of range(m) whose largest element is m - 1
            block = rows[last]
            tail = xp.full((len(block), 1), last, dtype=xp.int8)
            grown[m] = xp.concatenate([grown[m - 1], xp.hstack([block, tail])])
        rows = grown
    return cast("np.ndarray[Any, Any]", rows[n])


_SCALE_CODE: Final = {scale: code for code, scale in enumerate(CORE_SCALES)}


def evaluate_batch(
    indices: Buffer, width: int = 7, scale: Scale = Scale.HIGH
) -> MutableSequence[int]:
    """Strengths (as in ``evaluate(...).strength``) of consecutive rows of ``width`` card
    indices (``Card.index``, 0-51) read from any buffer of integers, in an ``array("H")``.

    ``width`` is 5 to 7 and ``scale`` the high, ace-to-five or deuce-to-seven scale. A row
    that is not ``width`` distinct card indices is refused with its number.
    """
    if isinstance(width, bool) or not isinstance(width, int) or not 5 <= width <= 7:
        raise InvalidDefinitionError(f"width must be 5, 6 or 7 cards, not {shown(width)}")
    code = _SCALE_CODE.get(scale) if isinstance(scale, Scale) else None
    if code is None:
        names = ", ".join(f"Scale.{s.name}" for s in CORE_SCALES)
        raise InvalidDefinitionError(f"batch scales are {names}, not {shown(scale)}")
    try:
        view = memoryview(indices)
    except TypeError:
        raise InvalidDefinitionError(
            f"indices must be a buffer of integers (array.array, bytes, a numpy array), "
            f"not {shown(indices)}"
        ) from None
    with view:
        if view.format.lstrip("@=<") not in tuple("bBhHiIlLqQ") or not view.c_contiguous:
            raise InvalidDefinitionError(
                f"indices must be a contiguous buffer of integers, not format {view.format!r}"
            )
        count = view.nbytes // view.itemsize
        if count % width:
            raise InvalidDefinitionError(
                f"the buffer holds {count} card indices, not a whole number of rows of {width}"
            )
        out = array("H", [0]) * (count // width)  # cheaper than copying a zeroed bytes
        if native is not None:
            ensure_loaded()
            bad = native.batch(view, width, out, code)
            if bad < 0:
                return out
        else:
            octets: Any = view.cast("B")  # re-cast flat, whatever the buffer's shape
            flat: list[int] = octets.cast(view.format.lstrip("@=<")).tolist()
            bad = _pure_batch(flat, width, scale, out)
            if bad < 0:
                return out
    raise InvalidDefinitionError(
        f"row {bad} of the batch is not {width} distinct card indices from 0 to 51"
    )


def _pure_batch(flat: list[int], width: int, scale: Scale, out: array[int]) -> int:
    """Fill ``out``; -1, or the first row that is not ``width`` distinct indices 0-51."""
    from pokerrules.evaluation import evaluators  # noqa: PLC0415 - evaluators imports this

    cards = sorted(STANDARD_CARDS, key=lambda c: c.index)
    evaluate = {
        Scale.HIGH: evaluators.evaluate_high,
        Scale.ACE_TO_FIVE_LOW: evaluators.evaluate_ace_to_five_low,
        Scale.DEUCE_TO_SEVEN_LOW: evaluators.evaluate_deuce_to_seven_low,
    }[scale]
    for row in range(len(out)):
        hand = flat[row * width : (row + 1) * width]
        if len(set(hand)) != width or not all(0 <= i <= 51 for i in hand):
            return row
        out[row] = evaluate([cards[i] for i in hand]).strength
    return -1
