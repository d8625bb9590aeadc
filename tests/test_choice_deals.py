"""Whole Altbaumer deals and matches through the engine's API, checked against B8–B21."""

from __future__ import annotations

import json
import random

import pytest

from tutorial_engine.choicedeal import Discard, Solo, TrumpChoiceDeal, places, play_deals

RANDOM_DEALS = 10_000


def no_solo(deal, rng):
    actions = deal.legal_actions()
    if type(actions[0]) is Solo:
        return actions[0]                       # Solo(seat, False)
    return rng.choice(actions)


def any_action(deal, rng):
    return rng.choice(deal.legal_actions())


def expected_score(declarer_tricks: int) -> tuple[int, int]:
    """B19 restated: 3–4 tricks +1, all five +2; beaten declarers −1, defenders then score."""
    if declarer_tricks >= 3:
        return (2 if declarer_tricks == 5 else 1), 0
    return -1, (2 if declarer_tricks == 0 else 1)


@pytest.mark.parametrize("strategy", [any_action, no_solo], ids=["with-solo", "without-solo"])
def test_random_deals_keep_every_invariant(altbaumer, strategy):
    rng = random.Random(11 if strategy is any_action else 12)
    deck = set(altbaumer.deck)
    solos = 0
    for number in range(RANDOM_DEALS):
        deal = TrumpChoiceDeal(altbaumer, number % 4, rng)
        while not deal.is_terminal():
            cards = places(deal)
            assert len(cards) == 24 and set(cards) == deck, "a card is missing or in two places"
            if deal.phase == "play":
                assert len(deal.trick) < len(deal.players)
            deal.apply(strategy(deal, rng))
        result = deal.result()
        assert sum(result.tricks) == 5 and len(deal.played) == 5 * len(deal.players)
        assert not deal.talon and not any(deal.hands)
        # B11, B12: unplayed are the refused/unturned talon cards, the discards, the laid-aside hand
        talon_and_discards = 4 + (5 if result.solo is not None else 0)
        assert len(deal.out) == talon_and_discards
        assert set(deal.out) | set(deal.played) == deck
        if result.solo is not None:
            solos += 1
            assert deal.table.partners(result.solo)[0] not in deal.players
        assert (result.score.declarers, result.score.defenders) == expected_score(result.tricks[result.declarers])
    assert (solos > 0) == (strategy is any_action)


def test_b8_the_cutter_may_take_the_exposed_trees(altbaumer):
    for seed in range(2000):
        deal = TrumpChoiceDeal(altbaumer, 0, random.Random(seed))
        if deal.phase == "cut":
            tree = deal.exposed[0]
            assert tree in altbaumer.permanent_trumps
            deal.apply(deal.legal_actions()[0])               # take it
            assert tree in deal.hands[deal.cutter] or deal.phase == "cut"
            return
    pytest.fail("no seed exposed a tree at the cut")


def test_b11_refusing_turns_on_until_another_suit(altbaumer):
    for seed in range(500):
        deal = TrumpChoiceDeal(altbaumer, 0, random.Random(seed))
        while deal.phase == "cut":
            deal.apply(deal.legal_actions()[1])
        first = deal.trump_suit_of(deal.turned)
        talon = list(deal.talon)
        deal.apply(deal.legal_actions()[1])                   # refuse
        different = next((c for c in talon if deal.trump_suit_of(c) is not first), None)
        if different is not None:
            assert deal.trump is deal.trump_suit_of(different) and deal.discards_due == 1
        else:
            assert deal.trump is first and deal.discards_due == 4   # all four of one suit
            return
    pytest.fail("no seed gave a talon of one suit")


def test_each_discard_is_logged_after_the_trump(altbaumer):
    for seed in range(50):
        rng = random.Random(seed)
        deal = TrumpChoiceDeal(altbaumer, seed % 4, rng)
        discards = []
        while not deal.is_terminal():
            action = any_action(deal, rng)
            if type(action) is Discard:
                discards.append({"event": "discard", "seat": action.seat, "card": action.card})
            deal.apply(action)
        kinds = [event["event"] for event in deal.log]
        logged = [event for event in deal.log if event["event"] == "discard"]
        taken = next(event["taken"] for event in deal.log if event["event"] == "trump")
        assert logged == discards and len(logged) == len(taken)              # B11: as many as taken
        assert kinds.index("trump") < kinds.index("discard") < kinds.index("solo")
        assert all(event["seat"] == deal.chooser and event["card"] in deal.out for event in logged)


def test_whole_matches_follow_b20_and_b21(altbaumer):
    for seed in range(300):
        deals = list(play_deals(altbaumer, seed=seed, match=True))
        last = deals[-1]
        assert last.match_winner is not None and all(d.match_winner is None for d in deals[:-1])
        for before, after in zip(deals, deals[1:]):
            assert after.deal.dealer == (before.deal.dealer + 1) % 4             # B10
        if last.decider:                                                        # B21
            assert last.score_change == (0, 0) and last.rounds == (1, 1)
            assert last.result.tricks[last.match_winner] >= 3
        else:
            assert last.rounds[last.match_winner] == 2
        for d in deals:
            assert max(d.scores) < 5                                            # B20: reset at 5


def test_simulate_altbaumer_match_json(run_cli):
    result = run_cli("simulate", "altbaumer", "--match", "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert set(lines[0]) == {"dealer", "trump", "declarers", "solo", "tricks", "score_change", "scores",
                             "rounds", "decider", "match_winner"}
    assert lines[-1]["match_winner"] in (0, 1) and all(l["match_winner"] is None for l in lines[:-1])
