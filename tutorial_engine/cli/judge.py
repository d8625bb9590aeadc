"""`tutorial-engine judge`: JSON Lines in, exactly one JSON line out per line, flushed at once.

This is the scripting interface: keys, reason codes and refusal codes are a stable contract.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, BinaryIO

from ..content.shapes import did_you_mean
from ..engine.cards import Card, CardSyntaxError, Suit
from ..engine.game import CardNotInDeck, GameSpec
from ..engine.rules import Moment, RuleError, legal_plays, trick_verdict
from ..i18n.explain import explain_legality, explain_verdict

TRICK_KEYS = ("game", "variant", "trump", "plays")
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
"""One encoder for every reply: json.dumps builds a new one per call when given options."""
LEGAL_KEYS = ("game", "variant", "trump", "trick", "hand", "first_trick", "broken", "stock_gone")
MAX_LINE_BYTES = 64 * 1024
"""A request names a game, a suit and at most a deck of cards: some hundred bytes. A longer line
is refused unread, and only this much of it is ever held."""
MAX_DIGITS = 18
"""No number a request may hold comes near this; a longer one is refused before Python reads it."""


class BadLine(ValueError):
    """A request line that cannot be answered; its message goes back as {"error": …}."""


def answer(games: Mapping[str, GameSpec], raw: bytes) -> dict[str, Any]:
    """The reply to one request line (without its line number on errors)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadLine("the line is not UTF-8") from None
    if not text.strip():
        raise BadLine("blank line; expected a JSON object such as "
                      '{"game": "albastini", "trump": "♠", "plays": ["A♥", "3♠"]}')
    try:
        request = json.loads(text, parse_int=_integer)
    except json.JSONDecodeError as error:
        raise BadLine(f"invalid JSON at column {error.colno}: {error.msg}") from None
    except RecursionError:  # json's own reader gives up on [[[[… thousands deep
        raise BadLine("the JSON is nested too deeply; expected a flat JSON object") from None
    if not isinstance(request, dict):
        raise BadLine("expected a JSON object")
    has_plays, has_hand = "plays" in request, "hand" in request
    if has_plays and has_hand:
        raise BadLine("give either 'plays' (a trick to judge) or 'hand' (a legal-play query), not both")
    if not (has_plays or has_hand):
        raise BadLine("give 'plays' (a trick to judge) or 'hand' (a legal-play query)")
    keys = TRICK_KEYS if has_plays else LEGAL_KEYS
    for key in request:
        if key not in keys:
            raise BadLine(f"unknown key '{key}'; {did_you_mean(key, keys)}")
    game = _game(games, request)
    trump = _suit(request)
    try:
        if has_plays:
            plays = _cards(request, "plays")
            verdict = trick_verdict(game, trump, plays)
            return {"winner": verdict.winner, "card": str(verdict.card), "points": verdict.points,
                    "reason": verdict.reason.value, "explanation": explain_verdict(verdict, game)}
        legality = legal_plays(game, trump, _cards(request, "trick"), _cards(request, "hand"), _moment(game, request))
        return {"legal": [str(card) for card in legality.legal],
                "refused": {str(card): code for card, code in legality.refused.items()},
                "explanation": explain_legality(legality)}
    except (RuleError, CardNotInDeck) as error:
        raise BadLine(str(error)) from None


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise BadLine(f"a number of {len(digits.lstrip('-')):,} digits; no number here has more than {MAX_DIGITS}")
    return int(digits)


def _game(games: Mapping[str, GameSpec], request: dict) -> GameSpec:
    name = request.get("game")
    if not isinstance(name, str):
        raise BadLine(f"'game' must name a game: {', '.join(games)}")
    if name not in games:
        raise BadLine(f"unknown game '{name}'; {did_you_mean(name, games)}")
    variant = request.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise BadLine(f"'variant' must name a variant of {name}")
    try:
        return games[name].with_variant(variant)
    except KeyError as error:
        raise BadLine(error.args[0]) from None


def _moment(game: GameSpec, request: dict) -> Moment | None:
    """Where the trick stands in its deal, for a game whose tricks phase has rules of its own or a
    follow rule for once the stock is gone: by default a later trick, nothing broken, the stock
    open."""
    for key in ("first_trick", "broken", "stock_gone"):
        if not isinstance(request.get(key, False), bool):
            raise BadLine(f"'{key}' must be true or false")
    first, broken, gone = (request.get(key, False) for key in ("first_trick", "broken", "stock_gone"))
    rules, late = game.procedure.rules_of_play, game.procedure.tricks.late_follow
    if rules is None and ("first_trick" in request or "broken" in request):
        raise BadLine(f"{game.name}'s 'tricks' phase has no rule that depends on the trick's place in the deal; "
                      "leave out 'first_trick' and 'broken'")
    if late is None and "stock_gone" in request:
        raise BadLine(f"{game.name}'s 'tricks' phase has no late_follow, so nothing changes once the stock is gone; "
                      "leave out 'stock_gone'")
    if rules is None and late is None:
        return None
    if first and broken:
        raise BadLine("nothing is broken before the deal's first trick is over; 'first_trick' and 'broken' "
                      "cannot both be true")
    return Moment(first, broken, gone)


def _suit(request: dict) -> Suit | None:
    """The trump suit, or null for a deal played without trump."""
    if "trump" not in request:
        raise BadLine("missing key 'trump'")
    if request["trump"] is None:
        return None
    if not isinstance(request["trump"], str):
        raise BadLine("'trump' must be a suit such as \"♠\", or null")
    try:
        return Suit.parse(request["trump"])
    except CardSyntaxError as error:
        raise BadLine(str(error)) from None


def _cards(request: dict, key: str) -> tuple[Card, ...]:
    value = request.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise BadLine(f"'{key}' must be a list of cards such as [\"A♥\", \"3♠\"]")
    try:
        return tuple(Card.parse(item) for item in value)
    except CardSyntaxError as error:
        raise BadLine(str(error)) from None


def serve(games: Mapping[str, GameSpec], stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Answer every line of `stdin` in order; 1 if any line failed, else 0."""
    failed = False
    number = 0
    while True:
        raw = stdin.readline(MAX_LINE_BYTES + 1)
        if not raw:
            break
        number += 1
        try:
            line = raw.rstrip(b"\r\n")
            if len(line) > MAX_LINE_BYTES:
                size = len(line) + (0 if raw.endswith(b"\n") else _rest_of_line(stdin))
                raise BadLine(f"the line is {size:,} bytes long; a request is at most {MAX_LINE_BYTES:,}")
            reply = answer(games, line)
        except BadLine as error:
            failed = True
            reply = {"error": f"line {number}: {error}"}
        stdout.write(_ENCODE(reply).encode("utf-8") + b"\n")
        stdout.flush()
    return 1 if failed else 0


def _rest_of_line(stdin: BinaryIO) -> int:
    """Read past the rest of an overlong line, a piece at a time; how many bytes it held
    before its line ending."""
    size = 0
    while piece := stdin.readline(MAX_LINE_BYTES):
        if piece.endswith(b"\n"):
            return size + len(piece.rstrip(b"\r\n"))
        size += len(piece)
    return size
