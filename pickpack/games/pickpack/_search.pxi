# The searches of Pick & Pack, included by _core.pyx (Cython `include`), so that they are
# compiled into the game's one extension, pickpack.games.pickpack._core, over the one copy
# of the game's C it links (issue 8: one extension per game). The Python names are
# re-exported by pickpack.games.pickpack._search (a plain module) for its importers and
# Game.native_mcts.
#
# Binding of the C searches (core/pickpack/pickpack_search.h): MCTS and alpha-beta.
#
# MCTS is the generic UCT of core/common/pp_mcts.h over Pick & Pack's table of game
# operations (core/pickpack/ops.c); alpha-beta is Pick & Pack's own.
#
# One call per search: the parameters are checked here, the position is copied out of
# the pickpack.State, and the whole search runs in C with the GIL released, so searches
# in several threads run in parallel. Every parameter from Python is checked before C
# sees it; a bad one raises ValueError (or TypeError for the wrong type) naming it.
#
# Interrupts: a search called from the main thread asks Python's signal handlers about
# every 0.05 s (PP_SEARCH_POLL_SECONDS, the search's poll callback, taking the GIL for
# that moment); when one raises (Ctrl-C: KeyboardInterrupt) the search stops and the
# exception propagates, so even depth=64 or simulations=10**9 end within ~0.1 s.
import threading as _threading

from libc.math cimport isfinite
from libc.stdint cimport uint16_t, uint64_t

cdef extern from "pickpack_search.h" nogil:
    enum:
        PP_SEARCH_OK
        PP_SEARCH_BAD_PARAMS
        PP_SEARCH_GAME_OVER
        PP_SEARCH_NO_MEMORY
        PP_SEARCH_STOPPED
        PP_AB_WIN
        PP_AB_MAX_DEPTH

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

    ctypedef struct pp_eval_weights:
        int premium
        int wholesale
        int rush
        int tile

    ctypedef struct pp_ab_params:
        int depth
        double seconds
        pp_search_poll poll
        void *poll_ctx
        int tt_log2
        pp_eval_weights eval

    ctypedef struct pp_ab_result:
        int action
        int value
        int depth
        int exact
        uint64_t nodes
        uint64_t tt_hits
        double seconds
        int root_moves

    int pp_distinct_actions(const pp_state *s, uint16_t *out)
    int pp_nth_legal_action(const pp_state *s, int k, int *count)
    void pp_mcts_default_params(pp_mcts_params *p)
    int pp_mcts_search(const pp_state *root, const pp_mcts_params *params,
                       pp_mcts_node *pool, size_t pool_size,
                       pp_mcts_result *result, pp_root_move *root_moves)
    const pp_game_ops pp_pickpack_ops
    int pp_mcts_run(const pp_game_ops *ops, const void *root, const pp_mcts_params *params,
                    pp_mcts_node *pool, size_t pool_size,
                    pp_mcts_result *result, pp_root_move *root_moves)
    void pp_eval_score_only(pp_eval_weights *w)
    void pp_eval_default(pp_eval_weights *w)
    int pp_evaluate(const pp_state *s, int p, const pp_eval_weights *w)
    void pp_ab_default_params(pp_ab_params *p)
    int pp_alphabeta_search(const pp_state *root, const pp_ab_params *params,
                            pp_ab_result *result, pp_root_move *root_moves)

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
    """The poll for a search started here: signal handlers run in the main thread only,
    so other threads search without taking the GIL at all."""
    if _threading.get_ident() == _threading.main_thread().ident:
        return _poll_signals
    return NULL


# The Zobrist tables that pp_apply updates a hash from (alpha-beta's table is keyed by
# it) are the ones of _core's own copy of the game's C: filled once, under the GIL, when
# _core is imported (_kind_letters -> pp_state_init -> pp_zobrist_init), before any
# search can run without the GIL. No second copy, so no second call.

WIN_VALUE = PP_AB_WIN
MAX_DEPTH = PP_AB_MAX_DEPTH
EVALUATIONS = ("full", "score")


cdef CoreState _position(object state):
    if not isinstance(state, CoreState):
        raise TypeError(f"state must be a pickpack.State, not {type(state).__name__}")
    cdef CoreState st = <CoreState>state
    if st.s.phase == PP_PHASE_OVER:
        raise ValueError("state: the game is over, there is no move to search (PP-E1/PP-E2)")
    return st


