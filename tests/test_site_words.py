"""The built site read as a careful reader of each locale reads it (issue 16): every page's text
and labels, and the questions of every drill script, held to what that reader expects.

- Card codes use the locale's rank letters, wherever a sentence names a card.
- On right-to-left pages every left-to-right run (Latin words, card codes, sums, signed numbers)
  is isolated, every digit is Persian and every sign is the locale's own.
- No English is shown outside an element marked lang="en", Material's words and the 404 page
  included, and no word the glossary sets aside.
- The defects a reader found before are gone: names in their dictionary form where the grammar
  wants another, teams glued with "+", bare counts, suits as bare symbols in sentences, rank
  names that are only letters, an ordinary space before French high punctuation.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from site_words import Findings, Text, texts

from tutorial_engine.content import glossary
from tutorial_engine.engine.cards import Rank
from tutorial_engine.i18n.cardnames import rank_letter
from tutorial_engine.i18n.theme import theme_words
from tutorial_engine.i18n.translator import Translator, catalog_path, is_current

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ["ru", "fr", "es", "fa", "sw"]
CODE = re.compile(r"(?<![\w])(10|[A-Z2-9a-zА-Я])([♠♥♦♣])")
SUIT = re.compile(r"[♠♥♦♣]")
NAMES = ("Anna", "Boris", "Chiara", "Dawit", "Emeka", "Farida")
pytestmark = pytest.mark.xdist_group("site-words")  # on one worker, so that the site is read once


@pytest.fixture(scope="module")
def read(built_site):
    return {code: texts(built_site, code) for code in LOCALES}


@pytest.fixture(scope="module")
def translators():
    return {code: Translator.load(ROOT / "locales", code) for code in LOCALES}


def shown(found: list[Text]) -> list[Text]:
    """What a reader reads as the locale's own words: not code samples, not text marked English."""
    return [t for t in found if not t.code and not t.lang.startswith("en")]


def english_words(code: str, tr: Translator) -> set[str]:
    """Every English text the site could show in this locale where a translation differs: the
    catalog's messages and Material's words."""
    with catalog_path(ROOT / "locales", code).open("rb") as po:
        catalog = read_po(po)
    english = set()
    for message in catalog:
        if is_current(message) and isinstance(message.id, str) and message.string != message.id:
            # A game's name and a term of the game ("right bower") may stay the players' English
            # word, glossed where it is defined, as French players of Euchre keep it.
            if message.context not in ("name", "rank letter", "game", "term"):
                english.add(message.id.strip())
    ours = theme_words(tr)
    english |= {word for key, word in theme_words(Translator()).items() if ours[key] != word}
    english |= {"Permanent link", "404 - Not found"}  # Material's and Python-Markdown's own English
    return {word for word in english if len(word) > 3 and word not in {"Altbaumer", "Albastini", "Briscola"}}


@pytest.mark.parametrize("code", LOCALES)
def test_no_english_outside_an_element_marked_english(read, translators, code):
    english = english_words(code, translators[code])
    findings = Findings()
    for text in shown(read[code]):
        if text.text.strip() in english:
            findings.add("English text outside lang=\"en\"", text, text.label or "text")
    assert not findings.items, str(findings)


@pytest.mark.parametrize("code", LOCALES)
def test_card_codes_use_the_locales_rank_letters_and_name_the_card(read, translators, code):
    """A card code in any sentence shows the rank letters of the card faces (Д♣ in Russian, R♦
    in French) and carries the card's name: no code reaches a page as bare text."""
    tr = translators[code]
    foreign = {rank.value for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
               if rank_letter(rank, tr) != rank.value}
    findings = Findings()
    for text in shown(read[code]):
        if text.label is not None:
            continue
        if text.in_card:
            if foreign & set(text.text):
                findings.add("an English rank letter in a card", text)
        elif CODE.search(text.text):
            findings.add("a card code outside the card-code element", text)
    assert not findings.items, str(findings)


@pytest.mark.parametrize("code", LOCALES)
def test_suits_are_words_in_sentences_and_ranks_are_words_in_card_names(read, code):
    findings = Findings()
    for text in shown(read[code]):
        if text.label is None and not text.in_card and not text.classes & {"tc-badge"} and SUIT.search(text.text):
            findings.add("a suit's symbol in a sentence", text)
        if text.label == "aria-label" and text.in_card and re.search(r"[0-9۰-۹]|\b[AKQJ]\b", text.text):
            findings.add("a card named with a digit or a letter", text)
    assert not findings.items, str(findings)


