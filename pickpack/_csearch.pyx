# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The one search binding of every C-backed game (issue 19): the generic UCT of
core/common/pp_mcts.h over a CState's table of operations.

One call per search: the parameters are checked here, the position is copied out of
the state, and the whole search runs in C with the GIL released, through the game's
own compile of the search (``ops->mcts``: pp_mcts_impl.h with the table as a constant,
its calls direct) when the table has one, else pp_mcts_run through the pointers.
Called from the main thread, the search asks Python's signal handlers about every
0.05 s and stops when one raises (Ctrl-C: KeyboardInterrupt); other threads search
without the GIL and are not polled (signal handlers run in the main thread only).

A game's ``_search`` module re-exports ``mcts_search`` and
``mcts_search_through_table`` for its ``Game.native_mcts`` string.
"""
import threading as _threading
from typing import TypedDict

from libc.math cimport isfinite
from libc.string cimport memcpy
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from pickpack._game_ops cimport *
from pickpack._cstate cimport CState, seed64

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


#: What mcts_search returns (a plain dict of these keys): the chosen action, its mean
#: return for the seat to decide, the simulations run, the tree nodes used, the wall
#: time, and (action, visits, mean return) of every root move.
MCTSResult = TypedDict("MCTSResult", {"action": int, "value": float, "simulations": int, "nodes": int,
                                      "seconds": float, "root_moves": list})


#: Largest exploration constant or margin weight a search takes.
_MAX_WEIGHT = 1e6


cdef dict _mcts(object state, object simulations, object seconds, object exploration,
                object margin, object seed, object max_nodes, bint through_table):
    if not isinstance(state, CState):
        raise TypeError(f"state must be a C-backed game State (a pickpack._cstate.CState), not "
                        f"{type(state).__module__}.{type(state).__qualname__}")
    cdef CState st = <CState>state
    cdef const pp_game_ops *ops = st.ops
    cdef int who = ops.current_player(st.state)
    if who == PP_TERMINAL:
        raise ValueError("state: the game is over, there is no move to search")
    if who == PP_CHANCE:
        raise ValueError("state: a chance node: nobody decides here")
    cdef pp_mcts_params p
    cdef pp_mcts_result r
    cdef int rc
    cdef long widest = ops.max_actions if ops.max_actions > ops.max_chance_outcomes else ops.max_chance_outcomes
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
    p.seed = seed64(seed)
    # Room for the root and a whole level of children (a chance node expands every outcome).
    p.max_nodes = _int_in("max_nodes", max_nodes, widest + 1, 2 ** 32 - 1)
    p.poll = _poll_for_this_thread()
    # The search reads its own copy of the root: the state may change in another thread.
    cdef char *root = <char *>PyMem_Malloc(ops.state_size)
    cdef pp_root_move *moves = <pp_root_move *>PyMem_Malloc(ops.max_actions * sizeof(pp_root_move))
    try:
        if root == NULL or moves == NULL:
            raise MemoryError()
        memcpy(root, st.state, ops.state_size)
        if ops.mcts != NULL and not through_table:
            with nogil:
                rc = ops.mcts(root, &p, NULL, 0, &r, moves)
        else:
            with nogil:
                rc = pp_mcts_run(ops, root, &p, NULL, 0, &r, moves)
        root_moves = [(moves[i].action, moves[i].visits, moves[i].value) for i in range(r.root_moves)] \
            if rc == PP_SEARCH_OK or rc == PP_SEARCH_STOPPED else []
    finally:
        PyMem_Free(root)
        PyMem_Free(moves)
    if rc == PP_SEARCH_STOPPED:
        _raise_pending()
    if rc == PP_SEARCH_NO_MEMORY:
        raise MemoryError(f"mcts: cannot allocate a tree of {max_nodes} nodes")
    if rc != PP_SEARCH_OK:
        raise ValueError(f"the search refused its parameters (code {rc})")
    return {
        "action": r.action, "value": r.value, "simulations": r.simulations,
        "nodes": r.nodes, "seconds": r.seconds, "root_moves": root_moves,
    }


def mcts_search(state, *, simulations=None, seconds=None, exploration=1.0, margin=0.5,
                seed=0, max_nodes=1 << 22):
    """Choose a decision for the seat to decide in ``state`` (any CState) by UCT over
    playouts, all in C: UCT (Kocsis & Szepesvari 2006) of core/common/pp_mcts.h over
    the state's table -- the game's own compile of it (``ops->mcts``) when the table
    has one. The game's table decides the playouts (its ``playout``, else random
    moves), which positions the tree keeps (``in_tree``) and hidden information
    (``determinize``: single-observer IS-MCTS, Cowling, Powley & Whitehouse 2012, one
    determinization per simulation, availability counts in UCB1); chance is drawn by
    its probabilities; each seat backs up its own return plus ``margin`` times its
    score margin. On a root whose player sees all of it, a move that wins at once is
    played with no simulation (``simulations`` 0) and moves after which the next seat
    wins at once are left out (0 visits), Teytaud & Teytaud 2010; exact ties of the
    most visited moves are drawn from the search's own stream.

    ``simulations`` (int >= 1) and/or ``seconds`` (wall time > 0) bound the search; at
    least one must be given, and with ``simulations`` alone the result depends only on
    (state, seed and the parameters). ``exploration``: UCT constant 0..1e6.
    ``margin``: 0..1e6. ``seed``: int 0..2**64-1. ``max_nodes``: tree size cap, from
    the widest node of the game plus one to 2**32-1 nodes of 24 bytes. The state is
    not modified.

    Returns an MCTSResult: {"action": int, "value": mean return of that action for the
    seat to decide, "simulations": int, "nodes": int, "seconds": float,
    "root_moves": [(action, visits, mean return), ...]}.

    Raises TypeError for a state that is no CState or a parameter of the wrong type,
    ValueError for a chance node, a finished game or a parameter out of range,
    MemoryError if the tree cannot be allocated; KeyboardInterrupt within ~0.1 s of
    Ctrl-C from the main thread.
    """
    return _mcts(state, simulations, seconds, exploration, margin, seed, max_nodes, False)


def mcts_search_through_table(state, *, simulations=None, seconds=None, exploration=1.0,
                              margin=0.5, seed=0, max_nodes=1 << 22):
    """mcts_search run through the table's function pointers (pp_mcts_run), as a game
    without its own compile runs: the same parameters, checks and results (to the
    bit); slower. For tests of the generic path and benchmarks."""
    return _mcts(state, simulations, seconds, exploration, margin, seed, max_nodes, True)
