"""Forced-bet rules: blinds, antes, straddles and the stud bring-in; at a table, the
dead-button rule.

Sources: RRoP = Robert's Rules of Poker ("Button and Blind Use", "Seven-Card Stud", "Razz");
WP = Wikipedia, "Blind (poker)"; TDA = Tournament Directors Association rules
(big-blind ante).
"""

from __future__ import annotations

import attrs

from pokerrules.actions import BringIn, Call, Check, Complete, Fold, LegalActions, Range
from pokerrules.betting import FixedLimit, NoLimit
from pokerrules.cards import Card, parse_cards
from pokerrules.catalogue import LIMIT_HOLDEM, NO_LIMIT_HOLDEM
from pokerrules.engine import Hand, Posted, ShowHand
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
from pokerrules.table import Table
from pokerrules.variants import Stakes

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


def test_short_bring_in_as_posted_others_call_only_what_was_brought_in() -> None:
    """ShortForcedBet.AS_POSTED (some home games; RRoP's default is the full bring-in): a
    bring-in all-in for less is called for what was posted; completing is unchanged."""
    p = post_forced_bets(
        ForcedBets(bring_in=3, short=ShortForcedBet.AS_POSTED),
        stacks={1: 2, 2: 100, 3: 100},
        button=3,
        bring_in_seat=1,
    )
    r = p.start_round(FixedLimit(10)).apply(BringIn())
    assert r.contributions[1] == 2 and r.all_in == {1}
    assert r.legal_actions() == LegalActions(seat=2, fold=True, call=2, complete=10)
    full = post_forced_bets(
        ForcedBets(bring_in=3, short=ShortForcedBet.AS_POSTED),
        stacks={1: 50, 2: 100, 3: 100},
        button=3,
        bring_in_seat=1,
    )
    r = full.start_round(FixedLimit(10)).apply(BringIn())
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


def test_a_missed_big_blind_posted_live_is_a_big_blind_to_call_rrop() -> None:
    """RRoP "Button and Blind Use": a returning player posts the missed big blind live -- a
    big blind like the one in the big-blind seat, so the others call it: in full
    (ShortForcedBet.FULL), or what was posted (AS_POSTED) when the big blind was short."""
    stacks = {0: 100, 1: 3, 2: 100, 3: 100}
    as_posted = ForcedBets(blinds=(5, 10), short=ShortForcedBet.AS_POSTED)
    p = post_forced_bets(as_posted, stacks=stacks, button=3, missed={2: 10})
    assert p.live == {0: 5, 1: 3, 2: 10} and p.level == 10
    r = p.start_round(FixedLimit(10))
    assert r.legal_actions() == LegalActions(seat=2, check=True, raise_to=Range(20, 20))
    short = post_forced_bets(as_posted, stacks={**stacks, 2: 8}, button=3, missed={2: 10})
    assert short.level == 8  # the missed blind all-in for 8: what was posted
    full = post_forced_bets(
        ForcedBets(blinds=(5, 10)), stacks={**stacks, 2: 8}, button=3, missed={2: 10}
    )
    assert full.level == 10
    variant = attrs.evolve(
        LIMIT_HOLDEM,
        name="limit hold'em, short blinds as posted",
        aliases=(),
        forced_bets=attrs.evolve(LIMIT_HOLDEM.forced_bets, short=ShortForcedBet.AS_POSTED),
    )
    hand = Hand.start(
        variant, stakes=Stakes.limit(10, 20), stacks=stacks, button=3, seed=1, missed={2: 10}
    )
    assert hand.legal_actions() == LegalActions(seat=2, check=True, raise_to=Range(20, 20))


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


# -- at a table: the dead-button rule (RRoP "Button and Blind Use") -----------------------------


def _blinds(hand: Hand) -> dict[str, int]:
    kinds = ("small blind", "middle blind", "big blind")
    return {e.kind: e.seat for e in hand.log if isinstance(e, Posted) and e.kind in kinds}


def _posts_of(hand: Hand, seat: int) -> list[tuple[str, int, bool]]:
    return [
        (e.kind, e.amount, e.live) for e in hand.log if isinstance(e, Posted) and e.seat == seat
    ]


