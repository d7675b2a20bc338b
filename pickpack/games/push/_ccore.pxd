# Declarations of the PUSH C core's public headers (core/push/push_core.h,
# core/push/push_search.h, core/push/push_policy.h) for Cython; core/common's are
# pickpack/_game_ops.pxd.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from pickpack._game_ops cimport pp_game_ops, pp_load_error, pp_rng

cdef extern from "push_core.h" nogil:
    enum:
        PUSH_MIN_PLAYERS
        PUSH_MAX_PLAYERS
        PUSH_NUM_NUMBER_TYPES
        PUSH_NUM_CARD_TYPES
        PUSH_NUM_STACKS
        PUSH_NUM_DECISIONS
        PUSH_MAX_ACTIONS
        PUSH_MAX_OUTCOMES
        PUSH_MAX_PLIES
        PUSH_NO_CARD
        PUSH_DIE_OFFSET
        PUSH_DIE_FACES
        PUSH_NUM_KEYS
        PUSH_CHANCE
        PUSH_TERMINAL
        PUSH_PHASE_START
        PUSH_PHASE_DRAW
        PUSH_PHASE_PLACE
        PUSH_PHASE_DECIDE
        PUSH_PHASE_ROLL
        PUSH_PHASE_COLLECT
        PUSH_PHASE_OVER
        PUSH_FIELD_NONE

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

    ctypedef struct push_raw:
        int players, hard, switch_per_turn, phase, turn, actor, card
        int deck[32]
        int stacks[3][32]
        int benches[6][32]
        int banks[6][32]
        int switches, turn_switches

    ctypedef struct push_batch:
        long games, plies, chance_plies
        double score_sum[6]
        double wins[6]

    void push_zobrist_init()
    uint64_t push_zobrist_key(int index)
    uint64_t push_hash_full(const push_state *s)
    int push_state_init(push_state *s, int players, int hard, int switch_per_turn)
    int push_full_count(int players, int type)
    const char *push_field_name(int field)
    enum: PUSH_LOAD_SAFE
    enum: PUSH_LOAD_REACHABLE
    ctypedef pp_load_error push_load_error
    int push_load(push_state *s, const push_raw *raw, int level, push_load_error *e)
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
