/*
 * pp_mcts_impl.h - the body of the generic MCTS (contract: pp_mcts.h), as static
 * functions taking the ops table as their first argument.
 *
 * pp_mcts.c includes it once for pp_mcts_run (any table, called through pointers). A
 * game may include it too and call pp_mcts_impl with its own table as a constant
 * object (`static const pp_game_ops`): the compiler then sees through the table and
 * calls (or inlines) the game's functions directly, as a search written for that game
 * alone would. Include pp_search_internal.h first (it sets _POSIX_C_SOURCE).
 */
#ifndef PP_MCTS_IMPL_H
#define PP_MCTS_IMPL_H

#include "pp_search_internal.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "pp_mcts.h"

#define PP_MCTS_CLOCK_EVERY 16        /* simulations between two clock reads */
#define PP_MCTS_NO_CHILD UINT32_MAX

/* What a search needs besides the tree: the run's scratch comes from one allocation. */
typedef struct pp_mcts_run_state {
    const void *root;
    pp_mcts_node *pool;
    size_t cap, used;
    pp_rng rng;
    double c, margin;
    int root_player, players;
    void *state;          /* the simulation's position, ops->state_size bytes */
    int *actions;         /* max(max_actions, max_chance_outcomes) */
    double *probs;        /* max_chance_outcomes */
    double *reward;       /* players: the returns of the simulation being backed up */
    double *margins;      /* players */
    uint32_t *path;       /* max_plies + 1 pool indices */
    int *mover;           /* max_plies + 1 seats (PP_CHANCE for a chance draw) */
} pp_mcts_run_state;

static inline int pp_mcts_scratch_width(const pp_game_ops *ops)
{
    return ops->max_actions > ops->max_chance_outcomes ? ops->max_actions
                                                       : ops->max_chance_outcomes;
}

static inline void pp_mcts_init_node(pp_mcts_node *n, int action)
{
    n->total = 0.0;
    n->visits = 0;
    n->first_child = 0;
    n->action = action;
    n->children = 0;
}

/* Create all children of `node` (state s, whose mover is `who`) at once: the outcomes
 * of a chance node in the game's order, the moves of a decision node in an order
 * shuffled from the seed. Returns 0 when the pool is full. */
static inline int pp_mcts_expand(const pp_game_ops *ops, pp_mcts_run_state *r,
                                 pp_mcts_node *node, const void *s, int who)
{
    int *moves = r->actions;
    const int n = who == PP_CHANCE ? ops->chance_outcomes(s, moves, r->probs)
                                   : ops->legal_actions(s, moves);
    if (n <= 0 || r->used + (size_t)n > r->cap)
        return 0;
    if (who != PP_CHANCE) {
        for (int i = n - 1; i >= 1; i--) {
            const int j = (int)pp_draw_below(&r->rng, (uint32_t)(i + 1));
            const int t = moves[i];
            moves[i] = moves[j];
            moves[j] = t;
        }
    }
    pp_mcts_node *child = r->pool + r->used;
    for (int i = 0; i < n; i++)
        pp_mcts_init_node(&child[i], moves[i]);
    node->first_child = (uint32_t)r->used;
    node->children = (uint16_t)n;
    r->used += (size_t)n;
    return 1;
}

/* An outcome index 0..n-1 drawn with probabilities probs[0..n-1] (summing to 1): the
 * first whose running sum exceeds a uniform draw in [0, 1); the last one takes what
 * rounding leaves. */
static inline int pp_mcts_pick_outcome(pp_rng *rng, const double *probs, int n)
{
    const double u = pp_draw_unit(rng);
    double sum = 0.0;
    for (int i = 0; i < n - 1; i++) {
        sum += probs[i];
        if (u < sum)
            return i;
    }
    return n - 1;
}

/* UCB1 (Auer et al. 2002) as UCT applies it: the child maximising
 * mean + c * sqrt(ln N / n); an unvisited child first. */
static inline uint32_t pp_mcts_select(const pp_mcts_run_state *r, const pp_mcts_node *node)
{
    const pp_mcts_node *child = r->pool + node->first_child;
    const double log_n = log((double)node->visits);
    double best = -INFINITY;
    int besti = 0;
    for (int i = 0; i < node->children; i++) {
        const double n = (double)child[i].visits;
        if (child[i].visits == 0)
            return node->first_child + (uint32_t)i;
        const double u = child[i].total / n + r->c * sqrt(log_n / n);
        if (u > best) {
            best = u;
            besti = i;
        }
    }
    return node->first_child + (uint32_t)besti;
}

/* The child of a chance node for an outcome drawn with the game's probabilities, or
 * PP_MCTS_NO_CHILD when this state's outcomes are not the node's (a determinization
 * changed them). */
static inline uint32_t pp_mcts_draw_outcome(const pp_game_ops *ops, pp_mcts_run_state *r,
                                            const pp_mcts_node *node, const void *s)
{
    const int n = ops->chance_outcomes(s, r->actions, r->probs);
    if (n != node->children)
        return PP_MCTS_NO_CHILD;
    const int i = pp_mcts_pick_outcome(&r->rng, r->probs, n);
    const uint32_t k = node->first_child + (uint32_t)i;
    return r->pool[k].action == r->actions[i] ? k : PP_MCTS_NO_CHILD;
}

