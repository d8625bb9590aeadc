"""Read a YAML file into a node tree that remembers where every value came from.

Only composition happens here, never construction: no tag can build a Python object, and every
limit (size, nesting, aliases, expanded size) is checked before anything walks the tree.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, SequenceNode

from .problems import Location

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 64
MAX_ALIASES = 256
MAX_NODES = 100_000


class SourceError(Exception):
    """The file cannot be read as YAML at all; carries the location of the first fault."""

    def __init__(self, location: Location, message: str):
        super().__init__(message)
        self.location = location
        self.message = message


@dataclass(frozen=True)
class Source:
    path: str
    """As shown in messages."""
    root: Node

    def at(self, node: Node) -> Location:
        mark = node.start_mark
        return Location(self.path, mark.line + 1, mark.column + 1)


class _LimitedLoader(yaml.SafeLoader):
    def __init__(self, stream, path: str):
        super().__init__(stream)
        self._path = path
        self._depth = 0
        self._aliases = 0

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise self._limit(event, f"more than {MAX_ALIASES} aliases; "
                                         "repeat the values instead of referring to them")
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise self._limit(event, f"nesting deeper than {MAX_DEPTH} levels")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def _limit(self, event, message: str) -> SourceError:
        mark = event.start_mark
        return SourceError(Location(self._path, mark.line + 1, mark.column + 1), message)


def read_source(path: Path, shown: str) -> Source:
    """Compose one YAML document from `path`, or raise SourceError."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise SourceError(Location(shown), f"file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,}")
        data = path.read_bytes()
    except OSError as error:
        raise SourceError(Location(shown), f"cannot read the file: {error.strerror}") from None
    return parse_source(data, shown)


def parse_source(data: bytes, shown: str) -> Source:
    text = _decode(data, shown)
    if not text.strip() or all(not line.strip() or line.lstrip().startswith("#")
                               for line in text.splitlines()):
        raise SourceError(Location(shown, 1, 1), "the file is empty; expected a YAML mapping")
    loader = _LimitedLoader(text, shown)
    try:
        root = loader.get_single_node()
    except SourceError:
        raise
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        what = error.problem or error.context or "invalid YAML"
        if error.context and error.problem:
            what = f"{error.problem} ({error.context})"
        raise SourceError(Location(shown, mark.line + 1, mark.column + 1), f"invalid YAML: {what}") from None
    except yaml.reader.ReaderError as error:
        line = text.count("\n", 0, error.position) + 1
        column = error.position - (text.rfind("\n", 0, error.position) + 1) + 1
        raise SourceError(Location(shown, line, column),
                          f"character U+{error.character:04X} is not allowed in YAML") from None
    except yaml.YAMLError as error:
        raise SourceError(Location(shown, 1, 1), f"invalid YAML: {error}") from None
    finally:
        loader.dispose()
    if root is None:
        raise SourceError(Location(shown, 1, 1), "the file is empty; expected a YAML mapping")
    _check_expanded_size(root, shown)
    return Source(shown, root)


def _decode(data: bytes, shown: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        raise SourceError(Location(shown, line, column),
                          f"byte 0x{data[error.start]:02X} is not UTF-8; save the file as UTF-8") from None


def _check_expanded_size(root: Node, shown: str) -> None:
    """Aliases share nodes; count what a walk would visit so an alias bomb is refused early."""
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def size(node: Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in active:
            mark = node.start_mark
            raise SourceError(Location(shown, mark.line + 1, mark.column + 1),
                              "an alias refers to the collection that contains it")
        total = 1
        if isinstance(node, (SequenceNode, MappingNode)):
            active.add(key)
            children = node.value if isinstance(node, SequenceNode) else [n for pair in node.value for n in pair]
            for child in children:
                total += size(child)
                if total > MAX_NODES:
                    mark = root.start_mark
                    raise SourceError(Location(shown, mark.line + 1, mark.column + 1),
                                      f"the document expands to more than {MAX_NODES:,} values "
                                      "through its aliases")
            active.discard(key)
        sizes[key] = total
        return total

    size(root)
