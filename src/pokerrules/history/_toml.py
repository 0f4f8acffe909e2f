"""A fast reader for the plain TOML that PHH files are written in, with :mod:`tomllib` behind it.

PHH files use a small part of TOML: ``key = value`` lines and ``[table]`` headers with bare
names, values that are strings without escapes, decimal integers and floats, booleans, local
times and arrays of these over several lines, and comments. :func:`read` parses that part
with a handful of compiled regular expressions, and gives the same result as
``tomllib.loads(text, parse_float=Decimal)``. Anything else -- an escape in a string, a quoted
or dotted key, a nested array, an inline table, a date, a repeated key, a stray character --
makes it return ``None``, and the caller asks :mod:`tomllib`, which reads the full language
and words the errors.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from typing import Any, Final

# Between the items of an array: spaces, tabs, newlines and whole-line comments. A comment
# holds no control character but the tab (TOML 1.0, "Comment").
_GAP: Final = r"(?:[ \t\n]|#[^\x00-\x08\x0a-\x1f\x7f]*(?=\n|\Z))*"
_SCALAR: Final = (
    r"""(?:"(?P<basic>[^"\\\x00-\x1f\x7f]*)"|'(?P<literal>[^'\x00-\x1f\x7f]*)'"""
    r"|(?P<float>[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+(?:[eE][+-]?[0-9]+)?|[eE][+-]?[0-9]+)"
    r"|[+-]?(?:inf|nan))"
    r"|(?P<int>[+-]?(?:0|[1-9][0-9]*))"
    r"|(?P<bool>true|false)"
    r"|(?P<time>[0-9]{2}:[0-9]{2}:[0-9]{2}))"
)
_END: Final = r"(?=[ \t,\]\n#]|\Z)"
#: What may end a line: spaces, a comment, the newline (or the end of the text).
_AFTER: Final = r"[ \t]*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?(?:\n|\Z)"
#: One whole line -- a key and a scalar value, a table header, or nothing, each with an
#: optional comment -- or the start of one: a key and the "[" of an array.
_LINE: Final = re.compile(
    r"[ \t]*(?:(?P<key>[A-Za-z0-9_-]+)[ \t]*=[ \t]*(?:(?P<array>\[)|"
    + _SCALAR
    + _END
    + _AFTER
    + r")|\[[ \t]*(?P<table>[A-Za-z0-9_-]+)[ \t]*\]"
    + _AFTER
    + "|"
    + _AFTER
    + ")"
)
_AFTER_VALUE: Final = re.compile(_AFTER)
_ITEM: Final = re.compile(_GAP + r"(?:(?P<close>\])|" + _SCALAR + _END + r")")
# An array of strings, or of numbers, without comments, whole (after its "["): read in one
# match, its items then picked out by splitting the text (numbers at the commas, strings at
# the quotes when there is no "'") or by one findall. Other arrays are read item by item.
_WS: Final = r"[ \t\n]*"
_STRING: Final = r"""(?:"[^"\\\x00-\x1f\x7f]*"|'[^'\x00-\x1f\x7f]*')"""
_NUMBER: Final = (
    r"(?:[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+(?:[eE][+-]?[0-9]+)?|[eE][+-]?[0-9]+)"
    r"|[+-]?(?:inf|nan)|[+-]?(?:0|[1-9][0-9]*))"
)
_STRINGS: Final = re.compile(f"({_WS}(?:{_STRING}{_WS},{_WS})*(?:{_STRING}{_WS})?\\]){_AFTER}")
_STRING_ITEMS: Final = re.compile(r""""([^"\\\x00-\x1f\x7f]*)"|'([^'\x00-\x1f\x7f]*)'""")
_NUMBERS: Final = re.compile(f"({_WS}(?:{_NUMBER}{_WS},{_WS})*(?:{_NUMBER}{_WS})?\\]){_AFTER}")
_SEPARATOR: Final = re.compile(_GAP + r"(?:(?P<comma>,)|(?P<close>\]))")


def _scalar(match: re.Match[str]) -> Any:
    kind = match.lastgroup
    text = match.group(kind) if kind is not None else ""
    if kind in {"basic", "literal"}:
        return text
    if kind == "int":
        return int(text)
    if kind == "float":
        return Decimal(text)
    if kind == "bool":
        return text == "true"
    hour, minute, second = int(text[:2]), int(text[3:5]), int(text[6:])
    if hour > 23 or minute > 59 or second > 59:
        raise ValueError(text)
    return datetime.time(hour, minute, second)


