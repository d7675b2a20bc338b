/* Monte-Carlo tree search: UCT (Kocsis & Szepesvari 2006) with uniformly random
 * playouts, entirely in C. The contract is in pickpack_search.h. */
#include "search_internal.h"   /* first: it sets _POSIX_C_SOURCE for clock_gettime */
#include <math.h>
#include <stdlib.h>
#include "pickpack_search.h"

#define CLOCK_EVERY 16                    /* simulations between two clock reads */
#define MAX_PATH (PP_MAX_PLIES + 1)       /* a game is never longer than this */
#define APPLES_IN_GAME 97.0               /* PP-C2: the margin term's scale */

void pp_mcts_default_params(pp_mcts_params *p)
{
    p->seed = 0;
    p->simulations = 0;
    p->seconds = 0.0;
    p->poll = NULL;
    p->poll_ctx = NULL;
    p->exploration = 1.0;
    p->margin = 0.5;
    p->max_nodes = (size_t)1 << 22;
}

/* What a search needs besides the tree. */
typedef struct mcts_run {
    const pp_state *root;
    pp_mcts_node *pool;
    size_t cap, used;
    pp_rng rng;
    double c, margin;
    int root_player;
    int in_placement;     /* the root is in phase placement (PP-S3) */
    int hide_red;         /* Blue places: Red's placement is hidden from it (PP-S3) */
} mcts_run;

/* May the tree hold a node for this position? In play every position can; in
 * placement only the root player's own decisions (the opponent's are hidden). */
static inline int in_tree(const mcts_run *r, const pp_state *s)
{
    if (!r->in_placement)
        return s->phase == PP_PHASE_PLAY;
    return s->phase == PP_PHASE_PLACEMENT && s->to_move == r->root_player;
}

/* Create all children of `node` at once, in an order shuffled from the seed so that
 * the first unvisited child is a random one. Returns 0 when the pool is full. */
static int expand(mcts_run *r, pp_mcts_node *node, const pp_state *s)
{
    uint16_t moves[PP_MAX_MOVES];
    const int n = pp_distinct_actions(s, moves);
    if (n <= 0 || r->used + (size_t)n > r->cap)
        return 0;
    for (int i = n - 1; i >= 1; i--) {
        const int j = (int)pp_draw_below(&r->rng, (uint32_t)(i + 1));
        const uint16_t t = moves[i];
        moves[i] = moves[j];
        moves[j] = t;
    }
    pp_mcts_node *child = r->pool + r->used;
    for (int i = 0; i < n; i++) {
        child[i].total = 0.0;
        child[i].visits = 0;
        child[i].first_child = 0;
        child[i].action = moves[i];
        child[i].children = 0;
    }
    node->first_child = (uint32_t)r->used;
    node->children = (uint16_t)n;
    r->used += (size_t)n;
    return 1;
}

/* UCB1 (Auer et al. 2002) as UCT applies it: the child maximising
 * mean + c * sqrt(ln N / n); an unvisited child first. */
static inline uint32_t select_child(const mcts_run *r, const pp_mcts_node *node)
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

/* Red's return for a finished game: win/draw/loss plus the weighted margin (PP-E3/E4). */
static inline double red_return(const mcts_run *r, const pp_state *s)
{
    const int diff = pp_score(s, PP_RED) - pp_score(s, PP_BLUE);
    const double outcome = diff > 0 ? 1.0 : diff < 0 ? -1.0 : 0.0;
    return outcome + r->margin * (double)diff / APPLES_IN_GAME;
}

/* A fresh draw of Red's hidden placement for a Blue root in phase placement. */
static void redraw_red_tiles(mcts_run *r, pp_state *s)
{
    uint8_t kinds[PP_NUM_SPACES];
    for (int i = 0; i < PP_NUM_SPACES; i++)
        kinds[i] = (uint8_t)(i / 2);
    for (int i = PP_NUM_SPACES - 1; i >= 1; i--) {
        const int j = (int)pp_draw_below(&r->rng, (uint32_t)(i + 1));
        const uint8_t t = kinds[i];
        kinds[i] = kinds[j];
        kinds[j] = t;
    }
    for (int i = 0; i < PP_NUM_SPACES; i++)
        s->tile_kind[PP_RED][i] = kinds[i];
    s->hash = pp_hash_full(s);
}

