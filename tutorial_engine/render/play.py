"""A play page's block: where the learner plays whole deals against the computer players.

The page holds its game as data (`engine.export`), the seating and the match's target, and
every word its script may say in the page's language: the messages by key as the catalog
translates them (plural messages with all their forms, for the script to choose by the
catalog's own plural rule), the terms with their forms (grammar.py), and how the locale
writes numbers and lists. `assets/play-engine.js` plays the rules and `assets/play.js` draws
the table and fills the sentences, as grammar.fill does here.
"""

from __future__ import annotations

import functools
import hashlib
import json

from markupsafe import Markup, escape

from ..content.drills import NAMES
from ..content.pages import PlayBlock
from ..engine.cards import Rank, Suit
from ..engine.export import game_data
from ..engine.game import ExactBids, GamePoints, GameSpec, OddTricks, PenaltyPoints, TrickScoring
from ..engine.procedure import PassCards, TrumpSet
from ..i18n.cardnames import rank_letter
from ..i18n.translator import English, Translator
from ..i18n.wording import SIDE
from . import FOLDER
from .embed import script_json
from .view import View

YOU = 1
"""The learner's seat: the first dealer's next player, who acts first in the first deal."""


class PlayRenderer:
    def __init__(self, view: View):
        self.view = view
        self.tr = view.tr

    def render(self, block: PlayBlock, root: str) -> Markup:
        tr = self.tr
        messages = play_messages(tr) | vocabulary_messages(tr, block.game)
        game = game_data(block.game)
        data = {
            "game": game,
            "rules": rules_digest(game, block.players, block.team_size),
            "seating": {"players": block.players, "teamSize": block.team_size, "you": YOU},
            "target": block.target if block.target is not None else _trick_target(block),
            "locale": locale_data(tr),
            "terms": terms(tr, block.players),
            "messages": {key: list(text) if isinstance(text, tuple) else text for key, text in messages.items()},
            "english": sorted(key for key, text in messages.items() if _english(text)),
        }
        needs = self.view.say(tr.pgettext("play", "Playing a deal needs JavaScript. Without it, the walkthroughs "
                                                  "and the worksheets to print teach the same rules."))
        return Markup(
            '<div class="tc-play" id="tc-play" lang="{lang}" dir="{dir}"><noscript><p>{needs}</p></noscript></div>\n'
            '<script type="application/json" id="tc-play-data">{payload}</script>\n'
            '<link rel="stylesheet" href="{root}assets/play.css">\n'
            '<script src="{root}assets/play-engine.js"></script>\n'
            '<script src="{root}assets/play.js"></script>').format(
                lang=tr.code, dir=tr.direction, needs=needs, payload=script_json(data), root=escape(root))


def rules_digest(game: dict, players: int, team_size: int) -> str:
    """What a match kept in a browser was dealt and played by: the game's data, the seating and
    the engine's source. A kept match whose digest differs is forgotten, since the same moves
    may mean other cards once the site is updated."""
    text = json.dumps([game, players, team_size], sort_keys=True, ensure_ascii=False) + _engine_source()
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@functools.cache
def _engine_source() -> str:
    return (FOLDER / "assets" / "play-engine.js").read_text(encoding="utf-8")


def _trick_target(block: PlayBlock) -> int | None:
    scoring = block.game.scoring
    assert isinstance(scoring, (TrickScoring, OddTricks, ExactBids, PenaltyPoints, GamePoints))  # else a target is given
    return scoring.round if isinstance(scoring, TrickScoring) else scoring.target


def _english(text) -> bool:
    return isinstance(text, English) or (isinstance(text, tuple) and any(isinstance(t, English) for t in text))


def locale_data(tr: Translator) -> dict:
    """How the locale writes what the script fills in: digits, signs, lists and plural forms."""
    patterns = tr.babel.list_patterns["standard"]
    return {
        "code": tr.code,
        "dir": tr.direction,
        "digits": tr.digits("0123456789"),
        "minus": tr.minus,
        "plus": tr.signed(1).strip("\u2066\u2069").removesuffix(tr.number(1)),
        "plural": tr.plural_expression,
        "list": {key: patterns[key] for key in ("2", "start", "middle")}
        | {"end": tr.list_end.replace("{items}", "{0}").replace("{last}", "{1}")},
    }


def terms(tr: Translator, players: int) -> dict:
    """Names, suits and ranks as their catalog entries give them, forms and gender included, and
    the patterns of card names; the script parses them as grammar.Term.parse does."""
    return {
        "names": [tr.pgettext("name", NAMES[seat]) for seat in range(players)],
        "suits": {str(suit): raw for suit, raw in zip(Suit, _suits(tr))},
        "ranks": {str(rank): raw for rank, raw in zip(Rank, _ranks(tr))},
        "letters": {str(rank): rank_letter(rank, tr) for rank in Rank},
        "cards": {str(suit): raw for suit, raw in zip(Suit, _card_patterns(tr))},
    }


def _suits(tr: Translator) -> list[str]:
    return [tr.pgettext("suit", "spades"), tr.pgettext("suit", "hearts"), tr.pgettext("suit", "diamonds"),
            tr.pgettext("suit", "clubs")]


def _ranks(tr: Translator) -> list[str]:
    return [tr.pgettext("rank", "ace"), tr.pgettext("rank", "king"), tr.pgettext("rank", "queen"),
            tr.pgettext("rank", "jack"), tr.pgettext("rank", "ten"), tr.pgettext("rank", "nine"),
            tr.pgettext("rank", "eight"), tr.pgettext("rank", "seven"), tr.pgettext("rank", "six"),
            tr.pgettext("rank", "five"), tr.pgettext("rank", "four"), tr.pgettext("rank", "three"),
            tr.pgettext("rank", "two")]


