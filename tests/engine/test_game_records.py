"""The top-level API for records and saves: ``pickpack.read_games`` (PPN, like
``chess.pgn``) and ``pickpack.load_save``, found without reading docs/ppn.md or the source.

The record is seed 7 with placements PPWWRRQQXXMM / MMXXQQRRWWPP: Red opens with a6>1
and Blue answers a3>1 (tests/plugins/ppn/test_errors.py works the opening out).
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import pickpack
from pickpack.records.savefile import SavedGame

TAGS = '[Event "api"]\n[Seed "7"]\n[RedPlacement "PPWWRRQQXXMM"]\n[BluePlacement "MMXXQQRRWWPP"]\n\n'
RECORD = TAGS + "1. a6>1 2. a3>1 *\n\n" + TAGS + "1. a6>1 *\n"


def _moves(games: Any) -> list[list[str]]:
    return [[str(m) for m in game.mainline_moves()] for game in games]


def test_read_games_of_a_path_gives_every_game(tmp_path: Path) -> None:
    path = tmp_path / "games.ppn"
    path.write_text(RECORD, encoding="utf-8")
    assert _moves(pickpack.read_games(path)) == [["a6>1", "a3>1"], ["a6>1"]]
    assert _moves(pickpack.read_games(str(path))) == [["a6>1", "a3>1"], ["a6>1"]]


def test_read_games_of_open_streams(tmp_path: Path) -> None:
    assert _moves(pickpack.read_games(io.StringIO(RECORD))) == [["a6>1", "a3>1"], ["a6>1"]]
    assert _moves(pickpack.read_games(io.BytesIO(RECORD.encode()))) == [["a6>1", "a3>1"], ["a6>1"]]


def test_read_games_replays_each_game() -> None:
    (first, _) = pickpack.read_games(io.StringIO(RECORD))
    assert first.headers["Event"] == "api"
    final = first.end().state()             # replayed from the set-up tags: Red to move again
    assert len(final.history()) == 2 and final.current_player == "red"


def test_read_games_is_strict_by_default_and_lenient_by_choice() -> None:
    bad = TAGS + "1. a6>1 2. a3>9 *\n"
    with pytest.raises(pickpack.PickpackError, match=r"^line 6, column 15: move 2: malformed move 'a3>9'") as caught:
        list(pickpack.read_games(io.StringIO(bad)))
    assert isinstance(caught.value, ValueError)     # a PickpackError, and a ValueError as before
    (game,) = pickpack.read_games(io.StringIO(bad), strict=False)
    assert [(e.line, e.column) for e in game.errors] == [(6, 15)] and _moves([game]) == [["a6>1"]]


def test_read_games_of_a_missing_path_raises_at_the_call(tmp_path: Path) -> None:
    path = tmp_path / "none.ppn"
    with pytest.raises(pickpack.RecordFileError) as info:
        pickpack.read_games(path)
    assert str(info.value) == f"{path}: cannot read: no such file"
    assert isinstance(info.value, OSError) and info.value.filename == str(path)


def test_read_games_closes_its_file_when_the_games_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.ppn"
    path.write_text(RECORD, encoding="utf-8")
    games = pickpack.read_games(path)
    stream = games.gi_frame.f_locals["stream"]  # type: ignore[attr-defined]
    list(games)
    assert stream._raw.closed


def test_read_games_finds_the_notation_through_its_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, str]] = []

    class Notation:
        def iter_games(self, stream: object, *, strict: bool) -> list[str]:
            return [f"game of {stream!r}, strict={strict}"]

    def load(group: str, name: str) -> Notation:
        asked.append((group, name))
        return Notation()

    monkeypatch.setattr("pickpack.records.loading.load", load)
    assert list(pickpack.read_games(io.StringIO(""), strict=False))[0].endswith("strict=False")
    assert asked == [("pickpack.notations", "ppn")]


def test_importing_pickpack_imports_neither_the_notation_nor_a_game() -> None:
    code = ("import sys, pickpack; print(sorted(m for m in sys.modules "
            "if m.startswith(('pickpack_ppn', 'pickpack.games.'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "[]", out.stderr


def test_read_games_of_a_save_file_says_what_it_is_at_the_call(tmp_path: Path) -> None:
    # The new-user trial: a save given to read_games was "no Seed, Deal or Position tag".
    path = tmp_path / "game.json"
    SavedGame(game="pickpack", players={"red": "human", "blue": "random"}, seed=7, moves=[]).save(path)
    with pytest.raises(pickpack.NotARecordError,
                       match=r"game\.json: is a pickpack save file .*, not a PPN record: pickpack\.load_save"):
        pickpack.read_games(path)
    other = tmp_path / "other.json"
    other.write_text('{"a": 1}', encoding="utf-8")
    with pytest.raises(pickpack.PickpackError, match=r"other\.json: is .*JSON.*, not a PPN record$"):
        pickpack.read_games(other)


def test_load_save_gives_the_saved_game_and_its_state(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    SavedGame(game="pickpack", players={"red": "human", "blue": "random"}, seed=7,
              options={"placements": {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}}, moves=["a6>1"]).save(path)
    saved = pickpack.load_save(path)
    assert isinstance(saved, pickpack.SavedGame) and saved.moves == ["a6>1"]
    state = saved.replay()
    assert state.current_player == "blue" and len(state.history()) == 1


def test_load_save_of_a_record_says_what_it_is(tmp_path: Path) -> None:
    path = tmp_path / "games.ppn"
    path.write_text(RECORD, encoding="utf-8")
    with pytest.raises(pickpack.SaveFileError, match=r"games\.ppn: is a PPN game record, not a save file"):
        pickpack.load_save(path)


def test_the_record_and_save_functions_are_documented_public_api() -> None:
    for name in ("read_games", "load_save", "SavedGame", "SaveFileError"):
        assert name in pickpack.__all__ and getattr(pickpack, name).__doc__
    assert "pickpack.read_games(" in (pickpack.__doc__ or "")
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "pickpack.read_games(" in readme and "pickpack.load_save(" in readme
