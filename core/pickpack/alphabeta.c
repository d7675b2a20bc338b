/* Alpha-beta search: negamax with alpha-beta pruning (Knuth & Moore 1975), iterative
 * deepening, move ordering and a transposition table keyed by the Zobrist hash. The
 * contract is in pickpack_search.h; the evaluation is explained in docs/bots.md. */
#include "search_internal.h"   /* first: it sets _POSIX_C_SOURCE for clock_gettime */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "pickpack_search.h"

#define INF (PP_AB_WIN * 4)
#define CLOCK_EVERY 1024                   /* interior nodes between two clock reads */
#define TT_MAX_LOG2 26

enum { BOUND_EXACT = 0, BOUND_LOWER = 1, BOUND_UPPER = 2 };

/* One table entry: the full hash, so that another position in the same bucket is never
 * taken for this one (two positions with the same 64-bit hash are not told apart). */
typedef struct tt_entry {
    uint64_t key;
    int32_t value;
    uint16_t move;
    int8_t depth;       /* 0: empty slot */
    uint8_t bound;
} tt_entry;

typedef struct ab_run {
    const pp_eval_weights *w;
    tt_entry *tt;          /* 2 entries per bucket, or NULL */
    uint64_t mask;         /* buckets - 1 */
    uint64_t nodes, hits;
    double start, seconds;
    pp_search_poll poll;   /* pickpack_search.h: NULL, or asked whether to stop */
    void *poll_ctx;
    double last_poll;      /* clock at the last call of poll */
    int timed;             /* the clock may stop this iteration */
    int clocked;           /* read the clock every CLOCK_EVERY nodes (timed or poll) */
    int countdown;         /* interior nodes until the next clock read */
    int abort;             /* the clock or poll stopped it: its values are dropped */
    int stopped;           /* poll asked to stop */
    int horizon;           /* some line was cut by the depth limit */
    uint32_t history[PP_NUM_ACTIONS];   /* cutoffs per action, weighted by depth^2 */
} ab_run;

/* ------------------------------------------------------------------------------------
 * Evaluation (docs/bots.md)
 * ------------------------------------------------------------------------------------ */

void pp_eval_score_only(pp_eval_weights *w)
{
    w->premium = w->wholesale = w->rush = w->tile = 0;
}

void pp_eval_default(pp_eval_weights *w)
{
    w->premium = 12;        /* 3/4 of the fullest open crate per Premium in hand */
    w->wholesale = 12;      /* 3/4 of what a Wholesale would take from theirs */
    w->rush = 24;           /* 1.5 points per rush order waiting */
    w->tile = 8;            /* half a point per unplayed tile */
}

static int crate_apples(const pp_state *s, int q, int c)
{
    int a = 0;
    for (int i = 0; i < s->crate_len[q][c]; i++)
        a += s->crate[q][c][i];
    return a;
}

/* Apples in the open crates of q, fullest first; returns how many crates are open. */
static int open_apples_sorted(const pp_state *s, int q, int out[PP_NUM_CRATES])
{
    int n = 0;
    for (int c = 0; c < PP_NUM_CRATES; c++) {
        if (s->crate_status[q][c] != PP_CRATE_OPEN) continue;
        int a = crate_apples(s, q, c), i = n++;
        for (; i > 0 && out[i - 1] < a; i--)
            out[i] = out[i - 1];
        out[i] = a;
    }
    return n;
}

/* The weighted terms of player q against r (sixteenths of a point). */
static int potential(const pp_state *s, int q, const pp_eval_weights *w)
{
    int unplayed_p = 0, unplayed_w = 0, unplayed = 0;
    for (int sp = 0; sp < PP_NUM_SPACES; sp++) {
        if (s->tile_status[q][sp] != PP_TILE_UNPLAYED || s->tile_kind[q][sp] == PP_NO_KIND)
            continue;
        unplayed++;
        unplayed_p += s->tile_kind[q][sp] == PP_KIND_P;
        unplayed_w += s->tile_kind[q][sp] == PP_KIND_W;
    }
    int v = w->rush * s->rush[q] + w->tile * unplayed;
    if (w->premium && unplayed_p) {          /* PP-A1: a Premium doubles an open crate */
        int mine[PP_NUM_CRATES];
        const int n = open_apples_sorted(s, q, mine);
        for (int k = 0; k < unplayed_p && k < n; k++)
            v += w->premium * mine[k];
    }
    if (w->wholesale && unplayed_w) {        /* PP-A2: a Wholesale halves one of theirs */
        int theirs[PP_NUM_CRATES];
        const int n = open_apples_sorted(s, PP_OTHER(q), theirs);
        for (int k = 0; k < unplayed_w && k < n; k++)
            v += w->wholesale * (theirs[k] - theirs[k] / 2);
    }
    return v;
}

