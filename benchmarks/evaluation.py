"""Hand-evaluation speed, side by side with peer libraries, in one run on the same hands.

Run ``pip install -e '.[bench]'`` once, then ``python benchmarks/evaluation.py``. The script

1. deals the same seeded 5- and 7-card hands to every library (converted before timing);
2. checks that every library orders those hands identically (it stops if one does not);
3. times evaluations per second for pokerrules (public ``Card`` API on the compiled core and
   on the pure-Python fallback, integer API, batch over a buffer, numpy batch) and treys,
   eval7, phevaluator and pokerkit: every library once per round, in turns, for several
   rounds, keeping each library's median round (CPU time of this process), so that a noisy
   spell on a shared machine slows one round of every library rather than one library;
4. times the exact heads-up preflop equity of AsAh against KsKd over all 1,712,304 boards
   (0.819461) with :func:`pokerrules.equity.exact_equity` and with eval7's fastest per-board
   loop, in turns;
5. measures, in fresh interpreters, the CPU time of ``import pokerrules`` and the CPU time and
   resident memory of the first seven-card evaluation after it, on both backends;
6. prints ratios (never absolute times alone, machines are noisy) and writes the ratio table
   and a chart into ``docs/``.

``--quick`` uses fewer hands for a smoke run. ``--stages`` instead times the pure-Python fast
path of a seven-card evaluation stage by stage beside eval7 (see :func:`pure_stages`).
"""

from __future__ import annotations

import argparse
import compileall
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import eval7
import numpy as np
import phevaluator
import pokerkit
import treys
from _timing import median_times_in_turns

import pokerrules
from pokerrules import evaluate_high
from pokerrules.cards import STANDARD_CARDS, Card
from pokerrules.equity import exact_equity
from pokerrules.evaluation import BACKEND
from pokerrules.evaluation.batch import evaluate_batch, evaluate_high_batch
from pokerrules.evaluation.fast import high_strength, high_strength_of

#: The pure-Python twin of the public evaluator (the evaluator itself on that backend).
pure_evaluate_high: Callable[[Sequence[Card]], Any] = getattr(
    evaluate_high, "__wrapped__", evaluate_high
)

ROOT = Path(__file__).resolve().parents[1]
PEERS = ("eval7", "treys", "phevaluator", "pokerkit")


def deal(rng: random.Random, count: int, size: int) -> list[list[Card]]:
    return [rng.sample(STANDARD_CARDS, size) for _ in range(count)]


