"""The translator's workflow behind `tutorial-engine locale add|update|stats|check`.

Thin wrappers over Babel, so the plain tools keep working: `add` and `update` extract the
template with the very `pybabel extract` that `make catalogs` always ran; `add` then writes what
`pybabel init` writes, and lists the locale in mkdocs.yml; `update` merges as `pybabel update
--no-fuzzy-matching --ignore-obsolete` does, and suggests its own fuzzy translations
(`suggest`); `check` reads each catalog with i18n/pofile.py. main.py only prints what these
functions return.
"""

from __future__ import annotations

import contextlib
import datetime
import io
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from difflib import get_close_matches
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from ..content import glossary
from ..i18n.catalogs import (
    LOCALES_DIR,
    TEMPLATE,
    Key,
    LocaleError,
    catalog_files,
    locale_codes,
    message_list,
    own,
    template_path,
)
from ..i18n.pofile import PLACEHOLDER, CatalogProblem, check_po
from ..i18n.translator import DOMAIN, SOURCE_LOCALE, catalog_path, oversized
from ..problems import display_path
from .mkdocs_config import MKDOCS, register_locale

TRANSLATING = "TRANSLATING.md"
MAPPING = "babel.cfg"
PROJECT_NAME = "Card game tutorials"
# The `catalogs` recipe of the Makefile as it always was, but for its output file (`extract`);
# `make catalogs` now runs `locale update`.
EXTRACT = ["extract", "-F", MAPPING, "--no-wrap", "--add-comments=TRANSLATORS:",
           f"--project={PROJECT_NAME}", "--sort-by-file", "."]
TERM_CONTEXTS = frozenset({"name", "game", "suit", "rank", "rank letter", "card"})
"""Contexts of names and terms: a player's or a game's name, a suit, a rank, a card. Their
translations are never guessed from another message's, nor lent to one: a game's name is not a
player's."""
MIN_WORDS = 4
"""Running text worth a suggestion has at least this many words: a short label ("Card",
"One deal") is quicker to translate afresh than to check against another's translation."""
CUTOFF = 0.6
"""How alike two English texts must be (difflib's ratio) for the old translation to be
suggested: Babel's and GNU msgmerge's own threshold."""


# --- the template --------------------------------------------------------------------------------

def extract(project: Path, target: Path) -> None:
    """Extract every message of the sources into the template `target`, as `pybabel extract`
    does: written whole, so that a failed extraction leaves the template as it was."""
    from babel.messages.frontend import CommandLineInterface, OptionError

    if not (project / MAPPING).is_file():
        raise LocaleError(f"no {display_path(project / MAPPING)}: it names the files whose messages are extracted")
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".extract-") as folder:
        written = Path(folder) / target.name
        with contextlib.chdir(project):
            try:
                CommandLineInterface().run(["pybabel", "--quiet", *EXTRACT, "-o", str(written)])
            except (OptionError, OSError) as error:
                raise LocaleError(str(error)) from None
        os.replace(written, target)


@dataclass(frozen=True)
class Stale:
    """How the template differs from the sources: messages they have that it lacks (`added`)
    and messages it has that they no longer have (`removed`); or that there is none."""
    template: Path
    added: int
    removed: int
    exists: bool = True

    def __str__(self) -> str:
        where = display_path(self.template)
        if not self.exists:
            return f"{where} does not exist; run tutorial-engine locale update to extract it from the sources."
        lacks = f"the sources have {self.added} message{'s' if self.added != 1 else ''} it lacks"
        gone = f"no longer have {self.removed} of its messages"
        found = lacks + f" and {gone}" if self.added and self.removed else lacks if self.added else f"the sources {gone}"
        return (f"{where} is out of date: {found}. The counts are of its messages; run tutorial-engine "
                "locale update to bring it and the catalogs up to date with the sources.")


def stale_template(project: Path) -> Stale | None:
    """How locales/messages.pot differs from a fresh extraction of the sources; None when it
    has every message of theirs and no other, or when there is nothing to compare (no locales
    folder, or no babel.cfg to extract with)."""
    if not (project / LOCALES_DIR).is_dir() or not (project / MAPPING).is_file():
        return None
    template = own(project, template_path(project))
    with tempfile.TemporaryDirectory(prefix="tutorial-extract-") as folder:
        fresh = Path(folder) / TEMPLATE
        extract(project, fresh)
        now = message_list(fresh)
    if not template.is_file():
        return Stale(template, len(now), 0, exists=False)
    before = message_list(template)
    return None if now == before else Stale(template, len(now - before), len(before - now))


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


@dataclass(frozen=True)
class Added:
    catalog: Path
    template: Path
    """Extracted afresh from the sources, which the catalog was made from."""
    locale: Locale
    registered: bool  # False when mkdocs.yml listed the locale already


