"""Drills: seeded, reproducible variants whose answers come from the engine (issues: drills, whole deals)."""

from __future__ import annotations

import dataclasses
import html as htmllib
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from game_texts import OH_HELL, SIXTY_SIX, load

from tutorial_engine.content import drills as drills_module
from tutorial_engine.content.drills import (
    DealCountVariant,
    DrillError,
    ExchangeVariant,
    MatchDealVariant,
    OrderVariant,
    draw,
    drawable,
    kinds,
    read_drills,
)
from tutorial_engine.content.examples import Expectation, RankingExample
from tutorial_engine.content.project import check
from tutorial_engine.content.source import read_source
from tutorial_engine.engine.cards import Card, Suit
from tutorial_engine.engine.game import VictoryPoints
from tutorial_engine.engine.match import play_deals
from tutorial_engine.engine.rules import Duty, WinReason
from tutorial_engine.engine.scoring import Outcome, trick_score, victory
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.problems import Problems
from tutorial_engine.render.drills import PRINTED, SHOWN, DrillRenderer
from tutorial_engine.render.page import Renderer

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def report(bundled_report):
    assert list(bundled_report.problems) == []
    return bundled_report


def drill(report, game: str, name: str):
    return next(d for d in report.drills if d.game.id == game and d.id == name)


def questions(report, d) -> tuple:
    """The drill's questions as the check drew them."""
    return report.questions[d]


def test_every_bundled_drill_has_at_least_30_distinct_questions(report):
    per_game = Counter(d.game.id for d in report.drills)
    assert {game: per_game[game] for game in ("albastini", "altbaumer", "briscola")} == {
        "albastini": 13, "altbaumer": 10, "briscola": 7}
    assert set(per_game) == set(report.games)                    # every game has drills
    for d in report.drills:
        variants = questions(report, d)
        assert len(variants) >= 30, d.id
        assert len({repr(v) for v in variants}) == len(variants), d.id


def test_the_same_seed_gives_the_same_questions(report):
    d = drill(report, "albastini", "who-takes-the-trick")
    assert [repr(v) for v in questions(report, d)] == [repr(v) for v in questions(report, d)]


def test_constraints_hold_in_every_question(report):
    for v in questions(report, drill(report, "albastini", "three-players-with-trumps")):
        assert any(c.suit is v.trump for c in v.plays)
    for v in questions(report, drill(report, "albastini", "an-ace-of-another-suit")):
        verdict = v.solve()
        assert all(c.suit is not v.trump for c in v.plays)
        assert any(c.rank.value == "A" and c.suit is not verdict.led for c in v.plays)
    for v in questions(report, drill(report, "altbaumer", "a-tree-in-the-trick")):
        assert v.solve().reason is WinReason.TREE                       # B15
    for v in questions(report, drill(report, "altbaumer", "ordinary-club-led")):
        assert v.solve().duty is Duty.PLAY_TREE                         # B15


def test_forecast_exchange_questions_include_both_answers(report):
    answers = {v.example.outcome().exchange is not None
               for v in questions(report, drill(report, "albastini", "must-it-be-exchanged"))}
    assert answers == {True, False}                                      # A10
    assert all(isinstance(v, ExchangeVariant) for v in questions(report, drill(report, "albastini", "must-it-be-exchanged")))


def every_question(d, code: str = "en") -> str:
    """The drill with all its questions in one list, as the page and its script hold them."""
    renderer = DrillRenderer(Renderer(Translator.load(ROOT / "locales", code)))
    return str(renderer.section(d, renderer.questions(d)))


def rendered(report, game: str, name: str, code: str = "en") -> str:
    return every_question(drill(report, game, name), code)


def variants_of(html: str) -> list[str]:
    """Each question's list item: it ends where its list of steps does."""
    return re.findall(r'<li class="tc-drill__variant">.*?</ol>\n</li>', html, re.S)


@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_practice_page_holds_the_first_question_and_a_script_the_others(report, code):
    """Issue 8: thirty questions a drill made a 2 MB page. The page holds the first; a script
    named after its content holds the rest, in order, for drills.js to load; the worksheet
    lists the first PRINTED with the answer key."""
    d = drill(report, "albastini", "who-takes-the-trick")
    renderer = DrillRenderer(Renderer(Translator.load(ROOT / "locales", code)))
    html, script = renderer.practice(d, "practice.print.html")
    whole = variants_of(every_question(d, code))
    assert len(whole) == 30 and len(variants_of(str(html))) == SHOWN == 1
    assert f'data-more="drills/{script.name}" data-total="30"' in html
    assert re.fullmatch(r"who-takes-the-trick\.[0-9a-f]{10}\.js", script.name)
    call = re.fullmatch(r'tcDrillMore\("albastini/who-takes-the-trick",(".*")\);\n', script.text, re.S)
    later = variants_of(json.loads(call[1]))
    assert len(later) == 29 and all('<span class="tc-drill__unprinted" hidden></span>' in v for v in later)
    strip = lambda v: re.sub(r'<span class="tc-drill__(number|unprinted)" hidden>[^<]*</span>', "", v).strip()
    assert [strip(v) for v in variants_of(str(html)) + later] == [strip(v) for v in whole]
    more = re.search(r'<p class="tc-drill__more"><a href="([^"]+)">([^<]+)</a></p>', html)
    tr = renderer.tr
    assert more.groups() == ("practice.print.html#drill-who-takes-the-trick", tr.npgettext(
        "drill", "{n} more question, with its answer, on the worksheet to print",
        "{n} more questions, with their answers, on the worksheet to print", PRINTED - SHOWN))
    # The link counts what the worksheet prints, not the 29 only the script holds (issue 16 review).
    sheet = str(renderer.worksheet(d))
    assert [strip(v) for v in variants_of(sheet)] == [strip(v) for v in whole[:PRINTED]]
    assert "data-more" not in sheet and "tc-drill__unprinted" not in sheet
    assert sheet.count('<li class="tc-drill__answer">') == 2 * PRINTED  # who takes it, then its points


