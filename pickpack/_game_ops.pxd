# The Cython declarations of core/common, once for every binding (issue 19): the table
# of game operations (pp_game_ops.h, ABI 4), the PRNG (pp_rng.h), the generic MCTS
# (pp_mcts.h) with its return codes and root-move statistics (pp_search.h), the
# resumable perft walk (pp_perft.h) and the loaders' error record (pp_load_error.h).
# A game's own .pxd cimports what it needs from here and declares only its own C.
from libc.stdint cimport uint64_t


cdef extern from "pp_load_error.h" nogil:
    ctypedef struct pp_load_error:
        int field, seat, index
        const char *rule
        char msg[320]


cdef extern from "pp_rng.h" nogil:
    ctypedef struct pp_rng:
        uint64_t s[4]

    uint64_t pp_splitmix64(uint64_t *state)
    void pp_rng_seed(pp_rng *rng, uint64_t seed)
    uint64_t pp_rng_next(pp_rng *rng)
    unsigned int pp_rng_below(pp_rng *rng, unsigned int n)


cdef extern from "pp_search.h" nogil:
    enum:
        PP_SEARCH_OK
        PP_SEARCH_BAD_PARAMS
        PP_SEARCH_GAME_OVER
        PP_SEARCH_NO_MEMORY
        PP_SEARCH_STOPPED
        PP_SEARCH_CHANCE_ROOT

    ctypedef int (*pp_search_poll)(void *poll_ctx) noexcept

    ctypedef struct pp_root_move:
        int action
        long visits
        double value


cdef extern from "pp_mcts.h" nogil:
    ctypedef struct pp_mcts_node:
        pass

    ctypedef struct pp_mcts_params:
        uint64_t seed
        long simulations
        double seconds
        pp_search_poll poll
        void *poll_ctx
        double exploration
        double margin
        size_t max_nodes

    ctypedef struct pp_mcts_result:
        int action
        long simulations
        size_t nodes
        double seconds
        double value
        int root_moves

cdef extern from "pp_game_ops.h" nogil:
    enum:
        PP_CHANCE
        PP_TERMINAL
        PP_GAME_OPS_ABI
        PP_LOAD_SAFE
        PP_LOAD_REACHABLE

    ctypedef struct pp_game_ops:
        int abi
        const char *name
        size_t state_size
        int max_actions
        int max_chance_outcomes
        int max_plies
        int (*num_players)(const void *state) noexcept nogil
        int (*current_player)(const void *state) noexcept nogil
        int (*legal_actions)(const void *state, int *out) noexcept nogil
        void (*apply)(void *state, int action) noexcept nogil
        int (*chance_outcomes)(const void *state, int *actions, double *probabilities) noexcept nogil
        void (*returns)(const void *state, double *out, double *margins) noexcept nogil
        uint64_t (*hash)(const void *state) noexcept nogil
        void (*playout)(void *state, pp_rng *rng) noexcept nogil
        int (*determinize)(void *state, int player, pp_rng *rng) noexcept nogil
        int (*in_tree)(const void *root, const void *state) noexcept nogil
        int num_distinct_actions
        int (*check_action)(const void *state, int action) noexcept nogil
        const char *(*error_rule)(int code) noexcept nogil
        int (*error_reason)(const void *state, int action, int code, char *buf, size_t size) noexcept nogil
        int (*chance_weights)(const void *state, int *actions, long long *weights) noexcept nogil
        int (*action_text)(const void *state, int action, char *buf, size_t size) noexcept nogil
        size_t (*observation_size)(const void *state) noexcept nogil
        int (*observation)(const void *state, int seat, float *out, size_t size) noexcept nogil
        int (*mcts)(const void *root, const pp_mcts_params *params, pp_mcts_node *pool,
                    size_t pool_size, pp_mcts_result *result, pp_root_move *root_moves) noexcept nogil
        size_t undo_size
        void (*apply_undoable)(void *state, int action, void *record) noexcept nogil
        void (*undo)(void *state, const void *record) noexcept nogil
        int raw_size
        void (*save_raw)(const void *state, int *raw) noexcept nogil
        int (*load_raw)(void *state, const int *raw, int level, pp_load_error *e) noexcept nogil
        const char *(*field_name)(int field) noexcept nogil
        int max_legal_actions
        int (*all_legal_actions)(const void *state, int *out) noexcept nogil
        int (*rollout_action)(const void *state, pp_rng *rng) noexcept nogil
        void (*new_start)(void *state, const void *like, uint64_t seed) noexcept nogil
        int (*observation_update)(const void *prev, int prev_seat, const void *state, int seat, float *out,
                                  size_t size) noexcept nogil


cdef extern from "pp_mcts.h" nogil:
    void pp_mcts_default_params(pp_mcts_params *p)
    int pp_mcts_run(const pp_game_ops *ops, const void *root, const pp_mcts_params *params,
                    pp_mcts_node *pool, size_t pool_size,
                    pp_mcts_result *result, pp_root_move *root_moves)


cdef extern from "pp_perft.h" nogil:
    enum:
        PP_PERFT_MAX_DEPTH
        PP_PERFT_OK
        PP_PERFT_BAD_DEPTH
        PP_PERFT_NO_MEMORY

    ctypedef struct pp_perft_job:
        int done
        uint64_t leaves

    int pp_perft_start(pp_perft_job *job, const pp_game_ops *ops, const void *root, int depth)
    void pp_perft_run(pp_perft_job *job, uint64_t budget)
    double pp_perft_progress(const pp_perft_job *job)
    void pp_perft_free(pp_perft_job *job)

