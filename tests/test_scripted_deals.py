"""Scripted deals with hand-checked expected results for each variant.

Every test stacks the deck with `StackedRandom` (its `shuffle` lays out a chosen order, its
`randrange` gives a chosen cut), plays scripted actions through the state machines' public API
(`legal_actions` / `apply`) and compares with results worked out by hand from the facts in
examples/albastini/facts.md (A1–A20) and examples/altbaumer/facts.md (B1–B21). No expected value
here was copied from the engine's output; the comments give the reasoning with fact numbers.

Seats are numbered in the direction of play (see seating.py), so "the next player" is seat + 1.
Two dealing conventions the facts leave open are the engine's; the stacking helpers follow
them, and every test first checks the hands after dealing:

- Albastini (A7 says only "gives every player five cards"): one packet of five per player,
  starting with the dealer's next player; the stock follows, its top card first.
- Altbaumer (B9: "first three and then two"): packets from the chooser (the dealer's right-hand
  neighbour, the next in the direction of play) on; the cut puts the lifted packet under the rest,
  so the exposed card (B8: the bottom card of the lifted packet) is the bottom card of the pack.

To keep the hand-checking short, the longer Albastini deals are built so that while the stock
lasts every player plays, in each trick, the card drawn after the trick before (so a row's draws
are the next row's cards, in the next leader's order), keeping four dealt cards for the last five
tricks; the Altbaumer deals give each trick a plain reason (one trump lead, one duty, ...).
"""

from __future__ import annotations

import random
import types
from collections import deque
from dataclasses import dataclass
from typing import NamedTuple

import pytest

from tutorial_engine.engine import events, match
from tutorial_engine.engine.cards import Card, Suit, parse_cards
from tutorial_engine.engine.deal import ChooseTrump, Deal, Solo, TakeTree
from tutorial_engine.engine.game import Direction
from tutorial_engine.engine.match import PAIRS, play_deals
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.simulate import next_dealer

SPADES, HEARTS, DIAMONDS, CLUBS = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def card(text: str) -> Card:
    return Card.parse(text)


# --- stacking and scripting -------------------------------------------------------------------


class StackedRandom(random.Random):
    """A generator that decides nothing: each `shuffle` lays out the next given deck order, each
    `randrange` gives the next given cut depth and each `choice` picks the action named by the
    next given token (for `play_deals`, whose random strategy asks `rng.choice`). Any other
    use of randomness fails, so nothing in a scripted deal is left to chance."""

    def __init__(self, decks=(), cuts=(), choices=()):
        super().__init__(0)
        self.decks = deque(decks)
        self.cuts = deque(cuts)
        self.choices = deque(choices)

    def shuffle(self, x):
        assert self.decks, "the engine shuffled more often than scripted"
        order = self.decks.popleft()
        assert len(order) == len(x) and set(order) == set(x), "the stacked deck is not the game's deck"
        x[:] = order

    def randrange(self, start, stop=None, step=1):
        assert self.cuts, "the engine asked for more cut depths than scripted"
        depth = self.cuts.popleft()
        assert start <= depth < stop, f"cut depth {depth} outside [{start}, {stop})"
        return depth

    def choice(self, seq):
        assert self.choices, "the engine asked for more actions than scripted"
        return choose(seq, self.choices.popleft())

    def random(self):
        raise AssertionError("unscripted use of randomness")

    def getrandbits(self, k):
        raise AssertionError("unscripted use of randomness")


_WORDS = {TakeTree: ("take", "leave"), ChooseTrump: ("accept", "refuse"), Solo: ("solo", "pass")}


def name(action) -> str:
    """An action as a script token: its card (a play, forecast or discard), "pass" for no
    forecast or no solo, "take"/"leave" a tree, "accept"/"refuse" the turned suit."""
    words = _WORDS.get(type(action))
    if words is not None:
        return words[0] if action[1] else words[1]
    return "pass" if action.card is None else str(action.card)


def choose(actions, token: str):
    """The legal action named `token`; a clear failure when the script asks for an illegal one."""
    for action in actions:
        if name(action) == token:
            return action
    pytest.fail(f"{token!r} is not a legal action now; legal: {' '.join(map(name, actions)) or 'none'}")


def act(state, script: str) -> None:
    """Apply the actions named in `script` (tokens separated by spaces), each by whoever is to move."""
    for token in script.split():
        state.apply(choose(state.legal_actions(), token))


def legal(state) -> set[str]:
    return {name(action) for action in state.legal_actions()}


def hands(state) -> dict[int, set[Card]]:
    return {seat: set(hand) for seat, hand in enumerate(state.hands)}


def expected_hands(text_by_seat: dict[int, str]) -> dict[int, set[Card]]:
    return {seat: set(cards(text)) for seat, text in sorted(text_by_seat.items())}


def last_events(state, start: int, kind: type) -> list:
    return [event for event in state.log[start:] if isinstance(event, kind)]


# --- Albastini --------------------------------------------------------------------------------


class Trick(NamedTuple):
    plays: str
    """Leader first, in the direction of play."""
    winner: int
    points: int
    draws: str = ""
    """A16: the trick winner draws first, then each player in the direction of play."""


@dataclass(frozen=True)
class DrawScript:
    players: int
    team_size: int
    dealer: int
    dealt: dict[int, str]
    turned: str
    forecasts: str
    """A8: one token per forecaster, in turn from the dealer's next player ("pass" or a card)."""
    tricks: tuple[Trick, ...]

    def deck(self) -> list[Card]:
        """A7 as the engine deals it (packets of five from the dealer's next player on), then the
        turned card (A9: the top of the stock), then the stock in the order it is drawn. Drawn
        cards already placed are skipped: the indicator (the turned card, or a forecast card
        after an exchange) is drawn from the bottom of the stock (A11, A16)."""
        order = [(self.dealer + k) % self.players for k in range(1, self.players + 1)]
        deck = [c for seat in order for c in cards(self.dealt[seat])] + [card(self.turned)]
        deck += [c for trick in self.tricks for c in cards(trick.draws) if c not in deck]
        assert len(deck) == 36 == len(set(deck)), "the script does not use each card once"
        return deck

    def start(self, game) -> Deal:
        deal = Deal(game, Table(self.players, self.team_size), self.dealer,
                           StackedRandom([self.deck()]))
        assert hands(deal) == expected_hands(self.dealt)
        return deal


def play_drawing_tricks(deal: Deal, tricks, leader: int) -> None:
    """Play the rows in turn and check each: who leads (A12, A15), who wins and the points (A14,
    A3), and the draws after it, the winner first and then in the direction of play (A16)."""
    players = deal.table.players
    for number, row in enumerate(tricks, 1):
        assert deal.to_move == leader, f"trick {number}: seat {leader} should lead"
        start = len(deal.log)
        act(deal, row.plays)
        [trick] = last_events(deal, start, events.Trick)
        assert (trick.winner, trick.points) == (row.winner, row.points), f"trick {number}"
        drawers = [(row.winner + k) % players for k in range(players)] if row.draws else []
        draws = [(event.seat, event.card) for event in last_events(deal, start, events.Draw)]
        assert draws == list(zip(drawers, cards(row.draws))), f"drawing after trick {number}"
        leader = row.winner
    assert deal.is_terminal()


