"""Walkthroughs of deals whose trump the rules set (game.yml's `trump` phase) and that are scored
by odd tricks (issue 30): the Whist sample game of tests/test_plain_tricks.py, written in a
project of its own, told moment by moment in English and in Persian (right to left, its own
names and digits). Every fact a moment shows, every answer and every count is the engine's: the
deal is played again here by the engine alone and compared with the page."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path

import pytest
from game_texts import WHIST, with_deal
from test_walkthrough import steps
from test_walkthrough_spoilers import clean, read, spoilers

from tutorial_engine.content.project import Report, load_games
from tutorial_engine.content.walkthrough import (
    Cut,
    Dealt,
    OddTricksScored,
    TrickPlayed,
    TrumpSet,
    TurnedUp,
    WalkSpec,
    walk,
)
from tutorial_engine.engine import events
from tutorial_engine.engine.deal import Deal, OddTricksResult, play_out
from tutorial_engine.engine.game import GameSpec
from tutorial_engine.engine.partners import PartnerDraw
from tutorial_engine.engine.rules import judge_trick, legal_plays
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import sensible_strategy
from tutorial_engine.i18n.cardnames import rank_letter
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.render.page import Renderer
from tutorial_engine.render.walkthrough import WalkRenderer

LOCALES = Path(__file__).resolve().parent.parent / "locales"
THREE = WHIST.replace("players: [4]\nteams:\n  - {size: 2, players: [4]}\n", "players: [3]\n")
WHOLE_PACK = "{phase: deal, packets: [1], whole_pack: true}"
SUIT_NAMES = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


def game_of(tmp_path_factory, text: str) -> GameSpec:
    project = tmp_path_factory.mktemp("project")
    (project / "examples" / "whist").mkdir(parents=True)
    (project / "examples" / "whist" / "game.yml").write_text(text, encoding="utf-8")
    report = Report()
    load_games(project, report)
    assert list(report.problems) == []
    return report.games["whist"]


@pytest.fixture(scope="module")
def whist(tmp_path_factory) -> GameSpec:
    return game_of(tmp_path_factory, WHIST)


def engine_deal(game: GameSpec, players: int, team_size: int, seed: int) -> Deal:
    """The seed's deal as the engine plays it, dealer at seat 0, by the sensible player."""
    rng = random.Random(seed)
    deal = Deal(game, Table.for_game(game, players, team_size), 0, rng)
    play_out(deal, sensible_strategy, rng)
    return deal


def of(deal: Deal, kind: type) -> list:
    return [event for event in deal.log if isinstance(event, kind)]


@dataclass
class Shown:
    """One moment as the page shows it, its text as a reader sees it."""

    title: str
    story: list[str]
    rows: dict[str, list[str]]
    """The labelled card rows ("Anna's hand:", "Turned card:") and their card faces."""
    seats: list[tuple[str, list[str], list[str]]]
    """The players listed in the diagram: name, card faces, notes ("leads", "8 tricks")."""
    steps: list[dict] = field(default_factory=list)


FACE = re.compile(r'<span class="tc-card__rank" aria-hidden="true">(.*?)</span>'
                  r'<span class="tc-card__suit" aria-hidden="true">(.*?)</span>')


def text(html: str) -> str:
    return clean(unescape(re.sub(r"<[^>]+>", "", html)))


def faces(html: str) -> list[str]:
    return [unescape(rank) + suit for rank, suit in FACE.findall(html)]


def shown(html: str) -> list[Shown]:
    moments = []
    for variant in html.split('<li class="tc-drill__variant">')[1:]:
        prompt = variant[:variant.index('<ol class="tc-drill__steps">')]
        rows = {text(label): faces(cards) for label, cards in re.findall(
            r'<p class="tc-row"><span class="tc-row__label">(.*?)</span>(.*?)</p>', prompt)}
        seats = [(text(name), faces(rest), [text(tag) for tag in re.findall(r'<span class="tc-tag">(.*?)</span>', rest)])
                 for name, rest in re.findall(r'<li class="tc-seat"><span class="tc-seat__name">(.*?)</span>(.*?)</li>',
                                              prompt)]
        moments.append(Shown(
            title=text(re.search(r'<h4 class="tc-drill__moment">(.*?)</h4>', prompt)[1]),
            story=[text(s) for s in re.findall(r'<p class="tc-drill__story">(.*?)</p>', prompt)],
            rows=rows, seats=seats,
            steps=[dict(s, question=clean(s["question"]), feedback=clean(s["feedback"])) for s in steps(variant)]))
    return moments


