"""Build figures: generator overhead against plain MkDocs, the full build, scale and live edit.

Run with .venv/bin/python bench/build.py (or `make bench`). Prints figures only; the targets
(issue 8), on the 2-core reference machine:

- full build: `mkdocs build --strict` of the project, every locale, as `make site` runs it once
  the environment exists: at most 10 s.
- overhead: the same build against plain MkDocs + Material building the very Markdown the plugin
  generates, with the same theme, extensions and plugins, as many processes at once: a ratio of
  at most 1.15. The plugin puts drills and walkthroughs into the finished pages, past Markdown
  and the search index; the plain build gets the markers that stand in for them. For scale, a
  second plain build gets complete pages, the drills inline in its Markdown. Both figures are
  printed for a build that finds what an earlier build kept in the cache folder (cache.py:
  compiled templates, drawn drills, read catalogs) and for the first build on a machine, which
  makes them all; the plain build keeps nothing.
- scale: a project of one synthetic game with N seeded worked examples and N/10 drills on N/10
  pages, built in one locale, at N = 100, 300 and 1,000: the cost per page at 1,000 at most 1.5
  times the cost at 100.
- live edit: `mkdocs serve` of one locale; an example's title is changed and the page polled
  until it shows the new title: at most 1 s (issue 28); a catalog's translation of that title,
  and the game's name in its game.yml, changed the same way: at most 2 s.
- breakdown: the stages of one full build, the first on a machine and one that finds what an
  earlier build kept, as each process logs them (build/stages.py, `mkdocs build -v`): startup,
  check, drawing, catalogs, templates, then per locale its configuration, rendering, MkDocs and
  finish, the parent waiting for its workers, and publishing. A regression shows there first.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tutorial_engine.build.stages import PATTERN  # noqa: E402 - from this checkout
from tutorial_engine.cache import CACHE_VARIABLE  # noqa: E402

BIN = Path(sys.executable).parent
ENV = os.environ | {"NO_MKDOCS_2_WARNING": "1"}
PROJECT_FILES = ("examples", "locales", "docs", "mkdocs.yml", "babel.cfg")


def copy_project(folder: Path, games: tuple[str, ...] | None = None) -> Path:
    """The project's content in `folder`, optionally with only some games."""
    for name in PROJECT_FILES:
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, folder / name)
    if games is not None:
        for game in (folder / "examples").iterdir():
            if game.is_dir() and game.name not in games:
                shutil.rmtree(game)
    return folder


def settled() -> None:
    """Write out what earlier builds left in the page cache before a build is timed: a site is
    some 60 MB, and its write-back otherwise lands in the system time of whichever build comes
    next, a plain one or ours, up to half a second of it on the reference machine."""
    if hasattr(os, "sync"):
        os.sync()


def timed(command: list[str], cwd: Path, env: dict | None = None) -> float:
    settled()
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env or ENV, check=True, capture_output=True)
    return time.perf_counter() - start


