"""A drill as written in drills.yml and checked: what it asks, of which game, from which seed."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.game import GameSpec
from ...problems import Location

NAMES = ("Anna", "Boris", "Chiara", "Dawit", "Emeka", "Farida", "Gulnara")
"""Seat names in drills, walkthroughs and play pages: the same players as the worked examples, so
translators meet them once; as many as the largest table a page can seat."""
MAX_COUNT = 300
"""Questions in one drill: each is drawn, checked and written out in every locale."""


@dataclass(frozen=True)
class Drill:
    id: str
    kind: str
    game: GameSpec
    title: str
    count: int
    seed: int
    players: int
    team_size: int
    cards: int
    constraints: tuple[str, ...]
    location: Location


class DrillError(ValueError):
    """The constraints cannot be met, so no question can be drawn."""
