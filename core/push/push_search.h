/*
 * push_search.h - PUSH's own search (the `mcts` hook of its ops table), in plain C99.
 *
 * push_mcts_search is a rollout algorithm over the rollout policy of push_policy.h
 * (Tesauro & Galperin 1996, "On-line policy improvement using Monte-Carlo search")
 * with common random numbers: each *round* draws one uniformly random order of the
 * deck's cards (the determinization of the deck, PU-V1; ISMCTS: Cowling, Powley &
 * Whitehouse 2012), one die stream and one stream for the policy's random decisions,
 * and plays every legal root decision out under those same draws, each seat by the
 * policy (one decision in ten uniformly random). Decisions are thus compared on the
 * same cards: the paired differences of their returns have a far smaller variance
 * than two independent playouts (PUSH's outcome is dominated by the deck's order).
 *
 * The choice: the policy's own decision (push_policy_action) unless another one's mean
 * paired lead over it exceeds `exploration` standard errors of that mean (over the
 * rounds; with one round, or exploration huge, the policy's decision); the largest
 * such lead wins. So a short search (0.1 s a move under load is some 50-100 rounds of
 * playouts) plays as the policy does and leaves it only on evidence. A simulation is
 * one playout; a search runs whole rounds (n playouts for n legal decisions; at least
 * one round, so `simulations` below n still runs one), so `simulations` is rounded
 * down to a multiple of n. Every root move's visits are the rounds run, its value
 * its mean return; nodes = 1 + n.
 *
 * First, the root check of pp_mcts.h (Teytaud & Teytaud 2010), one ply each way and
 * never through a chance node: a decision after which the game is over with the
 * searching seat alone ahead is played at once (0 simulations; the highest value), and
 * a decision after which another seat decides and can win at once is left out of the
 * rounds (0 visits, valued at that loss) unless every decision is.
 *
 * Returns: the searching seat's own component of the returns (PU-E3) plus `margin`
 * times its score margin. pool and pool_size are checked as pp_mcts_run checks them
 * (the search needs no tree). The generic UCT of core/common/pp_mcts.h still runs over
 * pp_push_ops (pp_mcts_run; the binding's mcts_search_through_table): a tree of the
 * root alone (ops.c's in_tree) over the same policy's playouts, without the pairing.
 *
 * Deterministic in params->seed (and the time or poll that may cut it short).
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

/* The search above; the contract of pp_mcts_run (pp_mcts.h), return codes included. */
int push_mcts_search(const push_state *root, const pp_mcts_params *params,
                     pp_mcts_node *pool, size_t pool_size,
                     pp_mcts_result *result, pp_root_move *root_moves);

#ifdef __cplusplus
}
#endif
#endif
