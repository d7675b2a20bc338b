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

#ifdef __cplusplus
}
#endif

#endif /* PP_RNG_H */
