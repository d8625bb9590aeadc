"""Games of avoiding tricks scored by penalty points (issue 31): every card a player takes may
cost points, by suit and by card; a player who takes them all may shoot the moon; the game ends
at a target and the lowest total wins. Restated here from the rules, not from the engine."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest
from game_texts import PACK, check_pages, errors, load, simulate

from tutorial_engine.content.drills.drawing import draw
from tutorial_engine.content.drills.drill import Drill
from tutorial_engine.content.drills.kinds import DEAL_CONSTRAINTS
from tutorial_engine.content.jsonschema import schema_text
from tutorial_engine.engine import events
from tutorial_engine.engine.cards import Card
from tutorial_engine.engine.deal import Deal, PenaltyResult, Play, play_out
from tutorial_engine.engine.game import SCORING_KINDS, PenaltyPoints
from tutorial_engine.engine.penalties import play_penalty_game
from tutorial_engine.engine.rules import judge_trick, legal_plays
from tutorial_engine.engine.scoring import penalties_written
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import sensible_strategy

ROOT = Path(__file__).resolve().parent.parent

BLACK_LADY = """\
id: black-lady
name: Black Lady
""" + PACK + """\
follow: suit
players: [4]
deal:
  - {phase: deal, packets: [1], whole_pack: true}
  - {phase: trump, from: none}
  - {phase: tricks}
scoring:
  kind: penalty-points
  suits: {♥: 1}
  cards: {Q♠: 13}
  moon: true
  target: 100
