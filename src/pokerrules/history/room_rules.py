"""The library's PHH extension for a room that lets a player fold when they could check.

A player who folds with no bet to call gives up nothing they could keep by checking, so rule
books discourage it, but where it is allowed the fold stands: the hand is dead, the player
leaves it, and their chips stay in the pot. The TDA rules ("Non-standard folds") make such a
fold in turn binding, and open to a penalty; Bob Ciaffone, the author of Robert's Rules of
Poker, calls it an ethical breach (it gives some players information and not others) but not
a void action; in some games it counts as a fold out of turn (Wikipedia, "Fold (poker)"). The
online rooms whose files the site importers read (PokerStars, Full Tilt, Winamax, PartyPoker,
OnGame) let the player fold and record it. The engine's option is
``fold_without_bet`` of :class:`~pokerrules.betting.BettingRules` (off by default:
the fold is refused, as pointless).

The PHH specification (0.0.1) has no field for the option: pokerkit, its reference
implementation, plays histories as a cash game and lets such a fold stand with a warning. The
library records the room's rule with one **extension field**, not part of the specification:

``_fold_without_bet``
    ``true`` when the room lets a player fold with no bet to call. The replay then plays the
    hand's variant with ``fold_without_bet`` on (:class:`~pokerrules.betting.BettingRules`), so a
    recorded ``f`` with nothing to call takes the player out of the hand; ``false`` or no
    field keeps the variant's own rule.

The name starts with an underscore, PHH's mark of a field a reader may not know: pokerkit
keeps it as a user-defined field, and the rest of the hand is standard PHH.

>>> from pokerrules.catalogue import NO_LIMIT_HOLDEM
>>> fold_without_bet_field(True)
{'_fold_without_bet': True}
>>> with_room_rules(NO_LIMIT_HOLDEM, {"_fold_without_bet": True}).betting.fold_without_bet
True
>>> with_room_rules(NO_LIMIT_HOLDEM, {}) is NO_LIMIT_HOLDEM
True
>>> read_fold_without_bet({"_fold_without_bet": "yes"})
Traceback (most recent call last):
...
pokerrules.errors.InvalidNotationError: _fold_without_bet must be true or false, not 'yes'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from pokerrules._validators import shown
from pokerrules.errors import InvalidNotationError
from pokerrules.variants import Variant

__all__ = [
    "FOLD_WITHOUT_BET",
    "fold_without_bet_field",
    "read_fold_without_bet",
    "with_room_rules",
]

#: The extension field's name.
FOLD_WITHOUT_BET: Final = "_fold_without_bet"


def read_fold_without_bet(extra: Mapping[str, Any]) -> bool:
    """Whether a hand's extra fields say its room lets a player fold with no bet to call
    (``False`` without the field). A value other than ``true`` or ``false`` raises
    :class:`~pokerrules.errors.InvalidNotationError`."""
    value = extra.get(FOLD_WITHOUT_BET, False)
    if not isinstance(value, bool):
        raise InvalidNotationError(f"{FOLD_WITHOUT_BET} must be true or false, not {shown(value)}")
    return value


def fold_without_bet_field(allowed: bool) -> dict[str, bool]:
    """The extra field for a room that lets a player fold with no bet to call (empty when it
    does not: the default needs no field)."""
    return {FOLD_WITHOUT_BET: True} if allowed else {}


def with_room_rules(variant: Variant, extra: Mapping[str, Any]) -> Variant:
    """``variant`` as the room a hand's extra fields describe plays it: with
    ``fold_without_bet`` on under ``_fold_without_bet =
    true``; the variant itself when the fields change nothing."""
    if not read_fold_without_bet(extra) or variant.betting.fold_without_bet:
        return variant
    return attrs.evolve(variant, betting=attrs.evolve(variant.betting, fold_without_bet=True))
