"""The Play pages for learners (issue 33), in Chromium: "Show me" gives the reason the Python
player gives, in that very position; a match survives a reload and a closed tab, while a shared
address still starts from its first deal; focus moves to the hand only from the decision;
nothing that would discard a match in progress happens without a question; the live region
tells why a trick was won and what it was worth; an unreadable address is said so; refused
cards are readable in both palettes."""

from __future__ import annotations

import datetime
import json
import os
import random

import pytest
from test_layout_browser import contrast
from test_play_browser import (  # noqa: F401  (play_pools and table are fixtures)
    ARTIFACTS,
    AXE,
    PHONE,
    YOU,
    address,
    face_of,
    finish_deal,
    page_data,
    play_pools,
    plural,
    position_with_refusals,
    said,
    squash,
    table,
    words,
)

from tutorial_engine.content.drills import NAMES
from tutorial_engine.engine.deal import Deal, Play
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import Reason, advise
from tutorial_engine.i18n.cardnames import suit_term
from tutorial_engine.i18n.translator import Translator

EUCHRE = "euchre/play.html"
MATCH_KEY = "tc-play:euchre:4x2:match"
PLAY_REASONS = {
    Reason.WEAKEST: "Play {card}: it is the weakest card you may play, and your stronger cards wait for later tricks.",
    Reason.LOWEST: "Play {card}: it is the weakest card you may play.",
    Reason.LAST_WINS: "Play {card}: you play last, and it is the weakest card that takes the trick.",
    Reason.ONLY: "Play {card}: it is the only card you may play.",
    Reason.LAST_CARD: "Play {card}: it is your last card.",
    Reason.ONLY_FOLLOW: "Play {card}: you must follow suit, and it is your only card of {suit}.",
    Reason.PARTNER_TAKES: "Play {card}: your partner {player} already takes the trick, so you play the weakest card "
                          "you may play.",
    Reason.CANNOT_WIN: "Play {card}: no card you may play takes this trick, so you play the weakest.",
}
"""The sentences "Show me" gives for a card of a game of tricks, by the Python player's reason."""


def reason_said(tr: Translator, deal: Deal, letters: dict) -> tuple[Reason, str] | None:
    """The Python player's reason for the learner's card and its sentence as the page must say
    it; None for a decision that is not a card of a game of tricks."""
    advice = advise(deal)
    if advice.why not in PLAY_REASONS:
        return None
    assert isinstance(advice.action, Play)
    values: dict = {"card": face_of(advice.action.card, letters)}
    if advice.why is Reason.ONLY_FOLLOW:
        values["suit"] = suit_term(deal.game.table(deal.trump).suit[deal.trick[0]], tr)
    if advice.why is Reason.PARTNER_TAKES:
        values["player"] = tr.term("name", NAMES[deal.taking])
    return advice.why, said(tr.pgettext("play", PLAY_REASONS[advice.why], **values))


def euchre_deal(games, seed: int) -> Deal:
    """The first deal of the page's match from the seed: seat 0 deals."""
    return Deal(games["euchre"], Table(4, 2), 0, random.Random(seed))


def computer_moves(deal: Deal) -> None:
    while not deal.is_terminal() and deal.to_move != YOU:
        deal.apply(advise(deal).action)


@pytest.mark.parametrize(("code", "phone"), [("en", False), ("fa", True)], ids=["en-desktop", "fa-phone-320"])
def test_show_me_gives_the_reason_of_the_python_player_in_every_position(built_site, table, games, code, phone):
    """Euchre from seed 18, the review's match, played as "Show me" advises: at each of the
    learner's cards the note says the sentence of the Python player's reason, filled for that
    position; a forced card is never "the weakest card you may play"."""
    data, tr = page_data(built_site, code, EUCHRE), words(code)
    letters = data["terms"]["letters"]
    t = table(viewport={"width": 320, "height": 640}, **PHONE) if phone else table()
    t.open((built_site / code / EUCHRE).as_uri() + "#seed=18")
    deal, given = euchre_deal(games, 18), set()
    for _ in range(60):
        s = t.until_decision()
        if s["next"] or s["result"]:
            break
        computer_moves(deal)
        expected = reason_said(tr, deal, letters)
        t.page.click(".tc-play__show")
        if expected is not None:
            given.add(expected[0])
            assert said(t.state()["note"]) == expected[1], expected[0]
        deal.apply(advise(deal).action)
        t.page.click("#tc-play .tc-play--advised")
    assert deal.is_terminal() or (computer_moves(deal), deal.is_terminal())[1]
    assert {Reason.LAST_CARD, Reason.ONLY_FOLLOW} <= given, given
    assert t.errors == []


