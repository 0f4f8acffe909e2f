"""A tournament in play: eliminations with the dead button, tables broken and balanced, the
levels, the chip race, payouts, and the fixed-limit stage of WSOP rule 100b.

Sources: TDA = Tournament Directors Association Rules (2024); WSOP-T = WSOP Tournament Rules.
"""

from __future__ import annotations

import random

import attrs
import pytest

from pokerrules.actions import Call, Check, Fold, Raise
from pokerrules.betting import HeadsUpRaising
from pokerrules.engine import Hand, PlayerAction, Posted, ShowHand
from pokerrules.errors import InvalidDefinitionError
from pokerrules.tournament import (
    STANDARD_PRIZES,
    Clock,
    Level,
    Structure,
    Tournament,
    limit_stage,
)
from pokerrules.variants import Stakes, find_variant

NO_LIMIT = find_variant("no-limit hold'em")
LIMIT = find_variant("limit hold'em")
BLINDS = [(10, 20), (20, 40), (50, 100), (100, 200), (200, 400), (500, 1000), (1000, 2000)]


def bot(hand: Hand, rng: random.Random) -> PlayerAction:
    legal = hand.legal_actions()
    if legal is None or legal.kind != "bet":
        return ShowHand()
    roll = rng.random()
    if legal.raise_to is not None and roll < 0.2:
        return Raise(to=legal.raise_to.high if roll < 0.05 else legal.raise_to.low)
    if legal.check:
        return Check()
    return Call() if roll < 0.6 else Fold()


def play(tournament: Tournament, table: int, rng: random.Random, seed: int) -> Tournament:
    tournament, hand = tournament.deal(table, seed=seed)
    while not hand.is_complete:
        hand = hand.apply(bot(hand, rng))
    return tournament.record(table, hand)


def test_a_sit_and_go_is_played_to_the_end_with_every_chip_and_prize_accounted() -> None:
    prizes = STANDARD_PRIZES.payouts(entries=9, pool=900)
    t = Tournament.start(
        NO_LIMIT,
        structure=Structure.blinds(BLINDS, length=10),
        entries=9,
        stack=1000,
        prizes=prizes,
        seed=3,
    )
    rng = random.Random(1)
    for n in range(3000):
        if t.is_over:
            break
        (table,) = t.ready_tables()
        t = play(t, table, rng, n)
        assert t.chips == 9000
        assert len(t.players) + len(t.finishes) == 9 or t.is_over
    assert t.is_over
    assert sorted(f.player for f in t.finishes) == list(range(1, 10))
    assert sum(f.prize for f in t.finishes) == 900
    winner = next(f for f in t.finishes if f.place == 1)
    assert winner.prize >= 450 and t.stacks() == {winner.player: 9000}


def test_eliminations_keep_the_dead_button_tda_rule_32() -> None:
    """TDA Rule 32: tournament play uses a dead button. After a player busts, the big blind
    still moves exactly one player on, and nobody posts it twice or escapes it."""
    t = Tournament.start(
        NO_LIMIT, structure=Structure.blinds(BLINDS, length=4), entries=6, stack=300, seed=9
    )
    rng = random.Random(4)
    last_big: int | None = None
    checked = 0
    for n in range(2000):
        if t.is_over:
            break
        (table,) = t.ready_tables()
        seats_before = dict(t.tables[table].stacks)
        t, hand = t.deal(table, seed=n)
        big = next(e.seat for e in hand.log if isinstance(e, Posted) and e.kind == "big blind")
        if last_big is not None and len(seats_before) > 2:
            ring = sorted(seats_before)
            after = [s for s in ring if s > last_big] + [s for s in ring if s <= last_big]
            assert big == after[0], (last_big, big, ring)
            checked += 1
        last_big = big
        while not hand.is_complete:
            hand = hand.apply(bot(hand, rng))
        t = t.record(table, hand)
    assert t.is_over and checked > 5


