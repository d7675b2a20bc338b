"""Moving the grabber (PP-M1..PP-M4) and grabbing trays (PP-G1..PP-G3), worked by hand.

Positions come from tests/games/pickpack/positions.py: read its docstring for what a test leaves
unstated (tiles PWRQXMPWRQXM, so Red's column d and Blue's row 4 are Quality control,
and so on; the grabber's row and column filled with 1-apple trays).
"""

from __future__ import annotations

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from tests.games.pickpack.positions import (
    assert_flip_closes_square,
    broken_rule,
    crate_trays,
    destinations,
    down,
    moves_to,
    play,
    state,
    texts,
    tile_status,
)



# --- PP-M1 ------------------------------------------------------------------------------


def test_red_moves_along_the_grabber_row_to_every_other_square() -> None:
    """PP-M1: Red moves horizontally. Grabber on c3, row 3 full of face-up trays (Blue's
    crate holds the 6, so 35 trays lie on the 35 other squares): destinations a3, b3, d3,
    e3, f3; Red's four crates are empty and open, so each grab may go to crate 1-4
    (PP-G2 tie). Ascending action order: by square, then crate."""
    st = state(grabber="c3", crates={"blue": [[6]]})
    assert texts(st) == [f"{sq}>{c}" for sq in ("a3", "b3", "d3", "e3", "f3") for c in "1234"]


def test_blue_moves_along_the_grabber_column_to_every_other_square() -> None:
    """PP-M1: Blue moves vertically. Grabber on c3: destinations c1, c2, c4, c5, c6,
    each into one of Blue's four empty open crates."""
    st = state(to_move="blue", grabber="c3", crates={"red": [[6]]})
    assert texts(st) == [f"{sq}>{c}" for sq in ("c1", "c2", "c4", "c5", "c6") for c in "1234"]


def test_nothing_on_the_squares_in_between_blocks_the_move() -> None:
    """PP-M1: distance unlimited, nothing blocks. Grabber on a3, face-down trays on
    b3..e3 (not destinations, PP-M3), f3 face up five squares away: Red's only
    destination is f3."""
    st = state(grabber="a3", crates={"blue": [[6]]},
               grid={"b3": down(1), "c3": down(2), "d3": down(3), "e3": down(4), "f3": 5})
    assert texts(st) == ["f3>1", "f3>2", "f3>3", "f3>4"]


def test_the_grabber_must_move_to_a_different_square() -> None:
    """PP-M1: the grabber's own square c3 is not a destination, neither to grab nor to
    activate a tile (Red's cT is an unplayed Rush order)."""
    st = state(grabber="c3", crates={"blue": [[6]]})
    assert "c3" not in destinations(st)
    assert broken_rule(st, "c3>1") == "PP-M1"
    assert broken_rule(st, "c3/cT") == "PP-M1"


def test_red_cannot_leave_the_row_and_blue_cannot_leave_the_column() -> None:
    """PP-M1: c5 (face-up 1, same column as c3) is off Red's row; d3 (face-up 1, same
    row) is off Blue's column."""
    assert broken_rule(state(grabber="c3", crates={"blue": [[6]]}), "c5>1") == "PP-M1"
    assert broken_rule(state(to_move="blue", grabber="c3", crates={"red": [[6]]}), "d3>1") == "PP-M1"


# --- PP-M2 ------------------------------------------------------------------------------


def test_a_face_up_tray_is_a_destination_even_with_every_tile_played() -> None:
    """PP-M2: "a square holding a face-up tray (always allowed)". Red has used all 12
    tiles; grabber c3 with a full row 3: destinations a3, b3, d3, e3, f3."""
    all_used = {sp: "used" for sp in ("aT", "bT", "cT", "dT", "eT", "fT", "aB", "bB", "cB", "dB", "eB", "fB")}
    st = state(grabber="c3", crates={"blue": [[6]]}, played={"red": all_used})
    assert destinations(st) == {"a3", "b3", "d3", "e3", "f3"}


def empty_square_with_tiles(player: str, first: str, second: str) -> tuple[pickpack_game.State, str, tuple[str, str]]:
    """(state, the empty square, the mover's two spaces at the ends of its crossing line).

    Red on a3 with d3 empty: Red's line through d3 is column d (dT, dB: Quality control).
    Blue on c1 with c4 empty: Blue's line through c4 is row 4 (4L, 4R: Quality control).
    ``first``/``second``: the statuses of those two tiles.
    """
    if player == "red":
        st = state(grabber="a3", grid={"d3": None}, crates={"blue": [[6]], "red": [[5]]},
                   played={"red": {"dT": first, "dB": second}})
        return st, "d3", ("dT", "dB")
    st = state(to_move="blue", grabber="c1", grid={"c4": None}, crates={"red": [[6]], "blue": [[5]]},
               played={"blue": {"4L": first, "4R": second}})
    return st, "c4", ("4L", "4R")


