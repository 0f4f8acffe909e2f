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

from pokerrules.cards import CARD_SHIFT, RANK_KEY_MASK, SUIT_SHIFT
from pokerrules.evaluation._tables import (
    JOKER_STATE,
    SUIT_STATE,
    flush_strengths,
    strengths_by_rank_key,
    tables,
)
from pokerrules.evaluation.values import HandValue, Scale

__all__ = ["high_strength", "low_strength", "value_of"]

_STATE: Final = SUIT_STATE
# Filled in place on first use (see evaluators.py for why).
_BY_KEY: Final[dict[int, int]] = {}
_FLUSH: Final[list[int]] = [0] * 8192


def _load() -> None:
    _BY_KEY.update(strengths_by_rank_key(Scale.HIGH))
    _FLUSH[:] = flush_strengths(Scale.HIGH)


def high_strength(total: int) -> int:
    """The high-hand strength (1-7462) of the hand whose cards sum to ``total``."""
    state = _STATE[total >> SUIT_SHIFT & 0xFFFF]
    if not state:
        try:
            return _BY_KEY[total & RANK_KEY_MASK]
        except KeyError:
            if _BY_KEY:
                raise
            _load()
            return _BY_KEY[total & RANK_KEY_MASK]
    if state == JOKER_STATE:
        raise KeyError("the integer API does not take the joker; use evaluate_high")
    if not _BY_KEY:
        _load()
    return _FLUSH[total >> (CARD_SHIFT + 13 * state - 13) & 0x1FFF]


def low_strength(total: int) -> int:
    """The ace-to-five low strength (greater is the better low) of a hand's key ``total``."""
    return strengths_by_rank_key(Scale.ACE_TO_FIVE_LOW)[total & RANK_KEY_MASK]


def value_of(strength: int, scale: Scale = Scale.HIGH) -> HandValue:
    """The prebuilt :class:`HandValue` with this strength on ``scale``."""
    return tables(scale).values[strength]
