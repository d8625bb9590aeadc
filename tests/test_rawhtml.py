"""rawhtml reads a page's raw HTML as Python-Markdown's extractor does: the same text and the
same blocks kept aside, in the same order, on every page of a build and on random markup; what
it does not read goes to the extractor, with nothing kept aside (issue 28: the build's time)."""

from __future__ import annotations

import os
from pathlib import Path

import markdown
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown.preprocessors import HtmlBlockPreprocessor

from tutorial_engine.build import rawhtml
from tutorial_engine.build.rawhtml import QuickRawHtml, extracted

ROOT = Path(__file__).resolve().parent.parent


def markdowns_reading(read, text: str):
    """What `read(md, lines)` returns for `text`, with the blocks it kept aside."""
    md = markdown.Markdown()
    lines = read(md, text.split("\n"))
    return lines, list(md.htmlStash.rawHtmlBlocks)


def extractor(md, lines):
    return HtmlBlockPreprocessor(md).run(lines)


def quick(md, lines):
    result = extracted(md, lines)
    assert result is not None, "quickhtml should read this"
    return result


PAGE = ('# Who takes the trick\n\nAnna leads <span class="tc-code">A♥</span> &amp; Boris plays 3♠.\n\n'
        '<figure class="tc-diagram" id="basics">\n<ol class="tc-plays">\n<li>A</li>\n</ol>\n</figure>\n\n'
        '<!-- tc-slot 1 -->\n\n<p class="x">Tail</p> after it\nand more\n\n  <div>indented</div>\n\n'
        '<hr>\n\nText &#91;1&#93; and <em>inline <!-- note --> text</em>.\n\n<script src="a.js"></script>\n\n'
        'A <script>var a = 1;</script> inline.\n\n<br/>\n<details>\n<summary>S</summary>')


def test_a_page_reads_as_the_extractor_reads_it():
    lines, blocks = markdowns_reading(quick, PAGE)
    assert (lines, blocks) == markdowns_reading(extractor, PAGE)
    assert blocks[0].startswith('<figure class="tc-diagram" id="basics">') and "<!-- tc-slot 1 -->\n" in blocks
    assert blocks[-1] == "<details>\n<summary>S</summary>"  # left open: kept whole at the end
    assert "Anna leads <span class=\"tc-code\">A♥</span> &amp; Boris plays 3♠." in lines


@pytest.mark.parametrize("text", [
    "<!DOCTYPE html>\n<p>x</p>",             # a declaration
    '<a href=page.html id="x">y</a>',        # an unquoted value
    "<p>3 < 4</p>",                          # a stray "<"
    "Fish & chips",                          # a stray "&"
    "&#91 no semicolon",                     # a reference without its ";"
    "<!-- a -- b -->\n\n<p>T</p>",           # "--" inside a comment
    "<p>x</ p>",                             # an end tag HTMLParser reads as text
    "<script>if (a && b) {}</script>",     # a script holding "&": its text is HTMLParser's
    "<?php echo 1 ?>",                       # a processing instruction
])
def test_what_quickhtml_does_not_read_goes_to_the_extractor_with_nothing_kept(text):
    md = markdown.Markdown()
    assert extracted(md, text.split("\n")) is None
    assert md.htmlStash.rawHtmlBlocks == []
    md = markdown.Markdown(extensions=[QuickRawHtml()])
    assert md.convert(text) == markdown.Markdown().convert(text)


def test_the_extension_reads_every_page_it_is_given():
    md = markdown.Markdown(extensions=[QuickRawHtml()])
    assert md.convert(PAGE) == markdown.Markdown().convert(PAGE)
    read = []
    original = rawhtml.extracted

    def watched(md, lines):
        read.append(lines)
        return original(md, lines)

    rawhtml.extracted = watched
    try:
        markdown.Markdown(extensions=[QuickRawHtml()]).convert(PAGE)
    finally:
        rawhtml.extracted = original
    assert ["\n".join(lines).rstrip("\n") for lines in read] == [PAGE]  # as Markdown normalised it


def test_md_in_html_keeps_its_own_reader():
    md = markdown.Markdown(extensions=["md_in_html", QuickRawHtml()])
    text = '<div markdown="1">\n*em*\n</div>'
    assert md.convert(text) == markdown.Markdown(extensions=["md_in_html"]).convert(text)


TAGS = st.sampled_from(["p", "div", "span", "figure", "em", "li", "ol", "details", "hr", "br", "a", "table", "td"])
ATTRS = st.lists(st.sampled_from(['id="s1"', 'class="tc-card"', "title='a &lt; b'", "hidden", 'data-x="`q`"']),
                 max_size=2)
TEXT = st.text(alphabet=" \n\tab*#-", max_size=8)


@st.composite
def page(draw) -> str:
    """Random Markdown with raw HTML of the kinds a page holds: blocks at the start of a line or
    after text, inline tags, comments and references, blank lines or none, unclosed and
    mismatched tags now and then."""
    parts = []
    for _ in range(draw(st.integers(0, 30))):
        kind = draw(st.integers(0, 11))
        tag = draw(TAGS)
        if kind < 4:
            attrs = draw(ATTRS)
            slash = "/" if draw(st.integers(0, 9)) == 0 else ""
            parts.append(f"<{tag}{''.join(' ' + a for a in attrs)}{slash}>")
        elif kind < 6:
            parts.append(f"</{tag}>")
        elif kind == 6:
            parts.append(draw(st.sampled_from(["<!-- c -->", "<!--\n\nc-->", "&amp;", "&#91;", "&#x5B;",
                                               '<script src="a.js"></script>', "<script>var a = 1;\n</script>",
                                               "<style>p {}</style>"])))
        elif kind < 9:
            parts.append(draw(st.sampled_from(["\n", "\n\n", "\n   ", "\n\n    "])))
        else:
            parts.append(draw(TEXT))
    return "".join(parts)


@settings(max_examples=1500, deadline=None)
@given(page())
def test_random_markup_reads_as_the_extractor_reads_it(text):
    assert markdowns_reading(quick, text) == markdowns_reading(extractor, text)


@pytest.mark.slow
def test_every_page_of_a_build_reads_as_the_extractor_reads_it(monkeypatch, tmp_path):
    """A whole build in this process, every locale: each page's Markdown read by rawhtml (never
    by the extractor), and the same text and blocks as the extractor's."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    pages = []
    read = rawhtml.extracted

    def seen(md, lines):
        result = read(md, lines)
        assert result is not None, "a page quickhtml did not read"
        pages.append(lines)
        return result

    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # every locale in this process, none forked
    monkeypatch.setattr(rawhtml, "extracted", seen)
    monkeypatch.setenv("TUTORIAL_ENGINE_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(ROOT)
    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(tmp_path / "site"), strict=True)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()
    assert len(pages) == len(list((tmp_path / "site").glob("*/**/*.html"))) - 6  # no 404s
    for lines in pages:
        text = "\n".join(lines)
        assert markdowns_reading(quick, text) == markdowns_reading(extractor, text)
