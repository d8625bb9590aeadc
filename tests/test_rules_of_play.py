"""The tricks phase's own rules of play (issue 31): the holder of a card leads it to the first
trick, a suit may not be led until broken unless the leader holds nothing else, and no card that
costs penalty points goes to the first trick unless the player has no other choice. Re-checked
here from each deal's events, restated from the rules as Hearts states them."""

from __future__ import annotations

import io
import json
import random

import pytest
from click.testing import CliRunner
from game_texts import OH_HELL, check_pages, errors, load
from test_penalties import BLACK_LADY

from tutorial_engine.cli.judge import serve
from tutorial_engine.cli.main import cli
from tutorial_engine.engine import events
from tutorial_engine.engine.cards import Card, Suit
from tutorial_engine.engine.deal import Deal
from tutorial_engine.engine.rules import legal_plays
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import STRATEGIES

HEARTS = BLACK_LADY.replace("id: black-lady", "id: hearts").replace("name: Black Lady", "name: Hearts").replace(
    "  - {phase: tricks}", "  - {phase: tricks, first_lead: 2♣, unbroken: ♥, clean_first_trick: true}")
TWO_OF_CLUBS = Card.parse("2♣")


def costs(card: Card) -> bool:
    return card.suit is Suit.HEARTS or str(card) == "Q♠"


@pytest.fixture(scope="module")
def hearts(tmp_path_factory):
    report = load(tmp_path_factory.mktemp("hearts"), HEARTS)
    assert errors(report) == []
    return report.games["hearts"]


@pytest.mark.parametrize("strategy", ["random", "sensible"])
def test_every_move_offers_exactly_the_cards_the_rules_allow(hearts, strategy):
    """At each turn, the cards offered are those Hearts allows, restated here: the duty to follow,
    then the 2♣ to lead the first trick, no heart led before hearts are broken unless the leader
    holds only hearts, no heart nor Q♠ on the first trick unless nothing else may be played."""
    broken_leads = forced = 0
    for seed in range(300):
        rng = random.Random(seed)
        deal = Deal(hearts, Table(4, 1), seed % 4, rng)
        broken, first = False, True
        while not deal.is_terminal():
            hand, trick = deal.hands[deal.to_move], list(deal.trick)
            allowed = list(legal_plays(hearts, None, trick, hand).legal)
            if first and not trick and TWO_OF_CLUBS in hand:
                allowed = [TWO_OF_CLUBS]
            if not trick and not broken:
                allowed = [c for c in allowed if c.suit is not Suit.HEARTS] or allowed
                forced += all(c.suit is Suit.HEARTS for c in allowed)
            if first:
                allowed = [c for c in allowed if not costs(c)] or allowed
            assert {action.card for action in deal.legal_actions()} == set(allowed), f"deal {seed}"
            action = STRATEGIES[strategy](deal, rng)
            broken_leads += not trick and broken and action.card.suit is Suit.HEARTS
            deal.apply(action)
            if not deal.trick:  # a trick has ended
                last = next(e for e in reversed(deal.log) if isinstance(e, events.Trick))
                broken = broken or any(card.suit is Suit.HEARTS for card in last.plays)
                first = False
        first_trick = next(e for e in deal.log if isinstance(e, events.Trick))
        assert first_trick.plays[0] == TWO_OF_CLUBS
    assert broken_leads > 0
    if strategy == "random":
        assert forced > 0


def test_each_rule_gives_way_when_it_would_leave_no_card(hearts):
    """A hand of hearts alone leads a heart before hearts are broken: its only cards."""
    found = 0
    for seed in range(2000):
        rng = random.Random(seed)
        deal = Deal(hearts, Table(4, 1), 0, rng)
        while not deal.is_terminal():
            seat = deal.to_move
            hand = deal.hands[seat]
            if not deal.trick and not deal.broken and deal.tricks and all(c.suit is Suit.HEARTS for c in hand):
                assert {a.card for a in deal.legal_actions()} == set(hand)
                found += 1
            deal.apply(rng.choice(deal.legal_actions()))
        if found:
            return
    pytest.fail("no leader held hearts alone before hearts were broken")