cdef bint _is_int(object v):
    return isinstance(v, int) and not isinstance(v, bool)


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
    if not _is_int(v):
        raise TypeError(f"{name} must be an int, not {type(v).__name__}")
    if not lo <= v <= hi:
        raise ValueError(f"{name} must be in {lo}..{hi}, got {v!r}")
    return v


cdef uint64_t _seed(object seed) except? 0:
    if not _is_int(seed):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if not 0 <= seed < 2 ** 64:
        raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
    return <uint64_t>seed


cdef int _check(int rc, str no_memory) except -1:
    """Turn a search's return code into MemoryError (with this message) or ValueError."""
    if rc == PP_SEARCH_STOPPED:
        _raise_pending()
    if rc == PP_SEARCH_NO_MEMORY:
        raise MemoryError(no_memory)
    if rc != PP_SEARCH_OK:
        # Unreachable when the checks above are right: the C side refused a parameter.
        raise ValueError(f"the search refused its parameters (code {rc})")
    return 0


cdef list _root_moves(pp_root_move *moves, int n):
    return [(moves[i].action, moves[i].visits, moves[i].value) for i in range(n)]


#: Largest exploration constant or margin weight a search takes.
_MAX_WEIGHT = 1e6


cdef dict _mcts(object state, object simulations, object seconds, object exploration,
                object margin, object seed, object max_nodes, bint through_table):
    """Check the options, run the C MCTS without the GIL, build the result dict."""
    cdef CoreState st = _position(state)
    cdef pp_mcts_params p
    cdef pp_mcts_result r
    cdef pp_root_move moves[PP_MAX_MOVES]
    cdef pp_state root = st.s
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
    p.seed = _seed(seed)
    p.max_nodes = _int_in("max_nodes", max_nodes, PP_MAX_MOVES + 1, 2 ** 32 - 1)
    p.poll = _poll_for_this_thread()
    if through_table:
        with nogil:
            rc = pp_mcts_run(&pp_pickpack_ops, &root, &p, NULL, 0, &r, moves)
    else:
        with nogil:
            rc = pp_mcts_search(&root, &p, NULL, 0, &r, moves)
    _check(rc, f"mcts: cannot allocate a tree of {max_nodes} nodes")
    return {
        "action": r.action, "value": r.value, "simulations": r.simulations,
        "nodes": r.nodes, "seconds": r.seconds, "root_moves": _root_moves(moves, r.root_moves),
    }


def mcts_search(state, *, simulations=None, seconds=None, exploration=1.0, margin=0.5,
                seed=0, max_nodes=1 << 22):
    """Choose a move for the player to move by UCT with random playouts (all in C).

    UCT: Kocsis & Szepesvari 2006. The search is the generic one of
    core/common/pp_mcts.h, compiled over Pick & Pack's table of game operations
    (core/pickpack/ops.c) so that its calls are direct; the details (returns,
    expansion, placement phase) are in core/pickpack/pickpack_search.h and docs/bots.md.

    ``simulations`` (int >= 1) and/or ``seconds`` (wall time > 0) bound the search; at
    least one must be given, and with ``simulations`` alone the result depends only on
    (state, options, seed). ``exploration``: UCT constant c >= 0. ``margin``: weight
    >= 0 of the score margin in the returns (sign(diff) + margin * diff / 97).
    ``seed``: int 0..2**64-1. ``max_nodes``: tree size cap, 1025..2**32-1 nodes of 24
    bytes. The state is not modified.

    Returns {"action": int, "value": mean return of that move for the player to move,
    "simulations": int, "nodes": int, "seconds": float, "root_moves": [(action, visits,
    mean return), ...]} for every root move kept after the symmetry reduction.

    Raises TypeError for a non-State or a parameter of the wrong type, ValueError for a
    finished game or a parameter out of range, MemoryError if the tree cannot be
    allocated; KeyboardInterrupt (or whatever a signal handler raises) within ~0.1 s
    of the signal when called from the main thread (module docstring).
    """
    return _mcts(state, simulations, seconds, exploration, margin, seed, max_nodes, False)


def mcts_search_through_table(state, *, simulations=None, seconds=None, exploration=1.0,
                              margin=0.5, seed=0, max_nodes=1 << 22):
    """mcts_search run as any game's C MCTS runs: pp_mcts_run calling Pick & Pack's
    table (pp_pickpack_ops) through its function pointers. The same parameters, checks,
    errors and results (to the bit) as mcts_search; slower. For the benchmark
    (bench/bench_search.py) and the tests of the generic path."""
    return _mcts(state, simulations, seconds, exploration, margin, seed, max_nodes, True)


