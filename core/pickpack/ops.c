/* Pick & Pack's table of game operations (pp_game_ops.h) and its MCTS: the generic
 * search of core/common (pp_mcts_impl.h) compiled here over this table as a constant,
 * so the compiler calls the functions below directly (no speed lost to the table).
 *
 * Returns (PP-E3/E4): a finished game with scores r (Red) and b (Blue) gives Red
 * sign(r - b) and Blue its negation, and score margins (r - b) / 97 and its negation
 * (97 = apples in the game, PP-C2), weighted by pp_mcts_params.margin.
 *
 * Hidden information (PP-S3): in phase placement each player's tiles are hidden from
 * the other. The tree holds only the root player's own placement decisions (in_tree);
 * when Blue places, Red's placement (all made: Red places first) is redrawn for every
 * simulation (determinize); when Red places, Blue's placement comes later, in the
 * playout. In phase play the players see every tile and the tree holds every position.
 *
 * Beyond the searches (ABI 2) the table gives a binding the checked apply's check
 * (pp_check_action, error codes enum pp_error with their rule ids and sentences), the
 * move text (pp_action_text), the observation tensor (observation.c) and, as `mcts`,
 * the compile of the generic MCTS below, and (ABI 3) the position as plain numbers with
 * its loader (setup.c, pp_load_raw over pp_state_check). No chance nodes: the deal is drawn at
 * creation (PP-S1). */
#include "search_internal.h"   /* first: it sets _POSIX_C_SOURCE for clock_gettime */
#include "pp_mcts_impl.h"
#include "pickpack_search.h"
#include "pp_load_error.h"
#include <stdio.h>

#define APPLES_IN_GAME 97.0    /* PP-C2: the margin's scale */

static int ops_num_players(const void *state)
{
    (void)state;
    return 2;
}

static int ops_current_player(const void *state)
{
    const pp_state *s = state;
    return s->phase == PP_PHASE_OVER || s->to_move > PP_BLUE ? PP_TERMINAL : (int)s->to_move;
}

/* The move generators write uint16_t actions; the table's lists are int. */
static int widen_actions(const uint16_t *moves, int n, int *out)
{
    for (int i = 0; i < n; i++)
        out[i] = moves[i];
    return n;
}

/* The symmetry-reduced moves (pickpack_search.h, pp_distinct_actions). */
static int ops_legal_actions(const void *state, int *out)
{
    uint16_t moves[PP_MAX_MOVES];
    return widen_actions(moves, pp_distinct_actions(state, moves), out);
}

/* Every legal action, ascending (pp_legal_actions): a learner's mask (pp_vector.h). */
static int ops_all_legal_actions(const void *state, int *out)
{
    uint16_t moves[PP_MAX_MOVES];
    return widen_actions(moves, pp_legal_actions(state, moves), out);
}

/* What the playouts play (pp_fast_playout): uniform among all legal moves. */
static int ops_rollout_action(const void *state, pp_rng *rng)
{
    uint16_t moves[PP_MAX_MOVES];
    const int n = pp_legal_actions(state, moves);
    return n > 0 ? moves[pp_rng_below(rng, (uint32_t)n)] : -1;
}

/* A new game as new_game(seed=seed) with `like`'s first player deals it (PP-S1, PP-S2:
 * the deal from pp_rng(seed), phase placement; pickpack.games.pickpack.game). */
static void ops_new_start(void *state, const void *like, uint64_t seed)
{
    pp_rng rng;
    uint8_t deal[PP_NUM_SQUARES];
    pp_rng_seed(&rng, seed);
    pp_random_deal(&rng, deal);
    pp_state_init(state, deal, ((const pp_state *)like)->first);
}

static void ops_apply(void *state, int action)
{
    pp_apply(state, action, NULL);
}

/* Compact history for the bindings: a pp_undo (16 bytes) per action, not a position. */
static void ops_apply_undoable(void *state, int action, void *record)
{
    pp_apply(state, action, record);
}

