"""JSON Schemas (draft 2020-12) of every YAML file, generated from the shapes the loader reads.

One source of truth: `json_schema(shape)` walks the very `Record`s, `ListOf`s and `Text`s that
`tutorial-engine check` validates with, so an editor (the VS Code YAML extension reads the
`# yaml-language-server: $schema=…` first line) completes and underlines the same structure.
The schemas say only what a shape says: whether a card is in the deck, a seat exists or an
expectation agrees with the engine stays for `check` alone.

The output of `tutorial-engine simulate --json` has a schema too (`OUTPUTS`), its events
generated from the records of `engine/events.py`, so that any program can read a deal and
check it again.

`python -m tutorial_engine.content.jsonschema` rewrites schemas/<kind>.schema.json; a test keeps them current.
"""

from __future__ import annotations

import enum
import json
import sys
from dataclasses import fields
from functools import singledispatch
from pathlib import Path
from types import UnionType
from typing import Union, get_args, get_origin, get_type_hints

from ..engine.cards import SUIT_WORDS, Card, Rank, Suit
from ..engine.events import EVENTS, DealEnd, Event
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


# --- the output of `tutorial-engine simulate --json`, for programs that read it ---

_EXACT_CARD = "^(?:" + "|".join(rank.value for rank in Rank) + ")[♠♥♦♣]$"
_DEFS: dict[str, dict] = {
    "card": {"type": "string", "pattern": _EXACT_CARD,
             "description": "A card as the engine writes it: its rank (A K Q J 10 9 … 2), then its suit sign."},
    "suit": {"type": "string", "enum": [suit.value for suit in Suit]},
    "seat": {"type": "integer", "minimum": 0,
             "description": "Seats are numbered in the direction of play, seat 0 the first dealer."},
    "count": {"type": "integer", "minimum": 0},
    "side": {"type": "integer", "minimum": 0,
             "description": "A side: an index into `sides`, or in a game scored by tricks 0 for seats 0 "
                            "and 2 and 1 for seats 1 and 3."},
}


def _ref(name: str) -> dict:
    return {"$ref": f"#/$defs/{name}"}


def _value_schema(kind) -> dict:
    """The schema of a field of an event, from its type, as `events.as_data` writes its value."""
    if get_origin(kind) in (UnionType, Union):
        options = [option for option in get_args(kind) if option is not type(None)]
        [option] = options  # an event's field is one type, or that type or None
        return {"anyOf": [_value_schema(option), {"type": "null"}]}
    if get_origin(kind) is tuple:
        item, _ = get_args(kind)  # tuple[X, ...]
        return {"type": "array", "items": _value_schema(item)}
    if kind is bool:
        return {"type": "boolean"}
    if kind is int:
        return _ref("count")
    if kind is Card:
        return _ref("card")
    if kind is Suit:
        return _ref("suit")
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return {"type": "string", "enum": [member.value for member in kind]}
    raise TypeError(f"no JSON Schema for an event field of type {kind!r}: teach tutorial_engine/content/jsonschema.py")


_SEAT_FIELDS = {"seat", "cutter", "dealer", "maker", "leader", "winner", "exchange"}
"""Event fields that hold a seat (or, for `exchange`, a seat or nothing)."""


def event_schema(event: type[Event]) -> dict:
    """An event of `engine.events` as JSON: its kind under "event", then every field."""
    hints = get_type_hints(event)
    properties: dict[str, dict] = {"event": {"const": event.kind}}
    for item in fields(event):
        schema = _value_schema(hints[item.name])
        if item.name in _SEAT_FIELDS:
            schema = _ref("seat") if hints[item.name] is int else {"anyOf": [_ref("seat"), {"type": "null"}]}
        elif item.name == "seats":
            schema = {"type": "array", "items": _ref("seat")}
        properties[item.name] = schema
    return {"type": "object", "description": " ".join((event.__doc__ or "").split()),
            "properties": properties, "required": list(properties), "additionalProperties": False}


def _pair(item: dict) -> dict:
    return {"type": "array", "items": item, "minItems": 2, "maxItems": 2}


def _thrown_in_or(*played: str) -> list[dict]:
    """A deal's line holds `thrown_in` or what a played deal has, never both."""
    return [{"required": ["thrown_in"], "not": {"anyOf": [{"required": [key]} for key in played]}},
            {"required": list(played), "not": {"required": ["thrown_in"]}}]


