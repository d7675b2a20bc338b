"""Action tiles (PP-A1..PP-A7), worked by hand.

Red's tiles by column (tests/games/pickpack/positions.py): a Premium, b Wholesale, c Rush order,
d Quality control, e Order mix-up, f Malfunction; Red enters an empty square of row 3
from a3 (or b3) to activate the tile at dT, cT, ... . A crate's score follows PP-E3:
open 1 point per apple, premium 2, wholesale 1 per 2 apples rounded down.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from tests.games.pickpack.positions import (
    BLUE_SPACES,
    SQUARES,
    assert_flip_closes_square,
    broken_rule,
    crate_statuses,
    crate_trays,
    destinations,
    down,
    malfunction_position,
    moves_to,
    order_mix_up_position,
    play,
    play_action,
    premium_position,
    quality_control_position,
    state,
    tile_detail,
    tile_status,
    wholesale_position,
)



# --- PP-A1 Premium --------------------------------------------------------------------


def test_premium_closes_one_of_the_players_own_open_crates_as_premium() -> None:
    """PP-A1: targets are Red's open crates 1, 2, 3 (crate 4 is already closed).
    Closing crate 2 = [3, 5]: 2*(3+5) = 16. Red's crates then score 1 (open [1]),
    16, 0 (open, empty), 8 (premium [4]: 2*4): 25 in all, 17 before (1+8+0+8)."""
    st = premium_position()
    assert moves_to(st, "a3") == ["a3/aT:1", "a3/aT:2", "a3/aT:3"]
    assert st.scores()["red"] == 17
    play(st, "a3/aT:2")
    assert crate_statuses(st, "red") == ["open", "premium", "open", "premium"]
    assert st.crate_scores("red") == [1, 16, 0, 8]
    assert st.scores()["red"] == 25
    assert tile_status(st, "red", "aT") == "used"
    assert st.current_player == "blue"


# --- PP-A2 Wholesale ------------------------------------------------------------------


def test_wholesale_closes_one_of_the_opponents_open_crates_as_wholesale() -> None:
    """PP-A2: targets are Blue's open crates 1, 2, 3. Closing crate 1 = [5, 4]:
    (5+4)//2 = 4. Blue's crates then score 4, 2, 0, 3 (6//2) = 9; before 9+2+0+3 = 14.
    Red's crates do not change."""
    st = wholesale_position()
    assert moves_to(st, "b3") == ["b3/bT:1", "b3/bT:2", "b3/bT:3"]
    assert st.scores()["blue"] == 14
    play(st, "b3/bT:1")
    assert crate_statuses(st, "blue") == ["wholesale", "open", "open", "wholesale"]
    assert st.crate_scores("blue") == [4, 2, 0, 3]
    assert st.scores() == {"red": 1, "blue": 9}
    assert crate_statuses(st, "red") == ["open"] * 4


@pytest.mark.parametrize(("build", "square", "rule"), [
    (premium_position, "a3", "PP-A1"),     # Red's crate 4 is premium already
    (wholesale_position, "b3", "PP-A2"),   # Blue's crate 4 is wholesale already
])
def test_a_closed_crate_cannot_be_closed_again(build: Callable[[], pickpack_game.State], square: str, rule: str) -> None:
    """PP-A1/PP-A2 close an *open* crate. Target crate 4 is t = 1 + 3 = 4, from the top
    end (end 0) of the column (docs/engine.md)."""
    assert broken_rule(build(), play_action(square, tile_detail(0, 4))) == rule


# --- PP-A3 Rush order -----------------------------------------------------------------


def test_rush_order_tile_goes_to_the_rush_order_area() -> None:
    """PP-A3: Red on a3 enters empty c3 through cT (cB used earlier, its order spent):
    the only move there is "c3/cT" (no target). Red's rush area goes 0 -> 1, cT is
    used, nothing else changes, and Blue moves next (the new order is not spent)."""
    st = state(grabber="a3", grid={"c3": None}, crates={"blue": [[6]], "red": [[5]]},
               played={"red": {"cB": "used"}})
    crates_before = st.snapshot()["crates"]
    assert moves_to(st, "c3") == ["c3/cT"]
    play(st, "c3/cT")
    snap = st.snapshot()
    assert snap["rush"] == {"red": 1, "blue": 0}
    assert tile_status(st, "red", "cT") == "used"
    assert snap["crates"] == crates_before
    assert st.current_player == "blue"