/* Is `action` among the legal actions of s? (Only asked in a determinized state.) */
static inline int pp_mcts_legal_here(const pp_game_ops *ops, pp_mcts_run_state *r,
                                     const void *s, int action)
{
    const int n = ops->legal_actions(s, r->actions);
    for (int i = 0; i < n; i++)
        if (r->actions[i] == action)
            return 1;
    return 0;
}

/* Finish the game at random: the game's playout, or draws over its operations. */
static inline void pp_mcts_playout(const pp_game_ops *ops, pp_mcts_run_state *r, void *s)
{
    if (ops->playout != NULL) {
        ops->playout(s, &r->rng);
        return;
    }
    for (;;) {
        const int who = ops->current_player(s);
        if (who == PP_TERMINAL)
            return;
        if (who == PP_CHANCE) {
            const int n = ops->chance_outcomes(s, r->actions, r->probs);
            ops->apply(s, r->actions[pp_mcts_pick_outcome(&r->rng, r->probs, n)]);
        } else {
            const int n = ops->legal_actions(s, r->actions);
            ops->apply(s, r->actions[pp_draw_below(&r->rng, (uint32_t)n)]);
        }
    }
}

/* One simulation: selection and expansion down the tree, a playout, backup. */
static inline void pp_mcts_simulate(const pp_game_ops *ops, pp_mcts_run_state *r)
{
    void *s = r->state;
    pp_mcts_node *node = r->pool;
    int depth = 1, who;
    memcpy(s, r->root, ops->state_size);
    const int hidden = ops->determinize != NULL && ops->determinize(s, r->root_player, &r->rng);
    for (;;) {
        who = ops->current_player(s);
        if (who == PP_TERMINAL || depth > ops->max_plies)
            break;
        if (ops->in_tree != NULL && !ops->in_tree(r->root, s))
            break;
        if (node->children == 0) {
            /* A leaf seen for the first time gets a playout; expanded on its second. */
            if (node != r->pool && node->visits == 0)
                break;
            if (!pp_mcts_expand(ops, r, node, s, who))
                break;
        }
        uint32_t i;
        if (who == PP_CHANCE) {
            i = pp_mcts_draw_outcome(ops, r, node, s);
            if (i == PP_MCTS_NO_CHILD)
                break;
        } else {
            i = pp_mcts_select(r, node);
            if (hidden && !pp_mcts_legal_here(ops, r, s, r->pool[i].action))
                break;
        }
        r->mover[depth] = who;
        r->path[depth++] = i;
        ops->apply(s, r->pool[i].action);
        node = r->pool + i;
    }
    if (who != PP_TERMINAL)
        pp_mcts_playout(ops, r, s);
    if (r->margin > 0.0) {
        ops->returns(s, r->reward, r->margins);
        for (int p = 0; p < r->players; p++)
            r->reward[p] += r->margin * r->margins[p];
    } else {
        ops->returns(s, r->reward, NULL);
    }
    r->pool[0].visits++;
    for (int d = 1; d < depth; d++) {
        pp_mcts_node *n = r->pool + r->path[d];
        n->visits++;
        if (r->mover[d] >= 0)
            n->total += r->reward[r->mover[d]];    /* the chooser's return */
    }
}

static inline int pp_mcts_params_ok(const pp_mcts_params *p)
{
    return p->simulations >= 0 && isfinite(p->seconds) && p->seconds >= 0.0
        && (p->simulations > 0 || p->seconds > 0.0)
        && isfinite(p->exploration) && p->exploration >= 0.0
        && isfinite(p->margin) && p->margin >= 0.0;
}

static inline int pp_mcts_ops_ok(const pp_game_ops *ops)
{
    return ops->state_size > 0 && ops->max_actions >= 1 && ops->max_actions <= 65535
        && ops->max_chance_outcomes >= 0 && ops->max_chance_outcomes <= 65535
        && ops->max_plies >= 1 && ops->num_players != NULL && ops->current_player != NULL
        && ops->legal_actions != NULL && ops->apply != NULL && ops->returns != NULL
        && (ops->max_chance_outcomes == 0 || ops->chance_outcomes != NULL);
}

/* The root's most visited child; ties: higher mean, then lower action. */
static inline const pp_mcts_node *pp_mcts_best_root_child(const pp_mcts_run_state *r)
{
    const pp_mcts_node *root = r->pool, *best = NULL;
    for (int i = 0; i < root->children; i++) {
        const pp_mcts_node *c = r->pool + root->first_child + i;
        if (best == NULL || c->visits > best->visits) {
            best = c;
            continue;
        }
        if (c->visits < best->visits)
            continue;
        const double mc = c->visits ? c->total / c->visits : 0.0;
        const double mb = best->visits ? best->total / best->visits : 0.0;
        if (mc > mb || (mc == mb && c->action < best->action))
            best = c;
    }
    return best;
}

