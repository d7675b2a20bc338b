/* The start position and the loader: a position from plain arrays (a snapshot's
 * fields), every field checked before the rules see it (the core never trusts input). */
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

/* FAIL_AT(field, seat or -1, stack index or -1, rule id or "", printf message). */
#define FAIL_AT(field, seat, index, rule, ...) \
    return pp_load_fail(e, field, field_names[field], seat, index, rule, __VA_ARGS__)
#define FAIL(field, ...) FAIL_AT(field, -1, -1, "", __VA_ARGS__)

/* Rows of counts (benches or banks): only number cards, at most 3 copies of each. */
static int check_cards(const int rows[PUSH_MAX_PLAYERS][PUSH_NUM_CARD_TYPES], int players,
                       int field, push_load_error *e)
{
    for (int p = 0; p < players; p++)
        for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++) {
            const int n = rows[p][t];
            if (t >= PUSH_NUM_NUMBER_TYPES && n != 0)
                FAIL_AT(field, p, -1, "PU-K4", "seat %d holds a %s card: only number cards lie here "
                        "(PU-K4, PU-B1)", p, t == PUSH_ROLL ? "roll" : "switch");
            if (n < 0 || n > PUSH_COPIES_PER_NUMBER)
                FAIL_AT(field, p, -1, "PU-C1", "seat %d: %d copies of card type %d (0..3 exist, PU-C1)", p, n, t);
        }
    return PUSH_FIELD_NONE;
}

/* The seats from `from` to `to` in collection direction d (0: the same seat). */
static int seats_along(int from, int to, int d, int players)
{
    return (((to - from) * d) % players + players) % players;
}

/* What every position the rules reach satisfies beyond the field checks (docs/push.md,
 * "Positions the rules can reach"); s is the loaded state, discard[t] the copies of
 * card type t (0..30) in the discard pile (the full deck minus everything else). */
