"""`turns` claims: who leads, who takes the turned card, which suits may be named, who draws first
and who gets the trump indicator, read off deals the engine plays; and the claims of the bundled
pages that check their own sentences with them. Fact numbers are those of
examples/<game>/facts.md."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_claims import problems_of as claims_page_problems

from tutorial_engine.content.pages import Decision, Paragraph
from tutorial_engine.engine.cards import Suit

BLOCK = "          - text: A sentence.\n            claims:\n              - {claim}\n"


def problems_of(tmp_path: Path, game: str, claim: str) -> list[str]:
    """The problems of one claim on a page of `game`, the page test_claims writes."""
    return claims_page_problems(tmp_path, BLOCK.format(claim=claim), game=game)


@pytest.fixture(scope="module")
def report(bundled_report):
    assert not bundled_report.problems, "\n".join(bundled_report.problems.report())
    return bundled_report


def blocks(report, game: str, page_id: str = "rules"):
    page = next(p for p in report.pages if p.game is not None and p.game.id == game and p.id == page_id)
    return page.blocks()


def turns_of(block) -> list[dict]:
    return [dict(claim.expect.values) for claim in block.claims if claim.kind == "turns"]


# --- what the engine's deals show, game by game --------------------------------------------

@pytest.mark.parametrize("game, claim", [
    ("euchre", "{kind: turns, expect: {first_leader: after-dealer, next_leader: winner, turned_card: dealer, "
               "discard_turned: true, named_suits: others}}"),                                      # U7, U8, U12
    ("altbaumer", "{kind: turns, expect: {first_leader: after-dealer, turned_card: maker, discard_turned: true}}"),  # B11, B13
    ("briscola", "{kind: turns, expect: {first_leader: after-dealer, next_leader: winner, turned_card: stock, "
                 "draw_order: winner-first, indicator: last-drawer}}"),                             # R6, R7, R10
    ("albastini", "{kind: turns, players: 3, expect: {draw_order: winner-first, indicator: last-drawer}}"),  # A16
    ("albastini", "{kind: turns, players: 5, expect: {indicator: nobody}}"),                         # A18
    ("sixty-six", "{kind: turns, expect: {draw_order: winner-first, indicator: last-drawer}}"),     # S4
    ("hearts", "{kind: turns, expect: {first_leader: card-holder, next_leader: winner}}"),          # H5
    ("whist", "{kind: turns, expect: {turned_card: dealer, discard_turned: false}}"),               # W4
    ("oh-hell", "{kind: turns, players: 4, expect: {turned_card: nobody, next_leader: winner}}"),   # O5, O8
    ("hearts", "{kind: turns, players: 4, expect: {broken_by: suit-played}}"),                      # H8
    ("euchre", "{kind: turns, expect: {partners: alternate, bid_order: after-dealer}}"),            # U2, U7
    ("oh-hell", "{kind: turns, players: 5, expect: {bid_order: after-dealer}}"),                    # O6
    ("albastini", "{kind: turns, players: 3, expect: {partners: none}}"),                           # A4
    ("sixty-six", "{kind: turns, expect: {announced_on: lead, exchange_while: more-than-two, deal_ends: at-target, "
                  "last_trick_bonus: stock-used-up}}"),                                             # S6-S8, S10, S11
    ("altbaumer", "{kind: turns, expect: {cut: top-trumps, chooser: after-dealer, refusal: turn-on, "
                  "turned_top_trump: home-suit}}"),                                                 # B8, B9, B11
    ("euchre", "{kind: turns, expect: {lone_first_leader: after-dealer}}"),                         # U10, U12
    ("oh-hell", "{kind: turns, players: 4, expect: {pack_used_up: no-trump}}"),                     # O5
    ("oh-hell", "{kind: turns, players: 7, expect: {pack_used_up: no-trump}}"),                     # O5
    ("sixty-six", "{kind: turns, expect: {marriage_counts: first-trick}}"),                         # S6
])
def test_a_turns_claim_that_says_what_the_engine_does_passes(tmp_path, game, claim):
    assert problems_of(tmp_path, game, claim) == []


# --- a wrong claim is refused, with what the engine's deals show ---------------------------

@pytest.mark.parametrize("game, claim, message", [
    ("euchre", "{kind: turns, expect: {turned_card: maker}}",
     "11:53: expected turned_card maker, but the engine gives dealer: the dealer takes the turned card into the "
     "hand, whoever makes trump"),
    ("euchre", "{kind: turns, expect: {named_suits: any}}",
     "11:53: expected named_suits any, but the engine gives others: in the second round a player may name any "
     "suit but the one turned down"),
    ("euchre", "{kind: turns, expect: {discard_turned: false}}",
     "11:56: expected discard_turned false, but the engine gives true: whoever takes the turned card may discard "
     "it at once in the deals the engine plays"),
    ("hearts", "{kind: turns, expect: {first_leader: after-dealer}}",
     "11:54: expected first_leader after-dealer, but the engine gives card-holder: whoever holds the card set by "
     "the tricks phase's first_lead leads it to the first trick"),
    ("whist", "{kind: turns, expect: {next_leader: in-turn}}",
     "11:53: expected next_leader in-turn, but the engine gives winner: the winner of each trick leads the next"),
    ("altbaumer", "{kind: turns, expect: {turned_card: dealer}}",
     "11:53: expected turned_card dealer, but the engine gives maker: whoever makes trump takes the turned card "
     "into the hand"),
    ("briscola", "{kind: turns, expect: {draw_order: leader-first}}",
     "11:52: expected draw_order leader-first, but the engine gives winner-first: the trick's winner draws first, "
     "then the others in turn"),
    ("albastini", "{kind: turns, players: 5, expect: {indicator: last-drawer}}",
     "11:63: expected indicator last-drawer, but the engine gives nobody: nobody draws the trump indicator"),
    ("whist", "{kind: turns, expect: {partners: none}}",
     "11:50: expected partners none, but the engine gives alternate: partners and opponents alternate round the "
     "table: each player sits between two opponents"),
    ("sixty-six", "{kind: turns, expect: {exchange_while: open}}",
     "11:56: expected exchange_while open, but the engine gives more-than-two: the exchange is offered while the "
     "stock is open and holds more than two cards"),                                                # S7
    ("sixty-six", "{kind: turns, expect: {last_trick_bonus: always}}",
     "11:58: expected last_trick_bonus always, but the engine gives stock-used-up: the last trick's bonus counts "
     "only when the stock was drawn to its end, not when it was closed"),                          # S10
    ("albastini", "{kind: turns, players: 2, expect: {indicator: nobody}}",
     "11:63: expected indicator nobody, but the engine gives last-drawer: the trump indicator is the last card "
     "drawn, and the player who draws last takes it"),
])
def test_a_wrong_turns_claim_is_refused_with_its_reason(tmp_path, game, claim, message):
    assert problems_of(tmp_path, game, claim) == [message]


@pytest.mark.parametrize("game, claim, message", [
    ("hearts", "{kind: turns, expect: {turned_card: dealer}}",
     "11:53: no card is turned for trump in Hearts; 'turned_card' is for games whose trump comes from a turned "
     "card: leave it out"),
    ("altbaumer", "{kind: turns, expect: {named_suits: others}}",
     "11:53: in Altbaumer nobody names a suit in a later round of bidding, once the turned card is turned down: "
     "leave out 'named_suits'"),
    ("euchre", "{kind: turns, expect: {draw_order: winner-first}}",
     "11:52: nobody draws from a stock in Euchre: leave out 'draw_order'"),
    ("euchre", "{kind: turns, expect: {broken_by: suit-played}}",
     "11:51: no suit of Euchre waits to be broken before it may be led (the tricks phase's 'unbroken'): leave out "
     "'broken_by'"),
    ("whist", "{kind: turns, expect: {announced_on: lead}}",
     "11:54: nobody shows a marriage, exchanges a card or closes the stock in Whist: leave out 'announced_on'"),
    ("euchre", "{kind: turns, expect: {deal_ends: at-target}}",
     "11:51: Euchre is not a race to card points (scoring kind: game-points): leave out 'deal_ends'"),
    ("hearts", "{kind: turns, expect: {bid_order: after-dealer}}",
     "11:51: nobody bids in Hearts: leave out 'bid_order'"),
    ("euchre", "{kind: turns, players: 3, expect: {first_leader: after-dealer}}",
     "11:40: Euchre is played by 4 players, not 3"),
    ("euchre", "{kind: turns, expect: {first_leader: left-of-dealer}}",
     "11:54: 'left-of-dealer' is not a value of first_leader; did you mean 'after-dealer'?"),
    ("euchre", "{kind: turns, expect: {cut: top-trumps}}",
     "11:45: nobody may take a fixed top trump at the cut in Euchre (the cut phase's 'take'): leave out 'cut'"),
    ("euchre", "{kind: turns, expect: {refusal: turn-on}}",
     "11:49: nobody accepts or refuses a turned card in Euchre (the accept-or-refuse phase): leave out 'refusal'"),
    ("euchre", "{kind: turns, expect: {turned_top_trump: home-suit}}",
     "11:58: nobody accepts or refuses a turned card in Euchre (the accept-or-refuse phase): leave out "
     "'turned_top_trump'"),
    ("whist", "{kind: turns, expect: {lone_first_leader: after-dealer}}",
     "11:59: nobody plays alone in Whist (the solo phase): leave out 'lone_first_leader'"),
    ("whist", "{kind: turns, expect: {pack_used_up: no-trump}}",
     "11:54: Whist does not turn the next card after the deal for trump (the trump phase's 'from: next-card'): "
     "leave out 'pack_used_up'"),
    ("euchre", "{kind: turns, expect: {marriage_counts: first-trick}}",
     "11:57: nobody shows a marriage in Euchre: leave out 'marriage_counts'"),
])
def test_a_turns_claim_the_game_cannot_answer_is_refused_at_its_key(tmp_path, game, claim, message):
    assert problems_of(tmp_path, game, claim) == [message]


# --- the keys answered by deals made for them fail on an engine that breaks their rule -------

def _wrong_refusal(deal, first):
    """A refusal that keeps the refused suit, as if the chooser had accepted."""
    deal._fix_trump(deal.trump_suit_of(first), deal.chooser, deal.chooser, [first])


def _first_lead_from_seat_zero(lead):
    def wrong(deal, leader):
        lead(deal, leader if deal.tricks else deal.players[0])
    return wrong


def _marriage_counted_at_once(meld):
    def wrong(deal, action):
        deal.won[deal._teams[action.seat]] += 1  # as if a trick had been taken
        meld(deal, action)
        deal.won[deal._teams[action.seat]] -= 1
    return wrong


def _trump_kept_without_a_card(set_trump):
    def wrong(deal, phase):
        set_trump(deal, phase)
        deal.trump = deal.trump or deal.game.suits[0]
    return wrong


@pytest.mark.parametrize("game, players, team_size, key, method, breaking", [
    ("altbaumer", 4, 2, "refusal", "_refuse", lambda original: _wrong_refusal),                 # B11
    ("altbaumer", 4, 2, "turned_top_trump", "trump_suit_of",                                    # B11: trees as spades
     lambda original: lambda deal, card: Suit.SPADES if card in deal.game.permanent_trumps else card.suit),
    ("altbaumer", 4, 2, "cut", "_tree_on_offer",                                                # B8: one tree at most
     lambda original: lambda deal: original(deal) if not deal.taken else None),
    ("altbaumer", 4, 2, "chooser", "_choose",                                                   # B11: nobody takes it
     lambda original: lambda deal, action: deal._fix_trump(deal.turned.suit, deal.chooser, None, [])),
    ("euchre", 4, 2, "lone_first_leader", "_lead", _first_lead_from_seat_zero),                  # U12
    ("oh-hell", 4, 1, "pack_used_up", "_set_trump", _trump_kept_without_a_card),                # O5
    ("sixty-six", 2, 1, "marriage_counts", "_meld", _marriage_counted_at_once),                 # S6
])
def test_a_key_answered_by_made_deals_fails_when_the_engine_breaks_its_rule(report, monkeypatch, game, players,
                                                                              team_size, key, method, breaking):
    """The deals a claim reads are the engine's own: the same claim that passes on the engine
    (above) finds nothing to fit once the rule it states is broken."""
    from tutorial_engine.content.examples import TurnsExample

    example = TurnsExample(id="x", location=None, game=report.games[game], title=None, cites=(), expect=None,
                           players=players, team_size=team_size)
    assert example.fits(key) != []
    break_rule(monkeypatch, method, breaking)
    assert example.fits(key) == []


def break_rule(monkeypatch, method: str, breaking) -> None:
    """Deal's `method` replaced by `breaking(method)`, in the tables that dispatch phases and
    decisions to it as well."""
    from tutorial_engine.engine import deal as deal_module

    original = getattr(deal_module.Deal, method)
    wrong = breaking(original)
    monkeypatch.setattr(deal_module.Deal, method, wrong)
    for table in (deal_module._ENTER, deal_module._DECIDE):
        for kind, function in table.items():
            if function is original:
                monkeypatch.setitem(table, kind, wrong)


def test_a_key_answered_by_made_deals_says_what_it_found(tmp_path, monkeypatch):
    """The refusal names the key's only value and the table the deals were played at."""
    break_rule(monkeypatch, "_refuse", lambda original: _wrong_refusal)
    assert problems_of(tmp_path, "altbaumer", "{kind: turns, expect: {refusal: turn-on}}") == [
        "11:49: expected refusal turn-on, but the engine gives none: the deals the engine plays at 4 players fit "
        "none of turn-on"]


