"""A link that leads out of the project is refused wherever the project's files are read (issue
29): `check`, the build, the catalogs and the docs folder say which link, never what lies at its
end, so a pull request cannot have a CI log or a site show a file of the machine it runs on."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_site import copy_project

from tutorial_engine.problems import leads_outside

MKDOCS = Path(sys.executable).parent / "mkdocs"
SECRET = "secret-token-of-the-machine: 0123456789\n"
REFUSED = "a link to a file outside the project; only the project's own files are read"

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")


@pytest.fixture
def secret(tmp_path) -> Path:
    """A file of the machine, outside any project."""
    path = tmp_path / "outside" / "credentials.yml"
    path.parent.mkdir()
    path.write_text(SECRET, encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path) -> Path:
    return copy_project(tmp_path / "project")


def test_leads_outside_tells_a_link_out_from_a_link_within_and_a_path_named_outside(tmp_path, secret):
    root = tmp_path / "project"
    (root / "examples").mkdir(parents=True)
    (root / "examples" / "real.yml").write_text("examples: []\n", encoding="utf-8")
    (root / "examples" / "out.yml").symlink_to(secret)
    (root / "examples" / "within.yml").symlink_to(root / "examples" / "real.yml")
    (root / "linked").symlink_to(secret.parent, target_is_directory=True)
    assert leads_outside(root, root / "examples" / "out.yml")
    assert leads_outside(root, root / "linked" / "credentials.yml")  # through a linked folder
    assert not leads_outside(root, root / "examples" / "within.yml")
    assert not leads_outside(root, root / "examples" / "real.yml")
    assert not leads_outside(root, secret)  # named outside: the caller's own choice


def test_check_names_each_link_out_and_shows_nothing_of_what_it_leads_to(run_cli, project, secret):
    (project / "examples" / "briscola" / "examples" / "leak.yml").symlink_to(secret)
    game = project / "examples" / "euchre" / "game.yml"
    game.unlink()
    game.symlink_to(secret)
    facts = project / "examples" / "altbaumer" / "facts.md"
    facts.unlink()
    facts.symlink_to(secret)
    result = run_cli("check", "--project", str(project), cwd=project)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"examples/altbaumer/facts.md: error: {REFUSED}",
        f"examples/briscola/examples/leak.yml: error: {REFUSED}",
        f"examples/euchre/game.yml: error: {REFUSED}",
        "Aborted with 3 errors",
    ]
    assert "secret" not in result.stdout + result.stderr and "Traceback" not in result.stderr


def test_a_link_within_the_project_is_read_as_its_file(run_cli, project):
    basics = project / "examples" / "albastini" / "examples" / "basics.yml"
    (project / "examples" / "albastini" / "examples" / "again.yml").symlink_to(basics)
    result = run_cli("check", "--project", str(project), "examples/albastini/examples/again.yml", cwd=project)
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("command", [["locale", "check", "fr"], ["locale", "stats"]])
def test_a_catalog_linked_out_of_the_project_is_refused(run_cli, project, secret, command):
    catalog = project / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    catalog.unlink()
    catalog.symlink_to(secret)
    result = run_cli(*command, "--project", str(project), cwd=project)
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == f"Error: locales/fr/LC_MESSAGES/messages.po: {REFUSED}"
    assert "secret" not in result.stdout + result.stderr


def build(project: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(MKDOCS), "build", "--strict", "-q"], cwd=project, capture_output=True, text=True,
                          env=os.environ | {"NO_MKDOCS_2_WARNING": "1", "TUTORIAL_ENGINE_CACHE": "off"}, timeout=300)


@pytest.mark.slow
@pytest.mark.parametrize("where", ["docs/leak.txt", "locales/fr/LC_MESSAGES/messages.po",
                                   "examples/briscola/examples/leak.yml"])
def test_the_build_refuses_a_link_out_of_the_project_and_publishes_nothing(project, secret, where):
    link = project / where
    if link.exists():
        link.unlink()
    link.symlink_to(secret)
    result = build(project)
    assert result.returncode == 1
    assert f"{where}: {'error: ' if where.startswith('examples') else ''}{REFUSED}" in result.stderr
    assert "secret" not in result.stdout + result.stderr and "Traceback" not in result.stderr
    assert not (project / "site").exists()
    shutil.rmtree(secret.parent)
