"""Questions and claims of exact-bid games: which bid the dealer may not make (dealer-bid drills),
what each player writes for a deal (scoring and deal-scoring drills), and `bids` claims that
check a rules page's sentences about bids and scores. The game is Oh Hell (game_texts.OH_HELL):
10 points plus the bid for a bid made exactly, nothing otherwise; the dealer bids last and may
not make the bids add up to the tricks of the deal."""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest
from game_texts import OH_HELL, errors, load

from tutorial_engine.content.drills import (
    DealerBidVariant,
    Drill,
    ExactBidsVariant,
    draw,
    dumps,
    loads,
)
from tutorial_engine.content.project import check
from tutorial_engine.engine.bids import play_bidding_game
from tutorial_engine.engine.deal import BidsResult
from tutorial_engine.engine.seating import Table
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.problems import Location
from tutorial_engine.render.drills import DrillRenderer
from tutorial_engine.render.page import Renderer

ROOT = Path(__file__).resolve().parent.parent
HERE = Location(Path("drills.yml"), 1, 1)


@pytest.fixture(scope="module")
def oh_hell(tmp_path_factory):
    report = load(tmp_path_factory.mktemp("oh-hell"), OH_HELL)
    assert errors(report) == []
    return report.games["oh-hell"]


def drill(game, kind: str, players: int = 4, constraints: tuple[str, ...] = (), seed: int = 0) -> Drill:
    return Drill("d", kind, game, "T", 30, seed, players, 1, 5, constraints, HERE)


def plain(markup) -> str:
    return htmllib.unescape(re.sub(r"<[^>]+>", "", str(markup)))


def renderer(code: str) -> DrillRenderer:
    return DrillRenderer(Renderer(Translator.load(ROOT / "locales", code)))


# --- dealer-bid ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 6])
def test_dealer_bid_questions_come_from_the_sequence_and_the_engine_bars_one_bid_or_none(oh_hell, players):
    questions = draw(drill(oh_hell, "dealer-bid", players))
    assert len(questions) == 30 and all(isinstance(q, DealerBidVariant) for q in questions)
    sizes = {oh_hell.hand_size_at(players, n) for n in range(oh_hell.procedure.deal.deals(players, 52))}
    assert {q.tricks for q in questions} <= sizes and len({q.tricks for q in questions}) > 3
    for q in questions:
        assert len(q.names) == players and len(q.bids) == players - 1
        others = sum(q.bids)
        assert q.allowed == tuple(n for n in range(q.tricks + 1) if n != q.tricks - others)
    assert any(sum(q.bids) > q.tricks for q in questions) or players == 3
    assert any(sum(q.bids) <= q.tricks for q in questions)


def test_dealer_bid_explanations_in_english_and_persian(oh_hell):
    game = oh_hell
    barred = DealerBidVariant(game, ("Boris", "Chiara", "Dawit", "Anna"), (2, 0, 1), 5, (0, 1, 3, 4, 5))
    free = DealerBidVariant(game, ("Boris", "Chiara", "Dawit", "Anna"), (2, 2, 2), 5, (0, 1, 2, 3, 4, 5))
    en = renderer("en")
    (step,) = en.dealer_bid(barred).steps
    assert plain(step.question) == "Which number may Anna not bid?"
    assert step.answer == '["2"]'
    assert [o.value for o in step.options] == ["0", "1", "2", "3", "4", "5", "any"]
    assert plain(step.options[-1].html) == "Any number"
    assert plain(step.feedback) == ("The others bid 3 in all, and 5 − 3 = 2: if Anna bid 2, the bids would add "
                                    "up to the 5 tricks of the deal, which the dealer may not do.")
    assert plain(en.dealer_bid(barred).prompt).endswith("Each player has 5 cards: the deal has 5 tricks.")
    (step,) = en.dealer_bid(free).steps
    assert step.answer == '["any"]'
    assert plain(step.feedback) == ("The others bid 6 in all, more than the 5 tricks of the deal: whatever Anna "
                                    "bids, the bids cannot add up to 5, so any number may be bid.")
    fa = renderer("fa")
    (step,) = fa.dealer_bid(barred).steps
    assert step.answer == '["2"]'
    feedback = str(step.feedback)
    assert '<span dir="ltr">۵ − ۳ = ۲</span>' in feedback and "آنا" in feedback and "bid" not in feedback
    assert plain(step.question) != "Which number may Anna not bid?"


