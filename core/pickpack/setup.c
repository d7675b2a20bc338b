/* Set-up: deals (PP-S1), the grabber's start (PP-S2), placements (PP-S3), first player
 * (PP-S4), and validation of states assembled from outside. */
#include <stdio.h>
#include <string.h>
#include "pp_internal.h"
#include "pp_load_error.h"

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

/* Fill *out and fail: field code, player (-1: the whole field), index, rule, message. */
#define FAIL_AT(f, pl, ix, r, ...) do { \
        out->field = (f); out->player = (pl); out->index = (ix); out->rule = (r); \
        snprintf(out->msg, sizeof out->msg, __VA_ARGS__); return -1; } while (0)

static const char *const pname[2] = {"red", "blue"};

/* PP_CHECK_SAFE: everything the core relies on to run on the state. */
static int check_safe(pp_state *s, pp_check *out)
{
    int count[6] = {0};
    if (s->phase > PP_PHASE_OVER) FAIL_AT(PP_FIELD_PHASE, -1, -1, "", "phase: unknown phase %d", s->phase);
    if (s->first > PP_BLUE) FAIL_AT(PP_FIELD_FIRST, -1, -1, "PP-S4", "first: must be red or blue");
    if (s->grabber >= PP_NUM_SQUARES)
        FAIL_AT(PP_FIELD_GRABBER, -1, -1, "PP-C1", "grabber: square index %d out of range", s->grabber);
    for (int sq = 0; sq < PP_NUM_SQUARES; sq++) {
        const uint8_t v = s->grid[sq];
        if (v == 0) continue;
        const int a = v & 0x7F;
        if ((v & 0x7F & ~7) || a < 1 || a > 6 || (v & ~(PP_FACE_DOWN | 7)))
            FAIL_AT(PP_FIELD_GRID, -1, sq, "PP-C2", "grid: square %c%d holds an impossible tray",
                    'a' + sq % 6, sq / 6 + 1);
        count[a - 1]++;
    }
    int placed = 0;
    for (int p = 0; p < 2; p++) {
        int kinds[PP_NUM_KINDS] = {0}, used_r = 0, used_p = 0, used_w = 0, premium = 0, wholesale = 0;
        for (int c = 0; c < PP_NUM_CRATES; c++) {
            if (s->crate_len[p][c] > PP_MAX_CRATE)
                FAIL_AT(PP_FIELD_CRATES, p, c, "PP-C2", "crates.%s[%d]: too many trays", pname[p], c);
            if (s->crate_status[p][c] > PP_CRATE_WHOLESALE)
                FAIL_AT(PP_FIELD_CRATES, p, c, "", "crates.%s[%d].status: unknown", pname[p], c);
            premium += s->crate_status[p][c] == PP_CRATE_PREMIUM;
            for (int i = 0; i < s->crate_len[p][c]; i++) {
                const uint8_t a = s->crate[p][c][i];
                if (a < 1 || a > 6)
                    FAIL_AT(PP_FIELD_CRATES, p, c, "PP-C2", "crates.%s[%d].trays[%d]: apples must be 1..6",
                            pname[p], c, i);
                count[a - 1]++;
            }
        }
        for (int c = 0; c < PP_NUM_CRATES; c++)
            wholesale += s->crate_status[PP_OTHER(p)][c] == PP_CRATE_WHOLESALE;
        for (int sp = 0; sp < PP_NUM_SPACES; sp++) {
            const uint8_t k = s->tile_kind[p][sp], st = s->tile_status[p][sp];
            if (k == PP_NO_KIND) {
                if (st != PP_TILE_UNPLAYED)
                    FAIL_AT(PP_FIELD_TILES, p, sp, "PP-S3", "tiles.%s: an unplaced space cannot be played",
                            pname[p]);
                continue;
            }
            if (k >= PP_NUM_KINDS) FAIL_AT(PP_FIELD_TILES, p, sp, "PP-C4", "tiles.%s: unknown kind", pname[p]);
            if (st > PP_TILE_MALFUNCTIONED)
                FAIL_AT(PP_FIELD_TILES, p, sp, "PP-M4", "tiles.%s: unknown status", pname[p]);
            if (++kinds[k] > 2)
                FAIL_AT(PP_FIELD_TILES, p, sp, "PP-C3", "tiles.%s: more than two tiles of one kind (PP-C3)",
                        pname[p]);
            placed++;
            used_r += k == PP_KIND_R && st == PP_TILE_USED;
            used_p += k == PP_KIND_P && st == PP_TILE_USED;
            used_w += k == PP_KIND_W && st == PP_TILE_USED;
        }
        if (s->rush[p] > used_r)
            FAIL_AT(PP_FIELD_RUSH, p, -1, "PP-A3",
                    "rush.%s: %d rush orders waiting but only %d rush-order tiles used (PP-A3)",
                    pname[p], s->rush[p], used_r);
        if (premium > used_p)
            FAIL_AT(PP_FIELD_CRATES, p, -1, "PP-A1", "crates.%s: %d premium crates but %d Premium tiles used (PP-A1)",
                    pname[p], premium, used_p);
        if (wholesale > used_w)
            FAIL_AT(PP_FIELD_CRATES, PP_OTHER(p), -1, "PP-A2",
                    "crates.%s: %d wholesale crates but %d Wholesale tiles used by %s (PP-A2)",
                    pname[PP_OTHER(p)], wholesale, used_w, pname[p]);
    }
    for (int a = 0; a < 6; a++)
        if (count[a] != tray_count[a])
            FAIL_AT(PP_FIELD_GRID, -1, -1, "PP-C2", "grid/crates: %d trays of %d apples in all, the game has %d (PP-C2)",
                    count[a], a + 1, tray_count[a]);
    if (s->phase == PP_PHASE_PLACEMENT) {
        /* Placement fills Red's spaces in order, then Blue's (PP-S3), with nothing played. */
        for (int i = 0; i < 2 * PP_NUM_SPACES; i++) {
            const int p = i < PP_NUM_SPACES ? PP_RED : PP_BLUE, sp = i % PP_NUM_SPACES;
            const int should = i < placed;
            if ((s->tile_kind[p][sp] != PP_NO_KIND) != should)
                FAIL_AT(PP_FIELD_TILES, p, sp, "PP-S3",
                        "tiles: placement fills Red's spaces aT..fB, then Blue's 1L..6R, in order (PP-S3)");
            if (should && s->tile_status[p][sp] != PP_TILE_UNPLAYED)
                FAIL_AT(PP_FIELD_TILES, p, sp, "PP-S3", "tiles: no tile is played during placement (PP-S3)");
        }
        if (placed == 2 * PP_NUM_SPACES)
            FAIL_AT(PP_FIELD_PHASE, -1, -1, "PP-S3", "phase: both placements are complete, phase must be play");
        if (s->to_move != (placed < PP_NUM_SPACES ? PP_RED : PP_BLUE))
            FAIL_AT(PP_FIELD_TO_MOVE, -1, -1, "PP-S3", "to_move: during placement it is %s who places",
                    placed < PP_NUM_SPACES ? "red" : "blue");
        for (int sq = 0; sq < PP_NUM_SQUARES; sq++)
            if (!PP_IS_TRAY(s->grid[sq]))
                FAIL_AT(PP_FIELD_GRID, -1, sq, "PP-S1", "grid: all trays lie face up during placement (PP-S1)");
        if (s->grid[s->grabber] != 6)
            FAIL_AT(PP_FIELD_GRABBER, -1, -1, "PP-S2", "grabber: starts on the 6-apple tray (PP-S2)");
    } else {
        if (placed != 2 * PP_NUM_SPACES)
            FAIL_AT(PP_FIELD_TILES, -1, -1, "PP-S3", "tiles: all 24 tiles are placed once play has begun");
        const int e1 = pp_all_closed(s, PP_RED) || pp_all_closed(s, PP_BLUE);
        if (s->phase == PP_PHASE_PLAY) {
            if (s->to_move > PP_BLUE)
                FAIL_AT(PP_FIELD_TO_MOVE, -1, -1, "", "to_move: must be red or blue while the game is on");
            if (e1)
                FAIL_AT(PP_FIELD_PHASE, -1, -1, "PP-E1",
                        "phase: a player has all four crates closed, the game is over (PP-E1)");
            if (!pp_has_legal_move(s, s->to_move))
                FAIL_AT(PP_FIELD_PHASE, -1, -1, "PP-E2", "phase: %s has no legal move, the game is over (PP-E2)",
                        pname[s->to_move]);
        } else if (s->to_move != PP_NOBODY) {
            FAIL_AT(PP_FIELD_TO_MOVE, -1, -1, "", "to_move: must be null once the game is over");
        }
    }
    s->placed = (uint8_t)placed;
    return PP_OK;
}

