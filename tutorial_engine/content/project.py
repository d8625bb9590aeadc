"""The project loader behind `tutorial-engine check` and the build: find the project, load its
games, then read and check every examples, drills and pages file into one Report."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from yaml.nodes import MappingNode, ScalarNode

from .. import forked
from ..engine.game import GameSpec
from ..problems import OUTSIDE, Location, Problems, display_path, leads_outside
from .drills import Drill, QuestionStore, drawable, is_drills_file, read_drills
from .example_shapes import load_examples, peek
from .examples import Example, disagreements
from .facts import FACTS_FILE, Facts, read_facts
from .gamefile import SLUG, build_game
from .pages import Page, is_pages_file, load_pages
from .shapes import TAG, did_you_mean
from .source import MAX_FILE_BYTES, Source, SourceError, read_source

EXAMPLES_DIR = "examples"
GAME_FILE = "game.yml"
YAML_SUFFIXES = (".yml", ".yaml")


class ProjectNotFound(Exception):
    """No folder at or above the start holds examples/<game>/game.yml."""


def find_project(start: Path) -> Path:
    """The nearest folder at or above `start` with examples/<game>/game.yml."""
    start = start.absolute()
    for folder in (start, *start.parents):
        if any((folder / EXAMPLES_DIR).glob(f"*/{GAME_FILE}")):
            return folder
    raise ProjectNotFound(f"no project found in {start} or its parents (a project has "
                          f"{EXAMPLES_DIR}/<game>/{GAME_FILE}); use --project DIR")


def is_game_file(path: Path) -> bool:
    return path.name == GAME_FILE or path.name.endswith("." + GAME_FILE)


@dataclass
class Report:
    problems: Problems = field(default_factory=Problems)
    games: dict[str, GameSpec] = field(default_factory=dict)
    facts: dict[str, Facts] = field(default_factory=dict)
    """Each game's numbered facts (its facts.md), by game id, which cites must name."""
    examples: list[Example] = field(default_factory=list)
    pages: list[Page] = field(default_factory=list)
    drills: list[Drill] = field(default_factory=list)
    referenced: list[Example] = field(default_factory=list)
    """Examples loaded only because a checked page shows them; not counted as checked."""
    referenced_drills: list[Drill] = field(default_factory=list)
    questions: dict[Drill, tuple] = field(default_factory=dict)
    """The questions drawn for each drill, checked and referenced ones alike."""
    files: int = 0
    drawing: tuple[float, float] = (0.0, 0.0)
    """Wall and processor seconds the drills' questions took to draw or find in the cache:
    the build reports them apart from the rest of the check (build/stages.py)."""

    @property
    def variations(self) -> int:
        return sum(len(getattr(example, "variations", ())) for example in self.examples)

    @property
    def claims(self) -> int:
        return sum(len(page.claims) for page in self.pages)

    def notes(self) -> list[str]:
        """Notes on the paragraphs and lists of a game's sections and answers that carry neither
        a claim nor the reason they need none: advice, since only the author can tell whether a
        sentence states a rule, so they never fail the check."""
        return [f"{location}: note: no claim checks this block; add 'claims' for the rule it states, or "
                "'unchecked' with the reason it needs none (AUTHORING.md, Claims)"
                for page in self.pages for location in page.unclaimed()]

    def summary(self) -> str:
        counts = [(len(self.examples), "example"), (self.variations, "variation"), (self.claims, "claim"),
                  (len(self.drills), "drill"), (len(self.pages), "page")]
        parts = [_count(n, noun) for n, noun in counts if n] or [_count(0, "example")]
        listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        return f"Checked {listed} in {_count(self.files, 'file')}: all agree with the engine."


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


@dataclass
class Parsed:
    """Files parsed and games built, by the bytes they came from, for whoever checks the same
    project again (`check --watch`, `mkdocs serve`): it parses only what changed, and a game
    that did not change stays the same GameSpec, so its drills' questions are not drawn again."""

    sources: dict[tuple[Path, str], tuple[bytes, Source]] = field(default_factory=dict)
    games: dict[tuple[Path, str | None], tuple[bytes, GameSpec]] = field(default_factory=dict)
    questions: dict[Drill, tuple] = field(default_factory=dict)
    """The last check's questions, by drill: one that did not change is neither drawn nor read
    from the cache folder again."""

    def get(self, drill: Drill) -> tuple | None:
        return self.questions.get(drill)

    def put(self, drill: Drill, questions: tuple) -> None:
        self.questions[drill] = questions


