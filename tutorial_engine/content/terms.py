"""game.yml's reading of the engine's declared records: a phase or a kind of scoring becomes a
Record shape whose fields come from its Terms, and a checked mapping becomes the record.

Nothing here knows a particular phase: a field's shape follows from its type and its Term. The
types game.yml can read are few on purpose (an int, a bool, an enum, a suit, a card, a list of one of
these, a map of numbers, suits or cards to numbers, or one of these or None); a declaration of any other type is
refused when the shapes are made, at import, not when an author first writes the field.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..engine.cards import Card, Rank, Suit
from ..engine.vocabulary import Declared, declared
from .shapes import (
    BEYOND,
    Boolean,
    CardShape,
    Choice,
    Field,
    Integer,
    ListOf,
    MapOf,
    RankShape,
    Rec,
    Record,
    Shape,
    SuitShape,
    Text,
)


def record_shape(record: type, what: str, tag: str, tag_field: Field) -> Record:
    """The Record that reads `record` from game.yml, under its `tag` key (`phase`, `kind`)."""
    return Record(what, {tag: tag_field} | {item.key: Field(value_shape(item), required=item.required,
                                                            doc=item.term.doc)
                                            for item in declared(record)})


def value_shape(item: Declared) -> Shape:
    kind = unwrap(item)
    term = item.term
    if _is_list(kind):
        return ListOf(_single(typing.get_args(kind)[0], item), min_items=1)
    if _is_map(kind):
        key = typing.get_args(kind)[0]
        keys = Integer(term.keyed_by, minimum=1) if key is int else SuitShape() if key is Suit else CardShape()
        return MapOf(keys, Integer(term.what, minimum=term.minimum), term.label)
    return _single(kind, item)


def _single(kind: Any, item: Declared) -> Shape:
    term = item.term
    if kind is bool:
        return Boolean()
    if kind is str:
        return Text(term.what)
    if kind is int:
        return Integer(term.what, minimum=term.minimum)
    if kind is Suit:
        return SuitShape()
    if kind is Card:
        return CardShape()
    if kind is Rank:  # an enum, but YAML reads 10 or 9 unquoted as numbers
        return RankShape()
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return Choice([member.value for member in kind], term.what, BEYOND if term.beyond else "")
    raise _unreadable(item)


def _is_list(kind: Any) -> bool:
    """tuple[X, ...]: a list of any length; a tuple of fixed length is no list."""
    args = typing.get_args(kind)
    return typing.get_origin(kind) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_map(kind: Any) -> bool:
    """A map of numbers, suits or cards to numbers."""
    origin = typing.get_origin(kind)
    return (isinstance(origin, type) and issubclass(origin, Mapping)
            and typing.get_args(kind) in ((int, int), (Suit, int), (Card, int)))


def unwrap(item: Declared) -> Any:
    """`X | None` → X: None is the default of an optional field, never a value game.yml writes."""
    kind = item.annotation
    if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
        inner = [arg for arg in typing.get_args(kind) if arg is not type(None)]
        if len(inner) != 1:
            raise _unreadable(item)
        return inner[0]
    return kind


def _unreadable(item: Declared) -> TypeError:
    return TypeError(f"{item.field.name}: game.yml has no shape for {item.annotation!r}")


def build(record: type, rec: Rec) -> Any:
    """The record from a mapping its shape has read: each given value converted to the field's
    type, each missing one left to the field's default."""
    return record(**{item.field.name: _value(unwrap(item), rec[item.key])
                     for item in declared(record) if item.key in rec})


def _value(kind: Any, value: Any) -> Any:
    if _is_list(kind):
        return tuple(_value(typing.get_args(kind)[0], item) for item in value)
    if _is_map(kind):
        return MappingProxyType({key: item for key, item, _ in value})
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind(value)
    return value
