/* PUSH's rules: legal decisions, chance outcomes, apply and undo with the incremental
 * Zobrist hash, the checked entry points with rule-named errors, scores and returns.
 * The state machine is the contract's (docs/push.md): start -> draw -> place/decide/roll
 * -> collect/roll -> ... -> end of turn. */
#include "push_internal.h"

const uint32_t push_conflict[PUSH_NUM_CARD_TYPES] = {
    0x0104107Fu, 0x020820BFu, 0x0410413Fu, 0x0820823Fu,
    0x1041043Fu, 0x2082083Fu, 0x01041FC1u, 0x02082FC2u,
    0x04104FC4u, 0x08208FC8u, 0x10410FD0u, 0x20820FE0u,
    0x0107F041u, 0x020BF082u, 0x0413F104u, 0x0823F208u,
    0x1043F410u, 0x2083F820u, 0x01FC1041u, 0x02FC2082u,
    0x04FC4104u, 0x08FC8208u, 0x10FD0410u, 0x20FE0820u,
    0x3F041041u, 0x3F082082u, 0x3F104104u, 0x3F208208u,
    0x3F410410u, 0x3F820820u, 0x40000000u, 0xFFFFFFFFu,
};

/* --- field setters that keep the hash ------------------------------------------- */

static inline void set_phase(push_state *s, int v)
{
    s->hash ^= push_z[PUSH_Z_PHASE + s->phase] ^ push_z[PUSH_Z_PHASE + v];
    s->phase = (uint8_t)v;
}

static inline void set_turn(push_state *s, int v)
{
    s->hash ^= push_z[PUSH_Z_TURN + s->turn] ^ push_z[PUSH_Z_TURN + v];
    s->turn = (uint8_t)v;
}

static inline void set_actor(push_state *s, int v)
{
    s->hash ^= push_z[PUSH_Z_ACTOR + s->actor] ^ push_z[PUSH_Z_ACTOR + v];
    s->actor = (uint8_t)v;
}

static inline void set_card(push_state *s, int v)
{
    if (s->card != PUSH_NO_CARD)
        s->hash ^= push_z[PUSH_Z_CARD + s->card];
    if (v != PUSH_NO_CARD)
        s->hash ^= push_z[PUSH_Z_CARD + v];
    s->card = (uint8_t)v;
}

static inline void set_bench(push_state *s, int seat, int t, int v)
{
    s->hash ^= push_z_bench(seat, t, s->bench[seat][t]) ^ push_z_bench(seat, t, v);
    s->bench[seat][t] = (uint8_t)v;
}

static inline void set_bank(push_state *s, int seat, int t, int v)
{
    s->hash ^= push_z_bank(seat, t, s->bank[seat][t]) ^ push_z_bank(seat, t, v);
    s->bank[seat][t] = (uint8_t)v;
}

static inline void clear_stack(push_state *s, int k)
{
    uint32_t m = s->stack[k];
    while (m) {
        const int t = push_ctz(m);
        s->hash ^= push_z_stack(k, t);
        m &= m - 1;
    }
    s->stack[k] = 0;
}

static inline uint64_t pack_bench(const uint8_t *bench)
{
    uint64_t p = 0;
    for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++)
        p |= (uint64_t)bench[t] << (2 * t);
    return p;
}

static inline int colour_on_bench(const uint8_t *bench, int c)
{
    const uint8_t *b = bench + PUSH_NUM_VALUES * c;
    return (b[0] | b[1] | b[2] | b[3] | b[4] | b[5]) != 0;
}

int push_direction(const push_state *s)
{
    const int n = s->switch_per_turn ? s->turn_switches : s->switches;
    return (n & 1) ? -1 : 1;
}

/* END TURN: leftover stacks are discarded (PU-K3); the game ends once the deck is
 * empty (PU-E1), else the next seat in turn order starts (PU-T1, PU-S3). */
static void end_turn(push_state *s)
{
    for (int k = 0; k < PUSH_NUM_STACKS; k++)
        if (s->stack[k])
            clear_stack(s, k);
    if (s->deck_total == 0) {
        set_actor(s, s->turn);
        set_phase(s, PUSH_PHASE_OVER);
        return;
    }
    const int next = s->turn + 1 == s->players ? 0 : s->turn + 1;
    set_turn(s, next);
    set_actor(s, next);
    if (s->turn_switches) {
        s->hash ^= push_z[PUSH_Z_TURN_SWITCHES + s->turn_switches] ^ push_z[PUSH_Z_TURN_SWITCHES];
        s->turn_switches = 0;
    }
    set_phase(s, PUSH_PHASE_START);
}

/* ADVANCE: the next collector in the direction in force (PU-K1, PU-K2); back at the
 * active seat, or with no stack left, the turn ends (PU-K3). */
