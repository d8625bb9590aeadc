"""Scoring kernels: a deal's card points to victory points (Albastini A20, or "more than
half"), a deal's tricks to score changes (Altbaumer B19). Parameters come from game.yml's `scoring`."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Suit
from .game import ExactBids, GamePoints, OddTricks, PenaltyPoints, Scoring, TrickScoring, VictoryPoints
from .procedure import Tricks
from .rules import RuleError


class Outcome(enum.Enum):
    WIN = "win"
    WIN_DOUBLE = "win-double"
    """A total fell below the threshold."""
    TIE = "tie"
    """The highest totals are equal, or none is above `wins_above`: nobody wins."""


@dataclass(frozen=True)
class DealVictory:
    winner: int | None
    """Index of the winning player or team; None on a tie."""
    points: int
    outcome: Outcome
    threshold: int | None
    """Below this total the winner scores 2; None when the game has no such threshold."""
    wins_above: int | None = None


def victory(scoring: VictoryPoints, totals: Sequence[int], team_size: int = 1) -> DealVictory:
    """A20: the highest total wins; 2 points if any total is below the (strict) threshold.
    A highest total not above `wins_above` wins nothing."""
    if len(totals) < 2:
        raise RuleError("a deal needs at least two players or teams")
    threshold = scoring.thresholds.get(team_size)
    if threshold is None and scoring.thresholds:
        raise RuleError(f"no victory threshold for teams of {team_size}")
    best = max(totals)
    if list(totals).count(best) > 1 or (scoring.wins_above is not None and best <= scoring.wins_above):
        return DealVictory(None, 0, Outcome.TIE, threshold, scoring.wins_above)
    double = threshold is not None and any(total < threshold for total in totals)
    return DealVictory(list(totals).index(best), 2 if double else 1,
                       Outcome.WIN_DOUBLE if double else Outcome.WIN, threshold, scoring.wins_above)


@dataclass(frozen=True)
class DealScore:
    declarers: int
    defenders: int
    declarers_won: bool


def trick_score(scoring: TrickScoring, declarer_tricks: int, tricks: int = 5, solo: bool = False) -> DealScore:
    """B19: +1 for 3 or 4 tricks, +2 for all five (a solo sweep: `solo_sweep` if given); losing
    declarers write `declarers_loss`, and the defenders `defenders`, or what their own tricks
    would give declarers."""
    if not 0 <= declarer_tricks <= tricks:
        raise RuleError(f"the declarers took {declarer_tricks} of {tricks} tricks")
    defender_tricks = tricks - declarer_tricks

    def gain(taken: int, sweep: int) -> int:
        if taken == tricks:
            return sweep
        return 1 if taken >= scoring.majority else 0

    won = declarer_tricks >= scoring.majority
    if won:
        sweep = scoring.solo_sweep if solo and scoring.solo_sweep is not None else scoring.sweep
        return DealScore(gain(declarer_tricks, sweep), 0, True)
    defenders = scoring.defenders if scoring.defenders is not None else gain(defender_tricks, scoring.sweep)
    return DealScore(scoring.declarers_loss, defenders, False)


def round_winner(scoring: TrickScoring, declarers: int, defenders: int) -> str | None:
    """B20: "declarers" or "defenders" once a running score reaches the round target."""
    if declarers >= scoring.round:
        return "declarers"
    if defenders >= scoring.round:
        return "defenders"
    return None


@dataclass(frozen=True)
class MatchStep:
    """One deal of a match in rounds (B19–B21), seen from its two sides (0 and 1)."""

    written: tuple[int, int]
    scores: tuple[int, int]
    """After the deal: back to 0 when a round is won."""
    rounds: tuple[int, int]
    round_winner: int | None
    match_winner: int | None
    decider: bool
    """The deal was the single deal that decides the match at one round all."""


def match_step(scoring: TrickScoring, scores: Sequence[int], rounds: Sequence[int], declarers: int,
               tricks: Sequence[int], solo: bool) -> MatchStep:
    """B19: the deal's score; B20: the first side to reach the round target (or, with
    `solo_wins_round`, a solo of all the tricks) wins the round and both scores go back to 0;
    B21: `rounds` rounds win the match, and with `decider`, at one round short all, a single deal
    decides it: the majority of tricks wins, and nothing is written."""
    total = sum(tricks)
    before = (scores[0], scores[1])
    rounds_won = (rounds[0], rounds[1])
    if scoring.decider and rounds_won == (scoring.rounds - 1, scoring.rounds - 1):
        winner = 0 if tricks[0] >= scoring.majority else 1
        return MatchStep((0, 0), before, rounds_won, None, winner, True)
    deal = trick_score(scoring, tricks[declarers], total, solo)
    written = [0, 0]
    written[declarers], written[1 - declarers] = deal.declarers, deal.defenders
    after = (before[0] + written[0], before[1] + written[1])
    round_won = None
    if scoring.solo_wins_round and solo and tricks[declarers] == total:
        round_won = declarers
    elif max(after) >= scoring.round:
        round_won = 0 if after[0] >= scoring.round else 1
    match_won = None
    if round_won is not None:
        rounds_won = (rounds_won[0] + (round_won == 0), rounds_won[1] + (round_won == 1))
        if scoring.rounds > 1:  # a match of one round keeps its final score to show
            after = (0, 0)
        if rounds_won[round_won] == scoring.rounds:
            match_won = round_won
    return MatchStep((written[0], written[1]), after, rounds_won, round_won, match_won, False)


@dataclass(frozen=True)
class GameStep:
    """One deal of a game scored by odd tricks, seen from every side."""

    written: tuple[int, ...]
    scores: tuple[int, ...]
    winner: int | None
    """The side that reached the target first; None while nobody has, or when the leaders tie."""


def odd_tricks_written(scoring: OddTricks, tricks: Sequence[int]) -> tuple[int, ...]:
    """What each side writes for a deal: a point for each trick it took above the book, else nothing."""
    return tuple(max(0, won - scoring.book) for won in tricks)


def exact_bids_written(scoring: ExactBids, bids: Sequence[int], tricks: Sequence[int]) -> tuple[int, ...]:
    """What each player writes: the bonus and the bid when the tricks match the bid exactly, and
    for every player the tricks taken and the tricks missed at their rates."""
    return tuple((scoring.bonus + scoring.per_bid_trick * bid if bid == won else -scoring.per_miss * abs(bid - won))
                 + scoring.per_trick * won for bid, won in zip(bids, tricks, strict=True))


def exact_bids_sum(scoring: ExactBids, bid: int, won: int) -> str | None:
    """How what a player writes adds up, such as "10 + 2 = 12" for a bid of 2 made exactly (the
    bonus and the bid); None when they write nothing."""
    written = exact_bids_written(scoring, (bid,), (won,))[0]
    if not written:
        return None
    terms = ([scoring.bonus, *([scoring.per_bid_trick * bid] if scoring.per_bid_trick else [])] if bid == won
             else [-scoring.per_miss * abs(bid - won)] if scoring.per_miss else [])
    terms += [scoring.per_trick * won] if scoring.per_trick and won else []
    text = f"{terms[0]}".replace("-", "\u2212")
    for term in terms[1:]:
        text += f" + {term}" if term >= 0 else f" \u2212 {-term}"
    return text if len(terms) == 1 else f"{text} = {written}".replace("= -", "= \u2212")


def penalties_written(scoring: PenaltyPoints, taken: Sequence[int]) -> tuple[tuple[int, ...], int | None]:
    """What each player writes for a deal, and who shot the moon: the penalty points each took;
    with `moon`, a player who took every one of them writes 0 and every other player the lot."""
    total = sum(taken)
    moon = next((seat for seat, points in enumerate(taken) if points == total), None) if scoring.moon and total else None
    if moon is None:
        return tuple(taken), None
    return tuple(0 if seat == moon else total for seat in range(len(taken))), moon


def marriage_points(tricks: Tricks, suit: Suit, trump: Suit | None) -> int:
    """What a marriage shown in `suit` is worth: the trump marriage's value in trump, else the
    marriage's (the tricks phase declares both, or neither)."""
    assert tricks.marriage is not None and tricks.trump_marriage is not None  # check requires both
    return tricks.trump_marriage if suit is trump else tricks.marriage


