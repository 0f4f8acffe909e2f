"""The per-site and per-game counts of the shared hand-history sample, as the online hand
histories guide shows them.

``python -m tests.sample_counts`` prints the guide's table for the sample as the importers read
it now; ``test_sites.py`` checks that the guide shows exactly that table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from pokerrules.errors import PokerRulesError
from pokerrules.history.sites import ImportedHand, Verdict, import_file
from tests.shared_data import HH_SAMPLE

#: The table's columns after the site and the game.
COLUMNS = (
    "Hands",
    "Numbers add up",
    "Reproduced",
    "Unsupported",
    "Not reproduced",
    "Numbers do not add up",
)


def sample_hands(root: Path = HH_SAMPLE) -> Iterable[tuple[str, ImportedHand]]:
    """Every hand of the sample that a format reads, with the folder it comes from (the files
    in no known format are left out)."""
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        for path in sorted(folder.iterdir()):
            try:
                hands = import_file(path)
            except PokerRulesError:
                continue
            for hand in hands:
                yield folder.name, hand


def count_rows(hands: Iterable[tuple[str, ImportedHand]]) -> list[tuple[str, str, list[int]]]:
    """One row per site and game (hands that could not be read: per folder), then the total."""
    counts: dict[tuple[str, str], Counter[str]] = {}
    for folder, hand in hands:
        unreadable = hand.verdict is Verdict.FAILED and hand.history is None and hand.game == "?"
        key = (f"{folder} folder", "(unreadable)") if unreadable else (hand.site, hand.game)
        row = counts.setdefault(key, Counter())
        row["Hands"] += 1
        if not hand.consistent:
            row["Numbers do not add up"] += 1
            continue
        row["Numbers add up"] += 1
        if hand.ok:
            row["Reproduced"] += 1
        elif hand.verdict is Verdict.UNSUPPORTED:
            row["Unsupported"] += 1
        else:
            row["Not reproduced"] += 1
    rows = [
        (site, game, [counts[site, game][c] for c in COLUMNS]) for site, game in sorted(counts)
    ]
    total = [sum(r[2][k] for r in rows) for k in range(len(COLUMNS))]
    return [*rows, ("**all**", "", total)]


def table(rows: list[tuple[str, str, list[int]]]) -> str:
    """The rows as the guide's reStructuredText list table."""
    lines = [".. list-table::", "   :header-rows: 1", ""]
    lines += ["   * - Site", "     - Game", *(f"     - {c}" for c in COLUMNS)]
    for site, game, values in rows:
        bold = site.startswith("**")
        lines.append(f"   * - {site}")
        lines.append(f"     - {game}" if game else "     -")
        lines += [f"     - **{v}**" if bold else f"     - {v}" for v in values]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover - a helper for writing the guide
    print(table(count_rows(sample_hands())))
