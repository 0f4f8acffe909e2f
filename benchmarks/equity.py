"""Equity speed, side by side with eval7 and pokerkit, in one run on the same spots.

Run ``pip install -e '.[bench]'`` once, then ``python benchmarks/equity.py``. The script times,
for pokerrules (:mod:`pokerrules.equity`, on the compiled core where it is built) and each peer's fastest way to get the
same number:

1. exact AsAh against KsKd over all 1,712,304 boards (0.819461). eval7 has no preflop
   enumerator (its exact routine needs a complete board), so its fastest way is a loop over the
   boards calling its C evaluator; pokerkit has no enumerator either, so its per-board
   evaluation is timed on a prefix of the boards and scaled up (marked "scaled");
2. an exact three-way flop enumeration (every turn and river);
3. a sampled six-way preflop equity: throughput in runouts per second. eval7's Monte Carlo
   routine is heads-up only, so its fastest six-way way is a loop over ``Deck.sample`` and its
   C evaluator; pokerkit uses ``calculate_equities``;
4. for reference, heads-up sampling against eval7's C Monte Carlo routine.

Every library's answer is checked against pokerrules' exact result before anything is
reported. Every library runs once per round, in turns, for several rounds, and keeps its
median round of CPU time (``time.process_time``) after one warm-up run (the first pokerrules
call loads its tables). Ratios are printed (machines are noisy; absolute times mean little) and
written to ``docs/performance/equity.rst``. ``--quick`` does fewer repetitions.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

import eval7
import pokerkit

from pokerrules.cards import STANDARD_CARDS, Card, parse_cards
from pokerrules.equity import _vector, exact_equity, sample_equity

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "performance" / "equity.rst"

AA_KK = ("AsAh", "KsKd")
FLOP_HANDS = ("AhKh", "QsQd", "JcTc")
FLOP_BOARD = "9h 8d 2c"
SIX_HANDS = ("AsAh", "KsKd", "QcQd", "JhTh", "9s8s", "7c2d")


def cold() -> None:
    """Forget pokerrules' per-process caches of runout tables, so that every timed call
    builds its boards again (the evaluation tables themselves stay loaded)."""
    _vector.boards.cache_clear()
    _vector._sampler.cache_clear()


def in_turns(runs: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """Each run's median CPU time (seconds) over ``rounds`` rounds in which every run goes
    once, in turns, each after :func:`cold`."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            cold()
            start = time.process_time()
            run()
            times[name].append(time.process_time() - start)
    return {name: statistics.median(t) for name, t in times.items()}


def e7_cards(text: str) -> list[eval7.Card]:
    return [eval7.Card(str(c)) for c in parse_cards(text)]


def pk_cards(text: str) -> list[pokerkit.Card]:
    return list(pokerkit.Card.parse("".join(str(c) for c in parse_cards(text))))


def rest_of_deck(*texts: str) -> list[Card]:
    used = {c for text in texts for c in parse_cards(text)}
    return [c for c in STANDARD_CARDS if c not in used]


# --- exact enumeration by per-board loops -------------------------------------------------------


def eval7_exact(hands: tuple[str, ...], board: str, limit: int | None = None) -> list[float]:
    """Each hand's equity by evaluating every runout with eval7's C evaluator."""
    holes = [e7_cards(h) for h in hands]
    fixed = e7_cards(board) if board else []
    deck = [eval7.Card(str(c)) for c in rest_of_deck(*hands, board)]
    evaluate, shares, total = eval7.evaluate, [0.0] * len(hands), 0
    runouts = combinations(deck, 5 - len(fixed))
    for runout in runouts if limit is None else (next(runouts) for _ in range(limit)):
        cards = fixed + list(runout)
        scores = [evaluate(hole + cards) for hole in holes]
        best = max(scores)
        winners = scores.count(best)
        for i, score in enumerate(scores):
            if score == best:
                shares[i] += 1 / winners
        total += 1
    return [s / total for s in shares]


