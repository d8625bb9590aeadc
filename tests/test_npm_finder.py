"""tests/browser/npm, which `make browser-tools` and .ci/run call: a machine's Node.js may come
without npm on the PATH, with the npm it ships beside it (issue 28)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

FINDER = Path(__file__).resolve().parent / "browser" / "npm"


def tools(folder: Path, *names: str) -> Path:
    """A folder for the PATH holding only what the finder itself runs, and stand-ins `names`
    that print how they were called."""
    folder.mkdir(parents=True, exist_ok=True)
    for command in ("sh", "readlink", "dirname"):
        (folder / command).symlink_to(shutil.which(command))
    for name in names:
        stand_in = folder / name
        stand_in.write_text(f'#!/bin/sh\necho "{name} $*"\n', encoding="utf-8")
        stand_in.chmod(0o755)
    return folder


def run(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(path / "sh"), str(FINDER), "ci", "--prefix", "x"], capture_output=True, text=True,
                          env={"PATH": str(path)}, timeout=30)


def test_the_npm_on_the_path_comes_first(tmp_path):
    done = run(tools(tmp_path / "bin", "npm", "node"))
    assert (done.returncode, done.stdout, done.stderr) == (0, "npm ci --prefix x\n", "")


def test_without_npm_on_the_path_the_npm_shipped_beside_node_runs(tmp_path):
    # NodeSource's layout: <prefix>/bin/node and <prefix>/lib/node_modules/npm/bin/npm-cli.js,
    # reached here through a link on the PATH, as /usr/bin/node may be.
    prefix = tmp_path / "prefix"
    tools(prefix / "bin", "node")
    cli = prefix / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js"
    cli.parent.mkdir(parents=True)
    cli.write_text("", encoding="utf-8")
    path = tools(tmp_path / "path")
    (path / "node").symlink_to(prefix / "bin" / "node")
    done = run(path)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"node {cli} ci --prefix x\n"


def test_a_node_without_npm_anywhere_is_a_clear_failure(tmp_path):
    path = tools(tmp_path / "bin", "node")
    done = run(path)
    assert (done.returncode, done.stdout) == (127, "")
    assert done.stderr == (f"npm was not found: it is not on the PATH, and the Node.js at {path / 'node'} has none "
                           f"beside it ({tmp_path / 'lib' / 'node_modules' / 'npm' / 'bin' / 'npm-cli.js'}). "
                           "Install npm (Debian: apt-get install npm) or a Node.js that ships it.\n")


def test_no_node_at_all_is_a_clear_failure(tmp_path):
    done = run(tools(tmp_path / "bin"))
    assert (done.returncode, done.stdout) == (127, "")
    assert done.stderr == ("npm was not found: neither npm nor Node.js is on the PATH. "
                           "Install Node.js with npm (Debian: apt-get install nodejs npm).\n")


@pytest.mark.skipif(not os.environ.get("CI") and not shutil.which("node"), reason="no Node.js on this machine")
def test_the_finder_runs_this_machines_npm():
    """CI installs Node.js and npm one way or the other (.ci/run): the finder must reach it."""
    done = subprocess.run([str(FINDER), "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().split(".")[0].isdigit()