def _card_patterns(tr: Translator) -> list[str]:
    return [tr.pgettext("card", "{rank} of spades"), tr.pgettext("card", "{rank} of hearts"),
            tr.pgettext("card", "{rank} of diamonds"), tr.pgettext("card", "{rank} of clubs")]


def play_messages(tr: Translator) -> dict[str, str | tuple[str, ...]]:
    """Every sentence the play page's script may say, unfilled, by the key the script knows it
    by. A plural message comes with all its forms."""

    def npgettext(context: str, singular: str, plural: str) -> tuple[str, ...]:
        return tr.plural_forms(context, singular, plural)

    def ngettext(singular: str, plural: str) -> tuple[str, ...]:
        return tr.plural_forms(None, singular, plural)

    return {
        # the table
        "your-hand": tr.pgettext("play", "Your hand"),
        "card-in-sentence": tr.pgettext("card", "the {card_name}"),  # cardnames.in_sentence
        "hand-of": tr.pgettext("diagram", "{player}'s hand:"),
        "you": tr.pgettext("play", "You"),
        "trick": tr.pgettext("play", "The trick"),
        "trump": tr.pgettext("diagram", "Trump:"),
        "turned": tr.pgettext("diagram", "Turned card:"),
        "dealer": tr.pgettext("diagram", "dealer"),
        "partner": tr.pgettext("play", "your partner"),
        "stock-zero": tr.pgettext("play", "No cards in the stock"),
        "stock": npgettext("play", "{n} card in the stock", "{n} cards in the stock"),
        "tricks": npgettext("walkthrough", "{n} trick", "{n} tricks"),
        "no-trick": tr.pgettext("walkthrough", "no trick"),
        "cards-held-zero": tr.pgettext("play", "no cards in hand"),  # a tag beside "no trick"
        "cards-held": npgettext("play", "{n} card in hand", "{n} cards in hand"),
        "deal-number": tr.pgettext("play", "Deal {number}"),
        "story": tr.pgettext("play", "What happened"),
        # buttons and settings
        "hint": tr.pgettext("play", "Which cards may I play?"),
        "show": tr.pgettext("play", "Show me"),
        "next-deal": tr.pgettext("play", "Next deal"),
        "new-match": tr.pgettext("play", "New match"),
        "replay": tr.pgettext("play", "Replay this deal"),
        "pass": tr.pgettext("play", "Pass"),
        "no-forecast": tr.pgettext("play", "Do not forecast"),
        "take": tr.pgettext("play", "Take it"),
        "leave": tr.pgettext("play", "Leave it"),
        "accept": tr.pgettext("play", "Accept"),
        "refuse": tr.pgettext("play", "Refuse"),
        "order-up": tr.pgettext("play", "Order it up"),
        "name-suit": tr.pgettext("play", "Name {suit}"),
        "alone": tr.pgettext("play", "Play alone"),
        "together": tr.pgettext("play", "Play with your partner"),
        "target-label": tr.pgettext("play", "Victory points that win the match"),
        "target-apply": tr.pgettext("play", "Play to this target"),
        # before what would discard a match in progress; "keep" leaves everything as it was
        "confirm-new-match": tr.pgettext("play", "Start a new match? The match in progress will be lost."),
        "confirm-replay": tr.pgettext("play", "Play this deal again from the start? The cards played in it so far "
                                              "will be taken back."),
        "confirm-target": npgettext("play", "Start a new match to {n} victory point? The match in progress will be "
                                            "lost.",
                                    "Start a new match to {n} victory points? The match in progress will be lost."),
        "confirm-keep": tr.pgettext("play", "Keep playing"),
        "match-kept": tr.pgettext("play", "Your match was kept in this browser: it goes on at deal {number}."),
        "address-unreadable": tr.pgettext("play", "The match in this page's address could not be read, so a new one "
                                                  "was dealt."),
        "share": tr.pgettext("play", "This page's address holds these cards: share it, and others get the same "
                                     "deals."),
        "stats": tr.pgettext("play", "Your statistics in this browser"),
        "stats-deals-zero": tr.pgettext("play", "No deals played yet"),
        "stats-deals": npgettext("play", "{n} deal played", "{n} deals played"),
        "stats-won-zero": tr.pgettext("play", "No deals won yet"),
        "stats-won": npgettext("play", "{n} deal won", "{n} deals won"),
        "stats-matches-zero": tr.pgettext("play", "No matches won yet"),
        "stats-matches": npgettext("play", "{n} match won", "{n} matches won"),
        "stats-refusals": npgettext("play", "{n} move the rules refused", "{n} moves the rules refused"),
        "stats-must-follow": npgettext("play", "{n} card refused because you had to follow suit",
                                       "{n} cards refused because you had to follow suit"),
        "stats-must-trump": npgettext("play", "{n} card refused because you had to trump",
                                      "{n} cards refused because you had to trump"),
        "stats-must-play-tree": npgettext("play", "{n} card refused because you had to play a tree",
                                          "{n} cards refused because you had to play a tree"),
        "stats-suit-taken": npgettext("play", "{n} forecast refused because another forecast named its suit",
                                      "{n} forecasts refused because another forecast named their suit"),
        "stats-reset": tr.pgettext("play", "Forget my statistics"),
        "stats-unreadable": tr.pgettext("play", "Your saved statistics could not be read, so they start again "
                                                "from nothing."),
        # what the learner is asked to decide
        "prompt-play": tr.pgettext("play", "Your turn: choose a card to play."),
        "prompt-lead": tr.pgettext("play", "Your lead: choose any card to play."),
        "prompt-forecast": tr.pgettext("play", "You may forecast trump: choose a card of the suit you expect to be "
                                               "turned up, or do not forecast."),
        "prompt-cut": tr.pgettext("play", "You cut the pack, and {card} lies at the bottom of the lifted packet. It is "
                                          "a tree: will you take it?"),
        # The turned card has just been told ("The top card of the talon is turned face up: …"):
        # the prompts name it without saying again that it is turned up.
        "prompt-choose": tr.pgettext("play", "Will you accept {card}, making its suit trump and taking the card, or "
                                             "refuse it?"),
        "prompt-order": tr.pgettext("play", "Will you order up {card} and make {suit} trump, or pass?"),
        "prompt-name": tr.pgettext("play", "The turned card lies face down. Name another suit as trump, or pass."),
        "prompt-name-must": tr.pgettext("play", "Everyone else has passed twice, and as the dealer you must name a "
                                                "suit other than {suit}."),
        "prompt-discard": npgettext("play", "Choose {n} card of your hand to discard face down.",
                                    "Choose {n} cards of your hand to discard face down, one at a time."),
        "prompt-solo": tr.pgettext("play", "Will you play alone? Your partner would then lay the hand aside."),
        "prompt-next": tr.pgettext("play", "The deal is over. Start the next one when you are ready."),
        "prompt-over": tr.pgettext("play", "The match is over. Start a new one when you are ready."),
        # what happens, told as it happens
        "deals": tr.pgettext("play", "{dealer} deals."),
        "you-deal": tr.pgettext("play", "You deal."),
        "forecast": tr.pgettext("walkthrough", "{player} lays {card} face up as a forecast."),
        "you-forecast": tr.pgettext("play", "You lay {card} face up as a forecast."),
        "no-forecast-by": tr.pgettext("walkthrough", "{player} does not forecast."),
        "you-no-forecast": tr.pgettext("play", "You do not forecast."),
        "turn-up": tr.pgettext("walkthrough", "{dealer} turns up {card}: its suit is trump."),
        "you-turn-up": tr.pgettext("play", "You turn up {card}: its suit is trump."),
        "exchange": tr.gettext("{player} forecast {forecast}, of the suit turned, and must exchange it: {player} "
                               "takes {turned} and {forecast} becomes the trump indicator."),
        "you-exchange": tr.pgettext("play", "You forecast {forecast}, of the suit turned, and must exchange it: you "
                                            "take {turned} and {forecast} becomes the trump indicator."),
        "no-exchange": tr.gettext("No forecast is a card of {suit}: every forecast goes back to its owner's hand "
                                  "and {indicator} stays as the trump indicator."),
        "tree-taken": tr.pgettext("walkthrough", "{card} is exposed: a tree, so {player} takes it face up."),
        "tree-left": tr.pgettext("walkthrough", "{card} is exposed: a tree, but {player} leaves it."),
        "you-tree-taken": tr.pgettext("play", "{card} is exposed: a tree, so you take it face up."),
        "you-tree-left": tr.pgettext("play", "{card} is exposed: a tree, but you leave it."),
        "turn": tr.pgettext("walkthrough", "The top card of the talon is turned face up: {card}."),
        "accepts": tr.pgettext("walkthrough", "{player} accepts {card}."),
        "refuses": tr.pgettext("walkthrough", "{player} refuses {card}."),
        "you-accept": tr.pgettext("play", "You accept {card}."),
        "you-refuse": tr.pgettext("play", "You refuse {card}."),
        "trump-after-refusal": tr.pgettext("play", "The cards turned after the refusal make {suit} trump."),
        "takes": npgettext("walkthrough", "{player} takes {taken} and discards {n} card face down ({discards}).",
                           "{player} takes {taken} and discards {n} cards face down ({discards})."),
        "takes-hidden": npgettext("play", "{player} takes {taken} and will discard {n} card face down.",
                                  "{player} takes {taken} and will discard {n} cards face down."),
        "you-take": npgettext("play", "You take {taken} and must discard {n} card face down.",
                              "You take {taken} and must discard {n} cards face down."),
        "passes": tr.pgettext("walkthrough", "{player} passes."),
        "passes-again": tr.pgettext("walkthrough", "{player} passes again."),
        "orders-up": tr.pgettext("walkthrough", "{player} orders up {card}."),
        "names": tr.pgettext("walkthrough", "{player} names {suit} as trump."),
        "you-pass": tr.pgettext("play", "You pass."),
        "you-pass-again": tr.pgettext("play", "You pass again."),
        "you-order-up": tr.pgettext("play", "You order up {card}."),
        "you-name": tr.pgettext("play", "You name {suit} as trump."),
        "turned-down": tr.pgettext("walkthrough", "Nobody ordered it up, so {dealer} turns {card} face down."),
        "you-turned-down": tr.pgettext("play", "Nobody ordered it up, so you turn {card} face down."),
        "discards": tr.pgettext("play", "{player} discards a card face down."),
        "you-discard": tr.pgettext("play", "You discard {card} face down."),
        "goes-alone": tr.pgettext("walkthrough", "{player} plays alone: {partner} lays the hand aside."),
        "you-alone": tr.pgettext("play", "You play alone: {partner} lays the hand aside."),
        "alone-without-you": tr.pgettext("play", "{player} plays alone: you lay your hand aside and watch."),
        "plays": tr.pgettext("play", "{player} plays {card}."),
        "you-play": tr.pgettext("play", "You play {card}."),
        "takes-trick": tr.pgettext("diagram", "{player} takes the trick with {card}."),
        "you-take-trick": tr.pgettext("play", "You take the trick with {card}."),
        "draws": tr.pgettext("play", "{player} draws a card from the stock."),
        "draws-last": tr.pgettext("play", "{player} draws the last card of the stock, {card}."),
        "you-draw": tr.pgettext("play", "You draw {card}."),
        "thrown-in": tr.pgettext("play", "Everyone has passed in every round: the deal is thrown in, and the next "
                                         "player deals."),
        # why a trick is won (explain.explain_win and explain_verdict)
        "win-tree-over": tr.gettext("{card} beats the other tree, {lower}, because this site ranks it higher; the "
                                    "trees outrank every other trump."),
        "win-tree": tr.gettext("{card} is a tree, and the trees outrank every other trump."),
        "win-trump": tr.gettext("{card} is the highest trump in the trick."),
        "win-led": tr.gettext("{card} is the highest card of the suit led, {suit}, and no trump was played."),
        "win-led-no-trump": tr.gettext("{card} is the highest card of the suit led, {suit}, and no suit is trump."),
        "win-right": tr.gettext("{card} is the {rank} of the trump suit, and no card ranks above it."),
        "win-right-under": tr.gettext("{card} is the {rank} of the trump suit: the only card above it, {higher}, is "
                                      "not in the trick."),
        "win-left": tr.gettext("{card} is the {rank} of the other suit of the trump's colour: it counts as a trump, "
                               "and no card ranks above it."),
        "win-left-under": tr.gettext("{card} is the {rank} of the other suit of the trump's colour: it counts as a "
                                     "trump, and the only card above it, {higher}, is not in the trick."),
        "worth": ngettext("The trick is worth {sum} point.", "The trick is worth {sum} points."),
        # the duty in force (explain.explain_legality and DUTIES), and refusals
        "refused": tr.pgettext("play", "You may not play {card}."),
        "refused-forecast": tr.pgettext("play", "You may not forecast with {card}."),
        "may-play": tr.pgettext("play", "You may play {legal}."),
        "duty-lead": tr.gettext("You lead: any card may be played."),
        "duty-none": tr.gettext("No obligations: any card may be played."),
        "duty-free": tr.gettext("You can neither follow nor trump: any card may be played."),
        "duty-void": tr.gettext("You cannot follow suit, and nothing obliges you to trump: any card may be played."),
        "duty-void-no-trump": tr.gettext("You cannot follow suit: any card may be played."),
        "duty-follow": tr.gettext("Every card of the hand follows the lead."),
        "duty-play-tree": tr.gettext("Every card of the hand is a tree, as the duty requires."),
        "duty-trump": tr.gettext("Every card of the hand is a trump, as the duty requires."),
        "must-follow-trump": tr.gettext("A trump was led: you must follow with a trump."),
        "must-follow": tr.gettext("You must follow suit: {suit} were led."),
        "must-play-tree": tr.gettext("An ordinary card of {suit} was led and you hold none: you must play a tree "
                                     "before an ordinary trump."),
        "must-trump": tr.gettext("You hold no {suit}: you must trump."),
        "suit-taken": tr.gettext("A suit that an earlier forecast names may not be forecast again."),
        # what the computer would do, and why (engine strategy, TcPlayEngine.advice)
        "advice-forecast-lowest": tr.pgettext("play", "Forecast {card}: if its suit is turned up, you give this card "
                                                      "of the lowest rank for the turned card."),
        "advice-forecast-none": tr.pgettext("play", "Do not forecast: you hold no card of the lowest rank, and if "
                                                    "the suit of a better card were turned up, you would have to give "
                                                    "that card for the turned one."),
        "advice-take-tree": tr.pgettext("play", "Take {card}: the trees outrank every other trump."),
        "advice-accept": npgettext("play", "Accept: you hold {n} card of {suit}, the turned card's suit.",
                                   "Accept: you hold {n} cards of {suit}, the turned card's suit."),
        "advice-refuse-zero": tr.pgettext("play", "Refuse: you hold no cards of {suit}, the turned card's suit."),
        "advice-refuse": npgettext("play", "Refuse: you hold {n} card of {suit}, the turned card's suit, too few to "
                                           "make it trump.",
                                   "Refuse: you hold {n} cards of {suit}, the turned card's suit, too few to make "
                                   "it trump."),
        "advice-order": npgettext("play", "Order it up: with {suit} as trump, your side would hold {n} trump.",
                                  "Order it up: with {suit} as trump, your side would hold {n} trumps."),
        "advice-name": npgettext("play", "Name {suit}: with it as trump, you would hold {n} trump.",
                                 "Name {suit}: with it as trump, you would hold {n} trumps."),
        "advice-pass": npgettext("play", "Pass: no suit would give your side at least {n} trump.",
                                 "Pass: no suit would give your side at least {n} trumps."),
        "advice-no-solo": tr.pgettext("play", "Play with your partner: alone, you need every trick to score more."),
        "advice-take-points": tr.pgettext("play", "Play {card}: it takes the trick and its points as cheaply as your "
                                                  "hand allows."),
        "advice-cheapest": tr.pgettext("play", "Play {card}: of the cards you may play, it gives away the fewest "
                                               "points."),
        "advice-last-wins": tr.pgettext("play", "Play {card}: you play last, and it is the weakest card that takes "
                                                "the trick."),
        "advice-weakest": tr.pgettext("play", "Play {card}: it is the weakest card you may play, and your stronger "
                                              "cards wait for later tricks."),
        "advice-only": tr.pgettext("play", "Play {card}: it is the only card you may play."),
        "advice-last-card": tr.pgettext("play", "Play {card}: it is your last card."),
        "advice-only-follow": tr.pgettext("play", "Play {card}: you must follow suit, and it is your only card of "
                                                  "{suit}."),
        "advice-partner-takes": tr.pgettext("play", "Play {card}: your partner {player} already takes the trick, "
                                                    "so you play the weakest card you may play."),
        "advice-partner-takes-points": tr.pgettext("play", "Play {card}: your partner {player} already takes the "
                                                           "trick, so you play the card you may play that is worth "
                                                           "the fewest points."),
        "advice-partner-points": tr.pgettext("play", "Play {card}: your partner {player} already takes the trick "
                                                     "for your side, so you add the most points you can without "
                                                     "spending a trump."),
        "advice-cannot-win": tr.pgettext("play", "Play {card}: no card you may play takes this trick, so you play "
                                                 "the weakest."),
        "advice-lowest": tr.pgettext("play", "Play {card}: it is the weakest card you may play."),
        "advice-discard": tr.pgettext("play", "Discard {card}: it is your weakest card."),
        # the end of a deal and of the match
        "count-you-zero": tr.pgettext("play", "You: no points"),
        "count-you": npgettext("play", "You: {n} point", "You: {n} points"),
        "count-your-side-zero": tr.pgettext("play", "You and {partner}: no points"),
        "count-your-side": npgettext("play", "You and {partner}: {n} point", "You and {partner}: {n} points"),
        "count-other-zero": tr.pgettext("play", "{team}: no points"),
        "count-other": npgettext("play", "{team}: {n} point", "{team}: {n} points"),
        "deal-won": npgettext("play", "You win the deal and score {n} victory point.",
                              "You win the deal and score {n} victory points."),
        "deal-won-side": npgettext("play", "Your side wins the deal and scores {n} victory point.",
                                   "Your side wins the deal and scores {n} victory points."),
        "deal-lost": npgettext("play", "{team} win the deal and score {n} victory point.",
                               "{team} win the deal and score {n} victory points."),
        "deal-lost-one": npgettext("play", "{player} wins the deal and scores {n} victory point.",
                                   "{player} wins the deal and scores {n} victory points."),
        "double": tr.pgettext("play", "A total below {threshold} card points gives the winner a second victory point."),
        "tie": tr.pgettext("play", "The highest totals are equal: the deal is a tie, nobody scores, and the same "
                                   "dealer deals again."),
        "draw-deal": tr.pgettext("play", "No total is above {threshold} card points: the deal is drawn, and nobody "
                                         "scores."),
        "decider": tr.pgettext("play", "This was the deciding deal: the side with the majority of tricks wins the "
                                       "match."),
        "round-won": tr.pgettext("play", "{team} win the round, and both scores go back to {score}."),
        "round-won-you": tr.pgettext("play", "Your side wins the round, and both scores go back to {score}."),
        "match-score": tr.pgettext("play", "Match: your side {score}, the other side {other_score}, to {target}."),
        "round-score": tr.pgettext("play", "This round: your side {score}, the other side {other_score}, to "
                                           "{target}."),
        "match-score-one": tr.pgettext("play", "Match: you {score}, {player} {other_score}, to {target}."),
        "match-rounds": tr.pgettext("play", "Rounds won: your side {score}, the other side {other_score}."),
        "match-won": tr.pgettext("play", "You win the match!"),
        "match-lost": tr.pgettext("play", "The other side wins the match."),
        "match-lost-one": tr.pgettext("play", "{player} wins the match."),
    }


