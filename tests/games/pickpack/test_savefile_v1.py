"""Version-1 Pick & Pack save files (root snapshot, placements, play moves) still load:
Pick & Pack's converter (pickpack.games.pickpack.legacy_save) turns them into version 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import pickpack
from pickpack.games.pickpack import placements_from_seed
from pickpack.games.pickpack.legacy_save import convert_v1
from pickpack.records.savefile import SavedGame, SaveFileError
from tests.support.pickpack_files import version_1_save


def test_a_version_1_file_becomes_seed_options_and_every_move_as_text() -> None:
    data = convert_v1(version_1_save(), "g.json")
    red, blue = placements_from_seed(21)["red"], placements_from_seed(21)["blue"]
    assert data["moves"][:3] == [f"aT={red[0]}", f"bT={red[1]}", f"cT={red[2]}"]
    assert data["moves"][12:14] == [f"1L={blue[0]}", f"2L={blue[1]}"]
    assert data["moves"][24:] == ["a4>1"] and len(data["moves"]) == 25
    assert {k: data[k] for k in ("format", "version", "game", "variant", "options", "players", "seed")} == {
        "format": "pickpack-save", "version": 2, "game": "pickpack", "variant": None,
        "options": {"first": "red"}, "players": {"red": "human", "blue": "greedy"}, "seed": 21}
    state = SavedGame.from_json(data).replay()
    assert state.ply == 25 and state.current_player == "blue"


def test_a_version_1_root_without_its_seed_becomes_the_deal_option() -> None:
    deal = list(pickpack.games.pickpack.deal_from_seed(8))
    data = convert_v1(version_1_save(seed=None, moves=(), deal=deal), "g.json")
    assert data["seed"] is None and data["options"] == {"first": "red", "deal": deal}
    state = SavedGame.from_json(data).replay()
    assert state.snapshot()["grid"] == pickpack.new_game("pickpack", deal=deal).snapshot()["grid"]
    assert state.ply == 24 and state.phase == "play"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(first="green"), "g.json: first: must be 'red' or 'blue', got 'green'"),
    (lambda d: d.update(seats={"red": "human"}), "g.json: seats: must map 'red' and 'blue'"),
    (lambda d: d["placements"].update(red="PPPPWWRRQQXX"),
     "g.json: placements.red: must be 12 letters, two of each of P W R Q X M (PP-C3)"),
    (lambda d: d["placements"].update(red=None), "g.json: placements.blue: PP-S3: it is not blue's turn"),
    (lambda d: d["root"].update(phase="play"),
     "g.json: root: not the start of a game"),
    (lambda d: d["moves"].append("a4>2"), "g.json: moves[1]: illegal move a4>2 (action 5120): PP-M"),
])
def test_a_bad_version_1_file_names_its_old_field(change: Any, message: str) -> None:
    data = version_1_save()
    change(data)
    with pytest.raises(SaveFileError) as info:
        convert_v1(data, "g.json")
    assert str(info.value).startswith(message), str(info.value)


def test_a_version_1_file_loads_through_its_games_converter(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps(version_1_save()), encoding="utf-8")
    saved = SavedGame.load(path)
    assert saved.game == "pickpack" and saved.seed == 21 and saved.moves[24:] == ["a4>1"]
    assert saved.replay().ply == 25
