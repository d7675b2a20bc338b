# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The one Cython base of every C-backed game state (issue 19).

``CState`` holds a game's table of operations (core/common/pp_game_ops.h, ABI 4), one
position of ``ops.state_size`` bytes and the history (the position before each
applied action, and the action). Everything the table can answer is done here, once
for every game: history, undo, copy, pickling support, legal actions, the checked
apply that raises ``IllegalMoveError`` (worded by pickpack.errors), chance weights and
exact chance probabilities (the one cache of them, ExactProbability: exact_probability
and exact_outcomes, which pickpack.state_base uses too), returns, the hash, playouts and
perft in C without the GIL. A game's ``CoreState`` is ``cdef class CoreState(CState)`` whose ``__cinit__``
calls ``self._bind(&its_ops)`` and writes its start position into ``self.state``; it
adds its game-only queries. Snapshots: a table with the raw entries (raw_size,
save_raw, load_raw, field_name) gets ``_raw()``, ``_from_raw(raw, checked)`` (the C
loader, the game's one rule-aware validator, its errors raised as SnapshotError) and,
given the class's two mappings ``_snapshot_of_raw``/``_raw_of_snapshot``, ``snapshot()``
and ``_load(snap, checked)``; a game without them writes those two itself.

The C core never trusts Python: every action from outside goes through the table's
``check_action`` before ``apply``.
"""
from libc.string cimport memcpy, memset, strlen
from libc.stdint cimport uint32_t, uint64_t, INT32_MAX, INT32_MIN
from libc.stdlib cimport malloc, free
from cpython.exc cimport PyErr_CheckSignals
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.ref cimport PyObject, Py_INCREF
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid, PyCapsule_New
from cpython cimport array
from pickpack._game_ops cimport *

from fractions import Fraction

from pickpack.errors import IllegalMoveError, NotAnActionError, NothingToUndoError, SnapshotError

#: The name of a PyCapsule holding a ``const pp_game_ops *`` (check_ops, ops_capsule).
OPS_CAPSULE_NAME = "pickpack.pp_game_ops"
#: pp_game_ops.h's layout version this build accepts.
GAME_OPS_ABI = PP_GAME_OPS_ABI
#: The deepest perft a CState walks (pp_perft.h).
PERFT_MAX_DEPTH = PP_PERFT_MAX_DEPTH

cdef bytes _CAPSULE_NAME = OPS_CAPSULE_NAME.encode()
cdef array.array _FLOATS = array.array("f")    # the template each observation tensor is cloned from


# --- module helpers (exported through _cstate.pxd) -----------------------------------

cdef uint64_t seed64(object seed) except? 0:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0 or seed >= 2 ** 64:
        raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
    return <uint64_t>seed


cdef int clamp_int(object v):
    cdef int overflow = 0
    cdef long x = PyLong_AsLongAndOverflow(v, &overflow)
    if overflow > 0 or x > INT32_MAX:
        return INT32_MAX
    if overflow < 0 or x < INT32_MIN:
        return INT32_MIN
    return <int>x


# --- the table of a state bound to no game ----------------------------------------
# A CState made directly (or a subclass that never binds) answers as a finished game of
# one seat whose every action is refused: never a NULL table to call through.

cdef int _unbound_one(const void *state) noexcept nogil:
    return 1


cdef int _unbound_over(const void *state) noexcept nogil:
    return PP_TERMINAL


cdef int _unbound_none(const void *state, int *out) noexcept nogil:
    return 0


cdef void _unbound_apply(void *state, int action) noexcept nogil:
    pass


cdef void _unbound_returns(const void *state, double *out, double *margins) noexcept nogil:
    out[0] = 0.0
    if margins != NULL:
        margins[0] = 0.0


cdef int _unbound_check(const void *state, int action) noexcept nogil:
    return 1


cdef const char *_unbound_rule(int code) noexcept nogil:
    return "no game"


cdef int _unbound_reason(const void *state, int action, int code, char *buf, size_t size) noexcept nogil:
    cdef const char *text = "this state is bound to no game's C table"
    cdef size_t n = strlen(text)
    if size == 0:
        return 0
    if n > size - 1:
        n = size - 1
    memcpy(buf, text, n)
    buf[n] = 0
    return <int>n


cdef pp_game_ops _UNBOUND
memset(&_UNBOUND, 0, sizeof(_UNBOUND))
_UNBOUND.abi = PP_GAME_OPS_ABI
_UNBOUND.name = "(no game)"
_UNBOUND.max_actions = 1
_UNBOUND.max_plies = 1
_UNBOUND.num_distinct_actions = 1
_UNBOUND.num_players = _unbound_one
_UNBOUND.current_player = _unbound_over
_UNBOUND.legal_actions = _unbound_none
_UNBOUND.apply = _unbound_apply
_UNBOUND.returns = _unbound_returns
_UNBOUND.check_action = _unbound_check
_UNBOUND.error_rule = _unbound_rule
_UNBOUND.error_reason = _unbound_reason


# --- the table's check ------------------------------------------------------------

cdef const pp_game_ops *_last_checked = NULL    # the last table found sound (cheap re-binds)


cdef str _ops_fault(const pp_game_ops *ops):
    """None if the table is usable, else one line naming the game and what is wrong."""
    if ops == NULL:
        return "a C game's ops table is NULL"
    name = ops.name.decode("utf-8", "replace") if ops.name != NULL else "(no name)"
    if ops.abi != PP_GAME_OPS_ABI:
        return (f"game {name!r}: its C ops table has abi {ops.abi}, this pickpack takes "
                f"pp_game_ops ABI {PP_GAME_OPS_ABI} (rebuild the game against it)")
    missing = []
    if ops.name == NULL:
        missing.append("name")
    if ops.state_size == 0:
        missing.append("state_size (> 0)")
    if not 1 <= ops.max_actions <= 65535:
        missing.append("max_actions (1..65535)")
    if not 0 <= ops.max_chance_outcomes <= 65535:
        missing.append("max_chance_outcomes (0..65535)")
    if ops.max_plies < 1:
        missing.append("max_plies (>= 1)")
    if ops.num_distinct_actions < 1:
        missing.append("num_distinct_actions (>= 1)")
    for entry, present in (("num_players", ops.num_players != NULL),
                           ("current_player", ops.current_player != NULL),
                           ("legal_actions", ops.legal_actions != NULL), ("apply", ops.apply != NULL),
                           ("returns", ops.returns != NULL), ("check_action", ops.check_action != NULL),
                           ("error_rule", ops.error_rule != NULL), ("error_reason", ops.error_reason != NULL)):
        if not present:
            missing.append(entry)
    if ops.max_chance_outcomes > 0:
        if ops.chance_outcomes == NULL:
            missing.append("chance_outcomes (the game has chance)")
        if ops.chance_weights == NULL:
            missing.append("chance_weights (the game has chance)")
    if (ops.observation_size == NULL) != (ops.observation == NULL):
        missing.append("observation_size and observation (both or neither)")
    if ops.observation_update != NULL and ops.observation == NULL:
        missing.append("observation (observation_update needs it)")
    if not ((ops.undo_size == 0) == (ops.apply_undoable == NULL) == (ops.undo == NULL)):
        missing.append("undo_size, apply_undoable and undo (all three or none)")
    if not ((ops.raw_size == 0) == (ops.save_raw == NULL) == (ops.load_raw == NULL) == (ops.field_name == NULL)):
        missing.append("raw_size, save_raw, load_raw and field_name (all four or none)")
    if ops.raw_size < 0:
        missing.append("raw_size (>= 0)")
    if (ops.max_legal_actions == 0) != (ops.all_legal_actions == NULL) or ops.max_legal_actions < 0:
        missing.append("max_legal_actions (>= 1) and all_legal_actions (both or neither)")
    if missing:
        return f"game {name!r}: its C ops table (pp_game_ops ABI {PP_GAME_OPS_ABI}) lacks {', '.join(missing)}"
    return None


cdef int _require_ops(const pp_game_ops *ops) except -1:
    global _last_checked
    if ops != NULL and ops == _last_checked:
        return 0
    fault = _ops_fault(ops)
    if fault is not None:
        raise ValueError(fault)
    _last_checked = ops
    return 0


cdef const pp_game_ops *_ops_of(object obj) except NULL:
    if isinstance(obj, CState):
        if (<CState>obj).ops == &_UNBOUND:
            raise ValueError(f"{type(obj).__name__}: a state bound to no game's C ops table")
        return (<CState>obj).ops
    if PyCapsule_IsValid(obj, _CAPSULE_NAME):
        return <const pp_game_ops *>PyCapsule_GetPointer(obj, _CAPSULE_NAME)
    raise TypeError(f"check_ops takes a CState or a {OPS_CAPSULE_NAME!r} capsule, not {type(obj).__name__}")


def check_ops(capsule_or_state):
    """Refuse an unusable C ops table: ``capsule_or_state`` is a CState or a PyCapsule
    named ``"pickpack.pp_game_ops"`` holding a ``const pp_game_ops *``. Returns the
    game's name; raises one ValueError naming the game and every fault (a NULL table,
    another ABI, a required entry missing: pp_game_ops.h "Required"), TypeError for
    anything else."""
    cdef const pp_game_ops *ops = _ops_of(capsule_or_state)
    _require_ops(ops)
    return ops.name.decode("utf-8", "replace")


def ops_capsule(state):
    """The ``"pickpack.pp_game_ops"`` capsule of a CState's table (for check_ops and
    C code that takes a table). TypeError for anything but a CState."""
    if not isinstance(state, CState):
        raise TypeError(f"ops_capsule takes a CState, not {type(state).__name__}")
    return PyCapsule_New(<void *>(<CState>state).ops, _CAPSULE_NAME, NULL)


# --- scratch for the table's answers (the GIL is held while they are read) ---------

cdef int *_acts = NULL
cdef long long *_wts = NULL
cdef int _room = 0


cdef int _scratch(const pp_game_ops *ops) except -1:
    """Room in _acts/_wts for any answer of legal_actions, all_legal_actions or chance_weights."""
    global _acts, _wts, _room
    cdef int n = ops.max_actions if ops.max_actions > ops.max_chance_outcomes else ops.max_chance_outcomes
    if ops.all_legal_actions != NULL and ops.max_legal_actions > n:
        n = ops.max_legal_actions
    if n <= _room:
        return 0
    cdef int *a = <int *>PyMem_Realloc(_acts, n * sizeof(int))
    if a == NULL:
        raise MemoryError()
    _acts = a
    cdef long long *w = <long long *>PyMem_Realloc(_wts, n * sizeof(long long))
    if w == NULL:
        raise MemoryError()
    _wts = w
    _room = n
    return 0


# --- exact chance probabilities (the one cache, shared with pickpack.state_base) ------

class ExactProbability(Fraction):
    """An exact chance probability: a ``Fraction`` (equal, hashing and computing as the
    same Fraction; arithmetic on it gives plain Fractions) whose ``float()`` is worked
    out once, when it is made (the correctly rounded ``numerator / denominator``, what
    ``float(Fraction)`` gives), so that a loop drawing by ``float(p)`` does not redo it.
    Shown and pickled as a plain ``Fraction``. Made by ``exact_probability`` and
    ``exact_outcomes``, never by hand."""

    __slots__ = ("_float",)

    def __new__(cls, numerator=0, denominator=None):
        self = Fraction.__new__(cls, numerator, denominator)
        self._float = self._numerator / self._denominator
        return self

    def __float__(self):
        return self._float

    def __repr__(self):
        return f"Fraction({self._numerator}, {self._denominator})"

    def __reduce__(self):
        return (Fraction, (self._numerator, self._denominator))


cdef extern from "Python.h":
    ctypedef PyObject *(*_unary_slot)(PyObject *) except NULL
    ctypedef struct _NumberSlots "PyNumberMethods":
        _unary_slot nb_float
    ctypedef struct _TypeSlots "PyTypeObject":
        _NumberSlots *tp_as_number
    ctypedef struct _MemberDef "PyMemberDef":
        Py_ssize_t offset
    ctypedef struct _MemberDescr "PyMemberDescrObject":
        _MemberDef *d_member


if type(ExactProbability.__dict__["_float"]).__name__ != "member_descriptor":
    raise ImportError("pickpack._cstate: ExactProbability._float is not a slot")
cdef Py_ssize_t _FLOAT_AT = (<_MemberDescr *><PyObject *>ExactProbability.__dict__["_float"]).d_member.offset


cdef PyObject *_exact_float(PyObject *self) except NULL:
    """float(p) of an ExactProbability: its ``_float`` slot (at _FLOAT_AT)."""
    cdef PyObject *value = (<PyObject **>(<char *>self + _FLOAT_AT))[0]
    if value == NULL:
        raise AttributeError("ExactProbability: _float is not set")
    Py_INCREF(<object>value)
    return value


# float(p) of an ExactProbability straight from its C number slot, reading the _float
# slot where the class's member descriptor says it is: the class's own slots (a heap
# type has its own table), not Fraction's; __float__ above says the same for
# p.__float__(). Through the Python-level method float() would cost several times the
# division it saves.
(<_TypeSlots *><PyObject *>ExactProbability).tp_as_number.nb_float = _exact_float


# Every probability made: small totals (a deck, a die) keep a list indexed by the weight
# (None where not made yet), larger ones a dict by (weight, total); every outcome tuple
# of exact_outcomes by its weights tuple. Each is cleared when full.
cdef dict _BY_TOTAL = {}
cdef dict _PROBABILITIES = {}
cdef dict _OUTCOMES = {}
cdef long long _LIST_TOTAL = 4096     # largest total with a list (32 KiB)
cdef Py_ssize_t _CACHE_LIMIT = 65536
# CState's (outcome, probability) pairs: total -> [by weight: [by outcome: pair or None]]
# for totals <= _LIST_TOTAL and outcomes < _PAIR_OUTCOMES; _pair_cells counts the slots
# made, all dropped past _CACHE_LIMIT * 16 (8 MiB).
cdef dict _PAIRS = {}
cdef int _PAIR_OUTCOMES = 1024
cdef Py_ssize_t _pair_cells = 0


cdef object _probability(long long weight, long long total):
    """exact_probability for C ints."""
    cdef list row
    if 0 < total <= _LIST_TOTAL and 0 < weight <= total:
        row = _BY_TOTAL.get(total)
        if row is None:
            if len(_BY_TOTAL) >= 256:
                _BY_TOTAL.clear()
            row = _BY_TOTAL[total] = [None] * (total + 1)
        p = row[weight]
        if p is None:
            p = row[weight] = ExactProbability(weight, total)
        return p
    return _large_probability(weight, total)


cdef object _large_probability(object weight, object total):
    """exact_probability outside the lists: by (weight, total) in a dict."""
    key = (weight, total)
    p = _PROBABILITIES.get(key)
    if p is None:
        if len(_PROBABILITIES) >= _CACHE_LIMIT:
            _PROBABILITIES.clear()
        p = _PROBABILITIES[key] = ExactProbability(weight, total)
    return p


def exact_probability(weight, total):
    """The ExactProbability ``weight / total`` (ints, ``0 < weight <= total``), made
    once per pair: the one cache of exact chance probabilities, behind CState's and
    pickpack.state_base.StateBase's ``chance_outcomes``. ZeroDivisionError for a total
    of 0."""
    if type(weight) is int and type(total) is int and 0 < total <= _LIST_TOTAL and 0 < weight <= total:
        return _probability(weight, total)
    return _large_probability(weight, total)


def exact_outcomes(weights):
    """``((outcome, weight / total), ...)`` per ``(outcome, weight)`` pair of the tuple
    ``weights``, exact (ExactProbability, a Fraction; exact_probability), made once per
    weights tuple: the same tuple objects each time (the Python MCTS caches its draw
    tables by their identity). ValueError for a weight that is not an int > 0."""
    out = _OUTCOMES.get(weights)
    if out is not None:
        return out
    for _, weight in weights:
        if type(weight) is not int or weight <= 0:
            raise ValueError(f"a chance weight is an int > 0, not {weight!r}")
    total = sum(weight for _, weight in weights)
    out = tuple([(action, exact_probability(weight, total)) for action, weight in weights])
    if len(_OUTCOMES) >= _CACHE_LIMIT:
        _OUTCOMES.clear()
    _OUTCOMES[weights] = out
    return out


cdef list _pair_row(long long total):
    """_PAIRS's row of ``total``, None beyond _LIST_TOTAL."""
    global _pair_cells
    if not 0 < total <= _LIST_TOTAL:
        return None
    cdef list row = _PAIRS.get(total)
    if row is None:
        if _pair_cells >= _CACHE_LIMIT * 16:
            _PAIRS.clear()
            _pair_cells = 0
        row = _PAIRS[total] = [None] * (total + 1)
        _pair_cells += total + 1
    return row


