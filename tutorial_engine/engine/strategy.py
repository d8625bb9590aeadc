"""Seeded players for whole deals: any legal action, or a sensible one.

A strategy is a function of the deal's state and a generator that returns one of the state's
legal actions; it never changes the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from .cards import Card, Rank
from .deal import Action, Bid, BidTricks, ChooseTrump, Close, Deal, Exchange, Forecast, Give, Meld, Play, Solo, TakeTree
from .game import ExactBids, GamePoints, PenaltyPoints, TrumpTable, VictoryPoints
from .rules import judge_trick, trick_verdict


def random_strategy(state: Deal, rng: random.Random) -> Action:
    """Any legal action."""
    return rng.choice(state.legal_actions())


def sensible_strategy(state: Deal, rng: random.Random) -> Action:
    """Forecast with a card of the lowest rank; take trees; accept a suit held twice; bid a suit
    that gives the side three trumps; never solo; discard the weakest card. In play, a game of card points takes
    a trick with points when possible, cheaply, else throws the cheapest; a game of tricks plays
    the cheapest card that wins as the last hand, else the weakest; a game of exact bids bids its
    likely winners and plays to take exactly that many tricks; a game of penalty points plays to
    take none of the cards that cost points. Passing, it gives away its costliest cards. On lead it
    exchanges a trump for the turned card when that is the stronger trump; in a race to the deal's target it closes
    the stock when ahead, shows a marriage, then plays as a game of card points."""
    actions = state.legal_actions()
    kind = type(actions[0])
    if kind is Forecast:
        lowest = state.game.plain_order[-1]
        return next((a for a in actions[1:] if a.card is not None and a.card.rank is lowest), actions[0])
    if kind is TakeTree:
        return actions[0]
    if kind is ChooseTrump:
        assert state.turned is not None  # turned when the choice began
        turned = state.trump_suit_of(state.turned)
        held = sum(1 for c in state.hands[state.chooser] if state.trump_suit_of(c) is turned)
        return actions[0] if held >= 2 else actions[1]
    if kind is Bid:
        return _bid(state, cast("list[Bid]", actions))
    if kind is Solo:
        return actions[0]
    if kind is BidTricks:
        return _bid_tricks(state, cast("list[BidTricks]", actions))
    if kind is Give:
        return _give(state, cast("list[Give]", actions))
    exchange = next((action for action in actions if type(action) is Exchange), None)
    if exchange is not None and _gains(state):
        return exchange
    actions = [action for action in actions if type(action) is not Exchange]
    if isinstance(state.game.scoring, GamePoints):
        return _race(state, state.game.scoring, actions)
    if isinstance(state.game.scoring, VictoryPoints):
        return _take_points(state, cast("list[Play]", actions))
    if isinstance(state.game.scoring, ExactBids) and kind is Play:
        return _make_the_bid(state, cast("list[Play]", actions))
    if isinstance(state.game.scoring, PenaltyPoints) and kind is Play:
        return _avoid_penalties(state, state.game.scoring, cast("list[Play]", actions))
    return _take_tricks(state, actions)


def _give(state: Deal, gifts: list[Give]) -> Give:
    """Pass the costliest cards (in a game of penalty points), the strongest of equal cost."""
    table = state.game.table(state.trump)
    scoring = state.game.scoring
    hand = state.hands[gifts[0].seat]

    def key(card: Card) -> tuple[int, int]:
        return scoring.penalty(card) if isinstance(scoring, PenaltyPoints) else 0, _strength(table, card)

    given = set(sorted(hand, key=key, reverse=True)[:len(gifts[0].cards)])
    return next(gift for gift in gifts if set(gift.cards) == given)


def _avoid_penalties(state: Deal, scoring: PenaltyPoints, plays: list[Play]) -> Play:
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
        return min(plays, key=lambda play: (cost(play), strength(play)))
    losers = [play for play in plays if judge_trick(state.game, state.trump, [*trick, play.card]).winner != len(trick)]
    if losers:
        return max(losers, key=lambda play: (cost(play), strength(play)))
    if len(trick) + 1 == len(state.players):
        return min(plays, key=lambda play: (cost(play), -strength(play)))
    return min(plays, key=lambda play: (strength(play), cost(play)))


def _gains(state: Deal) -> bool:
    """Whether the turned card is a stronger trump than the one the exchange gives for it."""
    rank, trump, turned = state.game.procedure.tricks.exchange, state.trump, state.indicator
    assert rank is not None and trump is not None and turned is not None  # an exchange is offered only then
    table = state.game.table(trump)
    return _strength(table, turned) > _strength(table, Card(rank, trump))


CLOSE_MARGIN = 20
"""A racer closes the stock once its card points are within this of the deal's target and above
the other player's."""


