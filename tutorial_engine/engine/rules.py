"""Pure rule kernels: who takes a trick and why, what it is worth, which cards may be played.

Every result is structured data with stable reason codes, so the site can explain it in any
language and scripts can rely on it; `explain` turns the codes into English.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..problems import alternatives
from .cards import Card, Suit
from .game import TRUMP_BASE, FollowRule, GameSpec, PenaltyPoints
from .procedure import Tricks


class RuleError(ValueError):
    """A question the rules cannot answer as asked (too few cards, a card twice, …)."""


class WinReason(enum.Enum):
    HIGHEST_TRUMP = "highest-trump"
    TREE = "tree"
    """The winner is a permanent trump (B3, B15: a tree wins as the highest trump)."""
    HIGHEST_OF_LED_SUIT = "highest-of-led-suit"


class Role(enum.Enum):
    """What became of each card of a trick: why it won, or why it could not."""

    WINS = "wins"
    LOWER_TRUMP = "lower-trump"
    LOWER_OF_LED_SUIT = "lower-of-led-suit"
    TRUMPED = "trumped"
    """Of the suit led, but a trump took the trick."""
    OFF_SUIT = "off-suit"
    """Neither trump nor the suit led: it can never win."""


class Verdict(NamedTuple):
    """Immutable like every result here; a NamedTuple because it is built on the hottest path."""

    winner: int
    """0-based index into the plays, in playing order."""
    card: Card
    reason: WinReason
    led: Suit | None
    """The suit led (the trump suit when a trump or permanent trump is led)."""
    trump: Suit | None
    plays: tuple[Card, ...]
    card_points: tuple[int, ...]

    @property
    def points(self) -> int:
        return sum(self.card_points)


def trick_verdict(game: GameSpec, trump: Suit | None, plays: Sequence[Card]) -> Verdict:
    """Highest trump, else highest card of the suit led (A14, B17); trick points (A3, B6)."""
    check_trick(game, plays)
    return judge_trick(game, trump, plays)


def judge_trick(game: GameSpec, trump: Suit | None, plays: Sequence[Card]) -> Verdict:
    """trick_verdict for callers that built the trick from the deck themselves (whole deals)."""
    table = game.table(trump)
    suit_of, strength = table.suit, table.strength
    led = suit_of[plays[0]]
    best, best_key = 0, strength[plays[0]]  # the lead is of the suit led, or a trump
    for index in range(1, len(plays)):
        card = plays[index]
        key = strength[card]
        if key > best_key and (key >= TRUMP_BASE or suit_of[card] is led):
            best, best_key = index, key
    card = plays[best]
    if best_key < TRUMP_BASE:
        reason = _BY_LED_SUIT
    elif card in game.permanent_trumps:
        reason = _BY_TREE
    else:
        reason = _BY_TRUMP
    points = game.points_by_card
    return Verdict(best, card, reason, led, trump, tuple(plays), tuple([points[c] for c in plays]))


def trick_roles(game: GameSpec, verdict: Verdict) -> tuple[Role, ...]:
    """Why each card won or could not win: for explanations, so not on the verdict's hot path."""
    table = game.table(verdict.trump)
    trump_won = verdict.reason is not WinReason.HIGHEST_OF_LED_SUIT
    roles = []
    for index, card in enumerate(verdict.plays):
        if index == verdict.winner:
            roles.append(Role.WINS)
        elif card in table.trump_strength:
            roles.append(Role.LOWER_TRUMP)
        elif table.suit[card] is verdict.led:
            roles.append(Role.TRUMPED if trump_won else Role.LOWER_OF_LED_SUIT)
        else:
            roles.append(Role.OFF_SUIT)
    return tuple(roles)


def check_trick(game: GameSpec, plays: Sequence[Card]) -> None:
    if len(plays) not in game.trick_sizes:
        raise RuleError(f"{game.name} tricks have {alternatives(game.trick_sizes)} cards, "
                        f"not {len(plays)}")
    require_distinct(game, plays)


