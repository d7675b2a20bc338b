"""The position string (pickpack.games.pickpack.position): exact round trip, field-by-field errors.

Format (docs/ppn.md, "Position string"): grid grabber to-move first tiles crates rush.
Rules cited: PP-C2 (tray multiset), PP-S2 (grabber on the 6), PP-S3/S4 (placement,
first mover), PP-A6 (face-down trays, malfunctioned tiles), PP-R (rush orders).
"""

from __future__ import annotations

import random

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.games.pickpack import State, from_position
from pickpack.games.pickpack.position import PositionError, to_position

# deal_from_seed(7), squares a1..f6 (the Deal tag this engine writes for seed 7).
DEAL_7 = "445312431211412314322211321515233654"
PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}


def grid_rows(deal: str) -> str:
    """The grid field of a fresh deal worked out by hand: rows 6 down to 1, a..f each."""
    return "/".join(deal[row * 6:row * 6 + 6] for row in range(5, -1, -1))


# Seed 7 before placement: rows 6..1 of DEAL_7 (row 6 = squares 30..35 = "233654"); the
# 6-apple tray is square 33 = d6, where the grabber starts (PP-S2); Red places first
# (PP-S3) and moves first (PP-S4); every space unplaced, every crate empty, no rush order.
START_7 = "233654/321515/322211/412314/431211/445312 d6 r r ............/............ -,-,-,-/-,-,-,- 0/0"
# Field columns in START_7: grid 1, grabber 43, to-move 46, first 48, tiles 50, crates 76, rush 92.


def test_fresh_deal_string_is_worked_out_from_the_deal() -> None:
    assert grid_rows(DEAL_7) == START_7.split()[0]
    state = pickpack.new_game(seed=7)
    assert state.to_position() == START_7
    assert to_position(state) == START_7


def test_blue_first_and_placements_are_written() -> None:
    # PP-S4 first = Blue; both placements made (phase play, Blue to move), all unplayed.
    state = pickpack.new_game(seed=7, first="blue", placements=PLACEMENTS)
    fields = state.to_position().split()
    assert fields[1:] == ["d6", "b", "b", "PPWWRRQQXXMM/MMXXQQRRWWPP", "-,-,-,-/-,-,-,-", "0/0"]


def test_every_feature_is_written_as_the_spec_says() -> None:
    # Seed 0, 30 random plies (the example of docs/ppn.md): e4 holds a face-down 6
    # (F, PP-A6), Blue's 5L is a malfunctioned rush-order tile (r*), Red's crate 4 is an
    # empty premium crate (P-), Red has one rush order waiting (1/0, PP-R).
    text = ("1D..2./.2..1./552.F./.2.13D/...41./4..23. c5 r r mWmpPQqRrxXw/xQPmr*XPmRQww "
            "3121,W3,W3321,P-/W-,151,135,244 1/0")
    state = from_position(text)
    snap = state.snapshot()
    assert snap["grid"]["e4"] == {"apples": 6, "face_up": False}
    assert snap["grid"]["b6"] == {"apples": 4, "face_up": False}          # D = 4 face down
    assert snap["grid"]["c6"] is None
    assert snap["tiles"]["blue"]["5L"] == {"kind": "R", "status": "malfunctioned"}
    assert snap["tiles"]["red"]["aT"] == {"kind": "M", "status": "used"}
    assert snap["tiles"]["red"]["bT"] == {"kind": "W", "status": "unplayed"}
    assert snap["crates"]["red"][3] == {"trays": [], "status": "premium"}
    assert snap["crates"]["red"][0] == {"trays": [3, 1, 2, 1], "status": "open"}
    assert snap["crates"]["blue"][0] == {"trays": [], "status": "wholesale"}
    assert snap["rush"] == {"red": 1, "blue": 0}
    assert snap["phase"] == "play" and snap["to_move"] == "red"
    assert state.to_position() == text
    # The same position reached by play: seed 0, placements of the seed, random plies.
    replay = pickpack.new_game(seed=0, placements=pickpack_game.placements_from_seed(0))
    rng = random.Random(0)
    for _ in range(30):
        replay.apply(rng.choice(replay.legal_moves()))
    assert replay.to_position() == text
    assert state.zobrist_hash() == replay.zobrist_hash()


def _assert_round_trip(state: State) -> None:
    text = state.to_position()
    back = State.from_position(text)
    assert back.snapshot() == state.snapshot()
    assert back.zobrist_hash() == state.zobrist_hash()
    assert back.first_player == state.first_player
    assert back.to_position() == text
    assert back.ply == 0                                   # history is not part of a position
    assert back.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("seed", range(60))
def test_round_trip_at_every_ply_of_random_games(seed: int) -> None:
    # Every third game starts in phase placement (random placement decisions), the
    # others with the seed's placements; Blue moves first in odd games (PP-S3, PP-S4).
    rng = random.Random(seed)
    first = "blue" if seed % 2 else "red"
    placements = None if seed % 3 == 0 else pickpack_game.placements_from_seed(seed)
    state = pickpack.new_game(seed=seed, first=first, placements=placements)
    phases = set()
    while True:
        _assert_round_trip(state)
        phases.add(state.phase)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert "over" in phases and "play" in phases
    assert ("placement" in phases) == (placements is None)


