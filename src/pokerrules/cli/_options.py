"""Checks shared by the commands' options: a bad value is one clear line, never a traceback."""

from __future__ import annotations

import argparse
import enum
import json
import secrets
import sys
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

from pokerrules._validators import shown
from pokerrules.errors import InvalidNotationError

__all__ = [
    "Section",
    "add_json",
    "add_seed",
    "check_range",
    "emit_json",
    "integer",
    "plain",
    "seed_of",
    "whole_number",
]

#: Seeds drawn when none is given are below this, so they are short enough to retype.
SEED_RANGE = 2**32


def whole_number(text: str, what: str | None = None) -> int:
    """``text`` as a whole number (as ``int`` reads it: ``' 12'``, ``'-3'``, ``'1_000'``), or
    :class:`~pokerrules.errors.InvalidNotationError` (naming ``what`` when given): for text
    that is not a whole number, or one of more digits than Python converts."""
    try:
        return int(text)
    except ValueError:
        pass
    digits = text.strip().removeprefix("-").removeprefix("+").replace("_", "")
    limit = sys.get_int_max_str_digits()
    subject = shown(text) if what is None else f"{what} {shown(text)}"
    if digits.isdecimal() and limit and len(digits) > limit:
        raise InvalidNotationError(f"{subject} has too many digits (more than {limit:,})")
    if what is None:
        raise InvalidNotationError(f"{subject} is not a whole number")
    raise InvalidNotationError(f"{what} must be a whole number, not {shown(text)}")


def integer(text: str) -> int:
    """An argparse ``type`` for a whole-number option: like ``int``, with a short message for
    text that is not a whole number or has too many digits to read."""
    try:
        return whole_number(text)
    except InvalidNotationError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def check_range(option: str, value: int, low: int, high: int | None = None) -> None:
    """Refuse an option's value below ``low`` or above ``high`` (one line, exit status 2)."""
    if value < low or (high is not None and value > high):
        bounds = f"at least {low:,}" if high is None else f"{low:,} to {high:,}"
        raise InvalidNotationError(f"{option} must be {bounds}, not {shown(value)}")


def add_seed(parser: Any, what: str) -> None:
    """Add an optional ``--seed``: without it the command draws a seed and prints it, so the
    run can be repeated exactly."""
    parser.add_argument(
        "--seed",
        type=integer,
        default=None,
        help=f"{what} (default: a random seed, printed so the run can be repeated)",
    )


def seed_of(args: argparse.Namespace) -> int:
    """The seed the run uses: the one given, or one drawn from the system's entropy (the only
    randomness the library takes from outside; everything after it is seeded)."""
    seed: int | None = args.seed
    if seed is None:
        seed = secrets.randbelow(SEED_RANGE)
        args.seed = seed
    check_range("--seed", seed, 0)
    return seed


def add_json(parser: Any) -> None:
    """Add ``--json``: print one JSON document on standard output instead of the text."""
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON document instead of the text (see the docs for its keys)",
    )


def plain(value: object) -> object:
    """``value`` with every exact number a string, for ``json``: a
    :class:`~fractions.Fraction` as ``'3/2'`` (or ``'3'`` when whole), a
    :class:`~decimal.Decimal` as ``'1.50'``, never a float that would round them; an enum
    as its value; tuples and sets as lists (sets sorted), mappings with string keys."""
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, Fraction | Decimal):
        return str(value)
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((plain(item) for item in value), key=str)
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    raise TypeError(f"no JSON form for {type(value).__name__}")  # a bug here, not bad input


def emit_json(data: object) -> None:
    """Print ``data`` (made :func:`plain`) as one line of JSON on standard output."""
    print(json.dumps(plain(data), allow_nan=False))


class Section(NamedTuple):
    """A section of ``pokerrules demo``: its title, its lines of text and its value for
    ``--json`` (a plain JSON object, holding serialization documents where it can)."""

    title: str
    lines: list[str]
    data: dict[str, Any]
