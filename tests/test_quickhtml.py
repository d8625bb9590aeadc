"""quickhtml reads pages as HTMLParser does: the search sections Material's search finds and the ids
MkDocs collects for links to anchors come out the same, on every page of a build and on random
markup, and what quickhtml does not read goes to HTMLParser (issue 28: the build's time)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from material.plugins.search.plugin import Parser
from mkdocs.structure.pages import _HTMLHandler

from tutorial_engine.build import anchors, searchsections
from tutorial_engine.build.anchors import anchor_ids
from tutorial_engine.build.quickhtml import DATA, END_TAG, START_TAG, Unusual, events
from tutorial_engine.build.searchsections import _Sections, sections

ROOT = Path(__file__).resolve().parent.parent


def material(html: str) -> list[tuple]:
    parser = Parser()
    parser.feed(html)
    parser.close()
    return described(parser.data)


def described(found) -> list[tuple]:
    return [(s.el.tag, s.el.attrs, s.id, s.depth, "".join(s.title), "".join(s.text), s.is_excluded())
            for s in found]


def mkdocs_ids(text: str) -> set:
    handler = _HTMLHandler()
    handler.feed(text)
    handler.close()
    return handler.present_anchor_ids


def test_events_are_the_calls_htmlparser_makes():
    html = ('<h1 id="top">Tricks &amp; <em>trumps</em><br/></h1><!-- a marker -->\n<p class=\'x\' hidden>A&nbsp;'
            'B</p><script>if (a < b) {}</script><img src="a.png"/>')
    with pytest.raises(Unusual):  # a script holding "<": HTMLParser's business
        list(events(html))
    html = html.replace("a < b", "a")
    assert list(events(html)) == [
        (START_TAG, "h1", [("id", "top")], False), (DATA, "Tricks & "), (START_TAG, "em", [], False),
        (DATA, "trumps"), (END_TAG, "em"), (START_TAG, "br", [], True), (END_TAG, "h1"), (DATA, "\n"),
        (START_TAG, "p", [("class", "x"), ("hidden", None)], False), (DATA, "A\xa0B"), (END_TAG, "p"),
        (START_TAG, "script", [], False), (DATA, "if (a) {}"), (END_TAG, "script"),
        (START_TAG, "img", [("src", "a.png")], True)]


@pytest.mark.parametrize("html", [
    "<!DOCTYPE html><p>x</p>",            # a declaration
    '<a href=page.html id="x">y</a>',     # an unquoted value
    "<p>3 < 4</p>",                       # a stray "<"
    "<!-- a -- b --><h2 id='z'>T</h2>",   # "--" inside a comment, where Python versions differ
    "<p>x</ p>",                          # an end tag HTMLParser reads as text
    "<style>p { color: red }",            # a style never closed
])
def test_what_quickhtml_does_not_read_goes_to_htmlparser(html):
    with pytest.raises(Unusual):
        list(events(html))
    assert described(sections(html)) == material(html)
    assert anchor_ids(html) == mkdocs_ids(html)


TAGS = st.sampled_from(["p", "div", "span", "h1", "h2", "h3", "pre", "code", "li", "ul", "a", "em", "script",
                        "object", "sub"])
ATTRS = st.lists(st.sampled_from(['id="s1"', 'id="s2"', "id='q&amp;'", 'class="headerlink"', 'class="linenodiv"',
                                  "data-search-exclude", 'name="n"', 'title="a &lt; b"']), max_size=2)
TEXT = st.text(alphabet=" \n\tab&;<é-", max_size=6)


@st.composite
def markup(draw) -> str:
    """Random markup of the kinds a page holds, broken now and then (unclosed, mismatched)."""
    parts = []
    for _ in range(draw(st.integers(0, 25))):
        kind = draw(st.integers(0, 9))
        tag = draw(TAGS)
        if kind < 4:
            attrs = draw(ATTRS)
            slash = "/" if draw(st.integers(0, 9)) == 0 else ""
            parts.append(f"<{tag}{''.join(' ' + a for a in attrs)}{slash}>")
        elif kind < 7:
            parts.append(f"</{tag}>")
        elif kind == 7:
            parts.append(draw(st.sampled_from(["<br>", "<img src='x'/>", "<!-- c -->", "&amp;", "&para;", "&#955;"])))
        else:
            parts.append(draw(TEXT))
    return "".join(parts)


def outcome(read, html: str):
    """What `read` makes of `html`, or the exception it raises: Material's parser fails on some
    broken markup (a `</p>` whose `<p>` it left out), and the quick reading must fail alike."""
    try:
        return read(html)
    except Exception as error:  # compared, not hidden
        return type(error), str(error)


@settings(max_examples=800, deadline=None)
@given(markup())
def test_random_markup_gives_the_sections_and_ids_of_htmlparser(html):
    assert outcome(lambda h: described(sections(h)), html) == outcome(material, html)
    assert outcome(anchor_ids, html) == outcome(mkdocs_ids, html)


@pytest.mark.slow
def test_every_page_of_a_build_gives_material_s_sections_and_mkdocs_ids(monkeypatch, tmp_path):
    """A whole build in this process, every locale: each page's HTML read by quickhtml (never by
    HTMLParser) into Material's sections, and its Markdown into MkDocs' ids."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    pages, markdowns = [], []
    read_sections, read_ids = searchsections.sections, anchors.anchor_ids

    def sections_seen(html):
        pages.append(html)
        return read_sections(html)

    def ids_seen(text):
        markdowns.append(text)
        return read_ids(text)

    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # every locale in this process, none forked
    monkeypatch.setattr(searchsections, "sections", sections_seen)
    monkeypatch.setattr(anchors, "anchor_ids", ids_seen)
    monkeypatch.setenv("TUTORIAL_ENGINE_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(ROOT)
    # MkDocs' build itself, not its command line, which would take the "mkdocs" logger from
    # pytest for the tests after this one in the process
    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(tmp_path / "site"), strict=True)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()
    assert len(pages) == len(markdowns) == len(list((tmp_path / "site").glob("*/**/*.html"))) - 6  # no 404s
    for html in pages:
        assert described(_Sections().read(html)) == material(html)
    for text in markdowns:
        assert {value for event in events(text, unescape_data=False) if event[0] == START_TAG
                for name, value in event[2] if name == "id" or (name == "name" and event[1] == "a")} \
            == mkdocs_ids(text)
