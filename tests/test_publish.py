"""Issue 9, builds: a build that fails, even on warnings alone, or is killed at any stage leaves
the previous site/ as it was; a finished one comes with a checksum list."""

from __future__ import annotations

import hashlib
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest
from test_site import LOCALES, MKDOCS, ROOT, build, copy_project, site  # noqa: F401

from tutorial_engine.build import publish
from tutorial_engine.build.publish import CHECKSUMS, stage, swap_in, write_checksums


def previous_site(project: Path) -> Path:
    folder = project / "site"
    folder.mkdir()
    (folder / "index.html").write_text("the previous site", encoding="utf-8")
    return folder


def leftovers(project: Path) -> list[str]:
    return sorted(p.name for p in project.iterdir() if p.name.startswith(".site"))


def fails_on_one_warning_and_keeps_the_previous_site(project: Path, warning: str) -> None:
    old = previous_site(project)
    result = build(project, old)
    assert result.returncode == 1
    assert warning in result.stderr
    assert "Aborted with 1 warnings in strict mode!" in result.stdout + result.stderr
    assert (old / "index.html").read_text(encoding="utf-8") == "the previous site"
    assert leftovers(project) == []


@pytest.mark.slow
def test_a_build_that_fails_on_warnings_alone_keeps_the_previous_site(tmp_path):
    """--strict counts warnings after the last plugin event: the site is swapped in only after."""
    project = copy_project(tmp_path / "project")
    catalog = project / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(text.replace('msgid "Check"\nmsgstr "Vérifier"', 'msgid "Check"\nmsgstr ""', 1),
                       encoding="utf-8")
    assert catalog.read_text(encoding="utf-8") != text
    fails_on_one_warning_and_keeps_the_previous_site(
        project, "fr: 1 message is untranslated or fuzzy and is shown in English")


@pytest.mark.slow
def test_a_warning_counted_after_the_last_plugin_event_keeps_the_previous_site(tmp_path):
    """MkDocs raises its --strict abort after on_post_build: a site swapped in there (as it
    was) replaced the previous one although the build failed."""
    project = copy_project(tmp_path / "project")
    config = project / "mkdocs.yml"
    config.write_text(re.sub(r"locales: \[[^]]*\]", "locales: [en]", config.read_text(encoding="utf-8")),
                      encoding="utf-8")
    (project / "docs" / "notes.md").write_text("# Notes\n\nSee [the missing page](missing.md).\n",
                                               encoding="utf-8")
    fails_on_one_warning_and_keeps_the_previous_site(
        project, "Doc file 'notes.md' contains a link 'missing.md', but the target is not found")


def start(project: Path) -> subprocess.Popen:
    env = os.environ | {"SOURCE_DATE_EPOCH": "1767225600", "NO_MKDOCS_2_WARNING": "1"}
    env.pop("TUTORIAL_LOCALE", None)
    return subprocess.Popen([str(MKDOCS), "build", "--strict", "-q", "-d", str(project / "site")], cwd=project,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)


def wait_for(project: Path, pattern: str, build: subprocess.Popen) -> None:
    """Until a file matching `pattern` exists in the staging folder (the build is that far). The
    bound is generous: on a loaded machine a whole build takes minutes, and the build's own end
    stops the wait sooner."""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if any(project.glob(f".site.building-*/{pattern}")):
            return
        assert build.poll() is None, "the build ended before the stage to interrupt"
        time.sleep(0.005)
    pytest.fail(f"the build never reached {pattern}")


@pytest.mark.slow
@pytest.mark.parametrize("stage_reached", ["en", "en/index.html", "ru/index.html", "sw/albastini/practice.html"])
def test_a_build_killed_at_any_stage_leaves_the_previous_site_and_the_next_build_tidies_up(tmp_path, stage_reached):
    project = copy_project(tmp_path / "project")
    old = previous_site(project)
    running = start(project)
    wait_for(project, stage_reached, running)
    os.killpg(running.pid, signal.SIGKILL)  # the build and its workers, no chance to clean up
    running.wait()

    assert (old / "index.html").read_text(encoding="utf-8") == "the previous site"
    assert sorted(old.iterdir()) == [old / "index.html"]
    assert len(leftovers(project)) == 1

    result = build(project, old)
    assert result.returncode == 0, result.stderr
    assert leftovers(project) == []
    assert (old / "en" / "index.html").is_file() and (old / CHECKSUMS).is_file()


@pytest.mark.slow
def test_ctrl_c_leaves_the_previous_site_and_nothing_else(tmp_path):
    project = copy_project(tmp_path / "project")
    old = previous_site(project)
    running = start(project)
    wait_for(project, "en/index.html", running)
    os.killpg(running.pid, signal.SIGINT)
    _, stderr = running.communicate(timeout=60)

    assert running.returncode != 0
    assert "Traceback" not in stderr.decode()
    assert (old / "index.html").read_text(encoding="utf-8") == "the previous site"
    assert leftovers(project) == []


def test_the_site_lists_every_file_with_its_sha256(site):
    lines = (site / CHECKSUMS).read_text(encoding="utf-8").splitlines()
    listed = dict(reversed(re.fullmatch(r"([0-9a-f]{64})  (\S+)", line).groups()) for line in lines)
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.name != CHECKSUMS)
    assert sorted(listed) == files == [name for _, name in map(str.split, lines)]
    assert all(listed[name] == hashlib.sha256((site / name).read_bytes()).hexdigest() for name in files)
    assert {name.split("/")[0] for name in files} >= set(LOCALES)
    check = subprocess.run(["sha256sum", "--check", "--quiet", CHECKSUMS], cwd=site, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_changed_file_fails_the_checksums(tmp_path):
    folder = tmp_path / "folder"
    (folder / "en").mkdir(parents=True)
    (folder / "en" / "index.html").write_text("a page", encoding="utf-8")
    write_checksums(folder)
    assert (folder / CHECKSUMS).read_text(encoding="utf-8") == (
        f"{hashlib.sha256(b'a page').hexdigest()}  en/index.html\n")
    (folder / "en" / "index.html").write_text("a tampered page", encoding="utf-8")
    check = subprocess.run(["sha256sum", "--check", "--quiet", CHECKSUMS], cwd=folder, capture_output=True, text=True)
    assert check.returncode == 1 and "en/index.html: FAILED" in check.stdout


@pytest.mark.parametrize("exchange", [True, False], ids=["atomic exchange", "two renames"])
def test_swap_in_replaces_the_site_whole(tmp_path, monkeypatch, exchange):
    if not exchange:
        monkeypatch.setattr(publish, "_exchange", lambda a, b: False)
    final = tmp_path / "site"
    final.mkdir()
    (final / "old.html").write_text("old", encoding="utf-8")
    staged = stage(final)
    staged.mkdir()
    (staged / "new.html").write_text("new", encoding="utf-8")
    swap_in(staged, final)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert sorted(p.name for p in final.iterdir()) == ["new.html"]


def test_a_site_left_aside_by_a_killed_swap_comes_back(tmp_path):
    """Killed between the two renames (where the system cannot swap in one step): no site/, the
    previous one beside it. The next build puts it back before anything else."""
    final = tmp_path / "site"
    aside = tmp_path / ".site.old-999999999"
    aside.mkdir()
    (aside / "index.html").write_text("the previous site", encoding="utf-8")
    (tmp_path / ".site.building-999999999").mkdir()
    staged = stage(final)
    assert (final / "index.html").read_text(encoding="utf-8") == "the previous site"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert staged == tmp_path / f".site.building-{os.getpid()}"
