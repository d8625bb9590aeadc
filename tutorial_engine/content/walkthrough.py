"""A seeded whole deal, told as moments for a walkthrough page.

The deal is played by the engine's state machine with the game's sensible strategy; this module
only watches it and keeps, for each moment (the draw for partners, the deal, the turn-up, the
trump choice or the trump the rules set, the bids of tricks, each trick, the count or the
score), the facts its
questions ask about. Every answer is
therefore the engine's. The words live in render/walkthrough.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..engine import events
from ..engine.cards import Card, Suit
from ..engine.deal import (
    BidsResult,
    Deal,
    DealResult,
    Discard,
    GamePointsResult,
    Meld,
    OddTricksResult,
    PenaltyResult,
    Play,
    TrickResult,
)
from ..engine.forecast import ForecastOutcome, forecast_outcome
from ..engine.game import ExactBids, GameSpec, OddTricks, PenaltyPoints
from ..engine.partners import PartnerDraw, draw_for_partners, draw_generator
from ..engine.procedure import Bidding as BiddingPhase
from ..engine.procedure import BidRound, PassDirection, TrickBids, TrumpFrom
from ..engine.procedure import Cut as CutPhase
from ..engine.procedure import PassCards as PassPhase
from ..engine.procedure import TrumpSet as TrumpSetPhase
from ..engine.rules import Legality, Verdict, judge_trick, legal_plays
from ..engine.rules import Moment as RulesMoment
from ..engine.scoring import DealScore, DealVictory
from ..engine.seating import Table
from ..engine.strategy import sensible_strategy


@dataclass(frozen=True)
class WalkSpec:
    """What a page asks for: which table, and which seed deals the cards."""

    game: GameSpec
    players: int
    team_size: int
    seed: int
    number: int | None = None
    """Which deal of the game to play, from 0, in a game whose hand size changes from deal to
    deal (game.yml `hand_sizes`); None in a game whose every deal is alike, or for the default
    deal (`default_deal`)."""

    @property
    def key(self) -> str:
        """Stable across builds and locales: the browser keeps progress under it."""
        deal = "" if self.number is None else f"-deal-{self.number + 1}"
        return f"walkthrough-{self.players}-{self.team_size}-{self.seed}{deal}"


TOLD_HAND = 5
"""A walkthrough of a game whose hand size changes plays, unless told otherwise, the first deal
whose hands hold this many cards (or as many as the pack allows, if fewer): enough tricks for
the bids to matter, few enough to follow."""


def default_deal(game: GameSpec, players: int) -> int | None:
    """The deal of the game (from 0) a walkthrough plays when its block names none; None when
    every deal of the game is alike."""
    sizes = game.procedure.deal.hand_sizes
    if sizes is None:
        return None
    told = sizes.sizes(len(game.deck) // players)
    return told.index(min(TOLD_HAND, max(told)))


@dataclass(frozen=True)
class Dealt:
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: int
    forecasters: tuple[int, ...]
    """Who may forecast, in turn (A8); empty in a deal without a forecast phase."""
    chooser: int | None
    """The player after the dealer, who chooses trump (B11) or bids first; None when trump is turned up
    or set by the rules."""
    taken: tuple[Card, ...] = ()
    """B9: trees the cutter took at the cut, which shorten the cutter's first packet."""


@dataclass(frozen=True)
class TurnedUp:
    """A8–A11: the forecasts in turn (None for a pass), the turned card and what follows."""

    dealer: int
    forecasts: tuple[tuple[int, Card | None], ...]
    outcome: ForecastOutcome
    leader: int


@dataclass(frozen=True)
class Cut:
    """B8: who cut, the exposed cards, the trees taken."""

    dealer: int
    cutter: int
    exposed: tuple[Card, ...]
    taken: tuple[Card, ...]


@dataclass(frozen=True)
class TrumpChosen:
    """B11–B13: the cards turned, accepted or not, the discards, a solo and the first leader."""

    chooser: int
    turned: tuple[Card, ...]
    accepted: bool
    trump: Suit
    taken: tuple[Card, ...]
    discards: tuple[Card, ...]
    solo: int | None
    sitting_out: int | None
    leader: int


@dataclass(frozen=True)
class TrumpSet:
    """Trump set by the rules, with no decision (game.yml's `trump` phase)."""

    dealer: int
    source: TrumpFrom
    card: Card | None
    """The card turned: the dealer's own last card, which stays in the dealer's hand, or the
    first card left after the deal, out of play; None for a fixed suit, no trump, or no card left."""
    trump: Suit | None
    """None: no suit is trump in this deal."""
    leader: int


