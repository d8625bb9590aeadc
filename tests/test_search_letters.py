"""Search finds a Persian word however its letters were typed (issue 33, item 5): كارت as کارت,
حكم as حکم, میگیرد as می‌گیرد. The script appended to Material's search worker
(render/assets/search-letters.js, by build/searchindex.py) makes the words Lunr indexes and
each query term the same, and the results still show the page's own text.

Material's own worker runs in Node.js on small indexes, with and without the script; then the
built site's search runs in Chromium, over http and from disk.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
from pathlib import Path

import material
import pytest

from tutorial_engine.build import searchindex

MATERIAL = Path(material.__file__).parent / "templates" / "assets" / "javascripts"
NODE = shutil.which("node") or shutil.which("nodejs")
needs_node = pytest.mark.skipif(NODE is None and os.environ.get("CI") != "true", reason="Node.js is not installed")

HARNESS = r"""
// Material's search worker in a context of its own, as a browser runs it: the documents, then
// each query, as the page posts them; each query's results, flattened, on stdout.
const fs = require("fs"), path = require("path"), vm = require("vm");
const job = JSON.parse(fs.readFileSync(0, "utf8"));
const replies = [];
let listener;
const scope = vm.createContext({console, postMessage: m => replies.push(m),
                                addEventListener: (type, handler) => { listener = handler; }});
scope.self = scope;
scope.importScripts = (...urls) => urls.forEach(url => vm.runInContext(
  fs.readFileSync(path.join(job.lunr, url.replace("../lunr/", "")), "utf8"), scope));
vm.runInContext(fs.readFileSync(job.worker, "utf8"), scope);
(async () => {
  await listener({data: {type: 0, data: {config: job.config, docs: job.docs, options: {suggest: false}}}});
  const found = [];
  for (const query of job.queries) {
    await listener({data: {type: 2, data: query}});
    found.push(replies.pop().data.items.flat().map(({location, title, text}) => ({location, title, text})));
  }
  process.stdout.write(JSON.stringify(found));
})();
"""
FIELDS = {"title": {"boost": 1000.0}, "text": {"boost": 1.0}, "tags": {"boost": 1000000.0}}
PERSIAN = {"lang": ["en"], "separator": "[\\s\\-]+", "pipeline": [" "], "fields": FIELDS}
"""The Persian locale's search config, as the built site's index holds it (plugin.LANGUAGE_PARTIAL)."""
DOCS = [
    {"location": "cards.html", "title": "کارت\u200cها", "text": "<p>هر بازیکن پنج کارت می\u200cگیرد.</p>"},
    {"location": "trump.html", "title": "حکم",
     "text": "<p>بالاترین حکم تریک را می\u200cبرد؛ سهٔ حکم ۱۰ امتیاز دارد و نتیجه مُعتبر است.</p>"},
    {"location": "play.html", "title": "بازی", "text": "<p>دست اول را بازی کنید.</p>"},
]
SAME = {
    "كارت": "کارت",  # Arabic kaf
    "حكم": "حکم",
    "تريك": "تریک",  # Arabic yeh and kaf
    "بازى": "بازی",  # alef maksura
    "نتيجة": "نتیجه",  # teh marbuta
    "کارتها": "کارت\u200cها",  # without the non-joiner
    "میگیرد": "می\u200cگیرد",
    "حـکم": "حکم",  # tatweel
    "معتبر": "مُعتبر",  # a short vowel inside the word
    "سۀ": "سهٔ",  # heh with yeh above, heh and hamza
    "10": "۱۰",
    "١٠": "۱۰",  # Arabic-Indic digits
    "\ufea3\ufedc\ufee2": "حکم",  # presentation forms, as text copied from a PDF
    "کارت \u200c": "کارت",  # a stray non-joiner beside a space
}
"""A query as a reader may type it, and the word as the page writes it."""


def run_worker(worker: Path, docs: list[dict], queries: list[str], config: dict = PERSIAN) -> dict[str, list[dict]]:
    """Each query's results from Material's `worker`, on an index of `docs`."""
    if NODE is None:
        pytest.fail("Node.js is missing; .ci/run installs it (apt-get install nodejs)")
    job = {"worker": str(worker), "lunr": str(MATERIAL / "lunr"), "config": config, "docs": docs, "queries": queries}
    done = subprocess.run([NODE, "-e", HARNESS], input=json.dumps(job), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return dict(zip(queries, json.loads(done.stdout), strict=True))


def pages(results: list[dict]) -> list[str]:
    return [item["location"] for item in results]


@pytest.fixture(scope="module")
def worker(tmp_path_factory) -> Path:
    """Material's search worker as the build leaves it in a locale."""
    site = tmp_path_factory.mktemp("locale")
    (site / searchindex.WORKERS).mkdir(parents=True)
    pristine = next((MATERIAL / "workers").glob("search.*.min.js"))
    shutil.copy(pristine, site / searchindex.WORKERS / pristine.name)
    searchindex.lighten(site)
    return site / searchindex.WORKERS / pristine.name


