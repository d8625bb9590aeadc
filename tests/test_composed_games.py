"""Games composed at random over the whole vocabulary of game.yml (issue 30), not only the
shipped ones: `check` accepts every one the generator writes, and the Python engine and the play
pages' JavaScript engine play 100 seeded deals of each alike, event for event and score for score.
"""

from __future__ import annotations

import json
import random
import subprocess
from typing import get_args

import pytest
from composed_games import composed_game
from test_play_engine import ENGINE, HARNESS, NODE, deal_job, first_difference, javascript, plain, python_deals

from tutorial_engine.content.gamefile import build_game
from tutorial_engine.content.source import parse_source
from tutorial_engine.engine.bids import play_bidding_game
from tutorial_engine.engine.deal import ThrownIn
from tutorial_engine.engine.events import Trick
from tutorial_engine.engine.export import game_data
from tutorial_engine.engine.game import ExactBids, FollowRule, GamePoints, GameSpec, OddTricks, PenaltyPoints, Scoring
from tutorial_engine.engine.odd_tricks import play_game
from tutorial_engine.engine.penalties import play_penalty_game
from tutorial_engine.engine.procedure import PHASE_KINDS, Tricks, TrumpFrom, TrumpSet
from tutorial_engine.engine.races import play_race_game
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import Reason
from tutorial_engine.problems import Problems

GAMES = 300
DEALS = 100
MAX_GAME_DEALS = 200
"""A composed game whose players always pass (two cards each, say) is thrown in deal after deal."""


def composed(count: int, seed: int) -> list[GameSpec]:
    rng = random.Random(seed)
    games = []
    for number in range(count):
        text = composed_game(rng, number)
        problems = Problems()
        game = build_game(parse_source(text.encode(), f"composed-{number}.yml"), problems, None)
        assert game is not None, f"check refuses a composed game:\n{text}\n" + "\n".join(map(str, problems))
        games.append(game)
    return games


def seating(game: GameSpec) -> tuple[int, int]:
    return game.players[0], game.teams[0].size


def test_the_composed_games_reach_the_whole_vocabulary():
    """Every phase kind, trump source, kind of scoring and deal of the whole pack is drawn."""
    games = composed(GAMES, seed=30)
    phases = {type(phase).__name__ for game in games for phase in game.procedure.phases}
    sources = {phase.source.value for game in games for phase in game.procedure.phases
               if isinstance(phase, TrumpSet)}
    scorings = {type(game.scoring) for game in games}
    assert phases == {kind.__name__ for kind in PHASE_KINDS}
    assert sources == {source.value for source in TrumpFrom}
    assert scorings == set(get_args(Scoring))
    assert any(game.procedure.deal.whole_pack for game in games)
    rules = [phase for game in games for phase in game.procedure.phases if isinstance(phase, Tricks)]
    assert all(any(getattr(phase, name) for phase in rules)
               for name in ("first_lead", "unbroken", "clean_first_trick", "late_follow", "closing", "exchange",
                            "marriage", "trump_marriage"))
    assert {game.follow for game in games} == set(FollowRule)


@pytest.mark.slow
def test_both_engines_play_every_composed_game_alike():
    games = composed(GAMES, seed=30)
    jobs, python = [], []
    for number, game in enumerate(games):
        players, team_size = seating(game)
        strategy = "sensible" if number % 2 else "random"
        seeds = range(number * DEALS, (number + 1) * DEALS)
        jobs.append(deal_job(game, players, team_size, strategy, seeds))
        python.append(python_deals(game, players, team_size, strategy, seeds))
    script = javascript({"kind": "batch", "jobs": jobs})
    for number, (ours, theirs) in enumerate(zip(python, script, strict=True)):
        difference = first_difference(ours, theirs)
        assert difference is None, f"composed game {number}: {difference}"
    given = {why for deals in python for played in deals for why, _ in played["reasons"]}
    assert given == {reason.value for reason in Reason}, "the deals compared give every reason of the advice"


