"""bench/soak.py (issue 9) on a short run: nothing fails, and a broken engine would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import soak  # noqa: E402

from tutorial_engine.cli.judge import BadLine  # noqa: E402
from tutorial_engine.content.project import Report, load_games  # noqa: E402


@pytest.fixture(scope="module")
def games():
    report = Report()
    load_games(ROOT, report)
    return report.games


def test_a_short_soak_prints_its_counts_and_no_failure():
    result = subprocess.run([sys.executable, str(ROOT / "bench" / "soak.py"), "--deals", "300", "--lines", "3000"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith("Albastini: 300 deals (16 kinds of table and rules in turn), 0 failures, ")
    assert lines[2].startswith("Altbaumer: 300 deals (1 kind of table and rules in turn), 0 failures, ")
    assert lines[3].startswith("Briscola: 300 deals (1 kind of table and rules in turn), 0 failures, ")
    games = lines[1:-2]                    # one line a game, every game of examples/ in turn
    assert len(games) == len(list((ROOT / "examples").glob("*/game.yml")))
    assert all(" 300 deals (" in line and "), 0 failures, " in line for line in games)
    assert lines[-2].startswith("judge: 3,000 lines, ") and " 0 failures, " in lines[-2]
    assert lines[-1].startswith("peak memory: ") and lines[-1].endswith(" MB")


def test_the_judge_lines_are_both_answered_and_refused(games):
    total, replies, failures = soak.judge_soak(games, 2000)
    assert (total, failures) == (2000, 0)
    assert 500 < replies < 1500


def test_an_exception_or_a_wrong_reply_counts_as_a_failure(games, monkeypatch, capsys):
    real = soak.answer

    def broken(games, line):
        reply = real(games, line)
        if "winner" in reply:
            reply["winner"] = len(line)  # past the plays
        if "legal" in reply and reply["legal"]:
            raise KeyError("a bug")
        return reply

    monkeypatch.setattr(soak, "answer", broken)
    total, replies, failures = soak.judge_soak(games, 300)
    assert failures > 0
    err = capsys.readouterr().err
    assert "plays" in err and "KeyError: 'a bug'" in err


def test_refusals_are_bad_lines_not_crashes(games):
    for line in (b"", b"\xff\xfe", b"{", b"[]", b'{"game": 7, "trump": "x", "plays": []}'):
        with pytest.raises(BadLine):
            soak.answer(games, line)


def test_a_drawing_game_that_loses_a_card_fails_the_soak(games, monkeypatch, capsys):
    briscola = games["briscola"]
    real = soak.places
    monkeypatch.setattr(soak, "places", lambda deal: real(deal)[1:])
    total, failures = soak.drawing_soak(briscola, 5)
    assert (total, failures) == (5, 5)
    assert "a card is missing or in two places" in capsys.readouterr().err