def seen(t) -> dict:
    """What a reload must keep: the deal, the score, the hand, the trick, the story."""
    s = t.state()
    story = t.page.eval_on_selector_all(".tc-play__log li", "ls => ls.map(l => l.innerText)")
    return {"title": s["title"], "score": s["score"], "cards": s["cards"], "trick": s["trick"], "story": story}


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_a_reload_and_a_closed_tab_keep_the_match_and_a_shared_address_starts_it_again(
        built_site, server, table, scheme):
    data = page_data(built_site, "en", EUCHRE)
    messages = data["messages"]
    base = f"{server}/en/{EUCHRE}" if scheme == "http" else (built_site / "en" / EUCHRE).as_uri()
    t = table()
    page = t.page
    t.open(base + "#seed=21")
    assert finish_deal(t)["next"]
    finished = seen(t)
    page.reload()
    page.wait_for_selector("#tc-play[data-play-ready]", state="attached")
    assert seen(t) == finished and t.state()["next"]  # the deal over, "Next deal" offered again
    assert json.loads(page.evaluate("localStorage.getItem('tc-play:euchre:4x2')"))["deals"] == 1  # counted once

    page.click(".tc-play__next")
    t.until_decision()
    t.advised()
    t.page.clock.run_for(3000)
    before = seen(t)
    assert before["title"] == messages["deal-number"].replace("{number}", "2")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{MATCH_KEY}')"))
    assert stored["seed"] == 21 and len(stored["deals"]) == 2 and stored["counted"] == 1

    page.reload()
    page.wait_for_selector("#tc-play[data-play-ready]", state="attached")
    assert seen(t) == before
    kept = messages["game-kept"].replace("{number}", "2")  # Euchre is a game to 10 (issue 32)
    assert squash(t.state()["note"]) == kept
    assert page.evaluate("location.hash") == "#seed=21"

    # A closed tab: the page opened again from the site's navigation, without an address of its own
    other = page.context.new_page()
    other.goto(base)
    other.wait_for_selector("#tc-play[data-play-ready]", state="attached")
    assert squash(other.inner_text(".tc-play__title")) == before["title"]
    assert other.evaluate("location.hash") == "#seed=21"
    other.close()

    # The shared address, opened afresh: the match from its first deal, while the kept match
    # stays kept until the new one is played
    page.goto(base.replace("play.html", "rules.html"))
    t.open(base + "#seed=21")
    assert t.state()["title"] == messages["deal-number"].replace("{number}", "1")
    assert json.loads(page.evaluate("localStorage.getItem('tc-play:euchre:4x2')"))["deals"] == 1
    assert len(json.loads(page.evaluate(f"localStorage.getItem('{MATCH_KEY}')"))["deals"]) == 2
    t.until_decision()
    t.advised()
    assert len(json.loads(page.evaluate(f"localStorage.getItem('{MATCH_KEY}')"))["deals"]) == 1
    assert t.errors == []


HOSTILE_KEPT = [
    "{not json",
    '{"id": "a", "game": GAME, "seed": 21, "target": 10, "deals": [[0]], "counted": 0, "extra": 1}',
    '{"id": "a", "game": "an older site", "seed": 21, "target": 10, "deals": [[0]], "counted": 0}',
    '{"id": "a", "game": GAME, "seed": 21, "target": 10, "deals": [[999]], "counted": 0}',
    '{"id": "a", "game": GAME, "seed": -1, "target": 10, "deals": [[0]], "counted": 0}',
    '{"id": "<b>a</b>", "game": GAME, "seed": 21, "target": 10, "deals": [[0]], "counted": 0}',
    '{"id": "a", "game": GAME, "seed": 21, "target": 10, "deals": [[' + ", ".join(["0"] * 100) + ']], "counted": 0}',
    '{"id": "a", "game": GAME, "seed": 21, "target": 10, "deals": [[], [0]], "counted": 0}',
    '{"id": "a", "game": GAME, "seed": 21, "target": 10, "deals": [["0"]], "counted": 0}',
    '{"id": "a", "game": GAME, "seed": 21, "target": 10, "deals": [[0.5]], "counted": 0}',
    '{"id": "a", "game": GAME, "seed": 21, "target": 10, "deals": [[0]], "counted": 5}',
    '[]',
]
"""What a browser may hold under the match's key (GAME stands for the page's own digest of its
rules): broken JSON, an extra key, a match kept by an older site, a move the rules do not offer
(999, or plays past the end of the deal), a bad seed, markup for an id, a deal left unfinished
before another, moves that are not whole numbers, counted deals that were never played. Each
differs from a sound match (a first move of seed 21's first deal) in that one thing."""