def vocabulary_messages(tr: Translator, game: GameSpec) -> dict[str, str | tuple[str, ...]]:
    """The sentences only some games need, by the key the script knows each by: how a `trump`
    phase sets trump, and how a game scored by odd tricks scores a deal and is won. A page of a
    game that needs none of them carries none of them."""

    def npgettext(context: str, singular: str, plural: str) -> tuple[str, ...]:
        return tr.plural_forms(context, singular, plural)

    messages: dict[str, str | tuple[str, ...]] = {}
    named = {f"top-name-{index}": tr.pgettext("term", top.name) for index, top in enumerate(game.top_trumps)
             if top.name is not None}
    if named:  # top trumps named as players call them (explain._top_trump_wins), each name a term
        messages |= named | {
            "win-named": tr.gettext("{card} is the {term}, and no card ranks above it."),
            "win-named-under": tr.gettext("{card} is the {term}: the only card above it, {higher}, is not in the trick."),
        }
    if game.procedure.find(TrumpSet) is not None:
        messages |= {
            "no-trump": tr.pgettext("play", "No trump"),
            "trump-dealer-last": tr.pgettext("play", "{dealer} turns up {card}, the last card dealt, and keeps it "
                                                     "in hand: its suit is trump."),
            "you-trump-dealer-last": tr.pgettext("play", "You turn up {card}, the last card dealt, and keep it in "
                                                         "your hand: its suit is trump."),
            "trump-next-card": tr.pgettext("play", "{dealer} turns up {card}, the next card of the pack: its suit "
                                                   "is trump, and the card stays out of play."),
            "you-trump-next-card": tr.pgettext("play", "You turn up {card}, the next card of the pack: its suit is "
                                                       "trump, and the card stays out of play."),
            "trump-no-card": tr.pgettext("play", "No card is left to turn up, so this deal has no trump."),
            "trump-suit": tr.pgettext("play", "In every deal, {suit} are trump."),
            "trump-none": tr.pgettext("play", "No suit is trump: this game is played without trump."),
        }
    if isinstance(game.scoring, OddTricks):
        messages |= {
            "tricks-you-zero": tr.pgettext("play", "You: no tricks"),
            "tricks-you": npgettext("play", "You: {n} trick", "You: {n} tricks"),
            "tricks-your-side-zero": tr.pgettext("play", "You and {partner}: no tricks"),
            "tricks-your-side": npgettext("play", "You and {partner}: {n} trick", "You and {partner}: {n} tricks"),
            "tricks-other-zero": tr.pgettext("play", "{team}: no tricks"),
            "tricks-other": npgettext("play", "{team}: {n} trick", "{team}: {n} tricks"),
            "odd-you": npgettext("play", "You score {n} point: one for each trick above {book}.",
                                 "You score {n} points: one for each trick above {book}."),
            "odd-your-side": npgettext("play", "Your side scores {n} point: one for each trick above {book}.",
                                       "Your side scores {n} points: one for each trick above {book}."),
            "odd-other": npgettext("play", "{team} score {n} point: one for each trick above {book}.",
                                   "{team} score {n} points: one for each trick above {book}."),
            "odd-other-one": npgettext("play", "{player} scores {n} point: one for each trick above {book}.",
                                       "{player} scores {n} points: one for each trick above {book}."),
            "odd-none": npgettext("play", "Nobody took more than {n} trick, so nobody scores.",
                                  "Nobody took more than {n} tricks, so nobody scores."),
        }
    if isinstance(game.scoring, TrickScoring):  # the side that made trump, by what players call it
        messages |= {
            "side-name": tr.pgettext(SIDE, game.scoring.declarers),
            "made-zero": tr.pgettext("play", "The {side}, {team}, took no tricks."),
            "made": npgettext("play", "The {side}, {team}, took {n} trick.", "The {side}, {team}, took {n} tricks."),
            "made-you-zero": tr.pgettext("play", "Your side, the {side}, took no tricks."),
            "made-you": npgettext("play", "Your side, the {side}, took {n} trick.",
                                  "Your side, the {side}, took {n} tricks."),
            "declarers-write": tr.pgettext("drill", "{side}: {change}."),
            "defenders-write": tr.pgettext("drill", "Defenders: {change}."),
            "declarers-won": tr.pgettext("drill", "The {side} won the deal."),
            "declarers-lost": tr.pgettext("drill", "The {side} lost the deal."),
        }
    one_game = isinstance(game.scoring, TrickScoring) and game.scoring.one_game
    if isinstance(game.scoring, OddTricks) or one_game:  # a game to a target, never a match
        messages |= {
            "game-score": tr.pgettext("play", "Game: your side {score}, the other side {other_score}, to {target}."),
            "game-score-one": tr.pgettext("play", "Game: you {score}, {player} {other_score}, to {target}."),
            "game-won": tr.pgettext("play", "You win the game!"),
            "game-lost": tr.pgettext("play", "The other side wins the game."),
            "game-lost-one": tr.pgettext("play", "{player} wins the game."),
        }
    if isinstance(game.scoring, (OddTricks, ExactBids, PenaltyPoints, GamePoints)) or one_game:
        messages |= game_messages(tr, by_seat=not isinstance(game.scoring, (OddTricks, TrickScoring)))
    if isinstance(game.scoring, ExactBids):
        messages |= exact_bids_messages(tr)
    if isinstance(game.scoring, PenaltyPoints):
        messages |= penalty_messages(tr)
    if game.procedure.find(PassCards) is not None:
        messages |= pass_messages(tr)
    if game.procedure.rules_of_play is not None:
        messages |= rules_of_play_messages(tr)
    if isinstance(game.scoring, GamePoints):
        messages |= race_messages(tr)
    if game.procedure.tricks.late_follow is not None:
        messages |= {
            "must-head": tr.gettext("You must follow suit with a card that takes the trick: {suit} were led."),
            "duty-head": tr.gettext("Every card of the hand follows suit and takes the trick, as the duty requires."),
            "stock-closed": tr.pgettext("diagram", "Stock closed"),
            "stock-used-up": tr.pgettext("diagram", "Stock used up"),
            "stats-must-head": npgettext("play", "{n} card refused because you had to take the trick",
                                         "{n} cards refused because you had to take the trick"),
        }
    return messages


