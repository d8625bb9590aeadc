"""Scoring questions and claims for games scored by odd tricks (issue 30): `scoring` and
`deal-scoring` drills draw deals of a game to the target and the engine answers what each side
writes and whether a side has won; a `tally` claim checks a sentence of a rules page.

The game is classic Whist as tests/test_plain_tricks.py writes it: four players in partnerships
opposite, thirteen tricks a deal, a book of six, game to five.
"""

from __future__ import annotations

import dataclasses
import html as htmllib
import json
import re
from pathlib import Path

import pytest
from game_texts import WHIST

from tutorial_engine.cli.scaffold import supported_kinds
from tutorial_engine.content.drills import OddTricksVariant, draw, drawable, dumps, loads, read_drills
from tutorial_engine.content.project import Report, check
from tutorial_engine.content.source import read_source
from tutorial_engine.engine.cards import Card, Suit
from tutorial_engine.engine.deal import OddTricksResult
from tutorial_engine.engine.game import OddTricks
from tutorial_engine.engine.odd_tricks import play_game
from tutorial_engine.engine.scoring import GameStep, game_step
from tutorial_engine.engine.seating import Table
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.problems import Problems
from tutorial_engine.render.drills import DrillRenderer
from tutorial_engine.render.page import Renderer

ROOT = Path(__file__).resolve().parent.parent


TRIO = """\
id: trio
name: Trio
deck:
  suits: [♠, ♥, ♦, ♣]
  ranks: [A, K, Q, J, 10, 9, 8, 7, 6]
order:
  plain: [A, K, Q, J, 10, 9, 8, 7, 6]
  trump: [A, K, Q, J, 10, 9, 8, 7, 6]
follow: suit
players: [3]
deal:
  - {phase: deal, packets: [1], whole_pack: true}
  - {phase: trump, from: none}
  - {phase: tricks}
scoring: {kind: odd-tricks, book: 2, target: 4}
"""
"""Three players alone, twelve tricks a deal: every side is one player, and two can score at once."""

DRILLS = """\
drills:
  - id: what-each-side-writes
    kind: scoring
    title: What does each side write?
    seed: 1
  - id: a-deal-of-a-game
    kind: deal-scoring
    title: A deal of a game
    seed: 2
  - id: the-deal-that-wins-the-game
    kind: deal-scoring
    title: The deal that wins the game
    constraints: [game-won]
    seed: 3
"""

PAGE = ("pages:\n  - id: rules\n    title: Whist\n    summary: Whist.\n    sections:\n"
        "      - id: scoring\n        title: Scoring\n        blocks:\n"
        "          - text: A side scores one point for each trick above six.\n            claims:\n")


def project(tmp_path: Path, game: str = WHIST, drills: str = DRILLS, claims: tuple[str, ...] = ()) -> Report:
    name = re.search(r"^id: (\w+)", game, re.M)[1]
    folder = tmp_path / "examples" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yml").write_text(game, encoding="utf-8")
    (folder / "drills.yml").write_text(drills, encoding="utf-8")
    if claims:
        (folder / "pages.yml").write_text(PAGE + "".join(f"              - {claim}\n" for claim in claims),
                                          encoding="utf-8")
    return check(tmp_path)


@pytest.fixture(scope="module")
def whist(tmp_path_factory) -> Report:
    report = project(tmp_path_factory.mktemp("whist"))
    assert [str(problem) for problem in report.problems] == []
    return report


def drill(report: Report, name: str):
    return next(d for d in report.drills if d.id == name)


def questions(report: Report, name: str) -> tuple:
    return report.questions[drill(report, name)]


def steps_of(report: Report, name: str, code: str = "en") -> list[list[tuple[str, object, str, str]]]:
    """Per question: (type, answer, question, feedback as plain text) of every step, as rendered."""
    renderer = DrillRenderer(Renderer(Translator.load(ROOT / "locales", code)))
    plain = lambda markup: htmllib.unescape(re.sub(r"<[^>]+>", "", str(markup)))
    return [[(step.type, json.loads(step.answer), plain(step.question), plain(step.feedback)) for step in question.steps]
            for question in renderer.questions(drill(report, name))]