def pokerkit_exact(hands: tuple[str, ...], board: str, limit: int | None = None) -> list[float]:
    """The same loop with pokerkit's hand objects."""
    holes = [pk_cards(h) for h in hands]
    fixed = pk_cards(board) if board else []
    deck = list(pokerkit.Card.parse("".join(str(c) for c in rest_of_deck(*hands, board))))
    make, shares, total = pokerkit.StandardHighHand.from_game, [0.0] * len(hands), 0
    runouts = combinations(deck, 5 - len(fixed))
    for runout in runouts if limit is None else (next(runouts) for _ in range(limit)):
        cards = fixed + list(runout)
        values = [make(hole, cards) for hole in holes]
        best = max(values)
        winners = values.count(best)
        for i, value in enumerate(values):
            if value == best:
                shares[i] += 1 / winners
        total += 1
    return [s / total for s in shares]


# --- sampling -----------------------------------------------------------------------------------


def eval7_sample(hands: tuple[str, ...], samples: int) -> list[float]:
    """Six-way sampling with eval7: ``Deck.sample`` and the C evaluator in a Python loop."""
    holes = [e7_cards(h) for h in hands]
    deck = eval7.Deck()
    deck.cards = [eval7.Card(str(c)) for c in rest_of_deck(*hands)]
    evaluate, shares = eval7.evaluate, [0.0] * len(hands)
    for _ in range(samples):
        board = deck.sample(5)
        scores = [evaluate(hole + board) for hole in holes]
        best = max(scores)
        winners = scores.count(best)
        for i, score in enumerate(scores):
            if score == best:
                shares[i] += 1 / winners
    return [s / samples for s in shares]


def pokerkit_sample(hands: tuple[str, ...], samples: int) -> list[float]:
    ranges = [pokerkit.parse_range(h) for h in hands]
    result: list[float] = pokerkit.calculate_equities(
        ranges,
        (),
        2,
        5,
        pokerkit.Deck.STANDARD,
        (pokerkit.StandardHighHand,),
        sample_count=samples,
    )
    return result


def check(name: str, got: list[float], expected: list[float], tolerance: float) -> None:
    worst = max(abs(g - e) for g, e in zip(got, expected, strict=True))
    if worst > tolerance:
        raise SystemExit(f"{name} disagrees with the exact equities by {worst:.4f}: {got}")


