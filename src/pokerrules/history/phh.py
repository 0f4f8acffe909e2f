"""Poker Hand History (PHH) files: read and write ``.phh`` and multi-hand ``.phhs``.

PHH (the University of Toronto Computer Poker Research Group's "Poker Hand History File Format
Specification", phh-std) is TOML: a hand is a table of fields -- ``variant``, ``antes``,
``blinds_or_straddles``, ``starting_stacks``, ``actions`` and optional ones such as
``players`` and ``finishing_stacks`` -- and a ``.phhs`` file holds several hands as tables
``[1]``, ``[2]``, ...

Amounts are exact: integers stay :class:`int` and decimals become :class:`~decimal.Decimal`
(``0.10`` stays ``Decimal('0.10')``), never floats. Actions are parsed into :class:`Notation`
values and written back in the same notation.

A :class:`HandHistory` or :class:`Notation` is checked when it is made, whether read from a
file or built in code: one that a file could not hold (a list of the wrong length, a negative
ante, a bet with no amount, an action by a player not at the table) raises
:class:`~pokerrules.errors.InvalidNotationError`, so that what :func:`dumps` writes,
:func:`loads` reads back.

>>> history = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [200, 200, 200]
... actions = ["d dh p1 AcAd", "d dh p2 7h2c", "d dh p3 ????", "p3 f", "p1 cbr 6.5", "p2 f"]
... ''')
>>> history.players_count, history.actions[4]
(3, Notation(verb=<Verb.BET_OR_RAISE_TO: 'cbr'>, player=0, amount=Decimal('6.5')))
>>> str(history.actions[2])
'd dh p3 ????'
>>> loads(dumps(history)) == history
True
"""

from __future__ import annotations

import datetime
import functools
import operator
import os
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, Final, TypeGuard

import attrs

from pokerrules._validators import shown
from pokerrules.errors import InvalidNotationError, PokerRulesError
from pokerrules.history import _notation
from pokerrules.history import _toml as _plain_toml
from pokerrules.history._fields import (
    _FIELD_ORDER,
    _MODELLED,
    _check_extra,
    _check_variant_fields,
)
from pokerrules.history._notation import (
    _AMOUNT_LIMIT,
    _INT_ONLY,
    _STR_ONLY,
    Amount,
    Notation,
    Verb,
    _format_amount,
    _number,
    _say,
    _sequence,
    parse_amount,
    parse_notation,
)

__all__ = [
    "Amount",
    "HandHistory",
    "Notation",
    "Verb",
    "dumps",
    "dumps_many",
    "load",
    "loads",
    "loads_many",
    "parse_amount",
    "parse_notation",
    "read_each",
    "read_hands",
]


#: The word-by-word notation parser, which words every error (the fast paths' reference).
_parse_word_by_word: Final = _notation._parse_word_by_word

_PLAYER_OF: Final = operator.attrgetter("player")
_is_someone: Final = functools.partial(operator.is_not, None)

# --- the hand history -------------------------------------------------------------------------


def _amounts(values: Iterable[Amount]) -> tuple[Amount, ...]:
    return _sequence(values, "an amounts field")


def _optional_amounts(values: Iterable[Amount] | None) -> tuple[Amount, ...] | None:
    return None if values is None else _sequence(values, "an amounts field")


def _stacks(values: Iterable[Amount | None]) -> tuple[Amount | None, ...]:
    return _sequence(values, "starting_stacks")


def _notations(values: Iterable[Notation | str]) -> tuple[Notation, ...]:
    listed = _sequence(values, "actions")
    if set(map(type, listed)) <= _STR_ONLY:  # text, as read from a file
        return tuple(map(parse_notation, listed))
    return tuple(v if isinstance(v, Notation) else parse_notation(v) for v in listed)


