"""Drills in a real browser: Playwright driving Debian's chromium against the built site.

Served on 127.0.0.1 and once opened from disk; screenshots land in tests/artifacts/ (ignored
by git) for a reviewer to look at.
"""

from __future__ import annotations

import html as htmllib
import json
import os
import re
import shutil
import time
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from urllib.parse import urlparse

import pytest
from conftest import TAB_OPTIONS
from test_site import ROOT, site  # noqa: F401  (the site, built once for the run)

from tutorial_engine.i18n.translator import Translator

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    if os.environ.get("CI") == "true":
        raise RuntimeError("Chromium is missing; .ci/run installs it (apt-get install chromium)")
    pytest.skip("Chromium is not installed", allow_module_level=True)

LOCALES = ["en", "ru", "fr", "es", "fa", "sw"]
AXE = ROOT / "tests" / "browser" / "node_modules" / "axe-core" / "axe.min.js"
ARTIFACTS = ROOT / "tests" / "artifacts"
PRACTICE = "albastini/practice.html"
TRICK = "#drill-who-takes-the-trick"


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


QUIET_SECONDS = 0.15
"""How long a loaded page must make no request for `Watched.settled` to count it settled.
Playwright's "networkidle" waits half a second, which on the six hundred pages the every-page
check opens was most of its time; a page's own scripts ask for what they need as they run,
before or at its load event."""


class Watched:
    """A page that records console errors, every request it makes and those still in flight: a
    reused tab (conftest.TabPool), or one of a context of its own (`own_context`, or `options`
    a tab cannot take)."""

    def __init__(self, browser, tabs, own_context: bool = False, **options):
        reused = not own_context and set(options) <= set(TAB_OPTIONS)
        self.context = None if reused else browser.new_context(**options)
        self.page = tabs(**options) if self.context is None else self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.busy: set = set()
        self.started = 0
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", self._start)
        self.page.on("requestfinished", self._end)
        self.page.on("requestfailed", self._end)

    def _start(self, request) -> None:
        self.requests.append(request.url)
        self.busy.add(request)
        self.started += 1

    def _end(self, request) -> None:
        self.busy.discard(request)

    def settled(self, limit: float = 30.0) -> None:
        """Once the page has loaded (as `goto` waits for), until no request has been in flight
        or started for QUIET_SECONDS. A page still busy after `limit` seconds fails the test."""
        start = last = time.monotonic()
        seen = self.started
        while True:
            self.page.wait_for_timeout(25)  # Playwright delivers the page's events meanwhile
            now = time.monotonic()
            if self.busy or self.started != seen:
                seen, last = self.started, now
            elif now - last >= QUIET_SECONDS:
                return
            if now - start > limit:
                pytest.fail(f"{self.page.url} still makes requests after {limit:.0f} s: "
                            f"{[r.url for r in self.busy]}")

    def close(self):
        if self.context is not None:
            self.context.close()


@pytest.fixture
def watched(browser, tabs):
    pages = []

    def open_page(**options) -> Watched:
        pages.append(Watched(browser, tabs, **options))
        return pages[-1]

    yield open_page
    for page in pages:
        page.close()


def texts(code: str) -> dict:
    tr = Translator.load(ROOT / "locales", code)
    return {"right": tr.pgettext("drill", "Right!"), "wrong": tr.pgettext("drill", "Not quite."),
            "score": tr.pgettext("drill", "Score: {score} / {total}"), "tr": tr}


def first_step(page, drill: str = TRICK) -> dict:
    """The first question's steps as the engine wrote them (from the static list)."""
    return page.eval_on_selector_all(
        f"{drill} .tc-drill__variant:first-child .tc-drill__step",
        "steps => steps.map(s => ({type: s.dataset.type, answer: JSON.parse(s.dataset.answer),"
        " feedback: s.querySelector('.tc-drill__feedback').textContent.trim(),"
        " options: [...s.querySelectorAll('.tc-drill__options li')].map(o => o.dataset.value)}))")


