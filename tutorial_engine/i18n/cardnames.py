"""Card, rank and suit names in the reader's language.

A full card name is one pattern per suit with the rank as placeholder ("{rank} of hearts",
ru "{rank} червей"), never glued fragments; rank letters on card faces are translatable too.
A card has the forms its rank's translation gives: form "acc" of "{rank} пик" is the pattern
with the rank's "acc" («даму пик»), so that a sentence can ask for the case it needs
(grammar.py); a card code in a sentence carries that form to its accessible name.
"""

from __future__ import annotations

import dataclasses
import re

from markupsafe import Markup, escape

from ..engine.cards import Card, Rank, Suit
from ..engine.game import TopTrump, TopTrumpSuit
from .grammar import Term
from .translator import END_ISOLATE, ISOLATE, Translator, cached, remembered


def rank_name(rank: Rank, tr: Translator) -> str:
    return rank_term(rank, tr).text


@cached
def rank_term(rank: Rank, tr: Translator) -> Term:
    """The rank's name, with the forms and the gender its translation gives: a card's name
    may agree with it, where a language joins "of hearts" one way to an ace and another to a
    king."""
    # TRANSLATORS: A rank's name inside a card's name ("ace", "seven").
    # After it you may give a gender and forms, which the card
    # patterns ("{rank} of hearts") can ask for (TRANSLATING.md).
    return Term.parse({
        Rank.ACE: lambda: tr.pgettext("rank", "ace"),
        Rank.KING: lambda: tr.pgettext("rank", "king"),
        Rank.QUEEN: lambda: tr.pgettext("rank", "queen"),
        Rank.JACK: lambda: tr.pgettext("rank", "jack"),
        Rank.TEN: lambda: tr.pgettext("rank", "ten"),
        Rank.NINE: lambda: tr.pgettext("rank", "nine"),
        Rank.EIGHT: lambda: tr.pgettext("rank", "eight"),
        Rank.SEVEN: lambda: tr.pgettext("rank", "seven"),
        Rank.SIX: lambda: tr.pgettext("rank", "six"),
        Rank.FIVE: lambda: tr.pgettext("rank", "five"),
        Rank.FOUR: lambda: tr.pgettext("rank", "four"),
        Rank.THREE: lambda: tr.pgettext("rank", "three"),
        Rank.TWO: lambda: tr.pgettext("rank", "two"),
    }[rank]())


@cached
def rank_letter(rank: Rank, tr: Translator) -> str:
    """What the corner of the card shows: A K Q J in English, Т К Д В in Russian. Numbers stay
    as printed on cards (10, 7…), like the card codes in sentences beside the diagram."""
    return {
        Rank.ACE: lambda: tr.pgettext("rank letter", "A"),
        Rank.KING: lambda: tr.pgettext("rank letter", "K"),
        Rank.QUEEN: lambda: tr.pgettext("rank letter", "Q"),
        Rank.JACK: lambda: tr.pgettext("rank letter", "J"),
    }.get(rank, lambda: rank.value)()


@cached
def suit_term(suit: Suit, tr: Translator) -> Term:
    """The suit as a word a sentence can inflect ("You must follow {suit}."), with the forms
    its translation gives (grammar.py)."""
    # TRANSLATORS: A suit's name on its own ("You hold no clubs").
    # After it you may give the forms and the gender that your
    # sentences ask for: "трефы | gender=pl | gen=треф".
    return Term.parse({
        Suit.SPADES: lambda: tr.pgettext("suit", "spades"),
        Suit.HEARTS: lambda: tr.pgettext("suit", "hearts"),
        Suit.DIAMONDS: lambda: tr.pgettext("suit", "diamonds"),
        Suit.CLUBS: lambda: tr.pgettext("suit", "clubs"),
    }[suit]())


def suit_name(suit: Suit, tr: Translator) -> str:
    """The suit's name on its own, as a screen reader says the symbol."""
    return suit_term(suit, tr).text


def card_name(card: Card, tr: Translator) -> str:
    """"ace of hearts", ru "туз червей": the card's accessible name."""
    return card_term(card, tr).text