def test_the_script_of_a_drills_further_questions_is_named_after_them(report):
    """A browser that kept an older script must not pair it with a newer page."""
    d = drill(report, "albastini", "who-takes-the-trick")
    names = {code: DrillRenderer(Renderer(Translator.load(ROOT / "locales", code))).practice(d, "w.html")[1].name
             for code in ("en", "ru", "en")}
    other = dataclasses.replace(d, seed=d.seed + 1)
    assert len(set(names.values())) == 2
    assert DrillRenderer(Renderer(Translator.load(ROOT / "locales", "en"))).practice(other, "w.html")[1].name \
        not in names.values()


def test_each_step_carries_the_engines_answer_and_states_it(report):
    html = rendered(report, "albastini", "who-takes-the-trick")
    first = questions(report, drill(report, "albastini", "who-takes-the-trick"))[0]
    verdict = first.solve()
    steps = re.findall(r'data-type="(\w+)" data-answer="([^"]*)"', html)[:2]
    assert steps[0] == ("choice", json.dumps([str(verdict.winner)]).replace('"', "&#34;"))
    assert steps[1] == ("number", str(verdict.points))
    feedback = re.findall(r'<div class="tc-drill__feedback">(.*?)</div>', html)[:2]
    assert f"{first.player(verdict.winner)} takes the trick with" in feedback[0]
    assert feedback[1].endswith(f"the trick is worth {verdict.points} points.") or verdict.points == 1


def test_no_question_gives_its_answer_away_before_the_details(report):
    html = rendered(report, "albastini", "who-takes-the-trick")
    for prompt in re.findall(r'<div class="tc-drill__prompt">(.*?)</div>\s*<ol class="tc-drill__steps">', html, re.S):
        assert "tc-seat--winner" not in prompt and "takes the trick" not in prompt


def test_persian_drills_use_persian_digits_in_answers(report):
    html = rendered(report, "albastini", "card-values", "fa")
    assert re.search(r"[۰-۹]", html)


BAD = [
    ("kind: legal", "game: albastini", "Albastini has no use for legal drills: any card may be played at any "
                                       "time (follow: none), so every card is always legal; legal drills need a "
                                       "'follow' other than 'none' in game.yml, or a 'late_follow' on its 'tricks' "
                                       "phase"),
    ("kind: card-values", "game: euchre", "Euchre has no use for card-values drills: every card of it is worth 0 "
                                          "points; give the ranks their 'points' in game.yml to draw them"),
    ("kind: forecast-allowed", "game: briscola", "Briscola has no use for forecast-allowed drills: its deal has no "
                                                 "'forecast' phase; add one between 'deal' and 'turn-up' in game.yml "
                                                 "to draw them"),
    ("cards: 4", "game: albastini", "trick drills ignore 'cards': only strongest drills use it; remove it"),
    ("constraints: [tree]", "game: altbaumer", "'tree' is not a constraint of trick drills (constraints: "
                                               "trump-played, no-trump, off-suit-ace, tree-played)"),
    ("count: 10", "game: albastini", "expected a number of questions (at least 30), but found 10"),
    ("constraints: [trump-played, no-trump]", "game: albastini",
     "only 0 different questions meet the constraints of 'd' in 10,000 tries; relax them or lower 'count'"),
    ("players: 7", "game: albastini", "Albastini is not played by 7 players"),
]


@pytest.mark.parametrize("line, game, message", BAD, ids=[b[0] for b in BAD])
def test_bad_drills_are_refused_with_their_line(tmp_path, line, game, message):
    key, _, value = line.partition(": ")
    fields = {"id": "d", "kind": "trick", "title": "T", key: value}
    body = "\n".join(f"    {k}: {v}" for k, v in fields.items())
    path = tmp_path / "drills.yml"
    path.write_text(f"{game}\ndrills:\n  - {body.lstrip()}\n", encoding="utf-8")
    problems = [p.message for p in check(ROOT, [path]).problems]
    assert problems == [message]


