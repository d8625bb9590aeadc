"""Example files → typed examples, with every cross-field problem reported at its line.

The shapes below say what each kind of example may contain; the builders check what a shape
cannot (seat names that exist, one card per seat, no card twice) before the engine is asked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType

from yaml.nodes import MappingNode

from ..engine.cards import Card, Suit
from ..engine.forecast import Refusal, forecast_seats, may_forecast
from ..engine.game import (
    Direction,
    ExactBids,
    FollowRule,
    GamePoints,
    GameSpec,
    NextDealer,
    OddTricks,
    PenaltyPoints,
    TrickScoring,
    VictoryPoints,
)
from ..engine.procedure import (
    AcceptOrRefuse,
    Asked,
    Bidding,
    BidRound,
    Cut,
    HandSizes,
    PassDirection,
    SoloOffer,
    TrickBids,
    TrumpFrom,
    TrumpSet,
    TurnUp,
)
from ..engine.rules import Duty, Moment, RankingError, WinReason, rank_cards
from ..engine.scoring import game_step
from ..engine.seating import SeatingError, Table
from ..problems import Location, Problems, alternatives
from .examples import (
    NOBODY,
    SIDES,
    TURNS,
    BidsExample,
    DealExample,
    Example,
    Expectation,
    ForecastExample,
    GameExample,
    GamePointsExample,
    LegalExample,
    PenaltiesExample,
    RankingExample,
    RoundExample,
    ScoreExample,
    TallyExample,
    TrickExample,
    TurnsExample,
)
from .facts import FORMAT as FACTS_FORMAT
from .facts import NUMBER as FACT_NUMBER
from .facts import Facts
from .gamefile import PHASE_NAMES, SLUG
from .shapes import (
    INVALID,
    Boolean,
    CardShape,
    Choice,
    Context,
    Field,
    Integer,
    ListOf,
    MapOf,
    Pairs,
    RankShape,
    Rec,
    Record,
    Seq,
    SuitShape,
    Tagged,
    Text,
    close_match,
    did_you_mean,
)
from .source import Source

SEAT = Text("a seat name")


class Cites(ListOf):
    """Fact numbers, each one that the game's facts.md numbers, when the check knows the game's
    facts (Context.facts): a cite of a fact nobody wrote down would send the reader nowhere."""

    def read(self, node, ctx):
        numbers = super().read(node, ctx)
        facts = ctx.facts
        if numbers is INVALID or facts is None:
            return numbers
        if facts.numbers is None:
            ctx.problems.add(ctx.at(node), f"{facts.game} has no numbered facts to cite: {facts.path} does not "
                                           f"exist; write it, each fact {FACTS_FORMAT}, or remove 'cites'")
            return numbers
        for number, location in zip(numbers, numbers.locations):
            if number not in facts.numbers:
                known = (f"cite one it numbers: {facts.listed()}" if facts.numbers
                         else f"it numbers none: a fact is {FACTS_FORMAT}")
                ctx.problems.add(location, f"{number} is not a fact numbered in {facts.path}; {known}")
        return numbers


CITES = Cites(Text("a fact number", pattern=FACT_NUMBER,
                   hint="write it as in the game's facts.md, e.g. A14 or E1"))
CARDS = ListOf(CardShape())


def _example(what: str, fields: Mapping[str, Field], *, claim: bool = False) -> Record:
    """An example's fields; a claim (pages.py) has the same ones, its id optional, as a claim
    is shown where it stands rather than named from a page."""
    identity = {} if claim else {"id": Field(Text("an example id", **SLUG), required=True,
                                             doc="Unique within the game; used in page addresses.")}
    return Record(what, {
        **identity,
        "kind": Field(Choice(KINDS, "a kind of example"), required=True,
                      doc="What the example shows: " + ", ".join(f"`{kind}`" for kind in KINDS) + "."),
        "title": Field(Text("a title"), doc="English source text, translated like any other."),
        "cites": Field(CITES, doc="Rule facts (numbered in the game's facts.md) this example illustrates."),
        "variant": Field(Text("a variant id", **SLUG), doc="A variant of the game's rules."),
        **({"show": Field(Boolean(), doc="Draw the claim's position as a diagram under the text; "
                                         "a `trick`, `legal`, `ranking` or `forecast` claim can be drawn.")}
           if claim else {}),
        **fields,
    }, partial=True)


KINDS = ("trick", "legal", "ranking", "forecast", "score", "round", "tally", "bids", "penalties", "game-points", "deal",
         "turns", "game")
EXPECT_DOC = "What the engine must conclude; check fails, and says why, when it concludes otherwise."

TRICK_EXPECT = Record("a trick expectation", {
    "winner": Field(SEAT, doc="Name of the seat that takes the trick."),
    "points": Field(Integer("a number of points", minimum=0), doc="What the trick is worth."),
    "reason": Field(Choice([reason.value for reason in WinReason], "a win reason"),
                    doc="Why the winner takes it, such as `highest-trump` or `highest-of-led-suit`."),
})

TRICK_FIELDS = MappingProxyType({
    "trump": Field(SuitShape(), doc="The trump suit; left out in a game played without trump."),
    "seats": Field(ListOf(SEAT, min_items=2), required=True,
                   doc="Names in the direction of play."),
    "leader": Field(SEAT, doc="Who leads; the first seat if omitted."),
    "plays": Field(ListOf(CardShape(), min_items=2), required=True,
                   doc="One card per seat, in playing order from the leader."),
    "expect": Field(TRICK_EXPECT, doc=EXPECT_DOC),
    "variations": Field(ListOf(Record("a variation", {
        "title": Field(Text("a title"), doc="English source text, translated like any other."),
        "cites": Field(CITES, doc="Rule facts (numbered in the game's facts.md) this example illustrates."),
        "replace": Field(MapOf(CardShape(), CardShape(), "card replacements (old: new)"),
                         doc="Cards played instead, as `old: new`."),
        "trump": Field(SuitShape(), doc="Another trump suit."),
        "expect": Field(TRICK_EXPECT, doc=EXPECT_DOC),
    }), what="a list of variations"), doc="The same trick with other cards, each checked on its own."),
})

LEGAL_FIELDS = MappingProxyType({
    "trump": Field(SuitShape(), doc="The trump suit; left out in a game played without trump."),
    "first_trick": Field(Boolean(), doc="Whether the trick is the deal's first, in a game whose tricks phase "
                                        "has a `first_lead` or a `clean_first_trick`."),
    "broken": Field(Boolean(), doc="Whether a card of the tricks phase's `unbroken` suit has been played to an "
                                   "earlier trick, in a game that has one; false on the first trick."),
    "stock_gone": Field(Boolean(), doc="Whether the stock is closed or used up, in a game whose tricks phase has a "
                                       "`late_follow`."),
    "trick": Field(CARDS, doc="Cards already played, from the leader; empty when leading."),
    "hand": Field(ListOf(CardShape(), min_items=1), required=True, doc="The hand of the player to play."),
    "expect": Field(Record("a legal-play expectation", {
        "legal": Field(CARDS, doc="Every card of the hand that may be played."),
        "duty": Field(Choice([duty.value for duty in Duty], "a duty"),
                      doc="The obligation in force, such as none, follow or trump."),
    }), doc=EXPECT_DOC),
})

RANKING_FIELDS = MappingProxyType({
    "trump": Field(SuitShape(), doc="Omit to rank a suit that is not trump."),
    "cards": Field(ListOf(CardShape(), min_items=1), required=True, doc="The cards to put in order."),
    "expect": Field(Record("a ranking expectation", {
        "strongest": Field(CardShape(), doc="The strongest of the cards."),
        "order": Field(CARDS, doc="Strongest first."),
        "values": Field(MapOf(CardShape(), Integer("a number of points", minimum=0), "card values"),
                        doc="What each card is worth."),
    }), doc=EXPECT_DOC),
})

FORECAST_FIELDS = MappingProxyType({
    "seats": Field(ListOf(SEAT, min_items=2), required=True, doc="Names in the direction of play."),
    "team_size": Field(Integer("a team size", minimum=1), doc="Players in a team; default 1."),
    "dealer": Field(SEAT, required=True, doc="The seat that deals."),
    "forecasts": Field(MapOf(SEAT, CardShape(), "forecasts by seat"),
                       doc="Forecasts already on the table, in the order they were laid."),
    "turned": Field(CardShape(), doc="The card the dealer turns up."),
    "seat": Field(SEAT, doc="The player deciding whether to forecast."),
    "hand": Field(CARDS, doc="That player's hand."),
    "expect": Field(Record("a forecast expectation", {
        "exchange": Field(SEAT, doc=f"Who must exchange, or {NOBODY}."),
        "indicator": Field(CardShape(), doc="The card left face up under the stock."),
        "trump": Field(SuitShape(), doc="The trump suit."),
        "allowed": Field(CARDS, doc="Cards the seat may lay as forecast."),
        "returned": Field(CARDS, doc="Forecasts that go back to their owners' hands."),
    }), doc=EXPECT_DOC),
})

def _pair(what: str, doc: str) -> Field:
    return Field(Record(what, {
        "declarers": Field(Integer("a score"), required=True, doc="The declaring side's."),
        "defenders": Field(Integer("a score"), required=True, doc="The defenders'."),
    }), doc=doc)


def _won(what: str) -> Field:
    return Field(Choice((*SIDES, NOBODY), "a side"),
                 doc=f"Which side wins {what}: `declarers`, `defenders` or `{NOBODY}`.")


SCORE_FIELDS = MappingProxyType({
    "totals": Field(MapOf(SEAT, Integer("a number of card points", minimum=0), "card points by player or team"),
                    required=True, doc="Each player's or team's card points at the end of the deal."),
    "team_size": Field(Integer("a team size", minimum=1), doc="Players in a team; default 1."),
    "expect": Field(Record("a score expectation", {
        "winner": Field(SEAT, doc=f"Who wins the deal, or `{NOBODY}` on a tie."),
        "victory": Field(Integer("a number of victory points", minimum=0), doc="What the winner scores."),
    }), doc=EXPECT_DOC),
})

ROUND_FIELDS = MappingProxyType({
    "scores": _pair("scores before the deal", "The running scores before the deal; default 0 each."),
    "rounds": _pair("rounds won before the deal", "Rounds each side has won; default 0 each."),
    "declarer_tricks": Field(Integer("a number of tricks", minimum=0), required=True,
                             doc="Tricks the declaring side takes."),
    "solo": Field(Boolean(), doc="Whether a member of the declaring side plays alone; default `false`."),
    "expect": Field(Record("a round expectation", {
        "written": _pair("points written", "What each side writes for the deal."),
        "scores": _pair("scores after the deal", "The running scores after the deal."),
        "round": _won("a round with this deal"),
        "match": _won("the match with this deal"),
    }), doc=EXPECT_DOC),
})

SIDE = Text("a side's name")

TALLY_FIELDS = MappingProxyType({
    "tricks": Field(MapOf(SIDE, Integer("a number of tricks", minimum=0), "tricks by side"), required=True,
                    doc="The tricks each side took in the deal, by a name for the side, such as `Anna` or "
                        "`Anna+Chiara`."),
    "scores": Field(MapOf(SIDE, Integer("a score", minimum=0), "scores by side"),
                    doc="The running scores before the deal, by the names of `tricks`; a side left out has 0."),
    "expect": Field(Record("a tally expectation", {
        "written": Field(MapOf(SIDE, Integer("a number of points", minimum=0), "points by side"),
                         doc="What each side it names writes for the deal."),
        "scores": Field(MapOf(SIDE, Integer("a score", minimum=0), "scores by side"),
                        doc="The running scores after the deal, of each side it names."),
        "game": Field(SIDE, doc=f"The side that wins the game with this deal, or `{NOBODY}`."),
    }), doc=EXPECT_DOC),
})

PLAYER = Text("a player's name")

BIDS_FIELDS = MappingProxyType({
    "bids": Field(MapOf(PLAYER, Integer("a number of tricks", minimum=0), "bids by player"), required=True,
                  doc="Each player's bid, by name, in the order they bid: the dealer last."),
    "tricks": Field(MapOf(PLAYER, Integer("a number of tricks", minimum=0), "tricks by player"), required=True,
                    doc="The tricks each player took, by the names of `bids`; they add up to the tricks of "
                        "the deal."),
    "totals": Field(MapOf(PLAYER, Integer("a score"), "totals by player"),
                    doc="The totals before the deal, by the names of `bids`; a player left out has 0."),
    "last": Field(Boolean(), doc="Whether the deal is the last of the game's sequence of hand sizes; default "
                                 "`false`."),
    "expect": Field(Record("a bids expectation", {
        "written": Field(MapOf(PLAYER, Integer("a number of points"), "points by player"),
                         doc="What each player it names writes for the deal."),
        "totals": Field(MapOf(PLAYER, Integer("a score"), "totals by player"),
                        doc="The totals after the deal, of each player it names."),
        "dealer_barred": Field(Text("a number of tricks, or none"),
                               doc="The bid the dealer may not make after the others' bids, or `none`."),
        "winner": Field(PLAYER, doc=f"Who wins the game after the deal, with the highest total once the game is "
                                    f"over (after its last deal, or at its target), or {NOBODY}."),
    }), doc=EXPECT_DOC),
})

PENALTIES_FIELDS = MappingProxyType({
    "taken": Field(MapOf(PLAYER, CARDS, "cards by player"), required=True,
                   doc="The cards each player took in the deal's tricks, by name, every player of the table "
                       "named; every card that costs penalty points is given to someone, the others may be left "
                       "out."),
    "totals": Field(MapOf(PLAYER, Integer("a score"), "totals by player"),
                    doc="The totals before the deal, by the names of `taken`; a player left out has 0."),
    "expect": Field(Record("a penalties expectation", {
        "penalties": Field(MapOf(PLAYER, Integer("a number of points", minimum=0), "points by player"),
                           doc="The penalty points of the cards each player it names took."),
        "written": Field(MapOf(PLAYER, Integer("a number of points", minimum=0), "points by player"),
                         doc="What each player it names writes for the deal."),
        "moon": Field(PLAYER, doc=f"Who took every penalty point, when the scoring reverses that (`moon`), or "
                                  f"{NOBODY}."),
        "totals": Field(MapOf(PLAYER, Integer("a score"), "totals by player"),
                        doc="The totals after the deal, of each player it names."),
        "winner": Field(PLAYER, doc=f"Who wins the game after the deal, with the lowest total once a total has "
                                    f"reached the target, or {NOBODY}."),
    }), doc=EXPECT_DOC),
})

CLOSED = ("nobody", "winner", "loser")

GAME_POINTS_FIELDS = MappingProxyType({
    "loser_points": Field(Integer("a number of points", minimum=0), required=True,
                          doc="The loser's card points: when the winner closed the stock, those they had then."),
    "loser_tricks": Field(Integer("a number of tricks", minimum=0), required=True,
                          doc="The loser's tricks: when the winner closed the stock, those they had then."),
    "closed": Field(Choice(CLOSED, "who closed the stock"),
                    doc="Who closed the stock: `nobody` (the default), the `winner`, or the `loser`, who then failed "
                        "to reach the target first."),
    "winner_tricks": Field(Integer("a number of tricks", minimum=0),
                           doc="When the loser closed the stock, the tricks the winner had then (default 1)."),
    "expect": Field(Record("a game-points expectation", {
        "game_points": Field(Integer("a number of points", minimum=1), doc="The game points the winner scores."),
    }), doc=EXPECT_DOC),
})

DEAL_FIELDS = MappingProxyType({
    "players": Field(Integer("a number of players", minimum=2), required=True, doc="Players at the table."),
    "team_size": Field(Integer("a team size", minimum=1), doc="Players in a team; default 1."),
    "expect": Field(Record("a deal expectation", {
        "stock": Field(Integer("a number of cards", minimum=0), doc="Cards in the stock once trump is turned, the trump indicator included."),
        "drawing_rounds": Field(Integer("a number of rounds", minimum=0), doc="Times every player draws."),
        "tricks": Field(Integer("a number of tricks", minimum=1), doc="Tricks in the deal."),
        "indicator_drawn": Field(Boolean(), doc="Whether anyone draws the trump indicator."),
    }), doc=EXPECT_DOC),
})

TURNS_FIELDS = MappingProxyType({
    "players": Field(Integer("a number of players", minimum=2), doc="Players at the table; default the fewest the "
                                                                  "game allows."),
    "team_size": Field(Integer("a team size", minimum=1), doc="Players in a team; default the smallest the game "
                                                              "allows at that table."),
    "expect": Field(Record("a turns expectation", {
        **{key: Field(Choice(tuple(values), f"a value of {key}"),
                      doc="; ".join(f"`{value}`: {meaning}" for value, meaning in values.items()) + ".")
           for key, values in TURNS.items()},
        "discard_turned": Field(Boolean(), doc="Whether whoever takes the turned card into the hand may discard it "
                                               "at once."),
    }), required=True, doc=EXPECT_DOC),
})

NEEDS_TURNED = ("turned_card", "discard_turned")
"""The keys of a `turns` claim about the card turned for trump, which a game must turn."""

GAME_FIELDS = MappingProxyType({
    "expect": Field(Record("a game expectation", {
        "cards": Field(Integer("a number of cards", minimum=1), doc="Cards in the deck."),
        "hand": Field(Integer("a number of cards", minimum=1), doc="Cards dealt to each player."),
        "points": Field(Integer("a number of points", minimum=0), doc="Card points in the deck."),
        "direction": Field(Choice([d.value for d in Direction], "a direction"), doc="The direction of play."),
        "next_dealer": Field(Choice([d.value for d in NextDealer], "a next dealer"),
                             doc="Who deals the next deal: `winner` or `in-turn`."),
        "players": Field(ListOf(Integer("a number of players", minimum=2)), doc="Table sizes the game is played at."),
        "forecast": Field(Boolean(), doc="Whether the trump suit is forecast."),
        "packets": Field(ListOf(Integer("a number of cards", minimum=1)),
                         doc="The packets of the deal, in dealing order."),
        "phases": Field(ListOf(Choice(PHASE_NAMES, "a phase")), doc="The phases of a deal, in order."),
        "bidding": Field(ListOf(Choice([r.value for r in BidRound], "a bidding round")),
                         doc="The rounds of bidding, in order (none without a `bidding` phase)."),
        "stick_the_dealer": Field(Boolean(), doc="Whether the dealer may not pass in the last bidding round."),
        "solo": Field(ListOf(Choice([a.value for a in Asked], "a player to ask")),
                      doc="Who may play alone, in turn (none without a `solo` phase)."),
        "target": Field(Integer("a number of points", minimum=1),
                        doc="The score that wins a round (the match, with one round) of a game scored by tricks, "
                            "or the game, of a game scored by odd tricks or by game points; the total that ends a "
                            "game scored by penalty points."),
        "moon": Field(Boolean(), doc="Whether a player who takes every penalty point writes 0 and the others them "
                                     "all (none without penalty points)."),
        "pass": Field(Integer("a number of cards", minimum=1), doc="Cards each player passes (none without a `pass` "
                                                                    "phase)."),
        "pass_directions": Field(ListOf(Choice([d.value for d in PassDirection], "a direction of passing")),
                                 doc="Where the cards are passed, deal after deal (none without a `pass` phase)."),
        "first_lead": Field(CardShape(), doc="The card that leads the deal's first trick (none without one)."),
        "unbroken": Field(SuitShape(), doc="The suit that may not be led until broken (none without one)."),
        "clean_first_trick": Field(Boolean(), doc="Whether no card that costs penalty points may go to the first "
                                                  "trick while the player holds another."),
        "late_follow": Field(Choice([rule.value for rule in FollowRule], "a follow rule"),
                             doc="The follow rule once the stock is closed or used up (none without one)."),
        "closing": Field(Boolean(), doc="Whether a player on lead may close the stock."),
        "exchange": Field(RankShape(), doc="The rank of the trump that may be exchanged for the turned card (none "
                                           "without one)."),
        "marriage": Field(Integer("a number of points", minimum=1),
                          doc="Card points for a marriage in a plain suit (none without marriages)."),
        "trump_marriage": Field(Integer("a number of points", minimum=1),
                                doc="Card points for a marriage in trump (none without marriages)."),
        "deal_target": Field(Integer("a number of points", minimum=1),
                             doc="The card points that win a deal, in a game scored by game points."),
        "last_trick": Field(Integer("a number of points", minimum=0),
                            doc="Card points for the last trick when the stock ran out, in a game scored by game "
                                "points."),
        "rounds": Field(Integer("a number of rounds", minimum=1),
                        doc="Rounds a side must win to win the match, in a game scored by tricks."),
        "declarers": Field(Text("a plural noun"), doc="What players call the side that made trump, in a game scored "
                                                      "by tricks."),
        "follow": Field(Choice([rule.value for rule in FollowRule], "a follow rule"),
                        doc="What a player must play to a trick: `none`, `suit` or `suit-then-trump`."),
        "whole_pack": Field(Boolean(), doc="Whether the whole pack is dealt."),
        "trump_from": Field(Choice([source.value for source in TrumpFrom], "a source of trump"),
                            doc="Where a `trump` phase takes trump from (none without one)."),
        "book": Field(Integer("a number of tricks", minimum=0),
                      doc="The tricks that score nothing, in a game scored by odd tricks."),
        "hand_sizes": Field(Choice([sizes.value for sizes in HandSizes], "a sequence of hand sizes"),
                            doc="How the hand changes from deal to deal (none when it never does)."),
        "dealer_restricted": Field(Boolean(), doc="Whether the dealer, bidding tricks last, may not make the "
                                                  "bids add up to the tricks of the deal."),
        "partner_draw": Field(RankShape(), doc="The rank of the cards dealt one to each player before the first "
                                               "deal to draw the partners (none without a draw)."),
        "first_dealer": Field(CardShape(), doc="The card whose holder, in the draw for partners, deals first (none "
                                               "without a draw)."),
    }), required=True, doc=EXPECT_DOC),
})


def example_records(*, claim: bool = False) -> dict[str, Record]:
    """Each kind's Record, for an examples file or for a claim on a page."""
    fields = {"trick": TRICK_FIELDS, "legal": LEGAL_FIELDS, "ranking": RANKING_FIELDS,
              "forecast": FORECAST_FIELDS, "score": SCORE_FIELDS, "round": ROUND_FIELDS,
              "tally": TALLY_FIELDS, "bids": BIDS_FIELDS, "penalties": PENALTIES_FIELDS, "game-points": GAME_POINTS_FIELDS, "deal": DEAL_FIELDS, "turns": TURNS_FIELDS,
              "game": GAME_FIELDS}
    names = {"legal": "legal-play"}
    return {kind: _example(f"a {names.get(kind, kind)} {'claim' if claim else 'example'}", shape, claim=claim)
            for kind, shape in fields.items()}


