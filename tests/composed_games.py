"""Valid game.yml files drawn at random over the whole vocabulary, for the differential tests.

Each draw composes a deck, rank orders, top trumps, a follow rule, a table, a deal of phases and
a scoring that `check` accepts; `test_composed_games` holds the generator to that, so a rule of
check that the generator does not know fails there first. Shared by tests only.
"""

from __future__ import annotations

import random

import yaml

SUITS = ["♠", "♥", "♦", "♣"]
RANKS = ["A", "K", "Q", "J", 10, 9, 8, 7, 6, 5, 4, 3, 2]
FOLLOW = ["none", "suit", "suit-then-trump", "suit-head-then-trump"]


def composed_game(rng: random.Random, number: int) -> str:
    """One valid game.yml, as text."""
    scoring_kind = rng.choice(["victory-points", "tricks", "odd-tricks", "exact-bids", "penalty-points",
                               "game-points"])
    alone = scoring_kind in ("exact-bids", "penalty-points", "game-points")
    pairs = scoring_kind == "tricks" or (not alone and rng.random() < 0.3)
    players = 2 if scoring_kind == "game-points" else 4 if pairs else rng.choice([2, 3, 4, 5])
    ranks = rng.sample(RANKS, rng.randrange(max(3, 8 if players > 3 else 4), 14))
    if scoring_kind == "game-points":  # marriages need kings and queens
        ranks = sorted({*ranks, "K", "Q"}, key=RANKS.index)
    ranks.sort(key=RANKS.index)
    plain = list(ranks)
    if rng.random() < 0.3:
        rng.shuffle(plain)
    trump = list(plain) if rng.random() < 0.6 else rng.sample(plain, len(plain))
    deck = 4 * len(ranks)
    game: dict = {"id": f"composed-{number}", "name": f"Composed {number}",
                  "deck": {"suits": list(SUITS), "ranks": ranks},
                  "order": {"plain": plain, "trump": trump}}
    if scoring_kind in ("victory-points", "game-points") or rng.random() < 0.3:
        game["points"] = {rank: rng.randrange(0, 12) for rank in rng.sample(ranks, rng.randrange(1, len(ranks)))}
        if not any(game["points"].values()):
            game["points"][ranks[0]] = 10
    fixed = []
    if rng.random() < 0.3:
        choice = rng.choice(["bowers", "fixed"])
        if choice == "bowers":
            jack = rng.choice(ranks)
            game["top_trumps"] = {"cards": [{"rank": jack, "suit": "trump"}, {"rank": jack, "suit": "same-colour"}]}
        else:
            fixed = [f"{rank}{suit}" for rank, suit in zip(rng.sample(ranks, 2), rng.sample(SUITS, 2))]
            game["top_trumps"] = {"cards": [{"card": card} for card in fixed], "home_suit": rng.choice(SUITS)}
    game["follow"] = rng.choice(FOLLOW)
    game["players"] = [players]
    if pairs:
        game["teams"] = [{"size": 2, "players": [4]}]
    game["direction"] = rng.choice(["clockwise", "counterclockwise"])
    game["deal"], solo = _phases(rng, scoring_kind, players, deck, pairs, bool(fixed), ranks)
    if solo:
        game["trick_sizes"] = [3, 4]
    deal = game["deal"][1] if game["deal"][0]["phase"] == "cut" else game["deal"][0]
    tricks = deck // players if deal.get("whole_pack") or "hand_sizes" in deal else sum(deal["packets"])
    game["scoring"] = _scoring(rng, scoring_kind, tricks, "hand_sizes" in deal, ranks)
    return yaml.safe_dump(game, allow_unicode=True, sort_keys=False)


