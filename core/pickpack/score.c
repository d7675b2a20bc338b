/* Scoring (PP-E3) and the four-closed-crates end (PP-E1). */
#include "pp_internal.h"

int pp_crate_score(const pp_state *s, int p, int c)
{
    int apples = 0;
    for (int i = 0; i < s->crate_len[p][c]; i++)
        apples += s->crate[p][c][i];
    switch (s->crate_status[p][c]) {
    case PP_CRATE_PREMIUM: return 2 * apples;      /* 2 points per apple */
    case PP_CRATE_WHOLESALE: return apples / 2;    /* 1 point per 2 apples, rounded down */
    default: return apples;                        /* open: 1 point per apple */
    }
}

int pp_score(const pp_state *s, int p)
{
    int total = 0;
    for (int c = 0; c < PP_NUM_CRATES; c++)
        total += pp_crate_score(s, p, c);
    return total;
}

int pp_all_closed(const pp_state *s, int p)
{
    return pp_open_count(s, p) == 0;
}