def test_partner_draw_and_first_dealer_are_facts_of_the_game(tmp_path):
    """B7: the four nines are dealt, and the holder of the nine of clubs deals first."""
    assert problems_of(tmp_path, "altbaumer", "{kind: game, expect: {partner_draw: '9', first_dealer: 9♣}}") == []
    assert problems_of(tmp_path, "altbaumer", "{kind: game, expect: {first_dealer: 9♠}}") == [
        "11:53: expected first_dealer 9♠, but game.yml gives 9♣"]


# --- the bundled pages check their own sentences ---------------------------------------------

def test_euchre_says_the_dealer_takes_the_turned_card_and_checks_it(report):
    """U7: the paragraph that says the dealer takes the card, whoever ordered it, is checked by who
    takes it, not by the list of phases alone."""
    paragraph = next(b for b in blocks(report, "euchre") if isinstance(b, Paragraph)
                     and b.text.startswith("Once the card is ordered up, the dealer always takes it"))
    assert {"turned_card": "dealer"} in turns_of(paragraph)


def test_euchre_marks_its_readings_of_the_customs(report):
    """U7, U9, U10: the discard of the card taken up, stick the dealer left out, going alone
    announced with the bid, and only the maker alone, each boxed as the site's reading with a claim
    that checks what the site does."""
    decisions = [b for b in blocks(report, "euchre") if isinstance(b, Decision)]
    expected = {
        "may throw away the very card": {"discard_turned": True},
        "whether they stick the dealer": {"stick_the_dealer": False},
        "announced with the bid itself": {"phases": ["deal", "bidding", "discard", "solo", "tricks"]},
        "only the maker may go alone": {"solo": ["maker"]},
    }
    for words, fact in expected.items():
        decision = next(d for d in decisions if words in d.text)
        key, value = next(iter(fact.items()))
        assert any(claim.expect.values.get(key) == value for claim in decision.claims), words
    alone = next(d for d in decisions if "announced with the bid itself" in d.text)
    assert "orders up" in alone.text and "names trump" in alone.text


