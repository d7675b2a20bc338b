# Pick & Pack's own searches and search helpers, included by _core.pyx (Cython
# `include`), so that they are compiled into the game's one extension,
# pickpack.games.pickpack._core, over the one copy of the game's C it links (issue 8:
# one extension per game). The Python names are re-exported by
# pickpack.games.pickpack._search (a plain module), with the MCTS, which is the one
# search binding of every C game (pickpack._csearch) over Pick & Pack's table.
#
# Alpha-beta (core/pickpack/pickpack_search.h, alphabeta.c) is Pick & Pack's own: one
# call per search; the parameters are checked here with the search binding's checks,
# the position is copied out of the State, and the whole search runs in C with the GIL
# released, so searches in several threads run in parallel. A bad parameter raises
# ValueError (or TypeError for the wrong type) naming it. Called from the main thread
# the search polls Python's signal handlers about every 0.05 s (the binding's poll)
# and stops when one raises (Ctrl-C: KeyboardInterrupt), so even depth=64 ends within
# ~0.1 s.
from libc.stdint cimport uint16_t, uint64_t
from pickpack._game_ops cimport (PP_SEARCH_NO_MEMORY, PP_SEARCH_OK, PP_SEARCH_STOPPED, pp_root_move,
                                 pp_search_poll)
from pickpack._csearch cimport _int_in, _poll_for_this_thread, _raise_pending, _real

cdef extern from "pickpack_search.h" nogil:
    enum:
        PP_AB_WIN
        PP_AB_MAX_DEPTH

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
    void pp_eval_score_only(pp_eval_weights *w)
    void pp_eval_default(pp_eval_weights *w)
    int pp_evaluate(const pp_state *s, int p, const pp_eval_weights *w)
    void pp_ab_default_params(pp_ab_params *p)
    int pp_alphabeta_search(const pp_state *root, const pp_ab_params *params,
                            pp_ab_result *result, pp_root_move *root_moves)


# The Zobrist tables that pp_apply updates a hash from (alpha-beta's table is keyed by
# it) are the ones of _core's own copy of the game's C: filled once, under the GIL, when
# _core is imported (its pp_zobrist_init call), before any
# search can run without the GIL. No second copy, so no second call.

WIN_VALUE = PP_AB_WIN
MAX_DEPTH = PP_AB_MAX_DEPTH
EVALUATIONS = ("full", "score")


cdef CoreState _position(object state):
    if not isinstance(state, CoreState):
        raise TypeError(f"state must be a pickpack.State, not {type(state).__name__}")
    cdef CoreState st = <CoreState>state
    if _s(st).phase == PP_PHASE_OVER:
        raise ValueError("state: the game is over, there is no move to search (PP-E1/PP-E2)")
    return st


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
    cdef pp_state root = _s(st)[0]
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
        "root_moves": [(moves[i].action, moves[i].visits, moves[i].value) for i in range(r.root_moves)],
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
    return pp_evaluate(_s(<CoreState>state), PLAYERS.index(player), &w)


def distinct_actions(state):
    """The legal actions after the symmetry reduction (pickpack_search.h), ascending:
    among moves that differ only by choosing between two crates of one player with the
    same status and trays, the one naming the lower crate. A list of ints; empty once
    the game is over."""
    if not isinstance(state, CoreState):
        raise TypeError(f"state must be a pickpack.State, not {type(state).__name__}")
    cdef uint16_t out[PP_MAX_MOVES]
    cdef int n = pp_distinct_actions(_s(<CoreState>state), out)
    return [out[i] for i in range(n)]


def counted_actions(state):
    """The legal actions as the playout sampler finds them, one index at a time
    (pp_nth_legal_action for k = 0, 1, ...): equal to state.legal_actions(). A check of
    the sampler; a list of ints."""
    if not isinstance(state, CoreState):
        raise TypeError(f"state must be a pickpack.State, not {type(state).__name__}")
    cdef CoreState st = <CoreState>state
    cdef int count = 0
    pp_nth_legal_action(_s(st), 0, &count)
    return [pp_nth_legal_action(_s(st), k, &count) for k in range(count)]
