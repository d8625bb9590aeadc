"""`tutorial-engine new`: commented starting files that already pass `check`.

An example's expectations are the engine's own answers, computed while the file is written; a
drill is appended to drills.yml without touching a byte of what is there; a game is a commented
copy of a complete definition. Whatever is written is checked at once and taken back if `check`
finds a problem in it, so a scaffold never leaves a broken file behind.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from yaml.nodes import SequenceNode

from ..content.drills import KINDS, NAMES
from ..content.example_shapes import peek
from ..content.gamefile import SLUG
from ..content.project import EXAMPLES_DIR, GAME_FILE, Report, load_games
from ..content.project import check as check_project
from ..content.shapes import did_you_mean
from ..content.source import SourceError, read_source
from ..engine.cards import Card, Suit
from ..engine.game import FollowRule, GameSpec
from ..engine.rules import WinReason, trick_verdict
from ..problems import display_path

DRILLS_FILENAME = "drills.yml"


class ScaffoldError(Exception):
    """Why nothing was written: one line for the author."""


@dataclass(frozen=True)
class Written:
    path: Path
    what: str
    """What was written, for the message: "a trick example (Boris takes the trick, 21 points)"."""


def check_name(name: str, what: str) -> None:
    if re.fullmatch(SLUG["pattern"], name) is None:
        raise ScaffoldError(f"'{name}' is not a valid {what} id; {SLUG['hint']}")


def find_game(project: Path, game_id: str | None) -> GameSpec:
    if game_id is None:
        raise ScaffoldError("--game is required: name the game, e.g. --game "
                            + _first_game(project))
    report = Report()
    load_games(project, report)
    if game_id in report.games:
        return report.games[game_id]
    if (project / EXAMPLES_DIR / game_id / GAME_FILE).exists():
        raise ScaffoldError(f"the game '{game_id}' does not load; run tutorial-engine check")
    raise ScaffoldError(f"unknown game '{game_id}'; {did_you_mean(game_id, report.games)}")


def _first_game(project: Path) -> str:
    games = sorted(p.parent.name for p in (project / EXAMPLES_DIR).glob(f"*/{GAME_FILE}"))
    return games[0] if games else "<game>"


# --- examples -------------------------------------------------------------------------------

def new_example(project: Path, name: str, game_id: str | None) -> Written:
    check_name(name, "example")
    game = find_game(project, game_id)
    path = project / EXAMPLES_DIR / game.id / "examples" / f"{name}.yml"
    if path.exists():
        raise ScaffoldError(f"{display_path(path)} exists already; choose another NAME")
    taken = _example_ids(project, game)
    if name in taken:
        raise ScaffoldError(f"the example id '{name}' is used already, in {taken[name]}; "
                            "choose another NAME")
    text, what = example_text(game, name, path)
    _write_checked(project, path, schema_line(project, path, "examples") + text)
    return Written(path, what)


def schema_line(project: Path, path: Path, kind: str) -> str:
    """The first line of a new file: editors (the YAML language server) then complete and
    underline it with the project's JSON Schema, like every bundled file."""
    schema = os.path.relpath(project / "schemas" / f"{kind}.schema.json", path.parent)
    return f"# yaml-language-server: $schema={Path(schema).as_posix()}\n"


def _example_ids(project: Path, game: GameSpec) -> dict[str, str]:
    folder = project / EXAMPLES_DIR / game.id / "examples"
    report = check_project(project, [folder]) if folder.is_dir() else Report()
    return {example.id: example.location.path for example in report.examples
            if example.game.id == game.id}


def example_trick(game: GameSpec) -> tuple[tuple[str, ...], Suit, tuple[Card, ...]]:
    """Seats, trump and plays of a legal trick: everyone follows the suit led."""
    sizes = [n for n in game.players if n in game.trick_sizes] or list(game.trick_sizes)
    seats = NAMES[:min(sizes)]
    trump = game.suits[0]
    for led in (*game.suits[1:], game.suits[0]):
        cards = sorted((c for c in game.deck if c.suit is led and c not in game.permanent_trumps),
                       key=lambda c: game.plain_order.index(c.rank))
        if len(cards) >= len(seats):
            # The leader plays the second-strongest card; the next player beats it.
            order = [1, 0, *range(2, len(seats))] if len(seats) > 1 else [0]
            return seats, trump, tuple(cards[i] for i in order)
    raise ScaffoldError(f"{game.name} has no suit with a card for each of {len(seats)} players")


