"""The JSON format: every kind of value, the exact round trip, the schema, malformed input."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from typing import Any

import attrs
import jsonschema
import pytest

from pokerrules.actions import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    LegalActions,
    Raise,
    Range,
)
from pokerrules.cards import JOKER, Card, Deck
from pokerrules.engine import (
    Acted,
    BoardDealt,
    Burned,
    CarriedOver,
    ChooseRunouts,
    Deal,
    Dealt,
    Discard,
    Hand,
    Muck,
    Posted,
    Raked,
    RanOut,
    Reshuffled,
    Returned,
    ShowHand,
    StandPat,
    Won,
)
from pokerrules.errors import InvalidNotationError
from pokerrules.forced_bets import KillPost
from pokerrules.games.caribbean import CaribbeanRound, Decision
from pokerrules.games.chicago import ChicagoGame
from pokerrules.kill import KillRules, KillSize, KillTracker
from pokerrules.money import Currency
from pokerrules.rake import Rake
from pokerrules.serialization import (
    KINDS,
    MAX_DEPTH,
    _schema,
    dumps,
    from_data,
    json_schema,
    loads,
    to_data,
)
from pokerrules.showdown import HighHand, LowHand, Showdown
from pokerrules.table import Table
from pokerrules.tournament import STANDARD_PRIZES, Structure, Tournament
from pokerrules.variants import Stakes, Street, Variant, find_variant, variants

VALIDATOR = jsonschema.Draft202012Validator(json_schema())

CUSTOM = Variant(
    name="Six-card hold'em",
    aliases=("6-card hold'em",),
    deck=Deck.standard(joker=True),
    streets=(
        Street(name="pre-flop", down=3),
        Street(name="flop", board=3),
        Street(name="river", board=1),
    ),
    structure=find_variant("limit hold'em").structure,
    showdown=Showdown(shares=(HighHand(), LowHand(qualifier=8))),
    kill=KillRules(size=KillSize(multiplier=Fraction(3, 2)), threshold=Fraction(5, 2)),
    max_players=6,
)


def _round_trip(value: object) -> str:
    text = dumps(value)
    loaded = loads(text)
    assert loaded == value
    assert type(loaded) is type(value)
    assert dumps(loaded) == text
    assert from_data(json.loads(text)) == value
    VALIDATOR.validate(json.loads(text))
    return text


def _played_nlhe() -> Hand:
    hand = Hand.start(
        find_variant("no-limit hold'em"),
        stakes=Stakes.no_limit(1, 2),
        stacks=[100, 100, 100],
        button=2,
        deck=Deck.ordered("As Ad 7c 2d Kh Qh 3s 9c 8d 4h 5s Jc 6d Th"),
    )
    hand = hand.apply(Raise(to=6)).apply(Call()).apply(Call())
    while not hand.is_complete:
        hand = hand.check_or_call() if hand.betting_round else hand.apply(ShowHand())
    return hand


# --- every kind --------------------------------------------------------------------------------


def test_cards_are_written_in_their_notation() -> None:
    assert dumps(Card("As")) == '{"schema":1,"type":"Card","value":"As"}'
    assert _round_trip(JOKER) == '{"schema":1,"type":"Joker","value":"Jk"}'
    assert json.loads(_round_trip(Deck.ordered("Jk As 2c")))["value"] == ["Jk", "As", "2c"]
    _round_trip(Deck.shuffled(seed=4))


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.name)
def test_every_catalogue_variant_round_trips(variant: Variant) -> None:
    _round_trip(variant)


def test_a_custom_variant_round_trips_without_being_registered() -> None:
    text = _round_trip(CUSTOM)
    data = json.loads(text)["value"]
    assert data["kill"]["threshold"] == "5/2"
    assert data["kill"]["size"]["multiplier"] == "3/2"
    assert data["showdown"]["shares"] == [
        {"type": "HighHand", "scale": "high"},
        {
            "type": "LowHand",
            "scale": "ace-to-five low",
            "qualifier": 8,
            "deuce_to_seven_joker": False,
        },
    ]


@pytest.mark.parametrize(
    "value",
    [
        Stakes.no_limit(1, 2, ante=1),
        Stakes.limit(10, 20, rake=Rake(rate=Fraction(1, 20), cap=30)),
        Stakes.limit(2, 4, ante=1, bring_in=1, blinds=()),
        Rake(rate=0.05, cap=5, increment=1),
        Street(name="draw", draw=find_variant("2-7 triple draw").streets[1].draw),
        KillRules(),
        KillTracker(small_bet=2, big_bet=4, big_blind=2, leg=3),
        KillPost(seat=3, amount=4, acts_last=True),
        Currency(Decimal("0.01"), symbol="$"),
    ],
    ids=lambda v: type(v).__name__,
)
def test_rule_values_round_trip(value: object) -> None:
    _round_trip(value)


@pytest.mark.parametrize(
    "value",
    [
        Fold(),
        Check(),
        Call(),
        Bet(4),
        Raise(to=12),
        BringIn(),
        Complete(),
        Discard((Card("As"), Card("Kd"))),
        StandPat(),
        ShowHand(),
        Muck(),
        Deal((Card("As"), JOKER)),
        LegalActions(seat=2, fold=True, call=2),
        ChooseRunouts(2),
        LegalActions(seat=1, kind="runouts", runouts=Range(1, 4)),
        Acted(0, ChooseRunouts(3)),
        LegalActions(
            seat=1,
            kind="draw",
            stand_pat=True,
            discard=Range(1, 3),
            held=(Card("As"), Card("Kd")),
        ),
        LegalActions(seat=0, kind="showdown", show=True),
        Posted(1, "big blind", 2),
        Dealt(3, (Card("As"), Card("Kd"), Card("7c")), (False, False, True)),
        Dealt(None, (Card("2c"),)),
        Burned(Card("Qh"), street=2),
        Reshuffled((Card("2c"), Card("9d"))),
        Acted(2, Raise(to=6)),
        Acted(1, Discard((Card("2c"),)), street=1),
        Returned(2, 4),
        Raked(3),
        Won(1, 10, "side pot 1", street=3),
        CarriedOver(5),
        RanOut(2, (Card("2c"), Card("9d")), street=3),
        BoardDealt(2, (Card("Kd"), Card("8c"), Card("Ts")), street=1),
    ],
    ids=lambda v: type(v).__name__,
)
def test_actions_choices_and_events_round_trip(value: object) -> None:
    _round_trip(value)


def test_actions_are_tagged_where_a_field_holds_several_kinds() -> None:
    data = to_data(Acted(2, Raise(to=6), street=1))
    assert data == {
        "schema": 1,
        "type": "Acted",
        "value": {"seat": 2, "action": {"type": "Raise", "to": 6}, "street": 1},
    }


def test_a_log_and_an_outcome_round_trip() -> None:
    hand = _played_nlhe()
    text = _round_trip(hand.log)
    assert json.loads(text)["type"] == "Log"
    assert loads(text, tuple) == hand.log
    assert hand.outcome is not None
    data = json.loads(_round_trip(hand.outcome))["value"]
    assert data["stacks"] == {"0": 94, "1": 94, "2": 112}


def test_a_table_round_trips_between_hands() -> None:
    table = Table.open(
        find_variant("limit hold'em"), stakes=Stakes.limit(2, 4), stacks={0: 100, 3: 50, 5: 80}
    )
    _round_trip(table)
    hand = table.deal(seed=3)
    while not hand.is_complete:
        hand = hand.check_or_call() if hand.betting_round else hand.apply(ShowHand())
    after = table.record(hand)
    assert after != table
    _round_trip(after)


def test_a_kill_table_round_trips() -> None:
    table = Table.open(
        find_variant("limit hold'em with a full kill"),
        stakes=Stakes.limit(2, 4),
        stacks=[100] * 4,
    )
    assert table.kill is not None
    _round_trip(table)


def test_a_tournament_round_trips_while_it_is_played() -> None:
    """A sit-and-go's state -- structure, tables, finishes, prizes -- serializes like the rest,
    between hands and after eliminations, and the loaded tournament deals on identically."""
    structure = Structure.blinds([(10, 20), (20, 40), (40, 80), (80, 160)], length=4)
    prizes = STANDARD_PRIZES.payouts(entries=4, pool=400)
    tournament = Tournament.start(
        find_variant("no-limit hold'em"),
        structure=structure,
        entries=4,
        stack=300,
        seats=4,
        prizes=prizes,
        seed=5,
    )
    for number in range(200):
        if tournament.is_over:
            break
        if number % 5 == 0:
            _round_trip(tournament)
            again = loads(dumps(tournament))
            (table,) = again.ready_tables()
            assert (
                again.deal(table, seed=number)[1].log == tournament.deal(table, seed=number)[1].log
            )
        (table,) = tournament.ready_tables()
        tournament, hand = tournament.deal(table, seed=number)
        while not hand.is_complete:
            legal = hand.legal_actions()
            if legal is not None and legal.kind == "bet" and legal.raise_to is not None:
                hand = hand.apply(Raise(to=legal.raise_to.high))
            elif legal is not None and legal.kind == "bet":
                hand = hand.apply(Call() if legal.call is not None else Check())
            else:
                hand = hand.apply(ShowHand())
        tournament = tournament.record(table, hand)
    assert tournament.is_over
    _round_trip(tournament)
    for part in (structure, structure.levels[0], tournament.clock, tournament.finishes[0]):
        _round_trip(part)
    _round_trip(STANDARD_PRIZES)


def test_a_chicago_game_round_trips_at_every_step() -> None:
    game = ChicagoGame.new(["Ann", "Bob", "Cat"], seed=7)
    steps = 0
    while not game.is_over and steps < 60:
        if steps % 10 == 0:
            text = _round_trip(game)
            assert json.loads(text)["value"]["log"][0]["type"] == "GameStarted"
        game = game.apply(game.legal_actions()[steps % len(game.legal_actions())])
        steps += 1
    _round_trip(game)


def test_caribbean_rounds_round_trip_in_every_phase() -> None:
    table = CaribbeanRound.open().wager("Ann", 10, progressive=True).wager("Bob", 5)
    closed = table.no_more_bets()
    dealt = closed.deal(seed=3)
    settled = dealt.decide(0, Decision.RAISE).decide(1, Decision.FOLD).settle()
    for value in (table, closed, dealt, settled):
        _round_trip(value)
    assert loads(dumps(settled), CaribbeanRound).house_result == settled.house_result


def test_every_kind_is_covered_by_a_test_here() -> None:
    # A new kind needs a round-trip test: this list is the one the tests above exercise.
    tested = {
        "Card", "Joker", "Deck", "Variant", "Street", "Stakes", "Rake", "KillRules",
        "KillTracker", "KillPost", "Hand", "Log", "Posted", "Dealt", "Burned", "Reshuffled",
        "Acted", "Returned", "Raked", "Won", "CarriedOver", "Fold", "Check", "Call", "Bet",
        "Raise", "BringIn", "Complete", "Discard", "StandPat", "ShowHand", "Muck", "Deal",
        "LegalActions", "Outcome", "Table", "HandView",
        "SeatView", "Currency", "ChicagoGame", "ChicagoRules", "CaribbeanRound",
        "CaribbeanRules", "Tournament", "Structure", "Level", "LevelClock", "PrizeTable",
        "Finish", "RanOut", "ChooseRunouts", "BoardDealt",
    }  # fmt: skip
    assert set(KINDS) == tested


def test_rules_of_the_games_round_trip() -> None:
    from pokerrules.games.caribbean import US_RULES
    from pokerrules.games.chicago import SWEDISH_RULES, WIKIPEDIA_RULES

    for rules in (US_RULES, SWEDISH_RULES, WIKIPEDIA_RULES):
        _round_trip(rules)


def test_indented_output_reads_back() -> None:
    text = dumps(Stakes.no_limit(1, 2), indent=2)
    assert "\n" in text
    assert dumps(loads(text), indent=2) == text


# --- the schema --------------------------------------------------------------------------------


def test_the_published_schema_is_the_one_the_types_give() -> None:
    assert json_schema() == _schema.build()
    jsonschema.Draft202012Validator.check_schema(json_schema())


def test_the_schema_refuses_what_loads_refuses() -> None:
    data = to_data(Stakes.no_limit(1, 2))
    data["value"]["blinds"] = [1, "2"]
    assert not VALIDATOR.is_valid(data)
    data = to_data(Stakes.no_limit(1, 2))
    data["value"]["colour"] = "red"
    assert not VALIDATOR.is_valid(data)
    assert not VALIDATOR.is_valid({"schema": 2, "type": "Card", "value": "As"})
    assert not VALIDATOR.is_valid({"schema": 1, "type": "Card", "value": "Xx"})


# --- malformed input ---------------------------------------------------------------------------


def _stakes_data() -> dict[str, Any]:
    return to_data(Stakes.no_limit(1, 2))


def _refused(data: object, message: str) -> None:
    with pytest.raises(InvalidNotationError) as caught:
        from_data(data)
    assert str(caught.value).startswith(message), str(caught.value)
    if isinstance(data, dict):
        with pytest.raises(InvalidNotationError):
            loads(json.dumps(data))


def _with(data: dict[str, Any], path: tuple[Any, ...], value: object) -> dict[str, Any]:
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("value", "blinds", 1), "2", "value.blinds[1]: expected an integer, not the string '2'"),
        (("value", "blinds", 1), 2.0, "value.blinds[1]: expected an integer, not the number 2.0"),
        (("value", "ante"), True, "value.ante: expected an integer, not a boolean"),
        (("value", "blinds"), "1/2", "value.blinds: expected an array"),
        (("value", "rake"), {"rate": "1/2", "bogus": 1}, "value.rake: unknown field 'bogus'"),
        (("value", "rake"), {"rate": "2/4"}, "value.rake.rate: expected the fraction in lowest"),
        (("value", "rake"), {"rate": 0.5}, "value.rake.rate: expected a fraction"),
        (("value", "chip"), -1, "value: "),
        (("value", "extra"), 1, "value: unknown field 'extra' (of Stakes)"),
        (("schema",), 2, "schema: version 2 is not read here"),
        (("schema",), "1", "schema: version '1' is not read here"),
        (("type",), "Poker", "type: 'Poker' is not a kind of value"),
        (("value",), [], "value: expected an object (Stakes), not an array"),
        (("colour",), "red", "colour: not a field of a document"),
    ],
)
def test_a_bad_field_is_named_by_its_path(
    path: tuple[Any, ...], value: object, message: str
) -> None:
    _refused(_with(_stakes_data(), path, value), message)


def test_a_missing_field_is_named() -> None:
    data = to_data(Raise(to=6))
    del data["value"]["to"]
    _refused(data, "value.to: missing")
    data = to_data(Raise(to=6))
    del data["value"]
    _refused(data, "value: missing")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("as", "value: expected a card written 'As', not 'as'"),
        ("Xx", "value: expected a card such as 'As'"),
        ("Jk", "value: expected a standard card, not the joker"),
        (14, "value: expected a card such as 'As', not the number 14"),
    ],
)
def test_bad_cards_are_refused(value: object, message: str) -> None:
    _refused({"schema": 1, "type": "Card", "value": value}, message)


def test_bad_enum_members_and_tags_are_refused() -> None:
    data = to_data(find_variant("razz"))
    data["value"]["showdown"]["shares"][0]["scale"] = "lowest"
    _refused(data, "value.showdown.shares[0].scale: expected one of 'high', ")
    data = to_data(find_variant("razz"))
    data["value"]["showdown"]["shares"][0]["type"] = "BestHand"
    _refused(data, "value.showdown.shares[0]: expected a 'type' of 'HighHand'")
    data = to_data(Acted(2, Raise(to=6)))
    data["value"]["action"] = {"to": 6}
    _refused(data, "value.action: expected a 'type' of 'Fold'")


def test_a_variant_that_breaks_its_own_rules_is_refused() -> None:
    data = to_data(find_variant("limit hold'em"))
    data["value"]["max_players"] = 40
    _refused(data, "value: Limit Texas hold'em deals 2 cards to each of 40 players")


def test_seat_keys_must_be_seat_numbers() -> None:
    data = to_data(_played_nlhe().outcome)
    data["value"]["stacks"]["one"] = 5
    _refused(data, "value.stacks: expected seat numbers as keys, not 'one'")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not JSON: "),
        ('{"schema":1,"type":"Raise","value":{"to":NaN}}', "not JSON: NaN is not a JSON number"),
        ("[" * 200_000 + "]" * 200_000, "the document is nested too deeply"),
        ('[{"schema":1}]', "a document is an object"),
    ],
)
def test_text_that_is_not_a_document_is_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError, match="^" + message.replace("(", r"\(")):
        loads(text)


def test_absurd_sizes_and_nesting_are_refused() -> None:
    text = dumps(find_variant("razz"))
    with pytest.raises(InvalidNotationError, match="more than the 100 read"):
        loads(text, max_size=100)
    assert loads(text, max_size=len(text)) == find_variant("razz")
    deep: Any = "As"
    for _ in range(MAX_DEPTH + 2):
        deep = [deep]
    _refused({"schema": 1, "type": "Deck", "value": deep}, "the document is nested too deeply")
    looped: dict[str, Any] = {"schema": 1, "type": "Stakes"}
    looped["value"] = looped
    with pytest.raises(InvalidNotationError, match="nested too deeply"):
        from_data(looped)


def test_only_known_values_are_written() -> None:
    with pytest.raises(InvalidNotationError, match="cannot write object values"):
        dumps(object())
    with pytest.raises(InvalidNotationError, match="cannot write"):
        to_data([1, 2])


def test_expect_checks_the_kind() -> None:
    text = dumps(Card("As"))
    assert loads(text, Card) == Card("As")
    with pytest.raises(InvalidNotationError, match="type: expected Hand, not Card"):
        loads(text, Hand)
    with pytest.raises(InvalidNotationError, match="JSON text"):
        loads(5)  # type: ignore[call-overload]


def test_written_values_are_frozen_copies() -> None:
    # Reading a value builds new objects: mutating the data read from does not reach them.
    data = to_data(Stakes.no_limit(1, 2))
    stakes = from_data(data, Stakes)
    data["value"]["blinds"][0] = 50
    assert stakes.blinds == (1, 2)
    assert attrs.has(type(stakes))


def test_import_pokerrules_does_not_load_serialization_or_cattrs() -> None:
    code = (
        "import sys, pokerrules; "
        "print(any(m.startswith(('cattrs', 'pokerrules.serialization', 'pokerrules.views')) "
        "for m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
