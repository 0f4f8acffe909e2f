"""Replay PHH hand histories through the hand engine, and write engine hands as PHH.

:func:`replay` plays a :class:`~pokerrules.history.phh.HandHistory` through
:class:`~pokerrules.engine.Hand`, dealt by hand from the recorded cards. Every recorded actor
must be the engine's next actor and every action legal; at the end the engine's stacks are
compared with the recorded ``finishing_stacks``. The result is a :class:`Replay` with a
:class:`Verdict`.

How PHH maps to the engine:

* players ``p1`` ... ``pn`` sit in seats 0 ... n-1 and the button is the last player (PHH lists
  button games from the small blind round to the button, stud games from the dealer's left);
* the standard variant codes map to catalogue variants (:data:`VARIANT_CODES`), ``NS`` to
  short-deck hold'em ranked as PHH ranks it (a straight beats three of a kind); a lone blind
  in the button's entry is a button blind;
* blinds posted out of turn, by a new player or one returning after missing the blinds: a
  negative ``blinds_or_straddles`` entry is a live blind (pokerkit's notation for a posted
  bet, as in the PHH dataset: the action still starts left of the big blind, and the poster
  may check when it comes round), and ``antes`` entries that are not one ante for all
  players, the big blind's or the button's are each player's dead money (a dead small blind
  on top of any ante every player paid);
* amounts are exact decimals; they are scaled by a power of ten to whole chips, exactly. A
  hand with an amount of more than :data:`MAX_PLACES` decimal places, or of
  :data:`MAX_AMOUNT` or more, is not replayed (the verdict is :attr:`Verdict.UNSUPPORTED`);
* all-in hands are turned up before the rest is dealt (PHH records the shows there);
* a board run out more than once: the library's extension field ``_runout_boards``
  (:mod:`~pokerrules.history.runout_boards`) lists the cards of each runout after the first;
* a fold with no bet to call is refused unless the extension field ``_fold_without_bet =
  true`` (:mod:`~pokerrules.history.room_rules`) says the room allows it;
* unknown cards (``??``) are dealt as cards the history never mentions -- or, when the player
  shows them later, as the cards shown;
* a player who cannot pay the full per-player ante makes side pots as usual: they win only
  as much of each ante as they paid, PHH's ``ante_trimming_status = true``. Under ``false``
  (the default) they may win every ante, which the engine does not model: such a hand is
  :attr:`Verdict.UNSUPPORTED`, as is a short button ante under ``true`` and a big blind who
  cannot pay both the blind and a big-blind ante (PHH posts the ante first, the engine the
  blind). A hand in which every player covers the ante plays alike under either value.

The odd-chip convention. Some histories (the Pluribus hands) split a pot with an odd chip as
two halves, ``10112.5`` each. Chips are whole in the engine, so the odd chip goes to the first
winner clockwise from the button (Robert's Rules of Poker, "Split Pots"); such a hand gets the
verdict :attr:`Verdict.ODD_CHIP` when every stack is within one chip of the record and the
totals agree.
"""

from __future__ import annotations

import enum
from decimal import Decimal
from fractions import Fraction
from typing import Final

import attrs

from pokerrules._validators import shown
from pokerrules.engine import (
    Hand,
    Phase,
)
from pokerrules.errors import InvalidDefinitionError, PokerRulesError
from pokerrules.history import _stakes
from pokerrules.history._playing import (
    _play,
    _ReplayStoppedError,
    _run_again,
    _step,
    _Unknowns,
)
from pokerrules.history._stakes import (
    _INT_ONLY,
    _UNKNOWN_STACK,
    _check_size,
    _chips,
    _inputs,
    _Plan,
    _plan,
    _whole_chips,
    stakes_of,
    variant_of_code,
)
from pokerrules.history.phh import Amount, HandHistory
from pokerrules.history.repair import Repair, fill_in
from pokerrules.history.room_rules import with_room_rules
from pokerrules.history.runout_boards import RUNOUT_BOARDS, read_runout_boards

__all__ = [
    "MAX_AMOUNT",
    "MAX_PLACES",
    "UNSUPPORTED_CODES",
    "VARIANT_CODES",
    "Repair",
    "Replay",
    "Verdict",
    "replay",
    "stakes_of",
    "variant_of_code",
]

#: PHH variant codes and the catalogue variants they map to.
VARIANT_CODES: Final = _stakes.VARIANT_CODES
#: Standard PHH codes the library cannot replay, and why.
UNSUPPORTED_CODES: Final = _stakes.UNSUPPORTED_CODES
#: The most decimal places an amount of a replayed hand may have (trailing zeros aside).
MAX_PLACES: Final = _stakes.MAX_PLACES
#: Every amount of a replayed hand is less than this, in the history's units.
MAX_AMOUNT: Final = _stakes.MAX_AMOUNT


