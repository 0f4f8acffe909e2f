"""Dealing: the stub, burns, the reshuffle of the discards, and checks on cards dealt by hand.

Pure functions over card tuples; :class:`~pokerrules.engine.Hand` sequences them.

The reshuffle rule (Robert's Rules of Poker, "Draw Poker"; PokerStars and Full Tilt draw rules):
when the stub cannot give a player all the cards they drew, they get what is left of it, then
the discards, burn cards and folded hands are shuffled into a new stub -- except the discards of
the player being served, who never gets their own cards back (nor do players still waiting to be
served: dealt in turn, they would not have discarded yet).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from pokerrules.cards import AnyCard
from pokerrules.engine.actions import DealStep
from pokerrules.errors import DealError

__all__ = ["check_manual_deal", "draw_from_stub", "shuffled"]


def shuffled(cards: Sequence[AnyCard], seed: object) -> tuple[AnyCard, ...]:
    """``cards`` in an order fixed by ``seed`` (a hand's injected randomness)."""
    order = list(cards)
    random.Random(str(seed)).shuffle(order)
    return tuple(order)


def draw_from_stub(
    stub: tuple[AnyCard, ...],
    muck: tuple[AnyCard, ...],
    count: int,
    *,
    protected: Collection[AnyCard] = (),
    seed: object = 0,
) -> tuple[
    tuple[AnyCard, ...], tuple[AnyCard, ...], tuple[AnyCard, ...], tuple[AnyCard, ...] | None
]:
    """Take ``count`` cards from the top of ``stub``, reshuffling the ``muck`` (less the
    ``protected`` cards: the discards of the player being served) into a new stub if the stub
    runs out. Returns ``(cards, stub, muck, reshuffled)`` where ``reshuffled`` is the new stub's
    order when a reshuffle happened, else ``None``."""
    if len(stub) >= count:
        return stub[:count], stub[count:], muck, None
    first = stub
    pile = tuple(c for c in muck if c not in protected)
    keep = tuple(c for c in muck if c in protected)
    fresh = shuffled(pile, seed)
    need = count - len(first)
    if len(fresh) < need:
        raise DealError(
            f"the deck cannot supply {count} cards: {len(first)} in the stub and {len(fresh)} "
            "discards to reshuffle"
        )
    return first + fresh[:need], fresh[need:], keep, fresh


def check_manual_deal(
    step: DealStep,
    cards: Sequence[AnyCard],
    *,
    deck: Collection[AnyCard],
    in_play: Collection[AnyCard],
    seen: Collection[AnyCard],
    protected: Collection[AnyCard] = (),
    burned: int = 0,
    reshuffled: bool = False,
) -> None:
    """Refuse cards a dealer cannot deal for ``step``: the wrong number, a card not in the
    deck or dealt twice, a card in play (in a hand or on the board), or a card already seen
    this hand while the stub still holds enough cards -- the unseen cards less the ``burned``
    ones -- and the discards have not been ``reshuffled`` (only a reshuffle brings a discard
    back, and never to the player who threw it: ``protected``)."""
    if len(cards) != step.count:
        raise DealError(
            f"{step} needs {step.count} card(s), not {len(cards)}", legal=f"deal {step.count}"
        )
    if len(set(cards)) != len(cards):
        raise DealError(f"a card appears twice in the deal for {step}")
    stub = sum(1 for c in deck if c not in seen) - burned
    for card in cards:
        if card not in deck:
            raise DealError(f"{card} is not in this variant's deck")
        if card in in_play:
            raise DealError(f"{card} is already in play")
        if card in seen and (card in protected or (not reshuffled and stub >= len(cards))):
            why = (
                "a discard kept out of the reshuffle (the player's own or a waiting player's)"
                if card in protected
                else "already dealt this hand"
            )
            raise DealError(f"{card} cannot be dealt for {step}: {why}")
    fresh = sum(1 for c in cards if c not in seen)
    if fresh < min(len(cards), stub) and any(c in seen for c in cards):
        raise DealError(
            f"the stub still holds {stub} card(s): they are dealt for {step} before any "
            "reshuffled discard"
        )
