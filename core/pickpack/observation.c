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
#include <string.h>
#include "pp_internal.h"

size_t pp_observation_tensor_size(const pp_state *s)
{
    (void)s;   /* fixed for the game: Pick & Pack has no options that change it */
    return PP_OBS_SIZE;
}

/* Eight bytes at a time (SWAR): each function returns a word whose bit 8i+7 is set when
 * byte i of w is out of range. Bytes are handled alone (no carry crosses a byte: each
 * sum is of two bytes below 0x80, or of a byte and 0x7F below 0xFF). */
#define LOW7 0x7F7F7F7F7F7F7F7Full
#define HIGH 0x8080808080808080ull
#define BYTES(b) (0x0101010101010101ull * (b))

/* A grid byte: 0 (empty) or apples 1..6 with at most PP_FACE_DOWN besides. */
static uint64_t grid_word_bad(uint64_t w)
{
    const uint64_t x = w & LOW7;
    /* apples part 7.., or the face-down bit over no apples */
    return ((x + BYTES(0x80 - 7)) | (w & ~(x + LOW7))) & HIGH;
}

/* A tile kind: 0..PP_NUM_KINDS-1 or PP_NO_KIND (0xFF). */
static uint64_t kind_word_bad(uint64_t w)
{
    const uint64_t x = w & LOW7, nx = ~w & LOW7;
    /* (w >= PP_NUM_KINDS) and (w != 0xFF) */
    return (w | (x + BYTES(0x80 - PP_NUM_KINDS))) & ((~w) | (nx + LOW7)) & HIGH;
}

/* A tile status: 0..PP_TILE_MALFUNCTIONED. */
static uint64_t status_word_bad(uint64_t w)
{
    return (w | ((w & LOW7) + BYTES(0x80 - PP_TILE_MALFUNCTIONED - 1))) & HIGH;
}

/* Nonzero when some byte of b[0..n) is out of range by word_bad (n bytes read, the
 * tail padded with a byte every check accepts: 0). */
static uint64_t bytes_bad(const uint8_t *b, size_t n, uint64_t (*word_bad)(uint64_t))
{
    uint64_t bad = 0, w;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&w, b + i, 8);
        bad |= word_bad(w);
    }
    if (i < n) {
        w = 0;
        memcpy(&w, b + i, n - i);
        bad |= word_bad(w);
    }
    return bad;
}

/* pp_crate_score (PP-E3) of a crate holding `apples`: premium 2 per apple, wholesale
 * 1 per 2 rounded down, open 1 per apple. */
static inline int crate_points(unsigned status, int apples)
{
    return status == PP_CRATE_PREMIUM ? 2 * apples : status == PP_CRATE_WHOLESALE ? apples / 2 : apples;
}

/* Every field the fill indexes with is in range (PP_OBS_BAD_STATE otherwise), and each
 * player's score (PP-E3, computed here in the same pass over the crates) is at most
 * PP_OBS_MAX_SCORE. Branch-free accumulation of the faults. */
static int obs_state_ok(const pp_state *s)
{
    uint64_t bad = s->phase > PP_PHASE_OVER || s->to_move > PP_NOBODY || s->grabber >= PP_NUM_SQUARES;
    bad |= bytes_bad(s->grid, PP_NUM_SQUARES, grid_word_bad);
    bad |= bytes_bad((const uint8_t *)s->tile_kind, 2 * PP_NUM_SPACES, kind_word_bad);
    bad |= bytes_bad((const uint8_t *)s->tile_status, 2 * PP_NUM_SPACES, status_word_bad);
    for (int p = 0; p < 2; p++) {
        int total = 0;
        bad |= s->rush[p] > 2;
        for (int c = 0; c < PP_NUM_CRATES; c++) {
            const unsigned status = s->crate_status[p][c], n = s->crate_len[p][c];
            int apples = 0;
            if (status > PP_CRATE_WHOLESALE || n > PP_MAX_CRATE)
                return 0;
            for (unsigned i = 0; i < n; i++) {
                const unsigned a = s->crate[p][c][i];
                bad |= a - 1u >= 6u;
                apples += (int)a;
            }
            total += crate_points(status, apples);
        }
        bad |= total > PP_OBS_MAX_SCORE;
    }
    return !bad;
}

/* Tiles of player p at base, 9 floats per space; kinds left 0 when hide_kinds (PP-S3).
 * A kind not shown writes its 1.0 to the status cell instead (branch-free: that cell
 * is 1.0 anyway). */
static void obs_tiles(const pp_state *s, int p, int hide_kinds, float *base)
{
    for (int i = 0; i < PP_NUM_SPACES; i++) {
        float *t = base + PP_OBS_TILE_STRIDE * i;
        const int kind = s->tile_kind[p][i], status = PP_NUM_KINDS + s->tile_status[p][i];
        t[hide_kinds || kind == PP_NO_KIND ? status : kind] = 1.0f;
        t[status] = 1.0f;
    }
}

/* The plane of a grid byte (obs_state_ok: 0, 1..6 face up, 0x81..0x86 face down): the
 * offset of its square 0 in the tensor. An empty square's 1.0 goes to the grabber's
 * one-hot block, cleared after the grid is written (branch-free fill). */
#define UP(apples) [apples] = PP_OBS_FACE_UP + PP_NUM_SQUARES * ((apples) - 1)
#define DOWN(apples) [PP_FACE_DOWN | (apples)] = PP_OBS_FACE_DOWN + PP_NUM_SQUARES * ((apples) - 1)
static const int16_t grid_plane[256] = {
    [0] = PP_OBS_GRABBER, UP(1), UP(2), UP(3), UP(4), UP(5), UP(6),
    DOWN(1), DOWN(2), DOWN(3), DOWN(4), DOWN(5), DOWN(6),
};
#undef UP
#undef DOWN

