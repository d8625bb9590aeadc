"""Example files → typed examples, with every cross-field problem reported at its line.

The shapes below say what each kind of example may contain; the builders check what a shape
cannot (seat names that exist, one card per seat, no card twice) before the engine is asked.
"""

from __future__ import annotations

from typing import Mapping

from yaml.nodes import MappingNode

from .cards import Card
from .examples import (NOBODY, Example, Expectation, ForecastExample, LegalExample, RankingExample,
                       TrickExample)
from .game import GameSpec
from .gamefile import SLUG
from .problems import Location, Problems
from .rules import Duty, WinReason
from .schema import (INVALID, CardShape, Choice, Context, Field, Integer, ListOf, MapOf, Rec, Record,
                     Seq, SuitShape, Tagged, Text, did_you_mean)
from .seating import SeatingError, Table
from .source import Source

SEAT = Text("a seat name")
CITES = ListOf(Text("a fact number", pattern=r"[A-Z][0-9]+[a-z]?",
                    hint="write it as in the spec, e.g. A14 or E1"))
CARDS = ListOf(CardShape())


def _example(what: str, fields: Mapping[str, Field]) -> Record:
    return Record(what, {
        "id": Field(Text("an example id", **SLUG), required=True,
                    doc="Unique within the game; used in page addresses."),
        "kind": Field(Choice(KINDS, "a kind of example"), required=True),
        "title": Field(Text("a title"), doc="English source text, translated like any other."),
        "cites": Field(CITES, doc="Spec facts this example illustrates."),
        "variant": Field(Text("a variant id", **SLUG), doc="A variant of the game's rules."),
        **fields,
    })


KINDS = ("trick", "legal", "ranking", "forecast")

TRICK_EXPECT = Record("a trick expectation", {
    "winner": Field(SEAT, doc="Name of the seat that takes the trick."),
    "points": Field(Integer("a number of points", minimum=0)),
    "reason": Field(Choice([reason.value for reason in WinReason], "a win reason")),
})

TRICK = _example("a trick example", {
    "trump": Field(SuitShape(), required=True),
    "seats": Field(ListOf(SEAT, min_items=2), required=True,
                   doc="Names in the direction of play."),
    "leader": Field(SEAT, doc="Who leads; the first seat if omitted."),
    "plays": Field(ListOf(CardShape(), min_items=2), required=True,
                   doc="One card per seat, in playing order from the leader."),
    "expect": Field(TRICK_EXPECT),
    "variations": Field(ListOf(Record("a variation", {
        "title": Field(Text("a title")),
        "cites": Field(CITES),
        "replace": Field(MapOf(CardShape(), CardShape(), "card replacements (old: new)")),
        "trump": Field(SuitShape()),
        "expect": Field(TRICK_EXPECT),
    }), what="a list of variations")),
})

LEGAL = _example("a legal-play example", {
    "trump": Field(SuitShape(), required=True),
    "trick": Field(CARDS, doc="Cards already played, from the leader; empty when leading."),
    "hand": Field(ListOf(CardShape(), min_items=1), required=True),
    "expect": Field(Record("a legal-play expectation", {
        "legal": Field(CARDS, doc="Every card of the hand that may be played."),
        "duty": Field(Choice([duty.value for duty in Duty], "a duty")),
    })),
})

RANKING = _example("a ranking example", {
    "trump": Field(SuitShape(), doc="Omit to rank a suit that is not trump."),
    "cards": Field(ListOf(CardShape(), min_items=1), required=True),
    "expect": Field(Record("a ranking expectation", {
        "strongest": Field(CardShape()),
        "order": Field(CARDS, doc="Strongest first."),
        "values": Field(MapOf(CardShape(), Integer("a number of points", minimum=0), "card values")),
    })),
})

FORECAST = _example("a forecast example", {
    "seats": Field(ListOf(SEAT, min_items=2), required=True, doc="Names in the direction of play."),
    "team_size": Field(Integer("a team size", minimum=1)),
    "dealer": Field(SEAT, required=True),
    "forecasts": Field(MapOf(SEAT, CardShape(), "forecasts by seat"),
                       doc="Forecasts already on the table, in the order they were laid."),
    "turned": Field(CardShape(), doc="The card the dealer turns up."),
    "seat": Field(SEAT, doc="The player deciding whether to forecast."),
    "hand": Field(CARDS, doc="That player's hand."),
    "expect": Field(Record("a forecast expectation", {
        "exchange": Field(SEAT, doc=f"Who must exchange, or {NOBODY}."),
        "indicator": Field(CardShape()),
        "trump": Field(SuitShape()),
        "allowed": Field(CARDS, doc="Cards the seat may lay as forecast."),
    })),
})

