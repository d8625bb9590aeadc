"""The site's edges in a real browser and in its HTML: the 404 page of every locale, the palette
kept across languages, no console error and no sitemap.xml request, meta descriptions,
hreflang alternates and the language chooser (issue 18, items 5, 6, 10 and 11)."""

from __future__ import annotations

import functools
import re
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest
from test_drills_browser import Quiet, watched  # noqa: F401  (Playwright, failing under CI without Chromium)
from test_site import ROOT, site  # noqa: F401  (the site, built once for the run)

from tutorial_engine.i18n.theme import not_found_heading
from tutorial_engine.i18n.translator import English, Translator

LOCALES = ["en", "ru", "fr", "es", "fa", "sw"]
PRACTICE_SUMMARY = "Drills with immediate feedback on tricks, card values, the forecast and victory points."
HOME_INTRO = ("This site teaches card games step by step. Each game has a rules page in numbered sections, "
              "with a worked example, an exercise to practise with, and answers to the questions learners "
              "ask most often.")


class StaticHost(Quiet):
    """A static host: a missing address under /<locale>/ gets that locale's 404.html, with 404."""

    def not_found_page(self) -> Path | None:
        """The page this host serves for an address it lacks, if any."""
        locale = self.path.strip("/").split("/")[0]
        page = Path(self.directory) / locale / "404.html"
        return page if locale in LOCALES and page.is_file() else None

    def send_error(self, code, message=None, explain=None):
        page = self.not_found_page() if code == 404 else None
        if page is None:
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.fixture(scope="module")
def host(site):
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(StaticHost, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def tr(code: str) -> Translator:
    return Translator.load(ROOT / "locales", code)


def addresses(page) -> list[str]:
    """Every address the page links to or loads from, resolved as the browser resolves them."""
    return page.eval_on_selector_all(
        "a[href], link[href], script[src], img[src]",
        "els => els.map(e => e.href || e.src).filter(u => /^(https?|file):/.test(u))"
        ".map(u => u.split('#')[0]).filter(u => u !== location.href.split('#')[0])")


def styled(page) -> None:
    """Material's stylesheet applied: its header is a fixed bar and its logo a small icon."""
    assert page.eval_on_selector(".md-header", "e => getComputedStyle(e).position") == "sticky"
    logo = page.locator(".md-header__button.md-logo").bounding_box()
    assert logo is not None and logo["height"] < 60, logo


@pytest.mark.parametrize("code", ["en", "ru", "fa"])
def test_the_404_page_from_a_nested_missing_address_is_styled_and_its_links_work(host, watched, code):
    w = watched()
    failed = []
    w.page.on("response", lambda r: r.status >= 400 and failed.append(r.url))
    missing = f"{host}/{code}/no/such/folder/page.html"
    response = w.page.goto(missing)
    assert response.status == 404
    assert w.page.locator("h1").inner_text() == not_found_heading(tr(code))
    styled(w.page)
    links = addresses(w.page)
    assert f"{host}/{code}/index.html" in links and f"{host}/ru/index.html" in links
    for url in links:
        assert url.startswith(host), url
        assert w.page.request.get(url).status == 200, url
    w.page.wait_for_load_state("networkidle")
    assert failed == [missing]  # the page itself, and nothing it loads
    assert w.errors == ["Failed to load resource: the server responded with a status of 404 (Not Found)"]
    assert not [url for url in w.requests if "sitemap.xml" in url]


@pytest.mark.parametrize("code", ["en", "ru", "fa"])
def test_the_404_page_opened_from_disk_is_styled_and_its_links_work(site, watched, code):
    w = watched()
    failed = []
    w.page.on("requestfailed", lambda r: failed.append(r.url))
    w.page.goto((site / code / "404.html").as_uri())
    assert w.page.locator("h1").inner_text() == not_found_heading(tr(code))
    styled(w.page)
    for url in addresses(w.page):
        path = Path(unquote(urlparse(url).path))
        assert url.startswith("file://") and path.is_file() and site in path.parents, url
    # Only Chromium's speculative fetches, made under the <base> that serves http before the
    # page's first script drops it: the files in the head, from the disk's root.
    assert all(url.startswith(f"file:///{code}/assets/") for url in failed), failed
    assert all(error == "Failed to load resource: net::ERR_FILE_NOT_FOUND" for error in w.errors), w.errors


def test_the_404_heading_is_translated_in_russian_and_persian():
    assert not_found_heading(tr("ru")) == "404: страница не найдена"
    assert not_found_heading(tr("fa")) != not_found_heading(tr("en"))


def dark_then_switch(w, url: str) -> str:
    """Turn the palette dark on `url`, pick Russian in the language menu, return the palette."""
    w.page.goto(url)
    assert w.page.get_attribute("body", "data-md-color-scheme") == "default"
    w.page.locator("label.md-header__button[for='__palette_1']").click()
    assert w.page.get_attribute("body", "data-md-color-scheme") == "slate"
    w.page.locator(".md-header__option .md-select > button").hover()
    w.page.locator(".md-select__link[hreflang='ru']").click()
    w.page.wait_for_url(re.compile(r"/ru/albastini/practice\.html$"))
    return w.page.get_attribute("body", "data-md-color-scheme")


def test_dark_mode_is_kept_when_switching_language_over_http(host, watched):
    w = watched(color_scheme="light")
    assert dark_then_switch(w, f"{host}/en/albastini/practice.html") == "slate"
    w.page.goto(f"{host}/fa/index.html")
    assert w.page.get_attribute("body", "data-md-color-scheme") == "slate"


def test_dark_mode_is_kept_when_switching_language_from_disk(site, watched):
    w = watched(color_scheme="light")
    assert dark_then_switch(w, (site / "en" / "albastini" / "practice.html").as_uri()) == "slate"
    w.page.goto((site / "fa" / "index.html").as_uri())
    assert w.page.get_attribute("body", "data-md-color-scheme") == "slate"


@pytest.fixture(scope="module")
def browser(playwright):
    """A browser of this module's own, as before the run shared one: the every-page check below
    opens some six hundred pages, and in a browser the whole run had used, a page from disk now
    and then never had the network idle within 30 s."""
    from conftest import launched_browser

    yield from launched_browser(playwright)


@pytest.fixture(scope="module")
def tab_pool(browser):
    """The tabs of this module's browser, reused from test to test (conftest.TabPool)."""
    from conftest import TabPool

    return TabPool(browser)


@pytest.mark.parametrize("code", ["en", "ru", "fa"])
@pytest.mark.parametrize("over", ["http", "file"])
def test_no_console_error_and_no_sitemap_request_on_any_page(site, host, watched, code, over):
    """Every page of the locale, worksheets and guides included, each reached as a reader
    reaches it from another, with nothing stored yet. From disk the 404 page is left out: no
    host serves it there, and its own test says what its <base> costs when opened so. One page
    at a time: with several loading at once on a busy machine, one of them now and then never
    had the network idle within 30 s."""
    pages = sorted(p.relative_to(site / code).as_posix() for p in (site / code).rglob("*.html"))
    assert len(pages) > 15
    w = watched()
    for path in pages if over == "http" else [p for p in pages if p != "404.html"]:
        w.page.evaluate("() => { try { localStorage.clear(); sessionStorage.clear() } catch (e) {} }")
        w.errors.clear()
        w.requests.clear()
        w.page.goto(f"{host}/{code}/{path}" if over == "http" else (site / code / path).as_uri())
        w.settled()
        assert w.page.locator("h1").count() >= 1, path
        assert not w.errors, (path, w.errors)
        assert not [url for url in w.requests if "sitemap" in url], path


class Slow(Quiet):
    """Answers every request after HELD_SECONDS."""

    def do_GET(self) -> None:
        time.sleep(HELD_SECONDS)
        self.send_response(204)
        self.end_headers()


HELD_SECONDS = 0.6


def test_a_page_counts_as_settled_only_once_its_requests_in_flight_are_done(host, watched):
    """A request the page made and is still waiting for keeps it unsettled, however long it
    takes beyond the quiet time `Watched.settled` waits for."""
    slow = ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    threading.Thread(target=slow.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{slow.server_address[1]}/late"
        w = watched()
        w.page.goto(f"{host}/en/index.html")
        with w.page.expect_request(url):
            w.page.evaluate("u => { fetch(u, {mode: 'no-cors'}).catch(() => {}) }", url)
        assert w.busy
        w.settled()
        assert not w.busy
    finally:
        slow.shutdown()


@pytest.mark.parametrize("code", LOCALES)
def test_meta_description_is_the_translated_summary_or_the_site_description(site, code):
    words = tr(code)

    def description(path: str) -> str:
        found = re.findall(r'<meta name="description" content="([^"]*)">', (site / code / path).read_text("utf-8"))
        assert len(found) == 1, path
        return found[0].replace("&#39;", "'").replace("&amp;", "&")

    assert description("albastini/practice.html") == words.gettext(PRACTICE_SUMMARY)
    assert description("albastini/practice.print.html") == words.gettext(PRACTICE_SUMMARY)
    assert description("index.html") == words.gettext(HOME_INTRO)
    assert description("instructors.html") == words.gettext(HOME_INTRO)
    if code != "en":
        assert description("index.html") != HOME_INTRO and description("albastini/practice.html") != PRACTICE_SUMMARY


@pytest.mark.parametrize("code", ["en", "ru", "fa"])
@pytest.mark.parametrize("path", ["index.html", "albastini/practice.html", "altbaumer/tutorial.html", "credits.html"])
def test_the_language_menu_leads_to_the_same_page_in_each_locale(site, code, path):
    """Each language of the menu names this page in that locale. The head's hreflang links are
    left out, as the site has no `site_url`: search engines take only absolute addresses there."""
    if not (site / code / path).is_file():
        pytest.fail(f"{path} is not in the site")
    html = (site / code / path).read_text("utf-8")
    assert re.findall(r'<link rel="alternate" href="[^"]*" hreflang=', html) == []
    alternates = {lang: href for href, lang in re.findall(
        r'<a href="([^"]+)" hreflang="([^"]+)"[^>]*class="md-select__link', html)}
    assert sorted(alternates) == sorted(LOCALES)
    here = f"http://example.org/{code}/{path}"
    for lang, href in alternates.items():
        assert urljoin(here, href) == f"http://example.org/{lang}/{path}", (lang, href)
        assert (site / lang / path).is_file()


def test_hreflang_alternates_are_absolute_under_a_site_url():
    """With `site_url`, the head's alternates name each locale's page absolutely."""
    from types import SimpleNamespace

    from tutorial_engine.build.plugin import _alternates
    config = SimpleNamespace(site_url="https://cards.example/", extra={"alternate": [{"lang": "en"}, {"lang": "fa"}]})
    _alternates(config, "albastini/practice.html")
    assert [a["link"] for a in config.extra["alternate"]] == [
        "https://cards.example/en/albastini/practice.html", "https://cards.example/fa/albastini/practice.html"]


def test_the_chooser_has_a_heading_and_a_sentence_in_each_language(site, watched):
    w = watched(locale="de-DE", extra_http_headers={"Accept-Language": "de"})  # a language the site lacks
    w.page.goto((site / "index.html").as_uri())
    heading = w.page.locator("h1")
    assert heading.inner_text() == "Choose your language"
    assert heading.evaluate("h => h.closest('[lang]').lang") == "en"
    blocks = w.page.eval_on_selector_all(
        ".tc-intro > div", "ds => ds.map(d => [d.lang, d.dir, d.querySelector('p:last-child').textContent])")
    shown = {lang: (direction, sentence) for lang, direction, sentence in blocks}
    assert shown["en"] == ("ltr", "These card game tutorials are written in each of the languages below.")
    for code in LOCALES[1:]:
        words = tr(code)
        heading = words.pgettext("chooser", "Choose your language")
        sentence = words.pgettext("chooser", "These card game tutorials are written in each of the languages below.")
        if isinstance(heading, English) or isinstance(sentence, English):
            assert code not in shown  # an untranslated locale does not repeat the English
        else:
            assert shown[code] == (words.direction, sentence)
            assert w.page.locator(f".tc-intro > div[lang={code}] strong").inner_text() == heading
    assert not w.errors, w.errors


@pytest.mark.parametrize("code, word", [("en", "forecast"), ("fa", "پیشنهاد")])
def test_search_works_on_the_404_page_of_a_nested_missing_address(host, watched, code, word):
    """Material resolves its own base against the page's address, not the <base>: the page makes
    it absolute first, so the index and the result links come from the locale's folder."""
    w = watched()
    w.page.goto(f"{host}/{code}/no/such/folder/page.html")
    w.page.locator("label.md-search__icon, .md-search__input").first.click()
    w.page.locator(".md-search__input").fill(word)
    w.page.keyboard.press("End")
    first = w.page.locator(".md-search-result__item a").first
    first.wait_for(timeout=15000)
    assert first.evaluate("a => a.href").startswith(f"{host}/{code}/")
    assert not [url for url in w.requests if "/no/such/" in url and "search" in url]


def test_the_404_page_has_no_relative_hreflang_links(site):
    html = (site / "en" / "404.html").read_text(encoding="utf-8")
    assert re.findall(r'<link rel="alternate" href="[^"]*" hreflang=', html) == []


@pytest.mark.parametrize("kept", ["not JSON", "{", "[]", "5", '{"index": 7, "color": {}}', '{"index": "0"}',
                                  '{"index": 0, "color": {"scheme": 5}}', '{"index": 0, "color": []}'])
def test_a_palette_kept_unreadable_is_taken_as_none(host, watched, kept):
    """Issue 29: what Material keeps (the palette, per site) is read as untrusted; a value that
    does not parse is nothing kept, and the page starts as usual, palette toggle and search."""
    w = watched(color_scheme="light")
    w.page.goto(f"{host}/en/index.html")
    w.page.evaluate("([key, value]) => localStorage.setItem(key, value)", ["/.__palette", kept])
    w.page.reload()
    assert w.page.get_attribute("body", "data-md-color-scheme") == "default"
    w.page.locator("label.md-header__button[for='__palette_1']").click()
    assert w.page.get_attribute("body", "data-md-color-scheme") == "slate"
    assert w.errors == []
