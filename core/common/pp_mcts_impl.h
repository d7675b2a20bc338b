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
    void *reply;          /* the root check's second ply, ops->state_size bytes */
    int *replies;         /* max_actions: the legal replies in the root check */
    /* IS-MCTS (hidden != 0 only): the root's player cannot see all of the root. */
    int hidden;
    uint32_t *available;  /* cap entries: per node, the simulations in which its move
                             was legal at its parent (an availability count) */
    uint32_t *mark;       /* num_distinct_actions entries: mark[a] == stamp when a is
                             legal in the simulation's determinization at this node */
    uint32_t stamp;
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
    if (r->hidden)                         /* first seen: as available as the parent */
        for (int i = 0; i < n; i++)
            r->available[r->used + (size_t)i] = node->visits;
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

/* Single-observer information-set MCTS selection (Cowling, Powley & Whitehouse 2012,
 * "Information set Monte Carlo tree search", IEEE TCIAIG 4(2), SO-ISMCTS): at a
 * decision node reached in this simulation's determinization s, a child is available
 * when its move is legal in s. A move legal in s that the node has no child for yet
 * gets one: the node's children are copied to a fresh block at the end of the pool
 * with the new ones after them (their subtrees stay where they are; the old block is
 * left unused), each new child's availability set to the node's visits, as if it had
 * been available since the node was first seen. Every available child's availability
 * then counts this visit, and UCB1 reads it in place of the parent's visits:
 * mean + c * sqrt(ln(available) / n), the first unvisited available child first.
 * The root never grows: its moves are its player's own, listed from the root itself
 * (and root_moves has room for max_actions of them). Returns the chosen child, or
 * PP_MCTS_NO_CHILD when none is available (a full pool kept out every move legal in s). */
