# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Cython binding of PUSH's C core (core/push/push_core.h).

Python objects cross the boundary once per call: batch work (playouts, the random-game
batch, the MCTS) runs entirely in C with the GIL released. Every integer and snapshot
field that comes from Python is checked here or by the core's checked entry points
(push_check_action, push_load) before the hot C functions see it.

This is the game's one extension module: the MCTS (core/push/push_search.h) is compiled
into it from _search.pxi, included at the end, and pickpack.games.push._search
re-exports it under its public name.
"""
from libc.string cimport memcpy, memset
from libc.stdint cimport uint64_t
from cpython.exc cimport PyErr_CheckSignals
from cpython.mem cimport PyMem_Free, PyMem_Realloc
from cpython cimport array
from pickpack.games.push._ccore cimport *

from fractions import Fraction

from pickpack.errors import IllegalMoveError, NothingToUndoError, SnapshotError
from pickpack.games.push.encoding import CARD_TEXT, PHASES

push_zobrist_init()       # the keys, filled once under the GIL before any search runs

NUM_DISTINCT_ACTIONS = PUSH_NUM_DECISIONS
MAX_CHANCE_OUTCOMES = PUSH_DIE_OFFSET + PUSH_DIE_FACES
MAX_GAME_LENGTH = PUSH_MAX_PLIES
STATE_BYTES = sizeof(push_state)
#: The Zobrist keys as the C core holds them (zobrist.KEYS must equal this).
ZOBRIST_KEYS = tuple(push_zobrist_key(i) for i in range(PUSH_NUM_KEYS))

_CARD_INDEX = {text: i for i, text in enumerate(CARD_TEXT)}
cdef array.array _FLOATS = array.array("f")    # the template each observation tensor is cloned from
_LOAD_FIELDS = ("players", "hard", "switch_per_turn", "phase", "turn", "actor", "card", "deck",
                "stacks", "benches", "banks", "switches", "turn_switches")


cdef int _small(object v):
    """A Python int clamped into a range the C core refuses beyond (never overflows)."""
    if v < -1000:
        return -1000
    if v > 1000:
        return 1000
    return v


cdef int _action_int(object action) except? -9999:
    """The C int of a Python action: TypeError for a non-int (bool included); values far
    outside every action space become one the core refuses."""
    if isinstance(action, bool) or not isinstance(action, int):
        raise TypeError(f"an action is an int, not {type(action).__name__}")
    return _small(action)


cdef uint64_t _seed64(object seed) except? 0:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0 or seed >= 2 ** 64:
        raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
    return <uint64_t>seed


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


cdef list _cards(const unsigned char *counts, int n):
    """Card texts of n counts per type, in card-type order."""
    cdef list out = []
    cdef int t, i
    for t in range(n):
        for i in range(counts[t]):
            out.append(CARD_TEXT[t])
    return out


cdef list _mask_cards(unsigned int mask):
    return [CARD_TEXT[t] for t in range(PUSH_NUM_CARD_TYPES) if mask >> t & 1]


cdef int _count_cards(object cards, int *out, str field, object player, object index) except -1:
    """Add a snapshot's card list to out[32] (SnapshotError naming field otherwise)."""
    if not isinstance(cards, (list, tuple)):
        raise SnapshotError(f"{field}: a list of card texts expected, not {type(cards).__name__}", field,
                            player, index)
    for text in cards:
        t = _CARD_INDEX.get(text) if isinstance(text, str) else None
        if t is None:
            raise SnapshotError(f"{field}: {text!r} is not a card (R1 .. P6, roll, switch; PU-C1)", field,
                                player, index, "PU-C1")
        out[<int>t] = _small(out[<int>t] + 1)
    return 0


cdef int _snap_int(object snap, str key) except? -9999:
    v = snap[key]
    if isinstance(v, bool) or not isinstance(v, int):
        raise SnapshotError(f"{key}: an int expected, not {type(v).__name__}", key)
    return _small(v)


