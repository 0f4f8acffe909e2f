"""Every catalogue variant passes the conformance suite (pokerrules.testing.check_variant)."""

from __future__ import annotations

import pytest

from pokerrules.actions import Check, Fold
from pokerrules.catalogue import CATALOGUE, LIMIT_HOLDEM
from pokerrules.engine import Hand
from pokerrules.errors import InvalidDefinitionError
from pokerrules.testing import ConformanceError, check_hand_step, check_invariants, check_variant
from pokerrules.variants import Stakes


@pytest.mark.parametrize("variant", CATALOGUE, ids=lambda v: v.name)
def test_catalogue_variant_passes_check_variant(variant: object) -> None:
    check_variant(variant, max_examples=25)  # type: ignore[arg-type]


def test_check_variant_finds_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite can fail: a hand whose reported stacks lose a chip is caught."""
    real = Hand.stacks

    def leaky(self: Hand) -> dict[int, int]:
        stacks = real.fget(self)  # type: ignore[attr-defined]
        first = min(stacks)
        stacks[first] -= 1 if stacks[first] else 0
        return dict(stacks)

    monkeypatch.setattr(Hand, "stacks", property(leaky))
    with pytest.raises(ConformanceError, match="not conserved"):
        check_variant(LIMIT_HOLDEM, max_examples=5)


def test_check_hand_step_catches_an_accepted_illegal_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand = Hand.start(
        LIMIT_HOLDEM, stakes=Stakes.limit(10, 20), stacks=[100, 100], button=1, seed=1
    )
    check_hand_step(hand)
    original = Hand.apply

    def lenient(self: Hand, action: object, *, seat: int | None = None) -> Hand:
        if isinstance(action, Check):
            return self
        return original(self, action, seat=seat)  # type: ignore[arg-type]

    monkeypatch.setattr(Hand, "apply", lenient)
    with pytest.raises(ConformanceError, match="was accepted"):
        check_hand_step(hand)


def test_check_invariants_on_a_finished_hand() -> None:
    stakes = Stakes.limit(10, 20)
    hand = Hand.start(LIMIT_HOLDEM, stakes=stakes, stacks=[100, 100], button=1, seed=1)
    done = hand.apply(Fold())
    check_invariants(done, hand)
    bigger = Hand.start(
        LIMIT_HOLDEM, stakes=Stakes.limit(20, 40), stacks=[100, 100], button=1, seed=1
    )
    with pytest.raises(ConformanceError, match="not the pot"):
        check_invariants(done, bigger)


def test_check_variant_refuses_what_is_not_a_variant() -> None:
    with pytest.raises(InvalidDefinitionError, match="needs a Variant"):
        check_variant("limit hold'em")  # type: ignore[arg-type]
