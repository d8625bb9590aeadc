"""Whole builds of a small copy of the project (the site pages, no game) whose catalogs are
incomplete, stale or hostile: what readers get, and what `mkdocs build --strict` says."""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from tutorial_engine.i18n.catalogs import catalog_counts
from tutorial_engine.i18n.translator import Translator, catalog_path, is_current

ROOT = Path(__file__).resolve().parent.parent
MKDOCS = Path(sys.executable).parent / "mkdocs"
pytestmark = [pytest.mark.slow,  # every test builds a small site
              pytest.mark.xdist_group("site-translations")]  # on one worker, so that each is built once
NOTICE = "This page is partly translated: some passages are shown in English."
OFFLINE = ("The site works offline, so you can keep a page open at the card table without an "
           "internet connection.")


def small_project(target: Path, locales: list[str]) -> Path:
    """The site pages only (home and credits): a build takes a second or two."""
    target.mkdir(parents=True)
    shutil.copytree(ROOT / "docs", target / "docs")
    shutil.copytree(ROOT / "locales", target / "locales")
    (target / "examples").mkdir()
    shutil.copy(ROOT / "examples" / "site.yml", target / "examples" / "site.yml")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config, count = re.subn(r"locales: \[[^\]]*\]", f"locales: [{', '.join(locales)}]", config)
    assert count == 1
    (target / "mkdocs.yml").write_text(config, encoding="utf-8")
    return target


def build(project: Path, strict: bool) -> subprocess.CompletedProcess:
    env = os.environ | {"SOURCE_DATE_EPOCH": "1767225600", "NO_MKDOCS_2_WARNING": "1"}
    env.pop("TUTORIAL_LOCALE", None)
    return subprocess.run([str(MKDOCS), "build", *(["--strict"] if strict else []), "-d", "site"],
                          cwd=project, env=env, capture_output=True, text=True, timeout=300)


