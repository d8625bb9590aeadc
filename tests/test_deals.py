"""Whole Albastini deals: random games through the engine's API (as OpenSpiel tests its games),
replays, dealer rotation and the command line."""

from __future__ import annotations

import json
import random

import pytest
from deal_invariants import VARIANTS, check_deal

from tutorial_engine.engine.deal import Deal, Forecast, Play
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.simulate import run
from tutorial_engine.engine.strategy import sensible_strategy

RANDOM_DEALS = 10_000


@pytest.mark.slow  # 80,000 random deals, checked at every step
@pytest.mark.parametrize("players, team_size", VARIANTS, ids=[f"{p}p-teams-of-{t}" for p, t in VARIANTS])
def test_random_deals_keep_every_invariant(albastini, players, team_size):
    rng = random.Random(players * 10 + team_size)
    for number in range(RANDOM_DEALS):
        check_deal(Deal(albastini, Table(players, team_size), number % players, rng), rng)


def test_the_same_seed_and_actions_replay_identically(albastini):
    def replay():
        rng = random.Random(42)
        deal = Deal(albastini, Table(4, 2), 1, rng)
        while not deal.is_terminal():
            deal.apply(rng.choice(deal.legal_actions()))
        return deal.log
    assert replay() == replay()


def test_only_legal_actions_are_accepted(albastini):
    deal = Deal(albastini, Table(2), 0, random.Random(3))
    assert deal.to_move == 1                                     # A8: only the non-dealer forecasts
    with pytest.raises(ValueError, match="is not a legal action now"):
        deal.apply(Forecast(0, None))                            # the dealer never forecasts
    deal.apply(Forecast(1, None))
    assert deal.to_move == 1                                     # A12: the non-dealer leads
    foreign = next(c for c in albastini.deck if c not in deal.hands[1])
    with pytest.raises(ValueError, match="is not a legal action now"):
        deal.apply(Play(1, foreign))


def test_a_forecast_of_the_turned_suit_is_exchanged(albastini):
    """A10: play seeds until a forecast matches the turned card, then check the exchange."""
    for seed in range(200):
        rng = random.Random(seed)
        deal = Deal(albastini, Table(2), 0, rng)
        turned = deal.stock[0]
        match = next((c for c in deal.hands[1] if c.suit is turned.suit), None)
        if match is None:
            continue
        deal.apply(Forecast(1, match))
        assert deal.indicator is match and deal.stock[-1] is match
        assert turned in deal.hands[1] and match not in deal.hands[1]
        return
    pytest.fail("no seed gave a matching forecast")


def test_the_winner_deals_next_and_team_members_take_turns(albastini):
    """A6: the winning side deals; team members alternate; after a tie, the same dealer."""
    table = Table(4, 2)
    played = list(run(albastini, table, seed=7, deals=40))
    turns: dict[tuple, int] = {}
    for before, after in zip(played, played[1:]):
        victory = before.result.victory
        if victory.winner is None:
            assert after.deal.dealer == before.deal.dealer
            continue
        side = before.result.sides[victory.winner]
        turns[side] = turns.get(side, -1) + 1
        assert after.deal.dealer == side[turns[side] % 2]


def test_a_match_stops_at_its_target(albastini):
    played = list(run(albastini, Table(2), seed=1, target=7))
    assert max(played[-1].totals) >= 7 > max(played[-2].totals)


def test_simulate_prints_json_lines(run_cli):
    result = run_cli("simulate", "albastini", "--players", "4", "--team-size", "2", "--seed", "7",
                     "--deals", "3", "--json")
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 3
    assert set(lines[0]) == {"players", "dealer", "sides", "trump", "turned", "indicator",
                             "indicator_taker", "points", "winner", "victory_points", "trick_count"}
    assert lines[0]["sides"] == [[0, 2], [1, 3]] and lines[0]["dealer"] == 0
    assert all(sum(line["points"]) == 120 and line["trick_count"] == 9 for line in lines)


def test_simulate_reads_like_a_deal_log(run_cli):
    result = run_cli("simulate", "albastini", "--seed", "3", "--strategy", "sensible")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert text.startswith("Deal 1: seat 0 deals; sides 0 against 1\n  seat 0 holds ")
    assert "  the dealer turns up " in text and " is trump" in text
    assert text.count(" leads: ") == 18 and "  count: 0: " in text


def test_simulate_refuses_what_it_cannot_play(run_cli):
    five = run_cli("simulate", "albastini", "--players", "5", "--team-size", "2")
    assert (five.returncode, five.stderr.strip()) == (
        1, "Error: Albastini with 5 players is played individually, not in teams of 2")
    other = run_cli("simulate", "altbaumer", "--players", "3")
    assert (other.returncode, other.stderr.strip()) == (
        1, "Error: Altbaumer is played by four in two pairs; --players, --team-size and --target "
           "do not apply")
    match = run_cli("simulate", "albastini", "--match")
    assert (match.returncode, match.stderr.strip()) == (
        1, "Error: --match is for games played in rounds; for Albastini, play a match with --target N "
           "(victory points)")


@pytest.mark.parametrize("option, value, message", [
    ("--seed", "9" * 5000, "a number of 5,000 digits is not in the range "
                           "-999999999999999999<=x<=999999999999999999."),
    ("--deals", "9" * 5000, "a number of 5,000 digits is not in the range 1<=x<=1000000."),
    ("--deals", "1000001", "1000001 is not in the range 1<=x<=1000000."),
    ("--target", "1001", "1001 is not in the range 1<=x<=1000."),
    ("--players", "9" * 5000, "a number of 5,000 digits is not in the range 2<=x<=8."),
])
def test_simulate_bounds_every_number_it_is_given(run_cli, option, value, message):
    """Issue 29: a number past its bound is refused at once, in a line, never echoed whole and
    never played for hours."""
    result = run_cli("simulate", "albastini", option, value)
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == f"Error: Invalid value for '{option}': {message}"
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("players, team_size", [(2, 1), (4, 2), (6, 3)])
def test_the_sensible_player_forecasts_with_a_three_when_its_suit_is_free(albastini, players, team_size):
    """A 3 is the lowest rank (A2): a matching turn-up can only be worth more, so it is a safe forecast."""
    table = Table(players, team_size)
    for seed in range(200):
        rng = random.Random(seed)
        deal = Deal(albastini, table, 0, rng)
        while deal.forecasters:
            seat, actions = deal.to_move, deal.legal_actions()
            threes = [a for a in actions if a.card is not None and a.card.rank.value == "3"]
            choice = sensible_strategy(deal, rng)
            assert choice == (threes[0] if threes else Forecast(seat, None))
            deal.apply(choice)
