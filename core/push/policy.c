/* PUSH's rollout policy (push_policy.h): the heuristic bot's rules, cheaply, in C. */
#include "push_internal.h"
#include "push_policy.h"

#define ROLL_BIT (UINT32_C(1) << PUSH_ROLL)

/* What a stop margin depends on besides the stacks: bench values per seat (PU-E2). */
typedef struct table {
    int bench[PUSH_MAX_PLAYERS];
    int players, me, hard;
} table;

/* Stacks in play as the policy sees them: per stack its cards (bits), its number
 * cards' points and the card types it blocks (the union of push_conflict over its
 * cards: a card joins it iff its own bit is not blocked, PU-P2). */
typedef struct stacks {
    uint32_t mask[PUSH_NUM_STACKS], block[PUSH_NUM_STACKS];
    int points[PUSH_NUM_STACKS];
    int used;
} stacks;

static int card_value(int t)
{
    return t % PUSH_NUM_VALUES + 1;
}

static void stacks_of(const push_state *s, stacks *st)
{
    st->used = 0;
    for (int i = 0; i < PUSH_NUM_STACKS; i++) {
        uint32_t block = 0;
        int points = 0;
        for (uint32_t m = s->stack[i]; m != 0; m &= m - 1) {
            const int t = push_ctz(m);
            block |= push_conflict[t];
            if (t < PUSH_NUM_NUMBER_TYPES)
                points += card_value(t);
        }
        st->mask[i] = s->stack[i];
        st->block[i] = block;
        st->points[i] = points;
        st->used += s->stack[i] != 0;
    }
}

/* st with card t added to stack p (p < used, or p == used < 3: a new stack). */
static void stacks_with(const stacks *st, int t, int p, stacks *out)
{
    *out = *st;
    out->mask[p] |= UINT32_C(1) << t;
    out->block[p] |= push_conflict[t];
    if (t < PUSH_NUM_NUMBER_TYPES)
        out->points[p] += card_value(t);
    if (p == st->used)
        out->used++;
}

/* Expected points a roll takes from a bench worth `bench` (PU-R1, with hard PU-R3). */
static double die_loss(int bench, int hard)
{
    return bench * (hard ? 2.0 : 1.0) / 6.0;
}

/* Taking a stack of `points` (with the roll card when `roll`) is worth this to a
 * collector whose bench is worth `bench` (PU-K1, PU-K4). */
static double collect_value(int points, int roll, int bench, int hard)
{
    return roll ? points - die_loss(points + bench, hard) : (double)points;
}

/* Index (into the n stacks left) of the one worth most to a bench worth `bench`, the
 * first of a tie; *value receives its worth. */
static int best_stack(const int *points, const int *roll, int n, int bench, int hard,
                      double *value)
{
    int best = 0;
    double top = collect_value(points[0], roll[0], bench, hard);
    for (int i = 1; i < n; i++) {
        const double v = collect_value(points[i], roll[i], bench, hard);
        if (v > top) {
            top = v;
            best = i;
        }
    }
    *value = top;
    return best;
}

/* The pusher's margin if the turn ended with st (push_policy.h). */
static double stop_margin(const table *tb, const stacks *st, int direction, int bust)
{
    int points[PUSH_NUM_STACKS], roll[PUSH_NUM_STACKS];
    int n = 0;
    double mine = 0.0, others = 0.0, v;
    for (int i = 0; i < st->used; i++) {
        points[n] = st->points[i];
        roll[n++] = (st->mask[i] >> PUSH_ROLL) & 1u;
    }
    if (bust) {
        mine = -die_loss(tb->bench[tb->me], tb->hard);
    } else if (n > 0) {
        const int i = best_stack(points, roll, n, tb->bench[tb->me], tb->hard, &mine);
        n--;
        points[i] = points[n];
        roll[i] = roll[n];
    }
    for (int step = 1; step < tb->players && n > 0; step++) {
        const int seat = ((tb->me + step * direction) % tb->players + tb->players) % tb->players;
        const int i = best_stack(points, roll, n, tb->bench[seat], tb->hard, &v);
        others += v;
        n--;
        points[i] = points[n];
        roll[i] = roll[n];
    }
    return mine - others / (tb->players - 1);
}