def messages_of_the_project() -> set:
    """(context, msgid, plural msgid or None) of every message the code and content ask for."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    return {(context, message, None) if isinstance(message, str) else (context, message[0], message[1])
            for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map)}


def edit_catalog(project: Path, code: str, edit) -> None:
    path = catalog_path(project / "locales", code)
    with path.open("rb") as po:
        catalog = read_po(po, locale=code)
    edit(catalog)
    with path.open("wb") as po:
        write_po(po, catalog)


def complete(catalog) -> None:
    """Stand-in translations for whatever the shipped catalog lacks, so that only what a test
    breaks on purpose is missing."""
    for context, message, plural in messages_of_the_project():
        entry = catalog.get(message, context)
        if entry is not None and is_current(entry):
            continue
        if entry is None:
            entry = catalog.add(message if plural is None else (message, plural), context=context)
        entry.string = f"‹{message}›" if plural is None else (f"‹{message}›",) * catalog.num_plurals
        entry.flags.discard("fuzzy")


def stale(catalog) -> None:
    """The English paragraph changed after it was translated: the entry is fuzzy now."""
    entry = catalog.get(OFFLINE)
    entry.string = "УСТАРЕВШИЙ ПЕРЕВОД"
    entry.flags.add("fuzzy")


@pytest.fixture(scope="module")
def partly_translated(tmp_path_factory) -> Path:
    project = small_project(tmp_path_factory.mktemp("partly") / "project", ["en", "ru"])
    edit_catalog(project, "ru", lambda catalog: (complete(catalog), stale(catalog)))
    return project


@pytest.fixture(scope="module")
def partly_translated_site(partly_translated) -> tuple[Path, str]:
    result = build(partly_translated, strict=False)
    assert result.returncode == 0, result.stderr
    return partly_translated / "site", result.stderr


def test_a_fuzzy_paragraph_is_shown_in_english_marked_as_english(partly_translated_site):
    site, _ = partly_translated_site
    html = (site / "ru" / "index.html").read_text(encoding="utf-8")
    assert "УСТАРЕВШИЙ" not in html
    assert f'<p><span lang="en">{OFFLINE}</span></p>' in html


def test_the_page_says_it_is_partly_translated_in_its_own_language(partly_translated_site):
    site, _ = partly_translated_site
    html = (site / "ru" / "index.html").read_text(encoding="utf-8")
    notice = Translator.load(ROOT / "locales", "ru").pgettext("notice", NOTICE)
    assert f'<p class="tc-partial" role="note">{notice}</p>' in html
    assert html.index("tc-partial") < html.index(OFFLINE)
    assert "tc-partial" not in (site / "ru" / "credits.html").read_text(encoding="utf-8")


def test_english_never_says_it_is_partly_translated(partly_translated_site):
    site, _ = partly_translated_site
    for page in ("index.html", "credits.html"):
        html = (site / "en" / page).read_text(encoding="utf-8")
        assert "tc-partial" not in html and '<span lang="en"' not in html


def test_the_build_warns_once_per_locale_with_the_count(partly_translated_site):
    _, log = partly_translated_site
    assert re.findall(r"WARNING +- +(.*)", log) == [
        "tutorial: ru: 1 message is untranslated or fuzzy and is shown in English"]


def test_a_strict_build_fails_on_a_partly_translated_locale(partly_translated, tmp_path):
    result = build(partly_translated, strict=True)
    assert result.returncode == 1
    assert "ru: 1 message is untranslated or fuzzy and is shown in English" in result.stderr
    assert "Aborted with 1 warnings in strict mode!" in result.stdout + result.stderr


HOSTILE = {
    ("Sources and credits", None): "Vyanzo [bofya](alert(1))",
    ("Licence", None): "Leseni { onclick=alert(2) }",
    ("The code of the project is published under the MIT licence.", None):
        "Msimbo &lt;img src=x onerror=alert(4)&gt; ![x](x.png)",
    ("Switch to the dark palette", "ui"): '" onmouseover="alert(5)',
}
"""Translations a hostile hand wrote that add no tag (`locale check` lets them through): what
escaping alone must keep from the page."""
REFUSED = {
    ("Sources and credits", None): "<script>alert(1)</script> Vyanzo",
    ("The code of the project is published under the MIT licence.", None):
        "[Bofya hapa](javascript:alert(3)) <img src=x onerror=alert(4)>",
    ("Licence", None): "<!--<script>Leseni",
}
"""Translations that would change a page's markup, whatever escaping does: the build refuses
the catalog (issue 29)."""


def swahili_catalog(project: Path) -> None:
    """A new locale, made the way `pybabel init` makes one; a few messages translated, some of
    them by a hostile hand."""
    from babel.messages.frontend import CommandLineInterface
    CommandLineInterface().run(["pybabel", "-q", "init", "-i", str(project / "locales" / "messages.pot"),
                                "-d", str(project / "locales"), "-l", "sw"])

    def translate(catalog):
        catalog.get("Card game tutorials").string = "Mafunzo ya michezo ya karata"
        for (message, context), text in HOSTILE.items():
            catalog.get(message, context).string = text
    edit_catalog(project, "sw", translate)


@pytest.fixture(scope="module")
def swahili(tmp_path_factory) -> tuple[Path, str]:
    project = small_project(tmp_path_factory.mktemp("swahili") / "project", ["en", "sw"])
    swahili_catalog(project)
    result = build(project, strict=False)
    assert result.returncode == 0, result.stderr
    return project / "site", result.stderr


def test_a_locale_material_does_not_know_builds_with_its_own_lang(swahili):
    site, log = swahili
    html = (site / "sw" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="sw" class="no-js">' in html and '<body dir="ltr"' in html
    assert '<h1 id="top">Mafunzo ya michezo ya karata' in html
    assert 'placeholder="Search"' in html  # Material's own words: English
    assert re.search(r"tutorial: sw: \d+ messages are untranslated or fuzzy", log)


def test_its_search_splits_plain_words(swahili):
    site, _ = swahili
    script = (site / "sw" / "search" / "search_index.js").read_text(encoding="utf-8")
    index = json.loads(script.removeprefix("var __index = ").rstrip().rstrip(";"))
    assert {key: index["config"][key] for key in ("lang", "separator", "pipeline")} == {
        "lang": ["en"], "separator": r"[\s\-]+", "pipeline": [" "]}
    assert "Mafunzo ya michezo ya karata" in {doc["title"] for doc in index["docs"]}


class Page(HTMLParser):
    """What a browser would run: event attributes, javascript: addresses, scripts' code."""

    def __init__(self, html: str):
        super().__init__()
        self.live: list[str] = []
        self.in_script = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.in_script = tag == "script"
        for name, value in attrs:
            value = (value or "").strip()
            if name.startswith("on") or "alert(" in value and name in ("href", "src", "action", "data") \
                    or value.lower().startswith("javascript:") and value != "javascript:void(0)":
                self.live.append(f"<{tag} {name}={value}>")
        if tag == "img" and ("src", "x") in attrs:
            self.live.append("<img src=x>")

    def handle_endtag(self, tag):
        self.in_script = False

    def handle_data(self, data):
        if self.in_script and "alert" in data:
            self.live.append(f"<script>{data}")


