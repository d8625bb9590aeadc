"""Words for the engine's reason codes.

The codes are the contract; this module renders them twice: complete sentences for learners,
translated through a Translator (the site, `judge`'s `explanation`), and short English clauses
for authors and the command line (`check`'s "…, but the engine gives Boris: <clause>").
"""

from __future__ import annotations

import dataclasses

from ..engine.cards import Suit
from ..engine.forecast import ForecastOptions, ForecastOutcome, Refusal
from ..engine.game import GameSpec, TopTrumpSuit, TrickScoring
from ..engine.rules import Duty, Legality, Moment, PlayRule, Role, Verdict, WinReason
from .cardnames import rank_term, suit_term
from .grammar import Term
from .translator import ENGLISH, N_, LeftToRight, Translator
from .wording import SIDE


def side_name(scoring: TrickScoring, tr: Translator) -> Term:
    """What players of the game call the side that made trump (game.yml's scoring `declarers`),
    as the catalog translates that term: sentences put it in place of {side}."""
    return tr.term(SIDE, scoring.declarers)


def explain_win(verdict: Verdict, game: GameSpec, tr: Translator = ENGLISH) -> str:
    """Why the winning card wins, as one sentence."""
    card = verdict.card
    if verdict.reason is WinReason.TREE:
        lower = [c for c in verdict.plays if c is not verdict.card and c in game.permanent_trumps]
        if lower:
            return tr.gettext("{card} beats the other tree, {lower}, because this site ranks it higher; "
                              "the trees outrank every other trump.", card=card, lower=lower)
        return tr.gettext("{card} is a tree, and the trees outrank every other trump.", card=card)
    if verdict.reason is WinReason.HIGHEST_TRUMP:
        return _top_trump_wins(verdict, game, tr) or tr.gettext("{card} is the highest trump in the trick.", card=card)
    if verdict.trump is None:
        return tr.gettext("{card} is the highest card of the suit led, {suit}, and no suit is trump.",
                          card=card, suit=suit_term(verdict.led, tr))
    return tr.gettext("{card} is the highest card of the suit led, {suit}, and no trump was played.",
                      card=card, suit=suit_term(verdict.led, tr))


def _top_trump_wins(verdict: Verdict, game: GameSpec, tr: Translator) -> str | None:
    """A top trump that depends on the trump suit (a bower) is named by its place, since its
    suit alone does not say why it is a trump."""
    card, top = verdict.card, game.table(verdict.trump).top
    rule = next((t for t in game.top_trumps if t.card is None and t.under(verdict.trump, game.suits) == card), None)
    if rule is None:
        return None
    higher = top[:top.index(card)]
    if len(higher) > 1:  # no game has one yet; the plain sentence stays true
        return None
    if rule.name is not None:  # what players call it, which the rules page teaches
        named = tr.term("term", rule.name)
        if not higher:
            return tr.gettext("{card} is the {term}, and no card ranks above it.", card=card, term=named)
        return tr.gettext("{card} is the {term}: the only card above it, {higher}, is not in the trick.", card=card,
                          term=named, higher=higher[0])
    rank = rank_term(card.rank, tr)
    if rule.suit is TopTrumpSuit.TRUMP:
        if not higher:
            return tr.gettext("{card} is the {rank} of the trump suit, and no card ranks above it.",
                              card=card, rank=rank)
        return tr.gettext("{card} is the {rank} of the trump suit: the only card above it, {higher}, is not in "
                          "the trick.", card=card, rank=rank, higher=higher[0])
    # TRANSLATORS: "colour" here and below is red or black, not a suit.
    if not higher:
        return tr.gettext("{card} is the {rank} of the other suit of the trump's colour: it counts as a trump, "
                          "and no card ranks above it.", card=card, rank=rank)
    return tr.gettext("{card} is the {rank} of the other suit of the trump's colour: it counts as a trump, and "
                      "the only card above it, {higher}, is not in the trick.", card=card, rank=rank,
                      higher=higher[0])