@dataclass(frozen=True)
class DutyTurn:
    """One player's hand at their turn, when a duty or a rule of play refused some of its cards
    (B14–B16), and where the trick stood in the deal when the game's rules of play ask."""

    seat: int
    hand: tuple[Card, ...]
    legality: Legality
    moment: RulesMoment | None = None


@dataclass(frozen=True)
class CardsPassed:
    """The cards each player passed and to whom, in a deal with a `pass` phase; the hands
    before and after. No pass (a deal whose direction is `none`) is a moment too."""

    direction: PassDirection
    passes: tuple[tuple[int, int, tuple[Card, ...]], ...]
    """(seat, to, cards), in the order the players chose."""
    before: tuple[tuple[Card, ...], ...]
    after: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class RaceScored:
    """A race to the deal's target: each player's card points and tricks, who won the deal and
    how, who closed the stock and what the loser had then, and the game points."""

    trump: Suit | None
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    winner: int
    reason: events.DealEnd
    closed_by: int | None
    closing: tuple[int, int]
    """The other player's card points and tricks when the stock was closed."""
    written: tuple[int, ...]
    announced: tuple[events.Exchanged | events.Closed | events.Married, ...] = ()
    """What the leader did after the last trick: a marriage that won the deal before its card was
    played, and what came before it."""


@dataclass(frozen=True)
class PenaltiesScored:
    """The penalty cards each player took, what they cost, and what each writes."""

    taken: tuple[tuple[Card, ...], ...]
    """By seat, the cards that cost penalty points among the tricks each took."""
    points: tuple[int, ...]
    written: tuple[int, ...]
    moon: int | None


@dataclass(frozen=True)
class TrickPlayed:
    number: int
    trump: Suit | None
    seats: tuple[int, ...]
    """The players in playing order, the leader first."""
    verdict: Verdict
    winner: int
    draws: tuple[tuple[int, Card], ...]
    """A16: the cards drawn after the trick, in drawing order."""
    indicator_taker: int | None
    """Set on the drawing round that gives the indicator away (A16)."""
    duty: DutyTurn | None
    announced: tuple[events.Exchanged | events.Closed | events.Married, ...] = ()
    """What the leader did before leading, in a race to the deal's target: an exchange of the
    trump for the turned card, a closing of the stock, a marriage shown with the lead."""


@dataclass(frozen=True)
class Counted:
    """A19–A20: each side's points and the victory points."""

    sides: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    victory: DealVictory
    team_size: int


@dataclass(frozen=True)
class Scored:
    """B19: the tricks of each pair and what is written."""

    declarers: int
    solo: int | None
    tricks: tuple[int, int]
    score: DealScore


@dataclass(frozen=True)
class OddTricksScored:
    """The tricks each side took, and what it writes: one point for each trick above the book."""

    sides: tuple[tuple[int, ...], ...]
    """The seats of each side, numbered as the table's teams."""
    tricks: tuple[int, ...]
    written: tuple[int, ...]
    book: int


@dataclass(frozen=True)
class TricksBid:
    """The bids of tricks in turn from the dealer's next player, the dealer last."""

    dealer: int
    bids: tuple[tuple[int, int], ...]
    """(seat, tricks bid), in the order bid."""
    tricks: int
    """The tricks of the deal: the cards in each hand."""
    restricted: bool
    """The dealer may not bid the number that makes the bids add up to the tricks."""
    trump: Suit | None

    @property
    def others(self) -> int:
        """What the players before the dealer bid in all."""
        return sum(bid for seat, bid in self.bids if seat != self.dealer)

    @property
    def barred(self) -> int | None:
        """The number the dealer may not bid; None when every number is allowed (the others
        already bid more than the tricks of the deal) or the dealer's bid is free."""
        barred = self.tricks - self.others
        return barred if self.restricted and 0 <= barred <= self.tricks else None


@dataclass(frozen=True)
class BidsScored:
    """Each player's bid and tricks, by seat, and what they write."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    written: tuple[int, ...]
    bonus: int


@dataclass(frozen=True)
class BidMade:
    """The turned card, every bid in turn (a pass is None), and what they made: trump, the maker,
    the dealer's discard after picking an ordered card up, a solo and the first leader."""

    dealer: int
    turned: Card
    bids: tuple[tuple[int, BidRound, Suit | None], ...]
    trump: Suit
    maker: int
    taker: int | None
    """The dealer, when the turned card was ordered up; None when a suit was named."""
    discards: tuple[Card, ...]
    solo: int | None
    sitting_out: int | None
    leader: int


