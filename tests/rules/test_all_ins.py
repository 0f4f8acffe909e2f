"""All-in rules: reopening the betting, short all-ins, and ending the round.

Sources: RRoP = Robert's Rules of Poker, "Betting and Raising" 6 and "No-Limit and Pot-Limit"
3; WSOP-T = 2024 WSOP Tournament rules (rule 96a); ex = the worked examples ($20 bets
with $25 and $30 all-ins).
"""

from __future__ import annotations

import pytest

from pokerrules.actions import Bet, Call, Check, LegalActions, Raise, Range
from pokerrules.betting import (
    BettingRound,
    BettingRules,
    FixedLimit,
    IncompleteAllIn,
    NoLimit,
)
from pokerrules.errors import ActionNotAvailableError

A, B, C, D = 1, 2, 3, 4
HALF = BettingRules(incomplete_all_in=IncompleteAllIn.HALF_BET)
FULL = BettingRules(incomplete_all_in=IncompleteAllIn.FULL_BET)


def all_in_over_a_bet(short: int, rules: BettingRules) -> BettingRound:
    """A bets $20 (fixed limit), B goes all-in for ``short`` in total, C calls."""
    r = BettingRound.start(
        order=[A, B, C], stacks={A: 1000, B: short, C: 1000}, structure=FixedLimit(20), rules=rules
    )
    return r.apply(Bet(20)).apply(Raise(to=short))


def test_25_all_in_over_a_20_bet_is_not_a_raise_under_the_full_bet_rule() -> None:
    """Worked example: a $25 all-in over a $20 bet does not reopen the betting under the full-bet
    rule; C may call $25 or complete the raise to $40, and A, who already acted, may only
    call the extra $5."""
    r = all_in_over_a_bet(25, FULL)
    assert r.bets == 1
    assert r.legal_actions() == LegalActions(seat=C, fold=True, call=25, raise_to=Range(40, 40))
    r = r.apply(Call())
    assert r.legal_actions() == LegalActions(seat=A, fold=True, call=5)
    with pytest.raises(ActionNotAvailableError, match="not reopened"):
        r.apply(Raise(to=45))


def test_25_all_in_is_less_than_half_a_bet_under_the_half_bet_rule_too() -> None:
    """RRoP "Betting and Raising" 6: an all-in of less than half a bet ($5 of $20) does not
    reopen the betting for a player who already acted."""
    r = all_in_over_a_bet(25, HALF).apply(Call())
    assert r.legal_actions() == LegalActions(seat=A, fold=True, call=5)


def test_30_all_in_over_a_20_bet_reopens_under_the_half_bet_rule() -> None:
    """Worked example; RRoP 6: an all-in of half a bet or more ($10 of $20) counts as a raise: the
    betting reopens, and a raise is a full $20 on top, to $50."""
    r = all_in_over_a_bet(30, HALF)
    assert r.bets == 2
    assert r.legal_actions() == LegalActions(seat=C, fold=True, call=30, raise_to=Range(50, 50))
    r = r.apply(Call())
    assert r.legal_actions() == LegalActions(seat=A, fold=True, call=10, raise_to=Range(50, 50))


def test_30_all_in_does_not_reopen_under_the_full_bet_rule() -> None:
    """The full-bet rule: only a full $20 raise reopens; C may complete to $40."""
    r = all_in_over_a_bet(30, FULL)
    assert r.legal_actions() == LegalActions(seat=C, fold=True, call=30, raise_to=Range(40, 40))
    assert r.apply(Call()).legal_actions() == LegalActions(seat=A, fold=True, call=10)


def test_raising_a_15_all_in_bet_to_35() -> None:
    """RRoP 6: "An example of a full raise on a $20 betting round is raising a $15 all-in bet
    to $35." (half-bet rule)."""
    r = BettingRound.start(order=[A, B], stacks={A: 15, B: 1000}, structure=FixedLimit(20))
    r = r.apply(Bet(15))
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to is None  # nobody could answer a raise
    r = BettingRound.start(
        order=[A, B, C], stacks={A: 15, B: 1000, C: 1000}, structure=FixedLimit(20)
    ).apply(Bet(15))
    assert r.legal_actions() == LegalActions(seat=B, fold=True, call=15, raise_to=Range(35, 35))


