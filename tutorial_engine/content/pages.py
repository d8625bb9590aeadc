"""Rules pages as data: numbered sections of English source prose, tables generated from
game.yml, worked examples by id, drills, walkthroughs, the seat at which a learner plays whole
deals against the computer, and an FAQ.

Prose is English only here; every paragraph is one translatable message, so a changed paragraph
becomes fuzzy for translators and nothing else does.
"""

from __future__ import annotations

from dataclasses import dataclass

from yaml.nodes import MappingNode, ScalarNode

from ..engine.game import ExactBids, GamePoints, GameSpec, OddTricks, PenaltyPoints, TrickScoring
from ..engine.procedure import TrumpSet as TrumpSetPhase
from ..engine.procedure import TurnUp
from ..engine.scoring import unavailable
from ..engine.seating import SeatingError
from ..engine.seating import Table as Seating
from ..i18n.grammar import placeholders
from ..problems import Location, Problems
from .drills import NAMES, Drill
from .example_shapes import build_claim, example_records
from .examples import Example, disagreements
from .facts import Facts
from .gamefile import SLUG
from .shapes import (
    BEYOND,
    INVALID,
    Choice,
    Context,
    Field,
    Integer,
    ListOf,
    Rec,
    Record,
    Shape,
    Tagged,
    Text,
    close_match,
)
from .source import Source
from .walkthrough import WalkSpec, default_deal, thrown_in

COUNTS = ("cards", "points", "hand")
"""The numbers from game.yml a paragraph may name: the cards of the deck, its points, a hand.
A translation chooses the paragraph's plural form by the one it names (Renderer.prose)."""


def counts_in(text: str) -> list[str]:
    """The numbers from game.yml that `text` names, in COUNTS order."""
    named = placeholders(text)
    return [name for name in COUNTS if name in named]


def prose_problem(text: str, game: GameSpec | None) -> str | None:
    """What is wrong with the placeholders of a paragraph, list item or summary, if anything."""
    named = placeholders(text)
    unknown = sorted(named - set(COUNTS))
    if unknown:
        return (f"unknown placeholder {', '.join('{' + name + '}' for name in unknown)}; a paragraph may "
                "name {cards}, {points} or {hand}, the numbers of game.yml")
    if named and game is None:
        return "{cards}, {points} and {hand} are numbers of a game; this page has none"
    if len(named) > 1:
        both = " and ".join("{" + name + "}" for name in counts_in(text))
        return (f"a paragraph names one number of game.yml, here {both}: a translation chooses its plural "
                "forms by that number; put the other in a paragraph or list item of its own")
    return None


DRAWN = ("trick", "legal", "ranking", "forecast")
"""The kinds of claim that can be drawn as a diagram, like the worked examples."""

TABLES = ("plain-order", "trump-order", "score-sheet")
"""Generated from game.yml: a plain suit's order (with points when cards carry any; "every
suit" when trumps rank the same), the trump order (permanent trumps first), and the score sheet
of a game scored by tricks (scoresheet.py)."""


@dataclass(frozen=True)
class Paragraph:
    text: str
    location: Location
    claims: tuple[Example, ...] = ()
    """What the engine confirmed the text says; those with `show` are drawn under it."""
    shown: tuple[Example, ...] = ()
    unchecked: str | None = None
    """Why no claim checks the paragraph: it states no rule, or one the engine does not play (an
    author's note, not shown)."""


@dataclass(frozen=True)
class BulletList:
    items: tuple[str, ...]
    location: Location
    claims: tuple[Example, ...] = ()
    shown: tuple[Example, ...] = ()
    unchecked: str | None = None


@dataclass(frozen=True)
class Reference:
    """A work the rules of a page come from, named in its pages file's `references`."""

    id: str
    name: str


@dataclass(frozen=True)
class Decision:
    """The site's reading of a source that is silent or unclear: shown to readers as ours,
    with the source and, where it has numbered sections, the section it interprets."""

    text: str
    reference: Reference
    section: int | None
    location: Location
    claims: tuple[Example, ...] = ()
    shown: tuple[Example, ...] = ()


@dataclass(frozen=True)
class TableBlock:
    kind: str
    location: Location


