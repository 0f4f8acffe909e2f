"""The JSON Schema of the format, worked out from the same types the converter reads.

The published file ``pokerrules/schema/v1.json`` is the output of :func:`build`; the test
suite checks that the two agree, so the file follows every change to a written class. Write
it again with ``python -m pokerrules.serialization._schema > src/pokerrules/schema/v1.json``.
"""

from __future__ import annotations

import enum
import json
import sys
import types
import typing
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

import attrs

from pokerrules.cards import Card, Deck, Joker
from pokerrules.serialization._convert import TAG, members, union_members
from pokerrules.serialization._kinds import KINDS

__all__ = ["build"]

_CARD = "^[2-9TJQKA][cdhs]$"
_ANY_CARD = "^([2-9TJQKA][cdhs]|Jk)$"


class _Builder:
    def __init__(self) -> None:
        self.defs: dict[str, Any] = {
            "card": {"type": "string", "pattern": _CARD, "description": "a card: 'As', 'Td'"},
            "any_card": {
                "type": "string",
                "pattern": _ANY_CARD,
                "description": "a card or the joker 'Jk'",
            },
            "fraction": {
                "type": "string",
                "pattern": "^-?(0|[1-9][0-9]*)(/[1-9][0-9]*)?$",
                "description": "a fraction in lowest terms: '1/2', '3'",
            },
            "decimal": {
                "type": "string",
                "pattern": "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$",
                "description": "an exact decimal amount: '0.25'",
            },
        }

    def ref(self, name: str) -> dict[str, Any]:
        return {"$ref": f"#/$defs/{name}"}

    def of(self, kind: Any) -> dict[str, Any]:
        if kind is type(None):
            return {"type": "null"}
        if kind is bool:
            return {"type": "boolean"}
        if kind is int:
            return {"type": "integer"}
        if kind is str:
            return {"type": "string"}
        if kind is Card:
            return self.ref("card")
        if kind is Joker:
            return {"const": "Jk"}
        if kind is Deck:
            return {"type": "array", "items": self.ref("any_card")}
        if kind is Fraction:
            return self.ref("fraction")
        if kind is Decimal:
            return self.ref("decimal")
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            return self.enum(kind)
        origin = typing.get_origin(kind)
        if origin is typing.Literal:
            return {"enum": list(typing.get_args(kind))}
        if origin in (typing.Union, types.UnionType):
            return self.union(kind)
        if origin is tuple:
            args = typing.get_args(kind)
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            return {
                "type": "array",
                "prefixItems": [self.of(a) for a in args],
                "minItems": len(args),
                "maxItems": len(args),
            }
        if origin in (frozenset, set):
            (arg,) = typing.get_args(kind)
            return {"type": "array", "items": self.of(arg), "uniqueItems": True}
        if origin in (dict, Mapping):
            _, value = typing.get_args(kind)
            return {
                "type": "object",
                "propertyNames": {"pattern": "^-?(0|[1-9][0-9]*)$"},
                "additionalProperties": self.of(value),
            }
        if attrs.has(kind):
            return self.record(kind, tagged=False)
        msg = f"no schema for {kind!r}"
        raise TypeError(msg)

    def enum(self, kind: type[enum.Enum]) -> dict[str, Any]:
        name = _name(kind)
        if name not in self.defs:
            self.defs[name] = {"enum": [m.value for m in kind]}
        return self.ref(name)

    def union(self, kind: Any) -> dict[str, Any]:
        options: list[dict[str, Any]] = []
        parts = union_members(kind)
        if set(parts) == {Card, Joker}:
            options.append(self.ref("any_card"))
        elif all(attrs.has(m) for m in members(kind)) and len(members(kind)) > 1:
            # Dispatch on the tag: each object is checked against its own class only.
            classes = members(kind)
            options.append(
                {
                    "type": "object",
                    "required": [TAG],
                    "properties": {TAG: {"enum": [m.__name__ for m in classes]}},
                    "allOf": [
                        {
                            "if": {"properties": {TAG: {"const": m.__name__}}},
                            "then": self.record(m, tagged=True),
                        }
                        for m in classes
                    ],
                }
            )
        else:
            options.extend(self.of(m) for m in parts)
        if type(None) in typing.get_args(kind):
            options.append({"type": "null"})
        return options[0] if len(options) == 1 else {"anyOf": options}

    def record(self, kind: type, *, tagged: bool) -> dict[str, Any]:
        name = f"tagged_{_name(kind)}" if tagged else _name(kind)
        if name in self.defs:
            return self.ref(name)
        self.defs[name] = {}  # a placeholder while the fields are worked out
        attrs.resolve_types(kind)
        fields = attrs.fields(kind)
        properties: dict[str, Any] = {}
        required: list[str] = []
        if tagged:
            properties[TAG] = {"const": kind.__name__}
            required.append(TAG)
        for field in fields:
            properties[field.name] = self.of(field.type)
            if field.default is attrs.NOTHING:
                required.append(field.name)
        schema: dict[str, Any] = {
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }
        doc = (kind.__doc__ or "").strip().split("\n\n")[0]
        if doc:
            schema["description"] = " ".join(doc.split())
        self.defs[name] = schema
        return self.ref(name)


def _name(kind: type) -> str:
    """A class's name in the schema: the games' classes carry their game's name
    (``chicago.Dealt`` beside the engine's ``Dealt``)."""
    parts = kind.__module__.split(".")
    if parts[:2] == ["pokerrules", "games"] and len(parts) > 2:
        return f"{parts[2]}.{kind.__qualname__}"
    return kind.__qualname__


def build() -> dict[str, Any]:
    """The JSON Schema of a document: ``{"schema": 1, "type": ..., "value": ...}``."""
    builder = _Builder()
    cases = []
    for name, kind in KINDS.items():
        cases.append(
            {
                "if": {"properties": {"type": {"const": name}}},
                "then": {"properties": {"value": builder.of(kind.written)}},
            }
        )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "pokerrules document, schema version 1",
        "description": (
            "One value of the pokerrules library: 'type' names its kind, 'value' holds it."
        ),
        "type": "object",
        "properties": {
            "schema": {"const": 1},
            "type": {"enum": list(KINDS)},
            "value": {},
        },
        "required": ["schema", "type", "value"],
        "additionalProperties": False,
        "allOf": cases,
        "$defs": dict(sorted(builder.defs.items())),
    }


def text() -> str:
    """The schema file's text."""
    return json.dumps(build(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # pragma: no cover - writes the published file
    sys.stdout.write(text())
