"""The site's chrome and edges for a keyboard, a screen reader and a printer, in a real browser
(Playwright driving Debian's chromium; issue 33, items 7 to 10, site-wide part).

- A link in running text is underlined, and reads at 4.5:1 in both palettes, under the pointer
  and the focus too; its focus ring at 3:1.
- The root's 404.html, which GitHub Pages or Netlify serve for any missing address however deep,
  lists every language in its own words and puts the address's language first; its links reach
  each home page over http at the host's root or under a path of its own, from disk, and without
  JavaScript; it loads nothing and passes axe in both palettes.
- Each diagram's landmark on a rules page has a name of its own, in the page's language.
- A page printed from the dark palette, chosen or the system's, is light to the page's edge.
- The skip link is the first Tab stop of every page; at 375 px the closed navigation drawer is out
  of the Tab order, so the keyboard reaches a Play page's game after a few stops; its button
  opens it from the keyboard, and then its links are reachable; a wide screen's sidebar is.

The run's one build and one browser (conftest's) serve it.
"""

from __future__ import annotations

import functools
import os
import re
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from test_csp_browser import policy
from test_layout_browser import AXE, contrast, dark_areas, page_at, playwright_api  # noqa: F401  (Playwright, Chromium)
from test_site import ROOT, site  # noqa: F401  (the site, built once for the run)
from test_site_meta import StaticHost, host  # noqa: F401  (each locale's own 404.html for a missing address)

from tutorial_engine.i18n.theme import not_found_heading
from tutorial_engine.i18n.translator import English, Translator

LOCALES = ["en", "ru", "fr", "es", "fa", "sw"]
PALETTES = {"light": "default", "dark": "slate"}
"""The system's colour scheme, and the palette Material picks for it."""
PLAY = "albastini/play.html"
FEW = 13
"""Tab stops a Play page has before its game at 375 px: the skip link, the menu button, the palette
toggle, the language menu and its six languages, the search field, the heading's permalink and
the link to the other seating. There were 40: 26 links of the closed drawer, and the search's
results, closed."""

# The focused element: where it is, and whether it is on the screen.
FOCUSED = """() => {
  const e = document.activeElement;
  const shown = e.matches("input.md-option") ? e.nextElementSibling : e;  /* the palette toggle's label */
  const box = shown.getBoundingClientRect();
  return {tag: e.tagName, cls: e.className, skip: e.matches(".md-skip"), drawer: !!e.closest(".md-sidebar--primary"),
          nav: e.matches(".md-sidebar--primary a.md-nav__link"), game: !!e.closest("#tc-play"),
          shown: box.width > 0 && box.height > 0 && box.right > 0 && box.bottom > 0
                 && box.left < innerWidth && box.top < innerHeight};
}"""

# Each visible element's colour, underline and the first opaque background behind it.
LOOKS = """selector => [...document.querySelectorAll(selector)].filter(e => e.getClientRects().length).map(e => {
  let back = e;
  while (back && /rgba\\(.*, 0\\)|transparent/.test(getComputedStyle(back).backgroundColor)) back = back.parentElement;
  const s = getComputedStyle(e);
  return {text: e.textContent.trim().slice(0, 40), color: s.color, line: s.textDecorationLine,
          thickness: parseFloat(s.textDecorationThickness) || 0, outline: [s.outlineStyle, s.outlineColor],
          back: getComputedStyle(back || document.body).backgroundColor};
})"""


def words(code: str) -> Translator:
    return Translator.load(ROOT / "locales", code)


def tab_until(page, wanted: str, limit: int) -> list[dict]:
    """Press Tab until the focused element's FOCUSED[wanted] is true, at most `limit` times: every
    stop on the way, the one wanted last."""
    stops = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(FOCUSED))
        if stops[-1][wanted]:
            break
    return stops


# --- a host that serves its root's 404.html for any address it lacks -------------------------------

class PagesHost(StaticHost):
    """A static host as GitHub Pages or Netlify serve a site: from `prefix`, and every address it
    lacks, however deep, gets the site's root 404.html with status 404."""

    prefix = "/"

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return os.path.join(str(self.directory), "\0")  # nothing there
        return super().translate_path("/" + path[len(self.prefix):])

    def not_found_page(self) -> Path | None:
        return Path(self.directory) / "404.html"


@pytest.fixture(scope="module")
def pages(site):
    """The site at a host's root and at /cards/ of another: their addresses."""
    servers, urls = [], {}
    for name, prefix in (("root", "/"), ("cards", "/cards/")):
        handler = type("Host", (PagesHost,), {"prefix": prefix})
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        servers.append(httpd)
        urls[name] = f"http://127.0.0.1:{httpd.server_address[1]}{prefix.rstrip('/')}"
    yield urls
    for httpd in servers:
        httpd.shutdown()


