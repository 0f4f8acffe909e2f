"""The integer API, for hot loops such as equity enumeration.

A card *is* its key (``Card`` subclasses ``int``), so a hand's key is the plain sum of its
cards. Loops that share cards (a board, a player's hole cards) add partial sums once and look
up many totals. :func:`high_strength` returns a bare ``int`` (greater is better; equal exactly
when the hands tie) and allocates nothing. These functions trust their input: the total must
be the sum of five to seven distinct standard cards.

>>> from pokerrules import parse_cards
>>> board = sum(parse_cards("Ac Kd Td 7s 2h"))
>>> nines, eight_seven = sum(parse_cards("9c 9s")), sum(parse_cards("8d 7d"))
>>> high_strength(board + nines) > high_strength(board + eight_seven)
True
>>> value_of(high_strength(board + nines)).describe()
'Pair of Nines'
"""

from __future__ import annotations

from typing import Final

from pokerrules._validators import shown
from pokerrules.cards import CARD_SHIFT, RANK_KEY_MASK, SUIT_SHIFT
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation._build import HASH_BUCKETS, HASH_MASK
from pokerrules.evaluation._tables import (
    JOKER_STATE,
    SUIT_STATE,
    flush_strengths,
    high_hash,
    strengths_by_rank_key,
    tables,
)
from pokerrules.evaluation.badugi import badugi_values
from pokerrules.evaluation.short_deck import short_deck_values
from pokerrules.evaluation.values import HandValue, Scale

__all__ = ["high_strength", "low_strength", "value_of"]

_STATE: Final = SUIT_STATE
# Filled in place on first use (see evaluators.py for why): slots of the high scale's perfect
# hash holding bare strengths, the displacements, and the flush strengths.
_SLOTS: Final[list[int]] = [0] * (HASH_MASK + 1)
_SHIFT: Final[list[int]] = [0] * HASH_BUCKETS
_FLUSH: Final[list[int]] = [0] * 8192


def _load() -> None:
    displacement, slots = high_hash()
    _SHIFT[:] = displacement
    _SLOTS[:] = [0 if value is None else value.strength for value in slots]
    _FLUSH[:] = flush_strengths(Scale.HIGH)


def high_strength(total: int) -> int:
    """The high-hand strength (1-7462) of the hand whose cards sum to ``total``."""
    try:
        state = _STATE[total >> SUIT_SHIFT & 0xFFFF]
    except TypeError:
        raise _not_a_key(total) from None
    if not state:
        key = total & RANK_KEY_MASK
        strength = _SLOTS[(key + _SHIFT[key % HASH_BUCKETS]) & HASH_MASK]
        if strength:
            return strength
    elif state < JOKER_STATE:
        strength = _FLUSH[total >> (CARD_SHIFT + 13 * state - 13) & 0x1FFF]
        if strength:
            return strength
    elif state == JOKER_STATE:
        raise InvalidDefinitionError("the integer API does not take the joker; use evaluate_high")
    if _FLUSH[0x1F00]:  # loaded, so the total is not five to seven distinct cards
        raise _not_a_key(total)
    _load()
    return high_strength(total)


def _not_a_key(total: object) -> InvalidDefinitionError:
    return InvalidDefinitionError(
        f"total must be the key (the sum) of five to seven distinct cards, not {shown(total)}"
    )


def low_strength(total: int) -> int:
    """The ace-to-five low strength (greater is the better low) of a hand's key ``total``."""
    try:
        state = _STATE[total >> SUIT_SHIFT & 0xFFFF]
    except TypeError:
        raise _not_a_key(total) from None
    if state == JOKER_STATE:
        raise InvalidDefinitionError(
            "the integer API does not take the joker; use evaluate_ace_to_five_low"
        )
    strength = strengths_by_rank_key(Scale.ACE_TO_FIVE_LOW).get(total & RANK_KEY_MASK)
    if strength is None:
        raise _not_a_key(total)
    return strength


def value_of(strength: int, scale: Scale = Scale.HIGH) -> HandValue:
    """The prebuilt :class:`HandValue` with this strength on ``scale``."""
    if not isinstance(scale, Scale):
        names = ", ".join(f"Scale.{s.name}" for s in Scale)
        raise InvalidDefinitionError(f"scale must be one of {names}, not {shown(scale)}")
    if scale is Scale.BADUGI:
        values = badugi_values()
    elif scale in (Scale.SHORT_DECK, Scale.SHORT_DECK_TRIPS_OVER_STRAIGHT):
        values = short_deck_values(scale)
    else:
        values = tables(scale).values
    top = len(values) - 1  # on the high scale the last is five aces, a joker hand
    if isinstance(strength, bool) or not isinstance(strength, int) or not 1 <= strength <= top:
        raise InvalidDefinitionError(
            f"strength {shown(strength)} is not a {scale.value} strength (1-{top})"
        )
    return values[strength]
