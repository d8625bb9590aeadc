"""Saved drill progress in a real browser (issue 18, item 7): a reload never loses an answer nor
counts it twice, a failed load of a drill's further questions keeps the saved place and offers
to try again, and a drill ends with a summary and a way to start it again.

Playwright drives Debian's chromium against the built site, over http and from disk, in English
and in Persian (right to left, Persian digits).
"""

from __future__ import annotations

import json
import re
import shutil

import pytest
from test_drills_browser import (  # noqa: F401  (fixtures)
    ARTIFACTS,
    AXE,
    PRACTICE,
    TRICK,
    answers,
    first_step,
    panel,
    texts,
    watched,
)
from test_site import site  # noqa: F401  (the site, built once for the run)

TRICK_KEY = "albastini/who-takes-the-trick"
QUESTIONS = 30
"""Questions of the trick drill: one on the page, the others in its script under drills/."""
FAILED = ("The next questions could not be loaded. Check your connection, then press Next to try again.")


def opened(w, site, server, code: str, how: str, page: str = PRACTICE):
    w.seen = errors(w.page)
    w.page.goto(f"{server}/{code}/{page}" if how == "http" else (site / code / page).as_uri())
    return w.page


def errors(page) -> list[str]:
    """Console errors (with the address they are about) and uncaught exceptions from here on, but
    for the sitemap Material asks for, which a page opened from disk may not read (it is not the
    drills' doing)."""
    seen: list[str] = []
    page.on("console", lambda m: m.type == "error" and "sitemap.xml" not in m.text + m.location.get("url", "")
            and seen.append(f"{m.text} {m.location.get('url', '')}"))
    page.on("pageerror", lambda e: seen.append(str(e)))
    return seen


def stored(page, code: str, key: str = TRICK_KEY):
    return json.loads(page.evaluate(f"localStorage.getItem('tutorial-drill:{code}:{key}')") or "null")


def store(page, code: str, state: dict, key: str = TRICK_KEY) -> None:
    page.evaluate("([key, state]) => localStorage.setItem(key, JSON.stringify(state))",
                  [f"tutorial-drill:{code}:{key}", state])


def state(variant: int, step: int = 0, right: int = 0, attempted: int = 0, missed=()) -> dict:
    return {"variant": variant, "step": step, "right": right, "attempted": attempted, "streak": 0,
            "given": None, "missed": [list(m) for m in missed], "finished": False}


def score(tr, right: int, attempted: int) -> str:
    return tr.pgettext("drill", "Score: {score} / {total}", score=right, total=attempted)


def question(tr, number: int, total: int = QUESTIONS, context: str = "drill") -> str:
    return tr.pgettext(context, "Question {number} of {total}", number=number, total=total)


def visible_text(locator) -> str:
    return " ".join(locator.inner_text().split())


@pytest.mark.parametrize("how", ["http", "file"])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_reload_after_answering_shows_the_answer_and_counts_it_once(site, server, watched, code, how):
    w = watched()
    page, words = opened(w, site, server, code, how), texts(code)
    tr, box = words["tr"], panel(page)
    steps = first_step(page)
    wrong = next(v for v in steps[0]["options"] if v not in steps[0]["answer"])
    box.locator(f'.tc-drill__option[data-value="{wrong}"]').click()
    box.locator(".tc-drill__check").click()

    for _ in range(2):  # a reload, then another: the wrong answer stays answered and counted once
        page.reload()
        box = panel(page)
        assert box.get_attribute("data-state") == "wrong"
        assert box.locator(".tc-drill__count").inner_text() == question(tr, 1)
        assert box.locator(".tc-drill__score").inner_text() == score(tr, 0, 1)
        live = visible_text(box.locator(".tc-drill__live"))
        assert live.startswith("✗ " + words["wrong"]) and steps[0]["feedback"] in live
        picked = box.locator(f'.tc-drill__option[data-value="{wrong}"]')
        assert picked.get_attribute("aria-pressed") == "true" and picked.is_disabled()
        assert "tc-drill__option--wrong" in picked.get_attribute("class")
        assert box.locator(".tc-drill__option:not([disabled])").count() == 0
        assert box.locator(".tc-drill__check").is_hidden() and box.locator(".tc-drill__next").is_visible()
    assert stored(page, code)["attempted"] == 1 and stored(page, code)["missed"] == [[0, 0]]

    box.locator(".tc-drill__next").click()
    page.reload()  # past Next: the next step, not yet answered
    box = panel(page)
    assert box.get_attribute("data-state") == "ask"
    assert box.locator(".tc-drill__input").input_value() == ""
    box.locator(".tc-drill__input").fill(tr.digits(str(steps[1]["answer"])))
    box.locator(".tc-drill__check").click()
    page.reload()
    box = panel(page)
    assert box.get_attribute("data-state") == "right"
    field = box.locator(".tc-drill__input")
    assert field.input_value() == tr.digits(str(steps[1]["answer"])) and field.get_attribute("readonly") is not None
    assert visible_text(box.locator(".tc-drill__live")).startswith("✓ " + words["right"])
    assert box.locator(".tc-drill__score").inner_text() == score(tr, 1, 2)
    field.press("Enter")  # checking again counts nothing
    assert box.locator(".tc-drill__score").inner_text() == score(tr, 1, 2)
    if code == "fa":
        assert re.search(r"[0-9]", box.locator(".tc-drill__score").inner_text()) is None
    assert w.seen == []


