"""The input checks the evaluators share: distinct cards, enough of them, standard ones."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from pokerrules._validators import shown
from pokerrules.cards import AnyCard, Card, card_tuple
from pokerrules.errors import InvalidDefinitionError

__all__ = ["check_distinct", "standard_hand"]


def _a(game: str) -> str:
    """``game`` with its indefinite article: ``'an ace-to-five low'``, ``'a badugi'``."""
    return f"{'an' if game[:1] in ('a', 'e', 'i', 'o', 'u') else 'a'} {game}"


def check_distinct(hand: tuple[AnyCard, ...], game: str, least: int) -> None:
    """Refuse a ``hand`` that holds a card twice, or fewer than ``least`` cards."""
    if len(set(hand)) != len(hand):
        dup = next(c for c in hand if hand.count(c) > 1)
        raise InvalidDefinitionError(f"{dup} appears twice; a hand's cards must be distinct")
    if len(hand) < least:
        plural = "s" if least > 1 else ""
        raise InvalidDefinitionError(
            f"{_a(game)} hand needs at least {least} card{plural}, got {len(hand)}"
        )


def standard_hand(cards: Iterable[AnyCard], game: str, *, least: int) -> tuple[Card, ...]:
    """``cards`` as a tuple of at least ``least`` distinct standard cards (no joker), or an
    :class:`~pokerrules.errors.InvalidDefinitionError` naming the ``game``."""
    hand = card_tuple(cards, "cards")
    for card in hand:
        if not isinstance(card, Card):
            raise InvalidDefinitionError(
                f"{_a(game)} hand holds standard cards only, not {shown(card)} (no joker)"
            )
    check_distinct(hand, game, least)
    return cast("tuple[Card, ...]", hand)
