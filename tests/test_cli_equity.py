"""The ``pokerrules equity`` command."""

from __future__ import annotations

import re

import pytest

from pokerrules.cli import main
from pokerrules.equity import (
    MAX_EXACT_COST,
    MAX_SAMPLES,
    Spot,
    equity,
    exact_cost,
    exact_equity,
    sample_equity,
)
from pokerrules.errors import InvalidDefinitionError


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["equity", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_known_hands_preflop_are_exact(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "AsAh", "KsKd")
    assert status == 0
    assert "exact, 1,712,304 outcomes" in out
    assert "81.95%" in out and "18.05%" in out


def test_board_and_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "9c9s", "TT, AK, AT, KT, QJ", "--board", "AcKdTd")
    assert status == 0
    expected = exact_equity(["9c9s", "TT, AK, AT, KT, QJ"], board="Ac Kd Td")
    assert f"{100 * expected[0].equity:.2f}%" in out
    assert "TT, AK, AT, KT, QJ" in out
    assert "board Ac Kd Td" in out


def test_dead_cards_and_hi_lo_columns(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "As2sQd3c", "JhTh9c8c", "--game", "omaha8", "--board", "Kc7d4h", "--dead", "5s"
    )
    assert status == 0
    assert out.startswith("Omaha hi-lo, board Kc 7d 4h: exact, 780 outcomes (dead 5s)")
    assert "high" in out and "low" in out


def test_sampling_with_seed_and_workers_matches_the_library(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("AsAh", "QQ+", "--sample", "--samples", "4000", "--seed", "11")
    status, single, _ = run(capsys, *args)
    _, double, _ = run(capsys, *args, "--workers", "2")
    assert status == 0
    assert single == double
    expected = sample_equity(["AsAh", "QQ+"], samples=4000, seed=11)
    assert f"{100 * expected[0].equity:.2f}%" in single
    assert "sampled, 4,000 outcomes, seed 11" in single


def test_exact_can_be_forced(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "AsKs", "QQ", "--board", "2c3d4h", "--exact")
    assert status == 0
    assert "exact" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("AsAh", "AsKd"), "As is in player 1's hand and in player 2's hand"),
        (("AsAh", "AKx"), "'AKx' is not a range token"),
        (("KsKd", "AA", "--dead", "AsAhAd"), "has no hand left"),
        (("AsAh", "KsKd", "--game", "bridge"), "no board game called 'bridge'"),
        (("AsAh", "KsKd", "--samples", "0"), "--samples"),
        (("AsAh", "KsKd", "--workers", "0"), "--workers"),
        (("AsAh",), "at least two players"),
        (("random", "random", "--exact"), "more than the limit of 1.0e+11"),
        (("random", "random", "--game", "omaha", "--exact"), "about 3.8e+17 evaluations"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--sample", "--workers", "99999999999"), "--workers must be 1 to"),
        (("--sample", "--workers", "-3"), "--workers must be 1 to"),
        (("--exact", "--samples", "1000000001"), "--samples must be 1 to 1,000,000,000"),
        (("--sample", "--samples", "-1"), "--samples must be 1 to"),
        (("--sample", "--seed", "-1"), "--seed must be at least 0, not -1"),
    ],
    ids=str,
)
def test_numeric_options_out_of_range_are_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    """Once an OverflowError traceback (``--workers 99999999999``)."""
    status, out, err = run(capsys, "AsKs", "QQ", "--board", "2c3d4h", *argv)
    assert status == 2 and out == ""
    assert err.startswith("pokerrules equity: ") and message in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("value", "message"),
    [("9" * 5000, "has too many digits"), ("ten", "'ten' is not a whole number")],
    ids=["5000 digits", "words"],
)
@pytest.mark.parametrize("option", ["--seed", "--samples", "--workers"])
def test_option_values_that_are_not_numbers_are_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], option: str, value: str, message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["equity", "AsKs", "QQ", option, value])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pokerrules equity: argument {option}: ") and message in err
    assert err.count("\n") == 1 and len(err) < 300


def test_the_api_and_the_command_share_one_samples_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    too_many = str(MAX_SAMPLES + 1)
    status, _, err = run(capsys, "AsKs", "QQ", "--sample", "--samples", too_many)
    assert status == 2 and f"--samples must be 1 to {MAX_SAMPLES:,}" in err
    with pytest.raises(InvalidDefinitionError, match=f"at most {MAX_SAMPLES:,}"):
        equity(["AsKs", "QQ"], method="sample", samples=MAX_SAMPLES + 1)


def test_six_random_five_card_omaha_hands_sample_without_listing_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, *["random"] * 6, "--game", "plo5", "--samples", "100")
    assert status == 0
    assert out.count("random  2598960") == 6


@pytest.mark.parametrize("method", ["exact", None])
def test_the_api_refuses_exact_enumeration_above_max_exact_cost(method: str | None) -> None:
    cost = exact_cost(Spot.build(["random", "random"], game="omaha"))
    assert cost > MAX_EXACT_COST
    with pytest.raises(InvalidDefinitionError, match=re.escape(f"about {cost:.1e} evaluations")):
        if method is None:
            exact_equity(["random", "random"], game="omaha")
        else:
            equity(["random", "random"], game="omaha", method="exact")
