"""The play pages' JavaScript engine against the Python engine (issue 21).

The same seed deals the same cards in both (CPython's Mersenne Twister, ported); trick verdicts
and legal plays agree on 100,000 random positions a game; 1,000 whole seeded deals a seating,
played by the sensible and by the random computer players, end with the same events and the same
score; and matches end alike. Mutation tests show that a one-rule change in either engine fails.
"""

from __future__ import annotations

import enum
import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from tutorial_engine.engine import deal as deal_module
from tutorial_engine.engine import events
from tutorial_engine.engine.cards import Card, Suit
from tutorial_engine.engine.deal import (
    BidsResult,
    Deal,
    DealResult,
    GamePointsResult,
    OddTricksResult,
    PenaltyResult,
    ThrownIn,
    TrickResult,
)
from tutorial_engine.engine.export import game_data
from tutorial_engine.engine.match import play_deals
from tutorial_engine.engine.rules import Moment, legal_plays, trick_roles, trick_verdict
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.simulate import run
from tutorial_engine.engine.strategy import STRATEGIES, advise

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "tutorial_engine" / "render" / "assets" / "play-engine.js"
HARNESS = ROOT / "tests" / "play" / "differential.js"
NODE = shutil.which("node") or shutil.which("nodejs")
if NODE is None:
    if os.environ.get("CI") == "true":
        raise RuntimeError("Node.js is missing; .ci/run installs it (apt-get install nodejs)")
    pytest.skip("Node.js is not installed", allow_module_level=True)

pytestmark = pytest.mark.slow  # each test runs the JavaScript engine in Node.js, most on 100,000 positions
POSITIONS = 100_000
DEALS = 1_000
MATCHES = 30
SEATINGS = [("albastini", 2, 1), ("albastini", 4, 2), ("altbaumer", 4, 2), ("briscola", 2, 1), ("euchre", 4, 2)]
"""The seatings the play pages offer."""


