"""Drawing a drill's questions: `count` distinct candidates that meet its constraints, from a
generator seeded with the game, the drill id and the seed, so every build gives the same
questions. Deal-scoring drills draw theirs from whole deals the engine plays out (engine/deal.py,
engine/match.py's matches for a game scored by tricks, engine/odd_tricks.py's games for one scored
by odd tricks) and keep the engine's results.
"""

from __future__ import annotations

import random
from typing import Protocol

from ... import forked
from ...problems import Problems
from . import codec
from .drill import Drill, DrillError
from .kinds import KINDS


class QuestionStore(Protocol):
    """Where questions drawn by an earlier build are kept (build/drillcache.py)."""

    def get(self, drill: Drill) -> tuple | None: ...

    def put(self, drill: Drill, questions: tuple) -> None: ...


def draw(drill: Drill) -> list:
    """The drill's questions, drawn afresh from its seed."""
    rng = random.Random(f"{drill.game.id}/{drill.id}/{drill.seed}")
    candidates, tries, what = KINDS[drill.kind].candidates(drill, rng)
    questions, seen = [], set()
    for question in candidates:
        key = repr(question)
        if question is not None and key not in seen:
            seen.add(key)
            questions.append(question)
            if len(questions) == drill.count:
                return questions
    raise DrillError(f"only {len(questions)} different questions meet the constraints of "
                     f"'{drill.id}' in {tries:,} {what}; relax them or lower 'count'")


def drawable(drills: list[Drill], problems: Problems, workers: int = 1,
             store: QuestionStore | None = None) -> dict[Drill, tuple]:
    """The questions of each drill whose questions can be drawn, drawn now in up to `workers`
    processes, in the order of `drills`; each of the others is a problem at its place in YAML.
    `store` has questions an earlier build drew, and keeps those drawn now."""
    found = {d: v for d in drills if store is not None and (v := store.get(d)) is not None}
    missing = [d for d in drills if d not in found]
    drawn = found | (_draw_in_processes(missing, workers) if workers > 1 and len(missing) > 1 else {})
    result = {}
    for drill in drills:
        questions = drawn[drill] if drill in drawn else _attempt(drill)
        if isinstance(questions, DrillError):
            problems.add(drill.location, str(questions))
            continue
        if store is not None and drill not in found:
            store.put(drill, questions)
        result[drill] = tuple(questions)
    return result


def _attempt(drill: Drill) -> tuple | DrillError:
    try:
        return tuple(draw(drill))
    except DrillError as error:
        return error


def _draw_in_processes(drills: list[Drill], workers: int) -> dict[Drill, tuple | DrillError]:
    """Every drill's questions (or why it has none), drawn by forked processes: most drills take
    milliseconds, but one that looks for a rare deal can take as long as all the others. Those
    that simulate deals go first, so that no process is left with one at the end. Without fork
    this draws nothing, and `drawable` draws each drill itself."""
    if not forked.can_fork():
        return {}
    ordered = sorted(drills, key=lambda d: (KINDS[d.kind].stream is None, not d.constraints))
    answers = forked.map_items(_drawn_as_json, ordered, workers)
    return {drill: codec.loads(drill, answer) for drill, answer in zip(ordered, answers)}


def _drawn_as_json(drill: Drill) -> bytes:
    """A worker's answer for one drill: plain data, whatever the questions hold."""
    return codec.dumps(drill, _attempt(drill))
