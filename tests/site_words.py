"""What a careful reader of each locale would look for on the built site, as checks: the words a
page shows (its text and its labels for screen readers), the questions of every drill script,
each with the element it stands in. Used by tests/test_site_words.py."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

SKIPPED = {"script", "style", "head", "template", "svg"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
LABELS = ("aria-label", "placeholder", "title", "alt")
CARD_ELEMENTS = {"tc-code", "tc-card", "tc-suit"}
"""Card codes, card faces and a suit's sign: they show Western digits and symbols on purpose."""


@dataclass(frozen=True)
class Text:
    """A run of text as a reader meets it, with what the elements around it say of it."""
    text: str
    where: str
    """The page (and the drill script) it is on."""
    lang: str
    isolated: bool
    """Inside an element with its own direction (dir=…, <bdi>): it cannot reorder its neighbours."""
    classes: frozenset[str]
    """The classes of every element around it."""
    code: bool
    """Inside <code>, <pre> or <kbd>: file names and YAML samples, as written."""
    label: str | None = None
    """For a screen reader's label (aria-label…), the attribute's name; None for text."""

    @property
    def in_card(self) -> bool:
        return bool(self.classes & CARD_ELEMENTS)


@dataclass
class _Frame:
    tag: str
    lang: str
    isolated: bool
    classes: frozenset[str]
    code: bool


class Reader(HTMLParser):
    """Every text and label of a page, or of a fragment read in the context of `lang` and
    `isolated` (a drill script's questions are read as part of their page)."""

    def __init__(self, where: str, lang: str = "", isolated: bool = False):
        super().__init__(convert_charrefs=True)
        self.where = where
        self.stack = [_Frame("", lang, isolated, frozenset(), False)]
        self.skipping = 0
        self.found: list[Text] = []

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED:
            self.skipping += tag not in VOID
            return
        if self.skipping:
            return
        attrs = dict(attrs)
        top = self.stack[-1]
        frame = _Frame(tag, attrs.get("lang") or top.lang,
                       top.isolated or tag == "bdi" or attrs.get("dir") in ("ltr", "auto"),
                       top.classes | frozenset((attrs.get("class") or "").split()),
                       top.code or tag in ("code", "pre", "kbd"))
        for name in LABELS:
            if attrs.get(name):
                self.found.append(Text(attrs[name], self.where, frame.lang, frame.isolated, frame.classes,
                                       frame.code, name))
        if tag not in VOID:
            self.stack.append(frame)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and not self.skipping and self.stack[-1].tag == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in SKIPPED:
            self.skipping = max(0, self.skipping - 1)
            return
        if self.skipping or tag in VOID:
            return
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                break

    def handle_data(self, data):
        if self.skipping or not data.strip():
            return
        top = self.stack[-1]
        self.found.append(Text(data, self.where, top.lang, top.isolated, top.classes, top.code))


MORE = re.compile(r"tcDrillMore\((\".*?\"),(\".*\")\);", re.S)


def texts(site: Path, code: str) -> list[Text]:
    """Every text and label of every page of locale `code`, the drills' further questions
    (from their scripts) read as part of the pages that load them."""
    found: list[Text] = []
    root = site / code
    for page in sorted(root.rglob("*.html")):
        where = str(page.relative_to(site))
        html = page.read_text(encoding="utf-8")
        lang = re.search(r'<html[^>]*\blang="([^"]+)"', html)[1]
        reader = Reader(where)
        reader.feed(html)
        found += reader.found
        for script in sorted((page.parent / "drills").glob("*.js")) if page.name.endswith("practice.html") else ():
            match = MORE.search(script.read_text(encoding="utf-8"))
            assert match, script
            fragment = Reader(str(script.relative_to(site)), lang)
            fragment.feed(json.loads(match[2]))
            found += fragment.found
    return found


@dataclass
class Findings:
    """Problems by kind, each with a few examples, for an assertion message a person can act on."""
    items: dict[str, list[str]] = field(default_factory=dict)

    def add(self, kind: str, text: Text, detail: str = "") -> None:
        examples = self.items.setdefault(kind, [])
        if len(examples) < 8:
            shown = f"{text.where}: {text.text.strip()[:120]!r}" + (f" ({detail})" if detail else "")
            examples.append(shown)

    def __str__(self) -> str:
        return "\n".join(f"{kind}:\n  " + "\n  ".join(examples) for kind, examples in self.items.items())
