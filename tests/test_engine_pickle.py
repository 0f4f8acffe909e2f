"""A hand survives pickling and copying: the same value, and play goes on from the copy as
from the original (the form a hand takes to another process, a search's saved node or a
worker of a distributed run)."""

from __future__ import annotations

import copy
import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.catalogue import CATALOGUE
from pokerrules.engine import Hand
from pokerrules.testing import random_action, simple_stakes
from pokerrules.variants import Variant

VARIANTS = [v for v in CATALOGUE if v.max_players >= 2]


@settings(max_examples=30, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000), cut=st.integers(0, 60))
def test_a_hand_survives_pickle_and_deepcopy(variant: Variant, seed: int, cut: int) -> None:
    """At a random point of random play, a pickled and a deep-copied hand equal the hand (the
    same log, and the same outcome once over), and the same actions finish all three alike."""
    players = random.Random(seed).randint(variant.min_players, min(variant.max_players, 6))
    hand = Hand.start(
        variant, stakes=simple_stakes(variant), stacks=[60] * players, button=0, seed=seed
    )
    rng = random.Random(seed)
    for _ in range(cut):
        action = random_action(hand, rng)
        if action is None:
            break
        hand = hand.apply(action)
    copies = [pickle.loads(pickle.dumps(hand)), copy.deepcopy(hand), copy.copy(hand)]
    for other in copies:
        assert other == hand
        assert other.log == hand.log
        assert other.outcome == hand.outcome
    while (action := random_action(hand, rng)) is not None:
        hand = hand.apply(action)
        copies = [other.apply(action) for other in copies]
    for other in copies:
        assert other == hand
        assert other.outcome == hand.outcome
