"""Whole games of the bundled Hearts, as `tutorial-engine simulate --match --json --events` prints
them, re-checked line by line against the rules as issue 31 writes them (facts H3–H13): the
pass of the deal's direction, the 2♣ leading, following suit, the clean first trick, hearts not
led until broken, who takes each trick, and what each deal writes, the game's end and its
winner. Only the printed lines are read: what a script sees."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tutorial_engine.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
SHIFT = {"left": 1, "right": 3, "across": 2, "none": 0}


def suit(card: str) -> str:
    return card[-1]


def cost(card: str) -> int:
    return 13 if card == "Q♠" else 1 if suit(card) == "♥" else 0


def allowed(hand: list[str], trick: list[str], first: bool, broken: bool) -> list[str]:
    """The cards the rules allow, restated from H5–H8 rather than taken from the engine."""
    if first and not trick:
        return ["2♣"]
    if trick:
        following = [c for c in hand if suit(c) == suit(trick[0])]
        if following:
            return following
        choice = list(hand)
    else:
        choice = [c for c in hand if suit(c) != "♥"] if not broken else list(hand)
        choice = choice or list(hand)
    if first:
        choice = [c for c in choice if not cost(c)] or choice
    return choice


def recheck_game(lines: list[dict]) -> None:
    totals = [0, 0, 0, 0]
    for number, line in enumerate(lines):
        log = line["events"]
        hands = {seat: list(hand) for seat, hand in enumerate(next(e for e in log if e["event"] == "deal")["hands"])}
        direction = ["left", "right", "across", "none"][number % 4]
        passes = [e for e in log if e["event"] == "pass"]
        assert len(passes) == (0 if direction == "none" else 4)
        for given in passes:
            assert given["to"] == (given["seat"] + SHIFT[direction]) % 4 and len(given["cards"]) == 3
            assert set(given["cards"]) <= set(hands[given["seat"]])
        for given in passes:
            for card in given["cards"]:
                hands[given["seat"]].remove(card)
                hands[given["to"]].append(card)
        taken, broken, first = [0, 0, 0, 0], False, True
        tricks = [e for e in log if e["event"] == "trick"]
        assert len(tricks) == 13
        for trick in tricks:
            played: list[str] = []
            for seat, card in zip(trick["seats"], trick["plays"]):
                assert card in allowed(hands[seat], played, first, broken), f"deal {number + 1}: {card} by {seat}"
                hands[seat].remove(card)
                played.append(card)
            led = [c for c in played if suit(c) == suit(played[0])]
            best = min(led, key=lambda c: ORDER.index(c[:-1]))
            assert trick["winner"] == trick["seats"][played.index(best)]
            taken[trick["winner"]] += sum(map(cost, played))
            broken = broken or any(suit(c) == "♥" for c in played)
            first = False
        moon = next((seat for seat in range(4) if taken[seat] == 26), None)
        written = taken if moon is None else [0 if seat == moon else 26 for seat in range(4)]
        assert (line["penalties"], line["moon"], line["score_change"]) == (taken, moon, written)
        totals = [t + w for t, w in zip(totals, written)]
        assert line["totals"] == totals
        over = max(totals) >= 100
        assert line["game_over"] == over
        lowest = [seat for seat in range(4) if totals[seat] == min(totals)]
        assert line["game_winner"] == (lowest[0] if over and len(lowest) == 1 else None)
    assert lines[-1]["game_over"]


@pytest.mark.parametrize("strategy", ["random", "sensible"])
@pytest.mark.parametrize("seed", [1, 2])
def test_whole_games_printed_by_simulate_keep_the_rules_of_hearts(strategy, seed):
    result = CliRunner().invoke(cli, ["simulate", "hearts", "--match", "--json", "--events", "--strategy", strategy,
                                      "--seed", str(seed), "--project", str(ROOT)])
    assert result.exit_code == 0, result.output
    recheck_game([json.loads(line) for line in result.output.splitlines()])


def test_the_recheck_catches_a_wrong_score_and_a_card_out_of_turn():
    result = CliRunner().invoke(cli, ["simulate", "hearts", "--match", "--json", "--events", "--seed", "1",
                                      "--project", str(ROOT)])
    lines = [json.loads(line) for line in result.output.splitlines()]
    recheck_game(lines)
    wrong_score = json.loads(json.dumps(lines))
    wrong_score[1]["score_change"][0] += 1
    with pytest.raises(AssertionError):
        recheck_game(wrong_score)
    out_of_turn = json.loads(json.dumps(lines))
    plays = next(e for e in out_of_turn[0]["events"] if e["event"] == "trick")["plays"]
    plays[0], plays[1] = plays[1], plays[0]  # the 2♣ no longer leads the first trick
    with pytest.raises(AssertionError):
        recheck_game(out_of_turn)
