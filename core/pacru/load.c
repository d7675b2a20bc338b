/* The start position and the loader: a position from plain arrays (a snapshot's
 * fields), every field checked before the rules see it (the core never trusts input). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "pacru_rules.h"

/* PA-S1..PA-S3: (cell, direction) per seat in turn order, by player count. */
static const uint8_t setup2[2][4][2] = {
    {{18, 2}, {4, 0}, {26, 6}, {80, 5}},              /* south: a3E e1N i3W i9SW */
    {{54, 2}, {76, 4}, {62, 6}, {0, 1}},              /* north: a7E e9S i7W a1NE */
};
static const uint8_t setup4[4][3][2] = {
    {{4, 0}, {18, 2}, {26, 6}},                       /* south: e1N a3E i3W */
    {{36, 2}, {2, 0}, {74, 4}},                       /* west: a5E c1N c9S */
    {{76, 4}, {54, 2}, {62, 6}},                      /* north: e9S a7E i7W */
    {{44, 6}, {6, 0}, {78, 4}},                       /* east: i5W g1N g9S */
};
static const int seats3[3] = {2, 3, 1};               /* 3 players: north, east, west */

static void clear(pacru_state *s, int players, int single_cell, int classic_meeting, int max_plies)
{
    memset(s, 0, sizeof *s);
    memset(s->colour, -1, sizeof s->colour);
    memset(s->chev, -1, sizeof s->chev);
    for (int b = 0; b < 9; b++)
        s->neutral[b] = 9;
    s->players = (uint8_t)players;
    s->single_cell = single_cell ? 1 : 0;
    s->classic_meeting = classic_meeting ? 1 : 0;
    s->max_plies = (uint16_t)max_plies;
}

int pacru_state_init(pacru_state *s, int players, int single_cell, int classic_meeting, int max_plies)
{
    if (players < PACRU_MIN_PLAYERS || players > PACRU_MAX_PLAYERS || max_plies < 1
        || max_plies > PACRU_MAX_GAME_LENGTH)
        return -1;
    pacru_init();
    clear(s, players, single_cell, classic_meeting, max_plies);
    for (int seat = 0; seat < players; seat++)
        for (int i = 0; i < pacru_chevrons_per_seat(players); i++) {
            const uint8_t *cd = players == 2 ? setup2[seat][i]
                                : players == 4 ? setup4[seat][i] : setup4[seats3[seat]][i];
            pacru_add_chev(s, seat, cd[0], cd[1]);
        }
    s->hash = pacru_hash_full(s);
    return 0;
}

static const char *const field_names[PACRU_FIELD_COUNT] = {
    "", "players", "single_cell", "classic_meeting", "max_plies", "ply", "turn", "board", "chevrons",
};

const char *pacru_field_name(int field)
{
    return field >= 0 && field < PACRU_FIELD_COUNT ? field_names[field] : "";
}

static int fail(char *msg, size_t msglen, int field, const char *fmt, ...)
{
    if (msglen > 0) {
        int n = snprintf(msg, msglen, "%s: ", field_names[field]);
        if (n < 0)
            n = 0;
        if ((size_t)n < msglen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(msg + n, msglen - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return field;
}

int pacru_load(pacru_state *s, const pacru_raw *r, char *msg, size_t msglen)
{
    pacru_init();
    if (msglen > 0)
        msg[0] = '\0';
    if (r->players < PACRU_MIN_PLAYERS || r->players > PACRU_MAX_PLAYERS)
        return fail(msg, msglen, PACRU_FIELD_PLAYERS, "must be 2..4, not %d", r->players);
    if (r->single_cell != 0 && r->single_cell != 1)
        return fail(msg, msglen, PACRU_FIELD_SINGLE_CELL, "must be false or true");
    if (r->classic_meeting != 0 && r->classic_meeting != 1)
        return fail(msg, msglen, PACRU_FIELD_CLASSIC_MEETING, "must be false or true");
    if (r->max_plies < 1 || r->max_plies > PACRU_MAX_GAME_LENGTH)
        return fail(msg, msglen, PACRU_FIELD_MAX_PLIES, "must be 1..%d, not %d", PACRU_MAX_GAME_LENGTH,
                    r->max_plies);
    if (r->ply < 0 || r->ply > r->max_plies)
        return fail(msg, msglen, PACRU_FIELD_PLY, "must be 0..max_plies (%d), not %d", r->max_plies, r->ply);
    if (r->turn < 0 || r->turn >= r->players)
        return fail(msg, msglen, PACRU_FIELD_TURN, "must be a seat 0..%d, not %d", r->players - 1, r->turn);
    clear(s, r->players, r->single_cell, r->classic_meeting, r->max_plies);
    for (int c = 0; c < PACRU_CELLS; c++) {
        if (r->colour[c] < -1 || r->colour[c] >= r->players)
            return fail(msg, msglen, PACRU_FIELD_BOARD, "cell %d has colour %d: -1 (neutral) or a seat 0..%d",
                        c, r->colour[c], r->players - 1);
        pacru_set_colour(s, c, r->colour[c]);
    }
    const int most = pacru_chevrons_per_seat(r->players);
    for (int p = 0; p < r->players; p++) {
        if (r->nchev[p] < 0 || r->nchev[p] > most)
            return fail(msg, msglen, PACRU_FIELD_CHEVRONS, "seat %d has %d chevrons: at most %d (PA-C4)", p,
                        r->nchev[p], most);
        for (int i = 0; i < r->nchev[p]; i++) {
            const int c = r->chev_cell[p][i], d = r->chev_dir[p][i];
            if (c < 0 || c >= PACRU_CELLS || d < 0 || d > 7)
                return fail(msg, msglen, PACRU_FIELD_CHEVRONS, "seat %d: chevron (%d, %d) is not a cell 0..80 "
                            "and a direction 0..7", p, c, d);
            if (s->chev[c] >= 0)
                return fail(msg, msglen, PACRU_FIELD_CHEVRONS, "two chevrons on cell %d (PA-C2)", c);
            pacru_add_chev(s, p, c, d);
        }
    }
    s->turn = (uint8_t)r->turn;
    s->ply = (uint16_t)r->ply;
    s->hash = pacru_hash_full(s);
    if (!pacru_end_check(s, 7)) {
        if (s->nchev[s->turn] == 0)
            return fail(msg, msglen, PACRU_FIELD_TURN, "seat %d has no chevrons: it is out (PA-E1)", r->turn);
        if (!pacru_has_move(s, s->turn))
            return fail(msg, msglen, PACRU_FIELD_TURN, "seat %d has no legal move: it would be out (PA-E1)",
                        r->turn);
    }
    return PACRU_FIELD_NONE;
}
