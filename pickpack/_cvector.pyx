# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The binding of core/common/pp_vector.h (issue 21): B games of one C game stepped by
one call without the GIL, over caller-held NumPy arrays (typed memoryviews: no copy,
no Python object per game). Used by pickpack.vector, which checks every argument
first; this module checks only what C must not be given (sizes, dtypes by the
memoryviews' types, an illegal action).
"""
from libc.stdint cimport int32_t, uint8_t, uint64_t
from pickpack._cstate cimport CState
from pickpack._game_ops cimport *


cdef extern from "pp_vector.h" nogil:
    enum:
        PP_VECTOR_OK
        PP_VECTOR_NO_MEMORY

    ctypedef struct pp_vector_params:
        int num_envs
        int learner
        int opponent
        long simulations
        int mask_kind
        int autoreset
        long max_steps
        int fixed_start

    ctypedef struct pp_vector_out:
        float *obs
        uint8_t *mask
        int32_t *player
        float *rewards
        uint8_t *term
        uint8_t *trunc
        float *final_obs

    ctypedef struct pp_vector:
        uint64_t *game_seed
        size_t obs_size, mask_row, reward_row
        int num_players, legal_room
        int *viewer

    pp_vector *pp_vector_new(const pp_game_ops *ops, const void *start, const pp_vector_params *params)
    void pp_vector_free(pp_vector *v)
    void pp_vector_reset(pp_vector *v, const uint64_t *seeds, const pp_vector_out *out)
    int pp_vector_check(const pp_vector *v, const int32_t *actions, int *code)
    int pp_vector_step(pp_vector *v, const int32_t *actions, const pp_vector_out *out, int threads)
    const void *pp_vector_state(const pp_vector *v, int b)
    void pp_vector_random_actions(const pp_vector *v, pp_rng *rng, int32_t *actions)


cdef class CVector:
    """B environments of the game of ``start`` (a CState whose table has an
    observation), writing into the arrays given once here: ``obs`` float32 [B, obs],
    ``mask`` uint8 [B, row], ``player`` int32 [B], ``rewards`` float32 [B, P] (or
    [B, 1] single-agent), ``terminations``/``truncations`` uint8 [B], all C-contiguous
    (pp_vector.h). ValueError for a size that does not match the table's; MemoryError."""

    cdef pp_vector *v
    cdef const pp_game_ops *ops
    cdef pp_vector_out out
    cdef int num_envs
    cdef object _keep
    cdef object _keep_final

    def __cinit__(self, CState start, int num_envs, int learner, int opponent, long simulations,
                  int mask_kind, int autoreset, long max_steps, bint fixed_start,
                  float[:, ::1] obs, uint8_t[:, ::1] mask, int32_t[::1] player,
                  float[:, ::1] rewards, uint8_t[::1] terminations, uint8_t[::1] truncations):
        cdef pp_vector_params p
        self.v = NULL
        self.ops = start.ops
        if self.ops.observation == NULL:
            raise ValueError(f"game {self.ops.name.decode()!r}: its C ops table has no observation")
        p.num_envs = num_envs
        p.learner = learner
        p.opponent = opponent
        p.simulations = simulations
        p.mask_kind = mask_kind
        p.autoreset = autoreset
        p.max_steps = max_steps
        p.fixed_start = fixed_start
        self.v = pp_vector_new(self.ops, start.state, &p)
        if self.v == NULL:
            raise MemoryError("pickpack.vector: the batch could not be allocated")
        shapes = {"obs": ((obs.shape[0], obs.shape[1]), (num_envs, self.v.obs_size)),
                  "mask": ((mask.shape[0], mask.shape[1]), (num_envs, self.v.mask_row)),
                  "player": ((player.shape[0],), (num_envs,)),
                  "rewards": ((rewards.shape[0], rewards.shape[1]), (num_envs, self.v.reward_row)),
                  "terminations": ((terminations.shape[0],), (num_envs,)),
                  "truncations": ((truncations.shape[0],), (num_envs,))}
        for name, (got, want) in shapes.items():
            if tuple(got) != tuple(want):
                raise ValueError(f"pickpack.vector: {name} has shape {tuple(got)}, the batch writes {tuple(want)}")
        self.num_envs = num_envs
        self.out.obs = &obs[0, 0]
        self.out.mask = &mask[0, 0]
        self.out.player = &player[0]
        self.out.rewards = &rewards[0, 0]
        self.out.term = &terminations[0]
        self.out.trunc = &truncations[0]
        self._keep = (obs, mask, player, rewards, terminations, truncations)

    def keep_final_obs(self, float[:, ::1] final_obs):
        """Have every step of the "same_step" autoreset also write the final observation
        of each game it ends to ``final_obs`` (float32 [B, obs], C-contiguous; the other
        rows untouched; pp_vector.h, pp_vector_out.final_obs). ValueError for another
        shape. Until called no final observation is written (the field is NULL: a cdef
        class's fields start zeroed)."""
        want = (self.num_envs, self.v.obs_size)
        if (final_obs.shape[0], final_obs.shape[1]) != want:
            raise ValueError(f"pickpack.vector: final_obs has shape {(final_obs.shape[0], final_obs.shape[1])}, "
                             f"the batch writes {want}")
        self.out.final_obs = &final_obs[0, 0]
        self._keep_final = final_obs

    def __dealloc__(self):
        pp_vector_free(self.v)

    def reset(self, const uint64_t[::1] seeds):
        """Start every environment afresh from ``seeds`` (uint64 [B])."""
        if seeds.shape[0] != self.num_envs:
            raise ValueError(f"seeds: {self.num_envs} seeds expected, not {seeds.shape[0]}")
        with nogil:
            pp_vector_reset(self.v, &seeds[0], &self.out)

    def check(self, const int32_t[::1] actions):
        """None when every action may be applied, else ``(env index, action, rule id,
        reason)`` of the first environment whose action breaks a rule (the table's
        check_action, error_rule and error_reason). Changes nothing."""
        cdef int code = 0
        cdef int b
        cdef char buf[512]
        if actions.shape[0] != self.num_envs:
            raise ValueError(f"actions: {self.num_envs} actions expected, not {actions.shape[0]}")
        with nogil:
            b = pp_vector_check(self.v, &actions[0], &code)
        if b < 0:
            return None
        cdef const char *rule = self.ops.error_rule(code)
        buf[0] = 0
        cdef int n = self.ops.error_reason(pp_vector_state(self.v, b), actions[b], code, buf, sizeof(buf))
        n = max(0, min(n, <int>sizeof(buf) - 1))
        return (b, actions[b], rule.decode("utf-8", "replace") if rule != NULL else "",
                buf[:n].decode("utf-8", "replace"))

    def step(self, const int32_t[::1] actions, int threads):
        """Apply ``actions`` (int32 [B], already checked by ``check``: trusted here) in
        every environment on ``threads`` threads without the GIL."""
        cdef int rc
        if actions.shape[0] != self.num_envs:
            raise ValueError(f"actions: {self.num_envs} actions expected, not {actions.shape[0]}")
        with nogil:
            rc = pp_vector_step(self.v, &actions[0], &self.out, threads)
        if rc == PP_VECTOR_NO_MEMORY:
            raise MemoryError("pickpack.vector: out of memory in a step")

    def random_actions(self, uint64_t seed, int32_t[::1] actions):
        """Write one uniformly random legal action per environment to ``actions``
        (int32 [B]; 0 where a game is over), drawn from pp_rng(seed) in environment
        order."""
        cdef pp_rng rng
        if actions.shape[0] != self.num_envs:
            raise ValueError(f"actions: room for {self.num_envs} actions expected, not {actions.shape[0]}")
        pp_rng_seed(&rng, seed)
        with nogil:
            pp_vector_random_actions(self.v, &rng, &actions[0])

    @property
    def bytes_per_env(self):
        """Bytes the batch holds per environment: its state, seeds, streams, legal
        list and counters, the outputs it writes, and (a table with
        observation_update) the seat its observation row shows."""
        cdef pp_vector *v = self.v
        return (self.ops.state_size + sizeof(pp_rng) + 2 * sizeof(uint64_t) + <size_t>v.legal_room * sizeof(int)
                + sizeof(int) + sizeof(long) + 2 * sizeof(int) + 1
                + v.obs_size * sizeof(float) + v.mask_row + sizeof(int32_t) + v.reward_row * sizeof(float) + 2
                + (sizeof(int) if v.viewer != NULL else 0))

    @property
    def game_seeds(self):
        """The start seed of each environment's current game (a list of B ints)."""
        return [self.v.game_seed[b] for b in range(self.num_envs)]

