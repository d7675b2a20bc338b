"""PACRU end of the game: blocked players out (PA-E1), win by target or as the last
player with chevrons (PA-E2), the ply cap (PA-E3), and the returns for 2, 3 and 4
players; values worked out by hand.

Returns: k winners among n seats: each winner (n-k)/(k(n-1)), every other seat
-1/(n-1). Positions: tests/games/pacru/positions.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import pickpack
from tests.games.pacru.positions import broken_rule, c, impl, load, play, raw_move  # noqa: F401

N, NE, E, SE, S, SW, W, NW = range(8)


def test_pa_e1_blocked_player_is_out_and_skipped(impl: Any) -> None:
    """PA-E1, 3 players: east's only chevron a9 N points off the board. After north's
    e5-e6, east is blocked at the start of its turn: its chevrons leave, its cells h1, i1
    stay; west moves (ply 1: the removal is no ply). After west's i9-i8 the turn skips
    east: north again."""
    st = load(impl, 3, chevrons=[["e5N"], ["a9N"], ["i9S"]], paint={"B": "h1 i1"})
    play(st, "e5-e6")
    assert (st.turn, st.ply, st.current_player) == (2, 1, "west")
    assert not st.in_game(1) and st.chevrons(1) == [] and st.chevron(c("a9")) is None
    assert st.cells(1) == 2 and st.colour(c("h1")) == 1 and not st.is_terminal()
    play(st, "i9-i8")
    assert (st.turn, st.ply, st.current_player) == (0, 2, "north")


def test_pa_e1_block_by_the_move_and_pa_e2_last_player(impl: Any) -> None:
    """PA-E1, PA-O2, PA-E2: north's only chevron a9 E can go only to b9 (NE off the board,
    SE b8 is A's). A's c8 NW moves to b9: north is blocked (its free cells b1, c1 would
    allow a reorientation, but PA-O2 needs a move): out, so A is the last player with
    chevrons and wins: returns +1 / -1. North keeps a9, b1, c1."""
    st = load(impl, chevrons=[["c8NW"], ["a9E"]], paint={"A": "b8", "B": "a9 b1 c1"})
    play(st, "c8-b9")
    assert st.is_terminal() and st.winning_seats() == [0] and st.returns() == [1.0, -1.0]
    assert not st.in_game(1) and st.cells(1) == 3 and (st.ply, st.turn) == (1, 0)
    assert st.legal_actions() == [] and st.current_player_id() == pickpack.TERMINAL
    assert broken_rule(st, raw_move("b9", "NW", 1)) == "PA-E2"


def test_pa_e2_target_two_players(impl: Any) -> None:
    """PA-E2: A has rows 1-4 (36) + a5..e5 (5) = 41 of 42. c5 N (power: a4 b4 c4 a5 b5 c5
    = 6) to c7 crosses into borderland 6 and takes a7: 42, A wins."""
    st = load(impl, chevrons=[["c5N"], ["i9S"]], paint={"A": "a1:i4 a5:e5"})
    play(st, "c5-c7[a7]")
    assert st.is_terminal() and st.winning_seats() == [0] and st.returns() == [1.0, -1.0]
    assert st.scores() == {"south": 42, "north": 0}


def test_pa_e2_target_overshoot(impl: Any) -> None:
    """PA-E2 overshoot: A has rows 1-4, a5..c5 and d7 = 40; borderland 7 (d7..f9) is d7
    A's and the other 8 north's. c6 NE (power 6) to d7 crosses into it with no neutral
    cell: transformation, +8 = 48 >= 42; north 0."""
    st = load(impl, chevrons=[["c6NE"], ["i9S"]], paint={"A": "a1:i4 a5:c5 d7", "B": "e7 f7 d8:f9"})
    play(st, "c6-d7")
    assert (st.cells(0), st.cells(1)) == (48, 0)
    assert st.is_terminal() and st.winning_seats() == [0]


def test_pa_e2_target_three_players(impl: Any) -> None:
    """PA-E2, target 28: north (seat 0) has rows 1-3 = 27; b2 N (power 9) to b4 crosses
    into borderland 3 (b3 between is its own, not a connection: b4 is neutral) and takes
    a4: 28. Returns 1, -1/2, -1/2."""
    st = load(impl, 3, chevrons=[["b2N"], ["i9S"], ["a9E"]], paint={"A": "a1:i3"})
    play(st, "b2-b4[a4]")
    assert st.winning_seats() == [0] and st.returns() == pytest.approx([1.0, -0.5, -0.5])


def test_pa_e2_target_four_players_third_seat(impl: Any) -> None:
    """PA-E2, target 24: north (seat 2) has rows 1-2 + a3..e3 = 23; b2-b4[a4] gives 24.
    Returns -1/3, -1/3, 1, -1/3."""
    st = load(impl, 4, chevrons=[["i9S"], ["a9E"], ["b2N"], ["i5W"]], paint={"C": "a1:i2 a3:e3"}, turn=2)
    play(st, "b2-b4[a4]")
    assert st.winning_seats() == [2] and st.returns() == pytest.approx([-1 / 3, -1 / 3, 1.0, -1 / 3])
    assert st.scores() == {"south": 0, "west": 0, "north": 24, "east": 0}


def test_pa_e3_ply_cap_shared_by_two(impl: Any) -> None:
    """PA-E3: max_plies 5, ply 4; A and north have 3 cells each: after e5-e6 (ply 5) the
    game ends, both share: returns 0, 0."""
    st = load(impl, chevrons=[["e5N"], ["a9E"]], paint={"A": "a1:c1", "B": "g9:i9"}, ply=4, max_plies=5)
    assert not st.is_terminal() and st.returns() == [0.0, 0.0]
    play(st, "e5-e6")
    assert st.is_terminal() and st.winning_seats() == [0, 1] and st.returns() == [0.0, 0.0]
    assert st.ply == 5


def test_pa_e3_out_players_do_not_win_the_cap(impl: Any) -> None:
    """PA-E3: 3 players, west (out) has 10 cells, north 5, east 3: north wins the cap:
    1, -1/2, -1/2."""
    st = load(impl, 3, chevrons=[["e5N"], ["i1N"], []], paint={"A": "a1:e1", "B": "a2:c2", "C": "a9:i9 a8"},
              ply=2, max_plies=3)
    play(st, "e5-e6")
    assert st.winning_seats() == [0] and st.returns() == pytest.approx([1.0, -0.5, -0.5])


def test_pa_e3_three_players_two_share(impl: Any) -> None:
    """PA-E3: north 3, east 3, west 1 cell: north and east share: (3-2)/(2*2) = 1/4 each,
    west -1/2."""
    st = load(impl, 3, chevrons=[["e5N"], ["i1N"], ["g9S"]], paint={"A": "a1:c1", "B": "a2:c2", "C": "a9"},
              ply=2, max_plies=3)
    play(st, "e5-e6")
    assert st.winning_seats() == [0, 1] and st.returns() == pytest.approx([0.25, 0.25, -0.5])


def test_pa_e3_four_players_three_share(impl: Any) -> None:
    """PA-E3: south, west, north 2 cells each, east 1: three share: (4-3)/(3*3) = 1/9
    each, east -1/3."""
    st = load(impl, 4, chevrons=[["e5N"], ["i1N"], ["g9S"], ["a5E"]],
              paint={"A": "a1 b1", "B": "a2 b2", "C": "a8 b8", "D": "a9"}, ply=9, max_plies=10)
    play(st, "e5-e6")
    assert st.winning_seats() == [0, 1, 2]
    assert st.returns() == pytest.approx([1 / 9, 1 / 9, 1 / 9, -1 / 3])


def test_pa_e3_four_players_two_share(impl: Any) -> None:
    """PA-E3: (4-2)/(2*3) = 1/3 for the two winners, -1/3 for the others."""
    st = load(impl, 4, chevrons=[["e5N"], ["i1N"], ["g9S"], ["a5E"]],
              paint={"A": "a1 b1", "B": "a2", "C": "a8 b8", "D": "a9"}, ply=9, max_plies=10)
    play(st, "e5-e6")
    assert st.winning_seats() == [0, 2] and st.returns() == pytest.approx([1 / 3, -1 / 3, 1 / 3, -1 / 3])


def test_pa_e3_a_reorientation_can_reach_the_cap(impl: Any) -> None:
    """PA-E3 after PA-O1: max_plies 1; e5>NE[a1,b1] leaves A 0 cells, north 1: north
    wins: -1, +1."""
    st = load(impl, chevrons=[["e5N"], ["i9S"]], paint={"A": "a1 b1", "B": "a9"}, max_plies=1)
    play(st, "e5>NE[a1,b1]")
    assert st.is_terminal() and st.winning_seats() == [1] and st.returns() == [-1.0, 1.0]


def test_pa_e2_target_beats_the_cap(impl: Any) -> None:
    """PA-E2 before PA-E3: the target move is also the last ply (max_plies 1): the game
    ends once, A the only winner (42 cells against 0)."""
    st = load(impl, chevrons=[["c5N"], ["i9S"]], paint={"A": "a1:i4 a5:e5"}, max_plies=1)
    play(st, "c5-c7[a7]")
    assert st.winning_seats() == [0] and st.returns() == [1.0, -1.0]


def test_max_plies_option_from_new_game() -> None:
    """PA-E3 option: new_game(max_plies=3) ends after 3 plain moves; nobody has a cell,
    both share: 0, 0."""
    st = pickpack.new_game("pacru", players=2, max_plies=3)
    play(st, "e1-e2 e9-e8 e2-e3")
    assert st.is_terminal() and st.winning_seats() == [0, 1] and st.returns() == [0.0, 0.0]
    assert st.max_plies == 3 and st.options["max_plies"] == 3


def test_a_finished_position_loads_as_terminal(impl: Any) -> None:
    """The contract: a snapshot that is over is valid. North without chevrons: south is
    the last player with chevrons (PA-E2) and has won; at ply == max_plies the cap has
    ended the game (PA-E3: 2 cells against 1, south)."""
    last = load(impl, chevrons=[["e5N"], []], paint={"B": "a1:i1"})
    assert last.is_terminal() and last.winning_seats() == [0] and last.returns() == [1.0, -1.0]
    capped = load(impl, chevrons=[["e5N"], ["i9S"]], paint={"A": "a1 b1", "B": "a9"}, ply=7, max_plies=7)
    assert capped.is_terminal() and capped.winning_seats() == [0] and capped.legal_actions() == []


def test_pa_e1_two_seats_out_in_a_row(impl: Any) -> None:
    """PA-E1, 4 players: west's a9 N and north's i9 NE point off the board. After south's
    e5-e6 both are out in turn (no ply each); east (a1 N: a2 or b2) moves at ply 1;
    after east's a1-a2 the turn skips both: south."""
    st = load(impl, 4, chevrons=[["e5N"], ["a9N"], ["i9NE"], ["a1N"]])
    play(st, "e5-e6")
    assert (st.turn, st.ply, st.current_player) == (3, 1, "east")
    assert [st.in_game(seat) for seat in range(4)] == [True, False, False, True] and not st.is_terminal()
    play(st, "a1-a2")
    assert (st.turn, st.ply) == (0, 2)


