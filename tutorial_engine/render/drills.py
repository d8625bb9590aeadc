"""Drills → HTML for one locale: questions, options, the engine's answers and explanations.

The browser gets no rule: every step carries its answer (`data-answer`) and an explanation
that states the answer, so the page also teaches without JavaScript.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from ..content.drills import (
    NAMES,
    DealCountVariant,
    DealerBidVariant,
    Drill,
    ExactBidsVariant,
    ExchangeVariant,
    MarriageVariant,
    MatchDealVariant,
    OddTricksVariant,
    OrderVariant,
    PenaltyVariant,
    StrongestVariant,
    TrickScoreVariant,
    ValueVariant,
    VictoryVariant,
    draw,
    same_colour_tops,
)
from ..content.examples import ForecastExample, LegalExample, TrickExample
from ..engine.cards import Card, Rank
from ..engine.game import ExactBids, OddTricks, PenaltyPoints, TrickScoring, VictoryPoints
from ..engine.rules import Legality
from ..engine.scoring import DealScore, DealVictory, Outcome, exact_bids_sum, round_winner, trick_score, victory
from ..i18n.cardnames import escaped, inline, rank_letter, rank_term, suit_term
from ..i18n.explain import (
    explain_legality,
    explain_marriage,
    explain_options,
    explain_outcome,
    explain_penalty_written,
    explain_win,
    moment_tags,
    points_sum,
    side_name,
    top_trump_beats,
)
from ..i18n.grammar import Team, Term
from ..i18n.translator import LeftToRight, Signed
from .drillmarkup import Prompts, variant
from .view import View


def trick_worth(verdict, tr) -> str:
    """"11 + 0 = 11: the trick is worth 11 points.", or that it is worth nothing: a sentence
    with the sum in it, for a diagram, a drill and a walkthrough alike."""
    if not verdict.points:
        return tr.pgettext("diagram", "{sum}: the trick is worth nothing.", sum=points_sum(verdict, tr))
    return tr.npgettext("diagram", "{sum}: the trick is worth {n} point.", "{sum}: the trick is worth {n} points.",
                        verdict.points, sum=points_sum(verdict, tr))


@lru_cache(maxsize=4096)
def _json(answer: tuple[str, ...]) -> str:
    """A choice's answer as JSON: the same few lists ("0", "yes", a card) come back thousands
    of times a build."""
    return json.dumps(list(answer))


PRINTED = 10
"""Questions (variants) of a drill on its worksheet to print and in its answer key. A
walkthrough prints every moment."""
MORE_FOLDER = "drills"
"""Beside each practice page, the scripts of its drills' further questions."""
SHOWN = 1
"""Questions of a drill in a practice page itself; drills.js loads the others from a script
when the learner gets there. Thirteen drills of thirty questions made a page of 2 MB (64 KB
gzip), most of it never seen in a visit."""


@dataclass(frozen=True)
class Script:
    """The questions of a drill past the first SHOWN, for drills.js to load: `name` is unique
    to its content, so a browser never pairs a page with another build's questions."""
    name: str
    text: str


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
    key: Markup = Markup()
    """The answer as the printed answer key shows it: the right options, or the number."""


@dataclass(frozen=True)
class DrillQuestion:
    prompt: Markup
    steps: tuple[Step, ...]


