# PACRU's action tokens in C (core/pacru/pacru_tokens.h): the token codec, the legal
# next tokens, their texts, and TokenCoreState, the token view as its own table of
# operations (pp_pacru_token_ops) for the generic bindings (pickpack.vector, the C MCTS).
# Included into _core.pyx (one extension per game), beside CoreState.

#: Tokens are 0..TOKEN_VOCABULARY-1, an action at most TOKEN_MAX of them (action_tokens.py).
TOKEN_VOCABULARY = PACRU_TOKEN_VOCABULARY
TOKEN_MAX = PACRU_TOKEN_MAX


cdef inline pacru_token_state *_t(CState st):
    """The token view's state of a TokenCoreState (its base's state buffer)."""
    return <pacru_token_state *>st.state


cdef int _prefix_arg(object prefix, int *out) except -1:
    """A turn's tokens so far (a sequence of ints) into out (room for TOKEN_MAX): how
    many; a prefix longer than a move or with a token beyond the C int range starts no
    action, and is given as one such prefix (TOKEN_MAX tokens, or -1)."""
    seq = tuple(prefix)
    for t in seq:
        if isinstance(t, bool) or not isinstance(t, int):
            raise ValueError(f"prefix {list(seq)}: a token is an int, not {type(t).__name__}")
    if len(seq) > PACRU_TOKEN_MAX:
        return PACRU_TOKEN_MAX
    for i, t in enumerate(seq):
        out[i] = t if -1 <= t < PACRU_TOKEN_VOCABULARY else -1
    return len(seq)


def c_next_tokens(state, prefix):
    """The C core's next tokens (pacru_next_tokens) of ``state`` (a PACRU State) after
    ``prefix``: the list action_tokens.TOKENS.next_tokens gives. TypeError for a
    non-State, ValueError for a non-int token."""
    if not isinstance(state, CoreState):
        raise TypeError(f"state must be a PACRU State, not {type(state).__name__}")
    cdef int p[PACRU_TOKEN_MAX]
    cdef int out[PACRU_TOKEN_VOCABULARY]
    cdef int depth = _prefix_arg(prefix, p)
    if depth >= PACRU_TOKEN_MAX:
        return []
    cdef int n = pacru_next_tokens(_s(<CoreState>state), p, depth, out)
    return [out[i] for i in range(n)]


def c_action_tokens(action):
    """The C core's tokens of ``action`` (pacru_action_tokens): action_tokens.TOKENS.
    tokens(action). TypeError for a non-int, ValueError outside the action space."""
    if isinstance(action, bool) or not isinstance(action, int):
        raise TypeError(f"an action is an int, not {type(action).__name__}")
    cdef int out[PACRU_TOKEN_MAX]
    cdef int n = pacru_action_tokens(action, out) if 0 <= action < PACRU_NUM_DISTINCT_ACTIONS else -1
    if n < 0:
        raise ValueError(f"action {action} is outside 0..{PACRU_NUM_DISTINCT_ACTIONS - 1}")
    return tuple(out[i] for i in range(n))


def c_tokens_action(tokens):
    """The C core's action of a whole token sequence (pacru_tokens_action):
    action_tokens.TOKENS.action(tokens); ValueError naming the tokens when they are no
    action."""
    cdef int p[PACRU_TOKEN_MAX]
    seq = tuple(tokens)
    cdef int n = _prefix_arg(seq, p)
    cdef int action = pacru_tokens_action(p, n) if len(seq) <= PACRU_TOKEN_MAX else -1
    if action < 0 or any(t < 0 for t in seq):
        raise ValueError(f"tokens {list(seq)}: no action")
    return action


def c_token_text(prefix, token):
    """The C core's text of ``token`` after ``prefix`` (pacru_token_text):
    action_tokens.TOKENS.token_text(prefix, token); ValueError when the prefix is not
    the start of an action or the token cannot follow it."""
    cdef int p[PACRU_TOKEN_MAX]
    cdef char buf[32]
    cdef int depth = _prefix_arg(prefix, p)
    if isinstance(token, bool) or not isinstance(token, int):
        raise ValueError(f"a token is an int, not {type(token).__name__}")
    cdef int n = (pacru_token_text(p, depth, token, buf, sizeof(buf))
                  if depth < PACRU_TOKEN_MAX and -1 <= token < PACRU_TOKEN_VOCABULARY else -1)
    if n < 0:
        raise ValueError(f"token {token!r} after {list(prefix)}: no such token there")
    return buf[:n].decode()


