"""Compiled Jinja templates, ours and Material's, kept between builds.

Compiling them was a third of a one-locale build: each locale has its own Environment (its own
gettext), each build process its own locales, and each build started afresh. Compiled code is
kept in memory for the process and on disk in the user's own cache folder, like Python's
__pycache__. Never in the project: a compiled template is code, and a project is content that
may come from anyone (SECURITY.md). Jinja checks each template's source against the checksum
stored with its code, so an edited or upgraded template is compiled afresh.
"""

from __future__ import annotations

import os
import stat
import tempfile
from functools import cached_property
from pathlib import Path

from jinja2 import BytecodeCache

CACHE_VARIABLE = "TUTORIAL_ENGINE_CACHE"
"""A folder for the cache instead of $XDG_CACHE_HOME/tutorial-engine; "off" keeps none on disk."""


def cache_folder() -> Path | None:
    """The folder to keep compiled templates in, made if need be, or None when there is none
    this user alone can write to: then they are compiled once per process only."""
    setting = os.environ.get(CACHE_VARIABLE, "")
    if setting == "off":
        return None
    if setting:
        folder = Path(setting)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
        folder = Path(base) / "tutorial-engine"
    folder = folder / "templates"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return None
    owner = getattr(os, "getuid", lambda: None)()
    private = info.st_uid == owner and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    return folder if private else None


class CompiledTemplates(BytecodeCache):
    """Jinja's bytecode cache: in memory, and in `cache_folder()` when there is one."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    @cached_property
    def folder(self) -> Path | None:
        return cache_folder()

    def load_bytecode(self, bucket) -> None:
        code = self.code.get(bucket.key)
        if code is None and self.folder is not None:
            try:
                code = (self.folder / f"{bucket.key}.cache").read_bytes()
            except OSError:
                return
        if code is None:
            return
        try:
            bucket.bytecode_from_string(code)  # kept only if its source's checksum matches
        except Exception:  # noqa: BLE001 - a damaged file is compiled afresh, like a stale one
            bucket.reset()

    def dump_bytecode(self, bucket) -> None:
        code = bucket.bytecode_to_string()
        self.code[bucket.key] = code
        if self.folder is not None:
            _write(self.folder / f"{bucket.key}.cache", code)


def _write(path: Path, data: bytes) -> None:
    """Whole or not at all: two builds at once may write the same template."""
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


COMPILED = CompiledTemplates()
"""The one cache of a process: our templates in every locale's Environment, and Material's."""
