"""Consecutive deals of a game scored by game points: the engine behind `tutorial-engine simulate`
for such games. Two players race to the deal's target in card points, the winner of each deal
scores game points, the deal passes in turn, and the first to the game's target wins."""

from __future__ import annotations

from collections.abc import Iterator

from . import events
from .deal import GamePointsResult, ThrownIn
from .game import GamePoints, GameSpec
from .rules import RuleError
from .seat_games import SeatDeal, play_seat_game
from .seating import Table

RaceDeal = SeatDeal[GamePointsResult]


def game_points(game: GameSpec) -> GamePoints:
    if not isinstance(game.scoring, GamePoints):
        raise RuleError(f"{game.name} is not scored by game points (game.yml: scoring kind: game-points)")
    return game.scoring


def play_race_game(game: GameSpec, table: Table, *, seed: int, strategy: str = "random",
                   deals: int | None = None) -> Iterator[RaceDeal]:
    """Deals from seat 0 on, the deal passing in turn, until a player reaches the target in game
    points: at most `deals` of them (None: as many as the game takes). Every deal has a winner."""
    scoring = game_points(game)
    return play_seat_game(game, table, GamePointsResult, seed=seed, strategy=strategy, deals=deals,
                          ends=lambda number, totals: max(totals) >= scoring.target, wins=max)


def race_json(played: RaceDeal, with_events: bool = False) -> dict:
    """One deal for scripts; everything by seat."""
    result = played.result
    assert not isinstance(result, ThrownIn)  # check gives such a game no phase that throws a deal in
    data: dict = {"dealer": played.deal.dealer, "trump": str(result.trump) if result.trump else None,
                  "tricks": list(result.tricks), "card_points": list(result.points), "deal_winner": result.winner,
                  "reason": result.reason.value, "closed_by": result.closed_by, "score_change": list(result.written)}
    return played.json(data, with_events)


REASONS = {events.DealEnd.TARGET: "reaches the deal's target",
           events.DealEnd.CLOSER_FAILED: "wins: the other closed the stock and fell short",
           events.DealEnd.LAST_TRICK: "takes the last trick, nobody having reached the target"}


def describe_race_deal(played: RaceDeal) -> list[str]:
    deal, result = played.deal, played.result
    assert not isinstance(result, ThrownIn)  # check gives such a game no phase that throws a deal in
    lines = [f"Deal {played.number}: seat {deal.dealer} deals; {deal.turned} turned, {result.trump} trump"]
    for event in deal.log:
        if isinstance(event, events.Trick):
            lines.append(f"  seat {event.leader} leads: {' '.join(map(str, event.plays))} → seat "
                         f"{event.winner} takes it")
        elif isinstance(event, events.Married):
            lines.append(f"  seat {event.seat} shows the marriage in {event.suit}: {event.points}"
                         + ("" if event.counted else ", counted with a first trick"))
        elif isinstance(event, events.Exchanged):
            lines.append(f"  seat {event.seat} exchanges {event.given} for {event.taken}")
        elif isinstance(event, events.Closed):
            lines.append(f"  seat {event.seat} closes the stock")
    lines.append(f"  card points {list(result.points)}; seat {result.winner} {REASONS[result.reason]}; written "
                 f"{list(result.written)}; totals {list(played.totals)}"
                 + ("" if not played.over else f"; seat {played.winner} wins the game"))
    return lines
