"""`site/index.html`: sends the visitor to the locale chosen before, else the best match of the
browser's languages; a plain list of languages for everyone else (and without JavaScript)."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined

from ..i18n.translator import SOURCE_LOCALE, CurrentMessages, English, Translator
from .embed import script_json

STORAGE_KEY = "tutorial-locale"


def write_chooser(site: Path, locales: list[str], catalogs: dict[str, CurrentMessages]) -> None:
    """The chooser, its heading and sentence in every language (no language is chosen yet);
    `catalogs` is every locale's but the source's, as the plugin read them."""
    env = Environment(loader=PackageLoader("tutorial_engine.render", "templates"), autoescape=True,
                      undefined=StrictUndefined)
    languages = [_language(Translator.current(code, catalogs[code]) if code in catalogs else Translator(code))
                 for code in locales]
    html = env.get_template("chooser.html").render(
        languages=languages, codes=script_json(locales), key=script_json(STORAGE_KEY))
    (site / "index.html").write_text(html, encoding="utf-8")


def _language(tr: Translator) -> dict[str, str | None]:
    """A language's link and its own words on the chooser; words it does not translate yet
    are shown once, in English, by the English entry."""
    heading = tr.pgettext("chooser", "Choose your language")
    # TRANSLATORS: Shown under "Choose your language" on the first page of the site, before a
    # language is chosen, beside the same sentence in every other language.
    sentence = tr.pgettext("chooser", "These card game tutorials are written in each of the languages below.")
    english = tr.code != SOURCE_LOCALE and (isinstance(heading, English) or isinstance(sentence, English))
    return {"code": tr.code, "name": tr.name, "dir": tr.direction,
            "heading": None if english else heading, "sentence": None if english else sentence}
