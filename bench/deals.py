"""Whole deals per second, per game and seating, in one process on one core; `--soak` for the long run.

Every game of examples/ is measured, with no game named here: a game scored by victory points
at each of its seatings, a game scored by tricks (four players in pairs) with random play,
solos and deals thrown in included. Targets on the reference machine: ≥ 3,000 two-player
Albastini deals/s, ≥ 5,000 deals/s of each game scored by tricks and ≥ 2,000 deals/s of each
game of the whole 52-card pack. `--soak N` plays N random
deals per game (Albastini: all its seatings and rule variants in turn, with every invariant of
tests/deal_invariants.py; a game scored by tricks or odd tricks: every rule variant in turn,
every card accounted for at every step, every deal thrown in or of a full hand of tricks) and prints the
counts and the failures (which must be 0).
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
from tutorial_engine.engine.deal import Deal, ThrownIn, places, play_out  # noqa: E402
from tutorial_engine.engine.game import ExactBids, OddTricks, TrickScoring  # noqa: E402
from tutorial_engine.engine.match import PAIRS  # noqa: E402
from tutorial_engine.engine.seating import SeatingError, Table  # noqa: E402
from tutorial_engine.engine.strategy import random_strategy  # noqa: E402


def rate(game, table: Table, count: int, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        rng = random.Random(1)
        start = time.perf_counter()
        for i in range(count):
            play_out(Deal(game, table, i % table.players, rng), random_strategy, rng)
        best = min(best, time.perf_counter() - start)
    return count / best


def soak(game, total: int) -> tuple[int, int]:
    failures = 0
    rng = random.Random(2026)
    turns = itertools.product([game, *game.variants.values()], VARIANTS)  # each rule variant, each seating
    for i, (spec, (players, team_size)) in zip(range(total), itertools.cycle(turns)):
        deal = Deal(spec, Table(players, team_size), rng.randrange(players), rng)
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
            play_out(Deal(game, PAIRS, i % 4, rng), random_strategy, rng)
        best = min(best, time.perf_counter() - start)
    return count / best


def choice_soak(game, total: int) -> tuple[int, int]:
    """Every rule variant and every seating in turn, and every deal of a game whose hand size
    changes from deal to deal."""
    failures, deck = 0, set(game.deck)
    rng = random.Random(2027)
    turns = list(itertools.product([game, *game.variants.values()], tables(game)))
    for i in range(total):
        spec, table = turns[i % len(turns)]
        number = i % (spec.procedure.deal.deals(table.players, len(deck)) or 1)
        deal = Deal(spec, table, i % table.players, rng, number)
        tricks = spec.hand_size_at(table.players, number)
        try:
            while not deal.is_terminal():
                cards = places(deal)
                assert len(cards) == len(deck) and set(cards) == deck, "a card is lost or doubled"
                deal.apply(rng.choice(deal.legal_actions()))
            result = deal.result()
            assert isinstance(result, ThrownIn) or sum(result.tricks) == tricks, f"a deal is {tricks} tricks"
        except AssertionError as error:
            failures += 1
            print(f"{game.name} deal {i}: {error}", file=sys.stderr)
    return total, failures


def tables(game) -> list[Table]:
    """Every seating the game allows, smallest table first."""
    found = []
    for players in game.players:
        for size in range(1, players + 1):
            try:
                found.append(Table.for_game(game, players, size))
            except SeatingError:
                continue
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3000, help="deals per pass and variant")
    parser.add_argument("--repeats", type=int, default=5, help="passes; the best is reported")
    parser.add_argument("--soak", type=int, metavar="N", help="play N checked random deals")
    args = parser.parse_args()
    report = Report()
    load_games(ROOT, report)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, one process")
    if args.soak:
        failed = 0
        for game in report.games.values():
            if isinstance(game.scoring, (TrickScoring, OddTricks, ExactBids)):
                count, failures = choice_soak(game, args.soak)
            elif game.id == "albastini":
                count, failures = soak(game, args.soak)
            else:
                continue  # bench/soak.py checks the other drawing games
            print(f"{game.name} soak: {count:,} deals, {failures} failures")
            failed += failures
        sys.exit(1 if failed else 0)
    for game in report.games.values():
        if isinstance(game.scoring, TrickScoring):
            print(f"{game.name}, random play with solos: {choice_rate(game, args.count, args.repeats):>10,.0f} deals/s")
            continue
        for table in tables(game):
            figure = rate(game, table, args.count, args.repeats)
            print(f"{game.name} {table.players} players, teams of {table.team_size}: {figure:>10,.0f} deals/s")


if __name__ == "__main__":
    main()
