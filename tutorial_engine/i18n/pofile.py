"""`tutorial-engine locale check`'s reading of a .po file: its own small parser, because
Babel's is lenient (an unterminated string or a stray byte passes silently) and stops at the
first problem, and a translator wants every problem at once, at its line."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.plurals import get_plural

from ..problems import display_path
from .wording import check_wording


@dataclass(frozen=True, order=True)
class CatalogProblem:
    path: Path
    line: int
    severity: str  # "error" or "warning"
    message: str
    column: int = 0
    """Given for the glossary's YAML; a catalog's problems name the line."""

    def __str__(self) -> str:
        column = f":{self.column}" if self.column else ""
        return f"{display_path(self.path)}:{self.line}{column}: {self.severity}: {self.message}"


@dataclass
class Entry:
    """One message of a .po file, with the line of each part."""
    line: int                    # of msgid (of msgctxt when there is one)
    flags: set[str] = field(default_factory=set)
    context: str | None = None
    msgid: str | None = None
    msgid_line: int = 0
    plural: str | None = None
    strings: dict[int | None, str] = field(default_factory=dict)  # None: a plain `msgstr`
    string_lines: dict[int | None, int] = field(default_factory=dict)
    header_lines: list[tuple[int, str]] = field(default_factory=list)  # (line, text) of msgstr


_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr\[(\d+)\]|msgstr)(?=[\s\"]|$)\s*(.*)$")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"\s*$')


def _string(text: str) -> tuple[str, str | None]:
    """(value, None) for a well-formed "…" string, else ("", the reason)."""
    match = _STRING.fullmatch(text.strip())
    if match is None:
        if not text.strip().startswith('"'):
            return "", "expected a quoted string"
        return "", "unterminated string (a line must end with the closing quote)"
    value, escape = [], False
    for char in match[1]:
        if escape:
            if char not in _ESCAPES:
                return "", f"unknown escape sequence \\{char}"
            value.append(_ESCAPES[char])
            escape = False
        elif char == "\\":
            escape = True
        else:
            value.append(char)
    return "".join(value), None


_OBSOLETE_START = re.compile(r"#~\s*(msgctxt|msgid)\b")
OBSOLETE = "obsolete entry (#~): no page shows it, and tutorial-engine locale update removes it"


def parse_po(data: bytes, path: Path) -> tuple[list[Entry], list[CatalogProblem]]:
    """Every entry of a .po file and every syntax problem, at its line; an obsolete (#~) entry
    is not read, only reported, as a warning."""
    problems: list[CatalogProblem] = []
    entries: list[Entry] = []

    def error(line: int, message: str) -> None:
        problems.append(CatalogProblem(path, line, "error", message))

    entry: Entry | None = None
    flags: set[str] = set()
    obsolete_context = False  # within an obsolete entry's msgctxt: its msgid follows
    part: tuple[str, int | None] | None = None  # what a continuation line continues

    def finish() -> None:
        nonlocal entry
        if entry is not None:
            if entry.msgid is None:
                error(entry.line, "msgctxt without msgid")
            elif not entry.strings:
                error(entry.msgid_line, "msgid without msgstr")
            else:
                entries.append(entry)
        entry = None

    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    for number, raw in enumerate(data.split(b"\n"), start=1):
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError as bad:
            error(number, f"not UTF-8 (byte 0x{raw[bad.start]:02x}); save the catalog as UTF-8")
            line = raw.decode("utf-8", errors="replace").strip()
        if not line:
            continue
        if line.startswith("#~"):  # obsolete: never used
            starts = _OBSOLETE_START.match(line)
            keyword = starts[1] if starts else None
            if keyword == "msgctxt" or keyword == "msgid" and not obsolete_context:
                problems.append(CatalogProblem(path, number, "warning", OBSOLETE))
            obsolete_context = keyword == "msgctxt" or obsolete_context and keyword is None
            flags, part = set(), None  # the flags were the obsolete entry's
            continue
        obsolete_context = False
        if line.startswith("#"):
            if entry is not None and entry.strings:
                finish()
            if line.startswith("#,"):
                flags |= {flag.strip() for flag in line[2:].split(",") if flag.strip()}
            part = None
            continue
        if line.startswith('"'):
            if part is None:
                error(number, "a string that continues nothing (no msgid or msgstr before it)")
                continue
            value, reason = _string(line)
            if reason:
                error(number, reason)
                continue
            assert entry is not None  # a part is set only while an entry is open
            name, slot = part
            if name == "msgstr":
                entry.strings[slot] += value
                entry.header_lines.append((number, value))
            else:
                setattr(entry, name, getattr(entry, name) + value)
            continue
        keyword = _KEYWORD.match(line)
        if keyword is None:
            word = "".join(char if char.isprintable() else repr(char)[1:-1]
                           for char in (line.split() or [line])[0][:40])
            error(number, f"unknown keyword '{word}'; expected msgctxt, msgid, msgid_plural, "
                          "msgstr or msgstr[N]")
            part = None
            continue
        name, index, rest = keyword[1], keyword[2], keyword[3]
        value, reason = _string(rest)
        if reason:
            error(number, reason)
        if name in ("msgctxt", "msgid"):
            if entry is not None and (entry.strings or name == "msgctxt" or entry.msgid is not None):
                finish()
            if entry is None:
                entry = Entry(number, flags)
                flags = set()
            if name == "msgctxt":
                entry.context = value
            else:
                entry.msgid, entry.msgid_line = value, number
            part = ("context" if name == "msgctxt" else "msgid", None)
        elif entry is None or entry.msgid is None:
            error(number, f"{name.split('[')[0]} without msgid")
            part = None
        elif index is not None and len(index) > MAX_FORM_DIGITS:
            error(number, f"msgstr[…] numbers its form with {len(index):,} digits; a plural form's number "
                          f"has at most {MAX_FORM_DIGITS}")
            part = None
        elif name == "msgid_plural":
            if entry.strings:
                error(number, "msgid_plural after msgstr")
            entry.plural = value
            part = ("plural", None)
        else:
            slot = int(index) if index is not None else None
            if slot in entry.strings:
                error(number, f"{name} given twice")
            entry.strings[slot], entry.string_lines[slot] = value, number
            entry.header_lines.append((number, value))
            part = ("msgstr", slot)
    finish()

    for item in entries:
        plain = None in item.strings
        if item.plural is None and any(slot is not None for slot in item.strings):
            error(item.string_lines[min(s for s in item.strings if s is not None)],
                  "msgstr[N] in an entry without msgid_plural; use plain msgstr")
        elif item.plural is not None and plain:
            error(item.string_lines[None], "plain msgstr in a plural entry; use msgstr[0], msgstr[1] …")
    seen: dict[tuple, int] = {}
    for item in entries:
        key = (item.context, item.msgid)
        if key in seen:
            error(item.msgid_line, f"duplicate message: the same msgid"
                                   f"{' and msgctxt' if item.context is not None else ''} "
                                   f"as at line {seen[key]}")
        else:
            seen[key] = item.msgid_line
    return entries, problems


def _header(entries: list[Entry]) -> tuple[Entry | None, dict[str, tuple[str, int]]]:
    """The header entry and its fields, each with the line its text starts on."""
    header = next((e for e in entries if e.msgid == "" and e.context is None), None)
    if header is None:
        return None, {}
    fields: dict[str, tuple[str, int]] = {}
    pending, start = "", 0
    for line, text in header.header_lines:
        for piece in text.splitlines(keepends=True):
            if not pending:
                start = line
            pending += piece
            if pending.endswith("\n"):
                name, colon, value = pending.partition(":")
                if colon:
                    fields.setdefault(name.strip().lower(), (value.strip(), start))
                pending = ""
    name, colon, value = pending.partition(":")
    if colon:
        fields.setdefault(name.strip().lower(), (value.strip(), start))
    return header, fields


_NPLURALS = re.compile(r"nplurals\s*=\s*(\d+)\s*;")
MAX_FORM_DIGITS = 2
"""A language has at most six plural forms: a longer number is refused before Python reads it."""
PLACEHOLDER = re.compile(r"\{(\w+)\}")
_TAG = re.compile(r"<\s*(/?)\s*([A-Za-z][\w-]*)([^>]*)>")
_VOID = {"br", "hr", "img", "wbr"}
_EVENT = re.compile(r"\bon[a-z]+\s*=", re.I)
_JAVASCRIPT = re.compile(r"javascript\s*:", re.I)


def placeholder_problem(msgid: str, plural: str | None, text: str) -> str | None:
    """How `text` changes the {placeholders} of its English; a singular form may leave {n} out
    ("one point"), never add or rename one. None when they agree."""
    expected = set(PLACEHOLDER.findall(plural if plural is not None else msgid))
    found = set(PLACEHOLDER.findall(text))
    if found == expected or (plural is not None and found == expected - {"n"}):
        return None
    missing = sorted(expected - found - ({"n"} if plural is not None else set()))
    extra = sorted(found - expected)
    parts = []
    if missing:
        parts.append("missing " + " ".join(f"{{{name}}}" for name in missing))
    if extra:
        parts.append("not in the English " + " ".join(f"{{{name}}}" for name in extra))
    return "placeholders differ from the English: " + "; ".join(parts)


def _balance(text: str) -> dict[str, int]:
    """Opening minus closing tags by name: a path such as examples/<game>/ leaves <game> open."""
    opened: dict[str, int] = {}
    for closing, name, _ in _TAG.findall(text):
        if name.lower() not in _VOID:
            opened[name.lower()] = opened.get(name.lower(), 0) + (-1 if closing else 1)
    return opened


def markup_problems(msgid: str, text: str) -> list[str]:
    """HTML or Markdown in a translation that its English does not have, or that is unbalanced."""
    problems = []
    if re.search(r"<\s*script", text, re.I):
        problems.append("<script> in a translation")
    if "<!--" in text and "<!--" not in msgid:
        problems.append("<!-- (an HTML comment) in a translation")
    if _JAVASCRIPT.search(text) and not _JAVASCRIPT.search(msgid):
        problems.append("javascript: link in a translation")
    english_tags = {name.lower() for _, name, _ in _TAG.findall(msgid)}
    english_balance = _balance(msgid)
    opened: dict[str, int] = {}
    for closing, name, attributes in _TAG.findall(text):
        name = name.lower()
        if name == "script":
            continue
        if name not in english_tags:
            problems.append(f"<{name}> is not in the English")
        if event := _EVENT.search(attributes):
            problems.append(f"event attribute {event[0].rstrip(' =')}= in <{name}>")
        if name not in _VOID:
            opened[name] = opened.get(name, 0) + (-1 if closing else 1)
    for name, balance in opened.items():
        if balance != english_balance.get(name, 0) and name in english_tags:
            problems.append(f"unbalanced <{name}>: {'not closed' if balance > 0 else 'closed but not opened'}")
    if text.count("**") % 2 and not msgid.count("**") % 2:
        problems.append("unbalanced ** (bold)")
    if text.replace("**", "").count("*") % 2 and not msgid.replace("**", "").count("*") % 2:
        problems.append("unbalanced * (emphasis)")
    return list(dict.fromkeys(problems))


def _markup(entry: Entry) -> Iterator[tuple[int, str]]:
    """Each markup problem of a message's translations (`markup_problems`), at its line."""
    english = (entry.msgid or "") + (entry.plural or "")
    for slot, text in sorted(entry.strings.items(), key=lambda item: item[0] or 0):
        name = "msgstr" if slot is None else f"msgstr[{slot}]"
        for markup in markup_problems(english, text) if text else ():
            yield entry.string_lines[slot], f"{name}: {markup}"


def markup_errors(data: bytes, path: Path) -> list[CatalogProblem]:
    """The markup problems of a catalog's shown translations, as `check_po` reports them: what
    the build refuses, since such a translation would change the structure of a page."""
    entries, _ = parse_po(data, path)
    return [CatalogProblem(path, line, "error", message) for entry in entries
            if entry.msgid and "fuzzy" not in entry.flags for line, message in _markup(entry)]


def check_po(data: bytes, path: Path, code: str | None = None,
             avoided: list[tuple[re.Pattern, str]] | None = None) -> list[CatalogProblem]:
    """Every problem of one catalog, in line order: syntax, placeholders, plural forms, markup,
    and what a reviewer would find in its wording (wording.py), `avoided` words of the glossary
    included.

    `code` is the locale when the header has no `Language:` (the catalog's folder name).
    """
    entries, problems = parse_po(data, path)

    def report(line: int, message: str, severity: str = "error") -> None:
        problems.append(CatalogProblem(path, line, severity, message))

    header, fields = _header(entries)
    nplurals = None
    language, language_line = fields.get("language", (code or "", 0))
    if "plural-forms" in fields:
        value, line = fields["plural-forms"]
        found = _NPLURALS.search(value)
        if found is None:
            report(line, f"Plural-Forms has no nplurals: '{value}'")
        elif len(found[1]) > MAX_FORM_DIGITS:
            report(line, f"Plural-Forms has nplurals of {len(found[1]):,} digits; a language has at most six forms")
        else:
            nplurals = int(found[1])
            try:
                cldr = get_plural(Locale.parse(language.replace("-", "_"))) if language else None
            except (UnknownLocaleError, ValueError):
                cldr = None
                report(language_line or line, f"unknown language '{language}'; cannot compare "
                       "Plural-Forms with CLDR", "warning")
            if cldr is not None and cldr.num_plurals != nplurals:
                report(line, f"Plural-Forms has nplurals={nplurals}, but CLDR (Babel) gives {language} "
                       f"{cldr.num_plurals} forms: {cldr.plural_forms}", "warning")
    elif header is not None and any(e.plural is not None for e in entries):
        report(header.msgid_line, "plural messages, but the header has no Plural-Forms")

    for entry in entries:
        if not entry.msgid or "fuzzy" in entry.flags:  # the header; fuzzy ones are never shown
            continue
        if entry.plural is not None and nplurals is not None:
            forms = sorted(slot for slot in entry.strings if slot is not None)
            written = ", ".join(f"msgstr[{slot}]" for slot in forms)
            if forms and len(forms) != nplurals:
                report(entry.msgid_line, f"{len(forms)} plural form{'s' if len(forms) != 1 else ''} "
                       f"({written}), but Plural-Forms says nplurals={nplurals}")
            elif forms and forms != list(range(nplurals)):
                report(entry.msgid_line, f"plural forms {written}, but Plural-Forms "
                       f"(nplurals={nplurals}) asks for msgstr[0] to msgstr[{nplurals - 1}]")
        if entry.plural is not None and any(entry.strings.values()):
            for form in sorted(form for form, text in entry.strings.items() if form is not None and not text):
                report(entry.string_lines[form], f"msgstr[{form}] is empty, but other forms of this "
                       "message are written: the site shows the message in English until every form is")
        for slot, text in sorted(entry.strings.items(), key=lambda item: item[0] or 0):
            if not text:
                continue
            line = entry.string_lines[slot]
            name = "msgstr" if slot is None else f"msgstr[{slot}]"
            placeholder = placeholder_problem(entry.msgid, entry.plural, text)
            if placeholder:
                report(line, f"{name}: {placeholder}")
        for line, message in _markup(entry):
            report(line, message)
    for line, severity, message in check_wording(entries, language.replace("-", "_"), avoided or []):
        report(line, message, severity)
    return sorted(problems, key=lambda problem: problem.line)


