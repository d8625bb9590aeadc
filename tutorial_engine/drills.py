"""Drills: questions the engine generates from a seed and answers itself.

A drill in YAML names a kind, a count, a seed and constraints; `generate` draws that many
variants from a random generator seeded with the game, the drill id and the seed, so every
build gives the same questions. Each variant carries the engine's answer: the browser only
compares.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from yaml.nodes import MappingNode

from .cards import Card, Suit
from .examples import (
    Expectation,
    ForecastExample,
    LegalExample,
    RankingExample,
    TrickExample,
)
from .forecast import forecast_seats
from .game import FollowRule, GameSpec
from .gamefile import SLUG
from .problems import Location, Problems
from .rules import Duty, WinReason, legal_plays, trick_verdict
from .schema import INVALID, Choice, Context, Field, Integer, ListOf, Rec, Record, Text
from .scoring import TrickScoring, VictoryPoints
from .seating import Table
from .source import Source

NAMES = ("Anna", "Boris", "Chiara", "Dawit", "Emeka", "Farida")
"""Seat names in drills: the same players as the worked examples, so translators meet them once."""
MAX_TRIES = 10_000

CONSTRAINTS = {
    "trick": ("trump-played", "no-trump", "off-suit-ace", "tree-played"),
    "strongest": ("trump-suit", "plain-suit"),
    "card-values": (),
    "order": ("trump-suit", "plain-suit", "trees"),
    "legal": ("follow", "play-tree", "trump", "free"),
    "forecast-exchange": (),
    "forecast-allowed": (),
    "scoring": (),
}

DRILL = Record("a drill", {
    "id": Field(Text("a drill id", **SLUG), required=True),
    "kind": Field(Choice(CONSTRAINTS, "a kind of drill"), required=True),
    "title": Field(Text("a title"), required=True),
    "count": Field(Integer("a number of questions", minimum=30), doc="At least 30; default 30."),
    "seed": Field(Integer("a seed", minimum=0), doc="Change it for another set of questions."),
    "players": Field(Integer("a number of players", minimum=2), doc="Seats at the table."),
    "team_size": Field(Integer("a team size", minimum=1)),
    "cards": Field(Integer("a number of cards", minimum=2), doc="Cards in a row (strongest)."),
    "constraints": Field(ListOf(Text("a constraint"), min_items=1),
                         doc="Keep only questions that meet every constraint."),
})

DRILLS_FILE = Record("a drills file", {
    "game": Field(Text("a game id", **SLUG), doc="Needed only outside examples/<game>/."),
    "drills": Field(ListOf(DRILL, what="a list of drills", min_items=1, keep_valid=True), required=True),
})


@dataclass(frozen=True)
class Drill:
    id: str
    kind: str
    game: GameSpec
    title: str
    count: int
    seed: int
    players: int
    team_size: int
    cards: int
    constraints: tuple[str, ...]
    location: Location


@dataclass(frozen=True)
class StrongestVariant:
    ranking: RankingExample


@dataclass(frozen=True)
class ValueVariant:
    card: Card
    points: int


@dataclass(frozen=True)
class OrderVariant:
    ranking: RankingExample
    """Two cards; the first of its order is the higher."""


@dataclass(frozen=True)
class ExchangeVariant:
    example: ForecastExample


@dataclass(frozen=True)
class VictoryVariant:
    game: GameSpec
    sides: tuple[tuple[str, ...], ...]
    """The players of each side: one name, or a team's names."""
    totals: tuple[int, ...]
    team_size: int


@dataclass(frozen=True)
class TrickScoreVariant:
    game: GameSpec
    declarer_tricks: int
    before: tuple[int, int]
    """The declarers' and the defenders' running scores before this deal."""


def is_drills_file(node) -> bool:
    return isinstance(node, MappingNode) and any(getattr(k, "value", None) == "drills" for k, _ in node.value)


def load_drills(source: Source, problems: Problems, game: GameSpec | None) -> list[Drill]:
    rec = DRILLS_FILE.read(source.root, Context(source, problems, game))
    if rec is INVALID or game is None:
        return []
    drills = []
    for item in rec["drills"]:
        drill = _build(item, game, problems)
        if drill is not None:
            drills.append(drill)
    return drills


