"""A deal composed of phases in game.yml: top trumps that depend on trump, bidding in rounds, a
maker's solo and a match to a target, played by the one Deal state, with no Python for the game.

The game here is a toy written for these tests (Euchre's shape: bowers, order up or name, play
alone); the bundled games' deals are covered by test_deals, test_choice_deals and
test_scripted_deals, which hold them to their facts.
"""

from __future__ import annotations

import random

import pytest

from tutorial_engine.content.project import Report, check, load_games
from tutorial_engine.content.walkthrough import WalkSpec, thrown_in
from tutorial_engine.engine.cards import Card, Suit, parse_cards
from tutorial_engine.engine.deal import Bid, Deal, Discard, Play, Solo, ThrownIn, TrickResult, places
from tutorial_engine.engine.match import PAIRS, play_deals
from tutorial_engine.engine.rules import Duty, WinReason, legal_plays, trick_verdict
from tutorial_engine.engine.scoring import match_step, trick_score

SPADES, HEARTS, DIAMONDS, CLUBS = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS

BOWERS = """\
id: bowers
name: Bowers
deck:
  suits: [♠, ♥, ♦, ♣]
  ranks: [A, K, Q, J, 10, 9]
order:
  plain: [A, K, Q, J, 10, 9]
  trump: [A, K, Q, 10, 9, J]
top_trumps:
  cards:
    - {rank: J, suit: trump}
    - {rank: J, suit: same-colour}
follow: suit
players: [4]
trick_sizes: [3, 4]
teams:
  - {size: 2, players: [4]}
deal:
  - {phase: deal, packets: [3, 2]}
  - {phase: bidding, rounds: [order-up, name]}
  - {phase: discard}
  - {phase: solo, asked: [maker]}
  - {phase: tricks}
scoring:
  kind: tricks
  majority: 3
  sweep: 2
  solo_sweep: 4
  declarers_loss: 0
  defenders: 2
  round: 10
variants:
  stick:
    description: The dealer may not pass in the last round.
    deal:
      - {phase: deal, packets: [3, 2]}
      - {phase: bidding, rounds: [order-up, name], stick_the_dealer: true}
      - {phase: discard}
      - {phase: solo, asked: [maker]}
      - {phase: tricks}
"""


def load(tmp_path, text: str) -> Report:
    folder = tmp_path / "examples" / "bowers"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yml").write_text(text, encoding="utf-8")
    report = Report()
    load_games(tmp_path, report)
    return report


@pytest.fixture
def bowers(tmp_path):
    report = load(tmp_path, BOWERS)
    assert list(report.problems) == []
    return report.games["bowers"]


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def test_the_two_jacks_of_the_trump_colour_top_the_trumps(bowers):
    table = bowers.table(HEARTS)
    assert list(table.top) == cards("J♥ J♦")
    order = sorted(table.trump_strength, key=table.trump_strength.get, reverse=True)
    assert order == cards("J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥")
    assert list(bowers.table(CLUBS).top) == cards("J♣ J♠")
    assert bowers.table(None).top == ()                      # no trump: the jacks are ordinary cards


def test_the_right_bower_takes_the_ace_of_trump_and_the_left_bower_the_king(bowers):
    verdict = trick_verdict(bowers, HEARTS, cards("A♥ J♦ K♥ J♥"))
    assert (verdict.card, verdict.reason) == (Card.parse("J♥"), WinReason.HIGHEST_TRUMP)
    verdict = trick_verdict(bowers, HEARTS, cards("K♥ J♦ A♥ 9♥"))
    assert verdict.card == Card.parse("J♦")


def test_the_left_bower_follows_a_trump_lead_and_not_its_own_suit(bowers):
    trump_lead = legal_plays(bowers, HEARTS, cards("A♥"), cards("J♦ A♦ K♠"))
    assert (trump_lead.duty, trump_lead.legal) == (Duty.FOLLOW, (Card.parse("J♦"),))
    diamond_lead = legal_plays(bowers, HEARTS, cards("A♦"), cards("J♦ K♠"))
    assert (diamond_lead.duty, diamond_lead.legal) == (Duty.VOID, tuple(cards("J♦ K♠")))
    verdict = trick_verdict(bowers, HEARTS, cards("A♦ J♦ K♦ Q♦"))
    assert verdict.card == Card.parse("J♦") and verdict.led is DIAMONDS   # trumped by its own suit's jack


def test_follow_suit_has_no_duty_to_trump(bowers):
    void = legal_plays(bowers, HEARTS, cards("A♠"), cards("9♥ K♦"))
    assert (void.duty, void.legal, dict(void.refused)) == (Duty.VOID, tuple(cards("9♥ K♦")), {})


def bid_until(deal: Deal, suits: list[Suit | None]) -> None:
    for suit in suits:
        seat = deal.to_move
        deal.apply(next(a for a in deal.legal_actions() if a == Bid(seat, suit)))