def test_the_drill_code_stays_within_6_kb_gzipped():
    """The front-end budget: one small module, no framework, measured as learners get it, its
    comments taken out as the build takes them out (plugin.MINIFY)."""
    import gzip

    from tutorial_engine.build.plugin import MINIFY
    code = (ROOT / "tutorial_engine" / "render" / "assets" / "drills.js").read_text(encoding="utf-8")
    assert len(gzip.compress(MINIFY[".js"](code).encode("utf-8"), compresslevel=9)) <= 6 * 1024
    assert "http" not in code


def test_e3_strongest_then_its_value_then_hide_it_until_every_card_is_valued(report):
    """E3: name the strongest, give its value, hide it and go again."""
    d = drill(report, "albastini", "strongest-card")
    first = questions(report, d)[0]
    html = rendered(report, "albastini", "strongest-card").split('<li class="tc-drill__variant">')[1]
    steps = re.findall(r'data-type="(\w+)" data-answer="([^"]*)"', html)
    order = first.ranking.solve().order
    assert [t for t, _ in steps] == ["choice", "number"] * 4 + ["number"]
    assert [json.loads(a.replace("&#34;", '"'))[0] for t, a in steps if t == "choice"] == [str(c) for c in order[:4]]
    assert [int(a) for t, a in steps if t == "number"] == [d.game.card_points(c) for c in order]


# --- deal-scoring: whole simulated deals (issue: whole deals) ---

ALBASTINI_DEALS = ["whole-deal-two-players", "whole-deal-two-teams", "whole-deal-five-players",
                   "whole-deal-two-teams-of-three"]
ALTBAUMER_DEALS = ["a-deal-of-a-match", "a-solo-of-five", "the-deciding-deal"]


def deal_drills(report):
    return [drill(report, "albastini", n) for n in ALBASTINI_DEALS] + \
           [drill(report, "altbaumer", n) for n in ALTBAUMER_DEALS]


def steps_of(html: str) -> list[list[tuple[str, object, str]]]:
    """Per question: (type, answer, feedback as plain text) of every step."""
    questions = []
    for part in html.split('<li class="tc-drill__variant">')[1:]:
        steps = []
        for kind, answer, feedback in re.findall(
                r'data-type="(\w+)" data-answer="([^"]*)".*?<div class="tc-drill__feedback">(.*?)</div>', part, re.S):
            text = htmllib.unescape(re.sub(r"<[^>]+>", "", feedback))
            steps.append((kind, json.loads(htmllib.unescape(answer)), text))
        questions.append(steps)
    return questions


def test_deal_drills_are_drawn_afresh_the_same_way_and_another_seed_changes_them(report):
    for d in deal_drills(report):
        first = draw(d)
        assert len(first) == d.count and len({repr(v) for v in first}) == d.count, d.id
        assert [repr(v) for v in draw(d)] == [repr(v) for v in first], d.id
        assert [repr(v) for v in draw(dataclasses.replace(d, seed=d.seed + 1))] != [repr(v) for v in first]


def test_the_check_keeps_every_drills_questions_as_drawn(report):
    assert list(report.questions) == report.drills  # no drill is referenced but not checked here
    for d in report.drills:
        assert list(report.questions[d]) == draw(d), d.id


def test_deal_drills_simulate_few_deals(report):
    """Performance: each bundled deal drill finds its questions in few simulated deals (about 0.25 ms
    each on the reference machine), and a match gives several deals."""
    for d in deal_drills(report):
        rng = random.Random(f"{d.game.id}/{d.id}/{d.seed}")
        seen, deals = set(), 0
        for variant in drills_module.KINDS["deal-scoring"].stream(d, rng):
            deals += 1
            if variant is not None:
                seen.add(repr(variant))
                if len(seen) == d.count:
                    break
        assert deals <= (100 if d.id in ALBASTINI_DEALS + ["a-deal-of-a-match"] else 1_100), (d.id, deals)


def test_a19_a20_albastini_deal_answers_are_the_engines(report):
    """A19: each side's points are its cards' points; A18: with five the indicator counts for nobody;
    A20: the highest total wins 1, or 2 below the threshold (10, 20, 30 by team size); a tie scores nothing."""
    outcomes = set()
    for name in ALBASTINI_DEALS:
        d = drill(report, "albastini", name)
        game = d.game
        threshold = {1: 10, 2: 20, 3: 30}[d.team_size]
        for v in questions(report, d):
            assert isinstance(v, DealCountVariant)
            assert len(v.sides) == d.players // d.team_size
            assert v.points == tuple(sum(game.card_points(c) for c in cards) for cards in v.won)
            assert len({c for cards in v.won for c in cards} | set(v.unclaimed)) == len(game.deck)
            assert len(v.unclaimed) == (1 if d.players == 5 else 0)                      # A18
            assert sum(v.points) + sum(game.card_points(c) for c in v.unclaimed) == 120  # A19
            assert v.victory == victory(game.scoring, v.points, d.team_size)            # A20
            best = max(v.points)
            if v.points.count(best) > 1:
                assert (v.victory.winner, v.victory.points) == (None, 0)
            else:
                assert v.victory.winner == v.points.index(best)
                assert v.victory.points == (2 if min(v.points) < threshold else 1)
            assert v.asked == min(len(v.sides), 3)
            outcomes.add(v.victory.outcome)
    assert outcomes >= {Outcome.WIN, Outcome.WIN_DOUBLE}


