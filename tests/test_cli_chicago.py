"""``pokerrules chicago``: simulates a game between built-in players and prints the sheet."""

from __future__ import annotations

import re

import pytest

from pokerrules.cli import main
from pokerrules.games.chicago import SWEDISH_RULES, simulate


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["chicago", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_prints_the_score_sheet_and_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "--players", "3", "--seed", "1")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Chicago, default rules, 3 simple players, seed 1"
    assert lines[1].split("|")[1].split() == ["Ann", "Bob", "Cat"]
    game = simulate(["Ann", "Bob", "Cat"], seed=1)
    totals = next(line for line in lines if line.startswith("Total"))
    assert [int(t) for t in totals.split("|")[1].split()] == list(game.scores)
    winner = game.names[game.winner or 0]
    assert lines[-1] == f"Winner: {winner} with {game.scores[game.winner or 0]} points"
    deal_rows = [line for line in lines if re.match(r"\s+\d+\s+\w+\s+\|", line)]
    assert len(deal_rows) == game.deal_number


def test_rules_names_and_log(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys, "--names", "Ulf", "Siv", "--rules", "swedish", "--seed", "3", "--log"
    )
    assert status == 0
    game = simulate(["Ulf", "Siv"], rules=SWEDISH_RULES, seed=3)
    assert "swedish rules, 2 simple players" in out
    assert "game of Ulf, Siv" in out and "deal 1, dealer seat 0" in out
    assert out.rstrip().endswith(f"with {max(game.scores)} points")


def test_same_seed_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    first = _run(capsys, "--seed", "5", "--random", "--players", "4")[1]
    again = _run(capsys, "--seed", "5", "--random", "--players", "4")[1]
    other = _run(capsys, "--seed", "6", "--random", "--players", "4")[1]
    assert first == again and first != other
    assert "4 random players" in first


def test_a_deal_limit_may_leave_no_winner(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "--seed", "1", "--max-deals", "1")
    assert status == 0
    assert out.rstrip().endswith("No winner after 1 deal")


def test_a_deal_limit_lists_only_the_deals_played(capsys: pytest.CaptureFixture[str]) -> None:
    """The deal dealt after the limit was never played: the sheet has one row per deal
    played, as the closing line says."""
    status, out, _ = _run(capsys, "--seed", "1", "--max-deals", "2")
    assert status == 0
    deal_rows = [line for line in out.splitlines() if re.match(r"\s+\d+\s+\w+\s+\|", line)]
    assert [row.split()[0] for row in deal_rows] == ["1", "2"]
    assert out.rstrip().endswith("No winner after 2 deals")


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "7"],
        ["--players", "1"],
        ["--names", "Ann"],
        ["--players", "3", "--names", "A", "B"],
        ["--max-deals", "0"],
    ],
    ids=str,
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    status, out, err = _run(capsys, "--seed", "1", *args)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("pokerrules chicago: ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--max-deals", "-5"], "--max-deals must be at least 1, not -5"),
        (["--players", "99999999999"], "Chicago is played by 2 to 6 players, not 99999999999"),
        (["--players", "-2"], "Chicago is played by 2 to 6 players, not -2"),
    ],
    ids=str,
)
def test_numbers_out_of_range_are_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = _run(capsys, "--seed", "1", *args)
    assert status == 2 and out == ""
    assert err == f"pokerrules chicago: {message}\n"


@pytest.mark.parametrize("option", ["--seed", "--players", "--max-deals"])
@pytest.mark.parametrize("value", ["9" * 5000, "many"], ids=["5000 digits", "words"])
def test_option_values_that_are_not_numbers_are_one_line(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["chicago", option, value])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.count("\n") == 1 and len(err) < 300
    assert err.startswith(f"pokerrules chicago: argument {option}: ")


def test_without_a_seed_a_random_one_is_printed_and_repeats_the_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """CLI convention: --seed is optional; the seed drawn is printed so the game repeats."""
    status, first, _ = _run(capsys, "--random", "--max-deals", "2")
    assert status == 0
    seed = first.splitlines()[0].rsplit("seed ", 1)[1]
    assert seed.isdigit()
    assert _run(capsys, "--random", "--max-deals", "2", "--seed", seed)[1] == first
