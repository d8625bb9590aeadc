"""The one card parser: every notation a person may type, canonical printing, exact refusals."""

from __future__ import annotations

import pytest

from tutorial_engine.engine.cards import Card, CardSyntaxError, Rank, Suit, parse_cards
from tutorial_engine.engine.game import CardNotInDeck

CARD_FORMS = ("a rank A K Q J 10 (or T) 9 … 2 followed by a suit ♠ ♥ ♦ ♣ or S H D C, "
              "as in A♥, AH, 10♦, TD")
SUIT_FORMS = "expected one of ♠ ♥ ♦ ♣, S H D C or spades, hearts, diamonds, clubs"


@pytest.mark.parametrize("text", ["A♥", "AH", "ah", "aH", "Ah", " A♥ ", "A♡"])
def test_ace_of_hearts_in_every_notation(text):
    assert Card.parse(text) == Card(Rank.ACE, Suit.HEARTS)


@pytest.mark.parametrize("text", ["10♦", "TD", "T♦", "t♦", "td", "10d", "10D", "10♢"])
def test_ten_of_diamonds_in_every_notation(text):
    assert Card.parse(text) == Card(Rank.TEN, Suit.DIAMONDS)


@pytest.mark.parametrize("text, card", [
    ("Q♣", Card(Rank.QUEEN, Suit.CLUBS)),
    ("qc", Card(Rank.QUEEN, Suit.CLUBS)),
    ("J♣", Card(Rank.JACK, Suit.CLUBS)),
    ("7s", Card(Rank.SEVEN, Suit.SPADES)),
    ("3♠", Card(Rank.THREE, Suit.SPADES)),
    ("9♤", Card(Rank.NINE, Suit.SPADES)),
    ("KC", Card(Rank.KING, Suit.CLUBS)),
    ("2♧", Card(Rank.TWO, Suit.CLUBS)),
])
def test_other_ranks_and_suits(text, card):
    assert Card.parse(text) == card


@pytest.mark.parametrize("text", ["♠", "S", "s", "spades", "spade", "Spades", "SPADES", "Spade",
                                  "♤", " s "])
def test_spades_in_every_notation(text):
    assert Suit.parse(text) is Suit.SPADES


@pytest.mark.parametrize("text, suit", [
    ("♥", Suit.HEARTS), ("H", Suit.HEARTS), ("hearts", Suit.HEARTS), ("heart", Suit.HEARTS),
    ("♦", Suit.DIAMONDS), ("d", Suit.DIAMONDS), ("diamonds", Suit.DIAMONDS),
    ("diamond", Suit.DIAMONDS), ("♣", Suit.CLUBS), ("C", Suit.CLUBS), ("clubs", Suit.CLUBS),
    ("club", Suit.CLUBS),
])
def test_every_suit_by_symbol_letter_and_word(text, suit):
    assert Suit.parse(text) is suit


@pytest.mark.parametrize("text, printed", [
    ("ah", "A♥"), ("AH", "A♥"), ("TD", "10♦"), ("t♦", "10♦"), ("10d", "10♦"), ("qc", "Q♣"),
    ("7s", "7♠"), ("J♧", "J♣"),
])
def test_canonical_printing(text, printed):
    assert str(Card.parse(text)) == printed


def test_repr_shows_the_canonical_card():
    assert repr(Card.parse("td")) == "Card(10♦)"


def test_suit_prints_as_its_symbol_and_knows_its_letter():
    assert [str(suit) for suit in Suit] == ["♠", "♥", "♦", "♣"]
    assert [suit.letter for suit in Suit] == ["S", "H", "D", "C"]


def test_parse_cards_splits_on_spaces_and_commas():
    assert [str(card) for card in parse_cards("A♣ J♣, K♥,TD  3s")] == ["A♣", "J♣", "K♥", "10♦", "3♠"]


def test_parse_cards_of_nothing_is_empty():
    assert parse_cards("") == ()
    assert parse_cards(" , ") == ()


@pytest.mark.parametrize("text", ["", "♥", "A", "1♥", "11♥", "AX", "Z♠", "0D", "♥A", "seven of cups"])
def test_card_refusal_names_the_input_and_the_accepted_forms(text):
    with pytest.raises(CardSyntaxError) as error:
        Card.parse(text)
    assert str(error.value) == f"'{text}' is not a card; expected {CARD_FORMS}"


@pytest.mark.parametrize("text, meant", [
    ("A♥♥", "A♥"), ("ace of hearts", "A♥"), ("A-H", "A♥"), ("Ahearts", "A♥"), ("Q♠s", "Q♠"),
    ("Ten of Diamonds", "10♦"), ("10 spades", "10♠"), ("jack-clubs", "J♣"), ("two♣♣", "2♣"),
    ("Q hearts", "Q♥"), ("king of ♡", "K♥"),
])
def test_a_misspelt_card_name_says_what_was_meant(text, meant):
    with pytest.raises(CardSyntaxError) as error:
        Card.parse(text)
    assert str(error.value) == f"'{text}' is not a card; expected {CARD_FORMS}; did you mean {meant}?"