def race_messages(tr: Translator) -> dict[str, str | tuple[str, ...]]:
    """The sentences of a race to the deal's target: what a player on lead may do besides leading,
    the advice on it, each player's card points, who wins the deal and how, the game points, and
    the game's end."""

    def npgettext(context: str, singular: str, plural: str) -> tuple[str, ...]:
        return tr.plural_forms(context, singular, plural)

    return {
        "points-tag": npgettext("walkthrough", "{n} card point", "{n} card points"),
        "meld-button": tr.pgettext("play", "Show the marriage in {suit} and lead {card}"),
        "exchange-button": tr.pgettext("play", "Exchange {card} for the turned card {turned}"),
        "close-button": tr.pgettext("play", "Close the stock"),
        "marriage": npgettext("play", "{player} shows the king and queen of {suit} as a marriage: {n} card point, "
                                      "counted once {player} has taken a trick.",
                              "{player} shows the king and queen of {suit} as a marriage: {n} card points, counted "
                              "once {player} has taken a trick."),
        "you-marriage": npgettext("play", "You show the king and queen of {suit} as a marriage: {n} card point, "
                                          "counted once you have taken a trick.",
                                  "You show the king and queen of {suit} as a marriage: {n} card points, counted once "
                                  "you have taken a trick."),
        "exchanged": tr.pgettext("play", "{player} gives {given} for the turned card {taken}."),
        "you-exchanged": tr.pgettext("play", "You give {given} for the turned card {taken}."),
        "closed": tr.pgettext("play", "{player} closes the stock: nobody draws any more, and the stricter rules of "
                                      "play apply."),
        "you-closed": tr.pgettext("play", "You close the stock: nobody draws any more, and the stricter rules of play "
                                          "apply."),
        "race-points-zero": tr.pgettext("play", "{player} has no card points."),
        "race-points": npgettext("play", "{player} has {n} card point.", "{player} has {n} card points."),
        "race-points-you-zero": tr.pgettext("play", "You have no card points."),
        "race-points-you": npgettext("play", "You have {n} card point.", "You have {n} card points."),
        "race-target": tr.pgettext("play", "{player} reaches {target} and wins the deal."),
        "race-target-you": tr.pgettext("play", "You reach {target} and win the deal."),
        "race-closer-failed": tr.pgettext("play", "The stock was closed by a player who did not reach {target} "
                                                  "first: {player} wins the deal."),
        "race-closer-failed-you": tr.pgettext("play", "The stock was closed by a player who did not reach {target} "
                                                      "first: you win the deal."),
        "race-last-trick": tr.pgettext("play", "Nobody reached {target}, and {player} took the last trick: {player} "
                                               "wins the deal."),
        "race-last-trick-you": tr.pgettext("play", "Nobody reached {target}, and you took the last trick: you win the "
                                                   "deal."),
        "race-scores": npgettext("play", "{player} scores {n} game point.", "{player} scores {n} game points."),
        "race-scores-you": npgettext("play", "You score {n} game point.", "You score {n} game points."),
        "race-winner": tr.pgettext("play", "{player} has the highest total and wins the game."),
        "race-won": tr.pgettext("play", "You have the highest total and win the game!"),
        "advice-exchange": tr.pgettext("play", "Exchange {card} for the turned card {turned}: you give a weaker trump "
                                               "for a stronger one."),
        "advice-close": npgettext("play", "Close the stock: you have {n} card point, within {number} of {target}, and "
                                          "more than {player}.",
                                  "Close the stock: you have {n} card points, within {number} of {target}, and more "
                                  "than {player}."),
        "advice-marry": npgettext("play", "Show the marriage in {suit} and lead {card}: it is worth {n} card point.",
                                  "Show the marriage in {suit} and lead {card}: it is worth {n} card points."),
    }


