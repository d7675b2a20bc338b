"""Input the reader alone reads (a file of PPN.open, a str, bytes) is taken in pieces
and split into lines at once (pickpack_ppn.source): a piece may end anywhere -- inside
a line, between a CR and its LF, inside a UTF-8 character -- and the lines, their
numbers and the games are those of reading a line at a time."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pickpack_ppn.notation import PPN
from pickpack_ppn.source import Lines

TEXT = "\ufeffab\r\ncd\re\n\n\rf\r\n\ufeffg\u00e9\r"
LINES = ["ab", "cd", "e", "", "", "f", "g\u00e9"]


def _lines(source: Lines) -> list[str]:
    out = []
    while (line := source.next_line()) is not None:
        out.append(line)
    return out


@pytest.mark.parametrize("chunk", [1, 2, 3, 4, 5, 7, 64])
def test_pieces_of_any_size_split_no_line(chunk: int) -> None:
    for source in (TEXT, TEXT.encode("utf-8")):
        lines = Lines(source, chunk=chunk)
        assert _lines(lines) == LINES and lines.number == 7


@pytest.mark.parametrize("chunk", [1, 3, 64])
def test_a_private_binary_stream_reads_as_one_read_a_line_at_a_time(chunk: int) -> None:
    data = TEXT.encode("utf-8")
    assert _lines(Lines(io.BytesIO(data), chunk=chunk, private=True)) == LINES
    assert _lines(Lines(io.BytesIO(data), chunk=chunk)) == LINES


def test_a_line_longer_than_many_pieces_is_one_line() -> None:
    long = "x" * 1000
    assert _lines(Lines(f"{long}\n{long}", chunk=7)) == [long, long]


def test_a_stream_the_caller_gives_is_not_read_past_the_line_asked_for() -> None:
    stream = io.StringIO("first\nsecond\nthird\n")
    lines = Lines(stream)
    assert lines.next_line() == "first"
    assert stream.readline() == "second\n"      # the caller's own read goes on where it was


def test_a_file_reads_its_games_as_its_text_does(tmp_path: Path) -> None:
    text = ('[Seed "7"]\n[RedPlacement "PPWWRRQQXXMM"]\n[BluePlacement "MMXXQQRRWWPP"]\n\n'
            "1. a6>1 2. a3>1 3. b3>2 *\n") * 3
    path = tmp_path / "games.ppn"
    path.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    with PPN.open(path) as stream:
        from_file = [[m.text for m in game.mainline_moves()] for game in PPN.iter_games(stream)]
    assert from_file == [[m.text for m in game.mainline_moves()] for game in PPN.iter_games(text)]
    assert from_file == [["a6>1", "a3>1", "b3>2"]] * 3
