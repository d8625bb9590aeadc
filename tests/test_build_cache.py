"""What a build keeps for the next one in the user's own cache folder (cache.py), never trusted
when others could write to it: compiled templates (render/templatecache.py), drawn drill questions
(build/drillcache.py) and read catalogs. Each is used only for the very inputs it was made from, and
made afresh when stale or damaged."""

from __future__ import annotations

import dataclasses
import json
import os
import stat
from pathlib import Path

import pytest
from jinja2 import DictLoader, Environment

from tutorial_engine import cache as cache_module
from tutorial_engine.build import drillcache
from tutorial_engine.build.drillcache import DrawnDrills
from tutorial_engine.cache import CACHE_VARIABLE, Kept, cache_folder
from tutorial_engine.content.drills import draw, drawable, drawing, kinds
from tutorial_engine.content.project import check
from tutorial_engine.engine.procedure import DealPackets, Procedure, Tricks, TurnUp
from tutorial_engine.i18n import catalogs
from tutorial_engine.i18n.catalogs import LocaleError, read_catalog
from tutorial_engine.i18n.translator import Translator, catalog_path
from tutorial_engine.problems import Problems
from tutorial_engine.render.templatecache import CompiledTemplates

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_VARIABLE, str(tmp_path / "cache"))
    return tmp_path / "cache" / "templates"


def environment(templates: dict[str, str], bytecode_cache) -> tuple[Environment, list[str]]:
    """An Environment over `templates` that notes each template it compiles."""
    compiled: list[str] = []

    class Counting(Environment):
        def compile(self, source, name=None, *args, **kwargs):
            compiled.append(name)
            return super().compile(source, name, *args, **kwargs)

    return Counting(loader=DictLoader(templates), bytecode_cache=bytecode_cache), compiled


def test_a_template_compiled_once_is_read_back_by_the_next_build(cache):
    env, compiled = environment({"a.html": "Hello {{ name }}"}, CompiledTemplates.in_user_cache())
    assert env.get_template("a.html").render(name="Anna") == "Hello Anna"
    assert compiled == ["a.html"]
    assert len(list(cache.glob("*.cache"))) == 1

    env, compiled = environment({"a.html": "Hello {{ name }}"}, CompiledTemplates.in_user_cache())  # a new process
    assert env.get_template("a.html").render(name="Boris") == "Hello Boris"
    assert compiled == []


def test_an_edited_template_is_compiled_afresh(cache):
    env, _ = environment({"a.html": "Hello {{ name }}"}, CompiledTemplates.in_user_cache())
    env.get_template("a.html")
    env, compiled = environment({"a.html": "Goodbye {{ name }}"}, CompiledTemplates.in_user_cache())
    assert env.get_template("a.html").render(name="Anna") == "Goodbye Anna"
    assert compiled == ["a.html"]


@pytest.mark.parametrize("damage", [b"", b"j2", b"garbage" * 100])
def test_a_damaged_cache_file_is_compiled_afresh(cache, damage):
    env, _ = environment({"a.html": "Hello {{ name }}"}, CompiledTemplates.in_user_cache())
    env.get_template("a.html")
    for path in cache.glob("*.cache"):
        path.write_bytes(damage)
    env, compiled = environment({"a.html": "Hello {{ name }}"}, CompiledTemplates.in_user_cache())
    assert env.get_template("a.html").render(name="Anna") == "Hello Anna"
    assert compiled == ["a.html"]


