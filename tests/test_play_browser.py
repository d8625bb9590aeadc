"""The play pages in a real browser (issue 21): Playwright driving Debian's chromium.

A whole match played by keyboard alone on a phone, from disk, in every locale and on every play
page; the cards a seed deals against the Python engine; the address that shares and replays a
match; hints and advice checked against the Python rules; statistics that survive a reload; the
Persian page; axe-core inside the play area; screenshots in tests/artifacts/ for a reviewer.

The computer players move after a pause (setTimeout); Playwright's clock is installed and
paused before a page loads, and the tests let time pass (`clock.run_for`) only while the
learner waits, so a match takes seconds and every run plays the same moves. The run's one
build (conftest's `built_site`), its http server and one browser serve the module.
"""

from __future__ import annotations

import datetime
import functools
import json
import os
import random
import re
import shutil
from pathlib import Path
from urllib.parse import urlparse

import pytest
from babel.lists import format_list
from conftest import TabPool

from tutorial_engine.content.drills import NAMES
from tutorial_engine.content.pages import PlayBlock
from tutorial_engine.content.project import check
from tutorial_engine.engine import events
from tutorial_engine.engine.bids import play_bidding_game
from tutorial_engine.engine.cards import Card, Suit
from tutorial_engine.engine.deal import BidsResult, BidTricks, Deal, OddTricksResult, PenaltyResult, Play
from tutorial_engine.engine.odd_tricks import play_game
from tutorial_engine.engine.penalties import play_penalty_game
from tutorial_engine.engine.races import play_race_game
from tutorial_engine.engine.rules import legal_plays
from tutorial_engine.engine.scoring import exact_bids_written, game_step
from tutorial_engine.engine.seating import Table
from tutorial_engine.engine.strategy import sensible_strategy
from tutorial_engine.i18n.cardnames import card_term, inline
from tutorial_engine.i18n.explain import explain_legality
from tutorial_engine.i18n.translator import Translator
from tutorial_engine.render.page import Renderer
from tutorial_engine.render.play import PlayRenderer

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    if os.environ.get("CI") == "true":
        raise RuntimeError("Chromium is missing; .ci/run installs it (apt-get install chromium)")
    pytest.skip("Chromium is not installed", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "tests" / "browser" / "node_modules" / "axe-core" / "axe.min.js"
ARTIFACTS = ROOT / "tests" / "artifacts"
LOCALES = ["en", "ru", "fr", "es", "fa", "sw"]
PAGES = ["albastini/play.html", "albastini/play-pairs.html", "altbaumer/play.html", "briscola/play.html",
         "euchre/play.html", "hearts/play.html", "sixty-six/play.html", "whist/play.html"]
SCHEMES = ["default", "slate"]
SEED = 2024
"""The match every locale's keyboard run plays."""
WAIT = 60_000
"""Milliseconds of page time let pass while the learner waits: every computer player moves
(600 ms each, 1200 after a trick) up to the learner's next decision or the end of the deal."""
DUTIES = {"must-follow", "must-follow-trump", "must-trump", "must-play-tree", "must-head", "suit-taken"}
PLAY_ADVICE = ["advice-take-points", "advice-cheapest", "advice-last-wins", "advice-weakest", "advice-lowest",
               "advice-only", "advice-last-card", "advice-only-follow", "advice-partner-takes", "advice-partner-points",
               "advice-cannot-win"]

# What the learner sees of the play area, in one call: the hand, the decision, the focus.
STATE = """() => {
  const root = document.getElementById("tc-play"), q = s => root.querySelector(s), a = document.activeElement;
  const cards = [...q(".tc-play__hand").children], actions = [...q(".tc-play__actions").querySelectorAll("button")];
  const shown = e => !e.hidden && e.getClientRects().length > 0;
  const focus = !root.contains(a) || a === root ? null
    : cards.indexOf(a) >= 0 ? "card:" + cards.indexOf(a)
    : actions.indexOf(a) >= 0 ? "action:" + actions.indexOf(a)
    : a.matches(".tc-play__hint") ? "hint" : a.matches(".tc-play__show") ? "show"
    : a.matches(".tc-play__next") ? "next" : a.matches(".tc-play__new") ? "new" : a.tagName + "." + a.className;
  return {
    cards: cards.map(b => b.dataset.card),
    open: cards.map(b => b.getAttribute("aria-disabled") !== "true"),
    legal: cards.map(b => b.classList.contains("tc-play__card--legal")),
    refused: cards.map(b => b.classList.contains("tc-play__card--refused")),
    actions: actions.map(b => b.innerText),
    prompt: q(".tc-play__prompt").innerText.trim(),
    note: q(".tc-play__note").innerText.trim(),
    english: q(".tc-play__note").querySelectorAll("[lang=en]").length,
    result: [...q(".tc-play__result").children].map(p => p.innerText.trim()),
    title: q(".tc-play__title").innerText.trim(),
    score: q(".tc-play__score").innerText.trim(),
    trick: shown(q(".tc-play__trick")) ? [...q(".tc-play__plays").querySelectorAll(".tc-card")].map(c => c.textContent) : [],
    next: shown(q(".tc-play__next")), hint: shown(q(".tc-play__hint")),
    focus: focus,
    overflow: document.scrollingElement.scrollWidth - innerWidth,
  };
}"""

ADVISED = """() => {
  const root = document.getElementById("tc-play"), hand = root.querySelector(".tc-play__hand");
  root.querySelector(".tc-play__show").click();
  const pass = root.querySelector(".tc-play__actions [data-pass]");
  if (!pass) return root.querySelector(".tc-play--advised").click();
  // a pass: the cards "Show me" marks, chosen afresh, then passed
  const advised = [...hand.querySelectorAll(".tc-play--advised")].map(b => b.dataset.card);
  hand.querySelectorAll("[aria-pressed=true]").forEach(b => b.click());
  advised.forEach(c => hand.querySelector(`[data-card="${c}"]`).click());
  root.querySelector(".tc-play__actions [data-pass]").click();
}"""


# --- the site, the pages and their words --------------------------------------------------------

@functools.cache
def page_data(site: Path, code: str, path: str) -> dict:
    """The page's own #tc-play-data: its game, seating, target and every sentence it may say."""
    html = (site / code / path).read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="tc-play-data">(.*?)</script>', html, re.S)
    assert found, f"{code}/{path} has no play data"
    return json.loads(found[1])


def victory_points(data: dict) -> bool:
    return data["game"]["scoring"]["kind"] == "victory-points"


def to_target(data: dict) -> bool:
    """A game two sides play to a target (odd tricks, or points of tricks in one round, Euchre's
    game to 10), which the page calls a game, not a match (issue 32)."""
    scoring = data["game"]["scoring"]
    return scoring["kind"] == "odd-tricks" or (scoring["kind"] == "tricks" and scoring["rounds"] == 1)


def a_game(data: dict) -> bool:
    """Whether the page plays a game (to a target, exact bids, penalty points, game points), not a match."""
    return to_target(data) or data["game"]["scoring"]["kind"] in ("exact-bids", "penalty-points", "game-points")


def passed_cards(data: dict) -> int:
    """How many cards each player passes in the page's game; 0 without a pass phase."""
    return next((phase["cards"] for phase in data["game"]["phases"] if phase["phase"] == "pass"), 0)


def has_duties(data: dict) -> bool:
    return data["game"]["follow"] != "none"


def address(data: dict, seed: int, target: int | None = None) -> str:
    if not victory_points(data):
        return f"#seed={seed}"
    return f"#seed={seed}&target={data['target'] if target is None else target}"


TOKEN = re.compile(r"\{\{GRAMMAR:[^{}|]*\|\{\w+\}\}\}|\{\{GENDER:\{\w+\}(?:\|[^{}|]*)*\}\}|\{\w+\}")


def pattern(template: str | list[str]) -> str:
    """A message as a regular expression over its text on the page: placeholders and grammar
    choices are wildcards, whitespace any whitespace; a plural message any of its forms."""
    if isinstance(template, list):
        return "(?:" + "|".join(pattern(form) for form in template) + ")"
    out, at = [], 0
    for found in TOKEN.finditer(template):
        out.append(literal(template[at:found.start()]))
        out.append(".*?" if found[0].startswith("{{GENDER") else ".+?")
        at = found.end()
    return "".join(out) + literal(template[at:])


def literal(text: str) -> str:
    return r"\s+".join(re.escape(part) for part in re.split(r"\s+", text))


def refusal(messages: dict) -> re.Pattern:
    """A refusal note: the refusal, then the duty that refuses the card; in a game whose tricks
    phase has rules of its own, the duty (if it refuses cards, or says the hand cannot follow),
    then each rule of play that refused cards."""
    duties = "|".join(pattern(messages[key]) for key in sorted(DUTIES - {"suit-taken"}) if key in messages)
    rules = "|".join(pattern(messages[key]) for key in sorted(messages) if key.startswith("rule-"))
    by_rule = ""
    if rules:
        before = "|".join([duties, *(pattern(messages[key]) for key in ("cannot-follow", "neither", "duty-follow"))])
        by_rule = rf"|{pattern(messages['refused'])}\s+(?:(?:{before})\s+)?(?:{rules})(?:\s+(?:{rules}))*"
    return re.compile(rf"(?:{pattern(messages['refused'])}\s+(?:{duties})"
                      rf"|{pattern(messages['refused-forecast'])}\s+{pattern(messages['suit-taken'])}{by_rule})", re.S)


def squash(text: str) -> str:
    return " ".join(text.split())


def plural(messages: dict, key: str, n: int) -> str:
    """An English plural message filled with n; for none, the message's own sentence for none
    where it has one (issue 32: never "0 deals won")."""
    if n == 0 and key + "-zero" in messages:
        return messages[key + "-zero"]
    forms = messages[key]
    return forms[0 if n == 1 else 1].replace("{n}", str(n))


# --- a watched page with the computer players' clock in the test's hands ------------------------

class PlayPage:
    """A page whose console errors, requests and failed requests are recorded, and whose clock
    stands still unless the test lets time pass."""

    def __init__(self, pools: dict, **options):
        phone = {key: options.pop(key) for key in PHONE if key in options}
        assert phone in ({}, PHONE), f"a phone is {PHONE}, not {phone}"
        self.pool = pools[bool(phone)]
        self.page = self.pool.take(**options)
        self.page.set_default_timeout(10_000)
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.failed: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("requestfailed", lambda r: self.failed.append(f"{r.url}: {r.failure}"))
        now = datetime.datetime.fromtimestamp(self.page.evaluate("Date.now()") / 1000, datetime.UTC)
        self.page.clock.pause_at(now + datetime.timedelta(seconds=1))  # on from where the last test left it

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_selector("#tc-play[data-play-ready]", state="attached")

    def state(self) -> dict:
        return self.page.evaluate(STATE)

    def until_decision(self) -> dict:
        """Lets the computer players move until the learner decides, or the deal is over."""
        for _ in range(50):
            s = self.state()
            if decision(s) or s["next"] or s["result"]:
                return s
            self.page.clock.run_for(WAIT)
        pytest.fail(f"the computer players never let the learner move: {s}")

    def advised(self) -> None:
        """Makes the move "Show me" suggests: presses both buttons in one call, to be quick."""
        self.page.evaluate(ADVISED)

    def close(self) -> None:
        """Gives the tab back to its pool, for the next table."""
        if self.pool is not None:
            self.pool.give_back(self.page)
            self.pool = None



def decision(s: dict) -> bool:
    return bool(s["actions"]) or any(s["open"])


PHONE = {"is_mobile": True, "has_touch": True}
START = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


@pytest.fixture(scope="module")
def play_pools(browser):
    """Reused tabs (conftest.TabPool) whose clock stands still: on a desktop, and on a phone."""
    pools = {False: TabPool(browser, clock=START), True: TabPool(browser, clock=START, **PHONE)}
    yield pools
    for pool in pools.values():
        pool.context.close()


@pytest.fixture
def table(play_pools):
    """`table(viewport=…)`, or a phone's `table(**PHONE, viewport=…)`: a PlayPage for this test."""
    tables: list[PlayPage] = []

    def open_table(**options) -> PlayPage:
        tables.append(PlayPage(play_pools, **options))
        return tables[-1]

    yield open_table
    for t in tables:
        t.close()


# --- 1. a whole match by keyboard alone ---------------------------------------------------------

class KeyboardRun:
    """A learner with a phone's keyboard: Home and Enter on a card, the arrow after a refusal,
    Tab and Enter on a button; the page must move the focus to each decision."""

    def __init__(self, t: PlayPage, data: dict, code: str):
        self.t, self.page, self.data, self.code = t, t.page, data, code
        self.messages = data["messages"]
        self.refusal = refusal(self.messages)
        self.forward = "ArrowLeft" if data["locale"]["dir"] == "rtl" else "ArrowRight"
        self.refusals: list[str] = []
        self.results: list[list[str]] = []
        self.decisions = self.deals = 0
        self.entered = False

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)

    def play(self, limit: int = 3000) -> dict:
        over = self.messages["prompt-game-over" if a_game(self.data) else "prompt-over"]
        for _ in range(limit):
            s = self.t.state()
            assert s["overflow"] <= 0, f"the page is {s['overflow']}px wider than the phone at {s['title']}"
            if s["prompt"] == squash(over):
                return s
            if s["next"]:
                assert s["focus"] == "next", f"the deal is over but the focus is on {s['focus']}"
                assert s["result"], "a deal ended without a result"
                self.results.append(s["result"])
                self.deals += 1
                self.press("Enter")
                continue
            if not decision(s):
                self.page.clock.run_for(WAIT)
                continue
            self.decisions += 1
            if not self.entered:
                s = self.enter(s)
            assert s["focus"] is not None, f"decision {self.decisions} ({s['prompt']}): the focus is outside #tc-play"
            if self.page.query_selector(".tc-play__actions [data-pass]"):
                self.pass_cards(s)
            elif any(s["open"]):
                self.card(s)
            else:
                self.button(s)
        pytest.fail(f"the match did not end in {limit} steps")

    def enter(self, s: dict) -> dict:
        """From the top of the page, Tab into the play area, then to the decision's first button."""
        for _ in range(300):
            if s["focus"] is not None:
                break
            self.press("Tab")
            s = self.t.state()
        assert s["focus"] is not None, "Tab never reached the play area"
        if not any(s["open"]):
            for _ in range(20):
                if s["focus"] == "action:0":
                    break
                self.press("Tab")
                s = self.t.state()
        self.entered = True
        return s

    def card(self, s: dict) -> None:
        assert s["focus"].startswith("card:"), f"a card to choose ({s['prompt']}), but the focus is on {s['focus']}"
        if has_duties(self.data) and not self.refusals and s["hint"] and s["trick"]:
            self.refuse_on_purpose(s)
        self.press("Home")
        self.press("Enter")
        for at in range(len(s["cards"])):
            after = self.t.state()
            if (after["cards"], after["prompt"]) != (s["cards"], s["prompt"]):
                return  # played, forecast or discarded (a forecast may come back to the hand)
            self.refused(after, at)
            self.press(self.forward)
            self.press("Enter")
        pytest.fail(f"every card was refused: {s}")

    def pass_cards(self, s: dict) -> None:
        """Enter on the first cards along the hand, one after another, then Tab to the pass; the
        pass stays closed, and says so, until enough cards are chosen."""
        assert s["focus"].startswith("card:"), f"cards to pass ({s['prompt']}), but the focus is on {s['focus']}"
        wanted = passed_cards(self.data)
        self.press("Home")
        for k in range(wanted):
            if k == wanted - 1:
                self.press("Tab")
                assert self.t.state()["focus"] == "action:0", "Tab from the hand does not reach the pass"
                self.press("Enter")
                assert squash(self.t.state()["note"]) != "", "a pass of too few cards is refused in silence"
                self.press("Shift+Tab")
            self.press("Enter")
            self.press(self.forward)
        pressed = self.page.eval_on_selector_all(".tc-play__hand [aria-pressed=true]", "bs => bs.length")
        assert pressed == wanted, f"{pressed} cards chosen for a pass of {wanted}"
        self.press("Tab")
        assert self.t.state()["focus"] == "action:0", "Tab from the hand does not reach the pass"
        self.press("Enter")

    def refuse_on_purpose(self, s: dict) -> None:
        """Asks which cards may be played (Tab to the hint, Enter) and plays one the hint refuses."""
        self.press("Tab")
        assert self.t.state()["focus"] == "hint", "Tab from the hand does not reach the hint"
        self.press("Enter")
        self.press("Shift+Tab")
        hinted = self.t.state()
        assert hinted["focus"].startswith("card:"), f"Shift+Tab from the hint went to {hinted['focus']}"
        assert any(hinted["legal"]), "the hint marks no card as legal"
        if True in hinted["refused"]:
            at = hinted["refused"].index(True)
            self.press("Home")
            self.press(self.forward, at)
            self.press("Enter")
            self.refused(self.t.state(), at)

    def refused(self, after: dict, at: int) -> None:
        note = squash(after["note"])
        assert self.refusal.fullmatch(note), f"{self.code}: not a refusal with its duty: {note!r}"
        if self.code != "en":
            assert after["english"] == 0, f"{self.code}: the refusal has English in it: {note!r}"
        assert after["focus"] == f"card:{at}", f"after the refusal the focus is on {after['focus']}"
        self.refusals.append(note)

    def button(self, s: dict) -> None:
        assert s["focus"] == "action:0", f"a choice of buttons ({s['prompt']}), but the focus is on {s['focus']}"
        choice = self.decisions % len(s["actions"])
        self.press("Tab", choice)
        assert self.t.state()["focus"] == f"action:{choice}"
        self.press("Enter")


