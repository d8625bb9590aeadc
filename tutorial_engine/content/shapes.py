"""The shape of every YAML file, as data, and the reader that checks a node tree against it.

A shape reports each problem with its location and keeps going, so one run shows every mistake.
Values come back with their locations (`Rec`, `Seq`, `Pairs`) so that rule-level problems found
later can still point at the line that caused them.
"""

from __future__ import annotations

import abc
import difflib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..engine.cards import Card, Rank, Suit
from ..engine.game import GameSpec
from ..problems import Location, Problems
from .facts import Facts
from .source import Source

TAG = "tag:yaml.org,2002:"
_PLAIN_TAGS = {TAG + name for name in ("str", "int", "float", "bool", "null", "timestamp", "seq", "map")}


class _Invalid:
    def __repr__(self) -> str:
        return "INVALID"


INVALID: Any = _Invalid()
"""Returned for a value that has been reported as wrong; callers skip it."""


@dataclass
class Context:
    source: Source
    problems: Problems
    game: GameSpec | None = None
    """When known, cards are also checked against this game's deck."""
    facts: Facts | None = None
    """When known, the game's numbered facts, which every cite must name."""

    def at(self, node: Node) -> Location:
        return self.source.at(node)

    def error(self, node: Node, message: str) -> Any:
        self.problems.add(self.at(node), message)
        return INVALID


def close_match(word: str, choices) -> str | None:
    match = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return match[0] if match else None


def did_you_mean(word: str, choices) -> str:
    match = close_match(word, choices)
    return f"did you mean '{match}'?" if match else "expected one of: " + ", ".join(choices)


def _bare(what: str) -> str:
    """'an example' → 'example', to say 'a kind of example' or 'a list of examples'."""
    return what.removeprefix("a ").removeprefix("an ")


def _plural(what: str) -> str:
    """'a card such as A♥' → 'cards such as A♥'; 'a number of points' → 'numbers of points'."""
    head, *rest = re.split(r"(?= such as | of )", _bare(what), maxsplit=1)
    return head + "s" + "".join(rest)


