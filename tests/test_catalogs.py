"""The shipped catalogs are complete and current: every locale is fully translated, fresh."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from tutorial_engine.cli.extract import NAME_NOTE, extract_yaml
from tutorial_engine.cli.locale import check_locales

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ["ru", "fr", "es", "fa", "sw"]
PLURAL_FORMS = {"ru": 3, "fr": 3, "es": 3, "fa": 2, "sw": 2}
EVERY_CATALOG = sorted(path.parent.parent.name for path in (ROOT / "locales").glob("*/LC_MESSAGES/messages.po"))


def catalog(code: str):
    with (ROOT / "locales" / code / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=code)


def template():
    with (ROOT / "locales" / "messages.pot").open("rb") as pot:
        return read_po(pot)


def keys(messages) -> set:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in messages if m.id}


@pytest.mark.parametrize("code", LOCALES)
def test_the_catalog_has_every_message_of_the_template_and_no_other(code):
    assert keys(catalog(code)) == keys(template())


@pytest.mark.parametrize("code", LOCALES)
def test_every_message_is_translated_and_none_is_fuzzy(code):
    problems = []
    for message in catalog(code):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            problems.append(message.id)
    assert problems == []


@pytest.mark.parametrize("code", EVERY_CATALOG)
def test_no_catalog_keeps_an_obsolete_entry(code):
    """`tutorial-engine locale update` drops them: an obsolete (#~) entry is never shown, and
    one kept beside a message that comes back is a duplicate that msgfmt refuses."""
    lines = (ROOT / "locales" / code / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8").splitlines()
    assert [number for number, line in enumerate(lines, 1) if line.startswith("#~")] == []


@pytest.mark.parametrize("code", EVERY_CATALOG)
def test_locale_check_finds_nothing(code):
    """Syntax, placeholders, plural forms against the header and CLDR, markup, and the wording
    a reviewer would check (wording.py), the glossary's words included: as `tutorial-engine
    locale check` checks them, warnings too."""
    problems, files = check_locales(ROOT, [code])
    assert ([str(problem) for problem in problems], files) == ([], 1)


POFILTER = Path(sys.executable).parent / "pofilter"
POFILTER_CHECKS = ("accelerators", "acronyms", "blank", "compendiumconflicts", "credits", "doublespacing",
                   "doublewords", "emails", "endpunc", "endwhitespace", "escapes", "filepaths", "functions",
                   "kdecomments", "newlines", "options", "printf", "purepunc", "startwhitespace", "tabs",
                   "untranslated", "urls", "variables", "xmltags")
"""translate-toolkit's checks that fit these catalogs. TRANSLATING.md (Check your work) says
which are left out and why; in short: nplurals expects two forms for French and Spanish, where
CLDR gives three; pythonbraceformat compares a plural form with an English singular that says
"one" in words, which msgfmt --check reads rightly; numbers, startcaps and simplecaps do not fit
Persian digits and script, nor a number written in words; brackets, quotes, punctuation spacing,
sentence counts and lengths differ by language on purpose (`locale check` holds each catalog to
one typographic convention instead)."""
POFILTER_OFF = {"sw": {"doublewords": "Swahili repeats a number to distribute it: wachezaji wawili wawili"}}


@pytest.mark.parametrize("code", LOCALES)
def test_pofilter_finds_nothing(code, tmp_path):
    """A real third-party checker guards the catalogs too. Obsolete entries (#~) are left out:
    they are never shown."""
    current = tmp_path / f"{code}.po"
    with current.open("wb") as po:
        write_po(po, catalog(code), width=None, ignore_obsolete=True)
    checks = [f"--test={name}" for name in POFILTER_CHECKS if name not in POFILTER_OFF.get(code, {})]
    out = tmp_path / "found.po"
    done = subprocess.run([str(POFILTER), "--progress=none", "--nofuzzy", f"--language={code}", *checks,
                           "-i", str(current), "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found = re.findall(r"^# \(pofilter\) (\w+): (.*)\n(?:#.*\n)*(?:msgctxt .*\n)?msgid (.*)", out.read_text(encoding="utf-8"),
                       re.MULTILINE) if out.exists() else []
    assert found == []


@pytest.mark.parametrize("code", LOCALES)
def test_plural_forms_follow_cldr(code):
    assert catalog(code).num_plurals == PLURAL_FORMS[code]


@pytest.mark.parametrize("code", EVERY_CATALOG)
def test_gnu_msgfmt_accepts_the_catalog(code):
    if shutil.which("msgfmt") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("msgfmt (GNU gettext) is missing; .ci/run installs it")
        pytest.skip("msgfmt (GNU gettext) is not installed")
    path = ROOT / "locales" / code / "LC_MESSAGES" / "messages.po"
    result = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(path)],
                            capture_output=True, text=True)
    assert (result.returncode, result.stderr) == (0, "")


def test_the_template_is_current():
    """Nothing translatable was added or changed without `make catalogs`."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = set()
    for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map):
        found.add((context, message if isinstance(message, str) else message[0]))
    assert found == keys(template())


def test_swahili_came_through_the_workflow_alone():
    """Issue 6's proof: adding sw touched only locales/ and mkdocs.yml, never the engine."""
    mentions = [f"{path.relative_to(ROOT)}:{number}"
                for path in sorted((ROOT / "tutorial_engine").rglob("*")) if path.is_file()
                and path.suffix in (".py", ".html", ".md", ".js", ".css")
                for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if re.search(r"\bsw\b|[Ss]wahili", line)]
    assert mentions == []


@pytest.mark.parametrize(("players", "names"), [
    ("[3, 7]", ["Anna", "Boris", "Chiara", "Dawit", "Emeka", "Farida", "Gulnara"]),
    ("[2]", ["Anna", "Boris"]),
    ("[two, -1, {a: 1}]", []),
    ("four", []),
    ("[2]\nvariants:\n  big: {description: D, players: [6]}", ["Anna", "Boris", "Chiara", "Dawit", "Emeka", "Farida"]),
    ("[99999999999999999999]", []),
])
def test_a_game_s_seat_names_are_offered_for_translation_up_to_its_largest_table(players, names):
    """Drills, walkthroughs and play pages seat players no example names (a seventh at Oh Hell's
    largest table), so the game's table sizes bring the seat names into the catalogs."""
    game = f"id: g\nname: G\ndeck: {{suits: [♠], ranks: [A]}}\nplayers: {players}\n".encode()
    seats = [(message, comments) for _, function, message, comments in extract_yaml(io.BytesIO(game), (), (), {})
             if function == "pgettext" and message[0] == "name"]
    assert seats == [(("name", name), [NAME_NOTE]) for name in names]


@pytest.mark.parametrize(("scoring", "side"), [
    ("{kind: tricks, declarers: makers}", ["makers"]),
    ("{kind: tricks}", ["declarers"]),                 # the engine's default, which the pages use as well
    ("{kind: odd-tricks, book: 6, target: 5}", []),    # no side makes trump
    ("{kind: tricks, declarers: [a, b]}", []),         # not a name: check reports it
])
def test_the_name_of_the_side_that_made_trump_is_offered_for_translation(scoring, side):
    """A game scored by the tricks of the side that made trump names that side on its drills,
    walkthrough and play page (issue 32): its name is a message of context "side"."""
    game = f"id: g\nname: G\ndeck: {{suits: [♠], ranks: [A]}}\nscoring: {scoring}\n".encode()
    found = [message[1] for _, function, message, _ in extract_yaml(io.BytesIO(game), (), (), {})
             if function == "pgettext" and message[0] == "side"]
    assert found == side