@pytest.mark.parametrize("how", ["http", "file"])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_last_answer_leads_to_a_summary_and_start_again_resets_this_drill_only(
        site, server, watched, code, how):
    w = watched()
    page, words = opened(w, site, server, code, how), texts(code)
    tr = words["tr"]
    other = {"variant": 0, "step": 0, "right": 1, "attempted": 1, "streak": 1}
    store(page, code, other, key="albastini/card-values")
    # Five steps answered before, two of them wrongly; now the last question (two steps).
    store(page, code, state(QUESTIONS - 1, right=3, attempted=5, missed=[(2, 1), (7, 0)]))
    page.reload()
    box = panel(page)
    assert box.locator(".tc-drill__count").inner_text() == question(tr, QUESTIONS)
    last = answers(site, code, "who-takes-the-trick")[QUESTIONS - 1]
    box.locator(f'.tc-drill__option[data-value="{last[0]}"]').click()
    box.locator(".tc-drill__check").click()
    box.locator(".tc-drill__next").click()
    box.locator(".tc-drill__input").fill(tr.digits("999"))
    box.locator(".tc-drill__check").click()
    box.locator(".tc-drill__next").click()

    summary = box.locator(".tc-drill__summary")
    for reloaded in (False, True):  # the summary is where a reload comes back to
        assert box.get_attribute("data-state") == "done"
        assert summary.is_visible() and box.locator(".tc-drill__check, .tc-drill__next, .tc-drill__foot").evaluate_all(
            "els => els.every(e => e.offsetParent === null)")
        finished = tr.pgettext("drill", "You have answered every question.")
        if not reloaded:  # focused, and named by its first line, so that a screen reader says it
            assert page.get_by_role("region", name=finished).evaluate("s => s === document.activeElement")
        assert summary.locator(".tc-drill__finished").inner_text() == finished
        final = summary.locator(".tc-drill__final").inner_text()
        assert final == tr.pgettext("drill", "Your score: {score} out of {total}.", score=4, total=7)
        if code == "fa":
            assert "۴" in final and "۷" in final and re.search(r"[0-9]", final) is None
        assert summary.locator(".tc-drill__reviewtitle").inner_text() == tr.pgettext(
            "drill", "Questions to look at again:")
        points = tr.pgettext("drill", "How many points is the trick worth?")
        who = tr.pgettext("drill", "Who takes the trick?")
        step = lambda n: tr.pgettext("drill", "Step {number} of {total}", number=n, total=2)
        assert [visible_text(li) for li in summary.locator(".tc-drill__review > li").all()] == [
            f"{question(tr, 3)} {step(2)} {points}", f"{question(tr, 8)} {step(1)} {who}",
            f"{question(tr, QUESTIONS)} {step(2)} {points}"]
        assert stored(page, code)["finished"] is True and stored(page, code)["attempted"] == 7
        if not reloaded:
            page.reload()
            box = panel(page)
            summary = box.locator(".tc-drill__summary")

    again = summary.locator(".tc-drill__restart")
    assert again.inner_text() == tr.pgettext("drill", "Start again")
    again.click()
    assert summary.is_hidden() and box.get_attribute("data-state") == "ask"
    assert box.locator(".tc-drill__count").inner_text() == question(tr, 1)
    assert box.locator(".tc-drill__score").inner_text() == score(tr, 0, 0)
    assert box.locator(".tc-drill__live").inner_text() == tr.pgettext("drill", "Your progress has been cleared.")
    assert box.locator(".tc-drill__option").first.evaluate("o => o === document.activeElement")
    assert stored(page, code) is None
    assert stored(page, code, key="albastini/card-values") == other
    page.reload()
    assert panel(page).locator(".tc-drill__count").inner_text() == question(tr, 1)
    assert w.seen == []


