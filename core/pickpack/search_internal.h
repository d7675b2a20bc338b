/* Internal to Pick & Pack's searches (ops.c, alphabeta.c, search_moves.c): the shared
 * search helpers of core/common (a monotonic clock, the stop poll, a fast bounded
 * random draw) and the core's internals.
 *
 * Include it first in a .c file: under -std=c99 clock_gettime and CLOCK_MONOTONIC are
 * declared only when _POSIX_C_SOURCE is at least 199309L before <time.h> is read. */
#ifndef PP_SEARCH_INTERNAL_H
#define PP_SEARCH_INTERNAL_H

#include "pp_search_internal.h"
#include "pp_internal.h"
#include "pickpack_search.h"

#endif
