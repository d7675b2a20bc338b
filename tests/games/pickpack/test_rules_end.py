"""End of the game, scoring and what each player sees (PP-E1..PP-E5, PP-V1, PP-V2).

Crate scores by PP-E3: open 1 point per apple, premium 2 per apple, wholesale 1 per 2
apples rounded down. Positions: tests/games/pickpack/positions.py.
"""

from __future__ import annotations

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from tests.games.pickpack.positions import BLOCKED_COLUMN_D, crate_statuses, down, moves_to, play, position, state


# --- PP-E1 ------------------------------------------------------------------------------


def test_game_ends_when_own_premiums_and_opponent_wholesales_close_all_four_crates() -> None:
    """PP-E1: Red's crates: [3] premium (aB), [2] and [] wholesale (Blue's 2L, 2R), [4]
    open. Three closed: the game goes on. Red's Premium (aT, from b3 into empty a3)
    closes crate 4: all four closed, over at once. Red 2*3 + 2//2 + 0 + 2*4 = 15, Blue's
    open [5, 5] = 10: Red wins (PP-E4)."""
    st = state(grabber="b3", grid={"a3": None}, crates={"red": [[3], [2], [], [4]], "blue": [[5, 5]]},
               closed={"red": {1: "premium", 2: "wholesale", 3: "wholesale"}},
               played={"red": {"aB": "used"}, "blue": {"2L": "used", "2R": "used"}})
    assert (st.phase, st.is_terminal(), st.winner()) == ("play", False, None)
    assert moves_to(st, "a3") == ["a3/aT:4"]
    play(st, "a3/aT:4")
    assert crate_statuses(st, "red") == ["premium", "wholesale", "wholesale", "premium"]
    assert (st.phase, st.is_terminal(), st.current_player) == ("over", True, None)
    assert st.legal_moves() == [] and st.legal_actions() == []
    assert st.scores() == {"red": 15, "blue": 10}
    assert st.winner() == "red"
    assert st.returns() == [1.0, -1.0]


def test_game_ends_when_the_opponents_wholesale_closes_the_fourth_crate() -> None:
    """PP-E1: Red's crates [1] premium (aT), [2] premium (aB), [3] wholesale (Blue's
    2L), [4] open. Blue on c5 enters empty c2 through 2R (Wholesale): the only target is
    Red's crate 4. The game ends although Blue's own crates are all open. Red
    2*1 + 2*2 + 3//2 + 4//2 = 2+4+1+2 = 9, Blue [6] = 6."""
    st = state(to_move="blue", grabber="c5", grid={"c2": None},
               crates={"red": [[1], [2], [3], [4]], "blue": [[6]]},
               closed={"red": {1: "premium", 2: "premium", 3: "wholesale"}},
               played={"red": {"aT": "used", "aB": "used"}, "blue": {"2L": "used"}})
    assert moves_to(st, "c2") == ["c2/2R:4"]
    play(st, "c2/2R:4")
    assert (st.phase, st.current_player) == ("over", None)
    assert crate_statuses(st, "blue") == ["open"] * 4
    assert st.scores() == {"red": 9, "blue": 6}


# --- PP-E2 ------------------------------------------------------------------------------


def blocked_blue(four_right: str) -> pickpack_game.State:
    """Red on a3; column d: d1 empty (Blue's 1L, 1R used), d2 face down, d3 a face-up
    2, d4 empty (Blue's 4L used, 4R ``four_right``), d5 and d6 face down. Red's crates
    [5], [5]; Blue's [6]."""
    return state(grabber="a3", crates={"red": [[5], [5]], "blue": [[6]]},
                 grid={"d1": None, "d2": down(2), "d3": 2, "d4": None, "d5": down(3), "d6": down(4)},
                 played={"blue": {"1L": "used", "1R": "used", "4L": "used", "4R": four_right}})


