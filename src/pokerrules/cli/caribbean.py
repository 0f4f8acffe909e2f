"""``pokerrules caribbean``: play one round of Caribbean stud and print each settlement."""

from __future__ import annotations

import argparse
from typing import Any

from pokerrules.errors import InvalidNotationError
from pokerrules.games.caribbean import UK_RULES, US_RULES, Wager, play_round

_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")


def run(args: argparse.Namespace) -> int:
    """Play a seeded round with the simple strategy and print it."""
    if not 1 <= args.players <= len(_NAMES):
        raise InvalidNotationError(f"--players must be 1 to {len(_NAMES)}, not {args.players}")
    if args.ante < 1:
        raise InvalidNotationError(f"--ante must be a positive chip amount, not {args.ante}")
    rules = UK_RULES if args.rules == "uk" else US_RULES
    wagers = [
        Wager(player=name, ante=args.ante, progressive=not args.no_progressive)
        for name in _NAMES[: args.players]
    ]
    table = play_round(wagers, rules=rules, seed=args.seed)
    print(f"Caribbean stud, {rules.name} rules, seed {args.seed}")
    print(table.describe())
    print(f"house {float(table.house_result):+.2f}; progressive meter {table.meter.display}")
    return 0


def register(subparsers: Any) -> None:
    """Add ``caribbean`` to the command line."""
    parser = subparsers.add_parser(
        "caribbean", help="play a round of Caribbean stud and print each settlement"
    )
    parser.add_argument("--seed", type=int, required=True, help="shuffle seed")
    parser.add_argument(
        "--players", type=int, default=3, help="players at the table, 1-7 (default: 3)"
    )
    parser.add_argument(
        "--ante", type=int, default=10, help="each player's ante in chips (default: 10)"
    )
    parser.add_argument(
        "--rules", choices=("us", "uk"), default="us", help="rule set (default: us)"
    )
    parser.add_argument(
        "--no-progressive", action="store_true", help="nobody makes the progressive side bet"
    )
    parser.set_defaults(handler=run)