Moment = (PartnerDraw | Dealt | TurnedUp | Cut | TrumpChosen | BidMade | TrumpSet | TricksBid | TrickPlayed
          | Counted | Scored | OddTricksScored | BidsScored | CardsPassed | PenaltiesScored | RaceScored)


@dataclass(frozen=True)
class Walkthrough:
    spec: WalkSpec
    table: Table
    moments: tuple[Moment, ...]
    seats: tuple[int, ...]
    """The player at each seat, numbered in the order they sat down (the page's names): moved
    by the draw for partners (B7), else each in their own seat."""


def walk(spec: WalkSpec) -> Walkthrough:
    """The deal the seed gives, seat 0 dealing, played by the sensible strategy (in a game whose
    hand size changes, deal `spec.number` of the game, the deals before it not played); a game that
    draws for partners (game.yml `partners`) and whose trump is made by a player or set by the
    rules does that first, and it is the first moment."""
    if spec.number is None and spec.game.procedure.deal.hand_sizes is not None:
        spec = replace(spec, number=default_deal(spec.game, spec.players))
    table = Table.for_game(spec.game, spec.players, spec.team_size)
    rng = random.Random(spec.seed)
    procedure = spec.game.procedure
    if procedure.has_maker or procedure.find(TrumpSetPhase) is not None:
        draw = draw_for_partners(spec.game, draw_generator(spec.seed)) if spec.game.partner_draw else None
        told = _choice_moments if procedure.has_maker else _set_moments
        moments = (*((draw,) if draw else ()), *told(Deal(spec.game, table, 0, rng, spec.number or 0), rng))
        return Walkthrough(spec, table, moments, draw.seats if draw else tuple(range(spec.players)))
    moments = tuple(_drawing_moments(Deal(spec.game, table, 0, rng), rng))
    return Walkthrough(spec, table, moments, tuple(range(spec.players)))


def _played(state, strategy, rng: random.Random) -> tuple[list, list[DutyTurn | None]]:
    """Play the deal out; the actions taken, and per trick the first hand a duty restricted."""
    actions: list = []
    duties: list[DutyTurn | None] = []
    trick_duty: DutyTurn | None = None
    ruled = state.game.procedure.rules_of_play is not None
    timed = ruled or state.game.procedure.tricks.late_follow is not None  # a question needs its moment
    while not state.is_terminal():
        action = strategy(state, rng)
        if isinstance(action, Meld):  # a lead, which no duty restricts
            trick_duty = None
        if isinstance(action, Play):
            trick, hand = tuple(state.trick), tuple(state.hands[action.seat])
            if not trick:
                trick_duty = None
            if trick_duty is None and (trick or ruled):
                moment = state.moment if timed else None
                legality = legal_plays(state.game, state.trump, trick, hand, moment)
                if legality.refused:
                    trick_duty = DutyTurn(action.seat, hand, legality, moment)
            state.apply(action)
            if not state.trick:
                duties.append(trick_duty)
            actions.append(action)
            continue
        state.apply(action)
        actions.append(action)
    return actions, duties


def _tricks(state, duties: list[DutyTurn | None]) -> list[TrickPlayed]:
    """The trick events of the log, each with the draws that followed it."""
    moments: list[TrickPlayed] = []
    draws: list[tuple[int, Card]] = []
    announced: list = []
    for event in state.log:
        if isinstance(event, events.Draw):
            draws.append((event.seat, event.card))
            continue
        if isinstance(event, (events.Exchanged, events.Closed, events.Married)):
            announced.append(event)
            continue
        if not isinstance(event, events.Trick):
            continue
        if moments:
            moments[-1] = _with_draws(moments[-1], draws, state)
        draws = []
        moments.append(TrickPlayed(
            number=len(moments) + 1, trump=state.trump, seats=event.seats,
            verdict=judge_trick(state.game, state.trump, event.plays), winner=event.winner,
            draws=(), indicator_taker=None, duty=duties[len(moments)], announced=tuple(announced)))
        announced = []
    if moments:
        moments[-1] = _with_draws(moments[-1], draws, state)
    return moments


