"""Absolute Poker hand histories (the Cereus network, to 2011).

A hand opens ``Stage #1483940000: Holdem  No Limit $0.02 - 2009-06-10 03:10:00 (ET)`` (the
game, then the big blind, ``$1, $0.25 ante`` with an ante, or the limits, ``HOLDEM NORMAL
$25/$50`` for limit), then ``Table: CHILE HWY (Real Money) Seat #7 is the dealer`` and the
seats, ``Seat 7 - PLAYER7 ($2.13 in chips)``. The streets are PokerStars' (``*** FLOP ***
[Qh 8h 7h]``, the hole cards under ``*** POCKET CARDS ***``); an action is the name, `` - ``
and the verb, capitalised: ``Posts small blind $0.01``, ``Ante $0.25``, ``Raises $25 to
$50`` (a raise *to*), ``returned ($0.06) : not called``; the winner ``Collects $0.06 from main
pot``, and the summary gives ``Total Pot($165) | Rake ($3)``. The blinds are the ones posted.
"""

from __future__ import annotations

import re
from typing import Final

from pokerrules.errors import InvalidNotationError
from pokerrules.history.codes import is_fixed_limit
from pokerrules.history.sites._model import Event, Seat, SiteHand
from pokerrules.history.sites._text import MAX_HAND_LINES, amount, cards
from pokerrules.history.sites.pokerstars import finish

__all__ = ["HEADER", "parse"]

#: The first line of an Absolute hand.
HEADER: Final = re.compile(r"^Stage #(?P<hand>\d+): ", re.M)
#: Absolute's games (upper case, single spaces) and their PHH codes.
GAMES: Final[dict[str, str]] = {
    "HOLDEM NO LIMIT": "NT",
    "HOLDEM POT LIMIT": "X-PT",
    "HOLDEM NORMAL": "FT",
    "OMAHA POT LIMIT": "PO",
    "OMAHA NORMAL": "X-FO",
    "OMAHA HI-LO NORMAL": "FO/8",
    "OMAHA HI-LO POT LIMIT": "X-PO/8",
}
_GAME: Final = re.compile(r"^(?P<game>[A-Za-z -]+?) +\$")
_LIMITS: Final = re.compile(r"\$(?P<low>[\d.,]+)/\$(?P<high>[\d.,]+)")
_TABLE: Final = re.compile(r"^Table: (?P<table>.+?) \(.*?\)(?: Seat #(?P<button>\d+) is)?")
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+) - (?P<name>.+?) \((?P<stack>[^()]+?) in chips\)")
_COLLECTS: Final = re.compile(r"^(?P<name>.+?) Collects (?P<amount>\S+) from")
_TOTAL: Final = re.compile(r"^Total Pot\((?P<pot>[^)]+)\)(?: \| Rake \((?P<rake>[^)]+)\))?")


def parse(text: str, line: int = 1) -> SiteHand:
    """One Absolute hand as a :class:`~pokerrules.history.sites._model.SiteHand`."""
    lines = [row.rstrip() for row in text.split("\n")]
    if len(lines) > MAX_HAND_LINES:
        raise InvalidNotationError(f"a hand of more than {MAX_HAND_LINES:,} lines")
    head = HEADER.match(lines[0])
    if head is None:
        raise InvalidNotationError("an Absolute hand starts 'Stage #...'")
    hand = SiteHand(site="Absolute", hand=head.group("hand"), game="", line=line)
    title = " ".join(lines[0][head.end() :].split(" - ")[0].split())
    game = _GAME.match(title)
    hand.game = game.group("game").strip() if game is not None else title
    hand.variant = GAMES.get(hand.game.upper())
    if hand.variant is None:
        hand.unsupported.append(f"{hand.game}: no variant code the replay plays")
    hand.currency = "USD" if "$" in title else None
    limits = _LIMITS.search(title)
    if limits is not None and hand.variant is not None and is_fixed_limit(hand.variant):
        hand.small_bet, hand.big_bet = amount(limits.group("low")), amount(limits.group("high"))
    at = 1
    while at < len(lines) and not lines[at].startswith("Seat "):
        table = _TABLE.match(lines[at])
        if table is not None:
            hand.table = table.group("table")
            hand.button = int(table.group("button")) if table.group("button") else None
        at += 1
    while at < len(lines):
        seat = _SEAT.match(lines[at])
        if seat is None:
            break
        stack = amount(seat.group("stack"))
        hand.seats.append(Seat(int(seat.group("seat")), seat.group("name"), stack))
        at += 1
    finish(hand, [_plain(row) for row in lines], at, line, " - ", player_line=_player_line)
    for event in hand.events:
        if event.kind == "post" and event.what in ("sb", "bb") and event.amount is not None:
            if event.what == "sb" and hand.small_blind is None:
                hand.small_blind = event.amount
            elif event.what == "bb" and hand.big_blind is None:
                hand.big_blind = event.amount
    return hand


def _plain(row: str) -> str:
    """The winner's and the summary's lines as the PokerStars reader takes them."""
    collects = _COLLECTS.match(row)
    if collects is not None:
        return f"{collects.group('name')} - Collects {collects.group('amount')}"
    total = _TOTAL.match(row)
    if total is not None:
        rake = f" | Rake {total.group('rake')}" if total.group("rake") else ""
        return f"Total pot {total.group('pot')}{rake}"
    return row


def _player_line(hand: SiteHand, name: str, rest: str) -> None:
    events = hand.events
    words = rest.split()
    verb = words[0].lower() if words else ""
    if verb == "posts":
        value = amount(words[-1])
        if rest.startswith("Posts small blind"):
            events.append(Event("post", name, value, what="sb"))
        elif rest.startswith("Posts big blind"):
            events.append(Event("post", name, value, what="bb"))
        else:  # "Posts dead $40 dead $15": $40 in all, of which $15 dead, out of turn
            hand.unsupported.append(f"{name} posts a dead blind")
            dead = amount(words[-1]) if len(words) > 3 else 0
            events.append(Event("post", name, amount(words[2]) - dead, what="bb-extra"))
            if dead:
                events.append(Event("post", name, dead, what="dead-sb"))
    elif verb == "ante":
        events.append(Event("post", name, amount(words[1]), what="ante"))
    elif verb in ("folds", "checks"):
        events.append(Event(verb[:-1], name))
    elif verb in ("calls", "bets"):
        events.append(Event(verb[:-1], name, amount(words[1])))
    elif verb == "raises":
        events.append(Event("raise", name, amount(words[-1])))
    elif verb == "returned":
        events.append(Event("return", name, amount(rest.split("(")[1].split(")", maxsplit=1)[0])))
        hand.returns_printed = True
    elif verb == "collects":
        events.append(Event("collect", name, amount(words[1])))
    elif verb == "shows":
        found = re.search(r"\[([^\]]*)\]", rest)
        if found is not None:
            events.append(Event("show", name, cards=cards(found.group(1))))
