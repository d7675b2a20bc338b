# The C-level layout of pickpack.games.pacru._core.CoreState, so that Cython code (the
# search in _search.pxi, included into _core.pyx) reaches the C state directly.
from pickpack.games.pacru._ccore cimport pacru_state

cdef struct pacru_undo:
    pacru_state before        # the position before the action (a position is plain data)
    int action

cdef class CoreState:
    cdef pacru_state s
    cdef pacru_undo *hist     # undo records of the actions applied, oldest first
    cdef int nhist
    cdef int cap              # room in hist
    cdef int _reserve(self, int n) except -1
    cdef int _seat_arg(self, object seat) except -1
    cdef list _actions(self, int which)
    cdef str _reason(self, int e, int action)