#: The class TokenCoreState.position() makes: pickpack.games.pacru.State once state.py
#: has registered it (register_position_class), CoreState before.
_POSITION_CLASS = CoreState


def register_position_class(cls):
    """Make TokenCoreState.position() return instances of ``cls`` (a CoreState
    subclass: state.py registers State). TypeError for anything else."""
    global _POSITION_CLASS
    if not (isinstance(cls, type) and issubclass(cls, CoreState)):
        raise TypeError(f"the position class must subclass CoreState, not {cls!r}")
    _POSITION_CLASS = cls


cdef class TokenCoreState(CState):
    """PACRU seen through its action tokens, in C: a position and the tokens of the turn
    in progress, over the token view's own table of operations (pp_pacru_token_ops,
    core/pacru/pacru_tokens.h), so that every generic binding of a C table (the batched
    environments of pickpack.vector, the C MCTS, perft) steps PACRU one token at a time.

    Its decisions are the tokens of action_tokens.py (0..81): ``legal_actions()`` the
    tokens that continue a legal action of the turn (what the adapters'
    ``TokenTurn.legal_tokens`` gives), ``apply_action(token)`` takes one, fills in the
    tokens every remaining action shares and, when they name one action, plays it; the
    same seat decides until then. ``observation_tensor(seat)``: the game's tensor
    (53 x 9 x 9) followed by the turn's 7 one-hot rows of 82 (the adapters' tensor,
    4,867 floats). An illegal token raises IllegalMoveError naming the rule of its place
    (PA-M1 the cell or direction, PA-O1 a reorientation, PA-M2 the distance, PA-K2,
    PA-J1, PA-B1, PA-T1) and the legal tokens.

    ``TokenCoreState(players=2, *, single_cell=False, classic_meeting=False,
    max_plies=1000)``: the start position (CoreState's arguments and errors);
    ``TokenCoreState.of(state)``: a turn starting at ``state``'s position (a PACRU
    State; its history is not kept). No snapshot or pickle: keep the position and the
    tokens.
    """

    def __cinit__(self, *args, **kwargs):
        cdef pacru_state start
        self._bind(&pp_pacru_token_ops)
        pacru_state_init(&start, 2, 0, 0, PACRU_MAX_GAME_LENGTH)
        pacru_token_start(_t(self), &start)

    def __init__(self, players=2, *, single_cell=False, classic_meeting=False, max_plies=PACRU_MAX_GAME_LENGTH):
        cdef pacru_state start
        pacru_state_init(&start, _players_arg(players), _flag("single_cell", single_cell),
                         _flag("classic_meeting", classic_meeting), _plies_arg(max_plies))
        pacru_token_start(_t(self), &start)
        self.nhist = 0

    @classmethod
    def of(cls, state):
        """A TokenCoreState at ``state``'s position (a PACRU State), no token chosen.
        TypeError for anything else."""
        if not isinstance(state, CoreState):
            raise TypeError(f"state must be a PACRU State, not {type(state).__name__}")
        cdef TokenCoreState t = cls.__new__(cls)
        pacru_token_start(_t(t), _s(<CoreState>state))
        return t

    @property
    def prefix(self):
        """The tokens of the turn so far (chosen and filled in), oldest first: the
        adapters' ``TokenTurn.prefix``."""
        return tuple(_t(self).prefix[i] for i in range(_t(self).depth))

    def position(self):
        """The position (before the turn's action) as a new pickpack.games.pacru.State
        with no history (the class state.py registers, so that this module imports no
        module that imports it)."""
        cdef CoreState st = _POSITION_CLASS.__new__(_POSITION_CLASS)
        memcpy(st.state, &_t(self).s, sizeof(pacru_state))
        st.nhist = 0
        return st

    def observation_tensor(self, player):
        """The token view's tensor for ``player`` (a seat or a name of SEAT_NAMES; flat
        ``array('f')`` of 4,867 floats: the game's tensor, then the turn's token rows).
        TypeError/ValueError for a bad seat or an unknown name."""
        if isinstance(player, str):
            names = SEAT_NAMES[self.num_players]
            if player not in names:
                raise ValueError(f"unknown player {player!r}; players: {', '.join(names)}")
            player = names.index(player)
        return self._observation_tensor(player)
