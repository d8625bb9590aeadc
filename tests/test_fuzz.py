"""Issue 9, fuzzing: whatever bytes reach the YAML loader, the card parser, the `judge` line
reader or the catalog checker end in a result or in a clean error with a location, never in
another exception.

Hypothesis draws the inputs: raw bytes, text, and YAML or catalogs built from the real grammar
and then broken. tests/fixtures/fuzz/ keeps inputs worth replaying for ever (those that once
failed, and the shapes that are easy to get wrong); every file there goes through every target.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorial_engine.cli.judge import BadLine, answer, serve
from tutorial_engine.content.project import Report, check, load_games
from tutorial_engine.content.source import SourceError, parse_source
from tutorial_engine.engine.cards import Card, CardSyntaxError, parse_cards
from tutorial_engine.i18n.pofile import check_po

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "fuzz"
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                        HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def games():
    report = Report()
    load_games(ROOT, report)
    return report.games


# --- what each target may do ---

def load_yaml(data: bytes, tmp_path: Path) -> None:
    """parse_source: a tree or SourceError at a line; check(): problems with a location in
    the file, and nothing raised."""
    try:
        parse_source(data, "fuzz.yml")
    except SourceError as error:
        assert error.location.path == "fuzz.yml" and error.message
    path = tmp_path / "fuzz.yml"
    path.write_bytes(data)
    report = check(ROOT, [path])
    for problem in report.problems:
        assert problem.location.path.endswith("fuzz.yml") or problem.location.path.startswith("examples/"), problem
        assert problem.message


def parse_card(text: str) -> None:
    try:
        card = Card.parse(text)
    except CardSyntaxError as error:
        assert str(error)
    else:
        assert Card.parse(str(card)) is card
    try:
        cards = parse_cards(text)
    except CardSyntaxError as error:
        assert str(error)
    else:
        assert all(isinstance(c, Card) for c in cards)


def judge(games, line: bytes) -> None:
    try:
        reply = answer(games, line)
    except BadLine as error:
        assert str(error)
    else:
        assert isinstance(reply, dict) and json.dumps(reply)
    # and through the line reader: one JSON line out for each line in
    out = io.BytesIO()
    serve(games, io.BytesIO(line.replace(b"\n", b" ") + b"\n"), out)
    replies = out.getvalue().decode("utf-8").splitlines()
    assert len(replies) == 1 and isinstance(json.loads(replies[0]), dict)


def check_catalog(data: bytes) -> None:
    for problem in check_po(data, Path("fuzz.po"), "fr"):
        assert problem.line >= 0 and problem.severity in ("error", "warning") and problem.message


# --- drawn inputs ---

HUGE = st.one_of(st.integers(10**17, 10**19), st.integers(min_value=1, max_value=5000).map(lambda n: "9" * n),
                 st.integers(min_value=1, max_value=5000).map(lambda n: "x" * n))
"""Numbers and texts of the sizes a hostile file holds (issue 29): past 18 digits, past 4,300
(where Python stops reading a number), strings thousands of characters long."""
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=30), HUGE,
                    st.sampled_from(["A♥", "3♠", "♠", "Anna", "Boris", "trick", "albastini", "altbaumer",
                                     "highest-trump", "examples", "drills", "pages", "game", "<script>", "*x"]))
KEYS = st.sampled_from(["game", "examples", "drills", "pages", "id", "kind", "title", "trump", "seats", "leader",
                        "plays", "expect", "winner", "points", "reason", "cards", "variations", "count", "seed",
                        "constraints", "sections", "blocks", "hand", "trick", "forecasts", "dealer", "turned"])
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                       st.dictionaries(KEYS, inner, max_size=6)), max_leaves=30)


@st.composite
def yaml_files(draw) -> bytes:
    """A mapping shaped like the project's files, dumped, then perhaps cut or spliced."""
    value = draw(st.dictionaries(KEYS, VALUES, min_size=1, max_size=5))
    text = yaml.safe_dump(value, allow_unicode=True, sort_keys=False)
    cut = draw(st.integers(0, len(text)))
    splice = draw(st.sampled_from(["", "\t", ": ", "- ", "[", "{", "&a ", "*a", "!!python/object:os.system ",
                                   "\x00", "\ufeff", "'", '"', "\n  - ", "---\n", "%YAML 1.1\n",
                                   "[" * 5000, "seed: " + "7" * 5000 + "\n", "9" * 5000]))
    if draw(st.booleans()):
        text = text[:cut] + splice + text[cut:]
    return text.encode("utf-8")


