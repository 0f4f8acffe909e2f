"""Whose turn is next: the bookkeeping shared by every betting-round transition.

A :class:`~pokerrules.betting.BettingRound` keeps one entry per player in action order;
these helpers work on those tuples and on a new state's field dictionary.
"""

from __future__ import annotations

from typing import Any

__all__ = ["advance", "flag", "next_to_act", "replaced"]


def replaced(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``values`` with entry ``i`` replaced by ``value``."""
    changed = list(values)
    changed[i] = value
    return tuple(changed)


def flag(values: tuple[bool, ...], i: int) -> tuple[bool, ...]:
    """``values`` with entry ``i`` set."""
    changed = list(values)
    changed[i] = True
    return tuple(changed)


def advance(fields: dict[str, Any], i: int) -> None:
    """Complete ``fields``, the field dictionary of a fresh state (copied from the previous
    state and changed by player ``i``'s action, all known valid): who acts next and whether the
    pot just became heads-up. Immutable states share their unchanged fields."""
    live = fields["_live"]
    wager = fields["_wager"]
    if live <= 2 and fields["_heads_up_at"] < 0:
        fields["_heads_up_at"] = wager.bets
    # who acts next (as next_to_act, inlined: this runs after every action)
    if fields["_in_hand"] <= 1 or live == 0:
        fields["_to_act"] = -1
        return
    stacks = fields["_stacks"]
    committed = fields["_committed"]
    folded = fields["_folded"]
    level = wager.level
    n = len(stacks)
    if live == 1 and _sole_player_covered(stacks, committed, folded, level):
        fields["_to_act"] = -1
        return
    acted = fields["_acted"]
    for j in range(i + 1, n):
        if stacks[j] and not folded[j] and (acted[j] < 0 or committed[j] < level):
            fields["_to_act"] = j
            return
    for j in range(i + 1):
        if stacks[j] and not folded[j] and (acted[j] < 0 or committed[j] < level):
            fields["_to_act"] = j
            return
    fields["_to_act"] = -1


def _sole_player_covered(
    stacks: tuple[int, ...], committed: tuple[int, ...], folded: tuple[bool, ...], level: int
) -> bool:
    """Whether the one player left with chips owes nothing: they have the wager in, or at
    least as much as every other player still in (all of them all-in). Chips beyond that
    could never be called, so there is nothing to decide -- a big blind posted all-in short
    leaves a small blind who already covers it nothing to call (the excess is returned)."""
    n = len(stacks)
    j = next(k for k in range(n) if stacks[k] and not folded[k])
    mine = committed[j]
    if mine >= level:
        return True
    return all(folded[k] or committed[k] <= mine for k in range(n) if k != j)


def next_to_act(  # noqa: PLR0917
    i: int,
    stacks: tuple[int, ...],
    committed: tuple[int, ...],
    folded: tuple[bool, ...],
    acted: tuple[int, ...],
    level: int,
    in_hand: int,
    live: int,
) -> int:
    """The index of the next player to act after ``i``, or -1 when the round is closed: at most
    one player is left in, nobody has chips, or the only player with chips owes nothing."""
    if in_hand <= 1 or live == 0:
        return -1
    n = len(stacks)
    if live == 1 and _sole_player_covered(stacks, committed, folded, level):
        return -1
    for j in range(i + 1, n):
        if stacks[j] and not folded[j] and (acted[j] < 0 or committed[j] < level):
            return j
    for j in range(i + 1):
        if stacks[j] and not folded[j] and (acted[j] < 0 or committed[j] < level):
            return j
    return -1