def game_points_won(scoring: GamePoints, winner: int, points: Sequence[int], tricks: Sequence[int],
                    closed_by: int | None, closing: tuple[int, int]) -> int:
    """The game points of a deal's winner (two players): against a player who closed the stock
    and did not reach the target first, `closer_fails` (`closer_fails_no_trick` if the winner had
    no trick when it was closed); else by the loser's card points and tricks, taken when the
    stock was closed if the winner closed it: `no_trick_win` for no trick, `low_win` below `low`,
    else `win`."""
    loser = 1 - winner
    if closed_by is not None and closed_by != winner:
        return scoring.closer_fails_no_trick if closing[1] == 0 else scoring.closer_fails
    lost_points, lost_tricks = closing if closed_by == winner else (points[loser], tricks[loser])
    if lost_tricks == 0:
        return scoring.no_trick_win
    if scoring.low is not None and lost_points < scoring.low:
        return scoring.low_win
    return scoring.win


def game_step(scoring: OddTricks, scores: Sequence[int], written: Sequence[int]) -> GameStep:
    """The deal's points added to the running scores; the game is won by the one side at the
    top once it reaches the target."""
    after = tuple(score + points for score, points in zip(scores, written, strict=True))
    best = max(after)
    winner = after.index(best) if best >= scoring.target and after.count(best) == 1 else None
    return GameStep(tuple(written), after, winner)


def unavailable(game_name: str, scoring: Scoring | None) -> str | None:
    """Why a game scored so can have no score sheet, if it cannot: the sheet draws a tally of
    tricks (B22), which card points do not make."""
    if isinstance(scoring, TrickScoring):
        return None
    if scoring is None or isinstance(scoring, VictoryPoints):
        scored = "has no scoring" if scoring is None else "scores victory points"
    else:
        scored = (f"is scored by {scoring.scored_by}, whose tally a score sheet cannot draw yet (AUTHORING.md, "
                  "\"What game.yml can and cannot express\")")
    return (f"a score sheet draws the tally of a game scored by tricks (game.yml: scoring kind: tricks); "
            f"{game_name} {scored}")
