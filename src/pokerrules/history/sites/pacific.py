"""888 (Pacific Poker, the Cassava network) hand histories, and the bracketed layout it
shares with PartyPoker.

A hand opens ``#Game No : 440726740`` and ``***** Cassava Hand History for Game ... *****``,
then the stakes and game (``0.50/1 Blinds Fix Limit Holdem - *** 08 03 2011 11:02:03``), the
table, ``Seat 8 is the button``, the seats (``Seat 1: micheal19 ( 291.60 )``) and the actions,
the player's name then the verb, amounts in brackets: ``aldy597 raises [1]`` -- a raise *by*
the amount in brackets, the chips the player adds. The streets are ``** Dealing flop ** [ 4d,
6d, Jd ]``; the ``** Summary **`` has the shows and ``collected [ 69.75 ]``. The rake is not
printed: it is what the pot holds beyond what was collected.
"""

from __future__ import annotations

import re
from typing import Final

from pokerrules.cards import Card
from pokerrules.errors import InvalidNotationError
from pokerrules.history.phh import Amount
from pokerrules.history.sites._model import Event, Seat, SiteHand
from pokerrules.history.sites._text import MAX_HAND_LINES, MAX_LINE_CHARS, amount, cards

__all__ = ["HEADER", "parse", "read_actions"]

#: The first line of an 888 hand.
HEADER: Final = re.compile(r"^#Game No : (?P<hand>\d+)", re.M)
_GAME: Final = re.compile(
    r"^(?P<stakes>.+?) Blinds (?P<game>No Limit Holdem|Fix Limit Holdem|Pot Limit Omaha(?:HL)?|"
    r"[^-]+?) - "
)
#: 888's game names and their PHH codes.
GAMES: Final[dict[str, str]] = {
    "No Limit Holdem": "NT",
    "Fix Limit Holdem": "FT",
    "Pot Limit Omaha": "PO",
    "Pot Limit OmahaHL": "X-PO/8",  # the library's extension (pokerrules.history.codes)
}
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \( *(?P<stack>[^()]+?) *\)\s*$")
_BUTTON: Final = re.compile(r"^Seat (?P<seat>\d+) is the button")
_BRACKET: Final = re.compile(r"\[([^\]]*)\]")
_STREET: Final = re.compile(r"^\*\* Dealing (?P<street>\w+(?: \w+)?) \*\*(?P<rest>.*)$", re.I)


def _bracket(text: str) -> str:
    match = _BRACKET.search(text)
    if match is None:
        raise InvalidNotationError(f"no amount in brackets: {text[:80]!r}")
    return match.group(1)


def _money(text: str, mark: str = ".") -> Amount:
    word = text.replace("USD", "").replace("EUR", "").replace("GBP", "").strip()
    return amount(word, decimal_mark=mark)


def decimal_mark(text: str) -> str:
    """``","`` when the hand writes decimals with a comma (``222,75$``), else ``"."``."""
    if re.search(r"\d,\d{2}(?!\d)", text) and not re.search(r"\d\.\d", text):
        return ","
    return "."


def read_actions(hand: SiteHand, lines: list[str], at: int, first: int) -> None:
    """The bracketed layout's action lines, from line ``at`` to the end of the hand (read after
    the seat lines, which must list a seat); then every seated player who acted, rather than
    only collecting or showing, is marked dealt in."""
    if not hand.seats:
        raise InvalidNotationError(f"line {first}: hand #{hand.hand} lists no seats")
    names = sorted((s.name for s in hand.seats), key=len, reverse=True)
    events = hand.events
    for k in range(at, len(lines)):
        text = lines[k].strip()
        if not text:
            continue
        if len(text) > MAX_LINE_CHARS:
            raise InvalidNotationError(f"line {first + k}: longer than {MAX_LINE_CHARS:,}")
        if _DOWN_CARDS.match(text):
            _sit_out(events)
        try:
            _action(hand, text, names, events)
        except InvalidNotationError as error:
            raise InvalidNotationError(f"line {first + k}: {error}") from None
    acting = {e.name for e in events if e.kind not in ("collect", "show", "muck")}
    for place in hand.seats:
        place.dealt = place.name in acting


_DOWN_CARDS: Final = re.compile(r"^\*\* Dealing down cards \*\*", re.I)
#: A chip-moving action by a player the seat lines do not list.
_STRAY: Final = re.compile(
    r"^(?P<name>\S.{0,40}?) (?:posts|calls|bets|raises|is all-In)\b[^\[]{0,40}\[", re.I
)


def _sit_out(events: list[Event]) -> None:
    """Drop the folds printed before the cards are dealt: a player in the blinds who will not
    post folds there and sits the hand out (the next player posts the big blind)."""
    posted = {e.name for e in events if e.kind == "post"}
    events[:] = [e for e in events if e.kind != "fold" or e.name in posted]