@pytest.mark.parametrize("page", ["index.html", "credits.html"])
def test_a_hostile_catalog_puts_no_live_html_on_the_page(swahili, page):
    site, _ = swahili
    html = (site / "sw" / page).read_text(encoding="utf-8")
    assert Page(html).live == []
    if page == "credits.html":  # each as the characters it is
        assert "Vyanzo &#91;bofya&#93;(alert(1))" in html and "Leseni &#123; onclick=alert(2) &#125;" in html
        assert "Msimbo &amp;lt;img src=x onerror=alert(4)&amp;gt; !&#91;x&#93;(x.png)" in html


def test_a_catalog_that_would_change_a_pages_markup_fails_the_build(tmp_path):
    project = small_project(tmp_path / "project", ["en", "sw"])
    swahili_catalog(project)

    def hostile(catalog):
        for (message, context), text in REFUSED.items():
            catalog.get(message, context).string = text
    edit_catalog(project, "sw", hostile)
    text = catalog_path(project / "locales", "sw").read_text(encoding="utf-8").splitlines()
    line = {msgstr: text.index(f"msgstr {json.dumps(msgstr, ensure_ascii=False)}") + 1 for msgstr in REFUSED.values()}
    result = build(project, strict=False)
    assert result.returncode == 1
    where = "locales/sw/LC_MESSAGES/messages.po"
    script, img, comment = REFUSED.values()
    found = [row.removeprefix("ERROR   -  ") for row in result.stderr.splitlines() if where in row]
    assert found == sorted([  # in the catalog's order, each problem at its msgstr
        f"{where}:{line[script]}: error: msgstr: <script> in a translation",
        f"{where}:{line[comment]}: error: msgstr: <script> in a translation",
        f"{where}:{line[comment]}: error: msgstr: <!-- (an HTML comment) in a translation",
        f"{where}:{line[img]}: error: msgstr: javascript: link in a translation",
        f"{where}:{line[img]}: error: msgstr: <img> is not in the English",
        f"{where}:{line[img]}: error: msgstr: event attribute onerror= in <img>",
    ], key=lambda row: int(row.split(":")[1]))
    assert "A translation may not change a page's markup" in result.stderr
    assert "Traceback" not in result.stderr and not (project / "site").exists()


def stats_row(html: str, code: str) -> list[str]:
    row = re.search(rf'<tr><th scope="row"><span lang="{code}" dir="\w+">[^<]+</span></th>(.*?)</tr>', html)
    assert row, f"no row for {code}"
    return re.findall(r"<td>([^<]*)</td>", row[1])


