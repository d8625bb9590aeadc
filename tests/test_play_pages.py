"""Issue 21: the play pages, where the learner plays whole deals against the computer.

A `play` block in pages.yml is checked at its lines like any block: a table the game is played
at and whose deal the browser can play (2 players, or 4 in teams of 2), a target for a game
scored by victory points and none for one scored by tricks, a game with scoring, one per page.
Each file in tests/fixtures/play/ states what `check` prints for it, as tests/fixtures/bad/ does.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner
from drawn import check  # the project's drills drawn once a run
from game_texts import OH_HELL, WHIST, write_game

from tutorial_engine.cli.main import cli
from tutorial_engine.content.pages import PLAYABLE, PLAYABLE_BY_SEAT, Page, PlayBlock
from tutorial_engine.engine.game import ExactBids, GamePoints, OddTricks, PenaltyPoints, TrickScoring
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.problems import display_path
from tutorial_engine.render.page import Renderer
from tutorial_engine.render.play import PlayRenderer, play_messages, vocabulary_messages

PROJECT = Path(__file__).resolve().parent.parent
PLAY = PROJECT / "tests" / "fixtures" / "play"
FIXTURES = sorted(path.name for path in PLAY.glob("*.yml"))
EXPECT = "# expect: "


@pytest.fixture(autouse=True)
def _in_project(monkeypatch):
    """Messages name files relative to the working folder, as `tutorial-engine check` prints them."""
    monkeypatch.chdir(PROJECT)


@pytest.fixture(scope="module")
def report(bundled_report):
    return bundled_report


def expected(name: str) -> list[str]:
    lines = []
    for line in (PLAY / name).read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        if line.startswith(EXPECT):
            lines.append(f"{display_path(PLAY / name)}:{line.removeprefix(EXPECT)}")
    assert lines, f"{name} states no '{EXPECT}' line"
    return lines


def play_blocks(page: Page) -> list[PlayBlock]:
    return [block for block in page.blocks() if isinstance(block, PlayBlock)]


def page_of(report, game: str, id: str) -> Page:
    found = [page for page in report.pages if page.game is not None and page.game.id == game and page.id == id]
    assert len(found) == 1, f"{game}/{id}"
    return found[0]


# --- what check refuses, at its line ----------------------------------------------------------

def test_there_is_a_fixture_for_every_kind_of_mistake():
    assert FIXTURES == ["play_not_alone.yml", "play_without_a_game.yml", "seating_the_browser_cannot_play.yml",
                        "target_for_tricks.yml", "target_for_victory_points.yml", "two_plays_on_a_page.yml"]


@pytest.mark.parametrize("name", FIXTURES, ids=FIXTURES)
def test_check_reports_exactly_the_expected_problems(name):
    report = check(PROJECT, [PLAY / name])
    assert [str(problem) for problem in report.problems] == expected(name)


def test_the_messages_are_the_ones_the_issue_asks_for():
    """The words themselves, not only that the fixtures agree with the loader."""
    lines = [line for name in FIXTURES for line in expected(name)]
    assert ("tests/fixtures/play/target_for_victory_points.yml:13:11: error: a game scored by victory points "
            "plays a match to a target: add 'target', the victory points that win it") in lines
    assert ("tests/fixtures/play/target_for_tricks.yml:8:38: error: 'target' is for games scored by victory "
            "points; Euchre is scored by tricks, whose scoring in game.yml sets the target") in lines
    assert ("tests/fixtures/play/seating_the_browser_cannot_play.yml:18:29: error: the browser plays deals for "
            "2 players, or for 4 players in teams of 2, and, in a game scored by exact bids or by penalty points, for 3 "
            "to 7 players "
            "each for themselves; not for 3 players individually; choose one of those tables") in lines
    assert ("tests/fixtures/play/seating_the_browser_cannot_play.yml:16:29: error: Albastini is played by "
            "2 to 6 players, not 7") in lines
    assert ("tests/fixtures/play/play_without_a_game.yml:7:9: error: a play block deals the cards of a game; "
            "this page has none") in lines


def test_the_whole_folder_through_the_cli():
    result = CliRunner().invoke(cli, ["check", "--project", str(PROJECT), display_path(PLAY)])
    lines = sorted(line for name in FIXTURES for line in expected(name))
    assert sorted(result.stdout.splitlines()[:-1]) == lines
    assert result.stdout.splitlines()[-1] == f"Aborted with {len(lines)} errors"
    assert result.exit_code == 1


SHAPE_ERRORS = {"play_not_alone.yml", "target_for_victory_points.yml"}
"""Fixtures with a wrong shape (two kinds in a block, a target of 0, a misspelt key), which the
JSON Schema refuses as `check` does; only `check` knows the game and its tables for the others."""


@pytest.mark.parametrize("name", FIXTURES, ids=FIXTURES)
def test_the_schema_refuses_only_the_mistakes_of_shape(name):
    schema = json.loads((PROJECT / "schemas" / "pages.schema.json").read_text(encoding="utf-8"))
    value = yaml.safe_load((PLAY / name).read_text(encoding="utf-8"))
    refused = list(jsonschema.Draft202012Validator(schema).iter_errors(value))
    assert bool(refused) == (name in SHAPE_ERRORS)


GAME_WITHOUT_SCORING = """\
id: plain
name: Plain
deck:
  suits: [♠, ♥, ♦, ♣]
  ranks: [A, 7, K, J, Q, 6, 5, 4, 3]
