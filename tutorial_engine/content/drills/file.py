"""A drills.yml file: its shape, and each drill built from it once the check finds nothing wrong."""

from __future__ import annotations

from yaml.nodes import MappingNode

from ...engine.game import GameSpec, VictoryPoints
from ...problems import Problems
from ..gamefile import SLUG
from ..shapes import INVALID, Choice, Context, Field, Integer, ListOf, Rec, Record, Text
from ..source import Source
from .drill import MAX_COUNT, NAMES, Drill
from .kinds import CONSTRAINT_NEEDS, EXCLUSIVE, KINDS, SOME_KINDS

DRILL = Record("a drill", {
    "id": Field(Text("a drill id", **SLUG), required=True,
                doc="Unique within the game; a learner's progress is kept under it."),
    "kind": Field(Choice(KINDS, "a kind of drill"), required=True, doc="What each question asks."),
    "title": Field(Text("a title"), required=True, doc="The drill's heading."),
    "count": Field(Integer("a number of questions", minimum=30, maximum=MAX_COUNT),
                   doc=f"At least 30, at most {MAX_COUNT}; default 30."),
    "seed": Field(Integer("a seed", minimum=0), doc="Change it for another set of questions."),
    "players": Field(Integer("a number of players", minimum=2), doc="Seats at the table."),
    "team_size": Field(Integer("a team size", minimum=1),
                       doc="Players in a team; by default the smallest team the game has at that table."),
    "cards": Field(Integer("a number of cards", minimum=2), doc="Cards in a row (strongest)."),
    "constraints": Field(ListOf(Text("a constraint"), min_items=1),
                         doc="Keep only questions that meet every constraint."),
})

DRILLS_FILE = Record("a drills file", {
    "game": Field(Text("a game id", **SLUG), doc="Needed only when the file is not in its game's folder under `examples/`."),
    "drills": Field(ListOf(DRILL, what="a list of drills", min_items=1, keep_valid=True), required=True,
                    doc="The drills of the game."),
})


def is_drills_file(node) -> bool:
    return isinstance(node, MappingNode) and any(getattr(k, "value", None) == "drills" for k, _ in node.value)


def read_drills(source: Source, problems: Problems, game: GameSpec | None) -> list[Drill]:
    """The file's drills as written, their questions not drawn yet."""
    rec = DRILLS_FILE.read(source.root, Context(source, problems, game))
    if rec is INVALID or game is None:
        return []
    return [drill for item in rec["drills"] if (drill := build_drill(item, game, problems)) is not None]


def build_drill(rec: Rec, game: GameSpec, problems: Problems) -> Drill | None:
    kind = rec["kind"]
    failed = False
    if not KINDS[kind].needs(game):
        problems.add(rec.at("kind"), f"{game.name} has no use for {kind} drills: {KINDS[kind].lacks(game)}")
        failed = True
    for name in SOME_KINDS:
        if name in rec and name not in KINDS[kind].fields:
            users = [other.name for other in KINDS.values() if name in other.fields]
            problems.add(rec.at(name), f"{kind} drills ignore '{name}': only {_and(users)} drills use it; "
                                       "remove it")
            failed = True
    constraints = rec.get("constraints", ())
    locations = getattr(rec.get("constraints"), "locations", ())
    allowed, of = KINDS[kind].allowed(game), KINDS[kind].described(game)
    for name, location in zip(constraints, locations):
        if name not in allowed and name in KINDS[kind].constraints and name in CONSTRAINT_NEEDS:
            problems.add(location, f"{game.name} has no use for the '{name}' constraint: "
                                   f"{CONSTRAINT_NEEDS[name].lacks}")
            failed = True
        elif name not in allowed:
            problems.add(location, f"'{name}' is not a constraint of {of} drills "
                                   f"(constraints: {', '.join(allowed) or 'none'})")
            failed = True
    for k, (name, location) in enumerate(zip(constraints, locations)):
        clash = next((other for other in constraints[:k] if frozenset({name, other}) in EXCLUSIVE), None)
        if clash is not None:
            what = "question" if KINDS[kind].stream is None else "deal"
            problems.add(location, f"no {what} is both '{clash}' and '{name}': "
                                   f"{EXCLUSIVE[frozenset({name, clash})]}")
            failed = True
    if (kind == "deal-scoring" and "two-victory-points" in constraints
            and isinstance(game.scoring, VictoryPoints) and not game.scoring.thresholds):
        location = locations[constraints.index("two-victory-points")]
        problems.add(location, f"no {game.name} deal scores two victory points: its scoring has no thresholds")
        failed = True
    default = min(game.players) if kind in ("scoring", "deal-scoring", "dealer-bid") else min(game.trick_sizes)
    players = rec.get("players", default)
    if "players" in rec and players not in (game.trick_sizes if kind == "trick" else game.players):
        problems.add(rec.at("players"), f"{game.name} is not played by {players} players")
        failed = True
    elif "players" in rec and players > len(NAMES):
        problems.add(rec.at("players"), f"a drill names at most {len(NAMES)} players, {NAMES[0]} to {NAMES[-1]}; "
                                        f"give 'players' of {len(NAMES)} or fewer")
        failed = True
    team_size = rec.get("team_size", min(game.team_sizes(players), default=1))
    if "team_size" in rec and team_size not in game.team_sizes(players):
        problems.add(rec.at("team_size"), f"{game.name} with {players} players has no teams of {team_size}")
        failed = True
    if failed:
        return None
    return Drill(id=rec["id"], kind=kind, game=game, title=rec["title"], count=rec.get("count", 30),
                 seed=rec.get("seed", 0), players=players, team_size=team_size,
                 cards=rec.get("cards", 5), constraints=tuple(rec.get("constraints", ())),
                 location=rec.location)


def _and(words: list[str]) -> str:
    """trick, scoring and deal-scoring."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
