"""JSON Schemas (draft 2020-12) of every YAML file, generated from the shapes the loader reads.

One source of truth: `json_schema(shape)` walks the very `Record`s, `ListOf`s and `Text`s that
`tutorial-engine check` validates with, so an editor (the VS Code YAML extension reads the
`# yaml-language-server: $schema=…` first line) completes and underlines the same structure.
The schemas say only what a shape says: whether a card is in the deck, a seat exists or an
expectation agrees with the engine stays for `check` alone.

`python -m tutorial_engine.content.jsonschema` rewrites schemas/<kind>.schema.json; a test keeps them current.
"""

from __future__ import annotations

import json
import sys
from functools import singledispatch
from pathlib import Path

from ..engine.cards import SUIT_WORDS, Rank
from .drills import DRILLS_FILE
from .example_shapes import EXAMPLES_FILE
from .gamefile import GAME
from .pages import BLOCK_RECORD, CLAIMED, CONTENT, PAGES_FILE, PARAGRAPH, BlockShape
from .shapes import (
    MAX_DIGITS,
    Boolean,
    CardShape,
    Choice,
    Integer,
    ListOf,
    MapOf,
    RankShape,
    Record,
    Shape,
    SuitShape,
    Tagged,
    Text,
)

DIALECT = "https://json-schema.org/draft/2020-12/schema"
FILES = {
    "game": (GAME, "game.yml: a card game as data (examples/<game>/game.yml)"),
    "examples": (EXAMPLES_FILE, "Worked examples: trick, legal, ranking and forecast "
                                "(examples/<game>/examples/*.yml)"),
    "pages": (PAGES_FILE, "Pages: sections, blocks and questions "
                          "(examples/<game>/pages.yml, examples/site.yml)"),
    "drills": (DRILLS_FILE, "Drills of questions (examples/<game>/drills.yml)"),
}
"""Each kind of YAML file: the shape its loader reads, and what the file is."""
FOLDER = "schemas"


