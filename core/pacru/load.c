/* The start position and the loader: a position from plain arrays (a snapshot's
 * fields), every field checked before the rules see it (the core never trusts input). */
#include <stddef.h>
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

/* FAIL_AT(field, seat or -1, index (a cell of the board, a chevron of the seat) or -1,
 * rule id or "", printf message). */
#define FAIL_AT(field, seat, index, rule, ...) \
    return pp_load_fail(e, field, field_names[field], seat, index, rule, __VA_ARGS__)

static const char *const seat_letters = "ABCD";

/* Is (cell, dir) one of seat's set-up chevrons (PA-S1..PA-S3)? */
static int setup_chevron(int players, int seat, int cell, int dir)
{
    for (int i = 0; i < pacru_chevrons_per_seat(players); i++) {
        const uint8_t *cd = players == 2 ? setup2[seat][i]
                            : players == 4 ? setup4[seat][i] : setup4[seats3[seat]][i];
        if (cd[0] == cell && cd[1] == dir)
            return 1;
    }
    return 0;
}

/* What every position the rules reach satisfies beyond the field checks (docs/pacru.md,
 * "Positions the rules can reach"); s is the loaded state (game over set), r its raw
 * form (the chevrons in the snapshot's order). */
static int check_reachable(const pacru_state *s, const pacru_raw *r, pacru_load_error *e)
{
    const int n = s->players, most = pacru_chevrons_per_seat(n), target = pacru_target(n), ply = s->ply;
    int alive = 0, lost = 0, reached = 0, first_lost = -1, first_out = -1;
    for (int p = 0; p < n; p++) {
        if (s->nchev[p]) {
            alive++;
            lost += most - s->nchev[p];
            if (s->nchev[p] < most && first_lost < 0)
                first_lost = p;
        } else if (first_out < 0) {
            first_out = p;
        }
        reached += s->cells[p] >= target;
    }
    if (alive == 0)
        FAIL_AT(PACRU_FIELD_CHEVRONS, -1, -1, "PA-E2", "no seat has a chevron, but the game ends when one "
                "seat is left with chevrons (PA-E2)");
    if (reached > 1)
        FAIL_AT(PACRU_FIELD_BOARD, -1, -1, "PA-E2", "%d seats have the target %d cells, but the game ends when "
                "the first reaches it (PA-E2)", reached, target);
    /* PA-K2: a pincer takes one chevron and a move makes at most one pincer; a seat out
     * (PA-E1) lost its chevrons after a move. */
    if (lost > ply)
        FAIL_AT(PACRU_FIELD_CHEVRONS, first_lost, -1, "PA-K2", "%d chevrons were taken from the seats still in "
                "(each starts with %d, PA-C4), but only %d plies were played and a move pincers at most one "
                "(PA-K2)", lost, most, ply);
    if (first_out >= 0 && ply == 0)
        FAIL_AT(PACRU_FIELD_CHEVRONS, first_out, -1, "PA-E1", "seat %c has no chevron at ply 0: chevrons leave "
                "only by a pincer (PA-K2) or when a seat is out (PA-E1), both after a move",
                seat_letters[first_out]);
    if (s->over) {
        /* Once over, turn is the seat that moved last: it keeps its chevrons, and only
         * the mover gains cells, so a seat at the target made that move (PA-E2). */
        if (s->nchev[s->turn] == 0)
            FAIL_AT(PACRU_FIELD_TURN, -1, -1, "PA-E2", "the game is over, so the turn is the seat that moved "
                    "last, which keeps its chevrons; seat %c has none (PA-E2)", seat_letters[s->turn]);
        if (reached && s->cells[s->turn] < target)
            FAIL_AT(PACRU_FIELD_TURN, -1, -1, "PA-E2", "a seat reached the target, which only its own move can "
                    "do, so it moved last and is the turn once over, not seat %c (PA-E2)",
                    seat_letters[s->turn]);
    }
    if (alive == n) {
        /* Nobody is out yet, so nobody was skipped: the seats moved in turn order from
         * seat A (PA-S4), one ply each; seat p has moved iff ply > p. */
        for (int p = ply; p < n; p++) {
            if (s->cells[p])
                for (int c = 0; c < PACRU_CELLS; c++)
                    if (s->colour[c] == p)
                        FAIL_AT(PACRU_FIELD_BOARD, -1, c, "PA-S4", "seat %c has not moved yet (ply %d, seats "
                                "move in turn order from A, PA-S4), but %d cells have its colour: only a "
                                "seat's own moves give cells its colour (PA-B1, PA-J1, PA-K2, PA-T1)",
                                seat_letters[p], ply, s->cells[p]);
            for (int i = 0; i < r->nchev[p]; i++)
                if (!setup_chevron(n, p, r->chev_cell[p][i], r->chev_dir[p][i]))
                    FAIL_AT(PACRU_FIELD_CHEVRONS, p, i, n == 2 ? "PA-S1" : n == 3 ? "PA-S3" : "PA-S2",
                            "seat %c has not moved yet (ply %d, seats move in turn order from A, PA-S4), so "
                            "its chevrons stand as set up (%s)", seat_letters[p], ply,
                            n == 2 ? "PA-S1" : n == 3 ? "PA-S3" : "PA-S2");
        }
        const int expect = ((ply - s->over) % n + n) % n;
        if (s->turn != expect)
            FAIL_AT(PACRU_FIELD_TURN, -1, -1, "PA-S4", "nobody is out, so after %d plies in turn order from A "
                    "(PA-S4, PA-E1) seat %c %s, not %c", ply, seat_letters[expect],
                    s->over ? "moved last" : "is to move", seat_letters[s->turn]);
    }
    if (s->single_cell)
        /* PA-B2 variant single-cell and PA-M3: no move colours a cell with another
         * seat's chevron on it, and no chevron lands on another seat's colour. */
        for (int p = 0; p < n; p++)
            for (int i = 0; i < r->nchev[p]; i++) {
                const int c = r->chev_cell[p][i];
                if (s->colour[c] >= 0 && s->colour[c] != p)
                    FAIL_AT(PACRU_FIELD_CHEVRONS, p, i, "PA-B2", "seat %c's chevron stands on a cell of seat "
                            "%c's colour: with single-cell no move lands there (PA-M3) or colours an occupied "
                            "cell (PA-B2)", seat_letters[p], seat_letters[s->colour[c]]);
            }
    return PACRU_FIELD_NONE;
}

