"""PACRU board, pieces, set-ups and turn order (PA-C1..C5, PA-S1..S4), and the perft of
each start at depth 1, worked out by hand from the rules file.

Cells: a1 = 0, row * 9 + column; directions 0..7 = N NE E SE S SW W NW.
Positions: tests/games/pacru/positions.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import pickpack
from pickpack.games.pacru.encoding import borderland
from tests.games.pacru.positions import c, impl, load, moves_from, play, snapshot  # noqa: F401

N, NE, E, SE, S, SW, W, NW = range(8)


def test_pa_s1_two_player_start(impl: Any) -> None:
    """PA-S1, PA-C2, PA-C4, PA-C5: south e1 N (4), a3 E (18), i3 W (26), i9 SW (80);
    north a1 NE (0), a7 E (54), i7 W (62), e9 S (76); 4 chevrons each, all 81 cells
    neutral, target 42, south (seat 0) to move at ply 0."""
    st = impl(2)
    assert st.chevrons(0) == [(4, N), (18, E), (26, W), (80, SW)]
    assert st.chevrons(1) == [(0, NE), (54, E), (62, W), (76, S)]
    assert st.players == ("south", "north") and st.current_player == "south"
    assert (st.turn, st.ply, st.target, st.max_plies) == (0, 0, 42, 1000)
    assert all(st.colour(cell) == -1 for cell in range(81))
    assert st.scores() == {"south": 0, "north": 0} and st.winning_seats() == []
    assert st.returns() == [0.0, 0.0] and not st.is_terminal()
    assert st.options == {"single_cell": False, "classic_meeting": False, "max_plies": 1000}
    snap = st.snapshot()
    assert snap["board"] == ["........."] * 9 and (snap["players"], snap["ply"], snap["turn"]) == (2, 0, 0)
    assert sorted(snap["chevrons"][0]) == ["a3E", "e1N", "i3W", "i9SW"]
    assert sorted(snap["chevrons"][1]) == ["a1NE", "a7E", "e9S", "i7W"]


def test_pa_s2_four_player_start(impl: Any) -> None:
    """PA-S2, PA-S4, PA-C4, PA-C5: seats south, west, north, east (clockwise), 3 chevrons
    each; south e1 N, a3 E, i3 W; west c1 N (2), a5 E (36), c9 S (74); north a7 E (54),
    i7 W (62), e9 S (76); east g1 N (6), i5 W (44), g9 S (78); target 24."""
    st = impl(4)
    assert st.players == ("south", "west", "north", "east")
    assert st.chevrons(0) == [(4, N), (18, E), (26, W)]
    assert st.chevrons(1) == [(2, N), (36, E), (74, S)]
    assert st.chevrons(2) == [(54, E), (62, W), (76, S)]
    assert st.chevrons(3) == [(6, N), (44, W), (78, S)]
    assert (st.turn, st.target, st.current_player) == (0, 24, "south")


def test_pa_s3_three_player_start_north_moves_first(impl: Any) -> None:
    """PA-S3: as with 4 players without south; seats north, east, west; north (seat 0)
    moves first; target 28."""
    st = impl(3)
    assert st.players == ("north", "east", "west")
    assert st.chevrons(0) == [(54, E), (62, W), (76, S)]
    assert st.chevrons(1) == [(6, N), (44, W), (78, S)]
    assert st.chevrons(2) == [(2, N), (36, E), (74, S)]
    assert (st.turn, st.target, st.current_player) == (0, 28, "north")


def test_pa_s4_four_player_turn_order_is_clockwise(impl: Any) -> None:
    """PA-S4: south, west, north, east, then south again; each move is one ply. Each move
    is one step straight ahead onto an empty neutral cell of the same borderland."""
    st = impl(4)
    seen = []
    for move in ("e1-e2", "c1-c2", "e9-e8", "g1-g2"):
        seen.append(st.current_player)
        play(st, move)
    assert seen == ["south", "west", "north", "east"]
    assert (st.turn, st.ply, st.current_player) == (0, 4, "south")
    assert st.chevron(c("e2")) == (0, N) and st.chevron(c("e1")) is None


def test_pa_s4_two_player_turn_alternates(impl: Any) -> None:
    """PA-S4: south first, then north, then south."""
    st = impl(2)
    play(st, "e1-e2")
    assert (st.turn, st.current_player, st.ply) == (1, "north", 1)
    play(st, "e9-e8")
    assert (st.turn, st.current_player, st.ply) == (0, "south", 2)


def test_pa_s3_three_player_turn_order(impl: Any) -> None:
    """PA-S3: north, east, west, then north again."""
    st = impl(3)
    play(st, "e9-e8")
    assert st.current_player == "east"
    play(st, "g1-g2")
    assert st.current_player == "west"
    play(st, "c1-c2")
    assert (st.current_player, st.ply) == ("north", 3)


def test_pa_c1_borderlands_are_the_3x3_blocks() -> None:
    """PA-C1: (column // 3, row // 3): a1, c3 -> 0; d1 -> 1; a4 -> 3; e5 -> 4; i9 -> 8."""
    assert [borderland(c(t)) for t in ("a1", "c3", "d1", "i1", "a4", "e5", "f6", "g7", "i9")] == \
        [0, 0, 1, 2, 3, 4, 4, 8, 8]


@pytest.mark.parametrize(("players", "chevrons"), [(2, 4), (3, 3), (4, 3)])
def test_pa_c4_chevrons_per_player(impl: Any, players: int, chevrons: int) -> None:
    """PA-C4: 4 chevrons each with 2 players, 3 with 3 or 4."""
    st = impl(players)
    assert [len(st.chevrons(seat)) for seat in range(players)] == [chevrons] * players
    assert all(st.in_game(seat) for seat in range(players))


@pytest.mark.parametrize(("players", "target"), [(2, 42), (3, 28), (4, 24)])
def test_pa_c5_target(impl: Any, players: int, target: int) -> None:
    assert impl(players).target == target


def test_pa_c2_one_chevron_per_cell_in_a_snapshot(impl: Any) -> None:
    """PA-C2: a cell holds at most one chevron: two chevrons on e5 are refused."""
    with pytest.raises(pickpack.SnapshotError) as caught:
        impl.from_snapshot(snapshot(chevrons=[["e5N"], ["e5S"]]))
    assert caught.value.field == "chevrons"


def test_start_position_string_is_the_start(impl: Any) -> None:
    """The contract's position string of the 2-player start reads back as new_game's
    start (chevrons in any order)."""
    st = impl(2)
    text = "9/9/9/9/9/9/9/9/9 A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 0"
    assert type(st).from_position(text) == st
    assert type(st).from_position(st.to_position()) == st


# --- perft at depth 1, by hand ------------------------------------------------------------


def test_perft_1_two_players(impl: Any) -> None:
    """PA-M1, PA-M2, PA-B1 at the 2-player start. No cells are coloured, so every power
    is 1 (PA-M2) and no move is a connection or a meeting; no reorientation (no cells to
    free). South's chevrons:
    - e1 N: d2, e2, f2, all in borderland 1 like e1: 3 moves;
    - a3 E: b4 (borderland 3: a crossing; its 9 cells are neutral and carry no chevron,
      so 9 choices, the landing cell b4 included), b3, b2 (borderland 0): 9 + 2 = 11;
    - i3 W: h4 (borderland 5, no chevron in it: 9), h3, h2: 11;
    - i9 SW: i8, h8, h9 (all borderland 8): 3.
    Total 3 + 11 + 11 + 3 = 28."""
    st = impl(2)
    assert len(moves_from(st, "e1")) == 3 and len(moves_from(st, "a3")) == 11
    assert len(moves_from(st, "i3")) == 11 and len(moves_from(st, "i9")) == 3
    assert len(st.legal_actions()) == 28 and st.reorient_actions() == []
    assert moves_from(st, "e1") == ["e1-e2", "e1-f2", "e1-d2"]          # travel N=0, NE=1, NW=7
    assert moves_from(st, "a3")[:9] == [f"a3-b4[{t}]" for t in
                                        ("a4", "b4", "c4", "a5", "b5", "c5", "a6", "b6", "c6")]


def test_perft_1_three_players(impl: Any) -> None:
    """PA-S3: north moves first, power 1 everywhere.
    - e9 S: f8, e8, d8 (borderland 7): 3;
    - a7 E: b8, b7 (borderland 6), b6 (borderland 3: a crossing; a5 carries west's
      chevron, so 8 choices): 2 + 8 = 10;
    - i7 W: h8, h7, h6 (borderland 5, i5 carries east's chevron: 8): 10.
    Total 23."""
    st = impl(3)
    assert [len(moves_from(st, t)) for t in ("e9", "a7", "i7")] == [3, 10, 10]
    assert len(st.legal_actions()) == 23
    assert "a7-b6[a5]" not in moves_from(st, "a7") and "a7-b6[b6]" in moves_from(st, "a7")


def test_perft_1_four_players(impl: Any) -> None:
    """PA-S2: south moves first, power 1.
    - e1 N: d2, e2, f2: 3;
    - a3 E: b4 (borderland 3 holds west's a5: 8 choices), b3, b2: 10;
    - i3 W: h4 (borderland 5 holds east's i5: 8), h3, h2: 10.
    Total 23."""
    st = impl(4)
    assert [len(moves_from(st, t)) for t in ("e1", "a3", "i3")] == [3, 10, 10]
    assert len(st.legal_actions()) == 23


def test_perft_1_north_after_south_e1_e2(impl: Any) -> None:
    """PA-M1 for the second player: after e1-e2, north (power 1 everywhere):
    - a1 NE: a2, b2 (borderland 0), b1 (E): 3;
    - a7 E: b8, b7, b6 (borderland 3, no chevron: 9): 11;
    - i7 W: h8, h7, h6 (borderland 5: 9): 11;
    - e9 S: f8, e8, d8: 3.
    Total 28."""
    st = play(impl(2), "e1-e2")
    assert [len(moves_from(st, t)) for t in ("a1", "a7", "i7", "e9")] == [3, 11, 11, 3]
    assert len(st.legal_actions()) == 28


def test_pa_c3_eight_directions(impl: Any) -> None:
    """PA-C3: a chevron points in one of 8 directions, read from the snapshot's texts:
    south e5 N, a1 NE, e1 E, i1 SE; north i5 S, i9 SW, e9 W, a9 NW."""
    st = load(impl, chevrons=[["e5N", "a1NE", "e1E", "i1SE"], ["i5S", "i9SW", "e9W", "a9NW"]])
    found = {st.chevron(cell) for cell in range(81)} - {None}
    assert found == {(0, N), (0, NE), (0, E), (0, SE), (1, S), (1, SW), (1, W), (1, NW)}
    assert st.chevrons(0) == [(c("a1"), NE), (c("e1"), E), (c("i1"), SE), (c("e5"), N)]


def test_perft_2_two_players_by_hand(impl: Any) -> None:
    """Depth 2 of the 2-player start, by hand. North has no cells after any south move
    (power 1, no reorientation, no meeting); its baseline is 28 (a1: 3, a7: 2 + 9,
    i7: 2 + 9, e9: 3). A south move changes it only by:
    - a3-b2 takes b2 from a1 NE: 27; i9-h8 takes h8 from i7 W: 27;
    - a3-b4[X] puts a chevron on b4 and colours X in borderland 3, where a7 crosses to
      b6: X = b4: 8 choices (b4 is no longer neutral): 27; X = b6: a7 cannot land on
      south's colour: 2, total 19; the 7 other X: 8 neutral cells minus b4 under the
      chevron = 7: 26 each. 27 + 19 + 7 * 26 = 228; i3-h4[X] likewise (h4, h6): 228.
    e1: 3 * 28 = 84; a3: 228 + 28 + 27 = 283; i3: 228 + 28 + 28 = 284;
    i9: 28 + 27 + 28 = 83. Total 734."""
    st = impl(2)
    counts = {}
    for action in st.legal_actions():
        child = st.copy()
        child.apply_action(action)
        counts[st.action_text(action)] = len(child.legal_actions())
    assert (counts["a3-b2"], counts["i9-h8"], counts["e1-e2"]) == (27, 27, 28)
    assert (counts["a3-b4[b4]"], counts["a3-b4[b6]"], counts["a3-b4[a5]"]) == (27, 19, 26)
    assert (counts["i3-h4[h4]"], counts["i3-h4[h6]"], counts["i3-h4[i6]"]) == (27, 19, 26)
    assert sum(counts.values()) == 734


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_builds_the_start(impl: Any, players: int) -> None:
    """pickpack.new_game("pacru") gives the same start as the class under test (seed
    unused: one set-up per player count)."""
    st = pickpack.new_game("pacru", players=players, seed=11)
    assert st.snapshot() == impl(players).snapshot() and st.game.name == "pacru"
