# The C-level layout of pickpack.games.pacru._core.CoreState: the common C-state base
# (pickpack._cstate.CState) over PACRU's table of operations; its state buffer holds
# one pacru_state.
from pickpack._cstate cimport CState

cdef class CoreState(CState):
    cdef list _actions(self, int which)
