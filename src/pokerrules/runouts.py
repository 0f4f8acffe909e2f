"""Running it more than once: dealing the rest of the board several times after an all-in.

When the betting is over because every player still in (or all but one) is all-in, and board
cards are still to come, the players may agree to deal the rest of the board more than once
(Wikipedia, "Glossary of poker terms": *run it twice*; the PokerStars "Run It Twice" table
option, which each player turns on before the hand and which applies only when every player
all-in has it on). The cards already on the board stay; each *runout* deals the remaining
streets again from the stub, and each runout wins its share of every pot. It is a cash-game
agreement (pokerkit offers no choice of runouts in its tournament mode).

The share rule (pokerkit's, whose ``runout_count`` divides each pot by the number of boards and
gives the remainder to the first; the PHH specification records the same hands):

* each pot -- the main pot and every side pot, after the rake -- is split into as many equal
  parts as there are runouts, in whole chips (:func:`runout_shares`);
* the odd chips of that split all go to the first runout;
* within each runout its part is awarded as a whole pot would be: shared by the best hands on
  that runout's board (and split high and low in a high-low game), the odd chip of a tie to
  the first winner clockwise from the button (Robert's Rules of Poker, "Ties");
* a player is eligible for a runout's part of a pot exactly when they are eligible for the pot.

>>> from pokerrules.runouts import runout_shares
>>> runout_shares(101, 2)           # the odd chip goes to the first runout
(51, 50)
>>> runout_shares(110, 3, chip=5)   # $5 chips: 22 chips three ways, the two odd ones first
(40, 35, 35)

A double-board game (double-board hold'em or Omaha; the Asian Poker Tour's handbook, "Double
Board - Hold'em": "a standard three-card flop, followed immediately by another standard
three-card flop underneath", one burn before each street) deals two boards on every street,
with the betting between the streets as usual, and splits each pot the same way: half to the
best hands on each board, "in the event of an odd chip during the split, it is awarded to the
hand that wins the top board" -- :func:`runout_shares` with two boards
(``Variant(boards=2)``, at most :data:`MAX_BOARDS`).

The agreement can also be made at the moment of the all-in (``Hand.start(ask_runouts=True)``):
once the betting is closed by an all-in with board cards still to come, every player still in
chooses a number of runouts in turn, and the board runs that many times only when they all
chose the same number -- otherwise once (:func:`agreed_runouts`). That is how cardrooms play
it: running it more than once needs the consent of every player in the pot, and any one of
them may insist on a single board (Wikipedia, "Glossary of poker terms", *run it twice*: "if
all players agree"; the PokerStars "Run It Twice" option applies only when every player all-in
has it on); pokerkit's ``State.select_runout_count`` keeps the count its selectors agree on and
falls back to one runout as soon as two of them choose different counts.

>>> from pokerrules.runouts import agreed_runouts
>>> agreed_runouts([2, 2, 2]), agreed_runouts([2, 3]), agreed_runouts([3, 1])
(2, 1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from pokerrules._validators import is_int, shown
from pokerrules.errors import InvalidDefinitionError

if TYPE_CHECKING:
    from pokerrules.variants import Variant

__all__ = [
    "MAX_BOARDS",
    "MAX_RUNOUTS",
    "agreed_runouts",
    "check_boards",
    "check_runout_choice",
    "check_runouts",
    "check_runs_again",
    "most_runouts",
    "runout_shares",
]

#: The most runouts a hand may agree to: with five cards to come, ten runouts and their burns
#: already take more than a 52-card deck can spare for a full table.
MAX_RUNOUTS: Final = 10


#: The most boards a game deals on every street (double- and triple-board games).
MAX_BOARDS: Final = 3


def check_boards(boards: object) -> int:
    """``boards`` if it is a number of boards a game may deal (1 to :data:`MAX_BOARDS`);
    otherwise :class:`~pokerrules.errors.InvalidDefinitionError`.

    >>> check_boards(2)
    2
    """
    if not is_int(boards) or not 1 <= boards <= MAX_BOARDS:
        msg = f"boards must be a whole number from 1 to {MAX_BOARDS}, not {shown(boards)}"
        raise InvalidDefinitionError(msg)
    return boards


def check_runouts(runouts: object) -> int:
    """``runouts`` if it is a number of runouts the library plays (1 to :data:`MAX_RUNOUTS`);
    otherwise :class:`~pokerrules.errors.InvalidDefinitionError`.

    >>> check_runouts(2)
    2
    >>> check_runouts(0)
    Traceback (most recent call last):
    ...
    pokerrules.errors.InvalidDefinitionError: runouts must be a whole number from 1 to 10, not 0
    """
    if not is_int(runouts) or not 1 <= runouts <= MAX_RUNOUTS:
        msg = f"runouts must be a whole number from 1 to {MAX_RUNOUTS}, not {shown(runouts)}"
        raise InvalidDefinitionError(msg)
    return runouts


def check_runs_again(variant: Variant) -> None:
    """Refuse, with :class:`~pokerrules.errors.InvalidDefinitionError`, a ``variant`` whose
    board cannot be run out more than once: that needs one board dealt in a board game
    without draws.

    >>> from pokerrules.variants import find_variant
    >>> check_runs_again(find_variant("pot-limit Omaha"))
    >>> check_runs_again(find_variant("razz"))
    Traceback (most recent call last):
    ...
    pokerrules.errors.InvalidDefinitionError: Razz cannot be run out more than once: that needs a board game without draws
    """
    if variant.is_stud or not variant.board_cards or any(s.draw for s in variant.streets):
        raise InvalidDefinitionError(
            f"{variant.name} cannot be run out more than once: that needs a board game without "
            "draws"
        )
    if variant.boards > 1:
        raise InvalidDefinitionError(
            f"{variant.name} deals {variant.boards} boards: its boards are not run out more than "
            "once"
        )


def check_runout_choice(variant: Variant) -> None:
    """Refuse, with :class:`~pokerrules.errors.InvalidDefinitionError`, a ``variant`` whose
    players cannot choose the number of runouts at the all-in (a table or an environment that
    deals with ``Hand.start(ask_runouts=True)`` checks this once, when it is set up): that
    needs a board that can run again (:func:`check_runs_again`), run out once unless the
    players choose otherwise.

    >>> from pokerrules.variants import find_variant
    >>> check_runout_choice(find_variant("no-limit hold'em"))
    >>> check_runout_choice(find_variant("razz"))
    Traceback (most recent call last):
    ...
    pokerrules.errors.InvalidDefinitionError: Razz cannot be run out more than once: that needs a board game without draws
    """
    check_runs_again(variant)
    if variant.runouts != 1:
        raise InvalidDefinitionError(
            f"{variant.name} always runs the board out {variant.runouts} times: the players "
            "choose the runouts only in a game that runs it once unless they agree otherwise"
        )


def runout_shares(amount: int, runouts: int, *, chip: int = 1) -> tuple[int, ...]:
    """Each runout's part of a pot of ``amount``: equal parts in whole ``chip`` units, every
    odd chip (and any amount smaller than a chip) to the first runout. The parts add up to
    ``amount``.

    >>> runout_shares(7, 3)
    (3, 2, 2)
    >>> runout_shares(0, 2)
    (0, 0)
    """
    check_runouts(runouts)
    if not is_int(amount) or amount < 0:
        msg = f"a pot to split between runouts is a whole number >= 0, not {shown(amount)}"
        raise InvalidDefinitionError(msg)
    if not is_int(chip) or chip < 1:
        raise InvalidDefinitionError(f"chip must be a positive whole number, not {shown(chip)}")
    return trusted_runout_shares(amount, runouts, chip)


def trusted_runout_shares(amount: int, runouts: int, chip: int) -> tuple[int, ...]:
    """:func:`runout_shares` on input known valid (the hand engine's)."""
    each = amount // chip // runouts * chip
    return (amount - each * (runouts - 1), *(each,) * (runouts - 1))


def agreed_runouts(choices: Sequence[int]) -> int:
    """The number of runouts the players' ``choices`` agree on: their common choice when every
    player chose the same number, otherwise one (a single board needs no consent).

    >>> agreed_runouts([3])
    3
    >>> agreed_runouts([])
    Traceback (most recent call last):
    ...
    pokerrules.errors.InvalidDefinitionError: the runouts agreed need at least one player's choice
    """
    if isinstance(choices, str | bytes) or not isinstance(choices, Sequence):
        msg = f"the choices of runouts are a list of numbers, not {shown(choices)}"
        raise InvalidDefinitionError(msg)
    if not choices:
        raise InvalidDefinitionError("the runouts agreed need at least one player's choice")
    counts = {check_runouts(choice) for choice in choices}
    return counts.pop() if len(counts) == 1 else 1


def most_runouts(cards_left: int, to_come: int, burns: int = 0) -> int:
    """The most runouts ``cards_left`` cards can deal when each runout deals ``to_come`` board
    cards and burns ``burns`` (1 to :data:`MAX_RUNOUTS`; one when nothing is to come, or when
    even one runout needs every card left).

    >>> most_runouts(40, 5, burns=3)   # hold'em, six players all-in before the flop
    5
    >>> most_runouts(44, 1, burns=1)   # all-in on the turn: only the river to come
    10
    """
    for name, value in (("cards_left", cards_left), ("to_come", to_come), ("burns", burns)):
        if not is_int(value) or value < 0:
            raise InvalidDefinitionError(f"{name} must be a whole number >= 0, not {shown(value)}")
    return trusted_most_runouts(cards_left, to_come, burns)


def trusted_most_runouts(cards_left: int, to_come: int, burns: int) -> int:
    """:func:`most_runouts` on input known valid (the hand engine's)."""
    if not to_come:
        return 1
    return max(1, min(MAX_RUNOUTS, cards_left // (to_come + burns)))
