"""Cards, the joker, decks and notation."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerrules.cards
from pokerrules import JOKER, Card, Deck, Rank, Suit, format_cards, parse_cards
from pokerrules.cards import STANDARD_CARDS, parse_card
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError, PokerRulesError

cards = st.sampled_from(STANDARD_CARDS)
#: The module without static type checks, to call it with arguments of the wrong kind.
unchecked: Any = pokerrules.cards


def test_there_are_52_distinct_interned_cards() -> None:
    assert len(set(STANDARD_CARDS)) == 52
    assert Card("As") is Card(Rank.ACE, Suit.SPADES)
    assert {(c.rank, c.suit) for c in STANDARD_CARDS} == {(r, s) for r in Rank for s in Suit}


@pytest.mark.parametrize("text", ["Th", "10h", "tH", "10♥", "T♡"])
def test_ten_and_unicode_suits_parse(text: str) -> None:
    assert parse_card(text) is Card(Rank.TEN, Suit.HEARTS)


def test_unicode_card_list() -> None:
    assert parse_cards("9♠ 2♥") == (Card("9s"), Card("2h"))


def test_run_together_notation() -> None:
    assert parse_cards("AsKd10h") == (Card("As"), Card("Kd"), Card("Th"))


@pytest.mark.parametrize("text", ["AcKd Td", "Ac KdTd", "AcKd, Td", "Ac, 10hKd"])
def test_run_together_and_spaced_cards_mix(text: str) -> None:
    assert len(parse_cards(text)) == 3
    assert parse_cards(text)[0] is Card("Ac")


@given(st.lists(st.lists(cards, min_size=1, max_size=4), min_size=1, max_size=4))
def test_any_grouping_of_run_together_cards_parses_back(groups: list[list[Card]]) -> None:
    flat = [card for group in groups for card in group]
    text = " ".join("".join(str(card) for card in group) for group in groups)
    assert parse_cards(text, distinct=False) == tuple(flat)


@given(cards)
def test_str_and_repr_round_trip(card: Card) -> None:
    assert parse_card(str(card)) is card
    assert eval(repr(card), {"Card": Card}) is card  # repr is evaluable


@given(st.lists(cards, unique=True))
def test_format_cards_round_trips(hand: list[Card]) -> None:
    assert parse_cards(format_cards(hand)) == tuple(hand)


def test_joker_notation_round_trips() -> None:
    assert parse_cards("Jk As", allow_joker=True) == (JOKER, Card("As"))
    assert str(JOKER) == "Jk"
    assert eval(repr(JOKER), {"JOKER": JOKER}) is JOKER
    assert JOKER.is_joker and not Card("As").is_joker


@given(cards)
def test_cards_survive_pickle_and_copy(card: Card) -> None:
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(JOKER)) is JOKER


def test_stud_suit_order_clubs_diamonds_hearts_spades() -> None:
    """Robert's Rules of Poker, seven-card stud: suits rank clubs < diamonds < hearts < spades."""
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    assert sorted(parse_cards("Ks Kc Kh Kd")) == list(parse_cards("Kc Kd Kh Ks"))
    assert Card("2s") < Card("3c")  # cards order by rank first


@pytest.mark.parametrize(
    ("text", "token"),
    [("As Zz", "'Zz'"), ("As 1h", "'1h'"), ("As Kx", "'Kx'"), ("A", "'A'"), ("As 10", "'10'")],
)
def test_malformed_tokens_are_named(text: str, token: str) -> None:
    with pytest.raises(InvalidNotationError, match=token):
        parse_cards(text)


def test_duplicate_cards_are_refused() -> None:
    with pytest.raises(InvalidNotationError, match="'As' appears twice"):
        parse_cards("As Kd As")
    assert parse_cards("As As", distinct=False) == (Card("As"), Card("As"))


def test_wrong_card_count_is_refused() -> None:
    with pytest.raises(InvalidNotationError, match="expected 2 cards, got 3"):
        parse_cards("As Kd Qh", count=2)


def test_joker_refused_unless_allowed() -> None:
    with pytest.raises(InvalidNotationError, match="joker"):
        parse_cards("Jk As")
    with pytest.raises(InvalidNotationError, match="joker"):
        parse_card("joker")


def test_bad_card_construction() -> None:
    with pytest.raises(InvalidDefinitionError):
        Card(Rank.ACE)  # type: ignore[call-overload]
    with pytest.raises(PokerRulesError):
        Card(1, Suit.SPADES)  # type: ignore[call-overload]


def test_decks() -> None:
    assert len(Deck.standard()) == 52
    assert len(Deck.standard(joker=True)) == 53
    assert JOKER in Deck.standard(joker=True)
    assert Deck.ordered("As Kd").cards == (Card("As"), Card("Kd"))
    with pytest.raises(InvalidDefinitionError, match="twice"):
        Deck((Card("As"), Card("As")))