KEYBOARD_RUNS = [(code, path) for code in LOCALES for path in PAGES
                 if path not in ("whist/play.html", "hearts/play.html", "sixty-six/play.html") or code in ("en", "fa")]
"""Every page in every locale, but a game of Whist or of Hearts (some fifteen seconds each by
keyboard) in English and Persian only, one locale of each direction: their sentences are held to
the catalogs elsewhere."""


@pytest.mark.parametrize(("code", "path"), KEYBOARD_RUNS, ids=[f"{code}-{path}" for code, path in KEYBOARD_RUNS])
def test_a_whole_match_by_keyboard_alone_on_a_phone_from_disk(built_site, table, code, path):
    data = page_data(built_site, code, path)
    messages = data["messages"]
    t = table(viewport={"width": 320, "height": 640}, **PHONE)
    t.open((built_site / code / path).as_uri() + address(data, SEED, 1))
    run = KeyboardRun(t, data, code)
    end = run.play()

    kind = data["game"]["scoring"]["kind"]
    if kind in ("penalty-points", "game-points"):
        names = [term.split("|")[0].strip() for term in data["terms"]["names"]]
        prefix = "penalty-" if kind == "penalty-points" else "race-"
        ends = [squash(messages[prefix + "won"]), *([squash(messages[prefix + "tie"])] if prefix + "tie" in messages else []),
                *(squash(messages[prefix + "winner"].replace("{player}", name)) for name in names)]
    else:
        won, lost = ("game-won", "game-lost") if to_target(data) else ("match-won", "match-lost")
        names = [term.split("|")[0].strip() for term in data["terms"]["names"]]
        ends = [squash(messages[won]), squash(messages[lost]),  # at two, the winner is named
                *(squash(messages[lost + "-one"].replace("{player}", name)) for name in names)]
    assert end["result"][-1] in ends
    if kind == "tricks" and messages["declarers-write"].startswith("{side}"):
        side = messages["side-name"].split("|")[0].strip()  # what players call the side that made trump
        lines = [line for result in [*run.results, end["result"]] for line in result]
        opening = re.escape(side[:1].upper() + side[1:]) + r"\s*:"  # French spaces the colon
        assert any(re.match(opening, line) for line in lines), lines  # issue 32
    assert end["focus"] == "new", f"the match is over but the focus is on {end['focus']}"
    assert run.deals >= 1 or victory_points(data)
    if has_duties(data):
        assert run.refusals, f"{code}/{path}: no card was refused in a whole match"
    assert t.page.evaluate("location.hash") == address(data, SEED, 1)
    assert t.errors == []
    assert t.failed == []
    assert [u for u in t.requests if not u.startswith("file://")] == []


# --- 2. the same seed deals the same cards as the Python engine ---------------------------------

