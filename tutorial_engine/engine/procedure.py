"""A deal's procedure as data: the phases `game.yml` lists under `deal:`, in order.

Each phase is a frozen record of its parameters; `engine/deal.py` plays them. A game whose
deal is a new combination of these phases needs no Python, only a new `game.yml`.
"""

from __future__ import annotations

import enum
import typing
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from .cards import Card, Rank, Suit
from .vocabulary import term


class Place(enum.Enum):
    """Where a phase may stand in a deal, besides the order every deal keeps (the deal before
    trump is fixed, the tricks last)."""

    ANYWHERE = "anywhere"
    BEFORE_DEAL = "before-deal"
    BEFORE_TURN_UP = "before-turn-up"
    """After the deal and before the card turned up for trump."""
    AFTER_TRUMP = "after-trump"
    AFTER_DEAL = "after-deal"


class FollowRule(enum.Enum):
    NONE = "none"
    """Any card may be played at any time (Albastini A13)."""
    SUIT_THEN_TRUMP = "suit-then-trump"
    """Follow suit, else trump, else anything (Altbaumer B14–B16)."""
    SUIT = "suit"
    """Follow suit, else anything: no duty to trump."""
    SUIT_HEAD_THEN_TRUMP = "suit-head-then-trump"
    """Follow suit with a card that takes the trick if one does, else follow suit; without the
    suit led, trump; else anything (a `late_follow` once the stock is closed or used up)."""


@dataclass(frozen=True)
class Cut:
    """The player before the dealer cuts; the cards exposed at the bottom of the lifted packet
    are offered to the cutter while they are fixed top trumps, at most `take` of them (B8)."""

    name: ClassVar[str] = "cut"
    summary: ClassVar[str] = ("The player before the dealer cuts, and may take fixed top trumps exposed at "
                              "the cut.")
    place: ClassVar[Place] = Place.BEFORE_DEAL
    fixes_trump: ClassVar[bool] = False

    take: int = term("How many fixed top trumps exposed at the cut the cutter may take.", default=0,
                     what="a number of cards", minimum=0)


class HandSizes(enum.Enum):
    UP_AND_DOWN = "up-and-down"
    """One card each, then one more every deal up to the most the pack allows, then back to one."""
    DOWN_AND_UP = "down-and-up"
    """The most the pack allows, one fewer every deal down to one, then back up."""

    def sizes(self, most: int) -> tuple[int, ...]:
        rising = tuple(range(1, most + 1))
        if self is HandSizes.UP_AND_DOWN:
            return rising + rising[-2::-1]
        return rising[::-1] + rising[1:]