def _found(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    if node.tag == TAG + "null":
        return "nothing"
    if len(node.value) > SHOWN_CHARACTERS:  # a message shows where the value starts, not all of it
        return f"'{node.value[:SHOWN_CHARACTERS]}…' ({len(node.value):,} characters)"
    return f"'{node.value}'"


class Shape(abc.ABC):
    what = "a value"

    @abc.abstractmethod
    def read(self, node: Node, ctx: Context) -> Any:
        """The value of `node`, or INVALID once its problems are reported."""

    def _plain(self, node: Node, ctx: Context, kind: type[Node]) -> Node | Any:
        """`node` if it is a `kind` of node, else INVALID once reported. A tag is refused first,
        on collections too: it asks YAML to build an object (!!python/…), whatever it is on."""
        if node.tag not in _PLAIN_TAGS:
            return ctx.error(node, f"the tag {node.tag.replace(TAG, '!!')} is not allowed; "
                                   "tutorial files hold plain values only")
        if not isinstance(node, kind):
            return ctx.error(node, f"expected {self.what}, but found {_found(node)}")
        return node

    def _scalar(self, node: Node, ctx: Context, *, text: bool = True) -> str | Any:
        """The scalar's text, refusing collections, foreign tags, nulls and YAML 1.1 booleans."""
        if self._plain(node, ctx, ScalarNode) is INVALID:
            return INVALID
        if node.tag == TAG + "null":
            return ctx.error(node, f"expected {self.what}, but the value is empty")
        if text and node.tag == TAG + "bool" and node.style is None:
            return ctx.error(node, f"expected {self.what}, but YAML reads {node.value} as a "
                                   f"yes/no value; write \"{node.value}\" in quotes if you meant text")
        return node.value


class Text(Shape):
    def __init__(self, what: str = "text", pattern: str | None = None, hint: str = ""):
        self.what = what
        self.pattern = re.compile(pattern) if pattern else None
        self.hint = hint

    def read(self, node, ctx):
        value = self._scalar(node, ctx)
        if value is INVALID:
            return value
        if not value.strip():
            return ctx.error(node, f"expected {self.what}, but the text is blank")
        if self.pattern and not self.pattern.fullmatch(value):
            return ctx.error(node, f"'{value}' is not {self.what}: {self.hint}")
        return value


BEYOND = 'AUTHORING.md, "What game.yml can and cannot express"'
"""Where an author whose value is none of game.yml's choices reads what the vocabulary lacks: such
a value is as often a rule not covered yet as a typing mistake."""


class Choice(Shape):
    def __init__(self, values, what: str, beyond: str = ""):
        """`beyond`: where to read about values the vocabulary lacks, named after the suggestion."""
        self.values = tuple(values)
        self.what = what
        self.beyond = beyond

    def read(self, node, ctx):
        value = self._scalar(node, ctx)
        if value is INVALID or value in self.values:
            return value
        suggestion = did_you_mean(value, self.values)
        if self.beyond:
            suggestion += (" If not, game.yml cannot express it yet" if suggestion.endswith("?")
                           else "; game.yml cannot express any other yet") + f": see {self.beyond}"
        return ctx.error(node, f"'{value}' is not {self.what}; {suggestion}")


SHOWN_CHARACTERS = 60
"""Of a value a message quotes, at most this much."""
MAX_DIGITS = 18
"""No count, score or seed a project holds comes near a number of this many digits; a longer one
is refused before Python reads it (past 4,300 digits it would not)."""


class Integer(Shape):
    def __init__(self, what: str = "a whole number", minimum: int | None = None, maximum: int | None = None):
        self.what = what
        self.minimum = minimum
        self.maximum = maximum

    def read(self, node, ctx):
        value = self._scalar(node, ctx)
        if value is INVALID:
            return value
        if node.tag != TAG + "int" or not re.fullmatch(r"[-+]?[0-9]+", value):
            return ctx.error(node, f"expected {self.what}, but found {_found(node)}")
        if (digits := len(value.lstrip("+-"))) > MAX_DIGITS:
            return ctx.error(node, f"expected {self.what} (at most {MAX_DIGITS} digits), but found a number "
                                   f"of {digits:,} digits")
        number = int(value)
        if self.minimum is not None and number < self.minimum:
            return ctx.error(node, f"expected {self.what} (at least {self.minimum}), but found {number}")
        if self.maximum is not None and number > self.maximum:
            return ctx.error(node, f"expected {self.what} (at most {self.maximum:,}), but found {number:,}")
        return number


class Boolean(Shape):
    what = "true or false"

    def read(self, node, ctx):
        value = self._scalar(node, ctx, text=False)
        if value is INVALID:
            return value
        if node.tag != TAG + "bool" or value not in ("true", "false"):
            return ctx.error(node, f"expected true or false, but found {_found(node)}")
        return value == "true"


class _Parsed(Shape):
    """A scalar turned into a domain value by a parser that raises ValueError."""

    parse: Callable[[str], Any]

    def read(self, node, ctx):
        value = self._scalar(node, ctx)
        if value is INVALID:
            return value
        try:
            return self.convert(value, ctx)
        except ValueError as error:
            return ctx.error(node, str(error))

    def convert(self, value: str, ctx: Context):
        return type(self).parse(value)


class SuitShape(_Parsed):
    what = "a suit such as ♠"
    parse = Suit.parse


class RankShape(_Parsed):
    what = "a rank such as A or 10"
    parse = Rank.parse


class CardShape(_Parsed):
    what = "a card such as A♥"

    def convert(self, value, ctx):
        card = Card.parse(value)
        return ctx.game.require(card) if ctx.game is not None else card


class Seq(list):
    """A list read from YAML, with the location of each item."""

    def __init__(self, items=(), locations=(), location: Location | None = None):
        super().__init__(items)
        self.locations = list(locations)
        self.location = location


class ListOf(Shape):
    def __init__(self, item: Shape, what: str | None = None, min_items: int = 0,
                 keep_valid: bool = False):
        """`keep_valid`: drop reported items and keep the rest, so one bad entry spares its siblings."""
        self.item = item
        self.keep_valid = keep_valid
        self.what = what or f"a list of {_plural(item.what)}"
        self.min_items = min_items

    def read(self, node, ctx):
        if self._plain(node, ctx, SequenceNode) is INVALID:
            return INVALID
        if len(node.value) < self.min_items:
            return ctx.error(node, f"expected {self.what} with at least {self.min_items} "
                                   f"item{'s' if self.min_items > 1 else ''}, but found {len(node.value)}")
        items, locations, ok = [], [], True
        for child in node.value:
            value = self.item.read(child, ctx)
            if value is INVALID:
                ok = False
                if self.keep_valid:
                    continue
            items.append(value)
            locations.append(ctx.at(child))
        return Seq(items, locations, ctx.at(node)) if ok or self.keep_valid else INVALID


def _pairs(node: MappingNode, ctx: Context, what: str):
    """Key text, key node and value node of each entry; duplicate and non-text keys reported."""
    seen: dict[str, Node] = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, ScalarNode) or key_node.tag not in _PLAIN_TAGS:
            ctx.error(key_node, f"keys of {what} must be plain text")
            continue
        key = key_node.value
        if key in seen:
            ctx.error(key_node, f"duplicate key '{key}' (first given on line "
                                f"{seen[key].start_mark.line + 1}); each key may appear once")
            continue
        seen[key] = key_node
        yield key, key_node, value_node


