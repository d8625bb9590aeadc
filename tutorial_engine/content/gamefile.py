"""`game.yml` → GameSpec, with every inconsistency reported at its line."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from types import MappingProxyType

from ..engine.cards import Card, Rank, Suit
from ..engine.game import (
    SCORING_KINDS,
    Direction,
    ExactBids,
    FollowRule,
    GamePoints,
    GameSpec,
    NextDealer,
    OddTricks,
    PenaltyPoints,
    Scoring,
    TeamRule,
    TopTrump,
    TopTrumpSuit,
    TrickScoring,
    VictoryPoints,
)
from ..engine.procedure import (
    PHASE_KINDS,
    TRUMP_PHASES,
    AcceptOrRefuse,
    Bidding,
    BidRound,
    Cut,
    DealPackets,
    Discards,
    Forecasts,
    PartnerDraw,
    PassCards,
    PassDirection,
    Phase,
    Place,
    Procedure,
    SoloOffer,
    TrickBids,
    Tricks,
    TrumpFrom,
    TrumpSet,
    TurnUp,
)
from ..problems import Location, Problems
from .shapes import (
    BEYOND,
    INVALID,
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
from .terms import build, record_shape

SLUG = dict(pattern=r"[a-z][a-z0-9-]*", hint="use lowercase letters, digits and hyphens")
PLAYER_COUNT = Integer("a number of players", minimum=2)


PHASE_KIND = MappingProxyType({kind.name: kind for kind in PHASE_KINDS})
PHASE_NAMES = tuple(PHASE_KIND)
TRUMP_PHASE_NAMES = ", ".join(kind.name for kind in TRUMP_PHASES[:-1]) + f" or {TRUMP_PHASES[-1].name}"
PHASES = MappingProxyType({kind.name: record_shape(kind, f"a '{kind.name}' phase", "phase", Field(
    Choice(PHASE_NAMES, "a phase", BEYOND), required=True, doc="The name of the phase: one of those described here."))
    for kind in PHASE_KINDS})

SCORING_KIND = MappingProxyType({kind.kind: kind for kind in SCORING_KINDS})
SCORING_NAMES = tuple(SCORING_KIND)
SCORING_DOC = "; ".join(f"`{kind.kind}`: {kind.summary}" for kind in SCORING_KINDS) + "."
SCORINGS = MappingProxyType({kind.kind: record_shape(kind, kind.what, "kind", Field(
    Choice(SCORING_NAMES, "a kind of scoring", BEYOND), required=True, doc=SCORING_DOC)) for kind in SCORING_KINDS})

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
    "top_trumps": Field(Record("the top trumps", {
        "cards": Field(ListOf(Record("a top trump", {
            "card": Field(CardShape(), doc="A card that is a trump whatever the trump suit (Altbaumer's trees)."),
            "rank": Field(RankShape(), doc="With `suit`: the card of this rank in a suit that depends on trump."),
            "suit": Field(Choice([s.value for s in TopTrumpSuit], "a suit relative to trump"),
                          doc="`trump`: the card of that rank in the trump suit (the right bower); "
                              "`same-colour`: the card of that rank in the other suit of the trump's "
                              "colour (the left bower)."),
            "name": Field(Text("a term"), doc="What players call it (`left bower`): explanations name the card "
                                              "by this term, which translators translate."),
        }), min_items=1), required=True, doc="High to low, above the trump order; each belongs to the trump "
                                             "suit for every purpose."),
        "home_suit": Field(SuitShape(), doc="Fixed top trumps also follow an ordinary lead of this suit "
                                            "when it is not trump (Altbaumer B15)."),
    }), doc="The highest trumps, above the trump order."),
    "follow": Field(Choice([rule.value for rule in FollowRule], "a follow rule", BEYOND),
                    doc="`none`: any card at any time; `suit`: follow suit, else any; `suit-then-trump`: "
                        "follow, else trump, else any."),
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
    "deal": Field(ListOf(Tagged("a phase of the deal", "phase", PHASES, BEYOND), min_items=2),
                  doc="The procedure of a deal, phase by phase in order; see AUTHORING.md."),
    "partners": Field(Record("the draw for partners", {
        "rank": Field(RankShape(), required=True, doc="The four cards of this rank are dealt one to each player."),
        "first": Field(CardShape(), required=True, doc="The holder of this card deals first; the two players "
                                                       "who receive cards of the same colour are partners."),
    }), doc="Before the first deal, partners are drawn (Altbaumer B7); without it players keep their seats."),
    "next_dealer": Field(Choice([rule.value for rule in NextDealer], "a rule for the next dealer"),
                         doc="Who deals next. `winner` (the default of a game scored by victory points): "
                             "the winner deals, a winning team's members take turns, and after a tie the "
                             "same player deals again; `in-turn` (always, in a game scored by tricks): the "
                             "next player in the direction of play deals."),
    "scoring": Field(Tagged("a scoring rule", "kind", SCORINGS, BEYOND), doc="How a deal is scored."),
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
}, partial=True)

DEPENDED_ON = frozenset({"deck", "order", "points", "top_trumps", "players", "teams"})
"""The keys other keys are checked against. When one of these cannot be read, the checks across
keys would judge the others by a default and could report what is not wrong, so they wait; when
any other key cannot be read, they still run, and a game.yml gets all its problems in one run."""


def build_game(source: Source, problems: Problems, folder: str | None) -> GameSpec | None:
    ctx = Context(source, problems)
    rec = GAME.read(source.root, ctx)
    if rec is INVALID:
        return None
    unread = frozenset(_keys(source.root)) - rec.values.keys()
    if unread & DEPENDED_ON:
        return None
    before = len(problems)
    if folder is not None and "id" in rec and rec["id"] != folder:
        problems.add(rec.at("id"), f"the game id '{rec['id']}' differs from its folder '{folder}'; "
                                   "make them the same")
    base = _spec(rec, rec.values, problems, unread=unread)
    variants: dict[str, GameSpec] = {}
    for name, variant, _ in rec.get("variants", ()):
        values = rec.values | {k: v for k, v in variant.values.items() if k != "description"}
        spec = _spec(_Overlay(rec, variant), values, problems, name)
        if spec is not None:  # else its problems are reported, and the game fails below
            variants[name] = spec
    if base is None or len(problems) > before:
        return None
    return replace(base, variants=MappingProxyType(variants))


def _keys(node) -> list[str]:
    """The keys game.yml gives, read or not (the Record has reported any that are not)."""
    return [key.value for key, _ in getattr(node, "value", ()) if isinstance(getattr(key, "value", None), str)]


class _Overlay:
    """Locations for a variant: its own keys first, then the base game's."""

    def __init__(self, base: Rec, variant: Rec):
        self.base, self.variant = base, variant

    def at(self, key: str) -> Location:
        return self.variant.locations.get(key) or self.base.at(key)


