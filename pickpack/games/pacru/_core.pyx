# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Cython binding of PACRU's C core (core/pacru/pacru_core.h): its table of operations
(core/pacru/ops.c) bound to the common C-state base (pickpack._cstate.CState), which
owns history, undo, copy, pickling, the checked apply (rule, reason and move text
written in C), returns, hash and the observation tensor; here are the snapshot
marshalling and the game-only queries: the board, the full legal actions and perft (the
table's legal_actions are the search's reduced SEARCH ACTIONS), the random bot's draw,
the rollout policy and the batches of games, all C work done without the GIL. Every
value from Python is checked here or by the core's checked entry points.
"""
from libc.string cimport memcpy, memset
from libc.stdint cimport uint64_t
from cpython.exc cimport PyErr_CheckSignals
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from pickpack._cstate cimport CState, count_arg, flag_arg, int_arg, seed64
from pickpack._game_ops cimport pp_rng, pp_rng_seed
from pickpack.games.pacru._ccore cimport *

from pickpack._cstate import _rebuild   # noqa: F401  (the name today's pickles name)
from pickpack.errors import IllegalMoveError
from pickpack.game import OptionError
from pickpack.games.pacru.encoding import BOARD_SIZE, SEAT_NAMES, cell_text
from pickpack.games.pacru.snapshot import raw_of_snapshot, raw_seat_name, snapshot_of_raw

pacru_init()       # tables and keys, filled once under the GIL before any search runs

# Scratch for the legal actions of most positions (filled and read with the GIL held; a
# position with more is listed into its own buffer, the GIL released).
cdef enum:
    _FEW = 4096
cdef int _few[_FEW]

#: The Zobrist keys as the C core holds them (zobrist.KEYS must equal this).
ZOBRIST_KEYS = tuple(pacru_zobrist_key(i) for i in range(PACRU_NUM_KEYS))

#: Shape of the observation tensor (core/pacru/observation.c): the same for every
#: player count and option.
TENSOR_SHAPE = (PACRU_TENSOR_PLANES, BOARD_SIZE, BOARD_SIZE)


cdef int _option(str name, object value, int low, int high, str rule) except? -1:
    """An int option: TypeError for a non-int, OptionError (naming it) outside low..high."""
    try:
        return int_arg(name, value, low, high, rule)
    except ValueError as exc:
        raise OptionError(str(exc), name) from None


cdef int _players_arg(object players) except -1:
    return _option("players", players, PACRU_MIN_PLAYERS, PACRU_MAX_PLAYERS, "PA-C4")


cdef int _plies_arg(object value) except -1:
    return _option("max_plies", value, 1, PACRU_MAX_GAME_LENGTH, "PA-E3")


cdef int _flag(str name, object value) except -1:
    return flag_arg(name, value, "PA-B2, PA-T2")


cdef int _index(str kind, object value, int n) except -1:
    """A cell 0..80 or a seat 0..n-1: TypeError for a non-int, ValueError outside."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a {kind} is an int, not {type(value).__name__}")
    if not 0 <= value < n:
        raise ValueError(f"no {kind} {value}: {kind}s are 0..{n - 1}")
    return value


cdef inline pacru_state *_s(CState st):
    """The PACRU position of a CoreState (its base's state buffer)."""
    return <pacru_state *>st.state


