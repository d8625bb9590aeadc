/* Quiz drills: one question at a time, on top of the static list the site renders.
 *
 * The server renders <section class="tc-drill"> with its variants, steps, options and answers
 * (answers inside <details>), readable without JavaScript. This script hides that list and
 * builds an interactive panel beside it. It knows no game rule: it only compares what the
 * learner gave with data-answer, and shows the engine's own feedback HTML.
 * A practice page holds the first variant of a drill; data-more names a script with the
 * others (data-total in all), which calls tcDrillMore(drill, html) with their list items. It is
 * loaded once the learner has answered (so that Next is instant) or needs a later variant:
 * a script element, since fetch() is refused to pages opened from disk.
 *
 * Panel (classes are the public surface for CSS and tests):
 *   div.tc-drill__panel[data-type][data-state=ask|right|wrong]
 *     div.tc-drill__head > p.tc-drill__progress > span.tc-drill__count, span.tc-drill__stepcount
 *                        > p.tc-drill__stats   > span.tc-drill__score, span.tc-drill__streak
 *     div.tc-drill__prompt                      (clone of the variant's prompt)
 *     p.tc-drill__question, p.tc-drill__hint
 *     div.tc-drill__area, holding either (choice, multi)
 *       div.tc-drill__options[role=group][data-type] > button.tc-drill__option[data-value][aria-pressed]
 *         > span.tc-drill__mark, span.tc-drill__body     (+ .tc-drill__option--correct / --wrong)
 *     or (number) div.tc-drill__field > label.tc-drill__label, input.tc-drill__input
 *     button.tc-drill__check
 *     div.tc-drill__live[role=status] > p.tc-drill__verdict--right|--wrong|--error, div.tc-drill__feedback
 *     button.tc-drill__next
 *     div.tc-drill__summary[role=region][tabindex=-1] (data-state=done, once every question is answered;
 *                                                named by its first line)
 *       > p.tc-drill__finished, p.tc-drill__final, p.tc-drill__reviewtitle (none if answers were
 *         wrong but none of them is on record),
 *         ul.tc-drill__review > li > p.tc-drill__progress > span.tc-drill__reviewwhere (1 or 2),
 *                                    p.tc-drill__reviewask,
 *         button.tc-drill__restart
 *     div.tc-drill__foot > button.tc-drill__reset
 * The section gets data-drill-ready and its .tc-drill__variants list gets hidden.
 * Every word comes from the section's data-text (render/drills.py), in the page's language.
 * Progress is kept in localStorage under "tutorial-drill:<locale>:<drill>": the place, the counts,
 * the answer given to the current step (so a reload shows it answered, and it counts once), the
 * steps answered wrongly and whether the drill is finished. It is never rewound by a failed load.
 * Two globals: tcDrillSetup and tcDrillMore.
 */
