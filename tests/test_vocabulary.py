"""One declaration of game.yml's vocabulary (issue 30): each phase and kind of scoring declares
its fields once, on the engine's record, and check's shapes, the reader, the JSON schema and
AUTHORING.md's tables all derive from it."""

from __future__ import annotations

import enum
import json
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import ClassVar

import pytest
import yaml
from game_texts import OH_HELL, errors, load, with_deal

from tutorial_engine.content import gamefile, reference
from tutorial_engine.content.jsonschema import schema_text
from tutorial_engine.content.shapes import Choice, Context, Field, Record
from tutorial_engine.content.source import parse_source
from tutorial_engine.content.terms import build, record_shape, unwrap, value_shape
from tutorial_engine.engine.cards import Card, Suit
from tutorial_engine.engine.game import SCORING_KINDS
from tutorial_engine.engine.procedure import PHASE_KINDS, Place, TrickBids
from tutorial_engine.engine.vocabulary import declared, term
from tutorial_engine.problems import Problems

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "AUTHORING.md").read_text(encoding="utf-8")
RECORDS = [*PHASE_KINDS, *SCORING_KINDS]


def shape_of(record) -> Record:
    if record in PHASE_KINDS:
        return gamefile.PHASES[record.name]
    return gamefile.SCORINGS[record.kind]


def tag_of(record) -> tuple[str, str]:
    return ("phase", record.name) if record in PHASE_KINDS else ("kind", record.kind)


def sample(kind, item):
    """A value of type `kind` that is no field's default, as game.yml writes it and as the record
    holds it."""
    if typing.get_origin(kind) is tuple:
        written, held = sample(typing.get_args(kind)[0], item)
        return [written], (held,)
    if typing.get_origin(kind) is not None:  # a map of numbers, suits or cards to numbers
        written, held = {int: (2, 2), Suit: ("♥", Suit.HEARTS), Card: ("Q♠", Card.parse("Q♠"))}[
            typing.get_args(kind)[0]]
        return {written: 7}, {held: 7}
    if kind is bool:
        return True, True
    if kind is int:
        return (item.term.minimum or 0) + 3, (item.term.minimum or 0) + 3
    if kind is Suit:
        return "♥", Suit.HEARTS
    if kind is Card:
        return "Q♠", Card.parse("Q♠")
    if kind is str:
        return "sample", "sample"
    member = list(kind)[-1]
    return member.value, member


@pytest.mark.parametrize("record", RECORDS, ids=[record.__name__ for record in RECORDS])
def test_every_declared_field_is_read_from_game_yml_under_its_key(record):
    """Each field given a value other than its default, as an author writes it, comes back in
    the record converted to the field's type; check's shape knows every key."""
    items = declared(record)
    values = {item.key: sample(unwrap(item), item) for item in items}
    tag, name = tag_of(record)
    text = yaml.safe_dump({tag: name, **{key: written for key, (written, _) in values.items()}}, allow_unicode=True)
    source = parse_source(text.encode(), "game.yml")
    problems = Problems()
    rec = shape_of(record).read(source.root, Context(source, problems))
    assert [problem.message for problem in problems] == []
    built = build(record, rec)
    for item in items:
        held = getattr(built, item.field.name)
        assert (dict(held) if isinstance(held, Mapping) else held) == values[item.key][1], item.key
        if item.default is not None:
            assert type(held) is type(item.default), item.key


@pytest.mark.parametrize("record", RECORDS, ids=[record.__name__ for record in RECORDS])
def test_check_asks_for_each_required_field_and_no_other(record):
    tag, name = tag_of(record)
    source = parse_source(f"{tag}: {name}\n".encode(), "game.yml")
    problems = Problems()
    shape_of(record).read(source.root, Context(source, problems))
    assert [problem.message for problem in problems] == [
        f"missing key '{item.key}' in {shape_of(record).what}" for item in declared(record) if item.required]


@pytest.mark.parametrize("record", RECORDS, ids=[record.__name__ for record in RECORDS])
def test_the_schema_gives_every_declared_field_its_meaning_and_requires_the_required(record):
    schema = json.loads(schema_text("game"))
    tag, name = tag_of(record)
    tagged = schema["properties"]["deal"]["items"] if tag == "phase" else schema["properties"]["scoring"]
    [then] = [rule["then"] for rule in tagged["allOf"] if rule["if"]["properties"][tag] == {"const": name}]
    assert list(then["properties"]) == [tag, *(item.key for item in declared(record))]
    assert then["required"] == [tag, *(item.key for item in declared(record) if item.required)]
    for item in declared(record):
        assert then["properties"][item.key]["description"] == item.term.doc


def test_every_field_of_a_record_carries_a_term():
    """A field without a Term could not be read from game.yml: declared() refuses it."""

    @dataclass(frozen=True)
    class Undeclared:
        name: ClassVar[str] = "undeclared"
        depth: int = 0

    with pytest.raises(TypeError) as raised:
        declared(Undeclared)
    assert str(raised.value) == "Undeclared.depth has no Term: declare it with vocabulary.term()"


def test_the_guide_shows_the_tables_the_declaration_writes():
    assert reference.rewrite(GUIDE) == GUIDE, "run: python -m tutorial_engine.content.reference"