def replayed(v: MatchDealVariant):
    seed, strategy, number = v.replay
    return next(p for p in play_deals(v.game, seed=seed, strategy=strategy, match=True) if p.number == number)


def test_b19_b20_b21_altbaumer_deal_answers_are_the_engines(report):
    """Every question replays to the engine's MatchDeal; B19: what each side writes; B20: five wins a
    round, a solo of five wins it at once, scores go back to 0; B21: two rounds win the match, and
    the deciding deal at one round all writes nothing and is won with three tricks."""
    seen = {"round": False, "solo-of-five": False, "decider": False, "nothing": False}
    for name in ALTBAUMER_DEALS:
        for v in questions(report, drill(report, "altbaumer", name)):
            played = replayed(v)
            result = played.result
            assert (v.tricks, v.declarers, v.score) == (result.tricks, result.declarers, result.score)
            assert (v.score_change, v.scores, v.rounds, v.decider, v.match_winner) == (
                played.score_change, played.scores, played.rounds, played.decider, played.match_winner)
            assert v.score == trick_score(v.game.scoring, v.tricks[v.declarers])                  # B19
            if v.decider:                                                                          # B21
                seen["decider"] = True
                assert (v.rounds_before, v.scores_before, v.score_change) == ((1, 1), (0, 0), (0, 0))
                assert v.match_winner == (0 if v.tricks[0] >= 3 else 1) and v.round_winner is None
                continue
            change = (v.score.declarers, v.score.defenders)
            assert v.score_change == (change if v.declarers == 0 else change[::-1])              # B19
            assert v.written == tuple(b + c for b, c in zip(v.scores_before, v.score_change))
            if v.solo_of_five:                                                                     # B20
                seen["solo-of-five"] = True
                assert v.round_winner == v.declarers and v.scores == (0, 0)
            elif max(v.written) >= 5:
                seen["round"] = True
                assert v.round_winner == (0 if v.written[0] >= 5 else 1) and v.scores == (0, 0)
            else:
                seen["nothing"] = True
                assert v.round_winner is None and v.scores == v.written and v.rounds == v.rounds_before
            if v.round_winner is not None:
                assert v.rounds[v.round_winner] == v.rounds_before[v.round_winner] + 1
                assert v.match_winner == (v.round_winner if v.rounds[v.round_winner] == 2 else None)  # B21
    assert all(seen.values()), seen


ALBASTINI_CONSTRAINED = [("tie", Outcome.TIE), ("one-victory-point", Outcome.WIN),
                         ("two-victory-points", Outcome.WIN_DOUBLE)]


@pytest.mark.parametrize("constraint, outcome", ALBASTINI_CONSTRAINED, ids=[c for c, _ in ALBASTINI_CONSTRAINED])
def test_a20_albastini_constraints_hold_in_every_question(report, constraint, outcome):
    d = dataclasses.replace(drill(report, "albastini", "whole-deal-two-teams"), count=8, constraints=(constraint,))
    variants = draw(d)
    assert len(variants) == 8
    assert all(v.victory.outcome is outcome for v in variants)


ALTBAUMER_CONSTRAINTS = {
    "solo": lambda v: v.solo is not None,
    "solo-of-five": lambda v: v.solo is not None and v.tricks[v.declarers] == 5 and v.round_winner == v.declarers,
    "round-won": lambda v: v.round_winner is not None and v.rounds != v.rounds_before,
    "match-won": lambda v: v.match_winner is not None,
    "decider": lambda v: v.decider and v.rounds_before == (1, 1),
}


@pytest.mark.parametrize("constraint", ALTBAUMER_CONSTRAINTS)
def test_b20_b21_altbaumer_constraints_hold_in_every_question(report, constraint):
    d = dataclasses.replace(drill(report, "altbaumer", "a-deal-of-a-match"), count=8, constraints=(constraint,))
    variants = draw(d)
    assert len(variants) == 8
    assert all(ALTBAUMER_CONSTRAINTS[constraint](v) for v in variants)


def test_the_bundled_constrained_deal_drills_hold_their_constraints(report):
    assert all(v.solo_of_five for v in questions(report, drill(report, "altbaumer", "a-solo-of-five")))    # B20
    assert all(v.decider for v in questions(report, drill(report, "altbaumer", "the-deciding-deal")))       # B21


