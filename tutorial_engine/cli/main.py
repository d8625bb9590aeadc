"""The `tutorial-engine` command: checks for authors, answers for people and scripts.

Every failure ends with a one-line message and exit status 1, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from pathlib import Path

import click
from babel.messages.plurals import get_plural

from ..build.drillcache import DrawnDrills
from ..content.project import Parsed, ProjectNotFound, Report, find_project, load_games
from ..content.project import check as check_project
from ..content.shapes import did_you_mean
from ..engine.bids import bids_json, describe_bids_deal, play_bidding_game
from ..engine.cards import CardSyntaxError, Suit, parse_cards
from ..engine.game import CardNotInDeck, ExactBids, GamePoints, GameSpec, OddTricks, PenaltyPoints, TrickScoring
from ..engine.match import describe_match_deal, match_json, play_deals
from ..engine.odd_tricks import describe_game_deal, game_json, play_game, side_name
from ..engine.penalties import describe_penalty_deal, penalties_json, play_penalty_game
from ..engine.races import describe_race_deal, play_race_game, race_json
from ..engine.rules import Moment, Role, RuleError, legal_plays, trick_roles, trick_verdict
from ..engine.seating import SeatingError, Table
from ..engine.simulate import as_json as as_json_line
from ..engine.simulate import describe, match_winner, run
from ..i18n import catalogs
from ..i18n.explain import explain_verdict, moment_tags, points_sum, why_refused, why_role, why_wins
from ..problems import display_path
from . import locale as locale_commands
from . import scaffold
from .judge import serve

PROJECT = click.option("--project", type=click.Path(file_okay=False, path_type=Path),
                       help="Project folder (default: the nearest one at or above the current folder).")
AS_JSON = click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
VARIANT = click.option("--variant", help="A variant named in the game's game.yml.")


def _project(option: Path | None) -> Path:
    if option is not None and not option.is_dir():
        raise click.ClickException(f"--project {option}: no such folder")
    try:
        return find_project(option or Path.cwd())
    except ProjectNotFound as error:
        raise click.ClickException(str(error)) from None


def _games(project: Path) -> dict[str, GameSpec]:
    report = Report()
    load_games(project, report)
    if report.problems:
        for problem in report.problems:
            click.echo(str(problem), err=True)
        raise click.ClickException("the project's games do not load; run tutorial-engine check")
    return report.games


def _game(project: Path | None, name: str, variant: str | None) -> GameSpec:
    games = _games(_project(project))
    if name not in games:
        raise click.ClickException(f"unknown game '{name}'; {did_you_mean(name, games)}")
    try:
        return games[name].with_variant(variant)
    except KeyError as error:
        raise click.ClickException(error.args[0]) from None


def _trump(text: str) -> Suit | None:
    """A trump suit, or none for a deal played without trump."""
    return None if text.strip().lower() == "none" else _suit(text)


def _suit(text: str) -> Suit:
    try:
        return Suit.parse(text)
    except CardSyntaxError as error:
        raise click.ClickException(f"--trump: {error}") from None


def _cards(text: str, what: str):
    try:
        return parse_cards(text)
    except CardSyntaxError as error:
        raise click.ClickException(f"{what}: {error}") from None


def _print_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tutorial-engine")
def cli() -> None:
    """Check card-game tutorials written in YAML and answer rules questions."""


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--watch", is_flag=True,
              help="After the first check, check again whenever a YAML file changes, until Ctrl-C.")
@PROJECT
def check(paths: tuple[Path, ...], project: Path | None, watch: bool) -> None:
    """Validate YAML files and run every worked example through the engine.

    PATHS are files or folders (default: the project's examples/). Every problem is printed as
    file:line:col: error: message. With --watch, the YAML files under PATHS are checked again
    after every change, each result printed, until Ctrl-C.
    """
    root = _project(project)
    if watch:
        _watch(root, paths)
    elif not _check_once(root, paths, workers=os.cpu_count() or 1):
        sys.exit(1)


def _check_once(root: Path, paths: tuple[Path, ...], workers: int = 1, parsed: Parsed | None = None) -> bool:
    """Check and print the problems, or the summary line; True when there are no problems.
    Drills are drawn in `workers` forked processes: one only beside --watch's threads."""
    report = check_project(root, paths, workers, DrawnDrills.in_user_cache(), parsed)
    if report.problems:
        click.echo("\n".join(report.problems.report()))
        return False
    for note in report.notes():
        click.echo(note)
    click.echo(report.summary())
    return True


DEBOUNCE = 0.2
"""Seconds without a change before checking again: an editor's save is a burst of events."""


def _watch(root: Path, paths: tuple[Path, ...]) -> None:
    """Check, then check again after each burst of changes to a YAML file (or a game's facts.md)
    under `paths`, until Ctrl-C."""
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    from ..content.facts import FACTS_FILE
    from ..content.project import EXAMPLES_DIR, YAML_SUFFIXES

    targets = [path.absolute() for path in paths] or [root / EXAMPLES_DIR]
    files = {path for path in targets if not path.is_dir()}
    folders = [path for path in targets if path.is_dir()]
    changed = threading.Event()

    def relevant(name) -> bool:
        path = Path(str(name)).absolute()
        return (path.suffix in YAML_SUFFIXES or path.name == FACTS_FILE) and (
            path in files or any(path.is_relative_to(folder) for folder in folders))

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event) -> None:
            if event.event_type in ("opened", "closed_no_write"):
                return  # reading is no change
            if relevant(event.src_path) or relevant(getattr(event, "dest_path", "") or ""):
                changed.set()

    observer = Observer()
    watched = set()
    for target in targets:
        folder, recursive = (target, True) if target.is_dir() else (target.parent, False)
        if folder.is_dir() and (folder, recursive) not in watched:
            watched.add((folder, recursive))
            observer.schedule(Handler(), str(folder), recursive=recursive)
    try:
        observer.start()  # before the first check, so that no change made during it is missed
    except OSError as error:  # e.g. the system's limit of inotify watches
        raise click.ClickException(f"--watch: cannot watch for changes: {error}") from None
    parsed = Parsed()  # what did not change is not parsed again
    try:
        _check_once(root, paths, parsed=parsed)
        click.echo("Watching for changes; press Ctrl-C to stop.", err=True)
        while True:
            changed.wait()
            while changed.wait(DEBOUNCE):  # wait for the burst to end
                changed.clear()
            click.echo("")
            _check_once(root, paths, parsed=parsed)
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        observer.join(timeout=2)


