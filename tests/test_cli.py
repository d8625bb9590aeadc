"""The `tutorial-engine` console script, run as a user runs it: a subprocess."""

from __future__ import annotations

import json
import os
from pathlib import Path

GAMES = ", ".join(sorted(path.parent.name for path in (Path(__file__).resolve().parent.parent / "examples").glob("*/game.yml")))
"""Every game's id, as the messages that list the games name them."""

CARD_FORMS = ("a rank A K Q J 10 (or T) 9 … 2 followed by a suit ♠ ♥ ♦ ♣ or S H D C, "
              "as in A♥, AH, 10♦, TD")
SUIT_FORMS = "expected one of ♠ ♥ ♦ ♣, S H D C or spades, hearts, diamonds, clubs"

E1_TEXT = ("Winner: 3♠ (card 2 of 2)\n"
           "Reason: 3♠ is the highest trump in the trick (highest-trump)\n"
           "Points: 11 + 0 = 11\n"
           "  A♥ is of the suit led, but a trump takes the trick (trumped)\n")
E1_JSON = {"winner": 1, "card": "3♠", "points": 11, "reason": "highest-trump",
           "roles": ["trumped", "wins"],
           "explanation": "3♠ is the highest trump in the trick. The trick is worth 11 + 0 = 11 points."}
B18_TEXT = "Legal: A♣ J♣\nRefused: K♥: you must follow ♣ (must-follow)\n"
B18_JSON = {"legal": ["A♣", "J♣"], "refused": {"K♥": "must-follow"}, "duty": "follow"}


def assert_ok(result, stdout: str) -> None:
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == stdout


def assert_fails(result, message: str) -> None:
    """Exit 1, nothing on stdout, exactly one line on stderr, no traceback."""
    assert "Traceback" not in result.stderr
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == f"Error: {message}\n"


def assert_usage_error(result, message: str) -> None:
    """Click usage errors: a usage reminder, then one `Error:` line; exit 1, no traceback."""
    assert "Traceback" not in result.stderr
    assert result.returncode == 1
    assert result.stdout == ""
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error")]
    assert errors == [f"Error: {message}"]


# --- trick ---------------------------------------------------------------------------------------

def test_trick_e1_text(run_cli):
    """E1: spades trump, A♥ then 3♠: 3♠ wins, 11 + 0 = 11."""
    assert_ok(run_cli("trick", "albastini", "--trump", "♠", "A♥", "3♠"), E1_TEXT)


def test_trick_e1_json(run_cli):
    result = run_cli("trick", "albastini", "--trump", "♠", "A♥", "3♠", "--json")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == E1_JSON
    assert result.stdout.count("\n") == 1
    assert '"card": "3♠"' in result.stdout  # literal suit symbols, not \u2660


def test_trick_accepts_letters_and_words(run_cli):
    assert_ok(run_cli("trick", "albastini", "--trump", "spades", "ah", "3S"), E1_TEXT)


def test_trick_e2_text(run_cli):
    """E2: with 7♥ instead of 3♠, A♥ wins 11 + 10 = 21."""
    assert_ok(run_cli("trick", "albastini", "--trump", "♠", "A♥", "7♥"),
              "Winner: A♥ (card 1 of 2)\n"
              "Reason: A♥ is the highest card of the suit led, hearts, and no trump was played "
              "(highest-of-led-suit)\n"
              "Points: 11 + 10 = 21\n"
              "  7♥ is lower than A♥ in the suit led (lower-of-led-suit)\n")


def test_trick_b18_tree_text(run_cli):
    assert_ok(run_cli("trick", "altbaumer", "--trump", "♦", "9♣", "A♣", "J♣", "A♦"),
              "Winner: J♣ (card 3 of 4)\n"
              "Reason: J♣ is a tree, and the trees outrank every other trump (tree)\n"
              "Points: 0 (Altbaumer cards carry no points)\n"
              "  9♣ is of the suit led, but a trump takes the trick (trumped)\n"
              "  A♣ is of the suit led, but a trump takes the trick (trumped)\n"
              "  A♦ is a lower trump than J♣ (lower-trump)\n")


def test_trick_variant(run_cli):
    result = run_cli("trick", "albastini", "--variant", "counterclockwise", "--trump", "♠", "A♥", "3♠",
                     "--json")
    assert (result.returncode, json.loads(result.stdout)) == (0, E1_JSON)