def require_distinct(game: GameSpec, cards: Sequence[Card]) -> None:
    """Every card must be in the deck, and in it once."""
    if len(set(cards)) == len(cards) and game.deck_set.issuperset(cards):
        return
    seen: set[Card] = set()
    for card in cards:
        game.require(card)
        if card in seen:
            raise RuleError(f"{card} appears twice; a deck holds each card once")
        seen.add(card)


class Duty(enum.Enum):
    """The obligation in force for the player about to play (B14–B16)."""

    LEAD = "lead"
    """The trick is empty: any card may lead."""
    NONE = "none"
    """The game has no obligations (A13)."""
    FOLLOW = "follow"
    PLAY_TREE = "play-tree"
    TRUMP = "trump"
    FREE = "free"
    """Cannot follow and cannot trump: any card."""
    VOID = "void"
    """Cannot follow, in a game with no duty to trump: any card, trumps included."""
    HEAD = "head"
    """Follow suit with a card that takes the trick, which the hand holds (`suit-head-then-trump`)."""

    @property
    def refusal(self) -> str | None:
        """The stable code given for each card this duty refuses."""
        return _REFUSALS.get(self)


_REFUSALS = {Duty.FOLLOW: "must-follow", Duty.PLAY_TREE: "must-play-tree", Duty.TRUMP: "must-trump",
             Duty.HEAD: "must-head"}


class PlayRule(enum.Enum):
    """A rule of the tricks phase's own that refuses cards the duty to follow allows; its value
    is the stable code given for each card it refuses."""

    FIRST_LEAD = "first-lead"
    """The deal's first trick is led with the `first_lead` card."""
    UNBROKEN = "unbroken"
    """The `unbroken` suit may not be led before it is broken."""
    CLEAN_FIRST_TRICK = "clean-first-trick"
    """No card that costs penalty points goes to the first trick."""


@dataclass(frozen=True)
class Moment:
    """Where a trick stands in its deal: what the tricks phase's own rules ask besides the trick
    and the hand (`Procedure.rules_of_play`)."""

    first_trick: bool = False
    broken: bool = False
    """A card of the `unbroken` suit has been played to an earlier trick."""
    stock_gone: bool = False
    """The stock is closed or used up, so the tricks phase's `late_follow` is in force."""

# Read on every turn of a whole deal. On Python 3.11 each `Enum.MEMBER` passes through
# EnumType.__getattr__ and costs about as much as a function call, so the hot paths use these.
_LEAD, _NO_DUTY, _ANY_CARD, _FOLLOW_SUIT = Duty.LEAD, Duty.NONE, FollowRule.NONE, FollowRule.SUIT
_HEAD = FollowRule.SUIT_HEAD_THEN_TRUMP
_BY_LED_SUIT, _BY_TREE, _BY_TRUMP = WinReason.HIGHEST_OF_LED_SUIT, WinReason.TREE, WinReason.HIGHEST_TRUMP


@dataclass(frozen=True)
class Legality:
    duty: Duty
    led: Suit | None
    """The suit led (the trump suit for a trump lead), None when leading."""
    trump: Suit | None
    legal: tuple[Card, ...]
    """In hand order."""
    refused: Mapping[Card, str]
    """Refused card → stable code, hand order: the duty's (`must-follow`, `must-play-tree`,
    `must-trump`, `must-head`), or a rule of play's (PlayRule) for a card the duty allows."""
    rules: Tricks | None = None
    """The tricks phase whose own rules refused cards too, when the question gave its Moment."""
    stock_gone: bool | None = None
    """In a game whose tricks phase has a `late_follow`, whether the stock was gone (and that rule
    in force), when the question gave its Moment; else None."""