@dataclass(frozen=True)
class ExampleBlock:
    example: Example
    location: Location


@dataclass(frozen=True)
class DrillBlock:
    drill: Drill
    location: Location


@dataclass(frozen=True)
class WalkthroughBlock:
    spec: WalkSpec
    title: str
    location: Location


@dataclass(frozen=True)
class PlayBlock:
    """Whole deals the learner plays in the browser, from one seat, against computer players:
    a match to `target` victory points, or (None) to the target of a game scored by tricks or
    by odd tricks, which its scoring in game.yml sets, or a game scored by exact bids, deal after
    deal along its hand sizes (or to its target), or by penalty points, to its target."""

    game: GameSpec
    players: int
    team_size: int
    target: int | None
    location: Location


PLAYABLE = ((2, 1), (4, 2))
"""The tables, as (players, team size), whose deals the browser's runtime plays: two players,
or four in two pairs."""

PLAYABLE_BY_SEAT = tuple((players, 1) for players in range(3, len(NAMES) + 1))
"""The tables of a game scored by exact bids or by penalty points, which the browser's runtime
also plays: three players or more, each for themselves, as many as the seats have names
(drills.NAMES)."""

Block = (Paragraph | BulletList | Decision | TableBlock | ExampleBlock | DrillBlock | WalkthroughBlock
         | PlayBlock)

@dataclass(frozen=True)
class Section:
    id: str
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class FaqQuestion:
    id: str
    question: str
    answer: tuple[Block, ...]


@dataclass(frozen=True)
class Page:
    id: str
    game: GameSpec | None
    title: str
    summary: str | None
    intro: tuple[Block, ...]
    sections: tuple[Section, ...]
    faq: tuple[FaqQuestion, ...]
    location: Location

    @property
    def path(self) -> str:
        """The page's source path in the site: the same in every locale."""
        name = "index" if self.id == "home" else self.id
        return f"{self.game.id}/{name}.md" if self.game else f"{name}.md"

    def blocks(self) -> list[Block]:
        """Every block of the page: introduction, sections and answers."""
        return (list(self.intro) + [b for s in self.sections for b in s.blocks]
                + [b for q in self.faq for b in q.answer])

    @property
    def claims(self) -> list[Example]:
        return [claim for block in self.blocks() for claim in getattr(block, "claims", ())]

    def unclaimed(self) -> list[Location]:
        """Paragraphs and lists of the sections and answers with neither a claim to check them
        nor the reason they need none: any sentence of a game's page may state a rule, and no
        list of words tells which do. An introduction only presents the page, and a decision is
        already shown to readers as the site's own."""
        if self.game is None:
            return []
        return [block.location
                for block in [b for s in self.sections for b in s.blocks] + [b for q in self.faq for b in q.answer]
                if isinstance(block, (Paragraph, BulletList)) and not block.claims and not block.unchecked]

    @property
    def has_play(self) -> bool:
        """It has a play block: the learner plays whole deals on it against the computer."""
        return any(isinstance(b, PlayBlock) for b in self.blocks())

    @property
    def has_drills(self) -> bool:
        """It shows a drill, so it gets a worksheet to print and drills.js."""
        blocks = [b for s in self.sections for b in s.blocks] + list(self.intro)
        return any(isinstance(b, DrillBlock) for b in blocks)

    @property
    def worksheet_path(self) -> str:
        """Its worksheet to print, if it has drills: a dot no page id can hold keeps it apart."""
        return self.path.removesuffix(".md") + ".print.md"


PARAGRAPH = Text("a paragraph")
CLAIMS = ListOf(Tagged("a claim", "kind", example_records(claim=True)), what="a list of claims",
                min_items=1, keep_valid=True)
