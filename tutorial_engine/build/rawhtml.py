"""Markdown's reading of the raw HTML in a page, as Python-Markdown's `HTMLExtractor` reads it,
in a fraction of its time.

Before it reads any Markdown, Python-Markdown hands a page's whole text to an HTMLParser
(`HtmlBlockPreprocessor`), which keeps each block of raw HTML aside (`htmlStash`) and leaves a
placeholder in its place. The plugin's pages are mostly raw HTML, the diagrams of worked
examples among it: this reading was an eighth of a build's processor time, the largest part of
turning the plugin's Markdown into HTML. `QuickRawHtml`, a Markdown extension of this plugin's
builds, reads the same text with quickhtml's expressions and the extractor's own rules, kept
here call for call: the same placeholders, blocks and text come out. What quickhtml does not read
as certainly as HTMLParser (a script with "<" or "&" in it, a declaration, a stray "<" or "&",
an unquoted attribute value) goes to the extractor whole, before anything is kept aside
(tests/test_rawhtml.py compares both on every page of the site and on random markup).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from markdown import Extension, Markdown
from markdown.htmlparser import inner_blank_line_re, void_tags
from markdown.preprocessors import HtmlBlockPreprocessor

from .quickhtml import COMMENT, END, START, Unusual

BLOCK_READER = "html_block"
"""The name Python-Markdown registers its reader of raw HTML blocks under."""
INTERESTING = re.compile(r"[<&]")
REFERENCE = re.compile(r"&(?:#(?:[0-9]+|[xX][0-9a-fA-F]+)|[a-zA-Z][-.a-zA-Z0-9]*);")
"""A character or entity reference as HTMLParser reads one whole: ended by ";"."""
RAW_TEXT_END = {tag: re.compile(rf"([^<]*)(</{tag}>)", re.IGNORECASE) for tag in ("script", "style")}
"""HTMLParser reads what these hold as text up to their end tag (CDATA_CONTENT_ELEMENTS)."""
BLANK_LINE = re.compile(r"(?:[ ]*\n){2}")
"""markdown.htmlparser's `blank_line_re` without its "^", which `match` at a position never
meets: the extractor matches it against a copy of the rest of the page at every block's end."""
EMPTY = frozenset(("hr",))
"""Block tags the extractor takes as empty, end tag or not (its `empty_tags`)."""

DATA, START_TAG, EMPTY_TAG, END_TAG, MARKUP = range(5)


def tokens(text: str) -> Iterator[tuple[int, int, str, str]]:
    """HTMLParser's calls for `text`, with the extractor's convert_charrefs off: (kind,
    position, the text as written, the tag) for a start tag, an empty one (`<br/>`, `<hr>`) and
    an end tag; (DATA, position, text, "") for the text between two, cut at each "<" and "&"
    as HTMLParser cuts it; (MARKUP, position, text, data) for a comment, with what it holds,
    and for a reference, with "". A script or a style is read only where what it holds has no
    "<" or "&". Raises Unusual for anything else."""
    position, end = 0, len(text)
    while position < end:
        found = INTERESTING.search(text, position)
        after = found.start() if found else end
        if after > position:
            yield DATA, position, text[position:after], ""
            position = after
            continue
        if text[position] == "&":
            match = REFERENCE.match(text, position)
            if match is None:
                raise Unusual
            yield MARKUP, position, match[0], ""
        elif text.startswith("</", position):
            match = END.match(text, position)
            if match is None:
                raise Unusual
            yield END_TAG, position, match[0], match[1].lower()
        elif text.startswith("<!--", position):
            match = COMMENT.match(text, position)
            if match is None or match[0].startswith(("<!-->", "<!--->")):
                raise Unusual
            yield MARKUP, position, match[0], match[0][4:-3]
        else:
            match = START.match(text, position)
            if match is None:
                raise Unusual
            tag = match[1].lower()
            if tag in RAW_TEXT_END:  # read as text up to its end tag, here only where that holds no "<" or "&"
                raw = RAW_TEXT_END[tag].match(text, match.end())
                if match[3] or raw is None or "&" in raw[1]:
                    raise Unusual
                yield START_TAG, position, match[0], tag
                if raw[1]:
                    yield DATA, match.end(), raw[1], ""
                yield END_TAG, raw.start(2), raw[2], tag
                position = raw.end()
                continue
            yield EMPTY_TAG if match[3] or tag in EMPTY else START_TAG, position, match[0], tag
        position = match.end()


