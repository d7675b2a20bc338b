"""The commands that take a record or a save, given the other kind, neither, or a path
that cannot be read or written: one line in words, no errno text, no traceback.

``replay`` and ``validate`` take PPN records, ``export`` takes a save file (pickpack
play) and writes a record with ``-o FILE`` (a new file unless ``--force``).
"""

from __future__ import annotations

import builtins
import errno
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from pickpack.cli import main
from pickpack.records.file_errors import os_error_text
from pickpack.records.file_kinds import kind_of_text
from pickpack.records.savefile import SavedGame, SaveFileError

PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}
RECORD = ('[Event "e"]\n[Result "*"]\n[Seed "7"]\n[RedPlacement "PPWWRRQQXXMM"]\n'
          '[BluePlacement "MMXXQQRRWWPP"]\n\n1. a6>1 *\n')
NO_GAME = "no game: the file is empty or holds only blank lines and '%' escape lines"


def _save(path: Path) -> Path:
    SavedGame(game="pickpack", players={"red": "human", "blue": "random"}, seed=7,
              options={"placements": dict(PLACEMENTS)}, moves=["a6>1"]).save(path)
    return path


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 2
    out = capsys.readouterr()
    return code, out.out, out.err


def _one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Errno" not in err and "Traceback" not in err
    return lines[0]


# --- the other format, or neither ------------------------------------------------------

