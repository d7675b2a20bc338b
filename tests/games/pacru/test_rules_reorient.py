"""PACRU reorientation (PA-O1, PA-O2) and that it never makes a meeting (PA-T3); values
worked out by hand.

Freed cells are listed in cell order; 2-cell sets come in colex order ((0,1), (0,2),
(1,2), (0,3), (1,3), (2,3) over the free cells a1 b1 c1 d1). Positions:
tests/games/pacru/positions.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import pickpack
from tests.games.pacru.positions import broken_rule, c, impl, landings, load, play, snapshot, texts  # noqa: F401

N, NE, E, SE, S, SW, W, NW = range(8)

PAIRS = ("a1,b1", "a1,c1", "b1,c1", "a1,d1", "b1,d1", "c1,d1")


def _turning(impl: Any, free: str = "a1 b1 c1 d1") -> Any:
    """A: e5 N on A's e5 and the free A cells ``free``. North: i9 S on north's h1."""
    return load(impl, chevrons=[["e5N"], ["i9S"]], paint={"A": f"{free} e5", "B": "h1"})


def test_pa_o1_reorientations(impl: Any) -> None:
    """PA-O1: e5 N with 4 free A cells (a1 b1 c1 d1; e5 carries the chevron): 45 degrees
    to NE or NW freeing 2 of the 4 (6 sets each), 90 degrees to E or W freeing all 4:
    6 + 6 + 1 + 1 = 14. 180 degrees (S) is no reorientation. The moves come first."""
    st = _turning(impl)
    assert [st.action_text(a) for a in st.reorient_actions()] == (
        [f"e5>NE[{p}]" for p in PAIRS] + [f"e5>NW[{p}]" for p in PAIRS]
        + ["e5>E[a1,b1,c1,d1]", "e5>W[a1,b1,c1,d1]"])
    assert st.legal_actions() == st.move_actions() + st.reorient_actions()
    assert texts(st)[-1] == "e5>W[a1,b1,c1,d1]"


def test_pa_o1_three_free_cells_allow_45_degrees_only(impl: Any) -> None:
    """PA-O1: 3 free cells: C(3, 2) = 3 sets for each of NE and NW, no 90 degrees: 6."""
    assert len(_turning(impl, free="a1 b1 c1").reorient_actions()) == 6


def test_pa_o1_turning_45_degrees_frees_two_cells(impl: Any) -> None:
    """PA-O1: e5>NE[a1,c1]: e5 points NE, a1 and c1 neutral, b1 and d1 stay: A 3 cells;
    one ply, north to move."""
    st = play(_turning(impl), "e5>NE[a1,c1]")
    assert st.chevron(c("e5")) == (0, NE)
    assert [st.colour(c(t)) for t in ("a1", "b1", "c1", "d1", "e5")] == [-1, 0, -1, 0, 0]
    assert (st.cells(0), st.ply, st.turn) == (3, 1, 1)


def test_pa_o1_turning_90_degrees_frees_four_cells(impl: Any) -> None:
    st = play(_turning(impl), "e5>W[a1,b1,c1,d1]")
    assert st.chevron(c("e5")) == (0, W) and st.cells(0) == 1


def test_pa_o1_the_new_direction_gives_the_moves(impl: Any) -> None:
    """PA-M1 after PA-O1: e5 turned NE (power 1: e5 is A's only cell in borderland 4)
    moves N e6, NE f6 or E f5 on A's next turn."""
    st = play(_turning(impl), "e5>NE[a1,b1] i9-i8")
    assert st.power(c("e5")) == 1 and landings(st, "e5") == {"e6", "f6", "f5"}


@pytest.mark.parametrize("move", [
    "e5>S[a1,b1]",            # 180 degrees
    "e5>N[a1,b1]",            # no turn
    "e5>NE[a1,b1,c1,d1]",     # 45 degrees frees 2, not 4
    "e5>E[a1,b1]",            # 90 degrees frees 4, not 2
    "e5>NE[a1,e5]",           # e5 carries a chevron
    "e5>NE[a1,f1]",           # f1 is neutral
    "e5>NE[a1,h1]",           # h1 is north's
    "a2>N[a1,b1]",            # no chevron on a2
    "i9>SW[a1,b1]",           # north's chevron
])
def test_pa_o1_refused_reorientations(impl: Any, move: str) -> None:
    assert broken_rule(_turning(impl), move) == "PA-O1"


def test_pa_o2_a_player_who_can_only_turn_is_not_to_move(impl: Any) -> None:
    """PA-O2 / PA-E1: a9 N is A's only chevron and cannot move (NW, N, NE leave the
    board); A has free cells but reorientation needs a possible move: a position with A
    to move is refused (A is out at the start of the turn)."""
    with pytest.raises(pickpack.SnapshotError):
        impl.from_snapshot(snapshot(chevrons=[["a9N"], ["i1N"]], paint={"A": "a1 b1"}))


def test_pa_t3_reorienting_never_makes_a_meeting(impl: Any) -> None:
    """PA-T3: e5 NE turns N to face e6 S, both on A's cells, north has 9 cells: no meeting
    cell; e5>N[a1,b1] changes only a1 and b1: A 2 cells (e5, e6), north 9. A's free cells
    are a1, b1 only, so each chevron can turn 45 degrees either way: 2 + 2 = 4."""
    st = load(impl, chevrons=[["e5NE", "e6S"], ["i1N"]], paint={"A": "a1 b1 e5 e6", "B": "a9:i9"})
    assert [st.action_text(a) for a in st.reorient_actions()] == [
        "e5>N[a1,b1]", "e5>E[a1,b1]", "e6>SE[a1,b1]", "e6>SW[a1,b1]"]
    before = [st.colour(cell) for cell in range(81)]
    play(st, "e5>N[a1,b1]")
    after = [st.colour(cell) for cell in range(81)]
    assert [cell for cell in range(81) if before[cell] != after[cell]] == [c("a1"), c("b1")]
    assert (st.cells(0), st.cells(1), st.chevron(c("e5"))) == (2, 9, (0, N))
