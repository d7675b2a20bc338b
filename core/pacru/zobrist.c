/* Geometry tables and Zobrist keys (Zobrist 1970) of PACRU: the 3,010 outputs of
 * splitmix64 (Steele, Lea & Flood 2014) from the state "PACRUZOB", in the table order of
 * pickpack/games/pacru/zobrist.py (its KEYS); the hash of a whole position; the action
 * decoder of encoding.py. */
#include "pacru_internal.h"

#define PACRU_ZOBRIST_SEED 0x50414352555A4F42ull   /* ASCII "PACRUZOB" */

uint64_t pacru_z[PACRU_NUM_KEYS];
int8_t pacru_step1[PACRU_CELLS][8];
uint8_t pacru_land[PACRU_CELLS];
uint8_t pacru_land_cells[9][9];
uint32_t pacru_binom[PACRU_CELLS + 1][5];
static volatile int ready = 0;

static const int DC[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int DR[8] = {1, 1, 0, -1, -1, -1, 0, 1};

void pacru_init(void)
{
    if (ready)
        return;
    uint64_t sm = PACRU_ZOBRIST_SEED;
    for (int i = 0; i < PACRU_NUM_KEYS; i++)
        pacru_z[i] = pp_splitmix64(&sm);
    for (int c = 0; c < PACRU_CELLS; c++) {
        const int row = c / 9, col = c % 9;
        pacru_land[c] = (uint8_t)(row / 3 * 3 + col / 3);
        pacru_land_cells[pacru_land[c]][row % 3 * 3 + col % 3] = (uint8_t)c;
        for (int d = 0; d < 8; d++) {
            const int r2 = row + DR[d], c2 = col + DC[d];
            pacru_step1[c][d] = (int8_t)(r2 >= 0 && r2 < 9 && c2 >= 0 && c2 < 9 ? r2 * 9 + c2 : -1);
        }
    }
    for (int n = 0; n <= PACRU_CELLS; n++) {
        pacru_binom[n][0] = 1;
        for (int k = 1; k <= 4; k++)
            pacru_binom[n][k] = n == 0 ? 0 : pacru_binom[n - 1][k - 1] + pacru_binom[n - 1][k];
    }
    ready = 1;
}

uint64_t pacru_zobrist_key(int index)
{
    pacru_init();
    return index >= 0 && index < PACRU_NUM_KEYS ? pacru_z[index] : 0;
}

uint64_t pacru_hash_full(const pacru_state *s)
{
    uint64_t h = 0;
    for (int c = 0; c < PACRU_CELLS; c++) {
        h ^= pacru_z_colour(c, s->colour[c]);
        if (s->chev[c] >= 0)
            h ^= pacru_z_chev(c, s->chev[c]);
    }
    h ^= pacru_z_turn(s->turn) ^ pacru_z[PACRU_Z_PLAYERS + s->players];
    h ^= pacru_z[PACRU_Z_SINGLE_CELL + (s->single_cell ? 1 : 0)];
    h ^= pacru_z[PACRU_Z_CLASSIC_MEETING + (s->classic_meeting ? 1 : 0)];
    return h;
}

int pacru_step(int cell, int direction, int distance)
{
    if (cell < 0 || cell >= PACRU_CELLS || direction < 0 || direction >= 8 || distance < 0 || distance > 8)
        return -1;
    const int row = cell / 9 + DR[direction] * distance, col = cell % 9 + DC[direction] * distance;
    return row >= 0 && row < 9 && col >= 0 && col < 9 ? row * 9 + col : -1;
}

int pacru_borderland(int cell)
{
    return cell >= 0 && cell < PACRU_CELLS ? cell / 27 * 3 + cell % 9 / 3 : -1;
}

int pacru_target(int players)
{
    return players == 2 ? 42 : players == 3 ? 28 : players == 4 ? 24 : -1;
}

int pacru_chevrons_per_seat(int players)
{
    return players == 2 ? 4 : players == 3 || players == 4 ? 3 : -1;
}

/* The k sorted cells of colex rank `rank` (combinatorial number system). */
static void unrank(long rank, int k, int *out)
{
    for (int i = k; i >= 1; i--) {
        int c = i - 1;
        while (c + 1 <= PACRU_CELLS && (long)pacru_binom[c + 1][i] <= rank)
            c++;
        out[i - 1] = c;
        rank -= (long)pacru_binom[c][i];
    }
}

int pacru_decode(int action, pacru_action *a)
{
    pacru_init();
    if (action < 0 || action >= PACRU_NUM_DISTINCT_ACTIONS)
        return -1;
    a->crossing = a->meeting = -1;
    a->distance = a->pincer = a->connection = a->nfreed = 0;
    a->to = -1;
    if (action >= PACRU_REORIENT_2) {
        long head, rank;
        a->reorient = 1;
        if (action >= PACRU_REORIENT_4) {
            head = (long)(action - PACRU_REORIENT_4) / PACRU_COMB4;
            rank = (long)(action - PACRU_REORIENT_4) % PACRU_COMB4;
            a->nfreed = 4;
        } else {
            head = (long)(action - PACRU_REORIENT_2) / PACRU_COMB2;
            rank = (long)(action - PACRU_REORIENT_2) % PACRU_COMB2;
            a->nfreed = 2;
        }
        unrank(rank, a->nfreed, a->freed);
        a->cell = (int)(head / 8);
        a->direction = (int)(head % 8);
        return 0;
    }
    int rest = action;
    const int meeting = rest % 82;
    rest /= 82;
    const int place = rest % 10;
    rest /= 10;
    a->reorient = 0;
    a->connection = rest % 2;
    rest /= 2;
    a->pincer = rest % 2;
    rest /= 2;
    a->distance = rest % 8 + 1;
    rest /= 8;
    a->direction = rest % 8;
    a->cell = rest / 8;
    a->to = pacru_step(a->cell, a->direction, a->distance);
    if (place != PACRU_CROSSING_NONE && a->to >= 0)
        a->crossing = pacru_land_cells[pacru_land[a->to]][place];
    a->meeting = meeting == PACRU_MEETING_NONE ? -1 : meeting;
    return 0;
}
