"""Albastini rule kernels against the facts (examples/albastini/facts.md): A1–A3, A13, A14, E1–E3.

Each test names the fact it checks.
"""

from __future__ import annotations

import pytest

from tutorial_engine.engine.cards import Card, Suit, parse_cards
from tutorial_engine.engine.game import CardNotInDeck, FollowRule
from tutorial_engine.engine.rules import (
    Duty,
    RankingError,
    Role,
    RuleError,
    WinReason,
    legal_plays,
    rank_cards,
    trick_roles,
    trick_verdict,
)
from tutorial_engine.i18n.explain import explain_legality, explain_verdict, points_sum, why_wins

C = Card.parse
S, H, D, CL = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
ORDER = "A 7 K J Q 6 5 4 3".split()


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def names(cards_) -> list[str]:
    return [str(card) for card in cards_]


# --- A2: one rank order for every suit, trump or not ---------------------------------------------

@pytest.mark.parametrize("suit", list("♠♥♦♣"))
@pytest.mark.parametrize("trump", [None, "same", "other"])
def test_a2_rank_order_in_every_suit_trump_or_not(albastini, suit, trump):
    """A2: A 7 K J Q 6 5 4 3, the same whether the suit is trump or not."""
    trump_suit = {None: None, "same": Suit.parse(suit),
                  "other": next(s for s in Suit if s is not Suit.parse(suit))}[trump]
    shuffled = cards(" ".join(f"{rank}{suit}" for rank in reversed(ORDER)))
    ranking = rank_cards(albastini, trump_suit, shuffled)
    assert names(ranking.order) == [f"{rank}{suit}" for rank in ORDER]
    assert str(ranking.strongest) == f"A{suit}"


def test_a2_the_seven_is_second_highest(albastini):
    """A2: the seven beats the king and everything below the ace."""
    verdict = trick_verdict(albastini, S, cards("K♥ 7♥"))
    assert (verdict.winner, str(verdict.card), verdict.reason) == (1, "7♥", WinReason.HIGHEST_OF_LED_SUIT)
    verdict = trick_verdict(albastini, S, cards("7♥ A♥"))
    assert str(verdict.card) == "A♥"


def test_a2_the_jack_beats_the_queen(albastini):
    """A2: J above Q, in a plain suit and in trumps."""
    assert str(trick_verdict(albastini, S, cards("Q♥ J♥")).card) == "J♥"
    assert str(trick_verdict(albastini, S, cards("Q♠ J♠")).card) == "J♠"
    assert str(trick_verdict(albastini, H, cards("J♠ Q♠")).card) == "J♠"


def test_a2_e3_practice_hearts(albastini):
    """E3: lay out A♥ 7♥ K♥ J♥ Q♥; strongest first, with each card's value (A3)."""
    ranking = rank_cards(albastini, None, cards("A♥ 7♥ K♥ J♥ Q♥"))
    assert names(ranking.order) == ["A♥", "7♥", "K♥", "J♥", "Q♥"]
    assert [(str(card), value) for card, value in ranking.values] == [
        ("A♥", 11), ("7♥", 10), ("K♥", 4), ("J♥", 3), ("Q♥", 2)]
    hidden = rank_cards(albastini, None, cards("Q♥ K♥ J♥ 7♥"))
    assert str(hidden.strongest) == "7♥"
    assert names(hidden.order) == ["7♥", "K♥", "J♥", "Q♥"]
    assert [(str(card), value) for card, value in hidden.values] == [
        ("Q♥", 2), ("K♥", 4), ("J♥", 3), ("7♥", 10)]


def test_a2_trumps_rank_above_the_plain_suit(albastini):
    """A2, A14: any trump above any card of a plain suit."""
    ranking = rank_cards(albastini, S, cards("A♥ 3♠ 7♥ 6♠"))
    assert names(ranking.order) == ["6♠", "3♠", "A♥", "7♥"]


