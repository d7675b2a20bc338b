"""PPN structure does not depend on line layout (issue 12, item 10).

Every test reads records laid out some other way (a blank line inside the tags, a BOM
before a game in the middle of a file, CR LF or lone-CR line ends, bytes instead of
text) and compares what it reads with the same records written with LF.

The game is seed 7 with placements PPWWRRQQXXMM / MMXXQQRRWWPP and the legal opening
1. a6>1 2. a3>1 3. b3>2 (tests/plugins/ppn/test_errors.py works it out); 3. b3>1 instead is
illegal (PP-G2). A game below is 14 lines: 11 tags, a blank line, the movetext, a
blank line; so game 2's movetext is line 27 and, in "1. a6>1 2. a3>1 3. b3>1 *", b3>1
is at column 20.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.cli import main
from pickpack.match import GameResult
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.notation import PPN
from pickpack_ppn.source import Lines
from pickpack_ppn.writer import check_comment
from tests.plugins.ppn.random_games import headers_for, random_game

SETUP = '[Seed "7"]\n[RedPlacement "PPWWRRQQXXMM"]\n[BluePlacement "MMXXQQRRWWPP"]\n'
GOOD = "1. a6>1 2. a3>1 3. b3>2 *"
ILLEGAL = "1. a6>1 2. a3>1 3. b3>1 *"


def game(event: str, movetext: str = GOOD) -> str:
    """One game as the writer lays it out (LF line ends, a blank line after it)."""
    return (f'[Event "{event}"]\n[Site "?"]\n[Date "2026.11.29"]\n[Round "1"]\n[Red "r"]\n[Blue "b"]\n'
            f'[Result "*"]\n{SETUP}[First "red"]\n\n{movetext}\n\n')


# Three games, the middle one with an illegal move: game 1 clean, game 2 an error at
# line 27, column 20 (PP-G2), game 3 clean.
RECORDS = game("One") + game("Two", ILLEGAL) + game("Three")


def summary(games: Iterator[Any] | list[Any]) -> list[tuple[dict[str, str], list[str], list[tuple[int, int, str]]]]:
    """What a reader made of each game: its tags, its main line, its problems."""
    return [(dict(g.headers), [m.text for m in g.mainline_moves()],
             [(e.line, e.column, e.message) for e in g.errors]) for g in games]


def read(source: Any) -> list[tuple[dict[str, str], list[str], list[tuple[int, int, str]]]]:
    return summary(PPN.iter_games(source, strict=False))


LF = read(io.StringIO(RECORDS))


def test_the_lf_records_read_as_worked_out() -> None:
    assert [s[0]["Event"] for s in LF] == ["One", "Two", "Three"]
    assert LF[0][1] == LF[2][1] == ["a6>1", "a3>1", "b3>2"] and LF[0][2] == LF[2][2] == []
    assert LF[1][1] == ["a6>1", "a3>1"]
    assert [(line, col) for line, col, _ in LF[1][2]] == [(27, 20)]
    assert LF[1][2][0][2].startswith("move 3: illegal move b3>1: PP-G2")


# --- game boundaries follow the grammar, not blank lines -------------------------------

@pytest.mark.parametrize("gap", ["\n", "\n\n\n", "  \t\n", "\n% a note\n\n", "\ufeff\n"])
def test_a_blank_line_inside_the_tags_does_not_split_the_game(gap: str) -> None:
    text = game("Club").replace('[Round "1"]\n', '[Round "1"]\n' + gap)
    games = list(PPN.iter_games(io.StringIO(text), strict=False))
    assert len(games) == 1
    assert games[0].headers["Event"] == "Club" and games[0].headers["Seed"] == "7"
    assert games[0].errors == []
    assert summary(games) == summary([PPN.parse_game(game("Club"))])
    # Strict reading agrees (no error to raise), and so does a whole file of such games.
    assert PPN.parse_game(text).headers["Event"] == "Club"
    # Games 1 and 2 each gain the gap's lines before game 2's movetext (line 27 in LF).
    three = RECORDS.replace('[Red "r"]\n', '[Red "r"]\n' + gap)
    got = read(io.StringIO(three))
    assert [s[:2] for s in got] == [s[:2] for s in LF]
    assert [(line, col) for line, col, _ in got[1][2]] == [(27 + 2 * gap.count("\n"), 20)]


def test_a_blank_line_before_the_first_tag_and_before_the_movetext_changes_nothing() -> None:
    text = "\n\n" + RECORDS.replace("[First \"red\"]\n\n", "[First \"red\"]\n\n\n\n")
    got = read(io.StringIO(text))
    assert [s[:2] for s in got] == [s[:2] for s in LF]


def test_a_tag_section_before_the_result_is_a_missing_result_then_a_new_game() -> None:
    # Game 1 has no result; the '[' line of game 2 begins a new game. The missing result
    # is reported after game 1's last token (line 13, "1. a6>1 2. a3>1" is 15 long).
    text = game("One", "1. a6>1 2. a3>1") + game("Two")
    games = list(PPN.iter_games(io.StringIO(text), strict=False))
    assert [g.headers["Event"] for g in games] == ["One", "Two"]
    assert [(e.line, e.column, e.message) for e in games[0].errors] == [
        (13, 16, "missing result token (1-0, 0-1, 1/2-1/2 or *) at the end of the game")]
    assert games[1].errors == [] and [m.text for m in games[1].mainline_moves()] == ["a6>1", "a3>1", "b3>2"]
    # Strict: game 1 raises with its line and column, the next read gives game 2.
    stream = io.StringIO(text)
    with pytest.raises(PPNParseError) as info:
        PPN.read_game(stream)
    assert (info.value.line, info.value.column) == (13, 16)
    second = PPN.read_game(stream)
    assert second is not None and second.headers["Event"] == "Two"
    assert PPN.read_game(stream) is None


# --- byte-order marks -------------------------------------------------------------------

def test_two_exported_files_joined_with_cat_read_as_the_lf_records(tmp_path: Path) -> None:
    # Each exported file starts with a UTF-8 BOM (EF BB BF); `cat a b c` puts one before
    # each game. Columns do not count the BOM: the error stays at line 27, column 20.
    files = [tmp_path / f"{n}.ppn" for n in ("a", "b", "c")]
    for path, text in zip(files, (game("One"), game("Two", ILLEGAL), game("Three"))):
        path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    joined = tmp_path / "joined.ppn"
    joined.write_bytes(b"".join(p.read_bytes() for p in files))
    assert joined.read_bytes().count(b"\xef\xbb\xbf") == 3
    with PPN.open(joined) as stream:
        assert read(stream) == LF
    assert read(io.BytesIO(joined.read_bytes())) == LF
    assert read(io.StringIO(joined.read_text(encoding="utf-8"))) == LF
    with open(joined, encoding="utf-8") as text_stream:
        assert read(text_stream) == LF


def test_a_bom_at_the_start_of_any_line_is_dropped_and_not_counted() -> None:
    text = "".join("\ufeff" + line for line in RECORDS.splitlines(keepends=True))
    assert read(io.StringIO(text)) == LF
    assert read(io.StringIO("\ufeff\ufeff" + RECORDS)) == LF


# --- line ends: every entry point reads CR LF and lone CR as LF -------------------------

ENDINGS = pytest.mark.parametrize("end", ["\r\n", "\r"], ids=["crlf", "cr"])


@ENDINGS
def test_line_ends_through_strings_and_streams(end: str) -> None:
    text = RECORDS.replace("\n", end)
    assert read(io.StringIO(text)) == LF
    assert read(text) == LF
    assert read(io.BytesIO(text.encode("utf-8"))) == LF
    assert read(io.StringIO(text, newline="")) == LF
    assert PPN.parse_game(text).headers["Event"] == "One"
    assert PPN.parse_game(text.encode("utf-8")).headers["Event"] == "One"


@ENDINGS
def test_line_ends_through_files(end: str, tmp_path: Path) -> None:
    path = tmp_path / "records.ppn"
    path.write_bytes(RECORDS.replace("\n", end).encode("utf-8"))
    with PPN.open(path) as stream:
        assert read(stream) == LF
    with open(path, encoding="utf-8") as text_stream:            # universal newlines
        assert read(text_stream) == LF
    with open(path, encoding="utf-8", newline="") as raw_ends:    # line ends kept
        assert read(raw_ends) == LF
    with open(path, "rb") as binary:
        assert read(binary) == LF


def _cli(command: str, path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main([command, str(path)])
    captured = capsys.readouterr()
    return status, captured.out.replace(str(path), "FILE"), captured.err.replace(str(path), "FILE")


@ENDINGS
def test_line_ends_through_validate_and_replay(end: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    lf = tmp_path / "lf.ppn"
    lf.write_bytes(RECORDS.encode("utf-8"))
    other = tmp_path / "other.ppn"
    other.write_bytes(RECORDS.replace("\n", end).encode("utf-8"))
    status, out, err = _cli("validate", lf, capsys)
    assert status == 1 and out.startswith("FILE:27:20: move 3: illegal move b3>1: PP-G2")
    assert err == "FILE: 3 games, 1 problem\n"
    assert _cli("validate", other, capsys) == (status, out, err)
    status, out, err = _cli("replay", lf, capsys)
    # Seed 7: a6 holds 2, a3 4 and b3 1 (tests/plugins/ppn/test_cli.py), so after the opening
    # Red has 2 + 1 and Blue 4 (PP-E3).
    assert status == 1 and out.splitlines() == [
        "FILE: game 1: r (red) vs b (blue): *, scores red 3 blue 4, 3 plies, not over",
        "FILE: game 2: r (red) vs b (blue): not replayed (1 problem)",
        "FILE: game 3: r (red) vs b (blue): *, scores red 3 blue 4, 3 plies, not over"]
    assert err.startswith("FILE:27:20: move 3: illegal move b3>1: PP-G2")
    assert _cli("replay", other, capsys) == (status, out, err)


def test_a_cr_and_its_lf_in_two_reads_are_one_line_end() -> None:
    class Pieces:
        """A stream whose reads end between the CR and the LF of each line end."""

        def __init__(self, text: str) -> None:
            self._pieces = iter(text.replace("\r\n", "\r\0\n").split("\0"))

        def readline(self) -> str:
            return next(self._pieces, "")

    assert read(Pieces(RECORDS.replace("\n", "\r\n"))) == LF


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 64])
def test_reads_of_any_size_split_nothing(chunk: int) -> None:
    # CR LF pairs and the two bytes of 'é' (C3 A9) cut between reads of ``chunk`` bytes.
    text = RECORDS.replace("1. a6>1 2. a3>1 3. b3>2", "1. a6>1 { café } 2. a3>1 3. b3>2", 1)
    expected = read(io.StringIO(text))
    assert expected[0][2] == [] and PPN.parse_game(text).next().comment == "café"  # type: ignore[union-attr]
    data = text.replace("\n", "\r\n").encode("utf-8")
    lines = Lines(io.BytesIO(data), chunk=chunk)
    assert read(lines) == expected
    assert Lines(io.BytesIO(data), chunk=chunk).readline() == '[Event "One"]\n'


# --- binary streams ---------------------------------------------------------------------

def test_a_binary_stream_is_decoded_as_utf8() -> None:
    assert read(io.BytesIO(RECORDS.encode("utf-8"))) == LF
    first = PPN.read_game(io.BytesIO(("\ufeff" + game("Ünïcode")).encode("utf-8")))
    assert first is not None and first.headers["Event"] == "Ünïcode" and first.errors == []


def test_bad_bytes_in_a_binary_stream_are_ppn_errors_at_their_line_and_column() -> None:
    # "1. a6>1 { caf" is 13 characters: the Latin-1 byte E9 is column 14 of line 13.
    data = game("Bad", "1. a6>1 { caf\xe9 } *").encode("latin-1")
    games = list(PPN.iter_games(io.BytesIO(data), strict=False))
    assert [(e.line, e.column, e.message) for e in games[0].errors] == [(13, 14, "byte 0xE9 is not valid UTF-8")]
    with pytest.raises(PPNParseError) as info:
        PPN.read_game(io.BytesIO(data))
    assert (info.value.line, info.value.column) == (13, 14)
    # A byte sequence cut off by the end of the stream (the first byte of 'é' alone).
    cut = (game("Cut", "1. a6>1 *") + "{").encode("utf-8") + b"\xc3"
    games = list(PPN.iter_games(io.BytesIO(cut), strict=False))
    assert [(e.line, e.column, e.message) for e in games[1].errors][0] == (15, 2, "byte 0xC3 is not valid UTF-8")
    # A bad byte on the first line of a game is that game's error too.
    first_line = game("caf\xe9").encode("latin-1")
    games = list(PPN.iter_games(io.BytesIO(first_line), strict=False))
    assert [(e.line, e.column, e.message) for e in games[0].errors] == [(1, 12, "byte 0xE9 is not valid UTF-8")]
    assert games[0].headers["Event"] == "caf\ufffd"


def test_a_text_stream_that_cannot_decode_its_bytes_gives_a_ppn_error() -> None:
    data = (game("Good") + game("Bad", "1. a6>1 { caf\xe9 } *")).encode("latin-1")
    stream = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    with pytest.raises(PPNParseError) as info:
        PPN.read_game(stream)
    assert "byte 0xE9 is not valid utf-8" in info.value.message
    assert "PPN.open(path)" in info.value.message and info.value.line >= 1
    # Lenient: the error ends reading, as the last error of the game being read (the
    # stream decodes 8 KiB at a time, so here it fails before the first line).
    games = list(PPN.iter_games(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"), strict=False))
    assert len(games) == 1 and [e.message for e in games[0].errors] == [info.value.message]
    # Past the first read, the game being read carries it and nothing else follows.
    big = (game("Good") * 200 + game("Bad", "1. a6>1 { caf\xe9 } *")).encode("latin-1")
    games = list(PPN.iter_games(io.TextIOWrapper(io.BytesIO(big), encoding="utf-8"), strict=False))
    assert all(g.errors == [] for g in games[:-1]) and len(games) < 201
    assert [e.message for e in games[-1].errors] == [info.value.message]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_a_utf16_file_is_one_clear_error(encoding: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "wide.ppn"
    data = RECORDS.encode(encoding)
    path.write_bytes(data if data[:2] in (b"\xff\xfe", b"\xfe\xff") else b"\xfe\xff" + data)
    mark = "FF FE" if path.read_bytes()[:2] == b"\xff\xfe" else "FE FF"
    message = (f"the input is UTF-16 (it starts with the byte-order mark {mark}); "
               "PPN is UTF-8: convert it first (iconv -f UTF-16 -t UTF-8)")
    with PPN.open(path) as stream, pytest.raises(PPNParseError) as info:
        PPN.read_game(stream)
    assert (info.value.line, info.value.column, info.value.message) == (1, 1, message)
    # Lenient: one game that holds only that error; the CLI says it in one line.
    with PPN.open(path) as stream:
        assert read(stream) == [(dict(PPN.Headers()), [], [(1, 1, message)])]
    assert _cli("validate", path, capsys) == (1, f"FILE:1:1: {message}\n", "FILE: 1 game, 1 problem\n")
    status, out, err = _cli("replay", path, capsys)
    assert (status, err) == (1, f"FILE:1:1: {message}\n")


def test_something_that_is_no_stream_is_a_clear_type_error() -> None:
    with pytest.raises(TypeError, match="PPN input must be a text or binary stream .* not int"):
        PPN.read_game(42)  # type: ignore[arg-type]

    class Odd:
        def readline(self) -> int:
            return 1

    with pytest.raises(TypeError, match=r"readline\(\) returned int, not str or bytes"):
        PPN.read_game(Odd())  # type: ignore[arg-type]


# --- writing: what the reader would split is refused -------------------------------------

@pytest.mark.parametrize("comment", ["a\rb", "a\r\nb", "a\n\ufeffb"])
def test_the_writer_refuses_comments_the_reader_would_read_otherwise(comment: str) -> None:
    with pytest.raises(ValueError, match="comment"):
        check_comment(comment)
    check_comment("a\nb")


# --- property: layout never changes the games ---------------------------------------------

EXPORTED = [PPN.export(PPN.game_from_state(random_game(seed), headers_for(seed))) for seed in range(1, 9)]


@st.composite
def relaid(draw: st.DrawFn) -> tuple[str, str]:
    """(clean text, the same games with random line ends, BOMs and blank lines in tags)."""
    texts = draw(st.lists(st.sampled_from(EXPORTED), min_size=1, max_size=3))
    out: list[str] = []
    for text in texts:
        if draw(st.booleans()):
            out.append("\ufeff")
        lines = text.split("\n")[:-1]
        tags = sum(1 for line in lines if line.startswith("["))
        for i, line in enumerate(lines):
            if i < tags and i and draw(st.integers(0, 3)) == 0:
                out.append(draw(st.sampled_from(["", " ", "% note"])) + draw(st.sampled_from(["\n", "\r\n", "\r"])))
            out.append(line + draw(st.sampled_from(["\n", "\r\n", "\r"])))
    return "".join(texts), "".join(out)


@settings(max_examples=60, deadline=timedelta(seconds=10), suppress_health_check=[HealthCheck.too_slow])
@given(relaid())
def test_layout_does_not_change_the_games(case: tuple[str, str]) -> None:
    clean, text = case
    expected = list(PPN.iter_games(io.StringIO(clean)))
    assert all(g.errors == [] for g in expected)
    for source in (io.StringIO(text), io.BytesIO(text.encode("utf-8"))):
        games = list(PPN.iter_games(source))            # strict: no error at all
        assert [PPN.export(g) for g in games] == [PPN.export(g) for g in expected]


# --- the match writes game by game ------------------------------------------------------

def _results() -> list[GameResult]:
    """Three match games: seeds 3 and 4 played to the end with the first legal move,
    and seed 5 stopped after 4 plies by a forfeit."""
    results = []
    for index, seed in enumerate((3, 4, 5)):
        placements = pickpack_game.placements_from_seed(seed)
        state = pickpack.new_game(seed=seed, placements=placements, first="red")
        limit = 4 if seed == 5 else 10_000
        while not state.is_terminal() and state.ply < limit:
            state.apply(state.legal_moves()[0])
        over = state.is_terminal()
        results.append(GameResult(
            index=index, game="pickpack", seed=seed, players=("red", "blue"), seats=("first", "also first"),
            bot_seats=(0, 1), returns=tuple(state.returns()) if over else (-1.0, 1.0),
            scores=state.scores(), plies=state.ply, moves=[m.text for m in state.history()],
            options={"placements": placements, "first": "red"}, forfeit=None if over else "timed out",
            forfeited_by=None if over else "red"))
    return results


def test_writing_games_one_call_at_a_time_gives_the_same_file() -> None:
    results = _results()
    whole = io.StringIO()
    assert PPN.games_to_ppn(results, whole, date="2026.12.01") == 3
    pieces = io.StringIO()
    for result in results:
        assert PPN.games_to_ppn([result], pieces, date="2026.12.01") == 1
    assert pieces.getvalue() == whole.getvalue()
    # Each game ends with a blank line, so the file is a concatenation of game texts
    # and reads back as the three games, in order, with their results.
    assert whole.getvalue().count("\n\n[Event ") == 2 and whole.getvalue().endswith(" 0-1\n\n")
    games = list(PPN.iter_games(io.StringIO(pieces.getvalue())))
    assert [g.headers["Round"] for g in games] == ["1", "2", "3"]
    assert games[2].headers["Termination"] == "forfeit by red: timed out"
    assert games[2].headers["Result"] == "0-1" and len(games[2].mainline_moves()) == 4
