/* Internal to core/pacru: geometry tables, Zobrist key layout, and the board updates
 * every rule goes through (they keep the counts and the hash in step). */
#ifndef PACRU_INTERNAL_H
#define PACRU_INTERNAL_H

#include "pacru_core.h"

/* Offsets of zobrist.py's tables in its KEYS: COLOUR 81 x 5, CHEVRON 81 x 32, TURN 4,
 * PLAYERS 5, SINGLE_CELL 2, CLASSIC_MEETING 2. */
#define PACRU_Z_COLOUR 0
#define PACRU_Z_CHEVRON 405
#define PACRU_Z_TURN 2997
#define PACRU_Z_PLAYERS 3001
#define PACRU_Z_SINGLE_CELL 3006
#define PACRU_Z_CLASSIC_MEETING 3008

extern uint64_t pacru_z[PACRU_NUM_KEYS];
extern int8_t pacru_step1[PACRU_CELLS][8];          /* one step, -1 off the board */
extern uint8_t pacru_land[PACRU_CELLS];             /* borderland of a cell */
extern uint8_t pacru_land_cells[9][9];              /* cells of a borderland, ascending */
extern uint32_t pacru_binom[PACRU_CELLS + 1][5];    /* C(n, k), k <= 4 */

static inline uint64_t pacru_z_colour(int cell, int colour)   /* colour -1 neutral or a seat */
{
    return pacru_z[PACRU_Z_COLOUR + cell * 5 + colour + 1];
}

static inline uint64_t pacru_z_chev(int cell, int code)        /* code seat*8 + direction */
{
    return pacru_z[PACRU_Z_CHEVRON + cell * 32 + code];
}

static inline uint64_t pacru_z_turn(int seat)
{
    return pacru_z[PACRU_Z_TURN + seat];
}

/* Power of movement (PA-M2) of `seat` from `cell`: its cells in the borderland, or 1. */
static inline int pacru_pw(const pacru_state *s, int seat, int cell)
{
    const int n = s->land[pacru_land[cell]][seat];
    return n ? n : 1;
}

/* Give `cell` the colour c (-1 neutral), keeping counts and hash. */
static inline void pacru_set_colour(pacru_state *s, int cell, int c)
{
    const int old = s->colour[cell];
    if (old == c)
        return;
    const int b = pacru_land[cell];
    s->hash ^= pacru_z_colour(cell, old) ^ pacru_z_colour(cell, c);
    if (old >= 0) {
        s->cells[old]--;
        s->land[b][old]--;
    } else {
        s->neutral[b]--;
    }
    if (c >= 0) {
        s->cells[c]++;
        s->land[b][c]++;
    } else {
        s->neutral[b]++;
    }
    s->colour[cell] = (int8_t)c;
}

/* Put a chevron of `seat` pointing `dir` on the empty `cell` (the seat's list stays sorted). */
static inline void pacru_add_chev(pacru_state *s, int seat, int cell, int dir)
{
    int n = s->nchev[seat];
    uint8_t *list = s->chev_cell[seat];
    while (n > 0 && list[n - 1] > cell) {
        list[n] = list[n - 1];
        n--;
    }
    list[n] = (uint8_t)cell;
    s->nchev[seat]++;
    s->chev[cell] = (int8_t)(seat * 8 + dir);
    s->hash ^= pacru_z_chev(cell, seat * 8 + dir);
}

/* Take the chevron off `cell` (there is one). */
static inline void pacru_remove_chev(pacru_state *s, int cell)
{
    const int code = s->chev[cell], seat = code >> 3;
    uint8_t *list = s->chev_cell[seat];
    int i = 0;
    while (list[i] != cell)
        i++;
    for (; i + 1 < s->nchev[seat]; i++)
        list[i] = list[i + 1];
    s->nchev[seat]--;
    s->chev[cell] = -1;
    s->hash ^= pacru_z_chev(cell, code);
}

/* Game-over checks (1) target, (2) at most one seat with chevrons, (3) ply cap, in this
 * order, each when `which` has its bit (1, 2, 4); sets over and winners. Returns over. */
int pacru_end_check(pacru_state *s, int which);

#endif
