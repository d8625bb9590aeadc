"""Consecutive deals of a game scored by penalty points: the engine behind `tutorial-engine
simulate` for such games. Each player plays for themselves and the deal passes in turn; the game
ends after the deal in which a total reaches the target, and the lowest total wins."""

from __future__ import annotations

from collections.abc import Iterator

from . import events
from .deal import PenaltyResult, ThrownIn
from .game import GameSpec, PenaltyPoints
from .odd_tricks import trump_set_line
from .rules import RuleError
from .seat_games import SeatDeal, play_seat_game
from .seating import Table

PenaltyDeal = SeatDeal[PenaltyResult]


def penalty_points(game: GameSpec) -> PenaltyPoints:
    if not isinstance(game.scoring, PenaltyPoints):
        raise RuleError(f"{game.name} is not scored by penalty points (game.yml: scoring kind: penalty-points)")
    return game.scoring


def play_penalty_game(game: GameSpec, table: Table, *, seed: int, strategy: str = "random",
                      deals: int | None = None) -> Iterator[PenaltyDeal]:
    """Deals from seat 0 on, the deal passing in turn, to the end of the game: at most `deals` of
    them (None: as many as the game takes). No deal is thrown in: check gives such a game no
    phase that could."""
    scoring = penalty_points(game)
    return play_seat_game(game, table, PenaltyResult, seed=seed, strategy=strategy, deals=deals,
                          ends=lambda number, totals: max(totals) >= scoring.target, wins=min)


def penalties_json(played: PenaltyDeal, with_events: bool = False) -> dict:
    """One deal for scripts; everything by seat."""
    result = played.result
    assert not isinstance(result, ThrownIn)  # check gives such a game no phase that throws a deal in
    data: dict = {"dealer": played.deal.dealer, "trump": str(result.trump) if result.trump else None,
                  "tricks": list(result.tricks), "penalties": list(result.taken), "moon": result.moon,
                  "score_change": list(result.written)}
    return played.json(data, with_events)


def describe_penalty_deal(played: PenaltyDeal) -> list[str]:
    deal, result = played.deal, played.result
    assert not isinstance(result, ThrownIn)  # check gives such a game no phase that throws a deal in
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
