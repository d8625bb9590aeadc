"""English sentences for the engine's reason codes.

The codes are the contract; these sentences are one rendering of them (the CLI's, `judge`'s
`explanation`, `check`'s messages). The site renders the same codes through gettext.
"""

from __future__ import annotations

from .game import GameSpec
from .forecast import ForecastOptions, ForecastOutcome, Refusal
from .rules import Duty, Legality, Role, Verdict, WinReason


def why_wins(verdict: Verdict, game: GameSpec) -> str:
    """"3♠ is the highest trump": the clause `check` puts after "the engine gives …"."""
    card = verdict.card
    if verdict.reason is WinReason.TREE:
        lower = [str(c) for c in verdict.plays if c is not card and c in game.permanent_trumps]
        if lower:
            return f"{card} is the higher tree, above {' '.join(lower)}, and the trees outrank every other trump"
        return f"{card} is a tree, and the trees outrank every other trump"
    if verdict.reason is WinReason.HIGHEST_TRUMP:
        return f"{card} is the highest trump"
    return f"{card} is the highest card of the suit led ({verdict.led}) and no trump was played"


def points_sum(verdict: Verdict) -> str:
    """"11 + 0 = 11": how the trick's value adds up, card by card."""
    return " + ".join(str(p) for p in verdict.card_points) + f" = {verdict.points}"


def explain_verdict(verdict: Verdict, game: GameSpec) -> str:
    text = why_wins(verdict, game)
    sentence = text[0].upper() + text[1:] + "."
    if any(verdict.card_points):
        sentence += f" The trick is worth {points_sum(verdict)} points."
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


def why_refused(legality: Legality) -> str:
    """Why every refused card is refused: one duty refuses them all."""
    led, trump = legality.led, legality.trump
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
    if duty is Duty.TRUMP:
        return f"{card} is a trump, as the duty to trump requires"
    sentence = DUTIES[duty].rstrip(".")
    return f"{card} may be played: {sentence[0].lower()}{sentence[1:]}"


DUTIES = {
    Duty.LEAD: "You lead: any card may be played.",
    Duty.NONE: "No obligations: any card may be played.",
    Duty.FREE: "You can neither follow nor trump: any card may be played.",
    Duty.FOLLOW: "Every card of the hand follows the lead.",
    Duty.PLAY_TREE: "Every card of the hand is a tree, as the duty requires.",
    Duty.TRUMP: "Every card of the hand is a trump, as the duty requires.",
}


def explain_legality(legality: Legality) -> str:
    if not legality.refused:
        return DUTIES[legality.duty]
    text = why_refused(legality)
    return text[0].upper() + text[1:] + "."


REFUSALS = {
    Refusal.DEALER: "the dealer never forecasts",
    Refusal.DEALERS_PARTNER: "the dealer's partners never forecast",
    Refusal.SUIT_TAKEN: "an earlier forecast already names this suit",
}


def explain_options(options: ForecastOptions) -> str:
    reasons = {REFUSALS[code] for code in options.refused.values()}
    return "; ".join(sorted(reasons))


def explain_outcome(outcome: ForecastOutcome, name) -> str:
    """`name` turns a seat number into the name shown to the reader."""
    if outcome.exchange is None:
        return (f"No forecast is of {outcome.trump}: every forecast goes back to its owner's hand "
                f"and {outcome.indicator} stays as the trump indicator.")
    ex = outcome.exchange
    return (f"{name(ex.seat)} forecast {ex.gives}, of the suit turned, and must exchange it: "
            f"{name(ex.seat)} takes {ex.takes} and {ex.gives} becomes the trump indicator.")