def prompts_of(report: Report, name: str, code: str = "en") -> list[str]:
    renderer = DrillRenderer(Renderer(Translator.load(ROOT / "locales", code)))
    return [str(question.prompt) for question in renderer.questions(drill(report, name))]


WHIST_SCORING = OddTricks(book=6, target=5)


# --- drawn and answered by the engine --------------------------------------------------------

def test_a_scoring_drill_is_drawn_for_the_pairs_of_the_table(whist):
    """Without players or team_size, a drill of Whist is for its one table: four in two pairs."""
    d = drill(whist, "what-each-side-writes")
    assert (d.players, d.team_size) == (4, 2)
    assert {"scoring", "deal-scoring"} <= set(supported_kinds(d.game))


def test_scoring_questions_share_out_the_thirteen_tricks_and_the_engine_writes_them(whist):
    drawn = questions(whist, "what-each-side-writes")
    assert len(drawn) == 30 and all(isinstance(v, OddTricksVariant) for v in drawn)
    for v in drawn:
        assert v.sides == (("Anna", "Chiara"), ("Boris", "Dawit"))
        assert sum(v.tricks) == 13 and all(0 <= score < 5 for score in v.before)
        assert v.step == game_step(WHIST_SCORING, v.before, [max(0, tricks - 6) for tricks in v.tricks])
        assert (v.dealer, v.trump, v.turned) == (None, None, None)
    assert {v.step.winner for v in drawn} == {0, 1, None}


@pytest.mark.parametrize("name", ["a-deal-of-a-game", "the-deal-that-wins-the-game"])
def test_deal_scoring_questions_are_deals_of_games_the_engine_played(whist, name):
    """Each question is the deal its replay gives again, with the scores the game had before it."""
    for v in questions(whist, name):
        seed, strategy, number = v.replay
        game = list(play_game(drill(whist, name).game, Table(4, 2), seed=seed, strategy=strategy))
        played = game[number - 1]
        assert isinstance(played.result, OddTricksResult)
        before = game[number - 2].step.scores if number > 1 else (0, 0)
        assert (v.tricks, v.before, v.step) == (played.result.tricks, before, played.step)
        assert v.dealer == ("Anna", "Boris", "Chiara", "Dawit")[played.deal.dealer]
        assert v.turned == played.deal.turned == played.deal.log[0].hands[played.deal.dealer][-1]
        assert v.trump is v.turned.suit


def test_game_won_keeps_the_deals_in_which_a_side_reaches_five(whist):
    assert all(v.step.winner is not None and v.step.scores[v.step.winner] >= 5
               for v in questions(whist, "the-deal-that-wins-the-game"))
    assert {v.step.winner for v in questions(whist, "a-deal-of-a-game")} == {0, 1, None}


def test_odd_trick_questions_come_back_from_json_as_they_were(whist):
    for d in whist.drills:
        again = loads(d, dumps(d, whist.questions[d]))
        assert again == whist.questions[d] and [q.replay for q in again] == [q.replay for q in whist.questions[d]]


def test_deal_scoring_constraints_are_the_games_own(tmp_path):
    report = project(tmp_path, drills="drills:\n  - id: d\n    kind: deal-scoring\n    title: T\n"
                                      "    constraints: [match-won]\n")
    assert [f"{p.location.line}:{p.location.column}: {p.message}" for p in report.problems] == [
        "5:19: 'match-won' is not a constraint of Whist deal-scoring drills (constraints: game-won)"]


@pytest.mark.parametrize("kind", ["scoring", "deal-scoring"])
def test_a_kind_of_scoring_the_drills_cannot_ask_about_is_refused_with_the_reason(tmp_path, whist, kind):
    path = tmp_path / "drills.yml"
    path.write_text(f"drills:\n  - id: d\n    kind: {kind}\n    title: T\n", encoding="utf-8")
    problems = Problems()
    game = dataclasses.replace(whist.games["whist"], scoring=None)
    assert drawable(read_drills(read_source(path, "drills.yml"), problems, game), problems) == {}
    assert [str(p) for p in problems] == [
        f"drills.yml:3:11: error: Whist has no use for {kind} drills: its game.yml has no 'scoring', so no deal of "
        "it is ever scored; add a 'scoring' rule (kind: victory-points, tricks, odd-tricks, exact-bids or "
        "penalty-points) to game.yml to draw them"]


