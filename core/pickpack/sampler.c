/* Uniform random play without listing the moves: a sampler that counts the legal moves
 * of a position and builds only the one drawn (pp_nth_legal_action), and the random
 * playouts on it (pp_playout, pp_fast_playout).
 *
 * The sampler mirrors pp_legal_actions (movegen.c) group by group: the same
 * destinations in the same order, the same targets (PP-G2, PP-A1..A7) and the same
 * rush variants (PP-R1..R3), so its k-th move is the generator's k-th move, and a
 * playout that draws k as the listing loop drew its index plays the same game. */
#include "search_internal.h"   /* first: it sets _POSIX_C_SOURCE for clock_gettime */
#include "pickpack_search.h"

/* Target index bases inside a line end (docs/engine.md, "Action integers"). */
#define T_CRATE 1
#define T_PAIR 5
#define T_SQUARE 21
#define T_SPACE 57

/* Crate sets of a player as 4-bit masks (bit c: crate c) with their sizes, found four
 * crates at a time: a player's crate statuses and tray counts are 4 bytes each, read as
 * one 32-bit word (byte c at bits 8c..8c+7) and tested bytewise without branches
 * (crate states are as good as random in a playout, so branches would mispredict). */
typedef struct crate_set { unsigned mask; int n; } crate_set;

#define BYTES_HIGH 0x80808080u
#define BYTES_LOW7 0x7F7F7F7Fu

