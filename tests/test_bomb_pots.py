"""Bomb pots: everyone antes, no betting before the flop."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.catalogue import NO_LIMIT_HOLDEM_BOMB_POT, POT_LIMIT_OMAHA_BOMB_POT
from pokerrules.engine import Hand
from pokerrules.engine.events import Acted, Posted
from pokerrules.errors import InvalidDefinitionError
from pokerrules.history.export import to_history
from pokerrules.serialization import dumps, loads
from pokerrules.testing import check_variant, random_action
from pokerrules.variants import Stakes, Variant, find_variant

BOMBS = (NO_LIMIT_HOLDEM_BOMB_POT, POT_LIMIT_OMAHA_BOMB_POT)
STAKES = Stakes(ante=10, min_bet=2)


@pytest.mark.parametrize("variant", BOMBS, ids=lambda v: v.name)
def test_pokerstars_learn_bomb_pot_everyone_antes_and_betting_starts_on_the_flop(
    variant: Variant,
) -> None:
    """PokerStars Learn, "What Is a Bomb Pot in Poker?": "all players are required to
    contribute chips to the pot in the form of an ante, and there's no small or big blind ...
    There's also no pre-flop betting in Bomb Pots. The hand begins when the flop is dealt";
    the first to act is the first player left of the button (pokertube.com, "What Is a Bomb
    Pot in Poker?")."""
    hand = Hand.start(variant, stakes=STAKES, stacks=[300] * 6, button=5, seed=8)
    posted = [e for e in hand.log if isinstance(e, Posted)]
    assert [(e.seat, e.kind, e.amount, e.live) for e in posted] == [
        (s, "ante", 10, False) for s in (0, 1, 2, 3, 4, 5)
    ]
    assert not any(isinstance(e, Acted) for e in hand.log)
    assert hand.street == "flop" and len(hand.board) == 3
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.seat == 0 and legal.check
    assert hand.pot == 60


def test_bomb_pot_needs_an_ante_and_no_blinds() -> None:
    with pytest.raises(InvalidDefinitionError, match="ante"):
        Hand.start(NO_LIMIT_HOLDEM_BOMB_POT, stakes=Stakes(min_bet=2), stacks=[100] * 3, button=0)
    with pytest.raises(InvalidDefinitionError, match="blind"):
        Hand.start(
            NO_LIMIT_HOLDEM_BOMB_POT, stakes=Stakes.no_limit(1, 2), stacks=[100] * 3, button=0
        )


def test_bomb_pots_are_found_by_name() -> None:
    assert find_variant("bomb pot") is NO_LIMIT_HOLDEM_BOMB_POT
    assert find_variant("PLO bomb pot") is POT_LIMIT_OMAHA_BOMB_POT


@pytest.mark.parametrize("variant", BOMBS, ids=lambda v: v.name)
def test_bomb_pot_passes_check_variant(variant: Variant) -> None:
    check_variant(variant, max_examples=20)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=9),
    ante=st.integers(1, 50),
)
def test_bomb_pot_conserves_chips_even_all_in_for_the_ante(
    seed: int, stacks: list[int], ante: int
) -> None:
    hand = Hand.start(
        NO_LIMIT_HOLDEM_BOMB_POT,
        stakes=Stakes(ante=ante, min_bet=2),
        stacks=stacks,
        button=0,
        seed=seed,
    )
    rng = random.Random(seed)
    while (action := random_action(hand, rng)) is not None:
        hand = hand.apply(action)
    assert hand.is_complete
    assert sum(hand.stacks.values()) == sum(stacks)
    assert loads(dumps(hand)).log == hand.log


def test_phh_spec_has_no_code_for_a_bomb_pot() -> None:
    """The PHH specification's variant codes all bet before the flop: a bomb pot is refused
    with a clear error rather than written as another game."""
    hand = Hand.start(NO_LIMIT_HOLDEM_BOMB_POT, stakes=STAKES, stacks=[100] * 3, button=0, seed=1)
    with pytest.raises(InvalidDefinitionError, match="no PHH variant code"):
        to_history(hand)
