/*
 * dice_race.h - a tiny second C game for the generic MCTS (core/common/pp_mcts.h):
 * a three-player race with chance nodes, only for tests/test_c_mcts.py.
 *
 * Rules: seats 0, 1, 2 take turns, each starting on square 0 of a track to
 * DR_GOAL. On its turn a player walks (action 0: one square) or rolls (action 1): a
 * chance node then tosses two coins and the player moves two squares per head
 * (outcome actions 0, 1, 2 heads with probabilities 1/4, 1/2, 1/4). A move past the
 * goal bounces back (goal - overshoot). The first to stand on the goal wins: returns
 * +1 for the winner, -1/2 for each other seat. After DR_TURNS turns without a winner
 * the game is drawn (returns 0).
 *
 * Hidden variant (dr_hidden_ops, for the determinization path of the search): each
 * seat holds a secret "tired" card, dealt at the start, that forbids it to roll. A
 * player sees only its own card; determinize redraws the other seats' cards (each
 * tired with probability 1/2; the test game ignores what their moves revealed). The
 * tree holds every position, so tree moves of other seats can be illegal in a draw.
 */
#ifndef DICE_RACE_H
#define DICE_RACE_H

#include <stdint.h>
#include "pp_game_ops.h"

#define DR_PLAYERS 3
#define DR_GOAL 10
#define DR_TURNS 60

typedef struct dr_state {
    int8_t pos[DR_PLAYERS];
    int8_t to_move;     /* seat whose turn it is */
    int8_t rolling;     /* 1: the coins of to_move's roll are in the air (chance node) */
    int8_t winner;      /* -1 while nobody has won */
    int8_t tired[DR_PLAYERS];   /* hidden variant: 1 = this seat may only walk */
    int16_t turns;      /* turns completed */
} dr_state;

/* Everyone on square 0, seat 0 to move. */
void dr_init(dr_state *s);

extern const pp_game_ops dr_ops;
extern const pp_game_ops dr_hidden_ops;

/* Hidden variant bookkeeping (one thread): determinize calls, and illegal actions
 * applied (a roll by a tired seat; must stay 0). */
extern long dr_determinizations, dr_illegal_applied;

#endif