order:
  plain: [A, 7, K, J, Q, 6, 5, 4, 3]
  trump: [A, 7, K, J, Q, 6, 5, 4, 3]
points: {A: 11, 7: 10, K: 4, J: 3, Q: 2}
players: [2]
"""


def test_a_game_without_scoring_is_refused_at_the_block(tmp_path):
    folder = tmp_path / "examples" / "plain"
    folder.mkdir(parents=True)
    (folder / "game.yml").write_text(GAME_WITHOUT_SCORING, encoding="utf-8")
    pages = folder / "pages.yml"
    pages.write_text("pages:\n  - id: play\n    title: Play\n    intro:\n"
                     "      - play: {players: 2, target: 3}\n", encoding="utf-8")
    problems = [f"{p.location.line}:{p.location.column}: {p.message}" for p in check(tmp_path, [pages]).problems]
    assert problems == ["5:9: a play block scores every deal it plays, and Plain has no scoring in game.yml; "
                        "add 'scoring'"]


# --- what it builds ---------------------------------------------------------------------------

def test_a_good_page_gives_its_play_block(report):
    page = page_of(report, "albastini", "play-pairs")
    [block] = play_blocks(page)
    assert (block.game, block.players, block.team_size, block.target) == (report.games["albastini"], 4, 2, 3)
    text = (PROJECT / "examples" / "albastini" / "pages.yml").read_text(encoding="utf-8").splitlines()
    assert text[block.location.line - 1].strip() == "- play: {players: 4, team_size: 2, target: 3}"
    assert block.location.column == text[block.location.line - 1].index("play") + 1
    assert page.has_play and not page.has_drills


def test_the_defaults_are_the_fewest_players_and_the_smallest_team(tmp_path):
    path = tmp_path / "play.yml"
    path.write_text("game: euchre\npages:\n  - id: play\n    title: Play\n    intro:\n      - play: {}\n",
                    encoding="utf-8")
    report = check(PROJECT, [path])
    assert [str(problem) for problem in report.problems] == []
    blocks = [(b.game.id, b.players, b.team_size, b.target) for page in report.pages for b in play_blocks(page)]
    assert blocks == [("euchre", 4, 2, None)]
    path.write_text("game: albastini\npages:\n  - id: play\n    title: Play\n    intro:\n      - play: {target: 5}\n",
                    encoding="utf-8")
    report = check(PROJECT, [path])
    blocks = [(b.game.id, b.players, b.team_size, b.target) for page in report.pages for b in play_blocks(page)]
    assert blocks == [("albastini", 2, 1, 5)]


# --- the bundled pages ------------------------------------------------------------------------

def test_every_game_with_scoring_has_a_play_page(report):
    assert [str(problem) for problem in report.problems] == []
    played = {page.game.id for page in report.pages if page.game is not None and page.has_play}
    assert played == {game.id for game in report.games.values() if game.scoring is not None}
    assert played >= {"albastini", "altbaumer", "briscola", "euchre", "whist"}


def test_the_bundled_play_pages_seat_the_tables_the_issue_names(report):
    seats = sorted((page.game.id, page.id, block.players, block.team_size, block.target)
                   for page in report.pages for block in play_blocks(page) if page.game is not None)
    assert seats == [("albastini", "play", 2, 1, 3), ("albastini", "play-pairs", 4, 2, 3),
                     ("altbaumer", "play", 4, 2, None), ("briscola", "play", 2, 1, 2), ("euchre", "play", 4, 2, None),
                     ("hearts", "play", 4, 1, None), ("oh-hell", "play", 4, 1, None), ("oh-hell", "play-five", 5, 1, None),
                     ("oh-hell", "play-seven", 7, 1, None), ("oh-hell", "play-six", 6, 1, None),
                     ("oh-hell", "play-three", 3, 1, None), ("sixty-six", "play", 2, 1, None),
                     ("whist", "play", 4, 2, None)]
    for game, _, players, team_size, target in seats:
        by_seat = isinstance(report.games[game].scoring, (ExactBids, PenaltyPoints))
        assert (players, team_size) in (PLAYABLE_BY_SEAT if by_seat else PLAYABLE)
        assert (target is None) == isinstance(report.games[game].scoring,
                                              (TrickScoring, OddTricks, ExactBids, PenaltyPoints, GamePoints))
    for page in report.pages:
        if page.has_play:
            assert page.title and page.summary and len(page.intro) >= 2


# --- how a page shows them --------------------------------------------------------------------

def test_the_play_page_is_its_block_without_drills_js(report):
    renderer = Renderer(Translator("en"))
    page = page_of(report, "briscola", "play")
    rendered = renderer.page(page, report.pages, report.games)
    assert "drills.js" not in rendered.markdown and "drills.css" not in rendered.markdown
    [block] = play_blocks(page)
    assert list(rendered.slots.values()) == [PlayRenderer(renderer).render(block, "../")]
    assert list(rendered.slots) == [line for line in rendered.markdown.splitlines() if line in rendered.slots]


def test_every_other_page_of_the_game_links_its_play_pages(report):
    renderer = Renderer(Translator("en"))
    note = "Play whole deals in your browser against the computer: "
    one = "[Play Albastini against the computer](play.md)"
    pairs = "[Play Albastini in pairs against the computer](play-pairs.md)"
    oh_hell = ["[Play Oh Hell against the computer](play.md)"] + [
        f"[Play Oh Hell at a table of {word}](play-{word}.md)" for word in ("three", "five", "six", "seven")]
    for page in report.pages:
        markdown = renderer.page(page, report.pages, report.games).markdown
        if page.game is None:
            assert note not in markdown
        elif page.game.id == "albastini" and page.id == "play":
            assert f"{note}{pairs}." in markdown and one not in markdown
        elif page.game.id == "albastini" and page.id == "play-pairs":
            assert f"{note}{one}." in markdown and pairs not in markdown
        elif page.game.id == "albastini":
            assert f"{note}{one} and {pairs}." in markdown
        elif page.game.id == "oh-hell":
            others = [link for link in oh_hell if f"]({page.id}.md)" not in link]
            assert f"{note}{', '.join(others[:-1])}, and {others[-1]}." in markdown
        elif page.id == "play":
            assert note not in markdown  # the game's only play page
        else:
            assert f"{note}[Play {page.game.name} against the computer](play.md)." in markdown


# --- a game scored by odd tricks, whose trump the rules set (issue 30) ---------------------------

def play_block(tmp_path, game: str, play: str):
    """The check of a game whose only page is a Play page of this play block."""
    pages = write_game(tmp_path, game) / "pages.yml"
    pages.write_text(f"pages:\n  - id: play\n    title: Play\n    intro:\n      - Whole deals.\n"
                     f"      - play: {play}\n", encoding="utf-8")
    return check(tmp_path, [pages])


def whist_block(tmp_path, play: str = "{players: 4, team_size: 2}"):
    return play_block(tmp_path, WHIST, play)


def payload(markup: str) -> dict:
    found = re.search(r'<script type="application/json" id="tc-play-data">(.*?)</script>', markup, re.S)
    assert found
    return json.loads(found[1])


def test_a_game_scored_by_odd_tricks_plays_to_the_target_its_scoring_sets(tmp_path):
    report = whist_block(tmp_path)
    assert [str(problem) for problem in report.problems] == []
    [block] = [block for page in report.pages for block in play_blocks(page)]
    assert (block.players, block.team_size, block.target) == (4, 2, None)
    data = payload(PlayRenderer(Renderer(Translator("en"))).render(block, "../"))
    assert data["target"] == 5
    assert data["game"]["scoring"] == {"kind": "odd-tricks", "book": 6, "target": 5}
    assert data["game"]["phases"][1] == {"phase": "trump", "source": "dealer-last", "suit": None}
    messages = data["messages"]
    assert messages["trump-dealer-last"] == ("{dealer} turns up {card}, the last card dealt, and keeps it in hand: "
                                             "its suit is trump.")
    assert messages["odd-your-side"] == ["Your side scores {n} point: one for each trick above {book}.",
                                         "Your side scores {n} points: one for each trick above {book}."]
    assert messages["game-score"] == "Game: your side {score}, the other side {other_score}, to {target}."
    assert messages["advice-only"] == "Play {card}: it is the only card you may play."


def test_a_target_is_refused_where_the_scoring_sets_it(tmp_path):
    report = whist_block(tmp_path, "{players: 4, team_size: 2, target: 3}")
    assert [str(problem)[str(problem).index("error:"):] for problem in report.problems] == [
        "error: 'target' is for games scored by victory points; Whist is scored by odd tricks, whose scoring in "
        "game.yml sets the target"]


SIDE_WORDS = {"side-name", "made", "made-zero", "made-you", "made-you-zero", "declarers-write", "defenders-write",
              "declarers-won", "declarers-lost"}
"""What a game scored by the tricks of the side that made trump says of that side, by its name."""


def test_a_page_carries_only_the_words_of_the_vocabulary_its_game_uses(report, tmp_path):
    """A page of a game that neither sets trump by the rules nor scores odd tricks or exact bids
    holds none of those sentences, so that its data stays as it was; a Whist page holds them all."""
    renderer = Renderer(Translator("en"))
    common = set(play_messages(Translator("en")))
    plain = 0
    for page in report.pages:
        for block in play_blocks(page):
            if page.game.id == "euchre":  # one game to 10: a game's words, never a match's (issue 32)
                assert set(vocabulary_messages(Translator("en"), block.game)) == SIDE_WORDS | {
                    "game-score", "game-score-one", "game-won", "game-lost", "game-lost-one", "prompt-game-over", "new-game",
                    "confirm-new-game", "game-kept",
                    "stats-games", "stats-games-zero", "top-name-0", "top-name-1", "win-named", "win-named-under"}
            elif page.game.id == "altbaumer":
                assert set(vocabulary_messages(Translator("en"), block.game)) == SIDE_WORDS
            elif page.game.id not in ("whist", "oh-hell", "hearts", "sixty-six"):
                assert vocabulary_messages(Translator("en"), block.game) == {}
                plain += 1
            words = set(vocabulary_messages(Translator("en"), block.game))
            assert set(payload(PlayRenderer(renderer).render(block, "../"))["messages"]) == common | words
    assert plain == 3
    [whist] = [block for page in whist_block(tmp_path).pages for block in play_blocks(page)]
    words = set(vocabulary_messages(Translator("en"), whist.game))
    assert set(payload(PlayRenderer(renderer).render(whist, "../"))["messages"]) == common | words
    assert {"no-trump", "trump-suit", "trump-none", "odd-none", "stats-games"} <= words
    [hearts] = [block for page in report.pages for block in play_blocks(page) if page.game.id == "hearts"]
    words = set(vocabulary_messages(Translator("en"), hearts.game))
    assert {"prompt-pass", "you-receive", "advice-avoid-duck", "rule-unbroken", "stats-clean-first-trick",
            "penalty-won", "trump-none"} <= words and "odd-none" not in words and "bid-tag" not in words
    [race] = [block for page in report.pages for block in play_blocks(page) if page.game.id == "sixty-six"]
    words = set(vocabulary_messages(Translator("en"), race.game))
    assert {"meld-button", "exchange-button", "close-button", "race-closer-failed", "advice-marry", "must-head",
            "stock-closed", "stock-used-up"} <= words and "prompt-pass" not in words and "trump-none" not in words


# --- a game scored by exact bids (issue 30) -----------------------------------------------------

def oh_hell_block(tmp_path, play: str = "{players: 4}"):
    return play_block(tmp_path, OH_HELL, play)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_a_game_scored_by_exact_bids_plays_each_for_themselves_at_3_to_7(tmp_path, players):
    report = oh_hell_block(tmp_path, f"{{players: {players}}}")
    assert [str(problem) for problem in report.problems] == []
    [block] = [block for page in report.pages for block in play_blocks(page)]
    assert (block.players, block.team_size, block.target) == (players, 1, None)
    data = payload(PlayRenderer(Renderer(Translator("en"))).render(block, "../"))
    assert data["seating"] == {"players": players, "teamSize": 1, "you": 1}
    assert data["target"] is None
    assert data["game"]["scoring"]["kind"] == "exact-bids"
    messages = data["messages"]
    assert messages["bid-barred"] == [
        "The bids would add up to the deal's one trick: the dealer may not bid {number}.",
        "The bids would add up to the {n} tricks of the deal: the dealer may not bid {number}."]
    assert messages["advice-bid-likely"] == ["You hold {n} likely winner: bid {n}.",
                                             "You hold {n} likely winners: bid {n}."]
    assert messages["bid-line"] == ["{player} bid {number} and took {n} trick: {player} writes {score}.",
                                    "{player} bid {number} and took {n} tricks: {player} writes {score}."]
    assert messages["bids-tie"] == "The highest totals are equal: nobody wins the game."
    assert {"trump-next-card", "trump-no-card", "advice-only", "advice-bid-nearest", "advice-bid-lead-high",
            "advice-bid-lead-low", "advice-bid-win", "advice-bid-win-last", "advice-bid-lose",
            "advice-bid-cannot-win", "advice-bid-must-win", "bids", "you-bid", "total", "total-you",
            "prompt-bid", "refused-bid", "new-game", "prompt-game-over"} <= set(messages)
    assert not {"odd-none", "game-score"} & set(messages)


def test_an_exact_bid_game_is_played_each_for_themselves_and_without_a_target(tmp_path):
    report = oh_hell_block(tmp_path, "{players: 4, target: 50}")
    assert [str(problem)[str(problem).index("error:"):] for problem in report.problems] == [
        "error: 'target' is for games scored by victory points; Oh Hell is scored by exact bids, whose scoring in "
        "game.yml sets the target"]
    other = oh_hell_block(tmp_path / "2", "{players: 2}")
    assert [str(problem)[str(problem).index("error:"):] for problem in other.problems] == [
        "error: Oh Hell is played by 3 to 7 players, not 2"]
    eight = play_block(tmp_path / "8", OH_HELL.replace("players: [3, 4, 5, 6, 7]", "players: [3, 4, 5, 6, 7, 8]"),
                       "{players: 8}")  # the seats have seven names
    assert [str(problem)[str(problem).index("error:"):] for problem in eight.problems] == [
        "error: the browser plays deals for 2 players, or for 4 players in teams of 2, and, in a game scored by "
        "exact bids or by penalty points, for 3 to 7 players each for themselves; not for 8 players individually; "
        "choose one of those tables"]


def test_other_games_are_still_played_only_at_two_or_four_in_pairs():
    assert PLAYABLE == ((2, 1), (4, 2))
