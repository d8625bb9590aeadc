"""A whole deal of a trump-choice game (Altbaumer B8–B19): the cut with trees taken, dealing
three then two, trump accepted or refused from the talon, discards, solo, five tricks under the
follow duties, and the deal's score.

Seats are numbered in the direction of play (to the right in Altbaumer), so the dealer's
right-hand neighbour is seat dealer + 1 and the left-hand neighbour, who cuts, dealer − 1.
Every decision is an action; shuffling and the cut's depth come from the seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import NamedTuple

from .cards import Card, Suit
from .draw_deal import Play, play_out, random_strategy, seat_plays
from .game import GameSpec, TrickScoring
from .partners import PartnerDraw, draw_for_partners, draw_generator
from .rules import RuleError, allowed_cards, judge_trick
from .scoring import DealScore, match_step, trick_score
from .seating import Table

TRICKS = 5
TABLE = Table(4, 2)


class TakeTree(NamedTuple):
    """The cutter takes (or leaves) the tree exposed at the cut (B8)."""

    seat: int
    take: bool


class ChooseTrump(NamedTuple):
    """The chooser accepts the turned card's suit, or refuses it (B11)."""

    seat: int
    accept: bool


class Discard(NamedTuple):
    seat: int
    card: Card


class Solo(NamedTuple):
    """A member of the declaring pair plays alone, or not (B12)."""

    seat: int
    solo: bool