@dataclass(frozen=True)
class DealPackets:
    """Cards dealt to each player in packets of these sizes, round by round, starting after the
    dealer (A7, B9: 3 then 2). The rest stay face down as the stock. With `whole_pack`, the
    packets come round again until no card is left, so every player holds an equal share."""

    name: ClassVar[str] = "deal"
    summary: ClassVar[str] = ("The hands are dealt in packets of these sizes, once or until the pack is used "
                              "up, or one card at a time, as many as the deal's place in the game says.")
    place: ClassVar[Place] = Place.ANYWHERE
    fixes_trump: ClassVar[bool] = False

    packets: tuple[int, ...] = term("How many cards each player gets in each packet, in dealing order; together "
                                    "they make the hand.", default=(1,), what="a number of cards", minimum=1,
                                    default_doc="required unless `hand_sizes` is given")
    whole_pack: bool = term("Deal the whole pack: the packets come round again until no card is left, and "
                            "every table size must share the pack out evenly.", default=False)
    hand_sizes: HandSizes | None = term(
        "Instead of `packets`: the hand size changes from deal to deal, one card at a time. `up-and-down`: one "
        "card each, one more every deal up to the most the pack allows, then back to one; `down-and-up`: the "
        "other way round.", default=None, what="a sequence of hand sizes", beyond=True)

    def hand_size(self, players: int, cards: int, number: int = 0) -> int:
        """Deal `number` of a game (from 0) at a table of `players`."""
        if self.hand_sizes is not None:
            return self.hand_sizes.sizes(cards // players)[number]
        return cards // players if self.whole_pack else sum(self.packets)

    def deals(self, players: int, cards: int) -> int | None:
        """How many deals the sequence of hand sizes lasts; None when the hand never changes."""
        return None if self.hand_sizes is None else len(self.hand_sizes.sizes(cards // players))


@dataclass(frozen=True)
class Forecasts:
    """Before the turn-up, the dealer's opponents may lay a card forecasting trump (A8–A11)."""

    name: ClassVar[str] = "forecast"
    summary: ClassVar[str] = "The dealer's opponents may forecast the trump suit."
    place: ClassVar[Place] = Place.BEFORE_TURN_UP
    fixes_trump: ClassVar[bool] = False


@dataclass(frozen=True)
class TurnUp:
    """The top card of the stock sets trump and goes under the stock, to be drawn last (A9, R6)."""

    name: ClassVar[str] = "turn-up"
    summary: ClassVar[str] = "The next card sets trump."
    place: ClassVar[Place] = Place.ANYWHERE
    fixes_trump: ClassVar[bool] = True


class TrumpFrom(enum.Enum):
    DEALER_LAST = "dealer-last"
    """The dealer's own last card is turned up for all to see and stays in the dealer's hand."""
    NEXT_CARD = "next-card"
    """The first card left after the deal is turned up and stays out of play; no card, no trump."""
    SUIT = "suit"
    """The same suit is trump in every deal."""
    NONE = "none"
    """No suit is trump."""


@dataclass(frozen=True)
class TrumpSet:
    """Trump is set without a decision: by a card turned from the dealer's hand or from what is
    left of the pack, or by the rules alone (a fixed suit, or none)."""

    name: ClassVar[str] = "trump"
    summary: ClassVar[str] = "Trump is set without a decision."
    place: ClassVar[Place] = Place.ANYWHERE
    fixes_trump: ClassVar[bool] = True

    source: TrumpFrom = term(
        "`dealer-last`: the dealer's own last card is turned up and stays in the dealer's hand; `next-card`: "
        "the first card left after the deal is turned up and stays out of play, and with none left there is "
        "no trump; `suit`: the suit given in `suit`; `none`: no trump.", what="a source of trump", key="from",
        beyond=True)
    suit: Suit | None = term("With `from: suit`, the trump suit of every deal.", default=None,
                             default_doc="required with `from: suit`")


@dataclass(frozen=True)
class AcceptOrRefuse:
    """The player after the dealer accepts the turned card's suit and takes it, or refuses: cards
    are turned on until another suit shows, and the chooser takes that one (B11)."""

    name: ClassVar[str] = "accept-or-refuse"
    summary: ClassVar[str] = "The player after the dealer takes the turned card's suit as trump, or refuses it."
    place: ClassVar[Place] = Place.ANYWHERE
    fixes_trump: ClassVar[bool] = True


class BidRound(enum.Enum):
    ORDER_UP = "order-up"
    """Each player in turn orders the turned card's suit as trump, or passes; the dealer takes
    the turned card."""
    NAME = "name"
    """The turned card is turned down; each player in turn names another suit, or passes."""


@dataclass(frozen=True)
class Bidding:
    """Rounds of bidding from the player after the dealer. If every round ends with all passing,
    the deal is thrown in, unless `stick_the_dealer`: then the dealer must name a suit."""

    name: ClassVar[str] = "bidding"
    summary: ClassVar[str] = "Players in turn make trump, or pass."
    place: ClassVar[Place] = Place.ANYWHERE
    fixes_trump: ClassVar[bool] = True

    rounds: tuple[BidRound, ...] = term("`order-up`: the turned suit or pass; `name`: another suit or pass.",
                                        what="a bidding round")
    stick_the_dealer: bool = term("In the last bidding round the dealer may not pass.", default=False)


@dataclass(frozen=True)
class Discards:
    """Whoever took cards from the table to fix trump discards as many (B11: the chooser; the
    dealer who picked up an ordered card)."""

    name: ClassVar[str] = "discard"
    summary: ClassVar[str] = "Whoever took cards with trump discards as many."
    place: ClassVar[Place] = Place.AFTER_TRUMP
    fixes_trump: ClassVar[bool] = False


class Asked(enum.Enum):
    MAKER = "maker"
    PARTNER = "partner"
    """The maker's partner, in a game of pairs."""


@dataclass(frozen=True)
class SoloOffer:
    """The seats `asked` in turn may each play alone; the first who does leaves their partner out
    (B12)."""

    name: ClassVar[str] = "solo"
    summary: ClassVar[str] = "A player may play alone."
    place: ClassVar[Place] = Place.AFTER_TRUMP
    fixes_trump: ClassVar[bool] = False

    asked: tuple[Asked, ...] = term("Who may play alone, in turn: `maker`, `partner`.", what="a player to ask")


@dataclass(frozen=True)
class TrickBids:
    """Once trump is known, each player in turn from the dealer's left bids the number of tricks
    they will take. With `dealer_restricted`, the dealer may not bid the number that would make
    the bids add up to the tricks of the deal, so that somebody must miss."""

    name: ClassVar[str] = "bid-tricks"
    summary: ClassVar[str] = "Each player bids the number of tricks they will take."
    place: ClassVar[Place] = Place.AFTER_TRUMP
    fixes_trump: ClassVar[bool] = False

    dealer_restricted: bool = term("The dealer, who bids last, may not bid the number that would make the bids "
                                   "add up to the tricks of the deal.", default=False)


class PassDirection(enum.Enum):
    """Where passed cards go, as players say it; seats are numbered in the direction of play, so
    left is the next seat in a game played clockwise and the seat before in one played the other way."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"
    """No cards are passed in this deal."""


@dataclass(frozen=True)
class PassCards:
    """After the deal each player passes cards face down to another, all at once, in a direction
    that changes from deal to deal along `directions` (such as left, right, across, none)."""

    name: ClassVar[str] = "pass"
    summary: ClassVar[str] = "Each player passes cards to another, in a direction that changes from deal to deal."
    place: ClassVar[Place] = Place.AFTER_DEAL
    fixes_trump: ClassVar[bool] = False

    cards: int = term("How many cards each player passes.", what="a number of cards", minimum=1)
    directions: tuple[PassDirection, ...] = term(
        "Where the cards go, one direction a deal, in turn from the first deal: `left`, `right`, `across` (at a "
        "table of an even number of players) or `none` (nobody passes).", what="a direction of passing")


@dataclass(frozen=True)
class Tricks:
    """Tricks until the hands are empty, the first led by the first player after the dealer who is
    not sitting out. With `draw`, after each trick every player draws from the stock, the winner
    first, while it holds a card for each (A16)."""

    name: ClassVar[str] = "tricks"
    summary: ClassVar[str] = ("The tricks are played, with or without drawing from the stock, the first led by a "
                              "card if asked, with a suit barred from the lead until broken and a first trick "
                              "kept clean of penalty cards if asked; a stock that may be closed, a follow rule "
                              "for once it is closed or used up, a trump exchanged for the turned card and "
                              "marriages shown on lead, if asked.")
    place: ClassVar[Place] = Place.ANYWHERE
    fixes_trump: ClassVar[bool] = False

    draw: bool = term("Draw from the stock after each trick.", default=False)
    first_lead: Card | None = term("The player who holds this card leads the first trick, and leads this card.",
                                   default=None, default_doc="by default the player after the dealer leads")
    unbroken: Suit | None = term("This suit may not be led until a card of it has been played to an earlier "
                                 "trick, unless the leader holds nothing else.", default=None)
    clean_first_trick: bool = term("No card that costs penalty points may be played to the first trick, unless "
                                   "the player holds nothing else.", default=False)
    late_follow: FollowRule | None = term(
        "The follow rule once the stock is closed or used up, instead of the game's `follow`.", default=None,
        what="a follow rule", default_doc="the game's `follow` all deal long")
    closing: bool = term("A player on lead may close the stock while it is open: nobody draws any more, and "
                         "`late_follow` applies.", default=False)
    exchange: Rank | None = term("The player on lead who holds the trump of this rank may exchange it for the "
                                 "turned card, while the stock is open and holds more than two cards.", default=None)
    marriage: int | None = term("Card points for the king and queen of a plain suit, shown by a player on lead who "
                                "leads one of them; they count once the player has taken a trick.", default=None,
                                what="a number of points", minimum=1)
    trump_marriage: int | None = term("Card points for the king and queen of trump, shown and counted as a "
                                      "`marriage`.", default=None, what="a number of points", minimum=1)

    @property
    def on_lead(self) -> bool:
        """Whether a player on lead may do more than lead a card: close the stock, exchange a
        trump for the turned card, or show a marriage."""
        return self.closing or self.exchange is not None or self.marriage is not None

    @property
    def restricts(self) -> bool:
        """Whether what may be played depends on more than the trick and the hand: on whether the
        trick is the first, or the suit has been broken."""
        return self.first_lead is not None or self.unbroken is not None or self.clean_first_trick


Phase = (Cut | DealPackets | PassCards | Forecasts | TurnUp | TrumpSet | AcceptOrRefuse | Bidding | Discards
         | SoloOffer | TrickBids | Tricks)

PHASE_KINDS: tuple[type[Phase], ...] = typing.get_args(Phase)
"""Every kind of phase, in the order a deal may use them; each is named in game.yml by its `name`,
and its fields are declared with their Terms (`engine/vocabulary.py`)."""

TRUMP_PHASES = tuple(kind for kind in PHASE_KINDS if kind.fixes_trump)
"""The phases that fix trump; a procedure has exactly one."""


@dataclass(frozen=True)
class Procedure:
    phases: tuple[Phase, ...]

    def find(self, kind: type) -> Phase | None:
        return next((phase for phase in self.phases if isinstance(phase, kind)), None)

    @property
    def deal(self) -> DealPackets:
        deal = self.find(DealPackets)
        assert isinstance(deal, DealPackets)  # check requires one
        return deal

    @property
    def packets(self) -> tuple[int, ...]:
        return self.deal.packets

    @cached_property
    def draws(self) -> bool:
        tricks = self.find(Tricks)
        return isinstance(tricks, Tricks) and tricks.draw

    @property
    def tricks(self) -> Tricks:
        tricks = self.find(Tricks)
        assert isinstance(tricks, Tricks)  # check requires one
        return tricks

    @property
    def rules_of_play(self) -> Tricks | None:
        """The tricks phase, when its own rules make what may be played depend on more than the
        trick and the hand (the first trick, a suit broken)."""
        tricks = self.find(Tricks)
        return tricks if isinstance(tricks, Tricks) and tricks.restricts else None

    @property
    def without_trump(self) -> bool:
        """No deal of the game has a trump suit (`trump` phase `from: none`)."""
        trump = self.find(TrumpSet)
        return isinstance(trump, TrumpSet) and trump.source is TrumpFrom.NONE

    @property
    def has_maker(self) -> bool:
        """A player chooses trump and with a partner must make the tricks (not a turn-up)."""
        return self.find(AcceptOrRefuse) is not None or self.find(Bidding) is not None


@dataclass(frozen=True)
class PartnerDraw:
    """Before the first deal, the four cards of `rank` are dealt one to each player: the two of
    one colour play against the other two, and the holder of `first` deals first (B7)."""

    rank: Rank
    first: Card