def test_the_translators_page_counts_each_catalog(partly_translated, partly_translated_site):
    site, _ = partly_translated_site
    counts = catalog_counts(catalog_path(partly_translated / "locales", "ru"), "ru")
    assert counts.fuzzy == 1 and counts.untranslated == 0
    for code in ("en", "ru"):
        html = (site / code / "translators.html").read_text(encoding="utf-8")
        tenths = math.floor(1000 * counts.translated / (counts.translated + 1))   # rounded down, as shown
        shown = f"{tenths // 10}.{tenths % 10}%" if code == "en" else f"{tenths // 10},{tenths % 10}\xa0%"
        assert stats_row(html, "ru") == [str(counts.translated), "1", "0", shown]
        assert "tc-partial" not in html and '<span lang="en"' not in html
    html = (site / "ru" / "translators.html").read_text(encoding="utf-8")
    assert f'<h1 id="top">{Translator.load(ROOT / "locales", "ru").pgettext("translators", "Translations")}' in html


def test_the_translators_page_is_in_the_nav_of_every_locale(swahili):
    site, _ = swahili
    for code in ("en", "sw"):
        html = (site / code / "index.html").read_text(encoding="utf-8")
        assert re.search(r'<a href="translators\.html" class="md-nav__link">\s*<span class="md-ellipsis">\s*'
                         r'Translations', html), code


def test_the_translators_page_lists_a_new_locale_and_says_what_it_lacks(swahili):
    site, _ = swahili
    html = (site / "sw" / "translators.html").read_text(encoding="utf-8")
    assert '<h1 id="top"><span lang="en">Translations</span>' in html
    assert '<p class="tc-partial" role="note">' in html
    translated, fuzzy, untranslated, percent = stats_row(html, "sw")
    assert (translated, fuzzy) == (str(1 + len(HOSTILE)), "0")
    assert int(untranslated) > 100 and percent.startswith(("0.", "1.", "2."))
    assert '<span lang="sw" dir="ltr">Kiswahili</span>' in html


def test_a_changed_english_paragraph_turns_fuzzy_and_the_page_shows_it_in_english(tmp_path):
    """The translator's loop end to end: English changes, `locale update` marks the old
    translation fuzzy, and the built page shows the new English, marked as English."""
    project = small_project(tmp_path / "project", ["en", "ru"])
    shutil.copy(ROOT / "babel.cfg", project / "babel.cfg")
    shutil.copytree(ROOT / "tutorial_engine", project / "tutorial_engine",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "examples", project / "examples", dirs_exist_ok=True)
    changed = OFFLINE.replace("at the card table", "on the kitchen table")
    content = project / "examples" / "site.yml"
    content.write_text(content.read_text(encoding="utf-8").replace(OFFLINE, changed), encoding="utf-8")
    tool = Path(sys.executable).parent / "tutorial-engine"
    update = subprocess.run([str(tool), "locale", "update"], cwd=project, capture_output=True, text=True,
                            timeout=120)
    assert update.returncode == 0, update.stderr
    with catalog_path(project / "locales", "ru").open("rb") as po:
        entry = read_po(po, locale="ru").get(changed)
    assert entry is not None and "fuzzy" in entry.flags and entry.string
    result = build(project, strict=False)
    assert result.returncode == 0, result.stderr
    html = (project / "site" / "ru" / "index.html").read_text(encoding="utf-8")
    assert f'<p><span lang="en">{changed}</span></p>' in html
    assert entry.string not in html
    assert 'class="tc-partial"' in html


HOSTILE_TEXT = ("<script>alert(11)</script> <img src=x onerror=alert(12)> [go](javascript:alert(13)) "
                "{: onclick=alert(14) } <a href=\"javascript:alert(15)\">x</a>")