def test_card_refusal_whole_string():
    with pytest.raises(CardSyntaxError) as error:
        Card.parse("Z♠")
    assert str(error.value) == ("'Z♠' is not a card; expected a rank A K Q J 10 (or T) 9 … 2 followed "
                                "by a suit ♠ ♥ ♦ ♣ or S H D C, as in A♥, AH, 10♦, TD")


def test_card_syntax_error_is_a_value_error():
    assert issubclass(CardSyntaxError, ValueError)


def test_parse_cards_refuses_the_bad_one_by_name():
    with pytest.raises(CardSyntaxError) as error:
        parse_cards("A♥ 3X K♠")
    assert str(error.value) == f"'3X' is not a card; expected {CARD_FORMS}"


@pytest.mark.parametrize("text", ["x", "", "sp", "♠♠", "spadess", "trump"])
def test_suit_refusal(text):
    with pytest.raises(CardSyntaxError) as error:
        Suit.parse(text)
    assert str(error.value) == f"'{text}' is not a suit; {SUIT_FORMS}"


def test_rank_parse_and_refusal():
    assert Rank.parse("t") is Rank.TEN
    assert Rank.parse("10") is Rank.TEN
    assert Rank.parse("q") is Rank.QUEEN
    with pytest.raises(CardSyntaxError) as error:
        Rank.parse("1")
    assert str(error.value) == "'1' is not a rank; expected one of A K Q J 10 9 8 7 6 5 4 3 2 (T for 10)"


# --- cards a game's deck does not hold ------------------------------------------------------------

ALBASTINI_DECK = "36 cards: A 7 K J Q 6 5 4 3 of ♠ ♥ ♦ ♣"
ALTBAUMER_DECK = "24 cards: A 10 K Q J 9 of ♠ ♥ ♦ ♣"


def test_albastini_deck_is_36_cards_without_2_8_9_10(albastini):
    """A1: 36 cards, no 2s, 8s, 9s, 10s."""
    assert len(albastini.deck) == 36
    assert {card.rank for card in albastini.deck} == {Rank.parse(r) for r in "A 7 K J Q 6 5 4 3".split()}
    assert {card.suit for card in albastini.deck} == set(Suit)
    assert albastini.deck_text() == ALBASTINI_DECK


def test_altbaumer_deck_is_24_cards(altbaumer):
    """B1: A K Q J 10 9 in each suit."""
    assert len(altbaumer.deck) == 24
    assert {card.rank for card in altbaumer.deck} == {Rank.parse(r) for r in "A K Q J 10 9".split()}
    assert altbaumer.deck_text() == ALTBAUMER_DECK


@pytest.mark.parametrize("text", ["2♠", "8♦", "9♣", "10♥"])
def test_card_not_in_albastini_deck_names_the_deck(albastini, text):
    with pytest.raises(CardNotInDeck) as error:
        albastini.require(Card.parse(text))
    assert str(error.value) == f"{text} is not in the Albastini deck ({ALBASTINI_DECK})"


@pytest.mark.parametrize("text", ["8♥", "7♠", "2♣"])
def test_card_not_in_altbaumer_deck_names_the_deck(altbaumer, text):
    with pytest.raises(CardNotInDeck) as error:
        altbaumer.require(Card.parse(text))
    assert str(error.value) == f"{text} is not in the Altbaumer deck ({ALTBAUMER_DECK})"


def test_deck_cards_are_accepted_and_returned(albastini, altbaumer):
    assert albastini.require(Card.parse("7♥")) == Card.parse("7♥")
    assert altbaumer.require(Card.parse("TC")) == Card.parse("10♣")


def test_same_card_parsed_twice_is_equal_and_hashable():
    assert Card.parse("A♥") == Card.parse("ah")
    assert len({Card.parse("A♥"), Card.parse("ah"), Card.parse("AH")}) == 1


def test_cards_are_interned_so_equal_cards_are_the_same_object():
    import copy
    import pickle

    card = Card.parse("A♥")
    assert Card(Rank.ACE, Suit.HEARTS) is card
    assert Card(rank=Rank.ACE, suit=Suit.HEARTS) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card
    assert card != Card.parse("A♦")
    assert (card.rank, card.suit) == (Rank.ACE, Suit.HEARTS)


def test_card_needs_a_rank_and_a_suit():
    with pytest.raises(TypeError) as error:
        Card("A", "♥")
    assert str(error.value) == "Card needs a Rank and a Suit, not 'A' and '♥'"