def add_locale(project: Path, code: str, now: datetime.datetime | None = None) -> Added:
    """Extract the template afresh, create locales/<code>/LC_MESSAGES/messages.po from it and
    list the locale in mkdocs.yml. A template extracted earlier would lack what the sources
    have gained since.

    Everything is checked, and the template extracted, before anything is written: an error
    leaves the project as it was.
    """
    locale = parse_code(code)
    target = catalog_path(project / LOCALES_DIR, code)
    if catalog_files(project, code):
        raise LocaleError(f"locale {code} exists already: {display_path(catalog_files(project, code)[0])}")
    template = own(project, template_path(project))
    mkdocs_file = project / MKDOCS
    if not mkdocs_file.is_file():
        raise LocaleError(f"no {MKDOCS} in {display_path(project)}")
    mkdocs = register_locale(mkdocs_file.read_text(encoding="utf-8"), code)
    with tempfile.TemporaryDirectory(prefix="tutorial-extract-") as folder:
        fresh = Path(folder) / TEMPLATE
        extract(project, fresh)
        extracted = fresh.read_bytes()
    catalog = new_catalog(extracted, locale, now or datetime.datetime.now(datetime.UTC))
    template.parent.mkdir(parents=True, exist_ok=True)
    template.write_bytes(extracted)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(catalog)
    if mkdocs is not None:
        mkdocs_file.write_text(mkdocs, encoding="utf-8")
    return Added(target, template, locale, mkdocs is not None)


# --- update --------------------------------------------------------------------------------------

def update_catalogs(project: Path) -> list[Path]:
    """Extract the template afresh and merge it into every catalog; returns the catalogs merged.

    A new message is untranslated, unless it is running text that replaces a message of the same
    kind that the sources no longer have: then it gets that message's translation, marked fuzzy
    (`suggest`), as a changed paragraph keeps its old translation for the translator to check.
    A removed message leaves the catalog with no obsolete (#~) entry: none is ever shown, and
    one kept beside a message that comes back is a duplicate that msgfmt refuses. Its
    translation stays in the catalog's history (git).
    """
    template_file = own(project, template_path(project))
    template_file.parent.mkdir(parents=True, exist_ok=True)
    extract(project, template_file)
    with template_file.open("rb") as file:
        template = read_po(file)
    paths = [own(project, catalog_path(project / LOCALES_DIR, code)) for code in locale_codes(project)]
    paths = [path for path in paths if path.is_file()]  # the template's domain, as `pybabel update`
    for path in paths:
        with path.open("rb") as file:
            catalog = read_po(file, locale=path.parent.parent.name, domain=DOMAIN)
        merge(catalog, template)
        with tempfile.TemporaryDirectory(dir=path.parent, prefix=".update-") as folder:
            written = Path(folder) / path.name
            with written.open("wb") as file:
                write_po(file, catalog, width=0)  # 0: no wrapping, as --no-wrap
            os.replace(written, path)
    return paths


def merge(catalog: Catalog, template: Catalog) -> None:
    """`pybabel update --no-fuzzy-matching --ignore-obsolete` on a catalog read, then `suggest`
    for what is new. No --previous: pybabel wraps the `#|` lines, which msgfmt then rejects."""
    before = [message for message in catalog if message.id]
    obsolete = list(catalog.obsolete.values())  # left by a plain `pybabel update`
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    gone = obsolete + [message for message in before if catalog.get(message.id, message.context) is None]
    current = {_key(message) for message in before}
    new = [message for message in catalog if message.id and _key(message) not in current]
    for message, old in suggest(new, gone):
        message.string = _reshaped(old.string, message, catalog.num_plurals)
        message.user_comments = list(old.user_comments)
        message.flags.add("fuzzy")


def suggest(new: list[Message], gone: list[Message]) -> Iterator[tuple[Message, Message]]:
    """Each new message with the translated message it most likely was before its English
    changed: one the sources no longer have, of the same context, with the same placeholders,
    both running text (MIN_WORDS, not a name or term: TERM_CONTEXTS), their English at least
    CUTOFF alike. Only the messages gone are compared, not the whole catalog: comparing each
    new message with two thousand was most of the minute `update` took after a game was
    added, and gave a new game's sentences another game's translations."""
    candidates: dict[tuple, dict[str, Message]] = {}
    for old in gone:
        if _running_text(old) and any(_strings(old)):
            candidates.setdefault(_kind(old), {}).setdefault(_english(old).lower().strip(), old)
    for message in new:
        alike = candidates.get(_kind(message), {}) if _running_text(message) else {}
        best = get_close_matches(_english(message).lower().strip(), alike, 1, CUTOFF)
        if best:
            yield message, alike[best[0]]


def _key(message: Message) -> Key:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def _english(message: Message) -> str:
    return message.id if isinstance(message.id, str) else "\n".join(message.id)


def _strings(message: Message) -> tuple[str, ...]:
    return (message.string,) if isinstance(message.string, str) else tuple(message.string or ())


def _running_text(message: Message) -> bool:
    return message.context not in TERM_CONTEXTS and len(_english(message).split()) >= MIN_WORDS


def _kind(message: Message) -> tuple:
    """What a suggestion keeps: the message's context and its placeholders."""
    return message.context, frozenset(PLACEHOLDER.findall(_english(message)))


def _reshaped(strings, message: Message, forms: int) -> str | tuple[str, ...]:
    """An old translation in the shape of the new message: a plural one as `forms` forms (the
    singular's translation first, the rest left to the translator), a singular one as one."""
    old = (strings,) if isinstance(strings, str) else tuple(strings)
    if isinstance(message.id, str):
        return old[0]
    return (old + ("",) * forms)[:forms] if len(old) > 1 else (old[0],) + ("",) * (forms - 1)


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
