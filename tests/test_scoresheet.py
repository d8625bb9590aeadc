"""Altbaumer's local score sheet (B22): one side's tally drawn as a tree.

B19: the side that wins a deal scores +1 (3 or 4 tricks) or +2 (all five); a losing declaring
pair also writes −1. B20: scores accumulate; the first side to reach the round target (5) wins
a round and both scores go back to 0. B22: the tally is drawn as a tree with branches; points
won rub branches out, and negative points are paid off first. The site's reading: as many
branches as the round target, and a ring of debt for each point below zero.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from tutorial_engine.engine.game import TrickScoring
from tutorial_engine.engine.scoring import unavailable
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.render.page import Renderer
from tutorial_engine.render.scoresheet import (
    HEIGHT,
    RING_RADIUS,
    WIDTH,
    SheetState,
    example_writes,
    sheet,
    tree,
)

ROOT = Path(__file__).resolve().parent.parent
MINUS = "\u2212"
LRM = "\u200e"
FA_MINUS, FA_PLUS = LRM + MINUS, LRM + "+"
"""Persian's signs, as CLDR gives them: a left-to-right mark before U+2212 or "+"."""


def rows(states: tuple[SheetState, ...]) -> list[tuple]:
    return [(s.deal, s.written, s.score, s.branches, s.rubbed, s.debt, s.paid, s.won) for s in states]


# --- the states, worked out by hand from B19, B20 and B22 ---

def test_altbaumer_writes_a_loss_a_payoff_and_gains_up_to_the_round_target(altbaumer):
    """B19: declarers who take 2 tricks of 5 write −1, 3 tricks +1, all five +2. The sequence:
    lose once (a debt), win by the majority until the debt is paid, then sweeps while a sweep
    stays within the target (0 → 2 → 4), and +1 for the last point (4 → 5, B20)."""
    assert example_writes(altbaumer.scoring, altbaumer.hand_size) == (-1, 1, 2, 2, 1)


def test_altbaumer_sheet_deal_by_deal(altbaumer):
    """(deal, written, score, branches standing, rubbed out, open debt, debt paid, round won).
    Five branches, one for each point of the round target (B20, B22 as the site reads it).
    Deal 1: −1 takes the score below zero: all five branches stand and a ring of debt is drawn.
    Deal 2: +1 pays the ring off (negative points are paid off first, B22): no branch goes.
    Deals 3 and 4: +2 each rub out two branches. Deal 5: +1 rubs out the last branch: the score
    reaches 5, and the side wins the round (B20)."""
    states = sheet(altbaumer.scoring, example_writes(altbaumer.scoring, altbaumer.hand_size))
    assert rows(states) == [
        (0, None, 0, 5, 0, 0, 0, False),
        (1, -1, -1, 5, 0, 1, 0, False),
        (2, 1, 0, 5, 0, 0, 1, False),
        (3, 2, 2, 3, 2, 0, 1, False),
        (4, 2, 4, 1, 4, 0, 1, False),
        (5, 1, 5, 0, 5, 0, 1, True),
    ]


def test_points_won_pay_the_debt_before_any_branch_goes(altbaumer):
    """B22: from −1, a sweep of +2 first pays off the ring, and only its second point rubs out
    a branch; from −2, +1 pays one ring of two and leaves every branch standing."""
    *_, after_sweep = sheet(altbaumer.scoring, [-1, 2])
    assert (after_sweep.score, after_sweep.debt, after_sweep.paid, after_sweep.branches) == (1, 0, 1, 4)
    *_, twice_lost, paid_once = sheet(altbaumer.scoring, [-1, -1, 1])
    assert (twice_lost.score, twice_lost.debt, twice_lost.paid, twice_lost.branches) == (-2, 2, 0, 5)
    assert (paid_once.score, paid_once.debt, paid_once.paid, paid_once.branches) == (-1, 1, 1, 5)


def test_a_point_lost_with_branches_rubbed_out_draws_one_back(altbaumer):
    """The tree draws the score (B19, B20): from 2, a lost deal (−1) leaves 1, so four branches
    stand again, and no ring is drawn while the score stays above zero."""
    *_, after = sheet(altbaumer.scoring, [2, -1])
    assert (after.score, after.branches, after.rubbed, after.debt, after.paid) == (1, 4, 1, 0, 0)


def test_the_tree_has_as_many_branches_as_the_round_target():
    """Nothing is hard-coded to Altbaumer's 5: with a target of 3 the tree has 3 branches, the
    writes stop at 3 (−1, +1, +2, then +1 since a sweep would pass it) and the last deal wins."""
    scoring = TrickScoring(majority=3, sweep=2, declarers_loss=-1, round=3)
    writes = example_writes(scoring, 5)
    assert writes == (-1, 1, 2, 1)
    assert [(s.score, s.branches, s.debt, s.won) for s in sheet(scoring, writes)] == [
        (0, 3, 0, False), (-1, 3, 1, False), (0, 3, 0, False), (2, 1, 0, False), (3, 0, 0, True)]