def processor_time(measure) -> tuple[float, float]:
    """`measure`'s own figure (wall seconds) and the processor time of the processes it ran."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = measure()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def best(runs: int, measure) -> float:
    return min(measure() for _ in range(runs))


# --- overhead: the plugin's pages built by plain MkDocs ---

def export_plain(project: Path, out: Path, inline: bool) -> list[Path]:
    """For every locale, the pages the plugin generates as a plain MkDocs + Material project:
    with each drill and walkthrough `inline` in the Markdown (complete pages), or with the
    markers that stand in for them, as MkDocs itself sees them in the plugin's build."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import Files

    from tutorial_engine.render import FOLDER as PACKAGE

    settings = yaml.safe_load((project / "mkdocs.yml").read_text(encoding="utf-8"))
    codes = next(p["tutorial"] for p in settings["plugins"] if isinstance(p, dict) and "tutorial" in p)["locales"]
    configs = []
    for code in codes:
        os.environ["TUTORIAL_LOCALE"] = code
        config = load_config(str(project / "mkdocs.yml"))
        plugin = config.plugins["tutorial"]
        config.plugins.on_startup(command="serve", dirty=False)
        config = config.plugins.on_config(config)
        folder = out / code
        shutil.copytree(project / "docs", folder / "docs")
        for file in config.plugins.on_files(Files([]), config=config):
            target = folder / "docs" / file.src_uri
            target.parent.mkdir(parents=True, exist_ok=True)
            if file.abs_src_path:
                shutil.copy(file.abs_src_path, target)
                continue
            text = file.content_string
            for marker, html in plugin.slots.get(file.src_uri, {}).items() if inline else ():
                text = text.replace(marker, html)
            target.write_text(text, encoding="utf-8")
        shutil.copytree(PACKAGE / "overrides", folder / "overrides")
        if plugin.language_dir is not None:
            shutil.copytree(plugin.language_dir.name, folder / "overrides", dirs_exist_ok=True)
        theme = settings["theme"] | {"language": code, "custom_dir": "overrides",
                                     "palette": config.theme["palette"]}
        plain = {"site_name": config.site_name, "docs_dir": "docs", "use_directory_urls": False,
                 "theme": theme, "markdown_extensions": settings["markdown_extensions"],
                 "plugins": ["search", "offline"], "nav": config.nav, "extra": dict(config.extra),
                 "extra_css": [str(c) for c in config.extra_css],
                 "extra_javascript": [str(j) for j in config.extra_javascript]}
        (folder / "mkdocs.yml").write_text(yaml.safe_dump(plain, allow_unicode=True), encoding="utf-8")
        config.plugins.on_shutdown()
        configs.append(folder / "mkdocs.yml")
    os.environ.pop("TUTORIAL_LOCALE", None)
    return configs


def build_plain(configs: list[Path]) -> float:
    """Every locale's plain build, as many at once as the plugin builds them (one per core)."""
    settled()
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(lambda c: subprocess.run([str(BIN / "mkdocs"), "build", "-q", "-f", str(c), "-d",
                                                 str(c.parent / "site")], env=ENV, check=True,
                                                capture_output=True), configs))
    return time.perf_counter() - start


# --- breakdown: where a build's time goes ---

def stages(mkdocs: str, site: Path, env: dict) -> dict[str, tuple[float, float, int]]:
    """One verbose build's stages, summed over locales and processes: wall and processor
    seconds and how many lines each sums ("render" over six locales is six lines)."""
    done = subprocess.run([mkdocs, "build", "--strict", "-v", "-d", str(site)], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)
    found: dict[str, tuple[float, float, int]] = {}
    for match in PATTERN.finditer(done.stderr + done.stdout):
        name = match["name"].split()[0]
        wall, processor, count = found.get(name, (0.0, 0.0, 0))
        found[name] = (wall + float(match["wall"]), processor + float(match["processor"]), count + 1)
    return found


def print_breakdown(cold: dict, warm: dict) -> None:
    print("\nbreakdown of one build by stage (seconds; a stage of every locale is summed over them):")
    print(f"  {'stage':<10} {'lines':>5}  {'first build: wall':>17} {'processor':>9}  "
          f"{'kept cache: wall':>16} {'processor':>9}")
    for name in dict.fromkeys([*cold, *warm]):
        c, w = cold.get(name, (0.0, 0.0, 0)), warm.get(name, (0.0, 0.0, 0))
        print(f"  {name:<10} {max(c[2], w[2]):>5}  {c[0]:>17.2f} {c[1]:>9.2f}  {w[0]:>16.2f} {w[1]:>9.2f}")
    print("  (lines: how many a build logs, one a process or a locale: with the cache, each process checks the "
          "project itself; drawing's processor time includes its worker processes; mkdocs is Material's build of a "
          "locale: Markdown, templates, search, offline)")


# --- scale: a synthetic game ---