class Contestants:
    """Each library's evaluator over the same hands, converted ahead of timing."""

    def __init__(self, hands: list[list[Card]], slow_count: int) -> None:
        self.hands = hands
        self.ints = [list(map(int, hand)) for hand in hands]
        self.codes = [tuple(c.index for c in hand) for hand in hands]
        self.indices = np.array([[c.index for c in hand] for hand in hands], dtype=np.int8)
        self.buffer = array("b", self.indices.tobytes())
        self.width = len(hands[0])
        e7 = {str(c): c for c in eval7.Deck().cards}
        self.eval7 = [[e7[str(c)] for c in hand] for hand in hands]
        self.treys = [[treys.Card.new(str(c)) for c in hand] for hand in hands]
        self.phe = [[c.index for c in hand] for hand in hands]
        self.slow = [
            [pokerkit.Card.parse(str(c)).__next__() for c in h] for h in hands[:slow_count]
        ]
        self.treys_evaluator = treys.Evaluator()

    # Every function returns a per-hand score where greater is better.
    def pokerrules_cards(self) -> list[int]:
        return [evaluate_high(hand).strength for hand in self.hands]

    def pokerrules_pure(self) -> list[int]:
        return [pure_evaluate_high(hand).strength for hand in self.hands]

    def pokerrules_ints(self) -> list[int]:
        return [high_strength(sum(hand)) for hand in self.ints]

    def pokerrules_codes(self) -> list[int]:
        return [high_strength_of(hand) for hand in self.codes]

    def pokerrules_buffer(self) -> list[int]:
        return list(evaluate_batch(self.buffer, self.width))

    def pokerrules_batch(self) -> list[int]:
        return [int(s) for s in evaluate_high_batch(self.indices)]

    def eval7_scores(self) -> list[int]:
        return [eval7.evaluate(hand) for hand in self.eval7]

    def treys_scores(self) -> list[int]:
        ev = self.treys_evaluator
        return [-ev.evaluate(hand[:2], hand[2:]) for hand in self.treys]

    def phevaluator_scores(self) -> list[int]:
        ev = phevaluator.evaluate_cards
        return [-ev(*hand) for hand in self.phe]

    def pokerkit_scores(self) -> list[Any]:
        hand_type = pokerkit.StandardHighHand
        return [hand_type.from_game(hand[:2], hand[2:]) for hand in self.slow]

    # Loops that time only the evaluation, as a user's hot loop would run it.
    def timers(self) -> dict[str, tuple[Callable[[], object], int]]:
        hands, ints, indices, codes = self.hands, self.ints, self.indices, self.codes
        buffer, width = self.buffer, self.width
        e7, tr, ph, pk = self.eval7, self.treys, self.phe, self.slow
        treys_eval = self.treys_evaluator.evaluate
        phe_eval = phevaluator.evaluate_cards
        pk_type = pokerkit.StandardHighHand

        def cards() -> None:
            evaluate = evaluate_high
            for hand in hands:
                evaluate(hand)

        def pure_cards() -> None:
            evaluate = pure_evaluate_high
            for hand in hands:
                evaluate(hand)

        def integers() -> None:
            strength = high_strength_of
            for hand in codes:
                strength(hand)

        def totals() -> None:
            strength = high_strength
            for hand in ints:
                strength(sum(hand))

        def buffer_batch() -> None:
            evaluate_batch(buffer, width)

        def batch() -> None:
            evaluate_high_batch(indices)

        def e7_loop() -> None:
            evaluate = eval7.evaluate
            for hand in e7:
                evaluate(hand)

        def treys_loop() -> None:
            for hand in tr:
                treys_eval(hand[:2], hand[2:])

        def phe_loop() -> None:
            for hand in ph:
                phe_eval(*hand)

        def pk_loop() -> None:
            for hand in pk:
                pk_type.from_game(hand[:2], hand[2:])

        n = len(hands)
        return {
            f"pokerrules (Card API, {BACKEND})": (cards, n),
            "pokerrules (Card API, pure Python)": (pure_cards, n),
            "pokerrules (integer API, indices)": (integers, n),
            "pokerrules (integer API, key sums)": (totals, n),
            "pokerrules (batch, array.array)": (buffer_batch, n),
            "pokerrules (batch, numpy)": (batch, n),
            "eval7": (e7_loop, n),
            "treys": (treys_loop, n),
            "phevaluator": (phe_loop, n),
            "pokerkit": (pk_loop, len(pk)),
        }


def check_agreement(reference: Sequence[int], other: Sequence[Any], name: str) -> None:
    """Every pair of hands compares the same way under both scores."""
    order = sorted(range(len(other)), key=lambda i: reference[i])
    for i, j in itertools.pairwise(order):
        same = reference[i] == reference[j]
        if same != (other[i] == other[j]) or (not same and not other[i] < other[j]):
            raise SystemExit(f"{name} orders hands {i} and {j} differently from pokerrules")