@cli.group()
def new() -> None:
    """Write a commented starting file that already passes check.

    \b
    tutorial-engine new example NAME --game GAME   examples/GAME/examples/NAME.yml
    tutorial-engine new drill NAME --game GAME     a drill appended to examples/GAME/drills.yml
    tutorial-engine new game NAME                  examples/NAME/game.yml
    """


GAME_OPTION = click.option("--game", "game_id", metavar="GAME", help="The game, e.g. albastini.")


def _scaffolded(make) -> None:
    try:
        written = make()
    except scaffold.ScaffoldError as error:
        raise click.ClickException(str(error)) from None
    path = scaffold.display_path(written.path)
    click.echo(f"Wrote {path}: {written.what}")
    click.echo(f"Next: edit it, then run tutorial-engine check {path}")


@new.command("example")
@click.argument("name")
@GAME_OPTION
@PROJECT
def new_example(name: str, game_id: str | None, project: Path | None) -> None:
    """A worked trick example NAME whose expectations are the engine's answers."""
    root = _project(project)
    _scaffolded(lambda: scaffold.new_example(root, name, game_id))


@new.command("drill")
@click.argument("name")
@GAME_OPTION
@PROJECT
def new_drill(name: str, game_id: str | None, project: Path | None) -> None:
    """A drill NAME appended to the game's drills.yml, the rest of the file left as it is."""
    root = _project(project)
    _scaffolded(lambda: scaffold.new_drill(root, name, game_id))


@new.command("game")
@click.argument("name")
@PROJECT
def new_game(name: str, project: Path | None) -> None:
    """A game NAME: a commented copy of a complete game.yml, every field explained."""
    root = _project(project)
    _scaffolded(lambda: scaffold.new_game(root, name))


