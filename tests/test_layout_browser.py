"""Diagrams on a phone and on paper, in a real browser (Playwright driving Debian's chromium).

Every card of a drill's first question and of every walkthrough moment must be on the screen,
or inside a diagram that scrolls and says so (a hint it is described by); only a diagram that
scrolls is a Tab stop, and keeps the focus when it fits again; a swapped-out question is let go;
red text stays readable in the dark palette; a printed worksheet is light to the edges of its
sheets, however the dark palette was chosen; a Persian page counts its lists in Persian digits,
and lists inside lists in Persian letters. The run's one build and one browser (conftest's)
serve it.
"""

from __future__ import annotations

import io
import os
import re
import shutil
from pathlib import Path

import pypdf
import pytest
from test_site import ROOT, site  # noqa: F401  (the site, built once for the run)

from tutorial_engine.i18n.translator import Translator

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    if os.environ.get("CI") == "true":
        raise RuntimeError("Chromium is missing; .ci/run installs it (apt-get install chromium)")
    pytest.skip("Chromium is not installed", allow_module_level=True)

AXE = ROOT / "tests" / "browser" / "node_modules" / "axe-core" / "axe.min.js"
LOCALES = ["en", "ru", "fa"]
WIDTHS = [320, 375, 1280]
SCHEMES = ["default", "slate"]
PRACTICE = ["albastini/practice.html", "altbaumer/practice.html", "briscola/practice.html"]
WALKTHROUGHS = ["albastini/walkthrough.html", "altbaumer/walkthrough.html", "briscola/walkthrough.html"]

SETTLE = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"

# Every visible card outside the screen's width, unless inside a region that scrolls, is a Tab
# stop and shows its hint; every region that scrolls but is not described by its own hint (an id
# of its own); and every region that fits but is a Tab stop, shows a hint or is described by one.
PROBLEMS = """() => {
  const width = document.documentElement.clientWidth, problems = [];
  const shown = e => !!e && e.getClientRects().length > 0 && getComputedStyle(e).display !== "none";
  const hint = r => r.nextElementSibling && r.nextElementSibling.matches(".tc-scroll-hint") ? r.nextElementSibling : null;
  for (const card of document.querySelectorAll(".tc-drill__panel .tc-card, figure.tc-diagram .tc-card")) {
    if (!shown(card)) continue;
    const box = card.getBoundingClientRect();
    if (box.left >= -0.5 && box.right <= width + 0.5) continue;
    const region = card.closest(".tc-scroll, .tc-table-wrap");
    const scrolls = region && region.scrollWidth > region.clientWidth && region.getAttribute("tabindex") === "0"
      && shown(hint(region));
    if (!scrolls) problems.push("card " + card.textContent + " at " + Math.round(box.left) + ".." + Math.round(box.right));
  }
  for (const region of document.querySelectorAll(".tc-scroll, .tc-table-wrap")) {
    if (!shown(region)) continue;
    const label = region.getAttribute("aria-label"), h = hint(region);
    if (region.scrollWidth > region.clientWidth + 1) {
      if (!h || !h.id || region.getAttribute("aria-describedby") !== h.id
          || document.querySelectorAll("[id='" + h.id + "']").length !== 1)
        problems.push("a diagram that scrolls is not described by its own hint: " + label);
      continue;
    }
    if (region.scrollWidth > region.clientWidth) continue;
    if (region.hasAttribute("tabindex")) problems.push("a diagram that fits is a Tab stop: " + label);
    if (shown(h)) problems.push("a hint under a diagram that fits: " + label);
    if (region.hasAttribute("aria-describedby")) problems.push("a diagram that fits is described by a hint: " + label);
  }
  if (document.documentElement.scrollWidth > width) problems.push("the page is wider than the screen");
  return problems;
}"""

# Shows moment `i` of a walkthrough's static list in its panel, as drills.js does (a copy of the
# prompt without ids); false once there is no such moment.
SHOW_MOMENT = """([drill, i]) => {
  const section = document.querySelectorAll(".tc-drill")[drill];
  const prompt = section.querySelectorAll(".tc-drill__variant > .tc-drill__prompt")[i];
  if (!prompt) return false;
  const view = section.querySelector(".tc-drill__panel .tc-drill__prompt");
  view.textContent = "";
  for (const n of prompt.childNodes) view.appendChild(n.cloneNode(true));
  return true;
}"""


@pytest.fixture
def page_at(browser, tabs):
    """A tab `width` pixels wide (a reused one, conftest.TabPool), or with `own_context` one of
    a context of the test's own."""
    contexts = []

    def open_page(width: int, own_context: bool = False, **options):
        if not own_context:
            return tabs(viewport={"width": width, "height": 800}, **options)
        contexts.append(browser.new_context(viewport={"width": width, "height": 800}, **options))
        return contexts[-1].new_page()

    yield open_page
    for context in contexts:
        context.close()


