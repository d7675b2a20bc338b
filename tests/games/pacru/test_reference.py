"""The plain-Python PACRU reference (pickpack.games.pacru.reference): the start, move
effects in the contract's order, check_action's rule ids, the end, undo, copies, perft.

Every expected value below is worked out by hand from the rules (ids PA-...) and the
PACRU contract. Positions: ``_snap(paint, chevrons, ...)`` with ``paint`` a dict
colour letter -> space-separated cells.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import pickpack
from pickpack.errors import IllegalMoveError, MoveSyntaxError, NotAnActionError, NothingToUndoError
from pickpack.game import TERMINAL, OptionError
from pickpack.games.pacru.encoding import (NUM_DISTINCT_ACTIONS, REORIENT_2, action_text, encode_move,
                                           encode_reorient, parse_action, parse_cell)
from pickpack.games.pacru.reference import RefState
from tests.games.pacru.reference_perft import reference_perft


def _snap(paint: dict[str, str], chevrons: list[list[str]], *, players: int = 2, turn: int = 0, ply: int = 0,
          single_cell: bool = False, classic_meeting: bool = False, max_plies: int = 1000) -> dict[str, Any]:
    rows = [["."] * 9 for _ in range(9)]
    for letter, cells in paint.items():
        for text in cells.split():
            cell = parse_cell(text)
            rows[8 - cell // 9][cell % 9] = letter
    return {"players": players, "single_cell": single_cell, "classic_meeting": classic_meeting,
            "max_plies": max_plies, "ply": ply, "turn": turn, "board": ["".join(r) for r in rows],
            "chevrons": chevrons}


def _state(paint: dict[str, str], chevrons: list[list[str]], **kw: Any) -> RefState:
    return RefState.from_snapshot(_snap(paint, chevrons, **kw), checked=False)


def _texts(actions: list[int]) -> list[str]:
    return [action_text(a) for a in actions]


def _rule(state: RefState, text: str) -> str | None:
    problem = state.check_action(parse_action(text))
    return None if problem is None else problem[0]


# --- the start (PA-S1..PA-S4) -----------------------------------------------------------


def test_start_snapshots_written_out_by_hand() -> None:
    empty = ["........."] * 9
    base = {"single_cell": False, "classic_meeting": False, "max_plies": 1000, "ply": 0, "turn": 0,
            "board": empty}
    assert RefState(2).snapshot() == {"players": 2, **base, "chevrons": [
        ["a3E", "e1N", "i3W", "i9SW"], ["a1NE", "a7E", "e9S", "i7W"]]}
    assert RefState(3).snapshot() == {"players": 3, **base, "chevrons": [
        ["a7E", "e9S", "i7W"], ["g1N", "g9S", "i5W"], ["a5E", "c1N", "c9S"]]}
    assert RefState(4).snapshot() == {"players": 4, **base, "chevrons": [
        ["a3E", "e1N", "i3W"], ["a5E", "c1N", "c9S"], ["a7E", "e9S", "i7W"], ["g1N", "g9S", "i5W"]]}
    assert RefState(3).players == ("north", "east", "west")


def test_constructor_checks_its_arguments() -> None:
    with pytest.raises(OptionError) as caught:
        RefState(5)
    assert caught.value.field == "players"
    with pytest.raises(OptionError) as caught:
        RefState(2, max_plies=0)
    assert caught.value.field == "max_plies"
    with pytest.raises(TypeError, match="players"):
        RefState(True)
    with pytest.raises(TypeError, match="single_cell"):
        RefState(2, single_cell=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="max_plies"):
        RefState(2, max_plies="9")  # type: ignore[arg-type]


def test_new_game_builds_the_reference_options() -> None:
    state = pickpack.new_game("pacru", players=3, variant="single-cell", max_plies=20)
    assert state.options == {"single_cell": True, "classic_meeting": False, "max_plies": 20}
    assert state.num_players == 3 and state.target == 28


def test_perft_1_two_players_by_hand() -> None:
    """South's chevrons all have power 1 (no cells yet, PA-M2), so each has its 3
    directions, 12 base moves: a3 NE b4 E b3 SE b2; e1 N e2 NE f2 NW d2; i3 W h3 NW h4 SW
    h2; i9 S i8 SW h8 W h9. Two cross a border: a3-b4 into a4:c6 and i3-h4 into g4:i6,
    each with 9 neutral unoccupied cells to give (b4 itself included, PA-B1): 10 + 9 + 9."""
    state = RefState(2)
    assert state.perft(1) == 28
    moves = _texts(state.legal_actions())
    assert sorted(m for m in moves if "[" not in m) == sorted(
        ["a3-b3", "a3-b2", "e1-e2", "e1-f2", "e1-d2", "i3-h3", "i3-h2", "i9-i8", "i9-h8", "i9-h9"])
    assert sorted(m for m in moves if m.startswith("a3-b4")) == sorted(
        f"a3-b4[{c}]" for c in "a4 b4 c4 a5 b5 c5 a6 b6 c6".split())
    assert state.legal_actions() == sorted(state.legal_actions())
    assert state.perft(0) == 1


def test_perft_depths_2_and_3() -> None:
    """The numbers the C core is held to (computed by this reference)."""
    assert [reference_perft(2, d) for d in (2, 3)] == [734, 16168]
    assert [reference_perft(3, d) for d in (2, 3)] == [533, 11343]
    assert [reference_perft(4, d) for d in (2, 3)] == [510, 10379]


# --- moves and their effects ------------------------------------------------------------


def test_a_crossing_gives_the_chosen_cell() -> None:
    state = RefState(2)
    state.apply("a3-b4[c6]")
    assert state.colour(parse_cell("c6")) == 0 and state.cells(0) == 1
    assert state.chevron(parse_cell("b4")) == (0, 1) and state.chevron(parse_cell("a3")) is None
    assert state.turn == 1 and state.ply == 1
    assert state.to_position() == "9/9/9/2A6/9/9/9/9/9 A:b4NE,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W B 1"
    assert state.history()[0].text == "a3-b4[c6]"


def test_connection_change_without_crossing() -> None:
    """d2 and f2 are south's (borderland d1:f3): power 2; d2-f2 is long, own to own,
    nothing between: e2 takes south's colour (PA-J1), no choice to make."""
    state = _state({"A": "d2 f2"}, [["d2E"], ["a9E"]])
    assert state.power(parse_cell("d2")) == 2
    assert "d2-f2" in _texts(state.legal_actions())
    assert _rule(state, "d2-f2[conn]") == "PA-J1"
    state.apply("d2-f2")
    assert state.cells(0) == 3 and state.colour(parse_cell("e2")) == 0


