"""PUSH's snapshots through the C table's raw vector (pp_game_ops raw_size/save_raw/
load_raw/field_name, issue 19): the one generic binding (pickpack._cstate.CState._raw,
_from_raw), the layout core/push/push_core.h documents (PUSH_RAW_*), and the Python
constants generated from that header at build time (pickpack/games/push/_constants.py).
"""

from __future__ import annotations

import pytest

import pickpack
from pickpack import SnapshotError
from pickpack.games.push import _constants as C
from pickpack.games.push import _core, encoding, snapshot
from pickpack.games.push.reference import RefState
from pickpack.games.push.state import State


def test_the_generated_constants_are_the_bindings_numbers() -> None:
    assert C.NUM_DECISIONS == _core.NUM_DISTINCT_ACTIONS == encoding.NUM_DISTINCT_ACTIONS == 13
    assert C.DIE_OFFSET + C.DIE_FACES == _core.MAX_CHANCE_OUTCOMES == encoding.MAX_CHANCE_OUTCOMES == 38
    assert C.MAX_PLIES == _core.MAX_GAME_LENGTH == encoding.MAX_GAME_LENGTH == 684
    assert C.NUM_KEYS == len(_core.ZOBRIST_KEYS) == 2232
    assert (C.MIN_PLAYERS, C.MAX_PLAYERS, C.ROLL, C.SWITCH, C.NUM_CARD_TYPES) == (2, 6, 30, 31, 32)
    # the enumerators, counted from 0 or set explicitly (enum push_phase, push_decision)
    assert [C.PHASE_START, C.PHASE_DRAW, C.PHASE_OVER] == [0, 1, 6]
    assert (C.DRAW, C.STOP, C.BANK, C.PLACE, C.TAKE) == (0, 1, 2, 7, 10)
    assert C.NO_CARD == 0xFF and C.CHANCE == -1 and C.OBS_MAX_SIZE == 203 + 6 * 33


def test_the_raw_layout_is_the_headers() -> None:
    # 7 scalars, the deck (32), 3 stacks, 6 benches and 6 banks (32 each), 2 switch counts
    assert C.RAW_SIZE == 7 + 32 + 3 * 32 + 6 * 32 + 6 * 32 + 2 == 521
    raw = State(3, hard=True)._raw()
    assert len(raw) == C.RAW_SIZE
    assert raw[C.RAW_PLAYERS:C.RAW_CARD + 1] == [3, 1, 0, C.PHASE_START, 0, 0, -1]
    assert raw[C.RAW_DECK:C.RAW_DECK + 32] == [3] * 30 + [18, 12]
    assert sum(raw[C.RAW_STACKS:C.RAW_SWITCHES]) == 0 and raw[C.RAW_SWITCHES:] == [0, 0]


def test_a_snapshot_maps_to_raw_and_back_over_a_game() -> None:
    state = pickpack.new_game("push", players=4, switch_per_turn=True)
    for ply in range(120):
        snap = state.snapshot()
        assert snapshot.to_raw(snap) == state._raw()
        assert snapshot.from_raw(state._raw()) == snap
        again = State._from_raw(state._raw())
        assert again == state and again.zobrist_hash() == state.zobrist_hash()
        assert RefState.from_snapshot(snap).snapshot() == snap
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[(ply * 7) % len(state.legal_actions())])


def test_the_loaders_error_names_field_seat_index_and_rule() -> None:
    raw = State(3)._raw()
    raw[C.RAW_BENCHES + 2 * 32 + C.ROLL] = 1          # a roll card on p3's bench
    with pytest.raises(SnapshotError) as seat:
        State._from_raw(raw)
    assert (seat.value.field, seat.value.player, seat.value.index, seat.value.rule) == ("benches", "p3", None,
                                                                                       "PU-K4")
    raw = State(3)._raw()
    raw[C.RAW_PHASE] = C.PHASE_DECIDE
    raw[C.RAW_STACKS + 32 + 0] = raw[C.RAW_STACKS + 32 + 3] = 1   # R1 and R4 on stack 2
    with pytest.raises(SnapshotError) as stack:
        State._from_raw(raw)
    assert (stack.value.field, stack.value.player, stack.value.index, stack.value.rule) == ("stacks", None, 1,
                                                                                           "PU-P2")
    assert "PU-P2" in str(stack.value) and str(stack.value).startswith("stacks: ")


def test_the_message_names_the_rule_once() -> None:
    raw = State(3)._raw()
    raw[C.RAW_PLAYERS] = 7
    with pytest.raises(SnapshotError) as caught:
        State._from_raw(raw)
    assert str(caught.value) == "players: must be 2..6, got 7 (PU-C3)" and caught.value.rule == "PU-C3"


def test_checked_false_skips_only_the_reachability_checks() -> None:
    # seat 2's turn at the very start: no card was drawn or banked before it (PU-T1)
    raw = State(3)._raw()
    raw[C.RAW_TURN] = raw[C.RAW_ACTOR] = 2
    with pytest.raises(SnapshotError) as caught:
        State._from_raw(raw)
    assert (caught.value.field, caught.value.rule) == ("turn", "PU-T1")
    assert State._from_raw(raw, checked=False).turn == 2
    raw[C.RAW_TURN] = 3                                  # no such seat: refused at every level
    with pytest.raises(SnapshotError):
        State._from_raw(raw, checked=False)


@pytest.mark.parametrize(("raw", "error", "words"), [
    ([0] * (C.RAW_SIZE - 1), ValueError, "521 ints, not 520"),
    ("0" * C.RAW_SIZE, TypeError, "not str"),
    ([0] * (C.RAW_SIZE - 1) + [True], TypeError, "raw[520]: an int expected, not bool"),
    ([0] * (C.RAW_SIZE - 1) + [1.0], TypeError, "raw[520]: an int expected, not float"),
])
def test_a_malformed_raw_vector_is_refused_by_type_or_length(raw: object, error: type[Exception],
                                                             words: str) -> None:
    with pytest.raises(error, match=words.replace("[", r"\[").replace("]", r"\]")):
        State._from_raw(raw)  # type: ignore[arg-type]


def test_a_huge_int_in_the_raw_vector_is_clamped_and_refused() -> None:
    raw = State(3)._raw()
    raw[C.RAW_SWITCHES] = 2 ** 80
    with pytest.raises(SnapshotError) as caught:
        State._from_raw(raw)
    assert (caught.value.field, caught.value.rule) == ("switches", "PU-S1")