cdef object _pair(list row, int action, long long weight, long long total):
    """The cached ``(action, exact probability)`` of ``row`` (_pair_row(total))."""
    global _pair_cells
    if not (0 <= action < _PAIR_OUTCOMES and 0 < weight <= total):
        return (action, _probability(weight, total))
    cdef list by_outcome = row[weight]
    if by_outcome is None:
        by_outcome = row[weight] = []
    cdef Py_ssize_t have = len(by_outcome)
    if action >= have:
        by_outcome.extend([None] * (action + 1 - have))
        _pair_cells += action + 1 - have
    pair = by_outcome[action]
    if pair is None:
        pair = by_outcome[action] = (action, _probability(weight, total))
    return pair


# --- the generic playout (a table without its own) ---------------------------------

cdef int _draw(pp_rng *rng, const long long *weights, int n) noexcept nogil:
    """An index 0..n-1 drawn by the weights (each > 0)."""
    cdef unsigned long long total = 0, r, bound
    cdef int i
    for i in range(n):
        total += <unsigned long long>weights[i]
    bound = <unsigned long long>0xFFFFFFFFFFFFFFFF - (<unsigned long long>0xFFFFFFFFFFFFFFFF % total)
    r = pp_rng_next(rng)
    while r >= bound:
        r = pp_rng_next(rng)
    r %= total
    for i in range(n):
        if r < <unsigned long long>weights[i]:
            return i
        r -= <unsigned long long>weights[i]
    return n - 1