def top_trump_beats(high, low, game: GameSpec, trump, tr: Translator) -> str:
    """Why a top trump that depends on the trump suit (a bower) beats another card."""
    top = game.table(trump).top
    rule = next((t for t in game.top_trumps if t.under(trump, game.suits) == high), None)
    if rule is not None and rule.name is not None:  # what players call it, which the rules page teaches
        named = tr.term("term", rule.name)
        if top.index(high) == 0:
            return tr.gettext("{high} is the {term}, the highest trump, so it beats {low}.", high=high, term=named,
                              low=low)
        return tr.gettext("{high} is the {term}, a trump that only {higher} outranks, so it beats {low}.",
                          high=high, term=named, higher=top[top.index(high) - 1], low=low)
    rank = rank_term(high.rank, tr)
    if top.index(high) == 0:
        if high.suit is trump:
            return tr.gettext("{high} is the {rank} of the trump suit, the highest trump, so it beats {low}.",
                              high=high, rank=rank, low=low)
        return tr.gettext("{high} counts as the highest trump, so it beats {low}.", high=high, low=low)
    higher = top[top.index(high) - 1]
    if high.suit is trump:
        return tr.gettext("{high} is the {rank} of the trump suit, a trump that only {higher} outranks, so it "
                          "beats {low}.", high=high, rank=rank, higher=higher, low=low)
    # TRANSLATORS: "colour" is red or black, not a suit.
    return tr.gettext("{high} is the {rank} of the other suit of the trump's colour: it counts as a trump "
                      "that only {higher} outranks, so it beats {low}.", high=high, rank=rank, higher=higher,
                      low=low)


def why_wins(verdict: Verdict, game: GameSpec) -> str:
    """"3♠ is the highest trump": the clause `check` puts after "the engine gives …"."""
    return explain_win(verdict, game).removesuffix(".")


def points_sum(verdict: Verdict, tr: Translator = ENGLISH) -> LeftToRight:
    """"11 + 0 = 11": how the trick's value adds up, card by card, in the locale's digits; it
    reads left to right on every page."""
    return LeftToRight(tr.digits(" + ".join(str(p) for p in verdict.card_points) + f" = {verdict.points}"))


def explain_verdict(verdict: Verdict, game: GameSpec, tr: Translator = ENGLISH) -> str:
    sentence = explain_win(verdict, game, tr)
    if any(verdict.card_points):
        sentence += " " + tr.ngettext("The trick is worth {sum} point.", "The trick is worth {sum} points.",
                                      verdict.points, sum=points_sum(verdict, tr))
    return sentence


def why_role(card, role: Role, verdict: Verdict, game: GameSpec) -> str:
    """Why one card of the trick won or lost."""
    if role is Role.WINS:
        return why_wins(verdict, game)
    if role is Role.LOWER_TRUMP:
        return f"{card} is a lower trump than {verdict.card}"
    if role is Role.TRUMPED:
        return f"{card} is of the suit led, but a trump takes the trick"
    if role is Role.LOWER_OF_LED_SUIT:
        return f"{card} is lower than {verdict.card} in the suit led"
    return f"{card} is neither trump nor of the suit led, so it cannot win"


def why_refused(legality: Legality, card=None) -> str:
    """Why `card` is refused, or (None) every card the duty refuses: a rule of play refuses
    cards of its own, with its own reason."""
    code = legality.refused.get(card) if card is not None else None
    rules = legality.rules
    if code == PlayRule.FIRST_LEAD.value and rules is not None:
        return f"the deal's first trick is led with {rules.first_lead}"
    if code == PlayRule.UNBROKEN.value and rules is not None:
        return (f"{rules.unbroken} may not be led until one has been played to an earlier trick, and the hand "
                "holds other cards")
    if code == PlayRule.CLEAN_FIRST_TRICK.value:
        return "no card that costs penalty points may go to the first trick while the hand holds another"
    led, trump = legality.led, legality.trump
    if legality.duty is Duty.HEAD:
        return f"you must follow {led} with a card that takes the trick"
    if legality.duty is Duty.FOLLOW:
        if led is trump:
            return "a trump was led: you must follow with a trump"
        return f"you must follow {led}"
    if legality.duty is Duty.PLAY_TREE:
        return (f"an ordinary {led} was led and you hold none: "
                "you must play a tree before an ordinary trump")
    if legality.duty is Duty.TRUMP:
        return f"you hold no {led}: you must trump"
    return ""


