"""Consecutive deals of a game scored by penalty points: the engine behind `tutorial-engine
simulate` for such games. Each player plays for themselves and the deal passes in turn; the game
ends after the deal in which a total reaches the target, and the lowest total wins."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from . import events
from .deal import Deal, PenaltyResult, play_out
from .game import GameSpec, PenaltyPoints
from .odd_tricks import trump_set_line
from .rules import RuleError
from .seating import Table
from .strategy import STRATEGIES


@dataclass(frozen=True)
class PenaltyDeal:
    number: int
    deal: Deal
    result: PenaltyResult
    totals: tuple[int, ...]
    """By seat, after the deal."""
    over: bool
    """A total has reached the target: the game ends with this deal."""
    winner: int | None
    """The seat with the lowest total once the game is over; None before, or when the lowest are level."""


def penalty_points(game: GameSpec) -> PenaltyPoints:
    if not isinstance(game.scoring, PenaltyPoints):
        raise RuleError(f"{game.name} is not scored by penalty points (game.yml: scoring kind: penalty-points)")
    return game.scoring


def play_penalty_game(game: GameSpec, table: Table, *, seed: int, strategy: str = "random",
                      deals: int | None = None) -> Iterator[PenaltyDeal]:
    """Deals from seat 0 on, the deal passing in turn, to the end of the game: at most `deals` of
    them (None: as many as the game takes)."""
    scoring = penalty_points(game)
    rng = random.Random(seed)
    choose = STRATEGIES[strategy]
    totals = (0,) * table.players
    dealer, number = 0, 0
    while True:
        number += 1
        deal = Deal(game, table, dealer, rng, number - 1)
        result = play_out(deal, choose, rng)
        assert isinstance(result, PenaltyResult)  # check gives such a game no phase that throws a deal in
        totals = tuple(total + points for total, points in zip(totals, result.written, strict=True))
        over = max(totals) >= scoring.target
        lowest = min(totals)
        winner = totals.index(lowest) if over and totals.count(lowest) == 1 else None
        yield PenaltyDeal(number, deal, result, totals, over, winner)
        if over or (deals is not None and number >= deals):
            return
        dealer = table.next(dealer)


def penalties_json(played: PenaltyDeal, with_events: bool = False) -> dict:
    """One deal for scripts; everything by seat."""
    result = played.result
    data: dict = {"dealer": played.deal.dealer, "trump": str(result.trump) if result.trump else None,
                  "tricks": list(result.tricks), "penalties": list(result.taken), "moon": result.moon,
                  "score_change": list(result.written)}
    data |= {"totals": list(played.totals), "game_over": played.over, "game_winner": played.winner}
    if with_events:
        data["events"] = [events.as_data(event) for event in played.deal.log]
    return data


def describe_penalty_deal(played: PenaltyDeal) -> list[str]:
    deal, result = played.deal, played.result
    lines = [f"Deal {played.number}: seat {deal.dealer} deals"]
    for event in deal.log:
        if isinstance(event, events.TrumpSet):
            lines.append(trump_set_line(event))
        elif isinstance(event, events.Trick):
            lines.append(f"  seat {event.leader} leads: {' '.join(map(str, event.plays))} → seat "
                         f"{event.winner} takes it")
    moon = "" if result.moon is None else f"; seat {result.moon} took every penalty point: the others write them"
    lines.append(f"  penalty points taken {list(result.taken)}{moon}; written {list(result.written)}; totals "
                 f"{list(played.totals)}" + ("" if not played.over else "; the game is over, the lowest totals are "
                                             "level" if played.winner is None
                                             else f"; seat {played.winner} wins the game with the lowest total"))
    return lines
