"""Pages and worked examples → Markdown for one locale, diagrams included.

Everything shown comes from the engine (winners, points, reasons, legal cards) or game.yml
(tables); templates only lay it out. Every translated string is escaped before it reaches the
page, Markdown's link and attribute syntax included, so a catalog can never inject markup.
A message shown in English for want of a current translation is marked lang="en", and its
page says that it is partly translated.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import partial
from pathlib import Path

from markupsafe import Markup

from ..content.drills import Drill
from ..content.examples import (
    Example,
    ForecastExample,
    LegalExample,
    RankingExample,
    TrickExample,
)
from ..content.jsonschema import FILES
from ..content.pages import (
    BulletList,
    Decision,
    DrillBlock,
    Page,
    Paragraph,
    PlayBlock,
    TableBlock,
    WalkthroughBlock,
    counts_in,
)
from ..content.walkthrough import walk
from ..engine.cards import Card
from ..engine.game import GameSpec, TopTrump, TopTrumpSuit
from ..engine.procedure import TrumpFrom, TrumpSet
from ..i18n.cardnames import inline, top_trump_name
from ..i18n.explain import (
    explain_legality,
    explain_options,
    explain_outcome,
    explain_win,
    moment_tags,
)
from ..i18n.grammar import Term
from ..i18n.translator import English, Translator
from . import guide
from .drills import MORE_FOLDER, PRINTED, DrillRenderer, trick_worth
from .play import PlayRenderer
from .scoresheet import ScoreSheetRenderer
from .view import View
from .walkthrough import WalkRenderer


@dataclass(frozen=True)
class ShownPlay:
    name: Term
    card: Card
    points: int
    lead: bool
    winner: bool


@dataclass(frozen=True)
class Seat:
    name: Term
    dealer: bool
    forecast: Card | None
    exchanges: bool


@dataclass(frozen=True)
class Row:
    card: Card | None
    rank: object
    points: int
    name: str | None = None
    """A top trump that depends on the trump suit, by its place ("jack of the trump suit")."""


NOTICE_SLOT = "<!-- tutorial: partly translated -->"
SLOT = "<!-- tutorial: block {} -->"


@dataclass(frozen=True)
class RenderedPage:
    """A page as `Renderer.page` renders it: its Markdown; the HTML that goes in place of each
    marker once MkDocs has made the Markdown a page (`slots`, see `_PageOutput.slot`); and the
    scripts with its drills' further questions, by their site path."""

    markdown: str
    slots: Mapping[str, Markup]
    scripts: Mapping[str, str]


@dataclass
class _PageOutput:
    """What rendering one page gathers besides its Markdown; it lives as long as that call."""

    printing: bool
    """Rendering a page's worksheet to print rather than the page."""
    slots: dict[str, Markup] = field(default_factory=dict)
    scripts: dict[str, str] = field(default_factory=dict)

    def slot(self, html: Markup) -> Markup:
        """A marker for `html` in the page's Markdown; the plugin puts `html` in its place in the
        finished page. A drill's hundreds of kilobytes of markup then skip Markdown's HTML
        parser and the search indexer, which made up most of the build's time (a learner
        searches the rules, not thirty drill questions)."""
        marker = Markup(SLOT.format(len(self.slots) + 1))
        self.slots[str(marker)] = html
        return marker


