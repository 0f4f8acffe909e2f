"""Tournament rules: levels, payouts and ICM, the chip race, breaking and balancing tables.

Sources: TDA = Tournament Directors Association Rules (2024); PokerStars, "Simultaneous
elimination"; Wikipedia, "Chip race"; Malmuth-Harville (the ICM).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.cards import parse_cards
from pokerrules.engine import Hand, ShowHand
from pokerrules.errors import InvalidDefinitionError
from pokerrules.table import Table
from pokerrules.tournament import (
    STANDARD_PRIZES,
    Clock,
    LevelClock,
    PrizeTable,
    RaceRounding,
    Structure,
    balance_moves,
    chip_race,
    icm,
    payouts,
    player_to_move,
    split_places,
    tables_to_break,
    worst_seat,
)
from pokerrules.tournament.chip_race import race_order
from pokerrules.tournament.money import EXACT_ICM_PLAYERS
from pokerrules.variants import Stakes, find_variant

# -- levels -------------------------------------------------------------------------------------


def test_levels_advance_by_hands_and_the_last_level_lasts() -> None:
    structure = Structure.blinds([(10, 20), (20, 40), (50, 100, 10)], length=3)
    clock = LevelClock()
    seen = []
    for _ in range(12):
        seen.append(structure.level_of(clock))
        clock = clock.after_hand()
    assert seen == [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2]
    assert structure.stakes(clock) == Stakes.no_limit(50, 100, ante=10)


def test_levels_advance_by_the_callers_clock_never_the_wall_clock() -> None:
    structure = Structure.blinds([(10, 20), (20, 40)], length=600, clock=Clock.SECONDS)
    clock = LevelClock()
    for _ in range(100):  # hands do not move a clock that counts seconds
        clock = clock.after_hand()
    assert structure.level_of(clock) == 0
    assert structure.level_of(clock.tick(599)) == 0
    assert structure.level_of(clock.tick(600)) == 1
    with pytest.raises(InvalidDefinitionError, match="seconds must be"):
        clock.tick(-1)


def test_a_structure_refuses_bad_levels() -> None:
    with pytest.raises(InvalidDefinitionError, match="1 to 1000 levels"):
        Structure(levels=())
    with pytest.raises(InvalidDefinitionError, match="a level is"):
        Structure.blinds([(10,)], length=5)  # type: ignore[list-item]
    with pytest.raises(InvalidDefinitionError, match="length must be"):
        Structure.blinds([(10, 20)], length=0)


# -- payouts --------------------------------------------------------------------------------


def test_payouts_round_down_to_the_unit_and_give_the_rest_to_first_place() -> None:
    assert payouts(1000, (50, 30, 20)) == (500, 300, 200)
    assert payouts(999, (50, 30, 20), unit=5) == (509, 295, 195)
    assert sum(payouts(12_345, (40, 25, 15, 12, 8))) == 12_345
    with pytest.raises(InvalidDefinitionError, match="add up to 100"):
        payouts(100, (60, 30))
    with pytest.raises(InvalidDefinitionError, match="lower place cannot win more"):
        payouts(100, (30, 70))


def test_a_prize_table_pays_by_field_size() -> None:
    assert STANDARD_PRIZES.payouts(entries=3, pool=300) == (300,)
    assert STANDARD_PRIZES.payouts(entries=9, pool=900) == (450, 270, 180)
    assert len(STANDARD_PRIZES.shares(100)) == 10
    with pytest.raises(InvalidDefinitionError, match="no row for 2 players"):
        PrizeTable({3: (100,)}).shares(2)


def test_simultaneous_eliminations_with_equal_stacks_share_their_places_pokerstars() -> None:
    """PokerStars, "Simultaneous elimination": players out in one hand with equal starting
    stacks tie, and the prizes of the places they cover are split equally."""
    assert split_places([500, 300, 200], 2, 2) == (250, 250)
    assert split_places([500, 300, 200], 3, 2) == (100, 100)
    assert split_places([500, 300, 201], 2, 2) == (251, 250)
    assert split_places([500, 300, 200], 4, 3) == (0, 0, 0)


@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=12), st.integers(1, 12))
def test_split_places_pays_exactly_what_the_places_pay(prizes: list[int], tied: int) -> None:
    prizes.sort(reverse=True)
    for first in range(1, len(prizes) + 1):
        assert sum(split_places(prizes, first, tied)) == sum(prizes[first - 1 : first - 1 + tied])


# -- ICM ----------------------------------------------------------------------------------------


def harville(stacks: list[int], prizes: list[int]) -> list[Fraction]:
    """The model by brute force: every finishing order's probability, player by player."""
    values = [Fraction(0)] * len(stacks)
    for order in permutations(range(len(stacks))):
        chance, left = Fraction(1), sum(stacks)
        for player in order:
            chance *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order[: len(prizes)]):
            values[player] += chance * prizes[place]
    return values