/* The seat-relative part (to move, colour, both players' crates and tiles, rush
 * orders, score): cleared and written whole. */
static void obs_seat(const pp_state *s, int me, float *out)
{
    const int other = PP_OTHER(me);
    int score = 0;
    memset(out + PP_OBS_TO_MOVE, 0, (PP_OBS_GRABBER - PP_OBS_TO_MOVE) * sizeof *out);
    memset(out + PP_OBS_OWN_CRATES, 0, (PP_OBS_SIZE - PP_OBS_OWN_CRATES) * sizeof *out);
    if (s->to_move == me)
        out[PP_OBS_TO_MOVE] = 1.0f;
    else if (s->to_move == other)
        out[PP_OBS_TO_MOVE + 1] = 1.0f;
    out[PP_OBS_COLOUR + me] = 1.0f;                                /* PP-C5: the axis */
    for (int c = 0; c < PP_NUM_CRATES; c++) {                      /* own crates, whole (PP-V2) */
        float *o = out + PP_OBS_OWN_CRATES + PP_OBS_OWN_CRATE_STRIDE * c;
        const uint8_t *trays = s->crate[me][c];
        const int n = s->crate_len[me][c], status = s->crate_status[me][c];
        int apples = 0;
        o[status] = 1.0f;
        o[3] = (float)n / PP_MAX_CRATE;
        if (n > 0)
            o[4] = trays[n - 1] / 6.0f;
        for (int i = 0; i < n; i++) {
            o[5 + i] = trays[i] / 6.0f;
            apples += trays[i];
        }
        score += crate_points((unsigned)status, apples);
    }
    for (int c = 0; c < PP_NUM_CRATES; c++) {                      /* opponent's: count, top (PP-V2) */
        float *o = out + PP_OBS_OPP_CRATES + PP_OBS_OPP_CRATE_STRIDE * c;
        const int n = s->crate_len[other][c];
        o[s->crate_status[other][c]] = 1.0f;
        o[3] = (float)n / PP_MAX_CRATE;
        if (n > 0 && s->crate_status[other][c] == PP_CRATE_OPEN)  /* a closed crate's tile covers it */
            o[4] = s->crate[other][c][n - 1] / 6.0f;
    }
    obs_tiles(s, me, 0, out + PP_OBS_OWN_TILES);
    obs_tiles(s, other, s->phase == PP_PHASE_PLACEMENT, out + PP_OBS_OPP_TILES);  /* PP-S3 */
    out[PP_OBS_RUSH] = s->rush[me] / 2.0f;                         /* PP-R, PP-V1 */
    out[PP_OBS_RUSH + 1] = s->rush[other] / 2.0f;
    out[PP_OBS_SCORE] = (float)score / PP_OBS_MAX_SCORE;           /* PP-E3; the opponent's is hidden */
}

/* The grabber's one-hot block, after the grid planes were written through grid_plane
 * (whose empty squares' writes land in it). */
static void obs_grabber(const pp_state *s, float *out)
{
    memset(out + PP_OBS_GRABBER, 0, PP_NUM_SQUARES * sizeof *out);
    out[PP_OBS_GRABBER + s->grabber] = 1.0f;                       /* PP-S2 */
}

int pp_observation_tensor(const pp_state *s, int player, float *out, size_t size)
{
    if (player != PP_RED && player != PP_BLUE)
        return PP_OBS_BAD_PLAYER;
    if (out == NULL || size != PP_OBS_SIZE)
        return PP_OBS_BAD_SIZE;
    if (s == NULL || !obs_state_ok(s))
        return PP_OBS_BAD_STATE;
    memset(out, 0, PP_OBS_OWN_CRATES * sizeof *out);               /* the rest: obs_seat */
    out[PP_OBS_PHASE + s->phase] = 1.0f;                           /* PP-S3, PP-E1/E2 */
    for (int sq = 0; sq < PP_NUM_SQUARES; sq++)                    /* PP-V1: the grid */
        out[grid_plane[s->grid[sq]] + sq] = 1.0f;
    obs_grabber(s, out);
    obs_seat(s, player, out);
    return PP_OBS_OK;
}

int pp_observation_update(const pp_state *prev, int prev_player, const pp_state *s, int player, float *out,
                          size_t size)
{
    (void)prev_player;   /* the seat-relative part is written whole (obs_seat) */
    if (player != PP_RED && player != PP_BLUE)
        return PP_OBS_BAD_PLAYER;
    if (out == NULL || size != PP_OBS_SIZE)
        return PP_OBS_BAD_SIZE;
    if (s == NULL || prev == NULL)
        return PP_OBS_BAD_STATE;
    out[PP_OBS_PHASE + prev->phase] = 0.0f;                        /* PP-S3, PP-E1/E2 */
    out[PP_OBS_PHASE + s->phase] = 1.0f;
    for (int i = 0; i < PP_NUM_SQUARES; i += 4) {                  /* PP-V1: the squares that changed */
        uint32_t was, now;
        memcpy(&was, prev->grid + i, 4);
        memcpy(&now, s->grid + i, 4);
        if (was == now)
            continue;
        for (int sq = i; sq < i + 4; sq++) {
            const uint8_t a = prev->grid[sq], b = s->grid[sq];
            if (a != b) {                  /* two cells of two planes (or the grabber block) */
                out[grid_plane[a] + sq] = 0.0f;
                out[grid_plane[b] + sq] = 1.0f;
            }
        }
    }
    obs_grabber(s, out);
    obs_seat(s, player, out);
    return PP_OBS_OK;
}