static inline int terminal_value(const pp_state *s, int p)
{
    const int diff = pp_score(s, p) - pp_score(s, PP_OTHER(p));   /* PP-E3, PP-E4 */
    return 16 * diff + (diff > 0 ? PP_AB_WIN : diff < 0 ? -PP_AB_WIN : 0);
}

int pp_evaluate(const pp_state *s, int p, const pp_eval_weights *w)
{
    if (s->phase == PP_PHASE_OVER)
        return terminal_value(s, p);
    const int o = PP_OTHER(p);
    return 16 * (pp_score(s, p) - pp_score(s, o)) + potential(s, p, w) - potential(s, o, w);
}

/* ------------------------------------------------------------------------------------
 * Move ordering
 * ------------------------------------------------------------------------------------ */

static inline int top_apples(const pp_state *s, int q, int c)
{
    return s->crate[q][c][s->crate_len[q][c] - 1];
}

/* Points the move adds at once to the mover's margin (PP-G, PP-A1..A5). */
static int immediate_gain(const pp_state *s, int action)
{
    if (action < PP_NUM_PLACEMENT_ACTIONS)
        return 0;
    pp_move m;
    pp_decode(action, &m);
    const int p = s->to_move, o = PP_OTHER(p);
    if (m.grab_crate >= 0)
        return s->grid[m.dest];
    const int t = m.target;
    if (t == 0 || t >= 21)
        return 0;                                   /* R, no target, Malfunction */
    switch (s->tile_kind[p][pp_end_space(p, m.dest, m.end)]) {
    case PP_KIND_P: return crate_apples(s, p, t - 1);
    case PP_KIND_W: { const int a = crate_apples(s, o, t - 1); return a - a / 2; }
    case PP_KIND_Q: return 2 * top_apples(s, o, (t - 5) / 4);
    case PP_KIND_X: return 2 * (top_apples(s, o, (t - 5) / 4) - top_apples(s, p, (t - 5) % 4));
    default: return 0;
    }
}

/* First `first` (if among the moves), then by immediate gain, then by the history
 * heuristic (Schaeffer 1989: how often and how deep the action caused a cutoff in this
 * search), stable in action order. */
static void order_moves(const ab_run *r, const pp_state *s, uint16_t *moves, int n, int first)
{
    int64_t key[PP_MAX_MOVES];
    for (int i = 0; i < n; i++)
        key[i] = moves[i] == first ? INT64_MAX
               : (int64_t)immediate_gain(s, moves[i]) * ((int64_t)1 << 32) + r->history[moves[i]];
    for (int i = 1; i < n; i++) {
        const uint16_t m = moves[i];
        const int64_t k = key[i];
        int j = i;
        for (; j > 0 && key[j - 1] < k; j--) {
            moves[j] = moves[j - 1];
            key[j] = key[j - 1];
        }
        moves[j] = m;
        key[j] = k;
    }
}

/* ------------------------------------------------------------------------------------
 * Transposition table
 * ------------------------------------------------------------------------------------ */

static tt_entry *tt_probe(ab_run *r, uint64_t key)
{
    if (!r->tt) return NULL;
    tt_entry *b = r->tt + 2 * (key & r->mask);
    if (b[0].depth && b[0].key == key) return &b[0];
    if (b[1].depth && b[1].key == key) return &b[1];
    return NULL;
}

/* Slot 0 keeps the deeper search (replaced when the new depth is at least the stored
 * one, or it holds this position); slot 1 takes everything else. */
