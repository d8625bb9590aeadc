"""Consecutive deals of a game scored by tricks, to the end of a match: the engine behind
`tutorial-engine simulate` for such games (B7, B10, B19–B21)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from . import events
from .deal import Deal, ThrownIn, TrickResult, play_out
from .game import GameSpec, TrickScoring
from .partners import PartnerDraw, draw_for_partners, draw_generator
from .procedure import BidRound
from .rules import RuleError
from .scoring import match_step
from .seating import Table
from .strategy import STRATEGIES

PAIRS = Table(4, 2)
"""A game scored by tricks is played by two pairs (check requires it)."""


@dataclass(frozen=True)
class MatchDeal:
    number: int
    deal: Deal
    result: TrickResult | ThrownIn
    score_change: tuple[int, int]
    scores: tuple[int, int]
    rounds: tuple[int, int]
    decider: bool
    match_winner: int | None
    draw: PartnerDraw | None
    """B7: the draw that seated the players, on the first deal; None on the others."""


def trick_scoring(game: GameSpec) -> TrickScoring:
    if not isinstance(game.scoring, TrickScoring):
        raise RuleError(f"{game.name} has no trick scoring, which a match of deals scored by tricks needs "
                        "(game.yml: scoring kind: tricks)")
    return game.scoring


def play_deals(game: GameSpec, *, seed: int, strategy: str = "random", deals: int | None = 1,
               match: bool = False) -> Iterator[MatchDeal]:
    """The draw for partners if the game has one (B7), then consecutive deals, the deal passing
    to the next player (B10), until the match is won: at most `deals` of them (None: no limit),
    and with `match` as many as the match takes. Seat 0 deals first; the deal that wins the
    match is the last, since a won match has nothing more to score.

    B19 scores each deal; B20: the first side to reach the round target wins the round; B21:
    enough rounds win the match (see `scoring.match_step`). A deal thrown in scores nothing.
    """
    draw = draw_for_partners(game, draw_generator(seed)) if game.partner_draw is not None else None
    rng = random.Random(seed)
    choose = STRATEGIES[strategy]
    scoring = trick_scoring(game)
    scores, rounds, dealer = (0, 0), (0, 0), 0
    number = 0
    limit = None if match else deals
    while True:
        number += 1
        deal = Deal(game, PAIRS, dealer, rng, number - 1)
        result = play_out(deal, choose, rng)
        decider, match_winner, written = False, None, (0, 0)
        if isinstance(result, TrickResult):
            step = match_step(scoring, scores, rounds, result.declarers, result.tricks, result.solo is not None)
            scores, rounds, written = step.scores, step.rounds, step.written
            decider, match_winner = step.decider, step.match_winner
        yield MatchDeal(number, deal, result, written, scores, rounds, decider, match_winner,
                        draw if number == 1 else None)
        if match_winner is not None or (limit is not None and number >= limit):
            return
        dealer = (dealer + 1) % 4


def match_json(played: MatchDeal, with_events: bool = False) -> dict:
    """One deal for scripts; the first also holds the draw: each player's card, by player in the
    order they sat down, and the player at each seat. With `with_events`, every event of the deal
    (`events.as_data`)."""
    result = played.result
    data: dict = {"dealer": played.deal.dealer}
    if isinstance(result, ThrownIn):
        data["thrown_in"] = True
    else:
        data |= {"trump": str(result.trump), "declarers": result.declarers, "solo": result.solo,
                 "tricks": list(result.tricks)}
    data |= {"score_change": list(played.score_change), "scores": list(played.scores),
             "rounds": list(played.rounds), "decider": played.decider, "match_winner": played.match_winner}
    if played.draw is not None:
        data["draw"] = {"nines": [str(card) for card in played.draw.nines], "seats": list(played.draw.seats)}
    if with_events:
        data["events"] = [events.as_data(event) for event in played.deal.log]
    return data


def describe_draw(draw: PartnerDraw) -> list[str]:
    """B7 in two lines: who received which card, then who sits where."""
    nines = draw.nines
    return ["Draw for partners: " + ", ".join(f"player {p} gets {card}" for p, card in enumerate(nines)),
            "  " + ", ".join(f"seat {seat}: player {p} ({nines[p]}{', deals first' if seat == 0 else ''})"
                             for seat, p in enumerate(draw.seats))]


def describe_match_deal(played: MatchDeal) -> list[str]:
    deal, result = played.deal, played.result
    lines = describe_draw(played.draw) if played.draw is not None else []
    lines.append(f"Deal {played.number}: seat {deal.dealer} deals; sides 0+2 against 1+3"
                 + (" (the deciding deal)" if played.decider else ""))
    for event in deal.log:
        if isinstance(event, events.TakeTree):
            lines.append(f"  seat {deal.cutter} {'takes' if event.take else 'leaves'} the tree {event.card}")
        elif isinstance(event, events.Dealt):
            for seat, hand in enumerate(event.hands):
                lines.append(f"  seat {seat} holds {' '.join(map(str, hand))}")
        elif isinstance(event, events.Turn):
            lines.append(f"  {event.card} is turned from the talon")
        elif isinstance(event, events.Choose):
            lines.append(f"  seat {deal.chooser} {'accepts' if event.accept else 'refuses'}")
        elif isinstance(event, events.Bid):
            lines.append(f"  seat {event.seat} " + (
                "passes" if event.suit is None else
                f"{'orders up' if event.round is BidRound.ORDER_UP else 'names'} {event.suit}"))
        elif isinstance(event, events.TrumpFixed):
            taker = deal.taker
            lines.append(f"  {event.suit} is trump" + (
                f"; seat {taker} takes {' '.join(map(str, event.taken))} and discards as many cards"
                if taker is not None else f", named by seat {event.maker}"))
        elif isinstance(event, events.Solo) and event.solo:
            lines.append(f"  seat {event.seat} plays alone; the partner's hand is laid aside")
        elif isinstance(event, events.Trick):
            lines.append(f"  seat {event.leader} leads: {' '.join(map(str, event.plays))} → seat "
                         f"{event.winner} takes it ({event.reason.value})")
        elif isinstance(event, events.ThrownIn):
            lines.append("  everyone passed: the deal is thrown in and the next player deals")
    if isinstance(result, TrickResult):
        lines.append(f"  tricks 0+2: {result.tricks[0]}, 1+3: {result.tricks[1]}; written {list(played.score_change)};"
                     f" scores {list(played.scores)}; rounds {list(played.rounds)}"
                     + (f"; side {played.match_winner} wins the match" if played.match_winner is not None else ""))
    return lines
