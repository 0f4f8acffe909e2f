"""Hand ranges: every notation form, card removal and errors."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations, islice
from math import comb
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules import ranges
from pokerrules.cards import STANDARD_CARDS, Card, Rank, parse_cards
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError
from pokerrules.ranges import HandRange, parse_range

RANKS = "23456789TJQKA"


def rank(symbol: str) -> Rank:
    return Rank(RANKS.index(symbol) + 2)


def classes(r: HandRange) -> set[str]:
    """Each combo as its class name: 'QQ', 'AKs' or 'AKo' (computed from the cards)."""
    out = set()
    for high, low in r.combos:
        name = high.rank.symbol + low.rank.symbol
        if high.rank != low.rank:
            name += "s" if high.suit == low.suit else "o"
        out.add(name)
    return out


def every_combo() -> list[tuple[Card, Card]]:
    return list(combinations(STANDARD_CARDS, 2))


def matching(predicate: Callable[[Card, Card], bool]) -> int:
    return sum(1 for a, b in every_combo() if predicate(a, b))


# --- every notation form ------------------------------------------------------------------------


def test_pair() -> None:
    r = parse_range("QQ")
    assert len(r) == 6
    assert classes(r) == {"QQ"}


def test_pair_plus_is_that_pair_and_every_higher_pair() -> None:
    assert classes(parse_range("QQ+")) == {"QQ", "KK", "AA"}
    assert len(parse_range("22+")) == 13 * 6


def test_pair_run_either_order() -> None:
    expected = {"77", "88", "99", "TT"}
    assert classes(parse_range("TT-77")) == expected
    assert classes(parse_range("77-TT")) == expected
    assert len(parse_range("TT-77")) == 24


def test_suited_offsuit_and_both() -> None:
    suited, offsuit, both = parse_range("AKs"), parse_range("AKo"), parse_range("AK")
    assert (len(suited), len(offsuit), len(both)) == (4, 12, 16)
    assert all(a.suit == b.suit for a, b in suited)
    assert all(a.suit != b.suit for a, b in offsuit)
    assert set(both) == set(suited) | set(offsuit)


def test_kicker_plus_runs_up_to_one_below_the_first_rank() -> None:
    assert classes(parse_range("A2s+")) == {f"A{k}s" for k in "23456789TJQK"}
    assert classes(parse_range("KTo+")) == {"KTo", "KJo", "KQo"}
    assert classes(parse_range("KT+")) == {"KTs", "KJs", "KQs", "KTo", "KJo", "KQo"}


def test_dash_runs_with_a_fixed_first_rank() -> None:
    assert classes(parse_range("A5s-A2s")) == {"A5s", "A4s", "A3s", "A2s"}
    assert classes(parse_range("A2s-A5s")) == {"A5s", "A4s", "A3s", "A2s"}
    assert classes(parse_range("K9o-K6o")) == {"K9o", "K8o", "K7o", "K6o"}
    assert len(parse_range("KQ-K9")) == 4 * 16


def test_specific_combo() -> None:
    r = parse_range("AsKd")
    assert r.is_known
    assert r.combos == ((Card("As"), Card("Kd")),)
    assert parse_range("Kd As").combos == r.combos


def test_random_and_any_are_every_combo() -> None:
    assert len(parse_range("random")) == 1326
    assert set(parse_range("any")) == {tuple(sorted(c, reverse=True)) for c in every_combo()}


def test_case_order_and_separators_do_not_matter() -> None:
    assert set(parse_range("aks")) == set(parse_range("AKs"))
    assert set(parse_range("KAs")) == set(parse_range("AKs"))
    assert set(parse_range("QQ+ AKs")) == set(parse_range("QQ+,AKs"))
    assert set(parse_range("  QQ+ ,  AKs ")) == set(parse_range("QQ+, AKs"))


def test_the_standard_example() -> None:
    r = parse_range("QQ+, AKs, A5s-A2s, KQo")
    assert len(r) == 3 * 6 + 4 + 4 * 4 + 12
    assert classes(r) == {"QQ", "KK", "AA", "AKs", "A5s", "A4s", "A3s", "A2s", "KQo"}


def test_overlapping_tokens_are_a_union() -> None:
    assert len(parse_range("AK, AKs, AsKs")) == 16


def test_combo_counts_match_a_count_over_all_combos() -> None:
    suited_aces = matching(
        lambda a, b: Rank.ACE in (a.rank, b.rank) and a.suit == b.suit and a.rank != b.rank
    )
    assert len(parse_range("A2s+")) == suited_aces
    pairs = matching(lambda a, b: a.rank == b.rank)
    assert len(parse_range("22+")) == pairs


def test_omaha_hands_and_random() -> None:
    r = parse_range("AsAhKsKh, 2c3c4d5d", hole_cards=4)
    assert len(r) == 2
    assert r.hole_cards == 4
    assert len(parse_range("random", hole_cards=4)) == 270725
    assert parse_range("As Ah Ks Kh", hole_cards=4).is_known


# --- card removal, membership, display ----------------------------------------------------------


def test_without_removes_every_combo_holding_a_removed_card() -> None:
    r = parse_range("QQ+").without(parse_cards("Qs Kd"))
    assert len(r) == 3 + 3 + 6
    assert all(Card("Qs") not in c and Card("Kd") not in c for c in r)
    assert r.notation == "QQ+"


def test_membership_ignores_card_order() -> None:
    r = parse_range("AKs")
    assert parse_cards("Ks As") in r
    assert parse_cards("As Kd") not in r
    assert "AsKs" not in r


def test_str_is_the_notation_or_the_combos() -> None:
    assert str(parse_range("QQ+, AKs")) == "QQ+, AKs"
    assert str(HandRange.of([parse_cards("Kd As")])) == "AsKd"


def test_of_canonicalises_and_deduplicates() -> None:
    r = HandRange.of([parse_cards("Kd As"), parse_cards("As Kd")])
    assert r.combos == ((Card("As"), Card("Kd")),)


# --- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["AKx", "AAs", "A5s-K2s", "22-A5s", "A5s-A2o", "QQ+-JJ", "A", "AKs++", "X", "A5s-", "1K"],
)
def test_malformed_ranges_are_notation_errors_naming_the_token(text: str) -> None:
    with pytest.raises(InvalidNotationError) as error:
        parse_range(text)
    assert repr(text) in str(error.value)


def test_empty_text_is_an_error() -> None:
    with pytest.raises(InvalidNotationError, match="empty range"):
        parse_range("  ")


def test_text_that_is_not_a_string_is_a_notation_error() -> None:
    with pytest.raises(InvalidNotationError, match="written as text"):
        parse_range(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError, match="written as text"):
        parse_range(["AA", "KK"])  # type: ignore[arg-type]


def test_hole_cards_must_be_a_whole_number() -> None:
    with pytest.raises(InvalidDefinitionError, match="at least one card, not '2'"):
        parse_range("AA", hole_cards="2")  # type: ignore[arg-type]


def test_repeated_card_in_a_combo_is_an_error() -> None:
    with pytest.raises(InvalidNotationError, match="twice"):
        parse_range("AsAs")


def test_wrong_number_of_cards_for_the_game() -> None:
    with pytest.raises(InvalidNotationError, match="holds 3 cards"):
        parse_range("AsKsQs")
    with pytest.raises(InvalidNotationError, match="4 cards"):
        parse_range("AA", hole_cards=4)
    with pytest.raises(InvalidNotationError, match="'Qh' holds 1 card, but a hand here has 2"):
        parse_range("AsKd Qh")


def test_mixed_hand_sizes_are_rejected() -> None:
    with pytest.raises(InvalidDefinitionError, match="same number"):
        HandRange.of([parse_cards("As Kd"), parse_cards("Qs Jd Th")])


# --- properties ---------------------------------------------------------------------------------

rank_symbols = st.sampled_from(RANKS)


@given(rank_symbols, rank_symbols, st.sampled_from(["", "s", "o"]))
def test_class_sizes(first: str, second: str, suffix: str) -> None:
    """A pair has 6 combos, two ranks 4 suited and 12 offsuit."""
    if first == second:
        text = first + second
        expected = 6
    else:
        text = first + second + suffix
        expected = {"": 16, "s": 4, "o": 12}[suffix]
    assert len(parse_range(text)) == expected


@given(rank_symbols, rank_symbols, st.sampled_from(["", "s", "o"]))
def test_plus_counts_every_kicker_below_the_top_rank(first: str, second: str, suffix: str) -> None:
    high, low = max(rank(first), rank(second)), min(rank(first), rank(second))
    if high == low:
        assert len(parse_range(first + second + "+")) == 6 * (Rank.ACE - high + 1)
    else:
        per = {"": 16, "s": 4, "o": 12}[suffix]
        assert len(parse_range(first + second + suffix + "+")) == per * (high - low)


@given(
    st.lists(st.sampled_from(["QQ+", "AKs", "A5s-A2s", "KQo", "77-99", "T9s", "AsKd"]), min_size=1)
)
def test_notation_round_trips(tokens: list[str]) -> None:
    r = parse_range(", ".join(tokens))
    assert set(parse_range(str(r))) == set(r)
    assert len(set(r)) == len(r)


# --- bad input is refused with the library's error ----------------------------------------------

#: The API without its types, for calls that are wrong on purpose.
api: Any = ranges


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: api.HandRange(None), "a range's combos are an iterable of hands"),
        (lambda: api.HandRange(5), "a range's combos are an iterable of hands"),
        (lambda: api.HandRange("AsKd"), "use HandRange.parse for notation"),
        (lambda: api.HandRange([5]), "5 is not a hand"),
        (lambda: api.HandRange([[None]]), r"\(None,\) is not a hand of distinct cards"),
        (lambda: api.HandRange([], notation=5), "notation must be a str"),
        (lambda: api.HandRange.of(None), "a range's combos are an iterable of hands"),
        (lambda: api.HandRange.of([5]), "5 is not a hand"),
        (lambda: api.HandRange.parse("AA").without(None), "without takes an iterable of cards"),
        (lambda: api.HandRange.parse("AA").without("As"), "without takes an iterable of cards"),
        (lambda: api.HandRange.parse("AA").without([5]), "without takes cards, not 5"),
        (lambda: api.parse_range("AsAh", hole_cards=10**400), "at most the deck's 52 cards"),
        (lambda: api.parse_range("AsAh", hole_cards=53), "at most the deck's 52 cards"),
        (
            lambda: api.parse_range("random", hole_cards=6),
            "'random' with 6 hole cards is 20,358,520",
        ),
        (lambda: api.parse_range("any, random", hole_cards=30), "'random' with 30 hole cards"),
    ],
)
def test_bad_arguments_are_definition_errors(call: Callable[[], object], message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        call()


def test_random_still_lists_every_hand_of_up_to_five_cards() -> None:
    assert len(api.parse_range("random", hole_cards=4)) == 270_725
    assert len(api.parse_range("random", hole_cards=1)) == 52
    assert len(api.HandRange.parse("AA").without(parse_cards("As"))) == 3


def test_random_is_every_hand_without_listing_them() -> None:
    every = parse_range("random", hole_cards=5)
    assert every.every == 5 and every.hole_cards == 5
    assert len(every) == 2_598_960
    dead = parse_cards("As Kd 7c")
    left = every.without(dead)
    assert len(left) == comb(49, 5)
    hand = parse_cards("Qs Jh Tc 9d 2c")
    assert hand in left and tuple(parse_cards("As Qs Jh Tc 9d")) not in left
    assert left.first(2) == tuple(islice(left, 2))
    assert all(dead_card not in combo for combo in left.first(50) for dead_card in dead)


def test_every_hand_lists_the_same_combos_as_the_listed_range() -> None:
    listed = HandRange.of(combinations(parse_cards("As Ks Qs Js Ts 9s"), 3))
    every = HandRange.every_hand(3).without(
        [c for c in parse_cards("Ah Kh Qh") if c not in listed.combos[0]]
    )
    small = every.without(
        [c for c in STANDARD_CARDS if c not in set(parse_cards("As Ks Qs Js Ts 9s"))]
    )
    assert small.combos == listed.combos
    assert list(small) == list(listed.combos)
    assert len(small) == len(listed) == 20


@given(st.integers(1, 4), st.randoms(use_true_random=False))
def test_a_sampled_hand_of_every_hand_is_in_the_range(size: int, rng: random.Random) -> None:
    every = HandRange.every_hand(size).without(parse_cards("As Ad"))
    hand = every.sample(rng)
    assert len(hand) == size and hand in every


def test_an_every_hand_range_refuses_listed_combos_and_stray_removed_cards() -> None:
    with pytest.raises(InvalidDefinitionError, match="lists no combos"):
        HandRange([parse_cards("As Kd")], every=2)
    with pytest.raises(InvalidDefinitionError, match="belong to a range of every hand"):
        HandRange([parse_cards("As Kd")], removed=parse_cards("Qs"))
