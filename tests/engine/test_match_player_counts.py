"""A match with a player count its game does not offer, or with fewer bots than
players, is refused before the first game with one line naming the game's counts and
how a match fills the seats (one bot per player; a bot named again takes another)."""

from __future__ import annotations

import pytest

from pickpack.game import OptionError
from pickpack.match import match_game


def test_a_player_count_outside_the_range_names_the_counts_and_the_seating() -> None:
    with pytest.raises(OptionError) as caught:
        match_game("push", 7, 2)                     # pickpack match random greedy --game push --players 7
    assert str(caught.value) == ("push is played by 2..6 players, not 7; give players 2 to 6, and as many "
                                 "bots (name a bot again for another seat)")
    assert caught.value.field == "players"


def test_one_bot_for_a_game_of_several_names_the_counts_and_the_seating() -> None:
    with pytest.raises(OptionError) as caught:
        match_game("push", None, 1)                  # pickpack match random --game push
    assert str(caught.value) == ("push is played by 2..6 players, not 1 (the number of bots given); a match "
                                 "seats one bot per player: give 2 to 6 bots (name a bot again for another seat)")
    with pytest.raises(ValueError) as wrong:
        match_game("push", 4, 1)                     # pickpack match random --game push --players 4
    assert str(wrong.value) == ("push with 4 players needs 4 bots (one per player), got 1; name a bot again "
                                "for another seat")


def test_a_game_of_one_count_says_that_count() -> None:
    with pytest.raises(OptionError) as caught:
        match_game("pickpack", None, 3)
    assert str(caught.value) == ("pickpack is played by 2 players, not 3 (the number of bots given); a match "
                                 "seats one bot per player: give 2 bots (name a bot again for another seat)")
