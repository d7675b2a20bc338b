/* Applying and undoing moves (PP-S3, PP-G, PP-A, PP-R, PP-E1, PP-E2). The Zobrist hash
 * is updated feature by feature; undo restores the saved hash. */
#include "pp_internal.h"

static inline void crate_push(pp_state *s, int p, int c, uint8_t apples)
{
    const int h = s->crate_len[p][c]++;
    s->crate[p][c][h] = apples;
    s->hash ^= pp_z_crate[p][c][h][apples - 1];
}

static inline uint8_t crate_pop(pp_state *s, int p, int c)
{
    const int h = --s->crate_len[p][c];
    const uint8_t apples = s->crate[p][c][h];
    s->hash ^= pp_z_crate[p][c][h][apples - 1];
    return apples;
}

static inline void set_tile_status(pp_state *s, int p, int sp, int status)
{
    const int k = s->tile_kind[p][sp];
    s->hash ^= pp_z_tile[p][sp][k][s->tile_status[p][sp]] ^ pp_z_tile[p][sp][k][status];
    s->tile_status[p][sp] = (uint8_t)status;
}

static inline void set_crate_status(pp_state *s, int p, int c, int status)
{
    if (s->crate_status[p][c] != PP_CRATE_OPEN)
        s->hash ^= pp_z_status[p][c][s->crate_status[p][c] - 1];
    if (status != PP_CRATE_OPEN)
        s->hash ^= pp_z_status[p][c][status - 1];
    s->crate_status[p][c] = (uint8_t)status;
}

static inline void set_rush(pp_state *s, int p, int n)
{
    if (s->rush[p]) s->hash ^= pp_z_rush[p][s->rush[p] - 1];
    if (n) s->hash ^= pp_z_rush[p][n - 1];
    s->rush[p] = (uint8_t)n;
}

static inline void set_grid(pp_state *s, int sq, uint8_t v)
{
    s->hash ^= pp_z_square(sq, s->grid[sq]) ^ pp_z_square(sq, v);
    s->grid[sq] = v;
}

static inline void set_turn(pp_state *s, int phase, int to_move)
{
    s->hash ^= pp_z_phase_key(s->phase) ^ pp_z_phase_key(phase);
    if (s->to_move != PP_NOBODY) s->hash ^= pp_z_to_move[s->to_move];
    if (to_move != PP_NOBODY) s->hash ^= pp_z_to_move[to_move];
    if (s->first == PP_BLUE && (s->phase == PP_PHASE_PLACEMENT) != (phase == PP_PHASE_PLACEMENT))
        s->hash ^= pp_z_blue_first;
    s->phase = (uint8_t)phase;
    s->to_move = (uint8_t)to_move;
}

static void apply_placement(pp_state *s, int kind)
{
    const int p = s->placed < PP_NUM_SPACES ? PP_RED : PP_BLUE;
    const int sp = s->placed % PP_NUM_SPACES;
    s->tile_kind[p][sp] = (uint8_t)kind;
    s->tile_status[p][sp] = PP_TILE_UNPLAYED;
    s->hash ^= pp_z_tile[p][sp][kind][PP_TILE_UNPLAYED];
    s->placed++;
    if (s->placed == PP_NUM_SPACES)
        set_turn(s, PP_PHASE_PLACEMENT, PP_BLUE);
    else if (s->placed == 2 * PP_NUM_SPACES)
        set_turn(s, PP_PHASE_PLAY, s->first);      /* PP-S4 */
}

/* The tile activation of m by p; 1 when it closed the last open crate of a player
 * (PP-E1: only Premium and Wholesale close crates). */
static int apply_tile(pp_state *s, int p, const pp_move *m)
{
    const int o = PP_OTHER(p);
    const int sp = pp_end_space(p, m->dest, m->end);
    const int kind = s->tile_kind[p][sp];
    const int t = m->target;
    set_tile_status(s, p, sp, PP_TILE_USED);       /* PP-M4: activated, used up */
    if (t == 0) {
        if (kind == PP_KIND_R)                     /* PP-A3 */
            set_rush(s, p, s->rush[p] + 1);
        return 0;                                  /* PP-A7: no target, no effect */
    }
    switch (kind) {
    case PP_KIND_P:                                                            /* PP-A1 */
        set_crate_status(s, p, t - 1, PP_CRATE_PREMIUM);
        return pp_open_count(s, p) == 0;
    case PP_KIND_W:                                                            /* PP-A2 */
        set_crate_status(s, o, t - 1, PP_CRATE_WHOLESALE);
        return pp_open_count(s, o) == 0;
    case PP_KIND_Q: {                                                          /* PP-A4 */
        const int a = (t - 5) / 4, b = (t - 5) % 4;
        crate_push(s, p, b, crate_pop(s, o, a));
        break;
    }
    case PP_KIND_X: {                                                          /* PP-A5 */
        const int a = (t - 5) / 4, b = (t - 5) % 4;
        const uint8_t theirs = crate_pop(s, o, a), mine = crate_pop(s, p, b);
        crate_push(s, o, a, mine);
        crate_push(s, p, b, theirs);
        break;
    }
    default:                                                                   /* PP-A6 */
        if (t < 57)
            set_grid(s, t - 21, (uint8_t)(s->grid[t - 21] | PP_FACE_DOWN));
        else
            set_tile_status(s, o, t - 57, PP_TILE_MALFUNCTIONED);
        break;
    }
    return 0;
}