def test_icm_malmuth_harville_matches_every_finishing_order() -> None:
    for stacks in ([5000, 3000, 2000], [1, 2, 3, 4], [700, 100, 100, 100, 1000]):
        prizes = [50, 30, 20][: len(stacks)]
        assert list(icm(stacks, prizes)) == harville(stacks, prizes)


def test_icm_of_equal_stacks_is_an_equal_share() -> None:
    assert icm([100] * 4, [60, 40]) == (Fraction(25),) * 4
    assert icm([100, 0, 100], [70, 30]) == (Fraction(50), Fraction(0), Fraction(50))


paid = st.lists(st.integers(0, 1000), min_size=1, max_size=4).map(lambda p: sorted(p)[::-1])


@given(st.lists(st.integers(1, 10**6), min_size=2, max_size=EXACT_ICM_PLAYERS), paid)
@settings(max_examples=60, deadline=None)
def test_icm_values_sum_to_the_prize_pool(stacks: list[int], prizes: list[int]) -> None:
    assert sum(icm(stacks, prizes)) == sum(prizes[: len(stacks)])


@given(
    st.lists(st.integers(1, 10**4), min_size=2, max_size=7),
    paid,
    st.integers(0, 5),
    st.integers(1, 10**4),
)
@settings(max_examples=60, deadline=None)
def test_icm_is_monotone_in_the_stack(
    stacks: list[int], prizes: list[int], who: int, more: int
) -> None:
    """More chips are never worth less; a bigger stack is worth at least a smaller one."""
    who %= len(stacks)
    before = icm(stacks, prizes)
    bigger = list(stacks)
    bigger[who] += more
    assert icm(bigger, prizes)[who] >= before[who]
    ranked = sorted(range(len(stacks)), key=stacks.__getitem__)
    assert [before[i] for i in ranked] == sorted(before)


def test_icm_above_ten_players_is_sampled_with_the_seed_and_bounded() -> None:
    stacks = [1000 * (k + 1) for k in range(12)]
    first = icm(stacks, [50, 30, 20], samples=3000, seed=5)
    assert first == icm(stacks, [50, 30, 20], samples=3000, seed=random.Random(5))
    assert sum(first) == 100
    assert first[-1] > first[0]
    with pytest.raises(InvalidDefinitionError, match="too much work"):
        icm(stacks, [50, 30, 20], samples=10**9)


# -- the chip race --------------------------------------------------------------------------


def test_chip_race_one_chip_at_most_starting_from_seat_one_tda_rule_24() -> None:
    """TDA Rule 24A: chips are raced off starting in seat 1 with at most one chip to a player;
    each player is dealt all their cards before the next (Wikipedia, "Chip race")."""
    stacks = {1: 1020, 2: 1015, 3: 1010, 4: 1005}  # 4 + 3 + 2 + 1 five-chips: 50, two 25s
    race = chip_race(stacks, small=5, large=25, rng=random.Random(11))
    assert race.leftover == {1: 4, 2: 3, 3: 2, 4: 1}
    assert race.raced == 2 and len(set(race.winners)) == 2
    assert [len(race.cards[s]) for s in (1, 2, 3, 4)] == [4, 3, 2, 1]
    dealt = [c for s in (1, 2, 3, 4) for c in race.cards[s]]
    assert len(set(dealt)) == len(dealt)
    best = sorted(race.cards, key=lambda s: max(map(race_order, race.cards[s])), reverse=True)
    assert race.winners == tuple(best[:2])
    assert race.accounted()


def test_chip_race_ranks_equal_cards_by_suit_spades_high_wikipedia() -> None:
    ranked = sorted(parse_cards("Ac As Ad Ah"), key=race_order, reverse=True)
    assert [str(c) for c in ranked] == ["As", "Ah", "Ad", "Ac"]


def test_nobody_is_raced_out_tda_rule_24() -> None:
    """TDA Rule 24A: a player who loses their last chips in the race gets one chip of the
    smallest denomination still in play."""
    for seed in range(20):
        race = chip_race(
            {1: 5, 2: 5, 3: 5, 4: 5, 5: 5}, small=5, large=25, rng=random.Random(seed)
        )
        assert race.raced == 1
        assert all(chips == 25 for chips in race.stacks.values())
        assert len(race.given) == 4 and race.accounted()


