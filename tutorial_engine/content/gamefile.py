"""`game.yml` → GameSpec, with every inconsistency reported at its line."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from types import MappingProxyType

from ..engine.cards import Card, Suit
from ..engine.game import Direction, FollowRule, GameSpec, NextDealer, TeamRule, TrickScoring, VictoryPoints
from ..problems import Location, Problems
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
    RankShape,
    Rec,
    Record,
    SuitShape,
    Tagged,
    Text,
)
from .source import Source

DEALS = ("draw", "trump-choice")
SLUG = dict(pattern=r"[a-z][a-z0-9-]*", hint="use lowercase letters, digits and hyphens")
PLAYER_COUNT = Integer("a number of players", minimum=2)

_RULES = {
    "deck": Field(Record("the deck", {
        "suits": Field(ListOf(SuitShape(), min_items=1), required=True, doc="Suits in display order."),
        "ranks": Field(ListOf(RankShape(), min_items=1), required=True,
                       doc="Ranks present in every suit."),
    }), doc="Which cards exist."),
    "order": Field(Record("the rank orders", {
        "plain": Field(ListOf(RankShape(), min_items=1), required=True,
                       doc="High to low in a suit that is not trump."),
        "trump": Field(ListOf(RankShape(), min_items=1), required=True,
                       doc="High to low in the trump suit, after any permanent trumps."),
    }), doc="How cards rank."),
    "points": Field(MapOf(RankShape(), Integer("a number of points", minimum=0), "card points"),
                    doc="Points per rank; ranks not named are worth 0."),
    "permanent_trumps": Field(Record("the permanent trumps", {
        "cards": Field(ListOf(CardShape(), min_items=1), required=True,
                       doc="Always the highest trumps, high to low."),
        "suit": Field(SuitShape(), required=True,
                      doc="Their home suit: they follow its ordinary cards when it is not trump."),
    }), doc="Cards that are trumps whatever the trump suit."),
    "follow": Field(Choice([rule.value for rule in FollowRule], "a follow rule"),
                    doc="`none`: any card at any time; `suit-then-trump`: follow, else trump, else any."),
    "players": Field(ListOf(PLAYER_COUNT, min_items=1), doc="Table sizes."),
    "trick_sizes": Field(ListOf(PLAYER_COUNT, min_items=1),
                         doc="Cards in a trick, when it can differ from the table size."),
    "teams": Field(ListOf(Record("a team rule", {
        "size": Field(Integer("a team size", minimum=1), required=True,
                      doc="Players in a team; 1 means everyone plays alone."),
        "players": Field(ListOf(PLAYER_COUNT, min_items=1), required=True,
                         doc="The table sizes where teams of this size are allowed."),
    }), what="a list of team rules"), doc="Team sizes allowed at each table size."),
    "direction": Field(Choice([d.value for d in Direction], "a direction of play"),
                       doc="`clockwise` or `counterclockwise`: who plays next."),
    "hand_size": Field(Integer("a number of cards", minimum=1), doc="Cards dealt to each player."),
    "deal": Field(Choice(DEALS, "a deal procedure"),
                  doc="`draw`: turn up trump and draw after each trick; `trump-choice`: Altbaumer's."),
    "forecast": Field(Boolean(), doc="Whether the dealer's opponents may forecast the trump suit."),
    "next_dealer": Field(Choice([rule.value for rule in NextDealer], "a rule for the next dealer"),
                         doc="Who deals next. `winner` (the default of a `draw` game): the winner deals, a "
                             "winning team's members take turns, and after a tie the same player deals "
                             "again; `in-turn` (always, in a `trump-choice` game): the next player in the "
                             "direction of play deals."),
    "scoring": Field(Tagged("a scoring rule", "kind", {
        "victory-points": Record("victory-point scoring", {
            "kind": Field(Choice(["victory-points", "tricks"], "a kind of scoring"), required=True,
                          doc="`victory-points`: card points decide the deal; `tricks`: the number of tricks does."),
            "thresholds": Field(MapOf(Integer("a team size", minimum=1),
                                      Integer("a number of points", minimum=0), "thresholds by team size"),
                                doc="By team size: when a total is below it, the winner scores 2 (strict). "
                                    "Without thresholds a win is worth 1."),
            "wins_above": Field(Integer("a number of points", minimum=0),
                                doc="The highest total must be more than this to win; "
                                    "otherwise the deal is drawn."),
        }),
        "tricks": Record("trick scoring", {
            "kind": Field(Choice(["victory-points", "tricks"], "a kind of scoring"), required=True,
                          doc="`victory-points`: card points decide the deal; `tricks`: the number of tricks does."),
            "majority": Field(Integer("a number of tricks", minimum=1), required=True,
                              doc="The tricks a side needs to score."),
            "sweep": Field(Integer("a number of points"), required=True,
                           doc="What a side scores for taking every trick."),
            "declarers_loss": Field(Integer("a number of points"), required=True,
                                    doc="What the declaring side writes when it falls short."),
            "round": Field(Integer("a number of points", minimum=1), required=True,
                           doc="The score that wins a round."),
        }),
    }), doc="How a deal is scored."),
}

VARIANT = Record("a variant", {"description": Field(Text("a description"), required=True,
                                                      doc="What the variant changes, in one sentence.")} | _RULES)

GAME = Record("a game", {
    "id": Field(Text("a game id", **SLUG), required=True, doc="The game's folder name."),
    "name": Field(Text("a game name"), required=True, doc="The game's name, translated like any other text."),
    **{key: Field(spec.shape, required=key in {"deck", "order"}, doc=spec.doc)
       for key, spec in _RULES.items()},
    "variants": Field(MapOf(Text("a variant id", **SLUG), VARIANT, "variants"),
                      doc="Named rule changes an example may ask for."),
})


def build_game(source: Source, problems: Problems, folder: str | None) -> GameSpec | None:
    ctx = Context(source, problems)
    rec = GAME.read(source.root, ctx)
    if rec is INVALID:
        return None
    before = len(problems)
    if folder is not None and rec["id"] != folder:
        problems.add(rec.at("id"), f"the game id '{rec['id']}' differs from its folder '{folder}'; "
                                   "make them the same")
    base = _spec(rec, rec.values, problems)
    variants: dict[str, GameSpec] = {}
    for name, variant, _ in rec.get("variants", ()):
        values = rec.values | {k: v for k, v in variant.values.items() if k != "description"}
        spec = _spec(_Overlay(rec, variant), values, problems, name)
        if spec is not None:  # else its problems are reported, and the game fails below
            variants[name] = spec
    if base is None or len(problems) > before:
        return None
    return replace(base, variants=MappingProxyType(variants))


class _Overlay:
    """Locations for a variant: its own keys first, then the base game's."""

    def __init__(self, base: Rec, variant: Rec):
        self.base, self.variant = base, variant

    def at(self, key: str) -> Location:
        return self.variant.locations.get(key) or self.base.at(key)