# --- rendered, in English and in Persian -----------------------------------------------------

def test_the_first_scoring_question_in_english(whist):
    """4 and 9 tricks of 13, both sides at 2: the nine tricks are three above the book of six, and
    Boris and Dawit reach 5."""
    assert questions(whist, "what-each-side-writes")[0] == OddTricksVariant(
        whist.games["whist"], (("Anna", "Chiara"), ("Boris", "Dawit")), (4, 9), (2, 2),
        GameStep((0, 3), (2, 5), 1))
    assert prompts_of(whist, "what-each-side-writes")[0] == (
        '<ol class="tc-plays"><li class="tc-seat"><span class="tc-seat__name">Anna and Chiara</span>'
        '<span class="tc-tag">score so far: 2</span><span class="tc-tag">4 tricks taken</span></li>'
        '<li class="tc-seat"><span class="tc-seat__name">Boris and Dawit</span>'
        '<span class="tc-tag">score so far: 2</span><span class="tc-tag">9 tricks taken</span></li></ol>')
    assert steps_of(whist, "what-each-side-writes")[0] == [
        ("number", 0, "What do Anna and Chiara write for this deal?",
         "Anna and Chiara took 4 tricks. That is not above the book of 6, so it scores nothing."),
        ("number", 3, "What do Boris and Dawit write for this deal?",
         "Boris and Dawit took 9 tricks. That is 3 tricks above the book of 6, which scores 3 points."),
        ("choice", ["1"], "Has a side now won the game?",
         "Boris and Dawit now have 5, which reaches 5: they win the game."),
    ]


def test_the_first_scoring_question_in_persian(whist):
    assert steps_of(whist, "what-each-side-writes", "fa")[0] == [
        ("number", 0, "آنا و کیارا برای این دست چه می‌نویسند؟",
         "آنا و کیارا ۴ تریک گرفتند. این تعداد از پایه، یعنی ۶ تریک، بیشتر نیست، پس امتیازی ندارد."),
        ("number", 3, "بوریس و داویت برای این دست چه می‌نویسند؟",
         "بوریس و داویت ۹ تریک گرفتند. این یعنی ۳ تریک بیش از پایه (۶ تریک) که ۳ امتیاز دارد."),
        ("choice", ["1"], "آیا حالا طرفی بازی را برده است؟",
         "امتیاز بوریس و داویت اکنون ۵ است و به ۵ رسیده: آن‌ها بازی را می‌برند."),
    ]
    assert '<span class="tc-tag">امتیاز تا اینجا: ۲</span><span class="tc-tag">تریک‌های گرفته‌شده: ۹</span>' \
        in prompts_of(whist, "what-each-side-writes", "fa")[0]


