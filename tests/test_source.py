"""YAML composition: libyaml's fast composer must give exactly the tree PyYAML's own gives, and
leave every refusal (syntax, limits, cycles) to PyYAML's, which words it with its marks."""

from __future__ import annotations

from pathlib import Path

import pytest
from yaml.nodes import MappingNode, SequenceNode

from tutorial_engine.content import source
from tutorial_engine.content.source import MAX_ALIASES, MAX_DEPTH, _LimitedLoader, parse_source

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted((ROOT / "examples").rglob("*.yml"))


def shape(node) -> tuple:
    """Everything a loader reads from a node: kind, tag, value, style and both marks."""
    marks = (node.start_mark.line, node.start_mark.column, node.end_mark.line, node.end_mark.column)
    if isinstance(node, SequenceNode):
        return ("seq", node.tag, marks, tuple(shape(child) for child in node.value))
    if isinstance(node, MappingNode):
        return ("map", node.tag, marks, tuple((shape(k), shape(v)) for k, v in node.value))
    return ("scalar", node.tag, node.value, node.style, marks)


def python_tree(text: str):
    loader = _LimitedLoader(text, "x.yml")
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


@pytest.mark.skipif(source._C_LOADER is None, reason="PyYAML was built without libyaml")
@pytest.mark.parametrize("path", BUNDLED, ids=[str(p.relative_to(ROOT)) for p in BUNDLED])
def test_the_fast_composer_gives_pyyamls_tree(path):
    text = path.read_text(encoding="utf-8")
    fast = source._compose_in_c(text)
    assert fast is not source._SLOW_PATH
    assert shape(fast) == shape(python_tree(text))


@pytest.mark.skipif(source._C_LOADER is None, reason="PyYAML was built without libyaml")
@pytest.mark.parametrize("text", [
    "a: [1, 2",                                                     # a syntax error
    "a: &x [*x]",                                                   # a cycle
    "a: &x 1\nb: [" + ", ".join(["*x"] * (MAX_ALIASES + 1)) + "]",  # too many aliases
    "a: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH,                      # too deep
])
def test_what_pyyaml_must_word_goes_the_slow_way(text):
    assert source._compose_in_c(text) is source._SLOW_PATH


def test_within_the_limits_the_fast_way_is_taken():
    text = "a: &x 1\nb: [" + ", ".join(["*x"] * MAX_ALIASES) + "]\nc: " + "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2)
    if source._C_LOADER is not None:
        assert source._compose_in_c(text) is not source._SLOW_PATH
    assert parse_source(text.encode(), "x.yml").root.value[0][0].value == "a"


def test_a_plain_scalar_has_pyyamls_style():
    root = parse_source(b"title: no\nquoted: 'no'\n", "x.yml").root
    assert [value.style for _, value in root.value] == [None, "'"]
