# The C-level layout of pickpack.games.push._core.CoreState: the common C-state base
# (pickpack._cstate.CState) over PUSH's table of operations; its state buffer holds one
# push_state.
from pickpack._cstate cimport CState

cdef class CoreState(CState):
    pass
