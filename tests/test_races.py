"""A race to the deal's target (issue 31, Sixty-six): closing the stock, a follow rule for once
the stock is gone, the trump nine exchanged for the turned card, marriages, the last trick's
bonus and game points. Whole deals are re-checked here from their events alone, against the
rules as issue 31 writes them, not against the engine's code."""

from __future__ import annotations

import dataclasses
import enum
import json
import random
import types
import typing
from pathlib import Path

import jsonschema
import pytest
from game_texts import SIXTY_SIX, check_pages, errors, load, simulate
from test_walkthrough import steps
from test_walkthrough_spoilers import clean

from tutorial_engine.content.drills.drawing import draw
from tutorial_engine.content.drills.drill import Drill
from tutorial_engine.content.jsonschema import schema_text
from tutorial_engine.content.walkthrough import RaceScored, TrickPlayed, WalkSpec, walk
from tutorial_engine.engine import events
from tutorial_engine.engine.cards import Card, Rank, Suit
from tutorial_engine.engine.deal import Close, Deal, Exchange, GamePointsResult, Meld
from tutorial_engine.engine.races import play_race_game
from tutorial_engine.engine.rules import Moment, legal_plays
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import STRATEGIES
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.render.drills import DrillRenderer
from tutorial_engine.render.page import Renderer
from tutorial_engine.render.walkthrough import WalkRenderer

ORDER = ["A", "10", "K", "Q", "J", "9"]
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


@pytest.fixture(scope="module")
def sixty_six(tmp_path_factory):
    report = load(tmp_path_factory.mktemp("sixty-six"), SIXTY_SIX)
    assert errors(report) == []
    return report.games["sixty-six"]


def beats(card: Card, other: Card, trump) -> bool:
    """Whether `card`, played second, takes a trick led with `other`."""
    if card.suit is other.suit:
        return ORDER.index(card.rank.value) < ORDER.index(other.rank.value)
    return card.suit is trump


