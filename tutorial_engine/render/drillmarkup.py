"""Drill questions and walkthrough moments as HTML: the pictures a question shows (`Prompts`),
then the question itself with its steps, options and answers (`variant`).

Written in Python rather than as Jinja macros, as cards are (cardnames.card_face): a locale
writes some two thousand questions, and the macros' calls were a third of a locale's build.
drill.html lays the questions out on a page; the plugin writes the rest of a long drill into a
script the page loads when the learner gets there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from markupsafe import Markup

from ..engine.cards import Card
from ..i18n.cardnames import escaped, inline, trump_badge
from ..i18n.translator import Translator, cached


class Prompts:
    """Question-mode pictures for drills: the cards and the table, never the answer."""

    def __init__(self, tr: Translator, card: Callable[[Card], Markup]) -> None:
        self.tr = tr
        self.card = card
        """A card's face (View.card)."""

    def seats(self, rows) -> Markup:
        """Rows of the table, each a dict: a player's `name`, the `card` played (or None) and
        `tags` after it."""
        items = []
        for r in rows:
            card = self.card(r["card"]) if r["card"] else ""
            tags = "".join(f'<span class="tc-tag">{inline(t, self.tr)}</span>' for t in r["tags"])
            items.append(f'<li class="tc-seat"><span class="tc-seat__name">{inline(str(r["name"]), self.tr)}</span>'
                         f'{card}{tags}</li>')
        return Markup(f'<ol class="tc-plays">{"".join(items)}</ol>')

    def row(self, cards, label: str = "") -> Markup:
        head = f'<span class="tc-row__label">{inline(label, self.tr)}</span>' if label else ""
        faces = "".join(map(self.card, cards))
        return Markup(f'<p class="tc-row">{head}{faces}</p>')

    def with_trump(self, trump, tags: Sequence[str] = ()) -> Markup:
        """The trump badge, then `tags` that say where the trick stands (explain.moment_tags)."""
        badges = [trump_badge(trump, self.tr)] if trump else []
        badges += [f'<span class="tc-badge">{inline(tag, self.tr)}</span>' for tag in tags]
        return Markup(f'<p class="tc-diagram__meta">{" ".join(badges)}</p>') if badges else Markup()


def variant(v, first: int, printed: bool, tr: Translator, anchor: str) -> Markup:
    """`v` (a drills.DrillQuestion or a walkthrough.ShownMoment) with its steps numbered from `first`
    as the worksheet numbers them, in the drill whose section is `anchor`. A variant past the
    printed ones carries a marker that the print stylesheet hides it by."""
    cards, answer = _words(tr)
    parts = ['<li class="tc-drill__variant">\n']
    # The pictures' landmark, named by what it shows: a walkthrough's moment by its title; a
    # drill's question by the drill's title and the question's number, so that the first
    # questions of a page's drills are told apart.
    title = getattr(v, "title", None)
    own = f"{anchor}-cards-{first}"
    name = (f'aria-label="{escaped(Markup(title).striptags())}"' if title is not None
            else f'aria-labelledby="{anchor}-title {own}"')
    if not printed:
        parts.append('<span class="tc-drill__unprinted" hidden></span>')
    parts.append('<div class="tc-drill__prompt">')
    if title is not None:
        parts.append(f'<h4 class="tc-drill__moment">{_html(title)}</h4>')
        parts.extend(f'<p class="tc-drill__story">{_html(line)}</p>' for line in v.story)
    parts.append(f'<div class="tc-scroll" role="region" {name}>{_html(v.prompt)}</div></div>\n')
    if title is None:
        parts.append(f'<span id="{own}" hidden>{cards.replace("{number}", tr.number(first))}</span>\n')
    parts.append('<ol class="tc-drill__steps">\n')
    for k, s in enumerate(v.steps):
        parts.append(f'<li class="tc-drill__step" data-type="{_html(s.type)}" data-answer="{_html(s.answer)}">\n'
                     f'<span class="tc-drill__number" hidden>{_html(tr.number(first + k))}.</span>\n'
                     f'<p class="tc-drill__question">{_html(s.question)}</p>\n')
        if s.options:
            parts.append('<ul class="tc-drill__options">\n')
            parts.extend(f'<li data-value="{_html(o.value)}">{_html(o.html)}</li>\n' for o in s.options)
            parts.append('</ul>\n')
        parts.append(f'<p class="tc-drill__blank" hidden>{answer}<span class="tc-drill__line"></span></p>\n'
                     f'<details class="tc-drill__solution"><summary>{answer}</summary>'
                     f'<div class="tc-drill__feedback">{_html(s.feedback)}</div></details>\n</li>\n')
    parts.append('</ol>\n</li>\n')
    return Markup("".join(parts))


@cached
def _words(tr: Translator) -> tuple[str, str]:
    """What every variant says the same way in a locale, escaped once; the name of a question's
    pictures keeps its {number}, filled per question (a str.replace: a locale writes some forty
    thousand questions, and a fill per question would cost a tenth of a second)."""
    return (escaped(tr.pgettext("drill", "The cards of question {number}")),
            escaped(tr.pgettext("drill", "Answer")))


def _html(value) -> str:
    """`escape(value)` as text: markup as it is, anything else escaped. A question's parts are
    markup already, and escape() would copy each again; a locale writes some forty thousand."""
    return value if isinstance(value, Markup) else escaped(str(value))
