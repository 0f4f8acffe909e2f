"""Tests for a session of hands at one table (pokerrules.table)."""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pokerrules.actions import Bet, Call, Check, Fold, Raise
from pokerrules.catalogue import (
    CHICAGO_HIGH_SPADE,
    LIMIT_HOLDEM,
    LIMIT_HOLDEM_FULL_KILL,
    NO_LIMIT_HOLDEM,
    SEVEN_CARD_STUD,
)
from pokerrules.engine import Acted, ChooseRunouts, Hand, Posted, RanOut, ShowHand
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import AnteKind
from pokerrules.kill import FULL_KILL, KillActionOrder, KillRules, KillTrigger
from pokerrules.pots import clockwise_from
from pokerrules.runouts import agreed_runouts
from pokerrules.serialization import dumps, loads
from pokerrules.showdown import HighHand, HighSpadeInHole, NoHoleSpade, Showdown
from pokerrules.table import Table
from pokerrules.testing import random_action
from pokerrules.variants import Stakes, Variant, find_variant
from tests.test_engine import checked_down, play

LIMIT = Stakes.limit(20, 40)


def posts(hand: Hand) -> dict[str, int]:
    return {e.kind: e.seat for e in hand.log if isinstance(e, Posted)}


def fold_around(hand: Hand) -> Hand:
    """Everyone folds to the big blind (or checks the pot down when nobody can fold)."""
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal is not None and legal.kind == "bet" and legal.fold:
            hand = hand.apply(Fold())
        elif legal is not None and legal.kind == "bet":
            hand = hand.apply(Check() if legal.check else Call())
        else:
            hand = checked_down(hand)
    return hand


def test_the_big_blind_moves_one_player_a_hand() -> None:
    table = Table.open(
        LIMIT_HOLDEM, stakes=LIMIT, stacks={0: 500, 2: 500, 5: 500, 7: 500}, button=7
    )
    bigs = []
    for k in range(8):
        hand = table.deal(seed=k)
        bigs.append(posts(hand)["big blind"])
        table = table.record(fold_around(hand))
    assert bigs == [2, 5, 7, 0, 2, 5, 7, 0]
    assert table.hands == 8 and sum(table.stacks.values()) == 2000


def test_dead_button_when_the_small_blind_leaves() -> None:
    """RRoP dead-button rule: the small blind is posted where the big blind was, and the button
    sits where the small blind was -- an empty seat if that player left."""
    table = Table.open(
        LIMIT_HOLDEM, stakes=LIMIT, stacks={0: 500, 2: 500, 5: 500, 7: 500}, button=7
    )
    table = table.record(fold_around(table.deal(seed=1)))  # SB 0, BB 2
    table = table.leave(0)
    hand = table.deal(seed=2)
    assert posts(hand) == {"small blind": 2, "big blind": 5}
    assert hand.actor == 7  # left of the big blind, with the button dead on seat 0's side


def test_dead_small_blind_when_the_big_blind_leaves() -> None:
    """When last hand's big blind has gone, nobody posts the small blind this hand; the big
    blind still moves exactly one player."""
    table = Table.open(
        LIMIT_HOLDEM, stakes=LIMIT, stacks={0: 500, 2: 500, 5: 500, 7: 500}, button=7
    )
    table = table.record(fold_around(table.deal(seed=1)))  # SB 0, BB 2
    table = table.leave(2)
    hand = table.deal(seed=2)
    assert posts(hand) == {"big blind": 5}


def test_heads_up_the_button_posts_the_small_blind() -> None:
    table = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks={0: 500, 2: 500, 5: 500}, button=5)
    table = table.record(fold_around(table.deal(seed=1)))  # SB 0, BB 2
    table = table.leave(5)
    hand = table.deal(seed=2)
    assert posts(hand) == {"small blind": 2, "big blind": 0}
    assert hand.button == 2


def test_players_bust_out_and_stacks_carry_over() -> None:
    rng = random.Random(3)
    table = Table.open(
        LIMIT_HOLDEM, stakes=Stakes.limit(2, 4), stacks={1: 30, 3: 30, 4: 30, 8: 30}, button=1
    )
    total = 120
    while len(table.stacks) > 1 and table.hands < 200:
        hand = play(table.deal(seed=rng.randrange(10**6)), rng)
        table = table.record(hand)
        assert sum(table.stacks.values()) == total
        assert all(x > 0 for x in table.stacks.values())
    assert len(table.stacks) < 4


def test_a_joining_player_waits_for_the_big_blind() -> None:
    table = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks={0: 500, 2: 500, 5: 500}, button=5)
    table = table.record(fold_around(table.deal(seed=1)))  # SB 0, BB 2
    table = table.join(7, 400)
    assert 7 not in table.active  # the big blind goes to seat 5 next
    table = table.record(fold_around(table.deal(seed=2)))  # BB 5
    assert table.next_big_blind == 7 and 7 in table.active
    assert posts(table.deal(seed=3))["big blind"] == 7
    with pytest.raises(InvalidDefinitionError, match="taken"):
        table.join(7, 100)


def test_missed_blinds_are_posted_on_return_big_live_small_dead_rrop() -> None:
    """RRoP "Button and Blind Use" (WSOP Live-Action 160): a player who missed the blinds posts
    them on return, the big blind live -- unraised, they may check when the action reaches
    them -- and the small blind dead; one of each however many times they passed."""
    table = Table.open(
        LIMIT_HOLDEM, stakes=LIMIT, stacks={0: 500, 2: 500, 5: 500, 7: 500}, button=7
    )
    table = table.record(fold_around(table.deal(seed=1)))  # SB 0, BB 2
    table = table.sit_out(5)
    for seed in (2, 3):
        hand = table.deal(seed=seed)
        assert 5 not in hand.seats
        table = table.record(fold_around(hand))
    assert table.missed == {5: 20} and table.owed == {5: 10}
    table = table.sit_in(5)
    hand = table.deal(seed=6)
    posted = {
        (e.kind, e.amount, e.live) for e in hand.log if isinstance(e, Posted) and e.seat == 5
    }
    assert posted == {("missed big blind", 20, True), ("owed blind", 10, False)}
    legal = hand.legal_actions()
    while legal is not None and legal.kind == "bet" and legal.seat != 5:
        hand = hand.apply(Call() if legal.call is not None else Check())
        legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.check and legal.call is None
    table = table.record(fold_around(hand))
    assert table.missed == {} and table.owed == {}


