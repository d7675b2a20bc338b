# cython: language_level=3
"""Breakthrough's binding (src/breakthrough.c): its table, start and position; all else
(history, undo, copy, pickle, checked apply, perft, ...) is pickpack._cstate.CState's."""
from libc.stdint cimport int8_t, uint64_t
from pickpack._game_ops cimport pp_game_ops
from pickpack._cstate cimport CState, seed64

cdef extern from "breakthrough.h" nogil:
    ctypedef struct bt_state:
        int8_t board[36]
        int8_t to_move
    const pp_game_ops bt_ops
    void bt_init(bt_state *s)
    int bt_load(bt_state *s, const char *cells, int to_move)
    long long bt_random_games(long games, uint64_t seed)

#: bt_load's error codes: (rule, reason).
LOAD_ERRORS = {20: ("BT-P1", "a board is 6 ranks of 6 cells '.', 'b' or 'w'"), 21: ("BT-P1", "black or white is to move"),
               22: ("BT-W3", "a finished game has one winner, who made the last move")}


cdef class CoreState(CState):
    """A Breakthrough 6x6 position in C; the start position when made."""

    def __cinit__(self, *args, **kwargs):
        self._bind(&bt_ops)
        bt_init(<bt_state *>self.state)

    def _cells(self):
        """The 36 cells '.', 'b', 'w', rank 6 first, and the seat to move."""
        cdef bt_state *s = <bt_state *>self.state
        return "".join(".bw"[s.board[i]] for i in range(36)), s.to_move

    def _place(self, str cells, int to_move):
        """Set the position from _cells()'s form, checked by the C loader (no history);
        0, or its error code (a key of LOAD_ERRORS; the position unchanged then)."""
        cdef bytes raw = cells.encode("ascii", "replace")
        if len(raw) != 36:
            return 20
        self.nhist = 0
        return bt_load(<bt_state *>self.state, raw, to_move)


def random_games(long games, seed):
    """Plies of ``games`` random games from the start, played in C without the GIL."""
    cdef uint64_t s = seed64(seed)
    cdef long long plies
    with nogil:
        plies = bt_random_games(games, s)
    return plies