def legal_plays(game: GameSpec, trump: Suit | None, trick: Sequence[Card],
                hand: Sequence[Card], moment: Moment | None = None) -> Legality:
    """Which cards of `hand` may be played to `trick`, and the duty that refuses the others;
    with the trick's `moment`, the tricks phase's own rules of play too."""
    if len(trick) >= max(game.trick_sizes):
        raise RuleError(f"the trick is already complete with {len(trick)} cards")
    if not hand:
        raise RuleError("the hand is empty; there is nothing to play")
    require_distinct(game, [*trick, *hand])
    led = game.table(trump).suit[trick[0]] if trick else None
    duty, legal = _allowed(game, trump, trick, hand, follow_in_force(game, moment))
    code = duty.refusal
    # Only a duty with a refusal code leaves cards out; the others allow the whole hand.
    refused = {card: code for card in hand if card not in legal} if code is not None else {}
    rules = game.procedure.rules_of_play if moment is not None else None
    if rules is not None and moment is not None:
        legal, by_rule = _restrict(game, trump, rules, legal, leading=not trick, first_trick=moment.first_trick,
                                   broken=moment.broken)
        refused = {card: refused.get(card) or by_rule[card].value for card in hand if card not in legal}
    late = moment is not None and game.procedure.tricks.late_follow is not None
    return Legality(duty=duty, led=led, trump=trump, legal=legal, refused=refused, rules=rules,
                    stock_gone=moment.stock_gone if late and moment is not None else None)


def follow_in_force(game: GameSpec, moment: Moment | None) -> FollowRule:
    """The game's `follow`, or its tricks phase's `late_follow` once the stock is gone."""
    if moment is not None and moment.stock_gone:
        tricks = game.procedure.tricks
        if tricks.late_follow is not None:
            return tricks.late_follow
    return game.follow


def allowed_cards(game: GameSpec, trump: Suit | None, trick: Sequence[Card],
                  hand: Sequence[Card], follow: FollowRule | None = None) -> tuple[Card, ...]:
    """The legal cards, trusting the caller that every card is distinct and in the deck: the
    hot path of whole deals, which deal those cards themselves. When leading, or in a game
    without duties (A13), the whole hand is legal without looking for a duty. `follow`: the
    rule in force, when not the game's own (`follow_in_force`)."""
    follow = game.follow if follow is None else follow
    if trick and follow is not _ANY_CARD:
        return _allowed(game, trump, trick, hand, follow)[1]
    return tuple(hand)


def _allowed(game: GameSpec, trump: Suit | None, trick: Sequence[Card],
             hand: Sequence[Card], follow: FollowRule | None = None) -> tuple[Duty, tuple[Card, ...]]:
    """The duty in force and the cards it allows, in hand order (B14–B16)."""
    follow = game.follow if follow is None else follow
    if not trick:
        return _LEAD, tuple(hand)
    if follow is _ANY_CARD:
        return _NO_DUTY, tuple(hand)
    if follow is _HEAD:
        return _head(game, trump, trick, hand)
    lead = trick[0]
    suit_of = game.table(trump).suit
    led = suit_of[lead]
    if led is trump:  # a trump led, or a tree when nothing else is trump
        trumps = tuple([card for card in hand if suit_of[card] is trump]) if trump is not None else ()
        return (Duty.FOLLOW, trumps) if trumps else (Duty.FREE, tuple(hand))
    trees = game.permanent_trumps
    trees_follow = lead.suit is game.permanent_trump_suit  # B15: a tree follows a plain club
    following = tuple([card for card in hand if suit_of[card] is led])
    if following and trees_follow:
        following = tuple([card for card in hand if suit_of[card] is led or card in trees])
    if following:
        return Duty.FOLLOW, following
    held_trees = tuple([card for card in hand if card in trees]) if trees_follow else ()
    if held_trees:
        return Duty.PLAY_TREE, held_trees
    if follow is _FOLLOW_SUIT:
        return Duty.VOID, tuple(hand)
    trumps = tuple([card for card in hand if suit_of[card] is trump]) if trump is not None else ()
    if trumps:
        return Duty.TRUMP, trumps
    return Duty.FREE, tuple(hand)


