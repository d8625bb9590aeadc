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
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po
from click.testing import CliRunner

from tutorial_engine.cli.locale import merge
from tutorial_engine.cli.main import cli
from tutorial_engine.cli.mkdocs_config import register_locale
from tutorial_engine.i18n.pofile import OBSOLETE, check_po, markup_problems
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


@pytest.fixture
def sources(project) -> Path:
    """The project with the code as well, whose messages babel.cfg extracts beside those of the
    YAML: what `locale add`, `update` and `stats` read."""
    shutil.copytree(ROOT / "tutorial_engine", project / "tutorial_engine", ignore=shutil.ignore_patterns("__pycache__"))
    return project


def locale(*args: str):
    return CliRunner().invoke(cli, ["locale", *args])


def french(project: Path) -> Path:
    return project / "locales" / "fr" / "LC_MESSAGES" / "messages.po"


def edit_yaml(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def stats_line(output: str, code: str) -> tuple[int, int, int]:
    """(translated, fuzzy, untranslated) of a locale's line of `locale stats`."""
    found = re.search(rf"^{code}: (\d+) translated, (\d+) fuzzy, (\d+) untranslated, ", output, re.M)
    assert found, output
    return int(found[1]), int(found[2]), int(found[3])


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

def test_add_creates_the_catalog_with_the_cldr_plural_header_and_registers_the_locale(sources):
    project = sources
    mkdocs = (project / "mkdocs.yml").read_text(encoding="utf-8")
    result = locale("add", "ha")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Extracted locales/messages.pot",
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


def test_add_starts_from_the_messages_the_sources_have_now(sources):
    """A paragraph changed since the template was last extracted: the new catalog has the new
    English, not the old, and the template too."""
    old = "The dealer never forecasts. In a team game the dealer's partners do not forecast either."
    new = "The dealer never makes a forecast. In a team game the dealer's partners do not forecast either."
    edit_yaml(sources / "examples" / "albastini" / "pages.yml", old, new)
    assert locale("add", "ha").exit_code == 0
    for path in (sources / NEW, sources / "locales" / "messages.pot"):
        with path.open("rb") as po:
            ids = {m.id for m in read_po(po) if m.id}
        assert new in ids and old not in ids, path


def test_add_without_a_template_extracts_one(sources, run_cli):
    (sources / "locales" / "messages.pot").unlink()
    result = run_cli("locale", "add", "ha", cwd=sources)
    assert (result.returncode, result.stderr) == (0, "")
    with (sources / "locales" / "messages.pot").open("rb") as pot:
        template = {m.id for m in read_po(pot) if m.id}
    with (sources / NEW).open("rb") as po:
        assert {m.id for m in read_po(po) if m.id} == template
    assert len(template) > 1000


def test_add_writes_nothing_when_the_sources_cannot_be_extracted(project, run_cli):
    (project / "babel.cfg").unlink()
    before = {path: path.read_bytes() for path in project.rglob("*") if path.is_file()}
    result = run_cli("locale", "add", "ha", cwd=project)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == "Error: no babel.cfg: it names the files whose messages are extracted\n"
    assert {path: path.read_bytes() for path in project.rglob("*") if path.is_file()} == before


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

def test_translating_one_string_moves_the_stats(sources):
    project = sources
    assert locale("add", "ha").exit_code == 0
    before = locale("stats")
    assert before.exit_code == 0
    line = next(line for line in before.stdout.splitlines() if line.startswith("ha: "))
    total = int(re.search(r"(\d+) untranslated", line)[1])
    assert line == f"ha: 0 translated, 0 fuzzy, {total} untranslated, 0.0%"
    assert f"  {NEW.as_posix()}: 0 translated, 0 fuzzy, {total} untranslated, 0.0%" in before.stdout
    assert "fr: " in before.stdout and "out of date" not in before.stdout

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


def test_stats_counts_the_messages_of_the_template(sources):
    """As the build counts (catalogs.count): a message of the template that the catalog lacks
    is untranslated, and one that only the catalog has is not counted."""
    assert locale("update").exit_code == 0
    translated, fuzzy, untranslated = stats_line(locale("stats").stdout, "fr")
    with french(sources).open("rb") as po:
        catalog = read_po(po, locale="fr")
    catalog.delete("Who takes the trick, and what is it worth?")
    catalog.add("A sentence no source has.", "Une phrase qu'aucune source n'a.")
    with french(sources).open("wb") as po:
        write_po(po, catalog, width=0)
    assert stats_line(locale("stats").stdout, "fr") == (translated - 1, fuzzy, untranslated + 1)


EXTRA = "tutorial_engine/extra_messages.py"
"""A file of the code that the sources' messages gain or lose in a test."""


def test_stats_says_when_the_template_is_older_than_the_sources(sources):
    assert locale("update").exit_code == 0
    current = locale("stats").stdout.splitlines()
    assert not any("out of date" in line for line in current)
    advice = (" The counts are of its messages; run tutorial-engine locale update to bring it and the "
              "catalogs up to date with the sources.")

    (sources / EXTRA).write_text('gettext("A sentence only this test writes.")\n', encoding="utf-8")
    assert locale("stats").stdout.splitlines() == [
        "locales/messages.pot is out of date: the sources have 1 message it lacks." + advice, *current]
    edit_yaml(sources / "examples" / "albastini" / "pages.yml", "The dealer never forecasts.",
              "The dealer never makes a forecast.")
    assert locale("stats").stdout.splitlines()[0] == (
        "locales/messages.pot is out of date: the sources have 2 messages it lacks and no longer have 1 of its "
        "messages." + advice)

    assert locale("update").exit_code == 0
    (sources / EXTRA).unlink()
    assert locale("stats").stdout.splitlines()[0] == (
        "locales/messages.pot is out of date: the sources no longer have 1 of its messages." + advice)
    (sources / "locales" / "messages.pot").unlink()
    assert locale("stats").stdout.splitlines()[0] == (
        "locales/messages.pot does not exist; run tutorial-engine locale update to extract it from the sources.")


def test_a_changed_english_paragraph_becomes_fuzzy_after_update(sources):
    assert locale("update").exit_code == 0
    translated, fuzzy, untranslated = stats_line(locale("stats").stdout, "fr")
    old = "The dealer never forecasts."
    new = "The dealer never makes a forecast."
    edit_yaml(sources / "examples" / "albastini" / "pages.yml", old, new)
    before = next(m for m in read_po(french(sources).open("rb")) if isinstance(m.id, str) and m.id.startswith(old))

    result = locale("update")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:2] == ["Extracted locales/messages.pot",
                                              "Updated locales/es/LC_MESSAGES/messages.po"]
    changed = entry(french(sources), before.id.replace(old, new))
    assert changed.fuzzy
    assert changed.string == before.string  # the old translation, kept for the translator
    assert stats_line(locale("stats").stdout, "fr") == (translated - 1, fuzzy + 1, untranslated)
    text = french(sources).read_text(encoding="utf-8")
    assert "#| " not in text  # no --previous: msgfmt rejects its wrapping
    assert not re.search("^#~", text, re.M) and f'msgid "{before.id}"' not in text  # no obsolete entry
    if shutil.which("msgfmt"):
        done = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(french(sources))],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