int pacru_load(pacru_state *s, const pacru_raw *r, int level, pacru_load_error *e)
{
    pacru_init();
    pp_load_error_clear(e);
    if (r->players < PACRU_MIN_PLAYERS || r->players > PACRU_MAX_PLAYERS)
        FAIL_AT(PACRU_FIELD_PLAYERS, -1, -1, "PA-C4", "must be 2..4, not %d", r->players);
    if (r->single_cell != 0 && r->single_cell != 1)
        FAIL_AT(PACRU_FIELD_SINGLE_CELL, -1, -1, "", "must be false or true");
    if (r->classic_meeting != 0 && r->classic_meeting != 1)
        FAIL_AT(PACRU_FIELD_CLASSIC_MEETING, -1, -1, "", "must be false or true");
    if (r->max_plies < 1 || r->max_plies > PACRU_MAX_GAME_LENGTH)
        FAIL_AT(PACRU_FIELD_MAX_PLIES, -1, -1, "PA-E3", "must be 1..%d, not %d", PACRU_MAX_GAME_LENGTH,
                r->max_plies);
    if (r->ply < 0 || r->ply > r->max_plies)
        FAIL_AT(PACRU_FIELD_PLY, -1, -1, "PA-E3", "must be 0..max_plies (%d), not %d", r->max_plies, r->ply);
    if (r->turn < 0 || r->turn >= r->players)
        FAIL_AT(PACRU_FIELD_TURN, -1, -1, "PA-S4", "must be a seat 0..%d, not %d", r->players - 1, r->turn);
    clear(s, r->players, r->single_cell, r->classic_meeting, r->max_plies);
    for (int c = 0; c < PACRU_CELLS; c++) {
        if (r->colour[c] < -1 || r->colour[c] >= r->players)
            FAIL_AT(PACRU_FIELD_BOARD, -1, c, "PA-C2", "%c%c has the colour of seat %d: each cell is neutral or "
                    "of a seat %c..%c (PA-C2)", 'a' + c % PACRU_SIZE, '1' + c / PACRU_SIZE, r->colour[c],
                    seat_letters[0], seat_letters[r->players - 1]);
        pacru_set_colour(s, c, r->colour[c]);
    }
    const int most = pacru_chevrons_per_seat(r->players);
    for (int p = 0; p < r->players; p++) {
        if (r->nchev[p] < 0 || r->nchev[p] > most)
            FAIL_AT(PACRU_FIELD_CHEVRONS, p, -1, "PA-C4", "seat %c has %d chevrons: at most %d (PA-C4)",
                    seat_letters[p], r->nchev[p], most);
        for (int i = 0; i < r->nchev[p]; i++) {
            const int c = r->chev_cell[p][i], d = r->chev_dir[p][i];
            if (c < 0 || c >= PACRU_CELLS || d < 0 || d > 7)
                FAIL_AT(PACRU_FIELD_CHEVRONS, p, i, "PA-C3", "seat %c: chevron (%d, %d) is not a cell 0..80 "
                        "and a direction 0..7", seat_letters[p], c, d);
            if (s->chev[c] >= 0)
                FAIL_AT(PACRU_FIELD_CHEVRONS, p, i, "PA-C2", "two chevrons on %c%c (PA-C2)", 'a' + c % PACRU_SIZE,
                        '1' + c / PACRU_SIZE);
            pacru_add_chev(s, p, c, d);
        }
    }
    s->turn = (uint8_t)r->turn;
    s->ply = (uint16_t)r->ply;
    s->hash = pacru_hash_full(s);
    if (!pacru_end_check(s, 7)) {
        if (s->nchev[s->turn] == 0)
            FAIL_AT(PACRU_FIELD_TURN, -1, -1, "PA-E1", "seat %c is to move but has no chevron: it is out (PA-E1)",
                    seat_letters[r->turn]);
        if (!pacru_has_move(s, s->turn))
            FAIL_AT(PACRU_FIELD_TURN, -1, -1, "PA-E1", "seat %c is to move but no chevron can move: it is out "
                    "(PA-E1)", seat_letters[r->turn]);
    }
    return level >= PACRU_LOAD_REACHABLE ? check_reachable(s, r, e) : PACRU_FIELD_NONE;
}

