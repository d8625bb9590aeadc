"""Walkthroughs of deals scored by exact bids (issue 30): Oh Hell as tests/game_texts.py states it,
written in a project of its own, told moment by moment in English and in Persian (right to left,
its own names and digits). The deal told is one deal of the game, picked by the block's `deal`
(by default the first whose hands hold five cards); the seed deals its cards. Every fact a moment
shows, every answer and every count is the engine's: the deal is played again here by the engine
alone, and the barred bid and the points written are worked out here from the rules as issue 30
states them (the dealer may not make the bids add up to the tricks; 10 and the bid for a bid made
exactly, nothing otherwise), not asked of the engine."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from game_texts import OH_HELL, errors, load
from test_walkthrough_odd_tricks import Page as OddTricksPage
from test_walkthrough_odd_tricks import clean, duties, of
from test_walkthrough_spoilers import read, spoilers

from tutorial_engine.content.walkthrough import (
    BidsScored,
    Dealt,
    TrickPlayed,
    TricksBid,
    TrumpSet,
    default_deal,
)
from tutorial_engine.engine import events
from tutorial_engine.engine.deal import Deal, play_out
from tutorial_engine.engine.game import GameSpec
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import sensible_strategy

LOCALES = Path(__file__).resolve().parent.parent / "locales"


@pytest.fixture(scope="module")
def oh_hell(tmp_path_factory) -> GameSpec:
    report = load(tmp_path_factory.mktemp("project"), OH_HELL)
    assert errors(report) == []
    return report.games["oh-hell"]


def engine_deal(game: GameSpec, players: int, seed: int, number: int) -> Deal:
    """Deal `number` (from 0) of the game as the engine plays it, dealer at seat 0, by the
    sensible player, with the seed's cards."""
    rng = random.Random(seed)
    deal = Deal(game, Table(players, 1), 0, rng, number)
    play_out(deal, sensible_strategy, rng)
    return deal


class Page(OddTricksPage):
    """A walkthrough of one deal of a game scored by exact bids: everyone alone, the deal by number."""

    def __init__(self, game: GameSpec, players: int, seed: int, number: int | None, code: str):
        super().__init__(game, players, 1, seed, code, number)

    def bid(self, n: int) -> str:
        return clean(self.tr.pgettext("walkthrough", "bid: {number}", number=n))


def test_the_default_deal_is_the_first_whose_hands_hold_five_cards(oh_hell):
    assert [default_deal(oh_hell, players) for players in (3, 4, 5, 6, 7)] == [4] * 5
    down = oh_hell.variants["down-and-up"]
    assert [down.hand_size_at(players, default_deal(down, players)) for players in (3, 4, 5, 6, 7)] == [5] * 5
    assert [default_deal(down, players) for players in (3, 4, 5, 6, 7)] == [12, 8, 5, 3, 2]


CASES = [(4, 1, None), (4, 2, None), (3, 5, 16), (5, 3, 0), (6, 4, 7), (4, 6, 12)]
"""(players, seed, deal from 0 or None for the default): the default deal, the largest hands,
a single card, and the largest hands of four, which use the pack up and leave no trump."""