def _spec(rec, values: dict, problems: Problems, variant: str | None = None,
          unread: frozenset[str] = frozenset()) -> GameSpec | None:
    """The game, or None with its problems; keys in `unread` were given but could not be read."""
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
    top_trumps, home_suit = _top_trumps(values.get("top_trumps"), deck, ranks, problems)
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
    scoring_rec = values.get("scoring")
    if scoring_rec is not None and scoring_rec["kind"] == "victory-points" and "thresholds" in scoring_rec:
        given = {size for size, _, _ in scoring_rec["thresholds"]}
        missing = sorted({team.size for team in teams} - given)
        if missing:
            problems.add(scoring_rec.at("thresholds"), f"no threshold for teams of "
                                                   f"{', '.join(map(str, missing))}; give one for every "
                                                   f"team size, or leave thresholds out")
    if (scoring_rec is not None and scoring_rec["kind"] == "victory-points" and "points" not in unread
            and not any(points.values())):
        whose = values["name"] + (f"'s variant '{variant}'" if variant else "")
        problems.add(scoring_rec.at("kind"), f"victory points go to the side with the most card points, but every "
                                             f"card of {whose} is worth 0 ("
                                             + ("'points' gives 0 to every rank" if points else "no 'points' given")
                                             + "); give the ranks their 'points', or choose a kind of scoring "
                                               "that counts tricks")
    scoring = _scoring(scoring_rec)
    procedure = (None if "deal" in unread else
                 _procedure(rec, values["deal"], top_trumps, scoring, problems) if "deal" in values else DEFAULT)
    if procedure is not None and procedure.deal.whole_pack:
        _shares_evenly(rec, procedure.deal, players, len(deck), problems)
    elif procedure is not None:
        hand_size = sum(procedure.packets)
        turns = procedure.find(TrumpSet) is None
        if hand_size * max(players) + turns > len(deck):
            default = "" if "deal" in values else (" (without 'deal', each player gets 5 cards: give a 'deal' "
                                                   "with smaller packets)")
            needed = "and a card to turn need" if turns else "need"
            problems.add(rec.at("deal"), f"{max(players)} hands of {hand_size} {needed} more "
                                         f"than the {len(deck)} cards of the deck{default}")
    if procedure is not None and "deal" in values:
        _trick_rules(values["deal"], procedure, deck, suits, scoring, "scoring" in unread, problems)
        _passes(values["deal"], procedure, players, len(deck), problems)
    if isinstance(scoring, TrickScoring):
        _played_in_pairs(rec, players, teams, problems)
    if isinstance(scoring, OddTricks) and procedure is not None:
        assert scoring_rec is not None  # the scoring was read from it
        tricks = min(procedure.deal.hand_size(count, len(deck)) for count in players)
        if scoring.book >= tricks:
            problems.add(scoring_rec.at("book"), f"a side scores the tricks it takes above the book, and a deal "
                                                 f"has {tricks} tricks, so with a book of {scoring.book} nobody "
                                                 f"would ever score: give a book below {tricks}")
    if isinstance(scoring, ExactBids) and any(team.size != 1 for team in teams):
        problems.add(rec.at("teams"), "in a game scored by exact bids each player bids and scores for themselves: "
                                      "leave out teams of more than one")
    if isinstance(scoring, PenaltyPoints):
        assert scoring_rec is not None  # the scoring was read from it
        _penalties(rec, scoring_rec, scoring, suits, deck, teams, problems)
    if isinstance(scoring, GamePoints) and procedure is not None:
        assert scoring_rec is not None  # the scoring was read from it
        _race(rec, scoring_rec, procedure, players, teams, problems)
    if isinstance(scoring, (TrickScoring, OddTricks, ExactBids, PenaltyPoints, GamePoints)):
        if values.get("next_dealer", NextDealer.IN_TURN.value) != NextDealer.IN_TURN.value:
            problems.add(rec.at("next_dealer"), "a game scored by tricks passes the deal in turn; "
                                                "next_dealer: winner is for games scored by victory points")
    partner_draw = _partner_draw(values.get("partners"), deck, players, problems)
    if procedure is None or unread or len(problems) > before:
        return None
    return GameSpec(
        id=values["id"],
        name=values["name"],
        suits=suits,
        deck=deck,
        plain_order=tuple(values["order"]["plain"]),
        trump_order=tuple(values["order"]["trump"]),
        points=MappingProxyType(points),
        top_trumps=top_trumps,
        permanent_trump_suit=home_suit,
        follow=FollowRule(values.get("follow", FollowRule.NONE.value)),
        players=players,
        trick_sizes=trick_sizes,
        teams=teams,
        direction=Direction(values.get("direction", Direction.CLOCKWISE.value)),
        procedure=procedure,
        partner_draw=partner_draw,
        next_dealer=NextDealer(values.get("next_dealer", (
            NextDealer.IN_TURN if isinstance(scoring, (TrickScoring, OddTricks, ExactBids, PenaltyPoints, GamePoints))
            else NextDealer.WINNER).value)),
        scoring=scoring,
        variant=variant,
    )


