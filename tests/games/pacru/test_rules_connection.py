"""PACRU connection change (PA-J1), the choice between connection and crossing, and the
connection jump (PA-J2); values worked out by hand.

Borderland 0 is a1..c3, borderland 1 d1..f3 (places: d1 e1 f1 / d2 e2 f2 / d3 e3 f3).
Positions: tests/games/pacru/positions.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.pacru.positions import broken_rule, c, impl, load, moves_from, play  # noqa: F401

N, NE, E, SE, S, SW, W, NW = range(8)

#: Borderland 1's neutral cells when d2 is A's, in place order.
LAND1_BUT_D2 = ("d1", "e1", "f1", "e2", "f2", "d3", "e3", "f3")
#: Borderland 4 in place order.
LAND4 = ("d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6")


def _line(impl: Any) -> Any:
    """A: a1 E on A's a1, A's c1 (power 2); b1 north's colour. North: i9 S."""
    return load(impl, chevrons=[["a1E"], ["i9S"]], paint={"A": "a1 c1", "B": "b1"})


def test_pa_j1_connection_moves(impl: Any) -> None:
    """a1 E, power 2: NE b2, c3 (neutral, no connection); E b1 is north's (no landing),
    c1 is A's with b1 between (no chevron): a connection inside borderland 0, no choice;
    SE leaves the board. 3 moves."""
    assert moves_from(_line(impl), "a1") == ["a1-b2", "a1-c3", "a1-c1"]


def test_pa_j1_connection_turns_the_cells_between(impl: Any) -> None:
    """PA-J1: a1-c1 turns b1 (north's) to A: A 3 cells (a1 keeps its colour), north 0."""
    st = play(_line(impl), "a1-c1")
    assert [st.colour(c(t)) for t in ("a1", "b1", "c1")] == [0, 0, 0]
    assert (st.cells(0), st.cells(1)) == (3, 0) and st.chevron(c("c1")) == (0, E)


def test_pa_j1_no_choice_without_a_crossing(impl: Any) -> None:
    """PA-J1: the conn choice exists only on a move that is also a crossing."""
    assert broken_rule(_line(impl), "a1-c1[conn]") == "PA-J1"
    assert broken_rule(_line(impl), "a1-c3[conn]") == "PA-J1"


def _choice(impl: Any) -> Any:
    """A: b2 E on A's b2, with A's a1 (power 2) and A's d2 (borderland 1); c2 north's.
    North: i9 S."""
    return load(impl, chevrons=[["b2E"], ["i9S"]], paint={"A": "a1 b2 d2", "B": "c2"})


def test_pa_j1_connection_or_crossing_are_distinct_actions(impl: Any) -> None:
    """PA-J1 choice, b2 E power 2: NE c3 (1), d4 (crossing into borderland 4, all 9
    neutral: 9); E c2 north's (no landing), d2: a connection (b2, d2 A's; c2 between, no
    chevron) and a crossing into borderland 1: the crossing benefit with one of its 8
    neutral cells (d2 is A's), or [conn]; SE c1 (1), the next SE cell is off the board.
    1 + 9 + 8 + 1 + 1 = 20; the crossing cells come before conn (the connection bit is
    the higher digit)."""
    assert moves_from(_choice(impl), "b2") == (
        ["b2-c3"] + [f"b2-d4[{t}]" for t in LAND4] + [f"b2-d2[{t}]" for t in LAND1_BUT_D2]
        + ["b2-d2[conn]", "b2-c1"])


def test_pa_j1_the_two_choices_give_different_results(impl: Any) -> None:
    """PA-J1: [conn] turns c2 (north's) to A and leaves borderland 1 alone; [e2] colours e2
    and leaves c2 north's. Both give A 4 cells; north 0 or 1."""
    conn = play(_choice(impl), "b2-d2[conn]")
    assert (conn.colour(c("c2")), conn.colour(c("e2")), conn.cells(0), conn.cells(1)) == (0, -1, 4, 0)
    cross = play(_choice(impl), "b2-d2[e2]")
    assert (cross.colour(c("c2")), cross.colour(c("e2")), cross.cells(0), cross.cells(1)) == (1, 0, 4, 1)
    assert conn != cross


@pytest.mark.parametrize("move", ["b2-d2", "b2-d2[conn,e2]"])
def test_pa_j1_choice_must_be_one_or_the_other(impl: Any, move: str) -> None:
    """PA-J1 / PA-B1: no choice at all (the crossing cell is missing), or both."""
    assert broken_rule(_choice(impl), move) == "PA-B1"


def _jump(impl: Any) -> Any:
    """A: a1 E on A's a1, A's c1 (power 2); north's chevron on neutral b1; north: i9 S."""
    return load(impl, chevrons=[["a1E"], ["b1N", "i9S"]], paint={"A": "a1 c1"})


