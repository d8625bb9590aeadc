"""Compiled Jinja templates, ours and Material's, kept between builds.

Compiling them was a third of a one-locale build: each locale has its own Environment (its own
gettext), each build process its own locales, and each build started afresh. Compiled code is
kept in memory for the process and in the user's cache folder (cache.py). Jinja checks each
template's source against the checksum stored with its code, so an edited or upgraded template
is compiled afresh.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

from jinja2 import BytecodeCache

from .cache import cache_folder, write_whole


class CompiledTemplates(BytecodeCache):
    """Jinja's bytecode cache: in memory, and in the cache folder when there is one."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    @cached_property
    def folder(self) -> Path | None:
        return cache_folder("templates")

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
            write_whole(self.folder / f"{bucket.key}.cache", code)


COMPILED = CompiledTemplates()
"""The one cache of a process: our templates in every locale's Environment, and Material's."""
