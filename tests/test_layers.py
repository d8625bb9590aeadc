"""The package's layers (ARCHITECTURE.md): one subpackage per layer, and a module imports only
from its own layer and the layers below it. Imports made only for type checking count too."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tutorial_engine"
ORDER = ["foundation", "engine", "i18n", "content", "render", "build", "cli"]
"""Bottom to top. The foundation is the modules at the top of the package (problems, cache,
forked)."""

THIRD_PARTY = {
    "engine": set(),
    "i18n": {"babel", "markupsafe"},
    "content": {"yaml", "babel"},
}
"""What a layer may import from outside the standard library; the layers above it are free."""


def name_of(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")


MODULES = {name_of(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    """"tutorial_engine.engine.rules" and "tutorial_engine.engine" → "engine"; a module at the
    top of the package is the foundation, but `__main__`, which only starts the command line,
    belongs with it."""
    parts = module.split(".")
    if parts[1:] == ["__main__"]:
        return "cli"
    if len(parts) > 2 or (len(parts) == 2 and (PACKAGE / parts[1]).is_dir()):
        return parts[1]
    return "foundation"


def imports(path: Path, module: str) -> tuple[set[str], set[str]]:
    """The package's modules that `module` (at `path`) imports, as full names (`from ..render
    import page` names render.page), and the top names of the other packages it imports."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    ours, theirs = set(), set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("tutorial_engine"):
                theirs.add(target)
                continue
            for alias in node.names:
                named = f"{target}.{alias.name}"
                ours.add(named if named in MODULES else target)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                (ours if alias.name.startswith("tutorial_engine") else theirs).add(alias.name)
    return ours, {name.split(".")[0] for name in theirs}


def test_every_folder_is_a_layer():
    folders = {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").exists()}
    assert folders == set(ORDER) - {"foundation"}


def test_imports_run_from_top_to_bottom():
    upward = sorted((module, target) for module, path in MODULES.items() for target in imports(path, module)[0]
                    if target in MODULES and ORDER.index(layer(target)) > ORDER.index(layer(module)))
    assert upward == []


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each import cycle found by a depth-first walk, as the modules along it."""
    found, state = [], {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for target in sorted(graph.get(module, ())):
            if state.get(target) == "open":
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target, path + [target])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    return found


def test_no_module_imports_itself_round_a_cycle():
    """Within a layer too: a module that needs another's names only for its types imports them
    like any other, so a cycle cannot hide behind TYPE_CHECKING."""
    graph = {module: {target for target in imports(path, module)[0] if target in MODULES}
             for module, path in MODULES.items()}
    for module in graph:  # a package's __init__ imports its own modules; that is no cycle
        graph[module] = {target for target in graph[module] if not module.startswith(target + ".")}
    assert cycles(graph) == []
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def test_every_import_of_the_package_names_a_module_of_it():
    missing = sorted((module, target) for module, path in MODULES.items() for target in imports(path, module)[0]
                     if target not in MODULES and target.rpartition(".")[0] not in MODULES)
    assert missing == []


def test_the_lower_layers_import_only_what_they_may():
    extra = sorted((module, name) for module, path in MODULES.items() if layer(module) in THIRD_PARTY
                   for name in imports(path, module)[1]
                   if name not in sys.stdlib_module_names and name not in THIRD_PARTY[layer(module)])
    assert extra == []


def test_the_check_can_fail(tmp_path):
    rogue = tmp_path / "rules.py"
    rogue.write_text("from ..render.page import Renderer\nfrom . import cards\nimport jinja2\n"
                     "from ..build import plugin\nfrom tutorial_engine.cli import main\nfrom .. import i18n\n",
                     encoding="utf-8")
    ours, theirs = imports(rogue, "tutorial_engine.engine.rules")
    assert ours == {"tutorial_engine.render.page", "tutorial_engine.engine.cards", "tutorial_engine.build.plugin",
                    "tutorial_engine.cli.main", "tutorial_engine.i18n"} and theirs == {"jinja2"}
    assert [layer(name) for name in sorted(ours)] == ["build", "cli", "engine", "i18n", "render"]
    assert ORDER.index(layer("tutorial_engine.render.page")) > ORDER.index(layer("tutorial_engine.engine.rules"))
    assert "jinja2" not in THIRD_PARTY["engine"] | sys.stdlib_module_names
