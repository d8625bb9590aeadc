"""Babel extractor for the YAML content: `[tutorial_yaml: examples/**.yml]` in babel.cfg.

Each paragraph is one message, so a changed paragraph becomes fuzzy and nothing else does.
Player names and game names get a context, since the same word may be an ordinary one.
Files that do not parse are skipped here: `tutorial-engine check` reports them.
"""

from __future__ import annotations

from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..content.drills import NAMES
from ..content.pages import counts_in
from ..content.source import SourceError, parse_source
from ..engine.game import TrickScoring
from ..i18n.wording import SIDE

NAME_NOTE = ("A player's name; adapt it to your language's spelling. After it you may give the forms "
             "and the gender your sentences ask for: “Анна | gender=f | gen=Анны” (TRANSLATING.md, "
             "Names, teams and suits).")
TERM_NOTE = ("What players call this top trump (such as “left bower”), a term of the game: use your glossary's "
             "word. After it you may give the forms and the gender your sentences ask for (TRANSLATING.md).")
SIDE_NOTE = ("What players of this game call the side that made trump (“declarers”, “makers”), a plural noun: "
             "use your glossary's word. Sentences put it in place of {side}; after it you may give the forms and "
             "the gender they ask for (TRANSLATING.md). A sentence that starts with it gets a capital letter.")
COUNT_NOTES = {
    "cards": "{cards} is the number of cards in the deck, from the game's rules: keep it. The plural "
             "forms are chosen by it.",
    "points": "{points} is the number of points in the deck, from the game's rules: keep it. The plural "
              "forms are chosen by it.",
    "hand": "{hand} is the number of cards in a hand, from the game's rules: keep it. The plural forms "
            "are chosen by it.",
}


def extract_yaml(fileobj, keywords, comment_tags, options):
    """Babel's extractor protocol: yields (line, function, message, translator comments)."""
    try:
        source = parse_source(fileobj.read(), getattr(fileobj, "name", "<yaml>"))
    except SourceError:
        return
    root = source.root
    if not isinstance(root, MappingNode):
        return
    top = _mapping(root)
    if "deck" in top:
        yield from _text(top.get("name"), "game", "The name of a card game.")
        variants = [_mapping(variant).get("players") for _, variant in _mapping(top.get("variants")).items()]
        yield from _seat_names([top.get("players"), *variants])
        for card in map(_mapping, _items(_mapping(top.get("top_trumps")).get("cards"))):
            yield from _text(card.get("name"), "term", TERM_NOTE)
        yield from _side(_mapping(top.get("scoring")))
    for example in _items(top.get("examples")):
        yield from _example(_mapping(example))
    for reference in map(_mapping, _items(top.get("references"))):
        yield from _text(reference.get("name"), comment="The name of a work the rules come from, shown after "
                                                          "“Source:” under each of the site's readings of it.")
    for page in _items(top.get("pages")):
        yield from _page(_mapping(page))
    for drill in map(_mapping, _items(top.get("drills"))):
        yield from _text(drill.get("title"), comment=f"Title of the drill {getattr(drill.get('id'), 'value', '?')}.")


def _mapping(node) -> dict:
    if not isinstance(node, MappingNode):
        return {}
    return {key.value: value for key, value in node.value if isinstance(key, ScalarNode)}


def _items(node) -> list:
    return node.value if isinstance(node, SequenceNode) else []


def _text(node, context: str | None = None, comment: str | None = None):
    """A message; prose that names a number of game.yml is a plural message, the same English
    twice, so that each language can write the forms its grammar needs for that number."""
    if isinstance(node, ScalarNode) and node.value.strip():
        line = node.start_mark.line + 1
        comments = [comment] if comment else []
        counts = counts_in(node.value) if context is None else []
        if counts:
            comments.append(COUNT_NOTES[counts[0]])
            yield line, "ngettext", (node.value, node.value), comments
        elif context is None:
            yield line, "gettext", node.value, comments
        else:
            yield line, "pgettext", (context, node.value), comments


def _side(scoring: dict):
    """The name of the side that made trump, in a game scored by its tricks: as game.yml gives it,
    or the engine's default, which the pages use all the same."""
    kind = scoring.get("kind")
    if not (isinstance(kind, ScalarNode) and kind.value == TrickScoring.kind):
        return
    if "declarers" in scoring:
        yield from _text(scoring["declarers"], SIDE, SIDE_NOTE)
    else:
        yield kind.start_mark.line + 1, "pgettext", (SIDE, TrickScoring.declarers), [SIDE_NOTE]


def _seat_names(nodes: list):
    """The names of the seats at the largest table of the game or of a variant: drills,
    walkthroughs and play pages seat them even when no example names them."""
    sizes = [(int(item.value), item.start_mark.line + 1) for node in nodes for item in _items(node)
             if isinstance(item, ScalarNode) and item.value.isdigit() and len(item.value) < 4]
    largest, line = max(sizes, default=(0, 0))
    for name in NAMES[:largest]:
        yield line, "pgettext", ("name", name), [NAME_NOTE]


def _is_true(node) -> bool:
    return isinstance(node, ScalarNode) and node.value == "true"


def _example(example: dict):
    example_id = getattr(example.get("id"), "value", "?")
    yield from _text(example.get("title"), comment=f"Title of the worked example {example_id}.")
    for variation in _items(example.get("variations")):
        yield from _text(_mapping(variation).get("title"),
                         comment=f"Title of a variation of the worked example {example_id}.")
    for seat in _items(example.get("seats")):
        yield from _text(seat, "name", NAME_NOTE)


def _page(page: dict):
    page_id = getattr(page.get("id"), "value", "?")
    yield from _text(page.get("title"), comment=f"Title of the page {page_id}.")
    yield from _text(page.get("summary"), comment=f"One-line summary of the page {page_id}.")
    yield from _blocks(page.get("intro"), f"Page {page_id}, introduction.")
    for section in map(_mapping, _items(page.get("sections"))):
        where = f"Page {page_id}, section {getattr(section.get('id'), 'value', '?')}."
        yield from _text(section.get("title"), comment=f"{where} Heading.")
        yield from _blocks(section.get("blocks"), where)
    for question in map(_mapping, _items(page.get("faq"))):
        where = f"Page {page_id}, question {getattr(question.get('id'), 'value', '?')}."
        yield from _text(question.get("question"), comment=f"{where} The question.")
        yield from _blocks(question.get("answer"), f"{where} The answer.")


def _blocks(node, where: str):
    for block in _items(node):
        if isinstance(block, ScalarNode):
            yield from _text(block, comment=where)
        fields = _mapping(block)
        yield from _text(fields.get("text"), comment=where)
        yield from _text(fields.get("decision"), comment=f"{where} The site's reading of its source, shown "
                                                          "in a box headed “This site's reading”.")
        for item in _items(fields.get("list")):
            yield from _text(item, comment=f"{where} A list item.")
        for claim in map(_mapping, _items(fields.get("claims"))):
            if _is_true(claim.get("show")):
                yield from _text(claim.get("title"), comment=f"{where} Caption of the diagram of a claim.")
        walkthrough = _mapping(_mapping(block).get("walkthrough"))
        yield from _text(walkthrough.get("title"), comment=f"{where} Title of a walkthrough.")