/* May a card of type t (number or roll) join stack p of st (PU-P2)? */
static int fits(const stacks *st, int t, int p)
{
    return !((st->block[p] >> t) & 1u);
}

/* Copies in deck[] of the number and roll types that fit no stack: the cards that bust
 * the next draw (PU-P5; none while a new stack can be started). */
static int bust_cards(const uint8_t *deck, const stacks *st)
{
    if (st->used < PUSH_NUM_STACKS)
        return 0;
    int n = 0;
    for (uint32_t m = st->block[0] & st->block[1] & st->block[2] & (PUSH_NUMBER_MASK | ROLL_BIT);
         m != 0; m &= m - 1)
        n += deck[push_ctz(m)];
    return n;
}

/* The place rule for card t on st with `deck` the cards left: the stack index, or -1
 * when the card fits nowhere (a bust); *after (when placed) receives the stacks. */
static int best_place(const table *tb, int t, const stacks *st, const uint8_t *deck,
                      int direction, stacks *after)
{
    int best = -1, best_bust = -1;
    double top = 0.0;
    for (int p = 0; p <= st->used && p < PUSH_NUM_STACKS; p++) {
        if (p < st->used && !fits(st, t, p))
            continue;
        stacks cand;
        stacks_with(st, t, p, &cand);
        const double m = stop_margin(tb, &cand, direction, 0);
        if (best >= 0 && m < top)
            continue;
        if (best >= 0 && m == top) {        /* a tie: the fewer next-card busts */
            if (best_bust < 0)
                best_bust = bust_cards(deck, after);
            const int busts = bust_cards(deck, &cand);
            if (busts >= best_bust)
                continue;
            best_bust = busts;
        } else {
            best_bust = -1;
        }
        best = p;
        top = m;
        *after = cand;
    }
    return best;
}

/* The best stop margin over the legal places of card t (number or roll) on st, the
 * place rule's margin; *placed receives 0 when the card fits nowhere (a bust). */
static double place_margin(const table *tb, int t, const stacks *st, int direction, int *placed)
{
    double top = 0.0;
    *placed = 0;
    for (int p = 0; p <= st->used && p < PUSH_NUM_STACKS; p++) {
        if (p < st->used && !fits(st, t, p))
            continue;
        stacks cand;
        stacks_with(st, t, p, &cand);
        const double m = stop_margin(tb, &cand, direction, 0);
        if (!*placed || m > top)
            top = m;
        *placed = 1;
    }
    return top;
}

/* The expected stop margin of drawing one more card, then stopping (deck non-empty).
 * A number card's margin depends only on its value and the stacks it fits, and the
 * place rule's tie-break does not change it: each (value, fitting stacks) once. */
static double draw_margin(const table *tb, const push_state *s, const stacks *st, int direction)
{
    double memo[PUSH_NUM_VALUES][1 << PUSH_NUM_STACKS];
    uint8_t known[PUSH_NUM_VALUES][1 << PUSH_NUM_STACKS] = {{0}};
    double expected = 0.0;
    const double bust = stop_margin(tb, st, direction, 1);
    for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++) {
        if (s->deck[t] == 0)
            continue;
        double v;
        int placed;
        if (t == PUSH_SWITCH) {
            v = stop_margin(tb, st, -direction, 0);
        } else if (t == PUSH_ROLL) {
            v = place_margin(tb, t, st, direction, &placed);
            if (!placed)
                v = bust;
        } else {
            int pattern = 0;
            for (int p = 0; p < st->used; p++)
                pattern |= fits(st, t, p) << p;
            const int value = t % PUSH_NUM_VALUES;
            if (!known[value][pattern]) {
                memo[value][pattern] = place_margin(tb, t, st, direction, &placed);
                if (!placed)
                    memo[value][pattern] = bust;
                known[value][pattern] = 1;
            }
            v = memo[value][pattern];
        }
        expected += s->deck[t] * v;
    }
    return expected / s->deck_total;
}

static void table_of(const push_state *s, int me, table *tb)
{
    tb->players = s->players;
    tb->me = me;
    tb->hard = s->hard;
    for (int q = 0; q < s->players; q++) {
        int points = 0;
        for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++)
            points += s->bench[q][t] * card_value(t);
        tb->bench[q] = points;
    }
}

