"""The cash-game table: buy-ins, rebuys and top-ups, sitting out and back in, changing seats and
missed blinds (Robert's Rules of Poker, "Button and Blind Use"; pokerrules.table and
pokerrules.seating)."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pokerrules.actions import Fold
from pokerrules.cards import Deck
from pokerrules.catalogue import NO_LIMIT_HOLDEM
from pokerrules.engine import Hand, Posted
from pokerrules.errors import InvalidDefinitionError
from pokerrules.seating import BuyIn, HandRecord, dodges_big_blind
from pokerrules.table import Table
from pokerrules.variants import Stakes
from tests.test_engine import checked_down, play

NL = Stakes.no_limit(5, 10)
BUY_IN = BuyIn(10, 1000)
BIG_BLINDS = ("big blind", "missed big blind")


def posts(hand: Hand) -> list[tuple[int, str, int, bool]]:
    return [(e.seat, e.kind, e.amount, e.live) for e in hand.log if isinstance(e, Posted)]


def conserved(table: Table) -> bool:
    return table.brought_in == table.chips + table.taken_out + table.raked


def fold_around(hand: Hand) -> Hand:
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal is not None and legal.kind == "bet" and legal.fold:
            hand = hand.apply(Fold())
        else:
            hand = checked_down(hand)
    return hand


def _bust_seat_2() -> Table:
    """Four players, button 0: seat 2 is all in for its big blind of 10 and loses to every
    caller (2c 7d against aces, kings and queens on a queen-high board)."""
    table = Table.open(
        NO_LIMIT_HOLDEM,
        stakes=NL,
        stacks={0: 1000, 1: 1000, 2: 10, 3: 1000},
        button=0,
        buy_in=BUY_IN,
    )
    deck = Deck.ordered("As Ah 2c 7d Kh Kd Qs Qh 4s Qd Jc 9s 6h 5c 8c 3h")
    hand = Hand.start(NO_LIMIT_HOLDEM, stakes=NL, stacks=table.stacks, button=0, deck=deck, seed=1)
    hand = checked_down(hand)
    table = table.record(hand)
    assert table.stacks[2] == 0
    return table


def test_a_busted_player_keeps_the_seat_sitting_out_rrop() -> None:
    """RRoP "Button and Blind Use": a player who goes all in and loses is not treated as a new
    player when reentering: at a cash table they keep the seat, sitting out with no chips."""
    table = _bust_seat_2()
    assert table.busted == {2} and 2 in table.sitting_out and 2 not in table.active
    assert conserved(table) and table.chips == 3010
    with pytest.raises(InvalidDefinitionError, match="rebuy to sit back in"):
        table.sit_in(2)
    with pytest.raises(InvalidDefinitionError, match="rebuy instead"):
        table.top_up(2, 100)


def test_a_rebuy_before_the_blinds_pass_is_dealt_in_at_once_without_posting_rrop() -> None:
    """The rebuyer is not a new player: dealt the very next hand in their own place (here the
    small blind), with no extra post and no hands waited."""
    table = _bust_seat_2().rebuy(2, 500)
    hand = table.deal(seed=2)
    assert 2 in hand.seats and hand.button == 1
    assert posts(hand) == [(2, "small blind", 5, True), (3, "big blind", 10, True)]
    assert table.brought_in == 3010 + 500 and conserved(table)


def test_a_busted_player_makes_up_the_blinds_missed_before_the_rebuy_rrop() -> None:
    """RRoP "Button and Blind Use": "A player who goes all in and loses is obligated to make up
    the blinds if they are missed before a rebuy is made": the big blind live, the small dead."""
    table = _bust_seat_2()
    for seed in (2, 3, 4, 5):  # the big blind passes seat 2 on the fourth
        hand = table.deal(seed=seed)
        assert 2 not in hand.seats
        table = table.record(fold_around(hand))
    assert table.missed == {2: 10} and table.owed == {2: 5}
    table = table.rebuy(2, 200)
    hand = table.deal(seed=6)  # seat 2 sits between the button and the big blind: it waits
    assert 2 not in hand.seats and (hand.button, posts(hand)[-1][0]) == (1, 0)
    table = table.record(fold_around(hand))
    hand = table.deal(seed=7)
    mine = {p for p in posts(hand) if p[0] == 2}
    assert mine == {(2, "missed big blind", 10, True), (2, "owed blind", 5, False)}