@pytest.mark.parametrize("player", ["red", "blue"])
@pytest.mark.parametrize(("first", "second"), [
    ("unplayed", "unplayed"), ("used", "unplayed"), ("unplayed", "used"), ("used", "used")])
def test_an_empty_square_is_entered_only_through_an_unplayed_own_tile_at_an_end_of_its_line(
        player: str, first: str, second: str) -> None:
    """PP-M2: the mover may enter the empty square only by activating one of its own
    unplayed tiles at the ends of the line crossing its axis there: each unplayed end
    tile gives moves written <square>/<space>:..., a used one none, and with both used
    the square is no destination."""
    st, square, spaces = empty_square_with_tiles(player, first, second)
    expected = {sp for sp, status in zip(spaces, (first, second)) if status == "unplayed"}
    assert {t[3:5] for t in moves_to(st, square)} == expected


def test_only_the_movers_own_tiles_on_the_line_crossing_its_axis_count() -> None:
    """PP-M2: the same empty square d3 under both movers.

    Red's column-d tiles (dT, dB) are used; Blue's row-3 tiles (3L, 3R: Rush orders) are
    unplayed. Red (moving along row 3 from a3) cannot enter d3: Blue's row tiles do not
    count for Red. Blue (moving along column d from d1) can, through 3L or 3R (a Rush
    order has no target: "d3/3L"), although Red's column tiles are used.
    """
    used_d = {"red": {"dT": "used", "dB": "used"}}
    red = state(grabber="a3", grid={"d3": None}, crates={"blue": [[6]], "red": [[5]]}, played=used_d)
    assert "d3" not in destinations(red)
    blue = state(to_move="blue", grabber="d1", grid={"d3": None}, crates={"red": [[6]], "blue": [[5]]},
                 played=used_d)
    assert moves_to(blue, "d3") == ["d3/3L", "d3/3R"]


def test_a_tray_cannot_be_grabbed_from_an_empty_square_nor_a_tile_used_on_a_tray() -> None:
    """PP-M2: d3 is empty (nothing to grab: "d3>1"); e3 holds a face-up tray, so moving
    there grabs it and cannot activate eT ("e3/eT")."""
    st = state(grabber="a3", grid={"d3": None, "e3": 2}, crates={"blue": [[6]], "red": [[5]]})
    assert broken_rule(st, "d3>1") == "PP-M2"
    assert broken_rule(st, "e3/eT") == "PP-M2"


# --- PP-M3 ------------------------------------------------------------------------------


def test_a_face_down_tray_is_never_a_destination() -> None:
    """PP-M3: d3 holds a face-down 4 while Red's dT and dB are unplayed: d3 is neither
    grabbed nor entered by Red (row 3) nor by Blue (column d, from d1)."""
    st = state(grabber="a3", grid={"d3": down(4)}, crates={"blue": [[6]]})
    assert destinations(st) == {"b3", "c3", "e3", "f3"}
    assert broken_rule(st, "d3>1") == "PP-M3"
    assert broken_rule(st, "d3/dT") == "PP-M3"
    blue = state(to_move="blue", grabber="d1", grid={"d3": down(4)}, crates={"red": [[6]]})
    assert destinations(blue) == {"d2", "d4", "d5", "d6"}


# --- PP-M4 ------------------------------------------------------------------------------


def test_an_activated_tile_is_no_longer_unplayed() -> None:
    """PP-M4: Red on a3 enters empty d3 through dT (Quality control; Blue's crates are
    all empty, so no target, PP-A7); dB was used before. Then Blue d3->d1 (grab),
    Red d1->e1 (grab), Blue e1->e3 (grab): the grabber is back on row 3 with Red to move,
    d3 still empty, and neither dT nor dB unplayed, so d3 is no destination. a3 (empty,
    Red's aT/aB Premium unplayed) still is."""
    st = state(grabber="a3", grid={"d3": None}, crates={"red": [[6, 5]]}, played={"red": {"dB": "used"}})
    play(st, "d3/dT")
    assert tile_status(st, "red", "dT") == "used"
    play(st, "d1>1")   # Blue: its crates are all empty, any crate
    play(st, "e1>2")   # Red: crate 1 holds two trays, 2..4 hold none
    play(st, "e3>2")   # Blue: crate 1 holds the d1 tray
    assert st.current_player == "red"
    assert st.snapshot()["grid"]["d3"] is None
    assert "d3" not in destinations(st)
    assert "a3" in destinations(st)