def penalty_messages(tr: Translator) -> dict[str, str | tuple[str, ...]]:
    """The sentences of a game scored by penalty points: the advice on avoiding them, what each
    player took and writes, a moon shot, the totals and the game's end, which the lowest wins."""

    def npgettext(context: str, singular: str, plural: str) -> tuple[str, ...]:
        return tr.plural_forms(context, singular, plural)

    return {
        "penalty-tag-zero": tr.pgettext("play", "no penalty points"),
        "penalty-tag": npgettext("play", "{n} penalty point", "{n} penalty points"),
        "advice-avoid-lead-low": tr.pgettext("play", "Lead {card}: of the cards you may lead it costs the fewest "
                                                     "points, and of those it is the weakest."),
        "advice-avoid-duck": tr.pgettext("play", "Play {card}: a card already played beats it, and of the cards that "
                                                 "cannot take the trick it costs the most points, the strongest of "
                                                 "equal cost."),
        "advice-avoid-must-take": tr.pgettext("play", "Play {card}: every card you may play takes the trick, and it "
                                                      "costs the fewest points, the strongest of equal cost."),
        "advice-avoid-weakest": tr.pgettext("play", "Play {card}: every card you may play beats the cards played so "
                                                    "far, so you play the weakest; a later player may still beat it."),
        "penalty-line": npgettext("play", "{player} took {n} penalty point.", "{player} took {n} penalty points."),
        "penalty-line-none": tr.pgettext("play", "{player} took no card that costs points."),
        "penalty-line-you": npgettext("play", "You took {n} penalty point.", "You took {n} penalty points."),
        "penalty-line-none-you": tr.pgettext("play", "You took no card that costs points."),
        "moon": tr.pgettext("play", "{player} took every card that costs points and shoots the moon: {player} writes "
                                    "0, and every other player {number}."),
        "moon-you": tr.pgettext("play", "You took every card that costs points and shoot the moon: you write 0, and "
                                        "every other player {number}."),
        "penalty-winner": tr.pgettext("play", "{player} has the lowest total and wins the game."),
        "penalty-won": tr.pgettext("play", "You have the lowest total and win the game!"),
        "penalty-tie": tr.pgettext("play", "The lowest totals are equal: the players who share them share the game."),
    }