cdef class CoreState(CState):
    """One PACRU position with its action history, backed by the C core.

    Subclassed by pickpack.games.pacru.State, which adds the Move-level API; use that
    class. ``CoreState(players=2, *, single_cell=False, classic_meeting=False,
    max_plies=1000)`` is the start position (PA-S1..PA-S4): TypeError for a non-int
    player count or ply cap or a non-bool option, pickpack.game.OptionError (a
    ValueError naming the argument in ``field``) for a count outside 2..4 or a cap
    outside 1..1000.
    """

    def __cinit__(self, *args, **kwargs):
        self._bind(&pp_pacru_ops)
        # A valid position even for an object made by __new__ without __init__ (copy,
        # unpickling and from_snapshot overwrite it): never a zeroed struct.
        pacru_state_init(_s(self), 2, 0, 0, PACRU_MAX_GAME_LENGTH)

    def __init__(self, players=2, *, single_cell=False, classic_meeting=False, max_plies=PACRU_MAX_GAME_LENGTH):
        cdef int n = _players_arg(players)
        pacru_state_init(_s(self), n, _flag("single_cell", single_cell), _flag("classic_meeting", classic_meeting),
                         _plies_arg(max_plies))
        self.nhist = 0

    # snapshots through the base's raw binding (CState._raw/_from_raw, pacru_save and
    # pacru_load): snapshot.py maps names and types, the C loader checks every rule
    _snapshot_of_raw = staticmethod(snapshot_of_raw)
    _raw_of_snapshot = staticmethod(raw_of_snapshot)
    _raw_seat_name = staticmethod(raw_seat_name)

    # --- the position -------------------------------------------------------------

    @property
    def options(self):
        """``{"single_cell": bool, "classic_meeting": bool, "max_plies": int}`` (PA-B2,
        PA-T2, PA-E3)."""
        return {"single_cell": bool(_s(self).single_cell), "classic_meeting": bool(_s(self).classic_meeting),
                "max_plies": _s(self).max_plies}

    turn = property(lambda self: _s(self).turn, doc="The seat to move; once over, the seat that made the last move.")
    ply = property(lambda self: _s(self).ply, doc="Moves and reorientations made in the game (the snapshot's ``ply``).")
    max_plies = property(lambda self: _s(self).max_plies, doc="The ply cap (PA-E3), 1..1000.")
    target = property(lambda self: pacru_target(_s(self).players),
                      doc="Cells that win at once (PA-C5): 42, 28 or 24 for 2, 3 or 4 players.")

    def _hash_from_scratch(self):
        """The hash recomputed from every feature in C; equals zobrist_hash()."""
        return pacru_hash_full(_s(self))

    # --- board queries --------------------------------------------------------------

    def cells(self, seat):
        """Cells of ``seat``'s colour on the board (PA-C2). TypeError/ValueError for a bad seat."""
        return _s(self).cells[_index("seat", seat, _s(self).players)]

    def colour(self, cell):
        """The seat whose colour ``cell`` (0..80) has, or -1 when neutral (PA-C2)."""
        return _s(self).colour[_index("cell", cell, PACRU_CELLS)]

    def chevron(self, cell):
        """``(seat, direction)`` of the chevron on ``cell``, or None."""
        cdef int code = _s(self).chev[_index("cell", cell, PACRU_CELLS)]
        return None if code < 0 else (code >> 3, code & 7)

    def chevrons(self, seat):
        """``[(cell, direction), ...]`` of ``seat``'s chevrons, ascending by cell."""
        cdef int p = _index("seat", seat, _s(self).players)
        return [(_s(self).chev_cell[p][i], _s(self).chev[_s(self).chev_cell[p][i]] & 7) for i in range(_s(self).nchev[p])]

    def in_game(self, seat):
        """True while ``seat`` has chevrons (PA-E1: a seat without is out)."""
        return _s(self).nchev[_index("seat", seat, _s(self).players)] > 0

    def power(self, cell):
        """Power of movement (PA-M2) of the chevron on ``cell`` for its owner: its cells
        in the chevron's borderland, or 1. ValueError if no chevron stands there."""
        cdef int p = pacru_power(_s(self), _index("cell", cell, PACRU_CELLS))
        if p < 0:
            raise ValueError(f"no chevron on {cell_text(cell)}")
        return p

    def attacks(self, cell):
        """The cells of the enemy chevrons the chevron on ``cell`` attacks (PA-K1),
        ascending. ValueError if no chevron stands there."""
        cdef int out[3]
        cdef int n = pacru_attacks(_s(self), _index("cell", cell, PACRU_CELLS), out)
        if n < 0:
            raise ValueError(f"no chevron on {cell_text(cell)}")
        return [out[i] for i in range(n)]

    def has_move(self, seat):
        """True if ``seat`` has a chevron that can move now (pincers counted, PA-E1)."""
        return bool(pacru_has_move(_s(self), _index("seat", seat, _s(self).players)))

    # --- actions (the table's legal_actions are the search's: the full lists are here)

    cdef list _actions(self, int which):
        """0: every legal action; 1: the moves; 2: the reorientations; 3: the search's."""
        cdef pacru_state work = _s(self)[0]        # C reads a copy while another thread may apply
        cdef long i, n, start = pacru_move_actions(&work, NULL, 0) if which == 2 else 0
        cdef int *buf
        if which == 0 or which == 2:
            n = pacru_legal_actions(&work, _few, _FEW)    # most positions: one pass, GIL held
            if n < _FEW:
                return [_few[i] for i in range(start, n)]
        n = (PACRU_MAX_SEARCH_ACTIONS if which == 3 else PACRU_MAX_MOVES if which == 1
             else pacru_legal_actions(&work, NULL, 0))
        buf = <int *>PyMem_Malloc(max(n, 1) * sizeof(int))
        if buf == NULL:
            raise MemoryError()
        try:
            with nogil:
                n = (pacru_search_actions(&work, buf) if which == 3 else pacru_move_actions(&work, buf, n)
                     if which == 1 else pacru_legal_actions(&work, buf, n))
            return [buf[i] for i in range(start, n)]
        finally:
            PyMem_Free(buf)

    def legal_actions(self):
        """Every legal action, ascending: the moves with each complete choice of benefit
        cells, then the reorientations with each set of freed cells (encoding.py's
        codec); [] once over. A position may have ~800,000 (4 chevrons x 2 turns of 90
        degrees x C(41, 4) cell sets)."""
        return self._actions(0)

    def move_actions(self):
        """The legal moves (PA-M, with every choice of benefit cells), ascending."""
        return self._actions(1)

    def reorient_actions(self):
        """The legal reorientations (PA-O), ascending."""
        return self._actions(2)

    def num_legal_actions(self):
        """len(legal_actions()), counted without building the list."""
        return pacru_legal_actions(_s(self), NULL, 0)

    def search_actions(self):
        """The C MCTS's actions (the contract's SEARCH ACTIONS), ascending: the legal
        moves, a paying meeting offering only the cells in borderlands holding one of the
        mover's chevrons (all when none is), and one reorientation per (chevron, new
        direction) freeing the mover's unoccupied cells of fewest chevrons in their
        borderland, then lowest."""
        return self._actions(3)

    def action_text(self, action):
        """The canonical text of ``action`` (pacru_action_text, in C; the text of
        encoding.action_text): ``e1-e3``, ``e1xe5[f4,*c7]``, ``a3-d3[conn]``,
        ``e1>NE[a1,b2]``. IllegalMoveError (PA-M1, ``illegal action N: ...``) when it has
        none (outside the action space, a move off the board); NotAnActionError (a
        TypeError) for a non-int."""
        cdef int a = self._check_int(action)
        cdef char buf[32]
        cdef int n = pacru_action_text(a, buf, sizeof(buf))
        if n < 0:     # the reason of a move off the board, or of no action at all (decoding fails)
            raise IllegalMoveError.for_action(action, "PA-M1", self._reason(a, PACRU_ERR_OFF_BOARD))
        return buf[:n].decode()

    def random_action(self, rng):
        """The random bot's action, drawn from ``rng`` (a random.Random) exactly as
        pickpack.games.pacru.random_action draws it (the same calls on rng, so the same
        action for the same rng state): one base option uniformly (rng.randrange) among
        the legal landings and the reorientations the mover has free cells for
        (pacru_random_options), then one of the landing's complete actions uniformly
        (rng.randrange) or the reorientation's freed cells as rng.sample of the mover's
        unoccupied cells. ValueError once the game is over."""
        cdef int options, n, cell, direction, need, i
        cdef int out[PACRU_MAX_LANDING_ACTIONS]
        cdef int freed[4]
        cdef pacru_draw d
        if _s(self).over:
            raise ValueError("the game is over: no legal action (PA-E2)")
        options = pacru_random_options(_s(self), &d)
        pick = rng.randrange(options)
        if pick < d.landings:
            n = pacru_landing_actions(_s(self), &d, pick, out)
            return out[<int>rng.randrange(n)]
        n = pacru_reorient_option(_s(self), &d, pick, &cell, &direction, &need)
        cells = rng.sample([d.free_cells[i] for i in range(n)], need)
        for i in range(need):
            freed[i] = cells[i]
        return pacru_encode_reorient(cell, direction, need, freed)

    # --- outcome --------------------------------------------------------------------

    def scores(self):
        """Cells per seat by seat name (PA-C5), ``{"south": int, ...}``."""
        names = SEAT_NAMES[_s(self).players]
        return {names[p]: _s(self).cells[p] for p in range(_s(self).players)}

    def winning_seats(self):
        """The winning seats once over (PA-E2: the seat at the target or the last with
        chevrons; PA-E3: at the ply cap the seats with chevrons and the most cells),
        ascending; [] before."""
        if not _s(self).over:
            return []
        return [p for p in range(_s(self).players) if _s(self).winners >> p & 1]

    # --- batch work in C ----------------------------------------------------------

    def playout(self, seed):
        """Finish a copy by the RANDOM PLAYOUT POLICY in C (pp_rng(seed)); its final
        scores() (cells by seat name). ``seed``: int 0..2**64-1. This state is not changed."""
        cdef pp_rng rng
        cdef pacru_state work = _s(self)[0]
        pp_rng_seed(&rng, seed64(seed))
        with nogil:
            pacru_playout(&work, &rng)
        names = SEAT_NAMES[work.players]
        return {names[p]: work.cells[p] for p in range(work.players)}

    def _random_step(self, seed):
        """One decision by the RANDOM PLAYOUT POLICY (pp_rng(seed)), recorded in the
        history like apply_action (for tests of the policy's distribution): the action
        pacru_random_step took; None once over."""
        cdef pp_rng rng
        cdef pacru_state work = _s(self)[0]
        if _s(self).over:
            return None
        pp_rng_seed(&rng, seed64(seed))
        cdef int a = pacru_random_step(&work, &rng)
        if a < 0:
            raise AssertionError("the random step took no legal action")
        self.apply_action(a)
        return a

    def perft(self, depth, progress=None):
        """The number of action sequences of exactly ``depth`` (0..8) actions from here
        (depth 0 is 1; a game that ends earlier contributes 0), counted in C without the
        GIL, one root action at a time: between them Ctrl-C raises KeyboardInterrupt and
        ``progress``, if given, is called with the share of root actions done (a float
        0.0..1.0; 1.0 once at the end). ValueError for a depth outside 0..8, MemoryError
        if the C walk runs out of memory."""
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= 8:
            raise ValueError(f"depth must be an int 0..8, got {depth!r}")
        cdef int dd = depth, a
        cdef uint64_t n, total = 0
        cdef pacru_state child
        roots = self._actions(0) if dd > 1 else []
        if not roots:
            total = pacru_perft(_s(self), dd)
        for i, a in enumerate(roots):
            child = _s(self)[0]
            with nogil:
                pacru_apply(&child, a)
                n = pacru_perft(&child, dd - 1)
            if n == <uint64_t>0xFFFFFFFFFFFFFFFF:
                raise MemoryError("perft: out of memory")
            total += n
            PyErr_CheckSignals()
            if progress is not None and i + 1 < len(roots):
                progress((i + 1) / len(roots))
        if progress is not None:
            progress(1.0)
        return total


