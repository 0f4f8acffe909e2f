"""Forced-bet rules: blinds, antes, straddles and the stud bring-in.

Sources: RRoP = Robert's Rules of Poker ("Button and Blind Use", "Seven-Card Stud", "Razz");
WP = Wikipedia, "Blind (poker)"; TDA = Tournament Directors Association rules
(big-blind ante).
"""

from __future__ import annotations

from pokerrules.actions import BringIn, Call, Check, Complete, Fold, LegalActions, Range
from pokerrules.betting import FixedLimit, NoLimit
from pokerrules.cards import Card, parse_cards
from pokerrules.forced_bets import (
    AnteKind,
    ForcedBets,
    Post,
    ShortForcedBet,
    SmallBlindRounding,
    bring_in_seat,
    post_forced_bets,
    small_blind,
    stud_first_to_act,
)

NINE = dict.fromkeys(range(1, 10), 1000)


def test_small_blind_left_of_the_button_big_blind_next_first_to_act_left_of_it() -> None:
    """WP, RRoP: the small blind is left of the button, the big blind next, and the player left
    of the big blind acts first on the first round."""
    p = post_forced_bets(ForcedBets(blinds=(1, 2)), stacks=NINE, button=4)
    assert [(x.seat, x.kind) for x in p.posts] == [(5, "small blind"), (6, "big blind")]
    assert p.order[0] == 7 and p.later_order[0] == 5


def test_heads_up_blinds() -> None:
    """WP, RRoP: heads-up, the button posts the small blind and acts first before the
    flop; the other player posts the big blind and acts first after the flop."""
    p = post_forced_bets(ForcedBets(blinds=(10, 20)), stacks={3: 500, 7: 500}, button=7)
    assert p.posts == (Post(7, "small blind", 10), Post(3, "big blind", 20))
    assert p.order == (7, 3) and p.later_order == (3, 7)
    r = p.start_round(FixedLimit(20))
    assert r.legal_actions() == LegalActions(seat=7, fold=True, call=10, raise_to=Range(40, 40))
    r = r.apply(Call())
    assert r.legal_actions() == LegalActions(seat=3, check=True, raise_to=Range(40, 40))
    flop = r.apply(Check()).next_round(FixedLimit(20), order=p.later_order)
    assert flop.seat_to_act == 3


def test_small_blind_for_a_3_big_blind() -> None:
    """WP: with a $3 big blind the small blind is rounded to a practical value: $1
    (down, the usual) or $2 (up)."""
    assert small_blind(3) == 1
    assert small_blind(3, rounding=SmallBlindRounding.UP) == 2
    assert ForcedBets.two_blinds(3).blinds == (1, 3)


def test_zero_to_three_blinds() -> None:
    """WP: there may be no blind, one, two or three; with three, the little blind is left of the
    button (RRoP) or on it (WP)."""
    for blinds in [(), (2,), (1, 2), (1, 1, 2)]:
        p = post_forced_bets(ForcedBets(blinds=blinds), stacks=NINE, button=9)
        assert [x.seat for x in p.posts] == list(range(1, len(blinds) + 1))
        assert p.order[0] == len(blinds) + 1
    on_button = post_forced_bets(
        ForcedBets(blinds=(1, 1, 2), first_blind_on_button=True), stacks=NINE, button=9
    )
    assert [x.seat for x in on_button.posts] == [9, 1, 2]


def test_empty_seats_get_no_blind() -> None:
    """RRoP: blinds go to the players dealt in, skipping empty seats."""
    p = post_forced_bets(ForcedBets(blinds=(1, 2)), stacks={1: 50, 4: 50, 8: 50}, button=1)
    assert p.live == {4: 1, 8: 2} and p.order == (1, 4, 8)


def test_live_straddle() -> None:
    """WP, RRoP: the player left of the big blind may post a live straddle of twice the big
    blind; the action starts on their left and the straddler has the option."""
    p = post_forced_bets(ForcedBets(blinds=(1, 2)), stacks=NINE, button=9, straddles=1)
    assert p.posts[-1] == Post(3, "straddle", 4) and p.order[0] == 4
    r = p.start_round(NoLimit(2))
    for _ in range(8):
        r = r.apply(Call())
    assert r.legal_actions() == LegalActions(seat=3, check=True, raise_to=Range(8, 1000))


def test_antes_each_button_and_big_blind() -> None:
    """Antes per player; a button ante paid by the button; the TDA big-blind ante paid by the big
    blind after the blind. Antes are dead money."""
    each = post_forced_bets(ForcedBets(ante=5), stacks=NINE, button=9)
    assert each.dead == 45 and each.live == {}
    button = post_forced_bets(
        ForcedBets(blinds=(1, 2), ante=9, ante_kind=AnteKind.BUTTON), stacks=NINE, button=9
    )
    assert button.dead == 9 and button.stacks[9] == 991
    bba = post_forced_bets(
        ForcedBets(blinds=(1, 2), ante=2, ante_kind=AnteKind.BIG_BLIND), stacks=NINE, button=9
    )
    assert [x.kind for x in bba.posts] == ["small blind", "big blind", "big-blind ante"]


