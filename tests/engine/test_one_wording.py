"""Every command and API names an unknown game the same way, and a player count of the
wrong type is Python's TypeError, as the README says of every argument."""

import pytest

import pickpack
from pickpack.game import OptionError
from pickpack.games_registry import get_game
from pickpack.plugins import PluginNotFoundError


def test_an_unknown_game_lists_the_installed_games_in_the_words_of_the_ppn_reader_and_commands() -> None:
    with pytest.raises(PluginNotFoundError) as caught:
        get_game("chess")
    assert str(caught.value) == f"unknown game 'chess'; installed games: {', '.join(pickpack.available_games())}"


@pytest.mark.parametrize("players", ["3", True, 3.0])
def test_a_player_count_that_is_not_an_int_is_a_type_error_naming_players(players: object) -> None:
    with pytest.raises(TypeError) as caught:
        pickpack.new_game("push", players=players)
    assert str(caught.value) == f"players must be an int, not {type(players).__name__}"
    assert not isinstance(caught.value, OptionError)


@pytest.mark.parametrize(("game", "offered"), [("push", "2..6"), ("pacru", "2..4")])
def test_a_player_count_the_game_does_not_offer_reads_the_same_in_push_and_pacru(game: str, offered: str) -> None:
    with pytest.raises(OptionError) as caught:
        pickpack.new_game(game, players=7)
    assert str(caught.value) == f"{game} is played by {offered} players, not 7"
    assert caught.value.field == "players"
