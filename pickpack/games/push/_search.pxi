# PUSH's MCTS, included by _core.pyx (Cython `include`), so that it is compiled into the
# game's one extension, pickpack.games.push._core, over the one copy of the game's C it
# links. pickpack.games.push._search (a plain module) re-exports it for
# Game.native_mcts ("pickpack.games.push._search:mcts_search").
#
# The search is the generic UCT of core/common/pp_mcts.h over PUSH's table of game
# operations (core/push/ops.c, push_search.h): 2..6 players, every draw and die roll
# by its exact probability, playouts by the rollout policy (core/push/push_policy.h),
# a tree of the root's decisions alone.
#
# One call per search: the parameters are checked here, the position is copied out of
# the State, and the whole search runs in C with the GIL released. Called from the main
# thread, the search asks Python's signal handlers about every 0.05 s and stops when
# one raises (Ctrl-C: KeyboardInterrupt).
import threading as _threading

from libc.math cimport isfinite

cdef extern from "push_search.h" nogil:
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
    int push_mcts_search(const push_state *root, const pp_mcts_params *params,
                         pp_mcts_node *pool, size_t pool_size,
                         pp_mcts_result *result, pp_root_move *root_moves)
    const pp_game_ops pp_push_ops
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
        raise TypeError(f"state must be a PUSH State, not {type(state).__name__}")
    cdef CoreState st = <CoreState>state
    if st.s.phase == PUSH_PHASE_OVER:
        raise ValueError("state: the game is over, there is no move to search (PU-E1)")
    if st.s.phase == PUSH_PHASE_DRAW or st.s.phase == PUSH_PHASE_ROLL:
        raise ValueError("state: a chance node (a card is drawn or the die rolls): nobody decides here")
    cdef pp_mcts_params p
    cdef pp_mcts_result r
    cdef pp_root_move moves[PUSH_MAX_ACTIONS]
    cdef push_state root = st.s
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
    p.max_nodes = _int_in("max_nodes", max_nodes, PUSH_MAX_OUTCOMES + 1, 2 ** 32 - 1)
    p.poll = _poll_for_this_thread()
    if through_table:
        with nogil:
            rc = pp_mcts_run(&pp_push_ops, &root, &p, NULL, 0, &r, moves)
    else:
        with nogil:
            rc = push_mcts_search(&root, &p, NULL, 0, &r, moves)
    if rc == PP_SEARCH_STOPPED:
        _raise_pending()
    if rc == PP_SEARCH_NO_MEMORY:
        raise MemoryError(f"mcts: cannot allocate a tree of {max_nodes} nodes")
    if rc != PP_SEARCH_OK:
        raise ValueError(f"the search refused its parameters (code {rc})")
    return {
        "action": r.action, "value": r.value, "simulations": r.simulations,
        "nodes": r.nodes, "seconds": r.seconds,
        "root_moves": [(moves[i].action, moves[i].visits, moves[i].value) for i in range(r.root_moves)],
    }


def mcts_search(state, *, simulations=None, seconds=None, exploration=1.0, margin=0.5,
                seed=0, max_nodes=1 << 22):
    """Choose a decision for the seat to decide by UCT over policy playouts (all in C).

    UCT: Kocsis & Szepesvari 2006. The search is the generic one of
    core/common/pp_mcts.h compiled over PUSH's table (core/push/ops.c): the tree is the
    root and its decisions, each valued by playouts of the rollout policy
    (core/push/push_policy.h: every seat a cheap version of the heuristic bot, one
    decision in ten uniformly random), every card and die drawn by its exact
    probability (the deck's order is the hidden information, PU-V1, and every playout
    draws its own); each of the 2..6 seats backs up its own return (PU-E3:
    (n-k)/(k(n-1)) for each of k winners, -1/(n-1) for the others) plus ``margin``
    times its score margin ((score - best other score)/60, clamped to [-1, 1]).

    ``simulations`` (int >= 1) and/or ``seconds`` (wall time > 0) bound the search; at
    least one must be given, and with ``simulations`` alone the result depends only on
    (state, options, seed). ``exploration``: UCT constant c >= 0. ``margin`` >= 0.
    ``seed``: int 0..2**64-1. ``max_nodes``: tree size cap, 33..2**32-1 nodes of 24
    bytes. The state is not modified.

    Returns {"action": int, "value": mean return of that move for the seat to decide,
    "simulations": int, "nodes": int, "seconds": float, "root_moves": [(action, visits,
    mean return), ...]}.

    Raises TypeError for a non-State or a parameter of the wrong type, ValueError for a
    chance node, a finished game or a parameter out of range, MemoryError if the tree
    cannot be allocated; KeyboardInterrupt within ~0.1 s of Ctrl-C from the main thread.
    """
    return _mcts(state, simulations, seconds, exploration, margin, seed, max_nodes, False)