def test_chip_race_rounds_to_the_nearest_chip_or_down_wikipedia() -> None:
    stacks = {1: 110, 2: 105, 3: 200}  # 2 + 1 five-chips: 15, more than half a 25
    assert chip_race(stacks, small=5, large=25, rng=random.Random(1)).raced == 1
    down = chip_race(stacks, small=5, large=25, rng=random.Random(1), rounding=RaceRounding.DOWN)
    assert down.raced == 0 and down.stacks == {1: 100, 2: 100, 3: 200}


def test_chip_race_refuses_more_cards_than_a_deck() -> None:
    with pytest.raises(InvalidDefinitionError, match="more than a deck's 52"):
        chip_race(dict.fromkeys(range(9), 95), small=5, large=100, rng=random.Random(0))


@given(
    st.dictionaries(st.integers(0, 9), st.integers(1, 400), min_size=1, max_size=10),
    st.sampled_from([(5, 25), (25, 100), (1, 5)]),
    st.randoms(use_true_random=False),
    st.sampled_from(list(RaceRounding)),
)
def test_the_chip_race_conserves_value_but_for_its_rounding(
    units: dict[int, int], chips: tuple[int, int], rng: random.Random, rounding: RaceRounding
) -> None:
    small, large = chips
    stacks = {seat: count * small for seat, count in units.items()}
    race = chip_race(stacks, small=small, large=large, rng=rng, rounding=rounding)
    assert race.accounted()
    raced_value = sum(race.leftover.values()) * small
    assert abs(raced_value - race.raced * large) <= large  # the race is for what the chips make
    for seat, before in stacks.items():  # whole larger chips are changed at their value
        assert race.stacks[seat] >= before - before % large
        assert race.stacks[seat] <= before - before % large + large


# -- breaking and balancing -------------------------------------------------------------------


def test_balancing_moves_from_the_fullest_table_to_the_shortest_tda_rule_11() -> None:
    assert balance_moves({1: 9, 2: 7}) == [(1, 2)]
    assert balance_moves({1: 8, 2: 8, 3: 7}) == []
    assert balance_moves({1: 6, 2: 9, 3: 9}, max_difference=2) == [(3, 1)]


@given(st.dictionaries(st.integers(1, 30), st.integers(0, 10), min_size=1, max_size=12))
def test_balancing_keeps_table_sizes_within_one(sizes: dict[int, int]) -> None:
    counts = dict(sizes)
    for source, destination in balance_moves(sizes):
        counts[source] -= 1
        counts[destination] += 1
    assert max(counts.values()) - min(counts.values()) <= 1
    assert sum(counts.values()) == sum(sizes.values())


def test_breaking_tables_highest_numbered_first_tda_rules_10_and_11c() -> None:
    assert tables_to_break({1: 5, 2: 4, 3: 4}, seats=9) == [3]
    assert tables_to_break({1: 3, 2: 3, 3: 3}, seats=9) == [3, 2]
    assert tables_to_break({1: 9, 2: 9}, seats=9) == []


def checked_down(hand: Hand) -> Hand:
    """The hand played out by checking and calling, every hand shown."""
    while not hand.is_complete:
        legal = hand.legal_actions()
        hand = (
            hand.check_or_call()
            if legal is not None and legal.kind == "bet"
            else hand.apply(ShowHand())
        )
    return hand


def limit_table(stacks: dict[int, int], *, button: int) -> Table:
    return Table.open(
        find_variant("no-limit hold'em"),
        stakes=Stakes.no_limit(1, 2),
        stacks=stacks,
        button=button,
        seat_count=9,
    )


def test_the_player_to_be_big_blind_next_moves_to_the_worst_seat_tda_rule_11a() -> None:
    """TDA Rule 11A: the player to be big blind next moves, to the worst position at the short
    table -- a single big blind when one is open, never the small blind."""
    table = limit_table(dict.fromkeys(range(9), 100), button=0)
    assert player_to_move(table) == 2  # before the first hand: two after the button
    short = limit_table({0: 100, 1: 100, 2: 100, 5: 100, 6: 100}, button=0)
    hand = short.deal(seed=1)
    after = short.record(checked_down(hand))
    assert (after.big_blind, after.next_big_blind) == (2, 5)
    # seats 3 and 4 lie between the last big blind (2) and the next (5): seat 3 is big blind
    # at once; the last big blind's seat (2) would be the small blind and is taken anyway
    assert worst_seat(after) == 3
    assert player_to_move(after) == 5
