"""Defects a review of the codebase found (issue 19): each failed before its fix."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from click.testing import CliRunner

from tutorial_engine.cli.main import cli
from tutorial_engine.content.project import check
from tutorial_engine.i18n.cardnames import inline
from tutorial_engine.i18n.translator import Translator

ROOT = Path(__file__).resolve().parent.parent
GAME = """\
id: plain
name: Plain
deck:
  suits: [♠, ♥, ♦, ♣]
  ranks: [A, 7, K, J, Q, 6, 5, 4, 3]
order:
  plain: [A, 7, K, J, Q, 6, 5, 4, 3]
  trump: [A, 7, K, J, Q, 6, 5, 4, 3]
points: {A: 11, 7: 10, K: 4, J: 3, Q: 2}
players: [2]
"""


def project_with_a_game_without_scoring(tmp_path: Path) -> Path:
    folder = tmp_path / "examples" / "plain"
    folder.mkdir(parents=True)
    (folder / "game.yml").write_text(GAME, encoding="utf-8")
    return tmp_path


def test_simulate_a_game_without_scoring_says_so_instead_of_a_traceback(tmp_path):
    project = project_with_a_game_without_scoring(tmp_path)
    result = CliRunner().invoke(cli, ["simulate", "plain", "--project", str(project)])
    assert (result.exit_code, result.stderr) == (
        1, "Error: Plain has no scoring in game.yml, and simulate scores every deal it plays; add 'scoring'\n")


def test_a_walkthrough_of_a_game_without_scoring_is_refused_at_its_line(tmp_path):
    project = project_with_a_game_without_scoring(tmp_path)
    pages = project / "examples" / "plain" / "pages.yml"
    pages.write_text("pages:\n  - id: walk\n    title: A deal\n    intro:\n"
                     "      - walkthrough: {title: A deal, seed: 1}\n", encoding="utf-8")
    problems = [f"{p.location.line}:{p.location.column}: {p.message}" for p in check(project, [pages]).problems]
    assert problems == ["5:9: a walkthrough scores the deal it plays, and Plain has no scoring in game.yml; "
                        "add 'scoring'"]


def test_a_translator_done_with_is_freed_with_its_catalog():
    """`mkdocs serve` makes a Translator a rebuild: the cached texts live in the Translator itself,
    so nothing keeps an old one and its catalog alive."""
    tr = Translator.load(ROOT / "locales", "fa")
    assert inline("A♥ beats K♥", tr)
    gone = weakref.ref(tr)
    del tr
    gc.collect()
    assert gone() is None
