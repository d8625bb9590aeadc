"""The translator's workflow behind `tutorial-engine locale add|update|stats|check`.

Thin wrappers over Babel, so the plain tools keep working: `update` runs the very `pybabel
extract` and `pybabel update` that `make catalogs` always ran; `add` writes what `pybabel init`
writes. cli.py only prints what these functions return.
"""

from __future__ import annotations

import contextlib
import datetime
import io
import re
from dataclasses import dataclass
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from .i18n import DOMAIN, SOURCE_LOCALE, catalog_path
from .problems import display_path

LOCALES_DIR = "locales"
TEMPLATE = f"{DOMAIN}.pot"
MKDOCS = "mkdocs.yml"
PROJECT_NAME = "Card game tutorials"
# The `catalogs` recipe of the Makefile as it always was; `make catalogs` now runs `locale update`.
EXTRACT = ["extract", "-F", "babel.cfg", "-o", f"{LOCALES_DIR}/{TEMPLATE}", "--no-wrap",
           "--add-comments=.", f"--project={PROJECT_NAME}", "--sort-by-file", "."]
UPDATE = ["update", "-i", f"{LOCALES_DIR}/{TEMPLATE}", "-d", LOCALES_DIR, "--no-wrap"]


class LocaleError(Exception):
    """A one-line reason why a command did nothing."""


def template_path(project: Path) -> Path:
    return project / LOCALES_DIR / TEMPLATE


def locale_codes(project: Path) -> list[str]:
    """Every locale with a catalog folder, sorted: locales/<code>/LC_MESSAGES/*.po."""
    root = project / LOCALES_DIR
    if not root.is_dir():
        return []
    return sorted(folder.name for folder in root.iterdir()
                  if folder.is_dir() and any((folder / "LC_MESSAGES").glob("*.po")))


def catalog_files(project: Path, code: str) -> list[Path]:
    return sorted((project / LOCALES_DIR / code / "LC_MESSAGES").glob("*.po"))


# --- add -----------------------------------------------------------------------------------------

def parse_code(code: str) -> Locale:
    """The Babel locale for a code such as sw or pt_BR; a LocaleError names what is wrong."""
    if code == SOURCE_LOCALE:
        raise LocaleError(f"{code} is the source language: the English text is the msgid itself")
    try:
        locale = Locale.parse(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        raise LocaleError(f"unknown language code '{code}': Babel (CLDR) does not know it; "
                          "use a code such as sw, pt_BR or zh_Hant") from None
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
                          now or datetime.datetime.now(datetime.timezone.utc))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(catalog)
    if mkdocs is not None:
        mkdocs_file.write_text(mkdocs, encoding="utf-8")
    return Added(target, locale, mkdocs is not None)


# --- update --------------------------------------------------------------------------------------

def update_catalogs(project: Path) -> list[Path]:
    """Re-extract the template and merge it into every catalog, exactly as `pybabel` does.

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
    return [path for code in codes for path in catalog_files(project, code)]


# --- stats ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Counts:
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated

    @property
    def percent(self) -> float:
        """Translated and not fuzzy, of all messages (the header and obsolete ones left out)."""
        return 100.0 * self.translated / self.total if self.total else 100.0

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.translated + other.translated, self.fuzzy + other.fuzzy,
                      self.untranslated + other.untranslated)

    def __str__(self) -> str:
        # Rounded down: 99.96% is not shown as a complete 100.0%.
        shown = int(self.percent * 10) / 10
        return (f"{self.translated} translated, {self.fuzzy} fuzzy, "
                f"{self.untranslated} untranslated, {shown:.1f}%")


def count(catalog: Catalog) -> Counts:
    translated = fuzzy = untranslated = 0
    for message in catalog:  # obsolete messages are not iterated
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if message.fuzzy:
            fuzzy += 1
        elif strings and all(strings):
            translated += 1
        else:
            untranslated += 1
    return Counts(translated, fuzzy, untranslated)


def catalog_counts(path: Path, code: str) -> Counts:
    try:
        with path.open("rb") as po:
            return count(read_po(po, locale=code, abort_invalid=True))
    except Exception as error:  # noqa: BLE001 - any unreadable catalog gets the same advice
        raise LocaleError(f"{display_path(path)} does not read ({error}); "
                          "run tutorial-engine locale check") from None


def stats(project: Path) -> dict[str, list[tuple[Path, Counts]]]:
    """Per locale, per catalog file: the counts."""
    return {code: [(path, catalog_counts(path, code)) for path in catalog_files(project, code)]
            for code in locale_codes(project)}