TWO_PLAYERS = DrawScript(
    players=2, team_size=1, dealer=0,
    dealt={1: "5♥ 3♣ 3♠ 4♠ 5♠", 0: "4♣ 7♣ 3♦ 4♦ 5♦"},
    turned="3♥", forecasts="5♥",
    tricks=(
        # Hearts are trump. Seat 1 leads (A12) with the 3♥ it took in the exchange (A10).
        Trick("3♥ 4♣", 1, 0, "A♠ A♣"),    # A14: the only trump
        Trick("A♠ A♣", 1, 22, "6♠ 4♥"),   # A14: another plain suit never wins, not even an ace
        Trick("6♠ 4♥", 0, 0, "A♦ 7♠"),    # trumped; A16: seat 0 won, so seat 0 draws first
        Trick("A♦ 7♠", 0, 21, "K♦ A♥"),   # A15: the winner leads; 7♠ is off-suit; 11 + 10
        Trick("K♦ A♥", 1, 15, "K♠ 7♦"),   # trumped: 4 + 11
        Trick("K♠ 7♦", 1, 14, "J♠ Q♠"),   # 4 + 10
        Trick("J♠ Q♠", 1, 5, "Q♣ K♣"),    # A2: the jack beats the queen; 3 + 2
        Trick("Q♣ K♣", 0, 6, "J♣ 6♣"),    # K above Q; 2 + 4
        Trick("J♣ 6♣", 0, 3, "5♣ 6♥"),
        Trick("5♣ 6♥", 1, 0, "K♥ Q♥"),    # trumped
        Trick("K♥ Q♥", 1, 6, "J♥ J♦"),
        Trick("J♥ J♦", 1, 6, "Q♦ 6♦"),
        # The 13th and last drawing round (A17); the indicator 5♥ goes to the last drawer (A16).
        Trick("Q♦ 6♦", 1, 2, "7♥ 5♥"),
        # No more drawing: each plays out the five cards in hand.
        Trick("3♣ 7♣", 0, 10),            # A2: the seven is second highest
        Trick("5♥ 7♥", 1, 10),            # the 7♥ beats the indicator 5♥ it was exchanged for
        Trick("3♠ 3♦", 1, 0),
        Trick("4♠ 4♦", 1, 0),
        Trick("5♠ 5♦", 1, 0),
    ),
)


def test_two_players_a10_forced_exchange_and_a16_the_winner_draws_first(albastini):
    script = TWO_PLAYERS
    deal = script.start(albastini)
    # A8: the dealer never forecasts; with two players only the non-dealer may.
    assert deal.to_move == 1
    assert legal(deal) == {"pass", "5♥", "3♣", "3♠", "4♠", "5♠"}
    act(deal, script.forecasts)
    # A9, A10 (E4): forecast 5♥, turned 3♥: the forecaster must take the lower 3♥, and the
    # 5♥ becomes the indicator, the last card of the stock (A11).
    assert deal.turned == card("3♥") and deal.trump is HEARTS
    assert deal.indicator == card("5♥") and deal.stock[-1] == card("5♥")
    assert set(deal.hands[1]) == set(cards("3♥ 3♣ 3♠ 4♠ 5♠"))
    assert len(deal.stock) == 26                                       # A17
    play_drawing_tricks(deal, script.tricks, leader=1)
    result = deal.result()
    assert result.trick_count == 18 and result.indicator_taker == 0    # A17, A16
    # A19: seat 0 won tricks 3, 4, 8, 9 and 14: 0 + 21 + 6 + 3 + 10 = 40; seat 1 the rest.
    assert result.sides == ((0,), (1,)) and result.points == (40, 80)
    # A20: seat 1 wins; the loser has 40, not under 10: one victory point.
    assert (result.victory.winner, result.victory.points) == (1, 1)


THREE_PLAYERS = DrawScript(
    # A11a's table: A (seat 2) deals, B (seat 0) forecasts 4♣, C (seat 1) holds J♣ 3♣ 7♦ A♠ Q♠.
    players=3, team_size=1, dealer=2,
    dealt={0: "A♥ 4♣ 5♠ 4♠ 3♥", 1: "J♣ 3♣ 7♦ A♠ Q♠", 2: "3♦ Q♦ 7♣ 6♣ 5♣"},
    turned="K♦", forecasts="4♣ pass",
    tricks=(
        # Diamonds are trump; seat 0 leads (A12: the next player after the dealer).
        Trick("A♥ Q♠ 3♦", 2, 13, "7♥ K♥ 4♥"),   # A14: the only trump; 11 + 2 + 0
        Trick("7♥ K♥ 4♥", 2, 14, "3♠ 6♠ 5♦"),   # A2: 7 above K; 10 + 4
        Trick("3♠ 6♠ 5♦", 1, 0, "K♠ J♥ 7♠"),    # trumped; A16: seat 1 draws first
        Trick("K♠ J♥ 7♠", 0, 17, "J♠ Q♥ 4♦"),   # 7♠ above K♠, J♥ off-suit; 4 + 3 + 10
        Trick("J♠ Q♥ 4♦", 2, 5, "A♣ 6♦ K♣"),    # trumped; 3 + 2
        Trick("A♣ 6♦ K♣", 0, 15, "Q♣ J♦ A♦"),   # trumped; 11 + 4
        # The 7th and last drawing round (A17): the indicator K♦ goes to seat 1, drawing last.
        Trick("Q♣ J♦ A♦", 2, 16, "5♥ 6♥ K♦"),   # A♦ over J♦; 2 + 3 + 11
        Trick("7♣ 4♣ 3♣", 2, 10),
        Trick("6♣ 5♠ 7♦", 1, 10),
        Trick("A♠ 5♣ 4♠", 1, 11),
        Trick("J♣ Q♦ 3♥", 2, 5),                 # trumped; 3 + 2
        Trick("5♥ 6♥ K♦", 1, 4),                 # the indicator, drawn last, takes the last trick
    ),
)


def check_three_player_deal(game) -> None:
    script = THREE_PLAYERS
    deal = script.start(game)
    assert deal.to_move == 0                          # A8: forecasts start after the dealer
    act(deal, "4♣")
    # A11a: clubs are taken, so C may forecast only the 7♦, the A♠ or the Q♠ (or nothing).
    assert deal.to_move == 1 and legal(deal) == {"pass", "7♦", "A♠", "Q♠"}
    act(deal, "pass")
    # A9: K♦ sets diamonds; A10: B's 4♣ is not of the trump suit and goes back to B's hand;
    # A11: the turned K♦ itself is the indicator, at the bottom of the stock.
    assert deal.turned == card("K♦") and deal.trump is DIAMONDS and deal.indicator == card("K♦")
    assert set(deal.hands[0]) == set(cards("A♥ 4♣ 5♠ 4♠ 3♥")) and deal.stock[-1] == card("K♦")
    assert len(deal.stock) == 21                                        # A17
    play_drawing_tricks(deal, script.tricks, leader=0)
    result = deal.result()
    assert result.trick_count == 12 and result.indicator_taker == 1     # A17, A16
    # Seat 0: 17 + 15 = 32; seat 1: 0 + 10 + 11 + 4 = 25; seat 2: 13 + 14 + 5 + 16 + 10 + 5 = 63.
    assert result.points == (32, 25, 63) and sum(result.points) == 120
    # A20: seat 2 wins; nobody is under 10: one victory point.
    assert (result.victory.winner, result.victory.points) == (2, 1)


