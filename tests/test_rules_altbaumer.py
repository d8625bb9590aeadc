"""Altbaumer rule kernels against the facts (examples/altbaumer/facts.md): B1–B6, B12, B14–B18.

Each test names the fact it checks.
"""

from __future__ import annotations

import pytest

from tutorial_engine.engine.cards import Card, Suit, parse_cards
from tutorial_engine.engine.game import CardNotInDeck, FollowRule
from tutorial_engine.engine.rules import (
    Duty,
    Role,
    RuleError,
    WinReason,
    legal_plays,
    rank_cards,
    trick_roles,
    trick_verdict,
)
from tutorial_engine.i18n.explain import explain_legality, explain_verdict, points_sum, why_refused, why_wins

C = Card.parse
S, H, D, CL = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def names(cards_) -> list[str]:
    return [str(card) for card in cards_]


def legal(game, trump, trick, hand):
    return legal_plays(game, trump, cards(trick), cards(hand))


def refused(legality) -> dict[str, str]:
    return {str(card): code for card, code in legality.refused.items()}


# --- B3–B5: orders -------------------------------------------------------------------------------

def test_b3_the_trees_are_permanent_trumps_queen_above_jack(altbaumer):
    """B3: Q♣ and J♣, Q♣ above J♣."""
    assert names(altbaumer.permanent_trumps) == ["Q♣", "J♣"]
    assert altbaumer.permanent_trump_suit is CL
    assert str(trick_verdict(altbaumer, H, cards("J♣ Q♣ A♥")).card) == "Q♣"
    assert str(trick_verdict(altbaumer, H, cards("Q♣ A♥ J♣ K♥")).card) == "Q♣"


@pytest.mark.parametrize("trump", [S, H, D])
def test_b4_trump_order_trees_then_a_k_10_q_j_9(altbaumer, trump):
    """B4: eight trumps when clubs are not trump: Q♣ J♣ A K 10 Q J 9 of the trump suit."""
    t = str(trump)
    expected = ["Q♣", "J♣"] + [f"{rank}{t}" for rank in "A K 10 Q J 9".split()]
    ranking = rank_cards(altbaumer, trump, cards(" ".join(reversed(expected))))
    assert names(ranking.order) == expected


def test_b4_clubs_as_trump_do_not_repeat_the_honours(altbaumer):
    """B4: clubs trump: Q♣ J♣ A♣ K♣ 10♣ 9♣, six trumps."""
    ranking = rank_cards(altbaumer, CL, cards("9♣ 10♣ K♣ A♣ J♣ Q♣"))
    assert names(ranking.order) == ["Q♣", "J♣", "A♣", "K♣", "10♣", "9♣"]
    assert len(altbaumer.table(CL).trump_strength) == 6
    assert len(altbaumer.table(D).trump_strength) == 8


@pytest.mark.parametrize("suit", ["♠", "♥", "♦"])
def test_b5_plain_order_a_10_k_q_j_9(altbaumer, suit):
    """B5: A 10 K Q J 9 in a suit that is not trump (the ten above the king)."""
    ranking = rank_cards(altbaumer, CL, cards(" ".join(f"{r}{suit}" for r in "9 J Q K 10 A".split())))
    assert names(ranking.order) == [f"{r}{suit}" for r in "A 10 K Q J 9".split()]


def test_b5_ordinary_clubs_are_only_a_10_k_9(altbaumer):
    """B5: not trump, clubs are A♣ 10♣ K♣ 9♣; the trees rank above them as trumps."""
    ranking = rank_cards(altbaumer, D, cards("9♣ K♣ 10♣ A♣"))
    assert names(ranking.order) == ["A♣", "10♣", "K♣", "9♣"]
    assert set(altbaumer.table(D).plain_strength).isdisjoint(altbaumer.permanent_trumps)
    with_trees = rank_cards(altbaumer, D, cards("9♣ J♣ A♣ Q♣"))
    assert names(with_trees.order) == ["Q♣", "J♣", "A♣", "9♣"]


def test_b4_b5_ten_and_king_swap_between_plain_and_trump(altbaumer):
    """B4, B5: K above 10 in trumps, 10 above K in a plain suit."""
    assert str(trick_verdict(altbaumer, D, cards("10♦ K♦ 9♥")).card) == "K♦"
    assert str(trick_verdict(altbaumer, D, cards("K♥ 10♥ 9♠")).card) == "10♥"


# --- B6: no card points --------------------------------------------------------------------------

