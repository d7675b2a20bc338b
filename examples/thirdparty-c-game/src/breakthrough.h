/* Breakthrough 6x6 (README, rules BT-*) in C99: the state, its ops table (ABI 3), the
 * loader; OpenSpiel's breakthrough(rows=6,columns=6) rules and action numbers. */
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
enum { BT_EMPTY, BT_BLACK, BT_WHITE };   /* black: seat 0, from ranks 6-5 to higher rows */

typedef struct bt_state {
    uint64_t hash;               /* Zobrist: pieces by cell and colour, white to move */
    int8_t board[BT_CELLS];      /* row-major, row 0 is rank 6 */
    int8_t to_move;              /* 0 black, 1 white */
    int8_t winner;               /* -1 while the game goes on */
    int8_t pieces[2];
} bt_state;

extern const pp_game_ops bt_ops;

void bt_init(bt_state *s);
/* Fill s from 36 cells '.', 'b', 'w' (rank 6 first) and the seat to move; 0, or the
 * error code of the rule the position breaks (BT_BAD_*), s unchanged then. */
int bt_load(bt_state *s, const char *cells, int to_move);
/* `games` random games from the start (the benchmark's C loop); their plies in all. */
long long bt_random_games(long games, uint64_t seed);

#define BT_BAD_CELL 20           /* BT-P1: a cell is not '.', 'b' or 'w' */
#define BT_BAD_TURN 21           /* BT-P1: the seat to move is not 0 or 1 */
#define BT_BAD_END 22            /* BT-W3: two winners, or the winner to move */

#endif
