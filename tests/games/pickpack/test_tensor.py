"""Pick & Pack's observation tensor (State.observation_tensor, core/pickpack/observation.c):
values worked out by hand from the offset table in docs/engine.md ("Observation tensor"),
hidden information (PP-V2, PP-S3) and bad players.

The deal used is the PP-C2 trays in ascending square order: a1..d2 hold 1 apple, e2..f3
2, a4..a5 3, b5..a6 4, b6..e6 5 and f6 the single 6, where the grabber starts (PP-S2).
"""

from __future__ import annotations

import array
import random
from typing import Any

import pytest

from pickpack.game import ObservationTensorState
from pickpack.games.pickpack import State
from pickpack.games.pickpack.encoding import PLAYERS

import pickpack

DEAL = [1] * 10 + [2] * 8 + [3] * 7 + [4] * 6 + [5] * 4 + [6]
PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}
SIZE = 878


def _nonzero(tensor: array.array[float]) -> dict[int, float]:
    return {i: v for i, v in enumerate(tensor) if v != 0.0}


def _grid_ones(deal: list[int], empty: set[int]) -> dict[int, float]:
    """Face-up planes (offset 43) of a grid where every square not in ``empty`` is face up."""
    return {43 + 36 * (apples - 1) + sq: 1.0 for sq, apples in enumerate(deal) if sq not in empty}


def _tiles(base: int, kinds: str) -> dict[int, float]:
    """12 unplayed tiles of ``kinds`` (in space order) at ``base``: kind, then status 6."""
    out: dict[int, float] = {}
    for i in range(12):
        out[base + 9 * i + "PWRQXM".index(kinds[i])] = 1.0
        out[base + 9 * i + 6] = 1.0
    return out


def test_first_placement_decision_shows_red_its_tile_and_hides_it_from_blue() -> None:
    state = pickpack.new_game("pickpack", deal=DEAL, first="red")
    state.apply_action(0)                      # Red places P on aT (PP-S3), Red places on
    assert isinstance(state, ObservationTensorState)
    assert state.observation_tensor_shape() == (SIZE,)
    open_crates = {475: 1.0, 516: 1.0, 557: 1.0, 598: 1.0, 639: 1.0, 644: 1.0, 649: 1.0, 654: 1.0}
    red = {0: 1.0, 3: 1.0, 5: 1.0, 7 + 35: 1.0, **_grid_ones(DEAL, set()), **open_crates,
           659: 1.0, **{659 + 9 * i + 6: 1.0 for i in range(12)},
           **{767 + 9 * i + 6: 1.0 for i in range(12)}}
    assert _nonzero(state.observation_tensor("red")) == red
    # Blue: the opponent (Red) is to move (offset 4), Blue is blue (6), Red's P is hidden
    blue = {0: 1.0, 4: 1.0, 6: 1.0, 7 + 35: 1.0, **_grid_ones(DEAL, set()), **open_crates,
            **{659 + 9 * i + 6: 1.0 for i in range(12)}, **{767 + 9 * i + 6: 1.0 for i in range(12)}}
    assert _nonzero(state.observation_tensor(1)) == blue
    assert 43 in blue and 258 in blue          # a1 holds 1 apple, f6 the 6 (plane 5)


def _play_position() -> Any:
    state = pickpack.new_game("pickpack", deal=DEAL, first="red", placements=PLACEMENTS)
    for text in ("a6>1", "a5>1", "b5>2", "b6>2"):   # Red 4 apples, Blue 3, Red 4, Blue 5
        state.apply(text)
    return state


def test_play_position_with_crates_seen_from_both_seats() -> None:
    state = _play_position()                   # grabber b6 (square 31), Red to move
    empty = {30, 24, 25, 31}                   # a6, a5, b5, b6 were grabbed (PP-G1)
    red = {1: 1.0, 3: 1.0, 5: 1.0, 7 + 31: 1.0, **_grid_ones(DEAL, empty),
           475: 1.0, 478: 1 / 36, 479: 4 / 6, 480: 4 / 6,          # crate 1: [4]
           516: 1.0, 519: 1 / 36, 520: 4 / 6, 521: 4 / 6,          # crate 2: [4]
           557: 1.0, 598: 1.0,
           639: 1.0, 642: 1 / 36, 643: 3 / 6,                       # Blue's crate 1: 1 tray, top 3
           644: 1.0, 647: 1 / 36, 648: 5 / 6,                       # Blue's crate 2: top 5
           649: 1.0, 654: 1.0,
           **_tiles(659, PLACEMENTS["red"]), **_tiles(767, PLACEMENTS["blue"]),
           877: 8 / 194}
    assert _nonzero(state.observation_tensor("red")) == pytest.approx(red)
    blue_view = _nonzero(state.observation_tensor("blue"))
    assert blue_view[4] == 1.0 and blue_view[6] == 1.0 and 3 not in blue_view and 5 not in blue_view
    assert [blue_view.get(475 + k) for k in range(6)] == pytest.approx([1.0, None, None, 1 / 36, 0.5, 0.5])
    assert [blue_view.get(639 + k) for k in range(5)] == pytest.approx([1.0, None, None, 1 / 36, 4 / 6])
    assert blue_view[877] == pytest.approx(8 / 194)   # Blue's own 3 + 5


