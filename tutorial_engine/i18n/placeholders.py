"""What fills each placeholder of the site's messages: one name, one meaning, in every message.

`locale check` reads this to know which placeholders a translation may inflect (names, teams,
suits and cards take {{GRAMMAR}} and {{GENDER}}), which are counts that choose a plural form, and which
are names a word before them may have to elide. A test holds every placeholder of the template
to this table, and every value the site fills in to the kind its name says.
"""

from __future__ import annotations

import enum


class Kind(enum.Enum):
    NAME = "a player's name"
    TEAM = "a list of players' names"
    SUIT = "a suit's name"
    RANK = "a rank's name"
    TERM = "a term of the game, such as a top trump's name"
    SIDE = "what players call the side that made trump, such as the makers"
    COUNT = "a count that chooses the plural form"
    NUMBER = "a number shown as it is, with no word agreeing with it"
    NUMBERS = "numbers listed by the locale's list pattern, with no word agreeing with them"
    SIGNED = "a change of score, with its sign"
    CARDS = "a card code, or a list of them"
    TEXT = "text made by the site, or a list of such texts"


PLACEHOLDERS: dict[str, Kind] = {
    "player": Kind.NAME, "partner": Kind.NAME, "dealer": Kind.NAME, "receiver": Kind.NAME, "moon": Kind.NAME,
    "closer": Kind.NAME, "loser": Kind.NAME,
    "team": Kind.TEAM, "other_team": Kind.TEAM, "players": Kind.TEAM,
    "suit": Kind.SUIT, "rank": Kind.RANK, "term": Kind.TERM, "side": Kind.SIDE,
    "n": Kind.COUNT, "cards": Kind.COUNT, "points": Kind.COUNT, "hand": Kind.COUNT,
    "number": Kind.NUMBER, "total": Kind.NUMBER, "target": Kind.NUMBER, "threshold": Kind.NUMBER,
    "score": Kind.NUMBER, "other_score": Kind.NUMBER, "declarers": Kind.NUMBER,
    "defenders": Kind.NUMBER, "code": Kind.NUMBER, "majority": Kind.NUMBER, "book": Kind.NUMBER,
    "bid": Kind.NUMBER, "barred": Kind.NUMBER, "others": Kind.NUMBER, "bonus": Kind.NUMBER,
    "won": Kind.NUMBER, "deals": Kind.NUMBER,
    "change": Kind.SIGNED,
    "card": Kind.CARDS, "forecast": Kind.CARDS, "turned": Kind.CARDS, "indicator": Kind.CARDS,
    "high": Kind.CARDS, "low": Kind.CARDS, "new": Kind.CARDS, "old": Kind.CARDS,
    "lower": Kind.CARDS, "higher": Kind.CARDS, "legal": Kind.CARDS, "allowed": Kind.CARDS, "taken": Kind.CARDS,
    "discards": Kind.CARDS, "passed": Kind.CARDS, "given": Kind.CARDS,
    "packets": Kind.NUMBERS,
    "sum": Kind.TEXT, "equation": Kind.TEXT, "order": Kind.TEXT, "draws": Kind.TEXT, "page": Kind.TEXT,
    "worksheet": Kind.TEXT, "title": Kind.TEXT, "deck_cards": Kind.TEXT,
    "deck_points": Kind.TEXT, "hand_cards": Kind.TEXT, "file": Kind.TEXT, "files": Kind.TEXT,
    "summary": Kind.TEXT, "source": Kind.TEXT, "pages": Kind.TEXT, "items": Kind.TEXT, "last": Kind.TEXT, "card_name": Kind.TEXT,
}

TERMS = (Kind.NAME, Kind.TEAM, Kind.SUIT, Kind.RANK, Kind.TERM, Kind.SIDE, Kind.CARDS)
"""Kinds a translation may ask a form or a gender of: a card has its rank's forms and gender."""
PEOPLE = (Kind.NAME, Kind.TEAM)


def kind(name: str) -> Kind | None:
    return PLACEHOLDERS.get(name)