def exact_aa_vs_kk(rounds: int) -> tuple[float, float]:
    """Exact AsAh vs KsKd: pokerrules' exact_equity and eval7's fastest per-board loop, in
    turns; the equity and the ratio of the median times."""
    hero, villain = (Card("As"), Card("Ah")), (Card("Ks"), Card("Kd"))
    used = {*hero, *villain}

    def ours() -> float:
        return float(exact_equity(["AsAh", "KsKd"])[0].equity)

    e7 = {str(c): c for c in eval7.Deck().cards}
    e7_rest = [e7[str(c)] for c in STANDARD_CARDS if c not in used]
    e7_hero, e7_villain = [e7["As"], e7["Ah"]], [e7["Ks"], e7["Kd"]]

    def theirs() -> float:
        evaluate, wins, ties, total = eval7.evaluate, 0, 0, 0
        for board in itertools.combinations(e7_rest, 5):
            b = list(board)
            mine, other = evaluate(e7_hero + b), evaluate(e7_villain + b)
            wins += mine > other
            ties += mine == other
            total += 1
        return (wins + ties / 2) / total

    equity = ours()
    if round(equity, 6) != 0.819461 or round(theirs(), 6) != 0.819461:
        raise SystemExit(f"exact equity disagrees with 0.819461: {equity}")
    times = median_times_in_turns({"ours": ours, "eval7": theirs}, rounds)
    return equity, times["ours"] / times["eval7"]


_FIRST_CALL = """
import time
t = time.process_time()
import pokerrules
imported = time.process_time() - t
t = time.process_time()
from pokerrules import evaluate_high, parse_cards
loaded = time.process_time() - t
hand = parse_cards("As Kd Qh Jc 9s 3d 2c")
def resident():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096
before = resident()
t = time.process_time()
evaluate_high(hand)
print(imported * 1000, (time.process_time() - t) * 1000, (resident() - before) / 2**20,
      loaded * 1000)
"""


def first_call_cost(pure: bool) -> tuple[float, float, float, float]:
    """Median CPU time (ms) of ``import pokerrules`` and of the first seven-card evaluation,
    the resident memory (MiB) that evaluation adds, and the CPU time (ms) of loading what it
    needs (``from pokerrules import evaluate_high, parse_cards``), in fresh interpreters.

    The package's bytecode is compiled first, as an installed package's is, so that the time
    is the import's and not the compiler's (``PYTHONDONTWRITEBYTECODE`` would otherwise make
    every run compile every module again)."""
    compileall.compile_dir(Path(pokerrules.__file__).parent, quiet=1)
    env = dict(os.environ)
    env.pop("POKERRULES_PURE_PYTHON", None)
    if pure:
        env["POKERRULES_PURE_PYTHON"] = "1"
    runs = [
        tuple(
            map(
                float,
                subprocess.check_output([sys.executable, "-c", _FIRST_CALL], env=env).split(),
            )
        )
        for _ in range(9)
    ]
    return tuple(statistics.median(r[i] for r in runs) for i in range(4))  # type: ignore[return-value]


