"""`tutorial-engine judge`: JSON Lines in, exactly one JSON line out per line, flushed at once."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from pathlib import Path

import pytest

GAMES = ", ".join(sorted(path.parent.name for path in (Path(__file__).resolve().parent.parent / "examples").glob("*/game.yml")))
"""Every game's id, as the messages that list the games name them."""

TRICK = '{"game": "albastini", "trump": "♠", "plays": ["A♥", "3♠"]}'
HAND = '{"game": "altbaumer", "trump": "♦", "trick": ["9♣"], "hand": ["A♣", "J♣", "K♥"]}'
TRICK_REPLY = ('{"winner": 1, "card": "3♠", "points": 11, "reason": "highest-trump", '
               '"explanation": "3♠ is the highest trump in the trick. The trick is worth 11 + 0 = 11 points."}')
HAND_REPLY = ('{"legal": ["A♣", "J♣"], "refused": {"K♥": "must-follow"}, '
              '"explanation": "You must follow suit: clubs were led."}')
CARD_FORMS = ("a rank A K Q J 10 (or T) 9 … 2 followed by a suit ♠ ♥ ♦ ♣ or S H D C, "
              "as in A♥, AH, 10♦, TD")


def judge(run_cli, *lines: str, raw: bytes | None = None, args: tuple[str, ...] = (), **kwargs):
    """Feed `lines` (or `raw` bytes) to judge; return (exit status, output lines, stderr)."""
    data = raw if raw is not None else "".join(line + "\n" for line in lines).encode("utf-8")
    result = run_cli("judge", *args, stdin=data, **kwargs)
    assert "Traceback" not in result.stderr
    return result.returncode, result.stdout.splitlines(), result.stderr


def test_the_two_docstring_examples_exact_replies(run_cli):
    """The issue's contract: one reply line per request line, byte for byte."""
    status, out, err = judge(run_cli, TRICK, HAND)
    assert (status, out, err) == (0, [TRICK_REPLY, HAND_REPLY], "")


def test_utf8_output_with_literal_suits(run_cli, console_script, project_root):
    done = subprocess.run([str(console_script), "judge"], input=(TRICK + "\n").encode("utf-8"),
                          capture_output=True, cwd=project_root, timeout=30)
    assert done.stdout == (TRICK_REPLY + "\n").encode("utf-8")
    assert "♠".encode() in done.stdout
    assert b"\\u2660" not in done.stdout


def test_utf8_output_even_under_an_ascii_locale(run_cli):
    status, out, _ = judge(run_cli, TRICK, env={"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii"})
    assert (status, out) == (0, [TRICK_REPLY])


def test_altbaumer_trick_says_points_0(run_cli):
    """B6: cards carry no points; the reply still has "points": 0."""
    status, out, _ = judge(run_cli, '{"game": "altbaumer", "trump": "♦", "plays": ["9♣", "A♣", "J♣", "A♦"]}')
    assert status == 0
    assert json.loads(out[0]) == {"winner": 2, "card": "J♣", "points": 0, "reason": "tree",
                                  "explanation": "J♣ is a tree, and the trees outrank every other trump."}


def test_trick_defaults_to_empty_so_the_hand_leads(run_cli):
    status, out, _ = judge(run_cli, '{"game": "albastini", "trump": "♠", "hand": ["A♥", "3♠"]}')
    assert status == 0
    assert json.loads(out[0]) == {"legal": ["A♥", "3♠"], "refused": {},
                                  "explanation": "You lead: any card may be played."}


def test_legal_cards_in_hand_order(run_cli):
    status, out, _ = judge(run_cli, '{"game": "altbaumer", "trump": "♦", "trick": ["Q♣"], '
                                    '"hand": ["A♣", "9♦", "K♥", "J♣", "K♦"]}')
    reply = json.loads(out[0])
    assert reply["legal"] == ["9♦", "J♣", "K♦"]
    assert list(reply["refused"].items()) == [("A♣", "must-follow"), ("K♥", "must-follow")]
    assert reply["explanation"] == "A trump was led: you must follow with a trump."


def test_letters_and_variant_accepted(run_cli):
    status, out, _ = judge(run_cli, '{"game": "albastini", "variant": "counterclockwise", '
                                    '"trump": "spades", "plays": ["ah", "3S"]}')
    assert (status, out) == (0, [TRICK_REPLY])


