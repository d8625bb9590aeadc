"""`tutorial-engine locale add|update|stats|check`, run on a temporary copy of the project.

The bad catalogs in tests/fixtures/bad_po/ state what `locale check` must print for them in their
leading comment lines, one per problem and in line order:

    # expect: 12: error: msgstr: placeholders differ from the English: missing {points}

LINE is a line of the fixture itself. A file that cannot hold such a comment (not UTF-8) keeps
the same lines in a sidecar NAME.expect.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from tutorial_engine.cli.main import cli
from tutorial_engine.cli.mkdocs_config import register_locale
from tutorial_engine.i18n.pofile import check_po, markup_problems
from tutorial_engine.problems import display_path

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "fixtures" / "bad_po"
FIXTURES = sorted(path.name for path in BAD.glob("*.po"))
EXPECT = "# expect: "
NEW = Path("locales/ha/LC_MESSAGES/messages.po")
"""A language the project does not have yet: the tests add it."""


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """The examples, catalogs, mkdocs.yml and babel.cfg of the project, copied; the working folder."""
    for name in ("examples", "locales", "mkdocs.yml", "babel.cfg"):
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def locale(*args: str):
    return CliRunner().invoke(cli, ["locale", *args])


def entry(path: Path, msgid: str):
    with path.open("rb") as po:
        return read_po(po)[msgid]


def set_translation(path: Path, msgid: str, msgstr: str) -> None:
    """Translate one message by a plain text edit, as a translator's editor would."""
    text = path.read_text(encoding="utf-8")
    old = f'msgid "{msgid}"\nmsgstr ""\n'
    assert old in text
    path.write_text(text.replace(old, f'msgid "{msgid}"\nmsgstr "{msgstr}"\n'), encoding="utf-8")


# --- add -----------------------------------------------------------------------------------------

def test_add_creates_the_catalog_with_the_cldr_plural_header_and_registers_the_locale(project):
    mkdocs = (project / "mkdocs.yml").read_text(encoding="utf-8")
    result = locale("add", "ha")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        f"Created {NEW.as_posix()} for Hausa (2 plural forms: nplurals=2; plural=(n != 1))",
        "Added ha to the locales of the tutorial plugin in mkdocs.yml",
        "Next:",
        f"  1. Translate {NEW.as_posix()} with a gettext editor (Poedit, Lokalize) or a text editor",
        "  2. See what is left: tutorial-engine locale stats",
        "  3. Check it: tutorial-engine locale check ha",
        "  4. Preview the site: make serve LANG=ha",
    ]
    text = (project / NEW).read_text(encoding="utf-8")
    assert '"Language: ha\\n"' in text
    assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in text
    with (project / NEW).open("rb") as po:
        catalog = read_po(po)
    with (project / "locales" / "messages.pot").open("rb") as pot:
        template = read_po(pot)
    assert {m.id for m in catalog if m.id} == {m.id for m in template if m.id}
    assert not catalog.fuzzy
    # Only the locales list changed, by appending the code.
    assert (project / "mkdocs.yml").read_text(encoding="utf-8") == mkdocs.replace(
        "locales: [en, ru, fr, es, fa, sw]", "locales: [en, ru, fr, es, fa, sw, ha]")


def test_the_new_catalog_passes_msgfmt_check(project):
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (GNU gettext) is not installed")
    assert locale("add", "ha").exit_code == 0
    result = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(NEW)],
                            capture_output=True, text=True)
    assert (result.returncode, result.stderr) == (0, "")


def test_add_through_the_console_script(project, run_cli):
    result = run_cli("locale", "add", "ha", cwd=project)
    assert (result.returncode, result.stderr) == (0, "")
    assert (project / NEW).is_file()


@pytest.mark.parametrize("code, message", [
    ("xx", "unknown language code 'xx': Babel (CLDR) does not know it; use a code such as de, "
           "pt_BR or zh_Hant"),
    ("../sw", "unknown language code '../sw': Babel (CLDR) does not know it; use a code such as "
              "de, pt_BR or zh_Hant"),
    ("pt-BR", "write the language code as 'pt_BR', not 'pt-BR'"),
    ("fr", "locale fr exists already: locales/fr/LC_MESSAGES/messages.po"),
    ("en", "en is the source language: the English text is the msgid itself"),
])
def test_add_refuses_and_writes_nothing(project, run_cli, code, message):
    before = sorted(str(p.relative_to(project)) for p in project.rglob("*"))
    mkdocs = (project / "mkdocs.yml").read_bytes()
    result = run_cli("locale", "add", code, cwd=project)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", f"Error: {message}\n")
    assert sorted(str(p.relative_to(project)) for p in project.rglob("*")) == before
    assert (project / "mkdocs.yml").read_bytes() == mkdocs


