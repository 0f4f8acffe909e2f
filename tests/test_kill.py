"""Kill games: sizes, triggers, legs and the tracker."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import KillerInBlind, KillPost
from pokerrules.kill import (
    FULL_KILL,
    HALF_KILL,
    HandResult,
    KillActionOrder,
    KillRounding,
    KillRules,
    KillSize,
    KillTracker,
    KillTrigger,
)


def tracker(**rules: object) -> KillTracker:
    return KillTracker(rules=KillRules(**rules), small_bet=20, big_bet=40, big_blind=20)  # type: ignore[arg-type]


def win(seat: int, pot: int = 200, forced: int = 30) -> HandResult:
    return HandResult(winners=(seat,), pot=pot, forced=forced)


def test_sizes_and_rounding() -> None:
    assert FULL_KILL.name == "full kill" and HALF_KILL.name == "half kill"
    assert KillSize(multiplier=Fraction(5, 4)).name == "kill x5/4"
    assert HALF_KILL.scale(3) == 4  # 4.5 rounded down by default
    assert KillSize(multiplier="3/2", rounding=KillRounding.UP).scale(3) == 5
    assert KillSize(multiplier=Fraction(3, 2), rounding=KillRounding.NEAREST).scale(3) == 5
    assert KillSize(multiplier=Fraction(3, 2), rounding=KillRounding.NEAREST).scale(1) == 2
    assert KillSize(multiplier=Fraction(3, 2), chip=5).scale(15) == 20  # 22.5 down to $5 chips
    with pytest.raises(InvalidDefinitionError):
        KillSize(multiplier=1)


def test_no_kill_at_first() -> None:
    t = tracker()
    assert not t.is_kill and t.kill_blind is None and t.kill_post() is None
    assert t.stakes == (20, 40) and t.leg is None


def test_second_leg_must_win_a_full_bet_beyond_the_blinds() -> None:
    """RRoP "Kill Pots" 3: the second leg must win at least one full bet, and "it cannot be
    any part of the blind structure" -- nor the winner's own chips, which are not won."""
    t = tracker().record(win(3)).record(win(3, pot=45, forced=30))
    assert not t.is_kill and t.leg == 3
    # $30 of blinds and the winner's own $20 (a raise the big blind matched, then folded to)
    assert not t.record(HandResult(winners=(3,), pot=50, forced=30, own=20)).is_kill
    t = t.record(HandResult(winners=(3,), pot=90, forced=30, own=40))  # $20 won from a caller
    assert t.is_kill and t.killer == 3


def test_kill_values_refuse_bad_input() -> None:
    bad: list[dict[str, object]] = [
        {"winners": (1,), "pot": "5"},
        {"winners": 1, "pot": 5},
        {"winners": (1,), "pot": -5},
        {"winners": (1,), "pot": 10, "forced": 8, "own": 5},
    ]
    for fields in bad:
        with pytest.raises(InvalidDefinitionError):
            HandResult(**fields)  # type: ignore[arg-type]
    for size in ({"chip": 0}, {"chip": -5}, {"multiplier": "abc"}, {"multiplier": None}):
        with pytest.raises(InvalidDefinitionError):
            KillSize(**size)
    for rules in ({"trigger": "pot over"}, {"threshold": -3}, {"size": 2}):
        with pytest.raises(InvalidDefinitionError):
            KillRules(**rules)
    with pytest.raises(InvalidDefinitionError):
        KillTracker(small_bet=20, big_bet=40, big_blind=-20)


def test_a_different_winner_takes_the_leg() -> None:
    t = tracker().record(win(3)).record(win(5))
    assert t.leg == 5 and not t.is_kill


def test_killer_who_wins_again_kills_again_and_loser_gives_up_the_button() -> None:
    t = tracker().record(win(3)).record(win(3))
    again = t.record(win(3))
    assert again.killer == 3 and again.kill_blind == 40
    lost = t.record(win(6))
    assert lost.killer is None and lost.leg == 6


def test_split_pots_keep_a_leg_and_a_killer_who_splits_kills_again() -> None:
    t = tracker().record(win(3))
    kept = t.record(HandResult(winners=(3, 4), pot=100))
    assert kept.leg == 3 and not kept.is_kill
    neutral = t.record(HandResult(winners=(4, 5), pot=100))
    assert neutral.leg is None
    killer = t.record(win(3)).record(HandResult(winners=(3, 4), pot=100))
    assert killer.killer == 3


def test_a_player_who_quits_loses_the_leg() -> None:
    t = tracker().record(win(3))
    assert t.record(win(3, pot=10, forced=10), departed={3}).leg is None


def test_kill_post_options() -> None:
    t = tracker(action_order=KillActionOrder.LAST, killer_in_blind=KillerInBlind.POST_BOTH).record(
        win(2)
    )
    t = t.record(win(2))
    assert t.kill_post() == KillPost(
        seat=2, amount=40, acts_last=True, in_blind=KillerInBlind.POST_BOTH
    )


def test_owed_blinds_are_carried() -> None:
    t = tracker().record(win(2), owed={2: 20})
    assert t.owed == ((2, 20),)


