"""What game.yml may say, declared once, on the engine's own records.

A phase of the deal and a kind of scoring are frozen dataclasses; each field carries a Term in
its metadata, saying what the field means and how game.yml writes it. Everything else derives
from these records: `content/terms.py` makes the shapes `check` reads game.yml with and builds
the records from what it read, `content/jsonschema.py` writes the schema of those shapes,
`content/reference.py` AUTHORING.md's tables, and `engine/export.py` the play pages' copy of a
game, so a field declared here reaches all four and none can be forgotten by one of them.
"""

from __future__ import annotations

import typing
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import Any

TERM = "term"
"""The key of a field's Term in its metadata."""


@dataclass(frozen=True)
class Term:
    doc: str
    """What the field means, for authors: the instructors' page shows it, translated."""
    what: str = ""
    """How `check` names one value ('a number of cards'): a list's item, a map's value."""
    minimum: int | None = None
    key: str = ""
    """The key in game.yml, when it cannot be the field's name ('from' is a Python keyword)."""
    beyond: bool = False
    """A value outside the choices may be a rule game.yml cannot express yet: say so."""
    default_doc: str = ""
    """The default in words, when it is not a value game.yml could write."""
    keyed_by: str = ""
    """For a map: how `check` names one key ('a team size'); keys are numbers of at least 1."""
    label: str = ""
    """For a map: how `check` names the whole ('thresholds by team size')."""


def term(doc: str, *, default: Any = MISSING, factory: Any = MISSING, **described: Any) -> Any:
    """A dataclass field with its Term; without `default` or `factory`, game.yml must give it."""
    metadata = {TERM: Term(doc, **described)}
    if factory is not MISSING:
        return field(default_factory=factory, metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass(frozen=True)
class Declared:
    """One field of a record as game.yml sees it."""

    field: Field
    term: Term
    annotation: Any
    """The field's resolved type: int, bool, an enum, Suit, Card, tuple[X, ...], a Mapping of int,
    Suit or Card to int, or one of these or None."""

    @property
    def key(self) -> str:
        return self.term.key or self.field.name

    @property
    def required(self) -> bool:
        return self.field.default is MISSING and self.field.default_factory is MISSING

    @property
    def default(self) -> Any:
        """The value a record gets when game.yml leaves the field out (a required field has none)."""
        if self.field.default_factory is not MISSING:
            return self.field.default_factory()
        return None if self.field.default is MISSING else self.field.default


def declared(record: type) -> tuple[Declared, ...]:
    """The fields of a phase or scoring record, in order; every one must carry a Term."""
    hints = typing.get_type_hints(record)
    for item in fields(record):
        if TERM not in item.metadata:
            raise TypeError(f"{record.__name__}.{item.name} has no Term: declare it with vocabulary.term()")
    return tuple(Declared(item, item.metadata[TERM], hints[item.name]) for item in fields(record))
