"""PACRU bad input: player counts, variants and options (OptionError naming the field),
actions outside the action space and of the wrong type, malformed move text
(MoveSyntaxError with the column, worked out by hand from the grammar in
pickpack/games/pacru/encoding.py), and bad snapshots (SnapshotError naming the field).
The rule-specific illegal moves are in the other test_pacru_rules_* files.
Positions: tests/games/pacru/positions.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import pickpack
from pickpack import IllegalMoveError, MoveSyntaxError, OptionError, SnapshotError
from pickpack.games.pacru.encoding import NUM_DISTINCT_ACTIONS
from tests.games.pacru.positions import broken_rule, impl, load, raw_move, snapshot  # noqa: F401

# --- player counts, variants, options ------------------------------------------------------


@pytest.mark.parametrize("players", [1, 5, 0, -2, "2", True, 2.0])
def test_wrong_player_counts_name_players(players: Any) -> None:
    """PA-C4: PACRU is for 2..4 players; anything else is an OptionError on "players"."""
    with pytest.raises(OptionError) as caught:
        pickpack.new_game("pacru", players=players)
    assert caught.value.field == "players" and "2..4" in str(caught.value)


def test_default_player_count_is_two() -> None:
    assert pickpack.new_game("pacru").num_players == 2


def test_unknown_variant_names_the_variants() -> None:
    with pytest.raises(OptionError) as caught:
        pickpack.new_game("pacru", players=2, variant="nightmare")
    assert caught.value.field == "variant"
    assert "single-cell" in str(caught.value) and "classic-meeting" in str(caught.value)


def test_unknown_option_names_the_options() -> None:
    with pytest.raises(OptionError) as caught:
        pickpack.new_game("pacru", players=2, single=True)
    assert caught.value.field == "single"
    assert "single_cell" in str(caught.value) and "max_plies" in str(caught.value)


@pytest.mark.parametrize(("option", "value"), [
    ("single_cell", "yes"), ("single_cell", 1), ("classic_meeting", None),
    ("max_plies", 0), ("max_plies", 1001), ("max_plies", True), ("max_plies", "10"), ("max_plies", 5.0),
])
def test_bad_option_values_name_the_option(option: str, value: Any) -> None:
    """PA-B2, PA-T2: flags are true/false; PA-E3: max_plies an int 1..1000."""
    with pytest.raises(OptionError) as caught:
        pickpack.new_game("pacru", players=2, **{option: value})
    assert caught.value.field == option


@pytest.mark.parametrize(("variant", "options"), [
    ("single-cell", {"single_cell": True, "classic_meeting": False, "max_plies": 1000}),
    ("classic-meeting", {"single_cell": False, "classic_meeting": True, "max_plies": 1000}),
])
def test_variants_set_their_option(variant: str, options: dict[str, Any]) -> None:
    st = pickpack.new_game("pacru", players=3, variant=variant)
    assert st.options == options and st.snapshot()["single_cell"] is options["single_cell"]


def test_options_combine() -> None:
    st = pickpack.new_game("pacru", players=4, variant="single-cell", classic_meeting=True, max_plies=7)
    assert st.options == {"single_cell": True, "classic_meeting": True, "max_plies": 7}


@pytest.mark.parametrize(("seed", "error"), [(-1, ValueError), (2**64, ValueError), ("7", TypeError)])
def test_bad_seeds(seed: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        pickpack.new_game("pacru", players=2, seed=seed)


# --- actions ---------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [-1, NUM_DISTINCT_ACTIONS, NUM_DISTINCT_ACTIONS + 5])
def test_actions_outside_the_space(impl: Any, action: int) -> None:
    """check_action step 1: PA-M1, state unchanged."""
    st = load(impl, chevrons=[["e5N"], ["i9S"]])
    assert broken_rule(st, action) == "PA-M1"


@pytest.mark.parametrize("action", [True, 3.0, "e5-e6", None])
def test_actions_of_the_wrong_type(impl: Any, action: Any) -> None:
    st = load(impl, chevrons=[["e5N"], ["i9S"]])
    before = st.snapshot()
    with pytest.raises(TypeError):
        st.apply_action(action)
    assert st.snapshot() == before


def test_action_text_of_an_impossible_move(impl: Any) -> None:
    """An action leaving the board cannot be written: IllegalMoveError, rule PA-M1."""
    st = load(impl, chevrons=[["e5N"], ["i9S"]])
    with pytest.raises(IllegalMoveError) as caught:
        st.action_text(raw_move("a9", "W", 1))
    assert caught.value.rule == "PA-M1"


def test_a_legal_looking_move_of_the_wrong_player(impl: Any) -> None:
    """PA-M1: north's chevron i9 cannot move on south's turn (i9-i8 is north's move)."""
    assert broken_rule(load(impl, chevrons=[["e5N"], ["i9S"]]), "i9-i8") == "PA-M1"


# --- move text ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "column"), [
    ("z1-e2", 1),             # not a column letter
    ("", 1),                  # nothing
    ("e0-e2", 2),             # row 0
    ("e1?e2", 3),             # not -, x or >
    ("e1-", 4),               # no destination
    ("e1-f3", 4),             # not a straight line (PA-M1)
    ("e1-e1", 4),             # no distance
    ("e1-e3[zz]", 7),         # not a cell in the brackets
    ("a3-b4[d2]", 7),         # d2 is not in b4's borderland (PA-B1)
    ("e1-e3[*e9,conn]", 11),  # conn after the meeting cell: the second item, column 11
    ("e1-e3[conn,conn]", 12),  # repeated: the second conn, column 12
    ("e1>e2[a1,b1]", 4),      # a reorientation names a direction
    ("e1>XX[a1,b1]", 4),      # not a direction
    ("e1>NE[a1]", 7),         # 1 freed cell
    ("e1>NE[a1,a1]", 7),      # repeated freed cell
    ("e1>NE[a1,b1,c1]", 7),   # 3 freed cells
])
def test_malformed_move_text(impl: Any, text: str, column: int) -> None:
    """MoveSyntaxError with the 1-based column where the text goes wrong; apply() raises
    it too and leaves the state unchanged."""
    st = load(impl, chevrons=[["e1N"], ["i9S"]])
    before = st.snapshot()
    with pytest.raises(MoveSyntaxError) as caught:
        st.parse_move(text)
    assert caught.value.column == column and caught.value.text == text
    with pytest.raises(MoveSyntaxError):
        st.apply(text)
    assert st.snapshot() == before