class Page:
    """A walkthrough rendered in one locale, with the words to expect, taken from that locale."""

    def __init__(self, game: GameSpec, players: int, team_size: int, seed: int, code: str, number: int | None = None):
        self.tr = Translator.load(LOCALES, code)
        self.walk = walk(WalkSpec(game, players, team_size, seed, number))
        self.renderer = WalkRenderer(Renderer(self.tr), self.walk)
        self.html = str(self.renderer.render("A deal"))
        self.moments = shown(self.html)

    def name(self, seat: int) -> str:
        return clean(self.renderer.name(seat).text)

    def face(self, card) -> str:
        return f"{rank_letter(card.rank, self.tr)}{card.suit}"

    def title(self, message: str, **values) -> str:
        return clean(self.tr.pgettext("walkthrough", message, **values))

    def tricks_words(self, n: int) -> str:
        return clean(self.tr.npgettext("walkthrough", "{n} trick", "{n} tricks", n) if n else
                     self.tr.pgettext("walkthrough", "no trick"))


def duties(game: GameSpec, deal: Deal) -> list[tuple[int, tuple, tuple] | None]:
    """Per trick, the first player after the leader whose hand the duty cut down: the seat, the
    hand then held and the cards it allowed; replayed from the dealt hands by the rule kernel."""
    hands = [list(hand) for hand in of(deal, events.Dealt)[0].hands]
    found = []
    for trick in of(deal, events.Trick):
        first = None
        for k, (seat, card) in enumerate(zip(trick.seats, trick.plays)):
            legality = legal_plays(game, deal.trump, trick.plays[:k], tuple(hands[seat]))
            if k and first is None and legality.refused:
                first = (seat, tuple(hands[seat]), legality.legal)
            assert card in legality.legal
            hands[seat].remove(card)
        found.append(first)
    return found


