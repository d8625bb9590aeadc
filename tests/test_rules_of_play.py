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
from tutorial_engine.content.drills.drawing import draw
from tutorial_engine.content.drills.drill import Drill
from tutorial_engine.content.walkthrough import TrickPlayed, WalkSpec, walk
from tutorial_engine.engine import events
from tutorial_engine.engine.cards import Card, Suit
from tutorial_engine.engine.deal import Deal
from tutorial_engine.engine.rules import Moment, legal_plays
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import STRATEGIES
from tutorial_engine.i18n.explain import explain_legality
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.render.play import vocabulary_messages

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


def claims(*lines: str) -> str:
    return "          - text: Which cards may be played.\n            claims:\n" + "".join(
        f"              - {line}\n" for line in lines)


def test_legal_claims_say_where_the_trick_stands_and_are_checked_by_the_rules_of_play(tmp_path):
    """Each rule refuses its own cards, by its own code: the 2♣ leads the first trick, no heart
    is led before hearts are broken unless the hand holds only hearts, and a void hand on the
    first trick keeps back hearts and Q♠ while it holds another card."""
    report = check_pages(tmp_path, HEARTS, claims(
        "{kind: legal, first_trick: true, hand: [2♣, A♣, 3♥], expect: {legal: [2♣], duty: lead}}",
        "{kind: legal, first_trick: false, broken: false, hand: [A♣, 3♥], expect: {legal: [A♣], duty: lead}}",
        "{kind: legal, first_trick: false, broken: false, hand: [3♥, K♥], expect: {legal: [3♥, K♥], duty: lead}}",
        "{kind: legal, first_trick: false, broken: true, hand: [A♣, 3♥], expect: {legal: [A♣, 3♥], duty: lead}}",
        "{kind: legal, first_trick: true, trick: [2♣], hand: [Q♠, 5♥, 9♦], expect: {legal: [9♦], duty: void}}",
        "{kind: legal, first_trick: true, trick: [2♣], hand: [Q♠, 5♥], expect: {legal: [Q♠, 5♥], duty: void}}",
        "{kind: legal, first_trick: true, trick: [2♣], hand: [3♣, 5♥], expect: {legal: [3♣], duty: follow}}",
        "{kind: legal, first_trick: false, broken: false, trick: [4♦], hand: [Q♠, 5♥], "
        "expect: {legal: [Q♠, 5♥], duty: void}}",
    ), "drills:\n  - {id: t, kind: trick, title: T}\n")
    assert errors(report) == []
    legality = legal_plays(report.games["hearts"], None, [Card.parse("2♣")], [Card.parse(c) for c in ("Q♠", "5♥", "9♦")],
                           Moment(first_trick=True, broken=False))
    assert {str(card): code for card, code in legality.refused.items()} == {"Q♠": "clean-first-trick",
                                                                             "5♥": "clean-first-trick"}
    assert explain_legality(legality) == ("You cannot follow suit. No card that costs penalty points may go to the "
                                          "first trick while you hold another card you may play.")
    void = legal_plays(report.games["hearts"], None, [Card.parse("4♦")], [Card.parse("Q♠"), Card.parse("5♥")],
                       Moment(first_trick=False, broken=False))
    assert explain_legality(void) == "You cannot follow suit: any card may be played."  # no trump to speak of


def test_a_wrong_legal_claim_names_the_rule_that_refused_each_card(tmp_path):
    report = check_pages(tmp_path, HEARTS, claims(
        "{kind: legal, first_trick: false, broken: false, hand: [A♣, 3♥], expect: {legal: [A♣, 3♥]}}",
        "{kind: legal, first_trick: true, hand: [2♣, A♣], expect: {legal: [A♣, 2♣]}}",
        "{kind: legal, first_trick: true, trick: [2♣], hand: [Q♠, 9♦], expect: {legal: [Q♠, 9♦]}}",
    ), "drills:\n  - {id: t, kind: trick, title: T}\n")
    assert [e[e.index(": ") + 2:] for e in errors(report)] == [
        "expected legal A♣ 3♥, but the engine gives A♣: 3♥ is refused because ♥ may not be led until one has been "
        "played to an earlier trick, and the hand holds other cards",
        "expected legal A♣ 2♣, but the engine gives 2♣: A♣ is refused because the deal's first trick is led with 2♣",
        "expected legal Q♠ 9♦, but the engine gives 9♦: Q♠ is refused because no card that costs penalty points may "
        "go to the first trick while the hand holds another",
    ]


