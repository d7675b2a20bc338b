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

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t pp_rng_next(pp_rng *rng)
{
    uint64_t *s = rng->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t pp_rng_below(pp_rng *rng, uint32_t n)
{
    /* Rejection keeps the draw unbiased: accept r only at or above (2^64 - n) mod n. */
    const uint64_t threshold = (0 - (uint64_t)n) % n;
    for (;;) {
        uint64_t r = pp_rng_next(rng);
        if (r >= threshold)
            return (uint32_t)(r % n);
    }
}
