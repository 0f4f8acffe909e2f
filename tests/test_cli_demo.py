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


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "pokerrules: the following arguments are required: COMMAND"),
        (["bogus"], "pokerrules: argument COMMAND: invalid choice: 'bogus'"),
    ],
)
def test_no_command_or_an_unknown_one_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(message)
    assert err.count("\n") == 1
    assert "usage" not in err


def test_python_dash_m_runs_the_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pokerrules", "demo"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "pokerrules demo" in result.stdout


@pytest.mark.parametrize(
    ("argv", "start"),
    [
        (["demo", "--verbose"], "pokerrules demo: unrecognized arguments: --verbose"),
        (["phh"], "pokerrules phh: the following arguments are required: SUBCOMMAND"),
        (["caribbean", "--seed"], "pokerrules caribbean: argument --seed: expected one argument"),
        (["pots", "--chip"], "pokerrules pots: argument --chip: expected one argument"),
    ],
    ids=str,
)
def test_a_bad_command_line_of_a_command_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], start: str
) -> None:
    """A subcommand's usage errors are one line (with where to find help), not the usage."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(start) and err.count("\n") == 1 and "--help" in err


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    """``pokerrules --version`` prints the one version the package carries, and exits 0."""
    import pokerrules

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"pokerrules {pokerrules.__version__}\n"
