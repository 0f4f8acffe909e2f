"""Running the board out more than once: the players' agreement, and the extra runouts' cards,
dealt from the stub.

The rule and the share arithmetic are :mod:`pokerrules.runouts`; this module only says when
the players choose the number of runouts and how many the cards left allow, and deals the
extra runouts when a hand that agreed to them reaches its showdown with cards dealt after the
last bet. See :meth:`pokerrules.engine.Hand.start` (``runouts`` and ``ask_runouts``).
"""

from __future__ import annotations

from typing import Final

from pokerrules._validators import trusted
from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, Raise
from pokerrules.cards import AnyCard
from pokerrules.engine.actions import DealStep
from pokerrules.engine.events import Acted, Burned, Dealt, RanOut
from pokerrules.engine.state import DEAL, Log, State, changed
from pokerrules.runouts import trusted_most_runouts
from pokerrules.variants import Street

__all__ = ["most_runouts_left", "ran_out", "run_again", "runouts_of", "to_agree"]

_BETTING: Final = (Fold, Check, Call, Bet, Raise, BringIn, Complete)


def cards_after_betting(log: Log) -> int:
    """The board cards dealt since the last betting action (all of them with none): the cards
    dealt when nobody could bet any more, which the runouts deal again."""
    count = 0
    while log is not None:
        log, entry = log
        if type(entry) is tuple:
            if len(entry) == 3 and isinstance(entry[1], _BETTING):
                return count
            if len(entry) == 4 and entry[0] is None:
                count += len(entry[1])
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


def runouts_of(state: State) -> int:
    """How many times the board runs out: as agreed at the all-in, else as the hand began."""
    return state.agreed if state.agreed is not None else state.game.runouts


def to_agree(state: State, k: int) -> bool:
    """Whether the players choose the number of runouts now, as betting round ``k`` ends: the
    hand asks them, they have not chosen yet, two or more are still in and at most one of
    them has chips (the betting is over because of an all-in), and board cards are to come."""
    game = state.game
    if not game.ask_runouts or state.agreed is not None or len(state.live) < 2:
        return False
    index = game.index
    if sum(1 for s in state.live if state.stacks[index[s]] > 0) > 1:
        return False
    return any(street.board for street in game.variant.streets[k + 1 :])


def most_runouts_left(state: State) -> int:
    """The most runouts the cards left can deal, with their burns, from street
    ``state.street + 1`` on (:func:`~pokerrules.runouts.most_runouts`)."""
    game = state.game
    streets = [s for s in game.variant.streets[state.street + 1 :] if s.board]
    to_come = sum(s.board for s in streets)
    burns = len(streets) if game.variant.burn else 0
    left = len(state.stub) if game.auto else len(state.pool) - state.burns
    return trusted_most_runouts(left, to_come, burns)


def run_again(state: State) -> State:
    """``state`` with the runouts after the first dealt from the stub (burning before each
    street as the first runout did) and logged as :class:`RanOut` events -- when the players
    agreed to more than one runout, two or more hands are still in, and board cards were dealt
    after the last bet. Otherwise ``state`` unchanged."""
    game = state.game
    runouts = runouts_of(state)
    if runouts == 1 or len(state.live) < 2 or state.runs or state.running is not None:
        return state
    count = cards_after_betting(state.log)
    if not count:
        return state
    streets = _rerun_streets(game.variant.streets, count)
    kept = state.board[: len(state.board) - count]
    if not game.auto:
        # dealt by hand: one Deal of each runout's cards (the dealer's burns go unseen)
        steps = tuple(
            trusted(
                DealStep, street=f"runout {j}", seat=None, down=0, up=0, board=count, to_board=1
            )
            for j in range(2, runouts + 1)
        )
        return changed(state, phase=DEAL, steps=steps, running=kept)
    stub, muck, seen, log = state.stub, state.muck, set(state.seen), state.log
    runs: list[tuple[AnyCard, ...]] = []
    # the board cards still to deal: the dealer burns only when the stub can spare the card
    owed = count * (runouts - 1)
    for runout in range(2, runouts + 1):
        cards: tuple[AnyCard, ...] = ()
        for street in streets:
            if game.variant.burn and len(stub) > owed:
                muck += stub[:1]
                seen.add(stub[0])
                log = (log, (Burned, (stub[0], state.street)))
                stub = stub[1:]
            cards += stub[: street.board]
            stub = stub[street.board :]
            owed -= street.board
        seen.update(cards)
        log = (log, (RanOut, (runout, cards, state.street)))
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
        log=(state.log, (RanOut, (len(runs) + 1, cards, state.street))),
        **changes,
    )
