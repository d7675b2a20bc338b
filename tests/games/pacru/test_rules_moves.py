"""PACRU moves: three directions, never off the board (PA-M1), power of movement (PA-M2),
what a move may not do (PA-M3); values worked out by hand from the rules file.

Cells: a1 = 0, row * 9 + column; borderland = (row // 3) * 3 + column // 3 (e5's is 4:
d4..f6). Directions 0..7 = N NE E SE S SW W NW; legal moves come in action order: by
chevron cell, then travel direction, then distance, then the crossing cell's place.
Positions: tests/games/pacru/positions.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.pacru.positions import broken_rule, c, impl, landings, load, moves_from, play, raw_move  # noqa: F401

N, NE, E, SE, S, SW, W, NW = range(8)


def _three_ways(impl: Any) -> Any:
    """A: e5 N (no cells: power 1), a9 W (in the corner, pointing off the board);
    B: i1 N."""
    return load(impl, chevrons=[["e5N", "a9W"], ["i1N"]])


def test_pa_m1_three_directions_one_cell(impl: Any) -> None:
    """PA-M1: e5 pointing N moves N (e6), NE (f6) or NW (d6), all in borderland 4 like e5
    (no crossing). a9 pointing W: SW, W and NW all leave the board, so it has no move.
    No cells of A: no reorientation. 3 legal actions."""
    st = _three_ways(impl)
    assert moves_from(st, "e5") == ["e5-e6", "e5-f6", "e5-d6"]
    assert moves_from(st, "a9") == [] and st.reorient_actions() == []
    assert len(st.legal_actions()) == 3 and st.power(c("e5")) == 1


def test_pa_m1_the_chevron_points_where_it_moved(impl: Any) -> None:
    """PA-M1: after e5-f6 the chevron stands on f6 pointing NE (1); no cell changes colour
    (a plain move); north to move at ply 1."""
    st = play(_three_ways(impl), "e5-f6")
    assert st.chevron(c("f6")) == (0, NE) and st.chevron(c("e5")) is None
    assert all(st.colour(cell) == -1 for cell in range(81))
    assert (st.turn, st.ply) == (1, 1)


@pytest.mark.parametrize(("src", "direction", "distance"), [
    ("e5", "S", 1),      # 180 degrees from N
    ("e5", "E", 1),      # 90 degrees from N
    ("e5", "SW", 1),     # 135 degrees
    ("a9", "W", 1),      # straight ahead, but off the board
    ("a9", "NW", 1),     # off the board
    ("e4", "N", 1),      # no chevron on e4
    ("i1", "N", 1),      # north's chevron, not the mover's
])
def test_pa_m1_illegal_directions_and_cells(impl: Any, src: str, direction: str, distance: int) -> None:
    """PA-M1 (check_action steps 2-4): a direction more than 45 degrees from the
    chevron's, a move off the board, a cell without a chevron of the mover."""
    assert broken_rule(_three_ways(impl), raw_move(src, direction, distance)) == "PA-M1"


def _powered(impl: Any) -> Any:
    """A: e5 N on its own colour; A colours d4, f4, e5 (borderland 4) and e3 (borderland
    1). North: i1 N with colours h1, i2 (borderland 2)."""
    return load(impl, chevrons=[["e5N"], ["i1N"]], paint={"A": "d4 f4 e5 e3", "B": "h1 i2"})


def test_pa_m2_power_counts_own_cells_of_the_borderland(impl: Any) -> None:
    """PA-M2: the power of e5 is A's cells in borderland 4: d4, f4 and e5 itself (the
    cell under the chevron counts) = 3; e3 is in borderland 1 and does not count. North's
    i1 has h1 and i2 in borderland 2: power 2 (power() is for the chevron's owner)."""
    st = _powered(impl)
    assert st.power(c("e5")) == 3 and st.power(c("i1")) == 2
    with pytest.raises(ValueError):
        st.power(c("e4"))


def test_pa_m2_moves_one_to_power_cells(impl: Any) -> None:
    """PA-M2 with power 3: N e6 e7 e8, NE f6 g7 h8, NW d6 c7 b8 (9 landing cells, all
    neutral and free). e6, f6, d6 stay in borderland 4: 1 action each. e7, e8 cross into
    borderland 7, g7, h8 into 8, c7, b8 into 6: each of those has 9 neutral unoccupied
    cells, so 9 actions each (PA-B1). 3 + 6 * 9 = 57 moves of e5."""
    st = _powered(impl)
    assert landings(st, "e5") == {"e6", "e7", "e8", "f6", "g7", "h8", "d6", "c7", "b8"}
    assert len(moves_from(st, "e5")) == 57
    assert moves_from(st, "e5")[:2] == ["e5-e6", "e5-e7[d7]"]


