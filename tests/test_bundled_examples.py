"""The worked examples bundled under examples/*/examples/ agree with the engine, and the
examples the facts require (examples/albastini/facts.md E1–E5, examples/altbaumer/facts.md B18)
give the answers the facts state.

Each seed example is looked up by id and the engine's answer is asserted directly, so these tests
fail if an example is dropped, renamed or edited to say something else, not only if `check` fails.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tutorial_engine.engine.cards import Card, Suit
from tutorial_engine.engine.rules import Duty, WinReason

PROJECT = Path(__file__).resolve().parent.parent


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


@pytest.fixture(scope="module")
def report(bundled_report):
    return bundled_report


@pytest.fixture(scope="module")
def examples(report):
    return {(example.game.id, example.id): example for example in report.examples}


def example(examples, game: str, id: str):
    assert (game, id) in examples, f"the bundled {game} example '{id}' is missing"
    return examples[game, id]


# --- the whole bundle -------------------------------------------------------------------------

def test_check_reports_no_problem(report):
    assert [str(problem) for problem in report.problems] == []


def test_at_least_fifteen_examples_per_game(report):
    counts = Counter(example.game.id for example in report.examples)
    assert set(counts) == set(report.games)                      # every game has worked examples
    assert counts["albastini"] >= 15
    assert counts["altbaumer"] >= 15
    assert all(count >= 10 for count in counts.values())


def test_every_example_has_a_title_and_cites_facts(report):
    for ex in report.examples:
        assert ex.title, ex.id
        assert ex.cites, ex.id


def test_example_ids_are_unique_per_game(report):
    ids = Counter((example.game.id, example.id) for example in report.examples)
    assert [key for key, n in ids.items() if n > 1] == []


# --- Albastini: E1–E5 -------------------------------------------------------------------------

def test_e1_a14_trump_three_takes_the_ace_for_11_points(examples):
    """E1: spades trump, Anna leads A♥, Boris plays 3♠: Boris wins with a trump, 11 + 0 = 11."""
    e1 = example(examples, "albastini", "e1-a-small-trump-takes-the-ace")
    assert e1.trump is Suit.SPADES
    assert e1.plays == cards("A♥ 3♠")
    verdict = e1.solve()
    assert e1.player(verdict.winner) == "Boris"
    assert verdict.card == Card.parse("3♠")
    assert verdict.reason is WinReason.HIGHEST_TRUMP
    assert verdict.card_points == (11, 0)
    assert verdict.points == 11


def test_e2_a2_seven_instead_of_three_anna_wins_21_points(examples):
    """E2: the same trick with 7♥ for 3♠: Anna's ace beats the seven of the suit led, 11 + 10 = 21."""
    e1 = example(examples, "albastini", "e1-a-small-trump-takes-the-ace")
    [e2] = [v for v in e1.variations if v.replaced == ((Card.parse("3♠"), Card.parse("7♥")),)]
    assert e2.plays == cards("A♥ 7♥")
    assert e2.trump is Suit.SPADES
    verdict = e2.solve()
    assert e2.player(verdict.winner) == "Anna"
    assert verdict.card == Card.parse("A♥")
    assert verdict.reason is WinReason.HIGHEST_OF_LED_SUIT
    assert verdict.card_points == (11, 10)
    assert verdict.points == 21


def test_e3_a2_a3_hearts_rank_a_7_k_j_q_with_their_values(examples):
    """E3: A♥ 7♥ K♥ J♥ Q♥: the ace is strongest, the jack beats the queen; 11 10 4 3 2 points."""
    e3 = example(examples, "albastini", "e3-five-hearts-in-order")
    assert set(e3.cards) == set(cards("A♥ 7♥ K♥ J♥ Q♥"))
    ranking = e3.solve()
    assert ranking.strongest == Card.parse("A♥")
    assert ranking.order == cards("A♥ 7♥ K♥ J♥ Q♥")
    assert dict(ranking.values) == {Card.parse("A♥"): 11, Card.parse("7♥"): 10,
                                    Card.parse("K♥"): 4, Card.parse("J♥"): 3, Card.parse("Q♥"): 2}