def pass_messages(tr: Translator) -> dict[str, str | tuple[str, ...]]:
    """The sentences of a deal whose players pass cards before play: choosing them, passing
    them, picking up those passed to you, and the advice on which to pass."""

    def npgettext(context: str, singular: str, plural: str) -> tuple[str, ...]:
        return tr.plural_forms(context, singular, plural)

    return {
        "prompt-pass": npgettext("play", "Choose {n} card to pass to {receiver}, then pass it.",
                                 "Choose {n} cards to pass to {receiver}, then pass them."),
        "pass-count": npgettext("play", "Chosen: {number} of {n} card.", "Chosen: {number} of {n} cards."),
        "pass-button": npgettext("play", "Pass the chosen card", "Pass the {n} chosen cards"),
        "refused-pass": npgettext("play", "Choose exactly {n} card to pass.", "Choose exactly {n} cards to pass."),
        "you-pass-cards": tr.pgettext("play", "You pass {passed} to {receiver}."),
        "passes-cards": npgettext("play", "{player} passes {n} card to {receiver}.",
                                  "{player} passes {n} cards to {receiver}."),
        "passes-you": npgettext("play", "{player} passes you {n} card, face down.",
                                "{player} passes you {n} cards, face down."),
        "you-receive": tr.pgettext("play", "Everyone has passed. You pick up the cards {player} passed you: {passed}."),
        "no-pass": tr.pgettext("play", "Nobody passes in this deal."),
        "advice-pass-costliest": tr.pgettext("play", "Pass {passed}: of your cards these cost the most points, and "
                                                     "among cards of equal cost the strongest go first."),
    }


