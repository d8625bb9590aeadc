"""What the site's pages above the locales and its diagrams say to assistive technology, without a
build or a browser (issue 33, items 7 to 10): the root's 404.html in every language, each entry
in its own words and direction, and a diagram's landmark named by its figure's caption.
tests/test_site_a11y_browser.py holds the same pages in a real browser."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from drawn import check

from tutorial_engine.i18n.theme import not_found_heading
from tutorial_engine.i18n.translator import CurrentMessages, Translator
from tutorial_engine.render.chooser import not_found_language, write_not_found
from tutorial_engine.render.page import Renderer

PROJECT = Path(__file__).resolve().parent.parent
LOCALES = ["en", "ru", "fa"]
HOME = ("not found", "Go to the home page")


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text of each element that holds only text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.texts: list[tuple[str, str]] = []
        self.open: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs) -> None:
        self.tags.append((tag, dict(attrs)))
        self.open.append(tag)

    def handle_endtag(self, tag) -> None:
        if self.open and self.open[-1] == tag:
            self.open.pop()

    def handle_data(self, data) -> None:
        if self.open and data.strip():
            self.texts.append((self.open[-1], data.strip()))


def messages(texts: dict[tuple[str | None, str], str]) -> CurrentMessages:
    return CurrentMessages(texts, "(n != 1)")


def test_an_entry_is_in_its_own_words_and_falls_back_to_the_languages_name():
    english = not_found_language(Translator("en"))
    assert english == {"code": "en", "name": "English", "dir": "ltr", "heading": "404: page not found",
                       "link": "Go to the home page"}
    # A catalog that translates neither: no English heading repeated, and the link says which
    # language it opens by that language's own name.
    bare = not_found_language(Translator.current("fa", messages({})))
    assert bare == {"code": "fa", "name": "فارسی", "dir": "rtl", "heading": None, "link": "فارسی"}
    whole = not_found_language(Translator.current("ru", messages({
        ("theme", "{code}: page not found"): "{code}: страница не найдена", HOME: "На главную страницу"})))
    assert whole == {"code": "ru", "name": "Русский", "dir": "ltr", "heading": "404: страница не найдена",
                     "link": "На главную страницу"}


def test_the_root_404_page_lists_every_language_in_its_own_words(tmp_path):
    catalogs = {code: messages({("theme", "{code}: page not found"): f"{{code}}: {code}-missing", HOME: f"{code}-home"})
                for code in LOCALES[1:]}
    write_not_found(tmp_path, LOCALES, catalogs)
    html = (tmp_path / "404.html").read_text(encoding="utf-8")
    page = Tags(html)
    assert page.tags[0] == ("html", {"lang": "mul"})
    assert ("base", {"href": "/"}) in page.tags
    # Each heading in its language's digits: Persian writes 404 as ۴۰۴.
    assert dict(page.texts)["title"] == "404: page not found · 404: ru-missing · ۴۰۴: fa-missing"
    assert [tag for tag, _ in page.tags].count("main") == 1
    entries = [attrs for tag, attrs in page.tags if tag == "div"]
    assert [(e["lang"], e["dir"], e["data-code"]) for e in entries] == [
        ("en", "ltr", "en"), ("ru", "ltr", "ru"), ("fa", "rtl", "fa")]
    links = [attrs for tag, attrs in page.tags if tag == "a"]
    assert [(a["href"], a["hreflang"]) for a in links] == [(f"{code}/index.html", code) for code in LOCALES]
    headings = [(tag, text) for tag, text in page.texts if tag in ("h1", "h2")]
    assert headings == [("h1", "404: page not found"), ("h2", "404: ru-missing"), ("h2", "۴۰۴: fa-missing")]
    assert [text for tag, text in page.texts if tag == "a"] == ["Go to the home page", "ru-home", "fa-home"]
    # Nothing loads from anywhere: no file beside it, no other host, whatever the depth.
    assert not re.search(r'\b(src|href)="(https?:|//|\.\./)', html)
    assert [attrs for tag, attrs in page.tags if tag in ("link", "img") or "src" in attrs] == [
        {"rel": "icon", "href": "data:,"}]  # nothing to fetch, not even /favicon.ico
    codes = re.search(r"var codes = (\[[^\]]*\]);", html)
    assert codes is not None and json.loads(codes[1]) == LOCALES


def test_the_root_404_page_leaves_out_a_heading_not_yet_translated(tmp_path):
    write_not_found(tmp_path, ["en", "sw"], {"sw": messages({})})
    page = Tags((tmp_path / "404.html").read_text(encoding="utf-8"))
    assert dict(page.texts)["title"] == "404: page not found"
    assert [(tag, text) for tag, text in page.texts if tag in ("h1", "h2", "a")] == [
        ("h1", "404: page not found"), ("a", "Go to the home page"), ("a", "Kiswahili")]


def test_the_bundled_catalogs_have_the_404_heading():
    """The root page shows each shipped language's heading: none falls back."""
    for code in ("ru", "fr", "es", "fa", "sw"):
        tr = Translator.load(PROJECT / "locales", code)
        assert not_found_language(tr)["heading"] == not_found_heading(tr) != not_found_heading(Translator())


PAGE = """\
game: altbaumer
pages:
  - id: rules
    title: Rules
    sections:
      - id: one
        title: One
        blocks:
          - text: Holding a heart, you must play it.
            claims:
              - {kind: legal, show: true, title: A heart is led, trump: ♠, trick: [K♥], hand: [9♥, A♠], expect: {legal: [9♥]}}
              - {kind: legal, show: true, title: A diamond is led, trump: ♠, trick: [K♦], hand: [9♦, A♠], expect: {legal: [9♦]}}
              - {kind: legal, show: true, trump: ♠, trick: [K♣], hand: [9♣, A♠], expect: {legal: [9♣]}}
"""


def test_a_diagrams_landmark_is_named_by_its_caption(tmp_path):
    path = tmp_path / "pages.yml"
    path.write_text(PAGE, encoding="utf-8")
    report = check(PROJECT, [path])
    assert not report.problems
    (rules,) = report.pages
    for code in ("en", "fa"):
        tr = Translator.load(PROJECT / "locales", code)
        markdown = Renderer(tr).page(rules, [rules], {}).markdown
        figures = re.findall(r'<figcaption>([^<]*)</figcaption>.*?<div class="tc-scroll" role="region" aria-label="([^"]*)"',
                             markdown, re.S)
        # A diagram with a title is named by it; one without says what kind of picture it is.
        assert figures == [("A heart is led", "A heart is led"), ("A diamond is led", "A diamond is led"),
                           ("", tr.pgettext("diagram", "The trick so far and the hand"))], code
