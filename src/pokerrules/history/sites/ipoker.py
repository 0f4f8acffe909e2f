"""iPoker network hand histories (XML).

A file is a ``<session>`` with a ``<general>`` part (the game type, table, currency) and one
``<game gamecode="...">`` per hand: the players with their starting ``chips``, the ``dealer``
flag, what each ``bet`` in all and ``win``; then ``<round no="0">`` (the blinds) to ``<round
no="4">`` (the river) holding ``<cards>`` and numbered ``<action>`` elements. An action's
``type`` says what it is (0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet, 7 all-in,
15 ante, 23 raise) and ``sum`` the chips it adds (for a raise, what the bet is raised to). Cards are written suit first (``HQ``, ``C10``).

The XML is read with ``xml.etree.ElementTree`` (the standard library), one hand at a time, after refusing any
document type declaration or entity (so nothing can expand), within the file size limit.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Final

from pokerrules.cards import Card
from pokerrules.errors import InvalidNotationError
from pokerrules.history.phh import Amount
from pokerrules.history.sites._model import Event, Seat, SiteHand
from pokerrules.history.sites._text import amount, cards

__all__ = ["HEADER", "parse", "split"]

#: What identifies an iPoker file.
HEADER: Final = re.compile(r"<session sessioncode=")
_GAME_START: Final = re.compile(r"<game\b")
_GENERAL: Final = re.compile(r"<general>.*?</general>", re.S)
_SESSION: Final = re.compile(r"<session\b")
_UNSAFE: Final = re.compile(r"<!DOCTYPE|<!ENTITY", re.I)
#: The longest game element read (a hand is a few kilobytes).
MAX_GAME_CHARS: Final = 1_000_000
#: The action types read: ``sum`` is what the action adds, but a type-23 raise's is the total
#: raised to (a type-6 raise, in a limit game's file, adds its ``sum``: the player's ``bet``
#: totals say so).
_TYPES: Final = {0: "fold", 3: "call", 4: "check", 5: "bet", 6: "raise-by", 23: "raise"}
_LH_LIMITS: Final = re.compile(r"LH (\d+(?:\.\d+)?)/(\d+(?:\.\d+)?) .*\bLimit\b")
_GAMES: Final = {
    ("holdem", "nl"): "NT",
    ("holdem", "бл"): "NT",
    ("holdem", "l"): "FT",
    ("lh", "limit"): "FT",
    ("omaha", "pl"): "PO",
}


def split(text: str) -> Iterator[tuple[str, int]]:
    """Each game of the file, with its session's ``<general>`` part, as its own XML text."""
    if _UNSAFE.search(text):
        raise InvalidNotationError("an iPoker file with a DTD or entities is refused")
    sessions = [m.start() for m in _SESSION.finditer(text)] + [len(text)]
    for k in range(len(sessions) - 1):
        part = text[sessions[k] : sessions[k + 1]]
        general = _GENERAL.search(part)
        preamble = general.group(0) if general is not None else "<general/>"
        for start in (m.start() for m in _GAME_START.finditer(part)):
            end = part.find("</game>", start)
            # an unclosed game (a truncated file) is read to the end, and fails alone
            body = part[start:] if end < 0 else part[start : end + len("</game>")]
            line = text.count("\n", 0, sessions[k] + start) + 1
            if len(body) > MAX_GAME_CHARS:
                raise InvalidNotationError(
                    f"line {line}: a game of more than 1,000,000 characters"
                )
            yield f"<hand>{preamble}{body}</hand>", line


def _money(text: str | None) -> Amount:
    if text is None or not text.strip():
        return 0
    return amount(text.replace("€", "").replace("$", "").replace("£", ""))


def _cards(text: str | None) -> tuple[Card | None, ...]:
    return cards(text or "")


