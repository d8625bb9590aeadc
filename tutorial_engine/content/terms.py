"""game.yml's reading of the engine's declared records: a phase or a kind of scoring becomes a
Record shape whose fields come from its Terms, and a checked mapping becomes the record.

Nothing here knows a particular phase: a field's shape follows from its type (an int, a bool,
an enum, a suit, a tuple or a map of them, or any of these or None) and its Term.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..engine.cards import Suit
from ..engine.vocabulary import Declared, declared
from .shapes import BEYOND, Boolean, Choice, Field, Integer, ListOf, MapOf, Rec, Record, Shape, SuitShape


def record_shape(record: type, what: str, tag: str, tag_field: Field) -> Record:
    """The Record that reads `record` from game.yml, under its `tag` key (`phase`, `kind`)."""
    return Record(what, {tag: tag_field} | {item.key: Field(value_shape(item), required=item.required,
                                                            doc=item.term.doc)
                                            for item in declared(record)})


def value_shape(item: Declared) -> Shape:
    return _shape(unwrap(item.type), item)


def _shape(kind: Any, item: Declared) -> Shape:
    term = item.term
    origin = typing.get_origin(kind)
    if origin is tuple:
        return ListOf(_shape(typing.get_args(kind)[0], item), min_items=1)
    if origin is not None and issubclass(origin, Mapping):
        return MapOf(Integer(term.keyed_by, minimum=1), Integer(term.what, minimum=term.minimum), term.label)
    if kind is bool:
        return Boolean()
    if kind is int:
        return Integer(term.what, minimum=term.minimum)
    if kind is Suit:
        return SuitShape()
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return Choice([member.value for member in kind], term.what, BEYOND if term.beyond else "")
    raise TypeError(f"{item.field.name}: game.yml has no shape for {kind!r}")


def unwrap(kind: Any) -> Any:
    """`X | None` → X: None is the default of an optional field, never a value game.yml writes."""
    if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
        (inner,) = [arg for arg in typing.get_args(kind) if arg is not type(None)]
        return inner
    return kind


def build(record: type, rec: Rec) -> Any:
    """The record from a mapping its shape has read: each given value converted to the field's
    type, each missing one left to the field's default."""
    given = {item.field.name: _value(unwrap(item.type), rec[item.key]) for item in declared(record) if item.key in rec}
    return record(**given)


def _value(kind: Any, value: Any) -> Any:
    origin = typing.get_origin(kind)
    if origin is tuple:
        return tuple(_value(typing.get_args(kind)[0], item) for item in value)
    if origin is not None and issubclass(origin, Mapping):
        return MappingProxyType({key: item for key, item, _ in value})
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind(value)
    return value