def recheck(game, deal) -> GamePointsResult:
    """Replays the deal from its log and checks every rule of issue 31 on the way; what the
    deal's result must then be."""
    log = deal.log
    dealt = next(e for e in log if isinstance(e, events.Dealt))
    hands = {seat: list(hand) for seat, hand in enumerate(dealt.hands)}
    turned = next(e for e in log if isinstance(e, events.TurnUp)).card
    trump = turned.suit
    indicator, stock, closed_by, closing = turned, 12, None, (0, 0)
    points, pending, tricks, last_winner = [0, 0], [0, 0], [0, 0], None
    marriage_lead = None
    for at, event in enumerate(log):
        if isinstance(event, events.Exchanged):
            assert closed_by is None and stock > 2, "the exchange is made while the stock is open with more than two"
            assert event.given == Card(Rank.NINE, trump) and event.taken == indicator
            hands[event.seat].remove(event.given)
            hands[event.seat].append(event.taken)
            indicator = event.given
        elif isinstance(event, events.Closed):
            assert closed_by is None and stock > 0
            closed_by, other = event.seat, 1 - event.seat
            closing = (points[other], tricks[other])
        elif isinstance(event, events.Married):
            held = hands[event.seat]
            assert Card(Rank.KING, event.suit) in held and Card(Rank.QUEEN, event.suit) in held
            assert event.points == (40 if event.suit is trump else 20)
            assert event.counted == (tricks[event.seat] > 0)
            if event.counted:
                points[event.seat] += event.points
            else:
                pending[event.seat] += event.points
            marriage_lead = (event.seat, event.suit)
        elif isinstance(event, events.Trick):
            lead, follow = event.plays
            leader, follower = event.seats
            if marriage_lead is not None:
                assert marriage_lead == (leader, lead.suit) and lead.rank in (Rank.KING, Rank.QUEEN)
                marriage_lead = None
            hand = hands[follower]
            if closed_by is not None or stock == 0:  # the stock gone: follow and head, else trump
                following = [c for c in hand if c.suit is lead.suit]
                heading = [c for c in following if beats(c, lead, trump)]
                trumps = [c for c in hand if c.suit is trump]
                allowed = heading or following or trumps or hand
                assert follow in allowed, f"{follow} after {lead} from {hand}, the stock gone"
            hands[leader].remove(lead)
            hands[follower].remove(follow)
            winner = follower if beats(follow, lead, trump) else leader
            assert event.winner == winner
            tricks[winner] += 1
            points[winner] += POINTS[lead.rank.value] + POINTS[follow.rank.value]
            if tricks[winner] == 1:
                points[winner] += pending[winner]
                pending[winner] = 0
            last_winner = winner
            if not hands[0] and not hands[1] and closed_by is None and stock == 0:
                points[winner] += 10  # the last trick, the stock having run out
            if points[winner] >= 66:  # the deal ends at once: nobody draws
                assert isinstance(log[at + 1], events.DealWon), "play stops the moment a player reaches 66"
        elif isinstance(event, events.Draw):
            assert closed_by is None, "nobody draws once the stock is closed"
            hands[event.seat].append(event.card)
            stock -= 1
    won = next(e for e in log if isinstance(e, events.DealWon))
    assert log[-1] is won
    if won.reason is events.DealEnd.TARGET:
        assert points[won.seat] >= 66 and points[1 - won.seat] < 66
    elif won.reason is events.DealEnd.CLOSER_FAILED:
        assert closed_by == 1 - won.seat and max(points) < 66 and not hands[0] and not hands[1]
    else:
        assert closed_by is None and max(points) < 66 and won.seat == last_winner
    assert won.points == points[won.seat]
    loser = 1 - won.seat
    if closed_by is not None and closed_by != won.seat:
        gained = 3 if closing[1] == 0 else 2
    else:
        lost_points, lost_tricks = closing if closed_by == won.seat else (points[loser], tricks[loser])
        gained = 3 if lost_tricks == 0 else 2 if lost_points < 33 else 1
    written = tuple(gained if seat == won.seat else 0 for seat in (0, 1))
    return GamePointsResult(trump, tuple(tricks), tuple(points), won.seat, won.reason, closed_by, written)


@pytest.mark.parametrize("strategy", ["random", "sensible"])
def test_whole_deals_keep_every_rule_of_the_race(sixty_six, strategy):
    ends, closed, exchanged, married, pending = set(), 0, 0, 0, 0
    for seed in range(400):
        rng = random.Random(seed)
        deal = Deal(sixty_six, Table(2, 1), seed % 2, rng)
        while not deal.is_terminal():
            deal.apply(STRATEGIES[strategy](deal, rng))
        assert deal.result() == recheck(sixty_six, deal), f"seed {seed}"
        ends.add(deal.result().reason)
        closed += any(isinstance(e, events.Closed) for e in deal.log)
        exchanged += any(isinstance(e, events.Exchanged) for e in deal.log)
        married += any(isinstance(e, events.Married) for e in deal.log)
        pending += any(isinstance(e, events.Married) and not e.counted for e in deal.log)
    assert closed and exchanged and married and pending
    if strategy == "random":
        assert ends == set(events.DealEnd)


def test_the_leader_is_offered_exactly_the_moves_the_rules_allow(sixty_six):
    """A marriage for each king or queen whose partner is held; the exchange while the stock is
    open with more than two cards and the trump nine is held; closing while the stock is open."""
    seen = set()
    for seed in range(300):
        rng = random.Random(seed)
        deal = Deal(sixty_six, Table(2, 1), 0, rng)
        while not deal.is_terminal():
            actions = deal.legal_actions()
            if not deal.trick:
                hand = deal.hands[deal.to_move]
                melds = {a.card for a in actions if isinstance(a, Meld)}
                assert melds == {c for c in hand if c.rank in (Rank.KING, Rank.QUEEN)
                                 and Card(Rank.QUEEN if c.rank is Rank.KING else Rank.KING, c.suit) in hand}
                open_stock = deal.closed_by is None and len(deal.stock) > 0
                assert any(isinstance(a, Close) for a in actions) == open_stock
                assert any(isinstance(a, Exchange) for a in actions) == (
                    open_stock and len(deal.stock) > 2 and Card(Rank.NINE, deal.trump) in hand)
                seen |= {type(a) for a in actions}
            else:
                assert all(not isinstance(a, (Meld, Close, Exchange)) for a in actions)
            deal.apply(random.Random(seed).choice(actions))
    assert {Meld, Close, Exchange} <= seen


