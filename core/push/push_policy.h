/*
 * push_policy.h - PUSH's rollout policy: the playouts of its MCTS (ops.c's `playout`
 * hook of pp_game_ops.h), a cheap C version of the `heuristic` bot's rules
 * (plugins/pickpack_bots/push_heuristic_bot.py, docs/bots.md "PUSH"). Plain C99.
 *
 * Uniformly random playouts make every later turn a random player's turn, and a
 * search over them stops after one stack far too often (docs/bots.md). This policy
 * plays every seat as a sensible player instead; the search (UCT, Kocsis & Szepesvari
 * 2006; determinized as in ISMCTS, Cowling, Powley & Whitehouse 2012) stays the same.
 *
 * The policy reads only what every player sees (benches, stacks, the switch count)
 * and the deck's counts (a perfect memory, PU-V1); never a bank. Values: a number
 * card's value (PU-E2); a stack's collect value for a seat is its number cards' values,
 * less, when it holds the roll card, the expected die loss on that seat's bench after
 * taking it: a sixth of it, a third with `hard` (PU-K4, PU-R1..R3). The *stop margin*
 * of a turn's end is what the pusher collects (the stack of best collect value, PU-K1)
 * less the mean over the other seats of what they collect, each greedily in the
 * collection order until it comes back round (PU-K2, PU-K3); after a bust the pusher
 * collects nothing and loses the die's expected share of the bench (PU-P5).
 *
 * - start (PU-T1, PU-B1): bank the colour with the highest bench value (the lowest
 *   colour of a tie) when that value is at least PUSH_POLICY_BANK_AT; else draw.
 * - place (PU-P2): the legal place of the best stop margin if the turn stopped right
 *   after it; ties: the fewest deck cards that would then bust the next draw; then the
 *   lowest stack.
 * - decide (PU-P4): stop when the deck is empty, or when the exact probability that
 *   the next card busts (deck cards of types that fit no stack, over the cards left)
 *   exceeds PUSH_POLICY_RISK; else draw when one more card then stopping has a higher
 *   expected stop margin than stopping now (every card type left weighed by its exact
 *   probability, placed by the place rule, a switch card turning the direction), else
 *   stop.
 * - collect (PU-K1): the stack of the highest collect value for the collector (the
 *   lowest of a tie).
 * - In a playout, with probability PUSH_POLICY_EPSILON_PERMILLE/1000 a decision with
 *   several legal actions is a uniformly random one instead (diversity); chance
 *   outcomes are drawn by their exact probabilities, as push_playout does.
 *
 * No allocation; a decide costs some thousand operations (32 card types x 3 places x
 * a stop margin), the other phases a few dozen.
 */
#ifndef PUSH_POLICY_H
#define PUSH_POLICY_H

#include "push_core.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PUSH_POLICY_BANK_AT 10              /* bench value of a colour that is banked */
#define PUSH_POLICY_RISK 0.3                /* next-card bust probability that stops */
#define PUSH_POLICY_EPSILON_PERMILLE 100    /* random decisions per 1000 in a playout */

/* The policy's decision at a decision node of s (the rules above, no randomness), or
 * -1 at a chance node or once the game is over. Always a legal action of s. */
int push_policy_action(const push_state *s);

/* Finish the game from s (in place): decisions by push_policy_action, each replaced
 * with probability PUSH_POLICY_EPSILON_PERMILLE/1000 by a uniformly random legal one
 * (only where there are several), chance outcomes by their probabilities, all drawn
 * from rng. Returns the plies applied; *chance_plies (may be NULL) receives how many
 * of them were chance outcomes. */
int push_policy_playout(push_state *s, pp_rng *rng, int *chance_plies);

/* `count` games from the start position of (players, hard, switch_per_turn), each a
 * push_policy_playout from *rng, added to *b (as push_random_games_part). Returns -1
 * (nothing done) for players outside 2..6, else 0. */
int push_policy_games_part(pp_rng *rng, int players, int hard, int switch_per_turn,
                           long count, push_batch *b);

#ifdef __cplusplus
}
#endif
#endif
