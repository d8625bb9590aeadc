"""The draw for partners (Altbaumer B7, game.yml `partners`): the four cards of one rank are
shuffled and given one to each player; the red ones play against the black ones, and the holder
of the named card deals first.

Players are numbered in the order they sat down; seats, as everywhere in the engine, in the
direction of play from the first dealer. The tutorial card does not say who changes places, so
the site decides: the holder of 9♣ stays, the partner moves opposite, and the two red nines keep
their order around the table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import Card
from .game import GameSpec


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
    """Shuffle the four cards of the game's drawing rank with `rng` and seat the players by them."""
    rule = game.partner_draw
    if rule is None:
        raise ValueError(f"{game.name} does not draw for partners (game.yml: partners)")
    nines = [card for card in game.deck if card.rank is rule.rank]
    if len(nines) != 4 or rule.first not in nines:
        raise ValueError(f"the draw for partners needs the four cards of rank {rule.rank}, but the "
                         f"{game.name} deck has {' '.join(map(str, nines)) or 'none'}")
    rng.shuffle(nines)
    dealer = nines.index(rule.first)
    partner = next(p for p, card in enumerate(nines) if p != dealer and not card.suit.red)
    red = sorted((p for p in range(4) if p not in (dealer, partner)), key=lambda p: (p - dealer) % 4)
    return PartnerDraw(tuple(nines), (dealer, red[0], partner, red[1]))