@pytest.fixture(scope="module")
def found(worker) -> dict[str, list[dict]]:
    return run_worker(worker, DOCS, [*SAME, *SAME.values(), "می گیرد", "\u200c"])


# --- the build's part, in Python ---------------------------------------------------------------

def test_the_script_is_appended_to_materials_worker_once(tmp_path, caplog):
    (tmp_path / searchindex.WORKERS).mkdir(parents=True)
    worker = tmp_path / searchindex.WORKERS / "search.0123abcd.min.js"
    worker.write_text('(()=>{self.lunr=Y.default;addEventListener("message",f)})();', encoding="utf-8")
    searchindex.lighten(tmp_path)
    patched = worker.read_text(encoding="utf-8")
    assert patched.startswith('(()=>{self.lunr=Y.default;addEventListener("message",f)})();\n(function(lunr){')
    assert "Query.prototype.clause" in patched and "//" not in patched  # minified: no comment reaches readers
    searchindex.lighten(tmp_path)  # `mkdocs serve` may build again over what it wrote
    assert worker.read_text(encoding="utf-8") == patched
    assert not caplog.records


def test_a_worker_that_keeps_lunr_to_itself_is_left_and_reported(tmp_path, caplog):
    (tmp_path / searchindex.WORKERS).mkdir(parents=True)
    worker = tmp_path / searchindex.WORKERS / "search.0123abcd.min.js"
    worker.write_text("(()=>{const lunr=Y.default})();", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        searchindex.lighten(tmp_path)
    assert worker.read_text(encoding="utf-8") == "(()=>{const lunr=Y.default})();"
    assert [r.getMessage() for r in caplog.records] == [
        "tutorial: search.0123abcd.min.js: Material's search worker no longer puts Lunr on `self` as "
        "tutorial_engine/build/searchindex.py expects, so search tells كارت and کارت apart"]


# --- Material's worker, in Node.js ---------------------------------------------------------------

@needs_node
@pytest.mark.slow  # Node.js
@pytest.mark.parametrize("typed", list(SAME))
def test_a_word_typed_either_way_finds_the_same_pages(found, typed):
    written = SAME[typed]
    assert pages(found[written]), written
    assert found[typed] == found[written]


@needs_node
@pytest.mark.slow
def test_without_the_script_materials_search_misses_them(found):
    """The control: Material's worker as it comes finds the pages' own words, as with the script,
    and none of the other forms but the one whose stray non-joiner stands apart."""
    pristine = next((MATERIAL / "workers").glob("search.*.min.js"))
    alone = run_worker(pristine, DOCS, [*SAME, *SAME.values()])
    assert [typed for typed in SAME if pages(alone[typed])] == ["کارت \u200c"]
    assert all(pages(alone[written]) == pages(found[written]) for written in SAME.values())


@needs_node
@pytest.mark.slow
def test_the_results_show_the_pages_own_text(found):
    (item,) = [item for item in found["کارتها"] if item["location"] == "cards.html"]
    assert item["title"] == "<mark>کارت\u200cها</mark>"
    (item,) = [item for item in found["میگیرد"] if item["location"] == "cards.html"]
    assert "<mark>می\u200cگیرد.</mark>" in item["text"]
    (item,) = [item for item in found["معتبر"] if item["location"] == "trump.html"]
    assert "<mark>مُعتبر</mark>" in item["text"]


@needs_node
@pytest.mark.slow
def test_a_word_typed_with_a_space_for_its_non_joiner_finds_its_page(found):
    """Material makes each term a prefix, so می finds می‌گیرد, and the other words with می."""
    assert "cards.html" in pages(found["می گیرد"])


@needs_node
@pytest.mark.slow
def test_a_query_of_invisible_characters_finds_nothing(found):
    """Emptied, it would be a bare wildcard, which finds every page."""
    assert found["\u200c"] == []


@needs_node
@pytest.mark.slow
def test_english_and_russian_search_keep_their_rules(worker):
    """English keeps its stop words, Russian its language plugin, which sets the pipeline afresh,
    and its ё; both gain what the script adds: Persian digits find Western ones, and a soft
    hyphen inside a word is no longer part of it."""
    english = {"lang": ["en"], "separator": "[\\s\\-]+", "pipeline": ["stopWordFilter"], "fields": FIELDS}
    docs = [{"location": "a.html", "title": "Trumps", "text": "<p>The trump takes the trick, 10 points.</p>"},
            {"location": "b.html", "title": "Deal", "text": "<p>Deal five cards each.</p>"}]
    queries = ["trump", "the", "10", "۱۰", "deal"]
    assert {q: pages(r) for q, r in run_worker(worker, docs, queries, english).items()} == {
        "trump": ["a.html"], "the": [], "10": ["a.html"], "۱۰": ["a.html"], "deal": ["b.html"]}
    russian = {**english, "lang": ["ru"]}  # Lunr's Russian, whose plugin sets the pipeline afresh
    docs = [{"location": "a.html", "title": "Козырь", "text": "<p>Ко\u00adзырь бьёт туза и короля.</p>"}]
    results = run_worker(worker, docs, ["козырь", "бьёт", "и"], russian)
    assert {q: pages(r) for q, r in results.items()} == {"козырь": ["a.html"], "бьёт": ["a.html"], "и": []}
    assert "<mark>Ко\u00adзырь</mark>" in results["козырь"][0]["text"]


# --- the built site, in Chromium -----------------------------------------------------------------

BROWSER_PAIRS = [("کارت", "كارت"), ("حکم", "حكم"), ("تریک", "تريك"), ("می\u200cگیرد", "میگیرد")]
"""The issue's words as the pages write them and as an Arabic keyboard or pasted text gives them."""
META = "() => document.querySelector('.md-search-result__meta').textContent.trim()"


def open_search(page, url: str) -> list[str]:
    """Open search on `url`; the list fills with every error of the page and every request that
    leaves the site."""
    site = url.rsplit("/", 2)[0]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: request.url.startswith((site, "data:", "blob:"))
            or errors.append(f"request to {request.url}"))
    page.goto(url, wait_until="load")
    page.locator(".md-search__input").click()
    return errors


