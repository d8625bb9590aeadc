"""Whist, the fifth game, is data alone: examples/whist/ and the catalogs.

Fact numbers W1–W12 are those of examples/whist/facts.md. The deals below are re-checked from
what `tutorial-engine simulate --json --events` prints, as an independent program would: the
rules are restated here from the facts, never asked of the engine's own kernels.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tutorial_engine.cli.main import cli

RANKS = "A K Q J 10 9 8 7 6 5 4 3 2".split()                      # W1
SUITS = "♠♥♦♣"
DECK = {rank + suit for suit in SUITS for rank in RANKS}
BOOK, TARGET = 6, 5                                                 # W10, W11


@pytest.fixture(scope="module")
def games_played():
    """Whole games of Whist from simulate, by both kinds of player, one JSON line a deal."""
    played = []
    for strategy in ("random", "sensible"):
        for seed in range(12):
            result = CliRunner().invoke(cli, ["simulate", "whist", "--match", "--json", "--events",
                                              "--strategy", strategy, "--seed", str(seed)])
            assert result.exit_code == 0, result.output
            played.append([json.loads(line) for line in result.stdout.splitlines()])
    return played


def deals(games_played):
    return [deal for game in games_played for deal in game]


def winner(plays: list[str], trump: str) -> int:
    """W8, restated: a trump beats every other card, a card of the suit led every card of another
    suit, and within a suit the higher rank wins."""
    led = plays[0][-1]
    return max(range(len(plays)), key=lambda i: (plays[i][-1] == trump, plays[i][-1] == led,
                                                 -RANKS.index(plays[i][:-1])))


def test_the_whole_pack_is_dealt_one_at_a_time_from_the_dealers_left(games_played):
    for deal in deals(games_played):
        dealt = deal["events"][0]
        assert dealt["event"] == "deal"
        hands = dealt["hands"]
        assert [len(hand) for hand in hands] == [13] * 4                                     # W3
        assert {card for hand in hands for card in hand} == DECK                            # W1, W3


def test_the_dealers_last_card_sets_trump_and_stays_the_dealers(games_played):
    for deal in deals(games_played):
        dealer, hands = deal["dealer"], deal["events"][0]["hands"]
        trump_set = deal["events"][1]
        last = hands[dealer][-1]                                                           # W4: the pack's last card
        assert trump_set == {"event": "trump-set", "card": last, "suit": last[-1]} and deal["trump"] == last[-1]
        played_by_dealer = [card for event in deal["events"] if event["event"] == "trick"
                            for card, seat in zip(event["plays"], event["seats"], strict=True) if seat == dealer]
        assert last in played_by_dealer                                                    # W4: played like any other


def test_every_trick_follows_the_rules_from_the_first_lead_on(games_played):
    for game in games_played:
        for number, deal in enumerate(game):
            assert deal["dealer"] == number % 4                                            # W5
            hands = [list(hand) for hand in deal["events"][0]["hands"]]
            tricks = [event for event in deal["events"] if event["event"] == "trick"]
            assert len(tricks) == 13                                                       # W9
            leader = (deal["dealer"] + 1) % 4                                               # W6
            for trick in tricks:
                assert trick["leader"] == leader and trick["seats"] == [(leader + i) % 4 for i in range(4)]
                led = trick["plays"][0][-1]
                for card, seat in zip(trick["plays"], trick["seats"], strict=True):
                    if any(held[-1] == led for held in hands[seat]):
                        assert card[-1] == led, f"{card} does not follow {led}"            # W7
                    hands[seat].remove(card)
                leader = trick["seats"][winner(trick["plays"], deal["trump"])]               # W8
                assert trick["winner"] == leader


def test_a_side_scores_its_tricks_above_six_and_five_points_win(games_played):
    for game in games_played:
        scores = [0, 0]
        for number, deal in enumerate(game):
            won = [sum(1 for event in deal["events"] if event["event"] == "trick" and event["winner"] % 2 == side)
                   for side in (0, 1)]
            assert deal["tricks"] == won
            assert deal["score_change"] == [max(0, count - BOOK) for count in won]          # W10
            assert sorted(deal["score_change"])[0] == 0 < max(deal["score_change"])         # W10: one side scores
            scores = [before + change for before, change in zip(scores, deal["score_change"], strict=True)]
            assert deal["scores"] == scores
            over = max(scores) >= TARGET                                                    # W11
            assert (deal["game_winner"] is not None) == over == (number == len(game) - 1)
        assert game[-1]["game_winner"] == scores.index(max(scores))
