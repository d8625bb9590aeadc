"""`site/index.html`: sends the visitor to the locale chosen before, else the best match of the
browser's languages; a plain list of languages for everyone else (and without JavaScript)."""

from __future__ import annotations

import json
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined

from .i18n import Translator

STORAGE_KEY = "tutorial-locale"


def write_chooser(site: Path, locales: list[str]) -> None:
    env = Environment(loader=PackageLoader("tutorial_engine", "templates"), autoescape=True,
                      undefined=StrictUndefined)
    languages = [{"code": code, "name": Translator(code).name, "dir": Translator(code).direction}
                 for code in locales]
    html = env.get_template("chooser.html").render(
        languages=languages, codes=json.dumps(locales), key=json.dumps(STORAGE_KEY))
    (site / "index.html").write_text(html, encoding="utf-8")