cdef long _GAMES_PER_SLICE = 16      # a few ms of random games: Ctrl-C is honoured quickly


cdef dict _games(n, players, seed, single_cell, classic_meeting, max_plies, bint policy):
    """random_games / policy_games: n games in slices without the GIL, by the random
    playout policy or (policy) the rollout policy."""
    cdef long count = count_arg(n)
    cdef int np = _players_arg(players)
    cdef int sc = _flag("single_cell", single_cell)
    cdef int cm = _flag("classic_meeting", classic_meeting)
    cdef int mp = _plies_arg(max_plies)
    cdef pp_rng rng
    cdef pacru_batch b
    cdef long done = 0, part
    memset(&b, 0, sizeof(b))
    pp_rng_seed(&rng, seed64(seed))
    while done < count:
        part = min(count - done, _GAMES_PER_SLICE)
        with nogil:
            if policy:
                pacru_policy_games_part(&rng, np, sc, cm, mp, part, &b)
            else:
                pacru_random_games_part(&rng, np, sc, cm, mp, part, &b)
        done += part
        PyErr_CheckSignals()
    names = SEAT_NAMES[np]
    return {
        "games": b.games, "plies": b.plies,
        "mean_cells": {names[p]: (b.cells_sum[p] / count if count else 0.0) for p in range(np)},
        "wins": {names[p]: b.wins[p] for p in range(np)},
    }