# --- snapshots ---------------------------------------------------------------------------------


def _with(**changes: Any) -> dict[str, Any]:
    snap = snapshot(chevrons=[["e5N"], ["i9S"]])
    snap.update(changes)
    return snap


@pytest.mark.parametrize(("changes", "field"), [
    ({"players": 5}, "players"),
    ({"players": "2"}, "players"),
    ({"board": ["........."] * 8}, "board"),
    ({"board": ["........"] + ["........."] * 8}, "board"),
    ({"board": ["C........"] + ["........."] * 8}, "board"),     # no third seat
    ({"board": ["x........"] + ["........."] * 8}, "board"),
    ({"chevrons": [["e5N"]]}, "chevrons"),                           # one list for 2 seats
    ({"chevrons": [["e5N", "a1N", "b1N", "c1N", "d1N"], ["i9S"]]}, "chevrons"),   # 5 > 4
    ({"chevrons": [["e5X"], ["i9S"]]}, "chevrons"),
    ({"chevrons": [["j5N"], ["i9S"]]}, "chevrons"),
    ({"chevrons": [["e5N"], ["e5S"]]}, "chevrons"),                  # one cell, two chevrons
    ({"ply": -1}, "ply"),
    ({"ply": 1001}, "ply"),
    ({"ply": 6, "max_plies": 5}, "ply"),
    ({"max_plies": 0}, "max_plies"),
    ({"turn": 2}, "turn"),
    ({"single_cell": "yes"}, "single_cell"),
    ({"classic_meeting": 1}, "classic_meeting"),
])
def test_bad_snapshots_name_the_field(impl: Any, changes: dict[str, Any], field: str) -> None:
    with pytest.raises(SnapshotError) as caught:
        impl.from_snapshot(_with(**changes))
    assert caught.value.field == field


def test_snapshot_with_an_unknown_or_missing_key(impl: Any) -> None:
    with pytest.raises(SnapshotError):
        impl.from_snapshot(_with(extra=1))
    snap = _with()
    del snap["ply"]
    with pytest.raises(SnapshotError):
        impl.from_snapshot(snap)


def test_snapshot_turn_of_an_out_seat(impl: Any) -> None:
    """3 players, west (seat 2) has no chevrons but is to move: refused (turn)."""
    with pytest.raises(SnapshotError) as caught:
        impl.from_snapshot(snapshot(3, chevrons=[["e5N"], ["i9S"], []], turn=2))
    assert caught.value.field == "turn"


def test_snapshot_accepts_chevrons_in_any_order(impl: Any) -> None:
    """The contract: any order is accepted; snapshot() writes them sorted."""
    snap = snapshot(chevrons=[["i9SW", "a3E"], ["a1NE"]])
    snap["chevrons"][0] = ["i9SW", "a3E"]
    st = impl.from_snapshot(snap, checked=False)
    assert st.chevrons(0) == [(18, 2), (80, 5)]


def test_observation_names_the_player(impl: Any) -> None:
    """Perfect information: observation(player) is the snapshot plus the seat asked for
    (by seat or name); an unknown player is refused."""
    st = load(impl, chevrons=[["e5N"], ["i9S"]])
    assert st.observation(1) == {**st.snapshot(), "player": 1}
    assert st.observation("south")["player"] == 0
    for bad in (2, "west"):
        with pytest.raises((KeyError, ValueError)):
            st.observation(bad)