def test_an_albastini_deal_question_counts_the_first_sides_then_scores_the_deal(report):
    """A19, A20 in English: a number per counted side, who wins (or a tie), the victory points."""
    for name in ALBASTINI_DEALS:
        d = drill(report, "albastini", name)
        page = rendered(report, "albastini", name)
        for v, steps in zip(questions(report, d), steps_of(page)):
            tie = v.victory.winner is None
            assert [k for k, _, _ in steps] == ["number"] * v.asked + ["choice"] + ([] if tie else ["number"])
            assert [a for _, a, _ in steps[:v.asked]] == list(v.points[:v.asked])
            assert steps[v.asked][1] == ["tie" if tie else str(v.victory.winner)]
            if not tie:
                assert steps[-1][1] == v.victory.points
    v = questions(report, drill(report, "albastini", "whole-deal-two-players"))[0]
    steps = steps_of(rendered(report, "albastini", "whole-deal-two-players"))[0]
    sums = [" + ".join(str(p) for p in sorted((d.game.card_points(c) for c in cards), reverse=True) if p)
            for cards in v.won]
    assert steps[0][2] == f"Anna took {sums[0]} = {v.points[0]} points."
    assert steps[1][2] == f"Boris took {sums[1]} = {v.points[1]} points."
    winner = ["Anna", "Boris"][v.victory.winner]
    assert steps[2][2] == f"{winner} has the highest total."
    assert steps[3][2] == ("No total is below 10, so the winner scores 1 victory point." if v.victory.points == 1
                           else "A total is below 10, so the winner scores 2 victory points.")
    question = rendered(report, "albastini", "whole-deal-two-players").split('<li class="tc-drill__variant">')[1]
    assert "Won by Anna:" in question and "Won by Boris:" in question and "How many points did Anna take?" in question


def test_five_players_count_three_and_see_the_rest_and_the_indicator(report):
    """A18: the indicator is never drawn and counts for nobody; only three sides are counted."""
    d = drill(report, "albastini", "whole-deal-five-players")
    v = questions(report, d)[0]
    question = htmllib.unescape(rendered(report, "albastini", "whole-deal-five-players")
                                .split('<li class="tc-drill__variant">')[1])
    for name, points in zip(["Dawit", "Emeka"], v.points[3:]):
        shown = (f"Won by {name}, {points} points in all:" if points != 1 else f"Won by {name}, 1 point in all:")
        assert shown in question or f"{name} won no trick." in question
    assert "Never drawn, so it counts for nobody:" in question
    assert [q for q in re.findall(r'<p class="tc-drill__question">(.*?)</p>', question)] == [
        "How many points did Anna take?", "How many points did Boris take?", "How many points did Chiara take?",
        "Who wins the deal?", "How many victory points does the winner score?"][:5 if v.victory.winner is not None else 4]


def first_match(report, name: str, test):
    d = drill(report, "altbaumer", name)
    pairs = list(zip(questions(report, d), steps_of(rendered(report, "altbaumer", name))))
    return next((v, steps) for v, steps in pairs if test(v))


SIDES = ("Anna and Chiara", "Boris and Dawit")


def test_b19_b20_a_deal_without_a_round_won_in_english(report):
    v, steps = first_match(report, "a-deal-of-a-match",
                           lambda v: v.round_winner is None and 3 <= v.tricks[v.declarers] < 5)
    n, m = v.tricks[v.declarers], v.tricks[1 - v.declarers]
    assert [k for k, _, _ in steps] == ["number", "number", "choice"]
    assert steps[0] == ("number", 1, f"The declarers took {n} tricks: they won the deal and write +1.")
    trick = "trick" if m == 1 else "tricks"
    assert steps[1] == ("number", 0, f"The defenders took {m} {trick} and lost, but defenders lose nothing: "
                                     "they write 0.")
    scores = [str(s).replace("-", "−") for s in v.scores]
    assert steps[2] == ("choice", ["none"], f"Nobody has reached 5: the scores are now {scores[0]} for "
                                            f"{SIDES[0]} and {scores[1]} for {SIDES[1]}.")


def test_b19_losing_declarers_write_minus_one_and_the_defenders_plus_one(report):
    v, steps = first_match(report, "a-deal-of-a-match", lambda v: not v.score.declarers_won and v.tricks[v.declarers])
    n, m = v.tricks[v.declarers], v.tricks[1 - v.declarers]
    trick = "trick" if n == 1 else "tricks"
    assert steps[0] == ("number", -1, f"The declarers took {n} {trick}, too few: they lost the deal and write −1.")
    assert steps[1] == ("number", 1, f"The defenders took {m} tricks: they beat the declarers and write +1.")


def test_b20_a_solo_of_five_wins_the_round_at_once_in_english(report):
    v, steps = first_match(report, "a-solo-of-five", lambda v: v.match_winner is None)
    side = SIDES[v.declarers]
    assert [k for k, _, _ in steps] == ["number", "number", "choice", "choice"]
    assert steps[0] == ("number", 2, "The declarers took all 5 tricks and write +2.")
    assert steps[1] == ("number", 0, "The defenders took no trick and lost, but defenders lose nothing: they write 0.")
    assert steps[2] == ("choice", [str(v.declarers)], f"{v.solo} played alone and took all 5 tricks, so {side} "
                                                      "win the round at once, whatever the scores.")
    if v.rounds == (1, 1):
        assert steps[3] == ("choice", ["none"], "1 round each: a single deal now decides the match.")
    else:
        assert steps[3] == ("choice", ["none"], f"{side} have won 1 round; it takes 2 to win the match.")
    question = rendered(report, "altbaumer", "a-solo-of-five").split('<li class="tc-drill__variant">')[1]
    assert f"{v.solo} played alone while {v.sitting_out} sat out." in question