@cli.command()
@click.argument("game")
@click.argument("plays", nargs=-1, required=True)
@click.option("--trump", required=True, help="The trump suit: ♠ ♥ ♦ ♣, S H D C or spades …")
@VARIANT
@AS_JSON
@PROJECT
def trick(game: str, plays: tuple[str, ...], trump: str, variant: str | None, as_json: bool,
          project: Path | None) -> None:
    """Who takes a trick, why, and what it is worth.

    PLAYS are the cards in playing order, from the leader: A♥ 3♠ (or AH 3S).
    """
    spec = _game(project, game, variant)
    cards = _cards(" ".join(plays), "PLAYS")
    try:
        verdict = trick_verdict(spec, _suit(trump), cards)
    except (RuleError, CardNotInDeck) as error:
        raise click.ClickException(str(error)) from None
    roles = trick_roles(spec, verdict)
    if as_json:
        _print_json({"winner": verdict.winner, "card": str(verdict.card), "points": verdict.points,
                     "reason": verdict.reason.value, "roles": [role.value for role in roles],
                     "explanation": explain_verdict(verdict, spec)})
        return
    click.echo(f"Winner: {verdict.card} (card {verdict.winner + 1} of {len(cards)})")
    click.echo(f"Reason: {why_wins(verdict, spec)} ({verdict.reason.value})")
    if spec.total_points:
        click.echo(f"Points: {points_sum(verdict).text}")
    else:
        click.echo(f"Points: 0 ({spec.name} cards carry no points)")
    for card, role in zip(cards, roles):
        if role is not Role.WINS:
            click.echo(f"  {why_role(card, role, verdict, spec)} ({role.value})")


@cli.command()
@click.argument("game")
@click.option("--trump", required=True, help="The trump suit: ♠ ♥ ♦ ♣, S H D C or spades …, or none.")
@click.option("--trick", "trick_cards", default="", help='Cards already played, from the leader: "9♣ A♦".')
@click.option("--hand", required=True, help='The hand: "A♣ J♣ K♥".')
@click.option("--first-trick", is_flag=True, help="The trick is the deal's first (when the game's rules of play ask).")
@click.option("--broken", is_flag=True,
              help="The tricks phase's unbroken suit was played to an earlier trick (when the game's rules ask).")
@click.option("--stock-gone", is_flag=True,
              help="The stock is closed or used up, so the tricks phase's late_follow is in force.")
@VARIANT
@AS_JSON
@PROJECT
def legal(game: str, trump: str, trick_cards: str, hand: str, first_trick: bool, broken: bool, stock_gone: bool,
          variant: str | None, as_json: bool, project: Path | None) -> None:
    """Which cards of a hand may be played, and why the others may not."""
    spec = _game(project, game, variant)
    rules = spec.procedure.rules_of_play
    if rules is None and (first_trick or broken):
        raise click.ClickException(f"{spec.name}'s 'tricks' phase has no rule that depends on the trick's place in "
                                   "the deal; leave out --first-trick and --broken")
    if first_trick and broken:
        raise click.ClickException("nothing is broken before the deal's first trick is over; give --first-trick or "
                                   "--broken, not both")
    late = spec.procedure.tricks.late_follow
    if late is None and stock_gone:
        raise click.ClickException(f"{spec.name}'s 'tricks' phase has no late_follow, so nothing changes once the "
                                   "stock is gone; leave out --stock-gone")
    moment = Moment(first_trick, broken, stock_gone) if rules is not None or late is not None else None
    try:
        legality = legal_plays(spec, _trump(trump), _cards(trick_cards, "--trick"), _cards(hand, "--hand"), moment)
    except (RuleError, CardNotInDeck) as error:
        raise click.ClickException(str(error)) from None
    if as_json:
        _print_json({"legal": [str(card) for card in legality.legal],
                     "refused": {str(card): code for card, code in legality.refused.items()},
                     "duty": legality.duty.value})
        return
    for tag in moment_tags(legality, moment):
        click.echo(f"Moment: {tag}")
    click.echo("Legal: " + " ".join(str(card) for card in legality.legal))
    for code in dict.fromkeys(legality.refused.values()):
        refused = [card for card, by in legality.refused.items() if by == code]
        click.echo(f"Refused: {' '.join(map(str, refused))}: {why_refused(legality, refused[0])} ({code})")