def example_text(game: GameSpec, name: str, path: Path) -> tuple[str, str]:
    seats, trump, plays = example_trick(game)
    verdict = trick_verdict(game, trump, plays)
    winner = seats[verdict.winner % len(seats)]
    reasons = ", ".join(reason.value for reason in WinReason
                        if reason is not WinReason.TREE or game.permanent_trumps)
    follow = ("everyone follows the suit led, as the rules require"
              if game.follow is not FollowRule.NONE else "any card may be played")
    worth = "what the trick is worth" if game.total_points else f"{game.name} cards carry no points"
    lines = [
        f"# A worked example for {game.name}, written by `tutorial-engine new example`.",
        "# Change the cards and the expectations, then run",
        f"#   tutorial-engine check {display_path(path)}",
        "# which reports, at its line, every expectation the engine disagrees with.",
        "examples:",
        _commented(f"  - id: {name}", "unique within the game; used in page addresses"),
        _commented("    kind: trick", "trick, legal, ranking, forecast, score, round, tally, deal or game"),
        "    # The title is English, translated like any other text.",
        "    title: The higher card of the suit led takes the trick",
        _commented("    # cites: [A14]", "optional: numbers of the rule facts it illustrates"),
        _commented(f"    trump: {trump}", "the trump suit: ♠ ♥ ♦ ♣ (or S H D C)"),
        _commented(f"    seats: [{', '.join(seats)}]", "the players, in the direction of play"),
        _commented(f"    leader: {seats[0]}", "who leads; the first seat if left out"),
        _commented(f"    plays: [{', '.join(map(str, plays))}]", "one card per seat, from the leader"),
        f"    # Here {follow}.",
        _commented("    expect:", "what you expect; check compares it with the engine"),
        _commented(f"      winner: {winner}", "the seat that takes the trick"),
        _commented(f"      points: {verdict.points}", worth),
        _commented(f"      reason: {verdict.reason.value}", reasons),
    ]
    what = f"a trick example ({winner} takes the trick, {verdict.points} points)"
    return "\n".join(lines) + "\n", what


def _commented(line: str, comment: str, column: int = 44) -> str:
    return f"{line.ljust(column - 1)} # {comment}"


# --- drills ---------------------------------------------------------------------------------

def supported_kinds(game: GameSpec) -> list[str]:
    """The drill kinds `check` accepts for this game, in the order of `KINDS`."""
    return [kind.name for kind in KINDS.values() if kind.needs(game)]


def new_drill(project: Path, name: str, game_id: str | None) -> Written:
    check_name(name, "drill")
    game = find_game(project, game_id)
    path = project / EXAMPLES_DIR / game.id / DRILLS_FILENAME
    if not path.exists():
        text = (schema_line(project, path, "drills")
                + "# Drills: the engine draws `count` questions (at least 30) from `seed` and "
                "answers them itself.\ndrills:\n" + drill_text(game, name, 1, "  - ", "    "))
        _write_checked(project, path, text)
        return Written(path, f"the drill '{name}' in a new file")
    original = path.read_bytes()
    report = check_project(project, [path])
    if report.problems:
        raise ScaffoldError(f"{display_path(path)} has problems; fix them first "
                            f"(tutorial-engine check {display_path(path)})")
    if name in {drill.id for drill in report.drills}:
        raise ScaffoldError(f"the drill '{name}' exists already in {display_path(path)}; "
                            "choose another NAME")
    text = original.decode("utf-8")
    try:
        root = read_source(path, display_path(path)).root
    except SourceError as error:  # checked just above; only a file changed meanwhile gets here
        raise ScaffoldError(error.message) from None
    items = peek(root, "drills")
    if not isinstance(items, SequenceNode) or items.flow_style or not items.value:
        raise ScaffoldError(f"the drills of {display_path(path)} are not a block list "
                            "('- id: …' lines); add the drill by hand")
    lines = text.splitlines(keepends=True)
    first = items.value[0].start_mark
    dash = lines[first.line][:first.column]
    if dash.strip() != "-":
        raise ScaffoldError(f"cannot tell the indentation of the drills in {display_path(path)}; "
                            "add the drill by hand")
    indent = " " * first.column
    seed = max((drill.seed for drill in report.drills), default=0) + 1
    entry = drill_text(game, name, seed, dash, indent)
    end = items.end_mark
    if end.index >= len(text.rstrip()):  # the list ends the file: append
        new = text + ("" if text.endswith("\n") or not text else "\n") + entry
    else:  # a key follows the list: insert before its line
        at = sum(len(line) for line in lines[:end.line])
        new = text[:at] + entry + text[at:]
    _write_checked(project, path, new, original=original)
    return Written(path, f"the drill '{name}'")


def drill_text(game: GameSpec, name: str, seed: int, dash: str, indent: str) -> str:
    kinds = supported_kinds(game)
    constraints = list(KINDS["trick"].allowed(game))
    margin = " " * len(dash.rstrip()[:-1])
    lines = [
        f"{margin}# {name}: written by `tutorial-engine new drill`. Kinds for {game.name}:",
        f"{margin}# {', '.join(kinds)}.",
        f"{margin}# Constraints of trick drills: {', '.join(constraints)}.",
        _commented(f"{dash}id: {name}", "unique within the game; used in page addresses"),
        _commented(f"{indent}kind: trick", "what each question asks"),
        _commented(f"{indent}title: Who takes the trick?", "English, translated"),
        _commented(f"{indent}count: 30", "questions drawn; at least 30"),
        _commented(f"{indent}seed: {seed}", "change it for another set of questions"),
        _commented(f"{indent}# players: {min(game.trick_sizes)}", "seats; the fewest if left out"),
        _commented(f"{indent}# constraints: [trump-played]", "keep questions that meet all"),
    ]
    return "\n".join(lines) + "\n"


