"""The instructors' guide (issue 7): every field of every YAML kind, documented; complete
examples cut from the bundled files; the sample errors exactly what `check` prints."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from tutorial_engine.content.drills import drawable, read_drills
from tutorial_engine.content.gamefile import build_game
from tutorial_engine.content.jsonschema import FILES
from tutorial_engine.content.source import parse_source
from tutorial_engine.problems import Problems
from tutorial_engine.render import guide

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def schema_keys(node) -> set[str]:
    """Every property name anywhere in a JSON Schema: an independent list of the fields."""
    keys = set()
    if isinstance(node, dict):
        keys |= set(node.get("properties", {}))
        for value in node.values():
            keys |= schema_keys(value)
    elif isinstance(node, list):
        for value in node:
            keys |= schema_keys(value)
    return keys


@pytest.mark.parametrize("kind", sorted(FILES))
def test_the_tables_list_every_field_the_schema_knows(kind):
    listed = {row.key for table in guide.field_tables(kind) for row in table.rows}
    schema = json.loads((ROOT / "schemas" / f"{kind}.schema.json").read_text(encoding="utf-8"))
    assert listed == schema_keys(schema)


@pytest.mark.parametrize("kind", sorted(FILES))
def test_every_field_says_what_it_means(kind):
    undocumented = [f"{table.path}: {row.key}" for table in guide.field_tables(kind) for row in table.rows
                    if not row.doc.strip()]
    assert undocumented == []


def test_a_shared_mapping_is_listed_once():
    paths = [table.path for table in guide.field_tables("game")]
    assert paths[:3] == ["/", "deck", "order"]
    assert "variants{}.deck" not in paths and "variants{}" in paths
    trick = [table.path for table in guide.field_tables("examples") if table.path.startswith("examples[] (kind: trick)")]
    assert trick == ["examples[] (kind: trick)", "examples[] (kind: trick).expect",
                     "examples[] (kind: trick).variations[]"]


def test_every_field_description_is_in_the_template_for_translators():
    template = (ROOT / "locales" / "messages.pot").read_text(encoding="utf-8")
    for doc in guide.field_docs():
        assert f'msgctxt "field"\nmsgid "{doc}"' in template, doc


def test_the_samples_are_excerpts_of_the_bundled_files(games):
    samples = guide.samples(EXAMPLES, ROOT)
    assert set(samples) == set(FILES)
    first = games[min(games)]
    assert samples["game"].path == f"examples/{first.id}/game.yml"
    for kind, sample in samples.items():
        source = (ROOT / sample.path).read_text(encoding="utf-8")
        body = sample.text.split("\n", 1)[1] if kind != "game" else sample.text
        assert body in source, kind
        data = yaml.safe_load(sample.text)
        if kind != "game":
            assert list(data) == [kind] and len(data[kind]) == 1, kind


def test_the_game_and_drill_samples_pass_the_check(games):
    samples = guide.samples(EXAMPLES, ROOT)
    problems = Problems()
    game = build_game(parse_source(samples["game"].text.encode(), "game.yml"), problems, None)
    assert game is not None and not problems.items
    drill_game = games[Path(samples["drills"].path).parts[1]]
    assert drawable(read_drills(parse_source(samples["drills"].text.encode(), "drills.yml"), problems, drill_game), problems)
    assert not problems.items


def test_the_page_sample_is_the_shortest_page_with_sections():
    sample = guide.samples(EXAMPLES, ROOT)["pages"]
    assert yaml.safe_load(sample.text)["pages"][0]["sections"]
    lengths = []
    for path in sorted(EXAMPLES.glob("*/pages.yml")):
        root = yaml.compose(path.read_text(encoding="utf-8"))
        pages = next(value for key, value in root.value if key.value == "pages")
        lengths += [item.end_mark.line - item.start_mark.line for item in pages.value
                    if any(key.value == "sections" for key, _ in item.value)]
    assert len(sample.text.rstrip().splitlines()) - 1 <= min(lengths)


def test_the_sample_mistakes_are_what_check_prints(games, run_cli, tmp_path):
    """The guide shows the loader's own words: the same file, checked by the CLI, prints them."""
    first = games[min(games)]
    shown, text, lines = guide.mistakes(first)
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    path = tmp_path / shown
    path.write_text(text, encoding="utf-8")
    result = run_cli("check", str(path.relative_to(tmp_path)), cwd=tmp_path)
    assert result.returncode == 1
    assert (result.stdout + result.stderr).splitlines() == lines
    assert lines == [
        f"examples/{first.id}/examples/my-first-trick.yml:6:13: error: 'Bors' is not one of the seats "
        "(Anna, Boris); did you mean 'Boris'?",
        f"examples/{first.id}/examples/my-first-trick.yml:7:17: error: 'queen of spades' is not a card; "
        "expected a rank A K Q J 10 (or T) 9 … 2 followed by a suit ♠ ♥ ♦ ♣ or S H D C, as in A♥, AH, 10♦, TD; "
        "did you mean Q♠?",
        f"examples/{first.id}/examples/my-first-trick.yml:8:14: error: unknown key 'winer' in a trick "
        "expectation; did you mean 'winner'?",
        "Aborted with 3 errors",
    ]


def test_the_extractor_gives_every_description_once_with_its_context():
    messages = list(guide.extract_fields(None, (), (), {}))
    assert [m[2] for m in messages] == [(guide.FIELD_CONTEXT, doc) for doc in guide.field_docs()]
    assert len({m[2] for m in messages}) == len(messages)
