"""Passing cards before play (issue 31): after the deal each player passes cards face down to
another, left, right, across or not at all, the direction turning from deal to deal. Re-checked
from each deal's events, restated from the rules as Hearts states them."""

from __future__ import annotations

import json
import random

import jsonschema
import pytest
from game_texts import WHIST, check_pages, errors, load, simulate, with_deal
from test_rules_of_play import HEARTS

from tutorial_engine.content.jsonschema import schema_text
from tutorial_engine.content.walkthrough import CardsPassed, WalkSpec, walk
from tutorial_engine.engine import events
from tutorial_engine.engine.cards import Card, Suit
from tutorial_engine.engine.deal import Deal, play_out
from tutorial_engine.engine.penalties import play_penalty_game
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import STRATEGIES
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.render.play import vocabulary_messages

PASSING = HEARTS.replace("  - {phase: trump, from: none}\n",
                         "  - {phase: pass, cards: 3, directions: [left, right, across, none]}\n"
                         "  - {phase: trump, from: none}\n")
SHIFT = {"left": 1, "right": -1, "across": 2}


def game(tmp_path, text: str):
    report = load(tmp_path, text)
    assert errors(report) == []
    return next(iter(report.games.values()))


def replay(deal: Deal) -> dict[int, list[Card]]:
    """Each seat's cards after the passing, from the events alone: dealt, less given, plus received."""
    dealt = next(event for event in deal.log if isinstance(event, events.Dealt))
    hands = {seat: list(hand) for seat, hand in enumerate(dealt.hands)}
    passes = [event for event in deal.log if isinstance(event, events.Passed)]
    for given in passes:
        for card in given.cards:
            hands[given.seat].remove(card)
    for given in passes:
        hands[given.to].extend(given.cards)
    return hands


@pytest.mark.parametrize(("direction", "clockwise"), [("clockwise", 1), ("counterclockwise", -1)])
def test_cards_go_left_right_across_then_stay_deal_after_deal(tmp_path, direction, clockwise):
    """Seats are numbered in the direction of play: left is the next seat in a game played
    clockwise, the seat before in one played the other way."""
    hearts = game(tmp_path, PASSING.replace("follow: suit", f"follow: suit\ndirection: {direction}"))
    for number in range(8):
        rng = random.Random(number)
        deal = Deal(hearts, Table(4, 1), number % 4, rng, number)
        play_out(deal, STRATEGIES["random"], rng)
        way = ["left", "right", "across", None][number % 4]
        passes = [event for event in deal.log if isinstance(event, events.Passed)]
        if way is None:
            assert passes == []
            continue
        shift = SHIFT[way] * (clockwise if way != "across" else 1)
        assert [given.seat for given in passes] == [(deal.dealer + 1 + k) % 4 for k in range(4)]
        assert all(given.to == (given.seat + shift) % 4 and len(given.cards) == 3 for given in passes)
        hands = replay(deal)
        for trick in (event for event in deal.log if isinstance(event, events.Trick)):
            for seat, card in zip(trick.seats, trick.plays):
                hands[seat].remove(card)  # each card played was in its player's hand after the passing
        assert all(hand == [] for hand in hands.values())


def test_the_sensible_player_passes_its_costliest_cards(tmp_path):
    hearts = game(tmp_path, PASSING)
    order = {str(rank): 13 - index for index, rank in enumerate(hearts.plain_order)}

    def key(card: Card) -> tuple[int, int]:
        return (13 if str(card) == "Q♠" else 1 if card.suit is Suit.HEARTS else 0), order[str(card.rank)]

    for seed in range(30):
        rng = random.Random(seed)
        deal = Deal(hearts, Table(4, 1), 0, rng)
        play_out(deal, STRATEGIES["sensible"], rng)
        dealt = next(event for event in deal.log if isinstance(event, events.Dealt))
        for given in (event for event in deal.log if isinstance(event, events.Passed)):
            kept = [card for card in dealt.hands[given.seat] if card not in given.cards]
            assert min(map(key, given.cards)) >= max(map(key, kept))


