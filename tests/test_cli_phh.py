"""Tests for ``pokerrules phh replay``."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pokerrules.cli import main
from tests.shared_data import PHH_SAMPLE

DATA = Path(__file__).resolve().parent / "data"
SAMPLE = PHH_SAMPLE

HAND = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AcAd", "d dh p2 7h2c", "d dh p3 KsKd", "p3 cbr 6", "p1 cc", "p2 f",
           "d db 2s3s4s", "p1 cc", "p3 cc", "d db 9h", "p1 cc", "p3 cc", "d db Td",
           "p1 cc", "p3 cc", "p1 sm AcAd", "p3 sm"]
finishing_stacks = [108, 98, 94]
"""


def test_replay_prints_a_verdict_per_hand_and_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.phh"
    good.write_text(HAND)
    wrong = tmp_path / "wrong.phh"
    wrong.write_text(HAND.replace("[108, 98, 94]", "[107, 98, 95]"))
    status = main(["phh", "replay", str(good), str(wrong)])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("MATCH") and "good.phh" in out[0]
    assert out[1].startswith("MISMATCH") and "p1 108 (recorded 107)" in out[1]
    assert out[-1] == "2 hands: 1 match, 1 mismatch"
    assert status == 1


def test_replay_of_a_multi_hand_file_and_quiet_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    many = tmp_path / "many.phhs"
    many.write_text("[1]" + HAND + "\n[2]" + HAND.replace('"p1 cc", "p2 f"', '"p1 cc", "p2 cc"'))
    status = main(["phh", "replay", "--quiet", str(tmp_path)])
    out = capsys.readouterr().out.splitlines()
    assert out == [out[0], "2 hands: 1 match, 1 failed"]
    assert out[0].startswith("FAILED") and "many.phhs[2]" in out[0]
    assert status == 1


def test_a_bad_starting_stack_is_one_failed_hand_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a_bad.phh").write_text(HAND.replace("[100, 100, 100]", "[-100, 100, 100]"))
    (tmp_path / "b_good.phh").write_text(HAND)
    status = main(["phh", "replay", str(tmp_path)])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("FAILED") and "starting stack must be positive" in out[0]
    assert out[1].startswith("MATCH")
    assert out[-1] == "2 hands: 1 match, 1 failed"
    assert status == 1


def test_one_unreadable_table_of_a_multi_hand_file_leaves_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    many = tmp_path / "many.phhs"
    bad = HAND.replace("min_bet = 2", 'min_bet = "two"')
    many.write_text("stray = 1\n[1]" + bad + "\n[2]" + HAND)
    status = main(["phh", "replay", str(many)])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("FAILED") and "'stray' is not a table" in out[0]
    assert out[1].startswith("FAILED") and "many.phhs[1]: cannot read" in out[1]
    assert out[2].startswith("MATCH") and "many.phhs[2]" in out[2]
    assert out[-1] == "3 hands: 1 match, 2 failed"
    assert status == 1


def test_a_directory_without_histories_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["phh", "replay", str(tmp_path)]) == 2
    assert "no .phh or .phhs files" in capsys.readouterr().err


def test_a_directory_finds_histories_whatever_the_case_of_their_suffix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "one.PHH").write_text(HAND)
    (tmp_path / "notes.txt").write_text("not a history")
    assert main(["phh", "replay", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("MATCH") and "one.PHH" in out[0]
    assert out[-1] == "1 hand: 1 match"


def test_unreadable_files_are_reported_not_raised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = ")
    assert main(["phh", "replay", str(bad)]) == 1
    assert "cannot read" in capsys.readouterr().out
    assert main(["phh", "replay", str(tmp_path / "missing.phh")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_engine_written_sample_replays(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["phh", "replay", str(DATA / "engine_hands.phhs")])
    out = capsys.readouterr().out.splitlines()
    assert status == 0 and out[-1].startswith("6 hands: 6 match")


def test_the_public_sample_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["phh", "replay", "-q", str(SAMPLE)])
    out = capsys.readouterr().out.splitlines()
    # the two hands with a blind posted out of turn are replayed (they have no finishing stacks)
    assert out[-1] == "200 hands: 173 match, 8 odd chip, 18 replayed, 1 failed"
    assert status == 1  # the history that omits a fold


@pytest.mark.parametrize(
    "name", ["x" * 300, "d/" * 3000 + "x.phh", "x" * 300 + ".phhs"], ids=["long", "deep", "phhs"]
)
def test_a_file_name_the_system_refuses_is_bad_input(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Once an OSError traceback ("File name too long")."""
    assert main(["phh", "replay", name]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("pokerrules phh: ") and "..." in captured.err
    assert os.strerror(errno.ENAMETOOLONG) in captured.err


def test_a_bad_name_after_good_files_still_reports_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.phh"
    good.write_text(HAND)
    assert main(["phh", "replay", str(good), "y" * 300]) == 2
    captured = capsys.readouterr()
    assert "MATCH" in captured.out and captured.err.count("\n") == 1


def test_a_hand_with_too_many_decimal_places_is_unsupported_quickly(tmp_path: Path) -> None:
    """Once a hang of minutes, in one long decimal operation: run in a child process so that
    the test fails rather than hangs if it comes back."""
    tiny = tmp_path / "tiny.phh"
    tiny.write_text(HAND.replace("[100, 100, 100]", "[1e-999999, 100, 100]"))
    command = [sys.executable, "-m", "pokerrules", "phh", "replay", str(tiny)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail("the replay took more than 60 seconds")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("UNSUPPORTED") and "decimal places" in done.stdout
    assert done.stdout.splitlines()[-1] == "1 hand: 1 unsupported"


def test_a_hand_with_a_huge_amount_fails_to_read_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.phh").write_text(HAND.replace('"p3 cbr 6"', '"p3 cbr 1e5000"'))
    (tmp_path / "b.phh").write_text(HAND)
    assert main(["phh", "replay", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "too large" in out
    assert out.splitlines()[-1] == "2 hands: 1 match, 1 failed"


def test_a_bad_option_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["phh", "replay", "--loud", "x.phh"])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.count("\n") == 1
    assert err.startswith("pokerrules phh: unrecognized arguments: --loud")


def test_replay_repair_fills_in_the_omitted_fold_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The WSOP 2019 sample hand omits a fold: strict replay fails it; ``--repair`` fills in
    the fold, names it on the hand's line (even under ``--quiet``) and counts the hand."""
    wsop = SAMPLE / "phh-dataset" / "data" / "wsop" / "2019" / "42" / "3" / "00-01-07.phh"
    assert main(["phh", "replay", str(wsop)]) == 1
    assert capsys.readouterr().out.startswith("FAILED")
    assert main(["phh", "replay", "--repair", "--quiet", str(wsop)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("MATCH") and "(repaired: p8 f before action 14)" in out[0]
    assert out[1] == "1 hand: 1 match, 1 repaired"
