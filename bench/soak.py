"""The long run: random whole deals of every game and random `judge` lines, every result checked.

Run with .venv/bin/python bench/soak.py (or `make soak`). Issue 9's figures: 1,000,000 deals per
game, every seating and variant of it taking turns, and 100,000 `judge` lines; the failures must
be 0. Prints the counts, the failures (each on stderr), the time and the peak memory, and exits
with 1 if anything failed.

- Albastini: the invariants of tests/deal_invariants.py (A16-A20) at every step, through the
  whole-deal benchmark's soak (bench/deals.py).
- Altbaumer: every card accounted for at every step and five tricks a deal (bench/deals.py).
- Any other drawing game (Briscola): every card in exactly one place at every step, one card a
  player to each trick, and the card points of the piles and the cards left out adding up to
  the deck's.
- `judge` lines: well-formed requests (tricks and legal-play queries of every game and variant,
  cards drawn at random, duplicates included) and broken ones (cut short, wrong types, unknown
  keys, bytes that are not UTF-8). Each must get a reply or a clean refusal (BadLine), never
  another exception, and each reply must agree with itself: the winner is one of the plays, its
  card is that play, the points are the card points of the plays, the legal and refused cards
  split the hand.
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import random
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from deal_invariants import places  # noqa: E402
from deals import choice_soak, soak, tables  # noqa: E402

from tutorial_engine.cli.judge import BadLine, answer  # noqa: E402
from tutorial_engine.content.project import Report, load_games  # noqa: E402
from tutorial_engine.engine.deal import Deal  # noqa: E402
from tutorial_engine.engine.seating import Table  # noqa: E402


def seatings(game) -> list[tuple[object, Table]]:
    """Every (variant, table) the game allows, its plain rules first."""
    return [(spec, table) for spec in [game, *game.variants.values()] for table in tables(game)]


def drawing_soak(game, total: int) -> tuple[int, int]:
    """A drawing game other than Albastini: what holds for every one of them."""
    failures, deck = 0, set(game.deck)
    rng = random.Random(2028)
    for i, (spec, table) in zip(range(total), itertools.cycle(seatings(game))):
        deal = Deal(spec, table, rng.randrange(table.players), rng)
        try:
            while not deal.is_terminal():
                cards = places(deal)
                assert len(cards) == len(deck) and set(cards) == deck, "a card is missing or in two places"
                assert len(deal.trick) < table.players, "a trick holds more cards than players"
                deal.apply(rng.choice(deal.legal_actions()))
            piles = [c for pile in deal.piles for c in pile]
            left = [c for c in places(deal) if c not in set(piles)]
            assert len(piles) % table.players == 0, "a trick without one card from each player"
            points = sum(map(spec.card_points, piles)) + sum(map(spec.card_points, left))
            assert points == spec.total_points, f"the points add up to {points}, not {spec.total_points}"
        except AssertionError as error:
            failures += 1
            print(f"{game.name} deal {i} ({table.players} players, teams of {table.team_size}): {error}",
                  file=sys.stderr)
    return total, failures


SUITS = ["♠", "♥", "♦", "♣", "S", "H", "D", "C", "spades", "x", "", "♠♠"]
NOISE = ["A♥", "3♠", "10♦", "T♣", "Z♠", "1♥", "", "♥A", "A♥ ", "queen of spades", "AH", "7♣♣"]


def judge_line(games: dict, rng: random.Random) -> tuple[bytes, dict | None]:
    """A request line, and (if it is well-formed) what it asked, to check the reply against."""
    game = rng.choice(list(games.values()))
    spec = rng.choice([game, *game.variants.values()])
    deck = list(spec.deck)
    request: dict = {"game": game.id, "trump": rng.choice(["♠", "♥", "♦", "♣"])}
    if spec is not game:
        request["variant"] = next(name for name, v in game.variants.items() if v is spec)
    if rng.random() < 0.5:
        request["plays"] = [str(c) for c in rng.sample(deck, rng.randint(1, max(game.players)))]
    else:
        request["trick"] = [str(c) for c in rng.sample(deck, rng.randint(0, max(game.players) - 1))]
        request["hand"] = [str(c) for c in rng.sample(deck, rng.randint(1, 8))]
    kind = rng.random()
    if kind < 0.5:
        return json.dumps(request, ensure_ascii=rng.random() < 0.5).encode(), request
    # broken in one way or another
    mutation = rng.randrange(9)
    if mutation == 0:
        request[rng.choice(["games", "plays ", "Trump", "extra"])] = rng.choice([1, None, "x", []])
    elif mutation == 1:
        request[rng.choice(list(request))] = rng.choice([1, 2.5, None, True, {}, [], [1, 2], "♠"])
    elif mutation == 2:
        key = rng.choice([k for k in ("plays", "trick", "hand") if k in request])
        request[key] = request[key] + [rng.choice(NOISE)]
    elif mutation == 3:
        request["trump"] = rng.choice(SUITS)
    elif mutation == 4:
        request["game"] = rng.choice(["", "albastin", "Albastini", "poker", 7])
    elif mutation == 5:
        request.pop(rng.choice(list(request)))
    elif mutation == 6:
        text = json.dumps(request, ensure_ascii=False)
        return text[:rng.randrange(len(text))].encode(), None
    elif mutation == 7:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))), None
    else:
        request["plays" if "plays" in request else "hand"] = [str(c) for c in deck[:2]] * 2  # twice each
    return json.dumps(request, ensure_ascii=False).encode(), None


def check_reply(games: dict, request: dict, reply: dict) -> None:
    game = games[request["game"]].with_variant(request.get("variant"))
    if "plays" in request:
        plays = request["plays"]
        assert 0 <= reply["winner"] < len(plays), f"winner {reply['winner']} of {len(plays)} plays"
        assert reply["card"] == plays[reply["winner"]], "the winning card is not the winner's play"
        points = sum(game.card_points(c) for c in game.deck if str(c) in plays)
        assert reply["points"] == points, f"{reply['points']} points, the cards hold {points}"
        assert reply["explanation"], "no explanation"
    else:
        legal, refused = reply["legal"], set(reply["refused"])
        assert not set(legal) & refused, "a card both legal and refused"
        assert set(legal) | refused == set(request["hand"]), "the legal and refused cards are not the hand"


def judge_soak(games: dict, total: int) -> tuple[int, int, int]:
    """Lines judged, replies among them, failures."""
    rng = random.Random(2029)
    failures = replies = 0
    for i in range(total):
        line, request = judge_line(games, rng)
        try:
            reply = answer(games, line)
        except BadLine:
            continue
        except Exception as error:  # the point of the soak: any other exception is a failure
            failures += 1
            print(f"judge line {i} {line!r}: {type(error).__name__}: {error}", file=sys.stderr)
            continue
        replies += 1
        if request is not None:
            try:
                check_reply(games, request, reply)
            except AssertionError as error:
                failures += 1
                print(f"judge line {i} {line!r}: {error}", file=sys.stderr)
    return total, replies, failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000, help="deals per game (default 1,000,000)")
    parser.add_argument("--lines", type=int, default=100_000, help="judge lines (default 100,000)")
    args = parser.parse_args()
    report = Report()
    load_games(ROOT, report)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, one process")
    failed = 0
    for game in report.games.values():
        start = time.perf_counter()
        if game.id == "albastini":
            count, failures = soak(game, args.deals)
        elif not game.procedure.draws:
            count, failures = choice_soak(game, args.deals)
        else:
            count, failures = drawing_soak(game, args.deals)
        failed += failures
        kinds = len(seatings(game))
        print(f"{game.name}: {count:,} deals ({kinds} kind{'s' if kinds > 1 else ''} of table and rules in turn), "
              f"{failures} failures, {time.perf_counter() - start:.0f} s")
    start = time.perf_counter()
    lines, replies, failures = judge_soak(report.games, args.lines)
    failed += failures
    print(f"judge: {lines:,} lines, {replies:,} answered, {lines - replies:,} refused cleanly, "
          f"{failures} failures, {time.perf_counter() - start:.0f} s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak:.0f} MB")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
