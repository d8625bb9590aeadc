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
import re
from dataclasses import dataclass
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.pofile import read_po, write_po

from ..content import glossary
from ..i18n.catalogs import LOCALES_DIR, TEMPLATE, LocaleError, catalog_files, locale_codes, template_path
from ..i18n.pofile import CatalogProblem, check_po
from ..i18n.translator import SOURCE_LOCALE, catalog_path, oversized
from ..problems import display_path

MKDOCS = "mkdocs.yml"
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
    write_po(out, catalog, width=None)
    return out.getvalue()


_TUTORIAL_PLUGIN = re.compile(r"^(?P<indent>[ \t]*)-[ \t]+tutorial[ \t]*:[ \t]*(#.*)?$", re.M)
_FLOW_LOCALES = re.compile(r"^(?P<head>[ \t]+locales[ \t]*:[ \t]*\[)(?P<items>[^\]\n]*)\]", re.M)
_BLOCK_LOCALES = re.compile(r"^(?P<indent>[ \t]+)locales[ \t]*:[ \t]*(#.*)?\n"
                            r"(?P<items>(?:(?P=indent)[ \t]*-[ \t]*[^\n]*\n)+)", re.M)


def register_locale(mkdocs: str, code: str) -> str | None:
    """mkdocs.yml with `code` appended to the tutorial plugin's `locales`, the rest untouched;
    None when it is listed already."""
    plugin = _TUTORIAL_PLUGIN.search(mkdocs)
    if plugin is None:
        raise LocaleError(f"{MKDOCS} has no `- tutorial:` plugin entry to add {code} to")
    # The plugin's options: the following lines indented deeper than its `- tutorial:`.
    start = plugin.end() + 1
    depth = len(plugin["indent"]) + 1
    end = start
    for line in mkdocs[start:].splitlines(keepends=True):
        if line.strip() and len(line) - len(line.lstrip()) <= depth:
            break
        end += len(line)
    options = mkdocs[start:end]
    flow = _FLOW_LOCALES.search(options)
    block = _BLOCK_LOCALES.search(options)
    if flow is not None:
        items = [item.strip().strip("'\"") for item in flow["items"].split(",") if item.strip()]
        if code in items:
            return None
        separator = ", " if items else ""
        edited = (options[:flow.end("items")].rstrip() + separator + code
                  + options[flow.end("items"):])
    elif block is not None:
        lines = block["items"].splitlines(keepends=True)
        if code in [line.split("-", 1)[1].split("#")[0].strip().strip("'\"") for line in lines]:
            return None
        dash = lines[-1][:lines[-1].index("-") + 1]
        edited = options[:block.end()] + f"{dash} {code}\n" + options[block.end():]
    else:
        raise LocaleError(f"{MKDOCS}: the tutorial plugin has no `locales:` list to add {code} to")
    return mkdocs[:start] + edited + mkdocs[end:]


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
    template = template_path(project)
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
    from babel.messages.pofile import read_po, write_po

    with path.open("rb") as file:
        catalog = read_po(file)
    back = [(key, old, catalog.get(old.id, old.context)) for key, old in catalog.obsolete.items()]
    back = [(key, old, message) for key, old, message in back if message is not None]
    if not back:
        return
    for key, old, message in back:
        del catalog.obsolete[key]
        if message.fuzzy or not message.string:  # a current translation stays; a guess gives way
            message.string = old.string
            message.flags.add("fuzzy")
    with path.open("wb") as file:
        write_po(file, catalog, width=None)


# --- stats ---------------------------------------------------------------------------------------

def check_locales(project: Path, codes: list[str] | tuple[str, ...] = ()) -> tuple[list[CatalogProblem], int]:
    """The problems of the named locales' catalogs (default: every locale), and how many files."""
    known = locale_codes(project)
    for code in codes:
        if code not in known:
            raise LocaleError(f"no catalog for locale '{code}' in {display_path(project / LOCALES_DIR)}"
                              f" (locales: {', '.join(known) or 'none'}); add it with "
                              f"tutorial-engine locale add {code}")
    files = [path for code in (codes or known) for path in catalog_files(project, code)]
    problems, concepts = [], []
    words = glossary.path_of(project / LOCALES_DIR)
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
    path = glossary.path_of(project / LOCALES_DIR)
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
