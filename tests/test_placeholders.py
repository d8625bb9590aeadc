"""One name, one meaning: every placeholder of the template is in placeholders.PLACEHOLDERS,
and every value the site fills into a message is of the kind its name says."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutorial_engine.content.project import check
from tutorial_engine.engine.cards import Card
from tutorial_engine.i18n.grammar import Team, Term, placeholders
from tutorial_engine.i18n.placeholders import PLACEHOLDERS, Kind
from tutorial_engine.i18n.translator import LeftToRight, Signed, Translator
from tutorial_engine.render.page import Renderer, guide

ROOT = Path(__file__).resolve().parent.parent


def template_names() -> set[str]:
    with (ROOT / "locales" / "messages.pot").open("rb") as pot:
        catalog = read_po(pot)
    names = set()
    for message in catalog:
        for text in (message.id if isinstance(message.id, (list, tuple)) else (message.id,)):
            names |= placeholders(text or "")
    return names


def test_every_placeholder_of_the_template_has_one_meaning_and_none_is_stale():
    names = template_names()
    assert sorted(names - set(PLACEHOLDERS)) == []
    assert sorted(set(PLACEHOLDERS) - names) == []


def cards(value) -> bool:
    return isinstance(value, Card) or (isinstance(value, Sequence) and not isinstance(value, str)
                                       and all(isinstance(card, Card) for card in value))


def terms(value) -> bool:
    return isinstance(value, Team) or (isinstance(value, Sequence) and not isinstance(value, str)
                                       and all(isinstance(term, Term) for term in value))


FITS = {
    Kind.NAME: lambda v: isinstance(v, Term),
    Kind.TEAM: terms,
    Kind.SUIT: lambda v: isinstance(v, Term),
    Kind.RANK: lambda v: isinstance(v, Term),
    Kind.TERM: lambda v: isinstance(v, Term),
    Kind.SIDE: lambda v: isinstance(v, Term),
    Kind.COUNT: lambda v: isinstance(v, int) and not isinstance(v, bool),
    Kind.NUMBER: lambda v: isinstance(v, int) and not isinstance(v, bool),
    Kind.NUMBERS: lambda v: isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v),
    Kind.SIGNED: lambda v: isinstance(v, Signed),
    Kind.CARDS: cards,
    Kind.TEXT: lambda v: isinstance(v, (str, LeftToRight)) or (isinstance(v, list) and all(isinstance(x, str) for x in v)),
}


@pytest.fixture(scope="module")
def filled():
    """Every (placeholder, value) the English site fills in, from every page it renders."""
    seen: list[tuple[str, object]] = []
    original = Translator._fill

    def recording(self, text, values):
        seen.extend(values.items())
        return original(self, text, values)

    report = check(ROOT)
    Translator._fill = recording
    try:
        renderer = Renderer(Translator("en"))
        for page in report.pages:
            renderer.page(page, report.pages, report.games)
            if page.has_drills:
                renderer.worksheet(page)
        renderer.instructors(guide.samples(ROOT / "examples", ROOT), report.games)
    finally:
        Translator._fill = original
    return seen


def test_every_value_filled_in_is_of_its_placeholders_kind(filled):
    wrong = sorted({(name, type(value).__name__) for name, value in filled
                    if name not in PLACEHOLDERS or not FITS[PLACEHOLDERS[name]](value)})
    assert wrong == []
    kinds = {PLACEHOLDERS[name] for name, _ in filled}
    assert kinds == set(Kind)  # the site shows every kind somewhere, so each is held to its kind


def test_names_and_suits_reach_sentences_as_terms_that_a_translation_can_inflect(filled):
    people = [value for name, value in filled if PLACEHOLDERS.get(name) in (Kind.NAME, Kind.TEAM)]
    assert people and not any(isinstance(value, str) for value in people)
    assert {value.text for name, value in filled if name == "suit"} == {"spades", "hearts", "diamonds", "clubs"}
    assert not any(re.search(r"[♠♥♦♣]", value) for name, value in filled
                   if isinstance(value, str) and PLACEHOLDERS.get(name) is not Kind.TEXT)
