"""Hand evaluation: exhaustive known answers, properties against plain-rule oracles, the API."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules import (
    JOKER,
    Card,
    HandCategory,
    HandValue,
    Scale,
    best_five,
    best_hands,
    evaluate,
    evaluate_ace_to_five_low,
    evaluate_deuce_to_seven_low,
    evaluate_eight_or_better,
    evaluate_high,
    evaluate_omaha,
    evaluate_omaha_eight_or_better,
    parse_cards,
    worst_hands,
)
from pokerrules.cards import CARD_SHIFT, RANK_KEY_MASK, STANDARD_CARDS, SUIT_SHIFT, AnyCard
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import _build, fast
from pokerrules.evaluation._classes import (
    ace_to_five_signature,
    deuce_to_seven_signature,
    high_signature,
)
from pokerrules.evaluation.fast import high_strength, low_strength, value_of

C = HandCategory
#: The integer API without static type checks, to call it with arguments of the wrong kind.
unchecked_fast: Any = fast


def hands(size: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(STANDARD_CARDS), min_size=size, max_size=size, unique=True)


sizes = st.integers(min_value=5, max_value=9)
any_hand = sizes.flatmap(hands)


def _ranks(cards: tuple[Card, ...] | list[Card]) -> list[int]:
    return [int(c.rank) for c in cards]


def _is_flush(cards: tuple[Card, ...] | list[Card]) -> bool:
    return len({c.suit for c in cards}) == 1


# --- exhaustive -------------------------------------------------------------------------------

KNOWN_FIVE_CARD_COUNTS = {
    C.STRAIGHT_FLUSH: 40,
    C.FOUR_OF_A_KIND: 624,
    C.FULL_HOUSE: 3_744,
    C.FLUSH: 5_108,
    C.STRAIGHT: 10_200,
    C.THREE_OF_A_KIND: 54_912,
    C.TWO_PAIR: 123_552,
    C.PAIR: 1_098_240,
    C.HIGH_CARD: 1_302_540,
}


@pytest.mark.slow
def test_all_2598960_five_card_hands_exhaustively() -> None:
    """Every five-card hand: the known category counts, 7,462 distinct high values, 6,175
    ace-to-five values and 7,462 deuce-to-seven values."""
    categories: Counter[HandCategory] = Counter()
    high, a5, d27 = set(), set(), set()
    for five in combinations(STANDARD_CARDS, 5):
        value = evaluate_high(five)
        categories[value.category] += 1
        high.add(value.strength)
        a5.add(evaluate_ace_to_five_low(five).strength)
        d27.add(evaluate_deuce_to_seven_low(five).strength)
    assert sum(categories.values()) == 2_598_960
    assert dict(categories) == KNOWN_FIVE_CARD_COUNTS
    assert len(high) == 7_462
    assert len(a5) == 6_175
    assert len(d27) == 7_462


KNOWN_SEVEN_CARD_COUNTS = {
    C.STRAIGHT_FLUSH: 41_584,
    C.FOUR_OF_A_KIND: 224_848,
    C.FULL_HOUSE: 3_473_184,
    C.FLUSH: 4_047_644,
    C.STRAIGHT: 6_180_020,
    C.THREE_OF_A_KIND: 6_461_620,
    C.TWO_PAIR: 31_433_400,
    C.PAIR: 58_627_800,
    C.HIGH_CARD: 23_294_460,
}


@pytest.mark.slow
def test_all_133784560_seven_card_hands_exhaustively_through_batch() -> None:
    """Every seven-card hand, through the numpy batch path: the known category frequencies."""
    np = pytest.importorskip("numpy")
    from math import comb

    from pokerrules.evaluation.batch import evaluate_high_batch

    # Five-combinations of range(50) in colex order: those of range(m) are a prefix.
    colex = np.array(
        sorted(combinations(range(50), 5), key=lambda c: c[::-1]),
        dtype=np.int8,
    )
    category_of = np.zeros(7_464, dtype=np.int8)
    for strength in range(1, 7_464):
        category_of[strength] = value_of(strength).category
    counts = np.zeros(10, dtype=np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            rest = colex[: comb(51 - b, 5)] + np.int8(b + 1)
            rows = np.empty((len(rest), 7), dtype=np.int8)
            rows[:, 0], rows[:, 1], rows[:, 2:] = a, b, rest
            counts += np.bincount(category_of[evaluate_high_batch(rows)], minlength=10)
    assert int(counts.sum()) == 133_784_560
    assert {C(i): int(n) for i, n in enumerate(counts) if n} == KNOWN_SEVEN_CARD_COUNTS


@pytest.mark.slow
def test_shipped_tables_equal_tables_rebuilt_from_the_rules() -> None:
    shipped = _build.TABLES_PATH.read_bytes()
    assert _build.decode(shipped) == _build.build()


# --- properties against plain-rule oracles ----------------------------------------------------


@settings(max_examples=300)
@given(any_hand, st.randoms(use_true_random=False))
def test_card_order_never_matters(cards: list[Card], rnd: object) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    for scale in (Scale.HIGH, Scale.ACE_TO_FIVE_LOW, Scale.DEUCE_TO_SEVEN_LOW):
        assert evaluate(cards, scale) == evaluate(shuffled, scale)


@settings(max_examples=300)
@given(any_hand)
def test_best_of_n_is_the_best_five_card_signature(cards: list[Card]) -> None:
    """Best-of-N equals the best over all five-card subsets, judged by the plain rules."""
    value = evaluate_high(cards)
    best = max(high_signature(_ranks(f), flush=_is_flush(f)) for f in combinations(cards, 5))
    witness = next(
        f for f in combinations(cards, 5) if high_signature(_ranks(f), flush=_is_flush(f)) == best
    )
    assert value == evaluate_high(witness)
    assert value.category == best[0]
    low = min(ace_to_five_signature(_ranks(f)) for f in combinations(cards, 5))
    assert evaluate_ace_to_five_low(cards).category == low[0]


@settings(max_examples=500)
@given(hands(5), hands(5))
def test_five_card_order_matches_the_plain_rules(one: list[Card], two: list[Card]) -> None:
    """The total order: values compare exactly as the rulebook signatures do, on every scale."""

    def sign(x: Any, y: Any) -> int:
        return int(x > y) - int(x < y)

    h1, h2 = (high_signature(_ranks(h), flush=_is_flush(h)) for h in (one, two))
    assert sign(evaluate_high(one), evaluate_high(two)) == sign(h1, h2)
    l1, l2 = (ace_to_five_signature(_ranks(h)) for h in (one, two))
    assert sign(evaluate_ace_to_five_low(one), evaluate_ace_to_five_low(two)) == sign(l2, l1)
    d1, d2 = (deuce_to_seven_signature(_ranks(h), flush=_is_flush(h)) for h in (one, two))
    assert sign(evaluate_deuce_to_seven_low(one), evaluate_deuce_to_seven_low(two)) == sign(d2, d1)


def _joker_oracle(real: list[Card]) -> HandValue:
    """Five-card high hand with the joker: an ace, or a card completing a straight or flush."""
    options = []
    if sum(c.rank == 14 for c in real) == 4:
        return evaluate_high(parse_cards("Ah Ad Ac As Jk", allow_joker=True))
    for stand_in in STANDARD_CARDS:
        if stand_in in real:
            continue
        five = [*real, stand_in]
        sig = high_signature(_ranks(five), flush=_is_flush(five))
        if stand_in.rank == 14 or sig[0] in (C.STRAIGHT, C.FLUSH, C.STRAIGHT_FLUSH):
            options.append(evaluate_high(five))
    return max(options)


@settings(max_examples=300)
@given(hands(4))
def test_a_joker_hand_equals_its_best_legal_substitution(real: list[Card]) -> None:
    assert evaluate_high([*real, JOKER]) == _joker_oracle(real)


@settings(max_examples=200)
@given(st.integers(min_value=4, max_value=6).flatmap(hands))
def test_the_bug_is_the_lowest_rank_not_in_the_hand(real: list[Card]) -> None:
    best = max(
        evaluate_ace_to_five_low([*real, stand_in])
        for stand_in in STANDARD_CARDS
        if stand_in not in real
    )
    assert evaluate_ace_to_five_low([*real, JOKER]) == best


@settings(max_examples=200)
@given(st.lists(st.integers(min_value=5, max_value=7).flatmap(hands), min_size=1, max_size=20))
def test_batch_path_matches_scalar_path(rows: list[list[Card]]) -> None:
    np = pytest.importorskip("numpy")
    from pokerrules.evaluation.batch import evaluate_high_batch

    width = min(len(r) for r in rows)
    trimmed = [r[:width] for r in rows]
    indices = np.array([[c.index for c in r] for r in trimmed])
    assert [int(s) for s in evaluate_high_batch(indices)] == [
        evaluate_high(r).strength for r in trimmed
    ]


@settings(max_examples=300)
@given(st.integers(min_value=5, max_value=7).flatmap(hands))
def test_integer_api_matches_object_api(cards: list[Card]) -> None:
    assert value_of(high_strength(sum(cards))) is evaluate_high(cards)
    assert value_of(low_strength(sum(cards)), Scale.ACE_TO_FIVE_LOW) is (
        evaluate_ace_to_five_low(cards)
    )


@given(any_hand)
def test_best_five_makes_the_value(cards: list[Card]) -> None:
    five = best_five(cards)
    assert len(five) == 5 and set(five) <= set(cards)
    assert evaluate_high(five) == evaluate_high(cards)


@given(st.integers(min_value=5, max_value=7).flatmap(hands))
def test_values_are_shared_prebuilt_objects(cards: list[Card]) -> None:
    assert evaluate_high(cards) is evaluate_high(list(reversed(cards)))


# --- API and errors ---------------------------------------------------------------------------


def test_comparing_values_of_different_scales_is_a_type_error() -> None:
    cards = parse_cards("As Ks Qs Js 9s")
    with pytest.raises(TypeError):
        _ = evaluate_high(cards) < evaluate_ace_to_five_low(cards)
    assert evaluate_high(cards) != evaluate_ace_to_five_low(cards)


@pytest.mark.parametrize("evaluator", [evaluate_high, evaluate_ace_to_five_low])
def test_too_few_cards_is_refused(evaluator: object) -> None:
    with pytest.raises(InvalidDefinitionError, match="at least 5 cards, got 4"):
        evaluator(parse_cards("As Ks Qs Js"))  # type: ignore[operator]


@pytest.mark.parametrize(
    "evaluator", [evaluate_high, evaluate_ace_to_five_low, evaluate_deuce_to_seven_low]
)
def test_the_same_card_twice_is_refused(evaluator: object) -> None:
    cards = [Card("As"), Card("As"), Card("Kd"), Card("7c"), Card("2h")]
    with pytest.raises(InvalidDefinitionError, match="As appears twice"):
        evaluator(cards)  # type: ignore[operator]


def test_non_cards_are_refused() -> None:
    with pytest.raises(InvalidDefinitionError, match="cards must hold cards only, not 1"):
        evaluate_high([1, 2, 3, 4, 5])  # type: ignore[list-item]


#: The evaluators that read the key tables, without static type checks (to pass integers).
KEYED_EVALUATORS: list[Any] = [
    evaluate_high,
    evaluate_ace_to_five_low,
    evaluate_deuce_to_seven_low,
    evaluate_eight_or_better,
]


def _key_like(bit: int, suit: int, ranks: int) -> int:
    """An integer with the three fields of a card's key (see pokerrules.cards), which need not
    agree with each other as a card's do."""
    return 1 << (CARD_SHIFT + bit) | 1 << (SUIT_SHIFT + 4 * suit) | ranks