# --- the run ------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    repeat = 2 if args.quick else 5
    rows: list[tuple[str, str, float, str]] = []

    # 1. Exact AsAh against KsKd preflop.
    exact_equity(AA_KK)  # warm-up: builds the tables
    ours = exact_equity(AA_KK)
    if round(ours[0].equity, 6) != 0.819461:
        raise SystemExit(f"pokerrules gives {ours[0].equity}, not 0.819461")
    expected = list(ours.equities)
    check("eval7", eval7_exact(AA_KK, ""), expected, 1e-9)
    prefix = 20_000
    times = in_turns(
        {
            "ours": lambda: exact_equity(AA_KK),
            "eval7": lambda: eval7_exact(AA_KK, ""),
            "pokerkit": lambda: pokerkit_exact(AA_KK, "", prefix),
        },
        repeat,
    )
    t_ours, t_e7 = times["ours"], times["eval7"]
    t_pk = times["pokerkit"] * ours.outcomes / prefix
    rows.append(
        ("Exact AsAh vs KsKd, 1,712,304 boards", "eval7 per-board loop", t_ours / t_e7, "time")
    )
    rows.append(("", "pokerkit per-board loop (scaled)", t_ours / t_pk, "time"))
    print(f"exact AA vs KK: pokerrules {t_ours * 1e3:.0f} ms, eval7 {t_e7 * 1e3:.0f} ms, "
          f"pokerkit ~{t_pk:.0f} s (scaled from {prefix:,} boards)")  # fmt: skip

    # 2. Exact three-way flop.
    flop = exact_equity(FLOP_HANDS, board=FLOP_BOARD)
    expected = list(flop.equities)
    check("eval7", eval7_exact(FLOP_HANDS, FLOP_BOARD), expected, 1e-9)
    check("pokerkit", pokerkit_exact(FLOP_HANDS, FLOP_BOARD), expected, 1e-9)
    times = in_turns(
        {
            "ours": lambda: [exact_equity(FLOP_HANDS, board=FLOP_BOARD) for _ in range(10)],
            "eval7": lambda: [eval7_exact(FLOP_HANDS, FLOP_BOARD) for _ in range(10)],
            "pokerkit": lambda: pokerkit_exact(FLOP_HANDS, FLOP_BOARD),
        },
        repeat,
    )
    t_ours, t_e7, t_pk = times["ours"] / 10, times["eval7"] / 10, times["pokerkit"]
    label = f"Exact 3-way flop, {flop.outcomes:,} runouts"
    rows.append((label, "eval7 per-runout loop", t_ours / t_e7, "time"))
    rows.append(("", "pokerkit per-runout loop", t_ours / t_pk, "time"))
    print(f"exact 3-way flop: pokerrules {t_ours * 1e3:.2f} ms, eval7 {t_e7 * 1e3:.2f} ms, "
          f"pokerkit {t_pk * 1e3:.0f} ms")  # fmt: skip

    # 3. Sampled six-way preflop.
    six = exact_equity(SIX_HANDS)
    expected = list(six.equities)
    samples = 200_000 if args.quick else 1_000_000
    sample_equity(SIX_HANDS, samples=10_000)  # warm-up: builds the board table
    sampled = sample_equity(SIX_HANDS, samples=samples, seed=1)
    check("pokerrules sampling", list(sampled.equities), expected, 0.005)
    e7_samples = samples // 20
    check("eval7 sampling", eval7_sample(SIX_HANDS, e7_samples), expected, 0.02)
    pk_samples = 1_000
    check("pokerkit sampling", pokerkit_sample(SIX_HANDS, pk_samples), expected, 0.08)
    times = in_turns(
        {
            "ours": lambda: sample_equity(SIX_HANDS, samples=samples, seed=1),
            "eval7": lambda: eval7_sample(SIX_HANDS, e7_samples),
            "pokerkit": lambda: pokerkit_sample(SIX_HANDS, pk_samples),
        },
        repeat,
    )
    t_ours, t_e7, t_pk = times["ours"], times["eval7"], times["pokerkit"]
    ours_rate, e7_rate, pk_rate = samples / t_ours, e7_samples / t_e7, pk_samples / t_pk
    rows.append(("Sampled 6-way preflop", "eval7 Deck.sample loop", ours_rate / e7_rate, "rate"))
    rows.append(("", "pokerkit calculate_equities", ours_rate / pk_rate, "rate"))
    print(f"sampled 6-way: pokerrules {ours_rate:,.0f}/s, eval7 {e7_rate:,.0f}/s, "
          f"pokerkit {pk_rate:,.0f}/s")  # fmt: skip

    # 4. Heads-up sampling against eval7's C Monte Carlo routine.
    hero, villain = e7_cards(AA_KK[0]), eval7.HandRange(AA_KK[1])
    hu_samples = samples
    sample_equity(AA_KK, samples=10_000)
    got = eval7.py_hand_vs_range_monte_carlo(hero, villain, [], hu_samples)
    check("eval7 Monte Carlo", [got, 1 - got], list(ours.equities), 0.005)
    times = in_turns(
        {
            "ours": lambda: sample_equity(AA_KK, samples=hu_samples, seed=1),
            "eval7": lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], hu_samples),
        },
        repeat,
    )
    t_ours, t_e7 = times["ours"], times["eval7"]
    rows.append(("Sampled heads-up preflop", "eval7 C Monte Carlo", t_e7 / t_ours, "rate"))
    print(f"sampled heads-up: pokerrules {hu_samples / t_ours:,.0f}/s, "
          f"eval7 C routine {hu_samples / t_e7:,.0f}/s")  # fmt: skip

    print()
    print(render_text(rows))
    write_page(rows)


def shown(ratio: float) -> str:
    """Three significant digits, without exponents."""
    if ratio >= 100:
        return f"{ratio:,.0f}"
    digits = max(0, 2 - math.floor(math.log10(ratio))) if ratio > 0 else 0
    return f"{ratio:.{digits}f}"


