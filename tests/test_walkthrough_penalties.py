"""Walkthroughs of a game of avoiding tricks (issue 31): the pass, the first lead by a card, the
rules of play asked at their moment, and what a deal of penalty points writes. Re-derived here
from the engine's own deal and from the rules as Hearts states them: three cards passed left,
right, across, then none; the 2♣ leads; each heart 1, Q♠ 13; all 26 to one player reversed."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from game_texts import load
from test_passing import PASSING, SHIFT
from test_walkthrough import steps
from test_walkthrough_spoilers import clean, read, spoilers

from tutorial_engine.content.walkthrough import (
    CardsPassed,
    PenaltiesScored,
    TrickPlayed,
    TrumpSet,
    WalkSpec,
    walk,
)
from tutorial_engine.engine.cards import Card
from tutorial_engine.engine.deal import Deal, PenaltyResult, play_out
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import sensible_strategy
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.render.page import Renderer
from tutorial_engine.render.walkthrough import WalkRenderer

LOCALES = Path(__file__).resolve().parent.parent / "locales"
TWO_OF_CLUBS = Card.parse("2♣")


@pytest.fixture(scope="module")
def hearts(tmp_path_factory):
    return load(tmp_path_factory.mktemp("hearts"), PASSING).games["hearts"]


def render(spec: WalkSpec, code: str = "en") -> str:
    return str(WalkRenderer(Renderer(Translator.load(LOCALES, code)), walk(spec)).render("A deal"))


def cost(card: Card) -> int:
    return 13 if str(card) == "Q♠" else 1 if str(card).endswith("♥") else 0


@pytest.mark.parametrize("number, direction", [(0, "left"), (1, "right"), (2, "across"), (3, "none")])
def test_the_pass_goes_the_way_of_its_deal_and_leaves_the_hands_the_tricks_are_played_from(hearts, number,
                                                                                          direction):
    for seed in range(5):
        moments = walk(WalkSpec(hearts, 4, 1, seed, number)).moments
        passed = next(m for m in moments if isinstance(m, CardsPassed))
        assert passed.direction.value == direction
        if direction == "none":
            assert passed.passes == () and passed.after == passed.before
        else:
            assert sorted(seat for seat, _, _ in passed.passes) == [0, 1, 2, 3]
            for seat, to, cards in passed.passes:
                assert to == (seat + SHIFT[direction]) % 4 and len(cards) == 3 and set(cards) <= set(passed.before[seat])
        leader = next(m for m in moments if isinstance(m, TrumpSet))
        assert leader.trump is None and TWO_OF_CLUBS in passed.after[leader.leader]
        tricks = [m for m in moments if isinstance(m, TrickPlayed)]
        played = {seat: {card for trick in tricks for s, card in zip(trick.seats, trick.verdict.plays) if s == seat}
                  for seat in range(4)}
        assert played == {seat: set(hand) for seat, hand in enumerate(passed.after)}
        assert tricks[0].verdict.plays[0] == TWO_OF_CLUBS


def test_what_each_writes_is_the_cost_of_the_cards_taken_and_the_engine_scores_the_same(hearts):
    for seed in range(8):
        moments = walk(WalkSpec(hearts, 4, 1, seed)).moments
        scored = moments[-1]
        assert isinstance(scored, PenaltiesScored)
        tricks = [m for m in moments if isinstance(m, TrickPlayed)]
        taken = {seat: [c for t in tricks if t.winner == seat for c in t.verdict.plays if cost(c)] for seat in range(4)}
        assert {seat: list(cards) for seat, cards in enumerate(scored.taken)} == taken
        assert scored.points == tuple(sum(map(cost, taken[seat])) for seat in range(4))
        moon = next((seat for seat in range(4) if scored.points[seat] == 26), None)
        assert scored.moon == moon
        assert scored.written == (scored.points if moon is None else tuple(0 if s == moon else 26 for s in range(4)))
        rng = random.Random(seed)
        deal = Deal(hearts, Table(4, 1), 0, rng)
        play_out(deal, sensible_strategy, rng)
        result = deal.result()
        assert isinstance(result, PenaltyResult) and result.written == scored.written


def test_the_questions_say_why_in_words_true_of_the_deal(hearts):
    html = render(WalkSpec(hearts, 4, 1, 3))
    asked = {step["question"]: step for step in steps(html)}
    moments = walk(WalkSpec(hearts, 4, 1, 3)).moments
    names = ["Anna", "Boris", "Chiara", "Dawit"]
    leader = next(m for m in moments if isinstance(m, TrumpSet)).leader
    lead = asked["Who leads to the first trick?"]
    assert lead["answer"] == [str(leader)]
    assert clean(lead["feedback"]) == (f"{names[leader]} holds 2♣, which leads the deal's first trick, so "
                                       f"{names[leader]} leads.")
    where = asked["Where do the passed cards go in this deal?"]
    assert where["answer"] == ["left"] and clean(where["feedback"]) == (
        "The pass changes direction from deal to deal, in a cycle of 4 deals; this is deal 1 of the cycle. In this "
        "deal each player passes to the player on their left.")
    passed = next(m for m in moments if isinstance(m, CardsPassed))
    seat, to, cards = passed.passes[0]
    step = asked[f"To whom does {names[seat]} pass?"]
    assert step["answer"] == [str(to)]
    assert clean(step["feedback"]) == " ".join(  # a sentence for each pass, not a list of lists (issue 32 reading)
        f"{names[giver]} passes {', '.join(map(str, given[:-1]))}, and {given[-1]} to {names[taker]}."
        for giver, taker, given in passed.passes)
    scored = moments[-1]
    assert isinstance(scored, PenaltiesScored)
    for seat, name in enumerate(names):
        step = asked[f"How many points does {name} write for this deal?"]
        assert step["answer"] == scored.written[seat]
    unbroken = [clean(step["feedback"]) for step in steps(html) if "may not lead hearts" in step["feedback"]]
    assert unbroken and all(re.fullmatch(r"(\w+) could play: .*\. \1 may not lead hearts: none has been played to an "
                                         r"earlier trick, and \1 holds other cards\.", line) for line in unbroken)
    assert "Not yet broken: hearts" in clean(re.sub(r"<[^>]+>", " ", html))


def test_a_moon_shot_is_told_as_the_reversal_it_is(hearts):
    """A deal in which one player takes all 26 is rare in play: the moment is told as written."""
    scored = PenaltiesScored(taken=(tuple(c for c in hearts.deck if cost(c)), (), (), ()), points=(26, 0, 0, 0),
                             written=(0, 26, 26, 26), moon=0)
    walkthrough = walk(WalkSpec(hearts, 4, 1, 3))
    renderer = WalkRenderer(Renderer(Translator.load(LOCALES, "en")), walkthrough)
    told = renderer.penalties_scored(scored)
    feedback = [clean(re.sub(r"<[^>]+>", "", str(step.feedback))) for step in told.steps]
    assert feedback == ["Anna took every card that costs points and so shoots the moon: Anna writes 0.",
                        "Anna shot the moon, so Boris writes 26 points.",
                        "Anna shot the moon, so Chiara writes 26 points.",
                        "Anna shot the moon, so Dawit writes 26 points."]


@pytest.mark.parametrize("code", ["en", "ru", "fa"])
def test_no_question_of_the_deal_is_answered_before_it_is_asked(hearts, code):
    spec = WalkSpec(hearts, 4, 1, 3)
    english = read(render(spec))
    assert spoilers(read(render(spec, code)), english, Translator.load(LOCALES, code)) == []
