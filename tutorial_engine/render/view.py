"""What every renderer of one locale draws with: its Translator, its templates, its players'
names, and the drills' questions (drawn once; rendered once a locale, DrillRenderer.questions).
The page renderer builds on it, and the drill, walkthrough and score-sheet renderers take it,
so none of them needs the page renderer."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import partial

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from ..content.drills import Drill
from ..engine.cards import Card
from ..i18n.cardnames import card_face, card_name, inline, is_red, rank_letter, rank_name, suit_name, trump_badge
from ..i18n.grammar import Term
from ..i18n.translator import ENGLISH, English, Translator, cached, remembered
from .drillmarkup import variant
from .templatecache import CompiledTemplates


@cached
def name_term(person: str, tr: Translator) -> Term:
    """Cached: a locale names its players some five thousand times."""
    return tr.term("name", person)


def compile_templates(templates: CompiledTemplates) -> None:
    """Compile every template now, e.g. before forking workers that would each compile them."""
    env = _environment(ENGLISH, templates)
    for name in env.list_templates():
        env.get_template(name)


def _environment(tr: Translator, templates: CompiledTemplates) -> Environment:
    """One locale's environment for one build (`serve` makes a new one for each). Its templates
    stand still meanwhile, so it does not look at a template's file again each time it is
    used (`auto_reload`), a thousand times a locale."""
    env = Environment(loader=PackageLoader("tutorial_engine.render", "templates"),
                      autoescape=select_autoescape(["html", "md"], default_for_string=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True, bytecode_cache=templates, auto_reload=False)
    env.globals.update(
        gettext=tr.gettext, ngettext=tr.ngettext, pgettext=tr.pgettext, npgettext=tr.npgettext,
        number=tr.number, digits=tr.digits, is_red=is_red,
        card=lambda card, extra="": card_face(card, extra, tr),
        trump_badge=lambda suit: trump_badge(suit, tr),
        card_name=lambda card: card_name(card, tr), rank_letter=lambda rank: rank_letter(rank, tr),
        rank_name=lambda rank: rank_name(rank, tr), suit_name=lambda suit: suit_name(suit, tr),
        inline=partial(inline, tr=tr),
        variant=lambda v, first, printed, anchor: variant(v, first, printed, tr, anchor),
    )
    return env


class View:
    """One locale's templates and words.

    `questions` are the drills' questions as the check drew them; a drill not in it (one a test
    made) is drawn when it is shown. `templates` keeps the compiled templates of every locale
    (by default, those of the user's cache folder)."""

    def __init__(self, tr: Translator, questions: Mapping[Drill, tuple] | None = None,
                 templates: CompiledTemplates | None = None):
        self.tr = tr
        self.questions = questions or {}
        self.env = _environment(tr, templates or CompiledTemplates.in_user_cache())
        self.env.globals["say"] = self.say
        self.env.globals["say_html"] = lambda text: self.mark(
            text, inline(text, self.tr, html=True, ltr=isinstance(text, English)))
        self.english_marks = Markup(' lang="en"') + (Markup(' dir="ltr"') if tr.direction == "rtl" else "")

    def say(self, text: str) -> Markup:
        """A translated title or heading for Markdown: text only, with card codes and, on a
        right-to-left page, left-to-right runs as inline() writes them; marked if it is English."""
        return self.mark(text, inline(text, self.tr, ltr=isinstance(text, English)))

    def mark(self, text: str, html: Markup) -> Markup:
        """`html` made from `text`, inside a lang="en" span if `text` is a message shown in
        English, so that a screen reader reads it with an English voice."""
        if not isinstance(text, English):
            return html
        return Markup("<span{}>{}</span>").format(self.english_marks, html)

    def name(self, person: str) -> Term:
        """A player's name, with the forms its translation gives (grammar.py)."""
        return name_term(person, self.tr)

    def card(self, card: Card, extra: str = "") -> Markup:
        """A card as a diagram shows it (card_face), looked up in the Translator's memo here: a
        locale draws some twenty thousand, most of them over and over."""
        key = (View.card, card, extra)
        kept = self.tr.memo.get(key)
        if kept is not None and not kept[1]:
            return kept[0]
        return remembered(self.tr, key, card_face, card, extra, self.tr)

    def html(self, template: str, **context) -> Markup:
        """Diagrams are raw HTML inside Markdown: one block, without blank lines to end it early."""
        html = self.env.get_template(template).render(**context)
        return Markup(re.sub(r"\n\s*\n", "\n", html).strip())