def test_ordering_up_hands_the_turned_card_to_the_dealer_who_discards_one(bowers):
    deal = Deal(bowers, PAIRS, 3, random.Random(7))
    assert deal.phase == "bid" and deal.to_move == 0              # the player after the dealer bids first
    turned = deal.turned
    suit = turned.suit
    assert deal.legal_actions() == [Bid(0, None), Bid(0, suit)]   # order up the turned suit, or pass
    bid_until(deal, [None, suit])                                 # seat 1 orders it up
    assert (deal.trump, deal.maker, deal.taker) == (suit, 1, 3)
    assert turned in deal.hands[3] and len(deal.hands[3]) == 6
    assert deal.phase == "discard" and deal.to_move == 3
    deal.apply(Discard(3, turned))                                # even the card just taken may go
    assert deal.phase == "solo" and deal.legal_actions() == [Solo(1, False), Solo(1, True)]
    deal.apply(Solo(1, False))
    assert deal.phase == "play" and deal.to_move == 0             # the dealer's next player leads
    assert [len(hand) for hand in deal.hands] == [5, 5, 5, 5]


def test_the_second_round_names_another_suit_and_nobody_discards(bowers):
    deal = Deal(bowers, PAIRS, 0, random.Random(3))
    turned = deal.turned.suit
    bid_until(deal, [None] * 4)
    assert deal.turned in deal.out                                # turned down
    options = {a.suit for a in deal.legal_actions()}
    assert options == {None} | set(bowers.suits) - {turned}
    other = next(s for s in bowers.suits if s is not turned)
    bid_until(deal, [None, other])                                # seat 2 names a suit
    assert (deal.trump, deal.maker, deal.taker) == (other, 2, None)
    assert deal.phase == "solo"                                   # no discard: nobody took a card


def test_all_passing_twice_throws_the_deal_in(bowers):
    deal = Deal(bowers, PAIRS, 0, random.Random(3))
    bid_until(deal, [None] * 8)
    assert deal.is_terminal() and deal.result() == ThrownIn(0)
    assert sorted(places(deal), key=str) == sorted(bowers.deck, key=str)


def test_stick_the_dealer_takes_the_pass_from_the_dealer_in_the_last_round(bowers):
    stick = bowers.with_variant("stick")
    deal = Deal(stick, PAIRS, 0, random.Random(3))
    bid_until(deal, [None] * 7)
    assert deal.to_move == 0 and all(a.suit is not None for a in deal.legal_actions())


def test_a_maker_alone_leaves_the_partner_out_and_the_next_player_leads(bowers):
    deal = Deal(bowers, PAIRS, 1, random.Random(5))
    bid_until(deal, [None, None, deal.turned.suit])               # seats 2 and 3 pass, seat 0 orders up
    assert deal.to_move == 1                                      # the dealer discards
    deal.apply(deal.legal_actions()[0])
    assert deal.legal_actions() == [Solo(0, False), Solo(0, True)]   # only the maker is asked
    deal.apply(Solo(0, True))
    assert deal.players == [0, 1, 3] and deal.hands[2] == []
    assert deal.to_move == 3                                      # seat 2 sits out: the next player leads


def test_scores_for_makers_alone_and_euchred(bowers):
    scoring = bowers.scoring
    assert (trick_score(scoring, 3, 5).declarers, trick_score(scoring, 4, 5).declarers) == (1, 1)
    assert trick_score(scoring, 5, 5).declarers == 2
    assert trick_score(scoring, 5, 5, solo=True).declarers == 4
    assert trick_score(scoring, 4, 5, solo=True).declarers == 1
    euchred = trick_score(scoring, 2, 5)
    assert (euchred.declarers, euchred.defenders, euchred.declarers_won) == (0, 2, False)


def test_a_match_of_one_round_ends_at_the_target_and_keeps_its_score(bowers):
    step = match_step(bowers.scoring, (9, 6), (0, 0), 0, (3, 2), False)
    assert (step.scores, step.round_winner, step.match_winner, step.decider) == ((10, 6), 0, 0, False)
    step = match_step(bowers.scoring, (8, 6), (0, 0), 1, (3, 2), False)   # side 1 made trump, euchred
    assert step.written == (2, 0) and step.match_winner == 0


@pytest.mark.parametrize("strategy", ["random", "sensible"])
def test_whole_matches_play_to_the_target_with_every_card_in_one_place(bowers, strategy):
    deck = set(bowers.deck)
    for seed in range(20):
        played = list(play_deals(bowers, seed=seed, strategy=strategy, match=True))
        last = played[-1]
        assert last.match_winner is not None and max(last.scores) >= 10
        assert [p.deal.dealer for p in played] == [n % 4 for n in range(len(played))]
        for p in played:
            assert set(places(p.deal)) == deck and len(places(p.deal)) == 24
            if isinstance(p.result, TrickResult):
                assert sum(p.result.tricks) == 5