CONTENT = ("text", "list", "decision", "table", "example", "drill", "walkthrough", "play")
"""The keys of which a block holds exactly one."""
CLAIMED = ("text", "list", "decision")
BLOCK_RECORD = Record("a block", {
    "text": Field(Text("a paragraph"), doc="A paragraph, written as a mapping to give it claims."),
    "list": Field(ListOf(Text("a list item"), min_items=1), doc="A bulleted list."),
    "decision": Field(Text("a paragraph"), doc="The site's reading where its sources are silent or "
                                               "unclear, shown as ours; needs `source`."),
    "source": Field(Text("a reference id", **SLUG), doc="With `decision`: the id of the work it "
                                                        "interprets, from the file's `references`."),
    "section": Field(Integer("a section number", minimum=1), doc="With `decision`: the numbered "
                                                                 "section of that work, if it has them."),
    "claims": Field(CLAIMS, doc="With `text`, `list` or `decision`: positions and what the engine "
                                "must conclude from them, so the words are checked like an example."),
    "unchecked": Field(Text("a reason"), doc="With `text` or `list` that carries no claims: why none can check "
                                             "it (it states no rule, or a custom or advice the engine does not "
                                             "play); `check` notes every such block without one."),
    "table": Field(Choice(TABLES, "a table"), doc="A table generated from game.yml."),
    "example": Field(Text("an example id", **SLUG), doc="A worked example shown as a diagram."),
    "drill": Field(Text("a drill id", **SLUG), doc="A drill of questions, from drills.yml."),
    "walkthrough": Field(Record("a walkthrough", {
        "title": Field(Text("a title"), required=True, doc="The heading above the deal."),
        "players": Field(Integer("a number of players", minimum=2), doc="Default: the fewest the game allows."),
        "team_size": Field(Integer("a team size", minimum=1), doc="Default: the smallest the game allows (1: everyone for themselves)."),
        "seed": Field(Integer("a seed", minimum=0), required=True, doc="Deals the cards; change it for another deal."),
        "deal": Field(Integer("a deal of the game", minimum=1),
                      doc="In a game whose hand size changes from deal to deal (game.yml `hand_sizes`): which deal "
                          "of the game to play, from 1, and so how many cards each hand holds. Default: the first "
                          "deal whose hands hold 5 cards, or as many as the pack allows if fewer."),
    }), doc="A whole deal played by the engine, step by step, with questions at each step."),
    "play": Field(Record("a play block", {
        "players": Field(Integer("a number of players", minimum=2), doc="Default: the fewest the game allows."),
        "team_size": Field(Integer("a team size", minimum=1), doc="Default: the smallest the game allows (1: everyone for themselves)."),
        "target": Field(Integer("a number of victory points", minimum=1),
                        doc="The victory points that win the match, in a game scored by victory points; "
                            "a game scored by tricks takes its target from game.yml."),
    }), doc="Whole deals the learner plays in the browser against computer players: two players, "
            "or four in two teams of two."),
})


class BlockShape(Shape):
    """A paragraph (plain text), or a mapping with exactly one of text, list, decision, table,
    example, drill, walkthrough or play; text, list and decision may carry claims."""

    record = BLOCK_RECORD
    """Its mapping form, for the instructors' guide."""

    what = "a paragraph or a block (text, list, decision, table, example, drill, walkthrough or play)"

    def read(self, node, ctx):
        if isinstance(node, ScalarNode):
            return PARAGRAPH.read(node, ctx)
        rec = BLOCK_RECORD.read(node, ctx)
        if rec is INVALID:
            return rec
        content = [key for key in CONTENT if key in rec]
        if len(content) != 1:
            return ctx.error(node, "a block holds exactly one of " + ", ".join(f"'{key}'" for key in CONTENT[:-1])
                             + f" or '{CONTENT[-1]}'")
        if "unchecked" in rec and (content[0] not in ("text", "list") or "claims" in rec):
            return ctx.error(node, "'unchecked' gives the reason a 'text' or 'list' block has no claims; "
                                   "give it there, without 'claims'")
        if "claims" in rec and content[0] not in CLAIMED:
            return ctx.error(node, f"'claims' belong to a 'text', 'list' or 'decision' block, not to a "
                                   f"'{content[0]}' block, whose engine answers are checked already")
        for key in ("source", "section"):
            if key in rec and content[0] != "decision":
                return ctx.error(node, f"'{key}' belongs to a 'decision' block: the source a decision interprets")
        if content[0] == "decision" and "source" not in rec:
            return ctx.error(node, "a decision names the work it interprets: add 'source' with an id "
                                   "from the file's 'references'")
        return rec