static void advance(push_state *s)
{
    int a = s->actor + push_direction(s);
    if (a < 0)
        a += s->players;
    else if (a >= s->players)
        a -= s->players;
    set_actor(s, a);
    if (a == s->turn || (s->stack[0] | s->stack[1] | s->stack[2]) == 0)
        end_turn(s);
    else
        set_phase(s, PUSH_PHASE_COLLECT);
}

/* May card type t be placed somewhere (PU-P2)? */
static inline int placeable(const push_state *s, int t)
{
    const int k = push_used_stacks(s);
    if (k < PUSH_NUM_STACKS)
        return 1;
    const uint32_t c = push_conflict[t];
    return !(s->stack[0] & c) || !(s->stack[1] & c) || !(s->stack[2] & c);
}

int push_current_player(const push_state *s)
{
    switch (s->phase) {
    case PUSH_PHASE_DRAW:
    case PUSH_PHASE_ROLL:
        return PUSH_CHANCE;
    case PUSH_PHASE_OVER:
        return PUSH_TERMINAL;
    case PUSH_PHASE_COLLECT:
        return s->actor;
    default:
        return s->turn;
    }
}

int push_legal_actions(const push_state *s, int *out)
{
    int n = 0;
    switch (s->phase) {
    case PUSH_PHASE_START:
        if (s->deck_total)
            out[n++] = PUSH_DRAW;
        for (int c = 0; c < PUSH_NUM_COLOURS; c++)
            if (colour_on_bench(s->bench[s->turn], c))
                out[n++] = PUSH_BANK + c;
        return n;
    case PUSH_PHASE_PLACE: {
        const int k = push_used_stacks(s);
        const uint32_t c = push_conflict[s->card];
        for (int i = 0; i < k; i++)
            if (!(s->stack[i] & c))
                out[n++] = PUSH_PLACE + i;
        if (k < PUSH_NUM_STACKS)
            out[n++] = PUSH_PLACE + k;
        return n;
    }
    case PUSH_PHASE_DECIDE:
        if (s->deck_total)
            out[n++] = PUSH_DRAW;
        out[n++] = PUSH_STOP;
        return n;
    case PUSH_PHASE_COLLECT:
        for (int i = 0; i < PUSH_NUM_STACKS; i++)
            if (s->stack[i])
                out[n++] = PUSH_TAKE + i;
        return n;
    default:
        return 0;
    }
}

int push_chance_outcomes(const push_state *s, int *actions, int *weights, int *total)
{
    int n = 0;
    if (s->phase == PUSH_PHASE_DRAW) {
        for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++)
            if (s->deck[t]) {
                actions[n] = t;
                weights[n++] = s->deck[t];
            }
        *total = s->deck_total;
    } else if (s->phase == PUSH_PHASE_ROLL) {
        for (int f = 0; f < PUSH_DIE_FACES; f++) {
            actions[n] = PUSH_DIE_OFFSET + f;
            weights[n++] = 1;
        }
        *total = PUSH_DIE_FACES;
    } else {
        *total = 0;
    }
    return n;
}