def test_connection_or_crossing_is_the_movers_choice() -> None:
    """c2 -> e2 (power 2 from a1 and c2) is a connection and a crossing into d1:f3: either
    d2 changes (conn) or one neutral unoccupied cell of d1:f3 is given (8: e2 is south's)."""
    state = _state({"A": "a1 c2 e2"}, [["c2E"], ["a9E"]])
    moves = [m for m in _texts(state.legal_actions()) if m.startswith("c2-e2")]
    assert moves[-1] == "c2-e2[conn]" and len(moves) == 9        # the connection bit ranks above the cells
    assert sorted(moves[:-1]) == sorted(f"c2-e2[{c}]" for c in "d1 e1 f1 d2 f2 d3 e3 f3".split())
    assert _rule(state, "c2-e2") == "PA-B1"
    assert _rule(state, "c2-e2[conn,d1]") == "PA-B1"
    conn = state.copy()
    conn.apply("c2-e2[conn]")
    assert conn.colour(parse_cell("d2")) == 0 and conn.cells(0) == 4
    state.apply("c2-e2[f3]")
    assert state.colour(parse_cell("d2")) == -1 and state.colour(parse_cell("f3")) == 0


def test_connection_jump_passes_over_chevrons() -> None:
    """b1 and b3 are south's and a north chevron stands on b2: the jump b1-b3 is legal
    (PA-J2) but changes nothing between (PA-J1 needs an empty path)."""
    state = _state({"A": "b1 b3"}, [["b1N"], ["b2E", "a9E"]])
    state.apply("b1-b3")
    assert state.colour(parse_cell("b2")) == -1 and state.cells(0) == 2
    blocked = _state({"A": "b1 c3"}, [["b1N"], ["b2E", "a9E"]])
    assert _rule(blocked, "b1-b3") == "PA-M3"       # b3 is neutral: passing over b2 is forbidden


