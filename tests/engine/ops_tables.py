"""ctypes views of a C game's table of operations (core/common/pp_game_ops.h, ABI 4),
for tests that break or bend a table on purpose: a copy of a state's table, a
"pickpack.pp_game_ops" capsule of it, and a state moved onto such a copy."""

from __future__ import annotations

import ctypes

import pickpack._cstate
from pickpack._cstate import CState, ops_capsule

_FN = ctypes.c_void_p


class Ops(ctypes.Structure):
    """pp_game_ops (core/common/pp_game_ops.h, ABI 4), field for field."""

    _fields_ = [("abi", ctypes.c_int), ("name", ctypes.c_char_p), ("state_size", ctypes.c_size_t),
                ("max_actions", ctypes.c_int), ("max_chance_outcomes", ctypes.c_int), ("max_plies", ctypes.c_int),
                *((f, _FN) for f in ("num_players", "current_player", "legal_actions", "apply", "chance_outcomes",
                                     "returns", "hash", "playout", "determinize", "in_tree")),
                ("num_distinct_actions", ctypes.c_int),
                *((f, _FN) for f in ("check_action", "error_rule", "error_reason", "chance_weights", "action_text",
                                     "observation_size", "observation", "mcts")),
                ("undo_size", ctypes.c_size_t), ("apply_undoable", _FN), ("undo", _FN),
                ("raw_size", ctypes.c_int), ("save_raw", _FN), ("load_raw", _FN), ("field_name", _FN),
                ("max_legal_actions", ctypes.c_int), ("all_legal_actions", _FN), ("rollout_action", _FN),
                ("new_start", _FN), ("observation_update", _FN)]


CAPSULE_NAME = ctypes.create_string_buffer(pickpack._cstate.OPS_CAPSULE_NAME.encode())
_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_get_pointer.restype, _get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
_new_capsule = ctypes.pythonapi.PyCapsule_New
_new_capsule.restype, _new_capsule.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


def table_address(state: CState) -> int:
    """The address of the C table ``state`` is bound to."""
    address = _get_pointer(ops_capsule(state), CAPSULE_NAME.value)
    assert isinstance(address, int)
    return address


def table_copy(state: CState) -> Ops:
    """A copy of ``state``'s table, to change on purpose."""
    return Ops.from_buffer_copy(ctypes.string_at(table_address(state), ctypes.sizeof(Ops)))


def capsule(table: Ops) -> object:
    """A "pickpack.pp_game_ops" capsule of ``table`` (keep ``table`` alive)."""
    return _new_capsule(ctypes.addressof(table), CAPSULE_NAME, None)


def move_onto(state: CState, table: Ops) -> None:
    """Bind ``state`` to ``table`` (a copy of its own with some numbers changed: the
    same entries, the same state layout): CState's ``ops`` pointer, found as the one
    word of the object's head that holds its table's address, is overwritten. Keep
    ``table`` alive as long as ``state`` and whatever was made from it."""
    old = table_address(state)
    head = (ctypes.c_void_p * 8).from_address(id(state))
    where = [i for i in range(8) if head[i] == old]
    assert len(where) == 1, "CState's ops pointer not found in the object's head"
    head[where[0]] = ctypes.addressof(table)
    assert table_address(state) == ctypes.addressof(table)
