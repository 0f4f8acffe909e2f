"""Validators shared by the rule definitions: a bad value raises
:class:`~pokerrules.errors.InvalidDefinitionError` naming the field, never a bare ``TypeError``
and never a silently different rule."""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable
from types import UnionType
from typing import Any, Final, TypeGuard, TypeVar

from pokerrules.errors import InvalidDefinitionError

__all__ = [
    "is_chips",
    "is_count",
    "is_flag",
    "is_instance",
    "is_int",
    "is_member",
    "is_seat",
    "is_seat_chips",
    "is_whole",
    "optional",
    "require_chips",
    "require_whole",
    "seat_tuple",
    "shown",
    "shown_number",
    "trusted",
]

Validator = Callable[[Any, Any, Any], None]

_T = TypeVar("_T")
_new = object.__new__
_set_attr = object.__setattr__


def trusted(cls: type[_T], **fields: Any) -> _T:
    """An instance of the frozen attrs class ``cls`` from ``fields`` (every field, by name) that
    the library built itself and knows valid: no validator or converter runs. Public
    constructors check their input once, at the edge; internal steps use this."""
    new = _new(cls)
    for name, value in fields.items():
        _set_attr(new, name, value)
    return new


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an ``int``, not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


#: The exact type of a plain seat number or chip count (a one-pass check of a collection).
INT_ONLY: Final = frozenset({int})


def seat_tuple(values: Any, what: str) -> tuple[int, ...]:
    """``values`` as a tuple of seat numbers (ints, not bools; a mapping gives its keys);
    ``what`` names the argument in the error."""
    if type(values) is tuple and set(map(type, values)) <= INT_ONLY:
        return values
    if isinstance(values, str | bytes):
        raise InvalidDefinitionError(f"{what} must list seat numbers, not {shown(values)}")
    try:
        out: tuple[Any, ...] = tuple(values)
    except TypeError:
        raise InvalidDefinitionError(
            f"{what} must list seat numbers, not {shown(values)}"
        ) from None
    strangers = [s for s in out if not is_int(s)]
    if strangers:
        raise InvalidDefinitionError(f"{what} must list seat numbers, not {shown(strangers[0])}")
    return out


def is_seat_chips(value: object) -> bool:
    """Whether ``value`` is a ``(seat, chips)`` pair with a positive whole number of chips."""
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and is_int(value[0])
        and is_int(value[1])
        and value[1] > 0
    )


def require_whole(value: object, name: str) -> None:
    """Refuse ``value`` (the argument ``name``) unless it is a whole number of chips >= 0."""
    if not is_int(value) or value < 0:
        raise InvalidDefinitionError(
            f"{name} must be a whole number of chips >= 0, not {shown(value)}"
        )


def require_chips(value: object, name: str) -> None:
    """Refuse ``value`` (the argument ``name``) unless it is a positive whole number of chips."""
    if not is_int(value) or value <= 0:
        raise InvalidDefinitionError(
            f"{name} must be a positive whole number of chips, not {shown(value)}"
        )


def shown(value: object) -> str:
    """``repr(value)`` for an error message: an integer too long to print whole is given by
    its size, and a long repr is cut short."""
    if isinstance(value, int) and value.bit_length() > 128:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"{'-' if value < 0 else ''}<an integer of about {digits} digits>"
    try:
        text = repr(value)
    except ValueError:  # it holds an integer too long to print
        return f"<a {type(value).__name__} too large to show>"
    return text if len(text) <= 80 else text[:77] + "..."


def shown_number(value: object) -> str:
    """:func:`shown`, with a :class:`~fractions.Fraction` written ``3/2`` (``2`` when whole)."""
    # Only a program that imported fractions can hold a Fraction: cards and evaluation, which
    # never do, need not import it.
    fractions = sys.modules.get("fractions")
    if fractions is not None and isinstance(value, fractions.Fraction):
        if value.denominator == 1:
            return shown(value.numerator)
        return f"{shown(value.numerator)}/{shown(value.denominator)}"
    return shown(value)


def is_whole(_instance: object, attribute: Any, value: Any) -> None:
    """A whole number of chips, zero or more."""
    require_whole(value, attribute.name)


def is_chips(_instance: object, attribute: Any, value: Any) -> None:
    """A positive whole number of chips."""
    require_chips(value, attribute.name)


def is_count(_instance: object, attribute: Any, value: Any) -> None:
    """A whole number, zero or more (cards, points, players)."""
    if not is_int(value) or value < 0:
        raise InvalidDefinitionError(
            f"{attribute.name} must be a whole number >= 0, not {shown(value)}"
        )


def is_seat(_instance: object, attribute: Any, value: Any) -> None:
    """A seat number."""
    if not is_int(value):
        raise InvalidDefinitionError(f"{attribute.name} must be a seat number, not {shown(value)}")


def is_flag(_instance: object, attribute: Any, value: Any) -> None:
    """``True`` or ``False``."""
    if not isinstance(value, bool):
        raise InvalidDefinitionError(f"{attribute.name} must be True or False, not {shown(value)}")


def is_member(kind: type[enum.Enum]) -> Validator:
    """A member of the enum ``kind`` (a string naming one is refused: it would be ambiguous)."""

    def check(_instance: object, attribute: Any, value: Any) -> None:
        if not isinstance(value, kind):
            names = ", ".join(f"{kind.__name__}.{m.name}" for m in kind)
            msg = f"{attribute.name} must be one of {names}; got {shown(value)}"
            raise InvalidDefinitionError(msg)

    return check


def is_instance(kind: type | UnionType) -> Validator:
    """An instance of ``kind``."""

    kinds: tuple[type, ...] = kind.__args__ if isinstance(kind, UnionType) else (kind,)
    names = " or ".join(k.__name__ for k in kinds)

    def check(_instance: object, attribute: Any, value: Any) -> None:
        if not isinstance(value, kinds):
            msg = f"{attribute.name} must be a {names}, not {shown(value)}"
            raise InvalidDefinitionError(msg)

    return check


def optional(validator: Validator) -> Validator:
    """``None``, or a value ``validator`` accepts."""

    def check(instance: object, attribute: Any, value: Any) -> None:
        if value is not None:
            validator(instance, attribute, value)

    return check
