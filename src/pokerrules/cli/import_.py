"""``pokerrules import FILE... --out DIR``: online sites' hand histories to PHH.

Each input file becomes ``DIR/<name>.phhs`` (``<name>`` the file's name without its suffix),
its hands in the file's order, each replayed through the engine. One verdict is printed per
hand and a summary at the end. The exit status is 1 when a hand's replay disagrees with the
site's numbers or fails, else 0 (``--json`` prints the verdicts and the summary as one JSON
object); bad input (a missing file, an unknown format) is one line on
standard error and status 2.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Any

from pokerrules.cli._options import add_json, emit_json
from pokerrules.errors import InvalidNotationError
from pokerrules.history.phh import dumps_many
from pokerrules.history.replay import Verdict
from pokerrules.history.sites import FORMATS, ImportedHand, import_file

_BAD = (Verdict.MISMATCH, Verdict.FAILED)


def _label(name: str) -> str:
    return name if len(name) <= 80 else name[:77] + "..."


def _inputs(names: list[str]) -> list[Path]:
    """The files named, the files of a directory named (sorted); the output names must not
    collide."""
    paths: list[Path] = []
    for name in names:
        path = Path(name)
        try:
            if path.is_dir():
                found = sorted(p for p in path.iterdir() if p.is_file() and p.name[:1] != ".")
                if not found:
                    raise InvalidNotationError(f"{_label(name)}: an empty directory")
                paths += found
            elif path.is_file():
                paths.append(path)
            else:
                raise InvalidNotationError(f"{_label(name)}: no such file or directory")
        except OSError as error:
            raise InvalidNotationError(f"{_label(name)}: {error.strerror or error}") from None
    seen: dict[str, Path] = {}
    for path in paths:
        if path.stem in seen and seen[path.stem] != path:
            raise InvalidNotationError(
                f"{_label(str(path))} and {_label(str(seen[path.stem]))} would both be "
                f"written to {path.stem}.phhs"
            )
        seen[path.stem] = path
    return list(dict.fromkeys(paths))


def run_import(args: argparse.Namespace) -> int:
    """Import every file, write the ``.phhs`` files, print the verdicts and a summary."""
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise InvalidNotationError(f"--out {_label(args.out)} is not a directory")
    files = _inputs(args.files)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InvalidNotationError(f"--out {_label(args.out)}: {error.strerror}") from None
    counts: Counter[Verdict] = Counter()
    consistent = 0
    listed: list[dict[str, Any]] = []
    for path in files:
        try:
            hands = import_file(path, format=args.format)
        except (InvalidNotationError, OSError) as error:
            counts[Verdict.FAILED] += 1
            if args.json:
                listed.append({"file": str(path), "verdict": "failed", "ok": False,
                               "message": f"cannot read: {error}"})  # fmt: skip
            else:
                print(f"{'FAILED':<12} {path}: cannot read: {error}")
            continue
        for hand in hands:
            counts[hand.verdict] += 1
            consistent += hand.consistent
            if args.quiet and hand.verdict not in _BAD:
                continue
            if args.json:
                listed.append(_record(path, hand))
            else:
                print(_line(path, hand))
        written = [h.history for h in hands if h.history is not None]
        if written:
            (out / f"{path.stem}.phhs").write_text(dumps_many(written), encoding="utf-8")
    total = sum(counts.values())
    status = 1 if any(counts[v] for v in _BAD) else 0
    if args.json:
        summary = {"hands": total, **{v.value: counts[v] for v in Verdict}}
        summary["consistent"] = consistent
        emit_json({"hands": listed, "summary": summary, "status": status})
        return status
    parts = [f"{counts[v]} {v.value}" for v in Verdict if counts[v]]
    print(
        f"{total} hand{'s' if total != 1 else ''}: {', '.join(parts) if parts else 'none'} "
        f"({consistent} whose own numbers add up)"
    )
    return status


def _record(path: Path, hand: ImportedHand) -> dict[str, Any]:
    """One hand's verdict as ``--json`` lists it."""
    return {
        "file": str(path),
        "line": hand.line,
        "site": hand.site,
        "hand": hand.hand,
        "game": hand.game,
        "variant": hand.variant,
        "verdict": hand.verdict.value,
        "ok": hand.ok,
        "message": hand.message,
        "consistent": hand.consistent,
        "problem": hand.problem,
        "repairs": list(hand.repairs),
    }


def _line(path: Path, hand: ImportedHand) -> str:
    where = f"{path.name}:{hand.line} {hand.site} #{hand.hand}"
    note = "" if hand.consistent else f" [the file's numbers do not add up: {hand.problem}]"
    return f"{hand.verdict.value.upper():<12} {where}: {hand.message}{note}"


def register(subparsers: Any) -> None:
    """Add ``import`` to the command line."""
    parser = subparsers.add_parser(
        "import", help="convert online sites' hand histories to PHH and replay them"
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="hand-history files or folders")
    parser.add_argument("--out", required=True, metavar="DIR", help="where to write .phhs files")
    parser.add_argument(
        "--format",
        default="auto",
        choices=("auto", *FORMATS),
        help="the site's format (default: auto, found from the text)",
    )
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="print only failures and the summary"
    )
    add_json(parser)
    parser.set_defaults(handler=run_import)
