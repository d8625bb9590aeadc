"""Read a YAML file into a node tree that remembers where every value came from.

Only composition happens here, never construction: no tag can build a Python object, and every
limit (size, nesting, aliases, expanded size) is checked before anything walks the tree.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from pathlib import Path

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..problems import Location

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
            self._refuse_cycle(event)
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise self._limit(event, f"lists and mappings nest deeper than {MAX_DEPTH} levels here")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def _refuse_cycle(self, event: AliasEvent) -> None:
        """A collection gets its end mark only once composed, so an alias to one without it is
        inside the collection it names: refused here, where the alias itself can be shown."""
        node = self.anchors.get(event.anchor)
        if node is not None and node.end_mark is None:
            line = node.start_mark.line + 1
            raise self._limit(event, f"the alias *{event.anchor} refers to the collection that "
                                     f"contains it (&{event.anchor} on line {line})")

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
    if not text.strip():
        raise SourceError(Location(shown, 1, 1), "the file is empty; expected a YAML mapping")
    try:
        root = _compose(text, shown)
    except SourceError:
        raise
    except yaml.MarkedYAMLError as error:
        mark, what = _syntax_problem(error)
        raise SourceError(Location(shown, mark.line + 1, mark.column + 1), f"invalid YAML: {what}") from None
    except yaml.reader.ReaderError as error:
        line = text.count("\n", 0, error.position) + 1
        column = error.position - (text.rfind("\n", 0, error.position) + 1) + 1
        raise SourceError(Location(shown, line, column),
                          f"character U+{error.character:04X} is not allowed in YAML") from None
    except yaml.YAMLError as error:
        raise SourceError(Location(shown, 1, 1), f"invalid YAML: {error}") from None
    if root is None:
        raise SourceError(Location(shown, 1, 1), "the file holds only comments; expected a YAML mapping")
    _check_expanded_size(root, shown)
    return Source(shown, root)


def _compose(text: str, shown: str) -> Node | None:
    if _C_LOADER is not None and not yaml.reader.Reader.NON_PRINTABLE.search(text):
        root = _compose_in_c(text)
        if root is not _SLOW_PATH:
            return root
    loader = _LimitedLoader(text, shown)  # the reader refuses unprintable characters right here
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


_C_LOADER = getattr(yaml, "CSafeLoader", None)
"""libyaml's composer, when PyYAML was built with it: about seven times faster than PyYAML's
own, which composes the file again whenever something is wrong, to word the problem with
its marks and to refuse a fault at the alias or the level that causes it."""
_SLOW_PATH = object()


def _compose_in_c(text: str):
    assert _C_LOADER is not None  # callers check that PyYAML has libyaml first
    loader = _C_LOADER(text)
    try:
        root = loader.get_single_node()
    except yaml.YAMLError:
        return _SLOW_PATH
    finally:
        loader.dispose()
    return root if _within_limits(root) else _SLOW_PATH


def _within_limits(root: Node | None) -> bool:
    """What _LimitedLoader refuses while composing, read from the finished graph in document
    order: a node met again is an alias; met again while still open, a cycle. On the way,
    plain scalars get PyYAML's style (None, where libyaml writes '')."""
    if root is None:
        return True
    aliases, seen, open_nodes = 0, set(), set()
    stack: list[tuple[Node, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, leaving = stack.pop()
        if leaving:
            open_nodes.discard(id(node))
            continue
        if id(node) in seen:
            aliases += 1
            if aliases > MAX_ALIASES or id(node) in open_nodes:
                return False
            continue
        if depth > MAX_DEPTH:
            return False
        seen.add(id(node))
        if isinstance(node, ScalarNode) and node.style == "":
            node.style = None  # a plain scalar, as PyYAML's composer writes it
        if isinstance(node, (SequenceNode, MappingNode)):
            open_nodes.add(id(node))
            stack.append((node, depth, True))
            children = node.value if isinstance(node, SequenceNode) else [n for pair in node.value for n in pair]
            stack.extend((child, depth + 1, False) for child in reversed(children))
    return True


_SYNTAX = (
    # (how PyYAML's problem starts, the mark that shows the fault, what to tell the author)
    ("found character '\\t'", "problem",
     "a tab character; YAML indents with spaces only, so replace it with spaces"),
    ("expected <block end>", "problem",
     "this line's indentation matches no line above it; indent the keys of one mapping, and "
     "the '-' items of one list, by the same number of spaces"),
    ("mapping values are not allowed here", "problem",
     "a ': ' where no key can start; if this line is a key, check its indentation, and if the "
     "':' belongs to a text, put the whole text in quotes"),
    ("could not find expected ':'", "context",
     "this line is neither 'key: value' nor a '-' item; is the ':' after the key missing?"),
    ("expected ',' or ']'", "context",
     "the list opened here with '[' is not closed: YAML expected ',' or ']' but found {found}"),
    ("expected ',' or '}'", "context",
     "the mapping opened here with '{{' is not closed: YAML expected ',' or '}}' but found {found}"),
    ("found unexpected end of stream", "context",
     "the quoted text starting here is never closed; add the closing quote"),
    ("but found another document", "problem",
     "a second YAML document starts here; a tutorial file holds one, so remove the '---' line "
     "or move what follows to a file of its own"),
    ("found undefined alias", "problem",
     "the alias *{name} names no anchor; an alias repeats a value marked &{name} above it"),
)


def _syntax_problem(error: yaml.MarkedYAMLError):
    """PyYAML's wording put in terms an author can act on, at the mark that shows the fault
    (for an unclosed bracket, the bracket, not the line where the parser gave up)."""
    problem = error.problem or ""
    for start, mark, message in _SYNTAX:
        chosen = error.context_mark if mark == "context" else error.problem_mark
        if problem.startswith(start) and chosen is not None:
            return chosen, message.format(found=_found_token(error), name=_last_quoted(problem))
    what = error.problem or error.context or "invalid YAML"
    if error.context and error.problem:
        what = f"{error.problem} ({error.context})"
    return error.problem_mark or error.context_mark, what


def _found_token(error: yaml.MarkedYAMLError) -> str:
    """"':' on line 5" or "the end of the file", from "…, but got ':'"."""
    token = _last_quoted(error.problem)
    if token == "<stream end>":
        return "the end of the file"
    return f"'{token}' on line {error.problem_mark.line + 1}"


def _last_quoted(problem: str) -> str:
    """The last 'quoted' word of PyYAML's problem: the token found, or the alias named."""
    return problem.rpartition("'")[0].rpartition("'")[2]


def _decode(data: bytes, shown: str) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):  # Windows' "Unicode"
        raise SourceError(Location(shown, 1, 1), "the file is saved as UTF-16; save it as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        raise SourceError(Location(shown, line, column),
                          f"byte 0x{data[error.start]:02X} is not UTF-8; save the file as UTF-8") from None


def _check_expanded_size(root: Node, shown: str) -> None:
    """Aliases share nodes; count what a walk would visit so an alias bomb is refused early,
    at the innermost collection that grows too big (the composer has refused cycles)."""
    sizes: dict[int, int] = {}

    def size(node: Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        total = 1
        if isinstance(node, (SequenceNode, MappingNode)):
            children = node.value if isinstance(node, SequenceNode) else [n for pair in node.value for n in pair]
            for child in children:
                total += size(child)
                if total > MAX_NODES:
                    mark = node.start_mark
                    raise SourceError(Location(shown, mark.line + 1, mark.column + 1),
                                      f"this collection expands to more than {MAX_NODES:,} values "
                                      "through its aliases; a tutorial file needs far fewer")
        sizes[key] = total
        return total

    size(root)