def why_legal(card, legality: Legality, game: GameSpec) -> str:
    """Why one card may be played under the duty in force."""
    led, duty = legality.led, legality.duty
    if duty is Duty.FOLLOW:
        if led is legality.trump:
            return f"{card} is a trump, and a trump was led"
        if card in game.permanent_trumps:
            return f"{card} is a tree, and a tree may follow an ordinary {led}"
        return f"{card} follows {led}"
    if duty is Duty.PLAY_TREE:
        return f"{card} is a tree, as the duty requires"
    if duty is Duty.HEAD:
        return f"{card} follows {led} and takes the trick"
    if duty is Duty.TRUMP:
        return f"{card} is a trump, as the duty to trump requires"
    sentence = DUTIES[duty].rstrip(".")
    return f"{card} may be played: {sentence[0].lower()}{sentence[1:]}"


DUTIES = {
    Duty.LEAD: N_("You lead: any card may be played."),
    Duty.NONE: N_("No obligations: any card may be played."),
    Duty.FREE: N_("You can neither follow nor trump: any card may be played."),
    Duty.VOID: N_("You cannot follow suit, and nothing obliges you to trump: any card may be played."),
    Duty.FOLLOW: N_("Every card of the hand follows the lead."),
    Duty.PLAY_TREE: N_("Every card of the hand is a tree, as the duty requires."),
    Duty.TRUMP: N_("Every card of the hand is a trump, as the duty requires."),
    Duty.HEAD: N_("Every card of the hand follows suit and takes the trick, as the duty requires."),
}


def explain_legality(legality: Legality, tr: Translator = ENGLISH) -> str:
    """The duty in force, and each rule of play that refused cards, as sentences to the learner
    who holds the hand ("you")."""
    rules = _rules_refusing(legality)
    if rules:
        return " ".join([*_duty_before_rules(legality, None, tr), *(_rule_sentence(legality, rule, None, tr)
                                                                   for rule in rules)])
    if not legality.refused:
        if legality.duty is Duty.VOID and legality.trump is None:  # no trump to speak of
            return tr.gettext("You cannot follow suit: any card may be played.")
        return tr.gettext(DUTIES[legality.duty])
    suit = suit_term(legality.led, tr)
    if legality.duty is Duty.HEAD:
        return tr.gettext("You must follow suit with a card that takes the trick: {suit} were led.", suit=suit)
    if legality.duty is Duty.FOLLOW and legality.led is legality.trump:
        return tr.gettext("A trump was led: you must follow with a trump.")
    if legality.duty is Duty.FOLLOW:
        return tr.gettext("You must follow suit: {suit} were led.", suit=suit)
    if legality.duty is Duty.PLAY_TREE:
        return tr.gettext("An ordinary card of {suit} was led and you hold none: you must play a tree "
                          "before an ordinary trump.", suit=suit)
    return tr.gettext("You hold no {suit}: you must trump.", suit=suit)