static int start_action(const push_state *s)
{
    int best = -1, top = 0;
    for (int c = 0; c < PUSH_NUM_COLOURS; c++) {
        int points = 0;
        for (int v = 0; v < PUSH_NUM_VALUES; v++)
            points += s->bench[s->turn][c * PUSH_NUM_VALUES + v] * (v + 1);
        if (points > top) {
            top = points;
            best = c;
        }
    }
    if (best >= 0 && (top >= PUSH_POLICY_BANK_AT || s->deck_total == 0))
        return PUSH_BANK + best;
    return PUSH_DRAW;
}

static int decide_action(const push_state *s)
{
    if (s->deck_total == 0)
        return PUSH_STOP;
    stacks st;
    stacks_of(s, &st);
    if (bust_cards(s->deck, &st) > PUSH_POLICY_RISK * s->deck_total)
        return PUSH_STOP;
    table tb;
    table_of(s, s->turn, &tb);
    const int direction = push_direction(s);
    return draw_margin(&tb, s, &st, direction) > stop_margin(&tb, &st, direction, 0)
        ? PUSH_DRAW : PUSH_STOP;
}

static int collect_action(const push_state *s)
{
    int bench = 0, best = -1;
    double top = 0.0;
    for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++)
        bench += s->bench[s->actor][t] * card_value(t);
    for (int i = 0; i < PUSH_NUM_STACKS; i++) {
        if (s->stack[i] == 0)
            continue;
        int points = 0;
        for (uint32_t m = s->stack[i] & PUSH_NUMBER_MASK; m != 0; m &= m - 1)
            points += card_value(push_ctz(m));
        const double v = collect_value(points, (s->stack[i] >> PUSH_ROLL) & 1u, bench, s->hard);
        if (best < 0 || v > top) {
            best = i;
            top = v;
        }
    }
    return PUSH_TAKE + best;
}

int push_policy_action(const push_state *s)
{
    switch (s->phase) {
    case PUSH_PHASE_START:
        return start_action(s);
    case PUSH_PHASE_PLACE: {
        table tb;
        stacks st, after;
        table_of(s, s->turn, &tb);
        stacks_of(s, &st);
        return PUSH_PLACE + best_place(&tb, s->card, &st, s->deck, push_direction(s), &after);
    }
    case PUSH_PHASE_DECIDE:
        return decide_action(s);
    case PUSH_PHASE_COLLECT:
        return collect_action(s);
    default:
        return -1;
    }
}

int push_policy_playout(push_state *s, pp_rng *rng, int *chance_plies)
{
    int actions[PUSH_MAX_ACTIONS];
    int plies = 0, chance = 0;
    for (;;) {
        const int phase = s->phase;
        if (phase == PUSH_PHASE_OVER)
            break;
        if (phase == PUSH_PHASE_DRAW || phase == PUSH_PHASE_ROLL) {
            if (phase == PUSH_PHASE_DRAW && s->deck_total == 0)   /* invalid (push_load refuses it) */
                break;
            push_apply(s, push_sample_chance(s, rng), NULL);
            chance++;
        } else {
            const int n = push_legal_actions(s, actions);
            int a;
            if (n <= 0)                             /* not a valid state: nothing to play */
                break;
            if (n == 1)
                a = actions[0];
            else if (pp_rng_below(rng, 1000) < PUSH_POLICY_EPSILON_PERMILLE)
                a = actions[pp_rng_below(rng, (uint32_t)n)];
            else
                a = push_policy_action(s);
            push_apply(s, a, NULL);
        }
        plies++;
    }
    if (chance_plies != NULL)
        *chance_plies = chance;
    return plies;
}

int push_policy_games_part(pp_rng *rng, int players, int hard, int switch_per_turn,
                           long count, push_batch *b)
{
    push_state start, s;
    if (push_state_init(&start, players, hard, switch_per_turn) != PUSH_OK)
        return -1;
    for (long g = 0; g < count; g++) {
        int chance = 0;
        s = start;
        const int plies = push_policy_playout(&s, rng, &chance);
        push_batch_add(b, &s, plies, chance);
    }
    return 0;
}