def _race(state: Deal, scoring: GamePoints, actions: list) -> Action:
    """On lead: close the stock when ahead and near the target; lead the queen of a marriage, a
    trump one first. Else play as a game of card points."""
    extras = [action for action in actions if type(action) is not Play]
    plays = cast("list[Play]", [action for action in actions if type(action) is Play])
    close = next((action for action in extras if type(action) is Close), None)
    if close is not None:
        mine, theirs = state.card_points[close.seat], state.card_points[state.table.next(close.seat)]
        if mine >= scoring.deal_target - CLOSE_MARGIN and mine > theirs:
            return close
    melds = [action for action in extras if type(action) is Meld]
    if melds:
        return max(melds, key=lambda meld: (meld.card.suit is state.trump, meld.card.rank is Rank.QUEEN,
                                            -state.game.suits.index(meld.card.suit)))
    return _take_points(state, plays)


def _bid_tricks(state: Deal, bids: list[BidTricks]) -> BidTricks:
    """As many tricks as the hand holds likely winners (aces of plain suits, and the three
    highest trumps), or the allowed bid nearest to that, the lower of two."""
    table = state.game.table(state.trump)
    top_trumps = sorted(table.trump_strength, key=table.trump_strength.__getitem__, reverse=True)[:3]
    ace = state.game.plain_order[0]
    hand = state.hands[bids[0].seat]
    likely = sum(1 for card in hand if card in top_trumps or (card.rank is ace and card not in table.trump_strength))
    return min(bids, key=lambda bid: (abs(bid.tricks - likely), bid.tricks))


def _make_the_bid(state: Deal, plays: list[Play]) -> Play:
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
        return max(plays, key=strength) if short else weakest
    winners = [play for play in plays if wins(play)]
    if short:
        if not winners:
            return weakest
        last = len(trick) + 1 == len(state.players)
        return min(winners, key=strength) if last else max(winners, key=strength)
    losers = [play for play in plays if play not in winners]
    return max(losers, key=strength) if losers else weakest


def _bid(state: Deal, bids: list[Bid]) -> Bid:
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
    return best if passing is None or trumps(best) >= 3 else passing


def _take_points(state: Deal, plays: list[Play]) -> Play:
    game, trick = state.game, state.trick
    value = game.card_points

    def strength(card: Card) -> int:
        table = game.table(state.trump)
        return table.trump_strength.get(card, -100) * 100 + table.plain_strength.get(card, 0)

    if trick:
        winning = [a for a in plays
                   if state.table.next(state.leader, trick_verdict(game, state.trump, [*trick, a.card]).winner)
                   == a.seat] if len(trick) + 1 == state.table.players else []
        if winning and any(value(c) for c in trick):
            return min(winning, key=lambda a: (value(a.card), strength(a.card)))
    return min(plays, key=lambda a: (value(a.card), strength(a.card)))


def _take_tricks(state: Deal, actions: list) -> Action:
    """Plays and discards alike: a card, the weakest unless it wins the trick as the last hand."""
    table = state.game.table(state.trump)
    if type(actions[0]) is Play and len(state.trick) + 1 == len(state.players):
        winners = [a for a in actions if judge_trick(state.game, state.trump, [*state.trick, a.card]).winner
                   == len(state.trick)]
        if winners:
            return min(winners, key=lambda a: _strength(table, a.card))
    return min(actions, key=lambda a: _strength(table, a.card))


def _strength(table: TrumpTable, card: Card) -> int:
    """A card's strength when choosing among cards: every trump above every plain card."""
    return table.trump_strength.get(card, 0) * 100 + table.plain_strength.get(card, 0)


STRATEGIES: dict[str, Callable[[Deal, random.Random], Action]] = {
    "random": random_strategy, "sensible": sensible_strategy}
