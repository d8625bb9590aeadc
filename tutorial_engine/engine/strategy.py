"""Seeded players for whole deals: any legal action, or a sensible one.

A strategy is a function of the deal's state and a generator that returns one of the state's
legal actions; it never changes the state.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from .cards import Card, Rank
from .deal import (
    Action,
    Bid,
    BidTricks,
    ChooseTrump,
    Close,
    Deal,
    Discard,
    Exchange,
    Forecast,
    Give,
    Meld,
    Play,
    Solo,
    TakeTree,
)
from .game import ExactBids, GamePoints, PenaltyPoints, TrumpTable, VictoryPoints
from .rules import judge_trick, trick_verdict


def random_strategy(state: Deal, rng: random.Random) -> Action:
    """Any legal action."""
    return rng.choice(state.legal_actions())


class Reason(enum.Enum):
    """Why the sensible player chose its action: each code is a sentence of the play pages
    (render/play.py `advice-*`), true of the position it was given in; play-engine.js gives the
    same codes, and the differential tests compare them."""

    FORECAST_LOWEST = "forecast-lowest"
    FORECAST_NONE = "forecast-none"
    TAKE_TREE = "take-tree"
    ACCEPT = "accept"
    REFUSE = "refuse"
    BID = "bid"
    PASS = "pass"
    NO_SOLO = "no-solo"
    BID_LIKELY = "bid-likely"
    PASS_COSTLIEST = "pass-costliest"
    EXCHANGE = "exchange"
    CLOSE = "close"
    MARRY = "marry"
    LAST_CARD = "last-card"
    ONLY_FOLLOW = "only-follow"
    ONLY = "only"
    TAKE_POINTS = "take-points"
    CHEAPEST = "cheapest"
    PARTNER_TAKES = "partner-takes"
    PARTNER_POINTS = "partner-points"
    LAST_WINS = "last-wins"
    CANNOT_WIN = "cannot-win"
    WEAKEST = "weakest"
    LOWEST = "lowest"
    DISCARD_WEAKEST = "discard-weakest"
    AVOID_LEAD_LOW = "avoid-lead-low"
    AVOID_DUCK = "avoid-duck"
    AVOID_MUST_TAKE = "avoid-must-take"
    AVOID_WEAKEST = "avoid-weakest"
    BID_LEAD_HIGH = "bid-lead-high"
    BID_LEAD_LOW = "bid-lead-low"
    BID_CANNOT_WIN = "bid-cannot-win"
    BID_WIN = "bid-win"
    BID_LOSE = "bid-lose"
    BID_MUST_WIN = "bid-must-win"


@dataclass(frozen=True)
class Advice:
    """The sensible player's action and its reason; `count` is the number the reason's sentence
    names (trumps held, likely winners, card points), where it names one."""

    action: Action
    why: Reason
    count: int | None = None


def sensible_strategy(state: Deal, rng: random.Random) -> Action:
    """The action `advise` gives."""
    return advise(state).action


def advise(state: Deal) -> Advice:
    """Forecast with a card of the lowest rank; take trees; accept a suit held twice; bid a suit
    that gives the side three trumps; never solo; discard the weakest card. In play, a forced card
    is played as such; a game of card points takes a trick with points when possible, cheaply,
    else throws the cheapest; a game of tricks plays the cheapest card that wins as the last hand,
    unless a partner already takes the trick, else the weakest; a game of exact bids bids its
    likely winners and plays to take exactly that many tricks; a game of penalty points plays to
    take none of the cards that cost points. Passing, it gives away its costliest cards. On lead it
    exchanges a trump for the turned card when that is the stronger trump; in a race to the deal's
    target it closes the stock when ahead, shows a marriage, then plays as a game of card points."""
    actions = state.legal_actions()
    kind = type(actions[0])
    if kind is Forecast:
        lowest = state.game.plain_order[-1]
        forecast = next((a for a in actions[1:] if a.card is not None and a.card.rank is lowest), None)
        return Advice(forecast, Reason.FORECAST_LOWEST) if forecast else Advice(actions[0], Reason.FORECAST_NONE)
    if kind is TakeTree:
        return Advice(actions[0], Reason.TAKE_TREE)
    if kind is ChooseTrump:
        assert state.turned is not None  # turned when the choice began
        turned = state.trump_suit_of(state.turned)
        held = sum(1 for c in state.hands[state.chooser] if state.trump_suit_of(c) is turned)
        return Advice(actions[0], Reason.ACCEPT, held) if held >= 2 else Advice(actions[1], Reason.REFUSE, held)
    if kind is Bid:
        return _bid(state, cast("list[Bid]", actions))
    if kind is Solo:
        return Advice(actions[0], Reason.NO_SOLO)
    if kind is BidTricks:
        return _bid_tricks(state, cast("list[BidTricks]", actions))
    if kind is Give:
        return _give(state, cast("list[Give]", actions))
    exchange = next((action for action in actions if type(action) is Exchange), None)
    if exchange is not None and _gains(state):
        return Advice(exchange, Reason.EXCHANGE)
    actions = [action for action in actions if type(action) is not Exchange]
    if kind is Play and len(actions) == 1:
        return _forced(state, cast("Play", actions[0]))
    if isinstance(state.game.scoring, VictoryPoints):
        return _take_points(state, cast("list[Play]", actions))
    if isinstance(state.game.scoring, ExactBids) and kind is Play:
        return _make_the_bid(state, cast("list[Play]", actions))
    if isinstance(state.game.scoring, PenaltyPoints) and kind is Play:
        return _avoid_penalties(state, state.game.scoring, cast("list[Play]", actions))
    if isinstance(state.game.scoring, GamePoints):
        return _race(state, state.game.scoring, actions)
    return _take_tricks(state, actions)


def _forced(state: Deal, play: Play) -> Advice:
    """The one card the rules allow: the hand's last, the only card of the suit led, or a card
    another duty forces."""
    hand = state.hands[play.seat]
    if len(hand) == 1:
        return Advice(play, Reason.LAST_CARD)
    suit = state.game.table(state.trump).suit
    led = suit[state.trick[0]] if state.trick else None  # a top trump led without a trump suit has none
    if led is not None and suit[play.card] is led and sum(1 for card in hand if suit[card] is led) == 1:
        return Advice(play, Reason.ONLY_FOLLOW)
    return Advice(play, Reason.ONLY)


def _give(state: Deal, gifts: list[Give]) -> Advice:
    """Pass the costliest cards (in a game of penalty points), the strongest of equal cost."""
    table = state.game.table(state.trump)
    scoring = state.game.scoring
    hand = state.hands[gifts[0].seat]

    def key(card: Card) -> tuple[int, int]:
        return scoring.penalty(card) if isinstance(scoring, PenaltyPoints) else 0, _strength(table, card)

    given = set(sorted(hand, key=key, reverse=True)[:len(gifts[0].cards)])
    return Advice(next(gift for gift in gifts if set(gift.cards) == given), Reason.PASS_COSTLIEST)


def _avoid_penalties(state: Deal, scoring: PenaltyPoints, plays: list[Play]) -> Advice:
    """Lead the cheapest card, the weakest of equal cost; follow with the costliest card that
    does not take the trick, the strongest of equal cost; when every card would take it, as the
    last hand the cheapest, the strongest of equal cost, else the weakest."""
    table = state.game.table(state.trump)
    trick = state.trick

    def strength(play: Play) -> int:
        return _strength(table, play.card)

    def cost(play: Play) -> int:
        return scoring.penalty(play.card)

    if not trick:
        return Advice(min(plays, key=lambda play: (cost(play), strength(play))), Reason.AVOID_LEAD_LOW)
    losers = [play for play in plays if judge_trick(state.game, state.trump, [*trick, play.card]).winner != len(trick)]
    if losers:
        return Advice(max(losers, key=lambda play: (cost(play), strength(play))), Reason.AVOID_DUCK)
    if len(trick) + 1 == len(state.players):
        return Advice(min(plays, key=lambda play: (cost(play), -strength(play))), Reason.AVOID_MUST_TAKE)
    return Advice(min(plays, key=lambda play: (strength(play), cost(play))), Reason.AVOID_WEAKEST)


def _gains(state: Deal) -> bool:
    """Whether the turned card is a stronger trump than the one the exchange gives for it."""
    rank, trump, turned = state.game.procedure.tricks.exchange, state.trump, state.indicator
    assert rank is not None and trump is not None and turned is not None  # an exchange is offered only then
    table = state.game.table(trump)
    return _strength(table, turned) > _strength(table, Card(rank, trump))


CLOSE_MARGIN = 20
"""A racer closes the stock once its card points are within this of the deal's target and above
the other player's."""


