"""Page weight: what a drill page costs over a plain Material page of the same build.

Serves an already built site (`--site DIR`, else a fresh `mkdocs build` into a temporary folder)
with http.server on 127.0.0.1, loads each page in headless Chromium (playwright), scrolls to the
bottom and waits for the network to go idle, and records every request the page makes on its own
(the search index should not be one: it loads once search is opened; a request for it is
counted and reported). Each resource is counted raw and gzip-compressed at level 6 (http.server
does not compress, so the bytes are compressed here). Pages: the drill page (`--page`, default
albastini/practice.html), briscola/practice.html and credits.html (plain). Then each locale's
search index, as stored (UTF-8) and as MkDocs' search plugin writes it (non-ASCII escaped as
\\uXXXX), raw and gzip.

Targets: drill page ≤ 15 KB gzip more than a plain Material page; zero third-party requests.
Prints figures only and always exits 0.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, urlsplit

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = dict(executable_path="/usr/bin/chromium", args=["--no-sandbox"], headless=True)
TARGET_KB = 15.0
PLAIN = "credits.html"
INDEX = "search/search_index.json"


def built_site(site: str | None, keep: list) -> Path:
    """The given site folder, or a fresh build into a temporary folder (removed at exit)."""
    if site:
        return Path(site).resolve()
    tmp = tempfile.TemporaryDirectory(prefix="bench-site-")
    keep.append(tmp)
    print(f"building the site into {tmp.name} ...", flush=True)
    subprocess.run([str(ROOT / ".venv/bin/mkdocs"), "build", "-q", "-d", tmp.name], cwd=ROOT,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, check=True)
    return Path(tmp.name)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextmanager
def serve(site: Path, handler_class=None):
    """Serve `site` on 127.0.0.1 (a free port) in a thread, by `handler_class` (default: a plain
    static server that logs nothing); yields the base URL."""
    handler = functools.partial(handler_class or QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def local_file(site: Path, url: str) -> Path | None:
    path = site / unquote(urlsplit(url).path).lstrip("/")
    if path.is_dir():
        path = path / "index.html"
    return path if path.is_file() else None


def load(browser, site: Path, url: str) -> list[dict]:
    """Every request a page makes on its own: url, local?, raw and gzip bytes."""
    context = browser.new_context()
    page = context.new_page()
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(url, wait_until="networkidle")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(500)
    page.wait_for_load_state("networkidle")
    context.close()
    rows = []
    for u in urls:
        parts = urlsplit(u)
        local = parts.hostname == "127.0.0.1"
        body = b""
        if local and (path := local_file(site, u)):
            body = path.read_bytes()
        elif parts.scheme == "data":
            continue  # inline data: URLs cost nothing on the wire
        if local and not body:
            print(f"  not in the site folder (counted as 0 bytes): {u}", file=sys.stderr)
        rows.append({"url": u, "local": local, "raw": len(body),
                     "gzip": len(gzip.compress(body, compresslevel=6)) if body else 0})
    return rows


def kb(data: bytes) -> tuple[float, float]:
    return len(data) / 1024, len(gzip.compress(data, compresslevel=6)) / 1024


def search_indexes(site: Path) -> None:
    """Each locale's search index as stored, against the escaped form it would otherwise have."""
    print(f"\nsearch index per locale ({INDEX}, loaded once search is opened), KB:")
    print(f"{'locale':<8} {'escaped':>9} {'UTF-8':>9} {'gzip esc.':>10} {'gzip UTF-8':>11} {'saved gzip':>11}")
    for path in sorted(site.glob(f"*/{INDEX}")):
        stored = path.read_bytes()
        escaped = json.dumps(json.loads(stored), separators=(",", ":")).encode("ascii")
        (raw_before, gz_before), (raw, gz) = kb(escaped), kb(stored)
        print(f"{path.parts[-3]:<8} {raw_before:>9.1f} {raw:>9.1f} {gz_before:>10.1f} {gz:>11.1f}"
              f" {gz_before - gz:>11.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="an already built site (default: build one)")
    parser.add_argument("--locale", default="en")
    parser.add_argument("--page", default="albastini/practice.html", help="the drill page")
    args = parser.parse_args()

    keep: list = []
    site = built_site(args.site, keep)
    pages = [args.page] + [p for p in ("briscola/practice.html",) if p != args.page] + [PLAIN]
    with serve(site) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(**CHROMIUM)
        results = {p: load(browser, site, f"{base}{args.locale}/{p}") for p in pages}
        browser.close()

    print(f"site: {site}, locale: {args.locale}")
    print(f"{'page':<28} {'requests':>8} {'raw KB':>9} {'gzip KB':>9} {'3rd-party':>9}")
    totals = {}
    for p, rows in results.items():
        raw, gz = sum(r["raw"] for r in rows) / 1024, sum(r["gzip"] for r in rows) / 1024
        third = sum(not r["local"] for r in rows)
        totals[p] = gz
        print(f"{p:<28} {len(rows):>8} {raw:>9.1f} {gz:>9.1f} {third:>9}")
        for r in rows:
            if not r["local"]:
                print(f"  third-party: {r['url']}")

    print()
    for p in pages[:-1]:
        extra = totals[p] - totals[PLAIN]
        ok = extra <= TARGET_KB
        print(f"{p} minus {PLAIN}: {extra:+.1f} KB gzip (target ≤ {TARGET_KB:g} KB more)"
              f" — {'target met' if ok else 'target missed'}")
    third = sum(not r["local"] for rows in results.values() for r in rows)
    print(f"third-party requests: {third} (target 0) — {'target met' if third == 0 else 'target missed'}")

    print("(every request counts, repeats included)")
    early = sum(INDEX.removesuffix(".json") in r["url"] for rows in results.values() for r in rows)
    print(f"search index requests before search is opened: {early} (target 0)"
          f" — {'target met' if early == 0 else 'target missed'}")
    print(f"\nlargest resources of {args.page} (gzip KB):")
    for r in sorted(results[args.page], key=lambda r: -r["gzip"])[:5]:
        print(f"  {r['gzip'] / 1024:>7.1f}  {urlsplit(r['url']).path}")
    search_indexes(site)


if __name__ == "__main__":
    main()