static void tt_store(ab_run *r, uint64_t key, int depth, int value, int bound, int move)
{
    if (!r->tt) return;
    tt_entry *b = r->tt + 2 * (key & r->mask);
    tt_entry *e = (b[0].key == key || depth >= b[0].depth) ? &b[0] : &b[1];
    e->key = key;
    e->value = value;
    e->move = (uint16_t)move;
    e->depth = (int8_t)depth;
    e->bound = (uint8_t)bound;
}

/* ------------------------------------------------------------------------------------
 * Search
 * ------------------------------------------------------------------------------------ */

/* Value of one child for p, the player who moved into it: negated only when the side
 * to move changed (a rush order keeps p on move, PP-R1). */
static int search(ab_run *r, pp_state *s, int depth, int alpha, int beta);

static inline int child_value(ab_run *r, pp_state *s, int p, int depth, int alpha, int beta)
{
    if (s->phase == PP_PHASE_OVER) {
        r->nodes++;
        return terminal_value(s, p);
    }
    if (depth <= 1) {
        r->nodes++;
        r->horizon = 1;
        return pp_evaluate(s, p, r->w);
    }
    if (s->to_move == p)
        return search(r, s, depth - 1, alpha, beta);
    return -search(r, s, depth - 1, -beta, -alpha);
}

/* Negamax value of s (not over) for its player to move, depth >= 1 plies. */
static int search(ab_run *r, pp_state *s, int depth, int alpha, int beta)
{
    uint16_t moves[PP_MAX_MOVES];
    pp_undo u;
    r->nodes++;
    if (r->clocked && --r->countdown <= 0) {
        r->countdown = CLOCK_EVERY;
        const double now = pp_search_clock();
        if (r->timed && now - r->start >= r->seconds) {
            r->abort = 1;
            return 0;
        }
        if (pp_search_polled_stop(r->poll, r->poll_ctx, now, &r->last_poll)) {
            r->abort = r->stopped = 1;
            return 0;
        }
    }
    const uint64_t key = s->hash;
    const int alpha0 = alpha;
    int first = -1;
    const tt_entry *e = tt_probe(r, key);
    if (e) {
        first = e->move;
        if (e->depth >= depth) {
            const int v = e->value;
            if (e->bound == BOUND_EXACT
                || (e->bound == BOUND_LOWER && v >= beta)
                || (e->bound == BOUND_UPPER && v <= alpha)) {
                r->hits++;
                return v;
            }
        }
    }
    const int n = pp_distinct_actions(s, moves);
    order_moves(r, s, moves, n, first);
    const int p = s->to_move;
    int best = -INF, best_move = moves[0];
    for (int i = 0; i < n; i++) {
        pp_apply(s, moves[i], &u);
        /* Principal variation search: after the first move, prove with a null window
         * that a move is no better than alpha; search it fully only when it is. */
        int v = i == 0 ? child_value(r, s, p, depth, alpha, beta)
                       : child_value(r, s, p, depth, alpha, alpha + 1);
        if (i > 0 && v > alpha && v < beta && !r->abort)
            v = child_value(r, s, p, depth, alpha, beta);
        pp_undo_move(s, &u);
        if (r->abort)
            return 0;
        if (v > best) {
            best = v;
            best_move = moves[i];
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) {
                    if (r->history[moves[i]] < UINT32_MAX / 2)
                        r->history[moves[i]] += (uint32_t)(depth * depth);
                    break;
                }
            }
        }
    }
    tt_store(r, key, depth, best,
             best <= alpha0 ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT, best_move);
    return best;
}

/* One iteration at the root: every move's value (exact for the best, a bound for the
 * others), the best first in `moves` afterwards. Returns the best value. */
static int root_iteration(ab_run *r, pp_state *s, uint16_t *moves, int *values, int n, int depth)
{
    pp_undo u;
    const int p = s->to_move;
    int alpha = -INF, besti = 0;
    r->nodes++;
    for (int i = 0; i < n; i++) {
        pp_apply(s, moves[i], &u);
        values[i] = i == 0 ? child_value(r, s, p, depth, alpha, INF)
                           : child_value(r, s, p, depth, alpha, alpha + 1);
        if (i > 0 && values[i] > alpha && !r->abort)
            values[i] = child_value(r, s, p, depth, alpha, INF);
        pp_undo_move(s, &u);
        if (r->abort)
            return 0;
        if (values[i] > alpha) {
            alpha = values[i];
            besti = i;
        }
    }
    tt_store(r, s->hash, depth, alpha, BOUND_EXACT, moves[besti]);
    return alpha;
}