def test_hi_lo_scoop_trigger() -> None:
    t = tracker(trigger=KillTrigger.HI_LO_SCOOP)
    assert t.record(HandResult(winners=(1,), pot=200, scooped=True)).killer == 1
    assert t.record(HandResult(winners=(1,), pot=199, scooped=True)).killer is None
    assert t.record(HandResult(winners=(1,), pot=400, scooped=False)).killer is None
    assert t.record(HandResult(winners=(1, 2), pot=400)).killer is None


def test_arizona_trigger() -> None:
    t = tracker(trigger=KillTrigger.ARIZONA).record(win(1))
    assert t.record(win(1, pot=99)).killer is None
    assert t.record(win(1, pot=100)).killer == 1
    assert t.record(HandResult(winners=(1, 2), pot=100)).leg is None  # a split: to the middle


def test_hand_result_validation() -> None:
    with pytest.raises(InvalidDefinitionError):
        HandResult(winners=(), pot=10)
    with pytest.raises(InvalidDefinitionError):
        HandResult(winners=(1,), pot=10, forced=11)


@settings(max_examples=1000)
@given(
    st.sampled_from(list(KillTrigger)),
    st.lists(
        st.tuples(
            st.lists(st.integers(1, 4), min_size=1, max_size=2, unique=True),
            st.integers(0, 800),
        ),
        max_size=12,
    ),
)
def test_the_killer_always_won_the_last_pot(
    trigger: KillTrigger, hands: list[tuple[list[int], int]]
) -> None:
    t = tracker(trigger=trigger)
    for winners, pot in hands:
        before = t
        t = t.record(HandResult(winners=tuple(winners), pot=pot, forced=min(pot, 30)))
        if t.is_kill:
            assert t.killer in winners  # one kill per deal, posted by a winner
            assert t.stakes == (40, 80) and t.kill_blind == 40
            if len(winners) > 1:
                assert before.killer == t.killer  # only a killer who splits kills again
        else:
            assert t.stakes == (20, 40)
        if t.leg is not None:
            assert t.leg in winners


@pytest.mark.parametrize(
    ("multiplier", "message"),
    [
        (math.inf, "multiplier must be a finite number above 1"),
        (-math.inf, "multiplier must be a finite number above 1"),
        (math.nan, "multiplier must be a finite number above 1"),
        ("inf", "multiplier must be a finite number above 1"),
        (True, "multiplier must be a number above 1"),
        (Fraction(-(10**5000)), "multiplier -<an integer of about 5001 digits> is not above 1"),
    ],
    ids=["inf", "-inf", "nan", "text-inf", "bool", "huge-negative"],
)
def test_kill_size_refuses_multipliers_that_are_not_finite_numbers(
    multiplier: object, message: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        KillSize(multiplier=multiplier)  # type: ignore[arg-type]


@pytest.mark.parametrize("amount", [math.nan, math.inf, 20.0, -20, True, "20", None])
def test_kill_size_scales_only_whole_chips(amount: object) -> None:
    with pytest.raises(InvalidDefinitionError, match="amount must be a whole number of chips"):
        FULL_KILL.scale(amount)  # type: ignore[arg-type]
    assert FULL_KILL.scale(0) == 1  # never less than a chip, as before


@pytest.mark.parametrize("scooped", ["yes", 1, 0, "False"])
def test_hand_result_scooped_is_a_flag(scooped: object) -> None:
    """A string "False" would otherwise count as a scoop."""
    with pytest.raises(InvalidDefinitionError, match="scooped must be True or False"):
        HandResult(winners=(1,), pot=10, scooped=scooped)  # type: ignore[arg-type]
    assert HandResult(winners=(1,), pot=10, scooped=None).scooped is None


@pytest.mark.parametrize(
    ("owed", "message"),
    [
        ("x", "owed must be a tuple of"),
        ({1: 10}, "owed must be a tuple of"),
        (((1, 10, 3),), "owed must hold"),
        (((None, 10),), "owed must hold"),
        (((True, 10),), "owed must hold"),
        (((1, 0),), "owed must hold"),
        (((1, 2.5),), "owed must hold"),
        (((1, 10), (1, 20)), "owed lists a seat twice"),
    ],
)
def test_kill_tracker_refuses_owed_blinds_of_the_wrong_kind(owed: object, message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        KillTracker(small_bet=20, big_bet=40, big_blind=20, owed=owed)  # type: ignore[arg-type]
    ok = KillTracker(small_bet=20, big_bet=40, big_blind=20, owed=((3, 10),))
    assert ok.owed == ((3, 10),)


@pytest.mark.parametrize(
    ("result", "options", "message"),
    [
        (None, {}, "result must be a HandResult"),
        (
            HandResult(winners=(1,), pot=10),
            {"departed": 3},
            "departed must list seat numbers, not 3",
        ),
        (HandResult(winners=(1,), pot=10), {"departed": [None]}, "departed must list seat"),
        (HandResult(winners=(1,), pot=10), {"owed": [(1, 5)]}, "owed must be a mapping"),
        (HandResult(winners=(1,), pot=10), {"owed": {None: 5, 1: 5}}, "owed must map seat"),
        (HandResult(winners=(1,), pot=10), {"owed": {1: -5}}, "owed must map seat"),
    ],
)
def test_kill_tracker_record_refuses_bad_input(
    result: object, options: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        tracker().record(result, **options)  # type: ignore[arg-type]
