"""The rake in played hands: taken from the pots before they are awarded, never from a hand
that ends in its first betting round under no flop, no drop, and kept out of every stack."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules import InvalidDefinitionError, find_variant
from pokerrules.actions import Call, Check, Fold, Raise
from pokerrules.engine import Hand, Raked, ShowHand
from pokerrules.history.export import to_history
from pokerrules.rake import Rake, RakeAllocation
from pokerrules.table import Table
from pokerrules.variants import Stakes

NLHE = find_variant("no-limit hold'em")
TEN_CAPPED = Rake(rate="10%", cap=5)


def check_down(hand: Hand) -> Hand:
    while hand.outcome is None:
        legal = hand.legal_actions()
        if legal is not None and legal.kind == "bet":
            hand = hand.apply(Check() if legal.check else Call())
        else:
            hand = hand.apply(ShowHand())
    return hand


def start(stacks: list[int], rake: Rake | None = TEN_CAPPED, seed: int = 1) -> Hand:
    stakes = Stakes.no_limit(1, 2, rake=rake)
    return Hand.start(NLHE, stakes=stakes, stacks=stacks, button=0, seed=seed)


def test_no_flop_no_drop_a_pot_won_before_the_flop_is_not_raked() -> None:
    hand = start([100, 100, 100]).apply(Raise(to=20)).apply(Fold()).apply(Fold())
    assert hand.outcome is not None and hand.outcome.rake == 0
    assert not any(isinstance(e, Raked) for e in hand.log)
    assert hand.stacks == {0: 103, 1: 99, 2: 98}


def test_a_pot_that_sees_the_flop_is_raked_up_to_the_cap() -> None:
    hand = check_down(start([100, 100, 100]).apply(Raise(to=20)))
    assert hand.outcome is not None and hand.outcome.rake == 5  # 10% of 60, capped at 5
    assert Raked(5, street=3) in hand.log  # raked at the settlement on the river
    assert sum(hand.stacks.values()) == 295
    assert sum(hand.outcome.payouts.values()) == 55


def test_a_pre_flop_all_in_sees_the_flop_and_is_raked() -> None:
    hand = start([100, 100, 100], rake=Rake(rate="5%"))
    hand = hand.apply(Raise(to=100)).apply(Call()).apply(Fold())
    hand = check_down(hand)
    assert hand.outcome is not None and hand.outcome.rake == 10  # 5% of 202
    assert sum(hand.stacks.values()) == 290


def test_side_pots_pay_the_rake_by_the_stakes_allocation() -> None:
    for allocation, expected in (
        # 5% of 250 is 12: shares of 7.2 from the 150 main pot and 4.8 from the 100 side pot,
        # so 7 and 5 (the side pot lost more in rounding down); or 12 from the main pot
        (RakeAllocation.PROPORTIONAL, [(143, (0, 1, 2)), (95, (1, 2))]),
        (RakeAllocation.MAIN_POT_FIRST, [(138, (0, 1, 2)), (100, (1, 2))]),
    ):
        hand = start([50, 100, 100], rake=Rake(rate="5%", allocation=allocation))
        hand = check_down(hand.apply(Raise(to=50)).apply(Raise(to=100)).apply(Call()))
        assert hand.outcome is not None and hand.outcome.rake == 12
        assert [(a.pot.amount, a.pot.eligible) for a in reversed(hand.outcome.awards)] == expected


def test_stakes_take_the_rake_in_whole_chips() -> None:
    with pytest.raises(InvalidDefinitionError, match="must be a multiple of the chip"):
        Stakes(blinds=(5, 10), chip=5, rake=Rake(rate="5%", cap=12, increment=5))
    with pytest.raises(InvalidDefinitionError, match="rake must be a Rake"):
        Stakes(blinds=(1, 2), rake="5%")  # type: ignore[arg-type]
    assert Stakes(blinds=(5, 10), chip=5, rake=Rake(rate="5%", increment=5)).rake is not None


def test_phh_export_refuses_a_raked_game() -> None:
    hand = check_down(start([100, 100, 100]))
    with pytest.raises(InvalidDefinitionError, match="no field for the rake"):
        to_history(hand)
    assert to_history(check_down(start([100, 100, 100], rake=None))).variant == "NT"


def test_a_table_session_loses_exactly_the_rake() -> None:
    table = Table.open(
        NLHE, stakes=Stakes.no_limit(1, 2, rake=TEN_CAPPED), stacks=[200] * 4, button=0
    )
    raked = 0
    for k in range(12):
        hand = table.deal(seed=k)
        hand = check_down(hand.apply(Raise(to=10)) if k % 3 else hand)
        assert hand.outcome is not None
        raked += hand.outcome.rake
        table = table.record(hand)
        assert sum(table.stacks.values()) + raked == 800
    assert raked > 0


def test_the_kill_trigger_sees_the_pot_as_played_before_the_rake() -> None:
    hand = check_down(start([100, 100, 100]).apply(Raise(to=20)))
    assert hand.outcome is not None
    assert hand.outcome.kill_result().pot == 60


@settings(max_examples=200)
@given(
    seed=st.integers(0, 10**6),
    raise_to=st.integers(4, 100),
    folds=st.integers(0, 2),
    rate=st.fractions(0, 1, max_denominator=50),
    cap=st.none() | st.integers(0, 30),
)
def test_the_hand_rake_is_the_rake_of_its_pots(
    seed: int, raise_to: int, folds: int, rate: object, cap: int | None
) -> None:
    rake = Rake(rate=rate, cap=cap)  # type: ignore[arg-type]
    hand = start([100, 60, 100], rake=rake, seed=seed).apply(Raise(to=raise_to))
    for _ in range(folds):
        if hand.outcome is None and getattr(hand.legal_actions(), "kind", None) == "bet":
            hand = hand.apply(Fold())
    hand = check_down(hand)
    out = hand.outcome
    assert out is not None
    first_round = len(out.payouts) == 1 and out.uncontested and hand.board == ()
    played = out.pot + out.rake
    assert out.rake == rake.amount(played, first_round_only=first_round)
    assert sum(hand.stacks.values()) + out.rake == 260
    assert attrs.evolve(hand.stakes, rake=None).rake is None


def test_a_game_of_five_chips_is_raked_in_whole_chips_from_each_pot() -> None:
    # 10% of 215 in $5 increments is 20: 5 from the 45 main pot, 15 from the 170 side pot
    stakes = Stakes(blinds=(5, 10), chip=5, rake=Rake(rate="10%", increment=5))
    hand = Hand.start(NLHE, stakes=stakes, stacks=[15, 100, 100], button=0, seed=3)
    hand = check_down(hand.apply(Raise(to=15)).apply(Raise(to=100)).apply(Call()))
    assert hand.outcome is not None and hand.outcome.rake == 20
    assert sorted(a.pot.amount for a in hand.outcome.awards) == [40, 155]
    assert all(chips % 5 == 0 for chips in hand.stacks.values())


def test_a_main_pot_raked_to_nothing_leaves_the_side_pot_its_name() -> None:
    rake = Rake(rate="10%", allocation=RakeAllocation.MAIN_POT_FIRST)
    stakes = Stakes(blinds=(1, 2), ante=0, rake=rake)
    hand = Hand.start(NLHE, stakes=stakes, stacks=[1, 100, 100], button=0, seed=3)
    hand = check_down(hand.apply(Call()).apply(Raise(to=100)).apply(Call()))
    out = hand.outcome
    assert out is not None
    names = {award.pot.eligible: award.name for award in out.awards}
    assert names.get((1, 2)) == "side pot 1" and out.rake == 20
    assert sum(hand.stacks.values()) + out.rake == 201


def test_stakes_name_the_rake_setting_that_is_not_whole_chips() -> None:
    with pytest.raises(InvalidDefinitionError, match=r"its increment \(3\) must be a multiple"):
        Stakes(blinds=(5, 10), chip=5, rake=Rake(rate="5%", increment=3))
    with pytest.raises(InvalidDefinitionError, match=r"its cap \(12\) must be a multiple"):
        Stakes(blinds=(5, 10), chip=5, rake=Rake(rate="5%", increment=5, cap=12))