def synthetic_game(project: Path, examples: int, seed: int = 1) -> int:
    """examples/scale/: `examples` trick examples, one drill per ten, ten examples and a drill a
    page; every expectation is the engine's. Returns the number of pages."""
    from tutorial_engine.content.project import Report, load_games
    from tutorial_engine.engine.cards import Suit
    from tutorial_engine.engine.rules import judge_trick

    report = Report()
    load_games(ROOT, report)
    game = report.games["albastini"]
    folder = project / "examples" / "scale"
    (folder / "examples").mkdir(parents=True)
    text = (ROOT / "examples" / "albastini" / "game.yml").read_text(encoding="utf-8")
    (folder / "game.yml").write_text(text.replace("id: albastini", "id: scale").replace("name: Albastini", "name: Scale"),
                                     encoding="utf-8")
    rng = random.Random(seed)
    pages, drills = [], []
    for page in range(examples // 10):
        items = []
        for k in range(10):
            trump = rng.choice(list(Suit))
            plays = rng.sample(game.deck, 2)
            verdict = judge_trick(game, trump, plays)
            items.append({"id": f"t{page}-{k}", "kind": "trick", "title": f"Trick {k + 1} of page {page + 1}",
                          "trump": str(trump), "seats": ["Anna", "Boris"], "plays": [str(c) for c in plays],
                          "expect": {"winner": ["Anna", "Boris"][verdict.winner], "points": verdict.points}})
        dump(folder / "examples" / f"page{page}.yml", {"examples": items})
        drills.append({"id": f"d{page}", "kind": "trick", "title": f"Drill {page + 1}", "seed": page})
        pages.append({"id": f"page-{page}", "title": f"Page {page + 1}", "sections": [
            {"id": "examples", "title": "Examples", "blocks": [{"example": item["id"]} for item in items]},
            {"id": "drill", "title": "Drill", "blocks": [{"drill": f"d{page}"}]}]})
    dump(folder / "drills.yml", {"drills": drills})
    dump(folder / "pages.yml", {"pages": pages})
    return len(pages) + 2  # the home page and the credits


def dump(path: Path, data) -> None:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def one_locale(project: Path) -> None:
    path = project / "mkdocs.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("locales: [en, ru, fr, es, fa, sw]", "locales: [en]"),
                    encoding="utf-8")


# --- live edit ---

@dataclass(frozen=True)
class Edit:
    """A change a writer saves under `mkdocs serve`, and the text the served page shows for it."""

    what: str
    locale: str
    file: str
    before: str
    after: str
    """`before` with "{run}" where each run writes its number."""
    shown: str
    """What the page shows once the change is built, with "{run}"."""
    target: float


PAGE = "albastini/two-players.html"
EDITS = (
    Edit("an example's title", "en", "examples/albastini/examples/basics.yml", "title: A small trump takes the ace",
         "title: A small trump takes the ace (edited {run})", "takes the ace (edited {run})", 1.0),
    Edit("a catalog's translation of it", "fr", "locales/fr/LC_MESSAGES/messages.po",
         'msgstr "Un petit atout prend l’as"', 'msgstr "Un petit atout prend l’as (modifié {run})"',
         "prend l’as (modifié {run})", 2.0),
    Edit("the game's name in game.yml", "en", "examples/albastini/game.yml", "name: Albastini",
         "name: Albastini {run}", "Albastini {run}", 2.0),
)


