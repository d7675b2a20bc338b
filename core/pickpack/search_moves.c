/* Move helpers of the searches (pickpack_search.h): the symmetry reduction of legal
 * moves. (The counting sampler of pp_nth_legal_action and the playouts: sampler.c.) */
#include "search_internal.h"
#include <string.h>
#include "pickpack_search.h"

/* Target index bases inside a line end (docs/engine.md, "Action integers"). */
#define T_CRATE 1
#define T_PAIR 5
#define T_SQUARE 21

/* dup[c]: an earlier crate of player q has the same status and the same trays. */
static void duplicate_crates(const pp_state *s, int q, int dup[PP_NUM_CRATES])
{
    for (int c = 0; c < PP_NUM_CRATES; c++) {
        dup[c] = 0;
        for (int e = 0; e < c && !dup[c]; e++)
            dup[c] = s->crate_status[q][e] == s->crate_status[q][c]
                  && s->crate_len[q][e] == s->crate_len[q][c]
                  && memcmp(s->crate[q][e], s->crate[q][c], s->crate_len[q][c]) == 0;
    }
}

int pp_distinct_actions(const pp_state *s, uint16_t *out)
{
    const int n = pp_legal_actions(s, out);
    if (s->phase != PP_PHASE_PLAY)
        return n;
    const int p = s->to_move, o = PP_OTHER(p);
    int mine[PP_NUM_CRATES], theirs[PP_NUM_CRATES];
    duplicate_crates(s, p, mine);
    duplicate_crates(s, o, theirs);
    if (!(mine[1] | mine[2] | mine[3] | theirs[1] | theirs[2] | theirs[3]))
        return n;
    int kept = 0;
    for (int i = 0; i < n; i++) {
        pp_move m;
        pp_decode(out[i], &m);
        int drop = 0;
        if (m.grab_crate >= 0) {
            drop = mine[m.grab_crate];
        } else if (m.target > 0 && m.target < T_SQUARE) {
            const int kind = s->tile_kind[p][pp_end_space(p, m.dest, m.end)];
            const int t = m.target;
            if (kind == PP_KIND_P)
                drop = mine[t - T_CRATE];
            else if (kind == PP_KIND_W)
                drop = theirs[t - T_CRATE];
            else                                   /* Q or X: opponent's a, own b */
                drop = theirs[(t - T_PAIR) / 4] || mine[(t - T_PAIR) % 4];
        }
        if (!drop)
            out[kept++] = out[i];
    }
    return kept;
}