/* Round n bytes up to a multiple of 16 (the scratch block's parts stay aligned). */
static inline size_t pp_mcts_round(size_t n)
{
    return (n + 15u) & ~(size_t)15u;
}

/* Carve the run's scratch out of one allocation; returns it (NULL: no memory). */
static inline void *pp_mcts_scratch(const pp_game_ops *ops, pp_mcts_run_state *r)
{
    const size_t width = (size_t)pp_mcts_scratch_width(ops), plies = (size_t)ops->max_plies + 1;
    const size_t players = (size_t)r->players;
    const size_t sizes[7] = {
        pp_mcts_round(ops->state_size), pp_mcts_round(width * sizeof(int)),
        pp_mcts_round((size_t)ops->max_chance_outcomes * sizeof(double) + 1),
        pp_mcts_round(players * sizeof(double)), pp_mcts_round(players * sizeof(double)),
        pp_mcts_round(plies * sizeof(uint32_t)), pp_mcts_round(plies * sizeof(int)),
    };
    size_t total = 0;
    for (int i = 0; i < 7; i++)
        total += sizes[i];
    char *block = malloc(total), *at = block;
    if (block == NULL)
        return NULL;
    r->state = at;                 at += sizes[0];
    r->actions = (int *)(void *)at;     at += sizes[1];
    r->probs = (double *)(void *)at;    at += sizes[2];
    r->reward = (double *)(void *)at;   at += sizes[3];
    r->margins = (double *)(void *)at;  at += sizes[4];
    r->path = (uint32_t *)(void *)at;   at += sizes[5];
    r->mover = (int *)(void *)at;
    return block;
}

static int pp_mcts_impl(const pp_game_ops *ops, const void *root, const pp_mcts_params *params,
                        pp_mcts_node *pool, size_t pool_size,
                        pp_mcts_result *result, pp_root_move *root_moves)
{
    const double start = pp_search_clock();
    pp_mcts_run_state r;
    if (!pp_mcts_params_ok(params) || !pp_mcts_ops_ok(ops))
        return PP_SEARCH_BAD_PARAMS;
    r.cap = pool ? pool_size : params->max_nodes;
    if (r.cap < (size_t)ops->max_actions + 1 || r.cap > UINT32_MAX)
        return PP_SEARCH_BAD_PARAMS;
    const int who = ops->current_player(root);
    if (who == PP_TERMINAL)
        return PP_SEARCH_GAME_OVER;
    if (who == PP_CHANCE)
        return PP_SEARCH_CHANCE_ROOT;
    r.players = ops->num_players(root);
    if (r.players < 1 || who >= r.players)
        return PP_SEARCH_BAD_PARAMS;
    void *scratch = pp_mcts_scratch(ops, &r);
    if (scratch == NULL)
        return PP_SEARCH_NO_MEMORY;
    r.pool = pool ? pool : malloc(r.cap * sizeof *r.pool);
    if (r.pool == NULL) {
        free(scratch);
        return PP_SEARCH_NO_MEMORY;
    }
    r.root = root;
    r.used = 1;
    pp_rng_seed(&r.rng, params->seed);
    r.c = params->exploration;
    r.margin = params->margin;
    r.root_player = who;
    r.path[0] = 0;
    r.mover[0] = PP_CHANCE;
    pp_mcts_init_node(r.pool, 0);

    long sims = 0;
    int stopped = 0;
    const int clocked = params->seconds > 0.0 || params->poll != NULL;
    double last_poll = start;
    pp_mcts_expand(ops, &r, r.pool, root, who);    /* the cap leaves room for any root */
    if (r.pool[0].children > 1) {                  /* a single move needs no search */
        for (;;) {
            if (params->simulations > 0 && sims >= params->simulations)
                break;
            if (clocked && sims % PP_MCTS_CLOCK_EVERY == 0) {
                const double now = pp_search_clock();
                if (params->seconds > 0.0 && now - start >= params->seconds)
                    break;
                stopped = pp_search_polled_stop(params->poll, params->poll_ctx, now, &last_poll);
                if (stopped)
                    break;
            }
            pp_mcts_simulate(ops, &r);
            sims++;
        }
    }
    const pp_mcts_node *best = pp_mcts_best_root_child(&r);
    int rc = stopped ? PP_SEARCH_STOPPED : PP_SEARCH_OK;
    if (best == NULL) {                            /* a decision node without moves */
        rc = PP_SEARCH_BAD_PARAMS;
    } else {
        result->action = best->action;
        result->value = best->visits ? best->total / best->visits : 0.0;
        result->simulations = sims;
        result->nodes = r.used;
        result->root_moves = 0;
        if (root_moves) {
            for (int i = 0; i < r.pool[0].children; i++) {
                const pp_mcts_node *c = r.pool + r.pool[0].first_child + i;
                root_moves[i].action = c->action;
                root_moves[i].visits = (long)c->visits;
                root_moves[i].value = c->visits ? c->total / c->visits : 0.0;
            }
            result->root_moves = r.pool[0].children;
        }
        result->seconds = pp_search_clock() - start;
    }
    if (pool == NULL)
        free(r.pool);
    free(scratch);
    return rc;
}

#endif
