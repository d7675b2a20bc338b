# Declarations of what the binding uses of the PUSH C core's public headers
# (core/push/push_core.h, push_search.h, push_policy.h) for Cython; core/common's are
# pickpack/_game_ops.pxd (the rest goes through the table, pp_push_ops).
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from pickpack._game_ops cimport pp_game_ops, pp_rng

cdef extern from "push_core.h" nogil:
    enum:
        PUSH_MIN_PLAYERS
        PUSH_MAX_PLAYERS
        PUSH_NUM_KEYS

    ctypedef struct push_state:
        uint64_t hash
        uint32_t stack[3]
        uint8_t deck[32]
        uint8_t bench[6][30]
        uint8_t bank[6][30]
        uint8_t deck_total
        uint8_t phase
        uint8_t turn
        uint8_t actor
        uint8_t card
        uint8_t switches
        uint8_t turn_switches
        uint8_t players
        uint8_t hard
        uint8_t switch_per_turn

    ctypedef struct push_batch:
        long games, plies, chance_plies
        double score_sum[6]
        double wins[6]

    void push_zobrist_init()
    uint64_t push_zobrist_key(int index)
    uint64_t push_hash_full(const push_state *s)
    int push_state_init(push_state *s, int players, int hard, int switch_per_turn)
    int push_direction(const push_state *s)
    int push_score(const push_state *s, int seat)
    int push_playout(push_state *s, pp_rng *rng, int *chance_plies)
    int push_random_games_part(pp_rng *rng, int players, int hard, int switch_per_turn,
                               long count, push_batch *b)


cdef extern from "push_search.h" nogil:
    # PUSH's table of game operations (core/push/ops.c), the one CoreState binds.
    const pp_game_ops pp_push_ops


cdef extern from "push_policy.h" nogil:
    enum:
        PUSH_POLICY_BANK_AT
        PUSH_POLICY_EPSILON_PERMILLE
    double PUSH_POLICY_RISK
    int push_policy_action(const push_state *s)
    int push_policy_games_part(pp_rng *rng, int players, int hard, int switch_per_turn,
                               long count, push_batch *b)