/* Is there an empty square other than `except` on the row (axis 0) or column (axis 1)
 * through square sq? */
static int line_has_empty(const pp_state *s, int sq, int axis, int except)
{
    for (int i = 0; i < 6; i++) {
        const int t = axis == 0 ? (sq / 6) * 6 + i : i * 6 + sq % 6;
        if (t != except && s->grid[t] == 0) return 1;
    }
    return 0;
}

/* PP_CHECK_REACHABLE on top of check_safe, for phases play and over (placement is
 * fully fixed by check_safe). What the rules imply about every reachable position. */
static int check_reachable(const pp_state *s, pp_check *out)
{
    int used[2][PP_NUM_KINDS] = {{0}}, used_all[2] = {0}, mal[2] = {0}, first_mal[2] = {-1, -1};
    int premium[2] = {0}, wholesale[2] = {0}, trays_on_grid = 0, face_down = 0, first_down = -1;
    const int g = s->grabber, f = s->first;
    for (int p = 0; p < 2; p++) {
        for (int sp = 0; sp < PP_NUM_SPACES; sp++) {
            const int k = s->tile_kind[p][sp], st = s->tile_status[p][sp];
            if (st == PP_TILE_USED) { used[p][k]++; used_all[p]++; }
            if (st == PP_TILE_MALFUNCTIONED) {
                if (first_mal[p] < 0) first_mal[p] = sp;
                mal[p]++;
            }
        }
        for (int c = 0; c < PP_NUM_CRATES; c++) {
            premium[p] += s->crate_status[p][c] == PP_CRATE_PREMIUM;
            wholesale[p] += s->crate_status[p][c] == PP_CRATE_WHOLESALE;
        }
    }
    for (int row = 5; row >= 0; row--)           /* the position string's order: row 6 first */
        for (int col = 0; col < 6; col++) {
            const uint8_t v = s->grid[row * 6 + col];
            trays_on_grid += v != 0;
            if (v & PP_FACE_DOWN) {
                face_down++;
                if (first_down < 0) first_down = row * 6 + col;
            }
        }
    for (int p = 0; p < 2; p++) {
        const int o = PP_OTHER(p);
        /* While the game is on both players have an open crate (PP-E1), so a used P or
         * W tile always closed one: closed crates and these tiles match one for one. */
        if (premium[p] != used[p][PP_KIND_P])
            FAIL_AT(PP_FIELD_CRATES, p, -1, "PP-A1",
                    "crates.%s: %d premium crates but %d Premium tiles used (PP-A1: each closed one)",
                    pname[p], premium[p], used[p][PP_KIND_P]);
        if (wholesale[p] != used[o][PP_KIND_W])
            FAIL_AT(PP_FIELD_CRATES, p, -1, "PP-A2",
                    "crates.%s: %d wholesale crates but %d Wholesale tiles used by %s (PP-A2: each closed one)",
                    pname[p], wholesale[p], used[o][PP_KIND_W], pname[o]);
        if (mal[p] > used[o][PP_KIND_M])
            FAIL_AT(PP_FIELD_TILES, p, first_mal[p], "PP-A6",
                    "tiles.%s: %d tiles malfunctioned but %s used %d Malfunction tiles (PP-A6)",
                    pname[p], mal[p], pname[o], used[o][PP_KIND_M]);
    }
    if (face_down + mal[0] + mal[1] > used[0][PP_KIND_M] + used[1][PP_KIND_M])
        FAIL_AT(PP_FIELD_GRID, -1, first_down, "PP-A6",
                "grid: %d face-down trays and %d malfunctioned tiles, but only %d Malfunction tiles used (PP-A6)",
                face_down, mal[0] + mal[1], used[0][PP_KIND_M] + used[1][PP_KIND_M]);
    /* A tile is activated by entering an empty square of the line it ends (PP-M2);
     * an emptied square stays empty. Red's tiles end columns, Blue's rows (PP-C5). */
    for (int p = 0; p < 2; p++)
        for (int sp = 0; sp < PP_NUM_SPACES; sp++) {
            if (s->tile_status[p][sp] != PP_TILE_USED) continue;
            const int line = sp % 6, axis = p == PP_RED ? 1 : 0;
            if (!line_has_empty(s, p == PP_RED ? line : line * 6, axis, -1))
                FAIL_AT(PP_FIELD_TILES, p, sp, "PP-M2",
                        "tiles.%s: a used tile, but its %s %c has no empty square to enter it from (PP-M2)",
                        pname[p], p == PP_RED ? "column" : "row", p == PP_RED ? 'a' + line : '1' + line);
        }
    /* Every play move empties the grabber's destination or enters an empty square
     * (PP-G1, PP-M2); before the first one the grabber is on the 6-apple tray (PP-S2). */
    const int moves = (PP_NUM_SQUARES - trays_on_grid) + used_all[0] + used_all[1];
    if (moves == 0 && s->grid[g] != 6)
        FAIL_AT(PP_FIELD_GRABBER, -1, -1, "PP-S2",
                "grabber: no move has been made yet (all 36 trays on the grid), so it is on the "
                "6-apple tray (PP-S2)");
    if (moves > 0 && s->grid[g] != 0)
        FAIL_AT(PP_FIELD_GRABBER, -1, -1, "PP-G1",
                "grabber: after a move it stands on an empty square (the tray it took, or the "
                "square it entered to play a tile) (PP-G1, PP-M2)");
    /* Open crates only grow at the fewest (PP-G2, PP-A4); only the opponent's Quality
     * controls take trays from them, so the open crates differ by at most 1 + those. */
    for (int p = 0; p < 2; p++) {
        int lo = 255, hi = -1, at = -1;
        for (int c = 0; c < PP_NUM_CRATES; c++) {
            if (s->crate_status[p][c] != PP_CRATE_OPEN) continue;
            if (s->crate_len[p][c] < lo) lo = s->crate_len[p][c];
            if (s->crate_len[p][c] > hi) { hi = s->crate_len[p][c]; at = c; }
        }
        const int q = used[PP_OTHER(p)][PP_KIND_Q];
        if (hi >= 0 && hi - lo > 1 + q)
            FAIL_AT(PP_FIELD_CRATES, p, at, "PP-G2",
                    "crates.%s[%d]: open crates hold %d to %d trays; a tray goes to an open crate with "
                    "the fewest (PP-G2), and %d Quality controls of %s took from them, so they differ "
                    "by at most %d", pname[p], at, lo, hi, q, pname[PP_OTHER(p)], 1 + q);
    }
    /* Whose turn: each move passes the turn unless it spent a rush order (PP-R1), so
     * after `moves` moves and `spent` rush orders the mover is fixed (PP-S4, PP-R3). */
    const int spent = used[0][PP_KIND_R] - s->rush[0] + used[1][PP_KIND_R] - s->rush[1];
    const int next = (moves - spent) % 2 == 0 ? f : PP_OTHER(f);
    const int e1[2] = {pp_all_closed(s, PP_RED), pp_all_closed(s, PP_BLUE)};
    int last_could_be[2] = {0, 0};               /* who may have made the last move */
    if (s->phase == PP_PHASE_PLAY) {
        if (s->to_move != next)
            FAIL_AT(PP_FIELD_TO_MOVE, -1, -1, "PP-R1",
                    "to_move: %s, but after %d moves with %s moving first and %d rush orders spent it "
                    "is %s's turn (PP-S4, PP-R1)", pname[s->to_move], moves, pname[f], spent, pname[next]);
        last_could_be[PP_OTHER(next)] = 1;
        last_could_be[next] = used[next][PP_KIND_R] - s->rush[next] > 0;
    } else {
        if (e1[0] && e1[1])
            FAIL_AT(PP_FIELD_CRATES, -1, -1, "PP-E1",
                    "crates: both players have all four crates closed, but the game ended when the "
                    "first one had (PP-E1)");
        if (e1[0] || e1[1]) {
            /* The last move closed the fourth crate: a P or W tile at an end of the line
             * through the grabber's square; no rush order is spent on it (PP-R3). */
            const int last = (moves - 1 - spent) % 2 == 0 ? f : PP_OTHER(f);
            const int closed = e1[0] ? PP_RED : PP_BLUE;
            const int kind = closed == last ? PP_KIND_P : PP_KIND_W;
            const int line = last == PP_RED ? g % 6 : g / 6;
            if (!(s->tile_kind[last][line] == kind && s->tile_status[last][line] == PP_TILE_USED) &&
                !(s->tile_kind[last][line + 6] == kind && s->tile_status[last][line + 6] == PP_TILE_USED))
                FAIL_AT(PP_FIELD_GRABBER, -1, -1, "PP-E1",
                        "grabber: the game ended when %s's fourth crate closed (PP-E1), so %s's last move "
                        "played a used %c tile at an end of %s %c, the grabber's line; there is none",
                        pname[closed], pname[last], "PWRQXM"[kind], last == PP_RED ? "column" : "row",
                        last == PP_RED ? 'a' + line : '1' + line);
            last_could_be[last] = 1;
        } else {
            /* PP-E2: the player whose turn it would be has no legal move. */
            if (pp_has_legal_move(s, next))
                FAIL_AT(PP_FIELD_TO_MOVE, -1, -1, "PP-E2",
                        "to_move: the game is marked over, but no player has all four crates closed "
                        "(PP-E1) and %s, whose turn it is after %d moves with %s moving first and %d "
                        "rush orders spent, has a legal move (PP-E2)", pname[next], moves, pname[f], spent);
            last_could_be[PP_OTHER(next)] = 1;
            last_could_be[next] = used[next][PP_KIND_R] - s->rush[next] > 0;
        }
    }
    /* The last move went along its mover's axis (Red: the row, Blue: the column, PP-M1)
     * from the previous move's square, which is empty; the first move from the 6-tray. */
    if (moves >= 2 && !(last_could_be[PP_RED] && line_has_empty(s, g, 0, g)) &&
            !(last_could_be[PP_BLUE] && line_has_empty(s, g, 1, g)))
        FAIL_AT(PP_FIELD_GRABBER, -1, -1, "PP-M1",
                "grabber: the last move reached it along the %s, from the square of the move before, "
                "which is empty; there is no other empty square there (PP-M1)",
                last_could_be[PP_RED] && last_could_be[PP_BLUE] ? "row or column"
                : last_could_be[PP_RED] ? "row (Red)" : "column (Blue)");
    if (moves == 1) {
        int six = 0;
        for (int i = 0; i < 6; i++) {
            const int t = f == PP_RED ? (g / 6) * 6 + i : i * 6 + g % 6;
            six |= s->grid[t] == 6;
        }
        if (!six)
            FAIL_AT(PP_FIELD_GRABBER, -1, -1, "PP-S2",
                    "grabber: after the first move it is in the %s of the 6-apple tray it started on "
                    "(PP-S2, PP-M1)", f == PP_RED ? "row" : "column");
    }
    return PP_OK;
}