def test_a_guide_without_a_generated_region_is_refused():
    without = GUIDE.replace("<!-- generated: phases -->", "")
    with pytest.raises(ValueError) as raised:
        reference.rewrite(without)
    assert str(raised.value) == ("AUTHORING.md's generated regions are scoring-victory-points, scoring-tricks, "
                                 "scoring-exact-bids, scoring-odd-tricks, scoring-penalty-points, "
                                 "scoring-game-points; expected one each of phases, scoring-victory-points, "
                                 "scoring-tricks, scoring-odd-tricks, scoring-exact-bids, scoring-penalty-points, "
                                 "scoring-game-points")


def test_the_phase_table_gives_each_parameter_its_type_and_default():
    table = reference.phase_table()
    assert ("| `cut` | `take`: whole number ≥ 0, default `0` | The player before the dealer cuts, and may take "
            "fixed top trumps exposed at the cut. |") in table
    assert "| `trump` | `from`: `dealer-last`, `next-card`, `suit` or `none`, required; `suit`: suit, " \
           "required with `from: suit` |" in table
    assert "| `solo` | `asked`: list of `maker` and `partner`, required |" in table
    assert "| `forecast` | none |" in table


class Depth(enum.Enum):
    SHALLOW = "shallow"
    DEEP = "deep"


@dataclass(frozen=True)
class Dig:
    """A phase no game has, declared as a new one would be, with every type game.yml can read."""

    name: ClassVar[str] = "dig"
    place: ClassVar[Place] = Place.ANYWHERE

    spade: Suit = term("The suit of the spade.")
    depth: Depth = term("How deep.", what="a depth")
    stops: tuple[int, ...] = term("Where to stop.", default=(1,), what="a number of cards", minimum=1)
    modes: tuple[Depth, ...] = term("Each pass's depth.", default=(), what="a depth")
    loud: bool = term("Whether it is noisy.", default=False)
    cost: int | None = term("What it costs.", default=None, what="a number of points", minimum=0)
    rewards: Mapping[int, int] = term("By team size.", factory=lambda: MappingProxyType({}), what="a number of points",
                                      minimum=0, keyed_by="a team size", label="rewards by team size")


@dataclass(frozen=True)
class Holed:
    name: ClassVar[str] = "holed"

    hole: float = term("A field game.yml has no shape for.", default=0.5)


def read(text: str):
    problems = Problems()
    source = parse_source(text.encode(), "dig.yml")
    shape = record_shape(Dig, "a 'dig' phase", "phase", Field(Choice(["dig"], "a phase"), required=True))
    return shape.read(source.root, Context(source, problems)), [problem.message for problem in problems]


def test_a_new_phase_is_read_from_its_declaration_alone():
    rec, problems = read("phase: dig\nspade: ♠\ndepth: deep\nstops: [2, 3]\nmodes: [shallow, deep]\n"
                         "loud: true\ncost: 4\nrewards: {1: 10, 2: 20}\n")
    assert problems == []
    dug = build(Dig, rec)
    assert (dug.spade, dug.depth, dug.stops, dug.modes, dug.loud, dug.cost, dict(dug.rewards)) == (
        Suit.SPADES, Depth.DEEP, (2, 3), (Depth.SHALLOW, Depth.DEEP), True, 4, {1: 10, 2: 20})
    bare = build(Dig, read("phase: dig\nspade: ♥\ndepth: shallow\n")[0])
    assert (bare.stops, bare.modes, bare.loud, bare.cost, bare.rewards) == ((1,), (), False, None, MappingProxyType({}))
    assert type(dug.rewards) is type(bare.rewards) is MappingProxyType


def test_a_new_phase_gets_check_s_messages_from_its_declaration():
    _, problems = read("phase: dig\ndepth: sideways\nstops: [0]\ncost: -1\nrewards: {0: 5}\n")
    assert problems == [
        "missing key 'spade' in a 'dig' phase",
        "'sideways' is not a depth; expected one of: shallow, deep",
        "expected a number of cards (at least 1), but found 0",
        "expected a number of points (at least 0), but found -1",
        "expected a team size (at least 1), but found 0",
    ]


def test_the_guide_describes_a_new_phase_from_its_declaration():
    assert [reference.type_text(item) for item in declared(Dig)] == [
        "suit", "`shallow` or `deep`", "list of numbers ≥ 1", "list of `shallow` and `deep`", "`true` or `false`",
        "whole number ≥ 0", "map of team size → points"]
    assert reference.parameters(Dig) == (
        "`spade`: suit, required; `depth`: `shallow` or `deep`, required; `stops`: list of numbers ≥ 1, default "
        "`[1]`; `modes`: list of `shallow` and `deep`, default `[]`; `loud`: `true` or `false`, default `false`; "
        "`cost`: whole number ≥ 0; `rewards`: map of team size → points, default `{}`")


def test_a_type_game_yml_cannot_read_is_refused_at_the_declaration():
    with pytest.raises(TypeError) as raised:
        value_shape(declared(Holed)[0])
    assert str(raised.value) == "hole: game.yml has no shape for <class 'float'>"


def test_a_phase_s_place_comes_from_its_declaration(tmp_path, monkeypatch):
    """A 'bid-tricks' phase before trump is refused because its record says where it belongs:
    declared to belong anywhere, the same deal passes."""
    misplaced = with_deal(OH_HELL, "{phase: deal, hand_sizes: up-and-down}", "{phase: bid-tricks}",
                          "{phase: trump, from: next-card}", "{phase: tricks}")
    assert errors(load(tmp_path / "declared", misplaced)) == [
        "error: the 'bid-tricks' phase belongs after the phase that fixes trump"]
    monkeypatch.setattr(TrickBids, "place", Place.ANYWHERE)
    assert errors(load(tmp_path / "anywhere", misplaced)) == []