static inline uint32_t pp_mcts_select_available(const pp_game_ops *ops, pp_mcts_run_state *r,
                                                pp_mcts_node *node, const void *s)
{
    const int n = ops->legal_actions(s, r->actions), range = ops->num_distinct_actions;
    if (r->stamp > UINT32_MAX - 2) {            /* the stamps wrap: clear the marks */
        memset(r->mark, 0, (size_t)range * sizeof *r->mark);
        r->stamp = 0;
    }
    const uint32_t legal = r->stamp + 1, child_here = r->stamp + 2;
    r->stamp += 2;
    for (int i = 0; i < n; i++)
        if (r->actions[i] >= 0 && r->actions[i] < range)
            r->mark[r->actions[i]] = legal;
    int fresh = 0;
    for (int i = 0; i < node->children; i++) {
        const int a = r->pool[node->first_child + (uint32_t)i].action;
        if (a >= 0 && a < range && r->mark[a] == legal)
            r->mark[a] = child_here;
    }
    for (int i = 0; i < n; i++)
        fresh += r->actions[i] >= 0 && r->actions[i] < range && r->mark[r->actions[i]] == legal;
    const size_t grown = (size_t)node->children + (size_t)fresh;
    if (fresh > 0 && node != r->pool && grown <= 65535 && r->used + grown <= r->cap) {
        const size_t at = r->used;
        memcpy(r->pool + at, r->pool + node->first_child, node->children * sizeof *r->pool);
        memcpy(r->available + at, r->available + node->first_child,
               node->children * sizeof *r->available);
        size_t k = at + node->children;
        for (int i = 0; i < n; i++) {
            const int a = r->actions[i];
            if (a < 0 || a >= range || r->mark[a] != legal)
                continue;
            pp_mcts_init_node(&r->pool[k], a);
            r->available[k++] = node->visits;
            r->mark[a] = child_here;
        }
        node->first_child = (uint32_t)at;
        node->children = (uint16_t)grown;
        r->used += grown;
    }
    const double c = r->c;
    double best = -INFINITY;
    uint32_t besti = PP_MCTS_NO_CHILD, unvisited = PP_MCTS_NO_CHILD;
    for (int i = 0; i < node->children; i++) {
        const uint32_t k = node->first_child + (uint32_t)i;
        const pp_mcts_node *child = r->pool + k;
        if (child->action < 0 || child->action >= range || r->mark[child->action] != child_here)
            continue;
        r->available[k]++;
        if (child->visits == 0) {
            if (unvisited == PP_MCTS_NO_CHILD)
                unvisited = k;
            continue;
        }
        const double v = (double)child->visits;
        const double u = child->total / v + c * sqrt(log((double)r->available[k]) / v);
        if (u > best) {
            best = u;
            besti = k;
        }
    }
    return unvisited != PP_MCTS_NO_CHILD ? unvisited : besti;
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
    if (r->hidden)
        ops->determinize(s, r->root_player, &r->rng);
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
        } else if (r->hidden) {
            i = pp_mcts_select_available(ops, r, node, s);
            if (i == PP_MCTS_NO_CHILD)
                break;
        } else {
            i = pp_mcts_select(r, node);
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

/* The root's most visited child among the first `searched`; ties: the higher mean,
 * then a uniform draw among those still tied, from the search's own random stream
 * (reservoir sampling), not the lower action. NULL when `searched` is 0. */
static inline const pp_mcts_node *pp_mcts_best_root_child(pp_mcts_run_state *r, int searched)
{
    const pp_mcts_node *best = NULL;
    double best_mean = 0.0;
    uint32_t tied = 0;
    for (int i = 0; i < searched; i++) {
        const pp_mcts_node *c = r->pool + r->pool[0].first_child + i;
        const double mean = c->visits ? c->total / c->visits : 0.0;
        if (best == NULL || c->visits > best->visits
                || (c->visits == best->visits && mean > best_mean)) {
            best = c;
            best_mean = mean;
            tied = 1;
        } else if (c->visits == best->visits && mean == best_mean
                   && pp_draw_below(&r->rng, ++tied) == 0) {
            best = c;
        }
    }
    return best;
}

/* Does seat p win the finished game s alone (a return above every other seat's)? Its
 * return plus the margin term goes to *value; 0 for a state that is not terminal. */
static inline int pp_mcts_wins_now(const pp_game_ops *ops, pp_mcts_run_state *r, const void *s,
                                   int p, double *value)
{
    if (ops->current_player(s) != PP_TERMINAL)
        return 0;
    ops->returns(s, r->reward, r->margins);
    *value = r->reward[p] + r->margin * r->margins[p];
    for (int q = 0; q < r->players; q++)
        if (q != p && !(r->reward[p] > r->reward[q]))
            return 0;
    return 1;
}

/* The root check: decisive and anti-decisive moves (Teytaud & Teytaud 2010, "On the
 * huge benefit of decisive moves in Monte-Carlo tree search algorithms", IEEE CIG),
 * one ply each way, without chance. With p the root's player:
 *   - a root move is decisive when the game is over right after it and p alone has
 *     the highest return (pp_mcts_wins_now);
 *   - a root move loses at once when, right after it, another seat q decides (not a
 *     chance node, not p again) and one of q's moves there is decisive for q.
 * Returns the index among the root's children of the decisive move to play (the
 * highest return plus margin term; ties: the first in the root's seeded order), or
 * -1. Without one, the root's children are reordered (stably) so that the moves that
 * lose at once come last, and the number of the others is returned in *searched --
 * all of them when every move loses at once (then the search picks among them).
 * known[i] receives child i's value where the check found one (p's return plus
 * margin term at the end it leads to: its win, or q's win), 0 elsewhere. */
static inline int pp_mcts_root_check(const pp_game_ops *ops, pp_mcts_run_state *r,
                                     int *searched, double *known)
{
    pp_mcts_node *child = r->pool + r->pool[0].first_child;
    const int n = r->pool[0].children, p = r->root_player;
    int decisive = -1, losing = 0;
    double best = -INFINITY, value = 0.0;
    char *lost = (char *)r->replies + (size_t)ops->max_actions * sizeof(int);
    *searched = n;
    for (int i = 0; i < n; i++) {
        known[i] = 0.0;
        lost[i] = 0;
        memcpy(r->state, r->root, ops->state_size);
        ops->apply(r->state, child[i].action);
        if (pp_mcts_wins_now(ops, r, r->state, p, &value)) {
            known[i] = value;
            if (value > best) {
                best = value;
                decisive = i;
            }
        }
    }
    if (decisive >= 0)
        return decisive;
    for (int i = 0; i < n; i++) {
        memcpy(r->state, r->root, ops->state_size);
        ops->apply(r->state, child[i].action);
        const int q = ops->current_player(r->state);
        if (q < 0 || q == p)
            continue;
        const int m = ops->legal_actions(r->state, r->replies);
        for (int j = 0; j < m && !lost[i]; j++) {
            memcpy(r->reply, r->state, ops->state_size);
            ops->apply(r->reply, r->replies[j]);
            if (pp_mcts_wins_now(ops, r, r->reply, q, &value)) {
                lost[i] = 1;
                known[i] = r->reward[p] + r->margin * r->margins[p];
                losing++;
            }
        }
    }
    if (losing == 0 || losing == n)
        return -1;
    /* Stable partition: the moves that do not lose at once first, in their order. */
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (lost[i])
            continue;
        for (int j = i; j > k; j--) {            /* rotate child i down to slot k */
            const pp_mcts_node t = child[j - 1];
            child[j - 1] = child[j];
            child[j] = t;
            const double v = known[j - 1];
            known[j - 1] = known[j];
            known[j] = v;
            const char l = lost[j - 1];
            lost[j - 1] = lost[j];
            lost[j] = l;
        }
        k++;
    }
    *searched = k;
    return -1;
}

