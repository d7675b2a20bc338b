# PACRU's MCTS, included by _core.pyx (Cython `include`), so that it is compiled into the
# game's one extension, pickpack.games.pacru._core, over the one copy of the game's C it
# links. pickpack.games.pacru._search (a plain module) re-exports it for
# Game.native_mcts ("pickpack.games.pacru._search:mcts_search").
#
# The search is the generic UCT of core/common/pp_mcts.h over PACRU's table of game
# operations (core/pacru/ops.c, pacru_search.h): 2..4 players, the contract's SEARCH
# ACTIONS, playouts by the rollout policy (core/pacru/pacru_policy.h).
#
# One call per search: the parameters are checked here, the position is copied out of
# the State, and the whole search runs in C with the GIL released. Called from the main
# thread, the search asks Python's signal handlers about every 0.05 s and stops when
# one raises (Ctrl-C: KeyboardInterrupt).
import threading as _threading

from libc.math cimport isfinite

cdef extern from "pacru_search.h" nogil:
    enum:
        PP_SEARCH_OK
        PP_SEARCH_BAD_PARAMS
        PP_SEARCH_GAME_OVER
        PP_SEARCH_NO_MEMORY
        PP_SEARCH_STOPPED
        PP_SEARCH_CHANCE_ROOT

    ctypedef struct pp_root_move:
        int action
        long visits
        double value

    ctypedef struct pp_mcts_node:
        pass

    ctypedef struct pp_game_ops:
        pass

    ctypedef int (*pp_search_poll)(void *poll_ctx) noexcept

    ctypedef struct pp_mcts_params:
        uint64_t seed
        long simulations
        double seconds
        pp_search_poll poll
        void *poll_ctx
        double exploration
        double margin
        size_t max_nodes

    ctypedef struct pp_mcts_result:
        int action
        long simulations
        size_t nodes
        double seconds
        double value
        int root_moves

    void pp_mcts_default_params(pp_mcts_params *p)
    int pacru_mcts_search(const pacru_state *root, const pp_mcts_params *params,
                          pp_mcts_node *pool, size_t pool_size,
                          pp_mcts_result *result, pp_root_move *root_moves)
    const pp_game_ops pp_pacru_ops
    int pp_mcts_run(const pp_game_ops *ops, const void *root, const pp_mcts_params *params,
                    pp_mcts_node *pool, size_t pool_size,
                    pp_mcts_result *result, pp_root_move *root_moves)

cdef extern from "Python.h":
    # Declared without an exception value: the poll below leaves the exception of a
    # signal handler set, and _raise_pending raises it after the search has returned.
    int _run_signal_handlers "PyErr_CheckSignals" ()


cdef int _poll_signals(void *ctx) noexcept nogil:
    """pp_search_poll: run Python's pending signal handlers; 1 (stop) when one raised."""
    with gil:
        return 1 if _run_signal_handlers() != 0 else 0


cdef int _raise_pending() except -1:
    """Propagate the exception a signal handler left set during the search."""
    return -1


cdef pp_search_poll _poll_for_this_thread():
    """Signal handlers run in the main thread only: other threads search without the GIL."""
    if _threading.get_ident() == _threading.main_thread().ident:
        return _poll_signals
    return NULL


cdef double _real(str name, object v, bint positive) except? -1.0:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TypeError(f"{name} must be a number, not {type(v).__name__}")
    cdef double x = v
    if not isfinite(x):
        raise ValueError(f"{name} must be finite, got {v!r}")
    if positive and not x > 0.0:
        raise ValueError(f"{name} must be > 0, got {v!r}")
    if not positive and x < 0.0:
        raise ValueError(f"{name} must be >= 0, got {v!r}")
    return x


cdef long _int_in(str name, object v, long lo, long hi) except? -1:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"{name} must be an int, not {type(v).__name__}")
    if not lo <= v <= hi:
        raise ValueError(f"{name} must be in {lo}..{hi}, got {v!r}")
    return v


#: Largest exploration constant or margin weight a search takes.
_MAX_WEIGHT = 1e6