@given(st.integers(min_value=0, max_value=2**32))
def test_seeded_shuffle_is_reproducible_and_a_permutation(seed: int) -> None:
    one, two = Deck.shuffled(seed=seed), Deck.shuffled(random.Random(seed))
    assert one == two
    assert sorted(one.cards) == sorted(STANDARD_CARDS)


@given(st.integers(min_value=0, max_value=52), st.integers(min_value=0, max_value=100))
def test_deal_and_burn_conserve_cards(n: int, seed: int) -> None:
    deck = Deck.shuffled(seed=seed)
    dealt, rest = deck.deal(n)
    assert dealt + rest.cards == deck.cards
    assert rest.remaining == 52 - n
    if rest.remaining:
        assert rest.burn().cards == rest.cards[1:]


def test_over_dealing_is_refused() -> None:
    with pytest.raises(InvalidDefinitionError, match="cannot deal 3 cards from a deck of 2"):
        Deck.ordered("As Kd").deal(3)


def test_shuffle_needs_exactly_one_source() -> None:
    with pytest.raises(InvalidDefinitionError):
        Deck.shuffled()
    with pytest.raises(InvalidDefinitionError):
        Deck.shuffled("seed")  # type: ignore[arg-type]


def test_without_removes_known_cards() -> None:
    deck = Deck.standard().without(parse_cards("As Kd"))
    assert deck.remaining == 50 and Card("As") not in deck


def test_cards_format_as_notation_or_as_integers() -> None:
    card = Card("As")
    assert f"{card:>4}" == "  As"
    assert f"{card:d}" == str(int(card))
    assert f"{JOKER:<3}|" == "Jk |"
    assert f"{JOKER:x}" == format(int(JOKER), "x")


def test_parse_cards_refuses_input_that_is_not_text() -> None:
    for bad in (None, 123):
        with pytest.raises(InvalidNotationError):
            parse_cards(bad)  # type: ignore[call-overload]


def test_parse_card_refuses_non_text_and_deck_without_takes_notation() -> None:
    for bad in (None, 5):
        with pytest.raises(InvalidNotationError):
            parse_card(bad)  # type: ignore[arg-type]
    assert len(Deck.standard().without("As Kd")) == 50


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: unchecked.format_cards(None), "cards must be a collection of cards, not None"),
        (lambda: unchecked.format_cards([1, 2]), "cards must hold cards only, not 1"),
        (lambda: unchecked.format_cards("As Kd"), "not the text 'As Kd'"),
        (lambda: unchecked.Deck(None), "a deck's cards are a collection of cards, not None"),
        (lambda: unchecked.Deck("As Kd"), "use Deck.ordered"),
        (lambda: unchecked.Deck([int(Card("As"))]), "a deck holds cards, not"),
        (lambda: unchecked.Deck.ordered(None), "a collection of cards, not None"),
        (
            lambda: unchecked.Deck.standard().without(None),
            "the cards to remove must be a collection",
        ),
        (
            lambda: unchecked.Deck.standard().without([3]),
            "the cards to remove must hold cards only",
        ),
        (
            lambda: unchecked.Deck.standard().deal(True),
            "n must be a whole number of cards, not True",
        ),
        (
            lambda: unchecked.Deck.standard().deal(1.5),
            "n must be a whole number of cards, not 1.5",
        ),
        (lambda: unchecked.Deck.standard().deal("2"), "n must be a whole number of cards"),
        (
            lambda: unchecked.Deck.standard().deal(10**5000),
            "cannot deal <an integer of about 5001",
        ),
        (lambda: unchecked.Deck.standard(joker="yes"), "joker must be True or False"),
        (lambda: unchecked.Deck.shuffled(seed=1, joker=1), "joker must be True or False"),
        (lambda: unchecked.Deck.shuffled(seed=True), "integer seed, not True"),
    ],
)
def test_decks_and_format_cards_refuse_what_is_not_cards(call: object, fragment: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=fragment):
        call()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("rank", "suit", "fragment"),
    [
        pytest.param(10**5000, Suit.SPADES, "rank <an integer of about 5001", id="huge"),
        (14.0, Suit.SPADES, "rank 14.0"),
        (Rank.ACE, True, "suit True"),
        (True, Suit.SPADES, "rank True"),
        (Rank.ACE, 3.0, "suit 3.0"),
        (None, Suit.SPADES, "rank None"),
    ],
)
def test_card_from_a_rank_and_suit_refuses_values_that_are_not_whole(
    rank: object, suit: object, fragment: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=fragment):
        Card(rank, suit)  # type: ignore[call-overload]
    assert unchecked.Card(14, 3) is Card("As")  # plain whole numbers still name a card


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"count": True}, "count must be a whole number of cards"),
        ({"count": 2.0}, "count must be a whole number of cards"),
        ({"count": -1}, "count must be a whole number of cards"),
        ({"allow_joker": "yes"}, "allow_joker must be True or False"),
        ({"distinct": None}, "distinct must be True or False"),
    ],
)
def test_parse_cards_refuses_options_of_the_wrong_kind(
    options: dict[str, object], fragment: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=fragment):
        parse_cards("As", **options)  # type: ignore[call-overload]
