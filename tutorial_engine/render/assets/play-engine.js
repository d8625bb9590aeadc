/* The rules engine of the play pages: the Python engine's deal, rules, players and scoring,
 * interpreting a game exported from game.yml (tutorial_engine/engine/export.py). It names no
 * game. tests/test_play_engine.py holds it to the Python engine: the same seed deals the same
 * cards, and positions, verdicts, legal plays and whole deals agree.
 *
 * API (cards are codes such as "A♥", suits symbols such as "♠", seats 0…n-1 in the direction
 * of play, seat 0 the first dealer):
 *   TcPlayEngine.Random(seed)            CPython's random.Random(seed): shuffle, randrange, choice
 *   TcPlayEngine.game(data)              a game, its strength tables computed once
 *   new TcPlayEngine.Deal(game, table, dealer, rng)   table = {players, teamSize}
 *     .phase ("forecast" "cut" "choose" "bid" "discard" "solo" "play" "over"), .toMove(),
 *     .legalActions(), .apply(action), .isTerminal(), .result(), .log (events as in Python)
 *   TcPlayEngine.legality(game, trump, trick, hand[, rules, moment])  {duty, led, trump, legal, refused, rules}
 *   TcPlayEngine.verdict(game, trump, plays)         {winner, card, reason, led, trump, plays, cardPoints, points}
 *   TcPlayEngine.advice(deal)            {action, why, n}: the sensible player's choice and its reason
 *   TcPlayEngine.Match(game, table, seed, target)    consecutive deals to the end of a match
 */