def isolated(site, tmp_path, code: str):
    """A copy of a locale whose further-questions scripts are gone: loading them fails from disk."""
    copy = tmp_path / code
    shutil.copytree(site / code, copy)
    shutil.rmtree(copy / "albastini" / "drills")
    return copy


@pytest.mark.parametrize("how", ["http", "file"])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_failed_load_keeps_the_saved_progress_and_next_tries_again(site, server, watched, tmp_path, code, how):
    """Progress saved at question 6: the page holds only question 1 and the script with the
    others does not load. The place and the counts stay; Next tries again and gets there."""
    w = watched()
    page, tr = w.page, texts(code)["tr"]
    seen = errors(page)
    if how == "http":
        page.route("**/drills/*.js", lambda route: route.abort())
        url = f"{server}/{code}/{PRACTICE}"
    else:
        url = (isolated(site, tmp_path, code) / PRACTICE).as_uri()
    page.goto(url)
    saved = state(5, step=1, right=5, attempted=9, missed=[(1, 0), (3, 1), (4, 1), (4, 0)])
    store(page, code, saved)
    page.reload()
    box = panel(page)
    live = box.locator(".tc-drill__live")
    live.get_by_text(tr.pgettext("drill", FAILED)).wait_for()
    assert box.locator(".tc-drill__count").inner_text() == question(tr, 6)
    assert box.locator(".tc-drill__score").inner_text() == score(tr, 5, 9)
    assert box.locator(".tc-drill__next").is_visible()
    assert box.locator(".tc-drill__next").inner_text() == tr.pgettext("drill", "Next")
    assert box.locator(".tc-drill__check").is_hidden() and box.locator(".tc-drill__option").count() == 0
    assert stored(page, code) == saved
    box.locator(".tc-drill__next").click()  # still failing: still nothing lost
    live.get_by_text(tr.pgettext("drill", FAILED)).wait_for()
    assert stored(page, code) == saved
    assert box.locator(".tc-drill__count").inner_text() == question(tr, 6)

    if how == "http":  # the connection is back: Next brings question 6, step 2
        page.unroute("**/drills/*.js")
        box.locator(".tc-drill__next").click()
        box.locator(".tc-drill__input").wait_for()
        assert box.locator(".tc-drill__count").inner_text() == question(tr, 6)
        assert box.locator(".tc-drill__stepcount").inner_text() == tr.pgettext(
            "drill", "Step {number} of {total}", number=2, total=2)
        assert box.locator(".tc-drill__score").inner_text() == score(tr, 5, 9)
        assert tr.pgettext("drill", FAILED) not in live.inner_text()
        assert stored(page, code) == saved
    # Only the refused script itself, reported by the browser: nothing from drills.js.
    assert seen and [e for e in seen if not re.fullmatch(
        r"Failed to load resource: net::ERR_(FAILED|FILE_NOT_FOUND) \S+/drills/who-takes-the-trick\.\w+\.js", e)] == []


