/* PACRU's observation tensor (docs/pacru.md, "Observation tensor"; issue 11).
 *
 * Perfect information: a player sees the whole snapshot (the board PA-C2, the chevrons
 * with their directions PA-C3, the seat to move, the ply and its cap PA-E3, the options
 * PA-B2 and PA-T2), so the tensor encodes all of it. Shape (53, 9, 9), C order, cell
 * index row*9 + column inside a plane (row 0 is the board's row 1, south). Seat-relative:
 * seat block r (12 planes at r*12) describes seat (player + r) % players, so the observer
 * comes first; blocks r >= players are all zeros. Per block: +0 the seat exists (constant
 * 1), +1 the seat is `turn` (constant), +2 cells of its colour, +3 its chevrons, +4+d its
 * chevrons pointing d (N..NW). Then 48 neutral cells, 49 ply/max_plies, 50
 * max_plies/1000, 51 single_cell, 52 classic_meeting (constant planes).
 *
 * Trust: the player and the buffer size come from outside and are checked; nothing is
 * written unless both are right. The state is assumed valid (made by the core). */
#include "pacru_internal.h"

size_t pacru_observation_tensor_size(const pacru_state *s)
{
    (void)s;                                /* one shape for every player count and option */
    return (size_t)PACRU_TENSOR_PLANES * PACRU_CELLS;
}

static void fill_plane(float *plane, float value)
{
    for (int c = 0; c < PACRU_CELLS; c++)
        plane[c] = value;
}

int pacru_observation_tensor(const pacru_state *s, int player, float *out, size_t size)
{
    if (s == NULL || out == NULL)
        return PACRU_TENSOR_ERR_NULL;
    const int n = s->players;
    if (n < PACRU_MIN_PLAYERS || n > PACRU_MAX_PLAYERS || player < 0 || player >= n)
        return PACRU_TENSOR_ERR_PLAYER;
    if (size != pacru_observation_tensor_size(s))
        return PACRU_TENSOR_ERR_SIZE;
    for (size_t i = 0; i < size; i++)
        out[i] = 0.0f;
    for (int r = 0; r < n; r++) {
        const int seat = (player + r) % n;
        float *block = out + (size_t)r * PACRU_TENSOR_SEAT_PLANES * PACRU_CELLS;
        fill_plane(block + PACRU_TENSOR_PLAYS * PACRU_CELLS, 1.0f);
        if (s->turn == seat)
            fill_plane(block + PACRU_TENSOR_TURN * PACRU_CELLS, 1.0f);
    }
    float *neutral = out + (size_t)PACRU_TENSOR_NEUTRAL * PACRU_CELLS;
    for (int c = 0; c < PACRU_CELLS; c++) {
        const int colour = s->colour[c];
        if (colour < 0 || colour >= n) {
            neutral[c] = 1.0f;
        } else {
            const int r = (colour - player + n) % n;
            out[((size_t)r * PACRU_TENSOR_SEAT_PLANES + PACRU_TENSOR_COLOUR) * PACRU_CELLS + c] = 1.0f;
        }
        const int code = s->chev[c];
        if (code >= 0 && code / 8 < n) {
            const int r = (code / 8 - player + n) % n;
            float *block = out + (size_t)r * PACRU_TENSOR_SEAT_PLANES * PACRU_CELLS;
            block[PACRU_TENSOR_CHEVRON * PACRU_CELLS + c] = 1.0f;
            block[(PACRU_TENSOR_DIRECTION + code % 8) * PACRU_CELLS + c] = 1.0f;
        }
    }
    const int cap = s->max_plies > 0 ? s->max_plies : 1;
    /* in double, then rounded once to float: the same value as Python's array('f', [ply / cap]) */
    const float progress = s->ply >= cap ? 1.0f : (float)((double)s->ply / (double)cap);
    fill_plane(out + (size_t)PACRU_TENSOR_PLY * PACRU_CELLS, progress);
    fill_plane(out + (size_t)PACRU_TENSOR_CAP * PACRU_CELLS,
               s->max_plies >= PACRU_MAX_GAME_LENGTH ? 1.0f
               : (float)((double)s->max_plies / (double)PACRU_MAX_GAME_LENGTH));
    fill_plane(out + (size_t)PACRU_TENSOR_SINGLE_CELL * PACRU_CELLS, s->single_cell ? 1.0f : 0.0f);
    fill_plane(out + (size_t)PACRU_TENSOR_CLASSIC_MEETING * PACRU_CELLS, s->classic_meeting ? 1.0f : 0.0f);
    return 0;
}