def _folded(hand: Hand) -> Hand:
    """Everyone folds to the big blind (or checks when there is nothing to fold to)."""
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal is None or legal.kind != "bet":
            hand = hand.apply(ShowHand())
        else:
            hand = hand.apply(Fold() if legal.fold else Check() if legal.check else Call())
    return hand


def test_nobody_posts_two_big_blinds_in_a_row_rrop_button_and_blind_use() -> None:
    """RRoP "Button and Blind Use": the big blind moves one player a hand -- nobody posts two in
    a row and nobody escapes one. Three-handed the button leaves and a new player who posts to
    come in takes the seat between the blinds: seat 2, the small blind, has the big blind next;
    the new player, between the button (where the small blind was) and the big blind, waits for
    the button to pass, then comes in on the big blind, which covers the post."""
    table = Table.open(
        NO_LIMIT_HOLDEM, stakes=Stakes.no_limit(1, 2), stacks=dict.fromkeys((0, 2, 4), 200)
    )
    hand = table.deal(seed=1)
    assert _blinds(hand) == {"small blind": 2, "big blind": 4}
    table = table.record(_folded(hand)).leave(0).join(3, 200, post=True)
    assert table.next_big_blind == 2 and table.active == (2, 4)
    hand = table.deal(seed=2)  # heads-up: the button posts the small blind
    assert _blinds(hand) == {"small blind": 4, "big blind": 2} and hand.button == 4
    table = table.record(_folded(hand))
    bigs = []
    for seed in range(3, 7):
        hand = table.deal(seed=seed)
        bigs.append(_blinds(hand)["big blind"])
        if seed == 3:
            assert hand.seats == (2, 3, 4) and hand.button == 4
            assert _blinds(hand) == {"small blind": 2, "big blind": 3}
            assert _posts_of(hand, 3) == [("big blind", 2, True)]
        table = table.record(_folded(hand))
    assert bigs == [3, 4, 2, 3]


def test_from_heads_up_nobody_posts_two_big_blinds_in_a_row_rrop_button_and_blind_use() -> None:
    """RRoP "Button and Blind Use": heads-up the button posts the small blind; when a third
    player comes in, the big blind still moves one player -- to the last hand's small blind --
    and the new player, sitting between the button and the big blind, waits for the button."""
    table = Table.open(
        LIMIT_HOLDEM, stakes=Stakes.limit(10, 20), stacks={1: 500, 2: 500}, button=2
    )
    hand = table.deal(seed=1)
    assert _blinds(hand) == {"small blind": 2, "big blind": 1}
    table = table.record(_folded(hand)).join(6, 500, post=True)
    hand = table.deal(seed=2)
    assert hand.seats == (1, 2) and hand.button == 1
    assert _blinds(hand) == {"small blind": 1, "big blind": 2}
    table = table.record(_folded(hand))
    hand = table.deal(seed=3)
    assert hand.seats == (1, 2, 6) and hand.button == 1
    assert _blinds(hand) == {"small blind": 2, "big blind": 6}
    assert _posts_of(hand, 6) == [("big blind", 10, True)]


def test_nobody_escapes_a_big_blind_when_the_small_blind_goes_rrop_button_and_blind_use() -> None:
    """RRoP "Button and Blind Use" (dead button): the small blind leaves and a new player who
    posts sits between the dead button and the big blind. The big blind goes to the next
    player, seat 6, not back to seat 5; the new player waits for the button, then comes in on
    the big blind."""
    table = Table.open(
        NO_LIMIT_HOLDEM,
        stakes=Stakes.no_limit(1, 2),
        stacks=dict.fromkeys((0, 5, 6), 200),
        button=6,
    )
    hand = table.deal(seed=1)
    assert _blinds(hand) == {"small blind": 0, "big blind": 5}
    table = table.record(_folded(hand)).leave(0).join(3, 200, post=True)
    hand = table.deal(seed=2)
    assert hand.seats == (5, 6) and _blinds(hand) == {"small blind": 5, "big blind": 6}
    table = table.record(_folded(hand))
    hand = table.deal(seed=3)
    assert hand.seats == (3, 5, 6) and hand.button == 5
    assert _blinds(hand) == {"small blind": 6, "big blind": 3}


