"""Locales: a gettext catalog, the locale's digits, signs and direction, passed explicitly
everywhere.

The method names are gettext's own (gettext, ngettext, pgettext, npgettext), so plain
`pybabel extract` finds every message in the Python code without extra keywords.
Placeholders are `{name}` only, filled by `grammar.fill`: a translation can never reach an
attribute or a format spec the way str.format would let it. Values are written the locale's
way where they are filled in: numbers in its digits, changes of score with its signs, lists
of cards or players with its CLDR list pattern, names and suits in the form the translation
asks for (grammar.py); on right-to-left pages a sum or a signed number is isolated.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache, wraps
from gettext import NullTranslations, c2py
from pathlib import Path

from babel import Locale as BabelLocale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

from ..engine.cards import Card
from . import grammar
from .grammar import Team, Term

DOMAIN = "messages"
SOURCE_LOCALE = "en"
_DIGITS = {
    # Babel gives Latin digits for these locales, whatever numbering system it is asked for;
    # readers expect their own.
    "fa": str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"),
}
ISOLATE, END_ISOLATE = "\u2066", "\u2069"
"""LRI and PDI around a left-to-right run in right-to-left text; cardnames.inline writes them
as <span dir="ltr"> in a page, and they stay as they are in plain text such as a title."""


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; it is translated where it is used."""
    return message


@dataclass(frozen=True)
class Signed:
    """A change of score, written with its sign: +2, −1, 0."""
    value: int


