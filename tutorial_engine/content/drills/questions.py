"""The questions a drill draws, one class for each kind that is not a worked example itself.
Each carries the engine's answer: the browser only compares."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.cards import Card, Suit
from ...engine.game import GameSpec
from ...engine.scoring import DealScore, DealVictory, GameStep
from ..examples import ForecastExample, RankingExample


@dataclass(frozen=True)
class StrongestVariant:
    ranking: RankingExample


@dataclass(frozen=True)
class ValueVariant:
    card: Card
    points: int


@dataclass(frozen=True)
class OrderVariant:
    ranking: RankingExample
    """Two cards; the first of its order is the higher."""


@dataclass(frozen=True)
class ExchangeVariant:
    example: ForecastExample


@dataclass(frozen=True)
class VictoryVariant:
    game: GameSpec
    sides: tuple[tuple[str, ...], ...]
    """The players of each side: one name, or a team's names."""
    totals: tuple[int, ...]
    team_size: int


@dataclass(frozen=True)
class TrickScoreVariant:
    game: GameSpec
    declarer_tricks: int
    before: tuple[int, int]
    """The declarers' and the defenders' running scores before this deal."""


@dataclass(frozen=True)
class DealCountVariant:
    """A whole simulated Albastini deal: the cards each side won, and the engine's count (A19, A20)."""

    game: GameSpec = field(repr=False)
    sides: tuple[tuple[str, ...], ...]
    """The players of each side, in seat order: one name, or a team's names."""
    won: tuple[tuple[Card, ...], ...]
    """The cards each side won, sorted by suit and rank."""
    unclaimed: tuple[Card, ...]
    """Cards nobody won: with five players, the trump indicator, never drawn (A18)."""
    points: tuple[int, ...]
    """The engine's total per side (DealResult.points)."""
    victory: DealVictory
    """The engine's verdict on the deal (DealResult.victory)."""
    asked: int
    """The learner counts the first `asked` sides; the others' totals are shown."""


ASKED_SIDES = 3
"""At most this many sides to count per question, so six players make five steps, not eight."""


@dataclass(frozen=True)
class MatchDealVariant:
    """One deal of a simulated Altbaumer match, with what play_deals wrote for it (B19–B21)."""

    game: GameSpec = field(repr=False)
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    """The two partnerships, seats 0 + 2 and 1 + 3."""
    trump: Suit
    chooser: str
    """Who chose the trump suit: their side declares."""
    declarers: int
    solo: str | None
    """Who played alone, if anyone."""
    sitting_out: str | None
    tricks: tuple[int, int]
    scores_before: tuple[int, int]
    rounds_before: tuple[int, int]
    decider: bool
    score: DealScore
    """The engine's B19 verdict for the declarers and the defenders."""
    score_change: tuple[int, int]
    """What each side wrote (nothing in the deciding deal)."""
    written: tuple[int, int]
    """The scores once this deal is written, before a won round sets them back to 0."""
    scores: tuple[int, int]
    rounds: tuple[int, int]
    round_winner: int | None
    solo_of_five: bool
    match_winner: int | None
    replay: tuple[int, str, int] = field(default=(0, "", 0), repr=False, compare=False)
    """(seed, strategy, deal number): play_deals(game, seed=…, strategy=…, match=True) gives it again."""


@dataclass(frozen=True)
class OddTricksVariant:
    """One deal of a game scored by odd tricks: the tricks each side took, the scores before it,
    and the engine's step. A deal-scoring question also shows the deal the engine played (who
    dealt, the trump and the card turned for it); a scoring question gives the tricks alone."""

    game: GameSpec = field(repr=False)
    sides: tuple[tuple[str, ...], ...]
    """The players of each side, sides numbered as the table's teams: one name, or a team's names."""
    tricks: tuple[int, ...]
    before: tuple[int, ...]
    """The running scores before this deal."""
    step: GameStep
    """The engine's answer: what each side writes, the scores after the deal, who wins the game."""
    dealer: str | None = None
    """Who dealt, in a deal the engine played; None in a scoring question."""
    trump: Suit | None = None
    turned: Card | None = None
    """The card turned for trump, if one was."""
    replay: tuple[int, str, int] = field(default=(0, "", 0), repr=False, compare=False)
    """(seed, strategy, deal number): odd_tricks.play_game(game, table, seed=…, strategy=…) gives it again."""


@dataclass(frozen=True)
class DealerBidVariant:
    """The bids of a deal of a game scored by exact bids but the dealer's, who bids last: which
    bid the engine refuses the dealer (the number that would make the bids add up to the tricks)."""

    game: GameSpec = field(repr=False)
    names: tuple[str, ...]
    """Everyone in the order they bid: the dealer last."""
    bids: tuple[int, ...]
    """The bids of all but the dealer, in that order."""
    tricks: int
    """Tricks in the deal: cards in each hand."""
    allowed: tuple[int, ...]
    """The engine's answer: every bid the dealer may make."""


@dataclass(frozen=True)
class PenaltyVariant:
    """One deal of a game scored by penalty points: the cards that cost points each player took,
    the totals before it, and what the engine writes. A deal-scoring question is a deal the
    engine played (who dealt); a scoring question shares the costly cards out at random."""

    game: GameSpec = field(repr=False)
    names: tuple[str, ...]
    """The players in seat order."""
    taken: tuple[tuple[Card, ...], ...]
    """By seat, the cards that cost points among the tricks each took."""
    points: tuple[int, ...]
    moon: int | None
    before: tuple[int, ...]
    written: tuple[int, ...]
    """The engine's answer: what each player writes."""
    after: tuple[int, ...]
    over: bool
    """A total reaches the target with this deal, which ends the game."""
    winner: int | None
    number: int = 0
    """The deal's number in the game, from 1; 0 in a scoring question."""
    dealer: str | None = None
    replay: tuple[int, str, int] = field(default=(0, "", 0), repr=False, compare=False)
    """(seed, strategy, deal number): penalties.play_penalty_game(game, table, seed=…, strategy=…) gives it again."""


@dataclass(frozen=True)
class MarriageVariant:
    """A marriage shown on lead, the king and queen of `suit`: what the engine says it is worth
    under `trump`, and whether it counts at once, the player having taken `tricks` tricks."""

    game: GameSpec = field(repr=False)
    trump: Suit
    suit: Suit
    tricks: int
    points: int
    """The engine's answer (scoring.marriage_points)."""


@dataclass(frozen=True)
class ExactBidsVariant:
    """One deal of a game scored by exact bids: each player's bid and tricks, the totals before it,
    and what the engine writes. A deal-scoring question also shows the deal the engine played (who
    dealt, the trump and the card turned for it) and whether it ended the game; a scoring question
    gives the bids and tricks alone."""

    game: GameSpec = field(repr=False)
    names: tuple[str, ...]
    """The players in seat order."""
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    before: tuple[int, ...]
    """The totals before this deal."""
    written: tuple[int, ...]
    """The engine's answer: what each player writes."""
    after: tuple[int, ...]
    over: bool = False
    """The game ends with this deal (deal-scoring questions only)."""
    winner: int | None = None
    number: int = 0
    """The deal's number in the game, from 1; 0 in a scoring question."""
    deals: int | None = None
    """Deals in the game's hand-size sequence, if it has one."""
    dealer: str | None = None
    trump: Suit | None = None
    turned: Card | None = None
    replay: tuple[int, str, int] = field(default=(0, "", 0), repr=False, compare=False)
    """(seed, strategy, deal number): bids.play_bidding_game(game, table, seed=…, strategy=…) gives it again."""