def entry_words(code: str) -> tuple[str | None, str]:
    """What the root's 404 page says for a language: its heading, None where its catalog has
    none, and its link's words, the language's own name where its catalog has none."""
    tr = words(code)
    heading, link = not_found_heading(tr), tr.pgettext("not found", "Go to the home page")
    other = code != "en"
    return (None if other and isinstance(heading, English) else heading,
            tr.name if other and isinstance(link, English) else link)


ENTRIES = """() => [...document.querySelectorAll("main > .tc-language")].map(e => ({
  code: e.dataset.code, lang: e.lang, dir: e.dir, link: e.querySelector("a").textContent,
  href: e.querySelector("a").href, heading: (e.querySelector("h1, h2") || {}).textContent || null,
  level: (e.querySelector("h1, h2") || {}).tagName || null}))"""


def test_the_root_404_page_is_written_beside_the_chooser(site):
    html = (site / "404.html").read_text(encoding="utf-8")
    assert html.startswith("<!doctype html><html lang=\"mul\">")
    assert '<base href="/">' in html and "<main>" in html
    for code in LOCALES:
        assert f'<a href="{code}/index.html" hreflang="{code}">' in html
    assert "404.html" in (site / "SHA256SUMS").read_text(encoding="utf-8").split()


@pytest.mark.parametrize("code", ["en", "fa"])
@pytest.mark.parametrize("where", ["root", "cards"])
def test_the_root_404_page_sends_the_reader_to_the_language_of_the_address(pages, tabs, code, where):
    page = tabs(viewport={"width": 375, "height": 800})
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    base = pages[where]
    response = page.goto(f"{base}/{code}/no/such/folder/page.html")
    assert response is not None and response.status == 404
    entries = page.evaluate(ENTRIES)
    # Every language, each in its own words and direction, the address's first.
    assert sorted(e["code"] for e in entries) == sorted(LOCALES)
    assert entries[0]["code"] == code
    for e in entries:
        heading, link = entry_words(e["code"])
        assert (e["lang"], e["dir"], e["link"], e["heading"]) == (
            e["code"], words(e["code"]).direction, link, heading), e
        assert e["href"] == f"{base}/{e['code']}/index.html"
    assert [e["level"] for e in entries if e["level"]] == ["H1"] + ["H2"] * (sum(1 for e in entries if e["level"]) - 1)
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [code, words(code).direction]
    assert page.title() == not_found_heading(words(code))
    # Nothing loaded but the page, from no other host; the link opens the language's home page.
    assert requests == [response.url] and not errors
    page.locator("main a").first.click()
    page.wait_for_url(f"{base}/{code}/index.html")
    assert page.evaluate("document.documentElement.lang") == code


def test_the_root_404_page_takes_the_browsers_language_for_an_address_without_one(pages, browser):
    context = browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        assert page.goto(f"{pages['root']}/albastini/old-page.html").status == 404
        entries = page.evaluate(ENTRIES)
        assert entries[0]["code"] == "ru" and entries[0]["level"] == "H1"
        assert entries[1]["code"] == "en" and entries[1]["level"] == "H2"
        assert entries[0]["href"] == f"{pages['root']}/ru/index.html"
        # The language read last comes first once a page of it has been opened.
        page.goto(f"{pages['root']}/sw/index.html")
        page.goto(f"{pages['root']}/old/page.html")
        assert page.evaluate(ENTRIES)[0]["code"] == "sw"
    finally:
        context.close()


def test_the_root_404_page_works_without_javascript(pages, browser):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        assert page.goto(f"{pages['root']}/fa/a/b/c/d.html").status == 404
        entries = page.evaluate(ENTRIES)
        assert [e["code"] for e in entries] == LOCALES  # as written: the source language first
        assert [e["href"] for e in entries] == [f"{pages['root']}/{code}/index.html" for code in LOCALES]
        assert page.evaluate("document.documentElement.lang") == "mul"
    finally:
        context.close()


def test_the_root_404_page_opened_from_disk_links_to_the_files_beside_it(site, tabs):
    page = tabs()
    page.goto((site / "404.html").as_uri())
    for entry in page.evaluate(ENTRIES):
        path = Path(unquote(urlparse(entry["href"]).path))
        assert entry["href"].startswith("file://") and path == site / entry["code"] / "index.html", entry
        assert path.is_file()


