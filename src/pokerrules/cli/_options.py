"""Checks shared by the commands' options: a bad value is one clear line, never a traceback."""

from __future__ import annotations

import argparse
import secrets
import sys
from typing import Any

from pokerrules._validators import shown
from pokerrules.errors import InvalidNotationError

__all__ = ["add_seed", "check_range", "integer", "seed_of", "whole_number"]

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
