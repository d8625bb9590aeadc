"""Oh Hell, the sixth game, is data alone: examples/oh-hell/ and the catalogs.

Fact numbers O1–O13 are those of examples/oh-hell/facts.md. Whole games are re-checked from what
`tutorial-engine simulate --json --events` prints, as an independent program would: the rules
are restated here from the facts, never asked of the engine's own kernels.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tutorial_engine.cli.main import cli

RANKS = "A K Q J 10 9 8 7 6 5 4 3 2".split()                      # O1
DECK = {rank + suit for suit in "♠♥♦♣" for rank in RANKS}


def game(players: int, strategy: str, seed: int, *options: str) -> list[dict]:
    result = CliRunner().invoke(cli, ["simulate", "oh-hell", "--players", str(players), "--match", "--json",
                                      "--events", "--strategy", strategy, "--seed", str(seed), *options])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def winner(plays: list[str], trump: str | None) -> int:
    """O10, restated."""
    led = plays[0][-1]
    return max(range(len(plays)), key=lambda i: (plays[i][-1] == trump, plays[i][-1] == led,
                                                 -RANKS.index(plays[i][:-1])))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("strategy", ["random", "sensible"])
def test_whole_games_follow_the_facts(players, strategy):
    most = 52 // players                                                                  # O3
    for variant, sizes in (((), [*range(1, most + 1), *range(most - 1, 0, -1)]),
                           (("--variant", "down-and-up"), [*range(most, 0, -1), *range(2, most + 1)])):
        lines = game(players, strategy, players, *variant)
        assert [len(line["events"][0]["hands"][0]) for line in lines] == sizes            # O3
        totals = [0] * players
        for number, line in enumerate(lines):
            dealer, hands = line["dealer"], [list(hand) for hand in line["events"][0]["hands"]]
            assert dealer == number % players                                               # O4
            assert len({card for hand in hands for card in hand}) == players * sizes[number] <= 52
            trump_set = line["events"][1]
            assert trump_set["event"] == "trump-set"
            if players * sizes[number] == 52:
                assert trump_set == {"event": "trump-set", "card": None, "suit": None}     # O5: none left
            else:
                card = trump_set["card"]
                assert card in DECK and all(card not in hand for hand in hands) and trump_set["suit"] == card[-1]
            trump = trump_set["suit"]
            bids = [event for event in line["events"] if event["event"] == "bid-tricks"]
            assert [bid["seat"] for bid in bids] == [(dealer + 1 + i) % players for i in range(players)]  # O6
            assert all(0 <= bid["tricks"] <= sizes[number] for bid in bids)
            assert sum(bid["tricks"] for bid in bids) != sizes[number]                     # O7
            won = [0] * players
            leader = (dealer + 1) % players                                                 # O8
            for trick in (event for event in line["events"] if event["event"] == "trick"):
                assert trick["leader"] == leader
                led = trick["plays"][0][-1]
                for card, seat in zip(trick["plays"], trick["seats"], strict=True):
                    if any(held[-1] == led for held in hands[seat]):
                        assert card[-1] == led                                              # O9
                    hands[seat].remove(card)
                leader = trick["seats"][winner(trick["plays"], trump)]                       # O10
                assert trick["winner"] == leader
                won[leader] += 1
            bid = {event["seat"]: event["tricks"] for event in bids}
            written = [10 + bid[seat] if bid[seat] == won[seat] else 0 for seat in range(players)]  # O11
            assert line["tricks"] == won and line["score_change"] == written
            totals = [total + points for total, points in zip(totals, written, strict=True)]
            assert line["totals"] == totals
            assert line["game_over"] == (number == len(sizes) - 1)
        best = max(totals)                                                                  # O12, O13
        assert lines[-1]["game_winner"] == (totals.index(best) if totals.count(best) == 1 else None)