def test_b6_cards_carry_no_points(altbaumer):
    assert altbaumer.total_points == 0
    assert all(altbaumer.card_points(card) == 0 for card in altbaumer.deck)
    verdict = trick_verdict(altbaumer, D, cards("A♥ 10♥ A♦ K♥"))
    assert verdict.card_points == (0, 0, 0, 0)
    assert verdict.points == 0
    assert points_sum(verdict).text == "0 + 0 + 0 + 0 = 0"
    assert explain_verdict(verdict, altbaumer) == "A♦ is the highest trump in the trick."


# --- B17, B15, B16, B18: trick winners -----------------------------------------------------------

def test_b17_highest_card_of_the_suit_led(altbaumer):
    verdict = trick_verdict(altbaumer, D, cards("K♥ A♥ A♠ 9♥"))
    assert (verdict.winner, verdict.card, verdict.reason) == (1, C("A♥"), WinReason.HIGHEST_OF_LED_SUIT)
    assert verdict.led is H
    assert trick_roles(altbaumer, verdict) == (Role.LOWER_OF_LED_SUIT, Role.WINS, Role.OFF_SUIT,
                                               Role.LOWER_OF_LED_SUIT)
    assert explain_verdict(verdict, altbaumer) == ("A♥ is the highest card of the suit led, hearts, and no "
                                        "trump was played.")


def test_b17_highest_trump(altbaumer):
    verdict = trick_verdict(altbaumer, D, cards("A♥ 9♦ K♦ 10♥"))
    assert (verdict.winner, verdict.card, verdict.reason) == (2, C("K♦"), WinReason.HIGHEST_TRUMP)
    assert trick_roles(altbaumer, verdict) == (Role.TRUMPED, Role.LOWER_TRUMP, Role.WINS, Role.TRUMPED)
    assert why_wins(verdict, altbaumer) == "K♦ is the highest trump in the trick"


def test_b18_tree_beats_even_the_trump_ace(altbaumer):
    """B18: diamonds trump, 9♣ led, A♣ then J♣: J♣ beats even A♦ (B15: a tree wins as top trump)."""
    verdict = trick_verdict(altbaumer, D, cards("9♣ A♣ J♣ A♦"))
    assert (verdict.winner, verdict.card, verdict.reason) == (2, C("J♣"), WinReason.TREE)
    assert verdict.led is CL
    assert trick_roles(altbaumer, verdict) == (Role.TRUMPED, Role.TRUMPED, Role.WINS, Role.LOWER_TRUMP)
    assert why_wins(verdict, altbaumer) == "J♣ is a tree, and the trees outrank every other trump"
    assert explain_verdict(verdict, altbaumer) == "J♣ is a tree, and the trees outrank every other trump."


def test_b15_without_a_tree_or_trump_the_ordinary_club_lead_wins(altbaumer):
    """B15, B17: ordinary clubs follow each other; A♣ is the highest of them."""
    verdict = trick_verdict(altbaumer, D, cards("9♣ A♣ K♣ 10♥"))
    assert (verdict.winner, verdict.card, verdict.reason) == (1, C("A♣"), WinReason.HIGHEST_OF_LED_SUIT)


def test_b16_tree_led_is_a_trump_lead(altbaumer):
    """B16: a tree led makes the trump suit the suit led; ordinary clubs are off-suit."""
    verdict = trick_verdict(altbaumer, H, cards("J♣ A♣ A♥ Q♣"))
    assert (verdict.winner, verdict.card, verdict.reason) == (3, C("Q♣"), WinReason.TREE)
    assert verdict.led is H
    assert trick_roles(altbaumer, verdict) == (Role.LOWER_TRUMP, Role.OFF_SUIT, Role.LOWER_TRUMP,
                                               Role.WINS)


def test_b16_tree_led_lower_trumps_do_not_win(altbaumer):
    verdict = trick_verdict(altbaumer, H, cards("J♣ A♥ K♥ A♣"))
    assert (verdict.winner, verdict.card, verdict.reason) == (0, C("J♣"), WinReason.TREE)


def test_b4_clubs_trump_ordinary_club_led_is_a_trump_lead(altbaumer):
    """B4: with clubs trump, A♣ beats K♣ (trump order), a tree beats both."""
    verdict = trick_verdict(altbaumer, CL, cards("K♣ 9♣ A♣ 10♣"))
    assert (verdict.winner, verdict.card, verdict.reason) == (2, C("A♣"), WinReason.HIGHEST_TRUMP)
    assert verdict.led is CL
    verdict = trick_verdict(altbaumer, CL, cards("A♣ 10♣ J♣ A♥"))
    assert (verdict.winner, verdict.card, verdict.reason) == (2, C("J♣"), WinReason.TREE)
    assert trick_roles(altbaumer, verdict) == (Role.LOWER_TRUMP, Role.LOWER_TRUMP, Role.WINS,
                                               Role.OFF_SUIT)


