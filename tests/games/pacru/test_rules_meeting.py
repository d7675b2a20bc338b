"""PACRU meeting (PA-T1), the 9-cells condition and the classic-meeting variant (PA-T2),
several benefits in one move (PA-X1); values worked out by hand.

The meeting chevron pair is e5 (landed on, pointing N) and e6 (pointing S). A meeting
pays one cell without a chevron that is not the mover's: with the mover owning m cells
and c chevrons standing on cells not the mover's, 81 - m - c choices.
Positions: tests/games/pacru/positions.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.pacru.positions import broken_rule, c, impl, load, moves_from, play  # noqa: F401

N, NE, E, SE, S, SW, W, NW = range(8)


def _meeting(impl: Any, north_cells: str = "a9:i9", classic: bool = False, e6: str = "S",
             players: int = 2) -> Any:
    """A: e4 N (neutral), e6 <e6> on A's e6; A's e5 (power of e4: e5, e6 = 2). North:
    a1 N (neutral) and the cells ``north_cells`` (default a9..i9 = 9)."""
    chevrons = [["e4N", f"e6{e6}"], ["a1N"]] + [[]] * (players - 2)
    return load(impl, players, chevrons=chevrons, classic_meeting=classic,
                paint={"A": "e5 e6", "B": north_cells})


def _to_e5(st: Any) -> list[str]:
    return [t for t in moves_from(st, "e4") if t.startswith("e4-e5")]


def test_pa_t1_meeting_pays_any_cell_not_yours(impl: Any) -> None:
    """PA-T1: e4-e5 lands on A's e5 pointing N, facing e6 (A's, pointing S): a meeting.
    North has 9 cells, so it pays (PA-T2). Choices: 81 - 2 A cells (e5, e6) - 1 chevron on
    a cell not A's (a1) = 78: e4 (just left) and north's cells included, e5, e6, a1 not."""
    st = _meeting(impl)
    to_e5 = _to_e5(st)
    assert len(to_e5) == 78
    assert {"e4-e5[*e4]", "e4-e5[*a9]", "e4-e5[*i9]"} <= set(to_e5)
    assert not {"e4-e5[*e5]", "e4-e5[*e6]", "e4-e5[*a1]", "e4-e5"} & set(to_e5)


def test_pa_t1_all_moves_of_e4(impl: Any) -> None:
    """e4 N, power 2: NW d5 (1), c6 (crossing into borderland 3, 9 free neutral cells: 9);
    N e5 (meeting: 78), e6 its own chevron; NE f5 (1), g6 (crossing into 5: 9).
    1 + 9 + 78 + 1 + 9 = 98."""
    assert len(moves_from(_meeting(impl), "e4")) == 98


def test_pa_t1_the_meeting_cell_takes_the_colour(impl: Any) -> None:
    """e4-e5[*a9]: a9 turns from north's to A's: A 3, north 8."""
    st = play(_meeting(impl), "e4-e5[*a9]")
    assert st.colour(c("a9")) == 0 and (st.cells(0), st.cells(1)) == (3, 8)
    assert st.chevron(c("e5")) == (0, N)


@pytest.mark.parametrize("move", ["e4-e5", "e4-e5[*e6]", "e4-e5[*a1]", "e4-e5[*e5]"])
def test_pa_t1_wrong_meeting_cells(impl: Any, move: str) -> None:
    """PA-T1: missing; A's own (e6, e5); under a chevron (a1)."""
    assert broken_rule(_meeting(impl), move) == "PA-T1"


def test_pa_t2_no_payment_below_nine_cells(impl: Any) -> None:
    """PA-T2: north has 8 cells (a9..h9): the meeting pays nothing; e4-e5 alone."""
    st = _meeting(impl, north_cells="a9:h9")
    assert _to_e5(st) == ["e4-e5"]
    assert broken_rule(st, "e4-e5[*a9]") == "PA-T2"
    play(st, "e4-e5")
    assert (st.cells(0), st.cells(1)) == (2, 8)


@pytest.mark.parametrize("north_cells", ["a9:h9", "a9"])
def test_pa_t2_classic_meeting_always_pays(impl: Any, north_cells: str) -> None:
    """PA-T2 classic-meeting: no 9-cells condition; the same 78 choices."""
    st = _meeting(impl, north_cells=north_cells, classic=True)
    assert len(_to_e5(st)) == 78 and st.options["classic_meeting"] is True


