"""The dealer's transitions: the dealing steps of a street or a draw, dealt from the stub or
by hand (:class:`~pokerrules.engine.Deal`), with the burns and reshuffles they need.

Pure functions from a :class:`~pokerrules.engine.state.State` to the next state; the card
arithmetic (drawing from the stub, checking a manual deal) is :mod:`pokerrules.engine.dealing`.
"""

from __future__ import annotations

from typing import Any, Final

from pokerrules._validators import trusted
from pokerrules.cards import AnyCard
from pokerrules.engine.actions import DealStep
from pokerrules.engine.dealing import deal_from_pool, draw_from_stub
from pokerrules.engine.events import BoardDealt, Burned, Reshuffled
from pokerrules.engine.runout import ran_out
from pokerrules.engine.state import DEAL, State, changed, put

__all__ = [
    "auto_deal",
    "auto_deal_all",
    "begin_deal",
    "checked_deal",
    "dealable",
    "dealt",
    "manual_deal",
    "protected",
    "put_board",
    "street_dealt",
]


#: Dealing steps are immutable values that recur hand after hand (the flop to the board, two
#: down cards to a seat): they are made once and reused. Bounded.
_STEPS: dict[tuple[str, int | None, int, int, int, int], DealStep] = {}
_MOST_STEPS: Final = 4096


def _step(key: tuple[str, int | None, int, int, int, int]) -> DealStep:
    """The dealing step of ``(street, seat, down, up, board, to_board)``, values the engine
    built itself."""
    step = _STEPS.get(key)
    if step is None:
        if len(_STEPS) >= _MOST_STEPS:
            _STEPS.clear()
        street, seat, down, up, board, to = key
        step = _STEPS[key] = trusted(
            DealStep, street=street, seat=seat, down=down, up=up, board=board, to_board=to
        )
    return step


def begin_deal(state: State, k: int, steps: tuple[DealStep, ...] = ()) -> State:
    """The state as street ``k``'s dealing begins: its dealing steps (``steps``, a draw's,
    come first) waiting, after the burn when the stub can spare one."""
    game = state.game
    if game.auto and not steps:
        whole = _deal_street(state, k)
        if whole is not None:
            return whole
    street = game.variant.streets[k]
    in_hand = state.live
    plan = list(steps)
    # Cards left in the stub: a hand dealt by hand counts the dealer's burns, which it never
    # sees (a hand dealt from the deck has seen its burns).
    available = len(state.stub) if game.auto else len(state.pool) - state.burns
    if street.per_player:
        if game.variant.common_card and street.per_player == 1 and available < len(in_hand):
            plan.append(DealStep(street=street.name, board=1))
        else:
            name, down, up = street.name, street.down, street.up
            plan.extend([_step((name, s, down, up, 0, 1)) for s in in_hand])
    if street.board:
        # every board gets its cards in turn, after one burn (the Asian Poker Tour handbook,
        # "Double Board - Hold'em")
        name, board = street.name, street.board
        plan.extend(
            [_step((name, None, 0, 0, board, j)) for j in range(1, game.variant.boards + 1)]
        )
    stub = state.stub
    # The dealer burns a card before each later street and each draw -- unless the stub cannot
    # spare it.
    burns = plan and game.variant.burn and (k > 0 or steps)
    need = sum(step.count for step in plan)
    if burns and not game.auto and available > need:
        # Dealt by hand: the dealer burns a card the hand does not see; count it.
        return changed(state, phase=DEAL, street=k, steps=tuple(plan), burns=state.burns + 1)
    if burns and game.auto and len(stub) > need:
        card = stub[0]
        return changed(
            state,
            phase=DEAL,
            street=k,
            steps=tuple(plan),
            stub=stub[1:],
            muck=(*state.muck, card),
            seen=state.seen | {card},
            log=(state.log, (Burned, (card, k))),
        )
    return changed(state, phase=DEAL, street=k, steps=tuple(plan))


def _deal_street(state: State, k: int) -> State | None:
    """Street ``k`` dealt from the stub in one transition, burn included: the same cards, in
    the same order, with the same log, as :func:`begin_deal` then :func:`auto_deal_all`, but
    with no dealing step made. ``None`` when the stub may run short (or a common card is
    due), which the step-by-step path handles."""
    changes = street_dealt(state, k)
    return None if changes is None else changed(state, **changes)


