"""Shared fixtures: the project's games loaded once, and a runner for the console script."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutorial_engine.content.project import Report, load_games

PROJECT_ROOT = Path(__file__).resolve().parent.parent
"""The project folder: tests/ sits directly under it."""

CONSOLE_SCRIPT = Path(sys.executable).parent / "tutorial-engine"


@pytest.fixture(scope="session")
def project_root() -> Path:
    return PROJECT_ROOT


@pytest.fixture(scope="session")
def games(project_root):
    """Every game of the project, as `content.project.load_games` builds them; loading must be clean."""
    report = Report()
    load_games(project_root, report)
    assert not report.problems, "\n".join(str(problem) for problem in report.problems)
    assert set(report.games) >= {"albastini", "altbaumer"}
    return report.games


@pytest.fixture(scope="session")
def albastini(games):
    return games["albastini"]


@pytest.fixture(scope="session")
def altbaumer(games):
    return games["altbaumer"]


@pytest.fixture(scope="session")
def console_script() -> Path:
    assert CONSOLE_SCRIPT.exists(), f"{CONSOLE_SCRIPT} is missing; install the project into the venv"
    return CONSOLE_SCRIPT


@pytest.fixture(scope="session")
def run_cli(console_script, project_root):
    """Run `tutorial-engine ARGS…`; the default working folder is the project root."""

    def run(*args: str, cwd: Path | None = None, stdin: str | bytes | None = None,
            timeout: float = 30, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
        env = dict(os.environ, **(env or {}))
        done = subprocess.run([str(console_script), *args], input=data, capture_output=True,
                              cwd=cwd or project_root, env=env, timeout=timeout)
        return subprocess.CompletedProcess(done.args, done.returncode,
                                           done.stdout.decode("utf-8"), done.stderr.decode("utf-8"))

    return run


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The whole bundled site, every locale, built once with --strict as `make site` builds it."""
    site = tmp_path_factory.mktemp("built-site") / "site"
    env = dict(os.environ, SOURCE_DATE_EPOCH="1767225600", NO_MKDOCS_2_WARNING="1")
    env.pop("TUTORIAL_LOCALE", None)
    done = subprocess.run([str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "-d", str(site)],
                          cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return site
