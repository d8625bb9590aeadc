"""The JSON Schemas in schemas/ are generated from the loader's shapes, and the two agree.

Every bundled file names its schema on its first line and validates against it; every fixture in
tests/fixtures/bad/ is classified: structural ones are refused by the schema as by `check`,
rule-level ones pass the schema (only `check` knows the deck and the engine), and YAML-level
ones never become data a schema could see. A new fixture must be added to one of the lists.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from drawn import check  # the project's drills drawn once a run
from test_bad_inputs import ACCEPTED, BAD, FIXTURES

from tutorial_engine.content.jsonschema import FILES, FOLDER, OUTPUTS, schema_text

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / FOLDER
EXAMPLES = ROOT / "examples"
BUNDLED = sorted(EXAMPLES.rglob("*.yml"))

STRUCTURAL = {
    "comments_only.yml", "drill_count_too_big.yml", "drill_id_path_traversal.yml", "empty.yml", "game_id_capitalised.yml", "missing_keys.yml",
    "not_a_mapping.yml", "page_id_path_traversal.yml", "plays_as_string.yml", "points_as_text.yml", "seats_as_mapping.yml",
    "several_errors.yml", "points_thousands_of_characters.yml", "unknown_card.yml", "unknown_example_key.yml", "misspelt_card_names.yml",
    "unknown_follow_rule.game.yml", "unknown_game.yml", "unknown_game_key.game.yml",
    "unknown_kind.yml", "unknown_top_level_key.yml", "walkthrough_bad_table.yml",
    "walkthrough_not_alone.yml", "decision_without_source.yml", "yes_no_leader.yml", "yes_no_seat_on.yml", "yes_no_title.yml",
}
"""Wrong shape (unknown key, wrong type, missing key, bad id or card syntax): both refuse them."""

RULE_LEVEL = {
    "card_not_in_albastini_deck.yml", "card_not_in_altbaumer_deck.yml", "dealer_forecasts.yml",
    "drill_constraint_of_another_game.yml", "drill_deal_scoring_for_three.yml",
    "drill_decider_and_round_won.yml", "duplicate_example_ids.yml", "forecast_in_altbaumer.yml",
    "forecast_out_of_turn.yml", "forecast_team_size.yml", "forecasts_same_suit.yml",
    "leader_not_a_seat.yml", "legal_trick_already_full.yml", "no_game.yml",
    "order_not_matching_deck.game.yml", "top_trump_not_in_deck.game.yml",
    "threshold_for_some_team_sizes.game.yml",
    "plays_count_mismatch.yml", "points_for_rank_not_in_deck.game.yml",
    "ranking_two_plain_suits.yml", "same_card_twice.yml", "seat_names_clash.yml",
    "too_many_seats_altbaumer.yml", "unknown_variant.yml", "variation_changes_nothing.yml",
    "variation_replaces_unplayed_card.yml", "winner_not_a_seat.yml",
    "wrong_forecast_exchange.yml", "wrong_forecast_returned.yml", "wrong_legal_refused_card.yml",
    "wrong_legal_set.yml", "wrong_points.yml", "wrong_ranking.yml", "wrong_winner.yml",
    "claim_wrong.yml", "deal_phases_out_of_order.game.yml",
    "cites_an_unnumbered_fact.yml", "claim_cites_an_unnumbered_fact.yml", "drill_field_its_kind_ignores.yml",
    "victory_points_without_card_points.game.yml",
}
"""Well-shaped, but wrong against the deck, the seats, each other or the engine: loader only."""

YAML_LEVEL = {
    "alias_bomb.yml", "binary.yml", "deep_nesting.yml", "duplicate_key_in_example.yml",
    "duplicate_key_in_expectation.yml", "duplicate_top_level_key.yml", "not_utf8.yml",
    "nul_byte.yml", "recursive_alias.yml", "unsafe_python_tag.yml",
    "unsafe_python_tag_on_scalar.yml", "utf16.yml", "yaml_bad_indentation.yml",
    "yaml_missing_colon.yml", "yaml_over_indented_key.yml", "yaml_tab.yml",
    "yaml_two_documents.yml", "yaml_unclosed_brace_at_end.yml", "yaml_unclosed_bracket.yml",
    "yaml_unclosed_quote.yml", "yaml_undefined_alias.yml", "drill_seed_thousands_of_digits.yml",
}
"""Not readable as plain data (bytes, syntax, tags, aliases, a number too long for Python to
read) or lost by reading it (a duplicate key keeps its last value): no schema sees these, the
loader reports them before any shape."""


def schema(kind: str) -> dict:
    return json.loads((SCHEMAS / f"{kind}.schema.json").read_text(encoding="utf-8"))


def data(text: str):
    """What an editor validates: the YAML's data, as JSON (mapping keys become text)."""
    return json.loads(json.dumps(yaml.safe_load(text), default=str))


