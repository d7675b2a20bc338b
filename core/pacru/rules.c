/* PACRU's rules: power, attacks, legal moves and reorientations, the checked/unchecked
 * apply, the end of the game and the next turn (the contract's order of effects and of
 * checks; rules file ids PA-...). */
#include <stdlib.h>
#include <string.h>
#include "pacru_rules.h"

int pacru_current_player(const pacru_state *s)
{
    return s->over ? PACRU_TERMINAL : s->turn;
}

/* att[cell] = how many of seat's chevrons attack the enemy chevron on cell (PA-K1). */
static void attack_counts(const pacru_state *s, int seat, uint8_t *att)
{
    memset(att, 0, PACRU_CELLS);
    for (int i = 0; i < s->nchev[seat]; i++) {
        const int f = s->chev_cell[seat][i], d = s->chev[f] & 7, pw = pacru_pw(s, seat, f);
        for (int dt = 7; dt <= 9; dt++) {
            const int t = (d + dt) & 7;
            int x = f;
            for (int k = 1; k <= pw; k++) {
                x = pacru_step1[x][t];
                if (x < 0)
                    break;
                if (s->chev[x] >= 0) {
                    if ((s->chev[x] >> 3) != seat)
                        att[x]++;
                    break;
                }
            }
        }
    }
}

int pacru_power(const pacru_state *s, int cell)
{
    if (cell < 0 || cell >= PACRU_CELLS || s->chev[cell] < 0)
        return -1;
    return pacru_pw(s, s->chev[cell] >> 3, cell);
}