cdef int _generic_playout(const pp_game_ops *ops, void *s, pp_rng *rng, int *acts,
                          long long *wts) noexcept nogil:
    """Uniform decisions, chance by its weights, to the end; -1 if the game did not end
    within max_plies."""
    cdef int ply, n, who
    for ply in range(ops.max_plies + 1):
        who = ops.current_player(s)
        if who == PP_TERMINAL:
            return 0
        if who == PP_CHANCE:
            n = ops.chance_weights(s, acts, wts)
            if n <= 0:
                return -1
            ops.apply(s, acts[_draw(rng, wts, n)])
        else:
            n = ops.legal_actions(s, acts)
            if n <= 0:
                return -1
            ops.apply(s, acts[pp_rng_below(rng, <unsigned int>n)])
    return -1


cdef long long _PERFT_PER_SLICE = 1 << 17      # actions per slice: a few ms of any game


# --- what a seat knows, as a seed (resample_from_infostate) -------------------------

cdef inline uint64_t _mix64(uint64_t z) noexcept nogil:
    """SplitMix64's output function (Steele, Lea & Flood 2014)."""
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef uint64_t _infostate_key(const pp_game_ops *ops, const char *state, int seat, uint64_t seed) except? 0:
    """A 64-bit key of ``seed``, ``seat`` and what ``seat`` sees of ``state``: the bits of
    its observation tensor (the table's observation; a table without one adds nothing),
    64 bits at a time in an xor-multiply chain (FNV's 64-bit prime) finished by
    SplitMix64's output function (Steele, Lea & Flood 2014). Two states the seat cannot
    tell apart give the same key; nothing the seat cannot see enters it."""
    cdef uint64_t golden = <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t h = _mix64(seed + golden * (<uint64_t>seat + 1))
    cdef size_t size, i
    cdef float *obs
    cdef const uint32_t *words
    if ops.observation_size == NULL or ops.observation == NULL:
        return h
    size = ops.observation_size(state)
    obs = <float *>PyMem_Malloc((size + 1) * sizeof(float))
    if obs == NULL:
        raise MemoryError()
    try:
        obs[size] = 0.0                  # an odd count: the last pair's second word
        if ops.observation(state, seat, obs, size) != 0:
            raise ValueError(f"observation tensor: the C core refused seat {seat}")
        words = <const uint32_t *>obs
        for i in range(0, size, 2):
            h = (h ^ (<uint64_t>words[i] | (<uint64_t>words[i + 1] << 32))) * <uint64_t>0x100000001B3
    finally:
        PyMem_Free(obs)
    return _mix64(h + golden * <uint64_t>size)