MUTATIONS = {
    "the dealer's first card sets trump": ("card = this.hands[this.dealer][this.hands[this.dealer].length - 1];",
                                           "card = this.hands[this.dealer][0];"),
    "a turned card does not set trump": ("this.trump = card !== null ? this.trumpSuitOf(card) : p.suit;",
                                         "this.trump = p.suit;"),
    "the whole pack is dealt one round short": ("r < Math.floor(pack.length / round)",  # never none at all
                                                "r < Math.max(1, Math.floor(pack.length / round) - 1)"),
    "the book scores too": ("Math.max(0, w - scoring.book)", "Math.max(0, w - scoring.book + 1)"),
    "the dealer may bid anything": ("if (p.dealerRestricted && this.bidders.length === 1)", "if (false)"),
    "a bid overmade scores the bonus": ("(bid === won ? s.bonus", "(bid <= won ? s.bonus"),
    "a card's own penalty adds to its suit's": ("card in s.cards ? s.cards[card] : s.suits[suitOf(card)] || 0",
                                                "(s.cards[card] || 0) + (s.suits[suitOf(card)] || 0)"),
    "shooting the moon is not reversed": ("if (s.moon && total)", "if (false)"),
    "the first lead is any card": ("if (firstTrick && leading && legal.indexOf(rules.firstLead) >= 0)", "if (false)"),
    "a suit is never broken": ("this.broken = this.trick.some(", "this.broken = false && this.trick.some("),
    "penalty cards go to the first trick": ("if (firstTrick && rules.cleanFirstTrick", "if (false"),
    "cards pass to the right for left": ('return this.table.next(seat, direction === "left" ? left : -left);',
                                         'return this.table.next(seat, direction === "left" ? -left : left);'),
    "heading is only following": ('return winning.length ? ["head", winning] : ["follow", following];',
                                  'return ["follow", following];'),
    "the stock closed keeps the early rule": ("this.follow = this.lateFollow();\n      this.log.push({ event: \"close\"",
                                              "this.log.push({ event: \"close\""),
    "a marriage counts before any trick": ("var counted = this.won[this.table.teamOf(seat)] > 0;",
                                           "var counted = true;"),
    "the last trick has no bonus": ("this.draws) this.cardPoints[winner] += s.lastTrick;", "this.draws) {}"),
    "the stock is drawn after the target": ("if (this.cardPoints[winner] >= s.dealTarget) return this.winDeal(winner, \"target\");",
                                            "if (false) return;"),
    "a closer who fails still wins": ('if (this.closedBy !== null) this.winDeal(this.table.next(this.closedBy), "closer-failed");',
                                      'if (this.closedBy !== null) this.winDeal(this.closedBy, "closer-failed");'),
    "a closed stock is still drawn from": ("if (this.draws && this.closedBy === null && stock.length",
                                           "if (this.draws && stock.length"),
    "the exchange is open to the last draw": ("open && this.stock.length > 2 && this.indicator !== null",
                                              "open && this.indicator !== null"),
    "a loser under the low mark gives one point": ("if (s.low !== null && lost[0] < s.low) return s.lowWin;", ""),
}


