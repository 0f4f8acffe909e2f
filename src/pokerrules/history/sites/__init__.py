"""Online poker sites' hand histories: read them, turn each hand into PHH, replay it.

:func:`import_file` (or :func:`import_text` on text already read) finds the site's format,
splits the file into hands and gives one :class:`ImportedHand` per hand, in the file's
order: the PHH :class:`~pokerrules.history.phh.HandHistory` and the :class:`Verdict` of its
replay through the engine against the finishing stacks the hand's own numbers give (the
starting stack, less what the player put in, plus what came back uncalled and what they
collected).

A hand is never dropped: one the importer cannot read is :attr:`Verdict.FAILED` and one the
library cannot play (a cash-out, a game PHH has no code for, ...) is
:attr:`Verdict.UNSUPPORTED`, each with its reason.

>>> text = '''PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:00 ET
... Table 'T' 6-max Seat #1 is the button
... Seat 1: Ann ($2 in chips)
... Seat 2: Bob ($2.50 in chips)
... Ann: posts small blind $0.01
... Bob: posts big blind $0.02
... *** HOLE CARDS ***
... Ann: raises $0.04 to $0.06
... Bob: folds
... Uncalled bet ($0.04) returned to Ann
... Ann collected $0.04 from pot
... *** SUMMARY ***
... Total pot $0.04 | Rake $0
... '''
>>> [hand] = import_text(text)
>>> hand.site, hand.hand, hand.verdict, hand.history.players
('PokerStars', '1', <Verdict.MATCH: 'match'>, ('Bob', 'Ann'))
>>> hand.history.finishing_stacks
(Decimal('2.48'), Decimal('2.02'))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Final

import attrs

from pokerrules._validators import shown
from pokerrules.errors import InvalidNotationError, PokerRulesError
from pokerrules.history.phh import Amount, HandHistory
from pokerrules.history.replay import Replay, Verdict, replay
from pokerrules.history.sites import (
    _text,
    absolute,
    fulltilt,
    ipoker,
    ongame,
    pacific,
    partypoker,
    pokerstars,
    winamax,
)
from pokerrules.history.sites._convert import to_history
from pokerrules.history.sites._model import SiteHand
from pokerrules.history.sites._text import decode, normalize

__all__ = [
    "FORMATS",
    "MAX_FILE_BYTES",
    "MAX_LINES",
    "ImportedHand",
    "Verdict",
    "detect_format",
    "import_file",
    "import_text",
    "verify_history",
]

#: The largest file the importers read, in bytes (64 MiB: hundreds of thousands of hands).
MAX_FILE_BYTES: Final = _text.MAX_FILE_BYTES
#: The most lines a file may hold.
MAX_LINES: Final = _text.MAX_LINES


@attrs.frozen(kw_only=True)
class ImportedHand:
    """One hand of a site's file: where it came from (``site``, the site's ``hand`` number,
    its ``game`` as the site names it, the ``line`` it starts on), the PHH ``history``
    (``None`` when it could not be made), the replay's ``verdict`` and ``message``, and
    ``consistent``: whether the hand's own numbers add up (what was put in is the pot, and
    the pot less the rake is what was collected); ``problem`` says why not. ``repairs`` are
    what the conversion changed so that the engine can play the hand, one line each (an
    all-in player's fold dropped, a raise nobody left could call played as the call it comes
    to); the message names them."""

    site: str
    hand: str
    game: str
    line: int
    history: HandHistory | None
    verdict: Verdict
    message: str
    consistent: bool
    problem: str | None = None
    variant: str | None = None
    repairs: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether the replay reproduced the site's finishing stacks."""
        return self.verdict in (Verdict.MATCH, Verdict.ODD_CHIP, Verdict.REPLAYED)


# A format: its name, a test that the text is in it, how to split the text into hands
# (yielding each hand's text and first line) and how to read one.
_Splitter = Callable[[str], Iterator[tuple[str, int]]]
_Reader = Callable[[str, int], SiteHand]


