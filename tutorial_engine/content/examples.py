"""Worked examples as typed objects: each asks the engine its question and compares the answer
with what the author expected.

An expectation is optional; the engine's answer is always computed, so a page can show it.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import islice
from types import MappingProxyType
from typing import Any, ClassVar

from ..engine import events
from ..engine.bids import bids_game_over
from ..engine.cards import Card, Suit
from ..engine.deal import BidTricks, ChooseTrump, Close, Deal, Discard, Exchange, Meld, Solo, TakeTree, play_out
from ..engine.events import Draw
from ..engine.forecast import ForecastOptions, ForecastOutcome, forecast_options, forecast_outcome
from ..engine.game import (
    CardNotInDeck,
    ExactBids,
    GamePoints,
    GameSpec,
    OddTricks,
    PenaltyPoints,
    TrickScoring,
    VictoryPoints,
)
from ..engine.procedure import Bidding, Cut, PassCards, SoloOffer, TrickBids, Tricks, TrumpSet
from ..engine.rules import Legality, Moment, Ranking, RuleError, Verdict, legal_plays, rank_cards, trick_verdict
from ..engine.scoring import (
    DealVictory,
    GameStep,
    MatchStep,
    exact_bids_sum,
    exact_bids_written,
    game_points_won,
    game_step,
    match_step,
    odd_tricks_written,
    penalties_written,
    victory,
)
from ..engine.seating import SeatingError, Table
from ..engine.strategy import random_strategy
from ..i18n.explain import explain_options, explain_outcome, points_sum, why_legal, why_refused, why_wins
from ..problems import Location, Problem

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

    kind: ClassVar[str]
    """The `kind` an example file gives it."""

    def _mismatch(self, key: str, message: str) -> Problem:
        return Problem(self.expect.locations.get(key, self.location), message)

    @abc.abstractmethod
    def check(self) -> list[Problem]:
        """Every way the author's expectation contradicts the engine."""


def disagreements(example: Example) -> list[Problem]:
    """Where the engine disagrees with the example, or refuses its position, as problems."""
    try:
        return example.check()
    except (RuleError, CardNotInDeck, SeatingError) as error:
        return [Problem(example.location, str(error))]


