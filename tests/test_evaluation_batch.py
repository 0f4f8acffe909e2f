"""Batches over buffers: evaluate_batch on any buffer of card indices, on both backends."""

from __future__ import annotations

import random
from array import array
from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.cards import STANDARD_CARDS
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import Scale, evaluate
from pokerrules.evaluation.batch import evaluate_batch

CARDS = tuple(sorted(STANDARD_CARDS, key=lambda c: c.index))
SCALES = (Scale.HIGH, Scale.ACE_TO_FIVE_LOW, Scale.DEUCE_TO_SEVEN_LOW)


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(5, 7),
    rows=st.integers(0, 40),
    seed=st.integers(0, 2**32),
    scale=st.sampled_from(SCALES),
    typecode=st.sampled_from("bBhHiIlLqQ"),
)
def test_a_batch_gives_each_rows_strength(
    width: int, rows: int, seed: int, scale: Scale, typecode: str
) -> None:
    rng = random.Random(seed)
    hands = [rng.sample(range(52), width) for _ in range(rows)]
    flat = array(typecode, [i for hand in hands for i in hand])
    got = evaluate_batch(flat, width, scale)
    assert list(got) == [evaluate([CARDS[i] for i in hand], scale).strength for hand in hands]


def test_a_batch_reads_numpy_arrays_and_bytes_too() -> None:
    np = pytest.importorskip("numpy")
    rows = [[51, 47, 43, 39, 35, 0, 5], [0, 4, 8, 12, 17, 21, 25]]
    expected = [evaluate([CARDS[i] for i in row]).strength for row in rows]
    assert list(evaluate_batch(np.array(rows, dtype=np.int8))) == expected
    assert list(evaluate_batch(np.array(rows, dtype=np.int64))) == expected
    assert list(evaluate_batch(bytes(rows[0] + rows[1]))) == expected
    assert list(evaluate_batch(memoryview(bytes(rows[1])))) == expected[1:]


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ([0, 1, 2, 3, 52], "above 51"),
        ([0, 1, 2, 3, 3], "repeated"),
        ([0, 1, 2, 3, -1], "negative"),
    ],
)
def test_a_bad_row_is_refused_with_its_number(row: list[int], problem: str) -> None:
    good = [10, 11, 12, 13, 14]
    with pytest.raises(InvalidDefinitionError, match="row 1 of the batch"):
        evaluate_batch(array("b", good + row + good), 5)


