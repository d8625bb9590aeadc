"""Invariants of a whole Albastini deal, checked at every step (shared by tests and bench/deals.py).

Written from the spec, not from the engine: A16–A20 restated plainly.
"""

from __future__ import annotations

import random

from tutorial_engine.engine.deal import Deal

VARIANTS = [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (4, 2), (6, 2), (6, 3)]
"""Every seating of A4: (players, team size)."""
TRICKS = {2: 18, 3: 12, 4: 9, 5: 7, 6: 6}                              # A17, A18
THRESHOLDS = {1: 10, 2: 20, 3: 30}                                     # A20


def places(deal: Deal) -> list:
    cards = [c for hand in deal.hands for c in hand] + deal.stock + deal.trick
    cards += [c for pile in deal.piles for c in pile]
    if deal.trump is None:
        cards += list(deal.forecasts.values())        # laid face up, before the turn-up
    return cards


def check_deal(deal: Deal, rng: random.Random) -> None:
    """Play `deal` to its end with random legal actions, checking every step and the result."""
    deck = set(deal.game.deck)
    while not deal.is_terminal():
        cards = places(deal)
        assert len(cards) == len(deck) and set(cards) == deck, "a card is missing or in two places"
        actions = deal.legal_actions()
        assert actions, "no legal action before the end"
        deal.apply(rng.choice(actions))
    result = deal.result()
    players = deal.table.players
    assert result.trick_count == TRICKS[players]
    unplayed = [c for c in places(deal) if not any(c in pile for pile in deal.piles)]
    if players == 5:
        assert unplayed == [result.indicator], "A18: only the indicator stays out"
        assert result.indicator_taker is None
        assert sum(result.points) == 120 - deal.game.card_points(result.indicator)
    else:
        assert unplayed == [], "every card is played"
        assert sum(result.points) == 120
        assert result.indicator_taker is not None
    best = max(result.points)
    if result.points.count(best) > 1:
        assert (result.victory.winner, result.victory.points) == (None, 0), "A20: a tie scores nothing"
    else:
        double = any(p < THRESHOLDS[deal.table.team_size] for p in result.points)
        assert result.victory.winner == result.points.index(best)
        assert result.victory.points == (2 if double else 1), "A20"
