"""Pig (examples/thirdparty-game): every rule PIG-1 .. PIG-9 of its README with values
worked out by hand, the protocol members, and random play checked by hypothesis.

The package is imported from its source folder (the install test,
tests/games/pig/test_install.py, installs it for real).
"""

from __future__ import annotations

import pickle
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pickpack import (CHANCE, TERMINAL, GameState, IllegalMoveError, Move, MoveSyntaxError,
                      NothingToUndoError, PositionError)
from pickpack.game import OptionError

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples" / "thirdparty-game"))

from pickpack_pig import GAME, PigState  # noqa: E402
from pickpack_pig.rules import MAX_GAME_LENGTH  # noqa: E402


def played(state: PigState, *moves: str) -> PigState:
    """``state`` after the move texts ``moves``."""
    for move in moves:
        state.apply(move)
    return state


# --- PIG-1: set-up and options ------------------------------------------------------

def test_pig1_a_new_three_player_game() -> None:
    assert isinstance(GAME.new_state(players=3), GameState)
    state = GAME.new_state(players=3)
    assert state.players == ("p1", "p2", "p3") and state.num_players == 3
    assert state.target == 100 and state.game is GAME
    assert (state.current_player, state.current_player_id()) == ("p1", 0)
    assert state.scores() == {"p1": 0, "p2": 0, "p3": 0}
    assert state.to_position() == "100 0,0,0 1 0 0"
    assert state.returns() == [0.0, 0.0, 0.0]


def test_pig1_game_facts_and_options() -> None:
    assert (GAME.name, GAME.min_players, GAME.max_players, GAME.default_player_count()) == ("pig", 2, 6, 2)
    assert (GAME.num_distinct_actions, GAME.max_chance_outcomes, GAME.max_game_length) == (2, 6, 20_000)
    assert (GAME.min_utility, GAME.max_utility, GAME.perfect_information) == (-1.0, 1.0, True)
    assert GAME.new_state().players == ("p1", "p2")
    assert GAME.new_state(variant="short").target == 50
    assert GAME.new_state(players=6, target=10).to_position() == "10 0,0,0,0,0,0 1 0 0"


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"players": 1}, "players"), ({"players": 7}, "players"), ({"target": 9}, "target"),
    ({"target": 1001}, "target"), ({"target": "50"}, "target"), ({"variant": "long"}, "variant"),
    ({"dice": 2}, "dice"),
])
def test_pig1_refused_options_name_the_field(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(OptionError) as caught:
        GAME.new_state(**kwargs)  # type: ignore[arg-type]
    assert caught.value.field == field


def test_pig1_the_constructor_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match=r"^players must be 2\.\.6, not 1 \(PIG-1\)$"):
        PigState(1)
    with pytest.raises(TypeError, match="^players must be an int, not str$"):
        PigState("2")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^target must be 10\.\.1000 \(PIG-1\), got 5$"):
        PigState(2, 5)


# --- PIG-2 .. PIG-6: a turn -------------------------------------------------------------

def test_pig2_pig6_a_turn_starts_with_a_roll() -> None:
    state = GAME.new_state()
    assert state.legal_actions() == [0]
    assert [m.text for m in state.legal_moves()] == ["roll"]
    assert state.check_action(0) is None
    assert state.check_action(1) == ("PIG-6", "you must roll at least once before holding")
    assert state.check_action(2) == ("PIG-2", "a decision is 0 (roll) or 1 (hold), not 2")
    with pytest.raises(IllegalMoveError, match=r"^illegal move hold \(action 1\): PIG-6: ") as caught:
        state.apply("hold")
    assert (caught.value.rule, caught.value.text, caught.value.action) == ("PIG-6", "hold", 1)
    with pytest.raises(IllegalMoveError) as caught:
        state.apply_action(1)
    assert str(caught.value) == "illegal move hold (action 1): PIG-6: you must roll at least once before holding"
    assert caught.value.rule == "PIG-6" and state.history_actions() == []