def search(page, query: str) -> tuple[str, list[str]]:
    """What search shows for `query`, pasted into the box: its count and the links of its first
    results. The box is emptied first, and the count read once it has changed from the prompt
    to type and from "Initializing search", so they are the query's own."""
    translations = page.evaluate("JSON.parse(document.getElementById('__config').textContent).translations")
    prompt = translations["search.result.placeholder"]
    box = page.locator(".md-search__input")
    box.fill("")
    box.press("End")  # Material reads the box on keyup
    page.wait_for_function(f"prompt => ({META})() === prompt", arg=prompt, timeout=15000)
    box.fill(query)
    box.press("End")
    page.wait_for_function(f"prompt => ({META})() !== prompt", arg=prompt, timeout=15000)
    return page.evaluate(META), page.eval_on_selector_all(".md-search-result__list a", "links => links.map(a => a.href)")


def locale_url(built_site: Path, server: str, code: str, scheme: str) -> str:
    return f"{server}/{code}/index.html" if scheme == "http" else (built_site / code / "index.html").as_uri()


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_persian_search_finds_the_same_pages_however_a_word_is_typed(built_site, server, tabs, scheme):
    page = tabs(viewport={"width": 1280, "height": 800})
    errors = open_search(page, locale_url(built_site, server, "fa", scheme))
    for written, typed in BROWSER_PAIRS:
        found = search(page, written)
        assert found[1], f"{written} finds nothing"
        assert search(page, typed) == found, typed
    search(page, "کارتها")
    marked = page.eval_on_selector_all(".md-search-result__list mark", "marks => marks.map(m => m.textContent)")
    assert any(word.startswith("کارت\u200cها") for word in marked), marked  # the page's word, non-joiner and all
    assert errors == []


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_english_search_still_finds_its_words(built_site, server, tabs, scheme):
    page = tabs(viewport={"width": 1280, "height": 800})
    errors = open_search(page, locale_url(built_site, server, "en", scheme))
    _, links = search(page, "trump")
    assert any(link.endswith("/en/albastini/two-players.html") for link in links), links
    assert errors == []
