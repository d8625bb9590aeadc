"""A drill's questions as JSON: what the user's cache folder keeps between builds and what a
worker process sends back. Plain data needs no trust in whoever wrote it, where a pickle would
run whatever it names; and the game, which every question refers to, is written once as a
reference to the drill's own.

Hand-written over the question classes rather than a serialisation library because they are
frozen dataclasses of cards, enums and tuples, and cards must come back as the interned objects
the rule kernels compare by identity.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from ...engine.cards import Card, Rank, Suit
from ...engine.rules import Moment
from ...engine.scoring import DealScore, DealVictory, GameStep, Outcome
from ...problems import Location
from ..examples import Expectation, ForecastExample, LegalExample, RankingExample, TrickExample
from . import questions
from .drill import Drill, DrillError

QUESTION_CLASSES: list[type] = [value for value in vars(questions).values() if isinstance(value, type)
                                 and is_dataclass(value) and value.__module__ == questions.__name__]
CLASSES: dict[str, type] = {cls.__name__: cls for cls in (
    *QUESTION_CLASSES,
    TrickExample, LegalExample, RankingExample, ForecastExample, Expectation, Location, DealVictory, DealScore, Moment,
    GameStep)}
"""The only classes a kept question may name: every question class, and what they hold."""
ENUMS = {cls.__name__: cls for cls in (Suit, Rank, Outcome)}


def dumps(drill: Drill, answer: tuple | DrillError) -> bytes:
    """The drill's questions, or why it has none."""
    if isinstance(answer, DrillError):
        return json.dumps({"error": str(answer)}, ensure_ascii=False).encode("utf-8")
    return json.dumps({"questions": [_encoded(question, drill) for question in answer]},
                      ensure_ascii=False).encode("utf-8")


def loads(drill: Drill, data: bytes) -> tuple | DrillError:
    """What `dumps` wrote; ValueError for anything else."""
    try:
        kept = json.loads(data)
        if "error" in kept:
            return DrillError(str(kept["error"]))
        return tuple(_decoded(question, drill) for question in kept["questions"])
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"not a drill's questions: {error}") from None


def _encoded(value: Any, drill: Drill) -> Any:
    if value is drill.game:
        return {"$": "game"}
    if isinstance(value, Card):
        return {"$": "card", "card": str(value)}
    if isinstance(value, enum.Enum):
        return {"$": type(value).__name__, "value": value.value}
    if is_dataclass(value) and not isinstance(value, type):
        name = type(value).__name__
        if CLASSES.get(name) is not type(value):
            raise TypeError(f"a drill's question holds a {name}, which codec.py does not know")
        return {"$": name, **{f.name: _encoded(getattr(value, f.name), drill) for f in fields(value) if f.init}}
    if isinstance(value, tuple | list):
        return [_encoded(item, drill) for item in value]
    if isinstance(value, Mapping):
        return {"$": "mapping", "items": [[_encoded(k, drill), _encoded(v, drill)] for k, v in value.items()]}
    if value is None or isinstance(value, str | int | float):
        return value
    raise TypeError(f"a drill's question holds a {type(value).__name__}, which codec.py does not know")


def _decoded(value: Any, drill: Drill) -> Any:
    if isinstance(value, list):
        return tuple(_decoded(item, drill) for item in value)
    if not isinstance(value, dict):
        return value
    name = value["$"]
    if name == "game":
        return drill.game
    if name == "card":
        return Card.parse(value["card"])
    if name == "mapping":
        return {_decoded(k, drill): _decoded(v, drill) for k, v in value["items"]}
    if name in ENUMS:
        return ENUMS[name](value["value"])
    return CLASSES[name](**{key: _decoded(item, drill) for key, item in value.items() if key != "$"})