def python_hand(games, data: dict, seed: int) -> set[str]:
    """The learner's hand at their first decision of the match's first deal, in Python."""
    seating = data["seating"]
    deal = Deal(games[data["game"]["id"]], Table(seating["players"], seating["teamSize"]), 0, random.Random(seed))
    rng = random.Random(0)
    while deal.to_move != seating["you"]:
        assert not deal.is_terminal()
        deal.apply(sensible_strategy(deal, rng))
    return {str(card) for card in deal.hands[seating["you"]]}


@pytest.mark.parametrize("seed", [4242, 999_999_999_999_999], ids=["4242", "largest"])
@pytest.mark.parametrize("path", PAGES)
def test_a_seed_deals_the_cards_the_python_engine_deals(built_site, table, games, path, seed):
    """The largest seed the address takes (15 digits) seeds the generator with two 32-bit words."""
    data = page_data(built_site, "en", path)
    t = table()
    t.open((built_site / "en" / path).as_uri() + address(data, seed))
    s = t.until_decision()
    assert s["cards"] and decision(s)
    assert set(s["cards"]) == python_hand(games, data, seed)
    assert len(s["cards"]) == len(set(s["cards"]))


# The first seed whose first deal every player passes twice, all playing as "Show me" advises.
THROWN_IN = """() => {
  const E = window.TcPlayEngine, D = JSON.parse(document.getElementById("tc-play-data").textContent);
  const game = E.game(D.game), seating = new E.Table(D.seating.players, D.seating.teamSize);
  for (let seed = 0; seed < 2000; seed++) {
    const deal = new E.Match(game, seating, seed, D.target).next();
    while (!deal.isTerminal()) deal.apply(E.advice(deal).action);
    if (deal.result().kind === "thrown-in") return seed;
  }
  return null;
}"""


def test_a_deal_thrown_in_says_so_where_a_deal_ends(built_site, table):
    """Every deal's end is told in the result, beside the prompt to deal the next one; one that
    nobody bid on too, not only in the story further down."""
    data = page_data(built_site, "en", "euchre/play.html")
    messages = data["messages"]
    t = table()
    t.open((built_site / "en" / "euchre/play.html").as_uri() + address(data, 1))
    seed = t.page.evaluate(THROWN_IN)
    assert seed is not None
    t.open((built_site / "en" / "euchre/play.html").as_uri() + address(data, seed))
    s = finish_deal(t)
    assert s["prompt"] == messages["prompt-next"]
    assert messages["thrown-in"] in t.page.inner_text(".tc-play__log")
    assert messages["thrown-in"] in s["result"]


# --- 3. shareable and replayable --------------------------------------------------------------

def finish_deal(t: PlayPage) -> dict:
    """Plays the rest of the deal as "Show me" advises."""
    for _ in range(200):
        s = t.until_decision()
        if s["next"] or s["result"]:
            return s
        t.advised()
    pytest.fail("the deal did not end")


@pytest.mark.parametrize("path", PAGES)
def test_the_address_shares_the_match_and_a_deal_can_be_replayed(built_site, table, path):
    data = page_data(built_site, "en", path)
    messages = data["messages"]
    t = table()
    page = t.page
    t.open((built_site / "en" / path).as_uri() + address(data, 77))
    first = t.until_decision()
    assert page.evaluate("location.hash") == address(data, 77)
    assert squash(page.inner_text(".tc-play__share")) == messages["share"].replace("{number}", "77")

    page.reload()
    page.wait_for_selector("#tc-play[data-play-ready]", state="attached")
    again = t.until_decision()
    assert (again["cards"], again["prompt"]) == (first["cards"], first["prompt"])

    # Deal 2: its first hand and the score before it, then a few moves, then the same deal again.
    assert finish_deal(t)["next"]
    page.click(".tc-play__next")
    second = t.until_decision()
    assert second["title"] == messages["deal-number"].replace("{number}", "2")
    for _ in range(3):
        t.advised()
        moved = t.until_decision()
        if moved["next"]:
            break
    assert moved["cards"] != second["cards"] or moved["prompt"] != second["prompt"]
    page.click(".tc-play__replay")
    page.click("#tc-play dialog button[value=yes]")  # the learner's moves in it are taken back: asked first
    replayed = t.until_decision()
    for key in ("cards", "prompt", "title", "score"):
        assert replayed[key] == second[key], key
    assert page.evaluate("location.hash") == address(data, 77)

    page.click(".tc-play__new")
    page.click("#tc-play dialog button[value=yes]")
    fresh = page.evaluate("location.hash")
    seed = re.fullmatch(r"#seed=(\d+)" + ("&target=(\\d+)" if victory_points(data) else ""), fresh)
    assert seed and seed[1] != "77", fresh
    if victory_points(data):
        assert seed[2] == str(data["target"])
    assert t.state()["title"] == messages["deal-number"].replace("{number}", "1")
    assert squash(page.inner_text(".tc-play__share")) == messages["share"].replace("{number}", seed[1])

    if victory_points(data):
        page.select_option("#tc-play-target", "5")
        page.click(".tc-play__apply")  # nothing played yet in the new match: no question
        assert page.evaluate("location.hash") == f"#seed={seed[1]}&target=5"
        assert page.input_value("#tc-play-target") == "5"
        score = t.state()["score"]
        assert score.endswith(", to 5."), score
        assert t.state()["title"] == messages["deal-number"].replace("{number}", "1")


def test_the_skip_link_keeps_the_match_in_play(built_site, table):
    """Material's "Skip to content", a keyboard user's first Tab stop, is a link within the page
    (#top), as are the headings' permalinks: following one changes the address's hash, and must
    not deal a new match with another seed."""
    data = page_data(built_site, "en", "euchre/play.html")
    t = table()
    page = t.page
    t.open((built_site / "en" / "euchre/play.html").as_uri() + address(data, 77))
    before = t.until_decision()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('a.md-skip')")
    page.evaluate("addEventListener('hashchange', () => { window.hashed = true; }, {once: true})")
    page.keyboard.press("Enter")
    page.clock.run_for(1000)  # what Material defers; no computer player is due while the learner decides
    assert page.evaluate("window.hashed")  # the hash changed, and the page's own listener has run before this one
    after = t.state()
    assert squash(page.inner_text(".tc-play__share")) == data["messages"]["share"].replace("{number}", "77")
    assert (after["cards"], after["prompt"], after["title"]) == (before["cards"], before["prompt"], before["title"])


# --- 4. hints and advice ------------------------------------------------------------------------

def card_of(text: str, letters: dict) -> Card:
    """A card face's text ("J♥") as a Card, through the page's rank letters."""
    rank = {letter: rank for rank, letter in letters.items()}[text[:-1]]
    return Card.parse(rank + text[-1])


def position_with_refusals(t: PlayPage, limit: int = 400) -> tuple[dict, int]:
    """Plays as advised until the hint refuses some of the learner's cards; the hint is shown.
    Also how many deals were played to get there."""
    deals = 0
    for _ in range(limit):
        s = t.until_decision()
        if s["next"]:
            t.page.click(".tc-play__next")
            deals += 1
            continue
        if s["hint"] and s["trick"]:
            t.page.click(".tc-play__hint")
            s = t.state()
            if any(s["refused"]):
                return s, deals
        t.advised()
    pytest.fail("the learner never had to follow")


@pytest.mark.parametrize("path", ["euchre/play.html", "altbaumer/play.html"])
def test_the_hint_marks_the_legal_cards_and_names_the_duty_and_show_me_advises_one(
        built_site, table, games, path):
    data = page_data(built_site, "en", path)
    messages, letters = data["messages"], data["terms"]["letters"]
    game = games[data["game"]["id"]]
    t = table()
    page = t.page
    t.open((built_site / "en" / path).as_uri() + address(data, 11))
    s, _ = position_with_refusals(t)

    trump = Suit.parse(page.inner_text(".tc-play__pack .tc-badge .tc-suit"))
    trick = [card_of(text, letters) for text in s["trick"]]
    legality = legal_plays(game, trump, trick, [Card.parse(c) for c in s["cards"]])
    legal = [c for c, marked in zip(s["cards"], s["legal"]) if marked]
    refused = [c for c, marked in zip(s["cards"], s["refused"]) if marked]
    assert set(legal) == {str(c) for c in legality.legal}
    assert set(refused) == {str(c) for c in legality.refused} != set()
    assert sorted(legal + refused) == sorted(s["cards"])
    for card in s["cards"]:
        disabled = page.get_attribute(f'.tc-play__hand [data-card="{card}"]', "aria-disabled")
        assert disabled == ("true" if card in refused else None), card
    duty = explain_legality(legality)
    assert duty != ""
    may = messages["may-play"].replace("{legal}", format_list(legal, locale="en"))
    assert s["note"] == f"{duty} {may}"
    assert duty in page.inner_text(".tc-play__live")

    page.click(f'.tc-play__hand [data-card="{refused[0]}"]', force=True)  # aria-disabled, yet clickable
    assert t.state()["note"] == f"{messages['refused'].replace('{card}', refused[0])} {duty}"
    assert t.state()["cards"] == s["cards"]

    page.click(".tc-play__show")
    advised = page.locator("#tc-play .tc-play--advised")
    assert advised.count() == 1
    card = advised.get_attribute("data-card")
    assert card in legal
    assert any(re.fullmatch(pattern(messages[key].replace("{card}", card)), t.state()["note"]) for key in PLAY_ADVICE)
    advised.click()
    assert card not in t.state()["cards"]


# --- 5. statistics survive a reload -----------------------------------------------------------

STATS = """() => [...document.querySelectorAll(".tc-play__stats > ul > li")].map(li => ({
  text: li.firstChild.textContent.trim(), kinds: [...li.querySelectorAll("li")].map(k => k.innerText.trim())}))"""