"""


def cost(card: Card) -> int:
    """A heart 1, the queen of spades 13, anything else nothing."""
    return 13 if str(card) == "Q♠" else 1 if str(card).endswith("♥") else 0


@pytest.fixture(scope="module")
def black_lady(tmp_path_factory):
    report = load(tmp_path_factory.mktemp("black-lady"), BLACK_LADY)
    assert errors(report) == []
    return report.games["black-lady"]


def test_a_card_costs_its_own_points_instead_of_its_suits(black_lady):
    scoring = black_lady.scoring
    assert isinstance(scoring, PenaltyPoints)
    assert [scoring.penalty(card) for card in black_lady.deck] == [cost(card) for card in black_lady.deck]
    assert sum(map(scoring.penalty, black_lady.deck)) == 26


@pytest.mark.parametrize(("taken", "written", "moon"), [
    ((3, 13, 10, 0), (3, 13, 10, 0), None),
    ((26, 0, 0, 0), (0, 26, 26, 26), 0),
    ((0, 0, 26, 0), (26, 26, 0, 26), 2),
    ((0, 0, 0, 0), (0, 0, 0, 0), None),
], ids=["shared", "moon-first", "moon-third", "nothing-taken"])
def test_a_player_who_takes_every_penalty_point_shoots_the_moon(taken, written, moon):
    scoring = PenaltyPoints(target=100, moon=True)
    assert penalties_written(scoring, taken) == (written, moon)
    assert penalties_written(PenaltyPoints(target=100), taken) == (taken, None)


def test_each_deal_writes_what_the_cards_each_player_took_cost(black_lady):
    table, moons = Table(4, 1), 0
    for seed in range(300):
        rng = random.Random(seed)
        deal = Deal(black_lady, table, seed % 4, rng)
        result = play_out(deal, sensible_strategy if seed % 2 else lambda d, r: r.choice(d.legal_actions()), rng)
        assert isinstance(result, PenaltyResult)
        took: list[list[Card]] = [[] for _ in range(4)]
        for trick in (event for event in deal.log if isinstance(event, events.Trick)):
            took[trick.winner].extend(trick.plays)
        taken = tuple(sum(map(cost, cards)) for cards in took)
        assert result.taken == taken and sum(taken) == 26
        assert result.tricks == tuple(len(cards) // 4 for cards in took)
        if 26 in taken:
            moons += 1
            assert result.moon == taken.index(26)
            assert result.written == tuple(0 if points == 26 else 26 for points in taken)
        else:
            assert (result.moon, result.written) == (None, taken)
    assert moons > 0


def test_the_game_ends_once_a_total_reaches_the_target_and_the_lowest_wins(black_lady):
    for seed in range(20):
        played = list(play_penalty_game(black_lady, Table(4, 1), seed=seed, strategy="sensible"))
        totals = (0, 0, 0, 0)
        for number, deal in enumerate(played, start=1):
            totals = tuple(a + b for a, b in zip(totals, deal.result.written, strict=True))
            assert deal.totals == totals and deal.deal.dealer == (number - 1) % 4
            assert deal.over == (number == len(played))
        assert max(played[-2].totals) < 100 <= max(totals)
        lowest = [seat for seat, total in enumerate(totals) if total == min(totals)]
        assert played[-1].winner == (lowest[0] if len(lowest) == 1 else None)


def test_the_sensible_player_follows_with_its_costliest_card_that_does_not_take_the_trick(black_lady):
    """Its reason is true in each position: a card that lets the trick go, the costliest, when it
    holds one; it leads its cheapest card."""
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        deal = Deal(black_lady, Table(4, 1), 0, rng)
        while not deal.is_terminal():
            action = sensible_strategy(deal, rng)
            assert isinstance(action, Play)
            hand = deal.hands[action.seat]
            legal = legal_plays(black_lady, deal.trump, deal.trick, hand).legal
            if not deal.trick:
                assert cost(action.card) == min(map(cost, legal))
            else:
                losers = [c for c in legal if judge_trick(black_lady, deal.trump, [*deal.trick, c]).winner
                          != len(deal.trick)]
                if losers:
                    assert action.card in losers and cost(action.card) == max(map(cost, losers))
                    checked += 1
            deal.apply(action)
    assert checked > 1000


def test_check_reports_every_rule_penalty_scoring_needs_in_one_run(tmp_path):
    text = (BLACK_LADY.replace("players: [4]", "players: [4]\nteams: [{size: 2, players: [4]}]")
            .replace("{♥: 1}", "{♥: 0, ★: 1}").replace("{Q♠: 13}", "{Q♠: 0, 1♠: 2}")
            .replace("{phase: trump, from: none}", "{phase: bidding, rounds: [name]}")
            .replace("packets: [1], whole_pack: true", "packets: [3, 3]"))
    assert errors(load(tmp_path, text)) == [
        "error: '★' is not a suit; expected one of ♠ ♥ ♦ ♣, S H D C or spades, hearts, diamonds, clubs",
        "error: '1♠' is not a card; expected a rank A K Q J 10 (or T) 9 … 2 followed by a suit ♠ ♥ ♦ ♣ or S H D C, "
        "as in A♥, AH, 10♦, TD",
    ]
    text = (BLACK_LADY.replace("players: [4]", "players: [4]\nteams: [{size: 2, players: [4]}]")
            .replace("{♥: 1}", "{♥: 0}").replace("{Q♠: 13}", "{Q♠: 0}")
            .replace("{phase: trump, from: none}", "{phase: bidding, rounds: [name]}")
            .replace("packets: [1], whole_pack: true", "packets: [3, 3]"))
    assert errors(load(tmp_path / "2", text)) == [
        "error: in a game scored by penalty points each player scores for themselves: leave out teams of more "
        "than one",
        "error: in a game scored by penalty points nobody makes trump or plays to a contract, so nobody could be "
        "thrown in: set trump with a 'turn-up' or a 'trump' phase",
        "error: penalty points are what the cards a player takes cost, and no card of the deck costs anything: "
        "give 'suits' or 'cards' some points",
    ]


def test_penalties_of_suits_and_cards_outside_the_deck_are_refused(tmp_path):
    short = BLACK_LADY.replace("suits: [♠, ♥, ♦, ♣]", "suits: [♠, ♦, ♣]").replace("players: [4]", "players: [3]").replace("{Q♠: 13}", "{Q♠: 13, Q♥: 13}")
    assert errors(load(tmp_path, short)) == [
        "error: ♥ is not a suit of the deck (♠ ♦ ♣)",
        "error: Q♥ is not a card of the deck",
    ]


BLOCKS = """\
          - text: Hearts cost a point.
            claims:
              - {kind: tally, tricks: {Anna: 3, Boris: 2}, expect: {written: {Anna: 13}}}
          - {table: score-sheet}
          - walkthrough: {title: A deal, seed: 2, players: 4}
          - play: {players: 4}