def test_b12_a_solo_trick_has_three_cards(altbaumer):
    """B12: three play when a solo leaves the partner out."""
    verdict = trick_verdict(altbaumer, D, cards("9♣ A♣ 9♦"))
    assert (verdict.winner, verdict.card, verdict.reason) == (2, C("9♦"), WinReason.HIGHEST_TRUMP)
    verdict = trick_verdict(altbaumer, S, cards("A♥ K♥ 10♥"))
    assert (verdict.winner, verdict.card) == (0, C("A♥"))


@pytest.mark.parametrize("plays, size", [("A♥ K♥", 2), ("A♥", 1), ("A♥ K♥ Q♥ J♥ 10♥", 5)])
def test_b2_b12_wrong_trick_sizes_are_refused(altbaumer, plays, size):
    """B2, B12: a trick has 3 or 4 cards. The message should read as English ("an Altbaumer")."""
    with pytest.raises(RuleError) as error:
        trick_verdict(altbaumer, D, cards(plays))
    assert str(error.value) == f"Altbaumer tricks have 3 or 4 cards, not {size}"


def test_repeated_card_in_a_trick_is_refused(altbaumer):
    with pytest.raises(RuleError) as error:
        trick_verdict(altbaumer, D, cards("9♣ A♣ 9♣ A♦"))
    assert str(error.value) == "9♣ appears twice; a deck holds each card once"


@pytest.mark.parametrize("plays, card", [("9♣ A♣ 8♣", "8♣"), ("7♥ A♥ K♥ Q♥", "7♥"), ("A♥ K♥ 2♠", "2♠")])
def test_b1_card_outside_the_deck_is_refused(altbaumer, plays, card):
    with pytest.raises(CardNotInDeck) as error:
        trick_verdict(altbaumer, D, cards(plays))
    assert str(error.value) == f"{card} is not in the Altbaumer deck (24 cards: A 10 K Q J 9 of ♠ ♥ ♦ ♣)"


# --- B14–B16, B18: legal plays -------------------------------------------------------------------

def test_b14_the_game_has_follow_duties(altbaumer):
    assert altbaumer.follow is FollowRule.SUIT_THEN_TRUMP


def test_b13_the_leader_may_lead_anything(altbaumer):
    legality = legal(altbaumer, D, "", "K♥ Q♣ 9♦ A♠")
    assert legality.duty is Duty.LEAD
    assert names(legality.legal) == ["K♥", "Q♣", "9♦", "A♠"]
    assert legality.refused == {}
    assert explain_legality(legality) == "You lead: any card may be played."


def test_b14_follow_suit(altbaumer):
    """B14: holding the suit led, you must follow; trumps and other suits are refused."""
    legality = legal(altbaumer, D, "K♥", "A♠ 9♥ A♦ 10♥ Q♣")
    assert legality.duty is Duty.FOLLOW
    assert legality.led is H
    assert names(legality.legal) == ["9♥", "10♥"]
    assert refused(legality) == {"A♠": "must-follow", "A♦": "must-follow", "Q♣": "must-follow"}
    assert list(refused(legality)) == ["A♠", "A♦", "Q♣"]  # hand order
    assert why_refused(legality) == "you must follow ♥"
    assert explain_legality(legality) == "You must follow suit: hearts were led."


def test_b14_no_duty_to_head_the_trick(altbaumer):
    """B14: you need not beat the cards already played: a low heart is as legal as the ace."""
    legality = legal(altbaumer, D, "K♥ 10♥", "9♥ A♥")
    assert names(legality.legal) == ["9♥", "A♥"]
    assert legality.refused == {}
    assert legality.duty is Duty.FOLLOW
    assert explain_legality(legality) == "Every card of the hand follows the lead."


def test_b14_must_trump_but_no_duty_to_overtrump(altbaumer):
    """B14: unable to follow you must trump, but a lower trump is as legal as a higher one."""
    legality = legal(altbaumer, D, "A♠ K♦", "9♦ K♥ A♦")
    assert legality.duty is Duty.TRUMP
    assert names(legality.legal) == ["9♦", "A♦"]
    assert refused(legality) == {"K♥": "must-trump"}
    assert explain_legality(legality) == "You hold no spades: you must trump."


