"""Printable worksheets: a practice page's worksheet printed (Save as PDF) in headless Chromium.

The PDF's text is read page by page with pypdf: the worksheet pages hold the numbered questions
and none of the answers or the site's chrome; the answer key starts a page of its own.
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections import Counter

import pypdf
import pytest
from test_site import ROOT, site  # noqa: F401

from tutorial_engine.i18n.translator import Translator
from tutorial_engine.render.drills import PRINTED, SHOWN

WORKSHEET = "albastini/practice.print.html"
DRILL = "#drill-who-takes-the-trick"
ARTIFACTS = ROOT / "tests" / "artifacts"


def words(text: str) -> Counter:
    """The words of `text`, each as the sorted list of its characters, digits apart.

    A PDF keeps the words and their letters, not always their order: Persian comes out in
    visual order, in presentation forms (which NFKC folds back), runs split where a letter
    does not join. So texts are compared as bags of such words."""
    text = unicodedata.normalize("NFKC", text)
    found = Counter()
    for token in re.split(r"[\s\u200c-\u200f\u061c]+", text):
        for part in re.findall(r"\d+|[^\d]+", token):
            kept = "".join(sorted(c for c in part if c.isalnum() or c in "♠♥♦♣"))
            if kept:
                found[kept] += 1
    return found


def within(small: Counter, big: Counter) -> bool:
    return all(big[w] >= n for w, n in small.items())


CONTENT = """() => {
  const copy = document.querySelector(".md-content").cloneNode(true);
  copy.querySelectorAll(".tc-drill__key, .tc-drill__panel, details").forEach(e => e.remove());
  const walk = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT), out = [];
  while (walk.nextNode()) out.push(walk.currentNode.data);
  copy.querySelectorAll(".tc-card").forEach(card => out.push(card.textContent));
  return out.join(" ");
}"""
"""The page's text but for the answers, whatever the stylesheets do (a space between nodes),
and each card's face as one word, as a PDF may give it."""


STEPS = """drill => [...drill.querySelectorAll(".tc-drill__variant")]
  .filter(v => !v.querySelector(":scope > .tc-drill__unprinted"))
  .flatMap(v => [...v.querySelectorAll(".tc-drill__step")])
  .map(s => [s.querySelector(".tc-drill__question").textContent, s.querySelector(".tc-drill__feedback").textContent])"""
"""(question, explanation) of each printed step."""


