/* PACRU's table of game operations (pp_game_ops.h) and its MCTS: the generic search of
 * core/common (pp_mcts_impl.h) compiled here over this table as a constant, so the
 * compiler calls the functions below directly.
 *
 * Actions: the SEARCH ACTIONS of the contract (pacru_search_actions, at most
 * PACRU_MAX_SEARCH_ACTIONS), a pruned subset of the legal actions: a binding lists the
 * full legal actions with pacru_legal_actions (up to PACRU_MAX_LEGAL), while
 * check_action accepts every legal action and action_text writes any that has a text
 * (pacru_check_action, text.c). Returns (PA-E2, PA-E3): k winners among n players get
 * (n-k)/(k(n-1)) each, the others -1/(n-1); margins (cells - most cells of another
 * seat)/81 clamped to [-1, 1]. Playouts: the rollout policy (pacru_policy.h, policy.c),
 * every seat a cheap greedy player with some random moves.
 * Perfect information and no chance: no determinize, chance or in_tree hooks. */
#include "pp_search_internal.h"   /* first: it sets _POSIX_C_SOURCE for clock_gettime */
#include <string.h>
#include "pp_mcts_impl.h"
#include "pacru_internal.h"
#include "pacru_search.h"
#include "pacru_policy.h"

static int ops_num_players(const void *state)
{
    return ((const pacru_state *)state)->players;
}

static int ops_current_player(const void *state)
{
    return pacru_current_player(state);
}

static int ops_legal_actions(const void *state, int *out)
{
    return pacru_search_actions(state, out);
}

static void ops_apply(void *state, int action)
{
    pacru_apply(state, action);
}

static void ops_returns(const void *state, double *out, double *margins)
{
    pacru_returns(state, out, margins);
}

static uint64_t ops_hash(const void *state)
{
    return ((const pacru_state *)state)->hash;
}

/* The playouts follow the rollout policy (pacru_policy.h), not uniformly random moves:
 * random playouts never reach a target (PA-C5) and value only eliminations. */
static void ops_playout(void *state, pp_rng *rng)
{
    pacru_policy_playout(state, rng);
}

static int ops_check_action(const void *state, int action)
{
    return (int)pacru_check_action(state, action);
}

static const char *ops_error_rule(int code)
{
    return pacru_error_rule((pacru_error)code);
}

static int ops_error_reason(const void *state, int action, int code, char *buf, size_t size)
{
    return pacru_error_reason(state, action, code, buf, size);
}

/* PACRU's move text needs no state: the action alone gives it (encoding.py). */
static int ops_action_text(const void *state, int action, char *buf, size_t size)
{
    (void)state;
    return pacru_action_text(action, buf, size);
}

static size_t ops_observation_size(const void *state)
{
    return pacru_observation_tensor_size(state);
}

static int ops_observation(const void *state, int seat, float *out, size_t size)
{
    return pacru_observation_tensor(state, seat, out, size) == 0 ? 0 : -1;
}

static void ops_save_raw(const void *state, int *raw)
{
    pacru_raw r;
    pacru_save(state, &r);
    memcpy(raw, &r, sizeof r);
}

static int ops_load_raw(void *state, const int *raw, int level, pp_load_error *e)
{
    pacru_raw r;
    memcpy(&r, raw, sizeof r);
    return pacru_load(state, &r, level, e);
}

static int ops_mcts(const void *root, const pp_mcts_params *params, pp_mcts_node *pool, size_t pool_size,
                    pp_mcts_result *result, pp_root_move *root_moves)
{
    return pacru_mcts_search(root, params, pool, pool_size, result, root_moves);
}

/* Search entries first; check_action, error_rule/error_reason, action_text, the
 * observation and the game's own MCTS compile are what a binding needs (ABI 2); the raw
 * vector moves snapshots through the one generic binding (ABI 3). No chance: no
 * chance_weights. */
#define PACRU_OPS {                                                                       \
    .abi = PP_GAME_OPS_ABI, .name = "pacru", .state_size = sizeof(pacru_state),           \
    .max_actions = PACRU_MAX_SEARCH_ACTIONS, .max_chance_outcomes = 0,                    \
    .max_plies = PACRU_MAX_GAME_LENGTH,                                                   \
    .num_players = ops_num_players, .current_player = ops_current_player,                 \
    .legal_actions = ops_legal_actions, .apply = ops_apply, .chance_outcomes = NULL,      \
    .returns = ops_returns, .hash = ops_hash, .playout = ops_playout,                     \
    .determinize = NULL, .in_tree = NULL,                                                 \
    .num_distinct_actions = PACRU_NUM_DISTINCT_ACTIONS, .check_action = ops_check_action, \
    .error_rule = ops_error_rule, .error_reason = ops_error_reason,                       \
    .chance_weights = NULL, .action_text = ops_action_text,                               \
    .observation_size = ops_observation_size, .observation = ops_observation,            \
    .mcts = ops_mcts, .raw_size = PACRU_RAW_SIZE, .save_raw = ops_save_raw,                \
    .load_raw = ops_load_raw, .field_name = pacru_field_name }

/* The table the search below is compiled with (constant: the calls are direct). */
static const pp_game_ops pacru_ops = PACRU_OPS;

const pp_game_ops pp_pacru_ops = PACRU_OPS;

int pacru_mcts_search(const pacru_state *root, const pp_mcts_params *params,
                      pp_mcts_node *pool, size_t pool_size,
                      pp_mcts_result *result, pp_root_move *root_moves)
{
    return pp_mcts_impl(&pacru_ops, root, params, pool, pool_size, result, root_moves);
}
