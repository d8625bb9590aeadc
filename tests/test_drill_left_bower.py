"""The `same-colour-top-trump` drill constraint (issue 32): every question of a trick, order or
legal drill that names it shows the top trump the trump suit makes of the other suit of its
colour (Euchre's left bower) where its suit matters; `check` refuses it where it cannot be met."""

from __future__ import annotations

import dataclasses
import html
import re
from pathlib import Path

import pytest

from tutorial_engine.content.drills import draw
from tutorial_engine.content.examples import Expectation, LegalExample
from tutorial_engine.content.project import check
from tutorial_engine.engine.cards import Card, Suit
from tutorial_engine.engine.rules import trick_verdict
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.render.drills import DrillRenderer
from tutorial_engine.render.page import Renderer

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINT = "same-colour-top-trump"
PARTNER = {"♠": "♣", "♣": "♠", "♥": "♦", "♦": "♥"}
"""Each suit and the other suit of its colour, written out rather than asked of the engine."""


def left_bower(trump: Suit) -> Card:
    """U5: the jack of the other suit of the trump's colour."""
    return Card.parse(f"J{PARTNER[trump.value]}")


@pytest.fixture(scope="module")
def euchre_report():
    report = check(ROOT, [ROOT / "examples" / "euchre" / "drills.yml"])
    assert [str(p) for p in report.problems] == []
    return report


def euchre_drill(report, name: str):
    return next(d for d in report.drills if d.id == name)


def test_euchre_asks_about_the_left_bower_in_every_trick_order_and_legal_drill_that_may_hold_a_trump(euchre_report):
    constrained = {d.id for d in euchre_report.drills if CONSTRAINT in d.constraints}
    assert constrained == {d.id for d in euchre_report.drills
                           if d.kind in ("trick", "order", "legal") and "no-trump" not in d.constraints}
    assert constrained == {"who-takes-the-trick", "a-trump-in-the-trick", "a-maker-alone", "which-card-is-higher",
                           "which-cards-may-you-play", "no-card-of-the-suit-led"}


@pytest.mark.parametrize("name", ["who-takes-the-trick", "a-trump-in-the-trick", "a-maker-alone"])
def test_every_trick_has_the_left_bower_among_its_cards_and_it_sometimes_loses(euchre_report, name):
    d = euchre_drill(euchre_report, name)
    questions = euchre_report.questions[d]
    assert len(questions) == 30
    assert all(left_bower(q.trump) in q.plays for q in questions)
    assert all(len(q.plays) == d.players for q in questions)
    winners = {trick_verdict(q.game, q.trump, q.plays).card == left_bower(q.trump) for q in questions}
    assert winners == {True, False}                     # U5: the right bower, when played, beats it


def test_every_order_question_sets_the_left_bower_against_a_trump_or_a_card_of_its_face(euchre_report):
    questions = euchre_report.questions[euchre_drill(euchre_report, "which-card-is-higher")]
    against = set()
    for q in questions:
        bower = left_bower(q.ranking.trump)
        assert bower in q.ranking.cards
        other, = (c for c in q.ranking.cards if c != bower)
        assert other.suit in (q.ranking.trump, bower.suit)
        against.add("trump" if other.suit is q.ranking.trump else "face")
    assert against == {"trump", "face"}


@pytest.mark.parametrize("name, leads", [("which-cards-may-you-play", {"trump", "face"}),
                                         ("no-card-of-the-suit-led", {"face"})])
def test_every_legal_question_holds_the_left_bower_while_trump_or_its_face_is_led(euchre_report, name, leads):
    """Led trump, the left bower must follow; led its face's suit, it may not (U11)."""
    d = euchre_drill(euchre_report, name)
    led = set()
    for q in euchre_report.questions[d]:
        bower = left_bower(q.trump)
        assert bower in q.hand and bower not in q.trick and q.trick
        first = q.trick[0]
        first_suit = q.trump if first == bower else first.suit
        assert first_suit in (q.trump, bower.suit)
        led.add("trump" if first_suit is q.trump else "face")
        legal = q.solve().legal
        if first_suit is q.trump:
            assert bower in legal
        elif any(c.suit is bower.suit and c != bower for c in q.hand):
            assert bower not in legal
    assert led == leads