def _race(state: Deal, scoring: GamePoints, actions: list) -> Advice:
    """On lead: close the stock when ahead and near the target; lead the queen of a marriage, a
    trump one first. Else play as a game of card points."""
    extras = [action for action in actions if type(action) is not Play]
    plays = cast("list[Play]", [action for action in actions if type(action) is Play])
    close = next((action for action in extras if type(action) is Close), None)
    if close is not None:
        mine, theirs = state.card_points[close.seat], state.card_points[state.table.next(close.seat)]
        if mine >= scoring.deal_target - CLOSE_MARGIN and mine > theirs:
            return Advice(close, Reason.CLOSE, mine)
    melds = [action for action in extras if type(action) is Meld]
    if melds:
        return Advice(max(melds, key=lambda meld: (meld.card.suit is state.trump, meld.card.rank is Rank.QUEEN,
                                                   -state.game.suits.index(meld.card.suit))), Reason.MARRY)
    if len(plays) == 1:
        return _forced(state, plays[0])
    return _take_points(state, plays)


def _bid_tricks(state: Deal, bids: list[BidTricks]) -> Advice:
    """As many tricks as the hand holds likely winners (aces of plain suits, and the three
    highest trumps), or the allowed bid nearest to that, the lower of two."""
    table = state.game.table(state.trump)
    top_trumps = sorted(table.trump_strength, key=table.trump_strength.__getitem__, reverse=True)[:3]
    ace = state.game.plain_order[0]
    hand = state.hands[bids[0].seat]
    likely = sum(1 for card in hand if card in top_trumps or (card.rank is ace and card not in table.trump_strength))
    return Advice(min(bids, key=lambda bid: (abs(bid.tricks - likely), bid.tricks)), Reason.BID_LIKELY, likely)


