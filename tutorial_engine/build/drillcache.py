"""Drawn drill questions kept between builds: a build draws again only a drill that changed.

Drawing is the slow part of the check: two Altbaumer drills look for rare deals and simulate
some two thousand of them. What was drawn is kept in the user's cache folder (cache.py) under
a key made of everything the questions depend on: the engine's code, the Python that ran it,
the drill with its game, and the limits of the search. A changed rule, drill or engine draws
afresh; the same inputs give the very questions drawing them again would give.
"""

from __future__ import annotations

import hashlib

from ..cache import Kept
from ..content import drills
from ..content.drills import Drill, kinds


class DrawnDrills:
    """Where `drills.drawable` keeps questions for the next build: each drill's, under its game
    and id, as JSON."""

    def __init__(self, kept: Kept | None) -> None:
        self.kept = kept

    @classmethod
    def in_user_cache(cls) -> DrawnDrills:
        return cls(Kept("drills", "json"))

    def get(self, drill: Drill) -> tuple | None:
        data = self.kept.read(_name(drill), key(drill)) if self.kept is not None else None
        if data is None:
            return None
        try:
            questions = drills.loads(drill, data)
        except ValueError:  # damaged or from another program: draw afresh
            return None
        return questions if isinstance(questions, tuple) and len(questions) == drill.count else None

    def put(self, drill: Drill, variants: tuple) -> None:
        if self.kept is not None:
            self.kept.write(_name(drill), key(drill), drills.dumps(drill, tuple(variants)))


def _name(drill: Drill) -> str:
    return f"{drill.game.id}+{drill.id}"  # slugs: no dot, no slash, no plus


def key(drill: Drill) -> str:
    """The drill with its game and the limits of the search; `Kept` adds the code that draws."""
    return hashlib.sha256(repr((kinds.MAX_TRIES, kinds.MAX_DEALS, drill)).encode("utf-8")).hexdigest()
