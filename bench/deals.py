"""Whole deals per second, per variant, in one process on one core; `--soak` for the long run.

Targets (issue: whole deals) on the reference machine: ≥ 3,000 two-player Albastini deals/s and
≥ 5,000 Altbaumer deals/s. `--soak N` plays N random deals per game (Albastini: all its seatings
and rule variants in turn, with every invariant of tests/deal_invariants.py; Altbaumer: with and without solo,
every card accounted for at every step) and prints the counts and the failures (which must be 0).
"""

from __future__ import annotations

import argparse
import itertools
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from deal_invariants import VARIANTS, check_deal  # noqa: E402

from tutorial_engine.content.project import Report, load_games  # noqa: E402
from tutorial_engine.engine.draw_deal import DrawingDeal, play_out, random_strategy  # noqa: E402
from tutorial_engine.engine.seating import Table  # noqa: E402
from tutorial_engine.engine.trump_choice_deal import TrumpChoiceDeal, places  # noqa: E402


def rate(game, table: Table, count: int, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        rng = random.Random(1)
        start = time.perf_counter()
        for i in range(count):
            play_out(DrawingDeal(game, table, i % table.players, rng), random_strategy, rng)
        best = min(best, time.perf_counter() - start)
    return count / best


def soak(game, total: int) -> tuple[int, int]:
    failures = 0
    rng = random.Random(2026)
    turns = itertools.product([game, *game.variants.values()], VARIANTS)  # each rule variant, each seating
    for i, (spec, (players, team_size)) in zip(range(total), itertools.cycle(turns)):
        deal = DrawingDeal(spec, Table(players, team_size), rng.randrange(players), rng)
        try:
            check_deal(deal, rng)
        except AssertionError as error:
            failures += 1
            print(f"deal {i} ({players} players, teams of {team_size}): {error}", file=sys.stderr)
    return total, failures


def choice_rate(game, count: int, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        rng = random.Random(1)
        start = time.perf_counter()
        for i in range(count):
            play_out(TrumpChoiceDeal(game, i % 4, rng), random_strategy, rng)
        best = min(best, time.perf_counter() - start)
    return count / best


def choice_soak(game, total: int) -> tuple[int, int]:
    failures, deck = 0, set(game.deck)
    rng = random.Random(2027)
    for i in range(total):
        deal = TrumpChoiceDeal(game, i % 4, rng)
        try:
            while not deal.is_terminal():
                cards = places(deal)
                assert len(cards) == len(deck) and set(cards) == deck, "a card is lost or doubled"
                deal.apply(rng.choice(deal.legal_actions()))
            assert sum(deal.result().tricks) == 5, "a deal is five tricks"
        except AssertionError as error:
            failures += 1
            print(f"Altbaumer deal {i}: {error}", file=sys.stderr)
    return total, failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3000, help="deals per pass and variant")
    parser.add_argument("--repeats", type=int, default=5, help="passes; the best is reported")
    parser.add_argument("--soak", type=int, metavar="N", help="play N checked random deals")
    args = parser.parse_args()
    report = Report()
    load_games(ROOT, report)
    albastini, altbaumer = report.games["albastini"], report.games["altbaumer"]
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, one process")
    if args.soak:
        count, failures = soak(albastini, args.soak)
        print(f"Albastini soak: {count:,} deals, {failures} failures")
        more, more_failures = choice_soak(altbaumer, args.soak)
        print(f"Altbaumer soak: {more:,} deals, {more_failures} failures")
        sys.exit(1 if failures or more_failures else 0)
    for players, team_size in VARIANTS:
        figure = rate(albastini, Table(players, team_size), args.count, args.repeats)
        print(f"Albastini {players} players, teams of {team_size}: {figure:>10,.0f} deals/s")
    print(f"Altbaumer, random play with solos:  {choice_rate(altbaumer, args.count, args.repeats):>10,.0f} deals/s")


if __name__ == "__main__":
    main()