def test_pa_j2_connection_jump_over_a_chevron_changes_nothing(impl: Any) -> None:
    """PA-J2: a1 to c1 (both A's) passes over north's chevron on b1; b1 stays neutral;
    A keeps 2 cells. b1 itself holds a chevron attacked only by a1: no pincer."""
    st = _jump(impl)
    assert moves_from(st, "a1") == ["a1-b2", "a1-c3", "a1-c1"]
    play(st, "a1-c1")
    assert st.colour(c("b1")) == -1 and st.cells(0) == 2
    assert st.chevron(c("b1")) == (1, N) and st.chevron(c("c1")) == (0, E)


def test_pa_j2_a_jump_is_not_a_connection(impl: Any) -> None:
    assert broken_rule(_jump(impl), "a1-c1[conn]") == "PA-J1"


def _jump_crossing(impl: Any) -> Any:
    """A: b2 E, A's a1, b2 (power 2), d2; north's chevron on neutral c2; north: i9 S."""
    return load(impl, chevrons=[["b2E"], ["c2N", "i9S"]], paint={"A": "a1 b2 d2"})


def test_pa_j2_a_jump_that_crosses_earns_the_crossing_benefit(impl: Any) -> None:
    """PA-J2: b2 to d2 jumps over c2's chevron into borderland 1: the crossing benefit
    applies (8 neutral cells of borderland 1), no [conn] option (a chevron is between).
    b2-d2[f3]: f3 becomes A's, c2 stays neutral: A 4 cells."""
    st = _jump_crossing(impl)
    assert [t for t in moves_from(st, "b2") if "d2" in t] == [f"b2-d2[{t}]" for t in LAND1_BUT_D2]
    assert broken_rule(st, "b2-d2[conn]") == "PA-J1"
    play(st, "b2-d2[f3]")
    assert (st.colour(c("f3")), st.colour(c("c2")), st.cells(0)) == (0, -1, 4)


def test_pa_j2_no_jump_to_a_neutral_cell(impl: Any) -> None:
    """PA-J2 needs both ends of the mover's colour: a1 (A's) to c1 (neutral) over b1's
    chevron passes over it (PA-M3)."""
    st = load(impl, chevrons=[["a1E"], ["b1N", "i9S"]], paint={"A": "a1 a2"})
    assert broken_rule(st, "a1-c1") == "PA-M3"


def _choice_full(impl: Any) -> Any:
    """As _choice, but borderland 1 has no neutral cell: d2 A's, the other 8 north's."""
    return load(impl, chevrons=[["b2E"], ["i9S"]],
                paint={"A": "a1 b2 d2", "B": "c2 d1 e1 f1 e2 f2 d3 e3 f3"})


def test_pa_j1_connection_or_transformation(impl: Any) -> None:
    """PA-J1 x PA-B2: the crossing benefit is now the transformation (no cell written):
    b2-d2 and b2-d2[conn] are the two choices. Transformation: borderland 1 all A's:
    A a1 b2 + 9 = 11, north c2 = 1. Connection: c2 A's: A 4, north 8."""
    st = _choice_full(impl)
    assert [t for t in moves_from(st, "b2") if "d2" in t] == ["b2-d2", "b2-d2[conn]"]
    whole = play(_choice_full(impl), "b2-d2")
    assert (whole.cells(0), whole.cells(1)) == (11, 1)
    conn = play(_choice_full(impl), "b2-d2[conn]")
    assert (conn.cells(0), conn.cells(1)) == (4, 8)


def _empty_benefit(impl: Any) -> Any:
    """A: b5 E on A's b5, with A's a4 (power 2) and A's d5 in borderland 4, whose only
    neutral cell, e4, carries north's chevron (PA-B3: the crossing gains nothing); c5
    neutral. North: e4 N, i9 S; d4, d6 north's."""
    return load(impl, chevrons=[["b5E"], ["e4N", "i9S"]],
                paint={"A": "a4 b5 d5 e5 f4 f5 e6 f6", "B": "d4 d6"})


def test_pa_j1_decision_the_connection_may_be_declined_when_the_crossing_gains_nothing(
        impl: Any) -> None:
    """PA-J1 decision: b5-d5 is a connection (c5 between, no chevron) and a crossing into
    borderland 4, whose benefit is empty (PA-B3). The choice stays open: the bare move
    (no crossing cell, nothing between coloured) and [conn] are both legal, the bare
    move first (the connection bit is the higher digit)."""
    assert [m for m in moves_from(_empty_benefit(impl), "b5") if m.startswith("b5-d5")] == [
        "b5-d5", "b5-d5[conn]"]


def test_pa_j1_decision_declining_leaves_the_cells_between_alone(impl: Any) -> None:
    """PA-J1 decision: the bare b5-d5 leaves c5 neutral and A with its 8 cells; [conn]
    turns c5 to A: 9 cells. e4 stays neutral either way (PA-B3); north keeps 2."""
    bare = play(_empty_benefit(impl), "b5-d5")
    assert (bare.colour(c("c5")), bare.colour(c("e4")), bare.cells(0), bare.cells(1)) == (-1, -1, 8, 2)
    conn = play(_empty_benefit(impl), "b5-d5[conn]")
    assert (conn.colour(c("c5")), conn.colour(c("e4")), conn.cells(0), conn.cells(1)) == (0, -1, 9, 2)
