"""The events of a deal, as `Deal.log` records them in order: one frozen record per kind.

Each record names its kind as the play pages' engine does (`kind`: "deal", "turn-up", "trick"
…), and `as_data` gives it as plain JSON data, `{"event": kind, field: value, …}`, with cards and
suits as text ("A♥", "♥"), reasons and rounds by their codes and tuples as lists: what
`play-engine.js` logs, what `tutorial-engine simulate --json --events` prints, and what
schemas/simulate.schema.json describes.

Seats are numbered in the direction of play, seat 0 the first dealer.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import ClassVar

from .cards import Card, Suit
from .procedure import BidRound
from .rules import WinReason


@dataclass(frozen=True, slots=True)
class Cut:
    """The cutter lifted `depth` cards from the top of the pack and put them under the rest (B8)."""

    kind: ClassVar[str] = "cut"
    cutter: int
    depth: int


@dataclass(frozen=True, slots=True)
class TakeTree:
    """The cutter took, or left, a top trump exposed at the cut (B8)."""

    kind: ClassVar[str] = "take-tree"
    card: Card
    take: bool


@dataclass(frozen=True, slots=True)
class Dealt:
    """The cards are dealt: each seat's hand, with the cards the cutter took at the cut (B9)."""

    kind: ClassVar[str] = "deal"
    dealer: int
    taken: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    """By seat."""


@dataclass(frozen=True, slots=True)
class Forecast:
    """A player laid a card face up as a forecast of trump, or passed, with no card (A8)."""

    kind: ClassVar[str] = "forecast"
    seat: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class TurnUp:
    """The top card of the stock was turned up and set trump (A9–A11); a forecast of its suit
    was exchanged for it (`exchange`, the seat), and `indicator` lies under the stock."""

    kind: ClassVar[str] = "turn-up"
    card: Card
    trump: Suit
    exchange: int | None
    indicator: Card


@dataclass(frozen=True, slots=True)
class TrumpSet:
    """Trump was set without a decision: by `card`, turned from the dealer's hand or the pack,
    or by the rules alone (no card); no suit means no trump."""

    kind: ClassVar[str] = "trump-set"
    card: Card | None
    suit: Suit | None


@dataclass(frozen=True, slots=True)
class Turn:
    """A card was turned from the talon or the stock, for a player to accept or bid on (B11)."""

    kind: ClassVar[str] = "turn"
    card: Card


@dataclass(frozen=True, slots=True)
class Choose:
    """The chooser accepted the turned card's suit, or refused it (B11)."""

    kind: ClassVar[str] = "choose"
    accept: bool


@dataclass(frozen=True, slots=True)
class Bid:
    """A player ordered up or named `suit` in a round of bidding, or passed, with no suit."""

    kind: ClassVar[str] = "bid"
    seat: int
    round: BidRound
    suit: Suit | None


@dataclass(frozen=True, slots=True)
class TrumpFixed:
    """A player made `suit` trump; the cards `taken` from the table go to the player who
    discards as many (none when a suit was named)."""

    kind: ClassVar[str] = "trump"
    suit: Suit
    maker: int
    taken: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """Everyone passed in every round of bidding: the deal is thrown in."""

    kind: ClassVar[str] = "thrown-in"
    dealer: int


@dataclass(frozen=True, slots=True)
class Discard:
    """A player who took cards with trump laid one aside, face down."""

    kind: ClassVar[str] = "discard"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Solo:
    """A player asked chose to play alone, or not (B12)."""

    kind: ClassVar[str] = "solo"
    seat: int
    solo: bool


@dataclass(frozen=True, slots=True)
class Trick:
    """A whole trick: the cards played, led by `leader`, and the seat that played each; who took
    it, why, and the points of its cards."""

    kind: ClassVar[str] = "trick"
    leader: int
    plays: tuple[Card, ...]
    seats: tuple[int, ...]
    """The seat of each card of `plays`: the leader's first, in the direction of play."""
    winner: int
    """A seat."""
    points: int
    reason: WinReason


@dataclass(frozen=True, slots=True)
class TricksBid:
    """A player bid the number of tricks they will take."""

    kind: ClassVar[str] = "bid-tricks"
    seat: int
    tricks: int


@dataclass(frozen=True, slots=True)
class Passed:
    """A player passed cards face down to another, who takes them once everyone has passed."""

    kind: ClassVar[str] = "pass"
    seat: int
    to: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """After a trick, a player drew a card from the stock (A16)."""

    kind: ClassVar[str] = "draw"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Closed:
    """The player on lead closed the stock: nobody draws any more."""

    kind: ClassVar[str] = "close"
    seat: int


@dataclass(frozen=True, slots=True)
class Exchanged:
    """The player on lead gave the trump `given` for the turned card `taken`, which now lies
    under the stock in its place."""

    kind: ClassVar[str] = "exchange"
    seat: int
    given: Card
    taken: Card


@dataclass(frozen=True, slots=True)
class Married:
    """The player on lead showed the king and queen of `suit`, leading one of them: `points`,
    counted at once if the player has taken a trick, else with their first trick."""

    kind: ClassVar[str] = "marriage"
    seat: int
    suit: Suit
    points: int
    counted: bool


class DealEnd(enum.Enum):
    """How a race to the deal's target was won."""

    TARGET = "target"
    """The player reached the deal's target."""
    CLOSER_FAILED = "closer-failed"
    """The other player closed the stock and did not reach the target first."""
    LAST_TRICK = "last-trick"
    """Nobody reached the target, and the player took the last trick."""


@dataclass(frozen=True, slots=True)
class DealWon:
    """A player won the deal: `points`, their card points then; `reason` says how."""

    kind: ClassVar[str] = "deal-won"
    seat: int
    points: int
    reason: DealEnd


Event = (Cut | TakeTree | Dealt | Passed | Forecast | TurnUp | TrumpSet | Turn | Choose | Bid | TrumpFixed
         | ThrownIn | Discard | Solo | TricksBid | Trick | Draw | Closed | Exchanged | Married | DealWon)

EVENTS: tuple[type[Event], ...] = (Cut, TakeTree, Dealt, Passed, Forecast, TurnUp, TrumpSet, Turn, Choose, Bid,
                                   TrumpFixed, ThrownIn, Discard, Solo, TricksBid, Trick, Draw, Closed, Exchanged,
                                   Married, DealWon)
"""Every kind of event, roughly in the order a deal may log them."""


def json_value(value):
    """An engine value as plain JSON data: cards and suits as their codes ("A♥", "♥"), enums by
    their values, tuples as lists, mappings with text keys; what the play pages' script and
    `simulate --json` read."""
    if isinstance(value, (Card, Suit)):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [json_value(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): json_value(item) for key, item in value.items()}
    return value


def as_data(event: Event) -> dict:
    """The event as plain JSON data: its kind under "event", then every field."""
    data = {"event": event.kind}
    for item in fields(event):
        data[item.name] = json_value(getattr(event, item.name))
    return data
