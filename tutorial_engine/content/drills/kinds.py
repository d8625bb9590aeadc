"""The kinds of drill: for each, the constraints it takes, what it needs of a game, and how
its candidate questions are drawn from a seeded generator. Adding a kind is a row of `KINDS`
with its maker here, its question class (questions.py, unless it asks a worked example), its
rendering (render/drills.py) and its description in AUTHORING.md."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from ...engine import events
from ...engine.bids import play_bidding_game
from ...engine.cards import Card, Suit
from ...engine.deal import BidsResult, BidTricks, Deal, DealResult, ThrownIn, play_out
from ...engine.forecast import forecast_seats
from ...engine.game import (
    ExactBids,
    FollowRule,
    GameSpec,
    OddTricks,
    PenaltyPoints,
    TopTrumpSuit,
    TrickScoring,
    VictoryPoints,
)
from ...engine.match import play_deals
from ...engine.odd_tricks import play_game
from ...engine.penalties import play_penalty_game
from ...engine.procedure import TrickBids, Tricks
from ...engine.rules import Duty, Moment, PlayRule, WinReason, legal_plays, trick_verdict
from ...engine.scoring import (
    Outcome,
    exact_bids_written,
    game_step,
    marriage_points,
    odd_tricks_written,
    penalties_written,
)
from ...engine.seating import Table
from ...engine.strategy import random_strategy, sensible_strategy
from ..examples import Expectation, ForecastExample, LegalExample, RankingExample, TrickExample
from .drill import NAMES, Drill
from .questions import (
    ASKED_SIDES,
    DealCountVariant,
    DealerBidVariant,
    ExactBidsVariant,
    ExchangeVariant,
    MarriageVariant,
    MatchDealVariant,
    OddTricksVariant,
    OrderVariant,
    PenaltyVariant,
    StrongestVariant,
    TrickScoreVariant,
    ValueVariant,
    VictoryVariant,
)

MAX_TRIES = 10_000
"""Candidates drawn for one drill before its constraints are declared unmeetable."""
MAX_DEALS = 4_000
"""Whole deals simulated for one deal-scoring drill before its constraints are declared unmeetable."""

DEAL_CONSTRAINTS = {
    "victory-points": ("one-victory-point", "two-victory-points", "tie"),
    "tricks": ("solo", "solo-of-five", "round-won", "match-won", "decider"),
    "odd-tricks": ("game-won",),
    "exact-bids": ("last-deal",),
    "penalty-points": ("last-deal",),
}
"""Constraints of deal-scoring drills, by the game's kind of scoring (A20; B19–B21); a kind without
an entry has no scoring drills yet, and `check` says so."""

EXCLUSIVE = {
    frozenset({"one-victory-point", "two-victory-points"}): "a deal's winner scores one or the other",
    frozenset({"one-victory-point", "tie"}): "after a tie nobody scores",
    frozenset({"two-victory-points", "tie"}): "after a tie nobody scores",
    frozenset({"decider", "round-won"}): "the deciding deal writes no score, so it wins no round",
    frozenset({"no-trump", "same-colour-top-trump"}): "the top trump of the trump's colour is a trump",
    frozenset({"plain-suit", "same-colour-top-trump"}): "the top trump of the trump's colour is a trump",
}
"""Constraint pairs that no question can meet together, with the reason."""

SAME_COLOUR = "same-colour-top-trump"
"""The constraint of trick, order and legal drills that puts in every question a top trump whose
face shows another suit than the trump it belongs to (a left bower), the card learners misplace."""


def same_colour_tops(game: GameSpec, trump: Suit | None) -> frozenset[Card]:
    """The top trumps that `trump` makes of the other suit of its colour (`suit: same-colour` in
    game.yml's `top_trumps`): trumps for every purpose, whatever suit their face shows."""
    top = game.table(trump).top
    return frozenset(card for t in game.top_trumps if t.suit is TopTrumpSuit.SAME_COLOUR
                     and (card := t.under(trump, game.suits)) in top)



def scoring_name(game: GameSpec) -> str:
    """game.yml's `scoring: kind:` as the author wrote it."""
    assert game.scoring is not None  # asked of games that have one
    return game.scoring.kind


def scoring_kind(game: GameSpec) -> str | None:
    """game.yml's `scoring: kind:`, which decides what a whole deal's score is, if scoring and
    deal-scoring drills ask about it (DEAL_CONSTRAINTS); None otherwise."""
    return None if game.scoring is None or scoring_name(game) not in DEAL_CONSTRAINTS else scoring_name(game)


def _meta(drill: Drill) -> dict:
    return dict(id=drill.id, location=drill.location, game=drill.game, title=None, cites=(),
                expect=Expectation())


def _trick(drill: Drill, rng: random.Random) -> TrickExample | None:
    game = drill.game
    trump = None if game.procedure.without_trump else rng.choice(game.suits)
    plays = tuple(rng.sample(game.deck, drill.players))
    verdict = trick_verdict(game, trump, plays)
    table = game.table(trump)
    wanted = set(drill.constraints)
    if "trump-played" in wanted and not any(c in table.trump_strength for c in plays):
        return None
    if "no-trump" in wanted and any(c in table.trump_strength for c in plays):
        return None
    if "off-suit-ace" in wanted and not any(
            c.rank is game.plain_order[0] and table.suit[c] is not verdict.led and table.suit[c] is not trump
            for c in plays):
        return None
    if "tree-played" in wanted and verdict.reason is not WinReason.TREE:
        return None
    if SAME_COLOUR in wanted and not same_colour_tops(game, trump) & set(plays):
        return None
    seats = NAMES[:drill.players]
    leader = rng.randrange(drill.players)
    return TrickExample(**_meta(drill), trump=trump, seats=seats, leader=leader, plays=plays)


def _suit_row(drill: Drill, rng: random.Random, size: int) -> tuple[Suit | None, tuple[Card, ...]]:
    game = drill.game
    suit = rng.choice(game.suits)
    wanted = set(drill.constraints)
    is_trump = "trump-suit" in wanted or ("plain-suit" not in wanted and rng.random() < 0.5)
    if game.procedure.without_trump:
        trump = None
    elif is_trump:
        trump = suit
    else:
        trump = rng.choice([s for s in game.suits if s is not suit])
    cards = [c for c in game.deck if c.suit is suit and c not in game.permanent_trumps]
    return trump, tuple(rng.sample(cards, size))


def _strongest(drill: Drill, rng: random.Random) -> StrongestVariant:
    trump, cards = _suit_row(drill, rng, drill.cards)
    return StrongestVariant(RankingExample(**_meta(drill), trump=trump, cards=cards))


def _value(drill: Drill, rng: random.Random) -> ValueVariant:
    card = rng.choice(drill.game.deck)
    return ValueVariant(card, drill.game.card_points(card))


def _order(drill: Drill, rng: random.Random) -> OrderVariant | None:
    game = drill.game
    wanted = set(drill.constraints)
    if "trees" in wanted and game.permanent_trumps:
        trump: Suit | None = rng.choice(game.suits)
        tree = rng.choice(game.permanent_trumps)
        other = rng.choice([c for c in game.deck if c is not tree])
        cards: tuple[Card, ...] = (tree, other) if rng.random() < 0.5 else (other, tree)
    elif SAME_COLOUR in wanted:
        trump, cards = _same_colour_pair(drill, rng)
    else:
        trump, cards = _suit_row(drill, rng, 2)
    if SAME_COLOUR in wanted and not same_colour_tops(game, trump) & set(cards):
        return None
    return OrderVariant(RankingExample(**_meta(drill), trump=trump, cards=cards))


def _same_colour_pair(drill: Drill, rng: random.Random) -> tuple[Suit | None, tuple[Card, ...]]:
    """A top trump of the trump's colour and a card it is easily mistaken against: another
    trump, or (unless the drill asks for the trump suit) a card of the suit its face shows."""
    game = drill.game
    trump = rng.choice(game.suits)
    tops = sorted(same_colour_tops(game, trump), key=str)
    if not tops:
        return trump, ()
    top = rng.choice(tops)
    suit_of = game.table(trump).suit
    others = [c for c in game.deck if c is not top and (suit_of[c] is trump or (
        "trump-suit" not in drill.constraints and suit_of[c] is top.suit))]
    other = rng.choice(others)
    return trump, ((top, other) if rng.random() < 0.5 else (other, top))


def _has_duties(game: GameSpec) -> bool:
    """Whether some card is ever refused: the game's follow rule, or the one once the stock is gone."""
    late = game.procedure.tricks.late_follow
    return game.follow is not FollowRule.NONE or (late is not None and late is not FollowRule.NONE)


def _legal(drill: Drill, rng: random.Random) -> LegalExample | None:
    game = drill.game
    trump = None if game.procedure.without_trump else rng.choice(game.suits)
    rules = game.procedure.rules_of_play
    # a game whose follow rule changes once the stock is gone asks mostly about then
    stock_gone = rng.random() < 0.7 if game.procedure.tricks.late_follow is not None else None
    if rules is not None:
        return _legal_at_a_moment(drill, rng, trump, rules, bool(stock_gone))
    size = rng.randrange(1, max(game.trick_sizes))
    tops = sorted(same_colour_tops(game, trump), key=str) if SAME_COLOUR in drill.constraints else []
    held = [rng.choice(tops)] if tops else []  # the constraint's card, dealt into the hand
    cards = rng.sample([c for c in game.deck if c not in held], size + game.hand_size - len(held))
    hand = cards[size:]
    for card in held:
        hand.insert(rng.randrange(len(hand) + 1), card)
    return _asked(drill, trump, tuple(cards[:size]), tuple(hand),
                  None if stock_gone is None else Moment(stock_gone=stock_gone))


def _legal_at_a_moment(drill: Drill, rng: random.Random, trump: Suit | None, rules: Tricks,
                       stock_gone: bool) -> LegalExample | None:
    """A question in a game whose tricks phase has rules of its own, at a moment a deal reaches:
    the first trick led with the `first_lead` card and clean of the cards a clean first trick
    keeps out, or a later one; on the first trick, half the hands hold none of the suit led, the
    case its rules are about."""
    game = drill.game
    size = rng.randrange(max(game.trick_sizes))
    if rng.random() >= 0.4:
        cards = rng.sample(game.deck, size + game.hand_size)
        return _asked(drill, trump, tuple(cards[:size]), tuple(cards[size:]),
                      Moment(first_trick=False, broken=rng.random() < 0.5, stock_gone=stock_gone))
    lead, scoring = rules.first_lead, game.scoring
    kept_out = scoring.penalty if rules.clean_first_trick and isinstance(scoring, PenaltyPoints) else None
    clean = [card for card in game.deck if kept_out is None or not kept_out(card)]
    if lead is not None and size:
        trick = (lead, *rng.sample([card for card in clean if card != lead], size - 1))
    else:
        trick = tuple(rng.sample(clean, size))
    suit_of = game.table(trump).suit
    pool = [card for card in game.deck if card not in trick and card != lead or not trick and card == lead]
    if trick and rng.random() < 0.5:
        pool = [card for card in pool if suit_of[card] is not suit_of[trick[0]]]
    hand = rng.sample(pool, game.hand_size)
    if lead is not None and not trick and lead not in hand:
        hand[0] = lead
    return _asked(drill, trump, trick, tuple(hand), Moment(first_trick=True, broken=False, stock_gone=stock_gone))


def _asked(drill: Drill, trump: Suit | None, trick: tuple[Card, ...], hand: tuple[Card, ...],
           moment: Moment | None) -> LegalExample | None:
    """The question, if it meets the drill's constraints and some duty or rule is at work: one
    of the duties and rules it names, if it names any, and a top trump of the trump's colour in
    the hand while the suit led is the trump or the suit on that card's face, if it asks for one."""
    legality = legal_plays(drill.game, trump, trick, hand, moment)
    codes = {legality.duty.value, *legality.refused.values()}
    wanted = set(drill.constraints) - {SAME_COLOUR}
    if wanted and not codes & wanted:
        return None
    if SAME_COLOUR in drill.constraints:
        led = drill.game.table(trump).suit[trick[0]] if trick else None
        if led is None or not any(led in (trump, card.suit) for card in same_colour_tops(drill.game, trump) & set(hand)):
            return None
    if legality.duty is Duty.LEAD and not legality.refused or legality.duty is Duty.NONE:
        return None
    return LegalExample(**_meta(drill), trump=trump, trick=trick, hand=hand, moment=moment)


def _forecast_table(drill: Drill, rng: random.Random):
    table = Table.for_game(drill.game, drill.players, drill.team_size)
    dealer = rng.randrange(table.players)
    return table, dealer, NAMES[:table.players]


def _exchange(drill: Drill, rng: random.Random) -> ExchangeVariant:
    table, dealer, seats = _forecast_table(drill, rng)
    seat = rng.choice(forecast_seats(table, dealer))
    forecast, turned = rng.sample(drill.game.deck, 2)
    if rng.random() < 0.5:
        turned = rng.choice([c for c in drill.game.deck if c.suit is forecast.suit and c is not forecast])
    return ExchangeVariant(ForecastExample(**_meta(drill), seats=seats, team_size=drill.team_size,
                                           dealer=dealer, forecasts=((seat, forecast),), turned=turned,
                                           seat=None, hand=()))


def _allowed(drill: Drill, rng: random.Random) -> ForecastExample | None:
    table, dealer, seats = _forecast_table(drill, rng)
    order = forecast_seats(table, dealer)
    position = rng.randrange(len(order))
    seat = order[position]
    earlier_seats = [s for s in order[:position] if rng.random() < 0.7]
    cards = rng.sample(drill.game.deck, len(earlier_seats) + drill.game.hand_size)
    forecasts, suits = [], set()
    for s, card in zip(earlier_seats, cards):
        if card.suit not in suits:
            forecasts.append((s, card))
            suits.add(card.suit)
    if not forecasts:
        return None
    hand = tuple(cards[len(earlier_seats):])
    return ForecastExample(**_meta(drill), seats=seats, team_size=drill.team_size, dealer=dealer,
                           forecasts=tuple(forecasts), turned=None, seat=seat, hand=hand)


def _scoring(drill: Drill, rng: random.Random):
    game = drill.game
    if isinstance(game.scoring, OddTricks):
        return _tally(drill, rng)
    if isinstance(game.scoring, ExactBids):
        return _exact_bids(drill, rng)
    if isinstance(game.scoring, PenaltyPoints):
        return _penalty_deal(drill, rng)
    if isinstance(game.scoring, TrickScoring):
        target, low = game.scoring.round, 2 * min(0, game.scoring.declarers_loss)  # scores below 0 only if a loss writes one
        before = (rng.randrange(low, target), rng.randrange(low, target))
        return TrickScoreVariant(game, rng.randrange(0, game.hand_size + 1), before)
    assert isinstance(game.scoring, VictoryPoints)
    table = Table(drill.players, drill.team_size)
    sides = table.team_count
    cuts = sorted(rng.randrange(0, game.total_points + 1) for _ in range(sides - 1))
    totals = tuple(b - a for a, b in zip([0, *cuts], [*cuts, game.total_points]))
    names = tuple(tuple(NAMES[s] for s in range(table.players) if table.team_of(s) == team)
                  for team in range(sides))
    return VictoryVariant(game, names, totals, drill.team_size)


def _sides(table: Table) -> tuple[tuple[str, ...], ...]:
    """The names of each side's players, sides numbered as the table's teams."""
    return tuple(tuple(NAMES[seat] for seat in range(table.players) if table.team_of(seat) == team)
                 for team in range(table.team_count))


def _tally(drill: Drill, rng: random.Random) -> OddTricksVariant:
    """The tricks of a deal shared out among the sides at random, and running scores before it
    below the target, so that the game is still being played; the engine writes the deal."""
    game, scoring = drill.game, drill.game.scoring
    assert isinstance(scoring, OddTricks)  # the caller's test
    table = Table.for_game(game, drill.players, drill.team_size)
    total = game.hand_size_at(table.players)
    cuts = sorted(rng.randrange(0, total + 1) for _ in range(table.team_count - 1))
    tricks = tuple(b - a for a, b in zip([0, *cuts], [*cuts, total]))
    before = tuple(rng.randrange(0, scoring.target) for _ in range(table.team_count))
    step = game_step(scoring, before, odd_tricks_written(scoring, tricks))
    return OddTricksVariant(game, _sides(table), tricks, before, step)


def _deal_lengths(game: GameSpec, players: int) -> int:
    """Deals in the game's hand-size sequence at a table of `players`; 1 when the hand never changes."""
    return game.procedure.deal.deals(players, len(game.deck)) or 1


def _exact_bids(drill: Drill, rng: random.Random) -> ExactBidsVariant:
    """A deal of the game's hand-size sequence: its tricks shared out among the players at random,
    bids each made or missed by chance (never adding up to the tricks when the dealer is
    restricted), and totals before it; the engine writes the deal."""
    game, scoring = drill.game, drill.game.scoring
    assert isinstance(scoring, ExactBids)  # the caller's test
    players = drill.players
    number = rng.randrange(_deal_lengths(game, players))
    total = game.hand_size_at(players, number)
    cuts = sorted(rng.randrange(0, total + 1) for _ in range(players - 1))
    tricks = tuple(b - a for a, b in zip([0, *cuts], [*cuts, total]))
    restricted = _dealer_restricted(game)
    while True:
        bids = tuple(won if rng.random() < 0.5 else rng.randrange(0, total + 1) for won in tricks)
        if not restricted or sum(bids) != total:
            break
    before = tuple(rng.randrange(0, scoring.bonus * number // 2 + total + 1) for _ in range(players))
    written = exact_bids_written(scoring, bids, tricks)
    after = tuple(b + w for b, w in zip(before, written, strict=True))
    return ExactBidsVariant(game, NAMES[:players], bids, tricks, before, written, after)


def _penalty_deal(drill: Drill, rng: random.Random) -> PenaltyVariant:
    """The cards that cost points shared out among the players at random, one time in eight all
    to one player (the moon, where the scoring reverses it), and totals before it below the
    target; the engine writes the deal."""
    game, scoring = drill.game, drill.game.scoring
    assert isinstance(scoring, PenaltyPoints)  # the caller's test
    players = drill.players
    costly = [card for card in game.deck if scoring.penalty(card)]
    taken: list[list[Card]] = [[] for _ in range(players)]
    everything = rng.randrange(players) if rng.random() < 1 / 8 else None
    for card in costly:
        taken[everything if everything is not None else rng.randrange(players)].append(card)
    before = tuple(rng.randrange(0, scoring.target) for _ in range(players))
    return _penalty_variant(game, scoring, tuple(map(tuple, taken)), before)


def _penalty_variant(game: GameSpec, scoring: PenaltyPoints, taken: tuple[tuple[Card, ...], ...],
                     before: tuple[int, ...], **played) -> PenaltyVariant:
    points = tuple(sum(map(scoring.penalty, cards)) for cards in taken)
    written, moon = penalties_written(scoring, points)
    after = tuple(b + w for b, w in zip(before, written, strict=True))
    over = max(after) >= scoring.target
    lowest = min(after)
    winner = after.index(lowest) if over and after.count(lowest) == 1 else None
    return PenaltyVariant(game, NAMES[:len(taken)], taken, points, moon, before, written, after, over, winner,
                          **played)


def _penalty_games(drill: Drill, rng: random.Random) -> Iterator[PenaltyVariant | None]:
    """Deals of whole games of penalty points (penalties.play_penalty_game), with the costly
    cards each player took, read off the deal's tricks."""
    game, scoring = drill.game, drill.game.scoring
    assert isinstance(scoring, PenaltyPoints)  # the caller's test
    for kept in _seat_game_deals(drill, rng, play_penalty_game, lambda result: True):
        if kept is None:
            yield None
            continue
        played, before, replay = kept
        taken: list[list[Card]] = [[] for _ in before]
        for event in played.deal.log:
            if isinstance(event, events.Trick):
                taken[event.winner] += [card for card in event.plays if scoring.penalty(card)]
        yield _penalty_variant(game, scoring, tuple(map(tuple, taken)), before, number=played.number,
                               dealer=NAMES[played.deal.dealer], replay=replay)


def _seat_game_deals(drill: Drill, rng: random.Random, play, keeps: Callable[[object], bool]):
    """Whole games from seeds of the drill's generator, played by `play` (a game of running totals
    by seat, engine/seat_games.py); each deal whose result `keeps` and that meets the constraints,
    with the totals before it and what replays it (seed, strategy, deal number); None for each
    other deal. Unconstrained, one deal in five is kept, so that questions come from more games."""
    table = Table.for_game(drill.game, drill.players, 1)
    wanted = set(drill.constraints)
    while True:
        seed = rng.getrandbits(32)
        strategy = "sensible" if rng.random() < 0.5 else "random"
        totals = (0,) * table.players
        for played in play(drill.game, table, seed=seed, strategy=strategy):
            before, totals = totals, played.totals
            if (not keeps(played.result) or ("last-deal" in wanted and not played.over)
                    or (not wanted and rng.random() < 0.8)):
                yield None
                continue
            yield played, before, (seed, strategy, played.number)


def _marriage(drill: Drill, rng: random.Random) -> MarriageVariant:
    """A marriage in trump two times in five, else in another suit, shown by a player who has
    taken no trick yet or some; the engine says what it is worth."""
    game = drill.game
    trump = rng.choice(game.suits)
    suit = trump if rng.random() < 0.4 else rng.choice([s for s in game.suits if s is not trump])
    tricks = rng.choice([0, 0, 1, 2, 3])
    return MarriageVariant(game, trump, suit, tricks, marriage_points(game.procedure.tricks, suit, trump))


def _dealer_restricted(game: GameSpec) -> bool:
    phase = game.procedure.find(TrickBids)
    return isinstance(phase, TrickBids) and phase.dealer_restricted


def _dealer_bid(drill: Drill, rng: random.Random) -> DealerBidVariant | None:
    """A deal of the game's hand-size sequence at the drill's table, bid by all but the dealer,
    mostly low so that the bids stay within the tricks as often as not; the engine says what
    the dealer may bid."""
    game, players = drill.game, drill.players
    table = Table.for_game(game, players, 1)
    dealer = rng.randrange(players)
    deal = Deal(game, table, dealer, rng, rng.randrange(_deal_lengths(game, players)))
    while deal.phase != "bid-tricks":
        if deal.is_terminal():
            return None
        deal.apply(rng.choice(deal.legal_actions()))
    tricks = len(deal.hands[dealer])
    order = [(dealer + 1 + k) % players for k in range(players)]
    bids = []
    for seat in order[:-1]:
        assert deal.to_move == seat  # bids go round from the dealer's left
        bid = rng.choice([a for a in deal.legal_actions() if a.tricks <= tricks // 2 + 1])
        deal.apply(bid)
        bids.append(bid.tricks)
    assert deal.to_move == dealer  # the dealer bids last
    allowed = tuple(a.tricks for a in deal.legal_actions() if isinstance(a, BidTricks))
    return DealerBidVariant(game, tuple(NAMES[seat] for seat in order), tuple(bids), tricks, allowed)


def _piles_order(game: GameSpec):
    suits = {suit: k for k, suit in enumerate(game.suits)}
    ranks = {rank: k for k, rank in enumerate(game.plain_order)}
    return lambda card: (suits[card.suit], ranks[card.rank])


def _whole_deals(drill: Drill, rng: random.Random) -> Iterator[DealCountVariant | None]:
    """A20: one whole Albastini deal per try, from the drill's generator; the engine counts it."""
    game = drill.game
    table = Table.for_game(game, drill.players, drill.team_size)
    order = _piles_order(game)
    wanted = set(drill.constraints)
    while True:
        deal = Deal(game, table, rng.randrange(table.players), rng)
        strategy = sensible_strategy if rng.random() < 0.5 else random_strategy
        result = play_out(deal, strategy, rng)
        assert isinstance(result, DealResult)  # a game scored by victory points turns trump up
        outcome = result.victory.outcome
        if (("tie" in wanted and outcome is not Outcome.TIE)
                or ("one-victory-point" in wanted and outcome is not Outcome.WIN)
                or ("two-victory-points" in wanted and outcome is not Outcome.WIN_DOUBLE)):
            yield None
            continue
        sides = tuple(tuple(NAMES[seat] for seat in side) for side in result.sides)
        won = tuple(tuple(sorted(deal.piles[table.team_of(side[0])], key=order)) for side in result.sides)
        yield DealCountVariant(game, sides, won, tuple(sorted(deal.stock, key=order)), result.points,
                               result.victory, min(len(sides), ASKED_SIDES))


def _match_deals(drill: Drill, rng: random.Random) -> Iterator[MatchDealVariant | None]:
    """B19–B21: whole Altbaumer matches from seeds of the drill's generator; each deal of a match
    that meets the constraints is a question, with the scores and rounds the match had before it."""
    game = drill.game
    wanted = set(drill.constraints)
    names = NAMES[:4]
    sides = ((names[0], names[2]), (names[1], names[3]))
    while True:
        seed = rng.getrandbits(32)
        # the sensible players never play alone: solos come from random play
        strategy = "random" if wanted & {"solo", "solo-of-five"} or rng.random() < 0.5 else "sensible"
        scores, rounds = (0, 0), (0, 0)
        for played in play_deals(game, seed=seed, strategy=strategy, match=True):
            before, rounds_before = scores, rounds
            scores, rounds = played.scores, played.rounds
            result, deal = played.result, played.deal
            if isinstance(result, ThrownIn):
                yield None
                continue
            declarers = result.declarers
            solo_of_five = result.solo is not None and result.tricks[declarers] == game.hand_size
            round_winner = next((side for side in (0, 1) if rounds[side] > rounds_before[side]), None)
            if (("solo" in wanted and result.solo is None)
                    or ("solo-of-five" in wanted and not solo_of_five)
                    or ("round-won" in wanted and round_winner is None)
                    or ("match-won" in wanted and played.match_winner is None)
                    or ("decider" in wanted and not played.decider)
                    or (not wanted and rng.random() < 0.5)):  # unconstrained: deals of more matches
                yield None
                continue
            solo = names[result.solo] if result.solo is not None else None
            sitting_out = names[deal.table.partners(result.solo)[0]] if result.solo is not None else None
            assert deal.maker is not None  # a deal scored by tricks has a maker
            yield MatchDealVariant(
                game, sides, result.trump, names[deal.maker], declarers, solo, sitting_out,
                result.tricks, before, rounds_before, played.decider, result.score, played.score_change,
                (before[0] + played.score_change[0], before[1] + played.score_change[1]),
                scores, rounds, round_winner, solo_of_five, played.match_winner,
                replay=(seed, strategy, played.number))


def _game_deals(drill: Drill, rng: random.Random) -> Iterator[OddTricksVariant | None]:
    """Whole games to the target from seeds of the drill's generator (odd_tricks.play_game); each
    deal that meets the constraints is a question, with the scores the game had before it."""
    game = drill.game
    table = Table.for_game(game, drill.players, drill.team_size)
    sides = _sides(table)
    wanted = set(drill.constraints)
    while True:
        seed = rng.getrandbits(32)
        strategy = "sensible" if rng.random() < 0.5 else "random"
        scores = (0,) * table.team_count
        for played in play_game(game, table, seed=seed, strategy=strategy):
            before, scores = scores, played.step.scores
            result = played.result
            if (isinstance(result, ThrownIn)
                    or ("game-won" in wanted and played.step.winner is None)
                    or (not wanted and rng.random() < 0.5)):  # unconstrained: deals of more games
                yield None
                continue
            yield OddTricksVariant(game, sides, result.tricks, before, played.step, dealer=NAMES[played.deal.dealer],
                                   trump=result.trump, turned=played.deal.turned,
                                   replay=(seed, strategy, played.number))


def _bidding_deals(drill: Drill, rng: random.Random) -> Iterator[ExactBidsVariant | None]:
    """Deals of whole games of exact bids (bids.play_bidding_game), a deal thrown in left out."""
    game = drill.game
    names = NAMES[:drill.players]
    length = game.procedure.deal.deals(drill.players, len(game.deck))
    for kept in _seat_game_deals(drill, rng, play_bidding_game, lambda result: isinstance(result, BidsResult)):
        if kept is None:
            yield None
            continue
        played, before, replay = kept
        result = played.result
        yield ExactBidsVariant(game, names, result.bids, result.tricks, before, result.written, played.totals,
                               over=played.over, winner=played.winner, number=played.number, deals=length,
                               dealer=NAMES[played.deal.dealer], trump=result.trump, turned=played.deal.turned,
                               replay=replay)


def _deal_stream(drill: Drill, rng: random.Random) -> Iterator[object | None]:
    streams = {"victory-points": _whole_deals, "tricks": _match_deals, "odd-tricks": _game_deals,
               "exact-bids": _bidding_deals, "penalty-points": _penalty_games}
    return streams[scoring_name(drill.game)](drill, rng)


@dataclass(frozen=True)
class DrillKind:
    """Everything a kind of drill is but its rendering."""

    name: str
    constraints: tuple[str, ...] | Mapping[str, tuple[str, ...]]
    """The constraints it takes; a mapping when they depend on the game's kind of scoring."""
    needs: Callable[[GameSpec], bool]
    """Whether a game has any use for it."""
    make: Callable[[Drill, random.Random], object | None] | None = None
    """One candidate question, or None when the candidate misses a constraint."""
    stream: Callable[[Drill, random.Random], Iterator[object | None]] | None = None
    """Instead of `make`: an endless stream of candidates, one simulated deal each."""
    fields: tuple[str, ...] = ()
    """Which of the drill fields only some kinds read (`SOME_KINDS`) this kind reads."""
    lacks: Callable[[GameSpec], str] = lambda game: "the game does not have what it asks about"
    """Why a game that `needs` refuses has no use for it, and what would give it one."""

    def allowed(self, game: GameSpec) -> tuple[str, ...]:
        """The constraints this game can meet: a tree needs fixed top trumps, a duty the follow
        rule that imposes it."""
        if isinstance(self.constraints, tuple):
            return tuple(c for c in self.constraints if c not in CONSTRAINT_NEEDS or CONSTRAINT_NEEDS[c].test(game))
        return self.constraints.get(scoring_kind(game) or "", ())

    def described(self, game: GameSpec) -> str:
        """"trick", or "Altbaumer deal-scoring" where the constraints are the game's own."""
        return self.name if isinstance(self.constraints, tuple) else f"{game.name} {self.name}"

    def candidates(self, drill: Drill, rng: random.Random) -> tuple[Iterator[object | None], int, str]:
        """The candidates, how many there are at most, and what they are, for the message when
        too few meet the constraints."""
        if self.stream is not None:
            return itertools.islice(self.stream(drill, rng), MAX_DEALS), MAX_DEALS, "simulated deals"
        make = self.make
        assert make is not None  # a kind has one or the other
        return (make(drill, rng) for _ in range(MAX_TRIES)), MAX_TRIES, "tries"


def _always(game: GameSpec) -> bool:
    return True


@dataclass(frozen=True)
class ConstraintNeed:
    """What a game must have for a constraint to be met, and what to tell an author whose game
    has not: a constraint no question can meet would only fail later, as too few questions."""

    test: Callable[[GameSpec], bool]
    lacks: str


TREES = ConstraintNeed(lambda game: bool(game.permanent_trumps),
                       "it has no fixed top trumps; give a top trump a 'card' in game.yml's 'top_trumps' to draw them")

CONSTRAINT_NEEDS: dict[str, ConstraintNeed] = {
    "tree-played": TREES, "trees": TREES, "play-tree": TREES,
    "trump": ConstraintNeed(lambda game: game.follow is FollowRule.SUIT_THEN_TRUMP,
                            "only 'follow: suit-then-trump' makes a player who cannot follow play a trump"),
    "void": ConstraintNeed(lambda game: game.follow is FollowRule.SUIT,
                           "only 'follow: suit' leaves a player who cannot follow free to play any card"),
    SAME_COLOUR: ConstraintNeed(
        lambda game: any(same_colour_tops(game, suit) for suit in game.suits),
        "none of its top trumps is the card of the other suit of the trump's colour; give game.yml's "
        "'top_trumps' one with 'suit: same-colour' (a left bower) to draw them"),
}
"""Constraints only some games can meet, with the test a game must pass."""


SOME_KINDS = ("players", "team_size", "cards")
"""The drill fields that only some kinds read (DrillKind.fields); every kind reads the others."""
TABLE = ("players", "team_size")


def _unscored(game: GameSpec) -> str:
    """Why a game has no scoring drills: it has no `scoring`, or its kind of scoring has no
    questions yet (DEAL_CONSTRAINTS)."""
    if game.scoring is None:
        kinds = list(DEAL_CONSTRAINTS)
        return ("its game.yml has no 'scoring', so no deal of it is ever scored; add a 'scoring' rule "
                f"(kind: {', '.join(kinds[:-1])} or {kinds[-1]}) to game.yml to draw them")
    return (f"these drills are drawn for games scored by victory points, by the tricks of the side that made "
            f"trump, by odd tricks, by exact bids or by penalty points, and {game.name} is scored by "
            f"{game.scoring.scored_by}, which they cannot ask about yet (AUTHORING.md, \"What game.yml can and "
            f"cannot express\")")


def _no_dealer_restriction(game: GameSpec) -> str:
    if game.procedure.find(TrickBids) is None:
        return "its deal has no 'bid-tricks' phase, so nobody bids a number of tricks"
    return ("its 'bid-tricks' phase leaves the dealer free to bid any number; set 'dealer_restricted: true' "
            "in game.yml to draw them")


def _no_forecast(game: GameSpec) -> str:
    return "its deal has no 'forecast' phase; add one between 'deal' and 'turn-up' in game.yml to draw them"


KINDS = {kind.name: kind for kind in (
    DrillKind("trick", ("trump-played", "no-trump", "off-suit-ace", "tree-played", SAME_COLOUR), _always, _trick,
              fields=("players",)),
    DrillKind("strongest", ("trump-suit", "plain-suit"), _always, _strongest, fields=("cards",)),
    DrillKind("card-values", (), lambda game: game.total_points > 0, _value,
              lacks=lambda game: "every card of it is worth 0 points; give the ranks their 'points' in "
                                 "game.yml to draw them"),
    DrillKind("order", ("trump-suit", "plain-suit", "trees", SAME_COLOUR), _always, _order),
    DrillKind("legal", ("follow", "play-tree", "trump", "free", "void", "head", *(rule.value for rule in PlayRule),
                        SAME_COLOUR),
              _has_duties, _legal,
              lacks=lambda game: "any card may be played at any time (follow: none), so every card is always "
                                 "legal; legal drills need a 'follow' other than 'none' in game.yml, or a 'late_follow' "
                                 "on its 'tricks' phase"),
    DrillKind("forecast-exchange", (), lambda game: game.forecast, _exchange, fields=TABLE, lacks=_no_forecast),
    DrillKind("forecast-allowed", (), lambda game: game.forecast, _allowed, fields=TABLE, lacks=_no_forecast),
    DrillKind("scoring", (), lambda game: scoring_kind(game) is not None, _scoring, fields=TABLE, lacks=_unscored),
    DrillKind("deal-scoring", DEAL_CONSTRAINTS,
              lambda game: scoring_kind(game) is not None, stream=_deal_stream, fields=TABLE, lacks=_unscored),
    DrillKind("dealer-bid", (), _dealer_restricted, _dealer_bid, fields=("players",), lacks=_no_dealer_restriction),
    DrillKind("marriage", (), lambda game: game.procedure.tricks.marriage is not None, _marriage,
              lacks=lambda game: "its 'tricks' phase scores no marriage; give 'marriage' and 'trump_marriage' to "
                                 "draw them"),
)}
"""Every kind, in the order the guide and `tutorial-engine new` list them."""