def test_a_missed_small_blind_is_owed_and_posted_dead_rrop() -> None:
    """RRoP "Button and Blind Use": the big blind who steps away before their small blind
    leaves a dead small blind, and posts it dead on return."""
    table = Table.open(
        LIMIT_HOLDEM, stakes=LIMIT, stacks={0: 500, 2: 500, 5: 500, 7: 500}, button=7
    )
    table = table.record(fold_around(table.deal(seed=1)))  # SB 0, BB 2
    table = table.sit_out(2)
    hand = table.deal(seed=2)
    assert "small blind" not in posts(hand) and posts(hand)["big blind"] == 5
    table = table.record(fold_around(hand))
    assert table.owed == {2: 10}
    table = table.sit_in(2)
    hand = table.deal(seed=3)
    posted = [
        (e.kind, e.amount, e.live) for e in hand.log if isinstance(e, Posted) and e.seat == 2
    ]
    assert ("owed blind", 10, False) in posted


def test_two_pots_in_a_row_make_a_kill() -> None:
    """RRoP "Kill Pots": a player who wins two pots in a row, the second with a full bet beyond
    the blinds, posts a kill of twice the big blind and the limits double ($20/$40 -> $40/$80)."""
    table = Table.open(
        LIMIT_HOLDEM_FULL_KILL, stakes=LIMIT, stacks={0: 1000, 1: 1000, 2: 1000}, button=2
    )
    winner = None
    for k in range(40):
        hand = table.deal(seed=k)
        while not hand.is_complete:  # everyone calls down
            legal = hand.legal_actions()
            hand = (
                checked_down(hand)
                if legal is None or legal.kind != "bet"
                else hand.apply(Check() if legal.check else Call())
            )
        table = table.record(hand)
        assert hand.outcome is not None
        if table.kill is not None and table.kill.is_kill:
            winner = table.kill.killer
            break
    assert winner is not None
    kill_hand = table.deal(seed=99)
    kills = [e for e in kill_hand.log if isinstance(e, Posted) and e.kind == "kill"]
    assert [(e.seat, e.amount) for e in kills] == [(winner, 40)]
    assert kill_hand.stakes.small_bet == 40 and kill_hand.stakes.big_bet == 80


@pytest.mark.parametrize("order", list(KillActionOrder))
def test_kill_action_order_at_the_table(order: KillActionOrder) -> None:
    """Option ``kill_action_order`` (WP "Kill game"; RRoP "Kill Pots"): the killer acts in turn
    (default) or last before the flop; either way the live kill has the option when everyone
    only calls it."""
    kill = KillRules(size=FULL_KILL, action_order=order)
    variant = attrs.evolve(LIMIT_HOLDEM_FULL_KILL, kill=kill)
    table = Table.open(variant, stakes=LIMIT, stacks=dict.fromkeys(range(5), 1000), button=4)
    for k in range(80):
        hand = table.deal(seed=k)
        killer = table.kill.killer if table.kill is not None else None
        in_turn = clockwise_from(hand.button, hand.seats)
        in_turn = in_turn[2:] + in_turn[:2]  # left of the big blind first
        if killer is not None and killer in in_turn[:-2]:
            break  # a kill hand with the killer outside the blinds
        table = table.record(checked_down(hand))
    else:
        pytest.fail("no kill hand with the killer outside the blinds")
    actors = []
    while hand.street == "pre-flop" and not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None and legal.kind == "bet"
        actors.append(legal.seat)
        assert legal.check == (legal.seat == killer)
        hand = hand.apply(Check() if legal.check else Call())
    if order is KillActionOrder.LAST:
        assert actors == [s for s in in_turn if s != killer] + [killer]
    else:
        assert actors == list(in_turn)


def test_chicago_carry_over_goes_into_the_next_pot() -> None:
    variant = attrs.evolve(
        CHICAGO_HIGH_SPADE,
        showdown=Showdown(shares=(HighHand(), HighSpadeInHole(if_none=NoHoleSpade.CARRY_OVER))),
    )
    stakes = Stakes(ante=1, bring_in=1, small_bet=2, big_bet=4)
    table = Table.open(variant, stakes=stakes, stacks={0: 100, 1: 100, 2: 100}, button=2)
    for k in range(60):
        hand = checked_down(table.deal(seed=k))
        table = table.record(hand)
        assert hand.outcome is not None
        assert sum(table.stacks.values()) + table.carried == 300
        if hand.outcome.carried:
            following = table.deal(seed=1000 + k)
            assert following.pot == following.carried_in + sum(following.contributions.values())
            assert following.carried_in == hand.outcome.carried
            return
    pytest.fail("no hand without a hole spade in 60 deals")


def test_stud_button_moves_without_blinds() -> None:
    table = Table.open(
        SEVEN_CARD_STUD,
        stakes=Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10),
        stacks={0: 100, 3: 100, 4: 100},
        button=0,
    )
    buttons = []
    for k in range(4):
        hand = table.deal(seed=k)
        buttons.append(hand.button)
        table = table.record(checked_down(hand))
    assert buttons == [0, 3, 4, 0]


