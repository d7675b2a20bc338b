"""pickpack.records.safe_files: an old file is never lost before its replacement exists (issue 12, item 1)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pickpack.records.safe_files import atomic_writer, write_text_atomic


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_old_content_stays_until_the_block_ends(tmp_path: Path) -> None:
    target = tmp_path / "keep.ppn"
    target.write_text("old record\n")
    with atomic_writer(target) as out:
        out.write("new ")
        # Mid-write, a reader still finds the old file whole.
        assert target.read_text() == "old record\n"
        out.write("record\n")
    assert target.read_text() == "new record\n"
    assert _leftovers(tmp_path) == []


def test_an_interrupt_leaves_the_old_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "keep.ppn"
    target.write_text("old record\n")
    with pytest.raises(KeyboardInterrupt):
        with atomic_writer(target) as out:
            out.write("half a game")
            raise KeyboardInterrupt
    assert target.read_text() == "old record\n"
    assert _leftovers(tmp_path) == []


def test_keep_partial_commits_what_was_written_then_reraises(tmp_path: Path) -> None:
    target = tmp_path / "match.ppn"
    target.write_text("old record\n")
    with pytest.raises(KeyboardInterrupt):
        with atomic_writer(target, keep_partial=True) as out:
            out.write("game 1\n")
            raise KeyboardInterrupt
    assert target.read_text() == "game 1\n"
    assert _leftovers(tmp_path) == []


def test_new_file_gets_the_mode_open_would_give(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        write_text_atomic(tmp_path / "save.json", "{}")
    finally:
        os.umask(umask)
    assert (tmp_path / "save.json").stat().st_mode & 0o777 == 0o644


def test_replacing_a_file_keeps_its_mode(tmp_path: Path) -> None:
    save = tmp_path / "private.json"
    save.write_text("{}")
    save.chmod(0o600)
    write_text_atomic(save, '{"moves": []}')
    assert save.stat().st_mode & 0o777 == 0o600
    assert save.read_text() == '{"moves": []}'


def test_unwritable_folder_raises_before_anything_is_written(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "out.ppn"
    with pytest.raises(FileNotFoundError):
        with atomic_writer(missing):
            pytest.fail("the block must not run")


def test_newlines_are_written_as_lf(tmp_path: Path) -> None:
    write_text_atomic(tmp_path / "a.txt", "x\ny\n")
    assert (tmp_path / "a.txt").read_bytes() == b"x\ny\n"