def test_three_players_a11a_forecasts_differ_and_a10_a_forecast_goes_back(albastini):
    check_three_player_deal(albastini)


def test_a5_counterclockwise_is_the_same_deal_in_playing_order(albastini):
    """A5: the direction is a rule parameter. `Table` has no direction: seats are numbered in the
    direction of play, so the counter-clockwise variant must play the very same scripted deal
    (seat 1 is then the dealer's right-hand neighbour instead of the left-hand one)."""
    variant = albastini.with_variant("counterclockwise")
    assert variant.direction is Direction.COUNTERCLOCKWISE and albastini.direction is Direction.CLOCKWISE
    check_three_player_deal(variant)


FOUR_PLAYERS = DrawScript(
    players=4, team_size=1, dealer=1,
    dealt={2: "A♠ 5♠ 4♣ 6♣ J♦", 3: "4♠ 3♠ 6♦ 4♦ 3♦", 0: "6♥ A♥ 7♥ K♥ 5♥", 1: "7♠ J♥ Q♥ K♦ J♣"},
    turned="3♥", forecasts="5♠ pass 6♥",
    tricks=(
        # Hearts are trump; seat 2 leads (A12); seat 0 plays the 3♥ of its exchange (A10).
        Trick("A♠ 4♠ 3♥ 7♠", 0, 21, "K♣ A♣ Q♣ 3♣"),   # trumped; 11 + 10
        Trick("K♣ A♣ Q♣ 3♣", 1, 17, "7♦ A♦ 5♦ 4♥"),   # 4 + 11 + 2
        Trick("7♦ A♦ 5♦ 4♥", 0, 21, "J♠ Q♠ K♠ 6♠"),   # trumped; 10 + 11
        # The 4th and last drawing round (A17): seat 2 won, so seat 1 draws last: the 6♥.
        Trick("J♠ Q♠ K♠ 6♠", 2, 9, "Q♦ 5♣ 7♣ 6♥"),    # K above J above Q (A2); 3 + 2 + 4
        Trick("J♦ 3♦ 5♥ K♦", 0, 7),                    # trumped; 3 + 4
        Trick("A♥ 6♥ 4♣ 4♦", 0, 11),
        Trick("7♥ Q♥ 6♣ 6♦", 0, 12),
        Trick("7♣ J♣ Q♦ 5♣", 0, 15),                   # Q♦ is off-suit; 10 + 3 + 2
        Trick("K♥ J♥ 5♠ 3♠", 0, 7),
    ),
)


def test_four_players_individually_a20_any_player_under_10_doubles(albastini):
    script = FOUR_PLAYERS
    deal = script.start(albastini)
    act(deal, "5♠ pass")
    # A8: every opponent of the dealer forecasts in turn; seat 0 may not name spades again.
    assert deal.to_move == 0 and "5♠" not in legal(deal) and "6♥" in legal(deal)
    act(deal, "6♥")
    # A10: turned 3♥: seat 0's 6♥ is exchanged for it, seat 2's 5♠ goes back to hand.
    assert deal.trump is HEARTS and deal.indicator == card("6♥") and deal.stock[-1] == card("6♥")
    assert card("3♥") in deal.hands[0] and card("5♠") in deal.hands[2]
    assert len(deal.stock) == 16                                        # A17
    play_drawing_tricks(deal, script.tricks, leader=2)
    result = deal.result()
    assert result.trick_count == 9 and result.indicator_taker == 1      # A17, A16
    # Seat 0: 21 + 21 + 7 + 11 + 12 + 15 + 7 = 94; seat 1: 17; seat 2: 9; seat 3: nothing.
    assert result.points == (94, 17, 9, 0)
    # A20: seat 0 wins two points: a player (seat 2 with 9, and seat 3) has fewer than 10.
    assert (result.victory.winner, result.victory.points) == (0, 2)


FOUR_IN_PAIRS = DrawScript(
    players=4, team_size=2, dealer=3,
    dealt={0: "A♥ 3♣ 4♦ K♣ A♦", 1: "3♥ 3♦ 5♦ 6♥ 7♠", 2: "K♥ A♣ Q♠ 5♣ J♦", 3: "4♥ Q♦ K♠ J♠ A♠"},
    turned="7♣", forecasts="pass pass",
    tricks=(
        # Clubs are trump; seat 0 leads (A12). Sides: seats 0+2 against 1+3 (A4).
        Trick("A♥ 3♥ K♥ 4♥", 0, 15, "7♦ 4♣ 6♦ K♦"),   # 11 + 4
        Trick("7♦ 4♣ 6♦ K♦", 1, 14, "3♠ 5♠ 6♠ 4♠"),   # trumped; 10 + 4
        Trick("3♠ 5♠ 6♠ 4♠", 3, 0, "J♥ Q♥ 5♥ 7♥"),
        # The last drawing round: seat 2 won, so seat 1 draws last and takes the indicator 7♣.
        Trick("J♥ Q♥ 5♥ 7♥", 2, 15, "Q♣ 6♣ J♣ 7♣"),   # 3 + 2 + 10
        Trick("A♣ Q♦ 3♣ 7♣", 2, 23),                   # the A♣ catches the indicator; 11 + 2 + 10
        Trick("Q♠ K♠ 4♦ 3♦", 3, 6),                    # 2 + 4
        Trick("J♠ K♣ 5♦ 5♣", 0, 7),                    # trumped; 3 + 4
        Trick("A♦ 6♥ J♦ A♠", 0, 25),                   # A♠ off-suit; 11 + 3 + 11
        Trick("J♣ 7♠ Q♣ 6♣", 0, 15),                   # A2: J♣ above Q♣; 3 + 10 + 2
    ),
)


def test_four_in_pairs_a8_the_dealers_partner_never_forecasts_a20_exactly_20_gives_one(albastini):
    script = FOUR_IN_PAIRS
    deal = script.start(albastini)
    # A8: dealer 3's partner is seat 1 (opposite, A4): only seats 0 and 2 are asked.
    asked = []
    while deal.trump is None:
        asked.append(deal.to_move)
        act(deal, "pass")
    assert asked == [0, 2]
    # A9, A11: no forecast, so the turned 7♣ itself is the indicator at the bottom of the stock.
    assert deal.trump is CLUBS and deal.indicator == card("7♣") and deal.stock[-1] == card("7♣")
    play_drawing_tricks(deal, script.tricks, leader=0)
    result = deal.result()
    assert result.indicator_taker == 1                                  # A16
    # A15, A19: one pile per team. 0+2: 15 + 15 + 23 + 7 + 25 + 15 = 100; 1+3: 14 + 0 + 6 = 20.
    assert result.sides == ((0, 2), (1, 3)) and result.points == (100, 20)
    # A20: exactly 20 is not under the threshold of 20: one victory point.
    assert (result.victory.winner, result.victory.points) == (0, 1)