@pytest.mark.parametrize("command", ["replay", "validate"])
def test_a_save_file_given_as_a_record_is_one_line_naming_export(command: str, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    save = _save(tmp_path / "game.json")
    code, out, err = _run(capsys, command, str(save))
    assert (code, out) == (2, "")
    assert _one_error_line(err) == (f"pickpack: error: {save}: is a pickpack save file (JSON, from 'pickpack "
                                    f"play'), not a PPN record: 'pickpack export {save}' writes it as one")


@pytest.mark.parametrize("command", ["replay", "validate"])
@pytest.mark.parametrize("content, what", [
    (json.dumps({"games": 3}), "a JSON file"),
    ("# A readme\n\nSome text.\n", "a text file"),
    ("\x00\x01\x02binary", "a binary file"),
    ("{not json\n", "a text file"),
])
def test_a_file_of_neither_kind_given_as_a_record_is_one_line(command: str, content: str, what: str,
                                                              tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "other"
    path.write_text(content, encoding="utf-8")
    code, out, err = _run(capsys, command, str(path))
    assert (code, out) == (2, "")
    assert _one_error_line(err) == f"pickpack: error: {path}: is {what}, not a PPN record"


def test_a_record_given_to_export_is_one_line_naming_replay(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "games.ppn"
    record.write_text(RECORD, encoding="utf-8")
    code, out, err = _run(capsys, "export", str(record))
    assert (code, out) == (2, "")
    assert _one_error_line(err) == (f"pickpack: error: {record}: is a PPN game record, not a save file: "
                                    f"'pickpack replay {record}' reads records")


@pytest.mark.parametrize("content, message", [
    ("", "is empty, not a save file"),
    ("\n  \n", "is empty, not a save file"),
    ("# A readme\n", "not a save file: not JSON: Expecting value at line 1 column 1"),
    ('{"format": "pickpack-save",', "not a save file: not JSON: Expecting property name enclosed in double "
                                    "quotes at line 1 column 28"),
])
def test_a_file_that_is_no_save_given_to_export_is_one_line(content: str, message: str, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x"
    path.write_text(content, encoding="utf-8")
    code, _, err = _run(capsys, "export", str(path))
    assert code == 2
    assert _one_error_line(err) == f"pickpack: error: {path}: {message}"


def test_bytes_that_are_not_utf8_given_to_export_are_one_line(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b'{"a": "caf\xe9"}')
    code, _, err = _run(capsys, "export", str(path))
    assert code == 2
    assert _one_error_line(err) == f"pickpack: error: {path}: not a save file: byte 0xE9 at offset 10 is not UTF-8 text"


# --- a record with no game is an error --------------------------------------------------

@pytest.mark.parametrize("content", ["", "\n\n", "% only an escape line\n\n"])
def test_validate_of_a_file_with_no_game_is_a_problem(content: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.ppn"
    path.write_text(content, encoding="utf-8")
    code, out, err = _run(capsys, "validate", str(path))
    assert code == 1
    assert out == f"{path}:1:1: {NO_GAME}\n"
    assert err == f"{path}: 0 games, 1 problem\n"


def test_replay_of_a_file_with_no_game_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.ppn"
    path.write_text("", encoding="utf-8")
    code, out, err = _run(capsys, "replay", str(path))
    assert (code, out, err) == (1, "", f"{path}:1:1: {NO_GAME}\n")


# --- file errors in words -----------------------------------------------------------------

@pytest.mark.parametrize("command", ["replay", "validate", "export"])
@pytest.mark.parametrize("make, words", [("mkdir", "is a directory"), (None, "no such file")])
def test_a_path_that_cannot_be_read_is_one_line_in_words(command: str, make: str | None, words: str,
                                                          tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "adir"
    if make == "mkdir":
        path.mkdir()
    code, _, err = _run(capsys, command, str(path))
    assert code == 2
    assert _one_error_line(err) == f"pickpack: error: {path}: cannot read: {words}"


@pytest.mark.parametrize("command", ["replay", "validate", "export"])
def test_a_file_without_read_permission_is_one_line_in_words(command: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # The tests may run as root, who reads any file whatever its mode: the refusal the
    # kernel gives an ordinary user (EACCES) is raised by open() itself, for this path only.
    path = tmp_path / "locked"
    path.write_text(RECORD, encoding="utf-8")
    real_open = builtins.open

    def refusing_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if os.fspath(file) == str(path):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", refusing_open)
    monkeypatch.setattr(io, "open", refusing_open)
    code, _, err = _run(capsys, command, str(path))
    assert code == 2
    assert _one_error_line(err) == f"pickpack: error: {path}: cannot read: permission denied"


@pytest.mark.parametrize("target", [".", "DIR"])
def test_export_to_a_directory_is_one_line_in_words(target: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    save = _save(tmp_path / "game.json")
    output = str(tmp_path) if target == "DIR" else "."
    code, _, err = _run(capsys, "export", str(save), "-o", output, "--force")
    assert code == 2
    assert _one_error_line(err) == f"pickpack: error: --output {output}: is a directory"


def test_export_into_a_missing_folder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = _save(tmp_path / "game.json")
    output = tmp_path / "nofolder" / "out.ppn"
    code, _, err = _run(capsys, "export", str(save), "-o", str(output))
    assert code == 2
    assert _one_error_line(err) == (f"pickpack: error: --output {output}: cannot write: the folder "
                                    f"{output.parent} does not exist")


def test_a_save_into_a_directory_names_it(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError) as info:
        _save(tmp_path)
    assert str(info.value) == f"{tmp_path}: cannot write: is a directory"


@pytest.mark.parametrize("code, words", [
    (errno.ENOENT, "no such file"), (errno.EACCES, "permission denied"), (errno.EISDIR, "is a directory"),
    (errno.ENOSPC, "no space left on the device"), (errno.EROFS, "the file system is read-only"),
    (errno.EBUSY, "is in use by the system (a mount point or a busy device)"),
])
def test_os_errors_are_words(code: int, words: str) -> None:
    assert os_error_text(OSError(code, os.strerror(code), "f")) == words


def test_an_os_error_given_a_directory_is_a_directory_whatever_the_system_says(tmp_path: Path) -> None:
    # Renaming over '.' fails with EBUSY on Linux: "Device or resource busy".
    assert os_error_text(OSError(errno.EBUSY, "Device or resource busy"), ".") == "is a directory"
    assert os_error_text(OSError(errno.ENOENT, "No such file or directory"), tmp_path / "x") == "no such file"


def test_an_unknown_os_error_is_its_message_without_the_number() -> None:
    assert os_error_text(OSError(errno.ECONNRESET, "Connection reset by peer")) == "connection reset by peer"


# --- export never overwrites silently ----------------------------------------------------

def test_export_refuses_to_replace_a_file_without_force(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    save = _save(tmp_path / "game.json")
    record = tmp_path / "game.ppn"
    record.write_text("old record\n", encoding="utf-8")
    code, _, err = _run(capsys, "export", str(save), "-o", str(record))
    assert code == 2
    assert _one_error_line(err) == f"pickpack: error: --output {record}: already exists; add --force to replace it"
    assert record.read_text(encoding="utf-8") == "old record\n"
    assert _run(capsys, "export", str(save), "-o", str(record), "--force")[0] == 0
    assert record.read_text(encoding="utf-8").startswith('[Event "pickpack play"]')


def test_export_writes_a_new_file_without_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = _save(tmp_path / "game.json")
    record = tmp_path / "new.ppn"
    assert _run(capsys, "export", str(save), "-o", str(record))[0] == 0
    assert "1. a6>1" in record.read_text(encoding="utf-8")


# --- the kinds ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, kind", [
    (RECORD, "ppn"), ("\ufeff" + RECORD, "ppn"), ("% escape\n" + RECORD, "ppn"), ("1. a6>1 *\n", "ppn"),
    ("{ a comment } 1. a6>1 *\n", "ppn"), ('{"format": "pickpack-save"}', "save"), ("[1, 2]", "ppn"),
    ('{"format": "other"}', "json"), ("", "empty"), (" \n\t", "empty"), ("#x", "text"), ("a\0b", "binary"),
])
def test_kind_of_text(text: str, kind: str) -> None:
    assert kind_of_text(text) == kind


# --- match --ppn: the same rule --------------------------------------------------------------

def test_match_refuses_to_replace_a_record_without_force(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "games.ppn"
    record.write_text("old record\n", encoding="utf-8")
    args = ["match", "random", "random", "--games", "1", "--jobs", "1", "--ppn", str(record)]
    code, out, err = _run(capsys, *args)
    assert (code, out) == (2, "")                                          # refused before any game
    assert _one_error_line(err) == f"pickpack: error: --ppn {record}: already exists; add --force to replace it"
    assert record.read_text(encoding="utf-8") == "old record\n"
    assert _run(capsys, *args, "--force")[0] == 0
    assert record.read_text(encoding="utf-8").startswith('[Event "pickpack match"]')


def test_match_record_into_a_directory_is_one_line_in_words(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "match", "random", "random", "--games", "1", "--ppn", str(tmp_path))
    assert code == 2
    assert _one_error_line(err) == f"pickpack: error: --ppn {tmp_path}: is a directory"