def test_pa_t2_an_out_player_counts(impl: Any) -> None:
    """PA-T2 counts every other seat, out seats included: 3 players, north (seat 1) has 0
    cells, west (seat 2, no chevrons: out) has a5..c5 + a8..i8 = 12 cells: the meeting
    pays. 81 - 2 - 1 (a1) = 78."""
    st = load(impl, 3, chevrons=[["e4N", "e6S"], ["a1N"], []],
              paint={"A": "e5 e6", "C": "a5:c5 a8:i8"})
    assert len(_to_e5(st)) == 78


def test_pa_t1_each_must_point_at_the_other(impl: Any) -> None:
    """PA-T1: e6 points SE, not at e5: no meeting; a cell named is PA-T1."""
    st = _meeting(impl, e6="SE")
    assert _to_e5(st) == ["e4-e5"]
    assert broken_rule(st, "e4-e5[*a9]") == "PA-T1"


def test_pa_t1_both_cells_must_be_the_movers(impl: Any) -> None:
    """PA-T1: e5 neutral (A has e6 only: e4's power 1): landing on e5 facing e6 is no
    meeting."""
    st = load(impl, chevrons=[["e4N", "e6S"], ["a1N"]], paint={"A": "e6", "B": "a9:i9"})
    assert _to_e5(st) == ["e4-e5"]
    assert broken_rule(st, "e4-e5[*a9]") == "PA-T1"


def test_pa_t1_only_the_moved_chevrons_meeting_counts(impl: Any) -> None:
    """PA-T1: e5 N and e6 S already meet; moving a1 N (to a2 or b2; NW is off the board)
    makes no meeting of its own and pays nothing."""
    st = load(impl, chevrons=[["a1N", "e5N", "e6S"], ["i1N"]], paint={"A": "e5 e6", "B": "a9:i9"})
    assert moves_from(st, "a1") == ["a1-a2", "a1-b2"]
    assert broken_rule(st, "a1-a2[*c5]") == "PA-T1"


def _cross_then_meet(impl: Any) -> Any:
    """A: e3 N (borderland 1, no A cell: power 1), e5 S on A's e5. North: a1 N, a9..i9."""
    return load(impl, chevrons=[["e3N", "e5S"], ["a1N"]], paint={"A": "e5", "B": "a9:i9"})


def test_pa_x1_crossing_cell_under_the_chevron_makes_the_meeting(impl: Any) -> None:
    """PA-X1 and the order of effects: e3-e4 crosses into borderland 4 (8 neutral free
    cells: all but e5). Choosing e4 itself makes e4 A's, so e4 (N) meets e5 (S): the
    meeting pays 81 - 2 (e4, e5) - 1 (a1) = 78; any other of the 7 cells: no meeting.
    7 + 78 = 85."""
    st = _cross_then_meet(impl)
    to_e4 = [t for t in moves_from(st, "e3") if t.startswith("e3-e4")]
    assert len(to_e4) == 85
    assert "e3-e4[d4]" in to_e4 and "e3-e4[e4,*i9]" in to_e4 and "e3-e4[e4]" not in to_e4


def test_pa_x1_crossing_and_meeting_both_pay(impl: Any) -> None:
    """e3-e4[e4,*i9]: e4 and i9 become A's: A 3, north 8."""
    st = play(_cross_then_meet(impl), "e3-e4[e4,*i9]")
    assert [st.colour(c(t)) for t in ("e4", "i9")] == [0, 0] and (st.cells(0), st.cells(1)) == (3, 8)


@pytest.mark.parametrize("move", ["e3-e4[d4,*i9]", "e3-e4[e4]"])
def test_pa_x1_meeting_cell_follows_the_crossing_choice(impl: Any, move: str) -> None:
    """PA-T1: after [d4] there is no meeting (no cell may be named); after [e4] the
    meeting cell must be named."""
    assert broken_rule(_cross_then_meet(impl), move) == "PA-T1"


def _conn_then_meet(impl: Any) -> Any:
    """A: e3 N on A's e3 with A's d3 (power 2), e6 S on A's e6, A's e5. North: a1 N; e4
    and a9..h9 (9 cells)."""
    return load(impl, chevrons=[["e3N", "e6S"], ["a1N"]], paint={"A": "d3 e3 e5 e6", "B": "e4 a9:h9"})


