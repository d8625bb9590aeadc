"""The browser tests' reused tabs (conftest.TabPool): a tab given back forgets what its test did
to it, so no test sees another's storage, palette, listeners, routes or screen, and refuses what
it could not forget (issue 28: a suite a contributor runs often)."""

from __future__ import annotations

import pytest
from conftest import TabPool
from test_drills_browser import PRACTICE
from test_site import site  # noqa: F401  (the site, built once for the run)

STORED = "() => [localStorage.getItem('left'), sessionStorage.getItem('left')]"


def test_a_tab_given_back_forgets_what_its_test_did(browser, server, site):
    pool = TabPool(browser)
    try:
        page = pool.take(viewport={"width": 320, "height": 600}, color_scheme="dark")
        heard: list[str] = []
        page.on("request", lambda request: heard.append(request.url))
        page.route("**/drills.js", lambda route: route.abort())
        for url in (f"{server}/en/{PRACTICE}", (site / "en" / "index.html").as_uri()):
            page.goto(url)
            page.evaluate("() => { localStorage.setItem('left', '1'); sessionStorage.setItem('left', '2') }")
        page.emulate_media(media="print")
        page.context.new_page()  # a tab the test opened and left open
        pool.give_back(page)

        again = pool.take()
        assert again is page and len(pool.context.pages) == 1
        heard.clear()
        failed: list[str] = []
        again.on("requestfailed", lambda request: failed.append(request.url))
        for url in (f"{server}/en/{PRACTICE}", (site / "en" / "index.html").as_uri()):
            again.goto(url)
            assert again.evaluate(STORED) == [None, None], url
            if url.startswith("http"):  # drills.js, which the route refused, came and set the drills up
                again.wait_for_selector(".tc-drill[data-drill-ready]", state="attached")
        assert heard == [] and [url for url in failed if "drills.js" in url] == []
        assert again.viewport_size == {"width": 1280, "height": 720}
        assert again.evaluate("[matchMedia('print').matches, matchMedia('(prefers-color-scheme: dark)').matches]") \
            == [False, False]
    finally:
        pool.context.close()


def test_a_tab_refuses_what_it_could_not_forget_and_a_closed_one_is_not_reused(browser):
    pool = TabPool(browser)
    try:
        page = pool.take()
        with pytest.raises(AssertionError, match=r"page.add_init_script stays with a reused tab: "
                                                 r"open a context of the test's own"):
            page.add_init_script("window.kept = 1")
        with pytest.raises(AssertionError, match=r"a reused tab cannot take \['locale'\]"):
            pool.take(locale="de-DE")
        page.close()
        pool.give_back(page)
        assert pool.take() is not page
    finally:
        pool.context.close()