def test_pig3_a_roll_is_a_chance_node_with_six_equal_outcomes() -> None:
    state = played(GAME.new_state(), "roll")
    assert state.is_chance_node() and state.current_player_id() == CHANCE
    assert state.current_player is None
    outcomes = state.chance_outcomes()
    assert outcomes == [(k, Fraction(1, 6)) for k in range(6)]
    assert sum(p for _, p in outcomes) == 1
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    assert [state.action_text(a) for a in range(6)] == ["d1", "d2", "d3", "d4", "d5", "d6"]
    assert state.check_action(6) == ("PIG-3", "the die is rolling: the outcome is 0..5 (faces 1..6), not 6")
    with pytest.raises(IllegalMoveError, match="^illegal move hold: PIG-3: the die is rolling"):
        state.apply("hold")
    with pytest.raises(IllegalMoveError, match="^illegal move d4: PIG-3: die outcomes are drawn"):
        GAME.new_state().apply("d4")
    assert GAME.new_state().chance_outcomes() == []


def test_pig5_faces_two_to_six_add_to_the_turn_total() -> None:
    state = played(GAME.new_state(), "roll", "d4", "roll", "d6")
    assert (state.turn_total, state.current_player) == (10, "p1")   # 4 + 6, still p1
    assert state.legal_actions() == [0, 1]
    assert state.scores() == {"p1": 0, "p2": 0}
    assert state.to_position() == "100 0,0 1 10 4"


def test_pig4_a_one_loses_the_turn_total_and_passes_the_turn() -> None:
    state = played(GAME.new_state(players=3), "roll", "d4", "roll", "d6", "roll", "d1")
    assert (state.turn_total, state.current_player) == (0, "p2")
    assert state.scores() == {"p1": 0, "p2": 0, "p3": 0}
    assert state.to_position() == "100 0,0,0 2 0 6"


def test_pig6_hold_banks_the_turn_total_and_passes_the_turn() -> None:
    state = played(GAME.new_state(players=3), "roll", "d5", "roll", "d3", "hold")   # p1 banks 8
    assert state.scores() == {"p1": 8, "p2": 0, "p3": 0}
    assert (state.turn_total, state.current_player) == (0, "p2")
    played(state, "roll", "d2", "hold", "roll", "d6", "hold")                      # p2 2, p3 6
    assert state.scores() == {"p1": 8, "p2": 2, "p3": 6}
    assert state.current_player == "p1"                                            # round the table
    assert state.to_position() == "100 8,2,6 1 0 11"


# --- PIG-7: winning ----------------------------------------------------------------------

def test_pig7_reaching_the_target_on_a_roll_does_not_end_the_game() -> None:
    state = played(PigState.from_position("20 18,0 1 0 10"), "roll", "d3")
    assert (state.turn_total, state.is_terminal()) == (3, False)   # 18 + 3 = 21 >= 20, not held
    played(state, "roll", "d1")                                   # ... and lost
    assert (state.scores(), state.current_player) == ({"p1": 18, "p2": 0}, "p2")


def test_pig7_holding_at_the_target_wins_at_once() -> None:
    state = played(PigState.from_position("20 18,0 1 0 10"), "roll", "d2", "hold")   # exactly 20
    assert state.is_terminal() and state.current_player_id() == TERMINAL
    assert state.current_player is None and state.legal_actions() == []
    assert state.winners() == ("p1",) and state.returns() == [1.0, -1.0]
    assert state.to_position() == "20 20,0 - 0 13"


def test_pig9_returns_are_zero_sum_for_three_players() -> None:
    state = played(PigState.from_position("30 5,28,20 2 0 40"), "roll", "d6", "hold")   # p2: 34
    assert state.winners() == ("p2",)
    assert state.returns() == [-0.5, 1.0, -0.5]


# --- PIG-8: the action cap ---------------------------------------------------------------

def test_pig8_the_game_ends_at_the_action_cap_and_tied_leaders_share() -> None:
    last = MAX_GAME_LENGTH - 1
    state = played(PigState.from_position(f"100 30,30,10 3 8 {last}"), "roll")
    # p3's turn total 8 is lost; p1 and p2 lead with 30: (3-2)/(2*2) = 0.25 each, p3 -1/2
    assert state.is_terminal() and not state.is_chance_node()
    assert state.turn_total == 0 and state.ply == MAX_GAME_LENGTH
    assert state.winners() == ("p1", "p2")
    assert state.returns() == [0.25, 0.25, -0.5]
    assert state.to_position() == f"100 30,30,10 - 0 {MAX_GAME_LENGTH}"
    state.undo()
    assert state.to_position() == f"100 30,30,10 3 8 {last}"


