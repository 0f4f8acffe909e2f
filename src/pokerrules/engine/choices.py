"""What the player to act may do in a hand's state, and the refusals that say so.

Queries on a :class:`~pokerrules.engine.state.State`: the legal choices of every phase (the
betting round's, narrowed by the lowball rules; the draw's; the showdown's), the chips that
decide whether a hand may be mucked, and :func:`refuse`, which words an illegal action's error
with what *is* legal. The transitions (:mod:`pokerrules.engine.flow`) and
:class:`~pokerrules.engine.Hand` both use them; they use neither.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final, NoReturn

import attrs

from pokerrules.actions import LegalActions, Range
from pokerrules.engine.runout import most_runouts_left
from pokerrules.engine.settle import dead_money_pots
from pokerrules.engine.state import (
    BET,
    COMPLETE,
    DEAL,
    DRAW,
    EXPOSE,
    RUNOUTS,
    State,
    contributions,
)
from pokerrules.errors import ActionNotAvailableError
from pokerrules.pots import Pots, side_pots
from pokerrules.showdown import AnyFive, LowHand
from pokerrules.variants import SevensPenalty

__all__ = [
    "all_in_for_dead",
    "beaten",
    "best_shown",
    "bets",
    "betting_choices",
    "contested_pots",
    "dead_money",
    "describe_legal",
    "legal",
    "may_muck",
    "no_check_reason",
    "outshown",
    "refuse",
    "seven_or_better",
    "short_call",
    "standing_pots",
]

_SEVEN_OR_BETTER: Final = LowHand(qualifier=7)


def legal(state: State) -> LegalActions | None:
    """What the seat to act may do, in any phase, or ``None`` when no player is to act. Never
    raises."""
    phase = state.phase
    if phase is BET:
        return betting_choices(state)
    if phase is DEAL or phase is COMPLETE or not state.queue:
        return None
    seat = state.queue[0]
    if phase is DRAW:
        i = state.game.index[seat]
        draw = state.game.variant.streets[state.street].draw
        most = draw.max_discard if draw else 0
        return LegalActions(
            seat=seat,
            kind="draw",
            stand_pat=True,
            discard=Range(1, most) if most else None,
            held=state.down[i] + state.up[i],
        )
    if phase is RUNOUTS:
        return LegalActions(seat=seat, kind="runouts", runouts=Range(1, most_runouts_left(state)))
    muck = phase is not EXPOSE and may_muck(state, seat)
    return LegalActions(seat=seat, kind="showdown", show=True, muck=muck)


def describe_legal(state: State) -> str:
    """:func:`legal` in words (``'nothing'`` when nobody is to act)."""
    choices = legal(state)
    return choices.describe() if choices is not None else "nothing"


def refuse(state: State, seat: int, action: object, why: str) -> NoReturn:
    """Raise the error for ``seat``'s illegal ``action``: why, and what is legal."""
    text = describe_legal(state)
    raise ActionNotAvailableError(
        f"seat {seat} cannot {action}: {why} (legal: {text})", seat=seat, legal=text
    )


def betting_choices(state: State) -> LegalActions | None:
    rnd = state.round
    if rnd is None:
        return None
    legal = rnd.legal_actions()
    game = state.game
    lowball = game.variant.lowball
    if legal is None or lowball is None:
        return legal
    if not legal.check:
        if lowball.sevens_rule is SevensPenalty.NO_CHECK and short_call(state, legal):
            # a seven-or-better may not just call a bet short of a full one: complete or fold
            return attrs.evolve(legal, call=None)
        return legal
    seat = legal.seat
    k = state.street
    if k == game.first_betting and not lowball.first_round_check:
        own_blind = state.posting.live.get(seat, 0) == rnd.current_bet > 0
        if not own_blind:
            return attrs.evolve(legal, check=False, fold=True)
        return attrs.evolve(legal, fold=False)
    if k >= game.first_draw and lowball.sevens_rule is SevensPenalty.NO_CHECK:
        if legal.bet is not None and seven_or_better(state, seat):
            return attrs.evolve(legal, check=False, fold=True)
        if legal.fold and not game.variant.betting.fold_without_bet:
            # the round lets a seven-or-better fold instead of checking; nobody else may
            return attrs.evolve(legal, fold=False)
    return legal


def seven_or_better(state: State, seat: int) -> bool:
    i = state.game.index[seat]
    return _SEVEN_OR_BETTER.value(state.down[i] + state.up[i], AnyFive(), ()) is not None


def short_call(state: State, legal: LegalActions) -> bool:
    """Whether calling now is a sevens-rule violation: after the draw, the seat to act holds a
    seven or better and faces a bet short of a full one (an all-in for less) that it could
    complete, so a call would stand in for a check (BARGE rulebook, appendix B, "The Sevens
    Rule": "be sure to complete the bet if you have a 7 or better")."""
    rnd = state.round
    if (
        rnd is None
        or not legal.call
        or state.street < state.game.first_draw
        or (legal.complete is None and legal.raise_to is None)
    ):
        return False
    if rnd.current_bet >= rnd.wager.full_increment(rnd.structure):
        return False
    return seven_or_better(state, legal.seat)