def live_edit(project: Path, runs: int, env: dict, edit: Edit) -> list[float]:
    """Seconds from saving `edit` to `mkdocs serve` serving the page that shows it."""
    port = 8700 + os.getpid() % 200
    server = subprocess.Popen([str(BIN / "mkdocs"), "serve", "-a", f"127.0.0.1:{port}"], cwd=project,
                              env=env | {"TUTORIAL_LOCALE": edit.locale}, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    page = f"http://127.0.0.1:{port}/{PAGE}"
    source = project / edit.file
    text = source.read_text(encoding="utf-8")
    assert text.count(edit.before) == 1, f"{edit.file} no longer has {edit.before!r} once"
    try:
        wait_for(page, "</html>", timeout=120)
        figures = []
        for run in range(runs):
            start = time.perf_counter()
            source.write_text(text.replace(edit.before, edit.after.format(run=run)), encoding="utf-8")
            wait_for(page, edit.shown.format(run=run), timeout=60)
            figures.append(time.perf_counter() - start)
            source.write_text(text, encoding="utf-8")
            wait_for(page, edit.shown.format(run=run), timeout=60, present=False)
        return figures
    finally:
        server.terminate()
        server.wait()
        source.write_text(text, encoding="utf-8")


def wait_for(url: str, text: str, timeout: float, present: bool = True) -> None:
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if (text in response.read().decode("utf-8")) == present:
                    return
        except OSError:
            pass
        time.sleep(0.02)
    raise TimeoutError(f"{url} {'never showed' if present else 'still shows'} {text!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="builds to time, the best counts (default 3)")
    parser.add_argument("--scale", default="100,300,1000", help="synthetic example counts (default 100,300,1000)")
    parser.add_argument("--skip", nargs="*", default=(), choices=("overhead", "breakdown", "scale", "live"))
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    # As `make` does: with PYTHONDONTWRITEBYTECODE set, each build would compile the package again.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "tutorial_engine")], check=True)
    mkdocs = str(BIN / "mkdocs")
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        cache = lambda name: ENV | {CACHE_VARIABLE: str(work / name)}
        build_site = lambda env: timed([mkdocs, "build", "--strict", "-q", "-d", str(work / "site")], ROOT, env)
        warm = lambda: build_site(cache("cache"))
        if "overhead" in args.skip:
            warm()  # fills the cache
            full = best(args.runs, warm)
            print(f"\nfull build, every locale (make site): {full:.2f} s   target ≤ 10 s")
        else:
            # In turns, so that a busier minute of a shared machine weighs on both alike. A cold
            # build finds nothing an earlier build kept (cache.py), as on a fresh machine.
            markers = export_plain(ROOT, work / "markers", inline=False)
            warm()
            runs = [(processor_time(lambda run=run: build_site(cache(f"cold{run}"))), processor_time(warm),
                     processor_time(lambda: build_plain(markers))) for run in range(args.runs)]
            cold, full, plain = (min(run[k][0] for run in runs) for k in range(3))
            print(f"\nfull build, every locale (make site): {full:.2f} s; the first on a machine "
                  f"(nothing kept from an earlier build): {cold:.2f} s   target ≤ 10 s")
            print(f"plain MkDocs + Material, the same Markdown (drills as markers): {plain:.2f} s")
            for name, k in (("", 1), (", first build", 0)):
                wall = statistics.median(run[k][0] / run[2][0] for run in runs)
                processor = statistics.median(run[k][1] / run[2][1] for run in runs)
                print(f"overhead ratio{name}: {wall:.2f} (median of the runs' own ratios; best against best "
                      f"{min(run[k][0] for run in runs) / plain:.2f})   target ≤ 1.15; "
                      f"in processor time (user + system, every process): {processor:.2f}")
            pages = export_plain(ROOT, work / "inline", inline=True)
            whole = build_plain(pages)  # once: it is slow, and only for scale
            print(f"plain MkDocs + Material, the same pages (drills inline in the Markdown): {whole:.2f} s, "
                  f"ratio {full / whole:.2f}")
        if "breakdown" not in args.skip:
            print_breakdown(stages(mkdocs, work / "site", cache("breakdown")),
                            stages(mkdocs, work / "site", cache("breakdown")))
        if "scale" not in args.skip:
            print("\nscale (one locale):\n  examples  drills  pages  build s  ms per page")
            per_page = {}
            for n in [int(n) for n in args.scale.split(",")]:
                project = copy_project(work / f"scale{n}", games=())
                one_locale(project)
                pages = synthetic_game(project, n)
                seconds = best(args.runs, lambda project=project: timed(
                    [mkdocs, "build", "--strict", "-q", "-d", "site"], project, cache("cache")))
                per_page[n] = seconds / pages * 1000
                print(f"  {n:8d}  {n // 10:6d}  {pages:5d}  {seconds:7.2f}  {per_page[n]:11.1f}")
            low, high = min(per_page), max(per_page)
            print(f"  per page at {high} / at {low}: {per_page[high] / per_page[low]:.2f}   target ≤ 1.5")
        if "live" not in args.skip:
            print(f"\nlive edit, from saving a file to `mkdocs serve` serving {PAGE} with the change "
                  f"({max(args.runs, 3)} edits each):")
            project = copy_project(work / "live")
            for edit in EDITS:
                figures = live_edit(project, max(args.runs, 3), cache("cache"), edit)
                print(f"  {edit.what} ({edit.locale}): median {statistics.median(figures):.2f} s, best "
                      f"{min(figures):.2f} s, worst {max(figures):.2f} s   target ≤ {edit.target:g} s")


if __name__ == "__main__":
    main()