# --- PP-A4 Quality control --------------------------------------------------------------


def test_quality_control_takes_an_opponents_top_tray_into_an_own_fewest_crate() -> None:
    """PP-A4: sources are Blue's open non-empty crates 1 (top 4) and 4 (top 3) (2 is
    closed, 3 empty); destinations Red's open crates with the fewest trays: 1 and 3 hold
    one tray, 4 holds two, 2 is closed. Pairs a>b ascending by a*4+b: 1>1, 1>3, 4>1, 4>3.
    Taking Blue 1's 4 into Red 3: Blue [1], Red [5, 4]. Red: 2+0+5+2 = 9 -> 2+0+9+2 = 13;
    Blue: 5 + 6//2 + 0 + 3 = 11 -> 1 + 3 + 0 + 3 = 7."""
    st = quality_control_position()
    assert moves_to(st, "d3") == ["d3/dT:1>1", "d3/dT:1>3", "d3/dT:4>1", "d3/dT:4>3"]
    assert st.scores() == {"red": 9, "blue": 11}
    play(st, "d3/dT:1>3")
    assert crate_trays(st, "blue") == [[1], [6], [], [3]]
    assert crate_trays(st, "red") == [[2], [], [5, 4], [1, 1]]
    assert st.scores() == {"red": 13, "blue": 7}


# --- PP-A5 Order mix-up -----------------------------------------------------------------


def test_order_mix_up_swaps_the_top_trays_of_an_opponents_and_an_own_crate() -> None:
    """PP-A5: Red on a3 enters e3 through eT (eB used). Blue: [1, 4], [], [5] premium
    (Blue's 1L), [2]; Red: [], [2, 5], [3] wholesale (Blue's 2L), [6]. Opponent's open
    non-empty: 1, 4; own open non-empty: 2, 4 (1 is empty, 3 closed). Pairs ascending:
    1x2, 1x4, 4x2, 4x4. Swapping Blue 1's 4 with Red 2's 5: Blue [1, 5], Red [2, 4].
    Red: 0+7+3//2+6 = 14 -> 0+6+1+6 = 13; Blue: 5+0+2*5+2 = 17 -> 6+0+10+2 = 18."""
    st = order_mix_up_position()
    assert moves_to(st, "e3") == ["e3/eT:1x2", "e3/eT:1x4", "e3/eT:4x2", "e3/eT:4x4"]
    assert st.scores() == {"red": 14, "blue": 17}
    play(st, "e3/eT:1x2")
    assert crate_trays(st, "blue") == [[1, 5], [], [5], [2]]
    assert crate_trays(st, "red") == [[], [2, 4], [3], [6]]
    assert st.scores() == {"red": 13, "blue": 18}


# --- PP-A6 Malfunction ------------------------------------------------------------------


def test_malfunction_targets_every_face_up_tray_and_every_unplayed_opponent_tile() -> None:
    """PP-A6: 36 squares less a3, f3 (empty) and c5 (face down) = 33 trays, in square
    order; then Blue's 12 spaces less 1L and 3R (used) = 10 tiles. Not Red's own tiles,
    not the face-down tray. 43 moves to f3."""
    st = malfunction_position()
    expected = ([f"f3/fT:{sq}" for sq in SQUARES if sq not in {"a3", "f3", "c5"}]
                + [f"f3/fT:{sp}" for sp in BLUE_SPACES if sp not in {"1L", "3R"}])
    assert len(expected) == 43
    assert moves_to(st, "f3") == expected


def test_malfunction_on_a_tray_turns_it_face_down_for_good() -> None:
    """PP-A6a: Red flips f5. It stays on the grid face down with its apples, scores
    nothing (PP-E5: scores unchanged), and Blue, moving along column f from f3, can
    neither grab nor enter it: Blue's destinations f1, f2, f4, f6 (all face up)."""
    st = malfunction_position()
    apples = st.snapshot()["grid"]["f5"]["apples"]
    scores = st.scores()
    play(st, "f3/fT:f5")
    assert st.snapshot()["grid"]["f5"] == {"apples": apples, "face_up": False}
    assert st.scores() == scores
    assert destinations(st) == {"f1", "f2", "f4", "f6"}
    assert broken_rule(st, play_action("f5", 1)) == "PP-M3"


