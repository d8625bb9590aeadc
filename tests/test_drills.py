"""Drills: seeded, reproducible variants whose answers come from the engine (issue: drills)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tutorial_engine.check import check
from tutorial_engine.drillrender import DrillRenderer
from tutorial_engine.drills import ExchangeVariant, generate
from tutorial_engine.i18n import Translator
from tutorial_engine.render import Renderer
from tutorial_engine.rules import Duty, WinReason

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def report():
    report = check(ROOT)
    assert list(report.problems) == []
    return report


def drill(report, game: str, name: str):
    return next(d for d in report.drills if d.game.id == game and d.id == name)


def test_every_bundled_drill_has_at_least_30_distinct_questions(report):
    assert len(report.drills) == 16
    for d in report.drills:
        variants = generate(d)
        assert len(variants) >= 30, d.id
        assert len({repr(v) for v in variants}) == len(variants), d.id


def test_the_same_seed_gives_the_same_questions(report):
    d = drill(report, "albastini", "who-takes-the-trick")
    assert [repr(v) for v in generate(d)] == [repr(v) for v in generate(d)]


def test_constraints_hold_in_every_question(report):
    for v in generate(drill(report, "albastini", "three-players-with-trumps")):
        assert any(c.suit is v.trump for c in v.plays)
    for v in generate(drill(report, "albastini", "an-ace-of-another-suit")):
        verdict = v.solve()
        assert all(c.suit is not v.trump for c in v.plays)
        assert any(c.rank.value == "A" and c.suit is not verdict.led for c in v.plays)
    for v in generate(drill(report, "altbaumer", "a-tree-in-the-trick")):
        assert v.solve().reason is WinReason.TREE                       # B15
    for v in generate(drill(report, "altbaumer", "ordinary-club-led")):
        assert v.solve().duty is Duty.PLAY_TREE                         # B15


def test_forecast_exchange_questions_include_both_answers(report):
    answers = {v.example.outcome().exchange is not None
               for v in generate(drill(report, "albastini", "must-it-be-exchanged"))}
    assert answers == {True, False}                                      # A10
    assert all(isinstance(v, ExchangeVariant) for v in generate(drill(report, "albastini", "must-it-be-exchanged")))


def rendered(report, game: str, name: str, code: str = "en") -> str:
    tr = Translator.load(ROOT / "locales", code)
    return str(DrillRenderer(Renderer(tr)).drill(drill(report, game, name)))


def test_each_step_carries_the_engines_answer_and_states_it(report):
    html = rendered(report, "albastini", "who-takes-the-trick")
    first = generate(drill(report, "albastini", "who-takes-the-trick"))[0]
    verdict = first.solve()
    steps = re.findall(r'data-type="(\w+)" data-answer="([^"]*)"', html)[:2]
    assert steps[0] == ("choice", json.dumps([str(verdict.winner)]).replace('"', "&#34;"))
    assert steps[1] == ("number", str(verdict.points))
    feedback = re.findall(r'<div class="tc-drill__feedback">(.*?)</div>', html)[:2]
    assert f"{first.player(verdict.winner)} takes the trick with" in feedback[0]
    assert feedback[1].endswith(f"the trick is worth {verdict.points} points") or verdict.points == 1


def test_no_question_gives_its_answer_away_before_the_details(report):
    html = rendered(report, "albastini", "who-takes-the-trick")
    for prompt in re.findall(r'<div class="tc-drill__prompt">(.*?)</div>\s*<ol class="tc-drill__steps">', html, re.S):
        assert "tc-seat--winner" not in prompt and "takes the trick" not in prompt


def test_persian_drills_use_persian_digits_in_answers(report):
    html = rendered(report, "albastini", "card-values", "fa")
    assert re.search(r"[۰-۹]", html)


BAD = [
    ("kind: legal", "game: albastini", "Albastini has no use for legal drills"),
    ("constraints: [tree]", "game: altbaumer", "'tree' is not a constraint of trick drills (constraints: "
                                               "trump-played, no-trump, off-suit-ace, tree-played)"),
    ("count: 10", "game: albastini", "expected a number of questions (at least 30), but found 10"),
    ("constraints: [trump-played, no-trump]", "game: albastini",
     "only 0 different questions meet the constraints of 'd' in 10,000 tries; relax them or lower 'count'"),
    ("players: 7", "game: albastini", "Albastini is not played by 7 players"),
]


@pytest.mark.parametrize("line, game, message", BAD, ids=[b[0] for b in BAD])
def test_bad_drills_are_refused_with_their_line(tmp_path, line, game, message):
    key, _, value = line.partition(": ")
    fields = {"id": "d", "kind": "trick", "title": "T", key: value}
    body = "\n".join(f"    {k}: {v}" for k, v in fields.items())
    path = tmp_path / "drills.yml"
    path.write_text(f"{game}\ndrills:\n  - {body.lstrip()}\n", encoding="utf-8")
    problems = [p.message for p in check(ROOT, [path]).problems]
    assert problems == [message]


def test_the_drill_code_stays_within_8_kb_gzipped():
    """The front-end budget: one small module, no framework."""
    import gzip
    code = (ROOT / "tutorial_engine" / "assets" / "drills.js").read_bytes()
    assert len(gzip.compress(code, compresslevel=9)) <= 8 * 1024
    assert b"http" not in code


def test_e3_strongest_then_its_value_then_hide_it_until_every_card_is_valued(report):
    """E3: name the strongest, give its value, hide it and go again."""
    d = drill(report, "albastini", "strongest-card")
    first = generate(d)[0]
    html = rendered(report, "albastini", "strongest-card").split('<li class="tc-drill__variant">')[1]
    steps = re.findall(r'data-type="(\w+)" data-answer="([^"]*)"', html)
    order = first.ranking.solve().order
    assert [t for t, _ in steps] == ["choice", "number"] * 4 + ["number"]
    assert [json.loads(a.replace("&#34;", '"'))[0] for t, a in steps if t == "choice"] == [str(c) for c in order[:4]]
    assert [int(a) for t, a in steps if t == "number"] == [d.game.card_points(c) for c in order]
