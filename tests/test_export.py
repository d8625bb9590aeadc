"""What the play pages' engine knows of a game (issue 30): every field of every phase and every
kind of scoring is exported under its camelCase name, derived from the records themselves, and
play-engine.js reads each rule among them, so a field added to game.yml's vocabulary cannot reach
one engine and not the other. A field of words (what players call a side) is the pages'
business: the play page's messages carry it translated."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path
from typing import get_args, get_type_hints

import pytest

from tutorial_engine.engine.export import game_data
from tutorial_engine.engine.game import Scoring
from tutorial_engine.engine.procedure import PHASE_KINDS

ENGINE = (Path(__file__).resolve().parent.parent / "tutorial_engine" / "render" / "assets" / "play-engine.js")
RECORDS = [*PHASE_KINDS, *get_args(Scoring)]


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.title() for word in rest)


@pytest.mark.parametrize("record", RECORDS, ids=[record.__name__ for record in RECORDS])
def test_the_javascript_engine_reads_every_field_of_the_vocabulary(record):
    """Read as the engine names what it reads them from: a phase `p`, the scoring `s` or
    `scoring`; any other object's property of the same name (a table's `suit`, a match's
    `target`) does not count."""
    source = ENGINE.read_text(encoding="utf-8")
    holder = r"\bp" if record in PHASE_KINDS else r"\b(?:s|scoring)"
    words = [name for name, kind in get_type_hints(record).items() if kind is str]  # what pages call things
    unread = [camel(item.name) for item in fields(record) if item.name not in words
              and not re.search(rf"{holder}\.{camel(item.name)}\b", source)]
    assert unread == [], f"play-engine.js never reads {', '.join(unread)} of {record.__name__}"


def test_the_export_carries_every_field_of_the_bundled_games(games):
    for game in games.values():
        data = game_data(game)
        for phase, exported in zip(game.procedure.phases, data["phases"], strict=True):
            assert set(exported) == {"phase", *(camel(item.name) for item in fields(phase))}
        assert data["scoring"]["kind"] == game.scoring.kind
        assert set(data["scoring"]) == {"kind", *(camel(item.name) for item in fields(game.scoring))}


def test_a_field_the_javascript_does_not_read_is_found(monkeypatch):
    """Remove the engine's reading of `dealerRestricted`: the check above names it."""
    source = ENGINE.read_text(encoding="utf-8").replace("p.dealerRestricted", "p.restricted")
    record = next(kind for kind in PHASE_KINDS if kind.__name__ == "TrickBids")
    unread = [camel(item.name) for item in fields(record) if not re.search(rf"\.{camel(item.name)}\b", source)]
    assert unread == ["dealerRestricted"]
