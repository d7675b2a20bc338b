/* PACRU's texts in C: the canonical move text of an action (encoding.py's action_text)
 * and the one-sentence reason of a check error (pacru_check_action's codes), so that
 * the ops table (pp_game_ops action_text, error_reason) gives both and no binding
 * composes them. Seat names are encoding.SEAT_NAMES (PA-S1..PA-S4).
 *
 * Trust: the action is any int and the buffer any size (texts are cut to size-1 and
 * always NUL-terminated); the state is assumed valid (made by the core). */
#include <stdio.h>
#include <string.h>
#include "pacru_internal.h"

static const char *const direction_names[8] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

/* encoding.SEAT_NAMES by player count. */
static const char *const seat_names[PACRU_MAX_PLAYERS + 1][PACRU_MAX_PLAYERS] = {
    {"", "", "", ""}, {"", "", "", ""},
    {"south", "north", "", ""},
    {"north", "east", "west", ""},
    {"south", "west", "north", "east"},
};

/* Longest text written (a reason with two cells and a seat name is under 140 bytes). */
#define TEXT_ROOM 256

const char *pacru_seat_name(int players, int seat)
{
    if (players < PACRU_MIN_PLAYERS || players > PACRU_MAX_PLAYERS || seat < 0 || seat >= players)
        return "";
    return seat_names[players][seat];
}

/* "a1".."i9" into out (room for 3). */
static const char *cell_name(int cell, char *out)
{
    out[0] = (char)('a' + cell % PACRU_SIZE);
    out[1] = (char)('1' + cell / PACRU_SIZE);
    out[2] = '\0';
    return out;
}

/* Copy text (length n from snprintf) into buf of `size` bytes: the length written. */
static int deliver(const char *text, int n, char *buf, size_t size)
{
    if (size == 0)
        return 0;
    if (n < 0)
        n = 0;
    if ((size_t)n >= size)
        n = (int)(size - 1);
    memcpy(buf, text, (size_t)n);
    buf[n] = '\0';
    return n;
}

int pacru_action_text(int action, char *buf, size_t size)
{
    pacru_action a;
    char t[TEXT_ROOM], c1[3], c2[3];
    int n;
    if (pacru_decode(action, &a) != 0 || (!a.reorient && a.to < 0)) {
        if (size > 0)
            buf[0] = '\0';
        return -1;
    }
    if (a.reorient) {
        n = snprintf(t, sizeof t, "%s>%s[", cell_name(a.cell, c1), direction_names[a.direction]);
        for (int i = 0; i < a.nfreed; i++)
            n += snprintf(t + n, sizeof t - (size_t)n, "%s%s", i ? "," : "", cell_name(a.freed[i], c1));
        n += snprintf(t + n, sizeof t - (size_t)n, "]");
        return deliver(t, n, buf, size);
    }
    n = snprintf(t, sizeof t, "%s%c%s", cell_name(a.cell, c1), a.pincer ? 'x' : '-', cell_name(a.to, c2));
    if (a.connection || a.crossing >= 0 || a.meeting >= 0) {
        const char *sep = "[";
        if (a.connection) {
            n += snprintf(t + n, sizeof t - (size_t)n, "%sconn", sep);
            sep = ",";
        }
        if (a.crossing >= 0) {
            n += snprintf(t + n, sizeof t - (size_t)n, "%s%s", sep, cell_name(a.crossing, c1));
            sep = ",";
        }
        if (a.meeting >= 0)
            n += snprintf(t + n, sizeof t - (size_t)n, "%s*%s", sep, cell_name(a.meeting, c1));
        n += snprintf(t + n, sizeof t - (size_t)n, "]");
    }
    return deliver(t, n, buf, size);
}

/* The reason of each check error, a template: {src} and {dst} the move's cells, {name}
 * the mover, {dir} {left} {right} the chevron's direction and its neighbours, {power}
 * its power of movement, {cell} the first freed cell that is not the mover's. */
