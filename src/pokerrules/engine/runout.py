"""Running the board out more than once: the extra runouts' cards, dealt from the stub.

The rule and the share arithmetic are :mod:`pokerrules.runouts`; this module only deals the
extra runouts when a hand that agreed to them reaches its showdown with cards dealt after the
last bet. See :meth:`pokerrules.engine.Hand.start` (``runouts``).
"""

from __future__ import annotations

from typing import Final

from pokerrules._validators import trusted
from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, Raise
from pokerrules.cards import AnyCard
from pokerrules.engine.actions import DealStep
from pokerrules.engine.events import Acted, Burned, Dealt, RanOut
from pokerrules.engine.state import Log, Phase, State, changed
from pokerrules.variants import Street

__all__ = ["ran_out", "run_again"]

_BETTING: Final = (Fold, Check, Call, Bet, Raise, BringIn, Complete)


def cards_after_betting(log: Log) -> int:
    """The board cards dealt since the last betting action (all of them with none): the cards
    dealt when nobody could bet any more, which the runouts deal again."""
    count = 0
    while log is not None:
        log, entry = log
        if type(entry) is tuple:
            if isinstance(entry[1], _BETTING):
                return count
        elif isinstance(entry, Acted):
            if isinstance(entry.action, _BETTING):
                return count
        elif isinstance(entry, Dealt) and entry.seat is None:
            count += len(entry.cards)
    return count


def _rerun_streets(streets: tuple[Street, ...], cards: int) -> tuple[Street, ...]:
    """The last streets that dealt ``cards`` board cards."""
    chosen: list[Street] = []
    total = 0
    for street in reversed(streets):
        if total >= cards:
            break
        if street.board:
            chosen.append(street)
            total += street.board
    return tuple(reversed(chosen))


def run_again(state: State) -> State:
    """``state`` with the runouts after the first dealt from the stub (burning before each
    street as the first runout did) and logged as :class:`RanOut` events -- when the players
    agreed to more than one runout, two or more hands are still in, and board cards were dealt
    after the last bet. Otherwise ``state`` unchanged."""
    game = state.game
    if game.runouts == 1 or len(state.live) < 2 or state.runs or state.running is not None:
        return state
    count = cards_after_betting(state.log)
    if not count:
        return state
    streets = _rerun_streets(game.variant.streets, count)
    kept = state.board[: len(state.board) - count]
    if not game.auto:
        # dealt by hand: one Deal of each runout's cards (the dealer's burns go unseen)
        steps = tuple(
            trusted(DealStep, street=f"runout {j}", seat=None, down=0, up=0, board=count)
            for j in range(2, game.runouts + 1)
        )
        return changed(state, phase=Phase.DEAL, steps=steps, running=kept)
    stub, muck, seen, log = state.stub, state.muck, set(state.seen), state.log
    runs: list[tuple[AnyCard, ...]] = []
    # the board cards still to deal: the dealer burns only when the stub can spare the card
    owed = count * (game.runouts - 1)
    for runout in range(2, game.runouts + 1):
        cards: tuple[AnyCard, ...] = ()
        for street in streets:
            if game.variant.burn and len(stub) > owed:
                muck += stub[:1]
                seen.add(stub[0])
                log = (log, Burned(stub[0], street=state.street))
                stub = stub[1:]
            cards += stub[: street.board]
            stub = stub[street.board :]
            owed -= street.board
        seen.update(cards)
        log = (log, RanOut(runout, cards, street=state.street))
        runs.append(kept + cards)
    return changed(state, stub=stub, muck=muck, seen=frozenset(seen), log=log, runs=tuple(runs))


def ran_out(state: State, cards: tuple[AnyCard, ...], **changes: object) -> State:
    """Dealt by hand: ``state`` after a :class:`Deal` of the next runout's ``cards``."""
    kept = state.running or ()
    runs = (*state.runs, kept + cards)
    return changed(
        state,
        runs=runs,
        seen=state.seen | set(cards),
        steps=state.steps[1:],
        log=(state.log, RanOut(len(runs) + 1, cards, street=state.street)),
        **changes,
    )