def test_a_returning_player_may_wait_for_the_big_blind_instead_of_posting_rrop() -> None:
    """RRoP "Button and Blind Use": a player who misses blinds resumes play by posting all the
    blinds missed or by waiting for the big blind."""
    table = _bust_seat_2()
    for seed in (2, 3, 4, 5):
        table = table.record(fold_around(table.deal(seed=seed)))
    table = table.rebuy(2, 200, wait_for_big_blind=True)
    assert 2 not in table.missed and 2 not in table.owed and 2 in table.waiting
    dealt = []
    while True:
        hand = table.deal(seed=table.hands)
        if 2 in hand.seats:
            break
        dealt.append(hand.seats)
        table = table.record(fold_around(hand))
    assert (2, "big blind", 10, True) in posts(hand)
    assert [p for p in posts(hand) if p[0] == 2] == [(2, "big blind", 10, True)]
    assert len(dealt) == 2  # the big blind goes from 3 to 0, then 1, then 2


def test_buy_ins_rebuys_and_top_ups_stay_within_the_minimum_and_maximum() -> None:
    """Table stakes: chips are added only between hands, a buy-in is within the table's
    minimum and maximum, and a top-up brings a stack up to the maximum, never past it."""
    with pytest.raises(InvalidDefinitionError, match="seat 1's buy-in must be 40 to 200"):
        Table.open(NO_LIMIT_HOLDEM, stakes=NL, stacks={0: 100, 1: 300}, buy_in=BuyIn(40, 200))
    table = Table.open(NO_LIMIT_HOLDEM, stakes=NL, stacks={0: 100, 1: 150}, buy_in=BuyIn(40, 200))
    with pytest.raises(InvalidDefinitionError, match="a buy-in must be 40 to 200 chips, not 20"):
        table.join(4, 20)
    with pytest.raises(InvalidDefinitionError, match="at most 50 more"):
        table.top_up(1, 60)
    with pytest.raises(InvalidDefinitionError, match="positive whole number"):
        table.top_up(1, 0)
    with pytest.raises(InvalidDefinitionError, match="still has 150 chips"):
        table.rebuy(1, 100)
    topped = table.top_up(0).top_up(1, 50)
    assert topped.stacks == {0: 200, 1: 200} and topped.added == {0: 100, 1: 50}
    assert topped.brought_in == 400 and conserved(topped)
    with pytest.raises(InvalidDefinitionError, match="at or above the maximum"):
        topped.top_up(0)
    with pytest.raises(InvalidDefinitionError, match="only a cash table"):
        Table.open(NO_LIMIT_HOLDEM, stakes=NL, stacks={0: 100, 1: 150}).rebuy(0, 100)
    with pytest.raises(InvalidDefinitionError, match=r"maximum buy-in .* below"):
        BuyIn(50, 10)
    with pytest.raises(InvalidDefinitionError, match="positive whole number"):
        BuyIn(0)


def test_the_stack_history_records_every_hand_and_the_chips_added() -> None:
    table = Table.open(NO_LIMIT_HOLDEM, stakes=NL, stacks={0: 500, 1: 500, 2: 500}, buy_in=BUY_IN)
    table = table.record(fold_around(table.deal(seed=1)))
    table = table.top_up(0, 100)
    table = table.record(fold_around(table.deal(seed=2)))
    first, second = table.history
    assert isinstance(first, HandRecord) and (first.number, second.number) == (1, 2)
    assert first.starting == {0: 500, 1: 500, 2: 500} and first.added == {}
    assert second.added == {0: 100} and second.starting[0] == first.ending[0] + 100
    assert sum(first.won(s) for s in first.starting) == 0 and first.won(2) == 5
    assert second.ending == table.stacks
    assert table.stack_history(0) == ((1, first.ending[0]), (2, second.ending[0]))


def test_leaving_takes_the_chips_away_and_chips_are_conserved() -> None:
    table = Table.open(NO_LIMIT_HOLDEM, stakes=NL, stacks={0: 500, 1: 500, 2: 500}, buy_in=BUY_IN)
    table = table.record(play(table.deal(seed=1), random.Random(1)))
    stack = table.stacks[1]
    table = table.leave(1)
    assert table.taken_out == stack and conserved(table) and table.brought_in == 1500


def test_a_player_may_change_seats_without_penalty_if_no_blind_passed_the_new_seat_rrop() -> None:
    """RRoP "Button and Blind Use": "A player can change seats without penalty, provided a blind
    has not yet passed the new seat." Moving toward the big blind costs nothing."""
    table = Table.open(
        NO_LIMIT_HOLDEM, stakes=NL, stacks={0: 500, 2: 500, 4: 500, 6: 500}, button=0
    )
    table = table.record(fold_around(table.deal(seed=1)))  # SB 2, BB 4
    table = table.move(0, 5)  # the big blind reaches 5 (next hand) before 0
    assert 5 not in table.waiting and 5 not in table.missed
    hand = table.deal(seed=2)
    assert 5 in hand.seats
    assert [(p[0], p[1]) for p in posts(hand)] == [(4, "small blind"), (5, "big blind")]
    assert dodges_big_blind(last_big_blind=4, seat=0, to=5, seat_count=10) is False


