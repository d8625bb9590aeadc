"""Consecutive deals of a game scored by tricks, to the end of a match: the engine behind
`tutorial-engine simulate` for such games (B7, B10, B19–B21)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from .deal import Deal, ThrownIn, TrickResult, play_out
from .game import GameSpec, TrickScoring
from .partners import PartnerDraw, draw_for_partners, draw_generator
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


def play_deals(game: GameSpec, *, seed: int, strategy: str = "random", deals: int = 1,
               match: bool = False) -> Iterator[MatchDeal]:
    """The draw for partners if the game has one (B7), then consecutive deals, the deal passing
    to the next player (B10); with `match`, until the match is won. Seat 0 deals first.

    B19 scores each deal; B20: the first side to reach the round target wins the round; B21:
    enough rounds win the match (see `scoring.match_step`). A deal thrown in scores nothing.
    """
    draw = draw_for_partners(game, draw_generator(seed)) if game.partner_draw is not None else None
    rng = random.Random(seed)
    choose = STRATEGIES[strategy]
    scoring = trick_scoring(game)
    scores, rounds, dealer = (0, 0), (0, 0), 0
    number = 0
    while True:
        number += 1
        deal = Deal(game, PAIRS, dealer, rng)
        result = play_out(deal, choose, rng)
        decider, match_winner, written = False, None, (0, 0)
        if isinstance(result, TrickResult):
            step = match_step(scoring, scores, rounds, result.declarers, result.tricks, result.solo is not None)
            scores, rounds, written = step.scores, step.rounds, step.written
            decider, match_winner = step.decider, step.match_winner
        yield MatchDeal(number, deal, result, written, scores, rounds, decider, match_winner,
                        draw if number == 1 else None)
        if match_winner is not None and match:
            return
        dealer = (dealer + 1) % 4
        if not match and number >= deals:
            return


def match_json(played: MatchDeal) -> dict:
    """One deal for scripts; the first also holds the draw: each player's card, by player in the
    order they sat down, and the player at each seat."""
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
        kind = event["event"]
        if kind == "take-tree":
            lines.append(f"  seat {deal.cutter} {'takes' if event['take'] else 'leaves'} the tree {event['card']}")
        elif kind == "deal":
            for seat, hand in enumerate(event["hands"]):
                lines.append(f"  seat {seat} holds {' '.join(map(str, hand))}")
        elif kind == "turn":
            lines.append(f"  {event['card']} is turned from the talon")
        elif kind == "choose":
            lines.append(f"  seat {deal.chooser} {'accepts' if event['accept'] else 'refuses'}")
        elif kind == "bid":
            lines.append(f"  seat {event['seat']} " + ("passes" if event["suit"] is None else
                                                        f"{'orders up' if event['round'] == 'order-up' else 'names'} "
                                                        f"{event['suit']}"))
        elif kind == "trump":
            taker = deal.taker
            lines.append(f"  {event['suit']} is trump" + (
                f"; seat {taker} takes {' '.join(map(str, event['taken']))} and discards as many cards"
                if taker is not None else f", named by seat {event['maker']}"))
        elif kind == "solo" and event["solo"]:
            lines.append(f"  seat {event['seat']} plays alone; the partner's hand is laid aside")
        elif kind == "trick":
            lines.append(f"  seat {event['leader']} leads: {' '.join(map(str, event['plays']))} → seat "
                         f"{event['winner']} takes it ({event['reason'].value})")
        elif kind == "thrown-in":
            lines.append("  everyone passed: the deal is thrown in and the next player deals")
    if isinstance(result, TrickResult):
        lines.append(f"  tricks 0+2: {result.tricks[0]}, 1+3: {result.tricks[1]}; written {list(played.score_change)};"
                     f" scores {list(played.scores)}; rounds {list(played.rounds)}"
                     + (f"; side {played.match_winner} wins the match" if played.match_winner is not None else ""))
    return lines