class Bounded(click.IntRange):
    """A whole number between two bounds, refused before Python reads it when it has more digits
    than the largest: thousands of digits would be echoed whole, or not read at all past 4,300."""

    def convert(self, value, param, ctx):
        text = str(value).strip().lstrip("+-")
        largest = max(abs(self.min or 0), abs(self.max or 0))
        if text.isdigit() and len(text) > len(str(largest)):
            self.fail(f"a number of {len(text):,} digits is not in the range {self.min}<=x<={self.max}.", param, ctx)
        return super().convert(value, param, ctx)


MAX_SEED = 10 ** 18 - 1
MAX_DEALS = 1_000_000
"""Some two minutes of deals on the reference machine: simulate is for looking at deals."""
MAX_TARGET = 1_000
"""A match to a thousand victory points already plays some seven hundred deals."""


@cli.command()
@click.argument("game")
@click.option("--players", type=Bounded(2, 8), help="Seats at the table (default: the fewest the game allows).")
@click.option("--team-size", type=Bounded(1, 3), default=1, show_default=True,
              help="1 plays individually; 2 partners opposite; 3 alternate seats.")
@click.option("--direction", type=click.Choice(["clockwise", "counterclockwise"]),
              help="Direction of play (default: the game's own).")
@click.option("--strategy", type=click.Choice(["random", "sensible"]), default="random", show_default=True)
@click.option("--seed", type=Bounded(-MAX_SEED, MAX_SEED), default=0, show_default=True,
              help="The same seed plays the same deals.")
@click.option("--deals", type=Bounded(1, MAX_DEALS),
              help="Play at most N deals, the dealer rotating as the rules say (default: 1, or with --match "
                   "or --target as many as the match takes). The deal that wins a match is always the last.")
@click.option("--target", type=Bounded(1, MAX_TARGET),
              help="Play a match to this many victory points (the sources give no default).")
@click.option("--match", is_flag=True,
              help="Play a whole match of a game scored by tricks (Altbaumer: two rounds won).")
@VARIANT
@AS_JSON
@click.option("--events", "with_events", is_flag=True,
              help="With --json, each deal's line also lists every event of the deal "
                   "(schemas/simulate.schema.json).")