EXAMPLES_FILE = Record("an examples file", {
    "game": Field(Text("a game id", **SLUG), doc="Needed only when the file is not in its game's folder under `examples/`."),
    "examples": Field(ListOf(Tagged("an example", "kind", example_records()),
                             what="a list of examples", min_items=1, keep_valid=True), required=True,
                        doc="The worked examples of the file, each checked by the engine."),
}, partial=True)


def peek(node, key: str):
    """The value node of `key` in a mapping node, before the mapping is validated."""
    if isinstance(node, MappingNode):
        for key_node, value_node in node.value:
            if getattr(key_node, "value", None) == key:
                return value_node
    return None


def load_examples(source: Source, problems: Problems, game: GameSpec | None,
                  facts: Facts | None = None) -> list[Example]:
    """The file's examples that are free of problems. Without a game (unknown, or its game.yml
    failed) only the shapes are checked, so the author still sees those problems at once. With
    the game's `facts`, every cite must name one of them."""
    rec = EXAMPLES_FILE.read(source.root, Context(source, problems, game, facts))
    items: Seq = rec.get("examples", Seq()) if rec is not INVALID else Seq()
    _unique_ids(items, problems)
    if game is None:
        return []
    examples: list[Example] = []
    for item in items:
        example = _ExampleBuilder(game, item, problems).build()
        if example is not None:
            examples.append(example)
    return examples