def _make_the_bid(state: Deal, plays: list[Play]) -> Advice:
    """Short of the bid: win the trick with the strongest card that wins it now (the cheapest
    as the last hand), or lead the strongest; with the bid made: the strongest card that does
    not win the trick now, or lead the weakest. Else the weakest card."""
    table = state.game.table(state.trump)
    seat = plays[0].seat
    trick = state.trick

    def strength(play: Play) -> int:
        return _strength(table, play.card)

    def wins(play: Play) -> bool:
        return judge_trick(state.game, state.trump, [*trick, play.card]).winner == len(trick)

    short = state.tricks_bid[seat] > state.won[state.table.team_of(seat)]
    weakest = min(plays, key=strength)
    if not trick:
        return Advice(max(plays, key=strength), Reason.BID_LEAD_HIGH) if short else Advice(weakest, Reason.BID_LEAD_LOW)
    winners = [play for play in plays if wins(play)]
    if short:
        if not winners:
            return Advice(weakest, Reason.BID_CANNOT_WIN)
        last = len(trick) + 1 == len(state.players)
        return Advice(min(winners, key=strength) if last else max(winners, key=strength), Reason.BID_WIN)
    losers = [play for play in plays if play not in winners]
    return Advice(max(losers, key=strength), Reason.BID_LOSE) if losers else Advice(weakest, Reason.BID_MUST_WIN)