def no_check_reason(state: State) -> str:
    if state.street == state.game.first_betting:
        return "no checking on the first round: open or fold"
    return "a seven or better may not be checked after the draw: bet or fold"


def bets(state: State) -> dict[int, int]:
    """Each seat's chips in the pot less dead money (a button or big-blind ante, dead
    blinds), which goes to the main pot and is never an uncalled bet."""
    dead = dead_money(state)
    return {s: c - dead.get(s, 0) for s, c in contributions(state).items()}


def dead_money(state: State) -> dict[int, int]:
    dead: dict[int, int] = {}
    for post in state.posting.posts:
        if not post.live and post.kind != "ante":
            dead[post.seat] = dead.get(post.seat, 0) + post.amount
    return dead


def all_in_for_dead(state: State, dead: dict[int, int], live: dict[int, int]) -> dict[int, int]:
    """The players still in who are all-in for dead money alone (no live chips in the pot),
    with their dead chips: they play for the dead money they matched."""
    index = state.game.index
    return {
        s: chips
        for s, chips in dead.items()
        if chips and not live.get(s) and not state.stacks[index[s]] and s in state.live
    }


def contested_pots(state: State) -> list[tuple[int, ...]]:
    """The seats eligible for each pot as it stands (dead money and folds counted)."""
    return standing_pots(state)[0]


def standing_pots(state: State) -> tuple[list[tuple[int, ...]], Pots | None]:
    """:func:`contested_pots`, with the side pots of the live chips made on the way (``None``
    when nobody still in is all-in: one pot, made without them)."""
    index = state.game.index
    stacks = state.stacks
    if sum(stacks) < sum(state.game.initial) and 0 not in [stacks[index[s]] for s in state.live]:
        # chips are in and nobody still in is all-in: they have all matched the last bet, so
        # there is one pot and every hand still in contests it
        return [tuple(sorted(state.live))], None
    out = [s for s in state.game.seats if state.folded[index[s]] or state.mucked[index[s]]]
    dead = dead_money(state)
    live = bets(state)
    made = side_pots(live, out)
    pots = dead_money_pots(
        made,
        dead,
        contenders=[s for s in live if s not in out],
        all_in=all_in_for_dead(state, dead, live),
    )
    return [pot.eligible for pot in pots], made


def may_muck(state: State, seat: int) -> bool:
    """Whether ``seat`` may muck: every pot it contests has another hand to claim it."""
    return all(any(s != seat for s in pot) for pot in contested_pots(state) if seat in pot)


def beaten(
    seat: int,
    pots: list[tuple[int, ...]],
    rankings: tuple[dict[int, int], ...],
    shown: Collection[int],
    mucked: Collection[int],
) -> bool:
    """Whether ``seat`` may muck a hand that is beaten: every pot it contests (``pots``, less
    the ``mucked`` seats) has another hand, and a ``shown`` hand beats it there in every share
    of the ``rankings`` (a hand that does not qualify for a share is beaten in it; a tie is
    not beaten)."""
    for pot in pots:
        if seat not in pot:
            continue
        if not any(s != seat and s not in mucked for s in pot):
            return False
        rivals = [s for s in shown if s in pot]
        if not rivals:
            return False
        for ranking in rankings:
            mine = ranking.get(seat)
            if mine is not None and not any(ranking.get(s, -1) > mine for s in rivals):
                return False
    return True


def best_shown(rankings: tuple[dict[int, int], ...], best: list[int], *seats: int) -> list[int]:
    """The best rank shown in each share of ``rankings`` (``-1``: none), ``best`` before and
    ``seats`` shown since: with one pot that every hand contests, what :func:`beaten` looks
    for among the hands shown, kept as they are turned up (see :func:`outshown`)."""
    for seat in seats:
        if len(rankings) == 1:
            mine = rankings[0].get(seat, -1)
            if mine > best[0]:
                best = [mine]
        else:
            best = [max(top, r.get(seat, -1)) for r, top in zip(rankings, best, strict=True)]
    return best


def outshown(seat: int, rankings: tuple[dict[int, int], ...], best: list[int]) -> bool:
    """:func:`beaten` when one pot stands that every hand contests and a hand has been shown:
    ``seat`` is beaten in every share it qualifies for by the ``best`` hand shown there
    (:func:`best_shown`)."""
    if len(rankings) == 1:  # one share: the common case, without the loop
        mine = rankings[0].get(seat)
        return mine is None or best[0] > mine
    return all(
        (mine := r.get(seat)) is None or top > mine for r, top in zip(rankings, best, strict=True)
    )
