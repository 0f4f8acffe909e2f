"""The ``pokerrules`` command.

Each subcommand lives in its own module in this package and exposes ``register(subparsers)``,
which adds its parser and sets ``handler`` (a function taking the parsed arguments and returning
the exit status). Modules are discovered, so adding a command touches no shared file.

Bad input prints one clear line to standard error and exits with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Callable, Sequence

from pokerrules.errors import PokerRulesError

__all__ = ["Handler", "main"]

Handler = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with every discovered subcommand."""
    parser = argparse.ArgumentParser(
        prog="pokerrules", description="Poker rules: evaluate hands, resolve pots, play variants."
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler = args.handler
    try:
        return handler(args)
    except PokerRulesError as error:
        print(f"pokerrules {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly, as Unix tools do
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