EXAMPLES_FILE = Record("an examples file", {
    "game": Field(Text("a game id", **SLUG), doc="Needed only outside examples/<game>/."),
    "examples": Field(ListOf(Tagged("an example", "kind", {
        "trick": TRICK, "legal": LEGAL, "ranking": RANKING, "forecast": FORECAST,
    }), what="a list of examples", min_items=1, keep_valid=True), required=True),
})


def peek(node, key: str):
    """The value node of `key` in a mapping node, before the mapping is validated."""
    if isinstance(node, MappingNode):
        for key_node, value_node in node.value:
            if getattr(key_node, "value", None) == key:
                return value_node
    return None


def load_examples(source: Source, problems: Problems, game: GameSpec) -> list[Example]:
    ctx = Context(source, problems, game)
    rec = EXAMPLES_FILE.read(source.root, ctx)
    examples: list[Example] = []
    if rec is INVALID:
        return examples
    for item in rec["examples"]:
        example = _Builder(game, item, problems).build()
        if example is not None:
            examples.append(example)
    _unique_ids(examples, problems)
    return examples


def _unique_ids(examples: list[Example], problems: Problems) -> None:
    seen: dict[str, Example] = {}
    for example in examples:
        if example.id in seen:
            problems.add(example.location, f"the example id '{example.id}' is used twice (first on "
                                           f"line {seen[example.id].location.line}); ids must differ")
        seen.setdefault(example.id, example)


