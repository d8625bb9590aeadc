"""The user's cache folder: what a build keeps for the next one (compiled templates, drawn drill
questions, catalogs as read), like Python's __pycache__.

Never in the project: compiled templates are code that Python runs, and a project is content
that may come from anyone (SECURITY.md). So a folder another user owns, or others may write to,
is not used. Drawn questions and catalogs are kept as JSON, plain data.
"""

from __future__ import annotations

import glob
import hashlib
import os
import stat
import sys
import tempfile
from functools import cached_property
from pathlib import Path

import platformdirs

PACKAGE = Path(__file__).resolve().parent

CACHE_VARIABLE = "TUTORIAL_ENGINE_CACHE"
"""A folder for the cache instead of the user's own (platformdirs: $XDG_CACHE_HOME/tutorial-engine
on Linux); "off" keeps none on disk."""


def cache_folder(kind: str) -> Path | None:
    """The folder for `kind` ("templates", "drills", "catalogs"), made if need be, or None when there is
    none this user alone can write to: then nothing is kept between builds."""
    setting = os.environ.get(CACHE_VARIABLE, "")
    if setting == "off":
        return None
    folder = Path(setting or platformdirs.user_cache_dir("tutorial-engine", appauthor=False)) / kind
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return None
    owner = getattr(os, "getuid", lambda: None)()
    private = info.st_uid == owner and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    return folder if private else None


def write_whole(path: Path, data: bytes) -> None:
    """Whole or not at all, and silently not at all: two builds at once may write the same
    entry, and a full disk only costs the next build some time."""
    try:
        file = tempfile.NamedTemporaryFile(dir=path.parent, prefix=".", delete=False)
    except OSError:
        return
    try:
        with file:
            file.write(data)
        os.replace(file.name, path)
    except OSError:
        Path(file.name).unlink(missing_ok=True)


class Kept:
    """Entries of one kind in the cache folder, one per name, each under a key of its inputs and
    of the code that made it: a name's new entry (its inputs or the code changed) replaces the
    old, so the folder holds what the last builds used and no more, however often drills and
    catalogs are edited."""

    def __init__(self, kind: str, suffix: str) -> None:
        self.kind = kind
        self.suffix = suffix

    @cached_property
    def folder(self) -> Path | None:
        return cache_folder(self.kind)

    @cached_property
    def made_by(self) -> bytes:
        """Part of every entry's key: an entry that other code made is never read."""
        return code_digest()

    def _path(self, folder: Path, name: str, key: str) -> Path:
        digest = hashlib.sha256(self.made_by + key.encode("utf-8")).hexdigest()
        return folder / f"{name}.{digest}.{self.suffix}"

    def read(self, name: str, key: str) -> bytes | None:
        if self.folder is None:
            return None
        try:
            return self._path(self.folder, name, key).read_bytes()
        except OSError:
            return None

    def has(self, name: str, key: str) -> bool:
        return self.folder is not None and self._path(self.folder, name, key).is_file()

    def write(self, name: str, key: str, data: bytes) -> None:
        if self.folder is None:
            return
        path = self._path(self.folder, name, key)
        write_whole(path, data)
        for old in self.folder.glob(f"{glob.escape(name)}.*"):  # an older format's too
            if old != path and old.name.split(".")[0] == name:
                old.unlink(missing_ok=True)


def code_digest() -> bytes:
    """This package's code and the Python running it (whose random module draws the drills'
    questions): what made a kept entry."""
    digest = hashlib.sha256(sys.version.encode("utf-8"))
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(path.relative_to(PACKAGE).as_posix().encode("utf-8") + b"\0" + path.read_bytes())
    return digest.digest()