def test_table_refuses_bad_moves() -> None:
    table = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks={0: 500, 2: 500}, button=2)
    with pytest.raises(InvalidDefinitionError, match="nobody sits"):
        table.leave(4)
    with pytest.raises(InvalidDefinitionError, match="not over"):
        table.record(table.deal(seed=1))
    with pytest.raises(InvalidDefinitionError, match="needs 2"):
        table.leave(0).deal(seed=1)
    with pytest.raises(InvalidDefinitionError, match="10-seat"):
        Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks={12: 5, 1: 5})
    with pytest.raises(InvalidDefinitionError, match="a seat is a seat number"):
        table.join("3", 500)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="whole chips"):
        table.join(3, 50.5)  # type: ignore[arg-type]


def test_table_records_only_the_hand_it_dealt_and_only_once() -> None:
    """Recording a hand twice, or another table's hand, would move the button, blinds and
    stacks wrongly: the table refuses it and stays as it was."""
    table = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks={0: 500, 2: 500, 5: 500}, button=5)
    hand = table.deal(seed=1).apply(Fold()).apply(Fold())
    after = table.record(hand)
    assert after.hands == 1
    with pytest.raises(InvalidDefinitionError, match="did not deal that hand"):
        after.record(hand)
    other = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks={0: 500, 2: 500, 5: 900}, button=5)
    with pytest.raises(InvalidDefinitionError, match="starting stacks"):
        other.record(hand)
    moved = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks={0: 500, 2: 500, 5: 500}, button=0)
    with pytest.raises(InvalidDefinitionError, match="button"):
        moved.record(hand)
    dearer = Table.open(
        LIMIT_HOLDEM, stakes=Stakes.limit(40, 80), stacks={0: 500, 2: 500, 5: 500}, button=5
    )
    with pytest.raises(InvalidDefinitionError, match="stakes"):
        dearer.record(hand)


def _raise_then_everyone_folds(hand: Hand, raiser: int, caller: int | None = None) -> Hand:
    """``raiser`` bets or raises whenever it can; ``caller`` calls once, then folds to a bet."""
    called = False
    while hand.outcome is None:
        legal = hand.legal_actions()
        assert legal is not None and legal.kind == "bet"
        if legal.seat == raiser:
            if legal.bet is not None:
                hand = hand.apply(Bet(legal.bet.low))
            elif legal.raise_to is not None:
                hand = hand.apply(Raise(to=legal.raise_to.low))
            else:
                hand = hand.apply(Check() if legal.check else Call())
        elif legal.seat == caller and not called and legal.call is not None:
            called = True
            hand = hand.apply(Call())
        elif legal.check:
            hand = hand.apply(Check())
        else:
            hand = hand.apply(Fold())
    return hand


def test_a_second_leg_of_blinds_and_own_chips_makes_no_kill() -> None:
    """RRoP "Kill Pots" 3: twice a raise that takes only the blinds -- the second pot holds the
    blinds and the winner's own chips, no full bet won -- so the next hand is no kill."""
    variant = find_variant("limit hold'em with a full kill")
    table = Table.open(
        variant, stakes=Stakes.limit(20, 40), stacks=dict.fromkeys(range(1, 7), 1000), button=4
    )
    for seed in (1, 2):
        table = table.record(_raise_then_everyone_folds(table.deal(seed=seed), raiser=3))
    assert table.kill is not None and table.kill.leg == 3 and table.kill.killer is None


def test_a_second_leg_that_wins_a_full_bet_from_a_caller_makes_a_kill() -> None:
    """RRoP "Kill Pots" 3: the big blind calls the raise (a full bet beyond the blind), then
    folds to a bet on the flop: the raiser won a full bet, so he kills the next hand."""
    variant = find_variant("limit hold'em with a full kill")
    table = Table.open(
        variant, stakes=Stakes.limit(20, 40), stacks=dict.fromkeys(range(1, 7), 1000), button=4
    )
    table = table.record(_raise_then_everyone_folds(table.deal(seed=1), raiser=3))
    hand = _raise_then_everyone_folds(table.deal(seed=2), raiser=3, caller=6)
    assert hand.outcome is not None and hand.outcome.winners == (3,)
    table = table.record(hand)
    assert table.kill is not None and table.kill.killer == 3


def _session(table: Table, hands: int, seed: int = 1) -> tuple[Table, list[Hand]]:
    played = []
    for k in range(hands):
        hand = fold_around(table.deal(seed=seed + k))
        played.append(hand)
        table = table.record(hand)
    return table, played


def test_the_button_sits_where_the_small_blind_was_and_pays_the_button_ante_rrop() -> None:
    """RRoP "Button and Blind Use" (dead button): the button moves to where the small blind
    was -- a player when one sits there, who then pays a button ante."""
    variant = attrs.evolve(
        LIMIT_HOLDEM,
        forced_bets=attrs.evolve(LIMIT_HOLDEM.forced_bets, ante=AnteKind.BUTTON),
    )
    table = Table.open(
        variant,
        stakes=Stakes.limit(20, 40, ante=5),
        stacks=dict.fromkeys((0, 2, 5, 7), 500),
        button=7,
    )
    _, hands = _session(table, 5)
    assert [h.button for h in hands] == [7, 0, 2, 5, 7]
    for hand in hands:
        antes = [e.seat for e in hand.log if isinstance(e, Posted) and e.kind == "button ante"]
        assert antes == [hand.button]


def test_with_three_blinds_the_big_blind_moves_one_player_a_hand_rrop() -> None:
    variant = attrs.evolve(
        NO_LIMIT_HOLDEM, forced_bets=attrs.evolve(NO_LIMIT_HOLDEM.forced_bets, blinds=3)
    )
    table = Table.open(
        variant,
        stakes=Stakes(blinds=(5, 10, 20)),
        stacks=dict.fromkeys(range(6), 1000),
        button=0,
    )
    _, hands = _session(table, 6)
    bigs = [
        next(e.seat for e in h.log if isinstance(e, Posted) and e.kind == "big blind")
        for h in hands
    ]
    assert bigs == [3, 4, 5, 0, 1, 2]


