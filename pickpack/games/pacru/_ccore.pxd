# Declarations of the PACRU C core's public headers (core/pacru/pacru_core.h,
# pacru_policy.h, pacru_search.h) for Cython; core/common's are pickpack/_game_ops.pxd.
from libc.stdint cimport int8_t, uint8_t, uint16_t, uint64_t

from pickpack._game_ops cimport pp_game_ops, pp_load_error, pp_rng

cdef extern from "pacru_core.h" nogil:
    enum:
        PACRU_MIN_PLAYERS
        PACRU_MAX_PLAYERS
        PACRU_CELLS
        PACRU_MAX_CHEVRONS
        PACRU_MAX_GAME_LENGTH
        PACRU_NUM_DISTINCT_ACTIONS
        PACRU_REORIENT_2
        PACRU_MAX_MOVES
        PACRU_MAX_LEGAL
        PACRU_MAX_SEARCH_ACTIONS
        PACRU_NUM_KEYS
        PACRU_TERMINAL
        PACRU_FIELD_NONE
        PACRU_TENSOR_PLANES

    ctypedef struct pacru_state:
        uint64_t hash
        int8_t colour[81]
        int8_t chev[81]
        uint8_t chev_cell[4][4]
        uint8_t nchev[4]
        uint8_t cells[4]
        uint8_t land[9][4]
        uint8_t neutral[9]
        uint8_t players
        uint8_t turn
        uint8_t single_cell
        uint8_t classic_meeting
        uint8_t over
        uint8_t winners
        uint16_t ply
        uint16_t max_plies

    ctypedef int pacru_error
    enum:
        PACRU_OK
        PACRU_ERR_OFF_BOARD

    ctypedef struct pacru_action:
        int reorient
        int cell, direction
        int distance, to
        int pincer, connection
        int crossing, meeting
        int nfreed
        int freed[4]

    ctypedef struct pacru_raw:
        int players, single_cell, classic_meeting, max_plies, ply, turn
        int colour[81]
        int nchev[4]
        int chev_cell[4][4]
        int chev_dir[4][4]

    ctypedef struct pacru_batch:
        long games, plies
        double cells_sum[4]
        double wins[4]

    void pacru_init()
    uint64_t pacru_zobrist_key(int index)
    uint64_t pacru_hash_full(const pacru_state *s)
    int pacru_target(int players)
    int pacru_chevrons_per_seat(int players)
    int pacru_decode(int action, pacru_action *a)
    int pacru_state_init(pacru_state *s, int players, int single_cell, int classic_meeting, int max_plies)
    const char *pacru_field_name(int field)
    enum: PACRU_LOAD_SAFE
    enum: PACRU_LOAD_REACHABLE
    ctypedef pp_load_error pacru_load_error
    int pacru_load(pacru_state *s, const pacru_raw *raw, int level, pacru_load_error *e)
    int pacru_current_player(const pacru_state *s)
    int pacru_power(const pacru_state *s, int cell)
    int pacru_attacks(const pacru_state *s, int cell, int *out)
    int pacru_has_move(const pacru_state *s, int seat)
    long pacru_legal_actions(const pacru_state *s, int *out, long cap)
    int pacru_move_actions(const pacru_state *s, int *out, int cap)
    int pacru_search_actions(const pacru_state *s, int *out)
    pacru_error pacru_check_action(const pacru_state *s, int action)
    const char *pacru_error_rule(pacru_error e)
    void pacru_apply(pacru_state *s, int action)
    void pacru_returns(const pacru_state *s, double *out, double *margins)
    uint64_t pacru_perft(const pacru_state *s, int depth)
    const char *pacru_seat_name(int players, int seat)
    int pacru_action_text(int action, char *buf, size_t size)
    int pacru_error_reason(const pacru_state *s, int action, int code, char *buf, size_t size)
    enum: PACRU_MAX_LANDING_ACTIONS
    ctypedef struct pacru_draw:
        int landings
        int free_cells[PACRU_CELLS]
    int pacru_random_options(const pacru_state *s, pacru_draw *d)
    int pacru_landing_actions(const pacru_state *s, const pacru_draw *d, int option, int *out)
    int pacru_reorient_option(const pacru_state *s, const pacru_draw *d, int option, int *cell, int *direction,
                              int *need)
    int pacru_encode_reorient(int cell, int direction, int n, const int *cells)
    int pacru_random_step(pacru_state *s, pp_rng *rng)
    int pacru_playout(pacru_state *s, pp_rng *rng)
    int pacru_random_games_part(pp_rng *rng, int players, int single_cell, int classic_meeting,
                                int max_plies, long count, pacru_batch *b)
    size_t pacru_observation_tensor_size(const pacru_state *s)
    int pacru_observation_tensor(const pacru_state *s, int player, float *out, size_t size)

# The rollout policy of the search's playouts (core/pacru/pacru_policy.h).
cdef extern from "pacru_policy.h" nogil:
    enum:
        PACRU_POLICY_W_GAIN
        PACRU_POLICY_W_PINCER
        PACRU_POLICY_W_MOBILE
        PACRU_POLICY_EPSILON_PERMILLE
    int pacru_policy_values(const pacru_state *s, int *out)
    int pacru_policy_step(pacru_state *s, pp_rng *rng)
    int pacru_policy_playout(pacru_state *s, pp_rng *rng)
    int pacru_policy_games_part(pp_rng *rng, int players, int single_cell, int classic_meeting,
                                int max_plies, long count, pacru_batch *b)

cdef extern from "pacru_search.h" nogil:
    # PACRU's table of game operations (core/pacru/ops.c), the one CoreState binds.
    const pp_game_ops pp_pacru_ops

# PACRU's action tokens in C and the token view's table (core/pacru/pacru_tokens.h).
cdef extern from "pacru_tokens.h" nogil:
    enum:
        PACRU_TOKEN_VOCABULARY
        PACRU_TOKEN_MAX
        PACRU_TOKEN_OBS_SIZE
    ctypedef struct pacru_token_state:
        pacru_state s
        uint8_t prefix[7]
        uint8_t depth
    int pacru_next_tokens(const pacru_state *s, const int *prefix, int depth, int *out)
    int pacru_tokens_action(const int *tokens, int n)
    int pacru_action_tokens(int action, int *out)
    int pacru_token_text(const int *prefix, int depth, int token, char *buf, size_t size)
    void pacru_token_start(pacru_token_state *t, const pacru_state *s)
    const pp_game_ops pp_pacru_token_ops
