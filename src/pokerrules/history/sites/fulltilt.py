"""Full Tilt Poker hand histories, as the site wrote them before 2016 (from 2016 Full Tilt wrote
PokerStars' layout, read by :mod:`~pokerrules.history.sites.pokerstars`).

A hand opens ``Full Tilt Poker Game #32709486011: Table Roll (shallow) - NL Hold'em -
$0.01/$0.02 - 18:21:24 UTC - 2013/05/24``: the parts between `` - `` give the table or the
tournament, the game and the stakes (``$3/$6 Ante $0.50`` in stud). The seats follow, the
forced bets (``Hero posts the big blind of $0.02``, ``Hero antes $0.50``), ``The button is in
seat #1``, then the streets as at PokerStars and the actions with the name first and no colon:
``Hero raises to $0.40, and is all in`` (a raise *to*), ``Uncalled bet of $0.38 returned to
Hero``, ``Hero wins the pot ($0.06)``.
"""

from __future__ import annotations

import re
from typing import Final

from pokerrules.errors import InvalidNotationError
from pokerrules.history.sites._model import Event, Seat, SiteHand
from pokerrules.history.sites._text import MAX_HAND_LINES, amount, cards
from pokerrules.history.sites.pokerstars import finish

__all__ = ["HEADER", "parse"]

#: The first line of a Full Tilt hand (before 2016).
HEADER: Final = re.compile(r"^Full ?Tilt ?Poker Game #(?P<hand>\d+): ", re.M)
#: Full Tilt's game names and their PHH codes.
GAMES: Final[dict[str, str]] = {
    "No Limit Hold'em": "NT",
    "NL Hold'em": "NT",
    "Limit Hold'em": "FT",
    "Pot Limit Omaha Hi": "PO",
    "Pot Limit Omaha": "PO",
    "Limit Omaha Hi/Lo": "FO/8",
    "Limit Stud Hi": "F7S",
    "Limit Stud H/L": "F7S/8",
    "Limit Razz": "FR",
    "Limit 2-7 Triple Draw": "F2L3D",
    "No Limit 2-7 Single Draw": "N2L1D",
    "Limit Badugi": "FB",
    # the library's extension codes (pokerrules.history.codes)
    "Limit Omaha Hi": "X-FO",
    "Pot Limit Omaha Hi/Lo": "X-PO/8",
    "PL Courchevel Hi": "X-PC",
    "PL Courchevel Hi/Lo": "X-PC/8",
    "Pot Limit 5 Card Draw": "X-P5CD",
    "Limit 5 Card Draw": "X-F5CD",
    "Limit A-5 Triple Draw": "X-FAL3D",
}
_CAP: Final = re.compile(r"^(?P<cap>[$€£]?[\d,.]+) Cap (?P<game>.+)$")
_GAME_WORDS: Final = re.compile(
    r"(Hold'em|Omaha|Stud|Razz|Draw|Badugi|Courchevel|Irish|Lowball)", re.I
)
_STAKES: Final = re.compile(r"^(?P<low>[$€£]?[\d,.]+[A-Z]?)/(?P<high>[$€£]?[\d,.]+[A-Z]?)")
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]+)\)(?P<rest>.*)$")
_BUTTON: Final = re.compile(r"^The button is in seat #(?P<seat>\d+)", re.M)
_SUMMARY_WON: Final = re.compile(
    r"^Seat \d+: (?P<name>.+?) (?:\([a-z ]+\) )*collected \((?P<amount>[^)]+)\)"
)
_SUMMARY_FOLDED: Final = re.compile(
    r"^Seat \d+: (?P<name>.+?) (?:\([a-z ]+\) )*folded (?:before the Flop|on the (?P<street>\w+))"
)
_SUMMARY_OUT: Final = re.compile(r"^Seat \d+: (?P<name>.+?) (?:\([a-z ]+\) )*is sitting out$")
_FOLD_STREETS: Final = {None: 0, "Flop": 1, "Turn": 2, "River": 3}
_WINS: Final = re.compile(r"^(?:wins|ties for) the (?:\w+ )*pot(?: \d+)? \((?P<amount>[^)]+)\)")


def parse(text: str, line: int = 1) -> SiteHand:
    """One Full Tilt hand as a :class:`SiteHand`."""
    # some files were saved with a blank line after every line
    lines = [row for row in text.split("\n") if row.strip()]
    if len(lines) > MAX_HAND_LINES:
        raise InvalidNotationError(f"a hand of more than {MAX_HAND_LINES:,} lines")
    head = HEADER.match(lines[0])
    if head is None:
        raise InvalidNotationError("a Full Tilt hand starts 'Full Tilt Poker Game #...'")
    hand = SiteHand(site="Full Tilt", hand=head.group("hand"), game="", line=line)
    _header(hand, lines[0][head.end() :])
    at = 1
    while at < len(lines):
        seat = _SEAT.match(lines[at].rstrip())
        if seat is None:
            break
        stack = seat.group("stack")
        dealt = "sitting out" not in seat.group("rest")
        if "B" in stack:  # a Flipout's "2B" chips: not amounts
            raise InvalidNotationError(f"a stack of {stack!r} is not an amount")
        hand.seats.append(Seat(int(seat.group("seat")), seat.group("name"), amount(stack), dealt))
        at += 1
    button = _BUTTON.search(text)
    hand.button = int(button.group("seat")) if button is not None else None
    try:
        finish(hand, lines, at, line, " ", player_line=_player_line)
    except (IndexError, ValueError) as error:  # a line cut short
        if isinstance(error, InvalidNotationError):
            raise
        raise InvalidNotationError(f"line {line}: a line cut short in hand #{hand.hand}") from None
    _restore_folds(hand, lines)
    _sitting_out(hand, lines)
    if not any(e.kind == "collect" for e in hand.events):
        # some files print the winners only in the summary: "collected (100)"
        for row in lines:
            won = _SUMMARY_WON.match(row)
            if won is not None:
                hand.events.append(
                    Event("collect", won.group("name"), amount(won.group("amount")))
                )
    return hand


