"""Facts of PACRU's C core (core/pacru/) through its binding (pickpack.games.pacru._core)
and the C-backed State: the Zobrist keys and hash against zobrist.py, the loader's
bounds checks (every bad field named), power and attacks, the generators (the full
action list of a position with ~800,000 actions, the search's reduced list), undo,
playouts, the random-game batch and returns. Values worked out by hand from the rules
(/work/shared/rules/pacru.md, ids PA-...) and the contract.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from math import comb
from typing import Any

import pytest

from pickpack.errors import IllegalMoveError, NotAnActionError, NothingToUndoError, SnapshotError
from pickpack.game import TERMINAL, OptionError
from pickpack.games.pacru import _constants, _core, zobrist
from pickpack.games.pacru.encoding import (NUM_DISTINCT_ACTIONS, REORIENT_2, REORIENT_4, action_text, decode_action,
                                           encode_reorient, parse_action, parse_cell)
from pickpack.games.pacru.state import State


def snap(players: int = 2, paint: dict[str, str] | None = None, chevrons: list[list[str]] | None = None,
         **fields: Any) -> dict[str, Any]:
    """A snapshot: ``paint`` maps a colour letter to space-separated cell texts; the
    rest defaults to the 2-player start (options off, ply 0, seat 0 to move)."""
    board = [["."] * 9 for _ in range(9)]
    for letter, cells in (paint or {}).items():
        for text in cells.split():
            cell = parse_cell(text)
            board[8 - cell // 9][cell % 9] = letter
    out: dict[str, Any] = {"players": players, "single_cell": False, "classic_meeting": False, "max_plies": 1000,
                           "ply": 0, "turn": 0, "board": ["".join(row) for row in board],
                           "chevrons": chevrons if chevrons is not None
                           else State(players if 2 <= players <= 4 else 2).snapshot()["chevrons"]}
    out.update(fields)
    return out


def raw_move(cell: int, travel: int, distance: int) -> int:
    """A move's action by the codec's formula, off the board too (encode_move refuses those)."""
    return (((((cell * 8 + travel) * 8 + distance - 1) * 2) * 2) * 10 + 9) * 82 + 81


def rule(state: State, text: str) -> str | None:
    """The rule id check_action names for the move ``text``, or None if it is legal."""
    problem = state.check_action(parse_action(text))
    return None if problem is None else problem[0]


def cells(text: str) -> list[int]:
    return [parse_cell(t) for t in text.split()]


# --- Zobrist -----------------------------------------------------------------------------

def test_the_c_keys_are_zobrist_py_keys() -> None:
    assert _core.ZOBRIST_KEYS == zobrist.KEYS
    assert len(_core.ZOBRIST_KEYS) == 3010


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hash_is_hash_snapshot_along_a_game(players: int) -> None:
    state = State(players, single_cell=players == 3, classic_meeting=players == 4)
    for step in range(40):
        assert state.zobrist_hash() == zobrist.hash_snapshot(state.snapshot()) == state._hash_from_scratch()
        if state.is_terminal():
            break
        moves = state.move_actions()
        state.apply_action(moves[(step * 7) % len(moves)])


def test_the_hash_ignores_ply_and_cap_but_not_options() -> None:
    base = State.from_snapshot(snap(), checked=False)
    assert State.from_snapshot(snap(ply=5, max_plies=9), checked=False).zobrist_hash() == base.zobrist_hash()
    assert State.from_snapshot(snap(single_cell=True), checked=False).zobrist_hash() != base.zobrist_hash()
    assert State.from_snapshot(snap(turn=1), checked=False).zobrist_hash() != base.zobrist_hash()


# --- start and loading -------------------------------------------------------------------

def test_start_positions_pa_s1_to_s3() -> None:
    assert State(2).snapshot()["chevrons"] == [["a3E", "e1N", "i3W", "i9SW"], ["a1NE", "a7E", "e9S", "i7W"]]
    assert State(3).snapshot()["chevrons"] == [["a7E", "e9S", "i7W"], ["g1N", "g9S", "i5W"], ["a5E", "c1N", "c9S"]]
    assert State(4).chevrons(1) == [(2, 0), (36, 2), (74, 4)]      # west: c1N a5E c9S (by cell)
    assert State(2).to_position() == "9/9/9/9/9/9/9/9/9 A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 0"


def test_constructor_arguments_are_checked() -> None:
    with pytest.raises(OptionError) as info:
        State(5)
    assert info.value.field == "players"
    with pytest.raises(TypeError):
        State(True)
    with pytest.raises(TypeError):
        State(2, single_cell=1)  # type: ignore[arg-type]
    with pytest.raises(OptionError) as info:
        State(2, max_plies=1001)
    assert info.value.field == "max_plies"


@pytest.mark.parametrize(("change", "field"), [
    ({"players": 5}, "players"),
    ({"players": 1}, "players"),
    ({"max_plies": 0}, "max_plies"),
    ({"max_plies": 10, "ply": 11}, "ply"),
    ({"ply": -1}, "ply"),
    ({"turn": 2}, "turn"),
    ({"turn": -1}, "turn"),
    ({"single_cell": 1}, "single_cell"),
    ({"classic_meeting": None}, "classic_meeting"),
    ({"board": ["C" * 9] + ["." * 9] * 8}, "board"),
    ({"board": ["." * 9] * 8}, "board"),
    ({"chevrons": [["a3E", "a3N"], ["e9S"]]}, "chevrons"),
    ({"chevrons": [["a3E"], ["a3N"]]}, "chevrons"),
    ({"chevrons": [["a3E", "b3E", "c3E", "d3E", "e3E"], ["e9S"]]}, "chevrons"),
    ({"chevrons": [["a3X"], ["e9S"]]}, "chevrons"),
    ({"chevrons": [["j3N"], ["e9S"]]}, "chevrons"),
    ({"chevrons": [["a3E"]]}, "chevrons"),
    ({"chevrons": [[], ["e9S"], ["i1N"]], "players": 3}, "turn"),
    ({"chevrons": [["a3E", "b3E", "c3E", "d3E"], ["e9S"], ["i1N"]], "players": 3}, "chevrons"),
    ({"extra": 1}, "snapshot"),
])
def test_the_c_loader_names_each_bad_field(change: dict[str, Any], field: str) -> None:
    bad = snap(**change)
    with pytest.raises(SnapshotError) as info:
        _core.CoreState._load(bad)                    # the binding and the C loader alone
    assert info.value.field == field
    with pytest.raises(SnapshotError):
        State.from_snapshot(bad)                      # and the rules' validation in front


def test_the_c_loader_refuses_a_blocked_turn() -> None:
    # South's one chevron on a1 points SW: every travel direction leaves the board (PA-E1).
    blocked = snap(chevrons=[["a1SW"], ["e9S"]])
    with pytest.raises(SnapshotError) as info:
        _core.CoreState._load(blocked, False)
    assert info.value.field == "turn"
    # The same position with the game over by the cap is valid (terminal).
    over = State.from_snapshot(snap(chevrons=[["a1SW"], ["e9S"]], ply=3, max_plies=3), checked=False)
    assert over.is_terminal() and over.current_player_id() == TERMINAL
    assert over.winning_seats() == [0, 1] and over.returns() == [0.0, 0.0]


# --- power and attacks (PA-M2, PA-K1) ------------------------------------------------------

POWER = snap(paint={"A": "a1 b1 c3"}, chevrons=[["c3N", "e4N", "g1N"], ["c6S", "e5S", "i9SW"]])


def test_power_counts_own_cells_in_the_borderland() -> None:
    state = State.from_snapshot(POWER, checked=False)
    assert state.power(parse_cell("c3")) == 3          # a1 b1 c3
    assert state.power(parse_cell("e4")) == 1          # none in the centre: 1
    assert state.power(parse_cell("c6")) == 1          # north has no cell
    with pytest.raises(ValueError):
        state.power(parse_cell("a9"))


def test_attacks_stop_at_the_first_chevron_within_power() -> None:
    state = State.from_snapshot(POWER, checked=False)
    assert state.attacks(parse_cell("c3")) == cells("e5 c6")    # NE at 2, N at 3
    assert state.attacks(parse_cell("e4")) == cells("e5")
    assert state.attacks(parse_cell("e5")) == cells("e4")       # S at 1
    assert state.attacks(parse_cell("c6")) == []                # power 1: c5 b5 d5 are empty


def test_a_pincer_is_generated_with_every_crossing_cell() -> None:
    state = State.from_snapshot(POWER, checked=False)
    pincers = [a for a in state.move_actions() if decode_action(a).pincer]
    texts = [action_text(a) for a in pincers]
    # c3xe5 crosses into the centre: its neutral unoccupied cells (e5 is now south's,
    # e4 holds a chevron): d4 f4 d5 f5 d6 e6 f6; e4xe5 stays in the centre.
    assert texts == ["c3xe5[d4]", "c3xe5[f4]", "c3xe5[d5]", "c3xe5[f5]", "c3xe5[d6]", "c3xe5[e6]",
                     "c3xe5[f6]", "e4xe5"]
    assert rule(state, "c3xc6") == "PA-K2"        # one attacker
    assert rule(state, "c3-c6") == "PA-M3"        # no pincer mark
    assert rule(state, "c3xc4") == "PA-K2"        # nothing to pincer
    state.apply("e4xe5")
    assert state.chevrons(1) == [(47, 4), (80, 5)] and state.colour(parse_cell("e5")) == 0


# --- generation --------------------------------------------------------------------------

def test_the_two_player_start_has_28_actions() -> None:
    state = State(2)
    # 12 base moves; a3-b4 and i3-h4 cross into a neutral borderland: 9 cells each.
    assert len(state.move_actions()) == 28 and state.reorient_actions() == []
    assert state.legal_actions() == state.move_actions() == sorted(state.move_actions())
    assert state.num_legal_actions() == 28


def test_a_position_with_816720_reorientations_is_generated_in_full() -> None:
    # South owns a1..e5 (41 cells, one short of the target), its 4 chevrons stand on
    # neutral f5 g5 h5 i5: 41 free cells, so each chevron has 2 turns of 45 degrees with
    # C(41, 2) pairs and 2 of 90 degrees with C(41, 4) quadruples.
    own = " ".join(f"{col}{row}" for row in range(1, 5) for col in "abcdefghi") + " a5 b5 c5 d5 e5"
    state = State.from_snapshot(snap(paint={"A": own}, chevrons=[["f5N", "g5N", "h5N", "i5N"], ["a9S", "e9S"]]),
                                checked=False)
    assert state.cells(0) == 41
    moves = state.move_actions()
    reorients = 4 * (2 * comb(41, 2) + 2 * comb(41, 4))
    assert reorients == 816720
    assert state.num_legal_actions() == len(moves) + reorients
    actions = state.legal_actions()
    assert len(actions) == len(moves) + reorients and actions[:len(moves)] == moves
    assert actions[len(moves)] == encode_reorient(parse_cell("f5"), 1, [0, 1]) and actions[len(moves)] >= REORIENT_2
    assert actions[-1] == encode_reorient(parse_cell("i5"), 6, cells("b5 c5 d5 e5")) and actions[-1] >= REORIENT_4
    assert all(actions[i] < actions[i + 1] for i in range(0, len(actions) - 1, 997))
    assert state.reorient_actions() == actions[len(moves):]
    for a in actions[:: len(actions) // 50]:
        assert state.check_action(a) is None


def test_search_actions_are_legal_and_reduce_reorientations() -> None:
    own = "a1 b1 c1 a2 b2 c2 e1 f1"
    state = State.from_snapshot(snap(paint={"A": own}, chevrons=[["a3E", "e2N"], ["a9S", "e9S"]]), checked=False)
    search = state.search_actions()
    assert search == sorted(search) and len(search) <= _constants.MAX_SEARCH_ACTIONS
    assert all(state.check_action(a) is None for a in search)
    assert [a for a in search if a < REORIENT_2] == state.move_actions()
    turns = [action_text(a) for a in search if a >= REORIENT_2]
    # Free cells ranked by (south's chevrons in the borderland, cell): a1 b1 c1 a2 b2 c2
    # lie in a3's borderland (1 chevron), e1 f1 in e2's (1 chevron): by cell a1 b1 c1
    # e1 f1 a2 ...; one turn per (chevron, new direction), e2 (cell 13) before a3 (18).
    assert turns == ["e2>NE[a1,b1]", "e2>NW[a1,b1]", "a3>NE[a1,b1]", "a3>SE[a1,b1]",
                     "e2>E[a1,b1,c1,e1]", "e2>W[a1,b1,c1,e1]", "a3>N[a1,b1,c1,e1]", "a3>S[a1,b1,c1,e1]"]


# --- checked apply, undo, copies ---------------------------------------------------------

def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = State(2)
    before = state.snapshot()
    with pytest.raises(IllegalMoveError) as info:
        state.apply_action(raw_move(parse_cell("e1"), 4, 1))             # e1 points N: not S
    assert info.value.rule == "PA-M1"      # e1 one cell S leaves the board: no text, the number
    assert str(info.value) == (f"illegal action {raw_move(parse_cell('e1'), 4, 1)}: PA-M1: the chevron on e1 "
                               "points N: it moves N, NE or NW")
    assert info.value.text == "" and info.value.action == raw_move(parse_cell("e1"), 4, 1)
    with pytest.raises(IllegalMoveError) as info:
        state.apply_action(-5)
    assert info.value.rule == "PA-M1"
    assert str(info.value) == "illegal action -5: PA-M1: no such action: actions are 0..1097206559"
    with pytest.raises(IllegalMoveError) as info:
        state.apply_action(2**40)                                          # beyond a C int: still named
    assert str(info.value) == f"illegal action {2**40}: PA-M1: no such action: actions are 0..1097206559"
    for not_an_action in (True, "6", 6.0):
        with pytest.raises(NotAnActionError) as caught:
            state.apply_action(not_an_action)  # type: ignore[arg-type]
        assert isinstance(caught.value, TypeError) and caught.value.rule == "action space"
    with pytest.raises(NotAnActionError):
        state.check_action("e1-e2")  # type: ignore[arg-type]
    assert state.snapshot() == before and state.history_actions() == []


def test_the_error_message_names_the_text_the_action_and_the_rule() -> None:
    state = State(2)
    e1e3 = parse_action("e1-e3")
    with pytest.raises(IllegalMoveError) as info:
        state.apply("e1-e3")
    assert str(info.value) == (f"illegal move e1-e3 (action {e1e3}): PA-M2: the chevron on e1 has power 1: "
                               "it moves 1 to 1 cells")
    assert (info.value.rule, info.value.reason, info.value.text, info.value.action) == (
        "PA-M2", "the chevron on e1 has power 1: it moves 1 to 1 cells", "e1-e3", e1e3)


def test_the_c_move_text_is_the_codecs_for_every_kind_of_action() -> None:
    """State.action_text (written in C, text.c) equals encoding.action_text on the legal
    actions along random games and on actions across the whole space; where the codec
    has no text (outside the space, a move off the board) C refuses with PA-M1."""
    rng = random.Random(4)
    actions = [0, 81, REORIENT_2 - 1, REORIENT_2, REORIENT_4 - 1, REORIENT_4, NUM_DISTINCT_ACTIONS - 1,
               raw_move(parse_cell("e1"), 4, 1)] + [rng.randrange(NUM_DISTINCT_ACTIONS) for _ in range(3000)]
    state = State(3)
    while not state.is_terminal() and state.ply < 60:
        actions += state.legal_actions()[:400]
        state.apply_action(state.random_action(rng))
    for action in actions:
        try:
            want = action_text(action)
        except ValueError:
            with pytest.raises(IllegalMoveError) as caught:
                state.action_text(action)
            assert caught.value.rule == "PA-M1" and str(caught.value).startswith(f"illegal action {action}: PA-M1: ")
            continue
        assert state.action_text(action) == want
    with pytest.raises(IllegalMoveError, match=r"^illegal action -1: PA-M1: no such action: actions are 0\.\."):
        state.action_text(-1)
    with pytest.raises(NotAnActionError):
        state.action_text("e1-e2")  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "rule", "reason"), [
    # At the 2-player start (PA-S1): south a3E e1N i3W i9SW, north a1NE a7E e9S i7W; no colour yet.
    ("a1-a2", "PA-M1", "no chevron of south on a1"),
    ("e1-f1", "PA-M1", "the chevron on e1 points N: it moves N, NE or NW"),
    ("e1-e3", "PA-M2", "the chevron on e1 has power 1: it moves 1 to 1 cells"),
    ("e1xe2", "PA-K2", "no enemy chevron on e2 to pincer"),
    ("a3-b3[a1]", "PA-B1", "a3-b3 earns no border-crossing benefit: no crossing cell"),
    ("a3-b4", "PA-B1", "the crossing gives one neutral unoccupied cell of the borderland of b4: name one"),
    ("e1-e2[*c5]", "PA-T1", "e1-e2 makes no meeting: no meeting cell"),
    ("a1>N[a2,a4]", "PA-O1", "no chevron of south on a1"),
    ("e1>S[a1,b1]", "PA-O1", "turning 45 degrees frees 2 cells, 90 frees 4"),
    ("e1>NE[a1,b1]", "PA-O1", "a1 is not an unoccupied cell of yours"),
])
def test_the_reasons_are_written_in_c_for_the_seat_and_cells_of_the_move(text: str, rule: str, reason: str) -> None:
    """check_action's reason (pacru_error_reason) names the mover, the cells and the
    power worked out by hand; apply_action and parse_move carry the same fields."""
    state = State(2)
    action = parse_action(text)
    assert state.check_action(action) == (rule, reason)
    with pytest.raises(IllegalMoveError) as caught:
        state.parse_move(text)
    assert (caught.value.rule, caught.value.reason, caught.value.text, caught.value.action) == (
        rule, reason, action_text(action), action)
    assert str(caught.value) == f"illegal move {action_text(action)} (action {action}): {rule}: {reason}"


def test_once_over_every_action_and_move_text_is_refused_by_pa_e2() -> None:
    over = State.from_snapshot({**State(2).snapshot(), "ply": 5, "max_plies": 5}, checked=False)
    assert over.check_action(0) == ("PA-E2", "the game is over")
    with pytest.raises(IllegalMoveError, match=r"^illegal move e1-e2 \(action \d+\): PA-E2: the game is over$"):
        over.parse_move("e1-e2")


def test_undo_restores_position_and_hash() -> None:
    state = State(3)
    snaps = []
    for step in range(12):
        snaps.append((state.snapshot(), state.zobrist_hash()))
        moves = state.move_actions()
        state.apply_action(moves[(5 * step) % len(moves)])
    for snapshot, h in reversed(snaps):
        state.undo()
        assert state.snapshot() == snapshot and state.zobrist_hash() == h
    with pytest.raises(NothingToUndoError):
        state.undo()


def test_copies_and_pickles_are_independent_with_history() -> None:
    state = State(4)
    state.apply("e1-e2")
    copy = state.copy()
    copy.apply(copy.legal_moves()[0])
    assert state.ply == 1 and copy.ply == 2
    again = pickle.loads(pickle.dumps(copy))
    assert again == copy and again.history() == copy.history() and type(again) is State
    again.undo()
    assert again == state


# --- playouts, batches, returns ----------------------------------------------------------

def test_a_playout_finishes_a_copy_within_the_cap() -> None:
    state = State(2, max_plies=25)
    scores = state.playout(7)
    assert state.ply == 0 and set(scores) == {"south", "north"}
    assert scores == state.playout(7)
    for seed in range(20):
        work = State(3, max_plies=10)
        result = work.playout(seed)
        assert all(0 <= v <= 81 for v in result.values())


def test_random_games_are_deterministic_and_sane() -> None:
    a = _core.random_games(300, 2, 11)
    assert a == _core.random_games(300, 2, 11)
    assert a != _core.random_games(300, 2, 12)
    assert a["games"] == 300 and sum(a["wins"].values()) == pytest.approx(300)
    assert all(0.0 <= v < 42 for v in a["mean_cells"].values())
    capped = _core.random_games(200, 4, 3, max_plies=6)
    assert capped["plies"] == 200 * 6                  # no random game ends within 6 plies
    assert sum(capped["wins"].values()) == pytest.approx(200)
    with pytest.raises(OptionError):
        _core.random_games(1, 5, 0)
    with pytest.raises(TypeError):
        _core.random_games(1.0, 2, 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        _core.random_games(1, 2, -1)


def test_the_random_step_draws_base_options_uniformly() -> None:
    # At the 2-player start the 12 base moves are the options (no cells to free): each
    # 1/12; a3-b4 then picks one of 9 crossing cells, 1/108 each.
    counts: Counter[str] = Counter()
    for seed in range(1200):
        state = State(2)
        action = state._random_step(seed)
        assert action is not None
        counts[action_text(action).split("[")[0]] += 1
    assert len(counts) == 12
    assert all(60 <= n <= 140 for n in counts.values())       # expected 100 each


def test_returns_at_the_cap_share_the_result() -> None:
    # 3 players at the cap: north and east tie on 2 cells, west has 1.
    over = State.from_snapshot(snap(players=3, paint={"A": "a1 b1", "B": "i1 h1", "C": "e5"},
                                    chevrons=[["a7E"], ["g1N"], ["c9S"]], ply=5, max_plies=5), checked=False)
    assert over.winning_seats() == [0, 1]
    assert over.returns() == pytest.approx([0.25, 0.25, -0.5])
    assert over._margins() == pytest.approx([0.0, 0.0, -1 / 81])
    assert over.legal_actions() == [] and over.check_action(0) == ("PA-E2", "the game is over")


def test_perft_in_c_reports_progress_per_root_action() -> None:
    seen: list[float] = []
    assert State(2).perft(2, progress=seen.append) == 734
    assert len(seen) == 28 and seen == sorted(seen) and seen[0] == pytest.approx(1 / 28) and seen[-1] == 1.0
    with pytest.raises(ValueError):
        State(2).perft(9)
    with pytest.raises(ValueError):
        State(2).perft(-1)


def test_search_actions_offer_meeting_cells_near_the_movers_chevrons() -> None:
    # e6-e5 meets e4N (both on south's colour; classic meeting pays): the rules offer
    # every cell without a chevron not south's (81 - e4 e5 - a9 i9 = 77), the search only
    # those in the centre borderland, where south's chevrons stand after the move.
    state = State.from_snapshot(snap(paint={"A": "e4 e5"}, chevrons=[["e4N", "e6S"], ["a9S", "i9S"]],
                                     classic_meeting=True), checked=False)
    meets = [action_text(a) for a in state.move_actions() if action_text(a).startswith("e6-e5")]
    assert len(meets) == 77 and meets[0] == "e6-e5[*a1]"
    search = [action_text(a) for a in state.search_actions() if action_text(a).startswith("e6-e5")]
    assert search == ["e6-e5[*d4]", "e6-e5[*f4]", "e6-e5[*d5]", "e6-e5[*f5]", "e6-e5[*d6]", "e6-e5[*e6]",
                      "e6-e5[*f6]"]
