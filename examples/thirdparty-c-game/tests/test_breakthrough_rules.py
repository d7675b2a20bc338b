"""Breakthrough's rules (README, ids BT-*) with positions worked out by hand, and the
error contract of pickpack.errors for this game."""

from __future__ import annotations

import pickle

import pytest

import pickpack
from pickpack.errors import IllegalMoveError, MoveSyntaxError, NotAnActionError, PositionError, SnapshotError

from pickpack_breakthrough.state import BreakthroughState

#: black b4 (row 2, column 1) faces white b3 and c3; white a1.
DUEL = "....../....../.b..../.ww.../....../w..... b"


def action(row: int, col: int, direction: int, capture: int = 0) -> int:
    return ((row * 6 + col) * 6 + direction) * 2 + capture     # BT-A1


def test_the_start_has_twelve_pieces_a_side_and_black_moves_first() -> None:
    state = pickpack.new_game("breakthrough")
    assert state.to_position() == "bbbbbb/bbbbbb/....../....../wwwwww/wwwwww b"
    assert state.current_player == "black" and state.players == ("black", "white")
    assert [m.text for m in state.legal_moves()[:3]] == ["a5a4", "a5b4", "b5a4"]


def test_a_piece_moves_forward_and_captures_diagonally_only() -> None:
    state = BreakthroughState.from_position(DUEL)
    assert [m.text for m in state.legal_moves()] == ["b4a3", "b4c3*"]     # b3 blocks (BT-M3)
    assert state.check_action(action(2, 1, 1, 1)) == (
        "BT-M3", "a piece moves straight to an empty cell, or diagonally to an empty cell or onto an "
        "opponent's piece")
    assert state.check_action(action(2, 1, 2, 0)) == ("BT-M4", "a move is marked * exactly when it captures")
    assert state.check_action(action(2, 1, 4)) == ("BT-M2", "a black piece moves one row towards rank 1")
    assert state.check_action(action(0, 0, 1)) == ("BT-M1", "no black piece on a6")
    assert state.check_action(action(2, 0, 0)) == ("BT-M1", "no black piece on a4")
    assert state.check_action(432) == ("BT-A1", "actions are 0..431")


def test_capturing_the_last_piece_or_reaching_the_far_rank_wins() -> None:
    state = BreakthroughState.from_position("....../....../.b..../..w.../....../...... b")
    state.apply("b4c3*")                                               # BT-W2
    assert state.is_terminal() and state.returns() == [1.0, -1.0] and state.winners() == ("black",)
    assert state.check_action(0) == ("BT-W3", "the game is over")
    state = BreakthroughState.from_position("....../....../....../....../.b..../w..... w")
    state.apply("a1a2")
    state.apply("b2b1")                                                # BT-W1
    assert state.returns() == [1.0, -1.0] and state.to_position() == "....../....../....../....../w...../.b.... w"


def test_illegal_input_raises_the_documented_errors() -> None:
    state = BreakthroughState.from_position(DUEL)
    with pytest.raises(IllegalMoveError) as err:
        state.apply_action(action(2, 1, 1, 1))
    assert (err.value.rule, err.value.text) == ("BT-M3", "b4b3*")
    assert str(err.value).startswith("illegal move b4b3* (action 159): BT-M3: ")
    with pytest.raises(NotAnActionError):
        state.apply_action("159")                        # type: ignore[arg-type]
    with pytest.raises(MoveSyntaxError):
        state.parse_move("b4-b3")
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("b4b2")
    assert err.value.rule == "BT-M2"
    with pytest.raises(IllegalMoveError) as err:
        pickpack.new_game("breakthrough").action_text(0)              # a6 off the board's edge
    assert (err.value.rule, err.value.reason, err.value.text) == ("BT-M2", "the move leaves the board", "")
    assert state.to_position() == DUEL


def test_positions_and_snapshots_are_checked_by_the_rules() -> None:
    with pytest.raises(PositionError) as perr:
        BreakthroughState.from_position("b...../....../....../....../....../...... b")
    assert (perr.value.rule, perr.value.field) == ("BT-W3", "board")    # black won, yet to move
    with pytest.raises(PositionError):
        BreakthroughState.from_position("bbbbbb/bbbbbb x")
    with pytest.raises(PositionError) as perr:
        BreakthroughState.from_position("bbbbb/bbbbbbb/....../....../wwwwww/wwwwww b")
    assert (perr.value.rule, perr.value.reason) == ("BT-P1", "a board is 6 ranks of 6 cells '.', 'b' or 'w'")
    with pytest.raises(SnapshotError) as serr:
        BreakthroughState.from_snapshot({"game": "breakthrough", "board": ["bbbbbx"] * 6, "to_move": "black"})
    assert serr.value.rule == "BT-P1"
    state = BreakthroughState.from_position(DUEL)
    assert BreakthroughState.from_snapshot(state.snapshot()).zobrist_hash() == state.zobrist_hash()


def test_hash_copy_undo_and_pickle_follow_the_position() -> None:
    one, other = pickpack.new_game("breakthrough"), pickpack.new_game("breakthrough")
    for text in ("a5a4", "a2a3", "f5f4", "f2f3"):
        one.apply(text)
    for text in ("f5f4", "f2f3", "a5a4", "a2a3"):                      # the same position, transposed
        other.apply(text)
    assert one.zobrist_hash() == other.zobrist_hash() and one.to_position() == other.to_position()
    assert BreakthroughState.from_position(one.to_position()).zobrist_hash() == one.zobrist_hash()  # incremental
    copy = one.copy()
    copy.apply("b5b4")
    assert one.to_position() != copy.to_position()
    copy.undo()
    assert (copy.to_position(), copy.zobrist_hash()) == (one.to_position(), one.zobrist_hash())
    back = pickle.loads(pickle.dumps(one))
    assert back.history_actions() == one.history_actions() and back.zobrist_hash() == one.zobrist_hash()