# --- legal ---------------------------------------------------------------------------------------

def test_legal_b18_text(run_cli):
    """B18: diamonds trump, 9♣ led: A♣ and J♣ legal, K♥ refused."""
    assert_ok(run_cli("legal", "altbaumer", "--trump", "♦", "--trick", "9♣", "--hand", "A♣ J♣ K♥"),
              B18_TEXT)


def test_legal_b18_json(run_cli):
    result = run_cli("legal", "altbaumer", "--trump", "♦", "--trick", "9♣", "--hand", "A♣ J♣ K♥",
                     "--json")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == B18_JSON
    assert list(json.loads(result.stdout)["legal"]) == ["A♣", "J♣"]


def test_legal_must_trump_text(run_cli):
    assert_ok(run_cli("legal", "altbaumer", "--trump", "♦", "--trick", "9♣ J♣", "--hand", "K♥ 9♦ A♥"),
              "Legal: 9♦\nRefused: K♥ A♥: you hold no ♣: you must trump (must-trump)\n")


def test_legal_play_tree_text(run_cli):
    assert_ok(run_cli("legal", "altbaumer", "--trump", "♦", "--trick", "9♣", "--hand", "K♥ J♣ 9♦"),
              "Legal: J♣\nRefused: K♥ 9♦: an ordinary ♣ was led and you hold none: "
              "you must play a tree before an ordinary trump (must-play-tree)\n")


def test_legal_albastini_no_obligations(run_cli):
    """A13: nothing is refused; no Refused line."""
    result = run_cli("legal", "albastini", "--trump", "♦", "--trick", "Q♣", "--hand", "K♥ A♣ J♣",
                     "--json")
    assert json.loads(result.stdout) == {"legal": ["K♥", "A♣", "J♣"], "refused": {}, "duty": "none"}
    assert_ok(run_cli("legal", "albastini", "--trump", "♦", "--trick", "Q♣", "--hand", "K♥ A♣ J♣"),
              "Legal: K♥ A♣ J♣\n")


def test_legal_lead_without_trick(run_cli):
    result = run_cli("legal", "altbaumer", "--trump", "♦", "--hand", "K♥,A♣", "--json")
    assert json.loads(result.stdout) == {"legal": ["K♥", "A♣"], "refused": {}, "duty": "lead"}


# --- bad arguments: exit 1, one clear message, no traceback ---------------------------------------

def test_bad_suit(run_cli):
    assert_fails(run_cli("trick", "albastini", "--trump", "X", "A♥", "3♠"),
                 f"--trump: 'X' is not a suit; {SUIT_FORMS}")


def test_bad_card_in_plays(run_cli):
    assert_fails(run_cli("trick", "albastini", "--trump", "♠", "A♥", "Z♠"),
                 f"PLAYS: 'Z♠' is not a card; expected {CARD_FORMS}")


def test_bad_card_in_hand(run_cli):
    assert_fails(run_cli("legal", "albastini", "--trump", "♠", "--hand", "A♥ ZZ"),
                 f"--hand: 'ZZ' is not a card; expected {CARD_FORMS}")


def test_bad_card_in_trick(run_cli):
    assert_fails(run_cli("legal", "albastini", "--trump", "♠", "--trick", "A", "--hand", "A♥"),
                 f"--trick: 'A' is not a card; expected {CARD_FORMS}")


def test_unknown_game_did_you_mean(run_cli):
    assert_fails(run_cli("trick", "albastine", "--trump", "♠", "A♥", "3♠"),
                 "unknown game 'albastine'; did you mean 'albastini'?")
    assert_fails(run_cli("legal", "altbaumr", "--trump", "♠", "--hand", "A♥"),
                 "unknown game 'altbaumr'; did you mean 'altbaumer'?")


def test_unknown_game_far_from_any(run_cli):
    assert_fails(run_cli("trick", "xyz", "--trump", "♠", "A♥", "3♠"),
                 f"unknown game 'xyz'; expected one of: {GAMES}")


def test_unknown_variant(run_cli):
    assert_fails(run_cli("trick", "albastini", "--variant", "foo", "--trump", "♠", "A♥", "3♠"),
                 "Albastini has no variant 'foo' (variants: counterclockwise)")