@dataclass
class Pairs:
    """An ordered mapping read from YAML: (key, value, key location) per entry."""

    items: list[tuple[Any, Any, Location]]
    location: Location

    def __iter__(self):
        return iter(self.items)

    def __len__(self):
        return len(self.items)


class MapOf(Shape):
    def __init__(self, key: Shape, value: Shape, what: str):
        self.key = key
        self.value = value
        self.what = what

    def read(self, node, ctx):
        if self._plain(node, ctx, MappingNode) is INVALID:
            return INVALID
        items, ok = [], True
        for _, key_node, value_node in _pairs(node, ctx, self.what):
            key = self.key.read(key_node, ctx)
            value = self.value.read(value_node, ctx)
            ok &= key is not INVALID and value is not INVALID
            items.append((key, value, ctx.at(key_node)))
        return Pairs(items, ctx.at(node)) if ok else INVALID


@dataclass(frozen=True)
class Field:
    shape: Shape
    required: bool = False
    doc: str = ""


@dataclass
class Rec:
    """A mapping read against a Record: values by key, with the location of each value."""

    values: dict[str, Any]
    locations: dict[str, Location]
    location: Location
    complete: bool = True
    """False for a partial Record with problems: only the values that could be read are here."""
    given: frozenset[str] = frozenset()
    """Every key the mapping gives, read or not: a rule about a key left out must not fire on a
    key whose value was wrong, which is reported already."""

    def get(self, key: str, default=None):
        return self.values.get(key, default)

    def __getitem__(self, key: str):
        return self.values[key]

    def __contains__(self, key: str) -> bool:
        return key in self.values

    def at(self, key: str) -> Location:
        return self.locations.get(key, self.location)


class Record(Shape):
    def __init__(self, what: str, fields: Mapping[str, Field], partial: bool = False):
        """`partial`: despite problems, give what could be read (an incomplete Rec), so checks
        across fields still report in the same run what they can."""
        self.what = what
        self.fields = dict(fields)
        self.partial = partial

    def read(self, node, ctx):
        if self._plain(node, ctx, MappingNode) is INVALID:
            return INVALID
        values, locations, ok = {}, {}, True
        given: set[str | None] = set()
        for key, key_node, value_node in _pairs(node, ctx, self.what):
            spec = self.fields.get(key)
            if spec is None:
                ctx.error(key_node, f"unknown key '{key}' in {self.what}; {did_you_mean(key, self.fields)}")
                given.add(close_match(key, self.fields))  # "did you mean" already names it
                ok = False
                continue
            given.add(key)
            value = spec.shape.read(value_node, ctx)
            if value is INVALID:
                ok = False
                continue
            values[key] = value
            locations[key] = ctx.at(value_node)
        missing = [key for key, spec in self.fields.items() if spec.required and key not in given]
        for key in missing:
            ctx.error(node, f"missing key '{key}' in {self.what}")
        if ok and not missing:
            return Rec(values, locations, ctx.at(node), given=frozenset(filter(None, given)))
        return (Rec(values, locations, ctx.at(node), complete=False, given=frozenset(filter(None, given)))
                if self.partial else INVALID)


class Tagged(Shape):
    """A mapping whose `kind` key picks the Record it is read against."""

    def __init__(self, what: str, key: str, records: Mapping[str, Record], beyond: str = ""):
        self.what = what
        self.key = key
        self.records = dict(records)
        self.beyond = beyond

    def read(self, node, ctx):
        if self._plain(node, ctx, MappingNode) is INVALID:
            return INVALID
        for key, _, value_node in _pairs(node, Context(ctx.source, Problems(), ctx.game), self.what):
            if key == self.key:
                kind = Choice(self.records, f"a kind of {_bare(self.what)}", self.beyond).read(value_node, ctx)
                if kind is INVALID:
                    return kind
                return self.records[kind].read(node, ctx)
        kinds = ", ".join(self.records)
        return ctx.error(node, f"missing key '{self.key}' in {self.what}; expected one of: {kinds}")
