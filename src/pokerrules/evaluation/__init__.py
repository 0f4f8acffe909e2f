"""Hand evaluation on every scale the library's games use.

See :mod:`pokerrules.evaluation.evaluators` for how the fast path works,
:mod:`pokerrules.evaluation.fast` for the integer API used in hot loops and
:mod:`pokerrules.evaluation.batch` for batches.

The hot path runs in an optional compiled core where one was built at install time, and in
pure Python everywhere else, with identical results. :data:`BACKEND` says which one runs
(``"compiled"`` or ``"python"``); set the environment variable ``POKERRULES_PURE_PYTHON=1``
before importing to force the pure-Python path.

The evaluators load on first use, and their tables on the first evaluation.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any, Final, Literal

from pokerrules.evaluation import _core

#: ``"compiled"`` when the optional compiled core evaluates hands, ``"python"`` when the
#: pure-Python path does (no compiler at install time, or ``POKERRULES_PURE_PYTHON=1``).
BACKEND: Final[Literal["compiled", "python"]] = _core.BACKEND

#: Every re-exported name, by the module it loads from on first use. Type checkers read the
#: imports under ``TYPE_CHECKING`` and ``__all__`` instead; a test keeps all three equal.
_EXPORTS: Final[dict[str, tuple[str, ...]]] = {
    "pokerrules.evaluation.values": ("HandCategory", "HandValue", "Scale"),
    "pokerrules.evaluation.evaluators": (
        "best_five",
        "best_hands",
        "evaluate",
        "evaluate_ace_to_five_low",
        "evaluate_deuce_to_seven_low",
        "evaluate_eight_or_better",
        "evaluate_high",
        "worst_hands",
    ),
    "pokerrules.evaluation.badugi": ("evaluate_badugi",),
    "pokerrules.evaluation.omaha": ("evaluate_omaha", "evaluate_omaha_eight_or_better"),
    "pokerrules.evaluation.short_deck": ("evaluate_short_deck",),
}

#: Each exported name and the module it loads from.
_LAZY: Final = {name: module for module, names in _EXPORTS.items() for name in names}

if TYPE_CHECKING:
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


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:  # a submodule, which loads on first use too, or nothing
        if name.startswith("__"):  # a probe such as __wrapped__ (never runs __main__)
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        try:
            return import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
        raise AttributeError(f"module 'pokerrules.evaluation' has no attribute {name!r}") from None
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


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
