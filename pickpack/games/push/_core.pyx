# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Cython binding of PUSH's C core (core/push/push_core.h): its table of operations
(core/push/ops.c) bound to the common C-state base (pickpack._cstate.CState), its
snapshot marshalling and its game-only queries.

Everything the table answers (history, undo, copy, pickling, legal actions, chance,
the checked apply, returns, hash, perft, the observation tensor) is the base's; the
MCTS is the one search binding (pickpack._csearch) over the table's own compile of it
(ops->mcts). Batch work (playouts, the random-game batch) runs entirely in C with the
GIL released. Every integer and snapshot field that comes from Python is checked here
or by the core's checked entry points (push_check_action, push_load) before the hot C
functions see it.
"""
from libc.string cimport memset
from libc.stdint cimport uint64_t
from cpython.exc cimport PyErr_CheckSignals
from pickpack._cstate cimport CState, seed64
from pickpack._game_ops cimport pp_rng, pp_rng_seed
from pickpack.games.push._ccore cimport *

from pickpack._cstate import _rebuild   # noqa: F401  (the name today's pickles name)
from pickpack.games.push.encoding import PHASES
from pickpack.games.push.snapshot import from_raw, to_raw

push_zobrist_init()       # the keys, filled once under the GIL before any search runs

NUM_DISTINCT_ACTIONS = PUSH_NUM_DECISIONS
MAX_CHANCE_OUTCOMES = PUSH_DIE_OFFSET + PUSH_DIE_FACES
MAX_GAME_LENGTH = PUSH_MAX_PLIES
STATE_BYTES = sizeof(push_state)
#: The Zobrist keys as the C core holds them (zobrist.KEYS must equal this).
ZOBRIST_KEYS = tuple(push_zobrist_key(i) for i in range(PUSH_NUM_KEYS))



cdef int _players_arg(object players) except -1:
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be an int, not {type(players).__name__}")
    if not PUSH_MIN_PLAYERS <= players <= PUSH_MAX_PLAYERS:
        raise ValueError(f"players must be {PUSH_MIN_PLAYERS}..{PUSH_MAX_PLAYERS}, not {players} "
                         f"(PU-C3, PU-T1)")
    return players


cdef int _flag(str name, object value) except -1:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {type(value).__name__} (PU-R3, PU-S2)")
    return 1 if value else 0


cdef inline push_state *_s(CState st):
    """The PUSH position of a CoreState (its base's state buffer)."""
    return <push_state *>st.state


cdef class CoreState(CState):
    """One PUSH position with its action history, backed by the C core.

    Subclassed by pickpack.games.push.State, which adds the Move-level API; use that
    class. ``CoreState(players=4, *, hard=False, switch_per_turn=False)`` is the start
    position (PU-C1, PU-C3): TypeError for a non-int player count or a non-bool option,
    ValueError for a count outside 2..6.
    """

    def __cinit__(self, *args, **kwargs):
        self._bind(&pp_push_ops)
        # A valid position even for an object made by __new__ without __init__ (copy,
        # unpickling and from_snapshot overwrite it): never a zeroed struct.
        push_state_init(_s(self), 4, 0, 0)

    def __init__(self, players=4, *, hard=False, switch_per_turn=False):
        cdef int n = _players_arg(players)
        push_state_init(_s(self), n, _flag("hard", hard), _flag("switch_per_turn", switch_per_turn))
        self.nhist = 0

    # snapshot() and _load(snap, checked) are the base's, through the table's raw vector
    # (push_save/push_load) and these mappings (types and names; push_load has the rules).
    _snapshot_of_raw = staticmethod(from_raw)
    _raw_of_snapshot = staticmethod(to_raw)

    # --- the position -------------------------------------------------------------

    @property
    def options(self):
        """``{"hard": bool, "switch_per_turn": bool}`` (PU-R3, PU-S2)."""
        cdef push_state *s = _s(self)
        return {"hard": bool(s.hard), "switch_per_turn": bool(s.switch_per_turn)}

    @property
    def phase(self):
        """One of encoding.PHASES: start, draw, place, decide, roll, collect, over."""
        return PHASES[_s(self).phase]

    @property
    def turn(self):
        """The seat whose turn it is (PU-T1)."""
        return _s(self).turn

    @property
    def actor(self):
        """The seat that collects or rolls in phases collect and roll; ``turn`` otherwise."""
        return _s(self).actor

    @property
    def deck_size(self):
        """Cards left in the deck."""
        return _s(self).deck_total

    @property
    def direction(self):
        """The collection direction: +1 in seat order, -1 against it (PU-T2, PU-S2)."""
        return push_direction(_s(self))

    def _hash_from_scratch(self):
        """The hash recomputed from every feature in C; equals zobrist_hash()."""
        return push_hash_full(_s(self))

    # --- outcome --------------------------------------------------------------------

    def score(self, seat):
        """Sum of the values of the number cards on ``seat``'s bench and in its bank
        (PU-E2). TypeError for a non-int, IndexError for a seat out of range."""
        cdef push_state *s = _s(self)
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is an int, not {type(seat).__name__}")
        if not 0 <= seat < s.players:
            raise IndexError(f"no seat {seat}: seats are 0..{s.players - 1}")
        return push_score(s, seat)

    def scores(self):
        """Scores by player name (PU-E2), ``{"p1": int, ...}``."""
        cdef push_state *s = _s(self)
        return {f"p{p + 1}": push_score(s, p) for p in range(s.players)}

    def winning_seats(self):
        """The seats with the best score once over (several share the win, PU-E3); [] before."""
        cdef push_state *s = _s(self)
        if s.phase != PUSH_PHASE_OVER:
            return []
        scores = [push_score(s, p) for p in range(s.players)]
        best = max(scores)
        return [p for p, v in enumerate(scores) if v == best]

    # --- views --------------------------------------------------------------------

    # --- batch work in C ----------------------------------------------------------

    def playout(self, seed):
        """Finish a copy with uniformly random decisions and chance outcomes drawn by
        their probability from pp_rng(seed), in C; its final scores {"p1": int, ...}.
        ``seed``: int 0..2**64-1. This state is not changed. (The table's playout, which
        the MCTS runs, follows the rollout policy instead: policy_games.)"""
        cdef pp_rng rng
        cdef push_state work = _s(self)[0]
        pp_rng_seed(&rng, seed64(seed))
        with nogil:
            push_playout(&work, &rng, NULL)
        return {f"p{p + 1}": push_score(&work, p) for p in range(work.players)}


cdef long _GAMES_PER_SLICE = 128      # ~2-4 ms of random games: Ctrl-C is honoured quickly


cdef dict _batch_result(push_batch *b, int np, long count):
    names = [f"p{p + 1}" for p in range(np)]
    return {
        "games": b.games, "plies": b.plies, "chance_plies": b.chance_plies,
        "mean_scores": {names[p]: (b.score_sum[p] / count if count else 0.0) for p in range(np)},
        "wins": {names[p]: b.wins[p] for p in range(np)},
    }


cdef long _games_arg(object n) except -1:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n must be an int, not {type(n).__name__}")
    if not 0 <= n <= 2**62:
        raise ValueError(f"n must be 0..2**62 games, got {n}")
    return n


cdef dict _games(object n, object players, object seed, object hard, object switch_per_turn,
                 bint policy):
    """The batch of random_games (policy=False) or policy_games (policy=True)."""
    cdef long count = _games_arg(n)
    cdef int np = _players_arg(players)
    cdef int h = _flag("hard", hard)
    cdef int spt = _flag("switch_per_turn", switch_per_turn)
    cdef pp_rng rng
    cdef push_batch b
    cdef long done = 0
    # ~2-4 ms of random games, ~4 ms of policy games per slice: Ctrl-C is honoured quickly
    cdef long per_slice = 16 if policy else _GAMES_PER_SLICE
    cdef long part
    memset(&b, 0, sizeof(b))
    pp_rng_seed(&rng, seed64(seed))
    while done < count:
        part = min(count - done, per_slice)
        with nogil:
            if policy:
                push_policy_games_part(&rng, np, h, spt, part, &b)
            else:
                push_random_games_part(&rng, np, h, spt, part, &b)
        done += part
        PyErr_CheckSignals()
    return _batch_result(&b, np, count)


def random_games(n, players, seed, hard=False, switch_per_turn=False):
    """Play n whole random games in C from the start position (every decision uniform,
    every chance outcome by its probability, pp_rng(seed)).

    Returns {"games", "plies" (all actions, chance included), "chance_plies",
    "mean_scores": {"p1": float, ...}, "wins": {"p1": float, ...} (a win shared by k
    seats counts 1/k to each)}. Runs in slices without the GIL; Ctrl-C between slices
    raises KeyboardInterrupt. ValueError/TypeError for a bad n, player count, seed or flag.
    """
    return _games(n, players, seed, hard, switch_per_turn, False)


# The rollout policy of the search's playouts (core/push/push_policy.h, declared in
# _ccore.pxd), exposed for tests and measurements. The search itself is pickpack._csearch.mcts_search over this
# game's table (re-exported by pickpack.games.push._search).
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
    cdef int a = push_policy_action(_s(<CoreState>state))
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
    return _games(n, players, seed, hard, switch_per_turn, True)
