"""Game files the tests of game.yml's vocabulary share, and the helpers that load them: classic
Whist (issue 30: plain tricks, the dealer's last card, odd tricks) and Oh Hell (hand sizes that
change, bids of tricks, exact bids), written from the rules as issue 30 states them."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner, Result

from tutorial_engine.cli.main import cli
from tutorial_engine.content.project import Report, check, load_games

PACK = """\
deck:
  suits: [♠, ♥, ♦, ♣]
  ranks: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
order:
  plain: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
  trump: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
"""
"""The 52-card pack, A high to 2 in every suit and in trump, as the games below declare it."""

WHIST = """\
id: whist
name: Whist
""" + PACK + """\
follow: suit
players: [4]
teams:
  - {size: 2, players: [4]}
deal:
  - {phase: deal, packets: [1], whole_pack: true}
  - {phase: trump, from: dealer-last}
  - {phase: tricks}
scoring:
  kind: odd-tricks
  book: 6
  target: 5
"""

OH_HELL = """\
id: oh-hell
name: Oh Hell
""" + PACK + """\
follow: suit
players: [3, 4, 5, 6, 7]
deal:
  - {phase: deal, hand_sizes: up-and-down}
  - {phase: trump, from: next-card}
  - {phase: bid-tricks, dealer_restricted: true}
  - {phase: tricks}
scoring:
  kind: exact-bids
  bonus: 10
variants:
  down-and-up:
    description: The hands start at their largest, shrink to one card, and grow again.
    deal:
      - {phase: deal, hand_sizes: down-and-up}
      - {phase: trump, from: next-card}
      - {phase: bid-tricks, dealer_restricted: true}
      - {phase: tricks}
"""


SIXTY_SIX = """\
id: sixty-six
name: Sixty-six
deck:
  suits: [♠, ♥, ♦, ♣]
  ranks: [A, 10, K, Q, J, 9]
order:
  plain: [A, 10, K, Q, J, 9]
  trump: [A, 10, K, Q, J, 9]
points: {A: 11, 10: 10, K: 4, Q: 3, J: 2, 9: 0}
follow: none
players: [2]
direction: clockwise
deal:
  - {phase: deal, packets: [3, 3]}
  - {phase: turn-up}
  - {phase: tricks, draw: true, late_follow: suit-head-then-trump, closing: true, exchange: 9, marriage: 20,
     trump_marriage: 40}
scoring:
  kind: game-points
  deal_target: 66
  last_trick: 10
  low: 33
  target: 7
"""
"""Sixty-six as issue 31 states it: two players, 24 cards, six each in packets of three, the next
card turned for trump under the stock; no duty to follow while the stock lasts, then follow and
head, else trump; marriages 20, 40 in trump; the trump nine exchanged for the turned card; the
stock closed on a lead; 10 for the last trick; 1, 2 or 3 game points; game to 7."""


def field(text: str, key: str) -> str:
    return re.search(rf"^{key}: (.+)$", text, re.MULTILINE).group(1)


def write_game(tmp_path, text: str) -> Path:
    """The game's folder in a project at `tmp_path`: examples/<its id>/, holding its game.yml."""
    folder = tmp_path / "examples" / field(text, "id")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yml").write_text(text, encoding="utf-8")
    return folder


def load(tmp_path, text: str) -> Report:
    """The project of one game, loaded as check loads it."""
    write_game(tmp_path, text)
    report = Report()
    load_games(tmp_path, report)
    return report


def check_pages(tmp_path, text: str, blocks: str, drills: str) -> Report:
    """The whole check of the game with these drills and one rules page of these blocks."""
    folder = write_game(tmp_path, text)
    (folder / "drills.yml").write_text(drills, encoding="utf-8")
    name = field(text, "name")
    (folder / "pages.yml").write_text(
        f"pages:\n  - id: rules\n    title: {name}\n    summary: {name}.\n    sections:\n"
        "      - id: one\n        title: One\n        blocks:\n" + blocks, encoding="utf-8")
    return check(tmp_path)


def simulate(tmp_path, text: str, *args: str) -> Result:
    """`tutorial-engine simulate` of the game, which never prints a traceback."""
    write_game(tmp_path, text)
    result = CliRunner().invoke(cli, ["simulate", field(text, "id"), *args, "--project", str(tmp_path)])
    assert "Traceback" not in result.output
    return result


def errors(report: Report) -> list[str]:
    return [str(problem)[str(problem).index("error:"):] for problem in report.problems]


def with_deal(text: str, *phases: str) -> str:
    """The game with its `deal:` replaced by these phases."""
    start, end = text.index("deal:\n"), text.index("scoring:")
    return text[:start] + "deal:\n" + "".join(f"  - {phase}\n" for phase in phases) + text[end:]