def test_a_game_whose_dealer_bids_freely_has_no_use_for_dealer_bid_drills(tmp_path):
    text = OH_HELL.replace("{phase: bid-tricks, dealer_restricted: true}", "{phase: bid-tricks}").replace(
        "players: [3, 4, 5, 6, 7]", "players: [3, 4, 5, 6, 7, 8]")
    report = load(tmp_path, text)
    folder = tmp_path / "examples" / "oh-hell"
    (folder / "drills.yml").write_text("drills:\n  - {id: last, kind: dealer-bid, title: T, players: 8}\n"
                                       "  - {id: free, kind: dealer-bid, title: T}\n", encoding="utf-8")
    report = check(tmp_path)
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == [
        "Oh Hell has no use for dealer-bid drills: its 'bid-tricks' phase leaves the dealer free to bid any "
        "number; set 'dealer_restricted: true' in game.yml to draw them",
        "a drill names at most 7 players, Anna to Gulnara; give 'players' of 7 or fewer",
        "Oh Hell has no use for dealer-bid drills: its 'bid-tricks' phase leaves the dealer free to bid any "
        "number; set 'dealer_restricted: true' in game.yml to draw them"]


# --- scoring and deal-scoring ----------------------------------------------------------------

def test_scoring_questions_are_written_by_the_engine_and_keep_the_dealers_restriction(oh_hell):
    questions = draw(drill(oh_hell, "scoring", 5))
    for q in questions:
        assert isinstance(q, ExactBidsVariant)
        assert sum(q.bids) != sum(q.tricks)
        assert q.written == tuple(10 + b if b == t else 0 for b, t in zip(q.bids, q.tricks))
        assert q.after == tuple(b + w for b, w in zip(q.before, q.written))
    assert any(q.written[k] for q in questions for k in range(5))
    assert any(not q.written[k] for q in questions for k in range(5))
    kept = drill(oh_hell, "scoring", 5)
    assert loads(kept, dumps(kept, tuple(questions))) == tuple(questions)


def test_deal_scoring_questions_are_deals_of_whole_games_and_last_deal_ends_them(oh_hell):
    questions = draw(drill(oh_hell, "deal-scoring", 4, ("last-deal",)))
    for q in questions:
        assert q.over and q.number == q.deals == 25
        seed, strategy, number = q.replay
        played = list(play_bidding_game(oh_hell, Table(4, 1), seed=seed, strategy=strategy))[number - 1]
        assert isinstance(played.result, BidsResult)
        assert (q.bids, q.tricks, q.written, q.after, q.winner) == (
            played.result.bids, played.result.tricks, played.result.written, played.totals, played.winner)
    kept = drill(oh_hell, "deal-scoring", 4, ("last-deal",))
    assert loads(kept, dumps(kept, tuple(questions))) == tuple(questions)
    assert any(not q.over for q in draw(drill(oh_hell, "deal-scoring", 4)))


def steps(question):
    return [(plain(s.question), s.answer, plain(s.feedback)) for s in question.steps]


def test_what_each_player_writes_and_who_leads_in_english(oh_hell):
    v = ExactBidsVariant(oh_hell, ("Anna", "Boris", "Chiara"), (2, 1, 0), (2, 3, 0), (10, 22, 0),
                         (12, 0, 10), (22, 22, 10))
    assert steps(renderer("en").exact_bids(v)) == [
        ("What does Anna write for this deal?", "12", "Anna bid 2 and took 2: 10 + 2 = 12."),
        ("What does Boris write for this deal?", "0", "Boris bid 1 and took 3: nothing."),
        ("What does Chiara write for this deal?", "10", "Chiara bid 0 and took 0: 10 + 0 = 10."),
        ("Who leads once this deal is written?", '["none"]', "2 players share the lead at 22."),
    ]
    v = ExactBidsVariant(oh_hell, ("Anna", "Boris", "Chiara"), (2, 1, 0), (2, 3, 0), (10, 20, 0),
                         (12, 0, 10), (22, 20, 10))
    assert steps(renderer("en").exact_bids(v))[3] == (
        "Who leads once this deal is written?", '["0"]', "Anna leads with 22.")