static int check_reachable(const push_state *s, const int discard[PUSH_NUM_CARD_TYPES], push_load_error *e)
{
    const int n = s->players, used = push_used_stacks(s), d = push_direction(s);
    int full = 0, banked = 0;
    for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++)
        full += push_full_count(n, t);
    for (int p = 0; p < n; p++)
        for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++)
            banked += s->bank[p][t];
    const int drawn = full - s->deck_total;
    /* PU-P4, PU-S1: phase decide follows a placed card (it lies on a stack) or a drawn
     * switch card (counted in turn_switches); nothing leaves the stacks while pushing. */
    if (s->phase == PUSH_PHASE_DECIDE && used == 0 && s->turn_switches == 0)
        FAIL_AT(PUSH_FIELD_STACKS, -1, -1, "PU-P4",
                "phase decide follows a card played this turn, but no stack holds a card and no switch "
                "card was drawn this turn (turn_switches 0) (PU-P4, PU-S1)");
    if (s->phase == PUSH_PHASE_ROLL && s->actor == s->turn && used == PUSH_NUM_STACKS) {
        /* PU-P5: with three stacks, the turn's own roll is a bust's: the busting card,
         * which no stack takes, lies on the discard pile. */
        int bust = 0;
        for (int t = 0; t <= PUSH_ROLL && !bust; t++)
            bust = discard[t] > 0 && (s->stack[0] & push_conflict[t]) && (s->stack[1] & push_conflict[t])
                && (s->stack[2] & push_conflict[t]);
        if (!bust)
            FAIL_AT(PUSH_FIELD_DECK, -1, -1, "PU-P5",
                    "phase roll for the active seat with three stacks follows a bust, but no card on the "
                    "discard pile (the full deck minus everything else) conflicts with all three stacks "
                    "(PU-P5)");
    } else if (s->phase == PUSH_PHASE_ROLL) {
        /* PU-K4: else the actor took a stack holding a roll card, now discarded. */
        if (discard[PUSH_ROLL] == 0)
            FAIL_AT(PUSH_FIELD_DECK, -1, -1, "PU-K4",
                    "phase roll follows a bust (three stacks, PU-P5) or taking a stack with a roll card, "
                    "which is discarded (PU-K4), but no roll card is on the discard pile (the full deck "
                    "minus everything else)");
    }
    if ((s->phase == PUSH_PHASE_COLLECT || s->phase == PUSH_PHASE_ROLL) && s->actor != s->turn) {
        /* PU-K1..K3: the collection runs in direction d from the active seat (after a
         * stop) or from the next (after a bust, three stacks); each collector before
         * the actor took one stack, and in phase roll the actor has taken its own. */
        const int k = seats_along(s->turn, s->actor, d, n);
        const int most = PUSH_NUM_STACKS + 1 - k - (s->phase == PUSH_PHASE_ROLL);
        if (used > most)
            FAIL_AT(PUSH_FIELD_ACTOR, -1, -1, "PU-K1",
                    "seat %d is %d seats from the active seat %d in the collection direction (%s, PU-S2), "
                    "so %d stacks or more were taken (PU-K1, PU-K2), but %d still hold cards", s->actor, k,
                    s->turn, d > 0 ? "seat order" : "against seat order",
                    k - 1 + (s->phase == PUSH_PHASE_ROLL), used);
    }
    if (s->phase == PUSH_PHASE_COLLECT && s->actor == s->turn)
        /* PU-K1, PU-P2: the active seat takes first, from the stacks as the push left them. */
        for (int k = 0; k < used; k++)
            if (s->stack[k] == 0)
                FAIL_AT(PUSH_FIELD_STACKS, -1, k, "PU-P2",
                        "the active seat collects first, before any stack is taken, so the stacks in use "
                        "are the first ones, but stack %d is empty (PU-P2, PU-K1)", k + 1);
    /* PU-T1, PU-P4, PU-B2: every finished turn drew a card (a push) or banked one (a bank),
     * and a turn past phase draw has drawn its first card; so at least `turn` turns
     * were finished with at most drawn + banked cards. */
    const int current = s->phase != PUSH_PHASE_START && s->phase != PUSH_PHASE_DRAW;
    if (s->turn > drawn - current + banked)
        FAIL_AT(PUSH_FIELD_TURN, -1, -1, "PU-T1",
                "seat %d's turn, but only %d cards were drawn%s and %d banked: each turn before it drew "
                "or banked at least one (PU-T1, PU-P4, PU-B2)", s->turn, drawn,
                current ? " (one at least in this turn)" : "", banked);
    return PUSH_FIELD_NONE;
}

