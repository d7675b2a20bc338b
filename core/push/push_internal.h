/* Internal to core/push: the Zobrist key layout (zobrist.py's tables, in its order) and
 * the card facts the rules read in their hot path. */
#ifndef PUSH_INTERNAL_H
#define PUSH_INTERNAL_H

#include "push_core.h"

/* Offsets of zobrist.py's tables in its KEYS (table sizes: PHASE 7, TURN 6, ACTOR 6,
 * CARD 32, DECK 32x19, STACK 3x32, BENCH 6x30x4, BANK 6x30x4, SWITCHES 13,
 * TURN_SWITCHES 13, PLAYERS 7, HARD 2, SWITCH_PER_TURN 2). */
#define PUSH_Z_PHASE 0
#define PUSH_Z_TURN 7
#define PUSH_Z_ACTOR 13
#define PUSH_Z_CARD 19
#define PUSH_Z_DECK 51
#define PUSH_Z_STACK 659
#define PUSH_Z_BENCH 755
#define PUSH_Z_BANK 1475
#define PUSH_Z_SWITCHES 2195
#define PUSH_Z_TURN_SWITCHES 2208
#define PUSH_Z_PLAYERS 2221
#define PUSH_Z_HARD 2228
#define PUSH_Z_SWITCH_PER_TURN 2230

extern uint64_t push_z[PUSH_NUM_KEYS];

static inline uint64_t push_z_deck(int type, int copies)
{
    return push_z[PUSH_Z_DECK + type * 19 + copies];
}

static inline uint64_t push_z_bench(int seat, int type, int copies)
{
    return push_z[PUSH_Z_BENCH + (seat * PUSH_NUM_NUMBER_TYPES + type) * 4 + copies];
}

static inline uint64_t push_z_bank(int seat, int type, int copies)
{
    return push_z[PUSH_Z_BANK + (seat * PUSH_NUM_NUMBER_TYPES + type) * 4 + copies];
}

static inline uint64_t push_z_stack(int stack, int type)
{
    return push_z[PUSH_Z_STACK + stack * PUSH_NUM_CARD_TYPES + type];
}

/* Cards a card of type t may not share a stack with (PU-P2): for a number card every
 * type of its colour or its value, for the roll card the roll card; the switch card
 * never joins a stack (all bits). */
extern const uint32_t push_conflict[PUSH_NUM_CARD_TYPES];

/* The bits of the number-card types of colour c (0..4). */
#define PUSH_COLOUR_MASK(c) (UINT32_C(0x3F) << (6 * (c)))
#define PUSH_NUMBER_MASK UINT32_C(0x3FFFFFFF)

/* Index of the lowest set bit of m != 0. */
static inline int push_ctz(uint32_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(m);
#else
    int i = 0;
    while (!(m & 1u)) {
        m >>= 1;
        i++;
    }
    return i;
#endif
}

/* Stacks holding a card. During a push turn these are 0..k-1. */
static inline int push_used_stacks(const push_state *s)
{
    return (s->stack[0] != 0) + (s->stack[1] != 0) + (s->stack[2] != 0);
}

/* The chance outcome a playout draws at a chance node (phase draw, with cards left, or
 * phase roll): a card type with probability copies/left, or a die face 1/6 each
 * (PU-C2), as one pp_rng_below call. */
static inline int push_sample_chance(const push_state *s, pp_rng *rng)
{
    if (s->phase != PUSH_PHASE_DRAW)
        return PUSH_DIE_OFFSET + (int)pp_rng_below(rng, PUSH_DIE_FACES);
    uint32_t r = pp_rng_below(rng, s->deck_total);
    int t = 0;
    while (r >= s->deck[t]) {
        r -= s->deck[t];
        t++;
    }
    return t;
}

#endif