def test_game_ends_when_the_player_to_move_has_no_legal_move() -> None:
    """PP-E2: Red grabs d3 into crate 3 (crates 3, 4 hold the fewest, 0). Blue, on d3,
    moves along column d: d2, d5, d6 face down (PP-M3); d1 and d4 empty with no unplayed
    Blue tile at their row ends (PP-M2): no legal move, the game is over. Red 5+5+2 = 12,
    Blue 6."""
    st = blocked_blue("used")
    play(st, "d3>3")
    assert (st.phase, st.current_player, st.legal_moves()) == ("over", None, [])
    assert st.scores() == {"red": 12, "blue": 6}
    assert st.winner() == "red"


def test_game_goes_on_while_the_player_to_move_has_one_legal_move() -> None:
    """PP-E2 control: with Blue's 4R unplayed (Quality control), Blue can enter d4
    through it, so the game goes on with Blue to move."""
    st = blocked_blue("unplayed")
    play(st, "d3>3")
    assert (st.phase, st.current_player) == ("play", "blue")
    assert {t[:5] for t in moves_to(st, "d4")} == {"d4/4R"}


# --- PP-E3 ------------------------------------------------------------------------------


def scoring_snapshot() -> dict[str, object]:
    """Red: [3, 5] open, [2, 4] premium (aT), [5, 4] wholesale, [1] wholesale (Blue's
    2L, 2R). Blue: [6] premium (1L), [1, 1, 1] open, [3] wholesale (Red's bT), [] open."""
    return position(grabber="c3",
                    crates={"red": [[3, 5], [2, 4], [5, 4], [1]], "blue": [[6], [1, 1, 1], [3], []]},
                    closed={"red": {2: "premium", 3: "wholesale", 4: "wholesale"},
                            "blue": {1: "premium", 3: "wholesale"}},
                    played={"red": {"aT": "used", "bT": "used"}, "blue": {"1L": "used", "2L": "used", "2R": "used"}})


def test_crates_score_one_per_apple_open_two_premium_half_wholesale_rounded_down() -> None:
    """PP-E3: Red: open 3+5 = 8; premium 2*(2+4) = 12; wholesale (5+4)//2 = 4 (4.5
    rounded down); wholesale 1//2 = 0: 24. Blue: premium 2*6 = 12; open 1+1+1 = 3;
    wholesale 3//2 = 1; empty 0: 16. The snapshot's scores say the same."""
    st = pickpack_game.State.from_snapshot(scoring_snapshot(), checked=False)
    assert st.crate_scores("red") == [8, 12, 4, 0]
    assert st.crate_scores("blue") == [12, 3, 1, 0]
    assert st.scores() == {"red": 24, "blue": 16}
    assert st.snapshot()["scores"] == {"red": 24, "blue": 16}


# --- PP-E4 ------------------------------------------------------------------------------


@pytest.mark.parametrize(("d3", "red", "winner", "winners", "returns"), [
    (2, 12, "draw", ("red", "blue"), [0.0, 0.0]),    # returns by seat: [red, blue]
    (3, 13, "red", ("red",), [1.0, -1.0]),
    (1, 11, "blue", ("blue",), [-1.0, 1.0]),
])
def test_higher_total_wins_and_equal_totals_are_a_draw(
        d3: int, red: int, winner: str, winners: tuple[str, ...], returns: list[float]) -> None:
    """PP-E4 (Decision: equal totals draw). Red's open [4, 6] = 10, Blue's open
    [5, 5], [2] = 12. Red grabs d3 into crate 2 (the fewest, 0 trays) and Blue, blocked in
    column d, cannot move (PP-E2). Red = 10 + d3: 12 ties Blue's 12 -> draw (a reading
    that lets the last mover or Red win ties fails); 13 -> Red; 11 -> Blue, though Red
    moved last."""
    st = state(grabber="a3", crates={"red": [[4, 6]], "blue": [[5, 5], [2]]},
               grid={**BLOCKED_COLUMN_D, "d3": d3})
    assert (st.winner(), st.winners(), st.returns()) == (None, (), [0.0, 0.0])
    play(st, "d3>2")
    assert st.is_terminal()
    assert st.scores() == {"red": red, "blue": 12}
    # winners(): the seats with the best total, both of them in a draw.
    assert (st.winner(), st.winners()) == (winner, winners)
    assert st.returns() == returns


# --- PP-E5 ------------------------------------------------------------------------------


