"""Every kind of page works under a strict Content-Security-Policy (issue 29): scripts only from
the site itself or inline ones allowed by their hash, no eval, no inline event handler, no
plugin, no request to another host. The policy is the one a host would send; each page's inline
scripts are hashed as they are served, so what the test holds is that nothing else runs: no
`eval` or `new Function` (a catalog's plural rule is read by a parser), no `onclick=`, no
`javascript:` address, no script from elsewhere."""

from __future__ import annotations

import base64
import hashlib
import re
from urllib.parse import urljoin, urlparse

import pytest
from test_site import site  # noqa: F401  (the site, built once for the run)

PAGES = ["index.html", "{code}/index.html", "{code}/albastini/two-players.html", "{code}/albastini/practice.html",
         "{code}/albastini/practice.print.html", "{code}/altbaumer/walkthrough.html", "{code}/euchre/play.html",
         "{code}/briscola/play.html", "{code}/instructors.html", "{code}/translators.html", "{code}/credits.html",
         "{code}/no-such-page.html"]
"""The chooser and one page of each kind a locale has; the last is the locale's 404 page."""
INLINE = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>(.*?)</script>", re.S)
READY = {"practice": "[data-drill-ready]", "walkthrough": "[data-drill-ready]", "play": "#tc-play[data-play-ready]"}
"""What a page's script marks once it has set the page up: it ran, under the policy."""


def policy(html: str) -> str:
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(body.encode('utf-8')).digest()).decode()}'"
                      for body in dict.fromkeys(INLINE.findall(html)))
    return ("default-src 'self'; " f"script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self' blob:; "
            "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")


def strict(route) -> None:
    """The site as a host with the policy serves it, with the locale's own 404.html for a
    missing file, as hosts do."""
    response = route.fetch()
    body, headers = response.body(), dict(response.headers)
    if response.status == 404:
        locale = urlparse(route.request.url).path.split("/")[1]
        found = route.fetch(url=urljoin(route.request.url, f"/{locale}/404.html"))
        body, headers = found.body(), dict(found.headers)
    if "text/html" in headers.get("content-type", ""):
        headers["content-security-policy"] = policy(body.decode("utf-8"))
    route.fulfill(status=response.status, headers=headers, body=body)


@pytest.mark.parametrize("code", ["en", "fa"])
@pytest.mark.parametrize("path", PAGES)
def test_every_kind_of_page_works_under_a_strict_policy(server, tabs, code, path):
    page = tabs(viewport={"width": 375, "height": 800})
    violations: list[str] = []
    page.route(f"{server}/**", strict)
    page.on("console", lambda m: m.type == "error" and "Content Security Policy" in m.text
            and violations.append(m.text))
    page.on("pageerror", lambda e: violations.append(str(e)))
    url = f"{server}/{path.format(code=code)}"
    response = page.goto(url, wait_until="load")
    assert response is not None and "script-src 'self' 'sha256-" in response.headers["content-security-policy"]
    if "no-such-page" in path:
        assert response.status == 404 and page.locator("h1").count() == 1
    page.evaluate("""() => { window.__violations = [];
        document.addEventListener("securitypolicyviolation", e => window.__violations.push(
            e.violatedDirective + " " + e.blockedURI)); }""")
    kind = path.rsplit("/", 1)[-1].removesuffix(".html")
    if kind in READY:
        page.wait_for_selector(READY[kind], state="attached")
    if kind == "index" and path != "index.html":  # search: the index and its worker load under the policy
        page.locator('label.md-header__button[for="__search"]').click()
        page.keyboard.type("trump" if code == "en" else "حکم")
        page.keyboard.press("End")
        page.wait_for_selector(".md-search-result__item", timeout=15000)
    page.wait_for_timeout(200)
    violations += page.evaluate("window.__violations")
    assert violations == []
