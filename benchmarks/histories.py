"""Reading and replaying PHH hand histories, side by side with pokerkit, in one run.

Run ``pip install -e '.[bench]'`` once, then ``python benchmarks/histories.py``. The work is the
public PHH sample (``tests/shared_data.py``: 200 real hands), cycled to 500 hands:

1. **parse** -- the text of each hand to a hand-history value: ``pokerrules.history.phh.loads``
   (TOML, every field checked, every action notation parsed) against pokerkit's
   ``HandHistory.loads``;
2. **parse + replay** -- the same, then the hand played through the engine to its end:
   :func:`pokerrules.history.replay.replay` (dealt from the recorded cards, every action checked
   legal, the stacks compared with the record) against iterating pokerkit's ``HandHistory``
   (``create_state`` and one state per action).

Only the hands both libraries replay are timed, and before timing both must end every one of
them with the same stacks. Each round times each library once over the 500 hands, on CPU time
(``time.process_time``), the libraries in turns; the figure is the median over the rounds, and
the ratio is pokerkit's time divided by pokerrules' (how many times faster pokerrules is).
``--write`` rewrites ``docs/performance/histories.rst`` and its chart; ``--quick`` is a smoke
run.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import statistics
import sys
import textwrap
import time
import warnings
from collections.abc import Callable, Sequence
from decimal import Decimal
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pokerkit
from _charts import ratio_chart

from pokerrules.engine import Hand
from pokerrules.history import phh
from pokerrules.history.replay import replay

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.shared_data import PHH_SAMPLE  # noqa: E402

PAGE = ROOT / "docs" / "performance" / "histories.rst"
CHART = ROOT / "docs" / "_static" / "histories.png"
HANDS = 500


def sample_texts() -> list[str]:
    """The text of each sample hand: a ``.phhs`` file's tables become one text each."""
    texts = []
    for path in sorted(PHH_SAMPLE.rglob("*")):
        suffix = path.suffix.lower()
        if suffix == ".phh":
            texts.append(path.read_text(encoding="utf-8"))
        elif suffix == ".phhs":
            for hand in phh.loads_many(path.read_text(encoding="utf-8")).values():
                texts.append(phh.dumps(hand))
    return texts


def ours_stacks(text: str) -> tuple[Decimal, ...] | None:
    result = replay(phh.loads(text))
    if not result.ok or result.stacks is None:
        return None
    return tuple(Decimal(s) for s in result.stacks)


def theirs_state(text: str) -> Any:
    state = None
    for state in pokerkit.HandHistory.loads(text):  # noqa: B007
        pass
    return state


def theirs_stacks(text: str) -> tuple[Decimal, ...] | None:
    try:
        state = theirs_state(text)
    except (ValueError, KeyError, TypeError, ArithmeticError):
        return None
    return None if state is None else tuple(Decimal(s) for s in state.stacks)


def common_hands(quick: bool) -> tuple[list[str], int]:
    """The sample hands both libraries replay to the same stacks, cycled to 500 (or 40)."""
    texts = sample_texts()
    both = []
    for text in texts:
        ours, theirs = ours_stacks(text), theirs_stacks(text)
        if ours is not None and theirs is not None:
            if ours != theirs:
                raise SystemExit(f"different stacks: {ours} != pokerkit's {theirs}\n{text}")
            both.append(text)
    count = 40 if quick else HANDS
    return list(itertools.islice(itertools.cycle(both), count)), len(texts) - len(both)


def cpu(run: Callable[[str], object], texts: Sequence[str]) -> float:
    start = time.process_time()
    for text in texts:
        run(text)
    return time.process_time() - start


def measure(quick: bool) -> tuple[list[tuple[str, float, float]], int, int, float]:
    texts, left_out = common_hands(quick)
    rounds = 1 if quick else 5
    work: list[tuple[str, Callable[[str], object], Callable[[str], object]]] = [
        ("parse", phh.loads, pokerkit.HandHistory.loads),
        ("parse + replay", lambda t: replay(phh.loads(t)), theirs_state),
    ]
    rows = []
    for name, ours, theirs in work:
        mine, peer = [], []
        for _ in range(rounds):
            mine.append(cpu(ours, texts))
            peer.append(cpu(theirs, texts))
        rows.append((name, statistics.median(mine), statistics.median(peer)))
    return rows, len(texts), left_out, engine_share(texts, rounds)


def floor_text(rows: Sequence[tuple[str, float, float]], engine: float) -> str:
    """What the measured shares of pokerrules' time say about the ratio."""
    (_, parse, _), (_, both, theirs) = rows
    return (
        f"In this run the hand engine -- starting the hands and applying their actions "
        f"(``Hand.start``, ``Hand.apply``, ``Hand.check_or_call`` and ``Hand.legal_actions``, "
        f"each call timed) -- took "
        f"{engine:.0%} of pokerrules' parse + replay time, reading {parse / both:.0%}, and the "
        f"replay's own bookkeeping the rest. pokerkit's parse + replay time over the engine's "
        f"alone is {theirs / (engine * both):.1f}x: the most that a reader and a replay costing "
        "nothing at all could reach with this engine."
    )