EVERY_MOMENT = f"""async drill => {{
  const show = {SHOW_MOMENT}, settle = {SETTLE}, problems = {PROBLEMS}, found = [];
  for (let moment = 0; show([drill, moment]); moment++) {{ await settle(); found.push(problems()); }}
  return found;
}}"""
"""The layout problems of each moment of a walkthrough in turn, in one call rather than three a
moment: a walkthrough has some thirty."""


def visit(page, url: str, scheme: str) -> None:
    page.goto(url)
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    page.evaluate(SETTLE)


def hint_text(code: str) -> str:
    return Translator.load(ROOT / "locales", code).pgettext("diagram", "On a narrow screen, scroll the diagram sideways.")


def layout_problems(page, base: str, scheme: str) -> list[str]:
    problems = []
    for path in PRACTICE:
        visit(page, f"{base}/{path}", scheme)
        assert page.locator(".tc-drill__panel").count() >= 3, path
        problems += [f"{path}: {p}" for p in page.evaluate(PROBLEMS)]
    for path in WALKTHROUGHS:
        visit(page, f"{base}/{path}", scheme)
        drills = page.locator(".tc-drill--walkthrough").count()
        assert drills, path
        for drill in range(drills):
            found = page.evaluate(EVERY_MOMENT, drill)
            assert len(found) > 1, path
            problems += [f"{path} #{drill} moment {k + 1}: {p}" for k, moment in enumerate(found) for p in moment]
    return problems


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("code", LOCALES)
def test_every_card_is_on_the_screen(server, page_at, code, width, scheme):
    assert layout_problems(page_at(width), f"{server}/{code}", scheme) == []


def test_every_card_is_on_the_screen_from_disk(site, page_at):
    assert layout_problems(page_at(320), (site / "fa").as_uri(), "slate") == []


@pytest.mark.parametrize("code", LOCALES)
@pytest.mark.parametrize("path, region", [
    ("albastini/practice.html", ".tc-drill__panel .tc-scroll"),
    ("albastini/two-players.html", "figure.tc-diagram .tc-scroll"),
])
def test_a_diagram_that_overflows_scrolls_says_so_and_takes_the_focus(server, page_at, code, path, region):
    page = page_at(320)
    visit(page, f"{server}/{code}/{path}", "slate")
    box = page.locator(region).first
    hint = box.locator("xpath=following-sibling::*[1][contains(@class, 'tc-scroll-hint')]")
    assert box.get_attribute("tabindex") is None
    assert hint.count() == 0 or not hint.is_visible()
    # A row of seats that may not wrap, as a diagram too wide for any screen.
    box.evaluate("r => r.querySelector('ol, p.tc-row').style.flexWrap = 'nowrap'")
    box.evaluate("r => r.querySelector('ol, p.tc-row').style.whiteSpace = 'nowrap'")
    box.evaluate("r => r.querySelector('ol, p.tc-row').style.inlineSize = '60rem'")
    page.evaluate(SETTLE)
    assert box.get_attribute("tabindex") == "0"
    assert hint.is_visible()
    assert hint.inner_text().strip() == hint_text(code)
    assert hint.get_attribute("id") and box.get_attribute("aria-describedby") == hint.get_attribute("id")
    playwright_api.expect(box).to_have_accessible_description(hint_text(code))
    box.focus()
    ring = box.evaluate("r => { const s = getComputedStyle(r); return [s.outlineStyle,"
                        " parseFloat(s.outlineWidth), parseFloat(s.outlineOffset)]; }")
    assert ring[0] == "solid" and ring[1] >= 2
    assert ring[1] + ring[2] <= 0, "the focus ring is drawn outside the box, where scrolling clips it"
    box.blur()
    # Fits again (the screen turned, say): no longer a Tab stop, no hint, no description.
    box.evaluate("r => r.querySelector('ol, p.tc-row').removeAttribute('style')")
    page.evaluate(SETTLE)
    assert box.get_attribute("tabindex") is None
    assert not hint.is_visible()
    assert box.get_attribute("aria-describedby") is None
    playwright_api.expect(box).to_have_accessible_description("")