def test_a_dead_button_posts_no_button_ante_rrop_dead_button() -> None:
    """RRoP, "Button and Blind Use": under the dead-button rule the button may sit on an empty
    seat; like a dead small blind, its button ante is then not posted."""
    stacks = {1: 100, 2: 100, 3: 100}  # seat 9, the button, has left
    p = post_forced_bets(
        ForcedBets(blinds=(1, 2), ante=3, ante_kind=AnteKind.BUTTON), stacks=stacks, button=9
    )
    assert p.dead == 0 and all(post.kind != "button ante" for post in p.posts)
    assert sum(p.stacks.values()) + sum(p.live.values()) == 300


def test_lowest_door_card_brings_in_ties_by_suit() -> None:
    """RRoP "Seven-Card Stud" 2: the lowest card by rank brings in; between equal ranks the suit
    decides, in the order clubs, diamonds, hearts, spades (clubs lowest). Aces are high."""
    doors = {1: Card("3s"), 2: Card("3c"), 3: Card("Ac"), 4: Card("3h")}
    assert bring_in_seat(doors) == 2


def test_razz_highest_door_card_brings_in_aces_low() -> None:
    """RRoP "Razz": the highest card brings in, aces are low, and spades are the highest suit."""
    doors = {1: Card("Kc"), 2: Card("Ks"), 3: Card("As"), 4: Card("Qh")}
    assert bring_in_seat(doors, highest=True, ace_low=True) == 2


def test_bring_in_may_complete() -> None:
    """RRoP "Seven-Card Stud": the bring-in may be posted or completed to a full bet; the next
    players may call the bring-in or complete."""
    p = post_forced_bets(
        ForcedBets(ante=1, bring_in=2),
        stacks=dict.fromkeys([1, 2, 3], 100),
        button=3,
        bring_in_seat=2,
    )
    r = p.start_round(FixedLimit(5))
    assert r.legal_actions() == LegalActions(seat=2, bring_in=2, complete=5)
    r = r.apply(BringIn()).apply(Complete())
    assert r.current_bet == 5 and r.bets == 1
    assert r.legal_actions() == LegalActions(seat=1, fold=True, call=5, raise_to=Range(10, 10))


def test_short_bring_in_others_still_enter_for_the_full_bring_in() -> None:
    """RRoP: a player all-in for less than the bring-in posts what they have; the
    others must still enter for the full bring-in."""
    p = post_forced_bets(
        ForcedBets(bring_in=3), stacks={1: 2, 2: 100, 3: 100}, button=3, bring_in_seat=1
    )
    r = p.start_round(FixedLimit(10)).apply(BringIn())
    assert r.contributions[1] == 2 and r.all_in == {1}
    assert r.legal_actions() == LegalActions(seat=2, fold=True, call=3, complete=10)


def test_short_big_blind_others_call_the_full_big_blind() -> None:
    """RRoP: a big blind all-in for less is still a full big blind to the others."""
    p = post_forced_bets(ForcedBets(blinds=(5, 10)), stacks={**NINE, 2: 6}, button=9)
    assert p.posts[1] == Post(2, "big blind", 6, all_in=True)
    r = p.start_round(FixedLimit(10))
    assert r.legal_actions() == LegalActions(seat=3, fold=True, call=10, raise_to=Range(20, 20))
    as_posted = post_forced_bets(
        ForcedBets(blinds=(5, 10), short=ShortForcedBet.AS_POSTED), stacks={**NINE, 2: 6}, button=9
    )
    assert as_posted.level == 6


def test_live_big_blind_option() -> None:
    """RRoP "Button and Blind Use" 2: the big blind is live and may raise when called around;
    with the option off, the round ends when the big blind is called."""
    live = post_forced_bets(ForcedBets(blinds=(1, 2)), stacks={1: 50, 2: 50, 3: 50}, button=3)
    r = live.start_round(NoLimit(2)).apply(Call()).apply(Call())
    assert r.seat_to_act == 2 and r.legal_actions() is not None
    dead = post_forced_bets(
        ForcedBets(blinds=(1, 2), big_blind_option=False), stacks={1: 50, 2: 50, 3: 50}, button=3
    )
    assert dead.start_round(NoLimit(2)).apply(Call()).apply(Call()).is_closed


def test_no_blinds_no_antes_one_chip_minimum_and_a_one_chip_toss_calls() -> None:
    """WP: with neither blinds nor antes the minimum bet is the smallest chip, and
    tossing in one chip is a call; anything more is a raise."""
    p = post_forced_bets(ForcedBets(chip=25), stacks={1: 500, 2: 500, 3: 500}, button=3)
    r = p.start_round(NoLimit(25))
    legal = r.legal_actions()
    assert legal is not None and legal.call == 25 and legal.raise_to == Range(50, 500)
    assert r.apply(Call()).contributions[1] == 25


def test_best_exposed_hand_acts_first_on_later_stud_streets() -> None:
    """RRoP "Seven-Card Stud" 3: from fourth street the highest hand showing acts first; in razz
    (RRoP "Razz") the lowest hand showing."""
    exposed = {1: parse_cards("Ah Kd"), 2: parse_cards("4c 4d"), 3: parse_cards("2s 3s")}
    assert stud_first_to_act(exposed) == 2
    assert stud_first_to_act(exposed, low=True) == 3


def test_everyone_folds_to_the_big_blind() -> None:
    """The big blind wins the blinds when everyone folds."""
    p = post_forced_bets(ForcedBets(blinds=(1, 2)), stacks={1: 50, 2: 50, 3: 50}, button=3)
    r = p.start_round(NoLimit(2)).apply(Fold()).apply(Fold())
    assert r.is_closed and r.in_hand == (2,)
