"""Putting a finished build in place: all of it or none of it.

`mkdocs build` writes into a hidden sibling of site/ (`staging`); only a build that finished
without error is swapped in, by one atomic exchange of the two folders where the system has it
(Linux renameat2), so a reader of site/ never finds it missing or half written, even if the
build is killed. What a killed build leaves behind is removed by the next one. A checksum list
lets a deployment check that every file arrived intact.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib
import os
import shutil
from pathlib import Path

CHECKSUMS = "SHA256SUMS"
"""In the site's root, in the format of `sha256sum`: `cd site && sha256sum -c SHA256SUMS`."""
_BUILDING = ".{name}.building-"
_OLD = ".{name}.old-"
_RENAME_EXCHANGE = 2


def stage(final: Path) -> Path:
    """The folder this build writes into, beside `final`, once the leftovers of builds that
    were killed are gone: a previous site/ left aside by a swap that did not finish comes back."""
    for prefix in (_BUILDING, _OLD):
        for folder in final.parent.glob(prefix.format(name=final.name) + "*"):
            pid = folder.name.rpartition("-")[2]
            if pid.isdigit() and int(pid) != os.getpid() and _running(int(pid)):
                continue  # another build, still at work
            if prefix == _OLD and not final.exists():
                folder.rename(final)
            else:
                shutil.rmtree(folder, ignore_errors=True)
    folder = final.with_name(_BUILDING.format(name=final.name) + str(os.getpid()))
    shutil.rmtree(folder, ignore_errors=True)
    return folder


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def checksums(site: Path, folder: Path) -> dict[str, str]:
    """The SHA-256 of every file under `folder`, by its path in `site`: each build process
    takes those of the locales it built, once it has built them, rather than the parent all of
    them at the end."""
    return {path.relative_to(site).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in folder.rglob("*") if path.is_file()}


def write_checksums(site: Path, taken: dict[str, str] | None = None) -> None:
    """SHA256SUMS: every file of the site but itself, by path, sorted, as `sha256sum` writes it.
    `taken` has digests taken already (`checksums`) of files not written since."""
    taken = taken or {}
    digests = {}
    for path in site.rglob("*"):
        if path.is_file() and path.name != CHECKSUMS:
            name = path.relative_to(site).as_posix()
            digests[name] = taken.get(name) or hashlib.sha256(path.read_bytes()).hexdigest()
    (site / CHECKSUMS).write_text("".join(f"{digests[name]}  {name}\n" for name in sorted(digests)),
                                  encoding="utf-8")


def swap_in(staging: Path, final: Path) -> None:
    """`staging` becomes `final`; the previous `final`, if any, is removed."""
    if not final.exists():
        staging.rename(final)
        return
    if _exchange(staging, final):
        shutil.rmtree(staging, ignore_errors=True)
        return
    old = final.with_name(_OLD.format(name=final.name) + str(os.getpid()))
    final.rename(old)  # a build killed here is repaired by the next one (`stage`)
    staging.rename(final)
    shutil.rmtree(old, ignore_errors=True)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one step (Linux renameat2 with RENAME_EXCHANGE); False where the
    system cannot."""
    libc_name = ctypes.util.find_library("c")
    if libc_name is None:
        return False
    libc = ctypes.CDLL(libc_name, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    at_fdcwd = -100
    result = renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), _RENAME_EXCHANGE)
    return result == 0
