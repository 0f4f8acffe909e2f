"""Equity: exact known values, hi/lo shares, sampling within its error, scaling out, errors."""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from itertools import combinations, product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules import equity as equity_api
from pokerrules.cards import STANDARD_CARDS, Card, parse_cards
from pokerrules.equity import (
    HOLDEM,
    HOLDEM_HI_LO,
    OMAHA,
    OMAHA_HI_LO,
    BoardGame,
    EquityResult,
    Spot,
    equity,
    exact_cost,
    exact_equity,
    find_board_game,
    pot_odds,
    sample_equity,
)
from pokerrules.equity._spec import Spec
from pokerrules.errors import (
    CardConflictError,
    EmptyRangeError,
    InvalidDefinitionError,
    InvalidNotationError,
)
from pokerrules.evaluation import (
    evaluate_eight_or_better,
    evaluate_high,
    evaluate_omaha,
    evaluate_omaha_eight_or_better,
)
from pokerrules.evaluation.values import HandValue
from pokerrules.ranges import HandRange

BACKENDS = ["numpy", "python"]


# --- an independent reference: enumerate with the scalar evaluators -----------------------------


def _shares(
    hands: Sequence[tuple[Card, ...]], board: tuple[Card, ...], game: BoardGame
) -> list[Fraction]:
    highs: list[HandValue] = []
    lows: list[HandValue | None] = []
    for hole in hands:
        if game.exactly_two:
            highs.append(evaluate_omaha(hole, board))
            lows.append(evaluate_omaha_eight_or_better(hole, board) if game.hi_lo else None)
        else:
            highs.append(evaluate_high(hole + board))
            lows.append(evaluate_eight_or_better(hole + board) if game.hi_lo else None)
    best = max(highs)
    high_winners = [i for i, v in enumerate(highs) if v == best]
    qualified = [v for v in lows if v is not None]
    shares = [Fraction(0)] * len(hands)
    if not qualified:
        for i in high_winners:
            shares[i] += Fraction(1, len(high_winners))
        return shares
    best_low = max(qualified)
    low_winners = [i for i, v in enumerate(lows) if v is not None and v == best_low]
    for i in high_winners:
        shares[i] += Fraction(1, 2 * len(high_winners))
    for i in low_winners:
        shares[i] += Fraction(1, 2 * len(low_winners))
    return shares


def reference(
    ranges: Sequence[Sequence[tuple[Card, ...]]],
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    game: BoardGame,
) -> list[Fraction]:
    """Each player's exact equity: every deal without shared cards, then every runout."""
    totals = [Fraction(0)] * len(ranges)
    outcomes = 0
    for deal in product(*ranges):
        cards = [c for hand in deal for c in hand]
        if len(set(cards)) != len(cards):
            continue
        used = set(cards) | set(board) | set(dead)
        deck = [c for c in STANDARD_CARDS if c not in used]
        for runout in combinations(deck, 5 - len(board)):
            for i, share in enumerate(_shares(deal, board + runout, game)):
                totals[i] += share
            outcomes += 1
    return [t / outcomes for t in totals]


def hands_of(*texts: str) -> list[list[tuple[Card, ...]]]:
    return [[parse_cards(t)] for t in texts]


# --- exact known values -------------------------------------------------------------------------


def test_aces_against_kings_over_all_boards_is_0_819461() -> None:
    result = exact_equity(["AsAh", "KsKd"], backend="numpy")
    assert result.exact
    assert result.outcomes == 1_712_304
    assert round(result[0].equity, 6) == 0.819461
    assert result[0].share + result[1].share == 1
    assert result[0].tie == result[1].tie > 0


@pytest.mark.slow
def test_aces_against_kings_pure_python_agrees_exactly() -> None:
    numpy_result = exact_equity(["AsAh", "KsKd"], backend="numpy")
    python_result = exact_equity(["AsAh", "KsKd"], backend="python")
    assert python_result.tally == numpy_result.tally


@pytest.mark.parametrize("backend", BACKENDS)
def test_counted_outs_on_the_turn(backend: str) -> None:
    """AA against a set of kings: only the two remaining aces win, 2 of 44 rivers."""
    result = exact_equity(["AsAh", "KsKd"], board="Kc 7d 2h 3s", backend=backend)  # type: ignore[arg-type]
    assert result.outcomes == 44
    assert result[0].share == Fraction(2, 44)
    assert result[0].win == pytest.approx(2 / 44)


