"""A game as plain JSON data, for the rules runtime of the play pages (`assets/play-engine.js`).

The browser plays the same `game.yml` as this engine: what is exported here is all the
JavaScript knows of a game, so no game is ever named in it. Cards are their codes ("A♥"),
suits their symbols, and the deck keeps game.yml's order, which the shuffle starts from.
"""

from __future__ import annotations

from dataclasses import fields

from .events import json_value
from .game import GameSpec, TopTrump
from .procedure import Phase


def game_data(game: GameSpec) -> dict:
    return {
        "id": game.id,
        "suits": [str(suit) for suit in game.suits],
        "deck": [str(card) for card in game.deck],
        "plainOrder": [str(rank) for rank in game.plain_order],
        "trumpOrder": [str(rank) for rank in game.trump_order],
        "points": {str(rank): value for rank, value in game.points.items()},
        "top": [_top(top) for top in game.top_trumps],
        "home": str(game.permanent_trump_suit) if game.permanent_trump_suit is not None else None,
        "follow": game.follow.value,
        "direction": game.direction.value,
        "nextDealer": game.next_dealer.value,
        "phases": [_phase(phase) for phase in game.procedure.phases],
        "scoring": _scoring(game),
    }


def _top(top: TopTrump) -> dict:
    if top.card is not None:
        return {"card": str(top.card)}
    assert top.rank is not None and top.suit is not None  # game.yml gives a card or a rank and a suit
    return {"rank": str(top.rank), "suit": top.suit.value}


def _phase(phase: Phase) -> dict:
    return {"phase": phase.name, **_fields(phase)}


def _scoring(game: GameSpec) -> dict | None:
    scoring = game.scoring
    return None if scoring is None else {"kind": scoring.kind, **_fields(scoring)}


def _fields(record) -> dict:
    """Every field of a phase or scoring record, under its name in camelCase: derived, never
    listed, so that a field added to game.yml's vocabulary reaches the browser's engine and
    none is dropped in silence."""
    return {_camel(item.name): json_value(getattr(record, item.name)) for item in fields(record)}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.title() for word in rest)
