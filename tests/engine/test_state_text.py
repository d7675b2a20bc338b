"""The text board every state on pickpack.state_base.StateBase gets, ``str(state)``
(the plain face shows it): made from the snapshot, a board's rows one a line
(pickpack.state_base.snapshot_text); a game that draws its own keeps it."""

from __future__ import annotations

from typing import Any

from pickpack.state_base import StateBase, snapshot_text


def test_rows_of_one_length_are_drawn_one_a_line_and_other_fields_one_a_line() -> None:
    snap = {"game": "race", "board": ["b.b", ".w.", "w.w"], "to_move": "white", "scores": [1, 2],
            "names": ["ann", "bo"], "over": False}
    assert snapshot_text(snap) == ("board:\n  b.b\n  .w.\n  w.w\n"
                                   "to_move: white\n"
                                   "scores: [1, 2]\n"
                                   'names: ["ann", "bo"]\n'          # rows of two lengths: no board
                                   "over: false")


class _Tiny(StateBase):
    """A position of two fields; the only hook str needs is snapshot."""

    def snapshot(self) -> dict[str, Any]:
        return {"game": "tiny", "cells": ["x.", ".o"], "to_move": "x"}


class _Drawn(_Tiny):
    def __str__(self) -> str:
        return "my own board"


def test_a_state_without_a_board_of_its_own_shows_its_snapshot() -> None:
    assert str(_Tiny()) == "cells:\n  x.\n  .o\nto_move: x"
    assert str(_Drawn()) == "my own board"
