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
import functools
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Final, TypeGuard, cast

import attrs

from pokerrules._validators import shown
from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, LegalActions, Raise
from pokerrules.cards import AnyCard, Card
from pokerrules.catalogue import (
    BADUGI,
    CATALOGUE,
    DEUCE_TO_SEVEN_SINGLE_DRAW,
    DEUCE_TO_SEVEN_TRIPLE_DRAW,
    LIMIT_HOLDEM,
    LIMIT_OMAHA_HI_LO,
    NO_LIMIT_HOLDEM,
    NO_LIMIT_SHORT_DECK_HOLDEM,
    POT_LIMIT_OMAHA,
    RAZZ,
    SEVEN_CARD_STUD,
    SEVEN_CARD_STUD_HI_LO,
)
from pokerrules.engine import (
    Deal,
    Discard,
    Hand,
    Muck,
    Phase,
    PlayerAction,
    ShowHand,
    StandPat,
)
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError, PokerRulesError
from pokerrules.forced_bets import AnteKind
from pokerrules.history.codes import EXTENSION_GAMES, is_extension, split_extension
from pokerrules.history.phh import Amount, HandHistory, Notation, Verb
from pokerrules.history.repair import Repair, fill_in
from pokerrules.history.room_rules import with_room_rules
from pokerrules.history.runout_boards import RUNOUT_BOARDS, read_runout_boards
from pokerrules.variants import BettingStructure, Stakes, Variant, find_variant

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
VARIANT_CODES: Final[dict[str, Variant]] = {
    "FT": LIMIT_HOLDEM,
    "NT": NO_LIMIT_HOLDEM,
    "PO": POT_LIMIT_OMAHA,
    "FO/8": LIMIT_OMAHA_HI_LO,
    "F7S": SEVEN_CARD_STUD,
    "F7S/8": SEVEN_CARD_STUD_HI_LO,
    "FR": RAZZ,
    "N2L1D": DEUCE_TO_SEVEN_SINGLE_DRAW,
    "F2L3D": DEUCE_TO_SEVEN_TRIPLE_DRAW,
    "FB": BADUGI,
    "NS": NO_LIMIT_SHORT_DECK_HOLDEM,
}

_STRUCTURES: Final = {
    "F": BettingStructure.FIXED_LIMIT,
    "P": BettingStructure.POT_LIMIT,
    "N": BettingStructure.NO_LIMIT,
}


@functools.lru_cache(maxsize=64)
def variant_of_code(code: str) -> Variant:
    """The catalogue variant a PHH variant code names: a standard code's
    (:data:`VARIANT_CODES`), or for one of the library's extension codes
    (:mod:`pokerrules.history.codes`) the game's variant with the code's betting structure.
    Raises :class:`~pokerrules.errors.InvalidDefinitionError` for any other code.

    >>> variant_of_code("X-FO").describe()
    'Limit Omaha: fixed limit, high'
    >>> variant_of_code("X-P5CD").describe()
    'Pot-limit five-card draw: pot limit, high'
    """
    if code in VARIANT_CODES:
        return VARIANT_CODES[code]
    if not is_extension(code):
        raise InvalidDefinitionError(f"{code!r} is not a standard PHH variant code")
    try:
        structure, game = split_extension(code)
    except InvalidNotationError as error:
        raise InvalidDefinitionError(str(error)) from None
    variant = find_variant(EXTENSION_GAMES[game])
    wanted = _STRUCTURES[structure]
    if variant.structure is wanted:
        return variant
    # the catalogue's variant of the game in that structure, else the game evolved to it
    dealt = attrs.evolve(variant, structure=wanted)
    for known in CATALOGUE:
        if known.structure is wanted and attrs.evolve(known, name=dealt.name, aliases=()) == (
            attrs.evolve(dealt, aliases=())
        ):
            return known
    return attrs.evolve(dealt, name=_named(variant.name, structure), aliases=())


_NAME_PREFIXES: Final = {"F": "Limit", "P": "Pot-limit", "N": "No-limit"}


def _named(name: str, structure: str) -> str:
    """A game's name in another betting structure: ``No-limit Omaha``, ``Pot-limit five-card
    draw``."""
    for prefix in ("Pot-limit ", "No-limit ", "Fixed-limit ", "Limit "):
        if name.startswith(prefix):
            return f"{_NAME_PREFIXES[structure]} {name[len(prefix) :]}"
    return f"{_NAME_PREFIXES[structure]} {name[:1].lower()}{name[1:]}"


