/* The RANDOM PLAYOUT POLICY (the contract's) and batches of random games, entirely in C.
 * A reorientation's freed cells are drawn directly as a uniform subset (a partial
 * Fisher-Yates shuffle), never by enumerating the subsets. */
#include "pacru_rules.h"

/* Apply the landing l with each open choice drawn uniformly; returns the action applied
 * (the encoding of generate.c's expand_landing). */
static int random_move(pacru_state *s, int seat, const pacru_landing *l, pp_rng *rng, int encode)
{
    const int pays = pacru_meeting_pays(s, seat);
    const int take_conn = l->conn && l->cross ? (int)pp_rng_below(rng, 2) : 0;
    int place = PACRU_CROSSING_NONE, meeting = PACRU_MEETING_NONE;
    pacru_move_steps(s, seat, l, take_conn);
    if (l->cross && !(l->conn && take_conn)) {
        int places[9], transform = 0;
        const int n = pacru_crossing_options(s, seat, l->x, places, &transform);
        const int land = pacru_land[l->x];
        if (n > 0) {
            place = places[n == 1 ? 0 : pp_rng_below(rng, (uint32_t)n)];
            pacru_set_colour(s, pacru_land_cells[land][place], seat);
        } else if (transform)
            pacru_transform(s, seat, land);
    }
    if (pays && pacru_meets(s, seat, l->x, l->t)) {
        int cand[PACRU_CELLS], n = 0;
        for (int c = 0; c < PACRU_CELLS; c++)
            if (s->chev[c] < 0 && s->colour[c] != seat)
                cand[n++] = c;
        if (n > 0) {
            meeting = cand[pp_rng_below(rng, (uint32_t)n)];
            pacru_set_colour(s, meeting, seat);
        }
    }
    pacru_finish(s, 7);
    if (!encode)
        return 0;
    const int base = (((l->from * 8 + l->t) * 8 + l->k - 1) * 2 + l->pincer) * 2;
    return ((base + take_conn) * 10 + place) * 82 + meeting;
}

/* pacru_random_step; with `encode` 0 (the playouts) the action is not worked out. */
static int random_step(pacru_state *s, pp_rng *rng, int encode)
{
    if (s->over)
        return -1;
    const int seat = s->turn;
    pacru_landing l[PACRU_MAX_LANDINGS];
    const int nl = pacru_landings(s, seat, l, 0);
    if (nl == 0)                                      /* not a valid position: nothing to play */
        return -1;
    int free_count = s->cells[seat];                  /* the mover's cells without a chevron */
    for (int p = 0; p < s->players; p++)
        for (int i = 0; i < s->nchev[p]; i++)
            free_count -= s->colour[s->chev_cell[p][i]] == seat;
    const int per = (free_count >= 2 ? 2 : 0) + (free_count >= 4 ? 2 : 0);
    const uint32_t r = pp_rng_below(rng, (uint32_t)(nl + per * s->nchev[seat]));
    if ((int)r < nl)
        return random_move(s, seat, &l[r], rng, encode);
    const int which = ((int)r - nl) % per, f = s->chev_cell[seat][((int)r - nl) / per];
    static const int turn_by[4] = {7, 1, 6, 2};       /* d-1, d+1 (2 cells), d-2, d+2 (4 cells) */
    const int nd = ((s->chev[f] & 7) + turn_by[which]) & 7, need = which < 2 ? 2 : 4;
    int free_cells[PACRU_CELLS], m = 0;
    for (int c = 0; c < PACRU_CELLS; c++)
        if (s->colour[c] == seat && s->chev[c] < 0)
            free_cells[m++] = c;
    for (int i = 0; i < need; i++) {                  /* a uniform subset of `need` cells */
        const int j = i + (int)pp_rng_below(rng, (uint32_t)(m - i));
        const int t = free_cells[i];
        free_cells[i] = free_cells[j];
        free_cells[j] = t;
        pacru_set_colour(s, free_cells[i], -1);
    }
    s->hash ^= pacru_z_chev(f, s->chev[f]) ^ pacru_z_chev(f, seat * 8 + nd);
    s->chev[f] = (int8_t)(seat * 8 + nd);
    pacru_finish(s, 4);
    return encode ? pacru_encode_reorient(f, nd, need, free_cells) : 0;
}

int pacru_random_step(pacru_state *s, pp_rng *rng)
{
    return random_step(s, rng, 1);
}

int pacru_playout(pacru_state *s, pp_rng *rng)
{
    const int start = s->ply;
    while (!s->over) {
        const int before = s->ply;
        random_step(s, rng, 0);
        if (s->ply == before)                         /* an invalid position: stop */
            break;
    }
    return s->ply - start;
}

void pacru_batch_add(pacru_batch *b, const pacru_state *s, int plies)
{
    int k = 0;
    b->games++;
    b->plies += plies;
    for (int p = 0; p < s->players; p++) {
        b->cells_sum[p] += s->cells[p];
        k += (s->winners >> p) & 1;
    }
    for (int p = 0; p < s->players; p++)
        if (s->winners >> p & 1)
            b->wins[p] += 1.0 / k;
}

int pacru_games_part(int (*playout)(pacru_state *, pp_rng *), pp_rng *rng, int players, int single_cell,
                     int classic_meeting, int max_plies, long count, pacru_batch *b)
{
    pacru_state start, s;
    if (pacru_state_init(&start, players, single_cell, classic_meeting, max_plies) != 0)
        return -1;
    for (long g = 0; g < count; g++) {
        s = start;
        const int plies = playout(&s, rng);
        pacru_batch_add(b, &s, plies);
    }
    return 0;
}

int pacru_random_games_part(pp_rng *rng, int players, int single_cell, int classic_meeting,
                            int max_plies, long count, pacru_batch *b)
{
    return pacru_games_part(pacru_playout, rng, players, single_cell, classic_meeting, max_plies, count, b);
}
