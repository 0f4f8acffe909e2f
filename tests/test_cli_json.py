"""Tests for the command line's shared conventions: ``--json`` on every subcommand (one JSON
document on standard output, with the documented keys; the serialization format where the value
is a library value), optional seeds, and the exit codes 0 (ok), 1 (a finding), 2 (bad input)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from pokerrules.cli import build_parser, main
from pokerrules.cli._options import plain
from pokerrules.engine import Hand
from pokerrules.games.caribbean import CaribbeanRound
from pokerrules.games.chicago import ChicagoGame
from pokerrules.serialization import from_data, to_data
from tests.shared_data import PHH_SAMPLE
from tests.test_cli_phh import HAND
from tests.test_sites import ALL_IN

Capture = pytest.CaptureFixture[str]

#: A PHH history whose amounts are decimals (read in place, never copied).
DECIMAL_HAND = PHH_SAMPLE / "pokerkit-history" / "antonius-blom-2009.phh"


def run(argv: list[str], capsys: Capture) -> tuple[int, Any, str]:
    """The status, the parsed JSON on standard output (the whole of it: one document) and
    standard error."""
    status = main(argv)
    captured = capsys.readouterr()
    assert captured.out.count("\n") == 1, "one JSON document on one line"
    return status, json.loads(captured.out), captured.err


def text_of(argv: list[str], capsys: Capture) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def test_every_subcommand_takes_json() -> None:
    parser = build_parser()
    found: Any = parser._subparsers
    commands = dict(found._group_actions[0].choices)
    commands["phh replay"] = commands.pop("phh")._subparsers._group_actions[0].choices["replay"]
    assert len(commands) == 9
    for name, sub in commands.items():
        options = {o for action in sub._actions for o in action.option_strings}
        assert "--json" in options, name


def test_play_json_is_the_hand_as_a_document_that_replays_to_the_text_stacks(
    capsys: Capture,
) -> None:
    argv = ["play", "no-limit hold'em", "--seed", "7", "--players", "3"]
    status, data, _ = run([*argv, "--json"], capsys)
    assert status == 0
    assert set(data) == {"seed", "names", "hand"} and data["seed"] == 7
    assert data["names"] == ["Ann", "Bob", "Cat"]
    assert data["hand"]["schema"] == 1 and data["hand"]["type"] == "Hand"
    hand = from_data(data["hand"], Hand)
    assert hand.is_complete and to_data(hand) == data["hand"]
    final = text_of(argv, capsys).splitlines()[-1]
    stacks = [int(x) for x in re.findall(r" (\d+)(?:,|$)", final)]
    assert list(hand.stacks.values()) == stacks


def test_play_json_without_a_seed_names_the_seed_it_drew(capsys: Capture) -> None:
    _, first, _ = run(["play", "razz", "--json"], capsys)
    assert isinstance(first["seed"], int)
    _, again, _ = run(["play", "razz", "--json", "--seed", str(first["seed"])], capsys)
    assert again == first


def test_caribbean_json_is_the_round_as_a_document(capsys: Capture) -> None:
    argv = ["caribbean", "--seed", "4", "--players", "2"]
    status, data, _ = run([*argv, "--json"], capsys)
    assert status == 0 and set(data) == {"seed", "round"} and data["seed"] == 4
    table = from_data(data["round"], CaribbeanRound)
    assert to_data(table) == data["round"]
    house = re.search(r"house ([+-][\d.]+)", text_of(argv, capsys))
    assert house is not None
    assert table.house_result == Fraction(house.group(1))


def test_chicago_json_is_the_game_as_a_document(capsys: Capture) -> None:
    argv = ["chicago", "--seed", "3", "--players", "2"]
    status, data, _ = run([*argv, "--json"], capsys)
    assert status == 0 and set(data) == {"seed", "rules", "players", "game"}
    assert (data["seed"], data["rules"], data["players"]) == (3, "default", "simple")
    game = from_data(data["game"], ChicagoGame)
    assert to_data(game) == data["game"]
    assert game.winner is not None
    assert f"Winner: {game.names[game.winner]} with {game.scores[game.winner]} points" in (
        text_of(argv, capsys)
    )


def test_demo_json_lists_the_sections_with_their_hands_as_documents(capsys: Capture) -> None:
    status, data, _ = run(["demo", "--json"], capsys)
    assert status == 0 and set(data) == {"sections"}
    titles = [s["title"] for s in data["sections"]]
    text = text_of(["demo"], capsys)
    assert all(f"== {title}" in text for title in titles) and len(titles) == 4
    evaluation, kill, side, chicago = data["sections"]
    assert evaluation["best_high"] == ["Dan"]
    assert evaluation["hands"]["Dan"]["deuce_to_seven_low"] is None  # a joker: no 2-7 value
    assert evaluation["hands"]["Ann"]["high"] == "Royal flush"
    assert len(kill["hands"]) == 3 and kill["table"]["type"] == "Table"
    pots = from_data(side["hand"], Hand)
    assert dict(pots.stacks) == {0: 150, 1: 100, 2: 100}  # the text's final stacks
    assert "final stacks: Ann 150, Bob 100, Cat 100" in text
    assert from_data(chicago["hand"], Hand).is_complete


def test_equity_json_keys_and_exact_share(capsys: Capture) -> None:
    status, data, _ = run(["equity", "AsAh", "KsKd", "--board", "2c3c4c", "--json"], capsys)
    assert status == 0
    assert set(data) == {"game", "board", "dead", "exact", "outcomes", "seed", "players"}
    assert data["exact"] is True and data["seed"] is None and data["outcomes"] == 990
    assert data["board"] == "2c 3c 4c"
    keys = {"hand", "combos", "win", "tie", "equity", "high", "low", "share", "std_error"}
    assert [set(p) for p in data["players"]] == [keys, keys]
    shares = [Fraction(p["share"]) for p in data["players"]]
    assert sum(shares) == 1  # exact, as strings: no rounding
    assert [p["equity"] for p in data["players"]] == [float(s) for s in shares]


def test_equity_seed_is_optional_and_reported(capsys: Capture) -> None:
    argv = ["equity", "AsAh", "QQ+", "--sample", "--samples", "300"]
    _, drawn, _ = run([*argv, "--json"], capsys)
    assert drawn["exact"] is False and isinstance(drawn["seed"], int)
    _, again, _ = run([*argv, "--seed", str(drawn["seed"]), "--json"], capsys)
    assert again == drawn
    assert f"seed {drawn['seed']}" in text_of([*argv, "--seed", str(drawn["seed"])], capsys)


def test_pots_json_keys(capsys: Capture) -> None:
    argv = ["pots", "Ann=20", "Bob=5", "Cat=20", "Dan=30", "--ranking", "Bob > Ann = Cat > Dan"]
    status, data, _ = run([*argv, "--button", "Dan", "--json"], capsys)
    assert status == 0 and set(data) == {"pots", "returned", "rake", "total", "payouts"}
    assert data["returned"] == {"player": "Dan", "chips": 10}
    assert data["pots"][0] == {
        "name": "main pot",
        "amount": 20,
        "eligible": ["Ann", "Bob", "Cat", "Dan"],
        "payouts": {"Bob": 20},
    }
    assert data["pots"][1]["payouts"] == {"Ann": 23, "Cat": 22}  # odd chip left of the button
    assert data["payouts"] == {"Ann": 23, "Bob": 20, "Cat": 22} and data["total"] == 65
    assert data["rake"] == 0


def test_pots_json_with_a_rake_and_no_ranking(capsys: Capture) -> None:
    status, data, _ = run(["pots", "A=50", "B=50", "--rake", "10%", "--json"], capsys)
    assert status == 0 and data["rake"] == 10 and data["payouts"] is None
    assert data["pots"] == [
        {"name": "main pot", "amount": 90, "eligible": ["A", "B"], "payouts": {}}
    ]


def test_pots_input_and_json_output_together(capsys: Capture) -> None:
    given = json.dumps({"contributions": {"A": 5, "B": 5}, "ranking": "A = B"})
    status, data, _ = run(["pots", "--input", given, "--json"], capsys)
    assert status == 0 and data["payouts"] == {"A": 5, "B": 5}


def test_phh_replay_json_verdicts_summary_and_status_1(tmp_path: Path, capsys: Capture) -> None:
    good = tmp_path / "good.phh"
    good.write_text(HAND)
    wrong = tmp_path / "wrong.phh"
    wrong.write_text(HAND.replace("[108, 98, 94]", "[107, 98, 95]"))
    status, data, _ = run(["phh", "replay", str(good), str(wrong), "--json"], capsys)
    assert status == 1 and data["status"] == 1
    assert set(data) == {"hands", "summary", "status"}
    first, second = data["hands"]
    keys = {"hand", "verdict", "ok", "message", "stacks", "repairs"}
    assert set(first) == keys and set(second) == keys
    assert (first["verdict"], first["ok"], first["stacks"]) == ("match", True, [108, 98, 94])
    assert (second["verdict"], second["ok"]) == ("mismatch", False)
    assert "p1 108 (recorded 107)" in second["message"]
    assert data["summary"]["hands"] == 2
    assert (data["summary"]["match"], data["summary"]["mismatch"]) == (1, 1)
    quiet_status, quiet, _ = run(["phh", "replay", "-q", str(good), "--json"], capsys)
    assert quiet_status == 0 and quiet["hands"] == [] and quiet["summary"]["match"] == 1


def test_phh_replay_json_writes_decimal_stacks_exactly(capsys: Capture) -> None:
    status, data, _ = run(["phh", "replay", str(DECIMAL_HAND), "--json"], capsys)
    assert status == 0
    stacks = data["hands"][0]["stacks"]
    assert "1937923.75" in stacks and all(isinstance(s, int | str) for s in stacks)


def test_import_json_verdicts_summary_and_status(tmp_path: Path, capsys: Capture) -> None:
    good = tmp_path / "good.txt"
    good.write_text(ALL_IN, encoding="utf-8")
    status, data, _ = run(["import", str(good), "--out", str(tmp_path / "o"), "--json"], capsys)
    assert status == 0 and set(data) == {"hands", "summary", "status"}
    (hand,) = data["hands"]
    assert {"file", "line", "site", "hand", "verdict", "ok", "message", "consistent"} <= set(hand)
    assert (hand["verdict"], hand["ok"], hand["hand"]) == ("match", True, "11")
    assert data["summary"]["hands"] == 1 and data["summary"]["consistent"] == 1
    assert (tmp_path / "o" / "good.phhs").is_file()
    bad = tmp_path / "bad.txt"
    bad.write_text(ALL_IN.replace("raises $0.90 to $1", "raises lots"), encoding="utf-8")
    status, data, _ = run(["import", str(bad), "--out", str(tmp_path / "o"), "--json"], capsys)
    assert status == 1 and data["summary"]["failed"] == 1 and data["hands"][0]["ok"] is False


def test_stats_json_is_the_records_with_exact_amounts(tmp_path: Path, capsys: Capture) -> None:
    good = tmp_path / "good.phh"
    good.write_text(HAND)
    status, data, _ = run(["stats", str(good), str(DECIMAL_HAND), "--json"], capsys)
    assert status == 0 and set(data) == {"by", "records", "hands", "skipped"}
    assert data["by"] == "player" and data["hands"] == 2 and data["skipped"] == {}
    assert len(data["records"]) == 5  # three players, then two
    for record in data["records"]:
        assert {"player", "hands", "vpip", "net_won", "net_bb", "bb_per_100"} <= set(record)
        assert isinstance(record["net_won"], str)
    assert sum(Fraction(r["net_won"]) for r in data["records"]) == 0  # chips are conserved
    _, by_position, _ = run(["stats", str(good), "--by", "position", "--json"], capsys)
    assert by_position["by"] == "position" and "position" in by_position["records"][0]


def test_stats_with_skipped_hands_still_exits_0(tmp_path: Path, capsys: Capture) -> None:
    broken = tmp_path / "broken.phh"
    broken.write_text(HAND.replace('"p1 cc", "p2 f"', '"p1 cc", "p2 cc"'))
    status, data, _ = run(["stats", str(broken), "--json"], capsys)
    assert status == 0 and data["hands"] == 0 and sum(data["skipped"].values()) == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "pineapple", "--json"],
        ["caribbean", "--players", "9", "--json"],
        ["chicago", "--players", "1", "--json"],
        ["equity", "AsAh", "AsKd", "--json"],
        ["equity", "AsAh", "KsKd", "--seed", "-1", "--json"],
        ["pots", "Ann=x", "--json"],
        ["phh", "replay", "missing.phh", "--json"],
        ["import", "missing.txt", "--out", "o", "--json"],
        ["stats", "missing.phh", "--json"],
        ["play", "razz", "--seed", "x", "--json"],
    ],
)
def test_bad_input_with_json_is_still_one_line_on_stderr_and_status_2(
    argv: list[str], capsys: Capture, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    try:
        status = main(argv)
    except SystemExit as stop:  # a malformed option: argparse exits
        status = stop.code  # type: ignore[assignment]
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("pokerrules")


def test_plain_writes_exact_numbers_as_strings() -> None:
    from decimal import Decimal

    assert plain({"a": Fraction(3, 2), "b": (Decimal("0.10"), 1), 2: None}) == {
        "a": "3/2",
        "b": ["0.10", 1],
        "2": None,
    }
    with pytest.raises(TypeError):
        plain(object())


def test_a_demo_section_that_prints_its_own_text_is_captured(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerrules.cli import demo

    def printing() -> None:
        print("\n== A printing section")
        print("  one line")

    monkeypatch.setattr(demo, "SECTIONS", [*demo.SECTIONS, printing])
    _, data, _ = run(["demo", "--json"], capsys)
    assert data["sections"][-1] == {"title": "A printing section", "text": ["  one line"]}
    assert text_of(["demo"], capsys).endswith("\n== A printing section\n  one line\n")