def test_face_down_trays_and_unused_tiles_score_nothing() -> None:
    """PP-E5: the game ends as in PP-E2 with the 6 face down on d6, 29 other trays on
    the grid and all 24 tiles unplayed. Red's crates [2, 3] and, after grabbing d3's 4,
    [4]: 5 + 4 = 9; Blue's [1]: 1. Nothing else counts (a face-down 6 alone would be
    worth 6)."""
    st = state(grabber="a3", crates={"red": [[2, 3]], "blue": [[1]]},
               grid={**BLOCKED_COLUMN_D, "d6": down(6), "d3": 4})
    play(st, "d3>2")
    assert st.is_terminal()
    assert st.scores() == {"red": 9, "blue": 1}


# --- PP-V1 / PP-V2 ----------------------------------------------------------------------


def test_observation_shows_grid_tiles_rush_and_each_opponent_crates_count_and_top() -> None:
    """PP-V1: the grid, both players' tiles (placement committed), both rush areas and
    the number and top tray of every open crate are public; a closed crate's top tray
    is covered by its tile (PP-V2). Blue sees Red's crates as (2, top 5, open),
    (2, top None, premium), (2, top None, wholesale), (1, top None, wholesale); Red sees
    Blue's last crate as (0, top None, open)."""
    snap = scoring_snapshot()
    snap["rush"] = {"red": 0, "blue": 1}
    snap["tiles"]["blue"]["3L"]["status"] = "used"  # type: ignore[index]
    st = pickpack_game.State.from_snapshot(snap, checked=False)  # hand-built (rules_positions)
    full = st.snapshot()
    blue_view = st.observation("blue")
    for key in ("grid", "tiles", "rush", "grabber", "phase", "to_move"):
        assert blue_view[key] == full[key], key
    assert blue_view["crates"]["red"] == [
        {"count": 2, "top": 5, "status": "open"}, {"count": 2, "top": None, "status": "premium"},
        {"count": 2, "top": None, "status": "wholesale"}, {"count": 1, "top": None, "status": "wholesale"}]
    assert st.observation("red")["crates"]["blue"][3] == {"count": 0, "top": None, "status": "open"}


def test_a_player_sees_their_own_crates_in_full() -> None:
    """PP-V2: each player may look through their own crates."""
    st = pickpack_game.State.from_snapshot(scoring_snapshot(), checked=False)
    assert st.observation("red")["crates"]["red"] == st.snapshot()["crates"]["red"]
    assert st.observation("blue")["crates"]["blue"] == st.snapshot()["crates"]["blue"]


def test_observation_does_not_tell_apart_positions_that_differ_only_in_hidden_opponent_trays() -> None:
    """PP-V2: Blue sees Red's crates as count and top only. Red's crates premium [1, 5]
    + open [2, 4] versus premium [2, 5] + open [1, 4]: same trays overall (so the same
    grid), same counts (2, 2) and tops (5, 4), Blue's side identical, so Blue's
    observations must be equal. (Red's totals differ, 2*6 + 6 = 18 against
    2*7 + 5 = 19, so an observation that carries Red's score gives the hidden trays away.)"""
    def red_crates(first: list[int], second: list[int]) -> pickpack_game.State:
        return state(crates={"red": [first, second], "blue": [[6]]}, closed={"red": {1: "premium"}},
                     played={"red": {"aT": "used"}})
    a, b = red_crates([1, 5], [2, 4]), red_crates([2, 5], [1, 4])
    assert a.snapshot()["scores"]["red"] == 18 and b.snapshot()["scores"]["red"] == 19
    assert a.observation("blue") == b.observation("blue")


def test_observation_is_a_copy_and_names_its_viewer() -> None:
    """PP-V2: an observation is data for one player; changing it leaves the state as it
    was, and an unknown player is refused."""
    st = pickpack_game.State.from_snapshot(scoring_snapshot(), checked=False)
    before = st.snapshot()
    view = st.observation("red")
    assert view["viewer"] == "red"
    view["crates"]["red"][0]["trays"].append(6)
    view["grid"]["a1"] = None
    assert st.snapshot() == before
    with pytest.raises(ValueError, match="green"):
        st.observation("green")
