"""`mkdocs serve` previews one locale and rebuilds when content or catalogs change."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from test_site import copy_project

MKDOCS = Path(sys.executable).parent / "mkdocs"
pytestmark = pytest.mark.slow  # mkdocs serve
PAGE = "albastini/two-players.html"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return None


def wait_for(url: str, predicate, seconds: float = 60) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        page = fetch(url)
        if page is not None and predicate(page):
            return page
        time.sleep(0.3)
    raise AssertionError(f"{url} did not show the change within {seconds} s")


@pytest.fixture
def served(tmp_path):
    project = copy_project(tmp_path / "project")
    port = free_port()
    env = os.environ | {"TUTORIAL_LOCALE": "ru", "NO_MKDOCS_2_WARNING": "1"}
    server = subprocess.Popen([str(MKDOCS), "serve", "-a", f"127.0.0.1:{port}"],
                              cwd=project, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        yield project, f"http://127.0.0.1:{port}/{PAGE}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_serve_previews_the_chosen_locale_and_rebuilds_on_changes(served):
    project, url = served
    wait_for(url, lambda page: '<html lang="ru"' in page)

    basics = project / "examples" / "albastini" / "examples" / "basics.yml"
    basics.write_text(basics.read_text(encoding="utf-8").replace(
        "title: A small trump takes the ace", "title: A live-reload check", 1), encoding="utf-8")
    wait_for(url, lambda page: "A live-reload check" in page)

    catalog = project / "locales" / "ru" / "LC_MESSAGES" / "messages.po"
    catalog.write_text(catalog.read_text(encoding="utf-8") + '\nmsgid "A live-reload check"\n'
                       'msgstr "Проверка перезагрузки"\n', encoding="utf-8")
    wait_for(url, lambda page: "Проверка перезагрузки" in page)