def street_dealt(state: State, k: int) -> dict[str, Any] | None:
    """What dealing street ``k`` from the stub in one step changes in ``state`` (see
    :func:`_deal_street`), or ``None`` when the step-by-step path must deal it."""
    game = state.game
    variant = game.variant
    street = variant.streets[k]
    in_hand = state.live
    per = street.down + street.up
    stub = state.stub
    if per and variant.common_card and per == 1 and len(stub) < len(in_hand):
        return None
    boards = variant.boards if street.board else 0
    need = per * len(in_hand) + street.board * boards
    if not need:
        return {"phase": DEAL, "street": k, "steps": ()}
    if need > len(stub):
        return None
    log = state.log
    muck = state.muck
    at = 0
    if variant.burn and k > 0 and len(stub) > need:
        muck = (*muck, stub[0])
        log = (log, (Burned, (stub[0], k)))
        at = 1
    seen = state.seen.union(stub[: at + need])
    down, up = state.down, state.up
    if per:
        downs, ups = list(down), list(up)
        index = game.index
        shown = state.shown
        low, high = street.down, street.up
        # which of the cards dealt are face up: all of them to a hand already shown
        faces = ((False,) * low + (True,) * high, (True,) * per)
        for s in in_hand:
            cards = stub[at : at + per]
            at += per
            i = index[s]
            if low:
                downs[i] += cards[:low]
            if high:
                ups[i] += cards[low:]
            log = (log, (s, cards, faces[shown[i]], k))
        down, up = tuple(downs), tuple(ups)
    board, runs = state.board, state.runs
    for j in range(1, boards + 1):
        cards = stub[at : at + street.board]
        at += street.board
        if j == 1:
            board += cards
            log = (log, (None, cards, (True,) * len(cards), k))
        else:
            runs = put_board(runs, j, cards)
            log = (log, (BoardDealt, (j, cards, k)))
    return {
        "phase": DEAL,
        "street": k,
        "steps": (),
        "down": down,
        "up": up,
        "board": board,
        "runs": runs,
        "stub": stub[at:],
        "muck": muck,
        "seen": seen,
        "log": log,
    }


def protected(state: State, step: DealStep) -> tuple[AnyCard, ...]:
    # Discards of players not yet served (the one being served included) stay out of a
    # reshuffle: dealt in turn, those players would not have discarded yet.
    waiting = {s.seat for s in state.steps} | {step.seat}
    return tuple(c for seat, cards in state.discards if seat in waiting for c in cards)


def auto_deal(state: State, step: DealStep) -> State:
    cards, stub, muck, fresh = draw_from_stub(
        state.stub,
        state.muck,
        step.count,
        protected=protected(state, step),
        seed=(state.game.seed, state.reshuffles),
    )
    if fresh is not None:
        state = changed(
            state,
            reshuffles=state.reshuffles + 1,
            log=(state.log, Reshuffled(fresh, street=state.street)),
        )
        return dealt(state, step, cards, stub=stub, muck=muck)
    return dealt(state, step, cards, stub=stub)


def auto_deal_all(state: State) -> State:
    """Deal every pending step from the stub in one go (the same cards, in the same order, as
    step by step), or the first step alone when the stub might run out."""
    steps = state.steps
    need = sum(step.count for step in steps)
    if need > len(state.stub):
        return auto_deal(state, steps[0])
    index = state.game.index
    stub = state.stub
    down, up = list(state.down), list(state.up)
    board = state.board
    runs = state.runs
    log = state.log
    k = state.street
    at = 0
    for step in steps:
        cards = stub[at : at + step.count]
        at += step.count
        if step.seat is None:
            if step.to_board > 1:
                runs = put_board(runs, step.to_board, cards)
                log = (log, (BoardDealt, (step.to_board, cards, k)))
                continue
            board += cards
            log = (log, (None, cards, (True,) * len(cards), k))
            continue
        i = index[step.seat]
        low, high = cards[: step.down], cards[step.down :]
        down[i] += low
        up[i] += high
        exposed = state.shown[i]
        log = (log, (step.seat, cards, (exposed,) * len(low) + (True,) * len(high), k))
    return changed(
        state,
        down=tuple(down),
        up=tuple(up),
        board=board,
        runs=runs,
        stub=stub[at:],
        seen=state.seen.union(stub[:at]),
        steps=(),
        log=log,
    )