def explain_duty_of(legality: Legality, player, tr: Translator) -> str:
    """The duty in force on `player` (a name, grammar.Term), as one sentence about them: a
    walkthrough tells what another player could do."""
    rules = _rules_refusing(legality)
    if rules:
        return " ".join([*_duty_before_rules(legality, player, tr), *(_rule_sentence(legality, rule, player, tr)
                                                                     for rule in rules)])
    duty = legality.duty
    if not legality.refused:
        if duty is Duty.LEAD:
            return tr.gettext("{player} leads: any card may be played.", player=player)
        if duty is Duty.FREE:
            return tr.gettext("{player} can neither follow nor trump: any card may be played.", player=player)
        if duty is Duty.VOID and legality.trump is None:
            return tr.gettext("{player} cannot follow suit: any card may be played.", player=player)
        if duty is Duty.VOID:
            return tr.gettext("{player} cannot follow suit, and nothing obliges {player} to trump: any card may "
                              "be played.", player=player)
        return tr.gettext(DUTIES[duty])
    suit = suit_term(legality.led, tr)
    if duty is Duty.HEAD:
        return tr.gettext("{player} must follow suit with a card that takes the trick: {suit} were led.",
                          player=player, suit=suit)
    if duty is Duty.FOLLOW and legality.led is legality.trump:
        return tr.gettext("A trump was led: {player} must follow with a trump.", player=player)
    if duty is Duty.FOLLOW:
        return tr.gettext("{player} must follow suit: {suit} were led.", player=player, suit=suit)
    if duty is Duty.PLAY_TREE:
        return tr.gettext("An ordinary card of {suit} was led and {player} holds none, so must play a tree "
                          "before an ordinary trump.", player=player, suit=suit)
    return tr.gettext("{player} holds no {suit}, so must trump.", player=player, suit=suit)


def moment_tags(legality: Legality, moment: Moment | None, tr: Translator = ENGLISH) -> list[str]:
    """What a question of which cards may be played says of where its trick stands, in a game
    whose tricks phase has rules of its own: the first trick, whether its suit is broken, and
    whether the stock is gone."""
    tags = []
    if legality.stock_gone is not None:
        tags.append(tr.pgettext("diagram", "Stock closed or used up") if legality.stock_gone
                    else tr.pgettext("diagram", "Stock still open"))
    rules = legality.rules
    if rules is None or moment is None:
        return tags
    if moment.first_trick:
        tags.append(tr.pgettext("diagram", "The deal's first trick"))
    elif rules.first_lead is not None or rules.clean_first_trick:
        tags.append(tr.pgettext("diagram", "A later trick, not the deal's first"))
    if rules.unbroken is not None:
        suit = suit_term(rules.unbroken, tr)
        tags.append(tr.pgettext("diagram", "Broken: {suit}", suit=suit) if moment.broken
                    else tr.pgettext("diagram", "Not yet broken: {suit}", suit=suit))
    return tags


def explain_penalty_written(player, taken, points: int, written: int, moon, tr: Translator) -> str:
    """What `player` writes for a deal of penalty points, and why: the cost of the cards `taken`
    that cost points; or, when `moon` names who took them all (`player` itself, or another), the
    reversal."""
    if moon is not None and moon == player:
        return tr.pgettext("walkthrough", "{player} took every card that costs points and so shoots the moon: "
                                          "{player} writes 0.", player=player)
    if moon is not None:
        return tr.npgettext("walkthrough", "{moon} shot the moon, so {player} writes {n} point.",
                            "{moon} shot the moon, so {player} writes {n} points.", written, moon=moon, player=player)
    if taken:
        return tr.npgettext("walkthrough", "{player} took {taken}, which cost {n} penalty point, and writes it.",
                            "{player} took {taken}, which cost {n} penalty points, and writes them.", points,
                            player=player, taken=list(taken))
    return tr.pgettext("walkthrough", "{player} took no card that costs points, and writes nothing.", player=player)


def explain_marriage(player, suit: Suit, trump: Suit | None, points: int, counted: bool,
                     tr: Translator) -> tuple[str, str]:
    """What a marriage in `suit` is worth, and when `player`'s marriage counts: two sentences,
    for the two questions a walkthrough or a drill asks."""
    term = suit_term(suit, tr)
    worth = (tr.npgettext("walkthrough", "The marriage is in {suit}, the trump suit: it is worth {n} card point.",
                          "The marriage is in {suit}, the trump suit: it is worth {n} card points.", points, suit=term)
             if suit is trump else
             tr.npgettext("walkthrough", "The marriage is in {suit}, which are not trump: it is worth {n} card point.",
                          "The marriage is in {suit}, which are not trump: it is worth {n} card points.", points,
                          suit=term))
    when = (tr.pgettext("walkthrough", "{player} has taken a trick, so its points count at once.", player=player)
            if counted else
            tr.pgettext("walkthrough", "{player} has taken no trick yet, so its points count once {player} takes one.",
                        player=player))
    return worth, when


