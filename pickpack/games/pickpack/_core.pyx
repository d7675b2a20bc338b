# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Cython binding of Pick & Pack's C core (core/pickpack/pickpack_core.h): its table
(core/pickpack/ops.c) on the C-state base pickpack._cstate.CState, which does every
table answer (legal actions and perft over the table's all_legal_actions, snapshots via
the raw vector); here the deal, the move codec, the game-only queries and C batches
(no GIL, Ctrl-C between slices), and alpha-beta (_search.pxi)."""
from libc.string cimport memset
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from cpython.exc cimport PyErr_CheckSignals
from pickpack._cstate cimport CState, count_arg, seed64
from pickpack._game_ops cimport pp_rng, pp_rng_seed
from pickpack.games.pickpack._ccore cimport *

# The header's numbers are pickpack.games.pickpack._constants (generated from it at
# build time); the struct's size is the compiler's.
STATE_BYTES = sizeof(pp_state)
# The snapshot's words for the C enums' numbers, in order (pp_player, pp_crate_status,
# pp_tile_status, pp_phase).
PLAYERS = ("red", "blue")
CRATE_STATUS = ("open", "premium", "wholesale")
TILE_STATUS = ("unplayed", "used", "malfunctioned")
PHASES = ("placement", "play", "over")


cdef str _name(int player, int i):
    """Square i (player -1) or player's space i, as the core writes them (text.c)."""
    cdef char buf[3]
    if player < 0:
        pp_square_text(i, buf)
    else:
        pp_space_text(player, i, buf)
    return buf[:2].decode("ascii")


# Square, space and kind names exactly as the core writes them (core/pickpack/text.c).
SQUARES = tuple(_name(-1, i) for i in range(PP_NUM_SQUARES))
SPACES = tuple(tuple(_name(p, i) for i in range(PP_NUM_SPACES)) for p in (PP_RED, PP_BLUE))
KINDS = "".join(chr(pp_kind_letter(k)) for k in range(PP_NUM_KINDS))

cdef uint8_t _START_DEAL[PP_NUM_SQUARES]     # the deal of seed 0: a valid start for __cinit__
cdef pp_rng _rng0
pp_rng_seed(&_rng0, 0)
pp_random_deal(&_rng0, _START_DEAL)
pp_zobrist_init()        # the keys pp_apply hashes with, filled once under the GIL (_search.pxi)


def decode_action(action):
    """pp_decode: (placement_kind 0..5 or -1, dest 0..35 or -1, grab_crate 0..3 or -1,
    end 0/1 or -1, target 0..68, rush 0/1) of an action (docs/engine.md, "Action
    integers"). ValueError for an action outside 0..NUM_DISTINCT_ACTIONS-1."""
    cdef pp_move m
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < PP_NUM_ACTIONS:
        raise ValueError(f"action: must be an int 0..{PP_NUM_ACTIONS - 1}, got {action!r}")
    pp_decode(action, &m)
    return (m.placement_kind, m.dest, m.grab_crate, m.end, m.target, m.rush)


def _encode(int placement_kind, int dest, int grab_crate, int end, int target, int rush):
    """pp_encode of parts that pickpack.games.pickpack.encoding.encode_raw checked."""
    cdef pp_move m = pp_move(placement_kind, dest, grab_crate, end, target, rush)
    return pp_encode(&m)


cdef _seeded(seed, bint deal_only):
    cdef pp_rng rng
    cdef uint8_t buf[PP_NUM_SQUARES]
    pp_rng_seed(&rng, seed64(seed))
    pp_random_deal(&rng, buf)
    if deal_only:
        return [buf[i] for i in range(PP_NUM_SQUARES)]
    out = {}
    for player in PLAYERS:
        pp_random_placement(&rng, buf)
        out[player] = "".join(KINDS[buf[i]] for i in range(PP_NUM_SPACES))
    return out


def deal_from_seed(seed):
    """The deal of a seed (PP-S1; docs/engine.md, "PRNG"): 36 apple counts a1..f6.
    TypeError/ValueError for a seed that is not an int in 0..2**64-1."""
    return _seeded(seed, True)


def placements_from_seed(seed):
    """The random placements that follow the deal in the seed's stream (PP-S3):
    {"red": 12 kind letters in Red's space order, "blue": ... in Blue's}."""
    return _seeded(seed, False)


def random_games(n, seed):
    """Play n games in C from fresh random deals and placements, Red first in even games:
    {"games", "plies" (play phase), "mean_scores", "wins", "draws"}. In slices of 128
    games without the GIL; Ctrl-C between them raises KeyboardInterrupt."""
    cdef pp_rng rng
    cdef long count = count_arg(n), first = 0, part
    cdef double total[2]
    cdef pp_batch_result b
    memset(&b, 0, sizeof(b))
    total[0] = total[1] = 0.0
    pp_rng_seed(&rng, seed64(seed))
    while first < count:
        part = min(count - first, 128)
        with nogil:
            pp_random_games_part(&rng, first, part, &b, total)
        first += part
        PyErr_CheckSignals()
    means = [t / count if count else 0.0 for t in total]
    return {"games": b.games, "plies": b.plies, "mean_scores": dict(zip(PLAYERS, means)),
            "wins": dict(zip(PLAYERS, b.wins)), "draws": b.draws}


