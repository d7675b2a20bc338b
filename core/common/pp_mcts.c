/* The generic MCTS (pp_mcts.h) for any game's table, called through its pointers. A
 * game that wants its calls inlined includes pp_mcts_impl.h itself (core/pickpack/ops.c). */
#include "pp_search_internal.h"   /* first: it sets _POSIX_C_SOURCE for clock_gettime */
#include "pp_mcts_impl.h"

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

int pp_mcts_run(const pp_game_ops *ops, const void *root, const pp_mcts_params *params,
                pp_mcts_node *pool, size_t pool_size,
                pp_mcts_result *result, pp_root_move *root_moves)
{
    return pp_mcts_impl(ops, root, params, pool, pool_size, result, root_moves);
}