FIVE_PLAYERS = DrawScript(
    players=5, team_size=1, dealer=4,
    dealt={0: "7♥ 5♣ 6♦ 4♥ 6♥", 1: "K♥ 6♣ 3♦ 5♥ Q♣", 2: "3♥ A♣ 7♣ K♣ J♣",
           3: "J♥ 3♣ 4♦ 7♠ K♠", 4: "Q♥ 4♣ 5♦ Q♦ J♠"},
    turned="A♠", forecasts="pass 5♥ pass pass",
    tricks=(
        # Spades are trump; seat 0 leads (A12).
        Trick("7♥ K♥ 3♥ J♥ Q♥", 0, 19, "A♦ 7♦ 3♠ K♦ J♦"),   # 10 + 4 + 3 + 2
        # A18: the second and last drawing round; 10 cards drawn, the A♠ stays under.
        Trick("A♦ 7♦ 3♠ K♦ J♦", 2, 28, "5♠ 4♠ Q♠ A♥ 6♠"),   # trumped; 11 + 10 + 4 + 3
        Trick("A♣ 3♣ 4♣ 5♣ 6♣", 2, 11),
        Trick("7♣ 4♦ 5♦ 6♦ 3♦", 2, 10),
        Trick("K♣ 7♠ Q♦ 4♥ 5♥", 3, 16),                       # trumped; 4 + 10 + 2
        Trick("K♠ J♠ 6♥ Q♣ J♣", 3, 12),                       # K♠ over J♠; 4 + 3 + 2 + 3
        Trick("4♠ Q♠ A♥ 6♠ 5♠", 4, 13),                       # Q♠ the highest trump; 2 + 11
    ),
)


def test_five_players_a18_the_indicator_is_never_drawn(albastini):
    script = FIVE_PLAYERS
    deal = script.start(albastini)
    act(deal, script.forecasts)
    # A10: the 5♥ forecast does not match the turned A♠ and goes back to seat 1.
    assert deal.trump is SPADES and deal.indicator == card("A♠") and card("5♥") in deal.hands[1]
    assert len(deal.stock) == 11                                        # A18
    play_drawing_tricks(deal, script.tricks, leader=0)
    result = deal.result()
    # A18: 7 tricks of 35 cards; the A♠ is never drawn and counts for nobody.
    assert result.trick_count == 7 and result.indicator_taker is None
    assert deal.stock == [card("A♠")]
    # Seat 0: 19; seat 2: 28 + 11 + 10 = 49; seat 3: 16 + 12 = 28; seat 4: 13; 120 − 11 = 109.
    assert result.points == (19, 0, 49, 28, 13) and sum(result.points) == 109
    assert (result.victory.winner, result.victory.points) == (2, 2)     # A20: seat 1 has 0


SIX_PLAYERS = DrawScript(
    players=6, team_size=1, dealer=5,
    dealt={0: "K♠ J♥ J♣ 6♣ 5♠", 1: "A♠ Q♥ Q♣ 5♣ J♦", 2: "Q♠ 6♥ 7♦ K♦ Q♦",
           3: "3♦ A♥ A♣ 5♥ 4♣", 4: "J♠ 7♥ 7♣ 4♥ 3♣", 5: "7♠ K♥ K♣ 3♥ 6♠"},
    turned="A♦", forecasts="pass Q♣ pass 3♦ pass",
    tricks=(
        # Diamonds are trump; seat 3 plays the A♦ it had to take for its 3♦ (A10).
        # A17: the one drawing round: seat 3 won, so seat 2 draws last and takes the 3♦.
        Trick("K♠ A♠ Q♠ A♦ J♠ 7♠", 3, 41, "6♦ 5♦ 4♦ 4♠ 3♠ 3♦"),   # 4 + 11 + 2 + 11 + 3 + 10
        Trick("A♥ 7♥ K♥ J♥ Q♥ 6♥", 3, 30),
        Trick("A♣ 7♣ K♣ J♣ Q♣ 3♦", 2, 30),                          # the indicator trumps
        Trick("7♦ 5♥ 4♥ 3♥ 6♣ 5♣", 2, 10),
        Trick("K♦ 4♣ 3♣ 6♠ 5♠ J♦", 2, 7),                           # K♦ over J♦; 4 + 3
        Trick("Q♦ 6♦ 5♦ 4♦ 4♠ 3♠", 2, 2),
    ),
)


def test_six_players_individually_a17_one_drawing_round(albastini):
    script = SIX_PLAYERS
    deal = script.start(albastini)
    act(deal, "pass Q♣ pass")
    # A8: forecasts must differ: clubs are taken, so seat 3 may not lay the A♣ or the 4♣.
    assert deal.to_move == 3 and legal(deal) == {"pass", "3♦", "A♥", "5♥"}
    act(deal, "3♦ pass")
    # A10: the turned A♦ must be exchanged for the 3♦, which becomes the indicator; Q♣ goes back.
    assert deal.trump is DIAMONDS and deal.indicator == card("3♦")
    assert card("A♦") in deal.hands[3] and card("Q♣") in deal.hands[1]
    assert len(deal.stock) == 6                                         # A17
    play_drawing_tricks(deal, script.tricks, leader=0)
    result = deal.result()
    assert result.trick_count == 6 and result.indicator_taker == 2      # A17, A16
    # Seat 3: 41 + 30 = 71; seat 2: 30 + 10 + 7 + 2 = 49; the rest nothing.
    assert result.points == (0, 0, 49, 71, 0, 0)
    assert (result.victory.winner, result.victory.points) == (3, 2)     # A20


SIX_IN_PAIRS = DrawScript(
    players=6, team_size=2, dealer=2,
    dealt={3: "A♥ A♠ A♦ 5♠ 3♥", 4: "7♥ 7♠ 7♦ 4♠ 5♦", 5: "K♥ K♠ K♦ 3♠ 4♦",
           0: "J♥ J♠ Q♦ 6♣ 4♥", 1: "Q♥ Q♠ J♣ A♣ J♦", 2: "6♥ 6♠ 6♦ K♣ 7♣"},
    turned="5♣", forecasts="pass pass pass pass",
    tricks=(
        # Clubs are trump; seat 3 leads (A12). Pairs sit opposite: 0+3, 1+4, 2+5 (A4).
        # The one drawing round: seat 3 won, so seat 2 draws last and takes the indicator 5♣.
        Trick("A♥ 7♥ K♥ J♥ Q♥ 6♥", 3, 30, "3♦ 5♥ Q♣ 4♣ 3♣ 5♣"),
        Trick("A♠ 7♠ K♠ J♠ Q♠ 6♠", 3, 30),
        Trick("A♦ 7♦ K♦ Q♦ J♣ 6♦", 1, 30),        # trumped by the J♣
        Trick("A♣ 5♣ 5♠ 4♠ 3♠ 6♣", 1, 11),
        Trick("J♦ K♣ 3♥ 5♦ 4♦ 4♥", 2, 7),         # trumped; 3 + 4
        Trick("7♣ 3♦ 5♥ Q♣ 4♣ 3♣", 2, 12),        # the A♣ is gone: 7♣ is the highest trump; 10 + 2
    ),
)