def test_pa_e1_a_pincer_is_a_move(impl: Any) -> None:
    """PA-E1: north's a9 E (NE off the board, E b9 A's chevron, SE b8 A's colour) and a8
    NE (N its own a9, NE b9, E b8 A's colour) can only pincer b9, which both attack: north
    is not out. Its legal actions: a8xb9, a9xb9 (cell order), no reorientation (no cells)."""
    st = load(impl, chevrons=[["e5N", "b9S"], ["a8NE", "a9E"]], paint={"A": "b8"})
    play(st, "e5-e6")
    assert st.turn == 1 and st.in_game(1)
    assert [st.action_text(a) for a in st.legal_actions()] == ["a8xb9", "a9xb9"]


def test_pa_e1_out_then_pa_e2_last_player_in_three(impl: Any) -> None:
    """PA-E1 then PA-E2, 3 players: west (seat 2) is already out; east's only chevron a9 N
    points off the board. After north's e5-e6 east is out, north alone has chevrons and
    wins: 1, -1/2, -1/2; the turn stays with north, who moved last."""
    st = load(impl, 3, chevrons=[["e5N"], ["a9N"], []], paint={"B": "h1", "C": "i1"})
    play(st, "e5-e6")
    assert st.is_terminal() and st.winning_seats() == [0] and (st.turn, st.ply) == (0, 1)
    assert st.returns() == pytest.approx([1.0, -0.5, -0.5]) and (st.cells(1), st.cells(2)) == (1, 1)
