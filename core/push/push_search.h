/*
 * push_search.h - Monte-Carlo tree search over the PUSH core, in plain C99.
 *
 * push_mcts_search is UCT (Kocsis & Szepesvari 2006, "Bandit based Monte-Carlo
 * planning") with random playouts: the generic search of core/common/pp_mcts.h
 * compiled over PUSH's table of game operations (pp_push_ops, ops.c) as a constant.
 *
 * Chance: every card drawn and every die rolled is a chance node of the tree, its
 * outcomes weighted by the cards left (or 1/6 per face). Players: 2..6, each backing up
 * its own component of the returns (PU-E3) plus `margin` times its score margin.
 * Hidden information (PU-V1): each simulation starts from a determinization of the
 * root (push_determinize: the other seats' banks and the deck redrawn from the pool
 * the root's player cannot tell apart, as in ISMCTS, Cowling, Powley & Whitehouse
 * 2012). Every draw is seen by everybody, so the tree keeps every position (in_tree
 * NULL); a chance node whose outcomes differ in a determinization ends the descent.
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