def test_the_deal_that_ends_the_game_names_the_winner_or_nobody(oh_hell):
    from tutorial_engine.engine.cards import Card, Suit
    won = ExactBidsVariant(oh_hell, ("Anna", "Boris", "Chiara"), (1, 0, 1), (1, 0, 0), (40, 45, 20),
                           (11, 10, 0), (51, 55, 20), over=True, winner=1, number=33, deals=33, dealer="Chiara",
                           trump=Suit.HEARTS, turned=Card.parse("7♥"))
    question = renderer("en").exact_bids(won)
    assert steps(question)[3] == ("This deal ends the game. Who wins it?", '["1"]',
                                  "That was the last deal of the game, and Boris has the highest total, 55: Boris "
                                  "wins the game.")
    assert plain(question.prompt).endswith("This is deal 33 of 33.Chiara dealt and turned up 7♥: its suit was trump.")
    tie = ExactBidsVariant(oh_hell, ("Anna", "Boris", "Chiara"), (1, 0, 1), (1, 0, 0), (44, 45, 20),
                           (11, 10, 0), (55, 55, 20), over=True, winner=None, number=33, deals=33, dealer="Chiara")
    assert steps(renderer("en").exact_bids(tie))[3] == (
        "This deal ends the game. Who wins it?", '["none"]',
        "That was the last deal of the game, and 2 players share the highest total, 55: nobody wins the game.")


def test_what_each_player_writes_in_persian(oh_hell):
    v = ExactBidsVariant(oh_hell, ("Anna", "Boris", "Chiara"), (2, 1, 0), (2, 3, 0), (10, 22, 0),
                         (12, 0, 10), (22, 22, 10))
    question = renderer("fa").exact_bids(v)
    assert [s.answer for s in question.steps] == ["12", "0", "10", '["none"]']
    made = str(question.steps[0].feedback)
    assert '<span dir="ltr">۱۰ + ۲ = ۱۲</span>' in made and "آنا" in made and "bid" not in made
    assert "took" not in plain(question.steps[1].feedback)


def test_scoring_drills_of_an_exact_bid_game_are_checked_and_rendered(tmp_path):
    load(tmp_path, OH_HELL)
    folder = tmp_path / "examples" / "oh-hell"
    (folder / "drills.yml").write_text(
        "drills:\n  - {id: s, kind: scoring, title: T, players: 5}\n"
        "  - {id: d, kind: deal-scoring, title: T, constraints: [last-deal]}\n"
        "  - {id: b, kind: dealer-bid, title: T}\n"
        "  - {id: x, kind: deal-scoring, title: T, constraints: [game-won]}\n", encoding="utf-8")
    report = check(tmp_path)
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == [
        "'game-won' is not a constraint of Oh Hell deal-scoring drills (constraints: last-deal)"]


# --- bids claims -----------------------------------------------------------------------------

PAGE = ("pages:\n  - id: rules\n    title: Oh Hell\n    summary: Oh Hell.\n    sections:\n"
        "      - id: one\n        title: One\n        blocks:\n          - text: Bids.\n            claims:\n")


def claims(tmp_path, *texts: str):
    load(tmp_path, OH_HELL)
    (tmp_path / "examples" / "oh-hell" / "pages.yml").write_text(
        PAGE + "".join(f"              - {text}\n" for text in texts), encoding="utf-8")
    return check(tmp_path)