#: Five integers whose sum passes the suit-count and distinctness checks of the fast paths but
#: whose rank field is no hand's.
KEYLESS = [_key_like(bit, bit % 4, 0) for bit in (0, 14, 28, 42, 1)]
KEYLESS[0] += 12_345


@pytest.mark.parametrize("evaluator", KEYED_EVALUATORS)
def test_integers_passing_for_card_keys_are_refused(evaluator: Any) -> None:
    evaluator(parse_cards("As Kd Qh Jc 9s"))  # the fast paths' tables are loaded
    with pytest.raises(InvalidDefinitionError, match="cards must hold cards only, not 14073"):
        evaluator(KEYLESS)


@pytest.mark.parametrize("evaluator", KEYED_EVALUATORS)
def test_integers_cast_to_card_are_refused(evaluator: Any) -> None:
    evaluator(parse_cards("As Kd Qh Jc 9s"))
    forged = [int.__new__(Card, key) for key in KEYLESS]
    with pytest.raises(InvalidDefinitionError, match="not integers cast to Card"):
        evaluator(forged)


key_like = st.builds(
    _key_like, st.integers(0, 51), st.integers(0, 3), st.integers(0, RANK_KEY_MASK)
)


@settings(max_examples=300, deadline=None)
@given(
    items=st.lists(
        st.one_of(key_like, st.sampled_from([int(c) for c in STANDARD_CARDS])),
        min_size=5,
        max_size=7,
        unique_by=lambda key: key >> CARD_SHIFT,  # distinct card bits reach the look-ups
    )
)
def test_integers_passing_for_card_keys_never_raise_other_errors(items: list[int]) -> None:
    """Integers are not cards: an evaluator refuses them with an InvalidDefinitionError, or,
    where their sum reads a hand's place in the tables, values that hand. It never raises
    another error or returns a value no hand has (strength 0)."""
    for evaluator in KEYED_EVALUATORS:
        evaluator(parse_cards("As Kd Qh Jc 9s"))
        try:
            value = evaluator(items)
        except InvalidDefinitionError:
            continue
        assert value is None or value.strength >= 1


