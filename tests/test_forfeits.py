"""The forfeit-game API: construction, commands and errors, and properties across many hands."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules.cards import Deck, parse_cards
from pokerrules.errors import (
    BetSizeError,
    GameOverError,
    IllegalActionError,
    InvalidDefinitionError,
)
from pokerrules.evaluation import best_hands
from pokerrules.games.forfeits import (
    EventKind,
    ForfeitGame,
    ForfeitRule,
    ForfeitRules,
    who_forfeits,
)


def test_start_validates_players_and_counts() -> None:
    with pytest.raises(InvalidDefinitionError, match="two or more distinct"):
        ForfeitGame.start(["Ann"])
    with pytest.raises(InvalidDefinitionError, match="two or more distinct"):
        ForfeitGame.start(["Ann", "Ann"])
    with pytest.raises(InvalidDefinitionError):
        ForfeitGame.start(["Ann", "Bob"], forfeits=0)
    with pytest.raises(InvalidDefinitionError, match="positive chip amount"):
        ForfeitRules(trade_chips=0)
    with pytest.raises(InvalidDefinitionError, match="needs a price"):
        ForfeitRules(buy_back=True)


def test_rules_need_their_inputs() -> None:
    with pytest.raises(InvalidDefinitionError, match="chip results are needed"):
        who_forfeits(ForfeitRule.BIGGEST_LOSER, players=["Ann", "Bob"])
    with pytest.raises(InvalidDefinitionError, match="hands shown are needed"):
        who_forfeits(ForfeitRule.WORST_HAND, players=["Ann", "Bob"])
    with pytest.raises(InvalidDefinitionError, match="not in the game: Zed"):
        who_forfeits(
            ForfeitRule.WORST_HAND, players=["Ann"], hands={"Zed": parse_cards("As Ks Qs Js 9d")}
        )


def test_malformed_inputs_raise_the_library_error() -> None:
    """Wrong types, a card in two hands and a name given twice are refused precisely, never
    with a bare TypeError or a doubled forfeit."""
    ann, bob = parse_cards("As Ks Qs Js 9d"), parse_cards("2c 3d 4h 5s 7c")
    with pytest.raises(InvalidDefinitionError, match="rule must be a ForfeitRule"):
        ForfeitRules(rule="worst")  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="scale must be a Scale"):
        ForfeitRules(scale="high")  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="buy_back must be a bool"):
        ForfeitRules(buy_back="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="rule must be a ForfeitRule"):
        who_forfeits("worst", players=["Ann", "Bob"], hands={"Ann": ann})  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="Bob's result must be a whole number"):
        who_forfeits(
            ForfeitRule.BIGGEST_LOSER,
            players=["Ann", "Bob"],
            results={"Ann": 5, "Bob": "-5"},  # type: ignore[dict-item]
        )
    with pytest.raises(InvalidDefinitionError, match="Bob's hand holds 'As', not a card"):
        who_forfeits(
            ForfeitRule.WORST_HAND,
            players=["Ann", "Bob"],
            hands={"Ann": bob, "Bob": ["As", "Kd", "Qh", "Jd", "9c"]},  # type: ignore[list-item]
        )
    with pytest.raises(InvalidDefinitionError, match="As is shown in both Ann's and Bob's"):
        who_forfeits(
            ForfeitRule.WORST_HAND,
            players=["Ann", "Bob"],
            hands={"Ann": ann, "Bob": parse_cards("As 3d 4h 5s 7c")},
        )
    with pytest.raises(InvalidDefinitionError, match="named more than once: Ann"):
        who_forfeits(ForfeitRule.WORST_HAND, players=["Ann", "Ann"], hands={"Ann": ann})
    with pytest.raises(InvalidDefinitionError, match="forfeits must be a whole number"):
        ForfeitGame.start(["Ann", "Bob"], forfeits="3")  # type: ignore[arg-type]
    game = ForfeitGame.start(["Ann", "Bob"], chips=10)
    with pytest.raises(InvalidDefinitionError, match="Ann's result must be a whole number"):
        game.end_hand(hands={"Ann": ann, "Bob": bob}, results={"Ann": 2.5, "Bob": -2.5})  # type: ignore[dict-item]


def test_end_hand_applies_results_and_checks_them() -> None:
    rules = ForfeitRules(rule=ForfeitRule.BIGGEST_LOSER)
    game = ForfeitGame.start(["Ann", "Bob", "Cat"], chips=100, rules=rules)
    with pytest.raises(BetSizeError, match="add up to zero"):
        game.end_hand(results={"Ann": 10, "Bob": -5})
    with pytest.raises(BetSizeError, match="more chips than they have"):
        game.end_hand(results={"Ann": 150, "Bob": -150})
    after = game.end_hand(results={"Ann": 30, "Bob": -20, "Cat": -10})
    assert [after.chips(p) for p in after.players] == [130, 80, 90]
    assert after.last_forfeited == ("Bob",)
    assert game.chips("Ann") == 100  # the old game is unchanged


def test_best_hand_chooses_with_a_name_or_a_mapping() -> None:
    rules = ForfeitRules(rule=ForfeitRule.BEST_HAND_CHOOSES)
    hands = {"Ann": parse_cards("As Ad 7c 4h 2s"), "Bob": parse_cards("Kc Qd 9h 5s 3c")}
    game = ForfeitGame.start(["Ann", "Bob", "Cat"], rules=rules)
    by_name = game.end_hand(hands=hands, chosen="Cat")
    by_map = game.end_hand(hands=hands, chosen={"Ann": "Cat"})
    assert by_name == by_map
    assert by_name.events[-1].chosen_by == "Ann"
    assert by_name.forfeits_left("Cat") == 4


def test_commands_on_unknown_players_and_finished_games() -> None:
    game = ForfeitGame.start(["Ann", "Bob"], forfeits=1, rules=ForfeitRules(trade_chips=5))
    with pytest.raises(IllegalActionError, match="'Zed' is not in this game"):
        game.trade("Zed")
    over = game.end_hand(
        hands={"Ann": parse_cards("As Ad 7c 4h 2s"), "Bob": parse_cards("Kc Qd 9h 5s 3c")}
    )
    assert over.is_over
    with pytest.raises(GameOverError, match="Ann left in"):
        over.end_hand(hands={"Ann": parse_cards("As Ad 7c 4h 2s")})
    assert over.forfeits_left("Zed") == 0 and over.chips("Zed") == 0


# -- properties --------------------------------------------------------------------------------

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(["hand", "trade", "buy"]),
        st.integers(min_value=0, max_value=4),
        st.integers(min_value=0, max_value=2**32),
    ),
    max_size=25,
)


@given(
    st.integers(min_value=2, max_value=5),
    st.sampled_from(list(ForfeitRule)),
    st.booleans(),
    OPERATIONS,
)
def test_forfeits_and_chips_are_accounted_across_hands(
    count: int, rule: ForfeitRule, buy_back: bool, operations: list[tuple[str, int, int]]
) -> None:
    """Whatever happens, forfeits never go negative, every change is in the event log, and the
    players' chips equal their starting chips plus the bank's net issue."""
    rules = ForfeitRules(rule=rule, trade_chips=20, buy_back=buy_back, buy_back_price=25)
    game = ForfeitGame.start(NAMES[:count], forfeits=3, chips=50, rules=rules)
    for kind, who, seed in operations:
        player = game.players[who % count]
        try:
            if kind == "trade":
                game = game.trade(player)
            elif kind == "buy":
                game = game.buy_back(player)
            elif not game.is_over:
                active = game.in_game
                deck = Deck.shuffled(seed=seed)
                hands = {p: deck.cards[5 * i : 5 * i + 5] for i, p in enumerate(active)}
                loser, winner = active[0], active[-1]
                stake = min(10, game.chips(loser))
                results = {loser: -stake, winner: stake}
                chosen = {w: next(p for p in active if p != w) for w in active}
                if rule is ForfeitRule.BEST_HAND_CHOOSES:
                    chosen = {w: chosen[w] for w in best_hands(hands)}
                game = game.end_hand(hands=hands, results=results, chosen=chosen)
        except (IllegalActionError, GameOverError):
            continue
    for standing in game.standings:
        assert standing.forfeits >= 0 and standing.chips >= 0
        changes = {EventKind.FORFEIT: -1, EventKind.TRADE: -1, EventKind.BUY_BACK: 1}
        logged = sum(changes[e.kind] for e in game.events if e.player == standing.name)
        assert standing.forfeits == 3 + logged
    assert sum(s.chips for s in game.standings) == 50 * count + game.bank_issued
    assert game.bank_issued == sum(e.chips for e in game.events)


@pytest.mark.parametrize("rule", [r.name for r in ForfeitRule])
def test_forfeit_night_example_plays_to_one_player(
    capsys: pytest.CaptureFixture[str], rule: str
) -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parent.parent / "examples" / "forfeit_night.py"
    spec = importlib.util.spec_from_file_location("forfeit_night", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--seed", "3", "--rule", rule]) == 0
    out = capsys.readouterr().out
    left = out.strip().splitlines()[-1]
    assert left.startswith("Left in: ") and "," not in left


def test_a_finished_game_refuses_trades_and_buy_backs() -> None:
    rules = ForfeitRules(trade_chips=5, buy_back=True)
    game = ForfeitGame.start(["A", "B"], forfeits=1, chips=10, rules=rules)
    game = game.end_hand(
        hands={"A": parse_cards("As Ad Qh Jc 9s"), "B": parse_cards("2c 3d 4h 5s 7c")}
    )
    assert game.is_over
    with pytest.raises(GameOverError):
        game.buy_back("B")
    with pytest.raises(GameOverError):
        game.trade("A")


def test_start_refuses_rules_of_the_wrong_type() -> None:
    with pytest.raises(InvalidDefinitionError):
        ForfeitGame.start(["A", "B"], rules="x")  # type: ignore[arg-type]
