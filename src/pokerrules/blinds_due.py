"""The button and the blinds from one hand of a table to the next: the arithmetic of the
dead-button rule that :class:`~pokerrules.table.Table` follows, as pure functions over plain
values.

The rules, from Robert's Rules of Poker, "Button and Blind Use":

* The dead button (rule 2b): "The big blind is posted by the player due for it, and the small
  blind and button are positioned accordingly, even if this means the small blind or the
  button is placed in front of an empty seat". :func:`blinds_due` says where the next hand's
  blinds and button fall: the big blind one player on from the last, each smaller blind where
  the next larger one was, the button where the small blind was.
* A blind whose player is not dealt in is dead: :func:`posting_blinds` gives the variant and
  stakes that post only the others, each keeping its amount.
* After the hand, :func:`hand_blinds` says where its blinds were -- the seats the next hand
  moves on from -- and heads-up "the small blind is on the button".
* A newly started game (rule 5): :func:`new_game_button` places the first hand's button.

:func:`place_hand` puts these together: who is dealt into the next hand, on which button, and
which blinds post.

>>> from pokerrules.blinds_due import blinds_due
>>> # two blinds: last hand's small blind on 0 and big blind on 2; the big blind is 5's next
>>> blinds_due(blinds=2, button_blind=False, button=7, small_blind=0, middle_blind=None,
...            last_big_blind=2, next_big_blind=5, seat_count=9)
(0, (2,), 5)
>>> # the small blind's seat was dead: the button goes just before the first blind due
>>> blinds_due(blinds=2, button_blind=False, button=7, small_blind=None, middle_blind=None,
...            last_big_blind=2, next_big_blind=5, seat_count=9)
(1, (2,), 5)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

import attrs

from pokerrules.pots import clockwise_from
from pokerrules.seating import Placement, dead_button_placement
from pokerrules.variants import Stakes, Variant

__all__ = [
    "Due",
    "blinds_due",
    "hand_blinds",
    "new_game_button",
    "place_hand",
    "posting_blinds",
]

#: The next hand's button, the seats due its smaller blinds (the small first; ``None`` where
#: nobody was) and the big blind's seat.
Due: TypeAlias = tuple[int, tuple[int | None, ...], int]


def blinds_due(
    *,
    blinds: int,
    button_blind: bool,
    button: int | None,
    small_blind: int | None,
    middle_blind: int | None,
    last_big_blind: int | None,
    next_big_blind: int | None,
    seat_count: int,
) -> Due | None:
    """Where the next hand's button and blinds fall by the dead-button rule, with ``blinds``
    blinds: the big blind on ``next_big_blind`` (one player on from ``last_big_blind``), each
    smaller blind where the next larger one was last hand (dead when that player is not dealt
    in), the button where the small blind was (``small_blind``; when that seat was dead, just
    before the first blind due) -- with one blind, where the big blind was. ``None`` before the
    first hand (no ``button`` yet), without blinds, and with a ``button_blind`` (the button
    posts it, so the button moves on like a game's without blinds)."""
    big, last = next_big_blind, last_big_blind
    if button is None or big is None or last is None or blinds == 0 or button_blind:
        return None
    if blinds == 1:
        return last, (), big
    smaller = (last,) if blinds == 2 else (middle_blind, last)
    if small_blind is not None:
        return small_blind, smaller, big
    first = next(s for s in (*smaller, big) if s is not None)
    return (first - 1) % seat_count, smaller, big  # an empty seat there is a dead button


def place_hand(
    *,
    ready: tuple[int, ...],
    present: tuple[int, ...],
    new_game: bool,
    button: int | None,
    first_button: int,
    due: Due | None,
    missed: Mapping[int, int],
    seat_count: int,
    blinds: int,
) -> Placement | None:
    """Who is dealt into the next hand, its button and which of the stakes' ``blinds`` post
    (their places, small first): ``ready`` the players who may be dealt in, ``present`` every
    player at the table not sitting out, ``due`` the blinds due (:func:`blinds_due`) and
    ``missed`` who owes a big blind to come in. The first hand (no ``button`` yet) is dealt
    from ``first_button``; without blinds the button moves to the next player; otherwise
    :func:`~pokerrules.seating.dead_button_placement` places the hand (``None``: the blinds due
    do not follow the rule). A ``new_game`` deals every player ``present`` in, the blinds up
    to the big blind due (:func:`new_game_button`)."""
    every = tuple(range(blinds))
    if new_game:
        if button is None:
            return Placement(present, first_button, every)
        if due is None:
            return Placement(present, clockwise_from(button, present)[0], every)
        return Placement(
            present, new_game_button(seats=present, big_blind=due[2], blinds=blinds), every
        )
    if button is None:  # the first hand: the blinds follow the button
        return Placement(ready, first_button, every)
    if due is None:  # no blinds (antes, stud): the button moves to the next player
        return Placement(ready, clockwise_from(button, ready)[0] if ready else button, every)
    return dead_button_placement(ready=ready, due=due, missed=missed, seat_count=seat_count)


def posting_blinds(
    variant: Variant, stakes: Stakes, posted: tuple[int, ...]
) -> tuple[Variant, Stakes]:
    """The variant and stakes that post only the blinds ``posted`` (their places in the
    stakes' blinds, small first): a dead blind is left out, the others keep their amounts.

    >>> from pokerrules.catalogue import NO_LIMIT_HOLDEM
    >>> variant, stakes = posting_blinds(NO_LIMIT_HOLDEM, Stakes(blinds=(1, 2)), (1,))
    >>> variant.forced_bets.blinds, stakes.blinds   # the small blind is dead
    (1, (2,))
    """
    count = variant.forced_bets.blinds
    if len(posted) == count or len(stakes.blinds) != count:
        return variant, stakes  # all of them (wrong stakes are refused by Hand.start)
    fewer = attrs.evolve(variant.forced_bets, blinds=len(posted))
    return (
        attrs.evolve(variant, forced_bets=fewer),
        attrs.evolve(stakes, blinds=tuple(stakes.blinds[k] for k in posted)),
    )


def hand_blinds(
    *, posted: Mapping[str, int], due: Due | None, seats: Sequence[int], blinds: int
) -> tuple[int | None, int | None, int | None]:
    """Where a played hand's big, small and middle blinds were, with ``blinds`` blinds in its
    stakes: the big blind who posted it (``posted`` maps each post's kind to its seat; when a
    kill replaced the post, who was ``due`` it), the smaller blinds' seats as the rule put them
    (``due``), even dead -- or, on a first hand (``due`` is ``None``), where the hand posted
    them. Heads-up (two ``seats``) the other player, on the button, had the small blind."""
    if not blinds:
        return None, None, None
    big = posted.get("big blind")
    if due is None:
        small, middle = posted.get("small blind"), posted.get("middle blind")
    else:
        _, smaller, due_big = due
        big = due_big if big is None else big
        small = smaller[0] if smaller else None
        middle = smaller[1] if len(smaller) > 1 else None
    if blinds > 1 and len(seats) == 2:
        small = next(s for s in seats if s != big)
        middle = small if blinds > 2 else None
    return big, small, middle


def new_game_button(*, seats: Sequence[int], big_blind: int, blinds: int) -> int:
    """The button for the first hand of a new game among ``seats`` that puts the big blind on
    ``big_blind`` with ``blinds`` blinds: the player that many places before the big blind
    (with as many blinds as players, the big blind's own seat), and heads-up the other player,
    who posts the small blind on the button.

    >>> new_game_button(seats=(1, 4, 6), big_blind=6, blinds=2)  # small blind 4, big blind 6
    1
    >>> new_game_button(seats=(1, 4), big_blind=1, blinds=2)  # heads-up: the button is 4
    4
    """
    ring = clockwise_from(big_blind, seats)  # the big blind last
    if len(ring) == 2:
        return ring[0]
    return ring[(len(ring) - 1 - blinds) % len(ring)]
