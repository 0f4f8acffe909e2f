"""Kill-game rules: sizes, triggers, legs and who posts.

Sources: RRoP = Robert's Rules of Poker, "Kill Pots"; WSOP-LA = 2024 WSOP Live-Action rules
188-203; WP = Wikipedia, "Kill game".
"""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from pokerrules.actions import Call, Check, Fold
from pokerrules.betting import FixedLimit
from pokerrules.engine import Posted
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import ForcedBets, KillerInBlind, post_forced_bets
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
    may_kill_voluntarily,
)
from pokerrules.table import Table
from pokerrules.variants import Stakes, find_variant

SIX = dict.fromkeys(range(1, 7), 2000)


def test_20_40_full_kill_plays_40_80() -> None:
    """RRoP, WP: a full kill is twice the big blind and doubles the limits: $20/$40 plays
    $40/$80 with a $40 kill blind."""
    t = KillTracker(small_bet=20, big_bet=40, big_blind=20, killer=3)
    assert t.stakes == (40, 80) and t.kill_blind == 40
    assert FULL_KILL.multiplier == 2


def test_4_8_half_kill_plays_6_12() -> None:
    """RRoP, WP: a half kill is one and a half times the big blind: $4/$8 plays $6/$12."""
    t = KillTracker(rules=KillRules(size=HALF_KILL), small_bet=4, big_bet=8, big_blind=4, killer=1)
    assert t.stakes == (6, 12) and t.kill_blind == 6


def test_any_fraction_with_stated_rounding() -> None:
    """Any multiplier: $3/$6 with a half kill is $4.50/$9, rounded down to $4 (default) or up to
    $5; a 5/4 kill of $20/$40 plays $25/$50."""
    assert KillSize(multiplier=Fraction(3, 2)).scale(3) == 4
    assert KillSize(multiplier=Fraction(3, 2), rounding=KillRounding.UP).scale(3) == 5
    t = KillTracker(
        rules=KillRules(size=KillSize(multiplier=Fraction(5, 4))),
        small_bet=20,
        big_bet=40,
        big_blind=20,
        killer=2,
    )
    assert t.stakes == (25, 50)


def test_kill_triggered_by_a_previous_pot_over_400() -> None:
    """WP: a common trigger is a pot over ten times the big bet: at $20/$40 the next hand
    is a kill when the previous pot was over $400, posted by its winner."""
    t = KillTracker(
        rules=KillRules(trigger=KillTrigger.POT_OVER), small_bet=20, big_bet=40, big_blind=20
    )
    assert not t.record(HandResult(winners=(5,), pot=400)).is_kill
    killed = t.record(HandResult(winners=(5,), pot=410))
    assert killed.is_kill and killed.killer == 5 and killed.stakes == (40, 80)


def test_kill_triggered_by_two_pots_in_a_row() -> None:
    """RRoP (default), WP: a player who wins two pots in a row kills the next; the first
    leg has no size requirement, the second must win a full bet beyond the blinds."""
    t = KillTracker(small_bet=20, big_bet=40, big_blind=20)
    t = t.record(HandResult(winners=(2,), pot=30, forced=30))
    assert t.leg == 2 and not t.is_kill
    t = t.record(HandResult(winners=(2,), pot=90, forced=30))
    assert t.is_kill and t.killer == 2


def test_hi_lo_scoop_trigger() -> None:
    """RRoP: in high-low games, a player who scoops a pot of a set size (5 x the upper limit)
    kills the next pot."""
    t = KillTracker(
        rules=KillRules(trigger=KillTrigger.HI_LO_SCOOP), small_bet=20, big_bet=40, big_blind=20
    )
    assert t.record(HandResult(winners=(1,), pot=200, scooped=True)).killer == 1
    assert t.record(HandResult(winners=(1, 2), pot=900)).killer is None


def test_arizona_trigger_five_big_blinds() -> None:
    """Arizona rooms: two pots in a row, the second of at least five big blinds."""
    t = KillTracker(
        rules=KillRules(trigger=KillTrigger.ARIZONA), small_bet=3, big_bet=6, big_blind=3
    )
    t = t.record(HandResult(winners=(4,), pot=10))
    assert t.record(HandResult(winners=(4,), pot=14)).killer is None
    assert t.record(HandResult(winners=(4,), pot=15)).killer == 4


def test_legs_carry_from_hand_to_hand_and_a_split_keeps_a_leg() -> None:
    """RRoP "Kill Pots" 4: a player with a leg up who splits the next pot keeps the leg."""
    t = KillTracker(small_bet=20, big_bet=40, big_blind=20).record(
        HandResult(winners=(3,), pot=60)
    )
    t = t.record(HandResult(winners=(3, 6), pot=200))
    assert t.leg == 3 and not t.is_kill
    t = t.record(HandResult(winners=(3,), pot=200, forced=30))
    assert t.killer == 3


