"""The ``pokerrules`` command line: dispatch, the demo and error handling."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pokerrules.cli import main


def test_demo_prints_every_section(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "Royal flush" in out
    assert "Five of a kind, Aces" in out
    assert "Best high hand: Dan" in out


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([])
    assert exit_info.value.code == 2
    assert "usage" in capsys.readouterr().err


def test_python_dash_m_runs_the_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pokerrules", "demo"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "pokerrules demo" in result.stdout