def test_joker_does_not_play_in_deuce_to_seven() -> None:
    with pytest.raises(InvalidDefinitionError, match="joker"):
        evaluate_deuce_to_seven_low(parse_cards("Jk 2c 3d 4h 7s", allow_joker=True))


def test_more_than_seven_cards() -> None:
    cards = parse_cards("2c 3d 4h 5s 7c 8d 9h Ts Jc")
    assert evaluate_high(cards).describe() == "Straight, Jack high"
    assert evaluate_ace_to_five_low(cards).describe() == "7-5-4-3-2"
    assert evaluate_deuce_to_seven_low(cards).describe() == "7-5-4-3-2"


def test_best_and_worst_hands_with_ties_and_indexes() -> None:
    a = parse_cards("As Ad 2c 3d 7h")
    b = parse_cards("Ac Ah 2d 3c 7s")
    c = parse_cards("Kc Kh 2h 3h 7c")
    assert best_hands([a, b, c]) == [0, 1]
    assert worst_hands([a, b, c]) == [2]
    assert best_hands({"x": a, "y": c}, Scale.ACE_TO_FIVE_LOW) == ["x"]
    with pytest.raises(InvalidDefinitionError):
        best_hands([])


def test_omaha_errors() -> None:
    with pytest.raises(InvalidDefinitionError, match="2 hole cards and 3 board"):
        evaluate_omaha(parse_cards("As"), parse_cards("Ks Qs Js"))
    with pytest.raises(InvalidDefinitionError, match="share a card"):
        evaluate_omaha(parse_cards("As Kd"), parse_cards("As Qs Js"))