def test_legal_claims_and_the_command_line_ask_whether_the_stock_is_gone(tmp_path, sixty_six):
    report = check_pages(tmp_path, SIXTY_SIX, "          - text: Head the trick.\n            claims:\n" + "".join(
        f"              - {claim}\n" for claim in (
            "{kind: legal, trump: ♠, stock_gone: true, trick: [10♥], hand: [A♥, K♥, 9♠, J♣], "
            "expect: {legal: [A♥], duty: head}}",
            "{kind: legal, trump: ♠, stock_gone: true, trick: [A♥], hand: [K♥, Q♥, 9♠], "
            "expect: {legal: [K♥, Q♥], duty: follow}}",
            "{kind: legal, trump: ♠, stock_gone: true, trick: [A♥], hand: [9♠, J♣], expect: {legal: [9♠], duty: trump}}",
            "{kind: legal, trump: ♠, stock_gone: false, trick: [A♥], hand: [9♠, J♣], "
            "expect: {legal: [9♠, J♣], duty: none}}",
            "{kind: legal, trump: ♠, trick: [A♥], hand: [9♠, J♣]}")),
        "drills:\n  - {id: l, kind: legal, title: T, constraints: [head]}\n")
    assert [e[e.index(": ") + 2:] for e in errors(report)] == [
        "give 'stock_gone: true' or 'stock_gone: false': in Sixty-six what must be played changes once the stock is "
        "closed or used up (suit-head-then-trump)"]
    legality = legal_plays(sixty_six, Card.parse("A♠").suit, [Card.parse("10♥")],
                           [Card.parse(c) for c in ("A♥", "K♥", "9♠")], Moment(stock_gone=True))
    assert {str(c): code for c, code in legality.refused.items()} == {"K♥": "must-head", "9♠": "must-head"}


def test_check_says_what_the_stock_rules_need(tmp_path):
    cases = [
        (SIXTY_SIX.replace("draw: true, ", ""),
         ["'late_follow' is about the stock, and nobody draws from one in this game: it needs 'draw: true'",
          "'closing' is about the stock, and nobody draws from one in this game: it needs 'draw: true'",
          "'exchange' is about the stock, and nobody draws from one in this game: it needs 'draw: true'",
          "a game scored by game points is played from a stock that is drawn after each trick: the 'tricks' phase "
          "needs 'draw: true'"]),
        (SIXTY_SIX.replace(", marriage: 20", ""),
         ["a marriage in trump and one in another suit score differently: give both 'marriage' and "
          "'trump_marriage'"]),
        (SIXTY_SIX.replace("exchange: 9", "exchange: 2"), ["2 is not a rank of the deck"]),
        (SIXTY_SIX.replace("players: [2]", "players: [3]"),
         ["a game scored by game points is a race between two players: players: [2], each for themselves"]),
    ]
    for number, (text, expected) in enumerate(cases):
        report = load(tmp_path / str(number), text)
        assert [e[e.index(": ") + 2:] for e in errors(report)] == expected, number