BLOCKS = ListOf(BlockShape(), what="a list of paragraphs and blocks", min_items=1, keep_valid=True)

PAGE = Record("a page", {
    "id": Field(Text("a page id", **SLUG), required=True,
                doc="The page's address, the same in every language; `home` is the home page."),
    "title": Field(Text("a title"), required=True, doc="The page's title, also shown in the navigation."),
    "summary": Field(Text("a summary"), doc="One sentence, shown on the home page."),
    "intro": Field(BLOCKS, doc="Before the first numbered section."),
    "sections": Field(ListOf(Record("a section", {
        "id": Field(Text("a section id", **SLUG), required=True, doc="The heading's anchor."),
        "title": Field(Text("a title"), required=True, doc="The section's heading; sections are numbered."),
        "blocks": Field(BLOCKS, required=True, doc="Paragraphs and blocks, in order."),
    }), what="a list of sections", keep_valid=True), doc="The numbered sections, in order."),
    "faq": Field(ListOf(Record("a question", {
        "id": Field(Text("a question id", **SLUG), required=True, doc="The question's anchor."),
        "question": Field(Text("a question"), required=True, doc="The question, as its heading."),
        "answer": Field(BLOCKS, required=True, doc="Paragraphs and blocks that answer it."),
    }), what="a list of questions", keep_valid=True),
                 doc="Frequently asked questions, after the sections."),
})

PAGES_FILE = Record("a pages file", {
    "game": Field(Text("a game id", **SLUG), doc="Needed only when the file is not in its game's folder under `examples/`."),
    "references": Field(ListOf(Record("a reference", {
        "id": Field(Text("a reference id", **SLUG), required=True, doc="Named by a decision's `source`."),
        "name": Field(Text("a name"), required=True, doc="The work as readers see it named, translated."),
    }), what="a list of references", keep_valid=True),
        doc="The works the pages' rules come from, which decisions interpret."),
    "pages": Field(ListOf(PAGE, what="a list of pages", min_items=1, keep_valid=True), required=True,
                   doc="The pages, in the order of the navigation."),
})


def is_pages_file(node) -> bool:
    return isinstance(node, MappingNode) and any(
        getattr(key, "value", None) == "pages" for key, _ in node.value)


def load_pages(source: Source, problems: Problems, game: GameSpec | None,
               examples: dict[str, Example], drills: dict[str, Drill], facts: Facts | None = None) -> list[Page]:
    """Pages of one file; `examples` and `drills` are the game's checked ones by id; with the
    game's `facts`, every cite of a claim must name one of them."""
    rec = PAGES_FILE.read(source.root, Context(source, problems, game, facts))
    if rec is INVALID:
        return []
    references = _references(rec.get("references", ()), problems)
    pages = []
    for page in rec["pages"]:
        built = _PageBuilder(game, examples, drills, references, problems).page(page)
        if built is not None:
            pages.append(built)
    named = {b.reference.id for page in pages for b in page.blocks() if isinstance(b, Decision)}
    for item in rec.get("references", ()):
        if item["id"] not in named and len(pages) == len(rec["pages"]):
            problems.add(item.at("id"), f"no decision names the reference '{item['id']}'; remove it, or give "
                                        "a decision 'source: " + item["id"] + "'")
    return pages


def _references(items, problems: Problems) -> dict[str, Reference]:
    """The file's references by id: the first of a repeated id counts, and the repeat is reported."""
    found: dict[str, Reference] = {}
    for item in items:
        if item["id"] in found:
            problems.add(item.at("id"), f"the reference id '{item['id']}' is used twice; ids must differ")
        found.setdefault(item["id"], Reference(item["id"], item["name"]))
    return found


