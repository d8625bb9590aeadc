"""A locale's catalog as the build reads it: where the catalogs are, their current
translations and how much of each is translated, kept between builds as plain data."""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass
from pathlib import Path

import babel
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from ..cache import Kept
from ..problems import OUTSIDE, display_path, leads_outside
from .pofile import markup_errors, markup_problems
from .translator import DOMAIN, CurrentMessages, is_current, oversized

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
    return read_catalog(path, code).counts


@dataclass(frozen=True)
class ReadCatalog:
    """What a build takes from a catalog: its current translations and its counts, plain data
    that the user's cache folder keeps as JSON."""
    messages: CurrentMessages
    counts: Counts

    @classmethod
    def of(cls, catalog: Catalog) -> ReadCatalog:
        return cls(CurrentMessages.of(catalog), count(catalog))

    def to_json(self) -> bytes:
        texts = [[context, message, text] for (context, message), text in self.messages.texts.items()]
        counts = [self.counts.translated, self.counts.fuzzy, self.counts.untranslated]
        return json.dumps({"plural": self.messages.plural, "counts": counts, "texts": texts},
                          ensure_ascii=False).encode("utf-8")

    @classmethod
    def from_json(cls, data: bytes) -> ReadCatalog | None:
        """None for anything but what `to_json` wrote (a damaged entry is read afresh)."""
        try:
            kept = json.loads(data)
            texts = {(context, message): text if isinstance(text, str) else tuple(text)
                     for context, message, text in kept["texts"]}
            return cls(CurrentMessages(texts, str(kept["plural"])), Counts(*map(int, kept["counts"])))
        except (ValueError, TypeError, KeyError):
            return None


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
    """Per locale, per catalog file: the counts."""
    return {code: [(path, catalog_counts(path, code)) for path in catalog_files(project, code)]
            for code in locale_codes(project)}


