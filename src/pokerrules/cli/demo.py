"""``pokerrules demo``: the main job, a short tour of what the library does."""

from __future__ import annotations

import argparse
from typing import Any

from pokerrules.cards import parse_cards
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


def _section(title: str) -> None:
    print(f"\n== {title}")


def demo_evaluation() -> None:
    """Evaluate and compare a few hands on each scale."""
    _section("Hand evaluation (high)")
    hands = {name: parse_cards(text, allow_joker=True) for name, text in _HANDS.items()}
    for name, cards in hands.items():
        print(f"  {name}: {_HANDS[name]:<22} {evaluate_high(cards).describe()}")
    print(f"  Best high hand: {', '.join(best_hands(hands))}")
    _section("The same cards as ace-to-five and deuce-to-seven lows")
    for name, cards in hands.items():
        low = evaluate_ace_to_five_low(cards).describe()
        d27 = (
            "-"
            if any(c.is_joker for c in cards)
            else evaluate_deuce_to_seven_low(cards).describe()
        )
        print(f"  {name}: A-5 {low:<22} 2-7 {d27}")


#: Sections of the demo, in order; later capabilities append theirs.
SECTIONS = [demo_evaluation, *__import__("pokerrules.cli.play", fromlist=["_"]).DEMO_SECTIONS]


def run(_args: argparse.Namespace) -> int:
    """Print every demo section."""
    print("pokerrules demo")
    for section in SECTIONS:
        section()
    return 0


def register(subparsers: Any) -> None:
    """Add ``demo`` to the command line."""
    parser = subparsers.add_parser("demo", help="a short tour of the library")
    parser.set_defaults(handler=run)