static const char *const reasons[PACRU_ERR_COUNT] = {
    [PACRU_ERR_OVER] = "the game is over",
    [PACRU_ERR_NO_ACTION] = "no such action: actions are 0..1097206559",     /* NUM_DISTINCT_ACTIONS - 1 */
    [PACRU_ERR_NO_CHEVRON] = "no chevron of {name} on {src}",
    [PACRU_ERR_DIRECTION] = "the chevron on {src} points {dir}: it moves {dir}, {right} or {left}",
    [PACRU_ERR_OFF_BOARD] = "the move leaves the board",
    [PACRU_ERR_POWER] = "the chevron on {src} has power {power}: it moves 1 to {power} cells",
    [PACRU_ERR_OWN_CHEVRON] = "{src}-{dst} lands on a chevron of {name}",
    [PACRU_ERR_PINCER_BIT] = "{dst} holds a chevron: a pincer is written {src}x{dst}",
    [PACRU_ERR_PINCER_PATH] = "a chevron stands between {src} and {dst}: {src} does not attack {dst}",
    [PACRU_ERR_PINCER_ATTACKS] = "the chevron on {dst} is not attacked by 2 chevrons of {name}: no pincer",
    [PACRU_ERR_PINCER_NONE] = "no enemy chevron on {dst} to pincer",
    [PACRU_ERR_COLOUR] = "{src}-{dst} lands on {dst}, which has another player's colour",
    [PACRU_ERR_PASSES] = "{src}-{dst} passes over a chevron (a connection jump needs both ends of {name}'s colour)",
    [PACRU_ERR_CONNECTION] = "conn is chosen only on a move that is both a connection change and a border crossing",
    [PACRU_ERR_CROSS_NONE] = "{src}-{dst} earns no border-crossing benefit: no crossing cell",
    [PACRU_ERR_CROSS_TRANSFORM] = "the borderland of {dst} has no neutral cell: it takes {name}'s colour whole, "
                                  "no cell is chosen",
    [PACRU_ERR_CROSS_SINGLE] = "single-cell: the crossing gives one unoccupied cell of another player's colour in "
                               "the borderland of {dst}, if there is one",
    [PACRU_ERR_CROSS_BLOCKED] = "every neutral cell of the borderland of {dst} holds a chevron: the crossing gains "
                                "nothing",
    [PACRU_ERR_CROSS_CELL] = "the crossing gives one neutral unoccupied cell of the borderland of {dst}: name one",
    [PACRU_ERR_MEET_NONE] = "{src}-{dst} makes no meeting: no meeting cell",
    [PACRU_ERR_MEET_UNPAID] = "the meeting pays only when another player has 9 or more cells (PA-T2): no meeting "
                              "cell",
    [PACRU_ERR_MEET_CELL] = "the meeting gives one unoccupied cell that is not yet yours, if there is one: name it",
    [PACRU_ERR_R_NO_CHEVRON] = "no chevron of {name} on {src}",
    [PACRU_ERR_R_TURN] = "turning 45 degrees frees 2 cells, 90 frees 4",
    [PACRU_ERR_R_CELL] = "{cell} is not an unoccupied cell of yours",
    [PACRU_ERR_R_NO_MOVE] = "{name} has no chevron that can move: no reorientation (PA-O2)",
};

int pacru_error_reason(const pacru_state *s, int action, int code, char *buf, size_t size)
{
    pacru_action a;
    char t[TEXT_ROOM], src[3], dst[3] = "?", cell[3] = "?", power[12] = "?";
    if (code <= PACRU_OK || code >= PACRU_ERR_COUNT)
        return deliver(t, snprintf(t, sizeof t, "no error %d", code), buf, size);
    if (code != PACRU_ERR_OVER && pacru_decode(action, &a) != 0)
        code = PACRU_ERR_NO_ACTION;             /* every other reason is about the action's fields */
    const char *tpl = reasons[code];
    if (code == PACRU_ERR_OVER || code == PACRU_ERR_NO_ACTION)
        return deliver(tpl, (int)strlen(tpl), buf, size);
    cell_name(a.cell, src);
    if (!a.reorient && a.to >= 0)
        cell_name(a.to, dst);
    if (code == PACRU_ERR_R_CELL) {
        int bad = -1;
        for (int i = 0; i < a.nfreed && bad < 0; i++)
            if (s->colour[a.freed[i]] != s->turn || s->chev[a.freed[i]] >= 0)
                bad = a.freed[i];
        if (bad < 0)                           /* every freed cell is the mover's: the last check */
            tpl = reasons[PACRU_ERR_R_NO_MOVE];
        else
            cell_name(bad, cell);
    }
    snprintf(power, sizeof power, "%d", pacru_power(s, a.cell));
    const int d = s->chev[a.cell] & 7;           /* the chevron's direction (PA-M1's reason) */
    const char *keys[8][2] = {
        {"{src}", src}, {"{dst}", dst}, {"{name}", pacru_seat_name(s->players, s->turn)},
        {"{dir}", direction_names[d]}, {"{right}", direction_names[(d + 1) & 7]},
        {"{left}", direction_names[(d + 7) & 7]}, {"{power}", power}, {"{cell}", cell},
    };
    size_t n = 0;
    while (*tpl && n + 1 < sizeof t) {
        int k = 0;
        while (k < 8 && strncmp(tpl, keys[k][0], strlen(keys[k][0])) != 0)
            k++;
        const char *piece = k < 8 ? keys[k][1] : tpl;
        const size_t len = k < 8 ? strlen(piece) : 1;
        for (size_t j = 0; j < len && n + 1 < sizeof t; j++)
            t[n++] = piece[j];
        tpl += k < 8 ? strlen(keys[k][0]) : 1;
    }
    return deliver(t, (int)n, buf, size);
}
