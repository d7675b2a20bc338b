"""Reading PPN as files come: BOM, CRLF, % escape lines, escaped quotes, unknown and
missing tags, lenient and strict mode, one game at a time from a stream.

The game used is seed 7 with placements PPWWRRQQXXMM / MMXXQQRRWWPP (tests/plugins/ppn/test_errors.py
gives its legal opening 1. a6>1 2. a3>1 3. b3>2).
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

import pickpack
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.notation import PPN
from pickpack_ppn.reader import Reader

SETUP = '[Seed "7"]\n[RedPlacement "PPWWRRQQXXMM"]\n[BluePlacement "MMXXQQRRWWPP"]\n'
CANONICAL = (
    '[Event "Club"]\n[Site "?"]\n[Date "2026.11.29"]\n[Round "1"]\n[Red "r"]\n[Blue "b"]\n[Result "*"]\n'
    + SETUP + '[First "red"]\n\n1. a6>1 2. a3>1 3. b3>2 *\n\n')


def moves(game: object) -> list[str]:
    return [m.text for m in game.mainline_moves()]  # type: ignore[attr-defined]


def test_canonical_text_reads_and_writes_back() -> None:
    game = PPN.parse_game(CANONICAL)
    assert moves(game) == ["a6>1", "a3>1", "b3>2"]
    assert PPN.export(game) == CANONICAL


def test_bom_crlf_and_escape_lines() -> None:
    # A BOM, CRLF line ends and '%' lines (between tags, in the movetext, inside a
    # comment) are all ignored; line numbers count the '%' lines.
    text = ("\ufeff% exported by hand\n" + CANONICAL.replace("\n\n1. a6>1 2. a3>1",
            "\n% a note\n\n1. a6>1 { x\n% not part of the comment\ny } 2. a3>1")).replace("\n", "\r\n")
    game = PPN.parse_game(text)
    assert moves(game) == ["a6>1", "a3>1", "b3>2"]
    assert game.next().comment == "x\ny"  # type: ignore[union-attr]
    # With CRLF and a BOM an error's place is still exact: line 1 is the first '%' line,
    # the tags are lines 2-12, '% a note' 13, blank 14, "1. a6>1 { x" 15, the '%' line
    # inside the comment 16, and "y } 2. a3>1 3. b3>1 *" is line 17 with b3>1 at column 16.
    bad = text.replace("3. b3>2", "3. b3>1")
    with pytest.raises(PPNParseError) as info:
        PPN.parse_game(bad)
    assert (info.value.line, info.value.column, info.value.rule) == (17, 16, "PP-G2")


def test_bom_does_not_shift_columns_of_line_one() -> None:
    with pytest.raises(PPNParseError) as info:
        PPN.parse_game('\ufeff[Event x"]\n' + SETUP + "\n*\n")
    assert (info.value.line, info.value.column) == (1, 8)


def test_escaped_quotes_and_backslashes_in_tag_values() -> None:
    text = CANONICAL.replace('[Event "Club"]', r'[Event "say \"hi\" \\ bye"]')
    game = PPN.parse_game(text)
    assert game.headers["Event"] == 'say "hi" \\ bye'
    assert PPN.export(game) == text


def test_unknown_tags_are_kept_in_order() -> None:
    text = CANONICAL.replace('[First "red"]\n', '[First "red"]\n[Annotator "me"]\n[Custom_1 "x y"]\n')
    game = PPN.parse_game(text)
    assert list(game.headers)[-2:] == ["Annotator", "Custom_1"]
    assert PPN.export(game) == text


def test_missing_optional_tags_take_their_defaults() -> None:
    # Only the set-up tags: the roster gets "?" values, First is Red (PP-S4), and the
    # Result tag takes the result token.
    game = PPN.parse_game(SETUP + "\n1. a6>1 0-1\n")
    h = game.headers
    assert (h["Event"], h["Site"], h["Date"], h["Round"], h["Red"], h["Blue"]) == (
        "?", "?", "????.??.??", "?", "?", "?")
    assert h["Result"] == "0-1" and "First" not in h
    assert game.state().first_player == "red"


def test_import_format_is_read_move_numbers_optional_and_comments() -> None:
    # No move numbers, "1...", ';' comments, suffix annotations and $NAGs; the export
    # is canonical.
    game = PPN.parse_game(SETUP + "\na6>1 ! 2...a3>1 $14 ; Blue answers\n3.b3>2 ?! *\n")
    assert moves(game) == ["a6>1", "a3>1", "b3>2"]
    nodes = list(game.mainline())
    assert [sorted(n.nags) for n in nodes] == [[1], [14], [6]]
    assert nodes[1].comment == " Blue answers"
    assert PPN.export(game).split("\n\n")[1] == "1. a6>1 $1 2. a3>1 $14 {  Blue answers } 3. b3>2 $6 *"


def test_variations_are_replayed_from_the_position_they_branch_from() -> None:
    # ( 1. b6>1 ) replaces Red's first move; ( 2. a1>1 ) replaces Blue's answer; the
    # nested ( 2. b1>1 ) replaces the side line's second move.
    game = PPN.parse_game(SETUP + "\n1. a6>1 ( 1. b6>1 2. b1>1 ( 2. b2>1 ) ) 2. a3>1 ( 2. a1>1 ) *\n")
    first = game.variations
    assert [str(n.move) for n in first] == ["a6>1", "b6>1"]
    assert [str(n.move) for n in first[1].variations] == ["b1>1", "b2>1"]
    assert [str(n.move) for n in first[0].variations] == ["a3>1", "a1>1"]
    side_end = first[1].variations[1]
    state = side_end.state()
    assert state.snapshot()["grabber"] == "b2" and state.current_player == "red"


def test_lenient_mode_keeps_the_good_games_around_a_bad_one() -> None:
    good = CANONICAL
    bad = CANONICAL.replace("3. b3>2 *", "3. b3>1")        # illegal (PP-G2) and no result
    text = good + bad + good
    games = list(PPN.iter_games(io.StringIO(text), strict=False))
    assert len(games) == 3
    assert games[0].errors == [] and moves(games[0]) == ["a6>1", "a3>1", "b3>2"]
    assert games[2].errors == [] and moves(games[2]) == ["a6>1", "a3>1", "b3>2"]
    # A game is 14 lines (11 tags, blank, movetext, blank): game 2 starts on line 15 and
    # its movetext is line 27 (b3>1 at column 20, the missing result after it at 24); it
    # keeps its two legal moves.
    assert [(e.line, e.column, e.rule) for e in games[1].errors] == [(27, 20, "PP-G2"), (27, 24, None)]
    assert moves(games[1]) == ["a6>1", "a3>1"]


def test_strict_mode_raises_and_the_next_read_goes_on_with_the_next_game() -> None:
    text = CANONICAL + CANONICAL.replace("3. b3>2", "3. b3>1") + CANONICAL.replace('"Club"', '"Last"')
    stream = io.StringIO(text)
    assert moves(PPN.read_game(stream)) == ["a6>1", "a3>1", "b3>2"]
    with pytest.raises(PPNParseError) as info:
        PPN.read_game(stream)
    assert (info.value.line, info.value.column) == (27, 20)     # line numbers run on (14 a game)
    last = PPN.read_game(stream)
    assert last is not None and last.headers["Event"] == "Last"
    assert PPN.read_game(stream) is None


def test_a_missing_result_does_not_lose_the_next_games_first_line() -> None:
    # The '[' line that ends game 1 is read ahead and belongs to game 2.
    text = CANONICAL.replace("3. b3>2 *", "3. b3>2") + CANONICAL.replace('"Club"', '"Second"')
    stream = io.StringIO(text)
    first = PPN.read_game(stream, strict=False)
    second = PPN.read_game(stream, strict=False)
    assert first is not None and [e.message for e in first.errors] == [
        "missing result token (1-0, 0-1, 1/2-1/2 or *) at the end of the game"]
    assert second is not None and second.errors == [] and second.headers["Event"] == "Second"


class EndlessGames:
    """A stream of the same game forever that counts the lines handed out."""

    def __init__(self) -> None:
        self.lines_read = 0
        self._lines: Iterator[str] = self._generate()

    def _generate(self) -> Iterator[str]:
        while True:
            yield from CANONICAL.splitlines(keepends=True)

    def readline(self) -> str:
        self.lines_read += 1
        return next(self._lines)


def test_games_are_read_one_at_a_time() -> None:
    stream = EndlessGames()
    reader = Reader(stream)
    games = [next(reader) for _ in range(3)]
    assert all(moves(g) == ["a6>1", "a3>1", "b3>2"] for g in games)
    # A game is 14 lines (11 tags, blank, movetext, blank). The reader stops at each
    # result token, so it has taken the 3 * 14 - 1 lines up to the third result (the
    # blank after each of the first two is skipped when the next game is looked for).
    assert stream.lines_read == 3 * 14 - 1


def test_empty_and_blank_streams_have_no_game() -> None:
    assert PPN.read_game(io.StringIO("")) is None
    assert PPN.read_game(io.StringIO("\n  \n% only a note\n\n")) is None
    with pytest.raises(PPNParseError, match="no game in the text"):
        PPN.parse_game("\n\n")


def test_game_from_state_needs_headers_that_agree_with_the_state() -> None:
    state = pickpack.new_game(seed=7, placements={"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    assert PPN.game_from_state(state, {"Seed": "7"}).headers["Seed"] == "7"
    with pytest.raises(ValueError, match="Seed 8 does not deal this game's trays"):
        PPN.game_from_state(state, {"Seed": "8"})
    with pytest.raises(ValueError, match="tag First 'blue' contradicts the state"):
        PPN.game_from_state(state, {"First": "blue"})
    while not state.is_terminal():
        state.apply(state.legal_moves()[0])
    outcome = {"red": "1-0", "blue": "0-1", "draw": "1/2-1/2"}[state.winner()]
    wrong = "1-0" if outcome != "1-0" else "0-1"
    with pytest.raises(ValueError, match=f"Result {wrong} contradicts the final position"):
        PPN.game_from_state(state, {"Result": wrong})
    assert PPN.game_from_state(state).headers["Result"] == outcome


def test_a_comment_that_ppn_cannot_hold_is_refused_when_writing() -> None:
    game = PPN.parse_game(CANONICAL)
    game.comment = "a } b"
    with pytest.raises(ValueError, match="cannot contain '}'"):
        PPN.export(game)
    game.comment = "first line\n% an escape"
    with pytest.raises(ValueError, match="cannot start with '%'"):
        PPN.export(game)
    game.comment = "first line\n[%clk 0:04:59]"       # text inside a comment: written and read back
    assert PPN.parse_game(PPN.export(game)).comment == "first line\n[%clk 0:04:59]"
