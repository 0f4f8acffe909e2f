"""The compiled evaluation core against the pure-Python path it stands in for.

Every compiled entry point keeps its pure-Python twin as ``__wrapped__``; on the compiled
backend the two must agree on every input -- the same value, or the same error with the same
message. On the pure-Python backend (``POKERRULES_PURE_PYTHON=1``) the comparisons are of the
pure path with itself and are skipped.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Callable
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.cards import JOKER, STANDARD_CARDS, Card
from pokerrules.evaluation import (
    BACKEND,
    Scale,
    _build,
    evaluate_ace_to_five_low,
    evaluate_badugi,
    evaluate_deuce_to_seven_low,
    evaluate_eight_or_better,
    evaluate_high,
    evaluate_omaha,
    evaluate_omaha_eight_or_better,
    evaluate_short_deck,
    fast,
)

compiled_only = pytest.mark.skipif(BACKEND != "compiled", reason="the compiled core is not in use")

CARDS = tuple(sorted(STANDARD_CARDS, key=lambda c: c.index))
PER_HAND = (
    evaluate_high,
    evaluate_ace_to_five_low,
    evaluate_deuce_to_seven_low,
    evaluate_eight_or_better,
)


def pure(f: Callable[..., Any]) -> Callable[..., Any]:
    """The pure-Python twin of a compiled entry point (the function itself on that path)."""
    twin: Callable[..., Any] = getattr(f, "__wrapped__", f)
    return twin


def outcome(f: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    """What a call gives: its result, or its error's type and message."""
    try:
        return ("value", f(*args))
    except Exception as error:
        return (type(error).__name__, str(error))


def test_backend_is_compiled_or_python() -> None:
    assert BACKEND in ("compiled", "python")
    assert (BACKEND == "compiled") == hasattr(evaluate_high, "__wrapped__")


def test_pure_python_environment_variable_forces_the_fallback() -> None:
    probe = (
        "from pokerrules.evaluation import BACKEND, evaluate_high; from pokerrules import "
        "parse_cards; print(BACKEND, evaluate_high(parse_cards('As Ks Qs Js Ts')).describe())"
    )
    env = {**os.environ, "POKERRULES_PURE_PYTHON": "1"}
    out = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["python", "Royal", "flush"]


def test_compiled_entry_points_read_like_their_twins() -> None:
    entries = (
        *PER_HAND,
        evaluate_omaha,
        evaluate_badugi,
        fast.high_strength,
        fast.high_strength_of,
    )
    for f in entries:
        assert f.__name__ == pure(f).__name__
        assert f.__doc__ == pure(f).__doc__
        assert f.__module__ == pure(f).__module__


def test_the_shipped_core_tables_are_the_shipped_tables_rearranged() -> None:
    tables = _build.decode(_build.TABLES_PATH.read_bytes())
    assert _build.CORE_PATH.read_bytes() == _build.core_blob(tables)


@compiled_only
@pytest.mark.parametrize("f", PER_HAND, ids=lambda f: f.__name__)
def test_every_five_card_hand_has_the_same_value_on_both_paths(f: Callable[..., Any]) -> None:
    # exhaustive: all 2,598,960 five-card hands, on each scale the core covers
    twin = pure(f)
    differ = [h for h in combinations(CARDS, 5) if f(h) != twin(h)]
    assert differ == []


@compiled_only
def test_every_five_card_hand_has_the_same_integer_strength_on_both_paths() -> None:
    f, twin = fast.high_strength_of, pure(fast.high_strength_of)
    indices = range(52)
    differ = [h for h in combinations(indices, 5) if f(h) != twin(h)]
    assert differ == []


hands = st.integers(5, 7).flatmap(lambda n: st.permutations(CARDS).map(lambda p: p[:n]))


