"""How the site treats incomplete or hostile translations, without building a site: a catalog
written here, loaded by Translator and rendered through the real Renderer and Python-Markdown."""

from __future__ import annotations

import io
from gettext import GNUTranslations
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import markdown
import pytest
import yaml
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from tutorial_engine.build.plugin import chrome
from tutorial_engine.content.pages import BulletList, FaqQuestion, Page, Paragraph, Section
from tutorial_engine.engine.cards import Card
from tutorial_engine.i18n.cardnames import card_name, inline
from tutorial_engine.i18n.catalogs import Counts, ReadCatalog, count, read_catalog
from tutorial_engine.i18n.translator import English, Translator, catalog_path
from tutorial_engine.problems import Location
from tutorial_engine.render.page import Renderer

ROOT = Path(__file__).resolve().parent.parent
HERE = Location("examples/site.yml", 1)
NOTICE = "This page is partly translated: some passages are shown in English."


def write_catalog(locales: Path, code: str, entries: list[dict]) -> Path:
    """A catalog for `code` with the given entries (keyword arguments of Catalog.add)."""
    catalog = Catalog(locale=code, domain="messages")
    for entry in entries:
        catalog.add(**entry)
    path = catalog_path(locales, code)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        write_po(po, catalog)
    return path


@pytest.mark.parametrize("code", ["ru", "fr", "es", "fa", "sw"])
def test_the_translator_reads_each_catalog_as_gettext_reads_it_compiled(code):
    """Translator looks messages up in the .po file as read, not compiled: every message, in
    every plural form for counts 0 to 30, reads as GNU gettext reads it from the .mo file
    msgfmt would make of the current entries."""
    with catalog_path(ROOT / "locales", code).open("rb") as po:
        catalog = read_po(po, locale=code)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    compiled, tr = GNUTranslations(buffer), Translator.load(ROOT / "locales", code)
    plurals = 0
    for m in (m for m in catalog if m.id):
        if isinstance(m.id, str):
            assert tr.catalog.pgettext(m.context, m.id) == (compiled.pgettext(m.context, m.id) if m.context
                                                            else compiled.gettext(m.id))
            continue
        plurals += 1
        for n in range(31):
            expected = (compiled.npgettext(m.context, *m.id, n) if m.context else compiled.ngettext(*m.id, n))
            assert tr.catalog.npgettext(m.context, *m.id, n) == expected, (m.id, n)
    assert plurals > 10


@pytest.fixture
def russian(tmp_path) -> Translator:
    write_catalog(tmp_path, "ru", [
        {"id": "Fresh", "string": "Свежий"},
        {"id": "Stale", "string": "Устаревший", "flags": ["fuzzy"]},
        {"id": "Untranslated", "string": ""},
        {"id": "Trump", "string": "Козырь", "context": "diagram"},
        {"id": ("{n} point", "{n} points"), "string": ("{n} очко", "{n} очка", "{n} очков"), "context": "diagram"},
        {"id": ("{n} card", "{n} cards"), "string": ("{n} карта", "", "{n} карт")},
        {"id": ("{n} trick", "{n} tricks"), "string": ("{n} взятка", "{n} взятки", "{n} взяток"),
         "flags": ["fuzzy"]},
    ])
    return Translator.load(tmp_path, "ru")


def test_only_current_translations_are_shown_the_rest_in_english(russian):
    assert russian.gettext("Fresh") == "Свежий"
    assert russian.gettext("Stale") == "Stale"
    assert russian.gettext("Untranslated") == "Untranslated"
    assert russian.pgettext("diagram", "Trump") == "Козырь"
    assert russian.npgettext("diagram", "{n} point", "{n} points", 5) == "5 очков"
    # A plural entry with a form left empty, or a fuzzy one, is English in every form.
    assert [russian.ngettext("{n} card", "{n} cards", n) for n in (1, 2, 5)] == ["1 card", "2 cards", "5 cards"]
    assert russian.ngettext("{n} trick", "{n} tricks", 2) == "2 tricks"
    assert russian.gettext("Not in the catalog at all") == "Not in the catalog at all"
    assert russian.pgettext("diagram", "{n} point") == "{n} point"  # a plural entry asked for one form


