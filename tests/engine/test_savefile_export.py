"""Save files (pickpack.records.savefile) and `pickpack export` of a saved game as PPN."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.records.savefile import SavedGame, SaveFileError


def _saved(moves: int = 6) -> tuple[SavedGame, pickpack_game.State]:
    """Seed 21, both placements as 24 placement moves, then the first legal move `moves` times."""
    placements = pickpack_game.placements_from_seed(21)
    state = pickpack.new_game("pickpack", seed=21)
    texts = []
    for p in ("red", "blue"):
        for kind in placements[p]:
            texts.append(state.action_text("PWRQXM".index(kind)))
            state.apply_action("PWRQXM".index(kind))
    for _ in range(moves):
        move = state.legal_moves()[0]
        texts.append(move.text)
        state.apply(move)
    saved = SavedGame(game="pickpack", players={"red": "human", "blue": "greedy"}, seed=21, moves=texts)
    return saved, state


def test_a_saved_game_replays_to_the_same_position(tmp_path: Path) -> None:
    saved, state = _saved()
    saved.save(tmp_path / "g.json")
    again = SavedGame.load(tmp_path / "g.json").replay()
    assert again.snapshot() == state.snapshot() and again.zobrist_hash() == state.zobrist_hash()
    assert again.ply == 24 + 6          # 24 placement decisions, then the 6 moves


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(format="chess"), "format"),
    (lambda d: d.update(version=9), "version"),
    (lambda d: d.update(game=7), "game"),
    (lambda d: d.update(variant=7), "variant"),
    (lambda d: d.update(options=[]), "options"),
    (lambda d: d.update(players={"red": 1}), "players"),
    (lambda d: d.update(seed="7"), "seed"),
    (lambda d: d.update(moves="c4>2"), "moves"),
    (lambda d: d["moves"].append(42), "moves[30]"),
])
def test_malformed_save_files_name_the_field(tmp_path: Path, change, field: str) -> None:  # type: ignore[no-untyped-def]
    data = _saved()[0].to_json()
    change(data)
    (tmp_path / "g.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveFileError, match=re.escape(f"g.json: {field}:")):
        SavedGame.load(tmp_path / "g.json")


def test_an_illegal_saved_move_names_its_index_and_rule() -> None:
    saved, _ = _saved()
    bad = SavedGame(saved.game, saved.players, [*saved.moves[:26], "a1>1"], saved.seed)
    with pytest.raises(SaveFileError, match=r"moves\[26\]: .*PP-M"):
        bad.replay()


def test_export_writes_a_ppn_record_that_replays(tmp_path: Path) -> None:
    saved, state = _saved()
    saved.save(tmp_path / "g.json")
    out = subprocess.run([sys.executable, "-m", "pickpack.cli", "export", str(tmp_path / "g.json"),
                          "-o", str(tmp_path / "g.ppn")], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    text = (tmp_path / "g.ppn").read_text(encoding="utf-8")
    assert '[Red "human"]' in text and '[Blue "greedy"]' in text and '[Seed "21"]' in text
    assert all(m in text for m in saved.moves)
    replay = subprocess.run([sys.executable, "-m", "pickpack.cli", "replay", str(tmp_path / "g.ppn")],
                            capture_output=True, text=True, timeout=120)
    assert replay.returncode == 0, replay.stderr
    scores = state.scores()
    assert f"scores red {scores['red']} blue {scores['blue']}" in replay.stdout


def test_export_of_a_missing_file_is_one_line(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "pickpack.cli", "export", str(tmp_path / "none.json")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [f"pickpack: error: {tmp_path / 'none.json'}: cannot read: no such file"]