def test_the_explanation_says_why_the_left_bower_follows_trump_and_not_its_face(euchre_report):
    game = euchre_drill(euchre_report, "which-cards-may-you-play").game
    renderer = DrillRenderer(Renderer(Translator.load(ROOT / "locales", "en")))

    def feedback(trick: str, hand: str) -> str:
        ex = LegalExample(id="q", location=None, game=game, title=None, cites=(), expect=Expectation(),
                          trump=Suit.parse("♦"), trick=tuple(map(Card.parse, trick.split())),
                          hand=tuple(map(Card.parse, hand.split())), moment=None)
        text = html.unescape(re.sub(r"<[^>]+>", "", str(renderer.legal(ex).steps[0].feedback)))
        return re.sub(r"\s+([.,:])", r"\1", text)

    assert feedback("A♥ Q♣", "9♥ J♥ K♥ 9♠ J♠") == (
        "You may play: 9♥ and K♥. You must follow suit: hearts were led. J♥ is the left bower: it counts as a "
        "trump, so it does not follow suit when hearts are led.")   # named as game.yml names it (issue 32)
    assert feedback("Q♦", "J♥ A♠ 9♣ K♣ 10♠") == (
        "You may play: J♥. A trump was led: you must follow with a trump. J♥ is the left bower: it counts as a "
        "trump, so it follows a trump lead.")
    assert feedback("A♠", "J♥ A♥ 9♣ K♣ 10♠") == (
        "You may play: 10♠. You must follow suit: spades were led.")


def test_without_the_constraint_the_left_bower_comes_only_by_chance(euchre_report):
    d = euchre_drill(euchre_report, "which-cards-may-you-play")
    held = sum(left_bower(q.trump) in q.hand for q in draw(dataclasses.replace(d, constraints=())))
    assert 0 < held < 15


REFUSED = [
    ("altbaumer", "trick", f"[{CONSTRAINT}]", 19,
     f"Altbaumer has no use for the '{CONSTRAINT}' constraint: none of its top trumps is the card of the other "
     "suit of the trump's colour; give game.yml's 'top_trumps' one with 'suit: same-colour' (a left bower) to draw "
     "them"),
    ("hearts", "legal", f"[{CONSTRAINT}]", 19,
     f"Hearts has no use for the '{CONSTRAINT}' constraint: none of its top trumps is the card of the other "
     "suit of the trump's colour; give game.yml's 'top_trumps' one with 'suit: same-colour' (a left bower) to draw "
     "them"),
    ("euchre", "trick", f"[no-trump, {CONSTRAINT}]", 29,
     f"no question is both 'no-trump' and '{CONSTRAINT}': the top trump of the trump's colour is a trump"),
    ("euchre", "order", f"[{CONSTRAINT}, plain-suit]", 42,
     f"no question is both '{CONSTRAINT}' and 'plain-suit': the top trump of the trump's colour is a trump"),
    ("euchre", "order", "[trees]", 19,
     "Euchre has no use for the 'trees' constraint: it has no fixed top trumps; give a top trump a 'card' in "
     "game.yml's 'top_trumps' to draw them"),
    ("euchre", "strongest", f"[{CONSTRAINT}]", 19,
     f"'{CONSTRAINT}' is not a constraint of strongest drills (constraints: trump-suit, plain-suit)"),
    ("euchre", "card-values", f"[{CONSTRAINT}]", 11,
     "Euchre has no use for card-values drills: every card of it is worth 0 points; give the ranks their "
     "'points' in game.yml to draw them"),
]


@pytest.mark.parametrize("game, kind, constraints, column, message", REFUSED,
                         ids=[f"{r[0]}-{r[1]}-{r[2]}" for r in REFUSED])
def test_the_constraint_is_refused_where_no_question_can_meet_it(tmp_path, monkeypatch, game, kind, constraints,
                                                               column, message):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "drills.yml"
    path.write_text(f"game: {game}\ndrills:\n  - id: d\n    kind: {kind}\n    title: T\n"
                    f"    constraints: {constraints}\n", encoding="utf-8")
    line = 4 if kind == "card-values" else 6
    assert [str(p) for p in check(ROOT, [path]).problems][:1] == [f"drills.yml:{line}:{column}: error: {message}"]


def test_a_deal_scoring_clash_still_speaks_of_a_deal(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "drills.yml"
    path.write_text("game: altbaumer\ndrills:\n  - id: d\n    kind: deal-scoring\n    title: T\n"
                    "    constraints: [decider, round-won]\n", encoding="utf-8")
    assert [str(p) for p in check(ROOT, [path]).problems] == [
        "drills.yml:6:28: error: no deal is both 'decider' and 'round-won': the deciding deal writes no score, "
        "so it wins no round"]
