"""The README's examples are run, so what a new user copies from it works as shown."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tutorial_engine.content.project import check

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
YAML_BLOCKS = re.findall(r"```yaml\n(.*?)```", README, flags=re.S)
CONSOLE_BLOCKS = re.findall(r"```console\n(.*?)```", README, flags=re.S)


def test_the_readme_has_yaml_examples_of_every_kind():
    kinds = {kind for block in YAML_BLOCKS for kind in re.findall(r"kind: (\w+)", block)}
    assert kinds == {"trick", "legal", "ranking", "forecast"}


@pytest.mark.parametrize("block", YAML_BLOCKS, ids=lambda block: re.search(r"id: (\S+)", block)[1])
def test_each_yaml_example_is_a_complete_file_that_passes_check(block, tmp_path):
    path = tmp_path / "snippet.yml"
    path.write_text(block, encoding="utf-8")
    report = check(ROOT, [path])
    assert [str(problem) for problem in report.problems] == []
    assert len(report.examples) + len(report.pages) + len(report.drills) == 1


def _sessions():
    """(command, expected output) for every `$ tutorial-engine …` without a file of its own."""
    for block in CONSOLE_BLOCKS:
        command, _, output = block.partition("\n")
        if command.startswith("$ tutorial-engine ") and "my-examples.yml" not in command:
            yield pytest.param(command[2:], output, id=command[18:40])


@pytest.mark.parametrize("command, output", list(_sessions()))
def test_console_sessions_print_what_the_readme_shows(command, output, console_script):
    args = re.findall(r'"[^"]*"|\S+', command)[1:]
    result = subprocess.run([str(console_script), *[a.strip('"') for a in args]],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.stdout == output


def test_the_judge_session_replies_as_shown(console_script):
    block = next(b for b in CONSOLE_BLOCKS if "| tutorial-engine judge" in b)
    requests = re.findall(r"'(\{.*?\})'", block)
    replies = [line for line in block.splitlines() if line.startswith("{")]
    result = subprocess.run([str(console_script), "judge"], input="\n".join(requests) + "\n",
                            capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=60)
    assert (result.returncode, result.stdout.splitlines()) == (0, replies)