def test_b20_b21_a_round_reached_and_the_match_won_in_english(report):
    d = dataclasses.replace(drill(report, "altbaumer", "a-deal-of-a-match"), count=30,
                            constraints=("match-won",))
    page = every_question(d)
    pairs = list(zip(draw(d), steps_of(page)))
    v, steps = next((v, s) for v, s in pairs if not v.decider and not v.solo_of_five)
    side = SIDES[v.round_winner]
    assert steps[2] == ("choice", [str(v.round_winner)], f"{side} now have {v.written[v.round_winner]}, which reaches 5: "
                                                         "they win the round, and both scores go back to 0.")
    assert steps[3] == ("choice", [str(v.match_winner)], f"{side} have won 2 rounds, and with them the match.")


def test_b21_the_deciding_deal_writes_nothing_and_three_tricks_win_the_match(report):
    v, steps = first_match(report, "the-deciding-deal", lambda v: True)
    winner = v.match_winner
    assert [k for k, _, _ in steps] == ["number", "choice"]
    assert steps[0] == ("number", 0, "Nothing (0): on this site no points are written in the deciding deal.")
    expected = (f"{SIDES[winner]} took {v.tricks[winner]} tricks, at least 3: that wins the deciding deal, "
                "and with it the match.")
    if v.solo is not None:
        expected += " On this site a solo player, too, needs only 3 tricks in the deciding deal."
    assert steps[1] == ("choice", [str(winner)], expected)
    question = rendered(report, "altbaumer", "the-deciding-deal").split('<li class="tc-drill__variant">')[1]
    assert "Each side has won 1 round, so this is the deciding deal." in question
    assert "score so far" not in question and "1 round won" in question


BAD_DEALS = [
    ("constraints: [solo-of-five]", "game: albastini", 19,
     "'solo-of-five' is not a constraint of Albastini deal-scoring drills "
     "(constraints: one-victory-point, two-victory-points, tie)"),
    ("constraints: [tie]", "game: altbaumer", 19,
     "'tie' is not a constraint of Altbaumer deal-scoring drills "
     "(constraints: solo, solo-of-five, round-won, match-won, decider)"),
    ("constraints: [decider, round-won]", "game: altbaumer", 28,
     "no deal is both 'decider' and 'round-won': the deciding deal writes no score, so it wins no round"),
    ("constraints: [tie, two-victory-points]", "game: albastini", 24,
     "no deal is both 'tie' and 'two-victory-points': after a tie nobody scores"),
    ("players: 3", "game: altbaumer", 14, "Altbaumer is not played by 3 players"),
    ("team_size: 3", "game: albastini", 16, "Albastini with 2 players has no teams of 3"),
]


@pytest.mark.parametrize("line, game, column, message", BAD_DEALS, ids=[b[0] for b in BAD_DEALS])
def test_bad_deal_drills_are_refused_with_their_line(tmp_path, monkeypatch, line, game, column, message):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "drills.yml"
    path.write_text(f"{game}\ndrills:\n  - id: d\n    kind: deal-scoring\n    title: T\n    {line}\n",
                    encoding="utf-8")
    assert [str(p) for p in check(ROOT, [path]).problems] == [f"drills.yml:6:{column}: error: {message}"]


@pytest.mark.parametrize("kind", ["scoring", "deal-scoring"])
def test_a_game_with_no_scoring_is_told_why_it_has_no_scoring_drills(tmp_path, albastini, kind):
    path = tmp_path / "drills.yml"
    path.write_text(f"drills:\n  - id: d\n    kind: {kind}\n    title: T\n", encoding="utf-8")
    problems = Problems()
    game = dataclasses.replace(albastini, scoring=None)
    assert drawable(read_drills(read_source(path, "drills.yml"), problems, game), problems) == {}
    assert [str(p) for p in problems] == [
        f"drills.yml:3:11: error: Albastini has no use for {kind} drills: its game.yml has no 'scoring', so no "
        "deal of it is ever scored; add a 'scoring' rule (kind: victory-points, tricks, odd-tricks, exact-bids or "
        "penalty-points) "
        "to game.yml to draw them"]


def test_each_drill_field_is_read_by_the_kinds_that_say_they_use_it():
    users = {name: {kind.name for kind in kinds.KINDS.values() if name in kind.fields} for name in kinds.SOME_KINDS}
    assert users == {"players": {"trick", "forecast-exchange", "forecast-allowed", "scoring", "deal-scoring",
                                 "dealer-bid"},
                     "team_size": {"forecast-exchange", "forecast-allowed", "scoring", "deal-scoring"},
                     "cards": {"strongest"}}