"""


def test_the_pages_say_what_they_cannot_show_of_penalty_scoring_and_show_the_rest(tmp_path):
    report = check_pages(tmp_path, BLACK_LADY, BLOCKS,
                         "drills:\n  - {id: s, kind: scoring, title: T, players: 4}\n"
                         "  - {id: d, kind: deal-scoring, title: T, players: 4, constraints: [last-deal]}\n")
    beyond = '(AUTHORING.md, "What game.yml can and cannot express")'
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == [
        "Black Lady is scored by penalty points: check what each player writes with a 'penalties' claim",
        "a score sheet draws the tally of a game scored by tricks (game.yml: scoring kind: tricks); Black Lady is "
        f"scored by penalty points, whose tally a score sheet cannot draw yet {beyond}",
    ]


def test_every_kind_of_scoring_but_game_points_has_its_scoring_drills():
    assert set(DEAL_CONSTRAINTS) == {kind.kind for kind in SCORING_KINDS} - {"game-points"}


def drill(game, kind: str, constraints: tuple[str, ...] = (), count: int = 60) -> list:
    return draw(Drill(id="d", kind=kind, game=game, title="T", count=count, seed=5, players=4, team_size=1,
                      cards=5, constraints=constraints, location=None))


def test_scoring_drills_ask_what_each_writes_and_who_is_lowest_as_the_rules_say(black_lady):
    """Re-derived from the cards alone: each heart 1, Q♠ 13; one player with all 26 writes 0 and
    the others 26; the game ends once a total reaches 100, and the single lowest total wins."""
    for kind, constraints in (("scoring", ()), ("deal-scoring", ("last-deal",))):
        questions = drill(black_lady, kind, constraints)
        assert len({(q.taken, q.before) for q in questions}) == len(questions) == 60
        for q in questions:
            points = tuple(sum(map(cost, cards)) for cards in q.taken)
            assert sum(points) == 26 and q.points == points
            moon = points.index(26) if 26 in points else None
            assert q.moon == moon
            assert q.written == (points if moon is None else tuple(0 if s == moon else 26 for s in range(4)))
            assert q.after == tuple(b + w for b, w in zip(q.before, q.written))
            assert q.over == (max(q.after) >= 100)
            lowest = [s for s, total in enumerate(q.after) if total == min(q.after)]
            assert q.winner == (lowest[0] if q.over and len(lowest) == 1 else None)
        if kind == "deal-scoring":
            assert all(q.over and q.number >= 1 and q.dealer is not None for q in questions)
        else:
            assert any(q.moon is not None for q in questions) and not all(q.over for q in questions)


def test_a_deal_scoring_question_is_the_deal_its_seed_replays(black_lady):
    for q in drill(black_lady, "deal-scoring", ("last-deal",), count=30):
        seed, strategy, number = q.replay
        played = list(play_penalty_game(black_lady, Table(4, 1), seed=seed, strategy=strategy))[number - 1]
        assert played.over and played.result.written == q.written and played.totals == q.after


ALL_HEARTS = "[" + ", ".join(f"{rank}♥" for rank in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3",
                                                     "2")) + "]"
"""Every heart of the pack: with Q♠, every card that costs Black Lady's penalty points."""


def penalties_claim(taken: str, expect: str, totals: str = "") -> str:
    return ("          - text: What the deal writes.\n            claims:\n"
            f"              - {{kind: penalties, taken: {taken}, {totals}expect: {expect}}}\n")


def test_a_penalties_claim_checks_what_each_player_took_writes_and_totals(tmp_path):
    """Each heart 1, Q♠ 13; a player who takes all 26 writes 0 and every other player 26; the game
    ends once a total reaches 100, and the lowest total wins."""
    spread = "{Anna: [Q♠, A♥, K♥, Q♥], Boris: [J♥, 10♥, 9♥, 8♥, 7♥], Chiara: [6♥, 5♥, 4♥], Dawit: [3♥, 2♥, A♠]}"
    moon = f"{{Anna: [Q♠, {ALL_HEARTS[1:]}, Boris: [], Chiara: [K♣], Dawit: []}}"
    blocks = (penalties_claim(spread, "{penalties: {Anna: 16, Boris: 5, Chiara: 3, Dawit: 2}, moon: nobody, "
                                      "written: {Anna: 16, Dawit: 2}}")
              + penalties_claim(moon, "{penalties: {Anna: 26}, moon: Anna, written: {Anna: 0, Boris: 26, Chiara: 26}, "
                                      "totals: {Anna: 80, Boris: 101}, winner: Anna}",
                                "totals: {Anna: 80, Boris: 75, Chiara: 60, Dawit: 70}, ")
              + penalties_claim(spread, "{totals: {Anna: 100, Boris: 15}, winner: Dawit}", "totals: {Anna: 84, Boris: 10}, "))
    report = check_pages(tmp_path, BLACK_LADY, blocks, "drills:\n  - {id: t, kind: trick, title: T, players: 4}\n")
    assert errors(report) == []
    wrong = (penalties_claim(spread, "{penalties: {Anna: 4}, written: {Boris: 6}, moon: Anna}")
             + penalties_claim(moon, "{written: {Chiara: 0}, winner: Dawit}", "totals: {Chiara: 10}, ")
             + penalties_claim(spread, "{totals: {Anna: 99}, winner: nobody}", "totals: {Anna: 84, Boris: 10}, "))
    report = check_pages(tmp_path / "wrong", BLACK_LADY, wrong, "drills:\n  - {id: t, kind: trick, title: T}\n")
    assert [e[e.index(": ") + 2:] for e in errors(report)] == [
        "expected Anna to have taken 4 penalty points, but the engine gives 16: Q♠ 13 A♥ 1 K♥ 1 Q♥ 1",
        "expected Boris to write 6, but the engine gives 5: Boris took 5 penalty points",
        "expected Anna to have shot the moon, but the engine gives nobody: no player took every penalty point",
        "expected Chiara to write 0, but the engine gives 26: Anna took every penalty point, 26",
        "expected Dawit to win the game, but the engine gives nobody: no total has reached 100",
        "expected Anna at 99 after the deal, but the engine gives 100: 84 before it, and 16 written",
        "expected nobody to win the game, but the engine gives Dawit: Dawit has the lowest total, 2",
    ]