def test_random_deals_keep_every_card_in_one_place_at_every_step(bowers):
    rng, deck, thrown = random.Random(2026), set(bowers.deck), 0
    for number in range(2000):
        deal = Deal(bowers.with_variant("stick") if number % 2 else bowers, PAIRS, number % 4, rng)
        while not deal.is_terminal():
            here = places(deal)
            assert len(here) == 24 and set(here) == deck, deal.phase
            actions = deal.legal_actions()
            passing = isinstance(actions[0], Bid) and actions[0].suit is None and rng.random() < 0.8
            action = actions[0] if passing else rng.choice(actions)   # pass often, to throw deals in
            if isinstance(action, Play):
                assert action.card in deal.hands[action.seat]
            deal.apply(action)
        result = deal.result()
        if isinstance(result, ThrownIn):
            assert number % 2 == 0, "stick the dealer never throws a deal in"
            thrown += 1
            continue
        assert sum(result.tricks) == 5
        assert len(deal.players) == (3 if result.solo is not None else 4)
    assert thrown > 0


BAD = [
    ("  - {phase: discard}\n", "",
     ["error: whoever takes a card from the table to fix trump must discard as many: add a 'discard' phase "
      "after this one"]),
    ("  - {phase: deal, packets: [3, 2]}\n  - {phase: bidding, rounds: [order-up, name]}\n",
     "  - {phase: deal, packets: [3, 2]}\n  - {phase: forecast}\n  - {phase: bidding, rounds: [order-up, name]}\n",
     ["error: a forecast is of the card turned up for trump: it needs a 'turn-up' phase"]),
    ("players: [4]\n", "players: [4]\npartners: {rank: 8, first: 8♣}\n",
     ["error: the draw for partners deals the four cards of one rank; this deck has 0 of rank 8"]),
]


@pytest.mark.parametrize("old, new, expected", BAD)
def test_check_names_what_a_procedure_lacks(tmp_path, old, new, expected):
    report = load(tmp_path, BOWERS.replace(old, new, 1))
    assert [p[p.index("error:"):] for p in map(str, report.problems)] == expected


def test_a_walkthrough_tells_the_bidding_and_asks_who_takes_an_ordered_card(bowers):
    from test_walkthrough import render, steps, story_lines

    html = render(WalkSpec(bowers, 4, 2, 2))
    assert story_lines(html)[:3] == [
        "Anna deals 5 cards to each player, in packets of 3 and 2. The 4 cards left over lie face down as the talon.",
        "The top card of the talon is turned face up: 9♥.", "Boris orders up 9♥."]
    assert story_lines(html)[-1] == "All 5 tricks are played. The declarers are Boris and Dawit."
    asked = [(s["question"], s["answer"], s["feedback"]) for s in steps(html)]
    assert asked[:4] == [
        ("Who bids first?", ["1"], "The dealer's left-hand neighbour bids first: Boris."),
        ("Who takes the turned card?", ["0"],
         "The dealer takes the card ordered up, whoever ordered it, and discards one card face down (9♠)."),
        ("Who are the declarers?", ["1"], "Boris made trump, so Boris and Dawit are the declarers."),
        ("Who leads to the first trick?", ["1"],
         "Boris is the dealer's next player in the direction of play, so Boris leads."),
    ]


def test_a_dealer_who_orders_up_is_told_to_discard_and_not_asked_who_takes_the_card(bowers):
    from test_walkthrough import render, steps, story_lines

    html = render(WalkSpec(bowers, 4, 2, 1))
    assert story_lines(html)[1:7] == ["The top card of the talon is turned face up: Q♥.", "Boris passes.", "Chiara passes.", "Dawit passes.",
                                      "Anna orders up Q♥.", "Anna takes Q♥ and discards one card face down (J♠)."]
    asked = [(s["question"], s["answer"], s["feedback"]) for s in steps(html)]
    assert "Who takes the turned card?" not in [question for question, _, _ in asked]
    bower = next(s for s in asked if "J♦" in s[2] and s[0] == "Who takes the trick?")
    assert bower[2].endswith("J♦ is the jack of the other suit of the trump's colour: it counts as a trump, "
                             "and the only card above it, J♥, is not in the trick.")


def test_check_refuses_a_walkthrough_whose_deal_is_thrown_in(tmp_path):
    seed = next(s for s in range(200) if thrown_in(WalkSpec(load(tmp_path, BOWERS).games["bowers"], 4, 2, s)))
    (tmp_path / "examples" / "bowers" / "pages.yml").write_text(
        "pages:\n  - id: deal\n    title: A deal\n    sections:\n      - id: deal\n        title: A deal\n"
        f"        blocks:\n          - walkthrough: {{title: A deal, seed: {seed}}}\n", encoding="utf-8")
    report = check(tmp_path)
    assert [str(p).split("error: ")[1] for p in report.problems] == [
        f"everyone passes on the cards seed {seed} deals, so the deal is thrown in and there is nothing to "
        "walk through; choose another seed"]
