"""Work a build does not do twice (issue 28): each locale's rendered pages kept between builds
(build/rendercache.py) under a key of everything they are made from, and the drills a locale
has rendered kept in its Translator, which `serve` keeps while the catalog and templates stand."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from test_site import copy_project

from tutorial_engine.build import plugin as plugin_module
from tutorial_engine.build import rendercache
from tutorial_engine.build.plugin import TutorialPlugin
from tutorial_engine.build.rendercache import RenderedLocale, RenderedLocales, folder_digest, inputs_key
from tutorial_engine.cache import CACHE_VARIABLE, Kept
from tutorial_engine.content.source import parse_source
from tutorial_engine.i18n.catalogs import read_catalog
from tutorial_engine.i18n.translator import Translator, catalog_path
from tutorial_engine.render.drills import DrillRenderer
from tutorial_engine.render.page import Renderer

MKDOCS = Path(sys.executable).parent / "mkdocs"
ROOT = Path(__file__).resolve().parent.parent
PAGE = Path("en") / "albastini" / "two-players.html"
TITLE = "A small trump takes the ace"


def entry(**changes) -> RenderedLocale:
    fields = {"files": {"a.md": "# A", "a/more/d.1.js": "x();"}, "slots": {"a.md": {"<!-- 1 -->": "<b>1</b>"}},
              "descriptions": {"a.md": "About A"}, "english": (("drill", "Check"), (None, "Hello"))} | changes
    return RenderedLocale(**fields)


def test_an_entry_reads_back_as_it_was_written():
    assert RenderedLocale.from_bytes(entry().to_bytes()) == entry()


@pytest.mark.parametrize("damage", [b"", b"garbage", entry().to_bytes()[:-9]])
def test_a_damaged_entry_is_not_read(damage):
    assert RenderedLocale.from_bytes(damage) is None


@pytest.mark.parametrize("changes", [{"files": {"a.md": 1}}, {"slots": {"a.md": "<b>"}}, {"slots": []},
                                     {"descriptions": {"a.md": None}}, {"english": ((1, "Check"),)}])
def test_an_entry_of_another_shape_is_not_read(changes):
    assert RenderedLocale.from_bytes(entry(**changes).to_bytes()) is None


def test_entries_are_kept_one_a_locale(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_VARIABLE, str(tmp_path))
    kept = RenderedLocales.in_user_cache()
    kept.put("fr", "one", entry())
    kept.put("fr", "two", entry(files={}))
    kept.put("ru", "one", entry())
    assert kept.get("fr", "one") is None
    assert kept.get("fr", "two") == entry(files={})
    assert kept.get("ru", "one") == entry()
    assert len(list((tmp_path / "pages").iterdir())) == 2


def test_without_a_cache_folder_nothing_is_kept(monkeypatch):
    monkeypatch.setenv(CACHE_VARIABLE, "off")
    kept = RenderedLocales(Kept("pages", "marshal.zlib"))
    kept.put("fr", "one", entry())
    assert kept.get("fr", "one") is None


@pytest.fixture
def inputs(tmp_path, monkeypatch):
    """A project's examples, a catalog and a copy of the templates, each of which a test may edit."""
    examples = tmp_path / "examples"
    (examples / "g" / "examples").mkdir(parents=True)
    (examples / "g" / "game.yml").write_text("id: g\n", encoding="utf-8")
    (examples / "g" / "examples" / "a.yml").write_text("examples: []\n", encoding="utf-8")
    catalog = tmp_path / "fr.po"
    catalog.write_text('msgid "A"\nmsgstr "A"\n', encoding="utf-8")
    render = tmp_path / "render"
    (render / "templates").mkdir(parents=True)
    (render / "templates" / "page.md").write_text("{{ page }}", encoding="utf-8")
    monkeypatch.setattr(rendercache, "RENDER", render)
    return examples, catalog, render / "templates"


