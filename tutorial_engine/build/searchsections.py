"""A page's search sections as Material's search plugin finds them, in less than half the time.

Material's search splits every page's HTML at each heading with an id and keeps its text, with
handlers of an HTMLParser that search lists and sets of elements at every tag: a sixth of a
build's processor time once the plugin's own pages are kept. Here the same handlers read the
page through quickhtml.events and keep, in counts by tag, what Material keeps in those lists.
The sections are Material's own objects (`Section`, `Element`), made as its parser makes them,
quirks included (an element excluded from search is matched by its tag name alone), so the
index is the same byte for byte; a page quickhtml does not read goes to Material's parser.
"""

from __future__ import annotations

from collections import defaultdict
from html import escape

from material.plugins.search.plugin import Element, Parser, SearchIndex, Section, void

from .quickhtml import DATA, START_TAG, Unusual, events

HEADINGS = frozenset(f"h{x}" for x in range(1, 7))
KEPT = frozenset(("p", "code", "pre", "li", "ol", "ul", "sub", "sup"))
"""The tags Material keeps in a section's text."""
ALWAYS_SKIPPED = ("object", "script", "style")


def sections(html: str) -> list[Section]:
    """The sections Material's `Parser` makes of `html`, with their titles and texts."""
    try:
        return _Sections().read(html)
    except Unusual:
        parser = Parser()
        parser.feed(html)
        parser.close()
        return parser.data


def quicken(index: SearchIndex) -> None:
    """Make `index` find its pages' sections with `sections`; the rest of its work is its own."""

    def add_entry_from_context(page) -> None:  # Material's, with `sections` for its Parser
        search = page.meta.get("search") or {}
        if search.get("exclude"):
            return
        for section in sections(page.content):
            if not section.is_excluded():
                index.create_entry_for_section(section, page.toc, page.url, page)

    index.add_entry_from_context = add_entry_from_context


class _Sections:
    """Material's Parser's handlers, with its context kept as a stack of elements and a count
    of each tag in it: `tag in context` and `skip ∩ context` are then a look-up each."""

    def __init__(self) -> None:
        self.context: list[Element] = []
        self.open: defaultdict[str, int] = defaultdict(int)
        """How many elements of each tag the context holds."""
        self.skip: set[str] = set(ALWAYS_SKIPPED)
        """Material's skip set, which matches elements by their tag alone."""
        self.skipped = 0
        """How many elements of the context have a tag in `skip`: text is skipped while any does."""
        self.permalinks = 0
        """Permalink anchors (`a.headerlink`) in the context: a title leaves out their text."""
        self.section: Section | None = None
        self.data: list[Section] = []

    def read(self, html: str) -> list[Section]:
        for event in events(html):
            if event[0] == DATA:
                self.data_(event[1])
            elif event[0] == START_TAG:
                self.start(event[1], dict(event[2]))
                if event[3]:
                    self.end(event[1])
            else:
                self.end(event[1])
        return self.data

    def start(self, tag: str, attrs: dict) -> None:
        if tag in void:
            return
        el = Element(tag, attrs)
        self.context.append(el)
        self.open[tag] += 1
        if tag in self.skip:
            self.skipped += 1
        if tag == "a" and attrs.get("class") == "headerlink":
            self.permalinks += 1
        if tag in HEADINGS and "id" in attrs:
            depth = len(self.context)
            if tag != "h1" and not self.data:
                self.section = Section(Element("hx"), depth)
                self.data.append(self.section)
            self.section = Section(el, depth)
            if self.data:
                self.section.id = attrs["id"]
            self.data.append(self.section)
        if self.section is None:
            self.section = Section(Element("hx"))
            self.data.append(self.section)
        for key, value in attrs.items():
            if key == "data-search-exclude" or (key == "class" and value == "linenodiv"):
                if tag not in self.skip:
                    self.skip.add(tag)
                    self.skipped += self.open[tag]
                return
        if tag in KEPT and not self.skipped:
            self._target().append(f"<{tag}>")

    def end(self, tag: str) -> None:
        if not self.context or self.context[-1].tag != tag:
            return
        assert self.section is not None  # a start tag made one
        if self.section.depth > len(self.context):
            for section in reversed(self.data):
                if section.depth <= len(self.context):
                    self.section.depth = float("inf")
                    self.section = section
                    break
        el = self.context.pop()
        self.open[tag] -= 1
        if tag == "a" and el.attrs.get("class") == "headerlink":
            self.permalinks -= 1
        if tag in self.skip:
            self.skipped -= 1
            if tag not in ALWAYS_SKIPPED:
                self.skip.discard(tag)
                self.skipped -= self.open[tag]
            return
        if tag in KEPT and not self.skipped:
            data = self._target()
            index = data.index(f"<{tag}>")
            if any(not text.isspace() for text in data[index + 1:]):
                data.append(f"</{tag}>")
            else:
                del data[index:]  # an element with no text but spaces is left out

    def data_(self, data: str) -> None:
        if self.skipped:
            return
        if not self.open["pre"]:
            data = " " if data.isspace() else data.replace("\n", " ")
        if self.section is None:
            self.section = Section(Element("hx"))
            self.data.append(self.section)
        section = self.section
        if self.open[section.el.tag]:
            if not self.permalinks:
                section.title.append(escape(data, quote=False))
        elif data.isspace():
            if not section.text or not section.text[-1].isspace() or self.open["pre"]:
                section.text.append(data)
        else:
            section.text.append(escape(data, quote=False))

    def _target(self) -> list[str]:
        assert self.section is not None  # a start tag made one
        return self.section.title if self.open[self.section.el.tag] else self.section.text