def rules_of_play_messages(tr: Translator) -> dict[str, str | tuple[str, ...]]:
    """The sentences of a tricks phase with rules of its own: why each refuses a card, as
    explain.explain_legality says it, where the deal stands, and the statistics of refusals."""

    def npgettext(context: str, singular: str, plural: str) -> tuple[str, ...]:
        return tr.plural_forms(context, singular, plural)

    return {
        "prompt-lead-ruled": tr.pgettext("play", "Your lead: choose a card the rules let you lead."),
        "rule-first-lead": tr.gettext("You hold {card}, so you lead it to the deal's first trick."),
        "rule-unbroken": tr.gettext("You may not lead {suit}: none has been played to an earlier trick, and you hold "
                                    "other cards."),
        "rule-clean-first-trick": tr.gettext("No card that costs penalty points may go to the first trick while you "
                                             "hold another card you may play."),
        "cannot-follow": tr.gettext("You cannot follow suit."),
        "neither": tr.gettext("You can neither follow nor trump."),
        "broken": tr.pgettext("diagram", "Broken: {suit}"),
        "not-broken": tr.pgettext("diagram", "Not yet broken: {suit}"),
        "stats-first-lead": npgettext("play", "{n} card refused because another card leads the deal's first trick",
                                      "{n} cards refused because another card leads the deal's first trick"),
        "stats-unbroken": npgettext("play", "{n} lead refused because its suit was not yet broken",
                                    "{n} leads refused because their suit was not yet broken"),
        "stats-clean-first-trick": npgettext("play", "{n} card refused because no card that costs points may go to "
                                                     "the first trick",
                                             "{n} cards refused because no card that costs points may go to the "
                                             "first trick"),
    }


