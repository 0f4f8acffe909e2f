"""The cattrs converter: how each kind of field is written in JSON and read back.

attrs classes are written field by field (every field, defaults included, in declaration
order). The leaves:

* a card is its notation (``"As"``, the joker ``"Jk"``), a :class:`~pokerrules.cards.Deck`
  its list of cards;
* an enum member is its value (``"small bet"``), a :class:`~fractions.Fraction` a string
  (``"1/2"``, ``"3"``), a :class:`~decimal.Decimal` a string (``"0.25"``);
* a tuple is an array, a frozenset a sorted array, a mapping keyed by seat an object keyed by
  the seat's decimal digits;
* where a field may hold one of several attrs classes (a showdown share, an action, an event)
  the object names its class: ``{"type": "Raise", "to": 6}``.

Reading is strict: an integer must be a JSON integer (not ``true``, ``6.0`` or ``"6"``), a
string a string, an array an array, and an object has no unknown keys.
"""

from __future__ import annotations

import enum
import re
import types
import typing
import warnings
from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, Final

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn

from pokerrules.cards import JOKER, Card, Deck, Joker, parse_card
from pokerrules.errors import InvalidNotationError, PokerRulesError

__all__ = ["CONVERTER", "TAG", "first_error", "members", "union_members"]

#: The key naming the class of an object where a field may hold several classes.
TAG: Final = "type"

_INTEGER: Final = re.compile(r"-?(0|[1-9][0-9]*)")
_FRACTION: Final = re.compile(r"-?(0|[1-9][0-9]*)(/[1-9][0-9]*)?")
_DECIMAL: Final = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?")


def _fail(message: str) -> typing.NoReturn:
    raise InvalidNotationError(message)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, str):
        shown = value if len(value) <= 20 else value[:20] + "..."
        return f"the string {shown!r}"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


# --- leaves ------------------------------------------------------------------------------------


def _integer(value: object, _: object) -> int:
    if type(value) is not int:
        _fail(f"expected an integer, not {_kind(value)}")
    return value


def _boolean(value: object, _: object) -> bool:
    if type(value) is not bool:
        _fail(f"expected true or false, not {_kind(value)}")
    return value


def _string(value: object, _: object) -> str:
    if type(value) is not str:
        _fail(f"expected a string, not {_kind(value)}")
    return value


def _card(value: object, _: object) -> Card | Joker:
    if type(value) is not str:
        _fail(f"expected a card such as 'As', not {_kind(value)}")
    try:
        card: Card | Joker = JOKER if value == str(JOKER) else parse_card(value)
    except PokerRulesError:
        _fail(f"expected a card such as 'As', not {_kind(value)}")
    if str(card) != value:  # one spelling only, so that the text round-trips
        _fail(f"expected a card written {str(card)!r}, not {value!r}")
    return card


def _standard_card(value: object, kind: object) -> Card:
    card = _card(value, kind)
    if not isinstance(card, Card):
        _fail("expected a standard card, not the joker")
    return card


def _joker(value: object, kind: object) -> Joker:
    card = _card(value, kind)
    if not isinstance(card, Joker):
        _fail(f"expected the joker 'Jk', not {card}")
    return card


def _deck(value: object, _: object) -> Deck:
    if type(value) is not list:
        _fail(f"expected an array of cards, not {_kind(value)}")
    cards = []
    for i, item in enumerate(value):
        try:
            cards.append(_card(item, None))
        except InvalidNotationError as error:
            _fail(f"[{i}]: {error}")
    return Deck(cards)


def _fraction(value: object, _: object) -> Fraction:
    if type(value) is not str or not _FRACTION.fullmatch(value):
        _fail(f"expected a fraction written as a string such as '1/2', not {_kind(value)}")
    fraction = Fraction(value)
    if str(fraction) != value:
        _fail(f"expected the fraction in lowest terms, {str(fraction)!r}, not {value!r}")
    return fraction


def _decimal(value: object, _: object) -> Decimal:
    if type(value) is not str or not _DECIMAL.fullmatch(value) or len(value) > 100:
        _fail(f"expected a decimal amount written as a string such as '0.25', not {_kind(value)}")
    try:
        return Decimal(value)
    except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
        _fail(f"expected a decimal amount, not {value!r}")


