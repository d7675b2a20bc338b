/* Legal-move generation and legality checks (PP-M, PP-G, PP-A, PP-R). The generator
 * lists actions in ascending order of their integers (docs/engine.md). */
#include "pp_internal.h"

void pp_decode(int action, pp_move *m)
{
    m->placement_kind = -1;
    m->dest = -1;
    m->grab_crate = -1;
    m->end = -1;
    m->target = 0;
    m->rush = 0;
    if (action < PP_NUM_PLACEMENT_ACTIONS) {
        m->placement_kind = action;
        return;
    }
    int a = action - PP_NUM_PLACEMENT_ACTIONS;
    m->rush = a & 1;
    a >>= 1;
    m->dest = a / PP_DETAILS_PER_SQUARE;
    int detail = a % PP_DETAILS_PER_SQUARE;
    if (detail < PP_NUM_CRATES) {
        m->grab_crate = detail;
    } else {
        detail -= PP_NUM_CRATES;
        m->end = detail / PP_TARGETS_PER_END;
        m->target = detail % PP_TARGETS_PER_END;
    }
}

int pp_encode(const pp_move *m)
{
    if (m->placement_kind >= 0)
        return m->placement_kind;
    int detail = m->grab_crate >= 0 ? m->grab_crate
               : PP_NUM_CRATES + m->end * PP_TARGETS_PER_END + m->target;
    return PP_NUM_PLACEMENT_ACTIONS + (m->dest * PP_DETAILS_PER_SQUARE + detail) * 2 + m->rush;
}

static inline int action_of(int dest, int detail, int rush)
{
    return PP_NUM_PLACEMENT_ACTIONS + (dest * PP_DETAILS_PER_SQUARE + detail) * 2 + rush;
}

/* Target index ranges (docs/engine.md). */
#define T_NONE 0
#define T_CRATE 1
#define T_PAIR 5
#define T_SQUARE 21
#define T_SPACE 57

/* Can a tile of this kind, activated by p, choose any target? (PP-A7) */
static int has_target(const pp_state *s, int p, int kind)
{
    int o = PP_OTHER(p);
    switch (kind) {
    case PP_KIND_P: return pp_open_count(s, p) > 0;
    case PP_KIND_W: return pp_open_count(s, o) > 0;
    case PP_KIND_R: return 0;
    case PP_KIND_Q:
        if (pp_open_count(s, p) == 0) return 0;
        for (int a = 0; a < PP_NUM_CRATES; a++)
            if (s->crate_status[o][a] == PP_CRATE_OPEN && s->crate_len[o][a] > 0) return 1;
        return 0;
    case PP_KIND_X: {
        int from = 0, to = 0;
        for (int c = 0; c < PP_NUM_CRATES; c++) {
            from |= s->crate_status[o][c] == PP_CRATE_OPEN && s->crate_len[o][c] > 0;
            to |= s->crate_status[p][c] == PP_CRATE_OPEN && s->crate_len[p][c] > 0;
        }
        return from && to;
    }
    default: /* PP_KIND_M */
        for (int sq = 0; sq < PP_NUM_SQUARES; sq++)
            if (PP_IS_TRAY(s->grid[sq])) return 1;
        for (int sp = 0; sp < PP_NUM_SPACES; sp++)
            if (s->tile_kind[o][sp] != PP_NO_KIND && s->tile_status[o][sp] == PP_TILE_UNPLAYED) return 1;
        return 0;
    }
}

/* Would this move close the last open crate of either player (PP-E1)? */
static inline int ends_by_e1(const pp_state *s, int p, int kind, int target)
{
    (void)target;
    if (kind == PP_KIND_P) return pp_open_count(s, p) == 1;
    if (kind == PP_KIND_W) return pp_open_count(s, PP_OTHER(p)) == 1;
    return 0;
}

static inline int emit(uint16_t *out, int n, int action, int rush_ok)
{
    out[n++] = (uint16_t)action;
    if (rush_ok)
        out[n++] = (uint16_t)(action + 1);
    return n;
}

