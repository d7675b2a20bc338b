/* Legal action generation (every choice spelled out, ascending), the search's reduced
 * action list, and perft. */
#include <stdlib.h>
#include "pacru_rules.h"

/* Where generated actions go: the first `cap` are written, all are counted. */
typedef struct sink {
    int *out;
    long cap, n;
} sink;

static inline void emit(sink *k, int action)
{
    if (k->n < k->cap)
        k->out[k->n] = action;
    k->n++;
}

/* Every complete action of one landing: the connection/crossing choice, the crossing
 * cell, the meeting cell. `search`: a paying meeting offers only the candidates in
 * borderlands holding one of the mover's chevrons after the move (all when none is). */
static void expand_landing(const pacru_state *s, int seat, const pacru_landing *l, int pays, int search,
                           sink *k)
{
    const int base = (((l->from * 8 + l->t) * 8 + l->k - 1) * 2 + l->pincer) * 2;
    const int options = l->conn && l->cross ? 2 : 1;
    if (!pays && !l->cross) {                         /* one action, no choice: no copy */
        emit(k, ((base * 10) + PACRU_CROSSING_NONE) * 82 + PACRU_MEETING_NONE);
        return;
    }
    for (int cb = 0; cb < options; cb++) {
        if (!pays && !(l->cross && !(l->conn && cb))) {   /* the connection: one action */
            emit(k, (((base + cb) * 10) + PACRU_CROSSING_NONE) * 82 + PACRU_MEETING_NONE);
            continue;
        }
        pacru_state w = *s;
        pacru_move_steps(&w, seat, l, cb);
        int places[9], ns = 0, transform = 0;
        if (l->cross && !(l->conn && cb))
            ns = pacru_crossing_options(&w, seat, l->x, places, &transform);
        const int choices = ns ? ns : 1;
        if (!pays) {                                  /* no meeting: the crossing choices only */
            for (int i = 0; i < choices; i++)
                emit(k, (((base + cb) * 10) + (ns ? places[i] : PACRU_CROSSING_NONE)) * 82 + PACRU_MEETING_NONE);
            continue;
        }
        for (int i = 0; i < choices; i++) {
            pacru_state w2 = w;
            int place = PACRU_CROSSING_NONE;
            if (ns) {
                place = places[i];
                pacru_set_colour(&w2, pacru_land_cells[pacru_land[l->x]][place], seat);
            } else if (transform) {
                pacru_transform(&w2, seat, pacru_land[l->x]);
            }
            const int prefix = ((base + cb) * 10 + place) * 82;
            if (!(pays && pacru_meets(&w2, seat, l->x, l->t))) {
                emit(k, prefix + PACRU_MEETING_NONE);
                continue;
            }
            int lands = 0, any = 0, near = 0;
            if (search)
                for (int j = 0; j < w2.nchev[seat]; j++)
                    lands |= 1 << pacru_land[w2.chev_cell[seat][j]];
            for (int c = 0; c < PACRU_CELLS; c++)
                if (w2.chev[c] < 0 && w2.colour[c] != seat) {
                    any = 1;
                    if (lands >> pacru_land[c] & 1)
                        near = 1;
                }
            if (!any) {
                emit(k, prefix + PACRU_MEETING_NONE);
                continue;
            }
            for (int c = 0; c < PACRU_CELLS; c++)
                if (w2.chev[c] < 0 && w2.colour[c] != seat && (!near || (lands >> pacru_land[c] & 1)))
                    emit(k, prefix + c);
        }
    }
}

static int gen_moves(const pacru_state *s, int search, sink *k)
{
    pacru_landing l[PACRU_MAX_LANDINGS];
    const int seat = s->turn;
    const int n = pacru_landings(s, seat, l, 0);
    const int pays = pacru_meeting_pays(s, seat);
    for (int i = 0; i < n; i++)
        expand_landing(s, seat, &l[i], pays, search, k);
    return n;
}

/* The new directions of a chevron pointing d that free `need` cells, ascending. */
static int turns(int d, int need, int *out)
{
    int n = 0;
    for (int nd = 0; nd < 8; nd++) {
        const int diff = (nd - d) & 7;
        if ((need == 2 && (diff == 1 || diff == 7)) || (need == 4 && (diff == 2 || diff == 6)))
            out[n++] = nd;
    }
    return n;
}