def test_simulate_prints_a_whole_game_whose_lines_follow_the_schema(tmp_path, sixty_six):
    result = simulate(tmp_path, SIXTY_SIX, "--match", "--json", "--events", "--strategy", "sensible", "--seed", "3")
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    schema = json.loads(schema_text("simulate"))
    for line in lines:
        jsonschema.validate(line, schema)
    assert [line["game_over"] for line in lines] == [False] * (len(lines) - 1) + [True]
    assert max(lines[-1]["totals"]) >= 7 and lines[-1]["game_winner"] == lines[-1]["totals"].index(
        max(lines[-1]["totals"]))
    played = list(play_race_game(sixty_six, Table(2, 1), seed=3, strategy="sensible"))
    assert [list(d.result.written) for d in played] == [line["score_change"] for line in lines]
    plain = simulate(tmp_path / "plain", SIXTY_SIX, "--match", "--strategy", "sensible", "--seed", "3")
    assert plain.output.splitlines()[-1] == f"The game is over after {len(lines)} deals: seat " \
                                            f"{lines[-1]['game_winner']} wins it."


def game_points_claims(*claims: str) -> str:
    return "          - text: Game points.\n            claims:\n" + "".join(f"              - {c}\n" for c in claims)


def test_game_points_claims_check_the_scoring_sentences_of_a_race(tmp_path):
    """1 game point; 2 when the loser has under 33; 3 when the loser took no trick; a closer who
    falls short gives 2, or 3 when the other had no trick at the closing; a closer who wins
    counts the loser as at the closing."""
    report = check_pages(tmp_path, SIXTY_SIX, game_points_claims(
        "{kind: game-points, loser_points: 40, loser_tricks: 3, expect: {game_points: 1}}",
        "{kind: game-points, loser_points: 32, loser_tricks: 3, expect: {game_points: 2}}",
        "{kind: game-points, loser_points: 0, loser_tricks: 0, expect: {game_points: 3}}",
        "{kind: game-points, loser_points: 40, loser_tricks: 3, closed: loser, expect: {game_points: 2}}",
        "{kind: game-points, loser_points: 40, loser_tricks: 3, closed: loser, winner_tricks: 0, "
        "expect: {game_points: 3}}",
        "{kind: game-points, loser_points: 20, loser_tricks: 2, closed: winner, expect: {game_points: 2}}",
        "{kind: game, expect: {deal_target: 66, last_trick: 10, marriage: 20, trump_marriage: 40, exchange: 9, "
        "closing: true, late_follow: suit-head-then-trump, target: 7}}"), "drills:\n  - {id: t, kind: trick, title: T}\n")
    assert errors(report) == []
    wrong = check_pages(tmp_path / "wrong", SIXTY_SIX, game_points_claims(
        "{kind: game-points, loser_points: 32, loser_tricks: 3, expect: {game_points: 1}}",
        "{kind: game-points, loser_points: 40, loser_tricks: 3, closed: loser, winner_tricks: 0, "
        "expect: {game_points: 2}}",
        "{kind: game-points, loser_points: 70, loser_tricks: 3}",
        "{kind: game-points, loser_points: 5, loser_tricks: 0}",
        "{kind: game-points, loser_points: 5, loser_tricks: 1, winner_tricks: 0}"),
        "drills:\n  - {id: t, kind: trick, title: T}\n")
    assert [e[e.index(": ") + 2:] for e in errors(wrong)] == [
        "expected 1 game point, but the engine gives 2: the loser has 32 card points, fewer than 33",
        "expected 2 game points, but the engine gives 3: the loser closed the stock and fell short, and the winner "
        "had no trick then",
        "the loser never reached the deal's target of 66: give fewer card points",
        "a player who took no trick has no card points: give 0, or some tricks",
        "'winner_tricks' counts when the loser closed the stock; leave it out, or give 'closed: loser'",
    ]


