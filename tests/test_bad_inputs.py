"""Every bad input an instructor can write is reported at its line, in words, never as a traceback.

Each file in tests/fixtures/bad/ states what `check` must print for it in its leading comment
lines, one per problem and in line order:

    # expect: 9:13: error: unknown key 'winer' in a trick expectation; did you mean 'winner'?

LINE:COL are positions in the fixture itself. A file that cannot hold a comment (empty, not
UTF-8, binary) keeps the same lines in a sidecar NAME.expect. The fixtures are checked one by one,
in-process and through the CLI; the last tests show the edge cases that must pass.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from drawn import check  # the project's drills drawn once a run

from tutorial_engine.cli.main import cli
from tutorial_engine.problems import display_path

PROJECT = Path(__file__).resolve().parent.parent
BAD = PROJECT / "tests" / "fixtures" / "bad"
FIXTURES = sorted(path.name for path in BAD.iterdir() if path.suffix in (".yml", ".yaml"))
EXPECT = "# expect: "
GAMES = ", ".join(sorted(path.parent.name for path in (PROJECT / "examples").glob("*/game.yml")))
"""Every game's id, as messages that list the games name them: `{games}` in an expect line."""


@pytest.fixture(autouse=True)
def _in_project(monkeypatch):
    """Messages name files relative to the working folder, as `tutorial-engine check` prints them."""
    monkeypatch.chdir(PROJECT)


def expected(name: str) -> list[str]:
    """The `# expect:` lines of the fixture's leading comments (or of its sidecar), as printed."""
    sidecar = BAD / f"{name}.expect"
    text = (sidecar if sidecar.exists() else BAD / name).read_text(encoding="utf-8")
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        if line.startswith(EXPECT):
            lines.append(f"{display_path(BAD / name)}:{line.removeprefix(EXPECT)}".replace("{games}", GAMES))
    assert lines, f"{name} states no '{EXPECT}' line"
    return lines


def aborted(count: int) -> str:
    return f"Aborted with {count} error{'s' if count != 1 else ''}"


def test_there_are_enough_fixtures():
    assert len(FIXTURES) >= 35


def test_every_sidecar_has_its_fixture():
    assert {path.name.removesuffix(".expect") for path in BAD.glob("*.expect")} <= set(FIXTURES)


@pytest.mark.parametrize("name", FIXTURES, ids=FIXTURES)
def test_check_reports_exactly_the_expected_problems(name):
    report = check(PROJECT, [BAD / name])
    assert [str(problem) for problem in report.problems] == expected(name)
    assert report.files == 1


@pytest.mark.parametrize("name", FIXTURES, ids=FIXTURES)
def test_cli_prints_them_and_exits_1(name):
    result = CliRunner().invoke(cli, ["check", "--project", str(PROJECT), display_path(BAD / name)])
    lines = expected(name)
    assert result.stdout.splitlines() == [*lines, aborted(len(lines))]
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("name", ["yaml_tab.yml", "alias_bomb.yml", "several_errors.yml",
                                  "nul_byte.yml"])
def test_console_script_prints_them_without_a_traceback(run_cli, name):
    result = run_cli("check", display_path(BAD / name))
    lines = expected(name)
    assert result.stdout.splitlines() == [*lines, aborted(len(lines))]
    assert (result.returncode, result.stderr) == (1, "")


def test_every_fixture_at_once_reports_them_all():
    report = check(PROJECT, [BAD])
    assert sorted(str(problem) for problem in report.problems) == sorted(
        line for name in FIXTURES for line in expected(name))


ACCEPTED = {
    "bom.yml": "\ufeffgame: albastini\nexamples:\n  - id: small-trump\n    kind: trick\n"
               "    trump: ♠\n    seats: [Anna, Boris]\n    plays: [A♥, 3♠]\n    expect: {winner: Boris}\n",
    "crlf.yml": "game: albastini\r\nexamples:\r\n  - id: small-trump\r\n    kind: trick\r\n"
                "    trump: ♠\r\n    seats: [Anna, Boris]\r\n    plays: [A♥, 3♠]\r\n"
                "    expect: {winner: Boris, points: 11}\r\n",
    "quoted_yes_no.yml": "game: albastini\nexamples:\n  - id: quoted\n    kind: trick\n"
                         "    title: \"yes\"\n    trump: ♠\n    seats: [\"yes\", \"no\", 'on']\n"
                         "    leader: \"no\"\n    plays: [A♥, 3♠, 7♥]\n    expect: {winner: \"on\"}\n",
    "letters.yaml": "game: albastini\nexamples:\n  - id: letters\n    kind: ranking\n"
                    "    trump: spades\n    cards: [AH, 3S, 7h]\n    expect: {strongest: 3♠}\n",
    "anchors.yml": "game: albastini\nexamples:\n  - id: first\n    kind: ranking\n"
                   "    cards: &hearts [A♥, 7♥, K♥]\n  - id: second\n    kind: ranking\n"
                   "    trump: ♠\n    cards: *hearts\n",
}


@pytest.mark.parametrize("name", sorted(ACCEPTED), ids=sorted(ACCEPTED))
def test_accepted_edge_input(tmp_path, name):
    """A BOM, CRLF line ends, quoted yes/no names, letter notation and plain aliases all pass."""
    path = tmp_path / name
    path.write_bytes(ACCEPTED[name].encode("utf-8"))
    report = check(PROJECT, [path])
    assert [str(problem) for problem in report.problems] == []
    assert report.examples
    result = CliRunner().invoke(cli, ["check", "--project", str(PROJECT), str(path)])
    assert result.exit_code == 0
    assert result.stdout.startswith("Checked ")


def test_the_whole_folder_through_the_cli_places_every_message_and_names_what_was_meant(run_cli):
    """Issue 7: the fixture folder in one run of `check`: every message starts file:line:col;
    every unknown key or card says what was expected, or what was meant when a known one is close."""
    result = run_cli("check", str(BAD.relative_to(PROJECT)))
    lines = (result.stdout + result.stderr).splitlines()
    assert result.returncode == 1 and lines[-1] == aborted(len(lines) - 1)
    place = re.compile(r"^tests/fixtures/bad/[\w.]+:\d+:\d+: error: \S")
    assert [line for line in lines[:-1] if not place.match(line)] == []
    for kind, close in (("unknown key", "'winer'"), ("is not a card", "'queen of spades'")):
        named = [line for line in lines if kind in line]
        assert named and all("did you mean" in line or "expected" in line for line in named), kind
        assert any(close in line and "did you mean" in line for line in named), kind
