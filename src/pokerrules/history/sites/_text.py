"""Reading a site's file: the bytes to text, the size limits, amounts and cards as sites write
them.

Sites write UTF-8 with or without a byte-order mark, or Windows-1252 (``€`` as byte ``0x80``);
lines end ``\\r\\n`` or ``\\n``; names and amounts may hold non-breaking spaces. Amounts carry
a currency sign and thousands separators (``$1,234.50``, ``1 500``, ``0,10€``).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pokerrules._validators import shown
from pokerrules.cards import Card, parse_card
from pokerrules.errors import InvalidNotationError
from pokerrules.history.phh import Amount

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_HAND_LINES",
    "MAX_LINES",
    "amount",
    "card",
    "cards",
    "decode",
    "money",
]

#: The largest file the importers read (64 MiB: hundreds of thousands of hands).
MAX_FILE_BYTES: Final = 64 * 2**20
#: The most lines a file may hold.
MAX_LINES: Final = 2_000_000
#: The most lines one hand may hold (a hand of any site is a few dozen to a few hundred).
MAX_HAND_LINES: Final = 5_000
#: The longest line read (a chat line may be long; nothing else is).
MAX_LINE_CHARS: Final = 10_000

#: What a site's text holds that the parsers read as something plainer.
_ODD: Final = (("\ufeff", ""), ("\u00a0", " "), ("\u202f", " "), ("\u2007", " "), ("\t", " "))


def decode(data: bytes, *, name: str = "the file") -> str:
    """The text of a hand-history file: UTF-8 (a byte-order mark dropped, even in the middle
    of a file made by joining others), else Windows-1252; ``\\r\\n`` and ``\\r`` become
    ``\\n`` and non-breaking spaces plain spaces.

    >>> decode(b"\\xef\\xbb\\xbfSeat 1: A\\xc2\\xa0B\\r\\n")
    'Seat 1: A B\\n'
    >>> decode(b"posts small blind \\x800.05")
    'posts small blind €0.05'
    """
    if not isinstance(data, bytes | bytearray):
        raise InvalidNotationError(f"a hand-history file is bytes, not {shown(data)}")
    if len(data) > MAX_FILE_BYTES:
        raise InvalidNotationError(
            f"{name} is {len(data):,} bytes; the importers read files of at most "
            f"{MAX_FILE_BYTES:,} bytes (split it)"
        )
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = data.decode("utf-16", errors="replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    return normalize(text, name=name)


def normalize(text: str, *, name: str = "the text") -> str:
    """Text with one kind of line ending, no byte-order marks and plain spaces; refuses text
    of more than :data:`MAX_LINES` lines."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"a hand history is text, not {shown(text)}")
    if len(text) > MAX_FILE_BYTES:
        raise InvalidNotationError(
            f"{name} holds {len(text):,} characters; at most {MAX_FILE_BYTES:,} are read"
        )
    lines = text.count("\n") + text.count("\r")
    if lines > MAX_LINES:
        raise InvalidNotationError(
            f"{name} holds {lines:,} lines; the importers read at most {MAX_LINES:,}"
        )
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    for odd, plain in _ODD:
        if odd in text:  # str.replace is fast; a translate table goes char by char
            text = text.replace(odd, plain)
    return text


_MONEY: Final = re.compile(
    r"[^\d\-]*(-?)(\d[\d,. ']*)[^\d]*\Z"
)  # a sign or code around the digits


def money(text: str, *, decimal_mark: str = ".") -> Decimal:
    """An amount as a site writes it, exactly: ``'$1,234.50'`` -> ``Decimal('1234.50')``;
    with ``decimal_mark=","``, ``'1.234,50 €'`` -> ``Decimal('1234.50')``. Currency signs and
    codes, thousands separators (``,``, ``.``, spaces, ``'``) are dropped.

    >>> money("$1,234.50"), money("12 345"), money("£3"), money("0,10€", decimal_mark=",")
    (Decimal('1234.50'), Decimal('12345'), Decimal('3'), Decimal('0.10'))
    """
    match = _MONEY.match(text.strip())
    if match is None:
        raise InvalidNotationError(f"{shown(text)} is not an amount")
    sign, body = match.groups()
    body = body.strip()
    if len(body) > 40:
        raise InvalidNotationError(f"{shown(text)} is too long for an amount")
    body = body.translate(_THOUSANDS[decimal_mark])
    if body.count(".") > 1 or body.endswith("."):
        raise InvalidNotationError(f"{shown(text)} is not an amount")
    return Decimal(sign + body)


_THOUSANDS: Final = {".": str.maketrans("", "", ", '"), ",": str.maketrans(",", ".", ". '")}


_AMOUNTS: dict[tuple[str, str], Amount] = {}


def amount(text: str, *, decimal_mark: str = ".") -> Amount:
    """:func:`money` as a PHH amount: an ``int`` when the site wrote no decimals (``'1,500'``
    -> ``1500``), else the exact ``Decimal``. Remembered, as the same few amounts recur."""
    key = (text, decimal_mark)
    value = _AMOUNTS.get(key)
    if value is None:
        exact = money(text, decimal_mark=decimal_mark)
        value = int(exact) if exact.as_tuple().exponent == 0 else exact
        if len(_AMOUNTS) > 50_000:
            _AMOUNTS.clear()
        _AMOUNTS[key] = value
    return value


#: Suits written as words (German clients): spades, hearts, diamonds, clubs.
_SUIT_WORDS: Final = (("Pik", "s"), ("Herz", "h"), ("Karo", "d"), ("Kreuz", "c"))


def card(text: str) -> Card:
    """A card as sites write it: ``'Ah'``, ``'10h'``, ``'ah'``, ``'HA'`` (iPoker's suit
    first)."""
    word = text.strip()
    for suit, letter in _SUIT_WORDS:
        if word.endswith(suit) and len(word) > len(suit):
            word = word[: -len(suit)] + letter
            break
    if len(word) == 3 and word[:2] == "10":
        word = "T" + word[2]
    elif len(word) == 3 and word[1:] == "10":  # suit first: C10
        word = word[0] + "T"
    if len(word) == 2 and word[0].lower() in "cdhs" and word[1].upper() in "23456789TJQKA":
        word = word[1] + word[0]  # suit first
    if len(word) != 2:
        raise InvalidNotationError(f"{shown(text)} is not a card")
    return parse_card(word[0].upper() + word[1].lower())


_HIDDEN: Final = frozenset({"X", "x", "??", "xx", "XX"})


def cards(text: str) -> tuple[Card | None, ...]:
    """Cards separated by spaces (or commas): ``'Ah Kd'``; ``X`` or ``??`` is a card dealt
    face down and not shown (``None``)."""
    return tuple(None if w in _HIDDEN else card(w) for w in text.replace(",", " ").split())