def _head(game: GameSpec, trump: Suit | None, trick: Sequence[Card],
          hand: Sequence[Card]) -> tuple[Duty, tuple[Card, ...]]:
    """`suit-head-then-trump`: follow suit with a card that takes the trick so far if the hand
    holds one, else follow suit; without the suit led, trump if possible, else any card."""
    table = game.table(trump)
    suit_of, strength = table.suit, table.strength
    led = suit_of[trick[0]]
    following = tuple([card for card in hand if suit_of[card] is led])
    if following:
        best = strength[judge_trick(game, trump, trick).card]
        winning = tuple([card for card in following if strength[card] > best])
        return (Duty.HEAD, winning) if winning else (Duty.FOLLOW, following)
    trumps = tuple([card for card in hand if suit_of[card] is trump]) if trump is not None else ()
    return (Duty.TRUMP, trumps) if trumps else (Duty.FREE, tuple(hand))


def restrict_plays(game: GameSpec, trump: Suit | None, rules: Tricks, legal: tuple[Card, ...], *, leading: bool,
                   first_trick: bool, broken: bool) -> tuple[Card, ...]:
    """What the tricks phase's own rules leave of the cards the duty to follow allows."""
    return _restrict(game, trump, rules, legal, leading=leading, first_trick=first_trick, broken=broken)[0]


def _restrict(game: GameSpec, trump: Suit | None, rules: Tricks, legal: tuple[Card, ...], *, leading: bool,
              first_trick: bool, broken: bool) -> tuple[tuple[Card, ...], dict[Card, PlayRule]]:
    """The cards left, and the rule that refused each other card: the first lead is the
    `first_lead` card, the `unbroken` suit is not led before it is broken, and no card that costs
    penalty points goes to a `clean_first_trick`. Each gives way when it would leave no card."""
    refused: dict[Card, PlayRule] = {}

    def keep(rule: PlayRule, allowed: tuple[Card, ...]) -> tuple[Card, ...]:
        if not allowed:
            return legal
        refused.update((card, rule) for card in legal if card not in allowed)
        return allowed

    if first_trick and leading and rules.first_lead in legal:
        legal = keep(_FIRST_LEAD, (rules.first_lead,))
    if leading and rules.unbroken is not None and not broken:
        suit_of = game.table(trump).suit
        legal = keep(_UNBROKEN, tuple([card for card in legal if suit_of[card] is not rules.unbroken]))
    scoring = game.scoring
    if first_trick and rules.clean_first_trick and isinstance(scoring, PenaltyPoints):
        legal = keep(_CLEAN_FIRST_TRICK, tuple([card for card in legal if not scoring.penalty(card)]))
    return legal, refused


_FIRST_LEAD, _UNBROKEN, _CLEAN_FIRST_TRICK = PlayRule.FIRST_LEAD, PlayRule.UNBROKEN, PlayRule.CLEAN_FIRST_TRICK


class RankingError(RuleError):
    """Cards of two different plain suits have no order between them."""


@dataclass(frozen=True)
class Ranking:
    trump: Suit | None
    order: tuple[Card, ...]
    """Strongest first."""
    values: tuple[tuple[Card, int], ...]
    """Each card with its points, in the order given."""

    @property
    def strongest(self) -> Card:
        return self.order[0]


def rank_cards(game: GameSpec, trump: Suit | None, cards: Sequence[Card]) -> Ranking:
    """Order cards by strength (trumps above the one plain suit present) and give their values."""
    if not cards:
        raise RuleError("there are no cards to rank")
    require_distinct(game, cards)
    table = game.table(trump)
    plain_suits = sorted({table.suit[c] for c in cards if c not in table.trump_strength},
                         key=game.suits.index)
    if len(plain_suits) > 1:
        names = " and ".join(str(suit) for suit in plain_suits)
        raise RankingError(
            f"cards of {names} cannot be ranked against each other: "
            "use cards of one suit, plus trumps if you like")

    def strength(card: Card) -> int:
        trump_strength = table.trump_strength.get(card)
        return 1000 + trump_strength if trump_strength is not None else table.plain_strength[card]

    return Ranking(
        trump=trump,
        order=tuple(sorted(cards, key=strength, reverse=True)),
        values=tuple((card, game.card_points(card)) for card in cards),
    )
