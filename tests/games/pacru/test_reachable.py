"""PACRU positions the rules cannot reach are refused (issue 22 item 5; docs/pacru.md,
"Positions the rules can reach").

Each impossible position below was accepted before (unless said otherwise); it is
refused now, by the C loader alone (pacru_load), with the field, the 1-based column in
the position string and the rule. The reference (RefState) shares that check.

Columns of START, the 2-player set-up: board 1-17, chevrons 19 (A's group: ``A:`` at
19, a3E 21, e1N 25, i3W 29, i9SW 33; ``;`` 37; B's group at 38: a1NE 40, a7E 45, e9S
49, i7W 53), turn 57, ply 59.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from pickpack.errors import SnapshotError
from pickpack.games.pacru.reference import RefState
from pickpack.games.pacru.state import State
from tests.support import reachable
from tests.support.reachable import assert_reachable, refusal

IMPLEMENTATIONS = (State, RefState)
START = "9/9/9/9/9/9/9/9/9 A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 0"
#: After south's first move e1-e2 (ply 1, north to move).
PLY1 = "9/9/9/9/9/9/9/9/9 A:a3E,e2N,i3W,i9SW;B:a1NE,a7E,e9S,i7W B 1"
#: The 3-player set-up after north's first move a7-b8 (ply 1, east to move).
PLY1_3 = "9/9/9/9/9/9/9/9/9 A:b8NE,e9S,i7W;B:g1N,g9S,i5W;C:a5E,c1N,c9S B 1"


def where(text: str) -> tuple[str, int, str]:
    """(field, column, rule) of the refusal, the same in both implementations."""
    return refusal(IMPLEMENTATIONS, text)


def loads(text: str) -> None:
    reachable.loads(IMPLEMENTATIONS, text)


def test_the_set_up_and_the_first_move_load() -> None:
    for text in (START, PLY1, PLY1_3):
        loads(text)


# --- ply 0 and the seats that have not moved yet (PA-S1..PA-S4) ----------------------------


def test_a_coloured_cell_before_its_seat_moved_is_refused() -> None:
    """Ply 0: nobody has moved, and only a seat's own moves colour cells (PA-B1, PA-J1,
    PA-K2, PA-T1). a1 painted A: the last row is ``A8``, its A at column 8 * 2 + 1 = 17."""
    assert where(START.replace("9/9/9/9/9/9/9/9/9", "9/9/9/9/9/9/9/9/A8")) == ("board", 17, "PA-S4")


def test_a_chevron_off_its_set_up_before_its_seat_moved_is_refused() -> None:
    """Ply 0: south's e1N shown on e2 (PA-S1). At e2N, column 25."""
    assert where(START.replace("e1N", "e2N")) == ("chevrons", 25, "PA-S1")


def test_the_second_seat_has_not_moved_after_one_ply() -> None:
    """3 players after north's one move (PLY1_3): east and west have not moved, so west's
    chevrons stand as set up (PA-S3) and no cell has west's colour. West's c1N shown on
    c2: C's group starts at 19 + len('A:b8NE,e9S,i7W;B:g1N,g9S,i5W;') = 48, c1N's place
    at 48 + 2 + len('a5E,') = 54. A C on a1 (board ``C8`` at 17): refused at the board."""
    assert where(PLY1_3.replace("c1N", "c2N")) == ("chevrons", 54, "PA-S3")
    assert where(PLY1_3.replace("9/9/9/9/9/9/9/9/9", "9/9/9/9/9/9/9/9/C8")) == ("board", 17, "PA-S4")
    loads(PLY1_3.replace("9/9/9/9/9/9/9/9/9", "9/9/9/9/9/9/9/9/A8"))   # north may have a cell


def test_the_wrong_seat_to_move_with_nobody_out_is_refused() -> None:
    """Nobody is out, so nobody was skipped: after 1 ply north moves (PA-S4), not south;
    at ply 0 south, not north. Turn at column 57."""
    assert where(PLY1.replace(" B 1", " A 1")) == ("turn", 57, "PA-S4")
    assert where(START.replace(" A 0", " B 0")) == ("turn", 57, "PA-S4")


# --- chevrons leave by pincers and outs (PA-K2, PA-E1) ------------------------------------------


def test_more_chevrons_lost_than_plies_is_refused() -> None:
    """After 1 ply north has lost two chevrons (a1NE, a7E): a move pincers at most one
    (PA-K2). At north's group, column 38."""
    assert where(PLY1.replace("B:a1NE,a7E,e9S,i7W", "B:e9S,i7W")) == ("chevrons", 38, "PA-K2")


def test_a_seat_out_at_ply_0_is_refused() -> None:
    """Before any move nobody can be out (PA-E1) or pincered: north with no chevron at
    ply 0 (previously a valid finished game). At north's group, column 38."""
    assert where(START.replace("B:a1NE,a7E,e9S,i7W", "B:-")) == ("chevrons", 38, "PA-E1")


# --- the end of the game (PA-E2, PA-E3) ------------------------------------------------------------


