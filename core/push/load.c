/* The start position and the loader: a position from plain arrays (a snapshot's
 * fields), every field checked before the rules see it (the core never trusts input). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "push_internal.h"

int push_full_count(int players, int type)
{
    if (type < 0 || type >= PUSH_NUM_CARD_TYPES)
        return 0;
    if (type < PUSH_NUM_NUMBER_TYPES)
        return PUSH_COPIES_PER_NUMBER;
    if (type == PUSH_ROLL)
        return PUSH_NUM_ROLL_CARDS;
    return players == 2 ? 0 : PUSH_NUM_SWITCH_CARDS;   /* PU-C3 */
}

int push_state_init(push_state *s, int players, int hard, int switch_per_turn)
{
    if (players < PUSH_MIN_PLAYERS || players > PUSH_MAX_PLAYERS)
        return -1;
    push_zobrist_init();
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)players;
    s->hard = hard ? 1 : 0;
    s->switch_per_turn = switch_per_turn ? 1 : 0;
    s->phase = PUSH_PHASE_START;
    s->card = PUSH_NO_CARD;
    int total = 0;
    for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++) {
        s->deck[t] = (uint8_t)push_full_count(players, t);
        total += s->deck[t];
    }
    s->deck_total = (uint8_t)total;
    s->hash = push_hash_full(s);
    return PUSH_OK;
}

static const char *const field_names[PUSH_FIELD_COUNT] = {
    "", "players", "hard", "switch_per_turn", "phase", "turn", "actor", "card", "deck",
    "stacks", "benches", "banks", "switches", "turn_switches",
};

const char *push_field_name(int field)
{
    return field >= 0 && field < PUSH_FIELD_COUNT ? field_names[field] : "";
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

#define FAIL(field, ...) return fail(msg, msglen, field, __VA_ARGS__)

/* Rows of counts (benches or banks): only number cards, at most 3 copies of each. */
static int check_cards(const int rows[PUSH_MAX_PLAYERS][PUSH_NUM_CARD_TYPES], int players,
                       int field, char *msg, size_t msglen)
{
    for (int p = 0; p < players; p++)
        for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++) {
            const int n = rows[p][t];
            if (t >= PUSH_NUM_NUMBER_TYPES && n != 0)
                FAIL(field, "seat %d holds a %s card: only number cards lie here", p,
                     t == PUSH_ROLL ? "roll" : "switch");
            if (n < 0 || n > PUSH_COPIES_PER_NUMBER)
                FAIL(field, "seat %d: %d copies of card type %d (0..3 exist, PU-C1)", p, n, t);
        }
    return PUSH_FIELD_NONE;
}

