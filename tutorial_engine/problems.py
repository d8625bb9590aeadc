"""Located problems: every complaint about input names its file, line and column."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, order=True)
class Location:
    """A 1-based position in a source file (column 0 means "the whole line")."""

    path: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        parts = [self.path]
        if self.line:
            parts.append(str(self.line))
            if self.column:
                parts.append(str(self.column))
        return ":".join(parts)


@dataclass(frozen=True)
class Problem:
    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: error: {self.message}"


@dataclass
class Problems:
    """Collects every problem of a run, so the author sees them all at once."""

    items: list[Problem] = field(default_factory=list)

    def add(self, location: Location, message: str) -> None:
        """Once: a variant is checked with its game's keys, which must not report their problems twice."""
        problem = Problem(location, message)
        if problem not in self.items:
            self.items.append(problem)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self):
        return iter(sorted(self.items, key=lambda p: p.location))

    def report(self) -> list[str]:
        """What `check` prints, as every caller words it: each problem, then the count."""
        count = len(self.items)
        return [str(problem) for problem in self] + [f"Aborted with {count} error{'s' if count != 1 else ''}"]


def alternatives(numbers) -> str:
    """2 3 4 5 6 → "2 to 6"; 3 4 → "3 or 4"; 2 4 6 → "2, 4 or 6": counts as people say them."""
    numbers = sorted(numbers)
    words = [str(n) for n in numbers]
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]} to {numbers[-1]}"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def display_path(path: Path) -> str:
    """Relative to the working folder, so a terminal or editor can open it as printed."""
    return Path(os.path.relpath(path.absolute())).as_posix()


OUTSIDE = "a link to a file outside the project; only the project's own files are read"
"""What is said of such a link: it names the link, never what lies at its end."""


def leads_outside(project: Path, path: Path) -> bool:
    """`path` lies in `project` by its name, but a link on the way (the file itself or a folder
    it is in) leads out of it: a pull request could otherwise have a build or a CI log show a
    file of the machine it runs on. A path named outside the project is the caller's own
    choice, not a link's."""
    named = Path(os.path.abspath(project)), Path(os.path.abspath(path))
    if not named[1].is_relative_to(named[0]):
        return False
    return not path.resolve().is_relative_to(project.resolve())