cdef void _weights(pp_eval_weights *w, object name) except *:
    if name == "full":
        pp_eval_default(w)
    elif name == "score":
        pp_eval_score_only(w)
    else:
        raise ValueError(f"eval must be one of {', '.join(EVALUATIONS)}, got {name!r}")


def alphabeta_search(state, *, depth=None, seconds=None, eval="full", tt_log2=18):
    """Choose a move by negamax alpha-beta with iterative deepening (all in C).

    ``depth`` (int 1..64 plies) and/or ``seconds`` (wall time > 0) bound the search; at
    least one must be given (seconds alone deepens up to 64). Depth 1 always completes.
    ``eval``: "full" (score difference plus the terms of docs/bots.md) or "score"
    (PP-E3 score difference only). ``tt_log2``: the transposition table has 2**tt_log2
    buckets of two 16-byte entries (0..26), or -1 for no table. The state is not
    modified. Values are in sixteenths of a point for the player to move; a won finished
    game is worth WIN_VALUE + 16 * margin.

    Returns {"action", "value", "depth" (deepest completed iteration), "exact" (that
    iteration saw only finished games), "nodes", "tt_hits", "seconds", "root_moves":
    [(action, 0, value or bound), ...] best first}.

    Raises TypeError/ValueError as mcts_search does, MemoryError for the table, and
    KeyboardInterrupt on Ctrl-C as mcts_search does.
    """
    cdef CoreState st = _position(state)
    cdef pp_ab_params p
    cdef pp_ab_result r
    cdef pp_root_move moves[PP_MAX_MOVES]
    cdef pp_state root = st.s
    cdef int rc
    pp_ab_default_params(&p)
    if depth is None and seconds is None:
        raise ValueError("give depth or seconds (or both) as the search budget")
    p.depth = PP_AB_MAX_DEPTH if depth is None else _int_in("depth", depth, 1, PP_AB_MAX_DEPTH)
    p.seconds = 0.0 if seconds is None else _real("seconds", seconds, True)
    p.tt_log2 = _int_in("tt_log2", tt_log2, -1, 26)
    _weights(&p.eval, eval)
    p.poll = _poll_for_this_thread()
    with nogil:
        rc = pp_alphabeta_search(&root, &p, &r, moves)
    _check(rc, f"alphabeta: cannot allocate a table of 2**{tt_log2} buckets")
    return {
        "action": r.action, "value": r.value, "depth": r.depth, "exact": bool(r.exact),
        "nodes": r.nodes, "tt_hits": r.tt_hits, "seconds": r.seconds,
        "root_moves": _root_moves(moves, r.root_moves),
    }


def evaluate(state, player, eval="full"):
    """The alpha-beta evaluation of ``state`` for ``player`` ("red"/"blue"), in
    sixteenths of a point (docs/bots.md); a finished game gives +-WIN_VALUE + 16 * margin.

    Raises ValueError for an unknown player or evaluation.
    """
    if not isinstance(state, CoreState):
        raise TypeError(f"state must be a pickpack.State, not {type(state).__name__}")
    if player not in PLAYERS:
        raise ValueError(f"player must be 'red' or 'blue', not {player!r}")
    cdef pp_eval_weights w
    _weights(&w, eval)
    return pp_evaluate(&(<CoreState>state).s, PLAYERS.index(player), &w)


def distinct_actions(state):
    """The legal actions after the symmetry reduction (pickpack_search.h), ascending:
    among moves that differ only by choosing between two crates of one player with the
    same status and trays, the one naming the lower crate. A list of ints; empty once
    the game is over."""
    if not isinstance(state, CoreState):
        raise TypeError(f"state must be a pickpack.State, not {type(state).__name__}")
    cdef uint16_t out[PP_MAX_MOVES]
    cdef int n = pp_distinct_actions(&(<CoreState>state).s, out)
    return [out[i] for i in range(n)]


def counted_actions(state):
    """The legal actions as the playout sampler finds them, one index at a time
    (pp_nth_legal_action for k = 0, 1, ...): equal to state.legal_actions(). A check of
    the sampler; a list of ints."""
    if not isinstance(state, CoreState):
        raise TypeError(f"state must be a pickpack.State, not {type(state).__name__}")
    cdef CoreState st = <CoreState>state
    cdef int count = 0
    pp_nth_legal_action(&st.s, 0, &count)
    return [pp_nth_legal_action(&st.s, k, &count) for k in range(count)]
