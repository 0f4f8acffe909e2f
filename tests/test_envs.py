"""The PettingZoo environment (pokerrules.envs): PettingZoo's own API test over stud, draw,
hold'em, Omaha and Chicago High Spade; observations that never show another seat's hidden
cards; action masks that match the engine's legal actions; chips conserved."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

from pokerrules.actions import Bet, Raise
from pokerrules.engine import Acted, ChooseRunouts, Discard, Hand
from pokerrules.envs import ActionSet, PokerEnv
from pokerrules.envs.encoding import CALL, DISCARD, FOLD, MIN, MOST, POT, STAND_PAT
from pokerrules.errors import IllegalActionError, InvalidDefinitionError
from pokerrules.runouts import MAX_RUNOUTS, agreed_runouts
from pokerrules.variants import Stakes, find_variant

GAMES = [
    ("no-limit hold'em", 6),
    ("limit hold'em", 2),
    ("pot-limit omaha", 4),
    ("seven-card stud", 5),
    ("Chicago High Spade", 4),
    ("razz", 3),
    ("five-card draw", 3),
    ("deuce-to-seven triple draw", 4),
    ("badugi", 2),
    ("California lowball", 3),
    ("no-limit short-deck hold'em", 3),
    ("double-board hold'em", 3),
    ("double-board Omaha", 2),
]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_pettingzoo_api_test_passes(name: str, players: int) -> None:
    api_test(PokerEnv(name, players=players), num_cycles=300)


def _random_episode(env: PokerEnv, rng: random.Random) -> dict[str, float]:
    """Play one episode with random legal actions, checking every observation and mask."""
    env.reset(seed=rng.randrange(2**32))
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(10_000):
        observation, reward, terminated, truncated, info = env.last()
        returns[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        hand = env.hand
        assert hand is not None
        seat = env.possible_agents.index(agent)
        _check_observation(env, hand, seat, observation)
        mask = info["action_mask"]
        legal = [int(i) for i in np.flatnonzero(mask)]
        assert legal, "the agent to act has no legal action"
        choices = hand.legal_actions()
        for index in range(env.actions.size):
            if mask[index]:
                assert env.actions.decode(hand, index, env.street_bets()) in choices  # type: ignore[operator]
            else:
                with pytest.raises(IllegalActionError):
                    env.actions.decode(hand, index, env.street_bets())
        env.step(rng.choice(legal))
    assert not env.agents
    return returns


def _check_observation(env: PokerEnv, hand: Hand, seat: int, observation: object) -> None:
    assert isinstance(observation, np.ndarray) and observation.dtype == np.float32
    assert env.observation_space(env.possible_agents[seat]).contains(observation)
    deck = env.variant.deck.cards
    d = len(deck)
    own = {deck[i] for i in np.flatnonzero(observation[:d])}
    assert own == set(hand.holding(seat).cards)
    boards = env.variant.boards
    cards = observation[: d * (env.observer.players + boards)]
    seen = {deck[i % d] for i in np.flatnonzero(cards)}
    for other in hand.seats:
        if other != seat:
            hidden = set(hand.holding(other).down)
            assert not hidden & seen, f"seat {seat} sees seat {other}'s hidden cards"
    # every board the game deals, each in its own block (not a board run out again)
    dealt = hand.boards[:boards] if boards > 1 else (hand.board,)
    for b in range(boards):
        block = {deck[i] for i in np.flatnonzero(observation[d * (1 + b) : d * (2 + b)])}
        assert block == set(dealt[b] if b < len(dealt) else ())


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32 - 1))
def test_random_play_never_shows_hidden_cards_and_conserves_chips(
    game: tuple[str, int], seed: int
) -> None:
    """Random agents: each observation holds the seat's own cards, the board and face-up cards
    only; each masked action is legal in the engine and each other one refused; the rewards
    sum to zero (no rake)."""
    name, players = game
    env = PokerEnv(name, players=players)
    rng = random.Random(seed)
    for _ in range(3):
        returns = _random_episode(env, rng)
        assert sum(returns.values()) == 0
        hand = env.hand
        assert hand is not None and hand.outcome is not None
        for seat, agent in enumerate(env.possible_agents):
            assert returns[agent] == hand.stacks[seat] - env.stack


def test_no_limit_uses_fold_call_minimum_half_pot_pot_and_all_in() -> None:
    env = PokerEnv("no-limit hold'em", players=2, stack=1000)
    env.reset(seed=3)
    hand = env.hand
    assert hand is not None
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.raise_to is not None
    mask = env.action_mask(env.agent_selection)
    # the button (small blind, 1) faces the big blind (2): the pot after calling is 4, so
    # half the pot (a raise to 4) is the minimum raise and is masked out
    assert list(mask[:6]) == [1, 1, 1, 0, 1, 1]
    decode = env.actions.decode
    assert decode(hand, MIN, env.street_bets()) == Raise(to=4)
    assert decode(hand, POT, env.street_bets()) == Raise(to=6)
    assert decode(hand, MOST, env.street_bets()) == Raise(to=1000)
    assert decode(hand, FOLD, env.street_bets()) in legal


def test_limit_games_use_their_exact_actions() -> None:
    env = PokerEnv("limit hold'em", players=3)
    env.reset(seed=1)
    hand = env.hand
    assert hand is not None
    mask = env.action_mask(env.agent_selection)
    assert [int(i) for i in np.flatnonzero(mask)] == [FOLD, CALL, MIN]
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.raise_to is not None
    assert env.actions.decode(hand, MIN, env.street_bets()) == Raise(to=legal.raise_to.low)
    assert env.action_space(env.agent_selection).n == 9  # type: ignore[attr-defined]


def test_draw_games_encode_discards_as_subsets_of_the_held_cards() -> None:
    env = PokerEnv("five-card draw", players=2)
    assert env.actions.size == DISCARD + 31
    env.reset(seed=2)
    while env.hand is None or getattr(env.hand.legal_actions(), "kind", None) != "draw":
        mask = env.action_mask(env.agent_selection)
        env.step(CALL if mask[CALL] else int(np.flatnonzero(mask)[0]))
    hand = env.hand
    assert hand is not None
    choices = hand.legal_actions()
    assert choices is not None and choices.kind == "draw" and choices.discard is not None
    mask = env.action_mask(env.agent_selection)
    assert mask[STAND_PAT] == 1
    assert int(mask[DISCARD:].sum()) == sum(
        1 for m in range(1, 32) if m.bit_count() <= choices.discard.high
    )
    first_and_third = env.actions.decode(hand, DISCARD + 0b101 - 1, env.street_bets())
    assert first_and_third == Discard((choices.held[0], choices.held[2]))


def test_a_bet_when_nobody_has_bet_is_a_fraction_of_the_pot() -> None:
    env = PokerEnv("no-limit hold'em", players=2, stakes=Stakes.no_limit(5, 10), stack=1000)
    env.reset(seed=4)
    env.step(CALL)  # the button calls
    env.step(CALL)  # the big blind checks: the flop, pot 20
    hand = env.hand
    assert hand is not None and hand.street == "flop"
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "bet" and legal.bet is not None
    assert env.actions.decode(hand, POT, env.street_bets()) == Bet(20)
    assert env.actions.decode(hand, MIN, env.street_bets()) == Bet(10)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = PokerEnv("limit hold'em", players=2)
    env.reset(seed=5)
    before, agent = env.hand, env.agent_selection
    with pytest.raises(IllegalActionError, match="action 4 is not legal now"):
        env.step(POT)
    with pytest.raises(InvalidDefinitionError, match="an action index"):
        env.step("fold")  # type: ignore[arg-type]
    assert env.hand is before and env.agent_selection == agent


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(InvalidDefinitionError, match="2 to 8 players, not 9"):
        PokerEnv("seven-card stud", players=9)
    with pytest.raises(InvalidDefinitionError, match="catalogue name"):
        PokerEnv(7)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="stack"):
        PokerEnv("razz", stack=0)
    with pytest.raises(InvalidDefinitionError, match="render_mode"):
        PokerEnv("razz", render_mode="rgb_array")
    with pytest.raises(InvalidDefinitionError, match="reset"):
        PokerEnv("razz").observe("player_0")


def test_every_catalogue_variant_has_an_action_set() -> None:
    from pokerrules import catalogue
    from pokerrules.variants import Variant

    for value in vars(catalogue).values():
        if isinstance(value, Variant):
            actions = ActionSet(value)
            assert actions.size == (DISCARD + 2**actions.held - 1 if actions.draws else DISCARD)


# -- double boards and the runout choice ---------------------------------------------------------


def test_a_double_board_observation_holds_both_boards() -> None:
    """Double-board hold'em deals two boards on every street: the observation has a block of
    a bit per card for each (the top board first) and grows by one deck for the second."""
    env = PokerEnv("double-board hold'em", players=2)
    single = PokerEnv("no-limit hold'em", players=2)
    assert env.observer.size == single.observer.size + 52
    env.reset(seed=6)
    while env.hand is not None and env.hand.street != "river":
        env.step(CALL)
    hand = env.hand
    assert hand is not None and not hand.is_complete
    top, bottom = hand.boards
    assert len(top) == len(bottom) == 5 and not set(top) & set(bottom)
    observation = env.observe(env.agent_selection)
    deck = env.variant.deck.cards
    assert {deck[i] for i in np.flatnonzero(observation[52:104])} == set(top)
    assert {deck[i] for i in np.flatnonzero(observation[104:156])} == set(bottom)


def _to_the_runout_choice(env: PokerEnv, seed: int) -> Hand:
    """Reset, move all in and call: the agents still in now choose the runouts."""
    env.reset(seed=seed)
    env.step(MOST)
    while (legal := env.hand.legal_actions() if env.hand else None) and legal.kind == "bet":
        env.step(CALL)
    hand = env.hand
    assert hand is not None
    return hand


def test_the_env_offers_the_runout_choice_as_actions() -> None:
    """With ``ask_runouts`` the agents choose at the all-in how many times to run the board:
    "run it k times" is action ``runouts_at + k - 1``, legal up to what the cards left can
    deal; the observation's last bit says the choice is under way; the board runs twice when
    both agents choose twice."""
    env = PokerEnv("no-limit hold'em", players=2, ask_runouts=True)
    assert env.actions.runouts_at == DISCARD
    assert env.action_space("player_0").n == DISCARD + MAX_RUNOUTS  # type: ignore[attr-defined]
    assert env.observer.size == PokerEnv("no-limit hold'em", players=2).observer.size + 1
    hand = _to_the_runout_choice(env, seed=1)
    legal = hand.legal_actions()
    assert legal is not None and legal.kind == "runouts" and legal.runouts is not None
    agent = env.agent_selection
    mask = env.action_mask(agent)
    expected = [DISCARD + k - 1 for k in range(1, legal.runouts.high + 1)]
    assert [int(i) for i in np.flatnonzero(mask)] == expected
    assert env.actions.decode(hand, DISCARD + 1, env.street_bets()) == ChooseRunouts(2)
    assert env.observe(agent)[-1] == 1.0
    env.step(DISCARD + 1)
    assert env.agent_selection != agent
    env.step(DISCARD + 1)
    ended = env.hand
    assert ended is not None and ended.is_complete and len(ended.boards) == 2
    assert sum(env.rewards.values()) == 0
    assert all(env.terminations.values())


def test_runouts_are_refused_for_games_that_cannot_run_again() -> None:
    with pytest.raises(InvalidDefinitionError, match="board game without draws"):
        PokerEnv("razz", ask_runouts=True)
    with pytest.raises(InvalidDefinitionError, match="deals 2 boards"):
        PokerEnv("double-board hold'em", ask_runouts=True)
    with pytest.raises(InvalidDefinitionError, match="ask_runouts must be True or False"):
        PokerEnv("no-limit hold'em", ask_runouts=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="runouts must be True or False"):
        ActionSet(find_variant("no-limit hold'em"), runouts="yes")  # type: ignore[arg-type]


def test_pettingzoo_api_test_passes_when_the_agents_choose_the_runouts() -> None:
    api_test(PokerEnv("no-limit hold'em", players=3, ask_runouts=True, stack=20), num_cycles=300)


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_random_agents_choosing_runouts_conserve_chips_and_run_what_they_agreed(
    players: int, seed: int
) -> None:
    """Random agents with short stacks (all-ins are common) and the runout choice: every mask
    matches the engine, the rewards sum to zero, and the board runs the number of times the
    agents' choices agree on."""
    env = PokerEnv("no-limit hold'em", players=players, ask_runouts=True, stack=12)
    rng = random.Random(seed)
    for _ in range(3):
        returns = _random_episode(env, rng)
        assert sum(returns.values()) == 0
        hand = env.hand
        assert hand is not None
        choices = [
            e.action.count
            for e in hand.log
            if isinstance(e, Acted) and isinstance(e.action, ChooseRunouts)
        ]
        assert len(hand.boards) == (agreed_runouts(choices) if choices else 1)
