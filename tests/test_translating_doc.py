"""TRANSLATING.md stays true to the catalogs and the tools: its glossary (from
locales/glossary.yml), its Plural-Forms headers, the games it covers and the workflow it
describes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from test_catalogs import catalog, template

from tutorial_engine.content.glossary import Concept, avoided, load, markdown, path_of
from tutorial_engine.i18n.wording import prose

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "TRANSLATING.md"
LOCALES = ["ru", "fr", "es", "fa", "sw"]
HEADER_LINE = re.compile(r"^(?P<code>[a-z]{2}(?:_[A-Z]{2})?)\s+Plural-Forms:\s*(?P<header>.+?)\s*$",
                         re.MULTILINE)


def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text under `## title`, up to the next second-level heading."""
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", guide(), re.MULTILINE | re.DOTALL)
    assert match, f"TRANSLATING.md has no '## {title}' section"
    return match[1]


def glossary() -> list[Concept]:
    concepts, problems = load(path_of(ROOT / "locales"), "locales/glossary.yml")
    assert not problems, "\n".join(problems.report())
    return concepts


def words(cell: str) -> list[str]:
    """The words of a glossary cell: `a / b` is two words."""
    return [w.strip() for w in cell.split(" / ") if w.strip()]


def texts(messages, attribute: str) -> str:
    """Every msgstr (or msgid) of a catalog, plural forms included, fuzzy entries left out."""
    found = []
    for message in messages:
        if not message.id or message.fuzzy:
            continue
        value = getattr(message, attribute)
        found.extend(value if isinstance(value, (tuple, list)) else [value])
    return "\n".join(found).casefold()


def intro() -> str:
    """What the guide says before its first section: whom it is for."""
    return guide().split("\n## ", 1)[0]


def test_the_guide_is_for_every_game():
    """Not for the first two games alone: it says "every game" rather than a list that goes stale."""
    assert "every game" in intro()
    assert "Albastini and Altbaumer tutorials" not in intro()
    assert "both games" not in section("The files")


def test_the_guide_tells_how_to_start_a_new_language_s_glossary():
    text = section("Starting a new language's glossary")
    assert "`locales/glossary.yml`" in text
    for field in ("`word`", "`source`", "`why`", "`avoid`"):
        assert field in text, field
    assert "tutorial-engine locale glossary --write" in text and "tutorial-engine locale check LANG" in text


def test_the_guide_s_glossary_example_is_a_glossary_entry(tmp_path):
    """The YAML the section shows, with its language, loads without a problem."""
    text = section("Starting a new language's glossary")
    example = re.search(r"```yaml\n(.*?)```", text, re.DOTALL)
    assert example
    path = tmp_path / "glossary.yml"
    path.write_text("terms:\n" + example[1], encoding="utf-8")
    concepts, problems = load(path, "glossary.yml")
    assert not problems, "\n".join(problems.report())
    assert [sorted(concept.words) for concept in concepts] == [["de"]]


def test_the_guide_describes_update_as_it_merges():
    """No more obsolete entries, and suggestions only for changed running text."""
    text = section("The workflow")
    assert "becomes **obsolete**" not in text and "You may delete them or leave them there" not in text
    assert "No obsolete (`#~`) entry is kept" in text
    assert "--no-fuzzy-matching --ignore-obsolete" in text


def test_the_draft_build_is_documented_where_a_translator_and_an_instructor_look():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    authoring = (ROOT / "AUTHORING.md").read_text(encoding="utf-8")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^draft: .*\n(?:\t.*\n)*\tTUTORIAL_DRAFT=1 \$\(VENV\)/bin/mkdocs build --strict$", makefile, re.M)
    for text in (readme, section("What the site does with unfinished work"), authoring):
        assert "make draft" in text and "TUTORIAL_DRAFT=1" in text
        assert "draft: true" in text


def test_the_readme_links_the_guide():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    translating = re.search(r"^## Translating\n(.*?)(?=^## |\Z)", readme, re.MULTILINE | re.DOTALL)
    assert translating and "(TRANSLATING.md)" in translating[1]


def test_the_guide_shows_the_glossary_as_glossary_yml_says():
    """`tutorial-engine locale glossary --write` writes the tables; nobody edits them by hand."""
    assert markdown(glossary()) in guide()


def test_the_glossary_covers_every_locale_and_the_agreed_terms():
    concepts = glossary()
    terms = {concept.term for concept in concepts}
    for term in ("trick", "trump", "trump indicator", "forecast", "stock", "tree", "round", "match"):
        assert term in terms
    for concept in concepts:
        assert sorted(concept.words) == sorted(LOCALES), concept.term


def test_every_english_glossary_term_is_in_the_template():
    english = texts(template(), "id")
    assert [c.term for c in glossary() if c.term.casefold() not in english] == []


@pytest.mark.parametrize("code", LOCALES)
def test_every_glossary_word_is_used_in_the_catalog(code):
    translated = texts(catalog(code), "string")
    missing = [(c.term, w) for c in glossary() for w in words(c.words[code].word) if w.casefold() not in translated]
    assert missing == []


@pytest.mark.parametrize("code", LOCALES)
def test_no_catalog_uses_a_word_its_glossary_sets_aside(code):
    """In prose: a YAML value quoted in backticks (`makers`) is code a reader types in English."""
    translated = prose(texts(catalog(code), "string"))
    assert [(pattern.pattern, match) for pattern, _ in avoided(glossary(), code)
            for match in pattern.findall(translated)] == []


def test_the_guide_quotes_a_plural_header_for_every_locale():
    quoted = [m["code"] for m in HEADER_LINE.finditer(guide())]
    assert sorted(quoted) == sorted(["en", *LOCALES])


@pytest.mark.parametrize("code", LOCALES)
def test_each_quoted_plural_header_is_the_catalogs_own(code):
    quoted = {m["code"]: m["header"] for m in HEADER_LINE.finditer(guide())}
    assert quoted[code] == catalog(code).plural_forms
    # read_po recomputes plural_forms from the header; compare the raw header line as well.
    raw = (ROOT / "locales" / code / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    assert f'"Plural-Forms: {quoted[code]}\\n"' in raw


def test_the_english_header_is_babels_rule():
    """English has no catalog: the guide quotes Babel's CLDR rule for it."""
    quoted = {m["code"]: m["header"] for m in HEADER_LINE.finditer(guide())}
    assert quoted["en"] == get_plural("en").plural_forms