cdef int _raw_from_snapshot(object snap, push_raw *r) except -1:
    """Fill r from a snapshot mapping, checking only types (push_load checks values)."""
    from collections.abc import Mapping
    memset(r, 0, sizeof(push_raw))
    if not isinstance(snap, Mapping):
        raise SnapshotError(f"a snapshot is a mapping, not {type(snap).__name__}", "snapshot")
    for key in _LOAD_FIELDS:
        if key not in snap:
            raise SnapshotError(f"snapshot: the key {key!r} is missing", key)
    for key in snap:
        if key not in _LOAD_FIELDS:
            raise SnapshotError(f"snapshot: unknown key {key!r}; keys are {', '.join(_LOAD_FIELDS)}",
                                "snapshot")
    r.players = _snap_int(snap, "players")
    for key in ("hard", "switch_per_turn"):
        if not isinstance(snap[key], bool):
            raise SnapshotError(f"{key}: true or false expected, not {type(snap[key]).__name__}", key)
    r.hard = 1 if snap["hard"] else 0
    r.switch_per_turn = 1 if snap["switch_per_turn"] else 0
    phase = snap["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        raise SnapshotError(f"phase: must be one of {', '.join(PHASES)}, not {phase!r}", "phase")
    r.phase = PHASES.index(phase)
    r.turn = _snap_int(snap, "turn")
    r.actor = _snap_int(snap, "actor")
    card = snap["card"]
    if card is None:
        r.card = -1
    else:
        t = _CARD_INDEX.get(card) if isinstance(card, str) else None
        if t is None:
            raise SnapshotError(f"card: {card!r} is not a card (R1 .. P6, roll, switch; PU-C1)", "card",
                                rule="PU-C1")
        r.card = t
    deck = snap["deck"]
    if not isinstance(deck, Mapping):
        raise SnapshotError(f"deck: a mapping card text -> count expected, not {type(deck).__name__}", "deck")
    for text, n in deck.items():
        t = _CARD_INDEX.get(text) if isinstance(text, str) else None
        if t is None:
            raise SnapshotError(f"deck: {text!r} is not a card (R1 .. P6, roll, switch; PU-C1)", "deck",
                                rule="PU-C1")
        if isinstance(n, bool) or not isinstance(n, int):
            raise SnapshotError(f"deck: the count of {text} must be an int, not {n!r}", "deck")
        r.deck[<int>t] = _small(n)
    stacks = snap["stacks"]
    if not isinstance(stacks, (list, tuple)) or len(stacks) != PUSH_NUM_STACKS:
        raise SnapshotError(f"stacks: a list of exactly {PUSH_NUM_STACKS} card lists expected", "stacks")
    for k in range(PUSH_NUM_STACKS):
        _count_cards(stacks[k], r.stacks[k], "stacks", None, k)
    cdef int seat
    for key in ("benches", "banks"):
        if not PUSH_MIN_PLAYERS <= r.players <= PUSH_MAX_PLAYERS:
            break                       # push_load names the player count
        rows = snap[key]
        if not isinstance(rows, (list, tuple)) or len(rows) != r.players:
            raise SnapshotError(f"{key}: a list of one card list per seat expected", key)
        for seat in range(r.players):
            if key == "benches":
                _count_cards(rows[seat], r.benches[seat], key, f"p{seat + 1}", None)
            else:
                _count_cards(rows[seat], r.banks[seat], key, f"p{seat + 1}", None)
    r.switches = _snap_int(snap, "switches")
    r.turn_switches = _snap_int(snap, "turn_switches")
    return 0


cdef class CoreState:
    """One PUSH position with its action history, backed by the C core.

    Subclassed by pickpack.games.push.State, which adds the Move-level API; use that
    class. ``CoreState(players=4, *, hard=False, switch_per_turn=False)`` is the start
    position (PU-C1, PU-C3): TypeError for a non-int player count or a non-bool option,
    ValueError for a count outside 2..6.
    """
    # Fields are declared in _core.pxd: s (the C position), hist/nhist/cap (undo records).

    def __cinit__(self):
        self.hist = NULL
        self.nhist = 0
        self.cap = 0
        # A valid position even for an object made by __new__ without __init__ (copy,
        # unpickling and from_snapshot overwrite it): never a zeroed struct.
        push_state_init(&self.s, 4, 0, 0)

    def __dealloc__(self):
        PyMem_Free(self.hist)

    def __init__(self, players=4, *, hard=False, switch_per_turn=False):
        cdef int n = _players_arg(players)
        push_state_init(&self.s, n, _flag("hard", hard), _flag("switch_per_turn", switch_per_turn))
        self.nhist = 0

    cdef int _reserve(self, int n) except -1:
        """Room for n undo records."""
        if n <= self.cap:
            return 0
        cdef int cap = max(n, 2 * self.cap, 64)
        cdef push_undo *h = <push_undo *>PyMem_Realloc(self.hist, cap * sizeof(push_undo))
        if h == NULL:
            raise MemoryError()
        self.hist = h
        self.cap = cap
        return 0

    @classmethod
    def _load(cls, snap, checked=True):
        """The state a snapshot describes (history empty), checked by the C loader:
        SnapshotError naming the field, the seat (``"p1"``..) or stack index where there
        is one, and the rule, for a malformed or impossible snapshot (push_load).
        ``checked=False`` skips the reachability checks (PUSH_LOAD_SAFE), not the others."""
        cdef CoreState st = cls.__new__(cls)
        cdef push_raw raw
        cdef push_load_error e
        _raw_from_snapshot(snap, &raw)
        if push_load(&st.s, &raw, PUSH_LOAD_REACHABLE if checked else PUSH_LOAD_SAFE, &e) != PUSH_FIELD_NONE:
            raise SnapshotError(e.msg.decode("utf-8", "replace"), push_field_name(e.field).decode(),
                                None if e.seat < 0 else f"p{e.seat + 1}", None if e.index < 0 else e.index,
                                e.rule.decode())
        return st

    # --- the position -------------------------------------------------------------

    @property
    def num_players(self):
        """Number of seats (2..6)."""
        return self.s.players

    @property
    def options(self):
        """``{"hard": bool, "switch_per_turn": bool}`` (PU-R3, PU-S2)."""
        return {"hard": bool(self.s.hard), "switch_per_turn": bool(self.s.switch_per_turn)}

    @property
    def phase(self):
        """One of encoding.PHASES: start, draw, place, decide, roll, collect, over."""
        return PHASES[self.s.phase]

    @property
    def turn(self):
        """The seat whose turn it is (PU-T1)."""
        return self.s.turn

    @property
    def actor(self):
        """The seat that collects or rolls in phases collect and roll; ``turn`` otherwise."""
        return self.s.actor

    @property
    def ply(self):
        """Actions (chance outcomes included) applied since this state was created."""
        return self.nhist

    @property
    def deck_size(self):
        """Cards left in the deck."""
        return self.s.deck_total

    @property
    def direction(self):
        """The collection direction: +1 in seat order, -1 against it (PU-T2, PU-S2)."""
        return push_direction(&self.s)

    def current_player_id(self):
        """The deciding seat, CHANCE (-1) while a card is drawn or the die rolls,
        TERMINAL (-4) once over."""
        return push_current_player(&self.s)

    def is_terminal(self):
        """True once the deck is empty and its turn completed (PU-E1)."""
        return self.s.phase == PUSH_PHASE_OVER

    def is_chance_node(self):
        """True while the top card is drawn (PU-P1) or the die rolls (PU-R)."""
        return self.s.phase == PUSH_PHASE_DRAW or self.s.phase == PUSH_PHASE_ROLL

    def zobrist_hash(self):
        """The 64-bit Zobrist hash, kept incrementally; equals
        zobrist.hash_snapshot(self.snapshot())."""
        return self.s.hash

    def _hash_from_scratch(self):
        """The hash recomputed from every feature in C; equals zobrist_hash()."""
        return push_hash_full(&self.s)

    def history_actions(self):
        """The actions (chance outcomes included) applied since creation, oldest first."""
        return [self.hist[i].action for i in range(self.nhist)]

    def _history_entries(self):
        """(action, phase index before it) per action applied, oldest first: what the
        text of each needs (a card or die face at a chance node, else a decision)."""
        return [(self.hist[i].action, self.hist[i].phase) for i in range(self.nhist)]

    # --- actions --------------------------------------------------------------------

    def legal_actions(self):
        """Legal decisions (0..12), or the possible chance outcomes at a chance node
        (card types left, or 32..37 for the die), increasing; [] once over."""
        cdef int out[PUSH_MAX_OUTCOMES]
        cdef int w[PUSH_MAX_OUTCOMES]
        cdef int total, n
        if self.s.phase == PUSH_PHASE_DRAW or self.s.phase == PUSH_PHASE_ROLL:
            n = push_chance_outcomes(&self.s, out, w, &total)
        else:
            n = push_legal_actions(&self.s, out)
        return [out[i] for i in range(n)]

    def chance_outcomes(self):
        """At a chance node ``[(outcome, Fraction)]``: each card type left with copies
        left / cards left (PU-P1), or each die outcome 32..37 with 1/6 (PU-C2); exact,
        summing to 1. [] elsewhere."""
        cdef int out[PUSH_MAX_OUTCOMES]
        cdef int w[PUSH_MAX_OUTCOMES]
        cdef int total = 0
        cdef int n = push_chance_outcomes(&self.s, out, w, &total)
        return [(out[i], Fraction(w[i], total)) for i in range(n)]

    def check_action(self, action):
        """None if ``action`` is legal here, else ``(rule id, reason)``: PU-E1, PU-C1,
        PU-C2, PU-T1, PU-P4, PU-B2, PU-P2 or PU-K1 (docs/push.md). TypeError for a non-int."""
        cdef push_error e = push_check_action(&self.s, _action_int(action))
        if e == PUSH_OK:
            return None
        return (push_error_rule(e).decode(), push_error_text(e).decode())

    def apply_action(self, action):
        """Apply a legal decision or chance outcome (mutates the state). Raises
        IllegalMoveError (a ValueError; message and ``rule`` naming the rule broken) for
        anything else, the state unchanged; TypeError for a non-int."""
        cdef int a = _action_int(action)
        self._reserve(self.nhist + 1)
        cdef push_error e = push_apply_checked(&self.s, a, &self.hist[self.nhist])
        if e != PUSH_OK:
            rule = push_error_rule(e).decode()
            raise IllegalMoveError(f"illegal action {action}: {rule}: {push_error_text(e).decode()}",
                                   rule=rule)
        self.nhist += 1

    def undo(self):
        """Take the last action back (the exact previous position and hash). Raises
        NothingToUndoError (an IndexError) when there is none."""
        if self.nhist == 0:
            raise NothingToUndoError("nothing to undo: no action since this state was created")
        self.nhist -= 1
        push_undo_action(&self.s, &self.hist[self.nhist])

    def copy(self):
        """An independent copy with the same position and history."""
        cdef CoreState c = type(self).__new__(type(self))
        c.s = self.s
        if self.nhist:
            c._reserve(self.nhist)
            memcpy(c.hist, self.hist, self.nhist * sizeof(push_undo))
        c.nhist = self.nhist
        return c

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        cdef CoreState root = self.copy()
        while root.nhist:
            root.undo()
        return (_rebuild, (type(self), root.snapshot(), self.history_actions()))

    # --- outcome --------------------------------------------------------------------

    def score(self, seat):
        """Sum of the values of the number cards on ``seat``'s bench and in its bank
        (PU-E2). TypeError for a non-int, IndexError for a seat out of range."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is an int, not {type(seat).__name__}")
        if not 0 <= seat < self.s.players:
            raise IndexError(f"no seat {seat}: seats are 0..{self.s.players - 1}")
        return push_score(&self.s, seat)

    def scores(self):
        """Scores by player name (PU-E2), ``{"p1": int, ...}``."""
        return {f"p{p + 1}": push_score(&self.s, p) for p in range(self.s.players)}

    def winners(self):
        """The seats with the best score once over (several share the win, PU-E3); [] before."""
        if self.s.phase != PUSH_PHASE_OVER:
            return []
        scores = [push_score(&self.s, p) for p in range(self.s.players)]
        best = max(scores)
        return [p for p, v in enumerate(scores) if v == best]

    def returns(self):
        """Zeros before the end; then with k seats sharing the best score among n, each
        of them (n-k)/(k(n-1)) and everybody else -1/(n-1) (PU-E3; zero-sum)."""
        cdef double out[6]
        push_returns(&self.s, out, NULL)
        return [out[i] for i in range(self.s.players)]

    def _margins(self):
        """The C ops table's score margins per seat: (score - best other score)/60 clamped
        to [-1, 1] once over, zeros before."""
        cdef double out[6]
        cdef double margins[6]
        push_returns(&self.s, out, margins)
        return [margins[i] for i in range(self.s.players)]

    # --- views --------------------------------------------------------------------

    def snapshot(self):
        """The position as JSON-able data (docs/push.md, "Snapshot")."""
        cdef int p
        return {
            "players": self.s.players, "hard": bool(self.s.hard),
            "switch_per_turn": bool(self.s.switch_per_turn),
            "phase": PHASES[self.s.phase], "turn": self.s.turn, "actor": self.s.actor,
            "card": None if self.s.card == PUSH_NO_CARD else CARD_TEXT[self.s.card],
            "deck": {CARD_TEXT[t]: self.s.deck[t] for t in range(PUSH_NUM_CARD_TYPES) if self.s.deck[t]},
            "stacks": [_mask_cards(self.s.stack[k]) for k in range(PUSH_NUM_STACKS)],
            "benches": [_cards(self.s.bench[p], PUSH_NUM_NUMBER_TYPES) for p in range(self.s.players)],
            "banks": [_cards(self.s.bank[p], PUSH_NUM_NUMBER_TYPES) for p in range(self.s.players)],
            "switches": self.s.switches, "turn_switches": self.s.turn_switches,
        }

    def observation_tensor_shape(self):
        """``(203 + 33 * players,)``: the observation tensor's shape, fixed for the
        player count (core/push/push_core.h, PUSH_OBS_*; docs/push.md, "Observation
        tensor")."""
        return (push_observation_tensor_size(&self.s),)

    def _observation_tensor(self, seat):
        """What ``seat`` (an int 0..players-1) sees, as a new ``array('f')`` filled in C
        by push_observation_tensor (layout: docs/push.md, "Observation tensor").
        TypeError for a non-int, ValueError for a seat out of range (State resolves
        names and gives observation()'s errors first)."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is an int, not {type(seat).__name__}")
        if not 0 <= seat < self.s.players:
            raise ValueError(f"player must be a seat 0..{self.s.players - 1}, not {seat}")
        cdef size_t size = push_observation_tensor_size(&self.s)
        cdef array.array out = array.clone(_FLOATS, <Py_ssize_t>size, zero=False)
        cdef int err = push_observation_tensor(&self.s, <int>seat, out.data.as_floats, size)
        if err != 0:
            raise ValueError(f"observation tensor: the C core refused seat {seat} (error {err})")
        return out

    # --- batch work in C ----------------------------------------------------------

    def playout(self, seed):
        """Finish a copy with uniformly random decisions and chance outcomes drawn by
        their probability from pp_rng(seed), in C; its final scores {"p1": int, ...}.
        ``seed``: int 0..2**64-1. This state is not changed."""
        cdef pp_rng rng
        cdef push_state work = self.s
        pp_rng_seed(&rng, _seed64(seed))
        with nogil:
            push_playout(&work, &rng, NULL)
        return {f"p{p + 1}": push_score(&work, p) for p in range(work.players)}


def _rebuild(cls, snap, actions):
    st = cls._load(snap)
    for a in actions:
        st.apply_action(a)
    return st


cdef long _GAMES_PER_SLICE = 128      # ~2-4 ms of random games: Ctrl-C is honoured quickly


def random_games(n, players, seed, hard=False, switch_per_turn=False):
    """Play n whole random games in C from the start position (every decision uniform,
    every chance outcome by its probability, pp_rng(seed)).

    Returns {"games", "plies" (all actions, chance included), "chance_plies",
    "mean_scores": {"p1": float, ...}, "wins": {"p1": float, ...} (a win shared by k
    seats counts 1/k to each)}. Runs in slices without the GIL; Ctrl-C between slices
    raises KeyboardInterrupt. ValueError/TypeError for a bad n, player count, seed or flag.
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
        part = min(count - done, _GAMES_PER_SLICE)
        with nogil:
            push_random_games_part(&rng, np, h, spt, part, &b)
        done += part
        PyErr_CheckSignals()
    names = [f"p{p + 1}" for p in range(np)]
    return {
        "games": b.games, "plies": b.plies, "chance_plies": b.chance_plies,
        "mean_scores": {names[p]: (b.score_sum[p] / count if count else 0.0) for p in range(np)},
        "wins": {names[p]: b.wins[p] for p in range(np)},
    }


# The MCTS: part of this module, so that it reaches CoreState's C state directly and
# uses this module's one copy of the game's C.
include "_search.pxi"
