"""``pickpack replay`` and ``pickpack validate`` on PPN files (exit status and output)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pickpack
from pickpack.cli import main
from pickpack_ppn.notation import PPN
from tests.support.pickpack_files import PLACEMENTS, finished_record


def _write(path: Path, texts: list[str]) -> Path:
    path.write_text("".join(texts), encoding="utf-8")
    return path


def _unfinished() -> str:
    state = pickpack.new_game(seed=7, placements=PLACEMENTS)
    for text in ("a6>1", "a3>1"):
        state.apply(text)
    return PPN.export(PPN.game_from_state(state, {"Red": "r", "Blue": "b"}))


def test_replay_prints_result_and_final_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    finished, scores, plies = finished_record()
    path = _write(tmp_path / "games.ppn", [finished, _unfinished()])
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    result = PPN.parse_game(finished).headers["Result"]
    assert out == [
        f"{path}: game 1: first (red) vs also-first (blue): {result}, scores red {scores['red']} "
        f"blue {scores['blue']}, {plies} plies, over",
        # Seed 7's deal 445312 431211 412314 ... (a1..f1, a2..f2, a3..): a6 (square 30) holds
        # 2 and a3 (square 12) 4, so after 1. a6>1 and 2. a3>1 Red has 2 and Blue 4 (PP-E3).
        f"{path}: game 2: r (red) vs b (blue): *, scores red 2 blue 4, 2 plies, not over",
    ]


def test_validate_prints_file_line_column_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = _unfinished()
    bad = good.replace("2. a3>1", "2. a3>1 3. a3>2")       # PP-M1: the grabber must move
    path = _write(tmp_path / "mixed.ppn", [good, bad, good])
    assert main(["validate", str(path)]) == 1
    captured = capsys.readouterr()
    # Each game is 14 lines; game 2's movetext is line 27, "3. a3>2" has a3>2 at column 20.
    assert captured.out.splitlines() == [
        f"{path}:27:20: move 3: illegal move a3>2: PP-M1: the grabber must move to a different square"]
    assert captured.err == f"{path}: 3 games, 1 problem\n"


def test_validate_clean_file_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path / "ok.ppn", [_unfinished(), _unfinished()])
    assert main(["validate", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"{path}: 2 games, no problems\n"


def test_replay_reports_a_game_it_cannot_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The Deal tag renamed: without a Seed, Deal or Position tag the game cannot be set up.
    path = _write(tmp_path / "bad.ppn", [_unfinished().replace('[Deal "', '[Dealt "')])
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.err == f"{path}:1:1: no Seed, Deal or Position tag: the game cannot be set up\n"
    assert captured.out == f"{path}: game 1: r (red) vs b (blue): not replayed (1 problem)\n"


def test_a_missing_file_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.ppn"
    for command in ("replay", "validate"):
        with pytest.raises(SystemExit) as info:
            main([command, str(missing)])
        assert info.value.code == 2
        assert capsys.readouterr().err == f"pickpack: error: {missing}: cannot read: no such file\n"
