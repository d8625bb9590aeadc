"""A game's facts.md numbers the facts of its rules, and every `cites:` of its worked examples,
variations and claims names one of them (AUTHORING.md, "facts.md: the numbered facts")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial_engine.content.facts import read_facts
from tutorial_engine.content.project import check
from tutorial_engine.problems import Problems

ROOT = Path(__file__).resolve().parent.parent
GAME = (ROOT / "examples" / "briscola" / "game.yml").read_text(encoding="utf-8") \
    .replace("id: briscola", "id: mini").replace("name: Briscola", "name: Mini")
EXAMPLES = """\
examples:
  - id: small-trump
    kind: trick
    cites: [R9]
    trump: ♠
    seats: [Anna, Boris]
    plays: [A♥, 3♠]
"""
PAGES = """\
pages:
  - id: rules
    title: Mini
    sections:
      - id: deck
        title: The deck
        blocks:
          - text: The deck has {cards} cards.
            claims: [{kind: game, cites: [R1], expect: {cards: 40}}]
"""


@pytest.fixture
def mini(tmp_path, monkeypatch):
    """A project with one game, Mini, whose example and page cite facts; no facts.md yet."""
    folder = tmp_path / "examples" / "mini"
    (folder / "examples").mkdir(parents=True)
    (folder / "game.yml").write_text(GAME, encoding="utf-8")
    (folder / "examples" / "tricks.yml").write_text(EXAMPLES, encoding="utf-8")
    (folder / "pages.yml").write_text(PAGES, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def problems(project: Path) -> list[str]:
    return [str(problem) for problem in check(project).problems]


def test_the_bundled_games_number_their_facts(bundled_report):
    assert {game: facts.listed() for game, facts in bundled_report.facts.items()} == {
        "albastini": "A1–A21, A11a, E1–E5", "altbaumer": "B1–B22", "briscola": "R1–R12", "euchre": "U1–U19", "hearts": "H1–H13", "oh-hell": "O1–O13", "sixty-six": "S1–S15",
        "whist": "W1–W12"}


def test_a_game_that_cites_facts_without_a_facts_md_is_told_to_write_it(mini):
    missing = ("error: Mini has no numbered facts to cite: examples/mini/facts.md does not exist; write it, each "
               "fact a list item that opens with its number in bold, as '- **A1** The deck has…', or remove 'cites'")
    assert problems(mini) == [f"examples/mini/examples/tricks.yml:4:12: {missing}",
                              f"examples/mini/pages.yml:9:42: {missing}"]


def test_cites_of_a_facts_md_pass_and_others_are_refused(mini):
    (mini / "examples" / "mini" / "facts.md").write_text(
        "# Mini\n\nSome prose, with **R7** in bold that numbers nothing.\n\n"
        "- **R1** The deck has 40 cards.\n- **R9** A trump takes the trick.\n", encoding="utf-8")
    assert problems(mini) == []
    (mini / "examples" / "mini" / "pages.yml").write_text(PAGES.replace("cites: [R1]", "cites: [R7]"),
                                                          encoding="utf-8")
    assert problems(mini) == ["examples/mini/pages.yml:9:43: error: R7 is not a fact numbered in "
                              "examples/mini/facts.md; cite one it numbers: R1, R9"]


def test_a_facts_md_that_numbers_nothing_says_how_a_fact_is_written(mini):
    (mini / "examples" / "mini" / "facts.md").write_text("# Mini\n\n1. The deck has 40 cards.\n", encoding="utf-8")
    assert problems(mini)[0] == (
        "examples/mini/examples/tricks.yml:4:13: error: R9 is not a fact numbered in examples/mini/facts.md; "
        "it numbers none: a fact is a list item that opens with its number in bold, as '- **A1** The deck has…'")


def test_a_number_given_twice_is_refused_where_it_is_given_again(mini):
    (mini / "examples" / "mini" / "facts.md").write_text(
        "- **R1** The deck has 40 cards.\n- **R9** A trump takes the trick.\n\n- **R1** Again.\n", encoding="utf-8")
    assert problems(mini) == ["examples/mini/facts.md:4:5: error: the fact number R1 is given twice (first on "
                              "line 1); give each fact its own number"]


def test_reading_facts(tmp_path):
    path = tmp_path / "facts.md"
    found = Problems()
    assert read_facts(path, "facts.md", "Mini", found).numbers is None
    path.write_text("- **A1** a\n  - **A9** nested items are prose\n- **A2** b\n- **A11a** c\n- **A3**\n"
                    "- **E1** d\n- **A5** e\n- **a6** not a number\n- **A7**: no space after the bold\n",
                    encoding="utf-8")
    facts = read_facts(path, "facts.md", "Mini", found)
    assert facts.numbers == ("A1", "A2", "A11a", "A3", "E1", "A5")
    assert facts.listed() == "A1–A3, A5, A11a, E1"
    assert list(found) == []
    path.write_bytes(b"- **A1** caf\xe9\n")
    assert read_facts(path, "facts.md", "Mini", found).numbers == ()
    assert [str(p) for p in found] == ["facts.md: error: the file is not UTF-8 text (byte 13 cannot be read); "
                                       "save it as UTF-8"]