def game_messages(tr: Translator, *, by_seat: bool) -> dict[str, str | tuple[str, ...]]:
    """The sentences of every game played to its end rather than as a match of rounds: its end,
    a new one, games won; and, when each player scores for themselves, each running total."""

    def npgettext(context: str, singular: str, plural: str) -> tuple[str, ...]:
        return tr.plural_forms(context, singular, plural)

    messages: dict[str, str | tuple[str, ...]] = {
        "prompt-game-over": tr.pgettext("play", "The game is over. Start a new one when you are ready."),
        "new-game": tr.pgettext("play", "New game"),
        "confirm-new-game": tr.pgettext("play", "Start a new game? The game in progress will be lost."),
        "game-kept": tr.pgettext("play", "Your game was kept in this browser: it goes on at deal {number}."),
        "stats-games-zero": tr.pgettext("play", "No games won yet"),
        "stats-games": npgettext("play", "{n} game won", "{n} games won"),
    }
    if by_seat:
        messages |= {
            "total-zero": tr.pgettext("play", "{player}: no points in all."),
            "total": npgettext("play", "{player}: {n} point in all.", "{player}: {n} points in all."),
            "total-you-zero": tr.pgettext("play", "You: no points in all."),
            "total-you": npgettext("play", "You: {n} point in all.", "You: {n} points in all."),
        }
    return messages


def exact_bids_messages(tr: Translator) -> dict[str, str | tuple[str, ...]]:
    """The sentences of a game scored by exact bids: the bids, the advice on bidding and on
    playing to take exactly the bid, what each player writes, the totals and the game's end."""

    def npgettext(context: str, singular: str, plural: str) -> tuple[str, ...]:
        return tr.plural_forms(context, singular, plural)

    return {
        "bid-tag": tr.pgettext("play", "bid: {number}"),
        "prompt-bid": npgettext("play", "Your bid: will you take this deal's one trick?",
                                "Your bid: how many of the {n} tricks of this deal will you take?"),
        "bid-barred": npgettext("play", "The bids would add up to the deal's one trick: the dealer may not bid "
                                        "{number}.",
                                "The bids would add up to the {n} tricks of the deal: the dealer may not bid "
                                "{number}."),
        "refused-bid": tr.pgettext("play", "You may not bid {number}."),
        "bids-zero": tr.pgettext("play", "{player} bids zero."),
        "bids": npgettext("play", "{player} bids {n} trick.", "{player} bids {n} tricks."),
        "you-bid-zero": tr.pgettext("play", "You bid zero."),
        "you-bid": npgettext("play", "You bid {n} trick.", "You bid {n} tricks."),
        "advice-bid-likely-zero": tr.pgettext("play", "You hold no likely winners: bid zero."),
        "advice-bid-likely": npgettext("play", "You hold {n} likely winner: bid {n}.",
                                       "You hold {n} likely winners: bid {n}."),
        "advice-bid-nearest-zero": tr.pgettext("play", "You hold no likely winners, but the dealer may not bid zero: bid {number}."),
        "advice-bid-nearest": npgettext("play", "You hold {n} likely winner, but the dealer may not bid {n}: bid "
                                                "{number}, the nearest number allowed.",
                                        "You hold {n} likely winners, but the dealer may not bid {n}: bid "
                                        "{number}, the nearest number allowed."),
        "advice-bid-lead-high": tr.pgettext("play", "Play {card}: you still need tricks to make your bid, so you "
                                                    "lead your strongest card."),
        "advice-bid-lead-low": tr.pgettext("play", "Play {card}: you need no more tricks for your bid, so you lead "
                                                   "your weakest card."),
        "advice-bid-win": tr.pgettext("play", "Play {card}: you still need tricks for your bid, and it is the "
                                              "strongest card you may play that takes the trick so far."),
        "advice-bid-win-last": tr.pgettext("play", "Play {card}: you still need tricks for your bid, you play last, "
                                                   "and it is the weakest card that takes the trick."),
        "advice-bid-cannot-win": tr.pgettext("play", "Play {card}: you still need tricks for your bid, but no card "
                                                     "you may play takes this trick, so you play the weakest."),
        "advice-bid-lose": tr.pgettext("play", "Play {card}: you need no more tricks for your bid, and it is the "
                                               "strongest card you may play that does not take the trick."),
        "advice-bid-must-win": tr.pgettext("play", "Play {card}: you need no more tricks for your bid, but every "
                                                   "card you may play takes the trick so far, so you play the "
                                                   "weakest."),
        "bid-line-zero": tr.pgettext("play", "{player} bid {number} and took no tricks: {player} writes {score}."),
        "bid-line": npgettext("play", "{player} bid {number} and took {n} trick: {player} writes {score}.",
                              "{player} bid {number} and took {n} tricks: {player} writes {score}."),
        "bid-line-you-zero": tr.pgettext("play", "You bid {number} and took no tricks: you write {score}."),
        "bid-line-you": npgettext("play", "You bid {number} and took {n} trick: you write {score}.",
                                  "You bid {number} and took {n} tricks: you write {score}."),
        "bids-winner": tr.pgettext("play", "{player} has the highest total and wins the game."),
        "bids-won": tr.pgettext("play", "You have the highest total and win the game!"),
        "bids-tie": tr.pgettext("play", "The highest totals are equal: nobody wins the game."),
        "stats-bid-barred": npgettext("play", "{n} bid refused because the bids would add up to the tricks",
                                      "{n} bids refused because the bids would add up to the tricks"),
    }
