/* Internal to the searches of every game: a monotonic wall clock, the stop poll and a
 * fast bounded random draw.
 *
 * Include it first in a .c file: under -std=c99 clock_gettime and CLOCK_MONOTONIC are
 * declared only when _POSIX_C_SOURCE is at least 199309L before <time.h> is read. */
#ifndef PP_SEARCH_INTERNAL_H_COMMON
#define PP_SEARCH_INTERNAL_H_COMMON

#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 199309L
#undef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 199309L
#endif
#include <time.h>
#include "pp_rng.h"
#include "pp_search.h"

/* Seconds on CLOCK_MONOTONIC (never jumps with the wall-clock time). */
static inline double pp_search_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The poll of pp_search.h ("Stopping a search from outside"): at a point where a
 * search has just read the clock (`now`), call poll when PP_SEARCH_POLL_SECONDS have
 * passed since *last_poll. Returns nonzero when the search must stop. */
static inline int pp_search_polled_stop(pp_search_poll poll, void *ctx, double now,
                                        double *last_poll)
{
    if (poll == NULL || now - *last_poll < PP_SEARCH_POLL_SECONDS)
        return 0;
    *last_poll = now;
    return poll(ctx) != 0;
}

/* The budget check of a clocked search (pp_search.h): reads the clock; nonzero when
 * `seconds` (> 0; 0: no time budget) have passed since `start`, or when the poll
 * (pp_search_polled_stop) says stop -- then also *stopped = 1. */
static inline int pp_search_time_is_up(double start, double seconds, pp_search_poll poll, void *ctx,
                                       double *last_poll, int *stopped)
{
    const double now = pp_search_clock();
    if (seconds > 0.0 && now - start >= seconds)
        return 1;
    *stopped = pp_search_polled_stop(poll, ctx, now, last_poll);
    return *stopped;
}

/* Uniform integer in [0, n), n >= 1, by Lemire's multiply-shift with rejection
 * ("Fast random integer generation in an interval", 2019): unbiased, and a division
 * only on the rare rejection path. The searches use it instead of pp_rng_below (two
 * 64-bit divisions per draw), so their streams differ from pp_rng_below's. */
static inline uint32_t pp_draw_below(pp_rng *rng, uint32_t n)
{
    uint64_t m = (pp_rng_next_inline(rng) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        const uint32_t threshold = (uint32_t)(0u - n) % n;
        while (low < threshold) {
            m = (pp_rng_next_inline(rng) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Uniform double in [0, 1): the top 53 bits of one draw. */
static inline double pp_draw_unit(pp_rng *rng)
{
    return (double)(pp_rng_next_inline(rng) >> 11) * (1.0 / 9007199254740992.0);
}

#endif
