"""The Albastini forecast of the trump suit: A8–A11a, E4, E5."""

from __future__ import annotations

import pytest

from tutorial_engine.engine.cards import Card, Suit, parse_cards
from tutorial_engine.engine.forecast import (
    Exchange,
    Refusal,
    forecast_options,
    forecast_outcome,
    forecast_seats,
    may_forecast,
)
from tutorial_engine.engine.game import CardNotInDeck
from tutorial_engine.engine.rules import RuleError
from tutorial_engine.engine.seating import SeatingError, Table
from tutorial_engine.i18n.explain import explain_options, explain_outcome

C = Card.parse
NAMES = ["Anna", "Boris", "Chloe", "Dan", "Eva", "Femi"]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def names(cards_) -> list[str]:
    return [str(card) for card in cards_]


# --- A8: who may forecast, and in which order ----------------------------------------------------

@pytest.mark.parametrize("players, team_size, dealer, seats", [
    (2, 1, 0, (1,)),              # A8: two players, only the non-dealer
    (2, 1, 1, (0,)),
    (3, 1, 0, (1, 2)),
    (3, 1, 2, (0, 1)),
    (4, 1, 1, (2, 3, 0)),
    (5, 1, 3, (4, 0, 1, 2)),
    (4, 2, 0, (1, 3)),            # the dealer's partner (opposite) never forecasts
    (4, 2, 3, (0, 2)),
    (6, 2, 1, (2, 3, 5, 0)),      # partner of 1 is 4
    (6, 3, 0, (1, 3, 5)),         # partners of 0 are 2 and 4
    (6, 3, 3, (4, 0, 2)),
])
def test_a8_forecast_seats_start_after_the_dealer(albastini, players, team_size, dealer, seats):
    """A8: each opponent of the dealer in turn, from the next player after the dealer."""
    table = Table.for_game(albastini, players, team_size)
    assert forecast_seats(table, dealer) == seats


def test_a8_who_may_not_forecast():
    table = Table(6, 2)
    assert may_forecast(table, 1, 1) is Refusal.DEALER
    assert may_forecast(table, 1, 4) is Refusal.DEALERS_PARTNER
    assert may_forecast(table, 1, 2) is None
    assert may_forecast(Table(3), 0, 0) is Refusal.DEALER
    assert may_forecast(Table(3), 0, 2) is None


def test_a8_the_game_has_a_forecast(albastini, altbaumer):
    assert albastini.forecast is True
    assert altbaumer.forecast is False


def test_a8_options_for_the_first_forecaster(albastini):
    options = forecast_options(albastini, Table(3), 0, 1, cards("J♣ 7♦ A♠"), {})
    assert names(options.allowed) == ["J♣", "7♦", "A♠"]
    assert options.refused == {}
    assert explain_options(options) == ""


def test_a8_the_dealer_never_forecasts(albastini):
    options = forecast_options(albastini, Table(3), 0, 0, cards("J♣ 7♦"), {})
    assert options.allowed == ()
    assert options.refused == {C("J♣"): Refusal.DEALER, C("7♦"): Refusal.DEALER}
    assert explain_options(options) == "The dealer never forecasts."


def test_a8_nor_do_the_dealers_partners(albastini):
    table = Table.for_game(albastini, 4, 2)
    options = forecast_options(albastini, table, 0, 2, cards("J♣ 7♦"), {1: C("4♥")})
    assert options.allowed == ()
    assert set(options.refused.values()) == {Refusal.DEALERS_PARTNER}
    assert explain_options(options) == "The dealer's partners never forecast."


def test_a11a_e5_forecast_suits_must_differ(albastini):
    """A11a, E5: 3 players, A deals, B forecasts 4♣; C may not forecast clubs, anything else yes."""
    options = forecast_options(albastini, Table(3), 0, 2, cards("J♣ 3♣ 7♦ A♠ Q♠"), {1: C("4♣")})
    assert names(options.allowed) == ["7♦", "A♠", "Q♠"]
    assert options.refused == {C("J♣"): Refusal.SUIT_TAKEN, C("3♣"): Refusal.SUIT_TAKEN}
    assert explain_options(options) == "A suit that an earlier forecast names may not be forecast again."