def _anycase(word: str) -> str:
    """An ECMA-262 pattern for `word` in any case (JSON Schema patterns have no (?i) flag)."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() and c.lower() != c.upper() else c
                   for c in word)


def _alternatives(words) -> str:
    return "(?:" + "|".join(_anycase(w) for w in sorted(words, key=lambda w: (-len(w), w))) + ")"


_RANKS = _alternatives([rank.value for rank in Rank] + ["T"])
_SUITS = _alternatives(SUIT_WORDS)
_SUIT_CHARACTERS = _alternatives(word for word in SUIT_WORDS if len(word) == 1)
CARD_PATTERN = rf"^\s*{_RANKS}{_SUIT_CHARACTERS}\s*$"
"""What Card.parse reads: A♥, AH, ah, 10♦, TD, T♦ (cards.py)."""
SUIT_PATTERN = rf"^\s*{_SUITS}\s*$"
RANK_PATTERN = rf"^\s*{_RANKS}\s*$"
NOT_BLANK = r"\S"


def _titled(shape: Shape, schema: dict) -> dict:
    return {"title": shape.what, **schema}


@singledispatch
def json_schema(shape: Shape) -> dict:
    """The JSON Schema of the values `shape.read` accepts, as far as JSON Schema can say."""
    raise TypeError(f"no JSON Schema for {type(shape).__name__}: teach tutorial_engine/content/jsonschema.py")


@json_schema.register
def _(shape: Text) -> dict:
    if shape.pattern is not None:  # a number never matches: ids start with a letter
        return _titled(shape, {"type": "string", "pattern": f"^(?:{shape.pattern.pattern})$"})
    # YAML reads 12 or 1.5 as a number; the loader takes any scalar but null and yes/no as text
    return _titled(shape, {"type": ["string", "number"], "pattern": NOT_BLANK})


@json_schema.register
def _(shape: Choice) -> dict:
    return _titled(shape, {"type": "string", "enum": list(shape.values)})


@json_schema.register
def _(shape: Integer) -> dict:
    largest = 10 ** MAX_DIGITS - 1  # the loader reads no longer number
    schema: dict[str, object] = {"type": "integer",
                                 "minimum": -largest if shape.minimum is None else shape.minimum,
                                 "maximum": largest if shape.maximum is None else shape.maximum}
    return _titled(shape, schema)


@json_schema.register
def _(shape: Boolean) -> dict:
    return _titled(shape, {"type": "boolean"})


@json_schema.register
def _(shape: SuitShape) -> dict:
    return _titled(shape, {"type": "string", "pattern": SUIT_PATTERN})


@json_schema.register
def _(shape: RankShape) -> dict:
    # YAML reads 10 or 9 unquoted as numbers; the loader reads their text
    return _titled(shape, {"type": ["string", "integer"], "pattern": RANK_PATTERN,
                           "minimum": 2, "maximum": 10})


@json_schema.register
def _(shape: CardShape) -> dict:
    return _titled(shape, {"type": "string", "pattern": CARD_PATTERN})


@json_schema.register
def _(shape: ListOf) -> dict:
    schema: dict[str, object] = {"type": "array", "items": json_schema(shape.item)}
    if shape.min_items:
        schema["minItems"] = shape.min_items
    return _titled(shape, schema)


@json_schema.register
def _(shape: MapOf) -> dict:
    return _titled(shape, {"type": "object", "propertyNames": key_schema(shape.key),
                           "additionalProperties": json_schema(shape.value)})


@json_schema.register
def _(shape: Record) -> dict:
    properties = {}
    for key, field in shape.fields.items():
        properties[key] = json_schema(field.shape)
        if field.doc:
            properties[key]["description"] = field.doc
    schema: dict[str, object] = {"type": "object", "properties": properties}
    required = [key for key, field in shape.fields.items() if field.required]
    if required:
        schema["required"] = required
    schema["additionalProperties"] = False
    return _titled(shape, schema)


@json_schema.register
def _(shape: Tagged) -> dict:
    return _titled(shape, {
        "type": "object",
        "required": [shape.key],
        "properties": {shape.key: {"enum": list(shape.records)}},
        "allOf": [{"if": {"required": [shape.key], "properties": {shape.key: {"const": kind}}},
                   "then": json_schema(record)} for kind, record in shape.records.items()],
    })


@json_schema.register
def _(shape: BlockShape) -> dict:
    block = json_schema(BLOCK_RECORD)
    claimed = {"anyOf": [{"required": [key]} for key in CLAIMED]}
    block.update(
        oneOf=[{"required": [key]} for key in CONTENT],  # exactly one kind of block
        dependentRequired={"decision": ["source"], "source": ["decision"], "section": ["decision"]},
        dependentSchemas={"claims": claimed,
                          "unchecked": {"anyOf": [{"required": ["text"]}, {"required": ["list"]}],
                                        "not": {"required": ["claims"]}}})
    return _titled(shape, {"anyOf": [json_schema(PARAGRAPH), block]})


def key_schema(shape: Shape) -> dict:
    """A schema for the keys of a mapping: always text in JSON, whatever YAML made of them."""
    if isinstance(shape, Integer):
        digits = "[0-9]*[1-9][0-9]*" if (shape.minimum or 0) >= 1 else "[0-9]+"
        if (shape.minimum is not None and shape.minimum > 1) or shape.maximum is not None:
            raise TypeError(f"no key pattern for integers from {shape.minimum} to {shape.maximum}")
        return {"type": "string", "pattern": f"^\\+?{digits}$" if shape.minimum is not None
                else f"^[-+]?{digits}$"}
    schema = dict(json_schema(shape))
    schema["type"] = "string"
    schema.pop("minimum", None)
    schema.pop("maximum", None)
    return schema


def file_schema(kind: str) -> dict:
    shape, description = FILES[kind]
    return {"$schema": DIALECT, **json_schema(shape),
            "description": description}


def schema_text(kind: str) -> str:
    """The schema as written to schemas/<kind>.schema.json: stable, so builds are byte-identical."""
    return json.dumps(file_schema(kind), ensure_ascii=False, indent=2) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for kind in FILES:
        path = folder / f"{kind}.schema.json"
        path.write_text(schema_text(kind), encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / FOLDER
    for written in write_schemas(target):
        print(written)