def test_the_root_404_page_works_under_a_strict_content_security_policy(pages, tabs):
    """Its inline script is allowed by its hash alone, as a host with such a policy would."""
    page = tabs()
    violations: list[str] = []

    def strict(route) -> None:
        response = route.fetch()
        headers = dict(response.headers) | {"content-security-policy": policy(response.text())}
        route.fulfill(status=response.status, headers=headers, body=response.body())

    page.route(f"{pages['root']}/**", strict)
    page.on("console", lambda m: m.type == "error" and "Content Security Policy" in m.text and violations.append(m.text))
    page.goto(f"{pages['root']}/fa/missing.html")
    assert page.evaluate(ENTRIES)[0]["code"] == "fa"  # the script ran
    assert violations == []


@pytest.mark.skipif(not AXE.exists() and os.environ.get("CI") != "true",
                    reason="axe-core is not installed (make browser-tools)")
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_root_404_page_passes_axe_and_reads_in_both_palettes(pages, tabs, code, scheme):
    page = tabs(viewport={"width": 320, "height": 800}, color_scheme=scheme)
    page.goto(f"{pages['root']}/{code}/gone.html")
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                               ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length}))")
    assert violations == []
    links = page.evaluate(LOOKS, "main a")
    text = page.evaluate(LOOKS, "main h1, main h2")
    assert len(links) == len(LOCALES) and len(text) >= 2
    assert [x for x in links + text if contrast(x["color"], x["back"]) < 4.5] == []
    assert all(x["line"] == "underline" for x in links)
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"
    assert dark == (scheme == "dark")
    page.keyboard.press("Tab")
    ring = page.evaluate(LOOKS, "main a:focus")
    assert len(ring) == 1 and ring[0]["outline"][0] == "solid" and contrast(ring[0]["outline"][1], ring[0]["back"]) >= 3


# --- links in running text ----------------------------------------------------------------------------

PROSE = ["index.html", "albastini/practice.html", "albastini/practice.print.html", PLAY]
"""Pages with links in their text: the home page's lists, a drill's "more", the notes between a
practice page and its worksheet, and under a Play page's title."""
PROSE_LINKS = ".md-content a:not(.headerlink)"


@pytest.mark.parametrize("width", [320, 1280])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_links_in_running_text_are_underlined_and_read_in_both_palettes(server, tabs, code, scheme, width):
    page = tabs(viewport={"width": width, "height": 800}, color_scheme=scheme)
    found = []
    for path in PROSE:
        page.goto(f"{server}/{code}/{path}")
        assert page.get_attribute("body", "data-md-color-scheme") == PALETTES[scheme]
        links = page.evaluate(LOOKS, PROSE_LINKS)
        assert links, path
        found += [(path, link) for link in links]
        # Navigation and a heading's permalink (¶) are not running text: not underlined.
        assert {x["line"] for x in page.evaluate(LOOKS, ".md-nav__link, .md-content a.headerlink")} <= {"none"}
    assert [(path, x["text"], x["line"]) for path, x in found if x["line"] != "underline"] == []
    assert [(path, x["text"], round(contrast(x["color"], x["back"]), 2)) for path, x in found
            if contrast(x["color"], x["back"]) < 4.5] == []
    # Under the pointer: another colour that still reads, and a thicker line.
    page.goto(f"{server}/{code}/index.html")
    link = page.locator(PROSE_LINKS).first
    before = page.evaluate(LOOKS, PROSE_LINKS)[0]
    link.hover()
    page.wait_for_timeout(300)  # Material's colour transition
    hovered = page.evaluate(LOOKS, PROSE_LINKS + ":hover")[0]
    assert hovered["color"] != before["color"] and contrast(hovered["color"], hovered["back"]) >= 4.5
    assert hovered["line"] == "underline" and hovered["thickness"] > before["thickness"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_focused_link_and_the_navigation_under_the_pointer_read_in_both_palettes(server, tabs, code, scheme):
    page = tabs(viewport={"width": 375, "height": 800}, color_scheme=scheme)
    page.goto(f"{server}/{code}/index.html")
    stops = []
    for _ in range(30):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("document.activeElement.matches('.md-content a:not(.headerlink)')"))
        if stops[-1]:
            break
    assert stops[-1], "Tab reaches the home page's first link"
    page.wait_for_timeout(300)
    focused = page.evaluate(LOOKS, PROSE_LINKS + ":focus")[0]
    assert contrast(focused["color"], focused["back"]) >= 4.5
    assert focused["outline"][0] != "none" and contrast(focused["outline"][1], focused["back"]) >= 3
    # Material's accent under the pointer, in the language menu as in the navigation.
    page.set_viewport_size({"width": 1280, "height": 800})
    entry = page.locator(".md-sidebar--primary a.md-nav__link[href$='.html']:visible").nth(2)
    entry.hover()
    page.wait_for_timeout(300)
    hovered = page.evaluate(LOOKS, ".md-sidebar--primary a.md-nav__link:hover")[0]
    assert contrast(hovered["color"], hovered["back"]) >= 4.5


