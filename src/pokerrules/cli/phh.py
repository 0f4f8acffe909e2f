"""``pokerrules phh replay FILE...``: replay PHH hand histories through the engine.

Prints one verdict per hand (match, odd chip, mismatch, replayed, failed, unsupported) and a
summary. ``--repair`` fills in the folds and checks a history omits (as PHH's reference
implementation does); each repaired hand's line names the actions filled in, even under
``--quiet``, and the summary counts the repaired hands. Directories are searched for ``.phh``
and ``.phhs`` files. ``--json`` prints the same as one JSON object. The exit status is 1 when
a hand's stacks differ from the record or its replay failed, else 0.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pokerrules.cli._options import add_json, emit_json
from pokerrules.errors import InvalidNotationError, PokerRulesError
from pokerrules.history.phh import read_each
from pokerrules.history.replay import Replay, Verdict, replay

_BAD = (Verdict.MISMATCH, Verdict.FAILED)


def history_files(names: list[str]) -> Iterator[Path]:
    """The files named, and the ``.phh`` and ``.phhs`` files in the directories named (a
    missing name raises :class:`~pokerrules.errors.InvalidNotationError`)."""
    for name in names:
        yield from _found(name)


def _found(name: str) -> list[Path]:
    """The file ``name``, or the histories in the directory ``name``. A name the system
    refuses (too long, say) is bad input like a missing file: one line, not a traceback."""
    label = name if len(name) <= 80 else name[:77] + "..."
    path = Path(name)
    try:
        if path.is_dir():
            found = sorted(
                p for p in path.rglob("*") if p.suffix.lower() in (".phh", ".phhs") and p.is_file()
            )
            if not found:
                raise InvalidNotationError(f"{label}: no .phh or .phhs files in this directory")
            return found
        if path.is_file():
            return [path]
    except OSError as error:
        raise InvalidNotationError(f"{label}: {error.strerror or error}") from None
    raise InvalidNotationError(f"{label}: no such file or directory")


def _verdicts(names: list[str], *, repair: bool = False) -> Iterator[tuple[str, Replay]]:
    for path in history_files(names):
        try:
            hands = list(read_each(path))
        except (PokerRulesError, OSError) as error:
            yield str(path), Replay(verdict=Verdict.FAILED, message=f"cannot read: {error}")
            continue
        for label, history in hands:
            if isinstance(history, PokerRulesError):
                yield label, Replay(verdict=Verdict.FAILED, message=f"cannot read: {history}")
            else:
                yield label, replay(history, repair=repair)


def run_replay(args: argparse.Namespace) -> int:
    """Replay every hand and print the verdicts."""
    counts: Counter[Verdict] = Counter()
    repaired = 0
    listed: list[dict[str, Any]] = []
    for label, result in _verdicts(args.files, repair=args.repair):
        counts[result.verdict] += 1
        repaired += bool(result.repairs)
        if args.quiet and result.verdict not in _BAD and not result.repairs:
            continue
        if args.json:
            listed.append(
                {
                    "hand": label,
                    "verdict": result.verdict.value,
                    "ok": result.ok,
                    "message": result.message,
                    "stacks": result.stacks,
                    "repairs": [str(r) for r in result.repairs],
                }
            )
        else:
            print(f"{result.verdict.value.upper():<12} {label}: {result.message}")
    total = sum(counts.values())
    status = 1 if any(counts[v] for v in _BAD) else 0
    if args.json:
        summary = {"hands": total, **{v.value: counts[v] for v in Verdict}, "repaired": repaired}
        emit_json({"hands": listed, "summary": summary, "status": status})
        return status
    parts = [f"{counts[v]} {v.value}" for v in Verdict if counts[v]]
    if repaired:
        parts.append(f"{repaired} repaired")
    print(f"{total} hand{'s' if total != 1 else ''}: {', '.join(parts) if parts else 'none'}")
    return status


def register(subparsers: Any) -> None:
    """Add ``phh`` (with ``phh replay``) to the command line."""
    parser = subparsers.add_parser("phh", help="Poker Hand History (PHH) files")
    commands = parser.add_subparsers(dest="phh_command", metavar="SUBCOMMAND", required=True)
    replay_parser = commands.add_parser(
        "replay", help="replay .phh/.phhs files through the engine and compare the stacks"
    )
    replay_parser.add_argument("files", nargs="+", metavar="FILE", help="files or directories")
    replay_parser.add_argument(
        "-q", "--quiet", action="store_true", help="print only failures and the summary"
    )
    replay_parser.add_argument(
        "--repair",
        action="store_true",
        help="fill in the folds and checks a history omits, and report each",
    )
    add_json(replay_parser)
    replay_parser.set_defaults(handler=run_replay)