def test_statistics_survive_a_reload_over_http_and_can_be_forgotten(built_site, server, table):
    data = page_data(built_site, "en", "euchre/play.html")
    messages = data["messages"]
    t = table()
    page = t.page
    t.open(f"{server}/en/euchre/play.html#seed=11")
    s, deals = position_with_refusals(t)
    page.click(f'.tc-play__hand [data-card="{s["cards"][s["refused"].index(True)]}"]', force=True)
    assert t.state()["note"].startswith("You may not play ")
    end = finish_deal(t)
    assert end["next"]
    deals += 1
    stored = json.loads(page.evaluate("localStorage.getItem('tc-play:euchre:4x2')"))
    assert stored["deals"] == deals and stored["refused"] == {"must-follow": 1}
    won = stored["won"]
    assert 0 <= won <= deals

    page.reload()
    page.wait_for_selector("#tc-play[data-play-ready]", state="attached")
    stats = page.evaluate(STATS)
    assert [line["text"] for line in stats] == [
        plural(messages, "stats-deals", deals), plural(messages, "stats-won", won),
        plural(messages, "stats-games", 0), plural(messages, "stats-refusals", 1)]  # Euchre plays games (issue 32)
    assert stats[3]["kinds"] == [plural(messages, "stats-must-follow", 1)]
    assert squash(page.inner_text(".tc-play__stats h3")) == messages["stats"]

    page.click(".tc-play__reset")
    zero = [plural(messages, key, 0) for key in ("stats-deals", "stats-won", "stats-games", "stats-refusals")]
    assert [line["text"] for line in page.evaluate(STATS)] == zero
    assert all(line["kinds"] == [] for line in page.evaluate(STATS))
    assert page.evaluate("localStorage.getItem('tc-play:euchre:4x2')") is None
    page.reload()
    page.wait_for_selector("#tc-play[data-play-ready]", state="attached")
    assert [line["text"] for line in page.evaluate(STATS)] == zero
    assert t.errors == []
    assert {urlparse(u).hostname for u in t.requests} == {"127.0.0.1"}


HOSTILE = '<img src=x onerror="window.ran=1">'


def hostile_page(route) -> None:
    """The page as it would be if every word of its catalog, terms and messages alike, carried
    markup past locale check and the build: what play.js says must still be text."""
    html = route.fetch().text()
    found = re.search(r'(<script type="application/json" id="tc-play-data">)(.*?)(</script>)', html, re.S)
    data = json.loads(found[2])

    def spoiled(text):
        if isinstance(text, list):
            return [spoiled(t) for t in text]
        head, bar, forms = text.partition("|")  # a term keeps its forms: "Анна | gender=f | gen=Анны"
        return head + HOSTILE + bar + forms
    data["messages"] = {key: spoiled(text) for key, text in data["messages"].items()}
    data["terms"] = {kind: {key: spoiled(text) for key, text in terms.items()} if isinstance(terms, dict) else terms
                     for kind, terms in data["terms"].items()}
    payload = json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")
    route.fulfill(body=html[:found.start(2)] + payload + html[found.end(2):], content_type="text/html")


@pytest.mark.parametrize("path", ["euchre/play.html", "albastini/play.html", "whist/play.html"])
def test_text_from_the_catalog_never_becomes_markup_in_the_play_page(server, table, path):
    """Issue 29: play.js fills a sentence with terms, numbers and the markup it makes (a card
    code); any other value, and every word of a sentence, is escaped: a whole deal told with
    hostile words creates no element from them and runs nothing."""
    t = table()
    page = t.page
    page.route(f"{server}/en/{path}", hostile_page)
    t.open(f"{server}/en/{path}#seed=3")
    finish_deal(t)
    assert page.locator("#tc-play img").count() == 0
    assert page.evaluate("window.ran === undefined")
    assert HOSTILE in page.inner_text("#tc-play")  # shown as the characters it is
    assert t.errors == []


UNREADABLE = [
    '{"deals":"<img src=x onerror=alert(1)>","won":0,"matches":0,"refused":{}}',  # issue 29's reproduction
    "{}", "5", "[]", "null", "not JSON", '{"deals":3,"won":1,"matches":0}',
    '{"deals":1,"won":2,"matches":0,"refused":{}}', '{"deals":1,"won":0,"matches":0,"refused":{"<b>x</b>":1}}',
    '{"deals":1,"won":0,"matches":0,"refused":{"must-follow":"<img src=x onerror=alert(2)>"}}',
    '{"deals":1e999,"won":0,"matches":0,"refused":{}}', '{"deals":1,"won":0,"matches":0,"refused":[],"x":1}',
]
"""What a browser may hold under a play page's key, by a bug, an old version or a hostile hand."""


@pytest.mark.parametrize("stored", UNREADABLE)
def test_unreadable_statistics_are_forgotten_and_said_once(built_site, server, table, stored):
    """Issue 29: stored statistics are read against their shape; anything else is forgotten, the
    page plays on, nothing in it runs, and the learner is told once, in the page's language."""
    messages = page_data(built_site, "fr", "briscola/play.html")["messages"]
    t = table()
    page = t.page
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    t.open(f"{server}/fr/briscola/play.html#seed=5")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", ["tc-play:briscola:2x1", stored])
    page.reload()
    page.wait_for_selector("#tc-play[data-play-ready]", state="attached")
    note = page.locator(".tc-play__stats .tc-play__note")
    assert note.is_visible() and squash(note.inner_text()) == squash(messages["stats-unreadable"])
    assert note.get_attribute("role") == "status"
    zero = [plural_fr(messages, key) for key in ("stats-deals", "stats-won", "stats-matches", "stats-refusals")]
    assert [line["text"] for line in page.evaluate(STATS)] == zero
    assert page.evaluate("localStorage.getItem('tc-play:briscola:2x1')") is None
    assert page.locator(".tc-play__stats img").count() == 0 and page.locator(".tc-play__hand [data-card]").count()
    page.reload()  # told once: what could not be read is gone
    page.wait_for_selector("#tc-play[data-play-ready]", state="attached")
    assert not page.locator(".tc-play__stats .tc-play__note").is_visible()
    assert dialogs == [] and t.errors == []


def plural_fr(messages: dict, key: str) -> str:
    """A French plural message for 0: its sentence for none where it has one, else French's
    first form."""
    return messages.get(key + "-zero") or messages[key][0].replace("{n}", "0")


# --- 6. Persian --------------------------------------------------------------------------------

WESTERN = re.compile(r"[0-9]")
PERSIAN = re.compile(r"[۰-۹]")


def test_the_persian_page_is_right_to_left_in_persian_digits_and_arrow_left_moves_on(built_site, table):
    data = page_data(built_site, "fa", "albastini/play.html")
    t = table(viewport={"width": 320, "height": 640})
    page = t.page
    t.open((built_site / "fa" / "albastini/play.html").as_uri() + address(data, 5))
    assert page.get_attribute("body", "dir") == "rtl"
    assert page.get_attribute("#tc-play", "dir") == "rtl"
    assert page.get_attribute("#tc-play", "lang") == "fa"
    for _ in range(20):  # past the forecast, until a trick is on the table and the stock is shown
        s = t.until_decision()
        if s["trick"] and any(s["open"]) and page.locator(".tc-play__stock").count():
            break
        t.advised()
    else:
        pytest.fail("no trick on the table beside the stock")
    for selector in (".tc-play__score", ".tc-play__stock", ".tc-play__me", ".tc-play__title"):
        text = page.inner_text(selector)
        assert PERSIAN.search(text) and not WESTERN.search(text), f"{selector}: {text!r}"
    options = page.eval_on_selector_all("#tc-play-target option", "os => os.map(o => o.textContent)")
    assert options[:3] == ["۱", "۲", "۳"]

    page.focus(".tc-play__hand [tabindex='0']")
    page.keyboard.press("Home")
    assert t.state()["focus"] == "card:0"
    page.keyboard.press("ArrowLeft")
    assert t.state()["focus"] == "card:1"
    boxes = page.eval_on_selector_all(".tc-play__hand .tc-play__card", "bs => bs.map(b => b.getBoundingClientRect().x)")
    assert boxes[1] < boxes[0], "the next card is not to the left on a right-to-left page"
    page.keyboard.press("ArrowRight")
    assert t.state()["focus"] == "card:0"
    page.keyboard.press("End")
    assert t.state()["focus"] == f"card:{len(s['cards']) - 1}"
    assert t.errors == []


# --- 7. accessibility ----------------------------------------------------------------------------

def mid_trick(t: PlayPage, data: dict, scheme: str) -> dict:
    """The learner's turn to follow a trick, with the hint shown, in the given palette."""
    t.page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    follow = squash(data["messages"]["prompt-play"])
    for _ in range(100):
        s = t.until_decision()
        if s["hint"] and s["prompt"] == follow:
            t.page.click(".tc-play__hint")
            return t.state()
        if s["next"]:
            t.page.click(".tc-play__next")
            continue
        t.advised()
    pytest.fail("no trick on the table at the learner's turn")


@pytest.mark.skipif(not AXE.exists() and os.environ.get("CI") != "true",
                    reason="axe-core is not installed (make browser-tools)")
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("code", ["en", "fa"])
def test_no_serious_accessibility_violation_in_the_play_area(built_site, server, table, code, path, scheme):
    data = page_data(built_site, code, path)
    t = table()
    t.open(f"{server}/{code}/{path}" + address(data, 31))
    mid_trick(t, data, scheme)
    t.page.clock.resume()  # axe waits on timers; the computer players have none pending now
    t.page.add_script_tag(path=str(AXE))
    result = t.page.evaluate(
        "async () => (await axe.run('#tc-play', {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))")
    assert [v for v in result if v["impact"] in ("serious", "critical")] == []
    assert t.errors == []


# --- 8. screenshots ---------------------------------------------------------------------------

HAND_FITS = """() => [...document.querySelectorAll(".tc-play__hand .tc-play__card, .tc-play__plays .tc-card")]
  .map(c => c.getBoundingClientRect()).filter(r => r.left < -0.5 || r.right > innerWidth + 0.5).length"""


@pytest.mark.parametrize("code", ["en", "fa"])
def test_screenshots_mid_deal_narrow_and_wide_light_and_dark(built_site, server, table, code):
    ARTIFACTS.mkdir(exist_ok=True)
    data = page_data(built_site, code, "euchre/play.html")
    backgrounds = set()
    for name, width, height in (("narrow", 320, 640), ("wide", 1280, 800)):
        for scheme in SCHEMES:
            t = table(viewport={"width": width, "height": height})
            page = t.page
            t.open(f"{server}/{code}/euchre/play.html" + address(data, 31))
            page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
            s, _ = position_with_refusals(t)
            assert any(s["refused"]) and any(s["legal"]) and s["trick"]
            page.evaluate("document.querySelector('.tc-play__trick').scrollIntoView({block: 'start'});"
                          " scrollBy(0, -document.querySelector('.md-header').offsetHeight)")
            assert page.evaluate(HAND_FITS) == 0, f"{code} {name} {scheme}: a card is off the screen"
            assert t.state()["overflow"] <= 0
            hand = page.locator(".tc-play__hand").bounding_box()
            assert hand["width"] <= width and hand["y"] < height, "the hand is not on the screen"
            backgrounds.add(page.evaluate("getComputedStyle(document.body).backgroundColor"))
            shot = ARTIFACTS / f"play-{code}-{name}-{scheme}.png"
            page.screenshot(path=str(shot), animations="disabled")
            assert shot.stat().st_size > 10_000
            t.close()
    assert len(backgrounds) == 2, "the light and the dark palette look the same"


