"""The State and Move API: copies, pickling, undo, move text, Move values.

Positions are hand-built (tests/games/pickpack/positions.py) so that every kind of move is met:
placement, grab, each tile kind, no-target activation (PP-A7), rush orders (PP-R) and the
two ends of the game (PP-E1, PP-E2).
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack import Move
from tests.games.pickpack.positions import (
    BLOCKED_COLUMN_D,
    malfunction_position,
    order_mix_up_position,
    play,
    premium_position,
    quality_control_position,
    state,
    wholesale_position,
)

PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}
Build = Callable[[], pickpack_game.State]


def last_placement_blue_first() -> pickpack_game.State:
    """23 of 24 placement decisions taken in a game Blue starts (PP-S4): the next one
    ends placement (docs/engine.md: the "Blue moves first" hash key then leaves)."""
    st: pickpack_game.State = pickpack.new_game(seed=3, first="blue")
    for kind in "PWRQXMPWRQXM" + "PWRQXMPWRQX":
        st.apply_action("PWRQXM".index(kind))
    return st


def rush_waiting() -> pickpack_game.State:
    """Red on a3 with one order waiting (cB used); c3 empty, cT unplayed."""
    return state(grabber="a3", grid={"c3": None}, crates={"blue": [[6]], "red": [[5]]},
                 rush={"red": 1}, played={"red": {"cB": "used"}})


def no_target_quality_control() -> pickpack_game.State:
    """Red's Quality control on dT with every open Blue crate empty (PP-A7)."""
    return state(grabber="a3", grid={"d3": None}, crates={"blue": [[5]], "red": [[6]]},
                 closed={"blue": {1: "wholesale"}}, played={"red": {"dB": "used", "bB": "used"}})


def last_red_crate() -> pickpack_game.State:
    """Red's Premium on aT closes its fourth crate (PP-E1)."""
    return state(grabber="b3", grid={"a3": None}, crates={"red": [[3], [2], [], [4]], "blue": [[5, 5]]},
                 closed={"red": {1: "premium", 2: "wholesale", 3: "wholesale"}},
                 played={"red": {"aB": "used"}, "blue": {"2L": "used", "2R": "used"}})


def blue_blocked() -> pickpack_game.State:
    """After Red grabs d3, Blue cannot move along column d (PP-E2)."""
    return state(grabber="a3", crates={"blue": [[6]]}, rush={"red": 1}, played={"red": {"cB": "used"}},
                 grid=BLOCKED_COLUMN_D)


def blue_malfunction() -> pickpack_game.State:
    """Blue on f3 enters empty f6 through 6L (Malfunction): targets include Red's tiles."""
    return state(to_move="blue", grabber="f3", grid={"f6": None}, crates={"blue": [[6]], "red": [[5]]},
                 rush={"blue": 1}, played={"blue": {"3R": "used"}})


EVERY_KIND_OF_MOVE: list[tuple[Build, str]] = [
    (lambda: pickpack.new_game(seed=3), "aT=P"),                     # PP-S3 placement
    (last_placement_blue_first, "6R=M"),                             # placement -> play
    (blue_blocked, "b3>1"),                                          # PP-G grab
    (blue_blocked, "b3>1+"),                                         # PP-R1 grab + rush
    (premium_position, "a3/aT:2"),                                   # PP-A1
    (wholesale_position, "b3/bT:1"),                                 # PP-A2
    (rush_waiting, "c3/cT"),                                         # PP-A3
    (rush_waiting, "c3/cT+"),                                        # PP-A3 + PP-R2
    (quality_control_position, "d3/dT:1>3"),                         # PP-A4
    (order_mix_up_position, "e3/eT:1x2"),                            # PP-A5
    (malfunction_position, "f3/fT:f5"),                              # PP-A6a
    (malfunction_position, "f3/fT:4L"),                              # PP-A6b
    (blue_malfunction, "f6/6L:dB+"),                                 # PP-A6b by Blue + rush
    (no_target_quality_control, "d3/dT"),                            # PP-A7 no target
    (last_red_crate, "a3/aT:4"),                                     # PP-E1 end
    (blue_blocked, "d3>1"),                                          # PP-E2 end
]
CASE_IDS = [text for _, text in EVERY_KIND_OF_MOVE]

SEVERAL_POSITIONS: list[Build] = [
    lambda: pickpack.new_game(seed=3),
    lambda: pickpack.new_game(seed=3, placements=PLACEMENTS),
    premium_position, wholesale_position, rush_waiting, quality_control_position,
    order_mix_up_position, malfunction_position, blue_malfunction, no_target_quality_control,
    last_red_crate, blue_blocked,
]


# --- undo -------------------------------------------------------------------------------


@pytest.mark.parametrize(("build", "text"), EVERY_KIND_OF_MOVE, ids=CASE_IDS)
def test_undo_restores_the_exact_snapshot_and_hash(build: Build, text: str) -> None:
    """After the move, the incrementally kept hash equals the hash of a state built
    afresh from the new snapshot (docs/engine.md, "Zobrist hashing"); undo then gives back
    the exact snapshot, hash and ply of before."""
    st = build()
    before = (st.snapshot(), st.zobrist_hash(), st.ply, st.history())
    play(st, text)
    after = st.snapshot()
    assert after != before[0]
    assert st.zobrist_hash() != before[1]
    # The builds are hand-made positions (rules_positions), so their successors are
    # loaded unchecked too: this test is about the hash, not reachability.
    rebuilt = pickpack_game.State.from_snapshot(after, first=st.first_player, checked=False)
    assert rebuilt.zobrist_hash() == st.zobrist_hash()
    assert st.history() == before[3] + [Move(st.history()[-1].action, text)]
    st.undo()
    assert (st.snapshot(), st.zobrist_hash(), st.ply, st.history()) == before