ERRORS = [
    pytest.param('{"game": "altbaumer", "trump": "♦", "plays": ["9♣"], "hand": ["A♣"]}',
                 "give either 'plays' (a trick to judge) or 'hand' (a legal-play query), not both",
                 id="both-plays-and-hand"),
    pytest.param('{"game": "altbaumer", "trump": "♦"}',
                 "give 'plays' (a trick to judge) or 'hand' (a legal-play query)", id="neither"),
    pytest.param('{"game": "albastini", "trump": "♠", "plays": ["A♥", "3♠"], "leader": 1}',
                 "unknown key 'leader'; expected one of: game, variant, trump, plays", id="unknown-key"),
    pytest.param('{"game": "albastini", "trump": "♠", "trick": [], "plays": ["A♥", "3♠"]}',
                 "unknown key 'trick'; expected one of: game, variant, trump, plays",
                 id="trick-key-on-a-trick"),
    pytest.param('{"game": "albastini", "trump": "♠", "hand": ["A♥"], "hnad": []}',
                 "unknown key 'hnad'; did you mean 'hand'?", id="unknown-key-did-you-mean"),
    pytest.param("", 'blank line; expected a JSON object such as '
                     '{"game": "albastini", "trump": "♠", "plays": ["A♥", "3♠"]}', id="blank-line"),
    pytest.param("   ", 'blank line; expected a JSON object such as '
                        '{"game": "albastini", "trump": "♠", "plays": ["A♥", "3♠"]}', id="spaces-only"),
    pytest.param('{"game": "altbaumer", "trump": "♦", "trick": ["9♣"], "hand": ["9♣", "J♣"]}',
                 "9♣ appears twice; a deck holds each card once", id="card-in-trick-and-hand"),
    pytest.param('{"game": "albastini", "trump": "♠", "plays": ["A♥", "A♥"]}',
                 "A♥ appears twice; a deck holds each card once", id="card-twice-in-plays"),
    pytest.param('{"game": "altbaumer", "trump": "♦", "plays": ["9♣", "A♣", "8♣"]}',
                 "8♣ is not in the Altbaumer deck (24 cards: A 10 K Q J 9 of ♠ ♥ ♦ ♣)",
                 id="card-outside-the-deck"),
    pytest.param('{"game": "albastini", "trump": "♠", "trick": ["A♥", "2♥"], "hand": ["3♠"]}',
                 "2♥ is not in the Albastini deck (36 cards: A 7 K J Q 6 5 4 3 of ♠ ♥ ♦ ♣)",
                 id="trick-card-outside-the-deck"),
    pytest.param('{"game": "albastini", "trump": "♠", "plays": ["A♥", "3♠"',
                 "invalid JSON at column 57: Expecting ',' delimiter", id="invalid-json"),
    pytest.param('{"game": "albastini", "trump": "♠", "plays": ["A♥", "3♠"]} x',
                 "invalid JSON at column 60: Extra data", id="trailing-garbage"),
    pytest.param("[1, 2]", "expected a JSON object", id="a-list"),
    pytest.param('"text"', "expected a JSON object", id="a-string"),
    pytest.param('{"game": "altbaumer", "trump": "♦", "plays": ["9♣", "A♣"]}',
                 "Altbaumer tricks have 3 or 4 cards, not 2", id="altbaumer-trick-of-2"),
    pytest.param('{"game": "altbaumer", "trump": "♦", "plays": ["9♣", "A♣", "K♣", "10♣", "A♦"]}',
                 "Altbaumer tricks have 3 or 4 cards, not 5", id="altbaumer-trick-of-5"),
    pytest.param('{"game": "albastini", "trump": "♠", "plays": ["A♥"]}',
                 "Albastini tricks have 2 to 6 cards, not 1", id="albastini-trick-of-1"),
    pytest.param('{"game": "albastini", "trump": "♠", "plays": []}',
                 "Albastini tricks have 2 to 6 cards, not 0", id="albastini-empty-trick"),
    pytest.param('{"game": "albastinni", "trump": "♠", "plays": ["A♥", "3♠"]}',
                 "unknown game 'albastinni'; did you mean 'albastini'?", id="unknown-game"),
    pytest.param('{"game": "xyz", "trump": "♠", "plays": ["A♥", "3♠"]}',
                 f"unknown game 'xyz'; expected one of: {GAMES}", id="unknown-game-far"),
    pytest.param('{"trump": "♠", "plays": ["A♥", "3♠"]}',
                 f"'game' must name a game: {GAMES}", id="missing-game"),
    pytest.param('{"game": "albastini", "variant": "nope", "trump": "♠", "plays": ["A♥", "3♠"]}',
                 "Albastini has no variant 'nope' (variants: counterclockwise)", id="unknown-variant"),
    pytest.param('{"game": "albastini", "plays": ["A♥", "3♠"]}', "missing key 'trump'",
                 id="missing-trump"),
    pytest.param('{"game": "albastini", "trump": "x", "plays": ["A♥", "3♠"]}',
                 "'x' is not a suit; expected one of ♠ ♥ ♦ ♣, S H D C or spades, hearts, diamonds, clubs",
                 id="bad-trump"),
    pytest.param('{"game": "albastini", "trump": 3, "plays": ["A♥", "3♠"]}',
                 "'trump' must be a suit such as \"♠\", or null", id="trump-not-a-string"),
    pytest.param('{"game": "albastini", "trump": "♠", "plays": ["A♥", "3X"]}',
                 f"'3X' is not a card; expected {CARD_FORMS}", id="bad-card"),
    pytest.param('{"game": "albastini", "trump": "♠", "plays": "A♥ 3♠"}',
                 "'plays' must be a list of cards such as [\"A♥\", \"3♠\"]", id="plays-not-a-list"),
    pytest.param('{"game": "albastini", "trump": "♠", "trick": "A♥", "hand": ["3♠"]}',
                 "'trick' must be a list of cards such as [\"A♥\", \"3♠\"]", id="trick-not-a-list"),
    pytest.param('{"game": "albastini", "trump": "♠", "hand": []}',
                 "the hand is empty; there is nothing to play", id="empty-hand"),
    pytest.param('{"game": "altbaumer", "trump": "♦", "trick": ["9♣", "A♣", "J♣", "A♦"], "hand": ["K♥"]}',
                 "the trick is already complete with 4 cards", id="complete-trick"),
    # issue 29: hostile sizes get a line of their own too, never a traceback
    pytest.param('{"game": "albastini", "trump": "♠", "plays": ["A♥", "3♠"], "n": ' + "9" * 5000 + "}",
                 "a number of 5,000 digits; no number here has more than 18", id="a-5000-digit-number"),
    pytest.param('{"n": -' + "1" * 19 + "}", "a number of 19 digits; no number here has more than 18",
                 id="a-19-digit-number"),
    pytest.param("[" * 10_000, "the JSON is nested too deeply; expected a flat JSON object", id="nested-10000-deep"),
    pytest.param("[" * 100_000, "the line is 100,000 bytes long; a request is at most 65,536", id="nested-100000-deep"),
    pytest.param('{"a": "' + "x" * 1_000_000 + '"}', "the line is 1,000,009 bytes long; a request is at most 65,536",
                 id="a-megabyte-line"),
]