def test_the_cache_is_in_the_users_cache_folder_by_default(tmp_path, monkeypatch):
    monkeypatch.delenv(CACHE_VARIABLE, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = cache_folder("templates")
    assert folder == tmp_path / "tutorial-engine" / "templates"
    assert stat.S_IMODE(folder.stat().st_mode) & 0o077 == 0


def test_off_keeps_compiled_templates_in_memory_only(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_VARIABLE, "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_folder("templates") is None
    env, compiled = environment({"a.html": "Hi"}, CompiledTemplates.in_user_cache())
    env.get_template("a.html")
    env2, _ = environment({"a.html": "Hi"}, env.bytecode_cache)  # the same process: in memory
    env2.get_template("a.html")
    assert compiled == ["a.html"]
    assert list(tmp_path.iterdir()) == []


def test_a_folder_it_cannot_make_means_no_cache(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv(CACHE_VARIABLE, str(blocked))
    assert cache_folder("templates") is None


def test_a_folder_others_may_write_to_is_not_trusted(cache):
    cache.mkdir(parents=True)
    cache.chmod(0o777)
    assert cache_folder("templates") is None
    env, compiled = environment({"a.html": "Hi"}, CompiledTemplates.in_user_cache())
    env.get_template("a.html")
    assert list(cache.iterdir()) == []


def test_a_folder_of_another_user_is_not_trusted(cache, monkeypatch):
    cache.mkdir(parents=True, mode=0o700)
    uid = os.getuid()
    monkeypatch.setattr(cache_module.os, "getuid", lambda: uid + 1)
    assert cache_folder("templates") is None


def test_the_build_uses_one_cache_for_its_own_templates_and_materials():
    from types import SimpleNamespace

    from tutorial_engine.build.plugin import TutorialPlugin
    from tutorial_engine.i18n.translator import ENGLISH
    from tutorial_engine.render.page import Renderer

    templates = CompiledTemplates.in_user_cache()
    assert Renderer(ENGLISH, templates=templates).env.bytecode_cache is templates
    plugin = TutorialPlugin()
    plugin.shared = SimpleNamespace(templates=templates)
    assert plugin.on_env(Environment(), config=None, files=None).bytecode_cache is templates


# --- drawn drills --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def bundled():
    report = check(ROOT)
    assert not report.problems
    return report


def fresh(report, game: str, name: str, seed: int = 4242):
    """A bundled drill with a seed no other test draws, so no cache of this process has it."""
    drill = next(d for d in report.drills if d.game.id == game and d.id == name)
    return dataclasses.replace(drill, seed=seed)


def test_a_drill_drawn_once_is_read_back_and_not_drawn_again(cache, bundled, monkeypatch):
    d = fresh(bundled, "altbaumer", "a-solo-of-five")
    assert list(drawable([d], Problems(), store=DrawnDrills.in_user_cache())) == [d]
    expected = [repr(v) for v in draw(d)]
    assert [p.name.split(".")[0] for p in (cache.parent / "drills").iterdir()] == ["altbaumer+a-solo-of-five"]

    monkeypatch.setattr(drawing, "draw", lambda drill: pytest.fail("drawn again"))
    problems = Problems()
    again = drawable([d], problems, store=DrawnDrills.in_user_cache())  # as in a new process
    assert list(again) == [d] and not problems
    variants = again[d]
    assert [repr(v) for v in variants] == expected
    assert all(v.game is d.game for v in variants)


def test_the_key_covers_the_drill_its_game_and_the_limits(bundled, monkeypatch):
    d = fresh(bundled, "albastini", "who-takes-the-trick")
    keys = {drillcache.key(d), drillcache.key(dataclasses.replace(d, seed=d.seed + 1)),
            drillcache.key(dataclasses.replace(d, count=31)),
            drillcache.key(dataclasses.replace(d, game=dataclasses.replace(d.game, procedure=Procedure((DealPackets((4,)), TurnUp(), Tricks(draw=True))))))}
    monkeypatch.setattr(kinds, "MAX_TRIES", 10)
    keys.add(drillcache.key(d))
    monkeypatch.undo()
    assert len(keys) == 5


def test_an_entry_that_other_code_made_is_not_read(cache, monkeypatch):
    Kept("drills", "json").write("game+drill", "key", b"{}")
    assert Kept("drills", "json").read("game+drill", "key") == b"{}"
    monkeypatch.setattr(cache_module, "code_digest", lambda: b"another engine")
    assert Kept("drills", "json").read("game+drill", "key") is None


def test_an_entry_of_an_older_format_goes_when_its_name_is_written_again(cache):
    folder = cache.parent / "drills"
    folder.mkdir(parents=True, mode=0o700)
    (folder / "game+drill.0123.pickle").write_bytes(b"old")
    (folder / "game+drill2.0123.json").write_bytes(b"another drill")
    Kept("drills", "json").write("game+drill", "key", b"{}")
    assert sorted((p.name.split(".")[0], p.suffix) for p in folder.iterdir()) == [
        ("game+drill", ".json"), ("game+drill2", ".json")]


def test_a_changed_drill_replaces_its_entry_and_a_damaged_one_is_drawn_afresh(cache, bundled):
    store = DrawnDrills.in_user_cache()
    first, second = fresh(bundled, "briscola", "card-values", 1), fresh(bundled, "briscola", "card-values", 2)
    drawable([first], Problems(), store=store)
    drawable([second], Problems(), store=store)
    entries = list((cache.parent / "drills").iterdir())
    assert [p.name for p in entries] == [store.kept._path(entries[0].parent, "briscola+card-values",
                                                          drillcache.key(second)).name]

    entries[0].write_bytes(b"\x80\x05garbage")
    assert store.get(second) is None
    drawn = drawable([second], Problems(), store=store)
    assert [repr(v) for v in drawn[second]] == [repr(v) for v in draw(second)]
    assert store.get(second) is not None  # written again


def test_without_a_cache_folder_nothing_is_kept(tmp_path, monkeypatch, bundled):
    monkeypatch.setenv(CACHE_VARIABLE, "off")
    d = fresh(bundled, "briscola", "card-values", 3)
    assert list(drawable([d], Problems(), store=DrawnDrills.in_user_cache())) == [d]
    assert DrawnDrills.in_user_cache().get(d) is None


# --- catalogs ------------------------------------------------------------------------------------

def test_a_catalog_read_once_is_read_back_without_parsing(cache, monkeypatch, tmp_path):
    path = catalog_path(tmp_path, "ru")
    path.parent.mkdir(parents=True)
    path.write_bytes(catalog_path(ROOT / "locales", "ru").read_bytes())
    first = read_catalog(path, "ru", Kept("catalogs", "json"))
    monkeypatch.setattr(catalogs, "read_po", lambda *args, **kwargs: pytest.fail("parsed again"))
    again = read_catalog(path, "ru", Kept("catalogs", "json"))
    assert again == first and len(again.messages.texts) > 900
    (entry,) = (cache.parent / "catalogs").iterdir()
    assert entry.name.startswith("ru.") and entry.suffix == ".json"
    assert json.loads(entry.read_bytes())["plural"] == first.messages.plural  # plain data, no pickle


def test_an_edited_catalog_is_read_afresh_and_replaces_its_entry(cache, tmp_path):
    path = catalog_path(tmp_path, "fr")
    path.parent.mkdir(parents=True)
    text = catalog_path(ROOT / "locales", "fr").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    read_catalog(path, "fr", Kept("catalogs", "json"))
    path.write_text(text.replace('msgstr "Atout\u00a0:"', 'msgstr ""'), encoding="utf-8")
    edited = read_catalog(path, "fr", Kept("catalogs", "json"))
    assert Translator.current("fr", edited.messages).pgettext("diagram", "Trump:") == "Trump:"
    assert len(list((cache.parent / "catalogs").iterdir())) == 1


def test_a_catalog_that_does_not_read_is_not_kept(cache, tmp_path):
    path = catalog_path(tmp_path, "es")
    path.parent.mkdir(parents=True)
    path.write_text('msgid "a"\nmsgstr "b"\nmsgid', encoding="utf-8")
    with pytest.raises(LocaleError, match="does not read"):
        read_catalog(path, "es", Kept("catalogs", "json"))
    assert not (cache.parent / "catalogs").exists() or list((cache.parent / "catalogs").iterdir()) == []


def test_is_kept_says_whether_reading_a_catalog_parses_it(cache, tmp_path):
    path = catalog_path(tmp_path, "fr")
    path.parent.mkdir(parents=True)
    text = catalog_path(ROOT / "locales", "fr").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    kept = Kept("catalogs", "json")
    assert not catalogs.is_kept(path, "fr", kept)
    read_catalog(path, "fr", kept)
    assert catalogs.is_kept(path, "fr", kept)
    assert not catalogs.is_kept(path, "ru", kept)
    path.write_text(text + "\n", encoding="utf-8")
    assert not catalogs.is_kept(path, "fr", kept)
    assert not catalogs.is_kept(tmp_path / "missing.po", "fr", kept)


def test_the_first_build_warms_the_cache_in_another_process_while_it_checks(cache, tmp_path, monkeypatch):
    """Catalogs read and Material's templates compiled into the cache folder; the parent then
    parses no catalog again, and one that does not read is left to it, to say why."""
    from mkdocs.config import load_config

    from tutorial_engine.build import plugin as plugin_module

    locales = tmp_path / "locales"
    for code in ("fr", "ru", "es"):
        path = catalog_path(locales, code)
        path.parent.mkdir(parents=True)
        path.write_bytes(catalog_path(ROOT / "locales", code).read_bytes())
    catalog_path(locales, "es").write_text('msgid "a"\nmsgstr "b"\nmsgid', encoding="utf-8")
    config = load_config(str(ROOT / "mkdocs.yml"))
    plugin = plugin_module.TutorialPlugin()
    plugin.load_config({"locales": ["en", "fr", "ru", "es"], "locales_dir": "locales"})
    plugin.project, plugin.staging = tmp_path, tmp_path / "staging"
    env = plugin_module._theme_environment(config)
    assert not plugin_module._compiled(env, "main.html")
    warming = plugin._warm_up_meanwhile(config, ["en", "fr", "ru", "es"])
    assert warming is not None
    warming.stop()
    assert plugin_module._compiled(plugin_module._theme_environment(config), "main.html")
    assert plugin_module._compiled(plugin_module._theme_environment(config), "partials/header.html")
    assert plugin_module._compiled(plugin_module._theme_environment(config), "partials/languages/fr.html")
    kept = Kept("catalogs", "json")
    assert [code for code in ("fr", "ru", "es") if catalogs.is_kept(catalog_path(locales, code), code, kept)] == [
        "fr", "ru"]
    parse = catalogs.read_po
    monkeypatch.setattr(catalogs, "read_po", lambda *args, **kwargs: parse(*args, **kwargs)
                        if kwargs["locale"] == "es" else pytest.fail("parsed again"))
    with pytest.raises(Exception, match="locales/es/LC_MESSAGES/messages.po does not read"):
        plugin._catalogs(["en", "fr", "ru", "es"])
    assert plugin._warm_up_meanwhile(config, ["en", "fr", "ru"]) is None  # all kept: nothing to start