@compiled_only
@settings(max_examples=400, deadline=None)
@given(hand=hands, as_list=st.booleans())
def test_both_paths_agree_on_random_hands_of_every_scale(
    hand: tuple[Card, ...], as_list: bool
) -> None:
    cards: Any = list(hand) if as_list else hand
    for f in PER_HAND:
        assert f(cards) == pure(f)(cards)
        assert f(cards) is pure(f)(cards) or f(cards) is None  # the same shared object
    indices = [c.index for c in hand]
    assert fast.high_strength_of(indices) == pure(fast.high_strength_of)(indices)
    assert fast.low_strength_of(indices) == pure(fast.low_strength_of)(indices)
    assert fast.high_strength(sum(hand)) == pure(fast.high_strength)(sum(hand))


@compiled_only
@settings(max_examples=300, deadline=None)
@given(
    deal=st.permutations(CARDS).map(lambda p: p[:11]),
    holes=st.integers(2, 6),
    boards=st.integers(3, 5),
    scale=st.sampled_from([Scale.HIGH, Scale.ACE_TO_FIVE_LOW, Scale.DEUCE_TO_SEVEN_LOW]),
)
def test_both_paths_agree_on_random_omaha_hands(
    deal: tuple[Card, ...], holes: int, boards: int, scale: Scale
) -> None:
    hole, board = deal[:holes], deal[holes : holes + boards]
    assert evaluate_omaha(hole, board, scale) == pure(evaluate_omaha)(hole, board, scale)
    assert evaluate_omaha(hole, board) == pure(evaluate_omaha)(hole, board)
    assert evaluate_omaha_eight_or_better(hole, board) == pure(evaluate_omaha_eight_or_better)(
        hole, board
    )


# --- malformed input: the compiled entry points are fuzzed against their twins ---------------

junk = st.one_of(
    st.sampled_from(CARDS),
    st.just(JOKER),
    st.integers(-(2**70), 2**100),
    st.none(),
    st.booleans(),
    st.text(max_size=3),
    st.floats(allow_nan=False),
    st.sampled_from([int(c) for c in CARDS[:8]]),
)
collections = st.one_of(
    st.lists(junk, max_size=9),
    st.lists(junk, max_size=9).map(tuple),
    st.lists(st.sampled_from(CARDS), max_size=9).map(tuple),  # often repeated cards
    st.lists(st.sampled_from(CARDS), min_size=5, max_size=8, unique=True).map(tuple),
    junk,
)


@compiled_only
@settings(max_examples=600, deadline=None)
@given(cards=collections)
def test_malformed_hands_get_the_same_error_on_both_paths(cards: Any) -> None:
    for f in PER_HAND:
        assert outcome(f, cards) == outcome(pure(f), cards)


@compiled_only
@settings(max_examples=400, deadline=None)
@given(
    indices=st.one_of(
        st.lists(st.integers(-3, 60), max_size=9),
        st.lists(st.integers(-3, 60), max_size=9).map(tuple),
        st.lists(st.one_of(st.integers(), st.booleans(), st.none(), st.floats()), max_size=8),
        st.integers(),
        st.text(max_size=8),
    )
)
def test_malformed_indices_get_the_same_error_on_both_paths(indices: Any) -> None:
    for f in (fast.high_strength_of, fast.low_strength_of):
        assert outcome(f, indices) == outcome(pure(f), indices)


@compiled_only
@settings(max_examples=400, deadline=None)
@given(
    total=st.one_of(
        st.integers(-(2**110), 2**110),
        st.lists(st.sampled_from(CARDS), min_size=1, max_size=9).map(lambda h: sum(map(int, h))),
        st.booleans(),
        st.none(),
        st.sampled_from(CARDS),
    )
)
def test_malformed_totals_get_the_same_answer_on_both_paths(total: Any) -> None:
    assert outcome(fast.high_strength, total) == outcome(pure(fast.high_strength), total)


@compiled_only
@settings(max_examples=400, deadline=None)
@given(hole=collections, board=collections, scale=st.sampled_from([*Scale, None, 3]))
def test_malformed_omaha_hands_get_the_same_error_on_both_paths(
    hole: Any, board: Any, scale: Any
) -> None:
    assert outcome(evaluate_omaha, hole, board, scale) == outcome(
        pure(evaluate_omaha), hole, board, scale
    )
    assert outcome(evaluate_omaha_eight_or_better, hole, board) == outcome(
        pure(evaluate_omaha_eight_or_better), hole, board
    )