def printed(browser, locale: str, server):
    """The worksheet printed to PDF (A4): per page, its words and its first line's words; and
    what the DOM says."""
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(f"{server}/{locale}/{WORKSHEET}")
        page.emulate_media(media="print")
        data = page.pdf(format="A4", print_background=True)
        drill = page.locator(DRILL)
        steps = drill.evaluate(STEPS)
        dom = dict(
            titles=page.locator(".tc-drill__title").all_text_contents(),
            questions=[question for question, _ in steps],
            feedback=[feedback for _, feedback in steps],
            variants=drill.locator(".tc-drill__variant").count(),
            unprinted=drill.locator(".tc-drill__unprinted").count(),
            content=page.evaluate(CONTENT),
            printed=page.evaluate("() => document.body.innerText"),
            site=page.locator(".md-header__topic").first.text_content(),
        )
    finally:
        context.close()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"worksheet-{locale}.pdf").write_bytes(data)
    texts = [p.extract_text() or "" for p in pypdf.PdfReader(io.BytesIO(data)).pages]
    return [(words(t), words(t.strip().split("\n")[0])) for t in texts], dom


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_the_worksheet_prints_its_questions_then_the_answer_key(browser, server, locale):
    tr = Translator.load(ROOT / "locales", locale)
    pages, dom = printed(browser, locale, server)
    assert dom["variants"] == PRINTED and dom["unprinted"] == 0
    heading = words(tr.pgettext("worksheet", "Answer key: {title}", title=dom["titles"][0]))
    key = next(k for k, (_, first) in enumerate(pages) if within(heading, first))
    assert key > 0, "the answer key follows the worksheet, on a page of its own"
    sheet = sum((text for text, _ in pages[:key]), Counter())
    # The worksheet: every printed question, numbered in the locale's digits.
    questions = [words(q) for q in dom["questions"]]
    assert within(Counter({w: n * PRINTED for w, n in questions[0].items()}), sheet)
    assert all(within(q, sheet) for q in questions)
    assert within(words(tr.number(len(questions))) + questions[-1], sheet)
    # No answer on it: the words of the explanations that nothing else on the page uses.
    told = sum((words(f) for f in dom["feedback"]), Counter())
    own = set(told) - set(words(dom["content"]))
    assert len(own) >= 3, own
    assert not own & set(sheet), own & set(sheet)
    keyword = set(heading) - set(words(dom["content"]))  # "key"; the title is on the sheet too
    assert not keyword & set(sheet), keyword
    # The key has them all, numbered like the questions; the next drill starts a new page.
    after = [k for k, (_, first) in enumerate(pages) if k > key and within(words(dom["titles"][1]), first)]
    assert after, "the next drill starts on a page of its own"
    answers = sum((text for text, _ in pages[key:after[0]]), Counter())
    assert own <= set(answers)
    assert all(within(words(f), answers) for f in dom["feedback"])
    assert within(words(tr.number(len(questions))), answers)
    # No chrome: not the panel's buttons and score, not the site's header.
    for chrome in (tr.pgettext("drill", "Check"), tr.pgettext("drill", "Start again"),
                   tr.pgettext("drill", "Score: {score} / {total}").split("{")[0], dom["site"]):
        assert chrome.strip() not in [line.strip() for line in dom["printed"].splitlines()], chrome
        extra = set(words(chrome)) - set(words(dom["content"]))
        assert not extra & set(sheet), chrome


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_print_media_hides_the_chrome_and_shows_the_worksheet(browser, server, locale):
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(f"{server}/{locale}/{WORKSHEET}")
        drill = page.locator(DRILL)
        # On screen, without a script: the questions with their answers folded; the numbers,
        # blanks and key are for paper.
        for selector in (".tc-drill__key", ".tc-drill__number", ".tc-drill__blank"):
            assert not drill.locator(selector).first.is_visible(), selector
        for selector in (".tc-drill__variants", ".tc-drill__question", ".tc-drill__solution"):
            assert drill.locator(selector).first.is_visible(), selector
        assert drill.locator(".tc-drill__panel").count() == 0
        page.emulate_media(media="print")

        def display(selector: str) -> str:
            return page.eval_on_selector(selector, "e => getComputedStyle(e).display")

        for selector in (".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-footer",
                         ".md-search", f"{DRILL} .tc-drill__panel", f"{DRILL} .tc-drill__solution",
                         "[data-md-component=palette]"):
            if page.locator(selector).count():
                assert display(selector) == "none", selector
        for selector in (".tc-drill__variants", ".tc-drill__variant", ".tc-drill__number",
                         '.tc-drill__step[data-type="number"] .tc-drill__blank', ".tc-drill__key"):
            assert display(f"{DRILL} {selector}") != "none", selector
        # Options are ticked on paper; only a number gets a line to write on.
        assert display(f'{DRILL} .tc-drill__step[data-type="choice"] .tc-drill__blank') == "none"
        break_before = page.eval_on_selector(f"{DRILL} .tc-drill__key", "e => getComputedStyle(e).breakBefore")
        assert break_before == "page"
        # Cards keep their colours and borders on paper.
        adjust = page.eval_on_selector(f"{DRILL} .tc-drill__variants .tc-card",
                                       "e => getComputedStyle(e).printColorAdjust")
        assert adjust == "exact"
        if locale == "fa":  # the numbers stand on the right of the questions
            number = page.locator(f"{DRILL} .tc-drill__number").first.bounding_box()
            question = page.locator(f"{DRILL} .tc-drill__variants .tc-drill__question").first.bounding_box()
            assert number["x"] > question["x"] + question["width"] - 1
    finally:
        context.close()


def test_a_practice_page_prints_the_question_it_shows_not_those_loaded_later(browser, server):
    """The further questions a drill loaded are for the screen; its worksheet is the page to print."""
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(f"{server}/en/albastini/practice.html")
        box = page.locator(f"{DRILL} .tc-drill__panel")
        box.locator(".tc-drill__option").first.click()
        box.locator(".tc-drill__check").click()  # then the further questions load
        page.wait_for_function(f"document.querySelectorAll('{DRILL} .tc-drill__variant').length === 30")
        page.emulate_media(media="print")
        shown = page.eval_on_selector_all(f"{DRILL} .tc-drill__variant",
                                          "vs => vs.filter(v => getComputedStyle(v).display !== 'none').length")
        assert shown == SHOWN
    finally:
        context.close()
