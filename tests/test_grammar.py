"""Names, teams and suits as terms a translation inflects, and the one path that writes numbers,
signs, lists and card codes the locale's way (grammar.py, translator.py, cardnames.inline)."""

from __future__ import annotations

import io

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from tutorial_engine.engine.cards import Card
from tutorial_engine.i18n.cardnames import inline
from tutorial_engine.i18n.grammar import Placeholder, Team, Term, fill, parse, placeholders, term_problems
from tutorial_engine.i18n.translator import LeftToRight, Signed, Translator

ANNA = Term.parse("Анна | gender=f | gen=Анны | dat=Анне")
BORIS = Term.parse("Борис | gender=m | gen=Бориса")


def listed(items):
    return " и ".join(items)


def translator(code: str, entries: dict) -> Translator:
    """A Translator whose catalog holds `entries`: (context, msgid) → msgstr, or (context,
    (singular, plural)) → its forms."""
    catalog = Catalog(locale=code)
    for (context, msgid), string in entries.items():
        catalog.add(msgid, string, context=context)
    out = io.BytesIO()
    write_po(out, catalog)
    return Translator.of(code, read_po(io.BytesIO(out.getvalue()), locale=code))


def test_a_term_reads_its_usual_form_its_forms_and_its_gender():
    assert (ANNA.text, ANNA.gender, ANNA.form("gen"), ANNA.form("dat")) == ("Анна", "f", "Анны", "Анне")
    assert ANNA.form("ins") == "Анна"  # a form the term does not give: its usual form
    assert Term.parse("Anna") == Term("Anna")
    assert Term.parse("  Anna |  de = d’Anna ") == Term("Anna", (("de", "d’Anna"),))


def test_term_problems_name_each_malformed_part():
    assert term_problems("Анна | gender=f | gen=Анны") == []
    assert term_problems("Анна | gen") == ["'gen' is not a form: write name=form, as in gen=Анны"]
    assert term_problems(" | gen=Анны | gen=Анны") == ["the usual form before the first | is empty",
                                                      "the form 'gen' is given twice"]


def test_grammar_asks_a_form_and_gender_chooses_words():
    template = "Карты {{GRAMMAR:gen|{player}}}: {player} {{GENDER:{player}|f=взяла|other=взял}} взятку."
    assert fill(template, {"player": ANNA}, listed) == "Карты Анны: Анна взяла взятку."
    assert fill(template, {"player": BORIS}, listed) == "Карты Бориса: Борис взял взятку."
    assert placeholders(template) == {"player"}
    assert {(t.name, t.form) for t in parse(template) if isinstance(t, Placeholder) and t.form} == {("player", "gen")}


def test_a_team_is_listed_and_each_member_takes_the_form():
    team = Team((ANNA, BORIS))
    assert fill("{team} и {{GRAMMAR:gen|{team}}}", {"team": team}, listed) == "Анна и Борис и Анны и Бориса"
    assert team.gender is None and Team((ANNA, ANNA)).gender == "f"
    assert fill("{{GENDER:{team}|f=ellas|other=ellos}}", {"team": team}, listed) == "ellos"


def test_what_has_no_value_stays_as_written():
    template = "{{GRAMMAR:gen|{player}}} {{GENDER:{player}|f=a|other=b}} {page} {{x}}"
    assert fill(template, {}, listed) == template


def test_numbers_signs_and_lists_are_written_the_locales_way():
    fa, en = Translator("fa"), Translator("en")
    assert fa.number(120) == "۱۲۰" and en.number(-3) == "−3"
    assert fa.number(-3) == "\u200e−۳"
    assert fa.signed(2) == "\u2066\u200e+۲\u2069" and fa.signed(-1) == "\u2066\u200e−۱\u2069"
    assert en.signed(2) == "+2" and en.signed(0) == "0"
    assert fa.percent(0.999) == "۹۹٫۹٪" and Translator("fr").percent(0.5) == "50\u00a0%"
    assert en.gettext("Play {card}.", card=[Card.parse("5♠"), Card.parse("K♣"), Card.parse("4♦")]) == "Play 5♠, K♣, and 4♦."
    assert Translator("ru").gettext("{card}", card=[Card.parse("5♠"), Card.parse("K♣")]) == "5♠ и K♣"
    assert fa.value(LeftToRight("۱۱ + ۰ = ۱۱")) == "\u2066۱۱ + ۰ = ۱۱\u2069"
    assert en.value(Signed(-1)) == "−1" and fa.value(-2) == "\u2066\u200e−۲\u2069"


