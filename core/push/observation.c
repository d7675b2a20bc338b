/* PUSH's observation tensor: what one seat may see (PU-V1) as floats in 0..1, the
 * layout of push_core.h (PUSH_OBS_*) and docs/push.md, "Observation tensor". It encodes
 * exactly the fields of observation(player) (pickpack/games/push/observation.py): the
 * deck only by its size, every bank by its size, the observer's own bank by its cards.
 * The plain-Python fill it must equal is pickpack/games/push/reference/tensor.py.
 *
 * Values are computed in double and rounded once to float, as Python does when it
 * stores a float into array('f'), so that both fills agree bit for bit. */
#include "push_core.h"

#include <string.h>

#define NUM_PHASES 7
#define BANK_MAX 90          /* every number card (PU-C1) */

/* count / max clamped to 0..1 (a corrupt state never yields a value outside). */
static float frac(int count, int max)
{
    if (count <= 0 || max <= 0)
        return 0.0f;
    if (count >= max)
        return 1.0f;
    return (float)((double)count / (double)max);
}

size_t push_observation_tensor_size(const push_state *s)
{
    if (s == NULL || s->players < PUSH_MIN_PLAYERS || s->players > PUSH_MAX_PLAYERS)
        return 0;
    return (size_t)PUSH_OBS_SEATS + (size_t)s->players * PUSH_OBS_SEAT_SIZE;
}

/* Discard pile copies of card type t (0..30): the full deck minus the deck, the
 * stacks, the drawn card, the benches and the banks (snapshot.discard_counts). */
static int discarded(const push_state *s, int t)
{
    int n = push_full_count(s->players, t) - s->deck[t];
    for (int k = 0; k < PUSH_NUM_STACKS; k++)
        n -= (int)(s->stack[k] >> t & 1u);
    if (s->card == t)
        n--;
    if (t < PUSH_NUM_NUMBER_TYPES)
        for (int p = 0; p < s->players; p++)
            n -= s->bench[p][t] + s->bank[p][t];
    return n;
}

int push_observation_tensor(const push_state *s, int player, float *out, size_t size)
{
    if (s == NULL || out == NULL || s->players < PUSH_MIN_PLAYERS || s->players > PUSH_MAX_PLAYERS)
        return PUSH_OBS_ERR_STATE;
    const int n = s->players;
    if (player < 0 || player >= n)
        return PUSH_OBS_ERR_PLAYER;
    if (size != push_observation_tensor_size(s))
        return PUSH_OBS_ERR_SIZE;
    memset(out, 0, size * sizeof(float));

    if (s->phase < NUM_PHASES)
        out[PUSH_OBS_PHASE + s->phase] = 1.0f;
    out[PUSH_OBS_PLAYERS + n - PUSH_MIN_PLAYERS] = 1.0f;
    out[PUSH_OBS_HARD] = s->hard ? 1.0f : 0.0f;
    out[PUSH_OBS_SWITCH_PER_TURN] = s->switch_per_turn ? 1.0f : 0.0f;
    out[PUSH_OBS_DIRECTION] = push_direction(s) < 0 ? 1.0f : 0.0f;
    int full = 0;
    for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++)
        full += push_full_count(n, t);
    out[PUSH_OBS_DECK] = frac(s->deck_total, full);
    out[PUSH_OBS_SWITCHES] = frac(s->switches, PUSH_NUM_SWITCH_CARDS);
    out[PUSH_OBS_TURN_SWITCHES] = frac(s->turn_switches, PUSH_NUM_SWITCH_CARDS);
    if (s->card < PUSH_OBS_CARD_TYPES)
        out[PUSH_OBS_CARD + s->card] = 1.0f;
    for (int k = 0; k < PUSH_NUM_STACKS; k++)
        for (int t = 0; t < PUSH_OBS_CARD_TYPES; t++)
            if (s->stack[k] >> t & 1u)
                out[PUSH_OBS_STACKS + k * PUSH_OBS_CARD_TYPES + t] = 1.0f;
    for (int t = 0; t < PUSH_OBS_CARD_TYPES; t++)
        out[PUSH_OBS_DISCARD + t] = frac(discarded(s, t), push_full_count(n, t));
    for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++)
        out[PUSH_OBS_BANK + t] = frac(s->bank[player][t], PUSH_COPIES_PER_NUMBER);

    for (int r = 0; r < n; r++) {
        const int seat = (player + r) % n;
        float *block = out + PUSH_OBS_SEATS + r * PUSH_OBS_SEAT_SIZE;
        block[PUSH_OBS_SEAT_TURN] = s->turn == seat ? 1.0f : 0.0f;
        block[PUSH_OBS_SEAT_ACTOR] = s->actor == seat ? 1.0f : 0.0f;
        int banked = 0;
        for (int t = 0; t < PUSH_NUM_NUMBER_TYPES; t++) {
            banked += s->bank[seat][t];
            block[PUSH_OBS_SEAT_BENCH + t] = frac(s->bench[seat][t], PUSH_COPIES_PER_NUMBER);
        }
        block[PUSH_OBS_SEAT_BANK_SIZE] = frac(banked, BANK_MAX);
    }
    return 0;
}
