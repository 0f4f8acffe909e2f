"""All-in rules: reopening the betting, short all-ins, and ending the round.

Sources: RRoP = Robert's Rules of Poker, "Betting and Raising" 6 and "No-Limit and Pot-Limit"
3; WSOP-T = 2024 WSOP Tournament rules (rule 96a); ex = the worked examples ($20 bets
with $25 and $30 all-ins).
"""

from __future__ import annotations

import pytest

from pokerrules.actions import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    LegalActions,
    Raise,
    Range,
)
from pokerrules.betting import (
    BettingRound,
    BettingRules,
    FixedLimit,
    IncompleteAllIn,
    NoLimit,
)
from pokerrules.engine import Hand, Phase, ShowHand
from pokerrules.errors import ActionNotAvailableError
from pokerrules.variants import Stakes, find_variant

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


def test_small_blind_covering_a_short_all_in_big_blind_has_nothing_to_call_heads_up() -> None:
    """RRoP "Betting and Raising": when every player but one is all-in, the betting ends once
    that player has as much in as any of them. Heads-up, the big blind posts $7 of $20 all-in
    and the small blind already has $10 in: the $20 the others would call is owed to nobody,
    so the small blind is not asked to fold or call (the extra $3 comes back)."""
    r = BettingRound.start(
        order=[A, B],
        stacks={A: 990, B: 0},
        posted={A: 10, B: 7},
        level=20,
        structure=NoLimit(20),
    )
    assert r.is_closed and r.legal_actions() is None
    assert r.contributions == {A: 10, B: 7}


def test_small_blind_covering_a_short_all_in_big_blind_has_nothing_to_call_when_folded_to() -> (
    None
):
    """RRoP "Button and Blind Use": the others must call the full big blind while someone can
    contest it; once everyone else folds, the small blind covering the all-in $7 is done."""
    r = BettingRound.start(
        order=[C, D, A, B],
        stacks={A: 990, B: 0, C: 1000, D: 1000},
        posted={A: 10, B: 7},
        level=20,
        structure=FixedLimit(20),
    )
    assert r.legal_actions() == LegalActions(seat=C, fold=True, call=20, raise_to=Range(40, 40))
    r = r.apply(Fold()).apply(Fold())
    assert r.is_closed and r.contributions == {C: 0, D: 0, A: 10, B: 7}


def test_small_blind_short_of_the_all_in_big_blind_still_decides() -> None:
    """A small blind with less in than the all-in big blind still has a real choice: the
    round waits for it to fold or call."""
    r = BettingRound.start(
        order=[A, B],
        stacks={A: 995, B: 0},
        posted={A: 5, B: 7},
        level=20,
        structure=NoLimit(20),
    )
    legal = r.legal_actions()
    assert legal is not None and legal.seat == A and legal.fold and legal.call is not None


def test_heads_up_hand_with_a_short_all_in_big_blind_goes_straight_to_the_showdown() -> None:
    """The same rule through the hand engine: no betting action is asked of the button, who
    gets its uncalled $3 back."""
    hand = Hand.start(
        find_variant("no-limit hold'em"),
        stakes=Stakes.no_limit(10, 20),
        stacks={0: 1000, 1: 7},
        button=0,
        seed=1,
    )
    assert hand.phase is Phase.SHOWDOWN
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    assert hand.stacks[0] + hand.stacks[1] == 1007 and hand.stacks[0] >= 993


def stud_completion_all_in(chips: int, rules: BettingRules) -> BettingRound:
    """$20 stud, $5 bring-in by A; B completes all-in for ``chips``; C and D call."""
    r = BettingRound.start(
        order=[A, B, C, D],
        stacks={A: 1000, B: chips, C: 1000, D: 1000},
        structure=FixedLimit(20),
        bring_in=5,
        rules=rules,
    )
    return r.apply(BringIn()).apply(Complete())


@pytest.mark.parametrize("cumulative", [True, False])
def test_half_bet_rule_counts_a_12_all_in_completion_over_a_5_bring_in_as_the_bet_rrop(
    cumulative: bool,
) -> None:
    """RRoP "Betting and Raising" 6: an all-in wager of half a bet or more is treated as a full
    bet. A bring-in is no bet, so B's $12 all-in is a $12 bet in a $20 round: a full bet for
    everyone -- the bring-in included -- whose raise goes to $32, and it is one all-in, so
    the cumulative option plays no part."""
    rules = BettingRules(cumulative_all_ins=cumulative)
    r = stud_completion_all_in(12, rules)
    assert r.bets == 1
    assert r.legal_actions() == LegalActions(seat=C, fold=True, call=12, raise_to=Range(32, 32))
    r = r.apply(Call()).apply(Call())
    assert r.legal_actions() == LegalActions(seat=A, fold=True, call=7, raise_to=Range(32, 32))


def test_half_bet_rule_lets_the_next_player_complete_an_8_all_in_over_a_5_bring_in_rrop() -> None:
    """RRoP 6: $8 is less than half a $20 bet: the next player may call or complete to $20,
    and the completion reopens the betting to the bring-in."""
    r = stud_completion_all_in(8, HALF)
    assert r.bets == 0
    assert r.legal_actions() == LegalActions(seat=C, fold=True, call=8, complete=20)
    r = r.apply(Complete()).apply(Call())
    assert r.legal_actions() == LegalActions(seat=A, fold=True, call=15, raise_to=Range(40, 40))


def test_full_bet_rule_lets_the_next_player_complete_a_12_all_in_over_a_5_bring_in() -> None:
    """Under the full-bet rule only a full $20 completion counts."""
    r = stud_completion_all_in(12, FULL)
    assert r.bets == 0
    assert r.legal_actions() == LegalActions(seat=C, fold=True, call=12, complete=20)


def test_no_bring_in_is_due_when_nobody_else_has_chips() -> None:
    """When everyone else is all-in for the antes nobody could answer the bring-in: the round
    is over before it starts (as the hand engine plays it)."""
    r = BettingRound.start(
        order=[A, B, C], stacks={A: 100, B: 0, C: 0}, structure=FixedLimit(20), bring_in=5
    )
    assert r.is_closed and r.contributions == {A: 0, B: 0, C: 0}
