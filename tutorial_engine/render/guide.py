"""The instructors' guide page: every field of every YAML kind, and a complete example of each.

The field tables walk the very shapes the loader reads (as content/jsonschema.py does), so the guide cannot
list a field the loader does not know or miss one it does. The examples are cut from the bundled
files, which `check` has just passed, so no example on the page can be out of date.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..content.example_shapes import load_examples
from ..content.jsonschema import FILES
from ..content.shapes import ListOf, MapOf, Record, Shape, Tagged
from ..content.source import Source, SourceError, parse_source
from ..engine.game import GameSpec
from ..problems import Problems

FIELD_CONTEXT = "field"
"""The msgctxt of field descriptions in the catalogs."""
NEW_COMMANDS = """\
tutorial-engine new game mygame
tutorial-engine new example my-first-trick --game mygame
tutorial-engine new drill my-first-drill --game mygame"""
WATCH_COMMANDS = """\
tutorial-engine check --watch
make serve LANG=fr"""


@dataclass(frozen=True)
class FieldRow:
    key: str
    required: bool
    doc: str


@dataclass(frozen=True)
class FieldTable:
    path: str
    """Where the fields sit in the file, in YAML terms: `pages[].sections[]`, `examples[] (kind: trick)`."""
    rows: tuple[FieldRow, ...]


def field_tables(kind: str) -> list[FieldTable]:
    """The fields of one kind of file (a key of content.jsonschema.FILES), outermost first. A mapping the
    file uses in two places (a variant's deck, a variation's expect) is listed the first time."""
    shape, _ = FILES[kind]
    return list(_tables(shape, "", set()))


def _tables(shape: Shape, path: str, seen: set[int]) -> Iterator[FieldTable]:
    if isinstance(shape, ListOf):
        yield from _tables(shape.item, f"{path}[]", seen)
    elif isinstance(shape, MapOf):
        yield from _tables(shape.value, f"{path}{{}}", seen)
    elif isinstance(shape, Tagged):
        for tag, record in shape.records.items():
            yield from _tables(record, f"{path} ({shape.key}: {tag})", seen)
    elif isinstance(shape, Record):
        rows = tuple(FieldRow(key, field.required, field.doc) for key, field in shape.fields.items()
                     if id(field) not in seen)
        seen.update(id(field) for field in shape.fields.values())
        if rows:
            yield FieldTable(path.strip() or "/", rows)
        for key, field in shape.fields.items():
            if id(field.shape) not in seen:
                seen.add(id(field.shape))
                yield from _tables(field.shape, f"{path}.{key}" if path else key, seen)
    elif (form := getattr(shape, "record", None)) is not None:  # a custom shape that reads a Record (pages' blocks)
        yield from _tables(form, path, seen)


def field_docs() -> list[str]:
    """Every field description, once each, in the order the guide shows them."""
    docs: dict[str, None] = {}
    for kind in FILES:
        for table in field_tables(kind):
            docs.update((row.doc, None) for row in table.rows if row.doc)
    return list(docs)


def extract_fields(fileobj, keywords, comment_tags, options):
    """Babel's extractor protocol, for `[tutorial_fields: tutorial_engine/render/guide.py]` in babel.cfg:
    the field descriptions as messages of context "field". The file's text is not read."""
    for doc in field_docs():
        yield 1, "pgettext", (FIELD_CONTEXT, doc), ["Describes a field of the YAML files, on the instructors' page."]


# --- complete examples, cut from the bundled files ---

@dataclass(frozen=True)
class Sample:
    path: str
    """Relative to the project, for the caption."""
    text: str


def samples(examples: Path, project: Path, parse: Callable[[bytes, str], Source] = parse_source) -> dict[str, Sample]:
    """One complete example per kind of file: the first game's game.yml, the first example and
    the first drill of the first game, and the shortest page that has numbered sections.
    `parse` reads a file's YAML (`serve` keeps what it parsed before)."""
    games = sorted(path.parent for path in examples.glob("*/game.yml"))
    if not games:
        return {}
    first = games[0]
    game = first / "game.yml"
    found: dict[str, Sample | None] = {
        "game": Sample(_shown(game, project), _without_schema_line(game.read_text(encoding="utf-8")))}
    example_files = sorted((first / "examples").glob("*.yml"))
    if example_files:
        found["examples"] = _item(example_files[0], "examples", project, lambda items: items[0], parse)
    if (first / "drills.yml").exists():
        found["drills"] = _item(first / "drills.yml", "drills", project, lambda items: items[0], parse)
    candidates = [sample for path in sorted(examples.glob("*/pages.yml"))
                  if (sample := _item(path, "pages", project, _shortest_with_sections, parse)) is not None]
    if candidates:
        found["pages"] = min(candidates, key=lambda sample: sample.text.count("\n"))
    return {kind: sample for kind, sample in found.items() if sample is not None}


def _shown(path: Path, project: Path) -> str:
    try:
        return path.relative_to(project).as_posix()
    except ValueError:
        return path.name


def _without_schema_line(text: str) -> str:
    lines = text.splitlines()
    if lines and lines[0].startswith("# yaml-language-server:"):
        lines = lines[1:]
    return "\n".join(lines).strip("\n")


def _shortest_with_sections(items: list[Node]) -> MappingNode | None:
    with_sections = [item for item in items if isinstance(item, MappingNode)
                     and any(isinstance(k, ScalarNode) and k.value == "sections" for k, _ in item.value)]
    return min(with_sections, key=lambda item: item.end_mark.line - item.start_mark.line, default=None)


def _item(path: Path, key: str, project: Path, choose: Callable[[list[Node]], Node | None],
          parse: Callable[[bytes, str], Source]) -> Sample | None:
    """`key:` and the one item `choose` picks from its list, exactly as the file writes it."""
    try:
        source = parse(path.read_bytes(), path.name)
    except (OSError, SourceError):
        return None
    items: list[Node] = next((value.value for k, value in getattr(source.root, "value", ())
                              if isinstance(k, ScalarNode) and k.value == key and isinstance(value, SequenceNode)), [])
    if not items:
        return None
    item = choose(items)
    if item is None:
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    end = item.end_mark.line
    if end < len(lines) and lines[end][:item.end_mark.column].strip():  # the item ends inside this line
        end += 1
    body = "\n".join(lines[item.start_mark.line:end]).rstrip()
    return Sample(_shown(path, project), f"{key}:\n{body}")


# --- what `check` says about a mistake, computed by the loader itself ---

MISTAKES = """\
examples:
  - id: my-first-trick
    kind: trick
    trump: ♠
    seats: [Anna, Boris]
    leader: Bors
    plays: [A♥, queen of spades]
    expect: {winer: Boris}
"""
"""A first example with three typical slips: a misspelt seat, a card written out, a misspelt key."""


def mistakes(game: GameSpec) -> tuple[str, str, list[str]]:
    """Where MISTAKES would sit in `game`'s folder, the file, and what `check` prints for it."""
    shown = f"examples/{game.id}/examples/my-first-trick.yml"
    problems = Problems()
    load_examples(parse_source(MISTAKES.encode("utf-8"), shown), problems, game)
    return shown, MISTAKES, problems.report()
