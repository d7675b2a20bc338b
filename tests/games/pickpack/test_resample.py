"""Pick & Pack's resample_from_infostate (the HiddenInformationState hook, CState over the
C table's determinize, core/pickpack/ops.c): during placement a seat cannot see the other
player's placed tiles (PP-S3), which are redrawn two of each kind (PP-C3), seeded only
from the seed and what the seat sees; nothing else is hidden under perfect recall
(PP-V1, PP-V2)."""

from __future__ import annotations

from collections import Counter

import pytest

import pickpack
from pickpack.games.pickpack.state import State

KINDS = "PWRQXM"          # placement action k places kind KINDS[k] (docs/engine.md)


def _placed(red: str, blue: str = "", seed: int = 3) -> State:
    state: State = pickpack.new_game("pickpack", seed=seed)
    for kind in red + blue:
        state.apply_action(KINDS.index(kind))
    return state


def _kinds(state: State, player: str) -> list[str | None]:
    return [t["kind"] for t in state.snapshot()["tiles"][player].values()]


def test_blue_placing_sees_reds_placement_redrawn_two_of_each_kind() -> None:
    state = _placed("PPWWRRQQXXMM", "RW")
    view = state.resample_from_infostate(1, 7)
    assert Counter(_kinds(view, "red")) == Counter("PPWWRRQQXXMM")
    assert _kinds(view, "blue") == ["R", "W"] + [None] * 10          # its own tiles stay
    assert view.snapshot()["grid"] == state.snapshot()["grid"] and view.current_player == "blue"
    assert view.observation("blue") == state.observation("blue")
    assert view.legal_actions() == state.legal_actions() and view.history_actions() == []
    assert view.zobrist_hash() == view._hash_from_scratch()
    assert state.resample_from_infostate(1, 7).position_key() == view.position_key()   # seeded


def test_twins_blue_cannot_tell_apart_give_the_same_view_and_resampling_it_gives_it_back() -> None:
    # Red's placements differ, Blue's are the same: Blue's view depends on the seed only.
    one, two = _placed("PPWWRRQQXXMM", "Q"), _placed("MMXXQQRRWWPP", "Q")
    assert one.position_key() != two.position_key() and one.observation(1) == two.observation(1)
    views = [(one.resample_from_infostate(1, s), two.resample_from_infostate(1, s)) for s in range(6)]
    assert all(a.position_key() == b.position_key() for a, b in views)
    assert len({a.position_key() for a, _ in views}) > 1                # the seed draws
    assert all(a.resample_from_infostate(1, s).position_key() == a.position_key() for s, (a, _) in enumerate(views))


def test_red_sees_blues_placed_tiles_redrawn_and_nothing_of_its_own_changed() -> None:
    state = _placed("PPWWRRQQXXMM", "RWX")
    view = state.resample_from_infostate(0, 11)
    blue = _kinds(view, "blue")
    assert blue[3:] == [None] * 9 and all(Counter(blue[:3])[k] <= 2 for k in KINDS)
    assert _kinds(view, "red") == list("PPWWRRQQXXMM")
    assert view.observation("red") == state.observation("red")


def test_blue_during_reds_placement_redraws_only_reds_tiles_placed_so_far() -> None:
    state = _placed("PPW")
    view = state.resample_from_infostate(1, 2)
    red = _kinds(view, "red")
    assert red[3:] == [None] * 9 and None not in red[:3] and all(Counter(red[:3])[k] <= 2 for k in KINDS)
    assert view.observation("blue") == state.observation("blue")


@pytest.mark.parametrize("seat", [0, 1])
def test_nothing_is_hidden_in_play_or_from_red_before_blue_places(seat: int) -> None:
    for state in (pickpack.new_game("pickpack", seed=5, variant="dealt"), _placed("PW")):
        if seat == 1 and state.phase == "placement":
            continue
        view = state.resample_from_infostate(seat, 9)
        assert view == state and view.history_actions() == []
    red_placing = _placed("PW")
    assert red_placing.resample_from_infostate(0, 9) == red_placing


def test_pacru_has_perfect_information_its_resample_is_the_position() -> None:
    state = pickpack.new_game("pacru", players=3, seed=4)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    view = state.resample_from_infostate(2, 1)
    assert view.snapshot() == state.snapshot() and view.history_actions() == []


@pytest.mark.parametrize(("seat", "seed", "error", "words"), [
    (2, 0, ValueError, "player must be a seat 0..1, not 2"),
    ("blue", 0, TypeError, "a seat is an int, not str"),
    (True, 0, TypeError, "a seat is an int, not bool"),
    (1, -1, ValueError, "seed must be in 0..2\\*\\*64-1, got -1"),
    (1, 2.5, TypeError, "seed must be an int, not float"),
])
def test_bad_seats_and_seeds_are_refused_in_one_line(seat: object, seed: object, error: type[Exception],
                                                    words: str) -> None:
    with pytest.raises(error, match=words):
        _placed("PPWWRRQQXXMM").resample_from_infostate(seat, seed)  # type: ignore[arg-type]