class DrillRenderer:
    def __init__(self, view: View):
        self.view = view
        self.tr = view.tr
        self.macros = Prompts(self.tr, view.card)
        self.card = view.card

    def questions(self, drill: Drill) -> list[DrillQuestion]:
        """Every question of the drill, rendered once per locale: the page and its worksheet
        share them."""
        return self._kept((DrillRenderer.questions, drill), lambda: self._questions(drill))

    def _kept(self, key: tuple, make: Callable[[], Any]) -> Any:
        """What `make` renders, kept in the Translator's memo under `key`: `serve` keeps the
        Translator while its catalog and the templates are unchanged, so a live edit renders
        again only the drills it changed, which are most of a page's rendering. What showed
        English reports it again to each page that shows it."""
        kept = self.tr.memo.get(key)
        if kept is not None:
            if kept[1]:
                self.tr.shown_in_english(kept[1])
            return kept[0]
        with self.tr.recording() as missed:
            made = make()
        self.tr.memo[key] = made, frozenset(missed)
        return made

    def _questions(self, drill: Drill) -> list[DrillQuestion]:
        make: dict[type, Callable[[Any], DrillQuestion]] = {
            TrickExample: self.trick, StrongestVariant: self.strongest, ValueVariant: self.value,
            OrderVariant: self.order, LegalExample: self.legal, ExchangeVariant: self.exchange,
            ForecastExample: self.allowed, VictoryVariant: self.victory,
            TrickScoreVariant: self.trick_score, DealCountVariant: self.deal_count,
            MatchDealVariant: self.match_deal, OddTricksVariant: self.tally,
            DealerBidVariant: self.dealer_bid, ExactBidsVariant: self.exact_bids, PenaltyVariant: self.penalty_deal,
            MarriageVariant: self.marriage}
        drawn = self.view.questions.get(drill)
        return [make[type(v)](v) for v in (drawn if drawn is not None else draw(drill))]

    def worksheet(self, drill: Drill) -> Markup:
        """The drill on its worksheet: its first PRINTED questions, each with its answer, and
        the answer key; it needs no script."""
        return self._kept((DrillRenderer.worksheet, drill), lambda: self.section(
            drill, self.questions(drill)[:PRINTED], printed=PRINTED))

    def practice(self, drill: Drill, worksheet: str) -> tuple[Markup, Script | None]:
        """The drill on a practice page: its first SHOWN questions, and the script with the
        others. `worksheet` is the address of the worksheet that lists them."""
        return self._kept((DrillRenderer.practice, drill, worksheet), lambda: self._practice(drill, worksheet))

    def _practice(self, drill: Drill, worksheet: str) -> tuple[Markup, Script | None]:
        questions = self.questions(drill)
        shown, rest = questions[:SHOWN], questions[SHOWN:]
        if not rest:
            return self.section(drill, shown, printed=SHOWN), None
        first = 1 + sum(len(q.steps) for q in shown)
        items = []
        for question in rest:
            items.append(variant(question, first, False, self.tr, f"drill-{drill.id}"))
            first += len(question.steps)
        key = f"{drill.game.id}/{drill.id}"
        text = f"tcDrillMore({json.dumps(key)},{json.dumps(''.join(items), ensure_ascii=False)});\n"
        name = f"{drill.id}.{hashlib.sha256(text.encode()).hexdigest()[:10]}.js"
        html = self.section(drill, shown, printed=SHOWN, more=f"{MORE_FOLDER}/{name}",
                            total=len(questions), worksheet=worksheet,
                            on_worksheet=min(len(questions), PRINTED) - len(shown))
        return html, Script(name, text)

    def section(self, drill: Drill, questions: list[DrillQuestion], **context) -> Markup:
        return self.view.html("drill.html", anchor=f"drill-{drill.id}", key=f"{drill.game.id}/{drill.id}", mode="drill",
                           title=self.tr.gettext(drill.title), variants=questions, locale=self.tr.code,
                           text=self._kept((DrillRenderer.ui_text,), lambda: json.dumps(self.ui_text(), ensure_ascii=False)),
                           **context)

    def ui_text(self) -> dict[str, str]:
        """The words drills.js shows, in this locale."""
        tr = self.tr
        return {
            "check": tr.pgettext("drill", "Check"), "next": tr.pgettext("drill", "Next"),
            "reset": tr.pgettext("drill", "Start again"),
            "score": tr.pgettext("drill", "Score: {score} / {total}"),  # whole, so a language spaces its colon
            "streak": tr.pgettext("drill", "Streak: {number}"), "right": tr.pgettext("drill", "Right!"),
            "wrong": tr.pgettext("drill", "Not quite."), "answer": tr.pgettext("drill", "Answer"),
            "expected": tr.pgettext("drill", "Answer: {number}"),
            "minus": tr.minus,
            "question": tr.pgettext("drill", "Question {number} of {total}"),
            "step": tr.pgettext("drill", "Step {number} of {total}"),
            "your_answer": tr.pgettext("drill", "Your answer"),
            "not_a_number": tr.pgettext("drill", "Please type a whole number."),
            "choose_one": tr.pgettext("drill", "Choose one."),
            "choose_all": tr.pgettext("drill", "Choose every card that fits, then check."),
            "reset_done": tr.pgettext("drill", "Your progress has been cleared."),
            "unreadable": tr.pgettext("drill", "Your saved progress in this drill could not be read, so the drill "
                                      "starts again."),
            "loading": tr.pgettext("drill", "Loading the next questions…"),
            "load_failed": tr.pgettext("drill", "The next questions could not be loaded. Check your connection, "
                                       "then press Next to try again."),
        } | self.summary_text()

    def summary_text(self) -> dict[str, str]:
        """The words of the summary drills.js shows once every question is answered. {score} and
        {total} stay for the script to fill in; the questions to review are listed under
        "review" by their "question" and "step" counts, each with its question."""
        tr = self.tr
        return {
            "finished": tr.pgettext("drill", "You have answered every question."),
            "final_score": tr.pgettext("drill", "Your score: {score} out of {total}."),
            "review": tr.pgettext("drill", "Questions to look at again:"),
            "all_right": tr.pgettext("drill", "Every answer was right."),
        }

    def name(self, person: str) -> Term:
        return self.view.name(person)

    def inline(self, text: str) -> Markup:
        return inline(text, self.tr)

    def label(self, who: Term | Team) -> str:
        """A player's name, or a team's names as the locale lists them, on their own."""
        return self.tr.listed([m.text for m in who.members]) if isinstance(who, Team) else who.text

    def option(self, value: str, text: str) -> Option:
        return Option(value, self.inline(text))

    def card_option(self, value: str, card, who: Term | None = None) -> Option:
        if who is None:
            return Option(value, self.card(card))
        return Option(value, Markup(f'{self.card(card)} <span class="tc-seat__name">{escaped(who.text)}</span>'))

    def number(self, question: str, answer: int, feedback: str) -> Step:
        return Step("number", self.inline(question), str(answer), self.inline(feedback),
                    key=self.inline(self.tr.value(answer)))

    def choice(self, kind: str, question: str, options, answer: list[str], feedback: str) -> Step:
        right = Markup(" ".join(o.html for o in options if o.value in answer))  # markup, each of them
        return Step(kind, self.inline(question), _json(tuple(answer)), self.inline(feedback), tuple(options),
                    key=right or Markup("—"))

    def points_words(self, n: int) -> str:
        return self.tr.npgettext("diagram", "{n} point", "{n} points", n)

    # --- one method per kind: (prompt, steps) ---

    def trick(self, ex: TrickExample) -> DrillQuestion:
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
            tr.pgettext("diagram", "{player} takes the trick with {card}.", player=winner, card=verdict.card)
            + " " + explain_win(verdict, ex.game, tr))]
        if ex.game.total_points:
            steps.append(self.number(tr.pgettext("drill", "How many points is the trick worth?"), verdict.points,
                                     trick_worth(verdict, tr)))
        return DrillQuestion(Markup(prompt), tuple(steps))

    def strongest(self, variant: StrongestVariant) -> DrillQuestion:
        tr, ranking = self.tr, variant.ranking.solve()
        game = variant.ranking.game
        steps, shown = [], list(variant.ranking.cards)
        while shown:  # E3: strongest, its value, hide it, again, until every card is valued
            best = next(c for c in ranking.order if c in shown)
            first = len(shown) == len(variant.ranking.cards)  # later, the cards ranked still show
            if len(shown) > 1:
                steps.append(self.choice(
                    "choice", tr.pgettext("drill", "Which of these cards is the strongest?") if first else
                    tr.pgettext("drill", "Which of the remaining cards is the strongest?"),
                    [self.card_option(str(c), c) for c in shown], [str(best)],
                    tr.pgettext("drill", "{card} is the strongest of these cards.", card=best) if first else
                    tr.pgettext("drill", "{card} is the strongest of the remaining cards.", card=best)))
            if game.total_points:
                worth = game.card_points(best)
                steps.append(self.number(tr.pgettext("drill", "How many points is {card} worth?", card=best),
                                         worth, self.worth(best, worth)))
            shown.remove(best)
        prompt = self.macros.with_trump(variant.ranking.trump) + self.macros.row(variant.ranking.cards)
        return DrillQuestion(Markup(prompt), tuple(steps))

    def value(self, variant: ValueVariant) -> DrillQuestion:
        tr = self.tr
        step = self.number(tr.pgettext("drill", "How many points is this card worth?"), variant.points,
                           self.worth(variant.card, variant.points))
        return DrillQuestion(Markup(self.macros.row([variant.card])), (step,))

    def worth(self, card, points: int) -> str:
        if not points:
            return self.tr.pgettext("drill", "{card} is worth nothing.", card=card)
        return self.tr.npgettext("drill", "{card} is worth {n} point.", "{card} is worth {n} points.", points,
                                 card=card)

    def order(self, variant: OrderVariant) -> DrillQuestion:
        tr, ex = self.tr, variant.ranking
        high, low = ex.solve().order
        game, trump = ex.game, ex.trump
        table = game.table(trump)
        if high in game.permanent_trumps and low in game.permanent_trumps:
            why = tr.gettext("{card} beats the other tree, {lower}, because this site ranks it higher; "
                             "the trees outrank every other trump.", card=high, lower=[low])
        elif high in game.permanent_trumps:
            why = tr.gettext("{card} is a tree, and the trees outrank every other trump.", card=high)
        elif high in table.top:  # a bower says why it is a trump, above all over a card of its printed suit
            why = top_trump_beats(high, low, game, trump, tr)
        elif high in table.trump_strength and low not in table.trump_strength:
            why = tr.pgettext("drill", "{high} is a trump and {low} is not.", high=high, low=low)
        else:
            # The ranks of this suit as they stand under this trump: a card that a top trump took
            # away (a bower, a tree) is in neither the suit's trump order nor its plain order.
            in_trumps = high in table.trump_strength
            suit = trump if in_trumps and trump is not None else high.suit
            ranks = [r for r in (game.trump_order if in_trumps else game.plain_order)
                     if Card(r, suit) not in table.top and table.suit.get(Card(r, suit)) is suit]
            order = LeftToRight(" ".join(rank_letter(r, tr) for r in ranks))
            if in_trumps and table.top:
                why = tr.npgettext("drill", "The top trump {higher} comes first, then the trump suit in the order "
                                            "{order}, so {high} beats {low}.",
                                   "The top trumps {higher} come first, then the trump suit in the order {order}, "
                                   "so {high} beats {low}.", len(table.top), higher=list(table.top), order=order,
                                   high=high, low=low)
            elif in_trumps:
                why = tr.pgettext("drill", "In the trump suit the order is {order}, so {high} beats {low}.",
                                  order=order, high=high, low=low)
            elif game.procedure.without_trump:
                why = tr.pgettext("drill", "In every suit the order is {order}, so {high} beats {low}.",
                                  order=order, high=high, low=low)
            else:
                why = tr.pgettext("drill", "In a suit that is not trump the order is {order}, so {high} beats {low}.",
                                  order=order, high=high, low=low)
        step = self.choice("choice", tr.pgettext("drill", "Which card is higher?"),
                           [self.card_option(str(c), c) for c in ex.cards], [str(high)], why)
        return DrillQuestion(Markup(self.macros.with_trump(trump) + self.macros.row(ex.cards)), (step,))

    def legal(self, ex: LegalExample) -> DrillQuestion:
        tr, legality = self.tr, ex.solve()
        prompt = (self.macros.with_trump(ex.trump, moment_tags(legality, ex.moment, tr))
                  + self.macros.row(ex.trick, tr.pgettext("diagram", "Trick so far:"))
                  + self.macros.row(ex.hand, tr.pgettext("drill", "Your hand:")))
        feedback = " ".join([tr.pgettext("drill", "You may play: {legal}.", legal=legality.legal),
                             explain_legality(legality, tr), *self.face_suit_notes(ex, legality)])
        step = self.choice("multi", tr.pgettext("drill", "Which cards may you play?"),
                           [self.card_option(str(c), c) for c in ex.hand],
                           [str(c) for c in legality.legal], feedback)
        return DrillQuestion(Markup(prompt), (step,))

    def face_suit_notes(self, ex: LegalExample, legality: Legality) -> list[str]:
        """Why a top trump of the trump's colour in the hand answers to the trump and not to the
        suit on its face, when one of the two was led: the card a learner most often misplaces."""
        tr, notes, game = self.tr, [], ex.game
        for card in (c for c in ex.hand if c in same_colour_tops(game, ex.trump)):
            rule = next(t for t in game.top_trumps if t.under(ex.trump, game.suits) == card)
            if rule.name is not None:  # what players call it, which the rules page teaches
                named = tr.term("term", rule.name)
                if legality.led is ex.trump:
                    notes.append(tr.pgettext("drill", "{card} is the {term}: it counts as a trump, so it follows a "
                                                      "trump lead.", card=card, term=named))
                elif legality.led is card.suit:
                    notes.append(tr.pgettext("drill", "{card} is the {term}: it counts as a trump, so it does not "
                                                      "follow suit when {suit} are led.",
                                             card=card, term=named, suit=suit_term(card.suit, tr)))
                continue
            rank = rank_term(card.rank, tr)
            if legality.led is ex.trump:
                # TRANSLATORS: "colour" is red or black, not a suit.
                notes.append(tr.pgettext("drill", "{card} is the {rank} of the other suit of the trump's colour: it "
                                                  "counts as a trump, so it follows a trump lead.",
                                         card=card, rank=rank))
            elif legality.led is card.suit:
                # TRANSLATORS: "colour" is red or black, not a suit.
                notes.append(tr.pgettext("drill", "{card} is the {rank} of the other suit of the trump's colour: it "
                                                  "counts as a trump, so it does not follow suit when {suit} are led.",
                                         card=card, rank=rank, suit=suit_term(card.suit, tr)))
        return notes

    def exchange(self, variant: ExchangeVariant) -> DrillQuestion:
        tr, ex = self.tr, variant.example
        outcome = ex.outcome()
        assert outcome is not None  # an exchange drill always turns a card up (kinds._exchange)
        (seat, forecast), = ex.forecasts
        player = self.name(ex.seats[seat])
        prompt = (self.macros.row([forecast], tr.pgettext("drill", "{player}'s forecast:", player=player))
                  + self.macros.row([ex.turned], tr.pgettext("diagram", "Turned card:")))
        must = outcome.exchange is not None
        options = [self.option("yes", tr.pgettext("drill", "Yes, it must be exchanged")),
                   self.option("no", tr.pgettext("drill", "No, it goes back to the hand"))]
        step = self.choice("choice", tr.pgettext("drill", "Must {player} exchange the forecast?", player=player),
                           options, ["yes" if must else "no"],
                           explain_outcome(outcome, lambda s: self.name(ex.seats[s]), tr))
        return DrillQuestion(Markup(prompt), (step,))

    def allowed(self, ex: ForecastExample) -> DrillQuestion:
        tr, options = self.tr, ex.options()
        assert options is not None and ex.seat is not None  # the drill asks of one player's hand (kinds._allowed)
        forecasts = dict(ex.forecasts)
        rows = [dict(name=self.name(n), card=forecasts.get(i),
                     tags=[tr.pgettext("diagram", "dealer")] if i == ex.dealer else
                     ([tr.pgettext("diagram", "forecast")] if i in forecasts else []))
                for i, n in enumerate(ex.seats)]
        player = self.name(ex.seats[ex.seat])
        prompt = (self.alone(ex) + self.macros.seats(rows)
                  + self.macros.row(ex.hand, tr.pgettext("diagram", "{player}'s hand:", player=player)))
        feedback = (tr.pgettext("drill", "Allowed: {allowed}.", allowed=options.allowed) if options.allowed else
                    tr.pgettext("drill", "No card of this hand may be forecast."))
        if options.refused:
            feedback += " " + explain_options(options, tr)
        step = self.choice("multi", tr.pgettext("drill", "Which cards may {player} lay as a forecast?", player=player),
                           [self.card_option(str(c), c) for c in ex.hand],
                           [str(c) for c in options.allowed], feedback)
        return DrillQuestion(Markup(prompt), (step,))

    def alone(self, ex: ForecastExample) -> Markup:
        """That the players play individually, where the game could seat them in teams at this
        table: who may forecast depends on who partners the dealer (A8), and a learner who
        sees four players may think of two pairs."""
        players = len(ex.seats)
        if ex.team_size > 1 or all(size == 1 for size in ex.game.team_sizes(players)):
            return Markup()
        return Markup('<p class="tc-row">{}</p>').format(self.inline(self.tr.npgettext(
            "drill", "The {n} player plays individually: there are no teams.",
            "The {n} players play individually: there are no teams.", players)))

    def side(self, names) -> Term | Team:
        """Who scores together: one player, or a team named as one list."""
        members = tuple(self.name(n) for n in names)
        return members[0] if len(members) == 1 else Team(members)

    def victory(self, variant: VictoryVariant) -> DrillQuestion:
        scoring = variant.game.scoring
        assert isinstance(scoring, VictoryPoints)  # drawn only for such a game (kinds._scoring)
        result = victory(scoring, variant.totals, variant.team_size)
        rows = [dict(name=self.label(self.side(names)), card=None, tags=[self.points_words(total)])
                for names, total in zip(variant.sides, variant.totals)]
        return DrillQuestion(Markup(self.macros.seats(rows)), tuple(self.victory_steps(variant.sides, result)))

    def victory_steps(self, sides, result: DealVictory) -> list[Step]:
        """A20: who wins the deal (or nobody, on a tie), then how many victory points."""
        tr = self.tr
        nobody = tr.pgettext("drill", "Nobody: it is a tie")
        options = [self.option(str(i), self.label(self.side(names)))
                   for i, names in enumerate(sides)] + [self.option("tie", nobody)]
        if result.outcome is Outcome.TIE and result.wins_above is not None:
            why = tr.npgettext("drill", "No total is more than {n} point, so the deal is drawn.",
                               "No total is more than {n} points, so the deal is drawn.", result.wins_above)
        elif result.outcome is Outcome.TIE:
            why = tr.pgettext("drill", "The highest totals are equal: nobody scores, and the same dealer deals again.")
        else:
            winner = self.side(sides[result.winner])
            if result.wins_above is not None and isinstance(winner, Team):
                why = tr.npgettext("drill", "{team} have more than {n} point.", "{team} have more than {n} points.",
                                   result.wins_above, team=winner)
            elif result.wins_above is not None:
                why = tr.npgettext("drill", "{player} has more than {n} point.", "{player} has more than {n} points.",
                                   result.wins_above, player=winner)
            elif isinstance(winner, Team):
                why = tr.pgettext("drill", "{team} have the highest total.", team=winner)
            else:
                why = tr.pgettext("drill", "{player} has the highest total.", player=winner)
        steps = [self.choice("choice", tr.pgettext("drill", "Who wins the deal?"), options,
                             ["tie" if result.winner is None else str(result.winner)], why)]
        if result.outcome is not Outcome.TIE and result.threshold is not None:
            if result.outcome is Outcome.WIN_DOUBLE:
                reason = tr.npgettext("drill", "A total is below {threshold}, so the winner scores {n} victory point.",
                                      "A total is below {threshold}, so the winner scores {n} victory points.",
                                      result.points, threshold=result.threshold)
            else:
                reason = tr.npgettext("drill", "No total is below {threshold}, so the winner scores {n} victory point.",
                                      "No total is below {threshold}, so the winner scores {n} victory points.",
                                      result.points, threshold=result.threshold)
            steps.append(self.number(tr.pgettext("drill", "How many victory points does the winner score?"),
                                     result.points, reason))
        return steps

    def deal_count(self, variant: DealCountVariant) -> DrillQuestion:
        """A19, A20: the cards each side won in a whole deal; count them, then score the deal."""
        tr, game = self.tr, variant.game
        prompt, steps = Markup(), []
        for k, (names, cards, points) in enumerate(zip(variant.sides, variant.won, variant.points)):
            side = self.side(names)
            team = isinstance(side, Team)
            if k < variant.asked:
                label = (tr.pgettext("drill", "Won by {team}:", team=side) if team else
                         tr.pgettext("drill", "Won by {player}:", player=side))
                values = [str(p) for p in sorted((game.card_points(c) for c in cards), reverse=True) if p] or ["0"]
                total = LeftToRight(tr.digits(" + ".join(values) + (f" = {points}" if len(values) > 1 else "")))
                question = (tr.pgettext("drill", "How many points did {team} take?", team=side) if team else
                            tr.pgettext("drill", "How many points did {player} take?", player=side))
                if not points:
                    answer = (tr.pgettext("drill", "{team} took no points.", team=side) if team else
                              tr.pgettext("drill", "{player} took no points.", player=side))
                else:
                    answer = (tr.npgettext("drill", "{team} took {sum} point.", "{team} took {sum} points.", points,
                                           team=side, sum=total) if team else
                              tr.npgettext("drill", "{player} took {sum} point.", "{player} took {sum} points.",
                                           points, player=side, sum=total))
                steps.append(self.number(question, points, answer))
            elif team:
                label = tr.npgettext("drill", "Won by {team}, {n} point in all:", "Won by {team}, {n} points in all:",
                                     points, team=side)
            else:
                label = tr.npgettext("drill", "Won by {player}, {n} point in all:",
                                     "Won by {player}, {n} points in all:", points, player=side)
            if cards:
                prompt += self.macros.row(cards, label)
            else:
                nothing = (tr.pgettext("drill", "{team} won no trick.", team=side) if team else
                           tr.pgettext("drill", "{player} won no trick.", player=side))
                prompt += Markup('<p class="tc-row">{}</p>').format(self.inline(nothing))
        if variant.unclaimed:  # A18: with five players the indicator is never drawn
            prompt += self.macros.row(variant.unclaimed,
                                      tr.pgettext("drill", "Never drawn, so it counts for nobody:"))
        return DrillQuestion(Markup(prompt), tuple(steps + self.victory_steps(variant.sides, variant.victory)))

    def trick_score(self, variant: TrickScoreVariant) -> DrillQuestion:
        tr, scoring = self.tr, variant.game.scoring
        assert isinstance(scoring, TrickScoring)  # drawn only for such a game (kinds._scoring)
        score = trick_score(scoring, variant.declarer_tricks, variant.game.hand_size)
        declarers, defenders = variant.before
        after = (declarers + score.declarers, defenders + score.defenders)
        side = side_name(scoring, tr)
        prompt = Markup("<p class=\"tc-row\">{}</p><p class=\"tc-row\">{}</p>").format(
            self.inline(tr.npgettext("drill", "The {side} took {n} trick of {total}.",
                                     "The {side} took {n} tricks of {total}.", variant.declarer_tricks,
                                     side=side, total=variant.game.hand_size) if variant.declarer_tricks else
                        tr.pgettext("drill", "The {side} took no trick.", side=side)),
            self.inline(tr.pgettext("drill", "Before this deal: {side} {score}, defenders {other_score}.",
                                    side=side, score=declarers, other_score=defenders)))
        steps = self.sides_write(score, scoring)
        winner = round_winner(scoring, *after)
        options = [self.option(value, text) for value, text in (
            ("declarers", tr.pgettext("drill", "The {side}", side=side)),
            ("defenders", tr.pgettext("drill", "The defenders")),
            ("none", tr.pgettext("drill", "Nobody yet")))]
        if scoring.one_game:
            steps.append(self.choice(
                "choice", tr.pgettext("drill", "Has a side now won the game?"), options, [winner or "none"],
                tr.pgettext("drill", "The {side} now have {score} and the defenders {other_score}; {target} "
                                     "wins the game.", side=side, score=after[0], other_score=after[1],
                            target=scoring.round)))
        else:
            steps.append(self.choice(
                "choice", tr.pgettext("drill", "Has a side now won the round?"), options, [winner or "none"],
                tr.pgettext("drill", "The scores are now {declarers} and {defenders}; {target} wins a round.",
                            declarers=after[0], defenders=after[1], target=scoring.round)))
        return DrillQuestion(prompt, tuple(steps))

    def sides_write(self, score: DealScore, scoring: TrickScoring) -> list[Step]:
        """What the side that made trump writes for a deal, and why, then what the defenders write:
        asked in the scoring drills and at the end of a walkthrough alike."""
        tr = self.tr
        side = side_name(scoring, tr)
        won = (tr.pgettext("drill", "The {side} won the deal.", side=side) if score.declarers_won else
               tr.pgettext("drill", "The {side} lost the deal.", side=side))
        return [
            self.number(tr.pgettext("drill", "What do the {side} write for this deal?", side=side), score.declarers,
                        won + " " + tr.pgettext("drill", "{side}: {change}.", side=side, change=Signed(score.declarers))),
            self.number(tr.pgettext("drill", "What do the defenders write for this deal?"), score.defenders,
                        tr.pgettext("drill", "Defenders: {change}.", change=Signed(score.defenders))),
        ]

    def tally(self, v: OddTricksVariant) -> DrillQuestion:
        """A deal of a game scored by odd tricks, given by its tricks or played by the engine: what
        each side writes for its tricks above the book, then whether a side has reached the target."""
        tr, scoring = self.tr, v.game.scoring
        assert isinstance(scoring, OddTricks)  # drawn only for such a game (kinds._tally, kinds._game_deals)
        teams = [self.side(side) for side in v.sides]
        rows = [dict(name=self.label(team), card=None, tags=[
                    tr.pgettext("drill", "score so far: {score}", score=v.before[k]),
                    tr.npgettext("drill", "{n} trick taken", "{n} tricks taken", v.tricks[k]) if v.tricks[k]
                    else tr.pgettext("drill", "no trick taken")])
                for k, team in enumerate(teams)]
        prompt = self.macros.with_trump(v.trump) + self.macros.seats(rows)
        if v.dealer is not None:
            dealer = self.name(v.dealer)
            if v.turned is not None and v.turned.suit is v.trump:  # not a turned card refused for another suit
                line = tr.pgettext("drill", "{dealer} dealt and turned up {card}: its suit was trump.",
                                   dealer=dealer, card=v.turned)
            elif v.trump is not None:
                line = tr.pgettext("drill", "{dealer} dealt.", dealer=dealer)
            else:
                line = tr.pgettext("drill", "{dealer} dealt, and no suit was trump.", dealer=dealer)
            prompt += Markup('<p class="tc-row">{}</p>').format(self.inline(line))
        steps = [self.number(
            tr.pgettext("drill", "What do {team} write for this deal?", team=team) if isinstance(team, Team) else
            tr.pgettext("drill", "What does {player} write for this deal?", player=team),
            v.step.written[k], self.odd_tricks_why(team, v.tricks[k], v.step.written[k], scoring.book))
            for k, team in enumerate(teams)]
        after, winner, target = v.step.scores, v.step.winner, scoring.target
        if winner is not None:
            team = teams[winner]
            why = (tr.pgettext("drill", "{team} now have {score}, which reaches {target}: they win the game.",
                               team=team, score=after[winner], target=target) if isinstance(team, Team) else
                   tr.pgettext("drill", "{player} now has {score}, which reaches {target}, and wins the game.",
                               player=team, score=after[winner], target=target))
        elif max(after) >= target:
            why = tr.pgettext("drill", "The lead is shared at {score}, which reaches {target}: nobody has won yet, "
                                       "and the game goes on.", score=max(after), target=target)
        elif len(teams) == 2:
            listed = [team if isinstance(team, Team) else Team((team,)) for team in teams]
            why = tr.pgettext("drill", "Nobody has reached {target}: the scores are now {score} for {team} and "
                                       "{other_score} for {other_team}.", target=target,
                              score=after[0], team=listed[0], other_score=after[1], other_team=listed[1])
        else:
            why = tr.pgettext("drill", "Nobody has reached {target}: the highest score is now {score}.",
                              target=target, score=max(after))
        options = [self.option(str(k), self.label(team)) for k, team in enumerate(teams)]
        options.append(self.option("none", tr.pgettext("drill", "Nobody yet")))
        steps.append(self.choice("choice", tr.pgettext("drill", "Has a side now won the game?"), options,
                                 [str(winner) if winner is not None else "none"], why))
        return DrillQuestion(prompt, tuple(steps))

    def odd_tricks_why(self, side: Term | Team, tricks: int, written: int, book: int) -> str:
        """What one side writes: the tricks it took, then the tricks above the book it scores."""
        tr = self.tr
        if isinstance(side, Team):
            took = (tr.npgettext("drill", "{team} took {n} trick.", "{team} took {n} tricks.", tricks, team=side)
                    if tricks else tr.pgettext("drill", "{team} won no trick.", team=side))
        else:
            took = (tr.npgettext("drill", "{player} took {n} trick.", "{player} took {n} tricks.", tricks,
                                 player=side)
                    if tricks else tr.pgettext("drill", "{player} won no trick.", player=side))
        if not written:
            # TRANSLATORS: The book: the tricks a side must take before its further tricks score (six, say).
            return took + " " + tr.pgettext("drill", "That is not above the book of {book}, so it scores nothing.",
                                            book=book)
        # TRANSLATORS: The book: the tricks a side must take before its further tricks score (six, say).
        return took + " " + tr.npgettext("drill", "That is {n} trick above the book of {book}, which scores {n} point.",
                                         "That is {n} tricks above the book of {book}, which scores {n} points.",
                                         written, book=book)

    def dealer_bid(self, v: DealerBidVariant) -> DrillQuestion:
        """The bids of all but the dealer, who bids last: which number the dealer may not bid."""
        tr = self.tr
        players = [self.name(name) for name in v.names]
        dealer = players[-1]
        rows = [dict(name=player, card=None, tags=[tr.pgettext("drill", "bid {bid}", bid=bid)])
                for player, bid in zip(players, v.bids)]
        rows.append(dict(name=dealer, card=None, tags=[tr.pgettext("diagram", "dealer")]))
        prompt = self.macros.seats(rows) + Markup('<p class="tc-row">{}</p>').format(self.inline(tr.npgettext(
            "drill", "Each player has {n} card: the deal has {n} trick.",
            "Each player has {n} cards: the deal has {n} tricks.", v.tricks)))
        total = sum(v.bids)
        barred = [n for n in range(v.tricks + 1) if n not in v.allowed]
        assert barred == ([v.tricks - total] if total <= v.tricks else [])  # what the explanation says
        if barred:
            why = tr.npgettext(
                "drill", "The others bid {total} in all, and {sum}: if {dealer} bid {barred}, the bids would add "
                         "up to the deal's one trick, which the dealer may not do.",
                "The others bid {total} in all, and {sum}: if {dealer} bid {barred}, the bids would add up to "
                "the {n} tricks of the deal, which the dealer may not do.", v.tricks, total=total,
                sum=LeftToRight(tr.digits(f"{v.tricks} \u2212 {total} = {barred[0]}")), dealer=dealer,
                barred=barred[0])
        else:
            why = tr.npgettext(
                "drill", "The others bid {total} in all, more than the deal's one trick: whatever {dealer} bids, "
                         "the bids cannot add up to {n}, so any number may be bid.",
                "The others bid {total} in all, more than the {n} tricks of the deal: whatever {dealer} bids, "
                "the bids cannot add up to {n}, so any number may be bid.", v.tricks, total=total, dealer=dealer)
        options = [self.option(str(n), tr.value(n)) for n in range(v.tricks + 1)]
        options.append(self.option("any", tr.pgettext("drill", "Any number")))
        step = self.choice("choice", tr.pgettext("drill", "Which number may {dealer} not bid?", dealer=dealer),
                           options, [str(barred[0]) if barred else "any"], why)
        return DrillQuestion(prompt, (step,))

    def exact_bids(self, v: ExactBidsVariant) -> DrillQuestion:
        """A deal of a game scored by exact bids, given by its bids and tricks or played by the
        engine: what each player writes, then who leads, or who wins when the deal ends the game."""
        tr, scoring = self.tr, v.game.scoring
        assert isinstance(scoring, ExactBids)  # drawn only for such a game (kinds._exact_bids, kinds._bidding_deals)
        players = [self.name(name) for name in v.names]
        rows = [dict(name=player, card=None, tags=[
                    tr.pgettext("drill", "score so far: {score}", score=v.before[k]),
                    tr.pgettext("drill", "bid {bid}", bid=v.bids[k]),
                    tr.npgettext("drill", "{n} trick taken", "{n} tricks taken", v.tricks[k]) if v.tricks[k]
                    else tr.pgettext("drill", "no trick taken")])
                for k, player in enumerate(players)]
        prompt = self.macros.with_trump(v.trump) + self.macros.seats(rows)
        lines = []
        if v.number and v.deals:
            lines.append(tr.pgettext("drill", "This is deal {number} of {deals}.", number=v.number, deals=v.deals))
        if v.dealer is not None:
            dealer = self.name(v.dealer)
            if v.turned is not None and v.turned.suit is v.trump:
                lines.append(tr.pgettext("drill", "{dealer} dealt and turned up {card}: its suit was trump.",
                                         dealer=dealer, card=v.turned))
            elif v.trump is not None:
                lines.append(tr.pgettext("drill", "{dealer} dealt.", dealer=dealer))
            else:
                lines.append(tr.pgettext("drill", "{dealer} dealt, and no suit was trump.", dealer=dealer))
        for line in lines:
            prompt += Markup('<p class="tc-row">{}</p>').format(self.inline(line))
        steps = [self.number(tr.pgettext("drill", "What does {player} write for this deal?", player=player),
                             v.written[k], self.exact_bids_why(scoring, player, v.bids[k], v.tricks[k]))
                 for k, player in enumerate(players)]
        best = max(v.after)
        leaders = [k for k, total in enumerate(v.after) if total == best]
        options = [self.option(str(k), player.text) for k, player in enumerate(players)]
        if v.over:
            last = v.number == v.deals
            if v.winner is not None:
                player = players[v.winner]
                why = (tr.pgettext("drill", "That was the last deal of the game, and {player} has the highest "
                                            "total, {score}: {player} wins the game.", player=player, score=best)
                       if last or scoring.target is None else
                       tr.pgettext("drill", "{player} now has {score}, which reaches {target}, and wins the game.",
                                   player=player, score=best, target=scoring.target))
            elif last or scoring.target is None:
                why = tr.npgettext("drill", "That was the last deal of the game, and {n} player shares the highest "
                                            "total, {score}: nobody wins the game.",
                                   "That was the last deal of the game, and {n} players share the highest total, "
                                   "{score}: nobody wins the game.", len(leaders), score=best)
            else:
                why = tr.npgettext("drill", "The highest total, {score}, reaches {target}, but {n} player shares "
                                            "it: nobody wins the game.",
                                   "The highest total, {score}, reaches {target}, but {n} players share it: nobody "
                                   "wins the game.", len(leaders), score=best, target=scoring.target)
            options.append(self.option("none", tr.pgettext("drill", "Nobody: the highest total is shared")))
            steps.append(self.choice("choice", tr.pgettext("drill", "This deal ends the game. Who wins it?"),
                                     options, [str(v.winner) if v.winner is not None else "none"], why))
        else:
            if len(leaders) == 1:
                why = tr.pgettext("drill", "{player} leads with {score}.", player=players[leaders[0]], score=best)
            else:
                why = tr.npgettext("drill", "{n} player shares the lead at {score}.",
                                   "{n} players share the lead at {score}.", len(leaders), score=best)
            options.append(self.option("none", tr.pgettext("drill", "Nobody: the lead is shared")))
            steps.append(self.choice("choice", tr.pgettext("drill", "Who leads once this deal is written?"),
                                     options, [str(leaders[0]) if len(leaders) == 1 else "none"], why))
        return DrillQuestion(prompt, tuple(steps))

    def marriage(self, v: MarriageVariant) -> DrillQuestion:
        """A marriage shown on lead: what it is worth, and whether it counts at once."""
        tr = self.tr
        player = self.name(NAMES[0])
        shown = (Card(Rank.KING, v.suit), Card(Rank.QUEEN, v.suit))
        taken = (tr.npgettext("drill", "{player} has taken {n} trick so far.", "{player} has taken {n} tricks so far.",
                              v.tricks, player=player) if v.tricks else
                 tr.pgettext("drill", "{player} has taken no trick yet.", player=player))
        prompt = (self.macros.with_trump(v.trump)
                  + self.macros.row(shown, tr.pgettext("drill", "{player} shows, on lead:", player=player))
                  + Markup('<p class="tc-row">{}</p>').format(self.inline(taken)))
        worth, when = explain_marriage(player, v.suit, v.trump, v.points, v.tricks > 0, tr)
        steps = (self.number(tr.pgettext("walkthrough", "How many card points is {player}'s marriage worth?",
                                         player=player), v.points, worth),
                 self.choice("choice", tr.pgettext("drill", "When do its points count?"),
                             [self.option("now", tr.pgettext("drill", "At once")),
                              self.option("later", tr.pgettext("drill", "With the player's first trick"))],
                             ["now" if v.tricks else "later"], when))
        return DrillQuestion(prompt, steps)

    def penalty_deal(self, v: PenaltyVariant) -> DrillQuestion:
        """A deal of a game scored by penalty points, its costly cards shared out at random or
        played by the engine: what each player writes, then who has the lowest total, or who wins
        when the deal ends the game."""
        tr, scoring = self.tr, v.game.scoring
        assert isinstance(scoring, PenaltyPoints)  # drawn only for such a game (kinds._penalty_deal, _penalty_games)
        players = [self.name(name) for name in v.names]
        prompt = self.macros.seats([dict(name=player, card=None, tags=[
            tr.pgettext("drill", "score so far: {score}", score=v.before[k])]) for k, player in enumerate(players)])
        for k, player in enumerate(players):
            prompt += (self.macros.row(v.taken[k], tr.pgettext("walkthrough", "Cards that cost points taken by "
                                                                              "{player}:", player=player))
                       if v.taken[k] else
                       self.macros.row((), tr.pgettext("walkthrough", "{player} took no card that costs points.",
                                                       player=player)))
        if v.dealer is not None:
            prompt += Markup('<p class="tc-row">{}</p>').format(self.inline(tr.pgettext(
                "drill", "This is deal {number} of the game; {dealer} dealt.", number=v.number,
                dealer=self.name(v.dealer))))
        steps = [self.number(tr.pgettext("drill", "What does {player} write for this deal?", player=player),
                             v.written[k], explain_penalty_written(
                                 player, v.taken[k], v.points[k], v.written[k],
                                 players[v.moon] if v.moon is not None else None, tr))
                 for k, player in enumerate(players)]
        lowest = min(v.after)
        low = [k for k, total in enumerate(v.after) if total == lowest]
        options = [self.option(str(k), player.text) for k, player in enumerate(players)]
        options.append(self.option("none", tr.pgettext("drill", "Nobody alone: the lowest total is shared")))
        answer = [str(low[0]) if len(low) == 1 else "none"]
        if v.over:
            why = (tr.pgettext("drill", "A total has reached {target}, so the game ends, and {player} has the lowest "
                                        "total, {score}: {player} wins the game.", target=scoring.target,
                               player=players[low[0]], score=lowest)
                   if len(low) == 1 else
                   tr.npgettext("drill", "A total has reached {target}, so the game ends, but {n} player shares the "
                                         "lowest total, {score}: they share the game.",
                                "A total has reached {target}, so the game ends, but {n} players share the lowest "
                                "total, {score}: they share the game.", len(low), target=scoring.target, score=lowest))
            steps.append(self.choice("choice", tr.pgettext("drill", "This deal ends the game. Who wins it?"), options,
                                     answer, why))
        else:
            why = (tr.pgettext("drill", "{player} has the lowest total, {score}, and no total has reached {target}.",
                               player=players[low[0]], score=lowest, target=scoring.target)
                   if len(low) == 1 else
                   tr.npgettext("drill", "{n} player shares the lowest total, {score}, and no total has reached "
                                         "{target}.",
                                "{n} players share the lowest total, {score}, and no total has reached {target}.",
                                len(low), score=lowest, target=scoring.target))
            steps.append(self.choice("choice", tr.pgettext("drill", "Who has the lowest total once this deal is "
                                                                    "written?"), options, answer, why))
        return DrillQuestion(prompt, tuple(steps))

    def exact_bids_why(self, scoring: ExactBids, player: Term, bid: int, won: int) -> str:
        """What one player writes: their bid, the tricks they took, and how the score adds up."""
        tr = self.tr
        added = exact_bids_sum(scoring, bid, won)
        if added is None:
            return tr.pgettext("drill", "{player} bid {bid} and took {won}: nothing.", player=player, bid=bid,
                               won=won)
        return tr.pgettext("drill", "{player} bid {bid} and took {won}: {sum}.", player=player, bid=bid, won=won,
                           sum=LeftToRight(tr.digits(added)))

    def match_deal(self, v: MatchDealVariant) -> DrillQuestion:
        """B19–B21: one deal of a match, with the scores and rounds before it; what each side
        writes, whether a round is won, and whether the match is."""
        tr, scoring = self.tr, v.game.scoring
        assert isinstance(scoring, TrickScoring)  # a match is drawn only for such a game (kinds.scoring_kind)
        teams = [self.side(side) for side in v.sides]
        names = [self.label(team) for team in teams]
        rows = []
        for k in (0, 1):
            tags = [str(side_name(scoring, tr)) if k == v.declarers else tr.pgettext("drill", "defenders")]
            if not v.decider:
                tags.append(tr.pgettext("drill", "score so far: {score}", score=v.scores_before[k]))
            if scoring.rounds > 1:
                tags.append(tr.npgettext("drill", "{n} round won", "{n} rounds won", v.rounds_before[k])
                            if v.rounds_before[k] else tr.pgettext("drill", "no round won"))
            tags.append(tr.npgettext("drill", "{n} trick taken", "{n} tricks taken", v.tricks[k])
                        if v.tricks[k] else tr.pgettext("drill", "no trick taken"))
            rows.append(dict(name=names[k], card=None, tags=tags))
        lines = [tr.pgettext("drill", "{player} chose the trump suit.", player=self.name(v.chooser))]
        if v.solo is not None and v.sitting_out is not None:
            lines.append(tr.pgettext("drill", "{player} played alone while {partner} sat out.",
                                     player=self.name(v.solo), partner=self.name(v.sitting_out)))
        if v.decider:
            lines.append(tr.npgettext("drill", "Each side has won {n} round, so this is the deciding deal.",
                                      "Each side has won {n} rounds, so this is the deciding deal.",
                                      v.rounds_before[0]))
        prompt = (self.macros.with_trump(v.trump) + self.macros.seats(rows)
                  + Markup("").join(Markup('<p class="tc-row">{}</p>').format(self.inline(line)) for line in lines))
        declarers, defenders = v.declarers, 1 - v.declarers
        side = side_name(scoring, tr)
        if v.decider:
            steps = [self.number(tr.pgettext("drill", "What do the {side} write for this deal?", side=side),
                                 v.score_change[declarers],
                                 tr.pgettext("drill", "Nothing ({number}): on this site no points are written in the deciding deal.",
                                             number=v.score_change[declarers]))]
            steps.append(self.match_step(v, teams, decider=True))
            return DrillQuestion(prompt, tuple(steps))
        steps = [
            self.number(tr.pgettext("drill", "What do the {side} write for this deal?", side=side),
                        v.score_change[declarers], self.written_why(v, declarers)),
            self.number(tr.pgettext("drill", "What do the defenders write for this deal?"), v.score_change[defenders],
                        self.written_why(v, defenders)),
        ]
        target = scoring.round
        options = [self.option(str(k), names[k]) for k in (0, 1)]
        options.append(self.option("none", tr.pgettext("drill", "Nobody yet")))
        if v.solo_of_five and scoring.solo_wins_round:
            assert v.solo is not None and v.round_winner is not None  # a solo of five wins its round at once
            why = tr.npgettext("drill", "{player} played alone and took all {n} tricks, so {team} win the round "
                                        "at once, whatever the scores.",
                               "{player} played alone and took all {n} tricks, so {team} win the round "
                               "at once, whatever the scores.", v.game.hand_size, player=self.name(v.solo),
                               team=teams[v.round_winner])
        elif v.round_winner is not None and scoring.one_game:
            why = tr.pgettext("drill", "{team} now have {score}, which reaches {target}: they win the game.",
                              team=teams[v.round_winner], score=v.written[v.round_winner], target=target)
        elif v.round_winner is not None:
            why = tr.pgettext("drill", "{team} now have {score}, which reaches {target}: they win the round, "
                                       "and both scores go back to 0.", team=teams[v.round_winner],
                              score=v.written[v.round_winner], target=target)
        else:
            why = tr.pgettext("drill", "Nobody has reached {target}: the scores are now {score} for {team} and "
                                       "{other_score} for {other_team}.", target=target,
                              score=v.scores[0], team=teams[0], other_score=v.scores[1], other_team=teams[1])
        question = (tr.pgettext("drill", "Has a side now won the game?") if scoring.one_game else
                    tr.pgettext("drill", "Has a side now won the round?"))
        steps.append(self.choice("choice", question, options,
                                 [str(v.round_winner) if v.round_winner is not None else "none"], why))
        if v.round_winner is not None and scoring.rounds > 1:
            steps.append(self.match_step(v, teams, decider=False))
        return DrillQuestion(prompt, tuple(steps))

    def written_why(self, v: MatchDealVariant, side: int) -> str:
        """B19 for one side: how many tricks it took, whether that won the deal, what it writes."""
        tr, n, change = self.tr, v.tricks[side], Signed(v.score_change[side])
        scoring = v.game.scoring
        assert isinstance(scoring, TrickScoring)  # a match is drawn only for such a game
        name = side_name(scoring, tr)
        if side == v.declarers:
            if n == v.game.hand_size:
                return tr.npgettext("drill", "The {side} took all {n} tricks and write {change}.",
                                    "The {side} took all {n} tricks and write {change}.", n, side=name,
                                    change=change)
            if v.score.declarers_won:
                return tr.npgettext("drill", "The {side} took {n} trick: they won the deal and write {change}.",
                                    "The {side} took {n} tricks: they won the deal and write {change}.",
                                    n, side=name, change=change)
            if not n:
                return tr.pgettext("drill", "The {side} took no trick: they lost the deal and write {change}.",
                                   side=name, change=change)
            return tr.npgettext("drill", "The {side} took {n} trick, too few: they lost the deal and write {change}.",
                                "The {side} took {n} tricks, too few: they lost the deal and write {change}.",
                                n, side=name, change=change)
        if n == v.game.hand_size:
            return tr.npgettext("drill", "The defenders took all {n} tricks and write {change}.",
                                "The defenders took all {n} tricks and write {change}.", n, change=change)
        if not v.score.declarers_won:
            return tr.npgettext("drill", "The defenders took {n} trick: they beat the {side} and write {change}.",
                                "The defenders took {n} tricks: they beat the {side} and write {change}.",
                                n, side=name, change=change)
        if not n:
            return tr.pgettext("drill", "The defenders took no trick and lost, but defenders lose nothing: "
                                        "they write {change}.", change=change)
        return tr.npgettext("drill", "The defenders took {n} trick and lost, but defenders lose nothing: "
                                     "they write {change}.",
                            "The defenders took {n} tricks and lost, but defenders lose nothing: "
                            "they write {change}.", n, change=change)

    def match_step(self, v: MatchDealVariant, teams: list[Term | Team], decider: bool) -> Step:
        """B21: `rounds` rounds win the match; at one round short all, the majority of tricks in a
        single deal does."""
        scoring = v.game.scoring
        assert isinstance(scoring, TrickScoring)  # a match is drawn only for such a game (kinds.scoring_kind)
        tr = self.tr
        options = [self.option(str(k), self.label(teams[k])) for k in (0, 1)]
        if decider:
            winner = v.match_winner
            assert winner is not None  # the deciding deal decides the match
            why = tr.npgettext("drill", "{team} took {n} trick, at least {majority}: that wins the deciding deal, "
                                        "and with it the match.",
                               "{team} took {n} tricks, at least {majority}: that wins the deciding deal, "
                               "and with it the match.",
                               v.tricks[winner], team=teams[winner], majority=scoring.majority)
            if v.solo is not None:
                why += " " + tr.npgettext("drill", "On this site a solo player, too, needs only {n} trick in the "
                                                   "deciding deal.",
                                          "On this site a solo player, too, needs only {n} tricks in the "
                                          "deciding deal.", scoring.majority)
            return self.choice("choice", tr.pgettext("drill", "Who wins the match?"), options, [str(winner)], why)
        options.append(self.option("none", tr.pgettext("drill", "Nobody yet")))
        if v.match_winner is not None:
            why = tr.npgettext("drill", "{team} have won {n} round, and with it the match.",
                               "{team} have won {n} rounds, and with them the match.", scoring.rounds,
                               team=teams[v.match_winner])
        elif scoring.decider and v.rounds == (scoring.rounds - 1, scoring.rounds - 1):
            why = tr.npgettext("drill", "{n} round each: a single deal now decides the match.",
                               "{n} rounds each: a single deal now decides the match.", scoring.rounds - 1)
        else:
            assert v.round_winner is not None  # asked only once a round is won (match_deal)
            won = v.rounds[v.round_winner]
            why = tr.npgettext("drill", "{team} have won {n} round; it takes {target} to win the match.",
                               "{team} have won {n} rounds; it takes {target} to win the match.", won,
                               team=teams[v.round_winner], target=scoring.rounds)
        return self.choice("choice", tr.pgettext("drill", "Has a side now won the match?"), options,
                           [str(v.match_winner) if v.match_winner is not None else "none"], why)