@dataclass(frozen=True)
class ChoiceResult:
    trump: Suit
    declarers: int
    """Side index: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    solo: int | None
    tricks: tuple[int, int]
    score: DealScore


@dataclass
class TrumpChoiceDeal:
    game: GameSpec
    dealer: int
    rng: random.Random
    log: list[dict] = field(init=False, default_factory=list)
    """Every event of the deal as data, in order."""

    def __post_init__(self) -> None:
        self.table = TABLE
        deck = list(self.game.deck)
        self.rng.shuffle(deck)
        self.cutter = self.table.next(self.dealer, -1)
        self.chooser = self.table.next(self.dealer)
        depth = self.rng.randrange(1, len(deck))
        lifted, rest = deck[:depth], deck[depth:]
        self.exposed = list(reversed(lifted[-2:]))  # the packet's bottom card, then the one above
        self.pack = rest + lifted           # the lifted packet goes under the rest
        self.taken: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(4)]
        self.talon: list[Card] = []
        self.out: list[Card] = []
        """Cards out of play: refused or unturned talon cards and discards (B11)."""
        self.trump: Suit | None = None
        self.turned: Card | None = None
        self.discards_due = 0
        self.solo_asked: list[int] = []
        self.solo: int | None = None
        self.trick: list[Card] = []
        self.played: list[Card] = []
        self.players: list[int] = []
        self.leader = self.chooser
        self._order: list[int] = []
        """The seats of the current trick in playing order, from its leader."""
        self.won = [0, 0]
        self.phase = "cut"
        self._actions: list | None = None
        self._plays: tuple[dict[Card, Play], ...] = seat_plays(self.game, 4)
        self.log.append({"event": "cut", "cutter": self.cutter, "depth": depth})
        self._offer_tree()

    # --- phases ---

    def _tree_on_offer(self) -> Card | None:
        """B8: the exposed card, then the one above it, while they are trees."""
        index = len(self.taken)
        if index < len(self.exposed) and index < 2 and self.exposed[index] in self.game.permanent_trumps:
            return self.exposed[index]
        return None

    def _offer_tree(self) -> None:
        if self._tree_on_offer() is None:
            self._deal()

    def _deal(self) -> None:
        """B9: three then two each, from the chooser on; trees taken shorten the cutter's first packet."""
        pack = [card for card in self.pack if card not in self.taken]
        self.hands[self.cutter].extend(self.taken)
        top = 0
        for size in (3, 2):
            for seat in self.table.order_from(self.chooser):
                count = size - len(self.taken) if size == 3 and seat == self.cutter else size
                self.hands[seat].extend(pack[top:top + count])
                top += count
        self.talon = pack[top:]
        self.phase = "choose"
        self.log.append({"event": "deal", "dealer": self.dealer, "taken": list(self.taken),
                         "hands": [list(hand) for hand in self.hands]})
        self.turned = self.talon.pop(0)
        self.log.append({"event": "turn", "card": self.turned})

    def trump_suit_of(self, card: Card) -> Suit:
        """B11: a turned tree counts as a club (its home suit)."""
        if card in self.game.permanent_trumps:
            assert self.game.permanent_trump_suit is not None  # game.yml requires it with the trees
            return self.game.permanent_trump_suit
        return card.suit

    def _fix_trump(self, cards: list[Card], suit: Suit) -> None:
        self.trump = suit
        self.hands[self.chooser].extend(cards)
        self.discards_due = len(cards)
        self.out.extend(self.talon)
        self.talon = []
        self.phase = "discard"
        self.log.append({"event": "trump", "suit": suit, "taken": list(cards)})

    def _refuse(self, first: Card) -> None:
        """Turn on from `first` until a different suit; all four of one suit make that suit compulsory."""
        first_suit = self.trump_suit_of(first)
        turned = [first]
        while self.talon:
            card = self.talon.pop(0)
            if self.trump_suit_of(card) is not first_suit:
                self.out.extend(turned)
                self._fix_trump([card], self.trump_suit_of(card))
                return
            turned.append(card)
        self._fix_trump(turned, first_suit)

    def _start_play(self) -> None:
        sitting_out = self.table.partners(self.solo)[0] if self.solo is not None else None
        self.players = [seat for seat in range(4) if seat != sitting_out]
        if sitting_out is not None:
            self.out.extend(self.hands[sitting_out])
            self.hands[sitting_out] = []
        self._lead(self.chooser if self.chooser != sitting_out else self._next_active(self.chooser))
        self.phase = "play"

    def _lead(self, leader: int) -> None:
        self.leader = leader
        at = self.players.index(leader)
        self._order = self.players[at:] + self.players[:at]

    def _next_active(self, seat: int) -> int:
        seat = self.table.next(seat)
        while seat not in self.players:
            seat = self.table.next(seat)
        return seat

    # --- the API ---

    @property
    def to_move(self) -> int | None:
        if self.phase == "play":
            return self._order[len(self.trick)]
        if self.phase == "cut":
            return self.cutter
        if self.phase in ("choose", "discard"):
            return self.chooser
        if self.phase == "solo":
            return self.solo_asked[0]
        return None

    def legal_actions(self) -> list:
        """Computed once per turn: strategies ask, then apply checks against the same list."""
        if self._actions is None:
            self._actions = self._legal_actions()
        return self._actions

    def _legal_actions(self) -> list:
        seat = self.to_move
        if seat is None:  # the deal is over
            return []
        if self.phase == "play":
            plays = self._plays[seat]
            return [plays[card] for card in allowed_cards(self.game, self.trump, self.trick, self.hands[seat])]
        if self.phase == "cut":
            return [TakeTree(seat, True), TakeTree(seat, False)]
        if self.phase == "choose":
            return [ChooseTrump(seat, True), ChooseTrump(seat, False)]
        if self.phase == "discard":
            return [Discard(seat, card) for card in self.hands[seat]]
        if self.phase == "solo":
            return [Solo(seat, False), Solo(seat, True)]
        return []

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def apply(self, action) -> None:
        actions = self.legal_actions()
        if action not in actions:  # `in` tries identity first: the strategy's own action is found at once
            raise ValueError(f"{action} is not a legal action now")
        self._actions = None
        kind = type(action)
        if kind is TakeTree:
            tree = self._tree_on_offer()
            assert tree is not None  # the cut phase lasts only while a tree is on offer
            self.log.append({"event": "take-tree", "card": tree, "take": action.take})
            if action.take:
                self.taken.append(tree)
                self._offer_tree()
            else:
                self._deal()
        elif kind is ChooseTrump:
            turned = self.turned
            assert turned is not None  # turned when the deal ended the cut
            self.log.append({"event": "choose", "accept": action.accept})
            if action.accept:
                self._fix_trump([turned], self.trump_suit_of(turned))
            else:
                self._refuse(turned)
        elif kind is Discard:
            self.hands[action.seat].remove(action.card)
            self.out.append(action.card)
            self.log.append({"event": "discard", "seat": action.seat, "card": action.card})
            self.discards_due -= 1
            if self.discards_due == 0:
                self.phase = "solo"
                self.solo_asked = [self.chooser, self.table.partners(self.chooser)[0]]
        elif kind is Solo:
            self.solo_asked.pop(0)
            self.log.append({"event": "solo", "seat": action.seat, "solo": action.solo})
            if action.solo:
                self.solo = action.seat
            if action.solo or not self.solo_asked:
                self._start_play()
        else:
            self.hands[action.seat].remove(action.card)
            self.trick.append(action.card)
            if len(self.trick) == len(self.players):
                self._end_trick()

    def _end_trick(self) -> None:
        verdict = judge_trick(self.game, self.trump, self.trick)
        winner = self._order[verdict.winner]
        self.won[self.table.team_of(winner)] += 1
        self.log.append({"event": "trick", "leader": self.leader, "plays": list(self.trick),
                         "winner": winner, "reason": verdict.reason})
        self.played.extend(self.trick)
        self.trick = []
        self._lead(winner)
        if sum(self.won) == TRICKS:
            self.phase = "over"

    def result(self) -> ChoiceResult:
        if not self.is_terminal():
            raise ValueError("the deal is not over")
        assert self.trump is not None  # fixed before the first trick
        declarers = self.table.team_of(self.chooser)
        return ChoiceResult(trump=self.trump, declarers=declarers, solo=self.solo,
                            tricks=(self.won[0], self.won[1]),
                            score=trick_score(_trick_scoring(self.game), self.won[declarers], TRICKS))