def _build(rec: Rec, game: GameSpec, problems: Problems) -> Drill | None:
    kind = rec["kind"]
    failed = False
    for name, location in zip(rec.get("constraints", ()), getattr(rec.get("constraints"), "locations", ())):
        if name not in CONSTRAINTS[kind]:
            allowed = ", ".join(CONSTRAINTS[kind]) or "none"
            problems.add(location, f"'{name}' is not a constraint of {kind} drills (constraints: {allowed})")
            failed = True
    needs = {"legal": game.follow is not FollowRule.NONE, "forecast-exchange": game.forecast,
             "forecast-allowed": game.forecast, "card-values": game.total_points > 0,
             "scoring": game.scoring is not None}
    if not needs.get(kind, True):
        problems.add(rec.at("kind"), f"{game.name} has no use for {kind} drills")
        failed = True
    players = rec.get("players", min(game.trick_sizes))
    if "players" in rec and players not in (game.trick_sizes if kind == "trick" else game.players):
        problems.add(rec.at("players"), f"{game.name} is not played by {players} players")
        failed = True
    team_size = rec.get("team_size", 1)
    if "team_size" in rec and team_size not in game.team_sizes(players):
        problems.add(rec.at("team_size"), f"{game.name} with {players} players has no teams of {team_size}")
        failed = True
    if failed:
        return None
    drill = Drill(id=rec["id"], kind=kind, game=game, title=rec["title"], count=rec.get("count", 30),
                  seed=rec.get("seed", 0), players=players, team_size=team_size,
                  cards=rec.get("cards", 5), constraints=tuple(rec.get("constraints", ())),
                  location=rec.location)
    try:
        generate(drill)
    except DrillError as error:
        problems.add(rec.location, str(error))
        return None
    return drill


class DrillError(ValueError):
    """The constraints cannot be met, so no question can be drawn."""


def generate(drill: Drill) -> list:
    """`drill.count` distinct variants, the same on every build."""
    rng = random.Random(f"{drill.game.id}/{drill.id}/{drill.seed}")
    make: Callable = _MAKERS[drill.kind]
    variants, seen = [], set()
    for _ in range(MAX_TRIES):
        variant = make(drill, rng)
        key = repr(variant)
        if variant is not None and key not in seen:
            seen.add(key)
            variants.append(variant)
            if len(variants) == drill.count:
                return variants
    raise DrillError(f"only {len(variants)} different questions meet the constraints of "
                     f"'{drill.id}' in {MAX_TRIES:,} tries; relax them or lower 'count'")


def _meta(drill: Drill) -> dict:
    return dict(id=drill.id, location=drill.location, game=drill.game, title=None, cites=(),
                expect=Expectation())


def _trick(drill: Drill, rng: random.Random) -> TrickExample | None:
    game = drill.game
    trump = rng.choice(game.suits)
    plays = tuple(rng.sample(game.deck, drill.players))
    verdict = trick_verdict(game, trump, plays)
    table = game.table(trump)
    wanted = set(drill.constraints)
    if "trump-played" in wanted and not any(c in table.trump_strength for c in plays):
        return None
    if "no-trump" in wanted and any(c in table.trump_strength for c in plays):
        return None
    if "off-suit-ace" in wanted and not any(
            c.rank is game.plain_order[0] and table.suit[c] not in (verdict.led, trump) for c in plays):
        return None
    if "tree-played" in wanted and verdict.reason is not WinReason.TREE:
        return None
    seats = NAMES[:drill.players]
    leader = rng.randrange(drill.players)
    return TrickExample(**_meta(drill), trump=trump, seats=seats, leader=leader, plays=plays)


def _suit_row(drill: Drill, rng: random.Random, size: int) -> tuple[Suit | None, tuple[Card, ...]]:
    game = drill.game
    suit = rng.choice(game.suits)
    wanted = set(drill.constraints)
    is_trump = "trump-suit" in wanted or ("plain-suit" not in wanted and rng.random() < 0.5)
    if is_trump:
        trump = suit
    else:
        trump = rng.choice([s for s in game.suits if s is not suit])
    cards = [c for c in game.deck if c.suit is suit and c not in game.permanent_trumps]
    return trump, tuple(rng.sample(cards, size))


def _strongest(drill: Drill, rng: random.Random) -> StrongestVariant:
    trump, cards = _suit_row(drill, rng, drill.cards)
    return StrongestVariant(RankingExample(**_meta(drill), trump=trump, cards=cards))