@pytest.mark.parametrize("backend", BACKENDS)
def test_counted_outs_three_ways(backend: str) -> None:
    """AA, KK and QQ on a king-high turn: AA needs one of two aces; QQ is drawing dead."""
    result = exact_equity(["AsAh", "KsKd", "QcQd"], board="Kc 7d 2h 3s", backend=backend)  # type: ignore[arg-type]
    assert [p.share for p in result] == [Fraction(2, 42), Fraction(40, 42), Fraction(0)]


SPOTS = [
    (["9c9s", "8d7d"], "Ac Kd Td", "", HOLDEM),
    (["AsAh", "KsKd", "QcQd"], "Kc 7d 2h 3s", "Qh", HOLDEM),
    (["AK", "QQ+"], "Kc 7d 2h 3s", "", HOLDEM),
    (["AKs, 77", "JJ, T9s", "AsTs"], "9s 8s 2d 2c", "", HOLDEM),
    (["As2s", "Ah3h", "KcKd"], "4c 5d Kh 9s", "", HOLDEM_HI_LO),
    (["AsKsQd2c", "JhTh9c8c"], "Kc 7d 2h 5s", "", OMAHA),
    (["As2sQd3c", "Ah2h9c8c", "KcKd5s4s"], "Kh 7d 4h 6c", "", OMAHA_HI_LO),
    (["As2sQd3c", "Ah2h9c8c"], "Kh 7d 4h", "Jd", OMAHA_HI_LO),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("hands", "board", "dead", "game"), SPOTS)
def test_exact_matches_the_reference_enumeration(
    hands: list[str], board: str, dead: str, game: BoardGame, backend: str
) -> None:
    spot = Spot.build(hands, board=board, dead=dead, game=game)
    result = exact_equity(spot, backend=backend)  # type: ignore[arg-type]
    expected = reference([r.combos for r in spot.ranges], spot.board, spot.dead, game)
    assert [p.share for p in result] == expected
    assert sum(p.share for p in result) == 1


def test_the_fundamental_theorem_spot() -> None:
    """9c9s against 8d7d on Ac Kd Td, the worked example in the guides."""
    result = exact_equity(["9c9s", "8d7d"], board="Ac Kd Td")
    expected = reference(hands_of("9c9s", "8d7d"), parse_cards("Ac Kd Td"), (), HOLDEM)
    assert result[0].share == expected[0] == Fraction(607, 990)


