"""`check` for the tests that check one file of the project after another: the project's drills
that such a file refers to are drawn once a run (once a pytest-xdist worker), as
`tutorial-engine check` keeps them between runs, instead of once a test.

Each drill's questions are kept in memory under the key `build/drillcache.py` keeps them under
in the user's cache folder: everything they depend on (the drill, its game and place, the limits
of the search), so a drill that differs in any of these is drawn afresh. Tests of drawing itself,
and `bundled_report` in conftest.py, use `content.project.check`, which draws every drill.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tutorial_engine.build.drillcache import key
from tutorial_engine.content import project
from tutorial_engine.content.drills import Drill


class DrawnOnce:
    """A `content.drills.drawing.QuestionStore` in memory."""

    def __init__(self) -> None:
        self.kept: dict[str, tuple] = {}

    def get(self, drill: Drill) -> tuple | None:
        return self.kept.get(key(drill))

    def put(self, drill: Drill, questions: tuple) -> None:
        self.kept[key(drill)] = tuple(questions)


DRAWN = DrawnOnce()


def check(root: Path, paths: Sequence[Path] = (), workers: int = 1) -> project.Report:
    return project.check(root, paths, workers, store=DRAWN)
