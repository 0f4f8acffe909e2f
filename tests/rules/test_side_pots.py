"""Pot rules: side pots, uncalled bets, awards and odd chips.

Sources: RRoP = Robert's Rules of Poker ("Betting and Raising", "Split Pots", "Showdown");
WSOP-T = 2024 WSOP Tournament rules (73); ex = the worked examples (the $5 all-in under a
$20 bet); WP-B = Wikipedia, "Betting in poker" ("All-in before the deal").
"""

from __future__ import annotations

import attrs

from pokerrules.actions import Bet, Call, Fold, Raise
from pokerrules.betting import BettingRound, NoLimit
from pokerrules.cards import Deck, parse_cards
from pokerrules.catalogue import NO_LIMIT_HOLDEM
from pokerrules.engine import Hand, Phase, ShowHand
from pokerrules.forced_bets import AnteKind, KillerInBlind, KillPost
from pokerrules.pots import (
    Pot,
    Shares,
    award,
    award_pot,
    clockwise_from,
    odd_chip_order_by_card,
    side_pots,
)
from pokerrules.variants import Stakes


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


# -- dead money: dead blinds and antes are in the pot, but no part of a player's bet ------------

# seats 0 and 1 get junk, seat 2 the aces; the board gives nobody more than a pair
ACES_TO_SEAT_2 = "7c 2d 8h 3c As Ad  Kh Qh 9s 4d 5c 6s Jc"


def _checked_down(hand: Hand) -> Hand:
    while not hand.is_complete:
        hand = hand.check_or_call() if hand.phase is Phase.BET else hand.apply(ShowHand())
    return hand


def _pots(hand: Hand) -> list[tuple[int, tuple[int, ...], dict[int, int]]]:
    assert hand.outcome is not None
    awards = sorted(hand.outcome.awards, key=lambda a: a.index)
    return [(a.pot.amount, a.pot.eligible, dict(a.payouts)) for a in awards]


def test_a_player_all_in_for_a_dead_blind_plays_for_the_dead_money_rrop_wp_b() -> None:
    """RRoP "Button and Blind Use": dead chips are not part of a player's bet -- but they are in
    the pot. A player whose stack goes on a dead (owed) blind is all-in and dealt in; like a
    player all-in for an ante (WP-B: "an equal amount of every other player's ante is placed in
    the main pot ... all blinds and further bets in the side pot") they play for the dead money
    they matched. Seat 2 posts its owed blind of 1 dead, all-in, and wins it with aces; the
    live blinds and calls are a side pot it cannot win."""
    hand = Hand.start(
        NO_LIMIT_HOLDEM,
        stakes=Stakes.no_limit(1, 2),
        stacks={0: 100, 1: 100, 2: 1},
        button=2,
        deck=Deck.ordered(ACES_TO_SEAT_2),
        owed={2: 1},
    )
    hand = _checked_down(hand)
    assert _pots(hand) == [(1, (0, 1, 2), {2: 1}), (4, (0, 1), {1: 4})]
    assert hand.stacks == {0: 98, 1: 102, 2: 1}


def test_all_in_for_dead_money_wins_everyones_dead_money_up_to_its_amount_wp_b() -> None:
    """WP-B: the all-in player's main pot takes the same amount of every other player's dead
    money; what is above it goes to the pot the others play for. Seat 2 is all-in for an owed
    blind of 1, seat 3 posts an owed blind of 4: the main pot is 1 + 1."""
    deck = Deck.ordered("7c 2d 8h 3c As Ad 9c 4h  Kh Qh Ts 5d 3s 6s 2s Jc")
    hand = Hand.start(
        NO_LIMIT_HOLDEM,
        stakes=Stakes.no_limit(1, 2),
        stacks={0: 100, 1: 100, 2: 1, 3: 100},
        button=3,
        deck=deck,
        owed={2: 1, 3: 4},
    )
    hand = _checked_down(hand)
    (main, main_eligible, main_paid), (side, side_eligible, _) = _pots(hand)
    assert (main, main_eligible, main_paid) == (2, (0, 1, 2, 3), {2: 2})
    assert (side, side_eligible) == (2 + 2 + 2 + 3, (0, 1, 3))
    assert sum(hand.stacks.values()) == 301


def test_a_button_all_in_for_the_button_ante_plays_for_it_wp_b() -> None:
    """WP-B: a player all-in for the ante plays for the antes. The button posts the table's
    button ante of 5 with its last chips and wins it with aces; the blinds are a side pot."""
    variant = attrs.evolve(
        NO_LIMIT_HOLDEM,
        name="button-ante hold'em",
        aliases=(),
        forced_bets=attrs.evolve(NO_LIMIT_HOLDEM.forced_bets, ante=AnteKind.BUTTON),
    )
    hand = Hand.start(
        variant,
        stakes=Stakes(blinds=(1, 2), ante=5),
        stacks={0: 100, 1: 100, 2: 5},
        button=2,
        deck=Deck.ordered(ACES_TO_SEAT_2),
    )
    hand = _checked_down(hand)
    assert _pots(hand) == [(5, (0, 1, 2), {2: 5}), (4, (0, 1), {1: 4})]


def test_a_killer_all_in_for_the_dead_blind_plays_for_it_wp_kill_game_wp_b() -> None:
    """Wikipedia, "Kill game": a killer in the blinds may post both, the blind dead. All-in for
    the dead blind, the killer plays for the dead money it matched (WP-B)."""
    deck = Deck.ordered("7c 2d As Ad 8h 3c  Kh Qh 9s 4d 5c 6s Jc")
    hand = Hand.start(
        NO_LIMIT_HOLDEM,
        stakes=Stakes.no_limit(1, 2),
        stacks={0: 100, 1: 2, 2: 100},
        button=2,
        deck=deck,
        kill=KillPost(seat=1, amount=4, in_blind=KillerInBlind.POST_BOTH),
    )
    hand = _checked_down(hand)
    main, *side = _pots(hand)
    assert main == (2, (0, 1, 2), {1: 2})
    assert all(1 not in eligible for _, eligible, _ in side)
    assert sum(hand.stacks.values()) == 202


def test_all_in_for_dead_money_is_the_same_whether_or_not_others_bet_wp_b() -> None:
    """The dead-money all-in plays for the same pot when the others put live chips in and when
    they only check: here nobody posts a blind (a button ante alone), and the button, all-in
    for it, still plays only for the ante -- chips carried in from the last pot go to the main
    pot, as always."""
    variant = attrs.evolve(
        NO_LIMIT_HOLDEM,
        name="button ante only",
        aliases=(),
        forced_bets=attrs.evolve(NO_LIMIT_HOLDEM.forced_bets, blinds=0, ante=AnteKind.BUTTON),
    )
    start = Hand.start(
        variant,
        stakes=Stakes(ante=5, small_bet=2),
        stacks={0: 100, 1: 100, 2: 5},
        button=2,
        deck=Deck.ordered(ACES_TO_SEAT_2),
        carried=3,
    )
    checked = _checked_down(start)
    assert _pots(checked) == [(8, (0, 1, 2), {2: 8})]
    bet = start.apply(Bet(10)).apply(Call())
    bet = _checked_down(bet)
    assert _pots(bet)[0] == (8, (0, 1, 2), {2: 8})
    assert all(2 not in eligible for _, eligible, _ in _pots(bet)[1:])