# --- diagrams' landmarks --------------------------------------------------------------------------------

REGION = re.compile(r'^\s*- region "(.*)"', re.M)


@pytest.mark.parametrize("path", ["albastini/two-players.html", "euchre/rules.html", "altbaumer/tutorial.html"])
def test_each_diagram_on_a_rules_page_is_a_landmark_of_its_own_name(server, tabs, path):
    page = tabs()
    names: dict[str, list[str]] = {}
    for code in ("en", "fa"):
        page.goto(f"{server}/{code}/{path}")
        names[code] = REGION.findall(page.locator("main").aria_snapshot())
        captions = page.evaluate("""() => [...document.querySelectorAll(".tc-scroll, .tc-table-wrap")].map(r =>
          (r.closest("figure") ? r.closest("figure").querySelector("figcaption") : r.querySelector("caption")).textContent)""")
        assert len(names[code]) >= 3, code
        assert len(set(names[code])) == len(names[code]), [n for n in names[code] if names[code].count(n) > 1]
        assert names[code] == captions, code
        generic = {words(code).pgettext("diagram", label) for label in (
            "The cards of the trick, in playing order", "The trick so far and the hand",
            "The players and their forecasts", "The cards from strongest to weakest")}
        assert not generic & set(names[code]), code
    assert len(names["en"]) == len(names["fa"]) and not set(names["en"]) & set(names["fa"])  # translated


@pytest.mark.parametrize("path", ["albastini/practice.html", "hearts/practice.html"])
def test_each_question_of_a_practice_page_shows_its_cards_in_a_landmark_of_its_own_name(server, tabs, path):
    """The first question of every drill on the page: its pictures' landmark is named by the
    drill's title and the question's number, never the same name twice."""
    page = tabs()
    for code in ("en", "fa"):
        page.goto(f"{server}/{code}/{path}")
        first = words(code).pgettext("drill", "The cards of question {number}").replace("{number}", words(code).number(1))
        names = [name for name in REGION.findall(page.locator("main").aria_snapshot()) if name.endswith(first)]
        titles = page.eval_on_selector_all(".tc-drill__title", "hs => hs.map(h => h.textContent.trim())")
        assert len(names) >= 5 and len(set(names)) == len(names), code
        assert names == [f"{title} {first}" for title in titles], code


# --- printing -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["albastini/practice.print.html", "albastini/two-players.html"])
@pytest.mark.parametrize("chosen", ["system", "toggle"])
def test_a_page_printed_from_the_dark_palette_is_light_to_its_edges(server, tabs, path, chosen):
    """Dark chosen by the system (Material follows it) or by the palette toggle, with the
    printer's "background graphics" on: no dark area on any sheet, the page's margins included."""
    system = "dark" if chosen == "system" else "light"
    page = tabs(viewport={"width": 800, "height": 800}, color_scheme=system)
    page.goto(f"{server}/en/{path}")
    if chosen == "toggle":
        page.locator("label.md-header__button[for='__palette_1']").click()
    assert page.get_attribute("body", "data-md-color-scheme") == "slate"
    page.emulate_media(media="print", color_scheme=system)
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light"
    for element in ("document.documentElement", "document.body"):
        assert page.evaluate(f"getComputedStyle({element}).backgroundColor") == "rgb(255, 255, 255)", element
    pdf = page.pdf(format="A4", print_background=True)
    assert dark_areas(pdf) == []


# --- the keyboard: skip link, drawer ------------------------------------------------------------------

KINDS = ["index.html", "albastini/two-players.html", "albastini/practice.html", "albastini/practice.print.html",
         "albastini/walkthrough.html", PLAY, "instructors.html", "translators.html", "credits.html",
         "no/such/folder/page.html"]