DEFAULT = Procedure((DealPackets((5,)), TurnUp(), Tricks()))
"""Without `deal:`, five cards each, trump turned up, tricks without drawing."""


def _top_trumps(rec: Rec | None, deck, ranks, problems: Problems) -> tuple[tuple[TopTrump, ...], Suit | None]:
    if rec is None:
        return (), None
    tops = []
    for item in rec["cards"]:
        if ("card" in item) == ("rank" in item) or ("rank" in item) != ("suit" in item):
            problems.add(item.location, "a top trump is either a card (card: Q♣) or a rank and a suit "
                                        "relative to trump (rank: J, suit: same-colour)")
            continue
        if "card" in item and item["card"] not in deck:
            problems.add(item.at("card"), f"{item['card']} is not in the deck ({' '.join(map(str, ranks))} of "
                                          f"{' '.join(str(suit) for suit in dict.fromkeys(c.suit for c in deck))})")
        if "rank" in item and item["rank"] not in ranks:
            problems.add(item.at("rank"), f"{item['rank']} is not a rank of the deck "
                                          f"({' '.join(map(str, ranks))})")
        tops.append(TopTrump(card=item.get("card"), rank=item.get("rank"),
                             suit=TopTrumpSuit(item["suit"]) if "suit" in item else None, name=item.get("name")))
    home = rec.get("home_suit")
    if home is None and any(top.card is not None for top in tops):
        problems.add(rec.location, "fixed top trumps need a home_suit: the suit whose ordinary lead they follow")
    return tuple(tops), home


