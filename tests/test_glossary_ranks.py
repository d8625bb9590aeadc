"""Each locale names the ranks as its glossary says (issue 32: Swahili had the jack and the
queen swapped in some sixty messages while its glossary named them right)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial_engine.content.glossary import load, path_of
from tutorial_engine.engine.cards import Rank
from tutorial_engine.i18n.cardnames import rank_term
from tutorial_engine.i18n.catalogs import locale_codes
from tutorial_engine.i18n.translator import Translator

ROOT = Path(__file__).resolve().parent.parent
LOCALES = locale_codes(ROOT)
RANKS = {rank.name.lower(): rank for rank in Rank}


def rank_concepts():
    concepts, problems = load(path_of(ROOT / "locales"), "locales/glossary.yml")
    assert not problems
    return [concept for concept in concepts if concept.term in RANKS]


def test_the_glossary_names_every_court_card_and_the_ace():
    assert sorted(concept.term for concept in rank_concepts()) == ["ace", "jack", "king", "queen"]


@pytest.mark.parametrize("code", LOCALES)
def test_each_rank_term_is_the_glossarys_word(code):
    tr = Translator.load(ROOT / "locales", code)
    named = {concept.term: rank_term(RANKS[concept.term], tr).text for concept in rank_concepts()}
    assert named == {concept.term: concept.words[code].word for concept in rank_concepts()}


@pytest.mark.parametrize("code", LOCALES)
def test_the_rank_messages_are_the_ones_a_card_placeholder_takes_its_gender_from(code):
    """Translator.card looks a rank up by its English name; cardnames.rank_term asks for the same."""
    tr = Translator.load(ROOT / "locales", code)
    for rank in Rank:
        assert tr.term("rank", rank.name.lower()) == rank_term(rank, tr)


def test_a_phrase_the_glossary_sets_aside_is_found_whole_across_any_spaces():
    """«El bower derecho» was the calque of the right bower (issue 32): a phrase is set aside as a
    whole, never its words one by one."""
    from tutorial_engine.content.glossary import Concept, Word, avoided

    concept = Concept("right bower", "the jack of trump", {"es": Word("jota mayor", avoid=("bower derecho", "un euchre*"))})
    (phrase, instead), (begun, _) = avoided([concept], "es")
    assert phrase.search("El Bower  derecho gana.") and not phrase.search("un bower, derecho")
    assert begun.search("un euchreado") and not begun.search("euchre")
    assert instead == "the right bower is 'jota mayor' in this language (locales/glossary.yml)"