def engine_share(texts: Sequence[str], rounds: int) -> float:
    """The part of pokerrules' parse + replay time spent in the hand engine: starting the hands
    and applying their actions (``Hand.start``, ``Hand.apply``, ``Hand.check_or_call`` and
    ``Hand.legal_actions``, each call timed), the median over the rounds."""
    names = ("start", "apply", "check_or_call", "legal_actions")
    entries: dict[str, Any] = {name: Hand.__dict__[name] for name in names}
    spent = [0.0]
    depth = [0]  # a call inside a timed call is not counted twice

    def timing(method: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            depth[0] += 1
            begin = time.process_time()
            try:
                return method(*args, **kwargs)
            finally:
                depth[0] -= 1
                if not depth[0]:
                    spent[0] += time.process_time() - begin

        return timed

    shares = []
    try:
        for name, method in entries.items():
            # a class method is timed around its function
            wrapped = timing(method.__func__) if isinstance(method, classmethod) else None
            setattr(Hand, name, classmethod(wrapped) if wrapped else timing(method))
        for _ in range(rounds):
            spent[0] = 0.0
            total = cpu(lambda t: replay(phh.loads(t)), texts)
            shares.append(spent[0] / total)
    finally:
        for name, method in entries.items():
            setattr(Hand, name, method)
    return statistics.median(shares)


def rst_table(rows: Sequence[tuple[str, float, float]], hands: int) -> str:
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "",
        f"   * - {hands} real hands",
        "     - pokerrules (hands/s)",
        "     - pokerkit (hands/s)",
        "     - ratio",
    ]
    for name, ours, theirs in rows:
        lines += [
            f"   * - {name}",
            f"     - {hands / ours:,.0f}",
            f"     - {hands / theirs:,.0f}",
            f"     - {theirs / ours:.1f}x",
        ]
    return "\n".join(lines)


def chart(rows: Sequence[tuple[str, float, float]]) -> None:
    ratios = [theirs / ours for _, ours, theirs in rows]
    ratio_chart([name for name, _, _ in rows], ratios, CHART, size=(6, 2.4))


PAGE_HEAD = """Hand histories
==============

``benchmarks/histories.py`` reads and replays the public PHH sample -- 200 real hands:
Pluribus, WSOP final-table and online hands -- cycled to 500 hands, with pokerrules and with
pokerkit, side by side in one run:

* **parse** -- the text of a hand to a hand-history value: :func:`pokerrules.history.phh.loads`
  (the TOML, every field checked, every action notation parsed) against pokerkit's
  ``HandHistory.loads``;
* **parse + replay** -- the same, then the whole hand played:
  :func:`pokerrules.history.replay.replay` (dealt from the recorded cards, every action checked
  legal, the final stacks compared with the record) against iterating pokerkit's
  ``HandHistory`` (one state per action).

Only the hands both libraries replay are timed, and both must end every one of them with the
same stacks before the timing starts. The figures are CPU time (``time.process_time``), the
libraries in turns, the median of five rounds; the ratio is pokerrules' hands per second over
pokerkit's.

Before the reader parsed the action notation with one compiled pattern and read PHH's plain
TOML itself, the ratios were 0.48x (parse) and 1.0x (parse + replay); before it read each TOML
line and each plain array in one match, took the commonest notations from a table of ready
values and checked plain whole-chip amounts in one pass, and before the replay asked what is
legal only for the actions that depend on it, they were 0.9x and 2.4x; before it built a
history from the fields it had already checked (leaving only the checks across fields), split
plain arrays at their commas or quotes, read short card runs from a table and checked a list
of plain numbers at once, and before the replay built its stakes and deals without checking
them again, they were 1.3x and 3.0x (measured side by side on one machine, the two versions
in turns: 22% less CPU time to parse, 7% less to parse and replay). Before the replay took the
deals of named cards, the betting actions of the player to act and the shows without asking
what is legal (only a completion or a raise over a short wager asks), worked out a history's
stakes, dues and straddles in one pass and its stand-in cards only for unknown cards, and
before the reader took the commonest notations by their last word and arrays of numbers at
their commas, without the patterns, they were 1.5x and 3.1x.
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer hands, for a smoke run")
    parser.add_argument("--write", action="store_true", help=f"write {PAGE.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns on some historical hands
        rows, hands, left_out, engine = measure(args.quick)
    table = rst_table(rows, hands)
    floor = floor_text(rows, engine)
    print(table)
    print(floor)
    print(f"({left_out} sample hands left out: not replayed alike by both libraries)")
    if args.write:
        chart(rows)
        machine = f"Python {platform.python_version()}, pokerkit {version('pokerkit')}"
        PAGE.write_text(
            f"{PAGE_HEAD}\n{table}\n\n{textwrap.fill(floor, 95)}\n\n"
            f".. image:: /_static/{CHART.name}\n   :alt: pokerrules' speed relative to "
            "pokerkit, reading and replaying PHH hands\n\n"
            f"{left_out} of the sample hands are left out because the two libraries do not "
            f"replay them alike. Measured with {machine}.\n\n"
            "Run it with ``python benchmarks/histories.py`` (``--write`` to regenerate this "
            "page and its chart).\n"
        )
        print(f"wrote {PAGE.relative_to(ROOT)} and {CHART.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
