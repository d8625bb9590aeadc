"""A locale's catalog as the build reads it: where the catalogs are, their current
translations, kept between builds as plain data, and how much of the template's messages each
translates (`count`: `locale stats`, the build and the translators' page count alike)."""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

import babel
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from ..cache import Kept
from ..problems import OUTSIDE, display_path, leads_outside
from .pofile import markup_errors, markup_problems
from .translator import DOMAIN, SOURCE_LOCALE, CurrentMessages, is_current, oversized

LOCALES_DIR = "locales"
TEMPLATE = f"{DOMAIN}.pot"


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
    return [own(project, path) for path in sorted((project / LOCALES_DIR / code / "LC_MESSAGES").glob("*.po"))]


def own(project: Path, path: Path) -> Path:
    """`path`, unless a link takes it out of the project (problems.leads_outside): then a
    LocaleError that names the link, never what lies at its end."""
    if leads_outside(project, path):
        raise LocaleError(f"{display_path(path)}: {OUTSIDE}")
    return path


Key = tuple[str | None, str]
"""A message: its context and its English (the singular of a plural message)."""


@dataclass(frozen=True)
class Counts:
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated

    @property
    def missing(self) -> int:
        """The messages a reader gets in English: untranslated or fuzzy."""
        return self.fuzzy + self.untranslated

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


def _key_of(message) -> Key:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


@dataclass(frozen=True)
class ReadCatalog:
    """What a build takes from a catalog: its current translations, and which of its other
    messages are fuzzy or untranslated, plain data that the user's cache folder keeps as JSON."""
    messages: CurrentMessages
    fuzzy: frozenset[Key]
    untranslated: frozenset[Key]
    """Neither current nor fuzzy: empty, or a plural message with a form left empty."""

    @property
    def keys(self) -> frozenset[Key]:
        """Every message of the catalog (the header and obsolete entries left out)."""
        return frozenset(self.messages.texts) | self.fuzzy | self.untranslated

    @classmethod
    def of(cls, catalog: Catalog) -> ReadCatalog:
        current = CurrentMessages.of(catalog)
        others = [message for message in catalog if message.id and _key_of(message) not in current.texts]
        return cls(current, frozenset(_key_of(m) for m in others if m.fuzzy),
                   frozenset(_key_of(m) for m in others if not m.fuzzy))

    def to_json(self) -> bytes:
        texts = [[context, message, text] for (context, message), text in self.messages.texts.items()]
        return json.dumps({"plural": self.messages.plural, "texts": texts, "fuzzy": sorted(self.fuzzy, key=str),
                           "untranslated": sorted(self.untranslated, key=str)},
                          ensure_ascii=False).encode("utf-8")

    @classmethod
    def from_json(cls, data: bytes) -> ReadCatalog | None:
        """None for anything but what `to_json` wrote (a damaged entry is read afresh)."""
        try:
            kept = json.loads(data)
            texts = {(context, message): text if isinstance(text, str) else tuple(text)
                     for context, message, text in kept["texts"]}
            return cls(CurrentMessages(texts, str(kept["plural"])),
                       *(frozenset((context, str(message)) for context, message in kept[name])
                         for name in ("fuzzy", "untranslated")))
        except (ValueError, TypeError, KeyError):
            return None


def count(catalog: ReadCatalog, messages: Collection[Key]) -> Counts:
    """How much of `messages`, the template's (what the sources give to translate), the catalog
    translates: the one count of `locale stats`, of the build's report and of the translators'
    page. A message the catalog lacks is untranslated; one only the catalog has is not counted."""
    translated = sum(key in catalog.messages.texts for key in messages)
    fuzzy = sum(key in catalog.fuzzy for key in messages)
    return Counts(translated, fuzzy, len(messages) - translated - fuzzy)


def catalog_counts(path: Path, code: str, messages: Collection[Key] | None = None) -> Counts:
    """The counts of the catalog at `path` against `messages`: by default its project's template
    (the messages.pot beside locales/<code>/), or its own messages while there is none."""
    catalog = read_catalog(path, code)
    if messages is None:
        template = path.parents[2] / TEMPLATE
        messages = message_list(template) if template.is_file() else catalog.keys
    return count(catalog, messages)


def message_list(template: Path, kept: Kept | None = None) -> frozenset[Key]:
    """The messages of the template (messages.pot), read as the source locale's catalog: all
    untranslated. `kept` keeps them between builds, as it keeps the catalogs."""
    return read_catalog(template, SOURCE_LOCALE, kept).keys


def _key(code: str, data: bytes) -> str:
    return hashlib.sha256(f"{babel.__version__}\0{code}\0".encode() + data).hexdigest()


def is_kept(path: Path, code: str, kept: Kept) -> bool:
    """`kept` holds the catalog at `path` as it is now: reading it parses nothing."""
    try:
        return kept.has(code, _key(code, path.read_bytes()))
    except OSError:
        return False


def _adds_markup(message) -> bool:
    """A shown translation with markup its English does not have (pofile.markup_problems): a
    quick look at every message, before the catalog is read again for the lines to report."""
    if not is_current(message):
        return False
    english = message.id if isinstance(message.id, str) else "".join(message.id)
    texts = (message.string,) if isinstance(message.string, str) else message.string
    return any(markup_problems(english, text) for text in texts)


def read_catalog(path: Path, code: str, kept: Kept | None = None) -> ReadCatalog:
    """The catalog at `path`, or a LocaleError saying how to find out what is wrong with it.
    `kept` (cache.Kept) holds the catalogs an earlier build read, by their bytes: reading one
    is most of what a build does before its locales can start."""
    if reason := oversized(path):
        raise LocaleError(f"{display_path(path)}: {reason}")
    try:
        data = path.read_bytes()
        key = _key(code, data)
        entry = kept.read(code, key) if kept is not None else None
        read = ReadCatalog.from_json(entry) if entry is not None else None
        if read is not None:
            return read
        catalog = read_po(io.BytesIO(data), locale=code, abort_invalid=True)
        read = ReadCatalog.of(catalog)
    except Exception as error:  # any unreadable catalog gets the same advice
        raise LocaleError(f"{display_path(path)} does not read ({error}); "
                          "run tutorial-engine locale check") from None
    if any(_adds_markup(message) for message in catalog):
        problems = "\n".join(str(problem) for problem in markup_errors(data, path))
        raise LocaleError(f"{problems}\nA translation may not change a page's markup; "
                          "tutorial-engine locale check lists every problem of the catalog")
    if kept is not None:
        kept.write(code, key, read.to_json())
    return read


def stats(project: Path) -> dict[str, list[tuple[Path, Counts]]]:
    """Per locale, per catalog file: the counts against the template (catalog_counts)."""
    template = own(project, template_path(project))
    messages = message_list(template) if template.is_file() else None
    return {code: [(path, catalog_counts(path, code, messages)) for path in catalog_files(project, code)]
            for code in locale_codes(project)}
