"""Game files the tests of game.yml's vocabulary share, and the helpers that load them: classic
Whist (issue 30: plain tricks, the dealer's last card, odd tricks) and Oh Hell (hand sizes that
change, bids of tricks, exact bids), written from the rules as issue 30 states them."""

from __future__ import annotations

import re

from tutorial_engine.content.project import Report, load_games

WHIST = """\
id: whist
name: Whist
deck:
  suits: [♠, ♥, ♦, ♣]
  ranks: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
order:
  plain: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
  trump: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
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
deck:
  suits: [♠, ♥, ♦, ♣]
  ranks: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
order:
  plain: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
  trump: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
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


def load(tmp_path, text: str) -> Report:
    """The project of one game, written under examples/<its id>/, loaded as check loads it."""
    game_id = re.search(r"^id: (\S+)$", text, re.MULTILINE).group(1)
    folder = tmp_path / "examples" / game_id
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yml").write_text(text, encoding="utf-8")
    report = Report()
    load_games(tmp_path, report)
    return report


def errors(report: Report) -> list[str]:
    return [str(problem)[str(problem).index("error:"):] for problem in report.problems]


def with_deal(text: str, *phases: str) -> str:
    """The game with its `deal:` replaced by these phases."""
    start, end = text.index("deal:\n"), text.index("scoring:")
    return text[:start] + "deal:\n" + "".join(f"  - {phase}\n" for phase in phases) + text[end:]