def test_a2_two_plain_suits_cannot_be_ranked(albastini):
    with pytest.raises(RankingError) as error:
        rank_cards(albastini, S, cards("A♥ 3♠ 7♦"))
    assert str(error.value) == ("cards of ♥ and ♦ cannot be ranked against each other: "
                                "use cards of one suit, plus trumps if you like")
    assert isinstance(error.value, RuleError)


def test_a2_ranking_nothing_is_refused(albastini):
    with pytest.raises(RuleError) as error:
        rank_cards(albastini, S, ())
    assert str(error.value) == "there are no cards to rank"


def test_a2_ranking_refuses_a_repeated_card(albastini):
    with pytest.raises(RuleError) as error:
        rank_cards(albastini, S, cards("A♥ 7♥ A♥"))
    assert str(error.value) == "A♥ appears twice; a deck holds each card once"


# --- A3: card points -----------------------------------------------------------------------------

@pytest.mark.parametrize("rank, points", [("A", 11), ("7", 10), ("K", 4), ("J", 3), ("Q", 2),
                                          ("6", 0), ("5", 0), ("4", 0), ("3", 0)])
def test_a3_card_points(albastini, rank, points):
    """A3: A 11, 7 10, K 4, J 3, Q 2, 6/5/4/3 0 — in every suit."""
    for suit in "♠♥♦♣":
        assert albastini.card_points(C(rank + suit)) == points


def test_a3_the_deck_holds_120_points(albastini):
    """A3, A19."""
    assert albastini.total_points == 120
    assert sum(albastini.card_points(card) for card in albastini.deck) == 120


def test_a3_trick_points_are_the_sum_card_by_card(albastini):
    verdict = trick_verdict(albastini, D, cards("K♣ Q♣ J♣ 6♣"))
    assert verdict.card_points == (4, 2, 3, 0)
    assert verdict.points == 9
    assert points_sum(verdict).text == "4 + 2 + 3 + 0 = 9"


# --- A14: the trick winner, with E1 and E2 -------------------------------------------------------

def test_e1_a14_small_trump_takes_the_ace(albastini):
    """E1: spades trump; A♥ led, 3♠ wins as the highest trump; 11 + 0 = 11 points."""
    verdict = trick_verdict(albastini, S, cards("A♥ 3♠"))
    assert verdict.winner == 1
    assert verdict.card == C("3♠")
    assert verdict.reason is WinReason.HIGHEST_TRUMP
    assert verdict.led is H
    assert verdict.trump is S
    assert verdict.card_points == (11, 0)
    assert verdict.points == 11
    assert trick_roles(albastini, verdict) == (Role.TRUMPED, Role.WINS)
    assert why_wins(verdict, albastini) == "3♠ is the highest trump in the trick"
    assert points_sum(verdict).text == "11 + 0 = 11"
    assert explain_verdict(verdict, albastini) == "3♠ is the highest trump in the trick. The trick is worth 11 + 0 = 11 points."


def test_e2_a14_the_ace_holds_against_the_seven(albastini):
    """E2: same with 7♥ for 3♠: A♥ wins the suit led; 11 + 10 = 21 points."""
    verdict = trick_verdict(albastini, S, cards("A♥ 7♥"))
    assert (verdict.winner, verdict.card) == (0, C("A♥"))
    assert verdict.reason is WinReason.HIGHEST_OF_LED_SUIT
    assert verdict.points == 21
    assert trick_roles(albastini, verdict) == (Role.WINS, Role.LOWER_OF_LED_SUIT)
    assert explain_verdict(verdict, albastini) == ("A♥ is the highest card of the suit led, hearts, and no trump "
                                        "was played. The trick is worth 11 + 10 = 21 points.")


def test_a14_a_card_of_another_plain_suit_never_wins(albastini):
    """A14: A♦ is off-suit on a heart lead and cannot win, whatever its rank."""
    verdict = trick_verdict(albastini, S, cards("3♥ A♦"))
    assert (verdict.winner, verdict.card, verdict.reason) == (0, C("3♥"), WinReason.HIGHEST_OF_LED_SUIT)
    assert trick_roles(albastini, verdict) == (Role.WINS, Role.OFF_SUIT)
    assert verdict.points == 11


