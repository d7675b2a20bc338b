# The C-level layout of pickpack.games.push._core.CoreState, so that Cython code (the
# search in _search.pxi, included into _core.pyx) reaches the C state directly.
from pickpack.games.push._ccore cimport push_state, push_undo

cdef class CoreState:
    cdef push_state s
    cdef push_undo *hist      # undo records of the actions applied, oldest first
    cdef int nhist
    cdef int cap              # room in hist
    cdef int _reserve(self, int n) except -1
