"""The Chicago API: construction, queries, errors, the log and replay, the score sheet, the
computer players; and the invariants of random complete games."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules import Card, Deck, Rank, parse_cards
from pokerrules.cards import STANDARD_CARDS
from pokerrules.errors import (
    ActionNotAvailableError,
    CardNotHeldError,
    GameOverError,
    IllegalActionError,
    InvalidDefinitionError,
    InvalidNotationError,
    NotFollowingSuitError,
    OutOfTurnError,
)
from pokerrules.games import chicago
from pokerrules.games.chicago import (
    STOP_42_SIX_CARDS,
    STOP_45,
    STOP_46_NEXT_DEAL,
    SWEDISH_RULES,
    WIKIPEDIA_RULES,
    AcceptOneUp,
    Acted,
    Action,
    CallChicago,
    ChicagoGame,
    ChicagoRules,
    Dealt,
    Declare,
    DeclineOneUp,
    Discard,
    EqualHands,
    Exchange,
    ExchangeStop,
    GameEnd,
    GameStarted,
    HandEffect,
    OneUp,
    Overshoot,
    Pass,
    Phase,
    PlayCard,
    PointsTable,
    RandomPlayer,
    ReplaceHand,
    ScoreReason,
    SimplePlayer,
    StockRule,
    simulate,
    stacked_deck,
)
from pokerrules.serialization import from_data, to_data

# --- construction and validation --------------------------------------------------------------


def test_the_same_seed_deals_the_same_game_and_rng_is_accepted() -> None:
    assert ChicagoGame.new(4, seed=11) == ChicagoGame.new(4, seed=11)
    assert ChicagoGame.new(4, seed=11).hands != ChicagoGame.new(4, seed=12).hands
    game = ChicagoGame.new(["Ann", "Bob"], rng=random.Random(5))
    assert game.names == ("Ann", "Bob")
    assert game == ChicagoGame.new(["Ann", "Bob"], seed=random.Random(5).getrandbits(64))


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"seed": 1, "rng": random.Random(1)},
        {"seed": 1, "dealer": 3},
        {"seed": 1, "decks": [Deck.standard(joker=True)]},
        {"seed": 1, "decks": [Deck.ordered("As Kd")]},
        {"seed": 1, "scores": (1, 2)},
        {"seed": 1, "rules": "swedish"},
    ],
)
def test_bad_games_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidDefinitionError):
        ChicagoGame.new(3, **kwargs)  # type: ignore[arg-type]


def test_resumed_scores_must_fit_the_rules() -> None:
    """A resumed game cannot start below zero under rules that keep scores at zero or more,
    nor with a player already at the target when reaching it ends the game; under the
    win-again and Chicago-required end rules a player at the target may still be playing."""
    with pytest.raises(InvalidDefinitionError, match="below zero"):
        ChicagoGame.new(3, rules=SWEDISH_RULES, seed=1, scores=(-5, 0, 0))
    with pytest.raises(InvalidDefinitionError, match="reach the target of 52"):
        ChicagoGame.new(3, seed=1, scores=(52, 0, 0))
    with pytest.raises(InvalidDefinitionError, match="dealer must be a seat"):
        ChicagoGame.new(3, seed=1, dealer=True)
    assert ChicagoGame.new(3, seed=1, scores=(-5, 0, 0)).scores == (-5, 0, 0)
    for end in (GameEnd.WIN_AGAIN, GameEnd.CHICAGO_REQUIRED):
        resumed = ChicagoGame.new(3, rules=ChicagoRules(game_end=end), seed=1, scores=(60, 0, 0))
        assert not resumed.is_over and resumed.scores == (60, 0, 0)


def test_player_names_must_be_distinct() -> None:
    with pytest.raises(InvalidDefinitionError, match="distinct"):
        ChicagoGame.new(["Ann", "Ann"], seed=1)
    with pytest.raises(InvalidDefinitionError):
        ChicagoGame.new("Ann", seed=1)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"exchanges": 4},
        {"exchanges": 3, "scoring_exchanges": (4,)},
        {"scoring_exchanges": (1, 1)},
        {"last_trick_points": -1},
        {"chicago_minimum_score": "13"},
        {"one_up": 1},
        {"exchange_stop": 42},
        {"game_end": "reach"},
        {"target_score": 0},
        {"points": {"pair": 1}},
        {"scoring_exchanges": "1"},
    ],
)
def test_bad_rules_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidDefinitionError):
        ChicagoRules(**kwargs)  # type: ignore[arg-type]


def test_rules_are_keyword_only_frozen_values() -> None:
    with pytest.raises(TypeError):
        ChicagoRules(3)  # type: ignore[call-arg]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        ChicagoRules().exchanges = 3  # type: ignore[misc]
    assert attrs.evolve(ChicagoRules(), exchanges=3).scoring_rounds == (1, 2)
    assert ChicagoRules(scoring_exchanges=[2, 1], exchanges=3).scoring_exchanges == (1, 2)
    assert ChicagoRules(scoring_exchanges=3, exchanges=3).scoring_rounds == (3,)
    with pytest.raises(InvalidDefinitionError):
        PointsTable(pair=-1)
    with pytest.raises(InvalidDefinitionError):
        ExchangeStop(threshold=42, six_cards="yes")  # type: ignore[arg-type]


def test_score_amounts_lists_what_a_single_event_can_score() -> None:
    rules = ChicagoRules(last_trick_deuce_points=10, chicago_deuce_points=30)
    assert {1, 2, 3, 4, 5, 6, 7, 8, 52, 15, -15, 10, 30} == set(rules.score_amounts())


def test_actions_parse_cards_and_refuse_nonsense() -> None:
    assert Exchange("7h 2c") == Exchange((Card("2c"), Card("7h")))
    assert OneUp("Kd").card is Card("Kd") and PlayCard(Card("As")).card is Card("As")
    with pytest.raises(InvalidNotationError):
        Exchange("7h 7h")
    with pytest.raises(InvalidDefinitionError, match="listed twice"):
        Exchange([Card("7h"), Card("7h")])
    with pytest.raises(InvalidNotationError):
        PlayCard("1x")
    with pytest.raises(InvalidDefinitionError):
        Discard(42)
    texts = [str(a) for a in (AcceptOneUp(), DeclineOneUp(), ReplaceHand(), Discard("2c"))]
    assert texts == [
        "accept the face-up card",
        "decline the face-up card",
        "replace the hand",
        "discard 2c",
    ]
    assert (str(Declare()), str(Pass()), str(CallChicago())) == ("declare", "pass", "call Chicago")


def test_stacked_deck_refuses_a_card_twice() -> None:
    with pytest.raises(InvalidDefinitionError, match="stacked twice: As"):
        stacked_deck(["As Ks Qs Js Ts", "As 2c 3c 4c 5c"])
    with pytest.raises(InvalidDefinitionError):
        stacked_deck(["As Ks Qs Js Ts", "2c 3c 4c 5c 6c"], dealer=2)


# --- commands and errors ----------------------------------------------------------------------


def fresh() -> ChicagoGame:
    deck = stacked_deck(["9s 9c 8d Ts 2h", "Ah Kh 2c 3d 4s", "Qh Jh 5c 6d 7s"], "Tc 9d 8c")
    return ChicagoGame.new(["Ann", "Bob", "Cat"], seed=0, decks=[deck])


def test_acting_out_of_turn_names_the_player_to_act() -> None:
    game = fresh()
    with pytest.raises(
        OutOfTurnError, match=r"Cat \(seat 2\) cannot act: it is Bob \(seat 1\)'s turn"
    ):
        game.apply(Exchange(()), seat=2)
    assert game.apply(Exchange(()), seat=1).to_act == 2


def test_an_action_of_the_wrong_phase_says_what_is_legal() -> None:
    game = fresh()
    with pytest.raises(ActionNotAvailableError) as error:
        game.apply(PlayCard("Ah"))
    assert "during the exchange 1" in str(error.value)
    assert error.value.legal.startswith("exchange 0-5 of 2c 3d 4s Kh Ah, or one up")
    with pytest.raises(ActionNotAvailableError):
        game.apply(Discard("Ah"))  # only a player dealt six discards without drawing


def test_exchanging_a_card_not_held_is_refused() -> None:
    game = fresh()
    with pytest.raises(
        CardNotHeldError, match="cannot exchange Qs: it is not in the hand"
    ) as error:
        game.apply(Exchange("Qs 2c"))
    assert error.value.card is Card("Qs") and error.value.seat == 1


def test_a_rejected_action_leaves_the_state_exactly_as_it_was() -> None:
    game = fresh()
    snapshot = attrs.evolve(game)
    for bad in (Exchange("Qs"), PlayCard("Ah"), Declare(), AcceptOneUp(), ReplaceHand()):
        with pytest.raises(IllegalActionError):
            game.apply(bad)
    assert game == snapshot and game.log == snapshot.log


def test_after_the_end_every_action_is_refused() -> None:
    game = simulate(3, seed=2)
    assert game.is_over and game.to_act is None and game.legal_actions() == ()
    with pytest.raises(GameOverError, match=r"the game is over: Player \d won"):
        game.apply(Pass())
    assert game.legal_text() == "nothing: the game is over"


def test_legal_text_in_every_phase() -> None:
    game = fresh()
    assert game.legal_text().startswith("exchange 0-5")
    game = game.apply(OneUp("2c"))
    assert game.legal_text() == "accept or decline the face-up Tc"
    game = game.apply(AcceptOneUp())
    game = game.apply(Exchange(())).apply(Exchange(()))
    assert game.phase is Phase.DECLARATION and game.legal_text() == "pass"  # Bob: high card
    game = game.apply(Pass()).apply(Pass())
    assert game.legal_text() == "declare or pass"  # Ann: nines
    game = game.apply(Declare()).apply(Exchange(())).apply(Exchange(())).apply(Exchange(()))
    assert game.legal_text() == "call Chicago or pass"
    game = game.apply(Pass()).apply(Pass()).apply(Pass())
    assert game.legal_text() == "play one of 3d 4s Tc Kh Ah"  # low to high
    game = game.apply(PlayCard("Kh"))
    assert game.legal_text() == "play one of Jh Qh"
    with pytest.raises(NotFollowingSuitError, match="hearts were led"):
        game.apply(PlayCard("5c"))


def test_repr_is_short() -> None:
    assert repr(fresh()) == "<ChicagoGame deal 1, exchange 1, Bob to act; Ann 0, Bob 0, Cat 0>"
    over = simulate(["Ann", "Bob"], seed=4)
    assert repr(over).startswith("<ChicagoGame deal ") and "won;" in repr(over)


def test_hand_value_during_the_deal_and_the_tricks() -> None:
    game = fresh()
    assert game.hand_value(0).describe() == "Pair of Nines"
    game = game.apply(Exchange(())).apply(Exchange(())).apply(Exchange(()))
    while game.phase is not Phase.TRICKS:
        legal = game.legal_actions()
        game = game.apply(Exchange(()) if Exchange(()) in legal else legal[0])
    game = game.apply(PlayCard("2c"))
    assert game.hand_value(1).describe() == "High card, Ace"  # the hand as play began
    assert game.current_trick is not None and game.current_trick.suit_led is not None


@pytest.mark.parametrize("seat", [3, -1, 99])
def test_queries_about_a_seat_not_at_the_table_say_so(seat: int) -> None:
    """A seat outside 0-2 is a precise error, never an IndexError nor Python's negative index
    silently reading the last seat."""
    game = fresh()
    queries = [
        game.hand_value,
        game.is_stopped,
        game.max_exchange,
        game.can_replace,
        game.playable_cards,
    ]
    for query in queries:
        with pytest.raises(InvalidDefinitionError, match=f"seat {seat} is not at this table"):
            query(seat)
    assert game.max_exchange(1) == 5 and not game.is_stopped(1)  # a real seat still answers


# --- the log, replay and the score sheet ------------------------------------------------------


def test_the_log_starts_with_the_game_and_each_deal() -> None:
    game = simulate(3, seed=5)
    log = game.log
    assert isinstance(log[0], GameStarted) and log[0].seed == game.seed
    assert sum(isinstance(e, Dealt) for e in log) == game.deal_number
    assert all(str(e) for e in log)
    assert next(e for e in log if isinstance(e, Acted)).deal == 1


def test_replay_reproduces_the_state_exactly() -> None:
    game = simulate(4, seed=6, rules=SWEDISH_RULES)
    assert ChicagoGame.replay(game.log) == game
    middle = ChicagoGame.new(3, seed=9)
    for _ in range(40):
        middle = middle.apply(SimplePlayer().choose(middle))
    assert ChicagoGame.replay(middle.log) == middle


def test_replay_refuses_a_broken_log() -> None:
    game = simulate(3, seed=7)
    with pytest.raises(InvalidDefinitionError):
        ChicagoGame.replay(game.log[1:])
    with pytest.raises(InvalidDefinitionError):
        ChicagoGame.replay(())
    acted = [i for i, e in enumerate(game.log) if isinstance(e, Acted)]
    broken = list(game.log)
    del broken[acted[0]]
    with pytest.raises((InvalidDefinitionError, IllegalActionError)):
        ChicagoGame.replay(broken)


def _play_deal(game: ChicagoGame) -> ChicagoGame:
    """``game`` after the simple strategy plays out the deal in progress."""
    deal = game.deal_number
    while game.deal_number == deal and not game.is_over:
        game = game.apply(SimplePlayer().choose(game))
    return game


def test_replay_keeps_the_stacked_decks_of_deals_not_yet_dealt() -> None:
    """A game stacked with two decks and replayed from its log in the first deal deals the
    second stacked deck next, as the game itself does (not a deck shuffled from the seed)."""
    first, second = Deck.shuffled(random.Random(1)), Deck.shuffled(random.Random(2))
    game = ChicagoGame.new(2, seed=5, decks=[first, second])
    replayed = ChicagoGame.replay(game.log)
    assert replayed == game
    assert replayed.pending_decks == (second,)
    assert _play_deal(replayed).log == _play_deal(game).log
    assert next(e for e in _play_deal(replayed).log[::-1] if isinstance(e, Dealt)).deck == second


def test_replay_takes_the_decks_of_a_log_that_records_them_only_as_deals() -> None:
    """A log whose start names no stacked decks still replays its deals from their Dealt
    entries."""
    deck = stacked_deck(["As Ks Qs Js Ts", "2c 3c 4c 5c 7d"])
    game = _play_deal(ChicagoGame.new(2, seed=3, decks=[deck]))
    start = game.log[0]
    assert isinstance(start, GameStarted)
    log = (attrs.evolve(start, decks=()), *game.log[1:])
    replayed = ChicagoGame.replay(log)
    assert replayed.log == log
    assert replayed.scores == game.scores and replayed.hands == game.hands


def test_every_stacked_deck_is_checked_when_the_game_starts() -> None:
    """A bad second deck is refused at the start, not when the last card of the first deal
    is played (which would leave the game unable to go on)."""
    good = Deck.shuffled(random.Random(1))
    with pytest.raises(InvalidDefinitionError, match=r"stacked deck 2: .*52-card deck"):
        ChicagoGame.new(2, seed=5, decks=[good, Deck.ordered("As Kd")])
    with pytest.raises(InvalidDefinitionError, match="stacked deck 2"):
        ChicagoGame.new(2, seed=5, decks=[good, Deck.standard(joker=True)])


def test_the_score_sheet_adds_up_and_explains_every_point() -> None:
    game = simulate(["Ann", "Bob", "Cat"], seed=8)
    sheet = game.sheet
    assert sheet.totals == game.scores
    assert sum(
        sheet.deal_points(d)[s] for d in range(1, game.deal_number + 1) for s in range(3)
    ) == sum(game.scores)
    text = sheet.format()
    assert text.splitlines()[0].split("|")[1].split() == ["Ann", "Bob", "Cat"]
    assert "Total" in text and str(sheet) == text
    assert all(entry.reason.value in text for entry in sheet.entries)
    resumed = ChicagoGame.new(2, seed=1, scores=(10, 20))
    assert resumed.sheet.totals == (10, 20) and "Start" in resumed.sheet.format()


# --- the computer players ---------------------------------------------------------------------


@pytest.mark.parametrize("rules", [ChicagoRules(), SWEDISH_RULES, WIKIPEDIA_RULES])
def test_simulate_plays_whole_games(rules: ChicagoRules) -> None:
    for seed in range(5):
        game = simulate(3, rules=rules, seed=seed)
        assert game.is_over and game.winner is not None


def test_simulate_with_random_players_and_a_deal_limit() -> None:
    players = {s: RandomPlayer(random.Random(s)) for s in range(3)}
    game = simulate(3, seed=1, strategies=players, max_deals=2)
    assert game.deal_number <= 3
    with pytest.raises(GameOverError, match="over"):
        SimplePlayer().choose(simulate(2, seed=1))
    with pytest.raises(GameOverError, match="over"):
        RandomPlayer().choose(simulate(2, seed=1))


def test_simulate_refuses_a_bad_deal_limit_or_strategy() -> None:
    with pytest.raises(InvalidDefinitionError, match="max_deals must be a whole number >= 1"):
        simulate(3, seed=1, max_deals=0)
    with pytest.raises(InvalidDefinitionError, match="max_deals must be a whole number"):
        simulate(3, seed=1, max_deals="9")  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="seat 3, not one of the seats 0-2"):
        simulate(3, seed=1, strategies={3: SimplePlayer()})
    with pytest.raises(InvalidDefinitionError, match="seat 1 has no choose"):
        simulate(3, seed=1, strategies={1: "simple"})  # type: ignore[dict-item]


def test_simple_player_discards_and_replaces() -> None:
    rules = ChicagoRules(blind_chicago=Rank.NINE)
    deck = stacked_deck(["Ah Ad Kc Ks 3d", "2c 3c 4h 5s 7d", "Qh Jh Th 8h 2s 6c"], "Ac 9s")
    game = ChicagoGame.new(3, rules=rules, seed=0, decks=[deck], scores=(0, 0, 45))
    assert SimplePlayer().choose(game) == ReplaceHand()
    game = game.apply(ReplaceHand()).apply(Exchange(()))
    assert game.to_act == 2 and len(game.hands[2]) == 6
    assert SimplePlayer().choose(game) == Discard("2s")  # Q-J-T-8-6 beats Q-J-T-8-2


# --- random complete games and their invariants -----------------------------------------------

rules_strategy = st.builds(
    ChicagoRules,
    exchanges=st.sampled_from([2, 3]),
    one_up=st.booleans(),
    points=st.builds(
        PointsTable,
        royal_flush=st.sampled_from([52, 20, 9, None]),
        four_of_a_kind_effect=st.sampled_from(HandEffect),
        straight_flush_effect=st.sampled_from(HandEffect),
        royal_flush_effect=st.sampled_from(HandEffect),
    ),
    last_trick_points=st.sampled_from([5, 2]),
    last_trick_deuce_points=st.sampled_from([None, 10]),
    chicago_points=st.sampled_from([15, 13]),
    chicago_deuce_points=st.sampled_from([None, 30]),
    chicago_minimum_score=st.sampled_from([None, 13, 15]),
    negative_scores=st.booleans(),
    chicago_hand_points=st.booleans(),
    chicago_caller_leads=st.booleans(),
    exchange_stop=st.sampled_from([None, STOP_42_SIX_CARDS, STOP_45, STOP_46_NEXT_DEAL]),
    game_end=st.sampled_from(GameEnd),
    overshoot=st.sampled_from(Overshoot),
    blind_chicago=st.sampled_from([None, Rank.NINE, Rank.TEN]),
    equal_hands=st.sampled_from(EqualHands),
    stock_rule=st.sampled_from(StockRule),
)

MAX_DEALS = 400


def random_states(
    rules: ChicagoRules, players: int, seed: int, *, mix: float = 0.5
) -> Iterator[tuple[ChicagoGame, Action]]:
    """Each state of a random complete game and the action taken in it."""
    rng = random.Random(seed)
    chooser = RandomPlayer(rng)
    simple = SimplePlayer()
    game = ChicagoGame.new(players, rules=rules, seed=seed, dealer=seed % players)
    while not game.is_over:
        assert game.deal_number <= MAX_DEALS, "the game did not end"
        action = simple.choose(game) if rng.random() < mix else chooser.choose(game)
        yield game, action
        game = game.apply(action)
    yield game, Pass()


def final_state(rules: ChicagoRules, players: int, seed: int) -> ChicagoGame:
    states = [game for game, _ in random_states(rules, players, seed)]
    return states[-1]


def check_cards(game: ChicagoGame) -> None:
    """Conservation: the 52 cards, each exactly once."""
    every = game.all_cards()
    assert len(every) == 52 and set(every) == set(STANDARD_CARDS)


def check_tricks(game: ChicagoGame) -> None:
    """Follow suit, plays from the hand held, the highest card of the suit led wins."""
    remaining = [set(hand) for hand in game.final_hands]
    for trick in game.tricks:
        led = trick.suit_led
        for seat, card in trick.plays:
            assert card in remaining[seat], f"seat {seat} played {card} it did not hold"
            if card.suit is not led:
                assert all(c.suit is not led for c in remaining[seat]), "revoke"
            remaining[seat].discard(card)
        if trick.winner is not None:
            best = max((c for _, c in trick.plays if c.suit is led), key=lambda c: c.rank)
            assert (trick.winner, best) in trick.plays


def check_sheet(game: ChicagoGame) -> None:
    """Every change of score is an amount of the rules, for its reason."""
    rules = game.rules
    hands = rules.points.amounts()
    allowed = {
        ScoreReason.HAND: hands,
        ScoreReason.FINAL_HAND: hands,
        ScoreReason.LAST_TRICK: {rules.last_trick_points},
        ScoreReason.LAST_TRICK_DEUCE: {rules.last_trick_deuce_points},
        ScoreReason.CHICAGO_WON: {rules.chicago_points},
        ScoreReason.CHICAGO_WON_DEUCE: {rules.chicago_deuce_points},
        ScoreReason.CHICAGO_LOST: {-rules.chicago_points},
    }
    totals = list(game.sheet.start)
    previous = None
    for entry in game.sheet.entries:
        if entry.reason is ScoreReason.OVERSHOOT:
            # points past an exact target come straight back off: all of them, or twice the
            # excess (the score bouncing back from the target)
            assert rules.game_end is GameEnd.EXACT_TARGET and previous is not None
            assert previous.seat == entry.seat and previous.points > 0 > entry.points
            excess = totals[entry.seat] - rules.target_score
            assert excess > 0
            back = previous.points if rules.overshoot is Overshoot.STAYS else 2 * excess
            assert entry.points == -back
        elif entry.reason in allowed:
            assert entry.points in allowed[entry.reason], entry
        elif entry.reason is ScoreReason.RESET:
            assert totals[entry.seat] + entry.points == 0
        elif entry.reason is ScoreReason.JUMP:
            assert totals[entry.seat] + entry.points == rules.target_score and entry.points > 0
        else:
            assert entry.reason is ScoreReason.FLOOR and not rules.negative_scores
            assert totals[entry.seat] + entry.points == 0 and entry.points > 0
        totals[entry.seat] += entry.points
        previous = entry
        if not rules.negative_scores:
            assert totals[entry.seat] >= 0 or entry.reason is ScoreReason.CHICAGO_LOST
    assert tuple(totals) == game.scores == game.sheet.totals


def check_winner(game: ChicagoGame) -> None:
    """Exactly one winner, who meets the end rule (or holds a winning hand)."""
    assert game.is_over and game.winner is not None and game.phase is Phase.OVER
    winner = game.winner
    rules = game.rules
    won_by_hand = any(
        e.seat == winner and e.hand is not None and rules.points.award(e.hand)[1] is HandEffect.WIN
        for e in game.sheet.deal_entries(game.deal_number)
    )
    if won_by_hand:
        return
    assert game.scores[winner] >= rules.target_score
    if rules.game_end is GameEnd.CHICAGO_REQUIRED:
        assert winner in game.chicago_callers
    elif rules.game_end is GameEnd.WIN_AGAIN:
        assert winner in game.eligible and game.tricks[-1].winner == winner
        assert len(game.tricks) == 5


@settings(max_examples=60)
@given(rules=rules_strategy, players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_a_random_legal_game_ends_with_exactly_one_winner(
    rules: ChicagoRules, players: int, seed: int
) -> None:
    game = final_state(rules, players, seed)
    check_winner(game)
    check_sheet(game)


@settings(max_examples=40)
@given(rules=rules_strategy, players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant_at_every_step(
    rules: ChicagoRules, players: int, seed: int
) -> None:
    """Cards are conserved, no card is played that is not held, every trick follows suit,
    scores change only by the rules' amounts, legal actions are legal and illegal ones
    change nothing."""
    rng = random.Random(seed)
    for game, action in random_states(rules, players, seed):
        check_cards(game)
        check_tricks(game)
        if game.is_over:
            break
        legal = game.legal_actions()
        if not isinstance(action, Exchange):
            assert action in legal
        if rng.random() < 0.2:
            probe = rng.choice(legal)
            game.apply(probe)  # every listed action is accepted
            bad = PlayCard(rng.choice(STANDARD_CARDS))
            if bad not in legal:
                with pytest.raises(IllegalActionError):
                    game.apply(bad)
    check_sheet(game)
    check_winner(game)


@settings(max_examples=15)
@given(rules=rules_strategy, players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_replaying_the_log_reproduces_a_random_game(
    rules: ChicagoRules, players: int, seed: int
) -> None:
    game = final_state(rules, players, seed)
    assert ChicagoGame.replay(game.log) == game


@settings(max_examples=15)
@given(
    rules=rules_strategy,
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    stacked=st.integers(0, 3),
    steps=st.integers(0, 120),
)
def test_replaying_any_moment_of_a_stacked_game_continues_the_same_game(
    rules: ChicagoRules, players: int, seed: int, stacked: int, steps: int
) -> None:
    """Replay at any moment gives a state that goes on exactly as the original (the same
    decks to come, the same log), whatever decks were stacked."""
    decks = [Deck.shuffled(random.Random(seed + i)) for i in range(stacked)]
    game = ChicagoGame.new(players, rules=rules, seed=seed, decks=decks)
    chooser = RandomPlayer(random.Random(seed))
    for _ in range(steps):
        if game.is_over:
            break
        game = game.apply(chooser.choose(game))
    replayed = ChicagoGame.replay(game.log)
    assert replayed == game
    for _ in range(60):
        if game.is_over:
            break
        action = chooser.choose(game)
        game, replayed = game.apply(action), replayed.apply(action)
    assert replayed == game


@settings(max_examples=30)
@given(rules=rules_strategy, seed=st.integers(0, 2**32), card=st.sampled_from(STANDARD_CARDS))
def test_a_card_not_held_is_never_played(rules: ChicagoRules, seed: int, card: Card) -> None:
    for game, _ in random_states(rules, 3, seed):
        if game.phase is Phase.TRICKS and card not in game.hands[game.to_act or 0]:
            with pytest.raises(CardNotHeldError):
                game.apply(PlayCard(card))
            return


GAME_RULES = [
    ChicagoRules(),
    SWEDISH_RULES,
    WIKIPEDIA_RULES,
    ChicagoRules(game_end=GameEnd.WIN_AGAIN, exchanges=3, equal_hands=EqualHands.SHARED),
    ChicagoRules(
        game_end=GameEnd.CHICAGO_REQUIRED,
        stock_rule=StockRule.NO_MORE_CARDS,
        blind_chicago=Rank.TEN,
        exchange_stop=STOP_45,
        last_trick_deuce_points=10,
        chicago_deuce_points=30,
    ),
]


def test_a_thousand_random_complete_games() -> None:
    """1,000 seeded games, two to six players, five rule sets, random and simple players:
    cards conserved after every action, every trick legal, every score change from the
    rules, exactly one winner."""
    for seed in range(1000):
        rules = GAME_RULES[seed % len(GAME_RULES)]
        players = 2 + seed % 5
        game = None
        for game, _ in random_states(rules, players, seed, mix=0.5):
            check_cards(game)
            if game.phase is Phase.TRICKS and not game.queue[1:]:
                check_tricks(game)
        assert game is not None
        check_tricks(game)
        check_sheet(game)
        check_winner(game)


def test_a_whole_deal_by_hand_with_parse_cards() -> None:
    deck = stacked_deck(["9s 9c 8d Ts 2h", "Ah Kh 2c 3d 4s", "Qh Jh 5c 6d 7s"])
    game = ChicagoGame.new(3, seed=0, decks=[deck])
    for _ in range(3):
        game = game.apply(Exchange(()))
    game = game.apply(Pass()).apply(Pass()).apply(Declare())
    for _ in range(3):
        game = game.apply(Exchange(()))
    for _ in range(3):
        game = game.apply(Pass())
    for card in parse_cards("2c 5c 9c 2h Kh Jh 3d 6d 8d 9s 4s 7s Ts Ah Qh"):
        game = game.apply(PlayCard(card))
    assert game.scores == (7, 0, 0) and game.deal_number == 2


# --- bad input is refused with the library's error -------------------------------------------

#: The API without its types, for calls that are wrong on purpose.
api: Any = chicago


@pytest.mark.parametrize("players", [10**9, 10**400, 7, 1, -1])
def test_a_huge_player_count_is_refused_at_once(players: int) -> None:
    """The count is checked before a name is made: 10**9 players used to build a billion
    names (a hang) before being refused."""
    with pytest.raises(InvalidDefinitionError, match="played by 2 to 6 players"):
        api.ChicagoGame.new(players, seed=1)
    with pytest.raises(InvalidDefinitionError, match="played by 2 to 6 players"):
        api.simulate(players)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"exchanges": 2.0}, "exchanges must be 2 or 3, not 2.0"),
        ({"exchanges": True}, "exchanges must be 2 or 3, not True"),
        ({"exchanges": "2"}, "exchanges must be 2 or 3"),
        ({"scoring_exchanges": True}, "scoring_exchanges must be exchange numbers"),
        ({"scoring_exchanges": [True]}, "scoring_exchanges must be exchange numbers"),
        ({"scoring_exchanges": ["a", 1]}, "scoring_exchanges must be exchange numbers"),
        ({"scoring_exchanges": [1.0]}, "scoring_exchanges must be exchange numbers"),
    ],
)
def test_rules_refuse_numbers_of_the_wrong_type(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        api.ChicagoRules(**kwargs)


@pytest.mark.parametrize("seat", [True, False, 1.0, "1"])
def test_apply_refuses_a_seat_that_is_not_a_seat_number(seat: object) -> None:
    """``True`` used to act as seat 1 (``True == 1``); ``None`` still means the player to act."""
    game = api.ChicagoGame.new(3, seed=1)
    assert game.apply(Exchange(()), seat=None).to_act != game.to_act
    with pytest.raises(InvalidDefinitionError, match="seat must be a seat number"):
        game.apply(Exchange(()), seat=seat)
    with pytest.raises(InvalidDefinitionError, match="seat must be a seat number"):
        game.who(seat)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: api.ChicagoGame.new(3, rng=5), "rng must be a random.Random"),
        (lambda: api.ChicagoGame.new(3, seed=1, decks=None), "decks must be an iterable"),
        (lambda: api.ChicagoGame.new(3, seed=1, scores=5), "scores must be 3 whole numbers"),
        (lambda: api.ChicagoGame.new([1, 2], seed=1), "a player's name is text, not 1"),
        (lambda: api.ChicagoGame.new([None, "Ann"], seed=1), "a player's name is text, not None"),
        (lambda: api.ChicagoGame.new([" ", "Ann"], seed=1), "distinct and not empty"),
        (lambda: api.ChicagoGame.replay(5), "a Chicago log is a list of entries"),
        (lambda: api.simulate(3, strategies=5), "strategies must map seats to players"),
        (lambda: api.simulate(3, strategies={True: SimplePlayer()}), "strategies name seat True"),
        (lambda: api.stacked_deck(None), "hands must be a list of hands"),
        (lambda: api.stacked_deck([]), "played by 2 to 6 players, not 0 hands"),
        (lambda: api.stacked_deck(["As Ks Qs Js Ts", 5]), "seat 1's hand must be cards"),
        (lambda: api.stacked_deck(["As Ks Qs Js Ts", "2c 3c 4c 5c 7d"], 5), "stock must be cards"),
        (
            lambda: api.stacked_deck(["As Ks Qs Js Ts", "2c 3c 4c 5c 7d"], dealer=True),
            "dealer must be a seat 0-1, not True",
        ),
        (
            lambda: api.stacked_deck(["As Ks Qs Js Ts", "2c 3c 4c 5c 7d"], dealer=1.5),
            "dealer must be a seat 0-1, not 1.5",
        ),
        (lambda: api.RandomPlayer(rng=5), "rng must be a Random"),
        (lambda: api.RandomPlayer(chicago_rate="x"), "chicago_rate must be a probability"),
        (lambda: api.RandomPlayer(declare_rate=1.5), "declare_rate must be a probability"),
        (lambda: api.RandomPlayer(declare_rate=True), "declare_rate must be a probability"),
        (lambda: api.Trick(leader="x"), "leader must be a seat number"),
        (
            lambda: api.Trick(leader=0, plays=((0, "As"),)),
            r"plays must be a tuple of \(seat, Card\)",
        ),
        (
            lambda: api.GameStarted(rules=None, names=(), dealer=0, seed=1, scores=()),
            "rules must be",
        ),
        (lambda: api.Acted(deal=1, seat=0, action="pass"), "action must be a Chicago action"),
        (lambda: api.Acted(deal=0, seat=0, action=Pass()), "deal must be a deal number"),
        (
            lambda: api.Dealt(deal=1, dealer=-1, deck=Deck.shuffled(seed=1)),
            "dealer must be a seat",
        ),
    ],
)
def test_constructors_and_helpers_refuse_bad_arguments(call: object, message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        call()  # type: ignore[operator]


def _sheet() -> Any:
    return api.ScoreSheet(names=("Ann", "Bob"), dealers=(0,))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: api.ScoreSheet(names=None), "names must be a tuple of player names"),
        (lambda: api.ScoreSheet(names=()), "one or more player names"),
        (lambda: api.ScoreSheet(names=("Ann", 5)), "one or more player names"),
        (lambda: api.ScoreSheet(names=("Ann", "Ann")), "names must be distinct"),
        (lambda: api.ScoreSheet(names=("Ann",), start=(1, 2)), "start must be 1 whole numbers"),
        (lambda: api.ScoreSheet(names=("Ann", "Bob"), start=(1, 2.5)), "start must be 2 whole"),
        (lambda: api.ScoreSheet(names=("Ann", "Bob"), dealers=(5,)), "dealers must be seats 0-1"),
        (lambda: api.ScoreSheet(names=("Ann", "Bob"), entries=(5,)), "must be ScoreEntry values"),
        (lambda: _sheet().add(5), "entries must be ScoreEntry values, not 5"),
        (lambda: _sheet().new_deal(9), "dealers must be seats 0-1; 9 is not one"),
        (lambda: _sheet().new_deal(True), "dealers must be seats 0-1; True is not one"),
        (lambda: _sheet().deal_points("x"), "deal must be a deal number"),
        (lambda: _sheet().deal_entries(0), "deal must be a deal number"),
        (
            lambda: _sheet().add(
                api.ScoreEntry(deal=1, seat=9, points=1, reason=ScoreReason.HAND)
            ),
            "names seat 9; the seats are 0-1",
        ),
        (
            lambda: api.ScoreEntry(deal=1, seat=0, points=1.5, reason=ScoreReason.HAND),
            "points must be a whole number of points",
        ),
        (
            lambda: api.ScoreEntry(deal=1, seat=0, points=1, reason="best hand"),
            "reason must be one of ScoreReason",
        ),
        (
            lambda: api.ScoreEntry(deal=1, seat=-1, points=1, reason=ScoreReason.HAND),
            "seat must be a seat",
        ),
        (
            lambda: api.ScoreEntry(deal=1, seat=0, points=1, reason=ScoreReason.HAND, hand="KK"),
            "hand must be a HandValue",
        ),
    ],
)
def test_the_score_sheet_refuses_what_it_cannot_hold(call: object, message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        call()  # type: ignore[operator]


def test_the_score_sheet_reads_lists_and_prints_huge_scores() -> None:
    sheet = api.ScoreSheet(names=["Ann", "Bob"], start=[0, -(10**5000)], dealers=[1])
    assert sheet.names == ("Ann", "Bob") and sheet.dealers == (1,)
    assert "-<an integer of about 5001 digits>" in sheet.format()
    game = api.ChicagoGame.new(2, seed=1, scores=[0, -(10**5000)])
    assert "<an integer of about 5001 digits>" in repr(game)


# --- a game from a given position ---------------------------------------------------------------

ROYAL, HEARTS = "As Ks Qs Js Ts", "Ah Kh Qh Jh 9h"


def test_from_position_starts_at_a_given_exchange_with_the_scores() -> None:
    game = ChicagoGame.from_position(
        ["Ann", "Bob", "Cat"],
        scores=[10, 20, 30],
        hands=["2c 3c 4c 5c 7d", "9s 9c 8d Ts 2h", "Qh Jh 6c 6d 7s"],
        stock="Kd Kc",
        exchange=2,
        rules=ChicagoRules(exchanges=3, exchange_stop=None),
    )
    assert game.phase is Phase.EXCHANGE and game.exchange_number == 2
    assert game.scores == (10, 20, 30) and game.to_act == 1
    assert game.hands[0] == parse_cards("2c 3c 4c 5c 7d")
    assert sorted(game.all_cards()) == sorted(STANDARD_CARDS)
    game = game.apply(Exchange(parse_cards("8d 2h")))  # Bob draws the stock in order
    assert set(parse_cards("Kd Kc")) <= set(game.hands[1])


def test_from_position_at_the_chicago_calls_for_a_trick_puzzle() -> None:
    game = ChicagoGame.from_position(2, hands=[HEARTS, ROYAL], exchange=None, dealer=1)
    assert game.phase is Phase.CHICAGO and game.to_act == 0
    game = game.apply(CallChicago())
    assert game.phase is Phase.TRICKS and game.caller == 0 and game.to_act == 0


def test_from_position_is_recorded_in_the_log_and_replays() -> None:
    game = ChicagoGame.from_position(
        3, hands=["2c 3c 4c 5c 7d", "9s 9c 8d Ts 2h", "Qh Jh 6c 6d 7s"], seed=5, scores=[1, 2, 3]
    )
    start = game.log[0]
    assert isinstance(start, GameStarted) and start.position is not None
    player = SimplePlayer()
    for _ in range(40):
        game = game.apply(player.choose(game))
    again = ChicagoGame.replay(game.log)
    assert again == game and again.log == game.log


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": ["2c 3c 4c 5c 7d"]}, "1 hands for 2 players"),
        ({"hands": ["2c 3c 4c 5c", ROYAL]}, "has 4 cards, not 5"),
        ({"hands": [ROYAL, "As 2c 3c 4c 5c"]}, "As twice"),
        ({"hands": [ROYAL, HEARTS], "stock": "2c 3c", "discards": "3c"}, "3c twice"),
        ({"hands": [ROYAL, HEARTS], "exchange": 3}, "2 exchanges"),
        ({"hands": [ROYAL, HEARTS], "exchange": 0}, "exchange number"),
        ({"hands": [ROYAL, HEARTS], "scores": [52, 0]}, "already over"),
    ],
)
def test_from_position_refuses_an_impossible_position(
    kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        ChicagoGame.from_position(2, **kwargs)


def test_from_position_deals_six_to_a_player_the_exchange_stop_deals_six() -> None:
    hands = ["2c 3c 4c 5c 7d 8d", HEARTS]
    game = ChicagoGame.from_position(2, hands=hands, scores=[42, 0], dealer=1)
    assert len(game.hands[0]) == 6 and game.legal_actions()[0] == Discard(parse_cards("2c")[0])
    with pytest.raises(InvalidDefinitionError, match="has 5 cards, not 6"):
        ChicagoGame.from_position(2, hands=["2c 3c 4c 5c 7d", HEARTS], scores=[42, 0])


def test_the_six_card_discard_holds_cards_like_the_engines_discard() -> None:
    """Discard holds ``cards`` (one card), as the engine's Discard does; the old ``card``
    spelling still works with a DeprecationWarning (the deprecation policy)."""
    ah = Card("Ah")
    assert Discard("Ah").cards == Discard(ah).cards == Discard([ah]).cards == (ah,)
    assert Discard("Ah") == Discard((ah,))
    with pytest.deprecated_call(match="use Discard.cards"):
        assert Discard("Ah").card is ah
    with pytest.deprecated_call(match="use Discard.cards"):
        assert Discard(card="Ah") == Discard("Ah")
    with pytest.raises(InvalidDefinitionError, match="exactly one card, not 2"):
        Discard("Ah Kd")
    with pytest.raises(InvalidDefinitionError, match="not both"):
        Discard("Ah", card="Kd")
    with pytest.raises(InvalidDefinitionError, match="needs the card"):
        Discard()


def test_the_six_card_discard_serializes_as_cards_and_reads_the_old_field() -> None:
    hands = ["2c 3c 4c 5c 7d 8d", HEARTS]
    game = ChicagoGame.from_position(2, hands=hands, scores=[42, 0], dealer=1)
    game = game.apply(Discard("2c"))
    data = to_data(game)
    text = json.dumps(data)
    assert '"cards": ["2c"]' in text and '"card": "2c"' not in text
    assert from_data(data) == game
    old = json.loads(text.replace('"cards": ["2c"]', '"card": "2c"'))
    with pytest.deprecated_call(match="'card' is deprecated"):
        assert from_data(old) == game


# --- the finished deal stays readable -------------------------------------------------------------


def test_the_finished_deal_stays_readable_after_the_next_deal() -> None:
    """Once a deal ends, ``tricks`` start again for the next deal, but ``last_deal`` keeps the
    hands, the five tricks and the caller of the deal just played, matching the score sheet."""
    game = ChicagoGame.new(3, seed=11)
    player = SimplePlayer()
    assert game.last_deal is None
    while game.deal_number == 1 and not game.is_over:
        before = game
        game = game.apply(player.choose(game))
    assert game.deal_number == 2 and game.tricks == ()
    last = game.last_deal
    assert last is not None and last.deal == 1 and last.dealer == before.dealer
    assert len(last.tricks) == 5 and last.tricks[:4] == before.tricks[:4]
    assert last.hands == before.final_hands and last.caller is before.caller
    assert all(t.winner is not None for t in last.tricks)
    winner = last.last_trick_winner
    trick_entries = [
        e
        for e in game.sheet.entries
        if e.deal == 1 and e.reason in (ScoreReason.LAST_TRICK, ScoreReason.LAST_TRICK_DEUCE)
    ]
    assert [e.seat for e in trick_entries] == [winner]
    played = sorted(card for trick in last.tricks for _, card in trick.plays)
    assert played == sorted(c for hand in last.hands for c in hand)
