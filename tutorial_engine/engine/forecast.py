"""The forecast of the trump suit before the turn-up (Albastini A8–A11)."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import Card, Suit
from .game import GameSpec
from .rules import RuleError, require_distinct
from .seating import Table


class Refusal(enum.Enum):
    """Why a card may not be laid as a forecast."""

    DEALER = "dealer"
    """The dealer never forecasts (A8)."""
    DEALERS_PARTNER = "dealers-partner"
    """In a team game neither do the dealer's partners (A8)."""
    SUIT_TAKEN = "suit-taken"
    """An earlier forecast already names this suit (A8, A11a)."""


@dataclass(frozen=True)
class ForecastOptions:
    allowed: tuple[Card, ...]
    refused: Mapping[Card, Refusal]


def may_forecast(table: Table, dealer: int, seat: int) -> Refusal | None:
    if seat == dealer:
        return Refusal.DEALER
    if seat in table.partners(dealer):
        return Refusal.DEALERS_PARTNER
    return None


def forecast_seats(table: Table, dealer: int) -> tuple[int, ...]:
    """The seats asked in turn, starting after the dealer (A8)."""
    return tuple(seat for seat in table.order_from(table.next(dealer))
                 if may_forecast(table, dealer, seat) is None)


def forecast_options(game: GameSpec, table: Table, dealer: int, seat: int,
                     hand: Sequence[Card], earlier: Mapping[int, Card]) -> ForecastOptions:
    """Cards `seat` may lay as forecast, given the forecasts already on the table."""
    _require_forecast(game)
    require_distinct(game, [*earlier.values(), *hand])
    _check_earlier(table, dealer, seat, earlier)
    seat_refusal = may_forecast(table, dealer, seat)
    taken = {card.suit for card in earlier.values()}
    refused: dict[Card, Refusal] = {}
    for card in hand:
        if seat_refusal is not None:
            refused[card] = seat_refusal
        elif card.suit in taken:
            refused[card] = Refusal.SUIT_TAKEN
    return ForecastOptions(allowed=tuple(c for c in hand if c not in refused), refused=refused)


@dataclass(frozen=True)
class Exchange:
    seat: int
    gives: Card
    """The forecast card, which becomes the trump indicator."""
    takes: Card
    """The turned card, which goes into the forecaster's hand."""


@dataclass(frozen=True)
class ForecastOutcome:
    trump: Suit
    indicator: Card
    """The card laid face up under the stock (A11)."""
    exchange: Exchange | None
    returned: tuple[tuple[int, Card], ...]
    """Forecasts that go back to their owners' hands, in forecast order."""


def forecast_outcome(game: GameSpec, table: Table, dealer: int, forecasts: Mapping[int, Card],
                     turned: Card) -> ForecastOutcome:
    """A forecast of the turned suit must be exchanged, even for a lower card (A10). Without
    forecasts (none laid, or a game that has none) the turned card is the indicator."""
    if forecasts:
        _require_forecast(game)
    require_distinct(game, [*forecasts.values(), turned])
    _check_earlier(table, dealer, None, forecasts)
    exchange = None
    returned = []
    for seat, card in forecasts.items():
        if card.suit is turned.suit:
            exchange = Exchange(seat=seat, gives=card, takes=turned)
        else:
            returned.append((seat, card))
    return ForecastOutcome(
        trump=turned.suit,
        indicator=exchange.gives if exchange else turned,
        exchange=exchange,
        returned=tuple(returned),
    )


def _require_forecast(game: GameSpec) -> None:
    if not game.forecast:
        raise RuleError(f"{game.name} has no forecast of the trump suit")


def _check_earlier(table: Table, dealer: int, seat: int | None, forecasts: Mapping[int, Card]) -> None:
    """Forecasts must come from eligible seats, in turn before `seat`, with distinct suits."""
    for someone in (dealer, seat, *forecasts):
        if someone is not None:
            table.seat(someone)
    order = forecast_seats(table, dealer)
    limit = order.index(seat) if seat in order else len(order)
    suits: dict[Suit, Card] = {}
    for forecaster, card in forecasts.items():
        refusal = may_forecast(table, dealer, forecaster)
        if refusal is Refusal.DEALER:
            raise RuleError(f"the dealer may not forecast, yet {card} is the dealer's forecast")
        if refusal is Refusal.DEALERS_PARTNER:
            raise RuleError(f"the dealer's partners may not forecast, yet {card} is forecast by one of them")
        if order.index(forecaster) >= limit:
            raise RuleError(f"{card} cannot be on the table yet: its owner is asked only later")
        if card.suit in suits:
            raise RuleError(
                f"{suits[card.suit]} and {card} forecast the same suit; forecasts must differ")
        suits[card.suit] = card