/* Round n bytes up to a multiple of 16 (the scratch block's parts stay aligned). */
static inline size_t pp_mcts_round(size_t n)
{
    return (n + 15u) & ~(size_t)15u;
}

/* Carve the run's scratch out of one allocation; returns it (NULL: no memory). The
 * root check's `known` values (max_actions doubles) come last, in *known. */
static inline void *pp_mcts_scratch(const pp_game_ops *ops, pp_mcts_run_state *r, double **known)
{
    const size_t width = (size_t)pp_mcts_scratch_width(ops), plies = (size_t)ops->max_plies + 1;
    const size_t players = (size_t)r->players, moves = (size_t)ops->max_actions;
    const size_t sizes[10] = {
        pp_mcts_round(ops->state_size), pp_mcts_round(width * sizeof(int)),
        pp_mcts_round((size_t)ops->max_chance_outcomes * sizeof(double) + 1),
        pp_mcts_round(players * sizeof(double)), pp_mcts_round(players * sizeof(double)),
        pp_mcts_round(plies * sizeof(uint32_t)), pp_mcts_round(plies * sizeof(int)),
        pp_mcts_round(ops->state_size), pp_mcts_round(moves * (sizeof(int) + 1)),
        pp_mcts_round(moves * sizeof(double)),
    };
    size_t total = 0;
    for (int i = 0; i < 10; i++)
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
    r->mover = (int *)(void *)at;       at += sizes[6];
    r->reply = at;                      at += sizes[7];
    r->replies = (int *)(void *)at;     at += sizes[8];
    *known = (double *)(void *)at;
    return block;
}

/* Can the root's player see all of the root? Asked once, of a copy determinized from a
 * stream of its own (seeded from the search's seed), so that the search's stream is
 * the same whatever the answer; pp_game_ops.h: determinize returns 0 (and draws
 * nothing) when the player sees all of the state. */
static inline int pp_mcts_root_hidden(const pp_game_ops *ops, pp_mcts_run_state *r, uint64_t seed)
{
    if (ops->determinize == NULL)
        return 0;
    pp_rng probe;
    pp_rng_seed(&probe, seed ^ UINT64_C(0x9e3779b97f4a7c15));
    memcpy(r->state, r->root, ops->state_size);
    return ops->determinize(r->state, r->root_player, &probe) != 0;
}

