"""load_save replays every move at load and names the file in its errors."""

import json
from pathlib import Path

import pytest

import pickpack
from pickpack.records.savefile import SaveFileError


def test_a_bad_move_is_an_error_of_load_save_naming_the_path(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "pickpack-save", "version": 2, "game": "push", "variant": None,
                                "options": {}, "players": {"p1": "human", "p2": "human"}, "seed": 1,
                                "moves": ["nonsense"]}), encoding="utf-8")
    with pytest.raises(SaveFileError) as caught:
        pickpack.load_save(path)
    assert str(caught.value).startswith(f"{path}: moves[0]: ")