@pytest.mark.parametrize("stored", HOSTILE_KEPT)
def test_a_kept_match_that_cannot_be_played_again_is_forgotten(built_site, server, table, stored):
    data = page_data(built_site, "en", EUCHRE)
    t = table()
    page = t.page
    t.open(f"{server}/en/{EUCHRE}#seed=5")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [MATCH_KEY, stored.replace("GAME", json.dumps(data["rules"]))])
    t.open(f"{server}/en/{EUCHRE}")
    s = t.state()
    assert s["title"] == data["messages"]["deal-number"].replace("{number}", "1")
    assert page.evaluate("location.hash") != "#seed=21" and squash(s["note"]) != data["messages"]["game-kept"].replace(
        "{number}", "1")
    assert page.evaluate(f"localStorage.getItem('{MATCH_KEY}')") is None  # forgotten; the new match kept once played
    assert t.errors == []


def test_a_sound_kept_match_is_played_again_to_where_it_stopped(built_site, server, table):
    """Three moves of seed 21's first deal, kept: the page opens on them, the hand three cards…
    or bids further on, as the rules play them."""
    data = page_data(built_site, "en", EUCHRE)
    t = table()
    page = t.page
    t.open(f"{server}/en/{EUCHRE}#seed=5")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [MATCH_KEY, json.dumps({"id": "abc", "game": data["rules"], "seed": 21, "target": 10,
                                          "deals": [[0, 0, 0]], "counted": 0})])
    t.open(f"{server}/en/{EUCHRE}")
    assert page.evaluate("location.hash") == "#seed=21"
    story = page.eval_on_selector_all(".tc-play__log li", "ls => ls.length")
    assert story >= 4  # the deal, the turned card and three bids
    assert squash(t.state()["note"]) == data["messages"]["game-kept"].replace("{number}", "1")
    assert t.errors == []


FOCUS_ON = {
    "the story": ".tc-play__log",
    "Forget my statistics": ".tc-play__reset",
    "Replay": ".tc-play__replay",
    "the target list": "#tc-play-target",
}
"""Where the review found the focus taken to the hand; the target list is on a page of victory
points (Albastini), the others on Euchre's."""


@pytest.mark.parametrize(("code", "phone"), [("en", False), ("fa", True)], ids=["en-desktop", "fa-phone-320"])
@pytest.mark.parametrize("place", FOCUS_ON)
def test_the_turn_does_not_take_the_focus_from_elsewhere(built_site, table, place, code, phone):
    t = table(viewport={"width": 320, "height": 640}, **PHONE) if phone else table()
    page = t.page
    path = "albastini/play.html" if place == "the target list" else EUCHRE
    t.open((built_site / code / path).as_uri() + "#seed=18")
    t.until_decision()
    t.advised()  # the learner's move; the computer players are to move now
    s = t.state()
    if not s["next"]:
        page.focus(FOCUS_ON[place])
        t.until_decision()  # the learner's turn again
        assert page.evaluate(f"document.activeElement.matches('{FOCUS_ON[place]}')"), t.state()["focus"]
    # From the decision itself, the focus goes on to the next decision
    page.focus(".tc-play__show")
    t.advised()
    s = t.until_decision()
    assert s["focus"] is not None and (s["focus"].startswith(("card:", "action:")) or s["focus"] == "next"), s["focus"]


