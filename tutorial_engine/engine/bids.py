"""Consecutive deals of a game scored by exact bids: the engine behind `tutorial-engine
simulate` for such games. Each player plays for themselves; the deal passes in turn; the game
ends when a total reaches the target or after the last deal of the hand-size sequence, whichever
comes first, and the highest total wins."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from . import events
from .deal import BidsResult, ThrownIn
from .game import ExactBids, GameSpec
from .odd_tricks import trump_set_line
from .rules import RuleError
from .seat_games import SeatDeal, play_seat_game
from .seating import Table

BidsDeal = SeatDeal[BidsResult]


def exact_bids(game: GameSpec) -> ExactBids:
    if not isinstance(game.scoring, ExactBids):
        raise RuleError(f"{game.name} is not scored by exact bids (game.yml: scoring kind: exact-bids)")
    return game.scoring


def bids_game_over(scoring: ExactBids, deals: int | None, number: int, totals: Sequence[int]) -> bool:
    """Whether the game ends with deal `number` (from 1): at the target, when it has one, or after
    the last of the hand-size sequence's `deals` (None: no such sequence)."""
    return (scoring.target is not None and max(totals) >= scoring.target) or number == deals


def play_bidding_game(game: GameSpec, table: Table, *, seed: int, strategy: str = "random",
                      deals: int | None = None) -> Iterator[BidsDeal]:
    """Deals from seat 0 on, the deal passing in turn, to the end of the game: at most `deals` of
    them (None: as many as the game takes). A deal thrown in writes nothing, and the sequence of
    hand sizes goes on."""
    scoring = exact_bids(game)
    length = game.procedure.deal.deals(table.players, len(game.deck))

    def ends(number: int, totals: tuple[int, ...]) -> bool:
        return bids_game_over(scoring, length, number, totals)

    return play_seat_game(game, table, BidsResult, seed=seed, strategy=strategy, deals=deals, ends=ends, wins=max)


def bids_json(played: BidsDeal, with_events: bool = False) -> dict:
    """One deal for scripts; everything by seat."""
    result = played.result
    data: dict = {"dealer": played.deal.dealer}
    if isinstance(result, ThrownIn):
        data["thrown_in"] = True
    else:
        data |= {"trump": str(result.trump) if result.trump else None, "bids": list(result.bids),
                 "tricks": list(result.tricks), "score_change": list(result.written)}
    return played.json(data, with_events)


def describe_bids_deal(played: BidsDeal) -> list[str]:
    deal, result = played.deal, played.result
    dealt = next(event for event in deal.log if isinstance(event, events.Dealt))
    size = len(dealt.hands[0])
    lines = [f"Deal {played.number}: seat {deal.dealer} deals {size} card{'s' if size != 1 else ''} each"]
    for event in deal.log:
        if isinstance(event, events.TrumpSet):
            lines.append(trump_set_line(event))
        elif isinstance(event, events.TricksBid):
            lines.append(f"  seat {event.seat} bids {event.tricks}")
        elif isinstance(event, events.Trick):
            lines.append(f"  seat {event.leader} leads: {' '.join(map(str, event.plays))} → seat "
                         f"{event.winner} takes it")
    if isinstance(result, ThrownIn):
        lines.append("  everyone passed: the deal is thrown in and the next player deals")
        return lines
    lines.append(f"  tricks {list(result.tricks)}; written {list(result.written)}; totals {list(played.totals)}"
                 + ("" if not played.over else "; the game is over" if played.winner is None
                    else f"; seat {played.winner} wins the game"))
    return lines
