/* PACRU's rollout policy (pacru_policy.h): a cheap greedy player in C. */
#include "pacru_rules.h"
#include "pacru_policy.h"

/* What the policy knows of one landing before applying it. */
typedef struct valued {
    int value;        /* the policy's value (pacru_policy.h) */
    int take_conn;    /* on a connection that is also a crossing: take the connection */
} valued;

/* Cells a crossing onto x (borderland b) would give `seat` (pacru_policy.h), on the
 * board before the move; `pincer`: x turns to seat's colour first (PA-K2). */
static int crossing_gain(const pacru_state *s, int seat, int x, int pincer)
{
    const int b = pacru_land[x];
    const int x_neutral_taken = pincer && s->colour[x] < 0;
    if (s->neutral[b] - x_neutral_taken > 0) {        /* PA-B1, PA-B3 */
        for (int p = 0; p < 9; p++) {
            const int c = pacru_land_cells[b][p];
            if (s->colour[c] < 0 && !(pincer && c == x) && (s->chev[c] < 0 || c == x))
                return 1;
        }
        return 0;
    }
    if (!s->single_cell)                               /* PA-B2: the whole borderland */
        return 9 - s->land[b][seat] - (pincer && s->colour[x] != seat);
    for (int p = 0; p < 9; p++) {                      /* PA-B2, variant single-cell */
        const int c = pacru_land_cells[b][p];
        if (c != x && s->colour[c] >= 0 && s->colour[c] != seat && s->chev[c] < 0)
            return 1;
    }
    return 0;
}

/* 1 when the chevron moved from `from` to x pointing t with power `power` could move
 * again on the board before the move (a cell in one of its three directions within its
 * power, neutral or of seat's colour, with no chevron on the way), else 0. */
static int reach(const pacru_state *s, int seat, int from, int x, int t, int power)
{
    for (int dt = 7; dt <= 9; dt++) {
        int c = x;
        for (int k = 1; k <= power; k++) {
            c = pacru_step1[c][(t + dt) & 7];
            if (c < 0 || (s->chev[c] >= 0 && c != from))
                break;
            if (s->colour[c] < 0 || s->colour[c] == seat)
                return 1;
        }
    }
    return 0;
}

static valued value_of(const pacru_state *s, int seat, const pacru_landing *l, int pays)
{
    valued v = {0, 0};
    const int x = l->x, t = l->t, bx = pacru_land[x];
    int gain = 0, gain_bx = 0;
    if (l->pincer && s->colour[x] != seat) {           /* PA-K2 */
        gain++;
        gain_bx++;
    }
    int conn_gain = 0, cross_gain = 0;
    if (l->conn) {                                     /* PA-J1: the path cells */
        int c = l->from;
        for (int k = 1; k < l->k; k++) {
            c = pacru_step1[c][t];
            conn_gain += s->colour[c] != seat;
        }
    }
    if (l->cross)
        cross_gain = crossing_gain(s, seat, x, l->pincer);
    if (l->conn && l->cross && conn_gain > cross_gain) {
        v.take_conn = 1;
        gain += conn_gain;
    } else {
        gain += cross_gain + (l->cross ? 0 : conn_gain);
        gain_bx += cross_gain;
    }
    int x_mine = s->colour[x] == seat || l->pincer;
    if (pays) {                                        /* PA-T1, judged before the move */
        const int y = pacru_step1[x][t];
        if (y >= 0 && y != l->from && s->chev[y] == seat * 8 + ((t + 4) & 7) && x_mine
            && s->colour[y] == seat)
            gain++;
    }
    int power_after = s->land[bx][seat] + gain_bx;
    if (power_after < 1)
        power_after = 1;
    const int mobile = reach(s, seat, l->from, x, t, power_after);
    v.value = PACRU_POLICY_W_GAIN * gain + PACRU_POLICY_W_PINCER * l->pincer
              + PACRU_POLICY_W_MOBILE * mobile + power_after - pacru_pw(s, seat, l->from);
    return v;
}

/* A uniform draw below n from rng, or 0 without one. */
static int draw(pp_rng *rng, int n)
{
    return rng != NULL && n > 1 ? (int)pp_rng_below(rng, (uint32_t)n) : 0;
}

/* Apply landing l of `seat` with its choices (pacru_policy.h; all uniform with
 * `random`), in the contract's order of effects; returns the action. */