@compiled_only
def test_keyword_arguments_and_wrong_arity_go_to_the_pure_path() -> None:
    hand = CARDS[:5]
    assert evaluate_high(cards=hand) == pure(evaluate_high)(cards=hand)
    assert outcome(evaluate_high) == outcome(pure(evaluate_high))
    assert outcome(evaluate_high, hand, hand) == outcome(pure(evaluate_high), hand, hand)
    assert evaluate_omaha(hand[:4], hand[4:] + CARDS[10:12], scale=Scale.HIGH) == pure(
        evaluate_omaha
    )(hand[:4], hand[4:] + CARDS[10:12])


def test_compiled_entry_points_pickle_by_name() -> None:
    import pickle

    assert pickle.loads(pickle.dumps(evaluate_high)) is evaluate_high


# --- the core's own functions take malformed arguments without crashing ----------------------

anything = st.one_of(
    st.none(),
    st.integers(-(2**65), 2**65),
    st.binary(max_size=40),
    st.text(max_size=5),
    st.lists(st.integers(-5, 60), max_size=12),
    st.builds(bytearray, st.integers(0, 40)),
)


@compiled_only
@settings(max_examples=300, deadline=None)
@given(args=st.lists(anything, max_size=5))
def test_the_core_functions_refuse_malformed_arguments_cleanly(args: list[Any]) -> None:
    from array import array

    from pokerrules.evaluation._core import ensure_loaded, native

    assert native is not None
    ensure_loaded()
    functions = (
        native.batch,
        native.showdowns,
        native.entry,
        native.setup_badugi,
        native.dense_states,
    )
    for function in functions:
        with contextlib.suppress(TypeError, ValueError, OverflowError, BufferError):
            function(*args)
    source = args[0] if args and isinstance(args[0], bytes) else b""
    for width in (-1, 0, 5, 7, 8):
        with contextlib.suppress(TypeError, ValueError):
            native.batch(source, width, array("H", [0] * 3), 0)


@compiled_only
@settings(max_examples=200, deadline=None)
@given(
    hands=st.binary(max_size=60),
    hole=st.integers(-2, 12),
    board=st.binary(max_size=7),
    deck=st.one_of(st.binary(max_size=12), st.binary(min_size=50, max_size=60)),
    run=st.tuples(st.booleans(), st.booleans(), st.integers(-2, 50)),
)
def test_the_core_showdowns_refuse_malformed_spots_cleanly(
    hands: bytes, hole: int, board: bytes, deck: bytes, run: tuple[bool, bool, int]
) -> None:
    from pokerrules.evaluation._core import ensure_loaded, native

    assert native is not None
    ensure_loaded()
    try:
        counts = native.showdowns(hands, hole, board, deck, *run, 7)
    except (TypeError, ValueError):
        return
    assert all(c >= 0 for c in counts)


@compiled_only
def test_a_batch_refuses_mismatched_or_unsupported_buffers() -> None:
    from array import array

    from pokerrules.evaluation._core import native

    assert native is not None
    with pytest.raises(ValueError, match="sizes"):
        native.batch(bytes(range(14)), 7, array("H", [0]), 0)
    with pytest.raises(TypeError, match="native integers"):
        native.batch(array("d", [0.0] * 7), 7, array("H", [0]), 0)
    with pytest.raises(TypeError, match="native integers"):
        native.batch(bytes(range(7)), 7, bytearray(1), 0)
    with pytest.raises(BufferError):
        native.batch(bytes(range(7)), 7, b"\0\0", 0)  # read-only output
    assert native.batch(bytes([0, 1, 2, 3, 60, 5, 6]), 7, array("H", [0]), 0) == 0


# --- short deck ---------------------------------------------------------------------------

SHORT_CARDS = tuple(c for c in CARDS if c.rank >= 6)
SHORT_SCALES = (Scale.SHORT_DECK, Scale.SHORT_DECK_TRIPS_OVER_STRAIGHT)