def test_a_heavier_loss_makes_as_many_rings_and_takes_as_many_deals_to_pay():
    scoring = TrickScoring(majority=3, sweep=2, declarers_loss=-2, round=4)
    writes = example_writes(scoring, 5)
    assert writes == (-2, 1, 1, 2, 2)
    assert [(s.score, s.debt, s.paid, s.branches) for s in sheet(scoring, writes)] == [
        (0, 0, 0, 4), (-2, 2, 0, 4), (-1, 1, 1, 4), (0, 0, 2, 4), (2, 0, 2, 2), (4, 0, 2, 0)]


def test_a_won_round_starts_a_new_sheet(altbaumer):
    """B20: both scores go back to 0 once a round is won, so no deal follows on the same sheet."""
    with pytest.raises(ValueError, match="deal 3 starts a new sheet"):
        sheet(altbaumer.scoring, [2, 3, 1])


def test_a_game_not_scored_by_tricks_has_no_score_sheet(albastini, altbaumer):
    assert unavailable(altbaumer.name, altbaumer.scoring) is None
    assert unavailable(albastini.name, albastini.scoring) == ("a score sheet draws the tally of a game scored by tricks (game.yml: "
                                      "scoring kind: tricks); Albastini scores victory points")
    with pytest.raises(ValueError, match="Albastini scores victory points"):
        Renderer(Translator("en")).table("score-sheet", albastini)


# --- the drawing ---

def test_the_drawing_rubs_out_branches_from_the_lowest_and_draws_every_ring(altbaumer):
    states = sheet(altbaumer.scoring, [-1, 1, 2])
    drawn = [tree(s) for s in states]
    assert [[b.rubbed for b in t.branches] for t in drawn] == [
        [False] * 5, [False] * 5, [False] * 5, [True, True, False, False, False]]
    assert [[r.paid for r in t.rings] for t in drawn] == [[], [False], [True], [True]]
    lowest = drawn[0].branches
    assert [b.y1 for b in lowest] == sorted((b.y1 for b in lowest), reverse=True)
    assert {b.x2 < b.x1 for b in lowest} == {True, False}  # both sides of the trunk


def test_every_line_and_ring_stays_inside_the_drawing():
    scoring = TrickScoring(majority=3, sweep=2, declarers_loss=-1, round=12)
    for written in ([-9], [5], [12]):
        t = tree(sheet(scoring, written)[-1])
        points = [(b.x1, b.y1) for b in t.branches] + [(b.x2, b.y2) for b in t.branches]
        points += [(r.cx + dx, r.cy + dy) for r in t.rings for dx in (-RING_RADIUS, RING_RADIUS)
                   for dy in (-RING_RADIUS, RING_RADIUS)]
        assert len(t.branches) == 12
        assert all(0 <= x <= WIDTH and 0 <= y <= HEIGHT for x, y in points), written


# --- the words, in English and in Persian ---

def parts(html: str, cls: str) -> list[str]:
    """The inner HTML of each element of class `cls`: a paragraph, or the hidden sentence that
    ends its list item."""
    if cls == "tc-sheet__sr":
        return re.findall(r'<span class="tc-sheet__sr">(.*?)</span>\s*</li>', html, re.S)
    return re.findall(rf'<p class="{cls}">(.*?)</p>', html, re.S)


def test_english_captions_and_what_a_screen_reader_hears(altbaumer):
    html = str(Renderer(Translator("en")).table("score-sheet", altbaumer))
    assert re.search(r"<figure class=\"tc-diagram tc-sheet\">\s*<figcaption>The score sheet as a tree: "
                     r"one side&#39;s tally over 5 deals</figcaption>", html)
    assert parts(html, "tc-sheet__caption") == [
        "Start: 0", f"Deal 1: {MINUS}1, score {MINUS}1", "Deal 2: +1, score 0", "Deal 3: +2, score 2",
        "Deal 4: +2, score 4", "Deal 5: +1, score 5"]
    assert parts(html, "tc-sheet__sr") == [
        "5 branches left, no debt.", "Every branch standing, 1 ring of debt.", "5 branches left, no debt.",
        "3 branches left, no debt.", "1 branch left, no debt.", "No branch left."]
    assert parts(html, "tc-sheet__note") == ["Round won: both scores go back to 0."]
    assert "This site draws" not in html  # the number of branches is the page's decision block
    svgs = re.findall(r"<svg [^>]*>", html)
    assert len(svgs) == 6 and all('aria-hidden="true"' in svg and 'focusable="false"' in svg for svg in svgs)
    drawings = re.findall(r"<svg .*?</svg>", html, re.S)
    assert [d.count("tc-sheet__branch--rubbed") for d in drawings] == [0, 0, 0, 2, 4, 5]
    assert [d.count('class="tc-sheet__ring"') for d in drawings] == [0, 1, 0, 0, 0, 0]
    assert [d.count("tc-sheet__ring--paid") for d in drawings] == [0, 0, 1, 1, 1, 1]
    assert "\n\n" not in html  # one raw HTML block in the Markdown
    assert "-1" not in html  # a score below zero has the minus sign, not a hyphen