#: Standard PHH codes the library cannot replay, and why.
UNSUPPORTED_CODES: Final[dict[str, str]] = {}

#: The most decimal places an amount of a replayed hand may have (trailing zeros aside).
MAX_PLACES: Final = 12
#: Every amount of a replayed hand is less than this, in the history's units.
MAX_AMOUNT: Final = 10**15
#: The engine's stack for a player whose starting stack is unknown (``inf`` in the file), at
#: least: it is raised above the chips of every amount in the hand, so that it never runs out.
_UNKNOWN_STACK: Final = 10**15


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


def _inputs(history: HandHistory) -> list[tuple[str, Amount]]:
    """Every amount the replay plays with, named for a message."""
    named: list[tuple[str, Amount]] = [("an ante", a) for a in history.antes]
    named += [("a blind", -b if b < 0 else b) for b in history.blinds_or_straddles or ()]
    named += [
        (what, a)
        for what, a in (
            ("the bring-in", history.bring_in),
            ("the small bet", history.small_bet),
            ("the big bet", history.big_bet),
            ("the minimum bet", history.min_bet),
        )
        if a is not None
    ]
    named += [("a starting stack", s) for s in history.starting_stacks if s is not None]
    named += [("an amount", a.amount) for a in history.actions if a.amount is not None]
    return named


def _places(amount: Amount) -> int:
    """The decimal places of an amount, trailing zeros aside; exact, with no decimal context
    (``Decimal.normalize`` rounds to the context's precision)."""
    if isinstance(amount, int) or not amount.is_finite() or amount.is_zero():
        return 0
    _, digits, exponent = amount.as_tuple()
    zeros = len(digits) - len(bytes(digits).rstrip(b"\0"))  # trailing zero digits
    return max(0, -(cast(int, exponent) + zeros))  # a finite decimal's exponent is an int


def _check_size(amount: Amount, what: str) -> None:
    """Refuse (quickly, before any arithmetic) an amount beyond what the replay takes on: more
    than :data:`MAX_PLACES` decimal places, or :data:`MAX_AMOUNT` or more either way."""
    if _places(amount) > MAX_PLACES:
        raise InvalidDefinitionError(
            f"{what} {_say(amount)} has more than {MAX_PLACES} decimal places; "
            "the replay takes amounts of at most that many"
        )
    # comparisons are exact (``abs`` of a Decimal would round to the context's precision)
    if amount >= MAX_AMOUNT or amount <= -MAX_AMOUNT:
        raise InvalidDefinitionError(
            f"{what} {_say(amount)} is too large to replay (the limit is {MAX_AMOUNT:,})"
        )


def _say(amount: Amount) -> str:
    if isinstance(amount, Decimal):
        text = str(amount)
        return text if len(text) <= 40 else text[:37] + "..."
    return shown(amount)


def _scale(history: HandHistory) -> int:
    """The power of ten that makes every input amount a whole number of chips."""
    named = _inputs(history)
    if _whole_chips([amount for _, amount in named]):
        return 1
    places = 0
    for what, amount in named:
        _check_size(amount, what)
        places = max(places, _places(amount))
    return int(10**places)


def _whole_chips(amounts: list[Amount]) -> TypeGuard[list[int]]:
    """Whether every amount is a plain ``int`` from 0 to below :data:`MAX_AMOUNT`: what the
    size checks and the conversion to chips take as it is (one pass over the types, one over
    the sizes)."""
    return set(map(type, amounts)) <= _INT_ONLY and (
        not amounts or (min(amounts) >= 0 and max(amounts) < MAX_AMOUNT)
    )


_INT_ONLY: Final = frozenset({int})


def _chips(amount: Amount, scale: int, what: str) -> int:
    if type(amount) is int and amount >= 0:  # the common case, without a Fraction
        return amount * scale
    value = Fraction(amount) * scale
    if value.denominator != 1 or value < 0:
        raise InvalidNotationError(
            f"{what} {_say(amount)} is not a whole number of chips at least 0"
        )
    return int(value)


def _blind_chips(amount: Amount, scale: int) -> int:
    """A ``blinds_or_straddles`` entry in chips, negative for a blind posted out of turn."""
    if amount < 0:
        return -_chips(-amount, scale, "a blind")
    return _chips(amount, scale, "a blind")


