# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Cython binding of the C core (core/pickpack/pickpack_core.h) for Pick & Pack: its
table of operations (core/pickpack/ops.c) bound to the common C-state base
(pickpack._cstate.CState), the deal and snapshot marshalling, and the game-only queries.

The base does what the table answers: history (whole positions), undo, copy, the
checked apply and its IllegalMoveError, returns at the end, the hash, the observation
tensor. Pick & Pack keeps its own ``legal_actions`` and ``perft`` (every legal move:
the table's legal_actions is the symmetry-reduced search set), ``playout`` (the
scores of pp_playout), its pickling (the root snapshot does not hold who moves first)
and its queries. Batch work (playouts, perft, the random-game batch, the searches)
runs entirely in C with the GIL released. Every integer, square and snapshot field
that comes from Python is checked here or by the core's checked entry points before
the hot C functions see it.

The MCTS is the one search binding (pickpack._csearch) over the table's own compile
of it (ops->mcts); alpha-beta, Pick & Pack's own, is compiled into this module from
_search.pxi, included at the end; pickpack.games.pickpack._search re-exports both.
"""
from libc.string cimport memset
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from cpython.exc cimport PyErr_CheckSignals
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from pickpack._cstate cimport CState, clamp_int, seed64
from pickpack._game_ops cimport pp_rng, pp_rng_seed
from pickpack.games.pickpack._ccore cimport *
from pickpack._move cimport Move


cdef extern from "pickpack_core.h":
    # Move parts and names (core/pickpack/movegen.c, text.c), declared here for the
    # encoding functions above and below.
    ctypedef struct pp_move:
        int placement_kind
        int dest
        int grab_crate
        int end
        int target
        int rush
    void pp_decode(int action, pp_move *m) nogil
    int pp_encode(const pp_move *m) nogil
    int pp_square_text(int sq, char *buf) nogil
    int pp_space_text(int player, int space, char *buf) nogil


from pickpack.errors import IllegalMoveError, SnapshotError

# The observation tensor's length (core/pickpack/observation.c; docs/engine.md,
# "Observation tensor").
OBSERVATION_TENSOR_SIZE = PP_OBS_SIZE

# Sizes and the action layout, from core/pickpack/pickpack_core.h. Python code reads
# them (and every name table below) through pickpack.games.pickpack.encoding.
NUM_DISTINCT_ACTIONS = PP_NUM_ACTIONS
NUM_SQUARES = PP_NUM_SQUARES
NUM_SPACES = PP_NUM_SPACES
NUM_CRATES = PP_NUM_CRATES
NUM_KINDS = PP_NUM_KINDS
MAX_CRATE = PP_MAX_CRATE
# The action layout of core/pickpack/pickpack_core.h (docs/engine.md, "Action integers").
ACTION_LAYOUT = {"placement_actions": PP_NUM_PLACEMENT_ACTIONS,
                 "details_per_square": PP_DETAILS_PER_SQUARE,
                 "targets_per_end": PP_TARGETS_PER_END}
MAX_GAME_LENGTH = PP_MAX_PLIES
STATE_BYTES = sizeof(pp_state)

# Names of the C enums, in their order (enum pp_player, pp_crate_status,
# pp_tile_status, pp_phase): the snapshot's words for the numbers the core stores.
PLAYERS = ("red", "blue")
CRATE_STATUS = ("open", "premium", "wholesale")
TILE_STATUS = ("unplayed", "used", "malfunctioned")
PHASES = ("placement", "play", "over")


cdef str _square_name(int sq):
    cdef char buf[3]
    pp_square_text(sq, buf)
    return buf[:2].decode("ascii")


cdef str _space_name(int player, int space):
    cdef char buf[3]
    pp_space_text(player, space, buf)
    return buf[:2].decode("ascii")


cdef str _kind_letters():
    """The kind letters as the core writes them in placement moves (``aT=P``)."""
    cdef pp_rng rng
    cdef pp_state s
    cdef uint8_t deal[PP_NUM_SQUARES]
    cdef char buf[32]
    pp_rng_seed(&rng, 0)
    pp_random_deal(&rng, deal)
    pp_state_init(&s, deal, PP_RED)
    letters = []
    for k in range(PP_NUM_KINDS):
        pp_action_text(&s, k, buf, sizeof(buf))
        letters.append(chr(buf[3]))
    return "".join(letters)


# Square, space and kind names exactly as the core writes them in move text
# (core/pickpack/text.c), so that Python never restates them.
SQUARES = tuple(_square_name(i) for i in range(PP_NUM_SQUARES))
SPACES = (tuple(_space_name(PP_RED, i) for i in range(PP_NUM_SPACES)),
          tuple(_space_name(PP_BLUE, i) for i in range(PP_NUM_SPACES)))
KINDS = _kind_letters()


def decode_action(action):
    """pp_decode: the parts of an action integer as the core reads them.

    Returns (placement_kind 0..5 or -1, dest 0..35 or -1, grab_crate 0..3 or -1,
    end 0/1 or -1, target 0..68, rush 0/1) (docs/engine.md, "Action integers").
    Raises ValueError for an action outside 0..NUM_DISTINCT_ACTIONS-1.
    """
    cdef pp_move m
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < PP_NUM_ACTIONS:
        raise ValueError(f"action: must be an int 0..{PP_NUM_ACTIONS - 1}, got {action!r}")
    pp_decode(action, &m)
    return (m.placement_kind, m.dest, m.grab_crate, m.end, m.target, m.rush)


cdef int _part(str name, object v, int lo, int hi) except? -2:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"{name}: must be an int {lo}..{hi}, got {v!r}")
    return v


def encode_action(placement_kind, dest, grab_crate, end, target, rush):
    """pp_encode: the action integer of the parts decode_action returns (its inverse).

    A placement decision has placement_kind 0..5 and dest, grab_crate, end -1, target
    0, rush 0; a grab has dest 0..35, grab_crate 0..3, end -1 and target 0; a tile
    activation dest 0..35, grab_crate -1, end 0/1 and target 0..68. Raises ValueError
    naming the part for anything else.
    """
    cdef pp_move m
    m.placement_kind = _part("placement_kind", placement_kind, -1, PP_NUM_KINDS - 1)
    m.dest = _part("dest", dest, -1, PP_NUM_SQUARES - 1)
    m.grab_crate = _part("grab_crate", grab_crate, -1, PP_NUM_CRATES - 1)
    m.end = _part("end", end, -1, 1)
    m.target = _part("target", target, 0, PP_TARGETS_PER_END - 1)
    m.rush = _part("rush", rush, 0, 1)
    if m.placement_kind >= 0:
        for name, v in (("dest", m.dest), ("grab_crate", m.grab_crate), ("end", m.end)):
            if v != -1:
                raise ValueError(f"{name}: a placement decision has none (-1), got {v}")
        if m.target != 0 or m.rush != 0:
            raise ValueError("target, rush: a placement decision has neither (0)")
        return pp_encode(&m)
    if m.dest < 0:
        raise ValueError("dest: a grabber move needs a destination square 0..35")
    if (m.grab_crate >= 0) == (m.end >= 0):
        raise ValueError("grab_crate, end: a grabber move either grabs (grab_crate 0..3, end -1) "
                         "or activates a tile (grab_crate -1, end 0/1)")
    if m.grab_crate >= 0 and m.target != 0:
        raise ValueError(f"target: a grab has none (0), got {m.target}")
    return pp_encode(&m)


cdef int _player_index(object player) except -1:
    if player == "red":
        return PP_RED
    if player == "blue":
        return PP_BLUE
    raise ValueError(f"player must be 'red' or 'blue', not {player!r}")


def deal_from_seed(seed):
    """The deal a seed produces (PP-S1; docs/engine.md, "PRNG").

    Returns a list of 36 apple counts in square order a1, b1, ..., f6.
    Raises TypeError/ValueError for a seed that is not an int in 0..2**64-1.
    """
    cdef pp_rng rng
    cdef uint8_t deal[PP_NUM_SQUARES]
    pp_rng_seed(&rng, seed64(seed))
    pp_random_deal(&rng, deal)
    return [deal[i] for i in range(PP_NUM_SQUARES)]


def placements_from_seed(seed):
    """The random placements that follow the deal in the seed's stream (PP-S3).

    Returns {"red": 12 kind letters in Red's space order, "blue": ... in Blue's}.
    """
    cdef pp_rng rng
    cdef uint8_t deal[PP_NUM_SQUARES]
    cdef uint8_t kinds[PP_NUM_SPACES]
    pp_rng_seed(&rng, seed64(seed))
    pp_random_deal(&rng, deal)
    out = {}
    for player in PLAYERS:
        pp_random_placement(&rng, kinds)
        out[player] = "".join(KINDS[kinds[i]] for i in range(PP_NUM_SPACES))
    return out


# Batch work in slices (random_games, CoreState.perft): the GIL is released for each
# slice and Ctrl-C is checked between slices (PyErr_CheckSignals), each slice short
# enough (a few ms to ~30 ms) that an interrupt is honoured well within 100 ms.
cdef extern from "pickpack_core.h":
    void pp_random_games_part(pp_rng *rng, long first, long count, pp_batch_result *b,
                              double *sum) nogil
    enum:
        PP_PICKPACK_PERFT_MAX_DEPTH
    ctypedef struct pp_pickpack_perft_job:
        uint64_t leaves
        int done
    int pp_pickpack_perft_start(pp_pickpack_perft_job *job, const pp_state *s, int depth) nogil
    int pp_pickpack_perft_run(pp_pickpack_perft_job *job, uint64_t budget) nogil
    double pp_pickpack_perft_progress(const pp_pickpack_perft_job *job) nogil

cdef long _GAMES_PER_SLICE = 128             # ~5-10 ms of random games
cdef uint64_t _PERFT_MOVES_PER_SLICE = 65536  # ~10-20 ms of perft


def random_games(n, seed):
    """Play n complete games in C from fresh random deals and placements.

    Game i is started by Red when i is even and by Blue when odd. Returns a dict with
    games, plies (play-phase plies in all), mean_scores, wins and draws. Runs in slices
    without the GIL; Ctrl-C between slices raises KeyboardInterrupt.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a non-negative int, got {n!r}")
    cdef pp_rng rng
    cdef long count = n
    cdef long first = 0
    cdef long part
    cdef double total[2]
    cdef pp_batch_result b
    memset(&b, 0, sizeof(b))
    total[0] = total[1] = 0.0
    pp_rng_seed(&rng, seed64(seed))
    while first < count:
        part = min(count - first, _GAMES_PER_SLICE)
        with nogil:
            pp_random_games_part(&rng, first, part, &b, total)
        first += part
        PyErr_CheckSignals()            # raises the handler's KeyboardInterrupt
    if count > 0:
        b.mean_score[0] = total[0] / count
        b.mean_score[1] = total[1] / count
    return {
        "games": b.games,
        "plies": b.plies,
        "mean_scores": {"red": b.mean_score[0], "blue": b.mean_score[1]},
        "wins": {"red": b.wins[0], "blue": b.wins[1]},
        "draws": b.draws,
    }