def _procedure(rec: Rec, phases_rec, top_trumps, scoring, problems: Problems) -> Procedure | None:
    """The phases in an order a deal can be played in, each with what it needs."""
    before = len(problems)
    phases: list[Phase] = []
    for item in phases_rec:
        phases.append(_phase_of(item))
    kinds = [type(phase) for phase in phases]
    locations = phases_rec.locations

    def at(kind: type):
        return locations[kinds.index(kind)] if kind in kinds else rec.at("deal")

    def once(kind: type, name: str) -> None:
        if kinds.count(kind) != 1:
            problems.add(rec.at("deal"), f"a deal has exactly one '{name}' phase, not {kinds.count(kind)}")

    once(DealPackets, "deal")
    once(Tricks, "tricks")
    trump_phases = [kind for kind in kinds if kind in TRUMP_PHASES]
    if len(trump_phases) != 1:
        problems.add(rec.at("deal"), f"a deal has exactly one phase that fixes trump ({TRUMP_PHASE_NAMES}), "
                                     f"not {len(trump_phases)}")
    if len(problems) > before:
        return None
    deal_at, trump_at = kinds.index(DealPackets), kinds.index(trump_phases[0])
    if Forecasts in kinds and TurnUp not in kinds:
        problems.add(at(Forecasts), "a forecast is of the card turned up for trump: it needs a 'turn-up' phase")
    places = {Place.ANYWHERE: ("anywhere", lambda i: True),
              Place.BEFORE_DEAL: ("before 'deal'", lambda i: i < deal_at),
              Place.BEFORE_TURN_UP: ("after 'deal' and before 'turn-up'",
                                     lambda i: TurnUp not in kinds or deal_at < i < kinds.index(TurnUp)),
              Place.AFTER_TRUMP: ("after the phase that fixes trump", lambda i: i > trump_at),
              Place.AFTER_DEAL: ("after 'deal'", lambda i: i > deal_at)}
    for index, kind in enumerate(kinds):
        where, fits = places[kind.place]
        if not fits(index):
            problems.add(locations[index], f"the '{kind.name}' phase belongs {where}")
    if trump_at < deal_at:
        problems.add(at(trump_phases[0]), "trump is fixed after the deal: put this phase after 'deal'")
    if kinds[-1] is not Tricks:
        problems.add(at(Tricks), "the 'tricks' phase comes last")
    takes = AcceptOrRefuse in kinds or any(isinstance(p, Bidding) and BidRound.ORDER_UP in p.rounds for p in phases)
    if takes and Discards not in kinds:
        problems.add(at(trump_phases[0]), "whoever takes a card from the table to fix trump must discard as "
                                          "many: add a 'discard' phase after this one")
    if Discards in kinds and not takes:
        problems.add(at(Discards), "nobody takes a card from the table to fix trump, so there is nothing to "
                                  "discard: 'discard' follows accept-or-refuse, or bidding with order-up")
    maker = AcceptOrRefuse in kinds or Bidding in kinds
    if SoloOffer in kinds and not maker:
        problems.add(at(SoloOffer), "a solo needs a player who made trump: 'accept-or-refuse' or 'bidding'")
    tricks = phases[kinds.index(Tricks)]
    if isinstance(tricks, Tricks) and tricks.draw and TurnUp not in kinds:
        problems.add(at(Tricks), "drawing after each trick needs a stock under a turned card: a 'turn-up' phase")
    cut = phases[kinds.index(Cut)] if Cut in kinds else None
    dealt = phases[deal_at]
    first_packet = dealt.packets[0] if isinstance(dealt, DealPackets) else 0
    if isinstance(cut, Cut) and cut.take > first_packet:
        problems.add(at(Cut), f"the cutter may take {cut.take} cards at the cut, which stand in for cards of "
                              f"the first packet, and it holds {first_packet}: take at most {first_packet}")
    if isinstance(cut, Cut) and cut.take and not any(top.card is not None for top in top_trumps):
        problems.add(at(Cut), "only fixed top trumps can be taken at the cut, and the game has none "
                              "(top_trumps: cards: - card: …)")
    trump_set = phases[trump_at]
    if isinstance(trump_set, TrumpSet):
        _trump_source(phases_rec[trump_at], trump_set, phases[deal_at], problems)
    deal = phases[deal_at]
    if isinstance(deal, DealPackets) and (deal.whole_pack or deal.hand_sizes) and (TurnUp in kinds or takes or maker):
        dealt_how = "a deal of the whole pack leaves" if deal.whole_pack else "the largest hands leave"
        problems.add(at(trump_phases[0]), f"the '{trump_phases[0].name}' phase turns a card from the pack, and "
                                          f"{dealt_how} none: set trump with a 'trump' phase")
    deal_rec = phases_rec[deal_at]
    if isinstance(deal, DealPackets) and ("packets" in deal_rec) == (deal.hand_sizes is not None):
        problems.add(deal_rec.location, "a 'deal' phase gives either 'packets', the same hand in every deal, or "
                                        "'hand_sizes', a hand that changes from deal to deal; give one of them")
    if isinstance(deal, DealPackets) and deal.whole_pack and deal.hand_sizes is not None:
        problems.add(deal_rec.at("whole_pack"), "'hand_sizes' sets how many cards each deal gives, so the whole "
                                                "pack is dealt only in its largest deal: remove 'whole_pack'")
    if isinstance(scoring, ExactBids) != (TrickBids in kinds):
        problems.add(at(TrickBids) if TrickBids in kinds else rec.at("scoring"),
                     "bids of tricks are scored by 'exact-bids', and 'exact-bids' scores bids of tricks: a deal "
                     "with a 'bid-tricks' phase needs that scoring, and that scoring needs the phase")
    if isinstance(scoring, ExactBids) and scoring.target is None and not (isinstance(deal, DealPackets)
                                                                           and deal.hand_sizes is not None):
        problems.add(rec.at("scoring"), "without a 'target', a game scored by exact bids ends after the deals of "
                                        "its hand-size sequence, and this deal has none: give 'target', or "
                                        "'hand_sizes' in the 'deal' phase")
    if isinstance(scoring, PenaltyPoints) and maker:
        problems.add(at(trump_phases[0]), "in a game scored by penalty points nobody makes trump or plays to a "
                                          "contract, so nobody could be thrown in: set trump with a 'turn-up' or "
                                          "a 'trump' phase")
    if isinstance(scoring, TrickScoring) and not maker:
        problems.add(rec.at("scoring"), "scoring by tricks counts the tricks of the side that made trump; "
                                        "the deal needs 'accept-or-refuse' or 'bidding'")
    if isinstance(scoring, VictoryPoints) and TurnUp not in kinds:
        problems.add(rec.at("scoring"), "scoring by victory points counts the cards won under a turned-up "
                                        "trump; the deal needs a 'turn-up' phase")
    if len(problems) > before:
        return None
    return Procedure(tuple(phases))


