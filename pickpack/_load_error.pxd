# The C loaders' error record (core/common/pp_load_error.h), shared by the game bindings
# (pickpack/games/push/_ccore.pxd, pickpack/games/pacru/_ccore.pxd).

cdef extern from "pp_load_error.h" nogil:
    ctypedef struct pp_load_error:
        int field, seat, index
        const char *rule
        char msg[320]
