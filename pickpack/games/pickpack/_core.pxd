# The C-level layout of pickpack.games.pickpack._core.CoreState, so that Cython code can
# reach the C state without a Python call per node: the searches (_search.pxi, included
# into _core.pyx, the game's one extension) and any Cython module that cimports it.
from pickpack.games.pickpack._ccore cimport pp_state, pp_undo, pp_error, PP_MAX_PLIES

cdef class CoreState:
    cdef pp_state s
    cdef pp_undo hist[PP_MAX_PLIES]
    cdef int nhist
    cdef _raise_illegal(self, object action, int a, pp_error e)
