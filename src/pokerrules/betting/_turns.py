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
    if live == 1:
        for j in range(n):
            if not folded[j] and stacks[j] and committed[j] >= level:
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
    if live == 1:
        for j in range(n):
            if not folded[j] and stacks[j] > 0 and committed[j] >= level:
                return -1
    for j in range(i + 1, n):
        if stacks[j] and not folded[j] and (acted[j] < 0 or committed[j] < level):
            return j
    for j in range(i + 1):
        if stacks[j] and not folded[j] and (acted[j] < 0 or committed[j] < level):
            return j
    return -1
