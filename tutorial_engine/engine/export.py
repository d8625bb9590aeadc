"""A game as plain JSON data, for the rules runtime of the play pages (`assets/play-engine.js`).

The browser plays the same `game.yml` as this engine: what is exported here is all the
JavaScript knows of a game, so no game is ever named in it. Cards are their codes ("A♥"),
suits their symbols, and the deck keeps game.yml's order, which the shuffle starts from.
"""

from __future__ import annotations

from .game import GameSpec, OddTricks, TopTrump, TrickScoring, VictoryPoints
from .procedure import Bidding, Cut, DealPackets, Phase, SoloOffer, Tricks, TrumpSet


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
    data: dict = {"phase": phase.name}
    if isinstance(phase, Cut):
        data["take"] = phase.take
    elif isinstance(phase, DealPackets):
        data["packets"] = list(phase.packets)
        if phase.whole_pack:  # absent when false, so that the data of a game without it stays as it was
            data["wholePack"] = True
    elif isinstance(phase, TrumpSet):
        data["from"] = phase.source.value
        data["suit"] = str(phase.suit) if phase.suit is not None else None
    elif isinstance(phase, Bidding):
        data["rounds"] = [bid_round.value for bid_round in phase.rounds]
        data["stick"] = phase.stick_the_dealer
    elif isinstance(phase, SoloOffer):
        data["asked"] = [asked.value for asked in phase.asked]
    elif isinstance(phase, Tricks):
        data["draw"] = phase.draw
    return data


def _scoring(game: GameSpec) -> dict | None:
    scoring = game.scoring
    if isinstance(scoring, VictoryPoints):
        return {"kind": "victory-points", "thresholds": {str(size): value for size, value in scoring.thresholds.items()},
                "winsAbove": scoring.wins_above}
    if isinstance(scoring, TrickScoring):
        return {"kind": "tricks", "majority": scoring.majority, "sweep": scoring.sweep,
                "declarersLoss": scoring.declarers_loss, "round": scoring.round, "soloSweep": scoring.solo_sweep,
                "defenders": scoring.defenders, "rounds": scoring.rounds, "decider": scoring.decider,
                "soloWinsRound": scoring.solo_wins_round}
    if isinstance(scoring, OddTricks):
        return {"kind": "odd-tricks", "book": scoring.book, "target": scoring.target}
    return None
