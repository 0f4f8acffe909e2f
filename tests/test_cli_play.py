"""Tests for ``pokerrules play``."""

from __future__ import annotations

import re

import pytest

from pokerrules.catalogue import CATALOGUE
from pokerrules.cli import main


@pytest.mark.parametrize("variant", CATALOGUE, ids=lambda v: v.name)
def test_play_prints_a_hand_history_that_conserves_chips(
    variant: object, capsys: pytest.CaptureFixture[str]
) -> None:
    name = variant.name  # type: ignore[attr-defined]
    assert main(["play", name, "--seed", "11", "--players", "3", "--stack", "150"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "seed 11" and lines[1].startswith(name)
    if variant.boards > 1:  # type: ignore[attr-defined]
        # each board wins its half of the pot
        assert re.search(r"wins \d+ \(main pot of board 1\)", out)
        assert re.search(r"wins \d+ \(main pot of board 2\)", out)
    else:
        assert re.search(r"wins \d+ \(main pot\)", out)
    final = lines[-1]
    assert final.startswith("final stacks: ")
    stacks = [int(x) for x in re.findall(r" (\d+)(?:,|$)", final)]
    carried = sum(int(x) for x in re.findall(r"(\d+) carries over", out))
    assert len(stacks) == 3 and sum(stacks) + carried == 450


def test_the_same_seed_plays_the_same_hand(capsys: pytest.CaptureFixture[str]) -> None:
    main(["play", "razz", "--seed", "5"])
    first = capsys.readouterr().out
    main(["play", "razz", "--seed", "5"])
    assert capsys.readouterr().out == first
    main(["play", "razz", "--seed", "6"])
    assert capsys.readouterr().out != first


def test_streets_and_shows_are_labelled(capsys: pytest.CaptureFixture[str]) -> None:
    main(["play", "no-limit hold'em", "--seed", "3", "--players", "2"])
    out = capsys.readouterr().out
    assert "*** pre-flop ***" in out and "posts big blind 2" in out


def test_bad_input_is_one_line_and_status_two(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "pineapple", "--seed", "1"]) == 2
    assert "no variant is named 'pineapple'" in capsys.readouterr().err
    assert main(["play", "razz", "--seed", "1", "--players", "12"]) == 2
    assert "--players must be 2 to 8" in capsys.readouterr().err
    assert main(["play", "razz", "--seed", "1", "--stack", "0"]) == 2


def test_demo_shows_a_kill_hand_side_pots_and_a_chicago_split(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "Cat posts a kill of 40; the limits are 40/80" in out
    assert "Bob wins 100 (side pot 1)" in out and "Ann wins 150 (main pot)" in out
    assert "split -- high: Bob; high spade in the hole: Ann" in out


@pytest.mark.parametrize("variant", ["limit hold'em", "no-limit hold'em", "pot-limit omaha"])
@pytest.mark.parametrize("seed", range(6))
def test_a_call_line_shows_the_chips_that_match_the_wager(
    variant: str, seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Replaying the printed history: after "X: call N" the caller has matched the largest
    wager of the street, or is marked all in."""
    main(["play", variant, "--seed", str(seed), "--players", "4", "--stack", "60"])
    out = capsys.readouterr().out
    street: dict[str, int] = {}
    calls = 0
    for line in out.splitlines():
        if line.startswith("***") and line != "*** pre-flop ***":  # the blinds stay in
            street = {}
        elif m := re.fullmatch(r"(\w+) posts (?:small|big) blind (\d+)", line):
            street[m[1]] = street.get(m[1], 0) + int(m[2])
        elif m := re.fullmatch(r"(\w+): (bet|raise to|call) (\d+)( \(all in\))?", line):
            who, verb, amount = m[1], m[2], int(m[3])
            street[who] = amount if verb == "raise to" else street.get(who, 0) + amount
            if verb == "call":
                calls += 1
                assert amount > 0
                assert m[4] or street[who] == max(street.values()), line
    assert calls


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stack", "-1"], "--stack must be at least 1, not -1"),
        (["--players", "99999999999"], "--players must be 2 to 8 for Razz, not 99999999999"),
        (["--players", "-3"], "--players must be 2 to 8 for Razz, not -3"),
    ],
    ids=str,
)
def test_numbers_out_of_range_are_one_line_and_status_two(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["play", "razz", "--seed", "1", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"pokerrules play: {message}\n"


@pytest.mark.parametrize("option", ["--seed", "--players", "--stack"])
def test_a_number_of_5000_digits_is_one_line(
    capsys: pytest.CaptureFixture[str], option: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "razz", "--seed", "1", option, "9" * 5000])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.count("\n") == 1 and len(err) < 300
    assert err.startswith(f"pokerrules play: argument {option}: ")
    assert "too many digits" in err


def test_a_stack_of_hundreds_of_digits_plays(capsys: pytest.CaptureFixture[str]) -> None:
    stack = 10**300
    assert main(["play", "no-limit hold'em", "--seed", "2", "--stack", str(stack)]) == 0
    final = capsys.readouterr().out.splitlines()[-1]
    assert sum(int(x) for x in re.findall(r" (\d+)(?:,|$)", final)) == 4 * stack


def test_without_a_seed_a_random_one_is_printed_and_repeats_the_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """CLI convention: --seed is optional; the seed drawn is printed so the hand repeats."""
    assert main(["play", "no-limit hold'em"]) == 0
    first = capsys.readouterr().out
    seed = first.splitlines()[0].removeprefix("seed ")
    assert seed.isdigit()
    assert main(["play", "no-limit hold'em", "--seed", seed]) == 0
    assert capsys.readouterr().out == first


def test_ask_runouts_asks_each_player_at_the_all_in_and_runs_twice_when_all_agree(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "no-limit hold'em", "--seed", "3", "--players", "2", "--stack", "6"]
    assert main([*argv, "--ask-runouts"]) == 0
    out = capsys.readouterr().out
    assert "Ann: run it 2 times\nBob: run it 2 times\n" in out
    assert re.search(r"^runout 2: \S\S$", out, re.MULTILINE)  # the river, dealt again
    assert "wins 6 (main pot of runout 1)" in out and "wins 6 (main pot of runout 2)" in out
    assert out.splitlines()[-1] == "final stacks: Ann 6, Bob 6"
    # the same seed without the option: nobody is asked, and the board runs once
    assert main(argv) == 0
    plain = capsys.readouterr().out
    assert "run it" not in plain and "runout" not in plain


@pytest.mark.parametrize("seed", range(12))
def test_ask_runouts_runs_the_board_as_many_times_as_every_player_chose(
    seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every player's choice is printed; the board runs twice exactly when they all chose
    twice (one who asks for once keeps a single board), and no chip is made or lost. (With
    four chips each, most of these seeds reach an all-in; three of them agree to run twice.)"""
    argv = ["play", "no-limit hold'em", "--seed", str(seed), "--players", "3", "--stack", "4"]
    assert main([*argv, "--ask-runouts"]) == 0
    out = capsys.readouterr().out
    choices = re.findall(r"^\w+: run it (once|2 times)$", out, re.MULTILINE)
    agreed = bool(choices) and set(choices) == {"2 times"}
    assert bool(re.search(r"^runout 2: ", out, re.MULTILINE)) == agreed
    final = out.splitlines()[-1]
    assert sum(int(x) for x in re.findall(r" (\d+)(?:,|$)", final)) == 12


def test_ask_runouts_is_refused_for_a_game_whose_board_cannot_run_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "razz", "--seed", "1", "--ask-runouts"]) == 2
    err = capsys.readouterr().err
    assert "--ask-runouts: Razz cannot be run out more than once" in err
    assert main(["play", "double-board hold'em", "--seed", "1", "--ask-runouts"]) == 2
    assert "deals 2 boards" in capsys.readouterr().err