static void ops_undo(void *state, const void *record)
{
    pp_undo_move(state, record);
}

/* Zeros while the game goes on (the searches ask only at the end). */
static void ops_returns(const void *state, double *out, double *margins)
{
    const int diff = ((const pp_state *)state)->phase != PP_PHASE_OVER
                     ? 0 : pp_score(state, PP_RED) - pp_score(state, PP_BLUE);
    /* Each seat's own sign and margin: a draw is 0.0 for both (never -0.0). */
    out[PP_RED] = diff > 0 ? 1.0 : diff < 0 ? -1.0 : 0.0;
    out[PP_BLUE] = diff < 0 ? 1.0 : diff > 0 ? -1.0 : 0.0;
    if (margins != NULL) {
        margins[PP_RED] = (double)diff / APPLES_IN_GAME;
        margins[PP_BLUE] = (double)-diff / APPLES_IN_GAME;
    }
}

static uint64_t ops_hash(const void *state)
{
    return ((const pp_state *)state)->hash;
}

static void ops_playout(void *state, pp_rng *rng)
{
    pp_fast_playout(state, rng);
}

/* What `player` cannot see in phase placement (PP-S3, PP-C3): the other player's tiles
 * placed so far (Red places its 12 first, then Blue; space i is filled by decision i of
 * its player). They are redrawn as the first k kinds of a shuffle of the 12 tiles (two
 * of each kind), so the draw depends on k and rng only, never on the tiles it replaces.
 * Blue placing: all 12 of Red's (the shuffle's draws are those of every earlier
 * version). Nothing is hidden in phase play (PP-V1; the crates' contents follow from
 * the public moves, PP-V2) nor from Red before Blue places. */
static int ops_determinize(void *state, int player, pp_rng *rng)
{
    pp_state *s = state;
    if (s->phase != PP_PHASE_PLACEMENT || (player != PP_RED && player != PP_BLUE))
        return 0;
    const int other = PP_OTHER(player);
    const int placed = other == PP_RED ? s->placed : s->placed - PP_NUM_SPACES;
    const int k = placed < 0 ? 0 : placed > PP_NUM_SPACES ? PP_NUM_SPACES : placed;
    if (k == 0)
        return 0;
    uint8_t kinds[PP_NUM_SPACES];
    for (int i = 0; i < PP_NUM_SPACES; i++)
        kinds[i] = (uint8_t)(i / 2);
    for (int i = PP_NUM_SPACES - 1; i >= 1; i--) {
        const int j = (int)pp_draw_below(rng, (uint32_t)(i + 1));
        const uint8_t t = kinds[i];
        kinds[i] = kinds[j];
        kinds[j] = t;
    }
    for (int i = 0; i < k; i++)
        s->tile_kind[other][i] = kinds[i];
    s->hash = pp_hash_full(s);
    return 1;
}

/* In play every position; in placement only the root player's own decisions. */
static int ops_in_tree(const void *root, const void *state)
{
    const pp_state *r = root, *s = state;
    if (r->phase != PP_PHASE_PLACEMENT)
        return s->phase == PP_PHASE_PLAY;
    return s->phase == PP_PHASE_PLACEMENT && s->to_move == r->to_move;
}

/* --- what a binding needs beyond the searches (pp_game_ops.h, ABI 2) --- */

/* Checked: never trusts `action` (pp_check_action, every rule of docs/rules.md). */
static int ops_check_action(const void *state, int action)
{
    return (int)pp_check_action(state, action);
}

/* The rule id of an error code ("PP-M1"); "?" for a code the core does not give. */
static const char *ops_error_rule(int code)
{
    return pp_error_rule((pp_error)code);
}

