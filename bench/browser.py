"""Time to first answerable drill, and to a playable play page; a computer player's move.

Serves an already built site (`--site DIR`, else a fresh `mkdocs build` into a temporary folder)
with http.server on 127.0.0.1 and opens each drill page (`--page`, default
albastini/practice.html, and briscola/practice.html) in headless Chromium via playwright. A
MutationObserver installed before any page script records performance.now() (milliseconds since
navigation start) when the first `[data-drill-ready]` element appears. Each page is measured
without throttling and with a 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate), `--runs`
times each (default 5), every run in a fresh browser context (cold cache); prints the median and
best, with DOMContentLoaded and load event times from the navigation timing entry for context.

The play pages (`--play`, default every `*/play*.html` of the locale) are timed the same way,
until play.js marks the table `data-play-ready` (the learner's hand drawn and answering keys).
On each, the computer players' moves are then timed inside the page: the sensible player
chooses and the engine applies, for every move of `--deals` whole deals (default 200), with and
without the slowdown; prints the mean (all moves over their count: a move takes less than the
0.1 ms that performance.now() resolves), the 99th percentile and the slowest move, beside the
slowest of as many intervals timed around no work: pauses that are not the engine's (a garbage
collection, the throttler suspending the page) fall into any interval.

Targets: drills, reported (the 4x figure is a proxy for a cheap phone); a play page playable
within 1 s at 4x, and a computer move under 5 ms at 4x. Exits 0.
"""

from __future__ import annotations

import argparse
import statistics

from playwright.sync_api import sync_playwright
from weight import CHROMIUM, built_site, serve

# Records when the first drill becomes answerable; installed before the page's own scripts. The
# callback runs at the microtask checkpoint after drills.js's task, once every drill is set up.
WATCH = """
(() => {
  const observer = new MutationObserver(() => {
    if (window.__drillReady === undefined) window.__drillReady = performance.now();
    observer.disconnect();
  });
  observer.observe(document, {subtree: true, attributes: true, attributeFilter: ["data-drill-ready"]});
})();
"""

TIMINGS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  return [window.__drillReady, nav.domContentLoadedEventEnd, nav.loadEventEnd];
}"""

# Every move of whole deals, as the computer players make them on the page: the sensible
# player's choice, then the engine applying it.
MOVES = """(count) => {
  const E = TcPlayEngine, data = JSON.parse(document.getElementById("tc-play-data").textContent);
  const game = E.game(data.game), table = new E.Table(data.seating.players, data.seating.teamSize);
  const times = [];
  const start = performance.now();
  for (let seed = 0; seed < count; seed++) {
    const deal = new E.Deal(game, table, seed % table.players, E.Random(seed));
    while (!deal.isTerminal()) {
      const before = performance.now();
      deal.apply(E.advice(deal).action);
      times.push(performance.now() - before);
    }
  }
  const total = performance.now() - start;
  // The same number of intervals around no work: the slowest of them is the page's noise floor
  // (a collection, the throttler suspending the page), which the slowest move includes too.
  let floor = 0;
  for (let i = 0; i < times.length; i++) {
    const before = performance.now();
    floor = Math.max(floor, performance.now() - before);
  }
  return [total, times, floor];
}"""


def run_once(browser, url: str, rate: float, ready: str = "data-drill-ready") -> tuple[float, float, float]:
    """(ready, DOMContentLoaded, load) in ms since navigation start, cold cache: ready is when
    the first element with the attribute `ready` appears."""
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(WATCH.replace("data-drill-ready", ready))
    throttle(page, rate)
    page.goto(url, wait_until="load")
    page.wait_for_selector(f"[{ready}]", state="attached", timeout=60_000)
    page.wait_for_function("() => performance.getEntriesByType('navigation')[0].loadEventEnd > 0")
    ready_at, dcl, load = page.evaluate(TIMINGS)
    context.close()
    return ready_at, dcl, load


def throttle(page, rate: float) -> None:
    if rate != 1:
        client = page.context.new_cdp_session(page)
        client.send("Emulation.setCPUThrottlingRate", {"rate": rate})


def moves(browser, url: str, rate: float, deals: int) -> tuple[float, float, float, float, int]:
    """(mean, 99th percentile, slowest) computer move in ms, the slowest interval around no work,
    and how many moves were timed."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url, wait_until="load")
    throttle(page, rate)
    total, times, floor = page.evaluate(MOVES, deals)
    context.close()
    times.sort()
    return total / len(times), times[int(len(times) * 0.99)], times[-1], floor, len(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="an already built site (default: build one)")
    parser.add_argument("--locale", default="en")
    parser.add_argument("--page", default="albastini/practice.html", help="the drill page")
    parser.add_argument("--runs", type=int, default=5, help="runs per setting")
    parser.add_argument("--play", action="append", help="a play page (repeatable; default: every one)")
    parser.add_argument("--deals", type=int, default=200, help="whole deals whose moves are timed on each play page")
    args = parser.parse_args()

    keep: list = []
    site = built_site(args.site, keep)
    pages = [args.page] + [p for p in ("briscola/practice.html",) if p != args.page]
    plays = args.play or sorted(path.relative_to(site / args.locale).as_posix()
                                for path in (site / args.locale).glob("*/play*.html"))
    settings = [("no throttling", 1), ("4x CPU slowdown", 4)]
    rows, move_rows = [], []
    with serve(site) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(**CHROMIUM)
        for page, ready in [(p, "data-drill-ready") for p in pages] + [(p, "data-play-ready") for p in plays]:
            for name, rate in settings:
                runs = [run_once(browser, f"{base}{args.locale}/{page}", rate, ready) for _ in range(args.runs)]
                ready_at, dcl, load = ([r[i] for r in runs] for i in range(3))
                rows.append((page, name, statistics.median(ready_at), min(ready_at),
                             statistics.median(dcl), statistics.median(load)))
        for page in plays:
            for name, rate in settings:
                move_rows.append((page, name, *moves(browser, f"{base}{args.locale}/{page}", rate, args.deals)))
        browser.close()

    print(f"site: {site}, locale: {args.locale}, {args.runs} runs per setting, cold cache each run")
    print(f"{'page':<26} {'setting':<16} {'ready median':>12} {'ready best':>10}"
          f" {'DCL median':>10} {'load median':>11}   (ms)")
    for page, name, med, best, dcl, load in rows:
        print(f"{page:<26} {name:<16} {med:>12.0f} {best:>10.0f} {dcl:>10.0f} {load:>11.0f}")
    print("target: drills reported, no fixed target (4x CPU slowdown is a proxy for a cheap phone); "
          "a play page ready within 1000 ms at 4x")
    print()
    print(f"{'play page':<26} {'setting':<16} {'move mean':>9} {'99th pct':>9} {'slowest':>8} {'no work':>8}"
          f" {'moves':>6}   (ms)")
    for page, name, mean, p99, slowest, floor, count in move_rows:
        print(f"{page:<26} {name:<16} {mean:>9.3f} {p99:>9.1f} {slowest:>8.1f} {floor:>8.1f} {count:>6}")
    print("target: a computer move under 5 ms at 4x (the mean and the 99th percentile; the slowest move "
          "includes pauses that an interval around no work shows too)")


if __name__ == "__main__":
    main()