(function (root) {
  "use strict";

  // --- chance: CPython's Mersenne Twister, so that a seed deals the same cards in Python ---

  function Random(seed) {
    var mt = new Uint32Array(624), index = 625;
    function initGenrand(s) {
      mt[0] = s >>> 0;
      for (index = 1; index < 624; index++) {
        var prev = mt[index - 1] ^ (mt[index - 1] >>> 30);
        mt[index] = (Math.imul(1812433253, prev) + index) >>> 0;
      }
    }
    // random.seed(int): the absolute value's 32-bit words, least significant first
    var key = [seed % 4294967296 >>> 0];
    if (seed >= 4294967296) key.push(Math.floor(seed / 4294967296) >>> 0);
    initGenrand(19650218);
    var i = 1, j = 0, k;
    for (k = Math.max(624, key.length); k; k--) {
      var p = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(p, 1664525)) + key[j] + j) >>> 0;
      i++; j++;
      if (i >= 624) { mt[0] = mt[623]; i = 1; }
      if (j >= key.length) j = 0;
    }
    for (k = 623; k; k--) {
      var q = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(q, 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) { mt[0] = mt[623]; i = 1; }
    }
    mt[0] = 0x80000000;

    function next32() {
      var y;
      if (index >= 624) {
        for (var kk = 0; kk < 624; kk++) {
          y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % 624] & 0x7fffffff);
          mt[kk] = mt[(kk + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
        }
        index = 0;
      }
      y = mt[index++];
      y ^= y >>> 11;
      y ^= (y << 7) & 0x9d2c5680;
      y ^= (y << 15) & 0xefc60000;
      y ^= y >>> 18;
      return y >>> 0;
    }
    function below(n) { // _randbelow_with_getrandbits, for n < 2**32
      var shift = Math.clz32(n), r = next32() >>> shift;
      while (r >= n) r = next32() >>> shift;
      return r;
    }
    return {
      below: below,
      randrange: function (start, stop) { return start + below(stop - start); },
      choice: function (items) { return items[below(items.length)]; },
      shuffle: function (items) {
        for (var n = items.length - 1; n > 0; n--) {
          var m = below(n + 1), t = items[n];
          items[n] = items[m]; items[m] = t;
        }
      }
    };
  }

  // --- a game: cards, orders and the strength of every card under each trump ---

  var RED = { "♥": true, "♦": true };
  var TRUMP_BASE = 1000;
  function rankOf(card) { return card.slice(0, -1); }
  function suitOf(card) { return card.slice(-1); }

  function game(data) {
    var g = Object.create(data);
    g.value = {};
    data.deck.forEach(function (card) { g.value[card] = data.points[rankOf(card)] || 0; });
    g.penalty = {}; // what each card costs its taker, in a game scored by penalty points
    var s = data.scoring;
    if (s && s.kind === "penalty-points") {
      data.deck.forEach(function (card) {
        g.penalty[card] = card in s.cards ? s.cards[card] : s.suits[suitOf(card)] || 0;
      });
    }
    g.trees = data.top.filter(function (t) { return t.card; }).map(function (t) { return t.card; });
    g.tables = {};
    data.suits.concat([""]).forEach(function (trump) { g.tables[trump] = table(g, trump || null); });
    g.table = function (trump) { return g.tables[trump || ""]; };
    return g;
  }

  function topUnder(top, trump, suits) {
    if (top.card) return top.card;
    if (!trump) return null;
    if (top.suit === "trump") return top.rank + trump;
    var other = suits.filter(function (s) { return s !== trump && !RED[s] === !RED[trump]; })[0];
    return other ? top.rank + other : null;
  }

  function table(g, trump) {
    var top = g.top.map(function (t) { return topUnder(t, trump, g.suits); })
      .filter(function (c) { return c && g.deck.indexOf(c) >= 0; });
    var trumps = top.slice();
    if (trump) g.trumpOrder.forEach(function (r) { if (top.indexOf(r + trump) < 0) trumps.push(r + trump); });
    var t = { trump: trump, top: top, suit: {}, trumpStrength: {}, plainStrength: {}, strength: {} };
    g.deck.forEach(function (c) { t.suit[c] = top.indexOf(c) >= 0 ? trump : suitOf(c); });
    g.suits.forEach(function (s) {
      g.plainOrder.forEach(function (r, i) {
        if (top.indexOf(r + s) < 0) t.plainStrength[r + s] = t.strength[r + s] = g.plainOrder.length - i;
      });
    });
    trumps.forEach(function (c, i) {
      t.trumpStrength[c] = trumps.length - i;
      t.strength[c] = TRUMP_BASE + trumps.length - i;
    });
    return t;
  }

  // --- the rule kernels ---

  function verdict(g, trump, plays) {
    var t = g.table(trump), led = t.suit[plays[0]], best = 0, bestKey = t.strength[plays[0]];
    for (var i = 1; i < plays.length; i++) {
      var key = t.strength[plays[i]];
      if (key > bestKey && (key >= TRUMP_BASE || t.suit[plays[i]] === led)) { best = i; bestKey = key; }
    }
    var card = plays[best];
    var reason = bestKey < TRUMP_BASE ? "highest-of-led-suit" : g.trees.indexOf(card) >= 0 ? "tree" : "highest-trump";
    var cardPoints = plays.map(function (c) { return g.value[c]; });
    return { winner: best, card: card, reason: reason, led: led, trump: trump || null, plays: plays.slice(),
             cardPoints: cardPoints, points: cardPoints.reduce(function (a, b) { return a + b; }, 0) };
  }

  function roles(g, v) {
    var t = g.table(v.trump), trumpWon = v.reason !== "highest-of-led-suit";
    return v.plays.map(function (c, i) {
      if (i === v.winner) return "wins";
      if (c in t.trumpStrength) return "lower-trump";
      if (t.suit[c] === v.led) return trumpWon ? "trumped" : "lower-of-led-suit";
      return "off-suit";
    });
  }

  var REFUSALS = { "follow": "must-follow", "play-tree": "must-play-tree", "trump": "must-trump", "head": "must-head" };

  /* The duty in force and the cards it allows (rules.py _allowed); `follow`, the rule in force
     when not the game's own (followInForce). */
  function allowed(g, trump, trick, hand, follow) {
    follow = follow || g.follow;
    if (!trick.length) return ["lead", hand.slice()];
    if (follow === "none") return ["none", hand.slice()];
    if (follow === "suit-head-then-trump") return head(g, trump, trick, hand);
    var suit = g.table(trump).suit, led = suit[trick[0]];
    function of(test) { return hand.filter(test); }
    if (led === trump) {
      var trumps = trump ? of(function (c) { return suit[c] === trump; }) : [];
      return trumps.length ? ["follow", trumps] : ["free", hand.slice()];
    }
    var treesFollow = suitOf(trick[0]) === g.home;
    var following = of(function (c) { return suit[c] === led || (treesFollow && g.trees.indexOf(c) >= 0); });
    if (!of(function (c) { return suit[c] === led; }).length) following = [];
    if (following.length) return ["follow", following];
    var held = treesFollow ? of(function (c) { return g.trees.indexOf(c) >= 0; }) : [];
    if (held.length) return ["play-tree", held];
    if (follow === "suit") return ["void", hand.slice()];
    var mine = trump ? of(function (c) { return suit[c] === trump; }) : [];
    return mine.length ? ["trump", mine] : ["free", hand.slice()];
  }

  /* suit-head-then-trump (rules.py _head): follow suit with a card that takes the trick so far if
     the hand holds one, else follow suit; without the suit led, trump if possible, else any card. */
  function head(g, trump, trick, hand) {
    var t = g.table(trump), suit = t.suit, led = suit[trick[0]];
    var following = hand.filter(function (c) { return suit[c] === led; });
    if (following.length) {
      var best = t.strength[verdict(g, trump, trick).card];
      var winning = following.filter(function (c) { return t.strength[c] > best; });
      return winning.length ? ["head", winning] : ["follow", following];
    }
    var trumps = trump ? hand.filter(function (c) { return suit[c] === trump; }) : [];
    return trumps.length ? ["trump", trumps] : ["free", hand.slice()];
  }

  function tricksPhase(g) { return g.phases.filter(function (p) { return p.phase === "tricks"; })[0]; }

  /* The game's follow rule, or its tricks phase's lateFollow once the stock is gone (rules.py follow_in_force). */
  function followInForce(g, moment) {
    var p = tricksPhase(g);
    return moment && moment.stockGone && p.lateFollow ? p.lateFollow : g.follow;
  }
  /* What the tricks phase's own rules leave of the cards the duty to follow allows, and the rule
     that refused each other card (engine/rules.py _restrict): the first lead is the first-lead
     card, the unbroken suit is not led before it is broken, no penalty card goes to a clean first
     trick; each gives way rather than leave none. */
  function restrict(g, trump, rules, legal, leading, firstTrick, broken) {
    var refused = {};
    function keep(code, kept) {
      if (!kept.length) return legal;
      legal.forEach(function (c) { if (kept.indexOf(c) < 0) refused[c] = code; });
      return kept;
    }
    if (firstTrick && leading && legal.indexOf(rules.firstLead) >= 0) legal = keep("first-lead", [rules.firstLead]);
    if (leading && rules.unbroken !== null && !broken) {
      var suit = g.table(trump).suit;
      legal = keep("unbroken", legal.filter(function (c) { return suit[c] !== rules.unbroken; }));
    }
    if (firstTrick && rules.cleanFirstTrick && g.scoring.kind === "penalty-points") {
      legal = keep("clean-first-trick", legal.filter(function (c) { return !g.penalty[c]; }));
    }
    return { legal: legal, refused: refused };
  }
  function restrictPlays(g, trump, rules, legal, leading, firstTrick, broken) {
    return restrict(g, trump, rules, legal, leading, firstTrick, broken).legal;
  }

  /* Which cards of the hand may be played, and the code that refuses each other card (rules.py
     legal_plays); with where the trick stands ({firstTrick, broken, stockGone}), the follow rule
     for once the stock is gone, and the tricks phase's own rules when it restricts play (Deal.rules). */
  function legality(g, trump, trick, hand, rules, moment) {
    var a = allowed(g, trump, trick, hand, followInForce(g, moment)), code = REFUSALS[a[0]], refused = {}, legal = a[1];
    if (code) hand.forEach(function (c) { if (legal.indexOf(c) < 0) refused[c] = code; });
    if (rules && moment) {
      var r = restrict(g, trump, rules, legal, !trick.length, moment.firstTrick, moment.broken);
      legal = r.legal;
      Object.keys(r.refused).forEach(function (c) { refused[c] = r.refused[c]; });
    }
    return { duty: a[0], led: trick.length ? g.table(trump).suit[trick[0]] : null, trump: trump || null,
             legal: legal, refused: refused, rules: rules && moment ? rules : null };
  }

  // --- seats and sides ---

  function Table(players, teamSize) {
    this.players = players;
    this.teamSize = teamSize || 1;
    this.teamCount = players / this.teamSize;
  }
  Table.prototype.teamOf = function (seat) { return seat % this.teamCount; };
  Table.prototype.partners = function (seat) {
    var out = [];
    for (var s = seat % this.teamCount; s < this.players; s += this.teamCount) if (s !== seat) out.push(s);
    return out;
  };
  Table.prototype.next = function (seat, steps) {
    var n = this.players;
    return (((seat + (steps === undefined ? 1 : steps)) % n) + n) % n;
  };
  Table.prototype.orderFrom = function (seat) {
    var out = [];
    for (var k = 0; k < this.players; k++) out.push((seat + k) % this.players);
    return out;
  };

  function remove(list, item) { list.splice(list.indexOf(item), 1); }

  /**
   * Every choice of k items, in Python's itertools.combinations order.
   * @param {string[]} items @param {number} k @returns {string[][]}
   */
  function combinations(items, k) {
    /** @type {string[][]} */
    var out = [];
    /** @param {number} start @param {string[]} chosen */
    function pick(start, chosen) {
      if (chosen.length === k) { out.push(chosen); return; }
      for (var i = start; i <= items.length - (k - chosen.length); i++) pick(i + 1, chosen.concat([items[i]]));
    }
    pick(0, []);
    return out;
  }

  // --- a whole deal, phase by phase (tutorial_engine/engine/deal.py) ---

  function Deal(g, tbl, dealer, rng, number) {
    this.game = g; this.table = tbl; this.dealer = dealer; this.rng = rng; this.number = number || 0;
    this.log = [];
    this.pack = g.deck.slice();
    rng.shuffle(this.pack);
    /** @type {string[][]} */
    this.hands = []; for (var s = 0; s < tbl.players; s++) this.hands.push([]);
    this.stock = []; this.out = [];
    this.piles = []; this.won = [];
    for (var t = 0; t < tbl.teamCount; t++) { this.piles.push([]); this.won.push(0); }
    this.cutter = tbl.next(dealer, -1);
    this.exposed = []; this.taken = [];
    this.forecasters = []; this.forecasts = []; // [seat, card] in the order laid
    this.trump = null; this.turned = null; this.indicator = null; this.indicatorTaker = null;
    this.chooser = tbl.next(dealer);
    this.maker = null; this.bidders = []; this.bidRound = 0; this.taker = null; this.discardsDue = 0;
    this.soloAsked = []; this.solo = null;
    /** @type {Object<string, number>} */
    this.tricksBid = {};
    /** @type {number[]} */
    this.passers = []; /** @type {Object<string, string[]>} */ this.passed = {}; this.passing = null;
    this.players = tbl.orderFrom(0);
    this.trick = []; this.leader = tbl.next(dealer); this.order = [];
    this.tricks = 0; this.thrownIn = false; this.phase = "";
    this.broken = false; this.rules = null; // the tricks phase, when its own rules restrict what may be played
    this.at = -1; this.actions = null;
    this.draws = g.phases.some(function (p) { return p.phase === "tricks" && p.draw; });
    // a race to the deal's target (scoring game-points): card points and pending marriages by seat
    this.cardPoints = []; this.pending = [];
    for (var seat = 0; seat < tbl.players; seat++) { this.cardPoints.push(0); this.pending.push(0); }
    this.closedBy = null; this.closing = [0, 0]; this.dealWinner = null; this.dealReason = "";
    this.follow = g.follow; this.onLead = null; // the tricks phase, when a leader may close, exchange or meld
    this.race = g.scoring && g.scoring.kind === "game-points" ? g.scoring : null;
    this.nextPhase();
  }

  var ENTER = {
    "cut": function (p) {
      this.phase = "cut";
      var depth = this.rng.randrange(1, this.pack.length);
      var lifted = this.pack.slice(0, depth);
      this.exposed = p.take ? lifted.slice(-p.take).reverse() : [];
      this.pack = this.pack.slice(depth).concat(lifted);
      this.log.push({ event: "cut", cutter: this.cutter, depth: depth });
      if (this.treeOnOffer() === null) this.nextPhase();
    },
    "deal": function (p) {
      var taken = this.taken, tbl = this.table, self = this;
      var pack = taken.length ? this.pack.filter(function (c) { return taken.indexOf(c) < 0; }) : this.pack;
      Array.prototype.push.apply(this.hands[this.cutter], taken);
      var order = tbl.orderFrom(tbl.next(this.dealer)), top = 0, packets = p.packets;
      if (p.handSizes) {
        var size = handSizes(p.handSizes, Math.floor(this.game.deck.length / order.length))[this.number];
        packets = [];
        for (var one = 0; one < size; one++) packets.push(1);
      } else if (p.wholePack) {
        var round = packets.reduce(function (a, b) { return a + b; }, 0) * order.length;
        packets = [];
        for (var r = 0; r < Math.floor(pack.length / round); r++) packets = packets.concat(p.packets);
      }
      packets.forEach(function (size, number) {
        order.forEach(function (seat) {
          var count = number === 0 && seat === self.cutter ? size - taken.length : size;
          Array.prototype.push.apply(self.hands[seat], pack.slice(top, top + count));
          top += count;
        });
      });
      this.stock = pack.slice(top);
      this.pack = [];
      this.log.push({ event: "deal", dealer: this.dealer, taken: taken.slice(),
                      hands: this.hands.map(function (h) { return h.slice(); }) });
      this.nextPhase();
    },
    "forecast": function () {
      var tbl = this.table, dealer = this.dealer;
      this.forecasters = tbl.orderFrom(tbl.next(dealer)).filter(function (s) {
        return s !== dealer && tbl.partners(dealer).indexOf(s) < 0;
      });
      this.enter("forecast", this.forecasters.length > 0);
    },
    "turn-up": function () {
      var turned = this.turned = this.stock.shift(), exchange = null, self = this;
      this.trump = suitOf(turned);
      // A10: a forecast of the turned suit is exchanged for the turned card; the others go back
      this.forecasts.forEach(function (f) {
        if (suitOf(f[1]) === suitOf(turned)) exchange = f;
        self.hands[f[0]].push(exchange === f ? turned : f[1]);
      });
      this.indicator = exchange ? exchange[1] : turned;
      this.stock.push(this.indicator);
      this.log.push({ event: "turn-up", card: turned, trump: this.trump,
                      exchange: exchange ? exchange[0] : null, indicator: this.indicator });
      this.nextPhase();
    },
    "trump": function (p) {
      var card = null;
      if (p.source === "dealer-last") card = this.hands[this.dealer][this.hands[this.dealer].length - 1];
      else if (p.source === "next-card" && this.stock.length) { card = this.stock.shift(); this.out.push(card); }
      this.turned = card;
      this.trump = card !== null ? this.trumpSuitOf(card) : p.suit;
      this.log.push({ event: "trump-set", card: card, suit: this.trump });
      this.nextPhase();
    },
    "accept-or-refuse": function () { this.turn(); this.enter("choose", true); },
    "bidding": function () {
      this.turn();
      this.bidders = this.table.orderFrom(this.table.next(this.dealer));
      this.enter("bid", true);
    },
    "discard": function () { this.enter("discard", this.discardsDue > 0); },
    "bid-tricks": function () {
      this.bidders = this.table.orderFrom(this.table.next(this.dealer));
      this.enter("bid-tricks", true);
    },
    "pass": function (p) {
      var passing = p.directions[this.number % p.directions.length] !== "none";
      if (passing) { this.passing = p; this.passers = this.table.orderFrom(this.table.next(this.dealer)); this.passed = {}; }
      this.enter("pass", passing);
    },
    "solo": function (p) {
      var maker = this.maker, partner = this.table.partners(maker)[0];
      this.soloAsked = p.asked.map(function (a) { return a === "maker" ? maker : partner; });
      this.enter("solo", true);
    },
    "tricks": function (p) {
      var self = this;
      if (this.solo !== null) {
        var out = this.table.partners(this.solo)[0];
        this.players = this.players.filter(function (s) { return s !== out; });
        Array.prototype.push.apply(this.out, this.hands[out]);
        this.hands[out] = [];
      }
      var leader = this.table.next(this.dealer);
      while (self.players.indexOf(leader) < 0) leader = this.table.next(leader);
      var holder = this.players.filter(function (s) { return self.hands[s].indexOf(p.firstLead) >= 0; })[0];
      this.lead(holder === undefined ? leader : holder);
      this.rules = p.firstLead !== null || p.unbroken !== null || p.cleanFirstTrick ? p : null;
      this.onLead = p.closing || p.exchange !== null || p.marriage !== null ? p : null;
      this.phase = "play";
    }
  };

  Deal.prototype.nextPhase = function () {
    var p = this.game.phases[++this.at];
    ENTER[p.phase].call(this, p);
  };
  Deal.prototype.enter = function (phase, decisions) {
    if (decisions) this.phase = phase; else this.nextPhase();
  };
  Deal.prototype.treeOnOffer = function () {
    var i = this.taken.length;
    return i < this.exposed.length && this.game.trees.indexOf(this.exposed[i]) >= 0 ? this.exposed[i] : null;
  };
  Deal.prototype.turn = function () {
    this.turned = this.stock.shift();
    this.log.push({ event: "turn", card: this.turned });
  };
  Deal.prototype.trumpSuitOf = function (card) {
    return this.game.trees.indexOf(card) >= 0 ? this.game.home : suitOf(card);
  };
  Deal.prototype.fixTrump = function (suit, maker, taker, cards) {
    this.trump = suit; this.maker = maker; this.taker = taker;
    if (taker !== null) Array.prototype.push.apply(this.hands[taker], cards);
    this.discardsDue = cards.length;
    Array.prototype.push.apply(this.out, this.stock);
    this.stock = [];
    this.log.push({ event: "trump", suit: suit, maker: maker, taken: cards.slice() });
    this.nextPhase();
  };
  Deal.prototype.lead = function (leader) {
    this.leader = leader;
    var at = this.players.indexOf(leader);
    this.order = this.players.slice(at).concat(this.players.slice(0, at));
  };

  Deal.prototype.taking = function () { // the seat whose card takes the trick as it stands; null before the lead
    return this.trick.length ? this.order[verdict(this.game, this.trump, this.trick).winner] : null;
  };

  Deal.prototype.toMove = function () {
    switch (this.phase) {
      case "play": return this.order[this.trick.length];
      case "forecast": return this.forecasters[0];
      case "cut": return this.cutter;
      case "choose": return this.chooser;
      case "bid": return this.bidders[0];
      case "discard": return this.taker;
      case "solo": return this.soloAsked[0];
      case "bid-tricks": return this.bidders[0];
      case "pass": return this.passers[0];
    }
    return null;
  };
  /* Where `seat` passes in this deal: left is the next seat in a game played clockwise. */
  Deal.prototype.passTarget = function (seat) {
    var p = this.passing, direction = p.directions[this.number % p.directions.length];
    if (direction === "across") return this.table.next(seat, this.table.players / 2);
    var left = this.game.direction === "clockwise" ? 1 : -1;
    return this.table.next(seat, direction === "left" ? left : -left);
  };

  Deal.prototype.legalActions = function () {
    if (!this.actions) this.actions = this.computeActions();
    return this.actions;
  };
  Deal.prototype.computeActions = function () {
    var seat = this.toMove(), hand = this.hands[seat];
    function each(kind, key, values) {
      return values.map(function (v) { var a = { kind: kind, seat: seat }; a[key] = v; return a; });
    }
    switch (this.phase) {
      case "play":
        var cards = allowed(this.game, this.trump, this.trick, hand, this.follow)[1];
        if (this.rules) cards = restrictPlays(this.game, this.trump, this.rules, cards, !this.trick.length, this.tricks === 0, this.broken);
        var plays = each("play", "card", cards);
        return this.onLead && !this.trick.length ? plays.concat(this.leadOptions(seat, this.onLead)) : plays;
      case "forecast":
        var taken = this.forecasts.map(function (f) { return suitOf(f[1]); });
        return each("forecast", "card", /** @type {Array<string | null>} */ ([null]).concat(hand.filter(function (c) { return taken.indexOf(suitOf(c)) < 0; })));
      case "cut": return each("take", "take", [true, false]);
      case "choose": return each("choose", "accept", [true, false]);
      case "bid": return each("bid", "suit", this.bids());
      case "discard": return each("discard", "card", hand.slice());
      case "solo": return each("solo", "solo", [false, true]);
      case "bid-tricks": return each("bid-tricks", "tricks", this.trickBids());
      case "pass":
        var p = this.passing;
        return each("give", "cards", combinations(hand, p.cards));
    }
    return [];
  };
  /* What a player on lead may do besides leading a card (deal.py _lead_options): lead a king or
     queen showing its marriage, exchange the trump of the exchange rank for the turned card while
     the stock is open and holds more than two cards, close the stock while it is open. */
  Deal.prototype.leadOptions = function (seat, p) {
    var hand = this.hands[seat], trump = this.trump, out = [];
    if (p.marriage !== null) {
      hand.forEach(function (c) {
        var other = MARRIED[rankOf(c)];
        if (other && hand.indexOf(other + suitOf(c)) >= 0) out.push({ kind: "meld", seat: seat, card: c });
      });
    }
    var open = this.closedBy === null && this.stock.length > 0;
    if (p.exchange !== null && trump !== null && open && this.stock.length > 2 && this.indicator !== null
        && hand.indexOf(p.exchange + trump) >= 0) out.push({ kind: "exchange", seat: seat });
    if (p.closing && open) out.push({ kind: "close", seat: seat });
    return out;
  };
  /* The card points that win the deal reached, or the cards all played (deal.py _race_after_trick). */
  Deal.prototype.winDeal = function (seat, reason) {
    this.dealWinner = seat; this.dealReason = reason;
    this.log.push({ event: "deal-won", seat: seat, points: this.cardPoints[seat], reason: reason });
    this.phase = "over";
  };
  Deal.prototype.lateFollow = function () { var p = tricksPhase(this.game); return p.lateFollow || this.game.follow; };
  Deal.prototype.stockGone = function () {
    return this.closedBy !== null || (this.draws && this.tricks > 0 && !this.stock.length);
  };
  /* From none to every trick of the deal; the dealer, bidding last under the restriction, may
     not bring the bids' total to the number of tricks. */
  Deal.prototype.trickBids = function () {
    var p = this.game.phases[this.at], tricks = this.hands[this.dealer].length, bids = [], barred = -1;
    if (p.dealerRestricted && this.bidders.length === 1) {
      barred = tricks;
      for (var seat in this.tricksBid) barred -= this.tricksBid[seat];
    }
    for (var n = 0; n <= tricks; n++) if (n !== barred) bids.push(n);
    return bids;
  };
  Deal.prototype.bids = function () {
    var p = this.game.phases[this.at], turned = this.trumpSuitOf(this.turned), round = this.bidRound;
    var suits = p.rounds[round] === "order-up" ? [turned]
      : this.game.suits.filter(function (s) { return s !== turned || round === 0; });
    var last = round === p.rounds.length - 1 && this.bidders.length === 1;
    return (last && p.stickTheDealer ? [] : [null]).concat(suits);
  };
  Deal.prototype.isTerminal = function () { return this.phase === "over"; };

  Deal.prototype.apply = function (action) {
    var legal = this.legalActions().filter(function (a) {
      return a.kind === action.kind && a.seat === action.seat && a.card === action.card && a.take === action.take
        && a.accept === action.accept && a.suit === action.suit && a.solo === action.solo && a.tricks === action.tricks
        && String(a.cards) === String(action.cards);
    });
    if (!legal.length) throw new Error("not a legal action now: " + JSON.stringify(action));
    this.actions = null;
    DECIDE[action.kind].call(this, action);
  };

  var MARRIED = { "K": "Q", "Q": "K" }; // a marriage's two ranks, each to the other

  var DECIDE = {
    "meld": function (a) {
      var p = this.onLead, suit = suitOf(a.card), seat = a.seat;
      var points = suit === this.trump && p.trumpMarriage !== null ? p.trumpMarriage : p.marriage;
      var counted = this.won[this.table.teamOf(seat)] > 0;
      this.log.push({ event: "marriage", seat: seat, suit: suit, points: points, counted: counted });
      if (!counted) this.pending[seat] += points;
      else {
        this.cardPoints[seat] += points;
        if (this.race && this.cardPoints[seat] >= this.race.dealTarget) return this.winDeal(seat, "target");
      }
      DECIDE.play.call(this, { kind: "play", seat: seat, card: a.card });
    },
    "exchange": function (a) {
      var given = this.onLead.exchange + this.trump, turned = this.indicator;
      remove(this.hands[a.seat], given);
      this.hands[a.seat].push(turned);
      this.stock[this.stock.length - 1] = given;
      this.indicator = given;
      this.log.push({ event: "exchange", seat: a.seat, given: given, taken: turned });
    },
    "close": function (a) {
      var other = this.table.next(a.seat);
      this.closedBy = a.seat;
      this.closing = [this.cardPoints[other], this.won[this.table.teamOf(other)]];
      this.follow = this.lateFollow();
      this.log.push({ event: "close", seat: a.seat });
    },
    "play": function (a) {
      remove(this.hands[a.seat], a.card);
      this.trick.push(a.card);
      if (this.trick.length === this.order.length) this.endTrick();
    },
    "forecast": function (a) {
      this.forecasters.shift();
      if (a.card !== null) { remove(this.hands[a.seat], a.card); this.forecasts.push([a.seat, a.card]); }
      this.log.push({ event: "forecast", seat: a.seat, card: a.card });
      if (!this.forecasters.length) this.nextPhase();
    },
    "take": function (a) {
      this.log.push({ event: "take-tree", card: this.treeOnOffer(), take: a.take });
      if (a.take) {
        this.taken.push(this.treeOnOffer());
        if (this.treeOnOffer() !== null) return;
      }
      this.nextPhase();
    },
    "choose": function (a) {
      this.log.push({ event: "choose", accept: a.accept });
      if (a.accept) return this.fixTrump(this.trumpSuitOf(this.turned), this.chooser, this.chooser, [this.turned]);
      var first = this.trumpSuitOf(this.turned), turned = [this.turned];
      while (this.stock.length) {
        var card = this.stock.shift();
        if (this.trumpSuitOf(card) !== first) {
          Array.prototype.push.apply(this.out, turned);
          return this.fixTrump(this.trumpSuitOf(card), this.chooser, this.chooser, [card]);
        }
        turned.push(card);
      }
      this.fixTrump(first, this.chooser, this.chooser, turned);
    },
    "bid": function (a) {
      var p = this.game.phases[this.at], tbl = this.table;
      this.log.push({ event: "bid", seat: a.seat, round: p.rounds[this.bidRound], suit: a.suit });
      this.bidders.shift();
      if (a.suit !== null) {
        if (p.rounds[this.bidRound] === "order-up") return this.fixTrump(a.suit, a.seat, this.dealer, [this.turned]);
        return this.fixTrump(a.suit, a.seat, null, []);
      }
      if (this.bidders.length) return;
      if (this.bidRound === 0) this.out.push(this.turned);
      this.bidRound++;
      if (this.bidRound < p.rounds.length) { this.bidders = tbl.orderFrom(tbl.next(this.dealer)); return; }
      this.thrownIn = true;
      this.phase = "over";
      this.log.push({ event: "thrown-in", dealer: this.dealer });
    },
    "discard": function (a) {
      remove(this.hands[a.seat], a.card);
      this.out.push(a.card);
      this.log.push({ event: "discard", seat: a.seat, card: a.card });
      if (--this.discardsDue === 0) this.nextPhase();
    },
    "give": function (a) {
      this.passers.shift();
      var hand = this.hands[a.seat], self = this;
      a.cards.forEach(function (c) { remove(hand, c); });
      this.passed[a.seat] = a.cards;
      this.log.push({ event: "pass", seat: a.seat, to: this.passTarget(a.seat), cards: a.cards.slice() });
      if (this.passers.length) return;
      this.table.orderFrom(this.table.next(this.dealer)).forEach(function (seat) {
        Array.prototype.push.apply(self.hands[self.passTarget(seat)], self.passed[seat]);
      });
      this.passing = null;
      this.nextPhase();
    },
    "bid-tricks": function (a) {
      this.bidders.shift();
      this.tricksBid[a.seat] = a.tricks;
      this.log.push({ event: "bid-tricks", seat: a.seat, tricks: a.tricks });
      if (!this.bidders.length) this.nextPhase();
    },
    "solo": function (a) {
      this.soloAsked.shift();
      this.log.push({ event: "solo", seat: a.seat, solo: a.solo });
      if (a.solo) this.solo = a.seat;
      if (a.solo || !this.soloAsked.length) this.nextPhase();
    }
  };

  Deal.prototype.endTrick = function () {
    var v = verdict(this.game, this.trump, this.trick), winner = this.order[v.winner];
    var team = this.table.teamOf(winner), stock = this.stock;
    Array.prototype.push.apply(this.piles[team], this.trick);
    this.won[team]++;
    this.log.push({ event: "trick", leader: this.leader, plays: this.trick, seats: this.order.slice(), winner: winner,
                    points: v.points, reason: v.reason });
    this.lastTrick = v;
    var rules = this.rules, suit = this.game.table(this.trump).suit;
    if (rules && rules.unbroken !== null && !this.broken) {
      this.broken = this.trick.some(function (c) { return suit[c] === rules.unbroken; });
    }
    this.trick = [];
    this.tricks++;
    this.lead(winner);
    var s = this.race;
    if (s) { // the trick's points, and marriages waiting for a first trick; the target ends the deal before any draw
      this.cardPoints[winner] += v.points;
      if (this.won[team] === 1 && this.pending[winner]) { this.cardPoints[winner] += this.pending[winner]; this.pending[winner] = 0; }
      if (!this.hands[winner].length && !stock.length && this.closedBy === null && this.draws) this.cardPoints[winner] += s.lastTrick;
      if (this.cardPoints[winner] >= s.dealTarget) return this.winDeal(winner, "target");
    }
    if (this.draws && this.closedBy === null && stock.length >= this.order.length) {
      for (var i = 0; i < this.order.length; i++) {
        var seat = this.order[i], card = stock.shift();
        this.hands[seat].push(card);
        if (!stock.length && card === this.indicator) this.indicatorTaker = seat;
        this.log.push({ event: "draw", seat: seat, card: card });
      }
    }
    if (this.draws && !stock.length && this.closedBy === null) this.follow = this.lateFollow();
    if (this.hands[winner].length) return;
    if (!s) { this.phase = "over"; return; }
    // the last trick, nobody at the target: against a closer who fell short, else to the last trick's winner
    if (this.closedBy !== null) this.winDeal(this.table.next(this.closedBy), "closer-failed");
    else this.winDeal(winner, "last-trick");
  };

  Deal.prototype.sides = function () {
    var out = [];
    for (var t = 0; t < this.table.teamCount; t++) {
      var side = [];
      for (var s = t; s < this.table.players; s += this.table.teamCount) side.push(s);
      out.push(side);
    }
    return out;
  };

  /* What a finished deal came to, as engine/deal.py's ThrownIn, TrickResult, OddTricksResult,
   * BidsResult and DealResult; `kind` tells which. */
  /** @typedef {{kind: "thrown-in", dealer: number}} ThrownIn */
  /** @typedef {{kind: "tricks", trump: string, declarers: number, solo: number | null, tricks: number[],
   *             score: ReturnType<typeof trickScore>}} TrickResult */
  /** @typedef {{kind: "odd-tricks", trump: string | null, tricks: number[], written: number[]}} OddTricksResult */
  /** @typedef {{kind: "exact-bids", trump: string | null, bids: number[], tricks: number[], written: number[]}} BidsResult */
  /** @typedef {{kind: "penalty-points", trump: string | null, tricks: number[], taken: number[], written: number[],
   *             moon: number | null}} PenaltyResult */
  /** @typedef {{kind: "game-points", trump: string | null, tricks: number[], points: number[], winner: number,
   *             reason: string, closedBy: number | null, written: number[]}} GamePointsResult */
  /** @typedef {{kind: "points", sides: number[][], points: number[], victory: ReturnType<typeof victory>,
   *             trump: string, turned: string, indicator: string, indicatorTaker: number | null,
   *             trickCount: number}} DealResult */
  /** @returns {ThrownIn | TrickResult | OddTricksResult | BidsResult | PenaltyResult | GamePointsResult | DealResult} */
  Deal.prototype.result = function () {
    var scoring = this.game.scoring, self = this;
    if (this.thrownIn) return { kind: "thrown-in", dealer: this.dealer };
    if (scoring.kind === "tricks") {
      var declarers = this.table.teamOf(this.maker), won = this.won.slice();
      return { kind: "tricks", trump: this.trump, declarers: declarers, solo: this.solo, tricks: won,
               score: trickScore(scoring, won[declarers], this.tricks, this.solo !== null) };
    }
    if (scoring.kind === "exact-bids") {
      var seats = this.table.orderFrom(0).sort(function (a, b) { return a - b; });
      var bids = seats.map(function (seat) { return self.tricksBid[seat]; });
      var taken = seats.map(function (seat) { return self.won[self.table.teamOf(seat)]; });
      return { kind: "exact-bids", trump: this.trump, bids: bids, tricks: taken,
               written: exactBidsWritten(scoring, bids, taken) };
    }
    if (scoring.kind === "odd-tricks") {
      return { kind: "odd-tricks", trump: this.trump, tricks: this.won.slice(),
               written: this.won.map(function (w) { return Math.max(0, w - scoring.book); }) };
    }
    if (scoring.kind === "game-points") {
      var all = this.table.orderFrom(0).sort(function (a, b) { return a - b; });
      var tricks = all.map(function (seat) { return self.won[self.table.teamOf(seat)]; });
      var gained = gamePointsWon(scoring, this.dealWinner, this.cardPoints, tricks, this.closedBy, this.closing);
      return { kind: "game-points", trump: this.trump, tricks: tricks, points: this.cardPoints.slice(),
               winner: this.dealWinner, reason: this.dealReason, closedBy: this.closedBy,
               written: all.map(function (seat) { return seat === self.dealWinner ? gained : 0; }) };
    }
    if (scoring.kind === "penalty-points") {
      var order = this.table.orderFrom(0).sort(function (a, b) { return a - b; });
      var costs = order.map(function (seat) {
        return self.piles[self.table.teamOf(seat)].reduce(function (a, c) { return a + self.game.penalty[c]; }, 0);
      });
      var scored = penaltiesWritten(scoring, costs);
      return { kind: "penalty-points", trump: this.trump,
               tricks: order.map(function (seat) { return self.won[self.table.teamOf(seat)]; }), taken: costs,
               written: scored.written, moon: scored.moon };
    }
    var sides = this.sides();
    var points = sides.map(function (side) {
      return self.piles[self.table.teamOf(side[0])].reduce(function (a, c) { return a + self.game.value[c]; }, 0);
    });
    return { kind: "points", sides: sides, points: points, victory: victory(scoring, points, this.table.teamSize),
             trump: this.trump, turned: this.turned, indicator: this.indicator, indicatorTaker: this.indicatorTaker,
             trickCount: this.tricks };
  };

  // --- scoring (tutorial_engine/engine/scoring.py) ---

  /* The game points of a deal's winner, two players (scoring.py game_points_won). */
  function gamePointsWon(s, winner, points, tricks, closedBy, closing) {
    var loser = 1 - winner;
    if (closedBy !== null && closedBy !== winner) return closing[1] === 0 ? s.closerFailsNoTrick : s.closerFails;
    var lost = closedBy === winner ? closing : [points[loser], tricks[loser]];
    if (lost[1] === 0) return s.noTrickWin;
    if (s.low !== null && lost[0] < s.low) return s.lowWin;
    return s.win;
  }

  function victory(scoring, totals, teamSize) {
    var threshold = scoring.thresholds[teamSize], best = Math.max.apply(null, totals);
    if (threshold === undefined) threshold = null;
    var ties = totals.filter(function (t) { return t === best; }).length;
    if (ties > 1 || (scoring.winsAbove !== null && best <= scoring.winsAbove)) {
      return { winner: null, points: 0, outcome: "tie", threshold: threshold, winsAbove: scoring.winsAbove };
    }
    var double = threshold !== null && totals.some(function (t) { return t < threshold; });
    return { winner: totals.indexOf(best), points: double ? 2 : 1, outcome: double ? "win-double" : "win",
             threshold: threshold, winsAbove: scoring.winsAbove };
  }

  function trickScore(s, declarerTricks, tricks, solo) {
    function gain(taken, sweep) { return taken === tricks ? sweep : taken >= s.majority ? 1 : 0; }
    if (declarerTricks >= s.majority) {
      return { declarers: gain(declarerTricks, solo && s.soloSweep !== null ? s.soloSweep : s.sweep), defenders: 0,
               declarersWon: true };
    }
    return { declarers: s.declarersLoss, declarersWon: false,
             defenders: s.defenders !== null ? s.defenders : gain(tricks - declarerTricks, s.sweep) };
  }

  function matchStep(s, scores, rounds, declarers, tricks, solo) {
    var total = tricks[0] + tricks[1];
    if (s.decider && rounds[0] === s.rounds - 1 && rounds[1] === s.rounds - 1) {
      return { written: [0, 0], scores: scores.slice(), rounds: rounds.slice(), roundWinner: null,
               matchWinner: tricks[0] >= s.majority ? 0 : 1, decider: true };
    }
    var deal = trickScore(s, tricks[declarers], total, solo), written = [0, 0];
    written[declarers] = deal.declarers; written[1 - declarers] = deal.defenders;
    var after = [scores[0] + written[0], scores[1] + written[1]], won = rounds.slice(), roundWon = null, matchWon = null;
    if (s.soloWinsRound && solo && tricks[declarers] === total) roundWon = declarers;
    else if (Math.max(after[0], after[1]) >= s.round) roundWon = after[0] >= s.round ? 0 : 1;
    if (roundWon !== null) {
      won[roundWon]++;
      if (s.rounds > 1) after = [0, 0];
      if (won[roundWon] === s.rounds) matchWon = roundWon;
    }
    return { written: written, scores: after, rounds: won, roundWinner: roundWon, matchWinner: matchWon, decider: false };
  }

  /* The hand sizes of a game, deal by deal, when they change (engine/procedure.py HandSizes). */
  function handSizes(kind, most) {
    var rising = [];
    for (var n = 1; n <= most; n++) rising.push(n);
    var falling = rising.slice().reverse();
    return kind === "up-and-down" ? rising.concat(falling.slice(1)) : falling.concat(rising.slice(1));
  }

  function exactBidsWritten(s, bids, tricks) {
    return bids.map(function (bid, seat) {
      var won = tricks[seat];
      return (bid === won ? s.bonus + s.perBidTrick * bid : -s.perMiss * Math.abs(bid - won)) + s.perTrick * won;
    });
  }

  /* What each player writes for a deal, and who shot the moon (engine/scoring.py penalties_written). */
  function penaltiesWritten(s, taken) {
    var total = taken.reduce(function (a, b) { return a + b; }, 0), moon = null;
    if (s.moon && total) moon = taken.indexOf(total) >= 0 ? taken.indexOf(total) : null;
    if (moon === null) return { written: taken.slice(), moon: null };
    return { written: taken.map(function (_, seat) { return seat === moon ? 0 : total; }), moon: moon };
  }

  function gameStep(s, scores, written) {
    var after = scores.map(function (score, side) { return score + written[side]; });
    var best = Math.max.apply(null, after);
    var leaders = after.filter(function (score) { return score === best; }).length;
    return { written: written.slice(), scores: after,
             winner: best >= s.target && leaders === 1 ? after.indexOf(best) : null };
  }

  // --- the sensible player (tutorial_engine/engine/strategy.py), with the reason for each choice ---

  function first(items, key) { // Python's min(): the first of the least keys
    var best = items[0], bestKey = key(best);
    for (var i = 1; i < items.length; i++) {
      var k = key(items[i]);
      if (k[0] < bestKey[0] || (k[0] === bestKey[0] && k[1] < bestKey[1])) { best = items[i]; bestKey = k; }
    }
    return best;
  }

  function advice(deal) {
    var actions = deal.legalActions(), kind = actions[0].kind, g = deal.game;
    if (kind === "forecast") {
      var lowest = g.plainOrder[g.plainOrder.length - 1];
      for (var i = 1; i < actions.length; i++) {
        if (rankOf(actions[i].card) === lowest) return { action: actions[i], why: "forecast-lowest" };
      }
      return { action: actions[0], why: "forecast-none" };
    }
    if (kind === "take") return { action: actions[0], why: "take-tree" };
    if (kind === "choose") {
      var turned = deal.trumpSuitOf(deal.turned);
      var held = deal.hands[deal.chooser].filter(function (c) { return deal.trumpSuitOf(c) === turned; }).length;
      return held >= 2 ? { action: actions[0], why: "accept", n: held } : { action: actions[1], why: "refuse", n: held };
    }
    if (kind === "bid") return bid(deal, actions);
    if (kind === "solo") return { action: actions[0], why: "no-solo" };
    if (kind === "bid-tricks") return bidTricks(deal, actions);
    if (kind === "give") return give(deal, actions);
    var exchange = actions.filter(function (a) { return a.kind === "exchange"; })[0];
    if (exchange) {
      var t = g.table(deal.trump), given = tricksPhase(g).exchange + deal.trump;
      var strength = function (c) { return (t.trumpStrength[c] || 0) * 100 + (t.plainStrength[c] || 0); };
      if (strength(deal.indicator) > strength(given)) return { action: exchange, why: "exchange" };
      actions = actions.filter(function (a) { return a.kind !== "exchange"; });
    }
    if (kind === "play" && actions.length === 1) return forced(deal, actions[0]);
    if (g.scoring.kind === "victory-points") return takePoints(deal, actions);
    if (g.scoring.kind === "exact-bids" && kind === "play") return makeTheBid(deal, actions);
    if (g.scoring.kind === "penalty-points" && kind === "play") return avoidPenalties(deal, actions);
    if (g.scoring.kind === "game-points") return race(deal, g.scoring, actions);
    return takeTricks(deal, actions);
  }

  var CLOSE_MARGIN = 20; // strategy.py: close once within this of the deal's target and ahead

  /* On lead: close the stock when ahead and near the target; lead the queen of a marriage, a trump
     one first. Else play as a game of card points. */
  function race(deal, s, actions) {
    var plays = actions.filter(function (a) { return a.kind === "play"; });
    var of = function (kind) { return actions.filter(function (a) { return a.kind === kind; }); };
    var close = of("close")[0], melds = of("meld");
    if (close) {
      var mine = deal.cardPoints[close.seat], theirs = deal.cardPoints[deal.table.next(close.seat)];
      if (mine >= s.dealTarget - CLOSE_MARGIN && mine > theirs) {
        return { action: close, why: "close", n: mine, margin: CLOSE_MARGIN };
      }
    }
    if (melds.length) {
      var key = function (m) { // Python's max(): the first of the greatest keys
        return [suitOf(m.card) === deal.trump ? 1 : 0, rankOf(m.card) === "Q" ? 1 : 0, -deal.game.suits.indexOf(suitOf(m.card))];
      };
      var best = melds[0];
      melds.slice(1).forEach(function (m) {
        var a = key(m), b = key(best);
        if (a[0] > b[0] || (a[0] === b[0] && (a[1] > b[1] || (a[1] === b[1] && a[2] > b[2])))) best = m;
      });
      return { action: best, why: "marry" };
    }
    if (plays.length === 1) return forced(deal, plays[0]);
    return takePoints(deal, plays);
  }

  /* The one card the rules allow: the hand's last, the only card of the suit led, or a card
     another duty forces. */
  function forced(deal, play) {
    var hand = deal.hands[play.seat], suit = deal.game.table(deal.trump).suit;
    if (hand.length === 1) return { action: play, why: "last-card" };
    var led = deal.trick.length ? suit[deal.trick[0]] : null;
    if (led !== null && suit[play.card] === led && hand.filter(function (c) { return suit[c] === led; }).length === 1) {
      return { action: play, why: "only-follow" };
    }
    return { action: play, why: "only" };
  }

  function partnerTakes(deal, seat) { // whether a partner of the seat takes the trick as it stands
    var taking = deal.taking();
    return taking !== null && taking !== seat && deal.table.teamOf(taking) === deal.table.teamOf(seat);
  }

  /* Pass the costliest cards (in a game of penalty points), the strongest of equal cost. */
  function give(deal, gifts) {
    var t = deal.game.table(deal.trump), cost = deal.game.penalty, hand = deal.hands[gifts[0].seat];
    function key(c) { return [cost[c] || 0, (t.trumpStrength[c] || 0) * 100 + (t.plainStrength[c] || 0)]; }
    var ranked = hand.slice().sort(function (a, b) {
      var x = key(a), y = key(b);
      return y[0] - x[0] || y[1] - x[1];
    });
    var given = ranked.slice(0, gifts[0].cards.length);
    var gift = gifts.filter(function (g) { return g.cards.every(function (c) { return given.indexOf(c) >= 0; }); })[0];
    return { action: gift, why: "pass-costliest" };
  }

  /* Lead the cheapest card, the weakest of equal cost; follow with the costliest card that does
     not take the trick, the strongest of equal cost; when every card would take it, as the last
     hand the cheapest, the strongest of equal cost, else the weakest. */
  function avoidPenalties(deal, plays) {
    var t = deal.game.table(deal.trump), trick = deal.trick, cost = deal.game.penalty;
    function strength(a) { return (t.trumpStrength[a.card] || 0) * 100 + (t.plainStrength[a.card] || 0); }
    if (!trick.length) {
      return { action: first(plays, function (a) { return [cost[a.card], strength(a)]; }), why: "avoid-lead-low" };
    }
    var losers = plays.filter(function (a) {
      return verdict(deal.game, deal.trump, trick.concat([a.card])).winner !== trick.length;
    });
    if (losers.length) {
      return { action: first(losers, function (a) { return [-cost[a.card], -strength(a)]; }), why: "avoid-duck" };
    }
    if (trick.length + 1 === deal.players.length) {
      return { action: first(plays, function (a) { return [cost[a.card], -strength(a)]; }), why: "avoid-must-take" };
    }
    return { action: first(plays, function (a) { return [strength(a), cost[a.card]]; }), why: "avoid-weakest" };
  }

  function bid(deal, bids) {
    var seat = bids[0].seat, hand = deal.hands[seat], turned = deal.turned;
    var ordering = turned !== null && deal.out.indexOf(turned) < 0;
    var ours = deal.table.teamOf(seat) === deal.table.teamOf(deal.dealer);
    function trumps(b) {
      var t = deal.game.table(b.suit), held = hand.filter(function (c) { return t.suit[c] === b.suit; }).length;
      if (!ordering) return held;
      return ours ? held + 1 : held - (t.top.indexOf(turned) >= 0 ? 1 : 0);
    }
    var best = null, most = -Infinity;
    bids.forEach(function (b) { if (b.suit !== null && trumps(b) > most) { best = b; most = trumps(b); } });
    if (bids[0].suit !== null || most >= 3) return { action: best, why: "bid", n: most };
    return { action: bids[0], why: "pass" };
  }

  /* As many tricks as the hand holds likely winners (aces of plain suits, and the three highest
     trumps), or the allowed bid nearest to that, the lower of two. */
  function bidTricks(deal, bids) {
    var t = deal.game.table(deal.trump), ace = deal.game.plainOrder[0];
    var trumps = Object.keys(t.trumpStrength).sort(function (a, b) { return t.trumpStrength[b] - t.trumpStrength[a]; });
    var likely = deal.hands[bids[0].seat].filter(function (c) {
      return trumps.indexOf(c) >= 0 && trumps.indexOf(c) < 3 || (rankOf(c) === ace && !(c in t.trumpStrength));
    }).length;
    return { action: first(bids, function (b) { return [Math.abs(b.tricks - likely), b.tricks]; }), why: "bid-likely", n: likely };
  }

  /* Short of the bid: win the trick with the strongest card that wins it now (the cheapest as the
     last hand), or lead the strongest; with the bid made: the strongest card that does not win
     the trick now, or lead the weakest. Else the weakest card. */
  function makeTheBid(deal, plays) {
    var t = deal.game.table(deal.trump), trick = deal.trick, seat = plays[0].seat;
    function strength(a) { return (t.trumpStrength[a.card] || 0) * 100 + (t.plainStrength[a.card] || 0); }
    function weak(a) { return [strength(a), 0]; }
    function strong(a) { return [-strength(a), 0]; }
    var short = deal.tricksBid[seat] > deal.won[deal.table.teamOf(seat)], weakest = first(plays, weak);
    if (!trick.length) return short ? { action: first(plays, strong), why: "bid-lead-high" } : { action: weakest, why: "bid-lead-low" };
    var winners = plays.filter(function (a) { return verdict(deal.game, deal.trump, trick.concat([a.card])).winner === trick.length; });
    if (short) {
      if (!winners.length) return { action: weakest, why: "bid-cannot-win" };
      var last = trick.length + 1 === deal.players.length;
      return { action: first(winners, last ? weak : strong), why: "bid-win" };
    }
    var losers = plays.filter(function (a) { return winners.indexOf(a) < 0; });
    return losers.length ? { action: first(losers, strong), why: "bid-lose" } : { action: weakest, why: "bid-must-win" };
  }

  /* As the last hand, a partner's trick gets the most points a card outside trumps adds, the
     weakest of equal points (or, with none, the cheapest card); else take a trick with points
     with the cheapest card that takes it. Otherwise the cheapest card, the weakest of equal points. */
  function takePoints(deal, plays) {
    var g = deal.game, trick = deal.trick, t = g.table(deal.trump);
    function key(a) {
      var s = (a.card in t.trumpStrength ? t.trumpStrength[a.card] : -100) * 100 + (t.plainStrength[a.card] || 0);
      return [g.value[a.card], s];
    }
    if (trick.length && trick.length + 1 === deal.table.players) {
      if (partnerTakes(deal, plays[0].seat)) {
        var plain = plays.filter(function (a) { return !(a.card in t.trumpStrength) && g.value[a.card]; });
        if (plain.length) {
          return { action: first(plain, function (a) { return [-g.value[a.card], key(a)[1]]; }), why: "partner-points" };
        }
        return { action: first(plays, key), why: "partner-takes" };
      }
      var winning = plays.filter(function (a) {
        return deal.table.next(deal.leader, verdict(g, deal.trump, trick.concat([a.card])).winner) === a.seat;
      });
      if (winning.length && trick.some(function (c) { return g.value[c]; })) {
        return { action: first(winning, key), why: "take-points" };
      }
    }
    return { action: first(plays, key), why: "cheapest" };
  }

  /* Plays and discards alike: the weakest card, unless it is the last hand, its partner does not
     already take the trick and a card of it takes the trick: then the weakest such card. */
  function takeTricks(deal, actions) {
    var t = deal.game.table(deal.trump), trick = deal.trick;
    function key(a) { return [(t.trumpStrength[a.card] || 0) * 100 + (t.plainStrength[a.card] || 0), 0]; }
    var weakest = first(actions, key), at = key(weakest)[0];
    if (actions[0].kind !== "play") return { action: weakest, why: "discard-weakest" };
    var winners = actions.filter(function (a) {
      return verdict(deal.game, deal.trump, trick.concat([a.card])).winner === trick.length;
    });
    if (trick.length && trick.length + 1 === deal.players.length) {
      if (partnerTakes(deal, weakest.seat)) return { action: weakest, why: "partner-takes" };
      if (winners.length) return { action: first(winners, key), why: "last-wins" };
    }
    if (trick.length && !winners.length) return { action: weakest, why: "cannot-win" };
    // "your stronger cards wait for later tricks" only while the hand holds one
    var stronger = deal.hands[weakest.seat].some(function (c) { return key({ card: c })[0] > at; });
    return { action: weakest, why: stronger ? "weakest" : "lowest" };
  }

  // --- a match: consecutive deals (engine/simulate.py and engine/match.py) ---

  function Match(g, tbl, seed, target) {
    this.game = g; this.table = tbl; this.rng = Random(seed); this.target = target;
    this.dealer = 0; this.turns = {}; this.number = 0; this.winner = null; this.over = false;
    this.totals = []; for (var t = 0; t < tbl.teamCount; t++) this.totals.push(0);
    this.scores = g.scoring.kind === "odd-tricks" ? this.totals.slice() : [0, 0]; this.rounds = [0, 0];
    this.deal = null;
  }
  Match.prototype.next = function () {
    this.number++;
    this.deal = new Deal(this.game, this.table, this.dealer, this.rng, this.number - 1);
    return this.deal;
  };
  /* Scores the finished deal; what it changed, and who deals next. */
  Match.prototype.score = function () {
    var r = /** @type {Deal} */ (this.deal).result(), tbl = this.table, step = null; // after next()
    if (r.kind === "points") {
      if (r.victory.winner !== null) this.totals[r.victory.winner] += r.victory.points;
      if (this.game.nextDealer === "in-turn") this.dealer = tbl.next(this.dealer);
      else if (r.victory.winner !== null) {
        var side = r.sides[r.victory.winner], team = tbl.teamOf(side[0]);
        var turn = this.turns[team] = (team in this.turns ? this.turns[team] : -1) + 1;
        this.dealer = side[turn % side.length];
      }
      var best = Math.max.apply(null, this.totals);
      if (best >= this.target) this.winner = this.totals.indexOf(best);
    } else {
      if (r.kind === "tricks") {
        step = matchStep(this.game.scoring, this.scores, this.rounds, r.declarers, r.tricks, r.solo !== null);
        this.scores = step.scores; this.rounds = step.rounds;
        if (step.matchWinner !== null) this.winner = step.matchWinner;
      } else if (this.game.scoring.kind === "exact-bids") { // a deal thrown in writes nothing
        var s = this.game.scoring, written = r.kind === "exact-bids" ? r.written : null;
        var totals = this.totals = this.totals.map(function (total, seat) { return total + (written ? written[seat] : 0); });
        var most = Math.max.apply(null, totals), dealPhase = this.game.phases.filter(function (p) { return p.phase === "deal"; })[0];
        var length = dealPhase.handSizes ? handSizes(dealPhase.handSizes, Math.floor(this.game.deck.length / tbl.players)).length : null;
        this.over = (s.target !== null && most >= s.target) || this.number === length;
        if (this.over && totals.filter(function (t) { return t === most; }).length === 1) this.winner = totals.indexOf(most);
        step = written ? { written: written.slice() } : null;
      } else if (r.kind === "odd-tricks") {
        step = gameStep(this.game.scoring, this.scores, r.written);
        this.scores = step.scores;
        if (step.winner !== null) this.winner = step.winner;
      } else if (r.kind === "game-points") { // the first to the target in game points wins the game
        var gamePoints = r.written;
        this.totals = this.totals.map(function (total, seat) { return total + gamePoints[seat]; });
        var leading = Math.max.apply(null, this.totals);
        this.over = leading >= this.game.scoring.target;
        if (this.over && this.totals.filter(function (t) { return t === leading; }).length === 1) {
          this.winner = this.totals.indexOf(leading);
        }
        step = { written: gamePoints.slice() };
      } else if (r.kind === "penalty-points") { // the game ends at the target, and the lowest total wins
        var penalties = r.written;
        this.totals = this.totals.map(function (total, seat) { return total + penalties[seat]; });
        var lowest = Math.min.apply(null, this.totals);
        this.over = Math.max.apply(null, this.totals) >= this.game.scoring.target;
        if (this.over && this.totals.filter(function (t) { return t === lowest; }).length === 1) {
          this.winner = this.totals.indexOf(lowest);
        }
        step = { written: penalties.slice() };
      }
      this.dealer = tbl.next(this.dealer);
    }
    return { result: r, step: step };
  };

  function play(deal, choose, rng) {
    while (!deal.isTerminal()) deal.apply(choose(deal, rng));
    return deal.result();
  }

  /* A catalog's plural rule (C syntax, as in a .po header's Plural-Forms) as a function of n,
   * read by a parser rather than run, so that a catalog never becomes code: n, whole numbers,
   * ( ), ! % < <= > >= == != && || and ? :, as gettext's own rules use them. Anything else is
   * not a rule: null. */
  function pluralRule(source) {
    var tokens = [], rest = String(source), at = 0, found;
    while ((rest = rest.replace(/^\s+/, ""))) {
      found = /^(?:n|\d+|&&|\|\||[=!<>]=|[<>!%?:()])/.exec(rest);
      if (!found) return null;
      tokens.push(found[0]);
      rest = rest.slice(found[0].length);
    }
    function test(f) { return function (a, b) { return function (n) { return +!!f(a(n), b(n)); }; }; }
    var levels = [
      { "||": test(function (a, b) { return a || b; }) },
      { "&&": test(function (a, b) { return a && b; }) },
      { "==": test(function (a, b) { return a === b; }), "!=": test(function (a, b) { return a !== b; }) },
      { "<": test(function (a, b) { return a < b; }), "<=": test(function (a, b) { return a <= b; }),
        ">": test(function (a, b) { return a > b; }), ">=": test(function (a, b) { return a >= b; }) },
      { "%": function (a, b) { return function (n) { return a(n) % b(n); }; } }
    ];
    function fail() { throw new SyntaxError("not a plural rule"); }
    function operand() {
      var token = tokens[at++], inner;
      if (token === "n") return function (n) { return n; };
      if (token === "!") { inner = operand(); return function (n) { return +!inner(n); }; }
      if (token === "(") { inner = choice(); if (tokens[at++] !== ")") fail(); return inner; }
      if (/^\d+$/.test(token)) { inner = +token; return function () { return inner; }; }
      return fail();
    }
    function level(i) {
      if (i === levels.length) return operand();
      var left = level(i + 1);
      while (Object.prototype.hasOwnProperty.call(levels[i], tokens[at])) left = levels[i][tokens[at++]](left, level(i + 1));
      return left;
    }
    function choice() {
      var test = level(0), yes, no;
      if (tokens[at] !== "?") return test;
      at++;
      yes = choice();
      if (tokens[at++] !== ":") fail();
      no = choice();
      return function (n) { return test(n) ? yes(n) : no(n); };
    }
    try {
      var rule = choice();
      return at === tokens.length ? rule : null;
    } catch (error) {  // a syntax error, or nesting deeper than the stack
      return null;
    }
  }

  var api = {
    Random: Random, game: game, Table: Table, Deal: Deal, Match: Match, verdict: verdict, roles: roles,
    legality: legality, advice: advice, trickScore: trickScore, matchStep: matchStep, victory: victory, play: play,
    rankOf: rankOf, suitOf: suitOf, pluralRule: pluralRule, red: function (suit) { return !!RED[suit]; },
    strategies: {
      random: function (deal, rng) { return rng.choice(deal.legalActions()); },
      sensible: function (deal) { return advice(deal).action; }
    }
  };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.TcPlayEngine = api;
})(this);
