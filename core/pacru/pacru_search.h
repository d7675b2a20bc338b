/*
 * pacru_search.h - Monte-Carlo tree search over the PACRU core, in plain C99.
 *
 * pacru_mcts_search is UCT (Kocsis & Szepesvari 2006, "Bandit based Monte-Carlo
 * planning") over the generic search of core/common/pp_mcts.h, compiled over PACRU's
 * table of game operations (pp_pacru_ops, ops.c) as a constant.
 *
 * Actions: the contract's SEARCH ACTIONS (pacru_search_actions): every legal move, a
 * paying meeting offering only cells in borderlands holding one of the mover's
 * chevrons, and one reorientation per (chevron, new direction); at most
 * PACRU_MAX_SEARCH_ACTIONS (30,136 < 65,536). Playouts: the rollout policy
 * (pacru_policy.h), every seat a cheap greedy player with one random move in ten.
 * Players: 2..4, each backing up its own return (PA-E2, PA-E3:
 * (n-k)/(k(n-1)) for each of k winners, -1/(n-1) for the others) plus `margin` times
 * its cell margin ((cells - most cells of another seat)/81). Perfect information, no
 * chance: no determinize or chance hooks.
 *
 * Reentrancy: a search owns its memory. pacru_init (done by pacru_state_init and
 * pacru_load) must have run before threads start.
 */
#ifndef PACRU_SEARCH_H
#define PACRU_SEARCH_H

#include <stddef.h>
#include "pacru_core.h"
#include "pp_mcts.h"      /* core/common: the generic MCTS and its types */
#include "pp_search.h"    /* core/common: return codes, stop poll, pp_root_move */

#ifdef __cplusplus
extern "C" {
#endif

/* PACRU's table of game operations (pp_game_ops.h), for pp_mcts_run. */
extern const pp_game_ops pp_pacru_ops;

/* pp_mcts_run over pp_pacru_ops, with the table's calls direct (the same results). */
int pacru_mcts_search(const pacru_state *root, const pp_mcts_params *params,
                      pp_mcts_node *pool, size_t pool_size,
                      pp_mcts_result *result, pp_root_move *root_moves);

#ifdef __cplusplus
}
#endif
#endif