PASSING = [
    "{kind: bids, bids: {Anna: 2, Boris: 1, Chiara: 0, Dawit: 1}, tricks: {Anna: 2, Boris: 3, Chiara: 0, Dawit: 0}, "
    "expect: {written: {Anna: 12, Boris: 0, Chiara: 10, Dawit: 0}, dealer_barred: 2}}",
    "{kind: bids, bids: {Anna: 3, Boris: 2, Chiara: 1}, tricks: {Anna: 3, Boris: 1, Chiara: 1}, "
    "totals: {Anna: 20, Chiara: 5}, expect: {totals: {Anna: 33, Boris: 0, Chiara: 16}, dealer_barred: 0}}",
    "{kind: bids, bids: {Anna: 3, Boris: 3, Chiara: 1}, tricks: {Anna: 3, Boris: 1, Chiara: 1}, "
    "expect: {dealer_barred: none}}",
    "{kind: bids, bids: {Anna: 0, Boris: 0, Chiara: 0}, tricks: {Anna: 0, Boris: 0, Chiara: 1}, "
    "expect: {dealer_barred: 1}}",
    # O12: after the last deal the highest total wins; before it, nobody has won yet
    "{kind: bids, last: true, bids: {Anna: 1, Boris: 0, Chiara: 1}, tricks: {Anna: 1, Boris: 0, Chiara: 0}, "
    "totals: {Anna: 40, Boris: 52, Chiara: 35}, expect: {totals: {Boris: 62}, winner: Boris}}",
    "{kind: bids, bids: {Anna: 1, Boris: 0, Chiara: 1}, tricks: {Anna: 1, Boris: 0, Chiara: 0}, "
    "totals: {Anna: 40, Boris: 52, Chiara: 35}, expect: {winner: nobody}}",
    "{kind: bids, last: true, bids: {Anna: 1, Boris: 1, Chiara: 1}, tricks: {Anna: 1, Boris: 0, Chiara: 0}, "
    "totals: {Anna: 40, Boris: 51}, expect: {winner: nobody}}",
]


def test_bids_claims_that_agree_with_the_engine_pass(tmp_path):
    report = claims(tmp_path, *PASSING)
    assert [str(p) for p in report.problems] == []
    assert [claim.kind for page in report.pages for claim in page.claims] == ["bids"] * len(PASSING)


FAILING = [
    ("{kind: bids, bids: {Anna: 2, Boris: 1, Chiara: 0, Dawit: 1}, tricks: {Anna: 2, Boris: 3, Chiara: 0, Dawit: 0}, "
     "expect: {written: {Anna: 2, Boris: 11}, dealer_barred: 1}}",
     ["expected Anna to write 2, but the engine gives 12: Anna bid 2 and took 2, which scores 10 + 2 = 12",
      "expected Boris to write 11, but the engine gives 0: Boris bid 1 and took 3, which scores nothing",
      "expected the dealer, Dawit, barred from bidding 1, but the engine bars 2: the others bid 3 in all, and "
      "3 + 2 would make the 5 tricks of the deal"]),
    ("{kind: bids, bids: {Anna: 3, Boris: 3, Chiara: 1}, tricks: {Anna: 3, Boris: 1, Chiara: 1}, "
     "totals: {Anna: 20}, expect: {totals: {Anna: 23}, dealer_barred: 0}}",
     ["expected Anna at 23 after the deal, but the engine gives 33: 20 before it, and 13 written",
      "expected the dealer, Chiara, barred from bidding 0, but the engine bars no bid: the others bid 6 in all, "
      "more than the 5 tricks of the deal"]),
    ("{kind: bids, bids: {Anna: 1, Boris: 1, Chiara: 1}, tricks: {Anna: 1, Boris: 1, Chiara: 0}, "
     "expect: {dealer_barred: none}}",
     ["expected the dealer, Chiara, free to bid any number, but the engine bars 0: the others bid 2 in all, and "
      "2 + 0 would make the 2 tricks of the deal"]),
    ("{kind: bids, last: true, bids: {Anna: 1, Boris: 0, Chiara: 1}, tricks: {Anna: 1, Boris: 0, Chiara: 0}, "
     "totals: {Anna: 40, Boris: 52}, expect: {winner: Anna}}",
     ["expected Anna to win the game, but the engine gives Boris: Boris has the highest total, 62"]),
    ("{kind: bids, bids: {Anna: 1, Boris: 0, Chiara: 1}, tricks: {Anna: 1, Boris: 0, Chiara: 0}, "
     "totals: {Anna: 40, Boris: 52}, expect: {winner: Boris}}",
     ["expected Boris to win the game, but the engine gives nobody: the game goes on: this is not its last deal"]),
    ("{kind: bids, last: true, bids: {Anna: 1, Boris: 1, Chiara: 1}, tricks: {Anna: 1, Boris: 0, Chiara: 0}, "
     "totals: {Anna: 40, Boris: 51}, expect: {winner: Anna}}",
     ["expected Anna to win the game, but the engine gives nobody: the highest totals are level at 51"]),
]


@pytest.mark.parametrize(("claim", "expected"), FAILING, ids=["written", "totals", "free", "winner", "not-last",
                                                              "level"])
