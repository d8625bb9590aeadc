"""Engine throughput: trick verdicts, legal-play answers and `judge` lines per second.

Run with `make bench` (or .venv/bin/python bench/engine.py). Prints figures only; the targets
(issue 2, on the 2-core reference machine) are ≥ 200,000 Albastini verdicts/s in-process and
≥ 20,000 judge lines/s through stdin.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutorial_engine.content.project import Report, load_games  # noqa: E402
from tutorial_engine.engine.rules import legal_plays, trick_verdict  # noqa: E402


def deals(game, rng: random.Random, count: int, sizes, hand: int = 0):
    """Random (trump, cards) pairs drawn from the game's deck."""
    out = []
    for _ in range(count):
        n = rng.choice(sizes)
        cards = rng.sample(game.deck, n + hand)
        out.append((rng.choice(game.suits), cards))
    return out


def best_rate(run, items, repeats: int) -> float:
    """Items per second of the fastest of `repeats` passes (the least disturbed one)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run(items)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def bench_verdicts(game, items, repeats):
    def run(batch):
        for trump, plays in batch:
            trick_verdict(game, trump, plays)
    return best_rate(run, items, repeats)


def bench_legal(game, items, repeats):
    def run(batch):
        for trump, cards in batch:
            k = len(cards) - 5
            legal_plays(game, trump, cards[:k], cards[k:])
    return best_rate(run, items, repeats)


def bench_judge(lines: list[str], repeats: int) -> float:
    """Lines per second through a real `tutorial-engine judge` process, start-up included."""
    exe = shutil.which("tutorial-engine", path=str(Path(sys.executable).parent)) or "tutorial-engine"
    payload = ("\n".join(lines) + "\n").encode("utf-8")
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        done = subprocess.run([exe, "judge", "--project", str(ROOT)], input=payload,
                              capture_output=True, check=False)
        elapsed = time.perf_counter() - start
        if done.returncode != 0 or done.stdout.count(b"\n") != len(lines):
            sys.exit(f"judge failed: {done.stderr.decode()[:500]}")
        best = min(best, elapsed)
    return len(lines) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000, help="items per pass")
    parser.add_argument("--repeats", type=int, default=5, help="passes; the best is reported")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    report = Report()
    load_games(ROOT, report)
    albastini, altbaumer = report.games["albastini"], report.games["altbaumer"]
    rng = random.Random(args.seed)

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    figures = [
        ("Albastini trick verdicts/s", bench_verdicts(albastini, deals(albastini, rng, args.count, (2, 3, 4, 5, 6)), args.repeats)),
        ("Altbaumer trick verdicts/s", bench_verdicts(altbaumer, deals(altbaumer, rng, args.count, (3, 4)), args.repeats)),
        ("Altbaumer legal-play answers/s", bench_legal(altbaumer, deals(altbaumer, rng, args.count, (0, 1, 2, 3), hand=5), args.repeats)),
    ]
    lines = [json.dumps({"game": "albastini", "trump": str(trump), "plays": [str(c) for c in plays]},
                        ensure_ascii=False)
             for trump, plays in deals(albastini, rng, args.count, (2, 3, 4))]
    figures.append(("judge lines/s (Albastini tricks, via stdin)", bench_judge(lines, args.repeats)))
    for name, rate in figures:
        print(f"{name:<46} {rate:>12,.0f}")


if __name__ == "__main__":
    main()
