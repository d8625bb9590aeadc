"""The theme's Jinja environments, each made once a locale by MkDocs and by Material's search,
made cheaper for every locale of a build.

MkDocs lists every file of the theme to copy its static ones, then drops every hidden one
(`Files.add_files_from_theme`): Material's `.icons` folder alone is some fourteen thousand
files, walked and matched against a dozen patterns in each locale's build, a tenth of a
second each time. Material's search plugin makes environments of its own to read three words
of `partials/language.html`, compiling it and the locale's partial each time. So every
environment the theme makes here skips hidden folders when listing its files, and shares the
build's compiled templates (templatecache.py).
"""

from __future__ import annotations

import os

from jinja2 import BytecodeCache, Environment, FileSystemLoader


class VisibleTemplates(FileSystemLoader):
    """Jinja's loader of the theme's folders, whose listing leaves out hidden folders and files,
    which every MkDocs build drops from it anyway (its patterns `.*` and `*/.*`)."""

    def list_templates(self) -> list[str]:
        found: set[str] = set()
        for folder in self.searchpath:
            for parent, folders, names in os.walk(folder, followlinks=self.followlinks):
                folders[:] = [name for name in folders if not name.startswith(".")]
                relative = os.path.relpath(parent, folder).replace(os.path.sep, "/")
                prefix = "" if relative == "." else f"{relative}/"
                found.update(f"{prefix}{name}" for name in names if not name.startswith("."))
        return sorted(found)


def quicker_environments(theme, templates: BytecodeCache) -> None:
    """Each environment `theme` makes from now on lists its files with `VisibleTemplates` and
    keeps compiled templates in `templates`. The theme is the configuration's own, made anew
    for each build, so nothing outlives it."""
    make = type(theme).get_env

    def get_env() -> Environment:
        env = make(theme)
        assert isinstance(env.loader, FileSystemLoader)  # MkDocs' Theme.get_env
        env.loader = VisibleTemplates(env.loader.searchpath, env.loader.encoding, env.loader.followlinks)
        env.bytecode_cache = templates
        return env

    theme.get_env = get_env