def test_a_translation_fills_terms_counts_and_signs():
    took = "{player} {{GENDER:{player}|f=взяла|other=взял}} {sum}"
    ru = translator("ru", {("drill", ("{player} took {sum} point.", "{player} took {sum} points.")):
                           (f"{took} очко.", f"{took} очка.", f"{took} очков.")})
    said = ru.npgettext("drill", "{player} took {sum} point.", "{player} took {sum} points.", 21,
                        player=ANNA, sum=LeftToRight("11 + 10 = 21"))
    assert said == "Анна взяла 11 + 10 = 21 очко."
    said = ru.npgettext("drill", "{player} took {sum} point.", "{player} took {sum} points.", 12,
                        player=BORIS, sum=LeftToRight("2 + 10 = 12"))
    assert said == "Борис взял 2 + 10 = 12 очков."


def test_inline_localises_card_codes_and_isolates_every_left_to_right_run_on_rtl_pages():
    ru = translator("ru", {("rank letter", "Q"): "Д", ("rank", "queen"): "дама",
                           ("card", "{rank} of clubs"): "{rank} треф", ("card", "the {card_name}"): "{card_name}"})
    assert inline("Ход Q♣.", ru) == ('Ход <span class="tc-code" dir="ltr" role="img" aria-label="дама треф">'
                                     'Д♣</span>.')
    fa = Translator("fa")
    html = inline(f"آنا A♥ و Albastini، {fa.signed(-1)} & `game.yml` [x]", fa)
    assert html == ('آنا <span class="tc-code tc-code--red" dir="ltr" role="img" aria-label="the ace of hearts">A♥</span>'
                    ' و <span dir="ltr">Albastini</span>، <span dir="ltr">\u200e−۱</span> &amp; '
                    '<span dir="ltr">`game.yml`</span> &#91;<span dir="ltr">x</span>&#93;')
    assert "<span dir" not in inline("Anna and Albastini", Translator("en"))
    # Accented Latin stays in one run, and a sentence keeps its own full stop (issue 16 review).
    assert inline("از Rötenbach و St. Märgen.", fa) == ('از <span dir="ltr">Rötenbach</span> و '
                                                      '<span dir="ltr">St. Märgen</span>.')
    # A straight apostrophe, escaped before the runs are found, stays inside its word (issue 32 review).
    assert inline("کتاب *Hoyle's Rules of Games*", fa) == 'کتاب *<span dir="ltr">Hoyle&#39;s Rules of Games</span>*'


@pytest.mark.parametrize("code", ["en", "ru", "fr", "es", "sw"])
def test_left_to_right_locales_get_no_isolates(code):
    tr = Translator(code)
    assert tr.signed(-1) == tr.number(-1) and "\u2066" not in tr.value(LeftToRight("1 + 1 = 2"))


RUSSIAN_CARDS = {("rank letter", "Q"): "Д", ("rank letter", "K"): "К",
                 ("rank", "queen"): "дама | gender=f | acc=даму | ins=дамой",
                 ("rank", "king"): "король | gender=m | acc=короля | ins=королём",
                 ("rank", "ten"): "десятка | gender=f | acc=десятку",
                 ("card", "{rank} of spades"): "{rank} пик", ("card", "{rank} of diamonds"): "{rank} бубен",
                 ("card", "the {card_name}"): "{card_name}"}