@PROJECT
def simulate(game: str, players: int | None, team_size: int, direction: str | None, strategy: str,
             seed: int, deals: int | None, target: int | None, match: bool, variant: str | None, as_json: bool,
             with_events: bool, project: Path | None) -> None:
    """Play whole deals with seeded players and print what happened.

    Seats are numbered in the direction of play, seat 0 the first dealer. Altbaumer first draws
    for partners: players, numbered in the order they sat down, take their seats by the nines
    they receive (B7). A game scored by tricks, such as Altbaumer, is a match: simulate stops
    after the deal that wins it, whatever --deals says, and says so. With --json, one JSON
    object per deal on stdout; with --events too, each holds every event of its deal, as
    schemas/simulate.schema.json describes.
    """
    spec = _game(project, game, variant)
    if with_events and not as_json:
        raise click.ClickException("--events adds every event of a deal to its JSON line; use it with --json")
    if spec.scoring is None:
        raise click.ClickException(f"{spec.name} has no scoring in game.yml, and simulate scores every deal "
                                   "it plays; add 'scoring'")
    if direction is not None and direction != spec.direction.value:
        if variant is not None:
            raise click.ClickException(f"{spec.name}'s variant '{variant}' is played {spec.direction.value}, "
                                       f"not {direction}")
        chosen = next((name for name, v in spec.variants.items() if v.direction.value == direction), None)
        if chosen is None:
            raise click.ClickException(f"{spec.name} is not played {direction}")
        spec = spec.variants[chosen]
    if isinstance(spec.scoring, TrickScoring):
        if players not in (None, 4) or team_size not in (1, 2) or target is not None:
            raise click.ClickException(f"{spec.name} is played by four in two pairs; "
                                       "--players, --team-size and --target do not apply")
        limit = 1 if deals is None and not match else deals  # --match alone: as many as it takes
        for match_deal in play_deals(spec, seed=seed, strategy=strategy, deals=limit):
            click.echo(json.dumps(match_json(match_deal, with_events), ensure_ascii=False) if as_json
                       else "\n".join(describe_match_deal(match_deal)))
        if match_deal.match_winner is not None and not as_json:
            click.echo(_over(("0+2", "1+3")[match_deal.match_winner], match_deal.number, limit))
        return
    if isinstance(spec.scoring, OddTricks):
        _simulate_game(spec, players, team_size, strategy, seed, deals, target, match, as_json, with_events)
        return
    if isinstance(spec.scoring, ExactBids):
        _simulate_seats(spec, players, strategy, seed, deals, target, match, as_json, with_events,
                        play_bidding_game, bids_json, describe_bids_deal, "", "highest")
        return
    if isinstance(spec.scoring, PenaltyPoints):
        _simulate_seats(spec, players, strategy, seed, deals, target, match, as_json, with_events,
                        play_penalty_game, penalties_json, describe_penalty_deal,
                        f"at {spec.scoring.target} points, ", "lowest")
        return
    if isinstance(spec.scoring, GamePoints):
        _simulate_seats(spec, players, strategy, seed, deals, target, match, as_json, with_events,
                        play_race_game, race_json, describe_race_deal,
                        f"at {spec.scoring.target} game points, ", "highest")
        return
    if match:
        raise click.ClickException(f"--match is for games played in rounds; for {spec.name}, "
                                   "play a match with --target N (victory points)")
    table = _table(spec, players, team_size)
    for played in run(spec, table, seed=seed, strategy=strategy, deals=deals, target=target):
        if as_json:
            _print_json(as_json_line(played, table, target, with_events))
        else:
            click.echo("\n".join(describe(played, table)))
    if target is not None and not as_json:
        click.echo(f"Match to {target}: " + ", ".join(
            f"{'+'.join(map(str, side))}: {points}" for side, points in zip(played.result.sides, played.totals)))
        winner = match_winner(played, target)
        if winner is not None:
            click.echo(_over("+".join(map(str, played.result.sides[winner])), played.number, deals))
        else:
            click.echo(f"Nobody has reached {target} victory points after the {_deals(played.number)} asked for.")


def _table(spec: GameSpec, players: int | None, team_size: int) -> Table:
    try:
        return Table.for_game(spec, players or min(spec.players), team_size)
    except SeatingError as error:
        raise click.ClickException(str(error)) from None


def _simulate_game(spec: GameSpec, players: int | None, team_size: int, strategy: str, seed: int,
                   deals: int | None, target: int | None, match: bool, as_json: bool, with_events: bool) -> None:
    """A game scored by odd tricks: deals until a side reaches the target game.yml gives."""
    assert isinstance(spec.scoring, OddTricks)  # the caller's test
    if target is not None:
        raise click.ClickException(f"{spec.name} is won at {spec.scoring.target} points, as its scoring in "
                                   "game.yml says; --target is for games scored by victory points")
    table = _table(spec, players, team_size if players is not None or team_size != 1 else spec.teams[0].size)
    limit = None if match and deals is None else deals or (None if match else 1)
    for played in play_game(spec, table, seed=seed, strategy=strategy, deals=limit):
        click.echo(json.dumps(game_json(played, with_events), ensure_ascii=False) if as_json
                   else "\n".join(describe_game_deal(played, table)))
    if played.step.winner is not None and not as_json:
        click.echo(_over(side_name(table, played.step.winner), played.number, limit, "game"))