# --- hi/lo shares -------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_winning_high_and_tying_low_is_three_quarters(backend: str) -> None:
    """Kings win the high half alone; both hands make 8-4-3-2-A and split the low half."""
    result = exact_equity(
        ["Kd 4c", "Qd 4d"],
        board="Ac 2d 3h 8s Kc",
        game=HOLDEM_HI_LO,
        backend=backend,  # type: ignore[arg-type]
    )
    assert result[0].share == Fraction(3, 4)
    assert (result[0].high, result[0].low) == (0.5, 0.25)
    assert result[1].share == Fraction(1, 4)
    assert (result[0].win, result[0].tie) == (0.0, 1.0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_quartered_omaha_low(backend: str) -> None:
    """Two players tie the low (8-4-3-2-A) and a third wins high with trip nines: the high hand
    takes half the pot and each low a quarter."""
    hands, board = ["As2cQhJd", "Ad2hQcJs", "9s9d9hTh"], "3c 4d 8h Ks 9c"
    result = exact_equity(hands, board=board, game=OMAHA_HI_LO, backend=backend)  # type: ignore[arg-type]
    assert [p.share for p in result] == [Fraction(1, 4), Fraction(1, 4), Fraction(1, 2)]
    assert [p.share for p in result] == reference(
        hands_of(*hands), parse_cards(board), (), OMAHA_HI_LO
    )


@pytest.mark.parametrize("backend", BACKENDS)
def test_scooping_high_and_sharing_low_in_omaha(backend: str) -> None:
    """Trip kings win high; the same hand ties the low with another: 3/4 and 1/4."""
    hands, board = ["As2cKhKd", "Ad2hQcJd", "9s9d9hTh"], "3c 4d 8h Ks 9c"
    result = exact_equity(hands, board=board, game=OMAHA_HI_LO, backend=backend)  # type: ignore[arg-type]
    assert [p.share for p in result] == [Fraction(3, 4), Fraction(1, 4), 0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_without_a_qualifying_low_the_high_hand_scoops(backend: str) -> None:
    result = exact_equity(
        ["As2s", "KhKc"],
        board="Kd Qd 9h 8s 2c",
        game=HOLDEM_HI_LO,
        backend=backend,  # type: ignore[arg-type]
    )
    assert [p.share for p in result] == [0, 1]
    assert result[1].win == 1.0
    assert result[1].low == 0.0


@pytest.mark.parametrize("backend", BACKENDS)
def test_omaha_plays_exactly_two_hole_cards(backend: str) -> None:
    """Four spades on board and one spade in hand is no flush in Omaha."""
    result = exact_equity(
        ["As Kd Qc Jh", "Th Tc 3d 4c"],
        board="2s 5s 7s 9s Td",
        game=OMAHA,
        backend=backend,  # type: ignore[arg-type]
    )
    assert [p.share for p in result] == [0, 1]  # trip tens beat ace high


# --- properties ---------------------------------------------------------------------------------

GAMES = [HOLDEM, HOLDEM_HI_LO, OMAHA, OMAHA_HI_LO]


@st.composite
def spots(draw: st.DrawFn, board_sizes: Sequence[int] = (4, 5)) -> Spot:
    game = draw(st.sampled_from(GAMES))
    players = draw(st.integers(2, 4))
    board_size = draw(st.sampled_from(board_sizes))
    dead = draw(st.integers(0, 2))
    deck = draw(st.permutations(STANDARD_CARDS))
    hole = game.hole_cards
    hands = [tuple(deck[i * hole : (i + 1) * hole]) for i in range(players)]
    rest = deck[players * hole :]
    return Spot.build(
        hands, board=rest[:board_size], dead=rest[board_size : board_size + dead], game=game
    )


@settings(max_examples=25)
@given(spots())
def test_exact_equals_the_reference_on_random_spots(spot: Spot) -> None:
    expected = reference([r.combos for r in spot.ranges], spot.board, spot.dead, spot.game)
    for backend in BACKENDS:
        result = exact_equity(spot, backend=backend)  # type: ignore[arg-type]
        assert [p.share for p in result] == expected


@settings(max_examples=40)
@given(spots(board_sizes=(3, 4, 5)))
def test_shares_add_up(spot: Spot) -> None:
    result = exact_equity(spot)
    assert sum(p.share for p in result) == 1
    for p in result:
        assert p.high + p.low == pytest.approx(p.equity)
        assert 0 <= p.win + p.tie <= 1
        assert p.win <= p.equity <= p.win + p.tie + 1e-12


@settings(max_examples=25)
@given(spots(board_sizes=(3, 4)), st.randoms(use_true_random=False))
def test_exact_results_follow_the_players_when_reordered(spot: Spot, rng: random.Random) -> None:
    order = list(range(spot.players))
    rng.shuffle(order)
    shuffled = Spot.build(
        [spot.ranges[i] for i in order], board=spot.board, dead=spot.dead, game=spot.game
    )
    original = exact_equity(spot)
    reordered = exact_equity(shuffled)
    assert [p.share for p in reordered] == [original[i].share for i in order]


def _within_error(sampled: EquityResult, exact: EquityResult) -> None:
    for s, e in zip(sampled, exact, strict=True):
        assert abs(s.equity - e.equity) <= 5 * s.std_error + 1e-12, (s, e)


@settings(max_examples=30)
@given(spots(board_sizes=(3, 4)), st.integers(0, 2**32))
def test_sampled_equity_agrees_with_exact_within_its_standard_error(spot: Spot, seed: int) -> None:
    exact = exact_equity(spot)
    sampled = sample_equity(spot, samples=20_000, seed=seed, backend="numpy")
    assert sampled.outcomes == 20_000
    _within_error(sampled, exact)


@settings(max_examples=10)
@given(spots(board_sizes=(4,)), st.integers(0, 2**32))
def test_pure_python_sampling_agrees_with_exact(spot: Spot, seed: int) -> None:
    exact = exact_equity(spot)
    sampled = sample_equity(spot, samples=3_000, seed=seed, backend="python")
    _within_error(sampled, exact)


small_ranges = st.sampled_from(["QQ+", "AKs, AQs", "JTs, T9s", "77-99", "AsKs, KdQd", "A5s-A2s"])


@settings(max_examples=20)
@given(st.lists(small_ranges, min_size=2, max_size=3), st.integers(0, 2**32))
def test_sampled_ranges_agree_with_exact(ranges: list[str], seed: int) -> None:
    try:
        spot = Spot.build(ranges, board="2c 7d 8h 3s")
    except (CardConflictError, EmptyRangeError):
        return
    exact = exact_equity(spot)
    assert exact.outcomes == len(reference_deals(spot)) * (48 - 2 * spot.players)
    _within_error(sample_equity(spot, samples=20_000, seed=seed), exact)


def reference_deals(spot: Spot) -> list[tuple[tuple[Card, ...], ...]]:
    return [
        deal
        for deal in product(*(r.combos for r in spot.ranges))
        if len({c for hand in deal for c in hand}) == 2 * len(deal)
    ]


# --- scaling out: identical results whatever the executor ---------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_results_do_not_depend_on_the_number_of_process_workers(backend: str) -> None:
    args = {"board": "Qs 7h 2c", "samples": 12_000, "seed": 5, "chunk_size": 2_000}
    hands = ["AsAh", "KK, QQ", "random"]
    alone = sample_equity(hands, backend=backend, **args)  # type: ignore[arg-type]
    with ProcessPoolExecutor(max_workers=1) as one:
        single = sample_equity(hands, executor=one, backend=backend, **args)  # type: ignore[arg-type]
    with ProcessPoolExecutor(max_workers=2) as two:
        double = sample_equity(hands, executor=two, backend=backend, **args)  # type: ignore[arg-type]
    assert alone.tally == single.tally == double.tally
    assert alone.players == double.players


def test_results_do_not_depend_on_the_number_of_threads() -> None:
    args = {"board": "Qs 7h 2c", "samples": 30_000, "seed": 9, "chunk_size": 3_000}
    hands = ["AsAh", "KK, QQ", "98s"]
    results = []
    for workers in (1, 3, 4):
        with ThreadPoolExecutor(max_workers=workers) as pool:
            results.append(sample_equity(hands, executor=pool, **args))  # type: ignore[arg-type]
    assert results[0].tally == results[1].tally == results[2].tally


def test_sampling_is_deterministic_per_seed() -> None:
    first = sample_equity(["AsAh", "random"], samples=5_000, seed=3)
    again = sample_equity(["AsAh", "random"], samples=5_000, seed=3)
    other = sample_equity(["AsAh", "random"], samples=5_000, seed=4)
    assert first == again
    assert first.tally != other.tally
    from_rng = sample_equity(["AsAh", "random"], samples=5_000, seed=random.Random(1))
    assert from_rng.seed == random.Random(1).getrandbits(64)


def test_chunks_add_up_to_the_requested_samples() -> None:
    result = sample_equity(["AsAh", "KsKd"], samples=10_001, chunk_size=1_000, seed=1)
    assert result.outcomes == 10_001
    assert not result.exact
    assert result[0].std_error > 0


# --- choosing exact or sampled ------------------------------------------------------------------


def test_auto_enumerates_small_spots_and_samples_large_ones() -> None:
    assert equity(["AsAh", "KsKd"], board="Kc 7d 2h").exact
    big = equity(["AsAh", "random"], samples=2_000)
    assert not big.exact
    assert big.outcomes == 2_000
    assert not equity(["AsAh", "KsKd"], board="Kc 7d 2h", exact_limit=10).exact
    assert equity(["AsAh", "KsKd"], board="Kc 7d 2h", method="sample", samples=500).outcomes == 500


def test_exact_cost_grows_with_runouts_and_combos() -> None:
    flop = exact_cost(Spot.build(["AsAh", "KsKd"], board="Kc 7d 2h"))
    turn = exact_cost(Spot.build(["AsAh", "KsKd"], board="Kc 7d 2h 3s"))
    ranged = exact_cost(Spot.build(["AsAh", "KK"], board="Kc 7d 2h"))
    assert turn < flop < ranged
    assert flop == 990 * (2 + 2)


# --- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "board", "dead", "message"),
    [
        (["AsAh", "AsKd"], "", "", "As is in player 1's hand and in player 2's hand"),
        (["AsAh", "KsKd"], "Ah 7c 2d", "", "Ah is on the board and in player 1's hand"),
        (["AsAh", "KsKd"], "Qc 7c 2d", "Qc", "Qc is on the board and among the dead cards"),
        (["AsAh", "KsKd"], "", "Kd", "Kd is among the dead cards and in player 2's hand"),
    ],
)
def test_overlapping_cards_are_rejected(
    hands: list[str], board: str, dead: str, message: str
) -> None:
    with pytest.raises(CardConflictError, match=message):
        equity(hands, board=board, dead=dead)


@pytest.mark.parametrize(
    ("where", "message"),
    [("board", "As appears twice on the board"), ("dead", "As appears twice among the dead")],
)
def test_a_card_given_twice_in_one_place_is_named_once(where: str, message: str) -> None:
    cards = [*parse_cards("As Kd"), Card("As")]
    with pytest.raises(CardConflictError, match=message):
        if where == "board":
            Spot.build(["QhQd", "JhJd"], board=cards)
        else:
            Spot.build(["QhQd", "JhJd"], dead=cards)


def test_a_range_emptied_by_dead_cards_is_rejected() -> None:
    with pytest.raises(EmptyRangeError, match="player 2's range 'AA' has no hand left"):
        equity(["KsKd", "AA"], dead="As Ah Ad")


def test_a_range_emptied_by_a_known_hand_is_rejected() -> None:
    with pytest.raises(EmptyRangeError, match="player 2"):
        equity(["AsAh", "AsAh, AhAd"], dead="Ad")


def test_ranges_that_cannot_be_dealt_together_are_rejected() -> None:
    with pytest.raises(CardConflictError, match="cannot all be dealt"):
        equity(["AsAh, AsAd", "AsAh, AsAd"])


def test_ranges_that_cannot_be_dealt_together_are_refuted_without_trying_every_deal() -> None:
    # Five ranks make at most ten pairs: the eleventh player can never be dealt. A search that
    # forgets its dead ends tries every way of dealing the first ten before it gives up (hours
    # of work); one that remembers them answers at once.
    with pytest.raises(CardConflictError, match="cannot all be dealt"):
        Spot.build(["AA, KK, QQ, JJ, TT"] * 11)
    assert len(Spot.build(["AA, KK, QQ, JJ, TT"] * 10).ranges) == 10


#: Combos of two cards from a pool of eight, so that ranges often collide.
_POOL_COMBOS = list(combinations(STANDARD_CARDS[:4] + STANDARD_CARDS[13:17], 2))


@settings(max_examples=200)
@given(
    st.lists(
        st.lists(st.sampled_from(_POOL_COMBOS), min_size=1, max_size=5),
        min_size=2,
        max_size=5,
    )
)
def test_ranges_are_refused_exactly_when_no_deal_fits(
    ranges: list[list[tuple[Card, Card]]],
) -> None:
    fits = any(
        len({card for combo in deal for card in combo}) == 2 * len(deal)
        for deal in product(*ranges)
    )
    hands = [HandRange.of(r) for r in ranges]
    if fits:
        assert Spot.build(hands).players == len(ranges)
    else:  # a known hand empties a range, or no choice of combos fits
        with pytest.raises((CardConflictError, EmptyRangeError)):
            Spot.build(hands)


def test_an_empty_range_is_an_empty_range_error() -> None:
    with pytest.raises(EmptyRangeError, match="player 1's range is empty"):
        equity([HandRange.of([]), "AA"])


def test_a_board_may_mix_spaced_and_run_together_cards() -> None:
    assert Spot.build(["9c9s", "8d7d"], board="AcKd Td").board == parse_cards("Ac Kd Td")


def test_a_hand_of_the_wrong_size_for_the_game_is_a_notation_error() -> None:
    with pytest.raises(InvalidNotationError, match="'AsAh' holds 2 cards, but a hand here has 4"):
        equity(["AsAh", "KsKd"], game="omaha")
    with pytest.raises(InvalidDefinitionError, match="player 1's hand has 2 cards"):
        equity([parse_cards("As Ah"), parse_cards("Ks Kd Qs Qd")], game=OMAHA)


def test_malformed_ranges_are_notation_errors() -> None:
    with pytest.raises(InvalidNotationError, match="'AKx' is not a range token"):
        equity(["AsAh", "QQ+, AKx"])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: equity(["AsAh"]), "at least two players"),
        (lambda: equity(["AsAh", "KsKd"], board="2c 3c 4c 5c 6c 7c"), "at most 5"),
        (lambda: equity(["AsAh", "KsKd"], game="canasta"), "no board game called"),
        (lambda: equity(["AsAh", "KsKd"], method="guess"), "method"),  # type: ignore[arg-type]
        (lambda: equity(["AsAh", "KsKd"], backend="gpu"), "backend"),  # type: ignore[arg-type]
        (lambda: sample_equity(["AsAh", "KsKd"], samples=0), "samples"),
        (lambda: sample_equity(["AsAh", "KsKd"], chunk_size=0), "chunk_size"),
        (lambda: sample_equity(["AsAh", "KsKd"], seed=-1), "seed"),
        (lambda: equity("AsAh KsKd"), "as a list"),
        (lambda: equity(["random"] * 12, game=OMAHA), "more than the deck"),
        (lambda: equity(["AsAh", "KsKd"], board=5), "board must be text"),  # type: ignore[arg-type]
        (lambda: equity(["AsAh", "KsKd"], dead=None), "dead cards must be text"),  # type: ignore[arg-type]
        (lambda: equity(["AsAh", 5]), "player 2's hand must be text"),  # type: ignore[list-item]
        (lambda: equity(5), "as a list, one per player, not 5"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_is_a_definition_error(call: object, message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        call()  # type: ignore[operator]


# --- inputs, games, pot odds, display -----------------------------------------------------------


def test_hands_may_be_cards_ranges_or_notation() -> None:
    by_text = exact_equity(["AsAh", "KK"], board="Kc 7d 2h")
    by_objects = exact_equity(
        [parse_cards("As Ah"), HandRange.parse("KK")], board=parse_cards("Kc 7d 2h")
    )
    assert by_text.tally == by_objects.tally
    assert by_objects[0].hand == "AsAh"
    assert by_objects[1].combos == 3


def test_a_spot_knows_its_cards() -> None:
    spot = Spot.build(["AsAh", "KK"], board="Kc 7d 2h", dead="Qs")
    assert spot.known_cards == frozenset(parse_cards("As Ah Kc 7d 2h Qs"))
    assert spot.runout_cards == 2
    assert spot.players == 2
    assert len(spot.ranges[1]) == 3


def test_games_are_found_by_name_and_alias() -> None:
    assert find_board_game("Omaha Hi-Lo") is OMAHA_HI_LO
    assert find_board_game("o8") is OMAHA_HI_LO
    assert find_board_game("Texas Hold'em") is HOLDEM
    assert OMAHA.evaluations_per_hand == 60
    with pytest.raises(InvalidDefinitionError):
        BoardGame(name="one-card Omaha", hole_cards=1, exactly_two=True)


def test_pot_odds() -> None:
    assert pot_odds(5, 10) == Fraction(1, 3)
    assert pot_odds(10, 10) == Fraction(1, 2)
    with pytest.raises(InvalidDefinitionError):
        pot_odds(0, 10)
    with pytest.raises(InvalidDefinitionError):
        pot_odds(-1, 10)


def test_the_table_shows_every_player_and_the_method() -> None:
    exact = str(exact_equity(["AsAh", "KsKd"], board="Kc 7d 2h", dead="Qs"))
    assert "exact, 946 outcomes" in exact  # 44 cards left, 946 turn-river pairs
    assert "(dead Qs)" in exact
    assert "91.23%" in exact
    sampled = str(sample_equity(["As2sQd3c", "Ah2h9c8c"], game=OMAHA_HI_LO, samples=1_000))
    assert "sampled, 1,000 outcomes, seed 0" in sampled
    assert "low" in sampled and "± s.e." in sampled


def test_a_spot_keeps_its_own_board_and_is_checked_again() -> None:
    spot = Spot.build(["AsAh", "KsKd"])
    with pytest.raises(InvalidDefinitionError, match="Spot already holds"):
        equity(spot, board="Kc 7d 2h")
    with pytest.raises(InvalidDefinitionError, match="Spot already holds"):
        exact_equity(spot, game="omaha8")
    same = Spot(game=HOLDEM, ranges=(HandRange.parse("AsAh"), HandRange.parse("AsAh")))
    with pytest.raises(CardConflictError):
        equity(same)
    seven = Spot(game=HOLDEM, ranges=spot.ranges, board=parse_cards("2c 3c 4c 5c 6c 7c 8c"))
    with pytest.raises(InvalidDefinitionError):
        equity(seven)


def test_board_games_refuse_more_than_two_hole_cards_played_freely() -> None:
    with pytest.raises(InvalidDefinitionError, match="exactly_two"):
        BoardGame(name="x", hole_cards=3)
    assert BoardGame(name="x", hole_cards=3, exactly_two=True).exactly_two


def test_a_one_hole_card_game_is_exact_on_every_backend() -> None:
    """The numpy backend evaluates two or more hole cards; one card runs in Python."""
    game = BoardGame(name="one card", hole_cards=1)
    result = exact_equity(["As", "Kd"], board="2c 3d 4h 9s", game=game)
    # the ace wins every river but the three kings, which pair the king
    assert result[0].share == Fraction(43, 46)
    assert (
        result[0].share
        == exact_equity(["As", "Kd"], board="2c 3d 4h 9s", game=game, backend="python")[0].share
    )


@pytest.mark.parametrize("game", [5, None, 2.5])
def test_game_must_be_a_board_game_or_its_name(game: object) -> None:
    with pytest.raises(InvalidDefinitionError):
        equity(["AsAh", "KsKd"], game=game)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError):
        find_board_game(game)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "name", ["PLO-8", "PLO 8", "Omaha 8", "omaha-8", "hold em", "texasholdem"]
)
def test_board_game_names_ignore_spaces_hyphens_and_apostrophes(name: str) -> None:
    assert find_board_game(name) in (OMAHA_HI_LO, HOLDEM)


