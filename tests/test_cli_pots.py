"""``pokerrules pots``: side pots and awards from the command line."""

from __future__ import annotations

import io
import json

import pytest

from pokerrules.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["pots", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_side_pot_table_with_payouts(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        [
            "Ann=20",
            "Bob=5",
            "Cat=20",
            "Dan=20",
            "--ranking",
            "Bob > Ann = Cat > Dan",
            "--button",
            "Ann",
        ],
        capsys,
    )
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["pot", "chips", "eligible", "paid"]
    assert lines[1].split() == ["main", "pot", "20", "Ann,", "Bob,", "Cat,", "Dan", "Bob", "20"]
    # the side pot of 45 splits between Ann and Cat; the odd chip goes to the first winner
    # clockwise from the button (Ann): Cat
    assert lines[2].split() == [
        "side",
        "pot",
        "1",
        "45",
        "Ann,",
        "Cat,",
        "Dan",
        "Cat",
        "23,",
        "Ann",
        "22",
    ]
    assert lines[3].split() == ["total", "65", "Ann", "22,", "Bob", "20,", "Cat", "23"]


def test_pots_without_a_ranking_and_the_uncalled_bet(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["A=100", "B=300", "C=50", "--fold", "C"], capsys)
    assert status == 0
    lines = [line.split() for line in out.splitlines()]
    assert lines[1][:4] == ["main", "pot", "250", "A,"]
    assert (
        lines[2][0] == "uncalled"
        and lines[2][1] == "200"
        and lines[2][2:] == ["B", "200", "returned"]
    )


def test_hi_lo_shares(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        ["A=25", "B=25", "C=1", "--fold", "C", "--ranking", "A > B", "--low", "B"], capsys
    )
    assert status == 0
    assert out.splitlines()[1].split()[-4:] == ["A", "26,", "B", "25"]


def test_json_argument_and_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = {
        "contributions": {"Ann": 20, "Bob": 5},
        "folded": [],
        "ranking": [["Bob"], ["Ann"]],
    }
    status, out, _ = run(["--input", json.dumps(data)], capsys)
    assert status == 0 and "Bob 10" in out and "Ann 15 returned" in out
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data)))
    status, out2, _ = run(["--input", "-"], capsys)
    assert status == 0 and out2 == out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["Ann=x"], "Ann's contribution must be a whole number"),
        (["Ann"], "expected NAME=CHIPS"),
        (["Ann=5", "Ann=6"], "Ann is listed twice"),
        (["Ann=-5"], "cannot be negative"),
        (["Ann=5", "--ranking", "Zed"], "Zed is ranked but has no contribution"),
        (["Ann=5", "Bob=5", "--ranking", "Ann > Ann"], "Ann is ranked twice"),
        (["Ann=5", "Bob=5", "--fold", "Ann", "--fold", "Bob"], "every player folded"),
        (["Ann=5", "--fold", "Cat"], "Cat folded but has no contribution"),
        (["Ann=5", "--button", "Cat"], "the button Cat is not one of the players"),
        (["Ann=5", "--chip", "0"], "--chip must be a positive"),
        (["--input", "{bad"], "bad JSON"),
        (["--input", "[1, 2]"], "'contributions' object"),
        (
            ["--input", '{"contributions": {"A": 1}, "rankings": "A"}'],
            "unknown JSON key 'rankings'",
        ),
        (["--input", '{"contributions": {"A": 1}}', "A=1"], "either as arguments or as JSON"),
        ([], "no contributions given"),
        (["A=5", "B=5", "--ranking", "A >  > B"], "empty name"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(argv, capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err and err.startswith("pokerrules pots: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--input", '{"contributions": {"A": ' + "9" * 5000 + "}}"], "too many digits"),
        (
            ["--input", '{"contributions": {"A": 1}, "chip": ' + "9" * 5000 + "}"],
            "too many digits",
        ),
        (["--input", "[" * 100_000 + "]" * 100_000], "nested too deeply"),
        (["A=" + "9" * 5000, "B=5"], "A's contribution '999"),
        (["A=" + "9" * 5000, "B=5"], "has too many digits"),
        (["A=5", "B=5", "--chip", "-1"], "--chip must be a positive whole number, not -1"),
        (["A\nB=5", "A\nB=6"], "A B is listed twice"),
    ],
    ids=["json contribution", "json chip", "json nesting", "name", "digits", "chip", "newline"],
)
def test_huge_numbers_and_odd_text_are_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Once a ValueError traceback (a 5000-digit JSON number)."""
    status, out, err = run(argv, capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err and err.startswith("pokerrules pots: ")
    assert len(err) < 300


def test_json_from_a_missing_standard_input_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", None)
    status, _, err = run(["--input", "-"], capsys)
    assert status == 2 and "no standard input" in err and err.count("\n") == 1


def test_a_chip_that_is_not_a_number_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run(["A=5", "--chip", "one"], capsys)
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.count("\n") == 1
    assert err.startswith("pokerrules pots: argument --chip: ") and "'one'" in err


def test_the_rake_is_taken_before_the_pots_are_awarded(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["Ann=100", "Bob=200", "Cat=200", "--ranking", "Ann > Bob > Cat"]
    status, out, err = run([*argv, "--rake", "10%", "--rake-cap", "20"], capsys)
    assert status == 0 and err == ""
    rows = [line.split() for line in out.splitlines()]
    assert rows[1][:3] == ["main", "pot", "288"] and rows[1][-2:] == ["Ann", "288"]
    assert rows[2][:4] == ["side", "pot", "1", "192"]
    assert ["rake", "20"] in rows
    assert rows[-1] == ["total", "480", "Ann", "288,", "Bob", "192"]
    data = {"contributions": {"Ann": 50, "Bob": 50}, "ranking": "Bob > Ann", "rake": "0.05"}
    status, out, _ = run(["--input", json.dumps(data)], capsys)
    assert status == 0 and ["rake", "5"] in [line.split() for line in out.splitlines()]


def test_the_rake_is_taken_in_whole_chips(capsys: pytest.CaptureFixture[str]) -> None:
    # 7% of 100 is 7, but the house takes $5 chips: one chip, and the 95 splits 50 / 45
    argv = ["Ann=50", "Bob=50", "--ranking", "Ann = Bob", "--chip", "5", "--rake", "7%"]
    status, out, _ = run(argv, capsys)
    rows = [line.split() for line in out.splitlines()]
    assert status == 0 and ["rake", "5"] in rows
    assert rows[-1] == ["total", "95", "Ann", "50,", "Bob", "45"]
    status, out, err = run([*argv, "--rake-cap", "7"], capsys)
    assert status == 2 and out == "" and "not a whole number of 5-chips" in err


def test_a_json_rake_rate_is_the_decimal_written(capsys: pytest.CaptureFixture[str]) -> None:
    data = {"contributions": {"Ann": 100, "Bob": 100}, "ranking": "Ann > Bob", "rake": 0.145}
    status, out, _ = run(["--input", json.dumps(data)], capsys)
    assert status == 0 and ["rake", "29"] in [line.split() for line in out.splitlines()]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--rake-cap", "5"], "--rake-cap needs --rake"),
        (["--rake", "150%"], "rate must be from 0 to 1"),
        (["--rake", "lots"], "rate must be a number"),
        (["--rake", "5%", "--rake-cap", "-1"], "cap must be a whole number"),
    ],
)
def test_a_bad_rake_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["Ann=10", "Bob=10", *argv], capsys)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_a_pot_raked_to_nothing_keeps_the_side_pot_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(
        ["A=1", "B=100", "C=100", "--ranking", "A > B > C", "--rake", "10%"], capsys
    )
    assert status == 0
    rows = [line.split() for line in out.splitlines()]
    assert rows[1][:3] == ["main", "pot", "3"]
    # proportional: the 3-chip main pot pays nothing of the 20 and keeps its name
    run_main_first = ["A=1", "B=100", "C=100", "--ranking", "B > C", "--rake", "100%"]
    status, out, _ = run(run_main_first, capsys)
    assert status == 0 and "side pot" not in out