def test_update_drops_a_removed_message(sources):
    title = "Three players, at least one trump"  # an Albastini drill title no other file uses
    edit_yaml(sources / "examples" / "albastini" / "drills.yml", title, "Tricks at a table of three")
    assert locale("update").exit_code == 0
    for path in sorted((sources / "locales").glob("*/LC_MESSAGES/messages.po")):
        text = path.read_text(encoding="utf-8")
        assert not re.search("^#~", text, re.M) and f'"{title}"' not in text, path


def test_update_drops_the_obsolete_entries_a_plain_pybabel_update_left(sources):
    """`locale check` warns of each obsolete (#~) entry at its line, and `locale update` drops
    them all. A message that comes back while its obsolete entry is still there takes its old
    translation from it, fuzzy (pybabel kept no word of whether it was approved), and once:
    pybabel would keep the obsolete entry beside it, a duplicate that msgfmt refuses."""
    assert locale("update").exit_code == 0  # the catalogs as the sources are now, without obsolete entries
    path = french(sources)
    back = "Who takes the trick, and what is it worth?"
    with path.open("rb") as po:
        catalog = read_po(po, locale="fr")
    translation = catalog[back].string
    catalog.delete(back)
    for message, text in ((back, translation), ("A sentence no source has any more.", "Une phrase disparue.")):
        catalog.obsolete[message] = Message(message, text)
    with path.open("wb") as po:
        write_po(po, catalog, width=0)
    lines = path.read_text(encoding="utf-8").splitlines()
    obsolete = [number for number, line in enumerate(lines, 1) if line.startswith("#~ msgid ")]
    assert len(obsolete) == 2
    checked = locale("check", "fr").stdout.splitlines()
    assert [line for line in checked if OBSOLETE in line] == [
        f"locales/fr/LC_MESSAGES/messages.po:{number}: warning: {OBSOLETE}" for number in obsolete]

    assert locale("update").exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert not re.search("^#~", text, re.M) and "A sentence no source has any more." not in text
    assert text.count(f'msgid "{back}"') == 1
    assert (entry(path, back).string, entry(path, back).fuzzy) == (translation, True)
    assert not any(OBSOLETE in line for line in locale("check", "fr").stdout.splitlines())
    if shutil.which("msgfmt"):
        done = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


