"""TRANSLATING.md stays true to the catalogs: its glossary words and its Plural-Forms headers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from test_catalogs import catalog, template

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


def glossary() -> list[dict]:
    """The glossary table's rows as {column: cell}."""
    rows = [line for line in section("Glossary").splitlines() if line.startswith("|")]
    split = [[cell.strip() for cell in row.strip().strip("|").split("|")] for row in rows]
    header, body = split[0], split[2:]  # split[1] is the |---| line
    assert all(len(r) == len(header) for r in body), "a glossary row has the wrong number of cells"
    return [dict(zip(header, r)) for r in body]


def words(cell: str) -> list[str]:
    """The words of a glossary cell: `a / b` is two words; Markdown emphasis and code marks go."""
    return [w.strip().strip("*`").strip() for w in cell.split(" / ") if w.strip()]




def texts(messages, attribute: str) -> str:
    """Every msgstr (or msgid) of a catalog, plural forms included, fuzzy entries left out."""
    found = []
    for message in messages:
        if not message.id or message.fuzzy:
            continue
        value = getattr(message, attribute)
        found.extend(value if isinstance(value, (tuple, list)) else [value])
    return "\n".join(found).casefold()


def test_the_readme_links_the_guide():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    translating = re.search(r"^## Translating\n(.*?)(?=^## |\Z)", readme, re.MULTILINE | re.DOTALL)
    assert translating and "(TRANSLATING.md)" in translating[1]


def test_the_glossary_covers_every_locale_and_the_agreed_terms():
    rows = glossary()
    assert set(rows[0]) >= {"Term", "en", *LOCALES}
    terms = {row["Term"] for row in rows}
    for term in ("trick", "trump", "trump indicator", "forecast", "tree", "round", "match"):
        assert term in terms
    for row in rows:
        for code in ["en", *LOCALES]:
            assert words(row[code]), f"glossary row {row['Term']!r} has no {code} word"


def test_every_english_glossary_word_is_in_the_template():
    english = texts(template(), "id")
    missing = [(row["Term"], w) for row in glossary() for w in words(row["en"])
               if w.casefold() not in english]
    assert missing == []


@pytest.mark.parametrize("code", LOCALES)
def test_every_glossary_word_is_used_in_the_catalog(code):
    translated = texts(catalog(code), "string")
    missing = [(row["Term"], w) for row in glossary() for w in words(row[code])
               if w.casefold() not in translated]
    assert missing == []


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