def test_a_returning_player_between_the_button_and_the_big_blind_waits_rrop() -> None:
    table = Table.open(
        LIMIT_HOLDEM, stakes=LIMIT, stacks=dict.fromkeys((0, 2, 5, 7), 500), button=7
    )
    table, _ = _session(table, 1)
    table = table.sit_out(5)
    table, _ = _session(table, 1, seed=2)
    table = table.sit_in(5)
    assert 5 not in table.deal(seed=3).seats  # in the small blind's seat: waits a hand
    table, _ = _session(table, 1, seed=3)
    assert 5 in table.deal(seed=4).seats


def test_returning_in_the_big_blind_posts_only_the_big_blind_rrop() -> None:
    table = Table.open(
        LIMIT_HOLDEM, stakes=LIMIT, stacks=dict.fromkeys((0, 2, 5, 7), 500), button=7
    )
    table, _ = _session(table, 1)
    table = table.sit_out(2)  # the big blind steps away
    table, _ = _session(table, 3, seed=2)
    hand = table.sit_in(2).deal(seed=9)
    assert {(e.kind, e.amount) for e in hand.log if isinstance(e, Posted) and e.seat == 2} == {
        ("big blind", 20)
    }


def test_a_new_player_may_post_to_be_dealt_in_at_once_rrop() -> None:
    """RRoP "Button and Blind Use": a new player waits for the big blind, or posts one to be
    dealt in at once. Left alone with one other player, the waiting player is dealt in too:
    too few players remain to deal a hand, so the two start a new game (RRoP 5), where a new
    player posts no blind to come in."""
    table = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks=dict.fromkeys((0, 2, 5), 500), button=5)
    table, _ = _session(table, 1)  # small blind 0, big blind 2: the big blind is 5's next
    assert 7 not in table.join(7, 400).deal(seed=2).seats  # waiting, after the big blind
    hand = table.join(7, 400, post=True).deal(seed=2)
    assert 7 in hand.seats and posts(hand)["missed big blind"] == 7
    alone = table.join(7, 400).leave(0).leave(2)
    assert alone.starts_new_game
    hand = alone.deal(seed=2)
    assert hand.seats == (5, 7) and posts(hand) == {"small blind": 7, "big blind": 5}
    hand = table.join(7, 400, post=True).leave(0).leave(2).deal(seed=2)
    assert 7 in hand.seats


def test_a_new_player_who_posts_comes_in_heads_up_rather_than_no_game() -> None:
    """Left alone with a new player who posted, sitting between the button and the big blind,
    the big blind is not kept waiting: the new player comes in heads-up, on the button, and
    posts the big blind they owe to come in (live), not merely the button's small blind."""
    table = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks=dict.fromkeys((0, 2, 5), 500), button=5)
    table, _ = _session(table, 1)  # small blind 0, big blind 2
    table = table.leave(2).leave(5).join(1, 400, post=True)
    hand = table.deal(seed=2)
    assert hand.seats == (0, 1) and hand.button == 1
    assert posts(hand) == {"missed big blind": 1, "big blind": 0}
    assert [(e.seat, e.amount, e.live) for e in hand.log if isinstance(e, Posted)] == [
        (0, 20, True),
        (1, 20, True),
    ]
    # one who waits for the big blind, alone with one other player, starts a new game with
    # them instead (RRoP "Button and Blind Use" 5): dealt in, owing nothing
    hand = table.leave(1).join(1, 400).deal(seed=2)
    assert hand.seats == (0, 1) and posts(hand) == {"small blind": 1, "big blind": 0}
    with pytest.raises(InvalidDefinitionError, match="1 player"):
        table.leave(1).leave(0).join(1, 400).deal(seed=2)  # nobody to play with


def test_rrop_newly_started_game_two_new_players_alone_are_dealt_in() -> None:
    """RRoP "Button and Blind Use" 5, the rules for a newly started game: "Any player who drew
    for the button is considered active in the game", and "a new player is not required to
    post a blind until the button has made one complete revolution around the table". Two new
    players alone at a table, both waiting for the big blind, start a new game: both are
    dealt in, the big blind one player on from the last, and nobody posts to come in. From
    then on the blinds go round as ever."""
    table = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks=dict.fromkeys((0, 2, 5), 500), button=5)
    table, _ = _session(table, 1)  # small blind 0, big blind 2
    table = table.leave(0).leave(2).leave(5).join(3, 400).join(7, 400)
    assert table.waiting == {3, 7} and table.next_big_blind == 3
    assert table.starts_new_game and table.active == (3, 7)
    hand = table.deal(seed=3)
    assert hand.seats == (3, 7) and hand.button == 7
    assert [(e.seat, e.kind, e.amount) for e in hand.log if isinstance(e, Posted)] == [
        (7, "small blind", 10),
        (3, "big blind", 20),
    ]
    table = table.record(fold_around(hand))
    assert not table.waiting and not table.starts_new_game
    assert table.big_blind == 3 and table.small_blind == 7
    bigs = []
    for seed in range(4):
        hand = table.deal(seed=seed)
        bigs.append(posts(hand)["big blind"])
        table = table.record(fold_around(hand))
    assert bigs == [7, 3, 7, 3]
    assert sum(table.stacks.values()) == 800


