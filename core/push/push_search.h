/*
 * push_search.h - Monte-Carlo tree search over the PUSH core, in plain C99.
 *
 * push_mcts_search is UCT (Kocsis & Szepesvari 2006, "Bandit based Monte-Carlo
 * planning") over the generic search of core/common/pp_mcts.h, compiled over PUSH's
 * table of game operations (pp_push_ops, ops.c) as a constant.
 *
 * Playouts: the rollout policy of push_policy.h (policy.c): every seat plays a cheap
 * C version of the heuristic bot, one decision in ten uniformly random. The tree is
 * the root alone (ops.c's in_tree): UCT chooses which root decision to try, and each
 * is valued by a policy playout -- a rollout algorithm over the policy. Deeper tree
 * nodes would start as uniformly random players (their first visits try every
 * child), which undervalued pushing; with them the search won 0.16 of the win share
 * against three heuristic bots at 4,000 simulations, with the root alone 0.39 at
 * 1,000 (40-game runs; docs/bots.md "PUSH" has the 500-game evaluation).
 *
 * Chance: every card drawn and every die rolled in a playout is drawn by its exact
 * probability (the cards left, or 1/6 per face). Players: 2..6, each backing up its
 * own component of the returns (PU-E3) plus `margin` times its score margin.
 * Hidden information (PU-V1): under perfect recall the deck's composition and the
 * banks follow from the public history, and the deck's order is drawn card by card
 * in each playout: no determinize hook (ops.c).
 *
 * Reentrancy: a search owns its memory. push_zobrist_init (done by push_state_init
 * and push_load) must have run before threads start.
 */
#ifndef PUSH_SEARCH_H
#define PUSH_SEARCH_H

#include <stddef.h>
#include "push_core.h"
#include "pp_mcts.h"      /* core/common: the generic MCTS and its types */
#include "pp_search.h"    /* core/common: return codes, stop poll, pp_root_move */

#ifdef __cplusplus
extern "C" {
#endif

/* PUSH's table of game operations (pp_game_ops.h), for pp_mcts_run. */
extern const pp_game_ops pp_push_ops;

/* pp_mcts_run over pp_push_ops, with the table's calls direct (the same results). */
int push_mcts_search(const push_state *root, const pp_mcts_params *params,
                     pp_mcts_node *pool, size_t pool_size,
                     pp_mcts_result *result, pp_root_move *root_moves);

#ifdef __cplusplus
}
#endif
#endif
