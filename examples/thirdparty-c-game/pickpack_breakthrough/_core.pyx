# cython: language_level=3
"""Breakthrough's binding (src/breakthrough.c) over pickpack's C base: the table, the
start position and the position marshalling. History, undo, copy, pickling, legal
actions, the checked apply, returns, hash, playouts, perft and the observation tensor
are pickpack._cstate.CState's."""
from libc.stdint cimport int8_t, uint64_t
from pickpack._game_ops cimport pp_game_ops
from pickpack._cstate cimport CState, seed64

cdef extern from "breakthrough.h" nogil:
    ctypedef struct bt_state:
        int8_t board[36]
        int8_t to_move
    const pp_game_ops bt_ops
    void bt_init(bt_state *s)
    int bt_load(bt_state *s, const int8_t *board, int to_move)
    long long bt_random_games(long games, uint64_t seed)

#: bt_load's error codes: (rule, reason).
LOAD_ERRORS = {20: ("BT-P1", "a cell is '.', 'b' or 'w'"), 21: ("BT-P1", "black or white is to move"),
               22: ("BT-W3", "a finished game has one winner, who made the last move")}


cdef class CoreState(CState):
    """A Breakthrough 6x6 position in C; the start position when made."""

    def __cinit__(self, *args, **kwargs):
        self._bind(&bt_ops)
        bt_init(<bt_state *>self.state)

    def _cells(self):
        """The 36 cells, rank 6 first, as bytes of 0 (empty), 1 (black), 2 (white), and
        the seat to move."""
        cdef bt_state *s = <bt_state *>self.state
        return bytes([s.board[i] for i in range(36)]), s.to_move

    def _place(self, bytes cells, int to_move):
        """Set the position from _cells()'s form (no history); 0, or bt_load's error
        code (the position unchanged). ValueError for a length other than 36."""
        if len(cells) != 36:
            raise ValueError(f"a board has 36 cells, not {len(cells)}")
        cdef const char *p = cells
        self.nhist = 0
        return bt_load(<bt_state *>self.state, <const int8_t *>p, to_move)


def random_games(long games, seed):
    """Plies of ``games`` random games from the start, played in C without the GIL."""
    cdef uint64_t s = seed64(seed)
    cdef long long plies
    with nogil:
        plies = bt_random_games(games, s)
    return plies