def test_bids_claims_that_the_engine_contradicts_fail_with_the_engines_reason(tmp_path, claim, expected):
    report = claims(tmp_path, claim)
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == expected


REFUSED = [
    ("{kind: bids, bids: {Anna: 1, Boris: 1}, tricks: {Anna: 1, Boris: 1}}",
     ["Oh Hell is played by 3 to 7 players, but 2 bid here; give the bid of each"]),
    ("{kind: bids, bids: {Anna: 1, Boris: 1, Chiara: 0}, tricks: {Anna: 1, Boris: 1, Chiara: 0}}",
     ["Chiara deals and bids last, and may not bid 0: the bids would add up to the 2 tricks of the deal"]),
    ("{kind: bids, bids: {Anna: 1, Boris: 1, Chiara: 9}, tricks: {Anna: 1, Boris: 1, Chiara: 0}}",
     ["Chiara bids 9, more than the 2 tricks of the deal"]),
    ("{kind: bids, bids: {Anna: 1, Boris: 1, Chiara: 0}, tricks: {Anna: 10, Boris: 10, Chiara: 0}}",
     ["the tricks add up to 20, but a deal of Oh Hell at 3 players has 1 to 17 tricks"]),
    ("{kind: bids, bids: {Anna: 1, Boris: 0, Chiara: 0}, tricks: {Anna: 1, Borsi: 0}, "
     "expect: {dealer_barred: two}}",
     ["Boris bid, but the tricks Boris took are not given",
      "Chiara bid, but the tricks Chiara took are not given",
      "'Borsi' is not one of the players whose bids are given (Anna, Boris, Chiara); did you mean 'Boris'?",
      "'dealer_barred' is a number of tricks or 'none', not 'two'"]),
    ("{kind: tally, tricks: {Anna: 3, Boris: 2}, expect: {written: {Anna: 13}}}",
     ["Oh Hell is scored by exact bids: check what each player writes with a 'bids' claim"]),
    ("{kind: bids, last: true, bids: {Anna: 1, Boris: 0, Chiara: 0}, tricks: {Anna: 1, Boris: 1, Chiara: 0}, "
     "expect: {winner: Dawit}}",
     ["the tricks add up to 2, but the last deal of Oh Hell at 3 players has 1 trick",
      "'Dawit' is not one of the players whose bids are given (Anna, Boris, Chiara)"]),
]


@pytest.mark.parametrize(("claim", "expected"), REFUSED, ids=[str(i) for i in range(len(REFUSED))])
def test_bids_claims_that_cannot_be_a_deal_are_refused(tmp_path, claim, expected):
    report = claims(tmp_path, claim)
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == expected


def test_a_bids_claim_needs_a_game_scored_by_exact_bids(tmp_path):
    from game_texts import WHIST
    load(tmp_path, WHIST)
    game_id = next(p.name for p in (tmp_path / "examples").iterdir())
    (tmp_path / "examples" / game_id / "pages.yml").write_text(
        PAGE + "              - {kind: bids, bids: {Anna: 1, Boris: 1, Chiara: 0, Dawit: 0}, "
               "tricks: {Anna: 1, Boris: 1, Chiara: 0, Dawit: 0}}\n", encoding="utf-8")
    report = check(tmp_path)
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == [
        "Whist is not scored by exact bids; a 'bids' claim is for games scored by exact bids"]


def test_a_bids_claim_of_the_last_deal_needs_a_sequence_of_hand_sizes(tmp_path):
    """A game of exact bids whose hands keep one size ends at its target only: it has no last deal."""
    fixed = OH_HELL.replace("{phase: deal, hand_sizes: up-and-down}", "{phase: deal, packets: [5]}", 1).replace(
        "  bonus: 10\n", "  bonus: 10\n  target: 100\n", 1)
    load(tmp_path, fixed)
    (tmp_path / "examples" / "oh-hell" / "pages.yml").write_text(PAGE + (
        "              - {kind: bids, last: true, bids: {Anna: 2, Boris: 1, Chiara: 1}, "
        "tricks: {Anna: 2, Boris: 2, Chiara: 1}}\n"), encoding="utf-8")
    report = check(tmp_path)
    assert [str(p)[str(p).index("error:") + 7:] for p in report.problems] == [
        "a game of Oh Hell has no last deal: its hands keep one size, and it ends at its target; leave out 'last'"]
