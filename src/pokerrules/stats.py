"""Player statistics over any hands: VPIP, PFR, 3-bet, c-bet, WTSD, bb/100 and the rest.

:meth:`Statistics.of` takes any iterable of hands -- PHH
:class:`~pokerrules.history.phh.HandHistory` values (a site import is one too) or engine
:class:`~pokerrules.engine.Hand` values -- and counts, per player and per position, what each
statistic needs. A statistic is a ratio of two counts, *the act* over *the opportunities*; the
counts are kept, never the ratios, so statistics of parts add up exactly to those of the whole
(``a + b``, ``sum(parts, Statistics())``): a computation split over processes or a cluster
(:mod:`pokerrules.scale`) gives the same result as one process.

A PHH history is replayed through the engine first (:func:`~pokerrules.history.replay.replay`,
with ``repair=True`` by default, filling in omitted folds and checks); a hand whose replay
fails, differs from its record or stops before the end is not counted, and is tallied in
``Statistics.skipped`` by the reason.

The definitions follow the common tracker definitions (PokerTracker's *Statistical Reference
Guide*; pokerkit's ``Statistics``), stated exactly here. *The first round* is the first
betting round (before the flop in a flop game; third street in stud; before the first draw),
*later rounds* the others. A *decision* is a player's own betting action (fold, check, call,
bet, raise, complete, bring-in); posting a blind or ante is not one. Bets are counted by level:
the blinds (and straddles) are the first bet of the first round, or in stud the completion; each
bet, raise or completion makes the next level. The *open raise* makes level 2, a *3-bet*
level 3.

========================  ==============================================  =======================================
statistic                 opportunity (the denominator)                   act (the numerator)
========================  ==============================================  =======================================
hands                     --                                              hands dealt in
VPIP                      hands with a first-round decision (a walk --    hands the player called, bet, raised or
                          everyone folding to the big blind -- is none)   completed in the first round
PFR                       as VPIP                                         hands the player bet, raised or
                                                                          completed in the first round
3-bet                     hands the player had a first-round decision     hands they raised it (to level 3)
                          facing the open raise (level 2)
fold to 3-bet             hands the player made the open raise and next   hands they folded then
                          acted facing a 3-bet (level 3)
c-bet                     hands the player made the first round's last    hands they bet then
                          bet or raise and had the first decision on the
                          second round with nothing bet before them
aggression factor         --                                              bets and raises over calls, later rounds
WTSD                      hands the player saw the second round (not      hands they went to showdown: the hand
                          folded when the first round's betting ended     ended with two or more players not
                          and the hand went on to the next deal)          folded, the player among them
W$SD                      hands the player went to showdown               hands they won chips at the showdown
net won                   --                                              chips won less chips put in, in the
                                                                          hands' units
bb/100                    hands with a big blind (or, without blinds,     100 x the net won in big blinds
                          a small bet)                                    per such hand
========================  ==============================================  =======================================

Positions (button games only; stud has none): ``BTN``, ``SB``, ``BB`` (heads-up the button is
the small blind, ``BTN``), then from the big blind's left ``UTG``, ``UTG+1``, ... with the three
seats right of the button, as far as there are seats after ``UTG``, ``LJ``, ``HJ``, ``CO``.

>>> from pokerrules.history.phh import loads
>>> history = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 7h2c", "d dh p3 KsKd", "p3 cbr 6", "p1 cbr 18",
...            "p2 f", "p3 cc", "d db 2s3s4s", "p1 cbr 20", "p3 f"]
... players = ["Ann", "Bob", "Cat"]
... ''')
>>> stats = Statistics.of([history])
>>> ann = stats.players["Ann"]
>>> ann.hands, ann.vpip, ann.pfr, ann.three_bet, ann.cbet
(1, 100.0, 100.0, 100.0, 100.0)
>>> stats.players["Cat"].fold_to_three_bet, stats.players["Cat"].net_won
(0.0, Fraction(-18, 1))
>>> sorted(stats.positions)
['BB', 'BTN', 'SB']
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, Final, Literal

import attrs

from pokerrules._validators import shown
from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, Raise
from pokerrules.engine import Acted, Dealt, Hand, Posted
from pokerrules.errors import InvalidDefinitionError, PokerRulesError
from pokerrules.history.phh import HandHistory, read_each
from pokerrules.history.replay import replay, stakes_of

__all__ = ["POSITIONS", "PlayerStats", "Statistics", "position_names"]

_BETTING: Final = (Fold, Check, Call, Bet, Raise, Complete, BringIn)
_AGGRESSIVE: Final = (Bet, Raise, Complete)

#: Every position name, in the order tables list them (early to late, then the blinds).
POSITIONS: Final = (
    "UTG",
    *(f"UTG+{k}" for k in range(1, 8)),
    "LJ",
    "HJ",
    "CO",
    "BTN",
    "SB",
    "BB",
)


def position_names(players: int) -> tuple[str, ...]:
    """The position names of a button game of ``players`` players, in seat order from the
    button's left (the button last).

    >>> position_names(2), position_names(6)
    (('BB', 'BTN'), ('SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN'))
    >>> position_names(9)
    ('SB', 'BB', 'UTG', 'UTG+1', 'UTG+2', 'LJ', 'HJ', 'CO', 'BTN')
    """
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 11:
        raise InvalidDefinitionError(f"positions are named for 2 to 11 players, not {players!r}")
    if players == 2:
        return ("BB", "BTN")
    middle = players - 3
    names = []
    for i in range(middle):
        back = middle - 1 - i  # 0 for the seat right of the button
        names.append("UTG" if i == 0 else ("CO", "HJ", "LJ")[back] if back < 3 else f"UTG+{i}")
    return ("SB", "BB", *names, "BTN")


def _ratio(act: int, chances: int) -> float | None:
    return None if chances == 0 else 100 * act / chances


@attrs.frozen(kw_only=True)
class PlayerStats:
    """The counts behind one player's (or one position's) statistics; ``+`` adds them.

    The ratio properties (``vpip``, ``pfr``, ...) are percentages, ``None`` without an
    opportunity; see the module's table for each definition."""

    hands: int = 0
    preflop_chances: int = 0
    vpip_hands: int = 0
    pfr_hands: int = 0
    three_bet_chances: int = 0
    three_bets: int = 0
    fold_to_three_bet_chances: int = 0
    folds_to_three_bet: int = 0
    cbet_chances: int = 0
    cbets: int = 0
    postflop_aggressive: int = 0
    postflop_calls: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    net_won: Fraction = Fraction(0)
    bb_hands: int = 0
    net_bb: Fraction = Fraction(0)

    def __add__(self, other: PlayerStats) -> PlayerStats:
        if not isinstance(other, PlayerStats):
            return NotImplemented
        return PlayerStats(
            **{
                f.name: getattr(self, f.name) + getattr(other, f.name)
                for f in attrs.fields(PlayerStats)
            }
        )

    @property
    def vpip(self) -> float | None:
        """Voluntarily put chips in the pot in the first round, per cent."""
        return _ratio(self.vpip_hands, self.preflop_chances)

    @property
    def pfr(self) -> float | None:
        """Bet or raised in the first round, per cent."""
        return _ratio(self.pfr_hands, self.preflop_chances)

    @property
    def three_bet(self) -> float | None:
        """Re-raised the open raise, per cent of the chances."""
        return _ratio(self.three_bets, self.three_bet_chances)

    @property
    def fold_to_three_bet(self) -> float | None:
        """Folded the open raise to a 3-bet, per cent of the chances."""
        return _ratio(self.folds_to_three_bet, self.fold_to_three_bet_chances)

    @property
    def cbet(self) -> float | None:
        """Continuation bets, per cent of the chances."""
        return _ratio(self.cbets, self.cbet_chances)

    @property
    def aggression_factor(self) -> float | None:
        """Bets and raises per call in the later rounds (``None`` with no call)."""
        return None if self.postflop_calls == 0 else self.postflop_aggressive / self.postflop_calls

    @property
    def wtsd(self) -> float | None:
        """Went to showdown, per cent of the hands that saw the second round."""
        return _ratio(self.showdowns, self.saw_flop)

    @property
    def wsd(self) -> float | None:
        """Won chips at showdown (W$SD), per cent of the showdowns."""
        return _ratio(self.showdowns_won, self.showdowns)

    @property
    def bb_per_100(self) -> float | None:
        """Net won in big blinds per 100 hands (over the hands with a big blind)."""
        return None if self.bb_hands == 0 else float(100 * self.net_bb / self.bb_hands)


