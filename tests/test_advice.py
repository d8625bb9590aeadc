"""The reason "Show me" gives for the sensible player's choice is true in the very position it
is given in (issue 33): each reason code of engine.strategy.advise is checked here against the
position by the rules engine, at every decision of whole deals of every bundled game, played by
the sensible and by the random player. The play pages' engine gives the same codes
(tests/test_play_engine.py compares them deal by deal)."""

from __future__ import annotations

import random

import pytest

from tutorial_engine.engine.deal import Deal, Play
from tutorial_engine.engine.game import VictoryPoints
from tutorial_engine.engine.rules import judge_trick, legal_plays
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import STRATEGIES, Reason, advise

DEALS = 150
PLAY_REASONS = {Reason.LAST_CARD, Reason.ONLY_FOLLOW, Reason.ONLY, Reason.PARTNER_TAKES, Reason.PARTNER_POINTS,
                Reason.LAST_WINS, Reason.CANNOT_WIN, Reason.WEAKEST, Reason.LOWEST}
"""The reasons of card play that a game of tricks or of card points gives, each checked below."""
FORCED = {Reason.LAST_CARD, Reason.ONLY_FOLLOW, Reason.ONLY}


def positions(game, strategy: str, table: Table | None = None):
    """Every decision of DEALS seeded deals of the game (at its first seating, unless given),
    with the advice."""
    table = table or Table(game.players[0], game.teams[0].size)
    choose = STRATEGIES[strategy]
    for seed in range(DEALS):
        rng = random.Random(seed)
        deal = Deal(game, table, seed % table.players, rng, seed % (game.procedure.deal.deals(table.players,
                                                                                            len(game.deck)) or 4))
        while not deal.is_terminal():
            yield deal, advise(deal)
            deal.apply(choose(deal, rng))


def takes(deal: Deal, card) -> bool:
    return judge_trick(deal.game, deal.trump, [*deal.trick, card]).winner == len(deal.trick)


def strength(deal: Deal, card) -> int:
    table = deal.game.table(deal.trump)
    return table.trump_strength.get(card, 0) * 100 + table.plain_strength.get(card, 0)


def untrue(deal: Deal, why: Reason, card) -> str | None:
    """What is false of the reason in this position, or None."""
    seat = deal.to_move
    assert seat is not None
    hand = deal.hands[seat]
    plays = [action.card for action in deal.legal_actions() if type(action) is Play]
    last_hand = bool(deal.trick) and len(deal.trick) + 1 == len(deal.players)
    suit = deal.game.table(deal.trump).suit
    if len(plays) == 1 and why not in FORCED:
        return "a forced card is advised for another reason"
    if why is Reason.LAST_CARD and len(hand) != 1:
        return "not the last card"
    if why is Reason.ONLY_FOLLOW:
        led = suit[deal.trick[0]]
        refused = set(legal_plays(deal.game, deal.trump, deal.trick, hand, deal.moment).refused.values())
        if plays != [card] or suit[card] is not led or sum(suit[c] is led for c in hand) != 1:
            return "not the only card of the suit led"
        if not refused <= {"must-follow", "must-head"}:  # following and heading is following
            return f"the other cards are refused for {refused}, not for following suit"
    if why is Reason.ONLY and plays != [card]:
        return "not the only card"
    if why in (Reason.PARTNER_TAKES, Reason.PARTNER_POINTS):
        taking = deal.taking
        if not last_hand or taking is None or taking == seat or deal.table.team_of(taking) != deal.table.team_of(seat):
            return "no partner takes the trick, or a later player may still play"
    value, trumps = deal.game.card_points, deal.game.table(deal.trump).trump_strength
    plain = [c for c in plays if c not in trumps]
    if why is Reason.PARTNER_POINTS and (card in trumps or not value(card)
                                         or any(value(c) > value(card) for c in plain)):
        return "not the card outside trumps that adds the most points"
    if why is Reason.PARTNER_TAKES and deal.game.card_points is not None and any(value(c) for c in plain):
        return "a card outside trumps would add points to the partner's trick"
    weakest = min(strength(deal, c) for c in plays)
    if why is Reason.LAST_WINS and (not last_hand or not takes(deal, card)
                                    or any(takes(deal, c) and strength(deal, c) < strength(deal, card) for c in plays)):
        return "not the weakest card that takes the trick as the last hand"
    if why is Reason.CANNOT_WIN and (not deal.trick or any(takes(deal, c) for c in plays)):
        return "a card may take the trick"
    points = isinstance(deal.game.scoring, VictoryPoints)  # a game of card points plays its cheapest card instead
    if why in (Reason.WEAKEST, Reason.LOWEST, Reason.CANNOT_WIN, Reason.PARTNER_TAKES) and not points \
            and strength(deal, card) != weakest:
        return "not the weakest card"
    stronger = any(strength(deal, c) > strength(deal, card) for c in hand)
    if why is Reason.WEAKEST and not stronger:
        return "no stronger card waits for later tricks"
    if why is Reason.LOWEST and stronger:
        return "a stronger card is in the hand"
    return None


@pytest.mark.parametrize("strategy", ["sensible", "random"])
def test_every_reason_is_true_where_it_is_given(games, strategy):
    wrong, seen = [], set()
    seatings = [(game_id, game, None) for game_id, game in sorted(games.items())]
    for game_id, game, table in [*seatings, ("albastini", games["albastini"], Table(4, 2))]:  # in two sides too
        for deal, advice in positions(game, strategy, table):
            seen.add(advice.why)
            if advice.why in PLAY_REASONS:
                assert isinstance(advice.action, Play)
                problem = untrue(deal, advice.why, advice.action.card)
                if problem:
                    wrong.append(f"{game_id}: {advice.why.value} for {advice.action.card}, trick "
                                 f"{[str(c) for c in deal.trick]}, hand {[str(c) for c in deal.hands[deal.to_move]]}: "
                                 f"{problem}")
    assert not wrong, "\n".join(wrong[:10])
    assert PLAY_REASONS <= seen


def test_a_forced_card_at_euchre_is_advised_as_forced(games):
    """The review's position (Euchre: Q♣ led, A♣ the learner's only club): a forced card is
    advised as the hand's last card or the only card of the suit led (Euchre has no other duty),
    never as "the weakest card you may play"."""
    reasons = {advice.why for deal, advice in positions(games["euchre"], "sensible")
               if len([a for a in deal.legal_actions() if type(a) is Play]) == 1}
    assert reasons == {Reason.LAST_CARD, Reason.ONLY_FOLLOW}


@pytest.mark.parametrize(("game_id", "players"), [("whist", 4), ("albastini", 4)])
def test_a_partner_that_takes_the_trick_is_not_overtaken_and_gets_the_points(games, game_id, players):
    """As the last hand, the sensible player does not spend a card on a partner's trick: in a
    game of tricks (Whist) its weakest; in a game of card points (Albastini at four, in two
    sides) the most points a card outside trumps adds."""
    reasons = []
    for deal, advice in positions(games[game_id], "sensible", Table(players, 2)):
        if advice.why in (Reason.PARTNER_TAKES, Reason.PARTNER_POINTS):
            reasons.append(advice.why)
            assert advice.action.card not in deal.game.table(deal.trump).trump_strength or not [
                a for a in deal.legal_actions() if a.card not in deal.game.table(deal.trump).trump_strength]
    assert len(reasons) > 20
    if game_id == "albastini":
        assert Reason.PARTNER_POINTS in reasons
