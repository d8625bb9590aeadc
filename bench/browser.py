"""Time to first answerable drill: from navigation start until drills.js marks a drill ready.

Serves an already built site (`--site DIR`, else a fresh `mkdocs build` into a temporary folder)
with http.server on 127.0.0.1 and opens each drill page (`--page`, default
albastini/practice.html, and briscola/practice.html) in headless Chromium via playwright. A
MutationObserver installed before any page script records performance.now() (milliseconds since
navigation start) when the first `[data-drill-ready]` element appears. Each page is measured
without throttling and with a 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate), `--runs`
times each (default 5), every run in a fresh browser context (cold cache); prints the median and
best, with DOMContentLoaded and load event times from the navigation timing entry for context.

Target: reported, no fixed target: the 4x figure is a proxy for a cheap phone. Exits 0.
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


def run_once(browser, url: str, rate: float) -> tuple[float, float, float]:
    """(first drill ready, DOMContentLoaded, load) in ms since navigation start, cold cache."""
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(WATCH)
    if rate != 1:
        client = page.context.new_cdp_session(page)
        client.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(url, wait_until="load")
    page.wait_for_selector("[data-drill-ready]", state="attached", timeout=60_000)
    page.wait_for_function("() => performance.getEntriesByType('navigation')[0].loadEventEnd > 0")
    ready, dcl, load = page.evaluate(TIMINGS)
    context.close()
    return ready, dcl, load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="an already built site (default: build one)")
    parser.add_argument("--locale", default="en")
    parser.add_argument("--page", default="albastini/practice.html", help="the drill page")
    parser.add_argument("--runs", type=int, default=5, help="runs per setting")
    args = parser.parse_args()

    keep: list = []
    site = built_site(args.site, keep)
    pages = [args.page] + [p for p in ("briscola/practice.html",) if p != args.page]
    settings = [("no throttling", 1), ("4x CPU slowdown", 4)]
    rows = []
    with serve(site) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(**CHROMIUM)
        for page in pages:
            for name, rate in settings:
                runs = [run_once(browser, f"{base}{args.locale}/{page}", rate) for _ in range(args.runs)]
                ready, dcl, load = ([r[i] for r in runs] for i in range(3))
                rows.append((page, name, statistics.median(ready), min(ready),
                             statistics.median(dcl), statistics.median(load)))
        browser.close()

    print(f"site: {site}, locale: {args.locale}, {args.runs} runs per setting, cold cache each run")
    print(f"{'page':<26} {'setting':<16} {'ready median':>12} {'ready best':>10}"
          f" {'DCL median':>10} {'load median':>11}   (ms)")
    for page, name, med, best, dcl, load in rows:
        print(f"{page:<26} {name:<16} {med:>12.0f} {best:>10.0f} {dcl:>10.0f} {load:>11.0f}")
    print("target: reported, no fixed target (4x CPU slowdown is a proxy for a cheap phone)")


if __name__ == "__main__":
    main()