@pytest.fixture(scope="module")
def hostile_content(tmp_path_factory) -> Path:
    """Briscola, its page title, a paragraph, a section title, an example's and a drill's title
    written by a hostile hand; built in English, where the text is shown as written."""
    project = small_project(tmp_path_factory.mktemp("hostile") / "project", ["en"])
    game = project / "examples" / "briscola"
    shutil.copytree(ROOT / "examples" / "briscola", game)

    def edit(name: str, change) -> None:
        data = yaml.safe_load((game / name).read_text(encoding="utf-8"))
        change(data)
        (game / name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")

    def pages(data):
        rules = data["pages"][0]
        rules["title"] = "Rules " + HOSTILE_TEXT
        rules["intro"][0] = HOSTILE_TEXT
        rules["sections"][0]["title"] = "Deck " + HOSTILE_TEXT
    edit("pages.yml", pages)
    edit("examples/tricks.yml", lambda data: data["examples"][0].update(title="Trick " + HOSTILE_TEXT))
    edit("drills.yml", lambda data: data["drills"][0].update(title="Drill " + HOSTILE_TEXT))
    result = build(project, strict=False)
    assert result.returncode == 0, result.stderr
    return project / "site" / "en"


@pytest.mark.parametrize("page", ["briscola/rules.html", "briscola/practice.html", "briscola/practice.print.html",
                                  "index.html"])
def test_hostile_yaml_puts_no_live_html_on_any_page(hostile_content, page):
    """Issue 9: script tags, event attributes, javascript: links, Markdown links and attribute
    lists in content reach the reader as text, in titles, paragraphs, captions, drills and nav."""
    html = (hostile_content / page).read_text(encoding="utf-8")
    assert Page(html).live == []
    assert "&lt;script&gt;alert(11)&lt;/script&gt;" in html


def test_hostile_yaml_is_shown_as_the_characters_it_is(hostile_content):
    html = (hostile_content / "briscola" / "rules.html").read_text(encoding="utf-8")
    body = html[html.index('<h1 id="top">'):]
    for text in ("onerror=alert(12)", "javascript:alert(13)", "onclick=alert(14)"):
        assert text in body
    assert body.count("&lt;script&gt;alert(11)&lt;/script&gt;") >= 4  # title, paragraph, section, example
    scripts = (hostile_content / "briscola" / "drills").glob("*.js")
    assert all("<script>" not in path.read_text(encoding="utf-8") for path in scripts)


def untranslate(catalog, *words: str) -> None:
    """Material's `words` (msgctxt "theme") left without a translation."""
    for word in words:
        catalog.get(word, "theme").string = ""


@pytest.fixture(scope="module")
def theme_words_missing(tmp_path_factory) -> Path:
    project = small_project(tmp_path_factory.mktemp("theme") / "project", ["en", "ru", "sw"])
    for code in ("ru", "sw"):
        edit_catalog(project, code, lambda catalog: untranslate(catalog, "Skip to content", "Search"))
    result = build(project, strict=False)
    assert result.returncode == 0, result.stderr
    return project / "site"


def test_materials_words_come_from_the_catalog(theme_words_missing):
    """Issue 16: Material's words are the catalog's, in every locale; "Table of contents" is
    translated in both catalogs here."""
    for code in ("ru", "sw"):
        html = (theme_words_missing / code / "credits.html").read_text(encoding="utf-8")
        contents = Translator.load(ROOT / "locales", code).pgettext("theme", "Table of contents")
        assert contents != "Table of contents" and contents in html


def test_a_word_missing_from_the_catalog_is_materials_own_or_marked_english(theme_words_missing):
    """Russian falls back on Material's own Russian; Swahili, which Material does not know, on
    English, marked lang="en" where it is text (an attribute cannot carry a language)."""
    ru = (theme_words_missing / "ru" / "credits.html").read_text(encoding="utf-8")
    assert re.search(r'class="md-skip">\s*Перейти к содержанию\s*</a>', ru)
    assert 'lang="en" dir="ltr">Skip to content' not in ru
    sw = (theme_words_missing / "sw" / "credits.html").read_text(encoding="utf-8")
    assert re.search(r'class="md-skip">\s*<span lang="en" dir="ltr">Skip to content</span>\s*</a>', sw)
    assert 'placeholder="Search"' in sw