@pytest.mark.parametrize(("direction", "distance"), [("N", 4), ("NE", 4), ("NW", 4)])
def test_pa_m2_beyond_the_power(impl: Any, direction: str, distance: int) -> None:
    """PA-M2: 4 cells with power 3 (e9, i9 and a9 are on the board and free)."""
    assert broken_rule(_powered(impl), raw_move("e5", direction, distance)) == "PA-M2"


@pytest.mark.parametrize(("direction", "distance"), [("N", 5), ("NE", 8), ("S", 5)])
def test_pa_m1_is_checked_before_the_power(impl: Any, direction: str, distance: int) -> None:
    """check_action order: off the board (N 5 from e5 is row 10; NE 8 is column 12) or
    the wrong direction (S) names PA-M1 even though the distance is beyond the power."""
    assert broken_rule(_powered(impl), raw_move("e5", direction, distance)) == "PA-M1"


def test_pa_m2_other_colours_give_no_power(impl: Any) -> None:
    """PA-M2: power 1 when the borderland holds none of the mover's cells, even with
    another player's cells in it (B at d4, f4, e5 under A's chevron)."""
    st = load(impl, chevrons=[["e5N"], ["i1N"]], paint={"B": "d4 f4 e5"})
    assert st.power(c("e5")) == 1
    assert landings(st, "e5") == {"e6", "f6", "d6"}


def _forbidden(impl: Any) -> Any:
    """A: e5 N, f6 S; colours d4, f4, e5 (power 3 for both, borderland 4). North: e7 S,
    colour d6."""
    return load(impl, chevrons=[["e5N", "f6S"], ["e7S"]], paint={"A": "d4 f4 e5", "B": "d6"})


def test_pa_m3_what_e5_may_do(impl: Any) -> None:
    """PA-M3, power 3 (d4 f4 e5). N: e6 yes; e7 holds north's chevron, attacked only by
    e5 (f6 points S), so no pincer; e8 passes over it. NE: f6 holds A's own chevron;
    g7, h8 pass over it (no connection jump: g7/h8 are neutral). NW: d6 has north's
    colour (no landing), c7 passes over that colour (allowed) and crosses into borderland
    6 (9 choices), b8 likewise (9). 1 + 9 + 9 = 19."""
    st = _forbidden(impl)
    assert landings(st, "e5") == {"e6", "c7", "b8"}
    assert len(moves_from(st, "e5")) == 19
    assert st.attacks(c("e5")) == [c("e7")] and st.attacks(c("f6")) == []


@pytest.mark.parametrize(("move", "rule"), [
    ("e5-e7", "PA-M3"),        # lands on a chevron (no pincer bit)
    ("e5xe7", "PA-K2"),        # a pincer needs two attackers: only e5 attacks e7
    ("e5-e8[e7]", "PA-M3"),    # passes over e7's chevron
    ("e5-f6", "PA-M3"),        # lands on its own chevron
    ("e5-g7[g7]", "PA-M3"),    # passes over f6 (g7 neutral: no connection jump)
    ("e5-d6", "PA-M3"),        # lands on north's colour
    ("e5xf6", "PA-M3"),        # a pincer mark on its own chevron: lands on a chevron
    ("e5xd6", "PA-K2"),        # a pincer mark without an enemy chevron on d6
])
def test_pa_m3_forbidden_moves(impl: Any, move: str, rule: str) -> None:
    """PA-M3 (check_action steps 6-9) and PA-K2; the state is unchanged."""
    assert broken_rule(_forbidden(impl), move) == rule


def test_pa_m3_landing_on_own_colour_is_allowed(impl: Any) -> None:
    """PA-M3 forbids only other colours: f6 S (power 3) to f4, A's colour, 2 cells S
    through free f5. f6 is neutral, so it is no connection; same borderland; no cell
    changes: A keeps 3 cells."""
    st = _forbidden(impl)
    assert "f6-f4" in moves_from(st, "f6")
    play(st, "f6-f4")
    assert st.chevron(c("f4")) == (0, S) and st.cells(0) == 3 and st.colour(c("f5")) == -1
