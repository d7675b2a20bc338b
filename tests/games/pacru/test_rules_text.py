"""PACRU move text of every kind round-trips: plain, crossing, connection, pincer,
meeting, reorientation by 45 and 90 degrees (the codec: pickpack/games/pacru/encoding.py);
legal_moves, history and undo agree with it. Positions: tests/games/pacru/positions.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.pacru.positions import impl, load, play  # noqa: F401

#: Positions holding every kind of move text (see the rule test that works each out).
POSITIONS: dict[str, dict[str, Any]] = {
    "crossing": dict(chevrons=[["c5E", "a1N"], ["f4N"]], paint={"A": "f6", "B": "e5"}),
    "connection": dict(chevrons=[["b2E"], ["i9S"]], paint={"A": "a1 b2 d2", "B": "c2"}),
    "pincer": dict(chevrons=[["e3N", "d5NE"], ["e5S", "i9S"]], paint={"A": "d3 e3", "B": "e5"}),
    "meeting": dict(chevrons=[["e3N", "e6S"], ["a1N"]], paint={"A": "d3 e3 e5 e6", "B": "e4 a9:h9"}),
    "reorient": dict(chevrons=[["e5N"], ["i9S"]], paint={"A": "a1 b1 c1 d1 e5", "B": "h1"}),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_legal_action_text_round_trips(impl: Any, name: str) -> None:
    """action_text and parse_move are inverse on every legal action; legal_moves carries
    the same actions and texts in the same order."""
    st = load(impl, **POSITIONS[name])
    actions = st.legal_actions()
    assert actions == sorted(actions) and actions
    for action in actions:
        assert st.parse_move(st.action_text(action)).action == action
    assert [(m.action, m.text) for m in st.legal_moves()] == [(a, st.action_text(a)) for a in actions]


@pytest.mark.parametrize(("name", "kind"), [
    ("crossing", "c5-d5[e6]"), ("connection", "b2-d2[conn]"), ("pincer", "e3xe5[f6]"),
    ("meeting", "e3-e5[conn,*a9]"), ("meeting", "e3-e5[f6,*e4]"), ("reorient", "e5>NE[a1,d1]"),
    ("reorient", "e5>W[a1,b1,c1,d1]"), ("crossing", "a1-a2"),
])
def test_each_kind_is_legal_in_its_position(impl: Any, name: str, kind: str) -> None:
    st = load(impl, **POSITIONS[name])
    assert kind in [m.text for m in st.legal_moves()]


@pytest.mark.parametrize(("text", "canonical"), [
    ("E3-E5[ CONN , *A9 ]", "e3-e5[conn,*a9]"),
    (" e3 - e5 [f6, *e4]", "e3-e5[f6,*e4]"),
])
def test_move_text_is_read_in_any_case_and_spacing(impl: Any, text: str, canonical: str) -> None:
    st = load(impl, **POSITIONS["meeting"])
    move = st.parse_move(text)
    assert move.text == canonical and move.action == st.parse_move(canonical).action


def test_freed_cells_in_any_order(impl: Any) -> None:
    st = load(impl, **POSITIONS["reorient"])
    assert st.parse_move("e5>nw[d1,a1]").text == "e5>NW[a1,d1]"
    play(st, "e5>nw[d1,a1]")
    assert st.history()[-1].text == "e5>NW[a1,d1]"


def test_history_and_undo(impl: Any) -> None:
    """history() lists the moves made since the position was loaded; undo() takes the
    last back exactly (snapshot equal)."""
    st = load(impl, **POSITIONS["pincer"])
    start = st.snapshot()
    play(st, "e3xe5[f6]")
    after = st.snapshot()
    play(st, "i9-i8")
    assert [m.text for m in st.history()] == ["e3xe5[f6]", "i9-i8"]
    st.undo()
    assert st.snapshot() == after
    st.undo()
    assert st.snapshot() == start and st.history() == []
