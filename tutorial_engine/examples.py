"""Worked examples as typed objects: each asks the engine its question and compares the answer
with what the author expected.

An expectation is optional; the engine's answer is always computed, so a page can show it.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Mapping

from .cards import Card, Suit
from .explain import (explain_options, explain_outcome, points_sum, why_legal, why_refused,
                      why_wins)
from .forecast import ForecastOptions, ForecastOutcome, forecast_options, forecast_outcome
from .game import GameSpec
from .problems import Location, Problem
from .rules import Legality, Ranking, Verdict, legal_plays, rank_cards, trick_verdict
from .seating import Table

NOBODY = "nobody"
"""The expected `exchange` when no forecast is exchanged."""


@dataclass(frozen=True)
class Expectation:
    values: Mapping[str, Any] = field(default_factory=dict)
    locations: Mapping[str, Location] = field(default_factory=dict)

    def __contains__(self, key: str) -> bool:
        return key in self.values

    def __getitem__(self, key: str) -> Any:
        return self.values[key]


def _cards(cards) -> str:
    return " ".join(str(card) for card in cards) or "no card"


@dataclass(frozen=True)
class Example(abc.ABC):
    id: str
    location: Location
    game: GameSpec
    title: str | None
    cites: tuple[str, ...]
    expect: Expectation

    def _mismatch(self, key: str, message: str) -> Problem:
        return Problem(self.expect.locations.get(key, self.location), message)

    @abc.abstractmethod
    def check(self) -> list[Problem]:
        """Every way the author's expectation contradicts the engine."""


@dataclass(frozen=True)
class TrickExample(Example):
    trump: Suit
    seats: tuple[str, ...]
    leader: int
    plays: tuple[Card, ...]
    """In playing order, starting with the leader."""
    replaced: tuple[tuple[Card, Card], ...] = ()
    """For a variation: which cards of the original trick were swapped for which."""
    variations: tuple[TrickExample, ...] = ()

    kind = "trick"

    def player(self, index: int) -> str:
        """The name of who played `plays[index]`."""
        return self.seats[(self.leader + index) % len(self.seats)]

    def solve(self) -> Verdict:
        return trick_verdict(self.game, self.trump, self.plays)

    def check(self) -> list[Problem]:
        verdict = self.solve()
        winner = self.player(verdict.winner)
        problems = []
        if "winner" in self.expect and self.expect["winner"] != winner:
            problems.append(self._mismatch("winner", f"expected winner {self.expect['winner']}, but "
                                                     f"the engine gives {winner}: {why_wins(verdict, self.game)}"))
        if "points" in self.expect and self.expect["points"] != verdict.points:
            problems.append(self._mismatch("points", f"expected {self.expect['points']} points, but "
                                                     f"the engine gives {points_sum(verdict).text}"))
        if "reason" in self.expect and self.expect["reason"] != verdict.reason.value:
            problems.append(self._mismatch("reason", f"expected the reason {self.expect['reason']}, "
                                                     f"but the engine gives {verdict.reason.value}: "
                                                     f"{why_wins(verdict, self.game)}"))
        for variation in self.variations:
            problems += variation.check()
        return problems


@dataclass(frozen=True)
class LegalExample(Example):
    trump: Suit
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]

    kind = "legal"

    def solve(self) -> Legality:
        return legal_plays(self.game, self.trump, self.trick, self.hand)

    def check(self) -> list[Problem]:
        legality = self.solve()
        problems = []
        if "legal" in self.expect and set(self.expect["legal"]) != set(legality.legal):
            expected = set(self.expect["legal"])
            reasons = [f"{card} is refused because {why_refused(legality)}"
                       for card in self.hand if card in expected and card in legality.refused]
            reasons += [why_legal(card, legality, self.game)
                        for card in legality.legal if card not in expected]
            reasons += [f"{card} is not in the hand" for card in self.expect["legal"]
                        if card not in self.hand]
            problems.append(self._mismatch(
                "legal", f"expected legal {_cards(self.expect['legal'])}, but the engine gives "
                         f"{_cards(legality.legal)}: {'; '.join(reasons)}"))
        if "duty" in self.expect and self.expect["duty"] != legality.duty.value:
            problems.append(self._mismatch("duty", f"expected the duty {self.expect['duty']}, but the "
                                                   f"engine gives {legality.duty.value}"))
        return problems