# --- 9. Whist: trump set by the rules, deals scored by odd tricks (issue 30) ----------------------

WHIST = "whist/play.html"
YOU = 1
ISOLATES = re.compile("[\u2066-\u2069]")
SEAT_OF = """seat => {
  const items = [...document.querySelectorAll("#tc-play .tc-play__seats > li")];
  const e = seat === null ? document.querySelector("#tc-play .tc-play__me") : items[seat];
  return [...e.querySelectorAll(".tc-tag")].map(t => t.textContent.replace(/\\s+/g, " ").trim());
}"""


HINT_THEN_LAST = """() => {
  document.querySelector("#tc-play .tc-play__hint").click();
  const legal = [...document.querySelectorAll("#tc-play .tc-play__card--legal")];
  legal[legal.length - 1].click();
  return legal.map(b => b.dataset.card);
}"""
"""Asks which cards may be played, and plays the last of them, in one call (to be quick)."""


def words(code: str) -> Translator:
    return Translator.load(ROOT / "locales", code)


def face_of(card: Card, letters: dict) -> str:
    """A card as its face or code reads on the page: the rank's letter, then the suit."""
    return letters[str(card.rank)] + str(card.suit)


def said(text: str) -> str:
    return squash(ISOLATES.sub("", text))


def seat_tags(page, table: Table, seat: int) -> list[str]:
    """The tags the page shows by a seat, a card face as its text: the learner's line, or the
    seat's place among the others (listed from the learner's left)."""
    others = table.order_from(table.next(YOU))[:-1]
    return page.evaluate(SEAT_OF, None if seat == YOU else others.index(seat))


def deal_lines(tr: Translator, table: Table, result: OddTricksResult, scores: tuple, target: int, book: int):
    """The end of a deal scored by odd tricks, as the page must say it: each side's tricks, what
    each side scores, and the game's score."""
    def side(team: int) -> list:
        return [tr.term("name", NAMES[seat]) for seat in range(table.players) if table.team_of(seat) == team]
    mine, mate = table.team_of(YOU), tr.term("name", NAMES[table.partners(YOU)[0]])
    lines = [tr.npgettext("play", "You and {partner}: {n} trick", "You and {partner}: {n} tricks", n, partner=mate)
             if team == mine else tr.npgettext("play", "{team}: {n} trick", "{team}: {n} tricks", n, team=side(team))
             for team, n in enumerate(result.tricks)]
    for team, n in enumerate(result.written):
        if n and team == mine:
            lines.append(tr.npgettext("play", "Your side scores {n} point: one for each trick above {book}.",
                                      "Your side scores {n} points: one for each trick above {book}.", n, book=book))
        elif n:
            lines.append(tr.npgettext("play", "{team} score {n} point: one for each trick above {book}.",
                                      "{team} score {n} points: one for each trick above {book}.", n,
                                      team=side(team), book=book))
    if not any(result.written):
        lines.append(tr.npgettext("play", "Nobody took more than {n} trick, so nobody scores.",
                                  "Nobody took more than {n} tricks, so nobody scores.", book))
    lines.append(tr.pgettext("play", "Game: your side {score}, the other side {other_score}, to {target}.",
                             score=scores[mine], other_score=scores[1 - mine], target=target))
    return [said(line) for line in lines]


def python_deal(games, seed: int, dealer: int = 0) -> Deal:
    return Deal(games["whist"], Table(4, 2), dealer, random.Random(seed))


def to_learner(deal: Deal) -> None:
    """The computer players' moves up to the learner's turn, as the page's sensible player makes them."""
    while not deal.is_terminal() and deal.to_move != YOU:
        deal.apply(sensible_strategy(deal, random.Random(0)))


@pytest.mark.parametrize("phone", [True, False], ids=["phone-320", "desktop"])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_whole_deal_of_whist_by_clicking_legal_cards(built_site, table, games, code, phone):
    """The learner plays a whole deal by clicking, each time, the last card the hint marks legal
    (rarely the one "Show me" would choose), beside the Python engine playing the same moves:
    the hands, the legal cards, the dealer's turned card, the forced last card's advice and the
    deal's score all agree."""
    data, tr = page_data(built_site, code, WHIST), words(code)
    messages, letters = data["messages"], data["terms"]["letters"]
    seats = Table(4, 2)
    t = table(viewport={"width": 320, "height": 640}, **PHONE) if phone else table()
    page = t.page
    seed = 5
    t.open((built_site / code / WHIST).as_uri() + f"#seed={seed}")
    deal = python_deal(games, seed)
    turned, dealer = deal.turned, deal.dealer
    assert turned is not None and turned.suit is deal.trump and dealer == 0
    story = [squash(li) for li in page.eval_on_selector_all(".tc-play__log li", "ls => ls.map(l => l.innerText)")]
    assert story[1] == said(tr.pgettext("play", "{dealer} turns up {card}, the last card dealt, and keeps it in "
                                                "hand: its suit is trump.", dealer=tr.term("name", NAMES[dealer]),
                                        card=face_of(turned, letters)))
    assert page.inner_text(".tc-play__pack .tc-badge .tc-suit") == str(turned.suit)
    clicks = 0
    for _ in range(40):
        s = t.until_decision()
        if s["next"] or s["result"]:
            break
        assert s["overflow"] <= 0, f"{s['overflow']}px wider than the screen"
        to_learner(deal)
        assert sorted(s["cards"]) == sorted(str(c) for c in deal.hands[YOU])
        shown = seat_tags(page, seats, dealer)
        assert (f"{messages['turned']} {face_of(turned, letters)}" in shown) == (turned in deal.hands[dealer]), shown
        if len(s["cards"]) == 1:  # the last trick: the last card, and "Show me" says so
            page.click(".tc-play__show")
            assert said(t.state()["note"]) == said(messages["advice-last-card"].replace(
                "{card}", face_of(deal.hands[YOU][0], letters)))
        legal = page.evaluate(HINT_THEN_LAST)
        assert set(legal) == {str(c) for c in legal_plays(deal.game, deal.trump, deal.trick, deal.hands[YOU]).legal}
        deal.apply(Play(YOU, Card.parse(legal[-1])))
        clicks += 1
    to_learner(deal)
    assert deal.is_terminal() and clicks == 13
    result = deal.result()
    assert isinstance(result, OddTricksResult)
    step = game_step(deal.game.scoring, (0, 0), result.written)
    s = t.state()
    assert [said(line) for line in s["result"]] == deal_lines(tr, seats, result, step.scores, 5, 6)
    assert said(s["score"]) == deal_lines(tr, seats, result, step.scores, 5, 6)[-1]
    assert not [tag for tag in seat_tags(page, seats, dealer) if messages["turned"] in tag]  # played
    assert s["next"] and s["prompt"] == squash(messages["prompt-next"])
    assert t.errors == []


def test_a_game_of_whist_to_its_target_and_its_statistics_survive_a_reload(built_site, server, table, games):
    """Every deal as "Show me" advises, to the end of the game: each deal's lines and the game's
    score are those of the Python engine's game (odd_tricks.play_game), the learner deals the
    second deal with the turned card shown as theirs, the side that reaches 5 wins, and what the
    page kept survives a reload."""
    data, tr = page_data(built_site, "en", WHIST), words("en")
    messages, letters = data["messages"], data["terms"]["letters"]
    seats, seed = Table(4, 2), 3
    played = list(play_game(games["whist"], seats, seed=seed, strategy="sensible"))
    assert len(played) >= 2 and played[-1].step.winner is not None
    t = table()
    page = t.page
    t.open(f"{server}/en/{WHIST}#seed={seed}")
    for number, game_deal in enumerate(played, start=1):
        s = t.until_decision()
        assert s["title"] == messages["deal-number"].replace("{number}", str(number))
        dealer, turned = game_deal.deal.dealer, game_deal.deal.turned
        shown = seat_tags(page, seats, dealer)  # the first trick: the dealer may have played the card in it
        held = face_of(turned, letters) not in s["trick"]
        assert (f"{messages['turned']} {face_of(turned, letters)}" in shown) == held, shown
        if dealer == YOU:
            log = squash(page.inner_text(".tc-play__log"))
            assert messages["you-trump-dealer-last"].replace("{card}", face_of(turned, letters)) in log
        s = finish_deal(t)
        assert [said(line) for line in s["result"][:len(s["result"]) - (number == len(played))]] == deal_lines(
            tr, seats, game_deal.result, game_deal.step.scores, 5, 6)
        if number < len(played):
            page.click(".tc-play__next")
    mine = seats.team_of(YOU)
    won = played[-1].step.winner == mine
    assert s["result"][-1] == messages["game-won" if won else "game-lost"]
    assert s["prompt"] == messages["prompt-game-over"] and not s["next"]
    assert page.inner_text(".tc-play__new") == messages["new-game"]

    deals_won = sum(1 for d in played if d.step.written[mine] > d.step.written[1 - mine])
    stored = json.loads(page.evaluate("localStorage.getItem('tc-play:whist:4x2')"))
    assert stored == {"deals": len(played), "won": deals_won, "matches": int(won), "refused": {}}
    page.reload()
    page.wait_for_selector("#tc-play[data-play-ready]", state="attached")
    assert [line["text"] for line in page.evaluate(STATS)] == [
        plural(messages, "stats-deals", len(played)), plural(messages, "stats-won", deals_won),
        plural(messages, "stats-games", int(won)), plural(messages, "stats-refusals", 0)]
    assert t.errors == []


OTHER_TRUMPS = {
    "next-card": ("{phase: deal, packets: [12]}", "{phase: trump, from: next-card}"),
    "suit": ("{phase: deal, packets: [1], whole_pack: true}", "{phase: trump, from: suit, suit: ♥}"),
    "none": ("{phase: deal, packets: [1], whole_pack: true}", "{phase: trump, from: none}"),
}


