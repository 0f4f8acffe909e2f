"""``pokerrules caribbean --seed N``: plays a round and prints each player's settlement."""

from __future__ import annotations

import re

import pytest

from pokerrules.cli import main
from pokerrules.games.caribbean import US_RULES, Wager, play_round


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["caribbean", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_prints_one_settlement_per_player(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "--seed", "7", "--players", "4")
    assert status == 0
    lines = [line for line in out.splitlines() if re.search(r"; net [+-]\d+$", line)]
    assert [line.split()[2].rstrip(":") for line in lines] == ["Ann", "Bob", "Cat", "Dan"]
    assert "dealer:" in out
    assert "progressive meter" in out


def test_printed_nets_match_the_library_round(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, "--seed", "12", "--players", "3", "--ante", "5")
    printed = [int(n) for n in re.findall(r"; net ([+-]\d+)$", out, flags=re.MULTILINE)]
    wagers = [Wager(player=p, ante=5, progressive=True) for p in ("Ann", "Bob", "Cat")]
    table = play_round(wagers, rules=US_RULES, seed=12)
    assert printed == [s.net for s in table.settlements]


def test_same_seed_same_round_other_seed_other_round(capsys: pytest.CaptureFixture[str]) -> None:
    first = _run(capsys, "--seed", "3")[1]
    again = _run(capsys, "--seed", "3")[1]
    other = _run(capsys, "--seed", "4")[1]
    assert first == again
    assert first.splitlines()[1:] != other.splitlines()[1:]


def test_uk_rules_and_no_progressive(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "--seed", "1", "--rules", "uk", "--no-progressive")
    assert status == 0
    assert "UK rules" in out
    assert "progressive -" not in out and "progressive +" not in out


@pytest.mark.parametrize(
    "args", [["--players", "8"], ["--players", "0"], ["--ante", "0"]], ids=str
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    status, out, err = _run(capsys, "--seed", "1", *args)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("pokerrules caribbean:")


def test_without_a_seed_a_random_one_is_printed_and_repeats_the_round(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """CLI convention: --seed is optional; the seed drawn is printed so the run repeats."""
    assert main(["caribbean"]) == 0
    first = capsys.readouterr().out
    seed = first.splitlines()[0].rsplit("seed ", 1)[1]
    assert seed.isdigit()
    assert main(["caribbean", "--seed", seed]) == 0
    assert capsys.readouterr().out == first


def test_a_negative_seed_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["caribbean", "--seed", "-1"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "pokerrules caribbean: --seed must be at least 0, not -1"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ante", "-5"], "--ante must be at least 1, not -5"),
        (["--players", "99999999999"], "--players must be 1 to 7, not 99999999999"),
        (["--players", "-1"], "--players must be 1 to 7, not -1"),
    ],
    ids=str,
)
def test_numbers_out_of_range_are_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = _run(capsys, "--seed", "1", *args)
    assert status == 2 and out == ""
    assert err == f"pokerrules caribbean: {message}\n"


@pytest.mark.parametrize("option", ["--seed", "--ante", "--players"])
def test_a_number_of_5000_digits_is_one_line(
    capsys: pytest.CaptureFixture[str], option: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["caribbean", "--seed", "1", option, "9" * 5000])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.count("\n") == 1 and len(err) < 300
    assert err.startswith(f"pokerrules caribbean: argument {option}: ")
    assert "too many digits" in err


def test_a_huge_ante_prints_the_house_result_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    """Once an OverflowError (the house result printed through a float): now exact."""
    ante = 10**400 + 3
    status, out, err = _run(capsys, "--seed", "1", "--players", "4", "--ante", str(ante))
    assert status == 0 and err == ""
    wagers = [Wager(player=n, ante=ante, progressive=True) for n in ("Ann", "Bob", "Cat", "Dan")]
    table = play_round(wagers, rules=US_RULES, seed=1)
    house = table.house_result
    cents = round(house * 100)
    sign = "-" if cents < 0 else "+"
    expected = f"house {sign}{abs(cents) // 100}.{abs(cents) % 100:02d};"
    assert expected in out and len(expected) > 400