def test_six_in_pairs_a8_opponents_forecast_a20_a_pair_under_20_doubles(albastini):
    script = SIX_IN_PAIRS
    deal = script.start(albastini)
    asked = []
    while deal.trump is None:
        asked.append(deal.to_move)
        act(deal, "pass")
    assert asked == [3, 4, 0, 1]          # A8: from the dealer's next player; seat 5 is his partner
    assert deal.trump is CLUBS and deal.indicator == card("5♣")
    play_drawing_tricks(deal, script.tricks, leader=3)
    result = deal.result()
    assert result.indicator_taker == 2
    # 0+3: 30 + 30 = 60; 1+4: 30 + 11 = 41; 2+5: 7 + 12 = 19.
    assert result.sides == ((0, 3), (1, 4), (2, 5)) and result.points == (60, 41, 19)
    # A20: pair 2+5 has fewer than 20: two victory points for 0+3.
    assert (result.victory.winner, result.victory.points) == (0, 2)


SIX_IN_THREES = DrawScript(
    players=6, team_size=3, dealer=0,
    dealt={1: "A♥ 4♠ Q♦ Q♣ 5♦", 2: "K♥ A♠ 3♦ 3♣ 4♦", 3: "J♥ K♠ A♦ A♣ 6♣",
           4: "7♥ J♠ K♦ K♣ 5♠", 5: "Q♥ Q♠ 7♦ 7♣ 3♠", 0: "6♥ J♦ J♣ 6♦ 5♥"},
    turned="7♠", forecasts="4♠ 6♣ pass",
    tricks=(
        # Spades are trump; seat 1 leads (A12). Teams: 0, 2, 4 against 1, 3, 5 (A4).
        # The one drawing round: seat 1 won, so seat 0 draws last and takes the indicator 4♠.
        Trick("A♥ K♥ J♥ 7♥ Q♥ 6♥", 1, 30, "4♥ 3♥ 6♠ 5♣ 4♣ 4♠"),
        Trick("7♠ A♠ K♠ J♠ Q♠ 4♠", 2, 30),        # seat 1's exchanged 7♠ falls to the A♠
        Trick("3♦ A♦ K♦ 7♦ J♦ Q♦", 3, 30),
        Trick("A♣ K♣ 7♣ J♣ Q♣ 3♣", 3, 30),
        Trick("6♠ 5♠ 3♠ 6♦ 5♦ 4♦", 3, 0),
        Trick("6♣ 5♣ 4♣ 5♥ 4♥ 3♥", 3, 0),
    ),
)


def test_six_in_threes_a10_exchange_a20_losing_team_exactly_30_gives_one(albastini):
    script = SIX_IN_THREES
    deal = script.start(albastini)
    assert deal.to_move == 1
    act(deal, "4♠")
    # A8: seat 2 is the dealer's partner and is skipped; seat 3 may not name spades again.
    assert deal.to_move == 3 and "K♠" not in legal(deal) and "6♣" in legal(deal)
    act(deal, "6♣")
    assert deal.to_move == 5
    act(deal, "pass")
    # A10: turned 7♠: seat 1 must take it for its 4♠ (the indicator); seat 3's 6♣ goes back.
    assert deal.trump is SPADES and deal.indicator == card("4♠")
    assert card("7♠") in deal.hands[1] and card("6♣") in deal.hands[3]
    play_drawing_tricks(deal, script.tricks, leader=1)
    result = deal.result()
    assert result.indicator_taker == 0
    # 1+3+5: 30 + 30 + 30 = 90; 0+2+4: 30.
    assert result.sides == ((0, 2, 4), (1, 3, 5)) and result.points == (30, 90)
    # A20: the losing team has exactly 30, not fewer: one victory point.
    assert (result.victory.winner, result.victory.points) == (1, 1)


SIX_IN_THREES_TIED = DrawScript(
    players=6, team_size=3, dealer=0,
    dealt={1: "A♥ A♦ A♣ 6♠ 5♦", 2: "K♥ K♦ 4♠ A♠ 5♠", 3: "J♥ J♦ K♣ K♠ 5♥",
           4: "7♥ 7♦ 7♣ 7♠ 4♥", 5: "Q♥ Q♦ J♣ J♠ 3♥", 0: "6♥ 6♦ Q♣ Q♠ 6♣"},
    turned="3♠", forecasts="pass pass pass",
    tricks=(
        Trick("A♥ K♥ J♥ 7♥ Q♥ 6♥", 1, 30, "3♣ 4♦ 3♦ 5♣ 4♣ 3♠"),
        Trick("A♦ K♦ J♦ 7♦ Q♦ 6♦", 1, 30),
        Trick("A♣ 4♠ K♣ 7♣ J♣ Q♣", 2, 30),        # the 4♠ trumps the clubs
        Trick("A♠ K♠ 7♠ J♠ Q♠ 6♠", 2, 30),
        Trick("5♠ 5♥ 4♥ 3♥ 6♣ 5♦", 2, 0),
        Trick("4♦ 3♦ 5♣ 4♣ 3♠ 3♣", 0, 0),         # the indicator 3♠ trumps
    ),
)


def test_six_in_threes_a20_a_tie_scores_nothing_and_a6_the_dealer_deals_again(albastini):
    script = SIX_IN_THREES_TIED
    deal = script.start(albastini)
    act(deal, script.forecasts)
    assert deal.trump is SPADES and deal.indicator == card("3♠")
    play_drawing_tricks(deal, script.tricks, leader=1)
    result = deal.result()
    assert result.indicator_taker == 0
    # 1+3+5: 30 + 30; 0+2+4: 30 + 30.
    assert result.points == (60, 60)
    assert (result.victory.winner, result.victory.points) == (None, 0)        # A20
    assert next_dealer(albastini, deal.table, 0, result, {}) == 0             # A6


# --- Altbaumer --------------------------------------------------------------------------------

CUT_DEPTH = 7
"""Any depth of two or more exposes two cards (B8); the scripts do not depend on it."""


