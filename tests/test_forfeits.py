"""The forfeit-game API: construction, commands and errors, and properties across many hands."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules.cards import Deck, parse_cards
from pokerrules.errors import (
    ActionNotAvailableError,
    BetSizeError,
    GameOverError,
    IllegalActionError,
    InvalidDefinitionError,
)
from pokerrules.evaluation import best_hands
from pokerrules.games import forfeits
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
                chosen = None  # only the best hand chooses, and only under that rule
                if rule is ForfeitRule.BEST_HAND_CHOOSES:
                    chosen = {w: next(p for p in active if p != w) for w in best_hands(hands)}
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


# --- bad input is refused with the library's error -------------------------------------------

#: The API without its types, for calls that are wrong on purpose.
api: Any = forfeits
evolve: Any = attrs.evolve

SHOWN = {
    "Ann": parse_cards("As Ad 7c 4h 2s"),  # the best hand
    "Bob": parse_cards("Kc Qd 9h 5s 3c"),
    "Cat": parse_cards("Ks Qh 9c 5d 3h"),
}


@pytest.mark.parametrize(
    "rule", [r for r in ForfeitRule if r is not ForfeitRule.BEST_HAND_CHOOSES]
)
@pytest.mark.parametrize("chosen", ["Cat", {"Ann": "Cat"}, 5])
def test_only_the_choosing_rule_takes_a_choice(rule: ForfeitRule, chosen: object) -> None:
    """A pick under another rule used to be accepted and logged with a false chosen_by."""
    game = api.ForfeitGame.start(list(SHOWN), forfeits=3, rules=ForfeitRules(rule=rule))
    results = {"Ann": 0, "Bob": 0, "Cat": 0}
    with pytest.raises(ActionNotAvailableError, match=rf"under ForfeitRule\.{rule.name}"):
        game.end_hand(hands=SHOWN, results=results, chosen=chosen)
    with pytest.raises(ActionNotAvailableError, match=r"only for ForfeitRule\.BEST_HAND_CHOOSES"):
        api.who_forfeits(rule, players=list(SHOWN), hands=SHOWN, results=results, chosen=chosen)
    assert all(e.chosen_by is None for e in game.end_hand(hands=SHOWN, results=results).events)


def test_the_choosing_rule_still_logs_the_chooser() -> None:
    rules = ForfeitRules(rule=ForfeitRule.BEST_HAND_CHOOSES)
    game = api.ForfeitGame.start(list(SHOWN), rules=rules).end_hand(hands=SHOWN, chosen="Cat")
    assert [(e.player, e.chosen_by) for e in game.events] == [("Cat", "Ann")]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda g: g.end_hand(hands=5), InvalidDefinitionError, "hands must be a mapping"),
        (lambda g: g.end_hand(hands={"Ann": 5}), InvalidDefinitionError, "Ann's hand must be"),
        (lambda g: g.end_hand(results=5), InvalidDefinitionError, "results must be a mapping"),
        (
            lambda g: g.end_hand(results={"Ann": 10**5000, "Bob": 0}),
            BetSizeError,
            "Ann: <an integer of about 5001 digits>",
        ),
        (lambda g: g.trade(10**5000), IllegalActionError, "<an integer of about 5001 digits>"),
        (lambda g: g.buy_back(None), IllegalActionError, "None is not in this game"),
    ],
)
def test_commands_refuse_malformed_input(
    call: object, error: type[Exception], message: str
) -> None:
    game = api.ForfeitGame.start(list(SHOWN), chips=10)
    with pytest.raises(error, match=message):
        call(game)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: api.ForfeitGame.start(None), "players must be a list of names, not None"),
        (lambda: api.ForfeitGame.start("AB"), "players must be a list of names, not 'AB'"),
        (lambda: api.ForfeitGame.start([1, 2]), "a player's name is text, not 1"),
        (lambda: api.ForfeitGame.start([["A"], "B"]), r"a player's name is text, not \['A'\]"),
        (lambda: api.who_forfeits(ForfeitRule.WORST_HAND, players=None), "players must be a list"),
        (
            lambda: api.who_forfeits(ForfeitRule.WORST_HAND, players=["Ann"], hands=5),
            "hands must be a mapping",
        ),
        (
            lambda: api.who_forfeits(ForfeitRule.BEST_HAND_CHOOSES, players=["Ann"], chosen=5),
            "chosen must be a mapping",
        ),
        (lambda: api.PlayerStanding(name=5, forfeits=1, chips=0), "name must be a player's name"),
        (lambda: api.PlayerStanding(name="A", forfeits=-1, chips=0), "forfeits must be a whole"),
        (lambda: api.PlayerStanding(name="A", forfeits=1, chips=1.5), "chips must be a whole"),
        (
            lambda: api.ForfeitEvent(hand=-1, player="A", kind=EventKind.TRADE),
            "hand must be a whole",
        ),
        (
            lambda: api.ForfeitEvent(hand=1, player="A", kind="trade"),
            "kind must be one of EventKind",
        ),
        (
            lambda: api.ForfeitEvent(hand=1, player="A", kind=EventKind.FORFEIT, chosen_by=5),
            "chosen_by must be a player's name",
        ),
        (
            lambda: api.ForfeitGame(
                rules=ForfeitRules(), standings=5, starting_forfeits=1, starting_chips=0
            ),
            "standings must be a tuple of PlayerStanding values",
        ),
        (
            lambda: api.ForfeitGame(
                rules=ForfeitRules(),
                standings=(api.PlayerStanding(name="A", forfeits=1, chips=0),),
                starting_forfeits=1,
                starting_chips=0,
            ),
            "two or more distinct players",
        ),
        (
            lambda: evolve(api.ForfeitGame.start(["A", "B"]), starting_forfeits=0),
            "starting_forfeits must be a whole number >= 1",
        ),
        (
            lambda: evolve(api.ForfeitGame.start(["A", "B"]), hands_played=1.5),
            "hands_played must be a whole number",
        ),
        (
            lambda: evolve(api.ForfeitGame.start(["A", "B"]), events=(5,)),
            "events must be a tuple of ForfeitEvent values",
        ),
        (
            lambda: evolve(api.ForfeitGame.start(["A", "B"]), bank_issued=None),
            "bank_issued must be a whole number",
        ),
    ],
)
def test_values_refuse_bad_fields(call: object, message: str) -> None:
    with pytest.raises(InvalidDefinitionError, match=message):
        call()  # type: ignore[operator]