def test_a14_no_points_no_points_sentence(albastini):
    verdict = trick_verdict(albastini, S, cards("6♥ 5♦"))
    assert verdict.points == 0
    assert explain_verdict(verdict, albastini) == ("6♥ is the highest card of the suit led, hearts, and no trump "
                                        "was played.")


def test_a14_highest_of_several_trumps(albastini):
    """A14: several trumps: the highest trump wins; the suit led is trumped."""
    verdict = trick_verdict(albastini, S, cards("A♥ 3♠ 7♠ K♥"))
    assert (verdict.winner, verdict.card, verdict.reason) == (2, C("7♠"), WinReason.HIGHEST_TRUMP)
    assert trick_roles(albastini, verdict) == (Role.TRUMPED, Role.LOWER_TRUMP, Role.WINS, Role.TRUMPED)
    assert verdict.points == 11 + 0 + 10 + 4


def test_a14_trump_led(albastini):
    """A14: a trump lead; the suit led is the trump suit, plain aces are off-suit."""
    verdict = trick_verdict(albastini, S, cards("3♠ A♥ 4♠"))
    assert (verdict.winner, verdict.card, verdict.reason) == (2, C("4♠"), WinReason.HIGHEST_TRUMP)
    assert verdict.led is S
    assert trick_roles(albastini, verdict) == (Role.LOWER_TRUMP, Role.OFF_SUIT, Role.WINS)


def test_a14_lead_wins_when_nobody_follows_or_trumps(albastini):
    verdict = trick_verdict(albastini, CL, cards("3♥ A♦ A♠ 7♦ 7♠ K♦"))
    assert (verdict.winner, verdict.card) == (0, C("3♥"))
    assert trick_roles(albastini, verdict) == (Role.WINS,) + (Role.OFF_SUIT,) * 5
    assert verdict.points == 0 + 11 + 11 + 10 + 10 + 4


def test_a14_a4_six_card_trick(albastini):
    """A4, A14: six players; the last card can still win."""
    verdict = trick_verdict(albastini, D, cards("K♥ A♥ 3♣ 7♥ J♦ 3♦"))
    assert (verdict.winner, verdict.card, verdict.reason) == (4, C("J♦"), WinReason.HIGHEST_TRUMP)
    assert trick_roles(albastini, verdict) == (Role.TRUMPED, Role.TRUMPED, Role.OFF_SUIT, Role.TRUMPED, Role.WINS,
                             Role.LOWER_TRUMP)
    assert verdict.points == 4 + 11 + 0 + 10 + 3 + 0


@pytest.mark.parametrize("plays", ["A♥ 3♠ 7♠", "A♥ 3♠ 7♠ K♥", "A♥ 3♠ 7♠ K♥ Q♦"])
def test_a4_a18_tricks_of_three_four_and_five_cards(albastini, plays):
    """A4, A18: 3, 4 and 5 players give tricks of 3, 4 and 5 cards."""
    verdict = trick_verdict(albastini, S, cards(plays))
    assert verdict.card == C("7♠")


@pytest.mark.parametrize("plays, size", [("A♥", 1), ("", 0), ("A♥ 7♥ K♥ J♥ Q♥ 6♥ 5♥", 7)])
def test_a4_wrong_trick_sizes_are_refused(albastini, plays, size):
    """A4: a trick has 2 to 6 cards (one per player). The message should read as English."""
    with pytest.raises(RuleError) as error:
        trick_verdict(albastini, S, cards(plays))
    assert str(error.value) == f"Albastini tricks have 2 to 6 cards, not {size}"


def test_repeated_card_in_a_trick_is_refused(albastini):
    with pytest.raises(RuleError) as error:
        trick_verdict(albastini, S, cards("A♥ 3♠ A♥"))
    assert str(error.value) == "A♥ appears twice; a deck holds each card once"