@pytest.mark.parametrize("code", ["en", "fa"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_moment_of_a_whist_walkthrough_is_the_engines_deal(whist, code, seed):
    deal, page = engine_deal(whist, 4, 2, seed), Page(whist, 4, 2, seed, code)
    (dealt,), (trump,) = of(deal, events.Dealt), of(deal, events.TrumpSet)
    tricks = of(deal, events.Trick)
    told, turned, *played, scored = page.moments

    # The deal: the whole pack, 13 cards to each player, each hand as the engine dealt it.
    assert told.title == page.title("The deal")
    assert [len(hand) for hand in dealt.hands] == [13] * 4
    assert told.rows == {clean(page.tr.pgettext("diagram", "{player}'s hand:", player=page.renderer.name(seat))):
                         [page.face(card) for card in dealt.hands[seat]] for seat in range(4)}
    assert [(s["type"], s["answer"]) for s in told.steps] == [("number", 13)]

    # Trump: the dealer's own last card, turned for all to see; it stays in the dealer's hand.
    assert trump.card == dealt.hands[0][-1] and trump.suit is trump.card.suit is deal.trump
    assert turned.title == page.title("Trump")
    assert turned.rows == {clean(page.tr.pgettext("diagram", "Turned card:")): [page.face(trump.card)]}
    assert [name for name, _, _ in turned.seats] == [page.name(seat) for seat in (0, 1, 2, 3)]
    assert page.face(trump.card) in turned.story[0]
    assert turned.story[1] == page.title("It stays in the dealer's hand, to be played like any other card.")
    which, leads = turned.steps
    assert which["options"] == [str(suit) for suit in whist.suits] and which["answer"] == [str(trump.suit)]
    assert page.face(trump.card) in which["feedback"]
    assert leads["answer"] == [str(tricks[0].leader)] == ["1"]
    assert any(trump.card in trick.plays and trick.seats[trick.plays.index(trump.card)] == 0 for trick in tricks)

    # Each trick: the cards in the order played, who takes it and why, and where a duty cut a
    # hand down, that hand at that turn, and the cards it allowed.
    assert len(tricks) == 13
    expected = duties(whist, deal)
    for number, trick in enumerate(tricks, start=1):
        moments = [m for m in played if m.title == page.title("Trick {number}", number=number)]
        duty, whole = (moments[0], moments[1]) if expected[number - 1] else (None, moments[0])
        assert len(moments) == (2 if duty else 1)
        assert [(name, cards) for name, cards, _ in whole.seats] == [
            (page.name(seat), [page.face(card)]) for seat, card in zip(trick.seats, trick.plays)]
        verdict = judge_trick(whist, trump.suit, trick.plays)
        (takes,) = whole.steps
        assert trick.seats[verdict.winner] == trick.winner
        assert takes["answer"] == [str(verdict.winner)] and takes["options"] == ["0", "1", "2", "3"]
        assert takes["feedback"].startswith(clean(page.tr.pgettext(
            "diagram", "{player} takes the trick with {card}.", player=page.renderer.name(trick.winner),
            card=verdict.card)).replace(str(verdict.card), page.face(verdict.card)))
        if duty:
            seat, hand, legal = expected[number - 1]
            (could,) = duty.steps
            assert duty.rows == {clean(page.tr.pgettext("diagram", "{player}'s hand:",
                                                        player=page.renderer.name(seat))): [page.face(c) for c in hand]}
            assert could["options"] == [str(card) for card in hand]
            assert could["answer"] == [str(card) for card in legal]
            assert [name for name, _, _ in duty.seats] == [page.name(s) for s in trick.seats[:trick.seats.index(seat)]]

    # The score: each side's tricks, and one point for each trick above the book of six.
    result = deal.result()
    assert isinstance(result, OddTricksResult)
    won = [sum(1 for trick in tricks if trick.winner % 2 == side) for side in (0, 1)]
    assert result.tricks == tuple(won) and result.written == tuple(max(0, n - 6) for n in won)
    assert scored.title == page.title("The score")
    assert [(name, tags) for name, _, tags in scored.seats] == [
        (clean(page.tr.listed([page.name(0), page.name(2)])), [page.tricks_words(won[0])]),
        (clean(page.tr.listed([page.name(1), page.name(3)])), [page.tricks_words(won[1])])]
    assert [(s["type"], s["answer"]) for s in scored.steps] == [("number", n) for n in result.written]
    for step, n, written in zip(scored.steps, won, result.written):
        digits = page.tr.digits
        assert (digits(f"{n} − 6 = {written}") in step["feedback"]) == (written > 0)


@pytest.mark.parametrize("code", ["en", "fa"])
def test_without_javascript_the_page_lists_every_moment_with_its_answers(whist, code):
    """The walkthrough is one list on the page: each moment an item shown as it is (none kept
    for a script to load), each question with its answer and explanation folded under it."""
    deal, page = engine_deal(whist, 4, 2, 5), Page(whist, 4, 2, 5, code)
    titles = [page.title("The deal"), page.title("Trump")]
    for number, duty in enumerate(duties(whist, deal), start=1):
        titles += [page.title("Trick {number}", number=number)] * (2 if duty else 1)
    titles.append(page.title("The score"))
    assert [m.title for m in page.moments] == titles
    assert len(page.moments) == len(page.walk.moments) + sum(1 for d in duties(whist, deal) if d)
    html = page.html
    assert "data-more" not in html and "tc-drill__unprinted" not in html
    for variant in html.split('<li class="tc-drill__variant">')[1:]:
        assert variant.startswith('\n<div class="tc-drill__prompt"><h4 class="tc-drill__moment">')
        assert variant.count('<li class="tc-drill__step"') == variant.count('<details class="tc-drill__solution">') >= 1
    assert all(step["feedback"] for moment in page.moments for step in moment.steps)


def test_the_whist_deal_in_words(whist):
    """Seed 1, checked by hand against the engine's log: Anna deals all 52 cards; her last card,
    6♠, is turned and makes spades trump; Boris, on her left, leads; Anna trumps the ninth trick
    with 3♠ and takes it; Anna and Chiara take 7 tricks, 1 above the book of six."""
    page = Page(whist, 4, 2, 1, "en")
    assert [line for m in page.moments for line in m.story] == [
        "Anna deals the whole pack, one card at a time.",
        "The dealer's last card is turned face up for everyone to see: 6♠.",
        "It stays in the dealer's hand, to be played like any other card.",
        "The hands are empty. Each side counts the tricks it took.",
    ]
    asked = [(s["question"], s["answer"], s["feedback"]) for m in page.moments for s in m.steps]
    assert asked[:3] == [
        ("How many cards does each player hold?", 13,
         "52 ÷ 4 = 13: the whole pack is shared out evenly, so each player holds 13 cards."),
        ("Which suit is trump?", ["♠"], "The turned card 6♠ sets trump: spades."),
        ("Who leads to the first trick?", ["1"],
         "Boris is the dealer's next player in the direction of play, so Boris leads."),
    ]
    assert ("Who takes the trick?", ["3"], "Anna takes the trick with 3♠. 3♠ is the highest trump in the trick.") in asked
    assert asked[-2:] == [
        ("How many points do Anna and Chiara write for this deal?", 1,
         "7 − 6 = 1: Anna and Chiara took 1 trick above the book, and write one point for it."),
        ("How many points do Boris and Dawit write for this deal?", 0,
         "Boris and Dawit took no trick above the book of 6 tricks, and write nothing."),
    ]
    assert page.moments[-1].seats == [("Anna and Chiara", [], ["7 tricks"]), ("Boris and Dawit", [], ["6 tricks"])]


@pytest.mark.parametrize("code", ["en", "fa"])
@pytest.mark.parametrize("seed", range(6))
def test_no_moment_of_a_whist_walkthrough_answers_its_own_questions(whist, code, seed):
    english = read(Page(whist, 4, 2, seed, "en").html)
    page = Page(whist, 4, 2, seed, code)
    assert spoilers(read(page.html), english, page.tr) == []


SOURCES = [
    # (name, game.yml, players, team size, the trump moment's title, answer, explanation)
    ("next-card", with_deal(THREE, "{phase: deal, packets: [13]}", "{phase: trump, from: next-card}", "{phase: tricks}"),
     3, 1, "The deal", None, None),
    ("next-card, no card left", with_deal(WHIST, "{phase: deal, packets: [13]}", "{phase: trump, from: next-card}",
                                          "{phase: tricks}"),
     4, 2, "The deal", "none", "No card is left over after the deal to turn, so this deal has no trump."),
    ("suit", with_deal(WHIST, WHOLE_PACK, "{phase: trump, from: suit, suit: ♥}", "{phase: tricks}"),
     4, 2, "Trump", "♥", "The same suit is trump in every deal of this game: hearts."),
    ("none", with_deal(WHIST, WHOLE_PACK, "{phase: trump, from: none}", "{phase: tricks}"),
     4, 2, "Trump", "none", "No suit is trump in this game."),
]


@pytest.mark.parametrize(("text", "players", "team_size", "title", "answer", "why"),
                         [source[1:] for source in SOURCES], ids=[source[0] for source in SOURCES])
@pytest.mark.parametrize("seed", [1, 2])
def test_each_source_of_trump_is_told_as_the_engine_set_it(tmp_path_factory, text, players, team_size, title,
                                                            answer, why, seed):
    game = game_of(tmp_path_factory, text)
    deal, page = engine_deal(game, players, team_size, seed), Page(game, players, team_size, seed, "en")
    (trump,) = of(deal, events.TrumpSet)
    moment = next(m for m in page.moments if any(s["question"] == "Which suit is trump?" for s in m.steps))
    assert moment.title == title
    which, leads = moment.steps
    assert which["answer"] == [answer or str(trump.suit)] == [str(deal.trump) if deal.trump else "none"]
    assert which["options"] == [str(suit) for suit in game.suits] + (["none"] if answer == "none" else [])
    assert leads["answer"] == ["1"]
    if answer is None:  # the first card left after the deal, shown and out of play
        assert trump.card is not None and deal.out == [trump.card] and trump.suit is trump.card.suit
        assert moment.rows["Turned card:"] == [str(trump.card)]
        assert moment.story[-2:] == [f"The first card left over is turned face up: {trump.card}.",
                                     "It stays out of play: nobody takes it into their hand."]
        assert which["feedback"] == f"The turned card {trump.card} sets trump: {SUIT_NAMES[str(trump.suit)]}."
    else:
        assert trump.card is None and "Turned card:" not in moment.rows and which["feedback"] == why
    kinds = [type(m) for m in page.walk.moments]
    assert kinds == [Dealt, TrumpSet] + [TrickPlayed] * game.hand_size_at(players) + [OddTricksScored]
    result = deal.result()
    assert [s["answer"] for s in page.moments[-1].steps] == list(result.written)
    for trick in (t for t in page.walk.moments if isinstance(t, TrickPlayed)):
        assert trick.trump is deal.trump
    if deal.trump is None:
        takes = [s for m in page.moments for s in m.steps if s["question"] == "Who takes the trick?"]
        assert all(s["feedback"].endswith("and no suit is trump.") for s in takes)
    moments = read(page.html)
    assert spoilers(moments, moments, page.tr) == []


def test_a_player_alone_writes_in_the_singular(tmp_path_factory):
    game = game_of(tmp_path_factory, SOURCES[0][1].replace("book: 6", "book: 3"))
    for seed in range(3):
        deal, page = engine_deal(game, 3, 1, seed), Page(game, 3, 1, seed, "en")
        won = [sum(1 for t in of(deal, events.Trick) if t.winner == seat) for seat in range(3)]
        asked = page.moments[-1].steps
        for name, step, n in zip(("Anna", "Boris", "Chiara"), asked, won):
            odd = n - 3
            assert step["question"] == f"How many points does {name} write for this deal?"
            assert step["answer"] == max(0, odd)
            assert step["feedback"] == (
                f"{name} took no trick above the book of 3 tricks, and writes nothing." if odd <= 0 else
                f"{n} − 3 = 1: {name} took 1 trick above the book, and writes one point for it." if odd == 1 else
                f"{n} − 3 = {odd}: {name} took {odd} tricks above the book, and writes one point for each.")


def test_a_turned_up_deal_scored_by_odd_tricks_ends_with_the_score(tmp_path_factory):
    """Trump turned up from a stock drawn after each trick, scored by odd tricks: the drawing
    deal's moments, then each player's tricks above the book instead of the count of points."""
    text = with_deal(THREE, "{phase: deal, packets: [5]}", "{phase: turn-up}", "{phase: tricks, draw: true}")
    game = game_of(tmp_path_factory, text.replace("book: 6", "book: 3"))
    for seed in range(3):
        deal, page = engine_deal(game, 3, 1, seed), Page(game, 3, 1, seed, "en")
        kinds = [type(m) for m in page.walk.moments]
        assert kinds == [Dealt, TurnedUp] + [TrickPlayed] * 17 + [OddTricksScored]
        result = deal.result()
        assert isinstance(result, OddTricksResult)
        assert page.walk.moments[-1] == OddTricksScored(((0,), (1,), (2,)), result.tricks, result.written, 3)
        assert [s["answer"] for s in page.moments[-1].steps] == list(result.written)
        moments = read(page.html)
        assert spoilers(moments, moments, page.tr) == []


def test_a_draw_for_partners_and_a_cut_come_before_a_deal_of_the_whole_pack(tmp_path_factory):
    text = with_deal(WHIST, "{phase: cut}", WHOLE_PACK, "{phase: trump, from: dealer-last}", "{phase: tricks}")
    game = game_of(tmp_path_factory, text.replace("follow: suit\n", "follow: suit\npartners: {rank: 9, first: 9♣}\n"))
    page = Page(game, 4, 2, 3, "en")
    kinds = [type(m) for m in page.walk.moments]
    assert kinds == [PartnerDraw, Cut, Dealt, TrumpSet] + [TrickPlayed] * 13 + [OddTricksScored]
    cut = page.moments[1]
    assert cut.title == "The cut" and cut.rows == {}
    assert [(s["question"], s["answer"]) for s in cut.steps] == [("Who cuts the pack?", ["3"])]
    moments = read(page.html)
    assert spoilers(moments, moments, page.tr) == []