def test_card_not_in_deck(run_cli):
    assert_fails(run_cli("trick", "altbaumer", "--trump", "♠", "A♥", "9♠", "8♠"),
                 "8♠ is not in the Altbaumer deck (24 cards: A 10 K Q J 9 of ♠ ♥ ♦ ♣)")


def test_repeated_card(run_cli):
    assert_fails(run_cli("trick", "altbaumer", "--trump", "♠", "A♥", "9♠", "A♥"),
                 "A♥ appears twice; a deck holds each card once")
    assert_fails(run_cli("legal", "altbaumer", "--trump", "♠", "--trick", "9♣", "--hand", "9♣ A♣"),
                 "9♣ appears twice; a deck holds each card once")


def test_wrong_trick_size(run_cli):
    """Albastini 2–6, Altbaumer 3–4 (issue); the message must read as English."""
    assert_fails(run_cli("trick", "albastini", "--trump", "♠", "A♥"),
                 "Albastini tricks have 2 to 6 cards, not 1")
    assert_fails(run_cli("trick", "altbaumer", "--trump", "♠", "A♥", "9♠"),
                 "Altbaumer tricks have 3 or 4 cards, not 2")


def test_complete_trick_and_empty_hand(run_cli):
    assert_fails(run_cli("legal", "altbaumer", "--trump", "♦", "--trick", "9♣ A♦ K♦ 9♦", "--hand", "A♣"),
                 "the trick is already complete with 4 cards")
    assert_fails(run_cli("legal", "albastini", "--trump", "♠", "--hand", ""),
                 "the hand is empty; there is nothing to play")


def test_missing_argument(run_cli):
    assert_usage_error(run_cli("trick", "albastini", "--trump", "♠"), "Missing argument 'PLAYS...'.")


def test_missing_option(run_cli):
    assert_usage_error(run_cli("trick", "albastini", "A♥", "3♠"), "Missing option '--trump'.")
    assert_usage_error(run_cli("legal", "altbaumer", "--trump", "♦"), "Missing option '--hand'.")


def test_unknown_option_and_command(run_cli):
    assert_usage_error(run_cli("trick", "albastini", "--trump", "♠", "A♥", "3♠", "--bogus"),
                       "No such option '--bogus'.")
    assert_usage_error(run_cli("frob"), "No such command 'frob'.")


def test_help_and_version_exit_0(run_cli):
    result = run_cli("--help")
    assert result.returncode == 0
    assert "trick" in result.stdout and "legal" in result.stdout and "judge" in result.stdout
    result = run_cli("--version")
    assert (result.returncode, result.stdout) == (0, "tutorial-engine, version 0.1.0\n")


# --- where the project is found ------------------------------------------------------------------

def test_project_option_from_elsewhere(run_cli, project_root, tmp_path):
    assert_ok(run_cli("trick", "albastini", "--trump", "♠", "A♥", "3♠", "--project", str(project_root),
                      cwd=tmp_path), E1_TEXT)


def test_from_a_subfolder_of_the_project(run_cli, project_root):
    assert_ok(run_cli("trick", "albastini", "--trump", "♠", "A♥", "3♠",
                      cwd=project_root / "examples" / "albastini"), E1_TEXT)
    assert_ok(run_cli("legal", "altbaumer", "--trump", "♦", "--trick", "9♣", "--hand", "A♣ J♣ K♥",
                      cwd=project_root / "examples" / "albastini"), B18_TEXT)


def test_no_project_found(run_cli, tmp_path):
    folder = Path(os.path.realpath(tmp_path))
    assert_fails(run_cli("trick", "albastini", "--trump", "♠", "A♥", "3♠", cwd=folder),
                 f"no project found in {folder} or its parents (a project has "
                 "examples/<game>/game.yml); use --project DIR")


def test_project_option_without_a_project(run_cli, tmp_path):
    folder = Path(os.path.realpath(tmp_path))
    assert_fails(run_cli("trick", "albastini", "--trump", "♠", "A♥", "3♠", "--project", str(folder),
                         cwd=folder),
                 f"no project found in {folder} or its parents (a project has "
                 "examples/<game>/game.yml); use --project DIR")


def test_project_option_missing_folder(run_cli, tmp_path):
    missing = tmp_path / "nope"
    assert_fails(run_cli("trick", "albastini", "--trump", "♠", "A♥", "3♠", "--project", str(missing)),
                 f"--project {missing}: no such folder")