def stakes_of(history: HandHistory) -> tuple[Variant, Stakes, int]:
    """The catalogue variant (with the history's ante and blind structure), the stakes in whole
    chips, and the scale (chips per unit of the history's amounts).

    A history the replay cannot take on raises
    :class:`~pokerrules.errors.InvalidDefinitionError`."""
    if not isinstance(history, HandHistory):
        raise InvalidDefinitionError(f"expected a HandHistory, not {shown(history)}")
    code = history.variant
    if code in UNSUPPORTED_CODES:
        raise InvalidDefinitionError(f"{code}: {UNSUPPORTED_CODES[code]}")
    variant = variant_of_code(code)
    scale = _scale(history)
    n = history.players_count
    antes = [_chips(a, scale, "the ante") for a in history.antes]
    # a negative entry is a blind posted out of turn (see _dues), outside the posting order
    blinds = [max(0, _blind_chips(b, scale)) for b in history.blinds_or_straddles or [0] * n]
    ante_kind, ante, dead = _split_antes(antes, n)
    if dead and variant.is_stud:  # no blind to owe: only one of the ante shapes
        _antes(antes, n)
    _check_short_antes(history, ante_kind)
    live = tuple(b for b in blinds if b)
    # a lone blind in the button's entry (the last; the first heads-up, where PHH reverses
    # the forced bets) is a button blind
    on_button = len(live) == 1 and blinds[0 if n == 2 else n - 1] and not variant.is_stud
    # heads-up, a lone blind in the second entry is the first player's: the usual one blind
    lone_heads_up = n == 2 and len(live) == 1 and not on_button
    if (
        not (on_button or lone_heads_up)
        and _mississippi_player(blinds) is None
        and blinds[len(live) :]
        and any(blinds[len(live) :])
    ):
        raise InvalidDefinitionError(f"blinds {blinds} are not in posting order")
    straddles = max(0, len(live) - 2)
    variant = _with_forced_bets(code, ante_kind, min(len(live), 2), bool(on_button))

    def opt(value: Amount | None, what: str) -> int:
        return 0 if value is None else _chips(value, scale, what)

    stakes = Stakes(
        blinds=live[:2],
        ante=ante,
        bring_in=opt(history.bring_in, "the bring-in"),
        small_bet=opt(history.small_bet, "the small bet"),
        big_bet=opt(history.big_bet, "the big bet"),
        min_bet=opt(history.min_bet, "the minimum bet") or None,
    )
    if straddles and any(live[k + 1] != 2 * live[k] for k in range(1, len(live) - 1)):
        raise InvalidDefinitionError(f"straddles {list(live[2:])} are not successive doubles")
    return variant, stakes, scale


def _mississippi_player(blinds: Sequence[Amount]) -> int | None:
    """The player of a Mississippi (button) straddle: PHH writes it as the one straddle, in
    the straddler's own entry past the first after the big blind (pokerkit acts the player
    after the largest entry first, as :attr:`~pokerrules.forced_bets.MississippiAction.LEFT_OF_STRADDLER`)."""
    live = [i for i, b in enumerate(blinds) if b > 0]
    if len(live) == 3 and live[:2] == [0, 1] and live[2] > 2:
        return live[2]
    return None


def _straddles(history: HandHistory) -> tuple[int, int | None]:
    """The ``straddles`` and ``straddle_seat`` of :meth:`Hand.start` for ``history``'s
    blinds and straddles."""
    blinds = history.blinds_or_straddles or ()
    player = _mississippi_player(blinds)
    if player is not None:
        return 0, player
    return max(0, sum(1 for b in blinds if b > 0) - 2), None


@functools.lru_cache(maxsize=256)
def _with_forced_bets(
    code: str, ante_kind: AnteKind | None, blinds: int, button_blind: bool
) -> Variant:
    """The variant of ``code`` with the history's forced bets (a few shapes, made once)."""
    variant = variant_of_code(code)
    forced = attrs.evolve(variant.forced_bets, ante=ante_kind)
    if not variant.is_stud:
        forced = attrs.evolve(forced, blinds=blinds, button_blind=button_blind)
    return attrs.evolve(variant, forced_bets=forced)


