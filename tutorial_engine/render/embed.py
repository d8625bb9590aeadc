"""Data for a page's scripts, written into the page as JSON inside a <script> element.

The HTML parser ends a script's text at the first "</script" and reads "<!--" in it as the
start of an escaped comment that swallows what follows, scripts included, whatever a JSON
string around them says: one translation holding "<!--<script>" once emptied every play page
of its locale. So every character that could start or end markup, "<", ">" and "&", is written
as a JSON escape, and so are U+2028 and U+2029, which older JavaScript would not read in a
string: the recipe of Django's json_script and Rails' json_escape. The data the script reads is
the same.
"""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

_ESCAPED = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def script_json(value: Any) -> Markup:
    """`value` as JSON that can stand in a <script> element of a page and change nothing
    around it: compact, keys sorted (a build is reproducible), markup's characters escaped."""
    return Markup(json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).translate(_ESCAPED))
