"""The vocabulary of plain-trick games (issue 30): a deal of the whole pack, trump set without a
decision (the dealer's last card, the next card, a fixed suit, none) and scoring by odd tricks,
played by the one Deal state and checked by `check` with every problem in one run.

The game here is classic Whist as issue 30 states it: four players in partnerships opposite,
52 cards A high to 2, all dealt one at a time clockwise, the dealer's last card turned for trump
and kept, the dealer's left leads, follow suit if able, seven tricks or more score one point a
trick above six, game to 5.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest
from game_texts import WHIST, check_pages, errors, load, with_deal
from game_texts import simulate as run_simulate

from tutorial_engine.content.project import Report
from tutorial_engine.engine.cards import Suit
from tutorial_engine.engine.deal import Deal, OddTricksResult, places, play_out
from tutorial_engine.engine.game import OddTricks
from tutorial_engine.engine.rules import judge_trick
from tutorial_engine.engine.scoring import game_step
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import STRATEGIES

PAIRS = Table(4, 2)
SCHEMA = Path(__file__).resolve().parent.parent / "schemas" / "simulate.schema.json"
VALIDATOR = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


@pytest.fixture
def whist(tmp_path):
    report = load(tmp_path, WHIST)
    assert errors(report) == []
    return report.games["whist"]


def test_the_whole_pack_is_dealt_one_card_at_a_time_from_the_dealers_left(whist):
    deal = Deal(whist, PAIRS, 0, random.Random(1))
    dealt = deal.log[0]
    assert [len(hand) for hand in dealt.hands] == [13, 13, 13, 13]
    assert deal.stock == [] and sorted(places(deal), key=str) == sorted(whist.deck, key=str)
    shuffled = list(whist.deck)
    random.Random(1).shuffle(shuffled)
    assert [dealt.hands[seat][0] for seat in (1, 2, 3, 0)] == shuffled[:4]


def test_the_dealers_last_card_sets_trump_and_stays_in_the_dealers_hand(whist):
    for dealer in range(4):
        deal = Deal(whist, PAIRS, dealer, random.Random(dealer))
        last = deal.log[0].hands[dealer][-1]
        assert deal.trump is last.suit and deal.turned == last
        assert last in deal.hands[dealer] and len(deal.hands[dealer]) == 13
        assert deal.to_move == (dealer + 1) % 4, "the dealer's left leads"


def test_the_next_card_sets_trump_out_of_play_and_no_card_left_means_no_trump(tmp_path):
    three = WHIST.replace("players: [4]\nteams:\n  - {size: 2, players: [4]}\n", "players: [3]\n")
    report = load(tmp_path, with_deal(three, "{phase: deal, packets: [13]}", "{phase: trump, from: next-card}",
                                      "{phase: tricks}"))
    game = report.games["whist"]
    deal = Deal(game, Table(3, 1), 0, random.Random(4))
    assert deal.trump is deal.turned.suit and deal.out == [deal.turned] and len(deal.stock) == 12
    report = load(tmp_path, with_deal(WHIST, "{phase: deal, packets: [13]}", "{phase: trump, from: next-card}",
                                      "{phase: tricks}"))
    deal = Deal(report.games["whist"], PAIRS, 0, random.Random(4))
    assert deal.trump is None and deal.turned is None and deal.out == []


@pytest.mark.parametrize(("phase", "trump"), [("{phase: trump, from: suit, suit: ♥}", Suit.HEARTS),
                                              ("{phase: trump, from: none}", None)])
def test_a_fixed_suit_or_no_trump_holds_for_every_deal(tmp_path, phase, trump):
    game = load(tmp_path, with_deal(WHIST, "{phase: deal, packets: [1], whole_pack: true}", phase,
                                    "{phase: tricks}")).games["whist"]
    for seed in range(20):
        deal = Deal(game, PAIRS, seed % 4, random.Random(seed))
        assert deal.trump is trump
        play_out(deal, STRATEGIES["random"], random.Random(seed))
        for trick in (event for event in deal.log if type(event).__name__ == "Trick"):
            assert judge_trick(game, trump, list(trick.plays)).winner == trick.seats.index(trick.winner)


@pytest.mark.parametrize("strategy", ["random", "sensible"])
def test_a_side_scores_one_point_for_each_trick_above_six(whist, strategy):
    for seed in range(200):
        rng = random.Random(seed)
        result = play_out(Deal(whist, PAIRS, seed % 4, rng), STRATEGIES[strategy], rng)
        assert isinstance(result, OddTricksResult)
        assert sum(result.tricks) == 13
        winner = 0 if result.tricks[0] > 6 else 1
        assert result.written[winner] == result.tricks[winner] - 6 >= 1
        assert result.written[1 - winner] == 0


def test_the_first_side_to_five_wins_the_game():
    whist = OddTricks(book=6, target=5)
    assert game_step(whist, (3, 4), (0, 1)) == game_step(whist, (3, 4), (0, 1))
    assert game_step(whist, (3, 4), (0, 1)).winner == 1
    assert game_step(whist, (3, 4), (0, 1)).scores == (3, 5)
    assert game_step(whist, (4, 2), (0, 2)).winner is None
    assert game_step(whist, (4, 1), (3, 0)).scores == (7, 1)
    assert game_step(whist, (4, 1), (3, 0)).winner == 0
    assert game_step(OddTricks(book=0, target=5), (4, 4), (1, 1)).winner is None, "leaders level: play on"


THREE_MISTAKES = WHIST.replace("  trump: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]\n",
                               "  trump: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3]\n") \
    .replace("follow: suit\n", "follow: suit-or-anything\n") \
    .replace("kind: odd-tricks", "kind: odd-trick")
BEYOND = 'see AUTHORING.md, "What game.yml can and cannot express"'


def test_three_independent_mistakes_get_three_errors_in_one_run(tmp_path):
    assert errors(load(tmp_path, THREE_MISTAKES)) == [
        "error: the trump order must name each deck rank once (A K Q J 10 9 8 7 6 5 4 3 2), "
        "but it is A K Q J 10 9 8 7 6 5 4 3",
        "error: 'suit-or-anything' is not a follow rule; expected one of: none, suit-then-trump, suit, "
        "suit-head-then-trump; "
        f"game.yml cannot express any other yet: {BEYOND}",
        "error: 'odd-trick' is not a kind of scoring rule; did you mean 'odd-tricks'? "
        f"If not, game.yml cannot express it yet: {BEYOND}",
    ]


def test_a_field_the_others_are_measured_against_holds_back_the_checks_across_fields(tmp_path):
    """Players unread: the teams are not judged against a default table of two."""
    text = WHIST.replace("players: [4]\n", "players: [four]\n")
    assert errors(load(tmp_path, text)) == ["error: expected a number of players, but found 'four'"]


BAD = [
    (("{phase: deal, packets: [1], whole_pack: true}", "{phase: trump, from: next-card}", "{phase: tricks}"),
     ["error: a deal of the whole pack leaves no card to turn, so there would never be trump: use "
      "'from: dealer-last', or 'from: none' for a game without trump"]),
    (("{phase: deal, packets: [1], whole_pack: true}", "{phase: trump, from: suit}", "{phase: tricks}"),
     ["error: 'from: suit' needs the trump suit: add 'suit: ♠' (or the suit of your game)"]),
    (("{phase: deal, packets: [1], whole_pack: true}", "{phase: trump, from: dealer-last, suit: ♠}",
      "{phase: tricks}"),
     ["error: 'suit' is for 'from: suit'; with 'from: dealer-last' the rules set trump otherwise: remove 'suit'"]),
    (("{phase: deal, packets: [1], whole_pack: true}", "{phase: turn-up}", "{phase: tricks}"),
     ["error: the 'turn-up' phase turns a card from the pack, and a deal of the whole pack leaves none: set "
      "trump with a 'trump' phase"]),
    (("{phase: deal, packets: [5], whole_pack: true}", "{phase: trump, from: none}", "{phase: tricks}"),
     ["error: a deal of the whole pack in packets of 5 cannot share 52 cards out evenly among 4 players; "
      "give packets whose rounds fit 13 cards each, or leave out 'whole_pack'"]),
    (("{phase: deal, packets: [14]}", "{phase: trump, from: none}", "{phase: tricks}"),
     ["error: 4 hands of 14 need more than the 52 cards of the deck"]),
    (("{phase: deal, packets: [1], whole_pack: true}", "{phase: marriages}", "{phase: trump, from: none}",
      "{phase: tricks}"),
     ["error: 'marriages' is not a kind of phase of the deal; expected one of: cut, deal, pass, forecast, "
      "turn-up, trump, accept-or-refuse, bidding, discard, solo, bid-tricks, tricks; game.yml cannot express any "
      f"other yet: {BEYOND}"]),
]


@pytest.mark.parametrize(("phases", "expected"), BAD, ids=[str(i) for i in range(len(BAD))])
def test_check_names_what_a_plain_trick_deal_cannot_be(tmp_path, phases, expected):
    assert errors(load(tmp_path, with_deal(WHIST, *phases))) == expected


def test_a_cutter_takes_no_more_cards_than_the_first_packet_holds(tmp_path):
    text = with_deal(WHIST, "{phase: cut, take: 2}", "{phase: deal, packets: [1], whole_pack: true}",
                     "{phase: trump, from: none}", "{phase: tricks}")
    text = text.replace("follow: suit\n", "follow: suit\ntop_trumps:\n  cards: [{card: Q♣}, {card: 7♠}]\n"
                                          "  home_suit: ♣\n")
    assert errors(load(tmp_path, text)) == [
        "error: the cutter may take 2 cards at the cut, which stand in for cards of the first packet, and it "
        "holds 1: take at most 1"]


def test_a_game_scored_by_odd_tricks_passes_the_deal_in_turn(tmp_path):
    assert errors(load(tmp_path, WHIST + "next_dealer: winner\n")) == [
        "error: a game scored by tricks passes the deal in turn; next_dealer: winner is for games scored by "
        "victory points"]


TRICK_DRILL = "drills:\n  - id: who-takes\n    kind: trick\n    title: Who takes the trick?\n    seed: 1\n"


def write_pages(tmp_path, blocks: str, drills: str = TRICK_DRILL, game: str = WHIST) -> Report:
    return check_pages(tmp_path, game, blocks, drills)


REFUSED = [
    ("          - text: Seven tricks score one.\n            claims:\n"
     "              - {kind: round, declarer_tricks: 7, expect: {written: {declarers: 1, defenders: 0}}}\n",
     "a 'round' claim checks what the side that made trump writes (scoring kind: tricks); Whist is scored by "
     "odd tricks: check what each side writes with a 'tally' claim"),
]


@pytest.mark.parametrize(("blocks", "expected"), REFUSED, ids=["round-claim"])
def test_pages_say_what_they_cannot_show_of_odd_trick_scoring(tmp_path, blocks, expected):
    report = write_pages(tmp_path, blocks)
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == [expected]


def test_a_walkthrough_tells_a_deal_whose_trump_the_rules_set(tmp_path):
    """tests/test_walkthrough_odd_tricks.py holds what it tells to the engine's deal."""
    report = write_pages(tmp_path, "          - walkthrough: {title: A deal, seed: 2}\n")
    assert [str(p) for p in report.problems] == []
    [block] = [block for page in report.pages for block in page.blocks() if type(block).__name__ == "WalkthroughBlock"]
    assert (block.spec.players, block.spec.team_size, block.spec.seed) == (4, 2, 2)


