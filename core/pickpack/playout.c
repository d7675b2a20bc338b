/* Batches of random games and perft, entirely in C: one call from Python, no objects per
 * ply. (The playouts themselves: sampler.c.) */
#include "pp_internal.h"

/* The 24 placement decisions of a batch game: drawn by pp_random_placement, so legal,
 * and applied without pp_place_all's checks. */
static void place_drawn(pp_state *s, const uint8_t red[PP_NUM_SPACES], const uint8_t blue[PP_NUM_SPACES])
{
    for (int i = 0; i < PP_NUM_SPACES; i++)
        pp_apply(s, red[i], NULL);
    for (int i = 0; i < PP_NUM_SPACES; i++)
        pp_apply(s, blue[i], NULL);
}

void pp_random_games_part(pp_rng *rng, long first, long count, pp_batch_result *b, double sum[2])
{
    pp_state s;
    uint8_t deal[PP_NUM_SQUARES], red[PP_NUM_SPACES], blue[PP_NUM_SPACES];
    for (long g = first; g < first + count; g++) {
        pp_random_deal(rng, deal);
        pp_random_placement(rng, red);
        pp_random_placement(rng, blue);
        pp_state_init(&s, deal, (int)(g & 1));
        place_drawn(&s, red, blue);
        const pp_playout_result r = pp_playout(&s, rng);
        b->games++;
        b->plies += r.plies;
        sum[0] += r.score[0];
        sum[1] += r.score[1];
        if (r.score[0] > r.score[1]) b->wins[0]++;
        else if (r.score[1] > r.score[0]) b->wins[1]++;
        else b->draws++;
    }
}

pp_batch_result pp_random_games(long n, uint64_t seed)
{
    pp_batch_result b = {0, 0, {0, 0}, 0, {0.0, 0.0}};
    pp_rng rng;
    double sum[2] = {0.0, 0.0};
    pp_rng_seed(&rng, seed);
    pp_random_games_part(&rng, 0, n, &b, sum);
    if (n > 0) {
        b.mean_score[0] = sum[0] / (double)n;
        b.mean_score[1] = sum[1] / (double)n;
    }
    return b;
}

uint64_t pp_perft(pp_state *s, int depth)
{
    uint16_t moves[PP_MAX_MOVES];
    if (depth <= 0)
        return 1;
    const int n = pp_legal_actions(s, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    pp_undo u;
    for (int i = 0; i < n; i++) {
        pp_apply(s, moves[i], &u);
        total += pp_perft(s, depth - 1);
        pp_undo_move(s, &u);
    }
    return total;
}

/* Iterative perft: the recursion of pp_perft with its stack in the job, so that it can
 * stop after `budget` moves and resume. Level L holds the moves of the position after L
 * applied moves; the position at level depth-1 is counted in bulk, as pp_perft does. */
int pp_pickpack_perft_start(pp_pickpack_perft_job *job, const pp_state *s, int depth)
{
    if (depth < 0 || depth > PP_PICKPACK_PERFT_MAX_DEPTH)   /* the arrays' levels */
        return -1;
    job->s = *s;
    job->depth = depth;
    job->level = 0;
    job->leaves = 0;
    job->done = 0;
    if (depth <= 0) {
        job->leaves = 1;
        job->done = 1;
        return 0;
    }
    job->count[0] = pp_legal_actions(&job->s, job->moves[0]);
    job->next[0] = 0;
    if (depth == 1) {
        job->leaves = (uint64_t)job->count[0];
        job->done = 1;
    }
    return 0;
}

int pp_pickpack_perft_run(pp_pickpack_perft_job *job, uint64_t budget)
{
    pp_state *s = &job->s;
    while (!job->done && budget > 0) {
        const int lv = job->level;
        if (job->next[lv] >= job->count[lv]) {      /* this level is finished */
            if (lv == 0) {
                job->done = 1;
                break;
            }
            pp_undo_move(s, &job->undo[lv - 1]);
            job->level = lv - 1;
            continue;
        }
        pp_apply(s, job->moves[lv][job->next[lv]++], &job->undo[lv]);
        budget--;
        if (lv + 1 == job->depth - 1) {             /* the last level: count, step back */
            job->leaves += (uint64_t)pp_legal_actions(s, job->moves[lv + 1]);
            pp_undo_move(s, &job->undo[lv]);
        } else {
            job->count[lv + 1] = pp_legal_actions(s, job->moves[lv + 1]);
            job->next[lv + 1] = 0;
            job->level = lv + 1;
        }
    }
    return job->done;
}

double pp_pickpack_perft_progress(const pp_pickpack_perft_job *job)
{
    if (job->done)
        return 1.0;
    double share = 0.0, width = 1.0;
    for (int lv = 0; lv <= job->level && lv < job->depth - 1; lv++) {
        if (job->count[lv] == 0)
            break;
        /* next[lv]-1 subtrees done at this level (the one in progress is next[lv]-1),
         * except at the deepest level, where next[lv] subtrees are done */
        const int finished = lv == job->level ? job->next[lv] : job->next[lv] - 1;
        share += width * (double)finished / (double)job->count[lv];
        width /= (double)job->count[lv];
    }
    return share;
}