@pytest.fixture(scope="module")
def error_session(run_cli):
    """One judge run for every error case: each bad line sits between two good ones."""
    lines = []
    for case in ERRORS:
        lines += [TRICK, case.values[0], HAND]
    return judge(run_cli, *lines)


@pytest.mark.parametrize("line, message", ERRORS)
def test_each_error_on_its_own_line_and_later_lines_still_answered(error_session, line, message):
    status, out, err = error_session
    index = [case.values[0] for case in ERRORS].index(line)
    number = 3 * index + 2
    assert out[number - 1] == json.dumps({"error": f"line {number}: {message}"}, ensure_ascii=False)
    assert out[number - 2:number + 1:2] == [TRICK_REPLY, HAND_REPLY]
    assert len(out) == 3 * len(ERRORS)
    assert status == 1
    assert err == ""


def test_a_line_of_the_longest_length_is_read_and_one_byte_more_is_not(run_cli):
    """The limit is on what a line holds, not on its line ending, and the line after an
    overlong one is read whole (issue 29)."""
    padded = TRICK[:-1] + " " * (65_536 - len(TRICK.encode("utf-8"))) + "}"
    assert len(padded.encode("utf-8")) == 65_536
    status, out, _ = judge(run_cli, padded, padded + " ", TRICK)
    assert status == 1
    assert out == [TRICK_REPLY, '{"error": "line 2: the line is 65,537 bytes long; a request is at most 65,536"}',
                   TRICK_REPLY]