def test_a_walkthrough_cannot_tell_odd_tricks_when_a_player_makes_trump(tmp_path):
    game = with_deal(WHIST, "{phase: deal, packets: [5]}", "{phase: accept-or-refuse}", "{phase: discard}",
                     "{phase: tricks}").replace("book: 6", "book: 2")
    report = write_pages(tmp_path, "          - walkthrough: {title: A deal, seed: 2}\n", game=game)
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == [
        "a walkthrough tells a deal scored by odd tricks when its trump is turned up or set by a 'trump' phase; in "
        "Whist a player makes trump, and a walkthrough cannot tell such a deal yet (AUTHORING.md, \"What game.yml "
        "can and cannot express\")"]


def test_a_play_page_plays_a_game_to_the_target_its_scoring_sets(tmp_path):
    """The browser plays odd tricks (tests/test_play_browser.py plays Whist there): a play block
    takes no target, since game.yml's scoring sets it, as in a game scored by tricks."""
    report = write_pages(tmp_path, "          - play: {players: 4, team_size: 2}\n")
    assert [str(p) for p in report.problems] == []
    [block] = [block for page in report.pages for block in page.blocks() if type(block).__name__ == "PlayBlock"]
    assert (block.players, block.team_size, block.target) == (4, 2, None)
    report = write_pages(tmp_path, "          - play: {players: 4, team_size: 2, target: 3}\n")
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == [
        "'target' is for games scored by victory points; Whist is scored by odd tricks, whose scoring in game.yml "
        "sets the target"]