def test_rrop_newly_started_game_three_new_players_post_only_the_blinds() -> None:
    """RRoP "Button and Blind Use" 5: three newcomers alone at a table start a new game, all
    dealt in: the big blind goes to the player next after the last big blind, the small blind
    and the button to the players before, and nobody else posts."""
    table = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks=dict.fromkeys((0, 2), 500), button=2)
    table, _ = _session(table, 1)  # heads-up: button and small blind 2, big blind 0
    table = table.leave(0).leave(2).join(1, 400).join(4, 400).join(6, 400)
    assert table.next_big_blind == 1 and table.starts_new_game
    hand = table.deal(seed=4)
    assert hand.seats == (1, 4, 6) and hand.button == 4
    assert posts(hand) == {"small blind": 6, "big blind": 1}
    table = table.record(fold_around(hand))
    assert (table.small_blind, table.big_blind) == (6, 1)
    assert posts(table.deal(seed=5)) == {"small blind": 1, "big blind": 4}


def test_a_waiting_player_still_waits_when_enough_others_can_play() -> None:
    """A new game starts only when too few can be dealt in: with two regulars still there, a
    newcomer who waits for the big blind keeps waiting (RRoP "Button and Blind Use")."""
    table = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks=dict.fromkeys((0, 2, 5), 500), button=5)
    table, _ = _session(table, 1)  # big blind 2, then 5
    table = table.leave(0).join(7, 400)
    assert not table.starts_new_game and table.active == (2, 5)


def test_three_blinds_heads_up_then_three_handed_rrop() -> None:
    """With three blinds heads-up the button posts a small blind and the other player the big
    blind; when a third player comes in on the big blind all three blinds are posted, each one
    player on."""
    variant = attrs.evolve(
        NO_LIMIT_HOLDEM, forced_bets=attrs.evolve(NO_LIMIT_HOLDEM.forced_bets, blinds=3)
    )
    table = Table.open(variant, stakes=Stakes(blinds=(1, 2, 4)), stacks={0: 300, 1: 300})
    hand = table.deal(seed=1)
    assert hand.button == 0 and posts(hand) == {"small blind": 0, "big blind": 1}
    table = table.record(fold_around(hand)).join(4, 300)
    assert table.next_big_blind == 4
    hand = table.deal(seed=2)
    assert hand.seats == (0, 1, 4) and hand.button == 4
    assert posts(hand) == {"small blind": 0, "middle blind": 1, "big blind": 4}


def _kill_table(**rules: object) -> Table:
    variant = attrs.evolve(LIMIT_HOLDEM_FULL_KILL, kill=KillRules(**rules))  # type: ignore[arg-type]
    return Table.open(variant, stakes=LIMIT, stacks=dict.fromkeys(range(1, 7), 1000), button=4)


def _make_killer(table: Table, seat: int) -> Table:
    for k in range(12):
        hand = _raise_then_everyone_folds(table.deal(seed=k), raiser=seat, caller=None)
        table = table.record(hand)
        if table.kill is not None and table.kill.killer == seat:
            return table
    raise AssertionError("no kill")


def test_a_killer_cannot_sit_out_or_leave_before_the_kill_rrop() -> None:
    """RRoP "Kill Pots" 6: a player required to kill posts it that same hand even if they wish
    to be dealt out or quit."""
    table = _kill_table(trigger=KillTrigger.POT_OVER, threshold=0)
    table = _make_killer(table, 3)
    for command in (table.sit_out, table.leave):
        with pytest.raises(InvalidDefinitionError, match="Kill Pots"):
            command(3)


def test_a_leg_holder_who_leaves_loses_the_leg_rrop() -> None:
    """RRoP "Kill Pots" 1b: the kill button is neutral when the last pot's winner has quit."""
    table = _kill_table()
    table = table.record(_raise_then_everyone_folds(table.deal(seed=1), raiser=1))
    assert table.kill is not None and table.kill.leg == 1
    left = table.leave(1)
    assert left.kill is not None and left.kill.leg is None


def test_the_big_blind_is_tracked_when_the_kill_replaces_it() -> None:
    table = _kill_table(trigger=KillTrigger.POT_OVER, threshold=0)
    table = _make_killer(table, 3)
    expected = table.next_big_blind
    hand = table.deal(seed=50)
    table = table.record(fold_around(hand))
    assert table.big_blind == expected is not None


@pytest.mark.parametrize(
    "options",
    [
        {"button": 15},
        {"button": -1},
        {"seat_count": "10"},
        {"seat_count": 0},
        {"seat_count": True},
    ],
)
def test_open_refuses_seats_that_do_not_exist(options: dict[str, object]) -> None:
    with pytest.raises(InvalidDefinitionError):
        Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks={0: 500, 1: 500}, **options)  # type: ignore[arg-type]


def test_open_reads_a_list_of_stacks_as_seats_0_1_and_refuses_other_kinds() -> None:
    table = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks=[500, 400])
    assert table.stacks == {0: 500, 1: 400}
    with pytest.raises(InvalidDefinitionError, match="chips by seat"):
        Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks=500)  # type: ignore[arg-type]


