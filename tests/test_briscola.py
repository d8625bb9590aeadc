"""Briscola, the third game, is data alone (issue 7): examples/briscola/game.yml and the catalogs.

Fact numbers R1–R12 are those of examples/briscola/facts.md. These tests restate the rules
plainly and hold the engine to them; none of them needs a line of Briscola-specific Python.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tutorial_engine.engine import events
from tutorial_engine.engine.cards import Card, Suit
from tutorial_engine.engine.deal import Deal, play_out
from tutorial_engine.engine.rules import allowed_cards, judge_trick
from tutorial_engine.engine.scoring import Outcome, victory
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import random_strategy, sensible_strategy

ROOT = Path(__file__).resolve().parent.parent
ORDER = "A 3 K Q J 7 6 5 4 2".split()
POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}


@pytest.fixture(scope="module")
def briscola(games):
    return games["briscola"]


def C(text: str) -> Card:
    return Card.parse(text)


def test_r1_r4_the_deck_its_order_and_its_points(briscola):
    assert len(briscola.deck) == 40
    assert {card.suit for card in briscola.deck} == set(Suit)
    assert [str(rank) for rank in briscola.plain_order] == ORDER
    assert [str(rank) for rank in briscola.trump_order] == ORDER
    assert {str(rank): points for rank, points in briscola.points.items()} == POINTS
    assert briscola.total_points == 120
    assert (briscola.players, briscola.hand_size, briscola.forecast) == ((2,), 3, False)


@pytest.mark.parametrize("trump, plays, winner, points", [
    ("♠", ["A♥", "2♠"], 1, 11),     # R9: the smallest trump takes the ace
    ("♠", ["A♥", "3♥"], 0, 21),     # R3: the ace beats the three of its suit
    ("♦", ["K♣", "3♣"], 1, 14),     # R3: the three beats the king
    ("♥", ["J♠", "Q♠"], 1, 5),      # R3: the queen beats the jack
    ("♦", ["2♣", "A♠"], 0, 11),     # R9: a card of another suit never wins
    ("♥", ["7♥", "3♥"], 1, 10),     # R9: the higher trump
    ("♠", ["7♦", "6♦"], 0, 0),      # R4: the seven is worth nothing
])
def test_r3_r4_r9_who_takes_a_trick_and_its_worth(briscola, trump, plays, winner, points):
    verdict = judge_trick(briscola, Suit.parse(trump), [C(card) for card in plays])
    assert (verdict.winner, verdict.points) == (winner, points)


def test_r8_no_obligations(briscola):
    hand = [C("3♥"), C("2♣"), C("A♦")]
    assert list(allowed_cards(briscola, Suit.CLUBS, [C("K♥")], hand)) == hand


@pytest.mark.parametrize("totals, winner, outcome", [
    ((61, 59), 0, Outcome.WIN), ((59, 61), 1, Outcome.WIN), ((60, 60), None, Outcome.TIE),
    ((120, 0), 0, Outcome.WIN), ((11, 109), 1, Outcome.WIN),   # R11: no double win
])
def test_r11_more_than_60_wins_and_60_each_draws(briscola, totals, winner, outcome):
    result = victory(briscola.scoring, totals)
    assert (result.winner, result.outcome, result.points) == (winner, outcome, 0 if winner is None else 1)


def _play(briscola, seed: int, strategy):
    rng = random.Random(seed)
    deal = Deal(briscola, Table(2), seed % 2, rng)
    assert [len(hand) for hand in deal.hands] == [3, 3]                   # R6
    assert len(deal.stock) == 34 and deal.stock[-1] is deal.turned        # R6: under the stock
    assert deal.trump is deal.turned.suit
    play_out(deal, strategy, rng)
    tricks = [event for event in deal.log if isinstance(event, events.Trick)]
    draws = [event for event in deal.log if isinstance(event, events.Draw)]
    return deal, tricks, draws


@pytest.mark.parametrize("seed", range(60))
def test_r6_r7_r10_r11_whole_deals(briscola, seed):
    strategy = sensible_strategy if seed % 2 else random_strategy
    deal, tricks, draws = _play(briscola, seed, strategy)
    result = deal.result()
    assert result.trick_count == len(tricks) == 20                        # 40 cards, two a trick
    assert len(draws) == 34                                               # 17 drawing rounds
    assert tricks[0].leader == 1 - deal.dealer                         # R7: the non-dealer leads
    for k, trick in enumerate(tricks[:17]):                               # R10: the winner draws first
        assert [d.seat for d in draws[2 * k: 2 * k + 2]] == [trick.winner, 1 - trick.winner]
    assert draws[-1].card == result.turned                             # R10: the turned card comes last,
    assert result.indicator_taker == 1 - tricks[16].winner             # to the loser of the 17th trick
    assert sum(result.points) == 120                                      # R4, R11
    if result.points[0] == 60:
        assert result.victory.outcome is Outcome.TIE
    else:
        assert result.victory.winner == (0 if result.points[0] > 60 else 1)
        assert result.victory.points == 1


def test_the_bundled_walkthrough_in_words(briscola):
    """Seed 3 of briscola/walkthrough, checked by hand: Anna deals three each (R6) and turns 5♦;
    Boris leads 4♥ (R7), Anna trumps with 6♦ and takes it (R9), 0 + 0 (R4), Anna draws first (R10)."""
    from test_walkthrough import render, steps, story_lines

    from tutorial_engine.content.walkthrough import WalkSpec

    html = render(WalkSpec(briscola, 2, 1, 3))
    assert story_lines(html)[:2] == [
        "Anna deals 3 cards to each player. The 34 cards left over lie face down as the stock.",
        "Anna turns up 5♦: its suit is trump.",
    ]
    asked = steps(html)
    assert [(s["question"], s["answer"], s["feedback"]) for s in asked[:4]] == [
        ("Who leads to the first trick?", ["1"], "Boris is the dealer's next player in the direction of play, so Boris leads."),
        ("Who takes the trick?", ["1"], "Anna takes the trick with 6♦. 6♦ is the highest trump in the trick."),
        ("How many points is the trick worth?", 0, "0 + 0 = 0: the trick is worth nothing."),
        ("Who draws first from the stock?", ["0"],
         "The winner of the trick draws first, then the others in the direction of play: 7♣ to Anna and Q♥ to Boris."),
    ]
    assert asked[-1]["question"] == "Who wins the deal?"
    assert "Who may lay a forecast?" not in [s["question"] for s in asked]


def test_the_deal_passes_in_turn_whoever_wins(briscola, albastini):
    """Briscola's game.yml says `next_dealer: in-turn`: the two players deal alternately, whoever
    won the deal before; Albastini keeps A6 (the winner deals, after a tie the same dealer)."""
    from tutorial_engine.engine.game import NextDealer
    from tutorial_engine.engine.simulate import run

    assert (briscola.next_dealer, albastini.next_dealer) == (NextDealer.IN_TURN, NextDealer.WINNER)
    played = list(run(briscola, Table(2), seed=4, deals=12))
    assert [p.deal.dealer for p in played] == [0, 1] * 6
    winners = [p.result.victory.winner for p in played]
    assert 0 in winners and 1 in winners     # the alternation is not a run of wins in turn
    assert any(w == p.deal.dealer for w, p in zip(winners, played))   # a dealer who won still passes the deal
    others = list(run(albastini, Table(2), seed=4, deals=12))
    for before, after in zip(others, others[1:]):
        winner = before.result.victory.winner
        assert after.deal.dealer == (before.deal.dealer if winner is None else winner)