@cached
def card_term(card: Card, tr: Translator) -> Term:
    """The card's name with a form for each form of its rank (a placeholder of the pattern
    that names its own form keeps it), and its rank's gender."""
    rank = rank_term(card.rank, tr)

    def named(usual: str) -> str:
        as_usual = dataclasses.replace(rank, text=usual)
        return {
            Suit.SPADES: lambda: tr.pgettext("card", "{rank} of spades", rank=as_usual),
            Suit.HEARTS: lambda: tr.pgettext("card", "{rank} of hearts", rank=as_usual),
            Suit.DIAMONDS: lambda: tr.pgettext("card", "{rank} of diamonds", rank=as_usual),
            Suit.CLUBS: lambda: tr.pgettext("card", "{rank} of clubs", rank=as_usual),
        }[card.suit]()
    return Term(named(rank.text), tuple((key, named(value)) for key, value in rank.forms), rank.gender)


@cached
def top_trump_name(top: TopTrump, tr: Translator) -> str:
    """A top trump that depends on the trump suit, named by its place: "jack of the trump suit"."""
    assert top.rank is not None  # a fixed top trump is named as a card
    rank = rank_term(top.rank, tr)
    if top.suit is TopTrumpSuit.TRUMP:
        return tr.pgettext("card", "{rank} of the trump suit", rank=rank)
    # TRANSLATORS: "colour" is red or black, not a suit: the left bower is the jack of the other
    # suit of the same colour as trump (diamonds when hearts are trump).
    return tr.pgettext("card", "{rank} of the other suit of the trump's colour", rank=rank)


def is_red(suit: Suit) -> bool:
    return suit.red


_MARKDOWN_SYNTAX = str.maketrans({"[": "&#91;", "]": "&#93;", "{": "&#123;", "}": "&#125;",
                                  "\r": " ", "\n": " "})


_MARKDOWN_CHARACTERS = re.compile(r"[\[\]{}\r\n]")


def escaped(text: str) -> str:
    """`str(escape(text))` for a str, the same characters escaped the same way (markupsafe's
    `&#34;` and `&#39;`), without making a Markup to copy back to str: half the time of
    escape() for the short texts a locale escapes some forty thousand times."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&#34;").replace("'", "&#39;"))


def plain(text: str) -> Markup:
    """Text that stays text in HTML and in Markdown alike, whatever a catalog holds: escaped
    for HTML, and without Markdown's links, images or attribute lists (`[ ] { }` become
    character references) or line breaks that could start a block. **bold** and *italics* stay.
    Markdown's characters are looked for before they are replaced: few texts hold any."""
    safe = escaped(str(text))
    return Markup(safe.translate(_MARKDOWN_SYNTAX) if _MARKDOWN_CHARACTERS.search(safe) else safe)


@cached
def card_face(card: Card, extra: str, tr: Translator) -> Markup:
    """A card as the reader sees it: corner letter and suit, its full name for screen readers;
    `extra` adds classes. Cached per locale: a build draws some 20,000 cards, a Jinja macro
    each until this, a quarter of the time spent rendering pages."""
    red = " tc-card--red" if is_red(card.suit) else ""
    classes = f"{red} {escape(extra)}" if extra else red
    return Markup(f'<span class="tc-card{classes}" role="img" aria-label="{escape(card_name(card, tr))}" '
                  f'dir="ltr"><span class="tc-card__rank" aria-hidden="true">{escape(rank_letter(card.rank, tr))}'
                  f'</span><span class="tc-card__suit" aria-hidden="true">{escape(str(card.suit))}</span></span>')


@cached
def trump_badge(suit: Suit, tr: Translator) -> Markup:
    """"Trump:" and the suit's sign, named in full for screen readers; cached like card_face."""
    red = " tc-card--red" if is_red(suit) else ""
    label = escape(tr.pgettext("diagram", "Trump:"))  # outside the f-string, where pybabel finds it
    return Markup(f'<span class="tc-badge tc-badge--trump">{label} '
                  f'<span class="tc-suit{red}" role="img" aria-label="{escape(suit_name(suit, tr))}" '
                  f'dir="ltr">{escape(str(suit))}</span></span>')


