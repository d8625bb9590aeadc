"""Compiled templates kept between builds (templatecache.py): in the user's own cache folder,
never trusted when others could write to it, and compiled afresh when stale or damaged."""

from __future__ import annotations

import os
import stat

import pytest
from jinja2 import DictLoader, Environment

from tutorial_engine import templatecache
from tutorial_engine.templatecache import CACHE_VARIABLE, CompiledTemplates, cache_folder


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
    env, compiled = environment({"a.html": "Hello {{ name }}"}, CompiledTemplates())
    assert env.get_template("a.html").render(name="Anna") == "Hello Anna"
    assert compiled == ["a.html"]
    assert len(list(cache.glob("*.cache"))) == 1

    env, compiled = environment({"a.html": "Hello {{ name }}"}, CompiledTemplates())  # a new process
    assert env.get_template("a.html").render(name="Boris") == "Hello Boris"
    assert compiled == []


def test_an_edited_template_is_compiled_afresh(cache):
    env, _ = environment({"a.html": "Hello {{ name }}"}, CompiledTemplates())
    env.get_template("a.html")
    env, compiled = environment({"a.html": "Goodbye {{ name }}"}, CompiledTemplates())
    assert env.get_template("a.html").render(name="Anna") == "Goodbye Anna"
    assert compiled == ["a.html"]


@pytest.mark.parametrize("damage", [b"", b"j2", b"garbage" * 100])
def test_a_damaged_cache_file_is_compiled_afresh(cache, damage):
    env, _ = environment({"a.html": "Hello {{ name }}"}, CompiledTemplates())
    env.get_template("a.html")
    for path in cache.glob("*.cache"):
        path.write_bytes(damage)
    env, compiled = environment({"a.html": "Hello {{ name }}"}, CompiledTemplates())
    assert env.get_template("a.html").render(name="Anna") == "Hello Anna"
    assert compiled == ["a.html"]


def test_the_cache_is_in_the_users_cache_folder_by_default(tmp_path, monkeypatch):
    monkeypatch.delenv(CACHE_VARIABLE, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = cache_folder()
    assert folder == tmp_path / "tutorial-engine" / "templates"
    assert stat.S_IMODE(folder.stat().st_mode) & 0o077 == 0


def test_off_keeps_compiled_templates_in_memory_only(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_VARIABLE, "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_folder() is None
    env, compiled = environment({"a.html": "Hi"}, CompiledTemplates())
    env.get_template("a.html")
    env2, _ = environment({"a.html": "Hi"}, env.bytecode_cache)  # the same process: in memory
    env2.get_template("a.html")
    assert compiled == ["a.html"]
    assert list(tmp_path.iterdir()) == []


def test_a_folder_it_cannot_make_means_no_cache(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv(CACHE_VARIABLE, str(blocked))
    assert cache_folder() is None


def test_a_folder_others_may_write_to_is_not_trusted(cache):
    cache.mkdir(parents=True)
    cache.chmod(0o777)
    assert cache_folder() is None
    env, compiled = environment({"a.html": "Hi"}, CompiledTemplates())
    env.get_template("a.html")
    assert list(cache.iterdir()) == []


def test_a_folder_of_another_user_is_not_trusted(cache, monkeypatch):
    cache.mkdir(parents=True, mode=0o700)
    uid = os.getuid()
    monkeypatch.setattr(templatecache.os, "getuid", lambda: uid + 1)
    assert cache_folder() is None


def test_the_build_uses_the_cache_for_its_own_templates_and_materials():
    from tutorial_engine.i18n import ENGLISH
    from tutorial_engine.plugin import TutorialPlugin
    from tutorial_engine.render import _environment

    assert _environment(ENGLISH).bytecode_cache is templatecache.COMPILED
    env = Environment()
    assert TutorialPlugin().on_env(env, config=None, files=None).bytecode_cache is templatecache.COMPILED
