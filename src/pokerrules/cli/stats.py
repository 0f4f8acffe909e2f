"""``pokerrules stats FILE...``: player statistics over PHH hand histories.

Reads ``.phh`` and ``.phhs`` files (directories are searched), replays every hand (filling in
omitted folds and checks unless ``--no-repair``) and prints one line per player -- or per
position with ``--by position`` -- with the hands, VPIP, PFR, 3-bet, fold to 3-bet, c-bet,
aggression factor, WTSD, W$SD, net won and bb/100 (:mod:`pokerrules.stats` defines each), then
how many hands were counted and skipped. ``--json`` prints one JSON object instead:
``by``, ``records`` (:meth:`~pokerrules.stats.Statistics.to_records`, the net amounts as exact
strings), ``hands`` and ``skipped`` (the count by reason).

The exit status is 0 when the statistics were computed, even if some hands were skipped (the
output counts them; ``pokerrules phh replay`` is the command that checks histories), and 2 for
bad input.
"""

from __future__ import annotations

import argparse
from typing import Any

from pokerrules.cli._options import add_json, emit_json
from pokerrules.cli.phh import history_files
from pokerrules.stats import Statistics


def run_stats(args: argparse.Namespace) -> int:
    """Print the statistics table and the counts."""
    stats = Statistics.of_files(history_files(args.files), repair=not args.no_repair)
    if args.min_hands > 1:
        stats = Statistics(
            players={k: v for k, v in stats.players.items() if v.hands >= args.min_hands},
            positions=stats.positions,
            hands=stats.hands,
            skipped=stats.skipped,
        )
    if args.json:
        records = stats.to_records(args.by)
        emit_json(
            {"by": args.by, "records": records, "hands": stats.hands, "skipped": stats.skipped}
        )
        return 0
    print(stats.table(args.by))
    skipped = sum(stats.skipped.values())
    line = f"{stats.hands} hand{'s' if stats.hands != 1 else ''} counted"
    if skipped:
        reasons = ", ".join(f"{n} {why}" for why, n in sorted(stats.skipped.items()))
        line += f"; {skipped} skipped ({reasons})"
    print(line)
    return 0


def register(subparsers: Any) -> None:
    """Add ``stats`` to the command line."""
    parser = subparsers.add_parser(
        "stats", help="player statistics (VPIP, PFR, ...) over PHH hand histories"
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="files or directories")
    parser.add_argument(
        "--by",
        choices=("player", "position"),
        default="player",
        help="one line per player (the default) or per position",
    )
    parser.add_argument(
        "--min-hands",
        type=int,
        default=1,
        metavar="N",
        help="list only players with at least N hands",
    )
    parser.add_argument(
        "--no-repair",
        action="store_true",
        help="count only histories that replay as recorded (no omitted folds filled in)",
    )
    add_json(parser)
    parser.set_defaults(handler=run_stats)
