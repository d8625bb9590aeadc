"""`tutorial-engine new example|drill|game`: commented starting files that pass `check` at once.

Every test works on a temporary copy of the project's examples/, through the console script.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tutorial_engine.cli.scaffold import GAME_TEMPLATE, example_trick
from tutorial_engine.content.gamefile import GAME
from tutorial_engine.content.project import Report, check
from tutorial_engine.engine.rules import legal_plays

GAMES = ("albastini", "altbaumer")


@pytest.fixture
def project(tmp_path, project_root) -> Path:
    shutil.copytree(project_root / "examples", tmp_path / "examples")
    return tmp_path


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def assert_written(result, path: str) -> None:
    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"Wrote {path}: ")
    assert lines[1] == f"Next: edit it, then run tutorial-engine check {path}"


def assert_passes(project: Path, *paths: Path) -> Report:
    report = check(project, [project / path for path in paths])
    assert [str(problem) for problem in report.problems] == []
    return report


@pytest.mark.parametrize("game", GAMES)
def test_new_example_writes_a_trick_the_engine_agrees_with(game, project, run_cli):
    path = f"examples/{game}/examples/my-first-trick.yml"
    result = run_cli("new", "example", "my-first-trick", "--game", game, cwd=project)
    assert_written(result, path)
    text = (project / path).read_text(encoding="utf-8")
    schema, intro = text.splitlines()[:2]
    assert schema == "# yaml-language-server: $schema=../../../schemas/examples.schema.json"
    assert intro.startswith("# A worked example")
    for key in ("id:", "kind:", "title:", "trump:", "seats:", "leader:", "plays:", "expect:",
                "winner:", "points:", "reason:"):
        line = next(line for line in text.splitlines() if line.lstrip(" -").startswith(key))
        assert " # " in line or line.strip() == "title: The higher card of the suit led takes the trick"
    report = assert_passes(project, path)
    [example] = report.examples
    assert (example.id, example.kind) == ("my-first-trick", "trick")
    assert set(example.expect.values) == {"winner", "points", "reason"}
    assert_passes(project)  # and the whole project still passes, pages included
    assert run_cli("check", path, cwd=project).returncode == 0


@pytest.mark.parametrize("game", GAMES)
def test_the_example_trick_is_legal_under_the_games_duties(game, games):
    spec = games[game]
    seats, trump, plays = example_trick(spec)
    assert len(plays) == len(seats) and len(plays) in spec.trick_sizes
    for i in range(1, len(plays)):  # each card may be played from a hand holding the later ones
        assert plays[i] in legal_plays(spec, trump, plays[:i], plays[i:]).legal


@pytest.mark.parametrize("game", GAMES)
def test_new_drill_appends_and_keeps_the_file_byte_for_byte(game, project, run_cli):
    path = project / "examples" / game / "drills.yml"
    before = path.read_bytes()
    result = run_cli("new", "drill", "my-drill", "--game", game, cwd=project)
    assert_written(result, f"examples/{game}/drills.yml")
    after = path.read_bytes()
    assert after.startswith(before) and len(after) > len(before)
    assert b"# my-drill: written by `tutorial-engine new drill`" in after
    report = assert_passes(project, path.relative_to(project))
    assert report.drills[-1].id == "my-drill" and report.drills[-1].kind == "trick"


def test_new_drill_goes_before_a_key_that_follows_the_list(project, run_cli):
    path = project / "examples" / "albastini" / "drills.yml"
    head = path.read_bytes()
    tail = b"game: albastini   # a key after the list\n"
    path.write_bytes(head + tail)
    result = run_cli("new", "drill", "late-drill", "--game", "albastini", cwd=project)
    assert result.returncode == 0, result.stderr
    after = path.read_bytes()
    assert after.startswith(head) and after.endswith(tail)
    assert assert_passes(project, path.relative_to(project)).drills[-1].id == "late-drill"


def test_new_drill_creates_drills_yml_when_the_game_has_none(project, run_cli):
    (project / "examples" / "altbaumer" / "drills.yml").unlink()
    (project / "examples" / "altbaumer" / "pages.yml").unlink()  # it shows the removed drills
    result = run_cli("new", "drill", "first", "--game", "altbaumer", cwd=project)
    assert_written(result, "examples/altbaumer/drills.yml")
    assert [d.id for d in assert_passes(project, Path("examples/altbaumer/drills.yml")).drills] == ["first"]


def test_new_game_writes_a_commented_complete_game_that_passes(project, run_cli):
    result = run_cli("new", "game", "tressette", cwd=project)
    assert_written(result, "examples/tressette/game.yml")
    report = assert_passes(project)
    spec = report.games["tressette"]
    assert (spec.id, spec.name, spec.total_points) == ("tressette", "Tressette", 120)
    text = (project / "examples/tressette/game.yml").read_text(encoding="utf-8")
    assert text == "# yaml-language-server: $schema=../../schemas/game.schema.json\n" + GAME_TEMPLATE.replace("__ID__", "tressette").replace("__NAME__", "Tressette") \
        .replace("__PATH__", "examples/tressette/game.yml")
    for key in GAME.fields:  # every field of a game is shown, set or commented out
        assert any(line.lstrip("# ").startswith(f"{key}:") for line in text.splitlines()), key
    # The new game takes examples and drills at once.
    assert run_cli("new", "example", "b1", "--game", "tressette", cwd=project).returncode == 0
    assert run_cli("new", "drill", "d1", "--game", "tressette", cwd=project).returncode == 0
    report = assert_passes(project)
    assert "b1" in [e.id for e in report.examples] and "d1" in [d.id for d in report.drills]


@pytest.mark.parametrize("args, message", [
    (("example", "seven-takes-the-king", "--game", "albastini"),
     "the example id 'seven-takes-the-king' is used already, in "
     "examples/albastini/examples/tricks.yml; choose another NAME"),
    (("example", "tricks", "--game", "albastini"),
     "examples/albastini/examples/tricks.yml exists already; choose another NAME"),
    (("example", "My_Trick", "--game", "albastini"),
     "'My_Trick' is not a valid example id; use lowercase letters, digits and hyphens"),
    (("example", "x", "--game", "albastni"), "unknown game 'albastni'; did you mean 'albastini'?"),
    (("example", "x"), "--game is required: name the game, e.g. --game albastini"),
    (("drill", "x"), "--game is required: name the game, e.g. --game albastini"),
    (("drill", "2fast", "--game", "altbaumer"),
     "'2fast' is not a valid drill id; use lowercase letters, digits and hyphens"),
    (("drill", "x", "--game", "tressette"), "unknown game 'tressette'; "),
    (("drill", "who-takes-the-trick", "--game", "altbaumer"),
     "the drill 'who-takes-the-trick' exists already in examples/altbaumer/drills.yml; "
     "choose another NAME"),
    (("game", "albastini"), "examples/albastini/game.yml exists already; choose another NAME"),
    (("game", "Tressette"), "'Tressette' is not a valid game id; use lowercase letters, digits and hyphens"),
])
def test_refusals_write_nothing(args, message, project, run_cli):
    before = snapshot(project)
    result = run_cli("new", *args, cwd=project)
    assert "Traceback" not in result.stderr
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith(f"Error: {message}") and result.stderr.count("\n") == 1
    assert snapshot(project) == before


def test_a_drills_file_with_problems_is_left_alone(project, run_cli):
    path = project / "examples" / "albastini" / "drills.yml"
    path.write_bytes(path.read_bytes().replace(b"kind: card-values", b"kind: card-valeus"))
    before = snapshot(project)
    result = run_cli("new", "drill", "x", "--game", "albastini", cwd=project)
    assert result.returncode == 1
    assert result.stderr == ("Error: examples/albastini/drills.yml has problems; fix them first "
                             "(tutorial-engine check examples/albastini/drills.yml)\n")
    assert snapshot(project) == before


def test_new_needs_a_project(tmp_path, run_cli):
    result = run_cli("new", "game", "tressette", cwd=tmp_path)
    assert result.returncode == 1 and result.stderr.startswith("Error: no project found in ")
    assert list(tmp_path.iterdir()) == []
