/* Zobrist keys (Zobrist 1970) of PUSH: the 2,232 outputs of splitmix64 (Steele, Lea &
 * Flood 2014) from the state "PUSHZOBR", in the table order of
 * pickpack/games/push/zobrist.py (its KEYS), and the hash of a whole position. */
#include "push_internal.h"

uint64_t push_z[PUSH_NUM_KEYS];
static volatile int z_ready = 0;

void push_zobrist_init(void)
{
    if (z_ready)
        return;
    uint64_t sm = PUSH_ZOBRIST_SEED;
    for (int i = 0; i < PUSH_NUM_KEYS; i++)
        push_z[i] = pp_splitmix64(&sm);
    z_ready = 1;
}

uint64_t push_zobrist_key(int index)
{
    push_zobrist_init();
    return index >= 0 && index < PUSH_NUM_KEYS ? push_z[index] : 0;
}

uint64_t push_hash_full(const push_state *s)
{
    uint64_t h = push_z[PUSH_Z_PHASE + s->phase] ^ push_z[PUSH_Z_TURN + s->turn]
               ^ push_z[PUSH_Z_ACTOR + s->actor];
    if (s->card != PUSH_NO_CARD)
        h ^= push_z[PUSH_Z_CARD + s->card];
    for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++)
        h ^= push_z_deck(t, s->deck[t]);
    for (int k = 0; k < PUSH_NUM_STACKS; k++)
        for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++)
            if (s->stack[k] >> t & 1u)
                h ^= push_z_stack(k, t);
    for (int p = 0; p < s->players; p++)
        for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++)
            h ^= push_z_bench(p, t, s->bench[p][t]) ^ push_z_bank(p, t, s->bank[p][t]);
    h ^= push_z[PUSH_Z_SWITCHES + s->switches] ^ push_z[PUSH_Z_TURN_SWITCHES + s->turn_switches];
    h ^= push_z[PUSH_Z_PLAYERS + s->players] ^ push_z[PUSH_Z_HARD + (s->hard ? 1 : 0)];
    h ^= push_z[PUSH_Z_SWITCH_PER_TURN + (s->switch_per_turn ? 1 : 0)];
    return h;
}