def test_a_whole_game_passes_in_turn_and_ends_at_the_target(tmp_path):
    hearts = game(tmp_path, PASSING)
    played = list(play_penalty_game(hearts, Table(4, 1), seed=7, strategy="sensible"))
    assert played[-1].over and max(played[-1].totals) >= 100
    for number, game_deal in enumerate(played):
        passes = [event for event in game_deal.deal.log if isinstance(event, events.Passed)]
        assert len(passes) == (0 if number % 4 == 3 else 4)


def test_check_refuses_a_pass_the_table_or_the_hands_cannot_make(tmp_path):
    text = (PASSING.replace("players: [4]", "players: [3, 4]").replace("packets: [1], whole_pack: true", "packets: [2]")
            .replace("cards: 3", "cards: 2"))
    assert errors(load(tmp_path, text)) == [
        "error: a player passes 2 cards from a hand of 2, and would keep none: pass at most 1",
        "error: nobody sits across the table from a player at a table of 3: pass across only when every table has "
        "an even number of players",
    ]
    before = PASSING.replace("  - {phase: deal, packets: [1], whole_pack: true}\n"
                             "  - {phase: pass, cards: 3, directions: [left, right, across, none]}\n",
                             "  - {phase: pass, cards: 3, directions: [left]}\n"
                             "  - {phase: deal, packets: [1], whole_pack: true}\n")
    assert errors(load(tmp_path / "before", before)) == ["error: the 'pass' phase belongs after 'deal'"]
    never = PASSING.replace("directions: [left, right, across, none]", "directions: [none, none]")
    assert errors(load(tmp_path / "never", never)) == [
        "error: every direction is 'none', so nobody ever passes: give a direction, or remove the 'pass' phase"]
    half = PASSING.replace("players: [4]", "players: [2]").replace("cards: 3", "cards: 13").replace(
        "[left, right, across, none]", "[left]")
    assert errors(load(tmp_path / "half", half)) == [
        "error: a hand of 26 can pass 13 cards in 10,400,600 ways, more than the 20,000 the engines offer a player "
        "to choose from: pass fewer cards"]


def test_a_walkthrough_and_a_play_page_of_a_game_with_passing_are_accepted(tmp_path):
    """A Whist whose players pass three cards, left then right: its walkthrough tells the pass of
    its deal, and its Play page carries the words of passing."""
    passing = with_deal(WHIST, "{phase: deal, packets: [1], whole_pack: true}",
                        "{phase: pass, cards: 3, directions: [left, right]}", "{phase: trump, from: dealer-last}",
                        "{phase: tricks}")
    report = check_pages(tmp_path, passing, "          - walkthrough: {title: A deal, seed: 2, players: 4}\n"
                                            "          - play: {players: 4, team_size: 2}\n",
                         "drills:\n  - {id: t, kind: trick, title: T, players: 4}\n")
    assert list(report.problems) == []
    game = report.games["whist"]
    moments = walk(WalkSpec(game, 4, 2, 2)).moments
    passed = next(m for m in moments if isinstance(m, CardsPassed))
    assert passed.direction.value == "left" and [(seat, to) for seat, to, _ in passed.passes] == [
        (1, 2), (2, 3), (3, 0), (0, 1)]
    assert {"prompt-pass", "pass-button", "you-receive", "advice-pass-costliest"} <= set(
        vocabulary_messages(Translator("en"), game))


def test_simulate_lists_each_pass_as_the_published_schema_describes(tmp_path):
    result = simulate(tmp_path, PASSING, "--deals", "3", "--json", "--events", "--seed", "4")
    assert result.exit_code == 0, result.output
    schema = json.loads(schema_text("simulate"))
    lines = [json.loads(line) for line in result.output.splitlines()]
    for line in lines:
        jsonschema.validate(line, schema)
    passes = [[event for event in line["events"] if event["event"] == "pass"] for line in lines]
    assert [[(event["seat"], event["to"]) for event in deal] for deal in passes] == [
        [(1, 2), (2, 3), (3, 0), (0, 1)], [(2, 1), (3, 2), (0, 3), (1, 0)], [(3, 1), (0, 2), (1, 3), (2, 0)]]
    assert all(len(event["cards"]) == 3 for deal in passes for event in deal)
