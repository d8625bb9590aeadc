"""Deal scoring from game.yml: Albastini victory points (A20), Altbaumer deal scores (B19)."""

from __future__ import annotations

import pytest

from tutorial_engine.engine.game import VictoryPoints
from tutorial_engine.engine.rules import RuleError
from tutorial_engine.engine.scoring import Outcome, round_winner, trick_score, victory


@pytest.mark.parametrize("totals, team_size, expected", [
    ([111, 9], 1, (0, 2, Outcome.WIN_DOUBLE)),        # A20: the loser under 10
    ([110, 10], 1, (0, 1, Outcome.WIN)),              # A20: exactly 10 is not under
    ([9, 111], 1, (1, 2, Outcome.WIN_DOUBLE)),
    ([60, 60], 1, (None, 0, Outcome.TIE)),            # A20: a tie scores nothing
    ([50, 61, 9], 1, (1, 2, Outcome.WIN_DOUBLE)),     # A20: ANY player under 10
    ([70, 31, 19], 2, (0, 2, Outcome.WIN_DOUBLE)),    # A20: teams of two, any team under 20
    ([70, 30, 20], 2, (0, 1, Outcome.WIN)),
    ([91, 29], 3, (0, 2, Outcome.WIN_DOUBLE)),        # A20: teams of three, loser under 30
    ([90, 30], 3, (0, 1, Outcome.WIN)),
])
def test_a20_victory_points(albastini, totals, team_size, expected):
    result = victory(albastini.scoring, totals, team_size)
    assert (result.winner, result.points, result.outcome) == expected


def test_a20_needs_two_sides_and_a_known_team_size(albastini):
    with pytest.raises(RuleError, match="^a deal needs at least two players or teams$"):
        victory(albastini.scoring, [120])
    with pytest.raises(RuleError, match="^no victory threshold for teams of 4$"):
        victory(albastini.scoring, [60, 60], 4)


MORE_THAN_HALF = VictoryPoints(thresholds={}, wins_above=60)
"""Briscola's scoring in game.yml terms: more than 60 of the 120 points wins; no double win."""


@pytest.mark.parametrize("totals, expected", [
    ([61, 59], (0, 1, Outcome.WIN)),
    ([11, 109], (1, 1, Outcome.WIN)),      # no threshold: a lopsided win is still worth 1
    ([120, 0], (0, 1, Outcome.WIN)),
    ([60, 60], (None, 0, Outcome.TIE)),    # 60-60 is a draw
    ([60, 30, 30], (None, 0, Outcome.TIE)),  # the highest, but not above 60
])
def test_wins_above_and_no_thresholds(totals, expected):
    result = victory(MORE_THAN_HALF, totals)
    assert (result.winner, result.points, result.outcome) == expected
    assert (result.threshold, result.wins_above) == (None, 60)


def test_wins_above_with_thresholds_keeps_the_double_win():
    scoring = VictoryPoints(thresholds={1: 10}, wins_above=50)
    assert victory(scoring, [50, 40, 30]).outcome is Outcome.TIE
    assert victory(scoring, [51, 40, 29]).outcome is Outcome.WIN
    result = victory(scoring, [101, 9, 10])
    assert (result.winner, result.points, result.outcome) == (0, 2, Outcome.WIN_DOUBLE)


@pytest.mark.parametrize("tricks, declarers, defenders", [
    (5, 2, 0), (4, 1, 0), (3, 1, 0),   # B19: 3 or 4 tricks +1, all five +2
    (2, -1, 1), (1, -1, 1),            # B19: beaten declarers write -1; defenders +1
    (0, -1, 2),                        # B19: defenders with all five +2
])
def test_b19_deal_scores(altbaumer, tricks, declarers, defenders):
    score = trick_score(altbaumer.scoring, tricks)
    assert (score.declarers, score.defenders, score.declarers_won) == (declarers, defenders, tricks >= 3)


@pytest.mark.parametrize("declarers, defenders, winner", [(5, 0, "declarers"), (4, 5, "defenders"),
                                                         (4, 4, None), (-1, 6, "defenders")])
def test_b20_the_first_side_to_reach_5_wins_the_round(altbaumer, declarers, defenders, winner):
    assert round_winner(altbaumer.scoring, declarers, defenders) == winner


def test_b19_trick_count_is_checked(altbaumer):
    with pytest.raises(RuleError, match="^the declarers took 6 of 5 tricks$"):
        trick_score(altbaumer.scoring, 6)