def plain(value):
    """A Python value as the JavaScript engine writes it; an event as a plain object with every
    field, which the JavaScript engine's log holds."""
    if isinstance(value, events.EVENTS):
        return events.as_data(value)
    if isinstance(value, (Card, Suit)):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {(str(k) if isinstance(k, (Card, Suit)) else k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


def result_data(result) -> dict:
    if isinstance(result, ThrownIn):
        return {"kind": "thrown-in", "dealer": result.dealer}
    if isinstance(result, TrickResult):
        score = result.score
        return {"kind": "tricks", "trump": str(result.trump), "declarers": result.declarers, "solo": result.solo,
                "tricks": list(result.tricks),
                "score": {"declarers": score.declarers, "defenders": score.defenders,
                          "declarersWon": score.declarers_won}}
    if isinstance(result, BidsResult):
        return {"kind": "exact-bids", "trump": plain(result.trump), "bids": list(result.bids),
                "tricks": list(result.tricks), "written": list(result.written)}
    if isinstance(result, GamePointsResult):
        return {"kind": "game-points", "trump": plain(result.trump), "tricks": list(result.tricks),
                "points": list(result.points), "winner": result.winner, "reason": result.reason.value,
                "closedBy": result.closed_by, "written": list(result.written)}
    if isinstance(result, PenaltyResult):
        return {"kind": "penalty-points", "trump": plain(result.trump), "tricks": list(result.tricks),
                "taken": list(result.taken), "written": list(result.written), "moon": result.moon}
    if isinstance(result, OddTricksResult):
        return {"kind": "odd-tricks", "trump": plain(result.trump), "tricks": list(result.tricks),
                "written": list(result.written)}
    assert isinstance(result, DealResult)
    v = result.victory
    return {"kind": "points", "sides": plain(result.sides), "points": list(result.points),
            "victory": {"winner": v.winner, "points": v.points, "outcome": v.outcome.value,
                        "threshold": v.threshold, "winsAbove": v.wins_above},
            "trump": result.trump, "turned": str(result.turned), "indicator": str(result.indicator),
            "indicatorTaker": result.indicator_taker, "trickCount": result.trick_count}


def javascript(job: dict, engine: Path = ENGINE) -> list:
    done = subprocess.run([NODE, str(HARNESS), str(engine)], input=json.dumps(job), capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def positions(game, count: int, seed: int) -> list:
    """Random hands and tricks: a trump (or none), a trick to follow, a hand, a whole trick, and,
    in a game whose tricks phase has rules of its own or a follow rule for once the stock is gone,
    where the trick stands (first trick, suit broken, stock gone), else None."""
    rng = random.Random(seed)
    suits = [*game.suits, None]
    sizes = game.trick_sizes
    hand_most = game.hand_size + 1
    rules = game.procedure.rules_of_play
    out = []
    for _ in range(count):
        cards = rng.sample(game.deck, max(sizes) - 1 + hand_most)
        trick_length = rng.randrange(max(sizes))
        hand = cards[trick_length:trick_length + rng.randrange(1, hand_most + 1)]
        plays = rng.sample(game.deck, rng.choice(sizes))
        if rules is not None and rules.first_lead is not None and rng.random() < 0.3:
            hand = [rules.first_lead, *(card for card in hand[1:] if card != rules.first_lead)]
            if rules.first_lead in cards[:trick_length]:
                trick_length = 0
        late = game.procedure.tricks.late_follow is not None
        moment = ([rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.5] if rules is not None or late
                  else None)
        out.append((rng.choice(suits), cards[:trick_length], hand, plays, moment))
    return out


def python_positions(game, items) -> list:
    answers = []
    for trump, trick, hand, plays, moment in items:
        legality = legal_plays(game, trump, trick, hand, Moment(*moment) if moment else None)
        verdict = trick_verdict(game, trump, plays)
        answers.append([legality.duty.value, plain(legality.led), plain(legality.legal), plain(legality.refused),
                        verdict.winner, verdict.reason.value, plain(verdict.led), verdict.points,
                        plain(trick_roles(game, verdict))])
    return answers


def position_job(game, items) -> dict:
    return {"kind": "positions", "game": game_data(game), "positions": plain(items)}


def deal_number(game, players: int, seed: int) -> int:
    """Which deal of a game the seed's deal is: any of a sequence of hand sizes, else one of the
    first four, so that a pass's directions turn too."""
    return seed % (game.procedure.deal.deals(players, len(game.deck)) or 4)


def python_deals(game, players: int, team_size: int, strategy: str, seeds) -> list:
    """Each deal's events, result, and the sensible player's reason and count at every decision,
    whoever plays it."""
    table = Table(players, team_size)
    choose = STRATEGIES[strategy]
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        deal = Deal(game, table, seed % players, rng, deal_number(game, players, seed))
        reasons = []
        while not deal.is_terminal():
            advice = advise(deal)
            reasons.append([advice.why.value, advice.count])
            deal.apply(choose(deal, rng))
        out.append({"log": plain(deal.log), "result": result_data(deal.result()), "reasons": reasons})
    return out


def deal_job(game, players: int, team_size: int, strategy: str, seeds) -> dict:
    return {"kind": "deals", "game": game_data(game), "players": players, "teamSize": team_size,
            "strategy": strategy, "seeds": list(seeds),
            "numbers": [deal_number(game, players, seed) for seed in seeds]}


def first_difference(python: list, script: list) -> str | None:
    assert len(python) == len(script)
    for index, (ours, theirs) in enumerate(zip(python, script)):
        if ours != theirs:
            return f"item {index}: Python {ours!r}\n  JavaScript {theirs!r}"
    return None


@pytest.mark.parametrize("game_id", ["albastini", "altbaumer", "briscola", "euchre", "hearts", "sixty-six"])
def test_positions_agree(games, game_id):
    game = games[game_id]
    items = positions(game, POSITIONS, seed=21)
    assert first_difference(python_positions(game, items), javascript(position_job(game, items))) is None


@pytest.mark.parametrize(("game_id", "players", "team_size"), SEATINGS)
@pytest.mark.parametrize("strategy", ["sensible", "random"])
def test_whole_deals_agree(games, game_id, players, team_size, strategy):
    game = games[game_id]
    seeds = range(DEALS)
    python = python_deals(game, players, team_size, strategy, seeds)
    assert first_difference(python, javascript(deal_job(game, players, team_size, strategy, seeds))) is None


def test_the_deals_cover_every_decision(games):
    """The deals compared above reach every kind of event, so none goes untested."""
    events = set()
    for game_id, players, team_size in SEATINGS:
        for strategy in ("sensible", "random"):
            for played in python_deals(games[game_id], players, team_size, strategy, range(DEALS)):
                events |= {event["event"] for event in played["log"]}
    assert events == {"cut", "take-tree", "deal", "forecast", "turn-up", "turn", "choose", "bid", "trump",
                      "discard", "solo", "trick", "draw", "thrown-in"}


@pytest.mark.parametrize(("game_id", "players", "team_size"), SEATINGS)
def test_matches_agree(games, game_id, players, team_size):
    """Whole matches of sensible players: victory points to 5 (A21: a setting), or the game's own target."""
    game = games[game_id]
    table = Table(players, team_size)
    python = []
    for seed in range(MATCHES):
        deals = []
        if game.scoring.__class__.__name__ == "VictoryPoints":
            for played in run(game, table, seed=seed, strategy="sensible", target=5):
                deals.append({"dealer": played.deal.dealer, "plays": plain(_plays(played.deal)),
                              "totals": list(played.totals), "scores": [0, 0], "rounds": [0, 0], "written": None})
            winner = played.totals.index(max(played.totals))
        else:
            for m in play_deals(game, seed=seed, strategy="sensible", match=True):
                deals.append({"dealer": m.deal.dealer, "plays": plain(_plays(m.deal)), "totals": [0, 0],
                              "scores": list(m.scores), "rounds": list(m.rounds),
                              "written": list(m.score_change) if isinstance(m.result, TrickResult) else None})
            winner = m.match_winner
        python.append({"winner": winner, "deals": deals})
    job = {"kind": "matches", "game": game_data(game), "players": players, "teamSize": team_size,
           "seeds": list(range(MATCHES)), "target": 5}
    assert first_difference(python, javascript(job)) is None


def _plays(deal):
    return [event.plays for event in deal.log if isinstance(event, events.Trick)]


JS_MUTATIONS = {
    "a trump led may be answered by any card": ('if (led === trump) {', 'if (led === trump && false) {'),
    "no duty to trump": ('return mine.length ? ["trump", mine]', 'return false ? ["trump", mine]'),
    "a card of another suit can win": ("(key >= TRUMP_BASE || t.suit[plays[i]] === led)", "(key >= TRUMP_BASE || true)"),
    "the trick winner's partner draws first": ("var seat = this.order[i], card", "var seat = this.order[(i + 1) % this.order.length], card"),
    "a sweep scores as a majority": ("return taken === tricks ? sweep :", "return taken === tricks + 1 ? sweep :"),
    "the dealer forecasts too": ("return s !== dealer && tbl", "return tbl"),
    "a partner's trick is overtaken": ("if (partnerTakes(deal, weakest.seat))", "if (false)"),
    "a forced card is the weakest": ('return { action: play, why: "only-follow" };',
                                     'return { action: play, why: "weakest" };'),
}


@pytest.mark.parametrize("mutation", JS_MUTATIONS, ids=list(JS_MUTATIONS))
def test_a_rule_changed_in_the_javascript_engine_fails(games, tmp_path, mutation):
    before, after = JS_MUTATIONS[mutation]
    source = ENGINE.read_text(encoding="utf-8")
    assert source.count(before) == 1, f"the mutation's text is not in {ENGINE.name} once"
    mutant = tmp_path / "play-engine.js"
    mutant.write_text(source.replace(before, after), encoding="utf-8")
    assert not _agrees(games, lambda job: javascript(job, mutant))


def test_a_rule_changed_in_the_python_engine_fails(games, monkeypatch):
    """Judge tricks as if the lowest trump won: Python's deals no longer match the JavaScript's."""
    judge = deal_module.judge_trick

    def lowest_trump_wins(game, trump, plays):
        verdict = judge(game, trump, plays)
        trumps = [i for i, card in enumerate(plays) if card in game.table(trump).trump_strength]
        if len(trumps) > 1:
            low = min(trumps, key=lambda i: game.table(trump).trump_strength[plays[i]])
            return verdict._replace(winner=low, card=plays[low])
        return verdict

    assert _agrees(games, javascript)
    monkeypatch.setattr(deal_module, "judge_trick", lowest_trump_wins)
    assert not _agrees(games, javascript)


def _agrees(games, answer) -> bool:
    """Both engines agree on a sample: 2,000 positions and 100 deals of every seating."""
    for game_id, players, team_size in SEATINGS:
        game = games[game_id]
        items = positions(game, 2_000, seed=5)
        if python_positions(game, items) != answer(position_job(game, items)):
            return False
        for strategy in ("sensible", "random"):
            seeds = range(100)
            if python_deals(game, players, team_size, strategy, seeds) != answer(
                    deal_job(game, players, team_size, strategy, seeds)):
                return False
    return True