def bare_play_pages(folder: Path) -> Path:
    """Each play block of the project at `folder` alone in a bare page, `<game>-<locale>.html` in
    English and Persian, beside the site's styles and scripts: no site build."""
    report = check(folder)
    assert [str(problem) for problem in report.problems] == []
    site = folder / "site"
    (site / "assets").mkdir(parents=True)
    for name in ("tutorial.css", "play.css", "play-engine.js", "play.js"):
        shutil.copy(ROOT / "tutorial_engine" / "render" / "assets" / name, site / "assets" / name)
    for code in ("en", "fa"):
        tr = words(code)
        for page in report.pages:
            [block] = [block for block in page.blocks() if isinstance(block, PlayBlock)]
            html = PlayRenderer(Renderer(tr)).render(block, "")
            (site / f"{block.game.id}-{code}.html").write_text(
                f'<!doctype html><html lang="{code}" dir="{tr.direction}"><head><meta charset="utf-8">'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                '<link rel="stylesheet" href="assets/tutorial.css"></head>'
                f'<body dir="{tr.direction}"><article class="md-typeset">{html}</article></body></html>',
                encoding="utf-8")
    return site


@pytest.fixture(scope="module")
def other_trumps(tmp_path_factory) -> Path:
    """Play pages of Whist with trump set otherwise than by the dealer's last card, in English
    and Persian: the play block alone in a bare page, beside the site's styles and scripts (no
    site build, which the bundled games do not need)."""
    from game_texts import WHIST as WHIST_GAME
    from game_texts import with_deal

    folder = tmp_path_factory.mktemp("other-trumps")
    for source, (dealing, trump) in OTHER_TRUMPS.items():
        game = folder / "examples" / f"whist-{source}"
        game.mkdir(parents=True)
        (game / "game.yml").write_text(with_deal(WHIST_GAME, dealing, trump, "{phase: tricks}")
                                       .replace("id: whist", f"id: whist-{source}"), encoding="utf-8")
        (game / "pages.yml").write_text("pages:\n  - id: play\n    title: Play\n    intro:\n      - Deals.\n"
                                        "      - play: {players: 4, team_size: 2}\n", encoding="utf-8")
    return bare_play_pages(folder)


@pytest.mark.parametrize("source", sorted(OTHER_TRUMPS))
@pytest.mark.parametrize("code", ["en", "fa"])
def test_trump_from_the_next_card_a_fixed_suit_or_none_is_shown_and_told(other_trumps, table, code, source):
    path = other_trumps / f"whist-{source}-{code}.html"
    data = json.loads(re.search(r'id="tc-play-data">(.*?)</script>', path.read_text(encoding="utf-8"), re.S)[1])
    messages, letters, tr = data["messages"], data["terms"]["letters"], words(code)
    report = check(other_trumps.parent)
    deal = Deal(report.games[f"whist-{source}"], Table(4, 2), 0, random.Random(8))
    t = table(viewport={"width": 320, "height": 640}, **PHONE)
    t.open(path.as_uri() + "#seed=8")
    s = t.until_decision()
    assert sorted(s["cards"]) == sorted(str(c) for c in deal.hands[YOU])
    pack = squash(t.page.text_content(".tc-play__pack"))  # a face's rank and suit as one word
    told = squash(t.page.eval_on_selector_all(".tc-play__log li", "ls => ls.map(l => l.innerText)")[1])
    anna = tr.term("name", NAMES[0])
    if source == "next-card":
        assert deal.turned is not None and deal.out == [deal.turned] and deal.trump is deal.turned.suit
        assert pack == squash(f"{messages['trump']} {deal.trump} {messages['turned']} {face_of(deal.turned, letters)}")
        assert told == said(tr.pgettext("play", "{dealer} turns up {card}, the next card of the pack: its suit is "
                                                "trump, and the card stays out of play.",
                                        dealer=anna, card=face_of(deal.turned, letters)))
        assert str(deal.turned) not in s["cards"]
    elif source == "suit":
        assert pack == squash(f"{messages['trump']} ♥")
        assert told == said(tr.pgettext("play", "In every deal, {suit} are trump.",
                                        suit=tr.term("suit", "hearts")))
    else:
        assert pack == squash(messages["no-trump"])
        assert told == squash(messages["trump-none"])
    for seat in range(4):  # no seat shows a turned card as its own
        assert not [tag for tag in seat_tags(t.page, Table(4, 2), seat) if messages["turned"] in tag]
    assert s["overflow"] <= 0 and t.errors == []


# --- 10. Oh Hell: bids of exact tricks, hand sizes from deal to deal (issue 30) -------------------

OH_PLAYERS = 4
BID_BUTTONS = """() => [...document.querySelectorAll("#tc-play .tc-play__actions button")].map(b => ({
  text: b.innerText.trim(), barred: b.getAttribute("aria-disabled") === "true", action: b.dataset.action ?? null}))"""


@pytest.fixture(scope="module")
def oh_hell_pages(tmp_path_factory) -> Path:
    """The Play page of an exact-bid game for 4 players, in English and Persian: the play block
    alone in a bare page beside the site's styles and scripts, as for the other trumps above."""
    from game_texts import OH_HELL

    folder = tmp_path_factory.mktemp("oh-hell")
    game = folder / "examples" / "oh-hell"
    game.mkdir(parents=True)
    (game / "game.yml").write_text(OH_HELL, encoding="utf-8")
    (game / "pages.yml").write_text("pages:\n  - id: play\n    title: Play\n    intro:\n      - Deals.\n"
                                    f"      - play: {{players: {OH_PLAYERS}}}\n", encoding="utf-8")
    return bare_play_pages(folder)


@pytest.fixture(scope="module")
def oh_hell(oh_hell_pages):
    return check(oh_hell_pages.parent).games["oh-hell"]


def oh_data(site: Path, code: str) -> dict:
    return json.loads(re.search(r'id="tc-play-data">(.*?)</script>',
                                (site / f"oh-hell-{code}.html").read_text(encoding="utf-8"), re.S)[1])


def likely_winners(deal: Deal, seat: int) -> int:
    """The sensible bidder's count, restated: aces of plain suits and the three highest trumps."""
    return sum(1 for card in deal.hands[seat]
               if (card.suit is deal.trump and card.rank.value in ("A", "K", "Q"))
               or (card.rank.value == "A" and card.suit is not deal.trump))


def barred_bid(deal: Deal) -> int | None:
    tricks = len(deal.hands[deal.dealer])
    allowed = {action.tricks for action in deal.legal_actions()}
    return next((n for n in range(tricks + 1) if n not in allowed), None)


def counted(tr: Translator, none: str, singular: str, plural: str, n: int, **values) -> str:
    """A play message for a count: its own sentence for none, never "0 points" (issue 32)."""
    return tr.npgettext("play", singular, plural, n, **values) if n else tr.pgettext("play", none, **values)


def total_lines(tr: Translator, totals: tuple[int, ...]) -> list[str]:
    """Each player's running total, as the page says it after a deal of a game scored by seat."""
    return [counted(tr, "You: no points in all.", "You: {n} point in all.", "You: {n} points in all.", total)
            if seat == YOU else
            counted(tr, "{player}: no points in all.", "{player}: {n} point in all.", "{player}: {n} points in all.",
                    total, player=tr.term("name", NAMES[seat]))
            for seat, total in enumerate(totals)]


def bid_lines(tr: Translator, result: BidsResult, totals: tuple[int, ...]) -> list[str]:
    """The end of a deal of exact bids as the page must say it: each player's bid, tricks and what
    they write, then each running total."""
    lines, players = [], len(result.bids)
    for seat in range(players):
        bid, n, score = result.bids[seat], result.tricks[seat], result.written[seat]
        lines.append(counted(tr, "You bid {number} and took no tricks: you write {score}.",
                             "You bid {number} and took {n} trick: you write {score}.",
                             "You bid {number} and took {n} tricks: you write {score}.", n,
                             number=bid, score=score) if seat == YOU else
                     counted(tr, "{player} bid {number} and took no tricks: {player} writes {score}.",
                             "{player} bid {number} and took {n} trick: {player} writes {score}.",
                             "{player} bid {number} and took {n} tricks: {player} writes {score}.", n,
                             player=tr.term("name", NAMES[seat]), number=bid, score=score))
    return [said(line) for line in lines + total_lines(tr, totals)]


def barred_line(tr: Translator, tricks: int, barred: int) -> str:
    return said(tr.npgettext("play", "The bids would add up to the deal's one trick: the dealer may not bid "
                                     "{number}.",
                             "The bids would add up to the {n} tricks of the deal: the dealer may not bid "
                             "{number}.", tricks, number=barred))


def bid_advice(tr: Translator, deal: Deal, bid: int) -> str:
    likely = likely_winners(deal, YOU)
    if bid == likely:
        return said(counted(tr, "You hold no likely winners: bid zero.", "You hold {n} likely winner: bid {n}.",
                            "You hold {n} likely winners: bid {n}.", likely))
    return said(counted(tr, "You hold no likely winners, but the dealer may not bid zero: bid {number}.",
                        "You hold {n} likely winner, but the dealer may not bid {n}: bid {number}, "
                        "the nearest number allowed.",
                        "You hold {n} likely winners, but the dealer may not bid {n}: bid {number}, the "
                        "nearest number allowed.", likely, number=bid))


def digits_of(tr: Translator, n: int) -> str:
    return tr.digits(str(n))


