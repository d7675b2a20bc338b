/* Zobrist keys (Zobrist 1970): one 64-bit key per state feature, drawn from SplitMix64
 * seeded with "PICKPACK" in the order fixed by docs/engine.md. */
#include "pp_internal.h"

uint64_t pp_z_grid[PP_NUM_SQUARES][6][2];
uint64_t pp_z_grabber[PP_NUM_SQUARES];
uint64_t pp_z_crate[2][PP_NUM_CRATES][PP_MAX_CRATE][6];
uint64_t pp_z_status[2][PP_NUM_CRATES][2];
uint64_t pp_z_tile[2][PP_NUM_SPACES][PP_NUM_KINDS][3];
uint64_t pp_z_rush[2][2];
uint64_t pp_z_to_move[2];
uint64_t pp_z_phase[2];
uint64_t pp_z_blue_first;

static int z_ready = 0;

#define PP_ZOBRIST_SEED 0x5049434B5041434Bull   /* ASCII "PICKPACK" */

void pp_zobrist_init(void)
{
    if (z_ready)
        return;
    uint64_t sm = PP_ZOBRIST_SEED;
    for (int sq = 0; sq < PP_NUM_SQUARES; sq++)
        for (int a = 0; a < 6; a++)
            for (int f = 0; f < 2; f++)
                pp_z_grid[sq][a][f] = pp_splitmix64(&sm);
    for (int sq = 0; sq < PP_NUM_SQUARES; sq++)
        pp_z_grabber[sq] = pp_splitmix64(&sm);
    for (int p = 0; p < 2; p++)
        for (int c = 0; c < PP_NUM_CRATES; c++)
            for (int h = 0; h < PP_MAX_CRATE; h++)
                for (int a = 0; a < 6; a++)
                    pp_z_crate[p][c][h][a] = pp_splitmix64(&sm);
    for (int p = 0; p < 2; p++)
        for (int c = 0; c < PP_NUM_CRATES; c++)
            for (int st = 0; st < 2; st++)
                pp_z_status[p][c][st] = pp_splitmix64(&sm);
    for (int p = 0; p < 2; p++)
        for (int sp = 0; sp < PP_NUM_SPACES; sp++)
            for (int k = 0; k < PP_NUM_KINDS; k++)
                for (int st = 0; st < 3; st++)
                    pp_z_tile[p][sp][k][st] = pp_splitmix64(&sm);
    for (int p = 0; p < 2; p++)
        for (int n = 0; n < 2; n++)
            pp_z_rush[p][n] = pp_splitmix64(&sm);
    for (int p = 0; p < 2; p++)
        pp_z_to_move[p] = pp_splitmix64(&sm);
    for (int i = 0; i < 2; i++)
        pp_z_phase[i] = pp_splitmix64(&sm);
    pp_z_blue_first = pp_splitmix64(&sm);
    z_ready = 1;
}

uint64_t pp_hash_full(const pp_state *s)
{
    uint64_t h = 0;
    for (int sq = 0; sq < PP_NUM_SQUARES; sq++)
        h ^= pp_z_square(sq, s->grid[sq]);
    h ^= pp_z_grabber[s->grabber];
    for (int p = 0; p < 2; p++) {
        for (int c = 0; c < PP_NUM_CRATES; c++) {
            for (int i = 0; i < s->crate_len[p][c]; i++)
                h ^= pp_z_crate[p][c][i][s->crate[p][c][i] - 1];
            if (s->crate_status[p][c] != PP_CRATE_OPEN)
                h ^= pp_z_status[p][c][s->crate_status[p][c] - 1];
        }
        for (int sp = 0; sp < PP_NUM_SPACES; sp++)
            if (s->tile_kind[p][sp] != PP_NO_KIND)
                h ^= pp_z_tile[p][sp][s->tile_kind[p][sp]][s->tile_status[p][sp]];
        if (s->rush[p])
            h ^= pp_z_rush[p][s->rush[p] - 1];
    }
    if (s->to_move != PP_NOBODY)
        h ^= pp_z_to_move[s->to_move];
    h ^= pp_z_phase_key(s->phase);
    if (s->phase == PP_PHASE_PLACEMENT && s->first == PP_BLUE)
        h ^= pp_z_blue_first;
    return h;
}