def parse(text: str, line: int = 1) -> SiteHand:
    """One iPoker game (as :func:`split` gives it) as a :class:`SiteHand`."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        raise InvalidNotationError(f"not well-formed XML (a truncated file?): {error}") from None
    game = root.find("game")
    if game is None:
        raise InvalidNotationError("no <game> element")
    hand = SiteHand(site="iPoker", hand=game.get("gamecode", "?"), game="", line=line)
    hand.returns_printed = True  # an uncalled bet is in what the player bet and won
    _session(hand, root.find("general"))
    players = game.findall("general/players/player")
    bets: dict[str, Amount] = {}
    for player in players:
        name = player.get("name") or ""
        seat = int(player.get("seat") or 0)
        if player.get("dealer") == "1":
            hand.button = seat  # an empty seat under a dead button too
        if not name:
            continue
        hand.seats.append(Seat(seat, name, _money(player.get("chips"))))
        bets[name] = _money(player.get("bet"))
    if len(hand.seats) < 2:
        raise InvalidNotationError(f"game {hand.hand} lists fewer than two players")
    _rounds(hand, game)
    acting = {e.name for e in hand.events if e.kind not in ("collect", "deal")}
    for place in hand.seats:
        place.dealt = place.name in acting
    for player in players:
        won = _money(player.get("win"))
        if won and player.get("name"):
            hand.events.append(Event("collect", player.get("name"), won))
    if not any(e.kind not in ("post", "deal", "collect") for e in hand.events):
        hand.unsupported.append("the file records no actions for this hand")
    hand.total_pot = sum((b for n, b in bets.items() if n in acting), 0)
    won_total = hand.ledger()[2]
    hand.rake = max(0, hand.total_pot - sum(won_total.values(), 0))
    return hand


def _session(hand: SiteHand, general: ET.Element | None) -> None:
    kind = (general.findtext("gametype") if general is not None else None) or ""
    hand.table = general.findtext("tablename") if general is not None else None
    currency = general.findtext("currency") if general is not None else None
    hand.currency = currency or None
    words = kind.split()
    hand.game = kind.strip()
    hand.tournament = general is not None and general.find("tournamentname") is not None
    key = (words[0].lower(), words[1].lower()) if len(words) > 1 else ("", "")
    limits = _LH_LIMITS.match(kind)
    if limits is not None:  # "LH 20/40 x2 Limit $10.00/$20.00": bets of 20 and 40
        key = ("lh", "limit")
    hand.variant = _GAMES.get(key)
    if hand.variant is None:
        hand.unsupported.append(f"{hand.game}: PHH has no variant code the replay plays")
    stakes = re.search(r"([^\s/]+)/([^\s/]+)\s*$", kind)
    if stakes is not None:
        low, high = _money(stakes.group(1)), _money(stakes.group(2))
        if hand.variant == "FT" and limits is not None:
            # the limits lead; the amounts at the end are the blinds
            hand.small_bet, hand.big_bet = _money(limits.group(1)), _money(limits.group(2))
        elif hand.variant == "FT":
            hand.small_bet, hand.big_bet = low, high
        else:
            hand.small_blind, hand.big_blind = low, high


def _rounds(hand: SiteHand, game: ET.Element) -> None:
    events = hand.events
    street: dict[str, Amount] = {}
    known: dict[str, tuple[Card | None, ...]] = {}
    for round_ in game.findall("round"):
        number = int(round_.get("no") or 0)
        board: list[Card | None] = []
        for element in round_.findall("cards"):
            if element.get("type") in ("Flop", "Turn", "River"):
                board += _cards(element.text)
            elif element.get("type") == "Pocket" and element.get("player"):
                held = _cards(element.text)
                if held and None not in held:
                    known[element.get("player") or ""] = held
                    events.append(Event("deal", element.get("player"), cards=held))
        if number >= 2:
            street = {}  # a new betting round
            events.append(Event("street", cards=tuple(board), what=str(number)))
        actions = sorted(round_.findall("action"), key=lambda a: int(a.get("no") or 0))
        for action in actions:
            _action(hand, action, street)
    # the file shows no showdown: the cards it knows of a player still in were shown
    folded = {e.name for e in events if e.kind == "fold"}
    for name, held in known.items():
        if name not in folded:
            events.append(Event("show", name, cards=held))


def _action(hand: SiteHand, action: ET.Element, street: dict[str, Amount]) -> None:
    name = action.get("player") or ""
    kind = int(action.get("type") or -1)
    if action.get("sum") == "DP":
        hand.unsupported.append(f"{name} is all-in by disconnect protection")
        return
    added = _money(action.get("sum"))
    events = hand.events
    if kind in (1, 2, 15):
        what = {1: "sb", 2: "bb", 15: "ante"}[kind]
        events.append(Event("post", name, added, what=what))
        if kind != 15:
            street[name] = street.get(name, 0) + added
        return
    if kind in (8, 9):
        return  # sitting out, not dealt in
    if kind == 7:  # all-in: a call, a bet or a raise by what it adds
        top = max(street.values(), default=0)
        mine = street.get(name, 0) + added
        kind_name = "call" if mine <= top else ("bet" if not top else "raise-by")
    elif kind in _TYPES:
        kind_name = _TYPES[kind]
    else:
        hand.unsupported.append(f"an iPoker action of type {kind}")
        return
    if kind_name == "raise":  # a raise's sum is what the player's bet is raised to
        street[name] = added
        events.append(Event(kind_name, name, added))
    elif kind_name in ("call", "bet", "raise-by"):
        street[name] = street.get(name, 0) + added
        events.append(Event(kind_name, name, added))
    else:
        events.append(Event(kind_name, name))
