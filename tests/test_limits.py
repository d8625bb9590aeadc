"""Issue 9: explicit input limits, each with its own message, and all of them in AUTHORING.md.

The YAML limits (nesting, aliases, expansion, alias cycles) have their bad fixtures in
tests/fixtures/bad/; here are the file size, the number of worked examples and the questions
of a drill, and the guide. The limits are tested, not the clock."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tutorial_engine.content import project as project_loader
from tutorial_engine.content.drills import MAX_COUNT, MAX_DEALS, MAX_TRIES
from tutorial_engine.content.project import MAX_EXAMPLES, check
from tutorial_engine.content.source import MAX_ALIASES, MAX_DEPTH, MAX_FILE_BYTES, MAX_NODES
from tutorial_engine.i18n.translator import MAX_CATALOG_BYTES

ROOT = Path(__file__).resolve().parent.parent
TRICK = """  - id: trick-{n}
    kind: trick
    trump: ♠
    seats: [Anna, Boris]
    leader: Anna
    plays: [A♥, 3♠]
    expect: {{winner: Boris}}
"""


def test_a_10_mb_file_is_refused_unread_with_its_size(tmp_path):
    path = tmp_path / "huge.yml"
    path.write_text("game: albastini\nexamples:\n" + "# padding\n" * (1024 * 1024), encoding="utf-8")
    size = path.stat().st_size
    assert size > 10 * 1024 * 1024 > MAX_FILE_BYTES
    result = subprocess.run([sys.executable, "-m", "tutorial_engine", "check", "--project", str(ROOT), "huge.yml"],
                            cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"huge.yml: error: file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,}", "Aborted with 1 error"]


@pytest.mark.slow  # builds
def test_a_catalog_past_its_size_limit_is_refused_unread_by_check_and_build(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    for name in ("mkdocs.yml", "docs", "examples", "locales"):
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, project / name)
    catalog = project / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    with catalog.open("a", encoding="utf-8") as po:
        po.write("# padding\n" * (5 * 1024 * 1024 // 10))
    size = catalog.stat().st_size
    assert size > MAX_CATALOG_BYTES
    message = f"file is {size:,} bytes; the limit is {MAX_CATALOG_BYTES:,}"
    env = os.environ | {"NO_MKDOCS_2_WARNING": "1"}
    checked = subprocess.run([sys.executable, "-m", "tutorial_engine", "locale", "check", "fr"], cwd=project,
                             capture_output=True, text=True, timeout=60, env=env)
    assert checked.returncode == 1
    assert f"locales/fr/LC_MESSAGES/messages.po:1: error: {message}" in checked.stdout + checked.stderr
    (project / "site").mkdir()
    built = subprocess.run([str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "-q"], cwd=project,
                           capture_output=True, text=True, timeout=120, env=env)
    assert built.returncode == 1
    assert f"locales/fr/LC_MESSAGES/messages.po: {message}" in built.stdout + built.stderr
    assert "Traceback" not in built.stdout + built.stderr
    assert list((project / "site").iterdir()) == []


def test_a_long_line_within_the_size_limit_is_only_text(tmp_path):
    title = "<script>alert(1)</script>" * 40_000  # one line of a megabyte
    path = tmp_path / "long.yml"
    path.write_text("game: albastini\nexamples:\n" + TRICK.format(n=1) + f"    title: '{title}'\n",
                    encoding="utf-8")
    report = check(ROOT, [path])
    assert list(report.problems) == [] and report.examples[0].title == title


def test_the_worked_examples_of_a_project_are_counted(tmp_path, monkeypatch):
    monkeypatch.setattr(project_loader, "MAX_EXAMPLES", 3)
    path = tmp_path / "many.yml"
    path.write_text("game: albastini\nexamples:\n" + "".join(TRICK.format(n=n) for n in range(1, 6)),
                    encoding="utf-8")
    report = check(ROOT, [path])
    assert [(p.location.line, p.message) for p in report.problems] == [
        (24, "more than 3 worked examples in the project; that is the limit (a tutorial needs far fewer)")]
    assert len(report.examples) == 3


def test_authoring_states_every_limit_with_its_message():
    text = (ROOT / "AUTHORING.md").read_text(encoding="utf-8")
    section = text[text.index("## Limits"):]
    section = section[:section.index("\n## ", 1)]
    for value in (MAX_FILE_BYTES, MAX_DEPTH, MAX_ALIASES, MAX_NODES, MAX_EXAMPLES, MAX_COUNT, MAX_TRIES, MAX_DEALS,
                  MAX_CATALOG_BYTES):
        assert f"| {value:,}" in section or f" {value:,} " in section, value
    for fixture in ("deep_nesting", "alias_bomb", "recursive_alias", "drill_count_too_big"):
        expected = (ROOT / "tests" / "fixtures" / "bad" / f"{fixture}.yml").read_text(encoding="utf-8")
        message = re.search(r"^# expect: \d+:\d+: error: (.+)$", expected, re.M)[1]
        assert f"`{message}`" in section, fixture