@pytest.mark.parametrize("kind", ["scoring", "deal-scoring"])
def test_scoring_drills_of_an_odd_trick_game_are_drawn_and_a_tally_claim_checks_its_prose(tmp_path, kind):
    """What they ask, and in which words, is in tests/test_odd_trick_scoring.py."""
    report = write_pages(tmp_path, "          - text: Seven tricks score one.\n            claims:\n"
                                   "              - {kind: tally, tricks: {us: 7, them: 6}, expect: {written: {us: 1}}}\n",
                         f"drills:\n  - id: scores\n    kind: {kind}\n    title: Scores\n    seed: 4\n")
    assert [str(p) for p in report.problems] == []
    [drill] = report.drills
    assert (drill.players, drill.team_size, len(report.questions[drill])) == (4, 2, 30)
    assert [claim.kind for page in report.pages for claim in page.claims] == ["tally"]


def simulate(tmp_path, *args: str):
    return run_simulate(tmp_path, WHIST, *args)


def test_simulate_plays_whist_until_a_side_reaches_five_and_stops(tmp_path):
    result = simulate(tmp_path, "--strategy", "sensible", "--deals", "40")
    assert result.exit_code == 0
    out = result.stdout.splitlines()
    assert out[-1] == "The game is over: 0+2 won it in 3 deals, so simulate stops before the 40 deals asked for."
    assert out[-2] == "  tricks 0+2: 8, 1+3: 5; written [2, 0]; scores [5, 2]; side 0+2 wins the game"
    assert "  7♣ is turned: ♣ is trump" in out


