"""Hand-written PPN files with every kind of error: exact line, column, message, rule.

The game is seed 7 with placements PPWWRRQQXXMM / MMXXQQRRWWPP; the grabber starts on
d6 (the 6-apple tray, PP-S2) and Red moves first along row 6 (PP-S4, PP-M1). Legal
opening worked out with the engine's move list: 1. a6>1 (Red grabs a6 into crate 1),
2. a3>1 (Blue, along column a), 3. b3>2 (Red, along row 3; crate 1 now holds a tray,
so only crates 2-4 have the fewest, PP-G2).

Columns are 1-based: in "1. a6>1 2. a3>1 3. b3>1 *" the third move starts at column 20.
"""

from __future__ import annotations

import io

import pytest

import pickpack
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.notation import PPN
from pickpack_ppn.tree import Game

TAGS = [
    '[Event "Errors"]',              # line 1
    '[Site "?"]',
    '[Date "2026.11.29"]',
    '[Round "1"]',
    '[Red "r"]',                     # line 5
    '[Blue "b"]',
    '[Result "*"]',                  # line 7
    '[Seed "7"]',                    # line 8
    '[RedPlacement "PPWWRRQQXXMM"]',  # line 9
    '[BluePlacement "MMXXQQRRWWPP"]',  # line 10
    '[First "red"]',                 # line 11
]
# Line 12 is blank, the movetext starts on line 13.


def game_text(movetext: str, tags: list[str] | None = None) -> str:
    return "\n".join([*(TAGS if tags is None else tags), "", movetext]) + "\n"


def errors_of(text: str) -> list[tuple[int, int, str, str | None]]:
    game = PPN.read_game(io.StringIO(text), strict=False)
    assert isinstance(game, Game)
    return [(e.line, e.column, e.message, e.rule) for e in game.errors]


def test_the_opening_used_below_is_legal() -> None:
    assert errors_of(game_text("1. a6>1 2. a3>1 3. b3>2 *")) == []


@pytest.mark.parametrize("movetext, expected", [
    # Illegal moves: the ply, the move, the rule id from pickpack.IllegalMoveError.rule.
    ("1. a6>1 2. a3>1 3. b3>1 *",
     (13, 20, "move 3: illegal move b3>1: PP-G2: a grabbed tray goes to an open crate with the "
              "fewest trays", "PP-G2")),
    ("1. a6>1 2. a3>1 3. a5>2 *",
     (13, 20, "move 3: illegal move a5>2: PP-M1: the grabber moves only along its row for Red and "
              "along its column for Blue", "PP-M1")),
    ("1. a6>1 2. a3>1 3. a3>2 *",
     (13, 20, "move 3: illegal move a3>2: PP-M1: the grabber must move to a different square", "PP-M1")),
    ("1. a6>1 2. a3>1 3. b3/aT *",
     (13, 20, "move 3: illegal move b3/aT: PP-M2: aT is not at an end of the destination's column",
      "PP-M2")),
    ("1. a6>1 2. a3>1 3. b3/1L *",
     (13, 20, "move 3: illegal move b3/1L: PP-C5: 1L is not the mover's action space", "PP-C5")),
    ("1. aT=P *", (13, 4, "move 1: illegal move aT=P: PP-S3: placement is over", "PP-S3")),
    # Malformed move text: the column of the offending character ('9' is column 7).
    ("1. a6>9 *", (13, 7, "move 1: malformed move 'a6>9': expected a crate number 1..4", None)),
    ("1. z6>1 *", (13, 4, "move 1: malformed move 'z6>1': expected a destination square (a1..f6)", None)),
    ("1. a6>1x *", (13, 8, "move 1: malformed move 'a6>1x': unexpected text after the move", None)),
    # Move numbers.
    ("1. a6>1 3. a3>1 *", (13, 9, "move number 3. is out of sequence: this is ply 2", None)),
    ("1. a6>1 2. *", (13, 9, "move number 2. is not followed by a move", None)),
    # Structure.
    ("1. a6>1 ) *", (13, 9, "unmatched ')'", None)),
    ("1. a6>1 ( 1. b6>1 *", (13, 9, "variation not closed: no ')' for this '('", None)),
    ("1. a6>1 ( ) *", (13, 9, "empty variation: '(' must be followed by a move", None)),
    ("( 1. a6>1 ) *", (13, 1, "a variation '(' must follow the move it is an alternative to", None)),
    ("$1 1. a6>1 *", (13, 1, "annotation $1 does not follow a move", None)),
    ("1. a6>1 $256 *", (13, 9, "annotation $256: NAGs are $0..$255", None)),
    ("1. a6>1 & *", (13, 9, "unexpected character '&'", None)),
    ("1. a6>1 * 2. a3>1", (13, 11, "unexpected text after the result token (the game ends there)", None)),
    ("1. a6>1 { never closed", (13, 9, "comment not closed: no '}' before the end of the file", None)),
    ("1. a6>1 ; a } b\n*", (13, 13, "'}' cannot be part of a comment (PPN writes comments in braces, "
                                     "without escapes); it is left out", None)),
    ("1. a6>1 2. a3>1", (13, 16, "missing result token (1-0, 0-1, 1/2-1/2 or *) at the end of the game",
                         None)),
    ("1. a6>1 1-0", (13, 9, 'result 1-0 differs from the Result tag "*" (line 7)', None)),
])
def test_movetext_errors(movetext: str, expected: tuple[int, int, str, str | None]) -> None:
    assert errors_of(game_text(movetext)) == [expected]