def test_a_legal_claim_gives_exactly_the_moment_its_game_asks_and_one_a_deal_can_reach(tmp_path):
    report = check_pages(tmp_path, HEARTS, claims(
        "{kind: legal, trump: ♠, hand: [A♣, 3♥]}",
        "{kind: legal, first_trick: true, broken: true, trick: [2♣], hand: [A♣]}",
        "{kind: legal, first_trick: true, hand: [A♣, 3♥]}",
        "{kind: legal, first_trick: true, trick: [A♣], hand: [3♣]}",
    ), "drills:\n  - {id: t, kind: trick, title: T}\n")
    assert [e[e.index(": ") + 2:] for e in errors(report)] == [
        "give 'first_trick: true' or 'first_trick: false': in Hearts what may be played to the deal's first trick "
        "differs",
        "give 'broken: true' or 'broken: false': in Hearts ♥ may not be led until one has been played to an earlier "
        "trick",
        "Hearts is played without trump; leave 'trump' out",
        "nothing has been played to an earlier trick during the deal's first trick, so nothing is broken yet; give "
        "'broken: false' or leave it out",
        "the deal's first trick is led by the player who holds 2♣; add 2♣ to the hand, or give 'first_trick: false'",
        "the deal's first trick is led with 2♣; start the trick with it, or give 'first_trick: false'",
    ]
    plain = check_pages(tmp_path / "oh-hell", OH_HELL, claims(
        "{kind: legal, trump: ♠, first_trick: true, broken: false, hand: [A♣, 3♥]}",
        "{kind: legal, hand: [A♣, 3♥]}"), "drills:\n  - {id: t, kind: trick, title: T}\n")
    assert [e[e.index(": ") + 2:] for e in errors(plain)] == [
        "Oh Hell's 'tricks' phase has no 'first_lead' and no 'clean_first_trick', so 'first_trick' changes nothing; "
        "leave it out",
        "Oh Hell's 'tricks' phase has no 'unbroken' suit, so 'broken' changes nothing; leave it out",
        "give 'trump': the trump suit of the deal, since Oh Hell has one",
    ]


def test_legal_drills_draw_positions_a_deal_reaches_and_each_rule_is_drawn(tmp_path):
    report = load(tmp_path, HEARTS)
    hearts = report.games["hearts"]
    drill = Drill(game=hearts, id="l", kind="legal", title="T", count=200, seed=1, players=4, team_size=1,
                  cards=5, constraints=(), location=None)
    seen = set()
    for question in draw(drill):
        moment = question.moment
        assert question.trump is None and moment is not None
        assert not (moment.first_trick and moment.broken)
        if moment.first_trick:
            assert (question.trick[:1] or (TWO_OF_CLUBS,))[0] == TWO_OF_CLUBS
            assert not question.trick or TWO_OF_CLUBS not in question.hand
            assert not any(costs(card) for card in question.trick)
        seen.update(question.solve().refused.values())
    assert seen == {"must-follow", "first-lead", "unbroken", "clean-first-trick"}


def test_the_command_line_and_judge_answer_at_the_moment_they_are_given(tmp_path, hearts):
    (tmp_path / "examples").mkdir()
    load(tmp_path, HEARTS)
    base = ["legal", "hearts", "--trump", "none", "--hand", "A♣ 3♥", "--project", str(tmp_path)]
    later = CliRunner().invoke(cli, base)
    assert (later.exit_code, later.output) == (0, (
        "Moment: A later trick, not the deal's first\nMoment: Not yet broken: hearts\nLegal: A♣\n"
        "Refused: 3♥: ♥ may not be led until one has been played to an earlier trick, and the hand holds other "
        "cards (unbroken)\n"))
    broken = CliRunner().invoke(cli, [*base, "--broken", "--json"])
    assert json.loads(broken.output) == {"legal": ["A♣", "3♥"], "refused": {}, "duty": "lead"}
    both = CliRunner().invoke(cli, [*base, "--broken", "--first-trick"])
    assert (both.exit_code, both.output) == (1, "Error: nothing is broken before the deal's first trick is over; "
                                                "give --first-trick or --broken, not both\n")
    request = {"game": "hearts", "trump": None, "trick": ["2♣"], "hand": ["Q♠", "9♦"], "first_trick": True}
    out = io.BytesIO()
    assert serve({"hearts": hearts}, io.BytesIO(json.dumps(request).encode() + b"\n"), out) == 0
    assert json.loads(out.getvalue()) == {
        "legal": ["9♦"], "refused": {"Q♠": "clean-first-trick"},
        "explanation": "You cannot follow suit. No card that costs penalty points may go to the first trick while "
                       "you hold another card you may play."}
    out = io.BytesIO()
    bad = {**request, "broken": "yes"}
    assert serve({"hearts": hearts}, io.BytesIO(json.dumps(bad).encode() + b"\n"), out) == 1
    assert json.loads(out.getvalue()) == {"error": "line 1: 'broken' must be true or false"}


def test_a_walkthrough_and_a_play_page_explain_the_cards_a_rule_refuses(tmp_path):
    """An Oh Hell whose trump may not be led until broken, as in Spades: its walkthrough asks
    about the leads the rule refuses, with the rule's reason, and its Play page carries the words
    for every refusal."""
    spades = OH_HELL.replace("  - {phase: tricks}", "  - {phase: tricks, unbroken: ♠}", 1)
    report = check_pages(tmp_path, spades, "          - walkthrough: {title: A deal, seed: 2, players: 4}\n"
                                           "          - play: {players: 4}\n",
                         "drills:\n  - {id: t, kind: trick, title: T, players: 4}\n")
    assert list(report.problems) == []
    game = report.games["oh-hell"]
    refused = [m.duty for seed in range(10) for m in walk(WalkSpec(game, 4, 1, seed, 4)).moments
               if isinstance(m, TrickPlayed) and m.duty is not None and "unbroken" in m.duty.legality.refused.values()]
    assert refused and all(turn.moment is not None and not turn.moment.broken for turn in refused)
    assert all(explain_legality(turn.legality).endswith("You may not lead spades: none has been played to an earlier "
                                                        "trick, and you hold other cards.") for turn in refused)
    words = vocabulary_messages(Translator("en"), game)
    assert {"rule-unbroken", "stats-unbroken", "broken", "not-broken"} <= set(words)