def _rules_refusing(legality: Legality) -> list[PlayRule]:
    """The rules of play that refused cards, in the order they apply."""
    codes = set(legality.refused.values())
    return [rule for rule in PlayRule if rule.value in codes]


def _duty_before_rules(legality: Legality, player, tr: Translator) -> list[str]:
    """The duty's sentence before those of the rules of play that refused cards too: never "any
    card may be played", which those rules make untrue."""
    duty_only = dataclasses.replace(legality, refused={card: code for card, code in legality.refused.items()
                                                       if code == legality.duty.refusal})
    if duty_only.refused or legality.duty is Duty.FOLLOW:
        return [explain_legality(duty_only, tr) if player is None else explain_duty_of(duty_only, player, tr)]
    if legality.duty is Duty.VOID:
        return [tr.gettext("You cannot follow suit.") if player is None
                else tr.gettext("{player} cannot follow suit.", player=player)]
    if legality.duty is Duty.FREE:
        return [tr.gettext("You can neither follow nor trump.") if player is None
                else tr.gettext("{player} can neither follow nor trump.", player=player)]
    return []


def _rule_sentence(legality: Legality, rule: PlayRule, player, tr: Translator) -> str:
    """Why `rule` refused cards: to the learner ("you", `player` None) or about `player`."""
    rules = legality.rules
    assert rules is not None  # a rule refused cards, so the question gave its moment
    if rule is PlayRule.FIRST_LEAD:
        if player is None:
            return tr.gettext("You hold {card}, so you lead it to the deal's first trick.", card=rules.first_lead)
        return tr.gettext("{player} holds {card}, so leads it to the deal's first trick.", player=player,
                          card=rules.first_lead)
    if rule is PlayRule.UNBROKEN:
        suit = suit_term(rules.unbroken, tr)
        if player is None:
            return tr.gettext("You may not lead {suit}: none has been played to an earlier trick, and you hold "
                              "other cards.", suit=suit)
        return tr.gettext("{player} may not lead {suit}: none has been played to an earlier trick, and {player} "
                          "holds other cards.", player=player, suit=suit)
    if player is None:
        return tr.gettext("No card that costs penalty points may go to the first trick while you hold another card "
                          "you may play.")
    return tr.gettext("No card that costs penalty points may go to the first trick while {player} holds another "
                      "card to play.", player=player)


REFUSALS = {
    Refusal.DEALER: N_("The dealer never forecasts."),
    Refusal.DEALERS_PARTNER: N_("The dealer's partners never forecast."),
    Refusal.SUIT_TAKEN: N_("A suit that an earlier forecast names may not be forecast again."),
}


def explain_options(options: ForecastOptions, tr: Translator = ENGLISH) -> str:
    return " ".join(tr.gettext(REFUSALS[code]) for code in sorted(set(options.refused.values()),
                                                                  key=list(Refusal).index))


def explain_outcome(outcome: ForecastOutcome, name, tr: Translator = ENGLISH) -> str:
    """`name` turns a seat number into the name shown to the reader."""
    if outcome.exchange is None:
        return tr.gettext("No forecast is a card of {suit}: every forecast goes back to its owner's hand "
                          "and {indicator} stays as the trump indicator.",
                          suit=suit_term(outcome.trump, tr), indicator=outcome.indicator)
    ex = outcome.exchange
    return tr.gettext("{player} forecast {forecast}, of the suit turned, and must exchange it: "
                      "{player} takes {turned} and {forecast} becomes the trump indicator.",
                      player=name(ex.seat), forecast=ex.gives, turned=ex.takes)
