"""PHH variant codes: the specification's, and the library's extension for the games it has none for.

The PHH specification ("Variants") names eleven games by a code: the betting structure's
letter (``F`` fixed limit, ``P`` pot limit, ``N`` no limit) and the game -- ``FT`` limit
hold'em, ``NT`` no-limit hold'em, ``NS`` short-deck, ``PO`` pot-limit Omaha, ``FO/8`` limit
Omaha hi/lo, ``F7S``, ``F7S/8`` and ``FR`` for stud, ``N2L1D``, ``F2L3D`` and ``FB`` for the
draw games (:data:`STANDARD_CODES`).

Online sites deal many more (five-card draw, limit Omaha high, pot-limit Omaha hi/lo, five- and
six-card Omaha, Courchevel, ace-to-five triple draw, six-plus hold'em where three of a kind
beats a straight). For those this library writes and reads
an **extension code**, never one the specification defines: ``X-`` followed by the
structure's letter and a game of :data:`EXTENSION_GAMES` -- ``X-FO`` limit Omaha high,
``X-PO/8`` pot-limit Omaha hi/lo, ``X-P5CD`` pot-limit five-card draw. An extension hand has
the fields a standard hand of its betting structure has: ``small_bet`` and ``big_bet`` for
fixed limit, ``min_bet`` for pot and no limit, and ``blinds_or_straddles``. Other readers of
PHH refuse the code, as they would any code they do not know.

>>> split_extension("X-PO/8")
('P', 'O/8')
>>> is_fixed_limit("X-F5CD"), is_fixed_limit("PO"), is_fixed_limit("FT")
(True, False, True)
>>> split_extension("X-QO")
Traceback (most recent call last):
...
pokerrules.errors.InvalidNotationError: 'X-QO' is not a variant code: an extension code is X- then F, P or N (the betting structure) then one of T, O, O/8, O5, O5/8, O6, C, C/8, 5CD, AL3D, ST
"""

from __future__ import annotations

from typing import Final

from pokerrules._validators import shown
from pokerrules.errors import InvalidNotationError

__all__ = [
    "EXTENSION_GAMES",
    "EXTENSION_PREFIX",
    "STANDARD_CODES",
    "STRUCTURES",
    "extension_code",
    "is_extension",
    "is_fixed_limit",
    "split_extension",
]

#: The variant codes of the PHH specification.
STANDARD_CODES: Final = frozenset(
    {"FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"}
)

#: What every extension code begins with.
EXTENSION_PREFIX: Final = "X-"

#: The betting structures' letters, as in the standard codes.
STRUCTURES: Final[dict[str, str]] = {"F": "fixed limit", "P": "pot limit", "N": "no limit"}

#: The games an extension code names, each by the catalogue variant dealt (its betting
#: structure is the code's): the letters follow the standard codes (``T`` hold'em, ``O``
#: Omaha, ``/8`` eight-or-better high-low, ``L`` lowball, ``3D`` three draws).
EXTENSION_GAMES: Final[dict[str, str]] = {
    "T": "No-limit Texas hold'em",
    "O": "Pot-limit Omaha",
    "O/8": "Pot-limit Omaha hi/lo",
    "O5": "Pot-limit five-card Omaha",
    "O5/8": "Pot-limit five-card Omaha hi/lo",
    "O6": "Pot-limit six-card Omaha",
    "C": "Pot-limit Courchevel",
    "C/8": "Pot-limit Courchevel hi/lo",
    "5CD": "Five-card draw",
    "AL3D": "Ace-to-five triple draw",
    "ST": "No-limit six-plus hold'em, trips over a straight",
}


def is_extension(code: str) -> bool:
    """Whether ``code`` is written as an extension code (``X-`` ...)."""
    return code.startswith(EXTENSION_PREFIX)


def split_extension(code: str) -> tuple[str, str]:
    """The betting structure's letter and the game of an extension code; raises
    :class:`~pokerrules.errors.InvalidNotationError` for any other text."""
    rest = code[len(EXTENSION_PREFIX) :]
    structure, game = rest[:1], rest[1:]
    if not is_extension(code) or structure not in STRUCTURES or game not in EXTENSION_GAMES:
        raise InvalidNotationError(
            f"{shown(code)} is not a variant code: an extension code is {EXTENSION_PREFIX} then "
            f"F, P or N (the betting structure) then one of {', '.join(EXTENSION_GAMES)}"
        )
    return structure, game


def extension_code(structure: str, game: str) -> str:
    """The extension code of a betting structure's letter and a game."""
    code = f"{EXTENSION_PREFIX}{structure}{game}"
    split_extension(code)
    return code


def is_fixed_limit(code: str) -> bool:
    """Whether a standard or extension code's game is played fixed limit."""
    return (code[len(EXTENSION_PREFIX) :] if is_extension(code) else code).startswith("F")