static void gen_reorients(const pacru_state *s, sink *k)
{
    const int seat = s->turn;
    int free_cells[PACRU_CELLS], m = 0;
    for (int c = 0; c < PACRU_CELLS; c++)
        if (s->colour[c] == seat && s->chev[c] < 0)
            free_cells[m++] = c;
    for (int need = 2; need <= 4; need += 2) {
        for (int i = 0; i < s->nchev[seat]; i++) {
            const int f = s->chev_cell[seat][i];
            int nds[2];
            const int nn = turns(s->chev[f] & 7, need, nds);
            for (int j = 0; j < nn; j++) {
                const long count = (long)pacru_binom[m][need];
                if (k->n >= k->cap) {                 /* counting only */
                    k->n += count;
                    continue;
                }
                if (need == 2) {
                    const int base = PACRU_REORIENT_2 + (f * 8 + nds[j]) * PACRU_COMB2;
                    for (int b = 1; b < m; b++)
                        for (int a = 0; a < b; a++)
                            emit(k, base + free_cells[a] + (int)pacru_binom[free_cells[b]][2]);
                } else {
                    const int base = PACRU_REORIENT_4 + (f * 8 + nds[j]) * PACRU_COMB4;
                    for (int d = 3; d < m; d++) {
                        const int rd = base + (int)pacru_binom[free_cells[d]][4];
                        for (int c = 2; c < d; c++) {
                            const int rc = rd + (int)pacru_binom[free_cells[c]][3];
                            for (int b = 1; b < c; b++) {
                                const int rb = rc + (int)pacru_binom[free_cells[b]][2];
                                for (int a = 0; a < b; a++)
                                    emit(k, rb + free_cells[a]);
                            }
                        }
                    }
                }
            }
        }
    }
}

long pacru_legal_actions(const pacru_state *s, int *out, long cap)
{
    sink k = {out, out == NULL ? 0 : cap, 0};
    if (s->over)
        return 0;
    if (gen_moves(s, 0, &k) > 0)                      /* PA-O2: reorienting needs a move */
        gen_reorients(s, &k);
    return out == NULL || k.n <= cap ? k.n : cap;     /* never more than was written */
}

int pacru_move_actions(const pacru_state *s, int *out, int cap)
{
    sink k = {out, out == NULL ? 0 : cap, 0};
    if (!s->over)
        gen_moves(s, 0, &k);
    return (int)(out == NULL || k.n <= cap ? k.n : cap);
}

int pacru_search_actions(const pacru_state *s, int *out)
{
    sink k = {out, PACRU_MAX_SEARCH_ACTIONS, 0};
    if (s->over || gen_moves(s, 1, &k) == 0)
        return (int)k.n;
    const int seat = s->turn;
    int per_land[9] = {0}, ranked[PACRU_CELLS], m = 0;
    for (int i = 0; i < s->nchev[seat]; i++)
        per_land[pacru_land[s->chev_cell[seat][i]]]++;
    for (int key = 0; key <= PACRU_MAX_CHEVRONS; key++)   /* (chevrons in the borderland, cell) */
        for (int c = 0; c < PACRU_CELLS; c++)
            if (s->colour[c] == seat && s->chev[c] < 0 && per_land[pacru_land[c]] == key)
                ranked[m++] = c;
    for (int need = 2; need <= 4 && need <= m; need += 2) {
        int chosen[4];
        for (int i = 0; i < need; i++)
            chosen[i] = ranked[i];
        for (int i = 1; i < need; i++)
            for (int j = i; j > 0 && chosen[j - 1] > chosen[j]; j--) {
                const int t = chosen[j];
                chosen[j] = chosen[j - 1];
                chosen[j - 1] = t;
            }
        int rank = 0;
        for (int i = 0; i < need; i++)
            rank += (int)pacru_binom[chosen[i]][i + 1];
        for (int i = 0; i < s->nchev[seat]; i++) {
            const int f = s->chev_cell[seat][i];
            int nds[2];
            const int nn = turns(s->chev[f] & 7, need, nds);
            for (int j = 0; j < nn; j++)
                emit(&k, need == 2 ? PACRU_REORIENT_2 + (f * 8 + nds[j]) * PACRU_COMB2 + rank
                                   : PACRU_REORIENT_4 + (f * 8 + nds[j]) * PACRU_COMB4 + rank);
        }
    }
    return (int)(k.n <= k.cap ? k.n : k.cap);         /* the bound is proven; never read past it */
}

