"""Altbaumer's draw for partners (B7): the four nines are shuffled and given one to each player;
the red nines play against the black nines, and the holder of 9♣ deals first.

Players are numbered in the order they sat down; seats, as everywhere in the engine, in the
direction of play from the first dealer. The tutorial card does not say who changes places, so
the site decides: the holder of 9♣ stays, the partner moves opposite, and the two red nines keep
their order around the table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import Card, Rank, Suit
from .game import GameSpec

FIRST_DEALER = Card(Rank.NINE, Suit.CLUBS)
"""B7: its holder deals first."""


@dataclass(frozen=True)
class PartnerDraw:
    nines: tuple[Card, ...]
    """The nine each player received, by player."""
    seats: tuple[int, ...]
    """The player at each seat after the draw: seat 0 holds 9♣ and deals first, seat 2 the
    other black nine, seats 1 and 3 the red nines."""

    @property
    def dealer(self) -> int:
        """The player who deals first."""
        return self.seats[0]

    def partner(self, player: int) -> int:
        """The player opposite: the one whose nine has the same colour."""
        return self.seats[(self.seats.index(player) + 2) % len(self.seats)]


def draw_generator(seed: int) -> random.Random:
    """The draw's own generator, made from the seed of the deals: drawing for partners leaves
    the deals a seed gives as they were, and bundled drills and walkthroughs chose their seeds
    for those deals."""
    return random.Random(f"partners/{seed}")


def draw_for_partners(game: GameSpec, rng: random.Random) -> PartnerDraw:
    """Shuffle the deck's nines with `rng` and seat the players by them."""
    nines = [card for card in game.deck if card.rank is Rank.NINE]
    if len(nines) != 4 or FIRST_DEALER not in nines:
        raise ValueError(f"the draw for partners needs the four nines, but the {game.name} deck has "
                         f"{' '.join(map(str, nines)) or 'none'}")
    rng.shuffle(nines)
    dealer = nines.index(FIRST_DEALER)
    partner = next(p for p, card in enumerate(nines) if p != dealer and not card.suit.red)
    red = sorted((p for p in range(4) if p not in (dealer, partner)), key=lambda p: (p - dealer) % 4)
    return PartnerDraw(tuple(nines), (dealer, red[0], partner, red[1]))
