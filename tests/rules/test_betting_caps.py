"""Betting structure and raise-cap rules, each test named after its rule and citing its source.

Sources: RRoP = Robert's Rules of Poker, "Betting and Raising"; WSOP-LA = 2024 WSOP Live-Action
rules; WP = Wikipedia, "Betting in poker" (its $20/$40 example).
"""

from __future__ import annotations

import pytest

from pokerrules.actions import Bet, Call, Fold, LegalActions, Raise, Range
from pokerrules.betting import (
    BettingRound,
    BettingRules,
    FixedLimit,
    HeadsUpRaising,
    NoLimit,
    PotLimit,
)
from pokerrules.errors import BetSizeError, CapReachedError

A, B, C, D = 1, 2, 3, 4


def limit_round(
    players: list[int], rules: BettingRules | None = None, **kw: object
) -> BettingRound:
    return BettingRound.start(
        order=players,
        stacks=dict.fromkeys(players, 10_000),
        structure=FixedLimit(20),
        rules=rules or BettingRules(),
        **kw,  # type: ignore[arg-type]
    )


def test_cap_sequence_a_bets_b_raises_c_raises_a_caps_then_only_calls() -> None:
    """WP, $20/$40: A bets $20, B raises to $40, C raises to $60, A caps at $80;
    B and C may then only call (or fold). RRoP: a bet and three raises."""
    r = limit_round([A, B, C]).apply(Bet(20)).apply(Raise(to=40)).apply(Raise(to=60))
    assert r.legal_actions() == LegalActions(seat=A, fold=True, call=40, raise_to=Range(80, 80))
    r = r.apply(Raise(to=80))
    assert r.is_capped
    assert r.legal_actions() == LegalActions(seat=B, fold=True, call=40)
    with pytest.raises(
        CapReachedError,
        match=r"seat 2 cannot raise to 100: betting is capped at 4 bets \(legal: fold, call 40\)",
    ):
        r.apply(Raise(to=100))
    r = r.apply(Call())
    assert r.legal_actions() == LegalActions(seat=C, fold=True, call=20)
    assert r.apply(Call()).is_closed


def test_fixed_limit_small_bet_then_big_bet() -> None:
    """WP, RRoP: in $20/$40 every bet and raise is $20 on the first two rounds and $40 on the
    last two; a bet of another size is refused."""
    small = limit_round([A, B])
    assert small.legal_actions() == LegalActions(seat=A, check=True, bet=Range(20, 20))
    with pytest.raises(BetSizeError, match="the bet must be 20"):
        small.apply(Bet(30))
    big = BettingRound.start(order=[A, B], stacks={A: 500, B: 500}, structure=FixedLimit(40))
    assert big.apply(Bet(40)).legal_actions() == LegalActions(
        seat=B, fold=True, call=40, raise_to=Range(80, 80)
    )


def test_big_blind_counts_as_the_first_bet() -> None:
    """RRoP "Betting and Raising" 3: with the big blind as the first bet, three raises cap the
    first round: $20 blind, raises to $40, $60 and $80."""
    r = limit_round([C, D, A, B], posted={A: 10, B: 20})
    r = r.apply(Raise(to=40)).apply(Raise(to=60)).apply(Raise(to=80))
    assert r.is_capped and r.legal_actions() == LegalActions(seat=B, fold=True, call=60)


def test_five_bet_cap_option() -> None:
    """WSOP-LA; RRoP for two-round games (draw, lowball): a bet and four raises."""
    r = limit_round([A, B, C], BettingRules(cap=5))
    for to in (20, 40, 60, 80):
        r = r.apply(Bet(to) if to == 20 else Raise(to=to))
    assert not r.is_capped
    r = r.apply(Raise(to=100))
    assert r.is_capped


def test_unlimited_raises_option() -> None:
    """Option: no cap (some home games)."""
    r = limit_round([A, B, C], BettingRules(cap=None)).apply(Bet(20))
    for to in range(40, 400, 20):
        r = r.apply(Raise(to=to))
    assert not r.is_capped


def test_heads_up_unlimited_whenever_heads_up_before_the_cap() -> None:
    """RRoP 4 (default): raising is unlimited whenever the pot becomes heads-up before the cap;
    once capped multiway, a fold does not uncap it."""
    r = limit_round([A, B, C]).apply(Bet(20)).apply(Raise(to=40)).apply(Fold())
    for to in (60, 80, 100, 120):
        r = r.apply(Raise(to=to))
    assert not r.is_capped
    capped = limit_round([A, B, C]).apply(Bet(20)).apply(Raise(to=40)).apply(Raise(to=60))
    capped = capped.apply(Raise(to=80)).apply(Fold())
    assert capped.is_capped and capped.legal_actions() == LegalActions(seat=C, fold=True, call=20)


def test_heads_up_before_the_third_bet_option() -> None:
    """A house rule: unlimited only if it became heads-up before the third bet entered the pot."""
    rules = BettingRules(heads_up=HeadsUpRaising.BEFORE_THIRD_BET)
    early = limit_round([A, B, C], rules).apply(Bet(20)).apply(Raise(to=40)).apply(Fold())
    for to in (60, 80, 100):
        early = early.apply(Raise(to=to))
    assert not early.is_capped
    late = limit_round([A, B, C], rules).apply(Bet(20)).apply(Raise(to=40)).apply(Raise(to=60))
    late = late.apply(Fold()).apply(Raise(to=80))
    assert late.is_capped


def test_heads_up_only_if_the_round_began_heads_up_option() -> None:
    """WSOP-LA 127: unlimited raising only when the round begins heads-up."""
    rules = BettingRules(heads_up=HeadsUpRaising.ROUND_BEGAN_HEADS_UP)
    began = limit_round([A, B], rules).apply(Bet(20))
    for to in (40, 60, 80, 100):
        began = began.apply(Raise(to=to))
    assert not began.is_capped
    became = limit_round([A, B, C], rules).apply(Bet(20)).apply(Fold()).apply(Raise(to=40))
    became = became.apply(Raise(to=60)).apply(Raise(to=80))
    assert became.is_capped


def test_heads_up_never_option() -> None:
    """Online rooms; WSOP tournaments until heads-up play: the cap always holds."""
    r = limit_round([A, B], BettingRules(heads_up=HeadsUpRaising.NEVER)).apply(Bet(20))
    r = r.apply(Raise(to=40)).apply(Raise(to=60)).apply(Raise(to=80))
    assert r.is_capped


def test_no_limit_minimum_raise_equals_the_largest_bet_or_raise() -> None:
    """RRoP "No-Limit and Pot-Limit" 3: a raise is at least the previous bet or raise."""
    r = BettingRound.start(
        order=[A, B, C], stacks=dict.fromkeys([A, B, C], 5000), structure=NoLimit(25)
    )
    r = r.apply(Bet(100))
    with pytest.raises(BetSizeError, match="a raise must be to 200-5000"):
        r.apply(Raise(to=150))
    r = r.apply(Raise(to=350))
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to == Range(600, 5000)


def test_pot_limit_maximum_is_the_pot_after_the_call() -> None:
    """RRoP "No-Limit and Pot-Limit": with $100 in the pot and a $50 bet, the next player may
    call $50 and raise $200, a total wager of $250."""
    r = BettingRound.start(
        order=[A, B], stacks={A: 1000, B: 1000}, structure=PotLimit(10), pot=100
    )
    r = r.apply(Bet(50))
    legal = r.legal_actions()
    assert legal is not None and legal.raise_to is not None and legal.raise_to.high == 250
    with pytest.raises(BetSizeError):
        r.apply(Raise(to=251))