static uint64_t perft(const pacru_state *s, int depth)
{
    if (depth <= 0)
        return 1;
    if (s->over)
        return 0;
    const long n = pacru_legal_actions(s, NULL, 0);
    if (depth == 1)
        return (uint64_t)n;
    int *buf = malloc((size_t)(n > 0 ? n : 1) * sizeof(int));
    if (buf == NULL)
        return UINT64_MAX;
    pacru_legal_actions(s, buf, n);
    uint64_t total = 0;
    for (long i = 0; i < n; i++) {
        pacru_state c = *s;
        pacru_apply(&c, buf[i]);
        const uint64_t sub = perft(&c, depth - 1);
        if (sub == UINT64_MAX) {
            total = UINT64_MAX;
            break;
        }
        total += sub;
    }
    free(buf);
    return total;
}

uint64_t pacru_perft(const pacru_state *s, int depth)
{
    return perft(s, depth);
}

/* --- the random bot's draw (pickpack.games.pacru.random_action, docs/pacru.md) ----- */

/* The mover's cells of its colour without a chevron (a reorientation's choices). */
static int free_cells_of(const pacru_state *s, int seat, int *out)
{
    int m = 0;
    for (int c = 0; c < PACRU_CELLS; c++)
        if (s->colour[c] == seat && s->chev[c] < 0)
            out[m++] = c;
    return m;
}

/* Reorientation options per chevron with m free cells: +45, -45 (2 cells), +90, -90 (4). */
static int turns_per_chevron(int m)
{
    return (m >= 2 ? 2 : 0) + (m >= 4 ? 2 : 0);
}

int pacru_random_options(const pacru_state *s, pacru_draw *d)
{
    d->landings = d->nfree = d->pays = 0;
    if (s->over)
        return 0;
    const int seat = s->turn;
    d->landings = pacru_landings(s, seat, d->landing, 0);
    d->pays = pacru_meeting_pays(s, seat);
    d->nfree = free_cells_of(s, seat, d->free_cells);
    return d->landings + turns_per_chevron(d->nfree) * s->nchev[seat];
}

int pacru_landing_actions(const pacru_state *s, const pacru_draw *d, int option, int *out)
{
    if (s->over || option < 0 || option >= d->landings)
        return 0;
    sink k = {out, PACRU_MAX_LANDING_ACTIONS, 0};
    expand_landing(s, s->turn, &d->landing[option], d->pays, 0, &k);
    return (int)(k.n <= k.cap ? k.n : k.cap);         /* the bound is proven; never read past it */
}

int pacru_reorient_option(const pacru_state *s, const pacru_draw *d, int option, int *cell, int *direction,
                          int *need)
{
    if (s->over)
        return -1;
    const int seat = s->turn, per = turns_per_chevron(d->nfree), i = option - d->landings;
    if (i < 0 || i >= per * s->nchev[seat])
        return -1;
    static const int turn_by[4] = {1, 7, 2, 6};       /* d+1, d-1 (2 cells), d+2, d-2 (4 cells) */
    *cell = s->chev_cell[seat][i / per];
    *direction = ((s->chev[*cell] & 7) + turn_by[i % per]) & 7;
    *need = i % per < 2 ? 2 : 4;
    return d->nfree;
}

int pacru_encode_reorient(int cell, int direction, int n, const int *cells)
{
    int c[4];
    pacru_init();                                     /* the binomials (idempotent) */
    if (cell < 0 || cell >= PACRU_CELLS || direction < 0 || direction > 7 || (n != 2 && n != 4))
        return -1;
    for (int i = 0; i < n; i++) {                     /* insertion sort, checking the range */
        if (cells[i] < 0 || cells[i] >= PACRU_CELLS)
            return -1;
        int j = i;
        for (; j > 0 && c[j - 1] > cells[i]; j--)
            c[j] = c[j - 1];
        c[j] = cells[i];
    }
    int rank = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && c[i] == c[i - 1])
            return -1;
        rank += (int)pacru_binom[c[i]][i + 1];
    }
    return n == 2 ? PACRU_REORIENT_2 + (cell * 8 + direction) * PACRU_COMB2 + rank
                  : PACRU_REORIENT_4 + (cell * 8 + direction) * PACRU_COMB4 + rank;
}
