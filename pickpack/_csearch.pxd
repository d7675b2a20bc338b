# The C-level helpers of pickpack._csearch, the one search binding, for a game's own
# searches (Pick & Pack's alpha-beta, pickpack/games/pickpack/_search.pxi): the same
# parameter checks and the same signal poll as the MCTS.
from pickpack._game_ops cimport pp_search_poll

# A number parameter: TypeError for a non-number (bool included), ValueError unless
# finite and > 0 (positive) or >= 0.
cdef double _real(str name, object v, bint positive) except? -1.0
# An int parameter in lo..hi: TypeError for a non-int (bool included), ValueError outside.
cdef long _int_in(str name, object v, long lo, long hi) except? -1
# The poll for a search started in this thread: Python's signal handlers from the main
# thread, NULL (no poll) elsewhere.
cdef pp_search_poll _poll_for_this_thread()
# Propagate the exception a signal handler left set during a stopped search.
cdef int _raise_pending() except -1
