"""Draft builds and what every build says of each locale's translation: the counts of
`tutorial-engine locale stats` (one function counts for both), and a template older than the
pages. Whole builds of the site pages only (test_site_translations.small_project)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from test_site_translations import MKDOCS, OFFLINE, edit_catalog, small_project, stats_row

from tutorial_engine.i18n.catalogs import stats
from tutorial_engine.i18n.translator import is_current

pytestmark = [pytest.mark.slow,  # every test builds a small site
              pytest.mark.xdist_group("draft-build")]
CHANGED = "The site works offline, even at a card table with no internet connection."
STALE_RU = "УСТАРЕВШИЙ ПЕРЕВОД"
STALE_TEMPLATE = ("ru: the pages show 1 message in English that locales/messages.pot lacks, so no catalog "
                  "can translate it yet; run tutorial-engine locale update")


def build(project: Path, *options: str, draft: str | None = None) -> subprocess.CompletedProcess:
    env = os.environ | {"SOURCE_DATE_EPOCH": "1767225600", "NO_MKDOCS_2_WARNING": "1"}
    env.pop("TUTORIAL_LOCALE", None)
    env.pop("TUTORIAL_DRAFT", None)
    if draft is not None:
        env["TUTORIAL_DRAFT"] = draft
    return subprocess.run([str(MKDOCS), "build", *options, "-d", "site"], cwd=project, env=env,
                          capture_output=True, text=True, timeout=300)


def logged(result: subprocess.CompletedProcess, level: str) -> list[str]:
    """The tutorial plugin's lines of one level."""
    return re.findall(rf"^{level} +- +tutorial: (.*)$", result.stderr, re.M)


def translated(project: Path, code: str, fuzzy: str | None = None, text: str = "",
               untranslated: tuple[str, str] | None = None) -> None:
    """Every message of the template given a stand-in translation; `fuzzy`, if named, given
    `text` and marked fuzzy, as after its English changed; `untranslated` (msgid, context) left
    untranslated."""
    with (project / "locales" / "messages.pot").open("rb") as pot:
        template = [message for message in read_po(pot) if message.id]

    def edit(catalog) -> None:
        for message in template:
            entry = catalog.get(message.id, message.context)
            if entry is None:
                entry = catalog.add(message.id, context=message.context)
            if not is_current(entry):
                first = message.id if isinstance(message.id, str) else message.id[0]
                entry.string = f"‹{first}›" if isinstance(message.id, str) else (f"‹{first}›",) * catalog.num_plurals
                entry.flags.discard("fuzzy")
        if fuzzy is not None:
            catalog.get(fuzzy).string = text
            catalog.get(fuzzy).flags.add("fuzzy")
        if untranslated is not None:
            catalog.get(*untranslated).string = ""
    edit_catalog(project, code, edit)


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """Russian with one fuzzy paragraph and a game's name untranslated, which none of these
    pages shows but the catalog still lacks; French complete."""
    project = small_project(tmp_path_factory.mktemp("draft") / "project", ["en", "ru", "fr"])
    translated(project, "ru", OFFLINE, STALE_RU, ("Whist", "game"))
    translated(project, "fr")
    return project


@pytest.fixture(scope="module")
def draft(project) -> subprocess.CompletedProcess:
    result = build(project, "--strict", draft="1")
    assert result.returncode == 0, result.stderr
    return result


def test_a_draft_build_publishes_the_english_and_names_each_locale_with_its_count(project, draft):
    assert logged(draft, "WARNING") == []
    lines = logged(draft, "INFO")
    assert "Draft: Russian (ru) shows 2 messages in English, 1 untranslated and 1 fuzzy" in lines
    assert "Draft: French (fr) has every message translated" in lines
    assert not any("English (en)" in line for line in lines)
    html = (project / "site" / "ru" / "index.html").read_text(encoding="utf-8")
    assert f'<p><span lang="en">{OFFLINE}</span></p>' in html and STALE_RU not in html


def test_the_draft_counts_are_those_of_locale_stats_and_of_the_translators_page(project, draft):
    """`locale stats` prints catalogs.stats (a project without a game has no CLI of its own)."""
    ((_, counts),) = stats(project)["ru"]
    assert (counts.fuzzy, counts.untranslated) == (1, 1)
    assert (f"Draft: Russian (ru) shows {counts.missing} messages in English, {counts.untranslated} untranslated "
            f"and {counts.fuzzy} fuzzy") in logged(draft, "INFO")
    html = (project / "site" / "en" / "translators.html").read_text(encoding="utf-8")
    assert stats_row(html, "ru")[:3] == [str(counts.translated), str(counts.fuzzy), str(counts.untranslated)]


def test_a_strict_build_stops_on_the_same_count(project):
    result = build(project, "--strict")
    assert result.returncode == 1
    assert logged(result, "WARNING") == ["ru: 2 messages are untranslated or fuzzy and are shown in English"]


def test_draft_in_mkdocs_yml_and_the_variable_that_overrides_it(project):
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    plugin = re.search(r"^  - tutorial:\n", text, re.M)
    assert plugin
    config.write_text(text[:plugin.end()] + "      draft: true\n" + text[plugin.end():], encoding="utf-8")
    try:
        assert build(project, "--strict").returncode == 0
        strict = build(project, "--strict", draft="0")
        assert strict.returncode == 1
        assert logged(strict, "WARNING") == ["ru: 2 messages are untranslated or fuzzy and are shown in English"]
        refused = build(project, draft="maybe")
        assert refused.returncode == 1
        assert "TUTORIAL_DRAFT=maybe is neither 1 (a draft build) nor 0 (a strict one)" in refused.stderr
    finally:
        config.write_text(text, encoding="utf-8")


def test_pages_newer_than_the_template_are_reported_in_every_build(tmp_path):
    """English written after the last `locale update`: no catalog can have it yet."""
    project = small_project(tmp_path / "project", ["en", "ru"])
    translated(project, "ru")
    content = project / "examples" / "site.yml"
    content.write_text(content.read_text(encoding="utf-8").replace(OFFLINE, CHANGED), encoding="utf-8")
    strict = build(project, "--strict")
    assert strict.returncode == 1
    assert logged(strict, "WARNING") == [STALE_TEMPLATE]
    draft = build(project, "--strict", draft="1")
    assert draft.returncode == 0, draft.stderr
    assert logged(draft, "INFO")[-2:] == ["Draft: Russian (ru) has every message translated", STALE_TEMPLATE]
