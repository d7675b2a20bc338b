/* Breakthrough 6x6 (README, rules BT-*), plain C99: the state, its ops table
 * (pp_game_ops.h, ABI 2) and the loader of a position. Same rules and action numbers as
 * OpenSpiel's breakthrough(rows=6,columns=6). */
#ifndef BREAKTHROUGH_H
#define BREAKTHROUGH_H

#include <stdint.h>
#include "pp_game_ops.h"

#define BT_SIZE 6
#define BT_CELLS (BT_SIZE * BT_SIZE)
#define BT_DIRECTIONS 6                               /* 0..2 black's, 3..5 white's */
#define BT_ACTIONS (BT_CELLS * BT_DIRECTIONS * 2)     /* ((row*6 + col)*6 + dir)*2 + capture */
#define BT_MAX_ACTIONS 36        /* 12 pieces x 3 directions */
#define BT_MAX_PLIES 109         /* OpenSpiel's MaxGameLength for 6x6 */
#define BT_EMPTY 0
#define BT_BLACK 1               /* seat 0, rows 0-1 (ranks 6-5), moves to higher rows */
#define BT_WHITE 2               /* seat 1, rows 4-5 (ranks 2-1) */

typedef struct bt_state {
    uint64_t hash;               /* Zobrist: pieces by cell and colour, white to move */
    int8_t board[BT_CELLS];      /* row-major, row 0 is rank 6 */
    int8_t to_move;              /* 0 black, 1 white */
    int8_t winner;               /* -1 while the game goes on */
    int8_t pieces[2];
} bt_state;

extern const pp_game_ops bt_ops;

void bt_init(bt_state *s);
/* Fill s from a board of 36 BT_* cells and the seat to move; 0, or the error code of
 * the rule the position breaks (BT_BAD_*), s unchanged then. */
int bt_load(bt_state *s, const int8_t *board, int to_move);
uint64_t bt_hash_of(const bt_state *s);
/* `games` random games from the start (the benchmark's C loop); their plies in all. */
long long bt_random_games(long games, uint64_t seed);

#define BT_BAD_CELL 20           /* BT-P1: a cell is not empty, black or white */
#define BT_BAD_TURN 21           /* BT-P1: the seat to move is not 0 or 1 */
#define BT_BAD_END 22            /* BT-W3: two winners, or the winner to move */

#endif
