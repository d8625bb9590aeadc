"""A walkthrough → HTML for one locale: each moment of the deal with its title, its story and
its questions, in the drill markup, so drills.js steps through it and the page reads without
JavaScript. Every fact comes from the walkthrough's moments, that is from the engine.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from markupsafe import Markup

from ..content.drills import NAMES, VictoryVariant
from ..content.walkthrough import (
    BidMade,
    BidsScored,
    CardsPassed,
    Counted,
    Cut,
    Dealt,
    OddTricksScored,
    PenaltiesScored,
    RaceScored,
    Scored,
    TrickPlayed,
    TricksBid,
    TrumpChosen,
    TrumpSet,
    TurnedUp,
    Walkthrough,
)
from ..engine import events
from ..engine.cards import Suit
from ..engine.events import DealEnd
from ..engine.game import Direction, GamePoints, TrickScoring
from ..engine.partners import PartnerDraw
from ..engine.procedure import Bidding, BidRound, PassCards, PassDirection, TrumpFrom
from ..engine.procedure import TrumpSet as TrumpSetPhase
from ..i18n.cardnames import suit_term, trump_badge
from ..i18n.explain import (
    explain_duty_of,
    explain_marriage,
    explain_outcome,
    explain_penalty_written,
    explain_win,
    moment_tags,
    side_name,
)
from ..i18n.grammar import Team, Term
from ..i18n.translator import LeftToRight
from .drills import DrillRenderer, Option, Step, trick_worth
from .view import View


@dataclass(frozen=True)
class ShownMoment:
    title: str
    story: tuple[Markup, ...]
    prompt: Markup
    steps: tuple[Step, ...]


@dataclass
class WalkRenderer:
    view: View
    walk: Walkthrough
    drill_renderer: DrillRenderer = field(init=False)

    def __post_init__(self) -> None:
        self.drill_renderer = DrillRenderer(self.view)
        self.tr = self.view.tr
        self.game = self.walk.spec.game
        self.table = self.walk.table
        self.drew_first = False
        self.dealing: ShownMoment | None = None
        """The deal of a game without forecasts: it asks nothing, so it opens the turn-up's moment."""
        self.passed: CardsPassed | None = None
        """The pass, in a deal that has one: the trump's moment shows the hands it left."""

    def render(self, title: str) -> Markup:
        tr = self.tr
        text = self.drill_renderer.ui_text() | {
            "question": tr.pgettext("walkthrough", "Moment {number} of {total}"),
            "step": tr.pgettext("walkthrough", "Question {number} of {total}"),
            "choose_all": tr.pgettext("walkthrough", "Choose every answer that fits, then check."),
        }
        moments = [told for moment in self.walk.moments for told in self.moment(moment)]
        spec = self.walk.spec
        return self.view.html("drill.html", anchor=spec.key, key=f"{self.game.id}/{spec.key}", mode="walkthrough",
                           title=title, variants=moments, locale=tr.code,
                           text=json.dumps(text, ensure_ascii=False))

    def moment(self, moment) -> tuple[ShownMoment, ...]:
        """The page's moments for one of the deal's: none for a deal that asks nothing, two for a
        trick where a duty is asked about (the hand at that turn, then the whole trick)."""
        tell: dict[type, Callable[[Any], ShownMoment | tuple[ShownMoment, ...] | None]] = {
            PartnerDraw: self.drawn, Dealt: self.dealt, TurnedUp: self.turned_up, Cut: self.cut,
            TrumpChosen: self.trump_chosen, BidMade: self.bid_made, TrumpSet: self.trump_set, TrickPlayed: self.trick,
            Counted: self.counted, Scored: self.scored, OddTricksScored: self.odd_tricks,
            TricksBid: self.tricks_bid, BidsScored: self.bids_scored, CardsPassed: self.cards_passed,
            PenaltiesScored: self.penalties_scored, RaceScored: self.race_scored}
        told = tell[type(moment)](moment)
        return told if isinstance(told, tuple) else (told,) if told is not None else ()

    # --- words shared by the moments ---

    def name(self, seat: int) -> Term:
        return self.player(self.walk.seats[seat])

    def player(self, player: int) -> Term:
        """A player by the order they sat down, before a draw for partners moved them."""
        return self.drill_renderer.name(NAMES[player])

    def names(self, seats) -> list[Term]:
        return [self.name(s) for s in seats]

    def side(self, seats) -> Term | Team:
        return self.drill_renderer.side([NAMES[self.walk.seats[s]] for s in seats])

    def side_name(self) -> Term:
        """What players call the side that made trump, in this game."""
        scoring = self.game.scoring
        assert isinstance(scoring, TrickScoring)  # asked only in a game scored by the tricks of that side
        return side_name(scoring, self.tr)

    def say(self, text: str) -> Markup:
        return self.drill_renderer.inline(text)

    def people(self, answer: list[int], kind: str, question: str, feedback: str, seats=None) -> Step:
        seats = range(self.table.players) if seats is None else seats
        options = [self.drill_renderer.option(str(s), self.name(s).text) for s in seats]
        return self.drill_renderer.choice(kind, question, options, [str(s) for s in answer], feedback)

    def hands(self, hands) -> Markup:
        rows = Markup()
        for seat, hand in enumerate(hands):
            if hand:
                rows += self.drill_renderer.macros.row(hand, self.tr.pgettext("diagram", "{player}'s hand:", player=self.name(seat)))
        return rows

    def seating(self, dealer: int, cards=None) -> Markup:
        """Every player in the direction of play from the dealer, who is marked; `cards`, by
        seat, the forecasts laid. It names everyone alike, so it answers no "who" question."""
        tr, cards = self.tr, cards or {}
        rows = [{"name": self.name(seat), "card": cards.get(seat),
                 "tags": [tr.pgettext("diagram", "dealer")] if seat == dealer else
                 [tr.pgettext("diagram", "forecast")] if seat in cards else []}
                for seat in self.table.order_from(dealer)]
        return self.drill_renderer.macros.seats(rows)

    # --- the moments: each tells only what is known before its questions; what answers one
    # is told in that question's feedback, or in the next moment ---

    def drawn(self, m: PartnerDraw) -> ShownMoment:
        """B7: the card each player received in the draw for partners; asked, who deals first and
        who partners the first player to sit down, whose answer tells where everyone now sits."""
        tr = self.tr
        players = range(len(m.nines))
        given = [tr.pgettext("walkthrough", "{card} to {player}", card=card, player=self.player(p))
                 for p, card in enumerate(m.nines)]
        story = tr.pgettext("walkthrough", "Four cards are shuffled face down, and each player receives one: "
                                           "{draws}.", draws=given)
        prompt = self.drill_renderer.macros.seats([{"name": self.player(p), "card": card, "tags": []}
                                      for p, card in enumerate(m.nines)])

        def ask(question: str, answer: int, feedback: str, among) -> Step:
            options = [self.drill_renderer.option(str(p), self.player(p).text) for p in among]
            return self.drill_renderer.choice("choice", question, options, [str(answer)], feedback)

        first, partner = 0, m.partner(0)
        names = dict(player=self.player(first), partner=self.player(partner),
                     players=self.names(range(self.table.players)))
        if m.nines[first].suit.red:
            pair = tr.pgettext("walkthrough", "{player} and {partner} hold the two red cards, so they play together. "
                               "Partners sit opposite each other. In the direction of play, from the dealer, the "
                               "players now sit in this order: {players}.", **names)
        else:
            pair = tr.pgettext("walkthrough", "{player} and {partner} hold the two black cards, so they play together. "
                               "Partners sit opposite each other. In the direction of play, from the dealer, the "
                               "players now sit in this order: {players}.", **names)
        steps = (
            ask(tr.pgettext("walkthrough", "Who deals first?"), m.dealer,
                tr.pgettext("walkthrough", "The player who receives {card} deals first: {player}.",
                            card=m.nines[m.dealer], player=self.player(m.dealer)), players),
            ask(tr.pgettext("walkthrough", "Who is {player}'s partner?", player=self.player(first)), partner,
                pair, [p for p in players if p != first]),
        )
        return ShownMoment(tr.pgettext("walkthrough", "The partners"), (self.say(story),), Markup(prompt), steps)

    def dealt(self, m: Dealt) -> ShownMoment | None:
        tr = self.tr
        if self.game.procedure.find(TrumpSetPhase) is not None:
            return self.dealt_before_trump_set(m)
        if m.chooser is None:
            story = " ".join((
                tr.npgettext("walkthrough", "{dealer} deals {n} card to each player.",
                             "{dealer} deals {n} cards to each player.", self.game.hand_size,
                             dealer=self.name(m.dealer)),
                tr.npgettext("walkthrough", "The one card left over lies face down as the stock.",
                             "The {n} cards left over lie face down as the stock.", m.stock)))
            if not self.game.forecast:
                self.dealing = ShownMoment(tr.pgettext("walkthrough", "The deal"), (self.say(story),), self.hands(m.hands), ())
                return None
            if self.table.team_size > 1:
                why = tr.pgettext("walkthrough", "Neither the dealer nor the dealer's partners forecast. The opponents may, one after another: {players}.",
                                  players=self.names(m.forecasters))
            elif len(m.forecasters) == 1:
                why = tr.pgettext("walkthrough", "The dealer never forecasts; only {player} may.",
                                  player=self.name(m.forecasters[0]))
            else:
                why = tr.pgettext("walkthrough", "The dealer never forecasts. The other players may, one after another from the dealer's next player: {players}.",
                                  players=self.names(m.forecasters))
            step = self.people(list(m.forecasters), "multi", tr.pgettext("walkthrough", "Who may lay a forecast?"), why)
        else:
            packets = self.game.procedure.packets
            story = " ".join((
                tr.npgettext("walkthrough", "{dealer} deals {n} card to each player, in packets of {packets}.",
                             "{dealer} deals {n} cards to each player, in packets of {packets}.",
                             self.game.hand_size, dealer=self.name(m.dealer), packets=list(packets))
                if len(packets) > 1 else
                tr.npgettext("walkthrough", "{dealer} deals {n} card to each player.",
                             "{dealer} deals {n} cards to each player.", self.game.hand_size,
                             dealer=self.name(m.dealer)),
                tr.npgettext("walkthrough", "The one card left over lies face down as the talon.",
                             "The {n} cards left over lie face down as the talon.", m.stock),
                *self.taken_at_cut(m)))
            clockwise = self.game.direction is Direction.CLOCKWISE
            if self.game.procedure.find(Bidding) is not None:
                step = self.people([m.chooser], "choice", tr.pgettext("walkthrough", "Who bids first?"),
                                   tr.pgettext("walkthrough", "The dealer's left-hand neighbour bids first: {player}.",
                                               player=self.name(m.chooser)) if clockwise else
                                   tr.pgettext("walkthrough", "The dealer's right-hand neighbour bids first: {player}.",
                                               player=self.name(m.chooser)))
            else:
                step = self.people([m.chooser], "choice", tr.pgettext("walkthrough", "Who chooses trump?"),
                                   tr.pgettext("walkthrough", "The dealer's left-hand neighbour chooses trump: {player}.",
                                               player=self.name(m.chooser)) if clockwise else
                                   tr.pgettext("walkthrough", "The dealer's right-hand neighbour chooses trump: {player}.",
                                               player=self.name(m.chooser)))
        return ShownMoment(tr.pgettext("walkthrough", "The deal"), (self.say(story),), self.hands(m.hands), (step,))

    def taken_at_cut(self, m: Dealt) -> list[str]:
        """B9: the trees the cutter took at the cut, which shorten the cutter's first packet."""
        tr, cutter = self.tr, self.name(self.table.next(m.dealer, -1))
        if len(m.taken) == 1:  # one and more are separate messages: no language writes "1" for "one"
            return [tr.pgettext("walkthrough", "{player} already holds the tree taken at the cut, so gets one card "
                                "fewer in the first packet.", player=cutter)]
        if m.taken:
            return [tr.npgettext(
                "walkthrough", "{player} already holds the {n} tree taken at the cut, so gets {n} card fewer in "
                "the first packet.",
                "{player} already holds the {n} trees taken at the cut, so gets {n} cards fewer in the first packet.",
                len(m.taken), player=cutter)]
        return []

    def dealt_before_trump_set(self, m: Dealt) -> ShownMoment | None:
        """A deal whose trump the rules set: a deal of the whole pack asks how many cards each
        player holds; a deal that leaves cards over asks nothing, and opens the trump's moment."""
        tr, deal, players = self.tr, self.game.procedure.deal, self.table.players
        n, dealer = len(m.hands[0]), self.name(m.dealer)
        if deal.whole_pack:
            story = [tr.pgettext("walkthrough", "{dealer} deals the whole pack, one card at a time.", dealer=dealer)
                     if deal.packets == (1,) else
                     tr.pgettext("walkthrough", "{dealer} deals the whole pack, in packets of {packets}.",
                                 dealer=dealer, packets=list(deal.packets))]
        else:
            story = [tr.npgettext("walkthrough", "{dealer} deals {n} card to each player, in packets of {packets}.",
                                  "{dealer} deals {n} cards to each player, in packets of {packets}.", n,
                                  dealer=dealer, packets=list(deal.packets))
                     if len(deal.packets) > 1 else
                     tr.npgettext("walkthrough", "{dealer} deals {n} card to each player.",
                                  "{dealer} deals {n} cards to each player.", n, dealer=dealer)]
            if m.stock:
                story.append(tr.npgettext("walkthrough", "The one card left over is set aside face down.",
                                          "The {n} cards left over are set aside face down.", m.stock))
            number = self.walk.spec.number
            if number is not None:
                story.insert(0, tr.pgettext("walkthrough", "This is deal {number} of {total} in the game: the size of "
                                            "the hands changes from deal to deal.", number=number + 1,
                                            total=deal.deals(players, len(self.game.deck))))
        told = (self.say(" ".join(story + self.taken_at_cut(m))),)
        if not deal.whole_pack:
            self.dealing = ShownMoment(tr.pgettext("walkthrough", "The deal"), told, self.hands(m.hands), ())
            return None
        shared = LeftToRight(tr.digits(f"{len(self.game.deck)} ÷ {players} = {n}"))
        step = self.drill_renderer.number(
            tr.pgettext("walkthrough", "How many cards does each player hold?"), n,
            tr.npgettext("walkthrough", "{equation}: the whole pack is shared out evenly, so each player holds "
                         "{n} card.",
                         "{equation}: the whole pack is shared out evenly, so each player holds {n} cards.", n,
                         equation=shared))
        return ShownMoment(tr.pgettext("walkthrough", "The deal"), told, self.hands(m.hands), (step,))

    def trump_set(self, m: TrumpSet) -> ShownMoment:
        """Trump set by the rules, with no decision: the card turned, if any, and where it goes are
        told; asked, which suit is trump and who leads."""
        tr = self.tr
        story: list[str] = []
        options = [self.suit_option(suit) for suit in self.game.suits]
        prompt = self.seating(m.dealer)
        if m.card is not None and m.trump is not None:
            prompt += self.drill_renderer.macros.row([m.card], tr.pgettext("diagram", "Turned card:"))
            if m.source is TrumpFrom.DEALER_LAST:
                story = [tr.pgettext("walkthrough", "The dealer's last card is turned face up for everyone to see: "
                                     "{card}.", card=m.card),
                         tr.pgettext("walkthrough", "It stays in the dealer's hand, to be played like any other card.")]
            else:
                story = [tr.pgettext("walkthrough", "The first card left over is turned face up: {card}.", card=m.card),
                         tr.pgettext("walkthrough", "It stays out of play: nobody takes it into their hand.")]
            why = tr.pgettext("walkthrough", "The turned card {card} sets trump: {suit}.", card=m.card,
                              suit=suit_term(m.trump, tr))
            if m.card in self.game.permanent_trumps:
                why += " " + self.turned_tree()
        elif m.trump is not None:
            why = tr.pgettext("walkthrough", "The same suit is trump in every deal of this game: {suit}.",
                              suit=suit_term(m.trump, tr))
        else:
            options.append(self.drill_renderer.option("none", tr.pgettext("walkthrough", "No trump")))
            why = (tr.pgettext("walkthrough", "No card is left over after the deal to turn, so this deal has no trump.")
                   if m.source is TrumpFrom.NEXT_CARD else
                   tr.pgettext("walkthrough", "No suit is trump in this game."))
        steps = (
            self.drill_renderer.choice("choice", tr.pgettext("walkthrough", "Which suit is trump?"), options,
                                       [str(m.trump) if m.trump is not None else "none"], why),
            self.people([m.leader], "choice", tr.pgettext("walkthrough", "Who leads to the first trick?"),
                        self.first_leader(m.leader)),
        )
        if self.passed is not None:
            prompt += self.hands(self.passed.after)
        told = tuple(self.say(line) for line in story)
        if self.dealing is not None:
            deal = self.dealing
            return ShownMoment(deal.title, deal.story + told, deal.prompt + Markup(prompt), steps)
        return ShownMoment(tr.pgettext("walkthrough", "Trump"), told, Markup(prompt), steps)

    def first_leader(self, leader: int) -> str:
        """Why `leader` leads the first trick: the holder of the tricks phase's `first_lead` card,
        or the dealer's next player."""
        tr, rules = self.tr, self.game.procedure.rules_of_play
        if rules is not None and rules.first_lead is not None:
            return tr.pgettext("walkthrough", "{player} holds {card}, which leads the deal's first trick, so {player} "
                               "leads.", player=self.name(leader), card=rules.first_lead)
        return tr.pgettext("walkthrough", "{player} is the dealer's next player in the direction of play, so {player} "
                           "leads.", player=self.name(leader))

    def cards_passed(self, m: CardsPassed) -> ShownMoment:
        """The pass: asked, where the cards go in this deal, and whom the first player passes to;
        the hands are those dealt, and the trump's moment shows them after the pass."""
        tr = self.tr
        self.passed = m
        phase = self.game.procedure.find(PassCards)
        assert isinstance(phase, PassCards)  # the moment comes only from a deal with a pass phase
        cycle = len(phase.directions)
        number = (self.walk.spec.number or 0) % cycle + 1
        labels = {PassDirection.LEFT: tr.pgettext("walkthrough", "To the player on the left"),
                  PassDirection.RIGHT: tr.pgettext("walkthrough", "To the player on the right"),
                  PassDirection.ACROSS: tr.pgettext("walkthrough", "To the player across the table"),
                  PassDirection.NONE: tr.pgettext("walkthrough", "Nobody passes")}
        said = {PassDirection.LEFT: tr.pgettext("walkthrough", "In this deal each player passes to the player on "
                                                "their left."),
                PassDirection.RIGHT: tr.pgettext("walkthrough", "In this deal each player passes to the player on "
                                                 "their right."),
                PassDirection.ACROSS: tr.pgettext("walkthrough", "In this deal each player passes to the player "
                                                  "across the table."),
                PassDirection.NONE: tr.pgettext("walkthrough", "In this deal nobody passes: everyone plays the "
                                                "cards they were dealt.")}
        cycled = tr.npgettext("walkthrough", "The pass changes direction from deal to deal, in a cycle of {n} deal; "
                              "this is deal {number} of the cycle.",
                              "The pass changes direction from deal to deal, in a cycle of {n} deals; this is deal "
                              "{number} of the cycle.", cycle, number=number)
        options = [self.drill_renderer.option(d.value, labels[d]) for d in PassDirection if d in phase.directions]
        steps = [self.drill_renderer.choice("choice", tr.pgettext("walkthrough", "Where do the passed cards go in "
                                                                  "this deal?"),
                                            options, [m.direction.value], cycled + " " + said[m.direction])]
        story = [tr.npgettext("walkthrough", "Each player chooses {n} card and passes it face down. Nobody picks up "
                              "the card passed to them until everyone has chosen.",
                              "Each player chooses {n} cards and passes them face down. Nobody picks up the cards "
                              "passed to them until everyone has chosen.", phase.cards)]
        if m.passes:
            seat, to = m.passes[0][:2]
            player = self.name(seat)
            passes = [tr.pgettext("walkthrough", "{player} passes {passed} to {receiver}.", player=self.name(giver),
                                  passed=list(given), receiver=self.name(taker))
                      for giver, taker, given in m.passes]  # a sentence each: a list of lists of cards is unreadable
            steps.append(self.people([to], "choice", tr.pgettext("walkthrough", "To whom does {player} pass?",
                                                                 player=player), " ".join(passes),
                                     seats=[s for s in range(self.table.players) if s != seat]))
        return ShownMoment(tr.pgettext("walkthrough", "The pass"), tuple(self.say(line) for line in story),
                           self.hands(m.before), tuple(steps))

    def penalties_scored(self, m: PenaltiesScored) -> ShownMoment:
        """The penalty points each player took, shown; asked, what each writes: those points, or,
        when one player took them all and the scoring reverses that, 0 for that player and the lot
        for every other."""
        tr = self.tr
        macros = self.drill_renderer.macros
        prompt = Markup().join(
            macros.row(cards, tr.pgettext("walkthrough", "Cards that cost points taken by {player}:",
                                          player=self.name(seat))) if cards else
            macros.row((), tr.pgettext("walkthrough", "{player} took no card that costs points.",
                                       player=self.name(seat)))
            for seat, cards in enumerate(m.taken))
        steps = []
        moon = self.name(m.moon) if m.moon is not None else None
        for seat, (cards, points, written) in enumerate(zip(m.taken, m.points, m.written)):
            player = self.name(seat)
            why = explain_penalty_written(player, cards, points, written, moon, tr)
            steps.append(self.drill_renderer.number(
                tr.pgettext("walkthrough", "How many points does {player} write for this deal?", player=player),
                written, why))
        story = tr.pgettext("walkthrough", "The hands are empty. Each player counts the cards that cost points among "
                            "the tricks they took.")
        return ShownMoment(tr.pgettext("walkthrough", "The score"), (self.say(story),), prompt, tuple(steps))

    def turned_up(self, m: TurnedUp) -> ShownMoment:
        tr, outcome = self.tr, m.outcome
        story = []
        for seat, card in m.forecasts:
            story.append(tr.pgettext("walkthrough", "{player} lays {card} face up as a forecast.", player=self.name(seat), card=card)
                         if card else tr.pgettext("walkthrough", "{player} does not forecast.", player=self.name(seat)))
        turned = outcome.exchange.takes if outcome.exchange else outcome.indicator
        story.append(tr.pgettext("walkthrough", "{dealer} turns up {card}: its suit is trump.", dealer=self.name(m.dealer), card=turned))
        prompt = self.drill_renderer.macros.with_trump(outcome.trump) + self.drill_renderer.macros.row([turned], tr.pgettext("diagram", "Turned card:"))
        laid = [card for _, card in m.forecasts if card]
        if self.game.forecast:
            prompt += self.seating(m.dealer, {seat: card for seat, card in m.forecasts if card})
        steps = []
        if laid:
            steps.append(self.drill_renderer.choice(
                "choice", tr.pgettext("walkthrough", "Which card lies under the stock as the trump indicator?"),
                [self.drill_renderer.card_option(str(c), c) for c in [turned, *laid]], [str(outcome.indicator)],
                explain_outcome(outcome, self.name, tr)))
        steps.append(self.people([m.leader], "choice", tr.pgettext("walkthrough", "Who leads to the first trick?"),
                                 tr.pgettext("walkthrough", "{player} is the dealer's next player in the direction of play, so {player} leads.",
                                             player=self.name(m.leader))))
        if self.dealing is not None:
            deal = self.dealing
            return ShownMoment(deal.title, deal.story + tuple(self.say(s) for s in story),
                          deal.prompt + Markup(prompt), tuple(steps))
        return ShownMoment(tr.pgettext("walkthrough", "Forecasts and the turned card"),
                      tuple(self.say(s) for s in story), Markup(prompt), tuple(steps))

    def cut(self, m: Cut) -> ShownMoment:
        tr = self.tr
        told = [tr.pgettext("walkthrough", "The dealer's right-hand neighbour cuts: {player}.", player=self.name(m.cutter))
                if self.game.direction is Direction.CLOCKWISE else
                tr.pgettext("walkthrough", "The dealer's left-hand neighbour cuts: {player}.", player=self.name(m.cutter))]
        shown = m.exposed[:len(m.taken) + 1]
        for card in shown:
            if card in m.taken:
                told.append(tr.pgettext("walkthrough", "{card} is exposed: a tree, so {player} takes it face up.",
                                        card=card, player=self.name(m.cutter)))
            elif card in self.game.permanent_trumps:
                told.append(tr.pgettext("walkthrough", "{card} is exposed: a tree, but {player} leaves it.",
                                        card=card, player=self.name(m.cutter)))
            else:
                told.append(tr.pgettext("walkthrough", "{card} is exposed: not a tree, so the deal begins.", card=card))
        prompt = self.seating(m.dealer)
        if shown:  # a cut that offers no fixed top trump exposes nothing
            prompt += self.drill_renderer.macros.row(shown, tr.pgettext("walkthrough", "Exposed at the cut:"))
        step = self.people([m.cutter], "choice", tr.pgettext("walkthrough", "Who cuts the pack?"), " ".join(told))
        return ShownMoment(tr.pgettext("walkthrough", "The cut"), (), Markup(prompt), (step,))

    def suit_option(self, suit: Suit) -> Option:
        return Option(str(suit), trump_badge(suit, self.tr))

    def trump_chosen(self, m: TrumpChosen) -> ShownMoment:
        tr, trees = self.tr, self.game.permanent_trumps
        chooser = self.name(m.chooser)
        first, last = m.turned[0], m.turned[-1]
        if m.accepted:
            story = [tr.pgettext("walkthrough", "{player} accepts {card}.", player=chooser, card=first)]
            why = tr.pgettext("walkthrough", "{player} accepted the suit of {card}.", player=chooser, card=first)
            if first in trees:
                why += " " + self.turned_tree()
        elif len(m.taken) > 1:
            story = [tr.pgettext("walkthrough", "{player} refuses {card}.", player=chooser, card=first)]
            why = tr.pgettext("walkthrough", "Every card of the talon belongs to the suit {player} refused, so that suit is compulsory.",
                              player=chooser)
        else:
            story = [tr.pgettext("walkthrough", "{player} refuses {card}.", player=chooser, card=first)]
            why = tr.pgettext("walkthrough", "{player} refused, so the cards were turned until one of another suit: {card} made its suit trump.",
                              player=chooser, card=last)
            if last in trees:
                why += " " + self.turned_tree()
        if len(m.discards) == 1:
            why += " " + tr.pgettext("walkthrough", "{player} takes {taken} and discards one card face down "
                                     "({discards}).", player=chooser, taken=m.taken, discards=m.discards)
        else:
            why += " " + tr.npgettext(
                "walkthrough", "{player} takes {taken} and discards {n} card face down ({discards}).",
                "{player} takes {taken} and discards {n} cards face down ({discards}).", len(m.discards),
                player=chooser, taken=m.taken, discards=m.discards)
        if m.solo is not None and m.sitting_out is not None:
            story.append(tr.pgettext("walkthrough", "{player} plays alone: {partner} lays the hand aside.",
                                     player=self.name(m.solo), partner=self.name(m.sitting_out)))
        sides = [tuple(s for s in range(4) if self.table.team_of(s) == team) for team in range(2)]
        declarers = self.table.team_of(m.chooser)
        steps = [
            self.drill_renderer.choice("choice", tr.pgettext("walkthrough", "Which suit is trump?"),
                          [self.suit_option(s) for s in self.game.suits], [str(m.trump)], why),
            self.drill_renderer.choice("choice", tr.pgettext("walkthrough", "Who are the {side}?", side=self.side_name()),
                          [self.drill_renderer.option(str(i), self.drill_renderer.label(self.side(side))) for i, side in enumerate(sides)],
                          [str(declarers)],
                          tr.pgettext("walkthrough", "The chooser and the chooser's partner are the {side}: {team}.",
                                      side=self.side_name(), team=self.side(sides[declarers]))),
        ]
        if m.sitting_out == m.chooser:
            lead = tr.pgettext("walkthrough", "{partner} sits out, so the next player in turn leads: {player}.",
                               partner=chooser, player=self.name(m.leader))
        else:
            lead = tr.pgettext("walkthrough", "The chooser leads to the first trick: {player}.", player=self.name(m.leader))
        steps.append(self.people([m.leader], "choice", tr.pgettext("walkthrough", "Who leads to the first trick?"), lead,
                                 seats=[s for s in range(4) if s != m.sitting_out]))
        dealer = self.table.next(m.chooser, -1)  # B11: the chooser is the dealer's right-hand neighbour
        prompt = self.seating(dealer) + self.drill_renderer.macros.row(
            m.turned, tr.npgettext("walkthrough", "Turned card:", "Turned cards:", len(m.turned)))
        return ShownMoment(tr.pgettext("walkthrough", "Trump"), tuple(self.say(s) for s in story), Markup(prompt), tuple(steps))

    def bid_made(self, m: BidMade) -> ShownMoment:
        """The bids in turn; asked, who takes an ordered card, which pair declares, who leads."""
        tr = self.tr
        dealer, maker = self.name(m.dealer), self.name(m.maker)
        story = [tr.pgettext("walkthrough", "The top card of the talon is turned face up: {card}.", card=m.turned)]
        for seat, round_, suit in m.bids:
            player = self.name(seat)
            if round_ is BidRound.ORDER_UP:
                story.append(tr.pgettext("walkthrough", "{player} passes.", player=player) if suit is None else
                             tr.pgettext("walkthrough", "{player} orders up {card}.", player=player, card=m.turned))
                if suit is None and seat == m.dealer:
                    story.append(tr.pgettext("walkthrough", "Nobody ordered it up, so {dealer} turns {card} face down.",
                                             dealer=dealer, card=m.turned))
            else:
                story.append(tr.pgettext("walkthrough", "{player} passes again.", player=player) if suit is None else
                             tr.pgettext("walkthrough", "{player} names {suit} as trump.", player=player,
                                         suit=suit_term(suit, tr)))
        if m.taker is not None and m.maker == m.dealer and len(m.discards) == 1:
            story.append(tr.pgettext("walkthrough", "{player} takes {taken} and discards one card face down "
                                     "({discards}).", player=dealer, taken=[m.turned], discards=m.discards))
        if m.solo is not None and m.sitting_out is not None:
            story.append(tr.pgettext("walkthrough", "{player} plays alone: {partner} lays the hand aside.",
                                     player=self.name(m.solo), partner=self.name(m.sitting_out)))
        steps = []
        if m.taker is not None and m.maker != m.dealer:  # a dealer who orders up plainly takes the card
            steps.append(self.people([m.taker], "choice", tr.pgettext("walkthrough", "Who takes the turned card?"),
                                     tr.pgettext("walkthrough", "The dealer takes the card ordered up, whoever "
                                                 "ordered it, and discards one card face down ({discards}).",
                                                 discards=m.discards)))
        sides = [tuple(s for s in range(4) if self.table.team_of(s) == team) for team in range(2)]
        declarers = self.table.team_of(m.maker)
        steps.append(self.drill_renderer.choice(
            "choice", tr.pgettext("walkthrough", "Who are the {side}?", side=self.side_name()),
            [self.drill_renderer.option(str(i), self.drill_renderer.label(self.side(side))) for i, side in enumerate(sides)],
            [str(declarers)],
            tr.pgettext("walkthrough", "{player} made trump, so {team} are the {side}.", player=maker,
                        team=self.side(sides[declarers]), side=self.side_name())))
        if m.sitting_out is not None and m.sitting_out == self.table.next(m.dealer):
            lead = tr.pgettext("walkthrough", "{partner} sits out, so the next player in turn leads: {player}.",
                               partner=self.name(m.sitting_out), player=self.name(m.leader))
        else:
            lead = tr.pgettext("walkthrough", "{player} is the dealer's next player in the direction of play, so {player} leads.",
                               player=self.name(m.leader))
        steps.append(self.people([m.leader], "choice", tr.pgettext("walkthrough", "Who leads to the first trick?"), lead,
                                 seats=[s for s in range(4) if s != m.sitting_out]))
        prompt = (self.drill_renderer.macros.with_trump(m.trump) + self.seating(m.dealer)
                  + self.drill_renderer.macros.row([m.turned], tr.pgettext("diagram", "Turned card:")))
        return ShownMoment(tr.pgettext("walkthrough", "Trump"), tuple(self.say(s) for s in story), Markup(prompt),
                           tuple(steps))

    def turned_tree(self) -> str:
        """B11: a turned fixed top trump counts as its home suit (game.yml `home_suit`)."""
        suit = self.game.permanent_trump_suit
        assert suit is not None  # check requires a home suit with fixed top trumps
        return self.tr.pgettext("walkthrough", "A turned tree counts as a card of its home suit, {suit}.",
                                suit=suit_term(suit, self.tr))

    def trick(self, m: TrickPlayed) -> tuple[ShownMoment, ...]:
        """The whole trick, and before it, where a duty refused some card, the trick as it stood
        at that player's turn with the hand then held: the card played is not shown yet."""
        tr, verdict = self.tr, m.verdict
        title = tr.pgettext("walkthrough", "Trick {number}", number=m.number)
        rows = [{"name": self.name(seat), "card": card, "tags": [tr.pgettext("diagram", "leads")] if k == 0 else []}
                for k, (seat, card) in enumerate(zip(m.seats, verdict.plays))]
        turn: tuple[ShownMoment, ...] = ()
        if m.duty is not None:
            player = self.name(m.duty.seat)
            legal = m.duty.legality.legal
            asked = self.drill_renderer.choice(
                "multi", tr.pgettext("walkthrough", "Which cards of this hand could {player} play?", player=player),
                [self.drill_renderer.card_option(str(c), c) for c in m.duty.hand], [str(c) for c in legal],
                tr.pgettext("walkthrough", "{player} could play: {legal}.", player=player, legal=legal)
                + " " + explain_duty_of(m.duty.legality, player, tr))
            before = rows[:m.seats.index(m.duty.seat)]
            # where the trick stands in the deal matters to a lead or to the first trick only
            asked_moment = m.duty.moment is not None and (not before or m.duty.moment.first_trick
                                                          or m.duty.legality.stock_gone is not None)
            tags = moment_tags(m.duty.legality, m.duty.moment, tr) if asked_moment else []
            prompt = (self.drill_renderer.macros.with_trump(m.trump, tags) + self.drill_renderer.macros.seats(before)
                      + self.drill_renderer.macros.row(m.duty.hand, tr.pgettext("diagram", "{player}'s hand:", player=player)))
            turn = (ShownMoment(title, (), Markup(prompt), (asked,)),)
        prompt = self.drill_renderer.macros.with_trump(m.trump) + self.drill_renderer.macros.seats(rows)
        steps = [self.marriage_worth(event, m.trump) for event in m.announced if isinstance(event, events.Married)]
        story = tuple(self.say(line) for line in self.announced(m.announced, verdict.plays[0]))
        winner = self.name(m.winner)
        steps.append(self.drill_renderer.choice(
            "choice", tr.pgettext("drill", "Who takes the trick?"),
            [self.drill_renderer.card_option(str(k), c, self.name(seat)) for k, (seat, c) in enumerate(zip(m.seats, verdict.plays))],
            [str(verdict.winner)],
            tr.pgettext("diagram", "{player} takes the trick with {card}.", player=winner, card=verdict.card)
            + " " + explain_win(verdict, self.game, tr)))
        if self.game.total_points:
            steps.append(self.drill_renderer.number(tr.pgettext("drill", "How many points is the trick worth?"), verdict.points,
                                       trick_worth(verdict, tr)))
        steps = self.draws(m, steps)
        return (*turn, ShownMoment(title, story, Markup(prompt), tuple(steps)))

    def announced(self, done, lead) -> list[str]:
        """What the leader did before leading: the trump exchanged, the stock closed, a marriage
        shown with the card led (`lead`, or None when the marriage won the deal at once)."""
        tr, lines = self.tr, []
        for event in done:
            player = self.name(event.seat)
            if isinstance(event, events.Exchanged):
                lines.append(tr.pgettext("walkthrough", "{player} gives {given} for the turned card {taken}, which now "
                                         "lies under the stock in its place.", player=player, given=event.given,
                                         taken=event.taken))
            elif isinstance(event, events.Closed):
                lines.append(tr.pgettext("walkthrough", "{player} closes the stock: from now on nobody draws, and "
                                         "the stricter rules of play apply.", player=player))
            elif lead is not None:
                lines.append(tr.pgettext("walkthrough", "{player} shows the king and queen of {suit} as a marriage "
                                         "and leads {card}.", player=player, suit=suit_term(event.suit, tr), card=lead))
            else:
                lines.append(tr.pgettext("walkthrough", "{player} shows the king and queen of {suit} as a marriage.",
                                         player=player, suit=suit_term(event.suit, tr)))
        return lines

    def marriage_worth(self, event: events.Married, trump) -> Step:
        """What a marriage scores, and when it counts."""
        tr, player = self.tr, self.name(event.seat)
        worth, when = explain_marriage(player, event.suit, trump, event.points, event.counted, tr)
        return self.drill_renderer.number(
            tr.pgettext("walkthrough", "How many card points is {player}'s marriage worth?", player=player),
            event.points, worth + " " + when)

    def race_scored(self, m: RaceScored) -> ShownMoment:
        """Each player's card points and tricks, shown; asked, who wins the deal and how many game
        points they score, with the reason the rules give."""
        tr = self.tr
        scoring = self.game.scoring
        assert isinstance(scoring, GamePoints)  # the moment comes only from such a deal
        rows = [{"name": self.name(seat), "card": None,
                 "tags": [tr.npgettext("walkthrough", "{n} card point", "{n} card points", points),
                          tr.npgettext("walkthrough", "{n} trick", "{n} tricks", won) if won
                          else tr.pgettext("walkthrough", "no trick")]}
                for seat, (points, won) in enumerate(zip(m.points, m.tricks))]
        winner, loser = self.name(m.winner), self.name(1 - m.winner)
        target = scoring.deal_target
        if m.reason is DealEnd.TARGET:
            who = tr.pgettext("walkthrough", "{player} has {score} card points, at least {target}: {player} wins the "
                              "deal.", player=winner, score=m.points[m.winner], target=target)
        elif m.reason is DealEnd.CLOSER_FAILED:
            who = tr.pgettext("walkthrough", "{closer} closed the stock and did not reach {target} first: {player} "
                              "wins the deal.", closer=loser, player=winner, target=target)
        else:
            who = tr.pgettext("walkthrough", "Nobody reached {target}, and {player} took the last trick: {player} "
                              "wins the deal.", player=winner, target=target)
        if m.closed_by is not None and m.closed_by != m.winner:
            why = (tr.npgettext("walkthrough", "{closer} closed the stock and fell short, and {player} had taken no "
                                "trick then: {player} scores {n} game point.",
                                "{closer} closed the stock and fell short, and {player} had taken no trick then: "
                                "{player} scores {n} game points.", scoring.closer_fails_no_trick, closer=loser,
                                player=winner) if m.closing[1] == 0 else
                   tr.npgettext("walkthrough", "{closer} closed the stock and fell short: {player} scores {n} game "
                                "point.",
                                "{closer} closed the stock and fell short: {player} scores {n} game points.",
                                scoring.closer_fails, closer=loser, player=winner))
        else:
            lost_points, lost_tricks = m.closing if m.closed_by == m.winner else (m.points[1 - m.winner],
                                                                                   m.tricks[1 - m.winner])
            n = m.written[m.winner]
            if lost_tricks == 0:
                why = tr.npgettext("walkthrough", "{loser} took no trick: {player} scores {n} game point.",
                                   "{loser} took no trick: {player} scores {n} game points.", n, loser=loser,
                                   player=winner)
            elif scoring.low is not None and lost_points < scoring.low:
                why = tr.npgettext("walkthrough", "{loser} has {score} card points, fewer than {threshold}: {player} "
                                   "scores {n} game point.",
                                   "{loser} has {score} card points, fewer than {threshold}: {player} scores {n} game "
                                   "points.", n, loser=loser, score=lost_points, threshold=scoring.low, player=winner)
            else:
                why = tr.npgettext("walkthrough", "{loser} took a trick and has {score} card points: {player} scores "
                                   "{n} game point.",
                                   "{loser} took a trick and has {score} card points: {player} scores {n} game "
                                   "points.", n, loser=loser, score=lost_points, player=winner)
            if m.closed_by == m.winner:
                why = tr.pgettext("walkthrough", "{player} closed the stock and won, so {loser} counts as at the "
                                  "closing.", player=winner, loser=loser) + " " + why
        who = " ".join([*self.announced(m.announced, None), who])
        steps = (self.people([m.winner], "choice", tr.pgettext("walkthrough", "Who wins the deal?"), who),
                 *(self.marriage_worth(event, m.trump) for event in m.announced if isinstance(event, events.Married)),
                 self.drill_renderer.number(tr.pgettext("walkthrough", "How many game points does {player} score?",
                                                        player=winner), m.written[m.winner], why))
        story = [tr.pgettext("walkthrough", "The deal is over. Each player counts the card points of their tricks "
                             "and marriages.")]
        return ShownMoment(tr.pgettext("walkthrough", "The score"), tuple(self.say(line) for line in story),
                           Markup(self.drill_renderer.macros.seats(rows)), steps)

    def draws(self, m: TrickPlayed, steps: list[Step]) -> list[Step]:
        """A16: who draws first on the first round, who gets the indicator on the last; on the
        other rounds the last answer tells who drew what."""
        if not m.draws:
            return steps
        tr = self.tr
        listed = [tr.pgettext("walkthrough", "{card} to {player}", card=c, player=self.name(s)) for s, c in m.draws]
        if m.indicator_taker is not None:
            indicator = next(c for s, c in m.draws if s == m.indicator_taker)
            if self.game.forecast:  # the card under the stock has a name only where forecasts are laid
                question = tr.pgettext("walkthrough", "Who gets the trump indicator?")
                why = tr.pgettext("walkthrough", "The indicator {card} is the last card of the stock, so the last player "
                                  "to draw in this round takes it: {player}. From now on nobody draws.",
                                  card=indicator, player=self.name(m.indicator_taker))
            elif any(isinstance(e, events.Exchanged) for t in self.walk.moments if isinstance(t, TrickPlayed)
                     for e in t.announced):
                question = tr.pgettext("walkthrough", "Who gets the card under the stock?")
                why = tr.pgettext("walkthrough", "{card}, given for the turned card, lies under the stock as its last "
                                  "card, so the last player to draw in this round takes it: {player}. From now on "
                                  "nobody draws.", card=indicator, player=self.name(m.indicator_taker))
            else:
                question = tr.pgettext("walkthrough", "Who gets the turned trump card?")
                why = tr.pgettext("walkthrough", "The turned card {card} is the last card of the stock, so the last "
                                  "player to draw in this round takes it: {player}. From now on nobody draws.",
                                  card=indicator, player=self.name(m.indicator_taker))
            return steps + [self.people([m.indicator_taker], "choice", question,
                                        why + " " + tr.pgettext("walkthrough", "The draws: {draws}.", draws=listed))]
        if not self.drew_first:
            self.drew_first = True
            return steps + [self.people(
                [m.winner], "choice", tr.pgettext("walkthrough", "Who draws first from the stock?"),
                tr.pgettext("walkthrough", "The winner of the trick draws first, then the others in the direction "
                            "of play: {draws}.", draws=listed))]
        last = steps[-1]
        told = Markup(" ").join([last.feedback, self.say(tr.pgettext("walkthrough", "The draws: {draws}.", draws=listed))])
        return steps[:-1] + [replace(last, feedback=told)]

    def counted(self, m: Counted) -> ShownMoment:
        tr = self.tr
        names = tuple(tuple(NAMES[self.walk.seats[s]] for s in side) for side in m.sides)
        question = self.drill_renderer.victory(VictoryVariant(self.game, names, m.points, m.team_size))
        story = tr.pgettext("walkthrough", "The hands are empty. Each side counts the points of the cards it won.")
        return ShownMoment(tr.pgettext("walkthrough", "The count"), (self.say(story),), question.prompt, question.steps)

    def odd_tricks(self, m: OddTricksScored) -> ShownMoment:
        """The tricks each side took, shown; asked, what each side writes: one point for each
        trick above the book."""
        tr = self.tr
        sides = [self.side(seats) for seats in m.sides]
        rows = [{"name": self.drill_renderer.label(side), "card": None,
                 "tags": [tr.npgettext("walkthrough", "{n} trick", "{n} tricks", won) if won
                          else tr.pgettext("walkthrough", "no trick")]}
                for side, won in zip(sides, m.tricks)]
        steps = []
        for side, won, written in zip(sides, m.tricks, m.written):
            if isinstance(side, Team):
                question = tr.pgettext("walkthrough", "How many points do {team} write for this deal?", team=side)
            else:
                question = tr.pgettext("walkthrough", "How many points does {player} write for this deal?", player=side)
            steps.append(self.drill_renderer.number(question, written, self.written_why(side, won, written, m.book)))
        story = tr.pgettext("walkthrough", "The hands are empty. Each side counts the tricks it took.")
        return ShownMoment(tr.pgettext("walkthrough", "The score"), (self.say(story),),
                           Markup(self.drill_renderer.macros.seats(rows)), tuple(steps))

    def written_why(self, side: Term | Team, won: int, written: int, book: int) -> str:
        """Why a side writes what it does, with the subtraction that gives it."""
        tr = self.tr
        if not written:
            if isinstance(side, Team):
                return tr.npgettext("walkthrough", "{team} took no trick above the book of {n} trick, and write nothing.",
                                    "{team} took no trick above the book of {n} tricks, and write nothing.", book,
                                    team=side)
            return tr.npgettext("walkthrough", "{player} took no trick above the book of {n} trick, and writes nothing.",
                                "{player} took no trick above the book of {n} tricks, and writes nothing.", book,
                                player=side)
        odd = LeftToRight(tr.digits(f"{won} − {book} = {written}"))
        if isinstance(side, Team):
            return tr.npgettext("walkthrough", "{equation}: {team} took {n} trick above the book, and write one point "
                                "for it.",
                                "{equation}: {team} took {n} tricks above the book, and write one point for each.",
                                written, equation=odd, team=side)
        return tr.npgettext("walkthrough", "{equation}: {player} took {n} trick above the book, and writes one point "
                            "for it.",
                            "{equation}: {player} took {n} tricks above the book, and writes one point for each.",
                            written, equation=odd, player=side)

    def scored(self, m: Scored) -> ShownMoment:
        tr = self.tr
        sides = [tuple(s for s in range(4) if self.table.team_of(s) == team) for team in range(2)]
        rows = [{"name": self.drill_renderer.label(self.side(side)), "card": None,
                     "tags": [tr.npgettext("walkthrough", "{n} trick", "{n} tricks", m.tricks[i]) if m.tricks[i]
                              else tr.pgettext("walkthrough", "no trick")]}
                for i, side in enumerate(sides)]
        scoring = self.game.scoring
        assert isinstance(scoring, TrickScoring)  # a deal is Scored only in such a game
        steps = tuple(self.drill_renderer.sides_write(m.score, scoring))
        story = tr.npgettext("walkthrough", "All {n} tricks are played. The {side} are {team}.",
                             "All {n} tricks are played. The {side} are {team}.", self.game.hand_size,
                             side=self.side_name(), team=self.side(sides[m.declarers]))
        return ShownMoment(tr.pgettext("walkthrough", "The score"), (self.say(story),), Markup(self.drill_renderer.macros.seats(rows)), steps)

    def tricks_bid(self, m: TricksBid) -> ShownMoment:
        """The bids in turn from the dealer's next player, the dealer's own not yet shown when it
        is restricted; asked, what the others bid in all and the number the dealer may not bid."""
        tr = self.tr
        dealer, bid = self.name(m.dealer), dict(m.bids)[m.dealer]
        shown = {seat: n for seat, n in m.bids if seat != m.dealer or not m.restricted}
        rows = [{"name": self.name(seat), "card": None,
                 "tags": ([tr.pgettext("diagram", "dealer")] if seat == m.dealer else [])
                 + ([tr.pgettext("walkthrough", "bid: {number}", number=shown[seat])] if seat in shown else [])}
                for seat in self.table.order_from(m.dealer)]
        prompt = self.drill_renderer.macros.with_trump(m.trump) + self.drill_renderer.macros.seats(rows)
        clockwise = self.game.direction is Direction.CLOCKWISE
        story = [tr.pgettext("walkthrough", "Each player in turn, from the dealer's left-hand neighbour, bids the "
                             "number of tricks they will take; the dealer bids last.") if clockwise else
                 tr.pgettext("walkthrough", "Each player in turn, from the dealer's right-hand neighbour, bids the "
                             "number of tricks they will take; the dealer bids last.")]
        bids = (tr.npgettext("walkthrough", "{player} bids {n} trick.", "{player} bids {n} tricks.", bid, player=dealer)
                if bid else tr.pgettext("walkthrough", "{player} bids zero.", player=dealer))
        if m.restricted:
            story.append(tr.pgettext("walkthrough", "The dealer may not bid the number that would make the bids add "
                                     "up to the tricks of the deal, so that somebody must miss."))
        others = [(seat, n) for seat, n in m.bids if seat != m.dealer]
        total = LeftToRight(tr.digits(" + ".join(str(n) for _, n in others) + f" = {m.others}"))
        if len(others) == 1:
            added = (tr.npgettext("walkthrough", "Only {player} bids before the dealer: {n} trick.",
                                  "Only {player} bids before the dealer: {n} tricks.", m.others,
                                  player=self.name(others[0][0])) if m.others
                     else tr.pgettext("walkthrough", "Only {player} bids before the dealer, and bids zero.",
                                      player=self.name(others[0][0])))
        else:
            added = tr.pgettext("walkthrough", "{equation}: the other players bid this many tricks in all.",
                                equation=total)
        steps = []
        if not m.restricted:
            steps.append(self.drill_renderer.number(
                tr.pgettext("walkthrough", "How many tricks have the other players bid in all?"), m.others, added))
        elif m.barred is None:
            steps.append(self.drill_renderer.number(
                tr.pgettext("walkthrough", "How many tricks have the other players bid in all?"), m.others,
                added + " " + tr.npgettext(
                    "walkthrough", "That is more than the deal's one trick, so whatever the dealer bids, the bids "
                    "cannot add up to the tricks: every number is allowed.",
                    "That is more than the {n} tricks of the deal, so whatever the dealer bids, the bids cannot add up "
                    "to the tricks: every number is allowed.", m.tricks) + " " + bids))
        else:
            steps.append(self.drill_renderer.number(
                tr.pgettext("walkthrough", "How many tricks have the other players bid in all?"), m.others, added))
            barred = LeftToRight(tr.digits(f"{m.tricks} − {m.others} = {m.barred}"))
            steps.append(self.drill_renderer.number(
                tr.pgettext("walkthrough", "Which number may the dealer not bid?"), m.barred,
                tr.npgettext("walkthrough", "{equation}: the deal has {n} trick, and the others bid {others} in all, "
                             "so a bid of {barred} would make the bids add up to the tricks.",
                             "{equation}: the deal has {n} tricks, and the others bid {others} in all, so a bid of "
                             "{barred} would make the bids add up to the tricks.", m.tricks, equation=barred,
                             others=m.others, barred=m.barred) + " " + bids))
        return ShownMoment(tr.pgettext("walkthrough", "The bids"), tuple(self.say(s) for s in story), Markup(prompt),
                           tuple(steps))

    def bids_scored(self, m: BidsScored) -> ShownMoment:
        """Each player's bid and tricks, shown; asked, what each writes: the bonus and the bid for
        a bid made exactly, nothing otherwise."""
        tr = self.tr
        rows = [{"name": self.name(seat), "card": None,
                 "tags": [tr.pgettext("walkthrough", "bid: {number}", number=bid),
                          tr.npgettext("walkthrough", "{n} trick", "{n} tricks", won) if won
                          else tr.pgettext("walkthrough", "no trick")]}
                for seat, (bid, won) in enumerate(zip(m.bids, m.tricks))]
        steps = []
        for seat, (bid, won, written) in enumerate(zip(m.bids, m.tricks, m.written)):
            player = self.name(seat)
            if bid != won and not won:
                why = tr.pgettext("walkthrough", "{player} bid {bid} but took no tricks: the bid is missed, and "
                                  "{player} writes nothing.", player=player, bid=bid)
            elif bid != won:
                why = tr.npgettext("walkthrough", "{player} bid {bid} but took {n} trick: the bid is missed, and "
                                   "{player} writes nothing.",
                                   "{player} bid {bid} but took {n} tricks: the bid is missed, and {player} writes "
                                   "nothing.", won, player=player, bid=bid)
            elif not bid:
                sum_ = LeftToRight(tr.digits(f"{m.bonus} + {bid} = {written}"))
                why = tr.pgettext("walkthrough", "{equation}: {player} bid no trick and took none, and writes {bonus} "
                                  "points.", equation=sum_, player=player, bonus=m.bonus)
            else:
                sum_ = LeftToRight(tr.digits(f"{m.bonus} + {bid} = {written}"))
                why = tr.npgettext("walkthrough", "{equation}: {player} took exactly the one trick bid, and writes "
                                   "{bonus} points and one more for the trick bid.",
                                   "{equation}: {player} took exactly the {n} tricks bid, and writes {bonus} points "
                                   "and one more for each trick bid.", bid, equation=sum_, player=player,
                                   bonus=m.bonus)
            steps.append(self.drill_renderer.number(
                tr.pgettext("walkthrough", "How many points does {player} write for this deal?", player=player),
                written, why))
        story = tr.pgettext("walkthrough", "The hands are empty. Each player counts the tricks they took against "
                            "their bid.")
        return ShownMoment(tr.pgettext("walkthrough", "The score"), (self.say(story),),
                           Markup(self.drill_renderer.macros.seats(rows)), tuple(steps))
