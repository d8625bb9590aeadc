"""Whole builds of a small copy of the project (the site pages, no game) whose catalogs are
incomplete, stale or hostile: what readers get, and what `mkdocs build --strict` says."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from tutorial_engine.i18n import catalog_path, is_current

ROOT = Path(__file__).resolve().parent.parent
MKDOCS = Path(sys.executable).parent / "mkdocs"
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
        if plural is None:
            catalog.add(message, f"‹{message}›", context=context)
        else:
            catalog.add((message, plural), (f"‹{message}›",) * catalog.num_plurals, context=context)


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
    assert f'<p class="tc-partial" role="note">‹{NOTICE}›</p>' in html
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
