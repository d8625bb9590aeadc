"""A game as data: what `examples/<game>/game.yml` says, in typed, immutable form.

The rule kernels ask a GameSpec every question that differs between games (which cards exist,
how they rank, what they are worth, which cards are permanent trumps, what following means), so
no kernel ever names a game.
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import ClassVar

from .cards import Card, Rank, Suit
from .procedure import DealPackets, FollowRule, Forecasts, PartnerDraw, Procedure, Tricks, TurnUp
from .vocabulary import term


class Direction(enum.Enum):
    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


class NextDealer(enum.Enum):
    WINNER = "winner"
    """The winner deals; a winning team's members take turns; after a tie, the same dealer (A6)."""
    IN_TURN = "in-turn"
    """The next player in the direction of play deals; two players deal alternately."""


class CardNotInDeck(ValueError):
    """A well-formed card that this game's deck does not contain."""


@dataclass(frozen=True)
class TeamRule:
    """Teams of `size` seats are possible at tables of these sizes."""

    size: int
    players: tuple[int, ...]


class TopTrumpSuit(enum.Enum):
    """Which suit's card of a rank a top trump is, for a given trump suit."""

    TRUMP = "trump"
    """The card of the trump suit itself (a right bower)."""
    SAME_COLOUR = "same-colour"
    """The other suit of the trump's colour (a left bower)."""


@dataclass(frozen=True)
class TopTrump:
    """One of the highest trumps, above the trump order: a fixed card that is a trump whatever
    the trump suit (Altbaumer's trees, B3), or the card of `rank` in a suit that depends on the
    trump (the bowers). Either way the card belongs to the trump suit for every purpose."""

    card: Card | None = None
    rank: Rank | None = None
    suit: TopTrumpSuit | None = None
    name: str | None = None
    """What players call it ("left bower"), in English: explanations name it by this term of the
    game, translated like the game's name, rather than by its place."""

    def under(self, trump: Suit | None, suits: tuple[Suit, ...]) -> Card | None:
        """The card this top trump is when `trump` is trump; None when there is no such card."""
        if self.card is not None:
            return self.card
        if trump is None or self.rank is None:
            return None
        if self.suit is TopTrumpSuit.TRUMP:
            return Card(self.rank, trump)
        partner = next((s for s in suits if s is not trump and s.red == trump.red), None)
        return Card(self.rank, partner) if partner is not None else None


@dataclass(frozen=True)
class TrumpTable:
    """Card strengths for one trump suit, computed once so a verdict is a few dict look-ups.

    `suit` is the card's suit for following and winning: the trump suit for a permanent trump.
    `trump_strength` and `plain_strength` grow with strength. Plain dicts, read-only by
    convention: they sit on the hottest path, where a mapping proxy costs a fifth of the time.
    """

    trump: Suit | None
    top: tuple[Card, ...]
    """The top trumps under this trump, high to low."""
    suit: dict[Card, Suit | None]
    trump_strength: dict[Card, int]
    plain_strength: dict[Card, int]
    strength: dict[Card, int]
    """Every card's strength in one look-up: a trump's is TRUMP_BASE plus its trump strength."""


TRUMP_BASE = 1000
"""Above any plain strength, so that every trump beats every plain card."""


@dataclass(frozen=True)
class VictoryPoints:
    """The highest total wins 1 victory point, 2 if any total is below the team size's threshold.

    Without thresholds a win is always worth 1. With `wins_above`, the highest total must also
    be more than that, or the deal is drawn (more than 60 of 120, say).
    """

    kind: ClassVar[str] = "victory-points"
    scored_by: ClassVar[str] = "victory points"
    """How a sentence says what the game is scored by."""
    what: ClassVar[str] = "victory-point scoring"
    summary: ClassVar[str] = "card points decide the deal"

    thresholds: Mapping[int, int] = term(
        "By team size: when a total is below it, the winner scores 2 (strict). Without thresholds a win is "
        "worth 1.", factory=lambda: MappingProxyType({}), what="a number of points", minimum=0,
        keyed_by="a team size", label="thresholds by team size", default_doc="none: a win is worth 1")
    wins_above: int | None = term("The highest total must be more than this to win; otherwise the deal is drawn.",
                                  default=None, what="a number of points", minimum=0)