int pp_apply_play(pp_state *s, const pp_move *m)
{
    const int p = s->to_move;
    int closed = 0;
    s->hash ^= pp_z_grabber[s->grabber] ^ pp_z_grabber[m->dest];
    s->grabber = (uint8_t)m->dest;
    if (m->grab_crate >= 0) {                      /* PP-G1..G3 */
        const uint8_t apples = s->grid[m->dest];
        set_grid(s, m->dest, 0);
        crate_push(s, p, m->grab_crate, apples);
    } else {
        closed = apply_tile(s, p, m);
    }
    if (m->rush)                                   /* PP-R1 */
        set_rush(s, p, s->rush[p] - 1);
    if (closed) {                                  /* PP-E1 */
        set_turn(s, PP_PHASE_OVER, PP_NOBODY);
        return 0;
    }
    set_turn(s, PP_PHASE_PLAY, m->rush ? p : PP_OTHER(p));   /* PP-R3: E2 judged after the rush */
    return 1;
}

void pp_end_game(pp_state *s)
{
    set_turn(s, PP_PHASE_OVER, PP_NOBODY);
}

void pp_apply(pp_state *s, int action, pp_undo *u)
{
    if (u) {
        u->hash = s->hash;
        u->action = (uint16_t)action;
        u->to_move = s->to_move;
        u->phase = s->phase;
        u->grabber = s->grabber;
        u->rush[0] = s->rush[0];
        u->rush[1] = s->rush[1];
    }
    if (action < PP_NUM_PLACEMENT_ACTIONS) {
        apply_placement(s, action);
        return;
    }
    pp_move m;
    pp_decode(action, &m);
    if (pp_apply_play(s, &m) && !pp_has_legal_move(s, s->to_move))
        pp_end_game(s);                            /* PP-E2 */
}

void pp_undo_move(pp_state *s, const pp_undo *u)
{
    const int action = u->action;
    if (action < PP_NUM_PLACEMENT_ACTIONS) {
        s->placed--;
        const int p = s->placed < PP_NUM_SPACES ? PP_RED : PP_BLUE;
        const int sp = s->placed % PP_NUM_SPACES;
        s->tile_kind[p][sp] = PP_NO_KIND;
        s->tile_status[p][sp] = PP_TILE_UNPLAYED;
    } else {
        pp_move m;
        pp_decode(action, &m);
        const int p = u->to_move, o = PP_OTHER(p);
        if (m.grab_crate >= 0) {
            const int h = --s->crate_len[p][m.grab_crate];
            s->grid[m.dest] = s->crate[p][m.grab_crate][h];
        } else {
            const int sp = pp_end_space(p, m.dest, m.end);
            const int kind = s->tile_kind[p][sp];
            const int t = m.target;
            s->tile_status[p][sp] = PP_TILE_UNPLAYED;
            if (t != 0) {
                if (kind == PP_KIND_P) s->crate_status[p][t - 1] = PP_CRATE_OPEN;
                else if (kind == PP_KIND_W) s->crate_status[o][t - 1] = PP_CRATE_OPEN;
                else if (kind == PP_KIND_Q) {
                    const int a = (t - 5) / 4, b = (t - 5) % 4;
                    const uint8_t apples = s->crate[p][b][--s->crate_len[p][b]];
                    s->crate[o][a][s->crate_len[o][a]++] = apples;
                } else if (kind == PP_KIND_X) {
                    const int a = (t - 5) / 4, b = (t - 5) % 4;
                    uint8_t *ta = &s->crate[o][a][s->crate_len[o][a] - 1];
                    uint8_t *tb = &s->crate[p][b][s->crate_len[p][b] - 1];
                    const uint8_t tmp = *ta;
                    *ta = *tb;
                    *tb = tmp;
                } else if (t < 57) {
                    s->grid[t - 21] &= (uint8_t)~PP_FACE_DOWN;
                } else {
                    s->tile_status[o][t - 57] = PP_TILE_UNPLAYED;
                }
            }
        }
    }
    s->hash = u->hash;
    s->to_move = u->to_move;
    s->phase = u->phase;
    s->grabber = u->grabber;
    s->rush[0] = u->rush[0];
    s->rush[1] = u->rush[1];
}

pp_error pp_apply_checked(pp_state *s, int action, pp_undo *u)
{
    pp_error e = pp_check_action(s, action);
    if (e == PP_OK)
        pp_apply(s, action, u);
    return e;
}