class _Extractor:
    """HTMLExtractor's handlers, over `tokens` instead of HTMLParser's calls: its state, and
    its reading of where a line starts, from the positions the tokens carry."""

    def __init__(self, md: Markdown, text: str) -> None:
        self.md, self.text = md, text
        self.inraw = self.intail = False
        self.stack: list[str] = []
        self.inline_stack: list[str] = []
        self.cache: list[str] = []
        self.cleandoc: list[str] = []

    def read(self, read: list[tuple[int, int, str, str]]) -> list[str]:
        for kind, position, written, tag in read:
            if kind == DATA:
                self.data(written)
            elif kind == START_TAG:
                self.start(position, written, tag)
            elif kind == END_TAG:
                self.end(position, written, tag)
            elif kind == EMPTY_TAG:
                self.empty(position, written, self.md.is_block_level(tag))
            elif tag:  # a comment, with what it holds
                self.empty(position, written, bool(inner_blank_line_re.search(tag))
                           or not self.inline_close_follows(position + len(written)))
            else:  # a reference, never a block
                self.empty(position, written, False)
        if self.cache:
            self.cleandoc.append(self.md.htmlStash.store("".join(self.cache)))
        return "".join(self.cleandoc).split("\n")

    def at_line_start(self, position: int) -> bool:
        start = self.text.rfind("\n", 0, position) + 1
        return position - start <= 3 and self.text[start:position].strip() == ""

    def data(self, data: str) -> None:
        if self.intail and "\n" in data:
            self.intail = False
        if self.inraw:
            self.cache.append(data)
        else:
            if inner_blank_line_re.search(data):
                self.inline_stack = []
            self.cleandoc.append(data)

    def start(self, position: int, written: str, tag: str) -> None:
        if self.md.is_block_level(tag) and (self.intail or (not self.inraw and self.at_line_start(position))):
            self.inraw = True
            self.cleandoc.append("\n")
        if self.inraw:
            self.stack.append(tag)
            self.cache.append(written)
        else:
            self.cleandoc.append(written)
            if not self.md.is_block_level(tag) and tag not in void_tags:
                self.inline_stack.append(tag)

    def end(self, position: int, written: str, tag: str) -> None:
        if not self.inraw:
            self.cleandoc.append(written)
            if tag in self.inline_stack:
                while self.inline_stack and self.inline_stack.pop() != tag:
                    pass
            return
        self.cache.append(written)
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass
        if not self.stack:
            if BLANK_LINE.match(self.text, position + len(written)):
                self.cache.append("\n")
            else:
                self.intail = True
            self.inraw = False
            self.cleandoc.append(self.md.htmlStash.store("".join(self.cache)))
            self.cleandoc.append("\n\n")
            self.cache = []

    def empty(self, position: int, written: str, is_block: bool) -> None:
        if self.inraw or self.intail:
            self.cache.append(written)
        elif is_block and self.at_line_start(position):
            if BLANK_LINE.match(self.text, position + len(written)):
                written += "\n"
            else:
                self.intail = True
            last = self.cleandoc[-1] if self.cleandoc else ""
            if not last.endswith("\n\n") and last.endswith("\n"):
                self.cleandoc.append("\n")
            self.cleandoc.append(self.md.htmlStash.store(written))
            self.cleandoc.append("\n\n")
        else:
            self.cleandoc.append(written)

    def inline_close_follows(self, after: int) -> bool:
        """A raw inline tag still open is closed in the same paragraph after a comment."""
        if not self.inline_stack:
            return False
        blank = inner_blank_line_re.search(self.text, after)
        rest = self.text[after:blank.start() if blank else len(self.text)]
        return any(re.search(rf"</\s*{re.escape(tag)}\s*>", rest, re.I) for tag in self.inline_stack)


def extracted(md: Markdown, lines: list[str]) -> list[str] | None:
    """What HtmlBlockPreprocessor.run makes of `lines`, with the same blocks kept aside in the
    same order; None, with nothing kept aside, for text quickhtml does not read."""
    text = "\n".join(lines)
    try:
        read = list(tokens(text))
    except Unusual:
        return None
    return _Extractor(md, text).read(read)


class QuickRawHtml(Extension):
    """Reads each page's raw HTML with `extracted`, and with Python-Markdown's own extractor
    whatever that does not read."""

    def extendMarkdown(self, md: Markdown) -> None:
        if BLOCK_READER not in md.preprocessors:
            return
        reader = md.preprocessors[BLOCK_READER]
        if type(reader) is not HtmlBlockPreprocessor:  # another extension's (md_in_html): its own reading
            return
        whole = reader.run

        def run(lines: list[str]) -> list[str]:
            quick = extracted(md, lines)
            return whole(lines) if quick is None else quick

        reader.run = run
