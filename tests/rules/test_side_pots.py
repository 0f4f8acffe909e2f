"""Pot rules: side pots, uncalled bets, awards and odd chips.

Sources: RRoP = Robert's Rules of Poker ("Betting and Raising", "Split Pots", "Showdown");
WSOP-T = 2024 WSOP Tournament rules (73); ex = the worked examples (the $5 all-in under a
$20 bet).
"""

from __future__ import annotations

from pokerrules.actions import Bet, Call, Fold, Raise
from pokerrules.betting import BettingRound, NoLimit
from pokerrules.cards import parse_cards
from pokerrules.pots import (
    Pot,
    Shares,
    award,
    award_pot,
    clockwise_from,
    odd_chip_order_by_card,
    side_pots,
)


def test_5_all_in_under_a_20_bet_makes_a_main_pot_and_a_15_a_head_side_pot() -> None:
    """Worked example: A bets $20, B calls all-in for $5, C and D call $20. The main pot is $5 from
    each of the four ($20), contested by all; the side pot is $15 a head from A, C and D ($45),
    which B cannot win."""
    pots = side_pots({1: 20, 2: 5, 3: 20, 4: 20})
    assert pots.main == Pot(20, (1, 2, 3, 4))
    assert pots.side == (Pot(45, (1, 3, 4)),)
    assert pots.returned is None


def test_the_betting_round_feeds_the_side_pots() -> None:
    """The same hand played through a betting round gives the same contributions."""
    r = BettingRound.start(
        order=[1, 2, 3, 4], stacks={1: 100, 2: 5, 3: 100, 4: 100}, structure=NoLimit(5)
    )
    r = r.apply(Bet(20)).apply(Call()).apply(Call()).apply(Call())
    assert r.is_closed
    pots = side_pots(r.contributions, r.folded)
    assert [(p.amount, p.eligible) for p in pots] == [(20, (1, 2, 3, 4)), (45, (1, 3, 4))]


def test_uncalled_bet_is_returned() -> None:
    """RRoP: a bet or raise nobody calls is returned to its owner; it is in no pot."""
    r = BettingRound.start(
        order=[1, 2, 3], stacks=dict.fromkeys([1, 2, 3], 500), structure=NoLimit(5)
    )
    r = r.apply(Bet(50)).apply(Raise(to=200)).apply(Fold()).apply(Fold())
    pots = side_pots(r.contributions, r.folded)
    assert pots.returned == (2, 150)
    assert pots.pots == (Pot(100, (2,)),)


def test_folded_chips_stay_in_the_pot() -> None:
    """RRoP: chips put in by a player who later folds stay in the pot for the others."""
    pots = side_pots({1: 60, 2: 60, 3: 40}, folded={3})
    assert pots.pots == (Pot(160, (1, 2)),)


def test_eligibility_follows_contributions() -> None:
    """A player is eligible only for the pots they contributed to."""
    pots = side_pots({1: 10, 2: 50, 3: 100, 4: 100})
    assert [p.eligible for p in pots] == [(1, 2, 3, 4), (2, 3, 4), (3, 4)]


def test_side_pots_are_awarded_before_the_main_pot() -> None:
    """RRoP "Showdown": side pots are decided first; the all-in player with the best hand wins
    only the main pot."""
    result = award(side_pots({1: 10, 2: 50, 3: 50}), {1: 9, 2: 5, 3: 7})
    assert [a.name for a in result.pots] == ["side pot 1", "main pot"]
    assert result.payouts == {1: 30, 3: 80}


def test_ties_split_the_pot() -> None:
    """Equal hands split the pot equally."""
    assert award(side_pots({1: 40, 2: 40, 3: 40}), [[1, 2], [3]]).payouts == {1: 60, 2: 60}


def test_odd_chip_to_the_first_winner_clockwise_from_the_button() -> None:
    """RRoP "Split Pots": in button games the odd chip goes to the first winner clockwise
    (left) of the button."""
    pot = Pot(61, (2, 5, 8))
    order = clockwise_from(5, [2, 5, 8])  # button on seat 5: seat 8 is first to its left
    assert award_pot(pot, [[2, 8], [5]], odd_chip_order=order).payouts == ((8, 31), (2, 30))


def test_odd_chip_goes_to_the_high_half_of_a_split_pot() -> None:
    """RRoP "Split Pots": in high-low games the odd chip goes to the high hand."""
    result = award_pot(Pot(41, (1, 2)), Shares({1: 9, 2: 1}, {2: 9, 1: 1}))
    assert result.payouts == ((1, 21), (2, 20))


def test_odd_chip_in_the_best_hand_half_of_chicago() -> None:
    """Chicago high spade: the best hand takes the high half, with the odd chip."""
    result = award_pot(Pot(25, (1, 2, 3)), Shares({1: 5, 2: 3, 3: 1}, {3: 14}))
    assert result.payouts == ((1, 13), (3, 12))


def test_stud_odd_chip_to_the_highest_card_by_suit() -> None:
    """WSOP-T 73 (default): in stud the odd chip goes to the highest card by suit in the
    winning hands: here the king of spades beats the king of hearts."""
    hands = {1: parse_cards("Kh Kd 7c 7d 2s"), 2: parse_cards("Ks Kc 7h 7s 2c")}
    order = odd_chip_order_by_card(hands)
    assert award_pot(Pot(31, (1, 2)), [[1, 2]], odd_chip_order=order).payouts == (
        (2, 16),
        (1, 15),
    )


def test_stud_odd_chip_lowest_card_in_low_games() -> None:
    """RRoP "Split Pots": in a low game the odd chip goes to the lowest card by suit."""
    hands = {1: parse_cards("Ad 2c 3h 4s 6d"), 2: parse_cards("Ac 2d 3s 4h 6c")}
    assert odd_chip_order_by_card(hands, lowest=True, ace_low=True) == (2, 1)
