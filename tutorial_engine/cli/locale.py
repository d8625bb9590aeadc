"""The translator's workflow behind `tutorial-engine locale add|update|stats|check`.

Thin wrappers over Babel, so the plain tools keep working: `update` runs the very `pybabel
extract` and `pybabel update` that `make catalogs` always ran; `add` writes what `pybabel init`
writes, and lists the locale in mkdocs.yml; `check` reads each catalog with i18n/pofile.py.
main.py only prints what these functions return.
"""

from __future__ import annotations

import contextlib
import datetime
import io
from dataclasses import dataclass
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.pofile import read_po, write_po

from ..content import glossary
from ..i18n.catalogs import LOCALES_DIR, TEMPLATE, LocaleError, catalog_files, locale_codes, own, template_path
from ..i18n.pofile import CatalogProblem, check_po
from ..i18n.translator import SOURCE_LOCALE, catalog_path, oversized
from ..problems import display_path
from .mkdocs_config import MKDOCS, register_locale

TRANSLATING = "TRANSLATING.md"
PROJECT_NAME = "Card game tutorials"
# The `catalogs` recipe of the Makefile as it always was; `make catalogs` now runs `locale update`.
EXTRACT = ["extract", "-F", "babel.cfg", "-o", f"{LOCALES_DIR}/{TEMPLATE}", "--no-wrap",
           "--add-comments=TRANSLATORS:", f"--project={PROJECT_NAME}", "--sort-by-file", "."]
UPDATE = ["update", "-i", f"{LOCALES_DIR}/{TEMPLATE}", "-d", LOCALES_DIR, "--no-wrap"]


# --- add -----------------------------------------------------------------------------------------