def _check_short_antes(history: HandHistory, ante_kind: AnteKind | None) -> None:
    """Refuse a history with a player who cannot pay the full ante, unless the engine plays it
    by the rule the history was played by (PHH specification, "Ante Trimming Status").

    * A per-player ante: the engine makes side pots, the short player winning only as much of
      each ante as they paid -- ``ante_trimming_status = true``. Under ``false`` (the default)
      they may win every ante, which the engine does not do.
    * A button ante is dead money: the button all-in for it plays for the antes alone, as
      under ``false``; ``true`` is not modelled.
    * A big-blind ante: PHH posts the ante before the blind, the engine the blind first (TDA),
      so a big blind who cannot pay both is not replayed either way.
    """
    n = history.players_count
    # PHH reverses the forced bets heads-up: there the first entry is the second player's
    antes = history.antes[::-1] if n == 2 else history.antes
    blinds = history.blinds_or_straddles or (0,) * n
    blinds = blinds[::-1] if n == 2 else blinds
    trimming = history.ante_trimming_status is True
    for i, (stack, ante, blind) in enumerate(
        zip(history.starting_stacks, antes, blinds, strict=True)
    ):
        if stack is None or not ante:
            continue
        # (the message is built only for a player who cannot pay)
        if ante_kind is AnteKind.BIG_BLIND and stack < ante + blind:
            raise InvalidDefinitionError(
                f"p{i + 1}'s starting stack {_say(stack)} is less than their big blind and "
                f"big-blind ante ({_say(ante + blind)}): PHH posts the ante first, the replay "
                "the blind first (TDA)"
            )
        if stack >= ante:
            continue
        who = f"p{i + 1}'s starting stack {_say(stack)} is less than their ante {_say(ante)}"
        if ante_kind is AnteKind.EACH and not trimming:
            status = "false" if history.ante_trimming_status is False else "not given (false)"
            raise InvalidDefinitionError(
                f"{who}, and ante_trimming_status is {status}: the short player may win every "
                "ante, which the replay does not model (it makes side pots for short antes, "
                "as under ante_trimming_status = true)"
            )
        if ante_kind is AnteKind.BUTTON and trimming:
            raise InvalidDefinitionError(
                f"{who}, and ante_trimming_status is true: the replay plays a short button "
                "ante only as under false (the button plays for the whole ante it paid)"
            )


def _split_antes(antes: Sequence[int], n: int) -> tuple[AnteKind | None, int, dict[int, int]]:
    """The ante structure of the PHH ``antes`` entries and the dead money beyond it, by entry.

    Entries of one of the engine's ante shapes (every player the same, the big blind's, the
    button's) are that ante. Any other list is each player's dead money: a dead blind posted by
    a player who missed it, on top of an ante every player paid (the smallest entry, when every
    player paid one) -- as pokerkit reads per-player antes."""
    try:
        kind, ante = _antes(antes, n)
    except InvalidDefinitionError:
        ante = min(antes) if all(antes) else 0
        kind = AnteKind.EACH if ante else None
        return kind, ante, {k: a - ante for k, a in enumerate(antes) if a > ante}
    return kind, ante, {}


def _dues(history: HandHistory, scale: int) -> tuple[dict[int, int], dict[int, int]]:
    """The blinds a player posts out of turn, by seat, as :meth:`Hand.start` takes them:
    ``owed`` (dead money, the part of a player's ``antes`` entry beyond the ante) and
    ``missed`` (a live blind: a negative ``blinds_or_straddles`` entry, pokerkit's notation for
    a blind a new or returning player posts out of turn; the action does not start after it).
    PHH reverses the forced bets heads-up."""
    n = history.players_count
    antes = [_chips(a, scale, "the ante") for a in history.antes]
    _, _, extra = _split_antes(antes, n)
    blinds = [_blind_chips(b, scale) for b in history.blinds_or_straddles or ()]

    def seat(k: int) -> int:
        return 1 - k if n == 2 else k

    owed = {seat(k): chips for k, chips in extra.items()}
    missed = {seat(k): -chips for k, chips in enumerate(blinds) if chips < 0}
    return owed, missed