def test_the_first_deal_of_a_game_in_english_and_persian(whist):
    """Anna deals the first deal and turns 4♣; 6 tricks to 7: one trick above the book, nobody at 5."""
    v = questions(whist, "a-deal-of-a-game")[0]
    assert (v.dealer, str(v.turned), v.tricks, v.before, v.step) == ("Anna", "4♣", (6, 7), (0, 0),
                                                                     GameStep((0, 1), (0, 1), None))
    assert prompts_of(whist, "a-deal-of-a-game")[0].endswith(
        '<p class="tc-row">Anna dealt and turned up <span class="tc-code" dir="ltr" role="img" '
        'aria-label="the four of clubs">4♣</span>: its suit was trump.</p>')
    assert [feedback for _, _, _, feedback in steps_of(whist, "a-deal-of-a-game")[0]] == [
        "Anna and Chiara took 6 tricks. That is not above the book of 6, so it scores nothing.",
        "Boris and Dawit took 7 tricks. That is 1 trick above the book of 6, which scores 1 point.",
        "Nobody has reached 5: the scores are now 0 for Anna and Chiara and 1 for Boris and Dawit.",
    ]
    assert '<p class="tc-row">آنا کارت داد و <span class="tc-code" dir="ltr" role="img" aria-label="چهار گشنیز">' \
           '4♣</span> را رو کرد: خال آن حکم بود.</p>' in prompts_of(whist, "a-deal-of-a-game", "fa")[0]
    assert [feedback for _, _, _, feedback in steps_of(whist, "a-deal-of-a-game", "fa")[0]] == [
        "آنا و کیارا ۶ تریک گرفتند. این تعداد از پایه، یعنی ۶ تریک، بیشتر نیست، پس امتیازی ندارد.",
        "بوریس و داویت ۷ تریک گرفتند. این یعنی ۱ تریک بیش از پایه (۶ تریک) که ۱ امتیاز دارد.",
        "هیچ طرفی به ۵ نرسیده است: اکنون امتیاز آنا و کیارا ۰ و امتیاز بوریس و داویت ۱ است.",
    ]


def test_every_explanation_states_the_engines_answer(whist):
    """Each step's feedback is true of its own question: the tricks, what they score, the scores after."""
    sides = ("Anna and Chiara", "Boris and Dawit")
    for name in ("what-each-side-writes", "a-deal-of-a-game", "the-deal-that-wins-the-game"):
        for v, steps in zip(questions(whist, name), steps_of(whist, name), strict=True):
            for k in (0, 1):
                kind, answer, _, feedback = steps[k]
                above = (f"That is {v.step.written[k]} trick{'s' if v.step.written[k] > 1 else ''} above the book "
                         f"of 6, which scores {v.step.written[k]} point{'s' if v.step.written[k] > 1 else ''}."
                         if v.step.written[k] else "That is not above the book of 6, so it scores nothing.")
                took = (f"{sides[k]} took {v.tricks[k]} trick{'s' if v.tricks[k] != 1 else ''}." if v.tricks[k]
                        else f"{sides[k]} won no trick.")
                assert (kind, answer, feedback) == ("number", v.step.written[k], f"{took} {above}")
            winner = v.step.winner
            expected = (f"{sides[winner]} now have {v.step.scores[winner]}, which reaches 5: they win the game."
                        if winner is not None else
                        f"Nobody has reached 5: the scores are now {v.step.scores[0]} for {sides[0]} and "
                        f"{v.step.scores[1]} for {sides[1]}.")
            assert steps[2][:2] == ("choice", [str(winner) if winner is not None else "none"])
            assert steps[2][3] == expected


def test_players_alone_and_more_than_two_sides(tmp_path):
    """Three players alone: a player writes, has and wins in the singular; two can score in one
    deal, a shared lead at the target plays on, and with three sides the highest score is named."""
    report = project(tmp_path, TRIO, "drills:\n  - id: scores\n    kind: scoring\n    title: T\n")
    assert [str(problem) for problem in report.problems] == []
    game = report.games["trio"]
    sides = (("Anna",), ("Boris",), ("Chiara",))
    renderer = DrillRenderer(Renderer(Translator.load(ROOT / "locales", "en")))
    plain = lambda markup: htmllib.unescape(re.sub(r"<[^>]+>", "", str(markup)))

    def shown(tricks, before):
        step = game_step(OddTricks(2, 4), before, [max(0, t - 2) for t in tricks])
        question = renderer.tally(OddTricksVariant(game, sides, tricks, before, step, dealer="Boris"))
        return [(plain(s.question), s.answer, plain(s.feedback)) for s in question.steps], plain(question.prompt)

    steps, prompt = shown((8, 1, 3), (2, 1, 1))
    assert steps == [
        ("What does Anna write for this deal?", "6",
         "Anna took 8 tricks. That is 6 tricks above the book of 2, which scores 6 points."),
        ("What does Boris write for this deal?", "0",
         "Boris took 1 trick. That is not above the book of 2, so it scores nothing."),
        ("What does Chiara write for this deal?", "1",
         "Chiara took 3 tricks. That is 1 trick above the book of 2, which scores 1 point."),
        ("Has a side now won the game?", '["0"]', "Anna now has 8, which reaches 4, and wins the game."),
    ]
    assert prompt.endswith("Boris dealt, and no suit was trump.")
    steps, _ = shown((3, 3, 6), (3, 3, 0))
    assert steps[3] == ("Has a side now won the game?", '["none"]',
                        "The lead is shared at 4, which reaches 4: nobody has won yet, and the game goes on.")
    steps, _ = shown((0, 6, 6), (3, 0, 0))
    assert steps[0][2] == "Anna won no trick. That is not above the book of 2, so it scores nothing."
    assert steps[3] == ("Has a side now won the game?", '["none"]',
                        "The lead is shared at 4, which reaches 4: nobody has won yet, and the game goes on.")
    steps, _ = shown((4, 4, 4), (0, 1, 0))
    assert steps[3] == ("Has a side now won the game?", '["none"]',
                        "Nobody has reached 4: the highest score is now 3.")