"""A page of each kind, the last a locale's own 404 page at a missing address."""


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_skip_link_is_the_first_tab_stop_of_every_page(host, tabs, code, width):
    page = tabs(viewport={"width": width, "height": 800})
    skip = words(code).pgettext("theme", "Skip to content")
    for path in KINDS:
        url = f"{host}/{code}/{path}"
        page.goto(url)
        page.keyboard.press("Tab")
        first = page.evaluate(FOCUSED)
        assert first["skip"] and first["shown"], path
        assert page.evaluate("document.activeElement.textContent.trim()") == skip, path
        # It leads to this page's heading, not away (the 404 page's links resolve against a <base>).
        # A Play page keeps its match's address (#seed=…) when a link within the page is followed.
        assert page.locator("h1#top").count() == 1, path
        page.evaluate("window.tcSamePage = true")
        page.keyboard.press("Enter")
        page.wait_for_timeout(200)
        assert page.evaluate("[window.tcSamePage, location.pathname]") == [True, urlparse(url).path], path
        if path != PLAY:
            assert page.url == f"{url}#top", path


@pytest.mark.parametrize("code, over", [("en", "http"), ("fa", "http"), ("fa", "file")])
def test_at_375_px_tab_reaches_the_game_in_a_few_stops(site, server, tabs, code, over):
    page = tabs(viewport={"width": 375, "height": 800})
    base = server if over == "http" else site.as_uri()
    page.goto(f"{base}/{code}/{PLAY}")
    page.wait_for_selector("#tc-play[data-play-ready]", state="attached")
    assert page.get_attribute(".md-sidebar--primary", "inert") == ""
    stops = tab_until(page, "game", 45)
    assert stops[0]["skip"]
    assert stops[-1]["game"], "Tab reaches the game"
    assert len(stops) - 1 <= FEW, len(stops) - 1
    assert [s for s in stops if s["drawer"] or not s["shown"]] == []  # nothing hidden on the way


@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_drawer_opens_from_its_button_and_then_its_links_are_reachable(server, tabs, code):
    page = tabs(viewport={"width": 375, "height": 800})
    page.goto(f"{server}/{code}/{PLAY}")
    sidebar = page.locator(".md-sidebar--primary")
    button = page.get_by_role("button", name=words(code).pgettext("theme", "Navigation"), exact=True)
    assert button.count() == 1 and button.get_attribute("aria-expanded") == "false"
    assert button.evaluate("b => b.tagName") == "BUTTON"  # a <label> may not take a button's role (axe)
    assert sidebar.get_attribute("inert") == ""
    # From the keyboard: the second Tab stop, with a ring that shows on the header.
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED)["skip"]
    page.keyboard.press("Tab")
    assert button.evaluate("b => b === document.activeElement")
    ring = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
      return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor,
              getComputedStyle(document.querySelector(".md-header")).backgroundColor]; }""")
    assert ring[0] == "solid" and ring[1] >= 2 and contrast(ring[2], ring[3]) >= 3
    for key in ("Enter", " "):
        page.keyboard.press(key)
        assert page.evaluate("document.getElementById('__drawer').checked"), key
        assert sidebar.get_attribute("inert") is None and button.get_attribute("aria-expanded") == "true"
        page.wait_for_timeout(300)  # the drawer slides in
        stops = tab_until(page, "nav", 20)
        assert stops[-1]["nav"] and stops[-1]["shown"], key
        # Escape closes it, and the focus it held goes back to the button.
        page.keyboard.press("Escape")
        assert not page.evaluate("document.getElementById('__drawer').checked")
        assert sidebar.get_attribute("inert") == "" and button.get_attribute("aria-expanded") == "false"
        assert button.evaluate("b => b === document.activeElement"), key
    # By the pointer: the button opens it, the overlay closes it.
    button.click()
    assert sidebar.get_attribute("inert") is None
    page.wait_for_timeout(300)
    outside = 360 if words(code).direction == "ltr" else 15  # the drawer slides in from the line's start
    page.locator("label.md-overlay").click(position={"x": outside, "y": 400})
    assert sidebar.get_attribute("inert") == ""


@pytest.mark.parametrize("code", ["en", "fa"])
def test_on_a_wide_screen_the_sidebar_stays_in_the_tab_order(server, tabs, code):
    page = tabs(viewport={"width": 1280, "height": 800})
    page.goto(f"{server}/{code}/{PLAY}")
    sidebar = page.locator(".md-sidebar--primary")
    assert sidebar.get_attribute("inert") is None
    assert page.locator(".md-header__button.tc-drawer-button").is_hidden()
    stops = tab_until(page, "nav", 40)
    assert stops[0]["skip"] and stops[-1]["nav"] and stops[-1]["shown"]
    page.set_viewport_size({"width": 375, "height": 800})
    page.wait_for_function("document.querySelector('.md-sidebar--primary').inert")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("!document.querySelector('.md-sidebar--primary').inert")