def _enum_structure(kind: type[enum.Enum]) -> Callable[[object, object], enum.Enum]:
    by_value = {(type(m.value), m.value): m for m in kind}
    words = ", ".join(repr(m.value) for m in kind)

    def structure(value: object, _: object) -> enum.Enum:
        member = by_value.get((type(value), value))
        if member is None:
            _fail(f"expected one of {words}, not {_kind(value)}")
        return member

    return structure


# --- containers ----------------------------------------------------------------------------------


def _is_union(kind: object) -> bool:
    return typing.get_origin(kind) in (typing.Union, types.UnionType)


def union_members(kind: object) -> tuple[Any, ...]:
    """The members of a union type other than ``None``."""
    return tuple(m for m in typing.get_args(kind) if m is not type(None))


def members(kind: object) -> tuple[type, ...]:
    """The attrs classes of a union of attrs classes (flattening nested unions)."""
    out: list[type] = []
    for member in union_members(kind):
        if _is_union(member):
            out.extend(members(member))
        else:
            out.append(member)
    return tuple(out)


def _is_tagged_union(kind: object) -> bool:
    if not _is_union(kind):
        return False
    classes = members(kind)
    return len(classes) > 1 and all(attrs.has(m) for m in classes)


def _is_tuple(kind: object) -> bool:
    return typing.get_origin(kind) is tuple


def _is_frozenset(kind: object) -> bool:
    return typing.get_origin(kind) in (frozenset, set)


def _is_mapping(kind: object) -> bool:
    return typing.get_origin(kind) in (dict, Mapping)


def _is_number_union(kind: object) -> bool:
    return _is_union(kind) and set(union_members(kind)) == {Fraction, int}


def _structure_list(value: object) -> list[Any]:
    if type(value) is not list:
        _fail(f"expected an array, not {_kind(value)}")
    return value


def _at(index: int | str, error: Exception) -> InvalidNotationError:
    """``error`` one level further in: its path gains ``[index]`` or ``.index``."""
    where = f"[{index}]" if isinstance(index, int) else f".{index}"
    text = str(error)
    path, sep, rest = text.partition(": ")
    if sep and path.startswith(("[", ".")) and " " not in path:
        return InvalidNotationError(f"{where}{path}: {rest}")
    return InvalidNotationError(f"{where}: {text}")


def _path_errors(items: Any, structure: Callable[[Any, Any], Any], kind: Any) -> list[Any]:
    out = []
    for i, item in enumerate(items):
        try:
            out.append(structure(item, kind))
        except Exception as error:  # the path is added, the message kept
            raise _at(i, _first(error)) from None
    return out