def _merge(a: Mapping[str, PlayerStats], b: Mapping[str, PlayerStats]) -> dict[str, PlayerStats]:
    out = dict(a)
    for key, value in b.items():
        out[key] = out[key] + value if key in out else value
    return out


#: The columns of :meth:`Statistics.table` and the record keys of the ratios.
_RATIOS: Final = (
    ("VPIP", "vpip"),
    ("PFR", "pfr"),
    ("3B", "three_bet"),
    ("F3B", "fold_to_three_bet"),
    ("CB", "cbet"),
    ("AF", "aggression_factor"),
    ("WTSD", "wtsd"),
    ("W$SD", "wsd"),
)


@attrs.frozen(kw_only=True)
class Statistics:
    """Statistics of a set of hands: ``players`` (by name) and ``positions`` (by position
    name) map to :class:`PlayerStats`; ``hands`` is the number of hands counted and ``skipped``
    the hands left out, by reason. ``+`` merges two exactly; ``Statistics()`` is empty."""

    players: dict[str, PlayerStats] = attrs.field(factory=dict)
    positions: dict[str, PlayerStats] = attrs.field(factory=dict)
    hands: int = 0
    skipped: dict[str, int] = attrs.field(factory=dict)

    def __add__(self, other: Statistics) -> Statistics:
        if not isinstance(other, Statistics):
            return NotImplemented
        skipped = dict(self.skipped)
        for reason, count in other.skipped.items():
            skipped[reason] = skipped.get(reason, 0) + count
        return Statistics(
            players=_merge(self.players, other.players),
            positions=_merge(self.positions, other.positions),
            hands=self.hands + other.hands,
            skipped=skipped,
        )

    @classmethod
    def of(cls, hands: Iterable[HandHistory | Hand], *, repair: bool = True) -> Statistics:
        """The statistics of ``hands`` (PHH histories or engine hands, mixed as you like).
        PHH histories are replayed with ``repair`` (see the module's text)."""
        if isinstance(hands, HandHistory | Hand) or not isinstance(hands, Iterable):
            raise InvalidDefinitionError(
                f"Statistics.of takes an iterable of hands, not {shown(hands)}"
            )
        players: dict[str, PlayerStats] = {}
        positions: dict[str, PlayerStats] = {}
        counted = 0
        skipped: dict[str, int] = {}
        for item in hands:
            found = _tally(item, repair=repair)
            if isinstance(found, str):
                skipped[found] = skipped.get(found, 0) + 1
                continue
            counted += 1
            for name, position, stats in found:
                players[name] = players[name] + stats if name in players else stats
                if position is not None:
                    got = positions.get(position)
                    positions[position] = stats if got is None else got + stats
        return cls(players=players, positions=positions, hands=counted, skipped=skipped)

    @classmethod
    def of_files(
        cls, paths: Iterable[str | os.PathLike[str]], *, repair: bool = True
    ) -> Statistics:
        """The statistics of every hand in the ``.phh`` and ``.phhs`` files ``paths``; a
        hand (or a whole file) that cannot be read is skipped as ``'unreadable'``."""
        total = cls()
        for path in paths:
            try:
                hands = list(read_each(os.fspath(path)))
            except (PokerRulesError, OSError):
                total += cls(skipped={"unreadable": 1})
                continue
            good = [h for _, h in hands if isinstance(h, HandHistory)]
            bad = len(hands) - len(good)
            total += cls.of(good, repair=repair)
            if bad:
                total += cls(skipped={"unreadable": bad})
        return total

    def _rows(self, by: str) -> list[tuple[str, PlayerStats]]:
        if by == "player":
            return sorted(self.players.items())
        if by == "position":
            order = {p: i for i, p in enumerate(POSITIONS)}
            return sorted(self.positions.items(), key=lambda kv: order.get(kv[0], len(order)))
        raise InvalidDefinitionError(f"by must be 'player' or 'position', not {shown(by)}")

    def to_records(self, by: Literal["player", "position"] = "player") -> list[dict[str, Any]]:
        """One dict per player (or position), sorted: every count (``net_won`` and ``net_bb``
        as exact :class:`~fractions.Fraction`) and every ratio (a float, or ``None``)."""
        records = []
        for key, stats in self._rows(by):
            record: dict[str, Any] = {by: key}
            record.update(attrs.asdict(stats))
            record.update({name: getattr(stats, name) for _, name in _RATIOS})
            record["bb_per_100"] = stats.bb_per_100
            records.append(record)
        return records

    def to_dataframe(self, by: Literal["player", "position"] = "player") -> Any:
        """:meth:`to_records` as a ``pandas.DataFrame`` indexed by player (or position), the
        fractions as floats. Needs the ``pandas`` extra."""
        try:
            import pandas  # noqa: PLC0415 - an optional extra, imported when asked for
        except ImportError as error:  # pragma: no cover - exercised without the extra
            raise ImportError(
                "Statistics.to_dataframe needs pandas: pip install 'pokerrules[pandas]'"
            ) from error
        records = self.to_records(by)
        for record in records:
            record["net_won"] = float(record["net_won"])
            record["net_bb"] = float(record["net_bb"])
        frame = pandas.DataFrame.from_records(
            records, columns=[by, *(k for k in (records[0] if records else {}) if k != by)]
        )
        return frame.set_index(by)

    def table(self, by: Literal["player", "position"] = "player") -> str:
        """A text table of the statistics, one line per player (or position)."""
        head = [by.upper(), "HANDS", *(label for label, _ in _RATIOS), "NET", "BB/100"]
        rows = [head]
        for key, stats in self._rows(by):
            cells = [key, str(stats.hands)]
            for label, name in _RATIOS:
                value = getattr(stats, name)
                cells.append(
                    "-" if value is None else f"{value:.2f}" if label == "AF" else f"{value:.1f}"
                )
            cells.append(_amount(stats.net_won))
            bb = stats.bb_per_100
            cells.append("-" if bb is None else f"{bb:.1f}")
            rows.append(cells)
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        lines = [
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            ).rstrip()
            for r in rows
        ]
        return "\n".join(lines)


