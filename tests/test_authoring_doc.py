"""AUTHORING.md stays true to the loaders: it names every field they read, and every complete
YAML file it shows passes `check`, as an instructor would copy it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from drawn import check  # the project's drills drawn once a run

from tutorial_engine.content import drills, example_shapes, gamefile, pages
from tutorial_engine.content.shapes import ListOf, MapOf, Record, Tagged

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "AUTHORING.md").read_text(encoding="utf-8")
YAML_BLOCKS = re.findall(r"```yaml\n(.*?)```", GUIDE, flags=re.S)
FILE_KEYS = {"examples", "pages", "drills"}


def _records(shape, seen=None):
    """Every Record reachable from `shape`: nested records, list items, map values, tagged kinds,
    and the block record behind a page's blocks."""
    seen = [] if seen is None else seen
    if any(shape is known for known in seen):
        return seen
    if isinstance(shape, pages.BlockShape):
        return _records(pages.BLOCK_RECORD, seen)
    if isinstance(shape, Record):
        seen.append(shape)
        for field in shape.fields.values():
            _records(field.shape, seen)
    elif isinstance(shape, ListOf):
        _records(shape.item, seen)
    elif isinstance(shape, MapOf):
        _records(shape.value, seen)
    elif isinstance(shape, Tagged):
        for record in shape.records.values():
            _records(record, seen)
    return seen


FILES = {"game.yml": gamefile.GAME, "example files": example_shapes.EXAMPLES_FILE,
         "pages.yml": pages.PAGES_FILE, "drills.yml": drills.DRILLS_FILE}
FIELDS = sorted({(name, record.what, key) for name, top in FILES.items()
                 for record in _records(top) for key in record.fields})


def test_the_walk_reaches_every_kind_of_record():
    whats = {what for _, what, _ in FIELDS}
    for what in ("a game", "the deck", "a variant", "victory-point scoring", "trick scoring",
                 "a trick example", "a legal-play example", "a ranking example", "a forecast example",
                 "a variation", "a forecast expectation", "a page", "a section", "a question",
                 "a block", "a walkthrough", "a drill"):
        assert what in whats


@pytest.mark.parametrize("file, what, key", FIELDS, ids=lambda v: str(v).replace(" ", "-"))
def test_every_field_of_the_loaders_is_in_the_guide(file, what, key):
    assert f"`{key}`" in GUIDE, f"AUTHORING.md never names `{key}` ({what}, {file})"


def test_every_drill_kind_and_constraint_is_in_the_guide():
    names = set(drills.KINDS) | {c for kind in drills.KINDS.values()
                                  for c in (kind.constraints if isinstance(kind.constraints, tuple)
                                            else [c for cs in kind.constraints.values() for c in cs])}
    for name in sorted(names):
        assert f"`{name}`" in GUIDE, f"AUTHORING.md never names `{name}`"


def _complete(block: str) -> str | None:
    """What kind of complete file a block is ('game', 'examples', 'pages', 'drills'), or None for
    a fragment."""
    try:
        data = yaml.safe_load(block)
    except yaml.YAMLError:
        return None
    if not isinstance(data, dict):
        return None
    if "id" in data and "deck" in data:
        return "game"
    kinds = FILE_KEYS & set(data)
    return kinds.pop() if len(kinds) == 1 else None


COMPLETE = [(kind, block) for block in YAML_BLOCKS if (kind := _complete(block))]


def test_the_guide_shows_a_complete_file_of_every_kind():
    kinds = {kind for kind, _ in COMPLETE}
    assert kinds == {"game", "examples", "pages", "drills"}
    example_kinds = {k for kind, block in COMPLETE if kind == "examples"
                     for k in re.findall(r"kind: ([\w-]+)", block)}
    assert example_kinds >= {"trick", "legal", "ranking", "forecast"}
    drill_kinds = {k for kind, block in COMPLETE if kind == "drills"
                   for k in re.findall(r"kind: ([\w-]+)", block)}
    assert drill_kinds == set(drills.KINDS)


@pytest.mark.parametrize("kind, block", COMPLETE,
                         ids=[f"{kind}-{n}" for n, (kind, _) in enumerate(COMPLETE)])
def test_each_complete_yaml_file_passes_check(kind, block, tmp_path):
    name = f"{yaml.safe_load(block)['id']}.game.yml" if kind == "game" else "snippet.yml"
    path = tmp_path / name
    path.write_text(block, encoding="utf-8")
    report = check(ROOT, [path])
    assert [str(problem) for problem in report.problems] == []
    if kind != "game":  # a game file outside examples/ is loaded and checked, never counted
        assert report.examples or report.pages or report.drills


def test_the_quoted_error_messages_are_those_of_the_bad_fixtures():
    block = re.search(r"^## What errors look like\n.*?```text\n(.*?)```", GUIDE, re.S | re.M)[1]
    lines = block.splitlines()
    assert 4 <= len(lines) <= 6
    for line in lines:
        path, line_no, col, message = re.fullmatch(r"(\S+?):(\d+):(\d+): (.*)", line).groups()
        fixture = (ROOT / path).read_text(encoding="utf-8")
        assert f"# expect: {line_no}:{col}: {message}\n" in fixture, line


def test_the_readme_links_the_guide():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(AUTHORING.md)" in readme