@settings(max_examples=100)
@given(hands(9))
def test_omaha_uses_exactly_two_and_three(cards: list[Card]) -> None:
    hole, board = cards[:4], cards[4:]
    expected = max(
        evaluate_high([*two, *three])
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
    )
    assert evaluate_omaha(hole, board) == expected
    lows = [
        low
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
        if (low := evaluate_eight_or_better([*two, *three])) is not None
    ]
    assert evaluate_omaha_eight_or_better(hole, board) == (max(lows) if lows else None)


def test_describe_strings() -> None:
    cases: dict[str, str] = {
        "As Ks Qs Js Ts": "Royal flush",
        "9h 8h 7h 6h 5h": "Straight flush, Nine high",
        "Ac Ad Ah As 2c": "Four of a kind, Aces",
        "Kh Kd Ks 7c 7d": "Full house, Kings full of Sevens",
        "Ah 9h 7h 4h 2h": "Flush, Ace high",
        "5d 4c 3h 2s Ac": "Straight, Five high",
        "6c 6d 6h Kc 2d": "Three of a kind, Sixes",
        "Kc Kd 7h 7s 2c": "Two pair, Kings and Sevens",
        "Jc Jd 7h 4s 2c": "Pair of Jacks",
        "Ac Qd 7h 4s 2c": "High card, Ace",
    }
    for text, words in cases.items():
        assert evaluate_high(parse_cards(text)).describe() == words
    value = evaluate_high(parse_cards("Kh Kd Ks 7c 7d"))
    assert str(value) == "Full house, Kings full of Sevens"
    assert "Full house" in repr(value)
    assert HandCategory.FULL_HOUSE.label == "Full house"