def test_strict_mode_raises_the_same_error() -> None:
    with pytest.raises(PPNParseError) as info:
        PPN.read_game(io.StringIO(game_text("1. a6>1 2. a3>1 3. b3>1 *")))
    err = info.value
    assert (err.line, err.column, err.rule) == (13, 20, "PP-G2")
    assert str(err).startswith("line 13, column 20: move 3: illegal move b3>1: PP-G2:")
    assert isinstance(err, ValueError)


def test_moves_after_an_illegal_one_are_checked_for_syntax_only() -> None:
    # Ply 3 is illegal; "9. xx" would be two more errors if it were replayed, but only
    # the '&' (a syntax error) is reported after it. The game keeps plies 1 and 2.
    text = game_text("1. a6>1 2. a3>1 3. b3>1 4. b1>2 9. a1>1 & *")
    game = PPN.read_game(io.StringIO(text), strict=False)
    assert game is not None
    assert [(e.line, e.column) for e in game.errors] == [(13, 20), (13, 41)]
    assert [m.text for m in game.mainline_moves()] == ["a6>1", "a3>1"]


def _finished_game() -> tuple[str, str, dict[str, int]]:
    """A finished position (seed 7 played greedily by the first legal move) and its outcome."""
    state = pickpack.new_game(seed=7, placements={"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    while not state.is_terminal():
        state.apply(state.legal_moves()[0])
    outcome = {"red": "1-0", "blue": "0-1", "draw": "1/2-1/2"}[state.winner()]
    return state.to_position(), outcome, state.scores()


def test_a_move_after_the_end_and_a_result_that_contradicts_the_end() -> None:
    position, outcome, scores = _finished_game()
    tags = ['[Event "Over"]', '[SetUp "1"]', f'[Position "{position}"]']
    # Line 4 blank, movetext on line 5.
    assert errors_of(game_text(f"1. a1>1 {outcome}", tags)) == [
        (5, 4, "move 1: illegal move a1>1: PP-E1/PP-E2: the game is over", "PP-E1/PP-E2")]
    wrong = "1/2-1/2" if outcome != "1/2-1/2" else "1-0"
    assert errors_of(game_text(wrong, tags)) == [
        (5, 1, f"result {wrong} contradicts the final position: the game is over and ends {outcome} "
               f"(red {scores['red']}, blue {scores['blue']}; PP-E4)", "PP-E4")]


def _with(line: int, tag: str) -> list[str]:
    tags = list(TAGS)
    tags[line - 1] = tag
    return tags


START_7 = "233654/321515/322211/412314/431211/445312 d6 r r ............/............ -,-,-,-/-,-,-,- 0/0"


@pytest.mark.parametrize("tags, expected", [
    # Tag pair syntax (the tag is dropped, the game goes on).
    (_with(1, '[Event "x"'), (1, 11, "expected ']' to close the tag pair, got the end of the line")),
    (_with(1, '[Event "x]'), (1, 8, "tag value not closed: no '\"' before the end of the line")),
    (_with(1, "[Event x\"]"), (1, 8, "expected the tag value in double quotes, got 'x'")),
    (_with(1, '[1Event "x"]'), (1, 2, "expected a tag name (a letter, then letters, digits or '_') after '['")),
    (_with(1, '[Event "x"] [Site "y"]'), (1, 13, "unexpected text after the tag pair (one tag pair per line)")),
    (_with(1, '[Event "a\\qb"]'), (1, 10, "unknown escape '\\q' in a tag value (only \\\" and \\\\)")),
    (_with(2, '[Event "again"]'), (2, 2, "duplicate tag Event (first given on line 1); the first is kept")),
    # Set-up tags: the column of the offending character of the value.
    (_with(8, '[Seed "x7"]'), (8, 8, "tag Seed: must be a decimal integer 0..2**64-1 (PP-S1), got 'x7'")),
    (_with(8, '[Seed "18446744073709551616"]'),
     (8, 8, "tag Seed: must be a decimal integer 0..2**64-1 (PP-S1), got '18446744073709551616'")),
    (_with(8, '[Deal "445312431211412314322211321515233657"]'),
     (8, 43, "tag Deal: expected the apples of each square a1..f6 as a digit 1-6, got '7' for square f6")),
    (_with(8, '[Deal "44531243121141231432221132151523365"]'),
     (8, 43, "tag Deal: must give 36 squares a1..f6, got 35")),
    # f6's 4 written as a 5: five 4s (the first count that is off, checking 1s to 6s).
    (_with(8, '[Deal "445312431211412314322211321515233655"]'),
     (8, 8, "tag Deal: must hold ten 1s, eight 2s, seven 3s, six 4s, four 5s and one 6 (PP-C2); "
            "it has 5 of 4")),
    (_with(9, '[RedPlacement "PPWWRRQQXXMZ"]'),
     (9, 27, "tag RedPlacement: expected a kind P W R Q X M per space, got 'Z'")),
    (_with(9, '[RedPlacement "PPPWRRQQXXMM"]'),
     (9, 16, "tag RedPlacement: must hold two of each kind P W R Q X M (PP-C3); it has 3 of P")),
    (_with(9, '[RedPlacement "PPWWRRQQXXM"]'),
     (9, 27, "tag RedPlacement: must give 12 kinds, one per space, got 11")),
    (_with(10, '[Annotator "me"]'),
     (9, 16, "tag RedPlacement: needs BluePlacement too (both placements, or neither: PP-S3)")),
    (_with(11, '[First "green"]'), (11, 9, "tag First: must be \"red\" or \"blue\" (PP-S4), got 'green'")),
    (_with(11, '[Variant "strict-targets"]'),
     (11, 11, "tag Variant: unknown variant 'strict-targets'; this engine plays: standard")),
    (_with(11, '[SetUp "1"]'), (11, 9, 'tag SetUp: is "1" but there is no Position tag')),
    (_with(11, f'[Position "{START_7}"]'),
     (8, 8, "tag Seed: cannot be given with a Position tag (the position string sets up the whole game)")),
    (['[Event "No set-up"]'], (1, 1, "no Seed, Deal or Position tag: the game cannot be set up")),
    # The value starts at column 12 ('[Position "' is 11 characters): its column 3 is 14.
    (['[SetUp "1"]', f'[Position "{START_7.replace("233654", "23x654")}"]'],
     (2, 14, "tag Position: position string, grid field, column 3: square c6: expected . (empty), "
             "1-6 (face-up tray) or A-F (face-down tray), got 'x'")),
])
def test_tag_errors(tags: list[str], expected: tuple[int, int, str]) -> None:
    assert [e[:3] for e in errors_of(game_text("*", tags))] == [expected]


def test_a_deal_that_contradicts_its_seed() -> None:
    # Seed 7 deals c1 = 5, d1 = 3; swapping them gives the PP-C2 multiset all the same.
    tags = _with(9, '[Deal "443512431211412314322211321515233654"]')
    tags[9] = '[BluePlacement "MMXXQQRRWWPP"]'
    tags.insert(9, '[RedPlacement "PPWWRRQQXXMM"]')
    assert [e[:3] for e in errors_of(game_text("*", tags))] == [
        (9, 10, "tag Deal: differs from the deal of Seed 7 at square c1")]


def test_a_result_tag_that_is_no_result() -> None:
    assert [e[:3] for e in errors_of(game_text("*", _with(7, '[Result "2-0"]')))] == [
        (7, 10, "tag Result: must be 1-0, 0-1, 1/2-1/2 or *, got '2-0'")]


def test_a_comment_not_closed_before_the_next_game_costs_only_its_game() -> None:
    text = game_text("1. a6>1 { oops") + game_text("1. a6>1 *")
    games = list(PPN.iter_games(io.StringIO(text), strict=False))
    assert len(games) == 2
    assert [(e.line, e.column, e.message) for e in games[0].errors] == [
        (13, 9, "comment not closed: no '}' before the next game")]
    assert games[1].errors == [] and [m.text for m in games[1].mainline_moves()] == ["a6>1"]


def test_bad_utf8_bytes_are_reported_where_they_are(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "bad.ppn"
    path.write_bytes(game_text("1. a6>1 { caf\xe9 } *").encode("latin-1"))
    with PPN.open(path) as stream:
        game = PPN.read_game(stream, strict=False)
    assert game is not None
    # "1. a6>1 { caf" is 13 characters: the byte 0xE9 is column 14.
    assert [(e.line, e.column, e.message) for e in game.errors] == [(13, 14, "byte 0xE9 is not valid UTF-8")]
    assert game.next() is not None and game.next().comment == "caf\ufffd"  # type: ignore[union-attr]


# --- tag values with a form (docs/ppn.md, "Tag values") ----------------------------------
# Line 3 is the Date tag: '[Date "' is 7 characters, so the value starts at column 8.

@pytest.mark.parametrize("tag, expected", [
    ('[Date "2026.13.45"]', (3, 13, "tag Date: month 13 is not 01..12")),
    ('[Date "2026.00.01"]', (3, 13, "tag Date: month 00 is not 01..12")),
    ('[Date "2026.04.31"]', (3, 16, "tag Date: day 31 is not 01..30 (April has 30 days)")),
    ('[Date "2026.02.29"]', (3, 16, "tag Date: day 29 is not 01..28 (February 2026 has 28 days)")),
    ('[Date "2026.??.32"]', (3, 16, "tag Date: day 32 is not 01..31 (a month has 31 days)")),
    ('[Date "2026-11-29"]', (3, 12, "tag Date: must be YYYY.MM.DD with ? for unknown digits (2026.11.29, "
                                    "2026.??.??), got '2026-11-29'")),
    ('[Date "29.11.2026"]', (3, 10, "tag Date: must be YYYY.MM.DD with ? for unknown digits (2026.11.29, "
                                    "2026.??.??), got '29.11.2026'")),
    ('[Date "2026.11"]', (3, 15, "tag Date: must be YYYY.MM.DD with ? for unknown digits (2026.11.29, "
                                 "2026.??.??), got '2026.11'")),
])
def test_a_date_tag_of_no_date_is_reported_at_its_character(tag: str, expected: tuple[int, int, str]) -> None:
    assert [e[:3] for e in errors_of(game_text("*", _with(3, tag)))] == [expected]


@pytest.mark.parametrize("date", ["2024.02.29", "2000.02.29", "????.??.??", "2026.??.??", "2026.12.??", "19??.??.??"])
def test_dates_with_unknown_digits_or_a_leap_day_are_dates(date: str) -> None:
    assert errors_of(game_text("*", _with(3, f'[Date "{date}"]'))) == []


@pytest.mark.parametrize("tag, expected", [
    ('[Round "first"]', (4, 9, "tag Round: must be ? (unknown), - (no rounds) or a round number such as 3 "
                               "or 3.1, got 'first'")),
    ('[Time "25:00:00"]', (4, 8, "tag Time: hour 25 is not 00..23")),
    ('[UTCTime "12:61:00"]', (4, 14, "tag UTCTime: minute 61 is not 00..59")),
    ('[EventDate "2026.13.01"]', (4, 18, "tag EventDate: month 13 is not 01..12")),
    ('[PlyCount "ten"]', (4, 12, "tag PlyCount: must be a number of plies (digits), got 'ten'")),
])
def test_other_tags_with_a_form_are_checked(tag: str, expected: tuple[int, int, str]) -> None:
    assert [e[:3] for e in errors_of(game_text("*", _with(4, tag)))] == [expected]


def test_a_malformed_tag_value_is_left_out_and_the_rest_of_the_game_read() -> None:
    game = PPN.read_game(io.StringIO(game_text("1. a6>1 *", _with(3, '[Date "2026.13.45"]'))), strict=False)
    assert game is not None and game.headers["Date"] == "????.??.??"       # the unknown value
    assert [m.text for m in game.mainline_moves()] == ["a6>1"]
    with pytest.raises(PPNParseError, match="line 3, column 13: tag Date: month 13"):
        PPN.read_game(io.StringIO(game_text("*", _with(3, '[Date "2026.13.45"]'))))


def test_the_writer_refuses_a_tag_value_the_reader_would_refuse() -> None:
    state = pickpack.new_game(seed=7, placements={"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    with pytest.raises(ValueError, match=r"^tag Date: month 13 is not 01\.\.12$"):
        PPN.game_from_state(state, {"Date": "2026.13.45"})