@pytest.mark.slow
@pytest.mark.parametrize("mutation", MUTATIONS, ids=list(MUTATIONS))
def test_a_rule_of_the_new_vocabulary_changed_in_the_javascript_engine_fails(tmp_path, mutation):
    before, after = MUTATIONS[mutation]
    source = ENGINE.read_text(encoding="utf-8")
    assert source.count(before) == 1, f"the mutation's text is not in {ENGINE.name} once"
    mutant = tmp_path / "play-engine.js"
    mutant.write_text(source.replace(before, after), encoding="utf-8")
    # 60 games over the whole vocabulary, and races to a deal's target, which a sixth of them are
    races = [game for game in composed(GAMES, seed=30) if isinstance(game.scoring, GamePoints)][:10]
    games = composed(60, seed=31) + races
    jobs = [deal_job(game, *seating(game), "random", range(10)) for game in games]
    python = [python_deals(game, *seating(game), "random", range(10)) for game in games]
    assert python == javascript({"kind": "batch", "jobs": jobs})
    done = subprocess.run([NODE, str(HARNESS), str(mutant)], input=json.dumps({"kind": "batch", "jobs": jobs}),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode != 0 or json.loads(done.stdout) != python, "the mutant plays every deal alike"


def match_job(game: GameSpec, table: Table, seeds) -> dict:
    return {"kind": "matches", "game": game_data(game), "players": table.players, "teamSize": table.team_size,
            "seeds": list(seeds), "maxDeals": MAX_GAME_DEALS}


def played_deal(played, *, totals: list[int], scores: list[int], written: list[int] | None) -> dict:
    """One deal of a whole game, as the JavaScript harness reports it."""
    return {"dealer": played.deal.dealer, "plays": [plain(e.plays) for e in played.deal.log if isinstance(e, Trick)],
            "totals": totals, "scores": scores, "rounds": [0, 0], "written": written}


def played_alike(games: list[GameSpec], seeds: range, play) -> None:
    """Each game played to its end from each seed by the sensible player, in Python as `play(game,
    table, seed)` tells it (its winner and its deals, as played_deal gives them); the JavaScript
    engine must tell the same."""
    jobs, python = [], []
    for game in games:
        table = Table(*seating(game))
        jobs.append(match_job(game, table, seeds))
        python.append([play(game, table, seed) for seed in seeds])
    assert python == javascript({"kind": "batch", "jobs": jobs})


def seat_game(play_game_of, results: list | None = None):
    """`play` for played_alike, of a game each player plays for themselves (engine/seat_games.py);
    each deal's result is kept in `results`, when given."""
    def play(game: GameSpec, table: Table, seed: int) -> dict:
        game_deals = list(play_game_of(game, table, seed=seed, strategy="sensible", deals=MAX_GAME_DEALS))
        if results is not None:
            results.extend(d.result for d in game_deals)
        return {"winner": game_deals[-1].winner,
                "deals": [played_deal(d, totals=list(d.totals), scores=[0, 0],
                                      written=None if isinstance(d.result, ThrownIn) else list(d.result.written))
                          for d in game_deals]}
    return play


@pytest.mark.slow
def test_both_engines_play_games_scored_by_odd_tricks_to_the_same_end():
    games = [game for game in composed(GAMES, seed=30) if isinstance(game.scoring, OddTricks)]
    assert len(games) > 50

    def play(game: GameSpec, table: Table, seed: int) -> dict:
        game_deals = list(play_game(game, table, seed=seed, strategy="sensible", deals=MAX_GAME_DEALS))
        return {"winner": game_deals[-1].step.winner,
                "deals": [played_deal(d, totals=[0] * table.team_count, scores=list(d.step.scores),
                                      written=None if isinstance(d.result, ThrownIn) else list(d.step.written))
                          for d in game_deals]}

    played_alike(games, range(5), play)


@pytest.mark.slow
def test_both_engines_play_games_scored_by_exact_bids_to_the_same_end():
    """Every deal of the hand-size sequence, so every hand size and every dealer's restriction."""
    games = [game for game in composed(GAMES, seed=30) if isinstance(game.scoring, ExactBids)]
    assert len(games) > 40 and any(game.procedure.deal.hand_sizes is not None for game in games)
    played_alike(games, range(3), seat_game(play_bidding_game))


@pytest.mark.slow
def test_both_engines_play_games_scored_by_game_points_to_the_same_end():
    """Deal after deal to the target in game points: every way of winning a deal, closed or not."""
    games = [game for game in composed(GAMES, seed=30) if isinstance(game.scoring, GamePoints)]
    assert len(games) > 30
    results: list = []
    played_alike(games, range(3), seat_game(play_race_game, results))
    assert {result.reason.value for result in results} == {"target", "closer-failed", "last-trick"}
    assert any(result.closed_by is not None for result in results)


@pytest.mark.slow
def test_both_engines_play_games_scored_by_penalty_points_to_the_same_end():
    """Deal after deal to the target, the lowest total winning: every total, every moon shot."""
    games = [game for game in composed(GAMES, seed=30) if isinstance(game.scoring, PenaltyPoints)]
    assert len(games) > 30 and any(game.scoring.moon for game in games)
    results: list = []
    played_alike(games, range(3), seat_game(play_penalty_game, results))
    assert any(result.moon is not None for result in results)