int pacru_attacks(const pacru_state *s, int cell, int *out)
{
    if (cell < 0 || cell >= PACRU_CELLS || s->chev[cell] < 0)
        return -1;
    const int seat = s->chev[cell] >> 3, d = s->chev[cell] & 7, pw = pacru_pw(s, seat, cell);
    int n = 0;
    for (int dt = 7; dt <= 9; dt++) {
        const int t = (d + dt) & 7;
        int x = cell;
        for (int k = 1; k <= pw; k++) {
            x = pacru_step1[x][t];
            if (x < 0)
                break;
            if (s->chev[x] >= 0) {
                if ((s->chev[x] >> 3) != seat)
                    out[n++] = x;
                break;
            }
        }
    }
    for (int i = 1; i < n; i++)                     /* ascending (at most 3) */
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            const int t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

static inline int near_dir(int d, int t)
{
    const int diff = (t - d) & 7;
    return diff == 0 || diff == 1 || diff == 7;
}

int pacru_landings(const pacru_state *s, int seat, pacru_landing *out, int first_only)
{
    uint8_t att[PACRU_CELLS];
    int have_att = 0, n = 0;
    for (int i = 0; i < s->nchev[seat]; i++) {
        const int f = s->chev_cell[seat][i], d = s->chev[f] & 7, pw = pacru_pw(s, seat, f);
        const int cf = s->colour[f] == seat;
        for (int t = 0; t < 8; t++) {
            if (!near_dir(d, t))
                continue;
            int x = f, blocked = 0;
            for (int k = 1; k <= pw; k++) {
                x = pacru_step1[x][t];
                if (x < 0)
                    break;
                const int code = s->chev[x];
                if (code >= 0) {
                    if ((code >> 3) != seat && !blocked) {
                        if (!have_att) {
                            attack_counts(s, seat, att);
                            have_att = 1;
                        }
                        if (att[x] >= 2) {             /* PA-K2 */
                            if (out != NULL) {
                                pacru_landing *l = &out[n];
                                l->from = (uint8_t)f;
                                l->t = (uint8_t)t;
                                l->k = (uint8_t)k;
                                l->x = (uint8_t)x;
                                l->pincer = 1;
                                l->conn = (uint8_t)(k >= 2 && cf && s->colour[x] == seat);
                                l->cross = pacru_land[x] != pacru_land[f];
                            }
                            n++;
                            if (first_only)
                                return n;
                        }
                    }
                    blocked = 1;
                    if (!cf)
                        break;                         /* no connection jump from here */
                    continue;
                }
                const int cx = s->colour[x];
                if (cx >= 0 && cx != seat)
                    continue;                          /* PA-M3 (passing over is allowed) */
                if (blocked && !(cf && cx == seat))
                    continue;                          /* PA-M3, PA-J2 */
                if (out != NULL) {
                    pacru_landing *l = &out[n];
                    l->from = (uint8_t)f;
                    l->t = (uint8_t)t;
                    l->k = (uint8_t)k;
                    l->x = (uint8_t)x;
                    l->pincer = 0;
                    l->conn = (uint8_t)(k >= 2 && cf && cx == seat && !blocked);
                    l->cross = pacru_land[x] != pacru_land[f];
                }
                n++;
                if (first_only)
                    return n;
            }
        }
    }
    return n;
}

int pacru_has_move(const pacru_state *s, int seat)
{
    if (seat < 0 || seat >= s->players)
        return 0;
    return pacru_landings(s, seat, NULL, 1) > 0;
}

int pacru_meeting_pays(const pacru_state *s, int seat)
{
    if (s->classic_meeting)
        return 1;
    for (int q = 0; q < s->players; q++)
        if (q != seat && s->cells[q] >= PACRU_MEETING_MIN_CELLS)
            return 1;
    return 0;
}

void pacru_move_steps(pacru_state *s, int seat, const pacru_landing *l, int take_conn)
{
    pacru_remove_chev(s, l->from);
    if (l->pincer) {
        pacru_remove_chev(s, l->x);
        pacru_set_colour(s, l->x, seat);
    }
    pacru_add_chev(s, seat, l->x, l->t);
    if (l->conn && (!l->cross || take_conn)) {        /* PA-J1 */
        int c = l->from;
        for (int k = 1; k < l->k; k++) {
            c = pacru_step1[c][l->t];
            pacru_set_colour(s, c, seat);
        }
    }
}

int pacru_crossing_options(const pacru_state *s, int seat, int x, int *places, int *transform)
{
    const int b = pacru_land[x];
    int n = 0;
    *transform = 0;
    if (s->neutral[b] > 0) {                          /* PA-B1, PA-B3 */
        for (int p = 0; p < 9; p++) {
            const int c = pacru_land_cells[b][p];
            if (s->colour[c] < 0 && (s->chev[c] < 0 || c == x))
                places[n++] = p;
        }
        return n;
    }
    if (!s->single_cell) {                            /* PA-B2 */
        *transform = 1;
        return 0;
    }
    for (int p = 0; p < 9; p++) {                     /* PA-B2, variant single-cell */
        const int c = pacru_land_cells[b][p];
        if (s->colour[c] >= 0 && s->colour[c] != seat && (s->chev[c] < 0 || c == x))
            places[n++] = p;
    }
    return n;
}

void pacru_transform(pacru_state *s, int seat, int land)
{
    for (int p = 0; p < 9; p++)
        pacru_set_colour(s, pacru_land_cells[land][p], seat);
}

int pacru_meets(const pacru_state *s, int seat, int x, int t)
{
    const int y = pacru_step1[x][t];
    return y >= 0 && s->chev[y] == seat * 8 + ((t + 4) & 7) && s->colour[x] == seat && s->colour[y] == seat;
}

int pacru_end_check(pacru_state *s, int which)
{
    const int n = s->players;
    if (which & 1) {                                  /* PA-E2: the target */
        const int target = pacru_target(n);
        int mask = 0;
        for (int p = 0; p < n; p++)
            if (s->cells[p] >= target)
                mask |= 1 << p;
        if (mask) {
            s->over = 1;
            s->winners = (uint8_t)mask;
            return 1;
        }
    }
    if (which & 2) {                                  /* PA-E2: the last with chevrons */
        int mask = 0, alive = 0;
        for (int p = 0; p < n; p++)
            if (s->nchev[p]) {
                mask |= 1 << p;
                alive++;
            }
        if (alive <= 1) {
            s->over = 1;
            s->winners = (uint8_t)mask;
            return 1;
        }
    }
    if ((which & 4) && s->ply >= s->max_plies) {      /* PA-E3: the ply cap */
        int best = -1, mask = 0;
        for (int p = 0; p < n; p++) {
            if (!s->nchev[p])
                continue;
            if (s->cells[p] > best) {
                best = s->cells[p];
                mask = 1 << p;
            } else if (s->cells[p] == best) {
                mask |= 1 << p;
            }
        }
        s->over = 1;
        s->winners = (uint8_t)mask;
        return 1;
    }
    return 0;
}

/* NEXT TURN: the next seat with chevrons that can move; a blocked seat is out (PA-E1). */
static void next_turn(pacru_state *s)
{
    int seat = s->turn;
    for (;;) {
        do
            seat = (seat + 1) % s->players;
        while (s->nchev[seat] == 0);
        if (pacru_has_move(s, seat)) {
            s->hash ^= pacru_z_turn(s->turn) ^ pacru_z_turn(seat);
            s->turn = (uint8_t)seat;
            return;
        }
        while (s->nchev[seat])
            pacru_remove_chev(s, s->chev_cell[seat][0]);
        if (pacru_end_check(s, 2))
            return;
    }
}

void pacru_finish(pacru_state *s, int which)
{
    s->ply++;
    if (!pacru_end_check(s, which))
        next_turn(s);
}

/* --- checked entry -------------------------------------------------------------- */

static pacru_error check_reorient(const pacru_state *s, const pacru_action *a)
{
    const int seat = s->turn, code = s->chev[a->cell];
    if (code < 0 || (code >> 3) != seat)
        return PACRU_ERR_R_NO_CHEVRON;
    const int diff = (a->direction - (code & 7)) & 7;
    const int need = diff == 1 || diff == 7 ? 2 : diff == 2 || diff == 6 ? 4 : 0;
    if (need != a->nfreed)
        return PACRU_ERR_R_TURN;
    for (int i = 0; i < a->nfreed; i++)
        if (s->colour[a->freed[i]] != seat || s->chev[a->freed[i]] >= 0)
            return PACRU_ERR_R_CELL;
    if (!pacru_has_move(s, seat))
        return PACRU_ERR_R_NO_MOVE;
    return PACRU_OK;
}

static pacru_error check_move(const pacru_state *s, const pacru_action *a)
{
    const int seat = s->turn, f = a->cell, code = s->chev[f];
    if (code < 0 || (code >> 3) != seat)
        return PACRU_ERR_NO_CHEVRON;
    if (!near_dir(code & 7, a->direction))
        return PACRU_ERR_DIRECTION;
    const int x = a->to, t = a->direction, k = a->distance;
    if (x < 0)
        return PACRU_ERR_OFF_BOARD;
    if (k > pacru_pw(s, seat, f))
        return PACRU_ERR_POWER;
    int path_chev = 0, c = f;
    for (int i = 1; i < k; i++) {
        c = pacru_step1[c][t];
        if (s->chev[c] >= 0)
            path_chev = 1;
    }
    const int xc = s->chev[x];
    if (xc >= 0 && (xc >> 3) == seat)
        return PACRU_ERR_OWN_CHEVRON;
    if (xc >= 0) {
        if (!a->pincer)
            return PACRU_ERR_PINCER_BIT;
        if (path_chev)
            return PACRU_ERR_PINCER_PATH;
        uint8_t att[PACRU_CELLS];
        attack_counts(s, seat, att);
        if (att[x] < 2)
            return PACRU_ERR_PINCER_ATTACKS;
    } else if (a->pincer) {
        return PACRU_ERR_PINCER_NONE;
    }
    const int cf = s->colour[f] == seat, cx = s->colour[x] == seat;
    if (!a->pincer) {
        if (s->colour[x] >= 0 && !cx)
            return PACRU_ERR_COLOUR;
        if (path_chev && !(cf && cx))
            return PACRU_ERR_PASSES;
    }
    pacru_landing l;
    l.from = (uint8_t)f;
    l.t = (uint8_t)t;
    l.k = (uint8_t)k;
    l.x = (uint8_t)x;
    l.pincer = (uint8_t)a->pincer;
    l.conn = (uint8_t)(k >= 2 && cf && cx && !path_chev);
    l.cross = pacru_land[x] != pacru_land[f];
    if (a->connection && !(l.conn && l.cross))
        return PACRU_ERR_CONNECTION;
    const int pays = pacru_meeting_pays(s, seat);
    pacru_state w = *s;
    pacru_move_steps(&w, seat, &l, a->connection);
    if (!(l.cross && !(l.conn && a->connection))) {
        if (a->crossing >= 0)
            return PACRU_ERR_CROSS_NONE;
    } else {
        const int b = pacru_land[x];
        const int had_neutral = w.neutral[b] > 0;
        int places[9], transform = 0, in = 0;
        const int n = pacru_crossing_options(&w, seat, x, places, &transform);
        for (int i = 0; i < n; i++)
            if (pacru_land_cells[b][places[i]] == a->crossing)
                in = 1;
        if (had_neutral) {
            if (n == 0 && a->crossing >= 0)
                return PACRU_ERR_CROSS_BLOCKED;
            if (n > 0 && !in)
                return PACRU_ERR_CROSS_CELL;
        } else if (transform) {
            if (a->crossing >= 0)
                return PACRU_ERR_CROSS_TRANSFORM;
        } else if (n == 0 ? a->crossing >= 0 : !in) {
            return PACRU_ERR_CROSS_SINGLE;
        }
        if (transform)
            pacru_transform(&w, seat, b);
        else if (a->crossing >= 0)
            pacru_set_colour(&w, a->crossing, seat);
    }
    if (!pacru_meets(&w, seat, x, t)) {
        if (a->meeting >= 0)
            return PACRU_ERR_MEET_NONE;
    } else if (!pays) {
        if (a->meeting >= 0)
            return PACRU_ERR_MEET_UNPAID;
    } else {
        int any = 0;
        for (int i = 0; i < PACRU_CELLS && !any; i++)
            any = w.chev[i] < 0 && w.colour[i] != seat;
        if (any ? (a->meeting < 0 || w.chev[a->meeting] >= 0 || w.colour[a->meeting] == seat)
                : a->meeting >= 0)
            return PACRU_ERR_MEET_CELL;
    }
    return PACRU_OK;
}

pacru_error pacru_check_action(const pacru_state *s, int action)
{
    pacru_action a;
    if (s->over)
        return PACRU_ERR_OVER;
    if (pacru_decode(action, &a) != 0)
        return PACRU_ERR_NO_ACTION;
    return a.reorient ? check_reorient(s, &a) : check_move(s, &a);
}

static const char *const rules[PACRU_ERR_COUNT] = {
    "", "PA-E2", "PA-M1", "PA-M1", "PA-M1", "PA-M1", "PA-M2", "PA-M3", "PA-M3", "PA-K1", "PA-K2",
    "PA-K2", "PA-M3", "PA-M3", "PA-J1", "PA-B1", "PA-B2", "PA-B2", "PA-B3", "PA-B1", "PA-T1",
    "PA-T2", "PA-T1", "PA-O1", "PA-O1", "PA-O1", "PA-O2",
};

const char *pacru_error_rule(pacru_error e)
{
    return e >= 0 && e < PACRU_ERR_COUNT ? rules[e] : "";
}

/* --- unchecked apply ------------------------------------------------------------ */

void pacru_apply(pacru_state *s, int action)
{
    pacru_action a;
    pacru_decode(action, &a);
    const int seat = s->turn;
    if (a.reorient) {                                 /* PA-O1 */
        const int f = a.cell, code = s->chev[f];
        s->hash ^= pacru_z_chev(f, code) ^ pacru_z_chev(f, seat * 8 + a.direction);
        s->chev[f] = (int8_t)(seat * 8 + a.direction);
        for (int i = 0; i < a.nfreed; i++)
            pacru_set_colour(s, a.freed[i], -1);
        pacru_finish(s, 4);                           /* the ply cap only (PA-T3: no meeting) */
        return;
    }
    const int f = a.cell, t = a.direction, k = a.distance, x = a.to;
    pacru_landing l;
    l.from = (uint8_t)f;
    l.t = (uint8_t)t;
    l.k = (uint8_t)k;
    l.x = (uint8_t)x;
    l.pincer = (uint8_t)a.pincer;
    l.conn = 0;
    l.cross = pacru_land[x] != pacru_land[f];
    if (k >= 2 && s->colour[f] == seat && s->colour[x] == seat) {
        int c = f;
        l.conn = 1;
        for (int i = 1; i < k; i++) {
            c = pacru_step1[c][t];
            if (s->chev[c] >= 0) {
                l.conn = 0;
                break;
            }
        }
    }
    pacru_move_steps(s, seat, &l, a.connection);
    if (l.cross && !(l.conn && a.connection)) {
        const int b = pacru_land[x];
        if (s->neutral[b] == 0 && !s->single_cell)
            pacru_transform(s, seat, b);
        else if (a.crossing >= 0)
            pacru_set_colour(s, a.crossing, seat);
    }
    if (a.meeting >= 0)
        pacru_set_colour(s, a.meeting, seat);
    pacru_finish(s, 7);
}

pacru_error pacru_apply_checked(pacru_state *s, int action)
{
    const pacru_error e = pacru_check_action(s, action);
    if (e == PACRU_OK)
        pacru_apply(s, action);
    return e;
}

/* --- outcome -------------------------------------------------------------------- */

void pacru_returns(const pacru_state *s, double *out, double *margins)
{
    const int n = s->players;
    int k = 0;
    for (int p = 0; p < n; p++)
        k += (s->winners >> p) & 1;
    for (int p = 0; p < n; p++) {
        out[p] = 0.0;
        if (margins != NULL)
            margins[p] = 0.0;
    }
    if (!s->over || k == 0)
        return;
    for (int p = 0; p < n; p++) {
        out[p] = (s->winners >> p & 1) ? (double)(n - k) / (double)(k * (n - 1)) : -1.0 / (double)(n - 1);
        if (margins != NULL) {
            int best = -1;
            for (int q = 0; q < n; q++)
                if (q != p && s->cells[q] > best)
                    best = s->cells[q];
            double m = (double)(s->cells[p] - best) / (double)PACRU_CELLS;
            margins[p] = m > 1.0 ? 1.0 : m < -1.0 ? -1.0 : m;
        }
    }
}