@pytest.mark.parametrize("seed", range(6))
def test_every_line_of_a_game_by_odd_tricks_meets_the_schema_and_adds_up(tmp_path, seed):
    result = simulate(tmp_path, "--match", "--json", "--events", "--seed", str(seed))
    assert result.exit_code == 0, result.output
    scores = [0, 0]
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    for number, line in enumerate(lines):
        VALIDATOR.validate(line)
        tricks = [event for event in line["events"] if event["event"] == "trick"]
        won = [sum(1 for trick in tricks if trick["winner"] % 2 == side) for side in (0, 1)]
        dealer_last = line["events"][0]["hands"][line["dealer"]][-1]
        assert line["events"][1] == {"event": "trump-set", "card": dealer_last, "suit": dealer_last[-1]}
        assert line["tricks"] == won and sum(won) == 13
        assert line["score_change"] == [max(0, count - 6) for count in won]
        scores = [before + change for before, change in zip(scores, line["score_change"], strict=True)]
        assert line["scores"] == scores
        assert (line["game_winner"] is not None) == (number == len(lines) - 1)
    assert max(scores) >= 5


def test_simulate_takes_no_target_for_a_game_that_sets_its_own(tmp_path):
    result = simulate(tmp_path, "--target", "3")
    assert (result.exit_code, result.stderr) == (1, "Error: Whist is won at 5 points, as its scoring in game.yml "
                                                    "says; --target is for games scored by victory points\n")
