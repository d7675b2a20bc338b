"""PACRU snapshots (pickpack.games.pacru.snapshot): validation names the field, the seat,
the item and the rule; normalisation; round trips through the reference."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pickpack.errors import SnapshotError
from pickpack.games.pacru.observation import observation_from_snapshot
from pickpack.games.pacru.reference import RefState
from pickpack.games.pacru.snapshot import FIELDS, parse_chevron
from pickpack.games.pacru.snapshot_check import validate_snapshot


def _start() -> dict[str, Any]:
    return {"players": 2, "single_cell": False, "classic_meeting": False, "max_plies": 1000, "ply": 0,
            "turn": 0, "board": ["." * 9] * 9,
            "chevrons": [["a3E", "e1N", "i3W", "i9SW"], ["a1NE", "a7E", "e9S", "i7W"]]}


def _error(**changes: Any) -> SnapshotError:
    snap = _start()
    snap.update(changes)
    with pytest.raises(SnapshotError) as caught:
        validate_snapshot(snap)
    return caught.value


@pytest.mark.parametrize(("changes", "field", "rule"), [
    ({"players": 5}, "players", "PA-C4"),
    ({"players": "2"}, "players", ""),
    ({"single_cell": 0}, "single_cell", ""),
    ({"classic_meeting": None}, "classic_meeting", ""),
    ({"max_plies": 0}, "max_plies", "PA-E3"),
    ({"max_plies": True}, "max_plies", ""),
    ({"ply": 1001}, "ply", "PA-E3"),
    ({"ply": -1}, "ply", "PA-E3"),
    ({"turn": 2}, "turn", "PA-S4"),
    ({"board": ["." * 9] * 8}, "board", "PA-C1"),
    ({"board": "." * 81}, "board", "PA-C1"),
    ({"board": ["." * 9] * 8 + ["." * 8]}, "board", "PA-C1"),
    ({"board": ["." * 9] * 8 + ["C" + "." * 8]}, "board", "PA-C2"),
    ({"chevrons": [["e1N"]]}, "chevrons", "PA-C4"),
    ({"chevrons": [["e1N", "a1N", "b1N", "c1N", "d1N"], ["e9S"]]}, "chevrons", "PA-C4"),
    ({"chevrons": [["e1N"], ["e1S"]]}, "chevrons", "PA-C2"),
    ({"chevrons": [["e1X"], ["e9S"]]}, "chevrons", "PA-C3"),
    ({"chevrons": [["E1N"], ["e9S"]]}, "chevrons", "PA-C3"),
    ({"chevrons": [[1], ["e9S"]]}, "chevrons", ""),
])  # no chevron at all (PA-E2) is the C loader's check: tests/games/pacru/test_reachable.py
def test_every_problem_names_its_field(changes: dict[str, Any], field: str, rule: str) -> None:
    error = _error(**changes)
    assert error.field == field and error.rule == rule
    assert field in str(error)


def test_seat_and_index_are_named() -> None:
    error = _error(chevrons=[["e1N", "a1Q"], ["e9S"]])
    assert (error.player, error.index) == ("south", 1)
    error = _error(board=["." * 9] * 8 + ["..Z......"])
    assert error.index == 2                      # the cell c1


def test_keys_are_exact() -> None:
    snap = _start()
    del snap["ply"]
    with pytest.raises(SnapshotError, match="missing key") as caught:
        validate_snapshot(snap)
    assert caught.value.field == "snapshot"
    with pytest.raises(SnapshotError, match="unknown key"):
        validate_snapshot({**_start(), "winner": 0})
    with pytest.raises(SnapshotError):
        validate_snapshot([1, 2])  # type: ignore[arg-type]


def test_unreachable_positions() -> None:
    # The seat to move cannot move: a9 pointing N (PA-E1).
    error = _error(chevrons=[["a9N"], ["e9S"]])
    assert (error.field, error.rule) == ("turn", "PA-E1")
    # Two seats at the target (3 players: 28; A 28, B 29): the first to reach it ended
    # the game (PA-E2); the C loader's check, which the reference shares.
    with pytest.raises(SnapshotError) as caught:
        RefState.from_snapshot({**_start(), "players": 3, "chevrons": [["e9S"], ["g1N"], ["c1N"]], "ply": 90,
                                "board": ["AAAAAAAAA"] * 3 + ["ABBBBBBBB"] + ["BBBBBBBBB"] * 2 + ["BBB......"]
                                + ["." * 9] * 2})
    assert (caught.value.field, caught.value.rule) == ("board", "PA-E2")
    # At the target and over: structurally valid (it loads unchecked; it is unreachable,
    # tests/games/pacru/test_reachable.py), terminal, even with the seat to move blocked.
    state = RefState.from_snapshot({**_start(), "board": ["AAAAAAAAA"] * 5 + ["." * 9] * 4,
                                    "chevrons": [["a9N"], ["e1N"]]}, checked=False)
    assert state.is_terminal() and state.winning_seats() == [0]
    # Only north has chevrons: over (PA-E2), a valid terminal position.
    assert RefState.from_snapshot({**_start(), "chevrons": [[], ["e9S"]]}, checked=False).winning_seats() == [1]
    # The cap reached: over too.
    assert RefState.from_snapshot({**_start(), "ply": 7, "max_plies": 7}, checked=False).winning_seats() == [0, 1]


def test_normalised_copy_sorts_chevrons_by_name() -> None:
    snap = _start()
    snap["chevrons"] = [["i9SW", "e1N", "i3W", "a3E"], ["i7W", "e9S", "a7E", "a1NE"]]
    good = validate_snapshot(snap)
    assert good == _start() and list(good) == list(FIELDS)
    assert snap["chevrons"][0][0] == "i9SW"      # the argument is not changed


def test_parse_chevron() -> None:
    assert parse_chevron("i9SW") == (80, 5)
    for bad in ("i9", "j1N", "a0N", "e1n", "e1NNE"):
        with pytest.raises(ValueError):
            parse_chevron(bad)


def test_random_positions_round_trip() -> None:
    rng = random.Random(11)
    for players in (2, 3, 4):
        state = RefState(players, single_cell=True)
        for _ in range(40):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.move_actions()))
            snap = state.snapshot()
            assert validate_snapshot(snap) == snap
            assert RefState.from_snapshot(snap) == state
            obs = observation_from_snapshot(snap, players - 1)
            assert obs == {**snap, "player": players - 1}
    with pytest.raises(ValueError):
        observation_from_snapshot(_start(), 2)
    with pytest.raises(TypeError):
        observation_from_snapshot(_start(), True)
