"""A Game whose facts contradict themselves (a ``match_variant`` that is none of its
variants, a variant presetting an option the game does not offer or a value it refuses,
a default player count it does not offer) is refused by its load check (issue 19, "Bad
input"; pickpack.game_check): at registration (get_game) and when a match starts with a
Game object, in one line naming the game and the fault -- never mid-match, and never
blamed on a variant the user did not give."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any

import pytest

from pickpack.errors import GameCheckError
from pickpack.game_check import check_game, game_problem
from pickpack.match import play_match

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "thirdparty-game"))

from pickpack_pig import GAME as PIG  # noqa: E402     Pig: variants {"short": {"target": 50}}, 2..6 players


@pytest.mark.parametrize(("facts", "fault"), [
    ({"match_variant": "nope"}, "match_variant 'nope' is not one of its variants (short)"),
    ({"variants": {"short": {"target": "x"}}},
     "variant 'short' presets option target='x': must be an int 10..1000, not str"),
    ({"variants": {"short": {"goal": 3}}},
     "variant 'short' presets unknown option 'goal' for game pig; options: target"),
    ({"default_players": 9}, "its default player count: pig is played by 2..6 players, not 9"),
])
def test_contradicting_facts_are_refused_before_the_first_game(facts: dict[str, Any], fault: str) -> None:
    game = dataclasses.replace(PIG, **facts)
    assert game_problem(game) == fault
    with pytest.raises(GameCheckError) as caught:
        check_game(game)
    assert str(caught.value) == f"game 'pig' fails its load check: {fault}"
    played: list[Any] = []
    with pytest.raises(GameCheckError) as caught:
        play_match(["random", "random"], 4, 1, game=game, progress=played.append)
    assert (str(caught.value), played) == (f"game 'pig' fails its load check: {fault}", [])


def test_pig_as_it_is_has_consistent_facts() -> None:
    assert game_problem(PIG) is None