def _trick_scoring(game: GameSpec) -> TrickScoring:
    """B19: a trump-choice deal is scored by its tricks; nothing in game.yml ties the scoring to the deal."""
    if not isinstance(game.scoring, TrickScoring):
        raise RuleError(f"{game.name} has no trick scoring, which scoring a trump-choice deal needs "
                        "(game.yml: scoring kind: tricks)")
    return game.scoring


def places(deal: TrumpChoiceDeal) -> list[Card]:
    """Where every card is now; before the deal, all are still in the pack."""
    if deal.phase == "cut":
        return list(deal.pack)
    cards = [c for hand in deal.hands for c in hand] + deal.talon + deal.out + deal.trick + deal.played
    if deal.phase == "choose":
        assert deal.turned is not None  # turned when the deal ended the cut
        cards.append(deal.turned)
    return cards


def sensible_strategy(state: TrumpChoiceDeal, rng: random.Random):
    """Take trees; accept a suit held twice; discard the weakest plain card; never solo; play
    the cheapest card that wins as the last hand, else the weakest."""
    actions = state.legal_actions()
    kind = type(actions[0])
    if kind is TakeTree:
        return actions[0]
    if kind is ChooseTrump:
        assert state.turned is not None  # turned when the deal ended the cut
        held = sum(1 for c in state.hands[state.chooser] if state.trump_suit_of(c) is state.trump_suit_of(state.turned))
        return actions[0] if held >= 2 else actions[1]
    if kind is Solo:
        return actions[0]
    table = state.game.table(state.trump)

    def strength(card: Card) -> int:
        return table.trump_strength.get(card, 0) * 100 + table.plain_strength.get(card, 0)

    if kind is Play and len(state.trick) + 1 == len(state.players):
        winners = [a for a in actions if judge_trick(state.game, state.trump, [*state.trick, a.card]).winner
                   == len(state.trick)]
        if winners:
            return min(winners, key=lambda a: strength(a.card))
    return min(actions, key=lambda a: strength(a.card))


STRATEGIES = {"random": random_strategy, "sensible": sensible_strategy}


@dataclass(frozen=True)
class MatchDeal:
    number: int
    deal: TrumpChoiceDeal
    result: ChoiceResult
    score_change: tuple[int, int]
    scores: tuple[int, int]
    rounds: tuple[int, int]
    decider: bool
    match_winner: int | None
    draw: PartnerDraw | None
    """B7: the draw that seated the players, on the first deal; None on the others."""


