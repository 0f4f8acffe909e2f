"""Batches over buffers: evaluate_batch on any buffer of card indices, on both backends."""

from __future__ import annotations

import random
from array import array

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