@dataclass(frozen=True)
class ChoiceScript:
    dealer: int
    hands: dict[int, str]
    """After dealing, before trump is chosen; the cutter's hand includes the trees he took."""
    talon: str
    """B9: the four cards left, the first to be turned first (B11)."""
    actions: str
    """Everything before the first lead: trees, accept/refuse, discards, solo questions."""
    tricks: tuple[tuple[str, int], ...]
    """Each trick's plays, leader first in playing order, and the seat that takes it."""
    taken: str = ""
    """Trees the cutter takes at the cut, in the order offered (B8)."""

    @property
    def chooser(self) -> int:
        return (self.dealer + 1) % 4          # B11: the dealer's right-hand neighbour

    @property
    def cutter(self) -> int:
        return (self.dealer + 3) % 4          # B8: the dealer's left-hand neighbour

    def deck(self) -> list[Card]:
        """The shuffled order giving these hands: the pack as dealt (B9: three then two each
        from the chooser on, the cutter's first packet shortened by the trees taken, then the
        talon), the taken trees at its bottom (B8: the exposed card is the bottom card of the
        lifted packet, which the cut puts under the rest), then the cut undone."""
        trees = cards(self.taken)
        own = {seat: [c for c in cards(text) if c not in trees] for seat, text in self.hands.items()}
        pack = []
        for size in (3, 2):
            for seat in [(self.chooser + k) % 4 for k in range(4)]:
                count = size - len(trees) if size == 3 and seat == self.cutter else size
                pack += own[seat][:count]
                own[seat] = own[seat][count:]
        pack += cards(self.talon) + trees[::-1]
        assert len(pack) == 24 == len(set(pack)), "the script does not use each card once"
        return pack[-CUT_DEPTH:] + pack[:-CUT_DEPTH]

    def tokens(self) -> list[str]:
        return (self.actions + " " + " ".join(plays for plays, _ in self.tricks)).split()

    def start(self, game) -> Deal:
        deal = Deal(game, PAIRS, self.dealer, StackedRandom([self.deck()], [CUT_DEPTH]))
        assert (deal.cutter, deal.chooser) == (self.cutter, self.chooser)
        if not self.taken:
            assert deal.phase == "choose", "no tree is exposed, so the deal goes straight on"
            assert hands(deal) == expected_hands(self.hands)
        return deal


def play_choice_tricks(deal: Deal, tricks, leader: int, duties=None) -> None:
    """Play the rows in turn, checking who leads (B13: the winner leads next) and who wins (B17).

    `duties` maps (trick number, position in the trick) to the exact set of cards the player
    there may play (B14–B16), checked just before that card is played."""
    duties = duties or {}
    for number, (plays, winner) in enumerate(tricks, 1):
        assert deal.to_move == leader, f"trick {number}: seat {leader} should lead"
        start = len(deal.log)
        for position, token in enumerate(plays.split()):
            duty = duties.get((number, position))
            if duty is not None:
                assert legal(deal) == set(duty.split()), f"trick {number}, card {position + 1}"
            act(deal, token)
        [trick] = last_events(deal, start, events.Trick)
        assert trick.winner == winner, f"trick {number}"
        leader = winner
    assert deal.is_terminal()


ACCEPTED = ChoiceScript(
    dealer=0,
    hands={1: "K♥ 10♥ A♠ 9♠ 9♦", 2: "Q♣ 9♥ A♦ 10♦ K♠", 3: "J♣ Q♥ A♣ K♣ 10♣", 0: "J♥ Q♠ J♠ 10♠ 9♣"},
    talon="A♥ K♦ Q♦ J♦",
    actions="accept 9♦ pass pass",
    tricks=(
        # Hearts are trump: Q♣ J♣ A♥ K♥ 10♥ Q♥ J♥ 9♥ (B4). Seat 1 leads (B13); play goes 1 2 3 0.
        ("A♥ 9♥ Q♥ J♥", 1),      # B16: everyone answers the trump lead with a trump
        ("K♥ Q♣ J♣ 9♣", 2),      # B16: the trees are trumps; B3: Q♣ above J♣; the 9♣ is no trump
        ("A♦ 10♣ 10♠ 10♥", 1),   # B14: seat 1 has no diamond and must trump
        ("A♠ K♠ A♣ Q♠", 1),
        ("9♠ 10♦ K♣ J♠", 0),     # B5: J♠ above 9♠
    ),
)


def test_b11_an_accepted_trump_and_b19_three_tricks_score_one(altbaumer):
    script = ACCEPTED
    deal = script.start(altbaumer)
    # B11: A♥ is turned; the chooser, seat 1, accepts, takes it and discards one card face down.
    assert deal.turned == card("A♥") and deal.to_move == 1 and legal(deal) == {"accept", "refuse"}
    act(deal, "accept")
    assert deal.trump is HEARTS and len(deal.hands[1]) == 6 and deal.to_move == 1
    act(deal, "9♦")
    # B11: the three unturned talon cards and the discard are out of play.
    assert set(deal.out) == set(cards("K♦ Q♦ J♦ 9♦"))
    # B12: the chooser is asked about a solo first, then his partner, seat 3.
    assert deal.to_move == 1 and legal(deal) == {"solo", "pass"}
    act(deal, "pass")
    assert deal.to_move == 3
    act(deal, "pass")
    play_choice_tricks(deal, script.tricks, leader=1, duties={
        (2, 1): "Q♣",                  # B16: seat 2's tree is its only trump
        (2, 2): "J♣",
        (2, 3): "Q♠ J♠ 10♠ 9♣",        # B16: no trump, and the ordinary 9♣ does not follow
        (3, 3): "10♥",                 # B14: no diamond, so seat 1 must trump
    })
    result = deal.result()
    # Seats 1+3 (side 1, the declarers) took tricks 1, 3 and 4; B19: three tricks score +1.
    assert (result.trump, result.declarers, result.solo, result.tricks) == (HEARTS, 1, None, (2, 3))
    assert (result.score.declarers, result.score.defenders) == (1, 0)


REFUSED = ChoiceScript(
    dealer=1,
    hands={2: "9♣ K♣ 10♣ K♦ J♠", 3: "A♣ J♣ Q♣ Q♠ 9♥", 0: "9♦ K♥ Q♥ J♥ 10♥", 1: "A♦ Q♦ J♦ A♠ 10♠"},
    talon="9♠ K♠ 10♦ A♥",
    actions="refuse J♠ pass pass",
    tricks=(
        # Diamonds are trump: Q♣ J♣ A♦ K♦ 10♦ Q♦ J♦ 9♦. Seat 2 leads; play goes 2 3 0 1.
        ("9♣ J♣ 9♦ A♦", 3),      # B18: 9♣ led, the J♣ beats even the A♦
        ("Q♣ 10♥ J♦ 10♦", 3),    # B16: a tree led is a trump lead
        ("A♣ J♥ Q♦ 10♣", 1),     # B15: seat 2 follows with an ordinary club; seat 1 must trump
        ("A♠ K♦ Q♠ Q♥", 2),      # seat 2 has no spade: must trump
        ("K♣ 9♥ K♥ 10♠", 2),     # no trump played: the highest club
    ),
)


