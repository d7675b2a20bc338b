/*
 * pickpack_search.h - game-tree search over the Pick & Pack core, in plain C99.
 *
 * Two searches, each a single call that runs to its budget with no Python inside:
 *
 *   pp_mcts_search       UCT (Kocsis & Szepesvari 2006, "Bandit based Monte-Carlo
 *                        planning") with uniformly random playouts (mcts.c);
 *   pp_alphabeta_search  negamax with alpha-beta pruning, iterative deepening, move
 *                        ordering and a transposition table keyed by the Zobrist hash
 *                        (alphabeta.c).
 *
 * Both share the move helpers below (search_moves.c): the symmetry reduction of legal
 * moves and a fast uniform sampler of one legal move for playouts.
 *
 * Players alternate except after a rush order (PP-R1), when the same player moves
 * again: both searches take the side to move from the state at every node and never
 * assume alternation. Rule ids (PP-...) refer to the project's rules file.
 *
 * Reentrancy: every search owns its memory (a node pool or a transposition table,
 * allocated once per call unless the caller supplies it), so searches may run in
 * parallel threads on different states. The Zobrist tables must be initialised
 * (pp_zobrist_init, done by pp_state_init) before threads start.
 */
#ifndef PICKPACK_SEARCH_H
#define PICKPACK_SEARCH_H

#include <stddef.h>
#include <stdint.h>
#include "pickpack_core.h"

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

/* Stopping a search from outside (a KeyboardInterrupt in the binding). Each search
 * takes an optional `poll` callback with its `poll_ctx`; while it runs, the search calls
 * poll(poll_ctx) from its own thread about every PP_SEARCH_POLL_SECONDS of wall time
 * (at the points where it reads the clock: MCTS between simulations, alpha-beta every
 * 1024 interior nodes) and stops within that time when it returns nonzero: the result
 * is then filled as for a finished search (the best so far) and the search returns
 * PP_SEARCH_STOPPED. poll = NULL: never called. */
#define PP_SEARCH_POLL_SECONDS 0.05
typedef int (*pp_search_poll)(void *poll_ctx);

/* ------------------------------------------------------------------------------------
 * Move helpers (search_moves.c)
 * ------------------------------------------------------------------------------------ */

/* Symmetry reduction. Two crates of one player that are both open (or both closed the
 * same way) and hold the same trays in the same order are interchangeable: no rule
 * refers to a crate's number, so moves that differ only in choosing one or the other
 * lead to positions that are the same game up to renumbering the crates. This keeps,
 * among such moves, only the one naming the lowest-numbered crate. At the opening four
 * grabs into four empty crates become one. Writes the kept actions (ascending, a
 * subsequence of pp_legal_actions) to out (room for PP_MAX_MOVES); returns the count. */
int pp_distinct_actions(const pp_state *s, uint16_t *out);

/* Uniform playout move. Counts the legal moves of s without listing them and returns
 * the k-th one in ascending order (the same as pp_legal_actions(s, out) then out[k]);
 * *count receives the number of legal moves. Returns -1 (and *count 0) when the game
 * is over or k is not in 0..count-1. */
int pp_nth_legal_action(const pp_state *s, int k, int *count);

/* Finish the game with uniformly random legal moves, like pp_playout but without
 * listing every move (pp_nth_legal_action) and drawing with Lemire's multiply-shift
 * instead of pp_rng_below: about 1.5 times as fast, the same distribution, another
 * stream. Placement decisions still open are random too. Returns the final scores
 * (PP-E3). */
pp_playout_result pp_fast_playout(pp_state *s, pp_rng *rng);

/* One root move and what the search learned of it. For MCTS `visits` and `value` (mean
 * return in [-1-margin, 1+margin] for the player to move at the root); for alpha-beta
 * `visits` is 0 and `value` is the move's score in evaluation units when it was
 * searched with a full window, otherwise a bound. */
typedef struct pp_root_move {
    int action;
    long visits;
    double value;
} pp_root_move;

/* ------------------------------------------------------------------------------------
 * MCTS: UCT with random playouts (mcts.c)
 * ------------------------------------------------------------------------------------ */

