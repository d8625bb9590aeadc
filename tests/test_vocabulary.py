"""One declaration of game.yml's vocabulary (issue 30): each phase and kind of scoring declares
its fields once, on the engine's record, and check's shapes, the reader, the JSON schema and
AUTHORING.md's tables all derive from it."""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from game_texts import OH_HELL, errors, load, with_deal

from tutorial_engine.content import gamefile, reference
from tutorial_engine.content.jsonschema import schema_text
from tutorial_engine.content.shapes import Context, Record
from tutorial_engine.content.source import parse_source
from tutorial_engine.content.terms import build, record_shape, value_shape
from tutorial_engine.engine.cards import Suit
from tutorial_engine.engine.game import SCORING_KINDS
from tutorial_engine.engine.procedure import PHASE_KINDS, Place
from tutorial_engine.engine.vocabulary import declared, term
from tutorial_engine.problems import Problems

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "AUTHORING.md").read_text(encoding="utf-8")
RECORDS = [*PHASE_KINDS, *SCORING_KINDS]


def shape_of(record) -> Record:
    if record in PHASE_KINDS:
        return gamefile.PHASES[record.name]
    return gamefile.SCORINGS[record.kind]


@pytest.mark.parametrize("record", RECORDS, ids=[record.__name__ for record in RECORDS])
def test_check_reads_every_declared_field_with_its_meaning(record):
    shape = shape_of(record)
    tag = "phase" if record in PHASE_KINDS else "kind"
    assert list(shape.fields) == [tag, *(item.key for item in declared(record))]
    for item in declared(record):
        assert shape.fields[item.key].doc == item.term.doc
        assert shape.fields[item.key].required == item.required


@pytest.mark.parametrize("record", RECORDS, ids=[record.__name__ for record in RECORDS])
def test_the_schema_names_every_declared_field(record):
    text = schema_text("game")
    for item in declared(record):
        assert json.dumps(item.key) in text and json.dumps(item.term.doc, ensure_ascii=False) in text


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
                                 "scoring-exact-bids, scoring-odd-tricks; expected one each of phases, "
                                 "scoring-victory-points, scoring-tricks, scoring-odd-tricks, scoring-exact-bids")


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
    rewards: Mapping[int, int] = term("By team size.", factory=dict, what="a number of points", minimum=0,
                                      keyed_by="a team size", label="rewards by team size")


@dataclass(frozen=True)
class Holed:
    name: ClassVar[str] = "holed"

    hole: str = term("A field game.yml has no shape for.", default="")


def read(text: str):
    problems = Problems()
    source = parse_source(text.encode(), "dig.yml")
    shape = record_shape(Dig, "a 'dig' phase", "phase", gamefile.PHASES["cut"].fields["phase"])
    return shape.read(source.root, Context(source, problems)), [problem.message for problem in problems]


def test_a_new_phase_is_read_from_its_declaration_alone():
    rec, problems = read("phase: cut\nspade: ♠\ndepth: deep\nstops: [2, 3]\nmodes: [shallow, deep]\n"
                         "loud: true\ncost: 4\nrewards: {1: 10, 2: 20}\n")
    assert problems == []
    dug = build(Dig, rec)
    assert (dug.spade, dug.depth, dug.stops, dug.modes, dug.loud, dug.cost, dict(dug.rewards)) == (
        Suit.SPADES, Depth.DEEP, (2, 3), (Depth.SHALLOW, Depth.DEEP), True, 4, {1: 10, 2: 20})
    bare = build(Dig, read("phase: cut\nspade: ♥\ndepth: shallow\n")[0])
    assert (bare.stops, bare.modes, bare.loud, bare.cost, dict(bare.rewards)) == ((1,), (), False, None, {})


def test_a_new_phase_gets_check_s_messages_from_its_declaration():
    _, problems = read("phase: cut\ndepth: sideways\nstops: [0]\ncost: -1\nrewards: {0: 5}\n")
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


def test_a_type_game_yml_cannot_read_is_refused_at_the_declaration():
    with pytest.raises(TypeError) as raised:
        value_shape(declared(Holed)[0])
    assert str(raised.value) == "hole: game.yml has no shape for <class 'str'>"


def test_a_phase_s_place_comes_from_its_declaration(tmp_path):
    assert {kind.name: kind.place for kind in PHASE_KINDS if kind.place is not Place.ANYWHERE} == {
        "cut": Place.BEFORE_DEAL, "forecast": Place.BEFORE_TURN_UP, "discard": Place.AFTER_TRUMP,
        "solo": Place.AFTER_TRUMP, "bid-tricks": Place.AFTER_TRUMP}
    misplaced = with_deal(OH_HELL, "{phase: deal, hand_sizes: up-and-down}", "{phase: bid-tricks}",
                          "{phase: trump, from: next-card}", "{phase: tricks}")
    assert errors(load(tmp_path, misplaced)) == [
        "error: the 'bid-tricks' phase belongs after the phase that fixes trump"]