void pp_ab_default_params(pp_ab_params *p)
{
    p->depth = PP_AB_MAX_DEPTH;
    p->seconds = 0.0;
    p->poll = NULL;
    p->poll_ctx = NULL;
    p->tt_log2 = 18;
    pp_eval_default(&p->eval);
}

int pp_alphabeta_search(const pp_state *root, const pp_ab_params *params,
                        pp_ab_result *result, pp_root_move *root_moves)
{
    ab_run r;
    uint16_t moves[PP_MAX_MOVES];
    int values[PP_MAX_MOVES];
    r.start = pp_search_clock();
    if (params->depth < 1 || params->depth > PP_AB_MAX_DEPTH || !isfinite(params->seconds)
        || params->seconds < 0.0 || params->tt_log2 < -1 || params->tt_log2 > TT_MAX_LOG2)
        return PP_SEARCH_BAD_PARAMS;
    if (root->phase == PP_PHASE_OVER || root->to_move > PP_BLUE)
        return PP_SEARCH_GAME_OVER;
    r.tt = NULL;
    r.mask = 0;
    if (params->tt_log2 >= 0) {
        const size_t buckets = (size_t)1 << params->tt_log2;
        r.tt = calloc(2 * buckets, sizeof *r.tt);
        if (r.tt == NULL)
            return PP_SEARCH_NO_MEMORY;
        r.mask = buckets - 1;
    }
    r.w = &params->eval;
    r.nodes = r.hits = 0;
    r.seconds = params->seconds;
    r.poll = params->poll;
    r.poll_ctx = params->poll_ctx;
    r.last_poll = r.start;
    r.abort = r.stopped = 0;
    r.countdown = CLOCK_EVERY;

    pp_state s = *root;
    const int n = pp_distinct_actions(&s, moves);
    memset(r.history, 0, sizeof r.history);
    order_moves(&r, &s, moves, n, -1);
    result->action = moves[0];
    result->value = 0;
    result->depth = 0;
    result->exact = 0;
    result->root_moves = 0;
    for (int depth = 1; depth <= params->depth && n > 1; depth++) {
        r.timed = depth > 1 && params->seconds > 0.0;
        r.clocked = r.timed || r.poll != NULL;
        r.horizon = 0;
        const int value = root_iteration(&r, &s, moves, values, n, depth);
        if (r.abort)
            break;
        /* Keep the iteration: best move first next time, the others by their values. */
        int order[PP_MAX_MOVES];
        for (int i = 0; i < n; i++) order[i] = i;
        for (int i = 1; i < n; i++) {
            const int k = order[i];
            int j = i;
            for (; j > 0 && values[order[j - 1]] < values[k]; j--) order[j] = order[j - 1];
            order[j] = k;
        }
        uint16_t sorted[PP_MAX_MOVES];
        int sorted_values[PP_MAX_MOVES];
        for (int i = 0; i < n; i++) {
            sorted[i] = moves[order[i]];
            sorted_values[i] = values[order[i]];
        }
        for (int i = 0; i < n; i++) {
            moves[i] = sorted[i];
            values[i] = sorted_values[i];
        }
        result->action = moves[0];
        result->value = value;
        result->depth = depth;
        result->exact = !r.horizon;
        if (root_moves) {
            for (int i = 0; i < n; i++) {
                root_moves[i].action = moves[i];
                root_moves[i].visits = 0;
                root_moves[i].value = values[i];
            }
            result->root_moves = n;
        }
        if (!r.horizon)
            break;                     /* every line reached the end: deeper adds nothing */
        if (params->seconds > 0.0 && pp_search_clock() - r.start >= params->seconds)
            break;
    }
    if (n == 1 && root_moves) {
        root_moves[0].action = moves[0];
        root_moves[0].visits = 0;
        root_moves[0].value = 0;
        result->root_moves = 1;
    }
    result->nodes = r.nodes;
    result->tt_hits = r.hits;
    free(r.tt);
    result->seconds = pp_search_clock() - r.start;
    return r.stopped ? PP_SEARCH_STOPPED : PP_SEARCH_OK;
}
