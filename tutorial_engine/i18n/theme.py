"""Material's own words (skip link, search, table of contents, clipboard, the 404 page), taken
from this project's catalogs, so that every locale has them, one Material does not know too.

Material's templates ask its language partial for each word by a key ("action.skip"); the
plugin hands them these words first (overrides/partials/language.html), then Material's own
translation for the locale, then English. Only the keys a page of this site can show are here.
"""

from __future__ import annotations

from .translator import English, Translator


def theme_words(tr: Translator) -> dict[str, str]:
    """Material's key → the word in this locale, by the catalog (English where it has none)."""
    return {
        "action.skip": tr.pgettext("theme", "Skip to content"),
        "clipboard.copy": tr.pgettext("theme", "Copy to clipboard"),
        "clipboard.copied": tr.pgettext("theme", "Copied to clipboard"),
        "footer": tr.pgettext("theme", "Footer"),
        "footer.next": tr.pgettext("theme", "Next"),
        "footer.previous": tr.pgettext("theme", "Previous"),
        "header": tr.pgettext("theme", "Header"),
        "nav": tr.pgettext("theme", "Navigation"),
        "search": tr.pgettext("theme", "Search"),
        "search.placeholder": tr.pgettext("theme", "Search"),
        "search.reset": tr.pgettext("theme", "Clear"),
        "search.share": tr.pgettext("theme", "Share"),
        "search.result.initializer": tr.pgettext("theme", "Initializing search"),
        "search.result.placeholder": tr.pgettext("theme", "Type to start searching"),
        "search.result.none": tr.pgettext("theme", "No matching documents"),
        # TRANSLATORS: The search's count when one page matches.
        "search.result.one": tr.pgettext("theme", "1 matching document"),
        # TRANSLATORS: The search's count for any other number (#).
        # This one text serves 2, 5, 21…: word it so that it fits
        # them all, as in "Найдено страниц: #".
        "search.result.other": tr.pgettext("theme", "# matching documents"),
        # TRANSLATORS: One more match on the same page.
        "search.result.more.one": tr.pgettext("theme", "1 more on this page"),
        # TRANSLATORS: More matches on the same page (#): one text
        # for every number, as above.
        "search.result.more.other": tr.pgettext("theme", "# more on this page"),
        "search.result.term.missing": tr.pgettext("theme", "Missing"),
        "select.language": tr.pgettext("theme", "Select language"),
        "select.version": tr.pgettext("theme", "Select version"),
        "tabs": tr.pgettext("theme", "Tabs"),
        "toc": tr.pgettext("theme", "Table of contents"),
        "top": tr.pgettext("theme", "Back to top"),
    }


def translated_theme_words(tr: Translator) -> dict[str, str]:
    """The words the catalog translates: Material falls back to its own for the others."""
    return {key: word for key, word in theme_words(tr).items() if not isinstance(word, English)}


def not_found_heading(tr: Translator) -> str:
    """The 404 page's heading, which Material writes in English in every language."""
    # TRANSLATORS: The heading of the page shown for an address
    # that does not exist; {code} is 404.
    return tr.pgettext("theme", "{code}: page not found", code=404)
