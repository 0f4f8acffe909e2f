"""Importing PokerStars hand histories, side by side with pokerkit's parser, in one run.

Run ``pip install -e '.[bench]'`` once, then ``python benchmarks/sites.py [SAMPLE_DIR]``
(default: the shared sample's ``PokerStars`` folder beside the checkout). The work, on the
hands pokerkit's PokerStars parser can read (it reads no-limit hold'em only):

* **pokerrules** -- :func:`pokerrules.history.sites.import_text`: split the text into hands,
  read each, convert it to PHH and replay it through the engine against the finishing stacks;
* **pokerkit** -- ``PokerStarsParser`` over the same text, then each hand history played
  through to its final state (``list(hand_history)``), its replay; and the parse alone.

Before timing, the final stacks are compared player by player. pokerkit's parser ignores
antes and the rake, so its stacks differ where a hand has either; the check counts those
differences by cause rather than hide them. Times are CPU time (``time.process_time``), the
libraries in turns, the median of the rounds. ``--write`` rewrites
``docs/performance/sites.rst`` and its chart; ``--quick`` is a smoke run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import platform
import re
import statistics
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable
from decimal import Decimal
from importlib.metadata import version
from pathlib import Path
from typing import Any

from pokerkit import PokerStarsParser

from pokerrules.history.replay import Verdict
from pokerrules.history.sites import import_text
from pokerrules.history.sites._text import decode

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "performance" / "sites.rst"
CHART = ROOT / "docs" / "_static" / "sites.png"
SAMPLE = ROOT.parent / "shared" / "hh_sample" / "PokerStars"
HEADER = re.compile(r"^PokerStars (?:Hand|Game) #(\d+):", re.MULTILINE)


def pokerkit_histories(text: str) -> list[Any]:
    """pokerkit's parse, its warnings and tracebacks for hands it cannot read silenced."""
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        return list(PokerStarsParser()(text))


def readable_text(folder: Path) -> str:
    """The hands of every file in ``folder`` that pokerkit's parser reads, as one text."""
    kept: list[str] = []
    for path in sorted(folder.iterdir()):
        text = decode(path.read_bytes())
        readable = {str(h.hand) for h in pokerkit_histories(text)}
        starts = [m.start() for m in HEADER.finditer(text)]
        for k, start in enumerate(starts):
            chunk = text[start : starts[k + 1] if k + 1 < len(starts) else len(text)]
            match = HEADER.match(chunk)
            if match is not None and match.group(1) in readable:
                kept.append(chunk.strip() + "\n")
    return "\n\n\n".join(kept)


def run_pokerrules(text: str) -> int:
    return len(import_text(text))


def run_pokerkit(text: str) -> int:
    count = 0
    for history in pokerkit_histories(text):
        list(history)
        count += 1
    return count


def parse_pokerkit(text: str) -> int:
    return len(pokerkit_histories(text))


def agreement(text: str) -> Counter[str]:
    """Each hand's final stacks, pokerrules' (the site's numbers, replayed) against pokerkit's,
    by cause of any difference."""
    ours = {hand.hand: hand for hand in import_text(text)}
    tally: Counter[str] = Counter()
    for history in pokerkit_histories(text):
        hand = ours.get(str(history.hand))
        if hand is None or hand.history is None:
            tally["not imported by pokerrules"] += 1
            continue
        if hand.verdict is not Verdict.MATCH:
            tally[f"pokerrules: {hand.verdict.value}"] += 1
            continue
        state = list(history)[-1]
        theirs = dict(zip(history.players, state.stacks, strict=True))
        mine = hand.history
        assert mine.players is not None and mine.finishing_stacks is not None
        differ = {
            name: Decimal(str(theirs[name])) - Decimal(stack)
            for name, stack in zip(mine.players, mine.finishing_stacks, strict=True)
            if Decimal(str(theirs[name])) != Decimal(stack)
        }
        rake = Decimal(mine.extra.get("_rake", 0))
        if not differ:
            tally["same stacks"] += 1
        elif any(mine.antes):
            tally["differ: antes (pokerkit's parser ignores them)"] += 1
        elif rake and sum(differ.values()) == rake:
            tally["differ by the rake (pokerkit's parser takes none)"] += 1
        else:
            tally["differ: other"] += 1
    return tally


