"""Tables and teams: Albastini A4 (and A18), Altbaumer B2."""

from __future__ import annotations

import pytest

from tutorial_engine.engine.seating import SeatingError, Table


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a4_a18_albastini_individual_tables(albastini, players):
    """A4, A18: 2 to 6 players individually; nobody has a partner."""
    table = Table.for_game(albastini, players)
    assert table == Table(players, 1)
    assert table.team_count == players
    assert all(table.partners(seat) == () for seat in range(players))
    assert [table.team_of(seat) for seat in range(players)] == list(range(players))


@pytest.mark.parametrize("players", [4, 6])
def test_a4_teams_of_two_sit_opposite(albastini, players):
    """A4: partners are seats i and i + n/2."""
    table = Table.for_game(albastini, players, 2)
    assert table.team_count == players // 2
    for seat in range(players):
        assert table.partners(seat) == ((seat + players // 2) % players,)


def test_a4_teams_of_two_at_four_and_six_exactly(albastini):
    four = Table.for_game(albastini, 4, 2)
    assert [four.partners(seat) for seat in range(4)] == [(2,), (3,), (0,), (1,)]
    six = Table.for_game(albastini, 6, 2)
    assert [six.partners(seat) for seat in range(6)] == [(3,), (4,), (5,), (0,), (1,), (2,)]


def test_a4_teams_of_three_alternate(albastini):
    """A4: 0, 2, 4 against 1, 3, 5."""
    table = Table.for_game(albastini, 6, 3)
    assert table.team_count == 2
    assert [table.team_of(seat) for seat in range(6)] == [0, 1, 0, 1, 0, 1]
    assert table.partners(0) == (2, 4)
    assert table.partners(3) == (1, 5)
    assert table.partners(4) == (0, 2)


def test_b2_altbaumer_partners_opposite(altbaumer):
    """B2: four players, fixed partnerships, partners opposite."""
    table = Table.for_game(altbaumer, 4, 2)
    assert [table.partners(seat) for seat in range(4)] == [(2,), (3,), (0,), (1,)]


def test_next_and_order_from_wrap_around():
    table = Table(4, 2)
    assert table.next(3) == 0
    assert table.next(1, 2) == 3
    assert table.order_from(2) == (2, 3, 0, 1)
    assert Table(5).order_from(4) == (4, 0, 1, 2, 3)


@pytest.mark.parametrize("players, message", [
    (7, "Albastini is played by 2 to 6 players, not 7"),
    (1, "Albastini is played by 2 to 6 players, not 1"),
])
def test_a4_albastini_player_counts_refused(albastini, players, message):
    with pytest.raises(SeatingError) as error:
        Table.for_game(albastini, players)
    assert str(error.value) == message


@pytest.mark.parametrize("players, team_size, message", [
    (5, 2, "Albastini with 5 players is played individually, not in teams of 2"),  # A18: five play individually
    (4, 3, "Albastini with 4 players is played individually or in teams of 2, not in teams of 3"),
    (3, 3, "Albastini with 3 players is played individually, not in teams of 3"),
    (2, 2, "Albastini with 2 players is played individually, not in teams of 2"),
    (6, 6, "Albastini with 6 players is played individually or in teams of 2 or 3, not in teams of 6"),
])
def test_a4_albastini_team_sizes_refused(albastini, players, team_size, message):
    with pytest.raises(SeatingError) as error:
        Table.for_game(albastini, players, team_size)
    assert str(error.value) == message


def test_b2_altbaumer_is_four_players_in_pairs(altbaumer):
    with pytest.raises(SeatingError) as error:
        Table.for_game(altbaumer, 3, 2)
    assert str(error.value) == "Altbaumer is played by 4 players, not 3"
    with pytest.raises(SeatingError) as error:
        Table.for_game(altbaumer, 4)
    assert str(error.value) == "Altbaumer with 4 players is played in teams of 2, not individually"


@pytest.mark.parametrize("players, team_size, message", [
    (3, 2, "3 players cannot form teams of 2"),
    (4, 0, "4 players cannot form teams of 0"),
    (6, 4, "6 players cannot form teams of 4"),
])
def test_impossible_tables(players, team_size, message):
    with pytest.raises(SeatingError) as error:
        Table(players, team_size)
    assert str(error.value) == message


def test_seating_error_is_a_value_error():
    assert issubclass(SeatingError, ValueError)