def _first(error: Exception) -> Exception:
    """The first leaf of a cattrs validation group, with its path as a prefix."""
    if isinstance(error, cattrs.ClassValidationError | cattrs.IterableValidationError):
        inner = error.exceptions[0]
        notes = [n for n in getattr(inner, "__notes__", []) if hasattr(n, "name")]
        leaf = _first(inner)
        if notes:
            return _at(notes[0].name, leaf)
        indexes = [n for n in getattr(inner, "__notes__", []) if hasattr(n, "index")]
        if indexes:
            return _at(indexes[0].index, leaf)
        return leaf
    if isinstance(error, cattrs.ForbiddenExtraKeysError):
        extra = ", ".join(repr(k) for k in sorted(error.extra_fields))
        return InvalidNotationError(f"unknown field {extra} (of {error.cl.__name__})")
    if isinstance(error, PokerRulesError):
        return error
    if isinstance(error, KeyError):
        return InvalidNotationError("missing: a required field")
    return InvalidNotationError(f"{type(error).__name__}: {error}")


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)

    conv.register_structure_hook(int, _integer)
    conv.register_structure_hook(bool, _boolean)
    conv.register_structure_hook(str, _string)
    conv.register_unstructure_hook(Card, str)
    conv.register_unstructure_hook(Joker, str)
    conv.register_structure_hook(Card, _standard_card)
    conv.register_structure_hook(Joker, _joker)
    conv.register_unstructure_hook(Card | Joker, str)
    conv.register_structure_hook(Card | Joker, _card)

    def maybe_card(value: object, kind: object) -> Card | Joker | None:
        return None if value is None else _card(value, kind)

    conv.register_unstructure_hook(Card | Joker | None, lambda c: None if c is None else str(c))
    conv.register_structure_hook(Card | Joker | None, maybe_card)
    conv.register_unstructure_hook(Deck, lambda deck: [str(c) for c in deck.cards])
    conv.register_structure_hook(Deck, _deck)
    conv.register_unstructure_hook(Fraction, str)
    conv.register_structure_hook(Fraction, _fraction)
    conv.register_unstructure_hook(Decimal, str)
    conv.register_structure_hook(Decimal, _decimal)

    conv.register_unstructure_hook_func(
        lambda t: isinstance(t, type) and issubclass(t, enum.Enum), lambda m: m.value
    )
    # By class, so that an IntEnum finds this hook before the one for int.
    enum_hooks: dict[type[enum.Enum], Callable[[object, object], enum.Enum]] = {}

    def enum_structure(value: object, kind: type[enum.Enum]) -> enum.Enum:
        hook = enum_hooks.get(kind)
        if hook is None:
            hook = enum_hooks[kind] = _enum_structure(kind)
        return hook(value, kind)

    conv.register_structure_hook(enum.Enum, enum_structure)
    conv.register_structure_hook(enum.IntEnum, enum_structure)

    def number_unstructure(value: Fraction | int | None) -> object:
        return value if value is None or type(value) is int else str(value)

    def number_structure(value: object, kind: object) -> Fraction | int | None:
        if type(value) is int or (value is None and type(None) in typing.get_args(kind)):
            return value
        return _fraction(value, None)

    conv.register_unstructure_hook_func(_is_number_union, number_unstructure)
    conv.register_structure_hook_func(_is_number_union, number_structure)

    def tuple_structure(kind: Any) -> Callable[[object, object], tuple[Any, ...]]:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            item = conv.get_structure_hook(args[0])

            def many(value: object, _: object) -> tuple[Any, ...]:
                return tuple(_path_errors(_structure_list(value), item, args[0]))

            return many
        hooks = [conv.get_structure_hook(a) for a in args]

        def fixed(value: object, _: object) -> tuple[Any, ...]:
            items = _structure_list(value)
            if len(items) != len(hooks):
                _fail(f"expected an array of {len(hooks)} items, not {len(items)}")
            out = []
            for i, (hook, arg, item) in enumerate(zip(hooks, args, items, strict=True)):
                try:
                    out.append(hook(item, arg))
                except Exception as error:
                    raise _at(i, _first(error)) from None
            return tuple(out)

        return fixed

    def tuple_unstructure(kind: Any) -> Callable[[tuple[Any, ...]], list[Any]]:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            item = conv.get_unstructure_hook(args[0])
            return lambda value: [item(v) for v in value]
        hooks = [conv.get_unstructure_hook(a) for a in args]
        return lambda value: [h(v) for h, v in zip(hooks, value, strict=True)]

    conv.register_structure_hook_factory(_is_tuple, tuple_structure)
    conv.register_unstructure_hook_factory(_is_tuple, tuple_unstructure)

    def set_structure(kind: Any) -> Callable[[object, object], frozenset[Any]]:
        (arg,) = typing.get_args(kind)
        item = conv.get_structure_hook(arg)

        def structure(value: object, _: object) -> frozenset[Any]:
            items = _path_errors(_structure_list(value), item, arg)
            out = frozenset(items)
            if len(out) != len(items):
                _fail("expected an array without repeats")
            return out

        return structure

    def set_unstructure(kind: Any) -> Callable[[frozenset[Any]], list[Any]]:
        (arg,) = typing.get_args(kind)
        item = conv.get_unstructure_hook(arg)
        return lambda value: [item(v) for v in sorted(value)]

    conv.register_structure_hook_factory(_is_frozenset, set_structure)
    conv.register_unstructure_hook_factory(_is_frozenset, set_unstructure)

    def mapping_structure(kind: Any) -> Callable[[object, object], dict[Any, Any]]:
        key_kind, value_kind = typing.get_args(kind)
        value_hook = conv.get_structure_hook(value_kind)
        if key_kind is not int:
            msg = f"only mappings keyed by whole numbers are written, not {kind}"
            raise TypeError(msg)

        def structure(value: object, _: object) -> dict[Any, Any]:
            if type(value) is not dict:
                _fail(f"expected an object, not {_kind(value)}")
            out = {}
            for key, item in value.items():
                if not _INTEGER.fullmatch(key):
                    _fail(f"expected seat numbers as keys, not {key!r}")
                try:
                    out[int(key)] = value_hook(item, value_kind)
                except Exception as error:
                    raise _at(key, _first(error)) from None
            return out

        return structure

    def mapping_unstructure(kind: Any) -> Callable[[Mapping[Any, Any]], dict[str, Any]]:
        _, value_kind = typing.get_args(kind)
        value_hook = conv.get_unstructure_hook(value_kind)
        return lambda value: {str(k): value_hook(v) for k, v in value.items()}

    conv.register_structure_hook_factory(_is_mapping, mapping_structure)
    conv.register_unstructure_hook_factory(_is_mapping, mapping_unstructure)

    def tagged_structure(kind: Any) -> Callable[[object, object], Any]:
        classes = {cl.__name__: cl for cl in members(kind)}
        optional = type(None) in typing.get_args(kind)
        names = ", ".join(repr(n) for n in classes)

        def structure(value: object, _: object) -> Any:
            if value is None and optional:
                return None
            if type(value) is not dict:
                _fail(f"expected an object with a {TAG!r} of {names}, not {_kind(value)}")
            name = value.get(TAG)
            cl = classes.get(name) if isinstance(name, str) else None
            if cl is None:
                _fail(f"expected a {TAG!r} of {names}, not {_kind(name)}")
            rest = {k: v for k, v in value.items() if k != TAG}
            return conv.structure(rest, cl)

        return structure

    def tagged_unstructure(kind: Any) -> Callable[[Any], Any]:
        def unstructure(value: Any) -> Any:
            if value is None:
                return None
            return {TAG: type(value).__name__, **conv.unstructure(value)}

        return unstructure

    conv.register_structure_hook_factory(_is_tagged_union, tagged_structure)
    conv.register_unstructure_hook_factory(_is_tagged_union, tagged_unstructure)

    def attrs_structure(kind: Any) -> Callable[[object, object], Any]:
        attrs.resolve_types(kind)
        inner = make_dict_structure_fn(kind, conv, _cattrs_forbid_extra_keys=True)
        renamed = _RENAMED.get(f"{kind.__module__}.{kind.__qualname__}")

        def structure(value: object, _: object) -> Any:
            if type(value) is not dict:
                _fail(f"expected an object ({kind.__name__}), not {_kind(value)}")
            if renamed is not None and renamed[0] in value and renamed[1] not in value:
                value = _read_renamed(value, kind, *renamed)
            return inner(value, kind)

        return structure

    conv.register_structure_hook_factory(attrs.has, attrs_structure)
    return conv


#: Fields renamed within schema 1, still read under their old names until they are removed:
#: class -> (old key, new key); an old single value becomes a one-item array.
_RENAMED: Final[dict[str, tuple[str, str]]] = {
    # deprecated: Chicago's six-card discard wrote "card"; removed in pokerrules 0.3
    "pokerrules.games.chicago.actions.Discard": ("card", "cards"),
}


def _read_renamed(value: dict[str, Any], kind: type, old: str, new: str) -> dict[str, Any]:
    """``value`` with its ``old`` key read as ``new`` (deprecated; warns)."""
    msg = (
        f"{kind.__name__}: the field {old!r} is deprecated and will not be read from "
        f"pokerrules 0.3 on: write {new!r}"
    )
    warnings.warn(msg, DeprecationWarning, stacklevel=2)
    item = value[old]
    out = {k: v for k, v in value.items() if k != old}
    out[new] = item if type(item) is list else [item]
    return out


CONVERTER: Final = _make_converter()


def first_error(error: Exception) -> Exception:
    """The first problem in a structuring error, as an error whose message starts with the
    path of the bad field (``.stakes.blinds[1]: expected an integer``)."""
    return _first(error)