def panel(page, drill: str = TRICK):
    return page.locator(f"{drill} .tc-drill__panel")


@pytest.mark.parametrize("code", LOCALES)
def test_a_trick_drill_right_then_wrong_and_progress_survives_a_reload(server, watched, code):
    w = watched()
    page, words = w.page, texts(code)
    page.goto(f"{server}/{code}/{PRACTICE}")
    steps = first_step(page)
    box = panel(page)
    box.locator(f'.tc-drill__option[data-value="{steps[0]["answer"][0]}"]').click()
    box.locator(".tc-drill__check").click()
    live = box.locator(".tc-drill__live")
    assert words["right"] in live.inner_text()
    assert steps[0]["feedback"] in " ".join(live.inner_text().split())
    box.locator(".tc-drill__next").click()
    box.locator(".tc-drill__input").fill(str(steps[1]["answer"] + 1))
    box.locator(".tc-drill__check").click()
    assert words["wrong"] in live.inner_text()
    tr = words["tr"]  # whole sentences of the catalog: French spaces the colon (issue 32 reading)
    assert box.locator(".tc-drill__expected").inner_text() == tr.pgettext("drill", "Answer: {number}",
                                                                          number=steps[1]["answer"])
    score = box.locator(".tc-drill__score").inner_text()
    assert score == tr.pgettext("drill", "Score: {score} / {total}", score=1, total=2)

    page.reload()
    assert panel(page).locator(".tc-drill__score").inner_text() == score
    stored = page.evaluate(f"localStorage.getItem('tutorial-drill:{code}:albastini/who-takes-the-trick')")
    assert json.loads(stored)["attempted"] == 2
    assert w.errors == []
    assert {urlparse(u).hostname for u in w.requests} == {"127.0.0.1"}


def test_the_first_drill_is_answerable_while_the_page_still_loads(server, watched):
    """Issue 8: on a long practice page the first drill is set up as soon as it is parsed,
    not once the whole page is (that took 10 s at a 4x slower CPU)."""
    page = watched(own_context=True).page  # its script runs in every page the tab loads
    page.add_init_script("""new MutationObserver((_, observer) => {
      const ready = document.querySelector("[data-drill-ready]");
      if (ready) { window.firstReady = [ready.id, document.readyState]; observer.disconnect(); }
    }).observe(document, {subtree: true, childList: true, attributes: true});""")
    page.goto(f"{server}/en/{PRACTICE}")
    page.wait_for_load_state("load")
    assert page.evaluate("window.firstReady") == ["drill-who-takes-the-trick", "loading"]
    assert page.locator(".tc-drill[data-drill-ready]").count() == page.locator(".tc-drill").count()


@pytest.mark.parametrize("code", LOCALES)
def test_keyboard_alone(server, watched, code):
    w = watched()
    page = w.page
    page.goto(f"{server}/{code}/{PRACTICE}")
    answer = first_step(page)[0]["answer"][0]
    option = panel(page).locator(f'.tc-drill__option[data-value="{answer}"]')
    for _ in range(300):
        page.keyboard.press("Tab")
        if option.evaluate("o => o === document.activeElement"):
            break
    else:
        pytest.fail("the right option was never reached with Tab")
    page.keyboard.press("Enter")
    check = panel(page).locator(".tc-drill__check")
    while not check.evaluate("c => c === document.activeElement"):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert texts(code)["right"] in panel(page).locator(".tc-drill__live").inner_text()
    assert panel(page).locator(".tc-drill__next").evaluate("n => n === document.activeElement")
    outline = option.evaluate("o => getComputedStyle(o).outlineStyle")
    assert outline in ("solid", "auto", "none")
    assert w.errors == []