def test_e3_hide_one_card_and_repeat(examples):
    """E3: with the ace hidden, the seven is strongest and the order is otherwise unchanged."""
    ranking = example(examples, "albastini", "e3-without-the-ace").solve()
    assert ranking.strongest == Card.parse("7♥")
    assert ranking.order == cards("7♥ K♥ J♥ Q♥")


def test_e4_a10_forecast_5h_turned_3h_must_be_exchanged(examples):
    """E4/A10: forecast 5♥, turned 3♥: the forecaster must take the 3♥; 5♥ becomes the indicator."""
    e4 = example(examples, "albastini", "e4-the-exchange-is-compulsory")
    assert e4.turned == Card.parse("3♥")
    outcome = e4.outcome()
    assert outcome.trump is Suit.HEARTS
    assert outcome.indicator == Card.parse("5♥")
    assert outcome.exchange is not None
    assert e4.seats[outcome.exchange.seat] == "Boris"
    assert outcome.exchange.gives == Card.parse("5♥")
    assert outcome.exchange.takes == Card.parse("3♥")
    assert outcome.returned == ()


def test_e5_a11a_clubs_taken_so_chiara_may_not_forecast_clubs(examples):
    """E5/A11a: 3 players, Anna deals, Boris forecasts 4♣; Chiara holds J♣ 3♣ 7♦ A♠ Q♠."""
    e5 = example(examples, "albastini", "e5-forecast-suits-must-differ")
    assert len(e5.seats) == 3
    assert e5.seats[e5.dealer] == "Anna"
    assert [(e5.seats[seat], card) for seat, card in e5.forecasts] == [("Boris", Card.parse("4♣"))]
    assert e5.seats[e5.seat] == "Chiara"
    assert e5.hand == cards("J♣ 3♣ 7♦ A♠ Q♠")
    options = e5.options()
    assert options.allowed == cards("7♦ A♠ Q♠")
    assert {card: refusal.value for card, refusal in options.refused.items()} == {
        Card.parse("J♣"): "suit-taken", Card.parse("3♣"): "suit-taken"}


def test_e5_a11a_a_spade_forecast_would_give_up_the_ace(examples):
    """A11a: why Chiara does not forecast — A♠ forecast and 5♠ turned costs her the ace."""
    outcome = example(examples, "albastini", "e5-why-chiara-keeps-her-ace").outcome()
    assert outcome.trump is Suit.SPADES
    assert outcome.indicator == Card.parse("A♠")
    assert outcome.exchange.takes == Card.parse("5♠")
    assert [card for _, card in outcome.returned] == [Card.parse("4♣")]


def test_a10_no_matching_forecast_goes_back_to_hand(examples):
    """A10: no forecast of the turned suit: no exchange, every forecast returns to its owner."""
    ex = example(examples, "albastini", "no-forecast-matches")
    outcome = ex.outcome()
    assert outcome.exchange is None
    assert outcome.indicator == Card.parse("K♠")
    assert [(ex.seats[seat], card) for seat, card in outcome.returned] == [
        ("Boris", Card.parse("4♣")), ("Chiara", Card.parse("6♦"))]


def test_a8_dealers_partner_may_not_forecast(examples):
    """A8: in a team game the dealer's partner never forecasts."""
    ex = example(examples, "albastini", "the-dealers-partner-does-not-forecast")
    options = ex.options()
    assert options.allowed == ()
    assert {refusal.value for refusal in options.refused.values()} == {"dealers-partner"}


def test_a13_no_obligations(examples):
    """A13: any card may be played at any time."""
    legality = example(examples, "albastini", "any-card-may-follow").solve()
    assert legality.duty is Duty.NONE
    assert legality.legal == cards("3♥ 5♠ K♣ 7♦")


