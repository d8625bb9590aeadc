/* The play page: whole matches against the computer players, in the page's language.
 *
 * render/play.py writes div#tc-play and, in script#tc-play-data, the game as data, the seating,
 * the target and every word this script may show: messages by key (plural ones with all their
 * forms), the terms (names, suits, ranks with their grammatical forms) and how the locale writes
 * numbers and lists. play-engine.js (TcPlayEngine) plays the rules; this script draws the
 * table, asks the learner whenever deal.toMove() is their seat, moves the other seats with the
 * sensible player, and tells what happens. Sentences are filled as i18n/grammar.py fills them;
 * they are never glued from pieces.
 * The address holds the match (#seed=…&target=…); statistics live in localStorage under
 * "tc-play:<game>:<players>x<team size>", and the match in play under the same key with
 * ":match" after it, so that a reload or a closed tab does not lose it (keepMatch).
 */
(function () {
  "use strict";

  var root = document.getElementById("tc-play"), source = document.getElementById("tc-play-data");
  var E = window.TcPlayEngine;
  if (!root || !source || !E) return;
  var D = JSON.parse(source.textContent), L = D.locale, T = D.terms, M = D.messages;
  var YOU = D.seating.you, RTL = L.dir === "rtl";
  var G = E.game(D.game), TABLE = new E.Table(D.seating.players, D.seating.teamSize);
  var TWO = TABLE.players === 2, POINTS = G.scoring.kind === "victory-points", MINE = TABLE.teamOf(YOU);
  var ODD = G.scoring.kind === "odd-tricks"; // a game to a target of tricks above the book
  var EXACT = G.scoring.kind === "exact-bids"; // each bids the tricks to take exactly
  var PENALTY = G.scoring.kind === "penalty-points"; // each avoids the cards that cost points; the lowest total wins
  var RACE = G.scoring.kind === "game-points"; // a race to the deal's target in card points, for game points
  var ONE_GAME = G.scoring.kind === "tricks" && G.scoring.rounds === 1; // one game to a target of points, not a match of rounds
  var TO_TARGET = ODD || ONE_GAME; // a game two sides play to a target: "game", never "match"
  var GAME = TO_TARGET || EXACT || PENALTY || RACE, BY_SEAT = EXACT || PENALTY || RACE; // a game, scored player by player
  var PASS = G.phases.filter(function (p) { return p.phase === "pass"; })[0]; // cards passed before play
  var TRUMP_SET = G.phases.filter(function (p) { return p.phase === "trump"; })[0]; // trump set by the rules
  var PAUSE = 600; // ms before a computer player moves, so that the learner can follow
  var SENSIBLE_BID = 3; // trumps the sensible bidder needs to bid (engine/strategy.py, play-engine.js bid())
  var TARGETS = Math.max(10, D.target); // the victory-point targets offered: 1 to 10, or to the page's own
  var KEY = "tc-play:" + G.id + ":" + TABLE.players + "x" + TABLE.teamSize, MATCH_KEY = KEY + ":match";
  var RULES_DIGEST = D.rules; // the game's data and the engine's source, digested by render/play.py
  var english = {};
  D.english.forEach(function (k) { english[k] = true; });

  // --- words: grammar.py's Term and fill, translator.py's numbers, lists and plural forms ---

  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; });
  }

  /** @typedef {{text: string, forms: Record<string, string>, gender: string | null}} Term */

  // "Анна | gender=f | gen=Анны": a malformed part is left out, as Term.parse does
  function term(raw) {
    var parts = String(raw).split("|");
    /** @type {Term} */
    var t = { text: parts[0].trim(), forms: Object.create(null), gender: null };
    parts.slice(1).forEach(function (p) {
      var i = p.indexOf("="), k = p.slice(0, i).trim(), v = p.slice(i + 1).trim();
      if (i < 0 || !k || !v) return;
      if (k === "gender") t.gender = v;
      else if (!(k in t.forms)) t.forms[k] = v;
    });
    return t;
  }
  function form(t, name) { return name !== null && name in t.forms ? t.forms[name] : t.text; }
  function team(seats) {
    if (seats.length === 1) return name(seats[0]);
    var members = seats.map(name), g = members[0].gender;
    return { members: members, gender: members.every(function (m) { return m.gender === g; }) ? g : null };
  }

  function listed(items) { // Babel's format_list over the CLDR patterns
    var P = L.list, n = items.length;
    function put(p, a, b) { return esc(p).replace(/\{([01])\}/g, function (all, i) { return i === "0" ? a : b; }); }
    if (n < 3) return n === 2 ? put(P["2"], items[0], items[1]) : items.join("");
    var out = put(P.start, items[0], items[1]);
    for (var i = 2; i < n - 1; i++) out = put(P.middle, out, items[i]);
    return put(P.end, out, items[n - 1]);
  }

  /* Markup a sentence may take as a value, made here (a card code, an isolated run) and marked
   * so: any other value is text, escaped where it is filled in. */
  function Markup(html) { this.html = html; }
  function markup(html) { return new Markup(html); }

  var TOKEN = /\{\{GRAMMAR:([^{}|]*)\|\{(\w+)\}\}\}|\{\{GENDER:\{(\w+)\}((?:\|[^{}|]*)*)\}\}|\{(\w+)\}/g;
  /* A side's name that opens a message opens a sentence, and takes a capital (grammar.fill). */
  var OPENING_SIDE = /^(?:\{side\}|\{\{GRAMMAR:[^{}|]*\|\{side\}\}\})/;
  /* The template with its placeholders filled, as HTML. Values: a term, a team, a card (code),
   * a list of cards (codes), a number, markup made here (Markup), or text, which is escaped. The template is escaped first: no
   * placeholder or gender choice holds a character that escaping changes. */
  function fill(template, values) {
    var html = filled(template, values);
    return "side" in values && OPENING_SIDE.test(template) ? html.charAt(0).toLocaleUpperCase(L.code) + html.slice(1) : html;
  }
  function filled(template, values) {
    return esc(template).replace(TOKEN, function (all, f, of, by, variants, plain) {
      var key = plain || of || by, v = values[key];
      if (!(key in values)) return all;
      if (by) {
        var chosen = {};
        variants.split("|").slice(1).forEach(function (p) {
          var i = p.indexOf("=");
          if (i >= 0) chosen[p.slice(0, i).trim()] = p.slice(i + 1);
        });
        var g = (v && v.gender) || "other";
        return g in chosen ? chosen[g] : chosen.other || "";
      }
      var want = f === undefined ? null : f.trim();
      if (v instanceof Markup) return v.html;
      if (v && v.members) return listed(v.members.map(function (m) { return m.card ? codeHtml(m.card, want) : esc(form(m, want)); }));
      if (v && v.card) return codeHtml(v.card, want);
      if (v && v.forms) return esc(form(v, want));
      return typeof v === "number" ? num(v) : esc(v);
    });
  }

  // The catalog's plural rule, read by the engine's parser; English's where it is not one
  var plural = E.pluralRule(L.plural) || function (n) { return +(n !== 1); };

  /* A message filled; a plural one takes the form for `count` (values.n unless given), and a
   * count of zero the message's own sentence for none (key-zero: "took no tricks"), where it has
   * one. A message shown in English takes English's form and is marked, so a screen reader reads
   * it in English. */
  function say(key, values, count) {
    var n = count === undefined ? values && values.n : count;
    if (n === 0 && (key + "-zero") in M) key += "-zero";
    var text = M[key];
    if (typeof text !== "string") {
      text = text[Math.max(0, Math.min(text.length - 1, english[key] ? +(n !== 1) : plural(n)))];
    }
    var html = fill(text, values || {});
    return english[key] ? '<span lang="en" dir="ltr">' + html + "</span>" : html;
  }

  function digits(s) { return String(s).replace(/[0-9]/g, function (d) { return L.digits[d]; }); }
  function isolated(html) { return RTL ? '<span dir="ltr">' + html + "</span>" : html; }
  function num(n) { return n < 0 ? isolated(esc(L.minus) + digits(-n)) : digits(n); }
  function signed(n) { return markup(n ? isolated(esc(n > 0 ? L.plus : L.minus) + digits(Math.abs(n))) : digits(0)); }

  var rankOf = E.rankOf, suitOf = E.suitOf;
  function name(seat) { return term(T.names[seat]); }
  function suitTerm(s) { return term(T.suits[s]); }
  /* cardnames.card_term: the card's name in the form `want` (null: its usual one) is the
   * pattern of its suit with its rank in that form; a placeholder that names its own form keeps it */
  function cardName(c, want) {
    var r = term(T.ranks[rankOf(c)]);
    return fill(T.cards[suitOf(c)], { rank: { text: form(r, want || null), forms: r.forms, gender: r.gender } });
  }
  function red(c, block) { return E.red(suitOf(c)) ? " " + block + "--red" : ""; }
  function codeHtml(c, want) { // cardnames.card_code: named in the form the sentence asks, as a sentence says it
    var named = fill(M["card-in-sentence"], { card_name: markup(cardName(c, want)) });
    return '<span class="tc-code' + red(c, "tc-code") + '" dir="ltr" role="img" aria-label="' + named
      + '">' + esc(T.letters[rankOf(c)] + suitOf(c)) + "</span>";
  }
  /* A card as a sentence's value (Translator.card): its code, named in the form the sentence
   * asks; its gender is its rank's. A list of them is a team of cards, each in that form. */
  function code(c) { return { card: c, gender: term(T.ranks[rankOf(c)]).gender }; }
  function codes(cards) {
    var members = cards.map(code), g = members.length ? members[0].gender : null;
    return { members: members, gender: members.every(function (m) { return m.gender === g; }) ? g : null };
  }
  function face(c) { // cardnames.card_face; a card button takes its name from it
    return '<span class="tc-card' + red(c, "tc-card") + '" dir="ltr" role="img" aria-label="' + cardName(c)
      + '"><span class="tc-card__rank" aria-hidden="true">' + esc(T.letters[rankOf(c)])
      + '</span><span class="tc-card__suit" aria-hidden="true">' + suitOf(c) + "</span></span>";
  }
  function badge(s) { // cardnames.trump_badge
    return '<span class="tc-badge tc-badge--trump">' + say("trump") + ' <span class="tc-suit'
      + (E.red(s) ? " tc-card--red" : "") + '" role="img" aria-label="' + esc(suitTerm(s).text) + '" dir="ltr">'
      + s + "</span></span>";
  }

  // --- explanations: i18n/explain.py over the engine's verdict and legality ---

  function whyWins(v) {
    var c = v.card, s;
    if (v.reason === "tree") {
      var lower = v.plays.filter(function (p) { return p !== c && G.trees.indexOf(p) >= 0; });
      s = lower.length ? say("win-tree-over", { card: code(c), lower: codes(lower) }) : say("win-tree", { card: code(c) });
    } else if (v.reason === "highest-trump") {
      s = topTrumpWins(v) || say("win-trump", { card: code(c) });
    } else {
      s = say(v.trump === null ? "win-led-no-trump" : "win-led", { card: code(c), suit: suitTerm(v.led) });
    }
    if (v.cardPoints.some(Boolean)) {
      s += " " + say("worth", { sum: markup(isolated(digits(v.cardPoints.join(" + ") + " = " + v.points))) }, v.points);
    }
    return s;
  }

  // a top trump that depends on the trump suit (a bower) is named as players call it, else by its place
  function topTrumpWins(v) {
    var c = v.card, top = G.table(v.trump).top, higher = top.slice(0, top.indexOf(c));
    var rule = G.top.filter(function (t) {
      if (t.card) return false;
      var suit = t.suit === "trump" ? v.trump : G.suits.filter(function (s) {
        return s !== v.trump && E.red(s) === E.red(v.trump);
      })[0];
      return t.rank + suit === c;
    })[0];
    if (!rule || higher.length > 1) return null;
    var named = M["top-name-" + G.top.indexOf(rule)]; // what players call it, as explain._top_trump_wins
    if (named !== undefined) {
      return say(higher.length ? "win-named-under" : "win-named", { card: code(c), term: term(named), higher: higher.length ? code(higher[0]) : "" });
    }
    return say("win-" + (rule.suit === "trump" ? "right" : "left") + (higher.length ? "-under" : ""),
               { card: code(c), rank: term(T.ranks[rankOf(c)]), higher: higher.length ? code(higher[0]) : "" });
  }

  var RULES = ["first-lead", "unbroken", "clean-first-trick"]; // PlayRule, in the order they apply
  function duty(l) { // explain_legality: the duty in force on the learner, then each rule of play that refused cards
    var codes = Object.keys(l.refused).map(function (c) { return l.refused[c]; });
    var rules = RULES.filter(function (r) { return codes.indexOf(r) >= 0; });
    var own = codes.some(function (c) { return RULES.indexOf(c) < 0; });
    var first = !own && rules.length ? (l.duty === "void" ? say("cannot-follow") : l.duty === "free" ? say("neither")
      : l.duty === "follow" ? say("duty-follow") : "")
      : !own ? say("duty-" + l.duty + (l.duty === "void" && l.trump === null ? "-no-trump" : ""))
      : say(l.duty !== "follow" ? "must-" + l.duty : l.led === l.trump ? "must-follow-trump" : "must-follow",
            { suit: suitTerm(l.led) });
    return [first].concat(rules.map(function (r) {
      return say("rule-" + r, { card: l.rules.firstLead && code(l.rules.firstLead), suit: l.rules.unbroken && suitTerm(l.rules.unbroken) });
    })).filter(Boolean).join(" ");
  }

  function advice(a) { // the advice-* sentence for TcPlayEngine.advice(deal)
    var d = S.deal, act = a.action, why = a.why, turned = d.turned && suitTerm(d.trumpSuitOf(d.turned));
    var values = { card: act.card ? code(act.card) : "", n: a.n, suit: turned, passed: act.cards ? codes(act.cards) : "" };
    if (why === "exchange") { values.card = code(tricksPhase().exchange + d.trump); values.turned = code(d.indicator); }
    if (why === "marry") { values.suit = suitTerm(suitOf(act.card)); values.n = marriageWorth(act.card); }
    if (why === "close") {
      values.n = d.cardPoints[act.seat]; values.number = a.margin; values.target = G.scoring.dealTarget;
      values.player = name(TABLE.next(act.seat));
    }
    if (why === "take-tree") values.card = code(d.treeOnOffer());
    if (why === "bid") {
      why = G.phases[d.at].rounds[d.bidRound] === "order-up" ? "order" : "name";
      values.suit = suitTerm(act.suit);
    }
    if (why === "pass") values.n = SENSIBLE_BID;
    if (why === "only-follow") values.suit = suitTerm(G.table(d.trump).suit[d.trick[0]]);
    if (why === "partner-takes" || why === "partner-points") values.player = name(d.taking());
    if (why === "partner-takes" && POINTS) why = "partner-takes-points";
    if (why === "discard-weakest") why = "discard";
    if (why === "bid-likely" && act.tricks !== a.n) why = "bid-nearest";
    if (why === "bid-win" && d.trick.length + 1 === d.players.length) why = "bid-win-last";
    values.number = act.tricks;
    return say("advice-" + why, values);
  }

  function tricksPhase() { return G.phases.filter(function (p) { return p.phase === "tricks"; })[0]; }
  function marriageWorth(card) {
    var p = tricksPhase();
    return suitOf(card) === S.deal.trump ? p.trumpMarriage : p.marriage;
  }

  // --- the page ---

  function el(tag, cls, html) {
    var e = document.createElement(tag);
    e.className = cls;
    if (html) e.innerHTML = html;
    return e;
  }
  function button(cls, key) { return '<button type="button" class="tc-play__button ' + cls + '">' + say(key) + "</button>"; }
  function put(e, html) { if (e._html !== html) { e.innerHTML = html; e._html = html; } }

  root.textContent = "";
  var bar = root.appendChild(el("div", "tc-play__bar"));
  var title = bar.appendChild(el("h2", "tc-play__title"));
  title.tabIndex = -1; // where focus goes when nothing else in the play is there to hold it
  var score = bar.appendChild(el("p", "tc-play__score"));
  var table = root.appendChild(el("div", "tc-play__table"));
  var seats = table.appendChild(el("ul", "tc-play__seats"));
  var pack = table.appendChild(el("p", "tc-play__pack"));
  var trick = table.appendChild(el("section", "tc-play__trick", '<h3 id="tc-play-trick">' + say("trick") + "</h3>"));
  trick.setAttribute("aria-labelledby", "tc-play-trick");
  var plays = trick.appendChild(el("ol", "tc-play__plays"));
  var you = root.appendChild(el("section", "tc-play__you", '<h3 id="tc-play-hand">' + say("your-hand") + "</h3>"));
  you.setAttribute("aria-labelledby", "tc-play-hand");
  var me = you.appendChild(el("p", "tc-play__me"));
  var hand = you.appendChild(el("div", "tc-play__hand"));
  hand.setAttribute("role", "toolbar");
  hand.setAttribute("aria-labelledby", "tc-play-hand");
  var prompt = root.appendChild(el("p", "tc-play__prompt"));
  var actions = root.appendChild(el("div", "tc-play__actions"));
  var help = root.appendChild(el("div", "tc-play__help", button("tc-play__hint", "hint") + button("tc-play__show", "show")));
  var note = root.appendChild(el("div", "tc-play__note"));
  var result = root.appendChild(el("div", "tc-play__result"));
  var controls = root.appendChild(el("div", "tc-play__controls", button("tc-play__next", "next-deal")
    + button("tc-play__replay", "replay") + button("tc-play__new", GAME ? "new-game" : "new-match")));
  var hintButton = help.children[0], showButton = help.children[1];
  var nextButton = controls.children[0], replayButton = controls.children[1], newButton = controls.children[2];
  var select = null, applyButton = null;
  if (POINTS) {
    var field = controls.appendChild(el("p", "tc-play__target", '<label for="tc-play-target">' + say("target-label")
      + '</label> <select id="tc-play-target"></select> ' + button("tc-play__apply", "target-apply")));
    select = field.children[1];
    applyButton = field.children[2];
    for (var t = 1; t <= TARGETS; t++) select.add(new Option(digits(t), String(t)));
  }
  // the question before what would discard a match in progress (confirmed)
  var dialog = root.appendChild(el("dialog", "tc-play__confirm", '<p id="tc-play-confirm"></p><p>'
    + '<button type="button" class="tc-play__button" value="yes"></button> '
    + '<button type="button" class="tc-play__button" value="no">' + say("confirm-keep") + "</button></p>"));
  dialog.setAttribute("aria-labelledby", "tc-play-confirm");
  var story = root.appendChild(el("section", "tc-play__story", '<h3 id="tc-play-story">' + say("story") + "</h3>"));
  story.setAttribute("aria-labelledby", "tc-play-story");
  var log = story.appendChild(el("ol", "tc-play__log"));
  log.tabIndex = 0; // it scrolls: a keyboard must reach it
  log.setAttribute("aria-labelledby", "tc-play-story");
  var share = root.appendChild(el("p", "tc-play__share"));
  var statsBox = root.appendChild(el("section", "tc-play__stats", '<h3 id="tc-play-stats">' + say("stats")
    + '</h3><ul></ul>' + button("tc-play__reset", "stats-reset")));
  statsBox.setAttribute("aria-labelledby", "tc-play-stats");
  var statsNote = statsBox.insertBefore(el("p", "tc-play__note"), statsBox.lastChild);
  statsNote.setAttribute("role", "status");
  statsNote.hidden = true;
  var live = root.appendChild(el("div", "tc-play__live"));
  live.setAttribute("aria-live", "polite");

  // --- the match ---

  /* seed, target, match, deal; id: the match's, which this tab's history entry holds too;
   * moves: every move of every deal, as the index of the action among the legal ones; counted:
   * the last deal the statistics counted; going: whether the match is kept (keepMatch); mine:
   * the learner's moves in this deal; asking: whether a question is open (confirmed); seen: the
   * deal's log events told; shown: the trick on the table {plays: [[seat, card]],
   * winner}; taken: tricks by seat; refusal: whether trump was chosen after a refusal; hint: the
   * legality shown; advised: the action shown; said: what to announce next; state: turn, wait or
   * end. */
  var S = { timer: 0, wait: PAUSE, said: /** @type {string[]} */ ([]), rove: 0 };

  function stop() { clearTimeout(S.timer); }

  /* A match from its first deal, or, given what was kept of it, played again up to where the
   * learner left it; `again` when it is this match's deal replayed, which is not announced as kept. */
  function newMatch(seed, target, kept, again) {
    if (S.asking) { // a question about the match it replaces has no object left
      S.asking = false;
      dialog.close();
    }
    S.going = Boolean(kept);
    S.seed = seed;
    S.target = target;
    S.match = new E.Match(G, TABLE, seed, target);
    S.id = kept ? kept.id : Math.random().toString(36).slice(2, 12);
    S.moves = [];
    S.counted = kept ? kept.counted : 0;
    history.replaceState({ tcPlay: S.id }, "", address()); // no new history entry; a reload finds the id
    if (select) select.value = String(target);
    share.innerHTML = say("share");
    if (!kept) return deal();
    kept.deals.slice(0, -1).forEach(function (moves) {
      var d = S.match.next();
      S.moves.push(moves);
      moves.forEach(function (i) { d.apply(d.legalActions()[i]); });
      S.match.score();
    });
    deal(kept.deals[kept.deals.length - 1], again);
  }

  function address() { return "#seed=" + S.seed + (POINTS ? "&target=" + S.target : ""); }

  /* The next deal; given its moves (a kept match), played up to where they stop, told in the
   * story but not announced again. */
  function deal(moves, again) {
    stop();
    var m = S.match;
    S.deal = m.next();
    S.moves[m.number - 1] = [];
    S.seen = 0;
    S.shown = S.hint = S.advised = null;
    S.taken = TABLE.orderFrom(0).map(function () { return 0; });
    S.refusal = false;
    S.chosen = []; // the cards the learner has picked to pass
    S.received = null; // the pass to the learner, told once every player has passed
    note.innerHTML = result.innerHTML = log.innerHTML = "";
    narrate();
    S.mine = 0; // the learner's moves in this deal: what Replay would discard
    if (moves) {
      moves.forEach(function (i) { record(S.deal.legalActions()[i]); });
      S.said = [];
      S.restored = true; // end() does not announce again what the story already holds
    }
    keepMatch();
    go();
    if (moves) {
      S.restored = false; // a deal already over shows its result, and says what comes next
      if (!again && !S.deal.isTerminal()) tellNote(say(GAME ? "game-kept" : "match-kept", { number: m.number }));
    }
  }

  /* The same cards again: the match played again from its seed with the moves of the earlier
   * deals, as a kept match is, and this deal from its start. A deal already counted in the
   * statistics is not counted again. */
  function replay() {
    newMatch(S.seed, S.target, { id: S.id, counted: S.counted, deals: S.moves.slice(0, -1).concat([[]]) }, true);
  }

  function go() {
    var d = S.deal;
    if (d.isTerminal()) end();
    draw();
    if (!d.isTerminal() && d.toMove() !== YOU) {
      S.timer = setTimeout(function () { act(E.advice(d).action); }, S.wait);
      S.wait = PAUSE;
    }
  }

  function act(a) {
    note.innerHTML = "";
    record(a);
    keepMatch();
    go();
  }

  /* A move made: kept, shown and told. */
  function record(a) {
    var d = S.deal;
    S.hint = S.advised = null;
    S.moves[S.moves.length - 1].push(d.legalActions().indexOf(a));
    if (a.seat === YOU) S.mine++;
    if (a.kind === "play" || a.kind === "meld") { // a marriage is told first, then the card it leads
      if (!S.shown || S.shown.winner !== null) S.shown = { plays: [], winner: null };
      S.shown.plays.push([a.seat, a.card]);
    }
    if (a.kind === "play") tell(say(a.seat === YOU ? "you-play" : "plays", { player: name(a.seat), card: code(a.card) }));
    if (a.kind === "give") S.chosen = [];
    d.apply(a);
    narrate();
  }

  // --- the match kept in this browser; localStorage may throw (file://, private modes) ---

  /* Kept once the learner has moved in it, or when it is a kept match going on: a page opened
   * at an address with a seed does not replace the match kept before until it is played. */
  function keepMatch() {
    if (!S.going && S.match.number === 1 && !S.mine) return;
    S.going = true;
    var kept = { id: S.id, game: RULES_DIGEST, seed: S.seed, target: S.target, deals: S.moves, counted: S.counted };
    try { localStorage.setItem(MATCH_KEY, JSON.stringify(kept)); } catch (e) { /* kept for this visit only */ }
  }
  function forgetMatch() {
    try { localStorage.removeItem(MATCH_KEY); } catch (e) { /* nothing kept */ }
  }

  /* What was kept, read as untrusted: exactly these keys, the rules of this page's game as
   * they were (RULES_DIGEST: a site updated since may deal other cards), a seed and target this
   * page accepts, and moves that the rules allow, played again on a scratch match that must not
   * end before the last deal kept. Anything else is forgotten. */
  function keptMatch() {
    var raw, s;
    try { raw = localStorage.getItem(MATCH_KEY); } catch (e) { return null; }
    if (raw === null) return null;
    try { s = JSON.parse(raw); } catch (e) { s = null; }
    if (!s || typeof s !== "object" || Array.isArray(s) || Object.keys(s).sort().join() !== "counted,deals,game,id,seed,target"
        || s.game !== RULES_DIGEST || typeof s.id !== "string" || !/^[0-9a-z]{1,12}$/.test(s.id) || !isSeed(s.seed) || !isTarget(s.target)
        || !count(s.counted) || !Array.isArray(s.deals) || s.deals.length < 1 || s.deals.length > 1000
        || s.counted > s.deals.length || !playable(s)) {
      forgetMatch();
      return null;
    }
    return s;
  }
  function isSeed(n) { return typeof n === "number" && n % 1 === 0 && n >= 0 && n < 1e15; }
  function isTarget(n) { return POINTS ? typeof n === "number" && n % 1 === 0 && n >= 1 && n <= TARGETS : n === D.target; }
  function playable(s) {
    var m = new E.Match(G, TABLE, s.seed, s.target);
    return s.deals.every(function (moves, k) {
      if (!Array.isArray(moves) || moves.length > 5000 || m.winner !== null || m.over) return false;
      var d = m.next();
      var ok = moves.every(function (i) {
        var a = !d.isTerminal() && count(i) && d.legalActions()[i];
        if (a) d.apply(a);
        return Boolean(a);
      });
      if (ok && k < s.deals.length - 1) {
        if (!d.isTerminal()) return false;
        m.score();
      }
      return ok;
    });
  }

  function tell(html) {
    log.appendChild(el("li", "", html));
    log.scrollTop = log.scrollHeight;
    S.said.push(html);
  }

  // what the deal's log says happened since last told
  function narrate() {
    var d = S.deal;
    for (; S.seen < d.log.length; S.seen++) {
      var e = d.log[S.seen], mine = e.seat === YOU, p = name(e.seat), c = e.card && code(e.card);
      var turned = d.turned && code(d.turned);
      if (S.received && e.event !== "pass") { // everyone has passed: the learner picks up what was passed to them
        tell(say("you-receive", { player: name(S.received.seat), passed: codes(S.received.cards) }));
        S.received = null;
      }
      if (e.event === "deal") {
        tell(e.dealer === YOU ? say("you-deal") : say("deals", { dealer: name(e.dealer) }));
        if (PASS && PASS.directions[d.number % PASS.directions.length] === "none") tell(say("no-pass"));
      } else if (e.event === "pass") {
        if (mine) tell(say("you-pass-cards", { passed: codes(e.cards), receiver: name(e.to) }));
        else if (e.to === YOU) {
          S.received = { seat: e.seat, cards: e.cards };
          tell(say("passes-you", { player: p, n: e.cards.length }));
        } else tell(say("passes-cards", { player: p, receiver: name(e.to), n: e.cards.length }));
      } else if (e.event === "forecast") {
        tell(say(c ? (mine ? "you-forecast" : "forecast") : mine ? "you-no-forecast" : "no-forecast-by", { player: p, card: c }));
      } else if (e.event === "turn-up") {
        tell(say(d.dealer === YOU ? "you-turn-up" : "turn-up", { dealer: name(d.dealer), card: c }));
        if (d.forecasts.length && e.exchange === null) {
          tell(say("no-exchange", { suit: suitTerm(e.trump), indicator: code(e.indicator) }));
        } else if (d.forecasts.length) {
          tell(say(e.exchange === YOU ? "you-exchange" : "exchange",
                   { player: name(e.exchange), forecast: code(e.indicator), turned: c }));
        }
      } else if (e.event === "trump-set") {
        var from = TRUMP_SET.source;
        tell(from === "suit" ? say("trump-suit", { suit: suitTerm(e.suit) }) : from === "none" ? say("trump-none")
          : c ? say((d.dealer === YOU ? "you-trump-" : "trump-") + from, { dealer: name(d.dealer), card: c })
          : say("trump-no-card"));
      } else if (e.event === "take-tree") {
        tell(say((d.cutter === YOU ? "you-tree-" : "tree-") + (e.take ? "taken" : "left"), { card: c, player: name(d.cutter) }));
      } else if (e.event === "turn") tell(say("turn", { card: c }));
      else if (e.event === "choose") {
        S.refusal = !e.accept;
        tell(say(d.chooser === YOU ? (e.accept ? "you-accept" : "you-refuse") : e.accept ? "accepts" : "refuses",
                 { player: name(d.chooser), card: turned }));
      } else if (e.event === "trump") {
        if (S.refusal) tell(say("trump-after-refusal", { suit: suitTerm(e.suit) }));
        if (e.taken.length) {
          tell(say(d.taker === YOU ? "you-take" : "takes-hidden", { player: name(d.taker), taken: codes(e.taken), n: e.taken.length }));
        }
      } else if (e.event === "bid") {
        if (e.round === "order-up") {
          tell(say(e.suit === null ? (mine ? "you-pass" : "passes") : mine ? "you-order-up" : "orders-up", { player: p, card: turned }));
          if (e.suit === null && e.seat === d.dealer) tell(say(mine ? "you-turned-down" : "turned-down", { dealer: p, card: turned }));
        } else {
          tell(say(e.suit === null ? (mine ? "you-pass-again" : "passes-again") : mine ? "you-name" : "names",
                   { player: p, suit: e.suit && suitTerm(e.suit) }));
        }
      } else if (e.event === "bid-tricks") tell(say(mine ? "you-bid" : "bids", { player: p, n: e.tricks }));
      else if (e.event === "marriage") {
        tell(say(mine ? "you-marriage" : "marriage", { player: p, suit: suitTerm(e.suit), n: e.points }));
        var led = S.shown && S.shown.winner === null && S.shown.plays[0];
        if (led && d.trick.length) tell(say(mine ? "you-play" : "plays", { player: p, card: code(led[1]) }));
        else if (led) S.shown.plays.pop(); // the marriage won the deal: its card stays in the hand
      }
      else if (e.event === "exchange") tell(say(mine ? "you-exchanged" : "exchanged", { player: p, given: code(e.given), taken: code(e.taken) }));
      else if (e.event === "close") tell(say(mine ? "you-closed" : "closed", { player: p }));
      else if (e.event === "thrown-in") tell(say("thrown-in"));
      else if (e.event === "discard") tell(mine ? say("you-discard", { card: c }) : say("discards", { player: p }));
      else if (e.event === "solo" && e.solo) {
        var mate = TABLE.partners(e.seat)[0];
        tell(mine ? say("you-alone", { partner: name(mate) }) : mate === YOU ? say("alone-without-you", { player: p })
          : say("goes-alone", { player: p, partner: name(mate) }));
      } else if (e.event === "trick") {
        var v = E.verdict(G, d.trump, e.plays), why = whyWins(v);
        var taken = say(e.winner === YOU ? "you-take-trick" : "takes-trick", { player: name(e.winner), card: code(v.card) });
        S.taken[e.winner]++;
        S.shown.winner = e.winner;
        S.wait = 2 * PAUSE; // the finished trick stays a while before the next lead
        tell(taken + " " + why); // heard as it is shown: who takes the trick, why, and its worth
        note.innerHTML = "<p>" + taken + " " + why + "</p>";
      } else if (e.event === "draw") {
        tell(mine ? say("you-draw", { card: c }) : e.card === d.indicator && d.indicatorTaker === e.seat
          ? say("draws-last", { player: p, card: c }) : say("draws", { player: p }));
      }
    }
  }

  function end() {
    var m = S.match, scored = m.score(), r = scored.result, lines = [], won = false, mate = TABLE.partners(YOU)[0];
    if (r.kind === "points") {
      var v = r.victory, best = Math.max.apply(null, r.points);
      r.sides.forEach(function (side, i) {
        lines.push(side.indexOf(YOU) < 0 ? say("count-other", { team: team(side), n: r.points[i] })
          : TWO ? say("count-you", { n: r.points[i] }) : say("count-your-side", { partner: name(mate), n: r.points[i] }));
      });
      if (v.winner === null) {
        lines.push(v.winsAbove !== null && best <= v.winsAbove ? say("draw-deal", { threshold: v.winsAbove }) : say("tie"));
      } else {
        won = v.winner === MINE;
        lines.push(won ? say(TWO ? "deal-won" : "deal-won-side", { n: v.points })
          : TWO ? say("deal-lost-one", { player: name(r.sides[v.winner][0]), n: v.points })
          : say("deal-lost", { team: team(r.sides[v.winner]), n: v.points }));
        if (v.points > 1) lines.push(say("double", { threshold: v.threshold }));
      }
    } else if (r.kind === "tricks") {
      var step = scored.step, declarers = r.declarers, sides = [0, 1].map(function (t) {
        return TABLE.orderFrom(0).filter(function (s) { return TABLE.teamOf(s) === t; });
      });
      var side = term(M["side-name"]);
      lines.push(declarers === MINE ? say("made-you", { side: side, n: r.tricks[declarers] })
        : say("made", { side: side, team: team(sides[declarers]), n: r.tricks[declarers] }));
      if (step.decider) {
        lines.push(say("decider"));
        won = step.matchWinner === MINE;
      } else {
        won = (declarers === MINE) === r.score.declarersWon;
        lines.push(say(r.score.declarersWon ? "declarers-won" : "declarers-lost", { side: side }),
                   say("declarers-write", { side: side, change: signed(step.written[declarers]) }),
                   say("defenders-write", { change: signed(step.written[1 - declarers]) }));
        if (step.roundWinner !== null && G.scoring.rounds > 1) {
          lines.push(step.roundWinner === MINE ? say("round-won-you", { score: 0 })
            : say("round-won", { team: team(sides[step.roundWinner]), score: 0 }));
        }
      }
    } else if (r.kind === "exact-bids") {
      TABLE.orderFrom(0).forEach(function (seat) {
        lines.push(say(seat === YOU ? "bid-line-you" : "bid-line",
                       { player: name(seat), number: r.bids[seat], n: r.tricks[seat], score: r.written[seat] }));
      });
      won = r.written[YOU] > 0;
    } else if (r.kind === "penalty-points") {
      TABLE.orderFrom(0).forEach(function (seat) {
        var you = seat === YOU ? "-you" : "";
        lines.push(say(r.taken[seat] ? "penalty-line" + you : "penalty-line-none" + you, { player: name(seat), n: r.taken[seat] }));
      });
      if (r.moon !== null) {
        lines.push(say(r.moon === YOU ? "moon-you" : "moon", { player: name(r.moon), number: r.taken[r.moon] }));
      }
      won = r.written[YOU] === Math.min.apply(null, r.written);
    } else if (r.kind === "game-points") {
      TABLE.orderFrom(0).forEach(function (seat) {
        lines.push(say(seat === YOU ? "race-points-you" : "race-points", { player: name(seat), n: r.points[seat] }));
      });
      var you = r.winner === YOU ? "-you" : "";
      lines.push(say("race-" + r.reason + you, { player: name(r.winner), target: G.scoring.dealTarget }));
      lines.push(say("race-scores" + you, { player: name(r.winner), n: r.written[r.winner] }));
      won = r.winner === YOU;
    } else if (r.kind === "odd-tricks") {
      var book = G.scoring.book, others = r.written.filter(function (w, side) { return side !== MINE; });
      S.deal.sides().forEach(function (side, i) {
        lines.push(i !== MINE ? say("tricks-other", { team: team(side), n: r.tricks[i] })
          : TWO ? say("tricks-you", { n: r.tricks[i] }) : say("tricks-your-side", { partner: name(mate), n: r.tricks[i] }));
      });
      S.deal.sides().forEach(function (side, i) {
        if (r.written[i]) {
          lines.push(i === MINE ? say(TWO ? "odd-you" : "odd-your-side", { n: r.written[i], book: book })
            : TWO ? say("odd-other-one", { player: name(side[0]), n: r.written[i], book: book })
            : say("odd-other", { team: team(side), n: r.written[i], book: book }));
        }
      });
      if (!Math.max.apply(null, r.written)) lines.push(say("odd-none", { n: book }));
      won = r.written[MINE] > Math.max.apply(null, others);
    }
    lines = lines.concat(r.kind === "thrown-in" ? say("thrown-in") : BY_SEAT ? totals() : matchScore());
    var ends = EXACT ? "bids-" : PENALTY ? "penalty-" : "race-";
    if (BY_SEAT && m.over) lines.push(m.winner === null ? say(ends + "tie") : m.winner === YOU ? say(ends + "won") : say(ends + "winner", { player: name(m.winner) }));
    else if (m.winner !== null) {
      var lost = TO_TARGET ? "game-lost" : "match-lost"; // at two, the winner is one player, named
      lines.push(m.winner === MINE ? say(TO_TARGET ? "game-won" : "match-won")
        : TWO ? say(lost + "-one", { player: name(S.deal.sides()[m.winner][0]) }) : say(lost));
    }
    result.innerHTML = lines.map(function (l) { return "<p>" + l + "</p>"; }).join("");
    if (!S.restored) S.said = S.said.concat(lines);
    if (m.number <= S.counted) return; // a deal replayed, or kept and read again: counted once
    S.counted = m.number;
    keepMatch();
    stats(function (s) {
      s.deals++;
      if (won) s.won++;
      if (m.winner === MINE) s.matches++;
    });
  }

  function totals() { // each player's running total, a sentence each
    return TABLE.orderFrom(0).map(function (seat) {
      return say(seat === YOU ? "total-you" : "total", { player: name(seat), n: S.match.totals[seat] });
    });
  }

  function matchScore() {
    if (BY_SEAT) return totals().join(" ");
    var m = S.match, mine = POINTS ? m.totals : m.scores, line = TWO
      ? say(TO_TARGET ? "game-score-one" : "match-score-one", { score: mine[MINE], player: name(TABLE.next(YOU)), other_score: mine[1 - MINE], target: m.target })
      : say(TO_TARGET ? "game-score" : POINTS ? "match-score" : "round-score",
            { score: mine[MINE], other_score: mine[1 - MINE], target: m.target });
    if (!POINTS && G.scoring.rounds > 1) line += " " + say("match-rounds", { score: m.rounds[MINE], other_score: m.rounds[1 - MINE] });
    return line;
  }

  // --- the learner's decisions ---

  function barred() { // the number the dealer may not bid now, or -1
    var d = S.deal, size = d.hands[d.dealer].length, allowed = d.legalActions().map(function (a) { return a.tricks; });
    for (var n = 0; n <= size; n++) if (allowed.indexOf(n) < 0) return n;
    return -1;
  }
  function whyBarred(n) { return say("bid-barred", { n: S.deal.hands[S.deal.dealer].length, number: n }); }

  function pick(card) {
    var d = S.deal;
    S.rove = sorted(d.hands[YOU]).indexOf(card);
    if (mayAct() && d.phase === "pass") return choose(card);
    if (!mayAct() || ["play", "forecast", "discard"].indexOf(d.phase) < 0) return;
    var a = d.legalActions().filter(function (x) { return x.card === card && x.kind !== "meld"; })[0];
    if (a) return act(a);
    var l = d.phase === "play" && legality(), reason = l ? l.refused[card] : "suit-taken";
    stats(function (s) { s.refused[reason] = (s.refused[reason] || 0) + 1; });
    tellNote(l ? say("refused", { card: code(card) }) + " " + duty(l)
      : say("refused-forecast", { card: code(card) }) + " " + say("suit-taken"));
  }

  /* A card picked or put back for the pass; a card beyond the number passed is refused, with
   * the number. */
  function choose(card) {
    var i = S.chosen.indexOf(card);
    if (i >= 0) S.chosen.splice(i, 1);
    else if (S.chosen.length < PASS.cards) S.chosen.push(card);
    else return tellNote(say("refused-pass", { n: PASS.cards }));
    S.advised = null;
    draw();
  }
  function passChosen() {
    var d = S.deal, gift = d.legalActions().filter(function (a) {
      return a.cards.length === S.chosen.length && S.chosen.every(function (c) { return a.cards.indexOf(c) >= 0; });
    })[0];
    if (gift) act(gift);
    else tellNote(say("refused-pass", { n: PASS.cards }));
  }

  function over() { return S.match.winner !== null || S.match.over; }
  function legality() {
    var d = S.deal;
    return E.legality(G, d.trump, d.trick, d.hands[YOU], d.rules,
                      { firstTrick: d.tricks === 0, broken: d.broken, stockGone: d.stockGone() });
  }
  function mayAct() { return !S.deal.isTerminal() && S.deal.toMove() === YOU; }

  function tellNote(html) {
    note.innerHTML = "<p>" + html + "</p>";
    S.said.push(html);
    draw();
  }

  function choices() { // the buttons of a decision that is no card
    var d = S.deal, round = d.phase === "bid" && G.phases[d.at].rounds[d.bidRound];
    if (mayAct() && d.phase === "play") { // on lead: show a marriage, exchange the trump, close the stock
      return d.legalActions().map(function (a, i) {
        var words = a.kind === "meld" ? say("meld-button", { suit: suitTerm(suitOf(a.card)), card: code(a.card) })
          : a.kind === "exchange" ? say("exchange-button", { card: code(tricksPhase().exchange + d.trump), turned: code(d.indicator) })
          : a.kind === "close" ? say("close-button") : "";
        return words && '<button type="button" class="tc-play__button' + (a === S.advised ? " tc-play--advised" : "")
          + '" data-action="' + i + '">' + words + "</button>";
      }).join("");
    }
    if (!mayAct() || d.phase === "discard") return "";
    if (d.phase === "pass") {
      var full = S.chosen.length === PASS.cards;
      return '<p class="tc-play__chosen" id="tc-play-chosen">' + say("pass-count", { number: S.chosen.length, n: PASS.cards })
        + '</p><button type="button" class="tc-play__button" data-pass="" aria-describedby="tc-play-chosen"'
        + (full ? "" : ' aria-disabled="true"') + ">" + say("pass-button", { n: PASS.cards }) + "</button>";
    }
    if (d.phase === "bid-tricks") { // every number of tricks, the barred one refused with its reason
      var out = "", no = barred(), bids = d.legalActions();
      for (var n = 0; n <= d.hands[YOU].length; n++) {
        var i = bids.map(function (a) { return a.tricks; }).indexOf(n);
        out += '<button type="button" class="tc-play__button' + (bids[i] && bids[i] === S.advised ? " tc-play--advised" : "")
          + (i < 0 ? '" aria-disabled="true" aria-describedby="tc-play-barred" data-barred="' + n : '" data-action="' + i)
          + '">' + digits(n) + "</button>";
      }
      return out + (no < 0 ? "" : '<p class="tc-play__barred" id="tc-play-barred">' + whyBarred(no) + "</p>");
    }
    return d.legalActions().map(function (a, i) {
      var words = a.kind === "forecast" ? (a.card === null ? say("no-forecast") : "")
        : a.kind === "take" ? say(a.take ? "take" : "leave")
        : a.kind === "choose" ? say(a.accept ? "accept" : "refuse")
        : a.kind === "solo" ? say(a.solo ? "alone" : "together")
        : a.suit === null ? say("pass") : round === "order-up" ? say("order-up") : say("name-suit", { suit: suitTerm(a.suit) });
      return words && '<button type="button" class="tc-play__button' + (a === S.advised ? " tc-play--advised" : "")
        + '" data-action="' + i + '">' + words + "</button>";
    }).join("");
  }

  function ask() { // the question for the learner now
    var d = S.deal, turned = d.turned && code(d.turned);
    if (d.isTerminal()) return say(!over() ? "prompt-next" : GAME ? "prompt-game-over" : "prompt-over");
    if (!mayAct()) return "";
    if (d.phase === "play") return say(d.trick.length ? "prompt-play" : d.rules ? "prompt-lead-ruled" : "prompt-lead");
    if (d.phase === "pass") return say("prompt-pass", { n: PASS.cards, receiver: name(d.passTarget(YOU)) });
    if (d.phase === "cut") return say("prompt-cut", { card: code(d.treeOnOffer()) });
    if (d.phase === "choose") return say("prompt-choose", { card: turned });
    if (d.phase === "discard") return say("prompt-discard", { n: d.discardsDue });
    if (d.phase === "solo") return say("prompt-solo");
    if (d.phase === "forecast") return say("prompt-forecast");
    if (d.phase === "bid-tricks") return say("prompt-bid", { n: d.hands[YOU].length });
    var suit = suitTerm(d.trumpSuitOf(d.turned));
    if (G.phases[d.at].rounds[d.bidRound] === "order-up") return say("prompt-order", { card: turned, suit: suit });
    return say(d.legalActions()[0].suit === null ? "prompt-name" : "prompt-name-must", { suit: suit });
  }

  // --- drawing the table ---

  function sorted(cards) { // trumps first, then the suits in the game's order; strongest first
    var trump = S.deal.trump, t = G.table(trump), order = [trump].concat(G.suits);
    return cards.slice().sort(function (a, b) {
      return order.indexOf(t.suit[a]) - order.indexOf(t.suit[b]) || t.strength[b] - t.strength[a];
    });
  }

  function tags(seat) {
    var d = S.deal, out = [];
    if (seat === d.dealer) out.push(say("dealer"));
    if (seat !== YOU && TABLE.teamOf(seat) === MINE) out.push(say("partner"));
    if (seat in d.tricksBid) out.push(say("bid-tag", { number: d.tricksBid[seat] }));
    out.push(say("cards-held", { n: d.hands[seat].length }), S.taken[seat] ? say("tricks", { n: S.taken[seat] }) : say("no-trick"));
    if (RACE && d.cardPoints[seat]) out.push(say("points-tag", { n: d.cardPoints[seat] }));
    if (PENALTY) {
      var cost = d.piles[TABLE.teamOf(seat)].reduce(function (sum, c) { return sum + G.penalty[c]; }, 0);
      if (cost) out.push(say("penalty-tag", { n: cost }));
    }
    d.forecasts.forEach(function (f) { if (f[0] === seat && d.phase === "forecast") out.push(face(f[1])); });
    // the dealer's last card, face up, trump's until the dealer plays it
    if (TRUMP_SET && TRUMP_SET.source === "dealer-last" && seat === d.dealer && d.hands[seat].indexOf(d.turned) >= 0) {
      out.push(say("turned") + " " + face(d.turned));
    }
    return out.map(function (x) { return '<span class="tc-tag">' + x + "</span>"; }).join(" ");
  }

  function draw() {
    var d = S.deal, m = S.match, turn = mayAct(), focus = /** @type {HTMLElement} */ (document.activeElement);
    var inside = deciding(focus);
    put(title, say("deal-number", { number: m.number }));
    put(score, matchScore());
    put(seats, TABLE.orderFrom(TABLE.next(YOU)).slice(0, -1).map(function (s) {
      return '<li class="tc-play__seat' + (s === d.toMove() ? " tc-play__seat--turn" : "") + '"><span class="tc-seat__name">'
        + esc(name(s).text) + "</span> " + tags(s) + "</li>";
    }).join(""));
    var open = d.closedBy === null; // a closed stock lies with its trump card face down: neither is shown
    var up = d.phase === "choose" || (d.phase === "bid" && d.bidRound === 0) ? d.turned : d.stock.length && open ? d.indicator : null;
    if (TRUMP_SET && TRUMP_SET.source === "next-card") up = d.turned; // out of play, shown all the deal
    put(pack, (d.trump ? badge(d.trump) : TRUMP_SET ? '<span class="tc-badge">' + say("no-trump") + "</span>" : "") + (up ? ' <span class="tc-play__up">' + say("turned") + " " + face(up) + "</span>" : "")
      + (d.draws && d.stock.length && open ? ' <span class="tc-play__stock">' + say("stock", { n: d.stock.length }) + "</span>" : "")
      + (RACE && d.stockGone() ? ' <span class="tc-badge">' + say(open ? "stock-used-up" : "stock-closed") + "</span>" : "")
      + (d.rules && d.rules.unbroken !== null && d.phase === "play"
        ? ' <span class="tc-badge">' + say(d.broken ? "broken" : "not-broken", { suit: suitTerm(d.rules.unbroken) }) + "</span>" : ""));
    trick.hidden = !S.shown;
    put(plays, S.shown ? S.shown.plays.map(function (p) {
      return '<li class="tc-seat' + (p[0] === S.shown.winner ? " tc-seat--winner" : "") + '"><span class="tc-seat__name">'
        + (p[0] === YOU ? say("you") : esc(name(p[0]).text)) + "</span>" + face(p[1]) + "</li>";
    }).join("") : "");
    put(me, '<span class="tc-seat__name">' + say("you") + "</span> " + tags(YOU));
    drawHand(turn);
    put(prompt, ask());
    put(actions, choices());
    hintButton.hidden = !turn || d.phase !== "play";
    showButton.hidden = !turn;
    nextButton.hidden = !d.isTerminal() || over();
    // Focus: kept where it is; moved to the decision when the learner's turn begins, to the next
    // deal when one ends, or there when what held it is gone, but only from the decision itself
    // (the hand, its buttons, "Next deal"): never from the story, the other controls, the
    // statistics or outside the play, where a key pressed next must not play a card.
    var state = d.isTerminal() ? "end" : turn ? "turn" : "wait", changed = state !== S.state;
    S.state = state;
    if (changed && state === "turn") S.said.push(prompt.innerHTML); // a screen reader hears it is their turn
    if (inside && ((changed && state !== "wait") || !/** @type {HTMLElement} */ (root).contains(focus) || focus.hidden)) {
      (state === "end" ? (nextButton.hidden ? newButton : nextButton)
        : (["forecast", "pass", "play"].indexOf(d.phase) < 0 && actions.querySelector("button"))
          || hand.querySelector("[tabindex='0']")
          || title).focus();
    }
    flush();
  }

  function deciding(focus) { // whether the focus is in the decision: the hand, its buttons, "Next deal", the title
    return focus === title || focus === nextButton || hand.contains(focus) || actions.contains(focus) || help.contains(focus);
  }

  function drawHand(turn) {
    var d = S.deal, cards = sorted(d.hands[YOU]), phase = d.phase;
    var cardTurn = turn && (phase === "play" || phase === "forecast" || phase === "discard" || phase === "pass");
    // the cards "Show me" marks: those to pass, play, forecast or discard; a marriage is advised by its button
    var a = S.advised, advised = !a ? [] : a.cards || (a.card && a.kind !== "meld" ? [a.card] : []);
    var legal = S.hint && S.hint.legal;
    var choosing = turn && phase === "pass";
    S.rove = Math.max(0, Math.min(S.rove, cards.length - 1));
    if (hand._cards !== cards.join()) {
      hand._cards = cards.join();
      hand.innerHTML = cards.map(function (c) {
        return '<button type="button" class="tc-play__card" data-card="' + c + '">' + face(c) + "</button>";
      }).join("");
    }
    [].forEach.call(hand.children, function (/** @type {HTMLElement} */ b, i) {
      var c = b.getAttribute("data-card"), refused = legal && legal.indexOf(c) < 0;
      b.tabIndex = i === S.rove ? 0 : -1;
      b.className = "tc-play__card" + (legal ? refused ? " tc-play__card--refused" : " tc-play__card--legal" : "")
        + (advised.indexOf(c) >= 0 ? " tc-play--advised" : "") + (choosing && S.chosen.indexOf(c) >= 0 ? " tc-play__card--chosen" : "");
      if (choosing) b.setAttribute("aria-pressed", String(S.chosen.indexOf(c) >= 0));
      else b.removeAttribute("aria-pressed");
      if (!cardTurn || refused) b.setAttribute("aria-disabled", "true");
      else b.removeAttribute("aria-disabled");
    });
  }

  /* One polite announcement of what was said since the last, cards read by their names; a
   * sentence that opens with a card's name then opens with a capital. */
  function flush() {
    if (!S.said.length) return;
    var div = document.createElement("div");
    div.innerHTML = S.said.map(function (html) {
      var one = document.createElement("span");
      one.innerHTML = html;
      [].forEach.call(one.querySelectorAll("[role=img]"), function (/** @type {Element} */ e) { e.outerHTML = esc(e.getAttribute("aria-label")); });
      var text = one.innerHTML;
      return text.charAt(0).toLocaleUpperCase(L.code) + text.slice(1);
    }).join(" ");
    S.said = [];
    if (live.innerHTML === div.innerHTML) div.innerHTML += "\u00a0"; // a repeat is still announced
    live.innerHTML = div.innerHTML;
  }

  // --- statistics in this browser; localStorage may throw (file://, private modes) ---

  /* What another visit kept, read as untrusted: exactly these keys, whole counts, and refusals
   * by a code of the rules; anything else is forgotten, and the learner told so once. */
  function count(x) { return typeof x === "number" && x >= 0 && x <= 1e9 && x % 1 === 0; }
  function readable(s) {
    if (!s || typeof s !== "object" || Array.isArray(s)) return false;
    if (Object.keys(s).sort().join() !== "deals,matches,refused,won") return false;
    if (!count(s.deals) || !count(s.won) || !count(s.matches) || s.won > s.deals || s.matches > s.deals) return false;
    var r = s.refused;
    if (!r || typeof r !== "object" || Array.isArray(r) || Object.getPrototypeOf(r) !== Object.prototype) return false;
    var kinds = Object.keys(r);
    return kinds.length <= 20 && kinds.every(function (k) { return /^[a-z][a-z-]{0,39}$/.test(k) && count(r[k]); });
  }
  function kept() {
    var raw = null, s;
    try { raw = localStorage.getItem(KEY); } catch (e) { /* nothing kept in this browser */ }
    if (raw === null) return null;
    try { s = JSON.parse(raw); } catch (e) { s = null; }
    if (readable(s)) return s;
    try { localStorage.removeItem(KEY); } catch (e) { /* forgotten for this visit only */ }
    statsNote.innerHTML = say("stats-unreadable");
    statsNote.hidden = false;
    return null;
  }

  function stats(change) {
    var s = kept() || { deals: 0, won: 0, matches: 0, refused: {} };
    if (change) {
      change(s);
      try { localStorage.setItem(KEY, JSON.stringify(s)); } catch (e) { /* kept for this visit only */ }
    }
    var kinds = Object.keys(s.refused).sort(), refused = kinds.reduce(function (sum, k) { return sum + s.refused[k]; }, 0);
    var byKind = kinds.filter(function (k) { return M["stats-" + k]; }).map(function (k) {
      return "<li>" + say("stats-" + k, { n: s.refused[k] }) + "</li>";
    }).join("");
    statsBox.children[1].innerHTML = [say("stats-deals", { n: s.deals }), say("stats-won", { n: s.won }),
      say(GAME ? "stats-games" : "stats-matches", { n: s.matches }), say("stats-refusals", { n: refused })
        + (byKind ? "<ul>" + byKind + "</ul>" : "")].map(function (x) {
      return "<li>" + x + "</li>";
    }).join("");
  }

  // --- events ---

  hand.addEventListener("click", function (ev) {
    var b = ev.target.closest("[data-card]");
    if (b) pick(b.getAttribute("data-card"));
  });
  hand.addEventListener("keydown", function (ev) { // a toolbar: one Tab stop, arrows move along it
    var cards = [].slice.call(hand.children), i = cards.indexOf(document.activeElement), k = ev.key;
    var j = k === "Home" ? 0 : k === "End" ? cards.length - 1
      : k === "ArrowRight" || k === "ArrowLeft" ? i + ((k === "ArrowRight") !== RTL ? 1 : -1) : -2;
    if (i < 0 || j === -2) return;
    ev.preventDefault();
    S.rove = Math.max(0, Math.min(cards.length - 1, j));
    cards.forEach(function (b, n) { b.tabIndex = n === S.rove ? 0 : -1; });
    cards[S.rove].focus();
  });
  actions.addEventListener("click", function (ev) {
    var b = ev.target.closest("[data-action]"), no = ev.target.closest("[data-barred]");
    if (ev.target.closest("[data-pass]") && mayAct()) passChosen();
    if (b && mayAct()) act(S.deal.legalActions()[+b.getAttribute("data-action")]);
    if (no && mayAct()) {
      stats(function (s) { s.refused["bid-barred"] = (s.refused["bid-barred"] || 0) + 1; });
      tellNote(say("refused-bid", { number: +no.getAttribute("data-barred") }) + " " + whyBarred(+no.getAttribute("data-barred")));
    }
  });
  hintButton.addEventListener("click", function () {
    if (!mayAct()) return;
    var l = S.hint = legality();
    tellNote(duty(l) + " " + say("may-play", { legal: codes(sorted(l.legal)) }));
  });
  showButton.addEventListener("click", function () {
    if (!mayAct()) return;
    var a = E.advice(S.deal);
    S.advised = a.action;
    tellNote(advice(a));
  });
  nextButton.addEventListener("click", function () { deal(); });
  replayButton.addEventListener("click", function () {
    confirmed(S.mine > 0 ? say("confirm-replay") : "", say("replay"), replay);
  });
  newButton.addEventListener("click", function () { fresh(Math.floor(Math.random() * 1e6), S.target); });
  statsBox.lastChild.addEventListener("click", function () {
    try { localStorage.removeItem(KEY); } catch (e) { /* nothing kept */ }
    stats();
  });
  if (applyButton) {
    applyButton.addEventListener("click", function () { // the list only chooses; this button starts the match
      var target = +select.value;
      if (target === S.target) return;
      confirmed(playing() ? say("confirm-target", { n: target }) : "", say("target-apply"),
                function () { newMatch(S.seed, target); }, function () { select.value = String(S.target); });
    });
  }
  dialog.addEventListener("click", function (ev) {
    var b = ev.target.closest("button");
    if (b) answered(b.value === "yes");
  });
  dialog.addEventListener("close", function () { if (S.asking) answered(false); }); // Escape: "Keep playing"

  /* The answer, acted on at once; the focus back where the question was asked from. */
  function answered(yes) {
    var then = yes ? S.onYes : S.onNo, back = S.asker;
    S.asking = false;
    S.onYes = S.onNo = S.asker = null;
    if (dialog.open) dialog.close();
    if (back && document.contains(back)) back.focus();
    if (then) then();
  }

  function fresh(seed, target, otherwise) { // a new match, once asked if one is in progress
    confirmed(S.match && playing() ? say(GAME ? "confirm-new-game" : "confirm-new-match") : "", newButton.innerHTML,
              function () { newMatch(seed, target); }, otherwise);
  }

  /* Whether a match in progress would be lost: the learner has moved, and it is not over. */
  function playing() { return !over() && (S.match.number > 1 || S.mine > 0); }

  /* Asks before what would discard progress (a question, else none: done at once); `yes` names
   * the action, and "Keep playing", the default, leaves everything as it was. */
  function confirmed(question, yes, then, otherwise) {
    if (!question) return then();
    if (typeof dialog.showModal !== "function") { // a browser without <dialog>: its own question
      if (window.confirm(el("p", "", question).textContent || "")) then();
      else if (otherwise) otherwise();
      return;
    }
    S.onYes = then;
    S.onNo = otherwise || null;
    S.asker = /** @type {HTMLElement} */ (document.activeElement);
    S.asking = true;
    dialog.children[0].innerHTML = question;
    dialog.children[1].children[0].innerHTML = yes;
    dialog.showModal();
    dialog.children[1].children[1].focus();
  }

  /* #seed=12345&target=3; a missing or odd value gets a fresh one when the page opens. Later, an
   * address without a seed is a link within the page (the skip link, a heading's): the match in
   * play stays, and so does its address. */
  function fromAddress() {
    var h = Object.create(null);
    location.hash.slice(1).split("&").forEach(function (p) { var kv = p.split("="); h[kv[0]] = kv[1]; });
    if (S.match && !("seed" in h)) return history.replaceState({ tcPlay: S.id }, "", address());
    var goodSeed = /^\d{1,15}$/.test(h.seed), goodTarget = POINTS && /^\d{1,3}$/.test(h.target) && isTarget(+h.target);
    var seed = goodSeed ? +h.seed : Math.floor(Math.random() * 1e6), target = goodTarget ? +h.target : D.target;
    if (!S.match) { // the page opens: a reload, a tab reopened or a visit without a seed goes on with the kept match
      var kept = keptMatch(), ours = kept && history.state && history.state.tcPlay === kept.id;
      if (kept && (ours || !("seed" in h))) return newMatch(kept.seed, kept.target, kept);
    }
    // Back, Forward or an address typed: asked as "New match" asks; kept, the match keeps its address
    if (seed !== S.seed || target !== S.target) {
      fresh(seed, target, function () { history.replaceState({ tcPlay: S.id }, "", address()); });
    }
    if (("seed" in h && !goodSeed) || (POINTS && "target" in h && !goodTarget)) tellNote(say("address-unreadable"));
  }
  window.addEventListener("hashchange", fromAddress);
  /* Another tab of this page kept its match under this tab's id (both went on from one kept
   * match): this tab takes an id of its own, so that a reload of either finds its own moves. */
  window.addEventListener("storage", function (ev) {
    if (ev.key !== MATCH_KEY || !ev.newValue || !S.match) return;
    var other;
    try { other = JSON.parse(ev.newValue); } catch (e) { return; }
    if (!other || other.id !== S.id) return;
    S.id = Math.random().toString(36).slice(2, 12);
    history.replaceState({ tcPlay: S.id }, "", address());
  });
  stats();
  fromAddress();
  root.setAttribute("data-play-ready", ""); // bench/browser.py times the page until here
})();
