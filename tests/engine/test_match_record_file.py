"""``pickpack match --ppn FILE`` replaces FILE by whole games only: a writer failing
mid-game, a full disk (one-line error) or an interrupt in the middle of a write leaves the
old FILE as it was, or the games written whole, and no temporary file."""

from __future__ import annotations

import errno
import io
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from pickpack.cli import main
from pickpack.match import play_game
from pickpack_ppn.notation import PPN
from tests.engine.temp_files import leftovers

LINUX = sys.platform.startswith("linux")


def test_a_writer_failing_mid_game_leaves_the_old_file(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "record.ppn"
    record.write_text("old record\n")
    real = PPN.games_to_ppn
    calls: list[int] = []

    def half_then_fail(results: Any, stream: Any, **kw: Any) -> int:
        calls.append(1)
        if len(calls) == 2:                 # the second game: half of it, then a bug
            whole = io.StringIO()
            real(results, whole, **kw)
            stream.write(whole.getvalue()[:len(whole.getvalue()) // 2])
            raise RuntimeError("writer bug")
        return int(real(results, stream, **kw))

    monkeypatch.setattr(PPN, "games_to_ppn", half_then_fail)
    with pytest.raises(RuntimeError, match="writer bug"):
        main(["match", "random", "random", "--games", "3", "--jobs", "1", "--ppn", str(record), "--force"])
    assert record.read_text() == "old record\n"
    assert leftovers(tmp_path) == []


@pytest.mark.skipif(not LINUX, reason="/proc/self/fd names the record's file")
def test_a_full_disk_is_one_line_and_keeps_the_old_file(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "record.ppn"
    record.write_text("old record\n")
    real_write = os.write
    games: list[int] = []

    def write(fd: int, data: Any) -> int:
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            target = ""
        if ".record.ppn." not in target:
            return real_write(fd, data)
        games.append(1)
        if len(games) == 2:                 # the second game: half fits, then the disk is full
            return real_write(fd, bytes(data)[:len(data) // 2])
        if len(games) > 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    with pytest.raises(SystemExit) as done:
        main(["match", "random", "random", "--games", "4", "--jobs", "1", "--ppn", str(record), "--force"])
    monkeypatch.undo()
    assert done.value.code == 2
    assert capsys.readouterr().err == f"pickpack: error: --ppn {record}: cannot write: no space left on the device\n"
    assert record.read_text() == "old record\n"
    assert leftovers(tmp_path) == []


def test_an_interrupted_record_keeps_whole_games_only(tmp_path: Path) -> None:
    from pickpack.commands.match import _Record

    path = tmp_path / "record.ppn"
    path.write_text("old record\n")
    game = play_game(["random", "random"], 0, 0)
    rec = _Record(str(path), PPN)
    rec.write(game)
    os.write(rec._fd, b"[Event \"half a game")      # an interrupt in the middle of a write
    rec.close(keep=True)
    whole = io.StringIO()
    PPN.games_to_ppn([game], whole, date=rec._date)
    assert path.read_text() == whole.getvalue()
    assert leftovers(tmp_path) == []
