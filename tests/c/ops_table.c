/* Asks Pick & Pack's table of game operations (core/pickpack/ops.c) for what a binding
 * needs beyond the searches (pp_game_ops.h, ABI 2); run by tests/test_c_core.py.
 *
 *   ops_table DEAL_SEED ACTION...
 *       from the start of the deal (phase placement, Red to place) apply the given
 *       actions with pp_apply, then print
 *         abi ABI DISTINCT STATE_SIZE CHANCE_WEIGHTS(0/1) MCTS(0/1)
 *         check ACTION CODE RULE|REASON        for each of the probes below
 *         text ACTION LEN TEXT                 (LEN -1: no text here)
 *         observation SIZE RC_RED RC_SEAT2 RC_SHORT SUM_RED
 *         mcts SAME                            (1: ops->mcts equals pp_mcts_run)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pickpack_core.h"
#include "pickpack_search.h"

static const int probes[] = {-1, 0, 5, 6, 100, PP_NUM_ACTIONS - 1, PP_NUM_ACTIONS};

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: ops_table DEAL_SEED ACTION...\n");
        return 2;
    }
    const pp_game_ops *ops = &pp_pickpack_ops;
    pp_rng rng;
    pp_state s;
    uint8_t deal[PP_NUM_SQUARES];
    pp_rng_seed(&rng, strtoull(argv[1], NULL, 10));
    pp_random_deal(&rng, deal);
    if (pp_state_init(&s, deal, PP_RED) != PP_OK)
        return 1;
    for (int i = 2; i < argc; i++) {
        const int a = atoi(argv[i]);
        if (ops->check_action(&s, a) != 0)
            return 1;
        ops->apply(&s, a);
    }
    printf("abi %d %d %zu %d %d\n", ops->abi, ops->num_distinct_actions, ops->state_size,
           ops->chance_weights != NULL, ops->mcts != NULL);
    char buf[256];
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        const int code = ops->check_action(&s, probes[i]);
        int n = ops->error_reason(&s, probes[i], code, buf, sizeof buf);
        if (n != (int)strlen(buf))
            return 1;
        printf("check %d %d %s|%s\n", probes[i], code, ops->error_rule(code), buf);
    }
    /* A short buffer truncates the reason and says so by its length. */
    if (ops->error_reason(&s, 0, PP_ERR_GAME_OVER, buf, 5) != 4 || strcmp(buf, "the ") != 0)
        return 1;
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        const int n = ops->action_text(&s, probes[i], buf, sizeof buf);
        printf("text %d %d %s\n", probes[i], n, n < 0 ? "-" : buf);
    }
    const size_t size = ops->observation_size(&s);
    float *obs = calloc(size, sizeof *obs);
    if (obs == NULL)
        return 1;
    const int rc_red = ops->observation(&s, PP_RED, obs, size);
    double sum = 0.0;
    for (size_t k = 0; k < size; k++)
        sum += obs[k];
    const int rc_seat2 = ops->observation(&s, 2, obs, size);
    const int rc_short = ops->observation(&s, PP_BLUE, obs, size - 1);
    printf("observation %zu %d %d %d %.4f\n", size, rc_red, rc_seat2, rc_short, sum);
    free(obs);
    /* The table's own MCTS compile against the generic search through its pointers. */
    pp_mcts_params params;
    pp_mcts_result a, b;
    static pp_root_move ma[PP_MAX_MOVES], mb[PP_MAX_MOVES];
    pp_mcts_default_params(&params);
    params.seed = 7;
    params.simulations = 100;
    params.max_nodes = 1 << 15;
    const int ra = ops->mcts(&s, &params, NULL, 0, &a, ma);
    const int rb = pp_mcts_run(ops, &s, &params, NULL, 0, &b, mb);
    int same = ra == PP_SEARCH_OK && rb == PP_SEARCH_OK && a.action == b.action
               && a.nodes == b.nodes && a.value == b.value && a.root_moves == b.root_moves;
    for (int i = 0; same && i < a.root_moves; i++)
        same = ma[i].action == mb[i].action && ma[i].visits == mb[i].visits;
    printf("mcts %d\n", same);
    return 0;
}