_CODE = r"(?<![\w])(?:10|[AKQJ2-9])[♠♥♦♣](?![\w])"
_LTR = r"[A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]"
"""A letter of the Latin script, accents included (Rötenbach), or a Western digit."""
_WORD = rf"(?!{_CODE}){_LTR}+(?:(?:['’._/-]|&#39;)+(?!{_CODE}){_LTR}+)*"
"""A Latin word, its inner apostrophes, stops, slashes and hyphens included; `plain` has already
written a straight apostrophe as &#39; (Hoyle&#39;s is one word)."""
_LATIN = rf"(?P<latin>{_WORD}(?:[.,]?[ ]{_WORD})*)"
"""Latin words, with the spaces, stops and commas between them ("St. Märgen", "CC BY 4.0"), but
not a stop or a comma after the last: it belongs to the sentence around it."""
_FORMED = rf"&#123;&#123;GRAMMAR:(?P<form>[^&|<>]*)\|(?P<formed>{_CODE})&#125;&#125;"
"""A card code in the form a sentence asks ({{GRAMMAR:acc|Q♠}}), as `plain` escapes its braces: what
grammar.fill writes for a card placeholder that asks a form, and what a translation may write
around a card code of its own."""
_INLINE = {
    "ltr": re.compile(rf"{_FORMED}|(?P<code>{_CODE})|{ISOLATE}(?P<isolated>[^{END_ISOLATE}]*){END_ISOLATE}"
                      rf"|(?P<backticks>`[^`]+`)"),
    "rtl": re.compile(rf"{_FORMED}|(?P<entity>&#?\w+;)|(?P<code>{_CODE})|{ISOLATE}(?P<isolated>[^{END_ISOLATE}]*){END_ISOLATE}"
                      rf"|(?P<backticks>`[^`]+`)|{_LATIN}"),
}
_LTR_SPAN = '<span dir="ltr">{}</span>'


def inline(text: str, tr: Translator, html: bool = False, ltr: bool = False) -> Markup:
    """Text made safe by `plain`, whose card codes read like the card faces beside them (Q♣ is
    Д♣ in Russian), named in full for screen readers. On a right-to-left page every
    left-to-right run is isolated, so that none reorders the words around it: card codes,
    sums and signed numbers (Translator.isolated), Latin words and `code`. `html`: the text
    goes straight into HTML, not through Markdown, so `code` is written as an element. `ltr`:
    the text stands in a left-to-right element already (English shown for want of a
    translation), where its Latin words need no isolate of their own.

    Kept in the Translator's memo: a locale writes some twelve thousand texts, labels and
    questions again and again among them, most often through this very look-up."""
    text = str(text)  # by its characters: True and 1 are equal keys, "True" and "1" are not
    key = (inline, text, html, ltr)
    kept = tr.memo.get(key)
    if kept is not None and not kept[1]:
        return kept[0]
    return remembered(tr, key, _inline, text, html, "ltr" if ltr else tr.direction, tr)


def _inline(text: str, html: bool, direction: str, tr: Translator) -> Markup:
    pattern = _INLINE[direction]

    def written(match: re.Match) -> str:
        if match["formed"]:
            return card_code(match["formed"], match["form"].strip(), tr)
        if match["code"]:
            return card_code(match["code"], None, tr)
        if match["isolated"] is not None:
            return _LTR_SPAN.format(pattern.sub(written, match["isolated"]))
        if match["backticks"]:
            if html:
                return f'<code dir="ltr">{match["backticks"][1:-1]}</code>'
            return _LTR_SPAN.format(match[0]) if direction == "rtl" else match[0]
        if match.lastgroup == "entity":
            return match[0]
        return _LTR_SPAN.format(match[0])
    return Markup(pattern.sub(written, plain(text)))


@cached
def card_code(text: str, form: str | None, tr: Translator) -> str:
    """A card code in a sentence, such as Q♣, named for screen readers in the form the
    sentence asks (`form`); cached like card_face."""
    card = Card.parse(text)
    red = " tc-code--red" if is_red(card.suit) else ""
    face = f"{rank_letter(card.rank, tr)}{card.suit}"
    return (f'<span class="tc-code{red}" dir="ltr" role="img" '
            f'aria-label="{escape(in_sentence(card_term(card, tr).form(form), tr))}">{escape(face)}</span>')


@cached
def in_sentence(name: str, tr: Translator) -> str:
    """A card's name as a sentence says it: English reads "the ace of spades" where a card
    face alone is "ace of spades"; other languages give the form the sentence asks instead."""
    # TRANSLATORS: How a card's name reads inside a sentence, for screen readers ("Anna plays the
    # ace of spades"). English puts "the" before it. If your sentences ask for the card's forms
    # ({{GRAMMAR:acc|{card}}}, TRANSLATING.md), or your language has no such article, write
    # {card_name}.
    return tr.pgettext("card", "the {card_name}", card_name=name)