def _spec(rec, values: dict, problems: Problems, variant: str | None = None) -> GameSpec | None:
    before = len(problems)
    suits = tuple(values["deck"]["suits"])
    ranks = tuple(values["deck"]["ranks"])
    _unique(suits, values["deck"].at("suits"), "suit", problems)
    _unique(ranks, values["deck"].at("ranks"), "rank", problems)
    deck = tuple(Card(rank, suit) for suit in suits for rank in ranks)
    for key in ("plain", "trump"):
        order = tuple(values["order"][key])
        if Counter(order) != Counter(ranks):
            problems.add(values["order"].at(key), f"the {key} order must name each deck rank once "
                                          f"({' '.join(map(str, ranks))}), but it is "
                                          f"{' '.join(map(str, order))}")
    points = {}
    for rank, value, location in values.get("points", ()):
        if rank not in ranks:
            problems.add(location, f"{rank} is not a rank of the deck ({' '.join(map(str, ranks))})")
        points[rank] = value
    permanent: tuple[Card, ...] = ()
    permanent_suit: Suit | None = None
    if "permanent_trumps" in values:
        cards = values["permanent_trumps"]["cards"]
        permanent = tuple(cards)
        permanent_suit = values["permanent_trumps"]["suit"]
        for card, location in zip(cards, cards.locations):
            if card not in deck:
                problems.add(location, f"{card} is not in the deck ({' '.join(map(str, ranks))} of "
                                       f"{' '.join(map(str, suits))})")
    players = tuple(values.get("players", (2,)))
    trick_sizes = tuple(values.get("trick_sizes", players))
    teams = tuple(TeamRule(t["size"], tuple(t["players"])) for t in values.get("teams", ()))
    if not teams:
        teams = (TeamRule(1, players),)
    for team in teams:
        for count in team.players:
            if count not in players or count % team.size:
                problems.add(rec.at("teams"), f"teams of {team.size} cannot be formed at a table "
                                              f"of {count}; tables: {', '.join(map(str, players))}")
    scoring = values.get("scoring")
    if scoring is not None and scoring["kind"] == "victory-points" and "thresholds" in scoring:
        given = {size for size, _, _ in scoring["thresholds"]}
        missing = sorted({team.size for team in teams} - given)
        if missing:
            problems.add(scoring.at("thresholds"), f"no threshold for teams of "
                                                   f"{', '.join(map(str, missing))}; give one for every "
                                                   f"team size, or leave thresholds out")
    hand_size = values.get("hand_size", 5)
    if hand_size * max(players) > len(deck):
        problems.add(rec.at("hand_size"), f"{max(players)} hands of {hand_size} need more than the "
                                          f"{len(deck)} cards of the deck")
    deal = values.get("deal", "draw")
    if deal == "trump-choice":
        _honoured_by_trump_choice(rec, values, players, hand_size, teams, ranks, suits, problems)
    if deal == "trump-choice" and values.get("next_dealer", NextDealer.IN_TURN.value) != NextDealer.IN_TURN.value:
        problems.add(rec.at("next_dealer"), "a trump-choice deal passes in turn (Altbaumer B10); "
                                            "next_dealer: winner is for draw games")
    if len(problems) > before:
        return None
    return GameSpec(
        id=values["id"],
        name=values["name"],
        suits=suits,
        deck=deck,
        plain_order=tuple(values["order"]["plain"]),
        trump_order=tuple(values["order"]["trump"]),
        points=MappingProxyType(points),
        permanent_trumps=permanent,
        permanent_trump_suit=permanent_suit,
        follow=FollowRule(values.get("follow", FollowRule.NONE.value)),
        players=players,
        trick_sizes=trick_sizes,
        teams=teams,
        direction=Direction(values.get("direction", Direction.CLOCKWISE.value)),
        hand_size=hand_size,
        deal=deal,
        forecast=values.get("forecast", False),
        next_dealer=NextDealer(values.get("next_dealer", (NextDealer.IN_TURN if deal == "trump-choice"
                                                          else NextDealer.WINNER).value)),
        scoring=_scoring(values.get("scoring")),
        variant=variant,
    )