@pytest.mark.parametrize("code, over", [("en", "http"), ("ru", "http"), ("fa", "http"), ("fa", "file")])
@pytest.mark.parametrize("path, region", [
    ("albastini/practice.html", ".tc-drill__panel .tc-scroll"),
    ("albastini/two-players.html", "figure.tc-diagram .tc-scroll"),
])
def test_a_focused_diagram_that_fits_again_keeps_the_focus(site, server, page_at, code, over, path, region):
    page = page_at(320)
    base = server if over == "http" else site.as_uri()
    visit(page, f"{base}/{code}/{path}", "default")
    box = page.locator(region).first
    focused = "r => r === document.activeElement"
    box.evaluate("r => r.querySelector('ol, p.tc-row').style.inlineSize = '30rem'")  # a phone's width and more
    page.evaluate(SETTLE)
    assert box.get_attribute("tabindex") == "0"
    box.focus()
    # The phone turns: the diagram fits, but taking its Tab stop now would drop the focus to <body>.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate(SETTLE)
    assert box.evaluate(focused)
    assert box.get_attribute("tabindex") == "0"
    assert box.get_attribute("aria-describedby") is None
    assert box.evaluate("r => !r.classList.contains('tc-scroll--overflows')")
    # The focus moves on: the Tab stop goes.
    page.keyboard.press("Tab")
    assert not box.evaluate(focused)
    assert page.evaluate("document.activeElement !== document.body")
    assert box.get_attribute("tabindex") is None
    # Focused while it still overflows when the focus leaves: it stays a Tab stop.
    page.set_viewport_size({"width": 320, "height": 800})
    page.evaluate(SETTLE)
    box.focus()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate(SETTLE)
    page.set_viewport_size({"width": 320, "height": 800})
    page.evaluate(SETTLE)
    page.keyboard.press("Tab")
    assert box.get_attribute("tabindex") == "0"


# Records which of the page's scroll regions, and of their children, a ResizeObserver watches.
TRACK_OBSERVED = """(() => {
  const ours = t => t.matches(".tc-scroll, .tc-table-wrap")
    || !!(t.parentElement && t.parentElement.matches(".tc-scroll, .tc-table-wrap"));
  const observed = window.tcObserved = new Set();
  const observe = ResizeObserver.prototype.observe, unobserve = ResizeObserver.prototype.unobserve;
  ResizeObserver.prototype.observe = function (t, o) { if (ours(t)) observed.add(t); return observe.call(this, t, o); };
  ResizeObserver.prototype.unobserve = function (t) { observed.delete(t); return unobserve.call(this, t); };
})()"""


def test_a_question_swapped_out_is_no_longer_observed(server, page_at):
    page = page_at(320, own_context=True)  # its script runs in every page the tab loads
    page.add_init_script(TRACK_OBSERVED)
    visit(page, f"{server}/fa/albastini/walkthrough.html", "default")
    moment = 0
    while page.evaluate(SHOW_MOMENT, [0, moment]):
        page.evaluate(SETTLE)
        assert page.evaluate("[...tcObserved].filter(t => !t.isConnected).length") == 0, moment
        assert page.evaluate("tcObserved.has(document.querySelector('.tc-drill__panel .tc-scroll'))"), moment
        moment += 1
    assert moment > 1


def test_a_resize_makes_a_diagram_a_tab_stop_and_back(server, page_at):
    page = page_at(1280)
    visit(page, f"{server}/en/albastini/two-players.html", "default")
    box = page.locator("figure.tc-diagram .tc-scroll").first
    box.evaluate("r => r.querySelector('ol, p.tc-row').style.inlineSize = '30rem'")  # a phone's width and more
    page.evaluate(SETTLE)
    assert box.get_attribute("tabindex") is None
    page.set_viewport_size({"width": 320, "height": 800})
    page.evaluate(SETTLE)
    assert box.get_attribute("tabindex") == "0"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate(SETTLE)
    assert box.get_attribute("tabindex") is None


@pytest.mark.parametrize("code", LOCALES)
def test_the_first_tab_stop_of_a_drill_is_an_answer(server, page_at, code):
    page = page_at(375)
    visit(page, f"{server}/{code}/albastini/two-players.html", "default")
    assert page.locator(".tc-scroll[tabindex], .tc-table-wrap[tabindex]").count() == 0
    visit(page, f"{server}/{code}/albastini/practice.html", "default")
    page.locator(".tc-drill__title").first.click()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('tc-drill__option')")


def luminance(rgb: str) -> float:
    channels = [int(c) / 255 for c in re.findall(r"\d+", rgb)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# The colour of each element and of the first opaque background behind it.
COLOURS = """selector => [...document.querySelectorAll(selector)].filter(e => e.getClientRects().length).map(e => {
  let back = e;
  while (back && /rgba\\(.*, 0\\)|transparent/.test(getComputedStyle(back).backgroundColor)) back = back.parentElement;
  return [getComputedStyle(e).color, getComputedStyle(back || document.body).backgroundColor];
})"""


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("code", LOCALES)
def test_red_text_is_readable_in_both_palettes(server, page_at, code, scheme):
    page = page_at(1280)
    visit(page, f"{server}/{code}/altbaumer/walkthrough.html", scheme)
    pairs = page.evaluate(COLOURS, ".tc-code--red")
    visit(page, f"{server}/{code}/albastini/two-players.html", scheme)
    pairs += page.evaluate(COLOURS, ".tc-badge .tc-card--red")
    assert len(pairs) >= 2
    assert [p for p in pairs if contrast(*p) < 4.5] == []


@pytest.mark.skipif(not AXE.exists() and os.environ.get("CI") != "true",
                    reason="axe-core is not installed (make browser-tools)")
@pytest.mark.parametrize("code", LOCALES)
def test_no_serious_accessibility_violation_in_the_dark(server, page_at, code):
    page = page_at(375)
    visit(page, f"{server}/{code}/albastini/practice.html", "slate")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                           ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length}))")
    assert [v for v in result if v["impact"] in ("serious", "critical")] == []