def test_open_refuses_a_variant_or_stakes_of_the_wrong_kind() -> None:
    with pytest.raises(InvalidDefinitionError, match="stakes must be Stakes, not True"):
        Table.open(find_variant("nlhe"), stakes=True, stacks=[100, 100])  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="variant must be a Variant, not 'nlhe'"):
        Table.open("nlhe", stakes=LIMIT, stacks=[100, 100])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "fragment"),
    [
        ({"variant": None}, "variant must be a Variant, not None"),
        ({"stakes": (20, 40)}, "stakes must be a Stakes, not \\(20, 40\\)"),
        ({"button": True}, "button must be a seat number, not True"),
        ({"button": -1}, "button must be a seat 0-9 or None, not -1"),
        ({"big_blind": "1"}, "big_blind must be a seat number, not '1'"),
        ({"small_blind": 10}, "small_blind must be a seat 0-9 or None, not 10"),
        ({"middle_blind": -2}, "middle_blind must be a seat 0-9 or None, not -2"),
        ({"middle_blind": 1.0}, "middle_blind must be a seat number, not 1.0"),
        ({"waiting": [True]}, "waiting must hold seat numbers, not True"),
        ({"waiting": "1"}, "waiting must be a set of seats, not '1'"),
        ({"waiting": {3}}, "waiting names seat 3, where nobody sits"),
        ({"sitting_out": 1}, "sitting_out must be a set of seats, not 1"),
        ({"owed": [(0, 10)]}, "owed must be blinds by seat \\(a mapping\\)"),
        ({"owed": {0: -1}}, "owed: seat 0 must owe a positive whole number of chips, not -1"),
        ({"owed": {5: 10}}, "owed names seat 5, where nobody sits"),
        ({"missed": {True: 20}}, "missed must be blinds by seat number, not by True"),
        ({"missed": {0: 20.0}}, "missed: seat 0 must owe a positive whole number"),
        ({"kill": 3}, "kill must be a KillTracker, not 3"),
        ({"carried": -1}, "carried must be a whole number of chips >= 0, not -1"),
        ({"carried": 1.5}, "carried must be a whole number of chips >= 0, not 1.5"),
        ({"hands": True}, "hands must be a whole number >= 0, not True"),
        ({"hands": -1}, "hands must be a whole number >= 0, not -1"),
    ],
)
def test_table_refuses_fields_of_the_wrong_kind(fields: dict[str, Any], fragment: str) -> None:
    table = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks=[500, 500])
    with pytest.raises(InvalidDefinitionError, match=fragment):
        attrs.evolve(table, **fields)
    with pytest.raises(InvalidDefinitionError, match=fragment):
        Table(**(attrs.asdict(table, recurse=False) | fields))


def test_table_seats_are_seat_numbers_not_bools() -> None:
    table = Table.open(LIMIT_HOLDEM, stakes=LIMIT, stacks=[500, 500, 500])
    for seat in (True, "1", 1.0):
        for move in (table.leave, table.sit_out, table.sit_in):
            with pytest.raises(InvalidDefinitionError, match="seat must be a seat number"):
                move(seat)  # type: ignore[arg-type]
        with pytest.raises(InvalidDefinitionError, match="a seat is a seat number"):
            table.join(seat, 500)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="post must be True or False, not 'yes'"):
        table.join(4, 500, post="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="needs chips to sit"):
        table.join(4, 0)
    with pytest.raises(InvalidDefinitionError, match="hand must be a Hand, not 'hand'"):
        table.record("hand")  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="expose_all_ins must be True, False or None"):
        table.deal(seed=1, expose_all_ins="junk")  # type: ignore[arg-type]
    assert table.sit_out(1).sitting_out == {1}


# -- the dead-button rule over random sessions --------------------------------------------------

_SEATS = 8
_BLINDS = {1: (2,), 2: (1, 2), 3: (1, 2, 4)}


def _blind_variant(blinds: int) -> Variant:
    return attrs.evolve(
        NO_LIMIT_HOLDEM, forced_bets=attrs.evolve(NO_LIMIT_HOLDEM.forced_bets, blinds=blinds)
    )


_EVENTS = st.tuples(
    st.sampled_from(["join", "join and post", "leave", "sit out", "sit in"]),
    st.integers(0, _SEATS - 1),
)
# a hand: what happens before it, the seed it is dealt and played from, and whether everyone
# folds to the big blind (or plays at random)
_HANDS = st.tuples(st.lists(_EVENTS, max_size=3), st.integers(0, 2**16), st.booleans())
_Session = tuple[int, int, dict[int, int], list[tuple[list[tuple[str, int]], int, bool]]]


@st.composite
def _sessions(draw: st.DrawFn) -> _Session:
    blinds = draw(st.sampled_from([2, 2, 2, 1, 3]))
    seats = draw(st.lists(st.integers(0, _SEATS - 1), min_size=2, max_size=6, unique=True))
    stacks = {s: draw(st.integers(10, 400)) for s in seats}
    button = draw(st.integers(0, _SEATS - 1))
    return blinds, button, stacks, draw(st.lists(_HANDS, min_size=3, max_size=30))


@dataclasses.dataclass
class _Played:
    """One hand of a session, by player (a seat's player changes when someone else sits)."""

    dealt: frozenset[int]
    big: int  # who posted the big blind