def test_the_translator_keeps_account_of_what_it_showed_in_english(russian):
    assert not isinstance(russian.gettext("Fresh"), English)
    assert isinstance(russian.gettext("Stale"), English)
    with russian.recording() as page:
        russian.gettext("Fresh")
        russian.gettext("Untranslated")
        russian.ngettext("{n} card", "{n} cards", 3)
        russian.pgettext("diagram", "Trump")
        russian.pgettext("other context", "Trump")
    assert page == {(None, "Untranslated"), (None, "{n} card"), ("other context", "Trump")}
    assert russian.missing == page | {(None, "Stale")}


def test_a_catalog_is_counted_against_the_template_as_the_site_shows_it(tmp_path, russian):
    """catalogs.count, the count of `locale stats`, of the build and of the translators' page:
    what the site shows in English (fuzzy, empty, a plural form left empty) is not translated,
    a message of the template that the catalog lacks is untranslated, and a message that only
    the catalog has is not counted."""
    read = read_catalog(catalog_path(tmp_path, "ru"), "ru")
    assert read.keys == {(None, "Fresh"), (None, "Stale"), (None, "Untranslated"), ("diagram", "Trump"),
                         ("diagram", "{n} point"), (None, "{n} card"), (None, "{n} trick")}
    assert count(read, read.keys) == Counts(translated=3, fuzzy=2, untranslated=2)
    template = {(None, "Fresh"), (None, "Stale"), (None, "{n} card"), (None, "Not in the catalog at all")}
    assert count(read, template) == Counts(translated=1, fuzzy=1, untranslated=2)
    assert {key for key in template if key not in read.messages.texts} == {
        (context, message) for context, message in template if russian.gettext(message) == message}
    assert ReadCatalog.from_json(read.to_json()) == read  # kept between builds with its states


def test_english_and_a_translator_without_catalog_keep_no_account():
    for tr in (Translator.load(ROOT / "locales", "en"), Translator("ru")):
        assert not isinstance(tr.gettext("Anything"), English)
        assert tr.missing == set()


def test_a_cached_card_name_reports_its_english_on_every_page(tmp_path):
    write_catalog(tmp_path, "ru", [{"id": "ace", "string": "туз", "context": "rank"}])
    tr = Translator.load(tmp_path, "ru")
    ace = Card.parse("A♥")
    for _ in range(2):
        with tr.recording() as page:
            assert card_name(ace, tr) == "туз of hearts"
        assert page == {("card", "{rank} of hearts")}