@pytest.mark.parametrize(
    ("indices", "width", "scale", "message"),
    [
        (array("b", range(10)), 4, Scale.HIGH, "width must be 5, 6 or 7"),
        (array("b", range(10)), True, Scale.HIGH, "width must be 5, 6 or 7"),
        (array("b", range(11)), 5, Scale.HIGH, "not a whole number of rows"),
        (array("b", range(10)), 5, Scale.BADUGI, "batch scales are"),
        (array("b", range(10)), 5, "high", "batch scales are"),
        (array("d", range(10)), 5, Scale.HIGH, "contiguous buffer of integers"),
        ([0, 1, 2, 3, 4], 5, Scale.HIGH, "must be a buffer of integers"),
        ("01234", 5, Scale.HIGH, "must be a buffer of integers"),
    ],
)
def test_malformed_batches_are_refused(
    indices: object, width: object, scale: object, message: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        evaluate_batch(indices, width, scale)  # type: ignore[arg-type]


def _first_bad_row(flat: list[int], width: int) -> int | None:
    """The first row that is not ``width`` distinct indices 0-51, or ``None``."""
    for row in range(len(flat) // width):
        hand = flat[row * width : (row + 1) * width]
        if len(set(hand)) != width or not all(0 <= i <= 51 for i in hand):
            return row
    return None


# values a wide integer type can hold that are not card indices, some of them a card index
# plus a multiple of 256 (a reader that kept only the low byte would take them for cards)
not_indices = st.one_of(
    st.integers(-300, -1),
    st.integers(52, 600),
    st.sampled_from([256, 256 + 5, 512 + 51, 2**15 - 1, 2**16 - 256, 2**31 - 1]),
)


#: the values each wide type code holds
TYPE_RANGES = {
    "h": (-(2**15), 2**15 - 1),
    "H": (0, 2**16 - 1),
    "i": (-(2**31), 2**31 - 1),
    "I": (0, 2**32 - 1),
    "q": (-(2**63), 2**63 - 1),
    "Q": (0, 2**64 - 1),
}


@settings(max_examples=150, deadline=None)
@given(
    width=st.integers(5, 7),
    seed=st.integers(0, 2**32),
    rows=st.integers(1, 12),
    spoil=st.lists(st.tuples(st.integers(0, 83), st.one_of(not_indices, st.integers(0, 51)))),
    typecode=st.sampled_from(sorted(TYPE_RANGES)),
)
def test_a_batch_refuses_exactly_the_first_row_that_is_not_distinct_indices(
    width: int, seed: int, rows: int, spoil: list[tuple[int, int]], typecode: str
) -> None:
    rng = random.Random(seed)
    flat = [i for _ in range(rows) for i in rng.sample(range(52), width)]
    low, high = TYPE_RANGES[typecode]
    for place, value in spoil:  # values out of range, or a second copy of a card in a row
        if low <= value <= high:
            flat[place % len(flat)] = value
    bad = _first_bad_row(flat, width)
    if bad is None:
        got = evaluate_batch(array(typecode, flat), width)
        hands = [flat[r * width : (r + 1) * width] for r in range(rows)]
        assert list(got) == [evaluate([CARDS[i] for i in hand]).strength for hand in hands]
    else:
        with pytest.raises(InvalidDefinitionError, match=f"row {bad} of the batch"):
            evaluate_batch(array(typecode, flat), width)


def test_a_batch_reads_a_buffer_at_any_alignment() -> None:
    rows = [[51, 47, 43, 39, 35, 0, 5], [0, 4, 8, 12, 17, 21, 25]]
    expected = [evaluate([CARDS[i] for i in row]).strength for row in rows]
    typecodes: tuple[Literal["h", "i", "q"], ...] = ("h", "i", "q")
    for typecode in typecodes:
        packed = array(typecode, rows[0] + rows[1]).tobytes()
        skewed = bytearray(1 + len(packed))
        skewed[1:] = packed
        view = memoryview(skewed)[1:].cast(typecode)  # one byte off the type's alignment
        assert list(evaluate_batch(view)) == expected


def test_the_numpy_batch_reads_either_byte_order() -> None:
    np = pytest.importorskip("numpy")
    from pokerrules.evaluation.batch import evaluate_high_batch

    rows = [[51, 47, 43, 39, 35, 0, 5], [0, 4, 8, 12, 17, 21, 25]]
    expected = [evaluate([CARDS[i] for i in row]).strength for row in rows]
    for dtype in (">i4", "<i4", ">u2", ">i8"):
        assert evaluate_high_batch(np.array(rows, dtype=dtype)).tolist() == expected
    with pytest.raises(InvalidDefinitionError, match="between 0 and 51"):
        evaluate_high_batch(np.array([[0, 1, 2, 3, 300]], dtype=">i4"))
    with pytest.raises(InvalidDefinitionError, match="row 1 holds a card index twice"):
        evaluate_high_batch(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 3]], dtype=">i2"))


@pytest.mark.parametrize("width", [5, 6, 7])
def test_a_high_batch_values_every_rank_multiset_of_its_width_as_the_scalar_path(
    width: int,
) -> None:
    """Exhaustive over ranks: every multiset of ``width`` ranks (6,175, 18,395 and 49,205),
    dealt in suits taken in turn so that no suit has five cards, against ``evaluate``. On the
    compiled core a high batch reads a table built for its width, so this covers every key
    of that table."""
    from pokerrules.evaluation._classes import rank_multisets

    hands = [
        [4 * (rank - 2) + place % 4 for place, rank in enumerate(ranks)]
        for ranks in rank_multisets(width)
    ]
    got = evaluate_batch(array("b", [i for hand in hands for i in hand]), width)
    assert list(got) == [evaluate([CARDS[i] for i in hand]).strength for hand in hands]


def test_each_width_of_high_batch_reads_its_own_table_on_the_compiled_core() -> None:
    from pokerrules.evaluation._core import native

    if native is None:
        pytest.skip("the compiled core is not in use")
    for width in (5, 6, 7):
        evaluate_batch(array("b", range(width)), width)
    assert native.dense_states() == (1, 1, 1)  # built, not left to the shared tables