def test_killer_who_splits_or_wins_kills_again() -> None:
    """RRoP "Kill Pots" 4 and 7: the killer who splits or wins the kill pot kills again."""
    t = KillTracker(small_bet=20, big_bet=40, big_blind=20, leg=1, killer=1)
    assert t.record(HandResult(winners=(1, 2), pot=300)).killer == 1
    assert t.record(HandResult(winners=(1,), pot=300)).killer == 1
    assert t.record(HandResult(winners=(2,), pot=300)).killer is None


def test_neutral_kill_button() -> None:
    """RRoP "Kill Pots" 1: the button is neutral on the first hand, after its holder quits, and
    after a split pot that neither winner had the button for."""
    t = KillTracker(small_bet=20, big_bet=40, big_blind=20)
    assert t.leg is None
    t = t.record(HandResult(winners=(1,), pot=60))
    assert t.record(HandResult(winners=(2, 3), pot=60)).leg is None
    assert t.record(HandResult(winners=(1,), pot=30, forced=30), departed={1}).leg is None


def test_killer_acts_in_turn_by_default() -> None:
    """RRoP "Kill Pots" 2: in a kill pot the killer acts in proper turn; the blinds must call the
    kill to stay in."""
    t = KillTracker(small_bet=20, big_bet=40, big_blind=20, leg=5, killer=5)
    p = post_forced_bets(ForcedBets(blinds=(10, 20)), stacks=SIX, button=6, kill=t.kill_post())
    assert p.live == {1: 10, 2: 20, 5: 40} and p.order == (3, 4, 5, 6, 1, 2)
    r = p.start_round(FixedLimit(t.stakes[0]))
    r = r.apply(Call()).apply(Call())
    legal = r.legal_actions()
    assert legal is not None and legal.seat == 5 and legal.check  # the kill is live


def test_killer_acts_last_option() -> None:
    """WP: some rooms let the killer act last before the flop, with the option."""
    t = KillTracker(
        rules=KillRules(action_order=KillActionOrder.LAST),
        small_bet=20,
        big_bet=40,
        big_blind=20,
        leg=4,
        killer=4,
    )
    p = post_forced_bets(ForcedBets(blinds=(10, 20)), stacks=SIX, button=6, kill=t.kill_post())
    assert p.order[-1] == 4
    r = p.start_round(FixedLimit(40))
    for _ in range(5):
        r = r.apply(Call())
    assert r.seat_to_act == 4 and r.apply(Check()).is_closed


def test_killer_due_a_blind_options() -> None:
    """WP: a killer in the blinds posts only the kill (default), posts both (the blind dead), or
    posts the kill and owes the blind next hand."""
    stacks = SIX
    for option, live, dead, owed in [
        (KillerInBlind.REPLACES_BLIND, {1: 10, 2: 40}, 0, {}),
        (KillerInBlind.POST_BOTH, {1: 10, 2: 40}, 20, {}),
        (KillerInBlind.OWE_NEXT_HAND, {1: 10, 2: 40}, 0, {2: 20}),
    ]:
        t = KillTracker(
            rules=KillRules(killer_in_blind=option),
            small_bet=20,
            big_bet=40,
            big_blind=20,
            killer=2,
        )
        p = post_forced_bets(
            ForcedBets(blinds=(10, 20)), stacks=stacks, button=6, kill=t.kill_post()
        )
        assert (p.live, p.dead, p.owed) == (live, dead, owed)


def test_one_kill_per_deal() -> None:
    """RRoP: only one kill per deal: a single killer at a time."""
    t = KillTracker(small_bet=20, big_bet=40, big_blind=20, leg=1, killer=1)
    nxt = t.record(HandResult(winners=(2,), pot=300))
    assert nxt.killer is None and nxt.leg == 2


def test_a_winner_who_quits_does_not_leave_a_kill_behind_rrop() -> None:
    """RRoP "Kill Pots" 1b: when the winner of the previous pot has quit the game, the kill
    button is neutral -- even if that pot would have made the winner kill: the next hand
    has no killer and plays at the normal stakes."""
    t = KillTracker(small_bet=20, big_bet=40, big_blind=20).record(
        HandResult(winners=(1,), pot=60)
    )
    gone = t.record(HandResult(winners=(1,), pot=200, forced=30), departed={1})
    assert gone.leg is None and gone.killer is None and not gone.is_kill
    assert gone.kill_post() is None and gone.stakes == (20, 40)
    stayed = t.record(HandResult(winners=(1,), pot=200, forced=30), departed={2})
    assert stayed.killer == 1 and stayed.stakes == (40, 80)


