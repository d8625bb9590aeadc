"""Drills: questions the engine generates from a seed and answers itself.

A drill in YAML names a kind, a count, a seed and constraints; `generate` draws that many
variants from a random generator seeded with the game, the drill id and the seed, so every
build gives the same questions. Each variant carries the engine's answer: the browser only
compares. Deal-scoring drills draw their questions from whole deals the engine plays out
(deal.py for Albastini, choicedeal.py's matches for Altbaumer) and keep the engine's results.
"""

from __future__ import annotations

import functools
import io
import itertools
import multiprocessing
import pickle
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from yaml.nodes import MappingNode

from .cards import Card, Suit
from .choicedeal import TRICKS, play_deals
from .deal import DrawingDeal, play_out, random_strategy, sensible_strategy
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
from .scoring import DealScore, DealVictory, Outcome, TrickScoring, VictoryPoints
from .seating import Table
from .source import Source

NAMES = ("Anna", "Boris", "Chiara", "Dawit", "Emeka", "Farida")
"""Seat names in drills: the same players as the worked examples, so translators meet them once."""
MAX_COUNT = 300
"""Questions in one drill: each is drawn, checked and written out in every locale."""
MAX_TRIES = 10_000
MAX_DEALS = 4_000
"""Whole deals simulated for one deal-scoring drill before its constraints are declared unmeetable."""

CONSTRAINTS = {
    "trick": ("trump-played", "no-trump", "off-suit-ace", "tree-played"),
    "strongest": ("trump-suit", "plain-suit"),
    "card-values": (),
    "order": ("trump-suit", "plain-suit", "trees"),
    "legal": ("follow", "play-tree", "trump", "free"),
    "forecast-exchange": (),
    "forecast-allowed": (),
    "scoring": (),
    "deal-scoring": (),  # by the game's deal procedure: DEAL_CONSTRAINTS
}

DEAL_CONSTRAINTS = {
    "draw": ("one-victory-point", "two-victory-points", "tie"),
    "trump-choice": ("solo", "solo-of-five", "round-won", "match-won", "decider"),
}
"""Constraints of deal-scoring drills, by the game's deal procedure (A20; B19–B21)."""

EXCLUSIVE = {
    frozenset({"one-victory-point", "two-victory-points"}): "a deal's winner scores one or the other",
    frozenset({"one-victory-point", "tie"}): "after a tie nobody scores",
    frozenset({"two-victory-points", "tie"}): "after a tie nobody scores",
    frozenset({"decider", "round-won"}): "the deciding deal writes no score, so it wins no round",
}
"""Constraint pairs that no deal can meet together, with the reason."""

DEAL_PROCEDURES = {"draw": VictoryPoints, "trump-choice": TrickScoring}
"""The deal procedures deal-scoring drills simulate, with the scoring each needs."""

DRILL = Record("a drill", {
    "id": Field(Text("a drill id", **SLUG), required=True,
                doc="Unique within the game; a learner's progress is kept under it."),
    "kind": Field(Choice(CONSTRAINTS, "a kind of drill"), required=True, doc="What each question asks."),
    "title": Field(Text("a title"), required=True, doc="The drill's heading."),
    "count": Field(Integer("a number of questions", minimum=30, maximum=MAX_COUNT),
                   doc=f"At least 30, at most {MAX_COUNT}; default 30."),
    "seed": Field(Integer("a seed", minimum=0), doc="Change it for another set of questions."),
    "players": Field(Integer("a number of players", minimum=2), doc="Seats at the table."),
    "team_size": Field(Integer("a team size", minimum=1), doc="Players in a team; default 1."),
    "cards": Field(Integer("a number of cards", minimum=2), doc="Cards in a row (strongest)."),
    "constraints": Field(ListOf(Text("a constraint"), min_items=1),
                         doc="Keep only questions that meet every constraint."),
})

