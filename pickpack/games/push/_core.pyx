# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Cython binding of PUSH's C core (core/push/push_core.h): its table (ops.c) on the
C-state base pickpack._cstate.CState, which does all the table answers (snapshots via
the raw vector; the MCTS is pickpack._csearch), and PUSH's own queries and C batches
(no GIL). The C core checks all input (push_check_action, push_load)."""
from libc.string cimport memset
from cpython.exc cimport PyErr_CheckSignals
from pickpack._cstate cimport CState, count_arg, flag_arg, int_arg, seed64
from pickpack._game_ops cimport pp_rng, pp_rng_seed
from pickpack.games.push._ccore cimport *

from pickpack._cstate import _rebuild   # noqa: F401  (the name today's pickles name)
from pickpack.games.push.encoding import PHASES
from pickpack.games.push.snapshot import from_raw, to_raw

push_zobrist_init()       # the keys, filled once under the GIL before any search runs

STATE_BYTES = sizeof(push_state)
#: The Zobrist keys as the C core holds them (zobrist.KEYS must equal this).
ZOBRIST_KEYS = tuple(push_zobrist_key(i) for i in range(PUSH_NUM_KEYS))


cdef int _setup(object players, object hard, object switch_per_turn, int *out) except -1:
    """out[0..2]: the checked player count (2..6), hard and switch_per_turn (0/1)."""
    out[0] = int_arg("players", players, PUSH_MIN_PLAYERS, PUSH_MAX_PLAYERS, "PU-C3, PU-T1")
    out[1] = flag_arg("hard", hard, "PU-R3, PU-S2")
    out[2] = flag_arg("switch_per_turn", switch_per_turn, "PU-R3, PU-S2")
    return 0


cdef inline push_state *_s(CState st):
    return <push_state *>st.state


cdef class CoreState(CState):
    """One PUSH position with its action history, backed by the C core; use its
    subclass pickpack.games.push.State. ``CoreState(players=4, *, hard=False,
    switch_per_turn=False)`` is the start position (PU-C1, PU-C3): TypeError for a
    non-int player count or a non-bool option, ValueError for a count outside 2..6."""

    def __cinit__(self, *args, **kwargs):
        self._bind(&pp_push_ops)
        push_state_init(_s(self), 4, 0, 0)    # never a zeroed struct, even made by __new__

    def __init__(self, players=4, *, hard=False, switch_per_turn=False):
        cdef int o[3]
        _setup(players, hard, switch_per_turn, o)
        push_state_init(_s(self), o[0], o[1], o[2])
        self.nhist = 0

    # snapshot()/_load() are the base's: the raw vector through these mappings (push_load: the rules).
    _snapshot_of_raw = staticmethod(from_raw)
    _raw_of_snapshot = staticmethod(to_raw)

    options = property(lambda self: {"hard": bool(_s(self).hard), "switch_per_turn": bool(_s(self).switch_per_turn)},
                       doc="""``{"hard": bool, "switch_per_turn": bool}`` (PU-R3, PU-S2).""")
    phase = property(lambda self: PHASES[_s(self).phase], doc="One of encoding.PHASES (start .. over).")
    turn = property(lambda self: _s(self).turn, doc="The seat whose turn it is (PU-T1).")
    actor = property(lambda self: _s(self).actor,
                     doc="The seat that collects or rolls in phases collect and roll; ``turn`` otherwise.")
    deck_size = property(lambda self: _s(self).deck_total, doc="Cards left in the deck.")
    direction = property(lambda self: push_direction(_s(self)),
                         doc="The collection direction: +1 in seat order, -1 against it (PU-T2, PU-S2).")

    def _hash_from_scratch(self):
        """The hash recomputed from every feature in C; equals zobrist_hash()."""
        return push_hash_full(_s(self))

    def score(self, seat):
        """Sum of the values of the number cards on ``seat``'s bench and in its bank
        (PU-E2). TypeError for a non-int, IndexError for a seat out of range."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is an int, not {type(seat).__name__}")
        if not 0 <= seat < _s(self).players:
            raise IndexError(f"no seat {seat}: seats are 0..{_s(self).players - 1}")
        return push_score(_s(self), seat)

    def scores(self):
        """Scores by player name (PU-E2), ``{"p1": int, ...}``."""
        return {f"p{p + 1}": push_score(_s(self), p) for p in range(_s(self).players)}

    def playout(self, seed):
        """Finish a copy in C with uniformly random decisions and chance drawn by its
        probability from pp_rng(seed) (int 0..2**64-1); its final scores {"p1": int, ...}.
        (The table's playout, the MCTS's, follows the rollout policy: policy_games.)"""
        cdef pp_rng rng
        cdef push_state work = _s(self)[0]
        pp_rng_seed(&rng, seed64(seed))
        with nogil:
            push_playout(&work, &rng, NULL)
        return {f"p{p + 1}": push_score(&work, p) for p in range(work.players)}