def test_pig8_a_unique_leader_at_the_cap_wins_and_a_full_tie_is_a_draw() -> None:
    last = MAX_GAME_LENGTH - 1
    state = played(PigState.from_position(f"100 30,12 1r 0 {last}"), "d3")
    assert state.returns() == [1.0, -1.0]
    state = played(PigState.from_position(f"100 40,40 2 6 {last}"), "hold")          # p2 banks 46
    assert state.winners() == ("p2",)
    state = played(PigState.from_position(f"100 40,40 2 6 {last}"), "roll")
    assert state.winners() == ("p1", "p2") and state.returns() == [0.0, 0.0]


def test_pig9_nothing_is_legal_once_the_game_is_over() -> None:
    state = PigState.from_position("20 20,0 - 0 13")
    assert state.check_action(0) == ("PIG-9", "the game is over; no action is legal")
    with pytest.raises(IllegalMoveError, match=r"^illegal move roll \(action 0\): PIG-9: the game is over; no action is legal$"):
        state.parse_move("roll")
    assert state.chance_outcomes() == []


# --- move text ---------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "column", "message"), [
    ("jump", 1, "expected roll, hold or d1..d6"), ("", 1, "expected roll, hold or d1..d6"),
    ("d", 1, "expected roll, hold or d1..d6"), ("  d7", 4, "a die face is 1..6"),
    ("dx", 2, "a die face is 1..6"), ("Roll", 1, "expected roll, hold or d1..d6"),
])
def test_malformed_move_text_names_the_column(text: str, column: int, message: str) -> None:
    with pytest.raises(MoveSyntaxError) as caught:
        played(GAME.new_state(), "roll").parse_move(text)
    assert caught.value.column == column
    assert str(caught.value) == f"{message} in move text {text!r} at column {column}"


def test_moves_and_action_text() -> None:
    state = GAME.new_state()
    assert state.parse_move(" roll ") == Move(0, "roll")
    state.apply(Move(0, "roll"))
    assert state.parse_move("d6") == Move(5, "d6")
    with pytest.raises(IllegalMoveError, match="does not belong to this position") as caught:
        state.apply(Move(0, "roll"))                     # action 0 here is d1
    assert caught.value.rule == "PIG-2"
    with pytest.raises(IllegalMoveError, match="PIG-3"):
        state.action_text(6)
    with pytest.raises(IllegalMoveError, match="PIG-2"):
        GAME.new_state().action_text(2)
    with pytest.raises(TypeError, match="^apply\\(\\) takes a Move or move text, not int$"):
        state.apply(0)


# --- undo, copy, hash, snapshot, position, pickling ----------------------------------------

def test_undo_takes_back_actions_in_order() -> None:
    state = GAME.new_state()
    with pytest.raises(NothingToUndoError, match="^nothing to undo"):
        state.undo()
    played(state, "roll", "d5", "hold")
    assert state.history_actions() == [0, 4, 1]
    state.undo()
    assert (state.turn_total, state.current_player, state.scores()["p1"]) == (5, "p1", 0)
    state.undo()
    state.undo()
    assert state.to_position() == "100 0,0 1 0 0" and state.history_actions() == []


def test_zobrist_hash_depends_on_the_position_not_the_path() -> None:
    a = played(GAME.new_state(), "roll", "d3", "roll", "d4", "hold")
    b = played(GAME.new_state(), "roll", "d4", "roll", "d3", "hold")
    assert a == b and a.zobrist_hash() == b.zobrist_hash()
    assert a.history_actions() != b.history_actions()
    start = GAME.new_state()
    rolled = played(GAME.new_state(), "roll")
    assert len({start.zobrist_hash(), rolled.zobrist_hash(), a.zobrist_hash()}) == 3
    assert 0 <= a.zobrist_hash() < 2**64
    assert PigState.from_position(a.to_position()).zobrist_hash() == a.zobrist_hash()