DRILLS_FILE = Record("a drills file", {
    "game": Field(Text("a game id", **SLUG), doc="Needed only when the file is not in its game's folder under `examples/`."),
    "drills": Field(ListOf(DRILL, what="a list of drills", min_items=1, keep_valid=True), required=True,
                    doc="The drills of the game."),
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


@dataclass(frozen=True)
class DealCountVariant:
    """A whole simulated Albastini deal: the cards each side won, and the engine's count (A19, A20)."""

    game: GameSpec = field(repr=False)
    sides: tuple[tuple[str, ...], ...]
    """The players of each side, in seat order: one name, or a team's names."""
    won: tuple[tuple[Card, ...], ...]
    """The cards each side won, sorted by suit and rank."""
    unclaimed: tuple[Card, ...]
    """Cards nobody won: with five players, the trump indicator, never drawn (A18)."""
    points: tuple[int, ...]
    """The engine's total per side (DealResult.points)."""
    victory: DealVictory
    """The engine's verdict on the deal (DealResult.victory)."""
    asked: int
    """The learner counts the first `asked` sides; the others' totals are shown."""


ASKED_SIDES = 3
"""At most this many sides to count per question, so six players make five steps, not eight."""


@dataclass(frozen=True)
class MatchDealVariant:
    """One deal of a simulated Altbaumer match, with what play_deals wrote for it (B19–B21)."""

    game: GameSpec = field(repr=False)
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    """The two partnerships, seats 0 + 2 and 1 + 3."""
    trump: Suit
    chooser: str
    """Who chose the trump suit: their side declares."""
    declarers: int
    solo: str | None
    """Who played alone, if anyone."""
    sitting_out: str | None
    tricks: tuple[int, int]
    scores_before: tuple[int, int]
    rounds_before: tuple[int, int]
    decider: bool
    score: DealScore
    """The engine's B19 verdict for the declarers and the defenders."""
    score_change: tuple[int, int]
    """What each side wrote (nothing in the deciding deal)."""
    written: tuple[int, int]
    """The scores once this deal is written, before a won round sets them back to 0."""
    scores: tuple[int, int]
    rounds: tuple[int, int]
    round_winner: int | None
    solo_of_five: bool
    match_winner: int | None
    replay: tuple[int, str, int] = field(default=(0, "", 0), repr=False, compare=False)
    """(seed, strategy, deal number): play_deals(game, seed=…, strategy=…, match=True) gives it again."""


def is_drills_file(node) -> bool:
    return isinstance(node, MappingNode) and any(getattr(k, "value", None) == "drills" for k, _ in node.value)


def load_drills(source: Source, problems: Problems, game: GameSpec | None) -> list[Drill]:
    """The file's drills whose questions can be drawn (`drawable`)."""
    return drawable(read_drills(source, problems, game), problems)


def read_drills(source: Source, problems: Problems, game: GameSpec | None) -> list[Drill]:
    """The file's drills as written, their questions not drawn yet."""
    rec = DRILLS_FILE.read(source.root, Context(source, problems, game))
    if rec is INVALID or game is None:
        return []
    return [drill for item in rec["drills"] if (drill := _build(item, game, problems)) is not None]


def drawable(drills: list[Drill], problems: Problems, workers: int = 1, store=None) -> list[Drill]:
    """The drills whose questions can be drawn, drawn now (in up to `workers` processes) for
    `generate` to return; each of the others is a problem at its place in YAML. `store`
    (drillcache.DrawnDrills) has questions an earlier build drew, and keeps those drawn now."""
    found = {d: v for d in drills if store is not None and (v := store.get(d)) is not None}
    missing = [d for d in drills if d not in found]
    drawn = found | (_draw_in_processes(missing, workers) if workers > 1 and len(missing) > 1 else {})
    result = []
    for drill in drills:
        variants = drawn[drill] if drill in drawn else _attempt(drill)
        if isinstance(variants, DrillError):
            problems.add(drill.location, str(variants))
            continue
        if store is not None and drill not in found:
            store.put(drill, variants)
        result.append(drill)
    if drawn:
        _DRAWN.clear()
        _DRAWN.update((d, v) for d, v in drawn.items() if not isinstance(v, DrillError))
    return result


def _build(rec: Rec, game: GameSpec, problems: Problems) -> Drill | None:
    kind = rec["kind"]
    failed = False
    needs = {"legal": game.follow is not FollowRule.NONE, "forecast-exchange": game.forecast,
             "forecast-allowed": game.forecast, "card-values": game.total_points > 0,
             "scoring": game.scoring is not None,
             "deal-scoring": isinstance(game.scoring, DEAL_PROCEDURES.get(game.deal, ()))}
    if not needs.get(kind, True):
        problems.add(rec.at("kind"), f"{game.name} has no use for {kind} drills")
        failed = True
    constraints = rec.get("constraints", ())
    locations = getattr(rec.get("constraints"), "locations", ())
    if kind == "deal-scoring":
        allowed, of = DEAL_CONSTRAINTS.get(game.deal, ()), f"{game.name} {kind}"
    else:
        allowed, of = CONSTRAINTS[kind], kind
    for name, location in zip(constraints, locations):
        if name not in allowed:
            problems.add(location, f"'{name}' is not a constraint of {of} drills "
                                   f"(constraints: {', '.join(allowed) or 'none'})")
            failed = True
    for k, (name, location) in enumerate(zip(constraints, locations)):
        clash = next((other for other in constraints[:k] if frozenset({name, other}) in EXCLUSIVE), None)
        if clash is not None:
            problems.add(location, f"no deal is both '{clash}' and '{name}': "
                                   f"{EXCLUSIVE[frozenset({name, clash})]}")
            failed = True
    if (kind == "deal-scoring" and "two-victory-points" in constraints
            and isinstance(game.scoring, VictoryPoints) and not game.scoring.thresholds):
        location = locations[constraints.index("two-victory-points")]
        problems.add(location, f"no {game.name} deal scores two victory points: its scoring has no thresholds")
        failed = True
    default = min(game.players) if kind == "deal-scoring" else min(game.trick_sizes)
    players = rec.get("players", default)
    if "players" in rec and players not in (game.trick_sizes if kind == "trick" else game.players):
        problems.add(rec.at("players"), f"{game.name} is not played by {players} players")
        failed = True
    team_size = rec.get("team_size", 1)
    if "team_size" in rec and team_size not in game.team_sizes(players):
        problems.add(rec.at("team_size"), f"{game.name} with {players} players has no teams of {team_size}")
        failed = True
    if failed:
        return None
    return Drill(id=rec["id"], kind=kind, game=game, title=rec["title"], count=rec.get("count", 30),
                 seed=rec.get("seed", 0), players=players, team_size=team_size,
                 cards=rec.get("cards", 5), constraints=tuple(rec.get("constraints", ())),
                 location=rec.location)


class DrillError(ValueError):
    """The constraints cannot be met, so no question can be drawn."""


def generate(drill: Drill) -> list:
    """`drill.count` distinct variants, the same on every build (drawn once per drill and process:
    the check and every locale's page share them)."""
    drawn = _DRAWN.get(drill)
    return list(drawn if drawn is not None else _generated(drill))


_DRAWN: dict[Drill, tuple] = {}
"""Variants drawn by other processes or an earlier build (`drawable`): the last project's only."""


@functools.lru_cache(maxsize=256)
def _generated(drill: Drill) -> tuple:
    return tuple(draw(drill))


def _draw_in_processes(drills: list[Drill], workers: int) -> dict[Drill, tuple | DrillError]:
    """Every drill's variants (or why it has none), drawn by forked processes: most drills take
    milliseconds, but one that looks for a rare deal can take as long as all the others. Those
    that simulate deals go first, so that no process is left with one at the end. Without fork
    this draws nothing, and `drawable` draws each drill itself."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return {}
    _TO_DRAW[:] = sorted(drills, key=lambda d: (d.kind not in _STREAMS, not d.constraints))
    try:
        with ProcessPoolExecutor(min(workers, len(drills)), mp_context=multiprocessing.get_context("fork")) as pool:
            answers = list(pool.map(_draw_pickled, range(len(_TO_DRAW))))
        return {drill: unpickled(drill, answer) for drill, answer in zip(_TO_DRAW, answers)}
    finally:
        _TO_DRAW.clear()


_TO_DRAW: list[Drill] = []
"""The drills `_draw_in_processes` hands its workers, through the fork rather than pickled."""


def _draw_pickled(index: int) -> bytes:
    """A worker: one drill's variants or DrillError, pickled."""
    drill = _TO_DRAW[index]
    return pickled(drill, _attempt(drill))


def pickled(drill: Drill, answer: tuple | DrillError) -> bytes:
    """`answer` without its game, which whoever unpickles it has (`unpickled`): it would
    otherwise be pickled again with every variant."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.persistent_id = lambda obj: "game" if obj is drill.game else None
    pickler.dump(answer)
    return buffer.getvalue()


def _attempt(drill: Drill) -> tuple | DrillError:
    try:
        return _generated(drill)
    except DrillError as error:
        return error


def unpickled(drill: Drill, data: bytes) -> tuple | DrillError:
    """What `pickled` made, in a process this one forked or in the user's own cache folder:
    never data from a project, which anyone may send."""
    unpickler = pickle.Unpickler(io.BytesIO(data))
    unpickler.persistent_load = lambda key: drill.game
    return unpickler.load()


def draw(drill: Drill) -> list:
    """`generate` without the cache: every call draws the variants afresh from the seed."""
    rng = random.Random(f"{drill.game.id}/{drill.id}/{drill.seed}")
    stream = _STREAMS.get(drill.kind)
    if stream is not None:  # one simulated deal per try
        tries, what = MAX_DEALS, "simulated deals"
        candidates: Iterator = itertools.islice(stream(drill, rng), tries)
    else:
        make: Callable = _MAKERS[drill.kind]
        tries, what = MAX_TRIES, "tries"
        candidates = (make(drill, rng) for _ in range(tries))
    variants, seen = [], set()
    for variant in candidates:
        key = repr(variant)
        if variant is not None and key not in seen:
            seen.add(key)
            variants.append(variant)
            if len(variants) == drill.count:
                return variants
    raise DrillError(f"only {len(variants)} different questions meet the constraints of "
                     f"'{drill.id}' in {tries:,} {what}; relax them or lower 'count'")


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


def _piles_order(game: GameSpec):
    suits = {suit: k for k, suit in enumerate(game.suits)}
    ranks = {rank: k for k, rank in enumerate(game.plain_order)}
    return lambda card: (suits[card.suit], ranks[card.rank])


def _whole_deals(drill: Drill, rng: random.Random) -> Iterator[DealCountVariant | None]:
    """A20: one whole Albastini deal per try, from the drill's generator; the engine counts it."""
    game = drill.game
    table = Table.for_game(game, drill.players, drill.team_size)
    order = _piles_order(game)
    wanted = set(drill.constraints)
    while True:
        deal = DrawingDeal(game, table, rng.randrange(table.players), rng)
        strategy = sensible_strategy if rng.random() < 0.5 else random_strategy
        result = play_out(deal, strategy, rng)
        outcome = result.victory.outcome
        if (("tie" in wanted and outcome is not Outcome.TIE)
                or ("one-victory-point" in wanted and outcome is not Outcome.WIN)
                or ("two-victory-points" in wanted and outcome is not Outcome.WIN_DOUBLE)):
            yield None
            continue
        sides = tuple(tuple(NAMES[seat] for seat in side) for side in result.sides)
        won = tuple(tuple(sorted(deal.piles[table.team_of(side[0])], key=order)) for side in result.sides)
        yield DealCountVariant(game, sides, won, tuple(sorted(deal.stock, key=order)), result.points,
                               result.victory, min(len(sides), ASKED_SIDES))


def _match_deals(drill: Drill, rng: random.Random) -> Iterator[MatchDealVariant | None]:
    """B19–B21: whole Altbaumer matches from seeds of the drill's generator; each deal of a match
    that meets the constraints is a question, with the scores and rounds the match had before it."""
    game = drill.game
    wanted = set(drill.constraints)
    names = NAMES[:4]
    sides = ((names[0], names[2]), (names[1], names[3]))
    while True:
        seed = rng.getrandbits(32)
        # the sensible players never play alone: solos come from random play
        strategy = "random" if wanted & {"solo", "solo-of-five"} or rng.random() < 0.5 else "sensible"
        scores, rounds = (0, 0), (0, 0)
        for played in play_deals(game, seed=seed, strategy=strategy, match=True):
            before, rounds_before = scores, rounds
            scores, rounds = played.scores, played.rounds
            result, deal = played.result, played.deal
            declarers = result.declarers
            solo_of_five = result.solo is not None and result.tricks[declarers] == TRICKS
            round_winner = next((side for side in (0, 1) if rounds[side] > rounds_before[side]), None)
            if (("solo" in wanted and result.solo is None)
                    or ("solo-of-five" in wanted and not solo_of_five)
                    or ("round-won" in wanted and round_winner is None)
                    or ("match-won" in wanted and played.match_winner is None)
                    or ("decider" in wanted and not played.decider)
                    or (not wanted and rng.random() < 0.5)):  # unconstrained: deals of more matches
                yield None
                continue
            solo = names[result.solo] if result.solo is not None else None
            sitting_out = names[deal.table.partners(result.solo)[0]] if result.solo is not None else None
            yield MatchDealVariant(
                game, sides, result.trump, names[deal.chooser], declarers, solo, sitting_out,
                result.tricks, before, rounds_before, played.decider, result.score, played.score_change,
                (before[0] + played.score_change[0], before[1] + played.score_change[1]),
                scores, rounds, round_winner, solo_of_five, played.match_winner,
                replay=(seed, strategy, played.number))


_STREAMS = {
    "deal-scoring": lambda drill, rng: (_whole_deals if drill.game.deal == "draw" else _match_deals)(drill, rng),
}
"""Kinds drawn from whole simulated deals: an endless stream of candidates, one deal each."""

_MAKERS = {
    "trick": _trick, "strongest": _strongest, "card-values": _value, "order": _order,
    "legal": _legal, "forecast-exchange": _exchange, "forecast-allowed": _allowed,
    "scoring": _scoring,
}