def test_b11_a_refusal_turns_on_until_a_different_suit_with_the_b18_example(altbaumer):
    script = REFUSED
    deal = script.start(altbaumer)
    assert deal.turned == card("9♠") and deal.to_move == 2
    act(deal, "refuse")
    # B11: K♠ is a spade too; the 10♦ is the first card of another suit: diamonds are trump
    # and the chooser takes the 10♦, discarding one card; the refused spades and the unturned
    # A♥ are out of play.
    assert deal.trump is DIAMONDS and card("10♦") in deal.hands[2] and deal.discards_due == 1
    assert set(deal.out) == set(cards("9♠ K♠ A♥"))
    act(deal, "J♠ pass pass")
    play_choice_tricks(deal, script.tricks, leader=2, duties={
        # B18: 9♣ led; holding the A♣ and J♣, seat 3 may play either (or its Q♣); seat 0, with
        # no ordinary club and no tree, must play its 9♦ and may not keep it by throwing a heart.
        (1, 1): "A♣ J♣ Q♣",
        (1, 2): "9♦",
        (2, 3): "K♦ 10♦",              # B16: a trump lead; seat 2's ordinary clubs do not follow
        (3, 2): "Q♦",                  # B15: no club and no tree: trump
        (3, 3): "K♣ 10♣",              # B15: follow the ordinary club
        (4, 1): "K♦",                  # B14: no spade: trump
        (4, 2): "Q♠",
    })
    result = deal.result()
    # Seats 2+0 (side 0) declared and took 2 tricks; B19: the defenders' 3 tricks score +1 and
    # the beaten declarers write −1.
    assert (result.declarers, result.tricks) == (0, (2, 3))
    assert (result.score.declarers, result.score.defenders) == (-1, 1)


COMPULSORY = ChoiceScript(
    dealer=2,
    hands={3: "Q♣ J♣ 9♥ 9♦ 9♣", 0: "Q♠ A♥ K♥ Q♥ J♥", 1: "J♠ 10♥ A♦ K♦ Q♦", 2: "J♦ 10♦ A♣ K♣ 10♣"},
    talon="9♠ 10♠ K♠ A♠",
    actions="refuse 9♥ 9♦ 9♣ 9♠ pass pass",
    tricks=(
        # Spades are trump: Q♣ J♣ A♠ K♠ 10♠ Q♠ J♠ 9♠; seat 3 holds the top five. Play: 3 0 1 2.
        ("Q♣ Q♠ J♠ A♣", 3),      # B16: the A♣ does not follow a tree lead; seat 2 has no trump
        ("J♣ A♥ 10♥ K♣", 3),
        ("A♠ K♥ A♦ 10♣", 3),
        ("K♠ Q♥ K♦ J♦", 3),
        ("10♠ J♥ Q♦ 10♦", 3),
    ),
)


def test_b11_a_talon_of_one_suit_is_compulsory_and_b19_five_tricks_score_two(altbaumer):
    script = COMPULSORY
    deal = script.start(altbaumer)
    act(deal, "refuse")
    # B11: no card of another suit turns up: spades are compulsory; the chooser takes all four
    # talon cards and discards four.
    assert deal.trump is SPADES and deal.discards_due == 4 and len(deal.hands[3]) == 9
    assert set(cards("9♠ 10♠ K♠ A♠")) <= set(deal.hands[3])
    act(deal, "9♥ 9♦ 9♣ 9♠ pass pass")
    assert set(deal.out) == set(cards("9♥ 9♦ 9♣ 9♠"))
    play_choice_tricks(deal, script.tricks, leader=3, duties={
        (1, 1): "Q♠",                  # B16: a tree led is a trump lead
        (1, 2): "J♠",
        (1, 3): "J♦ 10♦ A♣ K♣ 10♣",    # B16, B14: no trump; ordinary clubs do not follow
    })
    result = deal.result()
    assert (result.declarers, result.tricks) == (1, (0, 5))
    assert (result.score.declarers, result.score.defenders) == (2, 0)   # B19: all five: +2


TURNED_TREE = ChoiceScript(
    dealer=3,
    hands={0: "10♠ 9♠ 9♦ 10♦ 9♥", 1: "Q♣ A♣ K♣ A♠ A♦", 2: "K♠ Q♠ J♠ K♦ Q♦", 3: "10♣ 9♣ 10♥ J♥ J♦"},
    talon="J♣ A♥ K♥ Q♥",
    actions="accept 9♥ pass pass",
    tricks=(
        # Clubs are trump: Q♣ J♣ A♣ K♣ 10♣ 9♣, six trumps (B4). Seat 0 leads; play goes 0 1 2 3.
        ("J♣ Q♣ Q♦ 9♣", 1),
        ("A♣ J♠ 10♣ 9♦", 1),     # with clubs trump the A♣ is a trump: seat 3 must follow
        ("K♣ Q♠ J♦ 10♦", 1),
        ("A♠ K♠ 10♥ 9♠", 1),
        ("A♦ K♦ J♥ 10♠", 1),
    ),
)


def test_b11_a_turned_tree_counts_as_a_club_and_b19_beaten_declarers_write_minus_one(altbaumer):
    script = TURNED_TREE
    deal = script.start(altbaumer)
    assert deal.turned == card("J♣")
    act(deal, "accept")
    assert deal.trump is CLUBS and card("J♣") in deal.hands[0]          # B11
    act(deal, "9♥ pass pass")
    play_choice_tricks(deal, script.tricks, leader=0, duties={
        (1, 1): "Q♣ A♣ K♣",            # B4, B16: with clubs trump the ordinary clubs are trumps
        (1, 2): "K♠ Q♠ J♠ K♦ Q♦",
        (1, 3): "10♣ 9♣",
        (4, 1): "K♠",
    })
    result = deal.result()
    assert (result.declarers, result.tricks) == (0, (0, 5))
    # B19: the defenders' five tricks score +2; the beaten declarers write −1.
    assert (result.score.declarers, result.score.defenders) == (-1, 2)


def test_b11_a_refused_tree_turns_on_past_the_clubs(altbaumer):
    script = ChoiceScript(
        dealer=0,
        hands={1: "A♠ 10♠ 9♠ K♥ 10♥", 2: "Q♠ J♠ 9♥ A♦ K♦", 3: "J♣ A♣ K♣ 10♣ Q♥", 0: "J♥ 10♦ 9♦ Q♦ J♦"},
        talon="Q♣ 9♣ A♥ K♠", actions="", tricks=())
    deal = script.start(altbaumer)
    act(deal, "refuse")
    # B11: the turned Q♣ counts as a club, so the 9♣ is the same suit and is turned past; the
    # A♥ is the first card of another suit. The Q♣ and 9♣ (refused) and the K♠ (unturned) are out.
    assert deal.trump is HEARTS and card("A♥") in deal.hands[1] and deal.discards_due == 1
    assert set(deal.out) == set(cards("Q♣ 9♣ K♠"))


CUT_HANDS = {1: "A♠ K♠ 10♠ 9♠ A♥", 2: "K♥ 10♥ 9♥ A♦ K♦", 0: "Q♠ J♠ 10♣ 9♣ K♣"}


def test_b8_the_cutter_takes_one_exposed_tree(altbaumer):
    script = ChoiceScript(dealer=0, hands={**CUT_HANDS, 3: "Q♣ J♣ A♣ 10♦ 9♦"},
                          talon="Q♥ J♥ Q♦ J♦", actions="", tricks=(), taken="Q♣")
    deal = script.start(altbaumer)
    # B8: dealer 0's left-hand neighbour, seat 3, cuts; the Q♣ is exposed and may be taken.
    assert deal.phase == "cut" and deal.to_move == 3 and legal(deal) == {"take", "leave"}
    assert deal.exposed[0] == card("Q♣") and deal.exposed[1] == card("J♦")
    act(deal, "take")
    # The card above (J♦) is no tree, so dealing starts; B9: seat 3's first packet is two cards.
    assert deal.phase == "choose"
    assert hands(deal) == expected_hands(script.hands) and deal.turned == card("Q♥")


