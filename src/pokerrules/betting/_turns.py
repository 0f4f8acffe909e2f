"""Whose turn is next: the bookkeeping shared by every betting-round transition.

A :class:`~pokerrules.betting.BettingRound` keeps one entry per player in action order, a
:data:`Player` tuple; these helpers work on the tuple of those entries.
"""

from __future__ import annotations

__all__ = ["ACTED", "CHECKED", "COMMITTED", "FOLDED", "STACK", "Player", "next_to_act", "turns"]

#: One player's entry: chips behind, chips put in this round, the wager level at which the
#: player last acted voluntarily (-1: not yet this round), whether the player folded, and
#: whether the player checked this round.
Player = tuple[int, int, int, bool, bool]
STACK, COMMITTED, ACTED, FOLDED, CHECKED = range(5)

_TURNS: dict[int, tuple[tuple[int, ...], ...]] = {}


def turns(n: int) -> tuple[tuple[int, ...], ...]:
    """For each of ``n`` players in action order, the players in turn after it: the others
    round the table, then itself. Entry ``-1`` (the last) is everyone from the first."""
    known = _TURNS.get(n)
    if known is None:
        known = tuple(tuple(range(i + 1, n)) + tuple(range(i + 1)) for i in range(n))
        _TURNS[n] = known
    return known


def _sole_player_covered(players: tuple[Player, ...], level: int) -> bool:
    """Whether the one player left with chips owes nothing: they have the wager in, or at
    least as much as every other player still in (all of them all-in). Chips beyond that
    could never be called, so there is nothing to decide -- a big blind posted all-in short
    leaves a small blind who already covers it nothing to call (the excess is returned)."""
    mine = next(p[COMMITTED] for p in players if p[STACK] and not p[FOLDED])
    if mine >= level:
        return True
    return all(p[FOLDED] or p[COMMITTED] <= mine for p in players if p[STACK] == 0)


def next_to_act(
    players: tuple[Player, ...], after: tuple[int, ...], level: int, in_hand: int, live: int
) -> int:
    """The index of the next player to act among ``after`` (the players in turn after the one
    who just acted), or -1 when the round is closed: at most one player is left in
    (``in_hand``), nobody has chips (``live``), or the only player with chips owes nothing."""
    if in_hand <= 1 or live == 0:
        return -1
    if live == 1 and _sole_player_covered(players, level):
        return -1
    for j in after:
        stack, committed, acted, folded, _ = players[j]
        if stack and not folded and (acted < 0 or committed < level):
            return j
    return -1
