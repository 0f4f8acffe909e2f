"""Tests for the shipped Hypothesis strategies (pokerrules.strategies)."""

from __future__ import annotations

import importlib
import sys

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules import strategies as prs
from pokerrules.actions import Fold
from pokerrules.cards import STANDARD_CARDS, Card, Deck
from pokerrules.catalogue import CATALOGUE, FIVE_CARD_DRAW, NO_LIMIT_HOLDEM, SEVEN_CARD_STUD
from pokerrules.engine import Discard, Hand, StandPat
from pokerrules.forced_bets import AnteKind
from pokerrules.testing import check_variant
from pokerrules.variants import ForcedBetRules, Stakes, Variant


@given(prs.hands(7, min_size=5))
def test_hands_are_distinct_cards(cards: tuple[Card, ...]) -> None:
    assert 5 <= len(cards) <= 7 and len(set(cards)) == len(cards)
    assert all(c in STANDARD_CARDS for c in cards)


@settings(max_examples=20)
@given(prs.decks(joker=True))
def test_decks_are_full_permutations(deck: Deck) -> None:
    assert sorted(deck.cards) == sorted(Deck.standard(joker=True).cards)


@given(prs.variants())
def test_variants_come_from_the_registry(variant: Variant) -> None:
    assert variant in CATALOGUE or variant.name


@settings(max_examples=50)
@given(st.data())
def test_stakes_and_tables_start_hands_of_every_variant(data: st.DataObject) -> None:
    variant = data.draw(prs.variants(CATALOGUE))
    stakes = data.draw(prs.stakes(variant))
    table, button = data.draw(prs.tables(variant))
    assert variant.min_players <= len(table) <= variant.max_players
    hand = Hand.start(variant, stakes=stakes, stacks=table, button=button, seed=1)
    assert sum(hand.stacks.values()) + hand.pot == sum(table.values())


BUTTON_ANTE = attrs.evolve(
    NO_LIMIT_HOLDEM,
    name="No-limit hold'em with a button ante",
    aliases=(),
    forced_bets=ForcedBetRules(blinds=2, ante=AnteKind.BUTTON),
)


@settings(max_examples=50)
@given(prs.tables(BUTTON_ANTE))
def test_a_button_ante_game_gets_a_player_on_the_button(table: tuple[dict[int, int], int]) -> None:
    """A button ante needs someone on the button, so the tables never put it on an empty seat
    and such a variant passes check_variant."""
    stacks, button = table
    assert button in stacks
    Hand.start(BUTTON_ANTE, stakes=Stakes.no_limit(1, 2, ante=1), stacks=stacks, button=button)


def test_check_variant_passes_a_button_ante_game() -> None:
    check_variant(BUTTON_ANTE, max_examples=15)


@settings(max_examples=30)
@given(st.data())
def test_actions_are_always_legal(data: st.DataObject) -> None:
    hand = data.draw(prs.started_hands(prs.variants([FIVE_CARD_DRAW, SEVEN_CARD_STUD])))
    for _ in range(200):
        if hand.is_complete:
            break
        action = data.draw(prs.actions(hand))
        legal = hand.legal_actions()
        assert legal is not None and action in legal
        if legal.kind == "draw":
            assert isinstance(action, StandPat | Discard)
        hand = hand.apply(action)
    assert hand.is_complete


@settings(max_examples=20)
@given(prs.played_hands(prs.variants()))
def test_played_hands_end_and_conserve_chips(hand: Hand) -> None:
    assert hand.is_complete and hand.outcome is not None
    assert (
        sum(hand.stacks.values()) + hand.outcome.carried + hand.outcome.rake
        == sum(hand.starting_stacks.values()) + hand.carried_in
    )


def test_actions_of_a_finished_hand_is_empty() -> None:
    hand = Hand.start(CATALOGUE[0], stakes=Stakes.limit(2, 4), stacks=[10, 10], button=1, seed=3)
    done = hand.apply(Fold())
    assert prs.actions(done).is_empty


def test_a_clear_error_without_hypothesis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The strategies are an optional extra: without Hypothesis the import says what to do."""
    monkeypatch.setitem(sys.modules, "hypothesis", None)
    monkeypatch.delitem(sys.modules, "pokerrules.strategies")
    with pytest.raises(ImportError, match=r"pip install 'pokerrules\[strategies\]'"):
        importlib.import_module("pokerrules.strategies")
    monkeypatch.undo()
    importlib.import_module("pokerrules.strategies")