def test_b8_the_cutter_takes_both_exposed_trees(altbaumer):
    script = ChoiceScript(dealer=0, hands={**CUT_HANDS, 3: "J♣ Q♣ A♣ 10♦ 9♦"},
                          talon="Q♥ J♥ Q♦ J♦", actions="", tricks=(), taken="J♣ Q♣")
    deal = script.start(altbaumer)
    assert deal.to_move == 3 and deal.exposed == cards("J♣ Q♣")
    act(deal, "take")
    # B8: the next card is a tree too: it may be taken as well.
    assert deal.phase == "cut" and deal.to_move == 3 and legal(deal) == {"take", "leave"}
    act(deal, "take")
    # B9: two trees taken leave one card in seat 3's first packet.
    assert deal.phase == "choose"
    assert hands(deal) == expected_hands(script.hands) and deal.turned == card("Q♥")


PARTNER_SOLO = ChoiceScript(
    dealer=0,
    hands={1: "J♠ 9♠ Q♥ A♣ 10♣", 2: "K♥ A♠ 10♠ Q♠ K♦", 3: "Q♣ J♣ A♥ A♦ K♣", 0: "J♥ 10♥ Q♦ J♦ 10♦"},
    talon="K♠ 9♥ 9♦ 9♣",
    actions="accept Q♥ pass solo",
    tricks=(
        # Spades are trump. Seat 1 sits out, so play goes 2 3 0 and seat 2 leads (B12).
        ("K♥ A♥ J♥", 3),
        ("Q♣ 10♥ Q♠", 3),        # B16: seat 0 has no trump, seat 2 must trump
        ("J♣ J♦ 10♠", 3),
        ("A♦ Q♦ K♦", 3),
        ("K♣ 10♦ A♠", 2),        # B15: no club and no tree: seat 2 must trump, and wins
    ),
)


def test_b12_a_solo_by_the_choosers_partner_lays_the_choosers_hand_aside(altbaumer):
    script = PARTNER_SOLO
    deal = script.start(altbaumer)
    act(deal, script.actions)
    # B12: seat 3 plays alone; his partner, the chooser, lays his hand aside and the next active
    # player in playing order, seat 2, leads.
    assert deal.solo == 3 and deal.players == [0, 2, 3] and deal.hands[1] == []
    assert set(cards("J♠ 9♠ A♣ 10♣ K♠")) <= set(deal.out)
    play_choice_tricks(deal, script.tricks, leader=2)
    result = deal.result()
    assert sum(map(len, deal.piles)) == 15                                # three cards a trick
    # B20 decision: a solo with four tricks scores like a pair: +1 for side 1.
    assert (result.solo, result.declarers, result.tricks) == (3, 1, (1, 4))
    assert (result.score.declarers, result.score.defenders) == (1, 0)


SOLO_OF_FIVE = ChoiceScript(
    dealer=1,
    hands={2: "Q♣ J♣ K♥ 10♥ 9♥", 3: "Q♥ A♠ K♠ Q♠ J♠", 0: "10♠ 10♦ A♣ K♣ 10♣", 1: "J♥ A♦ K♦ Q♦ J♦"},
    talon="A♥ 9♠ 9♦ 9♣",
    actions="accept 9♥ solo",
    tricks=(
        # Hearts are trump; the chooser, seat 2, holds Q♣ J♣ A♥ K♥ 10♥, the five best trumps.
        # He plays alone (asked first, B12), so seat 0 sits out and play goes 2 3 1.
        ("Q♣ Q♥ J♥", 2),
        ("J♣ J♠ J♦", 2),
        ("A♥ Q♠ Q♦", 2),
        ("K♥ K♠ K♦", 2),
        ("10♥ A♠ A♦", 2),
    ),
)


def scripted_match(monkeypatch, scripts) -> StackedRandom:
    """Make `play_deals` deal `scripts` in turn: its generator becomes a StackedRandom holding
    each deal's deck, cut and actions (its random strategy picks actions with `rng.choice`)."""
    rng = StackedRandom([s.deck() for s in scripts], [CUT_DEPTH] * len(scripts),
                        [token for s in scripts for token in s.tokens()])
    monkeypatch.setattr(match, "random", types.SimpleNamespace(Random=lambda seed: rng))
    return rng


def test_b20_a_solo_of_five_wins_the_round_at_once(altbaumer, monkeypatch):
    rng = scripted_match(monkeypatch, [ACCEPTED, SOLO_OF_FIVE])
    first, second = play_deals(altbaumer, seed=0, deals=2)
    assert not (rng.decks or rng.cuts or rng.choices), "every scripted action was used"
    # B19: the first deal (dealer 0) gives side 1 +1.
    assert (first.scores, first.rounds) == ((0, 1), (0, 0))
    # B10: seat 1 deals next; B12: seat 2 plays alone and takes all five tricks.
    assert second.deal.dealer == 1 and second.result.solo == 2 and second.result.tricks == (5, 0)
    assert 0 not in second.deal.players
    # B20: a solo of five wins the round at once, though side 0 had no points, and both
    # scores go back to 0 (side 1's point too).
    assert (second.scores, second.rounds) == ((0, 0), (1, 0)) and second.match_winner is None


def test_b21_at_one_round_all_a_single_deal_decides_the_match(altbaumer, monkeypatch):
    # Dealers 0, 1, 2, 3, 0, 1 (B10), so each script is dealt by its own dealer.
    scripts = [ACCEPTED, SOLO_OF_FIVE, COMPULSORY, TURNED_TREE, ACCEPTED, REFUSED]
    rng = scripted_match(monkeypatch, scripts)
    played = list(play_deals(altbaumer, seed=0, match=True))
    assert not (rng.decks or rng.cuts or rng.choices), "every scripted action was used"
    assert [p.deal.dealer for p in played] == [0, 1, 2, 3, 0, 1]
    expected = [
        # (scores after the deal, rounds, a deciding deal?) by B19–B21:
        ((0, 1), (0, 0), False),      # side 1 declares and takes 3: +1
        ((0, 0), (1, 0), False),      # seat 2's solo of five: the round to side 0 (B20)
        ((0, 2), (1, 0), False),      # side 1 declares and takes all five: +2
        ((-1, 4), (1, 0), False),     # side 0 declares and takes none: −1 and +2
        ((0, 0), (1, 1), False),      # side 1 +1 reaches 5: the round to side 1, scores to 0
        ((0, 0), (1, 1), True),       # one round all: this single deal decides
    ]
    assert [(p.scores, p.rounds, p.decider) for p in played] == expected
    assert [p.match_winner for p in played[:-1]] == [None] * 5
    decider = played[-1]
    # B21: side 0 declared, but side 1 took three tricks and wins the match; nothing is written.
    assert decider.result.declarers == 0 and decider.result.tricks == (2, 3)
    assert decider.score_change == (0, 0) and decider.match_winner == 1
    assert played[3].score_change == (-1, 2)
