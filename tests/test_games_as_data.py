"""The kernels read every rule from game.yml: a game that exists only as data is judged by its
own deck, orders, points, permanent trumps and follow rule, with no Python of its own."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from tutorial_engine.content.project import Report, load_games
from tutorial_engine.engine.cards import Card, Suit
from tutorial_engine.engine.game import Direction, NextDealer
from tutorial_engine.engine.rules import Duty, WinReason, legal_plays, trick_verdict

TOY = """\
id: toy
name: Toy
deck:
  suits: [♠, ♥, ♦, ♣]
  ranks: [A, K, Q, J, 10]
order:
  plain: [10, A, K, Q, J]
  trump: [J, 10, A, K, Q]
points: {10: 7, J: 5}
top_trumps:
  cards:
    - {card: K♦}
  home_suit: ♦
follow: suit-then-trump
players: [3]
direction: counterclockwise
deal: [{phase: deal, packets: [4]}, {phase: turn-up}, {phase: tricks}]
variants:
  anything-goes:
    description: No duty to follow.
    follow: none
"""


@pytest.fixture
def toy_project(tmp_path):
    (tmp_path / "examples" / "toy").mkdir(parents=True)
    (tmp_path / "examples" / "toy" / "game.yml").write_text(TOY, encoding="utf-8")
    return tmp_path


@pytest.fixture
def toy(toy_project):
    report = Report()
    load_games(toy_project, report)
    assert list(report.problems) == []
    return report.games["toy"]


def cards(text):
    return [Card.parse(part) for part in text.split()]


def test_the_deck_comes_from_the_data(toy):
    assert toy.deck_text() == "20 cards: 10 A K Q J of ♠ ♥ ♦ ♣"
    assert toy.total_points == 4 * (7 + 5)
    assert toy.direction is Direction.COUNTERCLOCKWISE


def test_plain_and_trump_orders_come_from_the_data(toy):
    assert trick_verdict(toy, Suit.SPADES, cards("A♥ 10♥ K♥")).card == Card.parse("10♥")
    verdict = trick_verdict(toy, Suit.SPADES, cards("A♥ A♠ J♠"))
    assert (verdict.card, verdict.reason, verdict.points) == (Card.parse("J♠"), WinReason.HIGHEST_TRUMP, 5)


def test_a_permanent_trump_from_the_data_beats_the_trump_jack(toy):
    verdict = trick_verdict(toy, Suit.SPADES, cards("J♠ K♦ 10♠"))
    assert (verdict.card, verdict.reason) == (Card.parse("K♦"), WinReason.TREE)


def test_the_follow_rule_and_its_variant_come_from_the_data(toy):
    strict = legal_plays(toy, Suit.SPADES, cards("A♥"), cards("K♥ Q♣ J♠"))
    assert (strict.duty, strict.legal) == (Duty.FOLLOW, (Card.parse("K♥"),))
    loose = legal_plays(toy.with_variant("anything-goes"), Suit.SPADES, cards("A♥"), cards("K♥ Q♣ J♠"))
    assert (loose.duty, loose.legal) == (Duty.NONE, tuple(cards("K♥ Q♣ J♠")))


def test_an_ordinary_card_of_the_permanent_trumps_suit_lets_them_follow(toy):
    legality = legal_plays(toy, Suit.SPADES, cards("A♦"), cards("K♦ J♠ Q♥"))
    assert (legality.duty, legality.legal) == (Duty.PLAY_TREE, (Card.parse("K♦"),))


def load_toy_with(project, line: str) -> Report:
    """The toy game with `line` added after its deal (line 18)."""
    path = project / "examples" / "toy" / "game.yml"
    deal = "deal: [{phase: deal, packets: [4]}, {phase: turn-up}, {phase: tricks}]\n"
    path.write_text(TOY.replace(deal, f"{deal}{line}\n"), encoding="utf-8")
    report = Report()
    load_games(project, report)
    return report


def test_the_next_dealer_comes_from_the_data_and_a_variant_keeps_it(toy, toy_project):
    assert toy.next_dealer is NextDealer.WINNER                       # the default: A6
    game = load_toy_with(toy_project, "next_dealer: in-turn").games["toy"]
    assert game.next_dealer is game.variants["anything-goes"].next_dealer is NextDealer.IN_TURN


def test_an_unknown_next_dealer_is_reported_at_its_line(toy_project):
    (problem,) = [str(p) for p in load_toy_with(toy_project, "next_dealer: loser").problems]
    assert problem.endswith("game.yml:18:14: error: 'loser' is not a rule for the next dealer; "
                            "expected one of: winner, in-turn")


def test_the_command_line_plays_the_new_game(toy_project, console_script):
    def run(*args):
        return subprocess.run([str(console_script), *args, "--project", str(toy_project)],
                              capture_output=True, text=True, encoding="utf-8", timeout=60)

    trick = run("trick", "toy", "--trump", "♠", "A♥", "10♥", "K♥", "--json")
    assert json.loads(trick.stdout)["card"] == "10♥"
    refused = run("trick", "toy", "--trump", "♠", "2♥", "10♥", "K♥")
    assert (refused.returncode, refused.stderr.strip()) == (
        1, "Error: 2♥ is not in the Toy deck (20 cards: 10 A K Q J of ♠ ♥ ♦ ♣)")
    judged = subprocess.run([str(console_script), "judge", "--project", str(toy_project)],
                            input='{"game": "toy", "trump": "♥", "trick": ["Q♣"], "hand": ["A♣", "J♥"]}\n',
                            capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert json.loads(judged.stdout) == {"legal": ["A♣"], "refused": {"J♥": "must-follow"},
                                         "explanation": "You must follow suit: clubs were led."}


ROOT = Path(__file__).resolve().parent.parent
SEED_GAMES = {"albastini", "altbaumer"}
"""The games the engine was first written for; every other game must come from data alone."""
ADDED = sorted(path.name for path in (ROOT / "examples").iterdir()
               if (path / "game.yml").is_file() and path.name not in SEED_GAMES)


def test_the_games_added_from_data_are_found():
    assert "briscola" in ADDED


def names(game: str, text: str) -> bool:
    """Whether `text` names the game: its id anywhere, or, for a game whose id is also a suit's
    English name (hearts), which the engine names everywhere as a suit, its folder or its name as
    a proper noun."""
    if game not in {suit.name.lower() for suit in Suit}:
        return game in text.lower()
    return f"examples/{game}" in text or re.search(rf"\b{game.title()}\b", text) is not None


def test_a_game_named_like_a_suit_is_found_by_its_name_not_by_the_suit():
    assert names("hearts", "a rule of Hearts: left, right, across") and names("hearts", "see examples/hearts/")
    assert not names("hearts", 'tr.pgettext("suit", "hearts"), "queen of hearts"')
    assert names("briscola", "Briscola's deal") and not names("briscola", "queen of hearts")


@pytest.mark.parametrize("game", ADDED)
def test_no_python_names_a_game_added_from_data(game):
    """Its files live under examples/ and locales/ only: nothing that builds the site (the
    engine, its templates and assets, the build's configuration) knows it."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    builders = [path for path in tracked if path.startswith(("tutorial_engine/", ".ci/"))
                or path in ("mkdocs.yml", "Makefile", "babel.cfg", "pyproject.toml")
                or path.startswith("requirements/")]
    assert len(builders) > 40
    assert [path for path in builders if names(game, (ROOT / path).read_text(encoding="utf-8"))] == []
    assert [path for path in tracked if game in path.lower()
            and not path.startswith((f"examples/{game}/", "tests/"))] == []