@dataclass(frozen=True)
class LeftToRight:
    """Text that reads left to right on any page, such as a sum "11 + 0 = 11"."""
    text: str


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
    _shown: list = field(default_factory=list, repr=False)
    """What was shown in English while something records (`recording`, `cached`), in order:
    each recorder reads it from where it started. A list and a count rather than a set per
    recorder: `cached` records around every result it makes, some ten thousand a locale."""
    _recording: list = field(default_factory=lambda: [0], repr=False)
    """How many recorders are open; with none, nothing is logged and the log is emptied."""
    memo: dict = field(default_factory=dict, repr=False)
    """What `cached` functions made for this locale; it lives and dies with the Translator."""

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
    def of(cls, code: str, catalog: Catalog) -> Translator:
        """The locale's translations from a catalog already read (see `current`)."""
        return cls.current(code, CurrentMessages.of(catalog))

    @classmethod
    def current(cls, code: str, messages: CurrentMessages) -> Translator:
        """The locale's current translations only: a fuzzy (stale) or partly translated entry
        is shown in English, never half or out of date."""
        return cls(code, CurrentTranslations(messages), frozenset(messages.texts))

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

    def plural_forms(self, context: str | None, singular: str, plural: str) -> tuple[str, ...]:
        """Every plural form of a message, unfilled, for a script that chooses among them by
        `plural_expression` (the play page's); English's two where there is no current
        translation."""
        forms = getattr(self.catalog, "texts", {}).get((context, singular))
        if isinstance(forms, tuple):
            return forms
        return tuple(self._mark(context, singular, text) for text in (singular, plural))

    @property
    def plural_expression(self) -> str:
        """The catalog's plural rule in C syntax, as in a .po header: which form a count takes."""
        return getattr(self.catalog, "expression", "(n != 1)")

    def _fill(self, text: str, values: dict) -> str:
        """Most messages have no placeholder: a page asks for some ten thousand."""
        if not values:
            return text
        return grammar.fill(text, {key: self.value(v) for key, v in values.items()}, self.listed)

    def _mark(self, context: str | None, message: str, text: str) -> str:
        if self.known is None or (context, message) in self.known:
            return text
        self.shown_in_english(((context, message),))
        return English(text)

    def shown_in_english(self, keys) -> None:
        """Count (context, msgid) `keys` as shown in English now, also when what showed them was
        rendered earlier and kept (`cached`, DrillRenderer.questions)."""
        self.missing.update(keys)
        if self._recording[0]:
            self._shown.extend(keys)

    @contextmanager
    def recording(self):
        """`with tr.recording() as missed:` collects the messages shown in English meanwhile,
        e.g. while one page is rendered (`missing` keeps them all)."""
        missed: set = set()
        start = self._open()
        try:
            yield missed
        finally:
            missed.update(self._close(start))

    def _open(self) -> int:
        self._recording[0] += 1
        return len(self._shown)

    def _close(self, start: int) -> list:
        """What was shown in English since `start` (`_open`)."""
        shown = self._shown[start:]
        self._recording[0] -= 1
        if not self._recording[0]:
            self._shown.clear()
        return shown

    def value(self, value):
        """A value as a sentence shows it: numbers in the locale's digits and signs, a
        sequence as the locale lists things; a Term or a Team is left to the translation,
        which chooses its form."""
        if isinstance(value, (str, Term, Team, bool)):
            return value
        if isinstance(value, Card):
            return self.card(value)
        if isinstance(value, int):
            return self.isolated(self.number(value)) if value < 0 else self.number(value)
        if isinstance(value, Signed):
            return self.signed(value.value)
        if isinstance(value, LeftToRight):
            return self.isolated(value.text)
        if isinstance(value, (list, tuple)):
            items = [self.value(item) for item in value]
            if items and all(isinstance(item, Term) for item in items):
                return Team(tuple(items))
            return self.listed([str(item) for item in items])
        return str(value)

    def card(self, card: Card) -> Term:
        """A card as a placeholder holds it: its code, and for each form its rank's translation
        gives, the code marked with that form (grammar.formed), which cardnames.inline names in
        that form for screen readers; its gender is its rank's, for {{GENDER:{card}|…}}. The
        rank's message is its English name (cardnames.rank_term asks for the same)."""
        rank = self.term("rank", card.rank.name.lower())
        code = str(card)
        return Term(code, tuple((key, grammar.formed(code, key)) for key, _ in rank.forms), rank.gender)

    def listed(self, items: list[str]) -> str:
        """"A, B and C" by the locale's CLDR list patterns, and the end of a long list as the
        catalog writes it (`list_end`)."""
        return _list(self.code, tuple(items), self.list_end)

    @cached_property
    def list_end(self) -> str:
        """How a list of three or more ends, "{items}, and {last}": CLDR's pattern unless the
        catalog gives its own, since a language's style guides may differ from CLDR (Persian
        writes no comma before «و»). An untranslated message means CLDR's, never English's."""
        # TRANSLATORS: How a list of three or more things ends: {items} stands for the things
        # before the last, {last} for the last ("Anna, Boris, and Chiara"). Write it the way
        # your language's style guides do; the site uses CLDR's pattern for your language until
        # you translate this.
        if self.known is not None and ("list", "{items}, and {last}") in self.known:
            return self.pgettext("list", "{items}, and {last}")
        return self.babel.list_patterns["standard"]["end"].replace("{0}", "{items}").replace("{1}", "{last}")

    def number(self, value: int) -> str:
        """120 → "120", in Persian "۱۲۰"; −3 with the locale's minus sign."""
        return _number(self.code, value)

    @property
    def minus(self) -> str:
        """The locale's minus sign as `number` writes it (with its bidi mark in Persian), for a
        script that writes a negative number the way the engine's own sentences do."""
        return self.number(-1).removesuffix(self.number(1))

    def signed(self, value: int) -> str:
        """A change of score: "+2", "−1" (the locale's signs), "0"; isolated on a right-to-left
        page, so that the sign stays before the number."""
        if value == 0:
            return self.number(0)
        sign = _symbols(self.code)["plusSign"] if value > 0 else ""
        return self.isolated(sign + self.number(value))

    def percent(self, value) -> str:
        """0.999 → "99.9%", French "99,9 %", Persian "۹۹٫۹٪"."""
        return _percent(self.code, value)

    def digits(self, text: str) -> str:
        """Western digits inside `text` in the locale's own digits (for sums like 11 + 0 = 11)."""
        return text.translate(_DIGITS[self.code]) if self.code in _DIGITS else text

    def isolated(self, text: str) -> str:
        """`text` as one left-to-right run that cannot reorder what is around it, on a
        right-to-left page; unchanged on a left-to-right one."""
        return f"{ISOLATE}{text}{END_ISOLATE}" if self.direction == "rtl" else text

    def term(self, context: str, message: str) -> Term:
        """A name or a suit as translated, with the forms its translation gives (grammar.py)."""
        return Term.parse(self.pgettext(context, message))

    @property
    def babel(self) -> BabelLocale:
        return _locale(self.code)

    @cached_property
    def direction(self) -> str:
        return _direction(self.code)

    @property
    def name(self) -> str:
        """The language's own name for itself, as a language menu shows it; its code where
        CLDR has no such name (Moroccan Arabic, ary)."""
        name = self.babel.get_display_name(self.code) or self.code
        return name[:1].upper() + name[1:]


NOTHING: frozenset = frozenset()