def simulate_schema() -> dict:
    """One line of `tutorial-engine simulate --json`: a deal of a game scored by victory points
    (`engine.simulate.as_json`), of a match scored by tricks (`engine.match.match_json`), of a
    game scored by odd tricks (`engine.odd_tricks.game_json`), of one scored by exact bids
    (`engine.bids.bids_json`), of one scored by penalty points (`engine.penalties.penalties_json`) or of
    one scored by game points (`engine.races.race_json`)."""
    event_defs = {f"event-{event.kind}": event_schema(event) for event in EVENTS}
    events = {"type": "array", "description": "With --events: every event of the deal, in order.",
              "items": {"type": "object", "required": ["event"],
                        "properties": {"event": {"enum": [event.kind for event in EVENTS]}},
                        "allOf": [{"if": {"required": ["event"], "properties": {"event": {"const": event.kind}}},
                                   "then": _ref(f"event-{event.kind}")} for event in EVENTS]}}
    integer = {"type": "integer"}
    points = {
        "type": "object", "title": "a deal scored by victory points",
        "properties": {
            "players": {"type": "integer", "minimum": 2},
            "dealer": _ref("seat"),
            "sides": {"type": "array", "items": {"type": "array", "items": _ref("seat"), "minItems": 1},
                      "minItems": 2, "description": "The seat groups, ordered by their lowest seat."},
            "trump": _ref("suit"), "turned": _ref("card"), "indicator": _ref("card"),
            "indicator_taker": {"anyOf": [_ref("seat"), {"type": "null"}]},
            "points": {"type": "array", "items": _ref("count"), "description": "Card points per side."},
            "winner": {"anyOf": [_ref("side"), {"type": "null"}], "description": "null after a tie."},
            "victory_points": _ref("count"),
            "trick_count": _ref("count"),
            "match": {"type": "array", "items": _ref("count"),
                      "description": "With --target: victory points per side so far."},
            "match_winner": {"anyOf": [_ref("side"), {"type": "null"}],
                             "description": "With --target: the side that has reached it; the last deal."},
            "events": True,  # checked once, beside the kinds of line
        },
        "required": ["players", "dealer", "sides", "trump", "turned", "indicator", "indicator_taker", "points",
                     "winner", "victory_points", "trick_count"],
        "dependentRequired": {"match": ["match_winner"], "match_winner": ["match"]},
        "additionalProperties": False,
    }
    tricks = {
        "type": "object", "title": "a deal of a match scored by tricks",
        "properties": {
            "dealer": _ref("seat"),
            "thrown_in": {"const": True, "description": "Everyone passed: no trump, tricks or declarers."},
            "trump": _ref("suit"), "declarers": _ref("side"),
            "solo": {"anyOf": [_ref("seat"), {"type": "null"}]},
            "tricks": _pair(_ref("count")),
            "score_change": _pair(integer), "scores": _pair(integer), "rounds": _pair(_ref("count")),
            "decider": {"type": "boolean"},
            "match_winner": {"anyOf": [_ref("side"), {"type": "null"}],
                             "description": "Set on the deal that wins the match, the last one played."},
            "draw": {"type": "object", "description": "The first deal: the draw for partners (B7).",
                     "properties": {"nines": {"type": "array", "items": _ref("card")},
                                    "seats": {"type": "array", "items": _ref("count")}},
                     "required": ["nines", "seats"], "additionalProperties": False},
            "events": True,  # checked once, beside the kinds of line
        },
        "required": ["dealer", "score_change", "scores", "rounds", "decider", "match_winner"],
        "oneOf": _thrown_in_or("trump", "declarers", "solo", "tricks"),
        "additionalProperties": False,
    }
    sides = {"type": "array", "items": integer, "minItems": 2}
    odd_tricks = {
        "type": "object", "title": "a deal of a game scored by odd tricks",
        "properties": {
            "dealer": _ref("seat"),
            "thrown_in": {"const": True, "description": "Everyone passed: no trump or tricks."},
            "trump": {"anyOf": [_ref("suit"), {"type": "null"}], "description": "null: no suit was trump."},
            "tricks": {**sides, "items": _ref("count"), "description": "Tricks per side."},
            "score_change": {**sides, "description": "Points per side: its tricks above the book."},
            "scores": {**sides, "description": "Points per side so far."},
            "game_winner": {"anyOf": [_ref("side"), {"type": "null"}],
                            "description": "Set on the deal that wins the game, the last one played."},
            "events": True,  # checked once, beside the kinds of line
        },
        "required": ["dealer", "score_change", "scores", "game_winner"],
        "oneOf": _thrown_in_or("trump", "tricks"),
        "additionalProperties": False,
    }
    seats = {"type": "array", "items": integer, "minItems": 2}
    exact_bids = {
        "type": "object", "title": "a deal of a game scored by exact bids",
        "properties": {
            "dealer": _ref("seat"),
            "thrown_in": {"const": True, "description": "Everyone passed: no trump, bids or tricks."},
            "trump": {"anyOf": [_ref("suit"), {"type": "null"}], "description": "null: no suit was trump."},
            "bids": {**seats, "items": _ref("count"), "description": "Tricks bid, by seat."},
            "tricks": {**seats, "items": _ref("count"), "description": "Tricks taken, by seat."},
            "score_change": {**seats, "description": "Points written, by seat."},
            "totals": {**seats, "description": "Points so far, by seat."},
            "game_over": {"type": "boolean", "description": "The game ends with this deal, the last one played."},
            "game_winner": {"anyOf": [_ref("seat"), {"type": "null"}],
                            "description": "The seat with the highest total once the game is over; null before, "
                                           "or when the highest totals are level."},
            "events": True,  # checked once, beside the kinds of line
        },
        "required": ["dealer", "totals", "game_over", "game_winner"],
        "oneOf": _thrown_in_or("trump", "bids", "tricks", "score_change"),
        "additionalProperties": False,
    }
    penalty_points = {
        "type": "object", "title": "a deal of a game scored by penalty points",
        "properties": {
            "dealer": _ref("seat"),
            "trump": {"anyOf": [_ref("suit"), {"type": "null"}], "description": "null: no suit was trump."},
            "tricks": {**seats, "items": _ref("count"), "description": "Tricks taken, by seat."},
            "penalties": {**seats, "items": _ref("count"),
                          "description": "The penalty points of the cards each seat took."},
            "moon": {"anyOf": [_ref("seat"), {"type": "null"}],
                     "description": "The seat that took every penalty point, when the scoring reverses that."},
            "score_change": {**seats, "description": "Points written, by seat."},
            "totals": {**seats, "description": "Points so far, by seat."},
            "game_over": {"type": "boolean", "description": "A total has reached the target: the game ends with "
                                                            "this deal, the last one played."},
            "game_winner": {"anyOf": [_ref("seat"), {"type": "null"}],
                            "description": "The seat with the lowest total once the game is over; null before, "
                                           "or when the lowest totals are level."},
            "events": True,  # checked once, beside the kinds of line
        },
        "required": ["dealer", "trump", "tricks", "penalties", "moon", "score_change", "totals", "game_over",
                     "game_winner"],
        "additionalProperties": False,
    }
    pair = {"type": "array", "minItems": 2, "maxItems": 2}
    game_points = {
        "type": "object", "title": "a deal of a game scored by game points",
        "properties": {
            "dealer": _ref("seat"),
            "trump": {"anyOf": [_ref("suit"), {"type": "null"}], "description": "null: no suit was trump."},
            "tricks": {**pair, "items": _ref("count"), "description": "Tricks taken, by seat."},
            "card_points": {**pair, "items": _ref("count"),
                            "description": "Card points, by seat: tricks, marriages counted, the last trick's bonus."},
            "deal_winner": _ref("seat"),
            "reason": {"type": "string", "enum": [end.value for end in DealEnd],
                       "description": "How the deal was won: the target reached, the other's closing failed, or "
                                      "the last trick taken with nobody at the target."},
            "closed_by": {"anyOf": [_ref("seat"), {"type": "null"}],
                          "description": "The seat that closed the stock, or null."},
            "score_change": {**pair, "items": _ref("count"), "description": "Game points written, by seat."},
            "totals": {**pair, "items": _ref("count"), "description": "Game points so far, by seat."},
            "game_over": {"type": "boolean", "description": "A total has reached the target: the game ends with "
                                                            "this deal, the last one played."},
            "game_winner": {"anyOf": [_ref("seat"), {"type": "null"}],
                            "description": "The seat with the highest total once the game is over; null before."},
            "events": True,  # checked once, beside the kinds of line
        },
        "required": ["dealer", "trump", "tricks", "card_points", "deal_winner", "reason", "closed_by", "score_change",
                     "totals", "game_over", "game_winner"],
        "additionalProperties": False,
    }
    # the events are checked once, not once for each kind of line that `oneOf` tries
    return {"title": "tutorial-engine simulate --json", "type": "object", "properties": {"events": events},
            "oneOf": [points, tricks, odd_tricks, exact_bids, penalty_points, game_points],
            "$defs": _DEFS | event_defs}


OUTPUTS = {
    "simulate": (simulate_schema, "One line of `tutorial-engine simulate --json`, one deal; with --events, "
                                  "every event of the deal, enough to check the deal again"),
}
"""Each command's JSON output that has a schema: what makes it, and what it is."""


def file_schema(kind: str) -> dict:
    if kind in OUTPUTS:
        make, description = OUTPUTS[kind]
        return {"$schema": DIALECT, **make(), "description": description}
    shape, description = FILES[kind]
    return {"$schema": DIALECT, **json_schema(shape),
            "description": description}


def schema_text(kind: str) -> str:
    """The schema as written to schemas/<kind>.schema.json: stable, so builds are byte-identical."""
    return json.dumps(file_schema(kind), ensure_ascii=False, indent=2) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for kind in [*FILES, *OUTPUTS]:
        path = folder / f"{kind}.schema.json"
        path.write_text(schema_text(kind), encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / FOLDER
    for written in write_schemas(target):
        print(written)
