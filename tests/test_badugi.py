"""Badugi hand values (Wikipedia, "Badugi")."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules import JOKER, InvalidDefinitionError, Scale, parse_cards
from pokerrules.cards import STANDARD_CARDS, Card
from pokerrules.evaluation import best_five, evaluate, evaluate_badugi
from pokerrules.evaluation.badugi import badugi_values
from pokerrules.evaluation.fast import value_of
from pokerrules.showdown import Holding


def value(text: str) -> str:
    return evaluate_badugi(parse_cards(text)).describe()


def test_badugi_the_best_hand_is_a_2_3_4_in_four_suits_wikipedia() -> None:
    best = evaluate_badugi(parse_cards("As 2h 3d 4c"))
    assert best.describe() == "Badugi, 4-3-2-A"
    assert best == badugi_values()[-1]


def test_badugi_four_cards_beat_three_and_three_beat_two_wikipedia() -> None:
    four = evaluate_badugi(parse_cards("Kc Qd Js Th"))  # the worst badugi
    three = evaluate_badugi(parse_cards("As 2h 3d 4d"))  # the best three-card hand
    two = evaluate_badugi(parse_cards("As 2h 2s Ah"))
    assert four > three > two


def test_badugi_hands_of_a_size_compare_from_the_highest_card_wikipedia() -> None:
    assert evaluate_badugi(parse_cards("3s 5d 7h 8c")) > evaluate_badugi(
        parse_cards("Ah 2c 3d 9s")
    )
    assert evaluate_badugi(parse_cards("8c 6d 4h As")) > evaluate_badugi(
        parse_cards("8h 7d 2c As")
    )
    assert evaluate_badugi(parse_cards("Kd Qs 5c 4h")) == evaluate_badugi(
        parse_cards("Kh Qc 5d 4s")
    )


@pytest.mark.parametrize(
    ("cards", "described"),
    [
        ("8h 5d 3s Ah", "Three-card hand, 5-3-A"),  # the higher heart does not play
        ("7h 5d 4d 3s", "Three-card hand, 7-4-3"),  # nor the higher diamond
        ("2h 6d 6c 9s", "Three-card hand, 9-6-2"),  # one six plays
        ("Ad Ac 2d 2c", "Two-card hand, 2-A"),
        ("4h 4d 4c 6s", "Two-card hand, 6-4"),
        ("6c 7s 8s 9s", "Two-card hand, 7-6"),
        ("Qd Jd 8d 4d", "One-card hand, 4"),
        ("Ad As Ah Ac", "One-card hand, A"),
    ],
)
def test_badugi_pairs_and_suited_cards_do_not_play_wikipedia(cards: str, described: str) -> None:
    assert value(cards) == described


def test_badugi_scale_has_1092_values_and_every_one_is_made_by_some_four_cards() -> None:
    values = badugi_values()
    assert len(values) - 1 == 715 + 286 + 78 + 13
    assert [v.strength for v in values[1:]] == list(range(1, 1093))
    assert value_of(500, Scale.BADUGI) is values[500]


def _oracle(cards: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    """A second reading of the rule: the largest set of cards with no rank or suit twice, then
    the lowest by its cards from the top, as a sort key where greater is better."""
    best: tuple[int, tuple[int, ...]] | None = None
    for size in range(1, len(cards) + 1):
        for combo in combinations(cards, size):
            ranks = [c.rank.low_value for c in combo]
            if len(set(ranks)) == size and len({c.suit for c in combo}) == size:
                key = (size, tuple(-r for r in sorted(ranks, reverse=True)))
                best = key if best is None or key > best else best
    assert best is not None
    return best


@pytest.mark.slow
def test_badugi_every_four_card_hand_exhaustively() -> None:
    sizes: Counter[int] = Counter()
    order: dict[tuple[int, tuple[int, ...]], int] = {}
    for hand in combinations(STANDARD_CARDS, 4):
        got = evaluate_badugi(hand)
        sizes[len(got.ranks)] += 1
        key = _oracle(hand)
        assert order.setdefault(key, got.strength) == got.strength
    # 715 rank sets in 24 suit orders; the other sizes counted by the oracle's keys
    assert sizes[4] == 715 * 24
    assert sum(sizes.values()) == 270_725
    keys = sorted(order)
    assert [order[k] for k in keys] == sorted(order.values())  # same order as the oracle
    assert len(keys) == 1092


hands = st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=4, unique=True)


@given(hands, st.randoms(use_true_random=False))
def test_badugi_the_order_of_the_cards_never_matters(cards: list[Card], rng: object) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert evaluate_badugi(cards) == evaluate_badugi(shuffled)


@given(hands, hands)
def test_badugi_compares_as_the_rule_reads(a: list[Card], b: list[Card]) -> None:
    va, vb = evaluate_badugi(a), evaluate_badugi(b)
    ka, kb = _oracle(tuple(a)), _oracle(tuple(b))
    assert (va > vb) == (ka > kb) and (va == vb) == (ka == kb)
    assert evaluate(a, Scale.BADUGI) == va


def test_badugi_every_playing_card_order_of_a_badugi_is_the_same_value() -> None:
    cards = parse_cards("9h 6d 4c 2s")
    assert len({evaluate_badugi(p) for p in permutations(cards)}) == 1


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ((), "at least 1 card"),
        ((*parse_cards("As 2h 3d"), JOKER), "standard cards only"),
        ((*parse_cards("As 3d"), *parse_cards("As")), "appears twice"),
        ("As 2h 3d 4c", "parse it with parse_cards"),
        (5, "collection of cards"),
        ([1, 2], "cards only"),
    ],
)
def test_a_bad_badugi_hand_is_refused(cards: object, message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        evaluate_badugi(cards)  # type: ignore[arg-type]


def test_badugi_from_more_than_four_cards_the_best_four_play() -> None:
    assert value("As 2h 3d 4c 5s") == "Badugi, 4-3-2-A"
    assert value("Ks Kh Qd 7d 3s 9c") == "Badugi, K-9-7-3"


def test_best_five_has_no_badugi_meaning() -> None:
    with pytest.raises(InvalidDefinitionError, match="badugi hand is four cards"):
        best_five(parse_cards("As 2h 3d 4c 5s"), Scale.BADUGI)


def test_a_badugi_share_is_the_players_own_cards_with_no_board() -> None:
    import attrs

    from pokerrules.catalogue import BADUGI, LIMIT_HOLDEM
    from pokerrules.showdown import LowHand, Showdown

    with pytest.raises(InvalidDefinitionError, match="no qualifier"):
        LowHand(scale=Scale.BADUGI, qualifier=8)
    badugi_share = Showdown(shares=(LowHand(scale=Scale.BADUGI),))
    with pytest.raises(InvalidDefinitionError, match="own four cards or more, with no board"):
        attrs.evolve(LIMIT_HOLDEM, name="Badugi hold'em", aliases=(), showdown=badugi_share)
    assert BADUGI.showdown == badugi_share and BADUGI.hole_cards == 4
    value = badugi_share.values(_holding("As 2h 3d 4c"))[0]
    assert isinstance(value, type(badugi_values()[1])) and value.describe() == "Badugi, 4-3-2-A"


def _holding(text: str) -> Holding:
    return Holding(down=parse_cards(text))


def test_omaha_selection_has_no_badugi_hand() -> None:
    from pokerrules.evaluation import evaluate_omaha

    with pytest.raises(InvalidDefinitionError, match="no board"):
        evaluate_omaha(parse_cards("As 2h 3d 4c"), parse_cards("5s 6h 7d 8c 9s"), Scale.BADUGI)
