"""From a PHH hand history to what the hand engine starts from: the catalogue variant of a
variant code, the stakes in whole chips and the scale that makes every amount whole, and the
forced bets posted out of turn. The names are public through :mod:`pokerrules.history.replay`.
"""

from __future__ import annotations

import decimal
import functools
import operator
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Final, NamedTuple, TypeGuard, cast

import attrs

from pokerrules._validators import shown
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
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError
from pokerrules.forced_bets import AnteKind
from pokerrules.history.codes import EXTENSION_GAMES, is_extension, split_extension
from pokerrules.history.phh import Amount, HandHistory
from pokerrules.variants import BettingStructure, Stakes, Variant, find_variant

__all__ = [
    "MAX_AMOUNT",
    "MAX_PLACES",
    "UNSUPPORTED_CODES",
    "VARIANT_CODES",
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
    return 1 if _plain_inputs(history) else _scale_of_inputs(history)


def _scale_of_inputs(history: HandHistory) -> int:
    """:func:`_scale`, amount by amount: each checked (:func:`_check_size`) and its decimal
    places counted."""
    named = _inputs(history)
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


def _plain_inputs(history: HandHistory) -> bool:
    """Whether every amount the replay plays with (:func:`_inputs`) is a plain ``int`` from 0
    to below :data:`MAX_AMOUNT` -- a blind posted out of turn, negative, and an unknown
    starting stack aside: :func:`_inputs`' amounts are then whole chips as they are. One pass
    over the types and one over the sizes, with no names made for messages."""
    given: list[Amount | None] = [
        *history.antes,
        *(history.blinds_or_straddles or ()),
        *history.starting_stacks,
        history.bring_in,
        history.small_bet,
        history.big_bet,
        history.min_bet,
    ]
    given += [a.amount for a in history.actions if a.amount is not None]
    kinds = set(map(type, given))
    if not kinds <= _INT_OR_NONE:
        return False
    # plain ints, with an unknown stack or a field not given (None) left out
    amounts = cast("list[int]", [a for a in given if a is not None] if _NONE in kinds else given)
    return not amounts or (min(amounts) >= 0 and max(amounts) < MAX_AMOUNT)


_NONE: Final = type(None)
_INT_OR_NONE: Final = frozenset({int, _NONE})


def _chips(amount: Amount, scale: int, what: str) -> int:
    """``amount`` in chips at ``scale``, exactly; refused unless a whole number at least 0."""
    if type(amount) is int and amount >= 0:  # the common case, without a Fraction
        return amount * scale
    if type(amount) is Decimal:
        # a decimal times the scale, when the product is exact: a whole number of chips at
        # least 0 without a Fraction
        try:
            product = _EXACT.multiply(amount, scale)
        except ArithmeticError:  # inexact, or not a number
            pass
        else:
            if product.is_finite() and product >= 0 and product == product.to_integral_value():
                return int(product)
    return _fraction_chips(amount, scale, what)


def _fraction_chips(amount: Amount, scale: int, what: str) -> int:
    """:func:`_chips` by exact fractions, for any amount: the checked way, which words the
    refusal."""
    value = Fraction(amount) * scale
    if value.denominator != 1 or value < 0:
        raise InvalidNotationError(
            f"{what} {_say(amount)} is not a whole number of chips at least 0"
        )
    return int(value)


#: Decimal arithmetic that refuses to round (or to take a NaN): a product is exact or raises.
_EXACT: Final = decimal.Context(
    prec=60, traps=[decimal.Inexact, decimal.Rounded, decimal.InvalidOperation]
)


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
    plan = _plan(history)
    return plan.variant, plan.stakes, plan.scale


class _Plan(NamedTuple):
    """What :meth:`Hand.start` takes from a history beside the stacks: :func:`stakes_of`'s
    variant, stakes and scale, the blinds posted out of turn (``owed`` and ``missed``, see
    :func:`_dues`) and the straddles (``straddles`` and ``straddle_seat``, see
    :func:`_straddles`)."""

    variant: Variant
    stakes: Stakes
    scale: int
    owed: dict[int, int]
    missed: dict[int, int]
    straddles: int
    straddle_seat: int | None


def _plan(history: HandHistory) -> _Plan:
    """:func:`stakes_of`, with the dues and straddles worked out from the same amounts in
    chips (as :func:`_dues` and :func:`_straddles` give them); raises as :func:`stakes_of`
    does."""
    if not isinstance(history, HandHistory):
        raise InvalidDefinitionError(f"expected a HandHistory, not {shown(history)}")
    return _planned(history, plain=_plain_inputs(history))


def _planned(history: HandHistory, *, plain: bool) -> _Plan:
    """:func:`_plan`: with ``plain`` (:func:`_plain_inputs`), the amounts are taken as chips as
    they are, else each is converted and checked."""
    code = history.variant
    if code in UNSUPPORTED_CODES:
        raise InvalidDefinitionError(f"{code}: {UNSUPPORTED_CODES[code]}")
    variant = variant_of_code(code)
    n = history.players_count
    entries = history.blinds_or_straddles or [0] * n
    scale = 1 if plain else _scale_of_inputs(history)
    if plain:
        antes = cast("list[int]", list(history.antes))
        posted = cast("list[int]", list(entries))
    else:
        antes = [_chips(a, scale, "the ante") for a in history.antes]
        posted = [_blind_chips(b, scale) for b in entries]
    # a negative entry is a blind posted out of turn (see _dues), outside the posting order
    blinds = posted if plain else [max(0, b) for b in posted]
    ante_kind, ante, dead = _split_antes(antes, n)
    if dead and variant.is_stud:  # no blind to owe: only one of the ante shapes
        _antes(antes, n)
    if ante_kind is not None:  # (nobody is short of an ante when there is none)
        _check_short_antes(history, ante_kind)
    live = tuple(b for b in blinds if b)
    # a lone blind in the button's entry (the last; the first heads-up, where PHH reverses
    # the forced bets) is a button blind
    on_button = len(live) == 1 and blinds[0 if n == 2 else n - 1] and not variant.is_stud
    # heads-up, a lone blind in the second entry is the first player's: the usual one blind
    lone_heads_up = n == 2 and len(live) == 1 and not on_button
    mississippi = _mississippi_player(blinds)
    if (
        not (on_button or lone_heads_up)
        and mississippi is None
        and blinds[len(live) :]
        and any(blinds[len(live) :])
    ):
        raise InvalidDefinitionError(f"blinds {blinds} are not in posting order")
    straddles = max(0, len(live) - 2)
    variant = _with_forced_bets(code, ante_kind, min(len(live), 2), bool(on_button))

    def opt(value: Amount | None, what: str) -> int:
        if value is None:
            return 0
        return value if plain and type(value) is int else _chips(value, scale, what)

    stakes = _stakes(
        blinds=live[:2],
        ante=ante,
        bring_in=opt(history.bring_in, "the bring-in"),
        small_bet=opt(history.small_bet, "the small bet"),
        big_bet=opt(history.big_bet, "the big bet"),
        min_bet=opt(history.min_bet, "the minimum bet") or None,
    )
    if straddles and any(live[k + 1] != 2 * live[k] for k in range(1, len(live) - 1)):
        raise InvalidDefinitionError(f"straddles {list(live[2:])} are not successive doubles")
    # the dues (PHH reverses the forced bets heads-up) and the straddles, as _dues and
    # _straddles give them
    owed = {1 - k if n == 2 else k: chips for k, chips in dead.items()}
    missed = {1 - k if n == 2 else k: -chips for k, chips in enumerate(posted) if chips < 0}
    if mississippi is not None:
        return _Plan(variant, stakes, scale, owed, missed, 0, mississippi)
    return _Plan(variant, stakes, scale, owed, missed, straddles, None)


def _stakes(
    *,
    blinds: tuple[int, ...],
    ante: int,
    bring_in: int,
    small_bet: int,
    big_bet: int,
    min_bet: int | None,
) -> Stakes:
    """The :class:`~pokerrules.variants.Stakes` of amounts in whole chips (each an ``int`` at
    least 0, ``min_bet`` positive or ``None``, the blinds positive): built as they are when
    they pass the two checks of ``Stakes`` such amounts can fail -- the blinds in posting
    order, the small bet at most the big bet -- else by ``Stakes`` itself, which words the
    error."""
    if all(map(operator.le, blinds, blinds[1:])) and (not big_bet or small_bet <= big_bet):
        # built as :func:`~pokerrules._validators.trusted` builds it, field by field
        stakes: Stakes = _new_object(Stakes)
        values = (blinds, ante, bring_in, small_bet, big_bet, min_bet, 1, None)
        for setter, value in zip(_STAKES_SETTERS, values, strict=True):
            setter(stakes, value)
        return stakes
    return Stakes(
        blinds=blinds,
        ante=ante,
        bring_in=bring_in,
        small_bet=small_bet,
        big_bet=big_bet,
        min_bet=min_bet,
    )


#: The setters of the fields of :class:`~pokerrules.variants.Stakes`, in order.
_STAKES_SETTERS: Final = tuple(Stakes.__dict__[f.name].__set__ for f in attrs.fields(Stakes))
_new_object: Final = object.__new__


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