def _sitting_out(hand: SiteHand, lines: list[str]) -> None:
    """A player whose seat line says nothing but whom the summary lists as sitting out
    (``Seat 2: Ann (button) is sitting out``) and who never acts was not dealt in."""
    acting = {e.name for e in hand.events}
    out = {m.group("name") for row in lines if (m := _SUMMARY_OUT.match(row))}
    for place in hand.seats:
        if place.name in out and place.name not in acting:
            place.dealt = False


def _restore_folds(hand: SiteHand, lines: list[str]) -> None:
    """Some files leave a fold out of the action that the summary reports (``Player3 (small
    blind) folded before the Flop``): the fold is put back at the end of that street's
    actions, before its next street or the pot's award."""
    folded = {e.name for e in hand.events if e.kind == "fold"}
    for row in lines:
        match = _SUMMARY_FOLDED.match(row)
        if match is None or match.group("name") in folded:
            continue
        if match.group("name") not in {s.name for s in hand.seats}:
            continue
        street = _FOLD_STREETS.get(match.group("street"))
        if street is None:
            continue
        seen = 0
        at = len(hand.events)
        for k, event in enumerate(hand.events):
            if event.kind == "street":
                seen += 1
            if seen > street or (seen == street and event.kind in ("return", "collect")):
                at = k
                break
        hand.events.insert(at, Event("fold", match.group("name")))


def _header(hand: SiteHand, text: str) -> None:
    parts = [p.strip() for p in text.split(" - ")]
    hand.tournament = not parts[0].startswith("Table ")  # a tournament's name comes first
    for part in parts:
        if part.startswith("Table ") and hand.table is None:
            hand.table = part[6:].split(" (")[0]
        elif _GAME_WORDS.search(part) and not hand.game and not part.startswith("Table "):
            hand.game = part
        elif _STAKES.match(part) and hand.small_blind is None and hand.small_bet is None:
            stakes = _STAKES.match(part)
            assert stakes is not None
            hand.small_blind = amount(stakes.group("low"))
            hand.big_blind = amount(stakes.group("high"))
        if "$" in part and hand.currency is None:
            hand.currency = "USD"
    if not hand.game:
        raise InvalidNotationError("the header names no game")
    hand.variant = GAMES.get(hand.game)
    capped = _CAP.match(hand.game)
    if hand.variant is None and capped is not None and capped.group("game") in GAMES:
        # a cap game: nobody puts in more than the cap in a hand
        hand.variant = GAMES[capped.group("game")]
        hand.cap = amount(capped.group("cap"))
    if hand.variant is None:
        hand.unsupported.append(f"{hand.game}: PHH has no variant code the replay plays")
    if hand.game.startswith("Limit") and hand.small_blind is not None:
        hand.small_bet, hand.big_bet = hand.small_blind, hand.big_blind
        hand.small_blind = hand.big_blind = None


def _player_line(hand: SiteHand, name: str, rest: str) -> None:
    events = hand.events
    rest = rest.removesuffix(", and is all in").removesuffix(" and is all in").strip()
    words = rest.split()
    if not words:
        return
    verb = words[0]
    if verb == "posts":
        value = amount(words[-1])
        if rest.startswith("posts the small blind"):
            events.append(Event("post", name, value, what="sb"))
        elif rest.startswith("posts the big blind"):
            events.append(Event("post", name, value, what="bb"))
        else:  # a blind posted out of turn: live, the rest over the big blind dead
            events.append(Event("post", name, value, what="bb-extra"))
    elif verb == "antes":
        events.append(Event("post", name, amount(words[1]), what="ante"))
    elif verb == "folds":
        events.append(Event("fold", name))
    elif verb == "checks":
        events.append(Event("check", name))
    elif verb in ("calls", "bets"):
        events.append(Event("call" if verb == "calls" else "bet", name, amount(words[1])))
    elif verb == "raises":
        events.append(Event("raise", name, amount(words[-1])))
    elif verb == "brings":
        value = amount(words[-1])
        hand.bring_in = value
        events.append(Event("bring", name, value))
    elif verb == "completes":
        events.append(Event("complete", name, amount(words[-1])))
    elif verb == "shows":
        shown = re.search(r"\[([^\]]*)\]", rest)
        if shown is not None:
            events.append(Event("show", name, cards=cards(shown.group(1))))
    elif verb == "mucks":
        events.append(Event("muck", name))
    elif verb in ("wins", "ties"):
        won = _WINS.match(rest)
        if won is not None:
            events.append(Event("collect", name, amount(won.group("amount"))))
    elif verb == "discards":
        count = int(words[1]) if words[1].isdecimal() else 0
        thrown = re.search(r"\[([^\]]*)\]", rest)  # the player's own discards are shown
        known = cards(thrown.group(1)) if thrown is not None else ()
        events.append(
            Event("discard", name, cards=known if len(known) == count else (None,) * count)
        )
    elif verb == "stands" and rest.startswith("stands pat"):  # not "stands up" (leaves)
        events.append(Event("pat", name))