/* All activations of the tile at (p, space) from destination dest, ascending. */
static int gen_tile(const pp_state *s, int p, int dest, int end, uint16_t *out, int n)
{
    const int space = pp_end_space(p, dest, end);
    const int o = PP_OTHER(p);
    const int kind = s->tile_kind[p][space];
    const int base = PP_NUM_CRATES + end * PP_TARGETS_PER_END;
    const int rush = s->rush[p] > 0;           /* PP-R2: only orders waiting before the move */
    const int start = n;

    switch (kind) {
    case PP_KIND_P:
    case PP_KIND_W: {
        const int who = kind == PP_KIND_P ? p : o;
        const int last = pp_open_count(s, who) == 1;    /* PP-R3 via PP-E1 */
        for (int c = 0; c < PP_NUM_CRATES; c++)
            if (s->crate_status[who][c] == PP_CRATE_OPEN)
                n = emit(out, n, action_of(dest, base + T_CRATE + c, 0), rush && !last);
        break;
    }
    case PP_KIND_R:
        break;
    case PP_KIND_Q: {
        const int fewest = pp_fewest(s, p);
        for (int a = 0; a < PP_NUM_CRATES; a++) {
            if (s->crate_status[o][a] != PP_CRATE_OPEN || s->crate_len[o][a] == 0) continue;
            for (int b = 0; b < PP_NUM_CRATES; b++)
                if (s->crate_status[p][b] == PP_CRATE_OPEN && s->crate_len[p][b] == fewest)
                    n = emit(out, n, action_of(dest, base + T_PAIR + a * 4 + b, 0), rush);
        }
        break;
    }
    case PP_KIND_X:
        for (int a = 0; a < PP_NUM_CRATES; a++) {
            if (s->crate_status[o][a] != PP_CRATE_OPEN || s->crate_len[o][a] == 0) continue;
            for (int b = 0; b < PP_NUM_CRATES; b++)
                if (s->crate_status[p][b] == PP_CRATE_OPEN && s->crate_len[p][b] > 0)
                    n = emit(out, n, action_of(dest, base + T_PAIR + a * 4 + b, 0), rush);
        }
        break;
    default: /* PP_KIND_M */
        for (int sq = 0; sq < PP_NUM_SQUARES; sq++)
            if (PP_IS_TRAY(s->grid[sq]))
                n = emit(out, n, action_of(dest, base + T_SQUARE + sq, 0), rush);
        for (int sp = 0; sp < PP_NUM_SPACES; sp++)
            if (s->tile_kind[o][sp] != PP_NO_KIND && s->tile_status[o][sp] == PP_TILE_UNPLAYED)
                n = emit(out, n, action_of(dest, base + T_SPACE + sp, 0), rush);
        break;
    }
    if (n == start) /* PP-A7: no possible target, used up without effect */
        n = emit(out, n, action_of(dest, base + T_NONE, 0), rush);
    return n;
}

int pp_legal_actions(const pp_state *s, uint16_t *out)
{
    int n = 0;
    if (s->phase == PP_PHASE_OVER)
        return 0;
    if (s->phase == PP_PHASE_PLACEMENT) {
        /* PP-S3: the next space gets one of the kinds not yet placed twice (PP-C3). */
        const int p = s->to_move;
        int count[PP_NUM_KINDS] = {0};
        for (int sp = 0; sp < PP_NUM_SPACES; sp++)
            if (s->tile_kind[p][sp] != PP_NO_KIND) count[s->tile_kind[p][sp]]++;
        for (int k = 0; k < PP_NUM_KINDS; k++)
            if (count[k] < 2) out[n++] = (uint16_t)k;
        return n;
    }
    const int p = s->to_move;
    const int g = s->grabber;
    const int rush = s->rush[p] > 0;
    const int fewest = pp_fewest(s, p);
    for (int i = 0; i < 6; i++) {
        /* PP-M1: Red along the grabber's row, Blue along its column; ascending squares. */
        const int dest = p == PP_RED ? (g / 6) * 6 + i : i * 6 + g % 6;
        if (dest == g) continue;
        const uint8_t v = s->grid[dest];
        if (PP_IS_TRAY(v)) {                        /* PP-M2, PP-G2 */
            for (int c = 0; c < PP_NUM_CRATES; c++)
                if (s->crate_status[p][c] == PP_CRATE_OPEN && s->crate_len[p][c] == fewest)
                    n = emit(out, n, action_of(dest, c, 0), rush);
        } else if (v == 0) {                        /* PP-M2: empty square, a tile needed */
            for (int end = 0; end < 2; end++) {
                const int sp = pp_end_space(p, dest, end);
                if (s->tile_status[p][sp] == PP_TILE_UNPLAYED && s->tile_kind[p][sp] != PP_NO_KIND)
                    n = gen_tile(s, p, dest, end, out, n);
            }
        }                                           /* PP-M3: face-down trays never */
    }
    return n;
}