@dataclass(frozen=True)
class TrickExample(Example):
    trump: Suit | None
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
    trump: Suit | None
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]
    moment: Moment | None = None
    """Where the trick stands in its deal, in a game whose tricks phase has rules of its own."""

    kind = "legal"

    def solve(self) -> Legality:
        return legal_plays(self.game, self.trump, self.trick, self.hand, self.moment)

    def check(self) -> list[Problem]:
        legality = self.solve()
        problems = []
        if "legal" in self.expect and set(self.expect["legal"]) != set(legality.legal):
            expected = set(self.expect["legal"])
            reasons = [f"{card} is refused because {why_refused(legality, card)}"
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


@dataclass(frozen=True)
class ScoreExample(Example):
    """A deal's card points to victory points (A20, R11)."""

    sides: tuple[str, ...]
    totals: tuple[int, ...]
    team_size: int

    kind = "score"

    def solve(self) -> DealVictory:
        scoring = self.game.scoring
        assert isinstance(scoring, VictoryPoints)  # the builders make score examples of such games only
        return victory(scoring, self.totals, self.team_size)

    def check(self) -> list[Problem]:
        result = self.solve()
        winner = NOBODY if result.winner is None else self.sides[result.winner]
        problems = []
        if "winner" in self.expect and self.expect["winner"] != winner:
            problems.append(self._mismatch("winner", f"expected the deal won by {self.expect['winner']}, but the "
                                                     f"engine gives {winner} ({result.outcome.value})"))
        if "victory" in self.expect and self.expect["victory"] != result.points:
            below = (f"; a total below {result.threshold} doubles the win" if result.threshold is not None
                     else "")
            problems.append(self._mismatch("victory", f"expected {self.expect['victory']} victory points, but "
                                                      f"the engine gives {result.points}{below}"))
        return problems


SIDES = ("declarers", "defenders")
"""The two sides of a deal in rounds, in the order of RoundExample's pairs."""


@dataclass(frozen=True)
class RoundExample(Example):
    """One deal of a match in rounds: what is written, the scores after, a round or the match
    won (B19–B21). Side 0 is the declaring side."""

    scores: tuple[int, int]
    rounds: tuple[int, int]
    declarer_tricks: int
    solo: bool

    kind = "round"

    def solve(self) -> MatchStep:
        scoring = self.game.scoring
        assert isinstance(scoring, TrickScoring)  # the builders make round examples of such games only
        tricks = (self.declarer_tricks, self.game.hand_size - self.declarer_tricks)
        return match_step(scoring, self.scores, self.rounds, 0, tricks, self.solo)

    def check(self) -> list[Problem]:
        step = self.solve()
        won = {None: NOBODY, 0: SIDES[0], 1: SIDES[1]}
        problems = []
        for key, actual in (("written", step.written), ("scores", step.scores)):
            if key in self.expect and tuple(self.expect[key]) != actual:
                problems.append(self._mismatch(key, f"expected {key} {_pair(self.expect[key])}, but the "
                                                    f"engine gives {_pair(actual)}"))
        for key, side in (("round", won[step.round_winner]), ("match", won[step.match_winner])):
            if key in self.expect and self.expect[key] != side:
                problems.append(self._mismatch(key, f"expected the {key} won by {self.expect[key]}, but the "
                                                    f"engine gives {side}"))
        return problems


def _pair(values) -> str:
    return ", ".join(f"{side} {value}" for side, value in zip(SIDES, values))


@dataclass(frozen=True)
class TallyExample(Example):
    """One deal of a game scored by odd tricks: what each side writes for its tricks above the
    book, the scores after the deal, and whether it wins the game. Its expectations of `written`
    and `scores` are (side, value, location) for each side they name."""

    sides: tuple[str, ...]
    """The names the author gives the sides, in the order of `tricks`."""
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    """The running scores before the deal."""

    kind = "tally"

    def solve(self) -> GameStep:
        scoring = self.game.scoring
        assert isinstance(scoring, OddTricks)  # the builders make tally examples of such games only
        return game_step(scoring, self.scores, odd_tricks_written(scoring, self.tricks))

    def check(self) -> list[Problem]:
        scoring = self.game.scoring
        assert isinstance(scoring, OddTricks)  # the builders make tally examples of such games only
        step = self.solve()
        problems = []
        for name, value, location in self.expect.values.get("written", ()):
            side = self.sides.index(name)
            if value != step.written[side]:
                taken = _tricks(self.tricks[side])
                why = (f"{taken} {_are(self.tricks[side])} {step.written[side]} above the book of {scoring.book}"
                       if step.written[side] else
                       f"{taken} {_are(self.tricks[side])} not above the book of {scoring.book}")
                problems.append(Problem(location, f"expected {name} to write {value}, but the engine gives "
                                                  f"{step.written[side]}: {why}"))
        for name, value, location in self.expect.values.get("scores", ()):
            side = self.sides.index(name)
            if value != step.scores[side]:
                problems.append(Problem(location, f"expected {name} at {value} after the deal, but the engine "
                                                  f"gives {step.scores[side]}: {self.scores[side]} before it, and "
                                                  f"{step.written[side]} written"))
        winner = NOBODY if step.winner is None else self.sides[step.winner]
        if "game" in self.expect and self.expect["game"] != winner:
            best = max(step.scores)
            scores = ", ".join(f"{name} {score}" for name, score in zip(self.sides, step.scores))
            if step.winner is not None:
                why = f"the scores after the deal are {scores}, and {scoring.target} wins the game"
            elif best >= scoring.target:
                leaders = [name for name, score in zip(self.sides, step.scores) if score == best]
                why = (f"{' and '.join(leaders)} share the lead at {best}, and the game goes on until one side "
                       f"leads")
            else:
                why = f"nobody has reached {scoring.target}: the scores after the deal are {scores}"
            problems.append(self._mismatch("game", f"expected the game won by {self.expect['game']}, but the "
                                                   f"engine gives {winner}: {why}"))
        return problems


def _totals_problems(expect: Expectation, players: tuple[str, ...], before: tuple[int, ...],
                     written: tuple[int, ...], after: tuple[int, ...]) -> list[Problem]:
    """Each total after a deal the claim names and the engine does not give, with its sum."""
    return [Problem(location, f"expected {name} at {value} after the deal, but the engine gives "
                              f"{after[players.index(name)]}: {before[players.index(name)]} before it, and "
                              f"{written[players.index(name)]} written")
            for name, value, location in expect.values.get("totals", ())
            if value != after[players.index(name)]]


@dataclass(frozen=True)
class PenaltiesExample(Example):
    """One deal of a game scored by penalty points: the cards each player took, what each writes,
    the totals after the deal and the game's winner, if it is over. Its expectations by player
    are (player, value, location)."""

    players: tuple[str, ...]
    taken: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]
    """The totals before the deal."""

    kind = "penalties"

    def solve(self) -> tuple[tuple[int, ...], tuple[int, ...], int | None, tuple[int, ...], int | None]:
        """Each player's penalty points, what each writes, who shot the moon, the totals after the
        deal, and who has won the game (None while it goes on, or when the lowest totals are level)."""
        scoring = self.game.scoring
        assert isinstance(scoring, PenaltyPoints)  # the builder makes penalties examples of such games only
        points = tuple(sum(map(scoring.penalty, cards)) for cards in self.taken)
        written, moon = penalties_written(scoring, points)
        after = tuple(total + add for total, add in zip(self.totals, written, strict=True))
        lowest = min(after)
        over = max(after) >= scoring.target
        winner = after.index(lowest) if over and after.count(lowest) == 1 else None
        return points, written, moon, after, winner

    def check(self) -> list[Problem]:
        scoring = self.game.scoring
        assert isinstance(scoring, PenaltyPoints)
        points, written, moon, after, winner = self.solve()
        name_of = dict(enumerate(self.players))
        problems = []
        for name, value, location in self.expect.values.get("penalties", ()):
            k = self.players.index(name)
            if value != points[k]:
                costly = " ".join(f"{card} {scoring.penalty(card)}" for card in self.taken[k] if scoring.penalty(card))
                problems.append(Problem(location, f"expected {name} to have taken {value} penalty points, but the "
                                                  f"engine gives {points[k]}: {costly or 'no card that costs any'}"))
        for name, value, location in self.expect.values.get("written", ()):
            k = self.players.index(name)
            if value != written[k]:
                why = (f"{name_of[moon]} took every penalty point, {sum(points)}" if moon is not None
                       else f"{name} took {points[k]} penalty points")
                problems.append(Problem(location, f"expected {name} to write {value}, but the engine gives "
                                                  f"{written[k]}: {why}"))
        if "moon" in self.expect:
            engine = name_of[moon] if moon is not None else NOBODY
            if self.expect["moon"] != engine:
                why = (f"{engine} took every penalty point" if moon is not None else
                       "no player took every penalty point" if scoring.moon else
                       f"{self.game.name}'s scoring has no reversal for taking them all ('moon')")
                problems.append(self._mismatch("moon", f"expected {self.expect['moon']} to have shot the moon, "
                                                       f"but the engine gives {engine}: {why}"))
        problems += _totals_problems(self.expect, self.players, self.totals, written, after)
        if "winner" in self.expect:
            engine = name_of[winner] if winner is not None else NOBODY
            if self.expect["winner"] != engine:
                why = (f"no total has reached {scoring.target}" if max(after) < scoring.target else
                       f"{engine} has the lowest total, {min(after)}" if winner is not None else
                       f"the lowest totals are level at {min(after)}")
                problems.append(self._mismatch("winner", f"expected {self.expect['winner']} to win the game, "
                                                         f"but the engine gives {engine}: {why}"))
        return problems


