/* Random playouts and perft, entirely in C: one call from Python, no objects per ply. */
#include "pp_internal.h"

pp_playout_result pp_playout(pp_state *s, pp_rng *rng)
{
    uint16_t moves[PP_MAX_MOVES];
    pp_playout_result r;
    r.plies = 0;
    while (s->phase != PP_PHASE_OVER) {
        const int n = pp_legal_actions(s, moves);
        pp_apply(s, moves[pp_rng_below(rng, (uint32_t)n)], NULL);
        r.plies++;
    }
    r.score[0] = pp_score(s, PP_RED);
    r.score[1] = pp_score(s, PP_BLUE);
    return r;
}

pp_batch_result pp_random_games(long n, uint64_t seed)
{
    pp_batch_result b = {0, 0, {0, 0}, 0, {0.0, 0.0}};
    pp_rng rng;
    pp_state s;
    uint8_t deal[PP_NUM_SQUARES], red[PP_NUM_SPACES], blue[PP_NUM_SPACES];
    double sum[2] = {0.0, 0.0};
    pp_rng_seed(&rng, seed);
    for (long g = 0; g < n; g++) {
        pp_random_deal(&rng, deal);
        pp_random_placement(&rng, red);
        pp_random_placement(&rng, blue);
        pp_state_init(&s, deal, (int)(g & 1));
        pp_place_all(&s, red, blue);
        const pp_playout_result r = pp_playout(&s, &rng);
        b.games++;
        b.plies += r.plies;
        sum[0] += r.score[0];
        sum[1] += r.score[1];
        if (r.score[0] > r.score[1]) b.wins[0]++;
        else if (r.score[1] > r.score[0]) b.wins[1]++;
        else b.draws++;
    }
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