def parse_code(code: str) -> Locale:
    """The Babel locale for a code such as de or pt_BR; a LocaleError names what is wrong."""
    if code == SOURCE_LOCALE:
        raise LocaleError(f"{code} is the source language: the English text is the msgid itself")
    try:
        locale = Locale.parse(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        raise LocaleError(f"unknown language code '{code}': Babel (CLDR) does not know it; "
                          "use a code such as de, pt_BR or zh_Hant") from None
    if str(locale) != code:
        raise LocaleError(f"write the language code as '{locale}', not '{code}'")
    return locale


def new_catalog(template: bytes, locale: Locale, now: datetime.datetime) -> bytes:
    """What `pybabel init --no-wrap` writes: the template with the locale's CLDR plural header
    (the translators named as in the project's other catalogs)."""
    catalog = read_po(io.BytesIO(template), locale=locale)
    catalog.locale = locale
    catalog.revision_date = now
    catalog.fuzzy = False
    # As in the project's other catalogs; msgfmt --check warns about pybabel's placeholders.
    catalog.last_translator = catalog.language_team = f"{PROJECT_NAME} translators"
    out = io.BytesIO()
    write_po(out, catalog, width=0)  # 0: no wrapping, as --no-wrap
    return out.getvalue()


@dataclass
class Added:
    catalog: Path
    locale: Locale
    registered: bool  # False when mkdocs.yml listed the locale already


def add_locale(project: Path, code: str, now: datetime.datetime | None = None) -> Added:
    """Create locales/<code>/LC_MESSAGES/messages.po and list the locale in mkdocs.yml.

    Everything is checked before anything is written: an error leaves the project as it was.
    """
    locale = parse_code(code)
    target = catalog_path(project / LOCALES_DIR, code)
    if catalog_files(project, code):
        raise LocaleError(f"locale {code} exists already: {display_path(catalog_files(project, code)[0])}")
    template = own(project, template_path(project))
    if not template.is_file():
        raise LocaleError(f"no template {display_path(template)}; run tutorial-engine locale update first")
    mkdocs_file = project / MKDOCS
    if not mkdocs_file.is_file():
        raise LocaleError(f"no {MKDOCS} in {display_path(project)}")
    mkdocs = register_locale(mkdocs_file.read_text(encoding="utf-8"), code)
    catalog = new_catalog(template.read_bytes(), locale,
                          now or datetime.datetime.now(datetime.UTC))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(catalog)
    if mkdocs is not None:
        mkdocs_file.write_text(mkdocs, encoding="utf-8")
    return Added(target, locale, mkdocs is not None)


# --- update --------------------------------------------------------------------------------------

def update_catalogs(project: Path) -> list[Path]:
    """Re-extract the template and merge it into every catalog, as `pybabel` does, except that
    a message that comes back takes its old translation from the obsolete entry, to be confirmed
    (_revive_obsolete).

    A changed English message keeps its old translation marked fuzzy; a removed one turns
    obsolete (#~). No --previous: pybabel wraps the `#|` lines, which msgfmt then rejects.
    Returns the catalogs merged.
    """
    from babel.messages.frontend import CommandLineInterface, OptionError

    with contextlib.chdir(project):
        try:
            CommandLineInterface().run(["pybabel", "--quiet", *EXTRACT])
            codes = locale_codes(project)
            if codes:
                CommandLineInterface().run(["pybabel", "--quiet", *UPDATE])
        except (OptionError, OSError) as error:
            raise LocaleError(str(error)) from None
    paths = [path for code in codes for path in catalog_files(project, code)]
    for path in paths:
        _revive_obsolete(path)
    return paths


def _revive_obsolete(path: Path) -> None:
    """A message that comes back takes its old translation from the obsolete (#~) entry, as GNU
    msgmerge does, but marked fuzzy: pybabel keeps no flags on obsolete entries, so whether that
    translation was approved is lost. pybabel itself would guess a translation from another
    message and keep the obsolete entry too, a duplicate that msgfmt refuses."""
    with path.open("rb") as file:
        catalog = read_po(file)
    back = [(key, old, message) for key, old in catalog.obsolete.items()
            if (message := catalog.get(old.id, old.context)) is not None]
    if not back:
        return
    for key, old, message in back:
        del catalog.obsolete[key]
        if message.fuzzy or not message.string:  # a current translation stays; a guess gives way
            message.string = old.string
            message.flags.add("fuzzy")
    with path.open("wb") as file:
        write_po(file, catalog, width=0)  # 0: no wrapping, as --no-wrap


# --- check ---------------------------------------------------------------------------------------

def check_locales(project: Path, codes: list[str] | tuple[str, ...] = ()) -> tuple[list[CatalogProblem], int]:
    """The problems of the named locales' catalogs (default: every locale), and how many files."""
    known = locale_codes(project)
    for code in codes:
        if code not in known:
            raise LocaleError(f"no catalog for locale '{code}' in {display_path(project / LOCALES_DIR)}"
                              f" (locales: {', '.join(known) or 'none'}); add it with "
                              f"tutorial-engine locale add {code}")
    files = [path for code in (codes or known) for path in catalog_files(project, code)]
    problems: list[CatalogProblem] = []
    concepts: list[glossary.Concept] = []
    words = own(project, glossary.path_of(project / LOCALES_DIR))
    if words.is_file():
        concepts, found = glossary.load(words, display_path(words))
        problems += [CatalogProblem(words, problem.location.line, "error", problem.message, problem.location.column)
                     for problem in found]
    for path in files:
        if reason := oversized(path):
            problems.append(CatalogProblem(path, 1, "error", reason))  # unread
        else:
            code = path.parent.parent.name
            problems += check_po(path.read_bytes(), path, code, glossary.avoided(concepts, code))
    return problems, len(files)


# --- glossary ------------------------------------------------------------------------------------

def glossary_tables(project: Path, write: bool) -> tuple[str, Path]:
    """The glossary's tables, and TRANSLATING.md, which `write` puts them into."""
    path = own(project, glossary.path_of(project / LOCALES_DIR))
    if not path.is_file():
        raise LocaleError(f"no glossary: {display_path(path)} does not exist")
    concepts, problems = glossary.load(path, display_path(path))
    if problems:
        raise LocaleError("\n".join(problems.report()))
    tables = glossary.markdown(concepts)
    document = project / TRANSLATING
    if write:
        try:
            text = glossary.written_into(document.read_text(encoding="utf-8"), concepts)
        except (OSError, ValueError) as error:
            raise LocaleError(f"{display_path(document)}: {error}") from None
        document.write_text(text, encoding="utf-8")
    return tables, document