class _PageBuilder:
    def __init__(self, game: GameSpec | None, examples: dict[str, Example], drills: dict[str, Drill],
                 references: dict[str, Reference], problems: Problems):
        self.game = game
        self.examples = examples
        self.drills = drills
        self.references = references
        self.problems = problems
        self.failed = False

    def error(self, location: Location, message: str) -> None:
        self.problems.add(location, message)
        self.failed = True

    def page(self, rec: Rec) -> Page | None:
        if "summary" in rec:
            self.prose(rec["summary"], rec.at("summary"))
        sections = tuple(Section(s["id"], s["title"], self.blocks(s["blocks"]))
                         for s in rec.get("sections", ()))
        faq = tuple(FaqQuestion(q["id"], q["question"], self.blocks(q["answer"]))
                    for q in rec.get("faq", ()))
        self.unique([s.id for s in sections] + [q.id for q in faq],
                    [s.at("id") for s in rec.get("sections", ())] + [q.at("id") for q in rec.get("faq", ())])
        page = Page(id=rec["id"], game=self.game, title=rec["title"], summary=rec.get("summary"),
                    intro=self.blocks(rec.get("intro", ())), sections=sections, faq=faq,
                    location=rec.location)
        self.one_play(page)
        return None if self.failed else page

    def one_play(self, page: Page) -> None:
        """A page plays one match: its address holds the deal, for a class to share."""
        plays = sorted((b.location for b in page.blocks() if isinstance(b, PlayBlock)),
                       key=lambda location: (location.line, location.column))
        for location in plays[1:]:
            self.error(location, f"a page holds one play block, whose deal its address holds, and this page "
                                 f"has one on line {plays[0].line} already; put this one on a page of its own")

    def unique(self, ids: list[str], locations: list[Location]) -> None:
        first: dict[str, Location] = {}
        for name, location in zip(ids, locations):
            if name in first:
                self.error(location, f"the id '{name}' is used twice on this page (first on line "
                                     f"{first[name].line}); headings need distinct anchors")
            first.setdefault(name, location)

    def prose(self, text: str, location: Location) -> None:
        problem = prose_problem(text, self.game)
        if problem is not None:
            self.error(location, problem)

    def blocks(self, items) -> tuple[Block, ...]:
        out: list[Block | None] = []
        for item, location in zip(items, getattr(items, "locations", ())):
            if isinstance(item, str):
                self.prose(item, location)
                out.append(Paragraph(item, location))
            elif "text" in item:
                self.prose(item["text"], item.at("text"))
                out.append(Paragraph(item["text"], location, *self.claims(item), item.get("unchecked")))
            elif "list" in item:
                for text, at in zip(item["list"], getattr(item["list"], "locations", ())):
                    self.prose(text, at)
                out.append(BulletList(tuple(item["list"]), location, *self.claims(item), item.get("unchecked")))
            elif "decision" in item:
                out.append(self.decision(item, location))
            elif "table" in item:
                if self.game is None:
                    self.error(location, "a table is generated from a game; this page has none")
                elif item["table"] == "score-sheet" and (problem := unavailable(self.game.name, self.game.scoring)) is not None:
                    self.error(item.at("table"), problem)
                else:
                    out.append(TableBlock(item["table"], location))
            elif "drill" in item:
                out.append(self.drill(item["drill"], item.at("drill")))
            elif "walkthrough" in item:
                out.append(self.walkthrough(item["walkthrough"], location))
            elif "play" in item:
                out.append(self.play(item["play"], location))
            else:
                out.append(self.example(item["example"], item.at("example")))
        return tuple(block for block in out if block is not None)

    def claims(self, item: Rec) -> tuple[tuple[Example, ...], tuple[Example, ...]]:
        """The block's claims, each checked by the engine, and those to draw."""
        if "claims" not in item:
            return (), ()
        if self.game is None:
            self.error(item.at("claims"), "a claim is checked by a game's engine; this page has none")
            return (), ()
        claims, shown = [], []
        for rec in item["claims"]:
            claim = build_claim(self.game, rec, self.problems)
            if claim is None:
                self.failed = True
                continue
            for problem in disagreements(claim):
                self.error(problem.location, problem.message)
            claims.append(claim)
            if rec.get("show", False):
                if claim.kind not in DRAWN:
                    self.error(rec.at("show"), f"a '{claim.kind}' claim has no diagram; only a "
                                               f"{', '.join(DRAWN[:-1])} or {DRAWN[-1]} claim can be shown")
                shown.append(claim)
        return tuple(claims), tuple(shown)

    def decision(self, item: Rec, location: Location) -> Decision | None:
        self.prose(item["decision"], item.at("decision"))
        claims = self.claims(item)  # checked even when the source is wrong, so one run reports all
        reference = self.references.get(item["source"])
        if reference is None:
            known = ", ".join(self.references) or "none; add 'references' at the top of the file"
            self.error(item.at("source"), f"no reference has the id '{item['source']}'; references: {known}")
            return None
        return Decision(item["decision"], reference, item.get("section"), location, *claims)

    def example(self, name: str, location: Location) -> ExampleBlock | None:
        if name in self.examples and self.examples[name].kind not in DRAWN:
            self.error(location, f"the example '{name}' is a '{self.examples[name].kind}' example, which has "
                                 "no diagram; attach it to the paragraph it checks, under 'claims'")
            return None
        if name in self.examples:
            return ExampleBlock(self.examples[name], location)
        if self.game is None:
            self.error(location, "a worked example belongs to a game; this page has none")
            return None
        guess = close_match(name, self.examples)
        hint = (f"did you mean '{guess}'?" if guess else
                f"the ids are those of examples/{self.game.id}/examples/*.yml")
        self.error(location, f"no {self.game.name} example has the id '{name}'; {hint}")
        return None

    def seating(self, rec: Rec, game: GameSpec) -> tuple[int, int] | None:
        """The block's players and team size, the fewest and the smallest the game allows by
        default; None when the game is not played at that table (reported at the field)."""
        players = rec.get("players", min(game.players))
        team_size = rec.get("team_size", min(game.team_sizes(players), default=1))
        try:
            Seating.for_game(game, players, team_size)
        except SeatingError as error:
            self.error(rec.at("players" if players not in game.players else "team_size"), str(error))
            return None
        return players, team_size

    def walkthrough(self, rec: Rec, location: Location) -> WalkthroughBlock | None:
        game = self.game
        if game is None:
            self.error(location, "a walkthrough plays a deal of a game; this page has none")
            return None
        if game.scoring is None:
            self.error(location, f"a walkthrough scores the deal it plays, and {game.name} has no scoring "
                                 "in game.yml; add 'scoring'")
            return None
        if isinstance(game.scoring, ExactBids) and not self.tellable_bids(game, location):
            return None
        if isinstance(game.scoring, PenaltyPoints) and game.procedure.find(TrumpSetPhase) is None:
            self.error(location, f"a walkthrough tells a deal scored by penalty points when its trump is set by a "
                                 f"'trump' phase; {game.name} fixes trump otherwise, and a walkthrough cannot tell "
                                 f"such a deal yet ({BEYOND})")
            return None
        if isinstance(game.scoring, GamePoints) and game.procedure.find(TurnUp) is None:
            self.error(location, f"a walkthrough tells a deal scored by game points when its trump is turned up under "
                                 f"the stock ('turn-up'); {game.name} fixes trump otherwise, and a walkthrough cannot "
                                 f"tell such a deal yet ({BEYOND})")
            return None
        if isinstance(game.scoring, OddTricks) and game.procedure.has_maker:
            self.error(location, f"a walkthrough tells a deal scored by odd tricks when its trump is turned up or set "
                                 f"by a 'trump' phase; in {game.name} a player makes trump, and a walkthrough cannot "
                                 f"tell such a deal yet (AUTHORING.md, \"What game.yml can and cannot express\")")
            return None
        seating = self.seating(rec, game)
        if seating is None:
            return None
        players, team_size = seating
        if players > len(NAMES):
            self.error(rec.at("players"), f"a walkthrough names at most {len(NAMES)} players, {NAMES[0]} to "
                                          f"{NAMES[-1]}; give 'players' of {len(NAMES)} or fewer")
            return None
        number = default_deal(game, players)
        deals = game.procedure.deal.deals(players, len(game.deck))
        if "deal" in rec:
            if deals is None:
                self.error(rec.at("deal"), f"every deal of {game.name} is alike, so a walkthrough takes no 'deal'; "
                                           "leave it out")
                return None
            if rec["deal"] > deals:
                self.error(rec.at("deal"), f"a game of {game.name} for {players} players has {deals} deals, and no "
                                           f"deal {rec['deal']}; choose one from 1 to {deals}")
                return None
            number = rec["deal"] - 1
        spec = WalkSpec(game, players, team_size, rec["seed"], number)
        if thrown_in(spec):
            self.error(rec.at("seed"), f"everyone passes on the cards seed {rec['seed']} deals, so the deal is "
                                       "thrown in and there is nothing to walk through; choose another seed")
            return None
        return WalkthroughBlock(spec, rec["title"], location)

    def tellable_bids(self, game: GameSpec, location: Location) -> bool:
        """Whether a walkthrough can tell a deal of this game scored by exact bids, and if not,
        the error that says why."""
        scoring = game.scoring
        assert isinstance(scoring, ExactBids)
        if game.procedure.find(TrumpSetPhase) is None:
            self.error(location, f"a walkthrough tells a deal scored by exact bids when its trump is set by a 'trump' "
                                 f"phase; {game.name} fixes trump otherwise, and a walkthrough cannot tell such a deal "
                                 f"yet (AUTHORING.md, \"What game.yml can and cannot express\")")
            return False
        if (scoring.per_bid_trick, scoring.per_trick, scoring.per_miss) != (1, 0, 0):
            self.error(location, f"a walkthrough tells a deal scored by exact bids when a bid made exactly writes the "
                                 f"bonus and one point for each trick bid, and nothing else scores; {game.name} scores "
                                 f"otherwise ('per_bid_trick', 'per_trick' or 'per_miss'), and a walkthrough cannot "
                                 f"tell its score yet (AUTHORING.md, \"What game.yml can and cannot express\")")
            return False
        return True

    def play(self, rec: Rec, location: Location) -> PlayBlock | None:
        game = self.game
        if game is None:
            self.error(location, "a play block deals the cards of a game; this page has none")
            return None
        if game.scoring is None:
            self.error(location, f"a play block scores every deal it plays, and {game.name} has no scoring "
                                 "in game.yml; add 'scoring'")
            return None
        seating = self.seating(rec, game)
        failed = seating is None
        players, team_size = seating or (0, 0)
        by_seat = isinstance(game.scoring, (ExactBids, PenaltyPoints))
        playable = PLAYABLE + PLAYABLE_BY_SEAT if by_seat else PLAYABLE
        if seating is not None and seating not in playable:
            teams = "individually" if team_size == 1 else f"in teams of {team_size}"
            hint = ("add 'team_size: 2'" if players == 4 and "team_size" not in rec and not by_seat
                    else "choose one of those tables")
            self.error(rec.at("players" if players not in dict(playable) else "team_size"),
                       f"the browser plays deals for 2 players, or for 4 players in teams of 2, and, in a game "
                       f"scored by exact bids or by penalty points, for 3 to {len(NAMES)} players each for "
                       f"themselves; not for {players} players {teams}; {hint}")
            failed = True
        target = rec.get("target")
        if isinstance(game.scoring, (TrickScoring, OddTricks, ExactBids, PenaltyPoints, GamePoints)):
            if target is not None:
                kind = "tricks" if isinstance(game.scoring, TrickScoring) else game.scoring.scored_by
                self.error(rec.at("target"), f"'target' is for games scored by victory points; {game.name} is "
                                             f"scored by {kind}, whose scoring in game.yml sets the target")
                failed = True
        elif target is None:
            self.error(rec.location, "a game scored by victory points plays a match to a target: add 'target', "
                                     "the victory points that win it")
            failed = True
        return None if failed else PlayBlock(game, players, team_size, target, location)

    def drill(self, name: str, location: Location) -> DrillBlock | None:
        if name in self.drills:
            return DrillBlock(self.drills[name], location)
        if self.game is None:
            self.error(location, "a drill belongs to a game; this page has none")
            return None
        guess = close_match(name, self.drills)
        hint = f"did you mean '{guess}'?" if guess else f"the ids are those of examples/{self.game.id}/drills.yml"
        self.error(location, f"no {self.game.name} drill has the id '{name}'; {hint}")
        return None