def test_hand_values_are_hashable_by_strength() -> None:
    one = evaluate_high(parse_cards("As Ad 2c 3d 7h"))
    two = evaluate_high(parse_cards("Ac Ah 2d 3c 7s"))
    assert len({one, two}) == 1


def test_unused_parameter_types_are_cards() -> None:
    cards: list[AnyCard] = [*parse_cards("2c 3d 4h 5s"), JOKER]
    assert evaluate_high(cards).describe() == "Straight, Six high"


def test_ace_to_five_low_with_the_joker_and_every_rank_held() -> None:
    """With all thirteen ranks held the joker has no missing rank to be: the hand is the
    wheel, 5-4-3-2-A."""
    hand = [Card(f"{r}c") for r in "23456789TJQKA"] + [JOKER]
    assert evaluate_ace_to_five_low(hand).describe() == "5-4-3-2-A"
    assert evaluate_eight_or_better(hand) is not None


def test_integer_api_refuses_the_joker_and_non_keys_for_lows_and_values() -> None:
    with pytest.raises(InvalidDefinitionError, match="joker"):
        low_strength(sum(parse_cards("As 2d 3c 4h 6c Jk", allow_joker=True)))
    with pytest.raises(InvalidDefinitionError):
        low_strength(sum(parse_cards("As 2d 3c 4h")))
    for strength in (0, -1, 7464, 1.5):
        with pytest.raises(InvalidDefinitionError):
            value_of(strength)  # type: ignore[arg-type]
    assert value_of(7462).describe() == "Royal flush"
    assert value_of(7463).describe() == "Five of a kind, Aces"  # the joker's best hand


def test_batch_refuses_repeated_indices_and_non_integers() -> None:
    np = pytest.importorskip("numpy")
    from pokerrules.evaluation.batch import evaluate_high_batch

    for bad in ([[0, 0, 5, 9, 13]], [[48, 48, 49, 50, 51]]):
        with pytest.raises(InvalidDefinitionError, match="twice"):
            evaluate_high_batch(np.array(bad))
    for bad_type in (np.ones((1, 5), dtype=bool), np.ones((1, 5), dtype=float)):
        with pytest.raises(InvalidDefinitionError):
            evaluate_high_batch(bad_type)


def test_unknown_scales_and_non_cards_are_refused() -> None:
    cards = parse_cards("As Kd Qc Jh 9c")
    with pytest.raises(InvalidDefinitionError, match="scale"):
        evaluate(cards, "high")  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="scale"):
        best_five(cards, "high")  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="cards must hold cards only, not 'As'"):
        evaluate_high(["As", "Kd", "Qc", "Jh", "Tc"])  # type: ignore[list-item]
    with pytest.raises(InvalidDefinitionError, match="cards must hold cards only, not 'As'"):
        evaluate_ace_to_five_low(["As", "Kd", "Qc", "Jh", "Tc"])  # type: ignore[list-item]


def test_omaha_names_a_repeated_hole_card() -> None:
    with pytest.raises(InvalidDefinitionError, match="hole cards hold a card twice"):
        evaluate_omaha([Card("As"), Card("As")], parse_cards("2c 3d 4h"))


# --- bad input: every refusal is the library's error, naming the argument ----------------------

ROYAL = parse_cards("As Ks Qs Js Ts 2c 3d")
CARD_EVALUATORS = [
    evaluate_high,
    evaluate_ace_to_five_low,
    evaluate_deuce_to_seven_low,
    evaluate_eight_or_better,
    evaluate,
    best_five,
]


@pytest.mark.parametrize("evaluator", CARD_EVALUATORS)
@pytest.mark.parametrize(
    ("bad", "fragment"),
    [
        (None, "cards must be a collection of cards, not None"),
        (5, "cards must be a collection of cards, not 5"),
        ("As Ks Qs Js Ts", "not the text 'As Ks Qs Js Ts'"),
        ([1.5] * 5, "cards must hold cards only, not 1.5"),
        ([10**5000] * 5, "an integer of about 5001 digits"),
    ],
)
def test_evaluators_refuse_what_is_not_cards(evaluator: Any, bad: object, fragment: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=fragment):
        evaluator(bad)


@pytest.mark.parametrize("evaluator", CARD_EVALUATORS)
@pytest.mark.parametrize("size", [5, 7])
def test_evaluators_read_any_iterable_of_cards(evaluator: Any, size: int) -> None:
    cards = ROYAL[:size]
    assert evaluator(c for c in cards) == evaluator(cards)
    assert evaluator(iter(cards)) == evaluator(list(cards))


