/*
 * pp_rng.h - the PRNG shared by every game's C core.
 *
 * xoshiro256** (Blackman & Vigna 2018), seeded through SplitMix64 (Steele, Lea & Flood
 * 2014). Plain C99, no Python; reproducible across platforms (docs/engine.md, "PRNG").
 */
#ifndef PP_RNG_H
#define PP_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pp_rng { uint64_t s[4]; } pp_rng;

uint64_t pp_splitmix64(uint64_t *state);                 /* advances *state, returns the next value */
void pp_rng_seed(pp_rng *rng, uint64_t seed);
uint64_t pp_rng_next(pp_rng *rng);
uint32_t pp_rng_below(pp_rng *rng, uint32_t n);          /* uniform in [0, n), n >= 1 */

/* The same two draws as static inline functions, for the hot loops of a core (a
 * playout draws once a ply): pp_rng_next and pp_rng_below return exactly what these
 * return, so a caller may use either and keep its stream. */
static inline uint64_t pp_rng_next_inline(pp_rng *rng)
{
    uint64_t *s = rng->s;
    const uint64_t x = s[1] * 5;
    const uint64_t result = ((x << 7) | (x >> 57)) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* Rejection keeps the draw unbiased: accept r only at or above (2^64 - n) mod n, a
 * threshold below n, so any r >= n is accepted before the division that finds it. */
static inline uint32_t pp_rng_below_inline(pp_rng *rng, uint32_t n)
{
    for (;;) {
        const uint64_t r = pp_rng_next_inline(rng);
        if (r >= n || r >= (0 - (uint64_t)n) % n)
            return (uint32_t)(r % n);
    }
}

#ifdef __cplusplus
}
#endif

#endif /* PP_RNG_H */
