"""Locales: a gettext catalog, the locale's digits and direction, passed explicitly everywhere.

The method names are gettext's own (gettext, ngettext, pgettext, npgettext), so plain
`pybabel extract` finds every message in the Python code without extra keywords.
Placeholders are `{name}` only, filled by `fill`: a translation can never reach an attribute or
a format spec the way str.format would let it.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache, wraps
from gettext import NullTranslations, c2py
from pathlib import Path

from babel import Locale as BabelLocale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

DOMAIN = "messages"
SOURCE_LOCALE = "en"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_DIGITS = {
    # Babel gives Latin digits for these locales; readers expect their own (DESIGN.md).
    "fa": str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"),
}


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; it is translated where it is used."""
    return message


def fill(template: str, values: dict) -> str:
    """Replace {name} with values[name]; anything else in braces stays as written."""
    return _PLACEHOLDER.sub(lambda m: str(values[m[1]]) if m[1] in values else m[0], template)


MAX_CATALOG_BYTES = 4 * 1024 * 1024
"""A catalog is refused unread past this size: the bundled ones are some 300 KB each."""


def oversized(path: Path) -> str | None:
    """Why the catalog at `path` is not read, if it is too big."""
    size = path.stat().st_size
    return f"file is {size:,} bytes; the limit is {MAX_CATALOG_BYTES:,}" if size > MAX_CATALOG_BYTES else None


def catalog_path(locales_dir: Path, code: str) -> Path:
    return locales_dir / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def is_current(message) -> bool:
    """Translated in every form and not fuzzy: the only translations a reader is shown."""
    strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return bool(message.id) and not message.fuzzy and all(strings)


class English(str):
    """What a Translator returns for a message it shows in English, for want of a current
    translation; a page marks it lang="en". Text made from it (joined, formatted) is plain str."""

    __slots__ = ()


@dataclass(frozen=True, eq=False)
class Translator:
    code: str = SOURCE_LOCALE
    catalog: NullTranslations = field(default_factory=NullTranslations)
    known: frozenset | None = None
    """(context, msgid) of every current translation; None keeps no account (the source
    locale, or a Translator made without a catalog just for its name, digits or direction)."""
    missing: set = field(default_factory=set, repr=False)
    """(context, msgid) of every message asked for so far and shown in English instead."""
    _recorders: list = field(default_factory=list, repr=False)

    @classmethod
    def load(cls, locales_dir: Path, code: str) -> Translator:
        """The locale's catalog, read from its .po file (see `of`)."""
        path = catalog_path(locales_dir, code)
        if code == SOURCE_LOCALE:
            return cls(code)
        if not path.exists():
            return cls(code, known=frozenset())
        if reason := oversized(path):
            raise ValueError(f"{path}: {reason}")
        with path.open("rb") as po:
            return cls.of(code, read_po(po, locale=code, domain=DOMAIN))

    @classmethod
    def of(cls, code: str, messages: Catalog) -> Translator:
        """The locale's translations from a catalog already read, with only current ones in
        it: a fuzzy (stale) or partly translated entry is shown in English, never half or out
        of date."""
        catalog = CurrentTranslations(messages)
        return cls(code, catalog, frozenset(catalog.texts))

    def gettext(self, message: str, **values) -> str:
        return self._mark(None, message, self._fill(self.catalog.gettext(message), values))

    def ngettext(self, singular: str, plural: str, n: int, **values) -> str:
        text = self._fill(self.catalog.ngettext(singular, plural, n), values | {"n": n})
        return self._mark(None, singular, text)

    def pgettext(self, context: str, message: str, **values) -> str:
        return self._mark(context, message, self._fill(self.catalog.pgettext(context, message), values))

    def npgettext(self, context: str, singular: str, plural: str, n: int, **values) -> str:
        text = self.catalog.npgettext(context, singular, plural, n)
        return self._mark(context, singular, self._fill(text, values | {"n": n}))

    def _fill(self, text: str, values: dict) -> str:
        """Most messages have no placeholder: a page asks for some ten thousand."""
        return fill(text, self._numbers(values)) if values else text

    def _mark(self, context: str | None, message: str, text: str) -> str:
        if self.known is None or (context, message) in self.known:
            return text
        self.shown_in_english(((context, message),))
        return English(text)

    def shown_in_english(self, keys) -> None:
        """Count (context, msgid) `keys` as shown in English now, also when what showed them was
        rendered earlier and kept (`cached`, DrillRenderer.questions)."""
        self.missing.update(keys)
        for recorder in self._recorders:
            recorder.update(keys)

    @contextmanager
    def recording(self):
        """`with tr.recording() as missed:` collects the messages shown in English meanwhile,
        e.g. while one page is rendered (`missing` keeps them all)."""
        missed: set = set()
        self._recorders.append(missed)
        try:
            yield missed
        finally:
            self._recorders[:] = [r for r in self._recorders if r is not missed]

    def number(self, value: int) -> str:
        """120 → "120", in Persian "۱۲۰"."""
        return _number(self.code, value)

    def digits(self, text: str) -> str:
        """Western digits inside `text` in the locale's own digits (for sums like 11 + 0 = 11)."""
        return text.translate(_DIGITS[self.code]) if self.code in _DIGITS else text

    def _numbers(self, values: dict) -> dict:
        return {key: self.number(v) if isinstance(v, int) and not isinstance(v, bool) else v
                for key, v in values.items()}

    @property
    def babel(self) -> BabelLocale:
        return BabelLocale.parse(self.code)

    @property
    def direction(self) -> str:
        return "rtl" if self.babel.character_order == "right-to-left" else "ltr"

    @property
    def name(self) -> str:
        """The language's own name for itself, as a language menu shows it."""
        name = self.babel.get_display_name(self.code)
        return name[:1].upper() + name[1:]


def cached(function):
    """functools.cache for a function whose last argument is a Translator. A result from the
    cache reports again the messages it showed in English, so that every page that shows it
    knows, not only the first."""
    results: dict = {}

    @wraps(function)
    def wrapper(*args):
        tr = args[-1]
        if args in results:
            result, missed = results[args]
            if missed:
                tr.shown_in_english(missed)
            return result
        with tr.recording() as missed:
            result = function(*args)
        results[args] = result, frozenset(missed)
        return result
    return wrapper


class CurrentTranslations(NullTranslations):
    """gettext's lookups over a catalog's current translations, taken straight from Babel's
    Catalog: compiling it to .mo in memory only to read it back cost a build more than reading
    the .po file itself."""

    def __init__(self, messages: Catalog) -> None:
        super().__init__()
        self.texts = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m.string
                      for m in messages if is_current(m)}
        self.plural = c2py(messages.plural_expr)

    def gettext(self, message: str) -> str:
        return self.pgettext(None, message)

    def pgettext(self, context: str | None, message: str) -> str:
        text = self.texts.get((context, message))
        return text if isinstance(text, str) else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._plural(None, singular, plural, n)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._plural(context, singular, plural, n)

    def _plural(self, context: str | None, singular: str, plural: str, n: int) -> str:
        forms = self.texts.get((context, singular))
        if not isinstance(forms, (tuple, list)):
            return singular if n == 1 else plural
        return forms[min(self.plural(n), len(forms) - 1)]


ENGLISH = Translator()


@lru_cache(maxsize=4096)
def _number(code: str, value: int) -> str:
    """Cached: Babel's formatting is slow, and pages and `judge` write the same small numbers
    over and over."""
    text = format_decimal(value, locale=code, group_separator=False)
    return text.translate(_DIGITS[code]) if code in _DIGITS else text
