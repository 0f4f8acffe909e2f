"""PokerStars hand histories, and the sites that write the same layout: Full Tilt (from 2016),
Run It Once, PokerMaster and PokerBros.

A hand opens with a line like ``PokerStars Hand #1: Tournament #2, $10+$1 USD Hold'em No Limit
- Level I (10/20) - 2019/01/17 10:11:07 ET`` and a table line (``Table 'Name' 9-max Seat #4
is the button``), then the seats, the forced bets, the streets (``*** FLOP *** [..]``), the
showdown and a ``*** SUMMARY ***`` with the pot and the rake. Actions are written ``name:
verb amount``; amounts carry the currency sign and thousands separators.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from pokerrules.cards import Card
from pokerrules.errors import InvalidNotationError
from pokerrules.history.sites._model import Event, Seat, SiteHand
from pokerrules.history.sites._text import MAX_HAND_LINES, MAX_LINE_CHARS, amount, cards

__all__ = ["HEADER", "parse"]

#: The first line of a hand in this layout.
HEADER: Final = re.compile(
    r"^(?P<site>PokerStars|Full Tilt|Run It Once Poker|PokerMaster|PokerBros)"
    r"(?: Zoom| Rush| Home Game)? (?:Hand|Game) #(?P<hand>[\w-]+): *",
    re.MULTILINE | re.IGNORECASE,
)
_SITES: Final = {"Run It Once Poker": "Run It Once"}
_KNOWN: Final = ("PokerStars", "Full Tilt", "Run It Once Poker", "PokerMaster", "PokerBros")

#: The site's game name and the PHH code (``None``: no code; the reason is the value's text).
GAMES: Final[dict[str, str | None]] = {
    "Hold'em No Limit": "NT",
    "Hold'em Limit": "FT",
    "Omaha Pot Limit": "PO",
    "Omaha Hi/Lo Limit": "FO/8",
    "7 Card Stud Limit": "F7S",
    "7 Card Stud Hi/Lo Limit": "F7S/8",
    "Razz Limit": "FR",
    "Triple Draw 2-7 Lowball Limit": "F2L3D",
    "Single Draw 2-7 Lowball No Limit": "N2L1D",
    "Badugi Limit": "FB",
    # the library's extension codes (pokerrules.history.codes)
    "Omaha Limit": "X-FO",
    "Omaha Hi/Lo Pot Limit": "X-PO/8",
    "5 Card Omaha Pot Limit": "X-PO5",
    "5 Card Omaha Hi/Lo Pot Limit": "X-PO5/8",
    "6 Card Omaha Pot Limit": "X-PO6",
    "6+ Hold'em No Limit": "X-NST",
    "Courchevel Pot Limit": "X-PC",
    "Courchevel Hi/Lo Pot Limit": "X-PC/8",
    "5 Card Draw Limit": "X-F5CD",
    "5 Card Draw Pot Limit": "X-P5CD",
    "5 Card Draw No Limit": "X-N5CD",
}
_GAME: Final = re.compile(
    r"(?P<game>(?:\d Card |6\+ )?(?:Hold'em|Omaha(?: Hi/Lo)?|Courchevel(?: Hi/Lo)?|"
    r"7 Card Stud(?: Hi/Lo)?|Razz|5 Card Draw|Triple Draw 2-7 Lowball|"
    r"Single Draw 2-7 Lowball|Badugi) (?:No Limit|Pot Limit|Limit|Fixed Limit))",
    re.IGNORECASE,
)
_CANONICAL: Final = {name.lower(): name for name in GAMES}
_STAKES: Final = re.compile(r"\((?P<low>[^/()]+)/(?P<high>[^/() ]+)(?: [A-Z]{3})?\)")
_TABLE: Final = re.compile(
    r"^Table (?:ID )?'(?P<table>[^']*)'(?: (?P<max>\d+)-[Mm]ax)?.*?(?:Seat #(?P<button>\d+) is "
    r"the button)?\s*$"
)
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*?)(?: in chips)?(?:, [^)]*)?\)"
    r"(?P<rest>.*)$"
)
_POST: Final = re.compile(
    r"posts (?P<what>small blind|big blind|the ante|ante|small & big blinds|straddle|"
    r"button blind) (?P<amount>\S+)"
)
_RAISE: Final = re.compile(r"raises (?P<by>\S+) to (?P<to>\S+)")
_CARDS: Final = re.compile(r"\[([^\]]*)\]")
_COLLECT: Final = re.compile(
    r"^(?P<name>.+?) collected (?P<amount>\S+) from (?:the )?(?:main |side )?pot"
)
_COLLECTED: Final = re.compile(r"collected (?P<amount>\S+) from")
_UNCALLED: Final = re.compile(
    r"^Uncalled bet (?:\((?P<amount>[^)]+)\)|of (?P<of>\S+)) returned to (?P<name>.+)$"
)
_TOTAL: Final = re.compile(r"^Total pot (?P<pot>\S+)")
_RAKE: Final = re.compile(r"\| Rake (?P<rake>\S+)")
_STP: Final = re.compile(r"\| STP (?P<stp>\S+)")
_STREETS: Final = {
    "FLOP": "flop",
    "TURN": "turn",
    "RIVER": "river",
    "3rd STREET": "third",
    "4th STREET": "fourth",
    "5th STREET": "fifth",
    "6th STREET": "sixth",
    "7th STREET": "seventh",
    "RIVER ": "river",
    "3RD STREET": "third",
    "4TH STREET": "fourth",
    "5TH STREET": "fifth",
    "6TH STREET": "sixth",
    "7TH STREET": "seventh",
    "FIRST DRAW": "draw",
    "SECOND DRAW": "draw",
    "THIRD DRAW": "draw",
    "DRAW": "draw",
}
_POSTS: Final = {
    "small blind": "sb",
    "big blind": "bb",
    "the ante": "ante",
    "ante": "ante",
    "small & big blinds": "dead",
    "straddle": "straddle",
    "button blind": "button",
}


_amount = amount


def _name_and_rest(line: str, names: list[str], sep: str) -> tuple[str, str] | None:
    """``name: rest`` for one of the seated names (names may hold spaces, ``: `` or
    brackets); the longest name that fits."""
    for name in names:
        if line.startswith(name + sep):
            return name, line[len(name) + len(sep) :]
    return None


def _header(hand: SiteHand, text: str) -> None:
    """The game, stakes, tournament and currency from the header line."""
    hand.tournament = "Tournament #" in text
    mixed = re.search(r"\((?P<inner>[^()]*(?:Limit))\)", text)
    match = _GAME.search(mixed.group("inner") if mixed else text)
    if match is None:
        hand.game = text.split(" - ", maxsplit=1)[0].strip()
        hand.unsupported.append(f"the game {hand.game!r} is not one the importer knows")
        return
    game = match.group("game").replace("Fixed Limit", "Limit")
    game = _CANONICAL.get(game.lower(), game)
    hand.game = game
    code = GAMES.get(game)
    hand.variant = code
    if code is None:
        hand.unsupported.append(f"{game}: PHH has no variant code the replay plays")
    rest = text[match.end() :]
    stakes = _STAKES.search(rest)
    if stakes is not None:
        low, high = stakes.group("low"), stakes.group("high")
        if "Button Blind" in low or "Ante" in low:
            return
        a, b = _amount(low), _amount(high)
        if "Limit" in game and "No Limit" not in game and "Pot Limit" not in game:
            hand.small_bet, hand.big_bet = a, b
        else:
            hand.small_blind, hand.big_blind = a, b
    for sign, code3 in (("$", "USD"), ("€", "EUR"), ("£", "GBP"), ("¥", "CNY")):
        if sign in text:
            hand.currency = code3
            break
    else:
        word = re.search(r"\b(USD|EUR|GBP|CAD|CNY)\b", text)
        if word:
            hand.currency = word.group(1)


def parse(text: str, line: int = 1) -> SiteHand:
    """One hand's text (from its header line to before the next) as a :class:`SiteHand`.
    Malformed text raises :class:`~pokerrules.errors.InvalidNotationError`."""
    lines = text.split("\n")
    if len(lines) > MAX_HAND_LINES:
        raise InvalidNotationError(
            f"a hand of {len(lines):,} lines; a hand holds at most {MAX_HAND_LINES:,}"
        )
    head = HEADER.match(lines[0])
    if head is None:
        raise InvalidNotationError("a PokerStars hand starts 'PokerStars Hand #...'")
    site = next((s for s in _KNOWN if s.lower() == head.group("site").lower()), "PokerStars")
    hand = SiteHand(site=_SITES.get(site, site), hand=head.group("hand"), game="", line=line)
    _header(hand, lines[0][head.end() :])
    at = 1
    if at < len(lines) and lines[at].startswith("Table "):
        table = _TABLE.match(lines[at].strip())
        if table is None:
            raise InvalidNotationError(f"line {line + at}: not a table line: {lines[at][:80]!r}")
        hand.table = table.group("table")
        hand.seat_count = int(table.group("max")) if table.group("max") else None
        hand.button = int(table.group("button")) if table.group("button") else None
        at += 1
    while at < len(lines):
        seat = _SEAT.match(lines[at])
        if seat is None:
            break
        rest = seat.group("rest")
        dealt = "sitting out" not in rest and "out of hand" not in rest
        hand.seats.append(
            Seat(
                seat=int(seat.group("seat")),
                name=seat.group("name"),
                stack=_amount(seat.group("stack")),
                dealt=dealt,
            )
        )
        at += 1
    finish(hand, lines, at, line, ": ")
    return hand


#: Reads one line of a player's action: the hand, the player's name and the rest of the line.
PlayerLine = Callable[[SiteHand, str, str], None]


def finish(
    hand: SiteHand,
    lines: list[str],
    at: int,
    line: int,
    sep: str,
    *,
    seated: bool = False,
    player_line: PlayerLine | None = None,
) -> None:
    """Read the body of a hand, from its first line after the seats (``at``); ``sep`` is what
    follows a player's name on an action line (``": "`` here, ``" "`` at Winamax). With
    ``seated``, the seats list players not dealt in, unmarked: only those who act are in."""
    if not hand.seats:
        raise InvalidNotationError(f"line {line}: hand #{hand.hand} lists no seats")
    _body(hand, lines, at, line, sep, player_line or _player_line)
    acting = {e.name for e in hand.events if e.kind != "collect"}
    for place in hand.seats:
        if seated:
            place.dealt = place.name in acting
        elif not place.dealt and place.name in acting:
            place.dealt = True  # a tournament deals in (and blinds) a player who sits out


def _body(  # noqa: PLR0917 - one hand's reading state
    hand: SiteHand, lines: list[str], at: int, first: int, sep: str, player: PlayerLine
) -> None:
    names = sorted((s.name for s in hand.seats), key=len, reverse=True)
    known = frozenset(names)
    events = hand.events
    summary = False
    showdowns = 0
    board: list[Card] = []  # the summary's board
    for k in range(at, len(lines)):
        text = lines[k].rstrip()
        if not text:
            continue
        if len(text) > MAX_LINE_CHARS:
            raise InvalidNotationError(f"line {first + k}: longer than {MAX_LINE_CHARS:,}")
        try:
            if summary:
                printed = _BOARD.match(text)
                if printed is not None:
                    board = [c for c in cards(printed.group(1)) if c is not None]
                _summary_line(hand, text)
            elif text.startswith("*** "):
                label = text[4:].split(" ***")[0]
                if label == "SUMMARY":
                    summary = True
                elif label in ("SHOW DOWN", "SHOWDOWN"):
                    showdowns += 1
                elif label.startswith(_RUNOUTS) and "DRAW" not in label:
                    # run it twice (or three times): FIRST FLOP ... SECOND RIVER, FIRST SHOW DOWN
                    ordinal, _, street = label.partition(" ")
                    run = _RUNOUTS.index(ordinal + " ")
                    if street in ("SHOW DOWN", "SHOWDOWN"):
                        showdowns += 1 if run == 0 else 0
                    elif run == 0:
                        _street(hand, text, street)
                    elif street in _STREETS and _CARDS.search(text):
                        while len(hand.runouts) < run:
                            hand.runouts.append([])
                        dealt = cards(_CARDS.findall(text)[-1])
                        hand.runouts[run - 1] += [c for c in dealt if c is not None]
                elif label in _STREETS:
                    _street(hand, text, label)
                elif label in ("PRE-FLOP", "FLOPET") and _CARDS.search(text):
                    # Courchevel's first board card, dealt with the hole cards
                    events.append(Event("board", cards=cards(_CARDS.findall(text)[-1])))
                continue
            _action_line(hand, text, names, known, sep, player)
        except InvalidNotationError as error:
            raise InvalidNotationError(f"line {first + k}: {error}") from None
    if not summary:
        hand.unsupported.append("the hand is incomplete (no summary)")
    _fill_in_the_board(hand, board)


_BOARD: Final = re.compile(r"^Board \[(?P<cards>[^\]]*)\]")

#: The labels of the runouts of a hand run more than once, in order.
_RUNOUTS: Final = ("FIRST ", "SECOND ", "THIRD ")


def _street(hand: SiteHand, text: str, label: str) -> None:
    """A new street, ``*** FLOP *** [...]`` (``label`` the street's name)."""
    boards = _CARDS.findall(text)
    new = cards(boards[-1]) if boards else ()
    if label.endswith("STREET") or "DRAW" in label:
        new = ()
    elif not new and hand.variant not in ("F7S", "F7S/8", "FR"):
        new = (None,)  # left out: found in the summary's board, or the hand is unsupported
    hand.events.append(Event("street", cards=new, what=_STREETS[label]))


#: The board cards each street of a board game deals.
_BOARD_CARDS: Final = {"flop": 3, "turn": 1, "river": 1}


def _fill_in_the_board(hand: SiteHand, board: list[Card]) -> None:
    """Give a street whose line leaves its cards out (``*** TURN *** [3c Jd 6d] []``) the cards
    the summary's ``Board [...]`` line shows in that place, and report it; without them the
    hand is unsupported."""
    dealt = 0
    for event in hand.events:
        if event.kind == "board":
            dealt += len(event.cards)
        if event.kind != "street" or not event.cards:
            continue
        if event.cards != (None,):
            dealt += len(event.cards)
            continue
        want = _BOARD_CARDS.get(event.what, 0)
        found = board[dealt : dealt + want]
        if not want or len(found) != want:
            event.cards = ()
            hand.unsupported.append(f"the file leaves out the {event.what} cards")
            continue
        event.cards = tuple(found)
        dealt += want
        hand.repairs.append(
            f"the {event.what} taken from the summary's board (its street line leaves it out)"
        )


def _summary_line(hand: SiteHand, text: str) -> None:
    total = _TOTAL.match(text)
    if total is not None:
        hand.total_pot = _amount(total.group("pot"))
        rake = _RAKE.search(text)
        if rake is not None:
            hand.rake = _amount(rake.group("rake"))
        stp = _STP.search(text)
        if stp is not None:
            hand.added += _amount(stp.group("stp"))
            hand.unsupported.append("splash the pot (money the house added)")
        for word in ("Jackpot", "Bounty", "Fee"):
            if f"| {word}" in text:
                hand.unsupported.append(f"a {word.lower()} taken from the pot")


def _action_line(  # noqa: PLR0917 - one hand's reading state
    hand: SiteHand,
    text: str,
    names: list[str],
    known: frozenset[str],
    sep: str,
    player: PlayerLine,
) -> None:
    head, found, rest = text.partition(sep)
    if found and head in known:  # most lines: a player's action
        player(hand, head, rest)
        return
    events = hand.events
    if text.startswith("Dealt to "):
        body = text[9:]
        for name in names:
            if body.startswith(name + " ["):
                groups = _CARDS.findall(body[len(name) :])
                if groups:
                    first = hand.variant in ("F7S", "F7S/8", "FR") and (
                        sum(1 for e in hand.events if e.kind == "street") <= 1
                    )
                    # stud's third street: the hole cards and the door card, maybe apart
                    new = cards(" ".join(groups)) if first else cards(groups[-1])
                    events.append(Event("deal", name, cards=new))
                return
        return
    if text.startswith("Uncalled bet"):
        match = _UNCALLED.match(text)
        if match is None:
            raise InvalidNotationError(f"not an uncalled bet: {text[:80]!r}")
        value = match.group("amount") or match.group("of")
        events.append(Event("return", match.group("name"), _amount(value)))
        hand.returns_printed = True
        return
    if "cashed out" in text or "Cash Out" in text:
        if "a cash-out (the hand sold before it ended)" not in hand.unsupported:
            hand.unsupported.append("a cash-out (the hand sold before it ended)")
        return
    if text.startswith(("Hand cancelled", "Hand was cancelled")):
        hand.unsupported.append("the hand was cancelled")
        return
    if text.startswith(("Hand was run twice", "Hand was run three times")):
        if not hand.runouts and "run it twice" not in hand.unsupported:
            hand.unsupported.append("run it twice (the file shows one board)")
        return
    if " collected " in text:
        match = _COLLECT.match(text)
        if match is not None and match.group("name") in names:
            events.append(Event("collect", match.group("name"), _amount(match.group("amount"))))
            return
    parts = _name_and_rest(text, names, sep)
    if parts is not None:  # else chat, table talk, a player joining or leaving
        player(hand, *parts)


def _player_line(hand: SiteHand, name: str, rest: str) -> None:
    events = hand.events
    rest = rest.removesuffix(" and is all-in").removesuffix(" and has reached the cap").strip()
    verb = rest.split(" ", 1)[0]
    if verb == "collected":
        match = _COLLECTED.match(rest)
        if match is not None:
            events.append(Event("collect", name, _amount(match.group("amount"))))
        return
    if verb == "posts" and rest.endswith(" out of position"):  # Winamax: a new player's
        rest = rest.removesuffix(" out of position")
    if verb == "posts":
        post = _POST.match(rest)
        if post is None:
            raise InvalidNotationError(f"not a forced bet: {rest[:80]!r}")
        what = _POSTS[post.group("what")]
        amount = _amount(post.group("amount"))
        if what == "dead":
            small = hand.small_blind if hand.small_blind is not None else amount // 3
            events.append(Event("post", name, small, what="dead-sb"))
            events.append(Event("post", name, amount - small, what="bb-extra"))
        else:  # a button blind too: the button's entry of the PHH blinds
            events.append(Event("post", name, amount, what=what))
    elif verb == "folds":
        events.append(Event("fold", name))
    elif verb == "checks":
        events.append(Event("check", name))
    elif verb == "calls":
        events.append(Event("call", name, _amount(rest.split()[1])))
    elif verb == "bets":
        events.append(Event("bet", name, _amount(rest.split()[1])))
    elif verb == "raises":
        match = _RAISE.match(rest)
        if match is None:
            raise InvalidNotationError(f"not a raise: {rest[:80]!r}")
        events.append(Event("raise", name, _amount(match.group("to"))))
    elif verb == "brings":
        events.append(Event("bring", name, _amount(rest.split()[-1])))
        hand.bring_in = _amount(rest.split()[-1])
    elif verb == "completes":
        events.append(Event("complete", name, _amount(rest.split()[-1])))
    elif verb == "discards":
        count = int(rest.split()[1])
        shown = _CARDS.search(rest)
        thrown: tuple[Card | None, ...] = cards(shown.group(1)) if shown else (None,) * count
        if len(thrown) != count:
            raise InvalidNotationError(f"discards {count} cards but shows {len(thrown)}")
        events.append(Event("discard", name, cards=thrown))
    elif verb == "stands" and rest.startswith("stands pat"):  # not "stands up" (leaves)
        events.append(Event("pat", name))
    elif verb == "shows":
        shown = _CARDS.search(rest)
        if shown is not None:
            events.append(Event("show", name, cards=cards(shown.group(1))))
    elif verb == "mucks":
        events.append(Event("muck", name))