def _check_hand(  # noqa: PLR0917 -- everything the rule says about one hand
    before: Table,
    hand: Hand,
    after: Table,
    played: list[_Played],
    player: dict[int, int],
    entering: set[int],
) -> None:
    posts = [e for e in hand.log if isinstance(e, Posted)]
    kinds = {e.kind: e.seat for e in posts}
    sizes = before.stakes.blinds
    heads_up = len(hand.seats) == 2
    big = kinds.get("big blind", after.big_blind)
    assert big is not None
    present = {s for s in before.stacks if s not in before.sitting_out}
    ready = {s for s in present if s not in before.waiting or s == before.next_big_blind}
    # a new game starts only when too few can be dealt in without those who wait (RRoP 5)
    fresh = len(ready) < 2 <= len(present)
    assert before.starts_new_game == fresh
    if fresh:
        # everyone present is dealt in, and nobody posts to come in: only the blinds post
        assert set(hand.seats) == present
        assert {e.kind for e in posts} <= {"small blind", "middle blind", "big blind"}
        assert len({e.seat for e in posts}) == len(posts)
    else:
        assert all(s == big for s in set(hand.seats) & before.waiting)
    if before.big_blind is not None:
        # the big blind moves one player a hand: nobody posts two in a row
        assert big == before.next_big_blind != before.big_blind
    if before.big_blind is not None and not fresh:
        # each smaller blind where the next larger one was -- its own size, dead (not posted)
        # when that player is not dealt in; heads-up the button posts the small blind, or
        # the big blind it owes (live) in its place
        owing: set[int] = set()
        if heads_up:
            due = {s: sizes[-2] for s in hand.seats if s != big and len(sizes) > 1}
            assert set(due) <= {hand.button}
            owing = {s for s in due if s in before.missed}
            due.update(dict.fromkeys(owing, sizes[-1]))
        else:
            smaller = (before.middle_blind, before.big_blind)[3 - len(sizes) :]
            due = {s: x for s, x in zip(smaller, sizes, strict=False) if s in hand.seats}
        due[big] = sizes[-1]
        blinds = {e.seat: e.amount for e in posts if e.kind.endswith(" blind") and e.live}
        blinds = {s: x for s, x in blinds.items() if s in due}  # not a missed big blind
        assert blinds.keys() == due.keys()
        for seat, amount in blinds.items():  # in full, or all in
            everything = sum(e.amount for e in posts if e.seat == seat)
            assert amount == due[seat] or everything == hand.starting_stacks[seat]
        smaller_posts = [e for e in posts if e.kind in {"small blind", "middle blind"}]
        assert len(smaller_posts) == len(due) - 1 - len(owing)
    for seat in hand.seats:
        if player[seat] in entering:
            # a new player who posted to come in posts a big blind, live, on their first hand
            mine = {e.kind for e in posts if e.seat == seat and e.live}
            assert mine & {"big blind", "missed big blind"}, (seat, posts)
            entering.discard(player[seat])
    played.append(_Played(frozenset(player[s] for s in hand.seats), player[big]))
    # nobody escapes a big blind: between two big blinds of one player, everyone dealt into
    # every hand of that stretch was due one
    now = played[-1]
    last = next((k for k in range(len(played) - 2, -1, -1) if played[k].big == now.big), None)
    if last is not None:
        stretch = played[last:]
        steady = frozenset.intersection(*(p.dealt for p in stretch))
        owed = steady - {p.big for p in stretch[1:-1]} - {now.big}
        assert not owed, f"{sorted(owed)} escaped the big blind"
    # a full orbit of the same players: each was due the big blind exactly once
    orbit = played[-len(now.dealt) :]
    if len(orbit) == len(now.dealt) and all(p.dealt == now.dealt for p in orbit):
        assert sorted(p.big for p in orbit) == sorted(now.dealt)


def _trigger(*events: tuple[str, int]) -> list[tuple[list[tuple[str, int]], int, bool]]:
    """One hand, ``events``, then three more, everyone folding to the big blind."""
    return [([], 1, True), (list(events), 2, True), ([], 3, True), ([], 4, True)]


@settings(max_examples=300)
@given(_sessions())
# the audit's cases: the button leaves and a new player posts between the blinds; heads-up to
# three; the small blind leaves and a new player posts between the dead button and the big
# blind; with three blinds, the big blind leaves
@example((2, 0, dict.fromkeys((0, 2, 4), 200), _trigger(("leave", 0), ("join and post", 3))))
@example((2, 2, dict.fromkeys((1, 2), 200), _trigger(("join and post", 6))))
@example((2, 6, dict.fromkeys((0, 5, 6), 200), _trigger(("leave", 0), ("join and post", 3))))
@example((3, 0, dict.fromkeys(range(5), 200), _trigger(("leave", 3))))
# only newcomers, waiting for the big blind, are left: a new game (RRoP 5); and one player left
# with a newcomer who waits
@example((2, 0, dict.fromkeys((0, 2), 200), _trigger(("leave", 0), ("leave", 2), ("join", 4))))
@example(
    (
        2,
        0,
        dict.fromkeys((0, 2), 200),
        [
            *_trigger(("leave", 0), ("leave", 2))[:1],
            ([("join", 4), ("join", 6)], 2, True),
            ([], 3, True),
            ([], 4, True),
        ],
    )
)
@example((3, 5, dict.fromkeys((1, 3, 5), 200), _trigger(("leave", 1), ("leave", 3), ("join", 6))))
def test_random_sessions_keep_the_dead_button_rule_rrop(session: _Session) -> None:
    """RRoP "Button and Blind Use" over random sessions -- players joining (waiting or posting),
    leaving, sitting out and back in, busting, 2 to 6 at a time, with one, two or three blinds:
    after every hand the big blind has moved one player (nobody posts two in a row), each
    smaller blind is where the next larger one was, nobody escapes a big blind, each player of
    a full orbit was due it once, a new player who posts comes in with a big blind, and no chip
    is made or lost."""
    blinds, button, stacks, hands = session
    table = Table.open(
        _blind_variant(blinds),
        stakes=Stakes(blinds=_BLINDS[blinds]),
        stacks=stacks,
        button=button,
        seat_count=_SEATS,
    )
    chips = sum(stacks.values())
    player = {s: s for s in stacks}  # seat -> player
    newcomers = itertools.count(100)
    entering: set[int] = set()
    played: list[_Played] = []
    for events, seed, fold in hands:
        for event, seat in events:
            if event.startswith("join") and seat not in table.stacks and len(table.stacks) < 6:
                table = table.join(seat, 150, post=event == "join and post")
                chips += 150
                player[seat] = next(newcomers)
                if seat in table.missed:
                    entering.add(player[seat])
            elif event == "leave" and seat in table.stacks:
                chips -= table.stacks[seat]
                table = table.leave(seat)
                entering.discard(player[seat])
            elif event == "sit out" and seat in table.stacks:
                table = table.sit_out(seat)
            elif event == "sit in" and seat in table.sitting_out:
                table = table.sit_in(seat)
        if len(table.active) < 2:
            for seat in table.sitting_out:
                table = table.sit_in(seat)
            # players who wait for the big blind never keep a table from dealing: two
            # present always make a game
            assert len(table.active) >= 2 or len(table.stacks) < 2, "the waiting deadlocked"
            if len(table.active) < 2:
                continue
        hand = table.deal(seed=seed)
        assert set(hand.seats) == set(table.active)
        assert not set(hand.seats) & table.sitting_out
        hand = fold_around(hand) if fold else play(hand, random.Random(seed))
        after = table.record(hand)
        _check_hand(table, hand, after, played, player, entering)
        assert sum(after.stacks.values()) + after.carried == chips
        table = after