def _with_draws(trick: TrickPlayed, draws: list[tuple[int, Card]], state) -> TrickPlayed:
    indicator = getattr(state, "indicator", None)
    taker = next((seat for seat, card in draws if card is indicator), None)
    return TrickPlayed(trick.number, trick.trump, trick.seats, trick.verdict, trick.winner,
                       tuple(draws), taker, trick.duty, trick.announced)


def _drawing_moments(deal: Deal, rng: random.Random):
    game, table = deal.game, deal.table
    first = deal.log[0]
    assert isinstance(first, events.Dealt)  # a drawing deal is dealt first
    stock = len(deal.stock)
    _, duties = _played(deal, sensible_strategy, rng)
    assert deal.turned is not None  # turned up before the deal's first trick
    forecasts = tuple((e.seat, e.card) for e in deal.log if isinstance(e, events.Forecast))
    yield Dealt(dealer=deal.dealer, hands=first.hands, stock=stock,
                forecasters=tuple(seat for seat, _ in forecasts), chooser=None)
    laid = {seat: card for seat, card in forecasts if card is not None}
    outcome = forecast_outcome(game, table, deal.dealer, laid, deal.turned)
    yield TurnedUp(dealer=deal.dealer, forecasts=forecasts, outcome=outcome, leader=table.next(deal.dealer))
    yield from _tricks(deal, duties)
    result = deal.result()
    if isinstance(result, OddTricksResult):
        yield _odd_tricks(deal, result)
        return
    if isinstance(result, GamePointsResult):
        last = max((k for k, e in enumerate(deal.log) if isinstance(e, events.Trick)), default=-1)
        won_by_marriage = tuple(e for e in deal.log[last + 1:]
                                if isinstance(e, (events.Exchanged, events.Closed, events.Married)))
        yield RaceScored(trump=result.trump, points=result.points, tricks=result.tricks, winner=result.winner, reason=result.reason,
                         closed_by=result.closed_by, closing=deal.closing, written=result.written,
                         announced=won_by_marriage)
        return
    assert isinstance(result, DealResult)  # a drawing deal turns trump up and is never thrown in
    yield Counted(sides=result.sides, points=result.points, victory=result.victory, team_size=table.team_size)


def _choice_moments(deal: Deal, rng: random.Random):
    while deal.phase == "cut":
        deal.apply(sensible_strategy(deal, rng))
    assert deal.turned is not None  # turned when the deal ended the cut
    talon = [deal.turned, *deal.stock]
    actions, duties = _played(deal, sensible_strategy, rng)
    if deal.thrown_in:
        raise ThrownInError
    assert deal.trump is not None and deal.maker is not None  # fixed before the first trick
    dealt = next(e for e in deal.log if isinstance(e, events.Dealt))
    if deal.game.procedure.find(CutPhase) is not None:
        yield Cut(dealer=deal.dealer, cutter=deal.cutter, exposed=tuple(deal.exposed[:2]), taken=tuple(deal.taken))
    yield Dealt(dealer=deal.dealer, hands=dealt.hands, stock=len(talon),
                forecasters=(), chooser=deal.chooser, taken=tuple(deal.taken))
    taken = next(e for e in deal.log if isinstance(e, events.TrumpFixed)).taken
    sitting_out = deal.table.partners(deal.solo)[0] if deal.solo is not None else None
    discards = tuple(a.card for a in actions if type(a) is Discard)
    leader = next(e for e in deal.log if isinstance(e, events.Trick)).leader
    if deal.game.procedure.find(BiddingPhase) is not None:
        bids = tuple((e.seat, e.round, e.suit) for e in deal.log if isinstance(e, events.Bid))
        yield BidMade(dealer=deal.dealer, turned=talon[0], bids=bids, trump=deal.trump, maker=deal.maker,
                      taker=deal.taker, discards=discards, solo=deal.solo, sitting_out=sitting_out, leader=leader)
    else:
        accepted = next(e for e in deal.log if isinstance(e, events.Choose)).accept
        turned = (talon[0],) if accepted else tuple(talon[:talon.index(taken[-1]) + 1])
        yield TrumpChosen(chooser=deal.chooser, turned=turned, accepted=accepted, trump=deal.trump, taken=taken,
                          discards=discards, solo=deal.solo, sitting_out=sitting_out, leader=leader)

    yield from _tricks(deal, duties)
    result = deal.result()
    assert isinstance(result, TrickResult)  # not thrown in, so scored by its tricks
    yield Scored(declarers=result.declarers, solo=result.solo, tricks=result.tricks, score=result.score)