int pp_has_legal_move(const pp_state *s, int p)
{
    const int g = s->grabber;
    for (int i = 0; i < 6; i++) {
        const int dest = p == PP_RED ? (g / 6) * 6 + i : i * 6 + g % 6;
        if (dest == g) continue;
        const uint8_t v = s->grid[dest];
        if (PP_IS_TRAY(v)) return 1;
        if (v == 0)
            for (int end = 0; end < 2; end++) {
                const int sp = pp_end_space(p, dest, end);
                if (s->tile_status[p][sp] == PP_TILE_UNPLAYED && s->tile_kind[p][sp] != PP_NO_KIND)
                    return 1;
            }
    }
    return 0;
}

/* Does the target t fit a tile of this kind, and is it available now? */
static pp_error check_target(const pp_state *s, int p, int kind, int t)
{
    const int o = PP_OTHER(p);
    const int any = has_target(s, p, kind);
    if (t == T_NONE)
        return any ? PP_ERR_TARGET_MISSING : PP_OK;
    if (!any)
        return PP_ERR_TARGET_NONE;
    switch (kind) {
    case PP_KIND_P:
    case PP_KIND_W: {
        if (t < T_CRATE || t >= T_PAIR) return PP_ERR_TARGET_KIND;
        const int who = kind == PP_KIND_P ? p : o;
        if (s->crate_status[who][t - T_CRATE] != PP_CRATE_OPEN)
            return kind == PP_KIND_P ? PP_ERR_P_CRATE : PP_ERR_W_CRATE;
        return PP_OK;
    }
    case PP_KIND_Q:
    case PP_KIND_X: {
        if (t < T_PAIR || t >= T_SQUARE) return PP_ERR_TARGET_KIND;
        const int a = (t - T_PAIR) / 4, b = (t - T_PAIR) % 4;
        const int from_ok = s->crate_status[o][a] == PP_CRATE_OPEN && s->crate_len[o][a] > 0;
        if (kind == PP_KIND_Q) {
            if (!from_ok) return PP_ERR_Q_FROM;
            if (s->crate_status[p][b] != PP_CRATE_OPEN || s->crate_len[p][b] != pp_fewest(s, p))
                return PP_ERR_Q_TO;
            return PP_OK;
        }
        if (!from_ok || s->crate_status[p][b] != PP_CRATE_OPEN || s->crate_len[p][b] == 0)
            return PP_ERR_X_CRATES;
        return PP_OK;
    }
    case PP_KIND_M:
        if (t >= T_SQUARE && t < T_SPACE)
            return PP_IS_TRAY(s->grid[t - T_SQUARE]) ? PP_OK : PP_ERR_M_TRAY;
        if (t >= T_SPACE && t < PP_TARGETS_PER_END) {
            const int sp = t - T_SPACE;
            return s->tile_kind[o][sp] != PP_NO_KIND && s->tile_status[o][sp] == PP_TILE_UNPLAYED
                       ? PP_OK : PP_ERR_M_TILE;
        }
        return PP_ERR_TARGET_KIND;
    default: /* PP_KIND_R has no target ever (then `any` was 0) */
        return PP_ERR_TARGET_KIND;
    }
}

