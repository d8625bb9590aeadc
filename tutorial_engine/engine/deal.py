"""A whole deal of any game, played phase by phase as its `game.yml` composes it.

The state follows OpenSpiel's shape: `to_move`, `legal_actions`, `apply`, `is_terminal`,
`result`. Every decision a player makes is an action; chance (the shuffle, the depth of a cut)
comes only from the generator the deal is given, consumed in a fixed order, so the same seed
and the same actions replay identically. The event log records the deal as typed, frozen
records (`events`).

Seats are numbered in the direction of play, so the player after the dealer is seat dealer + 1
and the one before, who cuts, dealer − 1.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple, final

from . import events
from .cards import Card, Rank, Suit
from .forecast import forecast_outcome, forecast_seats
from .game import Direction, ExactBids, GamePoints, GameSpec, OddTricks, PenaltyPoints, TrickScoring, VictoryPoints
from .procedure import (
    AcceptOrRefuse,
    Asked,
    Bidding,
    BidRound,
    Cut,
    DealPackets,
    Discards,
    FollowRule,
    Forecasts,
    PassCards,
    PassDirection,
    Phase,
    SoloOffer,
    TrickBids,
    Tricks,
    TrumpFrom,
    TrumpSet,
    TurnUp,
)
from .rules import Moment, RuleError, allowed_cards, judge_trick, restrict_plays
from .scoring import (
    DealScore,
    DealVictory,
    exact_bids_written,
    game_points_won,
    marriage_points,
    odd_tricks_written,
    penalties_written,
    trick_score,
    victory,
)
from .seating import Table


@final  # final, so that `type(action) is Forecast` tells a checker the action is otherwise a Play
class Forecast(NamedTuple):
    """Lay `card` face up as a forecast of the trump suit, or pass (card None)."""

    seat: int
    card: Card | None


class Play(NamedTuple):
    """Immutable, and a NamedTuple because whole deals build one per legal card per turn."""

    seat: int
    card: Card


class TakeTree(NamedTuple):
    """The cutter takes (or leaves) the top trump exposed at the cut (B8)."""

    seat: int
    take: bool


class ChooseTrump(NamedTuple):
    """The chooser accepts the turned card's suit, or refuses it (B11)."""

    seat: int
    accept: bool


class Bid(NamedTuple):
    """Order up or name `suit` as trump, or pass (suit None)."""

    seat: int
    suit: Suit | None


class Discard(NamedTuple):
    seat: int
    card: Card


class Give(NamedTuple):
    """A player passes these cards, in the order they stand in the hand."""

    seat: int
    cards: tuple[Card, ...]


class Solo(NamedTuple):
    """A player asked plays alone, or not (B12)."""

    seat: int
    solo: bool


class BidTricks(NamedTuple):
    """Bid to take exactly `tricks` tricks."""

    seat: int
    tricks: int


class Meld(NamedTuple):
    """Lead `card`, a king or queen, showing the marriage of its suit."""

    seat: int
    card: Card


class Exchange(NamedTuple):
    """Give the trump of the tricks phase's `exchange` rank for the turned card."""

    seat: int


class Close(NamedTuple):
    """Close the stock: nobody draws any more."""

    seat: int


Action = Forecast | Play | TakeTree | ChooseTrump | Bid | Discard | Solo | BidTricks | Give | Meld | Exchange | Close


@dataclass(frozen=True)
class DealResult:
    """A deal scored by card points (A19–A20)."""

    sides: tuple[tuple[int, ...], ...]
    """Seat groups, ordered by their lowest seat; points and winner refer to this list."""
    points: tuple[int, ...]
    victory: DealVictory
    trump: str
    turned: Card
    indicator: Card
    indicator_taker: int | None
    trick_count: int


@dataclass(frozen=True)
class TrickResult:
    """A deal scored by the makers' tricks (B19)."""

    trump: Suit
    declarers: int
    """Side index: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    solo: int | None
    tricks: tuple[int, int]
    score: DealScore


@dataclass(frozen=True)
class OddTricksResult:
    """A deal scored by the tricks each side took above the book."""

    trump: Suit | None
    tricks: tuple[int, ...]
    """Tricks won per side, sides numbered as the table's teams."""
    written: tuple[int, ...]
    """Points each side scores: its tricks above the book, or nothing."""


@dataclass(frozen=True)
class BidsResult:
    """A deal scored by exact bids; everything by seat, since each plays for themselves."""

    trump: Suit | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    written: tuple[int, ...]


@dataclass(frozen=True)
class PenaltyResult:
    """A deal scored by penalty points; everything by seat, since each plays for themselves."""

    trump: Suit | None
    tricks: tuple[int, ...]
    taken: tuple[int, ...]
    """The penalty points of the cards each player took."""
    written: tuple[int, ...]
    moon: int | None
    """The seat that took every penalty point, when the scoring reverses that (`moon`)."""