def render(tr: Translator, page: Page, pages: list[Page] | None = None, games: dict | None = None) -> str:
    """The page as Material would get it: our Markdown through Python-Markdown, with the
    extensions of mkdocs.yml."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    extensions = [e if isinstance(e, str) else next(iter(e)) for e in config["markdown_extensions"]]
    return markdown.markdown(Renderer(tr).page(page, pages or [page], games or {}).markdown, extensions=extensions)


def page_of(*paragraphs: str, title="A title", section="A section", question="A question") -> Page:
    return Page(id="credits", game=None, title=title, summary=None,
                intro=tuple(Paragraph(text, HERE) for text in paragraphs),
                sections=(Section("one", section, (BulletList(paragraphs, HERE),)),),
                faq=(FaqQuestion("q", question, (Paragraph(paragraphs[0], HERE),)),), location=HERE)


def test_a_paragraph_in_english_is_marked_and_the_page_says_it_is_partly_translated(tmp_path):
    write_catalog(tmp_path, "fr", [
        {"id": "A title", "string": "Un titre"},
        {"id": "A section", "string": "Une section"},
        {"id": "A question", "string": "Une question"},
        {"id": "Translated.", "string": "Traduit."},
        {"id": "Changed in English.", "string": "Vieille traduction.", "flags": ["fuzzy"]},
        {"id": NOTICE, "string": "Cette page est en partie traduite.", "context": "notice"},
    ])
    html = render(Translator.load(tmp_path, "fr"), page_of("Translated.", "Changed in English."))
    assert "Vieille traduction" not in html
    assert "<p>Traduit.</p>" in html
    assert '<p><span lang="en">Changed in English.</span></p>' in html
    assert '<li><span lang="en">Changed in English.</span></li>' in html
    assert '<p class="tc-partial" role="note">Cette page est en partie traduite.</p>' in html
    assert html.index("tc-partial") < html.index("Traduit.")


def test_a_page_in_english_on_a_right_to_left_page_is_also_left_to_right(tmp_path):
    write_catalog(tmp_path, "fa", [{"id": "A title", "string": "عنوان"}])
    html = render(Translator.load(tmp_path, "fa"), page_of("Untranslated."))
    assert '<h1 id="top">عنوان' in html
    assert '<h2 id="one">۰۱ · <span lang="en" dir="ltr">A section</span>' in html
    assert '<p><span lang="en" dir="ltr">Untranslated.</span></p>' in html
    # The notice itself may still be untranslated: then it too is marked.
    assert '<p class="tc-partial" role="note"><span lang="en" dir="ltr">' in html


def test_a_complete_page_and_english_have_no_notice(tmp_path):
    write_catalog(tmp_path, "fr", [{"id": text, "string": f"fr {text}"} for text in
                                   ("A title", "A section", "A question", "Translated.")]
                  + [{"id": "Questions and answers", "string": "Questions", "context": "heading"}])
    for tr in (Translator.load(tmp_path, "fr"), Translator.load(ROOT / "locales", "en")):
        html = render(tr, page_of("Translated."))
        assert "tc-partial" not in html and 'lang="en"' not in html
        assert tr.missing == set()


class Live(HTMLParser):
    """Everything in a page that a browser would run or load."""

    def __init__(self, html: str):
        super().__init__()
        self.found: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag == "a" and attrs == [("href", "game/rules.md")]:
            return  # the one link the home page itself makes
        if tag in ("script", "img", "iframe", "object", "embed", "svg", "style", "a", "form", "link"):
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on") or name in ("href", "src", "action", "formaction", "data", "poster"):
                self.found.append(f"{tag} {name}={value}")


HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[click here](javascript:alert(1))",
    "![a picture](https://example.com/x.png)",
    "<javascript:alert(1)>",
    'Plain words {: onclick="alert(1)" }',
    "Plain words { #top onclick=alert(1) }",
    "A line\n\n<script>alert(2)</script>\n\n[x]: javascript:alert(3)",
    "x](javascript:alert(1)) [y",
]


@pytest.mark.parametrize("hostile", HOSTILE)
def test_markup_or_script_in_a_catalog_is_shown_as_text(tmp_path, hostile):
    """Every place a catalog's text reaches the Markdown of a page: title, headings, paragraphs,
    list items, FAQ questions, the link list of the home page."""
    write_catalog(tmp_path, "fr", [{"id": text, "string": hostile} for text in
                                   ("A title", "A section", "A question", "Translated.")]
                  + [{"id": "A title", "string": hostile, "context": "game"}])
    tr = Translator.load(tmp_path, "fr")
    page = page_of("Translated.")
    game = SimpleNamespace(id="game", name="A title", deck=(), total_points=0, hand_size=0)
    home = Page("home", None, "A title", None, (), (), (), HERE)
    linked = Page("rules", game, "A title", "Translated.", (), (), (), HERE)
    html = render(tr, page) + render(tr, home, [home, linked], {"game": game})
    assert 'href="game/rules.md"' in html
    assert Live(html).found == []
    if "<script>" in hostile:
        assert "&lt;script&gt;alert(" in html
    if "javascript:" in hostile:
        assert "javascript:alert(" in html  # shown, as text


def test_markup_in_a_card_code_sentence_is_text_too():
    html = markdown.markdown(str(inline("[Q♣](javascript:alert(1)) <b onclick=x>", Translator())))
    assert Live(html).found == []
    assert 'aria-label="the queen of clubs"' in html


@pytest.mark.parametrize("hostile", HOSTILE + ['" onmouseover="alert(1)', "&lt;/title&gt;&lt;script&gt;"])
def test_titles_for_materials_own_templates_carry_no_markup(hostile):
    """Material prints nav titles, the site name and the palette label as HTML: raw, inside
    attributes, or through striptags (which unescapes once)."""
    from markupsafe import Markup
    text = chrome(hostile)
    for html in (f"<nav>{text}</nav>", f'<label title="{text}">', f"<title>{Markup(text).striptags()}</title>"):
        assert Live(html).found == [] and "<script" not in html.lower()
    assert chrome("Albastini for two players") == "Albastini for two players"
