"""OnGame network hand histories.

A hand runs from ``***** History for hand R5-81962116-232 *****`` to ``***** End of hand
... *****``: the table line names the game and stakes (``Table: Kassel [73910684]
(NO_LIMIT TEXAS_HOLDEM 0.05/0.10, Real money)``), ``Button: seat 8``, the seats, the actions
(``Player4 raises 0.30 to 0.30``; ``[all in]`` after an all-in), the streets (``--- Dealing
flop [8c, Ts, 4d]``) and a ``Summary:`` with each pot (``Main pot: 0.90 won by Player1
(0.86)``: the pot and what the winner collected), the rake and each seat's cards shown. No
uncalled bet is printed: it is derived.
"""

from __future__ import annotations

import re
from typing import Final

from pokerrules.errors import InvalidNotationError
from pokerrules.history.codes import is_fixed_limit
from pokerrules.history.phh import Amount
from pokerrules.history.sites._model import Event, Seat, SiteHand
from pokerrules.history.sites._text import MAX_HAND_LINES, MAX_LINE_CHARS, amount, cards

__all__ = ["HEADER", "parse"]

#: The first line of an OnGame hand.
HEADER: Final = re.compile(
    r"^\*\*\*\*\* History for hand (?P<hand>[\w-]+)\b[^\n]*\*\*\*\*\*", re.M
)
_TABLE: Final = re.compile(
    r"^Table: (?P<table>.*?) \[\d+\] \((?P<game>[A-Z_]+ [A-Z_]+) (?P<stakes>\S+)"
)
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]+)\)$")
_SUMMARY_SEAT: Final = re.compile(
    r"^Seat \d+: (?P<name>.+?) \([^()]*\)(?:, net: [^,]*)?(?:, \[(?P<cards>[^\]]*)\])?"
)
_POT: Final = re.compile(r"^(?:Main|Side) pot(?: \d+)?: (?P<pot>\S+) won by (?P<rest>.*)$")
_WINNER: Final = re.compile(r"(?P<name>.+?) \((?P<amount>[^()]+)\)(?:, |$)")
#: OnGame's game names and their PHH codes.
GAMES: Final[dict[str, str]] = {
    "NO_LIMIT TEXAS_HOLDEM": "NT",
    "LIMIT TEXAS_HOLDEM": "FT",
    "POT_LIMIT OMAHA_HI": "PO",
    "LIMIT OMAHA_HI_LO": "FO/8",
    # the library's extension codes (pokerrules.history.codes)
    "LIMIT OMAHA_HI": "X-FO",
    "POT_LIMIT OMAHA_HI_LO": "X-PO/8",
    "LIMIT FIVE_CARD_DRAW": "X-F5CD",
}


def _money(text: str) -> Amount:
    return amount(text.strip().lstrip("$€£"))


def parse(text: str, line: int = 1) -> SiteHand:
    """One OnGame hand as a :class:`SiteHand`."""
    lines = text.split("\n")
    if len(lines) > MAX_HAND_LINES:
        raise InvalidNotationError(f"a hand of more than {MAX_HAND_LINES:,} lines")
    head = HEADER.match(lines[0])
    if head is None:
        raise InvalidNotationError("an OnGame hand starts '***** History for hand ...'")
    hand = SiteHand(site="OnGame", hand=head.group("hand"), game="", line=line)
    names: list[str] = []
    summary = False
    pot: Amount = 0
    for k, raw in enumerate(lines[1:], 1):
        row = raw.strip()
        if not row or row.startswith("***** End of hand"):
            continue
        if len(row) > MAX_LINE_CHARS:
            raise InvalidNotationError(f"line {line + k}: longer than {MAX_LINE_CHARS:,}")
        try:
            if summary:
                pot += _summary(hand, row)
            elif row == "Summary:":
                summary = True
            else:
                _line(hand, row, names)
                names = sorted((s.name for s in hand.seats), key=len, reverse=True)
        except InvalidNotationError as error:
            raise InvalidNotationError(f"line {line + k}: {error}") from None
    if not hand.game:
        raise InvalidNotationError(f"line {line}: hand {hand.hand} names no game")
    if not hand.seats:
        raise InvalidNotationError(f"line {line}: hand {hand.hand} lists no seats")
    hand.total_pot = pot
    acting = {e.name for e in hand.events if e.kind not in ("collect", "show")}
    for seat in hand.seats:
        seat.dealt = seat.name in acting
    return hand