def test_transformation_and_its_single_cell_variant() -> None:
    """a4:c6 has no neutral cell (b4 south's, the rest north's): crossing a3-b4 turns all
    9 cells south's (PA-B2); with single-cell the mover takes one of the 8 north cells."""
    paint = {"A": "b4", "B": "a4 c4 a5 b5 c5 a6 b6 c6"}
    chevrons = [["a3E"], ["i9W"]]
    state = _state(paint, chevrons)
    assert [m for m in _texts(state.legal_actions()) if m.startswith("a3-b4")] == ["a3-b4"]
    assert _rule(state, "a3-b4[a4]") == "PA-B2"
    state.apply("a3-b4")
    assert state.cells(0) == 9 and state.cells(1) == 0
    single = _state(paint, chevrons, single_cell=True)
    assert len([m for m in _texts(single.legal_actions()) if m.startswith("a3-b4")]) == 8
    assert _rule(single, "a3-b4") == "PA-B2"
    assert _rule(single, "a3-b4[b4]") == "PA-B2"
    single.apply("a3-b4[c6]")
    assert single.cells(0) == 2 and single.cells(1) == 7


def test_a_crossing_whose_neutral_cells_hold_chevrons_gains_nothing() -> None:
    """a4:c6's only neutral cell a5 holds a north chevron (PA-B3)."""
    state = _state({"A": "b4", "B": "a4 c4 b5 c5 a6 b6 c6"}, [["a3E"], ["a5N", "i9W"]])
    assert _rule(state, "a3-b4[a5]") == "PA-B3"
    state.apply("a3-b4")
    assert state.cells(0) == 1


def test_pincer_removes_the_enemy_and_colours_its_cell() -> None:
    """e4 (N) and d4 (NE) both attack north's e5 (PA-K1): the pincer takes it; e3 (N,
    power 2) would pass over e4 (PA-K1); a lone attacker is not enough (PA-K2)."""
    state = _state({"A": "d1 e2", "B": "e5"}, [["d4NE", "e3N", "e4N"], ["e5W", "a9E"]])
    assert sorted(state.attacks(parse_cell("e4"))) == [parse_cell("e5")]
    assert state.power(parse_cell("e3")) == 2
    assert _rule(state, "e4-e5") == "PA-M3"
    assert _rule(state, "e3xe5") == "PA-K1"
    assert _rule(state, "d4xd5") == "PA-K2"               # no enemy chevron on d5
    assert "e4xe5" in _texts(state.legal_actions()) and "d4xe5" in _texts(state.legal_actions())
    state.apply("e4xe5")
    assert state.chevron(parse_cell("e5")) == (0, 0) and state.colour(parse_cell("e5")) == 0
    assert state.chevrons(1) == [(parse_cell("a9"), 2)]
    alone = _state({"B": "e5"}, [["e4N"], ["e5W", "a9E"]])
    assert _rule(alone, "e4xe5") == "PA-K2"


