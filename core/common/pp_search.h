/*
 * pp_search.h - what every game's searches share: return codes, the stop poll and the
 * statistics of one root move. Plain C99, no Python.
 */
#ifndef PP_SEARCH_H
#define PP_SEARCH_H

#ifdef __cplusplus
extern "C" {
#endif

/* Errors of the search entry points (negative return values). */
#define PP_SEARCH_OK 0
#define PP_SEARCH_BAD_PARAMS (-1)     /* a parameter out of range, see each struct */
#define PP_SEARCH_GAME_OVER (-2)      /* the root is terminal: there is no move to choose */
#define PP_SEARCH_NO_MEMORY (-3)      /* the node pool / table could not be allocated */
#define PP_SEARCH_STOPPED (-4)        /* the poll callback asked to stop; the result holds
                                         the best move found so far */
#define PP_SEARCH_CHANCE_ROOT (-5)    /* the root is a chance node: nobody chooses there */

/* Stopping a search from outside (a KeyboardInterrupt in a binding). Each search takes
 * an optional `poll` callback with its `poll_ctx`; while it runs, the search calls
 * poll(poll_ctx) from its own thread about every PP_SEARCH_POLL_SECONDS of wall time
 * (at the points where it reads the clock: MCTS between simulations, alpha-beta every
 * 1024 interior nodes) and stops within that time when it returns nonzero: the result
 * is then filled as for a finished search (the best so far) and the search returns
 * PP_SEARCH_STOPPED. poll = NULL: never called. */
#define PP_SEARCH_POLL_SECONDS 0.05
typedef int (*pp_search_poll)(void *poll_ctx);

/* One root move and what the search learned of it. For MCTS `visits` and `value` (mean
 * return of the player to move at the root); for alpha-beta `visits` is 0 and `value`
 * is the move's score in evaluation units when it was searched with a full window,
 * otherwise a bound. */
typedef struct pp_root_move {
    int action;
    long visits;
    double value;
} pp_root_move;

#ifdef __cplusplus
}
#endif
#endif