def render_text(rows: list[tuple[str, str, float, str]]) -> str:
    lines = [f"{'spot':<40}{'compared with':<36}{'ratio':>10}"]
    for spot, peer, ratio, kind in rows:
        what = "x time" if kind == "time" else "x rate"
        lines.append(f"{spot:<40}{peer:<36}{shown(ratio):>10} {what}")
    return "\n".join(lines)


def write_page(rows: list[tuple[str, str, float, str]]) -> None:
    table = [
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - Spot",
        "     - Compared with",
        "     - pokerrules' time ÷ peer's time",
        "     - pokerrules' runouts per second ÷ peer's",
    ]
    current = ""
    for spot, peer, ratio, kind in rows:
        current = spot or current
        table += [
            f"   * - {current}",
            f"     - {peer}",
            f"     - {shown(ratio)}" if kind == "time" else "     - --",
            f"     - {shown(ratio)}" if kind == "rate" else "     - --",
        ]
    machine = (
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}"
    )
    text = PAGE_TEMPLATE.format(table="\n".join(table), machine=machine)
    PAGE.write_text(text, encoding="utf-8")
    write_chart(rows, ROOT / "docs" / "_static" / "equity.png")
    print(f"\nwrote {PAGE.relative_to(ROOT)}")


def write_chart(rows: list[tuple[str, str, float, str]], path: Path) -> None:
    """A bar per spot and peer: how many times faster pokerrules is (log scale)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels, speedups, current = [], [], ""
    for spot, peer, ratio, kind in rows:
        current = spot or current
        labels.append(f"{current.split(',')[0]}\nvs {peer}")
        speedups.append(1 / ratio if kind == "time" else ratio)
    fig, ax = plt.subplots(figsize=(7.5, 0.5 + 0.45 * len(rows)))
    ax.barh(labels[::-1], speedups[::-1], color="#4a7ebb")
    ax.set_xscale("log")
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xlabel("pokerrules' speed, × the peer's (log scale; right of 1 is faster)")
    ax.tick_params(axis="y", labelsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


PAGE_TEMPLATE = """\
Equity
======

``benchmarks/equity.py`` computes the same equities with pokerrules (:mod:`pokerrules.equity`,
on the compiled evaluation core) and with each peer library's fastest way to get them, checks
every answer against pokerrules' exact result, and times them in one run: every library once
per round, in turns, keeping its median round of CPU time. Lower time ratios and higher rate
ratios are better for pokerrules. The table below is its output on the project's 2-core
reference machine ({machine}).

{table}

.. image:: ../_static/equity.png
   :alt: pokerrules' speed on each equity spot as a multiple of the peers'

How each peer computes the same numbers:

* **Exact AsAh against KsKd** (0.819461 over all 1,712,304 boards). eval7's exact routine
  needs a complete board, so its fastest way is a Python loop over the boards calling its C
  evaluator for both hands. pokerkit has no enumerator; its per-board loop is timed on the
  first 20,000 boards and scaled up. pokerrules enumerates the boards in its compiled core:
  each board's key and suit masks are summed once, and each player's hole-card part added,
  so a player's strength on a board is one addition and one table look-up.
* **Exact three-way flop** (AhKh, QsQd, JcTc on 9h 8d 2c; every turn and river). The same
  loops, run in full.
* **Sampled six-way preflop** (AsAh, KsKd, QcQd, JhTh, 9s8s, 7c2d), in runouts per second.
  eval7's Monte Carlo routine is heads-up only, so its six-way way is a loop over
  ``Deck.sample`` and its C evaluator; pokerkit uses ``calculate_equities``. pokerrules draws
  the runouts in its compiled core (a seeded xoshiro256** generator and a partial shuffle).
* **Sampled heads-up preflop**, for reference: against eval7's Monte Carlo routine, which is
  written in C (Cython) end to end.

Times are medians of several rounds after a warm-up call (pokerrules' first call in a process
loads its evaluation tables); every timed pokerrules call starts without the runout tables the
numpy kernels would otherwise reuse. Sampling runs on one core here; see
:doc:`../guides/equity` for spreading it over processes or a cluster.
"""


if __name__ == "__main__":
    main()