@pytest.mark.parametrize("post", [False, True])
def test_a_seat_change_that_would_skip_the_big_blind_waits_or_posts_rrop(post: bool) -> None:
    """A move to a seat the big blind has already passed would dodge a big blind: the player
    is treated as new there, waiting for the big blind or posting one (RRoP "Button and Blind
    Use", new players and seat changes)."""
    table = Table.open(
        NO_LIMIT_HOLDEM, stakes=NL, stacks=dict.fromkeys((0, 2, 4, 6, 8), 500), button=0
    )
    table = table.record(fold_around(table.deal(seed=1)))  # SB 2, BB 4; 6 is next
    table = table.move(6, 1, post=post)
    hand = table.deal(seed=2)
    assert [(p[0], p[1]) for p in posts(hand)][:2] == [(4, "small blind"), (8, "big blind")]
    if post:
        assert (1, "missed big blind", 10, True) in posts(hand)
    else:
        assert 1 in table.waiting and 1 not in hand.seats
    assert dodges_big_blind(last_big_blind=4, seat=6, to=1, seat_count=10)


def test_a_move_keeps_the_blinds_owed_and_refuses_taken_seats() -> None:
    table = Table.open(
        NO_LIMIT_HOLDEM, stakes=NL, stacks={0: 500, 2: 500, 4: 500, 6: 500}, button=0
    )
    table = table.record(fold_around(table.deal(seed=1)))
    table = table.sit_out(6)
    for seed in (2, 3, 4):
        table = table.record(fold_around(table.deal(seed=seed)))
    owed, missed = table.owed[6], table.missed[6]
    table = table.move(6, 7)
    assert (table.owed[7], table.missed[7]) == (owed, missed) and 7 in table.sitting_out
    with pytest.raises(InvalidDefinitionError, match="seat 0 is taken"):
        table.move(7, 0)
    with pytest.raises(InvalidDefinitionError, match="seat number 0-9"):
        table.move(7, 10)
    with pytest.raises(InvalidDefinitionError, match="nobody sits in seat 5"):
        table.move(5, 8)
    with pytest.raises(InvalidDefinitionError, match="posted the last big blind"):
        table.move(table.big_blind or 0, 8)


def test_the_table_value_refuses_a_busted_seat_outside_a_cash_game() -> None:
    table = Table.open(NO_LIMIT_HOLDEM, stakes=NL, stacks={0: 500, 1: 500})
    with pytest.raises(InvalidDefinitionError, match="needs chips to sit"):
        Table(variant=table.variant, stakes=NL, stacks={0: 0, 1: 5}, sitting_out={0})
    cash = Table(variant=table.variant, stakes=NL, stacks={0: 0, 1: 5}, sitting_out={0},
                 buy_in=BUY_IN)  # fmt: skip
    assert cash.busted == {0}


def test_rrop_heads_up_a_button_who_owes_a_big_blind_posts_it_not_a_small_blind() -> None:
    """RRoP "Button and Blind Use": heads-up the small blind is on the button, and a player who
    owes a big blind (missed while away, or due after a seat change that passed it) comes in
    by posting it, live. A small blind does not make up a big blind: a player owing one who
    lands heads-up on the button posts the big blind they owe in place of the small blind.

    The situation a random session reached: seat 2 moved there past the big blind and chose
    to post; of the others only seat 4, a new player due the big blind, is ready."""
    table = Table(
        variant=NO_LIMIT_HOLDEM,
        stakes=Stakes.no_limit(1, 2),
        stacks={0: 173, 1: 734, 2: 147, 3: 162, 4: 165, 5: 81},
        seat_count=6,
        button=1,
        small_blind=2,
        big_blind=3,
        waiting={0, 4, 5},
        sitting_out={1, 3, 5},
        missed={2: 2},
        buy_in=BuyIn(40, 200),
    )
    hand = table.deal(seed=10)
    assert hand.seats == (2, 4) and hand.button == 2
    assert sorted(posts(hand)) == [(2, "missed big blind", 2, True), (4, "big blind", 2, True)]
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 2  # heads-up the button still acts first
    after = table.record(fold_around(hand))
    assert after.missed == {} and after.big_blind == 4 and conserved(after)


# -- random cash sessions -------------------------------------------------------------------------

SEATS = 6


