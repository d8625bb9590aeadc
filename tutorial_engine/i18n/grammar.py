"""Words that change with the sentence around them: names, teams, suits and cards as terms with forms.

English never inflects a player's name, but Russian needs «Анны» after «карты», French
needs «d’Anna» where it writes «de Boris», and a past-tense verb agrees with the player's
gender. So a translation may ask for a form of a term, and pick words by its gender:

    {player}                          the term as its own message translates it
    {{GRAMMAR:gen|{player}}}          the term's form named "gen"
    {{GENDER:{player}|f=взяла|other=взял}}   the words for the term's gender

The term's own message lists its forms after its usual one, as the translator names them:
"Анна | gender=f | gen=Анны | dat=Анне". Doubled braces are literal text to python-brace-format,
so msgfmt --check and pofilter still see every {placeholder} of the English (the syntax is
translatewiki.net's, which many volunteer translators know). A team is a list of terms, written
with the locale's CLDR list pattern ("Анна и Кьяра"); each member takes the form asked for.
A card has its rank's forms and gender (cardnames.card_term); in a sentence it stays a code,
marked with the form asked for (`formed`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .placeholders import Kind, kind

FORM_SEPARATOR = "|"
GENDER = "gender"
OTHER = "other"
"""The GENDER variant for any gender not named, and for a team whose members differ."""


@dataclass(frozen=True)
class Term:
    """A word a sentence may inflect: a player's name or a suit, in one locale."""
    text: str
    forms: tuple[tuple[str, str], ...] = ()
    gender: str | None = None

    @classmethod
    def parse(cls, written: str) -> Term:
        """"Анна | gender=f | gen=Анны" → Анна with its gender and forms; "Anna" → Anna.
        A malformed part is left out here: `locale check` reports it (term_problems)."""
        return _term(str(written))

    def form(self, name: str | None) -> str:
        """The form `name`, or the usual form when the term has none by that name."""
        if name is not None:
            for key, value in self.forms:
                if key == name:
                    return value
        return self.text

    def __str__(self) -> str:
        return self.text


@lru_cache(maxsize=4096)
def _term(written: str) -> Term:
    """Cached: a page names its players over and over."""
    text, *parts = written.split(FORM_SEPARATOR)
    forms, gender = [], None
    for part in parts:
        key, equals, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not equals or not key or not value:
            continue
        if key == GENDER:
            gender = value
        else:
            forms.append((key, value))
    return Term(text.strip(), tuple(forms), gender)


@dataclass(frozen=True)
class Team:
    """Players who score together, named as one list: "Anna and Chiara"."""
    members: tuple[Term, ...]

    @property
    def gender(self) -> str | None:
        """The members' gender if they share one (Spanish «ellas»), else none: OTHER."""
        genders = {member.gender for member in self.members}
        return genders.pop() if len(genders) == 1 else None


def term_problems(written: str) -> list[str]:
    """What is wrong with the forms of a term's translation, for `locale check`."""
    text, *parts = written.split(FORM_SEPARATOR)
    problems = [] if text.strip() else ["the usual form before the first | is empty"]
    seen: set[str] = set()
    for part in parts:
        key, equals, value = part.partition("=")
        key = key.strip()
        if not equals or not key or not value.strip():
            problems.append(f"'{part.strip()}' is not a form: write name=form, as in gen=Анны")
        elif key in seen:
            problems.append(f"the form '{key}' is given twice")
        seen.add(key)
    return problems


_TOKEN = re.compile(r"\{\{GRAMMAR:(?P<form>[^{}|]*)\|\{(?P<of>\w+)\}\}\}"
                    r"|\{\{GENDER:\{(?P<by>\w+)\}(?P<variants>(?:\|[^{}|]*)*)\}\}"
                    r"|\{(?P<name>\w+)\}")


@dataclass(frozen=True)
class Placeholder:
    name: str
    form: str | None = None


@dataclass(frozen=True)
class GenderChoice:
    name: str
    variants: tuple[tuple[str, str | None], ...]
    """(gender, words); words None where the translation wrote no "=" (`locale check` says so)."""

    def words(self, gender: str | None) -> str:
        chosen = {key: words for key, words in self.variants if words is not None}
        return chosen.get(gender or OTHER, chosen.get(OTHER, ""))


Token = str | Placeholder | GenderChoice


@lru_cache(maxsize=16384)
def parse(template: str) -> tuple[Token, ...]:
    """A translation as literal text, placeholders and gender choices; cached, since a build
    fills the same few hundred messages tens of thousands of times."""
    tokens: list[Token] = []
    position = 0
    for match in _TOKEN.finditer(template):
        if match.start() > position:
            tokens.append(template[position:match.start()])
        if match["name"] is not None:
            tokens.append(Placeholder(match["name"]))
        elif match["of"] is not None:
            tokens.append(Placeholder(match["of"], match["form"].strip()))
        else:
            variants = []
            for part in match["variants"].split("|")[1:]:
                key, equals, words = part.partition("=")
                variants.append((key.strip(), words if equals else None))
            tokens.append(GenderChoice(match["by"], tuple(variants)))
        position = match.end()
    if position < len(template):
        tokens.append(template[position:])
    return tuple(tokens)


def formed(code: str, form: str) -> str:
    """A card code in the form `form`, "{{GRAMMAR:acc|Q♠}}": what a card placeholder that asks a
    form is filled with, and what a translation may write around a card code of its own. A
    page shows the code and names the card in that form (cardnames.inline)."""
    return "{{GRAMMAR:" + form + "|" + code + "}}"


FORMED_CODE = re.compile(r"\{\{GRAMMAR:[^{}|]*\|((?:10|[AKQJ2-9])[♠♥♦♣])\}\}")
"""A card code in a form, as `formed` writes it; the code is its group 1."""


def placeholders(template: str) -> set[str]:
    """The names a translation fills in, whichever way it asks for them."""
    return {token.name for token in parse(template) if not isinstance(token, str)}


def fill(template: str, values: dict, listed: Callable[[list[str]], str]) -> str:
    """The translation with its placeholders filled: a Term or a Team in the form asked for
    (`listed` writes a team's names as the locale lists them), anything else as str(value).
    A name without a value stays as written, braces and all. A side's name that opens the
    message opens a sentence, and takes a capital (the term is written as in mid-sentence)."""
    out = []
    tokens = parse(template)
    for token in tokens:
        if isinstance(token, str):
            out.append(token)
        elif token.name not in values:
            out.append(_written(token))
        elif isinstance(token, GenderChoice):
            out.append(token.words(getattr(values[token.name], "gender", None)))
        else:
            value = values[token.name]
            if isinstance(value, Team):
                out.append(listed([member.form(token.form) for member in value.members]))
            elif isinstance(value, Term):
                out.append(value.form(token.form))
            else:
                out.append(str(value))
    first = tokens[0] if tokens else None
    if isinstance(first, Placeholder) and kind(first.name) is Kind.SIDE and first.name in values:
        out[0] = out[0][:1].upper() + out[0][1:]
    return "".join(out)


def _written(token: Placeholder | GenderChoice) -> str:
    if isinstance(token, GenderChoice):
        variants = "".join(f"|{k}" if w is None else f"|{k}={w}" for k, w in token.variants)
        return "{{GENDER:{" + token.name + "}" + variants + "}}"
    if token.form is not None:
        return "{{GRAMMAR:" + token.form + "|{" + token.name + "}}}"
    return "{" + token.name + "}"