def test_a_walkthrough_tells_each_lead_and_the_score_as_the_rules_give_them(sixty_six):
    """Across seeds: every marriage is asked about, worth 40 in trump and 20 otherwise; every
    deal ends with who won it and the game points the re-checked deal gives."""
    locales = Path(__file__).resolve().parent.parent / "locales"
    asked_marriages = 0
    for seed in range(12):
        spec = WalkSpec(sixty_six, 2, 1, seed)
        moments = walk(spec).moments
        html = str(WalkRenderer(Renderer(Translator.load(locales, "en")), walk(spec)).render("A deal"))
        told = steps(html)
        scored = moments[-1]
        assert isinstance(scored, RaceScored)
        rng = random.Random(seed)
        deal = Deal(sixty_six, Table(2, 1), 0, rng)
        while not deal.is_terminal():
            deal.apply(STRATEGIES["sensible"](deal, rng))
        result = recheck(sixty_six, deal)
        assert (scored.winner, scored.reason, scored.written, scored.points) == (
            result.winner, result.reason, result.written, result.points)
        who = next(step for step in told if step["question"] == "Who wins the deal?")
        assert who["answer"] == [str(result.winner)]
        points = next(step for step in told if step["question"].startswith("How many game points"))
        assert points["answer"] == result.written[result.winner]
        marriages = [e for m in moments if isinstance(m, TrickPlayed) for e in m.announced
                     if isinstance(e, events.Married)] + [e for e in scored.announced if isinstance(e, events.Married)]
        worth = [step for step in told if step["question"].endswith("marriage worth?")]
        assert [step["answer"] for step in worth] == [40 if e.suit is result.trump else 20 for e in marriages]
        for step, event in zip(worth, marriages):
            assert clean(step["feedback"]).endswith("so its points count at once." if event.counted
                                                    else "takes one.")
        asked_marriages += len(worth)
    assert asked_marriages > 0


def test_marriage_drills_ask_what_a_marriage_is_worth_and_when_it_counts(sixty_six):
    """S6: 40 in trump, 20 in another suit, counted once the player has taken a trick."""
    drill = Drill(id="m", kind="marriage", game=sixty_six, title="T", count=40, seed=2, players=2, team_size=1,
                  cards=5, constraints=(), location=None)
    questions = draw(drill)
    assert len(set(questions)) == 40
    assert all(q.points == (40 if q.suit is q.trump else 20) for q in questions)
    assert {q.suit is q.trump for q in questions} == {True, False} and {q.tricks > 0 for q in questions} == {True, False}
    html = str(DrillRenderer(Renderer(Translator.load(Path(__file__).resolve().parent.parent / "locales", "en")))
               .marriage(questions[0]).steps[1].feedback)
    assert clean(html.replace("<", " <")).endswith("so its points count at once." if questions[0].tricks
                                                   else "takes one.")


def event_of(data: dict) -> events.Event:
    """An event as `simulate --json --events` prints it, read back into its record."""
    kind = next(cls for cls in events.EVENTS if cls.kind == data["event"])
    hints = typing.get_type_hints(kind)

    def read(hint, value):
        origin = typing.get_origin(hint)
        if origin in (types.UnionType, typing.Union):
            return None if value is None else read(next(a for a in typing.get_args(hint) if a is not type(None)), value)
        if origin is tuple:
            return tuple(read(typing.get_args(hint)[0], item) for item in value)
        if hint is Card:
            return Card.parse(value)
        if hint is Suit:
            return Suit.parse(value)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return hint(value)
        return value

    return kind(**{f.name: read(hints[f.name], data[f.name]) for f in dataclasses.fields(kind)})


@pytest.mark.parametrize("strategy", ["random", "sensible"])
def test_deals_printed_by_simulate_keep_every_rule_of_the_race(tmp_path, sixty_six, strategy):
    """The same re-check, from `simulate --json --events` lines alone: what a script reads."""
    result = simulate(tmp_path, SIXTY_SIX, "--deals", "60", "--json", "--events", "--strategy", strategy,
                      "--seed", "11")
    assert result.exit_code == 0, result.output
    for line in map(json.loads, result.output.splitlines()):
        logged = types.SimpleNamespace(log=[event_of(data) for data in line["events"]])
        rechecked = recheck(sixty_six, logged)
        assert (rechecked.winner, rechecked.reason.value, list(rechecked.written), list(rechecked.points),
                rechecked.closed_by) == (line["deal_winner"], line["reason"], line["score_change"],
                                         line["card_points"], line["closed_by"])