def _between_hands(
    table: Table, rng: random.Random, owner: dict[int, int], ids: list[int]
) -> Table:
    """Random cash-table business between hands, only what the rules allow: rebuys, top-ups,
    sitting out and in, leaving, joining and seat changes."""
    for seat in list(table.stacks):
        if seat not in table.stacks:
            continue
        roll = rng.random()
        if table.stacks[seat] == 0:
            if roll < 0.6:
                table = table.rebuy(seat, rng.randint(40, 200), wait_for_big_blind=roll < 0.2)
            elif roll < 0.8:
                table, _ = table.leave(seat), owner.pop(seat)
        elif roll < 0.08:
            table, _ = table.leave(seat), owner.pop(seat)
        elif roll < 0.18:
            table = table.sit_out(seat)
        elif roll < 0.35 and seat in table.sitting_out:
            table = table.sit_in(seat, wait_for_big_blind=rng.random() < 0.5)
        elif roll < 0.45 and table.stacks[seat] < 200:
            table = table.top_up(seat, rng.randint(1, 200 - table.stacks[seat]))
        elif roll < 0.52 and seat != table.big_blind:
            empty = [s for s in range(SEATS) if s not in table.stacks]
            if empty:
                to = rng.choice(empty)
                table = table.move(seat, to, post=rng.random() < 0.5)
                owner[to] = owner.pop(seat)
    empty = [s for s in range(SEATS) if s not in table.stacks]
    if empty and rng.random() < 0.3:
        seat = rng.choice(empty)
        table = table.join(seat, rng.randint(40, 200), post=rng.random() < 0.5)
        ids.append(len(ids))
        owner[seat] = ids[-1]
    return table


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
@example(2347888)  # a player owing a big blind came in heads-up on the button
@example(0)  # two new players alone, both waiting for the big blind, start a new game
def test_random_cash_sessions_conserve_chips_and_nobody_escapes_a_big_blind_rrop(
    seed: int,
) -> None:
    """Random rebuys, top-ups, sit-outs, leaves, joins and seat changes: the chips brought in
    are always the chips on the table plus those taken away; nobody posts two big blinds in a
    hand or the big blind in two hands running; and a player dealt in hand after hand posts a
    big blind at least once every time the button goes round (they never escape it)."""
    rng = random.Random(seed)
    table = Table.open(
        NO_LIMIT_HOLDEM,
        stakes=Stakes.no_limit(1, 2),
        stacks={s: rng.randint(40, 200) for s in range(SEATS) if rng.random() < 0.8 or s < 2},
        button=rng.randrange(SEATS),
        seat_count=SEATS,
        buy_in=BuyIn(40, 200),
    )
    ids = list(range(SEATS))
    owner = {seat: seat for seat in table.stacks}  # seat -> the player sitting there
    since_big: dict[int, int] = {}  # player -> hands dealt in without posting a big blind
    last_big: set[int] = set()  # players who posted the big blind last hand
    for number in range(40):
        try:
            hand = table.deal(seed=number)
        except InvalidDefinitionError as error:
            assert "ready" in str(error)
            # never a deadlock: with two players present (some waiting for the big blind) the
            # table deals, starting a new game if it must (RRoP "Button and Blind Use" 5)
            present = [s for s in table.stacks if s not in table.sitting_out]
            assert len(present) < 2, f"{present} are present and no hand is dealt"
            for seat in [s for s in table.stacks if table.stacks[s] == 0]:
                table = table.rebuy(seat, 100)
            for seat in list(table.sitting_out):
                table = table.sit_in(seat)
            empty = [s for s in range(SEATS) if s not in table.stacks]
            if len(table.stacks) < 2 and empty:
                table = table.join(empty[0], 100)
                ids.append(len(ids))
                owner[empty[0]] = ids[-1]
            assert conserved(table)
            continue
        if table.starts_new_game:
            # a new game: everyone present is dealt in, and only the blinds post
            assert set(hand.seats) == {s for s in table.stacks if s not in table.sitting_out}
            assert {kind for _, kind, _, _ in posts(hand)} <= {"small blind", "big blind"}
        big_posts = [owner[s] for s, kind, _, _ in posts(hand) if kind in BIG_BLINDS]
        assert len(big_posts) == len(set(big_posts)), "a player posted two big blinds"
        real = {owner[s] for s, kind, _, _ in posts(hand) if kind == "big blind"}
        assert not real & last_big, "a player posted the big blind twice in a row"
        dealt = {owner[s] for s in hand.seats}
        for player in list(since_big):
            if player not in dealt:
                del since_big[player]  # away: the blinds they miss are owed instead
        for player in dealt:
            since_big[player] = 0 if player in big_posts else since_big.get(player, 0) + 1
            assert since_big[player] <= SEATS, f"player {player} escaped the big blind"
        last_big = real
        table = table.record(play(hand, rng))
        assert conserved(table)
        assert table.history[-1].ending == table.stacks
        table = _between_hands(table, rng, owner, ids)
        assert conserved(table)