def test_snapshot_observation_and_from_snapshot() -> None:
    state = played(GAME.new_state(players=3, target=40), "roll", "d5", "hold", "roll")
    snap = state.snapshot()
    assert snap == {"game": "pig", "players": ["p1", "p2", "p3"], "target": 40, "banked": [5, 0, 0],
                    "to_move": "p2", "rolling": True, "turn_total": 0, "ply": 4}
    assert state.observation(1) == state.observation("p3") == snap
    with pytest.raises(ValueError, match="^player must be a seat 0..2 or one of p1, p2, p3, not 'p4'$"):
        state.observation("p4")
    back = PigState.from_snapshot(snap)
    assert back == state and back.history_actions() == []
    assert GAME.from_snapshot(snap) == state
    with pytest.raises(ValueError, match=r"^snapshot\['to_move'\]: the game is over"):
        PigState.from_snapshot({**snap, "banked": [40, 0, 0]})
    with pytest.raises(ValueError, match=r"^snapshot\['banked\[1\]'\] must be an int"):
        PigState.from_snapshot({**snap, "banked": [5, "0", 0]})


@pytest.mark.parametrize(("text", "field", "column"), [
    ("100 0,0 3 0 5", "to_move", 9),                 # no seat 3 of 2
    ("5 0,0 1 0 0", "target", 1),                    # target below 10
    ("100 0 1 0 3", "banked", 5),                    # one player
    ("100 0,0,0,0,0,0,0 1 0 3", "banked", 5),        # seven players
    ("100 20,0 1 1 5", "turn_total", 12),            # a turn total of 1 cannot happen
    ("100 100,100 - 0 9", "banked", 5),              # two reached the target
    ("100 100,3 1 0 9", "to_move", 11),              # over, yet someone to move
    ("100 10,x 1 0 9", "banked", 8),                 # not a number
    ("100 10,3 1 0 20001", "ply", 14),               # past the cap
    ("100 10,3 x 0 9", "to_move", 10),
    ("100 10,3 1 0", "target", 1),                   # four fields
    ("100 5,0 1 0 0", "ply", 13),                    # points at ply 0
])
def test_bad_position_strings_name_field_and_column(text: str, field: str, column: int) -> None:
    with pytest.raises(PositionError) as caught:
        PigState.from_position(text)
    assert (caught.value.field, caught.value.column) == (field, column)


def test_copy_is_independent_and_states_pickle() -> None:
    state = played(GAME.new_state(players=4), "roll", "d2")
    twin = state.copy()
    played(twin, "hold", "roll", "d1")
    assert state.to_position() == "100 0,0,0,0 1 2 2" and state.history_actions() == [0, 1]
    assert twin.to_position() == "100 2,0,0,0 3 0 5"
    back = pickle.loads(pickle.dumps(twin))
    assert back == twin and back.history_actions() == twin.history_actions()
    back.undo()
    assert back.to_position() == "100 2,0,0,0 2r 0 4"   # back before the 1


def test_playout_finishes_a_copy_reproducibly() -> None:
    state = played(GAME.new_state(players=3, target=30), "roll", "d6")
    first = state.playout(seed=11)
    assert first == state.playout(seed=11)
    assert max(first.values()) >= 30 and sorted(first) == ["p1", "p2", "p3"]
    assert state.to_position() == "30 0,0,0 1 6 2"
    assert "p1" in str(state) and ">" in str(state)


# --- random play (hypothesis) ------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 6), target=st.integers(10, 60), seed=st.integers(0, 2**32))
def test_random_play_ends_and_undo_copy_position_are_exact(players: int, target: int, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_state(players=players, target=target)
    trail: list[tuple[dict[str, object], int]] = []
    twin: PigState | None = None
    while not state.is_terminal():
        trail.append((state.snapshot(), state.zobrist_hash()))
        back = PigState.from_position(state.to_position())
        assert back == state and back.zobrist_hash() == state.zobrist_hash()
        assert back.legal_actions() == state.legal_actions()
        if state.is_chance_node():
            assert state.current_player_id() == CHANCE
            state.apply_action(rng.randrange(6))
        else:
            assert state.current_player_id() == state.players.index(state.current_player or "")
            state.apply_action(rng.choice(state.legal_actions()))
        if twin is None and len(trail) == 7:
            twin, frozen = state.copy(), state.to_position()
        assert state.ply <= MAX_GAME_LENGTH
    returns = state.returns()
    assert len(returns) == players and abs(sum(returns)) < 1e-9
    assert all(GAME.min_utility <= r <= GAME.max_utility for r in returns)
    assert state.winners() and max(state.scores().values()) >= target
    assert PigState.from_position(state.to_position()) == state and state.legal_actions() == []
    if twin is not None:
        assert twin.to_position() == frozen
    for snap, hashed in reversed(trail):
        state.undo()
        assert state.snapshot() == snap and state.zobrist_hash() == hashed
