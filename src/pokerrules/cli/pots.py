"""``pokerrules pots``: resolve side pots and award them from a showdown ranking.

Players are given in seating order (clockwise) as ``NAME=CHIPS``, their contributions for the
whole hand. ``--fold`` names players who folded; ``--ranking`` orders the showdown, best
first, ``>`` between places and ``=`` between tied players; ``--low`` adds a low ranking for
high-low split pots; ``--button`` names the button for the odd-chip rule. For example::

    pokerrules pots Ann=20 Bob=5 Cat=20 Dan=20 --ranking "Bob > Ann = Cat > Dan" --button Dan
    pokerrules pots --input '{"contributions": {"Ann": 20, "Bob": 5}, "ranking": "Bob > Ann"}'

``--rake`` takes the house's cut before the pots are awarded: a rate such as ``5%`` or
``0.05``, with ``--rake-cap`` the most it takes from the hand; it is taken in whole ``--chip``
chips (see :mod:`pokerrules.rake`; the hand is taken to have gone past its first betting round).

``--input TEXT`` takes the whole input as one JSON object (``--input -`` reads it from standard
input); its keys are ``contributions`` (an
object, in seating order), ``folded``, ``ranking``, ``low`` (each a string as above or a list
of lists of names), ``button``, ``chip``, ``rake`` and ``rake_cap``; any other key is refused.
Without a button the odd chips go to the first winners in the order the players are listed.

``--json`` prints the result as one JSON object instead of the table: ``pots`` (each with its
``name``, ``amount``, ``eligible`` players and ``payouts``), ``returned`` (the uncalled bet:
``player`` and ``chips``, or null), ``rake``, ``total`` and ``payouts`` (each player's total,
or null without a ranking).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from pokerrules._validators import is_int, shown
from pokerrules.cli._options import add_json, emit_json, integer, whole_number
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError
from pokerrules.pots import Award, Pots, Shares, award, clockwise_from, side_pots
from pokerrules.rake import Rake


def _chips(name: str, value: object) -> int:
    who = f"{name if len(name) <= 40 else name[:37] + '...'}'s contribution"
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InvalidNotationError(f"{who} must be a whole number, not {shown(value)}")
    chips = value if isinstance(value, int) else whole_number(value, who)
    if chips < 0:
        raise InvalidNotationError(f"{who} cannot be negative ({shown(chips)})")
    return chips


def parse_contributions(tokens: Sequence[str]) -> dict[str, int]:
    """``["Ann=20", "Bob=5"]`` -> ``{"Ann": 20, "Bob": 5}`` (order kept)."""
    out: dict[str, int] = {}
    for token in tokens:
        name, sep, value = token.partition("=")
        name = name.strip()
        if not sep or not name:
            raise InvalidNotationError(f"expected NAME=CHIPS, not {shown(token)}")
        if name in out:
            raise InvalidNotationError(f"{name} is listed twice")
        out[name] = _chips(name, value.strip())
    return out


def parse_ranking(text: object, players: Sequence[str]) -> list[list[str]]:
    """``"Bob > Ann = Cat"`` (or ``[["Bob"], ["Ann", "Cat"]]``) -> tiers of names, best first."""
    if isinstance(text, str):
        tiers = [[n.strip() for n in tier.split("=")] for tier in text.split(">")]
    elif isinstance(text, list) and all(isinstance(t, list) for t in text):
        tiers = [[str(n) for n in tier] for tier in text]
    else:
        raise InvalidNotationError(
            f"a ranking is 'A > B = C' or a list of lists, not {shown(text)}"
        )
    seen: set[str] = set()
    for tier in tiers:
        for name in tier:
            if not name:
                raise InvalidNotationError(f"empty name in the ranking {shown(text)}")
            if name not in players:
                raise InvalidNotationError(f"{name} is ranked but has no contribution")
            if name in seen:
                raise InvalidNotationError(f"{name} is ranked twice")
            seen.add(name)
    return tiers


_JSON_KEYS = frozenset(
    {"contributions", "folded", "ranking", "low", "button", "chip", "rake", "rake_cap"}
)


def _stdin() -> str:
    if sys.stdin is None:
        raise InvalidNotationError("--input -: there is no standard input to read")
    try:
        return sys.stdin.read()
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidNotationError(f"--input -: cannot read standard input ({error})") from None


def _from_json(text: str) -> dict[str, Any]:
    source = _stdin() if text == "-" else text
    try:
        data = json.loads(source)
    except json.JSONDecodeError as error:
        raise InvalidNotationError(f"bad JSON: {error.msg} at line {error.lineno}") from None
    except ValueError:  # an integer of thousands of digits
        raise InvalidNotationError("bad JSON: a number with too many digits") from None
    except RecursionError:
        raise InvalidNotationError("bad JSON: arrays or objects nested too deeply") from None
    if not isinstance(data, dict) or not isinstance(data.get("contributions"), dict):
        raise InvalidNotationError("the JSON must be an object with a 'contributions' object")
    unknown = sorted(set(data) - _JSON_KEYS)
    if unknown:
        known = ", ".join(sorted(_JSON_KEYS))
        raise InvalidNotationError(f"unknown JSON key {shown(unknown[0])} (the keys are {known})")
    return data


def resolve(
    contributions: Mapping[str, int],
    *,
    folded: Sequence[str] = (),
    ranking: object = None,
    low: object = None,
    button: str | None = None,
    chip: int = 1,
    rake: object = None,
    rake_cap: object = None,
) -> str:
    """The pots (and awards, given a ranking) as a printable table."""
    return _table(
        *_resolve(
            contributions, folded=folded, ranking=ranking, low=low, button=button, chip=chip,
            rake=rake, rake_cap=rake_cap,
        )
    )  # fmt: skip


_Resolved = tuple[Pots, Award | None, list[str], int, tuple[int, ...] | None]


def _resolve(
    contributions: Mapping[str, int],
    *,
    folded: Sequence[str] = (),
    ranking: object = None,
    low: object = None,
    button: str | None = None,
    chip: int = 1,
    rake: object = None,
    rake_cap: object = None,
) -> _Resolved:
    """The pots, the award (given a ranking), the names, the rake taken and the pots' places."""
    names = list(contributions)
    if not names:
        raise InvalidNotationError("no contributions given")
    for name in folded:
        if name not in contributions:
            raise InvalidNotationError(f"{name} folded but has no contribution")
    if button is not None and button not in contributions:
        raise InvalidNotationError(f"the button {button} is not one of the players")
    if isinstance(chip, bool) or not isinstance(chip, int) or chip < 1:
        raise InvalidNotationError(f"--chip must be a positive whole number, not {shown(chip)}")
    seat = {name: k + 1 for k, name in enumerate(names)}
    try:
        pots = side_pots({seat[n]: c for n, c in contributions.items()}, {seat[n] for n in folded})
    except InvalidDefinitionError as error:
        raise InvalidNotationError(str(error)) from None
    taken = 0
    places: tuple[int, ...] | None = None
    if rake is not None or rake_cap is not None:
        if rake is None:
            raise InvalidNotationError("--rake-cap needs --rake (the rate)")
        if is_int(rake_cap) and rake_cap % chip:
            raise InvalidNotationError(
                f"--rake-cap {shown(rake_cap)} is not a whole number of {chip}-chips"
            )
        try:
            # the house takes whole chips: the rake is counted in the smallest chip
            rake_of = Rake(rate=rake, cap=rake_cap, increment=chip)  # type: ignore[arg-type]
            raked = rake_of.take(pots)
        except InvalidDefinitionError as error:
            raise InvalidNotationError(f"--rake: {error}") from None
        pots, taken, places = raked.pots, raked.total, raked.indices
    result = None
    if ranking is not None:
        tiers = [[seat[n] for n in t] for t in parse_ranking(ranking, names)]
        live = [s for s in seat.values() if names[s - 1] not in folded]
        tiers = [[s for s in t if s in live] for t in tiers]
        shares: list[list[list[int]]] = [[t for t in tiers if t]]
        if low is not None:
            low_tiers = [[seat[n] for n in t] for t in parse_ranking(low, names)]
            shares.append([t for t in ([s for s in t if s in live] for t in low_tiers) if t])
        order = clockwise_from(seat[button], seat.values()) if button else tuple(seat.values())
        try:
            result = award(pots, Shares(*shares), odd_chip_order=order, chip=chip)
        except InvalidDefinitionError as error:
            raise InvalidNotationError(str(error)) from None
    return pots, result, names, taken, places


