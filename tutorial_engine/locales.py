"""The translator's workflow behind `tutorial-engine locale add|update|stats|check`.

Thin wrappers over Babel, so the plain tools keep working: `update` runs the very `pybabel
extract` and `pybabel update` that `make catalogs` always ran; `add` writes what `pybabel init`
writes. `check` reads a catalog with its own small parser, because Babel's is lenient (an
unterminated string or a stray byte passes silently) and stops at the first problem, and a
translator wants every problem at once, at its line. cli.py only prints what these functions return.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import io
import pickle
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import babel
from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from . import glossary
from .cache import Kept
from .i18n import DOMAIN, SOURCE_LOCALE, catalog_path, oversized
from .problems import display_path
from .wording import check_wording

LOCALES_DIR = "locales"
TEMPLATE = f"{DOMAIN}.pot"
MKDOCS = "mkdocs.yml"
TRANSLATING = "TRANSLATING.md"
PROJECT_NAME = "Card game tutorials"
# The `catalogs` recipe of the Makefile as it always was; `make catalogs` now runs `locale update`.
EXTRACT = ["extract", "-F", "babel.cfg", "-o", f"{LOCALES_DIR}/{TEMPLATE}", "--no-wrap",
           "--add-comments=TRANSLATORS:", f"--project={PROJECT_NAME}", "--sort-by-file", "."]
UPDATE = ["update", "-i", f"{LOCALES_DIR}/{TEMPLATE}", "-d", LOCALES_DIR, "--no-wrap"]


class LocaleError(Exception):
    """A one-line reason why a command did nothing."""


def template_path(project: Path) -> Path:
    return project / LOCALES_DIR / TEMPLATE


def locale_codes(project: Path) -> list[str]:
    """Every locale with a catalog folder, sorted: locales/<code>/LC_MESSAGES/*.po."""
    root = project / LOCALES_DIR
    if not root.is_dir():
        return []
    return sorted(folder.name for folder in root.iterdir()
                  if folder.is_dir() and any((folder / "LC_MESSAGES").glob("*.po")))


def catalog_files(project: Path, code: str) -> list[Path]:
    return sorted((project / LOCALES_DIR / code / "LC_MESSAGES").glob("*.po"))


# --- add -----------------------------------------------------------------------------------------

def parse_code(code: str) -> Locale:
    """The Babel locale for a code such as de or pt_BR; a LocaleError names what is wrong."""
    if code == SOURCE_LOCALE:
        raise LocaleError(f"{code} is the source language: the English text is the msgid itself")
    try:
        locale = Locale.parse(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        raise LocaleError(f"unknown language code '{code}': Babel (CLDR) does not know it; "
                          "use a code such as de, pt_BR or zh_Hant") from None
    if str(locale) != code:
        raise LocaleError(f"write the language code as '{locale}', not '{code}'")
    return locale


def new_catalog(template: bytes, locale: Locale, now: datetime.datetime) -> bytes:
    """What `pybabel init --no-wrap` writes: the template with the locale's CLDR plural header
    (the translators named as in the project's other catalogs)."""
    catalog = read_po(io.BytesIO(template), locale=locale)
    catalog.locale = locale
    catalog.revision_date = now
    catalog.fuzzy = False
    # As in the project's other catalogs; msgfmt --check warns about pybabel's placeholders.
    catalog.last_translator = catalog.language_team = f"{PROJECT_NAME} translators"
    out = io.BytesIO()
    write_po(out, catalog, width=None)
    return out.getvalue()


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


@dataclass
class Added:
    catalog: Path
    locale: Locale
    registered: bool  # False when mkdocs.yml listed the locale already


def add_locale(project: Path, code: str, now: datetime.datetime | None = None) -> Added:
    """Create locales/<code>/LC_MESSAGES/messages.po and list the locale in mkdocs.yml.

    Everything is checked before anything is written: an error leaves the project as it was.
    """
    locale = parse_code(code)
    target = catalog_path(project / LOCALES_DIR, code)
    if catalog_files(project, code):
        raise LocaleError(f"locale {code} exists already: {display_path(catalog_files(project, code)[0])}")
    template = template_path(project)
    if not template.is_file():
        raise LocaleError(f"no template {display_path(template)}; run tutorial-engine locale update first")
    mkdocs_file = project / MKDOCS
    if not mkdocs_file.is_file():
        raise LocaleError(f"no {MKDOCS} in {display_path(project)}")
    mkdocs = register_locale(mkdocs_file.read_text(encoding="utf-8"), code)
    catalog = new_catalog(template.read_bytes(), locale,
                          now or datetime.datetime.now(datetime.UTC))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(catalog)
    if mkdocs is not None:
        mkdocs_file.write_text(mkdocs, encoding="utf-8")
    return Added(target, locale, mkdocs is not None)


# --- update --------------------------------------------------------------------------------------

def update_catalogs(project: Path) -> list[Path]:
    """Re-extract the template and merge it into every catalog, as `pybabel` does, except that
    a message that comes back takes its old translation from the obsolete entry, to be confirmed
    (_revive_obsolete).

    A changed English message keeps its old translation marked fuzzy; a removed one turns
    obsolete (#~). No --previous: pybabel wraps the `#|` lines, which msgfmt then rejects.
    Returns the catalogs merged.
    """
    from babel.messages.frontend import CommandLineInterface, OptionError

    with contextlib.chdir(project):
        try:
            CommandLineInterface().run(["pybabel", "--quiet", *EXTRACT])
            codes = locale_codes(project)
            if codes:
                CommandLineInterface().run(["pybabel", "--quiet", *UPDATE])
        except (OptionError, OSError) as error:
            raise LocaleError(str(error)) from None
    paths = [path for code in codes for path in catalog_files(project, code)]
    for path in paths:
        _revive_obsolete(path)
    return paths


def _revive_obsolete(path: Path) -> None:
    """A message that comes back takes its old translation from the obsolete (#~) entry, as GNU
    msgmerge does, but marked fuzzy: pybabel keeps no flags on obsolete entries, so whether that
    translation was approved is lost. pybabel itself would guess a translation from another
    message and keep the obsolete entry too, a duplicate that msgfmt refuses."""
    from babel.messages.pofile import read_po, write_po

    with path.open("rb") as file:
        catalog = read_po(file)
    back = [(key, old, catalog.get(old.id, old.context)) for key, old in catalog.obsolete.items()]
    back = [(key, old, message) for key, old, message in back if message is not None]
    if not back:
        return
    for key, old, message in back:
        del catalog.obsolete[key]
        if message.fuzzy or not message.string:  # a current translation stays; a guess gives way
            message.string = old.string
            message.flags.add("fuzzy")
    with path.open("wb") as file:
        write_po(file, catalog, width=None)


# --- stats ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Counts:
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated

    @property
    def percent(self) -> float:
        """Translated and not fuzzy, of all messages (the header and obsolete ones left out)."""
        return 100.0 * self.translated / self.total if self.total else 100.0

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.translated + other.translated, self.fuzzy + other.fuzzy,
                      self.untranslated + other.untranslated)

    def __str__(self) -> str:
        # Rounded down: 99.96% is not shown as a complete 100.0%.
        shown = int(self.percent * 10) / 10
        return (f"{self.translated} translated, {self.fuzzy} fuzzy, "
                f"{self.untranslated} untranslated, {shown:.1f}%")


def count(catalog: Catalog) -> Counts:
    translated = fuzzy = untranslated = 0
    for message in catalog:  # obsolete messages are not iterated
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if message.fuzzy:
            fuzzy += 1
        elif strings and all(strings):
            translated += 1
        else:
            untranslated += 1
    return Counts(translated, fuzzy, untranslated)


def catalog_counts(path: Path, code: str) -> Counts:
    return count(read_catalog(path, code))


def read_catalog(path: Path, code: str, kept: Kept | None = None) -> Catalog:
    """The catalog at `path`, or a LocaleError saying how to find out what is wrong with it.
    `kept` (cache.Kept) holds the catalogs an earlier build read, by their bytes: reading one
    is most of what a build does before its locales can start."""
    if reason := oversized(path):
        raise LocaleError(f"{display_path(path)}: {reason}")
    try:
        data = path.read_bytes()
        key = hashlib.sha256(f"{babel.__version__}\0{sys.version}\0{code}\0".encode() + data).hexdigest()
        catalog = _unpickled_catalog(kept.read(code, key)) if kept is not None else None
        if catalog is not None:
            return catalog
        catalog = read_po(io.BytesIO(data), locale=code, abort_invalid=True)
    except Exception as error:  # noqa: BLE001 - any unreadable catalog gets the same advice
        raise LocaleError(f"{display_path(path)} does not read ({error}); "
                          "run tutorial-engine locale check") from None
    if kept is not None:
        kept.write(code, key, pickle.dumps(catalog, protocol=pickle.HIGHEST_PROTOCOL))
    return catalog


def _unpickled_catalog(data: bytes | None) -> Catalog | None:
    """A catalog this program pickled into the user's own cache folder (cache.py), never one
    from a project."""
    try:
        catalog = pickle.loads(data) if data is not None else None
    except Exception:  # noqa: BLE001 - damaged: read the .po file again
        return None
    return catalog if isinstance(catalog, Catalog) else None


def stats(project: Path) -> dict[str, list[tuple[Path, Counts]]]:
    """Per locale, per catalog file: the counts."""
    return {code: [(path, catalog_counts(path, code)) for path in catalog_files(project, code)]
            for code in locale_codes(project)}


# --- check ---------------------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Problem:
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


def _string(text: str) -> tuple[str | None, str | None]:
    """(value, None) for a well-formed "…" string, else (None, the reason)."""
    match = _STRING.fullmatch(text.strip())
    if match is None:
        if not text.strip().startswith('"'):
            return None, "expected a quoted string"
        return None, "unterminated string (a line must end with the closing quote)"
    value, escape = [], False
    for char in match[1]:
        if escape:
            if char not in _ESCAPES:
                return None, f"unknown escape sequence \\{char}"
            value.append(_ESCAPES[char])
            escape = False
        elif char == "\\":
            escape = True
        else:
            value.append(char)
    return "".join(value), None


def parse_po(data: bytes, path: Path) -> tuple[list[Entry], list[Problem]]:
    """Every entry of a .po file (obsolete ones left out) and every syntax problem, at its line."""
    problems: list[Problem] = []
    entries: list[Entry] = []

    def error(line: int, message: str) -> None:
        problems.append(Problem(path, line, "error", message))

    entry: Entry | None = None
    flags: set[str] = set()
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
        if line.startswith("#~"):  # obsolete: kept for reference, never used
            part = None
            continue
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
            name, index = part
            if name == "msgstr":
                entry.strings[index] += value
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
            value = ""
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
        if _EVENT.search(attributes):
            problems.append(f"event attribute {_EVENT.search(attributes)[0].rstrip(' =')}= in <{name}>")
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


def check_po(data: bytes, path: Path, code: str | None = None,
             avoided: list[tuple[re.Pattern, str]] | None = None) -> list[Problem]:
    """Every problem of one catalog, in line order: syntax, placeholders, plural forms, markup,
    and what a reviewer would find in its wording (wording.py), `avoided` words of the glossary
    included.

    `code` is the locale when the header has no `Language:` (the catalog's folder name).
    """
    entries, problems = parse_po(data, path)

    def report(line: int, message: str, severity: str = "error") -> None:
        problems.append(Problem(path, line, severity, message))

    header, fields = _header(entries)
    nplurals = None
    language, language_line = fields.get("language", (code or "", 0))
    if "plural-forms" in fields:
        value, line = fields["plural-forms"]
        found = _NPLURALS.search(value)
        if found is None:
            report(line, f"Plural-Forms has no nplurals: '{value}'")
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
        for slot, text in sorted(entry.strings.items(), key=lambda item: item[0] or 0):
            if not text:
                continue
            line = entry.string_lines[slot]
            name = "msgstr" if slot is None else f"msgstr[{slot}]"
            placeholder = placeholder_problem(entry.msgid, entry.plural, text)
            if placeholder:
                report(line, f"{name}: {placeholder}")
            for markup in markup_problems(entry.msgid if entry.plural is None else
                                          entry.msgid + entry.plural, text):
                report(line, f"{name}: {markup}")
    for line, severity, message in check_wording(entries, language.replace("-", "_"), avoided or []):
        report(line, message, severity)
    return sorted(problems, key=lambda problem: problem.line)


def check_locales(project: Path, codes: list[str] | tuple[str, ...] = ()) -> tuple[list[Problem], int]:
    """The problems of the named locales' catalogs (default: every locale), and how many files."""
    known = locale_codes(project)
    for code in codes:
        if code not in known:
            raise LocaleError(f"no catalog for locale '{code}' in {display_path(project / LOCALES_DIR)}"
                              f" (locales: {', '.join(known) or 'none'}); add it with "
                              f"tutorial-engine locale add {code}")
    files = [path for code in (codes or known) for path in catalog_files(project, code)]
    problems, concepts = [], []
    words = glossary.path_of(project / LOCALES_DIR)
    if words.is_file():
        concepts, found = glossary.load(words, display_path(words))
        problems += [Problem(words, problem.location.line, "error", problem.message, problem.location.column)
                     for problem in found]
    for path in files:
        if reason := oversized(path):
            problems.append(Problem(path, 1, "error", reason))  # unread
        else:
            code = path.parent.parent.name
            problems += check_po(path.read_bytes(), path, code, glossary.avoided(concepts, code))
    return problems, len(files)


# --- glossary ------------------------------------------------------------------------------------

def glossary_tables(project: Path, write: bool) -> tuple[str, Path]:
    """The glossary's tables, and TRANSLATING.md, which `write` puts them into."""
    path = glossary.path_of(project / LOCALES_DIR)
    if not path.is_file():
        raise LocaleError(f"no glossary: {display_path(path)} does not exist")
    concepts, problems = glossary.load(path, display_path(path))
    if problems:
        raise LocaleError("\n".join(problems.report()))
    tables = glossary.markdown(concepts)
    document = project / TRANSLATING
    if write:
        try:
            text = glossary.written_into(document.read_text(encoding="utf-8"), concepts)
        except (OSError, ValueError) as error:
            raise LocaleError(f"{display_path(document)}: {error}") from None
        document.write_text(text, encoding="utf-8")
    return tables, document