def test_the_dealer_line_says_what_set_trump_and_nothing_else(whist):
    """The card turned sets trump only when its suit is trump: a suit fixed by game.yml, or named
    after a turned card was refused, shows under the trump badge alone."""
    game = whist.games["whist"]
    renderer = DrillRenderer(Renderer(Translator.load(ROOT / "locales", "en")))
    plain = lambda markup: htmllib.unescape(re.sub(r"<[^>]+>", " ", str(markup))).split()
    step = game_step(WHIST_SCORING, (0, 0), (1, 0))
    base = OddTricksVariant(game, (("Anna", "Chiara"), ("Boris", "Dawit")), (7, 6), (0, 0), step, dealer="Dawit")
    for trump, turned, line in [("♠", "9♠", "Dawit dealt and turned up 9♠ : its suit was trump."),
                                ("♠", "9♦", "Dawit dealt."), ("♥", None, "Dawit dealt."),
                                (None, None, "Dawit dealt, and no suit was trump.")]:
        v = dataclasses.replace(base, trump=trump and Suit.parse(trump), turned=turned and Card.parse(turned))
        words = plain(renderer.tally(v).prompt)
        assert " ".join(words).endswith(line)
        assert (words[:2] == ["Trump:", trump]) if trump else words[0] == "Anna"


# --- tally claims --------------------------------------------------------------------------

PASSING = [
    "{kind: tally, tricks: {Anna+Chiara: 7, Boris+Dawit: 6}, expect: {written: {Anna+Chiara: 1, Boris+Dawit: 0}}}",
    "{kind: tally, tricks: {us: 8, them: 5}, scores: {us: 3, them: 4}, "
    "expect: {written: {us: 2}, scores: {us: 5, them: 4}, game: us}}",
    "{kind: tally, tricks: {us: 13, them: 0}, expect: {written: {us: 7, them: 0}, game: us}}",
    "{kind: tally, tricks: {us: 6, them: 7}, scores: {them: 3}, expect: {scores: {us: 0, them: 4}, game: nobody}}",
]


def test_tally_claims_that_agree_with_the_engine_pass(tmp_path):
    report = project(tmp_path, claims=tuple(PASSING))
    assert [str(problem) for problem in report.problems] == []
    assert [claim.kind for page in report.pages for claim in page.claims] == ["tally"] * len(PASSING)


