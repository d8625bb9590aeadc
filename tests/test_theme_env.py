"""The theme's environments as a build makes them (build/themeenv.py): the same theme files
copied to the site, found without walking Material's hidden icon folders, and templates
compiled once for every environment of the build."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from jinja2 import FileSystemLoader
from mkdocs.config import load_config
from mkdocs.structure.files import Files

from tutorial_engine.build.themeenv import VisibleTemplates, quicker_environments
from tutorial_engine.render.templatecache import CompiledTemplates

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    return load_config(str(ROOT / "mkdocs.yml"), site_dir=str(tmp_path / "site"))


def theme_files(env, config) -> list[str]:
    files = Files([])
    files.add_files_from_theme(env, config)
    return sorted(f.src_uri for f in files)


def test_the_site_gets_the_same_theme_files_as_with_jinjas_own_listing(config):
    plain = config.theme.get_env()
    quicker_environments(config.theme, CompiledTemplates(None))
    quick = config.theme.get_env()
    assert isinstance(quick.loader, VisibleTemplates)
    assert theme_files(quick, config) == theme_files(plain, config)
    assert any(name.startswith("assets/javascripts/bundle.") for name in theme_files(quick, config))


def test_hidden_folders_and_files_are_not_listed(tmp_path):
    for name in ("main.html", "assets/app.css", ".icons/logo.svg", "assets/.cache/x.css", ".hidden.css",
                 "assets/.keep"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert VisibleTemplates([str(tmp_path)]).list_templates() == ["assets/app.css", "main.html"]
    everything = FileSystemLoader([str(tmp_path)]).list_templates()
    assert ".icons/logo.svg" in everything and "assets/.keep" in everything


def test_a_later_folder_fills_in_what_an_earlier_lacks(tmp_path):
    first, second = tmp_path / "overrides", tmp_path / "theme"
    for folder, name in ((first, "main.html"), (second, "main.html"), (second, "partials/nav.html")):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(folder.name, encoding="utf-8")
    assert VisibleTemplates([str(first), str(second)]).list_templates() == ["main.html", "partials/nav.html"]


def test_every_environment_of_the_theme_shares_the_builds_compiled_templates(config):
    """Material's search plugin makes an environment of its own to read its words: it compiles
    nothing a first environment compiled."""
    templates = CompiledTemplates(None)
    quicker_environments(config.theme, templates)
    first, second = config.theme.get_env(), config.theme.get_env()
    assert first is not second and first.bytecode_cache is templates is second.bytecode_cache
    first.get_template("partials/language.html", globals={"config": config})
    compiled = dict(templates.code)
    assert compiled
    second.get_template("partials/language.html", globals={"config": config})
    assert templates.code == compiled
    assert second.get_template("partials/language.html", globals={"config": config}).module.t(
        "search.config.lang") == "en"


def test_the_listing_follows_links_as_jinja_does(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "a.css").write_text("x", encoding="utf-8")
    (tmp_path / "theme").mkdir()
    os.symlink(tmp_path / "real", tmp_path / "theme" / "linked")
    assert VisibleTemplates([str(tmp_path / "theme")], followlinks=True).list_templates() == ["linked/a.css"]
    assert VisibleTemplates([str(tmp_path / "theme")]).list_templates() == []
    assert FileSystemLoader([str(tmp_path / "theme")]).list_templates() == []
