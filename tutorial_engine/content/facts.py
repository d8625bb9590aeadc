"""A game's `facts.md`: the numbered facts of its rules, which `cites:` in its examples and claims
name. A fact is a list item that opens with its number in bold (`- **A14** A trick is taken…`);
every other line is prose the check does not read."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..problems import Location, Problems
from .source import MAX_FILE_BYTES

FACTS_FILE = "facts.md"
NUMBER = r"[A-Z][0-9]+[a-z]?"
"""A fact number: a capital letter, digits and at most one small letter (A14, E1, A11a)."""
_FACT = re.compile(rf"- \*\*({NUMBER})\*\*(?=\s|$)")
FORMAT = "a list item that opens with its number in bold, as '- **A1** The deck has…'"


@dataclass(frozen=True)
class Facts:
    """The fact numbers of one game's facts.md; `numbers` is None when the file does not exist."""

    path: str
    """The file, as messages show it."""
    game: str
    """The game's name."""
    numbers: tuple[str, ...] | None

    def listed(self) -> str:
        """The numbers as people read them: "A1–A21, A11a, E1–E5"."""
        return _ranges(self.numbers or ())


def read_facts(path: Path, shown: str, game: str, problems: Problems) -> Facts:
    """The numbered facts of `path`; a number given twice and a file that cannot be read are
    reported, and a missing file gives Facts without numbers."""
    if not path.exists():
        return Facts(shown, game, None)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            problems.add(Location(shown), f"file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,}")
            return Facts(shown, game, ())
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as error:
        problems.add(Location(shown), f"cannot read the file: {error.strerror}")
        return Facts(shown, game, ())
    except UnicodeDecodeError as error:
        problems.add(Location(shown), f"the file is not UTF-8 text (byte {error.start + 1:,} cannot be read); "
                                      "save it as UTF-8")
        return Facts(shown, game, ())
    first: dict[str, int] = {}
    for line_no, line in enumerate(text.splitlines(), start=1):
        match = _FACT.match(line)
        if match is None:
            continue
        number = match[1]
        if number in first:
            problems.add(Location(shown, line_no, match.start(1) + 1),
                         f"the fact number {number} is given twice (first on line {first[number]}); "
                         "give each fact its own number")
            continue
        first[number] = line_no
    return Facts(shown, game, tuple(first))


def _ranges(numbers) -> str:
    """Runs of plain numbers of one letter as "A1–A21", the others one by one, in file order."""
    groups: dict[str, list[int]] = {}
    single: list[str] = []
    for number in numbers:
        if number[-1].isdigit():
            groups.setdefault(number[0], []).append(int(number[1:]))
        else:
            single.append(number)
    parts = []
    for letter, values in groups.items():
        values = sorted(set(values))
        start = previous = values[0]
        for value in [*values[1:], None]:
            if value is not None and value == previous + 1:
                previous = value
                continue
            parts.append(f"{letter}{start}" if start == previous else f"{letter}{start}–{letter}{previous}")
            if value is not None:
                start = previous = value
    for number in single:
        letter = number[0]
        index = max((i for i, part in enumerate(parts) if part.startswith(letter)), default=len(parts) - 1)
        parts.insert(index + 1, number)
    return ", ".join(parts)