int push_load(push_state *s, const push_raw *r, int level, push_load_error *e)
{
    pp_load_error_clear(e);
    if (r->players < PUSH_MIN_PLAYERS || r->players > PUSH_MAX_PLAYERS)
        FAIL_AT(PUSH_FIELD_PLAYERS, -1, -1, "PU-C3", "must be 2..6, got %d", r->players);
    const int n = r->players;
    if (r->hard != 0 && r->hard != 1)
        FAIL(PUSH_FIELD_HARD, "must be true or false");
    if (r->switch_per_turn != 0 && r->switch_per_turn != 1)
        FAIL(PUSH_FIELD_SWITCH_PER_TURN, "must be true or false");
    if (r->phase < PUSH_PHASE_START || r->phase > PUSH_PHASE_OVER)
        FAIL(PUSH_FIELD_PHASE, "must be a phase index 0..6, got %d", r->phase);
    if (r->turn < 0 || r->turn >= n)
        FAIL_AT(PUSH_FIELD_TURN, -1, -1, "PU-T1", "must be a seat 0..%d, got %d", n - 1, r->turn);
    if (r->actor < 0 || r->actor >= n)
        FAIL_AT(PUSH_FIELD_ACTOR, -1, -1, "PU-K1", "must be a seat 0..%d, got %d", n - 1, r->actor);
    if (r->phase != PUSH_PHASE_COLLECT && r->phase != PUSH_PHASE_ROLL && r->actor != r->turn)
        FAIL_AT(PUSH_FIELD_ACTOR, -1, -1, "PU-K1",
                "must be the turn's seat %d outside phases collect and roll, got %d", r->turn, r->actor);
    if (r->card < -1 || r->card >= PUSH_NUM_CARD_TYPES)
        FAIL_AT(PUSH_FIELD_CARD, -1, -1, "PU-C1", "must be a card type 0..31 or none, got %d", r->card);
    if ((r->card >= 0) != (r->phase == PUSH_PHASE_PLACE))
        FAIL_AT(PUSH_FIELD_CARD, -1, -1, "PU-P2",
                "a drawn card awaits placement in phase place, and only then (PU-P2)");
    if (r->card == PUSH_SWITCH)
        FAIL_AT(PUSH_FIELD_CARD, -1, -1, "PU-P3", "a switch card is never placed (PU-P3)");
    if (n == 2 && (r->deck[PUSH_SWITCH] != 0 || r->switches != 0 || r->turn_switches != 0))
        FAIL_AT(r->switches != 0 || r->turn_switches != 0 ? PUSH_FIELD_SWITCHES : PUSH_FIELD_DECK, -1, -1,
                "PU-C3", "must be 0: a 2-player game has no switch cards (PU-C3)");
    int deck_total = 0;
    for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++) {
        if (r->deck[t] < 0 || r->deck[t] > push_full_count(n, t))
            FAIL_AT(PUSH_FIELD_DECK, -1, -1, "PU-C1", "%d copies of card type %d: the full deck has %d (PU-C1, PU-C3)",
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
                FAIL_AT(PUSH_FIELD_STACKS, -1, k, "PU-P2", "stack %d holds %d cards of type %d: a stack never "
                        "holds two cards of one type (PU-P2)", k + 1, c, t);
            if (c)
                mask[k] |= UINT32_C(1) << t;
        }
        if (mask[k] >> PUSH_SWITCH & 1u)
            FAIL_AT(PUSH_FIELD_STACKS, -1, k, "PU-P3", "stack %d holds a switch card: it never joins a stack "
                    "(PU-P3)", k + 1);
        for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++)
            if ((mask[k] >> t & 1u) && (mask[k] & push_conflict[t] & ~(UINT32_C(1) << t)))
                FAIL_AT(PUSH_FIELD_STACKS, -1, k, "PU-P2", "stack %d holds two cards of one colour or value "
                        "(PU-P2)", k + 1);
    }
    const int used = (mask[0] != 0) + (mask[1] != 0) + (mask[2] != 0);
    const int push_phase = r->phase == PUSH_PHASE_START || r->phase == PUSH_PHASE_DRAW
                        || r->phase == PUSH_PHASE_PLACE || r->phase == PUSH_PHASE_DECIDE;
    if (push_phase) {
        for (int k = 0; k < used; k++)
            if (mask[k] == 0)
                FAIL_AT(PUSH_FIELD_STACKS, -1, k, "PU-P2", "during a push the stacks in use are the first "
                        "ones (stack %d is empty before a stack in use)", k + 1);
    }
    if ((r->phase == PUSH_PHASE_START || r->phase == PUSH_PHASE_OVER) && used)
        FAIL_AT(PUSH_FIELD_STACKS, -1, -1, "PU-K3", "must be empty in phase %s (the end of a turn discards "
                "them, PU-K3)", r->phase == PUSH_PHASE_START ? "start" : "over");
    if (r->phase == PUSH_PHASE_COLLECT && !used)
        FAIL_AT(PUSH_FIELD_STACKS, -1, -1, "PU-K1", "phase collect needs a stack to take (PU-K1)");
    int f = check_cards(r->benches, n, PUSH_FIELD_BENCHES, e);
    if (f)
        return f;
    f = check_cards(r->banks, n, PUSH_FIELD_BANKS, e);
    if (f)
        return f;
    /* Every card type: no more copies in play than the full deck has; the rest is the
     * discard pile (PU-P5, PU-K3, PU-K4, PU-R1). */
    int discard[PUSH_NUM_CARD_TYPES] = {0};
    for (int t = 0; t < PUSH_NUM_NUMBER_TYPES + 1; t++) {
        int count = r->deck[t] + r->stacks[0][t] + r->stacks[1][t] + r->stacks[2][t]
                  + (r->card == t);
        for (int p = 0; p < n; p++)
            count += r->benches[p][t] + r->banks[p][t];
        if (count > push_full_count(n, t))
            FAIL_AT(t < PUSH_NUM_NUMBER_TYPES ? PUSH_FIELD_BENCHES : PUSH_FIELD_STACKS, -1, -1, "PU-C1",
                    "%d cards of type %d in the game: the full deck has %d (PU-C1)", count, t,
                    push_full_count(n, t));
        discard[t] = push_full_count(n, t) - count;
    }
    if (r->switches < 0 || r->switches > PUSH_NUM_SWITCH_CARDS)
        FAIL_AT(PUSH_FIELD_SWITCHES, -1, -1, "PU-S1", "must be 0..12, got %d", r->switches);
    if (r->switches != push_full_count(n, PUSH_SWITCH) - r->deck[PUSH_SWITCH])
        FAIL_AT(PUSH_FIELD_SWITCHES, -1, -1, "PU-S1", "must be %d: the switch cards not in the deck lie on "
                "the switch pile (PU-S1, PU-C3), got %d", push_full_count(n, PUSH_SWITCH) - r->deck[PUSH_SWITCH],
                r->switches);
    if (r->turn_switches < 0 || r->turn_switches > r->switches)
        FAIL_AT(PUSH_FIELD_TURN_SWITCHES, -1, -1, "PU-S2", "must be 0..switches (%d), got %d", r->switches,
                r->turn_switches);
    if (r->phase == PUSH_PHASE_START && r->turn_switches != 0)
        FAIL_AT(PUSH_FIELD_TURN_SWITCHES, -1, -1, "PU-S2", "no switch card is drawn yet at the start of a "
                "turn (PU-S2)");
    if ((r->phase == PUSH_PHASE_START || r->phase == PUSH_PHASE_DRAW) && deck_total == 0)
        FAIL_AT(PUSH_FIELD_DECK, -1, -1, "PU-E1", "phase %s with an empty deck cannot occur (the game has "
                "ended, PU-E1)", r->phase == PUSH_PHASE_START ? "start" : "draw");
    if (r->phase == PUSH_PHASE_OVER && deck_total != 0)
        FAIL_AT(PUSH_FIELD_DECK, -1, -1, "PU-E1", "the game is over only once the deck is empty (PU-E1)");

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
            FAIL_AT(PUSH_FIELD_CARD, -1, -1, "PU-P5", "the drawn card has no place: it would have busted (PU-P5)");
    }
    f = level >= PUSH_LOAD_REACHABLE ? check_reachable(s, discard, e) : PUSH_FIELD_NONE;
    if (f)
        return f;
    s->hash = push_hash_full(s);
    return PUSH_FIELD_NONE;
}

void push_save(const push_state *s, push_raw *r)
{
    memset(r, 0, sizeof *r);
    r->players = s->players;
    r->hard = s->hard;
    r->switch_per_turn = s->switch_per_turn;
    r->phase = s->phase;
    r->turn = s->turn;
    r->actor = s->actor;
    r->card = s->card == PUSH_NO_CARD ? -1 : s->card;
    for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++) {
        r->deck[t] = s->deck[t];
        for (int k = 0; k < PUSH_NUM_STACKS; k++)
            r->stacks[k][t] = (int)(s->stack[k] >> t & 1u);
    }
    for (int p = 0; p < s->players && p < PUSH_MAX_PLAYERS; p++)
        for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++) {
            r->benches[p][t] = s->bench[p][t];
            r->banks[p][t] = s->bank[p][t];
        }
    r->switches = s->switches;
    r->turn_switches = s->turn_switches;
}
