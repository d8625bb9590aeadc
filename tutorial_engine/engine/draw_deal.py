"""A whole deal of a drawing game (Albastini A6–A20): deal, forecasts, turn-up, tricks with
drawing from the stock, the count and the victory points.

The state follows OpenSpiel's shape: `legal_actions`, `apply`, `is_terminal`, `result`. Every
decision a player makes is an action; everything else (shuffling, dealing, drawing) follows
from the seed. The event log records the deal as data, so the same seed and the same actions
replay identically.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple, cast, final

from .cards import Card, Suit
from .forecast import forecast_outcome, forecast_seats
from .game import GameSpec, VictoryPoints
from .rules import RuleError, allowed_cards, judge_trick, trick_verdict
from .scoring import DealVictory, victory
from .seating import Table


@final  # final, so that `type(action) is Forecast` tells a checker the action is otherwise a Play
class Forecast(NamedTuple):
    """Lay `card` face up as a forecast of the trump suit, or pass (card None)."""

    seat: int
    card: Card | None


class Play(NamedTuple):
    """Immutable, and a NamedTuple because whole deals build one per legal card per turn."""

    seat: int
    card: Card


Action = Forecast | Play


@dataclass(frozen=True)
class DealResult:
    sides: tuple[tuple[int, ...], ...]
    """Seat groups, ordered by their lowest seat; points and winner refer to this list."""
    points: tuple[int, ...]
    victory: DealVictory
    trump: str
    turned: Card
    indicator: Card
    indicator_taker: int | None
    trick_count: int


@dataclass
class DrawingDeal:
    game: GameSpec
    table: Table
    dealer: int
    rng: random.Random
    hands: list[list[Card]] = field(init=False)
    stock: list[Card] = field(init=False)
    """Top card first; the trump indicator is the last card once it is turned."""
    piles: list[list[Card]] = field(init=False)
    """Won cards per side."""
    log: list[dict] = field(init=False, default_factory=list)
    """Every event of the deal as data (cards as Card objects), in order."""

    def __post_init__(self) -> None:
        deck = list(self.game.deck)
        self.rng.shuffle(deck)
        players, size = self.table.players, self.game.hand_size
        order = self.table.order_from(self.table.next(self.dealer))
        self.hands = [[] for _ in range(players)]
        for position, seat in enumerate(order):
            self.hands[seat] = deck[position * size:(position + 1) * size]
        self.stock = deck[players * size:]
        self.piles = [[] for _ in range(self.table.team_count)]
        self.forecasters = list(forecast_seats(self.table, self.dealer)) if self.game.forecast else []
        self.forecasts: dict[int, Card] = {}
        self.trump: Suit | None = None
        self.turned: Card | None = None
        self.indicator: Card | None = None
        self.indicator_taker: int | None = None
        self.trick: list[Card] = []
        self.leader = self.table.next(self.dealer)
        self.tricks = 0
        self._actions: list[Action] | None = None
        self._plays: tuple[dict[Card, Play], ...] = seat_plays(self.game, players)
        self.log.append({"event": "deal", "dealer": self.dealer, "hands": [list(h) for h in self.hands]})
        if not self.forecasters:
            self._turn_up()

    # --- whose turn, and what may they do ---

    @property
    def to_move(self) -> int | None:
        if self.forecasters:
            return self.forecasters[0]
        if self.is_terminal():
            return None
        return (self.leader + len(self.trick)) % self.table.players

    def legal_actions(self) -> list[Action]:
        """Computed once per turn: strategies ask, then apply checks against the same list."""
        if self._actions is None:
            self._actions = self._legal_actions()
        return self._actions

    def _legal_actions(self) -> list[Action]:
        seat = self.to_move
        if seat is None:
            return []
        if self.forecasters:
            taken = {card.suit for card in self.forecasts.values()}
            return [Forecast(seat, None), *(Forecast(seat, c) for c in self.hands[seat] if c.suit not in taken)]
        plays = self._plays[seat]
        return [plays[card] for card in allowed_cards(self.game, self.trump, self.trick, self.hands[seat])]

    def is_terminal(self) -> bool:
        return self.trump is not None and not self.trick and not any(self.hands)

    # --- making a move ---

    def apply(self, action: Action) -> None:
        actions = self.legal_actions()
        if action not in actions:  # `in` tries identity first: the strategy's own action is found at once
            raise ValueError(f"{action} is not a legal action now")
        self._actions = None
        if type(action) is Forecast:
            self.forecasters.pop(0)
            if action.card is not None:
                self.hands[action.seat].remove(action.card)
                self.forecasts[action.seat] = action.card
            self.log.append({"event": "forecast", "seat": action.seat, "card": action.card})
            if not self.forecasters:
                self._turn_up()
            return
        self.hands[action.seat].remove(action.card)
        self.trick.append(action.card)
        if len(self.trick) == self.table.players:
            self._end_trick()

    def _turn_up(self) -> None:
        """A9–A11: the top card of the stock sets trump; a matching forecast is exchanged."""
        self.turned = self.stock.pop(0)
        outcome = forecast_outcome(self.game, self.table, self.dealer, self.forecasts, self.turned)
        self.trump = outcome.trump
        self.indicator = outcome.indicator
        if outcome.exchange is not None:
            self.hands[outcome.exchange.seat].append(self.turned)
        for seat, card in outcome.returned:
            self.hands[seat].append(card)
        self.stock.append(self.indicator)
        self.log.append({"event": "turn-up", "card": self.turned, "trump": self.trump,
                         "exchange": outcome.exchange.seat if outcome.exchange else None,
                         "indicator": self.indicator})

    def _end_trick(self) -> None:
        trick, stock, players = self.trick, self.stock, self.table.players
        verdict = judge_trick(self.game, self.trump, trick)
        winner = (self.leader + verdict.winner) % players
        self.piles[self.table.team_of(winner)].extend(trick)
        self.log.append({"event": "trick", "leader": self.leader, "plays": trick,
                         "winner": winner, "points": verdict.points, "reason": verdict.reason})
        self.trick = []
        self.tricks += 1
        self.leader = winner
        if len(stock) >= players:  # A16; with five the indicator stays (A18)
            for step in range(players):
                seat = (winner + step) % players
                card = stock.pop(0)
                self.hands[seat].append(card)
                if not stock and card is self.indicator:
                    self.indicator_taker = seat
                self.log.append({"event": "draw", "seat": seat, "card": card})

    # --- the outcome ---

    def sides(self) -> tuple[tuple[int, ...], ...]:
        teams: dict[int, list[int]] = {}
        for seat in range(self.table.players):
            teams.setdefault(self.table.team_of(seat), []).append(seat)
        return tuple(tuple(members) for _, members in sorted(teams.items(), key=lambda t: t[1][0]))

    def result(self) -> DealResult:
        if not self.is_terminal():
            raise ValueError("the deal is not over")
        scoring = self.game.scoring
        if not isinstance(scoring, VictoryPoints):
            raise RuleError(f"{self.game.name} has no victory-point scoring, which counting a drawing deal "
                            "needs (game.yml: scoring kind: victory-points)")
        # The turn-up that fixed the trump of a finished deal also set both cards.
        assert self.turned is not None and self.indicator is not None
        sides = self.sides()
        value = self.game.points_by_card
        points = tuple(sum([value[c] for c in self.piles[self.table.team_of(side[0])]])
                       for side in sides)
        return DealResult(sides=sides, points=points,
                          victory=victory(scoring, points, self.table.team_size),
                          trump=str(self.trump), turned=self.turned, indicator=self.indicator,
                          indicator_taker=self.indicator_taker, trick_count=self.tricks)


@lru_cache(maxsize=32)
def seat_plays(game: GameSpec, players: int) -> tuple[dict[Card, Play], ...]:
    """Each seat's possible plays, built once per game and table size rather than on every turn:
    actions are immutable, so every deal shares them, whatever its procedure."""
    return tuple({card: Play(seat, card) for card in game.deck} for seat in range(players))


def random_strategy(state, rng: random.Random):
    """Any legal action, for any deal state (drawing or trump-choice)."""
    return rng.choice(state.legal_actions())


def play_out(state, strategy, rng: random.Random):
    """Apply the strategy's actions until the deal is over; its result."""
    while not state.is_terminal():
        state.apply(strategy(state, rng))
    return state.result()


def sensible_strategy(state: DrawingDeal, rng: random.Random) -> Action:
    """Forecast with a card of the lowest rank (a matching turn-up can only improve it); take a
    trick with points when possible, cheaply; otherwise throw the cheapest."""
    actions = state.legal_actions()
    if type(actions[0]) is Forecast:
        lowest = state.game.plain_order[-1]
        return next((a for a in actions[1:] if a.card is not None and a.card.rank is lowest), actions[0])
    plays = cast("list[Play]", actions)  # past the forecasts, every legal action is a Play
    game, trick = state.game, state.trick
    value = game.card_points

    def strength(card: Card) -> int:
        table = game.table(state.trump)
        return table.trump_strength.get(card, -100) * 100 + table.plain_strength.get(card, 0)

    if trick:
        winning = [a for a in plays
                   if state.table.next(state.leader, trick_verdict(game, state.trump, [*trick, a.card]).winner)
                   == a.seat] if len(trick) + 1 == state.table.players else []
        if winning and any(value(c) for c in trick):
            return min(winning, key=lambda a: (value(a.card), strength(a.card)))
    return min(plays, key=lambda a: (value(a.card), strength(a.card)))
