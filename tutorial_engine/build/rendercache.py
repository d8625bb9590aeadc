"""A locale's rendered pages kept between builds: a build of an unchanged project renders them
once, not at every build.

Rendering every page of a locale (each drill with all its questions in the locale's words, the
worksheets, walkthroughs, play pages, the instructors' guide) is the plugin's largest share of a
build once the drills are drawn (bench/README.md). Rendering is a function of its inputs
(ARCHITECTURE.md), so what it made is kept in the user's cache folder (cache.py), as plain data
under a key made of all of them: the package's code and templates, every file of the examples folder,
the locale's catalog and the plugin's settings. A change to any of them renders the locale
afresh; the translators' page, which counts every catalog, is always rendered.
"""

from __future__ import annotations

import hashlib
import marshal
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..cache import Kept
from ..render import FOLDER as RENDER


@dataclass(frozen=True)
class RenderedLocale:
    """What on_files renders for one locale, as plain text."""

    files: dict[str, str]
    """By site path: the Markdown of each page and worksheet, and each drill script."""
    slots: dict[str, dict[str, str]]
    """By page: the HTML that goes in place of each marker in the finished page."""
    descriptions: dict[str, str]
    """By page: its meta description."""
    english: tuple[tuple[str | None, str], ...]
    """(context, msgid) of the messages rendering showed in English: the build's count of them
    and --strict must not depend on whether the pages were rendered or kept."""

    def to_bytes(self) -> bytes:
        """marshal, compressed: a locale's pages are some 8 MB of text, drill markup most of it.
        JSON took ten times as long each way, a twentieth of a second a locale; marshal writes
        plain strings, dicts and tuples just as well, for the Python that made the key (`Kept`
        keys every entry by the Python running it). Uncompressed, the first build wrote 50 MB
        more, which cost a third of a second of system time, where zlib's quickest level costs
        a tenth of a second of processor time."""
        return zlib.compress(marshal.dumps((self.files, self.slots, self.descriptions, self.english)), 1)

    @classmethod
    def from_bytes(cls, data: bytes) -> RenderedLocale | None:
        """None for anything but an entry this module wrote: it is rendered afresh then. Only
        strings, dicts and tuples are taken; nothing read is ever run."""
        try:
            files, slots, descriptions, english = marshal.loads(zlib.decompress(data))
            rendered = cls(files, slots, descriptions, tuple((context, message) for context, message in english))
        except (ValueError, EOFError, TypeError, zlib.error):
            return None
        if not (_texts(rendered.files) and _texts(rendered.descriptions)
                and isinstance(rendered.slots, dict) and all(_texts(s) for s in rendered.slots.values())
                and all(isinstance(c, (str, type(None))) and isinstance(m, str) for c, m in rendered.english)):
            return None
        return rendered


def _texts(mapping) -> bool:
    return isinstance(mapping, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in mapping.items())


class RenderedLocales:
    """Each locale's rendered pages in the cache folder, one entry a locale."""

    def __init__(self, kept: Kept | None) -> None:
        self.kept = kept

    @classmethod
    def in_user_cache(cls) -> RenderedLocales:
        return cls(Kept("pages", "marshal.zlib"))

    def get(self, code: str, key: str) -> RenderedLocale | None:
        data = self.kept.read(code, key) if self.kept is not None else None
        return RenderedLocale.from_bytes(data) if data is not None else None

    def has(self, code: str, key: str) -> bool:
        return self.kept is not None and self.kept.has(code, key)

    def put(self, code: str, key: str, rendered: RenderedLocale) -> None:
        if self.kept is not None:
            self.kept.write(code, key, rendered.to_bytes())


def folder_digest(folder: Path) -> bytes:
    """Every file under `folder`, by its path and its bytes."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(f"{path.relative_to(folder).as_posix()}\0".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.digest()


def inputs_key(examples: bytes, catalogs: dict[str, Path | None], settings: Iterable[str]) -> dict[str, str]:
    """Per locale, the key of everything its rendering reads besides the package's code (which
    `Kept` adds): the templates, the examples folder (its `folder_digest`), the locale's catalog
    (None for the source language), and `settings` (the plugin's, the project's place)."""
    digest = hashlib.sha256()
    for text in settings:
        digest.update(text.encode("utf-8") + b"\0")
    digest.update(folder_digest(RENDER / "templates") + examples)
    keys = {}
    for code, catalog in catalogs.items():
        locale = digest.copy()
        locale.update(f"catalog {code}\0".encode() + (catalog.read_bytes() if catalog is not None else b""))
        keys[code] = locale.hexdigest()
    return keys