@dataclass(frozen=True)
class RankingExample(Example):
    trump: Suit | None
    cards: tuple[Card, ...]

    kind = "ranking"

    def solve(self) -> Ranking:
        return rank_cards(self.game, self.trump, self.cards)

    def check(self) -> list[Problem]:
        ranking = self.solve()
        order = f"strongest first: {_cards(ranking.order)}"
        problems = []
        if "strongest" in self.expect and self.expect["strongest"] != ranking.strongest:
            problems.append(self._mismatch("strongest", f"expected strongest {self.expect['strongest']}, "
                                                        f"but the engine gives {ranking.strongest} ({order})"))
        if "order" in self.expect and tuple(self.expect["order"]) != ranking.order:
            problems.append(self._mismatch("order", f"expected the order {_cards(self.expect['order'])}, "
                                                    f"but the engine gives {_cards(ranking.order)}"))
        for card, value, location in self.expect.values.get("values", ()):
            actual = self.game.card_points(card)
            if card not in self.cards:
                problems.append(Problem(location, f"{card} is not one of the cards ranked "
                                                  f"({_cards(self.cards)})"))
            elif value != actual:
                problems.append(Problem(location, f"expected {card} to be worth {value}, but the "
                                                  f"engine gives {actual}"))
        return problems


@dataclass(frozen=True)
class ForecastExample(Example):
    seats: tuple[str, ...]
    team_size: int
    dealer: int
    forecasts: tuple[tuple[int, Card], ...]
    """(seat, card) in the order they were laid."""
    turned: Card | None
    seat: int | None
    hand: tuple[Card, ...]

    kind = "forecast"

    @property
    def table(self) -> Table:
        return Table.for_game(self.game, len(self.seats), self.team_size)

    def options(self) -> ForecastOptions | None:
        if self.seat is None:
            return None
        return forecast_options(self.game, self.table, self.dealer, self.seat, self.hand,
                                dict(self.forecasts))

    def outcome(self) -> ForecastOutcome | None:
        if self.turned is None:
            return None
        return forecast_outcome(self.game, self.table, self.dealer, dict(self.forecasts), self.turned)

    def check(self) -> list[Problem]:
        problems = []
        options = self.options()
        if options is not None and "allowed" in self.expect \
                and set(self.expect["allowed"]) != set(options.allowed):
            problems.append(self._mismatch(
                "allowed", f"expected forecasts allowed: {_cards(self.expect['allowed'])}, but the "
                           f"engine gives {_cards(options.allowed)}: {explain_options(options)}"))
        outcome = self.outcome()
        if outcome is None:
            return problems
        name = self.seats.__getitem__
        exchanger = name(outcome.exchange.seat) if outcome.exchange else NOBODY
        if "exchange" in self.expect and self.expect["exchange"] != exchanger:
            problems.append(self._mismatch("exchange", f"expected exchange by {self.expect['exchange']}, "
                                                       f"but the engine gives {exchanger}: "
                                                       f"{explain_outcome(outcome, name)}"))
        if "indicator" in self.expect and self.expect["indicator"] != outcome.indicator:
            because = "" if problems else f": {explain_outcome(outcome, name)}"
            problems.append(self._mismatch("indicator", f"expected the indicator {self.expect['indicator']}, "
                                                        f"but the engine gives {outcome.indicator}{because}"))
        returned = [card for _, card in outcome.returned]
        if "returned" in self.expect and set(self.expect["returned"]) != set(returned):
            because = "" if problems else f": {explain_outcome(outcome, name)}"
            problems.append(self._mismatch("returned", f"expected back in hand {_cards(self.expect['returned'])}, "
                                                       f"but the engine gives {_cards(returned)}{because}"))
        if "trump" in self.expect and self.expect["trump"] != outcome.trump:
            problems.append(self._mismatch("trump", f"expected trump {self.expect['trump']}, but the "
                                                    f"engine gives {outcome.trump}: the turned card "
                                                    f"{self.turned} sets it"))
        return problems