@dataclass(frozen=True)
class GamePointsExample(Example):
    """The game points a deal's winner scores in a race to the deal's target: from the loser's
    card points and tricks (when the winner closed the stock, those of then), or, when the loser
    closed it and fell short, from the winner's tricks then."""

    closed: str
    """Who closed the stock: "nobody", "winner" or "loser"."""
    loser_points: int
    loser_tricks: int
    winner_tricks: int

    kind = "game-points"

    def solve(self) -> int:
        scoring = self.game.scoring
        assert isinstance(scoring, GamePoints)  # the builder makes such examples of such games only
        closed_by = {"nobody": None, "winner": 0, "loser": 1}[self.closed]
        closing = ((0, self.winner_tricks) if self.closed == "loser"
                   else (self.loser_points, self.loser_tricks))
        return game_points_won(scoring, 0, (scoring.deal_target, self.loser_points), (1, self.loser_tricks),
                               closed_by, closing)

    def check(self) -> list[Problem]:
        scoring = self.game.scoring
        assert isinstance(scoring, GamePoints)
        if "game_points" not in self.expect or self.expect["game_points"] == self.solve():
            return []
        engine = self.solve()
        if self.closed == "loser":
            why = (f"the loser closed the stock and fell short, and the winner had "
                   f"{'no trick' if not self.winner_tricks else 'taken a trick'} then")
        elif not self.loser_tricks:
            why = "the loser took no trick"
        elif scoring.low is not None and self.loser_points < scoring.low:
            why = f"the loser has {self.loser_points} card points, fewer than {scoring.low}"
        else:
            why = f"the loser took a trick and has {self.loser_points} card points" + (
                f", at least {scoring.low}" if scoring.low is not None else "")
        expected = self.expect["game_points"]
        return [self._mismatch("game_points", f"expected {expected} game point{'s' if expected != 1 else ''}, but "
                                              f"the engine gives {engine}: {why}")]


