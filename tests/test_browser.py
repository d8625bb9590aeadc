"""The built site in a real headless Chromium, opened from disk as from a USB stick."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from urllib.parse import quote

import pytest
from test_site import site  # noqa: F401  (the site, built once for the run)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    if os.environ.get("CI") == "true":
        raise RuntimeError("Chromium is missing; .ci/run installs it (apt-get install chromium)")
    pytest.skip("Chromium is not installed", allow_module_level=True)


def dom(url: str, tmp_path, *flags: str) -> str:
    """The page's DOM after its scripts ran, with no network and a fresh profile."""
    result = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}",
         "--virtual-time-budget=15000", *flags, "--dump-dom", url],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.parametrize("code, word", [("en", "trump"), ("ru", "козырь"), ("fa", "حکم")])
def test_search_works_offline_from_disk(site, tmp_path, code, word):
    page = dom(f"{(site / code / 'index.html').as_uri()}?q={quote(word)}", tmp_path)
    assert 'class="md-search-result__item"' in page
    assert "albastini/two-players.html" in page


def test_the_chooser_opens_the_browsers_language(site, tmp_path):
    page = dom((site / "index.html").as_uri(), tmp_path, "--lang=fr", "--accept-lang=fr")
    assert '<html lang="fr"' in page


def test_persian_search_counts_in_persian_digits(site, tmp_path):
    """Material writes its counts with Western digits; tutorial.js gives a locale with digits
    of its own (Persian) those, in the count and in "# more on this page" alike (issue 16)."""
    page = dom(f"{(site / 'fa' / 'index.html').as_uri()}?q={quote('حکم')}", tmp_path)
    meta = re.search(r'<div class="md-search-result__meta">(.*?)</div>', page, re.S)[1]
    assert re.search(r"[۱-۹]", meta) and not re.search(r"[0-9]", meta), meta
    more = re.findall(r'<details class="md-search-result__more">\s*<summary[^>]*>(.*?)</summary>', page, re.S)
    assert all(not re.search(r"[0-9]", re.sub(r"<[^>]+>", "", summary)) for summary in more), more
