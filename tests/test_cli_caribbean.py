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


def test_seed_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["caribbean"])
    assert exit_info.value.code == 2
    assert "--seed" in capsys.readouterr().err