def _data(
    pots: Pots,
    result: Award | None,
    names: list[str],
    taken: int = 0,
    places: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The result as ``--json`` writes it (the keys in the module's docs)."""
    paid = {a.index: a for a in result.pots} if result else {}
    listed = []
    for k, pot in enumerate(pots):
        place = places[k] if places else k
        payouts = {names[s - 1]: c for s, c in paid[k].payouts} if k in paid else {}
        listed.append(
            {
                "name": "main pot" if place == 0 else f"side pot {place}",
                "amount": pot.amount,
                "eligible": [names[s - 1] for s in pot.eligible],
                "payouts": payouts,
            }
        )
    returned = None
    if pots.returned:
        seat, chips = pots.returned
        returned = {"player": names[seat - 1], "chips": chips}
    total = {names[s - 1]: c for s, c in result.payouts.items()} if result else None
    return {
        "pots": listed,
        "returned": returned,
        "rake": taken,
        "total": pots.total,
        "payouts": total,
    }


def _table(
    pots: Pots,
    result: Award | None,
    names: list[str],
    taken: int = 0,
    places: Sequence[int] | None = None,
) -> str:
    """The table; ``places`` name each pot by its place before the rake left any out."""

    def who(seats: Sequence[int]) -> str:
        return ", ".join(names[s - 1] for s in seats)

    paid = {a.index: a for a in result.pots} if result else {}
    rows = [("pot", "chips", "eligible", "paid")]
    for k, pot in enumerate(pots):
        place = places[k] if places else k
        label = "main pot" if place == 0 else f"side pot {place}"
        payouts = ", ".join(f"{names[s - 1]} {c}" for s, c in paid[k].payouts) if k in paid else ""
        rows.append((label, str(pot.amount), who(pot.eligible), payouts))
    if pots.returned:
        seat, chips = pots.returned
        rows.append(("uncalled", str(chips), "", f"{names[seat - 1]} {chips} returned"))
    if taken:
        rows.append(("rake", str(taken), "", ""))
    if result:
        total = ", ".join(f"{names[s - 1]} {c}" for s, c in result.payouts.items())
        rows.append(("total", str(pots.total), "", total))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = []
    for r in rows:
        cells = [r[0].ljust(widths[0]), r[1].rjust(widths[1]), r[2].ljust(widths[2]), r[3]]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Resolve and print the pots."""
    if args.input is not None:
        if args.players:
            raise InvalidNotationError("give the players either as arguments or as JSON, not both")
        data = _from_json(args.input)
        contributions = {
            str(name): _chips(str(name), value) for name, value in data["contributions"].items()
        }
        folded = data.get("folded", [])
        if not isinstance(folded, list):
            raise InvalidNotationError("'folded' must be a list of names")
        button = data.get("button")
        resolved = _resolve(
            contributions,
            folded=[str(n) for n in folded],
            ranking=data.get("ranking"),
            low=data.get("low"),
            button=None if button is None else str(button),
            chip=data.get("chip", 1),
            rake=data.get("rake"),
            rake_cap=data.get("rake_cap"),
        )
    else:
        resolved = _resolve(
            parse_contributions(args.players),
            folded=args.fold,
            ranking=args.ranking,
            low=args.low,
            button=args.button,
            chip=args.chip,
            rake=args.rake,
            rake_cap=args.rake_cap,
        )
    if args.json:
        emit_json(_data(*resolved))
    else:
        print(_table(*resolved))
    return 0


def register(subparsers: Any) -> None:
    """Add ``pots`` to the command line."""
    parser = subparsers.add_parser(
        "pots",
        help="resolve side pots and award them from a showdown ranking",
        description=(
            "Split the players' contributions into a main pot and side pots, return any uncalled "
            "bet, and award each pot (side pots first) from the showdown ranking, ties split "
            "and odd chips clockwise from the button."
        ),
    )
    parser.add_argument(
        "players", nargs="*", metavar="NAME=CHIPS", help="contributions, in seating order"
    )
    parser.add_argument(
        "--fold", action="append", default=[], metavar="NAME", help="a player who folded"
    )
    parser.add_argument("--ranking", help="showdown order, best first: 'Bob > Ann = Cat'")
    parser.add_argument("--low", help="a low ranking for high-low split pots")
    parser.add_argument(
        "--button",
        metavar="NAME",
        help="the button (odd chips go to its left; without it, to the first listed winners)",
    )
    parser.add_argument("--chip", type=integer, default=1, help="the smallest chip (default 1)")
    parser.add_argument("--rake", metavar="RATE", help="the house's cut: '5%%' or '0.05'")
    parser.add_argument(
        "--rake-cap", type=integer, metavar="CHIPS", help="the most raked from the hand"
    )
    parser.add_argument("--input", metavar="JSON", help="the whole input as JSON ('-': stdin)")
    add_json(parser)
    parser.set_defaults(handler=run)