@dataclass(frozen=True)
class TrickScoring:
    """The side with `majority` or more tricks scores 1, all tricks `sweep` (`solo_sweep` for a
    solo player); beaten declarers write `declarers_loss`, and the defenders then `defenders`, or
    if that is None what their own tricks would give declarers. The first side to reach `round`
    wins a round, `rounds` rounds win the match; with `decider`, at one round short all, a single
    deal decides (B21); with `solo_wins_round`, a solo player who takes every trick wins the
    round at once (B20)."""

    kind: ClassVar[str] = "tricks"
    scored_by: ClassVar[str] = "the tricks of the side that made trump"
    """How a sentence says what the game is scored by."""
    what: ClassVar[str] = "trick scoring"
    summary: ClassVar[str] = "the tricks of the side that made trump do"

    majority: int = term("The tricks a side needs to win the deal and score 1.", what="a number of tricks",
                         minimum=1)
    sweep: int = term("What a side scores for taking every trick.", what="a number of points")
    declarers_loss: int = term("What the declaring side writes when it falls short.", what="a number of points")
    round: int = term("The score that wins a round; when a match is one round, the score that wins the match.",
                      what="a number of points", minimum=1)
    solo_sweep: int | None = term("What a solo player scores for taking every trick (default: `sweep`).",
                                  default=None, what="a number of points", default_doc="the value of `sweep`")
    defenders: int | None = term("What the defenders write when the declarers fall short (default: what the "
                                 "declarers would write for the number of tricks the defenders took).",
                                 default=None, what="a number of points",
                                 default_doc="what their own tricks would give declarers")
    rounds: int = term("How many rounds a side must win to win the match (default 1).", default=1,
                       what="a number of rounds", minimum=1)
    decider: bool = term("When each side is one round short of the match, a single deal decides it: the side "
                         "that takes `majority` tricks or more wins.", default=False)
    solo_wins_round: bool = term("A solo player who takes every trick wins the round at once.", default=False)
    declarers: str = term("What players call the side that made trump, in English: a plural noun (`makers`) that "
                          "the drills, the walkthrough and the play page use for that side, translated as a term "
                          "of the game; default `declarers`.", default="declarers", what="a plural noun")

    @property
    def one_game(self) -> bool:
        """One round is the whole game: a game to its target of points, not a match of
        rounds; the pages call it a game."""
        return self.rounds == 1


@dataclass(frozen=True)
class OddTricks:
    """Every side that takes more than `book` tricks scores one point for each trick above it;
    the first side to reach `target` wins the game."""

    kind: ClassVar[str] = "odd-tricks"
    scored_by: ClassVar[str] = "odd tricks"
    """How a sentence says what the game is scored by."""
    what: ClassVar[str] = "odd-trick scoring"
    summary: ClassVar[str] = "every side scores its tricks above the book"

    book: int = term("The tricks that score nothing: a side scores a point for each trick above them.",
                     what="a number of tricks", minimum=0)
    target: int = term("The score that wins the game.", what="a number of points", minimum=1)


@dataclass(frozen=True)
class ExactBids:
    """A player who takes exactly the tricks they bid scores `bonus` plus `per_bid_trick` for
    each trick bid; every player also scores `per_trick` for each trick taken, and loses
    `per_miss` for each trick by which the bid was missed. The game ends when a total reaches
    `target` or after the last deal of the hand-size sequence, whichever comes first; the highest
    total wins."""

    kind: ClassVar[str] = "exact-bids"
    scored_by: ClassVar[str] = "exact bids"
    """How a sentence says what the game is scored by."""
    what: ClassVar[str] = "exact-bid scoring"
    summary: ClassVar[str] = "every player scores for taking exactly the tricks they bid"

    bonus: int = term("What a player scores for taking exactly the tricks they bid.", what="a number of points")
    per_bid_trick: int = term("Added to the bonus for each trick bid, when the bid is made (default 1).", default=1,
                              what="a number of points")
    per_trick: int = term("What every player scores for each trick taken, bid made or not (default 0).",
                          default=0, what="a number of points")
    per_miss: int = term("What a player loses for each trick by which the bid was missed (default 0).", default=0,
                         what="a number of points", minimum=0)
    target: int | None = term("The score that ends the game; without it, the game ends after the deals of the "
                              "hand-size sequence.", default=None, what="a number of points", minimum=1,
                              default_doc="none: the game lasts the hand-size sequence")