def test_a8_two_earlier_forecasts_take_two_suits(albastini):
    table = Table.for_game(albastini, 4)
    options = forecast_options(albastini, table, 0, 3, cards("A♥ 3♦ 7♠ K♣"), {1: C("4♣"), 2: C("5♥")})
    assert names(options.allowed) == ["3♦", "7♠"]
    assert [code.value for code in options.refused.values()] == ["suit-taken", "suit-taken"]


def test_a8_an_earlier_forecast_by_a_later_seat_is_refused(albastini):
    with pytest.raises(RuleError) as error:
        forecast_options(albastini, Table(3), 0, 1, cards("J♣"), {2: C("4♥")})
    assert str(error.value) == "4♥ cannot be on the table yet: its owner is asked only later"


def test_a8_an_earlier_forecast_by_the_dealer_is_refused(albastini):
    with pytest.raises(RuleError) as error:
        forecast_options(albastini, Table(3), 0, 2, cards("J♣"), {0: C("4♥")})
    assert str(error.value) == "the dealer may not forecast, yet 4♥ is the dealer's forecast"


def test_a8_an_earlier_forecast_by_the_dealers_partner_is_refused(albastini):
    with pytest.raises(RuleError) as error:
        forecast_options(albastini, Table(4, 2), 0, 3, cards("J♣"), {2: C("4♥")})
    assert str(error.value) == "the dealer's partners may not forecast, yet 4♥ is forecast by one of them"


def test_a8_earlier_forecasts_of_one_suit_are_refused(albastini):
    with pytest.raises(RuleError) as error:
        forecast_options(albastini, Table(4), 0, 3, cards("J♠"), {1: C("4♥"), 2: C("A♥")})
    assert str(error.value) == "4♥ and A♥ forecast the same suit; forecasts must differ"


def test_a8_a_card_both_forecast_and_in_hand_is_refused(albastini):
    with pytest.raises(RuleError) as error:
        forecast_options(albastini, Table(3), 0, 2, cards("J♣ 4♥"), {1: C("4♥")})
    assert str(error.value) == "4♥ appears twice; a deck holds each card once"


def test_a1_a_card_outside_the_deck_is_refused(albastini):
    with pytest.raises(CardNotInDeck) as error:
        forecast_options(albastini, Table(3), 0, 2, cards("J♣ 9♥"), {})
    assert str(error.value) == "9♥ is not in the Albastini deck (36 cards: A 7 K J Q 6 5 4 3 of ♠ ♥ ♦ ♣)"


def test_a8_a_seat_not_at_the_table_is_refused(albastini):
    """A8: seat 9 does not sit at a 3-player table; it must not be offered forecasts."""
    with pytest.raises((RuleError, SeatingError)):
        forecast_options(albastini, Table(3), 0, 9, cards("J♣"), {})


def test_a8_a_dealer_not_at_the_table_is_refused(albastini):
    """A8: dealer 5 at a 3-player table is no seat; answering would invent a "partner" (seat 2)."""
    with pytest.raises((RuleError, SeatingError)):
        forecast_options(albastini, Table(3), 5, 2, cards("J♣"), {})


def test_b11_altbaumer_has_no_forecast_trump_is_chosen_instead(altbaumer):
    with pytest.raises(RuleError) as error:
        forecast_options(altbaumer, Table(4, 2), 0, 1, cards("A♣"), {})
    assert str(error.value) == "Altbaumer has no forecast of the trump suit"
    with pytest.raises(RuleError) as error:
        forecast_outcome(altbaumer, Table(4, 2), 0, {1: C("A♣")}, C("9♣"))
    assert str(error.value) == "Altbaumer has no forecast of the trump suit"


def test_a9_without_forecasts_the_turned_card_is_the_indicator(altbaumer):
    """A drawing game without forecasts (Briscola) still turns up trump: nothing to exchange."""
    outcome = forecast_outcome(altbaumer, Table(4, 2), 0, {}, C("9♣"))
    assert (outcome.trump, outcome.indicator, outcome.exchange, outcome.returned) == (
        C("9♣").suit, C("9♣"), None, ())


# --- A9–A11: the turn-up and the exchange --------------------------------------------------------