cdef extern from "pickpack_core.h":
    # Snapshot validation (core/pickpack/setup.c); declared here, next to its only user.
    ctypedef struct pp_check:
        int field
        int player
        int index
        const char *rule
        char msg[240]
    enum:
        PP_CHECK_SAFE
        PP_CHECK_REACHABLE
    int pp_state_check(pp_state *s, int level, pp_check *out)

# enum pp_snap_field -> the snapshot key it names.
_SNAP_FIELDS = ("phase", "to_move", "first", "grabber", "grid", "crates", "tiles", "rush")


cdef inline pp_state *_s(CState st):
    """The Pick & Pack position of a CoreState (its base's state buffer)."""
    return <pp_state *>st.state


cdef uint8_t _START_DEAL[PP_NUM_SQUARES]     # the deal of seed 0: a valid start for __cinit__


cdef int _fill_start_deal() except -1:
    cdef pp_rng rng
    pp_rng_seed(&rng, 0)
    pp_random_deal(&rng, _START_DEAL)
    return 0


_fill_start_deal()


cdef class CoreState(CState):
    """One Pick & Pack position with its move history, backed by the C core.

    Subclassed by pickpack.State, which adds the Move-level API; use that class.
    """

    def __cinit__(self, *args, **kwargs):
        self._bind(&pp_pickpack_ops)
        # A valid position even for an object made by __new__ alone (copy, unpickling
        # and the constructors below overwrite it): never a zeroed struct.
        pp_state_init(_s(self), _START_DEAL, PP_RED)

    # --- construction -------------------------------------------------------------

    @classmethod
    def _from_deal(cls, deal, first="red"):
        """Start a game in phase placement from an explicit deal (PP-S1, PP-S2)."""
        cdef CoreState st = cls.__new__(cls)
        cdef uint8_t d[PP_NUM_SQUARES]
        cdef int f = _player_index(first)
        if isinstance(deal, (str, bytes)) or len(deal) != PP_NUM_SQUARES:
            raise ValueError("deal: must be 36 apple counts, one per square a1..f6 (PP-S1)")
        for i in range(PP_NUM_SQUARES):
            v = deal[i]
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
                raise ValueError(f"deal[{i}] ({SQUARES[i]}): apples must be an int 1..6, got {v!r}")
            d[i] = v
        if pp_state_init(_s(st), d, f) != PP_OK:
            raise ValueError(
                "deal: must hold ten 1s, eight 2s, seven 3s, six 4s, four 5s and one 6 (PP-C2)")
        st.nhist = 0
        return st

    @classmethod
    def from_snapshot(cls, snap, first=None, checked=True):
        """Build a state from snapshot() data (the rules file's JSON format).

        ``first`` is who moves first once placement is over (PP-S4), "red" or "blue". A
        snapshot does not hold it; None (the default) means Red in phase placement and,
        once play has begun, the one for which the position is reachable (after so many
        moves and rush orders spent, whose turn it is fixes who began). The history is
        empty; scores in the data are ignored. Raises SnapshotError (a ValueError) with ``field`` (the snapshot key),
        ``player``, ``index`` and ``rule`` for malformed or impossible data: wrong types
        and ranges, the PP-C2 tray multiset, more than two tiles of a kind, a mover who
        cannot move, and (``checked=True``) anything the rules cannot reach: an over flag
        the end rules (PP-E1, PP-E2) do not give, closed crates without the tiles that
        closed them, face-down trays without Malfunctions, a grabber off the last move's
        square, crates outside PP-G2's spread, the wrong player to move (docs/engine.md,
        "Positions the rules can reach").

        ``checked=False`` skips only those reachability checks, never the ones the core
        needs to run safely. It exists for tests that build positions by hand; a game's
        own positions always pass the full check.
        """
        cdef CoreState st = cls.__new__(cls)
        cdef pp_check chk
        cdef pp_state *s = _s(st)
        memset(s, 0, sizeof(pp_state))
        memset(s.tile_kind, PP_NO_KIND, sizeof(s.tile_kind))
        st.nhist = 0
        if not isinstance(snap, dict):
            raise SnapshotError("snapshot: must be a dict", "snapshot")
        _field(snap, "game", str)
        if snap["game"] != "pickpack":
            raise SnapshotError(f"game: expected 'pickpack', got {snap['game']!r}", "game")
        phase = _field(snap, "phase", str)
        if phase not in PHASES:
            raise SnapshotError(f"phase: must be one of {PHASES}, got {phase!r}", "phase")
        s.phase = PHASES.index(phase)
        to_move = snap.get("to_move", _MISSING)
        if to_move is _MISSING:
            raise SnapshotError("to_move: missing", "to_move")
        if to_move is not None and to_move not in PLAYERS:
            raise SnapshotError(f"to_move: must be 'red', 'blue' or null, got {to_move!r}", "to_move")
        s.to_move = PP_NOBODY if to_move is None else _player_index(to_move)
        if first is not None and first not in PLAYERS:
            raise SnapshotError(f"first: must be 'red' or 'blue', got {first!r}", "first")
        s.first = _player_index("red" if first is None else first)
        grabber = _field(snap, "grabber", str)
        if grabber not in SQUARES:
            raise SnapshotError(f"grabber: not a square a1..f6: {grabber!r}", "grabber")
        s.grabber = SQUARES.index(grabber)
        grid = _field(snap, "grid", dict)
        if set(grid) != set(SQUARES):
            raise SnapshotError("grid: must have exactly the 36 squares a1..f6", "grid")
        for i, sq in enumerate(SQUARES):
            cell = grid[sq]
            if cell is None:
                s.grid[i] = 0
                continue
            if not isinstance(cell, dict) or set(cell) != {"apples", "face_up"}:
                raise SnapshotError(f"grid.{sq}: must be null or {{'apples': 1..6, 'face_up': bool}}",
                                    "grid", index=i)
            a, up = cell["apples"], cell["face_up"]
            if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= 6 or not isinstance(up, bool):
                raise SnapshotError(f"grid.{sq}: apples must be 1..6 and face_up a bool", "grid", index=i)
            s.grid[i] = a | (0 if up else PP_FACE_DOWN)
        crates = _field(snap, "crates", dict)
        tiles = _field(snap, "tiles", dict)
        rush = _field(snap, "rush", dict)
        for p, player in enumerate(PLAYERS):
            cl = crates.get(player)
            if not isinstance(cl, list) or len(cl) != PP_NUM_CRATES:
                raise SnapshotError(f"crates.{player}: must be a list of 4 crates", "crates", player)
            for c in range(PP_NUM_CRATES):
                crate = cl[c]
                if not isinstance(crate, dict) or not isinstance(crate.get("trays"), list):
                    raise SnapshotError(f"crates.{player}[{c}]: must be {{'trays': [...], 'status': ...}}",
                                        "crates", player, c)
                status = crate.get("status")
                if status not in CRATE_STATUS:
                    raise SnapshotError(f"crates.{player}[{c}].status: must be open, premium or wholesale",
                                        "crates", player, c)
                s.crate_status[p][c] = CRATE_STATUS.index(status)
                trays = crate["trays"]
                if len(trays) > PP_MAX_CRATE:
                    raise SnapshotError(f"crates.{player}[{c}].trays: more than 36 trays", "crates", player, c)
                for h, a in enumerate(trays):
                    if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= 6:
                        raise SnapshotError(f"crates.{player}[{c}].trays[{h}]: apples must be 1..6",
                                            "crates", player, c)
                    s.crate[p][c][h] = a
                s.crate_len[p][c] = len(trays)
            tl = tiles.get(player)
            if not isinstance(tl, dict) or set(tl) != set(SPACES[p]):
                raise SnapshotError(f"tiles.{player}: must have exactly the spaces {', '.join(SPACES[p])}",
                                    "tiles", player)
            for sp, name in enumerate(SPACES[p]):
                tile = tl[name]
                if not isinstance(tile, dict):
                    raise SnapshotError(f"tiles.{player}.{name}: must be {{'kind': ..., 'status': ...}}",
                                        "tiles", player, sp)
                kind, status = tile.get("kind"), tile.get("status")
                if kind is not None and (not isinstance(kind, str) or len(kind) != 1 or kind not in KINDS):
                    raise SnapshotError(f"tiles.{player}.{name}.kind: must be one of {' '.join(KINDS)} or null",
                                        "tiles", player, sp)
                if status not in TILE_STATUS:
                    raise SnapshotError(f"tiles.{player}.{name}.status: must be unplayed, used or malfunctioned",
                                        "tiles", player, sp)
                s.tile_kind[p][sp] = PP_NO_KIND if kind is None else KINDS.index(kind)
                s.tile_status[p][sp] = TILE_STATUS.index(status)
            r = rush.get(player)
            if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r <= 2:
                raise SnapshotError(f"rush.{player}: must be 0, 1 or 2", "rush", player)
            s.rush[p] = r
        cdef int level = PP_CHECK_REACHABLE if checked else PP_CHECK_SAFE
        cdef pp_check chk_blue
        if pp_state_check(s, level, &chk) != PP_OK:
            if first is None and checked and s.phase != PP_PHASE_PLACEMENT:
                s.first = PP_BLUE               # not reachable with Red first: Blue?
                if pp_state_check(s, level, &chk_blue) == PP_OK:
                    return st
                if _SNAP_FIELDS[chk.field] == "to_move" and chk.rule.decode() == "PP-R1":
                    # Red's failure was only whose turn: Blue's says more.
                    chk = chk_blue
            raise SnapshotError(chk.msg.decode(), _SNAP_FIELDS[chk.field],
                                None if chk.player < 0 else PLAYERS[chk.player],
                                None if chk.index < 0 else chk.index, chk.rule.decode())
        return st

    @classmethod
    def _load(cls, snap, checked=True):
        """The base's loader (pickpack._cstate): from_snapshot(snap) with who moves first
        found from the position (PP-S4)."""
        return cls.from_snapshot(snap, None, checked)

    # --- the position -------------------------------------------------------------

    @property
    def current_player(self):
        """"red" or "blue": who decides next (placing, in phase placement); None once over."""
        return None if _s(self).to_move == PP_NOBODY else PLAYERS[_s(self).to_move]

    @property
    def phase(self):
        """"placement", "play" or "over"."""
        return PHASES[_s(self).phase]

    def _hash_from_scratch(self):
        """The Zobrist hash recomputed from every feature; equals zobrist_hash()."""
        return pp_hash_full(_s(self))

    def position_key(self):
        """Canonical bytes of the position (everything the hash covers, nothing else).

        Two states have equal keys exactly when they are the same position; used to
        check the Zobrist hash for collisions.
        """
        cdef pp_state *s = _s(self)
        cdef bytearray out = bytearray(s.grid[:PP_NUM_SQUARES])
        cdef int p, c
        for p in range(2):
            for c in range(PP_NUM_CRATES):
                out.append(s.crate_status[p][c])
                out.append(s.crate_len[p][c])
                out += s.crate[p][c][:s.crate_len[p][c]]
            out += s.tile_kind[p][:PP_NUM_SPACES]
            out += s.tile_status[p][:PP_NUM_SPACES]
            out.append(s.rush[p])
        out.append(s.grabber)
        out.append(s.to_move)
        out.append(s.phase)
        out.append(s.first if s.phase == PP_PHASE_PLACEMENT else 0)
        return bytes(out)

    def scores(self):
        """PP-E3 applied to the crates as they stand: {"red": int, "blue": int} points."""
        return {"red": pp_score(_s(self), PP_RED), "blue": pp_score(_s(self), PP_BLUE)}

    def crate_scores(self, player):
        """PP-E3 crate by crate for player: a list of 4 ints (points)."""
        cdef int p = _player_index(player)
        return [pp_crate_score(_s(self), p, c) for c in range(PP_NUM_CRATES)]

    def winner(self):
        """"red", "blue" or "draw" (PP-E4) once over; None while the game goes on."""
        if _s(self).phase != PP_PHASE_OVER:
            return None
        r, b = pp_score(_s(self), PP_RED), pp_score(_s(self), PP_BLUE)
        return "red" if r > b else "blue" if b > r else "draw"

    def winners(self):
        """The seats with the best score once over (PP-E4), as names: ``("red",)``,
        ``("blue",)``, or ``("red", "blue")`` for a draw (both share the best score);
        ``()`` while the game goes on."""
        if _s(self).phase != PP_PHASE_OVER:
            return ()
        r, b = pp_score(_s(self), PP_RED), pp_score(_s(self), PP_BLUE)
        return ("red",) if r > b else ("blue",) if b > r else PLAYERS

    @property
    def options(self):
        """The game options that rule play from here: ``{"first": "red" | "blue"}``, who
        moves first once placement is over (PP-S4). ``placements`` and ``deal`` set up
        the start (like the seed) and are not kept by a state, so they are not here;
        ``GAME.new_state(**state.options)`` starts a game under the same options."""
        return {"first": PLAYERS[_s(self).first]}

    # --- moves as integers --------------------------------------------------------

    def legal_actions(self):
        """Legal action integers, ascending (docs/engine.md: action space of 10230): every
        legal move (the table's legal_actions, which the base would give, is the
        symmetry-reduced search set, pickpack_search.h)."""
        cdef uint16_t _moves[PP_MAX_MOVES]   # on the stack: no sharing between threads
        cdef int n = pp_legal_actions(_s(self), _moves)
        return [_moves[i] for i in range(n)]

    def _legal_texts(self):
        """Canonical texts of the legal actions, in the same order."""
        cdef uint16_t _moves[PP_MAX_MOVES]   # on the stack: no sharing between threads
        cdef int n = pp_legal_actions(_s(self), _moves)
        cdef char buf[32]
        out = []
        for i in range(n):
            pp_action_text(_s(self), _moves[i], buf, sizeof(buf))
            out.append(buf.decode("ascii"))
        return out

    def _parse_context(self):
        """(mover index, space the next placement fills or -1, mover's kinds per space).

        What pickpack.games.pickpack.movetext needs to read move text; the mover is -1 once over.
        """
        cdef int p = _s(self).to_move
        if p == PP_NOBODY:
            return (-1, -1, [])
        kinds = [None if _s(self).tile_kind[p][i] == PP_NO_KIND else _s(self).tile_kind[p][i] for i in range(PP_NUM_SPACES)]
        placing = _s(self).placed % PP_NUM_SPACES if _s(self).phase == PP_PHASE_PLACEMENT else -1
        return (p, placing, kinds)

    def legal_moves(self):
        """The legal moves as Move objects, ascending by action integer (none once over)."""
        cdef uint16_t _moves[PP_MAX_MOVES]   # on the stack: no sharing between threads
        cdef int n = pp_legal_actions(_s(self), _moves)
        cdef char buf[32]
        cdef list out = []
        cdef Move m
        for i in range(n):
            pp_action_text(_s(self), _moves[i], buf, sizeof(buf))
            m = Move.__new__(Move)
            m.action = _moves[i]
            m.text = buf.decode("ascii")
            out.append(m)
        return out

    def action_text(self, action):
        """Canonical text of an action integer in this position (legal or not).

        Raises NotAnActionError for a non-int and IllegalMoveError.for_action where the
        action has no text: outside the action space, once the game is over
        (PP-E1/PP-E2), a move of the other phase (PP-S3).
        """
        cdef char buf[32]
        cdef int a = self._check_int(action)
        if pp_action_text(_s(self), a, buf, sizeof(buf)) >= 0:
            return buf.decode("ascii")
        if not 0 <= action < PP_NUM_ACTIONS:
            self._raise_illegal(action, a, PP_ERR_ACTION_RANGE)
        if _s(self).phase == PP_PHASE_OVER:
            self._raise_illegal(action, a, PP_ERR_GAME_OVER)
        raise IllegalMoveError.for_action(
            action, "PP-S3", f"a {'placement decision' if action < PP_NUM_PLACEMENT_ACTIONS else 'grabber move'} "
            f"has no move text in phase {self.phase}")

    def _drop_history(self):
        """Forget the history: this position becomes the root (undo stops here)."""
        self.nhist = 0

    def __reduce__(self):
        """Pickled as the root's snapshot, who moves first (PP-S4: a snapshot does not
        hold it) and the actions since; the same form as pickles made before the base."""
        root = self._root()
        return (_rebuild, (type(self), root.snapshot(), PLAYERS[_s(self).first], self.history_actions()))

    def returns(self):
        """Utilities ``[red, blue]``: +1 for the winner, -1 for the loser, 0 each for a
        draw (PP-E4, the table's returns); ``[0.0, 0.0]`` while the game goes on."""
        if _s(self).phase != PP_PHASE_OVER:
            return [0.0, 0.0]
        return CState.returns(self)

    # --- views --------------------------------------------------------------------

    def snapshot(self):
        """The full state as plain JSON-able data, exactly the rules file's format."""
        cdef int p, c, i
        cdef pp_state *s = _s(self)
        grid = {}
        for i in range(PP_NUM_SQUARES):
            v = s.grid[i]
            grid[SQUARES[i]] = None if v == 0 else {"apples": v & 0x7F, "face_up": not (v & PP_FACE_DOWN)}
        crates = {}
        tiles = {}
        for p in range(2):
            crates[PLAYERS[p]] = [
                {"trays": [s.crate[p][c][i] for i in range(s.crate_len[p][c])],
                 "status": CRATE_STATUS[s.crate_status[p][c]]}
                for c in range(PP_NUM_CRATES)]
            tiles[PLAYERS[p]] = {
                SPACES[p][i]: {"kind": None if s.tile_kind[p][i] == PP_NO_KIND else KINDS[s.tile_kind[p][i]],
                               "status": TILE_STATUS[s.tile_status[p][i]]}
                for i in range(PP_NUM_SPACES)}
        return {
            "game": "pickpack",
            "phase": PHASES[s.phase],
            "to_move": None if s.to_move == PP_NOBODY else PLAYERS[s.to_move],
            "grabber": SQUARES[s.grabber],
            "grid": grid,
            "crates": crates,
            "tiles": tiles,
            "rush": {"red": s.rush[0], "blue": s.rush[1]},
            "scores": {"red": pp_score(s, PP_RED), "blue": pp_score(s, PP_BLUE)},
        }

    @property
    def first_player(self):
        """Who moves first once placement is over (PP-S4)."""
        return PLAYERS[_s(self).first]

    # --- batch work in C ----------------------------------------------------------

    def playout(self, seed):
        """Finish the game from here with uniformly random legal moves, in C.

        Works on a copy: this state is unchanged. Placement decisions still open are
        random too. ``seed`` (int, 0..2**64-1) fixes the moves. Returns the final scores
        {"red": int, "blue": int} (PP-E3).
        """
        cdef pp_rng rng
        cdef pp_playout_result r
        cdef pp_state work = _s(self)[0]
        pp_rng_seed(&rng, seed64(seed))
        with nogil:
            r = pp_playout(&work, &rng)
        return {"red": r.score[0], "blue": r.score[1]}

    def perft(self, depth, progress=None):
        """Number of move sequences of exactly `depth` plies from here (leaf count).

        Every legal move counts (pp_legal_actions; the base's perft would walk the
        table's symmetry-reduced search moves). Terminal positions reached earlier count
        nothing. Runs in C in slices without the GIL; between slices (every ~10-20 ms)
        Ctrl-C raises KeyboardInterrupt and ``progress``, if given, is called with the
        share of the tree walked so far (a float 0.0..1.0; 1.0 once at the end). Raises
        ValueError for depth < 0 or depth > 8.
        """
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= PP_PICKPACK_PERFT_MAX_DEPTH:
            raise ValueError(f"depth must be an int 0..{PP_PICKPACK_PERFT_MAX_DEPTH}, got {depth!r}")
        cdef int d = depth
        cdef int done = 0
        cdef uint64_t budget = _PERFT_MOVES_PER_SLICE
        cdef pp_pickpack_perft_job *job = <pp_pickpack_perft_job *>PyMem_Malloc(sizeof(pp_pickpack_perft_job))
        if job is NULL:
            raise MemoryError()
        try:
            if pp_pickpack_perft_start(job, _s(self), d) != 0:     # unreachable after the check above
                raise ValueError(f"depth must be an int 0..{PP_PICKPACK_PERFT_MAX_DEPTH}, got {depth!r}")
            while not job.done:
                with nogil:
                    pp_pickpack_perft_run(job, budget)
                PyErr_CheckSignals()    # raises the handler's KeyboardInterrupt
                if progress is not None and not job.done:
                    progress(pp_pickpack_perft_progress(job))
            if progress is not None:
                progress(1.0)
            return job.leaves
        finally:
            PyMem_Free(job)

    def successor_margins(self):
        """For each legal action (ascending): mover's score minus opponent's after it.

        The one-ply look-ahead of the greedy bot, in C. Returns a list of ints.
        """
        cdef uint16_t _moves[PP_MAX_MOVES]   # on the stack: no sharing between threads
        cdef pp_state *s = _s(self)
        cdef int n = pp_legal_actions(s, _moves)
        cdef int p = s.to_move
        cdef pp_undo u
        cdef list out = []
        if p == PP_NOBODY:
            return out
        for i in range(n):
            pp_apply(s, _moves[i], &u)
            out.append(pp_score(s, p) - pp_score(s, 1 - p))
            pp_undo_move(s, &u)
        return out


_MISSING = object()


cdef object _field(dict d, str name, type kind):
    if name not in d:
        raise SnapshotError(f"{name}: missing", name)
    v = d[name]
    if not isinstance(v, kind):
        raise SnapshotError(f"{name}: must be a {kind.__name__}, got {type(v).__name__}", name)
    return v


def _rebuild(cls, snap, first, actions):
    # The root was checked when the state was made (maybe on purpose unchecked, in a
    # test); rebuild it at the level the core needs, as copy() does.
    st = cls.from_snapshot(snap, first, checked=False)
    for a in actions:
        st.apply_action(a)
    return st


# The searches (mcts_search, alpha-beta, evaluate, ...): part of this module, so that they
# reach CoreState's C state directly and use this module's one copy of the game's C.
include "_search.pxi"