def test_all_in_for_less_than_half_a_bet_may_be_completed() -> None:
    """RRoP 6: facing an all-in of less than half a bet, a player who has not acted may fold,
    call, or complete the wager to a full bet."""
    r = BettingRound.start(
        order=[A, B, C], stacks={A: 5, B: 1000, C: 1000}, structure=FixedLimit(20)
    ).apply(Bet(5))
    assert r.legal_actions() == LegalActions(seat=B, fold=True, call=5, complete=20)


def test_no_limit_short_all_in_does_not_reopen_for_the_original_raiser() -> None:
    """RRoP "No-Limit and Pot-Limit" 3: A bets $100, B raises to $200, C goes all-in for less
    than $300 and A calls: B may not raise again (A could have)."""
    r = BettingRound.start(
        order=[A, B, C], stacks={A: 5000, B: 5000, C: 250}, structure=NoLimit(50)
    )
    r = r.apply(Bet(100)).apply(Raise(to=200)).apply(Raise(to=250))
    legal = r.legal_actions()
    assert legal is not None and legal.seat == A and legal.raise_to == Range(350, 5000)
    r = r.apply(Call())
    assert r.legal_actions() == LegalActions(seat=B, fold=True, call=50)


def test_no_limit_raise_over_a_short_all_in_is_a_full_raise_over_it() -> None:
    """RRoP "No-Limit and Pot-Limit": "if a player bets $100 and the next player goes all-in
    for $140, a player wishing to raise must make the total bet at least $240"."""
    r = (
        BettingRound.start(
            order=[A, B, C], stacks={A: 5000, B: 140, C: 5000}, structure=NoLimit(50)
        )
        .apply(Bet(100))
        .apply(Raise(to=140))
    )
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to == Range(240, 5000)


def test_consecutive_short_all_ins_that_add_up_to_a_full_raise_reopen() -> None:
    """WSOP-T 96a; RRoP: several all-ins, each too small to be a raise, reopen the betting to a
    player who then faces at least a full raise."""
    stacks = {A: 5000, B: 150, C: 200, D: 5000}
    r = BettingRound.start(order=[A, B, C, D], stacks=stacks, structure=NoLimit(50))
    r = r.apply(Bet(100)).apply(Raise(to=150)).apply(Raise(to=200)).apply(Call())
    legal = r.legal_actions()
    assert legal is not None and legal.seat == A and legal.raise_to == Range(300, 5000)
    off = BettingRound.start(
        order=[A, B, C, D],
        stacks=stacks,
        structure=NoLimit(50),
        rules=BettingRules(cumulative_all_ins=False),
    )
    off = off.apply(Bet(100)).apply(Raise(to=150)).apply(Raise(to=200)).apply(Call())
    assert off.legal_actions() == LegalActions(seat=A, fold=True, call=100)


def test_all_in_players_are_skipped() -> None:
    """RRoP: a player all-in takes no further part in the betting."""
    r = BettingRound.start(
        order=[A, B, C], stacks={A: 1000, B: 0, C: 1000}, posted={B: 20}, structure=FixedLimit(20)
    )
    assert r.seat_to_act == A
    r = r.apply(Call()).apply(Call())
    assert r.is_closed


def test_round_closes_when_at_most_one_player_can_act() -> None:
    """When every player but one is all-in and the last has matched the bet, betting ends."""
    r = BettingRound.start(order=[A, B, C], stacks={A: 50, B: 30, C: 1000}, structure=NoLimit(10))
    r = r.apply(Bet(50)).apply(Call())
    assert r.seat_to_act == C
    r = r.apply(Call())
    assert r.is_closed and r.all_in == {A, B}


def test_big_blind_facing_a_short_all_in_small_blind_need_not_act() -> None:
    """Heads-up, the small blind all-in for less than the big blind: nobody can act."""
    r = BettingRound.start(
        order=[A, B], stacks={A: 0, B: 500}, posted={A: 1, B: 2}, structure=NoLimit(2)
    )
    assert r.is_closed


def test_big_blind_option_when_limped_to() -> None:
    """RRoP "Button and Blind Use" 2: a player who posts a live blind may raise at the first
    turn to act, even when the pot is only called."""
    r = (
        BettingRound.start(
            order=[C, A, B],
            stacks={A: 990, B: 980, C: 1000},
            posted={A: 10, B: 20},
            structure=FixedLimit(20),
        )
        .apply(Call())
        .apply(Call())
    )
    assert r.legal_actions() == LegalActions(seat=B, check=True, raise_to=Range(40, 40))
    assert r.apply(Check()).is_closed