/* One tree node. Children of a node sit next to each other in the pool. */
typedef struct pp_mcts_node {
    double total;          /* sum of returns for the player who chose this node's move */
    uint32_t visits;
    uint32_t first_child;  /* pool index of the first child; 0 = not expanded */
    uint16_t action;       /* the move from the parent to this node */
    uint16_t children;     /* number of children once expanded */
} pp_mcts_node;

typedef struct pp_mcts_params {
    uint64_t seed;          /* playouts, child order and determinizations: any value */
    long simulations;       /* stop after this many simulations; 0 = no limit */
    double seconds;         /* stop after this much wall time; 0 = no limit */
    pp_search_poll poll;    /* NULL, or asked about every PP_SEARCH_POLL_SECONDS */
    void *poll_ctx;
    double exploration;     /* UCT constant c >= 0 in Q + c*sqrt(ln N / n) */
    double margin;          /* weight >= 0 of the score margin in the returns (below) */
    size_t max_nodes;       /* node pool size, PP_MAX_MOVES + 1 .. UINT32_MAX; when it
                               is full the tree stops growing and simulations go on
                               from its leaves */
} pp_mcts_params;

/* Defaults: no poll, exploration 1.0, margin 0.5, max_nodes 1 << 22 (96 MiB of address space,
 * touched only as the tree grows). */
void pp_mcts_default_params(pp_mcts_params *p);

typedef struct pp_mcts_result {
    int action;             /* the most visited root move */
    long simulations;       /* simulations run */
    size_t nodes;           /* tree nodes used, root included */
    double seconds;         /* wall time (monotonic clock) */
    double value;           /* mean return of `action` for the player to move */
    int root_moves;         /* entries written to the root_moves array, if given */
} pp_mcts_result;

/*
 * Search from `root` (not modified) and choose a move for its player to move.
 *
 * Budget: stops after `simulations` simulations or `seconds` of wall time, whichever
 * comes first (at least one must be set); the clock (CLOCK_MONOTONIC) is read every 16
 * simulations (when `seconds` or `poll` is set), so the search overruns `seconds` by
 * at most 16 simulations. With seconds = 0 and no stop from `poll` the result depends
 * only on (root, params): the same seed and simulation budget give the same move. A root with a single move (after the
 * symmetry reduction) is answered at once, with 0 simulations.
 *
 * Returns: a playout ends in a finished game with scores r (Red) and b (Blue), PP-E3;
 * Red's return is sign(r - b) + margin * (r - b) / 97 (97 = apples in the game, PP-C2)
 * and Blue's is its negation. Each node keeps the returns of the player who chose the
 * move into it (the player to move at its parent), so a rush order, after which the
 * same player moves again (PP-R1), needs no special case.
 *
 * Tree: children are created all at once (after the symmetry reduction above, in an
 * order shuffled from the seed) when a node is reached that has been visited before;
 * unvisited children are tried first; the chosen move is the most visited root child
 * (ties: higher mean, then lower action).
 *
 * Placement phase (PP-S3): the opponent's placement is hidden, so the tree holds only
 * the root player's own placement decisions; each simulation draws the opponent's
 * tiles at random (Red's, resampled, when Blue is placing; Blue's, in the playout,
 * when Red is) and plays the rest as a random playout.
 *
 * pool: `pool_size` nodes supplied by the caller, or NULL to allocate
 * params->max_nodes nodes once for this call (freed before it returns). root_moves:
 * NULL, or room for PP_MAX_MOVES entries that receive every root move's statistics.
 * Returns PP_SEARCH_OK, PP_SEARCH_STOPPED (poll asked to stop; result filled) or a
 * negative PP_SEARCH_* error.
 */
int pp_mcts_search(const pp_state *root, const pp_mcts_params *params,
                   pp_mcts_node *pool, size_t pool_size,
                   pp_mcts_result *result, pp_root_move *root_moves);

/* ------------------------------------------------------------------------------------
 * Alpha-beta: negamax, iterative deepening, transposition table (alphabeta.c)
 * ------------------------------------------------------------------------------------ */

/* Evaluation terms, in sixteenths of a point (PP-E3), from the view of one player; the
 * opponent's same terms are subtracted. docs/bots.md explains and measures them. */