def test_pa_t2_cells_are_counted_before_the_move(impl: Any) -> None:
    """PA-T2 / PA-X1: e3-e5 is a connection (e4 between) and a crossing (borderland 1 to
    4), and e5 N meets e6 S. With [conn], e4 turns A's and north drops to 8, but north had
    9 before the move: the meeting pays 81 - 5 (d3 e3 e4 e5 e6) - 1 (a1) = 75. With a
    crossing cell (d4 f4 d5 f5 d6 f6: 6; e4 north's, e6 under a chevron) the meeting pays
    81 - 5 - 1 = 75 each. 75 + 6 * 75 = 525."""
    st = _conn_then_meet(impl)
    to_e5 = [t for t in moves_from(st, "e3") if t.startswith("e3-e5")]
    assert len(to_e5) == 525
    assert len([t for t in to_e5 if t.startswith("e3-e5[conn,*")]) == 75
    assert "e3-e5[f6,*e4]" in to_e5 and "e3-e5[conn,*e4]" not in to_e5


def test_pa_x1_connection_and_meeting_both_pay(impl: Any) -> None:
    """e3-e5[conn,*a9]: e4 and a9 become A's: A 6 (d3 e3 e4 e5 e6 a9), north 7."""
    st = play(_conn_then_meet(impl), "e3-e5[conn,*a9]")
    assert [st.colour(c(t)) for t in ("e4", "a9")] == [0, 0] and (st.cells(0), st.cells(1)) == (6, 7)
    assert broken_rule(_conn_then_meet(impl), "e3-e5[conn]") == "PA-T1"


def test_pa_x1_pincer_crossing_and_meeting(impl: Any) -> None:
    """PA-X1: e3 N (d3, e3 A's: power 2) and d5 NE (power 1: e6) attack north's e5; e6 S
    stands on A's e6. e3xe5 crosses into borderland 4 and lands on e5 (now A's) facing e6:
    a pincer, a crossing (free neutral cells: d4 e4 f4 f5 d6 f6; d5, e6 hold chevrons; e5
    A's: 6) and a meeting (north has e5 + a9..h9 = 9 before the move) paying 81 - 5 A
    cells (d3 e3 e5 e6 + the crossing cell) - 2 chevrons on cells not A's (d5, north's
    i1) = 74: 6 * 74 = 444 pincers e3xe5. e3xe5[f6,*a9]: A 6 cells, north 7 (its e5 and
    a9 are gone)."""
    st = load(impl, chevrons=[["e3N", "d5NE", "e6S"], ["e5S", "i1N"]],
              paint={"A": "d3 e3 e6", "B": "e5 a9:h9"})
    assert len([t for t in moves_from(st, "e3") if t.startswith("e3xe5")]) == 444
    play(st, "e3xe5[f6,*a9]")
    assert (st.cells(0), st.cells(1)) == (6, 7) and st.chevrons(1) == [(c("i1"), N)]


def test_pa_t2_the_movers_own_cells_do_not_count(impl: Any) -> None:
    """PA-T2 counts the other players only: A has e5, e6 and a8..i8 (11), north a9..h9
    (8): the meeting pays nothing."""
    st = load(impl, chevrons=[["e4N", "e6S"], ["a1N"]], paint={"A": "e5 e6 a8:i8", "B": "a9:h9"})
    assert _to_e5(st) == ["e4-e5"]


def test_pa_t1_the_facing_cell_must_be_the_movers(impl: Any) -> None:
    """PA-T1: e6 (under A's chevron pointing S) is neutral; e4 (power 1: e5) lands on
    A's e5 facing it: no meeting."""
    st = load(impl, chevrons=[["e4N", "e6S"], ["a1N"]], paint={"A": "e5", "B": "a9:i9"})
    assert _to_e5(st) == ["e4-e5"]


def test_pa_x1_transformation_then_meeting(impl: Any) -> None:
    """PA-X1, effects in order: c5 E (power 1) to d5 (A's) crosses into borderland 4,
    which has no neutral cell (d5, f6 A's; d4 e4 f4 e5 f5 d6 e6 north's, A's chevron on
    north's e5 pointing W). The transformation makes e5 A's, so d5 (E) and e5 (W) meet on
    A's cells; north had 7 + a9 b9 = 9 cells before: the meeting pays 81 - 9 (borderland
    4) - 1 (north's i9 chevron) = 71. c5-d5[*a9]: A 10, north 1 (b9)."""
    st = load(impl, chevrons=[["c5E", "e5W"], ["i9S"]],
              paint={"A": "d5 f6", "B": "d4 e4 f4 e5 f5 d6 e6 a9 b9"})
    moves = moves_from(st, "c5")
    assert len(moves) == 71 and all(t.startswith("c5-d5[*") for t in moves)
    play(st, "c5-d5[*a9]")
    assert (st.cells(0), st.cells(1)) == (10, 1)