void push_apply(push_state *s, int action, push_undo *u)
{
    if (u != NULL) {
        u->hash = s->hash;
        u->bench = 0;
        for (int k = 0; k < PUSH_NUM_STACKS; k++)
            u->stack[k] = s->stack[k];
        u->action = (int16_t)action;
        u->phase = s->phase;
        u->turn = s->turn;
        u->actor = s->actor;
        u->card = s->card;
        u->switches = s->switches;
        u->turn_switches = s->turn_switches;
    }
    switch (s->phase) {
    case PUSH_PHASE_START:
        if (action == PUSH_DRAW) {
            set_phase(s, PUSH_PHASE_DRAW);
        } else {                                      /* PU-B1: bank a colour */
            const int seat = s->turn, c = action - PUSH_BANK;
            if (u != NULL)
                u->bench = pack_bench(s->bench[seat]);
            for (int t = PUSH_NUM_VALUES * c; t < PUSH_NUM_VALUES * (c + 1); t++) {
                const int n = s->bench[seat][t];
                if (n) {
                    set_bank(s, seat, t, s->bank[seat][t] + n);
                    set_bench(s, seat, t, 0);
                }
            }
            end_turn(s);
        }
        return;
    case PUSH_PHASE_DRAW: {                           /* PU-P1 */
        const int t = action;
        s->hash ^= push_z_deck(t, s->deck[t]) ^ push_z_deck(t, s->deck[t] - 1);
        s->deck[t]--;
        s->deck_total--;
        if (t == PUSH_SWITCH) {                       /* PU-P3, PU-S1 */
            s->hash ^= push_z[PUSH_Z_SWITCHES + s->switches] ^ push_z[PUSH_Z_SWITCHES + s->switches + 1];
            s->switches++;
            s->hash ^= push_z[PUSH_Z_TURN_SWITCHES + s->turn_switches]
                     ^ push_z[PUSH_Z_TURN_SWITCHES + s->turn_switches + 1];
            s->turn_switches++;
            set_phase(s, PUSH_PHASE_DECIDE);
        } else if (placeable(s, t)) {                 /* PU-P2: always a decision */
            set_card(s, t);
            set_phase(s, PUSH_PHASE_PLACE);
        } else {                                      /* PU-P5: bust */
            set_actor(s, s->turn);
            set_phase(s, PUSH_PHASE_ROLL);
        }
        return;
    }
    case PUSH_PHASE_PLACE: {
        const int k = action - PUSH_PLACE;
        s->stack[k] |= UINT32_C(1) << s->card;
        s->hash ^= push_z_stack(k, s->card);
        set_card(s, PUSH_NO_CARD);
        set_phase(s, PUSH_PHASE_DECIDE);
        return;
    }
    case PUSH_PHASE_DECIDE:
        if (action == PUSH_DRAW) {
            set_phase(s, PUSH_PHASE_DRAW);
        } else {                                      /* PU-P4 stop, PU-K1 */
            set_actor(s, s->turn);
            if ((s->stack[0] | s->stack[1] | s->stack[2]) == 0)
                end_turn(s);
            else
                set_phase(s, PUSH_PHASE_COLLECT);
        }
        return;
    case PUSH_PHASE_COLLECT: {                        /* PU-K1, PU-K4 */
        const int k = action - PUSH_TAKE, seat = s->actor;
        if (u != NULL)
            u->bench = pack_bench(s->bench[seat]);
        const uint32_t m = s->stack[k];
        uint32_t num = m & PUSH_NUMBER_MASK;
        while (num) {
            const int t = push_ctz(num);
            set_bench(s, seat, t, s->bench[seat][t] + 1);
            num &= num - 1;
        }
        clear_stack(s, k);
        if (m >> PUSH_ROLL & 1u)
            set_phase(s, PUSH_PHASE_ROLL);
        else
            advance(s);
        return;
    }
    case PUSH_PHASE_ROLL: {                           /* PU-R1..R3 */
        const int face = action - PUSH_DIE_OFFSET, seat = s->actor;
        if (u != NULL)
            u->bench = pack_bench(s->bench[seat]);
        if (face < PUSH_NUM_COLOURS) {
            for (int t = PUSH_NUM_VALUES * face; t < PUSH_NUM_VALUES * (face + 1); t++)
                if (s->bench[seat][t])
                    set_bench(s, seat, t, 0);
        } else if (s->hard) {
            for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++)
                if (s->bench[seat][t])
                    set_bench(s, seat, t, 0);
        }
        advance(s);
        return;
    }
    default:
        return;
    }
}

void push_undo_action(push_state *s, const push_undo *u)
{
    const int a = u->action;
    s->hash = u->hash;
    for (int k = 0; k < PUSH_NUM_STACKS; k++)
        s->stack[k] = u->stack[k];
    s->phase = u->phase;
    s->turn = u->turn;
    s->actor = u->actor;
    s->card = u->card;
    s->switches = u->switches;
    s->turn_switches = u->turn_switches;
    if (u->phase == PUSH_PHASE_DRAW) {
        s->deck[a]++;
        s->deck_total++;
    } else if (u->phase == PUSH_PHASE_COLLECT || u->phase == PUSH_PHASE_ROLL
               || (u->phase == PUSH_PHASE_START && a >= PUSH_BANK)) {
        const int seat = u->phase == PUSH_PHASE_START ? u->turn : u->actor;
        for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++) {
            const int before = (int)(u->bench >> (2 * t) & 3u);
            if (u->phase == PUSH_PHASE_START)
                s->bank[seat][t] = (uint8_t)(s->bank[seat][t] - (before - s->bench[seat][t]));
            s->bench[seat][t] = (uint8_t)before;
        }
    }
}

