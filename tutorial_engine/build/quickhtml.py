"""The tags and texts of a generated page, read as `html.parser.HTMLParser` reads them, in a
third of its time.

MkDocs and Material each read every page with an HTMLParser: MkDocs its Markdown, for the ids
that links may point to, Material its HTML, for the search index. Over six locales that was a
tenth of a build's processor time. HTMLParser is written for any markup a browser accepts, with
a regular expression and a method call at every step; the pages this project generates use a
small part of HTML, which `events` reads with a few regular expressions and no call per tag.
What it does not read as certainly as HTMLParser (a declaration, an unquoted attribute value,
a stray "<", a comment or script that holds "--" or "<") raises `Unusual`, and the caller
hands the whole text to HTMLParser: the result is the same either way
(tests/test_quickhtml.py compares both on every page of the site and on random markup).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

START = re.compile(r"""<([a-zA-Z][-a-zA-Z0-9:_.]*)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*"""
                   r"""(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*)\s*(/?)>""")
END = re.compile(r"</([a-zA-Z][-a-zA-Z0-9:_.]*)\s*>")
COMMENT = re.compile(r"<!--(?:[^-]|-(?!-))*-->")
"""A comment without "--" inside, where Python versions agree on where it ends."""
ATTRIBUTE = re.compile(r"""([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*("[^"]*"|'[^']*'))?""")
RAW_TEXT = {tag: re.compile(rf"([^<]*)</{tag}>", re.IGNORECASE) for tag in ("script", "style")}
"""HTMLParser takes what these hold as text up to their end tag (its CDATA_CONTENT_ELEMENTS);
read here only where that text holds no "<"."""

DATA, START_TAG, END_TAG = 0, 1, 2


class Unusual(Exception):
    """Markup that `events` does not read: the caller reads it with HTMLParser instead."""


def events(html: str, unescape_data: bool = True) -> Iterator[tuple]:
    """HTMLParser's calls for `html`, as tuples: (DATA, text), (START_TAG, tag, attrs, closed)
    with the attributes as a list of (name, value) and `closed` for `<tag/>`, (END_TAG, tag). Texts come whole
    between two tags, with character references read when `unescape_data` (HTMLParser's
    convert_charrefs), as HTMLParser gives them once it has been fed the whole text and closed;
    a script's or a style's text is given as it is."""
    position, end = 0, len(html)
    while position < end:
        if html[position] != "<":
            after = html.find("<", position)
            if after < 0:
                after = end
            text = html[position:after]
            yield DATA, unescape(text) if unescape_data and "&" in text else text
            position = after
            continue
        if html.startswith("</", position):
            match = END.match(html, position)
            if match is None:
                raise Unusual
            yield END_TAG, match[1].lower()
        elif html.startswith("<!--", position):
            match = COMMENT.match(html, position)
            if match is None:
                raise Unusual
        else:
            match = START.match(html, position)
            if match is None:
                raise Unusual
            tag = match[1].lower()
            attrs = [(name.lower(), _value(value)) for name, value in ATTRIBUTE.findall(match[2])] if match[2] else []
            yield START_TAG, tag, attrs, bool(match[3])
            if tag in RAW_TEXT and not match[3]:
                raw = RAW_TEXT[tag].match(html, match.end())
                if raw is None:
                    raise Unusual
                if raw[1]:
                    yield DATA, raw[1]
                position = raw.end()
                yield END_TAG, tag
                continue
        position = match.end()


def _value(quoted: str) -> str | None:
    """An attribute's value as HTMLParser gives it: None without "=", else unquoted and with its
    character references read."""
    if not quoted:
        return None
    value = quoted[1:-1]
    return unescape(value) if value else value