FAILING = [
    ("{kind: tally, tricks: {us: 8, them: 5}, expect: {written: {us: 1, them: 0}}}",
     ["11:76: expected us to write 1, but the engine gives 2: 8 tricks are 2 above the book of 6"]),
    ("{kind: tally, tricks: {us: 6, them: 7}, expect: {written: {us: 1}}}",
     ["11:76: expected us to write 1, but the engine gives 0: 6 tricks are not above the book of 6"]),
    ("{kind: tally, tricks: {us: 7, them: 6}, scores: {us: 3, them: 4}, expect: {scores: {us: 5}, game: us}}",
     ["11:101: expected us at 5 after the deal, but the engine gives 4: 3 before it, and 1 written",
      "11:115: expected the game won by us, but the engine gives nobody: nobody has reached 5: the scores after "
      "the deal are us 4, them 4"]),
    ("{kind: tally, tricks: {us: 9, them: 4}, scores: {us: 2, them: 4}, expect: {game: them}}",
     ["11:98: expected the game won by them, but the engine gives us: the scores after the deal are us 5, them 4, "
      "and 5 wins the game"]),
    ("{kind: tally, tricks: {us: 8, them: 4}}",
     ["11:39: the tricks add up to 12, but a Whist deal has 13 tricks"]),
    ("{kind: tally, tricks: {Anna: 4, Boris: 3, Chiara: 3, Dawit: 3}}",
     ["11:39: a Whist deal has 2 sides, but 4 are named here; give the tricks of each side"]),
    ("{kind: tally, tricks: {us: 7, them: 6}, scores: {us: 5, thme: 1}, expect: {written: {uss: 1}, game: they}}",
     ["11:65: us at 5 has won the game already (5 wins it); the deal is one of a game still being played",
      "11:73: 'thme' is not one of the sides whose tricks are given (us, them); did you mean 'them'?",
      "11:102: 'uss' is not one of the sides whose tricks are given (us, them); did you mean 'us'?",
      "11:117: 'they' is not one of the sides whose tricks are given (us, them); did you mean 'them'?"]),
    ("{kind: round, declarer_tricks: 7}",
     ["11:24: a 'round' claim checks what the side that made trump writes (scoring kind: tricks); Whist is scored "
      "by odd tricks: check what each side writes with a 'tally' claim"]),
    ("{kind: score, totals: {us: 7, them: 6}}",
     ["11:24: Whist does not score card points; a 'score' claim is for games won on card points, a 'tally' claim "
      "for games scored by odd tricks"]),
]


@pytest.mark.parametrize(("claim", "expected"), FAILING, ids=[str(k) for k in range(len(FAILING))])
def test_tally_claims_that_the_engine_contradicts_fail_at_their_place(tmp_path, claim, expected):
    report = project(tmp_path, claims=(claim,))
    assert [f"{p.location.line}:{p.location.column}: {p.message}" for p in report.problems] == expected


def test_a_shared_lead_at_the_target_wins_nothing(tmp_path):
    """Both sides may be at 5 or more without a winner (a tie at the top plays on): such scores
    before a deal are a game still being played, and the side that leads after it wins."""
    claims = ("{kind: tally, tricks: {us: 6, them: 7}, scores: {us: 5, them: 5}, expect: {game: them}}",
              "{kind: tally, tricks: {us: 6, them: 7}, scores: {us: 5, them: 6}, expect: {game: them}}")
    assert [f"{p.location.line}:{p.location.column}: {p.message}" for p in project(tmp_path, claims=claims).problems] \
        == ["12:65: them at 6 has won the game already (5 wins it); the deal is one of a game still being played"]


def test_a_tally_claim_needs_a_game_scored_by_odd_tricks(tmp_path):
    path = tmp_path / "pages.yml"
    path.write_text("game: altbaumer\n" + PAGE + "              - {kind: tally, tricks: {us: 3, them: 2}}\n",
                    encoding="utf-8")
    assert [f"{p.location.line}:{p.location.column}: {p.message}" for p in check(ROOT, [path]).problems] == [
        "12:24: Altbaumer is not scored by odd tricks; a 'tally' claim is for games scored by odd tricks, a 'round' "
        "claim for games won on tricks, a 'score' claim for games won on card points"]


def test_the_check_replays_a_deal_scoring_question_from_its_replay(whist):
    """`replay` is not part of what a question is: two draws of the same deal compare equal."""
    v = questions(whist, "a-deal-of-a-game")[0]
    assert dataclasses.replace(v, replay=(0, "", 0)) == v
    assert [repr(q) for q in draw(drill(whist, "a-deal-of-a-game"))] == [repr(q) for q in questions(whist, "a-deal-of-a-game")]
