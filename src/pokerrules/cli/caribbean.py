"""``pokerrules caribbean``: play one round of Caribbean stud and print each settlement."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from pokerrules.cli._options import add_json, add_seed, check_range, emit_json, integer, seed_of
from pokerrules.games.caribbean import UK_RULES, US_RULES, Wager, play_round

_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")


def _money(amount: Fraction) -> str:
    """``amount`` signed, to the cent, exactly (a float would lose the cents of a large sum,
    and overflow past 1e308): ``Fraction(-47, 10)`` -> ``'-4.70'``."""
    cents = round(amount * 100)  # halves to even, as float formatting rounds
    whole, part = divmod(abs(cents), 100)
    return f"{'-' if cents < 0 else '+'}{whole}.{part:02d}"


def run(args: argparse.Namespace) -> int:
    """Play a seeded round with the simple strategy and print it."""
    check_range("--players", args.players, 1, len(_NAMES))
    check_range("--ante", args.ante, 1)
    rules = UK_RULES if args.rules == "uk" else US_RULES
    wagers = [
        Wager(player=name, ante=args.ante, progressive=not args.no_progressive)
        for name in _NAMES[: args.players]
    ]
    seed = seed_of(args)
    table = play_round(wagers, rules=rules, seed=seed)
    if args.json:
        from pokerrules.serialization import to_data  # noqa: PLC0415 - loads cattrs

        emit_json({"seed": seed, "round": to_data(table)})
        return 0
    print(f"Caribbean stud, {rules.name} rules, seed {seed}")
    print(table.describe())
    print(f"house {_money(table.house_result)}; progressive meter {table.meter.display}")
    return 0


def register(subparsers: Any) -> None:
    """Add ``caribbean`` to the command line."""
    parser = subparsers.add_parser(
        "caribbean", help="play a round of Caribbean stud and print each settlement"
    )
    add_seed(parser, "shuffle seed")
    add_json(parser)
    parser.add_argument(
        "--players", type=integer, default=3, help="players at the table, 1-7 (default: 3)"
    )
    parser.add_argument(
        "--ante", type=integer, default=10, help="each player's ante in chips (default: 10)"
    )
    parser.add_argument(
        "--rules", choices=("us", "uk"), default="us", help="rule set (default: us)"
    )
    parser.add_argument(
        "--no-progressive", action="store_true", help="nobody makes the progressive side bet"
    )
    parser.set_defaults(handler=run)
