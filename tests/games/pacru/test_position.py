"""PACRU position strings and the board picture (pickpack.games.pacru.position)."""

from __future__ import annotations

import random

import pytest

from pickpack.errors import PositionError
from pickpack.games.pacru.position import board_picture, format_position, parse_position
from pickpack.games.pacru.reference import RefState

START = "9/9/9/9/9/9/9/9/9 A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 0"


def test_start_positions() -> None:
    assert RefState(2).to_position() == START
    assert RefState(3).to_position() == "9/9/9/9/9/9/9/9/9 A:a7E,e9S,i7W;B:g1N,g9S,i5W;C:a5E,c1N,c9S A 0"
    assert RefState(4, single_cell=True, classic_meeting=True, max_plies=77).to_position() == (
        "9/9/9/9/9/9/9/9/9 A:a3E,e1N,i3W;B:a5E,c1N,c9S;C:a7E,e9S,i7W;D:g1N,g9S,i5W A 0 "
        "single-cell classic-meeting max-plies=77")


def test_fen_runs_and_options_in_any_order() -> None:
    text = "AB7/9/9/9/9/9/9/9/8A A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W B 12 max-plies=500 classic-meeting"
    snap = parse_position(text)
    assert snap["board"][0] == "AB......." and snap["board"][8] == "........A"
    assert (snap["turn"], snap["ply"], snap["max_plies"], snap["classic_meeting"]) == (1, 12, 500, True)
    assert format_position(snap) == ("AB7/9/9/9/9/9/9/9/8A A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W B 12 "
                                     "classic-meeting max-plies=500")


@pytest.mark.parametrize(("text", "field", "column"), [
    ("9/9/9/9/9/9/9/9 " + START[18:], "board", 1),                                  # 8 rows
    ("9/9/9/9/9/9/9/9/8 " + START[18:], "board", 18),                               # row 1 short
    ("9/9/9/9/9/9/9/9/5X3 " + START[18:], "board", 18),                             # bad letter
    ("9/9/9/9/9/9/9/9/55 " + START[18:], "board", 18),                              # 10 cells
    ("9/9/9/9/9/9/9/9/9 A:a3E,e1N,i3W,i9SW;C:a1NE A 0", "chevrons", 38),
    ("9/9/9/9/9/9/9/9/9 A:a3E,e1Q,i3W,i9SW;B:a1NE A 0", "chevrons", 25),
    ("9/9/9/9/9/9/9/9/9 A:a3E A 0", "chevrons", 19),                                # one seat
    (START.replace(" A 0", " C 0"), "turn", 57),
    (START.replace(" A 0", " A 01"), "ply", 59),
    (START + " fast", "options", 61),
    (START + " max-plies=5 max-plies=6", "options", 73),
    (START + " max-plies=1001", "options", 61),
    (START.replace(" A 0", " A"), "ply", 58),
    (START.replace(" A 0", "  A 0"), "turn", 56),
    (START.replace("e1N", "a3N"), "chevrons", 25),                                  # two on a3 (PA-C2)
    (START.replace(" A 0", " A 3") + " max-plies=2", "ply", 59),                    # ply > cap
    ("9/9/9/9/9/9/9/9/9 A:a9N;B:a1NE A 0", "turn", 32),                            # a9 N cannot move
])
def test_errors_name_field_and_column(text: str, field: str, column: int) -> None:
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert (caught.value.field, caught.value.column) == (field, column)


def test_not_a_string() -> None:
    with pytest.raises(TypeError):
        parse_position(3)  # type: ignore[arg-type]


def test_random_positions_round_trip() -> None:
    rng = random.Random(5)
    for players in (2, 3, 4):
        state = RefState(players, classic_meeting=True, max_plies=900)
        for _ in range(50):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            text = state.to_position()
            assert parse_position(text) == state.snapshot()
            assert format_position(parse_position(text)) == text


def test_board_picture() -> None:
    state = RefState(2)
    state.apply("a3-b4[c6]")
    lines = board_picture(state.snapshot()).splitlines()
    assert len(lines) == 1 + 9 + 2 + 1
    assert lines[0].split() == list("abcdefghi")
    assert lines[5] == "6  .   .   a   |.   .   .   |.   .   ."
    assert lines[6].startswith("5  ") and lines[7] == "4  .   .ANE.   |.   .   .   |.   .   ."
    assert lines[-1] == "turn north (B), ply 1; cells (target 42): A south 1, B north 0"
    assert str(state) == board_picture(state.snapshot())


def test_a_run_of_neutral_cells_is_one_digit() -> None:
    # FEN style: "54" would be a second spelling of "9"; the second digit is the error.
    with pytest.raises(PositionError) as err:
        parse_position("54/9/9/9/9/9/9/9/9 A:a3E;B:a1NE A 0")
    assert (err.value.field, err.value.column, err.value.rule) == ("board", 2, "")


def test_an_impossible_position_names_its_rule() -> None:
    # Two chevrons on a3 (PA-C2); the column is the second a3E's (1-based 25).
    with pytest.raises(PositionError) as err:
        parse_position("9/9/9/9/9/9/9/9/9 A:a3E,a3E;B:a1NE A 0")
    assert (err.value.field, err.value.column, err.value.rule) == ("chevrons", 25, "PA-C2")


def test_too_few_fields_name_a_bad_board_first() -> None:
    # "start" is one field: it is read as the board (9 rows expected, 1 found) before
    # the count of fields is blamed on the missing chevrons field.
    with pytest.raises(PositionError) as err:
        parse_position("start")
    assert (err.value.field, err.value.column) == ("board", 1)
    with pytest.raises(PositionError) as err:
        parse_position("9/9/9/9/9/9/9/9/9")
    assert (err.value.field, err.value.column) == ("chevrons", 18)