def test_add_without_a_template_suggests_update(project, run_cli):
    (project / "locales" / "messages.pot").unlink()
    result = run_cli("locale", "add", "ha", cwd=project)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == ("Error: no template locales/messages.pot; "
                             "run tutorial-engine locale update first\n")
    assert not (project / "locales" / "ha").exists()


@pytest.mark.parametrize("before, after", [
    ("plugins:\n  - tutorial:\n      locales: [en, ru]   # the first is the default\n  - search\n",
     "plugins:\n  - tutorial:\n      locales: [en, ru, ha]   # the first is the default\n  - search\n"),
    ("plugins:\n  - tutorial:\n      examples: examples\n      locales:\n        - en\n        - ru\n"
     "  - search\n",
     "plugins:\n  - tutorial:\n      examples: examples\n      locales:\n        - en\n        - ru\n"
     "        - ha\n  - search\n"),
    ("plugins:\n  - tutorial:\n      locales: []\n", "plugins:\n  - tutorial:\n      locales: [ha]\n"),
    ("plugins:\n  - tutorial:\n      locales: [en, ha]\n", None),
])
def test_register_edits_only_the_locales_list(before, after):
    assert register_locale(before, "ha") == after


# --- update and stats ----------------------------------------------------------------------------

def test_translating_one_string_moves_the_stats(project):
    assert locale("add", "ha").exit_code == 0
    before = locale("stats")
    assert before.exit_code == 0
    line = next(line for line in before.stdout.splitlines() if line.startswith("ha: "))
    total = int(re.search(r"(\d+) untranslated", line)[1])
    assert line == f"ha: 0 translated, 0 fuzzy, {total} untranslated, 0.0%"
    assert f"  {NEW.as_posix()}: 0 translated, 0 fuzzy, {total} untranslated, 0.0%" in before.stdout
    assert "fr: " in before.stdout and "100.0%" in before.stdout

    set_translation(project / NEW, "Who takes the trick, and what is it worth?",
                    "Nani anachukua mkono, na una thamani gani?")
    after = locale("stats").stdout.splitlines()
    percent = int(1000 / total) / 10
    assert f"ha: 1 translated, 0 fuzzy, {total - 1} untranslated, {percent:.1f}%" in after


def test_stats_min_names_the_locales_below_it(project, run_cli):
    assert locale("add", "ha").exit_code == 0
    result = run_cli("locale", "stats", "--min", "90", cwd=project)
    assert result.returncode == 1
    assert result.stderr == "Error: below --min 90%: ha (0.0%)\n"
    assert "ha: 0 translated" in result.stdout
    assert run_cli("locale", "stats", "--min", "0", cwd=project).returncode == 0
    (project / NEW).unlink()
    assert run_cli("locale", "stats", "--min", "100", cwd=project).returncode == 0


def test_a_changed_english_paragraph_becomes_fuzzy_after_update(project):
    pages = project / "examples" / "albastini" / "pages.yml"
    old = "The dealer never forecasts."
    new = "The dealer never makes a forecast."
    text = pages.read_text(encoding="utf-8")
    assert old in text
    pages.write_text(text.replace(old, new), encoding="utf-8")
    french = project / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    before = next(m for m in read_po(french.open("rb")) if isinstance(m.id, str) and m.id.startswith(old))

    result = locale("update")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:2] == ["Extracted locales/messages.pot",
                                              "Updated locales/es/LC_MESSAGES/messages.po"]
    changed = entry(french, before.id.replace(old, new))
    assert changed.fuzzy
    assert changed.string == before.string  # the old translation, kept for the translator
    stats = locale("stats").stdout
    assert re.search(r"^fr: \d+ translated, 1 fuzzy, 0 untranslated, ", stats, re.M)
    assert "#| " not in french.read_text(encoding="utf-8")  # no --previous: msgfmt rejects its wrapping
    if shutil.which("msgfmt"):
        done = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(french)],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