@pytest.mark.parametrize("code", ["en", "fa"])
@pytest.mark.parametrize(("players", "seed", "number"), CASES)
def test_every_moment_of_an_oh_hell_walkthrough_is_the_engines_deal(oh_hell, code, players, seed, number):
    told_number = default_deal(oh_hell, players) if number is None else number
    deal, page = engine_deal(oh_hell, players, seed, told_number), Page(oh_hell, players, seed, number, code)
    (dealt,), (trump,) = of(deal, events.Dealt), of(deal, events.TrumpSet)
    tricks, bids = of(deal, events.Trick), of(deal, events.TricksBid)
    size = oh_hell.hand_size_at(players, told_number)
    kinds = [type(m) for m in page.walk.moments]
    assert kinds == [Dealt, TrumpSet, TricksBid] + [TrickPlayed] * size + [BidsScored]
    first, told_bids, *played, scored = page.moments

    # The deal and trump, one moment: deal `number` of the game, its hands as the engine dealt
    # them; the next card turned for trump, or none when the hands use the pack up.
    assert first.title == page.title("The deal")
    assert [len(hand) for hand in dealt.hands] == [size] * players
    assert first.rows.get(clean(page.tr.pgettext("diagram", "{player}'s hand:", player=page.renderer.name(1)))) == [
        page.face(card) for card in dealt.hands[1]]
    assert first.story[0].startswith(page.title(
        "This is deal {number} of {total} in the game: the size of the hands changes from deal to deal.",
        number=told_number + 1, total=2 * (52 // players) - 1))
    which, leads = first.steps
    if size * players == 52:
        assert trump.card is None and deal.trump is None and which["answer"] == ["none"]
    else:
        assert trump.card is not None and trump.suit is trump.card.suit is deal.trump
        assert which["answer"] == [str(trump.suit)] and page.face(trump.card) in which["feedback"]
    assert leads["answer"] == [str(tricks[0].leader)] == ["1"]

    # The bids: in turn from the dealer's left, the dealer last; each shown beside its player
    # but the dealer's, which the questions are about.
    assert [b.seat for b in bids] == [*range(1, players), 0]
    bid_of = {b.seat: b.tricks for b in bids}
    assert told_bids.title == page.title("The bids")
    assert told_bids.seats == [(page.name(seat), [], ([clean(page.tr.pgettext("diagram", "dealer"))] if seat == 0
                                                      else [page.bid(bid_of[seat])]))
                               for seat in range(players)]
    others = sum(bid_of[seat] for seat in range(1, players))
    barred = size - others
    assert sum(bid_of.values()) != size and (barred < 0 or bid_of[0] != barred)     # the dealer kept the rule
    in_all, *may_not = told_bids.steps
    assert (in_all["type"], in_all["answer"]) == ("number", others)
    digits = page.tr.digits
    assert digits(" + ".join(str(bid_of[seat]) for seat in range(1, players)) + f" = {others}") in in_all["feedback"]
    if barred < 0:
        assert may_not == []
        told = (page.tr.npgettext("walkthrough", "{player} bids {n} trick.", "{player} bids {n} tricks.", bid_of[0],
                                  player=page.renderer.name(0)) if bid_of[0]
                else page.tr.pgettext("walkthrough", "{player} bids zero.", player=page.renderer.name(0)))
        assert in_all["feedback"].endswith(clean(told))  # never "bids 0 tricks" (issue 32)
    else:
        (step,) = may_not
        assert (step["type"], step["answer"]) == ("number", barred)
        assert step["feedback"].startswith(digits(f"{size} − {others} = {barred}"))

    # Each trick: the cards in the order played and who takes it, and where a duty cut a hand
    # down, that hand at that turn.
    assert len(tricks) == size
    expected = duties(oh_hell, deal)
    for number_, trick in enumerate(tricks, start=1):
        moments = [m for m in played if m.title == page.title("Trick {number}", number=number_)]
        assert len(moments) == (2 if expected[number_ - 1] else 1)
        whole = moments[-1]
        assert [(name, cards) for name, cards, _ in whole.seats] == [
            (page.name(seat), [page.face(card)]) for seat, card in zip(trick.seats, trick.plays)]
        (takes,) = whole.steps
        assert trick.seats[int(takes["answer"][0])] == trick.winner

    # The score: each player's bid and tricks, and what each writes: 10 and the bid for a bid
    # made exactly, nothing otherwise.
    won = [sum(1 for trick in tricks if trick.winner == seat) for seat in range(players)]
    written = [10 + bid_of[seat] if bid_of[seat] == won[seat] else 0 for seat in range(players)]
    assert list(deal.result().written) == written and list(deal.result().tricks) == won
    assert scored.title == page.title("The score")
    assert scored.seats == [(page.name(seat), [], [page.bid(bid_of[seat]), page.tricks_words(won[seat])])
                            for seat in range(players)]
    assert [(s["type"], s["answer"]) for s in scored.steps] == [("number", n) for n in written]
    for seat, step in enumerate(scored.steps):
        made = bid_of[seat] == won[seat]
        assert (digits(f"10 + {bid_of[seat]} = {written[seat]}") in step["feedback"]) == made


def test_a_dealer_whom_the_others_overbid_may_bid_any_number(oh_hell):
    """When the others bid more than the tricks of the deal, no bid of the dealer's can make
    the total: the page asks what they bid in all, and says every number is allowed."""
    seed = next(seed for seed in range(200)
                if sum(b.tricks for b in of(engine_deal(oh_hell, 5, seed, 1), events.TricksBid)[:-1]) > 2)
    page = Page(oh_hell, 5, seed, 1, "en")
    (bids,) = [m for m in page.walk.moments if isinstance(m, TricksBid)]
    assert bids.tricks == 2 and bids.others > 2 and bids.barred is None
    (step,) = page.moments[1].steps
    assert step["question"] == "How many tricks have the other players bid in all?"
    assert step["answer"] == bids.others
    assert ("That is more than the 2 tricks of the deal, so whatever the dealer bids, the bids cannot add up to the "
            "tricks: every number is allowed.") in step["feedback"]


def test_the_oh_hell_deal_in_words(oh_hell):
    """Seed 1, four players, deal 5 of 25, checked by hand against the engine's log: 2♠ is
    turned; Boris, Chiara and Dawit bid 1, 0 and 0, so Anna, dealing, may not bid 4 and bids 1;
    Anna and Dawit make their bids, Boris and Chiara miss."""
    page = Page(oh_hell, 4, 1, None, "en")
    assert [line for m in page.moments for line in m.story] == [
        "This is deal 5 of 25 in the game: the size of the hands changes from deal to deal. Anna deals 5 cards to "
        "each player. The 32 cards left over are set aside face down.",
        "The first card left over is turned face up: 2♠.",
        "It stays out of play: nobody takes it into their hand.",
        "Each player in turn, from the dealer's left-hand neighbour, bids the number of tricks they will take; the "
        "dealer bids last.",
        "The dealer may not bid the number that would make the bids add up to the tricks of the deal, so that "
        "somebody must miss.",
        "The hands are empty. Each player counts the tricks they took against their bid.",
    ]
    asked = [(s["question"], s["answer"], s["feedback"]) for m in page.moments for s in m.steps]
    assert asked[2:4] == [
        ("How many tricks have the other players bid in all?", 1,
         "1 + 0 + 0 = 1: the other players bid this many tricks in all."),
        ("Which number may the dealer not bid?", 4,
         "5 − 1 = 4: the deal has 5 tricks, and the others bid 1 in all, so a bid of 4 would make the bids add up "
         "to the tricks. Anna bids 1 trick."),
    ]
    assert asked[-4:] == [
        ("How many points does Anna write for this deal?", 11,
         "10 + 1 = 11: Anna took exactly the one trick bid, and writes 10 points and one more for the trick bid."),
        ("How many points does Boris write for this deal?", 0,
         "Boris bid 1 but took 3 tricks: the bid is missed, and Boris writes nothing."),
        ("How many points does Chiara write for this deal?", 0,
         "Chiara bid 0 but took 1 trick: the bid is missed, and Chiara writes nothing."),
        ("How many points does Dawit write for this deal?", 10,
         "10 + 0 = 10: Dawit bid no trick and took none, and writes 10 points."),
    ]


@pytest.mark.parametrize("code", ["en", "fa"])
def test_without_javascript_the_page_lists_every_moment_with_its_answers(oh_hell, code):
    deal, page = engine_deal(oh_hell, 4, 5, 4), Page(oh_hell, 4, 5, None, code)
    titles = [page.title("The deal"), page.title("The bids")]
    for number, duty in enumerate(duties(oh_hell, deal), start=1):
        titles += [page.title("Trick {number}", number=number)] * (2 if duty else 1)
    titles.append(page.title("The score"))
    assert [m.title for m in page.moments] == titles
    html = page.html
    assert "data-more" not in html and "tc-drill__unprinted" not in html
    for variant in html.split('<li class="tc-drill__variant">')[1:]:
        assert variant.startswith('\n<div class="tc-drill__prompt"><h4 class="tc-drill__moment">')
        assert variant.count('<li class="tc-drill__step"') == variant.count('<details class="tc-drill__solution">') >= 1
    assert all(step["feedback"] for moment in page.moments for step in moment.steps)


@pytest.mark.parametrize("code", ["en", "fa"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(4))
def test_no_moment_of_an_oh_hell_walkthrough_answers_its_own_questions(oh_hell, code, players, seed):
    for number in (None, 0, oh_hell.procedure.deal.deals(players, 52) // 2):
        english = read(Page(oh_hell, players, seed, number, "en").html)
        page = Page(oh_hell, players, seed, number, code)
        assert spoilers(read(page.html), english, page.tr) == []
