"""The search index: stored as UTF-8, loaded only once a reader opens search (issue 18, item 9),
with only the Lunr language files its search loads (issue 28)."""

from __future__ import annotations

import json
import logging
import os
import shutil
from pathlib import Path

import pytest
from test_site import site  # noqa: F401  (the site, built once for the run)

from tutorial_engine.build import searchindex

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
BROWSER = Path(CHROMIUM).exists()
if not BROWSER and os.environ.get("CI") == "true":
    raise RuntimeError("Chromium is missing; .ci/run installs it (apt-get install chromium)")
needs_browser = pytest.mark.skipif(not BROWSER, reason="Chromium is not installed")

WORDS = {"ru": "козырь", "fa": "حکم"}
FOUND = "albastini/two-players.html"
"""A page each word is on (as in test_browser.py)."""
INDEX_REQUEST = "/search/search_index."
BUNDLE = ('function Ei(e,t){let r=Mn(e);return L($(location.protocol!=="file:"),Je("search"))'
          '.pipe(Re(o=>o),b(()=>t))')
"""The lines of Material 9's minified bundle that load the index over http with every page."""
BUNDLE_FILE = Path("assets", "javascripts", "bundle.a5f9d56c.min.js")


def fake_site(tmp_path: Path, index: dict, bundle: str = BUNDLE) -> Path:
    """A locale as MkDocs' search and offline plugins leave it: escaped JSON, and its script."""
    (tmp_path / "search").mkdir()
    text = json.dumps(index, separators=(",", ":"))
    (tmp_path / "search" / "search_index.json").write_text(text, encoding="utf-8")
    (tmp_path / "search" / "search_index.js").write_text(f"var __index = {text}", encoding="utf-8")
    (tmp_path / BUNDLE_FILE).parent.mkdir(parents=True)
    (tmp_path / BUNDLE_FILE).write_text(bundle, encoding="utf-8")
    return tmp_path


def test_lighten_writes_utf8_and_defers_the_index(tmp_path, caplog):
    index = {"config": {"separator": "[\\s\\-]+"}, "docs": [{"text": "Козырь бьёт туз. حکم\u2028"}]}
    folder = fake_site(tmp_path, index)
    searchindex.lighten(folder)
    text = (folder / "search" / "search_index.json").read_text(encoding="utf-8")
    assert text == ('{"config":{"separator":"[\\\\s\\\\-]+"},'
                    '"docs":[{"text":"Козырь бьёт туз. حکم\u2028"}]}')
    script = (folder / "search" / "search_index.js").read_text(encoding="utf-8")
    assert script == "var __index = " + text.replace("\u2028", "\\u2028")
    bundle = (folder / BUNDLE_FILE).read_text(encoding="utf-8")
    assert bundle == BUNDLE.replace('location.protocol!=="file:"', "!1")
    searchindex.lighten(folder)  # `mkdocs serve` may build again over what it wrote
    assert (folder / BUNDLE_FILE).read_text(encoding="utf-8") == bundle
    assert (folder / "search" / "search_index.json").read_text(encoding="utf-8") == text
    assert not caplog.records


def test_a_bundle_that_starts_search_otherwise_is_left_and_reported(tmp_path, caplog):
    folder = fake_site(tmp_path, {"docs": []}, bundle="new Worker(e)")
    with caplog.at_level(logging.WARNING):
        searchindex.lighten(folder)
    assert (folder / BUNDLE_FILE).read_text(encoding="utf-8") == "new Worker(e)"
    assert [r.getMessage() for r in caplog.records] == [
        "tutorial: bundle.a5f9d56c.min.js: Material's search no longer starts as "
        "tutorial_engine/build/searchindex.py expects (0 matches), so the search index loads with every page over http"]


@pytest.mark.parametrize("code", ["ru", "fa"])
def test_the_built_index_is_utf8_and_less_than_half_its_escaped_size(site, code):
    raw = (site / code / "search" / "search_index.json").read_bytes()
    text = raw.decode("utf-8")
    assert WORDS[code] in text and "\\u04" not in text and "\\u06" not in text
    escaped = json.dumps(json.loads(text), separators=(",", ":")).encode("ascii")
    assert len(raw) < len(escaped) / 2, (len(raw), len(escaped))
    script = (site / code / "search" / "search_index.js").read_text(encoding="utf-8")
    assert script.startswith("var __index = {")
    assert json.loads(script.removeprefix("var __index = ")) == json.loads(text)


