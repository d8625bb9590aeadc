"""The ids in a page's Markdown, for MkDocs' check of links to anchors, read with quickhtml.

MkDocs feeds every page's whole Markdown to an HTMLParser to collect the `id` of each tag (and
the `name` of each `a`) that links may point to (`_RawHTMLPreprocessor`): with the diagrams in
it, the largest single cost of turning the plugin's Markdown into HTML after Markdown's own raw
HTML reading. `QuickAnchors`, a Markdown extension of this plugin's builds, has MkDocs' reader
collect them through quickhtml.events instead, and through its own HTMLParser whatever
quickhtml does not read: the same ids either way.
"""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from mkdocs.structure.pages import _HTMLHandler

from .quickhtml import START_TAG, Unusual, events

MKDOCS_READER = "mkdocs_raw_html"
"""The name MkDocs registers its reader of ids under in each page's Markdown."""


def anchor_ids(text: str) -> set[str]:
    """What MkDocs' `_HTMLHandler` collects from `text`: every `id`, and the `name` of an `a`."""
    try:
        return {value for event in events(text, unescape_data=False) if event[0] == START_TAG
                for name, value in event[2] if name == "id" or (name == "name" and event[1] == "a")}
    except Unusual:
        handler = _HTMLHandler()
        handler.feed(text)
        handler.close()
        return handler.present_anchor_ids


class QuickAnchors(Extension):
    """MkDocs registers its reader of ids in each page's Markdown after the extensions: this one
    watches the registry for it and gives it `anchor_ids` to read with."""

    def extendMarkdown(self, md: Markdown) -> None:
        register = md.preprocessors.register

        def registered(item, name: str, priority: float) -> None:
            if name == MKDOCS_READER and isinstance(item, Preprocessor) and hasattr(item, "present_anchor_ids"):
                def run(lines: list[str]) -> list[str]:
                    item.present_anchor_ids = anchor_ids("\n".join(lines))
                    return lines
                item.run = run
            register(item, name, priority)

        md.preprocessors.register = registered