def mcts_search_through_table(state, *, simulations=None, seconds=None, exploration=1.0,
                              margin=0.5, seed=0, max_nodes=1 << 22):
    """mcts_search run through the table's function pointers (pp_mcts_run over
    pp_push_ops), as any game's C MCTS runs: the same parameters, checks and results (to
    the bit); slower. For tests of the generic path and benchmarks."""
    return _mcts(state, simulations, seconds, exploration, margin, seed, max_nodes, True)


# The rollout policy of the search's playouts (core/push/push_policy.h), exposed for
# tests and measurements.
cdef extern from "push_policy.h" nogil:
    enum:
        PUSH_POLICY_BANK_AT
        PUSH_POLICY_EPSILON_PERMILLE
    double PUSH_POLICY_RISK
    int push_policy_action(const push_state *s)
    int push_policy_games_part(pp_rng *rng, int players, int hard, int switch_per_turn,
                               long count, push_batch *b)

POLICY_BANK_AT = PUSH_POLICY_BANK_AT
POLICY_RISK = PUSH_POLICY_RISK
POLICY_EPSILON = PUSH_POLICY_EPSILON_PERMILLE / 1000.0


def policy_action(state):
    """The rollout policy's decision (core/push/push_policy.h, no randomness) for the
    seat to decide in ``state`` (a PUSH State): start -- bank the best bench colour
    when worth at least POLICY_BANK_AT, else draw; place -- the best stop margin;
    decide -- stop above POLICY_RISK bust probability or when one more card does not
    raise the expected stop margin; collect -- the stack of highest collect value.

    Returns an int decision (0..12), always legal. TypeError for a non-State,
    ValueError at a chance node or once the game is over.
    """
    if not isinstance(state, CoreState):
        raise TypeError(f"state must be a PUSH State, not {type(state).__name__}")
    cdef CoreState st = <CoreState>state
    cdef int a = push_policy_action(&st.s)
    if a < 0:
        raise ValueError("state: a chance node or a finished game: nobody decides here")
    return a


def policy_games(n, players, seed, hard=False, switch_per_turn=False):
    """Play n whole games in C from the start position with the rollout policy (each
    decision with probability POLICY_EPSILON a uniformly random one, every chance
    outcome by its probability, pp_rng(seed)): the search's playouts.

    Returns the dict of random_games ({"games", "plies", "chance_plies",
    "mean_scores", "wins"}). Ctrl-C between slices raises KeyboardInterrupt.
    TypeError for a non-int n, ValueError for n outside 0..2**62; ValueError/TypeError
    for a bad player count, seed or flag.
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n must be an int, not {type(n).__name__}")
    if not 0 <= n <= 2**62:
        raise ValueError(f"n must be 0..2**62 games, got {n}")
    cdef int np = _players_arg(players)
    cdef int h = _flag("hard", hard)
    cdef int spt = _flag("switch_per_turn", switch_per_turn)
    cdef pp_rng rng
    cdef push_batch b
    cdef long count = n
    cdef long done = 0
    cdef long part
    memset(&b, 0, sizeof(b))
    pp_rng_seed(&rng, _seed64(seed))
    while done < count:
        part = min(count - done, 16)        # ~4 ms of policy games: Ctrl-C is honoured quickly
        with nogil:
            push_policy_games_part(&rng, np, h, spt, part, &b)
        done += part
        PyErr_CheckSignals()
    names = [f"p{p + 1}" for p in range(np)]
    return {
        "games": b.games, "plies": b.plies, "chance_plies": b.chance_plies,
        "mean_scores": {names[p]: (b.score_sum[p] / count if count else 0.0) for p in range(np)},
        "wins": {names[p]: b.wins[p] for p in range(np)},
    }