def test_a_target_is_applied_by_its_button_after_a_question_and_new_and_replay_ask_first(built_site, table):
    data = page_data(built_site, "en", "albastini/play.html")
    messages = data["messages"]
    t = table()
    page = t.page
    t.open((built_site / "en" / "albastini/play.html").as_uri() + address(data, 31))
    other = 2 if data["target"] == 3 else 3
    t.until_decision()
    t.advised()
    s = t.until_decision()
    page.select_option("#tc-play-target", str(other))
    assert page.evaluate("location.hash") == address(data, 31) and t.state()["cards"] == s["cards"]
    page.click(".tc-play__apply")
    dialog = page.locator("#tc-play dialog")
    assert dialog.evaluate("d => d.open")
    assert squash(dialog.locator("p").first.inner_text()) == plural(messages, "confirm-target", other)
    assert page.evaluate("document.activeElement.value") == "no"  # "Keep playing" is the default
    page.keyboard.press("Escape")
    assert not dialog.evaluate("d => d.open")
    assert page.input_value("#tc-play-target") == str(data["target"])
    assert t.state()["cards"] == s["cards"] and page.evaluate("location.hash") == address(data, 31)
    assert page.evaluate("document.activeElement.matches('.tc-play__apply')")

    page.select_option("#tc-play-target", str(other))
    page.click(".tc-play__apply")
    page.click("#tc-play dialog button[value=yes]")
    assert page.evaluate("location.hash") == address(data, 31, other)
    assert t.state()["title"] == messages["deal-number"].replace("{number}", "1")

    t.until_decision()
    t.advised()
    moved = t.until_decision()
    page.click(".tc-play__replay")
    assert squash(dialog.locator("p").first.inner_text()) == messages["confirm-replay"]
    page.click("#tc-play dialog button[value=no]")
    assert t.state()["cards"] == moved["cards"] and page.evaluate("document.activeElement.matches('.tc-play__replay')")
    page.click(".tc-play__new")
    assert squash(dialog.locator("p").first.inner_text()) == messages["confirm-new-match"]
    page.click("#tc-play dialog button[value=yes]")
    assert page.evaluate("location.hash") != address(data, 31, other)
    assert t.errors == []


def test_a_replayed_deal_is_not_counted_again(built_site, table):
    t = table()
    page = t.page
    t.open((built_site / "en" / EUCHRE).as_uri() + "#seed=18")
    assert finish_deal(t)["next"]
    assert json.loads(page.evaluate("localStorage.getItem('tc-play:euchre:4x2')"))["deals"] == 1
    page.click(".tc-play__replay")
    page.click("#tc-play dialog button[value=yes]")
    assert finish_deal(t)["next"]
    assert json.loads(page.evaluate("localStorage.getItem('tc-play:euchre:4x2')"))["deals"] == 1


@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_live_region_tells_who_took_the_trick_why_and_its_worth(built_site, table, code):
    """Albastini counts card points: once a trick with points is taken, what is announced holds
    the trick's sentence as the note shows it, its reason and its sum included."""
    t = table()
    page = t.page
    t.open((built_site / code / "albastini/play.html").as_uri() + "#seed=3&target=5")
    page.evaluate("""() => {
      window.heard = [];
      const live = document.querySelector(".tc-play__live");
      new MutationObserver(() => window.heard.push(live.textContent)).observe(live, {childList: true, subtree: true});
    }""")
    for _ in range(40):
        t.until_decision()
        t.advised()
        page.clock.run_for(5000)
        note = page.evaluate(HEARD_AS)
        if "=" in note:  # the worth, "10 + 0 + 4 = 14"
            break
    else:
        pytest.fail("no trick with points was taken")
    heard = [squash(text) for text in page.evaluate("window.heard")]
    assert any(squash(note) in text for text in heard), (note, heard)


HEARD_AS = """() => {
  const note = document.querySelector(".tc-play__note").cloneNode(true);
  note.querySelectorAll("[role=img]").forEach(e => e.replaceWith(e.getAttribute("aria-label")));
  const text = note.textContent.trim();
  return text.charAt(0).toLocaleUpperCase(document.documentElement.lang) + text.slice(1);
}"""
"""The note as a screen reader hears it: card codes read by their names, a capital first."""


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_an_address_that_cannot_be_read_deals_a_new_match_and_says_so(built_site, server, table, scheme):
    data = page_data(built_site, "fa", EUCHRE)
    t = table()
    base = f"{server}/fa/{EUCHRE}" if scheme == "http" else (built_site / "fa" / EUCHRE).as_uri()
    t.open(base + "#seed=12ab")
    hash_ = t.page.evaluate("location.hash")
    assert hash_.startswith("#seed=") and hash_[6:].isdigit()
    assert said(t.state()["note"]) == said(data["messages"]["address-unreadable"])


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_refused_cards_are_readable_in_both_palettes(built_site, server, table, scheme):
    t = table(color_scheme="dark" if scheme == "slate" else "light")
    page = t.page
    t.open(f"{server}/en/{EUCHRE}#seed=11")
    page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
    position_with_refusals(t)
    colours = page.evaluate("""() => {
      const card = document.querySelector(".tc-play__card--refused .tc-card"), style = getComputedStyle(card);
      return [style.color, style.backgroundColor, getComputedStyle(card).opacity];
    }""")
    assert colours[2] == "1"
    assert contrast(colours[0], colours[1]) >= 4.5, colours


