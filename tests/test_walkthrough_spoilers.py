"""Walkthroughs ask before they tell: each moment shows only what was known before its questions,
and what answers a question is told in that question's feedback or in a later moment.

Every walkthrough of the bundled site is rendered as the build renders it, in English, Russian
(other names and rank letters) and Persian (right to left, with isolates), and read as a learner
reads it: a question's "before" is the visible text of its moment (title, story, diagram) and
of the moment's earlier questions with their options, but not their feedback, which shows only
once they are answered (and without JavaScript sits folded under "Answer").
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tutorial_engine.content.pages import WalkthroughBlock, load_pages
from tutorial_engine.content.project import Report, load_games
from tutorial_engine.content.source import read_source
from tutorial_engine.content.walkthrough import TrumpChosen, WalkSpec, walk
from tutorial_engine.i18n.translator import END_ISOLATE, ISOLATE, Translator
from tutorial_engine.render.page import Renderer
from tutorial_engine.render.walkthrough import WalkRenderer

PROJECT = Path(__file__).resolve().parent.parent
LOCALES = PROJECT / "locales"
CODES = ["en", "ru", "fa"]
CARD = re.compile(r"(?:10|[^\W_]{1,2})[♠♥♦♣]")
"""A card as its face reads, in any locale's rank letters (Д♣ is Q♣ in Russian)."""


def site_walkthroughs() -> list[tuple[str, WalkthroughBlock]]:
    """Every walkthrough block of the bundled pages, as the build reads them (the examples and
    drills the pages also show are not needed here, so their absence is not checked)."""
    report = Report()
    load_games(PROJECT, report)
    found = []
    for path in sorted((PROJECT / "examples").glob("*/pages.yml")):
        game = report.games[path.parent.name]
        for page in load_pages(read_source(path, str(path)), report.problems, game, {}, {}):
            for block in (*page.intro, *(b for s in page.sections for b in s.blocks)):
                if isinstance(block, WalkthroughBlock):
                    found.append((f"{game.id}-{block.spec.key}", block))
    return found


WALKTHROUGHS = site_walkthroughs()


@dataclass
class Part:
    """Text of one element, as separate pieces: a card face is one piece, a name another."""
    pieces: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join(self.pieces)


@dataclass
class Step:
    kind: str
    answer: object
    question: Part = field(default_factory=Part)
    options: dict[str, Part] = field(default_factory=dict)
    feedback: Part = field(default_factory=Part)


@dataclass
class Moment:
    title: Part = field(default_factory=Part)
    story: Part = field(default_factory=Part)
    diagram: Part = field(default_factory=Part)
    rows: dict[str, Part] = field(default_factory=dict)
    """The diagram's labelled card rows ("Turned cards:"), by their label."""
    tags: list[str] = field(default_factory=list)
    """The diagram's notes beside the players: "leads", "4 tricks", "75 points"."""
    steps: list[Step] = field(default_factory=list)


class Reader(HTMLParser):
    """The moments of a walkthrough section, each piece of text where the page shows it."""

    def __init__(self) -> None:
        super().__init__()
        self.moments: list[Moment] = []
        self.stack: list[tuple[str, dict]] = []
        self.target: Part | None = None
        self.piece: list[str] | None = None
        self.row: Part | None = None
        self.row_label: list[str] | None = None

    def classes(self) -> set[str]:
        return {c for _, attrs in self.stack for c in (attrs.get("class") or "").split()}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        cls = set((attrs.get("class") or "").split())
        self.stack.append((tag, attrs))
        if "tc-drill__variant" in cls:
            self.moments.append(Moment())
        elif "tc-drill__step" in cls:
            self.moments[-1].steps.append(Step(attrs["data-type"], json.loads(attrs["data-answer"])))
        elif tag == "li" and "data-value" in attrs and self.moments and self.moments[-1].steps:
            self.moments[-1].steps[-1].options[attrs["data-value"]] = Part()
        elif "tc-row" in cls:
            self.row, self.row_label = Part(), []
        if "tc-card" in cls or "tc-seat__name" in cls or "tc-row__label" in cls or "tc-tag" in cls:
            self.piece = []

    def handle_endtag(self, tag):
        _, attrs = self.stack.pop()
        cls = set((attrs.get("class") or "").split())
        if self.piece is not None and ({"tc-card", "tc-seat__name", "tc-row__label", "tc-tag"} & cls):
            text = clean("".join(self.piece))
            self.piece = None
            if text:
                self.add(text)
                if "tc-tag" in cls:
                    self.moments[-1].tags.append(text)
                if "tc-row__label" in cls and self.row_label is not None:
                    self.row_label.append(text)
                elif self.row is not None:
                    self.row.pieces.append(text)
        if "tc-row" in cls and self.row is not None:
            self.moments[-1].rows[" ".join(self.row_label)] = self.row
            self.row = self.row_label = None

    def handle_data(self, data):
        if self.piece is not None:
            self.piece.append(data)
        else:
            text = clean(data)
            if text:
                self.add(text)

    def add(self, text: str) -> None:
        if any("hidden" in attrs for _, attrs in self.stack):
            return
        part = self.part()
        if part is not None:
            part.pieces.append(text)

    def part(self) -> Part | None:
        if not self.moments:
            return None
        moment, classes = self.moments[-1], self.classes()
        if "tc-drill__step" in classes:
            step = moment.steps[-1]
            if "tc-drill__feedback" in classes:
                return step.feedback
            if "tc-drill__options" in classes:
                return list(step.options.values())[-1]
            if "tc-drill__question" in classes:
                return step.question
            return None  # the word "Answer" on the folded feedback
        if "tc-drill__moment" in classes:
            return moment.title
        if "tc-drill__story" in classes:
            return moment.story
        if "tc-drill__prompt" in classes:
            return moment.diagram
        return None