def _phase_of(item: Rec) -> Phase:
    return build(PHASE_KIND[item["phase"]], item)


def _trump_source(item: Rec, phase: TrumpSet, deal: Phase, problems: Problems) -> None:
    """A suit exactly when the source is a suit; a card to turn after a deal that leaves one."""
    if phase.source is TrumpFrom.SUIT and phase.suit is None:
        problems.add(item.location, "'from: suit' needs the trump suit: add 'suit: ♠' (or the suit of your game)")
    if phase.source is not TrumpFrom.SUIT and phase.suit is not None:
        problems.add(item.at("suit"), f"'suit' is for 'from: suit'; with 'from: {phase.source.value}' "
                                      "the rules set trump otherwise: remove 'suit'")
    if phase.source is TrumpFrom.NEXT_CARD and isinstance(deal, DealPackets) and deal.whole_pack:
        problems.add(item.at("from"), "a deal of the whole pack leaves no card to turn, so there would never "
                                      "be trump: use 'from: dealer-last', or 'from: none' for a game without trump")


def _trick_rules(phases_rec, procedure: Procedure, deck, suits, scoring: Scoring | None, unreadable: bool,
                 problems: Problems) -> None:
    """The tricks phase's own rules name the deck's cards and suits, and penalties need a scoring
    that has them (not judged when the scoring given could not be read)."""
    at = next(index for index, phase in enumerate(procedure.phases) if isinstance(phase, Tricks))
    rules, item = procedure.phases[at], phases_rec[at]
    assert isinstance(rules, Tricks)  # found by its kind
    if rules.first_lead is not None and rules.first_lead not in deck:
        problems.add(item.at("first_lead"), f"{rules.first_lead} is not a card of the deck")
    if rules.unbroken is not None and rules.unbroken not in suits:
        problems.add(item.at("unbroken"), f"{rules.unbroken} is not a suit of the deck ({' '.join(map(str, suits))})")
    if rules.clean_first_trick and not unreadable and not isinstance(scoring, PenaltyPoints):
        problems.add(item.at("clean_first_trick"), "a clean first trick keeps out the cards that cost penalty "
                                                   "points, and this game's scoring gives none: it needs 'scoring' "
                                                   "of kind 'penalty-points'")
    _stock_rules(item, rules, procedure, deck, scoring, unreadable, problems)