class _Builder:
    """Turns one validated example mapping into an Example, reporting what does not fit."""

    def __init__(self, game: GameSpec, rec: Rec, problems: Problems):
        self.rec = rec
        self.problems = problems
        self.failed = False
        self.game = game
        if "variant" in rec:
            try:
                self.game = game.with_variant(rec["variant"])
            except KeyError as error:
                self.error(rec.at("variant"), error.args[0])

    def error(self, location: Location, message: str) -> None:
        self.problems.add(location, message)
        self.failed = True

    def build(self) -> Example | None:
        kind = self.rec["kind"]
        common = dict(id=self.rec["id"], location=self.rec.location, game=self.game,
                      title=self.rec.get("title"), cites=tuple(self.rec.get("cites", ())))
        example = getattr(self, f"_{kind}")(common)
        return None if self.failed else example

    def _seats(self, key: str = "seats") -> tuple[str, ...]:
        seats: Seq = self.rec[key]
        first: dict[str, Location] = {}
        for name, location in zip(seats, seats.locations):
            if name in first:
                self.error(location, f"the seat name '{name}' is used twice (first on line "
                                     f"{first[name].line}); give each seat its own name")
            elif name == NOBODY:
                self.error(location, f"'{NOBODY}' is reserved for \"no exchange\"; choose another name")
            first.setdefault(name, location)
        return tuple(seats)

    def _seat(self, seats: tuple[str, ...], name: str, location: Location, *, nobody=False) -> int | None:
        if nobody and name == NOBODY:
            return None
        if name in seats:
            return seats.index(name)
        self.error(location, f"'{name}' is not one of the seats ({', '.join(seats)}); "
                             f"{did_you_mean(name, seats)}")
        return None

    def _distinct(self, *groups: Seq) -> None:
        first: dict[Card, Location] = {}
        for group in groups:
            for card, location in zip(group, group.locations):
                if card in first:
                    self.error(location, f"{card} appears twice (first on line {first[card].line}); "
                                         "a deck holds each card once")
                first.setdefault(card, location)

    def _expect(self, key: str = "expect", rec: Rec | None = None) -> Expectation:
        rec = rec or self.rec
        if key not in rec:
            return Expectation()
        expect: Rec = rec[key]
        return Expectation(dict(expect.values), dict(expect.locations))

    def _trick(self, common) -> TrickExample | None:
        rec = self.rec
        seats = self._seats()
        plays: Seq = rec["plays"]
        leader = self._seat(seats, rec["leader"], rec.at("leader")) if "leader" in rec else 0
        if len(seats) not in self.game.trick_sizes:
            sizes = " or ".join(str(n) for n in self.game.trick_sizes)
            self.error(rec.at("seats"), f"a {self.game.name} trick has {sizes} players, "
                                        f"but {len(seats)} seats are named")
        elif len(plays) != len(seats):
            self.error(rec.at("plays"), f"{len(seats)} seats but {len(plays)} cards played; "
                                        "give one card per seat, in playing order from the leader")
        self._distinct(plays)
        expect = self._expect()
        self._check_winner(seats, expect)
        variations = []
        for variation, location in zip(rec.get("variations", ()), rec.get("variations", Seq()).locations):
            variations.append(self._variation(common, seats, leader, plays, variation, location))
        if self.failed:
            return None
        return TrickExample(**common, expect=expect, trump=rec["trump"], seats=seats, leader=leader,
                            plays=tuple(plays), variations=tuple(variations))

    def _check_winner(self, seats, expect: Expectation) -> None:
        if "winner" in expect:
            self._seat(seats, expect["winner"], expect.locations["winner"])

    def _variation(self, common, seats, leader, plays: Seq, variation: Rec, location: Location):
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
        expect = self._expect(rec=variation)
        self._check_winner(seats, expect)
        return TrickExample(**(common | {"location": location, "title": variation.get("title"),
                                         "cites": tuple(variation.get("cites", ()))}),
                            expect=expect, trump=variation.get("trump", self.rec["trump"]),
                            seats=seats, leader=leader, plays=tuple(new_plays),
                            replaced=tuple(replaced))

    def _legal(self, common) -> LegalExample | None:
        rec = self.rec
        trick: Seq = rec.get("trick", Seq())
        if len(trick) >= max(self.game.trick_sizes):
            self.error(rec.at("trick"), f"the trick already holds {len(trick)} cards; a "
                                        f"{self.game.name} trick has at most {max(self.game.trick_sizes)}")
        self._distinct(trick, rec["hand"])
        if self.failed:
            return None
        return LegalExample(**common, expect=self._expect(), trump=rec["trump"], trick=tuple(trick),
                            hand=tuple(rec["hand"]))

    def _ranking(self, common) -> RankingExample | None:
        rec = self.rec
        self._distinct(rec["cards"])
        if self.failed:
            return None
        expect = self._expect()
        if "values" in expect:
            expect.values["values"] = list(expect["values"])
        return RankingExample(**common, expect=expect, trump=rec.get("trump"), cards=tuple(rec["cards"]))

    def _forecast(self, common) -> ForecastExample | None:
        rec = self.rec
        seats = self._seats()
        team_size = rec.get("team_size", 1)
        try:
            Table.for_game(self.game, len(seats), team_size)
        except SeatingError as error:
            self.error(rec.at("team_size" if "team_size" in rec else "seats"), str(error))
        dealer = self._seat(seats, rec["dealer"], rec.at("dealer"))
        forecasts = []
        for name, card, location in rec.get("forecasts", ()):
            forecasts.append((self._seat(seats, name, location), card))
        seat = self._seat(seats, rec["seat"], rec.at("seat")) if "seat" in rec else None
        if ("seat" in rec) != ("hand" in rec):
            self.error(rec.location, "give 'seat' and 'hand' together: whose forecast is asked "
                                     "about, and what that player holds")
        if "turned" not in rec and "seat" not in rec:
            self.error(rec.location, "a forecast example asks about the turn-up ('turned') or "
                                     "about a player's choice ('seat' and 'hand'); give at least one")
        cards = [Seq([card for _, card, _ in rec.get("forecasts", ())],
                     [loc for _, _, loc in rec.get("forecasts", ())])]
        if "turned" in rec:
            cards.append(Seq([rec["turned"]], [rec.at("turned")]))
        cards.append(rec.get("hand", Seq()))
        self._distinct(*cards)
        expect = self._expect()
        if "exchange" in expect:
            self._seat(seats, expect["exchange"], expect.locations["exchange"], nobody=True)
        if self.game.forecast is False:
            self.error(rec.location, f"{self.game.name} has no forecast of the trump suit")
        if self.failed:
            return None
        return ForecastExample(**common, expect=expect, seats=seats, team_size=team_size,
                               dealer=dealer, forecasts=tuple(forecasts), turned=rec.get("turned"),
                               seat=seat, hand=tuple(rec.get("hand", ())))