@compiled_only
@pytest.mark.parametrize("scale", SHORT_SCALES, ids=lambda s: s.name)
def test_every_five_card_short_deck_hand_has_the_same_value_on_both_paths(scale: Scale) -> None:
    f, twin = evaluate_short_deck, pure(evaluate_short_deck)
    differ = [h for h in combinations(SHORT_CARDS, 5) if f(h, scale) != twin(h, scale)]
    assert differ == []


@compiled_only
@settings(max_examples=300, deadline=None)
@given(
    hand=st.integers(5, 7).flatmap(lambda n: st.permutations(SHORT_CARDS).map(lambda p: p[:n])),
    scale=st.sampled_from(SHORT_SCALES),
)
def test_both_paths_agree_on_random_short_deck_hands(hand: tuple[Card, ...], scale: Scale) -> None:
    twin = pure(evaluate_short_deck)
    assert evaluate_short_deck(hand) is twin(hand)
    assert evaluate_short_deck(hand, scale) is twin(hand, scale)
    assert evaluate_short_deck(hand, scale=scale) is twin(hand, scale=scale)


@compiled_only
@settings(max_examples=300, deadline=None)
@given(cards=collections, scale=st.sampled_from([*Scale, None, "short"]))
def test_malformed_short_deck_hands_get_the_same_error_on_both_paths(
    cards: Any, scale: Any
) -> None:
    twin = pure(evaluate_short_deck)
    assert outcome(evaluate_short_deck, cards) == outcome(twin, cards)
    assert outcome(evaluate_short_deck, cards, scale) == outcome(twin, cards, scale)


# --- badugi ------------------------------------------------------------------------------


@compiled_only
def test_every_four_card_badugi_hand_has_the_same_value_on_both_paths() -> None:
    # exhaustive: all 270,725 four-card hands; the same shared value object, not only equal
    f, twin = evaluate_badugi, pure(evaluate_badugi)
    differ = [h for h in combinations(CARDS, 4) if f(h) is not twin(h)]
    assert differ == []


@compiled_only
@settings(max_examples=400, deadline=None)
@given(
    hand=st.integers(1, 10).flatmap(lambda n: st.permutations(CARDS).map(lambda p: p[:n])),
    as_list=st.booleans(),
)
def test_both_paths_agree_on_badugi_hands_of_any_size(
    hand: tuple[Card, ...], as_list: bool
) -> None:
    # one to eight cards are evaluated in C, more go to the pure path
    cards: Any = list(hand) if as_list else hand
    assert evaluate_badugi(cards) is pure(evaluate_badugi)(cards)


@compiled_only
@settings(max_examples=400, deadline=None)
@given(cards=collections)
def test_malformed_badugi_hands_get_the_same_error_on_both_paths(cards: Any) -> None:
    assert outcome(evaluate_badugi, cards) == outcome(pure(evaluate_badugi), cards)
    assert outcome(evaluate_badugi, cards, cards) == outcome(pure(evaluate_badugi), cards, cards)


@compiled_only
def test_the_core_refuses_malformed_badugi_tables_and_keeps_its_own() -> None:
    from array import array

    from pokerrules.evaluation._core import native
    from pokerrules.evaluation.badugi import badugi_values

    assert native is not None
    best = CARDS[48], CARDS[1], CARDS[6], CARDS[11]  # As 2d 3h 4s
    assert evaluate_badugi(best) is badugi_values()[-1]  # the tables are loaded
    values = badugi_values()
    empty = array("H", [0] * 8192)
    too_strong = array("H", [0] * 8192)
    too_strong[1] = len(values)  # a strength past the last value
    five_ranks = array("H", [1] * 8192)  # a strength for every set, five ranks and more too
    malformed = [
        (bytes(10), values),
        (empty.tobytes(), values),
        (too_strong.tobytes(), values),
        (five_ranks.tobytes(), values),
    ]
    for table, given_values in malformed:
        with pytest.raises(ValueError, match="malformed badugi tables"):
            native.setup_badugi(table, given_values)
    with pytest.raises(TypeError):
        native.set_badugi(None)
    assert evaluate_badugi(best) is badugi_values()[-1]
    assert evaluate_badugi(best[:3]) is pure(evaluate_badugi)(best[:3])
