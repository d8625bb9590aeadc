"""Whole Altbaumer deals and matches through the engine's API, checked against B8–B21."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from tutorial_engine.cli.main import cli
from tutorial_engine.engine import events
from tutorial_engine.engine.cards import Card
from tutorial_engine.engine.deal import Deal, Discard, Solo, places
from tutorial_engine.engine.match import PAIRS, play_deals
from tutorial_engine.engine.partners import PartnerDraw, draw_for_partners, draw_generator

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


@pytest.mark.slow  # 10,000 random deals each, checked at every step
@pytest.mark.parametrize("strategy", [any_action, no_solo], ids=["with-solo", "without-solo"])
def test_random_deals_keep_every_invariant(altbaumer, strategy):
    rng = random.Random(11 if strategy is any_action else 12)
    deck = set(altbaumer.deck)
    solos = 0
    for number in range(RANDOM_DEALS):
        deal = Deal(altbaumer, PAIRS, number % 4, rng)
        while not deal.is_terminal():
            cards = places(deal)
            assert len(cards) == 24 and set(cards) == deck, "a card is missing or in two places"
            if deal.phase == "play":
                assert len(deal.trick) < len(deal.players)
            deal.apply(strategy(deal, rng))
        result = deal.result()
        assert sum(result.tricks) == 5 and sum(map(len, deal.piles)) == 5 * len(deal.players)
        assert not deal.stock and not any(deal.hands)
        # B11, B12: unplayed are the refused/unturned talon cards, the discards, the laid-aside hand
        talon_and_discards = 4 + (5 if result.solo is not None else 0)
        assert len(deal.out) == talon_and_discards
        assert set(deal.out).union(*deal.piles) == deck
        if result.solo is not None:
            solos += 1
            assert deal.table.partners(result.solo)[0] not in deal.players
        assert (result.score.declarers, result.score.defenders) == expected_score(result.tricks[result.declarers])
    assert (solos > 0) == (strategy is any_action)


def test_b8_the_cutter_may_take_the_exposed_trees(altbaumer):
    for seed in range(2000):
        deal = Deal(altbaumer, PAIRS, 0, random.Random(seed))
        if deal.phase == "cut":
            tree = deal.exposed[0]
            assert tree in altbaumer.permanent_trumps
            deal.apply(deal.legal_actions()[0])               # take it
            assert tree in deal.hands[deal.cutter] or deal.phase == "cut"
            return
    pytest.fail("no seed exposed a tree at the cut")


def test_b11_refusing_turns_on_until_another_suit(altbaumer):
    for seed in range(500):
        deal = Deal(altbaumer, PAIRS, 0, random.Random(seed))
        while deal.phase == "cut":
            deal.apply(deal.legal_actions()[1])
        first = deal.trump_suit_of(deal.turned)
        talon = list(deal.stock)
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
        deal = Deal(altbaumer, PAIRS, seed % 4, rng)
        discards = []
        while not deal.is_terminal():
            action = any_action(deal, rng)
            if type(action) is Discard:
                discards.append(events.Discard(action.seat, action.card))
            deal.apply(action)
        kinds = [event.kind for event in deal.log]
        logged = [event for event in deal.log if isinstance(event, events.Discard)]
        taken = next(event.taken for event in deal.log if isinstance(event, events.TrumpFixed))
        assert logged == discards and len(logged) == len(taken)              # B11: as many as taken
        assert kinds.index("trump") < kinds.index("discard") < kinds.index("solo")
        assert all(event.seat == deal.chooser and event.card in deal.out for event in logged)


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
    keys = {"dealer", "trump", "declarers", "solo", "tricks", "score_change", "scores", "rounds", "decider",
            "match_winner"}
    assert set(lines[0]) == keys | {"draw"} and all(set(line) == keys for line in lines[1:])
    # B7, seed 3: player 3 drew 9♣ and deals, player 1 (9♠) sits opposite, the red nines
    # (players 0 and 2) keep their order from player 3 round the table: 0 on the dealer's right.
    assert lines[0]["draw"] == {"nines": ["9♦", "9♠", "9♥", "9♣"], "seats": [3, 0, 1, 2]}
    assert lines[0]["dealer"] == 0
    assert lines[-1]["match_winner"] in (0, 1) and all(line["match_winner"] is None for line in lines[:-1])


def C(text: str) -> Card:
    return Card.parse(text)


class Nines(random.Random):
    """Deals the nines in a given order, by player: the draw's only use of its generator."""

    def __init__(self, order: str):
        super().__init__(0)
        self.order = [C(card) for card in order.split()]

    def shuffle(self, x):
        assert sorted(map(str, x)) == sorted(map(str, self.order))
        x[:] = self.order