@pytest.mark.parametrize("compare", [best_hands, worst_hands])
@pytest.mark.parametrize("bad", [None, 5, "As Ks Qs Js Ts"])
def test_best_and_worst_hands_refuse_what_is_not_hands(compare: Any, bad: object) -> None:
    with pytest.raises(InvalidDefinitionError, match="hands must be a list or mapping of hands"):
        compare(bad)
    with pytest.raises(InvalidDefinitionError, match="cards must be a collection of cards"):
        compare([ROYAL[:5], None])


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: unchecked_fast.value_of(5, "high"), "scale must be one of Scale.HIGH"),
        (lambda: unchecked_fast.value_of(5, None), "scale must be one of"),
        (lambda: unchecked_fast.value_of(10**5000), "strength <an integer of about 5001 digits>"),
        (lambda: unchecked_fast.high_strength(None), "total must be the key"),
        (lambda: unchecked_fast.high_strength(1.5), "total must be the key"),
        (lambda: unchecked_fast.high_strength(10**5000), "about 5001 digits"),
        (lambda: unchecked_fast.low_strength("x"), "total must be the key"),
        (lambda: unchecked_fast.low_strength(10**5000), "about 5001 digits"),
    ],
)
def test_integer_api_refuses_bad_scales_and_totals(call: Any, fragment: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=fragment):
        call()


@pytest.mark.parametrize(
    ("hands", "fragment"),
    [
        ([["As", "Ks", "Qs", "Js", "Ts"]], "hand 0 must hold cards only, not 'As'"),
        ([parse_cards("As Ks Qs Js Ts"), parse_cards("As Ks Qs Js")], "as many cards"),
        ([(*parse_cards("As Ks Qs Js"), JOKER)], "standard cards only, not JOKER"),
        ([parse_cards("As Ks Qs Js Ts"), None], "hand 1 must be a collection of cards, not None"),
        ([parse_cards("As Ks Qs Js Ts"), "AsKsQsJsTs"], "hand 1 must be cards, not the text"),
        (None, "hands must be a sequence of hands of cards, not None"),
        ("AsKsQsJsTs", "not the text"),
    ],
)
def test_card_indices_refuses_what_is_not_rows_of_cards(hands: Any, fragment: str) -> None:
    pytest.importorskip("numpy")
    from pokerrules.evaluation.batch import card_indices

    with pytest.raises(InvalidDefinitionError, match=fragment):
        card_indices(hands)


def test_batch_refuses_ragged_rows_and_counts_that_are_not_whole() -> None:
    pytest.importorskip("numpy")
    from pokerrules.evaluation.batch import combinations_array, evaluate_high_batch

    with pytest.raises(InvalidDefinitionError, match="every row as long"):
        evaluate_high_batch([[0, 1, 2, 3, 4], [0, 1, 2, 3]])
    for n, k in ((5.0, 2), (True, 1), (5, "2"), (None, 1)):
        with pytest.raises(InvalidDefinitionError, match="must be a whole number"):
            combinations_array(n, k)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hole", "board", "fragment"),
    [
        (None, parse_cards("2c 3d 4h"), "hole must be a collection of cards, not None"),
        (parse_cards("As Ks"), 5, "board must be a collection of cards, not 5"),
        ("AsKs", parse_cards("2c 3d 4h"), "hole must be cards, not the text"),
        ([1, 2], parse_cards("2c 3d 4h"), "hole must hold cards only, not 1"),
    ],
)
def test_omaha_refuses_what_is_not_cards(hole: Any, board: Any, fragment: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=fragment):
        evaluate_omaha(hole, board)
    with pytest.raises(InvalidDefinitionError, match=fragment):
        evaluate_omaha_eight_or_better(hole, board)


def test_too_few_cards_is_named_with_the_scale() -> None:
    from pokerrules import evaluate_ace_to_five_low

    with pytest.raises(InvalidDefinitionError, match=r"^an ace-to-five low hand needs at least 5"):
        evaluate_ace_to_five_low(parse_cards("As Kd"))
    with pytest.raises(InvalidDefinitionError, match=r"^a high hand needs at least 5 cards"):
        evaluate_high(parse_cards("As Kd"))