# -- voluntary kills and one kill per deal ----------------------------------------------------

VOLUNTARY = KillRules(voluntary=True, trigger=KillTrigger.NONE)


def test_voluntary_kill_needs_four_kill_blinds_in_front_rrop_home_edition() -> None:
    """RRoP, home edition, "Kill Pots": at lowball a player may kill the pot voluntarily when
    they have at least four kill blinds in front of them ($20 big blind: a $40 full kill, so
    $160)."""
    t = KillTracker(rules=VOLUNTARY, small_bet=20, big_bet=40, big_blind=20)
    assert may_kill_voluntarily(160, 40) and not may_kill_voluntarily(159, 40)
    assert t.voluntary_refusal(2, 160) is None
    assert "at least 4 kill blinds" in (t.voluntary_refusal(2, 159) or "")
    killed = t.volunteer(2, 160)
    assert killed.killer == 2 and killed.voluntary and killed.stakes == (40, 80)
    with pytest.raises(InvalidDefinitionError, match=r"4 x 40 = 160\), and they have 159"):
        t.volunteer(2, 159)
    half = KillTracker(
        rules=KillRules(voluntary=True, size=HALF_KILL), small_bet=4, big_bet=8, big_blind=4
    )
    assert half.voluntary_refusal(1, 24) is None and half.voluntary_refusal(1, 23) is not None


def test_voluntary_kill_is_off_unless_the_game_allows_it_rrop_home_edition() -> None:
    t = KillTracker(small_bet=20, big_bet=40, big_blind=20)
    assert "no voluntary kill" in (t.voluntary_refusal(2, 10_000) or "")
    with pytest.raises(InvalidDefinitionError, match="no voluntary kill"):
        t.volunteer(2, 10_000)


def test_one_kill_per_deal_refuses_a_second_kill_rrop_kill_pots() -> None:
    """RRoP, "Kill Pots": one kill per deal. A required kill leaves no room for a voluntary
    one, and the first volunteer shuts out the rest."""
    rules = KillRules(voluntary=True)
    required = KillTracker(rules=rules, small_bet=20, big_bet=40, big_blind=20, leg=3, killer=3)
    with pytest.raises(InvalidDefinitionError, match="one kill per deal, and seat 3 kills"):
        required.volunteer(5, 1000)
    assert "they already kill" in (required.voluntary_refusal(3, 1000) or "")
    first = KillTracker(rules=rules, small_bet=20, big_bet=40, big_blind=20).volunteer(4, 1000)
    with pytest.raises(InvalidDefinitionError, match="one kill per deal, and seat 4 kills"):
        first.volunteer(5, 1000)


def test_a_won_voluntary_kill_binds_nobody_to_kill_again_rrop_home_edition() -> None:
    """A volunteered kill is not a required one: its winner starts a leg like any winner, and
    is not made to kill again (RRoP "Kill Pots" 7 is about required kills)."""
    rules = KillRules(voluntary=True)
    t = KillTracker(rules=rules, small_bet=20, big_bet=40, big_blind=20).volunteer(4, 1000)
    after = t.record(HandResult(winners=(4,), pot=400, forced=70))
    assert (after.killer, after.leg, after.voluntary) == (None, 4, False)
    only = KillTracker(rules=VOLUNTARY, small_bet=20, big_bet=40, big_blind=20).volunteer(4, 1000)
    assert only.record(HandResult(winners=(4,), pot=400)).is_kill is False


def test_a_voluntary_kill_is_dealt_at_a_lowball_table_rrop_home_edition() -> None:
    """At the table: the volunteer's kill is posted and the hand plays at the kill stakes; the
    table after it has no kill due."""
    variant = attrs.evolve(find_variant("California lowball"), kill=VOLUNTARY)
    table = Table.open(variant, stakes=Stakes.limit(20, 40), stacks=dict.fromkeys(range(5), 400))
    table = attrs.evolve(
        table, kill=table.kill.volunteer(3, table.stacks[3]) if table.kill else None
    )
    hand = table.deal(seed=5)
    kills = [e for e in hand.log if isinstance(e, Posted) and e.kind == "kill"]
    assert [(e.seat, e.amount) for e in kills] == [(3, 40)]
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (40, 80)
    while hand.outcome is None:  # everyone folds to the killer, who has the option
        hand = hand.apply(Fold()) if hand.actor != 3 else hand.check_or_call()
    after = table.record(hand)
    assert after.kill is not None and not after.kill.is_kill
    assert sum(after.stacks.values()) == sum(table.stacks.values())