@pytest.mark.parametrize("order, seats", [
    ("9♣ 9♥ 9♠ 9♦", (0, 1, 2, 3)),   # partners opposite already: nobody moves
    ("9♥ 9♣ 9♦ 9♠", (1, 2, 3, 0)),   # the same, player 1 dealing
    ("9♣ 9♠ 9♥ 9♦", (0, 2, 1, 3)),   # 9♠ on the dealer's right moves opposite, 9♥ takes that seat
    ("9♦ 9♥ 9♣ 9♠", (2, 0, 3, 1)),   # from player 2, the red nines sit 0 then 1: they keep that order
])
def test_b7_the_nines_seat_the_players(altbaumer, order, seats):
    draw = draw_for_partners(altbaumer, Nines(order))
    assert draw == PartnerDraw(tuple(C(card) for card in order.split()), seats)
    assert str(draw.nines[draw.dealer]) == "9♣" and draw.seats[0] == draw.dealer
    for player in range(4):
        assert draw.nines[draw.partner(player)].suit.red == draw.nines[player].suit.red


def test_b7_every_seed_draws_partners_of_one_colour(altbaumer):
    for seed in range(200):
        draw = draw_for_partners(altbaumer, random.Random(seed))
        assert sorted(map(str, draw.nines)) == ["9♠", "9♣", "9♥", "9♦"]
        assert sorted(draw.seats) == [0, 1, 2, 3]
        colours = [draw.nines[player].suit.red for player in draw.seats]
        assert colours == [False, True, False, True]             # black 0+2 against red 1+3
        assert str(draw.nines[draw.seats[0]]) == "9♣"             # the holder of 9♣ deals first


def test_only_a_game_with_a_draw_for_partners_draws(games):
    with pytest.raises(ValueError, match=r"^Briscola does not draw for partners \(game.yml: partners\)$"):
        draw_for_partners(games["briscola"], random.Random(0))


def test_the_first_deal_follows_the_draw(altbaumer):
    first, second = play_deals(altbaumer, seed=3, deals=2)
    assert first.draw == draw_for_partners(altbaumer, draw_generator(3)) and second.draw is None
    assert (first.deal.dealer, second.deal.dealer) == (0, 1)                  # B7, B10


def test_simulate_altbaumer_tells_the_draw_first(run_cli):
    result = run_cli("simulate", "altbaumer", "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[:3] == [
        "Draw for partners: player 0 gets 9♦, player 1 gets 9♠, player 2 gets 9♥, player 3 gets 9♣",
        "  seat 0: player 3 (9♣, deals first), seat 1: player 0 (9♦), seat 2: player 1 (9♠), seat 3: player 2 (9♥)",
        "Deal 1: seat 0 deals; sides 0+2 against 1+3",
    ]


@pytest.mark.parametrize("game, name", [("altbaumer", "Altbaumer"), ("briscola", "Briscola")])
def test_b2_simulate_refuses_a_direction_the_game_is_not_played_in(project_root, game, name):
    result = CliRunner().invoke(cli, ["simulate", game, "--direction", "clockwise", "--project", str(project_root)])
    assert (result.exit_code, result.stderr) == (1, f"Error: {name} is not played clockwise\n")
    assert result.stdout == ""
