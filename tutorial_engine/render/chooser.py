"""The site's two pages above the locales, each in every language at once:

- `site/index.html`, the chooser: sends the visitor to the locale chosen before, else the best
  match of the browser's languages; a plain list of languages for everyone else (and without
  JavaScript).
- `site/404.html`, the root's page for an address that does not exist: the one a host such as
  GitHub Pages or Netlify serves for every missing address, however deep, where each locale's
  own 404.html is never seen. It says so in each language, with a link to that language's home
  page, and puts first the language of the address asked for (/fa/…), else the one chosen
  before, else the browser's.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined

from ..i18n.theme import not_found_heading
from ..i18n.translator import SOURCE_LOCALE, CurrentMessages, English, Translator
from .embed import script_json

STORAGE_KEY = "tutorial-locale"


def write_chooser(site: Path, locales: list[str], catalogs: dict[str, CurrentMessages]) -> None:
    """The chooser, its heading and sentence in every language (no language is chosen yet);
    `catalogs` is every locale's but the source's, as the plugin read them."""
    languages = [_language(tr) for tr in _translators(locales, catalogs)]
    html = _environment().get_template("chooser.html").render(
        languages=languages, codes=script_json(locales), key=script_json(STORAGE_KEY))
    (site / "index.html").write_text(html, encoding="utf-8")


def write_not_found(site: Path, locales: list[str], catalogs: dict[str, CurrentMessages]) -> None:
    """The root's 404.html, every language's heading and link in its own words; `catalogs` as
    for `write_chooser`."""
    languages = [not_found_language(tr) for tr in _translators(locales, catalogs)]
    html = _environment().get_template("not_found.html").render(
        languages=languages, codes=script_json(locales), key=script_json(STORAGE_KEY))
    (site / "404.html").write_text(html, encoding="utf-8")


def not_found_language(tr: Translator) -> dict[str, str | None]:
    """A language's entry on the root's 404 page: its heading, None while its catalog lacks one
    (the English entry says it), and the words of its link to its home page, the language's
    own name while its catalog lacks them, since six links reading alike in English would not
    say which language each opens."""
    heading = not_found_heading(tr)
    # TRANSLATORS: A link on the page shown for an address that does not exist anywhere on the
    # site, under "{code}: page not found". The page says both in every language, and each
    # language's link opens the home page in that language.
    link = tr.pgettext("not found", "Go to the home page")
    other = tr.code != SOURCE_LOCALE
    return {"code": tr.code, "name": tr.name, "dir": tr.direction,
            "heading": None if other and isinstance(heading, English) else heading,
            "link": tr.name if other and isinstance(link, English) else link}


def _environment() -> Environment:
    return Environment(loader=PackageLoader("tutorial_engine.render", "templates"), autoescape=True,
                       undefined=StrictUndefined)


def _translators(locales: list[str], catalogs: dict[str, CurrentMessages]) -> list[Translator]:
    return [Translator.current(code, catalogs[code]) if code in catalogs else Translator(code) for code in locales]


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