@dataclass(frozen=True)
class PenaltyPoints:
    """Cards taken in tricks cost their taker points: each card of a suit in `suits`, each card
    in `cards` (its own value, instead of its suit's). With `moon`, a player who takes every
    penalty point of a deal writes 0 and every other player writes them all. The game ends once
    a total reaches `target`, and the lowest total wins."""

    kind: ClassVar[str] = "penalty-points"
    scored_by: ClassVar[str] = "penalty points"
    """How a sentence says what the game is scored by."""
    what: ClassVar[str] = "penalty-point scoring"
    summary: ClassVar[str] = "every player scores the penalty cards they took, and the lowest total wins"

    target: int = term("The total that ends the game, after the deal in which a player reaches it; the lowest "
                       "total then wins.", what="a number of points", minimum=1)
    suits: Mapping[Suit, int] = term("What each card of these suits costs the player who takes it.",
                                     factory=lambda: MappingProxyType({}), what="a number of points", minimum=0,
                                     label="points by suit", default_doc="none")
    cards: Mapping[Card, int] = term("What each of these cards costs the player who takes it, instead of what its "
                                     "suit costs.", factory=lambda: MappingProxyType({}), what="a number of points",
                                     minimum=0, label="points by card", default_doc="none")
    moon: bool = term("A player who takes every penalty point of a deal writes 0 for it, and every other player "
                      "writes them all.", default=False)

    def penalty(self, card: Card) -> int:
        value = self.cards.get(card)
        return self.suits.get(card.suit, 0) if value is None else value


@dataclass(frozen=True)
class GamePoints:
    """Two players race to `deal_target` card points in each deal, counting the cards of their
    tricks, their marriages and `last_trick` for the last trick when the stock ran out; the first
    to reach it wins the deal at once and scores game points: `win`, `low_win` when the loser has
    fewer card points than `low`, `no_trick_win` when the loser took no trick. A player who closed
    the stock and does not reach the target first gives the other `closer_fails`, or
    `closer_fails_no_trick` when the other had no trick when the stock was closed; a closer who
    wins scores by the other's card points and tricks at that moment. The first to `target` game
    points wins the game."""

    kind: ClassVar[str] = "game-points"
    scored_by: ClassVar[str] = "game points"
    """How a sentence says what the game is scored by."""
    what: ClassVar[str] = "game-point scoring"
    summary: ClassVar[str] = "the first player to reach the deal's target in card points scores game points"

    deal_target: int = term("The card points that win a deal, the moment a player reaches them.",
                            what="a number of points", minimum=1)
    target: int = term("The game points that win the game.", what="a number of points", minimum=1)
    last_trick: int = term("Card points for taking the last trick, when the stock ran out rather than being "
                           "closed (default 0).", default=0, what="a number of points", minimum=0)
    win: int = term("Game points for winning a deal (default 1).", default=1, what="a number of points", minimum=1)
    low: int | None = term("A loser with fewer card points than this gives the winner `low_win`.", default=None,
                           what="a number of points", minimum=1, default_doc="none")
    low_win: int = term("Game points for winning a deal when the loser has fewer card points than `low` (default "
                        "2).", default=2, what="a number of points", minimum=1)
    no_trick_win: int = term("Game points for winning a deal in which the loser took no trick (default 3).",
                             default=3, what="a number of points", minimum=1)
    closer_fails: int = term("Game points for the other player when the player who closed the stock does not reach "
                             "`deal_target` first (default 2).", default=2, what="a number of points", minimum=1)
    closer_fails_no_trick: int = term("The same, when the other player had taken no trick when the stock was "
                                      "closed (default 3).", default=3, what="a number of points", minimum=1)


Scoring = VictoryPoints | TrickScoring | OddTricks | ExactBids | PenaltyPoints | GamePoints

SCORING_KINDS: tuple[type[Scoring], ...] = typing.get_args(Scoring)
"""Every kind of scoring, each named in game.yml by its `kind`, its fields declared with their
Terms (`engine/vocabulary.py`)."""