@st.composite
def judge_lines(draw) -> bytes:
    request = draw(st.dictionaries(st.sampled_from(["game", "variant", "trump", "plays", "trick", "hand", "x"]),
                                   st.one_of(SCALARS, st.lists(SCALARS, max_size=6)), max_size=5))
    text = json.dumps(request, ensure_ascii=draw(st.booleans()))
    if draw(st.booleans()):  # a hostile size: a number past Python's reading, nesting, an overlong line
        text = text[:-1] + draw(st.sampled_from([', "n": ' + "9" * 5000, ', "n": ' + "[" * 5000,
                                                 ', "n": "' + "x" * 70_000 + '"'])) + text[-1:]
    cut = draw(st.integers(0, len(text)))
    return (text[:cut] if draw(st.booleans()) else text).encode("utf-8")


PO_LINES = st.sampled_from([
    'msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '"Language: fr\\n"',
    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"', 'msgctxt "drill"', 'msgid "Check"', 'msgstr "Vérifier"',
    'msgid "{n} point"', 'msgid_plural "{n} points"', 'msgstr[0] "{n} point"', 'msgstr[1] "{n} points"',
    'msgstr[2] "x"', 'msgstr[' + "9" * 5000 + '] "x"', '"Plural-Forms: nplurals=' + "9" * 5000 + '; plural=0;\\n"',
    'msgstr "<b>gras</b>"', 'msgstr "**gras"', '#, fuzzy', '#, python-brace-format',
    '#~ msgid "old"', '"continued"', 'msgstr "{m}"', 'msgid "unterminated', '', '# comment', 'msgstr', '"\\x"'])


@given(data=st.binary(max_size=300))
@FUZZ
def test_yaml_loader_takes_any_bytes(tmp_path, data):
    load_yaml(data, tmp_path)


@pytest.mark.slow  # each of its inputs is a project file that check loads in full
@given(data=yaml_files())
@FUZZ
def test_yaml_loader_takes_any_project_shaped_file(tmp_path, data):
    load_yaml(data, tmp_path)


@given(text=st.one_of(st.text(max_size=12), st.from_regex(r"[AKQJT2-9]{0,2}(10)?[♠♥♦♣SHDCshdc]{0,2}", fullmatch=True)))
@FUZZ
def test_card_parser_takes_any_text(text):
    parse_card(text)


@given(line=st.one_of(st.binary(max_size=120), judge_lines()))
@FUZZ
def test_judge_takes_any_line(games, line):
    judge(games, line)


@given(lines=st.lists(PO_LINES, max_size=25), noise=st.binary(max_size=20))
@FUZZ
def test_catalog_checker_takes_any_catalog(lines, noise):
    check_catalog("\n".join(lines).encode("utf-8"))
    check_catalog("\n".join(lines).encode("utf-8") + noise)


@pytest.mark.parametrize("path", sorted(CORPUS.iterdir()), ids=lambda p: p.name)
def test_the_corpus_replays_through_every_target(games, tmp_path, path):
    data = path.read_bytes()
    load_yaml(data, tmp_path)
    judge(games, data.splitlines()[0] if data.splitlines() else data)
    check_catalog(data)
    parse_card(data.decode("utf-8", errors="replace")[:40])