def test_check_names_the_deck_s_cards_and_suits_and_a_scoring_with_penalties(tmp_path):
    text = HEARTS.replace("first_lead: 2♣", "first_lead: 1♣").replace("unbroken: ♥", "unbroken: ♥")
    assert errors(load(tmp_path, text)) == [
        "error: '1♣' is not a card; expected a rank A K Q J 10 (or T) 9 … 2 followed by a suit ♠ ♥ ♦ ♣ or S H D C, "
        "as in A♥, AH, 10♦, TD"]
    short = (HEARTS.replace("suits: [♠, ♥, ♦, ♣]", "suits: [♠, ♦, ♣]").replace("players: [4]", "players: [3]")
             .replace("{♥: 1}", "{♦: 1}").replace("first_lead: 2♣", "first_lead: 2♥"))
    assert errors(load(tmp_path / "short", short)) == [
        "error: 2♥ is not a card of the deck",
        "error: ♥ is not a suit of the deck (♠ ♦ ♣)",
    ]
    whist = (HEARTS.replace("kind: penalty-points", "kind: odd-tricks\n  book: 6")
             .replace("  suits: {♥: 1}\n  cards: {Q♠: 13}\n  moon: true\n  target: 100", "  target: 5"))
    assert errors(load(tmp_path / "whist", whist)) == [
        "error: a clean first trick keeps out the cards that cost penalty points, and this game's scoring gives "
        "none: it needs 'scoring' of kind 'penalty-points'"]


def test_questions_of_a_trick_and_a_hand_alone_are_refused_with_the_reason(tmp_path, hearts):
    why = ("in Hearts, what may be played depends on whether the trick is the deal's first or a suit has been "
           "broken (the 'tricks' phase's first_lead, unbroken or clean_first_trick), which a question of a trick "
           "and a hand alone cannot say yet (AUTHORING.md, \"What game.yml can and cannot express\")")
    example = ("          - text: Follow suit.\n            claims:\n"
               "              - {kind: legal, trump: ♠, trick: [A♥], hand: [2♥, 3♣], expect: {legal: [2♥]}}\n")
    report = check_pages(tmp_path, HEARTS,
                         example, "drills:\n  - {id: l, kind: legal, title: T}\n")
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == [
        f"Hearts has no use for legal drills: {why}",
        f"a legal example cannot be checked: {why}",
    ]
    refused = CliRunner().invoke(cli, ["legal", "hearts", "--trump", "♠", "--trick", "A♥", "--hand", "2♥ 3♣",
                                       "--project", str(tmp_path)])
    assert (refused.exit_code, refused.output) == (1, f"Error: no answer: {why}\n")
    line = json.dumps({"game": "hearts", "trump": "♠", "trick": ["A♥"], "hand": ["2♥", "3♣"]}).encode()
    out = io.BytesIO()
    assert serve({"hearts": hearts}, io.BytesIO(line + b"\n"), out) == 1
    assert json.loads(out.getvalue()) == {"error": f"line 1: no answer: {why}"}


def test_pages_that_explain_which_cards_may_be_played_say_they_cannot_yet(tmp_path):
    """An Oh Hell whose trump may not be led until broken, as in Spades: its walkthrough and its
    Play page would have to explain a refusal they cannot word yet."""
    spades = OH_HELL.replace("  - {phase: tricks}", "  - {phase: tricks, unbroken: ♠}", 1)
    report = check_pages(tmp_path, spades, "          - walkthrough: {title: A deal, seed: 2, players: 4}\n"
                                           "          - play: {players: 4}\n",
                         "drills:\n  - {id: t, kind: trick, title: T, players: 4}\n")
    rules = ("Oh Hell's 'tricks' phase restricts play by the deal's first trick or a suit broken (first_lead, "
             "unbroken, clean_first_trick), which it cannot tell yet (AUTHORING.md, \"What game.yml can and cannot "
             "express\")")
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == [
        f"a walkthrough asks which cards may be played, and {rules}",
        f"a play block explains every card it refuses, and {rules}",
    ]