def test_a_table_seats_no_more_players_than_the_variant_allows() -> None:
    """Seven-card stud is for at most eight players: a ninth cannot sit down, at the opening
    or by joining (the table would otherwise fail only when it deals)."""
    stud = find_variant("seven-card stud")
    stakes = Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20)
    with pytest.raises(InvalidDefinitionError, match="the table is full"):
        Table.open(stud, stakes=stakes, stacks=dict.fromkeys(range(9), 100))
    table = Table.open(stud, stakes=stakes, stacks=dict.fromkeys(range(8), 100))
    with pytest.raises(InvalidDefinitionError, match="at most 8 players, not 9"):
        table.join(9, 100)
    assert table.leave(0).join(9, 100).stacks[9] == 100


# -- the players choose the runouts at an all-in --------------------------------------------------


def _all_in_and_choose(hand: Hand, counts: list[int]) -> Hand:
    """The first to act moves all in and everyone calls; then each player still in chooses the
    next of ``counts`` runouts, and the dealer shows every hand."""
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_to is not None
    hand = hand.apply(Raise(to=legal.raise_to.high))
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.kind == "runouts":
            hand = hand.apply(ChooseRunouts(counts.pop(0)))
        elif legal.kind == "bet":
            hand = hand.apply(Call())
        else:
            hand = hand.apply(ShowHand())
    return hand


@pytest.mark.parametrize(("counts", "runouts"), [([2, 2, 2], 2), ([3, 3, 1], 1), ([3, 3, 3], 3)])
def test_a_table_asking_runouts_lets_the_players_choose_at_the_all_in(
    counts: list[int], runouts: int
) -> None:
    """With ``ask_runouts`` every hand the table deals asks the players still in, at an all-in
    with cards to come, how many times to run the board; it runs that many times only when they
    all agree (the run-it-twice agreement: every player in the pot must consent)."""
    table = Table.open(
        NO_LIMIT_HOLDEM,
        stakes=Stakes.no_limit(1, 2),
        stacks={0: 100, 2: 150, 5: 200},
        button=5,
        ask_runouts=True,
    )
    assert table.ask_runouts and loads(dumps(table)) == table  # the setting is serialized
    hand = _all_in_and_choose(table.deal(seed=3), list(counts))
    chosen = [e.action for e in hand.log if isinstance(e, Acted)]
    assert [a.count for a in chosen if isinstance(a, ChooseRunouts)] == counts
    ran = [e for e in hand.log if isinstance(e, RanOut)]
    assert len({e.runout for e in ran}) == runouts - 1
    after = table.record(hand)
    assert sum(after.stacks.values()) + after.carried == 450
    assert after.ask_runouts and after.hands == 1
    # a table that does not ask never offers the choice: the board runs once by itself
    plain = attrs.evolve(table, ask_runouts=False).deal(seed=3)
    legal = plain.legal_actions()
    assert legal is not None and legal.raise_to is not None
    plain = plain.apply(Raise(to=legal.raise_to.high)).apply(Call()).apply(Call())
    legal = plain.legal_actions()
    assert legal is not None and legal.kind == "showdown"


def test_a_table_asking_runouts_refuses_games_whose_board_cannot_run_again() -> None:
    """Only a board game without draws, dealing one board and running it once unless the
    players agree, can let the players choose the runouts."""
    for name, why in [
        ("razz", "board game without draws"),
        ("five-card draw", "board game without draws"),
        ("double-board hold'em", "deals 2 boards"),
        ("run it twice", "always runs the board out 2 times"),
    ]:
        variant = find_variant(name)
        with pytest.raises(InvalidDefinitionError, match=why):
            Table.open(variant, stakes=Stakes.no_limit(1, 2), stacks=[100, 100], ask_runouts=True)
    table = Table.open(NO_LIMIT_HOLDEM, stakes=Stakes.no_limit(1, 2), stacks=[100, 100])
    with pytest.raises(InvalidDefinitionError, match="ask_runouts must be True or False"):
        attrs.evolve(table, ask_runouts="yes")  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 6))
def test_random_hands_at_a_table_asking_runouts_conserve_chips_and_run_what_was_agreed(
    seed: int, players: int
) -> None:
    """Random play at a table that asks the runouts (small stacks, so that all-ins are common):
    no chip is made or lost, and every hand runs the board the number of times its players'
    choices agree on (:func:`~pokerrules.runouts.agreed_runouts`)."""
    rng = random.Random(seed)
    table = Table.open(
        NO_LIMIT_HOLDEM,
        stakes=Stakes.no_limit(1, 2),
        stacks={s: rng.randint(3, 30) for s in range(players)},
        button=rng.randrange(players),
        ask_runouts=True,
    )
    chips = table.chips
    for number in range(8):
        if len(table.active) < 2:
            break
        hand = table.deal(seed=number)
        while not hand.is_complete:
            action = random_action(hand, rng)
            assert action is not None
            hand = hand.apply(action)
        choices = [
            e.action.count
            for e in hand.log
            if isinstance(e, Acted) and isinstance(e.action, ChooseRunouts)
        ]
        runs = 1 + len({e.runout for e in hand.log if isinstance(e, RanOut)})
        assert runs == (agreed_runouts(choices) if choices else 1)
        table = table.record(hand)
        assert table.chips == chips
