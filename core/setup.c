/* Set-up: deals (PP-S1), the grabber's start (PP-S2), placements (PP-S3), first player
 * (PP-S4), and validation of states assembled from outside. */
#include <stdio.h>
#include <string.h>
#include "pp_internal.h"

/* PP-C2: how many trays of 1..6 apples. */
static const int tray_count[6] = {10, 8, 7, 6, 4, 1};

static void shuffle(pp_rng *rng, uint8_t *a, int n)
{
    for (int i = n - 1; i >= 1; i--) {
        const int j = (int)pp_rng_below(rng, (uint32_t)(i + 1));
        const uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

void pp_random_deal(pp_rng *rng, uint8_t deal[PP_NUM_SQUARES])
{
    int n = 0;
    for (int a = 1; a <= 6; a++)
        for (int i = 0; i < tray_count[a - 1]; i++)
            deal[n++] = (uint8_t)a;
    shuffle(rng, deal, PP_NUM_SQUARES);
}

void pp_random_placement(pp_rng *rng, uint8_t kinds[PP_NUM_SPACES])
{
    for (int i = 0; i < PP_NUM_SPACES; i++)
        kinds[i] = (uint8_t)(i / 2);
    shuffle(rng, kinds, PP_NUM_SPACES);
}

int pp_state_init(pp_state *s, const uint8_t deal[PP_NUM_SQUARES], int first)
{
    int count[6] = {0};
    int six = -1;
    pp_zobrist_init();
    if (first != PP_RED && first != PP_BLUE)
        return -2;
    for (int sq = 0; sq < PP_NUM_SQUARES; sq++) {
        if (deal[sq] < 1 || deal[sq] > 6)
            return -1;
        count[deal[sq] - 1]++;
        if (deal[sq] == 6)
            six = sq;
    }
    for (int a = 0; a < 6; a++)
        if (count[a] != tray_count[a])
            return -1;
    memset(s, 0, sizeof *s);
    memcpy(s->grid, deal, PP_NUM_SQUARES);
    memset(s->tile_kind, PP_NO_KIND, sizeof s->tile_kind);
    s->grabber = (uint8_t)six;                     /* PP-S2 */
    s->to_move = PP_RED;                           /* Red places first (PP-S3) */
    s->phase = PP_PHASE_PLACEMENT;
    s->first = (uint8_t)first;
    s->hash = pp_hash_full(s);
    return PP_OK;
}

int pp_place_all(pp_state *s, const uint8_t red[PP_NUM_SPACES], const uint8_t blue[PP_NUM_SPACES])
{
    for (int i = 0; i < 2 * PP_NUM_SPACES; i++) {
        const uint8_t k = i < PP_NUM_SPACES ? red[i] : blue[i - PP_NUM_SPACES];
        if (k >= PP_NUM_KINDS || pp_apply_checked(s, k, NULL) != PP_OK)
            return i + 1;
    }
    return PP_OK;
}

#define FAIL(...) do { snprintf(msg, msglen, __VA_ARGS__); return -1; } while (0)

int pp_state_validate(pp_state *s, char *msg, size_t msglen)
{
    static const char *const pname[2] = {"red", "blue"};
    int count[6] = {0};
    pp_zobrist_init();
    if (s->phase > PP_PHASE_OVER) FAIL("phase: unknown phase %d", s->phase);
    if (s->first > PP_BLUE) FAIL("first: must be red or blue");
    if (s->grabber >= PP_NUM_SQUARES) FAIL("grabber: square index %d out of range", s->grabber);
    for (int sq = 0; sq < PP_NUM_SQUARES; sq++) {
        const uint8_t v = s->grid[sq];
        if (v == 0) continue;
        const int a = v & 0x7F;
        if ((v & 0x7F & ~7) || a < 1 || a > 6 || (v & ~(PP_FACE_DOWN | 7)))
            FAIL("grid: square %c%d holds an impossible tray", 'a' + sq % 6, sq / 6 + 1);
        count[a - 1]++;
    }
    int placed = 0;
    for (int p = 0; p < 2; p++) {
        int kinds[PP_NUM_KINDS] = {0}, used_r = 0, used_p = 0, used_w = 0, premium = 0, wholesale = 0;
        for (int c = 0; c < PP_NUM_CRATES; c++) {
            if (s->crate_len[p][c] > PP_MAX_CRATE) FAIL("crates.%s[%d]: too many trays", pname[p], c);
            if (s->crate_status[p][c] > PP_CRATE_WHOLESALE) FAIL("crates.%s[%d].status: unknown", pname[p], c);
            premium += s->crate_status[p][c] == PP_CRATE_PREMIUM;
            for (int i = 0; i < s->crate_len[p][c]; i++) {
                const uint8_t a = s->crate[p][c][i];
                if (a < 1 || a > 6) FAIL("crates.%s[%d].trays[%d]: apples must be 1..6", pname[p], c, i);
                count[a - 1]++;
            }
        }
        for (int c = 0; c < PP_NUM_CRATES; c++)
            wholesale += s->crate_status[PP_OTHER(p)][c] == PP_CRATE_WHOLESALE;
        for (int sp = 0; sp < PP_NUM_SPACES; sp++) {
            const uint8_t k = s->tile_kind[p][sp], st = s->tile_status[p][sp];
            if (k == PP_NO_KIND) {
                if (st != PP_TILE_UNPLAYED) FAIL("tiles.%s: an unplaced space cannot be played", pname[p]);
                continue;
            }
            if (k >= PP_NUM_KINDS) FAIL("tiles.%s: unknown kind", pname[p]);
            if (st > PP_TILE_MALFUNCTIONED) FAIL("tiles.%s: unknown status", pname[p]);
            if (++kinds[k] > 2) FAIL("tiles.%s: more than two tiles of one kind (PP-C3)", pname[p]);
            placed++;
            used_r += k == PP_KIND_R && st == PP_TILE_USED;
            used_p += k == PP_KIND_P && st == PP_TILE_USED;
            used_w += k == PP_KIND_W && st == PP_TILE_USED;
        }
        if (s->rush[p] > used_r)
            FAIL("rush.%s: %d rush orders waiting but only %d rush-order tiles used (PP-A3)",
                 pname[p], s->rush[p], used_r);
        if (premium > used_p)
            FAIL("crates.%s: %d premium crates but %d Premium tiles used (PP-A1)", pname[p], premium, used_p);
        if (wholesale > used_w)
            FAIL("crates.%s: %d wholesale crates but %d Wholesale tiles used by %s (PP-A2)",
                 pname[PP_OTHER(p)], wholesale, used_w, pname[p]);
    }
    for (int a = 0; a < 6; a++)
        if (count[a] != tray_count[a])
            FAIL("grid/crates: %d trays of %d apples in all, the game has %d (PP-C2)",
                 count[a], a + 1, tray_count[a]);
    if (s->phase == PP_PHASE_PLACEMENT) {
        /* Placement fills Red's spaces in order, then Blue's (PP-S3), with nothing played. */
        for (int i = 0; i < 2 * PP_NUM_SPACES; i++) {
            const int p = i < PP_NUM_SPACES ? PP_RED : PP_BLUE, sp = i % PP_NUM_SPACES;
            const int should = i < placed;
            if ((s->tile_kind[p][sp] != PP_NO_KIND) != should)
                FAIL("tiles: placement fills Red's spaces aT..fB, then Blue's 1L..6R, in order (PP-S3)");
            if (should && s->tile_status[p][sp] != PP_TILE_UNPLAYED)
                FAIL("tiles: no tile is played during placement");
        }
        if (placed == 2 * PP_NUM_SPACES) FAIL("phase: both placements are complete, phase must be play");
        if (s->to_move != (placed < PP_NUM_SPACES ? PP_RED : PP_BLUE))
            FAIL("to_move: during placement it is %s who places", placed < PP_NUM_SPACES ? "red" : "blue");
        for (int sq = 0; sq < PP_NUM_SQUARES; sq++)
            if (!PP_IS_TRAY(s->grid[sq])) FAIL("grid: all trays lie face up during placement (PP-S1)");
        if (s->grid[s->grabber] != 6) FAIL("grabber: starts on the 6-apple tray (PP-S2)");
    } else {
        if (placed != 2 * PP_NUM_SPACES) FAIL("tiles: all 24 tiles are placed once play has begun");
        const int e1 = pp_all_closed(s, PP_RED) || pp_all_closed(s, PP_BLUE);
        if (s->phase == PP_PHASE_PLAY) {
            if (s->to_move > PP_BLUE) FAIL("to_move: must be red or blue while the game is on");
            if (e1) FAIL("phase: a player has all four crates closed, the game is over (PP-E1)");
            if (!pp_has_legal_move(s, s->to_move))
                FAIL("phase: %s has no legal move, the game is over (PP-E2)", pname[s->to_move]);
        } else if (s->to_move != PP_NOBODY) {
            FAIL("to_move: must be null once the game is over");
        }
    }
    s->placed = (uint8_t)placed;
    s->hash = pp_hash_full(s);
    return PP_OK;
}