@pytest.mark.parametrize("kind", sorted(kinds.KINDS))
def test_a_field_a_kind_does_not_claim_changes_none_of_its_questions(kind, albastini, altbaumer, tmp_path):
    """What check refuses as ignored is ignored indeed: the same questions whatever its value."""
    game = (altbaumer if kind == "legal" else load(tmp_path, OH_HELL).games["oh-hell"] if kind == "dealer-bid"
            else load(tmp_path, SIXTY_SIX).games["sixty-six"] if kind == "marriage" else albastini)
    base = drills_module.Drill(id="d", kind=kind, game=game, title="T", count=30, seed=0, players=4,
                               team_size=2, cards=3, constraints=(), location=None)
    other = {"players": 3, "team_size": 1, "cards": 4}
    drawn = repr(draw(base))
    for name in kinds.SOME_KINDS:
        if name not in kinds.KINDS[kind].fields:
            assert repr(draw(dataclasses.replace(base, **{name: other[name]}))) == drawn, name


def test_two_victory_points_need_thresholds(tmp_path, albastini):
    path = tmp_path / "drills.yml"
    path.write_text("drills:\n  - id: d\n    kind: deal-scoring\n    title: T\n"
                    "    constraints: [tie, one-victory-point, two-victory-points]\n", encoding="utf-8")
    problems = Problems()
    game = dataclasses.replace(albastini, scoring=VictoryPoints({}, wins_above=60))
    assert drawable(read_drills(read_source(path, "drills.yml"), problems, game), problems) == {}
    assert [str(p) for p in problems] == [
        "drills.yml:5:24: error: no deal is both 'tie' and 'one-victory-point': after a tie nobody scores",
        "drills.yml:5:43: error: no deal is both 'tie' and 'two-victory-points': after a tie nobody scores",
        "drills.yml:5:43: error: no Albastini deal scores two victory points: its scoring has no thresholds",
    ]


def test_unmeetable_deal_constraints_name_the_simulated_deals(report, monkeypatch):
    monkeypatch.setattr(kinds, "MAX_DEALS", 40)
    d = dataclasses.replace(drill(report, "albastini", "whole-deal-two-players"), id="d", count=30,
                            constraints=("tie",))
    with pytest.raises(DrillError) as error:
        draw(d)
    assert str(error.value) == ("only 0 different questions meet the constraints of 'd' in 40 simulated deals; "
                                "relax them or lower 'count'")


def test_drills_drawn_in_other_processes_are_the_ones_drawn_here(report):
    """`mkdocs build` and `check` draw the drills in forked processes (the rare deals of two
    Altbaumer drills take as long as all the others): the same questions, and the same game."""
    fresh = [dataclasses.replace(d, seed=d.seed + 1000) for d in report.drills]  # in no cache yet
    problems = Problems()
    drawn = drills_module.drawable(fresh, problems, workers=2)
    assert list(drawn) == fresh and not problems
    for d in fresh:
        variants = drawn[d]
        assert [repr(v) for v in variants] == [repr(v) for v in draw(d)], d.id
        assert all(v.game is d.game for v in variants if hasattr(v, "game")), d.id


def test_a_drill_drawn_in_another_process_fails_as_it_would_here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(kinds, "MAX_DEALS", 40)
    path = tmp_path / "drills.yml"
    path.write_text("game: albastini\ndrills:\n  - id: fine\n    kind: trick\n    title: T\n"
                    "  - id: ties\n    kind: deal-scoring\n    title: T\n    constraints: [tie]\n", encoding="utf-8")
    alone, shared = check(ROOT, [path], workers=1), check(ROOT, [path], workers=2)
    assert [d.id for d in shared.drills] == [d.id for d in alone.drills] == ["fine"]
    assert [str(p) for p in shared.problems] == [str(p) for p in alone.problems]
    assert re.fullmatch(r"drills\.yml:6:5: error: only \d+ different questions meet the constraints of 'ties' "
                        r"in 40 simulated deals; relax them or lower 'count'", str(*shared.problems))


def test_two_trees_in_an_order_question_name_the_site_reading(report):
    """B3: which tree is higher is the site's reading; a question that sets Q♣ against J♣ says so,
    rather than "a tree outranks every other trump", which J♣ is too."""
    game = report.games["altbaumer"]
    ranking = RankingExample(id="q", location=None, game=game, title=None, cites=(), expect=Expectation(),
                             trump=Suit.parse("♥"), cards=(Card.parse("J♣"), Card.parse("Q♣")))
    renderer = DrillRenderer(Renderer(Translator.load(ROOT / "locales", "en")))
    feedback = re.sub(r"<[^>]+>", "", str(renderer.order(OrderVariant(ranking)).steps[0].feedback))
    assert feedback == "Q♣ beats the other tree, J♣, because this site ranks it higher; the trees outrank every other trump."