def test_state_from_position_is_the_same_class() -> None:
    class Sub(State):
        pass

    assert type(Sub.from_position(START_7)) is Sub
    assert type(pickpack_game.from_position(START_7)) is State


def _error(text: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        from_position(text)
    assert isinstance(info.value, ValueError)
    return info.value


@pytest.mark.parametrize("text, field, column, reason", [
    ("", "grid", 1, "missing (a position string has 7 fields: grid grabber to-move first tiles "
                    "crates rush)"),
    (START_7.rsplit(" ", 1)[0], "rush", 91,
     "missing (a position string has 7 fields: grid grabber to-move first tiles crates rush)"),
    (START_7 + " x", "rush", 96, "unexpected text 'x' after the last field"),
    # grid: 5 rows; a row of 7; a bad square (column 3 = square c6)
    (START_7.replace("233654/", "", 1), "grid", 1,
     "expected 6 rows (6 down to 1) separated by '/', got 5"),
    (START_7.replace("321515", "3215151", 1), "grid", 14, "row 5 must have 6 squares (a..f), got 7"),
    (START_7.replace("233654", "23x654", 1), "grid", 3,
     "square c6: expected . (empty), 1-6 (face-up tray) or A-F (face-down tray), got 'x'"),
    (START_7.replace(" d6 ", " g7 ", 1), "grabber", 43, "expected a square a1..f6, got 'g7'"),
    (START_7.replace(" d6 r ", " d6 x ", 1), "to-move", 46,
     "expected r (Red), b (Blue) or - (game over), got 'x'"),
    (START_7.replace(" d6 r r ", " d6 r - ", 1), "first", 48, "expected r (Red) or b (Blue), got '-'"),
    # tiles: a bad letter at Red's 3rd space (cT, column 52); '*' after a capital; 11 tiles
    (START_7.replace("............/", "..Z........./", 1), "tiles", 52,
     "space cT of red: expected . or a kind P W R Q X M (capital: unplayed, small: used, small "
     "and '*': malfunctioned), got 'Z'"),
    (START_7.replace("............/", "P*........../", 1), "tiles", 51,
     "'*' (malfunctioned) follows a kind in small letters"),
    (START_7.replace("............/", ".........../", 1), "tiles", 61, "red needs 12 tiles (one per "
                                                                      "space), got 11"),
    (START_7.replace("/............ ", "/............. ", 1), "tiles", 75,
     "blue has 12 spaces; unexpected '.'"),
    # crates: 3 of Blue's; a tray digit 7 in Red's crate 2; a status with nothing after it
    (START_7.replace("-,-,-,-/-,-,-,-", "-,-,-,-/-,-,-", 1), "crates", 84,
     "blue has 4 crates separated by ',', got 3"),
    (START_7.replace("-,-,-,-/", "-,27,-,-/", 1), "crates", 79,
     "crate 2 of red: expected a tray (apple digit 1-6), got '7'"),
    (START_7.replace("-,-,-,-/", "-,P,-,-/", 1), "crates", 79,
     "crate 2 of red: expected its trays (apple digits 1-6) or '-' if empty"),
    (START_7.replace(" 0/0", " 3/0"), "rush", 92,
     "expected Red's and Blue's waiting rush orders as N/N with N in 0..2, got '3/0'"),
])
def test_malformed_strings_name_field_and_column(text: str, field: str, column: int, reason: str) -> None:
    err = _error(text)
    assert (err.field, err.column, err.reason) == (field, column, reason)
    assert str(err) == f"position string, {field} field, column {column}: {reason}"


def test_impossible_positions_name_the_field_they_lie_in() -> None:
    # a1's 4 written as a 5: the deal's six 4s become five and its four 5s five, so the
    # PP-C2 multiset breaks; the core names "grid/crates", which is the grid field, column 1.
    err = _error(START_7.replace("/445312 ", "/545312 "))
    assert (err.field, err.column) == ("grid", 1)
    assert err.reason == "impossible position: grid/crates: 5 trays of 4 apples in all, the game has 6 (PP-C2)"
    # In placement the grabber stands on the 6-apple tray (PP-S2): grabber field, column 43.
    err = _error(START_7.replace(" d6 ", " a1 "))
    assert (err.field, err.column) == ("grabber", 43)
    assert err.reason == "impossible position: grabber: starts on the 6-apple tray (PP-S2)"
    # Blue to place while Red's spaces are empty (PP-S3): to-move field, column 46.
    err = _error(START_7.replace(" d6 r r ", " d6 b r "))
    assert (err.field, err.column) == ("to-move", 46)
    # A rush order waiting without a used rush-order tile (PP-A3): rush field, column 92.
    err = _error(START_7.replace(" 0/0", " 1/0"))
    assert (err.field, err.column) == ("rush", 92)


def test_non_string_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        from_position(None)  # type: ignore[arg-type]