def test_update_makes_a_removed_message_obsolete(project):
    drills = project / "examples" / "albastini" / "drills.yml"
    title = "Three players, at least one trump"  # an Albastini drill title no other file uses
    text = drills.read_text(encoding="utf-8")
    assert title in text
    drills.write_text(text.replace(title, "Tricks at a table of three"), encoding="utf-8")
    assert locale("update").exit_code == 0
    russian = (project / "locales" / "ru" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    assert f'#~ msgid "{title}"' in russian


# --- check ---------------------------------------------------------------------------------------

def expected(name: str) -> list[str]:
    """The `# expect:` lines of the fixture's leading comments, as `locale check` prints them."""
    lines = []
    for raw in (BAD / name).read_bytes().split(b"\n"):
        line = raw.decode("utf-8", errors="replace")  # not_utf8.po: only its msgstr is Latin-1
        if not line.startswith("#"):
            break
        if line.startswith(EXPECT):
            lines.append(line.removeprefix(EXPECT))
    assert lines, f"{name} states no '{EXPECT}' line"
    return lines


def aborted(lines: list[str], files: int = 1) -> str:
    errors = sum(": error: " in f":{line}" for line in lines)
    warnings = len(lines) - errors
    return (f"Aborted with {errors} error{'s' if errors != 1 else ''}, "
            f"{warnings} warning{'s' if warnings != 1 else ''} in {files} catalog{'s' if files != 1 else ''}")


def test_there_are_enough_bad_catalogs():
    assert len(FIXTURES) >= 15


@pytest.mark.parametrize("name", FIXTURES, ids=FIXTURES)
def test_check_reports_exactly_the_expected_problems(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    path = BAD / name
    problems = check_po(path.read_bytes(), path)
    assert [str(problem) for problem in problems] == [f"{display_path(path)}:{line}" for line in expected(name)]


@pytest.mark.parametrize("name", FIXTURES, ids=FIXTURES)
def test_the_cli_prints_them_and_exits_1_on_errors(name, project):
    """The fixture as a locale's catalog; each fixture's header names its own language."""
    catalog = project / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    shutil.copy(BAD / name, catalog)
    result = locale("check", "fr")
    lines = [f"locales/fr/LC_MESSAGES/messages.po:{line}" for line in expected(name)]
    if any(": error: " in line for line in lines):
        assert result.stdout.splitlines() == [*lines, aborted(expected(name))]
        assert result.exit_code == 1
    else:  # only warnings
        assert result.stdout.splitlines() == [*lines, "Checked 1 catalog: 1 warning"]
        assert result.exit_code == 0


def test_check_reports_every_locale_at_once(project, run_cli):
    for code, name in (("es", "unbalanced_bold.po"), ("ru", "placeholder_extra.po")):
        shutil.copy(BAD / name, project / "locales" / code / "LC_MESSAGES" / "messages.po")
    result = run_cli("locale", "check", cwd=project)
    lines = [*[f"locales/es/LC_MESSAGES/messages.po:{line}" for line in expected("unbalanced_bold.po")],
             *[f"locales/ru/LC_MESSAGES/messages.po:{line}" for line in expected("placeholder_extra.po")]]
    assert (result.returncode, result.stderr) == (1, "")
    assert result.stdout.splitlines() == [*lines, "Aborted with 2 errors, 0 warnings in 5 catalogs"]


def test_check_passes_the_real_catalogs_and_a_new_one(project):
    assert locale("add", "ha").exit_code == 0
    result = locale("check")
    assert (result.exit_code, result.stdout) == (0, "Checked 6 catalogs: no problems\n")


def test_check_names_an_unknown_locale(project, run_cli):
    result = run_cli("locale", "check", "ha", cwd=project)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == ("Error: no catalog for locale 'ha' in locales (locales: es, fa, fr, ru, sw); "
                             "add it with tutorial-engine locale add ha\n")


def test_a_tag_left_open_in_the_english_may_stay_open():
    """A path such as examples/<game>/ reads like an open tag; a translation that keeps it as the
    English does is not unbalanced, but one that leaves a closed tag open still is."""
    english = "Needed only outside examples/<game>/."
    assert markup_problems(english, "Nécessaire seulement hors de examples/<game>/.") == []
    assert markup_problems("Play <em>after</em> it.", "Jouez <em>après.") == ["unbalanced <em>: not closed"]


# --- the glossary --------------------------------------------------------------------------------

def test_a_word_the_glossary_sets_aside_is_reported_at_its_line(project):
    """Russian players know «прикуп» as a widow: the glossary sets it aside for the stock."""
    catalog = project / "locales" / "ru" / "LC_MESSAGES" / "messages.po"
    text = catalog.read_text(encoding="utf-8")
    old = "В обеих играх под остатком колоды лежит"
    assert old in text
    catalog.write_text(text.replace(old, "В обеих играх под прикупом лежит"), encoding="utf-8")
    line = next(n for n, row in enumerate(catalog.read_text(encoding="utf-8").splitlines(), 1) if "прикупом" in row)
    result = locale("check", "ru")
    assert result.stdout.splitlines() == [
        f"locales/ru/LC_MESSAGES/messages.po:{line}: error: msgstr: 'прикупом' contradicts the glossary: the "
        "stock is 'остаток колоды' in this language (locales/glossary.yml)",
        "Aborted with 1 error, 0 warnings in 1 catalog"]
    assert result.exit_code == 1


def test_a_bad_glossary_is_reported_at_its_line_and_column(project):
    glossary = project / "locales" / "glossary.yml"
    text = glossary.read_text(encoding="utf-8")
    glossary.write_text(text.replace("avoid: [прикуп*]", "avoid: [(a+)+$]").replace("      ru: {word: взятка, source: взятка}\n",
                                                                                  "      ru: {wort: взятка}\n", 1),
                        encoding="utf-8")
    lines = glossary.read_text(encoding="utf-8").splitlines()
    bad = next(n for n, row in enumerate(lines, 1) if "(a+)+$" in row)
    wort = next(n for n, row in enumerate(lines, 1) if "wort:" in row)
    result = locale("check", "ru")
    assert result.stdout.splitlines() == [
        f"locales/glossary.yml:{wort}:12: error: unknown key 'wort' in a language's word; did you mean 'word'?",
        f"locales/glossary.yml:{bad}:17: error: '(a+)+$' is not a word: write a word, or a word ending in * for "
        "every word it begins",
        "Aborted with 2 errors, 0 warnings in 1 catalog"]
    assert result.exit_code == 1


def test_the_glossary_is_written_into_translating_md(project):
    shutil.copy(ROOT / "TRANSLATING.md", project / "TRANSLATING.md")
    glossary = project / "locales" / "glossary.yml"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace(
        "meaning: The suit that beats every other suit in a trick.", "meaning: The suit that beats the others."),
        encoding="utf-8")
    printed = locale("glossary")
    assert printed.exit_code == 0 and "| trump | The suit that beats the others. |" in printed.stdout
    written = locale("glossary", "--write")
    assert (written.exit_code, written.stdout) == (0, "Wrote the glossary into TRANSLATING.md\n")
    document = (project / "TRANSLATING.md").read_text(encoding="utf-8")
    assert printed.stdout.rstrip("\n") in document and "The suit that beats every other suit" not in document
    (project / "TRANSLATING.md").write_text("# A guide without the glossary's markers\n", encoding="utf-8")
    refused = locale("glossary", "--write")
    assert refused.exit_code == 1 and "no glossary section" in refused.output


def test_a_message_that_comes_back_takes_its_old_translation_once(project):
    """As msgmerge does: a paragraph removed and then restored finds its translation in the
    obsolete entry, rather than a guess from another message beside a duplicate that msgfmt
    refuses; fuzzy, for pybabel kept no word of whether it was approved."""
    pages = project / "examples" / "albastini" / "pages.yml"
    text = pages.read_text(encoding="utf-8")
    line = "          - In this trick three players play to the right. Clubs are trump and Anna leads the ace of diamonds.\n"
    assert line in text
    french = project / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    msgid = line.strip().removeprefix("- ")
    before = entry(french, msgid)
    pages.write_text(text.replace(line, ""), encoding="utf-8")
    assert locale("update").exit_code == 0
    assert f'#~ msgid "{msgid}"' in french.read_text(encoding="utf-8")
    pages.write_text(text, encoding="utf-8")
    assert locale("update").exit_code == 0
    back = entry(french, msgid)
    assert (back.string, back.fuzzy) == (before.string, True)
    assert f'#~ msgid "{msgid}"' not in french.read_text(encoding="utf-8")
    if shutil.which("msgfmt"):
        done = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(french)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


def test_a_fuzzy_message_that_comes_back_is_still_fuzzy(project):
    """The obsolete entry was not approved when it left; it is not approved when it returns."""
    pages = project / "examples" / "albastini" / "pages.yml"
    text = pages.read_text(encoding="utf-8")
    line = "          - In this trick three players play to the right. Clubs are trump and Anna leads the ace of diamonds.\n"
    msgid = line.strip().removeprefix("- ")
    french = project / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    po = french.read_text(encoding="utf-8")
    french.write_text(po.replace(f'msgid "{msgid}"', f'#, fuzzy\nmsgid "{msgid}"', 1), encoding="utf-8")
    assert entry(french, msgid).fuzzy
    pages.write_text(text.replace(line, ""), encoding="utf-8")
    assert locale("update").exit_code == 0
    pages.write_text(text, encoding="utf-8")
    assert locale("update").exit_code == 0
    assert entry(french, msgid).fuzzy
    assert french.read_text(encoding="utf-8").count(f'msgid "{msgid}"') == 1