def test_every_drills_questions_come_back_from_json_as_they_were(report):
    """The cache folder and the worker processes carry questions as JSON (codec.py): plain data,
    which must give back equal questions, their cards the very objects the kernels compare."""
    for d in report.drills:
        questions = report.questions[d]
        again = drills_module.loads(d, drills_module.dumps(d, questions))
        assert again == questions, d.id
        assert [repr(q) for q in again] == [repr(q) for q in questions], d.id
    error = drills_module.loads(d, drills_module.dumps(d, DrillError("no question meets them")))
    assert isinstance(error, DrillError) and str(error) == "no question meets them"
    with pytest.raises(ValueError, match="not a drill's questions"):
        drills_module.loads(d, b'{"questions": [{"$": "Pickle", "x": 1}]}')


def question_texts(html: str) -> list[str]:
    """Each question as the learner reads it: its prompt, steps and explanations, without markup."""
    return [re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", v))) for v in variants_of(html)]


@pytest.mark.parametrize("game", ["euchre", "whist", "hearts", "oh-hell", "sixty-six"])
def test_a_game_played_to_a_target_is_a_game_in_every_drill_never_a_match(report, game):
    """Issue 32: Euchre's race to 10 is a game (U16), as are the games of Whist, Hearts, Oh Hell
    and Sixty-six; only Altbaumer's rounds make a match."""
    drills = [d for d in report.drills if d.game.id == game]
    texts = [text for d in drills for text in question_texts(every_question(d))]
    assert texts and not [text for text in texts if re.search(r"\bmatch", text, re.I)]


def test_u16_euchre_asks_whether_a_side_has_won_the_game(report):
    scoring = question_texts(rendered(report, "euchre", "scores-and-the-target"))
    assert all("Has a side now won the game?" in text and "; 10 wins the game." in text for text in scoring)
    last = steps_of(rendered(report, "euchre", "the-last-deal-of-a-game"))
    for v, steps in zip(questions(report, drill(report, "euchre", "the-last-deal-of-a-game")), last):
        if not v.solo_of_five:
            assert steps[-1] == ("choice", [str(v.round_winner)], f"{SIDES[v.round_winner]} now have "
                                 f"{v.written[v.round_winner]}, which reaches 10: they win the game.")
    altbaumer = question_texts(rendered(report, "altbaumer", "a-deal-of-a-match"))
    assert any("Has a side now won the match?" in text for text in altbaumer)


@pytest.mark.parametrize("rounds, question, why", [
    (1, "Has a side now won the game?", "The declarers now have 1 and the defenders 0; 5 wins the game."),
    (2, "Has a side now won the round?", "The scores are now 1 and 0; 5 wins a round."),
])
def test_the_word_for_a_race_to_points_comes_from_the_rounds_in_game_yml(altbaumer, rounds, question, why):
    """Not from the game's name: Altbaumer scored with one round would be a game to 5."""
    scoring = dataclasses.replace(altbaumer.scoring, rounds=rounds)
    game = dataclasses.replace(altbaumer, scoring=scoring)
    renderer = DrillRenderer(Renderer(Translator.load(ROOT / "locales", "en")))
    step = renderer.trick_score(drills_module.TrickScoreVariant(game, 3, (0, 0))).steps[-1]
    assert (htmllib.unescape(re.sub(r"<[^>]+>", "", step.question)),
            htmllib.unescape(re.sub(r"<[^>]+>", "", str(step.feedback)))) == (question, why)


ALONE = "The {n} players play individually: there are no teams."


def test_a8_four_players_forecasting_are_told_they_play_individually(report):
    """Issue 32: at four players Albastini may be played in pairs, and who may forecast depends on
    whether the dealer has a partner (A8); the drill plays individually, and says so first."""
    texts = question_texts(rendered(report, "albastini", "which-forecasts-are-allowed"))
    assert len(texts) == 30
    assert all(text.strip().startswith(ALONE.format(n=4)) for text in texts)


@pytest.mark.parametrize("players, team_size, said", [(6, 1, True), (4, 2, False), (3, 1, False), (5, 1, False)])
def test_the_individual_play_sentence_is_said_only_where_teams_were_possible(report, players, team_size, said):
    d = dataclasses.replace(drill(report, "albastini", "which-forecasts-are-allowed"), players=players,
                            team_size=team_size)
    texts = question_texts(every_question(d))
    assert [ALONE.format(n=players) in text for text in texts] == [said] * 30
    assert not [text for text in texts if "play individually" in text and not said]


def test_after_the_strongest_card_the_next_is_the_strongest_of_the_remaining_cards(report):
    """The picture still shows the cards already ranked: the second question and its answer say
    "of the remaining cards", never "of these cards" (issue 32 learner review)."""
    for steps in steps_of(rendered(report, "euchre", "strongest-card")):
        choices = [feedback for kind, _, feedback in steps if kind == "choice"]
        assert choices[0].endswith(" is the strongest of these cards.")
        assert choices[1:] and all(f.endswith(" is the strongest of the remaining cards.") for f in choices[1:])