def test_b14_every_card_a_trump(altbaumer):
    legality = legal(altbaumer, D, "A♠", "9♦ A♦")
    assert legality.duty is Duty.TRUMP
    assert legality.refused == {}
    assert explain_legality(legality) == "Every card of the hand is a trump, as the duty requires."


def test_b14_neither_follow_nor_trump_play_anything(altbaumer):
    legality = legal(altbaumer, D, "A♠ K♠", "K♥ A♣ 10♥")
    assert legality.duty is Duty.FREE
    assert names(legality.legal) == ["K♥", "A♣", "10♥"]
    assert legality.refused == {}
    assert explain_legality(legality) == "You can neither follow nor trump: any card may be played."


def test_b14_trump_led_follow_with_a_trump_the_tree_counts(altbaumer):
    """B14, B15: trees are trumps, so they follow a trump lead."""
    legality = legal(altbaumer, D, "A♦", "K♥ J♣ A♣ 9♦")
    assert legality.duty is Duty.FOLLOW
    assert legality.led is D
    assert names(legality.legal) == ["J♣", "9♦"]
    assert refused(legality) == {"K♥": "must-follow", "A♣": "must-follow"}
    assert explain_legality(legality) == "A trump was led: you must follow with a trump."


def test_b18_tree_follows_an_ordinary_club(altbaumer):
    """B18: diamonds trump, 9♣ led, holding A♣ and J♣: both are legal; K♥ is refused."""
    legality = legal(altbaumer, D, "9♣", "A♣ J♣ K♥")
    assert legality.duty is Duty.FOLLOW
    assert legality.led is CL
    assert names(legality.legal) == ["A♣", "J♣"]
    assert refused(legality) == {"K♥": "must-follow"}
    assert explain_legality(legality) == "You must follow suit: clubs were led."


def test_b18_next_player_must_trump_not_throw_a_heart(altbaumer):
    """B18: no ordinary club and no tree but 9♦: he must play it, not a heart."""
    legality = legal(altbaumer, D, "9♣ J♣", "K♥ 9♦ A♥")
    assert legality.duty is Duty.TRUMP
    assert names(legality.legal) == ["9♦"]
    assert refused(legality) == {"K♥": "must-trump", "A♥": "must-trump"}
    assert explain_legality(legality) == "You hold no clubs: you must trump."


def test_b15_ordinary_club_led_club_or_tree_in_hand_order(altbaumer):
    """B15: holding an ordinary club you may play it or a tree (either tree), nothing else."""
    legality = legal(altbaumer, H, "K♣", "Q♣ A♥ 9♣ J♣ A♠")
    assert legality.duty is Duty.FOLLOW
    assert names(legality.legal) == ["Q♣", "9♣", "J♣"]
    assert refused(legality) == {"A♥": "must-follow", "A♠": "must-follow"}


def test_b15_ordinary_club_led_a_tree_is_compulsory_before_a_trump(altbaumer):
    """B15: no ordinary club: a tree is compulsory, before any ordinary trump."""
    legality = legal(altbaumer, D, "A♣", "A♦ K♥ J♣")
    assert legality.duty is Duty.PLAY_TREE
    assert legality.led is CL
    assert names(legality.legal) == ["J♣"]
    assert refused(legality) == {"A♦": "must-play-tree", "K♥": "must-play-tree"}
    assert explain_legality(legality) == ("An ordinary card of clubs was led and you hold none: "
                                          "you must play a tree before an ordinary trump.")


def test_b15_both_trees_may_answer_an_ordinary_club(altbaumer):
    legality = legal(altbaumer, S, "10♣ A♠", "J♣ A♥ Q♣")
    assert legality.duty is Duty.PLAY_TREE
    assert names(legality.legal) == ["J♣", "Q♣"]
    assert refused(legality) == {"A♥": "must-play-tree"}


def test_b15_only_trees_in_hand(altbaumer):
    legality = legal(altbaumer, S, "10♣", "J♣ Q♣")
    assert legality.duty is Duty.PLAY_TREE
    assert legality.refused == {}
    assert explain_legality(legality) == "Every card of the hand is a tree, as the duty requires."


def test_b15_no_ordinary_club_no_tree_must_trump(altbaumer):
    legality = legal(altbaumer, S, "10♣", "A♥ 9♠ K♠")
    assert legality.duty is Duty.TRUMP
    assert names(legality.legal) == ["9♠", "K♠"]
    assert refused(legality) == {"A♥": "must-trump"}


def test_b15_no_club_no_tree_no_trump_play_anything(altbaumer):
    legality = legal(altbaumer, S, "10♣", "A♥ 9♦")
    assert legality.duty is Duty.FREE
    assert names(legality.legal) == ["A♥", "9♦"]