def _split_on(header: re.Pattern[str]) -> _Splitter:
    def split(text: str) -> Iterator[tuple[str, int]]:
        starts = [m.start() for m in header.finditer(text)]
        line = 1
        previous = 0
        for k, start in enumerate(starts):
            line += text.count("\n", previous, start)
            previous = start
            end = starts[k + 1] if k + 1 < len(starts) else len(text)
            yield text[start:end], line

    return split


def _bracketed(text: str, line: int) -> SiteHand:
    """888's layout, or PartyPoker's (which opens with the same ``#Game No :`` line)."""
    head = text[:400]
    if pacific.HEADER.match(head) and partypoker.HEADER.search(head):
        return partypoker.parse(text, line)
    return pacific.parse(text, line)


_FORMATS: Final[dict[str, tuple[re.Pattern[str], _Splitter, _Reader]]] = {
    "pokerstars": (pokerstars.HEADER, _split_on(pokerstars.HEADER), pokerstars.parse),
    "winamax": (winamax.HEADER, _split_on(winamax.HEADER), winamax.parse),
    "888": (pacific.HEADER, _split_on(pacific.HEADER), _bracketed),
    "partypoker": (partypoker.HEADER, _split_on(partypoker.HEADER), partypoker.parse),
    "ipoker": (ipoker.HEADER, ipoker.split, ipoker.parse),
    "ongame": (ongame.HEADER, _split_on(ongame.HEADER), ongame.parse),
    "fulltilt": (fulltilt.HEADER, _split_on(fulltilt.HEADER), fulltilt.parse),
    "absolute": (absolute.HEADER, _split_on(absolute.HEADER), absolute.parse),
}

_SITE_NAMES: Final = {
    "pokerstars": "PokerStars",
    "winamax": "Winamax",
    "ipoker": "iPoker",
    "ongame": "OnGame",
    "fulltilt": "Full Tilt",
    "partypoker": "PartyPoker",
    "absolute": "Absolute",
}

#: The formats :func:`import_text` reads (``format=``), besides ``"auto"``.
FORMATS: Final = tuple(_FORMATS)


def detect_format(text: str) -> str:
    """The format of a file's text, by its first hand's first line; raises
    :class:`~pokerrules.errors.InvalidNotationError` for text in no known format."""
    best: tuple[int, str] | None = None
    for name, (header, _, _) in _FORMATS.items():
        match = header.search(text)
        if match is not None and (best is None or match.start() < best[0]):
            best = (match.start(), name)
    if best is None:
        start = text.lstrip()[:60]
        raise InvalidNotationError(
            f"not a hand history in a known format ({', '.join(FORMATS)}): "
            f"it begins {shown(start)}"
        )
    return best[1]


def import_text(text: str, *, format: str = "auto", verify: bool = True) -> list[ImportedHand]:
    """Every hand of a hand-history file's text, in order. ``format`` is one of
    :data:`FORMATS` or ``"auto"`` (found by :func:`detect_format`). With ``verify`` (the
    default) each hand is replayed through the engine; without, the verdict is
    :attr:`Verdict.REPLAYED` for every hand that converts."""
    text = normalize(text)
    name = detect_format(text) if format == "auto" else format
    if name not in _FORMATS:
        raise InvalidNotationError(
            f"unknown format {shown(format)}; choose from auto, {', '.join(FORMATS)}"
        )
    _, split, read = _FORMATS[name]
    site = _SITE_NAMES.get(name, name)
    hands = [_import_one(chunk, line, read, verify, site) for chunk, line in split(text)]
    if not hands:
        raise InvalidNotationError(f"no {name} hands in the text")
    return hands


