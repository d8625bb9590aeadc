"""Consecutive deals of a game scored by victory points, the dealer changing as the game's `next_dealer` says,
from one seeded generator: the engine behind `tutorial-engine simulate`."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from . import events
from .deal import Deal, DealResult, play_out
from .game import GameSpec, NextDealer
from .seating import Table
from .strategy import STRATEGIES


@dataclass(frozen=True)
class Played:
    number: int
    deal: Deal
    result: DealResult
    totals: tuple[int, ...]
    """Victory points per side so far."""


def next_dealer(game: GameSpec, table: Table, dealer: int, result: DealResult, turns: dict[int, int]) -> int:
    """In turn, the next player; else A6: the winner deals, a winning team's members take turns
    (`turns` counts them), and after a tie the same dealer deals again."""
    if game.next_dealer is NextDealer.IN_TURN:
        return table.next(dealer)
    if result.victory.winner is None:
        return dealer
    side = result.sides[result.victory.winner]
    team = table.team_of(side[0])
    turn = turns.get(team, -1) + 1
    turns[team] = turn
    return side[turn % len(side)]


def run(game: GameSpec, table: Table, *, seed: int, strategy: str = "random", deals: int | None = None,
        target: int | None = None) -> Iterator[Played]:
    """Consecutive deals: with `target`, until a side reaches that many victory points, and with
    `deals`, at most that many; with neither, one deal."""
    limit = deals if deals is not None or target is not None else 1
    rng = random.Random(seed)
    choose = STRATEGIES[strategy]
    dealer = 0
    turns: dict[int, int] = {}
    totals = [0] * table.team_count
    number = 0
    while True:
        number += 1
        deal = Deal(game, table, dealer, rng, number - 1)
        result = play_out(deal, choose, rng)
        assert isinstance(result, DealResult)  # a game scored by victory points is never thrown in
        if result.victory.winner is not None:
            totals[result.victory.winner] += result.victory.points
        yield Played(number, deal, result, tuple(totals))
        dealer = next_dealer(game, table, dealer, result, turns)
        if target is not None and max(totals) >= target:
            return
        if limit is not None and number >= limit:
            return


def match_winner(played: Played, target: int | None) -> int | None:
    """The side that has reached the match's target after this deal, if any: only one side
    scores in a deal, and `run` stops there."""
    if target is None:
        return None
    return next((side for side, total in enumerate(played.totals) if total >= target), None)


def as_json(played: Played, table: Table, target: int | None, with_events: bool = False) -> dict:
    """One deal for scripts; seats in the direction of play, seat 0 the first dealer. With
    `target`, the match's totals so far and its winner (null until a side reaches the target);
    `with_events`, every event of the deal (`events.as_data`)."""
    result = played.result
    data = {
        "players": table.players, "dealer": played.deal.dealer,
        "sides": [list(side) for side in result.sides], "trump": result.trump,
        "turned": str(result.turned), "indicator": str(result.indicator),
        "indicator_taker": result.indicator_taker, "points": list(result.points),
        "winner": result.victory.winner, "victory_points": result.victory.points,
        "trick_count": result.trick_count,
    }
    if target is not None:
        data["match"] = list(played.totals)
        data["match_winner"] = match_winner(played, target)
    if with_events:
        data["events"] = [events.as_data(event) for event in played.deal.log]
    return data


def describe(played: Played, table: Table) -> list[str]:
    """The deal as a readable log, one line per event."""
    deal, result = played.deal, played.result
    def side_name(side) -> str:
        return "+".join(str(s) for s in side)
    lines = [f"Deal {played.number}: seat {deal.dealer} deals; sides "
             + " against ".join(side_name(s) for s in result.sides)]
    for event in deal.log:
        if isinstance(event, events.Dealt):
            for seat, hand in enumerate(event.hands):
                lines.append(f"  seat {seat} holds {' '.join(map(str, hand))}")
        elif isinstance(event, events.Forecast):
            lines.append(f"  seat {event.seat} " + (f"forecasts {event.card}" if event.card else "does not forecast"))
        elif isinstance(event, events.TurnUp):
            line = f"  the dealer turns up {event.card}: {event.trump} is trump"
            if event.exchange is not None:
                line += f"; seat {event.exchange} must exchange, and {event.indicator} becomes the indicator"
            lines.append(line)
        elif isinstance(event, events.Trick):
            lines.append(f"  seat {event.leader} leads: {' '.join(map(str, event.plays))} → seat "
                         f"{event.winner} takes it ({event.reason.value}, {event.points} points)")
        elif isinstance(event, events.Draw):
            lines.append(f"    seat {event.seat} draws {event.card}")
    if result.indicator_taker is not None:
        lines.append(f"  the indicator {result.indicator} went to seat {result.indicator_taker}")
    count = ", ".join(f"{side_name(s)}: {p}" for s, p in zip(result.sides, result.points))
    verdict = ("a tie: nobody scores" if result.victory.winner is None else
               f"{side_name(result.sides[result.victory.winner])} wins {result.victory.points} "
               f"victory point{'s' if result.victory.points != 1 else ''}")
    lines.append(f"  count: {count}; {verdict}")
    return lines

