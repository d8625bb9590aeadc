"""Consecutive deals of a game each player plays for themselves, with a running total by seat:
one loop, and one JSON tail, for the games scored by exact bids (`bids`), penalty points
(`penalties`) and game points (`races`), which differ only in when the game ends and whether
the highest or the lowest total wins."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from . import events
from .deal import Deal, ThrownIn, play_out
from .game import GameSpec
from .seating import Table
from .strategy import STRATEGIES


class Written(Protocol):
    """A deal's result that says what each seat writes."""

    @property
    def written(self) -> tuple[int, ...]: ...


R = TypeVar("R", bound=Written)


@dataclass(frozen=True)
class SeatDeal(Generic[R]):
    number: int
    deal: Deal
    result: R | ThrownIn
    """A deal thrown in (no trump made) writes nothing, and the game goes on."""
    totals: tuple[int, ...]
    """By seat, after the deal."""
    over: bool
    """The game ends with this deal."""
    winner: int | None
    """The seat with the winning total once the game is over; None before, or when the winning
    totals are level."""

    def json(self, data: dict, with_events: bool = False) -> dict:
        """`data`, what a kind of scoring says of the deal, with what every game scored by seat
        adds for scripts: the running totals, whether the game is over and who won it, and on
        request the deal's events."""
        data = data | {"totals": list(self.totals), "game_over": self.over, "game_winner": self.winner}
        if with_events:
            data["events"] = [events.as_data(event) for event in self.deal.log]
        return data


def play_seat_game(game: GameSpec, table: Table, scored: type[R], *, seed: int, strategy: str, deals: int | None,
                   ends: Callable[[int, tuple[int, ...]], bool],
                   wins: Callable[[Sequence[int]], int]) -> Iterator[SeatDeal[R]]:
    """Deals from seat 0 on, the deal passing in turn, until `ends(number, totals)` says the game
    is over: at most `deals` of them (None: as many as the game takes). `wins` picks the winning
    total (max or min); each deal's result is a `scored`, whose `written` the totals add up."""
    rng = random.Random(seed)
    choose = STRATEGIES[strategy]
    totals = (0,) * table.players
    dealer, number = 0, 0
    while True:
        number += 1
        deal = Deal(game, table, dealer, rng, number - 1)
        result = play_out(deal, choose, rng)
        assert isinstance(result, (scored, ThrownIn))  # the game's scoring makes its deals' results
        if not isinstance(result, ThrownIn):
            totals = tuple(total + points for total, points in zip(totals, result.written, strict=True))
        over = ends(number, totals)
        best = wins(totals)
        winner = totals.index(best) if over and totals.count(best) == 1 else None
        yield SeatDeal(number, deal, result, totals, over, winner)
        if over or (deals is not None and number >= deals):
            return
        dealer = table.next(dealer)