def _antes(antes: Sequence[int], n: int) -> tuple[AnteKind | None, int]:
    paid = [a for a in antes if a]
    if not paid:
        return None, 0
    if len(paid) == n and len(set(paid)) == 1:
        return AnteKind.EACH, paid[0]
    if len(paid) == 1:
        # The big blind's ante is listed second and a lone ante on the last player is the
        # button's -- except heads-up, where PHH reverses the forced bets: the second entry
        # is then the big blind's (the first player's) and the first the button's.
        where = next(i for i, a in enumerate(antes) if a)
        if where == 1:
            return AnteKind.BIG_BLIND, paid[0]
        if where == (0 if n == 2 else n - 1):
            return AnteKind.BUTTON, paid[0]
    raise InvalidDefinitionError(
        f"antes {list(antes)} are not a per-player, button or big-blind ante"
    )


def _known_cards(history: HandHistory) -> set[Card]:
    return {c for a in history.actions for c in a.cards if c is not None}


def _hidden_cards(history: HandHistory) -> dict[int, list[Card | None]]:
    """Per player, what each unknown card dealt to them turns out to be, in the order dealt:
    a card the history later shows or names in a discard, or ``None`` for a card it never
    names (a spare card stands in).

    Each card a player reveals -- shown, or thrown away by name -- without having been seen
    dealt is the earliest unknown card they still hold; each unknown card thrown away is one
    too (it never shows). So in a draw game the cards shown are the ones kept to the end, and
    a named discard is a card the player held."""
    slots: dict[int, list[Card | None]] = {}
    held: dict[int, list[int]] = {}  # the player's unknown cards still in hand (slot numbers)
    known: dict[int, set[Card]] = {}

    def reveal(player: int, card: Card | None) -> None:
        if card is not None and card in known.get(player, set()):
            known[player].discard(card)
            return
        waiting = held.get(player)
        if waiting:
            slots[player][waiting.pop(0)] = card

    for action in history.actions:
        player = action.player
        if player is None:
            continue
        if action.verb is Verb.DEAL_HOLE:
            mine = slots.setdefault(player, [])
            for card in action.cards:
                if card is None:
                    held.setdefault(player, []).append(len(mine))
                    mine.append(None)
                else:
                    known.setdefault(player, set()).add(card)
        elif action.verb is Verb.STAND_PAT_OR_DISCARD:
            for card in action.cards:
                reveal(player, card)
        elif action.verb is Verb.SHOW_OR_MUCK:
            for card in action.cards:
                if card is not None and card not in known.get(player, set()):
                    reveal(player, card)
                    known.setdefault(player, set()).add(card)  # a second show reveals nothing
    return slots


class _ReplayStoppedError(Exception):
    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index


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
        variant, stakes, scale = stakes_of(history)
        for stack in history.finishing_stacks or ():
            _check_size(stack, "a finishing stack")
    except PokerRulesError as error:
        return Replay(verdict=Verdict.UNSUPPORTED, message=str(error))
    first = _replay(history, variant, stakes, scale, expose=True, repair=repair)
    if (
        first.verdict is Verdict.FAILED
        and first.hand is not None
        and first.hand.phase is Phase.EXPOSE
    ):
        second = _replay(history, variant, stakes, scale, expose=False, repair=repair)
        if second.verdict is not Verdict.FAILED:
            return second
    return first