# --- Altbaumer: B18 ---------------------------------------------------------------------------

def test_b18_club_led_both_ace_and_jack_of_clubs_are_legal(examples):
    """B18 (first part): diamonds trump, 9♣ led, you hold A♣ and J♣: both may be played."""
    ex = example(examples, "altbaumer", "b18-club-led-ace-or-tree")
    assert ex.trump is Suit.DIAMONDS
    assert ex.trick == cards("9♣")
    legality = ex.solve()
    assert legality.duty is Duty.FOLLOW
    assert legality.legal == cards("A♣ J♣")
    assert {card: code for card, code in legality.refused.items()} == {
        Card.parse("10♦"): "must-follow", Card.parse("K♥"): "must-follow"}


def test_b18_jack_of_clubs_beats_the_ace_of_diamonds(examples):
    """B18 (first part): the J♣ played to the club lead beats even A♦, as a tree (B15)."""
    ex = example(examples, "altbaumer", "b18-jack-tree-beats-the-trump-ace")
    assert ex.trump is Suit.DIAMONDS
    assert ex.plays[0] == Card.parse("9♣")
    assert Card.parse("A♦") in ex.plays
    verdict = ex.solve()
    assert verdict.card == Card.parse("J♣")
    assert ex.player(verdict.winner) == "Boris"
    assert verdict.reason is WinReason.TREE
    assert verdict.points == 0


def test_b18_no_club_no_tree_must_play_the_nine_of_diamonds(examples):
    """B18 (second part): no ordinary club, no tree, but 9♦: it must be played, not a heart."""
    ex = example(examples, "altbaumer", "b18-no-club-no-tree-must-trump")
    assert ex.trump is Suit.DIAMONDS
    assert ex.trick[0] == Card.parse("9♣")
    legality = ex.solve()
    assert legality.duty is Duty.TRUMP
    assert legality.legal == cards("9♦")
    assert legality.refused[Card.parse("A♥")] == "must-trump"
    assert legality.refused[Card.parse("K♥")] == "must-trump"


def test_b15_club_led_no_club_a_tree_is_compulsory(examples):
    """B15: an ordinary club led, clubs not trump, no ordinary club: the tree before any trump."""
    legality = example(examples, "altbaumer", "club-led-no-club-play-a-tree").solve()
    assert legality.duty is Duty.PLAY_TREE
    assert legality.legal == cards("J♣")


def test_b16_tree_led_ordinary_clubs_do_not_follow(examples):
    """B16: a tree led is a trump lead; the other tree follows, the ace of clubs does not."""
    legality = example(examples, "altbaumer", "tree-led-answer-with-trumps").solve()
    assert legality.duty is Duty.FOLLOW
    assert legality.legal == cards("J♣ 9♥")


def test_b4_clubs_trump_has_six_trumps(examples):
    """B4: with clubs as trump: Q♣ J♣ A♣ K♣ 10♣ 9♣."""
    ranking = example(examples, "altbaumer", "six-trumps-with-clubs").solve()
    assert ranking.order == cards("Q♣ J♣ A♣ K♣ 10♣ 9♣")


def test_b4_b5_ten_and_king_swap_places_in_trumps(examples):
    """B4/B5: the king beats the ten in trumps, the ten beats the king in a plain suit."""
    assert example(examples, "altbaumer", "ten-below-king-in-trumps").solve().order == cards("K♥ 10♥")
    assert example(examples, "altbaumer", "ten-above-king-in-a-plain-suit").solve().order == cards("10♥ K♥")


def test_b12_solo_trick_has_three_cards(examples):
    """B12: a solo leaves the partner out; the trick is played by three."""
    ex = example(examples, "altbaumer", "solo-three-players")
    assert len(ex.seats) == len(ex.plays) == 3
    verdict = ex.solve()
    assert ex.player(verdict.winner) == "Anna"