@dataclass(frozen=True, eq=False)
class GameSpec:
    id: str
    name: str
    suits: tuple[Suit, ...]
    deck: tuple[Card, ...]
    plain_order: tuple[Rank, ...]
    """High to low, in a suit that is not trump."""
    trump_order: tuple[Rank, ...]
    """High to low, in the trump suit (after any permanent trumps)."""
    points: Mapping[Rank, int]
    top_trumps: tuple[TopTrump, ...] = ()
    """The highest trumps, high to low, above the trump order."""
    permanent_trump_suit: Suit | None = None
    """The suit the fixed top trumps belong to when its ordinary cards are led (B15)."""
    follow: FollowRule = FollowRule.NONE
    players: tuple[int, ...] = (2,)
    """Table sizes the game is played at."""
    trick_sizes: tuple[int, ...] = (2,)
    """How many cards a trick can hold (Altbaumer: 3 when a solo leaves a partner out)."""
    teams: tuple[TeamRule, ...] = ()
    direction: Direction = Direction.CLOCKWISE
    procedure: Procedure = field(default_factory=lambda: Procedure((DealPackets((5,)), TurnUp(), Tricks())))
    """The phases of a deal, in order (game.yml `deal:`)."""
    partner_draw: PartnerDraw | None = None
    """How partners are drawn before the first deal (B7); None: players keep their seats."""
    next_dealer: NextDealer = NextDealer.WINNER
    """Who deals the next deal of a game scored by victory points."""
    scoring: Scoring | None = None
    """How a deal is scored (A20, B19)."""
    variants: Mapping[str, GameSpec] = field(default_factory=lambda: MappingProxyType({}))
    variant: str | None = None
    """The id of the variant this spec describes, None for the standard game."""

    @cached_property
    def hand_size(self) -> int:
        """At the smallest table: a deal of the whole pack gives fewer cards to more players."""
        return self.hand_size_at(min(self.players))

    def hand_size_at(self, players: int, number: int = 0) -> int:
        """At a table of `players`, in deal `number` of a game (from 0)."""
        return self.procedure.deal.hand_size(players, len(self.deck), number)

    @cached_property
    def forecast(self) -> bool:
        """Whether opponents of the dealer may forecast the trump suit (Albastini A8–A11)."""
        return self.procedure.find(Forecasts) is not None

    @cached_property
    def permanent_trumps(self) -> tuple[Card, ...]:
        """The top trumps that are trumps whatever the trump suit (Altbaumer's trees, B3)."""
        return tuple(top.card for top in self.top_trumps if top.card is not None)

    @cached_property
    def deck_set(self) -> frozenset[Card]:
        return frozenset(self.deck)

    def deck_text(self) -> str:
        """The deck in words, for messages: "36 cards: A 7 K J Q 6 5 4 3 of ♠ ♥ ♦ ♣"."""
        ranks = " ".join(str(rank) for rank in self.plain_order)
        suits = " ".join(str(suit) for suit in self.suits)
        return f"{len(self.deck)} cards: {ranks} of {suits}"

    def require(self, card: Card) -> Card:
        if card not in self.deck_set:
            raise CardNotInDeck(f"{card} is not in the {self.name} deck ({self.deck_text()})")
        return card

    def card_points(self, card: Card) -> int:
        return self.points.get(card.rank, 0)

    @cached_property
    def points_by_card(self) -> dict[Card, int]:
        """Read-only by convention, like TrumpTable's dicts."""
        return {card: self.card_points(card) for card in self.deck}

    @cached_property
    def total_points(self) -> int:
        return sum(self.card_points(card) for card in self.deck)

    def team_sizes(self, players: int) -> tuple[int, ...]:
        return tuple(rule.size for rule in self.teams if players in rule.players)

    def table(self, trump: Suit | None) -> TrumpTable:
        """Strengths under `trump` (None: no suit is trump, permanent trumps still are)."""
        return self._tables[trump]

    @cached_property
    def _tables(self) -> dict[Suit | None, TrumpTable]:
        return {trump: self._build_table(trump) for trump in (*self.suits, None)}

    def _build_table(self, trump: Suit | None) -> TrumpTable:
        top = [card for card in (t.under(trump, self.suits) for t in self.top_trumps)
               if card is not None and card in self.deck_set]
        trumps = list(top)
        if trump is not None:
            trumps += [Card(rank, trump) for rank in self.trump_order if Card(rank, trump) not in top]
        suit = {card: (trump if card in top else card.suit) for card in self.deck}
        plain = {Card(rank, s): len(self.plain_order) - i
                 for s in self.suits for i, rank in enumerate(self.plain_order)
                 if Card(rank, s) not in top}
        trump_strength = {card: len(trumps) - i for i, card in enumerate(trumps)}
        return TrumpTable(
            trump=trump,
            top=tuple(top),
            suit=suit,
            trump_strength=trump_strength,
            plain_strength=plain,
            strength=plain | {card: TRUMP_BASE + value for card, value in trump_strength.items()},
        )

    def with_variant(self, name: str | None) -> GameSpec:
        if name is None:
            return self
        try:
            return self.variants[name]
        except KeyError:
            known = ", ".join(self.variants) or "none"
            raise KeyError(f"{self.name} has no variant '{name}' (variants: {known})") from None