def keys(examples: Path, catalog: Path, settings=("project", "locales: [en, fr]")) -> dict[str, str]:
    return inputs_key(folder_digest(examples), {"en": None, "fr": catalog}, settings)


@pytest.mark.parametrize("edit", ["example", "new file", "game", "catalog", "template", "settings"])
def test_the_key_changes_with_every_input_and_only_its_locale_with_its_catalog(inputs, edit):
    examples, catalog, templates = inputs
    before = keys(examples, catalog)
    assert before == keys(examples, catalog) and before["en"] != before["fr"]
    settings = ("project", "locales: [en, fr]")
    if edit == "example":
        (examples / "g" / "examples" / "a.yml").write_text("examples: [] # edited\n", encoding="utf-8")
    elif edit == "new file":
        (examples / "g" / "examples" / "b.yml").write_text("examples: []\n", encoding="utf-8")
    elif edit == "game":
        (examples / "g" / "game.yml").write_text("id: g\nname: G\n", encoding="utf-8")
    elif edit == "catalog":
        catalog.write_text('msgid "A"\nmsgstr "À"\n', encoding="utf-8")
    elif edit == "template":
        (templates / "page.md").write_text("{{ page }}!", encoding="utf-8")
    else:
        settings = ("project", "locales: [en]")
    after = keys(examples, catalog, settings)
    assert after["fr"] != before["fr"]
    assert (after["en"] == before["en"]) == (edit == "catalog")


def test_a_drill_is_rendered_once_for_a_translator_and_still_reports_its_english(monkeypatch):
    """The page and its worksheet share the rendered questions; serve keeps them between builds.
    A message shown in English is counted again for every page that shows the kept rendering."""
    from tutorial_engine.content.project import check

    report = check(ROOT, [ROOT / "examples" / "briscola"])
    drill = next(d for d in report.drills if d.game.id == "briscola")
    tr = Translator("fr", known=frozenset())  # no catalog yet: every message is shown in English
    made = []
    original = DrillRenderer._questions
    monkeypatch.setattr(DrillRenderer, "_questions", lambda self, d: made.append(d) or original(self, d))
    first = DrillRenderer(Renderer(tr, report.questions)).practice(drill, "practice.print.html")
    shown = set(tr.missing)
    assert shown
    tr.missing.clear()
    again = DrillRenderer(Renderer(tr, report.questions)).practice(drill, "practice.print.html")
    DrillRenderer(Renderer(tr, report.questions)).worksheet(drill)
    assert again == first
    assert made == [drill]
    assert shown <= tr.missing


def test_serve_keeps_its_translator_while_the_catalog_and_templates_stand():
    plugin = TutorialPlugin()
    plugin.on_startup(command="serve", dirty=False)
    plugin.locale = "fr"
    path = catalog_path(ROOT / "locales", "fr")
    catalog = read_catalog(path, "fr")
    first = plugin._translator(catalog)
    first.missing.add(("drill", "Check"))
    assert plugin._translator(catalog) is first
    assert first.missing == set()
    assert plugin._translator(read_catalog(path, "fr")) is not first  # the catalog was read again: it changed


def test_serve_makes_a_new_translator_once_a_template_is_edited(tmp_path, monkeypatch):
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "page.md").write_text("{{ page }}", encoding="utf-8")
    monkeypatch.setattr(plugin_module, "PACKAGE", tmp_path)
    plugin = TutorialPlugin()
    plugin.on_startup(command="serve", dirty=False)
    first = plugin._translator(None)
    assert plugin._translator(None) is first
    (tmp_path / "templates" / "page.md").write_text("{{ page }}!", encoding="utf-8")
    assert plugin._translator(None) is not first


def test_a_build_makes_a_new_translator_each_time():
    plugin = TutorialPlugin()
    plugin.on_startup(command="build", dirty=False)
    plugin.locale = "en"
    assert plugin._translator(None) is not plugin._translator(None)


# --- whole builds ---

