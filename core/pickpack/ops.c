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
 * playout. In phase play the players see every tile and the tree holds every position. */
#include "search_internal.h"   /* first: it sets _POSIX_C_SOURCE for clock_gettime */
#include "pp_mcts_impl.h"
#include "pickpack_search.h"

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

/* The symmetry-reduced moves (pickpack_search.h, pp_distinct_actions). */
static int ops_legal_actions(const void *state, int *out)
{
    uint16_t moves[PP_MAX_MOVES];
    const int n = pp_distinct_actions(state, moves);
    for (int i = 0; i < n; i++)
        out[i] = moves[i];
    return n;
}

static void ops_apply(void *state, int action)
{
    pp_apply(state, action, NULL);
}

static void ops_returns(const void *state, double *out, double *margins)
{
    const int diff = pp_score(state, PP_RED) - pp_score(state, PP_BLUE);
    out[PP_RED] = diff > 0 ? 1.0 : diff < 0 ? -1.0 : 0.0;
    out[PP_BLUE] = -out[PP_RED];
    if (margins != NULL) {
        margins[PP_RED] = (double)diff / APPLES_IN_GAME;
        margins[PP_BLUE] = -margins[PP_RED];
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

/* Blue placing: a fresh draw of Red's hidden placement (PP-S3, PP-C3). */
static int ops_determinize(void *state, int player, pp_rng *rng)
{
    pp_state *s = state;
    if (s->phase != PP_PHASE_PLACEMENT || player != PP_BLUE)
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
    for (int i = 0; i < PP_NUM_SPACES; i++)
        s->tile_kind[PP_RED][i] = kinds[i];
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

#define PICKPACK_OPS {                                                            \
    .name = "pickpack", .state_size = sizeof(pp_state), .max_actions = PP_MAX_MOVES, \
    .max_chance_outcomes = 0, .max_plies = PP_MAX_PLIES,                          \
    .num_players = ops_num_players, .current_player = ops_current_player,         \
    .legal_actions = ops_legal_actions, .apply = ops_apply, .chance_outcomes = NULL, \
    .returns = ops_returns, .hash = ops_hash,                                      \
    .playout = ops_playout, .determinize = ops_determinize, .in_tree = ops_in_tree }

/* The table the search below is compiled with (constant: the calls are direct). */
static const pp_game_ops pickpack_ops = PICKPACK_OPS;

const pp_game_ops pp_pickpack_ops = PICKPACK_OPS;

int pp_mcts_search(const pp_state *root, const pp_mcts_params *params,
                   pp_mcts_node *pool, size_t pool_size,
                   pp_mcts_result *result, pp_root_move *root_moves)
{
    return pp_mcts_impl(&pickpack_ops, root, params, pool, pool_size, result, root_moves);
}