def test_undo_walks_a_whole_game_back_to_its_start() -> None:
    """A game played to its end by always taking the first legal move, then undone ply
    by ply: every position and hash comes back in reverse order."""
    st = pickpack.new_game(seed=11)
    seen = []
    while not st.is_terminal():
        seen.append((st.snapshot(), st.zobrist_hash()))
        st.apply(st.legal_moves()[0])
    assert st.ply == len(seen)
    for snap, key in reversed(seen):
        st.undo()
        assert (st.snapshot(), st.zobrist_hash()) == (snap, key)
    assert st.ply == 0


# --- copy -------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["copy", "copy.copy", "copy.deepcopy"])
def test_a_copy_is_independent_of_its_original(how: str) -> None:
    """Moves and undos on either side leave the other alone; the copy keeps the history."""
    st = quality_control_position()
    play(st, "d3/dT:1>3")
    dup = st.copy() if how == "copy" else copy.copy(st) if how == "copy.copy" else copy.deepcopy(st)
    assert type(dup) is type(st)
    assert (dup.snapshot(), dup.zobrist_hash(), dup.history()) == (st.snapshot(), st.zobrist_hash(), st.history())
    original = (st.snapshot(), st.zobrist_hash(), st.history())
    dup.apply(dup.legal_moves()[0])
    dup.undo()
    dup.undo()
    assert dup.ply == 0
    assert (st.snapshot(), st.zobrist_hash(), st.history()) == original
    copied = (dup.snapshot(), dup.zobrist_hash())
    st.undo()
    assert (dup.snapshot(), dup.zobrist_hash()) == copied


# --- pickle -----------------------------------------------------------------------------


@pytest.mark.parametrize("build", [
    lambda: pickpack.new_game(seed=5, first="blue"),
    quality_control_position,
], ids=["new-game-blue-first", "from-snapshot"])
def test_pickling_keeps_snapshot_hash_history_and_undo(build: Build) -> None:
    """A state pickled after some moves (all 24 placements and 6 play moves for the new
    game; 3 moves for the hand-built one) comes back with the same snapshot, hash,
    history and first player, and undoes through the same positions to the same root."""
    st = build()
    for _ in range(30 if st.phase == "placement" else 3):
        st.apply(st.legal_moves()[-1])
    back = pickle.loads(pickle.dumps(st))
    assert type(back) is type(st)
    assert (back.snapshot(), back.zobrist_hash(), back.history(), back.first_player) == (
        st.snapshot(), st.zobrist_hash(), st.history(), st.first_player)
    while st.ply:
        st.undo()
        back.undo()
        assert (back.snapshot(), back.zobrist_hash()) == (st.snapshot(), st.zobrist_hash())
    with pytest.raises(IndexError):
        back.undo()


# --- move text and Move values ------------------------------------------------------------


@pytest.mark.parametrize("build", SEVERAL_POSITIONS)
def test_legal_moves_carry_their_actions_canonical_text_in_ascending_order(build: Build) -> None:
    """docs/engine.md: legal moves listed in ascending action order; a Move's text is
    action_text of its action in that position."""
    st = build()
    moves = st.legal_moves()
    assert [m.action for m in moves] == st.legal_actions()
    assert [m.action for m in moves] == sorted({m.action for m in moves})
    assert [m.text for m in moves] == [st.action_text(m.action) for m in moves]


@pytest.mark.parametrize("build", SEVERAL_POSITIONS)
def test_every_legal_move_reads_back_from_its_text(build: Build) -> None:
    """parse_move(str(m)) == m for every legal move (docs/engine.md, "Move text"),
    including Malfunction on an opponent's tile (Red's on 1L..6R, Blue's on aT..fB)."""
    st = build()
    before = st.snapshot()
    wrong = []
    for move in st.legal_moves():
        try:
            if st.parse_move(str(move)) != move:
                wrong.append(str(move))
        except pickpack.PickpackError as error:
            wrong.append(f"{move}: {error}")
    assert wrong == []
    assert st.snapshot() == before


def test_move_is_an_immutable_hashable_value() -> None:
    """A Move is (action, text): equal when both are, usable in sets and as dict keys,
    str() is its text, attributes cannot be reassigned, and it pickles."""
    move = Move(4551, "e3>1+")
    assert (move.action, move.text, str(move)) == (4551, "e3>1+", "e3>1+")
    assert move == Move(4551, "e3>1+") and hash(move) == hash(Move(4551, "e3>1+"))
    assert move != Move(4551, "e3>2+") and move != Move(4550, "e3>1+")
    assert len({move, Move(4551, "e3>1+"), Move(4550, "e3>1")}) == 2
    with pytest.raises(AttributeError):
        move.action = 6  # type: ignore[misc]
    with pytest.raises(AttributeError):
        move.text = "a1>1"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(move)) == move
    legal = pickpack.new_game(seed=3, placements=PLACEMENTS).legal_moves()
    assert len(set(legal)) == len(legal)
    assert {m: m.text for m in legal}[legal[0]] == legal[0].text


def test_history_lists_the_moves_applied_since_creation() -> None:
    """The history starts empty (here: after the given placements) and lists the Moves
    applied, oldest first; undo drops the last."""
    st = pickpack.new_game(seed=3, placements=PLACEMENTS)
    assert st.history() == []
    first = st.legal_moves()[0]
    st.apply(first)
    second = st.legal_moves()[-1]
    st.apply(second)
    assert st.history() == [first, second]
    st.undo()
    assert st.history() == [first]
