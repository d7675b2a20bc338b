"""Every optional part of every installed game (and Pig's, examples/thirdparty-game)
loads and is what pickpack.game_parts says it must be; a part naming the wrong thing is
refused in one line when it is loaded."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any

import pytest

import pickpack
from pickpack.action_tokens import ActionTokens
from pickpack.game import Game
from pickpack.game_parts import (PARTS, BenchmarkModule, GamePartError, StateClass, check_match_variant)
from pickpack.plugins import names
from pickpack.records.dialect import RecordDialect

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "thirdparty-game"))
from pickpack_pig.game import GAME as PIG  # noqa: E402


def _games() -> list[Game[Any]]:
    return [pickpack.get_game(name) for name in names("pickpack.games")] + [PIG]


#: What each built-in game names (None: it has no such part), worked out from its game.py.
HAS = {
    "pickpack": {"state_class", "ppn_dialect", "tui_face", "save_converter", "benchmark", "perft_root",
                 "native_mcts"},
    "push": {"state_class", "ppn_dialect", "tui_face", "benchmark", "native_mcts"},
    "pacru": {"state_class", "ppn_dialect", "tui_face", "benchmark", "native_mcts", "action_tokens"},
    "pig": {"state_class"},
    "breakthrough": {"state_class", "ppn_dialect", "benchmark", "native_mcts"},   # examples/thirdparty-c-game
}


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.name)
def test_every_optional_part_of_every_game_loads_as_its_kind(game: Game[Any]) -> None:
    loaded = {part: game.load(part) for part in PARTS}
    assert {part for part, obj in loaded.items() if obj is not None} == HAS[game.name]
    if loaded["state_class"] is not None:
        assert isinstance(loaded["state_class"], StateClass)
        assert isinstance(loaded["state_class"], type)
    if loaded["ppn_dialect"] is not None:
        assert isinstance(loaded["ppn_dialect"], RecordDialect)
    if loaded["benchmark"] is not None:
        assert isinstance(loaded["benchmark"], BenchmarkModule)
        assert len(loaded["benchmark"].MEASUREMENTS) >= 1
    if loaded["action_tokens"] is not None:
        codec: ActionTokens = loaded["action_tokens"]
        assert codec.vocabulary >= 1 and codec.max_tokens >= 1
    if loaded["tui_face"] is not None:
        assert isinstance(loaded["tui_face"].title, str) and len(loaded["tui_face"].min_size) == 2
    for part in ("native_mcts", "perft_root", "save_converter"):
        assert loaded[part] is None or callable(loaded[part])
    check_match_variant(game)


def test_the_state_class_builds_the_games_own_states() -> None:
    for game in _games():
        state = game.new_state(seed=1)
        cls = game.load("state_class")
        assert cls is not None and type(state) is cls
        assert cls.from_snapshot(state.snapshot()).snapshot() == state.snapshot()


def test_the_perft_root_and_match_variant_of_pick_and_pack() -> None:
    game = pickpack.get_game("pickpack")
    root = game.load("perft_root")
    assert root is not None and root(7).phase == "play"
    assert game.match_variant == "dealt" and "dealt" in game.variants


def test_a_part_naming_the_wrong_kind_is_refused_in_one_line() -> None:
    wrong = dataclasses.replace(PIG, name="pig-wrong", ppn_dialect="pickpack_pig.game:GAME",
                                action_tokens="pickpack_pig.game:GAME")
    with pytest.raises(GamePartError) as caught:
        wrong.load("ppn_dialect")
    assert str(caught.value) == ("game pig-wrong: ppn_dialect pickpack_pig.game:GAME is Game, "
                                 "not a RecordDialect (pickpack.records.dialect)")
    with pytest.raises(GamePartError, match="^game pig-wrong: action_tokens pickpack_pig.game:GAME is "
                                            r"Game, not an ActionTokens codec \(pickpack.action_tokens\)$"):
        wrong.load("action_tokens")


def test_a_match_variant_that_is_no_variant_is_refused() -> None:
    wrong = dataclasses.replace(PIG, name="pig-wrong", match_variant="long")
    with pytest.raises(GamePartError) as caught:
        check_match_variant(wrong)
    assert str(caught.value) == "game pig-wrong: match_variant 'long' is not one of its variants (short)"


def test_a_name_that_is_no_part_is_refused() -> None:
    with pytest.raises(KeyError, match="'title' is no optional part of a Game"):
        PIG.load("title")