def test_many_errors_numbered_by_line(run_cli):
    status, out, _ = judge(run_cli, "[]", TRICK, "", "{}", HAND)
    assert status == 1
    assert out == [
        '{"error": "line 1: expected a JSON object"}',
        TRICK_REPLY,
        '{"error": "line 3: blank line; expected a JSON object such as {\\"game\\": \\"albastini\\", '
        '\\"trump\\": \\"♠\\", \\"plays\\": [\\"A♥\\", \\"3♠\\"]}"}',
        '{"error": "line 4: give \'plays\' (a trick to judge) or \'hand\' (a legal-play query)"}',
        HAND_REPLY,
    ]


def test_a_line_that_is_not_utf8(run_cli):
    status, out, _ = judge(run_cli, raw=b"\xff\xfe\n" + (TRICK + "\n").encode("utf-8"))
    assert status == 1
    assert out == ['{"error": "line 1: the line is not UTF-8"}', TRICK_REPLY]


def test_a_variant_that_is_not_a_string_is_an_error_line_not_a_crash(run_cli):
    """Anything wrong on a line gives {"error": "line N: …"} and processing continues."""
    status, out, err = judge(run_cli, '{"game": "albastini", "variant": [], "trump": "♠", '
                                      '"plays": ["A♥", "3♠"]}', TRICK)
    assert "Traceback" not in err
    assert len(out) == 2
    assert json.loads(out[0])["error"].startswith("line 1: ")
    assert out[1] == TRICK_REPLY
    assert status == 1


def test_exit_0_when_every_line_is_answered(run_cli):
    status, out, _ = judge(run_cli, TRICK, HAND, TRICK)
    assert (status, out) == (0, [TRICK_REPLY, HAND_REPLY, TRICK_REPLY])


def test_no_input_no_output(run_cli):
    assert judge(run_cli, raw=b"") == (0, [], "")


def test_crlf_and_a_last_line_without_newline(run_cli):
    status, out, _ = judge(run_cli, raw=(TRICK + "\r\n" + HAND).encode("utf-8"))
    assert (status, out) == (0, [TRICK_REPLY, HAND_REPLY])


def test_judge_from_a_subfolder_and_with_project(run_cli, project_root, tmp_path):
    assert judge(run_cli, TRICK, cwd=project_root / "examples" / "altbaumer") == (0, [TRICK_REPLY], "")
    assert judge(run_cli, TRICK, args=("--project", str(project_root)), cwd=tmp_path) == (0, [TRICK_REPLY], "")


def test_judge_without_a_project(run_cli, tmp_path):
    result = run_cli("judge", stdin=TRICK + "\n", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith("Error: no project found in ")
    assert "Traceback" not in result.stderr


# --- the interactive contract: one line in, its reply out, before the next line is written --------

class Conversation:
    """A judge process read by a thread, so a missing reply is a timeout, not a hang."""

    def __init__(self, console_script, cwd):
        self.process = subprocess.Popen([str(console_script), "judge"], cwd=cwd, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.replies: queue.Queue[bytes] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in iter(self.process.stdout.readline, b""):
            self.replies.put(line)

    def ask(self, line: str, timeout: float = 10) -> str:
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        self.process.stdin.flush()
        try:
            reply = self.replies.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no reply within {timeout} s to {line!r} while stdin stays open") from None
        return reply.decode("utf-8").rstrip("\n")

    def close(self) -> int:
        self.process.stdin.close()
        status = self.process.wait(timeout=10)
        self.reader.join(timeout=10)
        self.process.stdout.close()
        self.process.stderr.close()
        return status

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


@pytest.fixture
def conversation(console_script, project_root):
    talk = Conversation(console_script, project_root)
    yield talk
    talk.kill()


def test_interactive_one_line_at_a_time(conversation):
    assert conversation.ask(TRICK) == TRICK_REPLY
    assert conversation.ask(HAND) == HAND_REPLY
    assert conversation.ask("not json") == '{"error": "line 3: invalid JSON at column 1: Expecting value"}'
    assert conversation.ask(TRICK) == TRICK_REPLY
    assert conversation.replies.empty()
    assert conversation.close() == 1


def test_interactive_exit_0(conversation):
    for _ in range(3):
        assert conversation.ask(HAND) == HAND_REPLY
    assert conversation.close() == 0