def _names(values: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if values is None else _sequence(values, "players")


def _extra(values: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(values, Mapping):
        raise InvalidNotationError(f"extra must be a mapping of field names, not {shown(values)}")
    return dict(values)


@attrs.frozen(kw_only=True)
class HandHistory:
    """One PHH hand. Amounts are exact (``int`` or ``Decimal``); an unknown starting stack
    (``inf`` in the file) is ``None``. ``extra`` keeps every other field (author, event,
    venue, time, ...) so that a history round-trips."""

    variant: str
    antes: tuple[Amount, ...] = attrs.field(converter=_amounts)
    blinds_or_straddles: tuple[Amount, ...] | None = attrs.field(
        default=None, converter=_optional_amounts
    )
    bring_in: Amount | None = None
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    min_bet: Amount | None = None
    starting_stacks: tuple[Amount | None, ...] = attrs.field(converter=_stacks)
    actions: tuple[Notation, ...] = attrs.field(converter=_notations)
    ante_trimming_status: bool | None = None
    players: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    finishing_stacks: tuple[Amount, ...] | None = attrs.field(
        default=None, converter=_optional_amounts
    )
    winnings: tuple[Amount, ...] | None = attrs.field(default=None, converter=_optional_amounts)
    extra: dict[str, Any] = attrs.field(factory=dict, converter=_extra, hash=False)

    def __attrs_post_init__(self) -> None:
        _check_history(self, read=False)

    @property
    def players_count(self) -> int:
        """The number of players."""
        return len(self.starting_stacks)


def _check_history(history: HandHistory, *, read: bool) -> None:
    """Refuse a history a PHH file could not hold. ``read`` says its fields came from
    :func:`_from_table`, which has already checked each one's type and each amount's digits:
    only the checks across fields (lengths, signs, player numbers, the variant's fields, the
    extra fields) are left."""
    if not read and not isinstance(history.variant, str):
        raise InvalidNotationError(f"variant must be a string, not {shown(history.variant)}")
    n = len(history.starting_stacks)
    if n < 2:
        raise InvalidNotationError(f"a PHH hand needs at least two players, got {n}")
    for name in ("antes", "blinds_or_straddles", "players", "finishing_stacks", "winnings"):
        value = getattr(history, name)
        if value is not None and len(value) != n:
            raise InvalidNotationError(
                f"{name} has {len(value)} entries but there are {n} players"
            )
    _check_amounts(history, read=read)
    if not read:
        trimming = history.ante_trimming_status
        if trimming is not None and not isinstance(trimming, bool):
            raise InvalidNotationError("ante_trimming_status must be true or false")
        players = history.players
        if players is not None and not all(isinstance(p, str) for p in players):
            raise InvalidNotationError("players must be an array of strings")
    # the highest player named, in one pass; the loop finds the first beyond the table
    named = max(filter(_is_someone, map(_PLAYER_OF, history.actions)), default=-1)
    for action in history.actions if named >= n else ():
        if action.player is not None and action.player >= n:
            raise InvalidNotationError(f"{str(action)!r} names player {action.player + 1} of {n}")
    given = {k: True for k in _VARIANT_FIELDS if getattr(history, k) is not None}
    _check_variant_fields(history.variant, given, "")
    _check_extra(history.extra, n)


def _plain_ints(values: Sequence[Any]) -> TypeGuard[Sequence[int]]:
    """Whether every value is a plain ``int`` of fewer than 600 digits: an amount
    :func:`_number` takes as it is, checked in one pass over the types and one over the sizes."""
    return set(map(type, values)) <= _INT_ONLY and (
        not values or (min(values) > -_AMOUNT_LIMIT and max(values) < _AMOUNT_LIMIT)
    )


def _number_tuple(value: Any, where: str, *, infinite: bool = False) -> tuple[Amount, ...]:
    if not isinstance(value, list):
        raise InvalidNotationError(f"{where} must be an array of numbers, not {shown(value)}")
    if _plain_numbers(value):
        return tuple(value)
    return tuple([_number(v, where, infinite=infinite) for v in value])


def _plain_numbers(values: list[Any]) -> bool:
    """Whether every value is a plain ``int`` or a finite ``Decimal`` of fewer than 600 digits
    before the point: an amount :func:`_number` takes as it is, checked a list at a time. (A
    finite decimal has 600 digits or more before the point exactly when it is at least
    ``10**600`` either way; the infinities are checked first, as a NaN cannot be compared.)"""
    kinds = set(map(type, values))
    if kinds <= _INT_ONLY:  # (as _plain_ints checks them, the types known)
        return not values or (min(values) > -_AMOUNT_LIMIT and max(values) < _AMOUNT_LIMIT)
    return (
        kinds <= _INT_OR_DECIMAL
        and all(map(Decimal.is_finite, [v for v in values if type(v) is Decimal]))
        and min(values) > -_DECIMAL_LIMIT
        and max(values) < _DECIMAL_LIMIT
    )


_INT_OR_DECIMAL: Final = frozenset({int, Decimal})
#: :data:`_AMOUNT_LIMIT` as a decimal, which compares with a decimal without converting 600
#: digits.
_DECIMAL_LIMIT: Final = Decimal(f"1E+{len(str(_AMOUNT_LIMIT)) - 1}")


def _optional_numbers(table: Mapping[str, Any], key: str) -> tuple[Amount, ...] | None:
    value = table.get(key)
    return None if value is None and key not in table else _number_tuple(value, key)


def _optional_number(table: Mapping[str, Any], key: str) -> Amount | None:
    value = table.get(key)
    return None if value is None and key not in table else _number(value, key)


#: The amount fields the PHH specification requires to be positive, and the lists of amounts
#: that cannot be negative. ``blinds_or_straddles`` may hold a negative entry (a blind posted
#: out of turn, pokerkit's notation; see :mod:`pokerrules.history.replay`).
_POSITIVE_FIELDS: Final = ("bring_in", "small_bet", "big_bet", "min_bet")
_NON_NEGATIVE_LISTS: Final = ("antes", "finishing_stacks", "winnings")
_VARIANT_FIELDS: Final = ("blinds_or_straddles", *_POSITIVE_FIELDS)


def _check_amounts(history: HandHistory, *, read: bool) -> None:
    """Refuse amounts a PHH file could not hold: not numbers, or of the wrong sign. With
    ``read``, every amount is already known to be a number (:func:`_from_table` checked it) and
    an infinite starting stack already ``None``: only the signs are left."""
    stacks = history.starting_stacks
    for stack in () if _plain_ints(stacks) and min(stacks) > 0 else stacks:
        if stack is None:
            continue
        if not read:
            _number(stack, "starting_stacks", infinite=True)
            if isinstance(stack, Decimal) and stack.is_infinite() and stack > 0:
                raise InvalidNotationError(
                    "an unknown starting stack is None (written inf), not inf"
                )
        if stack <= 0:
            raise InvalidNotationError(f"a starting stack must be positive, not {_say(stack)}")
    for key in ("antes", "blinds_or_straddles", "finishing_stacks", "winnings"):
        values = getattr(history, key)
        if not read:
            for value in () if values is None or _plain_ints(values) else values:
                _number(value, key)
        if key in _NON_NEGATIVE_LISTS and values and min(values) < 0:
            raise InvalidNotationError(f"{key} cannot be negative")
    for key in _POSITIVE_FIELDS:
        value = getattr(history, key)
        if value is not None and (value if read else _number(value, key)) <= 0:
            raise InvalidNotationError(f"{key} must be positive, not {_say(value)}")


#: The setters of a history's fields in their order, for :func:`_from_table`'s construction
#: of a history from values it has checked.
_HISTORY_SETTERS: Final = tuple(
    HandHistory.__dict__[field.name].__set__ for field in attrs.fields(HandHistory)
)
_new_history: Final = functools.partial(object.__new__, HandHistory)


def _is_unknown(value: Any) -> bool:
    """Whether a starting stack is ``inf``: unknown."""
    return isinstance(value, Decimal) and value.is_infinite() and value > 0


def _from_table(table: Mapping[str, Any], where: str = "") -> HandHistory:
    prefix = f"{where}: " if where else ""
    for key in ("variant", "antes", "starting_stacks", "actions"):
        if key not in table:
            raise InvalidNotationError(f"{prefix}the required field {key!r} is missing")
    variant = table["variant"]
    if not isinstance(variant, str):
        raise InvalidNotationError(f"{prefix}variant must be a string, not {shown(variant)}")
    actions = table["actions"]
    if not isinstance(actions, list) or not (
        set(map(type, actions)) <= _STR_ONLY or all(isinstance(a, str) for a in actions)
    ):
        raise InvalidNotationError(f"{prefix}actions must be an array of strings")
    stacks: tuple[Amount | None, ...] = _number_tuple(
        table["starting_stacks"], "starting_stacks", infinite=True
    )
    if not _plain_ints(stacks):
        stacks = tuple([None if _is_unknown(value) else value for value in stacks])
    players = table.get("players")
    if players is not None and (
        not isinstance(players, list)
        or not (set(map(type, players)) <= _STR_ONLY or all(isinstance(p, str) for p in players))
    ):
        raise InvalidNotationError(f"{prefix}players must be an array of strings")
    trimming = table.get("ante_trimming_status")
    if trimming is not None and not isinstance(trimming, bool):
        raise InvalidNotationError(f"{prefix}ante_trimming_status must be true or false")
    try:
        # The fields in the class's order, each built as its converter would build it from
        # values checked here (the numbers before the notations, as the class converts them),
        # so that only the checks across fields are left (:func:`_check_history`).
        antes = _number_tuple(table["antes"], "antes")
        blinds = _optional_numbers(table, "blinds_or_straddles")
        bring_in = _optional_number(table, "bring_in")
        small_bet = _optional_number(table, "small_bet")
        big_bet = _optional_number(table, "big_bet")
        min_bet = _optional_number(table, "min_bet")
        finishing = _optional_numbers(table, "finishing_stacks")
        winnings = _optional_numbers(table, "winnings")
        extra = {k: v for k, v in table.items() if k not in _MODELLED}
        notations = tuple(map(parse_notation, actions))
        values = (
            variant,
            antes,
            blinds,
            bring_in,
            small_bet,
            big_bet,
            min_bet,
            stacks,
            notations,
            trimming,
            None if players is None else tuple(players),
            finishing,
            winnings,
            extra,
        )
        history = _new_history()
        for setter, value in zip(_HISTORY_SETTERS, values, strict=True):
            setter(history, value)
        _check_history(history, read=True)
    except InvalidNotationError as error:
        if not where:
            raise
        raise InvalidNotationError(f"{prefix}{error}") from None
    return history


def _toml(text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise InvalidNotationError(f"a PHH document is text, not {shown(text)}")
    plain = _plain_toml.read(text)
    if plain is not None:
        return plain
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise InvalidNotationError(f"not valid TOML: {error}") from None
    except (ValueError, ArithmeticError):
        # an integer of thousands of digits, or a float whose exponent Decimal cannot hold
        raise InvalidNotationError("not valid TOML: a number too large to read") from None
    except RecursionError:
        raise InvalidNotationError("not valid TOML: arrays or tables nested too deeply") from None


def loads(text: str) -> HandHistory:
    """Read one hand from the text of a ``.phh`` file."""
    return _from_table(_toml(text))


def loads_many(text: str) -> dict[str, HandHistory]:
    """Read the hands of a ``.phhs`` file, by table name (``'1'``, ``'2'``, ...)."""
    document = _toml(text)
    hands: dict[str, HandHistory] = {}
    for key, table in document.items():
        if not isinstance(table, dict):
            raise InvalidNotationError(
                f"a .phhs file holds one table per hand; {key!r} is not a table"
            )
        hands[key] = _from_table(table, f"[{key}]")
    return hands


def _path(path: str | Path) -> Path:
    if not isinstance(path, str | os.PathLike):
        raise InvalidNotationError(f"a path is a string or a Path, not {shown(path)}")
    return Path(path)


def _read_text(path: Path) -> str:
    """The text of a file; a file that is not there or cannot be read raises ``OSError``."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise InvalidNotationError(f"{path} is not UTF-8 text: {error.reason}") from None
    except ValueError as error:  # a NUL character in the name
        raise InvalidNotationError(f"{shown(str(path))} is not a file name: {error}") from None


def load(path: str | Path) -> HandHistory:
    """Read one hand from a ``.phh`` file."""
    return loads(_read_text(_path(path)))


def _is_phhs(path: Path) -> bool:
    """Whether a file holds several hands: its name ends ``.phhs`` in any case (``X.PHHS``)."""
    return path.suffix.lower() == ".phhs"


def read_hands(path: str | Path) -> Iterator[tuple[str, HandHistory]]:
    """Every hand in a ``.phh`` or ``.phhs`` file, with a label (the path, plus ``[key]`` for
    the hands of a ``.phhs`` file)."""
    path = _path(path)
    text = _read_text(path)
    if _is_phhs(path):
        for key, hand in loads_many(text).items():
            yield f"{path}[{key}]", hand
    else:
        yield str(path), loads(text)


def read_each(path: str | Path) -> Iterator[tuple[str, HandHistory | PokerRulesError]]:
    """Like :func:`read_hands`, but a hand that cannot be read gives its error in place of the
    hand, so that one bad table of a ``.phhs`` file does not hide the others. A file that
    cannot be read at all (or is not TOML) still raises."""
    path = _path(path)
    text = _read_text(path)
    if not _is_phhs(path):
        try:
            yield str(path), loads(text)
        except PokerRulesError as error:
            yield str(path), error
        return
    for key, table in _toml(text).items():
        label = f"{path}[{key}]"
        if not isinstance(table, dict):
            yield label, InvalidNotationError(f"{key!r} is not a table (one table per hand)")
            continue
        try:
            yield label, _from_table(table, f"[{key}]")
        except PokerRulesError as error:
            yield label, error


# --- writing ----------------------------------------------------------------------------------

_ESCAPES: Final = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _toml_string(text: str) -> str:
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return _format_amount(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):  # a user-defined table: written inline
        items = ", ".join(f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items())
        return "{" + items + "}"
    raise InvalidNotationError(f"cannot write {shown(value)} to a PHH file")


def _toml_key(key: str) -> str:
    """A key as TOML writes it: bare when it can be, else quoted."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml_string(key)


def _table(history: HandHistory) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "variant": history.variant,
        "ante_trimming_status": history.ante_trimming_status,
        "antes": history.antes,
        "blinds_or_straddles": history.blinds_or_straddles,
        "bring_in": history.bring_in,
        "small_bet": history.small_bet,
        "big_bet": history.big_bet,
        "min_bet": history.min_bet,
        "starting_stacks": [Decimal("inf") if s is None else s for s in history.starting_stacks],
        "actions": history.actions,
        "players": history.players,
        "finishing_stacks": history.finishing_stacks,
        "winnings": history.winnings,
    }
    fields.update(history.extra)
    ordered = {k: fields[k] for k in _FIELD_ORDER if fields.get(k) is not None}
    ordered.update({k: v for k, v in fields.items() if k not in ordered and v is not None})
    return ordered


def _lines(history: HandHistory) -> list[str]:
    lines = []
    for key, value in _table(history).items():
        if key == "actions":
            lines.append("actions = [")
            lines.extend(f"  {_toml_string(str(a))}," for a in value)
            lines.append("]")
        else:
            lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    return lines


def _history(value: object) -> HandHistory:
    if not isinstance(value, HandHistory):
        raise InvalidNotationError(f"expected a HandHistory, not {shown(value)}")
    return value


def dumps(history: HandHistory) -> str:
    """Write one hand as the text of a ``.phh`` file."""
    return "\n".join(_lines(_history(history))) + "\n"


def dumps_many(hands: Mapping[str, HandHistory] | Iterable[HandHistory]) -> str:
    """Write several hands as the text of a ``.phhs`` file (tables ``[1]``, ``[2]``, ... when
    given a plain sequence)."""
    items = (
        list(hands.items())
        if isinstance(hands, Mapping)
        else [(str(i), h) for i, h in enumerate(_sequence(hands, "hands"), 1)]
    )
    blocks = []
    for key, history in items:
        if not isinstance(key, str):
            raise InvalidNotationError(f"a hand's name must be a string, not {shown(key)}")
        _history(history)
        name = key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml_string(key)
        blocks.append("\n".join([f"[{name}]", *_lines(history)]))
    return "\n\n".join(blocks) + "\n"