PERSIAN = {
    ("The score sheet as a tree: one side's tally over {n} deal",
     "The score sheet as a tree: one side's tally over {n} deals"):
        ("برگهٔ امتیاز به شکل درخت: امتیازهای یک طرف در {n} دست",) * 2,
    "A point won rubs out a branch, drawn dashed. A point below zero is a ring at the foot of the trunk, "
    "and points won pay off the rings before any branch is rubbed out.":
        "هر امتیاز برده یک شاخه را پاک می‌کند که خط‌چین کشیده می‌شود. هر امتیاز زیر صفر حلقه‌ای پای تنه است "
        "و امتیازهای برده پیش از پاک شدن هر شاخه حلقه‌ها را می‌پردازند.",
    "Start: {score}": "آغاز: {score}",
    "Deal {number}: {change}, score {score}": "دست {number}: {change}، امتیاز {score}",
    "No branch left.": "هیچ شاخه‌ای نمانده است.",
    ("Every branch standing, {n} ring of debt.", "Every branch standing, {n} rings of debt."):
        ("همهٔ شاخه‌ها برپاست، {n} حلقهٔ بدهی.",) * 2,
    ("{n} branch left, no debt.", "{n} branches left, no debt."): ("{n} شاخه مانده، بی‌بدهی.",) * 2,
    "Round won: both scores go back to {score}.": "دور برده شد: هر دو امتیاز به {score} برمی‌گردند.",
}


@pytest.fixture(scope="module")
def persian() -> Translator:
    catalog = Catalog(locale="fa", domain="messages")
    for message, translation in PERSIAN.items():
        catalog.add(message, translation, context="score sheet")
    return Translator.of("fa", catalog)


def ltr(text: str) -> str:
    return f'<span dir="ltr">{text}</span>'


def test_persian_captions_in_persian_digits_with_the_minus_sign_kept_before_the_number(altbaumer, persian):
    """A signed number or a score below zero is one left-to-right run, so that on a right-to-left
    page the minus sign stays before the digit; the other numbers are Persian digits in the text."""
    html = str(Renderer(persian).table("score-sheet", altbaumer))
    assert 'lang="en"' not in html
    assert "<figcaption>برگهٔ امتیاز به شکل درخت: امتیازهای یک طرف در ۵ دست</figcaption>" in html
    assert parts(html, "tc-sheet__caption") == [
        "آغاز: ۰",
        f"دست ۱: {ltr(FA_MINUS + '۱')}، امتیاز {ltr(FA_MINUS + '۱')}",
        f"دست ۲: {ltr(FA_PLUS + '۱')}، امتیاز ۰",
        f"دست ۳: {ltr(FA_PLUS + '۲')}، امتیاز ۲",
        f"دست ۴: {ltr(FA_PLUS + '۲')}، امتیاز ۴",
        f"دست ۵: {ltr(FA_PLUS + '۱')}، امتیاز ۵",
    ]
    assert parts(html, "tc-sheet__sr") == [
        "۵ شاخه مانده، بی‌بدهی.", "همهٔ شاخه‌ها برپاست، ۱ حلقهٔ بدهی.", "۵ شاخه مانده، بی‌بدهی.",
        "۳ شاخه مانده، بی‌بدهی.", "۱ شاخه مانده، بی‌بدهی.", "هیچ شاخه‌ای نمانده است."]
    assert parts(html, "tc-sheet__note") == ["دور برده شد: هر دو امتیاز به ۰ برمی‌گردند."]
    assert not re.search(r"[0-9]", re.sub(r"<[^>]*>", "", html))  # no Western digit in the words
    # The states flow with the page: nothing on the figure or its list forces a direction.
    assert not re.search(r'<(?:figure|ol|li)[^>]* dir=', html)


def test_english_shown_on_a_persian_page_is_marked_and_reads_left_to_right(altbaumer):
    """A Persian page whose catalog lacks these messages shows them in English, marked so that a
    screen reader uses an English voice and the sentence is not reordered, with Persian digits."""
    html = str(Renderer(Translator("fa", known=frozenset())).table("score-sheet", altbaumer))
    english = '<span lang="en" dir="ltr">{}</span>'
    assert parts(html, "tc-sheet__caption")[1] == english.format(
        f"Deal ۱: {ltr(FA_MINUS + '۱')}, score {ltr(FA_MINUS + '۱')}")
    assert parts(html, "tc-sheet__note") == [english.format("Round won: both scores go back to ۰.")]


def test_check_refuses_a_score_sheet_for_a_game_scored_on_card_points(tmp_path):
    """B22's sheet counts tricks scored; Albastini (A20) scores victory points from card points."""
    from tutorial_engine.content.project import check
    path = tmp_path / "pages.yml"
    path.write_text("game: albastini\npages:\n  - id: rules\n    title: Rules\n    intro:\n"
                    "      - {table: score-sheet}\n", encoding="utf-8")
    problems = [f"{p.location.line}:{p.location.column}: {p.message}"
                for p in check(Path(__file__).resolve().parent.parent, [path]).problems]
    assert problems == ["6:17: a score sheet draws the tally of a game scored by tricks (game.yml: scoring "
                        "kind: tricks); Albastini scores victory points"]