@pytest.mark.parametrize("phone", [True, False], ids=["phone-320", "desktop"])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_deals_of_oh_hell_bid_and_played_by_clicking(oh_hell_pages, oh_hell, table, code, phone):
    """Three deals (one, two and three cards each) bid and played by clicking, beside the Python
    engine making the same moves: the hands, the bids shown, the bid buttons with the dealer's
    barred number refused with its reason, "Show me" for the bid and for a forced card, the legal
    cards, each player's bid, tricks and score, and the running totals all agree."""
    data, tr = oh_data(oh_hell_pages, code), words(code)
    messages, letters = data["messages"], data["terms"]["letters"]
    seats, seed = Table(OH_PLAYERS, 1), 11
    t = table(viewport={"width": 320, "height": 640}, **PHONE) if phone else table()
    page = t.page
    t.open((oh_hell_pages / f"oh-hell-{code}.html").as_uri() + f"#seed={seed}")
    rng, totals, refused = random.Random(seed), (0,) * OH_PLAYERS, 0
    for number in (1, 2, 3):
        deal = Deal(oh_hell, seats, (number - 1) % OH_PLAYERS, rng, number - 1)
        assert deal.phase == "bid-tricks"
        bid_by_you = False
        for _ in range(40):
            s = t.until_decision()
            if s["next"] or s["result"]:
                break
            assert s["overflow"] <= 0, f"{s['overflow']}px wider than the screen"
            to_learner(deal)
            assert sorted(s["cards"]) == sorted(str(c) for c in deal.hands[YOU])
            if deal.phase == "bid-tricks":
                assert said(s["prompt"]) == said(tr.npgettext(
                    "play", "Your bid: will you take this deal's one trick?",
                    "Your bid: how many of the {n} tricks of this deal will you take?", number, ))
                for seat, bid in deal.tricks_bid.items():  # the bids made so far, by each seat
                    assert messages["bid-tag"].replace("{number}", digits_of(tr, bid)) in seat_tags(page, seats, seat)
                buttons = page.evaluate(BID_BUTTONS)
                barred = barred_bid(deal)
                assert [b["text"] for b in buttons] == [digits_of(tr, n) for n in range(number + 1)]
                assert [n for n, b in enumerate(buttons) if b["barred"]] == ([] if barred is None else [barred])
                if barred is not None:
                    reason = barred_line(tr, number, barred)
                    assert said(page.inner_text(".tc-play__barred")) == reason
                    page.click(f".tc-play__actions [data-barred='{barred}']", force=True)  # aria-disabled
                    assert said(t.state()["note"]) == said(tr.pgettext("play", "You may not bid {number}.",
                                                                       number=barred)) + " " + reason
                    assert deal.phase == "bid-tricks" and page.query_selector(".tc-play__barred")
                    refused += 1
                page.click(".tc-play__show")
                advised = sensible_strategy(deal, random.Random(0))
                assert said(t.state()["note"]) == bid_advice(tr, deal, advised.tricks)
                assert page.inner_text(".tc-play__actions .tc-play--advised") == digits_of(tr, advised.tricks)
                choice = max(a.tricks for a in deal.legal_actions())  # rarely what "Show me" advises
                page.click(f".tc-play__actions [data-action]:text-is('{digits_of(tr, choice)}')")
                deal.apply(BidTricks(YOU, choice))
                bid_by_you = True
                continue
            if len(s["cards"]) == 1:  # the last card, and "Show me" says so
                page.click(".tc-play__show")
                assert said(t.state()["note"]) == said(messages["advice-last-card"].replace(
                    "{card}", face_of(deal.hands[YOU][0], letters)))
            legal = page.evaluate(HINT_THEN_LAST)
            assert set(legal) == {str(c) for c in legal_plays(deal.game, deal.trump, deal.trick, deal.hands[YOU]).legal}
            deal.apply(Play(YOU, Card.parse(legal[-1])))
        to_learner(deal)
        assert deal.is_terminal() and bid_by_you
        result = deal.result()
        assert isinstance(result, BidsResult)
        assert result.written == exact_bids_written(oh_hell.scoring, result.bids, result.tricks)
        totals = tuple(a + b for a, b in zip(totals, result.written, strict=True))
        s = t.state()
        assert [said(line) for line in s["result"]] == bid_lines(tr, result, totals)
        assert said(s["score"]) == " ".join(bid_lines(tr, result, totals)[OH_PLAYERS:])
        assert s["next"] and s["prompt"] == squash(messages["prompt-next"])
        page.click(".tc-play__next")
    assert refused == 1 and t.errors == []  # the learner deals the second deal, and one number is barred


def test_a_whole_game_of_oh_hell_as_show_me_advises_ends_as_the_python_game_does(oh_hell_pages, oh_hell, table):
    """Every bid and card as "Show me" advises, through all 25 deals: each deal's totals and the
    end (the winner, or a tie) are those of engine/bids.play_bidding_game."""
    data, tr = oh_data(oh_hell_pages, "en"), words("en")
    messages = data["messages"]
    seed = 4
    played = list(play_bidding_game(oh_hell, Table(OH_PLAYERS, 1), seed=seed, strategy="sensible"))
    assert len(played) == 25 and played[-1].over
    t = table()
    page = t.page
    t.open((oh_hell_pages / "oh-hell-en.html").as_uri() + f"#seed={seed}")
    for game_deal in played:
        for _ in range(60):
            s = t.until_decision()
            if s["next"] or s["result"]:
                break
            t.advised()
        s = t.state()
        assert isinstance(game_deal.result, BidsResult)
        lines = bid_lines(tr, game_deal.result, game_deal.totals)
        assert [said(line) for line in s["result"][:len(lines)]] == lines
        if not game_deal.over:
            page.click(".tc-play__next")
    winner = played[-1].winner
    assert s["result"][-1] == (messages["bids-tie"] if winner is None else messages["bids-won"] if winner == YOU
                               else messages["bids-winner"].replace("{player}", tr.term("name", NAMES[winner]).text))
    assert s["prompt"] == messages["prompt-game-over"] and not s["next"]
    assert page.inner_text(".tc-play__new") == messages["new-game"]
    assert t.errors == []


SEVEN = "oh-hell/play-seven.html"


@pytest.mark.parametrize("code", ["en", "fa"])
def test_seven_players_fit_a_phone_and_a_desktop_and_play_a_whole_game(built_site, table, games, code):
    """The largest table the seats have names for: seven players, the seventh named in the
    locale's own spelling. At every decision of a whole game played as "Show me" advises, on a
    phone, nothing is wider than the screen; at the largest hand (seven cards each), the hand and
    the seats fit a phone and a desktop in both palettes; the game ends as the Python game does."""
    ARTIFACTS.mkdir(exist_ok=True)
    data, tr = page_data(built_site, code, SEVEN), words(code)
    assert data["seating"] == {"players": 7, "teamSize": 1, "you": 1}
    assert data["terms"]["names"][6] == tr.pgettext("name", "Gulnara") != ""
    seed = 12
    played = list(play_bidding_game(games["oh-hell"], Table(7, 1), seed=seed, strategy="sensible"))
    assert [len(deal.result.bids) for deal in played] == [7] * 13
    t = table(viewport={"width": 320, "height": 640}, **PHONE)
    page = t.page
    t.open((built_site / code / SEVEN).as_uri() + f"#seed={seed}")
    shown = False
    for number, game_deal in enumerate(played, start=1):
        for _ in range(80):
            s = t.until_decision()
            assert s["overflow"] <= 0, f"deal {number}: {s['overflow']}px wider than the screen"
            if s["next"] or s["result"]:
                break
            if number == 7 and not shown and len(s["cards"]) == 7:
                names = squash(page.inner_text(".tc-play__seats"))
                assert all(squash(tr.term("name", NAMES[seat]).text) in names for seat in range(7) if seat != YOU)
                for width, height in ((320, 640), (1280, 800)):
                    page.set_viewport_size({"width": width, "height": height})
                    for scheme in SCHEMES:
                        page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
                        assert page.evaluate(HAND_FITS) == 0, f"{code} {width} {scheme}: a card is off the screen"
                        assert t.state()["overflow"] <= 0
                        shot = ARTIFACTS / f"play-seven-{code}-{width}-{scheme}.png"
                        page.screenshot(path=str(shot), full_page=True, animations="disabled")
                        assert shot.stat().st_size > 10_000
                page.set_viewport_size({"width": 320, "height": 640})
                shown = True
            t.advised()
        s = t.state()
        assert [said(line) for line in s["result"][:14]] == bid_lines(tr, game_deal.result, game_deal.totals)
        if not game_deal.over:
            page.click(".tc-play__next")
    assert shown and played[-1].over and s["prompt"] == data["messages"]["prompt-game-over"]
    assert t.errors == [] and [u for u in t.requests if not u.startswith("file://")] == []


# --- a game of avoiding tricks: passing, rules of play, penalty points (issue 31) --------------

HEARTS = "hearts/play.html"
PASS_ADVISED = """() => {
  const root = document.getElementById("tc-play");
  root.querySelector(".tc-play__show").click();
  const advised = [...root.querySelectorAll(".tc-play__hand .tc-play--advised")].map(b => b.dataset.card);
  advised.forEach(c => root.querySelector(`.tc-play__hand [data-card="${c}"]`).click());
  const pass = root.querySelector(".tc-play__actions [data-pass]");
  const ready = pass.getAttribute("aria-disabled") !== "true";
  const chosen = [...root.querySelectorAll(".tc-play__hand [aria-pressed=true]")].map(b => b.dataset.card);
  pass.click();
  return {advised, chosen, ready};
}"""


def penalty_lines(tr: Translator, result: PenaltyResult, totals: tuple[int, ...]) -> list[str]:
    """The end of a deal of penalty points as the page must say it: what each player took, a moon
    shot, then each running total."""
    lines = []
    for seat, taken in enumerate(result.taken):
        player = tr.term("name", NAMES[seat])
        if seat == YOU:
            lines.append(tr.npgettext("play", "You took {n} penalty point.", "You took {n} penalty points.", taken)
                         if taken else tr.pgettext("play", "You took no card that costs points."))
        else:
            lines.append(tr.npgettext("play", "{player} took {n} penalty point.", "{player} took {n} penalty points.",
                                      taken, player=player)
                         if taken else tr.pgettext("play", "{player} took no card that costs points.", player=player))
    if result.moon is not None:
        lines.append(tr.pgettext("play", "You took every card that costs points and shoot the moon: you write 0, and "
                                         "every other player {number}.", number=26) if result.moon == YOU else
                     tr.pgettext("play", "{player} took every card that costs points and shoots the moon: {player} "
                                         "writes 0, and every other player {number}.",
                                 player=tr.term("name", NAMES[result.moon]), number=26))
    return [said(line) for line in lines + total_lines(tr, totals)]