def _in_play(state: State) -> set[AnyCard]:
    in_play = set(state.board)
    for board in state.runs:
        in_play.update(board)
    for down, up, folded in zip(state.down, state.up, state.folded, strict=True):
        if not folded:
            in_play.update(down)
            in_play.update(up)
    return in_play


def dealable(state: State, step: DealStep) -> frozenset[AnyCard]:
    """The cards a :class:`Deal` for ``step`` may hold: the cards that may still be in the
    stub, and -- when the step needs more than the stub holds -- the discards a reshuffle
    would add (not the protected ones, nor cards in play)."""
    stub = len(state.pool) - state.burns
    if step.count <= stub:
        return state.pool
    keep = set(protected(state, step))
    in_play = _in_play(state)
    return state.pool | {c for c in state.muck if c not in keep and c not in in_play}


def manual_deal(state: State, step: DealStep, cards: tuple[AnyCard, ...]) -> State:
    """The state after the dealer deals ``cards`` by hand for ``step`` (refused, with the
    state unchanged, when the cards cannot be dealt)."""
    pool = state.pool
    if len(cards) == step.count <= len(pool) - state.burns:
        chosen = set(cards)
        if len(chosen) == len(cards) and chosen <= pool:
            # the commonest deal: distinct cards that may all be in the stub, which holds
            # enough (the pool holds only cards of the deck that are not in play)
            return dealt(state, step, cards, pool=pool - chosen)
    return checked_deal(state, step, cards)


def checked_deal(state: State, step: DealStep, cards: tuple[AnyCard, ...]) -> State:
    """:func:`manual_deal` with every check made, which words the refusal of a deal that
    cannot be made, and deals from a reshuffle when the stub runs short."""
    in_play = _in_play(state)
    pool, muck = deal_from_pool(
        step,
        cards,
        deck=state.game.deck,
        in_play=in_play,
        pool=state.pool,
        burned=state.burns,
        muck=state.muck,
        protected=protected(state, step),
    )
    if muck is None:
        return dealt(state, step, cards, pool=pool)
    # The deal needed more cards than the stub held: the dealer reshuffled (the burned cards
    # and the muck, less the discards of the players still to be served).
    return dealt(
        state, step, cards, pool=pool, muck=muck, burns=0, reshuffles=state.reshuffles + 1
    )


def dealt(state: State, step: DealStep, cards: tuple[AnyCard, ...], **changes: Any) -> State:
    if state.running is not None:
        return ran_out(state, cards, **changes)
    seen = state.seen | set(cards)
    steps = state.steps[1:]
    if step.seat is None and step.to_board > 1:
        return changed(
            state,
            runs=put_board(state.runs, step.to_board, cards),
            seen=seen,
            steps=steps,
            log=(state.log, (BoardDealt, (step.to_board, cards, state.street))),
            **changes,
        )
    if step.seat is None:
        return changed(
            state,
            board=state.board + cards,
            seen=seen,
            steps=steps,
            log=(state.log, (None, cards, (True,) * len(cards), state.street)),
            **changes,
        )
    i = state.game.index[step.seat]
    down, up = cards[: step.down], cards[step.down :]
    exposed = state.shown[i]
    flags = (exposed,) * len(down) + (True,) * len(up)
    return changed(
        state,
        down=put(state.down, i, state.down[i] + down),
        up=put(state.up, i, state.up[i] + up),
        seen=seen,
        steps=steps,
        log=(state.log, (step.seat, cards, flags, state.street)),
        **changes,
    )


def put_board(
    runs: tuple[tuple[AnyCard, ...], ...], number: int, cards: tuple[AnyCard, ...]
) -> tuple[tuple[AnyCard, ...], ...]:
    """``runs`` (the boards after the first) with ``cards`` added to board ``number``."""
    i = number - 2
    if i == len(runs):
        return (*runs, cards)
    return put(runs, i, runs[i] + cards)