# --- games ----------------------------------------------------------------------------------

GAME_TEMPLATE = """\
# __NAME__ as data: a starting copy of Albastini's rules. Change what differs in your game,
# then run `tutorial-engine check __PATH__`. Cards are written A♥, AH, 10♦ or TD;
# suits ♠ ♥ ♦ ♣ (or S H D C). Lines starting with # are comments.
id: __ID__                  # the game's id: lowercase letters, digits, hyphens; same as its folder
name: __NAME__              # the name shown on the site
deck:                       # which cards exist: every rank below in every suit
  suits: [♠, ♥, ♦, ♣]       # in display order
  ranks: [A, 7, K, J, Q, 6, 5, 4, 3]
order:                      # how cards rank, high to low; each list names every deck rank once
  plain: [A, 7, K, J, Q, 6, 5, 4, 3]   # in a suit that is not trump
  trump: [A, 7, K, J, Q, 6, 5, 4, 3]   # in the trump suit (after any permanent trumps)
points: {A: 11, 7: 10, K: 4, J: 3, Q: 2}   # points per rank; ranks not named are worth 0
# top_trumps:               # optional: the highest trumps, high to low, above the trump order
#   cards:
#     - {card: Q♣}          #   a card that is a trump whatever the trump suit, or
#     - {rank: J, suit: same-colour}   # a card that depends on trump (suit: trump or same-colour)
#   home_suit: ♣            #   fixed cards also follow an ordinary lead of this suit
follow: none                # none: any card; suit: follow suit, else any; suit-then-trump: follow, else trump
players: [2, 3, 4, 5, 6]    # the table sizes the game is played at
# trick_sizes: [3, 4]       # optional: cards in a trick, when it can differ from the table size
teams:                      # team sizes allowed at each table size (size 1: everyone for themselves)
  - {size: 1, players: [2, 3, 4, 5, 6]}
  - {size: 2, players: [4, 6]}   # partners opposite
  - {size: 3, players: [6]}      # alternate seats
direction: clockwise        # clockwise or counterclockwise
# partners: {rank: 9, first: 9♣}   # optional: four players draw the four 9s for partners; 9♣ deals first
deal:                       # a deal, phase by phase (AUTHORING.md lists every phase)
  - {phase: deal, packets: [5]}    # cards dealt to each player, in packets of these sizes
  - {phase: forecast}              # the dealer's opponents may forecast the trump suit
  - {phase: turn-up}               # the next card sets trump and lies under the stock
  - {phase: tricks, draw: true}    # tricks; everyone draws from the stock after each
next_dealer: winner         # winner: the winner deals next; in-turn: the next player does
scoring:                    # how a deal is scored
  kind: victory-points      # 1 victory point to the winner, 2 when the loser's total is below
  thresholds: {1: 10, 2: 20, 3: 30}   # this threshold, by team size (strict)
  # Or trick scoring, as in Altbaumer:
  # kind: tricks
  # majority: 3             # tricks that win a deal (1 point)
  # sweep: 2                # points for taking every trick
  # declarers_loss: -1      # what a losing declaring side writes
  # round: 5                # the score that wins a round (the match, with one round)
  # rounds: 2               # optional: rounds won that win the match (default 1)
variants:                   # optional: named rule changes an example may ask for (variant: ID)
  counterclockwise:
    description: Play passes to the right.   # required; then any rule key above, changed
    direction: counterclockwise
"""


def new_game(project: Path, name: str) -> Written:
    check_name(name, "game")
    path = project / EXAMPLES_DIR / name / GAME_FILE
    if path.exists():
        raise ScaffoldError(f"{display_path(path)} exists already; choose another NAME")
    title = name.replace("-", " ").title()
    text = schema_line(project, path, "game") + (GAME_TEMPLATE.replace("__ID__", name).replace("__NAME__", title)
                                                 .replace("__PATH__", display_path(path)))
    _write_checked(project, path, text)
    return Written(path, f"the game {title}, a commented copy of Albastini's rules")


# --- writing --------------------------------------------------------------------------------

def _write_checked(project: Path, path: Path, text: str, original: bytes | None = None) -> None:
    """Write `text`, check it, and restore what was there if `check` finds a problem in it."""
    created = [folder for folder in (path.parent, path.parent.parent) if not folder.exists()]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="")
    shown = display_path(path)
    problems = [p for p in check_project(project, [path]).problems if p.location.path == shown]
    if problems:
        if original is None:
            path.unlink()
            for folder in created[::-1]:
                folder.rmdir()
        else:
            path.write_bytes(original)
        raise ScaffoldError(f"the scaffold does not pass check, so nothing was written: {problems[0]}")