cdef int _player_index(object player) except -1:
    if player in PLAYERS:
        return PLAYERS.index(player)
    raise ValueError(f"player must be 'red' or 'blue', not {player!r}")


cdef inline pp_state *_s(CState st):
    """The Pick & Pack position of a CoreState (its base's state buffer)."""
    return <pp_state *>st.state


cdef class CoreState(CState):
    """One Pick & Pack position with its move history, backed by the C core.

    Subclassed by pickpack.State, which adds the Move-level API; use that class.
    """

    perft_max_depth = PP_PICKPACK_PERFT_MAX_DEPTH    # 8: depth 9 walks ~10**11 leaves

    def __cinit__(self, *args, **kwargs):
        self._bind(&pp_pickpack_ops)
        pp_state_init(_s(self), _START_DEAL, PP_RED)    # never a zeroed struct

    @classmethod
    def _from_deal(cls, deal, first="red"):
        """Start a game in phase placement from an explicit deal (PP-S1, PP-S2)."""
        cdef CoreState st = cls.__new__(cls)
        cdef uint8_t d[PP_NUM_SQUARES]
        if isinstance(deal, (str, bytes)) or len(deal) != PP_NUM_SQUARES:
            raise ValueError("deal: must be 36 apple counts, one per square a1..f6 (PP-S1)")
        for i, v in enumerate(deal):
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
                raise ValueError(f"deal[{i}] ({SQUARES[i]}): apples must be an int 1..6, got {v!r}")
            d[i] = v
        if pp_state_init(_s(st), d, _player_index(first)) != PP_OK:
            raise ValueError("deal: must hold ten 1s, eight 2s, seven 3s, six 4s, four 5s and one 6 (PP-C2)")
        return st

    @property
    def phase(self):
        """"placement", "play" or "over"."""
        return PHASES[_s(self).phase]

    @property
    def first_player(self):
        """Who moves first once placement is over (PP-S4)."""
        return PLAYERS[_s(self).first]

    def _hash_from_scratch(self):
        """The Zobrist hash recomputed from every feature; equals zobrist_hash()."""
        return pp_hash_full(_s(self))

    def scores(self):
        """PP-E3 applied to the crates as they stand: {"red": int, "blue": int} points."""
        return {"red": pp_score(_s(self), PP_RED), "blue": pp_score(_s(self), PP_BLUE)}

    def crate_scores(self, player):
        """PP-E3 crate by crate for player ("red"/"blue"): a list of 4 ints (points)."""
        cdef int p = _player_index(player)
        return [pp_crate_score(_s(self), p, c) for c in range(PP_NUM_CRATES)]

    def _parse_context(self):
        """(mover index, space the next placement fills or -1, mover's kinds per space),
        what pickpack.games.pickpack.movetext needs to read move text; mover -1 once over."""
        cdef int p = _s(self).to_move
        if p == PP_NOBODY:
            return (-1, -1, [])
        kinds = [None if k == PP_NO_KIND else k for k in _s(self).tile_kind[p][:PP_NUM_SPACES]]
        return (p, _s(self).placed % PP_NUM_SPACES if _s(self).phase == PP_PHASE_PLACEMENT else -1, kinds)

    def __reduce__(self):
        """Pickled as the root's snapshot, who moves first (a snapshot does not hold it,
        PP-S4) and the actions since: the form of every pickle made so far."""
        return (_rebuild, (type(self), self._root().snapshot(), PLAYERS[_s(self).first], self.history_actions()))

    def playout(self, seed):
        """Finish a copy of the game with uniformly random legal moves in C (pp_playout,
        placement decisions too), fixed by ``seed`` (int 0..2**64-1); the final scores
        {"red": int, "blue": int} (PP-E3). This state is unchanged."""
        cdef pp_rng rng
        cdef pp_playout_result r
        cdef pp_state work = _s(self)[0]
        pp_rng_seed(&rng, seed64(seed))
        with nogil:
            r = pp_playout(&work, &rng)
        return {"red": r.score[0], "blue": r.score[1]}

    def successor_margins(self):
        """For each legal action (ascending): mover's score minus opponent's after it,
        the greedy bot's one-ply look-ahead in C. A list of ints."""
        cdef uint16_t _moves[PP_MAX_MOVES]
        cdef pp_state *s = _s(self)
        cdef int n = pp_legal_actions(s, _moves), p = s.to_move
        cdef pp_undo u
        cdef list out = []
        for i in range(n if p != PP_NOBODY else 0):
            pp_apply(s, _moves[i], &u)
            out.append(pp_score(s, p) - pp_score(s, 1 - p))
            pp_undo_move(s, &u)
        return out


def _rebuild(cls, snap, first, actions):
    """Unpickle: the root at the level the core needs (it was checked when made, maybe
    unchecked on purpose in a test), then each action (checked)."""
    st = cls.from_snapshot(snap, first, checked=False)
    for a in actions:
        st.apply_action(a)
    return st


# The searches (alpha-beta, evaluate, ...): part of this module, so that they reach
# CoreState's C state directly and use this module's one copy of the game's C.
include "_search.pxi"