def clean(text: str) -> str:
    return " ".join(text.replace(ISOLATE, "").replace(END_ISOLATE, "").split())


def read(html: str) -> list[Moment]:
    reader = Reader()
    reader.feed(html)
    assert reader.moments
    return reader.moments


def rendered(spec: WalkSpec, code: str) -> str:
    return str(WalkRenderer(Renderer(Translator.load(LOCALES, code)), walk(spec)).render("A deal"))


def before(moment: Moment, k: int) -> list[str]:
    """The pieces of text a learner sees before answering the moment's question `k`."""
    pieces = moment.title.pieces + moment.story.pieces + moment.diagram.pieces
    for step in moment.steps[:k]:
        pieces += step.question.pieces
        for option in step.options.values():
            pieces += option.pieces
    return pieces


def needle(option: Part) -> str:
    """What names an option in the text: a card by its face (an option "K♥ Boris" is that card),
    a suit by its sign (the option is the trump badge "Trump: ♥"), else its whole label."""
    cards = [p for p in option.pieces if CARD.fullmatch(p)]
    if cards:
        return cards[0]
    sign = re.search(r"[♠♥♦♣]", option.text)
    return sign[0] if sign else option.text


def count(text: str, word: str) -> int:
    """How often `word` stands in `text` on its own: a name not inside a longer word, a suit sign
    not on a card's face."""
    if word in "♠♥♦♣":
        return len(re.findall(rf"(?<![\w]){re.escape(word)}", text))
    return len(re.findall(rf"(?<!\w){re.escape(word)}(?!\w)", text))


PREMISES = {("Trump", "Who leads to the first trick?"),
            ("Forecasts and the turned card", "Who leads to the first trick?")}
"""The only exceptions (English titles and questions), where the question's premise names its
answer once more than the other players. After a trump choice the story says what the chooser
did ("Dawit refuses J♦"), and the chooser leads: who chooses trump was the deal moment's
question, known by now. After forecasts the story tells them in turn from the dealer's next
player, who leads: who may forecast, in that order, was again the previous moment's question.
Naming that player once more is all they may do: a second mention is still a spoiler."""


def spoilers(moments: list[Moment], english: list[Moment], tr: Translator) -> list[str]:
    """Each question whose answer its moment gives away before it is asked; `english`, the
    same moments in English, says which question is which.

    A choice's answer may appear in the text only among all of its options, and no more often
    than any option that is not the answer: naming every player once (a diagram of the table,
    a story that tells each player's nine) tells nothing, and such a diagram is what some
    questions are about. The option "Nobody: it is a tie" names nobody, so it is not looked
    for. A number's answer may not appear at all: a card's face (3♠) is no number, and neither
    is the title ("Trick 3") nor a note beside a player in the diagram ("4 tricks", "75
    points"), which is what was won, the question's data; a total or a score is never a note."""
    assert len(moments) == len(english)
    found = []
    for moment, en in zip(moments, english):
        for k, step in enumerate(moment.steps):
            pieces = before(moment, k)
            where = f"{moment.title.text}: {step.question.text} {step.answer}"
            if step.kind == "number":
                text = " ".join(CARD.sub(" ", p) for p in pieces
                                if p not in moment.title.pieces and p not in moment.tags)
                if count(text, tr.value(abs(step.answer))):
                    found.append(f"{where} is shown before it is asked")
                continue
            if all(value in "♠♥♦♣" for value in step.options):
                # Which suit is trump? The turned cards are what the question asks about: their
                # faces stay, and only a suit shown on its own (a badge, a bare sign) counts.
                # test_the_trump_moment_shows_no_card_but_the_turned_ones covers the faces.
                pieces = [CARD.sub(" ", p) for p in pieces]
            text = " ".join(pieces)
            counts = {value: count(text, needle(option)) for value, option in step.options.items() if value != "tie"}
            right = [counts[v] for v in step.answer]
            wrong = [n for v, n in counts.items() if v not in step.answer]
            slack = (en.title.text, en.steps[k].question.text) in PREMISES
            if any(right) and (min(counts.values()) == 0 or (wrong and max(right) > min(wrong) + slack)):
                found.append(f"{where} is named before it is asked ({counts})")
    return found


