/* Embeds the engine without Python: checks the sliced perft and that Pick & Pack's MCTS
 * (the generic search compiled over its table) equals the generic pp_mcts_run calling
 * the table through pointers, then plays one random game and prints its result.
 * Usage: embed_demo DEAL_SEED PLAYOUT_SEED -> "plies red blue hash" */
#include <stdio.h>
#include <stdlib.h>
#include "pickpack_core.h"
#include "pickpack_search.h"

static int same_moves(const pp_root_move *x, const pp_root_move *y, int n)
{
    for (int i = 0; i < n; i++)
        if (x[i].action != y[i].action || x[i].visits != y[i].visits || x[i].value != y[i].value)
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: embed_demo DEAL_SEED PLAYOUT_SEED\n");
        return 2;
    }
    const uint64_t deal_seed = strtoull(argv[1], NULL, 10);
    const uint64_t playout_seed = strtoull(argv[2], NULL, 10);
    pp_rng rng;
    pp_state s;
    uint8_t deal[PP_NUM_SQUARES], red[PP_NUM_SPACES], blue[PP_NUM_SPACES];
    pp_rng_seed(&rng, deal_seed);
    pp_random_deal(&rng, deal);
    pp_random_placement(&rng, red);
    pp_random_placement(&rng, blue);
    if (pp_state_init(&s, deal, PP_RED) != PP_OK || pp_place_all(&s, red, blue) != PP_OK)
        return 1;
    /* The resumable perft refuses depths its arrays cannot hold and, in slices of 7
     * moves, counts what the one-call perft counts. */
    static pp_pickpack_perft_job job;
    if (pp_pickpack_perft_start(&job, &s, PP_PICKPACK_PERFT_MAX_DEPTH + 1) != -1
        || pp_pickpack_perft_start(&job, &s, -1) != -1) {
        fprintf(stderr, "pp_pickpack_perft_start accepted a depth outside 0..%d\n",
                PP_PICKPACK_PERFT_MAX_DEPTH);
        return 3;
    }
    if (pp_pickpack_perft_start(&job, &s, 2) != 0)
        return 3;
    while (!pp_pickpack_perft_run(&job, 7))
        ;
    pp_state copy = s;
    if (job.leaves != pp_perft(&copy, 2)) {
        fprintf(stderr, "sliced perft %llu != perft\n", (unsigned long long)job.leaves);
        return 3;
    }
    /* The same search twice: specialised and through the table's pointers. */
    pp_mcts_params params;
    pp_mcts_result a, b;
    static pp_root_move ma[PP_MAX_MOVES], mb[PP_MAX_MOVES];
    pp_mcts_default_params(&params);
    params.seed = playout_seed;
    params.simulations = 200;
    params.max_nodes = 1 << 16;
    if (pp_mcts_search(&s, &params, NULL, 0, &a, ma) != PP_SEARCH_OK
        || pp_mcts_run(&pp_pickpack_ops, &s, &params, NULL, 0, &b, mb) != PP_SEARCH_OK
        || a.action != b.action || a.nodes != b.nodes || a.value != b.value
        || a.root_moves != b.root_moves || !same_moves(ma, mb, a.root_moves)) {
        fprintf(stderr, "pp_mcts_search and pp_mcts_run over pp_pickpack_ops differ\n");
        return 3;
    }
    pp_rng_seed(&rng, playout_seed);
    const pp_playout_result r = pp_playout(&s, &rng);
    if (s.hash != pp_hash_full(&s))
        return 1;
    printf("%d %d %d %llu\n", r.plies, r.score[0], r.score[1], (unsigned long long)s.hash);
    return 0;
}