def test_a10_e4_forced_exchange_even_for_a_lower_card(albastini):
    """A10, E4: forecast 5♥, turned 3♥: the forecaster must take the 3♥; 5♥ becomes the indicator."""
    outcome = forecast_outcome(albastini, Table(2), 0, {1: C("5♥")}, C("3♥"))
    assert outcome.trump is Suit.HEARTS
    assert outcome.exchange == Exchange(seat=1, gives=C("5♥"), takes=C("3♥"))
    assert outcome.indicator == C("5♥")
    assert outcome.returned == ()
    assert explain_outcome(outcome, NAMES.__getitem__) == (
        "Boris forecast 5♥, of the suit turned, and must exchange it: "
        "Boris takes 3♥ and 5♥ becomes the trump indicator.")


def test_a10_exchange_for_a_higher_card(albastini):
    outcome = forecast_outcome(albastini, Table(2), 1, {0: C("3♥")}, C("A♥"))
    assert outcome.exchange == Exchange(seat=0, gives=C("3♥"), takes=C("A♥"))
    assert outcome.indicator == C("3♥")


def test_a10_other_forecasts_go_back_in_forecast_order(albastini):
    """A10: only the forecast of the turned suit is exchanged; the others return to hand."""
    table = Table.for_game(albastini, 4)
    outcome = forecast_outcome(albastini, table, 0, {1: C("4♣"), 2: C("5♥"), 3: C("K♠")}, C("3♥"))
    assert outcome.trump is Suit.HEARTS
    assert outcome.exchange == Exchange(seat=2, gives=C("5♥"), takes=C("3♥"))
    assert outcome.indicator == C("5♥")
    assert outcome.returned == ((1, C("4♣")), (3, C("K♠")))


def test_a9_a11_no_matching_forecast_the_turned_card_stays(albastini):
    outcome = forecast_outcome(albastini, Table(3), 0, {1: C("4♣"), 2: C("5♥")}, C("3♦"))
    assert outcome.trump is Suit.DIAMONDS
    assert outcome.exchange is None
    assert outcome.indicator == C("3♦")
    assert outcome.returned == ((1, C("4♣")), (2, C("5♥")))
    assert explain_outcome(outcome, NAMES.__getitem__) == (
        "No forecast is a card of diamonds: every forecast goes back to its owner's hand "
        "and 3♦ stays as the trump indicator.")


def test_a9_no_forecast_at_all(albastini):
    """A8: forecasting is optional."""
    outcome = forecast_outcome(albastini, Table(2), 0, {}, C("7♠"))
    assert (outcome.trump, outcome.exchange, outcome.indicator, outcome.returned) == (
        Suit.SPADES, None, C("7♠"), ())


def test_a10_at_most_one_forecast_can_match(albastini):
    """A10: two forecasts of the turned suit cannot be on the table (A8)."""
    with pytest.raises(RuleError) as error:
        forecast_outcome(albastini, Table(3), 0, {1: C("4♥"), 2: C("5♥")}, C("3♥"))
    assert str(error.value) == "4♥ and 5♥ forecast the same suit; forecasts must differ"


def test_a10_the_turned_card_cannot_also_be_a_forecast(albastini):
    with pytest.raises(RuleError) as error:
        forecast_outcome(albastini, Table(3), 0, {1: C("4♥")}, C("4♥"))
    assert str(error.value) == "4♥ appears twice; a deck holds each card once"


def test_a8_outcome_refuses_the_dealers_forecast(albastini):
    with pytest.raises(RuleError) as error:
        forecast_outcome(albastini, Table(3), 0, {0: C("4♥")}, C("3♥"))
    assert str(error.value) == "the dealer may not forecast, yet 4♥ is the dealer's forecast"


def test_a8_outcome_refuses_a_partners_forecast(albastini):
    with pytest.raises(RuleError) as error:
        forecast_outcome(albastini, Table(6, 3), 1, {3: C("4♥")}, C("3♥"))
    assert str(error.value) == "the dealer's partners may not forecast, yet 4♥ is forecast by one of them"


def test_a8_outcome_refuses_a_seat_not_at_the_table(albastini):
    """A forecast by seat 7 at a 3-player table must be a RuleError, not a bare tuple.index error."""
    with pytest.raises((RuleError, SeatingError)) as error:
        forecast_outcome(albastini, Table(3), 0, {7: C("4♣")}, C("3♦"))
    assert "tuple.index" not in str(error.value)
