"""Walkthroughs: a seeded deal told moment by moment, every answer the engine's (A6–A20, B8–B19)."""

from __future__ import annotations

import dataclasses
import json
import re
from html import unescape
from pathlib import Path

import pytest

from tutorial_engine.content.walkthrough import (
    Counted,
    Cut,
    Dealt,
    Scored,
    TrickPlayed,
    TrumpChosen,
    TurnedUp,
    WalkSpec,
    walk,
)
from tutorial_engine.engine.game import VictoryPoints
from tutorial_engine.engine.partners import PartnerDraw
from tutorial_engine.engine.procedure import DealPackets, Procedure, Tricks, TurnUp
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.render.page import Renderer
from tutorial_engine.render.walkthrough import WalkRenderer

LOCALES = Path(__file__).resolve().parent.parent / "locales"
TRICKS = {2: 18, 3: 12, 4: 9, 5: 7, 6: 6}
"""A17, A18: tricks in a deal per number of players."""
SEATINGS = [(2, 1), (3, 1), (4, 1), (4, 2), (5, 1), (6, 1), (6, 2), (6, 3)]


def tricks_of(walkthrough) -> list[TrickPlayed]:
    return [m for m in walkthrough.moments if isinstance(m, TrickPlayed)]


@pytest.mark.parametrize("players, team_size", SEATINGS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_drawing_deal_is_told_from_the_deal_to_the_count(albastini, players, team_size, seed):
    walkthrough = walk(WalkSpec(albastini, players, team_size, seed))
    kinds = [type(m) for m in walkthrough.moments]
    assert kinds == [Dealt, TurnedUp] + [TrickPlayed] * TRICKS[players] + [Counted]
    assert [t.number for t in tricks_of(walkthrough)] == list(range(1, TRICKS[players] + 1))


@pytest.mark.parametrize("players, team_size", SEATINGS)
def test_a12_a15_a16_leads_and_draws(albastini, players, team_size):
    walkthrough = walk(WalkSpec(albastini, players, team_size, 7))
    dealt, turned = walkthrough.moments[:2]
    leader = turned.leader
    assert leader == (dealt.dealer + 1) % players  # A12
    for trick in tricks_of(walkthrough):
        assert trick.seats == tuple((leader + k) % players for k in range(players))  # A15
        assert trick.winner == trick.seats[trick.verdict.winner]
        if trick.draws:  # A16: the winner first, then in the direction of play
            assert [seat for seat, _ in trick.draws] == [(trick.winner + k) % players for k in range(players)]
        leader = trick.winner


@pytest.mark.parametrize("players, team_size", SEATINGS)
def test_a16_a18_the_indicator_goes_to_the_last_drawer_except_with_five(albastini, players, team_size):
    walkthrough = walk(WalkSpec(albastini, players, team_size, 11))
    indicator = walkthrough.moments[1].outcome.indicator
    takers = [t for t in tricks_of(walkthrough) if t.indicator_taker is not None]
    if players == 5:
        assert takers == []
        return
    (trick,) = takers
    assert trick.draws[-1] == (trick.indicator_taker, indicator)
    assert not any(t.draws for t in tricks_of(walkthrough)[trick.number:])


@pytest.mark.parametrize("players, team_size", SEATINGS)
def test_a19_a20_the_count_adds_up(albastini, players, team_size):
    walkthrough = walk(WalkSpec(albastini, players, team_size, 5))
    count = walkthrough.moments[-1]
    indicator = walkthrough.moments[1].outcome.indicator
    expected = 120 - (albastini.card_points(indicator) if players == 5 else 0)
    assert sum(count.points) == expected
    assert sum(t.verdict.points for t in tricks_of(walkthrough)) == expected
    assert len(count.sides) == players // team_size


@pytest.mark.parametrize("seed", range(40))
def test_b7_to_b19_a_trump_choice_deal_is_told_from_the_draw_to_the_score(altbaumer, seed):
    walkthrough = walk(WalkSpec(altbaumer, 4, 2, seed))
    drawn, cut, dealt, chosen, *tricks, scored = walkthrough.moments
    assert (type(drawn), type(cut), type(dealt), type(chosen), type(scored)) == (
        PartnerDraw, Cut, Dealt, TrumpChosen, Scored)
    # B7: the players sit by their nines, 9♣ at seat 0 dealing, the red nines at seats 1 and 3.
    assert walkthrough.seats == drawn.seats and sorted(drawn.seats) == [0, 1, 2, 3]
    assert [str(drawn.nines[player]) for player in drawn.seats[::2]] == ["9♣", "9♠"]
    assert {str(drawn.nines[player]) for player in drawn.seats[1::2]} == {"9♥", "9♦"}
    assert cut.dealer == dealt.dealer == 0
    assert cut.cutter == 3 and dealt.chooser == 1  # B8, B11: left and right of dealer 0
    assert set(cut.taken) <= set(altbaumer.permanent_trumps)
    assert len(chosen.discards) == len(chosen.taken)  # B11
    first = chosen.turned[0]
    first_suit = altbaumer.permanent_trump_suit if first in altbaumer.permanent_trumps else first.suit
    if chosen.accepted:
        assert chosen.trump is first_suit and chosen.taken == (first,)
    elif len(chosen.taken) == 1:
        assert chosen.trump is not first_suit and chosen.turned[-1] == chosen.taken[0]
    else:
        assert chosen.trump is first_suit and len(chosen.taken) == 4
    assert [type(t) for t in tricks] == [TrickPlayed] * 5
    assert sum(scored.tricks) == 5
    for trick in tricks:
        if trick.duty is not None:  # B14–B16: a duty refused some card of that hand
            legality = trick.duty.legality
            assert set(legality.legal) < set(trick.duty.hand) and legality.refused


def test_some_altbaumer_deal_asks_about_a_duty(altbaumer):
    assert any(t.duty for seed in range(10) for t in tricks_of(walk(WalkSpec(altbaumer, 4, 2, seed))))


def test_the_same_seed_tells_the_same_deal(albastini, altbaumer):
    assert walk(WalkSpec(albastini, 4, 2, 3)) == walk(WalkSpec(albastini, 4, 2, 3))
    assert walk(WalkSpec(altbaumer, 4, 2, 5)) == walk(WalkSpec(altbaumer, 4, 2, 5))


# --- the page: questions, options and answers ---

def steps(html: str) -> list[dict]:
    found = []
    for step in re.findall(r'<li class="tc-drill__step" data-type="(\w+)" data-answer="([^"]*)">(.*?)</details>',
                           html, re.DOTALL):
        kind, answer, body = step
        question = re.search(r'<p class="tc-drill__question">(.*?)</p>', body, re.DOTALL)[1]
        options = re.findall(r'<li data-value="([^"]*)">', body)
        feedback = re.sub(r"<[^>]+>", "", re.search(r'<div class="tc-drill__feedback">(.*?)</div>', body, re.DOTALL)[1])
        found.append({"type": kind, "answer": json.loads(unescape(answer)), "question": unescape(question),
                      "options": options, "feedback": unescape(feedback)})
    return found


def story_lines(html: str) -> list[str]:
    """The moments' story paragraphs as plain text, in order."""
    return [unescape(re.sub(r"<[^>]+>", "", s)) for s in re.findall(r'<p class="tc-drill__story">(.*?)</p>', html)]


def render(spec: WalkSpec, code: str = "en") -> str:
    return str(WalkRenderer(Renderer(Translator.load(LOCALES, code)), walk(spec)).render("A deal"))


@pytest.mark.parametrize("game, players, team_size", [("albastini", 2, 1), ("albastini", 4, 2),
                                                      ("albastini", 6, 3), ("altbaumer", 4, 2)])
def test_every_answer_is_one_of_its_options(request, game, players, team_size):
    for step in steps(render(WalkSpec(request.getfixturevalue(game), players, team_size, 3))):
        if step["type"] == "number":
            assert isinstance(step["answer"], int)
        else:
            assert step["answer"] and set(step["answer"]) <= set(step["options"])


def test_the_moments_are_the_variants_of_one_section(albastini):
    html = render(WalkSpec(albastini, 2, 1, 1))
    assert html.startswith('<section class="tc-drill tc-drill--walkthrough" id="walkthrough-2-1-1" '
                           'data-drill="albastini/walkthrough-2-1-1"')
    assert html.count('<li class="tc-drill__variant">') == 2 + 18 + 1
    titles = re.findall(r'<h4 class="tc-drill__moment">(.*?)</h4>', html)
    assert titles[:3] == ["The deal", "Forecasts and the turned card", "Trick 1"]
    assert titles[-1] == "The count"


def test_a_game_without_forecasts_or_thresholds_asks_neither(albastini):
    """A drawing game with no forecast and "more than 60 wins" (Briscola's shape, as data): the
    deal and the turn-up are one moment, the turned card keeps its name, no victory points asked."""
    plain = dataclasses.replace(albastini, procedure=Procedure((DealPackets((5,)), TurnUp(), Tricks(draw=True))),
                                scoring=VictoryPoints({}, wins_above=60))
    html = render(WalkSpec(plain, 2, 1, 5))
    titles = re.findall(r'<h4 class="tc-drill__moment">(.*?)</h4>', html)
    assert titles[:2] == ["The deal", "Trick 1"]
    assert story_lines(html)[:2] == [
        "Anna deals 5 cards to each player. The 26 cards left over lie face down as the stock.",
        "Anna turns up J♦: its suit is trump.",
    ]
    asked = steps(html)
    questions = [s["question"] for s in asked]
    assert questions[0] == "Who leads to the first trick?"
    assert "Who may lay a forecast?" not in questions and "Who gets the trump indicator?" not in questions
    last_draw = questions.index("Who gets the turned trump card?")
    assert asked[last_draw]["feedback"].startswith("The turned card J♦ is the last card of the stock, so the last "
                                                  "player to draw in this round takes it: ")
    assert questions[-1] == "Who wins the deal?"
    assert (asked[-1]["answer"], asked[-1]["feedback"]) == (["0"], "Anna has more than 60 points.")


def test_the_bundled_two_player_deal_in_words(albastini):
    """Seed 5 of the two-player page, checked by hand: Boris forecasts 3♦ (A8, with the lowest
    rank), J♦ turns (A9), so Boris must exchange (A10) and 3♦ becomes the indicator (A11);
    Boris leads (A12), 3♠ beats J♣ of another suit (A14), 0 + 3 points (A3), Boris draws first (A16)."""
    html = render(WalkSpec(albastini, 2, 1, 5))
    stories = story_lines(html)
    assert stories[:4] == [
        "Anna deals 5 cards to each player. The 26 cards left over lie face down as the stock.",
        "Boris lays 3♦ face up as a forecast.",
        "Anna turns up J♦: its suit is trump.",
        "The hands are empty. Each side counts the points of the cards it won.",
    ]
    asked = steps(html)
    assert [(s["question"], s["answer"], s["feedback"]) for s in asked[:6]] == [
        ("Who may lay a forecast?", ["1"],
         "The dealer never forecasts; only Boris may."),
        ("Which card lies under the stock as the trump indicator?", ["3♦"],
         "Boris forecast 3♦, of the suit turned, and must exchange it: Boris takes J♦ and 3♦ becomes the trump indicator."),
        ("Who leads to the first trick?", ["1"],
         "Boris is the dealer's next player in the direction of play, so Boris leads."),
        ("Who takes the trick?", ["0"],
         "Boris takes the trick with 3♠. 3♠ is the highest card of the suit led, spades, and no trump was played."),
        ("How many points is the trick worth?", 3, "0 + 3 = 3: the trick is worth 3 points."),
        ("Who draws first from the stock?", ["1"],
         "The winner of the trick draws first, then the others in the direction of play: 6♥ to Boris and K♠ to Anna."),
    ]


def test_the_bundled_altbaumer_deal_in_words(altbaumer):
    """Seed 7 of the Altbaumer page, checked by hand: Anna draws 9♠, Boris 9♦, Chiara 9♣, Dawit
    9♥ (B7). Chiara deals and partners Anna, who already sits opposite her, so nobody moves:
    from Chiara, Dawit, Anna and Boris follow in the direction of play. Boris (seat 3, the
    dealer's left) cuts and takes the exposed J♣; the card above, 9♣, is no tree (B8); Boris gets
    one card fewer in the first packet (B9); Dawit refuses J♦, K♥ turns and hearts are trump
    (B11); Dawit's pair declares (B12) and Dawit leads (B13)."""
    html = render(WalkSpec(altbaumer, 4, 2, 7))
    stories = story_lines(html)
    assert stories == [
        "Four cards are shuffled face down, and each player receives one: 9♠ to Anna, 9♦ to Boris, 9♣ to Chiara, "
        "and 9♥ to Dawit.",
        "Chiara deals 5 cards to each player, in packets of 3 and 2. The 4 cards left over lie face down as the talon. "
        "Boris already holds the tree taken at the cut, so gets one card fewer in the first packet.",
        "Dawit refuses J♦.",
        "All 5 tricks are played. The declarers are Dawit and Boris.",
    ]
    asked = steps(html)
    assert [(s["question"], s["answer"]) for s in asked[:7]] == [
        ("Who deals first?", ["2"]),           # players, in the order they sat down
        ("Who is Anna's partner?", ["2"]),
        ("Who cuts the pack?", ["3"]),          # seats, from the dealer
        ("Who chooses trump?", ["1"]),
        ("Which suit is trump?", ["♥"]),
        ("Who are the declarers?", ["1"]),
        ("Who leads to the first trick?", ["1"]),
    ]
    assert asked[0]["feedback"] == "The player who receives 9♣ deals first: Chiara."
    assert asked[1]["feedback"] == (
        "Anna and Chiara hold the two black cards, so they play together. Partners sit opposite each other. "
        "In the direction of play, from the dealer, the players now sit in this order: Chiara, Dawit, Anna, "
        "and Boris.")
    assert asked[2]["feedback"] == ("The dealer's left-hand neighbour cuts: Boris. J♣ is exposed: a tree, so "
                                    "Boris takes it face up. 9♣ is exposed: not a tree, so the deal begins.")
    assert asked[4]["feedback"] == ("Dawit refused, so the cards were turned until one of another suit: "
                                    "K♥ made its suit trump. Dawit takes K♥ and discards one card face down (K♣).")
    assert asked[5]["feedback"] == "The chooser and the chooser's partner are the declarers: Dawit and Boris."


def test_a_draw_that_moves_a_player_seats_the_names_by_it(altbaumer):
    """Seed 5, checked by hand: Anna draws 9♥, Boris 9♦, Chiara 9♠, Dawit 9♣ (B7). Dawit deals
    and keeps his place; Chiara, his partner, moves opposite him, into Boris's seat, and the red
    nines keep their order from Dawit: Anna on his right, then Chiara, then Boris. So Boris, on the
    dealer's left, cuts (B8) and Anna chooses trump (B11)."""
    assert walk(WalkSpec(altbaumer, 4, 2, 5)).seats == (3, 0, 2, 1)
    html = render(WalkSpec(altbaumer, 4, 2, 5))
    assert story_lines(html)[:3] == [
        "Four cards are shuffled face down, and each player receives one: 9♥ to Anna, 9♦ to Boris, 9♠ to Chiara, "
        "and 9♣ to Dawit.",
        "Dawit deals 5 cards to each player, in packets of 3 and 2. The 4 cards left over lie face down as the talon.",
        "Anna refuses J♥.",
    ]
    asked = steps(html)
    assert [(s["question"], s["answer"], s["options"]) for s in asked[:4]] == [
        ("Who deals first?", ["3"], ["0", "1", "2", "3"]),
        ("Who is Anna's partner?", ["1"], ["1", "2", "3"]),
        ("Who cuts the pack?", ["3"], ["0", "1", "2", "3"]),
        ("Who chooses trump?", ["1"], ["0", "1", "2", "3"]),
    ]
    assert asked[1]["feedback"] == (
        "Anna and Boris hold the two red cards, so they play together. Partners sit opposite each other. "
        "In the direction of play, from the dealer, the players now sit in this order: Dawit, Anna, Chiara, "
        "and Boris.")
    assert asked[2]["feedback"] == ("The dealer's left-hand neighbour cuts: Boris. 10♥ is exposed: not a tree, "
                                    "so the deal begins.")
