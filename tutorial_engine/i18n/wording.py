"""The checks a reviewer of a translation would otherwise make by hand, for `locale check`.

Each finds what a placeholder check cannot: a name after a word that the language must elide
or inflect before it, a form or a gender a sentence asks of a name or a suit that does not give
it, a count without plural forms, two typographic conventions in one catalog, and a word that
the glossary has set aside. Each returns (line, severity, message) triples.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

from ..engine.cards import Rank
from .grammar import FORMED_CODE, OTHER, GenderChoice, Placeholder, Term, parse, term_problems
from .placeholders import PEOPLE, TERMS, Kind, kind

Finding = tuple[int, str, str]


class CatalogMessage(Protocol):
    """One message of a catalog as `pofile.parse_po` reads it."""
    context: str | None
    msgid: str | None
    msgid_line: int
    plural: str | None
    strings: dict[int | None, str]
    string_lines: dict[int | None, int]


SIDE = "side"
"""The msgctxt of the name of the side that made trump (game.yml's scoring `declarers`)."""
TERM_CONTEXTS = {"name": Kind.NAME, "suit": Kind.SUIT, "rank": Kind.RANK, "term": Kind.TERM, SIDE: Kind.SIDE}
"""The messages that translate a term, by their msgctxt; a team's members are names."""

ELIDING = {
    "fr": ("de", "que", "le", "la", "je", "me", "te", "se", "ne", "ce", "jusque", "lorsque", "puisque",
           "presque", "quoique"),
}
"""Words that lose their vowel before a vowel: "de Boris" but "d’Anna"."""

GOVERNING = {
    "ru": ("без", "в", "во", "для", "до", "за", "из", "из-за", "к", "ко", "между", "на", "над", "о", "об",
           "обо", "от", "перед", "по", "под", "при", "про", "с", "со", "у", "через", "нет", "игрока",
           "игроку", "игроком", "игроке"),
}
"""Words after which a name or a suit takes a case other than its dictionary form: "у Анны",
"нет треф", "карты игрока Анны"."""

INVARIANT_NOUNS = ("fa", "hu", "id", "ja", "ko", "ms", "th", "tr", "vi", "zh")
"""Languages in which a noun after a number keeps one form whatever the number (Persian
"۱ امتیاز", "۵ امتیاز"): there a word after a number needs no plural forms."""

PAST_TENSE = {
    "ru": re.compile(r"[а-яё]+л(?:ся|а|о|и|ась|ось|ись)?(?![а-яё])", re.I),
}
"""A verb in the past tense, which agrees in gender with the one player before it."""

def check_wording(entries: Sequence[CatalogMessage], code: str, avoided: Sequence[tuple[re.Pattern, str]] = ()
                  ) -> list[Finding]:
    """Every wording problem of one catalog in locale `code`; `avoided` pairs each glossary
    pattern with what to write instead (content/glossary.py's `avoided`)."""
    translated = [entry for entry in entries if entry.msgid and "fuzzy" not in getattr(entry, "flags", ())]
    terms = _terms(translated)
    findings: list[Finding] = []
    for entry in translated:
        findings += _counts(entry)
        for slot, text in entry.strings.items():
            if not text:
                continue
            line = entry.string_lines[slot]
            name = "msgstr" if slot is None else f"msgstr[{slot}]"
            if entry.context in TERM_CONTEXTS:
                findings += [(line, "error", f"{name}: {problem}") for problem in term_problems(text)]
                continue
            findings += [(line, severity, f"{name}: {message}")
                         for severity, message in _asked(text, terms) + _governed(text, code)]
            findings += [(line, "error", f"{name}: '{match[0]}' contradicts the glossary: {instead}")
                         for pattern, instead in avoided for match in pattern.finditer(prose(text))]
        if not _invariant(code):
            findings += _same_forms(entry)
    findings += _typography(translated, code)
    return sorted(findings)


def prose(text: str) -> str:
    """`text` without its code: a `value` quoted from YAML is typed as it is, in English, so the
    glossary's words set aside do not apply to it."""
    return _CODE.sub(" ", text)


def _terms(entries: Iterable[CatalogMessage]) -> dict[Kind, list[tuple[str, int, Term]]]:
    """The names and the suits as this catalog translates them: (English, line, term)."""
    terms: dict[Kind, list[tuple[str, int, Term]]] = {kind: [] for kind in TERM_CONTEXTS.values()}
    for entry in entries:
        if entry.context in TERM_CONTEXTS and entry.strings.get(None):
            assert entry.msgid is not None  # check_wording passes translated messages only
            terms[TERM_CONTEXTS[entry.context]].append(
                (entry.msgid, entry.string_lines[None], Term.parse(entry.strings[None])))
    return terms


def _members(placeholder_kind: Kind) -> Kind:
    """Which terms a placeholder's value is made of: a team is made of names, a card has its
    rank's forms and gender."""
    if placeholder_kind in PEOPLE:
        return Kind.NAME
    return Kind.RANK if placeholder_kind is Kind.CARDS else placeholder_kind


_DOUBLE = re.compile(r"\{\{|\}\}")
_CODE = re.compile(r"`[^`]*`")
_TERM_WORD = {Kind.NAME: "name", Kind.SUIT: "suit", Kind.RANK: "rank", Kind.TERM: "term", Kind.SIDE: "side name"}
_RANK_WORDS = {rank.value: rank.name.lower() for rank in Rank}


def _asked(text: str, terms: dict[Kind, list[tuple[str, int, Term]]]) -> list[tuple[str, str]]:
    """Forms and genders a translation asks of its names, teams, suits and cards, that are not
    there."""
    problems = []
    tokens = parse(text)
    literal = "".join(token for token in tokens if isinstance(token, str))
    for code in FORMED_CODE.finditer(literal):
        form, rank = code[0][len("{{GRAMMAR:"):].split("|")[0].strip(), _RANK_WORDS[code[1][:-1]]
        if not any(english == rank and form in dict(term.forms) for english, _, term in terms[Kind.RANK]):
            problems.append(("error", f"{code[0]} asks for the form '{form}', which {rank} does not give: "
                                      f"add '| {form}=…' to its translation"))
    if _DOUBLE.search(FORMED_CODE.sub("", literal)):
        problems.append(("error", "'{{' or '}}' that is neither {{GRAMMAR:form|{name}}}, "
                                  "{{GRAMMAR:form|Q♠}} nor {{GENDER:{name}|f=…|other=…}}"))
    for token in tokens:
        if isinstance(token, str) or (isinstance(token, Placeholder) and token.form is None):
            continue
        what = kind(token.name)
        if what not in TERMS:
            construct = "GRAMMAR" if isinstance(token, Placeholder) else "GENDER"
            problems.append(("error", f"{{{{{construct}}}}} applies to names, teams, suits, cards and the terms of a game; "
                                      f"{{{token.name}}} is {what.value if what else 'not a placeholder of the site'}"))
            continue
        members = terms[_members(what)]
        if isinstance(token, Placeholder):
            lacking = [english for english, _, term in members if token.form not in dict(term.forms)]
            if lacking:
                problems.append(("error", f"{{{{GRAMMAR:{token.form}|{{{token.name}}}}}}} asks for the form "
                                          f"'{token.form}', which {_listed(lacking)} "
                                          f"{'does' if len(lacking) == 1 else 'do'} not give: add "
                                          f"'| {token.form}=…' to {'its' if len(lacking) == 1 else 'their'} "
                                          f"translation{'' if len(lacking) == 1 else 's'}"))
        else:
            problems += _gender(token, members)
    return problems


def _gender(choice: GenderChoice, members: list[tuple[str, int, Term]]) -> list[tuple[str, str]]:
    problems = []
    keys = [key for key, _ in choice.variants]
    malformed = [key for key, words in choice.variants if words is None or not re.fullmatch(r"\w+", key)]
    if malformed or not keys:
        problems.append(("error", f"{{{{GENDER:{{{choice.name}}}|…}}}} needs variants written gender=words, "
                                  "as in f=взяла|other=взял"))
    if OTHER not in keys:
        problems.append(("error", f"{{{{GENDER:{{{choice.name}}}|…}}}} has no other=…: it is needed for a "
                                  "gender not listed and for a team of mixed genders"))
    genderless = [english for english, _, term in members if term.gender is None]
    if genderless:
        one = len(genderless) == 1
        problems.append(("error", f"{{{{GENDER:{{{choice.name}}}|…}}}} chooses by gender, but "
                                  f"{_listed(genderless)} {'gives' if one else 'give'} none: add '| gender=…' "
                                  f"to {'its translation' if one else 'their translations'}"))
    return problems


def _listed(words: list[str]) -> str:
    return ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + words[-1]


def _governed(text: str, code: str) -> list[tuple[str, str]]:
    """A name or a suit straight after a word that elides or governs a case, and a past tense
    that agrees with one player's gender only."""
    problems = []
    for words, advice in ((ELIDING.get(code, ()), "elides before a vowel (d’Anna)"),
                          (GOVERNING.get(code, ()), "governs a case")):
        if not words:
            continue
        pattern = re.compile(r"(?<![\w’'-])(" + "|".join(map(re.escape, words)) + r")\s+\{(\w+)\}", re.I)
        for match in pattern.finditer(text):
            what = kind(match[2])
            if what in PEOPLE or (what in TERMS and code in GOVERNING):
                problems.append(("error", f"'{match[1]} {{{match[2]}}}': '{match[1]}' {advice}, so write "
                                          f"{{{{GRAMMAR:…|{{{match[2]}}}}}}} with the form it needs, and give "
                                          f"every {_TERM_WORD[_members(what)]} that form"))
    verb = PAST_TENSE.get(code)
    if verb is not None:
        for match in re.finditer(r"\{(\w+)\}\s+(\S+)", text):
            if kind(match[1]) is Kind.NAME and verb.fullmatch(match[2].rstrip(",.;:!?")):
                problems.append(("error", f"'{{{match[1]}}} {match[2]}': a past tense agrees with the "
                                          f"player's gender; write {{{{GENDER:{{{match[1]}}}|f=…|other=…}}}}"))
    return problems


_COUNTED = re.compile(r"\{(\w+)\}\s*[^\W\d_][\w\u200c’'-]*")


def _invariant(code: str) -> bool:
    return code.split("_")[0] in INVARIANT_NOUNS


def _counts(entry: CatalogMessage) -> list[Finding]:
    """A count in a message without plural forms: no translation can make its words agree."""
    if entry.plural is not None or not entry.msgid:
        return []
    counts = sorted(name for name in _names(entry.msgid) if kind(name) is Kind.COUNT)
    if not counts:
        return []
    named = " ".join("{" + name + "}" for name in counts)
    return [(entry.msgid_line, "error", f"the English puts the count {named} in a message without plural "
                                        "forms, so no language can make its words agree with it; the "
                                        "site's code or YAML must make it a plural message")]


def _same_forms(entry: CatalogMessage) -> list[Finding]:
    forms = [text for slot, text in sorted(entry.strings.items(), key=lambda item: item[0] or 0)
             if slot is not None and text]
    if len(forms) < 2 or len(set(forms)) > 1:
        return []
    counted = [match[0] for match in _COUNTED.finditer(forms[0]) if kind(match[1]) is Kind.COUNT]
    if not counted:
        return []
    return [(entry.string_lines[0], "warning", f"every plural form is the same, with '{counted[0]}': the "
                                               "word after the count then agrees with some numbers only")]


def _names(text: str) -> set[str]:
    return {token.name for token in parse(text) if not isinstance(token, str)}


SPACES = {" ": "an ordinary space", "\u00a0": "a no-break space (U+00A0)",
          "\u202f": "a narrow no-break space (U+202F)", "": "no space"}
_BEFORE = re.compile(r"(?P<space>[ \u00a0\u202f]?)(?P<mark>[:;?!»])")
_AFTER = re.compile(r"(?P<mark>«)(?P<space>[ \u00a0\u202f]?)")
_PLACEHOLDERS = re.compile(r"\{\{.*?\}\}\}?|\{\w+\}|`[^`]*`|\w+://\S+")


def _typography(entries: Sequence[CatalogMessage], code: str) -> list[Finding]:
    """Two conventions for the same mark in one catalog: the space before : ; ? ! » and after «
    (French sets a no-break space, most languages none), the apostrophe, the ellipsis. Each
    occurrence of a minority convention is reported with the catalog's usual one."""
    seen: dict[str, list[tuple[int, str]]] = {}
    for entry in entries:
        if entry.context in TERM_CONTEXTS:
            continue
        for slot, text in entry.strings.items():
            line = entry.string_lines[slot]
            text = _PLACEHOLDERS.sub("X", text or "")
            for match in _BEFORE.finditer(text):
                if match["mark"] == ":" and match.end() < len(text) and text[match.end()].isdigit():
                    continue  # a time or a ratio, 1:1
                seen.setdefault(f"before '{match['mark']}'", []).append((line, match["space"]))
            for match in _AFTER.finditer(text):
                seen.setdefault("after '«'", []).append((line, match["space"]))
            for apostrophe in re.findall(r"(?<=\w)['’](?=\w)", text):
                seen.setdefault("for the apostrophe", []).append((line, apostrophe))
            for ellipsis in re.findall(r"\.\.\.|…", text):
                seen.setdefault("for an ellipsis", []).append((line, ellipsis))
    findings = []
    for where, uses in seen.items():
        usual, _ = Counter(choice for _, choice in uses).most_common(1)[0]
        for line, choice in uses:
            if choice != usual:
                findings.append((line, "error", f"mixed typography: {where} this catalog writes "
                                                f"{_described(usual)}, here {_described(choice)}"))
    return findings


def _described(choice: str) -> str:
    return SPACES.get(choice, f"'{choice}'")
