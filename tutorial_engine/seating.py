"""Seats around a table and the teams they form.

Seats are numbered 0…n-1 in the direction of play, so "the next player" is always seat + 1,
whatever the direction; the direction only matters for drawing the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import GameSpec


class SeatingError(ValueError):
    """A table the game is not played at (wrong player count or team size)."""


@dataclass(frozen=True)
class Table:
    players: int
    team_size: int = 1

    def __post_init__(self) -> None:
        if self.players < 2 or self.team_size < 1 or self.players % self.team_size:
            raise SeatingError(f"{self.players} players cannot form teams of {self.team_size}")

    @classmethod
    def for_game(cls, game: GameSpec, players: int, team_size: int = 1) -> Table:
        if players not in game.players:
            counts = ", ".join(str(n) for n in game.players)
            raise SeatingError(f"{game.name} is played by {counts} players, not {players}")
        sizes = game.team_sizes(players)
        if team_size not in sizes:
            allowed = " or ".join(str(n) for n in sizes)
            raise SeatingError(
                f"{game.name} with {players} players is played in teams of {allowed}, "
                f"not {team_size}")
        return cls(players, team_size)

    @property
    def team_count(self) -> int:
        return self.players // self.team_size

    def team_of(self, seat: int) -> int:
        """Team members sit every `team_count` seats: opposite in pairs, alternating in threes (A4, B2)."""
        return seat % self.team_count

    def partners(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s != seat and self.team_of(s) == self.team_of(seat))

    def next(self, seat: int, steps: int = 1) -> int:
        return (seat + steps) % self.players

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Every seat once, starting at `seat`, in the direction of play."""
        return tuple(self.next(seat, k) for k in range(self.players))