int pp_state_check(pp_state *s, int level, pp_check *out)
{
    pp_zobrist_init();
    out->field = -1;
    out->player = -1;
    out->index = -1;
    out->rule = "";
    out->msg[0] = '\0';
    if (check_safe(s, out) != PP_OK) return -1;
    if (level >= PP_CHECK_REACHABLE && s->phase != PP_PHASE_PLACEMENT && check_reachable(s, out) != PP_OK)
        return -1;
    s->hash = pp_hash_full(s);
    return PP_OK;
}

int pp_state_validate(pp_state *s, char *msg, size_t msglen)
{
    pp_check c;
    const int r = pp_state_check(s, PP_CHECK_REACHABLE, &c);
    if (r != PP_OK && msglen > 0) snprintf(msg, msglen, "%s", c.msg);
    return r;
}

/* --- the position as plain numbers (pickpack_core.h, PP_RAW_*) --- */

static const char *const field_names[] = {"phase", "to_move", "first", "grabber", "grid", "crates",
                                          "tiles", "rush"};

const char *pp_field_name(int field)
{
    return field >= 1 && field <= (int)(sizeof field_names / sizeof *field_names) ? field_names[field - 1] : "";
}

void pp_save_raw(const pp_state *s, int *raw)
{
    raw[PP_RAW_PHASE] = s->phase;
    raw[PP_RAW_TO_MOVE] = s->to_move;
    raw[PP_RAW_FIRST] = s->first;
    raw[PP_RAW_GRABBER] = s->grabber;
    for (int sq = 0; sq < PP_NUM_SQUARES; sq++) {
        raw[PP_RAW_GRID + 2 * sq] = s->grid[sq] & 0x7F;
        raw[PP_RAW_GRID + 2 * sq + 1] = (s->grid[sq] & PP_FACE_DOWN) != 0;
    }
    for (int p = 0; p < 2; p++) {
        for (int c = 0; c < PP_NUM_CRATES; c++) {
            int *r = raw + PP_RAW_CRATES + (p * PP_NUM_CRATES + c) * PP_RAW_CRATE_STRIDE;
            r[0] = s->crate_status[p][c];
            r[1] = s->crate_len[p][c];
            for (int i = 0; i < PP_MAX_CRATE; i++)
                r[2 + i] = i < s->crate_len[p][c] ? s->crate[p][c][i] : 0;
        }
        for (int sp = 0; sp < PP_NUM_SPACES; sp++) {
            const int k = s->tile_kind[p][sp];
            raw[PP_RAW_TILES + 2 * (p * PP_NUM_SPACES + sp)] = k == PP_NO_KIND ? -1 : k;
            raw[PP_RAW_TILES + 2 * (p * PP_NUM_SPACES + sp) + 1] = s->tile_status[p][sp];
        }
        raw[PP_RAW_RUSH + p] = s->rush[p];
    }
}