# A filled rectangle in a PDF's drawing: its colour (`r g b rg`, 0 to 1), then its box (`x y w h re f`).
FILL = re.compile(rb"([\d.]+) ([\d.]+) ([\d.]+) rg\s+(?:/\w+ gs\s+)?([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re\s+f")


def dark_areas(pdf: bytes) -> list[tuple[int, str, str]]:
    """Every dark rectangle of a printed PDF larger than a card, as (sheet, colour, box): a page
    printed from the dark palette with its backgrounds once came out as a white sheet framed in
    near black (Chromium's dark canvas in the margins)."""
    found = []
    for number, sheet in enumerate(pypdf.PdfReader(io.BytesIO(pdf)).pages, 1):
        for fill in FILL.finditer(sheet.get_contents().get_data()):
            r, g, b, _, _, w, h = (float(value) for value in fill.groups())
            colour = f"rgb({round(r * 255)}, {round(g * 255)}, {round(b * 255)})"
            if abs(w * h) >= 150 * 150 and luminance(colour) < 0.2:
                found.append((number, colour, f"{w:g}x{h:g}"))
    return found


@pytest.mark.parametrize("system", ["light", "dark"])
@pytest.mark.parametrize("code", LOCALES)
def test_a_worksheet_prints_light_with_its_answers_packed(server, page_at, code, system):
    """The dark palette on screen, chosen on a light system or following a dark one; printed with
    "background graphics" on, light to the edges of every sheet."""
    page = page_at(800, color_scheme=system)
    visit(page, f"{server}/{code}/albastini/practice.print.html", "slate")
    assert luminance(page.evaluate("getComputedStyle(document.body).backgroundColor")) < 0.1  # dark on screen
    page.emulate_media(media="print", color_scheme=system)
    for element in ("document.documentElement", "document.body", "document.querySelector('.md-content')"):
        colour = page.evaluate(f"getComputedStyle({element}).backgroundColor")
        assert colour in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), (element, colour)
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light"
    assert dark_areas(page.pdf(format="A4", print_background=True)) == []
    assert luminance(page.evaluate("getComputedStyle(document.querySelector('.md-typeset')).color")) < 0.05
    key = page.locator(".tc-drill__key").first
    assert key.evaluate("k => [getComputedStyle(k).breakBefore, getComputedStyle(k).breakAfter]") == ["page", "page"]
    assert key.locator(".tc-drill__answers").evaluate("a => getComputedStyle(a).columnWidth") != "auto"
    assert key.locator(".tc-drill__answer").first.evaluate("a => getComputedStyle(a).breakInside") == "avoid"


@pytest.mark.parametrize("media", ["screen", "print"])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_ordered_lists_count_in_the_pages_digits(server, page_at, code, media):
    page = page_at(800, own_context=True, java_script_enabled=False)
    page.goto(f"{server}/{code}/albastini/practice.print.html")
    page.emulate_media(media=media)
    markers = page.evaluate("() => [...document.querySelectorAll('ol > li')].filter(li => li.getClientRects().length"
                            " && getComputedStyle(li).display === 'list-item').map(li => [!!li.parentElement"
                            ".parentElement.closest('ol, ul'), getComputedStyle(li).listStyleType])")
    top = {style for nested, style in markers if not nested and style != "none"}
    inner = {style for nested, style in markers if nested and style != "none"}
    if media == "screen":
        assert (top, inner) == (({"persian"}, {"persian-alphabetic"}) if code == "fa" else ({"decimal"}, {"lower-alpha"}))
    else:
        assert top | inner == set()
    # The Persian letters are defined (an unknown style would count in Western digits).
    letters = page.evaluate("() => [...document.styleSheets].flatMap(s => [...s.cssRules]).filter(r => r.type === 11"
                            " && r.name === 'persian-alphabetic').map(r => [r.system, r.symbols.split(' ').length,"
                            " r.symbols.split(' ')[0], r.fallback])")
    assert letters == [["fixed 1", 32, '"الف"', "persian"]]