def _phases(rng: random.Random, scoring_kind: str, players: int, deck: int, pairs: bool,
            fixed: bool, ranks: list) -> tuple[list[dict], bool]:
    sizes = scoring_kind == "exact-bids" and rng.random() < 0.5
    trump_kind = {"victory-points": "turn-up", "tricks": rng.choice(["accept-or-refuse", "bidding"]),
                  "penalty-points": rng.choice(["turn-up", "trump"]), "game-points": "turn-up"}.get(scoring_kind) \
        or ("trump" if sizes else rng.choice(["turn-up", "trump", "accept-or-refuse", "bidding"]))
    whole = trump_kind == "trump" and not sizes and rng.random() < 0.5
    phases: list[dict] = []
    if whole:
        share = deck // players
        packets = rng.choice([[size] * (share // size) for size in (1, 2, 3) if share % size == 0]
                             + ([[share]] if deck % players == 0 else []))
        if deck % players:
            return _phases(rng, scoring_kind, players, deck, pairs, fixed, ranks)
        phases.append({"phase": "deal", "packets": packets[:1], "whole_pack": True})
    elif sizes:
        phases.append({"phase": "deal", "hand_sizes": rng.choice(["up-and-down", "down-and-up"])})
    else:
        most = (deck - 1) // players
        hand = rng.randrange(1, min(most, 8) + 1)
        cut = rng.randrange(1, hand + 1)
        phases.append({"phase": "deal", "packets": [cut, hand - cut] if cut < hand else [hand]})
    held = deck // players if whole else None if sizes else sum(phases[0]["packets"])
    if held is not None and held > 1 and rng.random() < 0.25:
        ways = ["left", "right", "none"] + (["across"] if players % 2 == 0 else [])
        directions = [rng.choice(ways) for _ in range(rng.randrange(1, 5))]
        if all(way == "none" for way in directions):
            directions.insert(0, rng.choice(ways[:2]))
        phases.append({"phase": "pass", "cards": rng.randrange(1, min(3, held - 1) + 1), "directions": directions})
    if rng.random() < 0.3:
        take = rng.randrange(0, min(2, phases[0].get("packets", [1])[0]) + 1) if fixed else 0
        phases.insert(0, {"phase": "cut", "take": take} if take else {"phase": "cut"})
    solo = False
    if trump_kind == "turn-up":
        if rng.random() < 0.3:
            phases.append({"phase": "forecast"})
        phases.append({"phase": "turn-up"})
    elif trump_kind == "trump":
        source = rng.choice(["dealer-last", "suit", "none"] + ([] if whole else ["next-card"]))
        phases.append({"phase": "trump", "from": source} | ({"suit": rng.choice(SUITS)} if source == "suit" else {}))
    elif trump_kind == "accept-or-refuse":
        phases += [{"phase": "accept-or-refuse"}, {"phase": "discard"}]
    else:
        rounds = rng.choice([["order-up", "name"], ["order-up"], ["name"], ["name", "name"]])
        phases.append({"phase": "bidding", "rounds": rounds} | ({"stick_the_dealer": True} if rng.random() < 0.3 else {}))
        if "order-up" in rounds:
            phases.append({"phase": "discard"})
    if pairs and trump_kind in ("accept-or-refuse", "bidding") and rng.random() < 0.4:
        phases.append({"phase": "solo", "asked": rng.choice([["maker"], ["maker", "partner"]])})
        solo = True
    if scoring_kind == "exact-bids":
        phases.append({"phase": "bid-tricks", "dealer_restricted": True} if rng.random() < 0.6
                      else {"phase": "bid-tricks"})
    draw = trump_kind == "turn-up" and (scoring_kind == "game-points" or rng.random() < 0.5)
    tricks: dict = {"phase": "tricks"} | ({"draw": True} if draw else {})
    if draw and rng.random() < 0.6:
        tricks["late_follow"] = rng.choice(FOLLOW)
    if draw and rng.random() < 0.5:
        tricks["exchange"] = rng.choice(ranks)
    if scoring_kind == "game-points":
        if rng.random() < 0.7:
            tricks["closing"] = True
        if rng.random() < 0.7:
            tricks["marriage"] = rng.randrange(1, 30)
            tricks["trump_marriage"] = rng.randrange(1, 50)
    if rng.random() < 0.3:
        tricks["first_lead"] = f"{rng.choice(ranks)}{rng.choice(SUITS)}"
    if rng.random() < 0.3:
        tricks["unbroken"] = rng.choice(SUITS)
    if scoring_kind == "penalty-points" and rng.random() < 0.5:
        tricks["clean_first_trick"] = True
    phases.append(tricks)
    return phases, solo


def _scoring(rng: random.Random, kind: str, tricks: int, sizes: bool, ranks: list) -> dict:
    if kind == "victory-points":
        scoring: dict = {"kind": kind}
        if rng.random() < 0.5:
            scoring["wins_above"] = rng.randrange(0, 30)
        return scoring
    if kind == "tricks":
        return {"kind": kind, "majority": rng.randrange(1, 4), "sweep": rng.randrange(1, 4),
                "declarers_loss": rng.randrange(-2, 1), "round": rng.randrange(3, 12),
                "defenders": rng.randrange(0, 3)}
    if kind == "exact-bids":
        scoring = {"kind": kind, "bonus": rng.randrange(0, 12), "per_bid_trick": rng.randrange(0, 3),
                   "per_trick": rng.randrange(0, 2), "per_miss": rng.randrange(0, 3)}
        return scoring | ({} if sizes and rng.random() < 0.7 else {"target": rng.randrange(10, 60)})
    if kind == "penalty-points":
        suits = {suit: rng.randrange(0, 3) for suit in rng.sample(SUITS, rng.randrange(0, 3))}
        cards = {f"{rank}{suit}": rng.randrange(0, 14) for rank, suit in
                 zip(rng.sample(ranks, 2), rng.sample(SUITS, 2)) if rng.random() < 0.6}
        if not any(suits.values()) and not any(cards.values()):
            suits[rng.choice(SUITS)] = 1
        return ({"kind": kind, "target": rng.randrange(10, 60)} | ({"suits": suits} if suits else {})
                | ({"cards": cards} if cards else {}) | ({"moon": True} if rng.random() < 0.5 else {}))
    if kind == "game-points":
        return {"kind": kind, "deal_target": rng.randrange(20, 80), "target": rng.randrange(3, 10),
                "last_trick": rng.randrange(0, 12), "low": rng.randrange(5, 40), "win": rng.randrange(1, 3),
                "low_win": rng.randrange(1, 4), "no_trick_win": rng.randrange(1, 5),
                "closer_fails": rng.randrange(1, 4), "closer_fails_no_trick": rng.randrange(1, 5)}
    return {"kind": kind, "book": rng.randrange(0, min(4, tricks)), "target": rng.randrange(2, 8)}
