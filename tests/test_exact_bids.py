"""The vocabulary of exact-bid games (issue 30): hand sizes that change from deal to deal, bids
of a number of tricks with the dealer's restriction, and scoring by exact bids over a game of a
fixed number of deals, in the one Deal state, `simulate` and `check`.

The game here is Oh Hell as issue 30 states it: 3 to 7 players each for themselves; hand sizes
rising from 1 to the most the pack allows and back (or falling and rising, as a variant); the
next card turned for trump, none when the pack is used up; bids from the dealer's left, the
dealer's bid restricted; follow suit, else any card; 10 points plus the bid for a bid made
exactly, nothing otherwise; the highest total after the last deal wins.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest
from game_texts import OH_HELL, check_pages, errors, load, with_deal
from game_texts import simulate as run_simulate

from tutorial_engine.content.project import Report, check
from tutorial_engine.engine.bids import play_bidding_game
from tutorial_engine.engine.deal import BidsResult, BidTricks, Deal, play_out
from tutorial_engine.engine.game import ExactBids
from tutorial_engine.engine.scoring import exact_bids_written
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import STRATEGIES

SCHEMA = Path(__file__).resolve().parent.parent / "schemas" / "simulate.schema.json"
VALIDATOR = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


@pytest.fixture
def oh_hell(tmp_path):
    report = load(tmp_path, OH_HELL)
    assert errors(report) == []
    return report.games["oh-hell"]


def hand_sizes(game, players: int) -> list[int]:
    return [len(played.deal.log[0].hands[0])
            for played in play_bidding_game(game, Table(players, 1), seed=players, strategy="random")]


def test_hands_rise_from_one_to_the_most_the_pack_allows_and_back(oh_hell):
    assert hand_sizes(oh_hell, 4) == [*range(1, 14), *range(12, 0, -1)]
    assert hand_sizes(oh_hell, 3) == [*range(1, 18), *range(16, 0, -1)]
    assert hand_sizes(oh_hell, 7) == [*range(1, 8), *range(6, 0, -1)]
    assert hand_sizes(oh_hell.variants["down-and-up"], 5) == [*range(10, 0, -1), *range(2, 11)]


def test_the_next_card_is_trump_and_a_pack_used_up_leaves_none(oh_hell):
    table = Table(4, 1)
    first = Deal(oh_hell, table, 0, random.Random(3), number=0)
    assert first.turned is not None and first.trump is first.turned.suit and first.turned in first.out
    largest = Deal(oh_hell, table, 0, random.Random(3), number=12)
    assert [len(hand) for hand in largest.hands] == [13] * 4
    assert largest.trump is None and largest.turned is None


def test_bids_go_round_from_the_dealers_left_and_the_dealer_may_not_make_them_add_up(oh_hell):
    deal = Deal(oh_hell, Table(4, 1), 2, random.Random(5), number=4)                 # five cards each
    assert deal.phase == "bid-tricks"
    for seat, bid in zip((3, 0, 1), (2, 0, 1), strict=True):
        assert deal.to_move == seat
        assert [action.tricks for action in deal.legal_actions()] == [0, 1, 2, 3, 4, 5]
        deal.apply(BidTricks(seat, bid))
    assert deal.to_move == 2
    assert [action.tricks for action in deal.legal_actions()] == [0, 1, 3, 4, 5], "2 would make 5 in all"
    with pytest.raises(ValueError):
        deal.apply(BidTricks(2, 2))
    deal.apply(BidTricks(2, 4))
    assert deal.phase == "play" and deal.to_move == 3


def test_a_bid_made_exactly_scores_ten_and_the_bid_and_anything_else_nothing():
    assert exact_bids_written(ExactBids(bonus=10), (0, 2, 3, 1), (0, 2, 2, 2)) == (10, 12, 0, 0)
    assert exact_bids_written(ExactBids(bonus=10, per_bid_trick=0, per_trick=1), (1, 2), (1, 0)) == (11, 0)
    assert exact_bids_written(ExactBids(bonus=10, per_miss=2), (3, 1), (1, 1)) == (-4, 11)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_every_deal_of_the_game_is_scored_and_the_highest_total_wins(oh_hell, players):
    played = list(play_bidding_game(oh_hell, Table(players, 1), seed=players, strategy="sensible"))
    totals = [0] * players
    for number, deal in enumerate(played):
        result = deal.result
        assert isinstance(result, BidsResult)
        size = len(deal.deal.log[0].hands[0])
        assert sum(result.tricks) == size and sum(result.bids) != size               # the dealer's restriction
        assert list(result.written) == [10 + bid if bid == won else 0
                                        for bid, won in zip(result.bids, result.tricks, strict=True)]
        totals = [total + points for total, points in zip(totals, result.written, strict=True)]
        assert list(deal.totals) == totals
        assert deal.over == (number == len(played) - 1)
        assert deal.deal.dealer == number % players                                   # the deal passes in turn
    best = max(totals)
    assert played[-1].winner == (totals.index(best) if totals.count(best) == 1 else None)


def test_sensible_players_make_their_bids_more_often_than_random_ones(oh_hell):
    made = {}
    for strategy in ("random", "sensible"):
        hits = bids = 0
        for seed in range(40):
            rng = random.Random(seed)
            result = play_out(Deal(oh_hell, Table(4, 1), seed % 4, rng, number=seed % 25), STRATEGIES[strategy], rng)
            hits += sum(bid == won for bid, won in zip(result.bids, result.tricks, strict=True))
            bids += 4
        made[strategy] = hits / bids
    assert made["sensible"] > made["random"] + 0.2, made


BASE = OH_HELL[:OH_HELL.index("variants:")]
BAD = [
    (with_deal(BASE, "{phase: deal, packets: [5], hand_sizes: up-and-down}", "{phase: trump, from: next-card}",
               "{phase: bid-tricks}", "{phase: tricks}"),
     ["error: a 'deal' phase gives either 'packets', the same hand in every deal, or 'hand_sizes', a hand that "
      "changes from deal to deal; give one of them"]),
    (with_deal(BASE, "{phase: deal, hand_sizes: up-and-down}", "{phase: turn-up}", "{phase: bid-tricks}",
               "{phase: tricks}"),
     ["error: the 'turn-up' phase turns a card from the pack, and the largest hands leave none: set trump with "
      "a 'trump' phase"]),
    (with_deal(BASE, "{phase: deal, hand_sizes: up-and-down}", "{phase: trump, from: next-card}", "{phase: tricks}"),
     ["error: bids of tricks are scored by 'exact-bids', and 'exact-bids' scores bids of tricks: a deal with a "
      "'bid-tricks' phase needs that scoring, and that scoring needs the phase"]),
    (with_deal(BASE, "{phase: deal, packets: [5]}", "{phase: trump, from: next-card}", "{phase: bid-tricks}",
               "{phase: tricks}"),
     ["error: without a 'target', a game scored by exact bids ends after the deals of its hand-size sequence, "
      "and this deal has none: give 'target', or 'hand_sizes' in the 'deal' phase"]),
    (with_deal(BASE, "{phase: deal, hand_sizes: up-and-down}", "{phase: bid-tricks}", "{phase: trump, from: none}",
               "{phase: tricks}"),
     ["error: the 'bid-tricks' phase belongs after the phase that fixes trump"]),
    (BASE.replace("players: [3, 4, 5, 6, 7]\n", "players: [4]\nteams:\n  - {size: 2, players: [4]}\n"),
     ["error: in a game scored by exact bids each player bids and scores for themselves: leave out teams of "
      "more than one"]),
    (with_deal(BASE, "{phase: deal, hand_sizes: up-and-out}", "{phase: trump, from: next-card}",
               "{phase: bid-tricks}", "{phase: tricks}"),
     ["error: 'up-and-out' is not a sequence of hand sizes; did you mean 'up-and-down'? If not, game.yml cannot "
      "express it yet: see AUTHORING.md, \"What game.yml can and cannot express\""]),
]


@pytest.mark.parametrize(("text", "expected"), BAD, ids=[str(i) for i in range(len(BAD))])
def test_check_names_what_an_exact_bid_game_cannot_be(tmp_path, text, expected):
    assert errors(load(tmp_path, text)) == expected


def simulate(tmp_path, *args: str):
    return run_simulate(tmp_path, OH_HELL, *args)


def test_simulate_plays_the_whole_sequence_and_names_the_winner(tmp_path):
    result = simulate(tmp_path, "--players", "4", "--match", "--strategy", "sensible")
    assert result.exit_code == 0
    out = result.stdout.splitlines()
    assert out[-1] == "The game is over after 25 deals: seat 2 wins it."
    assert "Deal 25: seat 0 deals 1 card each" in out and "Deal 13: seat 0 deals 13 cards each" in out


@pytest.mark.parametrize("variant", [(), ("--variant", "down-and-up")])
def test_every_line_of_an_exact_bid_game_meets_the_schema_and_adds_up(tmp_path, variant):
    result = simulate(tmp_path, "--players", "5", "--match", "--json", "--events", *variant)
    assert result.exit_code == 0, result.output
    totals = [0] * 5
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 19
    for number, line in enumerate(lines):
        VALIDATOR.validate(line)
        bids = {event["seat"]: event["tricks"] for event in line["events"] if event["event"] == "bid-tricks"}
        assert list(bids) == [(line["dealer"] + 1 + i) % 5 for i in range(5)]
        tricks = [event for event in line["events"] if event["event"] == "trick"]
        won = [sum(1 for trick in tricks if trick["winner"] == seat) for seat in range(5)]
        assert line["bids"] == [bids[seat] for seat in range(5)] and line["tricks"] == won
        assert sum(line["bids"]) != len(tricks)
        assert line["score_change"] == [10 + bid if bid == count else 0 for bid, count in zip(line["bids"], won)]
        totals = [total + change for total, change in zip(totals, line["score_change"], strict=True)]
        assert line["totals"] == totals and line["game_over"] == (number == 18)


def test_simulate_takes_no_target_for_a_game_that_sets_its_own_end(tmp_path):
    result = simulate(tmp_path, "--target", "3")
    assert (result.exit_code, result.stderr) == (1, "Error: Oh Hell ends as its scoring in game.yml says; --target "
                                                    "is for games scored by victory points\n")


TRICK_DRILL = "drills:\n  - id: who-takes\n    kind: trick\n    title: Who takes the trick?\n    players: 4\n    seed: 1\n"
BEYOND = "(AUTHORING.md, \"What game.yml can and cannot express\")"


def write_pages(tmp_path, blocks: str, drills: str = TRICK_DRILL) -> Report:
    return check_pages(tmp_path, OH_HELL, blocks, drills)


REFUSED = [
    ("          - text: Three tricks bid and taken score 13.\n            claims:\n"
     "              - {kind: tally, tricks: {Anna: 3, Boris: 2}, expect: {written: {Anna: 13}}}\n",
     "Oh Hell is scored by exact bids: check what each player writes with a 'bids' claim"),
    ("          - {table: score-sheet}\n",
     "a score sheet draws the tally of a game scored by tricks (game.yml: scoring kind: tricks); Oh Hell is "
     f"scored by exact bids, whose tally a score sheet cannot draw yet {BEYOND}"),
]


@pytest.mark.parametrize(("blocks", "expected"), REFUSED, ids=["claim", "score-sheet"])
def test_pages_say_what_they_cannot_show_of_exact_bid_scoring(tmp_path, blocks, expected):
    report = write_pages(tmp_path, blocks)
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == [expected]


WALKTHROUGHS = [
    # (the block, what check says of it; None: it is told)
    ("{title: A deal, seed: 2, players: 4}", None),
    ("{title: A deal, seed: 2, players: 3, deal: 33}", None),
    ("{title: A deal, seed: 2, players: 6, deal: 1}", None),
    ("{title: A deal, seed: 2, players: 4, deal: 26}",
     "a game of Oh Hell for 4 players has 25 deals, and no deal 26; choose one from 1 to 25"),
    ("{title: A deal, seed: 2, players: 7, deal: 13}", None),
]


@pytest.mark.parametrize(("block", "expected"), WALKTHROUGHS, ids=["default", "last", "first", "past-the-end", "seven"])
def test_a_walkthrough_tells_a_deal_of_an_exact_bid_game_the_pages_can_name(tmp_path, block, expected):
    report = write_pages(tmp_path, f"          - walkthrough: {block}\n")
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == ([expected] if expected else [])


def test_a_walkthrough_seats_only_as_many_players_as_there_are_names(tmp_path):
    eight = OH_HELL.replace("players: [3, 4, 5, 6, 7]", "players: [3, 4, 5, 6, 7, 8]")
    report = check_pages(tmp_path, eight, "          - walkthrough: {title: A deal, seed: 2, players: 8}\n",
                         TRICK_DRILL)
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == [
        "a walkthrough names at most 7 players, Anna to Gulnara; give 'players' of 7 or fewer"]


def test_a_walkthrough_says_what_it_cannot_tell_of_exact_bids(tmp_path):
    """A deal whose trump no 'trump' phase sets, a score other than the bonus and the bid, and a
    deal picked in a game whose deals are all alike."""
    folder = tmp_path / "examples" / "oh-hell"
    folder.mkdir(parents=True)
    pages = ("pages:\n  - id: rules\n    title: Oh Hell\n    summary: Oh Hell.\n    sections:\n"
             "      - id: one\n        title: One\n        blocks:\n"
             "          - walkthrough: {title: A deal, seed: 2, players: 4, deal: 3}\n")
    (folder / "pages.yml").write_text(pages, encoding="utf-8")
    games = [
        OH_HELL.replace("bonus: 10", "bonus: 10\n  per_miss: 1"),
        with_deal(BASE, "{phase: deal, packets: [5]}", "{phase: trump, from: next-card}",
                  "{phase: bid-tricks, dealer_restricted: true}", "{phase: tricks}").replace(
            "bonus: 10", "bonus: 10\n  target: 100"),
    ]
    found = []
    for text in games:
        (folder / "game.yml").write_text(text, encoding="utf-8")
        found += [str(p)[str(p).index("error:") + 7:] for p in check(tmp_path).problems]
    assert found == [
        "a walkthrough tells a deal scored by exact bids when a bid made exactly writes the bonus and one point for "
        "each trick bid, and nothing else scores; Oh Hell scores otherwise ('per_bid_trick', 'per_trick' or "
        f"'per_miss'), and a walkthrough cannot tell its score yet {BEYOND}",
        "every deal of Oh Hell is alike, so a walkthrough takes no 'deal'; leave it out",
    ]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_play_page_plays_an_exact_bid_game_at_every_table_whose_seats_have_names(tmp_path, players):
    report = write_pages(tmp_path, f"          - play: {{players: {players}}}\n")
    assert [str(problem) for problem in report.problems] == []


@pytest.mark.parametrize("kind", ["scoring", "deal-scoring", "dealer-bid"])
def test_scoring_and_dealer_bid_drills_of_an_exact_bid_game_are_drawn(tmp_path, kind):
    report = write_pages(tmp_path, "          - Text.\n",
                         TRICK_DRILL + f"  - id: scores\n    kind: {kind}\n    title: Scores\n    seed: 4\n")
    assert [str(p) for p in report.problems] == []