(function () {
  "use strict";

  var uid = 0; // makes ids unique when several drills share a page
  var arriving = {}; // drill → what to do with its further variants, while their script loads

  function json(s, fallback) {
    try { return JSON.parse(s); } catch (e) { return fallback; }
  }

  /**
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {string} [cls]
   * @param {string | null} [text]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  // Deep copies of `from`'s children into `to`, without ids (they would repeat on the page).
  function copy(from, to) {
    to.textContent = "";
    if (!from) return to;
    [].forEach.call(from.childNodes, function (/** @type {Node} */ n) { to.appendChild(n.cloneNode(true)); });
    [].forEach.call(to.querySelectorAll("[id]"), function (/** @type {Element} */ n) { n.removeAttribute("id"); });
    return to;
  }

  // localStorage may throw (file://, private mode, quota): then progress lives in memory only.
  var store = {
    // undefined when nothing is kept; what does not parse as JSON gives NaN, which no shape reads
    get: function (k) {
      var raw = null;
      try { raw = localStorage.getItem(k); } catch (e) { /* nothing kept in this browser */ }
      return raw === null ? undefined : json(raw, NaN);
    },
    set: function (k, v) { try { localStorage.setItem(k, JSON.stringify(v)); } catch (e) {} },
    del: function (k) { try { localStorage.removeItem(k); } catch (e) {} }
  };

  /* An integer typed in Western, Persian (U+06F0-9) or Arabic-Indic (U+0660-9) digits, with an
   * optional leading "-" or "−" (U+2212), which a bidi mark (LRM, RLM or ALM, as Intl writes
   * them in RTL locales) may precede. Anything else gives null. */
  function parseNumber(raw) {
    var s = String(raw == null ? "" : raw).trim().replace(/[\u06F0-\u06F9\u0660-\u0669]/g, function (c) {
      var code = c.charCodeAt(0);
      return String(code - (code >= 0x6F0 ? 0x6F0 : 0x660));
    });
    var m = /^(?:[\u200E\u200F\u061C]?([-\u2212]))?(\d+)$/.exec(s);
    if (!m) return null;
    var n = parseInt(m[2], 10);
    return m[1] ? -n : n;
  }

  // data-answer: a JSON array of option values, or a single value (the number steps).
  function answers(step) {
    var raw = step.getAttribute("data-answer");
    var a = json(raw, raw);
    return (Array.isArray(a) ? a : [a]).map(String);
  }

  // A whole number in [0, max), else 0: stored progress is untrusted (the drill may have changed).
  function index(x, max) {
    return typeof x === "number" && x >= 0 && x < max && x % 1 === 0 ? x : 0;
  }

  /* Whether what another visit kept has the shape this script writes (fresh() in setup): its
   * counts, whole and adding up, and no key it does not write; the answer given (text), the wrong
   * answers (pairs of places) and whether it is finished may be missing, as older builds kept
   * them, but not of another kind. Whether its places are still in the drill is for restore(). */
  var COUNTS = ["attempted", "right", "step", "streak", "variant"], OPTIONAL = ["finished", "given", "missed"];
  function whole(x) { return typeof x === "number" && x >= 0 && x <= 1e6 && x % 1 === 0; }
  function text(x) { return typeof x === "string" && x.length <= 200; }
  function place(m) { return Array.isArray(m) && m.length === 2 && whole(m[0]) && whole(m[1]); }
  function readable(s) {
    if (!s || typeof s !== "object" || Array.isArray(s)) return false;
    var keys = Object.keys(s);
    if (!keys.every(function (k) { return COUNTS.indexOf(k) >= 0 || OPTIONAL.indexOf(k) >= 0; })) return false;
    if (!COUNTS.every(function (k) { return whole(s[k]); }) || s.right > s.attempted || s.streak > s.right) return false;
    if ("finished" in s && typeof s.finished !== "boolean") return false;
    if ("given" in s && !(s.given === null || text(s.given)
        || Array.isArray(s.given) && s.given.length <= 64 && s.given.every(text))) return false;
    return !("missed" in s) || Array.isArray(s.missed) && s.missed.length <= 10000 && s.missed.every(place);
  }

  /**
   * The variants among `items` that have steps to ask.
   * @returns {{prompt: Element | null, steps: Element[]}[]}
   */
  function variantsOf(items) {
    return [].filter.call(items, function (/** @type {Element} */ li) {
      return li.classList.contains("tc-drill__variant");
    }).map(function (/** @type {Element} */ li) {
      return { prompt: li.querySelector(".tc-drill__prompt"), steps: [].slice.call(li.querySelectorAll(".tc-drill__step")) };
    }).filter(function (v) { return v.steps.length; });
  }

  function setup(sec) {
    if (sec.hasAttribute("data-drill-ready")) return;
    var list = sec.querySelector(".tc-drill__variants");
    if (!list) return;
    var variants = variantsOf(list.children);
    if (!variants.length) return; // nothing to drill: leave the static list alone
    sec.setAttribute("data-drill-ready", "");
    var drill = sec.getAttribute("data-drill") || "";
    var more = sec.getAttribute("data-more");
    var total = more ? Math.max(variants.length, parseInt(sec.getAttribute("data-total"), 10) || 0) : variants.length;
    var waiting = null; // while the further variants load: what to do once they are here

    var words = json(sec.getAttribute("data-text"), null) || {};
    var T = function (k) { return typeof words[k] === "string" ? words[k] : ""; };
    var locale = sec.getAttribute("data-locale") || document.documentElement.lang || "en";
    var nf;
    try { nf = new Intl.NumberFormat(locale); } catch (e) { nf = new Intl.NumberFormat(); }
    // A negative number with the minus the engine's own sentences use (Translator.number), not
    // Intl's hyphen, so that "−1" reads alike in an answer and in its explanation.
    var fmt = function (n) { return n < 0 && T("minus") ? T("minus") + nf.format(-n) : nf.format(n); };
    var fill = function (tpl, n, total, name) {
      return tpl.replace("{" + (name || "number") + "}", fmt(n)).replace("{total}", fmt(total));
    };
    var key = "tutorial-drill:" + locale + ":" + drill;
    var id = "tc-drill-" + (++uid);

    /* State: where we are and how it went. `given` = the answer to the current step once checked
     * (option values, or the number as typed), `missed` = [variant, step] of each wrong answer,
     * `finished` = the summary is showing. `done` = the current step shows its answer. */
    var st, done = false, step, type, buttons = [], input = null;
    /** @returns {{variant: number, step: number, right: number, attempted: number, streak: number,
     *             given: string | string[] | null, missed: number[][], finished: boolean}} */
    function fresh() { return { variant: 0, step: 0, right: 0, attempted: 0, streak: 0, given: null, missed: [], finished: false }; }
    var unreadable = false; // what another visit kept did not read: forgotten, and said once
    function restore() {
      var s = store.get(key), f = fresh();
      if (s === undefined) return f;
      if (!readable(s)) {
        store.del(key);
        unreadable = true;
        return f;
      }
      f.variant = index(s.variant, total);
      f.step = f.variant === s.variant ? index(s.step, Infinity) : 0; // checked once the variant is here
      f.attempted = index(s.attempted, Infinity);
      f.right = Math.min(index(s.right, Infinity), f.attempted);
      f.streak = Math.min(index(s.streak, Infinity), f.right);
      // The answer is checked against the step's type once it is here (show).
      var g = s.given;
      if (f.variant === s.variant && (typeof g === "string" || Array.isArray(g) && g.every(function (x) { return typeof x === "string"; }))) f.given = g;
      f.missed = (Array.isArray(s.missed) ? s.missed : []).filter(function (m) {
        return Array.isArray(m) && m.length === 2 && index(m[0], total) === m[0] && index(m[1], Infinity) === m[1];
      }).slice(0, f.attempted - f.right);
      f.finished = s.finished === true;
      return f;
    }
    function save() { store.set(key, st); }

    // ---- the panel, built once; show() refills it for each step ----
    var panel = el("div", "tc-drill__panel");
    var head = el("div", "tc-drill__head");
    var progress = el("p", "tc-drill__progress");
    var count = el("span", "tc-drill__count");
    var stepcount = el("span", "tc-drill__stepcount");
    var stats = el("p", "tc-drill__stats");
    var score = el("span", "tc-drill__score");
    var streak = el("span", "tc-drill__streak");
    progress.append(count, stepcount);
    stats.append(score, streak);
    head.append(progress, stats);
    var view = el("div", "tc-drill__prompt");
    var ask = el("p", "tc-drill__question");
    ask.id = id + "-q";
    var hint = el("p", "tc-drill__hint");
    hint.id = id + "-h";
    var area = el("div", "tc-drill__area");
    var check = el("button", "tc-drill__button tc-drill__check", T("check"));
    var live = el("div", "tc-drill__live");
    live.setAttribute("role", "status");
    live.setAttribute("aria-live", "polite");
    var next = el("button", "tc-drill__button tc-drill__next", T("next"));
    var summary = el("div", "tc-drill__summary");
    summary.tabIndex = -1; // focused when it appears, so that it is read out: a named region
    summary.setAttribute("role", "region");
    summary.setAttribute("aria-labelledby", id + "-end");
    summary.hidden = true;
    var foot = el("div", "tc-drill__foot");
    var reset = el("button", "tc-drill__button tc-drill__reset", T("reset"));
    [check, next, reset].forEach(function (b) { b.type = "button"; });
    foot.append(reset);
    panel.append(head, view, ask, hint, area, check, live, next, summary, foot);
    var asking = [head, view, ask, hint, area, check, live, next, foot]; // what the summary replaces

    function showStats() {
      score.textContent = T("score").replace("{score}", fmt(st.right)).replace("{total}", fmt(st.attempted));
      streak.textContent = T("streak").replace("{number}", fmt(st.streak));
    }

    // A message in the live region: kind is "right", "wrong" or "error"; extra is an element.
    function say(kind, text, extra) {
      live.textContent = "";
      if (kind) {
        var p = el("p", "tc-drill__verdict tc-drill__verdict--" + kind);
        p.append(el("span", "tc-drill__icon", kind === "right" ? "✓" : kind === "wrong" ? "✗" : "!"), el("span", "", text));
        /** @type {Element} */ (p.firstChild).setAttribute("aria-hidden", "true");
        live.append(p);
      } else if (text) {
        live.append(el("p", "tc-drill__note", text));
      }
      if (extra) live.append(extra);
    }

    /* Calls then(true) once variant i is here, at once if it is, else when the script with
     * the further variants has run; then(false) if it could not load (offline, say). */
    function need(i, then) {
      if (i < variants.length || !more) return then(i < variants.length);
      var asked = function () { then(i < variants.length); };
      if (waiting) return waiting.push(asked);
      waiting = [asked];
      arriving[drill] = function (html) {
        var t = document.createElement("template");
        t.innerHTML = html; // the questions as the build wrote them (drillmarkup.variant), their texts escaped there
        var items = [].slice.call(t.content.children);
        items.forEach(function (li) { list.appendChild(li); });
        variants = variants.concat(variantsOf(items));
        total = variants.length; // what arrived, whatever data-total said
        more = null;
      };
      var script = document.createElement("script");
      script.onload = script.onerror = function () {
        delete arriving[drill];
        script.remove();
        var callbacks = waiting;
        waiting = null;
        callbacks.forEach(function (f) { f(); });
      };
      script.src = more;
      document.head.appendChild(script);
    }

    // The questions to go to could not load: the state stays as it was; Next tries again.
    function loadFailed() {
      say("error", T("load_failed"));
      check.hidden = true;
      next.hidden = false;
      next.focus();
    }

    function show() {
      summary.hidden = true;
      summary.textContent = "";
      asking.forEach(function (e) { e.hidden = false; });
      var v = variants[st.variant];
      st.step = index(st.step, v.steps.length);
      step = v.steps[st.step];
      type = step.getAttribute("data-type") || "choice";
      done = false;
      panel.setAttribute("data-type", type);
      panel.setAttribute("data-state", "ask");
      count.textContent = fill(T("question"), st.variant + 1, total);
      stepcount.textContent = v.steps.length > 1 ? fill(T("step"), st.step + 1, v.steps.length) : "";
      stepcount.hidden = v.steps.length < 2;
      copy(v.prompt, view);
      copy(step.querySelector(".tc-drill__question"), ask);
      area.textContent = "";
      buttons = [];
      input = null;
      if (type === "number") {
        hint.hidden = true;
        var field = el("div", "tc-drill__field");
        var label = el("label", "tc-drill__label", T("your_answer"));
        input = el("input", "tc-drill__input");
        input.type = "text";
        input.id = label.htmlFor = id + "-in";
        input.setAttribute("inputmode", "numeric");
        input.setAttribute("autocomplete", "off");
        input.setAttribute("spellcheck", "false");
        input.setAttribute("dir", "ltr"); // "-11" reads as a number even on an RTL page
        input.setAttribute("aria-describedby", ask.id);
        input.addEventListener("keydown", function (e) {
          if (e.key === "Enter" && !e.isComposing) { e.preventDefault(); if (!done) grade(); }
        });
        field.append(label, input);
        area.append(field);
      } else {
        hint.hidden = false;
        hint.textContent = type === "multi" ? T("choose_all") : T("choose_one");
        var group = el("div", "tc-drill__options");
        group.setAttribute("role", "group");
        group.setAttribute("data-type", type);
        group.setAttribute("aria-labelledby", ask.id);
        group.setAttribute("aria-describedby", hint.id);
        [].forEach.call(step.querySelectorAll(".tc-drill__options > li"), function (/** @type {Element} */ li) {
          var b = el("button", "tc-drill__option");
          b.type = "button";
          b.setAttribute("data-value", li.getAttribute("data-value") || "");
          b.setAttribute("aria-pressed", "false");
          var mark = el("span", "tc-drill__mark");
          mark.setAttribute("aria-hidden", "true");
          var body = copy(li, el("span", "tc-drill__body"));
          // The clone must not add tab stops inside the button.
          [].forEach.call(body.querySelectorAll("[tabindex]"), function (/** @type {Element} */ n) { n.removeAttribute("tabindex"); });
          b.append(mark, body);
          b.addEventListener("click", function () {
            if (done) return;
            var on = b.getAttribute("aria-pressed") !== "true";
            if (type !== "multi") { // a single-selection group: pressing one releases the others
              buttons.forEach(function (o) { o.setAttribute("aria-pressed", "false"); });
              on = true;
            }
            b.setAttribute("aria-pressed", String(on));
          });
          buttons.push(b);
          group.append(b);
        });
        area.append(group);
      }
      check.hidden = false;
      next.hidden = true;
      say();
      showStats();
      var g = st.given;
      if (g !== null && (type === "number") === (typeof g === "string")) reveal(g, judge(g));
      else st.given = null; // saved for another kind of step: the drill has changed
    }

    // The learner's answer from the controls: option values, or the number as typed; null
    // (with the reason said) when it is not an attempt yet.
    function collect() {
      if (type === "number") {
        if (parseNumber(input.value) === null) {
          input.setAttribute("aria-invalid", "true");
          say("error", T("not_a_number"));
          input.focus();
          return null;
        }
        input.removeAttribute("aria-invalid");
        return input.value.trim().slice(0, 40);
      }
      var chosen = buttons.filter(function (b) { return b.getAttribute("aria-pressed") === "true"; })
        .map(function (b) { return b.getAttribute("data-value"); });
      if (type !== "multi" && !chosen.length) { say("error", T("choose_one")); return null; }
      return chosen;
    }

    // Whether `given` matches data-answer: the same number, or the same set of values.
    function judge(given) {
      var want = answers(step);
      if (type === "number") return parseNumber(given) !== null && parseNumber(given) === parseNumber(want[0]);
      return given.every(function (c) { return want.indexOf(c) >= 0; }) &&
        want.every(function (w) { return given.indexOf(w) >= 0; });
    }

    // Show the step answered with `given`: the controls locked and marked, the engine's feedback.
    function reveal(given, ok) {
      var want = answers(step);
      done = true;
      if (type === "number") {
        input.value = given;
        input.readOnly = true;
      } else {
        buttons.forEach(function (b) {
          var value = b.getAttribute("data-value");
          var good = want.indexOf(value) >= 0, picked = given.indexOf(value) >= 0;
          b.setAttribute("aria-pressed", String(picked));
          if (good || picked) {
            b.classList.add(good ? "tc-drill__option--correct" : "tc-drill__option--wrong");
            b.firstChild.textContent = good ? "✓" : "✗";
          }
          // The name comes from the content (the card's full name), so the note goes inside.
          if (good) b.append(el("span", "tc-drill__sr", " (" + T("answer") + ")"));
          b.disabled = true;
        });
      }
      if (more) need(variants.length, function () {}); // Next will not wait
      panel.setAttribute("data-state", ok ? "right" : "wrong");
      var feedback = copy(step.querySelector(".tc-drill__feedback"), el("div", "tc-drill__feedback"));
      var expected = parseNumber(want[0]);
      if (type === "number" && !ok && expected !== null) {
        feedback.insertBefore(el("p", "tc-drill__expected", T("expected").replace("{number}", fmt(expected))),
                              feedback.firstChild);
      }
      say(ok ? "right" : "wrong", ok ? T("right") : T("wrong"), feedback);
      check.hidden = true;
      next.hidden = false;
    }

    // Check the learner's answer: counted once, saved with it, then shown.
    function grade() {
      var given = collect();
      if (given === null) return;
      var ok = judge(given);
      st.attempted++;
      if (ok) { st.right++; st.streak++; } else { st.streak = 0; st.missed.push([st.variant, st.step]); }
      st.given = given;
      save();
      showStats();
      reveal(given, ok);
      next.focus();
    }

    /* The end of the drill: the score, the steps answered wrongly, and a way to start again.
     * "All right" is judged on the counts: progress saved by an older build has no `missed`, and
     * restore() may shorten it, so the list can be short of the wrong answers, or empty. */
    function showSummary() {
      var refocus = summary.contains(document.activeElement); // filled again when questions arrive
      asking.forEach(function (e) { e.hidden = true; });
      panel.setAttribute("data-state", "done");
      panel.removeAttribute("data-type");
      summary.textContent = "";
      var finished = el("p", "tc-drill__finished", T("finished"));
      finished.id = id + "-end";
      summary.append(finished, el("p", "tc-drill__final", fill(T("final_score"), st.right, st.attempted, "score")));
      if (st.attempted && st.right === st.attempted) summary.append(el("p", "tc-drill__reviewtitle", T("all_right")));
      else if (st.missed.length) summary.append(el("p", "tc-drill__reviewtitle", T("review")));
      if (st.missed.length) {
        // Not numbered: the list's own numbers would not be the questions'.
        var list = el("ul", "tc-drill__review");
        st.missed.forEach(function (m) {
          var li = el("li"), v = variants[m[0]], where = el("p", "tc-drill__progress");
          where.append(el("span", "tc-drill__reviewwhere", fill(T("question"), m[0] + 1, total)));
          if (v && v.steps.length > 1) where.append(" ", el("span", "tc-drill__reviewwhere", fill(T("step"), m[1] + 1, v.steps.length)));
          li.append(where);
          var asked = v && v.steps[m[1]] && v.steps[m[1]].querySelector(".tc-drill__question");
          if (asked) li.append(copy(asked, el("p", "tc-drill__reviewask")));
          list.append(li);
        });
        summary.append(list);
      }
      var again = el("button", "tc-drill__button tc-drill__restart", T("reset"));
      again.type = "button";
      again.addEventListener("click", function () { restart(); focusStep(); });
      summary.append(again);
      summary.hidden = false;
      if (refocus) summary.focus();
    }

    // This drill from its first question, with nothing counted (other drills keep theirs).
    function restart() {
      store.del(key);
      st = fresh();
      show();
      say("", T("reset_done"));
    }

    /* Focus the first control of a new step (Next if it shows a saved answer), keeping the top of
     * the panel (the diagram) in view. */
    function focusStep() {
      var target = done ? next : input || buttons[0] || check;
      target.focus({ preventScroll: true });
      if (panel.getBoundingClientRect().top < 0) panel.scrollIntoView();
      else if (target.scrollIntoView) target.scrollIntoView({ block: "nearest" });
    }

    check.addEventListener("click", function () { if (!done) grade(); });
    /* Go to variant v, step s, once it is here; a failed load leaves everything as it was. The
     * answer given is kept when v, s is the current place (its load failed before): it counts once. */
    function go(v, s) {
      if (v >= variants.length) say("", T("loading"));
      need(v, function (ok) {
        if (!ok) return loadFailed();
        if (v !== st.variant || s !== st.step) st.given = null;
        st.variant = v;
        st.step = s;
        save();
        show();
        focusStep();
      });
    }
    next.addEventListener("click", function () {
      if (!done) return go(st.variant, st.step); // its question never came: try again
      var v = st.variant, s = st.step + 1;
      if (s >= variants[v].steps.length) {
        s = 0;
        v++;
      }
      if (v < total) return go(v, s);
      st.finished = true;
      st.given = null;
      save();
      showSummary();
      summary.focus();
    });
    reset.addEventListener("click", restart);

    st = restore();
    if (unreadable) panel.insertBefore(el("p", "tc-drill__note tc-drill__unreadable", T("unreadable")), head).setAttribute("role", "status");
    list.hidden = true;
    [].forEach.call(sec.querySelectorAll(".tc-drill__more"), function (/** @type {HTMLElement} */ p) { p.hidden = true; });
    list.parentNode.insertBefore(panel, list.nextSibling);
    if (st.finished) {
      showSummary();
      // The questions to review may be in the further variants: name them once they are here.
      var last = st.missed.reduce(function (a, m) { return Math.max(a, m[0]); }, 0);
      // Only if it is still finished: the learner may have started again meanwhile.
      if (last >= variants.length) need(last, function () { if (st.finished) showSummary(); });
      return;
    }
    if (st.variant < variants.length) return show();
    // Stored progress past the first variant: its place once the others are here. If they do
    // not come, the progress stays as it was and Next tries again.
    check.hidden = next.hidden = true;
    count.textContent = fill(T("question"), st.variant + 1, total);
    showStats();
    say("", T("loading"));
    need(st.variant, function (ok) {
      if (ok) return show();
      say("error", T("load_failed"));
      next.hidden = false;
    });
  }

  function init() {
    [].forEach.call(document.querySelectorAll(".tc-drill"), setup);
  }
  // Each drill calls this right after its markup (drill.html): it is answerable long before a
  // page of many drills has finished loading. init() below catches any drill it missed.
  window.tcDrillMore = function (drill, html) {
    if (Object.prototype.hasOwnProperty.call(arriving, drill)) arriving[drill](String(html));
  };
  window.tcDrillSetup = function (sec) {
    if (sec && sec.classList && sec.classList.contains("tc-drill")) setup(sec);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  // Material's instant navigation swaps pages without reloading scripts; it announces them here.
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(init);
})();