def _set_moments(deal: Deal, rng: random.Random):
    """A deal whose trump the rules set (game.yml's `trump` phase): the cut if the game has one,
    the deal, trump, the bids of tricks if the game has them, the tricks and what each side
    writes: its odd tricks, or its bid made exactly."""
    _, duties = _played(deal, sensible_strategy, rng)
    dealt = next(e for e in deal.log if isinstance(e, events.Dealt))
    if deal.game.procedure.find(CutPhase) is not None:
        yield Cut(dealer=deal.dealer, cutter=deal.cutter, exposed=tuple(deal.exposed), taken=tuple(deal.taken))
    yield Dealt(dealer=deal.dealer, hands=dealt.hands, stock=len(deal.game.deck) - sum(map(len, dealt.hands)),
                forecasters=(), chooser=None, taken=tuple(deal.taken))
    passing = deal.game.procedure.find(PassPhase)
    if isinstance(passing, PassPhase):
        yield _passed(deal, passing, dealt.hands)
    phase = deal.game.procedure.find(TrumpSetPhase)
    assert isinstance(phase, TrumpSetPhase)  # walk() tells only such deals here
    trump = next(e for e in deal.log if isinstance(e, events.TrumpSet))
    leader = next(e for e in deal.log if isinstance(e, events.Trick)).leader
    yield TrumpSet(dealer=deal.dealer, source=phase.source, card=trump.card, trump=trump.suit, leader=leader)
    bidding = deal.game.procedure.find(TrickBids)
    if isinstance(bidding, TrickBids):
        bids = tuple((e.seat, e.tricks) for e in deal.log if isinstance(e, events.TricksBid))
        yield TricksBid(dealer=deal.dealer, bids=bids, tricks=len(dealt.hands[deal.dealer]),
                        restricted=bidding.dealer_restricted, trump=trump.suit)
    yield from _tricks(deal, duties)
    result = deal.result()
    if isinstance(result, BidsResult):
        scoring = deal.game.scoring
        assert isinstance(scoring, ExactBids)  # the result is of its kind
        yield BidsScored(bids=result.bids, tricks=result.tricks, written=result.written, bonus=scoring.bonus)
        return
    if isinstance(result, PenaltyResult):
        yield _penalties(deal, result)
        return
    assert isinstance(result, OddTricksResult)  # check scores a 'trump' phase's deals by odd tricks, bids or penalties
    yield _odd_tricks(deal, result)


def _passed(deal: Deal, phase: PassPhase, dealt: tuple[tuple[Card, ...], ...]) -> CardsPassed:
    passes = tuple((e.seat, e.to, e.cards) for e in deal.log if isinstance(e, events.Passed))
    after = [list(hand) for hand in dealt]
    for seat, to, cards in passes:
        after[seat] = [card for card in after[seat] if card not in cards]
        after[to] += cards
    return CardsPassed(direction=phase.directions[deal.number % len(phase.directions)], passes=passes,
                       before=dealt, after=tuple(tuple(hand) for hand in after))


def _penalties(deal: Deal, result: PenaltyResult) -> PenaltiesScored:
    scoring = deal.game.scoring
    assert isinstance(scoring, PenaltyPoints)  # the result is of its kind
    taken: list[list[Card]] = [[] for _ in range(deal.table.players)]
    for event in deal.log:
        if isinstance(event, events.Trick):
            taken[event.winner] += [card for card in event.plays if scoring.penalty(card)]
    return PenaltiesScored(taken=tuple(tuple(cards) for cards in taken), points=result.taken,
                           written=result.written, moon=result.moon)


def _odd_tricks(deal: Deal, result: OddTricksResult) -> OddTricksScored:
    scoring = deal.game.scoring
    assert isinstance(scoring, OddTricks)  # the result is of its kind
    return OddTricksScored(sides=deal.sides(), tricks=result.tricks, written=result.written, book=scoring.book)


class ThrownInError(ValueError):
    """Everyone passed in every round of bidding: the deal has nothing to walk through (`check`
    says so at the walkthrough's seed)."""


def thrown_in(spec: WalkSpec) -> bool:
    """Whether the seed's deal is thrown in, so that `check` can say so at the walkthrough."""
    bidding = spec.game.procedure.find(BiddingPhase)
    if not isinstance(bidding, BiddingPhase) or bidding.stick_the_dealer:
        return False
    try:
        walk(spec)
    except ThrownInError:
        return True
    return False