# The rollout policy of the search's playouts (core/pacru/pacru_policy.h), exposed for
# tests and measurements.
POLICY_W_GAIN = PACRU_POLICY_W_GAIN
POLICY_W_PINCER = PACRU_POLICY_W_PINCER
POLICY_W_MOBILE = PACRU_POLICY_W_MOBILE
POLICY_EPSILON = PACRU_POLICY_EPSILON_PERMILLE / 1000.0


cdef CoreState _policy_state(object state):
    if not isinstance(state, CoreState):
        raise TypeError(f"state must be a PACRU State, not {type(state).__name__}")
    cdef CoreState st = <CoreState>state
    if _s(st).over:
        raise ValueError("state: the game is over: nobody moves")
    return st


def random_games(n, players, seed, single_cell=False, classic_meeting=False, max_plies=PACRU_MAX_GAME_LENGTH):
    """Play n whole games in C from the start position by the RANDOM PLAYOUT POLICY
    (pp_rng(seed)).

    Returns {"games", "plies", "mean_cells": {seat name: float}, "wins": {seat name:
    float} (a win shared by k seats counts 1/k to each)}. Runs in slices without the
    GIL; Ctrl-C between slices raises KeyboardInterrupt. ValueError/TypeError for a bad
    n, player count, seed, flag or ply cap.
    """
    return _games(n, players, seed, single_cell, classic_meeting, max_plies, False)