push_error push_check_action(const push_state *s, int a)
{
    switch (s->phase) {
    case PUSH_PHASE_OVER:
        return PUSH_ERR_OVER;
    case PUSH_PHASE_DRAW:
        return a >= 0 && a < PUSH_NUM_CARD_TYPES && s->deck[a] ? PUSH_OK : PUSH_ERR_NOT_IN_DECK;
    case PUSH_PHASE_ROLL:
        return a >= PUSH_DIE_OFFSET && a < PUSH_DIE_OFFSET + PUSH_DIE_FACES ? PUSH_OK : PUSH_ERR_NOT_DIE;
    default:
        break;
    }
    if (a < 0 || a >= PUSH_NUM_DECISIONS)
        return PUSH_ERR_NOT_DECISION;
    switch (s->phase) {
    case PUSH_PHASE_START:
        if (a == PUSH_DRAW)
            return s->deck_total ? PUSH_OK : PUSH_ERR_START_EMPTY;
        if (a == PUSH_STOP)
            return PUSH_ERR_START_STOP;
        if (a < PUSH_PLACE)
            return colour_on_bench(s->bench[s->turn], a - PUSH_BANK) ? PUSH_OK : PUSH_ERR_BANK_NONE;
        return PUSH_ERR_START_OTHER;
    case PUSH_PHASE_PLACE: {
        if (a < PUSH_PLACE || a >= PUSH_TAKE)
            return PUSH_ERR_PLACE_FIRST;
        const int k = a - PUSH_PLACE, used = push_used_stacks(s);
        if (k > used)
            return PUSH_ERR_PLACE_NO_STACK;
        if (k < used && (s->stack[k] & push_conflict[s->card]))
            return PUSH_ERR_PLACE_CONFLICT;
        return PUSH_OK;
    }
    case PUSH_PHASE_DECIDE:
        if (a == PUSH_DRAW)
            return s->deck_total ? PUSH_OK : PUSH_ERR_DECK_EMPTY;
        return a == PUSH_STOP ? PUSH_OK : PUSH_ERR_DECIDE_OTHER;
    case PUSH_PHASE_COLLECT:
        if (a < PUSH_TAKE)
            return PUSH_ERR_TAKE_ONLY;
        return s->stack[a - PUSH_TAKE] ? PUSH_OK : PUSH_ERR_TAKE_EMPTY;
    default:
        return PUSH_ERR_OVER;      /* unreachable: every phase is handled above */
    }
}

push_error push_apply_checked(push_state *s, int action, push_undo *u)
{
    const push_error e = push_check_action(s, action);
    if (e == PUSH_OK)
        push_apply(s, action, u);
    return e;
}

static const char *const error_rule[PUSH_ERR_COUNT] = {
    "", "PU-E1", "PU-C1", "PU-C2", "PU-T1", "PU-P4", "PU-B2", "PU-T1", "PU-P4", "PU-P2", "PU-P2",
    "PU-P2", "PU-P4", "PU-P4", "PU-K1", "PU-K1",
};

static const char *const error_text[PUSH_ERR_COUNT] = {
    "legal",
    "the game is over",
    "a draw is a card type left in the deck",
    "a die roll is one of the six faces (outcomes 32..37)",
    "decisions are 0..12",
    "a push turn draws at least one card",
    "only a colour the player has on the bench may be banked",
    "on a turn the player pushes (draw) or banks",
    "the deck is empty: there is nothing to draw",
    "place the drawn card first",
    "no such stack: a new stack is the next one after the stacks in use",
    "the card may not join that stack: it holds a card of the same colour or value, or a roll card",
    "the deck is empty: stop",
    "draw again or stop",
    "that stack is empty",
    "the collector takes one of the stacks",
};

const char *push_error_rule(push_error e)
{
    return e >= 0 && e < PUSH_ERR_COUNT ? error_rule[e] : "";
}

const char *push_error_text(push_error e)
{
    return e >= 0 && e < PUSH_ERR_COUNT ? error_text[e] : "";
}

int push_score(const push_state *s, int seat)
{
    int total = 0;
    for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++)
        total += (s->bench[seat][t] + s->bank[seat][t]) * (t % PUSH_NUM_VALUES + 1);
    return total;
}

void push_returns(const push_state *s, double *out, double *margins)
{
    const int n = s->players;
    int score[PUSH_MAX_PLAYERS];
    if (s->phase != PUSH_PHASE_OVER) {
        for (int p = 0; p < n; p++) {
            out[p] = 0.0;
            if (margins != NULL)
                margins[p] = 0.0;
        }
        return;
    }
    int best = -1, winners = 0;
    for (int p = 0; p < n; p++) {
        score[p] = push_score(s, p);
        if (score[p] > best) {
            best = score[p];
            winners = 1;
        } else if (score[p] == best) {
            winners++;
        }
    }
    const double win = (double)(n - winners) / ((double)winners * (n - 1)), loss = -1.0 / (n - 1);
    for (int p = 0; p < n; p++) {
        out[p] = score[p] == best ? win : loss;
        if (margins != NULL) {
            int other = -1;
            for (int q = 0; q < n; q++)
                if (q != p && score[q] > other)
                    other = score[q];
            double m = (double)(score[p] - other) / 60.0;
            margins[p] = m > 1.0 ? 1.0 : m < -1.0 ? -1.0 : m;
        }
    }
}