def test_a_premium_crate_hides_its_top_from_the_opponent() -> None:
    state = _play_position()
    state.apply("a6/aT:1")                     # Red's P at aT closes crate 1 premium (PP-A1)
    red = state.observation_tensor("red")
    assert list(red[475:481]) == pytest.approx([0, 1, 0, 1 / 36, 4 / 6, 4 / 6])
    assert list(red[659:668]) == [1, 0, 0, 0, 0, 0, 0, 1, 0]      # aT: P, used
    assert red[877] == pytest.approx(12 / 194)                   # 2 x 4 + 4 (PP-E3)
    blue = state.observation_tensor("blue")
    assert list(blue[639:644]) == pytest.approx([0, 1, 0, 1 / 36, 0])  # the tile covers the top
    assert list(blue[767:776]) == [1, 0, 0, 0, 0, 0, 0, 1, 0]
    assert blue[3] == 1.0 and blue[7 + 30] == 1.0                # Blue to move, grabber a6


def test_game_over_has_nobody_to_move() -> None:
    state = pickpack.new_game("pickpack", seed=3, placements="dealt")
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in (0, 1):
        tensor = state.observation_tensor(seat)
        assert list(tensor[0:5]) == [0, 0, 1, 0, 0]
        assert all(0.0 <= v <= 1.0 for v in tensor)


def _rebuilt(state: Any, change: Any) -> Any:
    snap = state.snapshot()
    change(snap)
    return State.from_snapshot(snap, state.first_player, checked=False)


def _hidden_tray_shuffles(state: Any, owner: str, rng: random.Random) -> Any | None:
    """A copy of ``state`` with the trays ``owner``'s opponent cannot see (PP-V2: all
    trays of closed crates, all but the top of open ones) shuffled among their places,
    or None when that changes nothing."""
    snap = state.snapshot()
    crates = snap["crates"][owner]
    places = [(c, i) for c, crate in enumerate(crates) for i in range(len(crate["trays"]))
              if crate["status"] != "open" or i < len(crate["trays"]) - 1]
    trays = [crates[c]["trays"][i] for c, i in places]
    shuffled = trays[:]
    rng.shuffle(shuffled)
    if shuffled == trays:
        return None
    for (c, i), apples in zip(places, shuffled):
        crates[c]["trays"][i] = apples
    return State.from_snapshot(snap, state.first_player, checked=False)


def test_hidden_trays_and_score_do_not_reach_the_opponent_tensor() -> None:
    rng = random.Random(11)
    changed = score_changed = 0
    for game in range(40):
        state = pickpack.new_game("pickpack", seed=game, placements="dealt")
        while not state.is_terminal():
            for owner in PLAYERS:
                other = PLAYERS[1 - PLAYERS.index(owner)]
                twin = _hidden_tray_shuffles(state, owner, rng)
                if twin is None:
                    continue
                changed += 1
                score_changed += twin.scores()[owner] != state.scores()[owner]
                assert twin.observation(other) == state.observation(other)
                assert twin.observation_tensor(other) == state.observation_tensor(other)
                assert twin.observation_tensor(owner) != state.observation_tensor(owner)
            state.apply_action(rng.choice(state.legal_actions()))
    assert changed > 100 and score_changed > 10


def test_placement_kinds_are_hidden_from_the_opponent_until_play() -> None:
    state = pickpack.new_game("pickpack", deal=DEAL, first="red")
    for kind in "PPWWRRQQXXMM":                # Red's 12 decisions; Blue places next
        state.apply_action("PWRQXM".index(kind))
    state.apply_action(3)                      # Blue places Q on 1L

    def other_red(snap: dict[str, Any]) -> None:
        for space, kind in zip(snap["tiles"]["red"], "MMXXQQRRWWPP"):
            snap["tiles"]["red"][space]["kind"] = kind

    twin = _rebuilt(state, other_red)
    assert twin.observation_tensor("blue") == state.observation_tensor("blue")
    assert twin.observation_tensor("red") != state.observation_tensor("red")
    assert state.observation_tensor("red")[767 + 3] == 0.0       # Blue's Q on 1L: hidden from Red
    assert state.observation_tensor("blue")[659 + 3] == 1.0      # Blue sees its own Q


def test_tensors_are_fresh_float32_arrays() -> None:
    state = pickpack.new_game("pickpack", seed=5)
    first = state.observation_tensor(0)
    assert first.typecode == "f" and len(first) == SIZE
    first[0] = 0.5
    assert state.observation_tensor(0)[0] == 1.0


@pytest.mark.parametrize("bad", [2, -1, "green", "Red", True, 1.0, None])
def test_a_bad_player_gets_the_observation_error(bad: Any) -> None:
    state = pickpack.new_game("pickpack", seed=5)
    with pytest.raises(ValueError) as expected:
        state.observation(bad)
    with pytest.raises(ValueError) as got:
        state.observation_tensor(bad)
    assert str(got.value) == str(expected.value)
    assert "must be 'red' or 'blue'" in str(got.value)


@pytest.mark.parametrize("seat", [2, -1, 255])
def test_the_binding_refuses_a_bad_seat_before_the_c_fill(seat: int) -> None:
    # The C-state base checks the seat against the table's players; the C fill's own
    # refusal (-1 from the table's observation) is tests/games/pickpack/test_c_core.py's.
    state = pickpack.new_game("pickpack", seed=5)
    with pytest.raises(ValueError, match=f"^player must be a seat 0..1, not {seat}$"):
        state._observation_tensor(seat)
