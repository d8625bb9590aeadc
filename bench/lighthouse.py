"""Lighthouse scores of a drill page, mobile profile, served as a static host would serve it.

Serves an already built site (`--site DIR`, else a fresh `mkdocs build` into a temporary folder)
on 127.0.0.1 with a small static server that does what a static host does and http.server does
not: text responses gzip-compressed (when the browser accepts gzip), `Cache-Control: public,
max-age=31536000, immutable` for files whose name carries a content hash (Material's bundle and
stylesheets), `public, max-age=600` for everything else (GitHub Pages' value; HTML included),
and the locale's 404.html (/<locale>/404.html) for a missing file. Then runs Lighthouse (the npm
package in tests/browser, `make browser-tools`) through node with Debian's chromium
(CHROME_PATH=/usr/bin/chromium, headless, --no-sandbox when run as root) on the drill page
(`--page`, default albastini/practice.html) in each locale of `--locale` (default en and fa),
`--runs` times each (default 3), in Lighthouse's default mobile profile (simulated throttling).

Prints each run's four category scores and Lighthouse's CPU benchmark index (a busy machine
scores lower on performance), then, for the run with the median performance score,
the performance metrics and every audit that is not passed, category by category (id, title,
Lighthouse's figure, and up to three offending elements); `--save DIR` keeps the JSON reports.

Targets: accessibility 100, best practices 100, SEO 100, performance ≥ 95. Exits 0.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import json
import os
import re
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

from weight import ROOT, built_site, serve

LIGHTHOUSE = ROOT / "tests/browser/node_modules/lighthouse/cli/index.js"
CHROME = "/usr/bin/chromium"
CATEGORIES = [("performance", 95), ("accessibility", 100), ("best-practices", 100), ("seo", 100)]
# A content hash in a file name (bundle.a5f9d56c.min.js): the file never changes under that name.
HASHED = re.compile(r"\.[0-9a-f]{8,}\.")
COMPRESSIBLE = {"application/javascript", "application/json", "application/xml",
                "application/manifest+json", "image/svg+xml"}
LONG = "public, max-age=31536000, immutable"
SHORT = "public, max-age=600"
# Audit modes that carry no pass or fail.
UNSCORED = {"notApplicable", "manual", "informative"}


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """GET and HEAD of the site's files with the compression and cache headers of a static host."""

    protocol_version = "HTTP/1.1"  # keep-alive, as every host has

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:
        self.respond(body=True)

    def do_HEAD(self) -> None:
        self.respond(body=False)

    def respond(self, body: bool) -> None:
        root = Path(self.directory).resolve()  # compared with resolved files: a linked /tmp too
        path = unquote(urlsplit(self.path).path)
        file = (root / path.lstrip("/")).resolve()
        inside = file == root or root in file.parents
        if inside and file.is_dir():
            if not path.endswith("/"):
                self.send_response(301)
                self.send_header("Location", quote(path) + "/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            file = file / "index.html"
        status = 200
        if not (inside and file.is_file()):  # the locale's own 404 page, as the site is laid out
            locale = path.strip("/").split("/", 1)[0]
            status, file = 404, root / locale / "404.html"
        data = file.read_bytes() if file.is_file() else b"Not found\n"
        kind = self.guess_type(str(file)) if file.is_file() else "text/plain"
        headers = {"Cache-Control": LONG if HASHED.search(file.name) else SHORT}
        if kind.startswith("text/") or kind in COMPRESSIBLE:
            headers["Vary"] = "Accept-Encoding"
            if "gzip" in self.headers.get("Accept-Encoding", ""):
                data = gzip.compress(data, compresslevel=6, mtime=0)
                headers["Content-Encoding"] = "gzip"
            if kind.startswith("text/"):
                kind += "; charset=utf-8"
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        if body:
            self.wfile.write(data)


def lighthouse(url: str, out: Path) -> dict:
    """One Lighthouse run of `url` (mobile, the four categories); its JSON report."""
    flags = "--headless=new" + (" --no-sandbox" if os.geteuid() == 0 else "")
    subprocess.run(["node", str(LIGHTHOUSE), url, "--quiet",
                    "--output=json", f"--output-path={out}", f"--chrome-flags={flags}",
                    "--only-categories=" + ",".join(c for c, _ in CATEGORIES)],
                   env={**os.environ, "CHROME_PATH": CHROME}, check=True)
    return json.loads(out.read_text(encoding="utf-8"))


def scores(report: dict) -> dict[str, int | None]:
    """Category id → score out of 100 (None when Lighthouse could not score it)."""
    return {c: None if (s := report["categories"][c]["score"]) is None else round(s * 100)
            for c, _ in CATEGORIES}


def offenders(audit: dict) -> list[str]:
    """Up to three offending elements or URLs from an audit's details, for the diagnosis."""
    found = []
    for item in (audit.get("details") or {}).get("items", [])[:3]:
        node = item.get("node") or {}
        where = node.get("selector") or item.get("url") or item.get("source", {}).get("url")
        if where:
            found.append(str(where)[:120])
    return found


def report_failures(report: dict) -> None:
    """The metrics, then every scored audit below a pass, category by category."""
    audits = report["audits"]
    print("  metrics:")
    for ref in report["categories"]["performance"]["auditRefs"]:
        if ref.get("group") == "metrics":
            a = audits[ref["id"]]
            print(f"    {a['id']:<28} {a.get('displayValue', ''):>10}  score {a['score']}")
    for category, _ in CATEGORIES:
        failing = []
        for ref in report["categories"][category]["auditRefs"]:
            a = audits[ref["id"]]
            if ref.get("group") == "metrics" or a["scoreDisplayMode"] in UNSCORED:
                continue
            if a["scoreDisplayMode"] == "error" or (a["score"] is not None and a["score"] < 1):
                failing.append((ref, a))
        print(f"  {category}: {len(failing)} audit(s) not passed")
        for ref, a in failing:
            figure = a.get("displayValue") or a.get("errorMessage") or ""
            print(f"    {a['id']} (weight {ref['weight']:g}, score {a['score']}): {a['title']}"
                  + (f" — {figure}" if figure else ""))
            for where in offenders(a):
                print(f"      {where}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="an already built site (default: build one)")
    parser.add_argument("--locale", action="append", help="repeatable (default: en and fa)")
    parser.add_argument("--page", default="albastini/practice.html", help="the drill page")
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per locale")
    parser.add_argument("--save", help="keep Lighthouse's JSON reports in this folder")
    args = parser.parse_args()
    if not LIGHTHOUSE.is_file():
        raise SystemExit(f"{LIGHTHOUSE} is missing: run `make browser-tools`")

    keep: list = []
    site = built_site(args.site, keep)
    locales = args.locale or ["en", "fa"]
    print(f"site: {site}, page: {args.page}, mobile profile, {args.runs} run(s) per locale")
    print(f"{'locale':<7} {'run':>3} " + " ".join(f"{c:>14}" for c, _ in CATEGORIES)
          + f" {'CPU index':>9}")
    with serve(site, StaticHost) as base, tempfile.TemporaryDirectory(prefix="bench-lighthouse-") as tmp:
        reports = Path(args.save or tmp)
        reports.mkdir(parents=True, exist_ok=True)
        for locale in locales:
            runs = []
            for n in range(args.runs):
                report = lighthouse(f"{base}{locale}/{args.page}", reports / f"{locale}-{n + 1}.json")
                runs.append((scores(report), report))
                print(f"{locale:<7} {n + 1:>3} "
                      + " ".join(f"{str(runs[-1][0][c]):>14}" for c, _ in CATEGORIES)
                      + f" {report['environment']['benchmarkIndex']:>9.0f}", flush=True)
            ordered = sorted(runs, key=lambda r: r[0]["performance"] or 0)
            median_scores, median_report = ordered[(len(ordered) - 1) // 2]
            for warning in median_report.get("runWarnings", []):
                print(f"  warning: {warning}")
            print(f"{locale}: median run by performance, audits not passed:")
            report_failures(median_report)
            print(f"{locale}, median run: " + ", ".join(
                f"{c} {median_scores[c]} (target {'≥ ' if t < 100 else ''}{t})" for c, t in CATEGORIES))
            print()
    print("targets: performance ≥ 95, accessibility 100, best practices 100, SEO 100"
          " (Lighthouse's mobile profile, simulated throttling)")
    print("CPU index: Lighthouse's benchmarkIndex of this machine during the run; performance"
          " falls with it, so compare runs on a quiet machine")


if __name__ == "__main__":
    main()