def build_claim(game: GameSpec, rec: Rec, problems: Problems) -> Example | None:
    """A claim on a page as an example, its problems reported; its id, for the anchor of its
    diagram, from where it starts, which no other claim of its file shares."""
    named = dataclasses.replace(rec, values={**rec.values,
                                             "id": f"claim-{rec.location.line}-{rec.location.column}"})
    return _ExampleBuilder(game, named, problems).build()


def _unique_ids(items: Seq, problems: Problems) -> None:
    """Checked on the records, so an example with other problems still claims its id."""
    first: dict[str, Location] = {}
    for item in items:
        if "id" not in item:
            continue
        name, location = item["id"], item.at("id")
        if name in first:
            problems.add(location, f"the example id '{name}' is used twice (first on line "
                                   f"{first[name].line}); ids must differ")
        first.setdefault(name, location)


def _sides(pair) -> tuple[int, int]:
    """declarers, defenders: from a read Record's values or a plain mapping."""
    return pair["declarers"], pair["defenders"]


def _first(location: Location, earlier: Location) -> str:
    """Where the earlier of two clashing values is: "first on line 7", or on this same line."""
    if earlier.line == location.line:
        return "also earlier on this line"
    return f"first on line {earlier.line}"


class _ExampleBuilder:
    """Turns one example mapping into an Example, reporting what does not fit.

    The mapping may be incomplete (some values had problems of their own): every check whose
    values are there still runs, so one run reports them all, but no Example is made.
    """

    def __init__(self, game: GameSpec, rec: Rec, problems: Problems):
        self.rec = rec
        self.problems = problems
        self.failed = False
        self.game = game
        if "variant" in rec:
            self.game = self._variant(rec["variant"], rec.at("variant"))

    def error(self, location: Location, message: str) -> None:
        self.problems.add(location, message)
        self.failed = True

    @property
    def ok(self) -> bool:
        """Whether an Example can be made: every value read, and no check failed."""
        return self.rec.complete and not self.failed

    def build(self) -> Example | None:
        return getattr(self, f"_{self.rec['kind'].replace('-', '_')}")()

    def _common(self) -> dict:
        return dict(id=self.rec["id"], location=self.rec.location, game=self.game,
                    title=self.rec.get("title"), cites=tuple(self.rec.get("cites", ())))

    def _variant(self, name: str, location: Location) -> GameSpec:
        variants = self.game.variants
        if name in variants:
            return variants[name]
        hint = did_you_mean(name, variants) if variants else "it has none; remove 'variant'"
        self.error(location, f"{self.game.name} has no variant '{name}'; {hint}")
        return self.game

    def _seats(self) -> tuple[str, ...]:
        """The seat names, each checked; none when they could not be read."""
        seats: Seq = self.rec.get("seats", Seq())
        first: dict[str, Location] = {}
        for name, location in zip(seats, seats.locations):
            if name in first:
                self.error(location, f"the seat name '{name}' is used twice "
                                     f"({_first(location, first[name])}); give each seat its own name")
            elif name == NOBODY:
                self.error(location, f"'{NOBODY}' is reserved for \"no exchange\"; choose another name")
            first.setdefault(name, location)
        return tuple(seats)

    def _seat(self, seats: tuple[str, ...], name: str, location: Location, *, nobody=False) -> int | None:
        """The index of seat `name`; None for `nobody`, and when the seats had problems of their own."""
        if (nobody and name == NOBODY) or not seats:
            return None
        if name in seats:
            return seats.index(name)
        guess = close_match(name, seats)
        hint = f"; did you mean '{guess}'?" if guess else ""
        self.error(location, f"'{name}' is not one of the seats ({', '.join(seats)}){hint}")
        return None

    def _distinct(self, *groups: Seq) -> None:
        first: dict[Card, Location] = {}
        for group in groups:
            for card, location in zip(group, group.locations):
                if card in first:
                    self.error(location, f"{card} appears twice ({_first(location, first[card])}); "
                                         "a deck holds each card once")
                first.setdefault(card, location)

    def _expect(self, rec: Rec) -> Expectation:
        if "expect" not in rec:
            return Expectation()
        expect: Rec = rec["expect"]
        return Expectation(dict(expect.values), dict(expect.locations))

    def _trick(self) -> TrickExample | None:
        rec = self.rec
        self._trump_given(rec)
        seats = self._seats()
        plays: Seq | None = rec.get("plays")
        leader = self._seat(seats, rec["leader"], rec.at("leader")) if "leader" in rec else 0
        if seats and len(seats) not in self.game.trick_sizes:
            sizes = alternatives(self.game.trick_sizes)
            self.error(rec.at("seats"), f"{self.game.name} tricks have {sizes} players, "
                                        f"but {len(seats)} seats are named")
        elif seats and plays is not None and len(plays) != len(seats):
            self.error(rec.at("plays"), f"{len(seats)} seats but {len(plays)} cards played; "
                                        "give one card per seat, in playing order from the leader")
        if plays is not None:
            self._distinct(plays)
        self._check_winner(seats, self._expect(rec))
        given: Seq = rec.get("variations", Seq())
        changes = [] if plays is None else [self._vary(seats, plays, variation, location)
                                            for variation, location in zip(given, given.locations)]
        if not self.ok:
            return None
        # ok, so the seats and plays (required) were read, and the leader named a seat
        assert plays is not None and leader is not None
        common = self._common()
        variations = tuple(
            TrickExample(**(common | {"location": location, "title": variation.get("title"),
                                      "cites": tuple(variation.get("cites", ()))}),
                         expect=self._expect(variation), trump=variation.get("trump", rec.get("trump")),
                         seats=seats, leader=leader, plays=new_plays, replaced=replaced)
            for variation, location, new_plays, replaced in changes)
        return TrickExample(**common, expect=self._expect(rec), trump=rec.get("trump"), seats=seats,
                            leader=leader, plays=tuple(plays), variations=variations)

    def _check_winner(self, seats, expect: Expectation) -> None:
        if "winner" in expect:
            self._seat(seats, expect["winner"], expect.locations["winner"])

    def _vary(self, seats, plays: Seq, variation: Rec, location: Location):
        """Check one variation; give it back with its plays and the cards it replaced."""
        if "trump" in variation and self.game.procedure.without_trump:
            self.error(variation.at("trump"), f"{self.game.name} is played without trump; leave 'trump' out")
        if "replace" not in variation and "trump" not in variation:
            self.error(location, "a variation changes something: give 'replace' (old card: new "
                                 "card), 'trump', or both")
        new_plays = list(plays)
        replaced = []
        for old, new, at in variation.get("replace", ()):
            if old not in new_plays:
                self.error(at, f"{old} is not played in this trick; replace one of {' '.join(map(str, plays))}")
                continue
            new_plays[new_plays.index(old)] = new
            replaced.append((old, new))
        self._distinct(Seq(new_plays, [variation.at("replace")] * len(new_plays)))
        self._check_winner(seats, self._expect(variation))
        return variation, location, tuple(new_plays), tuple(replaced)

    def _trump_given(self, rec: Rec) -> None:
        """A trump suit exactly when the game has one."""
        game = self.game
        if game.procedure.without_trump and "trump" in rec:
            self.error(rec.at("trump"), f"{game.name} is played without trump; leave 'trump' out")
        elif not game.procedure.without_trump and "trump" not in rec.given:
            self.error(rec.location, f"give 'trump': the trump suit of the deal, since {game.name} has one")

    def _legal(self) -> LegalExample | None:
        rec, game = self.rec, self.game
        self._trump_given(rec)
        trick: Seq = rec.get("trick", Seq())
        if len(trick) >= max(game.trick_sizes):
            self.error(rec.at("trick"), f"the trick is already complete: {game.name} tricks hold "
                                        f"at most {max(game.trick_sizes)} cards")
        self._distinct(trick, rec.get("hand", Seq()))
        moment = self._moment(trick)
        if not self.ok:
            return None
        return LegalExample(**self._common(), expect=self._expect(rec), trump=rec.get("trump"),
                            trick=tuple(trick), hand=tuple(rec["hand"]), moment=moment)

    def _moment(self, trick: Seq) -> Moment | None:
        """Where the trick stands in its deal, asked exactly when the game's tricks phase has a
        rule that depends on it, and only a moment a deal can reach."""
        rec, game = self.rec, self.game
        rules = game.procedure.rules_of_play
        late = game.procedure.tricks.late_follow
        asks_first = rules is not None and (rules.first_lead is not None or rules.clean_first_trick)
        asks_broken = rules is not None and rules.unbroken is not None
        for key, asked, rule in (("first_trick", asks_first, "'first_lead' and no 'clean_first_trick'"),
                                 ("broken", asks_broken, "'unbroken' suit"),
                                 ("stock_gone", late is not None, "'late_follow'")):
            if key in rec and not asked:
                self.error(rec.at(key), f"{game.name}'s 'tricks' phase has no {rule}, so '{key}' changes "
                                        "nothing; leave it out")
        if late is not None and "stock_gone" not in rec:
            self.error(rec.location, f"give 'stock_gone: true' or 'stock_gone: false': in {game.name} what must be "
                                     f"played changes once the stock is closed or used up ({late.value})")
        stock_gone = rec.get("stock_gone", False)
        if rules is None:
            return Moment(stock_gone=stock_gone) if late is not None else None
        first = rec.get("first_trick", False)
        if asks_first and "first_trick" not in rec:
            self.error(rec.location, f"give 'first_trick: true' or 'first_trick: false': in {game.name} what may "
                                     "be played to the deal's first trick differs")
        if asks_broken and "broken" not in rec and not first:
            self.error(rec.location, f"give 'broken: true' or 'broken: false': in {game.name} {rules.unbroken} may "
                                     "not be led until one has been played to an earlier trick")
        broken = rec.get("broken", False)
        if first and broken:
            self.error(rec.at("broken"), "nothing has been played to an earlier trick during the deal's first "
                                         "trick, so nothing is broken yet; give 'broken: false' or leave it out")
        hand: Seq = rec.get("hand", Seq())
        lead = rules.first_lead
        if first and lead is not None:
            if not trick and lead not in hand:
                self.error(rec.at("hand"), f"the deal's first trick is led by the player who holds {lead}; "
                                           f"add {lead} to the hand, or give 'first_trick: false'")
            if trick and trick[0] != lead:
                self.error(rec.at("trick"), f"the deal's first trick is led with {lead}; start the trick with it, "
                                            "or give 'first_trick: false'")
        return Moment(first_trick=first, broken=broken, stock_gone=stock_gone)

    def _ranking(self) -> RankingExample | None:
        rec = self.rec
        self._distinct(rec.get("cards", Seq()))
        if not self.ok:
            return None
        try:
            rank_cards(self.game, rec.get("trump"), rec["cards"])
        except RankingError as error:
            self.error(rec.at("cards"), str(error))
            return None
        expect = self._expect(rec)
        if "values" in expect:
            expect = dataclasses.replace(expect, values={**expect.values, "values": list(expect["values"])})
        return RankingExample(**self._common(), expect=expect, trump=rec.get("trump"),
                              cards=tuple(rec["cards"]))

    def _forecast(self) -> ForecastExample | None:
        rec = self.rec
        if self.game.forecast is False:
            self.error(rec.at("kind"), f"{self.game.name} has no forecast of the trump suit")
        seats = self._seats()
        dealer = self._seat(seats, rec["dealer"], rec.at("dealer")) if "dealer" in rec else None
        forecasts = [(self._seat(seats, name, location), card, location)
                     for name, card, location in rec.get("forecasts", ())]
        seat = self._seat(seats, rec["seat"], rec.at("seat")) if "seat" in rec else None
        if ("seat" in rec) != ("hand" in rec):
            self.error(rec.at("seat" if "seat" in rec else "hand"), "give 'seat' and 'hand' together: whose forecast is asked "
                                     "about, and what that player holds")
        if "turned" not in rec and "seat" not in rec:
            self.error(rec.location, "a forecast example asks about the turn-up ('turned') or "
                                     "about a player's choice ('seat' and 'hand'); give at least one")
        cards = [Seq([card for _, card, _ in forecasts], [location for _, _, location in forecasts])]
        if "turned" in rec:
            cards.append(Seq([rec["turned"]], [rec.at("turned")]))
        cards.append(rec.get("hand", Seq()))
        self._distinct(*cards)
        expect = self._expect(rec)
        if "exchange" in expect:
            self._seat(seats, expect["exchange"], expect.locations["exchange"], nobody=True)
        if not self.ok:
            return None
        team_size = rec.get("team_size", 1)
        try:
            table = Table.for_game(self.game, len(seats), team_size)
        except SeatingError as error:
            self.error(rec.at("team_size" if "team_size" in rec else "seats"), str(error))
            return None
        # ok so far, so the dealer (required) and every forecaster named a seat: `laid` keeps them all
        assert dealer is not None
        laid = [(index, card, location) for index, card, location in forecasts if index is not None]
        self._check_forecasts(table, seats, dealer, seat, laid)
        if not self.ok:
            return None
        return ForecastExample(**self._common(), expect=expect, seats=seats, team_size=team_size,
                               dealer=dealer, forecasts=tuple((s, card) for s, card, _ in laid),
                               turned=rec.get("turned"), seat=seat, hand=tuple(rec.get("hand", ())))

    def _refuse_bids(self) -> None:
        """A game scored by exact bids has its scores checked by a 'bids' claim."""
        self.error(self.rec.at("kind"), f"{self.game.name} is scored by exact bids: check what each player "
                                        f"writes with a 'bids' claim")

    def _refuse_penalties(self) -> None:
        """A game scored by penalty points has its scores checked by a 'penalties' claim."""
        self.error(self.rec.at("kind"), f"{self.game.name} is scored by penalty points: check what each player "
                                        f"writes with a 'penalties' claim")

    def _bids(self) -> BidsExample | None:
        rec, game = self.rec, self.game
        scoring = game.scoring
        if isinstance(scoring, PenaltyPoints):
            self._refuse_penalties()
        elif not isinstance(scoring, ExactBids):
            self.error(rec.at("kind"), f"{game.name} is not scored by exact bids; a 'bids' claim is for games "
                                       "scored by exact bids")
        bids: Pairs = rec.get("bids", Pairs([], rec.location))
        names = [name for name, _, _ in bids]  # each once: the shape refuses a key given twice
        tricks: Pairs = rec.get("tricks", Pairs([], rec.location))
        taken = {name: count for name, count, _ in tricks}
        for name, _, location in tricks:
            self._player(names, name, location)
        missing = [name for name in names if name not in taken]
        for name in missing:
            if "tricks" in rec:
                self.error(rec.at("tricks"), f"{name} bid, but the tricks {name} took are not given")
        total = sum(taken.values())
        number = None
        if "bids" in rec and "tricks" in rec and not missing and isinstance(scoring, ExactBids):
            number = self._bid_deal(names, total, rec.at("bids"), rec.at("tricks"),
                                    rec.at("last") if rec.get("last", False) else None)
        if number is not None:
            for name, bid, location in bids:
                if bid > total:
                    self.error(location, f"{name} bids {bid}, more than the {_count(total)} of the deal")
            restricted = game.procedure.find(TrickBids)
            if (isinstance(restricted, TrickBids) and restricted.dealer_restricted
                    and sum(bid for _, bid, _ in bids) == total):
                dealer, bid, location = list(bids)[-1]
                self.error(location, f"{dealer} deals and bids last, and may not bid {bid}: the bids would add "
                                     f"up to the {_count(total)} of the deal")
        before = dict.fromkeys(names, 0)
        for name, score, location in rec.get("totals", ()):
            if self._player(names, name, location):
                before[name] = score
        expect = self._expect(rec)
        for key in ("written", "totals"):
            for name, _, location in expect.values.get(key, ()):
                self._player(names, name, location)
        if "winner" in expect and expect["winner"] != NOBODY:
            self._player(names, expect["winner"], expect.locations["winner"])
        barred = expect.values.get("dealer_barred")
        if barred is not None and barred != "none" and not barred.isdigit():
            self.error(expect.locations["dealer_barred"], f"'dealer_barred' is a number of tricks or 'none', "
                                                          f"not '{barred}'")
        expect = dataclasses.replace(expect, values={**expect.values, **{
            key: tuple(expect[key]) for key in ("written", "totals") if key in expect},
            **({"dealer_barred": str(int(barred)) if barred.isdigit() else barred} if barred is not None else {})})
        if not self.ok or number is None:
            return None
        return BidsExample(**self._common(), expect=expect, players=tuple(names),
                           bids=tuple(bid for _, bid, _ in bids), tricks=tuple(taken[name] for name in names),
                           totals=tuple(before.values()), number=number, last=rec.get("last", False))

    def _penalties(self) -> PenaltiesExample | None:
        rec, game = self.rec, self.game
        scoring = game.scoring
        if not isinstance(scoring, PenaltyPoints):
            self.error(rec.at("kind"), f"{game.name} is not scored by penalty points; a 'penalties' claim is for "
                                       "games scored by penalty points")
        taken: Pairs = rec.get("taken", Pairs([], rec.location))
        names = [name for name, _, _ in taken]  # each once: the shape refuses a key given twice
        if "taken" in rec and len(names) not in game.players:
            self.error(rec.at("taken"), f"{game.name} is played by {alternatives(game.players)} players, but "
                                        f"{len(names)} {'is' if len(names) == 1 else 'are'} named here; give the "
                                        "cards each player took, an empty list for a player who took none")
        self._distinct(*(cards for _, cards, _ in taken))
        if isinstance(scoring, PenaltyPoints) and "taken" in rec:
            given = {card for _, cards, _ in taken for card in cards}
            missing = [card for card in game.deck if scoring.penalty(card) and card not in given]
            if missing:
                self.error(rec.at("taken"), f"every card is taken by someone in a deal, and no one takes "
                                            f"{' '.join(map(str, missing))} here; give each card that costs penalty "
                                            "points to a player")
        before = dict.fromkeys(names, 0)
        for name, score, location in rec.get("totals", ()):
            if self._player(names, name, location, "cards"):
                before[name] = score
        expect = self._expect(rec)
        for key in ("penalties", "written", "totals"):
            for name, _, location in expect.values.get(key, ()):
                self._player(names, name, location, "cards")
        for key in ("moon", "winner"):
            if key in expect and expect[key] != NOBODY:
                self._player(names, expect[key], expect.locations[key], "cards")
        expect = dataclasses.replace(expect, values={**expect.values, **{
            key: tuple(expect[key]) for key in ("penalties", "written", "totals") if key in expect}})
        if not self.ok:
            return None
        return PenaltiesExample(**self._common(), expect=expect, players=tuple(names),
                                taken=tuple(tuple(cards) for _, cards, _ in taken), totals=tuple(before.values()))

    def _game_points(self) -> GamePointsExample | None:
        rec, game = self.rec, self.game
        scoring = game.scoring
        if not isinstance(scoring, GamePoints):
            self.error(rec.at("kind"), f"{game.name} is not scored by game points; a 'game-points' claim is for games "
                                       "scored by game points")
        elif rec.get("loser_points", 0) >= scoring.deal_target:
            self.error(rec.at("loser_points"), f"the loser never reached the deal's target of {scoring.deal_target}: "
                                               f"give fewer card points")
        if rec.get("loser_tricks") == 0 and rec.get("loser_points", 0) > 0:
            self.error(rec.at("loser_points"), "a player who took no trick has no card points: give 0, or some tricks")
        closed = rec.get("closed", "nobody")
        if "winner_tricks" in rec and closed != "loser":
            self.error(rec.at("winner_tricks"), "'winner_tricks' counts when the loser closed the stock; leave it out, "
                                                "or give 'closed: loser'")
        if not self.ok:
            return None
        return GamePointsExample(**self._common(), expect=self._expect(rec), closed=closed,
                                 loser_points=rec["loser_points"], loser_tricks=rec["loser_tricks"],
                                 winner_tricks=rec.get("winner_tricks", 1))

    def _bid_deal(self, names: list[str], total: int, at_bids: Location, at_tricks: Location,
                  at_last: Location | None) -> int | None:
        """A deal of the game, at a table of as many players as are named, whose hands hold as many
        cards as the tricks add up to (the last deal of the game, when `at_last` says so);
        reported if there is none."""
        game = self.game
        if len(names) not in game.players:
            self.error(at_bids, f"{game.name} is played by {alternatives(game.players)} players, but "
                                f"{len(names)} {'bids' if len(names) == 1 else 'bid'} here; give the bid of each")
            return None
        deals = game.procedure.deal.deals(len(names), len(game.deck))
        if at_last is not None:
            if deals is None:
                self.error(at_last, f"a game of {game.name} has no last deal: its hands keep one size, and it ends "
                                    "at its target; leave out 'last'")
                return None
            last = game.hand_size_at(len(names), deals - 1)
            if total != last:
                self.error(at_tricks, f"the tricks add up to {total}, but the last deal of {game.name} at "
                                      f"{len(names)} players has {_count(last)}")
                return None
            return deals - 1
        sizes: dict[int, int] = {}  # the first deal of each size: only `last` asks for the game's end
        for number in range(deals or 1):
            sizes.setdefault(game.hand_size_at(len(names), number), number)
        if total not in sizes:
            self.error(at_tricks, f"the tricks add up to {total}, but a deal of {game.name} at {len(names)} "
                                  f"players has {alternatives(sorted(sizes))} tricks")
            return None
        return sizes[total]

    def _player(self, names: list[str], name: str, location: Location, given: str = "bids") -> bool:
        """Whether `name` is one of the players whose `given` (bids, cards) the claim gives;
        reported if not."""
        if name in names or not names:
            return bool(names)
        guess = close_match(name, names)
        hint = f"; did you mean '{guess}'?" if guess else ""
        self.error(location, f"'{name}' is not one of the players whose {given} are given "
                             f"({', '.join(names)}){hint}")
        return False

    def _score(self) -> ScoreExample | None:
        rec = self.rec
        if isinstance(self.game.scoring, PenaltyPoints):
            self._refuse_penalties()
        elif isinstance(self.game.scoring, ExactBids):
            self._refuse_bids()
        elif isinstance(self.game.scoring, OddTricks):
            self.error(rec.at("kind"), f"{self.game.name} does not score card points; a 'score' claim is "
                                       "for games won on card points, a 'tally' claim for games scored by odd tricks")
        elif not isinstance(self.game.scoring, VictoryPoints):
            self.error(rec.at("kind"), f"{self.game.name} does not score card points; a 'score' claim is "
                                       "for games won on card points, a 'round' claim for games won on tricks")
        totals: Pairs = rec.get("totals", Pairs([], rec.location))
        names = [name for name, _, _ in totals]
        seen: dict[str, Location] = {}
        for name, _, location in totals:
            if name in seen:
                self.error(location, f"'{name}' is named twice ({_first(location, seen[name])})")
            seen.setdefault(name, location)
        if "totals" in rec and len(totals) < 2:
            self.error(rec.at("totals"), "a deal has at least two players or teams; give a total for each")
        expect = self._expect(rec)
        if "winner" in expect and expect["winner"] != NOBODY:
            self._seat(tuple(names), expect["winner"], expect.locations["winner"])
        team_size = rec.get("team_size", 1)
        thresholds = getattr(self.game.scoring, "thresholds", {})
        given = sum(total for _, total, _ in totals)
        if isinstance(self.game.scoring, VictoryPoints) and given > self.game.total_points:
            self.error(rec.at("totals"), f"the totals add up to {given}, more than the {self.game.total_points} "
                                         f"points of the {self.game.name} deck")
        if thresholds and team_size not in thresholds:
            self.error(rec.at("team_size"), f"{self.game.name} has no teams of {team_size}; "
                                            f"team sizes: {alternatives(sorted(thresholds))}")
        if not self.ok:
            return None
        return ScoreExample(**self._common(), expect=expect, sides=tuple(names),
                            totals=tuple(total for _, total, _ in totals), team_size=team_size)

    def _round(self) -> RoundExample | None:
        rec = self.rec
        if isinstance(self.game.scoring, PenaltyPoints):
            self._refuse_penalties()
        elif isinstance(self.game.scoring, ExactBids):
            self._refuse_bids()
        elif isinstance(self.game.scoring, OddTricks):
            self.error(rec.at("kind"), f"a 'round' claim checks what the side that made trump writes (scoring "
                                       f"kind: tricks); {self.game.name} is scored by odd tricks: check what each "
                                       f"side writes with a 'tally' claim")
        elif not isinstance(self.game.scoring, TrickScoring):
            self.error(rec.at("kind"), f"{self.game.name} is not scored by tricks; a 'round' claim is for "
                                       "games won on tricks, a 'score' claim for games won on card points")
        elif rec.get("declarer_tricks", 0) > self.game.hand_size:
            self.error(rec.at("declarer_tricks"), f"a {self.game.name} deal has {self.game.hand_size} tricks, "
                                                  f"not {rec['declarer_tricks']}")
        rounds, scores = rec.get("rounds"), rec.get("scores")
        match_rounds = self.game.scoring.rounds if isinstance(self.game.scoring, TrickScoring) else 1
        if rounds is not None and max(_sides(rounds)) >= match_rounds:
            self.error(rec.at("rounds"), f"a side with {match_rounds} rounds has won the match already; "
                                         "the deal is one of a match still being played")
        if scores is not None and isinstance(self.game.scoring, TrickScoring) \
                and max(_sides(scores)) >= self.game.scoring.round:
            self.error(rec.at("scores"), f"a side at {self.game.scoring.round} has won the round already, "
                                         "and the scores went back to 0")
        expect = self._expect(rec)
        sides = {key: _sides(expect[key]) for key in ("written", "scores") if key in expect}
        expect = dataclasses.replace(expect, values={**expect.values, **sides})
        if not self.ok:
            return None
        zero = {"declarers": 0, "defenders": 0}
        return RoundExample(**self._common(), expect=expect,
                            scores=_sides(rec.get("scores", zero)), rounds=_sides(rec.get("rounds", zero)),
                            declarer_tricks=rec["declarer_tricks"], solo=rec.get("solo", False))

    def _tally(self) -> TallyExample | None:
        rec, game = self.rec, self.game
        scoring = game.scoring
        if isinstance(scoring, PenaltyPoints):
            self._refuse_penalties()
        elif isinstance(scoring, ExactBids):
            self._refuse_bids()
        elif not isinstance(scoring, OddTricks):
            self.error(rec.at("kind"), f"{game.name} is not scored by odd tricks; a 'tally' claim is for games "
                                       "scored by odd tricks, a 'round' claim for games won on tricks, a 'score' "
                                       "claim for games won on card points")
        tricks: Pairs = rec.get("tricks", Pairs([], rec.location))
        names = [name for name, _, _ in tricks]  # each once: the shape refuses a key given twice
        if "tricks" in rec and isinstance(scoring, OddTricks):
            self._tricks_of_a_deal(tricks, rec.at("tricks"))
        before = dict.fromkeys(names, 0)
        scores: Pairs | None = rec.get("scores")
        if scores is not None:
            for name, score, location in scores:
                if self._side(names, name, location):
                    before[name] = score
            winner = game_step(scoring, tuple(before.values()), (0,) * len(names)).winner \
                if isinstance(scoring, OddTricks) and names else None
            if winner is not None and isinstance(scoring, OddTricks):
                leader = names[winner]
                self.error(rec.at("scores"), f"{leader} at {before[leader]} has won the game already "
                                             f"({scoring.target} wins it); the deal is one of a game still being "
                                             "played")
        expect = self._expect(rec)
        for key in ("written", "scores"):
            if key in expect:
                for name, _, location in expect[key]:
                    self._side(names, name, location)
        if "game" in expect and expect["game"] != NOBODY:
            self._side(names, expect["game"], expect.locations["game"])
        expect = dataclasses.replace(expect, values={**expect.values, **{
            key: tuple(expect[key]) for key in ("written", "scores") if key in expect}})
        if not self.ok:
            return None
        return TallyExample(**self._common(), expect=expect, sides=tuple(names),
                            tricks=tuple(count for _, count, _ in tricks), scores=tuple(before.values()))

    def _side(self, names: list[str], name: str, location: Location) -> bool:
        """Whether `name` is one of the sides whose tricks are given; reported if not."""
        if name in names or not names:
            return bool(names)
        guess = close_match(name, names)
        hint = f"; did you mean '{guess}'?" if guess else ""
        self.error(location, f"'{name}' is not one of the sides whose tricks are given ({', '.join(names)}){hint}")
        return False

    def _tricks_of_a_deal(self, tricks: Pairs, location: Location) -> None:
        """As many sides as a table of the game has, and as many tricks as a deal at it."""
        game = self.game
        tables = [players for players in game.players for size in game.team_sizes(players)
                  if players // size == len(tricks)]
        if not tables:
            sides = {players // size for players in game.players for size in game.team_sizes(players)}
            self.error(location, f"a {game.name} deal has {alternatives(sides)} sides, but {len(tricks)} "
                                 f"{'is' if len(tricks) == 1 else 'are'} named here; give the tricks of each side")
            return
        counts = {game.hand_size_at(players) for players in tables}
        total = sum(count for _, count, _ in tricks)
        if total not in counts:
            self.error(location, f"the tricks add up to {total}, but a {game.name} deal has "
                                 f"{alternatives(counts)} tricks")

    def _deal(self) -> DealExample | None:
        rec = self.rec
        if not self.game.procedure.draws:
            self.error(rec.at("kind"), f"a 'deal' claim counts the stock and the drawing; {self.game.name} "
                                       "has no drawing from a stock")
        if isinstance(self.game.scoring, GamePoints):
            expect = self._expect(rec)
            for key in ("drawing_rounds", "tricks", "indicator_drawn"):
                if key in expect:
                    self.error(expect.locations[key], f"a deal of {self.game.name} ends the moment a player reaches "
                                                      f"{self.game.scoring.deal_target}, or after a closing, so how "
                                                      f"long it lasts depends on the deal: a 'deal' claim asks only "
                                                      f"'stock' in a game scored by game points")
        team_size = rec.get("team_size", 1)
        if self.ok:
            try:
                Table.for_game(self.game, rec["players"], team_size)
            except SeatingError as error:
                self.error(rec.at("team_size" if "team_size" in rec else "players"), str(error))
        if not self.ok:
            return None
        return DealExample(**self._common(), expect=self._expect(rec), players=rec["players"],
                           team_size=team_size)

    def _turns(self) -> TurnsExample | None:
        rec, game = self.rec, self.game
        procedure = game.procedure
        expect = self._expect(rec)
        bidding = procedure.find(Bidding)
        trump = procedure.find(TrumpSet)
        tricks = procedure.tricks
        turned = (procedure.find(TurnUp) is not None or procedure.has_maker
                  or isinstance(trump, TrumpSet) and trump.source in (TrumpFrom.DEALER_LAST, TrumpFrom.NEXT_CARD))
        for key in expect.values:
            if key in NEEDS_TURNED and not turned:
                self.error(expect.locations[key], f"no card is turned for trump in {game.name}; '{key}' is for games "
                                                  "whose trump comes from a turned card: leave it out")
            elif key == "named_suits" and not (isinstance(bidding, Bidding) and BidRound.NAME in bidding.rounds[1:]):
                self.error(expect.locations[key], f"in {game.name} nobody names a suit in a later round of bidding, "
                                                  "once the turned card is turned down: leave out 'named_suits'")
            elif key in ("draw_order", "indicator") and not procedure.draws:
                self.error(expect.locations[key], f"nobody draws from a stock in {game.name}: leave out '{key}'")
            elif key == "bid_order" and bidding is None and procedure.find(TrickBids) is None:
                self.error(expect.locations[key], f"nobody bids in {game.name}: leave out 'bid_order'")
            elif key == "announced_on" and not (tricks and (tricks.marriage or tricks.exchange or tricks.closing)):
                self.error(expect.locations[key], f"nobody shows a marriage, exchanges a card or closes the stock in "
                                                  f"{game.name}: leave out 'announced_on'")
            elif key == "exchange_while" and not (tricks and tricks.exchange):
                self.error(expect.locations[key], f"nobody exchanges a card for the turned one in {game.name} (the "
                                                  "tricks phase's 'exchange'): leave out 'exchange_while'")
            elif key in ("deal_ends", "last_trick_bonus") and not isinstance(game.scoring, GamePoints):
                self.error(expect.locations[key], f"{game.name} is not a race to card points (scoring kind: "
                                                  f"game-points): leave out '{key}'")
            elif key == "cut" and not (isinstance(cut := procedure.find(Cut), Cut) and cut.take and game.permanent_trumps):
                self.error(expect.locations[key], f"nobody may take a fixed top trump at the cut in {game.name} (the "
                                                  "cut phase's 'take'): leave out 'cut'")
            elif key in ("chooser", "refusal", "turned_top_trump") and procedure.find(AcceptOrRefuse) is None:
                self.error(expect.locations[key], f"nobody accepts or refuses a turned card in {game.name} (the "
                                                  f"accept-or-refuse phase): leave out '{key}'")
            elif key == "turned_top_trump" and not game.permanent_trumps:
                self.error(expect.locations[key], f"{game.name} has no fixed top trump (top_trumps with 'card'): "
                                                  "leave out 'turned_top_trump'")
            elif key == "lone_first_leader" and procedure.find(SoloOffer) is None:
                self.error(expect.locations[key], f"nobody plays alone in {game.name} (the solo phase): leave out "
                                                  "'lone_first_leader'")
            elif key == "pack_used_up" and not (isinstance(trump, TrumpSet) and trump.source is TrumpFrom.NEXT_CARD):
                self.error(expect.locations[key], f"{game.name} does not turn the next card after the deal for trump "
                                                  "(the trump phase's 'from: next-card'): leave out 'pack_used_up'")
            elif key == "marriage_counts" and not (tricks and tricks.marriage):
                self.error(expect.locations[key], f"nobody shows a marriage in {game.name}: leave out "
                                                  "'marriage_counts'")
            elif key == "broken_by" and (procedure.tricks is None or procedure.tricks.unbroken is None):
                self.error(expect.locations[key], f"no suit of {game.name} waits to be broken before it may be led "
                                                  "(the tricks phase's 'unbroken'): leave out 'broken_by'")
        players = rec.get("players", min(game.players))
        team_size = rec.get("team_size", min(game.team_sizes(players), default=1))
        if self.ok:
            try:
                Table.for_game(game, players, team_size)
            except SeatingError as error:
                self.error(rec.at("team_size" if "team_size" in rec else "players"), str(error))
        if not self.ok:
            return None
        return TurnsExample(**self._common(), expect=expect, players=players, team_size=team_size)

    def _game(self) -> GameExample | None:
        if not self.ok:
            return None
        return GameExample(**self._common(), expect=self._expect(self.rec))

    def _check_forecasts(self, table: Table, seats: tuple[str, ...], dealer: int, seat: int | None,
                         forecasts: list[tuple[int, Card, Location]]) -> None:
        """Who may forecast, and when, and of which suit: each forecast reported at its own line,
        where the engine could only refuse the example as a whole."""
        asked = forecast_seats(table, dealer)
        suits: dict[Suit, tuple[Card, Location]] = {}
        for index, card, location in forecasts:
            name = seats[index]
            refusal = may_forecast(table, dealer, index)
            if refusal is Refusal.DEALER:
                self.error(location, f"{name} is the dealer, and the dealer never forecasts")
            elif refusal is Refusal.DEALERS_PARTNER:
                self.error(location, f"{name} is the dealer's partner, and the dealer's partners "
                                     "never forecast")
            elif seat in asked and asked.index(index) >= asked.index(seat):
                self.error(location, f"{name}'s forecast cannot be on the table yet: {name} is asked "
                                     f"after {seats[seat]}")
            if card.suit in suits:
                other, at = suits[card.suit]
                self.error(location, f"{card} forecasts {card.suit}, like {other} "
                                     f"({_first(location, at)}); the forecasts on the table must be "
                                     "of different suits")
            suits.setdefault(card.suit, (card, location))


def _count(tricks: int) -> str:
    return f"{tricks} trick" if tricks == 1 else f"{tricks} tricks"