def _value(drill: Drill, rng: random.Random) -> ValueVariant:
    card = rng.choice(drill.game.deck)
    return ValueVariant(card, drill.game.card_points(card))


def _order(drill: Drill, rng: random.Random) -> OrderVariant:
    game = drill.game
    if "trees" in drill.constraints and game.permanent_trumps:
        trump = rng.choice(game.suits)
        tree = rng.choice(game.permanent_trumps)
        other = rng.choice([c for c in game.deck if c is not tree])
        cards = (tree, other) if rng.random() < 0.5 else (other, tree)
    else:
        trump, cards = _suit_row(drill, rng, 2)
    return OrderVariant(RankingExample(**_meta(drill), trump=trump, cards=cards))


def _legal(drill: Drill, rng: random.Random) -> LegalExample | None:
    game = drill.game
    trump = rng.choice(game.suits)
    size = rng.randrange(1, max(game.trick_sizes))
    cards = rng.sample(game.deck, size + game.hand_size)
    trick, hand = tuple(cards[:size]), tuple(cards[size:])
    legality = legal_plays(game, trump, trick, hand)
    if drill.constraints and legality.duty.value not in drill.constraints:
        return None
    if legality.duty not in (Duty.FOLLOW, Duty.PLAY_TREE, Duty.TRUMP, Duty.FREE):
        return None
    return LegalExample(**_meta(drill), trump=trump, trick=trick, hand=hand)


def _forecast_table(drill: Drill, rng: random.Random):
    table = Table.for_game(drill.game, drill.players, drill.team_size)
    dealer = rng.randrange(table.players)
    return table, dealer, NAMES[:table.players]


def _exchange(drill: Drill, rng: random.Random) -> ExchangeVariant:
    table, dealer, seats = _forecast_table(drill, rng)
    seat = rng.choice(forecast_seats(table, dealer))
    forecast, turned = rng.sample(drill.game.deck, 2)
    if rng.random() < 0.5:
        turned = rng.choice([c for c in drill.game.deck if c.suit is forecast.suit and c is not forecast])
    return ExchangeVariant(ForecastExample(**_meta(drill), seats=seats, team_size=drill.team_size,
                                           dealer=dealer, forecasts=((seat, forecast),), turned=turned,
                                           seat=None, hand=()))


def _allowed(drill: Drill, rng: random.Random) -> ForecastExample | None:
    table, dealer, seats = _forecast_table(drill, rng)
    order = forecast_seats(table, dealer)
    position = rng.randrange(len(order))
    seat = order[position]
    earlier_seats = [s for s in order[:position] if rng.random() < 0.7]
    cards = rng.sample(drill.game.deck, len(earlier_seats) + drill.game.hand_size)
    forecasts, suits = [], set()
    for s, card in zip(earlier_seats, cards):
        if card.suit not in suits:
            forecasts.append((s, card))
            suits.add(card.suit)
    if not forecasts:
        return None
    hand = tuple(cards[len(earlier_seats):])
    return ForecastExample(**_meta(drill), seats=seats, team_size=drill.team_size, dealer=dealer,
                           forecasts=tuple(forecasts), turned=None, seat=seat, hand=hand)


def _scoring(drill: Drill, rng: random.Random):
    game = drill.game
    if isinstance(game.scoring, TrickScoring):
        target = game.scoring.round
        before = (rng.randrange(-2, target), rng.randrange(-2, target))
        return TrickScoreVariant(game, rng.randrange(0, 6), before)
    assert isinstance(game.scoring, VictoryPoints)
    table = Table(drill.players, drill.team_size)
    sides = table.team_count
    cuts = sorted(rng.randrange(0, game.total_points + 1) for _ in range(sides - 1))
    totals = tuple(b - a for a, b in zip([0, *cuts], [*cuts, game.total_points]))
    names = tuple(tuple(NAMES[s] for s in range(table.players) if table.team_of(s) == team)
                  for team in range(sides))
    return VictoryVariant(game, names, totals, drill.team_size)


_MAKERS = {
    "trick": _trick, "strongest": _strongest, "card-values": _value, "order": _order,
    "legal": _legal, "forecast-exchange": _exchange, "forecast-allowed": _allowed,
    "scoring": _scoring,
}