def build(project: Path, site: Path, cache: Path, strict: bool = True) -> subprocess.CompletedProcess:
    env = os.environ | {"SOURCE_DATE_EPOCH": "1767225600", "NO_MKDOCS_2_WARNING": "1", CACHE_VARIABLE: str(cache)}
    env.pop("TUTORIAL_LOCALE", None)
    done = subprocess.run([str(MKDOCS), "build", *(["--strict"] if strict else []), "-d", str(site)], cwd=project,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done


def tree(site: Path) -> dict[str, bytes]:
    return {path.relative_to(site).as_posix(): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


@pytest.fixture
def project(tmp_path):
    """The bundled project in two locales, English and French, with one French title untranslated."""
    project = copy_project(tmp_path / "project")
    settings = project / "mkdocs.yml"
    settings.write_text(settings.read_text(encoding="utf-8").replace("locales: [en, ru, fr, es, fa, sw]",
                                                                      "locales: [en, fr]"), encoding="utf-8")
    catalog = project / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace('msgstr "Un petit atout prend l’as"', 'msgstr ""'),
                       encoding="utf-8")
    return project


def untranslated(done: subprocess.CompletedProcess) -> list[str]:
    return re.findall(r"fr: \d+ messages? (?:is|are) untranslated.*", done.stderr)


@pytest.mark.slow  # builds a site twice
def test_a_build_from_kept_pages_is_the_build_that_renders_them(project, tmp_path):
    cache = tmp_path / "cache"
    first = build(project, tmp_path / "first", cache, strict=False)
    assert sorted(path.name.split(".")[0] for path in (cache / "pages").iterdir()) == ["en", "fr"]
    kept = build(project, tmp_path / "kept", cache, strict=False)
    assert tree(tmp_path / "kept") == tree(tmp_path / "first")
    assert untranslated(kept) == untranslated(first) != []  # --strict counts them either way


@pytest.mark.slow  # builds a site three times
def test_kept_pages_are_used_and_an_edit_renders_afresh(project, tmp_path):
    cache = tmp_path / "cache"
    build(project, tmp_path / "site", cache, strict=False)
    # Proof that the second build reads what the first kept: a kept page is changed.
    [path] = (cache / "pages").glob("en.*")
    data = RenderedLocale.from_bytes(path.read_bytes())
    assert data is not None
    files = dict(data.files)
    files["albastini/two-players.md"] = files["albastini/two-players.md"].replace("# ", "# Kept: ", 1)
    path.write_bytes(RenderedLocale(files, data.slots, data.descriptions, data.english).to_bytes())
    build(project, tmp_path / "site", cache, strict=False)
    assert "Kept: " in (tmp_path / "site" / PAGE).read_text(encoding="utf-8")

    basics = project / "examples" / "albastini" / "examples" / "basics.yml"
    basics.write_text(basics.read_text(encoding="utf-8").replace(f"title: {TITLE}", "title: Edited", 1),
                      encoding="utf-8")
    build(project, tmp_path / "site", cache, strict=False)
    page = (tmp_path / "site" / PAGE).read_text(encoding="utf-8")
    assert "Kept: " not in page and "Edited</figcaption>" in page


def test_a_sample_file_the_check_parsed_is_not_parsed_again():
    plugin = TutorialPlugin()
    checked = parse_source(b"examples: []\n", "a.yml")
    plugin.shared = SimpleNamespace(sources={b"examples: []\n": checked})
    assert plugin._parse(b"examples: []\n", "a.yml") is checked
    assert plugin._parse(b"examples: [2]\n", "a.yml") is not checked


def test_serve_parses_a_sample_file_again_only_once_it_changed():
    plugin = TutorialPlugin()
    plugin.shared = SimpleNamespace(sources={})
    first = plugin._parse(b"examples: []\n", "a.yml")
    assert plugin._parse(b"examples: []\n", "a.yml") is first
    again = plugin._parse(b"examples: [1]\n", "a.yml")
    assert again is not first and again.root.value[0][1].value[0].value == "1"