@pytest.mark.parametrize("plays, card", [("A♥ 2♠", "2♠"), ("10♥ A♥", "10♥"), ("A♥ 9♠ 8♦", "9♠")])
def test_a1_card_outside_the_deck_is_refused_in_a_trick(albastini, plays, card):
    with pytest.raises(CardNotInDeck) as error:
        trick_verdict(albastini, S, cards(plays))
    assert str(error.value) == (f"{card} is not in the Albastini deck "
                                "(36 cards: A 7 K J Q 6 5 4 3 of ♠ ♥ ♦ ♣)")


# --- A13: no obligations -------------------------------------------------------------------------

def test_a13_the_game_has_no_follow_rule(albastini):
    assert albastini.follow is FollowRule.NONE


def test_a13_lead_any_card(albastini):
    """A13: leading, every card may be played, in hand order."""
    legality = legal_plays(albastini, S, (), cards("K♥ 3♠ A♦"))
    assert legality.duty is Duty.LEAD
    assert names(legality.legal) == ["K♥", "3♠", "A♦"]
    assert legality.refused == {}
    assert legality.led is None
    assert explain_legality(legality) == "You lead: any card may be played."


@pytest.mark.parametrize("trick", ["A♥", "A♥ 3♠", "A♥ 3♠ 7♠ K♥ Q♦"])
def test_a13_any_card_may_be_played_even_holding_the_suit_led_and_trumps(albastini, trick):
    """A13: holding hearts and trumps, a club may still be thrown on a heart lead."""
    legality = legal_plays(albastini, S, cards(trick), cards("4♣ 7♥ A♠ 3♦ 6♥"))
    assert legality.duty is Duty.NONE
    assert names(legality.legal) == ["4♣", "7♥", "A♠", "3♦", "6♥"]
    assert legality.refused == {}
    assert legality.led is H
    assert explain_legality(legality) == "No obligations: any card may be played."
    assert Duty.NONE.refusal is None


def test_a13_the_trick_is_complete_at_six_cards(albastini):
    with pytest.raises(RuleError) as error:
        legal_plays(albastini, S, cards("A♥ 3♠ 7♠ K♥ Q♦ J♦"), cards("4♣"))
    assert str(error.value) == "the trick is already complete with 6 cards"


def test_a13_an_empty_hand_is_refused(albastini):
    with pytest.raises(RuleError) as error:
        legal_plays(albastini, S, cards("A♥"), ())
    assert str(error.value) == "the hand is empty; there is nothing to play"


def test_a13_a_card_both_in_the_trick_and_in_the_hand_is_refused(albastini):
    with pytest.raises(RuleError) as error:
        legal_plays(albastini, S, cards("A♥"), cards("3♠ A♥"))
    assert str(error.value) == "A♥ appears twice; a deck holds each card once"


def test_a13_a_card_outside_the_deck_in_the_hand_is_refused(albastini):
    with pytest.raises(CardNotInDeck) as error:
        legal_plays(albastini, S, cards("A♥"), cards("3♠ 8♥"))
    assert str(error.value) == "8♥ is not in the Albastini deck (36 cards: A 7 K J Q 6 5 4 3 of ♠ ♥ ♦ ♣)"


def test_a14_why_each_card_lost(albastini):
    """A14: the role of every card, and its sentence, for a five-card trick."""
    from tutorial_engine.i18n.explain import why_role

    plays = cards("A♥ 3♠ 7♠ K♥ Q♦")
    verdict = trick_verdict(albastini, S, plays)
    assert verdict.plays == plays
    sentences = [why_role(card, role, verdict, albastini)
                 for card, role in zip(plays, trick_roles(albastini, verdict))]
    assert sentences == [
        "A♥ is of the suit led, but a trump takes the trick",
        "3♠ is a lower trump than 7♠",
        "7♠ is the highest trump in the trick",
        "K♥ is of the suit led, but a trump takes the trick",
        "Q♦ is neither trump nor of the suit led, so it cannot win",
    ]
    lower = trick_verdict(albastini, S, cards("Q♥ K♥"))
    assert why_role(C("Q♥"), Role.LOWER_OF_LED_SUIT, lower, albastini) == "Q♥ is lower than K♥ in the suit led"
