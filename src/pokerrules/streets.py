"""Streets: what each stage of a hand deals, and whether it has a draw and a betting round.

A variant's streets, in order, say everything it deals: the cards to each player (``down``
and ``up``) and to the board, the :class:`Draw` before the betting, and the betting round with
the bet it uses (a :class:`~pokerrules.stakes.BetSize` of the stakes).

>>> flop = Street(name="flop", board=3)
>>> flop.board, flop.per_player, flop.betting
(3, 0, True)
>>> Street(name="rest", betting=False)
Traceback (most recent call last):
...
pokerrules.errors.InvalidDefinitionError: the street 'rest' does nothing
"""

from __future__ import annotations

import attrs

from pokerrules._validators import is_count, is_flag, is_instance, is_member, optional
from pokerrules.errors import InvalidDefinitionError
from pokerrules.stakes import BetSize

__all__ = ["Draw", "Street"]


@attrs.frozen(kw_only=True)
class Draw:
    """A draw: each player still in discards up to ``max_discard`` cards and is dealt as many
    (standing pat is discarding none). When the stub runs short the discards are reshuffled
    (see :mod:`pokerrules.engine`)."""

    max_discard: int = attrs.field(default=5, validator=is_count)


@attrs.frozen(kw_only=True)
class Street:
    """One street: the cards dealt (``down`` and ``up`` to each player, ``board`` to the
    middle), an optional :class:`Draw` before the betting, and whether there is a betting round
    and at which :class:`BetSize`.

    >>> Street(name="flop", board=3)
    Street(name='flop', down=0, up=0, board=3, draw=None, betting=True, bet_size=<BetSize.SMALL: 'small bet'>)
    """

    name: str = attrs.field(validator=is_instance(str))
    down: int = attrs.field(default=0, validator=is_count)
    up: int = attrs.field(default=0, validator=is_count)
    board: int = attrs.field(default=0, validator=is_count)
    draw: Draw | None = attrs.field(default=None, validator=optional(is_instance(Draw)))
    betting: bool = attrs.field(default=True, validator=is_flag)
    bet_size: BetSize = attrs.field(default=BetSize.SMALL, validator=is_member(BetSize))

    def __attrs_post_init__(self) -> None:
        if not (self.down or self.up or self.board or self.draw or self.betting):
            raise InvalidDefinitionError(f"the street {self.name!r} does nothing")

    @property
    def per_player(self) -> int:
        """Cards dealt to each player (down and up)."""
        return self.down + self.up