def _numbers(body: str) -> list[Any]:
    """The items of an array of numbers matched whole by :data:`_NUMBERS` (its body and
    the "]"): the text between the commas, each an integer when it is all digits after a sign
    (the match admits only TOML numbers, in ASCII), else a float as a ``Decimal`` (``int``
    and ``Decimal`` read past the spaces and newlines around a number)."""
    words = body[:-1].split(",")
    if not words[-1].strip():  # a trailing comma, or an empty array
        words.pop()
    if "." not in body and "e" not in body and "E" not in body and "n" not in body:
        # no point, exponent, inf or nan: every item is an integer
        return list(map(int, words))
    return [int(w) if w.strip(_SPACE_OR_SIGN).isdigit() else Decimal(w) for w in words]


_SPACE_OR_SIGN: Final = " \t\n+-"
_SPACES: Final = " \t\n"
_NUMBER_WORD: Final = re.compile(_NUMBER)


def _whole_numbers(text: str, pos: int) -> tuple[list[Any], int] | None:
    """The items of an array of numbers (after its "[", at ``pos``) that :data:`_NUMBERS`
    matches, and where the line after it ends -- found without the pattern: the text up to the
    first "]" split at its commas, each word a whole number (ASCII digits, no leading zero) or
    a number :data:`_NUMBER` matches whole. ``None`` for any other array (the pattern reads
    it, or leaves it to the item-by-item reading)."""
    close = text.find("]", pos)
    if close < 0:
        return None
    words = text[pos:close].split(",")
    if not words[-1].strip(_SPACES):  # a trailing comma, or an empty array
        words.pop()
    values: list[Any] = []
    for word in words:
        item = word.strip(_SPACES)
        if item.isdigit() and item.isascii() and (item[0] != "0" or len(item) == 1):
            values.append(int(item))
        elif _NUMBER_WORD.fullmatch(item):
            values.append(int(item) if item.strip("+-").isdigit() else Decimal(item))
        else:
            return None
    end = _AFTER_VALUE.match(text, close + 1)
    if end is None:
        return None
    return values, end.end()


def read(text: str) -> dict[str, Any] | None:
    """The document, or ``None`` when it uses TOML this reader leaves to :mod:`tomllib`."""
    if "\r" in text:
        return None
    document: dict[str, Any] = {}
    table = document
    pos, end = 0, len(text)
    line, item, separator, after = _LINE.match, _ITEM.match, _SEPARATOR.match, _AFTER_VALUE.match
    strings, string_items = _STRINGS.match, _STRING_ITEMS.findall
    numbers = _NUMBERS.match
    try:
        while pos < end:
            found = line(text, pos)
            if found is None:
                return None
            pos = found.end()
            # the last group to match names what the line holds: a scalar's kind, the "[" of an
            # array, a table's name, or none for a blank or comment line
            kind = found.lastgroup
            if kind is None:
                continue
            if kind == "table":
                name = found.group("table")
                if name in document:
                    return None
                table = document[name] = {}
                continue
            key = found.group("key")
            if key in table:
                return None
            if kind != "array":
                table[key] = _scalar(found)
            elif (whole := strings(text, pos)) is not None:
                pos = whole.end()
                body = whole.group(1)
                # without a "'" every item is a basic string holding no '"': the items are
                # what lies between the quotes
                table[key] = (
                    body.split('"')[1::2]
                    if "'" not in body
                    else [a or b for a, b in string_items(body)]
                )
            elif (whole_numbers := _whole_numbers(text, pos)) is not None:
                table[key], pos = whole_numbers
            elif (whole := numbers(text, pos)) is not None:
                pos = whole.end()
                table[key] = _numbers(whole.group(1))
            else:
                values: list[Any] = []
                while True:
                    got = item(text, pos)
                    if got is None:
                        return None
                    pos = got.end()
                    if got.group("close") is not None:
                        break
                    values.append(_scalar(got))
                    sep = separator(text, pos)
                    if sep is None:
                        return None
                    pos = sep.end()
                    if sep.group("close") is not None:
                        break
                table[key] = values
                closing = after(text, pos)
                if closing is None:
                    return None
                pos = closing.end()
    except (ValueError, ArithmeticError):
        return None
    return document