def answers(site, code: str, drill: str) -> list:
    """The first step's answer of each question of a drill on the practice page: the first
    question's from the page, the others' from the script it names."""
    html = (site / code / PRACTICE).read_text(encoding="utf-8")
    section = html[html.index(f'id="drill-{drill}"'):]
    script = re.search(r'data-more="([^"]+)"', section)[1]
    further = (site / code / PRACTICE).parent.joinpath(script).read_text(encoding="utf-8")
    items = json.loads(re.fullmatch(r'tcDrillMore\("[^"]+",(".*")\);\n', further, re.S)[1])
    first = section[:section.index("</section>")]
    return [json.loads(htmllib.unescape(a)) for a in
            re.findall(r'<li class="tc-drill__variant">.*?data-answer="([^"]+)"', first + items, re.S)]


@pytest.mark.parametrize("typed", ["۱۱", "١١", "11"], ids=["persian", "arabic-indic", "western"])
def test_persian_page_is_rtl_and_its_number_input_takes_11_in_every_digit_set(site, server, watched, typed):
    """Jump to a card-values question whose answer is 11 (an ace), via the stored progress: its
    question is in the script of the drill's further questions, which loads then."""
    page = watched().page
    page.goto(f"{server}/fa/{PRACTICE}")
    assert page.get_attribute("body", "dir") == "rtl"
    index = answers(site, "fa", "card-values").index(11)
    assert index > 0
    page.evaluate("([key, state]) => localStorage.setItem(key, JSON.stringify(state))",
                  ["tutorial-drill:fa:albastini/card-values",
                   {"variant": index, "step": 0, "right": 0, "attempted": 0, "streak": 0}])
    page.reload()
    box = panel(page, "#drill-card-values")
    total = len(answers(site, "fa", "card-values"))
    assert box.locator(".tc-drill__count").inner_text() == texts("fa")["tr"].pgettext(
        "drill", "Question {number} of {total}", number=index + 1, total=total)
    box.locator(".tc-drill__input").fill(typed)
    box.locator(".tc-drill__check").click()
    assert texts("fa")["right"] in box.locator(".tc-drill__live").inner_text()
    assert "۱" in box.locator(".tc-drill__score").inner_text()


def test_the_palette_toggle_is_offered_in_the_readers_language(server, watched):
    page = watched().page
    page.goto(f"{server}/ru/{PRACTICE}")
    toggle = page.locator("label.md-header__button[title]").first
    assert toggle.get_attribute("title") in ("Включить тёмную тему", "Включить светлую тему")


def test_from_disk_a_drill_works_and_search_finds_a_word(site, watched):
    w = watched()
    page = w.page
    page.goto((site / "ru" / PRACTICE).as_uri())
    answer = first_step(page)[0]["answer"][0]
    panel(page).locator(f'.tc-drill__option[data-value="{answer}"]').click()
    panel(page).locator(".tc-drill__check").click()
    assert texts("ru")["right"] in panel(page).locator(".tc-drill__live").inner_text()
    # Its further questions come from a script beside the page, which loads from disk too.
    panel(page).locator(".tc-drill__next").click()
    panel(page).locator(".tc-drill__input").fill("0")
    panel(page).locator(".tc-drill__check").click()
    panel(page).locator(".tc-drill__next").click()
    question = texts("ru")["tr"].pgettext("drill", "Question {number} of {total}", number=2, total=30)
    assert panel(page).locator(".tc-drill__count").inner_text() == question
    assert panel(page).locator(".tc-drill__options .tc-drill__option").count() >= 2
    page.goto((site / "ru" / "index.html").as_uri() + "?q=" + "козырь")
    page.wait_for_selector(".md-search-result__item", timeout=15000)
    assert all(u.startswith(("file:", "data:", "blob:")) for u in w.requests)