def _simulate_seats(spec: GameSpec, players: int | None, strategy: str, seed: int, deals: int | None,
                    target: int | None, match: bool, as_json: bool, with_events: bool, play, line, describe,
                    ends: str, winning: str) -> None:
    """A game each player plays for themselves, scored by exact bids or by penalty points: `play`
    its deals to the end its scoring in game.yml sets (`ends` says which), each printed as `line`
    (JSON) or `describe` says; the `winning` ("highest", "lowest") total wins."""
    if target is not None:
        raise click.ClickException(f"{spec.name} ends {ends}as its scoring in game.yml says; --target is for "
                                   "games scored by victory points")
    table = _table(spec, players, 1)
    limit = None if match and deals is None else deals or (None if match else 1)
    for played in play(spec, table, seed=seed, strategy=strategy, deals=limit):
        click.echo(json.dumps(line(played, with_events), ensure_ascii=False) if as_json
                   else "\n".join(describe(played)))
    if played.over and not as_json:
        click.echo(f"The game is over after {_deals(played.number)}: " + (
            f"the {winning} totals are level." if played.winner is None else f"seat {played.winner} wins it."))


def _over(side: str, played: int, limit: int | None, what: str = "match") -> str:
    """The line that ends a won match or game: simulate plays no deal after it."""
    line = f"The {what} is over: {side} won it in {_deals(played)}"
    if limit is not None and limit > played:
        return line + f", so simulate stops before the {_deals(limit)} asked for."
    return line + "."


def _deals(count: int) -> str:
    return f"{count:,} deal{'s' if count != 1 else ''}"


@cli.command()
@PROJECT
def judge(project: Path | None) -> None:
    """Answer JSON Lines on stdin, one JSON line out per line in, flushed at once.

    \b
    {"game": "albastini", "trump": "♠", "plays": ["A♥", "3♠"]}
    {"game": "altbaumer", "trump": "♦", "trick": ["9♣"], "hand": ["A♣", "J♣", "K♥"]}
    """
    games = _games(_project(project))
    sys.exit(serve(games, sys.stdin.buffer, sys.stdout.buffer))


@cli.group()
def locale() -> None:
    """Add a language, keep its catalog current, see what is missing and check it.

    The catalogs are locales/LANG/LC_MESSAGES/messages.po, made from locales/messages.pot;
    plain pybabel and msgfmt keep working on them.
    """


@locale.command("add")
@click.argument("lang")
@PROJECT
def locale_add(lang: str, project: Path | None) -> None:
    """Create the catalog for LANG and add LANG to the site's locales.

    LANG is a code Babel (CLDR) knows: de, pt_BR … locales/messages.pot is extracted afresh from
    the sources first, and the catalog made from it gets the language's plural forms; mkdocs.yml
    gets LANG appended to the tutorial plugin's locales.
    """
    root = _project(project)
    try:
        added = locale_commands.add_locale(root, lang)
    except catalogs.LocaleError as error:
        raise click.ClickException(str(error)) from None
    catalog = display_path(added.catalog)
    plural = get_plural(added.locale)
    click.echo(f"Extracted {display_path(added.template)}")
    click.echo(f"Created {catalog} for {added.locale.english_name} "
               f"({plural.num_plurals} plural form{'s' if plural.num_plurals != 1 else ''}: "
               f"{plural.plural_forms.rstrip(';')})")
    if added.registered:
        click.echo(f"Added {lang} to the locales of the tutorial plugin in {locale_commands.MKDOCS}")
    else:
        click.echo(f"{locale_commands.MKDOCS} lists {lang} already")
    click.echo("Next:")
    click.echo(f"  1. Translate {catalog} with a gettext editor (Poedit, Lokalize) or a text editor")
    click.echo("  2. See what is left: tutorial-engine locale stats")
    click.echo(f"  3. Check it: tutorial-engine locale check {lang}")
    click.echo(f"  4. Preview the site: make serve LANG={lang}")


@locale.command("update")
@PROJECT
def locale_update(project: Path | None) -> None:
    """Re-extract locales/messages.pot and merge it into every catalog.

    A changed paragraph or sentence keeps its old translation, marked fuzzy, which the site does
    not show; names of players and games, suits, ranks and cards never get another message's
    translation. A removed message leaves the catalog (no obsolete #~ entry is kept).
    """
    root = _project(project)
    try:
        merged = locale_commands.update_catalogs(root)
    except catalogs.LocaleError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"Extracted {display_path(catalogs.template_path(root))}")
    for path in merged:
        click.echo(f"Updated {display_path(path)}")
    click.echo("Next: tutorial-engine locale stats")