def test_meeting_pays_only_under_the_amendment_or_classic() -> None:
    """e6-e5 (S) meets e4 (N), both cells south's (PA-T1). North has 0 cells, so by default
    the meeting does not pay (PA-T2); classic: any unoccupied cell not south's, 81 - 2
    south cells - north's a9 chevron = 78 choices."""
    paint = {"A": "e4 e5"}
    chevrons = [["e4N", "e6S"], ["a9E"]]
    state = _state(paint, chevrons)
    assert _rule(state, "e6-e5[*a1]") == "PA-T2"
    assert "e6-e5" in _texts(state.legal_actions())
    classic = _state(paint, chevrons, classic_meeting=True)
    meets = [m for m in _texts(classic.legal_actions()) if m.startswith("e6-e5")]
    assert len(meets) == 78 and "e6-e5[*a9]" not in meets
    assert _rule(classic, "e6-e5") == "PA-T1"
    assert _rule(classic, "e6-e5[*e4]") == "PA-T1"
    classic.apply("e6-e5[*i1]")
    assert classic.cells(0) == 3 and classic.colour(parse_cell("i1")) == 0
    # Nine north cells before the move: the amendment's condition holds.
    rich = _state({"A": "e4 e5", "B": "a1 b1 c1 d1 e1 f1 g1 h1 i1"}, chevrons)
    # Any unoccupied cell not south's, north's 9 included: 81 - 2 - the a9 chevron.
    assert len([m for m in _texts(rich.legal_actions()) if m.startswith("e6-e5")]) == 78
    assert _rule(rich, "e6-e4") == "PA-M3"           # own chevron


def test_no_meeting_no_meeting_cell() -> None:
    state = RefState(2)
    assert _rule(state, "e1-e2[*a1]") == "PA-T1"


def test_check_action_order_for_moves() -> None:
    state = RefState(2)
    assert state.check_action(-1) is not None and state.check_action(-1)[0] == "PA-M1"   # type: ignore[index]
    assert state.check_action(NUM_DISTINCT_ACTIONS)[0] == "PA-M1"                        # type: ignore[index]
    assert state.check_action(encode_move(parse_cell("a1"), 1, 1)) == ("PA-M1", "no chevron of south on a1")
    assert _rule(state, "e1-e3") == "PA-M2"                        # power 1
    off = ((((parse_cell("a3") * 8 + 3) * 8 + 2) * 2 * 2 * 10 + 9) * 82 + 81)       # a3 3 cells SE
    assert state.check_action(off) == ("PA-M1", "the move leaves the board")       # before the power (PA-M2)
    assert _rule(state, "e1-g3") == "PA-M2"
    assert _rule(state, "e1-c3") == "PA-M2"
    assert _rule(state, "e1-d1") == "PA-M1"                        # W is not within 45 degrees of N
    assert _rule(state, "i3-i4") == "PA-M1"
    assert _rule(state, "e1-e2[e3]") == "PA-B1"
    assert _rule(state, "a3-b4") == "PA-B1"
    assert _rule(state, "a3-b4[conn,a4]") == "PA-J1"
    with pytest.raises(TypeError):
        state.check_action(True)


def test_reorientation() -> None:
    """Free cells d1 f1 (d2 holds a chevron): e1 may turn 45 degrees either way freeing
    both; not 90 (4 cells needed); d2 is occupied; a1 is not south's."""
    state = _state({"A": "d1 f1 d2"}, [["d2N", "e1N"], ["a9E"]])
    turns = _texts(state.reorient_actions())
    assert turns == sorted(turns, key=parse_action)
    assert sorted(turns) == sorted(["d2>NE[d1,f1]", "d2>NW[d1,f1]", "e1>NE[d1,f1]", "e1>NW[d1,f1]"])
    assert _rule(state, "e1>E[d1,f1]") == "PA-O1"
    assert _rule(state, "e1>NE[d1,d2]") == "PA-O1"
    assert _rule(state, "e1>NE[a1,d1]") == "PA-O1"
    assert _rule(state, "a1>NE[d1,f1]") == "PA-O1"
    assert state.legal_actions()[-1] >= REORIENT_2
    state.apply("e1>NW[f1,d1]")
    assert state.chevron(parse_cell("e1")) == (0, 7) and state.cells(0) == 1 and state.ply == 1


