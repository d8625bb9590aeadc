"""Drills → HTML for one locale: questions, options, the engine's answers and explanations.

The browser gets no rule: every step carries its answer (`data-answer`) and an explanation
that states the answer, so the page also teaches without JavaScript.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from markupsafe import Markup

from .cardnames import inline, rank_letter
from .drills import (
    Drill,
    ExchangeVariant,
    OrderVariant,
    StrongestVariant,
    TrickScoreVariant,
    ValueVariant,
    VictoryVariant,
    generate,
)
from .examples import ForecastExample, LegalExample, TrickExample
from .explain import (
    explain_legality,
    explain_options,
    explain_outcome,
    explain_win,
    points_sum,
)
from .scoring import Outcome, round_winner, trick_score, victory

if TYPE_CHECKING:
    from .render import Renderer


@dataclass(frozen=True)
class Option:
    value: str
    html: Markup


@dataclass(frozen=True)
class Step:
    type: str
    question: str
    answer: str
    """JSON: a list of option values, or a number."""
    feedback: Markup
    options: tuple[Option, ...] = ()


@dataclass(frozen=True)
class Question:
    prompt: Markup
    steps: tuple[Step, ...]


class DrillRenderer:
    def __init__(self, renderer: Renderer):
        self.r = renderer
        self.tr = renderer.tr
        self.macros = renderer.env.get_template("prompts.html").module
        self.card = renderer.env.get_template("macros.html").module.card

    def drill(self, drill: Drill) -> Markup:
        tr = self.tr
        text = {
            "check": tr.pgettext("drill", "Check"), "next": tr.pgettext("drill", "Next"),
            "reset": tr.pgettext("drill", "Start again"), "score": tr.pgettext("drill", "Score"),
            "streak": tr.pgettext("drill", "Streak"), "right": tr.pgettext("drill", "Right!"),
            "wrong": tr.pgettext("drill", "Not quite."), "answer": tr.pgettext("drill", "Answer"),
            "question": tr.pgettext("drill", "Question {n} of {total}"),
            "step": tr.pgettext("drill", "Step {n} of {total}"),
            "your_answer": tr.pgettext("drill", "Your answer"),
            "not_a_number": tr.pgettext("drill", "Please type a whole number."),
            "choose_one": tr.pgettext("drill", "Choose one."),
            "choose_all": tr.pgettext("drill", "Choose every card that fits, then check."),
            "reset_done": tr.pgettext("drill", "Your progress has been cleared."),
        }
        make = {TrickExample: self.trick, StrongestVariant: self.strongest, ValueVariant: self.value,
                OrderVariant: self.order, LegalExample: self.legal, ExchangeVariant: self.exchange,
                ForecastExample: self.allowed, VictoryVariant: self.victory,
                TrickScoreVariant: self.trick_score}
        questions = [make[type(v)](v) for v in generate(drill)]
        return self.r.html("drill.html", drill=drill, title=tr.gettext(drill.title), variants=questions,
                              locale=tr.code, text=json.dumps(text, ensure_ascii=False))

    def name(self, person: str) -> str:
        return self.r.name(person)

    def inline(self, text: str) -> Markup:
        return inline(text, self.tr)

    def card_option(self, value: str, card, who: str = "") -> Option:
        html = self.card(card) + (Markup(' <span class="tc-seat__name">{}</span>').format(who) if who else "")
        return Option(value, Markup(html))

    def number(self, question: str, answer: int, feedback: str) -> Step:
        return Step("number", question, json.dumps(answer), self.inline(feedback))

    def choice(self, kind: str, question: str, options, answer: list[str], feedback: str) -> Step:
        return Step(kind, question, json.dumps(answer), self.inline(feedback), tuple(options))

    def points_words(self, n: int) -> str:
        return self.tr.npgettext("diagram", "{n} point", "{n} points", n)

    # --- one method per kind: (prompt, steps) ---

    def trick(self, ex: TrickExample) -> Question:
        tr, verdict = self.tr, ex.solve()
        rows = [dict(name=self.name(ex.player(k)), card=c,
                     tags=[tr.pgettext("diagram", "leads")] if k == 0 else [])
                for k, c in enumerate(ex.plays)]
        prompt = self.macros.with_trump(ex.trump) + self.macros.seats(rows)
        winner = self.name(ex.player(verdict.winner))
        steps = [self.choice(
            "choice", tr.pgettext("drill", "Who takes the trick?"),
            [self.card_option(str(k), c, self.name(ex.player(k))) for k, c in enumerate(ex.plays)],
            [str(verdict.winner)],
            tr.pgettext("diagram", "{player} takes the trick with {card}.", player=winner, card=str(verdict.card))
            + " " + explain_win(verdict, ex.game, tr))]
        if ex.game.total_points:
            steps.append(self.number(
                tr.pgettext("drill", "How many points is the trick worth?"), verdict.points,
                f"{points_sum(verdict, tr)} · " + tr.npgettext(
                    "diagram", "the trick is worth {n} point", "the trick is worth {n} points", verdict.points)))
        return Question(Markup(prompt), tuple(steps))

    def strongest(self, variant: StrongestVariant) -> Question:
        tr, ranking = self.tr, variant.ranking.solve()
        game = variant.ranking.game
        steps, shown = [], list(variant.ranking.cards)
        while shown:  # E3: strongest, its value, hide it, again, until every card is valued
            best = next(c for c in ranking.order if c in shown)
            if len(shown) > 1:
                steps.append(self.choice(
                    "choice", tr.pgettext("drill", "Which of these cards is the strongest?"),
                    [self.card_option(str(c), c) for c in shown], [str(best)],
                    tr.pgettext("drill", "{card} is the strongest of these cards.", card=str(best))))
            if game.total_points:
                worth = game.card_points(best)
                steps.append(self.number(tr.pgettext("drill", "How many points is {card} worth?", card=str(best)),
                                         worth, tr.pgettext("drill", "{card} is worth {points}.", card=str(best),
                                                            points=self.points_words(worth))))
            shown.remove(best)
        prompt = self.macros.with_trump(variant.ranking.trump) + self.macros.row(variant.ranking.cards)
        return Question(Markup(prompt), tuple(steps))

    def value(self, variant: ValueVariant) -> Question:
        tr = self.tr
        step = self.number(tr.pgettext("drill", "How many points is this card worth?"), variant.points,
                           tr.pgettext("drill", "{card} is worth {points}.", card=str(variant.card),
                                       points=self.points_words(variant.points)))
        return Question(Markup(self.macros.row([variant.card])), (step,))

    def order(self, variant: OrderVariant) -> Question:
        tr, ex = self.tr, variant.ranking
        high, low = ex.solve().order
        game, trump = ex.game, ex.trump
        table = game.table(trump)
        if high in game.permanent_trumps:
            why = tr.gettext("{card} is a tree, and the trees outrank every other trump.", card=str(high))
        elif high in table.trump_strength and low not in table.trump_strength:
            why = tr.pgettext("drill", "{high} is a trump and {low} is not.", high=str(high), low=str(low))
        else:
            in_trumps = high in table.trump_strength
            order = " ".join(rank_letter(r, tr) for r in (game.trump_order if in_trumps else game.plain_order))
            pattern = (tr.pgettext("drill", "In the trump suit the order is {order}, so {high} beats {low}.",
                                   order=order, high=str(high), low=str(low)) if in_trumps else
                       tr.pgettext("drill", "In a suit that is not trump the order is {order}, so {high} beats {low}.",
                                   order=order, high=str(high), low=str(low)))
            why = pattern
        step = self.choice("choice", tr.pgettext("drill", "Which card is higher?"),
                           [self.card_option(str(c), c) for c in ex.cards], [str(high)], why)
        return Question(Markup(self.macros.with_trump(trump) + self.macros.row(ex.cards)), (step,))

    def legal(self, ex: LegalExample) -> Question:
        tr, legality = self.tr, ex.solve()
        prompt = (self.macros.with_trump(ex.trump)
                  + self.macros.row(ex.trick, tr.pgettext("diagram", "Trick so far:"))
                  + self.macros.row(ex.hand, tr.pgettext("drill", "Your hand:")))
        listed = " ".join(str(c) for c in legality.legal)
        feedback = tr.pgettext("drill", "You may play: {cards}.", cards=listed) + " " + explain_legality(legality, tr)
        step = self.choice("multi", tr.pgettext("drill", "Which cards may you play?"),
                           [self.card_option(str(c), c) for c in ex.hand],
                           [str(c) for c in legality.legal], feedback)
        return Question(Markup(prompt), (step,))

    def exchange(self, variant: ExchangeVariant) -> Question:
        tr, ex = self.tr, variant.example
        outcome = ex.outcome()
        (seat, forecast), = ex.forecasts
        player = self.name(ex.seats[seat])
        prompt = (self.macros.row([forecast], tr.pgettext("drill", "{player}'s forecast:", player=player))
                  + self.macros.row([ex.turned], tr.pgettext("diagram", "Turned card:")))
        must = outcome.exchange is not None
        options = [Option("yes", Markup.escape(tr.pgettext("drill", "Yes, it must be exchanged"))),
                   Option("no", Markup.escape(tr.pgettext("drill", "No, it goes back to the hand")))]
        step = self.choice("choice", tr.pgettext("drill", "Must {player} exchange the forecast?", player=player),
                           options, ["yes" if must else "no"],
                           explain_outcome(outcome, lambda s: self.name(ex.seats[s]), tr))
        return Question(Markup(prompt), (step,))

    def allowed(self, ex: ForecastExample) -> Question:
        tr, options = self.tr, ex.options()
        forecasts = dict(ex.forecasts)
        rows = [dict(name=self.name(n), card=forecasts.get(i),
                     tags=[tr.pgettext("diagram", "dealer")] if i == ex.dealer else
                     ([tr.pgettext("diagram", "forecast")] if i in forecasts else []))
                for i, n in enumerate(ex.seats)]
        player = self.name(ex.seats[ex.seat])
        prompt = (self.macros.seats(rows)
                  + self.macros.row(ex.hand, tr.pgettext("diagram", "{player}'s hand:", player=player)))
        allowed = " ".join(str(c) for c in options.allowed)
        feedback = (tr.pgettext("drill", "Allowed: {cards}.", cards=allowed) if options.allowed else
                    tr.pgettext("drill", "No card of this hand may be forecast."))
        if options.refused:
            feedback += " " + explain_options(options, tr)
        step = self.choice("multi", tr.pgettext("drill", "Which cards may {player} lay as a forecast?", player=player),
                           [self.card_option(str(c), c) for c in ex.hand],
                           [str(c) for c in options.allowed], feedback)
        return Question(Markup(prompt), (step,))

    def side(self, names) -> str:
        return " + ".join(self.name(n) for n in names)

    def victory(self, variant: VictoryVariant) -> Question:
        tr = self.tr
        result = victory(variant.game.scoring, variant.totals, variant.team_size)
        rows = [dict(name=self.side(names), card=None, tags=[self.points_words(total)])
                for names, total in zip(variant.sides, variant.totals)]
        nobody = tr.pgettext("drill", "Nobody: it is a tie")
        options = [Option(str(i), Markup.escape(self.side(names)))
                   for i, names in enumerate(variant.sides)] + [Option("tie", Markup.escape(nobody))]
        if result.outcome is Outcome.TIE:
            why = tr.pgettext("drill", "The highest totals are equal: nobody scores, and the same dealer deals again.")
        else:
            why = tr.pgettext("drill", "{side} has the highest total.", side=self.side(variant.sides[result.winner]))
        steps = [self.choice("choice", tr.pgettext("drill", "Who wins the deal?"), options,
                             ["tie" if result.winner is None else str(result.winner)], why)]
        if result.outcome is not Outcome.TIE:
            if result.outcome is Outcome.WIN_DOUBLE:
                reason = tr.pgettext("drill", "A total is below {threshold}, so the winner scores 2.",
                                     threshold=result.threshold)
            else:
                reason = tr.pgettext("drill", "No total is below {threshold}, so the winner scores 1.",
                                     threshold=result.threshold)
            steps.append(self.number(tr.pgettext("drill", "How many victory points does the winner score?"),
                                     result.points, reason))
        return Question(Markup(self.macros.seats(rows)), tuple(steps))

    def trick_score(self, variant: TrickScoreVariant) -> Question:
        tr, scoring = self.tr, variant.game.scoring
        score = trick_score(scoring, variant.declarer_tricks)
        declarers, defenders = variant.before
        after = (declarers + score.declarers, defenders + score.defenders)
        prompt = Markup("<p class=\"tc-row\">{}</p><p class=\"tc-row\">{}</p>").format(
            tr.npgettext("drill", "The declaring pair took {n} trick of 5.",
                         "The declaring pair took {n} tricks of 5.", variant.declarer_tricks),
            tr.pgettext("drill", "Before this deal: declarers {declarers}, defenders {defenders}.",
                        declarers=declarers, defenders=defenders))
        why = (tr.pgettext("drill", "The declarers won the deal.") if score.declarers_won else
               tr.pgettext("drill", "The declarers lost the deal."))
        steps = [
            self.number(tr.pgettext("drill", "What do the declarers write for this deal?"), score.declarers,
                        why + " " + tr.pgettext("drill", "Declarers: {change}.", change=self.signed(score.declarers))),
            self.number(tr.pgettext("drill", "What do the defenders write for this deal?"), score.defenders,
                        tr.pgettext("drill", "Defenders: {change}.", change=self.signed(score.defenders))),
        ]
        winner = round_winner(scoring, *after)
        options = [Option(value, Markup.escape(text)) for value, text in (
            ("declarers", tr.pgettext("drill", "The declarers")),
            ("defenders", tr.pgettext("drill", "The defenders")),
            ("none", tr.pgettext("drill", "Nobody yet")))]
        steps.append(self.choice(
            "choice", tr.pgettext("drill", "Has a side now won the round?"), options, [winner or "none"],
            tr.pgettext("drill", "The scores are now {declarers} and {defenders}; {target} wins a round.",
                        declarers=after[0], defenders=after[1], target=scoring.round)))
        return Question(prompt, tuple(steps))

    def signed(self, n: int) -> str:
        return ("+" if n > 0 else "−" if n < 0 else "") + self.tr.number(abs(n))