@dataclass(frozen=True)
class BidsExample(Example):
    """One deal of a game scored by exact bids: each player's bid and tricks, what each writes, the
    totals after the deal, and which bid, if any, the dealer may not make. Its expectations of
    `written` and `totals` are (player, value, location) for each player they name."""

    players: tuple[str, ...]
    """The names the author gives the players, in the order they bid: the dealer last."""
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    totals: tuple[int, ...]
    """The totals before the deal."""
    number: int
    """A deal of the game's hand-size sequence whose hand is as large as the tricks given."""
    last: bool
    """The deal is the last of the sequence: the game is over after it."""

    kind = "bids"

    def _winner_problems(self, after: tuple[int, ...]) -> list[Problem]:
        """The game's winner after the deal, by the rule of play_bidding_game: over after the last
        deal or at the target, the highest total winning when no one shares it."""
        scoring = self.game.scoring
        assert isinstance(scoring, ExactBids)
        deals = self.game.procedure.deal.deals(len(self.players), len(self.game.deck))
        over = bids_game_over(scoring, deals, self.number + 1, after)
        best = max(after)
        winner = self.players[after.index(best)] if over and after.count(best) == 1 else NOBODY
        if self.expect["winner"] == winner:
            return []
        why = ("the game goes on: this is not its last deal" + (
                   f", and no total has reached {scoring.target}" if scoring.target is not None else "")
               if not over else f"{winner} has the highest total, {best}" if winner != NOBODY
               else f"the highest totals are level at {best}")
        return [self._mismatch("winner", f"expected {self.expect['winner']} to win the game, but the engine "
                                         f"gives {winner}: {why}")]

    def solve(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """What each writes, the totals after the deal, and every bid the engine lets the dealer make
        after the others' bids."""
        scoring = self.game.scoring
        assert isinstance(scoring, ExactBids)  # the builders make bids examples of such games only
        written = exact_bids_written(scoring, self.bids, self.tricks)
        after = tuple(total + points for total, points in zip(self.totals, written, strict=True))
        players = len(self.players)
        rng = random.Random(0)
        deal = Deal(self.game, Table.for_game(self.game, players, 1), players - 1, rng, self.number)
        while deal.phase != "bid-tricks":
            deal.apply(rng.choice(deal.legal_actions()))
        for seat, bid in enumerate(self.bids[:-1]):
            deal.apply(BidTricks(seat, bid))
        return written, after, tuple(action.tricks for action in deal.legal_actions())

    def check(self) -> list[Problem]:
        scoring = self.game.scoring
        assert isinstance(scoring, ExactBids)  # the builders make bids examples of such games only
        written, after, allowed = self.solve()
        problems = []
        for name, value, location in self.expect.values.get("written", ()):
            k = self.players.index(name)
            if value != written[k]:
                added = exact_bids_sum(scoring, self.bids[k], self.tricks[k])
                problems.append(Problem(location, f"expected {name} to write {value}, but the engine gives "
                                                  f"{written[k]}: {name} bid {self.bids[k]} and took "
                                                  f"{self.tricks[k]}, which scores {added or 'nothing'}"))
        problems += _totals_problems(self.expect, self.players, self.totals, written, after)
        if "winner" in self.expect:
            problems += self._winner_problems(after)
        if "dealer_barred" in self.expect:
            tricks, others = sum(self.tricks), sum(self.bids[:-1])
            barred = [n for n in range(tricks + 1) if n not in allowed]
            engine = str(barred[0]) if barred else "none"
            expected = self.expect["dealer_barred"]
            if expected != engine:
                dealer = self.players[-1]
                claimed = (f"expected the dealer, {dealer}, free to bid any number" if expected == "none" else
                           f"expected the dealer, {dealer}, barred from bidding {expected}")
                if barred:
                    why = (f"the engine bars {engine}: the others bid {others} in all, and {others} + {engine} "
                           f"would make the {_tricks(tricks)} of the deal")
                elif others > tricks:
                    why = (f"the engine bars no bid: the others bid {others} in all, more than the "
                           f"{_tricks(tricks)} of the deal")
                else:
                    why = f"the engine bars no bid: {self.game.name} leaves the dealer's bid free"
                problems.append(self._mismatch("dealer_barred", f"{claimed}, but {why}"))
        return problems


def _tricks(count: int) -> str:
    return f"{count} trick" if count == 1 else f"{count} tricks"


def _are(count: int) -> str:
    return "is" if count == 1 else "are"


@dataclass(frozen=True)
class DealCounts:
    stock: int
    """Cards in the stock once trump is turned, the trump indicator included."""
    drawing_rounds: int
    tricks: int
    indicator_drawn: bool


@dataclass(frozen=True)
class DealExample(Example):
    """How long a drawing deal lasts at a table (A16–A18, R10): read off a deal the engine plays,
    so the counts are what happens, not a formula that could disagree with it."""

    players: int
    team_size: int

    kind = "deal"

    def solve(self) -> DealCounts:
        table = Table.for_game(self.game, self.players, self.team_size)
        rng = random.Random(0)
        deal = Deal(self.game, table, 0, rng)
        play_out(deal, random_strategy, rng)  # a game that draws turns trump up and is never thrown in
        draws = sum(1 for event in deal.log if isinstance(event, Draw))
        return DealCounts(draws + len(deal.stock), draws // self.players, deal.tricks,
                          deal.indicator_taker is not None)

    def check(self) -> list[Problem]:
        counts = self.solve()
        problems = []
        for key in ("stock", "drawing_rounds", "tricks", "indicator_drawn"):
            actual = getattr(counts, key)
            if key in self.expect and self.expect[key] != actual:
                problems.append(self._mismatch(key, f"expected {key.replace('_', ' ')} {self.expect[key]}, but "
                                                    f"a deal the engine plays at {self.players} players gives {actual}"))
        return problems


@dataclass(frozen=True)
class GameExample(Example):
    """A fact of game.yml stated in prose: the deck, a hand, the points, the direction."""

    kind = "game"

    def facts(self) -> dict[str, Any]:
        game, procedure = self.game, self.game.procedure
        bidding, solo = procedure.find(Bidding), procedure.find(SoloOffer)
        scoring = game.scoring if isinstance(game.scoring, TrickScoring) else None
        odd = game.scoring if isinstance(game.scoring, OddTricks) else None
        trump = procedure.find(TrumpSet)
        bids = procedure.find(TrickBids)
        penalties = game.scoring if isinstance(game.scoring, PenaltyPoints) else None
        race = game.scoring if isinstance(game.scoring, GamePoints) else None
        passing = procedure.find(PassCards)
        tricks = procedure.find(Tricks)
        assert isinstance(tricks, Tricks)  # check requires one
        return {"cards": len(game.deck), "hand": game.hand_size, "points": game.total_points,
                "direction": game.direction.value, "next_dealer": game.next_dealer.value,
                "players": list(game.players),
                "forecast": game.forecast,
                "packets": list(procedure.packets),
                "phases": [phase.name for phase in procedure.phases],
                "bidding": [r.value for r in bidding.rounds] if isinstance(bidding, Bidding) else [],
                "stick_the_dealer": isinstance(bidding, Bidding) and bidding.stick_the_dealer,
                "solo": [a.value for a in solo.asked] if isinstance(solo, SoloOffer) else [],
                "target": (scoring.round if scoring else odd.target if odd else penalties.target if penalties
                           else race.target if race else None),
                "moon": penalties.moon if penalties else None,
                "pass": passing.cards if isinstance(passing, PassCards) else None,
                "pass_directions": [d.value for d in passing.directions] if isinstance(passing, PassCards) else None,
                "first_lead": tricks.first_lead, "unbroken": tricks.unbroken,
                "clean_first_trick": tricks.clean_first_trick,
                "late_follow": tricks.late_follow.value if tricks.late_follow is not None else None,
                "closing": tricks.closing, "exchange": tricks.exchange, "marriage": tricks.marriage,
                "trump_marriage": tricks.trump_marriage,
                "deal_target": race.deal_target if race else None, "last_trick": race.last_trick if race else None,
                "rounds": scoring.rounds if scoring else None,
                "declarers": scoring.declarers if scoring else None,
                "follow": game.follow.value,
                "whole_pack": procedure.deal.whole_pack,
                "trump_from": trump.source.value if isinstance(trump, TrumpSet) else None,
                "book": odd.book if odd else None,
                "hand_sizes": procedure.deal.hand_sizes.value if procedure.deal.hand_sizes else None,
                "dealer_restricted": bids.dealer_restricted if isinstance(bids, TrickBids) else None,
                "partner_draw": game.partner_draw.rank if game.partner_draw else None,
                "first_dealer": game.partner_draw.first if game.partner_draw else None}

    def check(self) -> list[Problem]:
        facts = self.facts()
        return [self._mismatch(key, f"expected {key} {self.expect[key]}, but game.yml gives {facts[key]}")
                for key in facts if key in self.expect and self.expect[key] != facts[key]]


TURNS = MappingProxyType({
    "first_leader": MappingProxyType({
        "after-dealer": "the first player after the dealer who takes part in the play leads the first trick",
        "card-holder": "whoever holds the card set by the tricks phase's first_lead leads it to the first trick"}),
    "next_leader": MappingProxyType({
        "winner": "the winner of each trick leads the next",
        "in-turn": "the lead passes to the next player in turn"}),
    "turned_card": MappingProxyType({
        "dealer": "the dealer takes the turned card into the hand, whoever makes trump",
        "maker": "whoever makes trump takes the turned card into the hand",
        "stock": "the turned card lies under the stock, to be drawn last",
        "nobody": "the turned card goes out of play"}),
    "named_suits": MappingProxyType({
        "others": "in the second round a player may name any suit but the one turned down",
        "any": "in the second round a player may name any suit"}),
    "draw_order": MappingProxyType({
        "winner-first": "the trick's winner draws first, then the others in turn",
        "leader-first": "the trick's leader draws first, then the others in turn"}),
    "indicator": MappingProxyType({
        "last-drawer": "the trump indicator is the last card drawn, and the player who draws last takes it",
        "nobody": "nobody draws the trump indicator"}),
    "partners": MappingProxyType({
        "alternate": "partners and opponents alternate round the table: each player sits between two opponents",
        "together": "partners sit next to each other",
        "none": "everyone plays alone"}),
    "bid_order": MappingProxyType({
        "after-dealer": "each round of bidding starts with the player after the dealer and goes round in turn, the "
                        "dealer last"}),
    "announced_on": MappingProxyType({
        "lead": "a marriage, an exchange or a close is offered only to the player on lead, before the lead"}),
    "exchange_while": MappingProxyType({
        "more-than-two": "the exchange is offered while the stock is open and holds more than two cards",
        "open": "the exchange is offered while the stock is open"}),
    "deal_ends": MappingProxyType({
        "at-target": "the deal ends the moment a player reaches the deal's target: nobody plays on with it"}),
    "last_trick_bonus": MappingProxyType({
        "stock-used-up": "the last trick's bonus counts only when the stock was drawn to its end, not when it was "
                         "closed",
        "always": "the last trick's bonus counts whether the stock was drawn to its end or closed"}),
    "cut": MappingProxyType({
        "top-trumps": "the player before the dealer in turn cuts, and may take the card exposed at the cut when it is "
                      "a fixed top trump, then the card above it when that is one too; the cutter is dealt one card "
                      "fewer for each card taken"}),
    "chooser": MappingProxyType({
        "after-dealer": "a card is turned once the cards are dealt, and the player after the dealer decides whether "
                        "its suit is trump, taking it on accepting"}),
    "refusal": MappingProxyType({
        "turn-on": "after a refusal, cards are turned one at a time until one of another suit: its suit is trump, "
                   "and the chooser takes that card; when every card turned is of one suit, that suit is trump, "
                   "and the chooser takes them all; either way the chooser then discards as many cards"}),
    "turned_top_trump": MappingProxyType({
        "home-suit": "a fixed top trump turned for trump counts as a card of its home suit, whether the chooser "
                     "accepts it or refuses it"}),
    "lone_first_leader": MappingProxyType({
        "after-dealer": "when a player plays alone, the first player after the dealer who takes part in the play "
                        "leads the first trick, passing over a partner who sits out"}),
    "pack_used_up": MappingProxyType({
        "no-trump": "a deal whose hands use up the whole pack has no card left to turn and is played without trump; "
                    "in any other deal the card turned sets trump"}),
    "marriage_counts": MappingProxyType({
        "first-trick": "a marriage's points count once its player has taken a trick: shown before that, they wait, "
                       "and are added with the first trick"}),
    "broken_by": MappingProxyType({
        "suit-played": "the restricted suit is broken once a card of it has been played to a trick, led or thrown, "
                       "and by nothing else"}),
})
"""The values a `turns` claim may expect of each key, with what each means, which a refusal
quotes for the value the engine's deals fit."""


@dataclass(frozen=True)
class TurnsExample(Example):
    """Who does what, and in which order, in a deal: read off deals the engine plays, with the
    decision a rule is about forced at every seat in turn (each player ordering up), so that a
    sentence about turns is held to what the engine does, not to the words of game.yml."""

    players: int
    team_size: int

    kind = "turns"

    def table(self) -> Table:
        return Table.for_game(self.game, self.players, self.team_size)

    def played(self) -> list[Deal]:
        """A few whole deals from every dealer's seat, of the game's longest hands; never closing
        the stock, so that a drawing deal draws the stock to its end whenever it lasts that long."""
        table, deals, game = self.table(), [], self.game
        longest = max(range(game.procedure.deal.deals(self.players, len(game.deck)) or 1),
                      key=lambda number: game.hand_size_at(self.players, number))
        for dealer in range(self.players):
            for seed in range(3):
                rng = random.Random(seed)
                deal = Deal(game, table, dealer, rng, longest)
                play_out(deal, _never_closing, rng)
                deals.append(deal)
        return deals

    def made(self, target: int, dealer: int = 0) -> Deal:
        """A deal stopped once trump is made, `target` ordering up in the first round of bidding
        and everyone else passing (with -1, everyone passes the first round); a chooser accepts,
        forecasters pass."""
        rng = random.Random(target)
        deal = Deal(self.game, self.table(), dealer, rng)
        while deal.phase in ("cut", "pass", "forecast", "choose", "bid") and not (
                deal.phase == "bid" and deal.bid_round > 0):
            actions = deal.legal_actions()
            if deal.phase == "bid":
                action = next(a for a in actions if (a.suit is not None) == (a.seat == target))
            elif deal.phase in ("choose", "forecast"):
                action = actions[0] if deal.phase == "choose" else next(a for a in actions if a.card is None)
            else:
                action = rng.choice(actions)
            deal.apply(action)
        return deal

    def fits(self, key: str) -> list[Any]:
        """The values of `key` that every deal observed fits."""
        if key in ("turned_card", "discard_turned"):
            return self._turned(key)
        if key in RACE_KEYS:
            return self._race(key)
        if key in _ANSWERED:
            return _ANSWERED[key](self)
        deals = [deal for deal in self.played() if any(isinstance(e, events.Trick) for e in deal.log)]
        if key == "indicator":  # a deal of a race may end before its stock does
            deals = [deal for deal in deals if not deal.stock] or deals
        return [value for value in TURNS[key] if all(_FITS[key](self, deal, value) for deal in deals)]

    def _turned(self, key: str) -> list[Any]:
        """Where the turned card is once trump is made, each player in turn ordering it up when a
        bidding decides; and whether whoever took it may discard it at once."""
        deals = [self.made(target) for target in range(self.players)]
        if key == "discard_turned":
            return [all(deal.phase == "discard" and deal.taker is not None and deal.turned is not None
                        and Discard(deal.taker, deal.turned) in deal.legal_actions() for deal in deals)]
        where = {"dealer": lambda d: d.turned in d.hands[d.dealer],
                 "maker": lambda d: d.maker is not None and d.turned in d.hands[d.maker],
                 "stock": lambda d: d.turned in d.stock, "nobody": lambda d: d.turned in d.out}
        return [value for value in TURNS[key] if all(where[value](deal) for deal in deals)]

    def _partners(self) -> list[Any]:
        table = self.table()
        if table.team_size == 1:
            return ["none"]
        apart = all(table.team_of(seat) != table.team_of(table.next(seat)) for seat in range(table.players))
        return ["alternate" if apart else "together"]

    def _broken_by(self) -> list[Any]:
        """Before every trick of deals the engine plays, the restricted suit counts as broken
        exactly when a card of it lies in an earlier trick: Q♠ or any other card breaks nothing."""
        rules = self.game.procedure.tricks
        assert rules is not None and rules.unbroken is not None  # the builder asks only of such a game
        seen: list[bool] = []

        def watching(state: Deal, rng: random.Random):
            if state.phase == "play" and not state.trick:
                suit_of = self.game.table(state.trump).suit
                played = [card for event in _tricks_of(state) for card in event.plays]
                seen.append(state.broken == any(suit_of[card] is rules.unbroken for card in played))
            return _never_closing(state, rng)

        for dealer in range(self.players):
            for seed in range(3):
                rng = random.Random(seed)
                play_out(Deal(self.game, self.table(), dealer, rng), watching, rng)
        return ["suit-played"] if seen and all(seen) else []

    def _race(self, key: str) -> list[Any]:
        """Read off deals played with every legal action in reach, marriages, exchanges and closes
        among them, watched at each decision: where those are offered, when the exchange is, that
        nobody moves once a player has the deal's target, and what the last trick adds."""
        game, phase = self.game, self.game.procedure.tricks
        assert phase is not None  # the builder asks only of a game with tricks
        scoring = game.scoring
        fits = {value: True for value in TURNS[key]}
        waited = added = False

        def marriages(state: Deal) -> None:
            """Each seat's card points: its tricks', and its marriages' once it has taken a trick."""
            nonlocal waited, added
            tricks = _tricks_of(state)
            for seat in range(state.table.players):
                won = [trick for trick in tricks if trick.winner == seat]
                shown = sum(event.points for event in state.log
                            if isinstance(event, events.Married) and event.seat == seat)
                fits["first-trick"] &= state.card_points[seat] == sum(t.points for t in won) + (shown if won else 0)
                waited |= shown > 0 and not won
                added |= bool(won) and any(isinstance(event, events.Married) and event.seat == seat
                                           and not event.counted for event in state.log)

        def watching(state: Deal, rng: random.Random):
            actions, seat = state.legal_actions(), state.to_move
            announced = [a for a in actions if type(a) in (Meld, Exchange, Close)]
            exchangeable = (seat is not None and state.phase == "play" and not state.trick and state.trump is not None
                            and phase.exchange is not None and Card(phase.exchange, state.trump) in state.hands[seat])
            if key == "announced_on":
                fits["lead"] &= not announced or (not state.trick and seat == state.leader)
            elif key == "exchange_while" and exchangeable:
                offered, open_stock = any(type(a) is Exchange for a in actions), state.closed_by is None
                fits["more-than-two"] &= offered == (open_stock and len(state.stock) > 2)
                fits["open"] &= offered == (open_stock and bool(state.stock))
            elif key == "marriage_counts":
                marriages(state)
            elif key == "deal_ends" and isinstance(scoring, GamePoints):
                fits["at-target"] &= max(state.card_points) < scoring.deal_target
            if key == "exchange_while":  # keep the card to exchange in hand, to the stock's last cards
                kept = [a for a in actions if type(a) not in (Exchange, Close)
                        and not (phase.exchange is not None and getattr(a, "card", None) is not None
                                 and a.card.rank is phase.exchange and a.card.suit is state.trump)]
                return rng.choice(kept or actions)
            return rng.choice(actions)

        deals = []
        for dealer in range(self.players):
            for seed in range(48 if key == "marriage_counts" else 12):  # a marriage waiting for a trick is rare
                rng = random.Random(seed)
                deal = Deal(game, self.table(), dealer, rng)
                play_out(deal, watching, rng)
                deals.append(deal)
        if key == "last_trick_bonus":
            played_out = [deal for deal in deals if not any(deal.hands)]
            closed = [deal for deal in played_out if deal.closed_by is not None]
            drawn = [deal for deal in played_out if deal.closed_by is None]
            fits["stock-used-up"] = all(_bonus(deal) == 0 for deal in closed) and all(_bonus(deal) > 0 for deal in drawn)
            fits["always"] = all(_bonus(deal) > 0 for deal in played_out)
            if not closed or not drawn:
                return []
        if key == "marriage_counts" and not (waited and added):
            return []
        return [value for value, fit in fits.items() if fit]

    def _seeded(self) -> Iterator[Deal]:
        """Fresh deals, a seed each, the deal passing round the table: where an arrangement as rare
        as two top trumps at the cut, or a talon of one suit, is looked for."""
        for seed in range(SEARCHED_DEALS):
            yield self._dealt(seed)

    def _dealt(self, seed: int) -> Deal:
        return Deal(self.game, self.table(), seed % self.players, random.Random(seed))

    def _cut(self) -> list[Any]:
        """Each fixed top trump exposed at the cut is offered to the player before the dealer, who
        takes it; the offer stops at the first other card; the cutter's hand is then as large as
        any, the cards taken in it. Deals are looked at until every number of cards taken, none
        to the most, has been seen."""
        phase = self.game.procedure.find(Cut)
        assert isinstance(phase, Cut)  # the builder asks only of a game with a cut
        trees, hand = self.game.permanent_trumps, self.game.hand_size
        fits, seen = True, set()
        for deal in self._seeded():
            cutter, taken = deal.table.next(deal.dealer, -1), 0
            while deal.phase == "cut":
                fits &= (deal.exposed[taken] in trees and deal.to_move == cutter
                         and set(deal.legal_actions()) == {TakeTree(cutter, True), TakeTree(cutter, False)})
                deal.apply(TakeTree(cutter, True))
                taken += 1
            on_top = next((n for n, card in enumerate(deal.exposed) if card not in trees), len(deal.exposed))
            fits &= (taken == on_top and all(card in deal.hands[cutter] for card in deal.exposed[:taken])
                     and all(len(cards) == hand for cards in deal.hands))
            seen.add(taken)
            if len(seen) == phase.take + 1:
                return ["top-trumps"] if fits else []
        return []

    def _chosen(self) -> Iterator[tuple[int, Deal]]:
        """Deals at the chooser's decision, with their seeds; the cutter leaves every top trump,
        so that one may be turned."""
        for seed, deal in enumerate(self._seeded()):
            yield seed, _left_at_cut(deal)

    def _chooser(self) -> list[Any]:
        """In twelve deals, the deal passing round the table: whoever is asked about the turned card
        sits after the dealer, and takes the card, whose suit is trump, on accepting (top trumps
        aside: `turned_top_trump` asks of them)."""
        trees, fits = self.game.permanent_trumps, True
        for _, deal in islice(self._chosen(), 12):
            turned, seat = deal.turned, deal.chooser
            if not (deal.phase == "choose" and turned is not None and deal.to_move == seat == deal.table.next(deal.dealer)
                    and all(turned not in cards for cards in deal.hands)):
                return []
            if turned in trees:
                continue
            deal.apply(ChooseTrump(seat, True))
            fits &= deal.trump is turned.suit and turned in deal.hands[seat]
        return ["after-dealer"] if fits else []

    def _refused(self, deal: Deal) -> bool:
        """Whether refusing the turned card in `deal` makes trump as the sentence says: turning on
        to the first card of another suit (a top trump counting as its home suit), or, with none,
        the chooser taking every card turned."""
        home, trees = self.game.permanent_trump_suit, self.game.permanent_trumps
        assert deal.turned is not None and deal.phase == "choose"  # `_chosen` deals of a game with a choice
        turned = [deal.turned, *deal.stock]
        suit_of = [home if card in trees else card.suit for card in turned]
        other = next((n for n, suit in enumerate(suit_of) if suit is not suit_of[0]), None)
        taken = turned[other:other + 1] if other is not None else turned
        seat, before = deal.chooser, list(deal.hands[deal.chooser])
        deal.apply(ChooseTrump(seat, False))
        return (deal.trump is suit_of[other if other is not None else 0] and deal.phase == "discard"
                and deal.to_move == seat and deal.discards_due == len(taken)
                and sorted(map(str, deal.hands[seat])) == sorted(map(str, before + taken)))

    def _refusal(self) -> list[Any]:
        """Refusals with no top trump among the cards turned, until both a card of another suit
        and a talon of one suit have been seen."""
        trees, fits, seen = self.game.permanent_trumps, True, set()
        for _, deal in self._chosen():
            if deal.turned is None or any(card in trees for card in (deal.turned, *deal.stock)):
                continue
            seen.add(len({card.suit for card in (deal.turned, *deal.stock)}) == 1)
            fits &= self._refused(deal)
            if len(seen) == 2:
                return ["turn-on"] if fits else []
        return []

    def _turned_top_trump(self) -> list[Any]:
        """Deals whose turned card is a fixed top trump, accepted (its home suit is trump) and,
        dealt again from the same seed, refused: until a few of each are seen."""
        home, trees = self.game.permanent_trump_suit, self.game.permanent_trumps
        fits, seen = True, 0
        for seed, deal in self._chosen():
            if deal.turned not in trees:
                continue
            again = _left_at_cut(self._dealt(seed))
            seat, turned = deal.chooser, deal.turned
            deal.apply(ChooseTrump(seat, True))
            fits &= deal.trump is home and turned in deal.hands[seat] and self._refused(again)
            seen += 1
            if seen == 6:
                return ["home-suit"] if fits else []
        return []

    def _lone_first_leader(self) -> list[Any]:
        """From every dealer's seat, each player in turn makes trump and the first player asked
        plays alone; the first trick's leader is the first player after the dealer who plays,
        and at least one deal passes over a partner sitting out."""
        fits, passed_over = True, False
        for dealer in range(self.players):
            for target in range(self.players):
                deal = self.made(target, dealer)
                rng = random.Random(target)
                while deal.phase != "play":
                    deal.apply(Solo(deal.solo_asked[0], True) if deal.phase == "solo"
                               else rng.choice(deal.legal_actions()))
                play_out(deal, random_strategy, rng)
                first = _tricks_of(deal)[0]
                fits &= deal.solo is not None and _first_leader(self, deal, "after-dealer")
                passed_over |= deal.table.next(dealer) not in deal.players and first.leader != deal.table.next(dealer)
        return ["after-dealer"] if fits and passed_over else []

    def _pack_used_up(self) -> list[Any]:
        """Every deal of the game's sequence of hand sizes, at this table, up to its trump."""
        table, deck = self.table(), len(self.game.deck)
        fits = True
        for number in range(self.game.procedure.deal.deals(self.players, deck) or 1):
            deal = Deal(self.game, table, 0, random.Random(number), number)
            dealt = next(event for event in deal.log if isinstance(event, events.Dealt))
            if sum(map(len, dealt.hands)) == deck:
                fits &= deal.turned is None and deal.trump is None
            else:
                fits &= deal.turned is not None and deal.trump is deal.turned.suit
        return ["no-trump"] if fits else []

    def _named(self) -> list[Any]:
        """The suits the first player of the second round of bidding may name."""
        deal = self.made(-1)
        assert deal.turned is not None  # the builder asks only of a game with a second round
        turned = deal.trump_suit_of(deal.turned)
        named = {action.suit for action in deal.legal_actions() if action.suit is not None}
        suits = {"others": set(self.game.suits) - {turned}, "any": set(self.game.suits)}
        return [value for value in TURNS["named_suits"] if named == suits[value]]

    def check(self) -> list[Problem]:
        problems = []
        for key in self.expect.values:
            fits, expected = self.fits(key), self.expect[key]
            if expected in fits:
                continue
            if key == "discard_turned":
                why = (f"whoever takes the turned card {'may' if fits[0] else 'may not'} discard it at once "
                       "in the deals the engine plays")
                problems.append(self._mismatch(key, f"expected discard_turned {str(expected).lower()}, but "
                                                    f"the engine gives {str(fits[0]).lower()}: {why}"))
                continue
            meanings = TURNS[key]
            why = (meanings[fits[0]] if fits else "the deals the engine plays at "
                   f"{self.players} players fit none of " + ", ".join(meanings))
            problems.append(self._mismatch(key, f"expected {key} {expected}, but the engine gives "
                                                f"{fits[0] if fits else 'none'}: {why}"))
        return problems


def _never_closing(state: Deal, rng: random.Random):
    """Any legal action but closing the stock: a closed stock is never drawn to its end."""
    return rng.choice([action for action in state.legal_actions() if type(action) is not Close])


def _left_at_cut(deal: Deal) -> Deal:
    """`deal` once its cutter has left every top trump offered, so that one may be turned."""
    while deal.phase == "cut":
        deal.apply(TakeTree(deal.cutter, False))
    return deal


def _tricks_of(deal: Deal) -> list[events.Trick]:
    return [event for event in deal.log if isinstance(event, events.Trick)]


def _first_leader(example: TurnsExample, deal: Deal, value: str) -> bool:
    first = _tricks_of(deal)[0]
    if value == "card-holder":
        card = example.game.procedure.tricks.first_lead
        return card is not None and first.plays[0] == card
    after = next(seat for seat in deal.table.order_from(deal.table.next(deal.dealer)) if seat in deal.players)
    return first.leader == after


def _next_leader(example: TurnsExample, deal: Deal, value: str) -> bool:
    tricks = _tricks_of(deal)
    return all(later.leader == (trick.winner if value == "winner" else trick.seats[1])
               for trick, later in zip(tricks, tricks[1:]))


def _draw_order(example: TurnsExample, deal: Deal, value: str) -> bool:
    """Every round of drawing after a trick starts with its winner (or leader) and goes on in turn."""
    rounds: list[tuple[events.Trick, list[int]]] = []
    for event in deal.log:
        if isinstance(event, events.Trick):
            rounds.append((event, []))
        elif isinstance(event, events.Draw) and rounds:
            rounds[-1][1].append(event.seat)
    return all(seats == [seat for seat in deal.table.order_from(trick.winner if value == "winner-first"
                                                                 else trick.leader) if seat in deal.players]
               for trick, seats in rounds if seats)


def _bonus(deal: Deal) -> int:
    """What the last trick's winner has beyond the points of their tricks and marriages: the last
    trick's bonus, in a deal played to its last card."""
    tricks = _tricks_of(deal)
    seat = tricks[-1].winner
    marriages = sum(event.points for event in deal.log if isinstance(event, events.Married) and event.seat == seat)
    return deal.card_points[seat] - sum(t.points for t in tricks if t.winner == seat) - marriages


def _bid_order(example: TurnsExample, deal: Deal, value: str) -> bool:
    """Every round of bids in the log, from the player after the dealer round to the dealer."""
    bids = [event.seat for event in deal.log if isinstance(event, (events.Bid, events.TricksBid))]
    order = [seat for seat in deal.table.order_from(deal.table.next(deal.dealer)) if seat in deal.players]
    return bool(bids) and all(bids[start:start + len(order)] == order[:len(bids[start:start + len(order)])]
                              for start in range(0, len(bids), len(order)))


def _indicator(example: TurnsExample, deal: Deal, value: str) -> bool:
    """last-drawer: the deal drew its stock to the end, the indicator last, to the last drawer;
    nobody: the deal never drew it."""
    drawn = [event for event in deal.log if isinstance(event, events.Draw)]
    if value == "nobody":
        return deal.indicator_taker is None and all(event.card != deal.indicator for event in drawn)
    return (not deal.stock and bool(drawn) and drawn[-1].card == deal.indicator
            and deal.indicator_taker == drawn[-1].seat)


RACE_KEYS = ("announced_on", "exchange_while", "deal_ends", "last_trick_bonus", "marriage_counts")
"""The keys of a `turns` claim read off whole deals of a race to card points, watched as they go."""

SEARCHED_DEALS = 20000
"""Deals at most a `turns` claim looks through for an arrangement its sentence is about: a talon of
one suit comes about once in some two hundred Altbaumer deals."""

_ANSWERED = MappingProxyType({"named_suits": TurnsExample._named, "partners": TurnsExample._partners,
                              "broken_by": TurnsExample._broken_by, "cut": TurnsExample._cut,
                              "chooser": TurnsExample._chooser, "refusal": TurnsExample._refusal,
                              "turned_top_trump": TurnsExample._turned_top_trump,
                              "lone_first_leader": TurnsExample._lone_first_leader,
                              "pack_used_up": TurnsExample._pack_used_up})
"""The keys of a `turns` claim answered by a method of their own (the table, or deals made or
looked for to that end), rather than by testing each value on the deals `played` plays."""

_FITS = MappingProxyType({"first_leader": _first_leader, "next_leader": _next_leader, "draw_order": _draw_order,
                          "indicator": _indicator, "bid_order": _bid_order})
"""How a played deal is tested against each value of a key read off whole deals."""