static inline uint32_t word4(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* The high bit of each byte of w that is not zero (every byte of w below 0x80). */
static inline uint32_t nonzero_bytes(uint32_t w)
{
    return (w + BYTES_LOW7) & BYTES_HIGH;
}

/* A crate set from high bits of bytes: bits 7, 15, 23, 31 -> mask bits 0..3. The
 * product moves the four bits to 21..24 without carries (every partial product lands on
 * its own bit). */
static inline crate_set crate_set_of(uint32_t high)
{
    const uint32_t ones = high >> 7;
    crate_set c;
    c.mask = ((ones * 0x00204081u) >> 21) & 0xFu;
    c.n = (int)((ones * 0x01010101u) >> 24);
    return c;
}

/* Crate c of the j-th (from 0) set bit of mask. */
static inline int nth_crate(unsigned mask, int j)
{
    while (j-- > 0)
        mask &= mask - 1;
    return mask & 1u ? 0 : mask & 2u ? 1 : mask & 4u ? 2 : 3;
}

/* Everything the move count of one position needs, computed once per position: the
 * mover's crate sets always, the opponent's and the Malfunction targets only when a
 * tile that uses them lies in the grabber's line. */
typedef struct move_census {
    int p, o, rush;
    crate_set open_p, fewest_p, full_p;   /* P targets; grab and Q destinations; X (own) */
    int o_ready;
    crate_set open_o, full_o;             /* W targets; Q source and X (theirs) */
    int m_ready, faceup, opp_tiles;       /* Malfunction targets (PP-A6) */
} move_census;

/* One run of consecutive actions: a grab at dest (end -1) or a tile at (dest, end);
 * `size` = targets x mult actions, mult 2 when each comes with a rush variant. */
typedef struct move_group { int dest, end, kind, targets, mult, size; } move_group;

static inline void census_init(const pp_state *s, move_census *c)
{
    const int p = s->to_move;
    const uint32_t status = word4(s->crate_status[p]), len = word4(s->crate_len[p]);
    const uint32_t closed = nonzero_bytes(status), open = closed ^ BYTES_HIGH;
    /* PP-G2: the fewest trays among the open crates (a closed one counts as 0x7F+) */
    const uint32_t held = len | (closed >> 7) * 0x7Fu;
    const uint32_t b0 = held & 0xFFu, b1 = held >> 8 & 0xFFu, b2 = held >> 16 & 0xFFu, b3 = held >> 24;
    const uint32_t lo = b0 < b1 ? b0 : b1, hi = b2 < b3 ? b2 : b3, fewest = lo < hi ? lo : hi;
    c->p = p;
    c->o = PP_OTHER(p);
    c->rush = s->rush[p] > 0;           /* PP-R2: only orders waiting before the move */
    c->open_p = crate_set_of(open);
    c->full_p = crate_set_of(open & nonzero_bytes(len));
    c->fewest_p = crate_set_of(open & ~nonzero_bytes(len ^ fewest * 0x01010101u));
    c->o_ready = c->m_ready = c->faceup = c->opp_tiles = 0;
    c->open_o.mask = c->full_o.mask = 0;
    c->open_o.n = c->full_o.n = 0;
}

static void census_opponent(const pp_state *s, move_census *c)
{
    const uint32_t open = nonzero_bytes(word4(s->crate_status[c->o])) ^ BYTES_HIGH;
    c->open_o = crate_set_of(open);
    c->full_o = crate_set_of(open & nonzero_bytes(word4(s->crate_len[c->o])));
    c->o_ready = 1;
}

static void census_malfunction(const pp_state *s, move_census *c)
{
    int faceup = 0, tiles = 0;
    for (int sq = 0; sq < PP_NUM_SQUARES; sq++)
        faceup += PP_IS_TRAY(s->grid[sq]);
    for (int sp = 0; sp < PP_NUM_SPACES; sp++)
        tiles += s->tile_kind[c->o][sp] != PP_NO_KIND
              && s->tile_status[c->o][sp] == PP_TILE_UNPLAYED;
    c->faceup = faceup;
    c->opp_tiles = tiles;
    c->m_ready = 1;
}

/* Targets and rush multiplicity of the tile of `kind` (gen_tile in movegen.c). */
static inline void tile_group(const pp_state *s, move_census *c, int kind, move_group *g)
{
    int targets;
    g->mult = 1 + c->rush;
    if (kind != PP_KIND_P && kind != PP_KIND_R && !c->o_ready)
        census_opponent(s, c);
    switch (kind) {
    case PP_KIND_P:
    case PP_KIND_W: {
        const int open = kind == PP_KIND_P ? c->open_p.n : c->open_o.n;
        targets = open;
        if (open == 1) g->mult = 1;                  /* PP-R3: it closes the fourth crate */
        break;
    }
    case PP_KIND_R: targets = 0; break;
    case PP_KIND_Q: targets = c->full_o.n * c->fewest_p.n; break;
    case PP_KIND_X: targets = c->full_o.n * c->full_p.n; break;
    default:
        if (!c->m_ready) census_malfunction(s, c);
        targets = c->faceup + c->opp_tiles;
        break;
    }
    if (targets == 0) {                              /* PP-A7: used up without effect */
        targets = 1;
        g->mult = 1 + c->rush;
        g->kind = -1;
    } else {
        g->kind = kind;
    }
    g->targets = targets;
    g->size = targets * g->mult;
}

/* The groups of a play position in ascending action order into g; returns the number
 * of legal moves (0: PP-E2, the mover cannot move). The i-th
 * square of the grabber's line (PP-M1: its row for Red, its column for Blue) is
 * crossed by line i of the mover's axis, whose ends are the spaces i and 6 + i. */
static inline int play_groups(const pp_state *s, move_census *c, move_group g[10])
{
    const int p = c->p, gr = s->grabber;
    const int first = p == PP_RED ? gr - gr % 6 : gr % 6, step = p == PP_RED ? 1 : 6;
    const uint8_t *status = s->tile_status[p], *kinds = s->tile_kind[p];
    int n = 0, total = 0;
    for (int i = 0; i < 6; i++) {
        const int dest = first + i * step;
        if (dest == gr) continue;
        const uint8_t v = s->grid[dest];
        if (PP_IS_TRAY(v)) {                                               /* PP-G2 */
            if (c->fewest_p.n == 0) continue;
            g[n].dest = dest;
            g[n].end = -1;
            g[n].kind = -1;
            g[n].targets = c->fewest_p.n;
            g[n].mult = 1 + c->rush;
            g[n].size = g[n].targets * g[n].mult;
            total += g[n].size;
            n++;
        } else if (v == 0) {                                               /* PP-M2 */
            for (int end = 0; end < 2; end++) {
                const int sp = i + 6 * end;
                if (status[sp] != PP_TILE_UNPLAYED || kinds[sp] == PP_NO_KIND)
                    continue;
                g[n].dest = dest;
                g[n].end = end;
                tile_group(s, c, kinds[sp], &g[n]);
                total += g[n].size;
                n++;
            }
        }                                                                  /* PP-M3 */
    }
    return total;
}

/* The j-th Malfunction target: face-up squares, then the opponent's unplayed spaces. */
static int malfunction_target(const pp_state *s, const move_census *c, int j)
{
    if (j < c->faceup) {
        for (int sq = 0; sq < PP_NUM_SQUARES; sq++)
            if (PP_IS_TRAY(s->grid[sq]) && j-- == 0)
                return T_SQUARE + sq;
    }
    j -= c->faceup;
    for (int sp = 0; sp < PP_NUM_SPACES; sp++)
        if (s->tile_kind[c->o][sp] != PP_NO_KIND && s->tile_status[c->o][sp] == PP_TILE_UNPLAYED
            && j-- == 0)
            return T_SPACE + sp;
    return 0;                                        /* unreachable for j in range */
}

/* The move at index k (0 <= k < the count) of the groups from g on, decoded into *m. */
static inline void group_move(const pp_state *s, const move_census *c, const move_group *g,
                              int k, pp_move *m)
{
    while (k >= g->size) {
        k -= g->size;
        g++;
    }
    const int j = g->mult == 2 ? k >> 1 : k;
    m->placement_kind = -1;
    m->dest = g->dest;
    m->rush = k & (g->mult - 1);
    if (g->end < 0) {
        m->grab_crate = nth_crate(c->fewest_p.mask, j);
        m->end = -1;
        m->target = 0;
        return;
    }
    int t = 0;
    switch (g->kind) {
    case PP_KIND_P: t = T_CRATE + nth_crate(c->open_p.mask, j); break;
    case PP_KIND_W: t = T_CRATE + nth_crate(c->open_o.mask, j); break;
    case PP_KIND_Q:                  /* opponent's crate a (outer), own crate b (inner) */
        t = T_PAIR + 4 * nth_crate(c->full_o.mask, j / c->fewest_p.n)
          + nth_crate(c->fewest_p.mask, j % c->fewest_p.n);
        break;
    case PP_KIND_X:
        t = T_PAIR + 4 * nth_crate(c->full_o.mask, j / c->full_p.n)
          + nth_crate(c->full_p.mask, j % c->full_p.n);
        break;
    case PP_KIND_M: t = malfunction_target(s, c, j); break;
    default: t = 0; break;                           /* R, or no possible target */
    }
    m->grab_crate = -1;
    m->end = g->end;
    m->target = t;
}

/* Placement (PP-S3, PP-C3): the kinds not yet placed twice, ascending. */
static int placement_kinds(const pp_state *s, int kinds[PP_NUM_KINDS])
{
    int count[PP_NUM_KINDS] = {0}, n = 0;
    const int p = s->to_move;
    for (int sp = 0; sp < PP_NUM_SPACES; sp++)
        if (s->tile_kind[p][sp] != PP_NO_KIND) count[s->tile_kind[p][sp]]++;
    for (int k = 0; k < PP_NUM_KINDS; k++)
        if (count[k] < 2) kinds[n++] = k;
    return n;
}

int pp_nth_legal_action(const pp_state *s, int k, int *count)
{
    *count = 0;
    if (s->phase == PP_PHASE_OVER)
        return -1;
    if (s->phase == PP_PHASE_PLACEMENT) {
        int kinds[PP_NUM_KINDS];
        const int n = placement_kinds(s, kinds);
        *count = n;
        return k >= 0 && k < n ? kinds[k] : -1;
    }
    move_census c;
    move_group g[10];
    census_init(s, &c);
    const int total = play_groups(s, &c, g);
    *count = total;
    if (k < 0 || k >= total)
        return -1;
    pp_move m;
    group_move(s, &c, g, k, &m);
    return pp_encode(&m);
}

/* A move index below n: pp_rng_below's stream (lemire 0) or the searches' pp_draw_below. */
static inline int draw(pp_rng *rng, int n, int lemire)
{
    return (int)(lemire ? pp_draw_below(rng, (uint32_t)n) : pp_rng_below_inline(rng, (uint32_t)n));
}

/* Finish the game at random: placement decisions through pp_apply, then play-phase
 * moves through pp_apply_play, whose PP-E2 check is the count of the next position. */
static inline pp_playout_result play_out(pp_state *s, pp_rng *rng, int lemire)
{
    pp_playout_result r;
    r.plies = 0;
    while (s->phase == PP_PHASE_PLACEMENT) {
        int kinds[PP_NUM_KINDS];
        const int n = placement_kinds(s, kinds);
        pp_apply(s, kinds[draw(rng, n, lemire)], NULL);
        r.plies++;
    }
    while (s->phase == PP_PHASE_PLAY) {
        move_census c;
        move_group g[10];
        pp_move m;
        census_init(s, &c);
        const int total = play_groups(s, &c, g);
        if (total == 0) {                            /* PP-E2 */
            pp_end_game(s);
            break;
        }
        group_move(s, &c, g, draw(rng, total, lemire), &m);
        pp_apply_play(s, &m);
        r.plies++;
    }
    r.score[0] = pp_score(s, PP_RED);
    r.score[1] = pp_score(s, PP_BLUE);
    return r;
}

pp_playout_result pp_playout(pp_state *s, pp_rng *rng)
{
    return play_out(s, rng, 0);
}

pp_playout_result pp_fast_playout(pp_state *s, pp_rng *rng)
{
    return play_out(s, rng, 1);
}