@pytest.mark.parametrize("options", [{"exact_limit": "x"}, {"samples": -5}, {"chunk_size": 0}])
def test_equity_checks_every_option_up_front(options: dict[str, object]) -> None:
    with pytest.raises(InvalidDefinitionError):
        equity(["AsAh", "KsKd"], board="2c 3d 4h", **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [",", " , ,"])
def test_a_range_of_separators_only_is_empty(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="empty range"):
        HandRange.parse(text)


def test_the_cost_estimate_counts_the_low_half_of_hi_lo_games() -> None:
    hands = ["As2c3hJd", "Ad2h4cJs"]
    high = exact_cost(Spot.build(hands, board="5c 6d Kh", game=OMAHA))
    hi_lo = exact_cost(Spot.build(hands, board="5c 6d Kh", game=OMAHA_HI_LO))
    assert hi_lo > 2 * high


# --- bad input is refused with the library's error ----------------------------------------------

#: The API without its types, for calls that are wrong on purpose.
api: Any = equity_api


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": 5}, "name must be a name"),
        ({"name": None}, "name must be a name"),
        ({"name": "  "}, "name must be a name"),
        ({"hole_cards": 2.0}, "hole_cards must be a whole number from 1 to 23"),
        ({"hole_cards": True}, "hole_cards must be a whole number from 1 to 23"),
        ({"hole_cards": 0}, "hole_cards must be a whole number from 1 to 23"),
        ({"hole_cards": 10**400, "exactly_two": True}, "not <an integer of about 401 digits>"),
        ({"hole_cards": 24, "exactly_two": True}, "from 1 to 23"),
        ({"exactly_two": 1, "hole_cards": 4}, "exactly_two must be True or False, not 1"),
        ({"hi_lo": None}, "hi_lo must be True or False, not None"),
        ({"hi_lo": "no"}, "hi_lo must be True or False"),
        ({"aliases": "abc"}, "aliases must be a tuple of names"),
        ({"aliases": (1,)}, "aliases must be a tuple of names"),
        ({"aliases": ("",)}, "aliases must be a tuple of names"),
    ],
)
def test_board_game_refuses_bad_fields(kwargs: dict[str, object], message: str) -> None:
    fields: dict[str, object] = {"name": "Test", "hole_cards": 2, **kwargs}
    with pytest.raises(InvalidDefinitionError, match=message):
        api.BoardGame(**fields)


