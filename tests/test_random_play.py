"""Random play without Hypothesis (pokerrules.testing): random legal actions, plain stakes for
any variant, and the conformance throughput measured by the benchmarks."""

from __future__ import annotations

import random

import pytest

from pokerrules.catalogue import CATALOGUE
from pokerrules.engine import Hand
from pokerrules.testing import conformance_rate, random_action, simple_stakes
from pokerrules.variants import Variant


@pytest.mark.parametrize("variant", CATALOGUE, ids=lambda v: v.name)
def test_random_actions_are_legal_and_finish_every_hand(variant: Variant) -> None:
    """Every action drawn is among the legal choices, and random play ends every hand with
    the chips conserved."""
    rng = random.Random(3)
    for seed in range(4):
        players = rng.randint(variant.min_players, variant.max_players)
        hand = Hand.start(
            variant, stakes=simple_stakes(variant), stacks=[50] * players, button=0, seed=seed
        )
        for _ in range(400):
            action = random_action(hand, rng)
            if action is None:
                break
            legal = hand.legal_actions()
            assert legal is not None and action in legal, (action, legal)
            hand = hand.apply(action)
        assert hand.is_complete
        assert hand.outcome is not None
        total = sum(hand.stacks.values()) + hand.outcome.carried + hand.outcome.rake
        assert total == 50 * players


def test_the_conformance_rate_counts_checked_hands_per_second() -> None:
    assert conformance_rate(CATALOGUE[0], hands=3) > 0


def test_no_random_action_when_nobody_is_to_act() -> None:
    variant = CATALOGUE[0]
    hand = Hand.start(variant, stakes=simple_stakes(variant), stacks=[50, 50], button=0, seed=1)
    rng = random.Random(0)
    while (action := random_action(hand, rng)) is not None:
        hand = hand.apply(action)
    assert hand.is_complete and random_action(hand, rng) is None