def _bid(state: Deal, bids: list[Bid]) -> Advice:
    """The suit that would give the bidder's side the most trumps, if at least three; else pass
    (when passing is allowed). Ordering up hands the turned card to the dealer: a trump more for
    the dealer's side, and for the other side a top trump given away counts against the bid."""
    seat = bids[0].seat
    hand = state.hands[seat]
    turned = state.turned
    ordering = turned is not None and turned not in state.out   # still face up: the order-up round
    ours = state.table.team_of(seat) == state.table.team_of(state.dealer)

    def trumps(bid: Bid) -> int:
        table = state.game.table(bid.suit)
        held = sum(1 for card in hand if table.suit[card] is bid.suit)
        if not ordering or turned is None:
            return held
        if ours:
            return held + 1
        return held - (1 if turned in table.top else 0)

    suits = [bid for bid in bids if bid.suit is not None]
    best = max(suits, key=trumps)
    passing = bids[0] if bids[0].suit is None else None
    most = trumps(best)
    return Advice(best, Reason.BID, most) if passing is None or most >= 3 else Advice(passing, Reason.PASS)


def _take_points(state: Deal, plays: list[Play]) -> Advice:
    """As the last hand, a partner's trick gets the most points a card outside trumps adds, the
    weakest of equal points (or, with none, the cheapest card); else take a trick with points
    with the cheapest card that takes it. Otherwise the cheapest card, the weakest of equal points."""
    game, trick = state.game, state.trick
    value = game.card_points

    def strength(card: Card) -> int:
        table = game.table(state.trump)
        return table.trump_strength.get(card, -100) * 100 + table.plain_strength.get(card, 0)

    def cheap(play: Play) -> tuple[int, int]:
        return value(play.card), strength(play.card)

    if trick and len(trick) + 1 == state.table.players:
        if _partner_takes(state, plays[0].seat):
            trumps = game.table(state.trump).trump_strength
            plain = [a for a in plays if a.card not in trumps and value(a.card)]
            if plain:
                return Advice(min(plain, key=lambda a: (-value(a.card), strength(a.card))), Reason.PARTNER_POINTS)
            return Advice(min(plays, key=cheap), Reason.PARTNER_TAKES)
        winning = [a for a in plays
                   if state.table.next(state.leader, trick_verdict(game, state.trump, [*trick, a.card]).winner)
                   == a.seat]
        if winning and any(value(c) for c in trick):
            return Advice(min(winning, key=cheap), Reason.TAKE_POINTS)
    return Advice(min(plays, key=cheap), Reason.CHEAPEST)


def _take_tricks(state: Deal, actions: list) -> Advice:
    """Plays and discards alike: the weakest card, unless it is the last hand, its partner does
    not already take the trick and a card of it takes the trick: then the weakest such card."""
    table = state.game.table(state.trump)

    def weak(action: Play | Discard) -> int:
        return _strength(table, action.card)

    weakest = min(actions, key=weak)
    if type(actions[0]) is not Play:
        return Advice(weakest, Reason.DISCARD_WEAKEST)
    trick = state.trick
    winners = [a for a in actions if judge_trick(state.game, state.trump, [*trick, a.card]).winner == len(trick)]
    if trick and len(trick) + 1 == len(state.players):
        if _partner_takes(state, weakest.seat):
            return Advice(weakest, Reason.PARTNER_TAKES)
        if winners:
            return Advice(min(winners, key=weak), Reason.LAST_WINS)
    if trick and not winners:
        return Advice(weakest, Reason.CANNOT_WIN)
    stronger = any(_strength(table, card) > weak(weakest) for card in state.hands[weakest.seat])
    return Advice(weakest, Reason.WEAKEST if stronger else Reason.LOWEST)


def _partner_takes(state: Deal, seat: int) -> bool:
    """Whether a partner of the seat takes the trick as it stands."""
    taking = state.taking
    return taking is not None and taking != seat and state.table.team_of(taking) == state.table.team_of(seat)


def _strength(table: TrumpTable, card: Card) -> int:
    """A card's strength when choosing among cards: every trump above every plain card."""
    return table.trump_strength.get(card, 0) * 100 + table.plain_strength.get(card, 0)


STRATEGIES: dict[str, Callable[[Deal, random.Random], Action]] = {
    "random": random_strategy, "sensible": sensible_strategy}
