"""The local score sheet of a trick-scoring game (Altbaumer B22): one side's tally drawn as a tree.

B22 says only that the tally is a tree with branches, that points won rub branches out and that
negative points are paid off first. The site's reading, since the number of branches is not
given: the tree has as many branches as the round target (game.yml `scoring.round`, B20), so a
side whose branches are all rubbed out has reached the target and wins the round; while a score
is below zero each point of it is a ring of debt at the foot of the trunk, and points won pay
off the rings before any branch is rubbed out. The drawing only shows the score (B19, B20): a
point lost while branches are rubbed out draws one back.

Three layers, kept apart: `sheet` and `example_writes` compute the states (pure, frozen),
`tree` lays one state out as lines and rings, and `ScoreSheetRenderer` words it for a locale and
hands it to templates/scoresheet.html.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup

from ..engine.game import GameSpec, TrickScoring
from ..engine.scoring import trick_score, unavailable
from ..i18n.translator import Signed
from .view import View


@dataclass(frozen=True)
class SheetState:
    """One side's sheet after a deal (deal 0: before the first)."""

    deal: int
    written: int | None
    """What the side wrote in that deal (B19); None before the first deal."""
    score: int
    """The running score (B20)."""
    branches: int
    """Branches still standing."""
    rubbed: int
    """Branches rubbed out: the points above zero, up to the round target."""
    debt: int
    """Rings of debt still open: the points below zero."""
    paid: int
    """Rings of debt made earlier and paid off since."""

    @property
    def won(self) -> bool:
        """Every branch is rubbed out: the side has reached the target and wins the round (B20)."""
        return self.branches == 0


def state(target: int, deal: int, written: int | None, score: int, made: int) -> SheetState:
    """The sheet for `score`, `made` rings of debt having been drawn so far."""
    rubbed = min(target, max(score, 0))
    debt = max(-score, 0)
    return SheetState(deal, written, score, target - rubbed, rubbed, debt, made - debt)


def sheet(scoring: TrickScoring, writes: Sequence[int]) -> tuple[SheetState, ...]:
    """The sheet before the first deal and after each of `writes` (what the side wrote, B19),
    up to the deal that reaches the round target (B20); B22 as this module reads it."""
    if scoring.round < 1:
        raise ValueError(f"a round target of {scoring.round} leaves the tree without branches")
    states = [state(scoring.round, 0, None, 0, 0)]
    score = made = 0
    for deal, written in enumerate(writes, 1):
        if states[-1].won:
            raise ValueError(f"the round was won in deal {deal - 1}; deal {deal} starts a new sheet")
        before = max(-score, 0)
        score += written
        made += max(max(-score, 0) - before, 0)
        states.append(state(scoring.round, deal, written, score, made))
    return tuple(states)


def example_writes(scoring: TrickScoring, tricks: int) -> tuple[int, ...]:
    """What one side writes in a few deals that show every rule of the sheet, by the engine's
    scores (B19): a deal the side declares and loses (a ring of debt), deals won by the majority
    until the debt is paid off (no branch goes meanwhile), then sweeps, and deals won by the
    majority where a sweep would pass it, up to the round target (B20)."""
    lost = trick_score(scoring, scoring.majority - 1, tricks).declarers
    won = trick_score(scoring, scoring.majority, tricks).declarers
    swept = trick_score(scoring, tricks, tricks).declarers
    if won < 1:
        raise ValueError("a deal won by the majority of tricks scores nothing: the sheet never fills")
    writes, score = [], 0
    if lost < 0:
        writes.append(lost)
        score += lost
    while score < 0:
        writes.append(won)
        score += won
    while score < scoring.round:
        write = swept if score + swept <= scoring.round else won
        writes.append(write)
        score += write
    return tuple(writes)


# --- the tree, laid out in SVG units ---

WIDTH, HEIGHT = 64, 92
TRUNK_X = WIDTH // 2
GROUND = 80
TOP, LOWEST = 16, 68
"""Where the highest and the lowest branch leave the trunk."""
TRUNK_TOP = 8
REACH, RISE = 20, 12
RING_RADIUS, RING_STEP, RINGS_A_ROW = 4.5, 10, 4


@dataclass(frozen=True)
class Branch:
    x1: float
    y1: float
    x2: float
    y2: float
    rubbed: bool


@dataclass(frozen=True)
class Ring:
    cx: float
    cy: float
    paid: bool


@dataclass(frozen=True)
class Tree:
    branches: tuple[Branch, ...]
    rings: tuple[Ring, ...]