/* The core's one sentence for the code (pp_error_text); state and action unused. */
static int ops_error_reason(const void *state, int action, int code, char *buf, size_t size)
{
    (void)state;
    (void)action;
    if (size == 0)
        return 0;
    const int n = snprintf(buf, size, "%s", pp_error_text((pp_error)code));
    return n < 0 ? 0 : n >= (int)size ? (int)size - 1 : n;
}

/* The canonical move text (docs/engine.md, "Move text"); -1 where it has none. */
static int ops_action_text(const void *state, int action, char *buf, size_t size)
{
    return pp_action_text(state, action, buf, size);
}

static size_t ops_observation_size(const void *state)
{
    return pp_observation_tensor_size(state);
}

/* The observation tensor of a seat (PP-V1, PP-V2, PP-S3); -1 on any refusal. */
static int ops_observation(const void *state, int seat, float *out, size_t size)
{
    return pp_observation_tensor(state, seat, out, size) == PP_OBS_OK ? 0 : -1;
}

/* The same over the tensor of (prev, prev_seat) (pp_observation_update); -1 on any refusal. */
static int ops_observation_update(const void *prev, int prev_seat, const void *state, int seat, float *out,
                                  size_t size)
{
    return pp_observation_update(prev, prev_seat, state, seat, out, size) == PP_OBS_OK ? 0 : -1;
}

/* The position as plain numbers (pickpack_core.h, PP_RAW_*): setup.c's loader, the
 * one rule-aware check of a position from outside (pp_state_check). */
static void ops_save_raw(const void *state, int *raw)
{
    pp_save_raw(state, raw);
}

static int ops_load_raw(void *state, const int *raw, int level, pp_load_error *e)
{
    return pp_load_raw(state, raw, level, e);
}

static int ops_mcts(const void *root, const pp_mcts_params *params, pp_mcts_node *pool,
                    size_t pool_size, pp_mcts_result *result, pp_root_move *root_moves)
{
    return pp_mcts_search(root, params, pool, pool_size, result, root_moves);
}

#define PICKPACK_OPS {                                                            \
    .abi = PP_GAME_OPS_ABI,                                                       \
    .name = "pickpack", .state_size = sizeof(pp_state), .max_actions = PP_MAX_MOVES, \
    .max_chance_outcomes = 0, .max_plies = PP_MAX_PLIES,                          \
    .num_players = ops_num_players, .current_player = ops_current_player,         \
    .legal_actions = ops_legal_actions, .apply = ops_apply, .chance_outcomes = NULL, \
    .returns = ops_returns, .hash = ops_hash,                                      \
    .playout = ops_playout, .determinize = ops_determinize, .in_tree = ops_in_tree, \
    .num_distinct_actions = PP_NUM_ACTIONS, .check_action = ops_check_action,      \
    .error_rule = ops_error_rule, .error_reason = ops_error_reason,               \
    .chance_weights = NULL, .action_text = ops_action_text,                       \
    .observation_size = ops_observation_size, .observation = ops_observation,     \
    .mcts = ops_mcts, .undo_size = sizeof(pp_undo),                               \
    .apply_undoable = ops_apply_undoable, .undo = ops_undo,                       \
    .raw_size = PP_RAW_SIZE, .save_raw = ops_save_raw, .load_raw = ops_load_raw,  \
    .field_name = pp_field_name, .max_legal_actions = PP_MAX_MOVES,                \
    .all_legal_actions = ops_all_legal_actions, .rollout_action = ops_rollout_action, \
    .new_start = ops_new_start, .observation_update = ops_observation_update }

/* The table the search below is compiled with (constant: the calls are direct). */
static const pp_game_ops pickpack_ops = PICKPACK_OPS;

const pp_game_ops pp_pickpack_ops = PICKPACK_OPS;

int pp_mcts_search(const pp_state *root, const pp_mcts_params *params,
                   pp_mcts_node *pool, size_t pool_size,
                   pp_mcts_result *result, pp_root_move *root_moves)
{
    return pp_mcts_impl(&pickpack_ops, root, params, pool, pool_size, result, root_moves);
}