def test_a_tile_flipped_by_the_opponents_malfunction_cannot_be_activated() -> None:
    """PP-M4 with PP-A6b: Blue on f3 enters empty f6 through 6L (Malfunction) and flips
    Red's dT; Red's dB is used. Red then moves along row 6 from f6: d6 is empty and no
    tile of column d is unplayed, so d6 is no destination. Had Blue flipped the tray on
    a1 instead, Red could enter d6 through dT."""
    st = state(to_move="blue", grabber="f3", grid={"f6": None, "d6": None},
               crates={"blue": [[6]], "red": [[5], [5]]}, played={"red": {"dB": "used"}})
    assert_flip_closes_square(st, "f6/6L:dT", "f6/6L:a1", "red", "dT", "d6")


# --- PP-G1 ------------------------------------------------------------------------------


def test_grabbing_removes_the_tray_and_the_grabber_stays_on_the_empty_square() -> None:
    """PP-G1: Red on c3 grabs the 4 on e3 into crate 1: e3 empty, grabber on e3, Red's
    crate 1 holds [4]; 35 trays lay on the grid before (36 less Blue's 6), 34 after."""
    st = state(grabber="c3", grid={"e3": 4}, crates={"blue": [[6]]})
    play(st, "e3>1")
    snap = st.snapshot()
    assert snap["grid"]["e3"] is None
    assert snap["grabber"] == "e3"
    assert crate_trays(st, "red") == [[4], [], [], []]
    assert sum(cell is not None for cell in snap["grid"].values()) == 34
    assert st.current_player == "blue"


# --- PP-G2 ------------------------------------------------------------------------------


def test_a_grabbed_tray_goes_to_an_open_crate_with_the_fewest_trays_ties_are_a_choice() -> None:
    """PP-G2: Red's crates hold 2, 1, 0, 0 trays (all open): fewest is 0, crates 3 and
    4 tie, so grabbing e3 offers exactly e3>3 and e3>4."""
    st = state(grabber="c3", grid={"e3": 4}, crates={"red": [[2, 3], [5]]})
    assert moves_to(st, "e3") == ["e3>3", "e3>4"]


def test_closed_crates_do_not_count_for_fewest_trays() -> None:
    """PP-G2 Decision: only open crates count. Red's crate 2 is empty but premium
    (closed by aB); the open crates hold 2, 1, 1 trays, so the fewest is 1 and e3 goes
    to crate 3 or 4. Counting the closed crate would make the fewest 0, leaving only
    the closed crate 2 (or no grab at all)."""
    st = state(grabber="c3", grid={"e3": 4}, crates={"red": [[2, 3], [], [4], [1]]},
               closed={"red": {2: "premium"}}, played={"red": {"aB": "used"}})
    assert moves_to(st, "e3") == ["e3>3", "e3>4"]
    assert broken_rule(st, "e3>1") == "PP-G2"   # open, but 2 trays > 1
    assert broken_rule(st, "e3>2") == "PP-G2"   # closed


# --- PP-G3 ------------------------------------------------------------------------------


def test_a_crate_is_a_stack_whose_top_is_the_last_tray_placed() -> None:
    """PP-G3: Red's crate 1 holds [2]; Red grabs the 5 on e3 into it: [2, 5], top 5 (as
    Blue sees it, PP-V1). Blue then enters e4 through 4L (Quality control) taking the top
    of Red's crate 1 into its own crate 2 (Blue's crates hold 1, 0, 0, 0): the 5 moves,
    the 2 stays."""
    st = state(grabber="c3", grid={"e3": 5, "e4": None},
               crates={"red": [[2], [1], [1], [1]], "blue": [[6]]})
    play(st, "e3>1")
    assert crate_trays(st, "red")[0] == [2, 5]
    assert st.observation("blue")["crates"]["red"][0] == {"count": 2, "top": 5, "status": "open"}
    play(st, "e4/4L:1>2")
    assert crate_trays(st, "red")[0] == [2]
    assert crate_trays(st, "blue") == [[6], [5], [], []]