static int pp_mcts_impl(const pp_game_ops *ops, const void *root, const pp_mcts_params *params,
                        pp_mcts_node *pool, size_t pool_size,
                        pp_mcts_result *result, pp_root_move *root_moves)
{
    const double start = pp_search_clock();
    pp_mcts_run_state r;
    double *known;
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
    void *scratch = pp_mcts_scratch(ops, &r, &known);
    if (scratch == NULL)
        return PP_SEARCH_NO_MEMORY;
    r.root = root;
    r.root_player = who;
    r.hidden = pp_mcts_root_hidden(ops, &r, params->seed);
    r.available = NULL;
    r.mark = NULL;
    r.stamp = 0;
    if (r.hidden && ops->num_distinct_actions < 1) {   /* IS-MCTS marks moves by number */
        free(scratch);
        return PP_SEARCH_BAD_PARAMS;
    }
    r.pool = pool ? pool : malloc(r.cap * sizeof *r.pool);
    if (r.hidden) {
        r.available = malloc(r.cap * sizeof *r.available);
        r.mark = calloc((size_t)ops->num_distinct_actions, sizeof *r.mark);
    }
    if (r.pool == NULL || (r.hidden && (r.available == NULL || r.mark == NULL))) {
        if (pool == NULL)
            free(r.pool);
        free(r.available);
        free(r.mark);
        free(scratch);
        return PP_SEARCH_NO_MEMORY;
    }
    r.used = 1;
    pp_rng_seed(&r.rng, params->seed);
    r.c = params->exploration;
    r.margin = params->margin;
    r.path[0] = 0;
    r.mover[0] = PP_CHANCE;
    pp_mcts_init_node(r.pool, 0);

    long sims = 0;
    int stopped = 0, searched, decisive = -1;
    const int clocked = params->seconds > 0.0 || params->poll != NULL;
    double last_poll = start;
    pp_mcts_expand(ops, &r, r.pool, root, who);    /* the cap leaves room for any root */
    const int root_children = r.pool[0].children;
    searched = root_children;
    for (int i = 0; i < root_children; i++)
        known[i] = 0.0;
    /* The root check reads the root as it is: only where its player sees all of it. */
    if (root_children > 1 && !r.hidden && r.players >= 2)
        decisive = pp_mcts_root_check(ops, &r, &searched, known);
    r.pool[0].children = (uint16_t)searched;       /* the search keeps these */
    if (searched > 1 && decisive < 0) {            /* a single move needs no search */
        for (;;) {
            if (params->simulations > 0 && sims >= params->simulations)
                break;
            if (clocked && sims % PP_MCTS_CLOCK_EVERY == 0
                && pp_search_time_is_up(start, params->seconds, params->poll, params->poll_ctx,
                                        &last_poll, &stopped))
                break;
            pp_mcts_simulate(ops, &r);
            sims++;
        }
    }
    const pp_mcts_node *best = decisive >= 0 ? r.pool + r.pool[0].first_child + decisive
                                             : pp_mcts_best_root_child(&r, searched);
    int rc = stopped ? PP_SEARCH_STOPPED : PP_SEARCH_OK;
    if (best == NULL) {                            /* a decision node without moves */
        rc = PP_SEARCH_BAD_PARAMS;
    } else {
        result->action = best->action;
        result->value = decisive >= 0 ? known[decisive]
                      : best->visits ? best->total / best->visits : 0.0;
        result->simulations = sims;
        result->nodes = r.used;
        result->root_moves = 0;
        if (root_moves) {
            for (int i = 0; i < root_children; i++) {
                const pp_mcts_node *c = r.pool + r.pool[0].first_child + i;
                root_moves[i].action = c->action;
                root_moves[i].visits = (long)c->visits;
                root_moves[i].value = c->visits ? c->total / c->visits : known[i];
            }
            result->root_moves = root_children;
        }
        result->seconds = pp_search_clock() - start;
    }
    if (pool == NULL)
        free(r.pool);
    free(r.available);
    free(r.mark);
    free(scratch);
    return rc;
}

#endif
