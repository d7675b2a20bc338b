"""Every command and API names an unknown game the same way (``installed games: ...``,
the words of the PPN reader and the commands), and a player count the game does not
offer is one OptionError whatever its type, as the README says."""

import pytest

import pickpack
from pickpack.game import OptionError
from pickpack.games_registry import get_game
from pickpack.plugins import PluginNotFoundError


def test_an_unknown_game_lists_the_installed_games_in_the_words_of_the_ppn_reader_and_commands() -> None:
    with pytest.raises(PluginNotFoundError) as caught:
        get_game("chess")
    assert str(caught.value) == f"unknown game 'chess'; installed games: {', '.join(pickpack.available_games())}"


@pytest.mark.parametrize(("players", "shown"), [(7, "7"), ("3", "'3'"), (True, "True"), (3.0, "3.0")])
def test_a_player_count_not_offered_is_an_option_error_naming_players(players: object, shown: str) -> None:
    # README: "a player count the game does not offer, of any type ... pickpack.OptionError"
    with pytest.raises(OptionError) as caught:
        pickpack.new_game("push", players=players)
    assert str(caught.value) == f"push is played by 2..6 players, not {shown}"
    assert caught.value.field == "players" and isinstance(caught.value, ValueError)


@pytest.mark.parametrize(("game", "offered"), [("push", "2..6"), ("pacru", "2..4")])
def test_a_player_count_the_game_does_not_offer_reads_the_same_in_push_and_pacru(game: str, offered: str) -> None:
    with pytest.raises(OptionError) as caught:
        pickpack.new_game(game, players=7)
    assert str(caught.value) == f"{game} is played by {offered} players, not 7"
    assert caught.value.field == "players"
