"""Seats around a table and the teams they form.

Seats are numbered 0…n-1 in the direction of play, so "the next player" is always seat + 1,
whatever the direction; the direction only matters for drawing the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..problems import alternatives
from .game import GameSpec


class SeatingError(ValueError):
    """A table the game is not played at (wrong player count or team size)."""


@dataclass(frozen=True)
class Table:
    players: int
    team_size: int = 1

    def __post_init__(self) -> None:
        if self.players < 2:
            raise SeatingError(f"a table needs at least 2 players, not {self.players}")
        if self.team_size < 1 or self.players % self.team_size:
            raise SeatingError(f"{self.players} players cannot form teams of {self.team_size}")

    @classmethod
    def for_game(cls, game: GameSpec, players: int, team_size: int = 1) -> Table:
        if players not in game.players:
            raise SeatingError(f"{game.name} is played by {alternatives(game.players)} players, "
                               f"not {players}")
        sizes = game.team_sizes(players)
        if team_size not in sizes:
            raise SeatingError(f"{game.name} with {players} players is played "
                               f"{_teams(sizes)}, not {_teams([team_size])}")
        return cls(players, team_size)

    def seat(self, seat: int) -> int:
        """`seat` itself, once it is known to be at this table."""
        if not 0 <= seat < self.players:
            raise SeatingError(f"seat {seat} is not at a table of {self.players} (seats 0 to "
                               f"{self.players - 1})")
        return seat

    @property
    def team_count(self) -> int:
        return self.players // self.team_size

    def team_of(self, seat: int) -> int:
        """Team members sit every `team_count` seats: opposite in pairs, alternating in threes (A4, B2)."""
        return seat % self.team_count

    def partners(self, seat: int) -> tuple[int, ...]:
        count = self.team_count
        return tuple(s for s in range(seat % count, self.players, count) if s != seat)

    def next(self, seat: int, steps: int = 1) -> int:
        return (seat + steps) % self.players

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Every seat once, starting at `seat`, in the direction of play."""
        players = self.players
        return tuple((seat + k) % players for k in range(players))


def _teams(sizes) -> str:
    """[1, 2] → "individually or in teams of 2"."""
    words = ["individually"] if 1 in sizes else []
    teams = [n for n in sizes if n > 1]
    if teams:
        words.append(f"in teams of {alternatives(teams)}")
    return " or ".join(words)