def test_malfunction_on_an_opponent_tile_makes_it_unusable() -> None:
    """PP-A6b: f4 is empty and Blue's 4R used, so Blue (on f3 after Red's move, moving
    along column f) could enter f4 only through 4L. Red flips 4L: f4 is no longer a
    Blue destination. Had Red flipped the tray on a1 instead, f4 would be."""
    st = malfunction_position(grid={"f3": None, "c5": down(2), "f4": None},
                              crates={"blue": [[6]], "red": [[5], [5]]},
                              played={"red": {"fB": "used"}, "blue": {"1L": "used", "3R": "used", "4R": "used"}})
    assert_flip_closes_square(st, "f3/fT:4L", "f3/fT:a1", "blue", "4L", "f4")


# --- PP-A7 Decisions --------------------------------------------------------------------


def test_quality_control_without_a_possible_target_is_used_up_without_effect() -> None:
    """PP-A7 Decision (no target: may be activated). Blue's only non-empty crate, [5],
    is closed (wholesale), so Red's Quality control on dT has no target: the single move
    "d3/dT" uses dT and changes no crate and no score. Under strict-targets there would
    be no move to d3 at all."""
    st = state(grabber="a3", grid={"d3": None}, crates={"blue": [[5]], "red": [[6]]},
               closed={"blue": {1: "wholesale"}}, played={"red": {"dB": "used", "bB": "used"}})
    crates, scores = st.snapshot()["crates"], st.scores()
    assert moves_to(st, "d3") == ["d3/dT"]
    play(st, "d3/dT")
    assert tile_status(st, "red", "dT") == "used"
    assert st.snapshot()["crates"] == crates
    assert st.scores() == scores
    assert st.current_player == "blue"


def test_order_mix_up_with_all_own_crates_empty_has_no_target_and_may_be_activated() -> None:
    """PP-A7 Decision: Blue's crates [6], [5] are non-empty but Red's are all empty, so
    no swap exists: the single move to e3 is "e3/eT"."""
    st = state(grabber="a3", grid={"e3": None}, crates={"blue": [[6], [5]]}, played={"red": {"eB": "used"}})
    assert moves_to(st, "e3") == ["e3/eT"]
    play(st, "e3/eT")
    assert crate_trays(st, "blue") == [[6], [5], [], []]


def test_premium_and_wholesale_may_close_an_empty_crate() -> None:
    """PP-A7: "Premium and Wholesale may close an empty crate". Premium on Red's empty
    crate 3 (premium_position): premium, 0 points, Red's total stays 17. Wholesale on
    Blue's empty crate 3 (wholesale_position): wholesale, Blue stays 14."""
    st = premium_position()
    play(st, "a3/aT:3")
    assert crate_statuses(st, "red") == ["open", "open", "premium", "premium"]
    assert st.crate_scores("red")[2] == 0
    assert st.scores()["red"] == 17
    st = wholesale_position()
    play(st, "b3/bT:3")
    assert crate_statuses(st, "blue") == ["open", "open", "wholesale", "wholesale"]
    assert st.scores()["blue"] == 14


@pytest.mark.parametrize(("build", "square", "end"), [
    (quality_control_position, "d3", 0),   # Q has four targets
    (premium_position, "a3", 0),           # P has three
    (malfunction_position, "f3", 0),       # M has 43
])
def test_a_tile_with_a_possible_target_must_be_given_one(
        build: Callable[[], pickpack_game.State], square: str, end: int) -> None:
    """PP-A7 Decision (target exists: one must be chosen). Activation without target is
    t = 0 (docs/engine.md); it is not a legal move and is refused naming PP-A7. Under
    the other reading ("may activate without effect") it would be legal."""
    st = build()
    assert f"{square}/{square[0]}T" not in moves_to(st, square)
    assert broken_rule(st, play_action(square, tile_detail(end, 0))) == "PP-A7"
