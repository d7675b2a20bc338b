/* Internal to the core: Zobrist tables and small helpers shared by the .c files. */
#ifndef PP_INTERNAL_H
#define PP_INTERNAL_H

#include "pickpack_core.h"

/* docs/engine.md, "Zobrist hashing": drawn in this order. */
extern uint64_t pp_z_grid[PP_NUM_SQUARES][6][2];
extern uint64_t pp_z_grabber[PP_NUM_SQUARES];
extern uint64_t pp_z_crate[2][PP_NUM_CRATES][PP_MAX_CRATE][6];
extern uint64_t pp_z_status[2][PP_NUM_CRATES][2];
extern uint64_t pp_z_tile[2][PP_NUM_SPACES][PP_NUM_KINDS][3];
extern uint64_t pp_z_rush[2][2];
extern uint64_t pp_z_to_move[2];
extern uint64_t pp_z_phase[2];      /* [0] placement, [1] over */
extern uint64_t pp_z_blue_first;

#define PP_OTHER(p) (1 - (p))

/* pp_apply's play-phase part (apply.c), for the playouts (sampler.c), which find the
 * PP-E2 end themselves when they count the next player's moves: apply the decoded
 * move m (legal, phase play), end the game if it closed a player's last open crate
 * (PP-E1) and return 0, else pass the turn (PP-R3: to the mover after a rush) and
 * return 1 without asking whether that player can move (PP-E2). */
int pp_apply_play(pp_state *s, const pp_move *m);
/* Phase over, nobody to move (PP-E1, PP-E2), the hash updated. */
void pp_end_game(pp_state *s);
#define PP_IS_TRAY(v) ((v) >= 1 && (v) <= 6)    /* face-up tray */

/* Zobrist contribution of one grid byte. */
static inline uint64_t pp_z_square(int sq, uint8_t v)
{
    if (v == 0) return 0;
    return pp_z_grid[sq][(v & 0x7Fu) - 1][(v & PP_FACE_DOWN) ? 1 : 0];
}

static inline uint64_t pp_z_phase_key(int phase)
{
    return phase == PP_PHASE_PLACEMENT ? pp_z_phase[0]
         : phase == PP_PHASE_OVER ? pp_z_phase[1] : 0;
}

/* Space of the tile at line end `end` (0/1) of the line crossing the mover's axis at
 * square sq: Red uses the destination's column, Blue its row (PP-M2, PP-C5). */
static inline int pp_end_space(int player, int sq, int end)
{
    return (player == PP_RED ? sq % 6 : sq / 6) + 6 * end;
}

/* Fewest trays among a player's open crates (PP-G2); 255 if none is open. */
static inline int pp_fewest(const pp_state *s, int p)
{
    int best = 255;
    for (int c = 0; c < PP_NUM_CRATES; c++)
        if (s->crate_status[p][c] == PP_CRATE_OPEN && s->crate_len[p][c] < best)
            best = s->crate_len[p][c];
    return best;
}

static inline int pp_open_count(const pp_state *s, int p)
{
    int n = 0;
    for (int c = 0; c < PP_NUM_CRATES; c++)
        n += s->crate_status[p][c] == PP_CRATE_OPEN;
    return n;
}

#endif
