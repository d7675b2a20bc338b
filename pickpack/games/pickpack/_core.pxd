# The C-level layout of pickpack.games.pickpack._core.CoreState: the common C-state base
# (pickpack._cstate.CState) over Pick & Pack's table of operations; its state buffer
# holds one pp_state (the searches of _search.pxi and any Cython module that cimports
# this reach it as `<pp_state *>state.state`).
from pickpack._cstate cimport CState

cdef class CoreState(CState):
    pass