def test_euchre_teaches_the_customs_of_the_table(report):
    """U17–U19: the first dealer, the renege and its usual penalty, and other scores, presented
    as customs, with published descriptions named for readers to check."""
    texts = [b.text for b in blocks(report, "euchre") if isinstance(b, Paragraph)]
    assert any("black jack" in text for text in texts)
    assert any("**renege**" in text for text in texts)
    assert any("2 points" in text and "custom" in text for text in texts)
    assert any("5, 7 or 11" in text for text in texts)
    assert any("Hoyle's Rules of Games" in text and "pagat.com" in text for text in texts)


def test_briscola_deals_as_its_text_says(report):
    """R6: game.yml deals one packet of three, and the text no longer says one at a time."""
    paragraph = next(b for b in blocks(report, "briscola") if isinstance(b, Paragraph)
                     and b.text.startswith("The dealer shuffles"))
    assert "one at a time" not in paragraph.text
    assert any(claim.expect.values.get("packets") == [3] for claim in paragraph.claims)


@pytest.mark.parametrize("game, start, key", [
    ("briscola", "The non-dealer leads to the first trick.", "first_leader"),
    ("albastini", "The next player after the dealer leads", "first_leader"),
    ("euchre", "When the maker plays alone and the player on the dealer's left", "lone_first_leader"),
    ("altbaumer", "The dealer shuffles, and the player on the dealer's left cuts.", "cut"),
    ("altbaumer", "The dealer then deals", "cut"),
    ("altbaumer", "The first card of the talon is turned face up.", "chooser"),
    ("altbaumer", "To refuse, the chooser leaves the card where it is.", "refusal"),
    ("altbaumer", "If all four talon cards are of one suit", "refusal"),
    ("altbaumer", "When a turned talon card decides the trump suit", "turned_top_trump"),
    ("oh-hell", "The first card left in the pack is then turned face up.", "pack_used_up"),
    ("oh-hell", "Almost always.", "pack_used_up"),
    ("sixty-six", "The points of a marriage count only once you have taken a trick.", "marriage_counts"),
    ("euchre", "If all four players pass, the dealer turns the card face down.", "named_suits"),
    ("sixty-six", "The dealer's opponent leads to the first trick.", "draw_order"),
    ("hearts", "The player who holds the **two of clubs**", "first_leader"),
])
def test_sentences_about_turns_are_checked_by_turns_claims(report, game, start, key):
    found = [b for b in report.pages for b in b.blocks() if b.__class__ is Paragraph and b.text.startswith(start)
             and b.location.path.endswith(f"{game}/pages.yml")]
    assert found, start
    assert any(key in expect for block in found for expect in turns_of(block))


def test_a_round_of_bids_that_does_not_start_after_the_dealer_fails_bid_order():
    """U7, O6: the check reads the log's bids round by round; a log where the dealer spoke first fails."""
    from types import SimpleNamespace

    from tutorial_engine.content.examples import _bid_order
    from tutorial_engine.engine.events import TricksBid
    from tutorial_engine.engine.seating import Table

    table = Table(4, 1)
    def deal(seats):
        return SimpleNamespace(log=[TricksBid(seat, 1) for seat in seats], table=table, dealer=0, players=[0, 1, 2, 3])
    assert _bid_order(None, deal([1, 2, 3, 0]), "after-dealer")
    assert _bid_order(None, deal([1, 2, 3, 0, 1, 2]), "after-dealer")
    assert not _bid_order(None, deal([0, 1, 2, 3]), "after-dealer")
    assert not _bid_order(None, deal([]), "after-dealer")
