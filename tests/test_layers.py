"""The package's layers (ARCHITECTURE.md): a module imports only from its own layer and the
layers below it, and every module is in a layer. Imports made only for type checking count too."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tutorial_engine"
LAYERS = {
    "foundation": {"problems", "cache"},
    "engine": {"cards", "game", "rules", "seating", "scoring", "forecast", "deal", "choicedeal", "partners",
               "simulate"},
    "input": {"source", "schema", "gamefile", "content", "examples", "drills", "pages", "walkthrough", "check",
              "schemas"},
    "words": {"i18n", "grammar", "placeholders", "cardnames", "explain", "theme", "glossary", "wording", "locales",
              "extract"},
    "render": {"render", "drillrender", "drillmarkup", "walkrender", "scoresheet", "guide", "chooser",
               "templatecache"},
    "build": {"plugin", "publish", "drillcache", "searchindex"},
    "commands": {"cli", "scaffold", "judge", "__main__"},
}
KNOWN = {("examples", "explain"), ("pages", "grammar")}
"""Imports against the layering that ARCHITECTURE.md names, to be removed, not added to."""

ORDER = list(LAYERS)
LAYER = {module: layer for layer, modules in LAYERS.items() for module in modules}


def imports(path: Path) -> set[str]:
    """The package's modules that `path` imports, relatively (`from .rules import …`)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module} if node.module else {alias.name for alias in node.names}
    return found


MODULES = sorted(path for path in PACKAGE.glob("*.py") if path.stem != "__init__")


def test_every_module_is_in_a_layer():
    assert sorted(path.stem for path in MODULES if path.stem not in LAYER) == []


def test_imports_run_from_top_to_bottom():
    upward = sorted((path.stem, name) for path in MODULES for name in imports(path)
                    if name in LAYER and ORDER.index(LAYER[name]) > ORDER.index(LAYER[path.stem]))
    assert [pair for pair in upward if pair not in KNOWN] == []
    assert set(upward) == KNOWN  # a known exception that is gone comes off the list


def test_the_check_can_fail(tmp_path):
    rogue = tmp_path / "rules.py"
    rogue.write_text("from .render import Renderer\n", encoding="utf-8")
    assert imports(rogue) == {"render"} and ORDER.index(LAYER["render"]) > ORDER.index(LAYER["rules"])