def trump_cards(moments: list[Moment]) -> tuple[Counter, Counter]:
    """The trump moment's card faces before "Which suit is trump?": in its story and its
    question text, and in its turned-cards row."""
    (moment,) = [m for m in moments if m.title.text == "Trump"]
    (row,) = [r for label, r in moment.rows.items() if label.startswith("Turned card")]
    told = moment.title.pieces + moment.story.pieces + moment.steps[0].question.pieces
    return Counter(c for p in told for c in CARD.findall(p)), Counter(row.pieces)


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("name, block", WALKTHROUGHS, ids=[n for n, _ in WALKTHROUGHS])
def test_no_moment_of_the_site_answers_its_own_questions(name, block, code):
    english = read(rendered(block.spec, "en"))
    assert spoilers(read(rendered(block.spec, code)), english, Translator.load(LOCALES, code)) == []


def test_the_site_has_a_walkthrough_of_each_kind():
    """The walkthroughs checked above: the drawing games with and without forecasts, for two and
    in teams, the game where trump is accepted or refused, and the game whose trump the rules set
    (the dealer's last card) and that is scored by odd tricks; and one at least for every game."""
    names = sorted(name for name, _ in WALKTHROUGHS)
    assert {"albastini-walkthrough-2-1-5", "albastini-walkthrough-4-2-6", "altbaumer-walkthrough-4-2-7",
            "briscola-walkthrough-2-1-3", "whist-walkthrough-4-2-0"} <= set(names)
    assert {name.split("-walkthrough-")[0] for name in names} == {path.parent.name for path in (PROJECT / "examples").glob("*/pages.yml")}


@pytest.mark.parametrize("seed", range(24))
def test_no_altbaumer_deal_answers_its_own_questions(altbaumer, seed):
    """Other seeds show the trump choices the site's deal does not (an accepted card, a
    compulsory suit, a solo) and more duties."""
    moments = read(rendered(WalkSpec(altbaumer, 4, 2, seed), "en"))
    assert spoilers(moments, moments, Translator.load(LOCALES, "en")) == []
    told, row = trump_cards(moments)
    chosen = next(m for m in walk(WalkSpec(altbaumer, 4, 2, seed)).moments if isinstance(m, TrumpChosen))
    assert row == Counter(str(c) for c in chosen.turned)
    assert told == Counter([str(chosen.turned[0])])  # "Dawit refuses J♦.": what the chooser saw


@pytest.mark.parametrize("players, team_size", [(2, 1), (3, 1), (4, 2), (6, 2), (6, 3)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_albastini_deal_answers_its_own_questions(albastini, players, team_size, seed):
    moments = read(rendered(WalkSpec(albastini, players, team_size, seed), "en"))
    assert spoilers(moments, moments, Translator.load(LOCALES, "en")) == []


# --- the check can fail: the answers the pages used to give away ---

def altered(pattern: str, replacement: str) -> list[Moment]:
    """The site's Altbaumer walkthrough in English with one piece of HTML changed."""
    spec = next(b.spec for n, b in WALKTHROUGHS if n.startswith("altbaumer"))
    html, n = re.subn(pattern, replacement, rendered(spec, "en"), count=1)
    assert n == 1
    return read(html)


def test_the_check_finds_a_cutter_named_before_the_question():
    moments = altered(r'(<h4 class="tc-drill__moment">The cut</h4>)',
                      r"\1<p class=\"tc-drill__story\">Boris, on the dealer's left, cuts the pack.</p>")
    assert spoilers(moments, moments, Translator.load(LOCALES, "en")) == [
        "The cut: Who cuts the pack? ['3'] is named before it is asked ({'0': 1, '1': 1, '2': 1, '3': 2})"]


def test_the_check_finds_the_card_a_duty_player_played():
    """Seed 7, trick 1: Anna must follow diamonds and plays 10♦; shown beside the question, as
    the whole trick was, it tells one of the answers."""
    moments = altered(r'(<h4 class="tc-drill__moment">Trick 1</h4>)',
                      r'\1<p class="tc-drill__story">Anna plays 10♦.</p>')
    found = spoilers(moments, moments, Translator.load(LOCALES, "en"))
    assert found == ["Trick 1: Which cards of this hand could Anna play? ['10♦', 'A♦'] is named before it is "
                     "asked ({'10♦': 2, 'Q♥': 1, 'A♠': 1, 'A♦': 1, '10♠': 1})"]


def test_the_check_finds_the_card_the_chooser_takes():
    moments = altered(r'(<h4 class="tc-drill__moment">Trump</h4>)',
                      r'\1<p class="tc-drill__story">Dawit takes K♥ and discards one card face down (K♣).</p>')
    told, row = trump_cards(moments)
    assert told == Counter(["J♦", "K♥", "K♣"]) and row == Counter(["J♦", "K♥"])
    moments = altered(r'(<h4 class="tc-drill__moment">Trump</h4>)', r'\1<p class="tc-drill__story">Trump: ♥</p>')
    assert spoilers(moments, moments, Translator.load(LOCALES, "en")) == [
        "Trump: Which suit is trump? ['♥'] is named before it is asked ({'♠': 0, '♥': 1, '♦': 0, '♣': 0})"]