def pure_stages(count: int, rounds: int) -> dict[str, float]:
    """The pure-Python fast path of a seven-card evaluation, stage by stage: the time of each
    stage (with the stages before it) per hand, as a multiple of one eval7 call, timed in turns.

    The stages copy the first steps of the pure evaluator, so they bound from below what any
    evaluator that starts with them can cost; the last row is the alternative first step, the
    hand's key summed from exact machine-word integers looked up card by card."""
    from pokerrules.cards import CARD_SHIFT, SUIT_SHIFT
    from pokerrules.evaluation._tables import SUIT_STATE

    hands = deal(random.Random(20261201), count, 7)
    e7 = {str(c): c for c in eval7.Deck().cards}
    e7_hands = [[e7[str(c)] for c in hand] for hand in hands]
    states = SUIT_STATE
    exact_keys = {card: int(card) & ((1 << CARD_SHIFT) - 1) for card in STANDARD_CARDS}.__getitem__

    def key(cards: Sequence[Card]) -> object:
        n = len(cards)
        return n, sum(cards)

    def suits(cards: Sequence[Card]) -> object:
        n = len(cards)
        total = sum(cards)
        return n, states[total >> SUIT_SHIFT & 0xFFFF]

    def distinct(cards: Sequence[Card]) -> object:
        n = len(cards)
        total = sum(cards)
        state = states[total >> SUIT_SHIFT & 0xFFFF]
        return state, (total >> CARD_SHIFT).bit_count() == n

    def exact(cards: Sequence[Card]) -> object:
        n = len(cards)
        return n, sum(map(exact_keys, cards))

    def timed(stage: Callable[[Sequence[Card]], object]) -> Callable[[], None]:
        def run() -> None:
            for hand in hands:
                stage(hand)

        return run

    def e7_loop() -> None:
        evaluate = eval7.evaluate
        for hand in e7_hands:
            evaluate(hand)

    check_agreement(
        [pure_evaluate_high(hand).strength for hand in hands],
        [eval7.evaluate(hand) for hand in e7_hands],
        "eval7",
    )
    runs: dict[str, Callable[[], object]] = {
        "eval7.evaluate": e7_loop,
        "evaluate_high, pure Python": timed(pure_evaluate_high),
        "the key: len and sum of the cards": timed(key),
        "... and the suit-count look-up": timed(suits),
        "... and the distinctness check": timed(distinct),
        "the key summed from exact keys by card": timed(exact),
    }
    median = median_times_in_turns(runs, rounds)
    return {name: median[name] / median["eval7.evaluate"] for name in runs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands, for a smoke run")
    parser.add_argument("--no-write", action="store_true", help="do not update docs/")
    parser.add_argument(
        "--stages", action="store_true", help="time the pure-Python fast path stage by stage"
    )
    args = parser.parse_args()
    count, slow, rounds = (20_000, 500, 5) if args.quick else (100_000, 2_000, 5)
    if args.stages:
        print("Seven-card hands, time per hand as a multiple of eval7's (CPU time, in turns,")
        print(f"median of {rounds} rounds):")
        for name, ratio in pure_stages(count, rounds).items():
            print(f"  {name:<42}{ratio:>6.2f}")
        return
    rng = random.Random(20261130)
    rows: list[dict[str, Any]] = []
    rates: dict[str, dict[str, float]] = {}
    for size in (5, 7):
        contest = Contestants(deal(rng, count, size), slow)
        reference = contest.pokerrules_cards()
        check_agreement(reference, contest.pokerrules_pure(), "the pure-Python Card API")
        check_agreement(reference, contest.pokerrules_ints(), "the integer API (key sums)")
        check_agreement(reference, contest.pokerrules_codes(), "the integer API (indices)")
        check_agreement(reference, contest.pokerrules_buffer(), "the buffer batch")
        check_agreement(reference, contest.pokerrules_batch(), "the numpy batch")
        check_agreement(reference, contest.eval7_scores(), "eval7")
        check_agreement(reference, contest.treys_scores(), "treys")
        check_agreement(reference, contest.phevaluator_scores(), "phevaluator")
        check_agreement(reference[:slow], contest.pokerkit_scores(), "pokerkit")
        timers = contest.timers()
        median = median_times_in_turns({name: run for name, (run, _) in timers.items()}, rounds)
        rates[str(size)] = {name: n / median[name] for name, (_, n) in timers.items()}
    print("All libraries order the sampled hands identically.\n")
    for cards, table in rates.items():
        for name, rate in table.items():
            rows.append(
                {
                    "cards": int(cards),
                    "library": name,
                    "vs eval7": rate / table["eval7"],
                    "vs treys": rate / table["treys"],
                }
            )
    equity, exact_ratio = exact_aa_vs_kk(5)
    import_ms, first_ms, first_mib, load_ms = first_call_cost(pure=False)
    _, pure_first_ms, pure_first_mib, pure_load_ms = first_call_cost(pure=True)
    summary = {
        "backend": BACKEND,
        "rows": rows,
        "exact_equity": equity,
        "exact_time_ratio": exact_ratio,
        "import_ms": import_ms,
        "load_ms": load_ms,
        "pure_load_ms": pure_load_ms,
        "first_ms": first_ms,
        "first_mib": first_mib,
        "pure_first_ms": pure_first_ms,
        "pure_first_mib": pure_first_mib,
    }
    print(render_text(summary))
    if not args.no_write:
        write_docs(summary)


def render_text(summary: dict[str, Any]) -> str:
    lines = [f"{'cards':>5}  {'library':<36}{'x eval7':>10}{'x treys':>10}"]
    for row in summary["rows"]:
        lines.append(
            f"{row['cards']:>5}  {row['library']:<36}{row['vs eval7']:>10.3g}{row['vs treys']:>10.3g}"
        )
    lines.append(
        f"\nExact AsAh vs KsKd = {summary['exact_equity']:.6f}; pokerrules takes "
        f"{summary['exact_time_ratio']:.3f}x the time of eval7's per-board loop."
    )
    lines.append(
        f"import pokerrules: {summary['import_ms']:.1f} ms CPU; then loading evaluate_high and "
        f"parse_cards: {summary['load_ms']:.0f} ms ({summary['backend']}), "
        f"{summary['pure_load_ms']:.0f} ms (pure Python). First 7-card evaluation: "
        f"{summary['first_ms']:.1f} ms, +{summary['first_mib']:.1f} MiB resident "
        f"({summary['backend']}); pure Python {summary['pure_first_ms']:.1f} ms, "
        f"+{summary['pure_first_mib']:.1f} MiB."
    )
    return "\n".join(lines)


def write_docs(summary: dict[str, Any]) -> None:
    generated = ROOT / "docs" / "_generated"
    generated.mkdir(exist_ok=True)
    results = ROOT / "benchmarks" / "results"  # raw numbers, kept out of version control
    results.mkdir(exist_ok=True)
    (results / "evaluation.json").write_text(json.dumps(summary, indent=1) + "\n")
    table = [
        ".. list-table:: Evaluations per second, as a multiple of each peer's (greater is faster)",
        "   :header-rows: 1",
        "",
        "   * - cards",
        "     - library",
        "     - × eval7",
        "     - × treys",
    ]
    for row in summary["rows"]:
        table += [
            f"   * - {row['cards']}",
            f"     - {row['library']}",
            f"     - {row['vs eval7']:.3g}",
            f"     - {row['vs treys']:.3g}",
        ]
    table += [
        "",
        f"Exact equity of AsAh against KsKd over all 1,712,304 boards is "
        f"{summary['exact_equity']:.6f}; :func:`~pokerrules.equity.exact_equity` takes "
        f"**{summary['exact_time_ratio']:.3f}×** the time of eval7's per-board loop.",
        "",
        f"``import pokerrules`` takes about {summary['import_ms']:.1f} ms of CPU time: every "
        f"name loads on first use. Loading what a seven-card evaluation needs "
        f"(``from pokerrules import evaluate_high, parse_cards``, with attrs) then takes about "
        f"{summary['load_ms']:.0f} ms. The first seven-card evaluation after it takes "
        f"{summary['first_ms']:.1f} ms and adds {summary['first_mib']:.1f} MiB of resident "
        f"memory on the compiled core, and {summary['pure_first_ms']:.1f} ms and "
        f"{summary['pure_first_mib']:.1f} MiB on the pure-Python path: both read the same "
        f"uncompressed table file once.",
        "",
        ".. image:: ../_static/evaluation.png",
        "   :alt: Seven-card evaluations per second relative to eval7",
        "",
    ]
    (generated / "evaluation_table.rst").write_text("\n".join(table))
    write_chart(summary, ROOT / "docs" / "_static" / "evaluation.png")


def write_chart(summary: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path.parent.mkdir(exist_ok=True)
    rows = [r for r in summary["rows"] if r["cards"] == 7]
    names = [r["library"] for r in rows]
    values = [r["vs eval7"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 3.2))
    ax.barh(names[::-1], values[::-1], color="#4a7ebb")
    ax.set_xscale("log")
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xlabel("seven-card evaluations per second, × eval7 (log scale)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    main()