def test_a_new_player_who_posts_posts_a_big_blind_live_rrop_button_and_blind_use() -> None:
    """RRoP "Button and Blind Use": a new player may post an amount equal to the big blind to
    be dealt in at once (live: they may check when the action comes round); one who sits
    between the button and the big blind is not dealt in until the button passes."""
    table = Table.open(
        LIMIT_HOLDEM,
        stakes=Stakes.limit(20, 40),
        stacks=dict.fromkeys((0, 2, 5, 7), 500),
        button=7,
    )
    table = table.record(_folded(table.deal(seed=1)))  # small blind 0, big blind 2
    table = table.join(9, 500, post=True).join(1, 500, post=True)
    hand = table.deal(seed=2)  # the button on 0, the blinds 2 and 5: seat 1 sits between
    assert hand.seats == (0, 2, 5, 7, 9)
    assert _blinds(hand) == {"small blind": 2, "big blind": 5}
    assert _posts_of(hand, 9) == [("missed big blind", 20, True)]
    table = table.record(_folded(hand))
    hand = table.deal(seed=3)  # the button on 2: it has passed seat 1
    assert 1 in hand.seats and _posts_of(hand, 1) == [("missed big blind", 20, True)]
    assert _blinds(hand) == {"small blind": 5, "big blind": 7}
    while hand.actor != 1:
        hand = hand.apply(Call())
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.check


def test_a_new_player_in_a_gone_big_blinds_seat_posts_no_small_blind_rrop_dead_button() -> None:
    """RRoP "Button and Blind Use" (dead button): the small blind goes where the big blind
    was, and is dead when that player has left -- even if a new player has taken the seat: the
    new player, posting to come in, waits there for the button to pass and then posts a big
    blind."""
    table = Table.open(
        LIMIT_HOLDEM,
        stakes=Stakes.limit(20, 40),
        stacks=dict.fromkeys((0, 2, 5, 7), 500),
        button=7,
    )
    table = table.record(_folded(table.deal(seed=1)))  # small blind 0, big blind 2
    table = table.leave(2).join(2, 500, post=True)
    hand = table.deal(seed=2)
    assert hand.seats == (0, 5, 7) and _blinds(hand) == {"big blind": 5}
    table = table.record(_folded(hand))
    hand = table.deal(seed=3)  # the button on seat 2, where the (dead) small blind was
    assert hand.seats == (0, 2, 5, 7) and hand.button == 2
    assert _blinds(hand) == {"small blind": 5, "big blind": 7}
    assert _posts_of(hand, 2) == [("missed big blind", 20, True)]


def test_three_blinds_a_vacated_blind_is_dead_the_rest_keep_their_size_rrop_dead_button() -> None:
    """RRoP "Button and Blind Use" (dead button) with three blinds: each blind moves one player
    a hand and the big blind goes to the next player; a blind whose player has left is dead,
    and the other blinds are posted at their own sizes."""
    variant = attrs.evolve(
        NO_LIMIT_HOLDEM, forced_bets=attrs.evolve(NO_LIMIT_HOLDEM.forced_bets, blinds=3)
    )
    table = Table.open(
        variant, stakes=Stakes(blinds=(1, 2, 4)), stacks=dict.fromkeys(range(5), 200)
    )
    hand = table.deal(seed=1)
    assert _blinds(hand) == {"small blind": 1, "middle blind": 2, "big blind": 3}
    table = table.record(_folded(hand)).leave(3)  # the big blind leaves: no middle blind
    hand = table.deal(seed=2)
    amounts = {e.seat: e.amount for e in hand.log if isinstance(e, Posted)}
    assert amounts == {2: 1, 4: 4} and hand.button == 1
    table = table.record(_folded(hand))
    assert (table.small_blind, table.middle_blind, table.big_blind) == (2, 3, 4)
    hand = table.deal(seed=3)  # now the small blind's seat is empty: no small blind
    amounts = {e.seat: e.amount for e in hand.log if isinstance(e, Posted)}
    assert amounts == {4: 2, 0: 4} and hand.button == 2
    table = table.record(_folded(hand))
    hand = table.deal(seed=4)
    assert _blinds(hand) == {"small blind": 4, "middle blind": 0, "big blind": 1}