def _amount(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


# --- one hand -------------------------------------------------------------------------------

_Found = list[tuple[str, str | None, PlayerStats]]


def _tally(item: HandHistory | Hand, *, repair: bool) -> _Found | str:
    """Each player's counts in one hand (name, position, counts), or why the hand is left out."""
    if isinstance(item, HandHistory):
        return _tally_history(item, repair=repair)
    if isinstance(item, Hand):
        if not item.is_complete:
            return "incomplete"
        nets = {s: Fraction(item.stacks[s] - item.starting_stacks[s]) for s in item.seats}
        return _tally_hand(item, {s: f"seat {s}" for s in item.seats}, nets, 1)
    raise InvalidDefinitionError(
        f"statistics take PHH HandHistory or engine Hand values, not {shown(item)}"
    )


def _tally_history(history: HandHistory, *, repair: bool) -> _Found | str:
    result = replay(history, repair=repair)
    hand = result.hand
    if not result.ok or hand is None:
        return result.verdict.value
    if not hand.is_complete:
        return "incomplete"
    n = history.players_count
    names = history.players or tuple(f"p{i + 1}" for i in range(n))
    recorded = history.finishing_stacks
    starting = history.starting_stacks
    scale = stakes_of(history)[2]
    if recorded is not None and all(s is not None for s in starting):
        # the record's own numbers (the odd-chip convention's halves included)
        nets = {i: Fraction(recorded[i]) - Fraction(starting[i] or 0) for i in range(n)}
    else:
        nets = {i: Fraction(hand.stacks[i] - hand.starting_stacks[i], scale) for i in range(n)}
    return _tally_hand(hand, dict(enumerate(names)), nets, scale)


def _big_blind(hand: Hand) -> int:
    stakes = hand.stakes
    if stakes.blinds:
        return stakes.blinds[-1] if len(stakes.blinds) < 3 else stakes.blinds[1]
    return stakes.small_bet


def _positions(hand: Hand) -> dict[int, str]:
    if hand.variant.is_stud or not 2 <= len(hand.seats) <= 11:
        return {}
    seats, button = hand.seats, hand.button
    # clockwise from the button's left, the button (or the seat before a dead button) last
    order = tuple(s for s in seats if s > button) + tuple(s for s in seats if s <= button)
    return dict(zip(order, position_names(len(order)), strict=True))


def _tally_hand(
    hand: Hand, names: Mapping[int, str], nets: Mapping[int, Fraction], scale: int
) -> _Found:
    """The counts of an engine hand; ``nets`` are in the hands' units, ``scale`` chips a unit."""
    seats = hand.seats
    counts: dict[int, dict[str, int]] = {s: dict.fromkeys(_COUNTS, 0) for s in seats}
    log = hand.log
    level = 1 if any(isinstance(e, Posted) and e.live and e.amount > 0 for e in log) else 0
    opener: int | None = None  # who made level 2
    aggressor: int | None = None  # the first round's last bet or raise
    folded: set[int] = set()
    saw: set[int] = set()
    first_done = False
    round_number = 0
    chances: dict[str, set[int]] = {"pre": set(), "3b": set(), "f3b": set()}
    acts: dict[str, set[int]] = {"vpip": set(), "pfr": set(), "3b": set(), "f3b": set()}
    current: list[Acted] = []
    cbet_open = True  # nothing bet yet in the second round
    for event in log:
        if isinstance(event, Dealt):
            if current and not first_done:
                first_done = True
                saw = {s for s in seats if s not in folded}
            if current:
                round_number += 1
                current = []
            continue
        if not (isinstance(event, Acted) and isinstance(event.action, _BETTING)):
            continue
        seat, action = event.seat, event.action
        current.append(event)
        if isinstance(action, Fold):
            folded.add(seat)
        if round_number == 0:
            chances["pre"].add(seat)
            if level == 2 and seat != opener:
                chances["3b"].add(seat)
            if level == 3 and seat == opener and seat not in chances["f3b"]:
                chances["f3b"].add(seat)
                if isinstance(action, Fold):
                    acts["f3b"].add(seat)
            if isinstance(action, Call | Bet | Raise | Complete):
                acts["vpip"].add(seat)
            if isinstance(action, _AGGRESSIVE):
                acts["pfr"].add(seat)
                if level == 2 and seat != opener:
                    acts["3b"].add(seat)
                level += 1
                if level == 2:
                    opener = seat
                aggressor = seat
            continue
        if round_number == 1 and cbet_open:
            if seat == aggressor:
                counts[seat]["cbet_chances"] = 1
                counts[seat]["cbets"] = int(isinstance(action, Bet))
                cbet_open = False
            elif isinstance(action, _AGGRESSIVE):
                cbet_open = False  # someone bet first: a donk bet, no c-bet chance
        if isinstance(action, _AGGRESSIVE):
            counts[seat]["postflop_aggressive"] += 1
        elif isinstance(action, Call):
            counts[seat]["postflop_calls"] += 1
    outcome = hand.outcome
    showdown = outcome is not None and not outcome.uncontested
    winners = set(outcome.winners) if outcome is not None else set()
    for s in seats:
        c = counts[s]
        c["hands"] = 1
        c["preflop_chances"] = int(s in chances["pre"])
        c["vpip_hands"] = int(s in acts["vpip"])
        c["pfr_hands"] = int(s in acts["pfr"])
        c["three_bet_chances"] = int(s in chances["3b"])
        c["three_bets"] = int(s in acts["3b"])
        c["fold_to_three_bet_chances"] = int(s in chances["f3b"])
        c["folds_to_three_bet"] = int(s in acts["f3b"])
        c["saw_flop"] = int(s in saw)
        at_showdown = showdown and s not in hand.folded
        c["showdowns"] = int(at_showdown)
        c["showdowns_won"] = int(at_showdown and s in winners)
    bb = _big_blind(hand)
    where = _positions(hand)
    found: _Found = []
    for s in seats:
        net = nets[s]
        stats = attrs.evolve(
            _ZERO_COUNTS,
            **counts[s],
            net_won=net,
            bb_hands=int(bb > 0),
            net_bb=net * scale / bb if bb > 0 else Fraction(0),
        )
        found.append((names[s], where.get(s), stats))
    return found


#: The integer counts one hand sets directly.
_COUNTS: Final = tuple(
    f.name for f in attrs.fields(PlayerStats) if f.name not in ("net_won", "bb_hands", "net_bb")
)
_ZERO_COUNTS: Final = PlayerStats()