@pytest.mark.parametrize("code", ["en", "fa"])
@pytest.mark.parametrize("path", ["albastini/walkthrough.html", "altbaumer/walkthrough.html"])
def test_a_walkthrough_ends_with_its_summary(server, watched, code, path):
    """The walkthrough is a drill of moments: its last answer leads to the same summary."""
    w = watched()
    page, words = w.page, texts(code)
    tr = words["tr"]
    page.goto(f"{server}/{code}/{path}")
    section = page.locator(".tc-drill--walkthrough").first
    key, anchor = section.get_attribute("data-drill"), "#" + section.get_attribute("id")
    moments = page.eval_on_selector_all(
        f"{anchor} .tc-drill__variant",
        "vs => vs.map(v => [...v.querySelectorAll('.tc-drill__step')].map(s => ({type: s.dataset.type,"
        " answer: JSON.parse(s.dataset.answer)})))")
    store(page, code, state(len(moments) - 1, right=2, attempted=2), key=key)
    page.reload()
    box = panel(page, anchor)
    assert box.locator(".tc-drill__count").inner_text() == tr.pgettext(
        "walkthrough", "Moment {number} of {total}", number=len(moments), total=len(moments))
    for step in moments[-1]:
        if step["type"] == "number":
            box.locator(".tc-drill__input").fill(str(step["answer"]))
        else:
            for value in step["answer"]:
                box.locator(f'.tc-drill__option[data-value="{value}"]').click()
        box.locator(".tc-drill__check").click()
        box.locator(".tc-drill__next").click()
    answered = 2 + len(moments[-1])
    summary = box.locator(".tc-drill__summary")
    assert summary.locator(".tc-drill__final").inner_text() == tr.pgettext(
        "drill", "Your score: {score} out of {total}.", score=answered, total=answered)
    assert summary.locator(".tc-drill__reviewtitle").inner_text() == tr.pgettext("drill", "Every answer was right.")
    assert summary.locator(".tc-drill__review").count() == 0
    summary.locator(".tc-drill__restart").click()
    assert box.locator(".tc-drill__count").inner_text() == tr.pgettext(
        "walkthrough", "Moment {number} of {total}", number=1, total=len(moments))
    assert w.errors == []


@pytest.mark.parametrize("width", [320, 375, 1280])
@pytest.mark.parametrize("scheme", ["default", "slate"])
@pytest.mark.parametrize("code", ["en", "ru", "fa"])
def test_the_summary_fits_and_reads_well(server, watched, code, scheme, width):
    w = watched(viewport={"width": width, "height": 800})
    page = w.page
    page.goto(f"{server}/{code}/{PRACTICE}")
    store(page, code, state(QUESTIONS - 1, right=20, attempted=58, missed=[(k, 1) for k in range(QUESTIONS - 1)]) | {
        "finished": True})
    page.reload()
    if scheme == "slate":
        page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
    box = panel(page)
    summary = box.locator(".tc-drill__summary")
    summary.locator(".tc-drill__review > li:nth-child(29) .tc-drill__reviewask").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    inside = summary.evaluate("""s => { const p = s.closest('.tc-drill__panel').getBoundingClientRect();
        return [...s.querySelectorAll('*')].every(e => { const r = e.getBoundingClientRect();
          return r.left >= p.left - 0.5 && r.right <= p.right + 0.5; }); }""")
    assert inside
    if code == "fa":
        assert summary.evaluate("s => getComputedStyle(s).direction") == "rtl"
    if AXE.exists():
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("async () => (await axe.run('.tc-drill__summary', {resultTypes: ['violations']}))"
                               ".violations.map(v => v.id + ': ' + v.impact)")
        assert result == []
    ARTIFACTS.mkdir(exist_ok=True)
    summary.screenshot(path=str(ARTIFACTS / f"drill-summary-{code}-{scheme}-{width}.png"))
    assert w.errors == []


