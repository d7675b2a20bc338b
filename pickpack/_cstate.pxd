# The C-level layout of pickpack._cstate.CState, the one base type of every C-backed
# game state (issue 19): a game's CoreState is a `cdef class CoreState(CState)` whose
# __cinit__ calls `self._bind(&its_ops)` and then writes its start position into
# `self.state`. Everything that can be done through the ops table (history, undo, copy,
# pickling support, legal actions, chance, returns, hash, playout, perft, the checked
# apply that raises IllegalMoveError) lives in the base; the game's module keeps its
# table, its snapshot marshalling and its game-only queries.
from libc.stdint cimport uint64_t

from pickpack._game_ops cimport pp_game_ops

cdef class CState:
    cdef const pp_game_ops *ops
    cdef char *state          # ops.state_size bytes: the position (plain data)
    cdef char *hist           # per applied action, oldest first: the position before it,
                              # or the table's compact undo record (ops.undo_size bytes)
    cdef size_t rec_size      # bytes of one hist entry
    cdef int *hist_actions    # the nhist actions applied
    cdef int nhist
    cdef int cap              # room in hist / hist_actions
    cdef int _bind(self, const pp_game_ops *ops) except -1
    cdef int _reserve(self, int n) except -1
    cdef int _check_int(self, object action) except? -1
    cdef _raise_illegal(self, object action, int a, int code)
    cdef str _text_at(self, const char *position, int action)
    cdef int _require_raw(self) except -1

# The seed of a C PRNG from Python: TypeError for a non-int (bool included), ValueError
# outside 0..2**64-1.
cdef uint64_t seed64(object seed) except? 0
# A Python int clamped into the C int range (a value no game's check accepts beyond).
cdef int clamp_int(object v)
