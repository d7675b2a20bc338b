# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Cython binding of PACRU's C core (core/pacru/pacru_core.h): its table of operations
(core/pacru/ops.c) bound to the common C-state base (pickpack._cstate.CState), its
snapshot marshalling and its game-only queries (the board, the move and
reorientation lists, the random bot's draw, the rollout policy).

Everything the table answers (history, undo, copy, pickling, the checked apply with
its rule, reason and move text written in C, returns, hash, the observation tensor) is
the base's; the MCTS is the one search binding (pickpack._csearch) over the table's own
compile of it (ops->mcts). The table's legal_actions are the search's reduced SEARCH
ACTIONS, so this binding gives the full legal actions and perft itself. Batch work
(playouts, the random-game batch, perft) runs entirely in C with the GIL released.
Every integer and snapshot field that comes from Python is checked here or by the
core's checked entry points (pacru_check_action, pacru_load) before the hot C
functions see it.
"""
from libc.string cimport memset
from libc.stdint cimport uint64_t
from cpython.exc cimport PyErr_CheckSignals
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from pickpack._cstate cimport CState, clamp_int, seed64
from pickpack._game_ops cimport pp_rng, pp_rng_seed
from pickpack.games.pacru._ccore cimport *

from pickpack._cstate import _rebuild   # noqa: F401  (the name today's pickles name)
from pickpack.errors import IllegalMoveError, SnapshotError
from pickpack.game import OptionError
from pickpack.games.pacru.encoding import BOARD_SIZE, CHEVRONS, COLOUR_LETTERS, DIRECTIONS, SEAT_NAMES, cell_text

pacru_init()       # tables and keys, filled once under the GIL before any search runs

# Scratch for the legal actions of most positions (filled and read with the GIL held; a
# position with more is listed into its own buffer, the GIL released).
cdef enum:
    _FEW = 4096
cdef int _few[_FEW]

NUM_DISTINCT_ACTIONS = PACRU_NUM_DISTINCT_ACTIONS
MAX_GAME_LENGTH = PACRU_MAX_GAME_LENGTH
MAX_SEARCH_ACTIONS = PACRU_MAX_SEARCH_ACTIONS
MAX_LEGAL_ACTIONS = PACRU_MAX_LEGAL
STATE_BYTES = sizeof(pacru_state)
#: The Zobrist keys as the C core holds them (zobrist.KEYS must equal this).
ZOBRIST_KEYS = tuple(pacru_zobrist_key(i) for i in range(PACRU_NUM_KEYS))

_SNAPSHOT_KEYS = ("players", "single_cell", "classic_meeting", "max_plies", "ply", "turn", "board", "chevrons")
_CELL_LETTERS = "abcdefghi"
#: Shape of the observation tensor (core/pacru/observation.c): the same for every
#: player count and option.
TENSOR_SHAPE = (PACRU_TENSOR_PLANES, BOARD_SIZE, BOARD_SIZE)


cdef int _players_arg(object players) except -1:
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be an int, not {type(players).__name__}")
    if not PACRU_MIN_PLAYERS <= players <= PACRU_MAX_PLAYERS:
        raise OptionError(f"players must be {PACRU_MIN_PLAYERS}..{PACRU_MAX_PLAYERS}, not {players} (PA-C4)",
                          "players")
    return players


cdef int _flag(str name, object value) except -1:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {type(value).__name__} (PA-B2, PA-T2)")
    return 1 if value else 0


cdef int _plies_arg(object value) except -1:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"max_plies must be an int, not {type(value).__name__}")
    if not 1 <= value <= PACRU_MAX_GAME_LENGTH:
        raise OptionError(f"max_plies must be 1..{PACRU_MAX_GAME_LENGTH}, not {value} (PA-E3)", "max_plies")
    return value


cdef int _cell_arg(object cell) except -1:
    if isinstance(cell, bool) or not isinstance(cell, int):
        raise TypeError(f"a cell is an int 0..80, not {type(cell).__name__}")
    if not 0 <= cell < PACRU_CELLS:
        raise ValueError(f"no cell {cell}: cells are 0..80")
    return cell


def _name_order(int cell):
    """Sort key of a chevron in a snapshot: its cell's name (column, then row)."""
    return (cell % BOARD_SIZE, cell // BOARD_SIZE)


cdef str _chevron_text(int cell, int direction):
    return cell_text(cell) + DIRECTIONS[direction]


cdef int _parse_chevron(object text, int *cell, int *direction) except -1:
    """Cell and direction of a chevron text like "e1N" (SnapshotError otherwise)."""
    if isinstance(text, str) and 3 <= len(text) <= 4 and text[0] in _CELL_LETTERS and text[1] in "123456789" \
            and text[2:] in DIRECTIONS:
        cell[0] = (ord(text[1]) - ord("1")) * BOARD_SIZE + _CELL_LETTERS.index(text[0])
        direction[0] = DIRECTIONS.index(text[2:])
        return 0
    raise SnapshotError(f"chevrons: {text!r} is not a chevron: a cell and a direction, like e1N or i9SW",
                        "chevrons", rule="PA-C3")


cdef int _snap_int(object snap, str key) except? -9999:
    v = snap[key]
    if isinstance(v, bool) or not isinstance(v, int):
        raise SnapshotError(f"{key}: an int expected, not {type(v).__name__}", key)
    return clamp_int(v)


cdef int _raw_from_snapshot(object snap, pacru_raw *r) except -1:
    """Fill r from a snapshot mapping, checking shapes and types (pacru_load checks values)."""
    from collections.abc import Mapping
    cdef int seat, i, row, col, cell, direction
    memset(r, 0, sizeof(pacru_raw))
    if not isinstance(snap, Mapping):
        raise SnapshotError(f"a snapshot is a mapping, not {type(snap).__name__}", "snapshot")
    for key in _SNAPSHOT_KEYS:
        if key not in snap:
            raise SnapshotError(f"snapshot: the key {key!r} is missing", key)
    for key in snap:
        if key not in _SNAPSHOT_KEYS:
            raise SnapshotError(f"snapshot: unknown key {key!r}; keys are {', '.join(_SNAPSHOT_KEYS)}", "snapshot")
    r.players = _snap_int(snap, "players")
    for key in ("single_cell", "classic_meeting"):
        if not isinstance(snap[key], bool):
            raise SnapshotError(f"{key}: true or false expected, not {type(snap[key]).__name__}", key)
    r.single_cell = 1 if snap["single_cell"] else 0
    r.classic_meeting = 1 if snap["classic_meeting"] else 0
    r.max_plies = _snap_int(snap, "max_plies")
    r.ply = _snap_int(snap, "ply")
    r.turn = _snap_int(snap, "turn")
    if not PACRU_MIN_PLAYERS <= r.players <= PACRU_MAX_PLAYERS:
        return 0                        # pacru_load names the player count
    board = snap["board"]
    if not isinstance(board, (list, tuple)) or len(board) != BOARD_SIZE \
            or not all(isinstance(line, str) and len(line) == BOARD_SIZE for line in board):
        raise SnapshotError("board: 9 strings of 9 characters expected, row 9 (north) first", "board")
    letters = COLOUR_LETTERS[:r.players]
    for row in range(BOARD_SIZE):
        line = board[BOARD_SIZE - 1 - row]
        for col in range(BOARD_SIZE):
            ch = line[col]
            if ch == ".":
                r.colour[row * BOARD_SIZE + col] = -1
            elif len(ch) == 1 and ch in letters:
                r.colour[row * BOARD_SIZE + col] = letters.index(ch)
            else:
                raise SnapshotError(f"board: {ch!r} on {cell_text(row * BOARD_SIZE + col)} is not '.' or a colour "
                                    f"letter of a seat ({', '.join(letters)})", "board", index=row * BOARD_SIZE + col,
                                    rule="PA-C2")
    chevrons = snap["chevrons"]
    if not isinstance(chevrons, (list, tuple)) or len(chevrons) != r.players:
        raise SnapshotError(f"chevrons: a list of {r.players} lists (one per seat) expected", "chevrons")
    for seat in range(r.players):
        texts = chevrons[seat]
        if not isinstance(texts, (list, tuple)):
            raise SnapshotError(f"chevrons: seat {seat}: a list of chevron texts expected", "chevrons",
                                player=SEAT_NAMES[r.players][seat])
        if len(texts) > PACRU_MAX_CHEVRONS:
            raise SnapshotError(f"chevrons: seat {seat} has {len(texts)} chevrons: at most "
                                f"{CHEVRONS[r.players]} (PA-C4)", "chevrons", player=SEAT_NAMES[r.players][seat],
                                rule="PA-C4")
        r.nchev[seat] = len(texts)
        for i in range(len(texts)):
            _parse_chevron(texts[i], &cell, &direction)
            r.chev_cell[seat][i] = cell
            r.chev_dir[seat][i] = direction
    return 0


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

    @classmethod
    def _load(cls, snap, checked=True):
        """The state a snapshot describes (history empty), checked by the C loader:
        SnapshotError naming the field, the seat's name and the item (board: the cell;
        chevrons: the chevron's index in the snapshot's list) where there is one, and the
        rule, for a malformed or impossible snapshot (pacru_load). ``checked=False``
        skips the reachability checks (PACRU_LOAD_SAFE), not the others."""
        cdef CoreState st = cls.__new__(cls)
        cdef pacru_raw raw
        cdef pacru_load_error e
        _raw_from_snapshot(snap, &raw)
        if pacru_load(_s(st), &raw, PACRU_LOAD_REACHABLE if checked else PACRU_LOAD_SAFE, &e) != PACRU_FIELD_NONE:
            raise SnapshotError(e.msg.decode("utf-8", "replace"), pacru_field_name(e.field).decode(),
                                None if e.seat < 0 else SEAT_NAMES[raw.players][e.seat],
                                None if e.index < 0 else e.index, e.rule.decode())
        return st

    # --- the position -------------------------------------------------------------

    @property
    def options(self):
        """``{"single_cell": bool, "classic_meeting": bool, "max_plies": int}`` (PA-B2,
        PA-T2, PA-E3)."""
        return {"single_cell": bool(_s(self).single_cell), "classic_meeting": bool(_s(self).classic_meeting),
                "max_plies": _s(self).max_plies}

    @property
    def turn(self):
        """The seat to move; once over, the seat that made the last move."""
        return _s(self).turn

    @property
    def ply(self):
        """Moves and reorientations made in the game (the snapshot's ``ply``)."""
        return _s(self).ply

    @property
    def max_plies(self):
        """The ply cap (PA-E3), 1..1000."""
        return _s(self).max_plies

    @property
    def target(self):
        """Cells that win at once (PA-C5): 42, 28 or 24 for 2, 3 or 4 players."""
        return pacru_target(_s(self).players)

    def _hash_from_scratch(self):
        """The hash recomputed from every feature in C; equals zobrist_hash()."""
        return pacru_hash_full(_s(self))

    # --- board queries --------------------------------------------------------------

    cdef int _seat_arg(self, object seat) except -1:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is an int, not {type(seat).__name__}")
        if not 0 <= seat < _s(self).players:
            raise ValueError(f"no seat {seat}: seats are 0..{_s(self).players - 1}")
        return seat

    def cells(self, seat):
        """Cells of ``seat``'s colour on the board (PA-C2). TypeError/ValueError for a bad seat."""
        return _s(self).cells[self._seat_arg(seat)]

    def colour(self, cell):
        """The seat whose colour ``cell`` (0..80) has, or -1 when neutral (PA-C2)."""
        return _s(self).colour[_cell_arg(cell)]

    def chevron(self, cell):
        """``(seat, direction)`` of the chevron on ``cell``, or None."""
        cdef int code = _s(self).chev[_cell_arg(cell)]
        return None if code < 0 else (code >> 3, code & 7)

    def chevrons(self, seat):
        """``[(cell, direction), ...]`` of ``seat``'s chevrons, ascending by cell."""
        cdef int p = self._seat_arg(seat)
        return [(_s(self).chev_cell[p][i], _s(self).chev[_s(self).chev_cell[p][i]] & 7) for i in range(_s(self).nchev[p])]

    def in_game(self, seat):
        """True while ``seat`` has chevrons (PA-E1: a seat without is out)."""
        return _s(self).nchev[self._seat_arg(seat)] > 0

    def power(self, cell):
        """Power of movement (PA-M2) of the chevron on ``cell`` for its owner: its cells
        in the chevron's borderland, or 1. ValueError if no chevron stands there."""
        cdef int p = pacru_power(_s(self), _cell_arg(cell))
        if p < 0:
            raise ValueError(f"no chevron on {cell_text(cell)}")
        return p

    def attacks(self, cell):
        """The cells of the enemy chevrons the chevron on ``cell`` attacks (PA-K1),
        ascending. ValueError if no chevron stands there."""
        cdef int out[3]
        cdef int n = pacru_attacks(_s(self), _cell_arg(cell), out)
        if n < 0:
            raise ValueError(f"no chevron on {cell_text(cell)}")
        return [out[i] for i in range(n)]

    def has_move(self, seat):
        """True if ``seat`` has a chevron that can move now (pincers counted, PA-E1)."""
        return bool(pacru_has_move(_s(self), self._seat_arg(seat)))

    # --- actions (the table's legal_actions are the search's: the full lists are here)

    cdef list _actions(self, int which):
        """0: every legal action; 1: the moves; 2: the reorientations; 3: the search's."""
        cdef long n, moves = 0, i
        cdef int *buf
        cdef pacru_state work = _s(self)[0]        # C reads a copy while another thread may apply
        if which == 3:
            buf = <int *>PyMem_Malloc(PACRU_MAX_SEARCH_ACTIONS * sizeof(int))
            if buf == NULL:
                raise MemoryError()
            n = pacru_search_actions(&work, buf)
        elif which == 1:
            buf = <int *>PyMem_Malloc(PACRU_MAX_MOVES * sizeof(int))
            if buf == NULL:
                raise MemoryError()
            n = pacru_move_actions(&work, buf, PACRU_MAX_MOVES)
        else:
            n = pacru_legal_actions(&work, _few, _FEW)    # most positions: one pass, GIL held
            if n < _FEW:
                if which == 2:
                    moves = pacru_move_actions(&work, NULL, 0)
                return [_few[i] for i in range(moves, n)]
            n = pacru_legal_actions(&work, NULL, 0)
            buf = <int *>PyMem_Malloc((n if n > 0 else 1) * sizeof(int))
            if buf == NULL:
                raise MemoryError()
            with nogil:
                pacru_legal_actions(&work, buf, n)
            if which == 2:
                moves = pacru_move_actions(&work, NULL, 0)
        try:
            return [buf[i] for i in range(moves, n)]
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
        cdef int landings, options, n, cell, direction, need, i
        cdef int out[PACRU_MAX_LANDING_ACTIONS]
        cdef int free[PACRU_CELLS]
        cdef int freed[4]
        if _s(self).over:
            raise ValueError("the game is over: no legal action (PA-E2)")
        options = pacru_random_options(_s(self), &landings)
        pick = rng.randrange(options)
        if pick < landings:
            n = pacru_landing_actions(_s(self), pick, out)
            return out[<int>rng.randrange(n)]
        n = pacru_reorient_option(_s(self), pick, &cell, &direction, &need, free)
        cells = rng.sample([free[i] for i in range(n)], need)
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

    # --- views --------------------------------------------------------------------

    def snapshot(self):
        """The position as JSON-able data (docs/pacru.md, "Snapshot"): board rows from
        row 9 (north) down, chevrons per seat sorted by the cell's name (column, then row:
        a3E before e1N), as snapshot.snapshot_from_parts writes them."""
        cdef int p, i, row, col, c
        rows = []
        for row in range(BOARD_SIZE - 1, -1, -1):
            line = []
            for col in range(BOARD_SIZE):
                c = _s(self).colour[row * BOARD_SIZE + col]
                line.append("." if c < 0 else COLOUR_LETTERS[c])
            rows.append("".join(line))
        return {
            "players": _s(self).players, "single_cell": bool(_s(self).single_cell),
            "classic_meeting": bool(_s(self).classic_meeting), "max_plies": _s(self).max_plies,
            "ply": _s(self).ply, "turn": _s(self).turn, "board": rows,
            "chevrons": [[_chevron_text(c, _s(self).chev[c] & 7)
                          for c in sorted([_s(self).chev_cell[p][i] for i in range(_s(self).nchev[p])],
                                          key=_name_order)] for p in range(_s(self).players)],
        }

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
        history like apply_action (for tests of the policy's distribution); the action
        taken is found among the legal actions. Nothing once over."""
        cdef pp_rng rng
        cdef pacru_state before = _s(self)[0]
        if _s(self).over:
            return None
        pp_rng_seed(&rng, seed64(seed))
        pacru_random_step(_s(self), &rng)
        after = self.snapshot()
        _s(self)[0] = before
        for a in self.legal_actions():
            work = self.copy()
            work.apply_action(a)
            if work.snapshot() == after:
                self.apply_action(a)
                return a
        raise AssertionError("the random step took no legal action")

    def perft(self, depth, progress=None):
        """The number of action sequences of exactly ``depth`` (0..8) actions from here
        (depth 0 is 1; a game that ends earlier contributes 0), counted in C without the
        GIL, one root action at a time: between them Ctrl-C raises KeyboardInterrupt and
        ``progress``, if given, is called with the share of root actions done (a float
        0.0..1.0; 1.0 once at the end). ValueError for a depth outside 0..8, MemoryError
        if the C walk runs out of memory."""
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= 8:
            raise ValueError(f"depth must be an int 0..8, got {depth!r}")
        cdef int dd = depth
        cdef uint64_t n, total = 0
        cdef pacru_state child
        cdef long i, count
        cdef int *buf
        if dd <= 1 or _s(self).over:
            n = pacru_perft(_s(self), dd)
            if progress is not None:
                progress(1.0)
            return n
        count = pacru_legal_actions(_s(self), NULL, 0)
        buf = <int *>PyMem_Malloc((count if count > 0 else 1) * sizeof(int))
        if buf == NULL:
            raise MemoryError()
        try:
            pacru_legal_actions(_s(self), buf, count)
            for i in range(count):
                child = _s(self)[0]
                with nogil:
                    pacru_apply(&child, buf[i])
                    n = pacru_perft(&child, dd - 1)
                if n == <uint64_t>0xFFFFFFFFFFFFFFFF:
                    raise MemoryError("perft: out of memory")
                total += n
                PyErr_CheckSignals()
                if progress is not None and i + 1 < count:
                    progress((i + 1) / count)
        finally:
            PyMem_Free(buf)
        if progress is not None:
            progress(1.0)
        return total


cdef long _GAMES_PER_SLICE = 16      # a few ms of random games: Ctrl-C is honoured quickly


cdef dict _games(n, players, seed, single_cell, classic_meeting, max_plies, bint policy):
    """random_games / policy_games: n games in slices without the GIL, by the random
    playout policy or (policy) the rollout policy."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n must be an int, not {type(n).__name__}")
    if not 0 <= n <= 2**62:
        raise ValueError(f"n must be 0..2**62 games, got {n}")
    cdef int np = _players_arg(players)
    cdef int sc = _flag("single_cell", single_cell)
    cdef int cm = _flag("classic_meeting", classic_meeting)
    cdef int mp = _plies_arg(max_plies)
    cdef pp_rng rng
    cdef pacru_batch b
    cdef long count = n
    cdef long done = 0
    cdef long part
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
