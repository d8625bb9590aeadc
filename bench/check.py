"""How long `tutorial-engine check --watch` takes to check the bundled examples again.

Run with .venv/bin/python bench/check.py. Prints figures only; the target (issue 7) is a re-check
of the bundled examples in under a second, so that a save shows its result at once. The first
check of a run pays for imports and the engine's per-game tables; a re-check in watch mode is a
later one, in the same process, after a save: each timed run edits one example file of a copy
of examples/ first, as an author does, so that file is parsed and checked afresh.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutorial_engine.build.drillcache import DrawnDrills  # noqa: E402
from tutorial_engine.content.project import Parsed, check  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="re-checks to time (default 10)")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder)
        shutil.copytree(ROOT / "examples", project / "examples")
        edited = project / "examples" / "albastini" / "examples" / "tricks.yml"
        parsed, store = Parsed(), DrawnDrills.in_user_cache()  # as check --watch keeps them
        start = time.perf_counter()
        report = check(project, store=store, parsed=parsed)
        first = time.perf_counter() - start
        assert not report.problems, "the bundled examples do not pass check"
        times = []
        for run in range(args.runs):
            with edited.open("a", encoding="utf-8") as file:
                file.write(f"# saved again ({run})\n")
            start = time.perf_counter()
            again = check(project, store=store, parsed=parsed)
            times.append(time.perf_counter() - start)
            assert not again.problems and again.summary() == report.summary()
        game = project / "examples" / "albastini" / "game.yml"
        game_times = []
        for run in range(3):  # a changed game is built again and its drills drawn again
            with game.open("a", encoding="utf-8") as file:
                file.write(f"# saved again ({run})\n")
            start = time.perf_counter()
            assert not check(project, store=store, parsed=parsed).problems
            game_times.append(time.perf_counter() - start)
    print(report.summary())
    print(f"first check: {first:.3f} s")
    print(f"re-check: median {statistics.median(times):.3f} s, slowest {max(times):.3f} s "
          f"over {args.runs} runs (target: under 1 s)")
    print(f"re-check after saving albastini's game.yml: median {statistics.median(game_times):.3f} s")


if __name__ == "__main__":
    main()