def cpu_time(work: Callable[[str], int], text: str) -> float:
    start = time.process_time()
    work(text)
    return time.process_time() - start


def measure(text: str, rounds: int) -> dict[str, float]:
    """Median CPU seconds of each side, the sides run in turns within each round."""
    times: dict[str, list[float]] = {"pokerrules": [], "pokerkit": [], "pokerkit parse": []}
    for _ in range(rounds):
        times["pokerrules"].append(cpu_time(run_pokerrules, text))
        times["pokerkit"].append(cpu_time(run_pokerkit, text))
        times["pokerkit parse"].append(cpu_time(parse_pokerkit, text))
    return {name: statistics.median(values) for name, values in times.items()}


def write_page(hands: int, seconds: dict[str, float], tally: Counter[str], rounds: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ours = hands / seconds["pokerrules"]
    full = hands / seconds["pokerkit"]
    parse = hands / seconds["pokerkit parse"]
    fig, ax = plt.subplots(figsize=(6, 2.4))
    labels = ["pokerkit: parse", "pokerkit: parse + replay", "pokerrules: import + replay"]
    ax.barh(labels, [parse, full, ours], color=["#bbbbbb", "#888888", "#2a6f97"])
    ax.set_xlabel("hands per second (CPU time; higher is better)")
    fig.tight_layout()
    fig.savefig(CHART, dpi=110)
    plt.close(fig)
    rows = "\n".join(f"   * - {cause}\n     - {count}" for cause, count in sorted(tally.items()))
    PAGE.write_text(
        f"""Importing site hand histories
=============================

``benchmarks/sites.py`` imports PokerStars hand histories with
:func:`pokerrules.history.sites.import_text` and with pokerkit's ``PokerStarsParser``, side
by side in one run, on the {hands} hands of the shared sample that pokerkit's parser can read
(it reads no-limit hold'em only). pokerrules splits, reads and converts each hand to PHH and
replays it through the engine against the finishing stacks; pokerkit parses each hand and
plays its hand history through to the final state. The figures are CPU time, the libraries in
turns, the median of {rounds} rounds; the ratio is pokerkit's time over pokerrules'.

.. list-table::
   :header-rows: 1

   * - Work
     - hands/s
     - pokerrules is
   * - pokerrules: import and replay
     - {ours:,.0f}
     -
   * - pokerkit: parse and replay
     - {full:,.0f}
     - {seconds["pokerkit"] / seconds["pokerrules"]:.1f}x as fast
   * - pokerkit: parse only
     - {parse:,.0f}
     - {seconds["pokerkit parse"] / seconds["pokerrules"]:.1f}x as fast

.. image:: ../_static/sites.png
   :alt: Hands per second: pokerrules' import and replay against pokerkit's parser

Agreement. Before timing, each hand's final stacks are compared player by player. pokerkit's
parser ignores antes and the rake, so its stacks differ from the site's wherever a hand has
either (with antes and an all-in it also forms the side pots wrongly):

.. list-table::
   :header-rows: 1

   * - Final stacks
     - hands
{rows}

Measured with Python {platform.python_version()}, pokerkit {version("pokerkit")}.

Run it with ``python benchmarks/sites.py`` (``--write`` to regenerate this page).
""",
        encoding="utf-8",
    )


ROUNDS = 5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sample", nargs="?", default=str(SAMPLE), help="a PokerStars folder")
    parser.add_argument("--write", action="store_true", help="rewrite the docs page")
    parser.add_argument("--quick", action="store_true", help="one short round")
    args = parser.parse_args(argv)
    folder = Path(args.sample)
    if not folder.is_dir():
        print(f"no sample at {folder}", file=sys.stderr)
        return 2
    text = readable_text(folder)
    rounds = 1 if args.quick else ROUNDS
    hands = run_pokerkit(text)
    assert run_pokerrules(text) == hands, "both sides must see the same hands"
    tally = agreement(text)
    for cause, count in sorted(tally.items()):
        print(f"{count:5} {cause}")
    seconds = measure(text, rounds)
    for name, value in seconds.items():
        print(f"{name:<16} {hands / value:10,.0f} hands/s")
    print(
        f"ratio (pokerkit parse + replay / pokerrules): {seconds['pokerkit'] / seconds['pokerrules']:.1f}x"
    )
    if args.write:
        write_page(hands, seconds, tally, rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