typedef struct pp_eval_weights {
    int premium;     /* per unplayed Premium tile: x/16 of the apples in the player's
                        fullest open crate still without a Premium (PP-A1) */
    int wholesale;   /* per unplayed Wholesale tile: x/16 of the points it would remove
                        from the opponent's fullest open crate (PP-A2) */
    int rush;        /* per rush order waiting (PP-R1) */
    int tile;        /* per unplayed action tile of any kind (PP-M2 mobility) */
} pp_eval_weights;

/* Score difference only: all four weights 0. */
void pp_eval_score_only(pp_eval_weights *w);
/* The measured default (docs/bots.md). */
void pp_eval_default(pp_eval_weights *w);
/* Evaluation of s for player p, in sixteenths of a point: 16 * (score(p) - score(o))
 * plus the weighted terms. A finished game is worth +-PP_AB_WIN plus 16 * margin. */
int pp_evaluate(const pp_state *s, int p, const pp_eval_weights *w);

#define PP_AB_WIN (1 << 20)       /* a won finished game, beyond any evaluation */
#define PP_AB_MAX_DEPTH 64

typedef struct pp_ab_params {
    int depth;                /* iterative deepening up to this many plies, 1..64 */
    double seconds;           /* stop deepening after this much wall time; 0 = no limit.
                                 Depth 1 always completes. */
    pp_search_poll poll;      /* NULL, or asked about every PP_SEARCH_POLL_SECONDS */
    void *poll_ctx;
    int tt_log2;              /* table of 2^tt_log2 buckets (0..26); -1 = no table */
    pp_eval_weights eval;
} pp_ab_params;

/* Defaults: depth 64, no time limit, no poll, tt_log2 18 (8 MiB), pp_eval_default. */
void pp_ab_default_params(pp_ab_params *p);

typedef struct pp_ab_result {
    int action;               /* best move of the deepest completed iteration */
    int value;                /* its value for the player to move, evaluation units */
    int depth;                /* deepest completed iteration */
    int exact;                /* 1 when that iteration saw only finished games */
    uint64_t nodes;           /* positions visited, all iterations */
    uint64_t tt_hits;         /* probes that cut off or narrowed the window */
    double seconds;
    int root_moves;           /* entries written to the root_moves array, if given */
} pp_ab_result;

/*
 * Negamax with alpha-beta pruning (Knuth & Moore 1975) under iterative deepening.
 * Values are from the view of the player to move at each node; a child's value is
 * negated only when the side to move changes, so a rush order (PP-R1) keeps the sign.
 *
 * Moves: the symmetry-reduced legal moves, ordered: the table's move first, then by
 * immediate gain (points the move adds to the mover's margin: the tray grabbed, the
 * crate a Premium doubles, what a Wholesale halves, trays Quality control or Order
 * mix-up shift), then by the history heuristic (Schaeffer 1989), then by action.
 * After the first move, principal variation search tries each move with a null window
 * and searches it again with the full window only if it may be better.
 *
 * Transposition table: buckets of two entries, the first kept for the deeper search
 * (replaced when the new depth is at least the stored one), the second always
 * replaced; an entry stores the full hash, the bound (exact, lower, upper), the depth
 * and the best move. Every ply removes a tray or uses a tile, so a position is always
 * reached at the same ply from the root; an entry usable for a cutoff therefore comes
 * from the same iteration at the same depth, and the value equals the search without
 * the table (tests/test_search_bots.py checks it). A fresh table per search.
 *
 * Budget: `depth` plies and/or `seconds` (checked every 1024 interior nodes; an
 * unfinished iteration is dropped, so the answer is the best move of the deepest
 * completed iteration: with a deadline, a large `depth` is safe). Depth 1 is never cut
 * by the clock (it visits each root move once). Deepening stops early once an
 * iteration reached only finished games (the value is then exact). A root with a
 * single move is answered at once (depth 0). root_moves: NULL, or room for
 * PP_MAX_MOVES entries, filled from the deepest completed iteration, best first.
 * `poll` stops it like the clock, depth 1 included (its result is then the first move
 * of the ordering when no iteration completed).
 * Returns PP_SEARCH_OK, PP_SEARCH_STOPPED (poll asked to stop; result filled) or a
 * negative PP_SEARCH_* error.
 */
int pp_alphabeta_search(const pp_state *root, const pp_ab_params *params,
                        pp_ab_result *result, pp_root_move *root_moves);

#ifdef __cplusplus
}
#endif
#endif