# --- the end (PA-E) ---------------------------------------------------------------------


def test_reaching_the_target_wins() -> None:
    """South has 41 cells (rows 1-4, a5 b5 c5 a6 b6); a4-a5 stays in a4:c6 and gains
    nothing; a5-a7 (power 6) crosses into a7:c9 and gives a7, the 42nd (PA-E2)."""
    cells = [f"{col}{row}" for row in "1234" for col in "abcdefghi"]      # 36 cells
    cells += ["a5", "b5", "c5", "a6", "b6"]                                 # 41
    state = _state({"A": " ".join(cells)}, [["a4N"], ["i9W"]])
    assert state.cells(0) == 41
    state.apply("a4-a5")                     # not a crossing: nothing gained
    assert not state.is_terminal()
    state.apply("i9-h9")
    state.apply("a5-a7[a7]")
    assert state.is_terminal() and state.winning_seats() == [0] and state.returns() == [1.0, -1.0]
    assert state.current_player_id() == TERMINAL and state.turn == 0
    assert state.check_action(0) == ("PA-E2", "the game is over")
    assert state.legal_actions() == []


def test_a_blocked_player_is_out_and_the_last_one_wins() -> None:
    """North's only chevron, a9 pointing N, cannot move (PA-E1): after south's move it
    leaves the board and south is the only player with chevrons (PA-E2)."""
    state = _state({}, [["e1N"], ["a9N"]])
    state.apply("e1-e2")
    assert state.chevrons(1) == [] and not state.in_game(1)
    assert state.is_terminal() and state.winning_seats() == [0] and state.turn == 0


def test_an_out_seat_is_skipped_with_three_players() -> None:
    """West (seat 2) is blocked on a9 pointing N: after north's and east's turns it is
    out and north moves again."""
    state = _state({}, [["e1N"], ["i1N"], ["a9N"]], players=3)
    state.apply("e1-e2")
    state.apply("i1-i2")
    assert state.turn == 0 and not state.in_game(2) and not state.is_terminal()
    assert state.to_position().split()[1] == "A:e2N;B:i2N;C:-"


def test_the_ply_cap_ends_the_game_and_shares_a_tie() -> None:
    tie = RefState(2, max_plies=1)
    tie.apply("e1-e2")
    assert tie.is_terminal() and tie.winning_seats() == [0, 1] and tie.returns() == [0.0, 0.0]
    win = RefState(2, max_plies=1)
    win.apply("a3-b4[a4]")
    assert win.winning_seats() == [0] and win.returns() == [1.0, -1.0]
    three = RefState(3, max_plies=2)
    three.apply("a7-b6[a4]")
    three.apply("g1-g2")
    assert three.winning_seats() == [0] and three.returns() == [1.0, -0.5, -0.5]


# --- the API --------------------------------------------------------------------------


def test_illegal_moves_raise_and_leave_the_state() -> None:
    state = RefState(2)
    before = state.snapshot()
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("e1-e3")
    e1e3 = encode_move(parse_cell("e1"), 0, 2)
    assert caught.value.rule == "PA-M2" and str(caught.value).startswith(f"illegal move e1-e3 (action {e1e3}): "
                                                                          "PA-M2: ")
    with pytest.raises(IllegalMoveError) as caught:
        state.apply_action(NUM_DISTINCT_ACTIONS + 5)
    assert str(caught.value).startswith(f"illegal action {NUM_DISTINCT_ACTIONS + 5}: PA-M1: ")
    with pytest.raises(NotAnActionError):
        state.apply_action("6")  # type: ignore[arg-type]
    with pytest.raises(MoveSyntaxError):
        state.apply("e1-e9-")
    with pytest.raises(IllegalMoveError) as caught:
        state.action_text(-3)
    assert caught.value.rule == "PA-M1"
    assert state.snapshot() == before
    with pytest.raises(NothingToUndoError):
        state.undo()


