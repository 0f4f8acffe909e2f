"""The fields of a PHH hand beyond its actions: their order in a file, which ones the library
models, and the checks of the fields a standard variant requires and of the optional fields
(PHH specification, "Required fields" and "Optional fields")."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Final

from pokerrules._validators import shown
from pokerrules.errors import InvalidNotationError
from pokerrules.history._notation import _AMOUNT_LIMIT
from pokerrules.history.codes import is_extension, split_extension

#: The required and optional fields of phh-std, in the order they are written.
_FIELD_ORDER: Final = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "time_limit",
    "time_banks",
)
#: Fields the library reads into typed values: the game fields (the first ten above) and the
#: players and results; everything else is kept as ``extra``.
_MODELLED: Final = frozenset(_FIELD_ORDER[: _FIELD_ORDER.index("actions") + 1]) | {
    "players",
    "finishing_stacks",
    "winnings",
}


# The standard variant codes by betting structure and forced bets (PHH specification, "Required
# fields"): fixed-limit games give small_bet and big_bet and never min_bet; no- and pot-limit
# games give min_bet; stud games give bring_in and never blinds_or_straddles.
_FIXED_LIMIT_CODES: Final = frozenset({"FT", "FO/8", "F7S", "F7S/8", "FR", "F2L3D", "FB"})
_BIG_BET_CODES: Final = frozenset({"NT", "NS", "PO", "N2L1D"})
_STUD_CODES: Final = frozenset({"F7S", "F7S/8", "FR"})
_BLIND_CODES: Final = _FIXED_LIMIT_CODES | _BIG_BET_CODES


def _check_variant_fields(code: str, table: Mapping[str, Any], prefix: str) -> None:
    """Refuse a standard variant's history that lacks a field it requires or gives one it must
    not; other codes are left to the replay."""
    required: list[str] = []
    forbidden: list[str] = []
    if is_extension(code):  # the library's extension codes: blinds, and the structure's bets
        fixed = split_extension(code)[0] == "F"
        required += ["blinds_or_straddles", *(("small_bet", "big_bet") if fixed else ["min_bet"])]
        forbidden += ["bring_in", *(["min_bet"] if fixed else ())]
    elif code in _FIXED_LIMIT_CODES:
        required += ["small_bet", "big_bet"]
        forbidden.append("min_bet")
    elif code in _BIG_BET_CODES:
        required.append("min_bet")
    if code in _STUD_CODES:
        required.append("bring_in")
        forbidden.append("blinds_or_straddles")
    elif code in _BLIND_CODES:
        required.append("blinds_or_straddles")
    missing = [key for key in required if key not in table]
    if missing:
        raise InvalidNotationError(f"{prefix}a {code} history needs {', '.join(missing)}")
    extra = [key for key in forbidden if key in table]
    if extra:
        raise InvalidNotationError(f"{prefix}a {code} history never gives {', '.join(extra)}")


# Optional fields of the specification and the TOML type each holds (the spec's "Optional
# fields"); user-defined fields (a leading underscore) may hold anything.
_TEXT_FIELDS: Final = frozenset(
    {
        "author", "event", "url", "venue", "address", "city", "region", "postal_code",
        "country", "time_zone", "time_zone_abbreviation", "currency", "currency_symbol",
    }
)  # fmt: skip
_WHOLE_FIELDS: Final = frozenset({"day", "month", "year", "level", "seat_count"})
#: Fields that hold a name or a number: the hand (``hand = "A-17"`` or ``hand = 17``).
_NAME_OR_NUMBER_FIELDS: Final = frozenset({"hand"})


#: Fields that hold one entry per player (the spec: "of length N where N is the number of
#: players", "of length equal to the number of players").
_PER_PLAYER_FIELDS: Final = ("seats", "time_banks")


def _check_optional_fields(table: Mapping[str, Any], prefix: str, players: int) -> None:
    """Refuse a known optional field of the wrong type (``day = "Mon"``), or a per-player one
    (``seats``, ``time_banks``) without one entry for each of the ``players``."""
    for key, value in table.items():
        if key in _TEXT_FIELDS and not isinstance(value, str):
            raise InvalidNotationError(f"{prefix}{key} must be a string, not {shown(value)}")
        if key in _WHOLE_FIELDS and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidNotationError(f"{prefix}{key} must be a whole number, not {shown(value)}")
        if key in _NAME_OR_NUMBER_FIELDS and (
            isinstance(value, bool) or not isinstance(value, str | int)
        ):
            raise InvalidNotationError(
                f"{prefix}{key} must be a string or a whole number, not {shown(value)}"
            )
        if key == "seats" and not (
            isinstance(value, list)
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise InvalidNotationError(f"{prefix}seats must be an array of seat numbers")
        if key == "time_banks":
            _check_times(value, f"{prefix}time_banks", each=True)
        if key == "time_limit":
            _check_times(value, f"{prefix}time_limit", each=False)
        if key in _PER_PLAYER_FIELDS and len(value) != players:
            raise InvalidNotationError(
                f"{prefix}{key} has {len(value)} entries but there are {players} players"
            )
        if key == "time" and not isinstance(value, datetime.time):
            raise InvalidNotationError(
                f"{prefix}time must be a TOML local time, not {shown(value)}"
            )


def _check_times(value: Any, where: str, *, each: bool) -> None:
    """Refuse a time that is not a number of at least 0 (``inf``, no limit, allowed), or with
    ``each``, an array of such times."""
    what = "an array of times (numbers at least 0)" if each else "a time (a number at least 0)"
    values = value if each else [value]
    if each and not isinstance(value, list | tuple):
        raise InvalidNotationError(f"{where} must be {what}, not {shown(value)}")
    for item in values:
        # a plain int or a Decimal (a TOML float), never a bool; not NaN, not below 0
        number = type(item) is int or (isinstance(item, Decimal) and not item.is_nan())
        if not number or item < 0:
            raise InvalidNotationError(f"{where} must be {what}, not {shown(value)}")


def _check_extra(extra: Mapping[Any, Any], players: int) -> None:
    """Refuse extra fields a PHH file could not hold: a modelled field's name, a known
    optional field of the wrong type or length (``players`` entries), or a value TOML cannot
    write."""
    for key, value in extra.items():
        if not isinstance(key, str):
            raise InvalidNotationError(f"a field name must be a string, not {shown(key)}")
        if key in _MODELLED:
            raise InvalidNotationError(f"{key} is a field of its own, not an extra field")
        _check_toml_value(value, key, 0)
    _check_optional_fields(extra, "", players)


def _check_toml_value(value: Any, where: str, depth: int) -> None:
    if depth > 100:
        raise InvalidNotationError(f"{where} is nested too deeply to write")
    if isinstance(value, datetime.time | datetime.datetime) and value.tzinfo is not None:
        # TOML has no offset time, and its offsets are whole minutes
        offset = value.utcoffset()
        if (
            isinstance(value, datetime.time)
            or offset is None
            or offset % datetime.timedelta(minutes=1)
        ):
            raise InvalidNotationError(f"{where}: TOML cannot hold the time {shown(value)}")
    if isinstance(value, bool | str | datetime.date | datetime.time):
        return
    if type(value) is int or isinstance(value, Decimal):
        if isinstance(value, int) and abs(value) >= _AMOUNT_LIMIT:
            raise InvalidNotationError(f"{where} is too large to write (600 digits or more)")
        return
    if isinstance(value, list | tuple):
        for item in value:
            _check_toml_value(item, where, depth + 1)
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidNotationError(f"{where}: a key must be a string, not {shown(key)}")
            _check_toml_value(item, where, depth + 1)
        return
    raise InvalidNotationError(f"{where}: cannot write {shown(value)} to a PHH file")
