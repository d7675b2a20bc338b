"""PACRU border crossing (PA-B1), borderland transformation and the single-cell variant
(PA-B2), a crossing that gains nothing (PA-B3); values worked out by hand.

Every position moves A's chevron on c5 (borderland 3, no A cell there: power 1) pointing
E into borderland 4 (d4 e4 f4 / d5 e5 f5 / d6 e6 f6, places 0..8 in that order):
NE -> d6, E -> d5, SE -> d4. Positions: tests/games/pacru/positions.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.pacru.positions import broken_rule, c, impl, load, moves_from, play  # noqa: F401

N, NE, E, SE, S, SW, W, NW = range(8)

#: The cells of borderland 4 in place order.
LAND4 = ("d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6")


def _crossing(impl: Any) -> Any:
    """Borderland 4: e5 north's colour, f6 A's, north's chevron on neutral f4. A: c5 E,
    a1 N; north: f4 N."""
    return load(impl, chevrons=[["c5E", "a1N"], ["f4N"]], paint={"A": "f6", "B": "e5"})


def test_pa_b1_crossing_cell_choices(impl: Any) -> None:
    """PA-B1: the choices are the neutral cells of borderland 4 without a chevron: d4 e4
    d5 f5 d6 e6 (not e5 north's, f6 A's, f4 under a chevron). The landing cell is free
    once landed on, so it is a choice too. 6 for each of d6, d5, d4: 18 moves."""
    st = _crossing(impl)
    choices = ("d4", "e4", "d5", "f5", "d6", "e6")
    assert moves_from(st, "c5") == [f"c5-{to}[{cell}]" for to in ("d6", "d5", "d4") for cell in choices]


def test_pa_b1_the_chosen_cell_takes_the_colour(impl: Any) -> None:
    """PA-B1: c5-d5[e6]: e6 becomes A's; d5 (landed on) stays neutral; A 2 cells (f6,
    e6), north 1 (e5)."""
    st = play(_crossing(impl), "c5-d5[e6]")
    assert st.colour(c("e6")) == 0 and st.colour(c("d5")) == -1
    assert st.chevron(c("d5")) == (0, E) and st.chevron(c("c5")) is None
    assert (st.cells(0), st.cells(1)) == (2, 1)


def test_pa_b1_the_landing_cell_may_be_chosen(impl: Any) -> None:
    """PA-B1: c5-d5[d5] colours the cell under the chevron that just landed."""
    st = play(_crossing(impl), "c5-d5[d5]")
    assert st.colour(c("d5")) == 0 and st.chevron(c("d5")) == (0, E) and st.cells(0) == 2


@pytest.mark.parametrize("move", [
    "c5-d5",         # the crossing cell is missing
    "c5-d5[f4]",     # under a chevron
    "c5-d5[e5]",     # another player's colour
    "c5-d5[f6]",     # already A's
    "a1-a2[b2]",     # a1-a2 stays in borderland 0: no crossing, no cell
])
def test_pa_b1_wrong_crossing_cells(impl: Any, move: str) -> None:
    assert broken_rule(_crossing(impl), move) == "PA-B1"


def _full(impl: Any, single_cell: bool = False) -> Any:
    """Borderland 4 without a neutral cell: d5 and f6 A's, the other 7 north's; north's
    chevron on e5 (north's colour) and on i9. c5 NE d6 and SE d4 are north's colour, so
    c5's only landing is d5."""
    return load(impl, chevrons=[["c5E"], ["e5S", "i9S"]], single_cell=single_cell,
                paint={"A": "d5 f6", "B": "d4 e4 f4 e5 f5 d6 e6"})


def test_pa_b2_transformation_takes_the_whole_borderland(impl: Any) -> None:
    """PA-B2: no neutral cell in borderland 4, so all 9 cells become A's, e5 under north's
    chevron included; no choice is written. A 2 + 7 = 9 cells, north 0; north's chevron
    stays on e5."""
    st = _full(impl)
    assert moves_from(st, "c5") == ["c5-d5"]
    play(st, "c5-d5")
    assert [st.colour(c(t)) for t in LAND4] == [0] * 9
    assert (st.cells(0), st.cells(1)) == (9, 0)
    assert st.chevron(c("e5")) == (1, S) and st.chevron(c("d5")) == (0, E)


def test_pa_b2_transformation_takes_no_cell(impl: Any) -> None:
    assert broken_rule(_full(impl), "c5-d5[e4]") == "PA-B2"


def test_pa_b2_single_cell_variant_takes_one_cell_of_another_player(impl: Any) -> None:
    """PA-B2 single-cell: the choices are north's cells without a chevron: d4 e4 f4 f5 d6
    e6 (not e5 under a chevron; d5 and f6 are A's): 6 moves. c5-d5[f5]: only f5 changes;
    A 3, north 6."""
    st = _full(impl, single_cell=True)
    assert moves_from(st, "c5") == [f"c5-d5[{t}]" for t in ("d4", "e4", "f4", "f5", "d6", "e6")]
    play(st, "c5-d5[f5]")
    assert st.colour(c("f5")) == 0 and st.colour(c("e5")) == 1
    assert (st.cells(0), st.cells(1)) == (3, 6)


@pytest.mark.parametrize("move", ["c5-d5", "c5-d5[e5]", "c5-d5[f6]", "c5-d5[d5]"])
def test_pa_b2_single_cell_wrong_cells(impl: Any, move: str) -> None:
    """PA-B2 single-cell: the cell is missing, under a chevron (e5), A's own (f6, d5)."""
    assert broken_rule(_full(impl, single_cell=True), move) == "PA-B2"


def _all_but_e5(impl: Any, single_cell: bool) -> Any:
    """Borderland 4 all A's except e5, north's colour under north's chevron."""
    return load(impl, chevrons=[["c5E"], ["e5S", "i9S"]], single_cell=single_cell,
                paint={"A": "d4 e4 f4 d5 f5 d6 e6 f6", "B": "e5"})


def test_pa_b2_single_cell_with_no_free_cell_of_another_player(impl: Any) -> None:
    """PA-B2 single-cell: the only other colour (e5) carries a chevron, so the crossing
    gains nothing: c5 moves to d6, d5, d4 (all A's) with no cell; the counts stay 8 / 1."""
    st = _all_but_e5(impl, single_cell=True)
    assert moves_from(st, "c5") == ["c5-d6", "c5-d5", "c5-d4"]
    assert broken_rule(st, "c5-d5[e5]") == "PA-B2"
    play(st, "c5-d5")
    assert (st.cells(0), st.cells(1)) == (8, 1) and st.colour(c("e5")) == 1


def test_pa_b2_default_transformation_in_the_same_position(impl: Any) -> None:
    """PA-B2 default: the same crossing takes e5 too (under north's chevron): 9 / 0."""
    st = play(_all_but_e5(impl, single_cell=False), "c5-d5")
    assert (st.cells(0), st.cells(1)) == (9, 0) and st.colour(c("e5")) == 0


def _occupied_neutral(impl: Any) -> Any:
    """Borderland 4: the only neutral cell, e4, carries north's chevron; d4, d6 north's;
    the rest A's. c5's only landing is d5 (A's)."""
    return load(impl, chevrons=[["c5E"], ["e4N", "i9S"]],
                paint={"A": "d5 e5 f4 f5 e6 f6", "B": "d4 d6"})


def test_pa_b3_neutral_cells_all_occupied_gain_nothing(impl: Any) -> None:
    """PA-B3: neutral cells exist (e4) but all carry chevrons: no transformation, no cell:
    c5-d5 alone; A keeps 6 cells, e4 stays neutral."""
    st = _occupied_neutral(impl)
    assert moves_from(st, "c5") == ["c5-d5"]
    play(st, "c5-d5")
    assert st.cells(0) == 6 and st.colour(c("e4")) == -1 and st.cells(1) == 2


def test_pa_b3_no_cell_may_be_named(impl: Any) -> None:
    assert broken_rule(_occupied_neutral(impl), "c5-d5[e4]") == "PA-B3"


def test_pa_b1_only_the_landing_cell_is_neutral(impl: Any) -> None:
    """PA-B1: borderland 4 all A's except d5 (neutral): every crossing into it (to d6, d5
    or d4, all A's but d5) has the one choice d5, which must be named, also when landed on."""
    st = load(impl, chevrons=[["c5E"], ["i9S"]], paint={"A": "d4 e4 f4 e5 f5 d6 e6 f6"})
    assert moves_from(st, "c5") == ["c5-d6[d5]", "c5-d5[d5]", "c5-d4[d5]"]
    assert broken_rule(st, "c5-d5") == "PA-B1"
    play(st, "c5-d5[d5]")
    assert st.cells(0) == 9
