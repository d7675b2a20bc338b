# Declarations of the C core's public headers (core/pickpack/pickpack_core.h,
# core/pickpack/pickpack_search.h) for Cython; core/common's are pickpack/_game_ops.pxd.
from libc.stdint cimport uint8_t, uint16_t, uint64_t

from pickpack._game_ops cimport pp_game_ops, pp_rng

cdef extern from "pickpack_core.h" nogil:
    enum:
        PP_NUM_SQUARES
        PP_PICKPACK_PERFT_MAX_DEPTH
        PP_NUM_SPACES
        PP_NUM_CRATES
        PP_MAX_CRATE
        PP_NUM_ACTIONS
        PP_NUM_KINDS
        PP_NUM_PLACEMENT_ACTIONS
        PP_DETAILS_PER_SQUARE
        PP_TARGETS_PER_END
        PP_MAX_MOVES
        PP_MAX_PLIES
        PP_NO_KIND
        PP_FACE_DOWN
        PP_RED
        PP_BLUE
        PP_NOBODY
        PP_PHASE_PLACEMENT
        PP_PHASE_PLAY
        PP_PHASE_OVER
        PP_OBS_SIZE
        PP_OBS_OK

    ctypedef struct pp_state:
        uint64_t hash
        uint8_t grid[PP_NUM_SQUARES]
        uint8_t crate[2][PP_NUM_CRATES][PP_MAX_CRATE]
        uint8_t crate_len[2][PP_NUM_CRATES]
        uint8_t crate_status[2][PP_NUM_CRATES]
        uint8_t tile_kind[2][PP_NUM_SPACES]
        uint8_t tile_status[2][PP_NUM_SPACES]
        uint8_t rush[2]
        uint8_t grabber
        uint8_t to_move
        uint8_t phase
        uint8_t first
        uint8_t placed

    ctypedef struct pp_move:
        int placement_kind
        int dest
        int grab_crate
        int end
        int target
        int rush

    ctypedef struct pp_undo:
        uint64_t hash
        uint16_t action

    ctypedef int pp_error
    enum:
        PP_OK
        PP_ERR_ACTION_RANGE
        PP_ERR_GAME_OVER

    ctypedef struct pp_playout_result:
        int plies
        int score[2]

    ctypedef struct pp_batch_result:
        long games, plies, draws
        long wins[2]
        double mean_score[2]

    uint64_t pp_hash_full(const pp_state *s)
    void pp_random_deal(pp_rng *rng, uint8_t *deal)
    void pp_random_placement(pp_rng *rng, uint8_t *kinds)
    int pp_state_init(pp_state *s, const uint8_t *deal, int first)
    int pp_place_all(pp_state *s, const uint8_t *red, const uint8_t *blue)
    int pp_state_validate(pp_state *s, char *msg, size_t msglen)
    int pp_legal_actions(const pp_state *s, uint16_t *out)
    pp_error pp_check_action(const pp_state *s, int action)
    const char *pp_error_rule(pp_error e)
    const char *pp_error_text(pp_error e)
    void pp_apply(pp_state *s, int action, pp_undo *u)
    void pp_undo_move(pp_state *s, const pp_undo *u)
    int pp_score(const pp_state *s, int player)
    int pp_crate_score(const pp_state *s, int player, int crate)
    int pp_action_text(const pp_state *s, int action, char *buf, size_t buflen)
    pp_playout_result pp_playout(pp_state *s, pp_rng *rng)
    pp_batch_result pp_random_games(long n, uint64_t seed)
    void pp_decode(int action, pp_move *m)
    int pp_encode(const pp_move *m)
    int pp_square_text(int sq, char *buf)
    int pp_space_text(int player, int space, char *buf)
    char pp_kind_letter(int kind)
    void pp_zobrist_init()
    void pp_random_games_part(pp_rng *rng, long first, long count, pp_batch_result *b, double *sum)
    size_t pp_observation_tensor_size(const pp_state *s)
    int pp_observation_tensor(const pp_state *s, int player, float *out, size_t size)


cdef extern from "pickpack_search.h" nogil:
    # Pick & Pack's table of game operations (core/pickpack/ops.c), the one CoreState binds.
    const pp_game_ops pp_pickpack_ops
