"""``pokerrules equity``: all-in equity of known hands or ranges.

Each player is one argument: a known hand (``AsAh``) or a range in standard notation, quoted
when it holds spaces (``"QQ+, AKs"``). For example::

    pokerrules equity AsAh KsKd
    pokerrules equity 9c9s "TT, AK, AT, KT, QJ" --board AcKdTd
    pokerrules equity AsKsQd2c JhTh9c8c --game omaha8 --board Kc7d4h
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pokerrules.cli._options import add_json, add_seed, check_range, emit_json, integer, seed_of
from pokerrules.equity import (
    BOARD_GAMES,
    DEFAULT_CHUNK_SIZE,
    DEFAULT_EXACT_LIMIT,
    DEFAULT_SAMPLES,
    MAX_SAMPLES,
    EquityResult,
    Method,
    Spot,
    equity,
)

#: The most processes ``--workers`` starts (Windows allows at most 61).
MAX_WORKERS = 61 if sys.platform == "win32" else 256


def run(args: argparse.Namespace) -> int:
    """Compute and print the players' equities."""
    check_range("--samples", args.samples, 1, MAX_SAMPLES)
    seed = seed_of(args)
    check_range("--workers", args.workers, 1, MAX_WORKERS)
    method: Method = "exact" if args.exact else "sample" if args.sample else "auto"
    # the API's limits hold here too: --samples up to MAX_SAMPLES, and --exact refuses a spot
    # whose enumeration costs more than MAX_EXACT_COST (the message gives the cost)
    spot = Spot.build(args.hands, board=args.board, dead=args.dead, game=args.game)
    options: dict[str, Any] = {
        "method": method,
        "samples": args.samples,
        "seed": seed,
        "chunk_size": DEFAULT_CHUNK_SIZE,
        "exact_limit": DEFAULT_EXACT_LIMIT,
    }
    if args.workers > 1:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            result = equity(spot, executor=pool, **options)
    else:
        result = equity(spot, **options)
    if args.json:
        emit_json(as_json(result))
    else:
        print(result.table())
    return 0


def as_json(result: EquityResult) -> dict[str, Any]:
    """The result as ``--json`` writes it: the chances as numbers, ``share`` (the equity as
    an exact fraction of the outcomes counted) as a string, and ``seed`` null when exact."""
    players = [
        {
            "hand": p.hand,
            "combos": p.combos,
            "win": p.win,
            "tie": p.tie,
            "equity": p.equity,
            "high": p.high,
            "low": p.low,
            "share": p.share,
            "std_error": p.std_error,
        }
        for p in result
    ]
    return {
        "game": result.game.name,
        "board": " ".join(str(c) for c in result.board),
        "dead": " ".join(str(c) for c in result.dead),
        "exact": result.exact,
        "outcomes": result.outcomes,
        "seed": None if result.exact else result.seed,
        "players": players,
    }


def register(subparsers: Any) -> None:
    """Add ``equity`` to the command line."""
    games = ", ".join(game.aliases[0] if game.aliases else game.name for game in BOARD_GAMES)
    parser = subparsers.add_parser(
        "equity",
        help="all-in equity of hands or ranges (hold'em, Omaha, hi/lo)",
        description=(
            "Print each player's win, tie and equity: exact when the runouts are few enough, "
            "sampled (with standard errors) otherwise."
        ),
    )
    parser.add_argument(
        "hands", nargs="+", metavar="HAND", help="a known hand (AsAh) or a range ('QQ+, AKs')"
    )
    parser.add_argument("--board", default="", help="board cards so far, e.g. AcKdTd")
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    parser.add_argument("--game", default="holdem", help=f"the game (default holdem; {games})")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every runout")
    how.add_argument("--sample", action="store_true", help="sample runouts")
    parser.add_argument(
        "--samples",
        type=integer,
        default=DEFAULT_SAMPLES,
        help=f"runouts to sample when sampling (default {DEFAULT_SAMPLES})",
    )
    add_seed(parser, "sampling seed")
    add_json(parser)
    parser.add_argument(
        "--workers", type=integer, default=1, help="processes to sample with (default 1)"
    )
    parser.set_defaults(handler=run)