class Renderer(View):
    """Renders pages for one locale: every method returns text for that locale only."""

    def prose(self, text: str, game: GameSpec | None) -> Markup:
        """A translated paragraph, with {cards} {points} {hand} from game.yml: one at most, by
        which the translation's plural form is chosen ("по 5 карт", "по 3 карты")."""
        if game is None or not (counts := counts_in(text)):
            translated = self.tr.gettext(text)
        else:
            values = {"cards": len(game.deck), "points": game.total_points, "hand": game.hand_size}
            translated = self.tr.ngettext(text, text, values[counts[0]], **values)
        return self.mark(translated, inline(translated, self.tr, ltr=isinstance(translated, English)))

    def page(self, page: Page, pages: list[Page], games: dict[str, GameSpec]) -> RenderedPage:
        return self._page(page, pages, games, printing=False)

    def worksheet(self, page: Page) -> RenderedPage:
        """The worksheet of a page with drills: the page with the first PRINTED questions of
        each drill, each with its answer, and the answer keys; it prints without a script."""
        return self._page(page, [], {}, printing=True)

    def _page(self, page: Page, pages: list[Page], games: dict[str, GameSpec], printing: bool) -> RenderedPage:
        template = self.env.get_template("page.md")
        blocks = [b for s in page.sections for b in s.blocks] + list(page.intro)
        out = _PageOutput(printing)
        root = "../" * page.path.count("/")
        with self.tr.recording() as missed:
            title = self.tr.gettext(page.title)
            heading = self.tr.pgettext("worksheet", "{title}: worksheet to print", title=title) if printing else title
            markdown = template.render(
                page=page, title=heading, block=partial(self.block, page=page, out=out, root=root),
                entry=self.entry, contents=self.contents(page, pages, games), prose=self.prose,
                notice=Markup(NOTICE_SLOT),
                has_drills=page.has_drills or any(isinstance(b, WalkthroughBlock) for b in blocks),
                printing=printing, worksheet_note=self.worksheet_note(page, printing) if page.has_drills else "",
                play_note=self.play_note(page, pages), root=root)
        return RenderedPage(self.with_notice(markdown, bool(missed)), out.slots, out.scripts)

    def worksheet_note(self, page: Page, printing: bool) -> Markup:
        """The line between a practice page and its worksheet, in both directions."""
        if printing:
            text = self.tr.npgettext(
                "worksheet", "This worksheet holds the first question of every drill on the page {page}, "
                "with its answer, and an answer key after each drill. Print it, or save it as a PDF, to "
                "practise on paper; it needs no JavaScript.",
                "This worksheet holds the first {n} questions of every drill on the page {page}, "
                "each with its answer, and an answer key after each drill. Print it, or save it as a PDF, to "
                "practise on paper; it needs no JavaScript.", PRINTED)
            return self.linked(text, "{page}", self.tr.gettext(page.title), Path(page.path).name)
        text = self.tr.npgettext(
            "worksheet", "To practise on paper, or without JavaScript, open the {worksheet}: it lists the first "
            "question of every drill with its answer.",
            "To practise on paper, or without JavaScript, open the {worksheet}: it lists the first "
            "{n} questions of every drill with their answers.", PRINTED)
        return self.linked(text, "{worksheet}", self.tr.pgettext("worksheet", "worksheet to print"),
                           Path(page.worksheet_path).name)

    def play_note(self, page: Page, pages: list[Page]) -> Markup:
        """The line under the title of a game's page that leads to the game's play pages (but
        this one): their titles as links, listed as the locale lists things."""
        plays = [p for p in pages if p.game is not None and p.game is page.game and p is not page and p.has_play]
        if not plays:
            return Markup("")
        links = {f"play{number}": Markup("[{}]({})").format(self.say(self.tr.gettext(p.title)), Path(p.path).name)
                 for number, p in enumerate(plays, 1)}
        text = self.tr.pgettext("play", "Play whole deals in your browser against the computer: {pages}.",
                                pages=["{" + name + "}" for name in links])
        return self.composed(text, links)

    def linked(self, text: str, placeholder: str, label: str, target: str) -> Markup:
        """A translated sentence whose `placeholder` becomes a Markdown link to `target`."""
        link = Markup("[{}]({})").format(self.say(label), target)
        return self.composed(text, {placeholder.strip("{}"): link})

    def composed(self, text: str, parts: dict[str, Markup]) -> Markup:
        """A translated sentence whose placeholders are pieces of Markdown already made (a
        link, a paragraph), the rest written as inline() writes text; marked if English."""
        pieces = re.split(r"(\{\w+\})", text)
        english = isinstance(text, English)
        html = Markup("").join(parts[piece[1:-1]] if piece[1:-1] in parts else inline(piece, self.tr, ltr=english)
                               for piece in pieces)
        return self.mark(text, html)

    def entry(self, page: Page) -> Markup:
        """A page in the home page's contents: its title as a link, and its summary."""
        link = Markup("[{}]({})").format(self.say(self.tr.gettext(page.title)), page.path)
        if not page.summary:
            return link
        return self.composed(self.tr.pgettext("contents", "{title}: {summary}"),
                             {"title": link, "summary": self.prose(page.summary, page.game)})

    def translators(self, stats: dict) -> str:
        """The translators' page: `stats` maps each locale to its catalog's Counts."""
        rows = [{"code": code, "name": Translator(code).name, "dir": Translator(code).direction,
                 "counts": counts, "percent": self.percent(counts.percent)}
                for code, counts in stats.items()]
        with self.tr.recording() as missed:
            markdown = self.env.get_template("translators.md").render(rows=rows, notice=Markup(NOTICE_SLOT))
        return self.with_notice(markdown, bool(missed))

    def instructors(self, samples: dict[str, guide.Sample], games: dict[str, GameSpec]) -> str:
        """The instructors' guide: its field tables and `samples` (guide.samples), its sample
        errors from the loader itself, for the first game (that sample is left out without a
        game)."""
        first = games[min(games)] if games else None
        mistakes = None
        if first is not None:
            path, text, output = guide.mistakes(first)
            mistakes = {"path": path, "text": text, "output": "\n".join(output)}
        with self.tr.recording() as missed:
            markdown = self.env.get_template("instructors.md").render(
                notice=Markup(NOTICE_SLOT), tables={kind: guide.field_tables(kind) for kind in FILES},
                samples=dict.fromkeys(FILES) | samples, mistakes=mistakes, schemas=[f"{kind}.schema.json" for kind in FILES],
                commands={"new": guide.NEW_COMMANDS, "watch": guide.WATCH_COMMANDS}, root="")
        return self.with_notice(markdown, bool(missed))

    def percent(self, value: float) -> str:
        """99.96 → "99.9%" in the locale's way ("99,9 %" in French): rounded down, since a
        translation that is not complete must not read 100%."""
        return self.tr.percent(Decimal(math.floor(value * 10)) / 1000)

    def with_notice(self, markdown: str, partly_translated: bool) -> str:
        """Fills the template's `notice` slot: a note in the page's language where some of the
        page is shown in English, nothing elsewhere."""
        notice = ""
        if partly_translated:
            text = self.tr.pgettext("notice", "This page is partly translated: some passages are shown in English.")
            notice = f'<p class="tc-partial" role="note">{self.say(text)}</p>'
        return markdown.replace(NOTICE_SLOT, notice, 1)

    def contents(self, page: Page, pages: list[Page], games: dict[str, GameSpec]) -> list[dict]:
        """For the home page: each game with its pages, in the order the nav shows them."""
        if page.id != "home" or page.game is not None:
            return []
        return [{"id": game.id, "name": self.say(self.tr.pgettext("game", game.name)),
                 "pages": [p for p in pages if p.game is game]} for game in games.values()]

    def block(self, block, page: Page, out: _PageOutput, root: str) -> Markup:
        """One block's Markdown; `root` leads from the page to the site's root ("../")."""
        if isinstance(block, Paragraph):
            return self.with_shown(self.prose(block.text, page.game), block.shown)
        if isinstance(block, BulletList):
            return self.with_shown(Markup("\n".join(f"- {self.prose(item, page.game)}" for item in block.items)),
                                   block.shown)
        if isinstance(block, Decision):
            return self.with_shown(self.decision(block, page.game), block.shown)
        if isinstance(block, TableBlock):
            assert page.game is not None  # the loader keeps a table only on a game's page
            return self.table(block.kind, page.game)
        if isinstance(block, DrillBlock):
            return out.slot(self.drill(block.drill, page, out))
        if isinstance(block, WalkthroughBlock):
            return out.slot(WalkRenderer(self, walk(block.spec)).render(self.tr.gettext(block.title)))
        if isinstance(block, PlayBlock):
            # a worksheet prints without a script, and a deal to play needs one
            return Markup("") if out.printing else out.slot(PlayRenderer(self).render(block, root))
        return self.example(block.example)

    def with_shown(self, markdown: Markup, shown) -> Markup:
        """A block followed by the diagrams of the claims it shows: the position a sentence
        speaks of, drawn where the reader meets the sentence."""
        return Markup("\n\n").join([markdown, *(self.example(claim) for claim in shown)])

    def decision(self, block: Decision, game: GameSpec | None) -> Markup:
        """The site's reading, in a box of its own with the work it interprets, the same on
        every page and in every language (Material's admonition)."""
        label = self.say(self.tr.pgettext("reading", "This site's reading"))  # quotes arrive escaped
        source = self.tr.gettext(block.reference.name)
        if block.section is None:
            line = self.tr.pgettext("reading", "Source: {source}.", source=source)
        else:
            line = self.tr.pgettext("reading", "Source: {source}, section {number}.", source=source,
                                    number=block.section)
        body = [self.prose(block.text, game), self.say(line)]
        return Markup('!!! info tc-reading "{}"\n\n').format(label) + Markup("\n\n").join(
            Markup("    ") + part for part in body)

    def drill(self, drill: Drill, page: Page, out: _PageOutput) -> Markup:
        if out.printing:
            return DrillRenderer(self).worksheet(drill)
        worksheet = Path(page.worksheet_path).with_suffix(".html").name
        html, script = DrillRenderer(self).practice(drill, worksheet)
        if script is not None:
            folder = Path(page.path).parent / MORE_FOLDER
            out.scripts[(folder / script.name).as_posix()] = script.text
        return html

    def table(self, kind: str, game: GameSpec) -> Markup:
        if kind == "score-sheet":
            return ScoreSheetRenderer(self).render(game)
        if kind == "plain-order":
            rows = [Row(None, rank, game.points.get(rank, 0)) for rank in game.plain_order]
            trump = game.procedure.find(TrumpSet)
            if isinstance(trump, TrumpSet) and trump.source is TrumpFrom.NONE:  # no trump to set apart
                caption = self.tr.pgettext("table", "Order in every suit, strongest first")
            elif game.plain_order == game.trump_order and not game.permanent_trumps:
                caption = self.tr.pgettext("table", "Order in every suit, trump or not, strongest first")
            else:
                caption = self.tr.pgettext("table", "Order in a suit that is not trump, strongest first")
        else:
            rows = [self._top_row(top, game) for top in game.top_trumps]
            own = {top.rank for top in game.top_trumps if top.suit is TopTrumpSuit.TRUMP}
            rows += [Row(None, rank, game.points.get(rank, 0)) for rank in game.trump_order if rank not in own]
            caption = self.tr.pgettext("table", "Order of the trumps, strongest first")
        return self.html("table.html", caption=caption, rows=rows, show_points=game.total_points > 0)

    def _top_row(self, top: TopTrump, game: GameSpec) -> Row:
        if top.card is not None:
            return Row(top.card, top.card.rank, game.card_points(top.card))
        assert top.rank is not None  # check requires a card or a rank
        return Row(None, top.rank, game.points.get(top.rank, 0), top_trump_name(top, self.tr))

    def example(self, ex: Example) -> Markup:
        caption = self.tr.gettext(ex.title) if ex.title else ""
        if isinstance(ex, TrickExample):
            html = self.trick(ex, caption)
            for number, variation in enumerate(ex.variations, 1):
                html += Markup("\n") + self.trick(variation, self.variation_caption(variation),
                                                  suffix=f"-{number}")
            return html
        if isinstance(ex, LegalExample):
            legality = ex.solve()
            return self.html("legal.html", ex=ex, caption=caption, legality=legality,
                             duty=explain_legality(legality, self.tr),
                             moment=moment_tags(legality, ex.moment, self.tr))
        if isinstance(ex, RankingExample):
            return self.html("ranking.html", ex=ex, caption=caption, ranking=ex.solve(),
                                points=ex.game.card_points, show_points=ex.game.total_points > 0)
        assert isinstance(ex, ForecastExample)  # the loader draws only pages.DRAWN's kinds; this is the last
        return self.forecast(ex, caption)

    def variation_caption(self, variation: TrickExample) -> str:
        if variation.title:
            return self.tr.gettext(variation.title)
        changes = [self.tr.pgettext("diagram", "{new} instead of {old}", new=new, old=old)
                   for old, new in variation.replaced]
        return self.tr.listed(changes) if changes else self.tr.pgettext("diagram", "Another trump suit")

    def trick(self, ex: TrickExample, caption: str, suffix: str = "") -> Markup:
        verdict = ex.solve()
        plays = [ShownPlay(self.name(ex.player(k)), card, verdict.card_points[k], k == 0, k == verdict.winner)
                 for k, card in enumerate(ex.plays)]
        return self.html("trick.html", ex=ex, caption=caption, suffix=suffix, plays=plays,
                            verdict=verdict, winner_name=self.name(ex.player(verdict.winner)),
                            reason=explain_win(verdict, ex.game, self.tr),
                            worth=trick_worth(verdict, self.tr),
                            show_points=ex.game.total_points > 0)

    def forecast(self, ex: ForecastExample, caption: str) -> Markup:
        outcome, options = ex.outcome(), ex.options()
        forecasts = dict(ex.forecasts)
        exchanger = outcome.exchange.seat if outcome and outcome.exchange else None
        seats = [Seat(self.name(name), i == ex.dealer, forecasts.get(i), i == exchanger)
                 for i, name in enumerate(ex.seats)]
        name = lambda seat: self.name(ex.seats[seat])
        return self.html(
            "forecast.html", ex=ex, caption=caption, seats=seats, outcome=outcome, options=options,
            outcome_text=explain_outcome(outcome, name, self.tr) if outcome else "",
            options_text=explain_options(options, self.tr) if options else "",
            chooser=name(ex.seat) if ex.seat is not None else "")