def kind_of(name: str, value) -> str:
    """Which schema a file is checked against, as `check` tells the kinds apart."""
    if name == "game.yml" or name.endswith(".game.yml"):
        return "game"
    if isinstance(value, dict) and "pages" in value:
        return "pages"
    if isinstance(value, dict) and "drills" in value:
        return "drills"
    return "examples"


def errors(kind: str, value) -> list[str]:
    validator = jsonschema.Draft202012Validator(schema(kind))
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(value)]


def test_the_committed_schemas_are_what_the_shapes_generate():
    """After changing a shape or an event: `python -m tutorial_engine.content.jsonschema` rewrites schemas/."""
    assert sorted(p.name for p in SCHEMAS.iterdir()) == sorted(f"{kind}.schema.json" for kind in [*FILES, *OUTPUTS])
    for kind in [*FILES, *OUTPUTS]:
        assert (SCHEMAS / f"{kind}.schema.json").read_text(encoding="utf-8") == schema_text(kind), kind


@pytest.mark.parametrize("kind", sorted([*FILES, *OUTPUTS]))
def test_each_schema_is_valid_draft_2020_12(kind):
    jsonschema.Draft202012Validator.check_schema(schema(kind))


@pytest.mark.parametrize("path", BUNDLED, ids=[str(p.relative_to(EXAMPLES)) for p in BUNDLED])
def test_each_bundled_file_names_its_schema_and_both_accept_it(path):
    text = path.read_text(encoding="utf-8")
    value = data(text)
    kind = kind_of(path.name, value)
    first = text.splitlines()[0]
    target = Path(first.removeprefix("# yaml-language-server: $schema="))
    assert first.startswith("# yaml-language-server: $schema=")
    assert (path.parent / target).resolve() == SCHEMAS / f"{kind}.schema.json"
    assert errors(kind, value) == []
    assert [str(p) for p in check(ROOT, [path]).problems] == []


def test_every_fixture_is_classified_once():
    lists = [STRUCTURAL, RULE_LEVEL, YAML_LEVEL]
    assert sum(map(len, lists)) == len(set().union(*lists))
    assert set().union(*lists) == set(FIXTURES)


@pytest.mark.parametrize("name", sorted(STRUCTURAL))
def test_the_schema_refuses_each_structural_fixture(name):
    value = data((BAD / name).read_text(encoding="utf-8"))
    assert errors(kind_of(name, value), value) != []
    assert check(ROOT, [BAD / name]).problems


@pytest.mark.parametrize("name", sorted(RULE_LEVEL))
def test_the_schema_accepts_each_rule_level_fixture(name):
    value = data((BAD / name).read_text(encoding="utf-8"))
    assert errors(kind_of(name, value), value) == []
    assert check(ROOT, [BAD / name]).problems


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_the_schema_accepts_the_edge_inputs_check_accepts(name):
    """Letter notation (AH, spades, 7h), quoted yes/no, a BOM, CRLF and aliases."""
    value = data(ACCEPTED[name].removeprefix("\ufeff"))
    assert errors("examples", value) == []


@pytest.mark.parametrize("card", ["A♥", "10♣", "T♦", "ah", "7S", "Q♤", " K♥"])
def test_card_syntax_the_schema_accepts(card):
    assert errors("examples", {"examples": [{"id": "x", "kind": "ranking", "cards": [card]}]}) == []


@pytest.mark.parametrize("card", ["1♠", "A", "♥", "AX", "11♥", "A♥♥", "A ♥", "10"])
def test_card_syntax_the_schema_refuses(card):
    assert errors("examples", {"examples": [{"id": "x", "kind": "ranking", "cards": [card]}]}) != []