def _action(hand: SiteHand, text: str, names: list[str], events: list[Event]) -> None:
    street = _STREET.match(text)
    if street is not None:
        word = street.group("street").lower()
        if word in ("flop", "turn", "river"):
            events.append(Event("street", cards=_cards(_bracket(street.group("rest"))), what=word))
        return
    if text.startswith("Dealt to "):
        body = text[9:]
        for name in names:
            if body.startswith(name + " ["):
                events.append(Event("deal", name, cards=_cards(_bracket(body[len(name) :]))))
        return
    found = next((n for n in names if text.startswith(n + " ")), None)
    if found is None:  # the game's header lines, chat, players joining
        stray = _STRAY.match(text)
        if stray is not None:
            hand.unsupported.append(
                f"{stray.group('name')} puts chips in but has no seat in the file (their "
                "stack and place at the table are unknown)"
            )
        return
    name = found
    rest = text[len(name) + 1 :].rstrip(".")
    verb = rest.split(" ", 1)[0]
    if verb == "posts":
        words = _bracket(rest) if "[" in rest else rest.split("(")[-1][:-1]
        mark = hand.decimal_mark
        if "dead" in rest and re.search(r"\d,\d{2}(?!\d)", words) and "." not in words:
            mark = ","  # PartyPoker: "posts big blind + dead [0,35 €]" in a file of points
        parts = [_money(w, mark) for w in words.split("+")]
        value = sum(parts, 0)
        if "dead" in rest:  # "[0.50 + 1]": the small blind dead, the big blind live
            if len(parts) > 1:
                events.append(Event("post", name, parts[0], what="dead-sb"))
            events.append(Event("post", name, sum(parts[1:], 0) or value, what="bb-extra"))
        elif "small blind" in rest:
            events.append(Event("post", name, value, what="sb"))
        elif "big blind" in rest:
            events.append(Event("post", name, value, what="bb"))
        elif "ante" in rest:
            events.append(Event("post", name, value, what="ante"))
        else:
            raise InvalidNotationError(f"not a forced bet: {rest[:80]!r}")
    elif verb == "folds":
        events.append(Event("fold", name))
    elif verb == "checks":
        events.append(Event("check", name))
    elif verb in ("calls", "bets", "raises") and " to " in rest and "[" not in rest:
        # PartyPoker from 2021: "raises 600 to 900", "calls (300)", "bets (150)"
        events.append(Event("raise", name, _money(rest.rsplit(" to ", 1)[1], hand.decimal_mark)))
    elif verb in ("calls", "bets", "raises"):
        word = _bracket(rest) if "[" in rest else rest.split("(")[-1].rstrip(")")
        value = _money(word, hand.decimal_mark)
        kind = {"calls": "call", "bets": "bet", "raises": "raise-by"}[verb]
        events.append(Event(kind, name, value))
    elif rest.startswith("is all-In"):  # PartyPoker: the chips the player adds, all in
        events.append(_all_in(name, _money(_bracket(rest), hand.decimal_mark), events))
    elif verb == "shows":
        events.append(Event("show", name, cards=_cards(_bracket(rest))))
    elif verb == "mucks":
        events.append(Event("muck", name))
    elif verb in ("collected", "wins"):
        word = _bracket(rest) if "[" in rest else rest.split()[1]
        events.append(Event("collect", name, _money(word, hand.decimal_mark)))


def _all_in(name: str, added: Amount, events: list[Event]) -> Event:
    """An all-in of ``added`` chips as a call (for the bet or less), a bet or a raise."""
    street: dict[str, Amount] = {}
    for event in events:
        if event.kind == "street":
            street = {}
        elif event.name is not None and event.amount is not None:
            if event.kind in ("call", "bet", "raise-by") or (
                event.kind == "post" and event.what in ("sb", "bb")
            ):
                street[event.name] = street.get(event.name, 0) + event.amount
            elif event.kind == "raise":
                street[event.name] = event.amount
    most = max(street.values(), default=0)
    if street.get(name, 0) + added <= most:
        return Event("call", name, added)
    return Event("raise-by" if most else "bet", name, added)


def _cards(text: str) -> tuple[Card | None, ...]:
    return cards(text.replace(",", " "))


def parse(text: str, line: int = 1) -> SiteHand:
    """One 888 hand as a :class:`SiteHand`."""
    lines = text.split("\n")
    if len(lines) > MAX_HAND_LINES:
        raise InvalidNotationError(f"a hand of more than {MAX_HAND_LINES:,} lines")
    head = HEADER.match(lines[0])
    if head is None:
        raise InvalidNotationError("an 888 hand starts '#Game No : ...'")
    if len(lines) > 1 and "Hand History for Game" in lines[1] and "Cassava" not in lines[1]:
        raise InvalidNotationError(
            f"hand #{head.group('hand')} is PartyPoker's, a format not read yet"
        )
    hand = SiteHand(site="888", hand=head.group("hand"), game="", line=line)
    hand.returns_printed = True  # what is collected includes any uncalled bet
    mark = hand.decimal_mark = decimal_mark(text)
    at = 1
    while at < len(lines) and not lines[at].startswith("Seat "):
        row = lines[at].strip()
        game = _GAME.match(row)
        if game is not None and not hand.game:
            hand.game = game.group("game").strip()
            hand.variant = GAMES.get(hand.game)
            if hand.variant is None:
                hand.unsupported.append(f"{hand.game}: PHH has no variant code the replay plays")
            low, _, high = game.group("stakes").partition("/")
            small, big = _money(low, mark), _money(high, mark)
            hand.small_blind, hand.big_blind = small, big
            if hand.variant == "FT":
                hand.small_bet, hand.big_bet = big, big * 2
            if "$" in row:
                hand.currency = "USD"
        elif row.startswith("Tournament #"):
            hand.tournament = True
        elif row.startswith("Table "):
            hand.table = row[6:].split(" (")[0]
        at += 1
    if not hand.game:
        raise InvalidNotationError(f"line {line}: hand #{hand.hand} names no game")
    while at < len(lines):
        row = lines[at].strip()
        button = _BUTTON.match(row)
        seat = _SEAT.match(row)
        if button is not None:
            hand.button = int(button.group("seat"))
        elif seat is not None:
            hand.seats.append(
                Seat(
                    int(seat.group("seat")), seat.group("name"), _money(seat.group("stack"), mark)
                ),
            )
        elif row.startswith("Total number of players"):
            pass
        else:
            break
        at += 1
    read_actions(hand, lines, at, line)
    put, back, won = hand.ledger()
    pot = sum(put.values(), 0) - sum(back.values(), 0)
    hand.rake = max(0, pot - sum(won.values(), 0))
    return hand