def _replay(
    history: HandHistory,
    variant: Variant,
    stakes: Stakes,
    scale: int,
    *,
    expose: bool,
    repair: bool = False,
) -> Replay:
    n = history.players_count
    straddles, straddle_seat = _straddles(history)
    try:
        owed, missed = _dues(history, scale)
        runs = list(read_runout_boards(history.extra))
        variant = with_room_rules(variant, history.extra)
        # enough for anything the hand could ask of a player whose stack is unknown
        named = _inputs(history)
        amounts = [amount for _, amount in named]
        if scale == 1 and _whole_chips(amounts):
            deep = sum(amounts) + 1
        else:
            deep = sum(_chips(a, scale, what) for what, a in named) + 1
        unknown_stack = max(_UNKNOWN_STACK, deep)
        stacks = [
            unknown_stack if s is None else _chips(s, scale, "a stack")
            for s in history.starting_stacks
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
    known = _known_cards(history) | {c for board in runs for c in board}
    unknowns = _Unknowns(
        spare=[c for c in variant.deck.cards if isinstance(c, Card) and c not in known],
        hidden=_hidden_cards(history),
        known=frozenset(known),
    )
    repairs: list[Repair] = []
    try:
        for index, action in enumerate(history.actions):
            if repair:
                hand, filled = fill_in(hand, action, index)
                repairs += filled
            hand = _step(_run_again(hand, runs, index), action, index, scale, unknowns)
        hand = _run_again(hand, runs, len(history.actions))
        if runs:
            raise _ReplayStoppedError(
                f"the board was not run out again, but {RUNOUT_BOARDS} lists {len(runs)} more "
                "runouts",
                len(history.actions),
            )
    except _ReplayStoppedError as stop:
        result = Replay(
            verdict=Verdict.FAILED, message=str(stop), hand=hand, stopped_at=stop.index
        )
    else:
        result = _compare(history, hand, scale)
    if not repairs:
        return result
    said = "; ".join(map(str, repairs))
    return attrs.evolve(
        result, message=f"{result.message} (repaired: {said})", repairs=tuple(repairs)
    )


@attrs.define
class _Unknowns:
    """Cards to stand in for unknown ones: for each player, what their unknown cards turn out
    to be (``hidden``, see :func:`_hidden_cards`), cards the history never mentions
    (``spare``) for the rest, and the spare cards each player was dealt (``stand_ins``).

    When the spare cards run out in a draw game, a stand-in comes from the discards the dealer
    reshuffles: a card the history never names (``known`` are the cards it names)."""

    spare: list[Card]
    hidden: dict[int, list[Card | None]]
    known: frozenset[Card] = frozenset()
    stand_ins: dict[int, list[Card]] = attrs.field(factory=dict)


def _run_again(hand: Hand, runs: list[tuple[Card, ...]], index: int) -> Hand:
    """Deal the runouts after the first (the extension field, in order) when the engine asks
    for them."""
    step = hand.pending_deal
    while runs and step is not None and step.street.startswith("runout "):
        try:
            hand = hand.apply(Deal(runs.pop(0)))
        except PokerRulesError as error:
            raise _ReplayStoppedError(
                f"{step.street} of {RUNOUT_BOARDS}: {error}", index
            ) from None
        step = hand.pending_deal
    return hand


def _where(index: int, action: Notation) -> str:
    """The action, for a message."""
    return f"action {index + 1} {str(action)!r}"


def _step(hand: Hand, action: Notation, index: int, scale: int, cards: _Unknowns) -> Hand:
    verb = action.verb
    if verb is Verb.NONE:
        return hand
    try:
        if verb in (Verb.DEAL_BOARD, Verb.DEAL_HOLE):
            return _deal(hand, action, index, cards)
        seat = action.player
        if seat is None:  # pragma: no cover - the parser gives players a seat
            raise _ReplayStoppedError(f"{_where(index, action)}: no player", index)
        actor = hand.actor
        if (
            verb is Verb.SHOW_OR_MUCK
            and actor != seat
            and (hand.is_shown(seat) or hand.is_complete)
        ):
            return hand  # a repeated show of a hand face up, or a show after the hand
        if actor != seat:
            expected = "nobody" if actor is None else f"p{actor + 1}"
            step = hand.pending_deal
            if step is not None:
                expected = f"the dealer ({step})"
            raise _ReplayStoppedError(
                f"{_where(index, action)}: the history has p{seat + 1} act, but {expected} is "
                "next",
                index,
            )
        return hand.apply(_player_action(hand, action, scale, cards.stand_ins), seat=seat)
    except PokerRulesError as error:
        raise _ReplayStoppedError(f"{_where(index, action)}: {error}", index) from None


def _deal(hand: Hand, action: Notation, index: int, unknowns: _Unknowns) -> Hand:
    step = hand.pending_deal
    if step is None:
        raise _ReplayStoppedError(
            f"{_where(index, action)}: the engine is not dealing now ({hand.phase.value})", index
        )
    if step.seat != action.player:
        target = "the board" if step.seat is None else f"p{step.seat + 1}"
        raise _ReplayStoppedError(
            f"{_where(index, action)}: the engine deals to {target} next", index
        )
    cards: list[AnyCard] = []
    for card in action.cards:
        if card is not None:
            cards.append(card)
            continue
        player = action.player
        mine = unknowns.hidden.get(player, []) if player is not None else []
        planned = mine.pop(0) if mine else None
        if planned is not None:
            cards.append(planned)
            continue
        if not unknowns.spare:
            # the stub is out: a discard the dealer reshuffles stands in
            dealable = hand.dealable_cards()
            reshuffled = [
                c
                for c in hand.variant.deck.cards
                if isinstance(c, Card)
                and c in dealable
                and c not in unknowns.known
                and c not in cards
            ]
            if not reshuffled:
                raise _ReplayStoppedError(
                    f"{_where(index, action)}: no card left to stand in for an unknown card",
                    index,
                )
            unknowns.spare.append(reshuffled[0])
        stand_in = unknowns.spare.pop(0)
        if player is not None:
            unknowns.stand_ins.setdefault(player, []).append(stand_in)
        cards.append(stand_in)
    return hand.apply(Deal(cards))


def _player_action(
    hand: Hand, action: Notation, scale: int, stand_ins: dict[int, list[Card]]
) -> PlayerAction:
    verb = action.verb
    if verb is Verb.FOLD:
        return Fold()
    if verb is Verb.BRING_IN:
        return BringIn()
    # only a check or call and a bet or raise depend on what is legal (asked only for them)
    legal = hand.legal_actions() if verb in _ASKS_LEGAL else None
    if verb is Verb.CHECK_OR_CALL:
        return Check() if isinstance(legal, LegalActions) and legal.check else Call()
    if verb is Verb.BET_OR_RAISE_TO:
        to = _chips(action.amount if action.amount is not None else 0, scale, "the amount")
        if isinstance(legal, LegalActions):
            if legal.bet is not None:
                return Bet(to)
            if legal.complete is not None and to == legal.complete:
                return Complete()
            if (
                legal.raise_to is not None
                and to < legal.raise_to.low
                and _nobody_can_call_more(hand, to)
            ):
                # Recorded only up to what the others can call: the full raise, the excess
                # being uncalled and returned.
                return Raise(to=legal.raise_to.low)
        return Raise(to=to)
    if verb is Verb.STAND_PAT_OR_DISCARD:
        if not action.cards:
            return StandPat()
        seat = action.player if action.player is not None else -1
        mine = stand_ins.get(seat, [])
        thrown: list[AnyCard] = []
        for card in action.cards:
            if card is not None:
                thrown.append(card)
            else:
                held = [c for c in mine if c in hand.holding(seat).cards and c not in thrown]
                if not held:
                    raise InvalidDefinitionError("an unknown discard but no unknown card held")
                thrown.append(held[0])
        return Discard(thrown)
    if action.cards or action.shows_dealt:
        seat = action.player if action.player is not None else -1
        holding = hand.holding(seat).cards
        wrong = [c for c in action.cards if c is not None and c not in holding]
        if wrong:
            shown = " ".join(map(str, wrong))
            raise InvalidNotationError(f"p{seat + 1} shows {shown}, which they do not hold")
        return ShowHand()
    return Muck()


_ASKS_LEGAL: Final = frozenset({Verb.CHECK_OR_CALL, Verb.BET_OR_RAISE_TO})


def _nobody_can_call_more(hand: Hand, to: int) -> bool:
    """Whether no opponent can put in more than ``to`` this round (all-in for less)."""
    rnd = hand.betting_round
    if rnd is None:
        return False
    committed, stacks = rnd.contributions, rnd.stacks
    others = [committed[s] + stacks[s] for s in rnd.in_hand if s != rnd.seat_to_act]
    return bool(others) and max(others) <= to


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
    known = [s is not None for s in history.starting_stacks]
    ours = tuple(_units(final[seat], scale) for seat in hand.seats)
    state = "" if hand.is_complete else f" (the history stops during the {hand.phase.value})"
    recorded = history.finishing_stacks
    if recorded is None:
        return Replay(
            verdict=Verdict.REPLAYED,
            message=f"replayed; no finishing stacks to compare{state}",
            hand=hand,
            stacks=ours,
        )
    if (
        scale == 1
        and all(type(b) is int for b in recorded)
        and all(a == b for a, b, k in zip(ours, recorded, known, strict=True) if k)
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
    # exact arithmetic: Decimal's would round to the context's 28 digits
    pairs = [(Fraction(a), Fraction(b)) for _, a, b in compared]
    if all(a == b for a, b in pairs):
        return Replay(
            verdict=Verdict.MATCH, message=f"stacks match{state}", hand=hand, stacks=ours
        )
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