def test_board_game_reads_a_list_of_aliases_and_counts_evaluations() -> None:
    game = api.BoardGame(name="Six-card Omaha", hole_cards=6, exactly_two=True, aliases=["plo6"])
    assert game.aliases == ("plo6",)
    assert game.evaluations_per_hand == 15 * 10
    assert OMAHA.evaluations_per_hand == 60 and HOLDEM.evaluations_per_hand == 1


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: api.find_board_game(10**5000), "named by text, not <an integer of about"),
        (lambda: api.Spot(game=None, ranges=()), "game must be a BoardGame"),
        (lambda: api.Spot(game=HOLDEM, ranges=None), "ranges must be a tuple of HandRange"),
        (
            lambda: api.Spot(game=HOLDEM, ranges=(), board=("As",)),
            "board must be a tuple of cards",
        ),
        (lambda: api.Spot.build(["AsAh", "KsKd"], game=None), "game must be a BoardGame"),
        (lambda: api.Spot.build([True, "AsAh"]), "player 1's hand must be text"),
        (lambda: api.Spot.build(["AsAh", "KsKd"], dead=True), "dead cards must be text"),
        (
            lambda: api.Spot.build(
                ["random", "random"],
                game=api.BoardGame(name="Ten-card Omaha", hole_cards=10, exactly_two=True),
            ),
            "'random' with 10 hole cards is 15,820,024,220 hands",
        ),
        (lambda: api.equity(["AsAh", "KsKd"], samples=10**400), "samples must be at most"),
        (lambda: api.equity(["AsAh", "KsKd"], samples=1.5), "samples must be a positive integer"),
        (lambda: api.equity(["AsAh", "KsKd"], samples=True), "samples must be a positive integer"),
        (lambda: api.equity(["AsAh", "KsKd"], chunk_size=None), "chunk_size must be a positive"),
        (lambda: api.equity(["AsAh", "KsKd"], exact_limit=float("nan")), "exact_limit must be"),
        (lambda: api.equity(["AsAh", "KsKd"], exact_limit=None), "exact_limit must be"),
        (lambda: api.equity(["AsAh", "KsKd"], exact_limit=-1), "exact_limit must be"),
        (lambda: api.equity(["AsAh", "KsKd"], method=None), "method must be"),
        (lambda: api.equity(["AsAh", "KsKd"], method=["exact"]), "method must be"),
        (lambda: api.equity(["AsAh", "KsKd"], backend=None), "backend must be"),
        (lambda: api.equity(["AsAh", "KsKd"], backend=["numpy"]), "backend must be"),
        (lambda: api.equity(["AsAh", "KsKd"], executor=5), "executor must be"),
        (lambda: api.sample_equity(["AsAh", "KsKd"], samples=10**11), "samples must be at most"),
        (lambda: api.sample_equity(["AsAh", "KsKd"], seed=1.5), "seed must be a non-negative"),
        (lambda: api.sample_equity(["AsAh", "KsKd"], seed=None), "seed must be a non-negative"),
        (lambda: api.sample_equity(["AsAh", "KsKd"], seed=True), "seed must be a non-negative"),
        (lambda: api.sample_equity(["AsAh", "KsKd"], executor="pool"), "executor must be"),
        (lambda: api.exact_equity(["AsAh", "KsKd"], game=5), "game must be a BoardGame"),
        (lambda: api.exact_equity(["AsAh", "KsKd"], backend=5), "backend must be"),
        (lambda: api.exact_cost(None), "exact_cost takes a Spot"),
        (lambda: api.run_chunk(None), "run_chunk takes a ChunkJob"),
        (lambda: api.pot_odds("1.5", 2), "call must be a non-negative amount"),
        (lambda: api.pot_odds(1, 10**5000 * -1), "pot must be a non-negative amount"),
    ],
)
def test_bad_arguments_are_definition_errors(call: object, message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        call()  # type: ignore[operator]


def _spec() -> Spec:
    return Spec.of(api.Spot.build(["AsAh", "KsKd"]))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"spec": None}, "spec must be a Spec"),
        ({"backend": "gpu"}, "backend must be 'numpy' or 'python'"),
        ({"seed": -1}, "seed must be a whole number"),
        ({"chunk": 1.0}, "chunk must be a whole number"),
        ({"count": 0}, "count must be a whole number of runouts"),
        ({"count": 10**400}, "count must be a whole number of runouts"),
    ],
)
def test_a_chunk_job_refuses_bad_fields(kwargs: dict[str, object], message: str) -> None:
    fields: dict[str, object] = {
        "spec": _spec(),
        "backend": "python",
        "seed": 0,
        "chunk": 0,
        "count": 10,
        **kwargs,
    }
    with pytest.raises(InvalidDefinitionError, match=message):
        api.ChunkJob(**fields)


def test_tallies_of_different_spots_do_not_add_up() -> None:
    with pytest.raises(InvalidDefinitionError, match="only tallies of the same spot"):
        _ = api.Tally.empty(2, False) + api.Tally.empty(3, False)
    with pytest.raises(InvalidDefinitionError, match="only tallies of the same spot"):
        _ = api.Tally.empty(2, False) + api.Tally.empty(2, True)
    assert api.Tally.empty(2, True) + api.Tally.empty(2, True) == api.Tally.empty(2, True)


def test_a_small_chunk_size_does_not_build_every_job_first() -> None:
    result = api.sample_equity(
        ["AsAh", "KsKd"], samples=30, chunk_size=1, seed=3, backend="python"
    )
    assert result.outcomes == 30
