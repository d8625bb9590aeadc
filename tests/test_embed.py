"""Data for a page's scripts (render/embed.py): whatever a catalog or a project holds, the JSON
in a page's <script> element reads back the same and cannot end the script or open a comment
that swallows the page (issue 29)."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from tutorial_engine.render.embed import script_json

HOSTILE = ["<!--<script>Votre main", "</script><script>alert(1)</script>", "a & b > c", "<![CDATA[x]]>",
           "line\u2028separator\u2029paragraph", "</SCRIPT >", "-->", "\\u003c"]


class Reader(HTMLParser):
    """What a browser's parser makes of the page: each script's text, and the tags after it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.scripts: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        if self.lasttag == "script":
            self.scripts.append(data)


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_reads_back_the_same_and_leaves_the_page_whole(text):
    data = {"messages": {"hand": text}, "list": [text, 3], text: True}
    payload = script_json(data)
    assert not any(character in payload for character in "<>&\u2028\u2029")
    assert json.loads(payload) == data
    page = Reader()
    page.feed(f'<script type="application/json" id="data">{payload}</script><p>after</p>')
    page.close()
    assert page.scripts == [payload] and page.tags == ["script", "p"]


def test_the_same_data_gives_the_same_bytes():
    assert script_json({"b": 1, "a": [1, 2]}) == '{"a":[1,2],"b":1}'