def cached(function):
    """functools.cache for a function whose last argument is a Translator, kept in that
    Translator's `memo` (`remembered`)."""
    @wraps(function)
    def wrapper(*args):
        tr = args[-1]
        key = (function, args[:-1])  # not the Translator itself: its memo would hold it in a cycle
        kept = tr.memo.get(key)
        if kept is not None and not kept[1]:
            return kept[0]
        return remembered(tr, key, function, *args)
    return wrapper


def remembered(tr: Translator, key: tuple, make, *args):
    """`make(*args)`, kept in `tr.memo` under `key`. A result from the memo reports again the
    messages it showed in English, so that every page that shows it knows, not only the
    first. A caller may look `key` up itself first: a result that showed nothing in English
    is `tr.memo[key][0]`."""
    kept = tr.memo.get(key)
    if kept is not None:
        if kept[1]:
            tr.shown_in_english(kept[1])
        return kept[0]
    start = tr._open()
    try:
        result = make(*args)
    finally:
        shown = tr._close(start)
    tr.memo[key] = result, frozenset(shown) if shown else NOTHING
    return result


@dataclass(frozen=True)
class CurrentMessages:
    """A catalog's current translations, by (context, msgid), and its plural rule (C syntax):
    plain data, so the build can keep it between runs without pickling."""
    texts: Mapping[tuple[str | None, str], str | tuple[str, ...]]
    plural: str

    @classmethod
    def of(cls, catalog: Catalog) -> CurrentMessages:
        texts: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
        for m in catalog:
            if is_current(m):
                assert m.string is not None  # is_current: translated in every form
                texts[m.context, m.id if isinstance(m.id, str) else m.id[0]] = (
                    m.string if isinstance(m.string, str) else tuple(m.string))
        return cls(texts, catalog.plural_expr)


class CurrentTranslations(NullTranslations):
    """gettext's lookups over a catalog's current translations, taken straight from Babel's
    Catalog: compiling it to .mo in memory only to read it back cost a build more than reading
    the .po file itself."""

    def __init__(self, messages: CurrentMessages) -> None:
        super().__init__()
        self.texts = messages.texts
        self.expression = messages.plural
        self.plural = c2py(messages.plural)

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
        if not isinstance(forms, tuple):
            return singular if n == 1 else plural
        return forms[min(self.plural(n), len(forms) - 1)]


ENGLISH = Translator()


@cache
def _locale(code: str) -> BabelLocale:
    return BabelLocale.parse(code)


@cache
def _direction(code: str) -> str:
    return "rtl" if _locale(code).character_order == "right-to-left" else "ltr"


@cache
def _symbols(code: str) -> dict:
    """The locale's signs in its own numbering system: Persian "‎−" and "٪", not "-" and "%".
    Where CLDR gives the hyphen-minus "-", which it keeps for data, text gets the minus sign
    "−" (U+2212) that typography sets in every one of these languages; a learner may type either."""
    locale = _locale(code)
    symbols = dict(locale.number_symbols[locale.default_numbering_system])
    symbols["minusSign"] = symbols["minusSign"].replace("-", "−")
    return symbols


@lru_cache(maxsize=4096)
def _number(code: str, value: int) -> str:
    """Cached: Babel's formatting is slow, and pages and `judge` write the same small numbers
    over and over. The minus sign is the locale's own: Babel 2.19 writes "-" even where CLDR
    gives another (Persian "‎−")."""
    text = format_decimal(abs(value), locale=code, group_separator=False)
    text = text.translate(_DIGITS[code]) if code in _DIGITS else text
    return _symbols(code)["minusSign"] + text if value < 0 else text


@lru_cache(maxsize=256)
def _percent(code: str, value) -> str:
    """Babel 2.19 keeps "%" and Latin digits for Persian even in its own numbering system:
    the locale's percent sign and digits are put in here."""
    text = format_percent(value, locale=code, numbering_system="default", decimal_quantization=False)
    text = text.replace("%", _symbols(code)["percentSign"])
    return text.translate(_DIGITS[code]) if code in _DIGITS else text


@lru_cache(maxsize=4096)
def _list(code: str, items: tuple[str, ...], end: str) -> str:
    """Babel's format_list, with the end pattern given: "{items}, and {last}"."""
    if len(items) < 3:
        return format_list(list(items), locale=code) if items else ""
    patterns = _locale(code).list_patterns["standard"]
    text = patterns["start"].format(items[0], items[1])
    for item in items[2:-1]:
        text = patterns["middle"].format(text, item)
    return grammar.fill(end, {"items": text, "last": items[-1]}, lambda _: "")