@dataclass(frozen=True)
class _Layered:
    """Questions looked up in one store, then in another; kept in both."""

    first: QuestionStore
    second: QuestionStore | None

    def get(self, drill: Drill) -> tuple | None:
        found = self.first.get(drill)
        if found is None and self.second is not None:
            found = self.second.get(drill)
        return found

    def put(self, drill: Drill, questions: tuple) -> None:
        self.first.put(drill, questions)
        if self.second is not None:
            self.second.put(drill, questions)


KEPT = 256
"""Files and games a Parsed keeps, the most recently used."""


def load_games(project: Path, report: Report, parsed: Parsed | None = None) -> None:
    parsed = parsed or Parsed()
    for path in sorted((project / EXAMPLES_DIR).glob(f"*/{GAME_FILE}")):
        game = _load_game(project, path, report, path.parent.name, parsed)
        if game is not None:
            report.games[game.id] = game
            facts = path.parent / FACTS_FILE
            if leads_outside(project, facts):
                report.problems.add(Location(display_path(facts)), OUTSIDE)
            else:
                report.facts[game.id] = read_facts(facts, display_path(facts), game.name, report.problems)


def _bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes() if path.stat().st_size <= MAX_FILE_BYTES else None
    except OSError:
        return None  # read_source reports why


def _unchanged(cache: dict, key, data: bytes | None):
    """What `cache` holds for `key` if it was made from these bytes."""
    if data is None or key not in cache or cache[key][0] != data:
        return None
    return cache[key][1]


def _keep(cache: dict, key, data: bytes | None, value) -> None:
    """Keep `value`, made from `data` read before it (a file changed meanwhile is made again)."""
    if data is None:
        return
    cache.pop(key, None)
    cache[key] = (data, value)
    while len(cache) > KEPT:
        del cache[next(iter(cache))]


def _read(project: Path, path: Path, report: Report, parsed: Parsed) -> Source | None:
    """The file as YAML nodes, or None once the reason it cannot be read is reported."""
    if leads_outside(project, path):
        report.problems.add(Location(display_path(path)), OUTSIDE)
        return None
    key, data = (path.resolve(), display_path(path)), _bytes(path)
    cached = _unchanged(parsed.sources, key, data)
    if cached is not None:
        return cached
    try:
        source = read_source(path, key[1])
    except SourceError as error:
        report.problems.add(error.location, error.message)
        return None
    _keep(parsed.sources, key, data, source)
    return source


def _load_game(project: Path, path: Path, report: Report, folder: str | None, parsed: Parsed) -> GameSpec | None:
    if leads_outside(project, path):
        report.problems.add(Location(display_path(path)), OUTSIDE)
        return None
    key, data = (path.resolve(), folder), _bytes(path)
    cached = _unchanged(parsed.games, key, data)
    if cached is not None:
        return cached
    source = _read(project, path, report, parsed)
    game = build_game(source, report.problems, folder) if source is not None else None
    if game is not None:
        _keep(parsed.games, key, data, game)
    return game


MAX_EXAMPLES = 10_000
"""Worked examples in one project: each is checked by the engine and drawn in every locale."""


def check(project: Path, paths: Sequence[Path] = (), workers: int = 1, store: QuestionStore | None = None,
          parsed: Parsed | None = None) -> Report:
    """Load and check every YAML file under `paths` (default: the project's examples), drawing
    the drills' questions in up to `workers` processes; `store` (drillcache.DrawnDrills) keeps
    them for the next check, and `parsed` the files read, if the caller checks again."""
    parsed = parsed or Parsed()
    report = Report()
    load_games(project, report, parsed)
    pages = []
    checked: set[Path] = set()
    for path in _expand(paths or [project / EXAMPLES_DIR], report.problems):
        report.files += 1
        checked.add(path.resolve())
        if is_game_file(path):
            if path.resolve().parent.parent != (project / EXAMPLES_DIR).resolve():
                _load_game(project, path, report, None, parsed)
            continue
        source = _read(project, path, report, parsed)
        if source is None:
            continue
        if is_pages_file(source.root):
            pages.append((path, source))  # after the examples and drills they show
        elif is_drills_file(source.root):
            game = _game_for(project, path, source, report)
            report.drills += read_drills(source, report.problems, game)
        else:
            _check_examples(project, path, source, report)
    if pages:
        _load_unchecked_examples(project, checked, report, parsed)
    wall, processor = time.perf_counter(), forked.processor_seconds()
    report.questions = drawable(report.drills + report.referenced_drills, report.problems, workers,
                                _Layered(parsed, store))
    report.drawing = (time.perf_counter() - wall, forked.processor_seconds() - processor)
    parsed.questions = dict(report.questions)  # this project's only
    report.drills = [d for d in report.drills if d in report.questions]
    report.referenced_drills = [d for d in report.referenced_drills if d in report.questions]
    for path, source in pages:
        _check_pages(project, path, source, report)
    return report


