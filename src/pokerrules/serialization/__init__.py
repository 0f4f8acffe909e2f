"""Every public value as versioned JSON, and back: :func:`dumps`, :func:`loads`,
:func:`to_data` and :func:`from_data`.

A document is one JSON object: the format's version, the kind of value and the value itself.

>>> from pokerrules.cards import Card
>>> from pokerrules.serialization import dumps, loads
>>> dumps(Card("As"))
'{"schema":1,"type":"Card","value":"As"}'
>>> from pokerrules.variants import Stakes
>>> text = dumps(Stakes.no_limit(1, 2))
>>> text
'{"schema":1,"type":"Stakes","value":{"blinds":[1,2],"ante":0,"bring_in":0,"small_bet":0,"big_bet":0,"min_bet":null,"chip":1,"rake":null}}'
>>> loads(text) == Stakes.no_limit(1, 2), dumps(loads(text)) == text
(True, True)

The round trip is exact: ``dumps(loads(s)) == s`` for every ``s`` that :func:`dumps` wrote, and
a hand read back is equal to the one written and plays on exactly as it would have. The kinds
written are cards, decks, variants (the whole definition: a custom variant needs no
registration), stakes, hands (mid-play, with the order of their deck), the events and a whole
log, actions and legal actions, outcomes, tables, seat views (:mod:`pokerrules.views`),
currencies (:mod:`pokerrules.money`), Chicago games and Caribbean stud rounds; ``KINDS``
names them all.

Reading is strict and refuses malformed input with
:class:`~pokerrules.errors.InvalidNotationError`, naming the path of the bad field:

>>> loads('{"schema":1,"type":"Stakes","value":{"blinds":[1,"2"],"ante":0,"bring_in":0,'
...       '"small_bet":0,"big_bet":0,"min_bet":null,"chip":1,"rake":null}}')
Traceback (most recent call last):
...
pokerrules.errors.InvalidNotationError: value.blinds[1]: expected an integer, not the string '2'

The format is documented in :doc:`/guides/game-server` and published as a JSON Schema
(:func:`json_schema`, the package file ``pokerrules/schema/v1.json``). This module loads
cattrs, so it is imported only when asked for: ``import pokerrules`` does not load it.
"""

from __future__ import annotations

import json
from typing import Any, Final, TypeVar, overload

from pokerrules.errors import InvalidNotationError
from pokerrules.serialization._kinds import KINDS, kind_of, structure, unstructure

__all__ = [
    "KINDS",
    "MAX_DEPTH",
    "MAX_SIZE",
    "SCHEMA_VERSION",
    "dumps",
    "from_data",
    "json_schema",
    "loads",
    "to_data",
]

#: The version of the format written; documents of another version are refused.
SCHEMA_VERSION: Final = 1
#: The longest text :func:`loads` reads by default (characters).
MAX_SIZE: Final = 8 * 1024 * 1024
#: The deepest nesting of arrays and objects :func:`loads` and :func:`from_data` read.
MAX_DEPTH: Final = 64

K = TypeVar("K")


def to_data(value: object) -> dict[str, Any]:
    """``value`` as a JSON-ready document: ``{"schema": 1, "type": ..., "value": ...}``.

    >>> from pokerrules.actions import Raise
    >>> to_data(Raise(to=6))
    {'schema': 1, 'type': 'Raise', 'value': {'to': 6}}
    """
    kind = kind_of(value)
    return {"schema": SCHEMA_VERSION, "type": kind.name, "value": unstructure(kind, value)}


@overload
def from_data(data: object) -> Any: ...
@overload
def from_data(data: object, expect: type[K]) -> K: ...
def from_data(data: object, expect: type[Any] | None = None) -> Any:
    """The value a document describes (the result of :func:`to_data`, or parsed JSON).
    ``expect``, if given, is the class the value must be (a :class:`~pokerrules.engine.Hand`,
    ...); :class:`tuple` for a log."""
    if type(data) is not dict:
        raise InvalidNotationError(
            f"a document is an object with 'schema', 'type' and 'value', not {type(data).__name__}"
        )
    _check_depth(data)
    extra = sorted(set(data) - {"schema", "type", "value"})
    if extra:
        raise InvalidNotationError(f"{extra[0]}: not a field of a document")
    for key in ("schema", "type", "value"):
        if key not in data:
            raise InvalidNotationError(f"{key}: missing (a document has schema, type and value)")
    version = data["schema"]
    if type(version) is not int or version != SCHEMA_VERSION:
        raise InvalidNotationError(
            f"schema: version {version!r} is not read here (this library reads version "
            f"{SCHEMA_VERSION})"
        )
    name = data["type"]
    kind = KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise InvalidNotationError(f"type: {name!r} is not a kind of value ({', '.join(KINDS)})")
    if expect is not None and kind.cls is not expect:
        raise InvalidNotationError(f"type: expected {expect.__name__}, not {name}")
    try:
        return structure(kind, data["value"])
    except InvalidNotationError as error:
        raise InvalidNotationError(f"value{_joined(str(error))}") from None


def dumps(value: object, *, indent: int | None = None) -> str:
    """``value`` as a JSON document (compact, or indented by ``indent`` spaces)."""
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(to_data(value), ensure_ascii=False, indent=indent, separators=separators)


@overload
def loads(text: str | bytes, *, max_size: int = ...) -> Any: ...
@overload
def loads(text: str | bytes, expect: type[K], *, max_size: int = ...) -> K: ...
def loads(text: str | bytes, expect: type[Any] | None = None, *, max_size: int = MAX_SIZE) -> Any:
    """The value of a JSON document written by :func:`dumps`. Text longer than ``max_size``
    characters, nested deeper than :data:`MAX_DEPTH`, or not JSON is refused with
    :class:`~pokerrules.errors.InvalidNotationError`; ``expect`` is as for :func:`from_data`."""
    if not isinstance(text, str | bytes):
        raise InvalidNotationError(f"a document is JSON text, not {type(text).__name__}")
    if len(text) > max_size:
        raise InvalidNotationError(
            f"the document is {len(text)} characters long: more than the {max_size} read "
            "(pass max_size to read more)"
        )
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise InvalidNotationError(
            f"the document is nested too deeply (at most {MAX_DEPTH} levels)"
        ) from None
    except ValueError as error:
        raise InvalidNotationError(f"not JSON: {error}") from None
    return from_data(data) if expect is None else from_data(data, expect)


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the documents :func:`dumps` writes (the package
    file ``pokerrules/schema/v1.json``)."""
    from importlib.resources import files  # noqa: PLC0415

    text = files("pokerrules").joinpath("schema", "v1.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _no_constant(name: str) -> None:
    raise InvalidNotationError(f"{name} is not a JSON number")


def _joined(message: str) -> str:
    """The path of an inner error below ``value``: ``'blinds[1]: ...'`` -> ``'.blinds[1]: ...'``."""
    path, sep, _ = message.partition(": ")
    if sep and " " not in path and path and not path.startswith("["):
        return "." + message
    if sep and path.startswith("["):
        return message
    return ": " + message


def _check_depth(data: object) -> None:
    """Refuse data nested deeper than :data:`MAX_DEPTH` (or holding itself)."""
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise InvalidNotationError(
                f"the document is nested too deeply (at most {MAX_DEPTH} levels)"
            )
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list | tuple):
            stack.extend((v, depth + 1) for v in item)
