"""`make lint`'s JavaScript half (issue 30): ESLint and TypeScript's checker, with the project's
configs in tests/browser/, pass the project's own scripts, and fail on a script with a fault of
each kind they are there for.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tests" / "browser"
ESLINT = TOOLS / "node_modules" / ".bin" / "eslint"
TSC = TOOLS / "node_modules" / ".bin" / "tsc"
SITE_SCRIPTS = {f"tutorial_engine/render/assets/{name}.js"
                for name in ("drills", "play-engine", "play", "search-letters", "tutorial")}
NODE_SCRIPTS = {"tests/play/differential.js"}

pytestmark = pytest.mark.slow  # each test starts Node.js


@pytest.fixture(scope="module", autouse=True)
def _tools():
    if not (ESLINT.exists() and TSC.exists()):
        if os.environ.get("CI") == "true":
            pytest.fail("ESLint or TypeScript is missing; .ci/run installs them (make browser-tools)")
        pytest.skip("ESLint and TypeScript are not installed: make browser-tools")


def run(*args: str | Path, stdin: str | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([str(arg) for arg in args], input=stdin, capture_output=True, text=True, cwd=cwd,
                          timeout=120)


def eslint(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """ESLint as `make lint` runs it, from the project's root."""
    return run(ESLINT, "--config", TOOLS / "eslint.config.mjs", *args, stdin=stdin)


def eslint_page_script(source: str) -> list[str]:
    """The rules a page script (one of render/assets/) holding `source` breaks, as "rule: message"."""
    done = eslint("--format", "json", "--stdin", "--stdin-filename", "tutorial_engine/render/assets/snippet.js",
                  stdin=source)
    assert done.returncode in (0, 1), done.stderr
    return [f"{m['ruleId'] or 'syntax'}: {m['message']}" for m in json.loads(done.stdout)[0]["messages"]]


def tsc_errors(tmp_path: Path, source: str, config: str = "tsconfig.json") -> list[str]:
    """The errors of TypeScript's check, under the project's `config`, of a script holding `source`."""
    (tmp_path / "snippet.js").write_text(source, encoding="utf-8")
    (tmp_path / "tsconfig.json").write_text(json.dumps({"extends": str(TOOLS / config), "include": ["snippet.js"]}),
                                            encoding="utf-8")
    done = run(TSC, "--project", tmp_path / "tsconfig.json", "--pretty", "false", cwd=tmp_path)
    assert not done.stderr
    return done.stdout.splitlines()


def test_eslint_passes_the_projects_scripts_and_no_vendored_one():
    done = eslint("--format", "json", "tutorial_engine/render/assets", "tests/play")
    results = {Path(result["filePath"]).relative_to(ROOT).as_posix(): result["messages"]
               for result in json.loads(done.stdout)}
    assert {name: [f"{m['line']}:{m['column']} {m['ruleId']}: {m['message']}" for m in messages]
            for name, messages in results.items()} == dict.fromkeys(sorted(SITE_SCRIPTS | NODE_SCRIPTS), [])
    assert done.returncode == 0


@pytest.mark.parametrize(("config", "scripts"), [("tsconfig.json", SITE_SCRIPTS),
                                                 ("tsconfig.node.json", NODE_SCRIPTS)])
def test_typescript_passes_the_projects_scripts(config, scripts):
    done = run(TSC, "--project", TOOLS / config, "--pretty", "false", "--listFiles")
    lines = done.stdout.splitlines()
    assert [line for line in lines if ": error TS" in line] == []
    assert done.returncode == 0
    checked = {Path(line).relative_to(ROOT).as_posix() for line in lines if line.startswith(f"{ROOT}/tests/")
               or line.startswith(f"{ROOT}/tutorial_engine/")}
    assert {name for name in checked if name.endswith(".js")} == scripts


@pytest.mark.parametrize(("source", "found"), [
    ('(function () { "use strict"; missing(); })();\n', "no-undef: 'missing' is not defined."),
    ('(function () { "use strict"; var unused = 1; })();\n', "no-unused-vars: 'unused' is assigned a value but never used."),
    ("var stray = 1;\nwindow.alert(stray);\n",
     "no-implicit-globals: Unexpected 'var' declaration in the global scope, wrap in an IIFE for a local variable,"
     " assign as global property for a global variable."),
    ("(function () { if (location.hash == 0) location.reload(); })();\n", "eqeqeq: Expected '===' and instead saw '=='."),
    ('(function () { const late = 1; return late; })();\n', "syntax: Parsing error: The keyword 'const' is reserved"),
    ('(function () { return process.argv; })();\n', "no-undef: 'process' is not defined."),
], ids=["undefined-name", "unused-variable", "implicit-global", "loose-equality", "newer-syntax", "node-global"])
def test_eslint_reports_a_page_script_at_fault(source, found):
    assert eslint_page_script(source) == [found]


def test_eslint_takes_an_empty_catch_that_names_its_error_as_es5_must():
    assert eslint_page_script('(function () { "use strict"; try { localStorage.clear(); } catch (e) {} })();\n') == []


def test_typescript_reports_a_page_script_at_fault(tmp_path):
    # Seat: a constructor function is checked as a class, as play-engine.js's Table, Deal and
    # Match are written (TypeScript 7.0 takes their `this` as any).
    source = """/** @param {string} name */
function greet(name) { return name.trim(); }
greet(42);
document.getElementById("tc-play").hidden = true;
function Seat(n) { this.n = n; }
new Seat(1).name;
process.exit(1);
"""
    assert tsc_errors(tmp_path, source) == [
        "snippet.js(3,7): error TS2345: Argument of type 'number' is not assignable to parameter of type 'string'.",
        "snippet.js(4,1): error TS2531: Object is possibly 'null'.",
        "snippet.js(6,13): error TS2339: Property 'name' does not exist on type 'Seat'.",
        "snippet.js(7,1): error TS2591: Cannot find name 'process'. Do you need to install type definitions for node?"
        " Try `npm i --save-dev @types/node` and then add 'node' to the types field in your tsconfig.",
    ]


def test_typescript_reports_a_node_script_at_fault(tmp_path):
    source = 'require("fs").readFileSync(0, "utf8").nothing();\nwindow.alert("");\n'
    assert tsc_errors(tmp_path, source, "tsconfig.node.json") == [
        "snippet.js(1,39): error TS2339: Property 'nothing' does not exist on type 'string'.",
        "snippet.js(2,1): error TS2304: Cannot find name 'window'.",
    ]
