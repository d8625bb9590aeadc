"""SECURITY.md names the tests and files behind each guarantee: they exist, and the README
leads to it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_file_named_in_security_md_exists():
    text = (ROOT / "SECURITY.md").read_text(encoding="utf-8")
    named = re.findall(r"`((?:tests|bench|tutorial_engine)/[^`]+?)`", text)
    assert len(named) >= 8
    for name in named:
        assert list(ROOT.glob(name)), name
    siblings = re.findall(r"`tests/fixtures/bad/[^`]+`((?:,\s+`[^`]+`)+)", text)
    assert siblings
    for line in siblings:
        for fixture in re.findall(r"`([^`]+)`", line):
            assert (ROOT / "tests" / "fixtures" / "bad" / fixture).exists(), fixture


def test_the_readme_links_it_and_make_soak_exists():
    assert "[SECURITY.md](SECURITY.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "\nsoak: $(VENV)/.tool\n\t$(PY) bench/soak.py\n" in (ROOT / "Makefile").read_text(encoding="utf-8")


def test_each_guarantee_is_stated_once_and_names_the_tests_that_hold_it():
    text = (ROOT / "SECURITY.md").read_text(encoding="utf-8")
    section = text.split("## What it guarantees", 1)[1].split("\n## ", 1)[0]
    guarantees = re.findall(r"^- \*\*(.+?)\*\*(.*?)(?=^- \*\*|\Z)", section, re.S | re.M)
    assert len(guarantees) >= 12
    titles = [title for title, _ in guarantees]
    assert len(set(titles)) == len(titles), titles
    for title, body in guarantees:
        assert re.search(r"`(?:tests|bench)/", body), f"'{title}' names no test"
