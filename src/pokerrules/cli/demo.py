"""``pokerrules demo``: the main job, a short tour of what the library does.

Each section is a :class:`~pokerrules.cli._options.Section`: its text, and its value for
``--json`` (the hands it plays as serialization documents; the evaluations, which the format
does not cover, as plain descriptions).
"""

from __future__ import annotations

import argparse
import contextlib
import io
from collections.abc import Callable
from typing import Any

from pokerrules.cards import parse_cards
from pokerrules.cli._options import Section, add_json, emit_json
from pokerrules.evaluation import (
    best_hands,
    evaluate_ace_to_five_low,
    evaluate_deuce_to_seven_low,
    evaluate_high,
)

_HANDS = {
    "Ann": "As Ks Qs Js Ts 2c 3d",
    "Bob": "Kh Kd Ks 7c 7d 2s 3h",
    "Cat": "5d 4c 3h 2s Ac Kd 9h",
    "Dan": "Ah Ad Ac As Jk",
}


def demo_evaluation() -> Section:
    """Evaluate and compare a few hands on each scale."""
    hands = {name: parse_cards(text, allow_joker=True) for name, text in _HANDS.items()}
    best = list(best_hands(hands))
    lines = [
        f"  {name}: {_HANDS[name]:<22} {evaluate_high(c).describe()}" for name, c in hands.items()
    ]
    lines.append(f"  Best high hand: {', '.join(best)}")
    lines.append("")
    lines.append("== The same cards as ace-to-five and deuce-to-seven lows")
    data: dict[str, dict[str, str | None]] = {}
    for name, cards in hands.items():
        low = evaluate_ace_to_five_low(cards).describe()
        # deuce-to-seven is played without a joker
        d27 = None if any(c.is_joker for c in cards) else evaluate_deuce_to_seven_low(cards)
        lines.append(f"  {name}: A-5 {low:<22} 2-7 {'-' if d27 is None else d27.describe()}")
        data[name] = {
            "cards": _HANDS[name],
            "high": evaluate_high(cards).describe(),
            "ace_to_five_low": low,
            "deuce_to_seven_low": None if d27 is None else d27.describe(),
        }
    return Section("Hand evaluation (high)", lines, {"hands": data, "best_high": best})


#: Sections of the demo, in order; later capabilities append theirs. A section returns a
#: :class:`~pokerrules.cli._options.Section` (one that prints its own text is accepted too).
SECTIONS: list[Callable[[], Section | None]] = [
    demo_evaluation,
    *__import__("pokerrules.cli.play", fromlist=["_"]).DEMO_SECTIONS,
]


def _run_section(section: Callable[[], Section | None]) -> Section:
    """Run a section; one that prints its text itself (and returns nothing) is captured, its
    ``== `` line the title, with no value for ``--json`` beyond its ``text``."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        result = section()
    if result is not None:
        return result
    lines = printed.getvalue().strip("\n").splitlines()
    title = lines[0].removeprefix("== ") if lines else ""
    return Section(title, lines[1:], {"text": lines[1:]})


def run(args: argparse.Namespace) -> int:
    """Print every demo section."""
    sections = [_run_section(section) for section in SECTIONS]
    if args.json:
        emit_json({"sections": [{"title": s.title, **s.data} for s in sections]})
        return 0
    print("pokerrules demo")
    for section in sections:
        print(f"\n== {section.title}")
        for line in section.lines:
            print(line)
    return 0


def register(subparsers: Any) -> None:
    """Add ``demo`` to the command line."""
    parser = subparsers.add_parser("demo", help="a short tour of the library")
    add_json(parser)
    parser.set_defaults(handler=run)