def test_the_last_mover_of_a_finished_game_keeps_its_chevrons() -> None:
    """Over (north has no chevron, PA-E2): the turn is the seat that moved last, which
    still has its chevrons, so south, not north. Turn at 19 + len('A:a3E,e1N,i3W,i9SW;B:-')
    + 1 = 42."""
    over = START.replace("B:a1NE,a7E,e9S,i7W", "B:-").replace(" A 0", " A 5")
    loads(over)
    assert where(over.replace(" A 5", " B 5")) == ("turn", 42, "PA-E2")


def test_the_seat_at_the_target_made_the_last_move() -> None:
    """South holds rows 5-9 (45 cells, target 42): the game is over and only south's
    own move could get there, so south moved last and is the turn (PA-E2), at ply 41
    (odd: south made plies 1, 3, ..., 41). North shown instead: refused at the turn;
    the board is 5 * 10 + 4 * 2 - 1 = 57 characters, the chevrons 37 from 59, the turn
    at 97."""
    board = "/".join(["AAAAAAAAA"] * 5 + ["9"] * 4)
    text = f"{board} A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 41"
    loads(text)
    assert where(text.replace(" A 41", " B 41")) == ("turn", 97, "PA-E2")


def test_two_seats_at_the_target_and_no_chevrons_at_all_are_refused_by_the_c_loader() -> None:
    """Refused before too, by the Python validation; now by the C loader alone (PA-E2).
    3 players, target 28: A 28 and B 29 cells; and a game where nobody has chevrons."""
    board = "AAAAAAAAA/AAAAAAAAA/AAAAAAAAA/ABBBBBBBB/BBBBBBBBB/BBBBBBBBB/BBB6/9/9"
    assert where(f"{board} A:e9S;B:g1N;C:c1N A 90") == ("board", 1, "PA-E2")
    assert where("9/9/9/9/9/9/9/9/9 A:-;B:- A 5") == ("chevrons", 19, "PA-E2")


# --- the single-cell variant (PA-B2, PA-M3) ---------------------------------------------------------


def test_with_single_cell_no_chevron_stands_on_another_seats_colour() -> None:
    """After 10 plies south's a3E stands on a cell of north's colour (row 3 ``B8``):
    only a borderland transformation colours an occupied cell, and single-cell has none
    (PA-B2), nor does any chevron land on another's colour (PA-M3). The board is 18
    characters, so A's group starts at 20 and a3E at 22. By default (transformations)
    it loads."""
    text = "9/9/9/9/9/9/B8/9/9 A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 10"
    loads(text)
    assert where(text + " single-cell") == ("chevrons", 22, "PA-B2")


def test_the_snapshot_error_is_structured() -> None:
    """from_snapshot's SnapshotError names field, seat, item (the chevron's index in the
    snapshot) and rule."""
    snap = State.from_position(START).snapshot()
    snap["chevrons"][0] = ["a3E", "e2N", "i3W", "i9SW"]
    for cls in IMPLEMENTATIONS:
        with pytest.raises(SnapshotError) as info:
            cls.from_snapshot(snap)
        assert (info.value.field, info.value.player, info.value.index, info.value.rule) == \
            ("chevrons", "south", 1, "PA-S1")
        assert (13, 0) in cls.from_snapshot(snap, checked=False).chevrons(0)     # e2 N


# --- no false positives -------------------------------------------------------------------------------


def random_game_positions(seed: int) -> list[str]:
    """Every position of one random game (the random bot's policy): players 2..4, the
    four option sets and caps of 30, 200 and 1000 plies by seed."""
    rng = random.Random(seed)
    st = State(2 + seed % 3, single_cell=bool(seed // 3 % 2), classic_meeting=bool(seed // 6 % 2),
               max_plies=(30, 200, 1000)[seed // 12 % 3])
    out = [st.to_position()]
    while not st.is_terminal():
        st.apply_action(st.random_action(rng))
        out.append(st.to_position())
    return out


@pytest.mark.parametrize("seed", range(12))
def test_every_position_of_a_random_game_is_reachable(seed: int) -> None:
    for text in random_game_positions(seed):
        assert_reachable(IMPLEMENTATIONS, text)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12, 216))
def test_every_position_of_many_random_games_is_reachable(seed: int) -> None:
    for text in random_game_positions(seed):
        assert_reachable(IMPLEMENTATIONS, text)


@settings(max_examples=30, deadline=None)
@given(players=hs.integers(2, 4), single_cell=hs.booleans(), classic_meeting=hs.booleans(),
       choices=hs.lists(hs.integers(0, 2**20), max_size=120))
def test_positions_along_any_line_of_play_are_reachable(players: int, single_cell: bool, classic_meeting: bool,
                                                        choices: list[int]) -> None:
    """Hypothesis picks the line of play (each choice an index into the legal moves, or
    a reorientation when the choice is a multiple of 5): every position on it loads
    (checked) and round-trips."""
    st: Any = State(players, single_cell=single_cell, classic_meeting=classic_meeting)
    for choice in choices:
        if st.is_terminal():
            break
        moves = st.move_actions()
        st.apply_action(st.random_action(random.Random(choice)) if choice % 5 == 0 or not moves
                        else moves[choice % len(moves)])
        text = st.to_position()
        assert State.from_position(text).to_position() == text
        assert State.from_snapshot(st.snapshot()).to_position() == text