@pytest.mark.parametrize("how", ["http", "file"])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_an_answer_saved_among_the_further_questions_counts_once_after_a_failed_load(
        site, server, watched, tmp_path, code, how):
    """Question 6 was answered, then the page reloads and its script does not load. Next tries
    again and fails; once the script is back, Next shows question 6 answered as before, and
    counted once: trying again in place keeps the answer given."""
    w = watched()
    page, words = w.page, texts(code)
    tr = words["tr"]
    seen = errors(page)
    right = answers(site, code, "who-takes-the-trick")[5]
    if how == "http":
        page.route("**/drills/*.js", lambda route: route.abort())
        url = f"{server}/{code}/{PRACTICE}"
    else:
        copy = isolated(site, tmp_path, code)
        url = (copy / PRACTICE).as_uri()
    page.goto(url)
    saved = state(5, right=6, attempted=10, missed=[(1, 0), (3, 1), (4, 1), (4, 0)]) | {"given": right}
    store(page, code, saved)
    page.reload()
    box = panel(page)
    live = box.locator(".tc-drill__live")
    live.get_by_text(tr.pgettext("drill", FAILED)).wait_for()
    box.locator(".tc-drill__next").click()  # still failing
    live.get_by_text(tr.pgettext("drill", FAILED)).wait_for()
    assert stored(page, code) == saved

    if how == "http":
        page.unroute("**/drills/*.js")
    else:
        shutil.copytree(site / code / "albastini" / "drills", copy / "albastini" / "drills")
    box.locator(".tc-drill__next").click()
    box.locator(".tc-drill__option").first.wait_for()
    assert box.get_attribute("data-state") == "right"
    assert box.locator(".tc-drill__count").inner_text() == question(tr, 6)
    assert visible_text(live).startswith("✓ " + words["right"])
    assert box.locator(".tc-drill__option:not([disabled])").count() == 0
    assert box.locator('.tc-drill__option[aria-pressed="true"]').evaluate_all(
        "os => os.map(o => o.dataset.value)") == right
    assert box.locator(".tc-drill__check").is_hidden() and box.locator(".tc-drill__next").is_visible()
    assert box.locator(".tc-drill__next").evaluate("n => n === document.activeElement")
    assert box.locator(".tc-drill__score").inner_text() == score(tr, 6, 10)
    assert stored(page, code) == saved
    box.locator(".tc-drill__next").click()  # on to its second step, nothing counted on the way
    assert box.locator(".tc-drill__stepcount").inner_text() == tr.pgettext(
        "drill", "Step {number} of {total}", number=2, total=2)
    assert box.get_attribute("data-state") == "ask"
    assert box.locator(".tc-drill__score").inner_text() == score(tr, 6, 10)
    assert stored(page, code) == saved | {"step": 1, "given": None}
    assert [e for e in seen if not re.fullmatch(
        r"Failed to load resource: net::ERR_(FAILED|FILE_NOT_FOUND) \S+/drills/who-takes-the-trick\.\w+\.js", e)] == []


@pytest.mark.parametrize("code", ["en", "fa"])
def test_starting_again_before_the_further_questions_arrive_keeps_question_1(site, server, watched, code):
    """A finished drill whose summary names a question from the further questions' script; the
    learner starts again before that script arrives. Its arrival must not bring the summary back."""
    w = watched()
    page, tr = w.page, texts(code)["tr"]
    held = []
    page.goto(f"{server}/{code}/{PRACTICE}")
    store(page, code, state(QUESTIONS - 1, step=1, right=5, attempted=6, missed=[(7, 0)]) | {"finished": True})
    page.route("**/drills/who-takes-the-trick.*.js", lambda route: held.append(route))  # until released below
    page.reload(wait_until="domcontentloaded")  # the held script holds back the load event
    box = panel(page)
    box.locator(".tc-drill__summary .tc-drill__restart").click()
    assert box.get_attribute("data-state") == "ask"
    while not held:
        page.wait_for_timeout(50)
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_function(f"document.querySelectorAll('{TRICK} .tc-drill__variant').length === {QUESTIONS}")
    assert box.get_attribute("data-state") == "ask" and box.locator(".tc-drill__summary").is_hidden()
    assert box.locator(".tc-drill__count").inner_text() == question(tr, 1)
    assert box.locator(".tc-drill__score").inner_text() == score(tr, 0, 0)
    assert box.locator(".tc-drill__option").first.is_visible()
    assert w.errors == []