# --- the base ---------------------------------------------------------------------

cdef class CState:
    """A game position backed by a C table of operations, with its history.

    Not made directly: a game's ``CoreState(CState)`` binds its table (a CState bound
    to none is a finished game of one seat that refuses every action). Actions are
    ints; seats 0..num_players-1; ``current_player_id()`` is a seat,
    pickpack.game.CHANCE (-1) or pickpack.game.TERMINAL (-4).
    """

    def __cinit__(self, *args, **kwargs):
        self.ops = &_UNBOUND          # until the subclass binds its game (_bind)
        self.state = NULL
        self.hist = NULL
        self.hist_actions = NULL
        self.nhist = 0
        self.cap = 0
        self.rec_size = 0

    def __dealloc__(self):
        PyMem_Free(self.state)
        PyMem_Free(self.hist)
        PyMem_Free(self.hist_actions)

    cdef int _bind(self, const pp_game_ops *ops) except -1:
        """Bind the table (checked: ValueError naming the game and the fault) and make
        room for one position (zeroed; the subclass writes its start position)."""
        _require_ops(ops)
        _scratch(ops)
        if self.state == NULL or self.ops.state_size != ops.state_size:
            PyMem_Free(self.state)
            self.state = <char *>PyMem_Malloc(ops.state_size)
            if self.state == NULL:
                raise MemoryError()
            PyMem_Free(self.hist)
            self.hist = NULL
            self.cap = 0
            self.nhist = 0
        memset(self.state, 0, ops.state_size)
        cdef size_t rec = ops.undo_size if ops.apply_undoable != NULL else ops.state_size
        if rec != self.rec_size:
            PyMem_Free(self.hist)
            self.hist = NULL
            self.cap = 0
            self.nhist = 0
            self.rec_size = rec
        self.ops = ops
        return 0

    cdef int _reserve(self, int n) except -1:
        """Room for n history entries."""
        if n <= self.cap:
            return 0
        # Doubling from 16 while the game grows; a copy asks for exactly its history
        # (a copy of a state is often searched a few plies deep and dropped).
        cdef int cap = n if self.cap == 0 and n > 1 else max(n, 2 * self.cap, 16)
        cdef char *h = <char *>PyMem_Realloc(self.hist, <size_t>cap * max(self.rec_size, 1))
        if h == NULL:
            raise MemoryError()
        self.hist = h
        cdef int *a = <int *>PyMem_Realloc(self.hist_actions, <size_t>cap * sizeof(int))
        if a == NULL:
            raise MemoryError()
        self.hist_actions = a
        self.cap = cap
        return 0

    cdef int _check_int(self, object action) except? -1:
        """The C int of an action from Python: NotAnActionError for a non-int (bool
        included); ints beyond the C range become one every check refuses."""
        if type(action) is not int and (isinstance(action, bool) or not isinstance(action, int)):
            raise NotAnActionError.for_value(action)
        return clamp_int(action)

    cdef _raise_illegal(self, object action, int a, int code):
        """Raise IllegalMoveError.for_action for ``action`` (its C int ``a``) refused
        with the table's error ``code``."""
        raise IllegalMoveError.for_action(action, self._rule(code), self._reason(a, code), self._move_text(a))

    def _rule(self, int code):
        cdef const char *r = self.ops.error_rule(code)
        return r.decode("utf-8", "replace") if r != NULL else ""

    def _reason(self, int a, int code):
        cdef char buf[512]
        buf[0] = 0
        cdef int n = self.ops.error_reason(self.state, a, code, buf, sizeof(buf))
        if n < 0:
            n = 0
        if n > <int>sizeof(buf) - 1:
            n = sizeof(buf) - 1
        return buf[:n].decode("utf-8", "replace")

    cdef str _text_at(self, const char *position, int action):
        """The table's text of ``action`` in ``position``, "" where it has none."""
        cdef char buf[256]
        buf[0] = 0
        cdef int n = self.ops.action_text(position, action, buf, sizeof(buf))
        if n < 0:
            return ""
        if n > <int>sizeof(buf) - 1:
            n = sizeof(buf) - 1
        return buf[:n].decode("utf-8", "replace")

    def _history_texts(self):
        """The table's text of each action applied, in the position it was applied in,
        oldest first ("" where it has none). TypeError for a table without action_text."""
        if self.ops.action_text == NULL:
            raise TypeError(f"game {self.ops.name.decode()!r}: its C ops table has no action_text")
        cdef size_t size = self.ops.state_size
        cdef int i
        if self.ops.undo == NULL:
            return [self._text_at(self.hist + <size_t>i * size, self.hist_actions[i]) for i in range(self.nhist)]
        cdef CState walk = self._root()      # compact records: replay from the root
        out = []
        for i in range(self.nhist):
            out.append(self._text_at(walk.state, self.hist_actions[i]))
            self.ops.apply(walk.state, self.hist_actions[i])
        return out

    def _move_text(self, action):
        """The move text of ``action`` (an int) here by the table's action_text, or ""
        when it has none here; a game whose table writes no text overrides this."""
        if self.ops.action_text == NULL or isinstance(action, bool) or not isinstance(action, int):
            return ""
        return self._text_at(self.state, clamp_int(action))

    # --- the position -----------------------------------------------------------

    @property
    def num_players(self):
        """Number of seats (constant over a game)."""
        return self.ops.num_players(self.state)

    @property
    def ply(self):
        """Actions (chance outcomes included) applied since this state was created."""
        return self.nhist

    def current_player_id(self):
        """The deciding seat, CHANCE (-1) at a chance node, TERMINAL (-4) once over."""
        return self.ops.current_player(self.state)

    def is_terminal(self):
        """True once the game is over."""
        return self.ops.current_player(self.state) == PP_TERMINAL

    def is_chance_node(self):
        """True where an outcome is drawn rather than decided."""
        return self.ops.current_player(self.state) == PP_CHANCE

    def zobrist_hash(self):
        """The table's 64-bit position hash. TypeError for a game whose table has none."""
        if self.ops.hash == NULL:
            raise TypeError(f"game {self.ops.name.decode()!r}: its C ops table has no hash")
        return self.ops.hash(self.state)

    def history_actions(self):
        """The actions (chance outcomes included) applied since creation, oldest first."""
        return [self.hist_actions[i] for i in range(self.nhist)]

    # --- actions ----------------------------------------------------------------

    def legal_actions(self):
        """Every legal decision at a decision node (the table's all_legal_actions, ascending,
        where it has them: its legal_actions may be a search's symmetry-reduced set; else
        its legal_actions), the possible outcomes at a chance node (the table's order), []
        once over."""
        cdef int who = self.ops.current_player(self.state)
        cdef int n
        if who == PP_TERMINAL:
            return []
        if who == PP_CHANCE:
            n = self.ops.chance_weights(self.state, _acts, _wts)
        elif self.ops.all_legal_actions != NULL:
            n = self.ops.all_legal_actions(self.state, _acts)
        else:
            n = self.ops.legal_actions(self.state, _acts)
        return [_acts[i] for i in range(n)]

    def chance_weights(self):
        """At a chance node ``[(outcome, weight)]``: exact integer weights > 0, the
        probability of each its weight over their sum; [] elsewhere (no Fractions)."""
        if self.ops.current_player(self.state) != PP_CHANCE:
            return []
        cdef int n = self.ops.chance_weights(self.state, _acts, _wts)
        return [(_acts[i], _wts[i]) for i in range(n)]

    def chance_outcomes(self):
        """At a chance node ``[(outcome, probability)]``: exact Fractions summing to 1
        (ExactProbability, from the table's integer weights, each made once:
        exact_probability; the pairs too); [] elsewhere."""
        if self.ops.current_player(self.state) != PP_CHANCE:
            return []
        cdef int n = self.ops.chance_weights(self.state, _acts, _wts)
        cdef long long total = 0
        cdef int i
        for i in range(n):
            total += _wts[i]
        cdef list row = _pair_row(total)
        if row is None:
            return [(_acts[i], _probability(_wts[i], total)) for i in range(n)]
        return [_pair(row, _acts[i], _wts[i], total) for i in range(n)]

    def check_action(self, action):
        """None if ``action`` is legal here, else ``(rule id, reason)`` from the table.
        NotAnActionError (an IllegalMoveError and a TypeError) for a non-int."""
        cdef int a = self._check_int(action)
        cdef int code = self.ops.check_action(self.state, a)
        if code == 0:
            return None
        return (self._rule(code), self._reason(a, code))

    def apply_action(self, action):
        """Apply a legal decision or chance outcome. IllegalMoveError.for_action (rule,
        reason and text from the table) for an int that is not legal here,
        NotAnActionError for a non-int; the state is unchanged then."""
        cdef int a = self._check_int(action)
        cdef int code = self.ops.check_action(self.state, a)
        if code != 0:
            self._raise_illegal(action, a, code)
        if self.nhist >= self.cap:
            self._reserve(self.nhist + 1)
        cdef char *rec = self.hist + <size_t>self.nhist * self.rec_size
        self.hist_actions[self.nhist] = a
        if self.ops.apply_undoable != NULL:
            self.ops.apply_undoable(self.state, a, rec)
        else:
            memcpy(rec, self.state, self.ops.state_size)
            self.ops.apply(self.state, a)
        self.nhist += 1

    def undo(self):
        """Take the last action back (the exact previous position). NothingToUndoError
        (an IndexError) when there is none."""
        if self.nhist == 0:
            raise NothingToUndoError("nothing to undo: no action since this state was created")
        self.nhist -= 1
        cdef const char *rec = self.hist + <size_t>self.nhist * self.rec_size
        if self.ops.undo != NULL:
            self.ops.undo(self.state, rec)
        else:
            memcpy(self.state, rec, self.ops.state_size)

    # --- copies and pickling ------------------------------------------------------

    def copy(self):
        """An independent copy with the same position and history."""
        cdef CState c = type(self).__new__(type(self))
        if self.ops.state_size:          # 0 for a state bound to no game
            memcpy(c.state, self.state, self.ops.state_size)
        if self.nhist:
            c._reserve(self.nhist)
            memcpy(c.hist, self.hist, <size_t>self.nhist * self.rec_size)
            memcpy(c.hist_actions, self.hist_actions, <size_t>self.nhist * sizeof(int))
        c.nhist = self.nhist
        return c

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def _root(self):
        """A new state (no history) at the position this one was created at."""
        cdef CState root = type(self).__new__(type(self))
        cdef int i
        if self.ops.state_size == 0:
            return root
        if self.ops.undo == NULL or self.nhist == 0:
            memcpy(root.state, self.hist if self.nhist else self.state, self.ops.state_size)
            return root
        memcpy(root.state, self.state, self.ops.state_size)
        for i in range(self.nhist - 1, -1, -1):
            self.ops.undo(root.state, self.hist + <size_t>i * self.rec_size)
        return root

    def _root_snapshot(self):
        """The snapshot of the position this state was created at (the subclass's
        ``snapshot()``)."""
        return self._root().snapshot()

    def __reduce__(self):
        """Pickled as the root's snapshot and the actions since: the subclass gives
        ``snapshot()`` and the class method ``_load(snap)``."""
        return (_rebuild, (type(self), self._root_snapshot(), self.history_actions()))

    # --- outcome ------------------------------------------------------------------

    def _returns_and_margins(self):
        cdef int n = self.ops.num_players(self.state)
        cdef double *buf = <double *>PyMem_Malloc(2 * max(n, 1) * sizeof(double))
        if buf == NULL:
            raise MemoryError()
        try:
            self.ops.returns(self.state, buf, buf + n)
            return [buf[i] for i in range(n)], [buf[n + i] for i in range(n)]
        finally:
            PyMem_Free(buf)

    def returns(self):
        """One return per seat from the table (zeros before the end in most games)."""
        cdef int n = self.ops.num_players(self.state)
        cdef double out[8]
        if n > 8:
            return self._returns_and_margins()[0]
        self.ops.returns(self.state, out, NULL)
        return [out[i] for i in range(n)]

    def _margins(self):
        """The table's score margins per seat (what a search adds ``margin`` times)."""
        return self._returns_and_margins()[1]

    # --- views --------------------------------------------------------------------

    def observation_tensor_shape(self):
        """``(size,)`` of the table's observation tensor. TypeError without one."""
        if self.ops.observation_size == NULL:
            raise TypeError(f"game {self.ops.name.decode()!r}: its C ops table has no observation tensor")
        return (self.ops.observation_size(self.state),)

    def _observation_tensor(self, seat):
        """What ``seat`` (an int 0..num_players-1) sees, as a new ``array('f')`` filled by
        the table's observation. TypeError for a non-int or a table without one,
        ValueError for a seat out of range."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is an int, not {type(seat).__name__}")
        cdef int n = self.ops.num_players(self.state)
        if not 0 <= seat < n:
            raise ValueError(f"player must be a seat 0..{n - 1}, not {seat}")
        # The table's size, not observation_tensor_shape(): a game may give that a
        # shape of several axes (PACRU's (53, 9, 9)).
        size = CState.observation_tensor_shape(self)[0]
        cdef array.array out = array.clone(_FLOATS, <Py_ssize_t>size, zero=False)
        cdef int err = self.ops.observation(self.state, <int>seat, out.data.as_floats, <size_t>size)
        if err != 0:
            raise ValueError(f"observation tensor: the C core refused seat {seat} (error {err})")
        return out

    def resample_from_infostate(self, player, seed):
        """A state ``player`` (a seat, int 0..num_players-1) cannot tell from this one,
        history empty (the HiddenInformationState hook; OpenSpiel's
        ResampleFromInfostate): this position with what ``player`` cannot see redrawn by
        the table's ``determinize`` (Cowling, Powley & Whitehouse 2012), or the position
        itself for a table without one (nothing hidden under perfect recall).

        The draw comes from pp_rng seeded with ``seed`` chained with ``player``'s
        observation tensor (_infostate_key), never with the hidden parts or the hash:
        two states ``player`` sees alike give the same state for the same seed, and
        resampling the result again with that seed gives it back. ``seed``: int
        0..2**64-1. TypeError for a non-int seat or seed, ValueError out of range."""
        if isinstance(player, bool) or not isinstance(player, int):
            raise TypeError(f"a seat is an int, not {type(player).__name__}")
        cdef int n = self.ops.num_players(self.state)
        if not 0 <= player < n:
            raise ValueError(f"player must be a seat 0..{n - 1}, not {player}")
        cdef uint64_t key = seed64(seed)
        cdef pp_rng rng
        cdef CState view = type(self).__new__(type(self))
        if self.ops.state_size:          # 0 for a state bound to no game
            memcpy(view.state, self.state, self.ops.state_size)
        view.nhist = 0
        if self.ops.determinize != NULL:
            pp_rng_seed(&rng, _infostate_key(self.ops, self.state, <int>player, key))
            self.ops.determinize(view.state, <int>player, &rng)
        return view

    # --- batch work in C ----------------------------------------------------------

    def playout(self, seed):
        """Finish a copy in C without the GIL (the table's playout, else uniformly
        random decisions and chance drawn by its weights from pp_rng(seed)); its
        returns. This state is unchanged. ``seed``: int 0..2**64-1. RuntimeError if
        the game does not end within the table's max_plies."""
        cdef pp_rng rng
        cdef const pp_game_ops *ops = self.ops
        cdef int width = ops.max_actions if ops.max_actions > ops.max_chance_outcomes else ops.max_chance_outcomes
        cdef int rc = 0
        pp_rng_seed(&rng, seed64(seed))
        cdef CState work = self._root()
        if ops.state_size:
            memcpy(work.state, self.state, ops.state_size)
        cdef int *acts = <int *>PyMem_Malloc(width * sizeof(int))
        cdef long long *wts = <long long *>PyMem_Malloc(width * sizeof(long long))
        try:
            if acts == NULL or wts == NULL:
                raise MemoryError()
            with nogil:
                if ops.playout != NULL:
                    ops.playout(work.state, &rng)
                else:
                    rc = _generic_playout(ops, work.state, &rng, acts, wts)
        finally:
            PyMem_Free(acts)
            PyMem_Free(wts)
        if rc != 0:
            raise RuntimeError(f"game {ops.name.decode()!r}: a playout did not end within {ops.max_plies} plies")
        return work.returns()

    def perft(self, depth, progress=None):
        """The number of action sequences of exactly ``depth`` actions from here, every
        legal action counted (legal_actions()) and chance outcomes counting as actions
        (depth 0 is 1; a game that ends earlier contributes 0). Counted in C (pp_perft.h) in slices without the GIL; between
        slices Ctrl-C raises KeyboardInterrupt and ``progress``, if given, gets the
        share walked (a float 0..1; 1.0 once at the end). ValueError for a depth
        outside 0..the class's ``perft_max_depth`` (a game's bound on counts that end
        in time; PERFT_MAX_DEPTH, the walk's own, by default), MemoryError if the walk
        cannot be allocated."""
        most = min(getattr(type(self), "perft_max_depth", PP_PERFT_MAX_DEPTH), PP_PERFT_MAX_DEPTH)
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= most:
            raise ValueError(f"depth must be an int 0..{most}, got {depth!r}")
        cdef pp_perft_job job
        cdef int rc = pp_perft_start(&job, self.ops, self.state, depth)
        if rc == PP_PERFT_NO_MEMORY:
            raise MemoryError("perft: out of memory")
        try:
            while not job.done:
                with nogil:
                    pp_perft_run(&job, _PERFT_PER_SLICE)
                PyErr_CheckSignals()
                if progress is not None and not job.done:
                    progress(pp_perft_progress(&job))
        finally:
            pp_perft_free(&job)
        if progress is not None:
            progress(1.0)
        return job.leaves

    # --- snapshots through the raw vector (pp_game_ops raw_size/save_raw/load_raw) ---
    # A game whose table has the raw entries gets snapshot() and _load() from here: its
    # class gives the two mappings (its snapshot.py: types and names, no rules) as
    # ``_snapshot_of_raw(raw) -> dict`` and ``_raw_of_snapshot(snap) -> list[int]``.

    cdef int _require_raw(self) except -1:
        if self.ops.load_raw == NULL:
            raise TypeError(f"game {self.ops.name.decode()!r}: its C ops table has no raw snapshot entries")
        return 0

    def _raw(self):
        """The position as the table's raw vector (save_raw): a list of ``raw_size``
        ints in the layout the game's C header documents (history not included).
        TypeError for a table without the raw entries."""
        self._require_raw()
        cdef int n = self.ops.raw_size
        cdef int *raw = <int *>PyMem_Malloc(max(n, 1) * sizeof(int))
        if raw == NULL:
            raise MemoryError()
        try:
            self.ops.save_raw(self.state, raw)
            return [raw[i] for i in range(n)]
        finally:
            PyMem_Free(raw)

    @classmethod
    def _from_raw(cls, raw, checked=True):
        """The state (history empty) the raw vector ``raw`` (a list or tuple of
        ``raw_size`` ints) describes, checked by the game's C loader (load_raw) at
        PP_LOAD_REACHABLE, or PP_LOAD_SAFE with ``checked=False`` (what the core needs
        to run; not what the rules reach). SnapshotError(message, field (the table's
        field_name), player (the class's ``_raw_seat_name(raw, seat)``: by default the
        class's ``players`` tuple, else ``"p1"``..) or None, index or None, rule) for a position the
        loader refuses; TypeError for a non-sequence or a non-int entry (bool
        included), ValueError for another length (a mapping's fault, not the
        snapshot's). Ints beyond the C range become one the loader refuses."""
        cdef CState st = cls.__new__(cls)
        st._require_raw()
        cdef const pp_game_ops *ops = st.ops
        if not isinstance(raw, (list, tuple)):
            raise TypeError(f"a raw position is a list of ints, not {type(raw).__name__}")
        if len(raw) != ops.raw_size:
            raise ValueError(f"game {ops.name.decode()!r}: a raw position is {ops.raw_size} ints, not {len(raw)}")
        cdef int *buf = <int *>PyMem_Malloc(max(ops.raw_size, 1) * sizeof(int))
        cdef pp_load_error e
        cdef int i, rc
        if buf == NULL:
            raise MemoryError()
        try:
            for i in range(ops.raw_size):
                v = raw[i]
                if type(v) is not int and (isinstance(v, bool) or not isinstance(v, int)):
                    raise TypeError(f"raw[{i}]: an int expected, not {type(v).__name__}")
                buf[i] = clamp_int(v)
            rc = ops.load_raw(st.state, buf, PP_LOAD_REACHABLE if checked else PP_LOAD_SAFE, &e)
        finally:
            PyMem_Free(buf)
        if rc != 0:
            name = ops.field_name(e.field)
            raise SnapshotError(e.msg.decode("utf-8", "replace"), name.decode("utf-8", "replace") if name != NULL
                                else "snapshot", None if e.seat < 0 else cls._raw_seat_name(raw, e.seat),
                                None if e.index < 0 else e.index,
                                e.rule.decode("utf-8", "replace") if e.rule != NULL else "")
        st.nhist = 0
        return st

    @classmethod
    def _raw_seat_name(cls, raw, seat):
        """The name a loader's error gives seat ``seat`` of the raw vector ``raw``: the
        class's ``players`` where it is a tuple on the class (Pick & Pack's "red",
        "blue"), else ``"p1"``.. (a game whose seat names depend on the position, as
        PACRU's, overrides this)."""
        return _seat_name(cls, seat)

    def snapshot(self):
        """The position as the game's JSON-able snapshot: its class's
        ``_snapshot_of_raw`` of ``_raw()``."""
        return self._snapshot_of_raw(self._raw())

    @classmethod
    def _load(cls, snap, checked=True):
        """The state (history empty) of a snapshot: the class's ``_raw_of_snapshot``
        (SnapshotError for a wrong type or name) loaded by ``_from_raw`` (SnapshotError
        naming field, seat, index and rule for what the C loader refuses)."""
        return cls._from_raw(cls._raw_of_snapshot(snap), checked)

    @classmethod
    def from_snapshot(cls, snap, *, checked=True):
        """The state (history empty) a snapshot (the game's docs, "Snapshot") describes:
        ``_load(snap, checked)``. SnapshotError naming field, seat or item and rule;
        ``checked=False`` skips only the checks of what the rules reach."""
        return cls._load(snap, checked)

    def _table(self):
        """The facts of this state's C table: ``{"name", "state_size", "max_actions",
        "max_chance_outcomes", "max_plies", "num_distinct_actions", "undo_size",
        "raw_size"}`` (pp_game_ops.h), e.g. to hold a game's Python constants to its C."""
        cdef const pp_game_ops *o = self.ops
        return {"name": o.name.decode("utf-8", "replace"), "state_size": o.state_size,
                "max_actions": o.max_actions, "max_chance_outcomes": o.max_chance_outcomes,
                "max_plies": o.max_plies, "num_distinct_actions": o.num_distinct_actions,
                "undo_size": o.undo_size, "raw_size": o.raw_size}

    def history(self):
        """The actions applied since creation as Moves with the text each had when
        applied (the table's action_text), oldest first."""
        from pickpack.move import Move
        return [Move(a, t) for a, t in zip(self.history_actions(), self._history_texts())]

    # --- what every C game's Python state would write alike (pickpack.state_base hooks) ---

    def _action_text(self, action):
        """StateBase's hook: the table's text of ``action`` (an int) here; where it has
        none (outside the action space, once over, a move of another phase) the
        IllegalMoveError.for_action of its check (rule and reason from the table; the
        class's ``move_rule`` for a legal action the table writes no text for)."""
        text = self._move_text(action)
        if text:
            return text
        problem = self.check_action(action)
        raise IllegalMoveError.for_action(
            action, *(problem or (getattr(self, "move_rule", "action space"), "the game writes no text for it")))

    def _drop_history(self):
        """Forget the history: this position becomes the root (undo stops here)."""
        self.nhist = 0

    def observation_tensor(self, player):
        """What ``player`` (a seat or a name: the Python base's ``seat_of``) may see, as a
        flat ``array('f')`` of ``observation_tensor_shape()`` values filled by the
        table's observation (the game's docs give the layout). TypeError/ValueError
        for an unknown player; TypeError for a table without one."""
        return self._observation_tensor(self.seat_of(player))

    def to_position(self):
        """The one-line position string: the class's ``_format_position(snapshot())``
        (the game's position module)."""
        return self._format_position(self.snapshot())

    @classmethod
    def from_position(cls, text, *, checked=True):
        """The state (history empty) a position string describes: the class's
        ``_load_position(text, load)``, ``load`` being ``_load(snap, checked)``.
        PositionError naming the field, column and rule of a problem."""
        return cls._load_position(text, lambda snap: cls._load(snap, checked))


def _seat_name(cls, int seat):
    """The name a snapshot gives ``seat``: the class's ``players`` where it is a tuple
    on the class (fixed names: Pick & Pack's "red", "blue"), else ``"p1"``..."""
    names = getattr(cls, "players", None)
    return names[seat] if isinstance(names, tuple) and seat < len(names) else f"p{seat + 1}"


def _rebuild(cls, snap, actions):
    """Unpickle: the class's ``_load(snap)`` then each action (checked)."""
    st = cls._load(snap)
    for a in actions:
        st.apply_action(a)
    return st


# --- argument checks every binding makes (exported through _cstate.pxd) -------------

cdef long int_arg(str name, object value, long low, long high, str rules="") except? -1:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be {low}..{high}, not {value}" + (f" ({rules})" if rules else ""))
    return value


cdef int flag_arg(str name, object value, str rules="") except -1:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {type(value).__name__}"
                        + (f" ({rules})" if rules else ""))
    return 1 if value else 0


cdef long count_arg(object n) except -1:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n must be an int, not {type(n).__name__}")
    if not 0 <= n <= 2 ** 62:
        raise ValueError(f"n must be 0..2**62 games, got {n}")
    return n
