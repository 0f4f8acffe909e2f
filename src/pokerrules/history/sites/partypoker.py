"""PartyPoker hand histories: 888's bracketed layout (:mod:`~pokerrules.history.sites.pacific`)
under PartyPoker's own header.

A hand opens ``***** Hand History for Game 9582251255 *****`` (often after ``Game #... starts.``
and ``#Game No : ...`` lines), then the game -- ``$2 USD NL Texas Hold'em - Monday, ...`` for
a cash table (the buy-in, not the blinds), ``NL Texas Hold'em $11 USD Buy-in Trny: ...
Blinds(300/600)`` or ``FL Texas Hold'em Trny:... Stakes(200/400)`` in a tournament -- the
table, ``Seat 6 is the button`` and the seats (``Seat 9: Lisypoker ( $3.57 USD )``). The
actions are 888's: the amounts in brackets are the chips each action adds (``raises [$0.08
USD]``), and ``is all-In [$0.44 USD]`` is a call, a bet or a raise as those chips make it.
What a player wins includes any uncalled bet; the rake is what the pot holds beyond what was
won. The blinds are the ones posted when the game line gives none. Stud hands are refused
(reported failed), not read.
"""

from __future__ import annotations

import re
from typing import Final

from pokerrules.errors import InvalidNotationError
from pokerrules.history.codes import is_fixed_limit
from pokerrules.history.phh import Amount
from pokerrules.history.sites._model import Seat, SiteHand
from pokerrules.history.sites._text import MAX_HAND_LINES
from pokerrules.history.sites.pacific import _money, decimal_mark, read_actions

__all__ = ["HEADER", "parse"]

#: The line a PartyPoker hand's history opens with.
HEADER: Final = re.compile(r"^\*{5} Hand History [Ff]or Game (?P<hand>\w+) \*{5}", re.M)
_LIMITS: Final = re.compile(r"(?:^|[\s(])(?P<limit>NL|PL|FL)(?:[\s)]|$)")
_GAMES: Final = (
    ("Omaha Hi-Lo", "O/8", "Omaha Hi-Lo"),
    ("Omaha", "O", "Omaha"),
    ("Texas Hold", "T", "Texas Hold'em"),
)
#: PartyPoker's games and betting structures, and their PHH codes.
CODES: Final[dict[tuple[str, str], str]] = {
    ("NL", "T"): "NT",
    ("FL", "T"): "FT",
    ("PL", "T"): "X-PT",
    ("PL", "O"): "PO",
    ("FL", "O"): "X-FO",
    ("NL", "O"): "X-NO",
    ("PL", "O/8"): "X-PO/8",
    ("FL", "O/8"): "FO/8",
}
_STAKES: Final = re.compile(
    r"(?:Blinds|Stakes)\( *(?P<low>[^/()]+?) */ *(?P<high>[^/()]+?) *\)|"
    r"^(?P<low2>[$€£]?[\d.,]+)/(?P<high2>[$€£]?[\d.,]+) "
)
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \( *(?P<stack>[^()]+?) *\)", re.IGNORECASE
)
_JOINED: Final = re.compile(r"(?<=[a-z]\.)(?=\S+ wins )")
_BUTTON: Final = re.compile(r"Seat (?P<seat>\d+) is the button")


def parse(text: str, line: int = 1) -> SiteHand:
    """One PartyPoker hand as a :class:`~pokerrules.history.sites._model.SiteHand`."""
    # some files run two winners' lines together: "... Aces and Queens.Player4 wins ..."
    lines = _JOINED.sub("\n", text).split("\n")
    if len(lines) > MAX_HAND_LINES:
        raise InvalidNotationError(f"a hand of more than {MAX_HAND_LINES:,} lines")
    opening = next(
        ((k, m) for k, row in enumerate(lines) if (m := HEADER.match(row.strip()))), None
    )
    if opening is None or opening[0] + 1 >= len(lines):
        raise InvalidNotationError("a PartyPoker hand opens '***** Hand History for Game ...'")
    at, head = opening
    hand = SiteHand(site="PartyPoker", hand=head.group("hand"), game="", line=line)
    hand.returns_printed = True  # what is won includes any uncalled bet
    mark = hand.decimal_mark = decimal_mark(text)
    _game(hand, lines[at + 1].strip(), mark)
    at += 2
    while at < len(lines):
        row = lines[at].strip()
        seat = _SEAT.match(row)
        button = _BUTTON.search(row)
        if seat is not None:
            stack = _money(seat.group("stack"), mark)
            hand.seats.append(Seat(int(seat.group("seat")), seat.group("name"), stack))
        elif button is not None:
            hand.button = int(button.group("seat"))
        elif row.startswith("Table "):
            hand.table = row[6:].split(" (")[0].strip()
        elif row and not row.startswith("Total number of players"):
            break
        at += 1
    read_actions(hand, lines, at, line)
    _blinds(hand)
    put, back, won = hand.ledger()
    pot = sum(put.values(), 0) - sum(back.values(), 0)
    hand.rake = max(0, pot - sum(won.values(), 0))
    return hand


def _game(hand: SiteHand, row: str, mark: str) -> None:
    """The game, the betting structure, the stakes and the currency from the game line."""
    title = row.split(" - ", maxsplit=1)[0]
    hand.game = " ".join(title.split())
    hand.tournament = bool(re.search(r"Trny|Tourney|Tournament|Buy-in", title))
    hand.currency = next((c for c in ("USD", "EUR", "GBP") if c in title), None)
    limit = _LIMITS.search(title)
    game, name = next(((code, name) for word, code, name in _GAMES if word in title), ("", ""))
    if "Stud" in title:
        raise InvalidNotationError(f"{hand.game}: PartyPoker's stud layout is not read")
    if limit is None or not game:
        hand.unsupported.append(f"{hand.game}: a game the importer does not know")
        return
    hand.game = f"{limit.group('limit')} {name}"  # without the buy-in or the tournament
    hand.variant = CODES.get((limit.group("limit"), game))
    if hand.variant is None:
        hand.unsupported.append(f"{hand.game}: no variant code the replay plays")
        return
    stakes = _STAKES.search(title)
    if stakes is None:
        return
    low = _money(stakes.group("low") or stakes.group("low2"), mark)
    high = _money(stakes.group("high") or stakes.group("high2"), mark)
    if is_fixed_limit(hand.variant):
        hand.small_bet, hand.big_bet = low, high
    else:
        hand.small_blind, hand.big_blind = low, high


def _blinds(hand: SiteHand) -> None:
    """The blinds as posted, when the game line names none (a cash table names its buy-in);
    fixed limit: the small bet is the big blind, the big bet twice it."""
    posted: dict[str, Amount] = {}
    for event in hand.events:
        if event.kind == "post" and event.what in ("sb", "bb") and event.amount is not None:
            posted.setdefault(event.what, event.amount)
    if hand.big_blind is None:
        hand.small_blind, hand.big_blind = posted.get("sb"), posted.get("bb")
    if hand.variant is not None and is_fixed_limit(hand.variant) and hand.small_bet is None:
        big = hand.big_blind
        if big is not None:
            hand.small_bet, hand.big_bet = big, big * 2