def test_a_card_is_named_in_the_form_its_sentence_asks_issue_32():
    """«Вы берёте взятку королём бубен», not «картой король бубен»: a card has its rank's forms,
    and a sentence asks for the one it needs, for screen readers and spoken announcements."""
    ru = translator("ru", RUSSIAN_CARDS | {
        ("play", "{player} takes the trick with {card}."): "{player} берёт взятку {{GRAMMAR:ins|{card}}}.",
        ("play", "{card} is turned."): "{{GENDER:{card}|f=Открыта|other=Открыт}} {card}.",
        ("play", "You pass {passed}."): "Вы передаёте {{GRAMMAR:acc|{passed}}}."})
    said = ru.pgettext("play", "{player} takes the trick with {card}.", player=ANNA, card=Card.parse("K♦"))
    assert inline(said, ru) == ('Анна берёт взятку <span class="tc-code tc-code--red" dir="ltr" role="img" '
                                'aria-label="королём бубен">К♦</span>.')
    assert ru.pgettext("play", "{card} is turned.", card=Card.parse("Q♠")) == "Открыта Q♠."
    assert ru.pgettext("play", "{card} is turned.", card=Card.parse("K♠")) == "Открыт K♠."
    passed = inline(ru.pgettext("play", "You pass {passed}.", passed=[Card.parse("Q♠"), Card.parse("10♠")]), ru)
    assert passed == ('Вы передаёте <span class="tc-code" dir="ltr" role="img" aria-label="даму пик">Д♠</span> и '
                      '<span class="tc-code" dir="ltr" role="img" aria-label="десятку пик">10♠</span>.')


def test_a_card_code_written_in_a_translation_may_take_a_form_and_a_missing_form_is_the_usual_one():
    ru = translator("ru", RUSSIAN_CARDS)
    assert inline("Борис кладёт {{GRAMMAR:acc|Q♠}}, а не {{GRAMMAR:dat|Q♠}}.", ru) == (
        'Борис кладёт <span class="tc-code" dir="ltr" role="img" aria-label="даму пик">Д♠</span>, а не '
        '<span class="tc-code" dir="ltr" role="img" aria-label="дама пик">Д♠</span>.')
    fa = Translator("fa")
    assert inline("بوریس {{GRAMMAR:acc|3♠}} را بازی می‌کند", fa) == (
        'بوریس <span class="tc-code" dir="ltr" role="img" aria-label="the three of spades">3♠</span> را بازی می‌کند')
    english = Translator("en")
    assert english.gettext("{player} plays {card}.", player="Anna", card=Card.parse("3♠")) == "Anna plays 3♠."


def test_a_long_list_ends_as_the_catalog_writes_it_and_as_cldr_does_until_then():
    """Persian style guides write no comma before «و», where CLDR does (issue 32)."""
    fa = translator("fa", {("list", "{items}, and {last}"): "{items} و {last}"})
    assert fa.listed(["الف", "ب", "ج"]) == "الف،\u200f ب و ج"
    assert Translator("fa").listed(["الف", "ب", "ج"]) == "الف،\u200f ب، و ج"
    assert translator("fr", {}).listed(["a", "b", "c"]) == "a, b et c"
    assert fa.listed(["الف", "ب"]) == "الف و ب"


def test_english_reads_a_card_in_a_sentence_with_its_article_and_a_card_face_without():
    """«Anna plays the ace of spades», not «plays ace of spades» (issue 32 learner review); a
    language whose sentences ask for forms translates "the {card_name}" as the name alone."""
    from tutorial_engine.i18n.cardnames import card_face

    english = Translator("en")
    assert 'aria-label="the ace of spades">A♠' in inline("Anna plays A♠.", english)
    assert 'aria-label="ace of spades"' in card_face(Card.parse("A♠"), "", english)
    ru = translator("ru", RUSSIAN_CARDS)
    assert 'aria-label="дама пик"' in inline("Q♠", ru)


def test_a_side_name_that_opens_a_message_takes_a_capital_and_nothing_else_does_issue_32():
    """game.yml's name for the side that made trump is written as in mid-sentence ("makers",
    «заказчики»); a message that starts with it starts a sentence."""
    makers = Term.parse("заказчики | gender=pl | dat=заказчикам")
    assert fill("{side}: {change}.", {"side": makers, "change": "+1"}, listed) == "Заказчики: +1."
    assert fill("{{GRAMMAR:dat|{side}}} — 2 очка.", {"side": makers}, listed) == "Заказчикам — 2 очка."
    assert fill("Сдачу выиграли {side}.", {"side": makers}, listed) == "Сдачу выиграли заказчики."
    assert fill("{term} бьёт.", {"term": Term("левый валет")}, listed) == "левый валет бьёт."
    assert fill("{side}", {}, listed) == "{side}"
    english = Translator()
    assert english.pgettext("drill", "{side}: {change}.", side=Term("makers"), change=Signed(2)) == "Makers: +2."
