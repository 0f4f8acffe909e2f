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
from typing import NoReturn

from pokerrules._version import __version__
from pokerrules.errors import PokerRulesError

__all__ = ["Handler", "main"]

Handler = Callable[[argparse.Namespace], int]


class _CommandParser(argparse.ArgumentParser):
    """A subcommand's parser: a bad option (``--seed x``, a missing argument) is one line on
    standard error and exit status 2, like any other bad input, not the usage and a line."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with every discovered subcommand."""
    # the top-level parser words its errors (no command, an unknown one) in one line too
    parser = _CommandParser(
        prog="pokerrules", description="Poker rules: evaluate hands, resolve pots, play variants."
    )
    parser.add_argument("--version", action="version", version=f"pokerrules {__version__}")
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=_CommandParser
    )
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args, extras = parser.parse_known_args(argv)
    if extras:  # as parse_args does, but in one line naming the command
        unknown = " ".join(" ".join(extras).split("\n"))
        unknown = unknown if len(unknown) <= 80 else unknown[:77] + "..."
        command = f"pokerrules {args.command}"
        parser.exit(2, f"{command}: unrecognized arguments: {unknown} (see {command} --help)\n")
    handler: Handler = args.handler
    try:
        return handler(args)
    except PokerRulesError as error:
        message = " ".join(str(error).split("\n"))  # one line, whatever the input held
        print(f"pokerrules {args.command}: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly, as Unix tools do
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
