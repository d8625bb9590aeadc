"""Where a build's time goes (build/stages.py): each process logs its stages at debug level,
and bench/build.py sums them into its breakdown (issue 28)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_site import copy_project

from tutorial_engine.build.stages import LINE, PATTERN, Stages, since_process_start
from tutorial_engine.cache import CACHE_VARIABLE

MKDOCS = Path(sys.executable).parent / "mkdocs"
BURN = "import time\nwhile time.process_time() < 0.3: pass"
"""A child process that uses at least 0.3 s of processor time."""


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def stages() -> tuple[Stages, Lines]:
    log = logging.getLogger("test.stages")
    log.setLevel(logging.DEBUG)
    log.propagate = False
    lines = Lines()
    log.handlers = [lines]
    return Stages(log), lines


def test_a_stage_is_one_line_that_the_bench_reads_back():
    assert PATTERN.fullmatch(LINE.format(name="render fa", wall=1.5, processor=0.25)).groupdict() == {
        "name": "render fa", "wall": "1.500", "processor": "0.250"}


def test_a_stage_logs_its_time_when_it_ends_and_one_never_started_logs_nothing():
    timer, lines = stages()
    timer.start("check")
    assert lines.lines == []
    timer.stop("check")
    timer.stop("publish")
    [line] = lines.lines
    match = PATTERN.fullmatch(line)
    assert match is not None and match["name"] == "check"


def test_the_children_it_waited_for_count_unless_they_are_another_stages():
    timer, lines = stages()
    for name, children in (("drawing", True), ("waiting", False)):
        with timer.timed(name, children=children):
            subprocess.run([sys.executable, "-c", BURN], check=True)
    drawing, waiting = (PATTERN.fullmatch(line) for line in lines.lines)
    assert drawing is not None and waiting is not None
    assert float(drawing["processor"]) >= 0.3
    assert float(waiting["processor"]) < 0.3


def test_the_start_up_is_measured_from_the_process_start():
    started = since_process_start()
    assert started is not None  # Linux: /proc
    wall, processor = started
    assert wall > 0 and processor > 0


def three_locales(tmp_path: Path) -> Path:
    project = copy_project(tmp_path / "project")
    settings = project / "mkdocs.yml"
    settings.write_text(settings.read_text(encoding="utf-8").replace("locales: [en, ru, fr, es, fa, sw]",
                                                                      "locales: [en, fa, sw]"), encoding="utf-8")
    return project


def verbose_build(project: Path, site: Path, cache: Path) -> list[str]:
    """The stages a build logs, in the order they ended."""
    env = os.environ | {"NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": "1767225600", CACHE_VARIABLE: str(cache)}
    env.pop("TUTORIAL_LOCALE", None)
    done = subprocess.run([str(MKDOCS), "build", "--strict", "-v", "-d", str(site)], cwd=project,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return [match["name"] for match in PATTERN.finditer(done.stderr)]


@pytest.mark.slow  # builds a site
def test_a_verbose_build_logs_every_stage_of_every_locale(tmp_path):
    names = verbose_build(three_locales(tmp_path), tmp_path / "site", tmp_path / "cache")
    per_locale = {f"{stage} {code}" for stage in ("config", "render", "mkdocs", "finish") for code in ("en", "fa", "sw")}
    forks = {"templates"} if (os.cpu_count() or 1) > 1 else set()  # compiled before the workers fork
    assert sorted(names) == sorted({"startup", "check", "drawing", "catalogs", "waiting", "publish"} | forks | per_locale)
    assert names[:4] == ["startup", "check", "drawing", "catalogs"]
    assert names[-1] == "publish"


def files(site: Path) -> dict[str, bytes]:
    return {path.relative_to(site).as_posix(): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


@pytest.mark.slow  # builds a site twice
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: no worker to fork")
def test_once_every_locale_is_rendered_the_workers_start_at_once_and_check_for_themselves(tmp_path):
    """Each process checks the project and reads the catalogs at the same time, rather than the
    workers waiting for the first process to do it; the site is the same."""
    project = three_locales(tmp_path)
    first = verbose_build(project, tmp_path / "first", tmp_path / "cache")
    again = verbose_build(project, tmp_path / "again", tmp_path / "cache")
    assert first.count("check") == 1
    assert again.count("check") == again.count("catalogs") == 2
    assert "templates" not in again
    assert files(tmp_path / "again") == files(tmp_path / "first")
