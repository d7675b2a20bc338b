"""Reading records from files: a file that cannot be read is one line naming it, as
every pickpack command words it (pickpack.records.file_errors: ``PATH: cannot read: no such
file``), and every problem of a record read from a file names the file, its line and
column (``PATH:L:C: message``, as ``pickpack replay`` and ``validate`` print it)."""

from __future__ import annotations

import errno
import io
import pickle
from pathlib import Path

import pytest

import pickpack
from pickpack import NotARecordError, RecordFileError
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.notation import PPN

SETUP = '[Seed "7"]\n[RedPlacement "PPWWRRQQXXMM"]\n[BluePlacement "MMXXQQRRWWPP"]\n\n'
BAD = SETUP + "1. a6>1 2. zz9 *\n"       # line 5: "zz9" starts at column 12


def test_a_missing_file_is_one_line_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "games.ppn"
    with pytest.raises(RecordFileError) as info:
        pickpack.read_games(path)
    assert str(info.value) == f"{path}: cannot read: no such file"
    assert (info.value.errno, info.value.filename) == (errno.ENOENT, str(path))
    assert isinstance(info.value, OSError) and isinstance(info.value, pickpack.PickpackError)


def test_a_directory_is_not_a_record_file(tmp_path: Path) -> None:
    with pytest.raises(RecordFileError, match=r": cannot read: is a directory$"):
        pickpack.read_games(str(tmp_path))


def test_the_file_error_pickles_with_its_words(tmp_path: Path) -> None:
    with pytest.raises(RecordFileError) as info:
        pickpack.read_games(tmp_path / "none.ppn")
    again = pickle.loads(pickle.dumps(info.value))
    assert (str(again), again.errno, again.filename) == (str(info.value), info.value.errno, info.value.filename)


def test_a_file_of_another_kind_is_still_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text('{"moves": [1, 2]}', encoding="utf-8")
    with pytest.raises(NotARecordError, match="is a JSON file, not a PPN record"):
        pickpack.read_games(path)


def test_a_bad_record_read_from_a_file_names_the_file_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.ppn"
    path.write_text(BAD, encoding="utf-8")
    with pytest.raises(PPNParseError) as info:
        list(pickpack.read_games(path))
    error = info.value
    assert (error.file, error.line, error.column) == (str(path), 5, 12)
    assert str(error) == f"{path}:5:12: {error.message}"
    assert error.message.startswith("move 2: malformed move 'zz9'")
    assert pickle.loads(pickle.dumps(error)).file == str(path)


def test_a_lenient_read_of_a_file_names_it_in_every_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.ppn"
    path.write_text(BAD + "\n" + SETUP + "1. a6>1 { never closed\n", encoding="utf-8")
    games = list(pickpack.read_games(path, strict=False))
    assert [[(e.file, e.line, e.column) for e in g.errors] for g in games] == [[(str(path), 5, 12)],
                                                                               [(str(path), 11, 9)]]


def test_undecodable_input_of_a_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "utf16.ppn"
    path.write_bytes(BAD.encode("utf-16"))
    with PPN.open(path) as stream, pytest.raises(PPNParseError) as info:
        PPN.read_game(stream)
    assert info.value.file == str(path) and str(info.value).startswith(f"{path}:1:1: the input is UTF-16")


def test_text_that_is_no_file_keeps_its_line_and_column_wording() -> None:
    with pytest.raises(PPNParseError) as info:
        PPN.read_game(io.StringIO(BAD))
    assert info.value.file is None
    assert str(info.value) == f"line 5, column 12: {info.value.message}"