static int play_landing(pacru_state *s, int seat, const pacru_landing *l, int take_conn, int random,
                        pp_rng *rng)
{
    const int pays = pacru_meeting_pays(s, seat);
    const int both = l->conn && l->cross;
    if (random && both)
        take_conn = draw(rng, 2);
    if (!both)
        take_conn = 0;
    pacru_move_steps(s, seat, l, take_conn);
    int place = PACRU_CROSSING_NONE, meeting = PACRU_MEETING_NONE;
    const int land = pacru_land[l->x];
    if (l->cross && !take_conn) {                      /* effect 4 */
        int places[9], transform = 0;
        const int n = pacru_crossing_options(s, seat, l->x, places, &transform);
        if (n > 0) {
            place = places[draw(rng, n)];
            pacru_set_colour(s, pacru_land_cells[land][place], seat);
        } else if (transform) {
            pacru_transform(s, seat, land);
        }
    }
    if (pays && pacru_meets(s, seat, l->x, l->t)) {    /* effect 5 */
        int lands = 0, cand[PACRU_CELLS], n = 0, near = 0;
        if (!random)
            for (int j = 0; j < s->nchev[seat]; j++)
                lands |= 1 << pacru_land[s->chev_cell[seat][j]];
        for (int c = 0; c < PACRU_CELLS; c++)
            if (s->chev[c] < 0 && s->colour[c] != seat && (lands >> pacru_land[c] & 1))
                near = 1;
        for (int c = 0; c < PACRU_CELLS; c++)
            if (s->chev[c] < 0 && s->colour[c] != seat && (!near || (lands >> pacru_land[c] & 1)))
                cand[n++] = c;
        if (n > 0) {
            meeting = cand[draw(rng, n)];
            pacru_set_colour(s, meeting, seat);
        }
    }
    pacru_finish(s, 7);
    return (((((l->from * 8 + l->t) * 8 + l->k - 1) * 2 + l->pincer) * 2 + take_conn) * 10 + place) * 82
           + meeting;
}

int pacru_policy_values(const pacru_state *s, int *out)
{
    if (s->over)
        return 0;
    const int seat = s->turn, pays = pacru_meeting_pays(s, seat);
    pacru_landing l[PACRU_MAX_LANDINGS];
    const int n = pacru_landings(s, seat, l, 0);
    for (int i = 0; i < n; i++) {
        out[4 * i] = l[i].from;
        out[4 * i + 1] = l[i].t;
        out[4 * i + 2] = l[i].k;
        out[4 * i + 3] = value_of(s, seat, &l[i], pays).value;
    }
    return n;
}

/* The policy's move (random: a uniform landing with uniform choices). */
static int step(pacru_state *s, pp_rng *rng, int random)
{
    if (s->over)
        return -1;
    const int seat = s->turn;
    pacru_landing l[PACRU_MAX_LANDINGS];
    const int n = pacru_landings(s, seat, l, 0);
    if (n == 0)                                        /* not a valid position */
        return -1;
    if (random)
        return play_landing(s, seat, &l[draw(rng, n)], 0, 1, rng);
    const int pays = pacru_meeting_pays(s, seat);
    int best = -1, ties = 0, take_conn = 0;
    int top = 0;
    for (int i = 0; i < n; i++) {
        const valued v = value_of(s, seat, &l[i], pays);
        if (best >= 0 && v.value < top)
            continue;
        if (best >= 0 && v.value == top) {            /* reservoir: uniform among ties */
            ties++;
            if (rng == NULL || pp_rng_below(rng, (uint32_t)ties) != 0)
                continue;
        } else {
            ties = 1;
        }
        best = i;
        top = v.value;
        take_conn = v.take_conn;
    }
    return play_landing(s, seat, &l[best], take_conn, 0, rng);
}

int pacru_policy_step(pacru_state *s, pp_rng *rng)
{
    return step(s, rng, 0);
}

int pacru_policy_playout(pacru_state *s, pp_rng *rng)
{
    const int start = s->ply;
    while (!s->over) {
        const int random = pp_rng_below(rng, 1000) < PACRU_POLICY_EPSILON_PERMILLE;
        if (step(s, rng, random) < 0)
            break;
    }
    return s->ply - start;
}

int pacru_policy_games_part(pp_rng *rng, int players, int single_cell, int classic_meeting,
                            int max_plies, long count, pacru_batch *b)
{
    return pacru_games_part(pacru_policy_playout, rng, players, single_cell, classic_meeting, max_plies,
                            count, b);
}