TRUMP_CHOICE = {"players": (4,), "hand_size": 5, "team_size": 2, "draw_rank": "9"}
"""What Altbaumer's procedure (engine/trump_choice_deal.py) plays, whatever game.yml says: four
players in two pairs, five cards each (three then two), partners drawn with the four nines (B2,
B7, B9). Until the procedure reads its parameters from game.yml, check refuses other values
rather than let simulate quietly play these."""


def _honoured_by_trump_choice(rec: Rec, values, players, hand_size, teams, ranks, suits,
                              problems: Problems) -> None:
    if players != TRUMP_CHOICE["players"]:
        problems.add(rec.at("players"), f"a trump-choice deal is played by 4 players, so players must be [4], "
                                        f"not {list(players)}")
    if hand_size != TRUMP_CHOICE["hand_size"]:
        problems.add(rec.at("hand_size"), f"a trump-choice deal gives 5 cards each (three, then two), so "
                                          f"hand_size must be 5, not {hand_size}")
    if "teams" in values and {team.size for team in teams} != {TRUMP_CHOICE["team_size"]}:
        problems.add(rec.at("teams"), "a trump-choice deal is played in two pairs: teams must be of size 2")
    nine = next((rank for rank in ranks if str(rank) == TRUMP_CHOICE["draw_rank"]), None)
    if nine is None or len(suits) != 4:
        problems.add(rec.at("deck"), "a trump-choice deal draws partners with the four nines, so the deck "
                                     "needs rank 9 in four suits")


def _unique(items, location: Location, what: str, problems: Problems) -> None:
    for item, count in Counter(items).items():
        if count > 1:
            problems.add(location, f"the {what} {item} is listed {count} times")


def _scoring(rec: Rec | None):
    if rec is None:
        return None
    if rec["kind"] == "victory-points":
        thresholds = rec.get("thresholds", ())
        return VictoryPoints(MappingProxyType({size: points for size, points, _ in thresholds}),
                             rec.get("wins_above"))
    return TrickScoring(rec["majority"], rec["sweep"], rec["declarers_loss"], rec["round"])