# --- fuzzy suggestions ---------------------------------------------------------------------------

def merged(old: list[dict], new: list[dict]) -> Catalog:
    """A Russian catalog of `old` (keyword arguments of Catalog.add), merged with a template of
    `new` as `locale update` merges."""
    catalog, template = Catalog(locale="ru"), Catalog()
    for fields in old:
        catalog.add(**fields)
    for fields in new:
        template.add(**fields)
    merge(catalog, template)
    return catalog


def test_a_new_game_s_name_is_never_given_a_player_s_name():
    """The tester's case: Babel's own matching pre-filled the new game Whist with the player
    Dawit's name and its case forms, a fuzzy guess easy to accept. A name, game, suit, rank or
    card is never given another message's translation, nor lends its own."""
    dawit = {"id": "Dawit", "string": "Давит | gen=Давита", "context": "name"}
    babel = Catalog(locale="ru")
    babel.add(**dawit)
    template = Catalog()
    template.add("Whist", context="game")
    babel.update(template)
    assert babel.get("Whist", "game").string == "Давит | gen=Давита"  # what Babel alone does

    catalog = merged([dawit, {"id": "{rank} of the trump suit", "string": "{rank} козырной масти", "context": "card"}],
                     [{"id": "Whist", "context": "game"}, {"id": "Dawid", "context": "name"},
                      {"id": "{rank} of the trump's suit", "context": "card"}])
    for message, context in (("Whist", "game"), ("Dawid", "name"), ("{rank} of the trump's suit", "card")):
        found = catalog.get(message, context)
        assert not found.string and not found.fuzzy, message
    assert not catalog.obsolete


def test_a_changed_sentence_keeps_its_old_translation_fuzzy_and_nothing_else_does():
    catalog = merged(
        [{"id": "Boris leads the king of clubs and wins.", "string": "Борис ходит с короля треф и выигрывает."},
         {"id": "Anna leads the ace of hearts.", "string": "Анна ходит с туза червей."},
         {"id": "{player} leads the queen of clubs and loses.", "string": "{player} ходит с дамы треф и проигрывает."},
         {"id": "Chiara leads the jack of spades here.", "string": "Кьяра ходит с валета пик.", "context": "drill"},
         {"id": "Anna takes {n} tricks in this deal.", "string": "Анна берёт взяток: {n}."}],
        [{"id": "Boris leads the king of clubs and takes the trick."},
         {"id": "Anna leads the ace of hearts."},  # still in use: lends nothing
         {"id": "Anna leads the ace of spades."},
         {"id": "{card} leads the queen of clubs and loses."},  # other placeholders
         {"id": "Chiara leads the jack of spades there."},  # another context
         {"id": ("Anna takes {n} trick in this deal.", "Anna takes {n} tricks in this deal.")}])
    suggested = {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in catalog if m.id and m.fuzzy}
    assert suggested == {
        "Boris leads the king of clubs and takes the trick.": "Борис ходит с короля треф и выигрывает.",
        "Anna takes {n} trick in this deal.": ("Анна берёт взяток: {n}.", "", ""),  # Russian's three forms
    }
    assert not catalog.get("Anna leads the ace of spades.").string
    assert not catalog.obsolete


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


def test_a_word_the_glossary_sets_aside_may_be_quoted_as_a_value_in_backticks(project):
    """An instructors' field description quotes YAML values (`makers`) that a reader types in
    English: the glossary's Spanish sets aside the loanword in prose, not in code."""
    catalog = project / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    text = catalog.read_text(encoding="utf-8")
    quoted = "un sustantivo en plural (`makers`)"
    assert quoted in text
    assert locale("check", "es").exit_code == 0
    catalog.write_text(text.replace(quoted, "un sustantivo en plural (makers)"), encoding="utf-8")
    line = next(n for n, row in enumerate(catalog.read_text(encoding="utf-8").splitlines(), 1)
                if "un sustantivo en plural (makers)" in row)
    result = locale("check", "es")
    assert result.stdout.splitlines()[0].startswith(
        f"locales/es/LC_MESSAGES/messages.po:{line}: error: msgstr: 'makers' contradicts the glossary: ")
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
        f"locales/glossary.yml:{bad}:17: error: '(a+)+$' is not a word: write a word or words, ending in * for "
        "every word the last one begins",
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