def import_file(
    path: str | Path, *, format: str = "auto", verify: bool = True
) -> list[ImportedHand]:
    """Every hand of a hand-history file, in order (see :func:`import_text`). Files larger
    than :data:`MAX_FILE_BYTES` or of more than :data:`MAX_LINES` lines are refused."""
    path = Path(path)
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise InvalidNotationError(
            f"{path.name} is {size:,} bytes; the importers read files of at most "
            f"{MAX_FILE_BYTES:,} bytes (split it)"
        )
    with path.open("rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    return import_text(decode(data, name=path.name), format=format, verify=verify)


def _import_one(text: str, line: int, read: _Reader, verify: bool, site: str) -> ImportedHand:
    try:
        site_hand = read(text, line)
    except PokerRulesError as error:
        number = re.search(r"(?:#|gamecode=\")\s*(?:Game No\s*:\s*)?(\w[\w-]*)", text[:2000])
        return ImportedHand(
            site=site,
            hand=number.group(1) if number else "?",
            game="?",
            line=line,
            history=None,
            verdict=Verdict.FAILED,
            message=f"cannot read the hand: {error}",
            consistent=False,
            problem=str(error),
        )
    problem = site_hand.consistency()

    def result(history: HandHistory | None, verdict: Verdict, message: str) -> ImportedHand:
        repairs = tuple(site_hand.repairs) if verdict is not Verdict.UNSUPPORTED else ()
        if repairs:
            message = f"{message} (converted: {'; '.join(repairs)})"
        return ImportedHand(
            site=site_hand.site,
            hand=site_hand.hand,
            game=site_hand.game,
            line=line,
            history=history,
            verdict=verdict,
            message=message,
            consistent=problem is None,
            problem=problem,
            variant=site_hand.variant,
            repairs=repairs,
        )

    try:
        history = to_history(site_hand)
    except PokerRulesError as error:
        if site_hand.unsupported:
            return result(None, Verdict.UNSUPPORTED, "; ".join(site_hand.unsupported))
        return result(None, Verdict.FAILED, f"cannot convert the hand: {error}")
    if site_hand.unsupported:  # the reasons the parser found, and the conversion
        return result(
            history, Verdict.UNSUPPORTED, "; ".join(dict.fromkeys(site_hand.unsupported))
        )
    if not verify:
        return result(history, Verdict.REPLAYED, "not replayed")
    verdict, message = verify_history(history, site_hand.rake)
    if site_hand.repairs and verdict not in (Verdict.MATCH, Verdict.ODD_CHIP):
        # a repair stands only when the repaired hand reproduces the site's stacks
        said = "; ".join(site_hand.repairs)
        return result(
            history,
            Verdict.UNSUPPORTED,
            f"the hand converted with repairs ({said}) is not reproduced: {message}",
        )
    if verdict is Verdict.FAILED and site_hand.short_all_in and "raise" in message:
        return result(
            history,
            Verdict.UNSUPPORTED,
            "a raise over an all-in for less than a full bet, which the site sized by a "
            f"rule other than the engine's: {message}",
        )
    return result(history, verdict, message)


def verify_history(history: HandHistory, rake: Amount) -> tuple[Verdict, str]:
    """Replay ``history`` and compare with its finishing stacks, the ``rake`` taken from the
    winners: the engine pays the whole pot, so each winner's stack may be above the site's by
    their share of the rake, the shares adding up to the rake exactly."""
    result: Replay = replay(history)
    if result.verdict is not Verdict.MISMATCH or not rake or result.stacks is None:
        return result.verdict, result.message
    recorded = history.finishing_stacks or ()
    winnings = history.winnings or ()
    diffs = [Decimal(a) - Decimal(b) for a, b in zip(result.stacks, recorded, strict=True)]
    if (
        all(d >= 0 for d in diffs)
        and sum(diffs, Decimal(0)) == rake
        and all(not d or w for d, w in zip(diffs, winnings, strict=True))
    ):
        return Verdict.MATCH, f"stacks match after the rake of {rake}"
    return result.verdict, f"{result.message} (the rake was {rake})"
