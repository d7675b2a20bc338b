/*
 * pacru_policy.h - PACRU's rollout policy: the playouts of its MCTS (ops.c's `playout`
 * hook of pp_game_ops.h), a cheap C cousin of the `greedy` bot
 * (plugins/pickpack_bots/greedy_bot.py, docs/bots.md "PACRU"). Plain C99.
 *
 * Uniformly random playouts never reach a target (PA-C5): every seat ends with about
 * one cell, so a search over them values only eliminations (PA-E2) and does not see a
 * player who gains cells coming. This policy plays every seat as a player who gains
 * cells; the search (UCT, Kocsis & Szepesvari 2006) stays the same.
 *
 * At a decision the policy values each legal (from, travel, distance) move (the
 * landings, pincers included) of the mover P from the board before it, without
 * applying it:
 *
 * - gain: cells P gains (PA-C5). A pincer: the taken chevron's cell unless already P's
 *   (PA-K2). A crossing (PA-B1): 1 when the destination borderland has a neutral cell
 *   without a chevron (the landing cell counting as unoccupied), else (PA-B2) the whole
 *   borderland's cells not yet P's (variant single-cell: 1 when a cell of another seat
 *   is unoccupied there). A connection change (PA-J1): the path cells not yet P's; on a
 *   crossing the larger of the two is taken (ties: the crossing). A meeting that pays
 *   (PA-T1, PA-T2, the partner judged on the board before the move): 1.
 * - power: the moved chevron's power of movement (PA-M2) on its landing cell after the
 *   gains in that borderland, less its power before;
 * - mobile: 1 when the moved chevron could move again from its landing cell with its
 *   power after the move: a cell neutral or P's in one of its three directions (PA-M1)
 *   within that power, with no chevron on the way (judged on the board before the
 *   move), else 0. Chevrons that run into the edge or into other colours get stuck,
 *   and a seat whose chevrons are all stuck is out (PA-E1);
 * - pincer: 1 for a pincer (an enemy chevron leaves the game).
 *
 * The move of the highest PACRU_POLICY_W_GAIN*gain + PACRU_POLICY_W_PINCER*pincer +
 * PACRU_POLICY_W_MOBILE*mobile + power is played (ties: uniformly at random from the
 * rng; with no rng the first in (from, travel, distance) order). Its choices: the
 * connection change when it gains more than the crossing, else the crossing benefit;
 * the crossing cell uniformly among the neutral unoccupied cells of the borderland;
 * a meeting's cell uniformly among the candidates in borderlands holding a chevron of P
 * (all candidates when none is there), as the search actions offer them. The policy
 * never reorients (PA-O): a seat at a decision always has a move (PA-E1, PA-O2).
 *
 * In a playout, with probability PACRU_POLICY_EPSILON_PERMILLE/1000 a decision is a
 * uniformly random move (a landing, then each open choice uniformly) instead.
 * No allocation; a decision costs one pass over the (at most 96) landings.
 */
#ifndef PACRU_POLICY_H
#define PACRU_POLICY_H

#include "pacru_core.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PACRU_POLICY_W_GAIN 8                /* weight of a cell gained */
#define PACRU_POLICY_W_PINCER 8              /* weight of taking an enemy chevron */
#define PACRU_POLICY_W_MOBILE 16             /* weight of the moved chevron staying mobile */
#define PACRU_POLICY_EPSILON_PERMILLE 100    /* random decisions per 1000 in a playout */

/* The policy's value of every legal move landing of the seat to move (see above):
 * writes at most 96 (from, travel, distance, value) quadruples to out (room for
 * 4 * 96 ints) in (from, travel, distance) order and returns how many; 0 once over. */
int pacru_policy_values(const pacru_state *s, int *out);

/* Apply the policy's move to s (in place): the best-valued landing (ties drawn from
 * rng, or the first when rng is NULL) with its choices (above; drawn from rng, or the
 * first candidate when rng is NULL). Returns the action applied (a legal action of the
 * position before, as pacru_legal_actions lists it), or -1 once the game is over. */
int pacru_policy_step(pacru_state *s, pp_rng *rng);

/* Finish the game from s (in place): each decision by pacru_policy_step, replaced
 * with probability PACRU_POLICY_EPSILON_PERMILLE/1000 by a uniformly random move (a
 * landing, then each open choice uniformly), all drawn from rng. Returns the plies
 * applied. */
int pacru_policy_playout(pacru_state *s, pp_rng *rng);

/* `count` games from the start position of (players, options), each a
 * pacru_policy_playout from *rng, added to *b (as pacru_random_games_part). Returns -1
 * (nothing done) for arguments out of range, else 0. */
int pacru_policy_games_part(pp_rng *rng, int players, int single_cell, int classic_meeting,
                            int max_plies, long count, pacru_batch *b);

#ifdef __cplusplus
}
#endif
#endif