class Verdict(enum.Enum):
    """How a replay went."""

    #: Replayed; the stacks match the recorded finishing stacks to the chip.
    MATCH = "match"
    #: Replayed; the stacks differ only by the history's half-chip split of an odd chip.
    ODD_CHIP = "odd chip"
    #: Replayed, but the stacks differ from the record.
    MISMATCH = "mismatch"
    #: Replayed; the history records no finishing stacks to compare.
    REPLAYED = "replayed"
    #: The replay stopped: an actor or action the engine does not accept.
    FAILED = "failed"
    #: A variant or feature the library does not replay.
    UNSUPPORTED = "unsupported"


@attrs.frozen(kw_only=True)
class Replay:
    """The result of :func:`replay`: the ``verdict``, a one-line ``message``, the engine's
    ``hand`` (``None`` when it could not start), the engine's final ``stacks`` in the history's
    units, the action index where a failed replay stopped, and the omitted folds and checks
    filled in under ``repair=True`` (``repairs``, in order)."""

    verdict: Verdict
    message: str
    hand: Hand | None = None
    stacks: tuple[Amount, ...] | None = None
    stopped_at: int | None = None
    repairs: tuple[Repair, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether the replay agrees with the record (a match, the odd-chip convention, or
        nothing to compare)."""
        return self.verdict in (Verdict.MATCH, Verdict.ODD_CHIP, Verdict.REPLAYED)


def replay(history: HandHistory, *, repair: bool = False) -> Replay:
    """Replay a hand history through the engine. Never raises for a bad history: problems are
    reported in the :class:`Replay`.

    With ``repair=True`` the folds and checks the history omits are filled in, as PHH's
    reference implementation does (:mod:`pokerrules.history.repair`): before a recorded action
    that is not the pending betting decision, the player to act checks if they may, else
    folds. Each repair is listed in ``Replay.repairs`` and named in the message.

    All-in hands are first replayed turned up before the rest is dealt, as PHH records them;
    a history that deals on without the shows is replayed again with the hands left down.

    Only something other than a :class:`~pokerrules.history.phh.HandHistory` raises
    (:class:`~pokerrules.errors.InvalidDefinitionError`).
    """
    if not isinstance(history, HandHistory):
        raise InvalidDefinitionError(f"replay takes a HandHistory, not {shown(history)}")
    try:
        plan = _plan(history)
        finishing = history.finishing_stacks
        if finishing is not None and not _whole_chips(list(finishing)):
            for stack in finishing:
                _check_size(stack, "a finishing stack")
    except PokerRulesError as error:
        return Replay(verdict=Verdict.UNSUPPORTED, message=str(error))
    first = _replay(history, plan, expose=True, repair=repair)
    if (
        first.verdict is Verdict.FAILED
        and first.hand is not None
        and first.hand.phase is Phase.EXPOSE
    ):
        second = _replay(history, plan, expose=False, repair=repair)
        if second.verdict is not Verdict.FAILED:
            return second
    return first


def _replay(history: HandHistory, plan: _Plan, *, expose: bool, repair: bool = False) -> Replay:
    n = history.players_count
    variant, stakes, scale, owed, missed, straddles, straddle_seat = plan
    try:
        runs = list(read_runout_boards(history.extra))
        variant = with_room_rules(variant, history.extra)
        starting = history.starting_stacks
        given = [s for s in starting if s is not None]
        if scale == 1 and len(given) == len(starting) and _whole_chips(given):
            stacks: list[int] = given
        else:
            stacks = [_chips(s, scale, "a stack") if s is not None else 0 for s in starting]
        if None in starting:
            # enough for anything the hand could ask of a player whose stack is unknown
            named = _inputs(history)
            amounts = [amount for _, amount in named]
            if scale == 1 and _whole_chips(amounts):
                deep = sum(amounts) + 1
            else:
                deep = sum(_chips(a, scale, what) for what, a in named) + 1
            unknown_stack = max(_UNKNOWN_STACK, deep)
            stacks = [
                unknown_stack if s is None else c for s, c in zip(starting, stacks, strict=True)
            ]
        hand = Hand.start(
            variant,
            stakes=stakes,
            stacks=stacks,
            button=n - 1,
            straddles=straddles,
            straddle_seat=straddle_seat,
            owed=owed or None,
            missed=missed or None,
            expose_all_ins=expose,
            runouts=1 + len(runs) if runs else None,
        )
    except PokerRulesError as error:
        return Replay(verdict=Verdict.FAILED, message=f"cannot start the hand: {error}")
    # the stand-ins are worked out when the first unknown card (``??``) is dealt
    unknowns = _Unknowns(history, variant, tuple(runs))
    repairs: list[Repair] = []
    try:
        if not (repair or runs):
            hand = _play(hand, history.actions, scale, unknowns)
        for index, action in enumerate(history.actions if repair or runs else ()):
            if repair:
                hand, filled = fill_in(hand, action, index)
                repairs += filled
            if runs:
                hand = _run_again(hand, runs, index)
            hand = _step(hand, action, index, scale, unknowns)
        if runs:
            hand = _run_again(hand, runs, len(history.actions))
        if runs:
            raise _ReplayStoppedError(
                f"the board was not run out again, but {RUNOUT_BOARDS} lists {len(runs)} more "
                "runouts",
                len(history.actions),
            )
    except _ReplayStoppedError as stop:
        result = Replay(
            verdict=Verdict.FAILED,
            message=str(stop),
            hand=hand if stop.hand is None else stop.hand,
            stopped_at=stop.index,
        )
    else:
        result = _compare(history, hand, scale)
    if not repairs:
        return result
    said = "; ".join(map(str, repairs))
    return attrs.evolve(
        result, message=f"{result.message} (repaired: {said})", repairs=tuple(repairs)
    )


def _units(chips: int, scale: int) -> Amount:
    """Chips in the history's units, exactly: an ``int`` at scale 1, else the ``Decimal`` of
    the fewest places (``Decimal(chips) / scale`` would round past 28 digits)."""
    if scale == 1:
        return chips
    whole, part = divmod(abs(chips), scale)
    sign = "-" if chips < 0 else ""
    if not part:
        return Decimal(f"{sign}{whole}")
    places = len(str(scale)) - 1
    return Decimal(f"{sign}{whole}.{str(part).rjust(places, '0').rstrip('0')}")


def _compare(history: HandHistory, hand: Hand, scale: int) -> Replay:
    final = hand.stacks
    if scale == 1:
        ours: tuple[Amount, ...] = tuple([final[seat] for seat in hand.seats])
    else:
        ours = tuple([_units(final[seat], scale) for seat in hand.seats])
    state = "" if hand.is_complete else f" (the history stops during the {hand.phase.value})"
    recorded = history.finishing_stacks
    if recorded is None:
        return Replay(
            verdict=Verdict.REPLAYED,
            message=f"replayed; no finishing stacks to compare{state}",
            hand=hand,
            stacks=ours,
        )
    known = [s is not None for s in history.starting_stacks]
    if (
        scale == 1
        and set(map(type, recorded)) <= _INT_ONLY
        and (
            ours == recorded
            if all(known)
            else all(a == b for a, b, k in zip(ours, recorded, known, strict=True) if k)
        )
    ):  # whole chips, as recorded
        return Replay(
            verdict=Verdict.MATCH, message=f"stacks match{state}", hand=hand, stacks=ours
        )
    # (player number, ours, recorded) for the players whose starting stack is known
    compared = [
        (i, Decimal(a), Decimal(b))
        for i, (a, b, k) in enumerate(zip(ours, recorded, known, strict=True))
        if k
    ]
    # (decimals compare exactly)
    if all(a == b for _, a, b in compared):
        return Replay(
            verdict=Verdict.MATCH, message=f"stacks match{state}", hand=hand, stacks=ours
        )
    # exact arithmetic: Decimal's would round to the context's 28 digits
    pairs = [(Fraction(a), Fraction(b)) for _, a, b in compared]
    unit = Fraction(1, scale)
    odd = any(b % unit for _, b in pairs)
    if (
        odd
        and all(abs(a - b) < unit for a, b in pairs)
        and sum(a for a, _ in pairs) == sum(b for _, b in pairs)
    ):
        diffs = ", ".join(f"p{i + 1} {a} (recorded {b})" for i, a, b in compared if a != b)
        return Replay(
            verdict=Verdict.ODD_CHIP,
            message=f"an odd chip split in halves in the record: {diffs}",
            hand=hand,
            stacks=ours,
        )
    diffs = ", ".join(f"p{i + 1} {a} (recorded {b})" for i, a, b in compared if a != b)
    return Replay(
        verdict=Verdict.MISMATCH, message=f"stacks differ: {diffs}{state}", hand=hand, stacks=ours
    )