@dataclass(frozen=True)
class GamePointsResult:
    """A deal of a race to the deal's target in card points; everything by seat."""

    trump: Suit | None
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    """Card points: the cards of each player's tricks, marriages counted, the last trick's bonus."""
    winner: int
    reason: events.DealEnd
    closed_by: int | None
    written: tuple[int, ...]
    """Game points: the winner's, and 0 for the other."""


@dataclass(frozen=True)
class ThrownIn:
    """Every player passed in every round of bidding: nobody scores, the next player deals."""

    dealer: int


@dataclass(slots=True)
class Deal:
    """Slots: a whole deal reads its attributes a few hundred times, and slots make each read
    cheaper than an instance dictionary does."""

    game: GameSpec
    table: Table
    dealer: int
    rng: random.Random
    number: int = 0
    """Which deal of the game this is, from 0: it sets the hand size when that changes."""
    log: list[events.Event] = field(init=False, default_factory=list)
    """Every event of the deal, in order (`events`)."""
    pack: list[Card] = field(init=False)
    """The shuffled deck until it is dealt."""
    hands: list[list[Card]] = field(init=False)
    stock: list[Card] = field(init=False)
    """Top card first; after a turn-up the trump indicator is its last card."""
    out: list[Card] = field(init=False)
    """Cards out of play: refused or unused stock cards, discards, a solo's partner's hand."""
    piles: list[list[Card]] = field(init=False)
    """Won cards per side."""
    won: list[int] = field(init=False)
    """Tricks won per side."""
    cutter: int = field(init=False)
    exposed: list[Card] = field(init=False)
    taken: list[Card] = field(init=False)
    forecasters: list[int] = field(init=False)
    forecasts: dict[int, Card] = field(init=False)
    trump: Suit | None = field(init=False)
    turned: Card | None = field(init=False)
    indicator: Card | None = field(init=False)
    indicator_taker: int | None = field(init=False)
    chooser: int = field(init=False)
    """Who decides on the turned card (B11): the player after the dealer."""
    maker: int | None = field(init=False)
    """Who made trump, when a player chose it."""
    bidders: list[int] = field(init=False)
    bid_round: int = field(init=False)
    tricks_bid: dict[int, int] = field(init=False)
    """Tricks bid, by seat, in the order bid."""
    passers: list[int] = field(init=False)
    """Who has still to pass cards, in turn from the player after the dealer."""
    passed: dict[int, tuple[Card, ...]] = field(init=False)
    """The cards each player has passed, by seat, until everyone has."""
    _passing: PassCards | None = field(init=False)
    taker: int | None = field(init=False)
    """Who took cards from the table with trump, and discards as many."""
    discards_due: int = field(init=False)
    solo_asked: list[int] = field(init=False)
    solo: int | None = field(init=False)
    players: list[int] = field(init=False)
    """The seats that play tricks: all, or all but a solo player's partner."""
    trick: list[Card] = field(init=False)
    leader: int = field(init=False)
    tricks: int = field(init=False)
    broken: bool = field(init=False)
    """A card of the tricks phase's `unbroken` suit has been played to a trick."""
    thrown_in: bool = field(init=False)
    phase: str = field(init=False)
    _order: list[int] = field(init=False)
    """The seats of the current trick in playing order, from its leader."""
    _phases: tuple[Phase, ...] = field(init=False)
    _at: int = field(init=False)
    _actions: list | None = field(init=False)
    _plays: tuple[dict[Card, Play], ...] = field(init=False)
    _draw: bool = field(init=False)
    _rules: Tricks | None = field(init=False)
    """The tricks phase, when its own rules restrict what may be played (`Tricks.restricts`)."""
    _teams: tuple[int, ...] = field(init=False)
    """Each seat's side, looked up once a trick rather than computed."""
    card_points: list[int] = field(init=False)
    """In a race to the deal's target (`GamePoints`), each seat's card points so far: its tricks'
    cards, its marriages counted, the last trick's bonus."""
    pending: list[int] = field(init=False)
    """Marriages shown by a seat that had taken no trick yet: counted with its first trick."""
    closed_by: int | None = field(init=False)
    """The seat that closed the stock, if one did."""
    closing: tuple[int, int] = field(init=False)
    """The other player's card points and tricks when the stock was closed."""
    deal_winner: int | None = field(init=False)
    deal_reason: events.DealEnd | None = field(init=False)
    _follow: FollowRule = field(init=False)
    """The follow rule in force: the game's, or the tricks phase's `late_follow` once the stock is
    gone; kept, rather than worked out from `stock_gone` on every turn of the hot path."""
    _on_lead: Tricks | None = field(init=False)
    """The tricks phase, when a player on lead may close, exchange or show a marriage."""
    _race: GamePoints | None = field(init=False)

    def __post_init__(self) -> None:
        players = self.table.players
        self.pack = list(self.game.deck)
        self.rng.shuffle(self.pack)
        self.hands = [[] for _ in range(players)]
        self.stock = []
        self.out = []
        self.piles = [[] for _ in range(self.table.team_count)]
        self.won = [0] * self.table.team_count
        self.cutter = self.table.next(self.dealer, -1)
        self.exposed = []
        self.taken = []
        self.forecasters = []
        self.forecasts = {}
        self.trump = None
        self.turned = None
        self.indicator = None
        self.indicator_taker = None
        self.chooser = self.table.next(self.dealer)
        self.maker = None
        self.bidders = []
        self.bid_round = 0
        self.tricks_bid = {}
        self.passers = []
        self.passed = {}
        self._passing = None
        self.taker = None
        self.discards_due = 0
        self.solo_asked = []
        self.solo = None
        self.players = list(range(players))
        self.trick = []
        self.leader = self.table.next(self.dealer)
        self._order = []
        self.tricks = 0
        self.broken = False
        self._rules = None
        self.thrown_in = False
        self.phase = ""
        self._phases = self.game.procedure.phases
        self._at = -1
        self._actions = None
        self._plays = seat_plays(self.game, players)
        self._draw = self.game.procedure.draws
        self._teams = _teams(self.table)
        self.card_points = [0] * players
        self.pending = [0] * players
        self.closed_by = None
        self.closing = (0, 0)
        self.deal_winner = None
        self.deal_reason = None
        self._follow = self.game.follow
        self._on_lead = None
        self._race = self.game.scoring if isinstance(self.game.scoring, GamePoints) else None
        self._next_phase()

    # --- the phases, in game.yml's order ---

    def _next_phase(self) -> None:
        """Enter the next phase; phases without a decision to make run at once."""
        self._at += 1
        phase = self._phases[self._at]
        _ENTER[type(phase)](self, phase)

    def _enter_forecast(self, phase: Forecasts) -> None:
        self.forecasters = list(forecast_seats(self.table, self.dealer))
        self._enter("forecast", bool(self.forecasters))

    def _enter_choice(self, phase: AcceptOrRefuse) -> None:
        self._turn()
        self._enter("choose", True)

    def _enter_bidding(self, phase: Bidding) -> None:
        self._turn()
        self.bidders = list(self.table.order_from(self.table.next(self.dealer)))
        self._enter("bid", True)

    def _enter_pass(self, phase: PassCards) -> None:
        direction = phase.directions[self.number % len(phase.directions)]
        if direction is not PassDirection.NONE:
            self._passing = phase
            self.passers = list(self.table.order_from(self.table.next(self.dealer)))
            self.passed = {}
        self._enter("pass", direction is not PassDirection.NONE)

    def pass_target(self, seat: int) -> int:
        """Where `seat` passes in this deal."""
        assert self._passing is not None  # asked while cards are being passed
        phase = self._passing
        direction = phase.directions[self.number % len(phase.directions)]
        if direction is PassDirection.ACROSS:
            return self.table.next(seat, self.table.players // 2)
        left = 1 if self.game.direction is Direction.CLOCKWISE else -1
        return self.table.next(seat, left if direction is PassDirection.LEFT else -left)

    def _give(self, action: Give) -> None:
        self.passers.pop(0)
        hand = self.hands[action.seat]
        for card in action.cards:
            hand.remove(card)
        self.passed[action.seat] = action.cards
        self.log.append(events.Passed(action.seat, self.pass_target(action.seat), action.cards))
        if self.passers:
            return
        for seat, cards in self.passed.items():
            self.hands[self.pass_target(seat)].extend(cards)
        self._passing = None
        self._next_phase()

    def _enter_trick_bids(self, phase: TrickBids) -> None:
        self.bidders = list(self.table.order_from(self.table.next(self.dealer)))
        self._enter("bid-tricks", True)

    def _enter_discard(self, phase: Discards) -> None:
        self._enter("discard", self.discards_due > 0)

    def _enter_solo(self, phase: SoloOffer) -> None:
        assert self.maker is not None  # check puts a solo after a phase with a maker
        partner = self.table.partners(self.maker)[0]
        self.solo_asked = [self.maker if asked is Asked.MAKER else partner for asked in phase.asked]
        self._enter("solo", True)

    def _enter(self, phase: str, decisions: bool) -> None:
        if decisions:
            self.phase = phase
        else:
            self._next_phase()

    def _cut(self, phase: Cut) -> None:
        """B8: the lifted packet goes under the rest; its bottom cards, then the ones above, are
        offered to the cutter while they are fixed top trumps."""
        self.phase = "cut"
        depth = self.rng.randrange(1, len(self.pack))
        lifted, rest = self.pack[:depth], self.pack[depth:]
        self.exposed = list(reversed(lifted[-phase.take:])) if phase.take else []
        self.pack = rest + lifted
        self.log.append(events.Cut(self.cutter, depth))
        if self._tree_on_offer() is None:
            self._next_phase()

    def _tree_on_offer(self) -> Card | None:
        index = len(self.taken)
        if index < len(self.exposed) and self.exposed[index] in self.game.permanent_trumps:
            return self.exposed[index]
        return None

    def _deal(self, phase: DealPackets) -> None:
        """Packets round by round from the player after the dealer; cards taken at the cut
        shorten the cutter's first packet (B9)."""
        pack = [card for card in self.pack if card not in self.taken] if self.taken else self.pack
        self.hands[self.cutter].extend(self.taken)
        order = self.table.order_from(self.table.next(self.dealer))
        top = 0
        packets = phase.packets
        if phase.hand_sizes is not None:  # one card at a time
            packets = (1,) * phase.hand_size(len(order), len(self.game.deck), self.number)
        elif phase.whole_pack:  # check makes the pack share out evenly in whole packets
            rounds = len(pack) // (sum(packets) * len(order))
            packets = packets * rounds
        for number, size in enumerate(packets):
            for seat in order:
                count = size - len(self.taken) if number == 0 and seat == self.cutter else size
                self.hands[seat].extend(pack[top:top + count])
                top += count
        self.stock = pack[top:]
        self.pack = []
        self.log.append(events.Dealt(self.dealer, tuple(self.taken), tuple(tuple(hand) for hand in self.hands)))
        self._next_phase()

    def _turn_up(self, phase: TurnUp) -> None:
        """A9–A11: the top card of the stock sets trump and lies under the stock, unless a
        matching forecast is exchanged for it."""
        self.turned = self.stock.pop(0)
        outcome = forecast_outcome(self.game, self.table, self.dealer, self.forecasts, self.turned)
        self.trump = outcome.trump
        self.indicator = outcome.indicator
        if outcome.exchange is not None:
            self.hands[outcome.exchange.seat].append(self.turned)
        for seat, card in outcome.returned:
            self.hands[seat].append(card)
        self.stock.append(self.indicator)
        self.log.append(events.TurnUp(self.turned, self.trump, outcome.exchange.seat if outcome.exchange else None,
                                      self.indicator))
        self._next_phase()

    def _set_trump(self, phase: TrumpSet) -> None:
        """Trump without a decision: the dealer's last card, shown and kept; the next card left
        after the deal, out of play (none left, no trump); a fixed suit; or no trump."""
        card = None
        if phase.source is TrumpFrom.DEALER_LAST:
            card = self.hands[self.dealer][-1]
        elif phase.source is TrumpFrom.NEXT_CARD and self.stock:
            card = self.stock.pop(0)
            self.out.append(card)
        self.turned = card
        self.trump = self.trump_suit_of(card) if card is not None else phase.suit
        self.log.append(events.TrumpSet(card, self.trump))
        self._next_phase()

    def _turn(self) -> None:
        self.turned = self.stock.pop(0)
        self.log.append(events.Turn(self.turned))

    def trump_suit_of(self, card: Card) -> Suit:
        """B11: a turned fixed top trump counts as its home suit."""
        if card in self.game.permanent_trumps:
            assert self.game.permanent_trump_suit is not None  # game.yml requires it with fixed top trumps
            return self.game.permanent_trump_suit
        return card.suit

    def _fix_trump(self, suit: Suit, maker: int, taker: int | None, cards: list[Card]) -> None:
        """Trump is made; the taker (if any) takes `cards` and will discard as many; what is
        left of the stock is out of play."""
        self.trump = suit
        self.maker = maker
        self.taker = taker
        if taker is not None:
            self.hands[taker].extend(cards)
        self.discards_due = len(cards)
        self.out.extend(self.stock)
        self.stock = []
        self.log.append(events.TrumpFixed(suit, maker, tuple(cards)))
        self._next_phase()

    def _refuse(self, first: Card) -> None:
        """Turn on from `first` until a different suit; all of one suit make that suit compulsory."""
        first_suit = self.trump_suit_of(first)
        turned = [first]
        while self.stock:
            card = self.stock.pop(0)
            if self.trump_suit_of(card) is not first_suit:
                self.out.extend(turned)
                self._fix_trump(self.trump_suit_of(card), self.chooser, self.chooser, [card])
                return
            turned.append(card)
        self._fix_trump(first_suit, self.chooser, self.chooser, turned)

    def _bid(self, action: Bid) -> None:
        phase = self._phases[self._at]
        assert isinstance(phase, Bidding) and self.turned is not None
        self.log.append(events.Bid(action.seat, phase.rounds[self.bid_round], action.suit))
        self.bidders.pop(0)
        if action.suit is not None:
            if phase.rounds[self.bid_round] is BidRound.ORDER_UP:
                self._fix_trump(action.suit, action.seat, self.dealer, [self.turned])
            else:
                self._fix_trump(action.suit, action.seat, None, [])
            return
        if self.bidders:
            return
        if self.bid_round == 0:
            self.out.append(self.turned)  # turned down
        self.bid_round += 1
        if self.bid_round < len(phase.rounds):
            self.bidders = list(self.table.order_from(self.table.next(self.dealer)))
            return
        self.thrown_in = True
        self.phase = "over"
        self.log.append(events.ThrownIn(self.dealer))

    def _start_play(self, phase: Tricks) -> None:
        sitting_out = self.table.partners(self.solo)[0] if self.solo is not None else None
        if sitting_out is not None:
            self.players = [seat for seat in self.players if seat != sitting_out]
            self.out.extend(self.hands[sitting_out])
            self.hands[sitting_out] = []
        leader = self.table.next(self.dealer)
        while leader not in self.players:
            leader = self.table.next(leader)
        holder = next((seat for seat in self.players if phase.first_lead in self.hands[seat]), None)
        self._lead(leader if holder is None else holder)
        self._rules = phase if phase.restricts else None
        self._on_lead = phase if phase.on_lead else None
        self.phase = "play"

    def _lead(self, leader: int) -> None:
        self.leader = leader
        at = self.players.index(leader)
        self._order = self.players[at:] + self.players[:at]

    # --- whose turn, and what may they do ---

    @property
    def taking(self) -> int | None:
        """The seat whose card takes the trick as it stands; None before the lead."""
        return self._order[judge_trick(self.game, self.trump, self.trick).winner] if self.trick else None

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == "play":
            return self._order[len(self.trick)]
        if phase == "forecast":
            return self.forecasters[0]
        if phase == "cut":
            return self.cutter
        if phase == "choose":
            return self.chooser
        if phase == "bid":
            return self.bidders[0]
        if phase == "discard":
            return self.taker
        if phase == "solo":
            return self.solo_asked[0]
        if phase == "bid-tricks":
            return self.bidders[0]
        if phase == "pass":
            return self.passers[0]
        return None

    @property
    def moment(self) -> Moment:
        """Where the current trick stands in the deal, for `rules.legal_plays`."""
        return Moment(first_trick=self.tricks == 0, broken=self.broken, stock_gone=self.stock_gone)

    @property
    def stock_gone(self) -> bool:
        """The stock is closed, or was drawn to its end."""
        return self.closed_by is not None or (self._draw and self.tricks > 0 and not self.stock)

    def legal_actions(self) -> list:
        """Computed once per turn: strategies ask, then apply checks against the same list."""
        if self._actions is None:
            self._actions = self._legal_actions()
        return self._actions

    def _legal_actions(self) -> list:
        phase, trick = self.phase, self.trick
        if phase == "play":  # the hot path, without the to_move property's round of tests
            player = self._order[len(trick)]
            plays = self._plays[player]
            cards = allowed_cards(self.game, self.trump, trick, self.hands[player], self._follow)
            if self._rules is not None:
                cards = restrict_plays(self.game, self.trump, self._rules, cards, leading=not trick,
                                       first_trick=self.tricks == 0, broken=self.broken)
            if self._on_lead is not None and not trick:
                return [*(plays[card] for card in cards), *self._lead_options(player, self._on_lead)]
            return [plays[card] for card in cards]
        seat = self.to_move
        if seat is None:  # the deal is over
            return []
        if phase == "forecast":
            taken = {card.suit for card in self.forecasts.values()}
            return [Forecast(seat, None), *(Forecast(seat, c) for c in self.hands[seat] if c.suit not in taken)]
        if phase == "cut":
            return [TakeTree(seat, True), TakeTree(seat, False)]
        if phase == "choose":
            return [ChooseTrump(seat, True), ChooseTrump(seat, False)]
        if phase == "bid":
            return self._bids(seat)
        if phase == "discard":
            return [Discard(seat, card) for card in self.hands[seat]]
        if phase == "solo":
            return [Solo(seat, False), Solo(seat, True)]
        if phase == "bid-tricks":
            return [BidTricks(seat, tricks) for tricks in self._trick_bids()]
        if phase == "pass":
            assert self._passing is not None  # set on entering the phase
            return [Give(seat, cards) for cards in itertools.combinations(self.hands[seat], self._passing.cards)]
        return []

    def _lead_options(self, seat: int, phase: Tricks) -> list:
        """What a player on lead may do besides leading a card: lead a king or queen showing its
        marriage, exchange the trump of the `exchange` rank for the turned card while the stock is
        open and holds more than two cards, close the stock while it is open."""
        hand, trump = self.hands[seat], self.trump
        options: list[Meld | Exchange | Close] = []
        if phase.marriage is not None:
            for card in hand:
                if card.rank in _MARRIED and Card(_MARRIED[card.rank], card.suit) in hand:
                    options.append(Meld(seat, card))
        open_stock = self.closed_by is None and bool(self.stock)
        if (phase.exchange is not None and trump is not None and open_stock and len(self.stock) > 2
                and Card(phase.exchange, trump) in hand and self.indicator is not None):
            options.append(Exchange(seat))
        if phase.closing and open_stock:
            options.append(Close(seat))
        return options

    def _trick_bids(self) -> list[int]:
        """From none to every trick of the deal; the dealer, bidding last under the restriction,
        may not bring the bids' total to the number of tricks."""
        phase = self._phases[self._at]
        assert isinstance(phase, TrickBids)
        tricks = len(self.hands[self.dealer])
        if phase.dealer_restricted and len(self.bidders) == 1:
            barred = tricks - sum(self.tricks_bid.values())
            return [bid for bid in range(tricks + 1) if bid != barred]
        return list(range(tricks + 1))

    def _bids(self, seat: int) -> list[Bid]:
        phase = self._phases[self._at]
        assert isinstance(phase, Bidding) and self.turned is not None
        turned = self.trump_suit_of(self.turned)
        if phase.rounds[self.bid_round] is BidRound.ORDER_UP:
            suits = [turned]
        else:
            suits = [suit for suit in self.game.suits if suit is not turned or self.bid_round == 0]
        last = self.bid_round == len(phase.rounds) - 1 and len(self.bidders) == 1
        passing = [] if last and phase.stick_the_dealer else [Bid(seat, None)]
        return passing + [Bid(seat, suit) for suit in suits]

    def is_terminal(self) -> bool:
        return self.phase == "over"

    # --- making a move ---

    def apply(self, action: Action) -> None:
        actions = self.legal_actions()
        if action not in actions:  # `in` tries identity first: the strategy's own action is found at once
            raise ValueError(f"{action} is not a legal action now")
        self._actions = None
        if type(action) is Play:  # the hot path first; the decisions are rare
            self.hands[action.seat].remove(action.card)
            self.trick.append(action.card)
            if len(self.trick) == len(self._order):
                self._end_trick()
        else:
            _DECIDE[type(action)](self, action)

    def _forecast(self, action: Forecast) -> None:
        self.forecasters.pop(0)
        if action.card is not None:
            self.hands[action.seat].remove(action.card)
            self.forecasts[action.seat] = action.card
        self.log.append(events.Forecast(action.seat, action.card))
        if not self.forecasters:
            self._next_phase()

    def _take_tree(self, action: TakeTree) -> None:
        tree = self._tree_on_offer()
        assert tree is not None  # the cut phase lasts only while a tree is on offer
        self.log.append(events.TakeTree(tree, action.take))
        if action.take:
            self.taken.append(tree)
            if self._tree_on_offer() is not None:
                return
        self._next_phase()

    def _choose(self, action: ChooseTrump) -> None:
        turned = self.turned
        assert turned is not None  # turned when the choice began
        self.log.append(events.Choose(action.accept))
        if action.accept:
            self._fix_trump(self.trump_suit_of(turned), self.chooser, self.chooser, [turned])
        else:
            self._refuse(turned)

    def _discard(self, action: Discard) -> None:
        self.hands[action.seat].remove(action.card)
        self.out.append(action.card)
        self.log.append(events.Discard(action.seat, action.card))
        self.discards_due -= 1
        if self.discards_due == 0:
            self._next_phase()

    def _bid_tricks(self, action: BidTricks) -> None:
        self.bidders.pop(0)
        self.tricks_bid[action.seat] = action.tricks
        self.log.append(events.TricksBid(action.seat, action.tricks))
        if not self.bidders:
            self._next_phase()

    def _solo(self, action: Solo) -> None:
        self.solo_asked.pop(0)
        self.log.append(events.Solo(action.seat, action.solo))
        if action.solo:
            self.solo = action.seat
        if action.solo or not self.solo_asked:
            self._next_phase()

    def _meld(self, action: Meld) -> None:
        phase = self._on_lead
        assert phase is not None  # offered only then
        suit = action.card.suit
        points = marriage_points(phase, suit, self.trump)
        counted = self.won[self._teams[action.seat]] > 0
        self.log.append(events.Married(action.seat, suit, points, counted))
        if not counted:
            self.pending[action.seat] += points
        else:
            self.card_points[action.seat] += points
            if self._race is not None and self.card_points[action.seat] >= self._race.deal_target:
                self._win_deal(action.seat, events.DealEnd.TARGET)
                return
        self.hands[action.seat].remove(action.card)
        self.trick.append(action.card)

    def _exchange(self, action: Exchange) -> None:
        phase, trump, turned = self._on_lead, self.trump, self.indicator
        assert phase is not None and phase.exchange is not None and trump is not None and turned is not None
        given = Card(phase.exchange, trump)
        hand = self.hands[action.seat]
        hand.remove(given)
        hand.append(turned)
        self.stock[-1] = given
        self.indicator = given
        self.log.append(events.Exchanged(action.seat, given, turned))

    def _close(self, action: Close) -> None:
        other = self.table.next(action.seat)
        self.closed_by = action.seat
        self.closing = (self.card_points[other], self.won[self._teams[other]])
        self._follow = self._late_follow()
        self.log.append(events.Closed(action.seat))

    def _late_follow(self) -> FollowRule:
        late = self.game.procedure.tricks.late_follow
        return self.game.follow if late is None else late

    def _win_deal(self, seat: int, reason: events.DealEnd) -> None:
        self.deal_winner = seat
        self.deal_reason = reason
        self.log.append(events.DealWon(seat, self.card_points[seat], reason))
        self.phase = "over"

    def _race_won(self, race: GamePoints, winner: int, points: int) -> bool:
        """The trick's card points to its winner, with marriages shown before their first trick and
        the last trick's bonus; whether they bring the winner to the target, which ends the deal
        before anyone draws."""
        self.card_points[winner] += points
        if self.won[self._teams[winner]] == 1 and self.pending[winner]:
            self.card_points[winner] += self.pending[winner]
            self.pending[winner] = 0
        if not self.hands[winner] and not self.stock and self.closed_by is None and self._draw:
            self.card_points[winner] += race.last_trick  # the last trick, the stock having run out
        if self.card_points[winner] < race.deal_target:
            return False
        self._win_deal(winner, events.DealEnd.TARGET)
        return True

    def _race_last(self, winner: int) -> None:
        """After the last trick, nobody at the target: the deal goes against a closer who fell
        short, else to the last trick's winner."""
        if self.closed_by is not None:
            self._win_deal(self.table.next(self.closed_by), events.DealEnd.CLOSER_FAILED)
        else:
            self._win_deal(winner, events.DealEnd.LAST_TRICK)

    def _end_trick(self) -> None:
        trick, stock = self.trick, self.stock
        verdict = judge_trick(self.game, self.trump, trick)
        winner = self._order[verdict.winner]
        team = self._teams[winner]
        self.piles[team].extend(trick)
        self.won[team] += 1
        self.log.append(events.Trick(self.leader, tuple(trick), tuple(self._order), winner,
                                     sum(verdict.card_points), verdict.reason))
        rules = self._rules
        if rules is not None and rules.unbroken is not None and not self.broken:
            suit_of = self.game.table(self.trump).suit
            self.broken = any(suit_of[card] is rules.unbroken for card in trick)
        self.trick = []
        self.tricks += 1
        self._lead(winner)
        race = self._race
        if race is not None and self._race_won(race, winner, sum(verdict.card_points)):
            return
        players = len(self._order)
        if self._draw and self.closed_by is None and len(stock) >= players:  # A16; five: the indicator stays (A18)
            for seat in self._order:
                card = stock.pop(0)
                self.hands[seat].append(card)
                if not stock and card is self.indicator:
                    self.indicator_taker = seat
                self.log.append(events.Draw(seat, card))
        if self._draw and not stock and self.closed_by is None:
            self._follow = self._late_follow()
        if not self.hands[winner]:
            if race is not None:
                self._race_last(winner)
            else:
                self.phase = "over"

    # --- the outcome ---

    def sides(self) -> tuple[tuple[int, ...], ...]:
        teams: dict[int, list[int]] = {}
        for seat in range(self.table.players):
            teams.setdefault(self.table.team_of(seat), []).append(seat)
        return tuple(tuple(members) for _, members in sorted(teams.items(), key=lambda t: t[1][0]))

    def result(self) -> (DealResult | TrickResult | OddTricksResult | BidsResult | PenaltyResult | GamePointsResult
                         | ThrownIn):
        if not self.is_terminal():
            raise ValueError("the deal is not over")
        if self.thrown_in:
            return ThrownIn(self.dealer)
        scoring = self.game.scoring
        if isinstance(scoring, TrickScoring):
            return self._trick_result(scoring)
        if isinstance(scoring, ExactBids):
            bids = tuple(self.tricks_bid[seat] for seat in range(self.table.players))
            won = tuple(self.won[self._teams[seat]] for seat in range(self.table.players))
            return BidsResult(self.trump, bids, won, exact_bids_written(scoring, bids, won))
        if isinstance(scoring, OddTricks):
            return OddTricksResult(self.trump, tuple(self.won), odd_tricks_written(scoring, self.won))
        if isinstance(scoring, PenaltyPoints):
            seats = range(self.table.players)
            taken = tuple(sum(scoring.penalty(card) for card in self.piles[self._teams[seat]]) for seat in seats)
            written, moon = penalties_written(scoring, taken)
            return PenaltyResult(self.trump, tuple(self.won[self._teams[seat]] for seat in seats), taken, written, moon)
        if isinstance(scoring, GamePoints):
            return self._race_result(scoring)
        if not isinstance(scoring, VictoryPoints):
            raise RuleError(f"{self.game.name} has no scoring, which a whole deal needs (game.yml: scoring)")
        # The turn-up that fixed the trump of a finished deal also set both cards.
        assert self.turned is not None and self.indicator is not None
        sides = self.sides()
        value = self.game.points_by_card
        points = tuple(sum([value[c] for c in self.piles[self.table.team_of(side[0])]])
                       for side in sides)
        return DealResult(sides=sides, points=points,
                          victory=victory(scoring, points, self.table.team_size),
                          trump=str(self.trump), turned=self.turned, indicator=self.indicator,
                          indicator_taker=self.indicator_taker, trick_count=self.tricks)

    def _race_result(self, scoring: GamePoints) -> GamePointsResult:
        winner, reason = self.deal_winner, self.deal_reason
        assert winner is not None and reason is not None  # a race ends only when someone wins it
        seats = range(self.table.players)
        tricks = tuple(self.won[self._teams[seat]] for seat in seats)
        won = game_points_won(scoring, winner, tuple(self.card_points), tricks, self.closed_by, self.closing)
        return GamePointsResult(self.trump, tricks, tuple(self.card_points), winner, reason, self.closed_by,
                                tuple(won if seat == winner else 0 for seat in seats))

    def _trick_result(self, scoring: TrickScoring) -> TrickResult:
        assert self.trump is not None and self.maker is not None  # check requires a maker with trick scoring
        declarers = self.table.team_of(self.maker)
        won = (self.won[0], self.won[1])
        return TrickResult(trump=self.trump, declarers=declarers, solo=self.solo, tricks=won,
                           score=trick_score(scoring, won[declarers], self.tricks, self.solo is not None))


_ENTER: dict[type, Callable[[Deal, Any], None]] = {
    Cut: Deal._cut, DealPackets: Deal._deal, Forecasts: Deal._enter_forecast, TurnUp: Deal._turn_up,
    TrumpSet: Deal._set_trump,
    AcceptOrRefuse: Deal._enter_choice, Bidding: Deal._enter_bidding, Discards: Deal._enter_discard,
    SoloOffer: Deal._enter_solo, TrickBids: Deal._enter_trick_bids, PassCards: Deal._enter_pass,
    Tricks: Deal._start_play}
"""What entering each kind of phase does: a table, since a chain of isinstance tests costs a
whole deal a tenth of its time."""

_DECIDE: dict[type, Callable[[Deal, Any], None]] = {
    Forecast: Deal._forecast, TakeTree: Deal._take_tree, ChooseTrump: Deal._choose, Bid: Deal._bid,
    Discard: Deal._discard, Solo: Deal._solo, BidTricks: Deal._bid_tricks, Give: Deal._give, Meld: Deal._meld,
    Exchange: Deal._exchange, Close: Deal._close}
"""What each decision does; a Play, the hot path, is applied before this table is looked at."""


def places(deal: Deal) -> list[Card]:
    """Where every card is now: each card of the deck exactly once."""
    cards = [c for hand in deal.hands for c in hand] + deal.pack + deal.stock + deal.out + deal.trick
    cards += [c for pile in deal.piles for c in pile]
    cards += list(deal.forecasts.values()) if deal.trump is None else []
    if deal.turned is not None and deal.phase in ("choose", "bid") and deal.bid_round == 0:
        cards.append(deal.turned)
    if deal.phase == "pass":  # passed, and not yet taken up
        cards += [c for passed in deal.passed.values() for c in passed]
    return cards


_MARRIED = {Rank.KING: Rank.QUEEN, Rank.QUEEN: Rank.KING}
"""A marriage's two ranks, each to the other."""


@lru_cache(maxsize=32)
def _teams(table: Table) -> tuple[int, ...]:
    """Each seat's side, computed once per table rather than once per deal."""
    return tuple(table.team_of(seat) for seat in range(table.players))


@lru_cache(maxsize=32)
def seat_plays(game: GameSpec, players: int) -> tuple[dict[Card, Play], ...]:
    """Each seat's possible plays, built once per game and table size rather than on every turn:
    actions are immutable, so every deal shares them."""
    return tuple({card: Play(seat, card) for card in game.deck} for seat in range(players))


def play_out(state: Deal, strategy, rng: random.Random):
    """Apply the strategy's actions until the deal is over; its result."""
    while not state.is_terminal():
        state.apply(strategy(state, rng))
    return state.result()
