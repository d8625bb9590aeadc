"""The search of a built locale: its index stored as UTF-8 and loaded only when a reader opens
search, and only the Lunr language files it loads.

MkDocs' search plugin writes search/search_index.json with every non-ASCII character escaped
(`\\u043a`), which makes a Russian or Persian index two and a half times its UTF-8 size; the
offline plugin copies it into search/search_index.js (`var __index = …`), which Material loads
from file://, where a page cannot fetch JSON. Both are rewritten here as UTF-8.

Material's bundle (`setupSearchWorker`) waits for the search toggle before it loads the index
from file://, but over http loads it with every page. One token of the bundle turns that test
off, so the index loads on first use in both: a click or tap on the search box, focus, a
keyboard shortcut or a `?q=` link, all of which check Material's search toggle.

Material's search worker gets render/assets/search-letters.js after its own code, so that
Persian words match however their letters were typed (كارت, کارت; می‌گیرد, میگیرد): Arabic
letters, digits and marks, invisible characters and presentation forms are made the same in
the words Lunr indexes and in every query term, in every locale, while the results still show
the page's own text. That script says why it hooks Lunr where it does.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

import rjsmin
from mkdocs.plugins import get_plugin_logger

from ..render import FOLDER

INDEX = Path("search", "search_index.json")
SCRIPT = Path("search", "search_index.js")
SCRIPT_START = "var __index = "
"""How the offline plugin starts search_index.js."""
EAGER_INDEX = re.compile(r'(?P<of>[\w$]+\()(?:location\.protocol!=="file:"|!1)(?P<toggle>\),[\w$]+\("search"\)\))')
"""In Material's minified bundle, `merge(of(location.protocol !== "file:"), watchToggle("search"))`:
load the index at once over http, else when the search toggle is first checked. `!1` (false)
is the form this module leaves, matched too since `mkdocs serve` may keep a patched bundle."""
LUNR = "assets/javascripts/lunr/"
"""Where Material keeps Lunr's language support: some thirty files, a megabyte in all, of which
a locale's search loads one to three."""
WORKERS = Path("assets", "javascripts", "workers")
"""Where Material keeps its search worker (search.<hash>.min.js)."""
LUNR_ON_SELF = "self.lunr="
"""How Material's minified worker hands its Lunr to the language files it loads, and so to the
script appended after it."""
LETTERS = FOLDER / "assets" / "search-letters.js"
"""The script appended to the worker; it is linted and type-checked with the site's others."""
log = get_plugin_logger("tutorial")


def lunr_files(languages: Iterable[str]) -> set[str]:
    """The files under LUNR that Material's search worker loads for `languages` (its search
    plugin's `lang`), as its `setupSearchLanguages` chooses them: each language's own but
    English's, a segmenter for Japanese, Hindi and Thai, the multi-language glue for more than
    one, and the stemmer support with any of them."""
    languages = list(languages)
    needed = set()
    for language in languages:
        if language == "ja":
            needed.add("tinyseg.js")
        elif language in ("hi", "th"):
            needed.add("wordcut.js")
        if language != "en":
            needed.add(f"min/lunr.{language}.min.js")
    if len(languages) > 1:
        needed.add("min/lunr.multi.min.js")
    if needed:
        needed.add("min/lunr.stemmer.support.min.js")
    return needed


def unused_lunr(uris: Iterable[str], languages: Iterable[str]) -> list[str]:
    """Of the site's files `uris`, Lunr's language files that a search in `languages` never
    loads: copied into every locale, they were a sixth of a locale's files and a third of the
    files the theme copies, for no reader."""
    needed = {LUNR + name for name in lunr_files(languages)}
    return [uri for uri in uris if uri.startswith(LUNR) and uri not in needed]


def lighten(site: Path) -> None:
    """Rewrite the locale's index (JSON and script) as UTF-8, defer its loading to first use,
    and have its worker match words however their letters were typed."""
    _utf8(site)
    _load_on_first_use(site)
    _same_letters(site)


def _utf8(site: Path) -> None:
    path = site / INDEX
    if not path.is_file():
        return  # search is off
    text = json.dumps(json.loads(path.read_text(encoding="utf-8")), ensure_ascii=False, separators=(",", ":"))
    path.write_text(text, encoding="utf-8")
    script = site / SCRIPT
    if not script.is_file():
        return  # the offline plugin is off
    if not script.read_text(encoding="utf-8").startswith(SCRIPT_START):
        log.warning(f"{script} does not start with {SCRIPT_START!r} as the offline plugin wrote it: "
                    f"left as it is, escaped")
        return
    # JavaScript before ES2019 ended a string at U+2028 and U+2029, which JSON allows raw.
    script.write_text(SCRIPT_START + text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"),
                      encoding="utf-8")


def _load_on_first_use(site: Path) -> None:
    for bundle in (site / "assets" / "javascripts").glob("bundle.*.min.js"):
        text = bundle.read_text(encoding="utf-8")
        deferred, found = EAGER_INDEX.subn(r"\g<of>!1\g<toggle>", text)
        if found != 1:
            log.warning(f"{bundle.name}: Material's search no longer starts as tutorial_engine/build/searchindex.py "
                        f"expects ({found} matches), so the search index loads with every page over http")
        elif deferred != text:
            bundle.write_text(deferred, encoding="utf-8")


def _same_letters(site: Path) -> None:
    script = rjsmin.jsmin(LETTERS.read_text(encoding="utf-8"))
    for worker in (site / WORKERS).glob("search.*.min.js"):
        text = worker.read_text(encoding="utf-8")
        if text.endswith(script):
            continue  # `mkdocs serve` may keep a worker it patched
        if LUNR_ON_SELF not in text:
            log.warning(f"{worker.name}: Material's search worker no longer puts Lunr on `self` as "
                        f"tutorial_engine/build/searchindex.py expects, so search tells كارت and کارت apart")
            continue
        worker.write_text(f"{text}\n{script}", encoding="utf-8")