def test_b16_tree_led_answer_with_trumps_ordinary_clubs_do_not_follow(altbaumer):
    """B16: a tree led is a trump lead; the other tree counts; ordinary clubs do not follow."""
    legality = legal(altbaumer, D, "Q♣", "A♣ K♥ 9♦ J♣")
    assert legality.duty is Duty.FOLLOW
    assert legality.led is D
    assert names(legality.legal) == ["9♦", "J♣"]
    assert refused(legality) == {"A♣": "must-follow", "K♥": "must-follow"}
    assert explain_legality(legality) == "A trump was led: you must follow with a trump."


def test_b16_tree_led_without_trumps_an_ordinary_club_is_not_required(altbaumer):
    legality = legal(altbaumer, D, "J♣", "K♥ A♣")
    assert legality.duty is Duty.FREE
    assert names(legality.legal) == ["K♥", "A♣"]
    assert legality.refused == {}


def test_b4_clubs_trump_an_ordinary_club_lead_is_a_trump_lead(altbaumer):
    """B4: clubs trump: a club lead is answered by any trump, trees included."""
    legality = legal(altbaumer, CL, "A♣", "K♥ Q♣ 9♣ A♦")
    assert legality.duty is Duty.FOLLOW
    assert legality.led is CL
    assert names(legality.legal) == ["Q♣", "9♣"]
    assert refused(legality) == {"K♥": "must-follow", "A♦": "must-follow"}
    assert explain_legality(legality) == "A trump was led: you must follow with a trump."


def test_b4_clubs_trump_tree_is_a_trump_for_a_must_trump(altbaumer):
    legality = legal(altbaumer, CL, "A♥", "K♠ J♣ A♦")
    assert legality.duty is Duty.TRUMP
    assert names(legality.legal) == ["J♣"]
    assert refused(legality) == {"K♠": "must-trump", "A♦": "must-trump"}


def test_b14_a_tree_counts_as_a_trump_when_you_must_trump(altbaumer):
    legality = legal(altbaumer, D, "A♥", "K♠ Q♣ 9♦")
    assert legality.duty is Duty.TRUMP
    assert names(legality.legal) == ["Q♣", "9♦"]
    assert refused(legality) == {"K♠": "must-trump"}


def test_b14_the_fourth_player_may_play_to_three_cards(altbaumer):
    legality = legal(altbaumer, D, "K♥ A♥ 9♦", "10♥ A♠")
    assert names(legality.legal) == ["10♥"]


def test_b14_a_four_card_trick_is_complete(altbaumer):
    with pytest.raises(RuleError) as error:
        legal(altbaumer, D, "K♥ A♥ 9♦ 10♥", "A♠")
    assert str(error.value) == "the trick is already complete with 4 cards"


def test_b14_empty_hand(altbaumer):
    with pytest.raises(RuleError) as error:
        legal(altbaumer, D, "K♥", "")
    assert str(error.value) == "the hand is empty; there is nothing to play"


def test_b14_card_in_trick_and_hand(altbaumer):
    with pytest.raises(RuleError) as error:
        legal(altbaumer, D, "9♣", "A♣ 9♣")
    assert str(error.value) == "9♣ appears twice; a deck holds each card once"


def test_b1_card_outside_the_deck_in_a_hand(altbaumer):
    with pytest.raises(CardNotInDeck) as error:
        legal(altbaumer, D, "9♣", "A♣ 8♣")
    assert str(error.value) == "8♣ is not in the Altbaumer deck (24 cards: A 10 K Q J 9 of ♠ ♥ ♦ ♣)"


def test_refusal_codes_of_each_duty():
    assert [duty.refusal for duty in Duty] == [None, None, "must-follow", "must-play-tree",
                                               "must-trump", None, None, "must-head"]
    assert [duty.value for duty in Duty] == ["lead", "none", "follow", "play-tree", "trump", "free", "void", "head"]


def test_b3_the_higher_tree_says_which_tree_it_beats(altbaumer):
    """B3: Q♣ above J♣; the explanation names the lower tree, not only "a tree is highest"."""
    verdict = trick_verdict(altbaumer, D, cards("J♣ A♦ Q♣ 9♦"))
    assert (verdict.winner, verdict.card, verdict.reason) == (2, C("Q♣"), WinReason.TREE)
    assert why_wins(verdict, altbaumer) == (
        "Q♣ beats the other tree, J♣, because this site ranks it higher; the trees outrank every other trump")
