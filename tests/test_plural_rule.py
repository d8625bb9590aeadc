"""The play pages' plural rule (`pluralRule` in play-engine.js): a catalog's Plural-Forms
expression read by a parser, never run as code, choosing the form gettext's own reading
chooses, and refusing whatever is not a plural rule."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from gettext import c2py
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "tutorial_engine" / "render" / "assets" / "play-engine.js"
NODE = shutil.which("node") or shutil.which("nodejs")
if NODE is None:
    if os.environ.get("CI") == "true":
        raise RuntimeError("Node.js is missing; .ci/run installs it (apt-get install nodejs)")
    pytest.skip("Node.js is not installed", allow_module_level=True)

COUNTS = list(range(0, 1201)) + [10_001, 123_456_789]
RULES = [
    "(n != 1)", "(n > 1)", "0", "n==1 ? 0 : 1",
    "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
    "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
    "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)",
    "!(n < 2)", "((n))%3", " n  >=  2 ",
]
NOT_RULES = [
    "n); alert(1); (n", "constructor", "n = 1", "(n", "n)", "n ? 1", "n ? 1 : ", "", "   ", "1 + 1",
    "n * 2", "-n", "n & 1", "n | 1", "n == 1 ; 0", "n1", "toString", "x", "(" * 5000 + "n" + ")" * 5000,
]


def javascript(rules: list[str]) -> list:
    """Each rule's forms for COUNTS, or None where pluralRule refuses it."""
    script = (f"const E = require({json.dumps(str(ENGINE))});"
              "const job = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "process.stdout.write(JSON.stringify(job.rules.map(r => {"
              " const rule = E.pluralRule(r); return rule && job.counts.map(rule); })));")
    done = subprocess.run([NODE, "-e", script], input=json.dumps({"rules": rules, "counts": COUNTS}),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def catalog_rules() -> list[str]:
    rules = []
    for path in sorted((ROOT / "locales").glob("*/LC_MESSAGES/*.po")):
        with path.open("rb") as po:
            rules.append(read_po(po).plural_expr)
    return rules


@pytest.mark.slow
def test_every_catalogs_rule_chooses_the_form_gettext_chooses():
    rules = catalog_rules()
    assert len(rules) >= 5
    for rule, forms in zip(rules + RULES, javascript(rules + RULES)):
        assert forms == [c2py(rule)(n) for n in COUNTS], rule


@pytest.mark.slow
def test_what_is_not_a_plural_rule_is_refused():
    assert javascript(NOT_RULES) == [None] * len(NOT_RULES)


def test_the_play_page_reads_the_rule_and_runs_no_catalog_text():
    play = (ROOT / "tutorial_engine" / "render" / "assets" / "play.js").read_text(encoding="utf-8")
    assert "E.pluralRule(L.plural)" in play
    assert "new Function" not in play and "eval(" not in play