def _line(hand: SiteHand, row: str, names: list[str]) -> None:
    events = hand.events
    if row.startswith("Table: "):
        table = _TABLE.match(row)
        if table is None:
            raise InvalidNotationError(f"not a table line: {row[:80]!r}")
        hand.table = table.group("table")
        hand.game = table.group("game")
        hand.variant = GAMES.get(hand.game)
        hand.tournament = row.rstrip(")").endswith("TC")
        if hand.variant is None:
            hand.unsupported.append(f"{hand.game}: PHH has no variant code the replay plays")
        low, _, high = table.group("stakes").rstrip(",").partition("/")
        if hand.variant is not None and is_fixed_limit(hand.variant):
            hand.small_bet, hand.big_bet = _money(low), _money(high)
        else:
            hand.small_blind, hand.big_blind = _money(low), _money(high)
        hand.currency = "EUR" if "€" in row else ("USD" if "$" in row else None)
        return
    if row.startswith("Button: seat "):
        hand.button = int(row.rsplit(maxsplit=1)[-1])
        return
    seat = _SEAT.match(row)
    if seat is not None and not hand.events:
        hand.seats.append(
            Seat(int(seat.group("seat")), seat.group("name"), _money(seat.group("stack")))
        )
        return
    if row.startswith("--- Dealing "):
        word = row[12:].split(" ", 1)[0]
        board = _CARDS.search(row)
        seen = {e.what for e in events if e.kind == "street"}
        # after an all-in the site may print a street twice
        if word in ("flop", "turn", "river") and board is not None and word not in seen:
            events.append(Event("street", cards=cards(board.group(1)), what=word))
        return
    if row.startswith(("Dealing to ", "New hand for ")):  # the deal, and a hand after a draw
        body = row[11:] if row.startswith("Dealing to ") else row[13:]
        for name in names:
            if body.startswith(name + ": "):
                found = _CARDS.search(body)
                if found is not None:
                    events.append(Event("deal", name, cards=cards(found.group(1))))
        return
    who = next((n for n in names if row.startswith(n + " ")), None)
    if who is None:
        return
    name = who
    rest = row[len(name) + 1 :].removesuffix(" [all in]")
    words = rest.split()
    verb = words[0]
    if verb == "posts":
        value = _money(rest.split("(")[-1].rstrip(")"))
        what = "sb" if "small blind" in rest else ("bb" if "big blind" in rest else "")
        if "ante" in rest:
            what = "ante"
        if "dead" in rest and what in ("", "sb"):
            what = "dead-sb"  # a returning player's missed small blind: in the pot, dead
        elif not what or "dead" in rest:
            hand.unsupported.append(f"{name} {rest}: a forced bet the importer does not know")
            what = what or "dead-sb"
        events.append(Event("post", name, value, what=what))
    elif verb == "folds":
        events.append(Event("fold", name))
    elif verb == "checks":
        events.append(Event("check", name))
    elif verb in ("calls", "bets"):
        events.append(Event("call" if verb == "calls" else "bet", name, _money(words[1])))
    elif verb == "raises":
        events.append(Event("raise", name, _money(words[-1])))
    elif verb == "changed":
        count = int(words[1])
        events.append(
            Event("discard", name, cards=(None,) * count) if count else Event("pat", name)
        )


_CARDS: Final = re.compile(r"\[([^\]]*)\]")


def _summary(hand: SiteHand, row: str) -> Amount:
    """Read a summary line; returns the pot it names (0 for other lines)."""
    pot = _POT.match(row)
    if pot is not None:
        for winner in _WINNER.finditer(pot.group("rest")):
            hand.events.append(
                Event("collect", winner.group("name"), _money(winner.group("amount")))
            )
        return _money(pot.group("pot"))
    if row.startswith("Rake taken: "):
        hand.rake = _money(row[12:])
        return 0
    seat = _SUMMARY_SEAT.match(row)
    if seat is not None and seat.group("cards"):
        hand.events.append(Event("show", seat.group("name"), cards=cards(seat.group("cards"))))
    return 0
