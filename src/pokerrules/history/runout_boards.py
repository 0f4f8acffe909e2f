"""The library's PHH extension for a board run out more than once.

The PHH specification (0.0.1) deals one board: it has no field for a hand whose players agreed
to run the rest of the board out several times after an all-in (see :mod:`pokerrules.runouts`).
The library writes and reads such a hand with one **extension field**, not part of the
specification:

``_runout_boards``
    A list of strings, one per runout after the first, in order: the cards that runout deals
    in place of the first runout's last cards (every board card dealt after the last bet), as
    PHH writes cards (``"2d6c7hQh8d"``). The runout count is one more than the list's length.

The first runout is dealt in ``actions`` as in any PHH hand, so the field adds to a standard
hand and takes nothing away. Its name starts with an underscore, PHH's mark of a field a
reader may not know: a standard reader (pokerkit) keeps it as a user-defined field and plays
the first runout alone, awarding it the whole pot, so its stacks differ from the hand's
``finishing_stacks`` -- the field says why. The library's replay deals each listed runout when
the engine asks for it and splits every pot between the runouts
(:func:`~pokerrules.runouts.runout_shares`).

>>> boards = read_runout_boards({"_runout_boards": ["2d6c7hQh8d"]})
>>> [format_cards(b) for b in boards]
['2d 6c 7h Qh 8d']
>>> runout_boards_field(boards)
{'_runout_boards': ['2d6c7hQh8d']}
>>> read_runout_boards({"_runout_boards": "2d6c7h"})
Traceback (most recent call last):
...
pokerrules.errors.InvalidNotationError: _runout_boards must be a list of card strings, one per runout after the first, not '2d6c7h'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from pokerrules._validators import shown
from pokerrules.cards import Card, format_cards, parse_cards
from pokerrules.errors import InvalidNotationError, PokerRulesError
from pokerrules.runouts import MAX_RUNOUTS

__all__ = ["RUNOUT_BOARDS", "read_runout_boards", "runout_boards_field"]

#: The extension field's name.
RUNOUT_BOARDS: Final = "_runout_boards"


def read_runout_boards(extra: Mapping[str, Any]) -> tuple[tuple[Card, ...], ...]:
    """The cards of each runout after the first, from a hand's extra fields (``()`` without
    the field). A value that is not a list of card strings, or lists more runouts than
    :data:`~pokerrules.runouts.MAX_RUNOUTS`, raises
    :class:`~pokerrules.errors.InvalidNotationError`."""
    value = extra.get(RUNOUT_BOARDS)
    if value is None:
        return ()
    if isinstance(value, str) or not isinstance(value, Sequence) or not value:
        raise InvalidNotationError(
            f"{RUNOUT_BOARDS} must be a list of card strings, one per runout after the first, "
            f"not {shown(value)}"
        )
    if len(value) >= MAX_RUNOUTS:
        raise InvalidNotationError(
            f"{RUNOUT_BOARDS} lists {len(value)} runouts after the first; the library runs "
            f"the board out at most {MAX_RUNOUTS} times"
        )
    boards: list[tuple[Card, ...]] = []
    for k, text in enumerate(value):
        if not isinstance(text, str) or len(text) > 64:
            raise InvalidNotationError(
                f"{RUNOUT_BOARDS}[{k}] must be a short string of cards, not {shown(text)}"
            )
        try:
            board = parse_cards(text)
        except PokerRulesError as error:
            raise InvalidNotationError(f"{RUNOUT_BOARDS}[{k}]: {error}") from None
        if not board:
            raise InvalidNotationError(f"{RUNOUT_BOARDS}[{k}] deals no cards")
        boards.append(board)
    return tuple(boards)


def runout_boards_field(boards: Sequence[Sequence[Card]]) -> dict[str, list[str]]:
    """The extra field for the runouts after the first (empty with none)."""
    if not boards:
        return {}
    return {RUNOUT_BOARDS: [format_cards(b).replace(" ", "") for b in boards]}