cdef dict _mcts(object state, object simulations, object seconds, object exploration,
                object margin, object seed, object max_nodes, bint through_table):
    if not isinstance(state, CoreState):
        raise TypeError(f"state must be a PACRU State, not {type(state).__name__}")
    cdef CoreState st = <CoreState>state
    if st.s.over:
        raise ValueError("state: the game is over, there is no move to search (PA-E2, PA-E3)")
    cdef pp_mcts_params p
    cdef pp_mcts_result r
    cdef pp_root_move *moves
    cdef pacru_state root = st.s
    cdef int rc
    pp_mcts_default_params(&p)
    if simulations is None and seconds is None:
        raise ValueError("give simulations or seconds (or both) as the search budget")
    p.simulations = 0 if simulations is None else _int_in("simulations", simulations, 1, 2 ** 62)
    p.seconds = 0.0 if seconds is None else _real("seconds", seconds, True)
    p.exploration = _real("exploration", exploration, False)
    p.margin = _real("margin", margin, False)
    # Bounded, so that a sum of returns stays finite (1e308 gave -inf values: review).
    for name, value in (("exploration", p.exploration), ("margin", p.margin)):
        if value > _MAX_WEIGHT:
            raise ValueError(f"{name} must be 0..{_MAX_WEIGHT:g}, got {value!r}")
    p.seed = _seed64(seed)
    p.max_nodes = _int_in("max_nodes", max_nodes, PACRU_MAX_SEARCH_ACTIONS + 1, 2 ** 32 - 1)
    p.poll = _poll_for_this_thread()
    moves = <pp_root_move *>PyMem_Malloc(PACRU_MAX_SEARCH_ACTIONS * sizeof(pp_root_move))
    if moves == NULL:
        raise MemoryError()
    try:
        if through_table:
            with nogil:
                rc = pp_mcts_run(&pp_pacru_ops, &root, &p, NULL, 0, &r, moves)
        else:
            with nogil:
                rc = pacru_mcts_search(&root, &p, NULL, 0, &r, moves)
        root_moves = [(moves[i].action, moves[i].visits, moves[i].value) for i in range(r.root_moves)] \
            if rc == PP_SEARCH_OK or rc == PP_SEARCH_STOPPED else []
    finally:
        PyMem_Free(moves)
    if rc == PP_SEARCH_STOPPED:
        _raise_pending()
    if rc == PP_SEARCH_NO_MEMORY:
        raise MemoryError(f"mcts: cannot allocate a tree of {max_nodes} nodes")
    if rc != PP_SEARCH_OK:
        raise ValueError(f"the search refused its parameters (code {rc})")
    return {
        "action": r.action, "value": r.value, "simulations": r.simulations,
        "nodes": r.nodes, "seconds": r.seconds,
        "root_moves": root_moves,
    }


def mcts_search(state, *, simulations=None, seconds=None, exploration=1.0, margin=0.5,
                seed=0, max_nodes=1 << 22):
    """Choose an action for the seat to move by UCT over rollout-policy playouts (all in C).

    UCT: Kocsis & Szepesvari 2006. The search is the generic one of
    core/common/pp_mcts.h compiled over PACRU's table (core/pacru/ops.c): its actions are
    the contract's SEARCH ACTIONS (every legal move, a paying meeting offering only the
    cells in borderlands holding one of the mover's chevrons, one reorientation per
    chevron and new direction; at most MAX_SEARCH_ACTIONS), its playouts the random
    playout policy; each of the 2..4 seats backs up its own return (PA-E2, PA-E3:
    (n-k)/(k(n-1)) for each of k winners, -1/(n-1) for the others) plus ``margin``
    times its cell margin ((cells - most cells of another seat)/81).

    ``simulations`` (int >= 1) and/or ``seconds`` (wall time > 0) bound the search; at
    least one must be given, and with ``simulations`` alone the result depends only on
    (state, options, seed). ``exploration``: UCT constant c >= 0. ``margin`` >= 0.
    ``seed``: int 0..2**64-1. ``max_nodes``: tree size cap, MAX_SEARCH_ACTIONS+1..2**32-1
    nodes of 24 bytes. The state is not modified.

    Returns {"action": int, "value": mean return of that action for the seat to move,
    "simulations": int, "nodes": int, "seconds": float, "root_moves": [(action, visits,
    mean return), ...]}; the action is always legal (check_action gives None).

    Raises TypeError for a non-State or a parameter of the wrong type, ValueError for a
    finished game or a parameter out of range, MemoryError if the tree cannot be
    allocated; KeyboardInterrupt within ~0.1 s of Ctrl-C from the main thread.
    """
    return _mcts(state, simulations, seconds, exploration, margin, seed, max_nodes, False)


def mcts_search_through_table(state, *, simulations=None, seconds=None, exploration=1.0,
                              margin=0.5, seed=0, max_nodes=1 << 22):
    """mcts_search run through the table's function pointers (pp_mcts_run over
    pp_pacru_ops), as any game's C MCTS runs: the same parameters, checks and results (to
    the bit); slower. For tests of the generic path and benchmarks."""
    return _mcts(state, simulations, seconds, exploration, margin, seed, max_nodes, True)