@pytest.mark.parametrize("code", ["en", "fa"])
def test_when_the_further_questions_cannot_load_next_says_so_and_tries_again(server, watched, code):
    """Offline after the page arrived: the learner is told, keeps the question answered, and
    Next loads them once the connection is back."""
    w = watched()
    page, words = w.page, texts(code)
    page.route("**/drills/*.js", lambda route: route.abort())
    page.goto(f"{server}/{code}/{PRACTICE}")
    steps, box = first_step(page), panel(page)
    box.locator(f'.tc-drill__option[data-value="{steps[0]["answer"][0]}"]').click()
    box.locator(".tc-drill__check").click()
    box.locator(".tc-drill__next").click()
    box.locator(".tc-drill__input").fill(str(steps[1]["answer"]))
    box.locator(".tc-drill__check").click()
    box.locator(".tc-drill__next").click()
    failed = words["tr"].pgettext("drill", "The next questions could not be loaded. Check your connection, "
                                  "then press Next to try again.")
    live = box.locator(".tc-drill__live")
    live.get_by_text(failed).wait_for()
    assert box.locator(".tc-drill__next").evaluate("n => n === document.activeElement")
    assert box.locator(".tc-drill__count").inner_text() == words["tr"].pgettext(
        "drill", "Question {number} of {total}", number=1, total=30)
    page.unroute("**/drills/*.js")
    box.locator(".tc-drill__next").click()
    box.locator(".tc-drill__count").get_by_text(words["tr"].pgettext(
        "drill", "Question {number} of {total}", number=2, total=30)).wait_for()
    assert failed not in live.inner_text()
    assert page.locator(f"{TRICK} .tc-drill__variant").count() == 30
    assert [e for e in w.errors if "ERR_FAILED" not in e] == []


@pytest.mark.skipif(not AXE.exists() and os.environ.get("CI") != "true",
                    reason="axe-core is not installed (make browser-tools)")
@pytest.mark.parametrize("code", LOCALES)
@pytest.mark.parametrize("path", ["albastini/two-players.html", PRACTICE, "albastini/walkthrough.html",
                                  "altbaumer/walkthrough.html", "briscola/practice.html", "instructors.html",
                                  "albastini/practice.print.html"])
def test_no_serious_accessibility_violation(server, watched, code, path):
    """Every rule of axe-core in English and Persian, left to right and right to left; in the
    other locales every rule but colour contrast, which depends on the stylesheets and the
    palette, the same in every locale, and was two thirds of axe's time (test_layout_browser
    checks it in the dark palette too)."""
    page = watched().page
    page.goto(f"{server}/{code}/{path}")
    page.add_script_tag(path=str(AXE))
    options = {"resultTypes": ["violations"]}
    if code not in ("en", "fa"):
        options["rules"] = {"color-contrast": {"enabled": False}}
    result = page.evaluate("async options => (await axe.run(document, options)).violations"
                           ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length}))", options)
    serious = [v for v in result if v["impact"] in ("serious", "critical")]
    assert serious == []


@pytest.mark.parametrize("code", LOCALES)
def test_screenshots_narrow_and_wide(server, watched, code):
    ARTIFACTS.mkdir(exist_ok=True)
    for name, width in (("narrow", 360), ("wide", 1280)):
        page = watched(viewport={"width": width, "height": 900}).page
        page.goto(f"{server}/{code}/{PRACTICE}#tricks")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{code} {name}: the page is {overflow}px wider than the screen"
        panel(page).scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"drill-{code}-{name}.png"))


@pytest.mark.parametrize("code", ["en", "fa"])
@pytest.mark.parametrize("path, walkthrough", [("albastini/walkthrough.html", "#walkthrough-2-1-5"),
                                               ("altbaumer/walkthrough.html", "#walkthrough-4-2-7")])
