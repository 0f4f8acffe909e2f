"""Winamax hand histories.

Winamax writes a layout close to PokerStars': a header (``Winamax Poker - CashGame -
HandId: #1-2-3 - Holdem no limit (1€/2€) - 2016/11/11 14:28:18 UTC``), a table line, the
seats, then the streets between ``*** ... ***`` markers. Actions name the player followed by
a space (``Hero raises 4€ to 6€``), amounts end with the currency sign, hidden stud cards are
``X``, and no uncalled bet is printed (it is derived).
"""

from __future__ import annotations

import re
from typing import Final

from pokerrules.errors import InvalidNotationError
from pokerrules.history.sites._model import Seat, SiteHand
from pokerrules.history.sites._text import MAX_HAND_LINES, amount
from pokerrules.history.sites.pokerstars import finish

__all__ = ["HEADER", "parse"]

#: The first line of a Winamax hand.
HEADER: Final = re.compile(r"^Winamax Poker - (?P<kind>[^\n]*?)HandId: #(?P<hand>[\w-]+) - ", re.M)
_GAME: Final = re.compile(r"(?P<game>[^(]+?) \((?P<stakes>[^)]*)\)")
#: Winamax's game names (lower case) and their PHH codes.
GAMES: Final[dict[str, str]] = {
    "holdem no limit": "NT",
    "holdem fixed limit": "FT",
    "omaha pot limit": "PO",
    "omaha hi/lo fixed limit": "FO/8",
    "7-card stud fixed limit": "F7S",
    "7-card stud hi/lo fixed limit": "F7S/8",
    "razz fixed limit": "FR",
    # the library's extension codes (pokerrules.history.codes)
    "omaha hi/lo pot limit": "X-PO/8",
    "5 card omaha pot limit": "X-PO5",
    "5 card omaha hi/lo pot limit": "X-PO5/8",
}
_TABLE: Final = re.compile(
    r"^Table: '(?P<table>.*)' (?P<max>\d+)-max.*?(?:Seat #(?P<button>\d+) is the button)?$"
)
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^(),]+)(?:, .*)?\)$")


def parse(text: str, line: int = 1) -> SiteHand:
    """One Winamax hand as a :class:`SiteHand`."""
    lines = text.split("\n")
    if len(lines) > MAX_HAND_LINES:
        raise InvalidNotationError(f"a hand of more than {MAX_HAND_LINES:,} lines")
    head = HEADER.match(lines[0])
    if head is None:
        raise InvalidNotationError("a Winamax hand starts 'Winamax Poker - ...'")
    hand = SiteHand(site="Winamax", hand=head.group("hand"), game="", line=line)
    hand.pot_after_rake = hand.returns_printed = True  # the uncalled bet is in what is won
    hand.tournament = head.group("kind").startswith("Tournament")
    game = _GAME.match(lines[0][head.end() :])
    if game is None:
        raise InvalidNotationError("the header names no game and stakes")
    hand.game = game.group("game")
    hand.variant = GAMES.get(hand.game.lower())
    if hand.variant is None:
        hand.unsupported.append(f"{hand.game}: PHH has no variant code the replay plays")
    stakes = [amount(word) for word in game.group("stakes").split("/")]
    fixed = "fixed limit" in hand.game.lower()
    if fixed:
        hand.small_bet, hand.big_bet = stakes[-2], stakes[-1]
    else:
        hand.small_blind, hand.big_blind = stakes[-2], stakes[-1]
    if "€" in lines[0]:
        hand.currency = "EUR"
    at = 1
    if at < len(lines):
        table = _TABLE.match(lines[at].strip())
        if table is not None:
            hand.table = table.group("table")
            hand.seat_count = int(table.group("max"))
            hand.button = int(table.group("button")) if table.group("button") else None
            at += 1
    while at < len(lines):
        seat = _SEAT.match(lines[at].rstrip())
        if seat is None:
            break
        hand.seats.append(
            Seat(
                seat=int(seat.group("seat")),
                name=seat.group("name"),
                stack=amount(seat.group("stack")),
            )
        )
        at += 1
    finish(hand, lines, at, line, " ", seated=True)
    return hand
