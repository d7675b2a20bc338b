"""A line's run of numbered moves is read in one pass (pickpack_ppn.reader, issue 19
"Speed") with the same tokens, checks, errors and columns as the token loop that reads
everything else: a move number out of sequence, an illegal move inside the run, a
result or a comment right after it, numbers glued to their moves."""

from __future__ import annotations

import pytest

from pickpack_ppn.notation import PPN

SETUP = '[Seed "7"]\n[RedPlacement "PPWWRRQQXXMM"]\n[BluePlacement "MMXXQQRRWWPP"]\n\n'
RED_ROW = "PP-M1: the grabber moves only along its row for Red and along its column for Blue"


@pytest.mark.parametrize(("movetext", "moves", "errors"), [
    ("1. a6>1 2. a3>1 3. b3>2 *", ["a6>1", "a3>1", "b3>2"], []),
    ("1...a6>1 2.a3>1 {c} 3. b3>2 *", ["a6>1", "a3>1", "b3>2"], []),
    # "3" is the ninth character: the rest of the line of play is not replayed
    ("1. a6>1 3. a3>1 4. b3>2 *", ["a6>1"], [(9, "move number 3. is out of sequence: this is ply 2")]),
    # "f1>1" starts at the twentieth character
    ("1. a6>1 2. a3>1 3. f1>1 4. b3>2 *", ["a6>1", "a3>1"], [(20, f"move 3: illegal move f1>1: {RED_ROW}")]),
    ("1. a6>1 2. a3>1 1/2-1/2", ["a6>1", "a3>1"], []),
    ("1. a6>1 2. a3>1 1/-1", ["a6>1", "a3>1"],
     [(17, "result 1/-1 is not a result of this game: 1-0, 0-1, 1/2-1/2 or *")]),
])
def test_a_run_of_numbered_moves_reads_as_token_by_token(movetext: str, moves: list[str],
                                                         errors: list[tuple[int, str]]) -> None:
    game = PPN.parse_game(SETUP + movetext + "\n", strict=False)
    assert [m.text for m in game.mainline_moves()] == moves
    assert [(e.line, e.column, e.message) for e in game.errors] == [(5, c, m) for c, m in errors]


def test_a_run_goes_on_over_lines_and_after_a_side_line() -> None:
    game = PPN.parse_game(SETUP + "1. a6>1 2. a3>1\n3. b3>2 (3. c3>3) 4. b1>2 *\n", strict=False)
    assert game.errors == []
    third = game.next().next().next()  # type: ignore[union-attr]
    assert [n.move.text for n in game.mainline()] == ["a6>1", "a3>1", "b3>2", "b1>2"]  # type: ignore[union-attr]
    assert third is not None and third.parent is not None
    side = third.parent.variations[1]
    assert side.move is not None and side.move.text == "c3>3" and side.variations == []
