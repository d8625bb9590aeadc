"""Locales: a gettext catalog, the locale's digits and direction, passed explicitly everywhere.

The method names are gettext's own (gettext, ngettext, pgettext, npgettext), so plain
`pybabel extract` finds every message in the Python code without extra keywords.
Placeholders are `{name}` only, filled by `fill`: a translation can never reach an attribute or
a format spec the way str.format would let it.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from gettext import NullTranslations
from pathlib import Path

from babel import Locale as BabelLocale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

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


def catalog_path(locales_dir: Path, code: str) -> Path:
    return locales_dir / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass(frozen=True, eq=False)
class Translator:
    code: str = SOURCE_LOCALE
    catalog: NullTranslations = field(default_factory=NullTranslations)

    @classmethod
    def load(cls, locales_dir: Path, code: str) -> Translator:
        """The locale's catalog, fuzzy entries left out: a stale translation is never shown."""
        path = catalog_path(locales_dir, code)
        if code == SOURCE_LOCALE or not path.exists():
            return cls(code)
        with path.open("rb") as po:
            messages = read_po(po, locale=code, domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, messages, use_fuzzy=False)
        buffer.seek(0)
        return cls(code, Translations(buffer, domain=DOMAIN))

    def gettext(self, message: str, **values) -> str:
        return fill(self.catalog.gettext(message), self._numbers(values))

    def ngettext(self, singular: str, plural: str, n: int, **values) -> str:
        return fill(self.catalog.ngettext(singular, plural, n), self._numbers(values | {"n": n}))

    def pgettext(self, context: str, message: str, **values) -> str:
        return fill(self.catalog.pgettext(context, message), self._numbers(values))

    def npgettext(self, context: str, singular: str, plural: str, n: int, **values) -> str:
        text = self.catalog.npgettext(context, singular, plural, n)
        return fill(text, self._numbers(values | {"n": n}))

    def number(self, value: int) -> str:
        """120 → "120", in Persian "۱۲۰"."""
        text = format_decimal(value, locale=self.code, group_separator=False)
        return text.translate(_DIGITS[self.code]) if self.code in _DIGITS else text

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


ENGLISH = Translator()