def test_tables_are_broken_and_balanced_as_players_bust_tda_rules_10_and_11() -> None:
    """TDA Rules 10 and 11: a table breaks when the players fit at one fewer, and the tables
    are kept within one player of each other."""
    t = Tournament.start(
        NO_LIMIT,
        structure=Structure.blinds(BLINDS, length=8),
        entries=23,
        stack=500,
        seats=9,
        seed=12,
    )
    assert sorted(len(x.stacks) for x in t.tables.values()) == [7, 8, 8]
    rng = random.Random(2)
    tables_seen = {len(t.tables)}
    for n in range(6000):
        if t.is_over:
            break
        table = t.ready_tables()[n % len(t.ready_tables())]
        t = play(t, table, rng, n)
        sizes = [len(x.stacks) for x in t.tables.values()]
        assert max(sizes) - min(sizes) <= 1
        assert len(t.tables) == -(-t.remaining // 9)
        assert t.chips == 23 * 500
        for player, (number, seat) in t.players.items():
            assert seat in t.tables[number].stacks, player
        tables_seen.add(len(t.tables))
    assert t.is_over and tables_seen == {3, 2, 1}


def test_a_new_level_applies_to_the_next_hand_tda_rule_23() -> None:
    """TDA Rule 23: a new level applies to the next hand; a hand dealt before keeps its
    level. The clock is the caller's."""
    structure = Structure.blinds([(10, 20), (50, 100)], length=600, clock=Clock.SECONDS)
    t = Tournament.start(NO_LIMIT, structure=structure, entries=3, stack=5000, seed=1)
    t, hand = t.deal(1, seed=1)
    t = t.tick(601)  # the level changes mid-hand
    assert hand.stakes.blinds == (10, 20)
    while not hand.is_complete:
        hand = hand.apply(bot(hand, random.Random(0)))
    t = t.record(1, hand)
    t, nxt = t.deal(1, seed=2)
    assert nxt.stakes.blinds == (50, 100)


def test_the_chip_race_at_every_table_tda_rule_24() -> None:
    t = Tournament.start(
        NO_LIMIT, structure=Structure.blinds(BLINDS, length=5), entries=12, stack=1000, seed=5
    )
    rng = random.Random(3)
    for n in range(12):
        for table in t.ready_tables():
            t = play(t, table, rng, n)
    before = t.chips
    raced, races = t.colour_up(small=10, large=100)
    assert all(r.accounted() for r in races.values())
    assert all(chips % 100 == 0 for chips in raced.stacks().values())
    change = sum(r.raced * 100 + len(r.given) * 100 - sum(r.leftover.values()) * 10
                 for r in races.values())  # fmt: skip
    assert raced.chips == before + change


def test_bad_calls_are_refused() -> None:
    t = Tournament.start(
        NO_LIMIT, structure=Structure.blinds(BLINDS, length=5), entries=4, stack=100
    )
    with pytest.raises(InvalidDefinitionError, match="no table 7"):
        t.deal(7)
    t, hand = t.deal(1, seed=0)
    with pytest.raises(InvalidDefinitionError, match="already has a hand in play"):
        t.deal(1)
    with pytest.raises(InvalidDefinitionError, match="not over yet"):
        t.record(1, hand)
    with pytest.raises(InvalidDefinitionError, match="between hands"):
        t.colour_up(small=5, large=25)
    with pytest.raises(InvalidDefinitionError, match="entries must be"):
        Tournament.start(
            NO_LIMIT, structure=Structure.blinds(BLINDS, length=5), entries=1, stack=1
        )


# -- WSOP Tournament rule 100b ------------------------------------------------------------------

LIMIT_LEVELS = Structure(levels=[Level(stakes=Stakes.limit(20, 40), length=1000)])


def raise_war(hand: Hand) -> tuple[Hand, int]:
    """Fold to the two blinds, who then raise each other while they may: the raises made."""
    raises = 0
    while len(hand.in_hand) > 2:
        hand = hand.apply(Fold())
    while True:
        legal = hand.legal_actions()
        if legal is None or legal.kind != "bet" or legal.raise_to is None or raises > 12:
            return hand, raises
        hand = hand.apply(Raise(to=legal.raise_to.low))
        raises += 1


def test_the_cap_holds_heads_up_until_two_players_remain_wsop_t_rule_100b() -> None:
    """WSOP Tournament rule 100b: in limit events the cap on raises applies even when a pot is
    heads-up, until only two players remain in the tournament; then betting is unlimited."""
    three = Tournament.start(LIMIT, structure=LIMIT_LEVELS, entries=3, stack=10_000, seed=2)
    _, hand = three.deal(1, seed=1)
    assert hand.variant.betting.heads_up is HeadsUpRaising.NEVER
    _, raises = raise_war(hand)
    assert raises == 3  # the big blind is the first bet: three raises make the cap of 4
    two = Tournament.start(LIMIT, structure=LIMIT_LEVELS, entries=2, stack=10_000, seed=2)
    _, hand = two.deal(1, seed=1)
    assert hand.variant.betting.cap is None
    _, raises = raise_war(hand)
    assert raises > 3


def test_limit_stage_leaves_other_structures_alone_wsop_t_rule_100b() -> None:
    assert limit_stage(NO_LIMIT, 2) is NO_LIMIT
    assert limit_stage(LIMIT, 9).betting.cap == LIMIT.betting.cap
    with pytest.raises(InvalidDefinitionError, match="players_left"):
        limit_stage(LIMIT, 1)


def test_a_tournament_is_made_of_plain_frozen_attrs_values() -> None:
    """Every piece of tournament state is an attrs value with typed fields (for serializers)."""
    import attrs

    t = Tournament.start(
        NO_LIMIT, structure=Structure.blinds(BLINDS, length=5), entries=9, stack=100
    )
    from pokerrules.table import Table

    fields = attrs.fields_dict(attrs.resolve_types(Tournament))
    assert attrs.has(Tournament) and fields["tables"].type == dict[int, Table]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        t.seed = 3  # type: ignore[misc]
    assert attrs.evolve(t) == t


def test_a_tournament_state_that_does_not_hang_together_is_refused() -> None:
    t = Tournament.start(
        NO_LIMIT, structure=Structure.blinds(BLINDS, length=5), entries=4, stack=100
    )
    with pytest.raises(InvalidDefinitionError, match="where no chips are"):
        attrs.evolve(t, players={**t.players, 99: (1, 8)})
    with pytest.raises(InvalidDefinitionError, match="in play but does not exist"):
        attrs.evolve(t, in_play={5: 0})