LOCALES = ("en", "ru", "fr", "es", "fa", "sw")


@pytest.mark.parametrize("code", LOCALES)
def test_a_locale_keeps_only_the_lunr_files_its_search_loads(site, code):
    languages = json.loads((site / code / "search" / "search_index.json").read_text(encoding="utf-8"))["config"]["lang"]
    lunr = site / code / searchindex.LUNR
    kept = {p.relative_to(lunr).as_posix() for p in lunr.rglob("*") if p.is_file()} if lunr.exists() else set()
    assert kept == searchindex.lunr_files(languages)
    assert not list((site / code).rglob("*.map"))


def test_the_lunr_files_a_search_loads_are_materials_choice():
    """Material's worker (setupSearchLanguages): each language's file but English's, Japanese's
    segmenter, Hindi's and Thai's word cutter, the glue for several, the stemmer with any."""
    assert searchindex.lunr_files(["en"]) == set()
    assert searchindex.lunr_files(["ru"]) == {"min/lunr.ru.min.js", "min/lunr.stemmer.support.min.js"}
    assert searchindex.lunr_files(["en", "ja"]) == {"tinyseg.js", "min/lunr.ja.min.js", "min/lunr.multi.min.js",
                                                    "min/lunr.stemmer.support.min.js"}
    assert searchindex.lunr_files(["th"]) == {"wordcut.js", "min/lunr.th.min.js", "min/lunr.stemmer.support.min.js"}
    uris = ["assets/javascripts/lunr/min/lunr.ru.min.js", "assets/javascripts/lunr/min/lunr.fr.min.js",
            "assets/javascripts/lunr/tinyseg.js", "assets/javascripts/lunr/min/lunr.stemmer.support.min.js",
            "assets/javascripts/bundle.min.js", "albastini/index.md"]
    assert searchindex.unused_lunr(uris, ["ru"]) == ["assets/javascripts/lunr/min/lunr.fr.min.js",
                                                     "assets/javascripts/lunr/tinyseg.js"]
    assert searchindex.unused_lunr(uris, ["en"]) == [uri for uri in uris if "/lunr/" in uri]


def open_search(page, how: str) -> None:
    """Open search as a reader does: the header's button (narrow), the box (wide) or its key."""
    if how == "button":
        page.locator('label.md-header__button[for="__search"]').click()
    elif how == "box":
        page.locator(".md-search__input").click()
    else:
        page.keyboard.press("/")
    assert page.evaluate("document.activeElement.classList.contains('md-search__input')")


@needs_browser
@pytest.mark.parametrize("code", ["ru", "fa"])
@pytest.mark.parametrize("scheme, how, width", [("http", "button", 320), ("http", "box", 1280),
                                                ("http", "key", 1280), ("file", "button", 375),
                                                ("file", "box", 1280)])
def test_the_index_loads_when_search_is_opened_and_finds_the_word(site, server, tabs, code,
                                                                  scheme, how, width):
    page = tabs(viewport={"width": width, "height": 800})
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("requestfailed", lambda request: errors.append(f"{request.url} failed"))
    page.on("response", lambda response: response.status >= 400 and errors.append(f"{response.url} {response.status}"))
    url = f"{server}/{code}/index.html" if scheme == "http" else (site / code / "index.html").as_uri()
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    assert not [u for u in requests if INDEX_REQUEST in u]
    open_search(page, how)
    page.keyboard.type(WORDS[code])
    page.keyboard.press("End")  # Material reads the box on keyup; Playwright types non-Latin letters without one
    page.wait_for_selector(".md-search-result__item", timeout=15000)
    links = page.eval_on_selector_all(".md-search-result__item a", "links => links.map(a => a.href)")
    assert any(FOUND in link for link in links), links
    index = "search_index.json" if scheme == "http" else "search_index.js"
    assert [u for u in requests if INDEX_REQUEST in u] == [f"{url.rsplit('/', 1)[0]}/search/{index}"]
    if scheme == "http" and code == "ru":  # the search worker loads Russian's stemmer, which the site keeps
        assert any(u.endswith("/lunr/min/lunr.ru.min.js") for u in requests), requests
    assert not errors
