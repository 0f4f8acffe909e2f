"""Dealing: the stub, burns, the reshuffle of the discards, and checks on cards dealt by hand.

Pure functions over card tuples; :class:`~pokerrules.engine.Hand` sequences them.

The reshuffle rule (Robert's Rules of Poker, "Draw Poker"; PokerStars and Full Tilt draw rules):
when the stub cannot give a player all the cards they drew, they get what is left of it, then
the discards, burn cards and folded hands are shuffled into a new stub -- except the discards of
the player being served, who never gets their own cards back (nor do players still waiting to be
served: dealt in turn, they would not have discarded yet).

A hand dealt by hand follows the same rule without seeing the burns: it knows the cards that
may still be in the stub or among the burned cards (its *pool*) and how many of them were burned
since the last reshuffle, so it knows how many cards the stub holds. When a deal needs more
cards than that, the stub's last cards are dealt and the dealer reshuffles -- the burned cards
(unseen), the discards and folded hands, less the cards of the players still to be served --
at that very deal, as the dealer of a hand dealt from the deck does (:func:`deal_from_pool`).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from pokerrules.cards import AnyCard
from pokerrules.engine.actions import DealStep
from pokerrules.errors import DealError

__all__ = ["check_manual_deal", "deal_from_pool", "draw_from_stub", "shuffled"]


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
    back, and never to the player who threw it: ``protected``). This checks a deal before the
    first reshuffle; :func:`deal_from_pool`, which the engine uses, follows the stub through
    every reshuffle."""
    _check_cards(step, cards, deck=deck, in_play=in_play)
    stub = sum(1 for c in deck if c not in seen) - burned
    for card in cards:
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


def _check_cards(
    step: DealStep,
    cards: Sequence[AnyCard],
    *,
    deck: Collection[AnyCard],
    in_play: Collection[AnyCard],
) -> None:
    """Refuse the wrong number of cards, a card twice, a card not in the deck or in play."""
    if len(cards) != step.count:
        raise DealError(
            f"{step} needs {step.count} card(s), not {len(cards)}", legal=f"deal {step.count}"
        )
    if len(set(cards)) != len(cards):
        raise DealError(f"a card appears twice in the deal for {step}")
    for card in cards:
        if card not in deck:
            raise DealError(f"{card} is not in this variant's deck")
        if card in in_play:
            raise DealError(f"{card} is already in play")


def deal_from_pool(
    step: DealStep,
    cards: Sequence[AnyCard],
    *,
    deck: Collection[AnyCard],
    in_play: Collection[AnyCard],
    pool: frozenset[AnyCard],
    burned: int,
    muck: tuple[AnyCard, ...],
    protected: Collection[AnyCard] = (),
) -> tuple[frozenset[AnyCard], tuple[AnyCard, ...] | None]:
    """Check ``cards`` dealt by hand for ``step`` and return ``(pool, muck)`` after the deal.

    ``pool`` holds the cards that may be in the stub or among the ``burned`` cards burned since
    the last reshuffle (unseen, so unknown), so the stub holds ``len(pool) - burned`` cards.
    When ``step`` needs no more than that, every card comes from the pool. When it needs more,
    the dealer deals the stub's last cards and then reshuffles the burned cards and the
    ``muck`` (discards, folded hands) less the ``protected`` cards -- the discards of the
    players still to be served -- into a new stub: the rest of the cards come from there, and
    the returned muck (the protected cards left out of the reshuffle) is not ``None``.
    """
    _check_cards(step, cards, deck=deck, in_play=in_play)
    stub = len(pool) - burned
    if len(cards) <= stub:
        for card in cards:
            if card not in pool:
                why = "a discard not reshuffled into" if card in muck else "already dealt from"
                raise DealError(
                    f"{card} cannot be dealt for {step}: {why} the stub, which still holds "
                    f"{stub} card(s)"
                )
        return pool - set(cards), None
    keep = frozenset(protected)
    back = frozenset(c for c in muck if c not in keep and c not in in_play)
    for card in cards:
        if card in pool or card in back:
            continue
        why = (
            "a discard kept out of the reshuffle (the player's own or a waiting player's)"
            if card in keep
            else "it was not among the discards reshuffled into the stub"
        )
        raise DealError(f"{card} cannot be dealt for {step}: {why}")
    if sum(1 for c in cards if c in pool) < stub:
        raise DealError(
            f"the stub still holds {stub} card(s): they are dealt for {step} before any "
            "reshuffled discard"
        )
    return (pool | back) - set(cards), tuple(c for c in muck if c in keep)
