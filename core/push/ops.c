/* PUSH's table of game operations (pp_game_ops.h) and its MCTS: the generic search of
 * core/common (pp_mcts_impl.h) compiled here over this table as a constant, so the
 * compiler calls the functions below directly.
 *
 * Returns (PU-E3): k winners among n players get (n-k)/(k(n-1)) each, the others
 * -1/(n-1); margins (score - best other score)/60 clamped to [-1, 1].
 *
 * Hidden information (PU-V1): the deck's composition and the other seats' banks. Each
 * simulation redraws them (push_determinize); decisions never depend on them (only on
 * benches, stacks and the deck's size), so every tree move stays legal. */
#include "pp_search_internal.h"   /* first: it sets _POSIX_C_SOURCE for clock_gettime */
#include "pp_mcts_impl.h"
#include "push_internal.h"
#include "push_search.h"

int push_determinize(push_state *s, int player, pp_rng *rng)
{
    uint8_t pool[PUSH_NUM_NUMBER_TYPES * PUSH_COPIES_PER_NUMBER];
    int size[PUSH_MAX_PLAYERS] = {0};
    int n = 0, hidden = 0;
    for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++)
        for (int i = 0; i < s->deck[t]; i++)
            pool[n++] = (uint8_t)t;
    for (int q = 0; q < s->players; q++) {
        if (q == player)
            continue;
        for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++) {
            for (int i = 0; i < s->bank[q][t]; i++)
                pool[n++] = (uint8_t)t;
            size[q] += s->bank[q][t];
            s->bank[q][t] = 0;
        }
        hidden += size[q];
    }
    for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++) {
        s->deck_total = (uint8_t)(s->deck_total - s->deck[t]);
        s->deck[t] = 0;
    }
    for (int q = 0; q < s->players; q++)
        for (int i = 0; i < size[q]; i++) {
            const int j = (int)pp_rng_below(rng, (uint32_t)n);
            s->bank[q][pool[j]]++;
            pool[j] = pool[--n];
        }
    for (int i = 0; i < n; i++)
        s->deck[pool[i]]++;
    s->deck_total = (uint8_t)(s->deck_total + n);
    s->hash = push_hash_full(s);
    return hidden > 0;
}

static int ops_num_players(const void *state)
{
    return ((const push_state *)state)->players;
}

static int ops_current_player(const void *state)
{
    return push_current_player(state);
}

static int ops_legal_actions(const void *state, int *out)
{
    return push_legal_actions(state, out);
}

static void ops_apply(void *state, int action)
{
    push_apply(state, action, NULL);
}

static int ops_chance_outcomes(const void *state, int *actions, double *probabilities)
{
    int weights[PUSH_MAX_OUTCOMES], total = 0;
    const int n = push_chance_outcomes(state, actions, weights, &total);
    for (int i = 0; i < n; i++)
        probabilities[i] = (double)weights[i] / (double)total;
    return n;
}

static void ops_returns(const void *state, double *out, double *margins)
{
    push_returns(state, out, margins);
}

static uint64_t ops_hash(const void *state)
{
    return ((const push_state *)state)->hash;
}

static void ops_playout(void *state, pp_rng *rng)
{
    push_playout(state, rng, NULL);
}

static int ops_determinize(void *state, int player, pp_rng *rng)
{
    return push_determinize(state, player, rng);
}

#define PUSH_OPS {                                                                 \
    .name = "push", .state_size = sizeof(push_state), .max_actions = PUSH_MAX_ACTIONS, \
    .max_chance_outcomes = PUSH_MAX_OUTCOMES, .max_plies = PUSH_MAX_PLIES,           \
    .num_players = ops_num_players, .current_player = ops_current_player,          \
    .legal_actions = ops_legal_actions, .apply = ops_apply,                        \
    .chance_outcomes = ops_chance_outcomes, .returns = ops_returns, .hash = ops_hash, \
    .playout = ops_playout, .determinize = ops_determinize, .in_tree = NULL }

/* The table the search below is compiled with (constant: the calls are direct). */
static const pp_game_ops push_ops = PUSH_OPS;

const pp_game_ops pp_push_ops = PUSH_OPS;

int push_mcts_search(const push_state *root, const pp_mcts_params *params,
                     pp_mcts_node *pool, size_t pool_size,
                     pp_mcts_result *result, pp_root_move *root_moves)
{
    return pp_mcts_impl(&push_ops, root, params, pool, pool_size, result, root_moves);
}