/* pacru_raw is the table's flat vector of PACRU_RAW_SIZE ints (pacru_core.h). */
typedef char pacru_raw_is_flat[sizeof(pacru_raw) == PACRU_RAW_SIZE * sizeof(int)
                               && offsetof(pacru_raw, chev_dir) == PACRU_RAW_CHEV_DIR * sizeof(int) ? 1 : -1];

void pacru_save(const pacru_state *s, pacru_raw *r)
{
    memset(r, 0, sizeof *r);
    r->players = s->players;
    r->single_cell = s->single_cell;
    r->classic_meeting = s->classic_meeting;
    r->max_plies = s->max_plies;
    r->ply = s->ply;
    r->turn = s->turn;
    for (int c = 0; c < PACRU_CELLS; c++)
        r->colour[c] = s->colour[c];
    for (int p = 0; p < s->players; p++) {
        int n = 0;
        for (int col = 0; col < PACRU_SIZE; col++)          /* name order: a1 a2 .. a9 b1 .. */
            for (int c = col; c < PACRU_CELLS; c += PACRU_SIZE)
                if (s->chev[c] >= 0 && s->chev[c] >> 3 == p) {
                    r->chev_cell[p][n] = c;
                    r->chev_dir[p][n++] = s->chev[c] & 7;
                }
        r->nchev[p] = n;
    }
}