def test_a_walkthrough_answered_moment_by_moment(server, watched, code, path, walkthrough):
    """The first four moments, every question answered right: the deal moves on and the score counts."""
    w = watched()
    page, words = w.page, texts(code)
    page.goto(f"{server}/{code}/{path}")
    box = panel(page, walkthrough)
    moments = page.eval_on_selector_all(
        f"{walkthrough} .tc-drill__variant",
        "vs => vs.map(v => [...v.querySelectorAll('.tc-drill__step')].map(s => ({type: s.dataset.type,"
        " answer: JSON.parse(s.dataset.answer)})))")
    answered = 0
    for number, steps in enumerate(moments[:4], 1):
        progress = words["tr"].pgettext("walkthrough", "Moment {number} of {total}", number=number, total=len(moments))
        assert box.locator(".tc-drill__count").inner_text() == progress
        for step in steps:
            if step["type"] == "number":
                box.locator(".tc-drill__input").fill(str(step["answer"]))
            else:
                for value in step["answer"]:
                    box.locator(f'.tc-drill__option[data-value="{value}"]').click()
            box.locator(".tc-drill__check").click()
            assert words["right"] in box.locator(".tc-drill__live").inner_text()
            answered += 1
            box.locator(".tc-drill__next").click()
    score = box.locator(".tc-drill__score").inner_text()
    assert f"{words['tr'].number(answered)} / {words['tr'].number(answered)}" in score
    assert w.errors == []


FIXTURES = ROOT / "tests" / "fixtures"


def jump(page, locale: str, drill: str, variant: int) -> None:
    page.evaluate("([key, state]) => localStorage.setItem(key, JSON.stringify(state))",
                  [f"tutorial-drill:{locale}:albastini/{drill}",
                   {"variant": variant, "step": 0, "right": 0, "attempted": 0, "streak": 0}])
    page.reload()


@pytest.mark.parametrize("fixture, locale, shown", [("drill-sample.html", "en", "Answer: −7"),
                                                    ("drill-sample-fa.html", "fa", "پاسخ: \u200e−۷")])
def test_a_wrong_number_is_followed_by_the_answer_with_the_engines_minus(watched, fixture, locale, shown):
    """The expected answer is a whole message of the catalog, and a negative one takes the minus
    sign the engine's own explanation uses, not Intl's hyphen (issue 32 reading)."""
    page = watched().page
    page.goto((FIXTURES / fixture).as_uri())
    jump(page, locale, "who-takes-the-trick", 2)
    trick = panel(page, TRICK)
    trick.locator('.tc-drill__option[data-value="1"]').click()
    trick.locator(".tc-drill__check").click()
    trick.locator(".tc-drill__next").click()
    trick.locator(".tc-drill__input").fill("5")
    trick.locator(".tc-drill__check").click()
    assert trick.locator(".tc-drill__expected").inner_text() == shown


@pytest.mark.parametrize("fixture, locale, typed", [("drill-sample.html", "en", "−7"),
                                                    ("drill-sample-fa.html", "fa", "−۷")])
def test_negative_answers_and_an_empty_selection(watched, fixture, locale, typed):
    """Edge cases the bundled drills meet only by chance: a score change of −7 typed with the
    minus sign (in Persian digits on the RTL page), and a multi-select whose answer is none."""
    page = watched().page
    page.goto((FIXTURES / fixture).as_uri())
    right = json.loads(page.get_attribute(TRICK, "data-text"))["right"]
    jump(page, locale, "who-takes-the-trick", 2)
    trick = panel(page, TRICK)
    trick.locator('.tc-drill__option[data-value="1"]').click()
    trick.locator(".tc-drill__check").click()
    trick.locator(".tc-drill__next").click()
    trick.locator(".tc-drill__input").fill(typed)
    trick.locator(".tc-drill__check").click()
    assert right in trick.locator(".tc-drill__live").inner_text()

    jump(page, locale, "which-cards-are-trumps", 1)
    multi = panel(page, "#drill-which-cards-are-trumps")
    multi.locator(".tc-drill__check").click()
    assert right in multi.locator(".tc-drill__live").inner_text()