int push_load(push_state *s, const push_raw *r, char *msg, size_t msglen)
{
    if (msglen > 0)
        msg[0] = '\0';
    if (r->players < PUSH_MIN_PLAYERS || r->players > PUSH_MAX_PLAYERS)
        FAIL(PUSH_FIELD_PLAYERS, "must be 2..6, got %d", r->players);
    const int n = r->players;
    if (r->hard != 0 && r->hard != 1)
        FAIL(PUSH_FIELD_HARD, "must be true or false");
    if (r->switch_per_turn != 0 && r->switch_per_turn != 1)
        FAIL(PUSH_FIELD_SWITCH_PER_TURN, "must be true or false");
    if (r->phase < PUSH_PHASE_START || r->phase > PUSH_PHASE_OVER)
        FAIL(PUSH_FIELD_PHASE, "must be a phase index 0..6, got %d", r->phase);
    if (r->turn < 0 || r->turn >= n)
        FAIL(PUSH_FIELD_TURN, "must be a seat 0..%d, got %d", n - 1, r->turn);
    if (r->actor < 0 || r->actor >= n)
        FAIL(PUSH_FIELD_ACTOR, "must be a seat 0..%d, got %d", n - 1, r->actor);
    if (r->phase != PUSH_PHASE_COLLECT && r->phase != PUSH_PHASE_ROLL && r->actor != r->turn)
        FAIL(PUSH_FIELD_ACTOR, "must be the turn's seat %d outside phases collect and roll, got %d",
             r->turn, r->actor);
    if (r->card < -1 || r->card >= PUSH_NUM_CARD_TYPES)
        FAIL(PUSH_FIELD_CARD, "must be a card type 0..31 or none, got %d", r->card);
    if ((r->card >= 0) != (r->phase == PUSH_PHASE_PLACE))
        FAIL(PUSH_FIELD_CARD, "a drawn card awaits placement in phase place, and only then (PU-P2)");
    if (r->card == PUSH_SWITCH)
        FAIL(PUSH_FIELD_CARD, "a switch card is never placed (PU-P3)");
    int deck_total = 0;
    for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++) {
        if (r->deck[t] < 0 || r->deck[t] > push_full_count(n, t))
            FAIL(PUSH_FIELD_DECK, "%d copies of card type %d: the full deck has %d (PU-C1, PU-C3)",
                 r->deck[t], t, push_full_count(n, t));
        deck_total += r->deck[t];
    }
    /* Stacks: sets of cards (PU-P2), no switch card (PU-P3). */
    uint32_t mask[PUSH_NUM_STACKS];
    for (int k = 0; k < PUSH_NUM_STACKS; k++) {
        mask[k] = 0;
        for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++) {
            const int c = r->stacks[k][t];
            if (c < 0 || c > 1)
                FAIL(PUSH_FIELD_STACKS, "stack %d holds %d cards of type %d: a stack never holds "
                     "two cards of one type (PU-P2)", k + 1, c, t);
            if (c)
                mask[k] |= UINT32_C(1) << t;
        }
        if (mask[k] >> PUSH_SWITCH & 1u)
            FAIL(PUSH_FIELD_STACKS, "stack %d holds a switch card: it never joins a stack (PU-P3)", k + 1);
        for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++)
            if ((mask[k] >> t & 1u) && (mask[k] & push_conflict[t] & ~(UINT32_C(1) << t)))
                FAIL(PUSH_FIELD_STACKS, "stack %d holds two cards of one colour or value (PU-P2)", k + 1);
    }
    const int used = (mask[0] != 0) + (mask[1] != 0) + (mask[2] != 0);
    const int push_phase = r->phase == PUSH_PHASE_START || r->phase == PUSH_PHASE_DRAW
                        || r->phase == PUSH_PHASE_PLACE || r->phase == PUSH_PHASE_DECIDE;
    if (push_phase) {
        for (int k = 0; k < used; k++)
            if (mask[k] == 0)
                FAIL(PUSH_FIELD_STACKS, "during a push the stacks in use are the first ones (stack %d "
                     "is empty before a stack in use)", k + 1);
    }
    if ((r->phase == PUSH_PHASE_START || r->phase == PUSH_PHASE_OVER) && used)
        FAIL(PUSH_FIELD_STACKS, "must be empty in phase %s (the end of a turn discards them, PU-K3)",
             r->phase == PUSH_PHASE_START ? "start" : "over");
    if (r->phase == PUSH_PHASE_COLLECT && !used)
        FAIL(PUSH_FIELD_STACKS, "phase collect needs a stack to take (PU-K1)");
    int f = check_cards(r->benches, n, PUSH_FIELD_BENCHES, msg, msglen);
    if (f)
        return f;
    f = check_cards(r->banks, n, PUSH_FIELD_BANKS, msg, msglen);
    if (f)
        return f;
    /* Every card type: no more copies in play than the full deck has. */
    for (int t = 0; t < PUSH_NUM_NUMBER_TYPES + 1; t++) {
        int count = r->deck[t] + r->stacks[0][t] + r->stacks[1][t] + r->stacks[2][t]
                  + (r->card == t);
        for (int p = 0; p < n; p++)
            count += r->benches[p][t] + r->banks[p][t];
        if (count > push_full_count(n, t))
            FAIL(t < PUSH_NUM_NUMBER_TYPES ? PUSH_FIELD_BENCHES : PUSH_FIELD_STACKS,
                 "%d cards of type %d in the game: the full deck has %d (PU-C1)", count, t,
                 push_full_count(n, t));
    }
    if (r->switches < 0 || r->switches > PUSH_NUM_SWITCH_CARDS)
        FAIL(PUSH_FIELD_SWITCHES, "must be 0..12, got %d", r->switches);
    if (r->switches != push_full_count(n, PUSH_SWITCH) - r->deck[PUSH_SWITCH])
        FAIL(PUSH_FIELD_SWITCHES, "must be %d: the switch cards not in the deck lie on the switch "
             "pile (PU-S1, PU-C3), got %d", push_full_count(n, PUSH_SWITCH) - r->deck[PUSH_SWITCH],
             r->switches);
    if (r->turn_switches < 0 || r->turn_switches > r->switches)
        FAIL(PUSH_FIELD_TURN_SWITCHES, "must be 0..switches (%d), got %d", r->switches, r->turn_switches);
    if (r->phase == PUSH_PHASE_START && r->turn_switches != 0)
        FAIL(PUSH_FIELD_TURN_SWITCHES, "no switch card is drawn yet at the start of a turn (PU-S2)");
    if ((r->phase == PUSH_PHASE_START || r->phase == PUSH_PHASE_DRAW) && deck_total == 0)
        FAIL(PUSH_FIELD_DECK, "phase %s with an empty deck cannot occur (the game has ended, PU-E1)",
             r->phase == PUSH_PHASE_START ? "start" : "draw");
    if (r->phase == PUSH_PHASE_OVER && deck_total != 0)
        FAIL(PUSH_FIELD_DECK, "the game is over only once the deck is empty (PU-E1)");

    memset(s, 0, sizeof *s);
    push_zobrist_init();
    s->players = (uint8_t)n;
    s->hard = (uint8_t)r->hard;
    s->switch_per_turn = (uint8_t)r->switch_per_turn;
    s->phase = (uint8_t)r->phase;
    s->turn = (uint8_t)r->turn;
    s->actor = (uint8_t)r->actor;
    s->card = r->card < 0 ? PUSH_NO_CARD : (uint8_t)r->card;
    for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++)
        s->deck[t] = (uint8_t)r->deck[t];
    s->deck_total = (uint8_t)deck_total;
    for (int k = 0; k < PUSH_NUM_STACKS; k++)
        s->stack[k] = mask[k];
    for (int p = 0; p < n; p++)
        for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++) {
            s->bench[p][t] = (uint8_t)r->benches[p][t];
            s->bank[p][t] = (uint8_t)r->banks[p][t];
        }
    s->switches = (uint8_t)r->switches;
    s->turn_switches = (uint8_t)r->turn_switches;
    if (s->card != PUSH_NO_CARD) {
        int ok = used < PUSH_NUM_STACKS;
        for (int k = 0; k < used; k++)
            ok |= !(mask[k] & push_conflict[s->card]);
        if (!ok)
            FAIL(PUSH_FIELD_CARD, "the drawn card has no place: it would have busted (PU-P5)");
    }
    s->hash = push_hash_full(s);
    return PUSH_FIELD_NONE;
}