def policy_values(state):
    """The rollout policy's value of each legal move landing of the seat to move in
    ``state`` (a PACRU State; core/pacru/pacru_policy.h: POLICY_W_GAIN per cell gained,
    POLICY_W_PINCER for a pincer, POLICY_W_MOBILE when the moved chevron can move
    again, plus its power of movement after the move less before).

    Returns {(from cell, travel direction, distance): value}. TypeError for a
    non-State, ValueError once the game is over.
    """
    cdef CoreState st = _policy_state(state)
    cdef int out[4 * 96]
    cdef int n = pacru_policy_values(_s(st), out)
    return {(out[4 * i], out[4 * i + 1], out[4 * i + 2]): out[4 * i + 3] for i in range(n)}


def policy_action(state, seed=None):
    """The rollout policy's move (core/pacru/pacru_policy.h) for the seat to move in
    ``state`` (a PACRU State, not changed): the landing of the highest policy value with
    its choices. ``seed`` None: the first landing of a tie and the first candidate of
    each choice; an int 0..2**64-1: ties and choices drawn from pp_rng(seed).

    Returns the action (an int of ``state.legal_actions()``). TypeError for a non-State
    or a bad seed, ValueError once the game is over.
    """
    cdef CoreState st = _policy_state(state)
    cdef pacru_state work = _s(st)[0]
    cdef pp_rng rng
    if seed is None:
        return pacru_policy_step(&work, NULL)
    pp_rng_seed(&rng, seed64(seed))
    return pacru_policy_step(&work, &rng)


def policy_games(n, players, seed, single_cell=False, classic_meeting=False, max_plies=PACRU_MAX_GAME_LENGTH):
    """Play n whole games in C from the start position with the rollout policy (each
    decision with probability POLICY_EPSILON a uniformly random move instead;
    pp_rng(seed)): the search's playouts.

    Returns the dict of random_games ({"games", "plies", "mean_cells", "wins"}).
    Ctrl-C between slices raises KeyboardInterrupt. ValueError/TypeError for a bad n,
    player count, seed, flag or ply cap.
    """
    return _games(n, players, seed, single_cell, classic_meeting, max_plies, True)


# --- action tokens in C (core/pacru/pacru_tokens.h) --------------------------------

include "_token_view.pxi"
