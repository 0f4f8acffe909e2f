"""``pokerrules chicago``: simulate a game of Swedish Chicago and print the score sheet."""

from __future__ import annotations

import argparse
import random
from typing import Any

import attrs

from pokerrules._validators import shown
from pokerrules.cli._options import add_json, add_seed, check_range, emit_json, integer, seed_of
from pokerrules.errors import InvalidNotationError
from pokerrules.games.chicago import (
    SWEDISH_RULES,
    WIKIPEDIA_RULES,
    ChicagoPlayer,
    ChicagoRules,
    RandomPlayer,
    SimplePlayer,
    simulate,
)

_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
_RULES = {"default": ChicagoRules(), "swedish": SWEDISH_RULES, "wikipedia": WIKIPEDIA_RULES}


def run(args: argparse.Namespace) -> int:
    """Play a seeded game between built-in players and print it."""
    count = 3 if args.players is None else args.players
    names: list[str] = args.names or list(_NAMES[:count])
    if args.names and args.players is not None and len(args.names) != args.players:
        raise InvalidNotationError(
            f"--players {shown(args.players)} but {len(args.names)} --names"
        )
    if not 2 <= (len(args.names) if args.names else count) <= len(_NAMES):
        given = len(args.names) if args.names else count
        raise InvalidNotationError(f"Chicago is played by 2 to 6 players, not {shown(given)}")
    check_range("--max-deals", args.max_deals, 1)
    rules = _RULES[args.rules]
    seed = seed_of(args)
    players: dict[int, ChicagoPlayer] = {}
    for seat in range(len(names)):
        if args.random:
            players[seat] = RandomPlayer(random.Random(f"{seed}:{seat}"))
        else:
            players[seat] = SimplePlayer()
    game = simulate(names, rules=rules, seed=seed, strategies=players, max_deals=args.max_deals)
    kind = "random" if args.random else "simple"
    if args.json:
        from pokerrules.serialization import to_data  # noqa: PLC0415 - loads cattrs

        emit_json({"seed": seed, "rules": args.rules, "players": kind, "game": to_data(game)})
        return 0
    print(f"Chicago, {args.rules} rules, {len(names)} {kind} players, seed {seed}")
    if args.log:
        for entry in game.log:
            print(f"  {entry}")
    sheet = game.sheet
    if game.winner is None:
        # The deal after the limit is dealt but never played: it has no row on the sheet.
        sheet = attrs.evolve(sheet, dealers=sheet.dealers[: args.max_deals])
    print(sheet.format())
    print()
    if game.winner is not None:
        print(f"Winner: {game.names[game.winner]} with {game.scores[game.winner]} points")
    else:
        deals = "1 deal" if args.max_deals == 1 else f"{args.max_deals} deals"
        print(f"No winner after {deals}")
    return 0


def register(subparsers: Any) -> None:
    """Add ``chicago`` to the command line."""
    parser = subparsers.add_parser(
        "chicago", help="simulate a game of Swedish Chicago and print the score sheet"
    )
    add_seed(parser, "shuffle seed")
    add_json(parser)
    parser.add_argument("--players", type=integer, default=None, help="2-6 players (default 3)")
    parser.add_argument("--names", nargs="+", metavar="NAME", help="the players' names")
    parser.add_argument("--rules", choices=sorted(_RULES), default="default", help="rule set")
    parser.add_argument(
        "--random", action="store_true", help="random players instead of the simple strategy"
    )
    parser.add_argument("--log", action="store_true", help="print the game's log first")
    parser.add_argument(
        "--max-deals", type=integer, default=1000, help="stop after this many deals (default 1000)"
    )
    parser.set_defaults(handler=run)
