"""`locale add`'s one edit of mkdocs.yml: the new code appended to the tutorial plugin's
`locales`, every other byte as it was.

Text, not YAML: loading and dumping mkdocs.yml would drop its comments and reorder its keys, and
the file is the author's. The two ways YAML writes a list (`[en, ru]` and one `- code` a line)
are each matched within the plugin's own options.
"""

from __future__ import annotations

import re

from ..i18n.catalogs import LocaleError

MKDOCS = "mkdocs.yml"

_TUTORIAL_PLUGIN = re.compile(r"^(?P<indent>[ \t]*)-[ \t]+tutorial[ \t]*:[ \t]*(#.*)?$", re.M)
_FLOW_LOCALES = re.compile(r"^(?P<head>[ \t]+locales[ \t]*:[ \t]*\[)(?P<items>[^\]\n]*)\]", re.M)
_BLOCK_LOCALES = re.compile(r"^(?P<indent>[ \t]+)locales[ \t]*:[ \t]*(#.*)?\n"
                            r"(?P<items>(?:(?P=indent)[ \t]*-[ \t]*[^\n]*\n)+)", re.M)


def register_locale(mkdocs: str, code: str) -> str | None:
    """mkdocs.yml with `code` appended to the tutorial plugin's `locales`, the rest untouched;
    None when it is listed already."""
    plugin = _TUTORIAL_PLUGIN.search(mkdocs)
    if plugin is None:
        raise LocaleError(f"{MKDOCS} has no `- tutorial:` plugin entry to add {code} to")
    # The plugin's options: the following lines indented deeper than its `- tutorial:`.
    start = plugin.end() + 1
    depth = len(plugin["indent"]) + 1
    end = start
    for line in mkdocs[start:].splitlines(keepends=True):
        if line.strip() and len(line) - len(line.lstrip()) <= depth:
            break
        end += len(line)
    options = mkdocs[start:end]
    flow = _FLOW_LOCALES.search(options)
    block = _BLOCK_LOCALES.search(options)
    if flow is not None:
        items = [item.strip().strip("'\"") for item in flow["items"].split(",") if item.strip()]
        if code in items:
            return None
        separator = ", " if items else ""
        edited = (options[:flow.end("items")].rstrip() + separator + code
                  + options[flow.end("items"):])
    elif block is not None:
        lines = block["items"].splitlines(keepends=True)
        if code in [line.split("-", 1)[1].split("#")[0].strip().strip("'\"") for line in lines]:
            return None
        dash = lines[-1][:lines[-1].index("-") + 1]
        edited = options[:block.end()] + f"{dash} {code}\n" + options[block.end():]
    else:
        raise LocaleError(f"{MKDOCS}: the tutorial plugin has no `locales:` list to add {code} to")
    return mkdocs[:start] + edited + mkdocs[end:]