@pytest.mark.parametrize("how", ["http", "file"])
@pytest.mark.parametrize("code", ["en", "fa"])
@pytest.mark.parametrize("missed", [None, [], [(0, 1)]], ids=["older-build", "emptied", "shortened"])
def test_a_summary_from_older_progress_never_calls_wrong_answers_right(site, server, watched, code, how, missed):
    """A finished drill, 3 right of 5, saved with no `missed` (an older build), an empty one or
    one shorter than the wrong answers: no "every answer was right", and only the list on record."""
    w = watched()
    page, tr = opened(w, site, server, code, how), texts(code)["tr"]
    saved = state(QUESTIONS - 1, step=1, right=3, attempted=5) | {"finished": True}
    if missed is None:
        del saved["missed"]
    else:
        saved["missed"] = [list(m) for m in missed]
    store(page, code, saved)
    page.reload()
    summary = panel(page).locator(".tc-drill__summary")
    assert summary.locator(".tc-drill__final").inner_text() == tr.pgettext(
        "drill", "Your score: {score} out of {total}.", score=3, total=5)
    assert tr.pgettext("drill", "Every answer was right.") not in summary.inner_text()
    if missed:
        assert summary.locator(".tc-drill__reviewtitle").inner_text() == tr.pgettext(
            "drill", "Questions to look at again:")
        step = tr.pgettext("drill", "Step {number} of {total}", number=2, total=2)
        assert [visible_text(li) for li in summary.locator(".tc-drill__review > li").all()] == [
            f"{question(tr, 1)} {step} {tr.pgettext('drill', 'How many points is the trick worth?')}"]
    else:
        assert summary.locator(".tc-drill__reviewtitle, .tc-drill__review").count() == 0
    assert [line.strip() for line in summary.inner_text().splitlines() if line.strip()][:2] == [
        tr.pgettext("drill", "You have answered every question."),
        tr.pgettext("drill", "Your score: {score} out of {total}.", score=3, total=5)]
    assert w.seen == []


UNREADABLE = [
    "5", "[]", "null", "not JSON", '"text"', "{}",
    '{"variant":"<img src=x onerror=alert(1)>","step":0,"right":0,"attempted":0,"streak":0,"given":null,'
    '"missed":[],"finished":false}',
    '{"variant":0,"step":0,"right":3,"attempted":1,"streak":0,"given":null,"missed":[],"finished":false}',
    '{"variant":0,"step":0,"right":0,"attempted":0,"streak":0,"given":{"html":"<b>"},"missed":[],"finished":false}',
    '{"variant":0,"step":0,"right":0,"attempted":0,"streak":0,"given":null,"missed":[["x",1]],"finished":false}',
    '{"variant":0,"step":0,"right":0,"attempted":0,"streak":0,"given":null,"missed":[],"finished":"yes"}',
    '{"variant":0,"step":0,"right":0,"attempted":0,"streak":0,"given":null,"missed":[],"finished":false,"x":1}',
]
"""What a browser may hold under a drill's key, by a bug or a hostile hand; a readable state of an
older build (no `missed`) is another matter (test_a_summary_from_older_progress_…)."""


@pytest.mark.parametrize("kept", UNREADABLE)
def test_unreadable_progress_is_forgotten_and_said_once(site, server, watched, kept):
    """Issue 29: a drill reads what another visit kept against the shape it writes; anything else
    is forgotten, the drill starts at its first question, nothing in it runs, and the learner is
    told once, in the page's language."""
    w = watched()
    code, tr = "fa", texts("fa")["tr"]
    page = opened(w, site, server, code, "http")
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [f"tutorial-drill:{code}:{TRICK_KEY}", kept])
    page.reload()
    note = panel(page).locator(".tc-drill__unreadable")
    assert note.is_visible() and visible_text(note) == " ".join(tr.pgettext(
        "drill", "Your saved progress in this drill could not be read, so the drill starts again.").split())
    assert note.get_attribute("role") == "status"
    assert visible_text(panel(page).locator(".tc-drill__count")) == question(tr, 1)
    assert stored(page, code) is None and panel(page).locator("img").count() == 0
    page.reload()  # told once: what could not be read is gone
    assert panel(page).locator(".tc-drill__unreadable").count() == 0
    assert dialogs == [] and w.seen == []