pp_error pp_check_action(const pp_state *s, int action)
{
    if (action < 0 || action >= PP_NUM_ACTIONS)
        return PP_ERR_ACTION_RANGE;
    if (s->phase == PP_PHASE_OVER)
        return PP_ERR_GAME_OVER;
    pp_move m;
    pp_decode(action, &m);
    const int p = s->to_move;
    if (m.placement_kind >= 0) {
        if (s->phase != PP_PHASE_PLACEMENT) return PP_ERR_NOT_PLACEMENT;
        int count = 0;
        for (int sp = 0; sp < PP_NUM_SPACES; sp++)
            count += s->tile_kind[p][sp] == (uint8_t)m.placement_kind;
        return count < 2 ? PP_OK : PP_ERR_KIND_EXHAUSTED;
    }
    if (s->phase != PP_PHASE_PLAY)
        return PP_ERR_IN_PLACEMENT;
    const int g = s->grabber;
    if (m.dest == g) return PP_ERR_SAME_SQUARE;
    if (p == PP_RED ? m.dest / 6 != g / 6 : m.dest % 6 != g % 6) return PP_ERR_OFF_LINE;
    const uint8_t v = s->grid[m.dest];
    if (v & PP_FACE_DOWN) return PP_ERR_FACE_DOWN;
    int kind = -1;
    if (m.grab_crate >= 0) {
        if (v == 0) return PP_ERR_GRAB_EMPTY;
        if (s->crate_status[p][m.grab_crate] != PP_CRATE_OPEN) return PP_ERR_CRATE_CLOSED;
        if (s->crate_len[p][m.grab_crate] != pp_fewest(s, p)) return PP_ERR_CRATE_NOT_FEWEST;
    } else {
        if (v != 0) return PP_ERR_TRAY_THERE;
        const int sp = pp_end_space(p, m.dest, m.end);
        if (s->tile_kind[p][sp] == PP_NO_KIND || s->tile_status[p][sp] != PP_TILE_UNPLAYED)
            return PP_ERR_TILE_NOT_UNPLAYED;
        kind = s->tile_kind[p][sp];
        pp_error e = check_target(s, p, kind, m.target);
        if (e != PP_OK) return e;
    }
    if (m.rush) {
        if (s->rush[p] == 0)
            return kind == PP_KIND_R ? PP_ERR_RUSH_SAME_MOVE : PP_ERR_RUSH_NONE;
        if (kind >= 0 && ends_by_e1(s, p, kind, m.target))
            return PP_ERR_RUSH_GAME_END;
    }
    return PP_OK;
}

static const char *const rule_ids[PP_ERR_COUNT] = {
    "", "action space", "PP-E1/PP-E2", "PP-S3", "PP-S3", "PP-C3", "PP-M1", "PP-M1", "PP-M3",
    "PP-M2", "PP-M2", "PP-G2", "PP-G2", "PP-M2", "PP-A7", "PP-A7", "PP-A1..A6", "PP-A1",
    "PP-A2", "PP-A4", "PP-A4", "PP-A5", "PP-A6", "PP-A6", "PP-R1", "PP-R2", "PP-R3",
};

static const char *const rule_texts[PP_ERR_COUNT] = {
    "legal",
    "the action integer is outside the action space 0..10229",
    "the game is over",
    "placement decisions are only taken in the placement phase",
    "the grabber cannot move before both players have committed their placements",
    "both tiles of that kind are already placed",
    "the grabber must move to a different square",
    "the grabber moves only along its row for Red and along its column for Blue",
    "a face-down tray is never a legal destination",
    "there is no tray to grab on an empty square",
    "a tray lies on that square: moving there grabs it",
    "that crate is closed",
    "a grabbed tray goes to an open crate with the fewest trays",
    "no unplayed action tile of the mover lies at that end of the line",
    "the tile has a possible target, so one must be chosen",
    "the tile has no possible target here",
    "that target does not fit the kind of tile activated",
    "Premium closes one of the mover's own open crates",
    "Wholesale closes one of the opponent's open crates",
    "Quality control takes the top tray of an open, non-empty crate of the opponent",
    "Quality control puts the tray on one of the mover's open crates with the fewest trays",
    "Order mix-up swaps top trays of an open, non-empty crate of each player",
    "Malfunction flips a face-up tray that is still on the grid",
    "Malfunction flips one of the opponent's unplayed action tiles",
    "no rush order is waiting in the mover's rush-order area",
    "a rush order cannot be spent on the move that placed it",
    "a rush order cannot be spent on a move that ends the game by closing a fourth crate",
};

const char *pp_error_rule(pp_error e)
{
    return (unsigned)e < PP_ERR_COUNT ? rule_ids[e] : "?";
}

const char *pp_error_text(pp_error e)
{
    return (unsigned)e < PP_ERR_COUNT ? rule_texts[e] : "unknown error";
}
