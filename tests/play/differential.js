/* The JavaScript side of tests/test_play_engine.py: reads a job as JSON on stdin and writes
 * what tutorial_engine/render/assets/play-engine.js answers, as JSON on stdout. The engine's
 * path is the first argument, so that a mutated copy can be put to the same test. */
"use strict";
const fs = require("fs");
const path = require("path");
const E = require(path.resolve(process.argv[2]));

/* A whole deal, as E.play plays it, but stopped with an error once it has taken more moves than
 * any deal can: a mutated engine that never ends a deal then fails at once, not at the timeout.
 * `reasons`, if given, receives the sensible player's reason and count at every decision. */
function play(deal, choose, rng, reasons) {
  for (let moves = 0; !deal.isTerminal(); moves++) {
    if (moves > 10000) throw new Error("a deal that never ends");
    if (reasons) {
      const advice = E.advice(deal);
      reasons.push([advice.why, advice.n === undefined ? null : advice.n]);
    }
    deal.apply(choose(deal, rng));
  }
  return deal.result();
}

/* One job's answer; a batch answers each of its jobs, so that hundreds of games cost one Node.js start. */
function answer(job) {
  if (job.kind === "batch") return job.jobs.map(answer);
  const game = E.game(job.game);
  const table = new E.Table(job.players || 2, job.teamSize || 1);
  let out;
  if (job.kind === "positions") {
    const rules = game.phases.filter((p) => p.phase === "tricks"
      && (p.firstLead !== null || p.unbroken !== null || p.cleanFirstTrick))[0] || null;
    out = job.positions.map(([trump, trick, hand, plays, moment]) => {
      const legality = moment
        ? E.legality(game, trump, trick, hand, rules, { firstTrick: moment[0], broken: moment[1], stockGone: moment[2] })
        : E.legality(game, trump, trick, hand);
      const verdict = E.verdict(game, trump, plays);
      return [legality.duty, legality.led, legality.legal, legality.refused,
              verdict.winner, verdict.reason, verdict.led, verdict.points, E.roles(game, verdict)];
    });
  } else if (job.kind === "deals") {
    const choose = E.strategies[job.strategy];
    out = job.seeds.map((seed, k) => {
      const rng = E.Random(seed);
      const deal = new E.Deal(game, table, seed % table.players, rng, job.numbers[k]);
      const reasons = [];
      const result = play(deal, choose, rng, reasons);
      return { log: deal.log, result, reasons };
    });
  } else if (job.kind === "matches") {
    out = job.seeds.map((seed) => {
      const match = new E.Match(game, table, seed, job.target);
      const deals = [];
      while (match.winner === null && !match.over && !(deals.length >= job.maxDeals)) {
        play(match.next(), E.strategies.sensible);
        const scored = match.score();
        deals.push({ dealer: match.deal.dealer, plays: match.deal.log.filter((e) => e.event === "trick").map((e) => e.plays),
                     totals: match.totals.slice(), scores: match.scores.slice(), rounds: match.rounds.slice(),
                     written: scored.step ? scored.step.written : null });
      }
      return { winner: match.winner, deals };
    });
  } else {
    throw new Error("unknown job kind " + job.kind);
  }
  return out;
}

process.stdout.write(JSON.stringify(answer(JSON.parse(fs.readFileSync(0, "utf8")))));