/* One simulation: selection and expansion down the tree, a random playout, backup. */
static void simulate(mcts_run *r)
{
    uint32_t path[MAX_PATH];
    uint8_t mover[MAX_PATH];
    int depth = 1;
    pp_state s = *r->root;
    pp_mcts_node *node = r->pool;
    if (r->hide_red)
        redraw_red_tiles(r, &s);
    path[0] = 0;
    mover[0] = PP_NOBODY;
    while (in_tree(r, &s)) {
        if (node->children == 0) {
            /* A leaf seen for the first time gets a playout; expanded on its second. */
            if (node != r->pool && node->visits == 0)
                break;
            if (!expand(r, node, &s))
                break;
        }
        const uint32_t i = select_child(r, node);
        mover[depth] = s.to_move;
        path[depth++] = i;
        pp_apply(&s, r->pool[i].action, NULL);
        node = r->pool + i;
    }
    if (s.phase != PP_PHASE_OVER)
        pp_fast_playout(&s, &r->rng);
    const double red = red_return(r, &s);
    r->pool[0].visits++;
    for (int d = 1; d < depth; d++) {
        pp_mcts_node *n = r->pool + path[d];
        n->visits++;
        n->total += mover[d] == PP_RED ? red : -red;   /* the chooser's return */
    }
}

static int params_ok(const pp_mcts_params *p)
{
    return p->simulations >= 0 && isfinite(p->seconds) && p->seconds >= 0.0
        && (p->simulations > 0 || p->seconds > 0.0)
        && isfinite(p->exploration) && p->exploration >= 0.0
        && isfinite(p->margin) && p->margin >= 0.0;
}

/* The root's most visited child; ties: higher mean, then lower action. */
static const pp_mcts_node *best_root_child(const mcts_run *r)
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

int pp_mcts_search(const pp_state *root, const pp_mcts_params *params,
                   pp_mcts_node *pool, size_t pool_size,
                   pp_mcts_result *result, pp_root_move *root_moves)
{
    const double start = pp_search_clock();
    mcts_run r;
    if (!params_ok(params))
        return PP_SEARCH_BAD_PARAMS;
    r.cap = pool ? pool_size : params->max_nodes;
    if (r.cap < (size_t)PP_MAX_MOVES + 1 || r.cap > UINT32_MAX)
        return PP_SEARCH_BAD_PARAMS;
    if (root->phase == PP_PHASE_OVER || root->to_move > PP_BLUE)
        return PP_SEARCH_GAME_OVER;
    r.pool = pool ? pool : malloc(r.cap * sizeof *r.pool);
    if (r.pool == NULL)
        return PP_SEARCH_NO_MEMORY;
    r.root = root;
    r.used = 1;
    pp_rng_seed(&r.rng, params->seed);
    r.c = params->exploration;
    r.margin = params->margin;
    r.root_player = root->to_move;
    r.in_placement = root->phase == PP_PHASE_PLACEMENT;
    r.hide_red = r.in_placement && root->to_move == PP_BLUE;
    r.pool[0].total = 0.0;
    r.pool[0].visits = 0;
    r.pool[0].first_child = 0;
    r.pool[0].action = 0;
    r.pool[0].children = 0;

    long sims = 0;
    int stopped = 0;
    const int clocked = params->seconds > 0.0 || params->poll != NULL;
    double last_poll = start;
    expand(&r, r.pool, root);         /* the cap leaves room for any root */
    if (r.pool[0].children > 1) {     /* a single move needs no search */
        for (;;) {
            if (params->simulations > 0 && sims >= params->simulations)
                break;
            if (clocked && sims % CLOCK_EVERY == 0) {
                const double now = pp_search_clock();
                if (params->seconds > 0.0 && now - start >= params->seconds)
                    break;
                stopped = pp_search_polled_stop(params->poll, params->poll_ctx, now, &last_poll);
                if (stopped)
                    break;
            }
            simulate(&r);
            sims++;
        }
    }
    const pp_mcts_node *best = best_root_child(&r);
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
    if (pool == NULL)
        free(r.pool);
    result->seconds = pp_search_clock() - start;
    return stopped ? PP_SEARCH_STOPPED : PP_SEARCH_OK;
}