/* Fill *e (a plain range error: no rule) and fail with the field's code. */
#define RAW_FAIL(f, pl, ix, ...) do { \
        e->field = (f) + 1; e->seat = (pl); e->index = (ix); e->rule = ""; \
        snprintf(e->msg, sizeof e->msg, __VA_ARGS__); return e->field; } while (0)
#define IN(v, lo, hi) ((v) >= (lo) && (v) <= (hi))

/* The ranges of every number (what fits the struct), then pp_state_check's rules. */
int pp_load_raw(pp_state *s, const int *raw, int level, pp_load_error *e)
{
    static const char *const crate_words = "open, premium or wholesale";
    e->field = 0;
    e->seat = e->index = -1;
    e->rule = "";
    e->msg[0] = '\0';
    memset(s, 0, sizeof *s);
    memset(s->tile_kind, PP_NO_KIND, sizeof s->tile_kind);
    const int phase = raw[PP_RAW_PHASE], to_move = raw[PP_RAW_TO_MOVE], first = raw[PP_RAW_FIRST];
    if (!IN(phase, PP_PHASE_PLACEMENT, PP_PHASE_OVER))
        RAW_FAIL(PP_FIELD_PHASE, -1, -1, "phase: must be placement, play or over, got %d", phase);
    if (!IN(to_move, PP_RED, PP_NOBODY))
        RAW_FAIL(PP_FIELD_TO_MOVE, -1, -1, "to_move: must be red, blue or null, got %d", to_move);
    if (!IN(first, PP_RED, PP_NOBODY))
        RAW_FAIL(PP_FIELD_FIRST, -1, -1, "first: must be red or blue, got %d", first);
    if (!IN(raw[PP_RAW_GRABBER], 0, PP_NUM_SQUARES - 1))
        RAW_FAIL(PP_FIELD_GRABBER, -1, -1, "grabber: not a square a1..f6: %d", raw[PP_RAW_GRABBER]);
    s->phase = (uint8_t)phase;
    s->to_move = (uint8_t)to_move;
    s->first = (uint8_t)(first == PP_NOBODY ? PP_RED : first);
    s->grabber = (uint8_t)raw[PP_RAW_GRABBER];
    for (int sq = 0; sq < PP_NUM_SQUARES; sq++) {
        const int a = raw[PP_RAW_GRID + 2 * sq], down = raw[PP_RAW_GRID + 2 * sq + 1];
        if (!IN(a, 0, 6) || !IN(down, 0, 1) || (a == 0 && down))
            RAW_FAIL(PP_FIELD_GRID, -1, sq, "grid.%c%d: apples must be 1..6 and face_up a bool", 'a' + sq % 6,
                     sq / 6 + 1);
        s->grid[sq] = (uint8_t)(a | (down ? PP_FACE_DOWN : 0));
    }
    for (int p = 0; p < 2; p++) {
        for (int c = 0; c < PP_NUM_CRATES; c++) {
            const int *r = raw + PP_RAW_CRATES + (p * PP_NUM_CRATES + c) * PP_RAW_CRATE_STRIDE;
            if (!IN(r[0], PP_CRATE_OPEN, PP_CRATE_WHOLESALE))
                RAW_FAIL(PP_FIELD_CRATES, p, c, "crates.%s[%d].status: must be %s", pname[p], c, crate_words);
            if (!IN(r[1], 0, PP_MAX_CRATE))
                RAW_FAIL(PP_FIELD_CRATES, p, c, "crates.%s[%d].trays: more than %d trays", pname[p], c, PP_MAX_CRATE);
            s->crate_status[p][c] = (uint8_t)r[0];
            s->crate_len[p][c] = (uint8_t)r[1];
            for (int i = 0; i < r[1]; i++) {
                if (!IN(r[2 + i], 1, 6))
                    RAW_FAIL(PP_FIELD_CRATES, p, c, "crates.%s[%d].trays[%d]: apples must be 1..6", pname[p], c, i);
                s->crate[p][c][i] = (uint8_t)r[2 + i];
            }
        }
        for (int sp = 0; sp < PP_NUM_SPACES; sp++) {
            const int k = raw[PP_RAW_TILES + 2 * (p * PP_NUM_SPACES + sp)];
            const int st = raw[PP_RAW_TILES + 2 * (p * PP_NUM_SPACES + sp) + 1];
            char space[3];
            pp_space_text(p, sp, space);
            if (!IN(k, -1, PP_NUM_KINDS - 1))
                RAW_FAIL(PP_FIELD_TILES, p, sp, "tiles.%s.%s.kind: must be one of P W R Q X M or null", pname[p], space);
            if (!IN(st, PP_TILE_UNPLAYED, PP_TILE_MALFUNCTIONED))
                RAW_FAIL(PP_FIELD_TILES, p, sp, "tiles.%s.%s.status: must be unplayed, used or malfunctioned", pname[p],
                         space);
            s->tile_kind[p][sp] = k < 0 ? PP_NO_KIND : (uint8_t)k;
            s->tile_status[p][sp] = (uint8_t)st;
        }
        if (!IN(raw[PP_RAW_RUSH + p], 0, 2))
            RAW_FAIL(PP_FIELD_RUSH, p, -1, "rush.%s: must be 0, 1 or 2", pname[p]);
        s->rush[p] = (uint8_t)raw[PP_RAW_RUSH + p];
    }
    /* Who moves first, when not given: the one for which the position is reachable
     * (PP-S4); Red's failure says more, unless it was only whose turn. */
    pp_check chk, chk_blue;
    if (pp_state_check(s, level, &chk) == PP_OK)
        return 0;
    if (first == PP_NOBODY && level >= PP_CHECK_REACHABLE && s->phase != PP_PHASE_PLACEMENT) {
        s->first = PP_BLUE;
        if (pp_state_check(s, level, &chk_blue) == PP_OK)
            return 0;
        if (chk.field == PP_FIELD_TO_MOVE && strcmp(chk.rule, "PP-R1") == 0)
            chk = chk_blue;
    }
    e->field = chk.field + 1;
    e->seat = chk.player;
    e->index = chk.index;
    e->rule = chk.rule;
    snprintf(e->msg, sizeof e->msg, "%s", chk.msg);
    return e->field;
}