def test_a_penalties_claim_names_every_player_and_places_every_costly_card(tmp_path):
    blocks = (penalties_claim("{Anna: [Q♠], Boris: [A♥]}", "{written: {Anna: 13}}")
              + penalties_claim("{Anna: [Q♠], Boris: [], Chiara: [], Dawit: []}", "{written: {Ana: 13}, moon: Bors}")
              + penalties_claim(f"{{Anna: [Q♠, {ALL_HEARTS[1:]}, Boris: [Q♠], Chiara: [], Dawit: []}}", "{moon: Anna}"))
    report = check_pages(tmp_path, BLACK_LADY, blocks, "drills:\n  - {id: t, kind: trick, title: T}\n")
    hearts = " ".join(f"{rank}♥" for rank in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"))
    assert [e[e.index(": ") + 2:] for e in errors(report)] == [
        "Black Lady is played by 4 players, but 2 are named here; give the cards each player took, an "
        "empty list for a player who took none",
        f"every card is taken by someone in a deal, and no one takes {hearts[3:]} here; give each card that costs "
        "penalty points to a player",
        f"every card is taken by someone in a deal, and no one takes {hearts} here; give each card that costs "
        "penalty points to a player",
        "'Ana' is not one of the players whose cards are given (Anna, Boris, Chiara, Dawit); did you mean 'Anna'?",
        "'Bors' is not one of the players whose cards are given (Anna, Boris, Chiara, Dawit); did you mean 'Boris'?",
        "Q♠ appears twice (also earlier on this line); a deck holds each card once",
    ]


def test_simulate_plays_a_whole_game_and_its_json_follows_the_schema(tmp_path):
    result = simulate(tmp_path, BLACK_LADY, "--match", "--json", "--events", "--strategy", "sensible",
                      "--seed", "5")
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    schema = json.loads(schema_text("simulate"))
    for line in lines:
        jsonschema.validate(line, schema)
    assert [line["game_over"] for line in lines] == [False] * (len(lines) - 1) + [True]
    totals = [sum(line["score_change"][seat] for line in lines) for seat in range(4)]
    assert lines[-1]["totals"] == totals and max(totals) >= 100
    plain = simulate(tmp_path / "plain", BLACK_LADY, "--match", "--strategy", "sensible", "--seed", "5")
    winner = lines[-1]["game_winner"]
    assert plain.output.splitlines()[-1] == (f"The game is over after {len(lines)} deals: "
                                             + ("the lowest totals are level." if winner is None
                                                else f"seat {winner} wins it."))
    refused = simulate(tmp_path / "target", BLACK_LADY, "--target", "50")
    assert refused.exit_code == 1 and refused.output == (
        "Error: Black Lady ends at 100 points, as its scoring in game.yml says; --target is for games scored by "
        "victory points\n")


def test_a_deal_claim_counts_the_drawing_of_a_penalty_game_with_a_stock(tmp_path):
    """A game of avoiding tricks that draws from a stock after each trick, as some tables play:
    the claim is read off a deal the engine plays, whatever the scoring."""
    drawing = (BLACK_LADY.replace("packets: [1], whole_pack: true", "packets: [5]")
               .replace("{phase: trump, from: none}", "{phase: turn-up}").replace("{phase: tricks}", "{phase: tricks, draw: true}"))
    claim = ("          - text: Thirty-two cards wait in the stock.\n            claims:\n"
             "              - {kind: deal, players: 4, expect: {stock: 32, drawing_rounds: 8, tricks: 13}}\n")
    report = check_pages(tmp_path, drawing, claim, "drills:\n  - {id: t, kind: trick, title: T, players: 4}\n")
    assert [str(p) for p in report.problems] == []