cdef dict _games(object n, object players, object seed, object hard, object switch_per_turn,
                 bint policy):
    """The batch of random_games (policy=False) or policy_games (policy=True)."""
    cdef long count = count_arg(n), done = 0, part
    cdef int o[3]
    _setup(players, hard, switch_per_turn, o)
    cdef pp_rng rng
    cdef push_batch b
    # ~2-4 ms of random games, ~4 ms of policy games per slice: Ctrl-C is honoured quickly
    cdef long per_slice = 16 if policy else 128
    memset(&b, 0, sizeof(b))
    pp_rng_seed(&rng, seed64(seed))
    while done < count:
        part = min(count - done, per_slice)
        with nogil:
            if policy:
                push_policy_games_part(&rng, o[0], o[1], o[2], part, &b)
            else:
                push_random_games_part(&rng, o[0], o[1], o[2], part, &b)
        done += part
        PyErr_CheckSignals()
    names = [f"p{p + 1}" for p in range(o[0])]
    return {"games": b.games, "plies": b.plies, "chance_plies": b.chance_plies,
            "mean_scores": {names[p]: (b.score_sum[p] / count if count else 0.0) for p in range(o[0])},
            "wins": {names[p]: b.wins[p] for p in range(o[0])}}


def random_games(n, players, seed, hard=False, switch_per_turn=False):
    """Play n whole random games in C from the start position (every decision uniform,
    every chance outcome by its probability, pp_rng(seed)): {"games", "plies" (chance
    included), "chance_plies", "mean_scores": {"p1": float, ...}, "wins": {"p1": float,
    ...} (a win shared by k seats counts 1/k to each)}. In slices without the GIL;
    Ctrl-C between them raises KeyboardInterrupt. TypeError/ValueError for a bad n
    (0..2**62), player count, seed or flag."""
    return _games(n, players, seed, hard, switch_per_turn, False)


# The rollout policy of the search's playouts (core/push/push_policy.h), for tests and
# measurements; the search is pickpack._csearch.mcts_search over this table (_search).
POLICY_BANK_AT = PUSH_POLICY_BANK_AT
POLICY_RISK = PUSH_POLICY_RISK
POLICY_EPSILON = PUSH_POLICY_EPSILON_PERMILLE / 1000.0


def policy_action(state):
    """The rollout policy's decision (push_policy.h, no randomness) for the seat to
    decide in the PUSH State ``state``: an int 0..12, always legal. TypeError for a
    non-State, ValueError at a chance node or once the game is over."""
    if not isinstance(state, CoreState):
        raise TypeError(f"state must be a PUSH State, not {type(state).__name__}")
    cdef int a = push_policy_action(_s(<CoreState>state))
    if a < 0:
        raise ValueError("state: a chance node or a finished game: nobody decides here")
    return a


def policy_games(n, players, seed, hard=False, switch_per_turn=False):
    """random_games with the rollout policy (each decision with probability
    POLICY_EPSILON a uniformly random one): the search's playouts. Same result dict
    and errors."""
    return _games(n, players, seed, hard, switch_per_turn, True)