def _stock_rules(item: Rec, rules: Tricks, procedure: Procedure, deck, scoring: Scoring | None, unreadable: bool,
                 problems: Problems) -> None:
    """What the stock and a player on lead may do needs a stock drawn from (closing, late_follow),
    a card turned under it (exchange), the king and queen of each suit and card points counted
    in a race to the deal's target (marriages, closing)."""
    for key in ("late_follow", "closing", "exchange"):
        if item.get(key) not in (None, False) and not rules.draw:
            problems.add(item.at(key), f"'{key}' is about the stock, and nobody draws from one in this game: it "
                                       "needs 'draw: true'")
    if rules.exchange is not None and procedure.find(TurnUp) is None:
        problems.add(item.at("exchange"), "the trump is exchanged for the card turned up under the stock, and no "
                                          "'turn-up' phase turns one")
    if rules.exchange is not None and rules.exchange not in {card.rank for card in deck}:
        problems.add(item.at("exchange"), f"{rules.exchange.value} is not a rank of the deck")
    if (rules.marriage is None) != (rules.trump_marriage is None):
        given = "marriage" if rules.marriage is not None else "trump_marriage"
        problems.add(item.at(given), "a marriage in trump and one in another suit score differently: give both "
                                     "'marriage' and 'trump_marriage'")
    if rules.marriage is not None and not {Rank.KING, Rank.QUEEN} <= {card.rank for card in deck}:
        problems.add(item.at("marriage"), "a marriage is a king and a queen of one suit, and the deck has no kings "
                                          "or no queens")
    for key, offered in (("marriage", rules.marriage is not None), ("closing", rules.closing)):
        if offered and not unreadable and not isinstance(scoring, GamePoints):
            problems.add(item.at(key), f"'{key}' counts card points toward a deal's target, and this game's "
                                       "scoring has none: it needs 'scoring' of kind 'game-points'")


MOST_PASSES = 20_000
"""The choices a player who passes is offered, each a set of cards (3 of 13: 286): both engines
list them all, so a pass of half a large hand (millions of sets) is refused rather than played."""


def _passes(phases_rec, procedure: Procedure, players, cards: int, problems: Problems) -> None:
    """Each player keeps a card after passing, and cards pass across only a table of an even number."""
    for phase, item in zip(procedure.phases, phases_rec):
        if not isinstance(phase, PassCards):
            continue
        deal = procedure.deal
        if deal.hand_sizes is not None:
            problems.add(item.location, "hands that change from deal to deal come down to one card, which nobody "
                                        "could pass and keep a card: passing needs the same hand in every deal "
                                        "('packets')")
            continue
        if all(direction is PassDirection.NONE for direction in phase.directions):
            problems.add(item.at("directions"), "every direction is 'none', so nobody ever passes: give a "
                                                "direction, or remove the 'pass' phase")
        smallest = min(deal.hand_size(count, cards) for count in players)
        if 0 < smallest <= phase.cards:
            problems.add(item.at("cards"), f"a player passes {phase.cards} cards from a hand of {smallest}, and "
                                           f"would keep none: pass at most {smallest - 1}")
        largest = max(deal.hand_size(count, cards) for count in players)
        if phase.cards < largest and math.comb(largest, phase.cards) > MOST_PASSES:
            problems.add(item.at("cards"), f"a hand of {largest} can pass {phase.cards} cards in "
                                           f"{math.comb(largest, phase.cards):,} ways, more than the "
                                           f"{MOST_PASSES:,} the engines offer a player to choose from: pass "
                                           "fewer cards")
        odd = [count for count in players if count % 2]
        if PassDirection.ACROSS in phase.directions and odd:
            problems.add(item.at("directions"), f"nobody sits across the table from a player at a table of "
                                                f"{', '.join(map(str, odd))}: pass across only when every table "
                                                "has an even number of players")