def test_parse_move_reads_a_legal_move_and_refuses_an_illegal_one() -> None:
    move = RefState(2).parse_move("E1-E2")
    assert move.text == "e1-e2" and move.action == encode_move(parse_cell("e1"), 0, 1)
    with pytest.raises(IllegalMoveError) as caught:
        RefState(2).parse_move("E1-E5")                     # power 1 (PA-M2)
    e1e5 = encode_move(parse_cell("e1"), 0, 4)
    assert (caught.value.rule, caught.value.text, caught.value.action) == ("PA-M2", "e1-e5", e1e5)


def test_undo_copy_pickle_equality() -> None:
    state = RefState(2)
    start = state.copy()
    state.apply("a3-b4[b4]")
    state.apply("e9-e8")
    other = pickle.loads(pickle.dumps(state))
    assert other == state and other.history() == state.history()
    assert state != start
    state.undo()
    state.undo()
    assert state == start and state.history() == []
    assert other.history_actions() == [parse_action("a3-b4[b4]"), parse_action("e9-e8")]


def test_accessors() -> None:
    state = RefState(2)
    assert state.chevrons(0) == [(4, 0), (18, 2), (26, 6), (80, 5)]
    assert state.chevron(parse_cell("a1")) == (1, 1) and state.colour(0) == -1
    assert state.scores() == {"south": 0, "north": 0} and state.winning_seats() == []
    assert state.attacks(parse_cell("e1")) == []
    with pytest.raises(ValueError, match="no chevron on e5"):
        state.power(parse_cell("e5"))
    with pytest.raises(ValueError):
        state.cells(2)
    assert state.observation("north")["player"] == 1
    with pytest.raises(ValueError):
        state.observation("east")
    assert str(state).splitlines()[-1] == "turn south (A), ply 0; cells (target 42): A south 0, B north 0"
    assert state.current_player == "south" and not state.is_chance_node() and state.chance_outcomes() == []
    assert state.zobrist_hash() == RefState.from_position(state.to_position()).zobrist_hash()


def test_playout_is_seeded_and_leaves_the_state() -> None:
    state = RefState(3)
    first = state.playout(7)
    assert first == state.playout(7)
    assert state == RefState(3) and sum(first.values()) > 0


def test_random_games_agree_with_check_action_undo_and_snapshots() -> None:
    """Along random games: every legal action passes check_action, a mutated action
    passes iff it is legal, undo restores, and the snapshot/position round trips."""
    rng = random.Random(3)
    for players in (2, 3, 4):
        state = RefState(players, classic_meeting=players == 3)
        while not state.is_terminal() and state.ply < 60:
            moves = state.move_actions()
            legal = set(moves)
            for action in rng.sample(moves, min(6, len(moves))):
                assert state.check_action(action) is None
                wrong = action ^ (1 << rng.randrange(12))
                if wrong < REORIENT_2:
                    assert (state.check_action(wrong) is None) == (wrong in legal)
            assert RefState.from_snapshot(state.snapshot()) == state
            assert RefState.from_position(state.to_position()) == state
            action = state._random_action(rng)
            before = state.snapshot()
            state.apply_action(action)
            state.undo()
            assert state.snapshot() == before
            state.apply_action(action)


def test_reorientation_codes_are_legal_actions() -> None:
    state = _state({"A": "a1 b1 c1 a2"}, [["e1N"], ["a9E"]])
    assert encode_reorient(parse_cell("e1"), 2, [0, 1, 2, 9]) in state.reorient_actions()
    assert len(state.reorient_actions()) == 2 * 6 + 2 * 1
