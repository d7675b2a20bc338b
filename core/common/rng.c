/* PRNG: SplitMix64 (Steele, Lea & Flood 2014) to seed xoshiro256** (Blackman & Vigna
 * 2018). Reproducible across platforms; docs/engine.md, "PRNG". */
#include "pp_rng.h"

uint64_t pp_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void pp_rng_seed(pp_rng *rng, uint64_t seed)
{
    uint64_t sm = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = pp_splitmix64(&sm);
}

uint64_t pp_rng_next(pp_rng *rng)
{
    return pp_rng_next_inline(rng);
}

uint32_t pp_rng_below(pp_rng *rng, uint32_t n)
{
    return pp_rng_below_inline(rng, n);
}