def test_rank_tables_name_each_rank_in_words(built_site):
    for code in ["en", *LOCALES]:
        html = (built_site / code / "albastini" / "two-players.html").read_text(encoding="utf-8")
        rows = re.findall(r'<span class="tc-rank" dir="ltr">([^<]*)</span> ([^<]*)</td>', html)
        assert rows and all(name.strip() and name.strip() != letter and not re.search(r"[0-9۰-۹]", name)
                            for letter, name in rows), (code, rows)


def test_on_right_to_left_pages_every_left_to_right_run_is_isolated_and_every_digit_persian(read):
    findings = Findings()
    for text in read["fa"]:
        if text.code or text.in_card or text.label is not None:  # a label is spoken, not laid out
            continue
        if text.lang.startswith("en") or text.isolated:
            continue
        if re.search(r"[A-Za-zÀ-ÖØ-öø-ɏ]", text.text):
            findings.add("a Latin run outside an isolate", text)
        if re.search(r"[0-9]", text.text):
            findings.add("a Western digit", text)
        if re.search(r"[%]|(?<![\w])-[۰-۹]|[۰-۹]\s*[-+=−]\s*[۰-۹]|(?:^|\s)[+−][۰-۹]", text.text):
            findings.add("a sign, sum or percent outside an isolate, or not the locale's own", text)
    assert not findings.items, str(findings)


@pytest.mark.parametrize("code", LOCALES)
def test_no_word_the_glossary_sets_aside(read, code):
    concepts, problems = glossary.load(glossary.path_of(ROOT / "locales"), "locales/glossary.yml")
    assert not problems
    findings = Findings()
    for pattern, instead in glossary.avoided(concepts, code):
        for text in shown(read[code]):
            if pattern.search(text.text):
                findings.add(f"'{pattern.pattern}' ({instead})", text)
    assert not findings.items, str(findings)


@pytest.mark.parametrize("code", LOCALES)
def test_teams_are_lists_and_names_take_their_forms(read, translators, code):
    tr = translators[code]
    names = [tr.term("name", name).text for name in NAMES]
    alternatives = "|".join(map(re.escape, names))
    glued = re.compile(rf"(?:{alternatives}) \+ (?:{alternatives})")
    dictionary_form = {
        "ru": re.compile(rf"(?:игрок[ауе]|игроком|\b[уок]|\bдля|\bот|\bс) (?:{alternatives})\b"),
        "fr": re.compile(r"\b(?:de|que|le|la|ce|ne|se|je) (?:[AEIOUÉ]\w+)\b"),
    }.get(code)
    findings = Findings()
    for text in shown(read[code]):
        if glued.search(text.text):
            findings.add("a team glued with +", text)
        if dictionary_form is not None and dictionary_form.search(text.text):
            findings.add("a name in its dictionary form where the grammar wants another", text)
    assert not findings.items, str(findings)


def test_russian_counts_agree_with_their_nouns(read):
    """«по 3 карт» was one message for 3 and 5 cards; each count now has its plural form."""
    findings = Findings()
    wrong = re.compile(r"\bпо (?:[2-4]|2[2-4]) карт\b|\bпо (?:[5-9]|1[0-9]|20) карты\b|"
                       r"(?<![\d.,])(?:[2-4]) (?:очков|взяток|карт)\b|(?<![\d.,])1 (?:очков|очка|взяток|карт)\b")
    for text in shown(read["ru"]):
        if wrong.search(text.text):
            findings.add("a count whose noun does not agree", text)
    assert not findings.items, str(findings)


def test_french_sets_a_no_break_space_before_high_punctuation(read):
    findings = Findings()
    for text in shown(read["fr"]):
        if text.label is None and re.search(r"\S [:;?!»]|« \S", text.text):
            findings.add("an ordinary space before : ; ? ! or inside « »", text)
    assert not findings.items, str(findings)


@pytest.mark.parametrize("code", ["en", *LOCALES])
def test_the_404_page_and_the_skip_link_speak_the_locale(built_site, translators, code):
    tr = translators.get(code) or Translator()
    html = (built_site / code / "404.html").read_text(encoding="utf-8")
    heading = re.search(r'<h1 id="top">(.*?)</h1>', html, re.S)[1].strip()
    assert heading == tr.pgettext("theme", "{code}: page not found", code=404)
    assert "404 - Not found" not in html
    for page in (html, (built_site / code / "index.html").read_text(encoding="utf-8")):  # the 404 page has its own
        skip = re.search(r'class="md-skip">\s*(.*?)\s*</a>', page)
        assert skip and skip[1] == tr.pgettext("theme", "Skip to content")
