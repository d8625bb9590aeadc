"""The glossary: for each term of the games, the word each language uses, the word its source
document uses, why they differ where they do, and the words set aside.

`locales/glossary.yml` is the one source. TRANSLATING.md shows it as tables (`markdown`,
written there by `tutorial-engine locale glossary --write`), and `locale check` reports a word
set aside wherever a catalog still uses it (`avoided`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from babel import Locale

from ..problems import Problems
from .shapes import INVALID, Context, Field, ListOf, MapOf, Record, Text
from .source import SourceError, parse_source

FILE = "glossary.yml"
BEGIN = "<!-- glossary: written from locales/glossary.yml by `tutorial-engine locale glossary --write` -->"
END = "<!-- end of the glossary -->"


@dataclass(frozen=True)
class Word:
    """One language's word for a term."""
    word: str
    source: str | None = None
    """The word of the source document in that language, where there is one."""
    why: str | None = None
    avoid: tuple[str, ...] = ()
    """Whole words no catalog of the language may use; "прикуп*" also any word it begins."""


@dataclass(frozen=True)
class Concept:
    term: str
    meaning: str
    words: dict[str, Word]


WORD = Record("a language's word", {
    "word": Field(Text("a word"), required=True, doc="The word the catalog uses."),
    "source": Field(Text("a word"), doc="The word of the source document in this language, if any."),
    "why": Field(Text("a reason"), doc="Why this word, above all where it differs from the source's."),
    "avoid": Field(ListOf(Text("a word", pattern=r"[^\W\d_](?:[\w\u200c’'-]*[^\W_])?(?: [^\W\d_](?:[\w\u200c’'-]*[^\W_])?)*\*?",
                                hint="write a word or words, ending in * for every word the last one begins")),
                   doc="Words or phrases no catalog of this language may use for it (a calque such as "
                       "«bower derecho»); a trailing * stands for every word the last one begins."),
})
GLOSSARY = Record("a glossary", {
    "terms": Field(ListOf(Record("a term", {
        "term": Field(Text("a term"), required=True, doc="The English term."),
        "meaning": Field(Text("a meaning"), required=True, doc="What it means in these games."),
        "words": Field(MapOf(Text("a language code"), WORD, "the words by language"), required=True,
                       doc="Each language's word, by its code."),
    }), min_items=1), required=True, doc="The terms, in the order the tables show them."),
})


def path_of(locales_dir: Path) -> Path:
    return locales_dir / FILE


def load(path: Path, shown: str) -> tuple[list[Concept], Problems]:
    """The glossary at `path`, and every problem of it at its line (none: no problems)."""
    problems = Problems()
    try:
        source = parse_source(path.read_bytes(), shown)
    except SourceError as error:
        problems.add(error.location, error.message)
        return [], problems
    rec = GLOSSARY.read(source.root, Context(source, problems, None))
    if rec is INVALID:
        return [], problems
    concepts = []
    for term in rec["terms"]:
        words = {code: Word(word["word"], word.get("source"), word.get("why"), tuple(word.get("avoid", ())))
                 for code, word, _ in term["words"]}
        concepts.append(Concept(term["term"], term["meaning"], words))
    return concepts, problems


def avoided(concepts: list[Concept], code: str) -> list[tuple[re.Pattern, str]]:
    """Each word or phrase language `code` sets aside, as a pattern for the whole words, any
    spaces between them (and, for "прикуп*", every word it begins), with what to write instead. The words are escaped, never
    taken as regular expressions: a glossary is content, and a pattern could take a check
    hours."""
    found = []
    for concept in concepts:
        word = concept.words.get(code)
        if word is None:
            continue
        instead = f"the {concept.term} is '{word.word}' in this language (locales/{FILE})"
        for avoid in word.avoid:
            words = [re.escape(word) for word in avoid.removesuffix("*").split(" ")]
            stem = r"\s+".join(words) + (r"[\w\u200c]*" if avoid.endswith("*") else "")
            found.append((re.compile(rf"(?<![\w\u200c]){stem}(?![\w\u200c])", re.I), instead))
    return found


def markdown(concepts: list[Concept]) -> str:
    """The glossary as TRANSLATING.md shows it: what each term means, then a table per language."""
    def cell(text: str | None) -> str:
        return (text or "").replace("|", "\\|").replace("\n", " ")

    lines = [BEGIN, "", "| Term | What it means |", "| --- | --- |"]
    lines += [f"| {cell(c.term)} | {cell(c.meaning)} |" for c in concepts]
    codes = sorted({code for c in concepts for code in c.words})
    for code in codes:
        name = Locale.parse(code).english_name
        lines += ["", f"#### {name} (`{code}`)", "",
                  "| Term | Word | The source's word | Why | Set aside |", "| --- | --- | --- | --- | --- |"]
        for c in concepts:
            word = c.words.get(code)
            if word is not None:
                avoid = ", ".join(f"`{pattern}`" for pattern in word.avoid)
                lines.append(f"| {cell(c.term)} | {cell(word.word)} | {cell(word.source) or '—'} | "
                             f"{cell(word.why)} | {avoid} |")
    return "\n".join(lines + ["", END])


def written_into(document: str, concepts: list[Concept]) -> str:
    """`document` (TRANSLATING.md) with its glossary section replaced by the current one."""
    start, end = document.find(BEGIN), document.find(END)
    if start < 0 or end < start:
        raise ValueError(f"no glossary section: the document must hold the lines {BEGIN} and {END}")
    return document[:start] + markdown(concepts) + document[end + len(END):]