@pytest.mark.skipif(not AXE.exists() and os.environ.get("CI") != "true",
                    reason="axe-core is not installed (make browser-tools)")
@pytest.mark.parametrize("scheme", ["default", "slate"])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_question_is_a_readable_modal_dialog_on_a_phone(built_site, server, table, code, scheme):
    """The question before a new game, on a 320 px phone in both palettes and directions: it
    fits the screen, its words read at 4.5:1, Tab stays within it, and axe finds nothing
    serious with it open."""
    data = page_data(built_site, code, EUCHRE)
    t = table(viewport={"width": 320, "height": 640}, **PHONE)
    page = t.page
    t.open(f"{server}/{code}/{EUCHRE}#seed=18")
    page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
    t.until_decision()
    t.advised()
    page.click(".tc-play__new")
    dialog = page.locator("#tc-play dialog")
    assert said(dialog.locator("p").first.inner_text()) == said(data["messages"]["confirm-new-game"])
    box = dialog.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 320, box
    colours = dialog.evaluate("d => { const s = getComputedStyle(d); return [s.color, s.backgroundColor]; }")
    assert contrast(*colours) >= 4.5, colours
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.querySelector('#tc-play dialog').contains(document.activeElement)")
    page.clock.resume()
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))")
    assert [v for v in result if v["impact"] in ("serious", "critical")] == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"question-{code}-{scheme}.png"))
    page.keyboard.press("Escape")
    assert not dialog.evaluate("d => d.open")
    assert t.errors == []


def test_back_to_an_earlier_address_asks_before_it_discards_the_match(built_site, table):
    """The review's path: the skip link adds an entry to the tab's history; a new match is dealt
    and played; Back would bring the first seed's address, and with it a new match: asked first,
    "Keep playing" keeps the match and its address."""
    data = page_data(built_site, "en", EUCHRE)
    t = table()
    page = t.page
    t.open((built_site / "en" / EUCHRE).as_uri() + "#seed=77")
    t.until_decision()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the skip link: a link within the page, a new history entry
    page.click(".tc-play__new")  # nothing played yet: no question
    fresh = page.evaluate("location.hash")
    assert fresh != "#seed=77"
    t.until_decision()
    t.advised()
    played = t.until_decision()
    page.go_back()
    dialog = page.locator("#tc-play dialog")
    dialog.wait_for(state="visible")
    assert squash(dialog.locator("p").first.inner_text()) == data["messages"]["confirm-new-game"]
    page.click("#tc-play dialog button[value=no]")
    assert page.evaluate("location.hash") == fresh
    assert t.state()["cards"] == played["cards"]
    assert t.errors == []


def test_two_tabs_that_went_on_from_one_kept_match_part_ways(built_site, server, table):
    """The page opened again from the navigation while the first tab is still open: both go on
    from the kept match; once the first keeps a move, the second takes an id of its own, so that
    a reload of either finds its own moves."""
    t = table()
    first = t.page
    t.open(f"{server}/en/{EUCHRE}#seed=21")
    t.until_decision()
    t.advised()
    second = first.context.new_page()
    second.clock.install()
    second.clock.pause_at(datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=1))  # its players wait
    second.goto(f"{server}/en/{EUCHRE}")
    second.wait_for_selector("#tc-play[data-play-ready]", state="attached")

    def ids() -> list[str]:
        return [tab.evaluate("history.state.tcPlay") for tab in (first, second)]

    assert ids()[0] == ids()[1]
    first.clock.run_for(60_000)
    t.until_decision()
    t.advised()
    second.wait_for_function("id => history.state.tcPlay !== id", arg=ids()[0])
    kept = json.loads(first.evaluate(f"localStorage.getItem('{MATCH_KEY}')"))
    assert kept["id"] == ids()[0] != ids()[1]
    second.close()
