/*
 * observation.c - the observation tensor of a Pick & Pack position (issue 11).
 *
 * Encodes exactly what State.observation(player) shows that player (PP-V1, PP-V2,
 * PP-S3) as PP_OBS_SIZE floats in 0..1, seat-relative (the observer's facts before the
 * opponent's). The layout, offset by offset, is the table in docs/engine.md
 * ("Observation tensor") and the PP_OBS_* offsets in pickpack_core.h. Hidden facts
 * (the trays under the opponent's top trays and in the opponent's closed crates, the
 * opponent's score, the opponent's tile kinds during placement) are never read.
 *
 * Trust: the state is checked field by field before anything is written, so a corrupt
 * state, a bad player or a wrong size leaves out untouched and returns an error code.
 */
#include "pp_internal.h"

size_t pp_observation_tensor_size(const pp_state *s)
{
    (void)s;   /* fixed for the game: Pick & Pack has no options that change it */
    return PP_OBS_SIZE;
}

/* Every field the fill indexes with is in range (PP_OBS_BAD_STATE otherwise). */
static int obs_state_ok(const pp_state *s)
{
    if (s->phase > PP_PHASE_OVER || s->to_move > PP_NOBODY || s->grabber >= PP_NUM_SQUARES)
        return 0;
    for (int sq = 0; sq < PP_NUM_SQUARES; sq++) {
        unsigned v = s->grid[sq] & 0x7Fu;
        if (s->grid[sq] != 0 && (v < 1 || v > 6 || (s->grid[sq] & 0x78u) != 0))
            return 0;
    }
    for (int p = 0; p < 2; p++) {
        if (s->rush[p] > 2)
            return 0;
        for (int c = 0; c < PP_NUM_CRATES; c++) {
            if (s->crate_status[p][c] > PP_CRATE_WHOLESALE || s->crate_len[p][c] > PP_MAX_CRATE)
                return 0;
            for (int i = 0; i < s->crate_len[p][c]; i++)
                if (s->crate[p][c][i] < 1 || s->crate[p][c][i] > 6)
                    return 0;
        }
        for (int i = 0; i < PP_NUM_SPACES; i++) {
            if ((s->tile_kind[p][i] >= PP_NUM_KINDS && s->tile_kind[p][i] != PP_NO_KIND)
                || s->tile_status[p][i] > PP_TILE_MALFUNCTIONED)
                return 0;
        }
    }
    return pp_score(s, PP_RED) <= PP_OBS_MAX_SCORE && pp_score(s, PP_BLUE) <= PP_OBS_MAX_SCORE;
}

/* Tiles of player p at base, 9 floats per space; kinds left 0 when hide_kinds (PP-S3). */
static void obs_tiles(const pp_state *s, int p, int hide_kinds, float *base)
{
    for (int i = 0; i < PP_NUM_SPACES; i++) {
        float *t = base + PP_OBS_TILE_STRIDE * i;
        if (!hide_kinds && s->tile_kind[p][i] != PP_NO_KIND)
            t[s->tile_kind[p][i]] = 1.0f;
        t[PP_NUM_KINDS + s->tile_status[p][i]] = 1.0f;
    }
}

int pp_observation_tensor(const pp_state *s, int player, float *out, size_t size)
{
    if (player != PP_RED && player != PP_BLUE)
        return PP_OBS_BAD_PLAYER;
    if (out == NULL || size != PP_OBS_SIZE)
        return PP_OBS_BAD_SIZE;
    if (s == NULL || !obs_state_ok(s))
        return PP_OBS_BAD_STATE;
    const int me = player, other = PP_OTHER(player);
    for (size_t k = 0; k < size; k++)
        out[k] = 0.0f;

    out[PP_OBS_PHASE + s->phase] = 1.0f;                           /* PP-S3, PP-E1/E2 */
    if (s->to_move == me)
        out[PP_OBS_TO_MOVE] = 1.0f;
    else if (s->to_move == other)
        out[PP_OBS_TO_MOVE + 1] = 1.0f;
    out[PP_OBS_COLOUR + me] = 1.0f;                                /* PP-C5: the axis */
    out[PP_OBS_GRABBER + s->grabber] = 1.0f;                       /* PP-S2 */
    for (int sq = 0; sq < PP_NUM_SQUARES; sq++) {                  /* PP-V1: the grid */
        uint8_t v = s->grid[sq];
        if (v == 0)
            continue;
        int plane = (v & PP_FACE_DOWN) ? PP_OBS_FACE_DOWN : PP_OBS_FACE_UP;
        out[plane + PP_NUM_SQUARES * ((v & 0x7F) - 1) + sq] = 1.0f;
    }
    for (int c = 0; c < PP_NUM_CRATES; c++) {                      /* own crates, whole (PP-V2) */
        float *o = out + PP_OBS_OWN_CRATES + PP_OBS_OWN_CRATE_STRIDE * c;
        int n = s->crate_len[me][c];
        o[s->crate_status[me][c]] = 1.0f;
        o[3] = (float)n / PP_MAX_CRATE;
        if (n > 0)
            o[4] = s->crate[me][c][n - 1] / 6.0f;
        for (int i = 0; i < n; i++)
            o[5 + i] = s->crate[me][c][i] / 6.0f;
    }
    for (int c = 0; c < PP_NUM_CRATES; c++) {                      /* opponent's: count, top (PP-V2) */
        float *o = out + PP_OBS_OPP_CRATES + PP_OBS_OPP_CRATE_STRIDE * c;
        int n = s->crate_len[other][c];
        o[s->crate_status[other][c]] = 1.0f;
        o[3] = (float)n / PP_MAX_CRATE;
        if (n > 0 && s->crate_status[other][c] == PP_CRATE_OPEN)  /* a closed crate's tile covers it */
            o[4] = s->crate[other][c][n - 1] / 6.0f;
    }
    obs_tiles(s, me, 0, out + PP_OBS_OWN_TILES);
    obs_tiles(s, other, s->phase == PP_PHASE_PLACEMENT, out + PP_OBS_OPP_TILES);  /* PP-S3 */
    out[PP_OBS_RUSH] = s->rush[me] / 2.0f;                         /* PP-R, PP-V1 */
    out[PP_OBS_RUSH + 1] = s->rush[other] / 2.0f;
    out[PP_OBS_SCORE] = (float)pp_score(s, me) / PP_OBS_MAX_SCORE; /* PP-E3; the opponent's is hidden */
    return PP_OBS_OK;
}
