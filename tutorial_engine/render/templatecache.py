"""Compiled Jinja templates, ours and Material's, kept between builds.

Compiling them was a third of a one-locale build: each locale has its own Environment (its own
gettext), each build process its own locales, and each build started afresh. Jinja's own
FileSystemBytecodeCache keeps the compiled code in the user's cache folder (cache.py); this
keeps it in memory as well, for the other locales of the process and the workers it forks, and
compiles afresh where a file in the folder is damaged, where Jinja would fail the build. Jinja
checks each template's source against the checksum stored with its code, so an edited or
upgraded template is compiled afresh too.
"""

from __future__ import annotations

from jinja2 import BytecodeCache, FileSystemBytecodeCache

from ..cache import cache_folder


class CompiledTemplates(BytecodeCache):
    """Jinja's bytecode cache: in memory, and in the cache folder when there is one."""

    def __init__(self, disk: FileSystemBytecodeCache | None) -> None:
        self.code: dict[str, bytes] = {}
        self.disk = disk

    @classmethod
    def in_user_cache(cls) -> CompiledTemplates:
        folder = cache_folder("templates")
        return cls(FileSystemBytecodeCache(str(folder)) if folder is not None else None)

    def load_bytecode(self, bucket) -> None:
        code = self.code.get(bucket.key)
        try:
            if code is not None:
                bucket.bytecode_from_string(code)  # kept only if its source's checksum matches
            elif self.disk is not None:
                self.disk.load_bytecode(bucket)
        except Exception:  # a damaged entry is compiled afresh, like a stale one
            bucket.reset()

    def dump_bytecode(self, bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()
        if self.disk is not None:
            try:
                self.disk.dump_bytecode(bucket)
            except OSError:
                pass  # a full disk only costs the next build some time