def tree(sheet_state: SheetState) -> Tree:
    """One state drawn: branches alternate left and right up the trunk and are rubbed out from
    the lowest up; rings sit on the ground either side of the trunk, open ones first, then the
    ones paid off."""
    target = sheet_state.branches + sheet_state.rubbed
    step = (LOWEST - TOP) / (target - 1) if target > 1 else 0
    branches = []
    for k in range(target):
        y = LOWEST - k * step if target > 1 else (LOWEST + TOP) / 2
        side = -1 if k % 2 == 0 else 1
        branches.append(Branch(TRUNK_X, _round(y), TRUNK_X + side * REACH, _round(y - RISE),
                               k < sheet_state.rubbed))
    rings = []
    for k in range(sheet_state.debt + sheet_state.paid):
        row, slot = divmod(k, RINGS_A_ROW)
        side = -1 if slot % 2 == 0 else 1
        x = TRUNK_X + side * RING_STEP * (slot // 2 + 1)
        y = GROUND - RING_RADIUS - 1 - row * RING_STEP
        rings.append(Ring(_round(x), _round(y), k >= sheet_state.debt))
    return Tree(tuple(branches), tuple(rings))


def _round(value: float) -> float | int:
    """To a tenth, a whole number without ".0", so the SVG reads x1="32", not x1="32.0"."""
    tenths = math.floor(value * 10 + .5)
    return tenths // 10 if tenths % 10 == 0 else tenths / 10


# --- words and markup for one locale ---

@dataclass(frozen=True)
class Shown:
    """A state as the template shows it: its words, already in the page's language."""

    tree: Tree
    caption: str
    state: str
    """Read by screen readers in place of the drawing."""
    note: str
    """Shown under the caption of the deal that wins the round; empty otherwise."""
    won: bool


class ScoreSheetRenderer:
    """The figure for one locale: every word through the view's translator, numbers in the
    locale's digits, a change of score with its signs (isolated on a right-to-left page)."""

    def __init__(self, view: View):
        self.view = view
        self.tr = view.tr

    def render(self, game: GameSpec) -> Markup:
        problem = unavailable(game.name, game.scoring)
        if problem is not None:
            raise ValueError(problem)
        scoring = game.scoring
        assert isinstance(scoring, TrickScoring)  # what unavailable() accepts
        states = sheet(scoring, example_writes(scoring, game.hand_size))
        tr = self.tr
        # TRANSLATORS: The heading of a figure: small drawings of a tree, one side's score after each deal.
        caption = tr.npgettext("score sheet", "The score sheet as a tree: one side's tally over {n} deal",
                               "The score sheet as a tree: one side's tally over {n} deals", len(states) - 1)
        legend = (
            # TRANSLATORS: "Rub out": erase a pencil line. A ring is a small circle drawn on the sheet.
            tr.pgettext("score sheet", "A point won rubs out a branch, drawn dashed. A point below zero is a "
                                       "ring at the foot of the trunk, and points won pay off the rings before "
                                       "any branch is rubbed out."),
        )
        shown = [self.shown(s) for s in states]
        return self.view.html("scoresheet.html", caption=caption, legend=legend, states=shown,
                           width=WIDTH, height=HEIGHT, trunk_x=TRUNK_X, ground=GROUND, top=TRUNK_TOP,
                           radius=RING_RADIUS)

    def shown(self, s: SheetState) -> Shown:
        tr = self.tr
        if s.written is None:
            # TRANSLATORS: Under the first drawing, in a narrow column: the score before any deal.
            caption = tr.pgettext("score sheet", "Start: {score}", score=s.score)
        else:
            # TRANSLATORS: Under a drawing, in a narrow column: the deal's number, what the side wrote
            # ({change}, with its sign: +2, −1) and the score after it.
            caption = tr.pgettext("score sheet", "Deal {number}: {change}, score {score}",
                                  number=s.deal, change=Signed(s.written), score=s.score)
        if s.won:
            # TRANSLATORS: Read by screen readers in place of a drawing of the tree.
            described = tr.pgettext("score sheet", "No branch left.")
        elif s.debt:
            # TRANSLATORS: Read by screen readers in place of a drawing of the tree.
            described = tr.npgettext("score sheet", "Every branch standing, {n} ring of debt.",
                                     "Every branch standing, {n} rings of debt.", s.debt)
        else:
            # TRANSLATORS: Read by screen readers in place of a drawing of the tree.
            described = tr.npgettext("score sheet", "{n} branch left, no debt.", "{n} branches left, no debt.",
                                     s.branches)
        note = ""
        if s.won:
            # TRANSLATORS: Under the last drawing: every branch is rubbed out. {score} is 0.
            note = tr.pgettext("score sheet", "Round won: both scores go back to {score}.", score=0)
        return Shown(tree(s), caption, described, note, s.won)
