"""Consecutive deals of a game scored by odd tricks, to the target: the engine behind
`tutorial-engine simulate` for such games. The deal passes in turn; every side scores its
tricks above the book, and the first side to reach the target wins."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from . import events
from .deal import Deal, OddTricksResult, ThrownIn, play_out
from .game import GameSpec, OddTricks
from .rules import RuleError
from .scoring import GameStep, game_step
from .seating import Table
from .strategy import STRATEGIES


@dataclass(frozen=True)
class GameDeal:
    number: int
    deal: Deal
    result: OddTricksResult | ThrownIn
    step: GameStep
    """A deal thrown in writes nothing."""


def odd_tricks(game: GameSpec) -> OddTricks:
    if not isinstance(game.scoring, OddTricks):
        raise RuleError(f"{game.name} is not scored by odd tricks (game.yml: scoring kind: odd-tricks)")
    return game.scoring


def play_game(game: GameSpec, table: Table, *, seed: int, strategy: str = "random",
              deals: int | None = None) -> Iterator[GameDeal]:
    """Deals from seat 0 on, the deal passing in turn, until a side reaches the target: at most
    `deals` of them (None: as many as the game takes)."""
    scoring = odd_tricks(game)
    rng = random.Random(seed)
    choose = STRATEGIES[strategy]
    scores = (0,) * table.team_count
    dealer, number = 0, 0
    while True:
        number += 1
        deal = Deal(game, table, dealer, rng, number - 1)
        result = play_out(deal, choose, rng)
        written = result.written if isinstance(result, OddTricksResult) else (0,) * table.team_count
        step = game_step(scoring, scores, written)
        scores = step.scores
        yield GameDeal(number, deal, result, step)
        if step.winner is not None or (deals is not None and number >= deals):
            return
        dealer = table.next(dealer)


def side_name(table: Table, side: int) -> str:
    return "+".join(str(seat) for seat in range(table.players) if table.team_of(seat) == side)


def game_json(played: GameDeal, with_events: bool = False) -> dict:
    """One deal for scripts; sides numbered as the table's teams."""
    result = played.result
    data: dict = {"dealer": played.deal.dealer}
    if isinstance(result, ThrownIn):
        data["thrown_in"] = True
    else:
        data |= {"trump": str(result.trump) if result.trump else None, "tricks": list(result.tricks)}
    data |= {"score_change": list(played.step.written), "scores": list(played.step.scores),
             "game_winner": played.step.winner}
    if with_events:
        data["events"] = [events.as_data(event) for event in played.deal.log]
    return data


def trump_set_line(event: events.TrumpSet) -> str:
    """A trump set without a decision, as `simulate` tells it."""
    if event.card is not None:
        return f"  {event.card} is turned: {event.suit} is trump"
    return f"  {event.suit} is trump" if event.suit is not None else "  no suit is trump"


def describe_game_deal(played: GameDeal, table: Table) -> list[str]:
    deal, result = played.deal, played.result
    sides = [side_name(table, side) for side in range(table.team_count)]
    lines = [f"Deal {played.number}: seat {deal.dealer} deals; sides {' against '.join(sides)}"]
    for event in deal.log:
        if isinstance(event, events.Dealt):
            for seat, hand in enumerate(event.hands):
                lines.append(f"  seat {seat} holds {' '.join(map(str, hand))}")
        elif isinstance(event, events.TrumpSet):
            lines.append(trump_set_line(event))
        elif isinstance(event, events.Trick):
            lines.append(f"  seat {event.leader} leads: {' '.join(map(str, event.plays))} → seat "
                         f"{event.winner} takes it ({event.reason.value})")
    if isinstance(result, ThrownIn):
        lines.append("  everyone passed: the deal is thrown in and the next player deals")
        return lines
    tricks = ", ".join(f"{name}: {won}" for name, won in zip(sides, result.tricks, strict=True))
    lines.append(f"  tricks {tricks}; written {list(result.written)}; scores {list(played.step.scores)}"
                 + (f"; side {sides[played.step.winner]} wins the game" if played.step.winner is not None else ""))
    return lines
