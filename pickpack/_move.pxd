# The C-level layout of pickpack._move.Move, so that game bindings build moves without a
# Python call per attribute.

cdef class Move:
    cdef readonly int action
    cdef readonly str text