def _penalties(rec: Rec, scoring_rec: Rec, scoring: PenaltyPoints, suits, deck, teams, problems: Problems) -> None:
    """Penalties of the deck's own suits and cards, some of them worth points, each player alone."""
    for suit, _, location in scoring_rec.get("suits", ()):
        if suit not in suits:
            problems.add(location, f"{suit} is not a suit of the deck ({' '.join(map(str, suits))})")
    for card, _, location in scoring_rec.get("cards", ()):
        if card not in deck:
            problems.add(location, f"{card} is not a card of the deck")
    if not any(scoring.penalty(card) for card in deck):
        problems.add(scoring_rec.at("kind"), "penalty points are what the cards a player takes cost, and no card of "
                                             "the deck costs anything: give 'suits' or 'cards' some points")
    if any(team.size != 1 for team in teams):
        problems.add(rec.at("teams"), "in a game scored by penalty points each player scores for themselves: "
                                      "leave out teams of more than one")


def _race(rec: Rec, scoring_rec: Rec, procedure: Procedure, players, teams, problems: Problems) -> None:
    """A race to the deal's target is run by two players, each for themselves, drawing from a
    stock, with nobody making trump."""
    if players != (2,) or any(team.size != 1 for team in teams):
        problems.add(rec.at("players"), "a game scored by game points is a race between two players: players: [2], "
                                        "each for themselves")
    if not procedure.draws:
        problems.add(scoring_rec.at("kind"), "a game scored by game points is played from a stock that is drawn "
                                             "after each trick: the 'tricks' phase needs 'draw: true'")
    if procedure.has_maker:
        problems.add(scoring_rec.at("kind"), "in a game scored by game points nobody makes trump: fix it with a "
                                             "'turn-up' or a 'trump' phase")


def _shares_evenly(rec: Rec, deal: DealPackets, players, cards: int, problems: Problems) -> None:
    per_round = sum(deal.packets)
    for count in players:
        if cards % (per_round * count):
            problems.add(rec.at("deal"), f"a deal of the whole pack in packets of "
                                         f"{'+'.join(map(str, deal.packets))} cannot share {cards} cards out "
                                         f"evenly among {count} players; give packets whose rounds fit "
                                         f"{cards // count} cards each, or leave out 'whole_pack'")


def _played_in_pairs(rec: Rec, players, teams, problems: Problems) -> None:
    if players != (4,) or {team.size for team in teams} != {2}:
        problems.add(rec.at("players"), "a game scored by tricks is played by four players in two pairs: "
                                        "players: [4] and teams of size 2")


def _partner_draw(rec: Rec | None, deck, players, problems: Problems) -> PartnerDraw | None:
    if rec is None:
        return None
    cards = [card for card in deck if card.rank is rec["rank"]]
    if players != (4,):
        problems.add(rec.location, f"the draw for partners seats four players, but the game is played by "
                                   f"{', '.join(map(str, players))}")
    if len(cards) != 4:
        problems.add(rec.at("rank"), f"the draw for partners deals the four cards of one rank; this deck "
                                     f"has {len(cards)} of rank {rec['rank']}")
    elif rec["first"] not in cards:
        problems.add(rec.at("first"), f"{rec['first']} is not one of the cards drawn ({' '.join(map(str, cards))})")
    return PartnerDraw(rec["rank"], rec["first"])


def _unique(items, location: Location, what: str, problems: Problems) -> None:
    for item, count in Counter(items).items():
        if count > 1:
            problems.add(location, f"the {what} {item} is listed {count} times")


def _scoring(rec: Rec | None) -> Scoring | None:
    if rec is None:
        return None
    return build(SCORING_KIND[rec["kind"]], rec)
