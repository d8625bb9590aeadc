"""AUTHORING.md's reference tables of the phases and the kinds of scoring, written from the
engine's declared records (`engine/vocabulary.py`), so the guide cannot name a field game.yml
does not read, miss one it does, or give a stale default.

Each table sits between `<!-- generated: NAME -->` and `<!-- end generated -->` in the guide;
`python -m tutorial_engine.content.reference` rewrites them in place, and a test fails while the
guide differs from what it would write.
"""

from __future__ import annotations

import enum
import re
import sys
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..engine.cards import Card, Suit
from ..engine.game import SCORING_KINDS
from ..engine.procedure import PHASE_KINDS
from ..engine.vocabulary import Declared, declared
from .terms import unwrap

GUIDE = Path(__file__).resolve().parents[2] / "AUTHORING.md"
_REGION = re.compile(r"(<!-- generated: (?P<name>[a-z-]+) -->\n)(?P<body>.*?)(<!-- end generated -->)", re.S)


def tables() -> dict[str, str]:
    """Every generated table by its region's name: `phases`, and `scoring-<kind>` for each kind."""
    return {"phases": phase_table(), **{f"scoring-{kind.kind}": scoring_table(kind) for kind in SCORING_KINDS}}


def phase_table() -> str:
    rows = ["| `phase` | parameters | in short |", "|---|---|---|"]
    rows += [f"| `{kind.name}` | {parameters(kind)} | {kind.summary} |" for kind in PHASE_KINDS]
    return "\n".join(rows) + "\n"


def parameters(kind: Any) -> str:
    """A phase's parameters in one cell: each with its type, and whether it is required or its default."""
    return "; ".join(f"`{item.key}`: {type_text(item)}{_condition(item)}" for item in declared(kind)) or "none"


def scoring_table(kind: Any) -> str:
    rows = ["| field | type | required / default | meaning |", "|---|---|---|---|",
            f"| `kind` | `{kind.kind}` | required | |"]
    rows += [f"| `{item.key}` | {type_text(item)} | {_default(item)} | {item.term.doc} |" for item in declared(kind)]
    return "\n".join(rows) + "\n"


def type_text(item: Declared) -> str:
    return _text(unwrap(item), item)


def _text(kind: Any, item: Declared, many: bool = False) -> str:
    origin = typing.get_origin(kind)
    if origin is tuple:
        return "list of " + _text(typing.get_args(kind)[0], item, many=True)
    if origin is not None and issubclass(origin, Mapping):
        key = typing.get_args(kind)[0]
        keys = _noun(item.term.keyed_by) if key is int else "suit" if key is Suit else "card"
        return f"map of {keys} → {_noun(item.term.what)}"
    if kind is bool:
        return "`true` or `false`"
    if kind is int:
        return _number(item.term.minimum, many)
    if kind is Suit:
        return "suits" if many else "suit"
    if kind is Card:
        return "cards" if many else "card"
    if kind is str:
        return _noun(item.term.what)
    assert isinstance(kind, type) and issubclass(kind, enum.Enum)  # terms.value_shape refuses any other type
    values = [f"`{member.value}`" for member in kind]
    return ", ".join(values[:-1]) + (" and " if many else " or ") + values[-1]


def _number(minimum: int | None, many: bool) -> str:
    noun = "numbers" if many else "number"
    if minimum is None:
        return f"whole {noun}"
    return f"whole {noun} ≥ 0" if minimum == 0 else f"{noun} ≥ {minimum}"


def _noun(what: str) -> str:
    """'a number of points' → 'points'; 'a team size' → 'team size'."""
    return what.removeprefix("a ").removeprefix("an ").removeprefix("number of ")


def _condition(item: Declared) -> str:
    """After a phase parameter's type: required, its default, or when it is needed."""
    if item.required:
        return ", required"
    if item.term.default_doc:
        return f", {item.term.default_doc}"
    default = item.default
    return "" if default is None else f", default `{_yaml(default)}`"


def _default(item: Declared) -> str:
    if item.required:
        return "required"
    if item.term.default_doc:
        return item.term.default_doc
    default = item.default
    return "none" if default is None else f"`{_yaml(default)}`"


def _yaml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(map(_yaml, value)) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_yaml(key)}: {_yaml(item)}" for key, item in value.items()) + "}"
    return str(value.value if isinstance(value, enum.Enum) else value)


def rewrite(text: str) -> str:
    """The guide with each generated region's table written anew; a region of unknown name is
    an error, as is a table with no region."""
    written = tables()
    found = [match["name"] for match in _REGION.finditer(text)]
    if sorted(found) != sorted(written):
        raise ValueError(f"AUTHORING.md's generated regions are {', '.join(found) or 'none'}; "
                         f"expected one each of {', '.join(written)}")
    return _REGION.sub(lambda match: match[1] + written[match["name"]] + match[4], text)


if __name__ == "__main__":
    guide = Path(sys.argv[1]) if len(sys.argv) > 1 else GUIDE
    guide.write_text(rewrite(guide.read_text(encoding="utf-8")), encoding="utf-8")
    print(guide)
