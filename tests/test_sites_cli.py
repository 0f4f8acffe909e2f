"""Tests for ``pokerrules import FILE... --out DIR``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerrules.cli import main
from pokerrules.history.phh import loads_many
from tests.test_sites import ALL_IN, RAZZ
from tests.test_sites_repairs import ALL_IN_FOLD


def test_import_writes_one_phhs_per_file_in_order_and_prints_verdicts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = tmp_path / "night one.txt"
    first.write_text(ALL_IN + "\n\n" + ALL_IN.replace("#11", "#12"), encoding="utf-8")
    second = tmp_path / "razz.txt"
    second.write_bytes(RAZZ.replace("\n", "\r\n").encode("cp1252"))
    out = tmp_path / "out"
    status = main(["import", str(first), str(second), "--out", str(out)])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    assert sorted(p.name for p in out.iterdir()) == ["night one.phhs", "razz.phhs"]
    hands = loads_many((out / "night one.phhs").read_text(encoding="utf-8"))
    assert [h.extra["hand"] for h in hands.values()] == [11, 12]
    assert lines[0].startswith("MATCH") and "#11" in lines[0]
    assert lines[-1].startswith("3 hands: 3 match")


def test_import_exits_1_on_a_failed_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(ALL_IN.replace("raises $0.90 to $1", "raises lots"), encoding="utf-8")
    assert main(["import", str(bad), "--out", str(tmp_path / "o"), "-q"]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "1 failed" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["import", "missing.txt", "--out", "o"], "no such file"),
        (["import", "x.txt"], "--out"),
        (["import", "x.txt", "--out", "o", "--format", "nope"], "invalid choice"),
    ],
)
def test_usage_errors_are_one_line_and_status_2(
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.txt").write_text(ALL_IN, encoding="utf-8")
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    err = capsys.readouterr().err
    assert status == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_a_file_in_no_known_format_is_reported_failed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n", encoding="utf-8")
    status = main(["import", str(junk), "--out", str(tmp_path / "o")])
    assert status == 1
    assert "not a hand history in a known format" in capsys.readouterr().out


def test_import_json_lists_each_hands_repairs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--json`` gives each hand's repairs (what the conversion changed), empty when none."""
    path = tmp_path / "fold.txt"
    path.write_text(ALL_IN + "\n\n" + ALL_IN_FOLD, encoding="utf-8")
    assert main(["import", str(path), "--out", str(tmp_path / "o"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [h["repairs"] for h in data["hands"]] == [
        [],
        ["Bob's fold all-in dropped (they cannot act)"],
    ]
