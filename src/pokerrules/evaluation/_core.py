"""Which evaluation backend runs: the compiled core (``_native``) or the pure-Python path.

The compiled core is an optional C extension, built at install time where a compiler exists.
It is used unless it is missing or the environment variable ``POKERRULES_PURE_PYTHON`` is set
to a non-empty value other than ``0``. Each public evaluator keeps its pure-Python twin: the
compiled entry point takes the well-formed common input and hands everything else to the
twin, so results and errors are the same on both paths.

The compiled core loads its tables (``_core.bin``, read once, uncompressed) on its first
evaluation; the :class:`~pokerrules.evaluation.HandValue` objects it returns are made one by
one as strengths are first seen, and shared with the pure-Python path.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import Any, Final, Literal, TypeVar

from pokerrules.evaluation.values import HandValue, Scale

__all__ = [
    "BACKEND",
    "HASH_BUCKETS",
    "HASH_MASK",
    "compiled",
    "ensure_loaded",
    "native",
    "value_cache",
]

F = TypeVar("F", bound=Callable[..., Any])


def _load_native() -> ModuleType | None:
    if os.environ.get("POKERRULES_PURE_PYTHON", "") not in ("", "0"):
        return None
    try:  # by name: the module exists only where the core was built
        return import_module("pokerrules.evaluation._native")
    except ImportError:
        return None


#: The compiled module, or ``None`` on the pure-Python path.
native: Final = _load_native()

#: ``"compiled"`` when the C core evaluates hands, ``"python"`` otherwise.
BACKEND: Final[Literal["compiled", "python"]] = "python" if native is None else "compiled"

#: The rank keys of five to seven cards sit in a compact array by a perfect hash ("hash and
#: displace"): key ``k`` lives in slot ``(k + displacement[k % HASH_BUCKETS]) & HASH_MASK``
#: (see :func:`pokerrules.evaluation._build.perfect_hash`).
HASH_BUCKETS: Final = 24_593
HASH_MASK: Final = (1 << 17) - 1

#: Scales the compiled core and the shipped tables share, in the core's order.
CORE_SCALES: Final = (Scale.HIGH, Scale.ACE_TO_FIVE_LOW, Scale.DEUCE_TO_SEVEN_LOW)
_COUNTS: Final = {Scale.HIGH: 7463, Scale.ACE_TO_FIVE_LOW: 6175, Scale.DEUCE_TO_SEVEN_LOW: 7462}
_CLASSES_AT: Final = 2 * (HASH_BUCKETS + 3 * (HASH_MASK + 1) + 2 * 8192)

#: Per scale, the shared :class:`HandValue` objects by strength (``None`` until first made).
value_cache: Final[dict[Scale, list[HandValue | None]]] = {
    scale: [None] * (count + 1) for scale, count in _COUNTS.items()
}


@functools.cache
def core_bytes() -> bytes:
    """The compiled core's tables (see :func:`pokerrules.evaluation._build.core_blob`)."""
    try:  # a plain file read: importlib.resources alone costs more than the read
        with open(os.path.join(os.path.dirname(__file__), "_core.bin"), "rb") as file:
            return file.read()
    except OSError:  # installed somewhere without files, such as a zip archive
        from importlib import resources  # noqa: PLC0415

        return resources.files("pokerrules.evaluation").joinpath("_core.bin").read_bytes()


def _classes_offset(scale: Scale) -> int:
    offset = _CLASSES_AT
    for other in CORE_SCALES:
        if other is scale:
            return offset
        offset += 6 * _COUNTS[other]
    raise AssertionError(scale)  # pragma: no cover - only the core scales are cached


def make_value(scale: Scale, strength: int) -> HandValue:
    """The shared value of ``strength`` on ``scale``, made from its 6-byte class on first use."""
    cache = value_cache[scale]
    value = cache[strength]
    if value is None:
        from pokerrules.cards import Rank  # noqa: PLC0415 - cards imports nothing from here
        from pokerrules.evaluation.values import HandCategory  # noqa: PLC0415

        at = _classes_offset(scale) + 6 * (strength - 1)
        raw = core_bytes()[at : at + 6]
        value = HandValue(scale, strength, HandCategory(raw[0]), tuple(map(Rank, raw[1:])))
        cache[strength] = value
    return value


def _setup() -> None:
    from pokerrules.cards import STANDARD_CARDS  # noqa: PLC0415

    if native is None:  # pragma: no cover - only the compiled core calls this
        return
    cards = tuple(sorted(STANDARD_CARDS, key=lambda c: c.index))
    try:
        _give_tables(cards)
    except RuntimeError:  # pragma: no cover - the core cannot place the cards: stay pure
        native.set_loader(_stay_pure)


def _stay_pure() -> None:
    """The loader once the core has refused its tables: every call takes the pure path."""


def _give_tables(cards: tuple[object, ...]) -> None:
    if native is None:  # pragma: no cover - only the compiled core calls this
        return
    native.setup(
        core_bytes(),
        cards,
        tuple(value_cache[s] for s in CORE_SCALES),
        tuple(functools.partial(make_value, s) for s in CORE_SCALES),
        CORE_SCALES,
    )


if native is not None:
    native.set_loader(_setup)


def ensure_loaded() -> None:
    """Load the compiled core's tables now, if it is in use and they are not loaded yet."""
    if native is not None and not native.loaded():
        _setup()


def compiled(kind: str) -> Callable[[F], F]:
    """Decorate a pure-Python evaluator: on the compiled backend, return the compiled entry
    point of ``kind`` that falls back to it (with its name, docstring and signature)."""

    def wrap(pure: F) -> F:
        if native is None:
            return pure
        entry = native.entry(getattr(native, kind), pure)
        functools.update_wrapper(entry, pure)
        return entry  # type: ignore[no-any-return]

    return wrap