@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_whole_game_of_hearts_passed_and_played_as_show_me_advises(built_site, table, games, code):
    """On a phone, every deal of a game of Hearts, each pass and each card as "Show me" advises:
    the advised pass is the cards the Python player passes, the pass button opens only with three
    chosen, nothing is wider than the screen, and each deal ends with the Python game's penalty
    points, moon shot and totals, the last with the lowest total's win; screenshots of the pass
    and of a trick with hearts not yet broken, narrow and wide, in both palettes."""
    ARTIFACTS.mkdir(exist_ok=True)
    data, tr = page_data(built_site, code, HEARTS), words(code)
    messages = data["messages"]
    assert data["seating"] == {"players": 4, "teamSize": 1, "you": YOU}
    seed = 7
    played = list(play_penalty_game(games["hearts"], Table(4, 1), seed=seed, strategy="sensible"))
    assert played[-1].over and max(played[-1].totals) >= 100
    t = table(viewport={"width": 320, "height": 640}, **PHONE)
    page = t.page
    t.open((built_site / code / HEARTS).as_uri() + f"#seed={seed}")
    pictured = set()
    for number, game_deal in enumerate(played, start=1):
        passes = {e.seat: e.cards for e in game_deal.deal.log if isinstance(e, events.Passed)}
        passed = False
        for _ in range(80):
            s = t.until_decision()
            assert s["overflow"] <= 0, f"deal {number}: {s['overflow']}px wider than the screen"
            if s["next"] or s["result"]:
                break
            if page.query_selector(".tc-play__actions [data-pass]"):
                picture(t, code, "hearts-pass", pictured)
                chose = page.evaluate(PASS_ADVISED)
                assert sorted(chose["advised"]) == sorted(map(str, passes[YOU])) == sorted(chose["chosen"])
                assert chose["ready"]
                passed = True
                continue
            if page.query_selector(".tc-play__pack .tc-badge + .tc-badge"):
                picture(t, code, "hearts-trick", pictured)
            t.advised()
        assert passed == (YOU in passes), f"deal {number}: the learner's pass"
        s = t.state()
        lines = penalty_lines(tr, game_deal.result, game_deal.totals)
        assert [said(line) for line in s["result"][:len(lines)]] == lines
        if not game_deal.over:
            page.click(".tc-play__next")
    last = played[-1]
    winner = (tr.pgettext("play", "The lowest totals are equal: the players who share them share the game.")
              if last.winner is None else tr.pgettext("play", "You have the lowest total and win the game!")
              if last.winner == YOU else tr.pgettext("play", "{player} has the lowest total and wins the game.",
                                                     player=tr.term("name", NAMES[last.winner])))
    assert said(s["result"][-1]) == said(winner)
    assert s["prompt"] == squash(messages["prompt-game-over"]) and pictured == {"hearts-pass", "hearts-trick"}
    assert t.errors == [] and [u for u in t.requests if not u.startswith("file://")] == []


def picture(t: PlayPage, code: str, what: str, pictured: set) -> None:
    """Once per test, the play area at a phone's and a desktop's width in both palettes."""
    if what in pictured:
        return
    page = t.page
    for width, height in ((320, 640), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        for scheme in SCHEMES:
            page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
            assert page.evaluate(HAND_FITS) == 0, f"{code} {width} {scheme}: a card is off the screen"
            assert t.state()["overflow"] <= 0
            shot = ARTIFACTS / f"play-{what}-{code}-{width}-{scheme}.png"
            page.screenshot(path=str(shot), full_page=True, animations="disabled")
            assert shot.stat().st_size > 10_000
    page.set_viewport_size({"width": 320, "height": 640})
    page.evaluate("() => document.body.setAttribute('data-md-color-scheme', 'default')")
    pictured.add(what)


@pytest.mark.parametrize("code", ["en", "ru", "fa"])
def test_a_card_a_rule_of_play_refuses_is_refused_with_that_rule(built_site, table, games, code):
    """The first of the learner's turns in a game of Hearts (every move as "Show me" advises) at
    which a rule of play refuses a card: the learner plays that card, and the page refuses it
    with the reason Python gives (explain_legality at the trick's moment); the hint then marks
    exactly the cards the Python rules allow."""
    tr = words(code)
    letters = page_data(built_site, code, HEARTS)["terms"]["letters"]
    seed, rules = None, None
    for candidate in range(40):
        deal = Deal(games["hearts"], Table(4, 1), 0, random.Random(candidate), 0)
        turns = 0
        while not deal.is_terminal():
            if deal.to_move == YOU and deal.phase == "play":
                legality = legal_plays(deal.game, deal.trump, deal.trick, deal.hands[YOU], deal.moment)
                if set(legality.refused.values()) - DUTIES:
                    seed, rules = candidate, (legality, turns)
                    break
                turns += 1
            deal.apply(sensible_strategy(deal, random.Random(0)))
        if seed is not None:
            break
    assert seed is not None and rules is not None
    legality, turns = rules
    t = table(viewport={"width": 360, "height": 740}, **PHONE)
    page = t.page
    t.open((built_site / code / HEARTS).as_uri() + f"#seed={seed}")
    done = 0
    while True:
        s = t.until_decision()
        if page.query_selector(".tc-play__actions [data-pass]"):
            page.evaluate(PASS_ADVISED)
            continue
        if done == turns:
            break
        t.advised()
        done += 1
    refused = next(card for card, why in legality.refused.items() if why not in DUTIES)
    assert sorted(s["cards"]) == sorted(map(str, legality.legal + tuple(legality.refused)))
    page.click(f'.tc-play__hand [data-card="{refused}"]')
    note = said(t.state()["note"])
    assert note == said(tr.pgettext("play", "You may not play {card}.", card=face_of(refused, letters)) + " "
                        + explain_legality(legality, tr).replace(str(refused), face_of(refused, letters)))
    page.click(".tc-play__hint")
    hinted = t.state()
    assert {card for card, legal in zip(hinted["cards"], hinted["legal"]) if legal} == set(map(str, legality.legal))
    assert t.errors == []


# --- a race to the deal's target: marriages, the exchange, the closing (issue 31) ---------------

SIXTY_SIX = "sixty-six/play.html"


def race_lines(tr: Translator, result, totals: tuple[int, ...], target: int) -> list[str]:
    """The end of a deal of Sixty-six as the page must say it: each player's card points, who won
    the deal and how, the game points, then each running total."""
    lines = []
    for seat in range(2):
        lines.append(counted(tr, "You have no card points.", "You have {n} card point.", "You have {n} card points.",
                             result.points[seat]) if seat == YOU else
                     counted(tr, "{player} has no card points.", "{player} has {n} card point.",
                             "{player} has {n} card points.", result.points[seat], player=tr.term("name", NAMES[seat])))
    winner, you = result.winner, result.winner == YOU
    reason = {"target": ("{player} reaches {target} and wins the deal.", "You reach {target} and win the deal."),
              "closer-failed": ("The stock was closed by a player who did not reach {target} first: {player} wins "
                                "the deal.",
                                "The stock was closed by a player who did not reach {target} first: you win the "
                                "deal."),
              "last-trick": ("Nobody reached {target}, and {player} took the last trick: {player} wins the deal.",
                             "Nobody reached {target}, and you took the last trick: you win the deal.")}
    lines.append(tr.pgettext("play", reason[result.reason.value][you], player=tr.term("name", NAMES[winner]),
                             target=target))
    n = result.written[winner]
    lines.append(tr.npgettext("play", "You score {n} game point.", "You score {n} game points.", n) if you else
                 tr.npgettext("play", "{player} scores {n} game point.", "{player} scores {n} game points.", n,
                              player=tr.term("name", NAMES[winner])))
    return [said(line) for line in lines + total_lines(tr, totals)]


@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_whole_game_of_sixty_six_as_show_me_advises(built_site, table, games, code):
    """On a phone, a whole game of Sixty-six, every lead's marriage, exchange or closing and every
    card as "Show me" advises: each deal ends with the Python game's card points, winner, reason,
    game points and totals; nothing is wider than the screen; screenshots of a lead with its
    buttons, narrow and wide, in both palettes."""
    ARTIFACTS.mkdir(exist_ok=True)
    data, tr = page_data(built_site, code, SIXTY_SIX), words(code)
    assert data["seating"] == {"players": 2, "teamSize": 1, "you": YOU}
    seed = 5
    played = list(play_race_game(games["sixty-six"], Table(2, 1), seed=seed, strategy="sensible"))
    assert played[-1].over
    t = table(viewport={"width": 320, "height": 640}, **PHONE)
    page = t.page
    t.open((built_site / code / SIXTY_SIX).as_uri() + f"#seed={seed}")
    pictured: set = set()
    for number, game_deal in enumerate(played, start=1):
        for _ in range(80):
            s = t.until_decision()
            assert s["overflow"] <= 0, f"deal {number}: {s['overflow']}px wider than the screen"
            if s["next"] or s["result"]:
                break
            if s["actions"]:
                picture(t, code, "sixty-six-lead", pictured)
            t.advised()
        s = t.state()
        lines = race_lines(tr, game_deal.result, game_deal.totals, 66)
        assert [said(line) for line in s["result"][:len(lines)]] == lines, f"deal {number}"
        if not game_deal.over:
            page.click(".tc-play__next")
    assert s["prompt"] == squash(data["messages"]["prompt-game-over"]) and pictured == {"sixty-six-lead"}
    assert t.errors == [] and [u for u in t.requests if not u.startswith("file://")] == []


# --- cards named in the form each sentence asks (issue 32) --------------------------------------

SPOKEN = re.compile(r'<span[^>]*role="img"[^>]*aria-label="([^"]*)"[^>]*>.*?</span>')


def spoken(html: str) -> str:
    """A sentence as the page's live region says it: each card by its name in its form."""
    return squash(re.sub(r"<[^>]+>", "", SPOKEN.sub(r"\1", html)))


@pytest.mark.parametrize("code", ["ru", "fr", "es"])
def test_the_announcement_of_a_card_played_names_it_in_the_form_its_sentence_asks(built_site, table, code):
    """«Вы кладёте даму пик», «Vous jouez la dame de pique», not the card's bare name: the
    announcement is the Python sentence with each card read in its form."""
    data = page_data(built_site, code, "whist/play.html")
    tr = Translator.load(ROOT / "locales", code)
    t = table()
    t.open((built_site / code / "whist/play.html").as_uri() + address(data, 5))
    s = t.until_decision()
    card = next(c for c, legal in zip(s["cards"], s["open"]) if legal)
    t.page.click(f'.tc-play__hand [data-card="{card}"]')
    said = squash(t.page.inner_text(".tc-play__live"))  # said at once; the computer players move later
    sentence = spoken(inline(tr.pgettext("play", "You play {card}.", card=Card.parse(card)), tr))
    assert sentence in said
    form = re.search(r"\{\{GRAMMAR:(\w+)\|\{card\}\}\}", data["messages"]["you-play"])
    assert form, data["messages"]["you-play"]
    assert card_term(Card.parse(card), tr).form(form[1]) in sentence != card_term(Card.parse(card), tr).text