def _load_unchecked_examples(project: Path, checked: set[Path], report: Report, parsed: Parsed) -> None:
    """Pages show examples and drills by id: load the project's files not already checked."""
    for path in sorted((project / EXAMPLES_DIR).glob("*/examples/*.yml")):
        source = None if path.resolve() in checked else _read(project, path, report, parsed)
        if source is not None:
            _check_examples(project, path, source, report, into=report.referenced)
    for path in sorted((project / EXAMPLES_DIR).glob("*/drills.yml")):
        source = None if path.resolve() in checked else _read(project, path, report, parsed)
        if source is not None:
            game = _game_for(project, path, source, report)
            report.referenced_drills += read_drills(source, report.problems, game)


def _check_pages(project: Path, path: Path, source, report: Report) -> None:
    in_game = peek(source.root, "game") is not None or _folder_game(project, path) is not None
    game = _game_for(project, path, source, report) if in_game else None
    if in_game and game is None:
        return
    examples = {e.id: e for e in report.examples + report.referenced
                if game is not None and e.game.id == game.id}
    drills = {d.id: d for d in report.drills + report.referenced_drills
              if game is not None and d.game.id == game.id}
    report.pages += load_pages(source, report.problems, game, examples, drills,
                               report.facts.get(game.id) if game is not None else None)


def _expand(paths: Sequence[Path], problems: Problems) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files += sorted(p for p in path.rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file())
        elif path.is_file():
            files.append(path)
        else:
            problems.add(Location(display_path(path)), "no such file or folder")
    return files


def _check_examples(project: Path, path: Path, source, report: Report, into=None) -> None:
    game = _game_for(project, path, source, report)
    facts = report.facts.get(game.id) if game is not None else None
    for example in load_examples(source, report.problems, game, facts):
        if len(report.examples) + len(report.referenced) >= MAX_EXAMPLES:
            report.problems.add(example.location, f"more than {MAX_EXAMPLES:,} worked examples in the project; "
                                                  "that is the limit (a tutorial needs far fewer)")
            return
        (report.examples if into is None else into).append(example)
        for problem in disagreements(example):
            report.problems.add(problem.location, problem.message)


def _game_for(project: Path, path: Path, source, report: Report) -> GameSpec | None:
    node = peek(source.root, "game")
    known = ", ".join(report.games) or "none"
    if node is not None:
        name = node.value if _is_game_id(node) else None
        if name in report.games:
            return report.games[name]
        if name is not None:
            report.problems.add(source.at(node), f"unknown game '{name}'; {did_you_mean(name, report.games)}")
        return None  # a value that is no game id at all is reported with the file's other keys
    folder = _folder_game(project, path)
    if folder is not None:
        return report.games.get(folder)  # None: its game.yml failed to load and was reported
    if isinstance(source.root, MappingNode):  # otherwise the file is reported as not a mapping
        report.problems.add(Location(source.path, 1, 1),
                            f"no game for these examples: add 'game: <id>' at the top (games: {known})")
    return None


def _folder_game(project: Path, path: Path) -> str | None:
    """The game whose folder (examples/<game>/, with a game.yml) holds `path`, if any."""
    examples = (project / EXAMPLES_DIR).resolve()
    for folder in path.resolve().parents:
        if folder.parent == examples and (folder / GAME_FILE).exists():
            return folder.name
    return None


def _is_game_id(node) -> bool:
    return (isinstance(node, ScalarNode) and node.tag == TAG + "str"
            and re.fullmatch(SLUG["pattern"], node.value) is not None)