def play_deals(game: GameSpec, *, seed: int, strategy: str = "random", deals: int = 1,
               match: bool = False):
    """The draw for partners (B7), then consecutive deals (B10: the deal passes to the right);
    with `match`, until the match is won. Seat 0, the holder of 9♣, deals first.

    B19 scores each deal; B20: the first side to reach the round target wins the round and both
    scores go back to 0, and a solo of five wins the round at once; B21: two rounds win the
    match, and at one round all a single deal decides it: three tricks win, nothing is written.
    """
    draw = draw_for_partners(game, draw_generator(seed))
    rng = random.Random(seed)
    choose = STRATEGIES[strategy]
    scoring = _trick_scoring(game)
    scores, rounds, dealer = (0, 0), (0, 0), 0
    number = 0
    while True:
        number += 1
        deal = TrumpChoiceDeal(game, dealer, rng)
        result = play_out(deal, choose, rng)
        step = match_step(scoring, scores, rounds, result.declarers, result.tricks, result.solo is not None)
        scores, rounds = step.scores, step.rounds
        yield MatchDeal(number, deal, result, step.written, scores, rounds, step.decider, step.match_winner,
                        draw if number == 1 else None)
        if step.match_winner is not None and match:
            return
        dealer = (dealer + 1) % 4
        if not match and number >= deals:
            return


def match_json(played: MatchDeal) -> dict:
    """One deal for scripts; the first also holds the draw: each player's nine, by player in the
    order they sat down, and the player at each seat."""
    result = played.result
    data = {"dealer": played.deal.dealer, "trump": str(result.trump), "declarers": result.declarers,
            "solo": result.solo, "tricks": list(result.tricks), "score_change": list(played.score_change),
            "scores": list(played.scores), "rounds": list(played.rounds), "decider": played.decider,
            "match_winner": played.match_winner}
    if played.draw is not None:
        data["draw"] = {"nines": [str(card) for card in played.draw.nines], "seats": list(played.draw.seats)}
    return data


def describe_draw(draw: PartnerDraw) -> list[str]:
    """B7 in two lines: who received which nine, then who sits where."""
    nines = draw.nines
    return ["Draw for partners: " + ", ".join(f"player {p} gets {card}" for p, card in enumerate(nines)),
            "  " + ", ".join(f"seat {seat}: player {p} ({nines[p]}{', deals first' if seat == 0 else ''})"
                             for seat, p in enumerate(draw.seats))]


def describe_match_deal(played: MatchDeal) -> list[str]:
    deal, result = played.deal, played.result
    lines = describe_draw(played.draw) if played.draw is not None else []
    lines.append(f"Deal {played.number}: seat {deal.dealer} deals; sides 0+2 against 1+3"
                 + (" (the deciding deal)" if played.decider else ""))
    for event in deal.log:
        kind = event["event"]
        if kind == "take-tree":
            lines.append(f"  seat {deal.cutter} {'takes' if event['take'] else 'leaves'} the tree {event['card']}")
        elif kind == "deal":
            for seat, hand in enumerate(event["hands"]):
                lines.append(f"  seat {seat} holds {' '.join(map(str, hand))}")
        elif kind == "turn":
            lines.append(f"  {event['card']} is turned from the talon")
        elif kind == "choose":
            lines.append(f"  seat {deal.chooser} {'accepts' if event['accept'] else 'refuses'}")
        elif kind == "trump":
            lines.append(f"  {event['suit']} is trump; seat {deal.chooser} takes {' '.join(map(str, event['taken']))}"
                         " and discards as many cards")
        elif kind == "solo" and event["solo"]:
            lines.append(f"  seat {event['seat']} plays alone; the partner's hand is laid aside")
        elif kind == "trick":
            lines.append(f"  seat {event['leader']} leads: {' '.join(map(str, event['plays']))} → seat "
                         f"{event['winner']} takes it ({event['reason'].value})")
    lines.append(f"  tricks 0+2: {result.tricks[0]}, 1+3: {result.tricks[1]}; written {list(played.score_change)};"
                 f" scores {list(played.scores)}; rounds {list(played.rounds)}"
                 + (f"; side {played.match_winner} wins the match" if played.match_winner is not None else ""))
    return lines
