"""Hand evaluation on every scale the library's games use.

See :mod:`pokerrules.evaluation.evaluators` for how the fast path works,
:mod:`pokerrules.evaluation.fast` for the integer API used in hot loops and
:mod:`pokerrules.evaluation.batch` for batches.

The hot path runs in an optional compiled core where one was built at install time, and in
pure Python everywhere else, with identical results. :data:`BACKEND` says which one runs
(``"compiled"`` or ``"python"``); set the environment variable ``POKERRULES_PURE_PYTHON=1``
before importing to force the pure-Python path.
"""

from typing import Final, Literal

from pokerrules.evaluation import _core
from pokerrules.evaluation.badugi import evaluate_badugi
from pokerrules.evaluation.evaluators import (
    best_five,
    best_hands,
    evaluate,
    evaluate_ace_to_five_low,
    evaluate_deuce_to_seven_low,
    evaluate_eight_or_better,
    evaluate_high,
    worst_hands,
)
from pokerrules.evaluation.omaha import evaluate_omaha, evaluate_omaha_eight_or_better
from pokerrules.evaluation.short_deck import evaluate_short_deck
from pokerrules.evaluation.values import HandCategory, HandValue, Scale

#: ``"compiled"`` when the optional compiled core evaluates hands, ``"python"`` when the
#: pure-Python path does (no compiler at install time, or ``POKERRULES_PURE_PYTHON=1``).
BACKEND: Final[Literal["compiled", "python"]] = _core.BACKEND

__all__ = [
    "BACKEND",
    "HandCategory",
    "HandValue",
    "Scale",
    "best_five",
    "best_hands",
    "evaluate",
    "evaluate_ace_to_five_low",
    "evaluate_badugi",
    "evaluate_deuce_to_seven_low",
    "evaluate_eight_or_better",
    "evaluate_high",
    "evaluate_omaha",
    "evaluate_omaha_eight_or_better",
    "evaluate_short_deck",
    "worst_hands",
]
