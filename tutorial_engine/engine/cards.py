"""Suits, ranks and cards, and the one parser every input goes through.

A card is just a rank and a suit; whether it exists, how strong it is and what it is worth are
questions for a game (see `game.GameSpec`), never for the card itself.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import lru_cache


class CardSyntaxError(ValueError):
    """Text that is not a card or a suit in any accepted notation."""


class Suit(enum.Enum):
    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    __hash__ = object.__hash__  # members are singletons; Enum's own hash runs Python code

    @property
    def symbol(self) -> str:
        return self.value

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def red(self) -> bool:
        """The red suits, hearts and diamonds; a rule may ask too, as Altbaumer's draw for partners does (B7)."""
        return self is Suit.HEARTS or self is Suit.DIAMONDS

    def __str__(self) -> str:
        return self._value_  # not .value: Enum's property costs a Python call per card printed

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Accept ♠, S, s, spades, Spades, spade (and the outlined ♤ ♡ ♢ ♧)."""
        suit = SUIT_WORDS.get(str(text).strip().lower())
        if suit is None:
            raise CardSyntaxError(
                f"'{text}' is not a suit; expected one of ♠ ♥ ♦ ♣, S H D C or spades, hearts, "
                "diamonds, clubs"
            )
        return suit


SUIT_WORDS: dict[str, Suit] = {}
for _suit, _outline in zip(Suit, "♤♡♢♧"):
    for _word in (_suit.value, _outline, _suit.letter.lower(), _suit.name.lower(),
                  _suit.name.lower()[:-1]):
        SUIT_WORDS[_word] = _suit


class Rank(enum.Enum):
    """Ranks carry no order: each game states its own orders in game.yml."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"

    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self._value_

    @classmethod
    def parse(cls, text: str) -> Rank:
        rank = _RANK_WORDS.get(str(text).strip().upper())
        if rank is None:
            raise CardSyntaxError(
                f"'{text}' is not a rank; expected one of A K Q J 10 9 8 7 6 5 4 3 2 (T for 10)"
            )
        return rank


_RANK_WORDS = {rank.value: rank for rank in Rank} | {"T": Rank.TEN}

CARD_FORMS = "a rank A K Q J 10 (or T) 9 … 2 followed by a suit ♠ ♥ ♦ ♣ or S H D C, as in A♥, AH, 10♦, TD"


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """Interned: there is one object per rank and suit, so equality and hashing are identity.

    Every rule kernel is dictionary look-ups keyed by cards; identity keeps them in C.
    """

    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        card = _INTERNED.get((rank, suit))
        if card is None:
            if not isinstance(rank, Rank) or not isinstance(suit, Suit):
                raise TypeError(f"Card needs a Rank and a Suit, not {rank!r} and {suit!r}")
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            _INTERNED[rank, suit] = card
            _TEXT[card] = f"{rank._value_}{suit._value_}"
        return card

    def __reduce__(self):
        return Card, (self.rank, self.suit)

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({self})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read A♥, AH, ah, 10♦, TD, T♦; refuse anything else, naming the input."""
        return _parse_card(str(text))


_INTERNED: dict[tuple[Rank, Suit], Card] = {}
_TEXT: dict[Card, str] = {}


@lru_cache(maxsize=4096)
def _parse_card(text: str) -> Card:
    cleaned = text.strip()
    rank = _RANK_WORDS.get(cleaned[:-1].upper()) if len(cleaned) >= 2 else None
    suit = SUIT_WORDS.get(cleaned[-1:].lower()) if cleaned else None
    if rank is None or suit is None:
        meant = _meant(text)
        hint = f"; did you mean {meant}?" if meant is not None else ""
        raise CardSyntaxError(f"'{text}' is not a card; expected {CARD_FORMS}{hint}")
    return Card(rank, suit)


_RANK_NAMES = {"ace": Rank.ACE, "king": Rank.KING, "queen": Rank.QUEEN, "jack": Rank.JACK, "ten": Rank.TEN,
               "nine": Rank.NINE, "eight": Rank.EIGHT, "seven": Rank.SEVEN, "six": Rank.SIX,
               "five": Rank.FIVE, "four": Rank.FOUR, "three": Rank.THREE, "two": Rank.TWO}
_RANK_PREFIXES = sorted({word.lower(): rank for word, rank in _RANK_WORDS.items()}.items() | _RANK_NAMES.items(),
                        key=lambda item: -len(item[0]))
"""Longest first, so that "ten" is not read as "t" followed by "en"."""


def _meant(text: str) -> Card | None:
    """The card a near miss most likely means: "queen of hearts", "Ahearts", "A♥♥", "Q♠s"."""
    squeezed = re.sub(r"[\s,.;:_/-]+|\bof\b", "", text.lower())
    for word, rank in _RANK_PREFIXES:
        if not squeezed.startswith(word):
            continue
        rest = squeezed[len(word):]
        if rest and rest == rest[0] * len(rest):
            rest = rest[0]
        suit = SUIT_WORDS.get(rest) or SUIT_WORDS.get(rest.removesuffix("s"))
        if suit is not None:
            return Card(rank, suit)
    return None


def parse_cards(text: str) -> tuple[Card, ...]:
    """Split "A♣ J♣, K♥" on spaces and commas, as typed on a command line."""
    return tuple(Card.parse(part) for part in text.replace(",", " ").split())