@locale.command("stats")
@click.option("--min", "minimum", type=click.FloatRange(0, 100), metavar="PERCENT",
              help="Exit 1 when a locale has fewer messages translated (and not fuzzy) than this.")
@PROJECT
def locale_stats(minimum: float | None, project: Path | None) -> None:
    """Translated, fuzzy and untranslated messages per locale.

    Per locale and per catalog file, of the messages of locales/messages.pot, as the build
    counts them; the percent counts translated messages that are not fuzzy. Says first when
    locales/messages.pot is older than the sources (the sources are extracted to compare).
    """
    root = _project(project)
    try:
        counts = catalogs.stats(root)
        stale = locale_commands.stale_template(root)
    except catalogs.LocaleError as error:
        raise click.ClickException(str(error)) from None
    if stale is not None:
        click.echo(str(stale))
    below = []
    for code, files in counts.items():
        total = sum((c for _, c in files), catalogs.Counts())
        click.echo(f"{code}: {total}")
        for path, c in files:
            click.echo(f"  {display_path(path)}: {c}")
        if minimum is not None and total.percent < minimum:
            below.append(f"{code} ({int(total.percent * 10) / 10:.1f}%)")
    if not counts:
        click.echo(f"No catalogs in {display_path(root / catalogs.LOCALES_DIR)}; "
                   "add one with tutorial-engine locale add LANG")
    if below:
        raise click.ClickException(f"below --min {minimum:g}%: {', '.join(below)}")


@locale.command("check")
@click.argument("langs", metavar="[LANG]...", nargs=-1)
@PROJECT
def locale_check(langs: tuple[str, ...], project: Path | None) -> None:
    """Report every problem of the catalogs at once, at its line.

    Checks the named locales (default: all) and prints file:line: error|warning: message. Syntax errors, placeholders that differ from the English, plural entries whose number of forms
    differs from the Plural-Forms header (a warning where that header differs from CLDR) or
    that leave a form empty, obsolete (#~) entries (a warning), unexpected or unbalanced
    HTML/Markdown, and the wording a reviewer would check: names after a word that elides or
    governs a case, forms and genders a message asks of names, suits and ranks that do not give them, counts without plural forms, mixed typography, and words the
    glossary (locales/glossary.yml) sets aside. Exit 1 on any error.
    """
    root = _project(project)
    try:
        problems, files = locale_commands.check_locales(root, langs)
    except catalogs.LocaleError as error:
        raise click.ClickException(str(error)) from None
    for problem in problems:
        click.echo(str(problem))
    errors = sum(problem.severity == "error" for problem in problems)
    warnings = len(problems) - errors
    summary = (f"{errors} error{'s' if errors != 1 else ''}, "
               f"{warnings} warning{'s' if warnings != 1 else ''} in {files} "
               f"catalog{'s' if files != 1 else ''}")
    if errors:
        click.echo(f"Aborted with {summary}")
        sys.exit(1)
    click.echo(f"Checked {files} catalog{'s' if files != 1 else ''}: "
               + ("no problems" if not warnings else f"{warnings} warning{'s' if warnings != 1 else ''}"))


@locale.command("glossary")
@click.option("--write", is_flag=True, help=f"Write the tables into {locale_commands.TRANSLATING} instead of printing them.")
@PROJECT
def locale_glossary(write: bool, project: Path | None) -> None:
    """Print the glossary (locales/glossary.yml) as the tables TRANSLATING.md shows.

    With --write, replace the glossary section of TRANSLATING.md with them. Problems of the
    glossary file are reported at their line, and nothing is written.
    """
    root = _project(project)
    try:
        tables, document = locale_commands.glossary_tables(root, write)
    except catalogs.LocaleError as error:
        raise click.ClickException(str(error)) from None
    if write:
        click.echo(f"Wrote the glossary into {display_path(document)}")
    else:
        click.echo(tables)


def main() -> None:
    """Entry point: usage errors exit with 1 like every other bad input."""
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(1)
    except click.ClickException as error:
        error.show()
        sys.exit(1)
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
